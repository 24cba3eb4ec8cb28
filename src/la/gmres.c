/* Restarted GMRES with right preconditioning: Saad & Schultz, "GMRES: a generalized minimal
 * residual algorithm for solving nonsymmetric linear systems", SIAM J. Sci. Stat. Comput. 7
 * (1986) 856-869; Saad, "Iterative Methods for Sparse Linear Systems", 2nd ed., Algorithm 9.5
 * (right-preconditioned GMRES), with modified Gram-Schmidt and Givens rotations. With right
 * preconditioning the minimized quantity is the true residual |b - A x|, so the stopping test
 * needs no extra product. Stops when |b - A x| <= rtol |b|; the final residual is recomputed. */
#include "signorini/la.h"
#include "signorini/common.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

int sn_gmres(int n, sn_linop A, void *actx, sn_linop Minv, void *mctx, const double *b, double *x,
             int restart, int maxit, double rtol, int *iters, double *relres)
{
  if (n < 0 || !A || !b || !x || restart < 1 || maxit < 0 || !(rtol >= 0)) return SN_ERR_ARG;
  if (iters) *iters = 0;
  if (relres) *relres = 0.0;
  if (n == 0) return SN_OK;
  int m = restart < n ? restart : n, st = SN_OK, it = 0;
  double nb = sn_nrm2(n, b), res = 0.0;
  size_t nn = (size_t)n;
  double *V = malloc(sizeof(double) * nn * (size_t)(m + 1));      /* Krylov basis */
  double *Z = Minv ? malloc(sizeof(double) * nn * (size_t)m) : NULL; /* preconditioned basis */
  double *Hm = calloc((size_t)(m + 1) * (size_t)m, sizeof(double));  /* Hessenberg, column-major */
  double *cs = malloc(sizeof(double) * (size_t)m), *sn = malloc(sizeof(double) * (size_t)m);
  double *g = malloc(sizeof(double) * (size_t)(m + 1)), *r = malloc(sizeof(double) * nn);
  if (!V || (Minv && !Z) || !Hm || !cs || !sn || !g || !r) { st = SN_ERR_NOMEM; goto done; }
  if (nb == 0.0) { memset(x, 0, sizeof(double) * nn); goto done; }
  for (;;) {
    /* r = b - A x */
    if ((st = A(actx, x, r))) goto done;
    for (int i = 0; i < n; i++) r[i] = b[i] - r[i];
    double beta = sn_nrm2(n, r);
    res = beta / nb;
    if (!isfinite(res)) { st = SN_ERR_NAN; goto done; }
    if (res <= rtol) break;
    if (it >= maxit) { st = SN_MAX_ITER; break; }
    for (int i = 0; i < n; i++) V[i] = r[i] / beta;
    memset(g, 0, sizeof(double) * (size_t)(m + 1));
    g[0] = beta;
    int k = 0;
    for (; k < m && it < maxit; k++) {
      double *vk = V + nn * (size_t)k, *w = V + nn * (size_t)(k + 1);
      double *zk = Minv ? Z + nn * (size_t)k : vk;
      if (Minv && (st = Minv(mctx, vk, zk))) goto done;
      if ((st = A(actx, zk, w))) goto done;
      it++;
      double *h = Hm + (size_t)(m + 1) * (size_t)k;
      for (int j = 0; j <= k; j++) {            /* modified Gram-Schmidt */
        h[j] = sn_dot(n, w, V + nn * (size_t)j);
        sn_axpy(n, -h[j], V + nn * (size_t)j, w);
      }
      double hw = sn_nrm2(n, w);
      h[k + 1] = hw;
      for (int j = 0; j < k; j++) {             /* earlier rotations on the new column */
        double t = cs[j] * h[j] + sn[j] * h[j + 1];
        h[j + 1] = -sn[j] * h[j] + cs[j] * h[j + 1];
        h[j] = t;
      }
      double den = hypot(h[k], h[k + 1]);
      if (den == 0.0) break;                     /* breakdown (singular operator): keep the
                                                    first k columns, the cap ends the run */
      cs[k] = h[k] / den;
      sn[k] = h[k + 1] / den;
      h[k] = den;
      h[k + 1] = 0.0;
      g[k + 1] = -sn[k] * g[k];
      g[k] = cs[k] * g[k];
      if (fabs(g[k + 1]) / nb <= rtol || hw == 0.0) { k++; break; }   /* converged / breakdown */
      for (int i = 0; i < n; i++) w[i] /= hw;
    }
    /* y = R^-1 g (upper triangular k x k), x += Z y */
    for (int i = k - 1; i >= 0; i--) {
      double s = g[i];
      for (int j = i + 1; j < k; j++) s -= Hm[(size_t)(m + 1) * (size_t)j + i] * g[j];
      g[i] = s / Hm[(size_t)(m + 1) * (size_t)i + i];
    }
    double *B = Minv ? Z : V;
    for (int j = 0; j < k; j++) sn_axpy(n, g[j], B + nn * (size_t)j, x);
  }
done:
  if (iters) *iters = it;
  if (relres) *relres = res;
  free(V); free(Z); free(Hm); free(cs); free(sn); free(g); free(r);
  return st;
}

int sn_linop_csc(void *ctx, const double *x, double *y)
{
  sn_csc_gemv((const sn_csc *)ctx, 1.0, x, 0.0, y);
  return SN_OK;
}

int sn_linop_chol(void *ctx, const double *x, double *y) { return sn_chol_solve((sn_chol *)ctx, x, y); }
