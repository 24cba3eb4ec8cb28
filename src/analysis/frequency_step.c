/* A *FREQUENCY step (CalculiX User's Manual 2.20, "*FREQUENCY" and "*STEP", PERTURBATION;
 * docs/deck.md): the eigenpairs of K x = omega^2 M x on the dofs not prescribed.
 *   M: the consistent mass, integrated at the elements' stiffness points as CalculiX does (exact
 *     for fully integrated elements; rank-deficient for C3D20R: ARPACK's shift-invert mode only
 *     needs M semi-definite).
 *   K without PERTURBATION (or before any static increment): the linear stiffness of the
 *     reference configuration, no preload, no contact ("Otherwise, no preload will be active").
 *   K with PERTURBATION: the tangent of the last converged state u of the previous steps
 *     (sn_fesys_internal at u: nonlinear springs and NLGEOM elements at u), plus the
 *     initial-stress stiffness of its stresses and the large-displacement stiffness of 3D
 *     solids at u (sn_fesys_stress_stiffness; CalculiX' PERTURBATION: "the inclusion of
 *     previous deformations (large deformation stiffness) and the inclusion of previous loads
 *     as preloads (stress stiffness)"), plus a spring per closed
 *     contact point of the last increment (normal force > 0): k_n = slope x area for a LINEAR
 *     law (CalculiX' penalty spring; on SURFACE TO SURFACE pairs with a face slave surface the
 *     consistent distribution slope x int N_a N_b dA over the slave faces, coupling neighbouring
 *     closed nodes, as CalculiX' face-to-face penalty; frictional ones at the slave faces' integration
 *     points, face_point_springs), the HARD law's data line value where given, else 1000 x
 *     the largest diagonal entry of K (signorini's penalty default: nearly the constraint of
 *     the exact contact); with friction (mu > 0) the point sticks under the infinitesimal
 *     vibration: tangential springs k_t = the *FRICTION stick slope x area, else k_n.
 * Participation factors and effective modal masses as CalculiX prints them (rigid-body
 * vectors of the translations and of the rotations about the axes through the origin). */
#include "analysis/static_internal.h"
#include "signorini/contact.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TWO_PI 6.283185307179586

/* triplets of the springs, grown as needed */
typedef struct {
  int *I, *J, n, cap;
  double *X;
} trip;

/* k H_a H_b^T on the free dofs (upper triangle), H_a, H_b columns of H */
static int add_outer(trip *T, const sn_csc *H, const int *eq, int ca, int cb, double k)
{
  int la = H->colptr[ca + 1] - H->colptr[ca], lb = H->colptr[cb + 1] - H->colptr[cb];
  if (T->n + la * lb > T->cap) {
    int nc = 2 * (T->n + la * lb) + 64;
    int *I = realloc(T->I, sizeof(int) * (size_t)nc), *J = I ? realloc(T->J, sizeof(int) * (size_t)nc) : NULL;
    if (I) T->I = I;
    if (J) T->J = J;
    double *X = J ? realloc(T->X, sizeof(double) * (size_t)nc) : NULL;
    if (!X) return SN_ERR_NOMEM;
    T->X = X;
    T->cap = nc;
  }
  for (int a = H->colptr[ca]; a < H->colptr[ca + 1]; a++)
    for (int b = H->colptr[cb]; b < H->colptr[cb + 1]; b++) {
      int ea = eq[H->rowind[a]], eb = eq[H->rowind[b]];
      if (ea < 0 || eb < 0 || ea > eb) continue;
      T->I[T->n] = ea; T->J[T->n] = eb; T->X[T->n++] = k * H->val[a] * H->val[b];
    }
  return SN_OK;
}

/* a LINEAR law on a SURFACE TO SURFACE pair with an element-face slave surface: the penalty
 * integrated over the slave faces, slope int g^2 dA with the gap interpolated from the closed
 * nodes' gaps (sn_element_face_mass): CalculiX' face-to-face penalty on matching meshes */
static int face_springs(const sn_model *m, const sn_contact_point *p) {
  return !p->hard && p->slope > 0 && p->pair >= 0 && m->pairs[p->pair].type == SN_PAIR_SURFACE_TO_SURFACE &&
         !m->surfaces[m->pairs[p->pair].slave].node_based;
}

static int consistent_springs(static_run *S, const sn_csc *H, const int *qof, const int *eq, trip *T)
{
  const sn_model *m = S->m;
  const sn_cstate *cs = &S->cs;
  int dim = m->ndf, st;
  for (int pr = 0; pr < m->npairs; pr++) {
    const sn_surface *sf = &m->surfaces[m->pairs[pr].slave];
    if (m->pairs[pr].type != SN_PAIR_SURFACE_TO_SURFACE || sf->node_based) continue;
    for (int f = 0; f < sf->n; f++) {
      int e = sf->elem[f], a0 = m->elem_ptr[e], ln[8], fn;
      double Xe[3 * 20], Mf[64];
      for (int a = 0; a < m->elem_ptr[e + 1] - a0 && a < 20; a++) memcpy(Xe + 3 * a, m->x + 3 * m->elem_conn[a0 + a], 3 * sizeof(double));
      if ((fn = sn_element_face_nodes(m->elem_type[e], sf->face[f], ln)) < 0) return fn;
      const sn_section *sec = m->elem_section[e] >= 0 ? &m->sections[m->elem_section[e]] : NULL;
      sn_elprops pp;
      memset(&pp, 0, sizeof pp);
      pp.thickness = sec ? sec->thickness : 1.0;
      if ((st = sn_element_face_mass(m->elem_type[e], Xe, &pp, sf->face[f], Mf)) < 0) return st;
      double sc = sn_element_desc(m->elem_type[e])->kind == SN_KIND_AXISYM ? 6.283185307179586 : 1.0;
      for (int a = 0; a < fn; a++)
        for (int b = 0; b < fn; b++) {
          int qa = qof[m->elem_conn[a0 + ln[a]]], qb = qof[m->elem_conn[a0 + ln[b]]];
          if (qa < 0 || qb < 0 || cs->pts[qa].pair != pr || cs->pts[qb].pair != pr) continue;
          const sn_contact_point *pa = &cs->pts[qa];
          const sn_interaction *it = &m->interactions[pa->interaction];
          double w = sc * Mf[a * fn + b];
          if ((st = add_outer(T, H, eq, dim * qa, dim * qb, pa->slope * w))) return st;
          for (int c = 1; c < dim && pa->mu > 0; c++)
            if ((st = add_outer(T, H, eq, dim * qa + c, dim * qb + c,
                                (it->stick_slope > 0 ? it->stick_slope : pa->slope) * w))) return st;
        }
    }
  }
  return SN_OK;
}

/* the frictional soft SURFACE TO SURFACE pairs (sn_contact_face_springs, enforced on mortar rows
 * in the static steps): springs at the integration points of their slave faces as CalculiX' face-
 * to-face penalty has them, from the points of the state u that overclose (gap <= 0): the law's
 * slope at the overclosure x the point's weight along its normal column of H (N_k, -N_l), the
 * stick slope x the weight (else the normal one) along its tangential columns. The mortar rows'
 * consistent springs instead see the rows' weighted gaps, smoother than the faces' relative
 * displacement: on CalculiX' beamptied5 (C3D20R, the faces twisted against each other) 4.6 %
 * below ccx 2.20 on the twist mode and 0.26 % on the first bending pair. */
static int face_point_springs(static_run *S, const int *eq, trip *T, int *nspr, int *nfric)
{
  const sn_model *m = S->m;
  int dim = m->ndf, any = 0, st, np = 0;
  for (int pr = 0; pr < m->npairs; pr++) any |= !m->pairs[pr].inactive && sn_contact_face_springs(m, pr);
  if (!any) return SN_OK;
  sn_contact_point *pts = NULL;
  sn_csc *H = NULL;
  if ((st = sn_contact_detect_faces(m, S->u, 0.0, &pts, &np, S->msg, S->msglen))) return st;
  if (!(st = sn_contact_H(m, pts, np, &H)))
    for (int q = 0; q < np && !st; q++) {
      const sn_contact_point *p = &pts[q];
      if (!p->face_point || p->pair < 0 || m->pairs[p->pair].inactive || !sn_contact_face_springs(m, p->pair) ||
          !(p->gap <= 0))
        continue;
      const sn_interaction *it = &m->interactions[p->interaction];
      double pr, dp;
      sn_law_pressure(it, -p->gap, &pr, &dp);
      double kt = (it->stick_slope > 0 ? it->stick_slope : dp) * p->area;
      (*nspr)++;
      (*nfric)++;
      st = add_outer(T, H, eq, dim * q, dim * q, dp * p->area);
      for (int c = 1; c < dim && !st; c++) st = add_outer(T, H, eq, dim * q + c, dim * q + c, kt);
    }
  sn_csc_free(H);
  sn_contact_points_free(pts);
  return st;
}

/* the springs of the closed contact points into *K (upper triangle, the dofs numbered by eq
 * over the nodal components): K + sum k H H^T, nodal springs, or the consistent ones of
 * face_springs */
static int contact_springs(static_run *S, const int *eq, int neq, double kdiag, sn_csc **K, int *nspr, int *nfric)
{
  const sn_cstate *cs = &S->cs;
  const sn_model *m = S->m;
  int dim = m->ndf, st;
  *nspr = *nfric = 0;
  if (!S->contact || cs->np == 0 || !cs->r) return SN_OK;
  sn_csc *H = NULL;
  if ((st = sn_contact_H(m, cs->pts, cs->np, &H))) return st;
  trip T = {NULL, NULL, 0, 0, NULL};
  int *qof = malloc(sizeof(int) * ((size_t)m->nnodes + 1));
  if (!qof) { sn_csc_free(H); return SN_ERR_NOMEM; }
  for (int i = 0; i < m->nnodes; i++) qof[i] = -1;
  for (int q = 0; q < cs->np && !st; q++) {
    const sn_contact_point *p = &cs->pts[q];
    if (!(cs->r[dim * q] > 0) || (p->pair >= 0 && m->pairs[p->pair].inactive)) continue;   /* open, touching without force, or
                                                                            the pair removed (*MODEL CHANGE) */
    if (p->pair >= 0 && sn_contact_face_springs(m, p->pair)) continue;   /* face_point_springs */
    (*nspr)++;
    *nfric += p->mu > 0;
    const sn_interaction *it = &m->interactions[p->interaction];
    if (p->face_point) {   /* a face-to-face penalty point: the law's tangent at its overclosure times
                              its weight, along its column of H (N_k, -N_l) */
      double pr, dp;
      sn_law_pressure(it, -p->gap, &pr, &dp);
      st = add_outer(&T, H, eq, dim * q, dim * q, dp * p->area);
      continue;
    }
    if (face_springs(m, p)) { qof[p->slave_node] = q; continue; }
    double A = S->area0 && S->area0[p->slave_node] > 0 ? S->area0[p->slave_node] : (p->area > 0 ? p->area : 1.0);
    double kn = p->hard ? (p->slope > 0 ? p->slope : 1000.0 * kdiag) : p->slope * A;
    double kt = p->mu > 0 ? (it->stick_slope > 0 ? it->stick_slope * A : kn) : 0.0;
    for (int c = 0; c < dim && !st; c++)
      if ((c == 0 ? kn : kt) != 0) st = add_outer(&T, H, eq, dim * q + c, dim * q + c, c == 0 ? kn : kt);
  }
  if (!st) st = consistent_springs(S, H, qof, eq, &T);
  if (!st) st = face_point_springs(S, eq, &T, nspr, nfric);
  sn_csc *C = NULL, *sum = NULL;
  if (!st) st = sn_csc_from_triplets(neq, neq, T.n, T.I, T.J, T.X, &C);
  if (!st) st = sn_csc_add(*K, C, &sum);
  if (!st) { sn_csc_free(*K); *K = sum; }
  sn_csc_free(C);
  sn_csc_free(H);
  free(T.I); free(T.J); free(T.X); free(qof);
  return st;
}

int sn_frequency_stiffness(static_run *S, int perturb, const int *eq, int neq, int eq_version, sn_csc **K, int *nspr,
                           int *nfric)
{
  run_state *R = &S->R;
  const sn_model *m = S->m;
  int st;
  *nspr = 0;
  double *u0 = perturb ? S->u : calloc((size_t)R->ndof + 1, sizeof(double));
  double *f = malloc(sizeof(double) * ((size_t)R->ndof + 1));
  if (!u0 || !f) { if (!perturb) free(u0); free(f); return SN_ERR_NOMEM; }
  st = sn_fesys_internal(R->S, u0, perturb ? S->nlgeom : 0, f, eq, neq, eq_version, K, S->msg, S->msglen);
  free(f);
  if (!perturb) free(u0);
  if (st || !perturb) return st;
  sn_csc *Kg = NULL, *sum = NULL;
  const int *ipo = sn_fesys_ip_offset(R->S);
  double *sip = malloc(sizeof(double) * 6 * ((size_t)ipo[m->nelems] + 1));
  if (!sip) return SN_ERR_NOMEM;
  st = sn_fesys_stress(R->S, S->u, NULL, sip);
  if (!st) st = sn_fesys_stress_stiffness(R->S, S->u, sip, S->nlgeom, eq, neq, &Kg);
  if (!st) st = sn_csc_add(*K, Kg, &sum);
  free(sip);
  sn_csc_free(Kg);
  if (st) return st;
  sn_csc_free(*K);
  *K = sum;
  double kdiag = 0;
  for (int j = 0; j < sum->n; j++)
    for (int p = sum->colptr[j]; p < sum->colptr[j + 1]; p++)
      if (sum->rowind[p] == j) kdiag = fmax(kdiag, sum->val[p]);
  return contact_springs(S, eq, neq, kdiag, K, nspr, nfric);
}

/* the rigid-body vector r of direction c (0..2 translations, 3..5 rotations about the x, y, z
 * axes through the origin) at the dofs numbered by eq */
static void rigid_vector(const static_run *S, const int *eq, int c, double *r)
{
  const sn_model *m = S->m;
  int ndf = S->R.ndf;
  for (int i = 0; i < m->nnodes; i++) {
    const double *x = m->x + 3 * i;
    double v[3] = {0, 0, 0};
    if (c < 3) v[c] = 1.0;
    else {                                     /* e_a x x */
      int a = c - 3;
      double e[3] = {0, 0, 0};
      e[a] = 1.0;
      v[0] = e[1] * x[2] - e[2] * x[1];
      v[1] = e[2] * x[0] - e[0] * x[2];
      v[2] = e[0] * x[1] - e[1] * x[0];
    }
    for (int k = 0; k < ndf; k++)
      if (eq[ndf * i + k] >= 0) r[eq[ndf * i + k]] = v[k];
  }
}

int sn_frequency_masses(const static_run *S, const sn_csc *M, const int *eq, int neq, int nev, const double *X, double *pf,
                        double *em, double *tot)
{
  double *r = calloc((size_t)neq + 1, sizeof(double)), *Mr = calloc((size_t)neq + 1, sizeof(double));
  if (!r || !Mr) { free(r); free(Mr); return SN_ERR_NOMEM; }
  for (int c = 0; c < 6; c++) {
    memset(r, 0, sizeof(double) * (size_t)neq);
    rigid_vector(S, eq, c, r);
    sn_csc_gemv(M, 1.0, r, 0.0, Mr);
    tot[c] = sn_dot(neq, r, Mr);
    for (int k = 0; k < nev; k++) {
      pf[6 * k + c] = sn_dot(neq, X + (size_t)neq * k, Mr);
      em[6 * k + c] = pf[6 * k + c] * pf[6 * k + c];
    }
  }
  free(r);
  free(Mr);
  return SN_OK;
}

/* the modes over all dofs: 0 where prescribed, rigid bodies' nodes following their reference */
static void expand_modes(const static_run *S, int nev, const double *X, double *modes)
{
  const run_state *R = &S->R;
  for (int k = 0; k < nev; k++) {
    double *u = modes + (size_t)R->ndof * k;
    for (int d = 0; d < R->ndof; d++) u[d] = R->eq[d] >= 0 ? X[(size_t)R->neq * k + R->eq[d]] : 0.0;
    follow_rigid(R, S->rref, u);
  }
}

int sn_frequency_solve(static_run *S, const sn_csc *K, const sn_csc *M, int *nev, double *lambda, double *X, int *dense)
{
  const sn_step *sp = S->sp;
  double sigma = (TWO_PI * sp->fmin) * (TWO_PI * sp->fmin);
  sn_eig_info ei;
  int st = sn_eig_sym(K, M, *nev, sigma, 0, lambda, X, &ei);
  *dense = ei.dense;
  if (st) {
    if (S->msg)
      snprintf(S->msg, S->msglen, "line %d: *FREQUENCY: %s (%d of %d eigenvalues converged, %d equations)", sp->line,
               st == SN_ERR_SINGULAR ? "the shifted stiffness K - sigma M is singular: the lower frequency is an "
               "eigenfrequency; change it" : sn_strerror(st), ei.nconv, *nev, S->R.neq);
    return st < 0 ? st : SN_ERR_ARG;
  }
  if (sp->fmax > 0) {
    double lmax = (TWO_PI * sp->fmax) * (TWO_PI * sp->fmax);
    int n = 0;
    while (n < *nev && lambda[n] <= lmax) n++;
    *nev = n;
  }
  return SN_OK;
}

/* STORAGE=YES: the eigenpairs kept for a later *MODAL DYNAMIC step (modal_step.c); the modes
 * of a cyclic symmetric model (per nodal diameter) are not kept */
static int keep_modes(static_run *S, const sn_frequency_result *res)
{
  free(S->mlam);
  free(S->mphi);
  S->mlam = S->mphi = NULL;
  S->mnev = 0;
  if (res->nodal_diameter >= 0) return SN_OK;
  size_t nd = (size_t)S->R.ndof * (size_t)res->nev;
  double *l = malloc(sizeof(double) * ((size_t)res->nev + 1)), *x = malloc(sizeof(double) * (nd + 1));
  if (!l || !x) { free(l); free(x); return SN_ERR_NOMEM; }
  memcpy(l, res->eigenvalue, sizeof(double) * (size_t)res->nev);
  memcpy(x, res->mode, sizeof(double) * nd);
  S->mlam = l;
  S->mphi = x;
  S->mnev = res->nev;
  S->mtime = S->total_time;
  return SN_OK;
}

int sn_frequency_emit(static_run *S, sn_frequency_result *res)
{
  run_state *R = &S->R;
  int st = S->sp->freq_storage_line ? keep_modes(S, res) : SN_OK;
  if (st) return st;
  res->step = S->k + 1;
  res->start_time = S->total_time;
  res->time = S->total_time + 1.0;
  if (S->s.on_frequency) {
    double to = sn_wtime();
    sn_fesys_set_nlgeom(R->S, 0);           /* a mode's stresses are the linear ones */
    st = S->s.on_frequency(S->m, R->S, res, S->s.user);
    sn_fesys_set_nlgeom(R->S, S->nlgeom);
    if (S->info) S->info->output_seconds += sn_wtime() - to;
  }
  return st;
}

int sn_frequency_step(static_run *S)
{
  if (S->R.T) return sn_frequency_constrained(S);
  run_state *R = &S->R;
  const sn_step *sp = S->sp;
  int neq = R->neq, nev = sp->nev < neq ? sp->nev : neq, perturb = sp->perturbation && S->total_inc > 0;
  if (neq == 0) {
    if (S->msg) snprintf(S->msg, S->msglen, "line %d: *FREQUENCY: every degree of freedom is prescribed", sp->line);
    return SN_ERR_ARG;
  }
  sn_csc *K = NULL, *M = NULL;
  double *lambda = malloc(sizeof(double) * ((size_t)nev + 1)), *X = malloc(sizeof(double) * (size_t)neq * nev);
  double *modes = malloc(sizeof(double) * (size_t)R->ndof * nev + 1);
  double *pf = malloc(sizeof(double) * 6 * ((size_t)nev + 1)), *em = malloc(sizeof(double) * 6 * ((size_t)nev + 1));
  int nspr = 0, nfric = 0, dense = 0;
  double t0 = sn_wtime();
  int st = (!lambda || !X || !modes || !pf || !em) ? SN_ERR_NOMEM : SN_OK;
  if (!st) st = sn_frequency_stiffness(S, perturb, R->eq, neq, R->eq_version, &K, &nspr, &nfric);
  if (!st) st = sn_fesys_mass(R->S, 2, R->eq, neq, &M);   /* CalculiX' integration of the mass */
  if (S->info) S->info->assembly_seconds += sn_wtime() - t0;
  double t1 = sn_wtime();
  if (!st) st = sn_frequency_solve(S, K, M, &nev, lambda, X, &dense);
  if (S->info) S->info->factor_seconds += sn_wtime() - t1;
  sn_frequency_result res;
  memset(&res, 0, sizeof res);
  if (!st) st = sn_frequency_masses(S, M, R->eq, neq, nev, X, pf, em, res.total_mass);
  if (!st) {
    expand_modes(S, nev, X, modes);
    res.nev = nev;
    res.eigenvalue = lambda;
    res.mode = modes;
    res.participation = pf;
    res.effective_mass = em;
    res.perturbation = perturb;
    res.contact_springs = nspr;
    res.frictional = nfric > 0;
    res.dense = dense;
    res.nodal_diameter = -1;
    if (S->info) S->info->frequency_steps++;
    st = sn_frequency_emit(S, &res);
  }
  sn_csc_free(K);
  sn_csc_free(M);
  free(lambda); free(X); free(modes); free(pf); free(em);
  return st;
}
