/* Primal-dual interior-point method for the monotone SOCLCP
 *   y = M x + q,  x in K,  y in K,  x . y = 0,   K = L^{m_1} x ... x L^{m_p}, m_k in {1, 2, 3},
 * and the frictional-contact wrapper sn_fc_socipm (the De Saxce fixed point of fc_via_soclcp.c).
 *
 * Infeasible path-following with Nesterov-Todd scaling and Mehrotra's predictor-corrector, in
 * the formulation of L. Vandenberghe, "The CVXOPT linear and quadratic cone program solvers"
 * (2010), sections 3-5, and F. Alizadeh, D. Goldfarb, "Second-order cone programming",
 * Math. Program. 95 (2003) 3-51, sections 4-5; the monotone-LCP form of the Newton system
 * follows S. J. Wright, "Primal-Dual Interior-Point Methods" (SIAM 1997), chapter 8.
 *
 * Jordan algebra of one cone L^m (x = (x0, x1)): x o y = (x . y, x0 y1 + y0 x1), e = (1, 0),
 * J = diag(1, -1, ..., -1), det x = x' J x; for L^1, x o y = x y, e = 1, det x = x.
 *
 * NT scaling (CVXOPT eqs. (28)-(33); Alizadeh-Goldfarb eq. (30)): for x, y in int K, per cone
 *   xb = x / sqrt(det x), yb = y / sqrt(det y),  beta = (det y / det x)^(1/4),
 *   g  = sqrt((1 + xb . yb) / 2),  w = (yb + J xb) / (2 g)       (w' J w = 1),
 *   W  = beta [[w0, w1'], [w1, I + w1 w1' / (1 + w0)]],
 *   W^-1 = (1/beta) [[w0, -w1'], [-w1, I + w1 w1' / (1 + w0)]],   W^2 = beta^2 (2 w w' - J),
 * so that W x = W^-1 y = lambda (the scaled point) and W^2 x = y; for L^1, W = sqrt(y / x).
 *
 * Newton system at (x, y), residual r = M x + q - y, mu = x . y / p (p cones, x o y = mu e on the
 * central path):
 *   M dx - dy = -r,    lambda o (W dx + W^-1 dy) = d,
 * hence dy = W (lambda \ d) - W^2 dx and
 *   (M + W^2) dx = -r + W (lambda \ d)                                        (*)
 * with lambda \ d the solution u of lambda o u = d (Arw(lambda) u = d). M + W^2 is assembled
 * sparse (W^2 is block diagonal) and factorized by UMFPACK (sn_lu_*; M may be non-symmetric);
 * both right-hand sides use that one factorization, each solve with one step of iterative
 * refinement.
 *   predictor (affine): d = -lambda o lambda  (so W (lambda \ d) = -y);
 *   step alpha_a to the boundary, mu_a = (x + a dx_a) . (y + a dy_a) / p, sigma = (mu_a/mu)^3;
 *   corrector (Mehrotra): d = sigma mu e - lambda o lambda - (W dx_a) o (W^-1 dy_a);
 *   x, y += alpha (dx, dy), alpha = min(1, eta alpha_max), eta = 0.99 (fraction to the
 *   boundary), one step length for x and y so that r shrinks by (1 - alpha).
 *
 * Start: cold, (x, y) = (a e, b e) per cone with b = |q|_inf, a = b / max|M_ii| (perfectly
 * centred: x o y = a b e); warm, the given x with y = M x + q, each shifted along e into the
 * interior (Mehrotra's LP heuristic, Wright ch. 10: -1.5 x the most negative eigenvalue, then
 * 0.5 x.y / sum(y0) and 0.5 x.y / sum(x0)), every cone at least shift x |x|_inf (resp.
 * |y|_inf) inside, shift = 1e-5. A small shift keeps the path near the warm start: when the
 * solution is not unique (singular M = D W D of multi-body data) the IPM then returns a solution
 * near the previous one, which the undamped De Saxce fixed point of fc_via_soclcp.c needs: with
 * shift = 1e-2 it cycles (period 3, error ~3e-6) on Capsules-i125-1213, whose outer iteration
 * stays sensitive to which solution the inner solver returns.
 *
 * Three phases, all counted in info->iterations (one sparse LU each, and at most two more per
 * Newton phase for its Levenberg-Marquardt retries):
 *  1. from a non-zero warm start, up to 3 Newton steps on the natural map (below): a warm start
 *     from the previous outer iteration is often solved in one or two;
 *  2. the interior-point iterations above, until tol, or until the step length collapses
 *     (alpha < 0.05) or mu stops halving three times in a row;
 *  3. up to 10 Newton steps from the IPM's best iterate: where strict complementarity fails the
 *     IPM's residual falls only like sqrt(mu) and stalls near 1e-9 (mu at its floor ~1e-14 of
 *     x.y), the Newton steps take it on to 1e-12 and below when the solution set allows.
 *
 * The error is sn_soclcp_error at the iterate x (with y = M x + q, not the IPM's y); the best
 * iterate is kept and returned. The complementarity gap x . y / n of the IPM iterates
 * (n = P->n) is the other measure: with the option history=gap the history stores it instead
 * of the error (info->error stays sn_soclcp_error). Never loops: SN_STALLED when the Newton
 * matrix is singular (M not monotone), the iterate leaves the interior, or phases 2 and 3 end
 * above tol; SN_MAX_ITER, SN_TIME_LIMIT as usual.
 *
 * Options: eta=0.99 (fraction to the boundary, in (0, 1)), start=auto|cold|warm (auto: warm
 * when the given x is non-zero), shift=1e-5 (in (0, 1]), polish=10 (Newton steps of phase 3;
 * 0: a pure IPM), lm=3 (phases whose Newton steps may enlarge delta after a failed step: 1 the
 * first, 2 the third, 3 both, 0 none), refine=1 (refinement steps, 0..5), history=error|gap. */
#include "signorini/solver.h"
#include "solver/verdict.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  const sn_soclcp *P;
  int n, p;
  int *off;                  /* cone offsets, p + 1 */
  double *W, *Wi, *W2, *lam; /* per cone: 9, 9, 9, 3 doubles */
  int nblk;                  /* entries of the block diagonal of W^2 */
  int *cone;                 /* cone of each row, n */
  int *ti, *tj;              /* triplets of M + W^2, or of the polish Jacobian */
  double *tx;
  sn_csc *H;
  sn_lu *F;
} ipm_ws;

/* ---- one cone ---- */

/* det x = x0^2 - |x1|^2 computed as (x0 - |x1|)(x0 + |x1|); x0 for L^1 */
static double soc_det(int m, const double *x)
{
  if (m == 1) return x[0];
  double t = m == 3 ? hypot(x[1], x[2]) : fabs(x[1]);
  return (x[0] - t) * (x[0] + t);
}

/* smallest eigenvalue x0 - |x1| */
static double soc_lmin(int m, const double *x)
{
  if (m == 1) return x[0];
  return x[0] - (m == 3 ? hypot(x[1], x[2]) : fabs(x[1]));
}

/* z = x o y */
static void soc_prod(int m, const double *x, const double *y, double *z)
{
  double z0 = 0.0;
  for (int k = 0; k < m; k++) z0 += x[k] * y[k];
  for (int k = 1; k < m; k++) z[k] = x[0] * y[k] + y[0] * x[k];
  z[0] = z0;
}

/* u = lambda \ d: Arw(lambda) u = d, u0 = (l0 d0 - l1.d1) / det l, u1 = (d1 - u0 l1) / l0 */
static void soc_div(int m, const double *l, const double *d, double *u)
{
  if (m == 1) { u[0] = d[0] / l[0]; return; }
  double ld = 0.0;
  for (int k = 1; k < m; k++) ld += l[k] * d[k];
  double u0 = (l[0] * d[0] - ld) / soc_det(m, l);
  for (int k = 1; k < m; k++) u[k] = (d[k] - u0 * l[k]) / l[0];
  u[0] = u0;
}

/* y = A x for a symmetric m x m block stored column-major in 9 doubles (leading dimension m) */
static void blk_mul(int m, const double *A, const double *x, double *y)
{
  for (int i = 0; i < m; i++) {
    double s = 0.0;
    for (int j = 0; j < m; j++) s += A[j * m + i] * x[j];
    y[i] = s;
  }
}

/* Largest a with x + a d in L^m (x interior), DBL_MAX if unbounded: the smallest positive
 * root of det(x + a d) = A a^2 + 2 B a + C, C = det x > 0 (the set of feasible a is an
 * interval and x0 + a d0 cannot change sign before det does). */
static double soc_max_step(int m, const double *x, const double *d)
{
  if (m == 1) return d[0] < 0 ? -x[0] / d[0] : DBL_MAX;
  double A = d[0] * d[0], B = x[0] * d[0], C = soc_det(m, x);
  for (int k = 1; k < m; k++) { A -= d[k] * d[k]; B -= x[k] * d[k]; }
  double best = DBL_MAX;
  if (A == 0.0) return B < 0 ? -C / (2.0 * B) : DBL_MAX;
  double disc = B * B - A * C;
  if (disc < 0) return DBL_MAX;                       /* A > 0, det stays positive */
  double t = -(B + copysign(sqrt(disc), B));          /* roots t / A and C / t */
  if (t != 0.0) {
    double r1 = t / A, r2 = C / t;
    if (r1 > 0) best = fmin(best, r1);
    if (r2 > 0) best = fmin(best, r2);
  }
  return best;
}

/* NT scaling of one cone; -1 if x or y is not interior */
static int nt_scaling(int m, const double *x, const double *y, double *W, double *Wi, double *W2,
                      double *lam)
{
  if (m == 1) {
    if (!(x[0] > 0) || !(y[0] > 0)) return -1;
    W[0] = sqrt(y[0] / x[0]);
    Wi[0] = 1.0 / W[0];
    W2[0] = y[0] / x[0];
    lam[0] = sqrt(x[0] * y[0]);
    return 0;
  }
  double dx = soc_det(m, x), dy = soc_det(m, y);
  if (!(dx > 0) || !(dy > 0) || !(x[0] > 0) || !(y[0] > 0)) return -1;
  double nx = sqrt(dx), ny = sqrt(dy), beta = sqrt(ny / nx);
  double xb[3], yb[3], w[3], xy = 0.0;
  for (int k = 0; k < m; k++) { xb[k] = x[k] / nx; yb[k] = y[k] / ny; xy += xb[k] * yb[k]; }
  double g = sqrt(0.5 * (1.0 + xy));
  w[0] = (yb[0] + xb[0]) / (2.0 * g);
  for (int k = 1; k < m; k++) w[k] = (yb[k] - xb[k]) / (2.0 * g);
  double c = 1.0 / (1.0 + w[0]);
  for (int i = 0; i < m; i++)
    for (int j = 0; j < m; j++) {
      double hij;                                     /* [[w0, w1'], [w1, I + w1 w1'/(1+w0)]] */
      if (i == 0 && j == 0) hij = w[0];
      else if (i == 0) hij = w[j];
      else if (j == 0) hij = w[i];
      else hij = (i == j ? 1.0 : 0.0) + c * w[i] * w[j];
      double sij = (i == 0) != (j == 0) ? -1.0 : 1.0;  /* the inverse flips the w1 border */
      W[j * m + i] = beta * hij;
      Wi[j * m + i] = sij * hij / beta;
      double jij = i == j ? (i == 0 ? 1.0 : -1.0) : 0.0;
      W2[j * m + i] = beta * beta * (2.0 * w[i] * w[j] - jij);
    }
  blk_mul(m, W, x, lam);
  return 0;
}

/* the natural-map residual with y = M x + q given; infinite, never NaN, on overflow */
static double nat_error(const sn_soclcp *P, const double *x, const double *y)
{
  double e = sn_soclcp_error_y(P, x, y);
  return isfinite(e) ? e : INFINITY;
}

/* ---- the Newton matrix ---- */

static int ws_init(ipm_ws *w, const sn_soclcp *P)
{
  memset(w, 0, sizeof *w);
  w->P = P;
  w->n = P->n;
  w->p = P->ncones;
  size_t p1 = (size_t)w->p + 1;
  w->off = malloc(sizeof(int) * p1);
  w->W = malloc(sizeof(double) * 9 * p1);
  w->Wi = malloc(sizeof(double) * 9 * p1);
  w->W2 = malloc(sizeof(double) * 9 * p1);
  w->lam = malloc(sizeof(double) * 3 * p1);
  if (!w->off || !w->W || !w->Wi || !w->W2 || !w->lam) return SN_ERR_NOMEM;
  w->cone = malloc(sizeof(int) * ((size_t)w->n + 1));
  if (!w->cone) return SN_ERR_NOMEM;
  w->off[0] = 0;
  for (int k = 0; k < w->p; k++) {
    int m = P->csize[k];
    w->off[k + 1] = w->off[k] + m;
    w->nblk += m * m;
    for (int i = w->off[k]; i < w->off[k + 1]; i++) w->cone[i] = k;
  }
  size_t nt = 3 * (size_t)P->M->nnz + (size_t)w->nblk + 1;
  w->ti = malloc(sizeof(int) * nt);
  w->tj = malloc(sizeof(int) * nt);
  w->tx = malloc(sizeof(double) * nt);
  if (!w->ti || !w->tj || !w->tx) return SN_ERR_NOMEM;
  return SN_OK;
}

static void ws_free(ipm_ws *w)
{
  free(w->off); free(w->cone); free(w->W); free(w->Wi); free(w->W2); free(w->lam);
  free(w->ti); free(w->tj); free(w->tx);
  sn_csc_free(w->H);
  sn_lu_free(w->F);
}

/* scale every cone at (x, y), assemble H = M + W^2 and factorize it */
static int newton_matrix(ipm_ws *w, const double *x, const double *y)
{
  const sn_csc *M = w->P->M;
  for (int k = 0; k < w->p; k++) {
    int o = w->off[k], m = w->off[k + 1] - o;
    if (nt_scaling(m, x + o, y + o, w->W + 9 * k, w->Wi + 9 * k, w->W2 + 9 * k, w->lam + 3 * k))
      return SN_STALLED;
  }
  int t = 0;
  for (int j = 0; j < M->n; j++)
    for (int q = M->colptr[j]; q < M->colptr[j + 1]; q++) {
      w->ti[t] = M->rowind[q]; w->tj[t] = j; w->tx[t++] = M->val[q];
    }
  for (int k = 0; k < w->p; k++) {
    int o = w->off[k], m = w->off[k + 1] - o;
    for (int j = 0; j < m; j++)
      for (int i = 0; i < m; i++) {
        w->ti[t] = o + i; w->tj[t] = o + j; w->tx[t++] = w->W2[9 * k + j * m + i];
      }
  }
  sn_csc_free(w->H);
  w->H = NULL;
  sn_lu_free(w->F);
  w->F = NULL;
  int st = sn_csc_from_triplets(w->n, w->n, t, w->ti, w->tj, w->tx, &w->H);
  if (st) return st;
  st = sn_lu_factor(w->H, &w->F);
  if (st == SN_ERR_SINGULAR) return SN_STALLED;      /* M + W^2 singular: M not monotone */
  return st;
}

/* H dx = b with `refine` steps of iterative refinement (res: workspace of n) */
static int newton_solve(ipm_ws *w, const double *b, double *dx, double *res, int refine)
{
  int st = sn_lu_solve(w->F, b, dx);
  for (int it = 0; !st && it < refine; it++) {
    sn_copy(w->n, b, res);
    sn_csc_gemv(w->H, -1.0, dx, 1.0, res);
    st = sn_lu_solve(w->F, res, res);
    if (!st) sn_axpy(w->n, 1.0, res, dx);
  }
  for (int i = 0; !st && i < w->n; i++)
    if (!isfinite(dx[i])) st = SN_STALLED;
  return st;
}

/* direction for the complementarity target d (per cone, in d): dx from (*), dy = W g - W^2 dx,
 * g = lambda \ d; r = M x + q - y; b, g, res: workspaces */
static int direction(ipm_ws *w, const double *r, const double *d, double *dx, double *dy,
                     double *b, double *g, double *res, int refine)
{
  for (int k = 0; k < w->p; k++) {
    int o = w->off[k], m = w->off[k + 1] - o;
    double Wg[3];
    soc_div(m, w->lam + 3 * k, d + o, g + o);
    blk_mul(m, w->W + 9 * k, g + o, Wg);
    for (int i = 0; i < m; i++) b[o + i] = -r[o + i] + Wg[i];
  }
  int st = newton_solve(w, b, dx, res, refine);
  if (st) return st;
  for (int k = 0; k < w->p; k++) {
    int o = w->off[k], m = w->off[k + 1] - o;
    double Wg[3], W2dx[3];
    blk_mul(m, w->W + 9 * k, g + o, Wg);
    blk_mul(m, w->W2 + 9 * k, dx + o, W2dx);
    for (int i = 0; i < m; i++) dy[o + i] = Wg[i] - W2dx[i];
  }
  return SN_OK;
}

static double max_step(const ipm_ws *w, const double *x, const double *dx, const double *y,
                       const double *dy)
{
  double a = DBL_MAX;
  for (int k = 0; k < w->p; k++) {
    int o = w->off[k], m = w->off[k + 1] - o;
    a = fmin(a, soc_max_step(m, x + o, dx + o));
    a = fmin(a, soc_max_step(m, y + o, dy + o));
  }
  return a;
}

/* shift x and y along e into the interior (Mehrotra's heuristic, floored by `floor_x/y`) */
static void shift_start(const ipm_ws *w, double *x, double *y, double floor_x, double floor_y)
{
  double lx = DBL_MAX, ly = DBL_MAX;
  for (int k = 0; k < w->p; k++) {
    int o = w->off[k], m = w->off[k + 1] - o;
    lx = fmin(lx, soc_lmin(m, x + o));
    ly = fmin(ly, soc_lmin(m, y + o));
  }
  double sx = fmax(-1.5 * lx, 0.0), sy = fmax(-1.5 * ly, 0.0);
  for (int k = 0; k < w->p; k++) { x[w->off[k]] += sx; y[w->off[k]] += sy; }
  double xy = sn_dot(w->n, x, y), ex = 0.0, ey = 0.0;
  for (int k = 0; k < w->p; k++) { ex += x[w->off[k]]; ey += y[w->off[k]]; }
  double hx = ey > 0 ? 0.5 * xy / ey : 0.0, hy = ex > 0 ? 0.5 * xy / ex : 0.0;
  if (!isfinite(hx)) hx = 0.0;
  if (!isfinite(hy)) hy = 0.0;
  for (int k = 0; k < w->p; k++) {
    int o = w->off[k], m = w->off[k + 1] - o;
    x[o] += hx;
    y[o] += hy;
    /* every cone at least floor inside (smallest eigenvalue) */
    double ax = soc_lmin(m, x + o), ay = soc_lmin(m, y + o);
    if (!(ax >= floor_x)) x[o] += floor_x - (isfinite(ax) ? ax : 0.0);
    if (!(ay >= floor_y)) y[o] += floor_y - (isfinite(ay) ? ay : 0.0);
  }
}

/* ---- the local phase: semismooth Newton on the natural map ----
 * F(x) = x - P_K(x - (M x + q)) (the residual of sn_soclcp_error), generalized Jacobian
 * J = (I - D) + D (M + delta I), D = blockdiag of elements of the B-subdifferential of P_K at
 * z = x - (M x + q) (semismooth Newton: J.-S. Pang, L. Qi, SIAM J. Optim. 3 (1993) 443-465; the
 * derivative of P_{L^m} from its spectral decomposition: M. Fukushima, Z.-Q. Luo, P. Tseng,
 * SIAM J. Optim. 12 (2002) 436-460), delta = lm min(1e-4, error) max|M_ii| a proximal
 * (Levenberg-Marquardt) term that keeps J regular when the solution is not unique (singular M):
 * delta ~ |F| as in J. Fan, Y. Yuan, Computing 74 (2005) 23-39, lm multiplied by 100 after a
 * failed or tiny step (at most twice a phase), divided by 10 after a good one; Armijo
 * backtracking on |F|.
 * Why: where strict complementarity fails (contacts with zero force and zero gap, sticking on the
 * cone's boundary) the IPM's residual only falls like sqrt(mu) and stalls near 1e-9; from the
 * IPM's last iterate, or from a good warm start, a few Newton steps on F reach 1e-12 and below. */

/* an element of the B-subdifferential of P_{L^m} at z (m x m, column-major) */
static void soc_proj_jac(int m, const double *z, double *D)
{
  for (int k = 0; k < m * m; k++) D[k] = 0.0;
  if (m == 1) { D[0] = z[0] > 0 ? 1.0 : 0.0; return; }
  double t = m == 3 ? hypot(z[1], z[2]) : fabs(z[1]);
  if (z[0] > t) { for (int k = 0; k < m; k++) D[k * m + k] = 1.0; return; }
  if (z[0] <= -t || t == 0.0) return;
  double a = z[0] / t, zh[3] = {0.0, z[1] / t, m == 3 ? z[2] / t : 0.0};
  D[0] = 0.5;                         /* (1/2) [[1, zh'], [zh, (1 + a) I - a zh zh']] */
  for (int i = 1; i < m; i++) {
    D[i * m] = D[i] = 0.5 * zh[i];
    for (int j = 1; j < m; j++) D[j * m + i] = 0.5 * ((i == j ? 1.0 + a : 0.0) - a * zh[i] * zh[j]);
  }
}

/* F = x - P_K(x - y); returns |F| */
static double nat_map(const ipm_ws *w, const double *x, const double *y, double *F)
{
  double sum = 0.0;
  for (int k = 0; k < w->p; k++) {
    int o = w->off[k], m = w->off[k + 1] - o;
    double t[3];
    for (int j = 0; j < m; j++) t[j] = x[o + j] - y[o + j];
    sn_proj_soc(m, t);
    for (int j = 0; j < m; j++) { F[o + j] = x[o + j] - t[j]; sum += F[o + j] * F[o + j]; }
  }
  return sqrt(sum);
}

/* J = (I - D) + D (M + delta I), factorized into w->F */
static int polish_matrix(ipm_ws *w, const double *x, const double *y, double delta)
{
  const sn_csc *M = w->P->M;
  double *D = w->W2;                  /* the scaling blocks are free in this phase */
  for (int k = 0; k < w->p; k++) {
    int o = w->off[k], m = w->off[k + 1] - o;
    double z[3] = {0.0, 0.0, 0.0};
    for (int j = 0; j < m; j++) z[j] = x[o + j] - y[o + j];
    soc_proj_jac(m, z, D + 9 * k);
  }
  int t = 0;
  for (int j = 0; j < M->n; j++)
    for (int q = M->colptr[j]; q < M->colptr[j + 1]; q++) {
      int i = M->rowind[q], k = w->cone[i], o = w->off[k], m = w->off[k + 1] - o, a = i - o;
      for (int b = 0; b < m; b++) {   /* (D M)_{o+b, j} += D_{b a} M_{i j} */
        double v = D[9 * k + a * m + b] * M->val[q];
        if (v != 0.0) { w->ti[t] = o + b; w->tj[t] = j; w->tx[t++] = v; }
      }
    }
  for (int k = 0; k < w->p; k++) {
    int o = w->off[k], m = w->off[k + 1] - o;
    for (int a = 0; a < m; a++)
      for (int b = 0; b < m; b++) {
        double dba = D[9 * k + a * m + b];
        w->ti[t] = o + b; w->tj[t] = o + a; w->tx[t++] = (a == b ? 1.0 : 0.0) - dba + delta * dba;
      }
  }
  sn_csc_free(w->H);
  w->H = NULL;
  sn_lu_free(w->F);
  w->F = NULL;
  int st = sn_csc_from_triplets(w->n, w->n, t, w->ti, w->tj, w->tx, &w->H);
  if (!st) st = sn_lu_factor(w->H, &w->F);
  return st;
}

/* ---- the solver ---- */

typedef struct {
  double eta;
  int start;     /* 0 auto, 1 cold, 2 warm */
  int gap_hist;
  int refine;
  int polish;    /* Newton steps allowed in the local phase (0: pure IPM) */
  double shift;  /* a warm start is moved this far (relative) into the interior */
  int lm;        /* phases whose Newton steps may raise delta: bit 1 phase 1, bit 2 phase 3 */
} ipm_opts;

static int parse_opts(const char *options, ipm_opts *o)
{
  o->eta = 0.99;
  o->start = 0;
  o->gap_hist = 0;
  o->refine = 1;
  o->polish = 10;
  o->shift = 1e-5;
  o->lm = 3;
  static const char *const keys[] = {"eta",   "refine", "shift",   "lm",
                                     "polish", "start", "history", NULL};
  int st = sn_option_check(options, keys);   /* unknown keys are refused */
  if (st) return st;
  double v;
  char buf[16];
  if ((st = sn_option_double(options, "eta", &v)) < 0) return st;
  if (st == 1) { if (!(v > 0 && v < 1)) return SN_ERR_ARG; o->eta = v; }
  if ((st = sn_option_double(options, "refine", &v)) < 0) return st;
  if (st == 1) { if (!(v >= 0 && v <= 5)) return SN_ERR_ARG; o->refine = (int)v; }
  if ((st = sn_option_double(options, "shift", &v)) < 0) return st;
  if (st == 1) { if (!(v > 0 && v <= 1)) return SN_ERR_ARG; o->shift = v; }
  if ((st = sn_option_double(options, "lm", &v)) < 0) return st;
  if (st == 1) { if (!(v >= 0 && v <= 3)) return SN_ERR_ARG; o->lm = (int)v; }
  if ((st = sn_option_double(options, "polish", &v)) < 0) return st;
  if (st == 1) { if (!(v >= 0 && v <= 1000)) return SN_ERR_ARG; o->polish = (int)v; }
  if ((st = sn_option_string(options, "start", buf, sizeof buf)) < 0) return st;
  if (st == 1) {
    if (!strcmp(buf, "auto")) o->start = 0;
    else if (!strcmp(buf, "cold")) o->start = 1;
    else if (!strcmp(buf, "warm")) o->start = 2;
    else return SN_ERR_UNKNOWN;
  }
  if ((st = sn_option_string(options, "history", buf, sizeof buf)) < 0) return st;
  if (st == 1) {
    if (!strcmp(buf, "gap")) o->gap_hist = 1;
    else if (strcmp(buf, "error")) return SN_ERR_UNKNOWN;
  }
  return SN_OK;
}

/* the state shared by the phases */
typedef struct {
  const sn_soclcp *P;
  const sn_settings *s;
  sn_info *info;
  double t0;
  ipm_opts o;
  int it;                   /* iterations so far (IPM and Newton) */
  double best_err;
  double *best;             /* best iterate */
  double dmax;              /* max |M_ii| */
} ipm_run;

/* keep the best, record the iteration; *done = 1 when the solve is over (tol met, callback,
 * time limit, max_iter), with the status returned */
static int ipm_record(ipm_run *R, const double *x, double err, double gap, int *done)
{
  int n = R->P->n;
  R->it++;
  if (err < R->best_err) { R->best_err = err; sn_copy(n, x, R->best); }
  int rec = sn_info_record(R->info, R->s, R->it, R->o.gap_hist ? gap : err, R->t0);
  if (R->info && R->o.gap_hist) R->info->error = err;
  *done = 1;
  if (err <= R->s->tol) return SN_OK;
  if (rec) return rec;
  if (R->it >= R->s->max_iter) return SN_MAX_ITER;
  *done = 0;
  return SN_OK;
}

/* up to maxit Newton steps from x (y = M x + q on entry and exit); *done when finished for good.
 * Returns SN_STALLED when a step brings no decrease, or after two steps in a row that do not
 * halve |F| (Newton is then not in its region of fast convergence: leave it to the IPM). */
static int polish(ipm_run *R, ipm_ws *w, double *x, double *y, int maxit, int adapt, double *buf,
                  int *done)
{
  const sn_soclcp *P = R->P;
  int n = P->n, st = SN_STALLED, weak = 0, tries = 0;
  double *F = buf, *dx = buf + n, *Mdx = buf + 2 * n, *xt = buf + 3 * n, *yt = buf + 4 * n,
         *res = buf + 5 * n, lm = 1.0;
  *done = 0;
  double fn = nat_map(w, x, y, F);
  for (int k = 0; k < maxit; k++) {
    double err = nat_error(P, x, y);
    double delta = fmin(1.0, lm * fmin(1e-4, err)) * R->dmax;
    if ((st = polish_matrix(w, x, y, delta))) return st == SN_ERR_SINGULAR ? SN_STALLED : st;
    for (int i = 0; i < n; i++) res[i] = -F[i];
    if ((st = newton_solve(w, res, dx, xt, R->o.refine))) return st;
    sn_csc_gemv(P->M, 1.0, dx, 0.0, Mdx);
    double t = 1.0, ft = INFINITY;
    int ok = 0;
    for (int ls = 0; ls < 12; ls++, t *= 0.5) {      /* Armijo on |F| */
      for (int i = 0; i < n; i++) { xt[i] = x[i] + t * dx[i]; yt[i] = y[i] + t * Mdx[i]; }
      ft = nat_map(w, xt, yt, res);
      if ((ok = ft <= (1.0 - 1e-4 * t) * fn)) break;
    }
    if (!ok || t < 0.01) {                           /* Levenberg-Marquardt: a larger delta */
      if (!ok && (!(adapt & R->o.lm) || lm >= 1e4 || ++tries > 2)) return SN_STALLED;
      lm = fmin(lm * 100.0, 1e4);
      if (!ok) { k--; continue; }
    } else {
      lm = fmax(lm / 10.0, 1.0);
    }
    sn_copy(n, xt, x);
    sn_copy(n, P->q, y);                             /* y = M x + q afresh, no drift */
    sn_csc_gemv(P->M, 1.0, x, 1.0, y);
    ft = nat_map(w, x, y, F);
    weak = ft > 0.5 * fn ? weak + 1 : 0;
    fn = ft;
    st = ipm_record(R, x, nat_error(P, x, y), sn_dot(n, x, y) / n, done);
    if (*done) return st;
    if (weak >= 2) return SN_STALLED;
  }
  return SN_STALLED;
}

/* the interior-point phase from the given start; on return x = its best iterate */
static int ipm_phase(ipm_run *R, ipm_ws *w, double *x, double *y, int warm, double *buf,
                     int *done)
{
  const sn_soclcp *P = R->P;
  int n = P->n, st;
  double *xi = buf, *yi = buf + n, *r = buf + 2 * n, *dx = buf + 3 * n, *dy = buf + 4 * n;
  double *dxa = buf + 5 * n, *dya = buf + 6 * n, *d = buf + 7 * n, *b = buf + 8 * n;
  double *g = buf + 9 * n, *res = buf + 10 * n, *pbest = buf + 11 * n;
  *done = 0;
  /* starting point */
  double qs = sn_nrminf(n, P->q);
  if (!(qs > 0)) qs = 1.0;
  double ax = qs / R->dmax, ay = qs, xs = sn_nrminf(n, x);
  if (warm && xs > 0) { ay = fmax(sn_nrminf(n, y), DBL_MIN); ax = xs; }
  if (warm) { sn_copy(n, x, xi); sn_copy(n, y, yi); }
  else { sn_fill(n, 0.0, xi); sn_fill(n, 0.0, yi); }
  shift_start(w, xi, yi, (warm ? R->o.shift : 1.0) * ax, (warm ? R->o.shift : 1.0) * ay);

  double pbest_err = INFINITY, mu_prev = INFINITY;
  int slow = 0;
  st = SN_STALLED;
  for (;;) {
    sn_copy(n, P->q, r);                             /* r = M x + q - y */
    sn_csc_gemv(P->M, 1.0, xi, 1.0, r);
    sn_axpy(n, -1.0, yi, r);
    double mu = sn_dot(n, xi, yi) / (w->p > 0 ? w->p : 1);
    if ((st = newton_matrix(w, xi, yi))) break;
    for (int k = 0; k < w->p; k++) {                 /* predictor: d = -lambda o lambda */
      int oo = w->off[k], m = w->off[k + 1] - oo;
      soc_prod(m, w->lam + 3 * k, w->lam + 3 * k, d + oo);
      for (int i = 0; i < m; i++) d[oo + i] = -d[oo + i];
    }
    if ((st = direction(w, r, d, dxa, dya, b, g, res, R->o.refine))) break;
    double aa = fmin(1.0, max_step(w, xi, dxa, yi, dya));
    double mua = 0.0;
    for (int i = 0; i < n; i++) mua += (xi[i] + aa * dxa[i]) * (yi[i] + aa * dya[i]);
    mua /= (w->p > 0 ? w->p : 1);
    double sigma = mu > 0 ? pow(fmax(mua, 0.0) / mu, 3.0) : 0.0;
    if (!(sigma <= 1.0)) sigma = 1.0;
    for (int k = 0; k < w->p; k++) {                 /* corrector */
      int oo = w->off[k], m = w->off[k + 1] - oo;
      double ll[3], u[3], v[3], uv[3];
      soc_prod(m, w->lam + 3 * k, w->lam + 3 * k, ll);
      blk_mul(m, w->W + 9 * k, dxa + oo, u);
      blk_mul(m, w->Wi + 9 * k, dya + oo, v);
      soc_prod(m, u, v, uv);
      for (int i = 0; i < m; i++) d[oo + i] = -ll[i] - uv[i] + (i == 0 ? sigma * mu : 0.0);
    }
    if ((st = direction(w, r, d, dx, dy, b, g, res, R->o.refine))) break;
    double alpha = fmin(1.0, R->o.eta * max_step(w, xi, dx, yi, dy));
    sn_axpy(n, alpha, dx, xi);
    sn_axpy(n, alpha, dy, yi);
    sn_copy(n, P->q, y);                             /* the error at x, y = M x + q */
    sn_csc_gemv(P->M, 1.0, xi, 1.0, y);
    double err = nat_error(P, xi, y);
    if (err < pbest_err) { pbest_err = err; sn_copy(n, xi, pbest); }
    st = ipm_record(R, xi, err, sn_dot(n, xi, yi) / n, done);
    if (*done) break;
    /* stalled: the step length collapses, or mu stops decreasing */
    double mu_new = sn_dot(n, xi, yi) / (w->p > 0 ? w->p : 1);
    slow = (alpha < 0.05 || !(mu_new < 0.5 * mu_prev)) ? slow + 1 : 0;
    mu_prev = mu_new;
    if (slow >= 3 || !isfinite(mu_new)) { st = SN_STALLED; break; }
  }
  if (pbest_err < INFINITY) {
    sn_copy(n, pbest, x);
    sn_copy(n, P->q, y);
    sn_csc_gemv(P->M, 1.0, x, 1.0, y);
  }
  return st;
}

static int ipm_solve(const sn_soclcp *P, double *x, double *y, const sn_settings *s,
                     sn_info *info, double t0, ipm_ws *w)
{
  ipm_run R;
  memset(&R, 0, sizeof R);
  R.P = P; R.s = s; R.info = info; R.t0 = t0;
  int st = parse_opts(s->options, &R.o), n = P->n, done = 0;
  if (st) return st;
  if ((st = ws_init(w, P))) return st;
  size_t sz = (size_t)(n > 0 ? n : 1);
  double *buf = malloc(sizeof(double) * sz * 14);
  if (!buf) return SN_ERR_NOMEM;
  R.best = buf + 12 * sz;
  double *xw = buf + 13 * sz;
  R.dmax = 0.0;
  for (int j = 0; j < P->M->n; j++)
    for (int q = P->M->colptr[j]; q < P->M->colptr[j + 1]; q++)
      if (P->M->rowind[q] == j) R.dmax = fmax(R.dmax, fabs(P->M->val[q]));
  if (!(R.dmax > 0)) R.dmax = 1.0;

  for (int i = 0; i < n; i++)
    if (!isfinite(x[i])) { sn_fill(n, 0.0, x); break; }  /* a NaN warm start is no start */
  sn_copy(n, P->q, y);
  sn_csc_gemv(P->M, 1.0, x, 1.0, y);
  R.best_err = nat_error(P, x, y);
  sn_copy(n, x, R.best);
  st = SN_MAX_ITER;
  if (R.best_err <= s->tol) { st = SN_OK; goto finish; }
  if (s->max_iter <= 0) goto finish;
  int warm = R.o.start == 2 || (R.o.start == 0 && sn_nrminf(n, x) > 0);
  /* 1. a good warm start: Newton from it (a few steps, or on to the IPM) */
  sn_copy(n, x, xw);
  if (warm && R.o.polish > 0) {
    st = polish(&R, w, x, y, R.o.polish < 3 ? R.o.polish : 3, 1, buf, &done);
    if (done || st < 0) goto finish;
    sn_copy(n, xw, x);
    sn_copy(n, P->q, y);
    sn_csc_gemv(P->M, 1.0, x, 1.0, y);
  }
  /* 2. the interior-point method */
  st = ipm_phase(&R, w, x, y, warm, buf, &done);
  if (done || st < 0) goto finish;
  /* 3. Newton from the IPM's best iterate */
  if (R.o.polish > 0) {
    sn_copy(n, R.best, x);
    sn_copy(n, P->q, y);
    sn_csc_gemv(P->M, 1.0, x, 1.0, y);
    st = polish(&R, w, x, y, R.o.polish, 2, buf, &done);
    if (st == SN_OK && !done) st = SN_STALLED;
  }
finish:
  sn_copy(n, R.best, x);
  sn_copy(n, P->q, y);
  sn_csc_gemv(P->M, 1.0, x, 1.0, y);
  if (info) {
    double e = sn_soclcp_error(P, x);                /* the reported error is exactly this */
    info->iterations = R.it;
    info->error = e >= 0 ? e : R.best_err;
  }
  free(buf);
  return st;
}

int sn_soclcp_ipm(const sn_soclcp *P, double *x, double *y, const sn_settings *s, sn_info *info)
{
  double t0 = sn_wtime();
  if (info) sn_info_reset(info);
  sn_settings def;
  if (!s) { sn_settings_default(&def); s = &def; }
  int st;
  if (!P || !x || !y) st = SN_ERR_ARG;
  else st = sn_soclcp_check(P, NULL, 0);
  if (!st) {
    ipm_ws w;
    memset(&w, 0, sizeof w);
    st = ipm_solve(P, x, y, s, info, t0, &w);
    ws_free(&w);
  }
  if (info) {
    info->status = st;
    info->seconds = sn_wtime() - t0;
  }
  return st;
}

int sn_fc_socipm(const sn_fc *P, double *r, double *u, const sn_settings *s, sn_info *info)
{
  return sn_fc_via_soclcp_named(P, sn_soclcp_ipm, "socipm", r, u, s, info);
}
