/* Local frictional contact at rest: alternating projections between the Coulomb cones and the
 * reactions that leave every contact at rest (issue #13, point 5: huge mass ratios).
 *
 * A reaction r in the product K of the Coulomb cones with u = W r + q = 0 solves the problem
 * exactly: u_hat = u + mu |u_T| e_N = 0 lies in the dual cone and r . u_hat = 0. Such an r is a
 * point of K and of the affine set A = {r : W r + q = 0}, and is found here by alternating
 * projections, r <- P_K(P_A(r)) (L. M. Bregman, "The method of successive projection for finding
 * a common point of convex sets", Soviet Math. Dokl. 6 (1965) 688-692; linear convergence where a
 * subspace meets a cone regularly: H. H. Bauschke, J. M. Borwein, "On projection algorithms for
 * solving convex feasibility problems", SIAM Review 38 (1996) 367-426, sections 3 and 5). Both
 * projections are Euclidean. For rigid bodies (W = H M^-1 H^T, q = H v_free with H of full
 * column rank) A is {r : H^T r = -M v_free}, the bodies' balance of momentum: the masses set its
 * right-hand side, not its shape, so the rate does not see a mass ratio, where the first-order
 * methods on W need about sqrt(cond W) steps a digit (cond W = 1.8e8 on the 3 x 3 x 3 block of
 * cubes whose layers alternate between 1 kg and 1e6 kg; docs/solvers.md, "Stacks at rest: rest").
 *
 * P_A(x) = x - V (V^T x - c), V an orthonormal basis of the range of W (its symmetric part when W
 * is not symmetric) and c = V^T x* for any x* with W x* = -q. Both come from the pivoted Cholesky
 * factorization of W (LAPACK dpstrf: P^T W P = L L^T, L of n x rank, O(n^2 rank) operations,
 * stopping at the rank) and the QR factorization L = V R (dgeqrf, dorgqr): W x = -q reads
 * R R^T (V^T P^T x) = -V^T P^T q, so c = -R^-T R^-1 V^T P^T q. Where q is not in the range of W,
 * A is empty (no contact configuration at rest) and the solver stops at once, SN_STALLED.
 *
 * Every CHECK_EVERY steps (and at the last) the iterate, which lies in K, is measured by
 * sn_fc_error (recorded in the history, seen by the progress callback): SN_OK at tol. Where no
 * solution is at rest (a contact must slide or separate) K and A do not meet and the iterates
 * approach their nearest points at a positive distance: the solver stops with SN_STALLED once the
 * distance |V^T x - c| from the iterate to A has not halved in STALL_STEPS steps. The r returned
 * is the best measured iterate; one stopped by the cap whose iterates stayed bounded (sn_trend,
 * verdict.h: alternating projections between sets that meet never diverge) is SN_MAX_ITER, not
 * SN_DIVERGED, under a mass ratio's cancellation bound. W is formed densely: refused above SN_REST_MAX_ROWS rows
 * (SN_ERR_ARG). An iteration is one step r <- P_K(P_A(r)): two products with V (n x rank) and the
 * projection onto the cones. No options. */
#include "signorini/solver.h"
#include "solver/verdict.h"

#include <cblas.h>
#include <lapacke.h>
#undef I               /* complex.h's imaginary unit, through lapacke.h */
#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { CHECK_EVERY = 10, STALL_STEPS = 500 };

/* the factorization: V (n x rank, orthonormal columns, rows in the problem's order) and c */
typedef struct {
  int n, rank;
  double *V, *c;
} rest_set;

/* V and c of A = {x : W x + q = 0} (see above); SN_STALLED where q is not in the range of W */
static int rest_set_make(const sn_fc *P, rest_set *A)
{
  int n = P->dim * P->nc, st = SN_OK;
  size_t nn = (size_t)n * (size_t)n;
  double *S = malloc(sizeof(double) * (nn > 0 ? nn : 1));
  double *R = NULL, *tau = NULL;
  lapack_int *piv = malloc(sizeof(lapack_int) * (size_t)(n > 0 ? n : 1));
  A->n = n;
  A->rank = 0;
  A->V = NULL;
  A->c = NULL;
  if (!S || !piv) { st = SN_ERR_NOMEM; goto done; }
  sn_csc_to_dense(P->W, S);
  for (int j = 0; j < n; j++)                       /* the symmetric part */
    for (int i = j + 1; i < n; i++) {
      double a = 0.5 * (S[(size_t)j * n + i] + S[(size_t)i * n + j]);
      S[(size_t)j * n + i] = S[(size_t)i * n + j] = a;
    }
  lapack_int rank = 0;
  lapack_int info = n > 0 ? LAPACKE_dpstrf(LAPACK_COL_MAJOR, 'L', n, S, n, piv, &rank, -1.0) : 0;
  if (info < 0) { st = SN_ERR_BACKEND; goto done; }
  int r = (int)rank;
  A->rank = r;
  A->V = malloc(sizeof(double) * ((size_t)n * (size_t)r + 1));
  A->c = calloc((size_t)r + 1, sizeof(double));
  R = calloc((size_t)r * (size_t)r + 1, sizeof(double));
  tau = malloc(sizeof(double) * ((size_t)r + 1));
  if (!A->V || !A->c || !R || !tau) { st = SN_ERR_NOMEM; goto done; }
  for (int j = 0; j < r; j++)                       /* L: the first rank columns, lower part */
    for (int i = 0; i < n; i++) S[(size_t)j * n + i] = i < j ? 0.0 : S[(size_t)j * n + i];
  if (r > 0) {
    if (LAPACKE_dgeqrf(LAPACK_COL_MAJOR, n, r, S, n, tau)) { st = SN_ERR_BACKEND; goto done; }
    for (int j = 0; j < r; j++)
      for (int i = 0; i <= j; i++) R[(size_t)j * r + i] = S[(size_t)j * n + i];
    if (LAPACKE_dorgqr(LAPACK_COL_MAJOR, n, r, r, S, n, tau)) { st = SN_ERR_BACKEND; goto done; }
  }
  for (int j = 0; j < r; j++)                       /* rows back to the problem's order */
    for (int i = 0; i < n; i++) A->V[(size_t)j * n + (piv[i] - 1)] = S[(size_t)j * n + i];
  /* c = -R^-T R^-1 V^T q; q outside the range of W: no reaction leaves every contact at rest */
  double *t = A->c;
  if (r > 0) {
    cblas_dgemv(CblasColMajor, CblasTrans, n, r, 1.0, A->V, n, P->q, 1, 0.0, t, 1);
    double *qo = S;                                 /* S is free now: q - V V^T q */
    memcpy(qo, P->q, sizeof(double) * (size_t)n);
    cblas_dgemv(CblasColMajor, CblasNoTrans, n, r, -1.0, A->V, n, t, 1, 1.0, qo, 1);
    if (sn_nrm2(n, qo) > 1e-7 * sn_nrm2(n, P->q)) st = SN_STALLED;
    cblas_dtrsv(CblasColMajor, CblasUpper, CblasNoTrans, CblasNonUnit, r, R, r, t, 1);
    cblas_dtrsv(CblasColMajor, CblasUpper, CblasTrans, CblasNonUnit, r, R, r, t, 1);
    for (int k = 0; k < r; k++) t[k] = -t[k];
  } else if (sn_nrm2(n, P->q) > 0.0) {
    st = SN_STALLED;                                /* W = 0: at rest only where q = 0 */
  }
  for (int k = 0; k < r; k++)
    if (!isfinite(t[k])) st = SN_STALLED;
done:
  free(S);
  free(piv);
  free(R);
  free(tau);
  return st;
}

static void rest_set_free(rest_set *A)
{
  free(A->V);
  free(A->c);
}

static void project_cones(const sn_fc *P, double *x)
{
  for (int i = 0; i < P->nc; i++) sn_proj_cone(P->dim, P->mu[i], x + P->dim * i);
}

/* the alternating projections from x (in K); best: the best measured iterate, *be its error */
static int rest_iterate(const sn_fc *P, const rest_set *A, double *x, double *best, double *be,
                        const sn_settings *s, sn_info *info, double t0, sn_trend *tr)
{
  int n = A->n, r = A->rank, st = SN_MAX_ITER, ref_k = 0;
  double *y = malloc(sizeof(double) * ((size_t)r + 1)), ref_d = INFINITY;
  if (!y) return SN_ERR_NOMEM;
  for (int k = 1; k <= s->max_iter; k++) {
    if (r > 0) {                                    /* x <- P_A(x): y = V^T x - c, x -= V y */
      cblas_dgemv(CblasColMajor, CblasTrans, n, r, 1.0, A->V, n, x, 1, 0.0, y, 1);
      for (int j = 0; j < r; j++) y[j] -= A->c[j];
      double d = sn_nrm2(r, y);                     /* the distance from x (in K) to A */
      if (d <= 0.5 * ref_d) { ref_d = d; ref_k = k; }
      cblas_dgemv(CblasColMajor, CblasNoTrans, n, r, -1.0, A->V, n, y, 1, 1.0, x, 1);
    }
    project_cones(P, x);
    sn_trend_note(tr, k, s->max_iter, n, x);
    if (k % CHECK_EVERY && k != s->max_iter) continue;
    double e = sn_fc_error(P, x, NULL);
    if (!(e >= 0)) { st = SN_ERR_NAN; break; }
    if (e < *be) { *be = e; memcpy(best, x, sizeof(double) * (size_t)n); }
    int rec = sn_info_record(info, s, k, e, t0);
    if (e <= s->tol) { st = SN_OK; break; }
    if (rec) { st = rec; break; }
    if (k - ref_k >= STALL_STEPS) { st = SN_STALLED; break; }   /* K and A do not meet */
  }
  free(y);
  return st;
}

int sn_fc_rest(const sn_fc *P, double *r, double *u, const sn_settings *s, sn_info *info)
{
  if (!P || !r || !u) return SN_ERR_ARG;
  sn_settings def;
  if (!s) { sn_settings_default(&def); s = &def; }
  int st = sn_fc_check(P, NULL, 0);
  if (st) return st;
  if (s->options && *s->options) return SN_ERR_UNKNOWN;    /* rest takes no options */
  int n = P->dim * P->nc;
  if (n > SN_REST_MAX_ROWS) return SN_ERR_ARG;
  double t0 = sn_wtime();
  if (info) sn_info_reset(info);
  double *best = malloc(sizeof(double) * ((size_t)n + 1));
  if (!best) return SN_ERR_NOMEM;
  for (int i = 0; i < n; i++)
    if (!isfinite(r[i])) { sn_fill(n, 0.0, r); break; }  /* a NaN warm start is no start */
  memcpy(best, r, sizeof(double) * (size_t)n);
  double be = sn_fc_error(P, r, NULL);
  if (!(be >= 0)) be = INFINITY;
  rest_set A = {0, 0, NULL, NULL};
  sn_trend tr = {0};
  int bounded = 0;
  st = be <= s->tol ? SN_OK : rest_set_make(P, &A);   /* the start may be a solution already */
  if (st == SN_OK && be > s->tol) {
    project_cones(P, r);
    st = s->max_iter > 0 ? rest_iterate(P, &A, r, best, &be, s, info, t0, &tr) : SN_MAX_ITER;
    bounded = sn_trend_bounded(&tr, s->max_iter, n, r);   /* the iterates of a cap stopped */
  }
  rest_set_free(&A);
  memcpy(r, best, sizeof(double) * (size_t)n);
  free(best);
  sn_copy(n, P->q, u);
  sn_csc_gemv(P->W, 1.0, r, 1.0, u);
  if (info) {
    if (st >= 0 || st == SN_ERR_NAN) info->error = isfinite(be) ? be : INFINITY;
    info->status = st;
    info->seconds = sn_wtime() - t0;
  }
  return sn_fc_verdict_trend(P, r, s, st, "rest", info, bounded);
}
