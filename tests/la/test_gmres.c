/* Restarted GMRES (gmres.c) on a non-symmetric convection-diffusion matrix (5-point Laplacian
 * plus an upwind convection term on 30 x 30) against UMFPACK's solution of the same system:
 *  - unpreconditioned GMRES(30) and GMRES preconditioned by the Cholesky factor of the
 *    symmetric Laplacian part (CHOLMOD), both to |b - A x| <= 1e-10 |b|, x within 1e-8 of the
 *    direct solution; the residual is recomputed here; the preconditioned run needs fewer
 *    products;
 *  - a 3 x 3 system where GMRES is exact in 3 products (Krylov space = whole space);
 *  - the iteration cap (SN_MAX_ITER), a singular operator (breakdown), b = 0 (x = 0, no
 *    product), argument errors. */
#include "check.h"
#include "signorini/common.h"
#include "signorini/la.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* k x k grid: 4 + shift on the diagonal, -1 to the neighbours, plus c (upwind in x) */
static sn_csc *grid(int k, double c)
{
  int n = k * k, nz = 0;
  int *I = malloc(sizeof(int) * 5 * n), *J = malloc(sizeof(int) * 5 * n);
  double *X = malloc(sizeof(double) * 5 * n);
  for (int a = 0; a < k; a++)
    for (int b = 0; b < k; b++) {
      int i = a * k + b;
      I[nz] = i; J[nz] = i; X[nz++] = 4.2 + c;
      if (b > 0) { I[nz] = i; J[nz] = i - 1; X[nz++] = -1.0 - c; }
      if (b + 1 < k) { I[nz] = i; J[nz] = i + 1; X[nz++] = -1.0; }
      if (a > 0) { I[nz] = i; J[nz] = i - k; X[nz++] = -1.0; }
      if (a + 1 < k) { I[nz] = i; J[nz] = i + k; X[nz++] = -1.0; }
    }
  sn_csc *A = NULL;
  sn_csc_from_triplets(n, n, nz, I, J, X, &A);
  free(I); free(J); free(X);
  return A;
}

int main(void)
{
  int k = 30, n = k * k;
  sn_csc *A = grid(k, 0.8), *S = grid(k, 0.0);
  double *b = malloc(sizeof(double) * n), *x = calloc(n, sizeof(double)), *xd = malloc(sizeof(double) * n);
  double *r = malloc(sizeof(double) * n);
  for (int i = 0; i < n; i++) b[i] = cos(0.11 * i) + 0.2;
  sn_lu *L = NULL;
  CHECK_INT(sn_lu_factor(A, &L), SN_OK);
  CHECK_INT(sn_lu_solve(L, b, xd), SN_OK);
  sn_lu_free(L);

  int it0 = 0, it1 = 0;
  double rr = 1;
  CHECK_INT(sn_gmres(n, sn_linop_csc, A, NULL, NULL, b, x, 30, 5000, 1e-10, &it0, &rr), SN_OK);
  CHECK(rr <= 1e-10);
  sn_csc_gemv(A, 1.0, x, 0.0, r);
  for (int i = 0; i < n; i++) r[i] = b[i] - r[i];
  CHECK(sn_nrm2(n, r) <= 1.001e-10 * sn_nrm2(n, b));
  for (int i = 0; i < n; i++) CHECK_CLOSE(x[i], xd[i], 1e-8, 1e-9);

  sn_chol *C = NULL;
  CHECK_INT(sn_chol_factor(S, &C), SN_OK);
  memset(x, 0, sizeof(double) * n);
  CHECK_INT(sn_gmres(n, sn_linop_csc, A, sn_linop_chol, C, b, x, 30, 5000, 1e-10, &it1, &rr), SN_OK);
  CHECK(rr <= 1e-10);
  for (int i = 0; i < n; i++) CHECK_CLOSE(x[i], xd[i], 1e-8, 1e-9);
  printf("GMRES(30) products: %d unpreconditioned, %d with the symmetric part's Cholesky\n", it0, it1);
  CHECK(it1 < it0);
  /* warm start from the answer: no product beyond the residual check */
  CHECK_INT(sn_gmres(n, sn_linop_csc, A, sn_linop_chol, C, b, x, 30, 5000, 1e-10, &it1, &rr), SN_OK);
  CHECK_INT(it1, 0);

  /* the cap */
  memset(x, 0, sizeof(double) * n);
  CHECK_INT(sn_gmres(n, sn_linop_csc, A, NULL, NULL, b, x, 10, 5, 1e-12, &it1, &rr), SN_MAX_ITER);
  CHECK_INT(it1, 5);
  CHECK(rr > 1e-12 && rr < 1.0);

  /* 3 x 3: exact after 3 products, x = (1, 2, 3) */
  {
    double a[9] = {2, 1, 0, 0, 3, 1, 1, 0, 4};     /* column-major, non-symmetric */
    sn_csc *T;
    CHECK_INT(sn_csc_from_dense(3, 3, a, 0.0, &T), SN_OK);
    double xs[3] = {1, 2, 3}, bs[3], x3[3] = {0, 0, 0};
    sn_csc_gemv(T, 1.0, xs, 0.0, bs);
    CHECK_INT(sn_gmres(3, sn_linop_csc, T, NULL, NULL, bs, x3, 50, 50, 1e-14, &it1, &rr), SN_OK);
    CHECK(it1 <= 3);
    for (int i = 0; i < 3; i++) CHECK_CLOSE(x3[i], xs[i], 1e-12, 1e-13);
    sn_csc_free(T);
  }
  /* a singular operator (A = 0, b != 0): a breakdown at the first step, no division by zero;
   * the cap ends the run with x finite (0) and the residual 1 */
  {
    double z9[9] = {0}, bz[3] = {1, 2, 3}, xz[3] = {0, 0, 0};
    sn_csc *Z;
    CHECK_INT(sn_csc_from_dense(3, 3, z9, 0.0, &Z), SN_OK);
    CHECK_INT(sn_gmres(3, sn_linop_csc, Z, NULL, NULL, bz, xz, 3, 4, 1e-10, &it1, &rr), SN_MAX_ITER);
    CHECK(isfinite(xz[0]) && isfinite(xz[1]) && isfinite(xz[2]));
    CHECK_CLOSE(rr, 1.0, 1e-15, 0);
    sn_csc_free(Z);
  }
  /* b = 0 */
  for (int i = 0; i < n; i++) { r[i] = 0; x[i] = 1; }
  CHECK_INT(sn_gmres(n, sn_linop_csc, A, NULL, NULL, r, x, 30, 100, 1e-10, &it1, &rr), SN_OK);
  CHECK_INT(it1, 0);
  CHECK(x[0] == 0 && x[n - 1] == 0);
  /* argument errors */
  CHECK_INT(sn_gmres(n, NULL, A, NULL, NULL, b, x, 30, 100, 1e-10, NULL, NULL), SN_ERR_ARG);
  CHECK_INT(sn_gmres(n, sn_linop_csc, A, NULL, NULL, b, x, 0, 100, 1e-10, NULL, NULL), SN_ERR_ARG);
  CHECK_INT(sn_gmres(-1, sn_linop_csc, A, NULL, NULL, b, x, 30, 100, 1e-10, NULL, NULL), SN_ERR_ARG);
  CHECK_INT(sn_gmres(0, sn_linop_csc, A, NULL, NULL, b, x, 30, 100, 1e-10, NULL, NULL), SN_OK);

  sn_chol_free(C);
  sn_csc_free(A);
  sn_csc_free(S);
  free(b); free(x); free(xd); free(r);
  return sn_check_report();
}
