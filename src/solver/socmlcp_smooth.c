/* Combined smoothing and regularization Newton method for the monotone mixed SOCLCP (SOCMLCP)
 *   F(z) = A z + a,  z = (w, x):  F_free(z) = 0,  x in K,  y = F_cone(z) in K,  x . y = 0
 * (K a product of L^1, L^2, L^3 cones, w free; an SOCLCP x in K, y = M x + q in K, x . y = 0
 * is the case without free variables, sn_soclcp_smooth in soclcp_smooth.c calls this engine).
 *
 * S. Hayashi, N. Yamashita, M. Fukushima, "A combined smoothing and regularization method for
 * monotone second-order cone complementarity problems", SIAM J. Optim. 15(2) (2005) 593-615
 * (HYF below), with the smoothing functions of M. Fukushima, Z.-Q. Luo, P. Tseng, "Smoothing
 * functions for second-order-cone complementarity problems", SIAM J. Optim. 12(2) (2002)
 * 436-460 (FLT below), and the smoothing-Newton framework HYF builds on: X. Chen, L. Qi,
 * D. Sun, "Global and superlinear convergence of the smoothing Newton method and its application
 * to general box constrained variational inequalities", Math. Comp. 67 (1998) 519-540 (CQS).
 *
 * The equations (numbered here; the comments below refer to them):
 *  (1) spectral factorization in the Jordan algebra of L^m (FLT sec. 2): for z = (z0, zb),
 *        z = l1 u1 + l2 u2,  l_i = z0 + (-1)^i |zb|,  u_i = (1, (-1)^i w) / 2,  w = zb/|zb|
 *      (w any unit vector when zb = 0); for L^1, z = z0 itself.
 *  (2) natural residual (FLT): Phi(x) = x - P_K(x - y),  P_K(z) = max(0,l1) u1 + max(0,l2) u2.
 *  (3) Chen-Harker-Kanzow-Smale smoothing of max(0, .) (FLT sec. 3, HYF sec. 3):
 *        g_mu(a) = (a + sqrt(a^2 + 4 mu^2)) / 2,   P_mu(z) = g_mu(l1) u1 + g_mu(l2) u2,
 *      so 0 <= g_mu(a) - max(0, a) <= mu and |P_mu(z) - P_K(z)| <= mu per cone.
 *  (4) regularization (HYF): y_eps = (M + eps I) x + q, strongly monotone for eps > 0 when M
 *      is monotone, and the smoothed, regularized equation
 *        H_{mu,eps}(x) = x - P_mu(x - (M + eps I) x - q) = 0,
 *      with |Phi(x) - H_{mu,eps}(x)| <= sqrt(ncones) mu + eps |x|   (P_K is nonexpansive).
 *  (5) Jacobian (FLT prop. 5.2): per cone, with b = (g'(l1) + g'(l2))/2, c = (g'(l2) - g'(l1))/2,
 *      a = (g(l2) - g(l1))/(l2 - l1) = (1 + 2 z0 / (s1 + s2))/2, s_i = sqrt(l_i^2 + 4 mu^2),
 *        D = grad P_mu(z) = [ b  c w' ; c w  a I + (b - a) w w' ],  0 < D < I for mu > 0,
 *      and J_{mu,eps} = grad H_{mu,eps}(x) = I - (1 - eps) D + D M: M's pattern widened to whole
 *      cone rows, plus the diagonal cone blocks, assembled in CSC and factorized by UMFPACK.
 *      For monotone M, J = D ((D^-1 - I) + M + eps I) is nonsingular (HYF sec. 4-5).
 *  (6) the iteration (HYF sec. 5, the smoothing Newton method of CQS with the regularization
 *      parameter driven to zero together with the smoothing parameter), beta_k = |Phi(x_k)|:
 *      a. fast step: J_k d = -Phi(x_k); accept x_{k+1} = x_k + d if |Phi(x_k + d)| <= eta |Phi(x_k)|
 *         (CQS step 2; with Jacobian consistency this is the locally quadratic step).
 *      b. otherwise the damped Newton step on the smoothed equation: J_k d = -H_k(x_k), Armijo
 *         t = rho^l with |H_k(x_k + t d)|^2 <= (1 - 2 sigma t) |H_k(x_k)|^2 (CQS step 3).
 *      c. parameter update (CQS step 4): if |Phi(x_{k+1})| <= max(eta beta_k,
 *         |Phi(x_{k+1}) - H_k(x_{k+1})| / alpha), set beta_{k+1} = |Phi(x_{k+1})| and
 *           mu_{k+1}  = min(mu_k / 2,  alpha beta_{k+1} / (2 sqrt(ncones))),
 *           eps_{k+1} = min(eps_k / 2, alpha beta_{k+1} / (2 |x_{k+1}|)),
 *         so the bound (4) keeps the smoothing/regularization error below alpha beta_{k+1}:
 *         (mu, eps) -> 0 together with the residual; otherwise keep (mu_k, eps_k, beta_k).
 *      Constants: eta = 0.5, alpha = 0.5, sigma = 1e-4, rho = 0.5. The paper text was not at
 *      hand when this was written: the rule is CQS's as HYF use it, restated with the explicit
 *      bound (4) instead of an abstract approximation function; constants are ours.
 *  Safeguards for data that are not monotone (M = D W D from a W that is not PSD-symmetric):
 *  a singular J or a failed line search raises eps tenfold (more regularization, J closer to a
 *  P-matrix); after repeated failures the method stops with SN_STALLED. The best iterate (by
 *  the relative natural residual of sn_socmlcp_error) is returned in z, y = A z + a.
 *  Free variables (the mixed problem, Kanno-Martins-Pinto da Costa's SOCMLCP, slide 18): the
 *  smoothed equation is H(z) = (F_free(z) + eps w, x - P_mu(x - F_cone(z) - eps x)), i.e. the
 *  Tikhonov term eps z of HYF's regularization on all of z (F + eps I strongly monotone when F
 *  is monotone) and the smoothing on the cone part only; the natural residual (2) becomes
 *  Phi(z) = (F_free(z), x - P_K(x - F_cone(z))) and the bound (4) |Phi - H| <= sqrt(ncones) mu
 *  + eps |z|. The Jacobian rows of the free part are A's rows plus eps on the diagonal; the cone
 *  rows are as in (5) with M the cone rows of A (all columns). Everything else is unchanged:
 *  with nf = 0 the iteration is the SOCLCP one to the last bit.
 * Options: "mu0=", "eps0=" initial parameters (default from (4): alpha beta_0 split evenly). */
#include "signorini/solver.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { LS_MAX = 40, FAIL_MAX = 8 };
static const double ETA = 0.5, ALPHA = 0.5, SIGMA = 1e-4, RHO = 0.5;

typedef struct {
  const sn_socmlcp *P;
  int nf, N, nc;   /* free variables, nf + n, cones */
  int *off;        /* cone offsets (nc+1), absolute (nf + offset in x) */
  int *cone;       /* cone of each row (N), -1 for free rows */
  int *pos;        /* scatter map for assembly (N) */
  sn_csc *J;       /* Jacobian pattern and values */
  double *D;       /* 9 doubles per cone: grad P_mu, column-major */
  double *y, *z, *phi, *h, *d, *xt, *ht, *best;
} work;

/* ---- the Jordan algebra of L^m (1), (3), (5) ---- */

/* (3): g_mu(a), without cancellation for a < 0 */
static double g_mu(double a, double mu)
{
  double s = hypot(a, 2.0 * mu);
  return a >= 0 ? 0.5 * (a + s) : (s - a > 0 ? 2.0 * mu * mu / (s - a) : 0.0);
}

static double dg_mu(double a, double mu)
{
  double s = hypot(a, 2.0 * mu);
  return s > 0 ? 0.5 * (1.0 + a / s) : 0.5;
}

/* (1), (3), (5): p = P_mu(z) on L^m, and D = grad P_mu(z) (m x m column-major) if D != NULL */
static void smooth_proj(int m, const double *z, double mu, double *p, double *D)
{
  if (m == 1) {
    p[0] = g_mu(z[0], mu);
    if (D) D[0] = dg_mu(z[0], mu);
    return;
  }
  double t = m == 3 ? hypot(z[1], z[2]) : fabs(z[1]);
  double w[2] = {1.0, 0.0};
  if (t > 0) { w[0] = z[1] / t; w[1] = m == 3 ? z[2] / t : 0.0; }
  double l1 = z[0] - t, l2 = z[0] + t, g1 = g_mu(l1, mu), g2 = g_mu(l2, mu);
  p[0] = 0.5 * (g1 + g2);
  for (int k = 1; k < m; k++) p[k] = 0.5 * (g2 - g1) * w[k - 1];
  if (!D) return;
  double s1 = hypot(l1, 2.0 * mu), s2 = hypot(l2, 2.0 * mu);
  double b = 0.5 * (dg_mu(l1, mu) + dg_mu(l2, mu)), c = 0.5 * (dg_mu(l2, mu) - dg_mu(l1, mu));
  double a = s1 + s2 > 0 ? 0.5 * (1.0 + 2.0 * z[0] / (s1 + s2)) : 0.5;
  D[0] = b;
  for (int i = 1; i < m; i++) {
    D[i] = D[i * m] = c * w[i - 1];
    for (int j = 1; j < m; j++) D[i + j * m] = (i == j ? a : 0.0) + (b - a) * w[i - 1] * w[j - 1];
  }
}

/* ---- the iteration ---- */

/* y = A z + a + eps z */
static void apply(const work *W, double eps, const double *z, double *y)
{
  sn_copy(W->N, W->P->a, y);
  sn_csc_gemv(W->P->A, 1.0, z, 1.0, y);
  if (eps != 0) sn_axpy(W->N, eps, z, y);
}

/* (2): Phi(z) into r, F = A z + a left in W->y; returns |Phi| and the relative error of
 * sn_socmlcp_error in *rel */
static double natural(work *W, const double *z, double *r, double *rel)
{
  apply(W, 0.0, z, W->y);
  for (int i = 0; i < W->nf; i++) r[i] = W->y[i];
  for (int k = 0; k < W->nc; k++) {
    int o = W->off[k], m = W->off[k + 1] - o;
    for (int j = 0; j < m; j++) r[o + j] = z[o + j] - W->y[o + j];
    sn_proj_soc(m, r + o);
    for (int j = 0; j < m; j++) r[o + j] = z[o + j] - r[o + j];
  }
  double a = sn_nrm2(W->N, r);
  double nrm = fmax(sn_nrm2(W->N, W->P->a), fmax(sn_nrm2(W->N, z), sn_nrm2(W->N, W->y)));
  *rel = nrm > DBL_EPSILON ? a / nrm : a;
  return a;
}

/* (4): H_{mu,eps}(z) into h (and the cone Jacobians (5) into W->D when jac); returns |H| */
static double smoothed(work *W, const double *z, double mu, double eps, double *h, int jac)
{
  apply(W, eps, z, W->z);
  for (int i = 0; i < W->nf; i++) h[i] = W->z[i];
  for (int k = 0; k < W->nc; k++) {
    int o = W->off[k], m = W->off[k + 1] - o;
    double zz[3], p[3];
    for (int j = 0; j < m; j++) zz[j] = z[o + j] - W->z[o + j];
    smooth_proj(m, zz, mu, p, jac ? W->D + 9 * k : NULL);
    for (int j = 0; j < m; j++) h[o + j] = z[o + j] - p[j];
  }
  return sn_nrm2(W->N, h);
}

/* the pattern of J (5): A's free rows as they are, its cone rows widened to whole cone rows,
 * plus the diagonal (free) and the diagonal cone blocks */
static int jac_pattern(work *W)
{
  const sn_csc *A = W->P->A;
  size_t cap = 3 * (size_t)A->nnz + 9 * (size_t)W->nc + (size_t)W->nf + 1;
  int *ti = malloc(sizeof(int) * cap), *tj = malloc(sizeof(int) * cap);
  double *tx = malloc(sizeof(double) * cap);
  int st = SN_ERR_NOMEM;
  if (ti && tj && tx) {
    int k = 0;
    for (int j = 0; j < W->N; j++) {
      for (int p = A->colptr[j]; p < A->colptr[j + 1]; p++) {
        int r = A->rowind[p], c = W->cone[r];
        if (c < 0) { ti[k] = r; tj[k] = j; tx[k++] = 1.0; continue; }
        for (int i = W->off[c]; i < W->off[c + 1]; i++) { ti[k] = i; tj[k] = j; tx[k++] = 1.0; }
      }
      int c = W->cone[j];
      if (c < 0) { ti[k] = j; tj[k] = j; tx[k++] = 1.0; continue; }
      for (int i = W->off[c]; i < W->off[c + 1]; i++) { ti[k] = i; tj[k] = j; tx[k++] = 1.0; }
    }
    st = sn_csc_from_triplets(W->N, W->N, k, ti, tj, tx, &W->J);
  }
  free(ti); free(tj); free(tx);
  return st;
}

/* J = [A_free + eps (I 0) ; (0 I) - (1 - eps) D (0 I) + D A_cone], D from the last
 * smoothed(..., jac = 1) */
static void jac_values(work *W, double eps)
{
  const sn_csc *A = W->P->A;
  sn_csc *J = W->J;
  for (int j = 0; j < W->N; j++) {
    for (int p = J->colptr[j]; p < J->colptr[j + 1]; p++) { W->pos[J->rowind[p]] = p; J->val[p] = 0.0; }
    for (int p = A->colptr[j]; p < A->colptr[j + 1]; p++) {
      int r = A->rowind[p], c = W->cone[r];
      if (c < 0) { J->val[W->pos[r]] += A->val[p]; continue; }
      int o = W->off[c], m = W->off[c + 1] - o;
      const double *Dc = W->D + 9 * c;
      for (int i = 0; i < m; i++) J->val[W->pos[o + i]] += Dc[i + (r - o) * m] * A->val[p];
    }
    int c = W->cone[j];
    if (c < 0) { J->val[W->pos[j]] += eps; continue; }
    int o = W->off[c], m = W->off[c + 1] - o;
    const double *Dc = W->D + 9 * c;
    for (int i = 0; i < m; i++)
      J->val[W->pos[o + i]] += (o + i == j ? 1.0 : 0.0) - (1.0 - eps) * Dc[i + (j - o) * m];
  }
}

static void work_free(work *W)
{
  free(W->off); free(W->cone); free(W->pos); free(W->D);
  free(W->y); free(W->z); free(W->phi); free(W->h); free(W->d); free(W->xt); free(W->ht);
  free(W->best);
  sn_csc_free(W->J);
}

static int work_init(work *W, const sn_socmlcp *P)
{
  memset(W, 0, sizeof *W);
  W->P = P;
  W->nf = P->nf;
  W->N = P->nf + P->n;
  W->nc = P->ncones;
  size_t n1 = (size_t)W->N + 1, c1 = (size_t)P->ncones + 1;
  W->off = malloc(sizeof(int) * c1);
  W->cone = malloc(sizeof(int) * n1);
  W->pos = malloc(sizeof(int) * n1);
  W->D = malloc(sizeof(double) * 9 * c1);
  double **v[] = {&W->y, &W->z, &W->phi, &W->h, &W->d, &W->xt, &W->ht, &W->best};
  int ok = W->off && W->cone && W->pos && W->D;
  for (size_t k = 0; k < sizeof v / sizeof v[0]; k++) ok = (*v[k] = calloc(n1, sizeof(double))) && ok;
  if (!ok) return SN_ERR_NOMEM;
  for (int i = 0; i < P->nf; i++) W->cone[i] = -1;
  W->off[0] = P->nf;
  for (int k = 0; k < P->ncones; k++) {
    W->off[k + 1] = W->off[k] + P->csize[k];
    for (int i = W->off[k]; i < W->off[k + 1]; i++) W->cone[i] = k;
  }
  return jac_pattern(W);
}

/* a scale for eps: the largest diagonal entry of A (else its largest entry, else 1) */
static double m_scale(const sn_csc *M)
{
  double dmax = 0, amax = 0;
  for (int j = 0; j < M->n; j++)
    for (int p = M->colptr[j]; p < M->colptr[j + 1]; p++) {
      amax = fmax(amax, fabs(M->val[p]));
      if (M->rowind[p] == j) dmax = fmax(dmax, M->val[p]);
    }
  return dmax > 0 ? dmax : (amax > 0 ? amax : 1.0);
}

static int all_finite(int n, const double *x)
{
  for (int k = 0; k < n; k++)
    if (!isfinite(x[k])) return 0;
  return 1;
}

/* factorize J_{mu,eps} at z (D already computed), raising eps while it is singular */
static int factor(work *W, const double *z, double mu, double *eps, double scale, sn_lu **F)
{
  for (int tries = 0;; tries++) {
    jac_values(W, *eps);
    int st = all_finite(W->J->nnz, W->J->val) ? sn_lu_factor(W->J, F) : SN_ERR_SINGULAR;
    if (st != SN_ERR_SINGULAR || tries >= FAIL_MAX) return st;
    *eps = fmax(10.0 * *eps, 1e-10 * scale);
    smoothed(W, z, mu, *eps, W->h, 1);
  }
}

/* options: mu0 > 0, eps0 >= 0 (negative: not given) */
static int options(const char *opt, double *mu0, double *eps0)
{
  double v;
  int st;
  *mu0 = 0.0;
  *eps0 = -1.0;
  if ((st = sn_option_double(opt, "mu0", &v)) < 0) return st;
  if (st == 1) { if (!(v > 0) || !isfinite(v)) return SN_ERR_ARG; *mu0 = v; }
  if ((st = sn_option_double(opt, "eps0", &v)) < 0) return st;
  if (st == 1) { if (!(v >= 0) || !isfinite(v)) return SN_ERR_ARG; *eps0 = v; }
  return SN_OK;
}

int sn_socmlcp_smooth(const sn_socmlcp *P, double *x, double *y, const sn_settings *s, sn_info *info)
{
  sn_settings def;
  if (!s) { sn_settings_default(&def); s = &def; }
  double t0 = sn_wtime(), mu0, eps0;
  if (info) sn_info_reset(info);
  int st = !P || !x || !y ? SN_ERR_ARG : sn_socmlcp_check(P, NULL, 0);
  static const char *const keys[] = {"mu0", "eps0", NULL};
  if (!st) st = sn_option_check(s->options, keys);
  if (!st) st = options(s->options, &mu0, &eps0);
  work W;
  if (!st && (st = work_init(&W, P))) work_free(&W);
  if (st) {
    if (info) info->status = st;
    return st;
  }
  int n = W.N;
  for (int i = 0; i < n; i++)
    if (!isfinite(x[i])) x[i] = 0.0;                /* a NaN warm start is no start */
  double scale = m_scale(P->A), sq = sqrt((double)(P->ncones > 0 ? P->ncones : 1));
  double err, beta = natural(&W, x, W.phi, &err), best_err = err;
  sn_copy(n, x, W.best);
  /* (4)/(6c) at k = 0: sqrt(ncones) mu_0 + eps_0 |x_0| <= alpha beta_0 */
  double xn = sn_nrm2(n, x);
  double mu = mu0 > 0 ? mu0 : fmax(ALPHA * beta / (2.0 * sq), DBL_MIN);
  double eps = eps0 >= 0 ? eps0 : fmin(0.1 * scale, xn > 0 ? ALPHA * beta / (2.0 * xn) : 0.1 * scale);
  int it = 0, fails = 0;
  st = SN_OK;
  while (!(err <= s->tol)) {
    if (it >= s->max_iter) { st = SN_MAX_ITER; break; }
    double hn = smoothed(&W, x, mu, eps, W.h, 1);
    sn_lu *F = NULL;
    int sf = factor(&W, x, mu, &eps, scale, &F);
    if (sf == SN_ERR_NOMEM || sf == SN_ERR_BACKEND) { st = sf; break; }
    if (sf == SN_OK) hn = sn_nrm2(n, W.h);                     /* eps may have grown */
    int moved = 0;
    double phin = beta;
    if (sf == SN_OK) {
      /* (6a) fast step on the unsmoothed residual */
      for (int i = 0; i < n; i++) W.ht[i] = -W.phi[i];
      if (sn_lu_solve(F, W.ht, W.d) == SN_OK && all_finite(n, W.d)) {
        for (int i = 0; i < n; i++) W.xt[i] = x[i] + W.d[i];
        double e2, p2 = natural(&W, W.xt, W.ht, &e2);
        if (p2 <= ETA * phin) { sn_copy(n, W.xt, x); moved = 1; }
      }
      /* (6b) damped Newton step on H_{mu,eps} with the Armijo rule */
      if (!moved) {
        for (int i = 0; i < n; i++) W.ht[i] = -W.h[i];
        if (sn_lu_solve(F, W.ht, W.d) == SN_OK && all_finite(n, W.d)) {
          double t = 1.0;
          for (int l = 0; l < LS_MAX; l++, t *= RHO) {
            for (int i = 0; i < n; i++) W.xt[i] = x[i] + t * W.d[i];
            double h2 = smoothed(&W, W.xt, mu, eps, W.ht, 0);
            if (h2 * h2 <= (1.0 - 2.0 * SIGMA * t) * hn * hn) { sn_copy(n, W.xt, x); moved = 1; break; }
          }
        }
      }
    }
    sn_lu_free(F);
    it++;
    double p1 = natural(&W, x, W.phi, &err);
    if (!isfinite(p1)) { sn_copy(n, W.best, x); st = SN_STALLED; break; }
    if (err < best_err) { best_err = err; sn_copy(n, x, W.best); }
    if (moved) {
      fails = 0;
      /* (6c) parameter update */
      double gap = smoothed(&W, x, mu, eps, W.ht, 0);   /* |H_k(x_{k+1})| */
      for (int i = 0; i < n; i++) W.ht[i] -= W.phi[i];
      gap = sn_nrm2(n, W.ht);
      if (p1 <= fmax(ETA * beta, gap / ALPHA)) {
        beta = p1;
        xn = sn_nrm2(n, x);
        mu = fmax(fmin(0.5 * mu, ALPHA * beta / (2.0 * sq)), DBL_MIN);
        eps = fmin(0.5 * eps, xn > 0 ? ALPHA * beta / (2.0 * xn) : 0.5 * eps);
      }
    } else {
      /* no step: more regularization (not monotone) or less smoothing (at the rounding floor) */
      if (++fails > FAIL_MAX) { st = SN_STALLED; break; }
      eps = fmax(10.0 * eps, 1e-10 * scale);
      beta = p1;
    }
    if ((st = sn_info_record(info, s, it, err, t0)) && !(err <= s->tol)) break;
    st = SN_OK;
  }
  if (st != SN_OK && best_err < err) { sn_copy(n, W.best, x); err = best_err; }
  apply(&W, 0.0, x, y);
  if (info) {
    info->status = st;
    info->iterations = it;
    info->error = sn_socmlcp_error_y(P, x, y);
    info->seconds = sn_wtime() - t0;
  }
  work_free(&W);
  return st;
}
