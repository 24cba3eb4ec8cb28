/* A x = b for a small dense matrix: LU with partial pivoting, right-looking (the outer-product
 * form of Gaussian elimination, G.H. Golub, C.F. Van Loan, "Matrix Computations", 4th ed.,
 * Algorithm 3.4.1 with row interchanges as in section 3.4.4), the row interchanges applied to
 * the whole row and to b as they are chosen, then L y = P b and U x = y. The pivot is the first
 * entry of largest magnitude in the column, as LAPACK's dgetf2 (idamax) chooses it, so the
 * factors are LAPACK's up to rounding. Made for the Newton systems of at most 60 rows of
 * src/solver/fc_nsn.c: OpenBLAS' dgesv spends about 42 000 instructions on 27 rows there
 * (dgetf2's unblocked left-looking loop calls ddot once per entry), this loop, vectorized
 * over the column by the compiler, a fraction of that. */
#include "signorini/la.h"

#include <float.h>
#include <math.h>
#include <stddef.h>

int sn_dense_lu_solve(int m, double *A, double *b)
{
  int singular = 0;
  for (int k = 0; k < m; k++) {
    double *ak = A + (size_t)k * m;
    int p = k;
    double amax = fabs(ak[k]);
    for (int i = k + 1; i < m; i++)
      if (fabs(ak[i]) > amax) {
        amax = fabs(ak[i]);
        p = i;
      }
    if (p != k) {                                 /* swap rows k and p, and b's entries */
      for (int j = 0; j < m; j++) {
        double t = A[(size_t)j * m + k];
        A[(size_t)j * m + k] = A[(size_t)j * m + p];
        A[(size_t)j * m + p] = t;
      }
      double t = b[k];
      b[k] = b[p];
      b[p] = t;
    }
    double akk = ak[k];
    if (akk == 0.0) {                             /* exactly singular: LAPACK's info = k + 1 */
      if (!singular) singular = k + 1;
      continue;
    }
    if (fabs(akk) >= DBL_MIN) {                   /* the multipliers l_ik = a_ik / a_kk */
      double inv = 1.0 / akk;
      for (int i = k + 1; i < m; i++) ak[i] *= inv;
    } else {
      for (int i = k + 1; i < m; i++) ak[i] /= akk;
    }
    for (int j = k + 1; j < m; j++) {             /* A_22 -= l u^T, column by column */
      double *aj = A + (size_t)j * m, t = aj[k];
      if (t != 0.0)
        for (int i = k + 1; i < m; i++) aj[i] -= ak[i] * t;
    }
  }
  if (singular) return singular;
  for (int k = 0; k < m; k++) {                   /* L y = P b, unit diagonal */
    const double *ak = A + (size_t)k * m;
    double t = b[k];
    if (t != 0.0)
      for (int i = k + 1; i < m; i++) b[i] -= ak[i] * t;
  }
  for (int k = m - 1; k >= 0; k--) {              /* U x = y */
    const double *ak = A + (size_t)k * m;
    b[k] /= ak[k];
    double t = b[k];
    if (t != 0.0)
      for (int i = 0; i < k; i++) b[i] -= ak[i] * t;
  }
  return 0;
}
