/* Local frictional contact (W, q, mu) by ADMM on the Delassus operator W ("admm_w").
 *
 * At a fixed De Saxce term s (s_i = [mu_i |u_T,i|, 0(, 0)], u = W r + q; G. De Saxce, Z.-Q. Feng,
 * "New inequality and functional for contact with friction: the implicit standard material
 * approach", Mech. Struct. Mach. 19 (1991) 301-325; V. Acary, F. Cadoux, C. Lemarechal,
 * J. Malick, "A formulation of the linear discrete Coulomb friction problem via convex
 * optimization", ZAMM 91 (2011) 155-175) Coulomb's law is the optimality system of
 *   min 1/2 r'Wr + (q + s)'r   subject to r in K (the product of the Coulomb cones),
 * and ADMM on the splitting r = z, z in K, in the scaled form of S. Boyd, N. Parikh, E. Chu,
 * B. Peleato, J. Eckstein, "Distributed optimization and statistical learning via the
 * alternating direction method of multipliers", Found. Trends Mach. Learn. 3 (2011), sec.
 * 3.1.1 (scaled form), 3.3 (residuals, stopping), 3.4.1 (varying penalty), 3.4.3 (relaxation):
 *   (W + rho D) x = rho D (z - xi) - (q + s)        one solve with a fixed factorization
 *   x^ = alpha x + (1 - alpha) z                     over-relaxation, alpha in (0, 2)
 *   z  = P_K(x^ + xi)                                one projection per contact
 *   xi = xi + x^ - z                                 the scaled multiplier
 *   u  = W z + q,  s = [mu |u_T|, 0, 0]              the De Saxce term, every iteration
 * (D = I in Boyd et al.; a diagonal D below). At a fixed point x = z and W z + q + s =
 * -rho D xi, so z = P_K(z - (rho D)^-1 u_hat(z)): the natural
 * map of Coulomb's law. The iterate reported is z (in K), its error sn_fc_error's measure of
 * (z, W z + q), computed every iteration (one product with W).
 * W need not be symmetric (Capsules, OneObject are symmetric only to their printed digits): the
 * x-step is then the resolvent of the monotone map r -> W r + q + s, i.e. Douglas-Rachford
 * splitting (J. Eckstein, D. Bertsekas, Math. Program. 55 (1992) 293-318), and W + rho D is
 * factorized by LU.
 *
 * Penalty: rho D, D diagonal and constant on each contact (option scale=1, the default: D_i =
 * the mean diagonal of the contact's block W_ii over the mean diagonal of W, a penalty in
 * proportion to each contact's own stiffness; scale=0: D = I). The projection onto K stays the
 * Euclidean one per contact. Measured (docs/solvers.md): OneObject-i100000-316 142 steps with
 * scale=1 against 9 388 with scale=0, NESpheres_10_1 22 against 34; BoxesStack1 the reverse
 * (1 355 steps with scale=0, not solved in 20 000 with scale=1; with OpenBLAS' LAPACK 766 steps to
 * 1e-6 and 4.2e-8 after 20 000: its tail is rounding-dependent).
 *
 * Linear algebra: dense LAPACK (dpotrf, or dgetrf when W is not symmetric) up to DENSE_MAX rows
 * (DENSE_MAX_LU when W is not symmetric),
 * else CHOLMOD (symbolic analysis kept across changes of rho) or UMFPACK when W is not symmetric
 * or W + rho D is not positive definite; option linear=auto|dense|sparse. W is symmetric when
 * max |W - W^T| <= 1e-14 max |W| (sn_csc_asymmetry).
 *
 * rho: initial value the mean diagonal of W (the scale of W; option rho=), then residual
 * balancing (Boyd et al. sec. 3.4.1, mu = 10, tau = 2) on the relative residuals
 * |x - z| / max(|x|, |z|) and rho |D (z - z_prev)| / max(|rho D xi|, |q|), tested every
 * ADAPT_EVERY steps, at most MAX_REFACTOR factorizations per call (adapt=0 keeps rho fixed); xi
 * is rescaled by rho_old / rho_new. The fixed point on s is explicit and loses stability at a
 * small rho, so rho never goes below its initial value (rho_min=1, a fraction of it): with
 * the floor rho0 / 10 (or none) the 2D piles of tests/data/pile2d stall at error 5.7e-2, with
 * the floor rho0 pile2d-60 is solved in 648 steps, the fc3d problems in about as many steps as
 * without a floor (Capsules-i125-1213: 6 682 against 5 087); BoxesStack1 comes closest (1 355
 * steps to 1e-8 with one LAPACK, 4.2e-8 after 20 000 with OpenBLAS') only with scale=0,rho_min=0, where rho goes down to about rho0 / 250. An error BLOWUP times the best so
 * far (or not finite) restarts from the best iterate at 4 rho, which becomes the new floor (at
 * most MAX_RESTART times).
 *
 * Acceleration: type-II Anderson acceleration (solver/anderson.c, memory aa=10, 0: off) of the
 * map on the state y = (z, xi, s), with the safeguard of gfc_admm.c (an extrapolation that
 * raises |G(y) - y| is replaced by the plain step, the memory cleared, also at every change of
 * rho); after AA_STALL steps without halving the error it is turned off for the rest of the
 * call (on the Capsules problems it hinders).
 *
 * Warm start: z = P_K(r), xi = -u_hat(z) / (rho D) (the fixed point's multiplier), so a call
 * from a solution takes no step. 2D and 3D. An iteration is one ADMM step. Options: rho=,
 * adapt=1, alpha=1, aa=10, scale=1, rho_min=1, linear=auto. */
#include "solver/anderson.h"
#include "solver/fc_local.h"
#include "signorini/solver.h"
#include "solver/verdict.h"

#include <float.h>
#include <lapacke.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* dense up to 60 rows, 100 when W is not symmetric (LU); forced: up to 3000.
 * CPU time per call from zero (bench/admm_linear.c, medians of 7 rounds), dense / sparse:
 * FrictionContact3D_1c (3 rows) 6.6 / 7.7 us, Rover1040 (15) 62 / 102 us, NESpheres_10_1 (27,
 * Cholesky) 64 / 59 us, OneObject-i100000-316 (75, not symmetric: LU) 1.21 / 2.49 ms,
 * BoxesStack1 (156, Cholesky, 1 000 steps) 18.6 / 13.7 ms; Capsules-i125-1213 (858 rows, LU)
 * 1.8 s dense, 1.4 s sparse (signorini solve, 3 runs) */
enum { DENSE_MAX = 60, DENSE_MAX_LU = 100, DENSE_LIMIT = 3000 };
enum { ADAPT_EVERY = 5, MAX_REFACTOR = 40, MAX_RESTART = 10, AA_MAX = 50, AA_STALL = 1000 };
#define BAL_MU 10.0     /* residual balancing: act when one residual exceeds 10x the other */
#define BAL_TAU 2.0     /* ... by changing rho by a factor 2 */
#define BLOWUP 100.0   /* an error this many times the best so far is a blow-up */

enum { LIN_AUTO = 0, LIN_DENSE = 1, LIN_SPARSE = 2 };

typedef struct {
  double rho;     /* initial penalty, 0: automatic */
  int adapt;      /* residual balancing on/off */
  double alpha;   /* over-relaxation */
  int linear;     /* LIN_* */
  int aa;         /* Anderson memory, 0: off */
  int scale;      /* penalty per contact in proportion to its diagonal block */
  double rho_min; /* rho never below rho_min times its initial value */
} admm_w_opts;

/* ---- the shifted system (W + rho D) x = b, D = diag(w) ---- */
typedef struct {
  int n, sym, dense;
  const sn_csc *W;
  double *Wd;          /* dense: W column-major (n x n) */
  double *F;           /* dense: the factor of W + rho D */
  lapack_int *piv;     /* dense LU: pivots */
  sn_csc *A;           /* sparse: W + rho D, sorted, with every diagonal entry stored */
  int *dpos;           /* sparse: position of A's diagonal entries */
  double *wdiag;       /* sparse: W's diagonal */
  sn_chol *C;
  sn_lu *L;
  int lu;              /* sparse: 1 when UMFPACK is used */
  double rho;
  double *w;           /* the penalty per unknown is rho w_j (w = 1, or the contact's scale) */
  int factorizations;
} shifted;

static void shifted_free(shifted *S)
{
  free(S->Wd);
  free(S->F);
  free(S->piv);
  sn_csc_free(S->A);
  free(S->dpos);
  free(S->wdiag);
  free(S->w);
  sn_chol_free(S->C);
  sn_lu_free(S->L);
}

/* w_j = 1, or (scale) the mean diagonal of the contact's block of W over the mean diagonal of
 * W: a penalty per contact in proportion to its own stiffness (a diagonal penalty matrix,
 * constant on each contact, so that the projection onto K is still the Euclidean one) */
static void contact_scale(const sn_csc *W, int dim, int scale, double *w)
{
  int n = W->n;
  for (int j = 0; j < n; j++) w[j] = 0.0;
  if (scale)
    for (int j = 0; j < n; j++)
      for (int p = W->colptr[j]; p < W->colptr[j + 1]; p++)
        if (W->rowind[p] == j && W->val[p] > 0.0) w[j] = W->val[p];
  double tot = 0.0;
  int cnt = 0;
  for (int i = 0; i < n / dim; i++) {
    double m = 0.0;
    for (int k = 0; k < dim; k++) m += w[dim * i + k] / dim;
    for (int k = 0; k < dim; k++) w[dim * i + k] = m;
    if (m > 0.0) { tot += m; cnt++; }
  }
  double mean = cnt > 0 ? tot / cnt : 0.0;
  for (int j = 0; j < n; j++) w[j] = scale && mean > 0.0 && w[j] > 0.0 ? w[j] / mean : 1.0;
}

/* sparse: A = W + 0 E (E the identity; canonical pattern with a full diagonal), its diagonal positions */
static int shifted_sparse_setup(shifted *S)
{
  int n = S->n, st;
  sn_csc *E = sn_csc_alloc(n, n, n > 0 ? n : 1);
  if (!E) return SN_ERR_NOMEM;
  for (int j = 0; j < n; j++) { E->colptr[j] = j; E->rowind[j] = j; E->val[j] = 0.0; }
  E->colptr[n] = n;
  E->nnz = n;
  st = sn_csc_add(S->W, E, &S->A);   /* rows sorted, duplicates summed */
  sn_csc_free(E);
  if (st) return st;
  S->dpos = malloc(sizeof(int) * (size_t)(n > 0 ? n : 1));
  S->wdiag = malloc(sizeof(double) * (size_t)(n > 0 ? n : 1));
  if (!S->dpos || !S->wdiag) return SN_ERR_NOMEM;
  for (int j = 0; j < n; j++)
    for (int p = S->A->colptr[j]; p < S->A->colptr[j + 1]; p++)
      if (S->A->rowind[p] == j) { S->dpos[j] = p; S->wdiag[j] = S->A->val[p]; }
  return SN_OK;
}

static int shifted_setup(shifted *S, const sn_csc *W, int linear, int dim, int scale)
{
  int n = W->n;
  S->n = n;
  S->W = W;
  S->w = malloc(sizeof(double) * (size_t)(n > 0 ? n : 1));
  if (!S->w) return SN_ERR_NOMEM;
  contact_scale(W, dim, scale, S->w);
  double asym = sn_csc_asymmetry(W);
  S->sym = n == 0 || asym <= 1e-14;
  S->dense = linear == LIN_DENSE || (linear == LIN_AUTO && n <= (S->sym ? DENSE_MAX : DENSE_MAX_LU));
  if (!S->dense) return shifted_sparse_setup(S);
  size_t nn = (size_t)n * (size_t)n + 1;
  S->Wd = malloc(sizeof(double) * nn);
  S->F = malloc(sizeof(double) * nn);
  S->piv = malloc(sizeof(lapack_int) * (size_t)(n + 1));
  if (!S->Wd || !S->F || !S->piv) return SN_ERR_NOMEM;
  sn_csc_to_dense(W, S->Wd);
  return SN_OK;
}

/* factorize W + rho D: Cholesky where W is symmetric, else (or when not positive definite) LU */
static int shifted_factor(shifted *S, double rho)
{
  int n = S->n, st = SN_OK;
  S->rho = rho;
  S->factorizations++;
  if (n == 0) return SN_OK;
  if (S->dense) {
    memcpy(S->F, S->Wd, sizeof(double) * (size_t)n * (size_t)n);
    for (int i = 0; i < n; i++) S->F[i + (size_t)n * i] += rho * S->w[i];
    if (S->sym) {
      lapack_int info = LAPACKE_dpotrf_work(LAPACK_COL_MAJOR, 'L', n, S->F, n);
      if (info == 0) return SN_OK;
      S->sym = 0;                       /* not positive definite: LU from here on */
      memcpy(S->F, S->Wd, sizeof(double) * (size_t)n * (size_t)n);
      for (int i = 0; i < n; i++) S->F[i + (size_t)n * i] += rho * S->w[i];
    }
    lapack_int info = LAPACKE_dgetrf_work(LAPACK_COL_MAJOR, n, n, S->F, n, S->piv);
    return info == 0 ? SN_OK : info < 0 ? SN_ERR_ARG : SN_ERR_SINGULAR;
  }
  for (int j = 0; j < n; j++) S->A->val[S->dpos[j]] = S->wdiag[j] + rho * S->w[j];
  if (S->sym && !S->lu) {
    st = sn_chol_update(&S->C, S->A);   /* the analysis is reused: the pattern is fixed */
    if (st != SN_ERR_NOT_SPD) return st;
  }
  S->lu = 1;                            /* not symmetric, or not positive definite: UMFPACK */
  sn_lu_free(S->L);
  S->L = NULL;
  return sn_lu_factor(S->A, &S->L);
}

/* x = (W + rho D)^-1 b (x may alias b) */
static int shifted_solve(shifted *S, const double *b, double *x)
{
  int n = S->n;
  if (n == 0) return SN_OK;
  if (S->dense) {
    if (x != b) memcpy(x, b, sizeof(double) * (size_t)n);
    lapack_int info = S->sym ? LAPACKE_dpotrs_work(LAPACK_COL_MAJOR, 'L', n, 1, S->F, n, x, n)
                             : LAPACKE_dgetrs_work(LAPACK_COL_MAJOR, 'N', n, 1, S->F, n, S->piv, x, n);
    return info == 0 ? SN_OK : SN_ERR_BACKEND;
  }
  return S->lu ? sn_lu_solve(S->L, b, x) : sn_chol_solve(S->C, b, x);
}

/* ---- options ---- */
static int parse_options(const char *options, admm_w_opts *o)
{
  double v;
  int st;
  char buf[16];
  o->rho = 0.0;
  o->adapt = 1;
  o->alpha = 1.0;
  o->linear = LIN_AUTO;
  o->aa = 10;
  o->scale = 1;
  o->rho_min = 1.0;
  if ((st = sn_option_double(options, "rho_min", &v)) < 0) return st;
  if (st == 1) {
    if (!(v >= 0.0 && v <= 1.0)) return SN_ERR_ARG;
    o->rho_min = v;
  }
  if ((st = sn_option_double(options, "scale", &v)) < 0) return st;
  if (st == 1) {
    if (!(v == 0.0 || v == 1.0)) return SN_ERR_ARG;
    o->scale = (int)v;
  }
  if ((st = sn_option_double(options, "rho", &v)) < 0) return st;
  if (st == 1) {
    if (!(v > 0.0 && isfinite(v))) return SN_ERR_ARG;
    o->rho = v;
  }
  if ((st = sn_option_double(options, "adapt", &v)) < 0) return st;
  if (st == 1) {
    if (!(v == 0.0 || v == 1.0)) return SN_ERR_ARG;
    o->adapt = (int)v;
  }
  if ((st = sn_option_double(options, "alpha", &v)) < 0) return st;
  if (st == 1) {
    if (!(v > 0.0 && v < 2.0)) return SN_ERR_ARG;
    o->alpha = v;
  }
  if ((st = sn_option_double(options, "aa", &v)) < 0) return st;
  if (st == 1) {
    if (!(v >= 0 && v <= AA_MAX && v == floor(v))) return SN_ERR_ARG;
    o->aa = (int)v;
  }
  if ((st = sn_option_string(options, "linear", buf, sizeof buf)) < 0) return st;
  if (st == 1) {
    if (!strcmp(buf, "auto")) o->linear = LIN_AUTO;
    else if (!strcmp(buf, "dense")) o->linear = LIN_DENSE;
    else if (!strcmp(buf, "sparse")) o->linear = LIN_SPARSE;
    else return SN_ERR_ARG;
  }
  return SN_OK;
}

/* ---- the iteration ---- */

/* the mean diagonal of W (its scale), 1 when not positive */
static double initial_rho(const sn_csc *W)
{
  double sum = 0.0;
  int cnt = 0;
  for (int j = 0; j < W->n; j++)
    for (int p = W->colptr[j]; p < W->colptr[j + 1]; p++)
      if (W->rowind[p] == j && W->val[p] > 0.0) { sum += W->val[p]; cnt++; }
  double rho = cnt > 0 ? sum / cnt : 1.0;
  return rho > 0.0 && isfinite(rho) ? rho : 1.0;
}

typedef struct {
  const sn_fc *P;
  sn_bsr *B;
  shifted S;
  int n;
  double nq;           /* |q| */
  /* the state y = (z, xi, s) and its image Gy (3n each; the step works in place on Gy, whose
   * parts z, xi, s are), g = Gy - y, yf = the plain image kept for the safeguard */
  double *y, *Gy, *g, *yf;
  double *z, *xi, *s;
  double *x, *zp, *u, *best;
  sn_anderson W;
} admm_w;

/* one ADMM step in place on (z, xi, s): x, then z, xi, u = W z + q and s = s(u); *rp, *rd:
 * the relative primal and dual residuals (Boyd et al. sec. 3.3) */
static int admm_w_step(admm_w *A, double alpha, double *rp, double *rd)
{
  const sn_fc *P = A->P;
  int n = A->n, d = P->dim;
  double rho = A->S.rho;
  const double *w = A->S.w;
  for (int j = 0; j < n; j++) A->x[j] = rho * w[j] * (A->z[j] - A->xi[j]) - P->q[j] - A->s[j];
  int st = shifted_solve(&A->S, A->x, A->x);
  if (st) return st;
  double pr = 0.0, nx = 0.0, nz = 0.0, du = 0.0, ny = 0.0;
  sn_copy(n, A->z, A->zp);
  for (int i = 0; i < P->nc; i++) {
    double *z = A->z + d * i, *xi = A->xi + d * i;
    const double *x = A->x + d * i, *zp = A->zp + d * i;
    double xh[3];
    for (int k = 0; k < d; k++) {
      xh[k] = alpha * x[k] + (1.0 - alpha) * zp[k];
      z[k] = xh[k] + xi[k];
    }
    sn_proj_cone(d, P->mu[i], z);
    for (int k = 0; k < d; k++) {
      xi[k] += xh[k] - z[k];
      pr += (x[k] - z[k]) * (x[k] - z[k]);
      nx += x[k] * x[k];
      nz += z[k] * z[k];
      double wk = w[d * i + k];
      du += wk * wk * (z[k] - zp[k]) * (z[k] - zp[k]);
      ny += wk * wk * xi[k] * xi[k];
    }
  }
  *rp = sqrt(pr) / fmax(sqrt(fmax(nx, nz)), DBL_MIN);
  /* rho |D (z - z_prev)| / max(|rho D xi|, |q|): velocities (rho D xi = -u_hat at a fixed point, zero
   * when every contact sticks, hence the data's velocity scale |q| as well) */
  *rd = rho * sqrt(du) / fmax(fmax(rho * sqrt(ny), A->nq), DBL_MIN);
  sn_bsr_gemv(A->B, 1.0, A->z, 0.0, A->u);
  for (int j = 0; j < n; j++) A->u[j] += P->q[j];
  sn_desaxce_term(P->dim, P->nc, P->mu, A->u, A->s);
  return SN_OK;
}

/* residual balancing (Boyd et al. sec. 3.4.1): the new rho, or rho itself */
static double balance(double rho, double rp, double rd)
{
  if (rp > BAL_MU * rd) return rho * BAL_TAU;
  if (rd > BAL_MU * rp) return rho / BAL_TAU;
  return rho;
}

static int admm_w_alloc(admm_w *A, const sn_fc *P, const admm_w_opts *o)
{
  int n = P->dim * P->nc, st;
  A->P = P;
  A->n = n;
  A->nq = sn_nrm2(n, P->q);
  if ((st = sn_bsr_from_csc(P->W, P->dim, &A->B))) return st;
  if ((st = shifted_setup(&A->S, P->W, o->linear, P->dim, o->scale))) return st;
  if ((st = sn_aa_init(&A->W, 3 * n, o->aa < 3 * n ? o->aa : 3 * n))) return st;
  size_t sz = (size_t)(n > 0 ? n : 1);
  double *buf = malloc(sizeof(double) * sz * 16);
  if (!buf) return SN_ERR_NOMEM;
  A->y = buf;
  A->Gy = buf + 3 * sz;
  A->g = buf + 6 * sz;
  A->yf = buf + 9 * sz;
  A->x = buf + 12 * sz;
  A->zp = buf + 13 * sz;
  A->u = buf + 14 * sz;
  A->best = buf + 15 * sz;
  A->z = A->Gy;
  A->xi = A->Gy + n;
  A->s = A->Gy + 2 * n;
  return SN_OK;
}

static void admm_w_free(admm_w *A)
{
  free(A->y);
  sn_bsr_free(A->B);
  shifted_free(&A->S);
  sn_aa_free(&A->W);
}

/* (re)start from z (already in K) at penalty rho: u = W z + q, s(u), xi = -u_hat / (rho D) (the
 * fixed point's multiplier, so that a solution is kept), W + rho D factorized when rho is new;
 * y = (z, xi, s), the acceleration's memory cleared */
static int admm_w_start(admm_w *A, double rho)
{
  const sn_fc *P = A->P;
  int n = A->n, st;
  if (rho != A->S.rho && (st = shifted_factor(&A->S, rho))) return st;
  sn_bsr_gemv(A->B, 1.0, A->z, 0.0, A->u);
  for (int j = 0; j < n; j++) A->u[j] += P->q[j];
  sn_desaxce_term(P->dim, P->nc, P->mu, A->u, A->s);
  for (int j = 0; j < n; j++) A->xi[j] = -(A->u[j] + A->s[j]) / (rho * A->S.w[j]);
  sn_copy(3 * n, A->Gy, A->y);
  sn_aa_reset(&A->W);
  return SN_OK;
}

/* the penalty after step k: residual balancing every ADAPT_EVERY steps, never below rho_lo;
 * xi rescaled by rho_old / rho_new in y and yf (Boyd et al. sec. 3.4.1); returns 1 when rho
 * changed (the map changed: the acceleration's memory is cleared), 0, or an error */
static int admm_w_adapt(admm_w *A, int k, double rp, double rd, double rho_lo)
{
  if (k % ADAPT_EVERY || A->S.factorizations > MAX_REFACTOR) return 0;
  double rho = A->S.rho, nrho = fmax(balance(rho, rp, rd), rho_lo);
  if (nrho == rho) return 0;
  int st = shifted_factor(&A->S, nrho);
  if (st) return st;
  sn_scal(A->n, rho / nrho, A->y + A->n);
  sn_scal(A->n, rho / nrho, A->yf + A->n);
  sn_aa_reset(&A->W);
  return 1;
}

/* the next state from y and Gy: Anderson's extrapolation, unless the previous one raised the
 * fixed-point residual |Gy - y| (then the plain image kept in yf, memory cleared; the
 * safeguard of B. O'Donoghue, SIOPT 31 (2021) 1999-2023, as in gfc_admm.c) */
static void admm_w_next(admm_w *A, int aa_on, int *extrapolated, double *gprev)
{
  int m = 3 * A->n;
  if (!aa_on) { sn_copy(m, A->Gy, A->y); return; }
  for (int j = 0; j < m; j++) A->g[j] = A->Gy[j] - A->y[j];
  double gn = sn_nrm2(m, A->g);
  if (*extrapolated && !(gn <= *gprev)) {
    sn_copy(m, A->yf, A->y);
    sn_aa_reset(&A->W);
    *extrapolated = 0;
    return;
  }
  *gprev = gn;
  sn_aa_push(&A->W, A->y, A->g);
  sn_copy(m, A->Gy, A->yf);
  *extrapolated = sn_aa_step(&A->W, A->y, A->g, A->y);
  if (!*extrapolated) sn_copy(m, A->Gy, A->y);
}

/* the loop from the warm start r: r out (the best iterate), *k the steps taken, *ec the error
 * of r when converged. A blow-up (error 100x the best, or not finite: the fixed point on s is
 * unstable at a small rho) restarts from the best iterate at 4 rho, the new lower bound. */
static int admm_w_run(admm_w *A, const admm_w_opts *o, double *r, const sn_settings *s,
                      sn_info *info, double t0, int *kout, double *ec, int *bounded)
{
  sn_trend tr = {0};
  const sn_fc *P = A->P;
  int n = A->n, k = 0, st, restarts = 0, extrapolated = 0, kg = 0, aa_on = o->aa > 0;
  for (int j = 0; j < n; j++) A->z[j] = isfinite(r[j]) ? r[j] : 0.0;
  for (int i = 0; i < P->nc; i++) sn_proj_cone(P->dim, P->mu[i], A->z + P->dim * i);
  double e = sn_fc_eval(P, A->B, 0.0, NULL, A->z, A->u), be = e, bg = e, gprev = INFINITY;
  sn_copy(n, A->z, A->best);
  st = isfinite(e) ? SN_MAX_ITER : SN_ERR_NAN;
  if (e <= s->tol && (*ec = sn_fc_error(P, A->z, NULL)) <= s->tol) st = SN_OK;
  double rho0 = o->rho > 0.0 ? o->rho : initial_rho(P->W);
  double rho_lo = o->rho_min * rho0;    /* below rho0 the fixed point on s was not stable */
  if (st == SN_MAX_ITER && (st = admm_w_start(A, rho0)) == SN_OK) st = SN_MAX_ITER;
  while (st == SN_MAX_ITER && k < s->max_iter) {
    double rp, rd;
    sn_copy(3 * n, A->y, A->Gy);       /* Gy = G(y), in place */
    if ((st = admm_w_step(A, o->alpha, &rp, &rd))) break;
    k++;
    e = sn_fc_error_u(P, 0.0, NULL, A->z, A->u);
    if (!(e <= BLOWUP * be)) {          /* blow-up (or NaN): back to the best, larger rho */
      if (restarts++ >= MAX_RESTART) { st = isfinite(e) ? SN_STALLED : SN_ERR_NAN; break; }
      rho_lo = 4.0 * A->S.rho;
      sn_trend_spoil(&tr);
      sn_copy(n, A->best, A->z);
      if ((st = admm_w_start(A, rho_lo))) break;
      extrapolated = 0;
      st = SN_MAX_ITER;
      continue;
    }
    if (e < 0.5 * bg) { bg = e; kg = k; }
    if (e < be) { be = e; sn_copy(n, A->z, A->best); }
    sn_trend_note(&tr, k, s->max_iter, n, A->z);
    if (aa_on && k - kg > AA_STALL) aa_on = 0;   /* no halving of the error: plain steps */
    int rec = sn_info_record(info, s, k, e, t0);
    if (e <= s->tol && (*ec = sn_fc_error(P, A->z, NULL)) <= s->tol) { st = SN_OK; break; }
    if (rec) { st = rec; break; }
    admm_w_next(A, aa_on, &extrapolated, &gprev);
    st = o->adapt ? admm_w_adapt(A, k, rp, rd, rho_lo) : 0;
    if (st < 0) break;
    if (st == 1) { extrapolated = 0; gprev = INFINITY; }
    st = SN_MAX_ITER;
  }
  *bounded = sn_trend_bounded(&tr, s->max_iter, n, A->z);
  sn_copy(n, st == SN_OK ? A->z : A->best, r);
  *kout = k;
  return st;
}

static int admm_w_solve(const sn_fc *P, double *r, double *u, const sn_settings *s, sn_info *info,
                        double t0, int *bounded)
{
  sn_settings def;
  if (!s) { sn_settings_default(&def); s = &def; }
  if (!r || !u) return SN_ERR_ARG;
  admm_w_opts o;
  int st = parse_options(s->options, &o);
  if (st) return st;
  int n = P->dim * P->nc;
  if (o.linear == LIN_DENSE && n > DENSE_LIMIT) return SN_ERR_ARG;
  admm_w A;
  memset(&A, 0, sizeof A);
  int k = 0;
  double ec = NAN;
  st = admm_w_alloc(&A, P, &o);
  if (!st) st = admm_w_run(&A, &o, r, s, info, t0, &k, &ec, bounded);
  if (A.B && (st >= 0 || st == SN_ERR_NAN)) {
    sn_fc_eval(P, A.B, 0.0, NULL, r, u);
    if (info) {
      info->error = st == SN_OK ? ec : sn_fc_error(P, r, NULL);
      info->iterations = k;
    }
  }
  admm_w_free(&A);
  return st;
}

int sn_fc_admm_w(const sn_fc *P, double *r, double *u, const sn_settings *s, sn_info *info)
{
  double t0 = sn_wtime();
  if (info) sn_info_reset(info);
  static const char *const keys[] = {"rho", "adapt", "alpha", "linear", "aa", "scale", "rho_min", NULL};
  int st = sn_fc_check(P, NULL, 0);   /* dim 2 or 3, mu >= 0, finite data, consistent sizes */
  if (!st && s) st = sn_option_check(s->options, keys);
  int bounded = 0;
  if (!st) st = admm_w_solve(P, r, u, s, info, t0, &bounded);
  if (info) {
    info->status = st;
    info->seconds = sn_wtime() - t0;
    if (isnan(info->error)) info->error = INFINITY;   /* never NaN: failure is the status */
  }
  return sn_fc_verdict_trend(P, r, s, st, "admm_w", info, bounded);
}
