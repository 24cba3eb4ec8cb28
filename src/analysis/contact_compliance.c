/* The soft pressure-overclosure laws and TIED contact in the Lagrange treatments (LAGRANGE,
 * INTERIOR): the increment's global problem M du = f + H r, u = H^T du + w, r in the cones,
 * gets (docs/deck.md, "Contact laws"):
 *  - a soft point (LINEAR, EXPONENTIAL, TABULAR) a compliance: the law linearised at the
 *    point's overclosure h as p = k (h' - h0) (sn_law_linearise) is a HARD contact in series
 *    with a spring of stiffness k A. The spring is one more unknown s of the global problem,
 *    with M_ss = k A and H_s = 1 in the point's normal column: its equation k A s = r_n gives
 *    u_n = H_n^T du + gap + h0 + r_n / (k A), and the Signorini conditions on (r_n, u_n) are
 *    the law: r_n = k A (-(gap + H_n^T du) - h0) when positive (exact for LINEAR; Newton's
 *    tangent for the others, re-linearised at every Newton iteration of the increment until
 *    the law holds: cs->law_err). M stays symmetric positive definite, every solver of the
 *    chain applies unchanged, and the friction cone acts on the same r.
 *  - a point with a stick compliance (the *FRICTION stick slope, contact_stick.c) one spring
 *    unknown per tangential direction, M_ss = k_t, H_s = 1 in that tangential column, and its
 *    tangential w shifted by -r_t0 / k_t: Coulomb's law then acts on the slip beyond the
 *    elastic part r_t / k_t (stick: r_t = r_t0 - k_t d_t).
 *  - a TIED point (CalculiX: p = slope h for both signs, no slip) springs: K + H_k C_k H_k^T,
 *    C_k = diag(slope A, kt, kt) (kt: the *FRICTION stick slope times A, else slope A), and the
 *    force -C_k d_k moved to the right-hand side, d_k = (gap, tangential displacement since the
 *    reference configuration, H_t^T u). A linear law is exact as springs.
 *  - a GAPUNI point (a *GAP with a stiffness: F(h) for both signs of h, frictionless) a
 *    spring linearised at the point's overclosure h0 = -gap: C_k = diag(A F'(h0), 0, 0) and
 *    the force A F(h0) on the right-hand side; the Newton iterations re-linearise (its force
 *    at the new gap is the law's, sn_compliance_finish). */
#include "analysis/contact_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void sn_compliance_free(sn_compliance *X)
{
  free(X->cone);
  free(X->k);
  free(X->h0);
  free(X->kt);
  free(X->dt);
  sn_csc_free(X->Kt);
  sn_csc_free(X->H);
  free(X->f);
  free(X->w);
  free(X->mu);
  memset(X, 0, sizeof *X);
}

static const sn_interaction *law_of(const sn_model *m, const sn_contact_point *p)
{
  return &m->interactions[p->interaction];
}

/* the tied points' springs: Kt = K + sum H_k C_k H_k^T (upper triangle), f -= H_k C_k d_k */
static int tie_springs(const sn_model *m, const sn_cstate *cs, const sn_csc *HF, const sn_csc *K, sn_compliance *X)
{
  int dim = m->ndf, st;
  size_t cap = 1;
  for (int q = 0; q < cs->np; q++)
    if (sn_law_spring(law_of(m, &cs->pts[q]))) {
      size_t c = (size_t)(HF->colptr[dim * q + dim] - HF->colptr[dim * q]);
      cap += c * c;
    }
  int *I = malloc(sizeof(int) * cap), *J = malloc(sizeof(int) * cap);
  double *V = malloc(sizeof(double) * cap);
  if (!I || !J || !V) { free(I); free(J); free(V); return SN_ERR_NOMEM; }
  size_t z = 0;
  for (int q = 0; q < cs->np; q++) {
    const sn_contact_point *p = &cs->pts[q];
    const sn_interaction *L = law_of(m, p);
    if (!sn_law_spring(L)) continue;
    double A = p->area > 0 ? p->area : 1.0, c[3], r0[3];
    c[0] = L->slope * A;
    c[1] = c[2] = L->stick_slope > 0 ? L->stick_slope * A : c[0];
    for (int a = 0; a < dim; a++) r0[a] = -c[a] * (a == 0 ? p->gap : X->dt[dim * q + a]);
    if (L->law == SN_OVERCLOSURE_GAPUNI) {   /* the law's tangent and force at h0 = -gap */
      double pr, dp;
      sn_law_pressure(L, -p->gap, &pr, &dp);
      c[0] = A * dp;
      r0[0] = A * pr;
      c[1] = c[2] = r0[1] = r0[2] = 0.0;
    }
    for (int a = 0; a < dim; a++) {
      int ka = dim * q + a;
      for (int e = HF->colptr[ka]; e < HF->colptr[ka + 1]; e++) {
        X->f[HF->rowind[e]] += r0[a] * HF->val[e];
        for (int g = HF->colptr[ka]; g < HF->colptr[ka + 1]; g++) {
          if (HF->rowind[e] > HF->rowind[g]) continue;
          I[z] = HF->rowind[e]; J[z] = HF->rowind[g]; V[z++] = c[a] * HF->val[e] * HF->val[g];
        }
      }
    }
  }
  sn_csc *T = NULL;
  st = sn_csc_from_triplets(K->n, K->n, (int)z, I, J, V, &T);
  free(I); free(J); free(V);
  if (!st) st = sn_csc_add(K, T, &X->Kt);
  sn_csc_free(T);
  return st;
}

/* the cone points' H on the free rows, with the spring unknowns (rows neq..): per cone point
 * its normal one (soft law), then its tangential ones (stick compliance) */
static int cone_H(const sn_csc *HF, int dim, int neq, sn_compliance *X)
{
  int nz = 0;
  for (int c = 0; c < X->nc; c++) nz += HF->colptr[dim * X->cone[c] + dim] - HF->colptr[dim * X->cone[c]] + dim;
  int *I = malloc(sizeof(int) * ((size_t)nz + 1)), *J = malloc(sizeof(int) * ((size_t)nz + 1));
  double *V = malloc(sizeof(double) * ((size_t)nz + 1));
  if (!I || !J || !V) { free(I); free(J); free(V); return SN_ERR_NOMEM; }
  int z = 0, s = 0;
  for (int c = 0; c < X->nc; c++) {
    int q = X->cone[c];
    for (int a = 0; a < dim; a++)
      for (int e = HF->colptr[dim * q + a]; e < HF->colptr[dim * q + a + 1]; e++) {
        I[z] = HF->rowind[e]; J[z] = dim * c + a; V[z++] = HF->val[e];
      }
    if (X->k[c] > 0) { I[z] = neq + s++; J[z] = dim * c; V[z++] = 1.0; }
    if (X->kt[c] > 0)
      for (int a = 1; a < dim; a++) { I[z] = neq + s++; J[z] = dim * c + a; V[z++] = 1.0; }
  }
  int st = sn_csc_from_triplets(X->neqx, dim * X->nc, z, I, J, V, &X->H);
  free(I); free(J); free(V);
  return st;
}

int sn_compliance_build(const sn_model *m, const sn_cstate *cs, const double *u, const sn_csc *K, const sn_csc *HF,
                        const double *Rf, const double *w, const double *lam_t, int neq, sn_compliance *X)
{
  int dim = m->ndf, st, ntied = 0, nsoft = 0;
  memset(X, 0, sizeof *X);
  for (int q = 0; q < cs->np; q++) {   /* nsoft: the spring unknowns */
    const sn_interaction *L = law_of(m, &cs->pts[q]);
    ntied += sn_law_spring(L);
    nsoft += sn_law_soft(L) + (sn_stick_slope(L, &cs->pts[q]) > 0 ? dim - 1 : 0);
  }
  if (!ntied && !nsoft) return SN_OK;
  X->active = 1;
  X->nc = cs->np - ntied;
  X->neqx = neq + nsoft;
  X->cone = malloc(sizeof(int) * ((size_t)X->nc + 1));
  X->k = calloc((size_t)X->nc + 1, sizeof(double));
  X->h0 = calloc((size_t)X->nc + 1, sizeof(double));
  X->kt = calloc((size_t)X->nc + 1, sizeof(double));
  X->dt = calloc((size_t)dim * cs->np + 1, sizeof(double));
  X->f = calloc((size_t)X->neqx + 1, sizeof(double));
  X->w = calloc((size_t)dim * X->nc + 1, sizeof(double));
  X->mu = calloc((size_t)X->nc + 1, sizeof(double));
  if (!X->cone || !X->k || !X->h0 || !X->kt || !X->dt || !X->f || !X->w || !X->mu) return SN_ERR_NOMEM;
  memcpy(X->f, Rf, sizeof(double) * (size_t)neq);
  if (ntied) sn_csc_gemv_t(cs->H, 1.0, u, 0.0, X->dt);    /* relative displacements since x0 */
  for (int q = 0, c = 0; q < cs->np; q++) {
    const sn_contact_point *p = &cs->pts[q];
    const sn_interaction *L = law_of(m, p);
    if (sn_law_spring(L)) continue;
    X->cone[c] = q;
    X->mu[c] = p->mu;
    for (int a = 0; a < dim; a++) X->w[dim * c + a] = w[dim * q + a];
    if (sn_law_soft(L)) {
      double A = p->area > 0 ? p->area : 1.0;
      double sh = sn_law_shift(m, p);
      sn_law_linearise(L, -p->gap - sh, &X->k[c], &X->h0[c]);
      X->h0[c] += sh;
      X->k[c] *= A;
      X->w[dim * c] += X->h0[c];
    }
    double wt[2];
    sn_stick_point(m, p, lam_t, &X->kt[c], wt);
    if (X->kt[c] > 0)
      for (int a = 1; a < dim; a++) X->w[dim * c + a] += wt[a - 1];
    c++;
  }
  /* K with the ties' springs (upper triangle), then the spring unknowns */
  if (ntied) st = tie_springs(m, cs, HF, K, X);
  else st = sn_csc_canonical(K, &X->Kt);
  if (st) return st;
  if (nsoft) {
    sn_csc *D = NULL;
    int *I = malloc(sizeof(int) * ((size_t)nsoft + 1));
    double *V = malloc(sizeof(double) * ((size_t)nsoft + 1));
    if (!I || !V) { free(I); free(V); return SN_ERR_NOMEM; }
    int s = 0;
    for (int c = 0; c < X->nc; c++) {   /* the order of cone_H */
      if (X->k[c] > 0) { I[s] = neq + s; V[s] = X->k[c]; s++; }
      if (X->kt[c] > 0)
        for (int a = 1; a < dim; a++) { I[s] = neq + s; V[s] = X->kt[c]; s++; }
    }
    st = sn_csc_from_triplets(X->neqx, X->neqx, s, I, I, V, &D);
    free(I); free(V);
    if (!st) {   /* Kt grown to neqx (same entries) plus the diagonal */
      sn_csc *G = sn_csc_alloc(X->neqx, X->neqx, X->Kt->nnz + 1);
      if (!G) st = SN_ERR_NOMEM;
      else {
        memcpy(G->colptr, X->Kt->colptr, sizeof(int) * ((size_t)X->Kt->n + 1));
        for (int j = X->Kt->n + 1; j <= X->neqx; j++) G->colptr[j] = X->Kt->colptr[X->Kt->n];
        memcpy(G->rowind, X->Kt->rowind, sizeof(int) * (size_t)X->Kt->nnz);
        memcpy(G->val, X->Kt->val, sizeof(double) * (size_t)X->Kt->nnz);
        G->nnz = X->Kt->nnz;
        sn_csc_free(X->Kt);
        X->Kt = NULL;
        st = sn_csc_add(G, D, &X->Kt);
        sn_csc_free(G);
      }
    }
    sn_csc_free(D);
    if (st) return st;
  }
  return cone_H(HF, dim, neq, X);
}

/* the forces and local displacements of every point from the cone points' r (rc) and du:
 * cs->r, cs->uloc (the true gap, not the shifted one), and the law's error: the largest
 * |r_n - A p(h)| at the new overclosures of the EXPONENTIAL / TABULAR points, relative to the
 * largest normal force */
void sn_compliance_finish(const sn_model *m, const sn_compliance *X, const sn_csc *HF, const double *w, const double *rc,
                          const double *du, sn_cstate *cs)
{
  int dim = m->ndf, nl = dim * cs->np;
  double rmax = 0.0, emax = 0.0;
  sn_copy(nl, w, cs->uloc);
  sn_csc_gemv_t(HF, 1.0, du, 1.0, cs->uloc);
  memset(cs->r, 0, sizeof(double) * (size_t)nl);
  for (int c = 0; c < X->nc; c++)
    for (int a = 0; a < dim; a++) cs->r[dim * X->cone[c] + a] = rc[dim * c + a];
  for (int q = 0; q < cs->np; q++) {
    const sn_contact_point *p = &cs->pts[q];
    const sn_interaction *L = law_of(m, p);
    double A = p->area > 0 ? p->area : 1.0;
    if (L->law == SN_OVERCLOSURE_TIED) {
      double kn = L->slope * A, kt = L->stick_slope > 0 ? L->stick_slope * A : kn;
      cs->r[dim * q] = -kn * cs->uloc[dim * q];
      for (int a = 1; a < dim; a++) cs->r[dim * q + a] = -kt * (X->dt[dim * q + a] + (cs->uloc[dim * q + a] - w[dim * q + a]));
    }
    if (L->law == SN_OVERCLOSURE_GAPUNI) {   /* the law at the new gap, no tangential force */
      double pr, dp;
      sn_law_pressure(L, -cs->uloc[dim * q], &pr, &dp);
      cs->r[dim * q] = A * pr;
      for (int a = 1; a < dim; a++) cs->r[dim * q + a] = 0.0;
    }
    rmax = fmax(rmax, fabs(cs->r[dim * q]));
    if (L->law == SN_OVERCLOSURE_EXPONENTIAL || L->law == SN_OVERCLOSURE_TABULAR) {
      double pr, dp;
      sn_law_pressure(L, -cs->uloc[dim * q], &pr, &dp);
      emax = fmax(emax, fabs(cs->r[dim * q] - A * pr));
    }
  }
  cs->law_err = rmax > 0 ? emax / rmax : emax;
}
