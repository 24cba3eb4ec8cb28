/* Jacobi-preconditioned CG on an upper-triangle SPD matrix against CHOLMOD on the same system;
 * the symmetric product against the full matrix; refusals; CHOLMOD's predicted fill. */
#include "check.h"
#include "signorini/common.h"
#include "signorini/la.h"

#include <stdlib.h>
#include <string.h>

/* 2D Laplacian (5-point) on k x k plus a random positive diagonal: upper triangle and full */
static void laplacian(int k, double shift, sn_csc **U, sn_csc **Full)
{
  int n = k * k, nz = 0;
  int *I = malloc(sizeof(int) * 5 * n), *J = malloc(sizeof(int) * 5 * n);
  double *X = malloc(sizeof(double) * 5 * n);
  unsigned s = 12345u;
  for (int a = 0; a < k; a++)
    for (int b = 0; b < k; b++) {
      int i = a * k + b;
      s = s * 1103515245u + 12345u;
      I[nz] = i; J[nz] = i; X[nz++] = 4.0 + shift * ((s >> 8) % 1000) / 1000.0;
      if (b + 1 < k) { I[nz] = i; J[nz] = i + 1; X[nz++] = -1.0; }
      if (a + 1 < k) { I[nz] = i; J[nz] = i + k; X[nz++] = -1.0; }
    }
  sn_csc_from_triplets(n, n, nz, I, J, X, U);          /* row < column: upper */
  int nz2 = nz;
  for (int t = 0; t < nz; t++)
    if (I[t] != J[t]) { I[nz2] = J[t]; J[nz2] = I[t]; X[nz2++] = X[t]; }
  sn_csc_from_triplets(n, n, nz2, I, J, X, Full);
  free(I); free(J); free(X);
}

/* sum_k k^2 for k = 1..n: CHOLMOD's flops for a dense block of n rows (its columns' counts
 * squared) */
static double sum_sq(double n) { return n / 6.0 * (n + 1.0) * (2.0 * n + 1.0); }

/* a block-diagonal SPD matrix, dense blocks of n1 and n2 rows (upper triangles); NULL on failure */
static sn_csc *two_blocks(int n1, int n2)
{
  int n = n1 + n2;
  sn_csc *D = sn_csc_alloc(n, n, n1 * (n1 + 1) / 2 + n2 * (n2 + 1) / 2);
  if (!D) return NULL;
  int p = 0;
  for (int j = 0; j < n; j++) {
    D->colptr[j] = p;
    for (int i = j < n1 ? 0 : n1; i <= j; i++, p++) {
      D->rowind[p] = i;
      D->val[p] = i == j ? 2.0 * n : 1.0 / (1.0 + i + j);
    }
  }
  D->colptr[n] = D->nnz = p;
  return D;
}

/* a dense SPD matrix of nd rows is one front of nd rows, all of CHOLMOD's flops sum_k k^2 in it
 * and none in fronts of nd + 1 rows; two dense blocks of 300 and 100 rows are two fronts, the
 * first one's share of the flops counted from 200 rows on */
static void check_dense_front(void)
{
  enum { nd = 300 };
  sn_csc *D = two_blocks(nd, 0), *E = two_blocks(300, 100);
  CHECK(D != NULL && E != NULL);
  if (D && E) {
    double fl = 0, big = 0, exact = sum_sq(nd);
    CHECK_INT(sn_chol_predict_fronts(D, nd, NULL, &fl, &big), SN_OK);
    CHECK(fabs(fl - exact) <= 1e-9 * exact && big == fl);
    CHECK_INT(sn_chol_predict_fronts(D, nd + 1, NULL, &fl, &big), SN_OK);
    CHECK(big == 0.0);
    double s1 = sum_sq(300), s2 = sum_sq(100);
    CHECK_INT(sn_chol_predict_fronts(E, 200, NULL, &fl, &big), SN_OK);
    CHECK(fabs(fl - (s1 + s2)) <= 1e-9 * (s1 + s2) && fabs(big - s1) <= 1e-9 * s1);
  }
  sn_csc_free(D);
  sn_csc_free(E);
}

int main(void)
{
  int k = 40, n = k * k;
  sn_csc *U, *A;
  laplacian(k, 0.5, &U, &A);
  double *b = malloc(sizeof(double) * n), *x = calloc(n, sizeof(double)), *xr = malloc(sizeof(double) * n);
  double *y1 = malloc(sizeof(double) * n), *y2 = malloc(sizeof(double) * n);
  for (int i = 0; i < n; i++) b[i] = sin(0.37 * i) + 0.1;
  /* the symmetric product from the upper triangle equals the full product */
  sn_csc_symv_upper(U, b, y1);
  sn_csc_gemv(A, 1.0, b, 0.0, y2);
  double d = 0;
  for (int i = 0; i < n; i++) d = fmax(d, fabs(y1[i] - y2[i]));
  CHECK(d <= 1e-13);
  /* CG to 1e-12 against the Cholesky solution */
  sn_chol *F;
  CHECK_INT(sn_chol_factor(U, &F), SN_OK);
  CHECK_INT(sn_chol_solve(F, b, xr), SN_OK);
  int it;
  double rr;
  CHECK_INT(sn_pcg_upper(U, b, x, 1e-12, 5000, &it, &rr), SN_OK);
  CHECK(rr <= 1e-11);
  CHECK(it > 10 && it < 400);
  double e = 0, m = 0;
  for (int i = 0; i < n; i++) { e = fmax(e, fabs(x[i] - xr[i])); m = fmax(m, fabs(xr[i])); }
  CHECK(e <= 1e-9 * m);
  /* warm start from the solution: no iteration */
  CHECK_INT(sn_pcg_upper(U, b, x, 1e-10, 5000, &it, &rr), SN_OK);
  CHECK_INT(it, 0);
  /* too few iterations: said so, with the true residual */
  memset(x, 0, sizeof(double) * n);
  CHECK_INT(sn_pcg_upper(U, b, x, 1e-12, 3, &it, &rr), SN_MAX_ITER);
  CHECK_INT(it, 3);
  CHECK(rr > 1e-6);
  /* zero right-hand side: x = 0 */
  for (int i = 0; i < n; i++) { y1[i] = 0; x[i] = 1; }
  CHECK_INT(sn_pcg_upper(U, y1, x, 1e-10, 10, &it, &rr), SN_OK);
  CHECK(x[0] == 0.0 && x[n - 1] == 0.0);
  /* a non-positive diagonal is refused */
  for (int j = 0; j < U->n; j++)
    for (int p = U->colptr[j]; p < U->colptr[j + 1]; p++)
      if (U->rowind[p] == j && j == 7) U->val[p] = -1.0;
  CHECK_INT(sn_pcg_upper(U, b, x, 1e-10, 100, &it, &rr), SN_ERR_NOT_SPD);
  CHECK_INT(sn_pcg_upper(U, b, x, 0.0, 100, &it, &rr), SN_ERR_ARG);
  /* predicted fill: at least the matrix's own upper triangle, at most dense */
  double lnz = 0, fl = 0;
  CHECK_INT(sn_chol_predict(A, &lnz, &fl), SN_OK);
  CHECK(lnz >= U->nnz && lnz <= 0.5 * (double)n * (n + 1));
  CHECK(fl >= lnz);
  /* the part in large fronts: none of this 2D Laplacian's fronts has all its 1 600 rows */
  double lnz2 = 0, fl2 = 0, big = -1;
  CHECK_INT(sn_chol_predict_fronts(A, n + 1, &lnz2, &fl2, &big), SN_OK);
  CHECK(lnz2 == lnz && fl2 == fl && big == 0.0);
  CHECK_INT(sn_chol_predict_fronts(A, -1, NULL, NULL, &big), SN_ERR_ARG);
  check_dense_front();
  sn_chol_free(F);
  sn_csc_free(U); sn_csc_free(A);
  free(b); free(x); free(xr); free(y1); free(y2);
  return sn_check_report();
}
