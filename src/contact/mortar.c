/* Mortar (segment-to-segment) contact rows of a SURFACE TO SURFACE pair: for every slave node j
 * the weighted gap and the mortar integrals, integrated over the slave surface,
 *   W_j    = int_{Gamma_s^c} Phi_j dA                       (the node's weight, > 0)
 *   D_jk   = int_{Gamma_s^c} Phi_j N_k dA                    (slave-slave)
 *   M_jl   = int_{Gamma_s^c} Phi_j N_l(pi(x)) dA             (slave-master)
 *   g~_j   = n_j . (sum_k D_jk x_k - sum_l M_jl x_l)         (the weighted gap)
 * where Gamma_s^c is the part of the slave faces whose points project onto a master face (closest
 * point, within the search distance), pi(x) that projection, N the displacement shape functions
 * of the faces and Phi_j the multiplier basis (Wohlmuth, "Discretization Methods and Iterative
 * Solvers Based on Domain Decomposition", 2001, ch. 1; for contact Popp, Gee, Wall, "A finite
 * deformation mortar contact formulation using a primal-dual active set strategy", IJNME 79
 * (2009) 1354-1391, eqs. (13)-(19) for D, M and the weighted gap). The contact row of node j is
 * (D_j. - M_j.) / W_j along the nodal frame (n_j, t1_j, t2_j), and its gap g~_j / W_j: the
 * constraint of the Signorini condition in the weak sense, g~_j >= 0, lambda_j >= 0,
 * lambda_j g~_j = 0. The force of the row, r_j = lambda_j W_j, is the contact force of the node;
 * lambda_j = r_j / W_j its pressure (the point's area is W_j).
 *
 * Multiplier basis Phi_j: the standard face shape functions for LINE2, LINE3, TRI3 and QUAD4
 * faces (their integrals are positive: 1/2, 1/6 | 2/3, 1/3, 1/4 of the face); for the quadratic
 * TRI6 and QUAD8 faces, whose corner integrals are 0 and -A/12, the modified basis of Popp,
 * Wohlmuth, Gee, Wall, "Dual quadratic mortar finite element methods for 3D finite deformation
 * contact", SIAM J. Sci. Comput. 34 (2012) B421-B446, sec. 3 (the basis transformation):
 *   Phi_c = N_c + alpha (N_m1 + N_m2)  (m1, m2 the midside nodes next to corner c),
 *   Phi_m = (1 - 2 alpha) N_m,         alpha = 1/5,
 * a partition of unity with positive integrals (TRI6: 2A/15 | A/5; QUAD8: A/20 | A/5). It is
 * used as a standard (not dual) multiplier basis: D is not diagonal.
 *
 * Integration (exact segmentation, segment.c): in 3D the slave face's polygon is clipped by each
 * master face's in the plane through the slave face's centre normal to it (Sutherland-Hodgman),
 * and the pieces are mapped back into the slave face's natural coordinates; in 2D the ends of the
 * master edge are mapped onto the slave edge's parametrisation and the interval is cut to
 * [-1, 1]. Each piece is integrated with Gauss rules (2D: 5 points; 3D: the polygon is
 * fanned into triangles, each with a collapsed 5 x 5 Gauss rule, Duffy's map). At each Gauss
 * point the slave point is projected (closest point, unconstrained) onto that master face's
 * parametrisation, extended beyond the face where the point lies just outside it: the segment
 * boundary (the slave point closest to a master corner) and the master projection of a
 * slave point differ at second order when the faces are not parallel, and the extension keeps
 * the integrand one polynomial per segment. So for flat faces with straight edges the
 * integrals are exact (polynomials of degree <= 8), and sum_l M_jl x_l is exact for any
 * coplanar master faces, wherever the segment boundary falls, when the slave faces are
 * parallelograms. Curved faces and other quadrilaterals: the pieces' straight edges in natural
 * coordinates make the segmentation inexact at second order in the face size. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "contact/contact_internal.h"

static const double gx[5] = {-0.9061798459386640, -0.5384693101056831, 0.0, 0.5384693101056831,
                             0.9061798459386640};
static const double gw[5] = {0.2369268850561891, 0.4786286704993665, 0.5688888888888889,
                             0.4786286704993665, 0.2369268850561891};

typedef sn_seg_face mface;

static double dot3(const double *a, const double *b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

/* the modified multiplier basis (see the head of the file): the 6- and 8-node faces (TRI6,
 * QUAD8) are the only faces of 6 or 8 nodes */
void sn_mortar_basis(int nfn, const double *N, double *P)
{
  for (int q = 0; q < nfn; q++) P[q] = N[q];
  if (nfn != 6 && nfn != 8) return;
  const double al = 0.2;
  int nc = nfn / 2;
  for (int c = 0; c < nc; c++) P[c] = N[c] + al * (N[nc + c] + N[nc + (c + nc - 1) % nc]);
  for (int c = 0; c < nc; c++) P[nc + c] = (1 - 2 * al) * N[nc + c];
}

/* Gauss points (xi0, xi1, weight in natural coordinates) of a polygon (d 2) or an interval
 * (d 1: poly = {a, b}); returns the count (room for 400) */
static int rule_of(int d, const double *poly, int np, double *q)
{
  int n = 0;
  if (d == 1) {
    double a = poly[0], b = poly[1], h = 0.5 * (b - a);
    for (int i = 0; i < 5; i++) q[3 * n] = a + h * (1 + gx[i]), q[3 * n + 1] = 0, q[3 * n + 2] = h * gw[i], n++;
    return n;
  }
  for (int t = 1; t + 1 < np && n + 25 <= 400; t++) {   /* fan from vertex 0, Duffy's map */
    const double *P0 = poly, *P1 = poly + 2 * t, *P2 = poly + 2 * (t + 1);
    double det = fabs((P1[0] - P0[0]) * (P2[1] - P1[1]) - (P1[1] - P0[1]) * (P2[0] - P1[0]));
    if (!(det > 0)) continue;
    for (int i = 0; i < 5; i++)
      for (int k = 0; k < 5; k++) {
        double s = 0.5 * (1 + gx[i]), u = 0.5 * (1 + gx[k]);
        for (int j = 0; j < 2; j++) q[3 * n + j] = P0[j] + s * (P1[j] - P0[j]) + s * u * (P2[j] - P1[j]);
        q[3 * n + 2] = 0.25 * gw[i] * gw[k] * s * det;
        n++;
      }
  }
  return n;
}

/* per slave node accumulators */
typedef struct {
  double W, Wfull, dvec[3], nsum[3], tsum[3];
  int nterm, overflow;
  int tnode[SN_MORTAR_MAXTERM];
  double tcoef[SN_MORTAR_MAXTERM];
} acc_t;

static void add_term(acc_t *A, int node, double c)
{
  for (int i = 0; i < A->nterm; i++)
    if (A->tnode[i] == node) {
      A->tcoef[i] += c;
      return;
    }
  if (A->nterm == SN_MORTAR_MAXTERM) {
    A->overflow = 1;
    return;
  }
  A->tnode[A->nterm] = node, A->tcoef[A->nterm++] = c;
}

/* integrate over the points q of slave face S (with master face Mf, or none: the full weights) */
static int integrate(const mface *S, const mface *Mf, const double *q, int nq, double sd,
                     const int *slot, acc_t *acc)
{
  for (int i = 0; i < nq; i++) {
    double N[SN_CONTACT_MAXFN], P[SN_CONTACT_MAXFN], x[3], a[2][3], n[3], J;
    sn_seg_eval(S, q + 3 * i, N, x, a);
    sn_seg_normal(S->d, a, n, &J);
    sn_mortar_basis(S->nfn, N, P);
    double dA = J * q[3 * i + 2] * (S->axi ? 6.283185307179586477 * x[0] : S->thick);
    double xim[2], Nm[SN_CONTACT_MAXFN], xm[3], am[2][3], nm[3], tm[3], Jm;
    if (Mf) {   /* the projection onto this master face's (extended) parametrisation */
      sn_seg_inverse(Mf, x, xim);
      sn_seg_eval(Mf, xim, Nm, xm, am);
      sn_seg_normal(Mf->d, am, nm, &Jm);
      double La = sqrt(dot3(am[0], am[0])), d2 = 0;
      if (!(Jm > 0) || !(La > 0)) return SN_ERR_FORMAT;
      for (int j = 0; j < 3; j++) tm[j] = am[0][j] / La, d2 += (x[j] - xm[j]) * (x[j] - xm[j]);
      if (sqrt(d2) > sd) continue;
    }
    for (int jj = 0; jj < S->nfn; jj++) {
      acc_t *A = &acc[slot[S->node[jj]]];
      double w = P[jj] * dA;
      if (!Mf) {
        A->Wfull += w;
        continue;
      }
      A->W += w;
      for (int k = 0; k < S->nfn; k++) add_term(A, S->node[k], w * N[k]);
      for (int l = 0; l < Mf->nfn; l++) add_term(A, Mf->node[l], -w * Nm[l]);
      for (int j = 0; j < 3; j++) {
        A->dvec[j] += w * (x[j] - xm[j]);
        A->nsum[j] += w * nm[j];
        A->tsum[j] += w * tm[j];
      }
    }
  }
  return SN_OK;
}

/* the part of slave face S under master face Mf, integrated */
static int overlap(const mface *S, const mface *Mf, double sd, const int *slot, acc_t *acc, double *q)
{
  double cl[2 * SN_SEG_MAXV * SN_SEG_MAXPIECES];
  int np[SN_SEG_MAXPIECES], n = sn_seg_pieces(S, Mf, 0, cl, np), r = SN_OK;
  for (int k = 0; k < n && r == SN_OK; k++) {
    int nq = rule_of(S->d, cl + 2 * SN_SEG_MAXV * k, np[k], q);
    r = integrate(S, Mf, q, nq, sd, slot, acc);
  }
  return r;
}

static int boxes_meet(const mface *S, const double *lo, const double *hi, int sdim)
{
  for (int k = 0; k < sdim; k++) {
    double a = INFINITY, b = -INFINITY;
    for (int i = 0; i < S->nfn; i++) a = fmin(a, S->X[3 * i + k]), b = fmax(b, S->X[3 * i + k]);
    if (b < lo[k] || a > hi[k]) return 0;
  }
  return 1;
}

/* the row of one accumulated node into R (SN_OK, or SN_ERR_FORMAT on overflow; R->keep 0 when
 * the node carries no constraint) */
static int finish_row(const acc_t *A, const int *dofnode, sn_mortar_row *R)
{
  R->keep = 0;
  if (A->overflow) return SN_ERR_FORMAT;
  if (!(A->W > 1e-2 * A->Wfull) || !(A->W > 0)) return SN_OK;
  double L = sqrt(dot3(A->nsum, A->nsum));
  if (!(L > 0)) return SN_OK;
  for (int j = 0; j < 3; j++) R->normal[j] = A->nsum[j] / L;
  double tn = dot3(A->tsum, R->normal), t[3];
  for (int j = 0; j < 3; j++) t[j] = A->tsum[j] - tn * R->normal[j];
  double Lt = sqrt(dot3(t, t));
  if (!(Lt > 1e-8 * L)) {   /* a tangent from the normal */
    const double e[3] = {fabs(R->normal[0]) < 0.9 ? 1.0 : 0.0, fabs(R->normal[0]) < 0.9 ? 0.0 : 1.0, 0};
    double en = dot3(e, R->normal);
    for (int j = 0; j < 3; j++) t[j] = e[j] - en * R->normal[j];
    Lt = sqrt(dot3(t, t));
  }
  for (int j = 0; j < 3; j++) R->t1[j] = t[j] / Lt;
  const double *n = R->normal, *t1 = R->t1;
  R->t2[0] = n[1] * t1[2] - n[2] * t1[1];
  R->t2[1] = n[2] * t1[0] - n[0] * t1[2];
  R->t2[2] = n[0] * t1[1] - n[1] * t1[0];
  R->weight = A->W;
  R->gap = dot3(R->normal, A->dvec) / A->W;
  R->nterm = 0;
  for (int i = 0; i < A->nterm; i++) {   /* merge the nodes of one rigid body */
    int dn = dofnode[A->tnode[i]], k;
    for (k = 0; k < R->nterm && R->tnode[k] != dn; k++) {}
    if (k == R->nterm) R->tnode[R->nterm++] = dn, R->tcoef[k] = 0;
    R->tcoef[k] += A->tcoef[i] / A->W;
  }
  R->keep = 1;
  return SN_OK;
}

int sn_mortar_rows(const sn_model *m, const sn_surface *SS, const sn_mortar_master *MF,
                   const double *xc, const int *dofnode, const int *slot, int ns, double sd,
                   sn_mortar_row *rows, int *bad_node)
{
  acc_t *acc = calloc((size_t)(ns > 0 ? ns : 1), sizeof *acc);
  double *q = malloc(3 * 400 * sizeof *q);
  int r = SN_OK;
  *bad_node = -1;
  if (!acc || !q) {
    r = SN_ERR_NOMEM;
    goto done;
  }
  for (int i = 0; i < SS->n && r == SN_OK; i++) {
    mface S, Mf;
    sn_seg_load(m, xc, SS->elem[i], SS->face[i], &S);
    double nq[3], a[2][3], N[SN_CONTACT_MAXFN], x[3], J, c0[2] = {S.tri ? 1.0 / 3 : 0, S.tri ? 1.0 / 3 : 0};
    int cnt = S.d == 1 ? rule_of(1, (const double[]){-1, 1}, 2, q)
                       : rule_of(2, S.tri ? sn_seg_dom_tri : sn_seg_dom_quad, S.tri ? 3 : 4, q);
    if ((r = integrate(&S, NULL, q, cnt, sd, slot, acc))) break;
    sn_seg_eval(&S, c0, N, x, a);
    sn_seg_normal(S.d, a, nq, &J);
    for (int f = 0; f < MF->nf && r == SN_OK; f++) {
      if (!boxes_meet(&S, MF->lo + 3 * f, MF->hi + 3 * f, m->ndf)) continue;
      sn_seg_load(m, xc, MF->elem[f], MF->face[f], &Mf);
      if (sn_seg_shares_node(&S, &Mf)) continue;
      double mc[2] = {Mf.tri ? 1.0 / 3 : 0, Mf.tri ? 1.0 / 3 : 0}, nm[3], Jm;
      sn_seg_eval(&Mf, mc, N, x, a);
      sn_seg_normal(Mf.d, a, nm, &Jm);
      if (!(dot3(nm, nq) < -0.2)) continue;   /* faces that do not face each other */
      r = overlap(&S, &Mf, sd, slot, acc, q);
    }
  }
  for (int k = 0; k < ns && r == SN_OK; k++)
    if ((r = finish_row(&acc[k], dofnode, &rows[k]))) *bad_node = k;
done:
  free(acc);
  free(q);
  return r;
}
