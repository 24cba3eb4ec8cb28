/* sn_dense_lu_solve (src/la/dense_lu.c) against LAPACK's dgesv on the same matrices (sizes 1-60,
 * values that need row interchanges), a hand case, and LAPACK's info for a zero pivot. */
#include "check.h"
#include "signorini/la.h"

#include <lapacke.h>
#include <math.h>
#include <string.h>

#define MAXM 60

int main(void)
{
  static double a[MAXM * MAXM], lu[MAXM * MAXM], ref[MAXM * MAXM];
  double b[MAXM], x[MAXM], xr[MAXM];
  lapack_int piv[MAXM];
  int sizes[] = {1, 2, 3, 7, 15, 27, 45, 60};
  for (int s = 0; s < (int)(sizeof sizes / sizeof sizes[0]); s++) {
    int m = sizes[s];
    /* deterministic, unsymmetric, small diagonal (pivoting needed), well conditioned enough */
    for (int j = 0; j < m; j++) {
      b[j] = cos(0.37 * j) + 0.1;
      for (int i = 0; i < m; i++)
        a[j * m + i] = sin(1.1 * i + 0.3 * j * j + 0.5) + (i == (j + 1) % m ? 2.0 + 0.1 * m : 0.0);
    }
    memcpy(lu, a, sizeof(double) * (size_t)(m * m));
    memcpy(ref, a, sizeof(double) * (size_t)(m * m));
    memcpy(x, b, sizeof(double) * (size_t)m);
    memcpy(xr, b, sizeof(double) * (size_t)m);
    CHECK_INT(LAPACKE_dgesv(LAPACK_COL_MAJOR, m, 1, ref, m, piv, xr, m), 0);
    CHECK_INT(sn_dense_lu_solve(m, lu, x), 0);
    double xmax = 0.0;
    for (int i = 0; i < m; i++) xmax = fmax(xmax, fabs(xr[i]));
    for (int i = 0; i < m; i++) CHECK_CLOSE(x[i], xr[i], 0.0, 1e-12 * xmax);
    /* the same factors as LAPACK's (the same pivots: LAPACK's order of interchanges) */
    double fmax_ = 0.0;
    for (int k = 0; k < m * m; k++) fmax_ = fmax(fmax_, fabs(ref[k]));
    for (int k = 0; k < m * m; k++) CHECK_CLOSE(lu[k], ref[k], 0.0, 1e-12 * fmax_);
  }
  /* [0 1; 2 3] x = [1; 5]: a row interchange first; x = [1, 1] (by hand) */
  {
    double A2[4] = {0, 2, 1, 3}, b2[2] = {1, 5};
    CHECK_INT(sn_dense_lu_solve(2, A2, b2), 0);
    CHECK_CLOSE(b2[0], 1.0, 0, 1e-15);
    CHECK_CLOSE(b2[1], 1.0, 0, 1e-15);
  }
  /* singular [1 2; 2 4]: the second pivot is exactly 0 (4 - 2 * 2 after the interchange:
   * rows [2 4], [1 2], l = 0.5, 2 - 0.5 * 4 = 0), LAPACK's info 2 */
  {
    double A2[4] = {1, 2, 2, 4}, b2[2] = {1, 1}, A3[4] = {1, 2, 2, 4}, b3[2] = {1, 1};
    lapack_int p2[2];
    CHECK_INT(sn_dense_lu_solve(2, A2, b2), 2);
    CHECK_INT(LAPACKE_dgesv(LAPACK_COL_MAJOR, 2, 1, A3, 2, p2, b3, 2), 2);
    double Z[1] = {0}, bz[1] = {1};
    CHECK_INT(sn_dense_lu_solve(1, Z, bz), 1);
    CHECK_INT(sn_dense_lu_solve(0, Z, bz), 0);     /* empty */
  }
  return sn_check_report();
}
