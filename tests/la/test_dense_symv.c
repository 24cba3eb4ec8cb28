/* sn_dense_symv_lower (src/la/dense_symv.c): y += A x for a symmetric A from its lower triangle.
 *  - by hand: a 5 x 5 matrix and x = 1..5, the strict upper triangle filled with NaN, which the
 *    product must not read;
 *  - every size 1..13 (each remainder of the 4-column blocks and of the row pairs) and 130, 257,
 *    random entries of mixed signs and magnitudes, the upper triangle NaN: each y_i within
 *    4 n eps (|A| |x|)_i of the product summed in long double from the full matrix (the
 *    rounding bound of a dot product of n terms, Higham 2002, eq. 3.5), y's starting value kept;
 *  - the same bits on a second call (a fixed order of the sums). */
#include "check.h"
#include "signorini/la.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static double rnd(unsigned *s)   /* in [-1, 1), a fixed sequence (LCG) */
{
  *s = *s * 1664525u + 1013904223u;
  return (double)(*s >> 8) / (double)(1u << 23) - 1.0;
}

static void check_size(int n, unsigned seed)
{
  double *A = malloc(sizeof(double) * (size_t)n * (size_t)n), *F = malloc(sizeof(double) * (size_t)n * (size_t)n);
  double *x = malloc(sizeof(double) * (size_t)n), *y = malloc(sizeof(double) * (size_t)n);
  double *y2 = malloc(sizeof(double) * (size_t)n), *y0 = malloc(sizeof(double) * (size_t)n);
  for (int j = 0; j < n; j++)
    for (int i = j; i < n; i++) {
      double v = rnd(&seed) * pow(10.0, 3.0 * rnd(&seed));
      F[i + (size_t)n * j] = F[j + (size_t)n * i] = v;
      A[i + (size_t)n * j] = v;
      if (i != j) A[j + (size_t)n * i] = NAN;   /* the upper triangle: never read */
    }
  for (int i = 0; i < n; i++) {
    x[i] = rnd(&seed) * pow(10.0, 2.0 * rnd(&seed));
    y0[i] = y[i] = y2[i] = rnd(&seed);
  }
  sn_dense_symv_lower(n, A, x, y);
  sn_dense_symv_lower(n, A, x, y2);
  int bad = 0, same = 1;
  double worst = 0.0;
  for (int i = 0; i < n; i++) {
    long double s = y0[i];
    double mag = fabs(y0[i]);
    for (int j = 0; j < n; j++) {
      s += (long double)F[i + (size_t)n * j] * x[j];
      mag += fabs(F[i + (size_t)n * j] * x[j]);
    }
    double err = fabs((double)((long double)y[i] - s)), bound = 4.0 * (n + 1) * DBL_EPSILON * mag;
    if (!(err <= bound)) bad++;
    if (mag > 0 && err / mag > worst) worst = err / mag;
    if (memcmp(&y[i], &y2[i], sizeof(double))) same = 0;
  }
  CHECK_INT(bad, 0);
  CHECK(same);
  if (n >= 130) printf("n = %d: largest |y - exact| / (|A| |x|)_i = %.2e\n", n, worst);
  free(A); free(F); free(x); free(y); free(y2); free(y0);
}

int main(void)
{
  /* A = [4 1 0 2 0; 1 3 0 0 1; 0 0 0 0 0; 2 0 0 5 -1; 0 1 0 -1 2], x = 1..5, y = 1:
   * y + A x = (1 + 14, 1 + 12, 1 + 0, 1 + 17, 1 + 8) */
  {
    double L[25] = {4, 1, 0, 2, 0, NAN, 3, 0, 0, 1, NAN, NAN, 0, 0, 0, NAN, NAN, NAN, 5, -1, NAN, NAN, NAN, NAN, 2};
    double x[5] = {1, 2, 3, 4, 5}, y[5] = {1, 1, 1, 1, 1}, want[5] = {15, 13, 1, 18, 9};
    sn_dense_symv_lower(5, L, x, y);
    for (int i = 0; i < 5; i++) CHECK_CLOSE(y[i], want[i], 0.0, 0.0);
  }
  sn_dense_symv_lower(0, NULL, NULL, NULL);   /* n = 0: nothing read or written */
  for (int n = 1; n <= 13; n++) check_size(n, 17u + (unsigned)n);
  check_size(130, 5u);
  check_size(257, 9u);
  return sn_check_report();
}
