/* Dense vector helpers and the dense solve, against hand-computed values. */
#include "check.h"
#include "signorini/common.h"
#include "signorini/la.h"
#include "common/fmax_first.h"

#include <float.h>
#include <math.h>
#include <string.h>

int main(void)
{
  double x[4] = {1, -2, 3, -4}, y[4] = {0.5, 0.5, 0.5, 0.5};
  CHECK_CLOSE(sn_dot(4, x, y), -1.0, 0, 1e-15);            /* 0.5*(1-2+3-4) */
  CHECK_CLOSE(sn_nrm2(4, x), 5.477225575051661, 1e-15, 0);  /* sqrt(30) */
  CHECK_CLOSE(sn_nrminf(4, x), 4.0, 0, 0);
  CHECK_CLOSE(sn_nrm2(0, x), 0.0, 0, 0);
  sn_axpy(4, 2.0, x, y);                                    /* y = 0.5 + 2x */
  CHECK_CLOSE(y[0], 2.5, 0, 0);
  CHECK_CLOSE(y[3], -7.5, 0, 0);
  sn_scal(4, -1.0, y);
  CHECK_CLOSE(y[1], 3.5, 0, 0);
  sn_copy(4, x, y);
  CHECK_CLOSE(y[2], 3.0, 0, 0);
  sn_fill(4, 7.0, y);
  CHECK_CLOSE(y[3], 7.0, 0, 0);

  /* A = [2 1; 1 3] (column-major), y = 2 A [1;1] + 1 y  -> [2*3+7, 2*4+7] */
  double A[4] = {2, 1, 1, 3}, one[2] = {1, 1};
  sn_dense_gemv(2, 2, 2.0, A, one, 1.0, y);
  CHECK_CLOSE(y[0], 13.0, 0, 0);
  CHECK_CLOSE(y[1], 15.0, 0, 0);

  /* [2 1; 1 3] x = [3; 5] -> x = [4/5, 7/5] (Cramer's rule, det 5) */
  double b[2] = {3, 5}, sol[2];
  CHECK_INT(sn_dense_solve(2, A, b, sol), SN_OK);
  CHECK_CLOSE(sol[0], 0.8, 1e-15, 0);
  CHECK_CLOSE(sol[1], 1.4, 1e-15, 0);
  CHECK_CLOSE(A[0], 2.0, 0, 0);   /* input untouched */
  double S[4] = {1, 2, 2, 4};
  CHECK_INT(sn_dense_solve(2, S, b, sol), SN_ERR_SINGULAR);
  CHECK_INT(sn_dense_solve(-1, S, b, sol), SN_ERR_ARG);
  /* sn_fmax_first: libm's fmax bit for bit on operands that are never -0 (NaN ignored, NaN and
   * NaN giving NaN); and the largest of three square roots of squares is the root of the
   * largest (a correctly rounded root is monotone): the one-root form of the local residual */
  const double v[] = {0.0, DBL_TRUE_MIN, DBL_MIN, 1e-300, 0.5, 1.0, 1.0 + DBL_EPSILON, 3.0, 1e300,
                      DBL_MAX, INFINITY, NAN};
  int nv = (int)(sizeof v / sizeof v[0]), same = 1;
  for (int i = 0; i < nv; i++)
    for (int j = 0; j < nv; j++) {
      double a = sn_fmax_first(v[i], v[j]), b = fmax(v[i], v[j]);
      same &= isnan(b) ? isnan(a) != 0 : !memcmp(&a, &b, sizeof a);
    }
  CHECK(same);
  /* of +0 and -0 the first (the running maximum) */
  CHECK(!signbit(sn_fmax_first(0.0, -0.0)) && signbit(sn_fmax_first(-0.0, 0.0)));
  CHECK(sn_fmax_first(-1.0, -0.0) == 0.0 && signbit(sn_fmax_first(-1.0, -0.0)));
  unsigned seed = 7u;
  for (int k = 0; k < 100000 && same; k++) {
    double s[3];
    for (int c = 0; c < 3; c++) {
      seed = seed * 1103515245u + 12345u;
      s[c] = ldexp((double)(seed >> 4), (int)(seed % 61) - 60) * (seed % 5 ? 1.0 : 1e-200);
    }
    double one = sqrt(sn_fmax_first(s[0], sn_fmax_first(s[1], s[2])));
    double three = fmax(sqrt(s[0]), fmax(sqrt(s[1]), sqrt(s[2])));
    same &= !memcmp(&one, &three, sizeof one);
  }
  CHECK(same);
  return sn_check_report();
}
