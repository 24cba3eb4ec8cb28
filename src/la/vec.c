/* Dense vector helpers over CBLAS (OpenBLAS), and a dense solve over LAPACKE. */
#include "signorini/common.h"
#include "signorini/la.h"

#include <cblas.h>
#include <lapacke.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

double sn_dot(int n, const double *x, const double *y) { return n > 0 ? cblas_ddot(n, x, 1, y, 1) : 0.0; }
double sn_nrm2(int n, const double *x) { return n > 0 ? cblas_dnrm2(n, x, 1) : 0.0; }
void sn_axpy(int n, double a, const double *x, double *y) { if (n > 0) cblas_daxpy(n, a, x, 1, y, 1); }
void sn_scal(int n, double a, double *x) { if (n > 0) cblas_dscal(n, a, x, 1); }
void sn_copy(int n, const double *x, double *y) { if (n > 0) cblas_dcopy(n, x, 1, y, 1); }

/* max |x_i| (idamax would return the first maximum; a plain loop is as fast and NaN-aware) */
double sn_nrminf(int n, const double *x)
{
  double m = 0.0;
  for (int i = 0; i < n; i++) {
    double a = fabs(x[i]);
    if (a > m || isnan(a)) m = a;
  }
  return m;
}

void sn_fill(int n, double a, double *x)
{
  for (int i = 0; i < n; i++) x[i] = a;
}

void sn_dense_gemv(int m, int n, double alpha, const double *A, const double *x, double beta,
                   double *y)
{
  if (m <= 0) return;
  if (n <= 0) { sn_scal(m, beta, y); return; }
  cblas_dgemv(CblasColMajor, CblasNoTrans, m, n, alpha, A, m, x, 1, beta, y, 1);
}

/* x = A\b by LU with partial pivoting (LAPACK dgesv) on copies of A and b */
int sn_dense_solve(int n, const double *A, const double *b, double *x)
{
  if (n < 0 || !A || !b || !x) return SN_ERR_ARG;
  if (n == 0) return SN_OK;
  double *a = malloc(sizeof(double) * (size_t)n * (size_t)n);
  lapack_int *piv = malloc(sizeof(lapack_int) * (size_t)n);
  if (!a || !piv) { free(a); free(piv); return SN_ERR_NOMEM; }
  memcpy(a, A, sizeof(double) * (size_t)n * (size_t)n);
  memmove(x, b, sizeof(double) * (size_t)n);
  lapack_int info = LAPACKE_dgesv(LAPACK_COL_MAJOR, n, 1, a, n, piv, x, n);
  free(a);
  free(piv);
  if (info > 0) return SN_ERR_SINGULAR;
  return info < 0 ? SN_ERR_BACKEND : SN_OK;
}
