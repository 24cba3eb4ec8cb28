/* Per-contact local solvers of the frictional contact problem, and the whole-problem error
 * kernel shared by NSGS, PROX and APGD (see fc_local.h for the local problem).
 *
 *  - projection:  r <- P_K(r - rho (W r + q + [mu |u_T|, 0, 0])), rho = 1/|W|_F, iterated
 *    (the fixed point of the natural map, De Saxce & Feng 1998);
 *  - Alart-Curnier: semismooth Newton on the augmented Lagrangian equations of
 *    P. Alart, A. Curnier, "A mixed formulation for frictional contact problems prone to Newton
 *    like solution methods", CMAME 92 (1991) 353-375, with an Armijo line search on |Phi|^2/2;
 *  - exact 2D: the 2x2 problem has four candidate regimes (take-off, stick, slip +, slip -),
 *    each one linear; all are formed and the one with the smallest residual is kept;
 *  - hybrid: Newton, projection when Newton fails or stalls, Newton again from there. */
#include "solver/fc_local.h"
#include "common/fmax_first.h"
#include "common/force_inline.h"

#include <float.h>
#include <math.h>
#include <string.h>

/* ---- small dense helpers (d <= 3, column-major) ---- */

static SN_FORCE_INLINE void matvec(const int d, const double *W, const double *x, double *y)
{
  if (d == 3) {   /* the loop below unrolled: the same sums in the same order */
    for (int i = 0; i < 3; i++) {
      double s = 0.0;
      s += W[i] * x[0];
      s += W[3 + i] * x[1];
      s += W[6 + i] * x[2];
      y[i] = s;
    }
    return;
  }
  for (int i = 0; i < d; i++) {
    double s = 0.0;
    for (int j = 0; j < d; j++) s += W[j * d + i] * x[j];
    y[i] = s;
  }
}

static SN_FORCE_INLINE double norm2(const int d, const double *x)
{
  double s = 0.0;
  for (int i = 0; i < d; i++) s += x[i] * x[i];
  return s;
}

/* Solve A x = b (d x d column-major, copied) by Gaussian elimination with partial pivoting.
 * Returns 0, or -1 when a pivot is negligible relative to the largest entry. */
static SN_FORCE_INLINE int dense_solve(const int d, const double *A, const double *b, double *x)
{
  double a[9], y[3], amax = 0.0;
  memcpy(a, A, sizeof(double) * (size_t)(d * d));
  memcpy(y, b, sizeof(double) * (size_t)d);
  for (int k = 0; k < d * d; k++) amax = sn_fmax_first(amax, fabs(a[k]));
  if (!(amax > 0.0) || !isfinite(amax)) return -1;
  for (int k = 0; k < d; k++) {
    int p = k;
    for (int i = k + 1; i < d; i++)
      if (fabs(a[k * d + i]) > fabs(a[k * d + p])) p = i;
    if (fabs(a[k * d + p]) <= 1e-14 * amax) return -1;
    if (p != k) {
      for (int j = 0; j < d; j++) {
        double t = a[j * d + k];
        a[j * d + k] = a[j * d + p];
        a[j * d + p] = t;
      }
      double t = y[k];
      y[k] = y[p];
      y[p] = t;
    }
    for (int i = k + 1; i < d; i++) {
      double f = a[k * d + i] / a[k * d + k];
      for (int j = k; j < d; j++) a[j * d + i] -= f * a[j * d + k];
      y[i] -= f * y[k];
    }
  }
  for (int i = d - 1; i >= 0; i--) {
    double s = y[i];
    for (int j = i + 1; j < d; j++) s -= a[j * d + i] * x[j];
    x[i] = s / a[i * d + i];
  }
  for (int i = 0; i < d; i++)
    if (!isfinite(x[i])) return -1;
  return 0;
}

static SN_FORCE_INLINE int finite(const int d, const double *x)
{
  for (int i = 0; i < d; i++)
    if (!isfinite(x[i])) return 0;
  return 1;
}

/* ---- residual ---- */

/* e = r - P_K(r - u - [mu |u_T|, 0, 0]) for one contact; returns |e|^2 */
static SN_FORCE_INLINE double natmap2(const int d, double mu, const double *r, const double *u)
{
  double ut = d == 3 ? hypot(u[1], u[2]) : fabs(u[1]), t[3];
  t[0] = r[0] - u[0] - mu * ut;
  for (int k = 1; k < d; k++) t[k] = r[k] - u[k];
  sn_proj_cone(d, mu, t);
  double s = 0.0;
  for (int k = 0; k < d; k++) s += (r[k] - t[k]) * (r[k] - t[k]);
  return s;
}

/* the residual with the dimension d = L->dim given (a constant where inlined) */
static SN_FORCE_INLINE double residual(const sn_fc_local *L, const double *r, double *scale,
                                       const int d)
{
  double u[3];
  matvec(d, L->W, r, u);
  for (int k = 0; k < d; k++) u[k] += L->q[k];
  /* max(|q|, |r|, |u|) as the square root of the largest square: the correctly rounded square
   * root is monotone, so the same bits as the largest of three roots, for one root */
  if (scale) *scale = sqrt(sn_fmax_first(norm2(d, L->q), sn_fmax_first(norm2(d, r), norm2(d, u))));
  double e = sqrt(natmap2(d, L->mu, r, u));
  return isfinite(e) ? e : INFINITY;
}

double sn_fc_local_residual(const sn_fc_local *L, const double *r, double *scale)
{
  return L->dim == 3 ? residual(L, r, scale, 3) : residual(L, r, scale, 2);   /* dim is 2 or 3 */
}

/* converged when the residual is below tol relative to the local scale */
static int local_ok(const sn_fc_local *L, double res, double scale)
{
  return res <= L->tol * sn_fmax_first(scale, DBL_MIN);
}

/* ---- projection ---- */

static SN_FORCE_INLINE double frob(const int d, const double *W)
{
  double s = 0.0;
  for (int k = 0; k < d * d; k++) s += W[k] * W[k];
  return sqrt(s);
}

int sn_fc_local_proj(const sn_fc_local *L, double *r)
{
  int d = L->dim;
  double nw = frob(d, L->W);
  double rho = L->rho > 0 ? L->rho : (nw > 0 ? 1.0 / nw : 1.0);
  double x[3], u[3], best[3], scale;
  memcpy(x, r, sizeof(double) * (size_t)d);
  sn_proj_cone(d, L->mu, x);
  double res = sn_fc_local_residual(L, x, &scale), bres = res;
  memcpy(best, x, sizeof best);
  int st = SN_MAX_ITER;
  for (int it = 0; it < L->max_iter; it++) {
    if (local_ok(L, res, scale)) { st = SN_OK; break; }
    matvec(d, L->W, x, u);
    for (int k = 0; k < d; k++) u[k] += L->q[k];
    double ut = d == 3 ? hypot(u[1], u[2]) : fabs(u[1]);
    x[0] -= rho * (u[0] + L->mu * ut);
    for (int k = 1; k < d; k++) x[k] -= rho * u[k];
    sn_proj_cone(d, L->mu, x);
    if (!finite(d, x)) { st = SN_STALLED; break; }
    res = sn_fc_local_residual(L, x, &scale);
    if (res < bres) { bres = res; memcpy(best, x, sizeof best); }
  }
  memcpy(r, st == SN_OK ? x : best, sizeof(double) * (size_t)d);
  return st;
}

/* ---- Alart-Curnier semismooth Newton ---- */

/* parameters of the AC function: rho_N = 1/W_NN, rho_T = 1/lambda_max(sym(W_TT)) */
static SN_FORCE_INLINE void ac_rho(const sn_fc_local *L, double *rn, double *rt, const int d)
{
  const double *W = L->W;
  double nw = frob(d, W), fb = nw > 0 ? 1.0 / nw : 1.0;
  if (L->rho > 0) { *rn = *rt = L->rho; return; }
  *rn = W[0] > 1e-12 * nw ? 1.0 / W[0] : fb;
  double lt;
  if (d == 2) {
    lt = W[3];
  } else {
    double a = W[4], b = W[8], c = 0.5 * (W[5] + W[7]);
    lt = 0.5 * (a + b) + sqrt(0.25 * (a - b) * (a - b) + c * c);
  }
  *rt = lt > 1e-12 * nw ? 1.0 / lt : fb;
}

/* Phi(r) of Alart-Curnier and (if J) an element of its generalized Jacobian (row-major d x d):
 *   Phi_N = r_N - max(0, r_N - rho_N u_N)
 *   Phi_T = r_T - P_B(mu max(0, r_N - rho_N u_N))(r_T - rho_T u_T)      (B(R): disc of radius R) */
static SN_FORCE_INLINE void ac_phi(const sn_fc_local *L, double rn, double rt, const double *r,
                                    double *phi, double *J, const int d)
{
  const double *W = L->W;
  double u[3] = {0.0, 0.0, 0.0}, t[3] = {0.0, 0.0, 0.0};
  matvec(d, W, r, u);
  for (int k = 0; k < d; k++) u[k] += L->q[k];
  double a = r[0] - rn * u[0];
  double R = L->mu * fmax(a, 0.0);
  for (int k = 1; k < d; k++) t[k] = r[k] - rt * u[k];
  double nt = d == 3 ? hypot(t[1], t[2]) : fabs(t[1]);
  /* normal row */
  if (a > 0) {
    phi[0] = rn * u[0];
    if (J) for (int j = 0; j < d; j++) J[j] = rn * W[j * d];
  } else {
    phi[0] = r[0];
    if (J) for (int j = 0; j < d; j++) J[j] = j == 0 ? 1.0 : 0.0;
  }
  if (nt <= R) {   /* stick (or both zero): Phi_T = rho_T u_T */
    for (int k = 1; k < d; k++) {
      phi[k] = rt * u[k];
      if (J) for (int j = 0; j < d; j++) J[k * d + j] = rt * W[j * d + k];
    }
    return;
  }
  double th[3];    /* slip: Phi_T = r_T - R t / |t| */
  for (int k = 1; k < d; k++) {
    th[k] = t[k] / nt;
    phi[k] = r[k] - R * th[k];
  }
  if (!J) return;
  double g = R / nt;
  for (int k = 1; k < d; k++)
    for (int j = 0; j < d; j++) {
      double v = (k == j ? 1.0 : 0.0);
      if (a > 0) v -= L->mu * th[k] * ((j == 0 ? 1.0 : 0.0) - rn * W[j * d]);
      for (int l = 1; l < d; l++) {
        double pr = (k == l ? 1.0 : 0.0) - th[k] * th[l];
        v -= g * pr * ((l == j ? 1.0 : 0.0) - rt * W[j * d + l]);
      }
      J[k * d + j] = v;
    }
}

/* Newton with d = L->dim given: inlined below with d = 3 and d = 2 as constants (loops unrolled,
 * the same arithmetic in the same order: the same bits; a 3D one-step solve 2 300 -> 1 400
 * instructions) */
static SN_FORCE_INLINE int ac_solve(const sn_fc_local *L, double *r, const int d)
{
  double rn, rt;
  ac_rho(L, &rn, &rt, d);
  double x[3], phi[3], J[9], Jc[9], dx[3], xt[3], pt[3], scale;
  memcpy(x, r, sizeof(double) * (size_t)d);
  double res = residual(L, x, &scale, d);
  double best[3], bres = res;
  memcpy(best, x, sizeof best);
  int st = SN_MAX_ITER;
  for (int it = 0; it < L->max_iter; it++) {
    if (local_ok(L, res, scale)) { st = SN_OK; break; }
    ac_phi(L, rn, rt, x, phi, J, d);
    double psi = 0.5 * (phi[0] * phi[0] + phi[1] * phi[1] + (d == 3 ? phi[2] * phi[2] : 0.0));
    if (!isfinite(psi)) { st = SN_STALLED; break; }
    for (int i = 0; i < d; i++)           /* row-major J -> column-major for dense_solve */
      for (int j = 0; j < d; j++) Jc[j * d + i] = J[i * d + j];
    double mphi[3] = {-phi[0], -phi[1], d == 3 ? -phi[2] : 0.0};
    if (dense_solve(d, Jc, mphi, dx)) { st = SN_STALLED; break; }
    /* Armijo on psi = |Phi|^2 / 2 along the Newton direction (slope -2 psi) */
    double alpha = 1.0;
    int acc = 0;
    for (int ls = 0; ls < 30; ls++, alpha *= 0.5) {
      for (int k = 0; k < d; k++) xt[k] = x[k] + alpha * dx[k];
      ac_phi(L, rn, rt, xt, pt, NULL, d);
      double pn = 0.5 * (pt[0] * pt[0] + pt[1] * pt[1] + (d == 3 ? pt[2] * pt[2] : 0.0));
      if (isfinite(pn) && pn <= (1.0 - 2e-4 * alpha) * psi) { acc = 1; break; }
    }
    if (!acc) { st = SN_STALLED; break; }
    memcpy(x, xt, sizeof x);
    res = residual(L, x, &scale, d);
    if (res < bres) { bres = res; memcpy(best, x, sizeof best); }
  }
  memcpy(r, st == SN_OK ? x : best, sizeof(double) * (size_t)d);
  return st;
}

int sn_fc_local_ac(const sn_fc_local *L, double *r)
{
  return L->dim == 3 ? ac_solve(L, r, 3) : ac_solve(L, r, 2);   /* dim is 2 or 3 */
}

/* ---- exact 2D enumeration ---- */

int sn_fc_local_exact2d(const sn_fc_local *L, double *r)
{
  if (L->dim != 2) return SN_ERR_ARG;
  const double *W = L->W, *q = L->q;
  double mu = L->mu, c[4][2];
  int nc = 0;
  c[nc][0] = 0.0, c[nc][1] = 0.0, nc++;                            /* take-off: r = 0 */
  double det = W[0] * W[3] - W[2] * W[1];
  if (det != 0.0) {                                               /* stick: W r = -q */
    c[nc][0] = -(W[3] * q[0] - W[2] * q[1]) / det;
    c[nc][1] = -(W[0] * q[1] - W[1] * q[0]) / det;
    nc++;
  }
  for (int s = -1; s <= 1; s += 2) {        /* slip with sign(u_T) = s: r_T = -s mu r_N, u_N = 0 */
    double den = W[0] - s * mu * W[2];
    if (den != 0.0) {
      c[nc][0] = -q[0] / den;
      c[nc][1] = -s * mu * c[nc][0];
      nc++;
    }
  }
  /* keep the converged candidate nearest to the warm start, else the smallest residual: the
   * candidates are tested nearest first, so that a warm start on a solution (NSGS near
   * convergence) costs one residual, not five; the same choice as testing them all (distances
   * compared by their squares: hypot's care costs more than the rest of a sweep's arithmetic) */
  int pick = -1, bestok = -1, order[4], done[4] = {0, 0, 0, 0};
  double dist[4], res[4], pres = INFINITY;
  int big = 0;                                   /* a square overflowed: hypot for all */
  for (int k = 0; k < nc; k++) {
    double dx = c[k][0] - r[0], dy = c[k][1] - r[1];
    dist[k] = finite(2, c[k]) ? dx * dx + dy * dy : NAN;
    big |= dist[k] == INFINITY && isfinite(dx) && isfinite(dy);
  }
  for (int k = 0; k < nc; k++) {
    if (big && finite(2, c[k])) dist[k] = hypot(c[k][0] - r[0], c[k][1] - r[1]);
    int j = k;                                   /* insertion by distance, stable, NaN last */
    for (; j > 0 && (dist[k] < dist[order[j - 1]] || isnan(dist[order[j - 1]])) && !isnan(dist[k]);
         j--)
      order[j] = order[j - 1];
    order[j] = k;
  }
  for (int i = 0; i < nc && bestok < 0; i++) {
    int k = order[i];
    if (!(dist[k] < INFINITY)) break;            /* never chosen as the nearest (NaN, inf) */
    double sc;
    res[k] = sn_fc_local_residual(L, c[k], &sc);
    if (local_ok(L, res[k], sc)) bestok = k;
    done[k] = 1;
  }
  if (bestok >= 0) {
    r[0] = c[bestok][0];
    r[1] = c[bestok][1];
    return SN_OK;
  }
  for (int k = 0; k < nc; k++) {
    if (!finite(2, c[k])) continue;
    if (!done[k]) {
      double sc;
      res[k] = sn_fc_local_residual(L, c[k], &sc);
    }
    if (res[k] < pres) { pres = res[k]; pick = k; }
  }
  double sc0, res0 = sn_fc_local_residual(L, r, &sc0);
  if (pick < 0 || res0 <= pres) return local_ok(L, res0, sc0) ? SN_OK : SN_STALLED;
  r[0] = c[pick][0];
  r[1] = c[pick][1];
  return SN_STALLED;
}

/* ---- hybrid ---- */

/* The two answers of Coulomb's law that have a closed form: take-off (r = 0, valid when the
 * natural map vanishes there) and stick (u = 0: r = -W^-1 q, valid when it lies in the cone).
 * Tried when Newton fails: a strongly coupled W (a Painleve-like rod, W_NT of the size of W_NN)
 * can make Alart-Curnier's Newton and the projection miss a stick that these find at once. */
static int closed_forms(const sn_fc_local *L, double *r)
{
  int d = L->dim;
  double z[3] = {0.0, 0.0, 0.0}, sc, mq[3], x[3];
  double res = sn_fc_local_residual(L, z, &sc);
  if (local_ok(L, res, sc)) {
    memcpy(r, z, sizeof(double) * (size_t)d);
    return SN_OK;
  }
  for (int k = 0; k < d; k++) mq[k] = -L->q[k];
  if (dense_solve(d, L->W, mq, x) != 0 || !(x[0] >= 0.0)) return SN_STALLED;
  res = sn_fc_local_residual(L, x, &sc);
  if (!local_ok(L, res, sc)) return SN_STALLED;
  memcpy(r, x, sizeof(double) * (size_t)d);
  return SN_OK;
}

static int hybrid3(const sn_fc_local *L, double *r)
{
  int d = L->dim;
  double x0[3], sc;
  memcpy(x0, r, sizeof(double) * (size_t)d);
  int st = sn_fc_local_ac(L, r);
  if (st == SN_OK) return st;
  if (closed_forms(L, r) == SN_OK) return SN_OK;
  /* Newton failed or stalled: projection from the better of the start and Newton's best,
   * then Newton again from where the projection arrived (the start's residual is needed only
   * here: not computed on the way of a Newton success, a third of a one-step solve's residuals) */
  double res0 = sn_fc_local_residual(L, x0, &sc);
  if (sn_fc_local_residual(L, r, &sc) > res0) memcpy(r, x0, sizeof(double) * (size_t)d);
  sn_fc_local proj = *L;
  proj.max_iter = 4 * L->max_iter;
  st = sn_fc_local_proj(&proj, r);
  if (st == SN_OK) return st;
  double xp[3];
  memcpy(xp, r, sizeof xp);
  double resp = sn_fc_local_residual(L, xp, &sc);
  st = sn_fc_local_ac(L, r);
  if (st != SN_OK && sn_fc_local_residual(L, r, &sc) > resp) memcpy(r, xp, sizeof(double) * (size_t)d);
  return st;
}

int sn_fc_local_hybrid(const sn_fc_local *L, double *r)
{
  if (L->dim == 2) {
    int st = sn_fc_local_exact2d(L, r);
    return st == SN_OK ? st : hybrid3(L, r);
  }
  return hybrid3(L, r);
}

int sn_fc_local_solve(int kind, const sn_fc_local *L, double *r)
{
  switch (kind) {
  case SN_LOCAL_PROJ: return sn_fc_local_proj(L, r);
  case SN_LOCAL_AC: return sn_fc_local_ac(L, r);
  default: return sn_fc_local_hybrid(L, r);
  }
}

/* ---- whole-problem error with u ---- */

/* the error from u, with the contacts' natural-map terms e (NULL: computed here); every sum in
 * index order, so a term computed elsewhere (another thread) gives the same bits */
static double error_terms(const sn_fc *P, double sigma, const double *c, const double *r,
                          const double *u, const double *e)
{
  int d = P->dim, n = d * P->nc;
  double sum = 0.0, nq = 0.0, nr = 0.0, nu = 0.0;
  int shift = sigma != 0.0 && c;
  for (int k = 0; k < n; k++) {
    double qk = P->q[k] - (shift ? sigma * c[k] : 0.0);
    nq += qk * qk;
    nr += r[k] * r[k];
    nu += u[k] * u[k];
  }
  if (e)
    for (int i = 0; i < P->nc; i++) sum += e[i];
  else
    for (int i = 0; i < P->nc; i++) sum += natmap2(d, P->mu[i], r + d * i, u + d * i);
  double den = sqrt(sn_fmax_first(nq, sn_fmax_first(nr, nu)));   /* one root: as in the residual */
  double err = den > DBL_EPSILON ? sqrt(sum) / den : sqrt(sum);
  return isfinite(err) ? err : NAN;
}

double sn_fc_error_u(const sn_fc *P, double sigma, const double *c, const double *r,
                     const double *u)
{
  return error_terms(P, sigma, c, r, u, NULL);
}

double sn_fc_eval(const sn_fc *P, const sn_bsr *B, double sigma, const double *c,
                  const double *r, double *u)
{
  int n = P->dim * P->nc;
  int shift = sigma != 0.0 && c;
  sn_bsr_gemv(B, 1.0, r, 0.0, u);
  for (int k = 0; k < n; k++) u[k] += P->q[k] + (shift ? sigma * (r[k] - c[k]) : 0.0);
  return sn_fc_error_u(P, sigma, c, r, u);
}

/* ---- the same on threads: contacts in fixed chunks of SN_BSR_CHUNK, the sums serial ---- */

/* the threads for nc contacts: at most one per two chunks (a parallel region costs about what
 * a chunk does), 1 without OpenMP */
static int eval_threads(int threads, int nc)
{
#ifdef SN_HAVE_OPENMP
  int nch = (nc + SN_BSR_CHUNK - 1) / SN_BSR_CHUNK;
  return threads < nch / 2 ? threads : nch / 2;
#else
  (void)threads;
  (void)nc;
  return 1;
#endif
}

/* contacts [lo, hi): uw_i = W_i r + q_i (+ sigma (r_i - c_i)) when uw is given (B too), and
 * e_i = |natural map|^2 of (r_i, u_i), u = uw or ur, each as the serial kernels compute them */
static void eval_chunk(const sn_fc *P, const sn_bsr *B, double sigma, const double *c,
                       const double *r, double *uw, const double *ur, double *e, int lo, int hi)
{
  int d = P->dim, shift = sigma != 0.0 && c;
  if (uw) {
    sn_bsr_gemv_rows(B, lo, hi, 1.0, r, 0.0, uw);
    for (int k = d * lo; k < d * hi; k++) uw[k] += P->q[k] + (shift ? sigma * (r[k] - c[k]) : 0.0);
    ur = uw;
  }
  for (int i = lo; i < hi; i++) e[i] = natmap2(d, P->mu[i], r + d * i, ur + d * i);
}

static void eval_chunks(const sn_fc *P, const sn_bsr *B, double sigma, const double *c,
                        const double *r, double *uw, const double *ur, double *e, int nt)
{
  int nc = P->nc, nch = (nc + SN_BSR_CHUNK - 1) / SN_BSR_CHUNK;
  (void)nt;
#ifdef SN_HAVE_OPENMP
#pragma omp parallel for schedule(static) num_threads(nt)
#endif
  for (int k = 0; k < nch; k++) {
    int hi = (k + 1) * SN_BSR_CHUNK < nc ? (k + 1) * SN_BSR_CHUNK : nc;
    eval_chunk(P, B, sigma, c, r, uw, ur, e, k * SN_BSR_CHUNK, hi);
  }
}

double sn_fc_eval_threads(const sn_fc *P, const sn_bsr *B, double sigma, const double *c,
                          const double *r, double *u, int threads, double *work)
{
  int nt = eval_threads(threads, P->nc);
  if (nt <= 1 || !work) return sn_fc_eval(P, B, sigma, c, r, u);
  eval_chunks(P, B, sigma, c, r, u, NULL, work, nt);
  return error_terms(P, sigma, c, r, u, work);
}

double sn_fc_error_u_threads(const sn_fc *P, double sigma, const double *c, const double *r,
                             const double *u, int threads, double *work)
{
  int nt = eval_threads(threads, P->nc);
  if (nt <= 1 || !work) return error_terms(P, sigma, c, r, u, NULL);
  eval_chunks(P, NULL, sigma, c, r, NULL, u, work, nt);
  return error_terms(P, sigma, c, r, u, work);
}

void sn_desaxce_term(int dim, int nc, const double *mu, const double *u, double *s)
{
  for (int i = 0; i < nc; i++) {
    const double *ui = u + dim * i;
    s[dim * i] = mu[i] * (dim == 3 ? hypot(ui[1], ui[2]) : fabs(ui[1]));
    for (int k = 1; k < dim; k++) s[dim * i + k] = 0.0;
  }
}
