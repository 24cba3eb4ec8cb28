/* Closest-point projection of a point onto one master face (an element edge in 2D), the
 * local frame there, and the tributary areas of a face's nodes.
 *
 * The projection x(xi*) of a slave point xs minimises f(xi) = |x(xi) - xs|^2 / 2 over the face
 * (Wriggers, "Computational Contact Mechanics", 2nd ed., sec. 4.1 and 9.1; Laursen,
 * "Computational Contact and Impact Mechanics", sec. 5.2). Stationarity: (x - xs) . a_k = 0
 * with a_k = dx/dxi_k; Newton's method with the Hessian a_k . a_l + (x - xs) . x_,kl (the
 * metric alone when that is not positive definite), from the face's centre, steps limited to
 * half the parameter range. When Newton does not end inside the face the minimum lies on its
 * boundary: each edge (straight in natural coordinates) is searched the same way in one
 * parameter, clamped to the edge, and compared with its end corners.
 *
 * Second derivatives x_,kl: central differences of the first derivatives of the shape
 * functions with step 1/2. Those derivatives are polynomials of degree <= 2 in each natural
 * coordinate for every face family used here (LINE2/3, TRI3/6, QUAD4/8), for which the
 * central difference is exact. */
#include <math.h>
#include <string.h>

#include "contact/contact_internal.h"

sn_fefam sn_contact_face_family(int sdim, int nfn)
{
  if (sdim == 2) return nfn == 2 ? SN_FAM_LINE2 : nfn == 3 ? SN_FAM_LINE3 : SN_FAM_NONE;
  if (sdim == 3) {
    switch (nfn) {
    case 3: return SN_FAM_TRI3;
    case 4: return SN_FAM_QUAD4;
    case 6: return SN_FAM_TRI6;
    case 8: return SN_FAM_QUAD8;
    default: return SN_FAM_NONE;
    }
  }
  return SN_FAM_NONE;
}

typedef struct {
  sn_fefam fam;
  int d;                 /* parameters: 1 (edge) or 2 (face) */
  int nfn;
  const double *X;
  int tri;               /* triangle parameter domain */
} face_t;

/* x, a_k (d vectors of 3), optionally x_,kl (b[k][l]) at xi */
static void face_eval(const face_t *F, const double *xi, double *N, double *x, double a[2][3],
                      double b[2][2][3])
{
  double dN[SN_CONTACT_MAXFN * 2];
  sn_fe_shape(F->fam, xi, N, dN);
  for (int j = 0; j < 3; j++) {
    x[j] = 0;
    for (int k = 0; k < F->d; k++) a[k][j] = 0;
  }
  for (int q = 0; q < F->nfn; q++)
    for (int j = 0; j < 3; j++) {
      x[j] += N[q] * F->X[3 * q + j];
      for (int k = 0; k < F->d; k++) a[k][j] += dN[q * F->d + k] * F->X[3 * q + j];
    }
  if (!b) return;
  const double h = 0.5;
  for (int k = 0; k < F->d; k++) {
    double xp[2], xm[2], Np[SN_CONTACT_MAXFN], dNp[SN_CONTACT_MAXFN * 2], dNm[SN_CONTACT_MAXFN * 2];
    for (int l = 0; l < F->d; l++) xp[l] = xm[l] = xi[l];
    xp[k] += h;
    xm[k] -= h;
    sn_fe_shape(F->fam, xp, Np, dNp);
    sn_fe_shape(F->fam, xm, Np, dNm);
    for (int l = 0; l < F->d; l++)
      for (int j = 0; j < 3; j++) {
        double s = 0;
        for (int q = 0; q < F->nfn; q++)
          s += (dNp[q * F->d + l] - dNm[q * F->d + l]) * F->X[3 * q + j];
        b[k][l][j] = s / (2 * h);
      }
  }
}

static double dot3(const double *a, const double *b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

static void cross3(const double *a, const double *b, double *c)
{
  c[0] = a[1] * b[2] - a[2] * b[1];
  c[1] = a[2] * b[0] - a[0] * b[2];
  c[2] = a[0] * b[1] - a[1] * b[0];
}

static double dist2(const double *x, const double *y)
{
  double s = 0;
  for (int j = 0; j < 3; j++) s += (x[j] - y[j]) * (x[j] - y[j]);
  return s;
}

/* inside the parameter domain, up to tol; clamps xi onto it when within tol */
static int inside(const face_t *F, double *xi, double tol)
{
  if (F->d == 1 || !F->tri) {
    for (int k = 0; k < F->d; k++)
      if (!(fabs(xi[k]) <= 1 + tol)) return 0;
    for (int k = 0; k < F->d; k++) xi[k] = xi[k] > 1 ? 1 : xi[k] < -1 ? -1 : xi[k];
    return 1;
  }
  if (!(xi[0] >= -tol && xi[1] >= -tol && xi[0] + xi[1] <= 1 + tol)) return 0;
  if (xi[0] < 0) xi[0] = 0;
  if (xi[1] < 0) xi[1] = 0;
  double s = xi[0] + xi[1];
  if (s > 1) xi[0] /= s, xi[1] /= s;
  return 1;
}

/* Newton for the stationary point in the face's parameters from xi; 1 when converged */
static int newton_face(const face_t *F, const double *xs, double *xi)
{
  double N[SN_CONTACT_MAXFN], x[3], a[2][3], b[2][2][3];
  for (int it = 0; it < 50; it++) {
    face_eval(F, xi, N, x, a, b);
    double r[3] = {x[0] - xs[0], x[1] - xs[1], x[2] - xs[2]};
    double g[2], K[2][2], dxi[2];
    for (int k = 0; k < F->d; k++) {
      g[k] = dot3(r, a[k]);
      for (int l = 0; l < F->d; l++) K[k][l] = dot3(a[k], a[l]) + dot3(r, b[k][l]);
    }
    if (F->d == 1) {
      if (!(K[0][0] > 1e-3 * dot3(a[0], a[0]))) K[0][0] = dot3(a[0], a[0]);
      if (!(K[0][0] > 0)) return 0;
      dxi[0] = g[0] / K[0][0];
    } else {
      double det = K[0][0] * K[1][1] - K[0][1] * K[1][0];
      double m00 = dot3(a[0], a[0]), m11 = dot3(a[1], a[1]), m01 = dot3(a[0], a[1]);
      double mdet = m00 * m11 - m01 * m01;
      if (!(K[0][0] > 0 && K[1][1] > 0 && det > 1e-3 * mdet)) {   /* not convex here: metric */
        K[0][0] = m00, K[1][1] = m11, K[0][1] = K[1][0] = m01, det = mdet;
      }
      if (!(det > 0)) return 0;
      dxi[0] = (K[1][1] * g[0] - K[0][1] * g[1]) / det;
      dxi[1] = (K[0][0] * g[1] - K[1][0] * g[0]) / det;
    }
    double step = 0;
    for (int k = 0; k < F->d; k++) step = fmax(step, fabs(dxi[k]));
    if (!isfinite(step)) return 0;
    double s = step > 0.5 ? 0.5 / step : 1.0;
    for (int k = 0; k < F->d; k++) xi[k] -= s * dxi[k];
    if (step < 1e-13) return 1;
    for (int k = 0; k < F->d; k++)
      if (fabs(xi[k]) > 4) return 0;   /* wandered far off the face */
  }
  return 0;
}

/* closest point of the edge xi(t) = A + t (B - A), t in [0, 1]: parameters into xi, distance^2 */
static double edge_search(const face_t *F, const double *xs, const double *A, const double *B,
                          double *xi)
{
  double N[SN_CONTACT_MAXFN], x[3], a[2][3], b[2][2][3], d[2], best = INFINITY, t = 0.5;
  double tbest = 0;
  for (int k = 0; k < F->d; k++) d[k] = B[k] - A[k];
  for (int it = 0; it < 40; it++) {
    double p[2];
    for (int k = 0; k < F->d; k++) p[k] = A[k] + t * d[k];
    face_eval(F, p, N, x, a, b);
    double r[3] = {x[0] - xs[0], x[1] - xs[1], x[2] - xs[2]}, ad[3] = {0, 0, 0}, bd[3] = {0, 0, 0};
    for (int j = 0; j < 3; j++)
      for (int k = 0; k < F->d; k++) {
        ad[j] += a[k][j] * d[k];
        for (int l = 0; l < F->d; l++) bd[j] += b[k][l][j] * d[k] * d[l];
      }
    double g = dot3(r, ad), h = dot3(ad, ad) + dot3(r, bd), m = dot3(ad, ad);
    if (!(h > 1e-3 * m)) h = m;
    if (!(h > 0)) break;
    double dt = g / h;
    if (dt > 0.5) dt = 0.5;
    if (dt < -0.5) dt = -0.5;
    double tn = t - dt;
    if (tn < 0) tn = 0;
    if (tn > 1) tn = 1;
    double moved = fabs(tn - t);
    t = tn;
    if (moved < 1e-14) break;
  }
  /* the Newton point and both ends */
  double cand[3] = {t, 0, 1};
  for (int c = 0; c < 3; c++) {
    double p[2];
    for (int k = 0; k < F->d; k++) p[k] = A[k] + cand[c] * d[k];
    face_eval(F, p, N, x, a, NULL);
    double e = dist2(x, xs);
    if (e < best) best = e, tbest = cand[c];
  }
  for (int k = 0; k < F->d; k++) xi[k] = A[k] + tbest * d[k];
  return best;
}

/* outward normal and tangents at xi; SN_ERR_FORMAT for a degenerate point */
static int frame(int sdim, double a[2][3], double scale, double *n,
                 double *t1, double *t2)
{
  if (sdim == 2) {
    double L = sqrt(a[0][0] * a[0][0] + a[0][1] * a[0][1]);
    if (!(L > 1e-12 * scale)) return SN_ERR_FORMAT;
    t1[0] = a[0][0] / L, t1[1] = a[0][1] / L, t1[2] = 0;
    n[0] = t1[1], n[1] = -t1[0], n[2] = 0;   /* counterclockwise edge: outward = t turned -90 */
    t2[0] = t2[1] = t2[2] = 0;
    return SN_OK;
  }
  double c[3];
  cross3(a[0], a[1], c);
  double A = sqrt(dot3(c, c)), L = sqrt(dot3(a[0], a[0]));
  if (!(A > 1e-12 * scale * scale) || !(L > 1e-12 * scale)) return SN_ERR_FORMAT;
  for (int j = 0; j < 3; j++) n[j] = -c[j] / A;   /* Abaqus faces: right-hand normal inward */
  for (int j = 0; j < 3; j++) t1[j] = a[0][j] / L;
  cross3(n, t1, t2);
  double L2 = sqrt(dot3(t2, t2));
  for (int j = 0; j < 3; j++) t2[j] /= L2;
  return SN_OK;
}

/* the face's checks before a projection: its family, finite coordinates, a size (scale: the
 * diagonal of its nodes' box) and a frame at its centre (xi: the centre) */
static int face_setup(face_t *F, int sdim, int nfn, const double *X, double *scale, double xi[2])
{
  F->fam = sn_contact_face_family(sdim, nfn);
  if (F->fam == SN_FAM_NONE) return SN_ERR_ARG;
  F->d = sdim - 1;
  F->nfn = nfn;
  F->X = X;
  F->tri = F->fam == SN_FAM_TRI3 || F->fam == SN_FAM_TRI6;
  double lo[3], hi[3];
  for (int j = 0; j < 3; j++) lo[j] = hi[j] = X[j];
  for (int q = 0; q < nfn; q++)
    for (int j = 0; j < 3; j++) {
      double v = X[3 * q + j];
      if (!isfinite(v)) return SN_ERR_NAN;
      lo[j] = fmin(lo[j], v), hi[j] = fmax(hi[j], v);
    }
  *scale = sqrt(dist2(lo, hi));
  if (!(*scale > 0)) return SN_ERR_FORMAT;
  double N[SN_CONTACT_MAXFN], x[3], a[2][3], n[3], t1[3], t2[3];
  xi[0] = xi[1] = F->tri ? 1.0 / 3.0 : 0.0;
  face_eval(F, xi, N, x, a, NULL);
  return frame(sdim, a, *scale, n, t1, t2);   /* a face degenerate at its centre */
}

int sn_contact_face_check(int sdim, int nfn, const double *X)
{
  if (!X) return SN_ERR_ARG;
  face_t F;
  double scale, xi[2];
  return face_setup(&F, sdim, nfn, X, &scale, xi);
}

int sn_contact_project(int sdim, int nfn, const double *X, const double *xs, sn_contact_point *p)
{
  if (!X || !xs || !p) return SN_ERR_ARG;
  for (int j = 0; j < 3; j++)
    if (!isfinite(xs[j])) return SN_ERR_NAN;
  face_t F;
  double scale, xi[2];
  int r = face_setup(&F, sdim, nfn, X, &scale, xi);
  if (r) return r;
  double N[SN_CONTACT_MAXFN], x[3], a[2][3], n[3], t1[3], t2[3];

  int onb = 0;
  double best = INFINITY, bxi[2] = {0, 0};
  if (newton_face(&F, xs, xi) && inside(&F, xi, 1e-10)) {
    face_eval(&F, xi, N, x, a, NULL);
    best = dist2(x, xs);
    bxi[0] = xi[0], bxi[1] = xi[1];
  } else {
    static const double line_c[2][2] = {{-1, 0}, {1, 0}};
    static const double quad_c[4][2] = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
    static const double tri_c[3][2] = {{0, 0}, {1, 0}, {0, 1}};
    onb = 1;
    if (F.d == 1) {
      for (int c = 0; c < 2; c++) {
        face_eval(&F, line_c[c], N, x, a, NULL);
        double e = dist2(x, xs);
        if (e < best) best = e, bxi[0] = line_c[c][0];
      }
    } else {
      int nc = F.tri ? 3 : 4;
      const double(*C)[2] = F.tri ? tri_c : quad_c;
      for (int c = 0; c < nc; c++) {
        double exi[2];
        double e = edge_search(&F, xs, C[c], C[(c + 1) % nc], exi);
        if (e < best) best = e, bxi[0] = exi[0], bxi[1] = exi[1];
      }
    }
  }
  face_eval(&F, bxi, N, x, a, NULL);
  if ((r = frame(sdim, a, scale, n, t1, t2))) return r;
  memset(p->shape, 0, sizeof p->shape);
  for (int q = 0; q < nfn; q++) p->shape[q] = N[q];
  p->xi[0] = bxi[0];
  p->xi[1] = F.d == 2 ? bxi[1] : 0;
  p->on_boundary = onb;
  double gap = 0;
  for (int j = 0; j < 3; j++) {
    p->x_slave[j] = xs[j];
    p->x_master[j] = x[j];
    p->normal[j] = n[j];
    p->t1[j] = t1[j];
    p->t2[j] = t2[j];
    gap += n[j] * (xs[j] - x[j]);
  }
  p->gap = gap;
  p->dist = sqrt(dist2(x, xs));
  return SN_OK;
}

/* Dunavant's 6-point rule on the triangle (exact for polynomials of degree 4; D.A. Dunavant,
 * "High degree efficient symmetrical Gaussian quadrature rules for the triangle", IJNME 21
 * (1985), table of p = 4): the diagonal int N_a^2 dA of a TRI6 face is of degree 4, beyond
 * SN_RULE_TRI3. Weights for the reference triangle of area 1/2. */
static const double tri6pt_a[2] = {0.44594849091596488632, 0.09157621350977074346};
static const double tri6pt_w[2] = {0.5 * 0.22338158967801146570, 0.5 * 0.10995174365532186764};

/* HRZ lumping of a quadratic face (TRI6, QUAD8): E. Hinton, T. Rock, O.C. Zienkiewicz, "A note
 * on mass lumping and related processes in the finite element method", Earthquake Eng. Struct.
 * Dyn. 4 (1976) 245-249: area[a] = A d_a / sum_b d_b with d_a = int N_a^2 dA, the diagonal of
 * the face's consistent "mass" matrix, and A = int dA. The consistent shares int N_a dA of a
 * serendipity QUAD8 are -A/12 at the corners (A/3 at the midsides) and those of a TRI6 are 0 at
 * the corners (A/3 at the midsides): a node-to-surface law p(g) times a negative or zero area
 * is a negative or zero contact stiffness and force, and a force over a zero area is no
 * pressure. HRZ's d_a are positive for every node of a face with J > 0, keep the face's total
 * area and its symmetry: on a flat face, corners 3A/76 and midsides 4A/19 (QUAD8), corners
 * A/19 and midsides 16A/57 (TRI6). Rules exact for d_a on flat faces: 3x3 Gauss (degree 4 in
 * each coordinate) and Dunavant's 6 points. CalculiX 2.20 takes fixed fractions instead (1/100
 * and 24/100 of the face; 1/999 and 332/999 on a 6-node face): HRZ follows curved and distorted
 * faces, and its TRI6 corners are not near zero (with 1/999 the press of
 * tests/analysis/test_contact_quadratic_faces.c under EXPONENTIAL does not converge). */
static int face_areas_hrz(const face_t *F, double scale, double *area)
{
  double total = 0, dsum = 0, diag[SN_CONTACT_MAXFN] = {0};
  int nk = F->tri ? 6 : sn_fe_rule_size(SN_RULE_QUAD9);
  for (int k = 0; k < nk; k++) {
    double xi[3] = {0, 0, 0}, w, N[SN_CONTACT_MAXFN], x[3], a[2][3], c[3];
    if (F->tri) {
      double p = tri6pt_a[k / 3], q = 1 - 2 * p;
      xi[0] = k % 3 == 1 ? q : p;
      xi[1] = k % 3 == 2 ? q : p;
      w = tri6pt_w[k / 3];
    } else
      sn_fe_rule_point(SN_RULE_QUAD9, k, xi, &w);
    face_eval(F, xi, N, x, a, NULL);
    cross3(a[0], a[1], c);
    double J = sqrt(dot3(c, c));
    for (int q = 0; q < F->nfn; q++) diag[q] += N[q] * N[q] * J * w;
    total += J * w;
  }
  for (int q = 0; q < F->nfn; q++) dsum += diag[q];
  if (!(total > 1e-12 * scale * scale) || !(dsum > 0)) return SN_ERR_FORMAT;
  for (int q = 0; q < F->nfn; q++) area[q] += total * diag[q] / dsum;
  return SN_OK;
}

int sn_contact_face_areas(int sdim, int nfn, const double *X, double thick, int axisym,
                          double *area)
{
  sn_fefam fam = sn_contact_face_family(sdim, nfn);
  if (fam == SN_FAM_NONE) return SN_ERR_ARG;
  sn_ferule rule = sdim == 2 ? SN_RULE_LINE3
                 : (fam == SN_FAM_TRI3 || fam == SN_FAM_TRI6) ? SN_RULE_TRI3 : SN_RULE_QUAD9;
  face_t F = {fam, sdim - 1, nfn, X, fam == SN_FAM_TRI3 || fam == SN_FAM_TRI6};
  double lo[3], hi[3];
  for (int j = 0; j < 3; j++) lo[j] = hi[j] = X[j];
  for (int q = 0; q < nfn; q++)
    for (int j = 0; j < 3; j++) lo[j] = fmin(lo[j], X[3 * q + j]), hi[j] = fmax(hi[j], X[3 * q + j]);
  double scale = sqrt(dist2(lo, hi));
  if (!(scale > 0)) return SN_ERR_FORMAT;
  /* quadratic faces of solids (3D only; thick = 1 there): HRZ lumping, see face_areas_hrz; the
   * consistent shares of the other families (LINE2, LINE3, TRI3, QUAD4) are positive and kept */
  if (fam == SN_FAM_TRI6 || fam == SN_FAM_QUAD8) return face_areas_hrz(&F, scale, area);
  double total = 0;
  double contrib[SN_CONTACT_MAXFN] = {0};
  for (int k = 0; k < sn_fe_rule_size(rule); k++) {
    double xi[3] = {0, 0, 0}, w, N[SN_CONTACT_MAXFN], x[3], a[2][3], J;
    sn_fe_rule_point(rule, k, xi, &w);
    face_eval(&F, xi, N, x, a, NULL);
    if (sdim == 2) J = sqrt(a[0][0] * a[0][0] + a[0][1] * a[0][1]);
    else {
      double c[3];
      cross3(a[0], a[1], c);
      J = sqrt(dot3(c, c));
    }
    double f = axisym ? 6.283185307179586477 * x[0] : thick;
    for (int q = 0; q < nfn; q++) contrib[q] += N[q] * J * w * f;
    total += J * w;
  }
  if (!(total > 1e-12 * (sdim == 2 ? scale : scale * scale))) return SN_ERR_FORMAT;
  for (int q = 0; q < nfn; q++) area[q] += contrib[q];
  return SN_OK;
}
