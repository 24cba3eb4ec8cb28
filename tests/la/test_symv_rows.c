/* sn_csc_symv_upper_rows (src/la/symv_rows.c): y = A x by rows on threads, for A symmetric
 * stored as its upper triangle, must be sn_csc_symv_upper's result bit for bit on 1, 2, 3 and 8
 * threads: a random banded matrix of 20 000 rows (values of mixed magnitudes and signs, so
 * that a different order of the sums would show), an empty column and a diagonal-free row
 * among them. And, to the rounding of a dense product, A x of a 5 x 5 matrix by hand. */
#include "check.h"
#include "signorini/common.h"
#include "signorini/la.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static double rnd(unsigned *s)   /* in [-1, 1), a fixed sequence (LCG) */
{
  *s = *s * 1664525u + 1013904223u;
  return (double)(*s >> 8) / (double)(1u << 23) - 1.0;
}

int main(void)
{
  /* 5 x 5 by hand: A = [4 1 0 2 0; 1 3 0 0 1; 0 0 0 0 0; 2 0 0 5 -1; 0 1 0 -1 2], x = 1..5:
   * A x = (4+2+8, 1+6+5, 0, 2+20-5, 2-4+10) = (14, 12, 0, 17, 8) */
  {
    int I[] = {0, 0, 1, 0, 3, 1, 3, 4}, J[] = {0, 1, 1, 3, 3, 4, 4, 4};
    double V[] = {4, 1, 3, 2, 5, 1, -1, 2}, x[] = {1, 2, 3, 4, 5}, y[5], want[] = {14, 12, 0, 17, 8};
    sn_csc *A = NULL;
    sn_csc_rows *R = NULL;
    CHECK_INT(sn_csc_from_triplets(5, 5, 8, I, J, V, &A), SN_OK);
    CHECK_INT(sn_csc_rows_make(A, &R), SN_OK);
    sn_csc_symv_upper_rows(A, R, x, y, 2);
    for (int i = 0; i < 5; i++) CHECK_CLOSE(y[i], want[i], 0, 1e-14);
    sn_csc_rows_free(R);
    sn_csc_free(A);
  }
  int n = 20000, bw = 40, cap = n * (bw + 1), nz = 0;
  int *I = malloc(sizeof(int) * (size_t)cap), *J = malloc(sizeof(int) * (size_t)cap);
  double *V = malloc(sizeof(double) * (size_t)cap);
  unsigned s = 12345u;
  for (int j = 0; j < n; j++) {
    if (j == 777) continue;                          /* an empty column */
    for (int i = j - bw; i <= j; i++) {
      if (i < 0 || i == 777 || (i == j && j == 4321)) continue;   /* row 4321 without its diagonal */
      if (i < j && rnd(&s) < 0.2) continue;          /* an irregular band */
      I[nz] = i;
      J[nz] = j;
      V[nz++] = rnd(&s) * pow(10.0, 6 * rnd(&s));
    }
  }
  sn_csc *A = NULL;
  sn_csc_rows *R = NULL;
  CHECK_INT(sn_csc_from_triplets(n, n, nz, I, J, V, &A), SN_OK);
  CHECK_INT(sn_csc_rows_make(A, &R), SN_OK);
  double *x = malloc(sizeof(double) * (size_t)n), *y0 = malloc(sizeof(double) * (size_t)n), *y = malloc(sizeof(double) * (size_t)n);
  for (int i = 0; i < n; i++) x[i] = rnd(&s) * pow(10.0, 4 * rnd(&s));
  sn_csc_symv_upper(A, x, y0);
  int threads[] = {1, 2, 3, 8};
  for (int k = 0; k < 4; k++) {
    memset(y, 0xff, sizeof(double) * (size_t)n);   /* every entry written */
    sn_csc_symv_upper_rows(A, R, x, y, threads[k]);
    int same = !memcmp(y, y0, sizeof(double) * (size_t)n);
    printf("%d entries, %d thread%s: %s\n", A->nnz, threads[k], threads[k] > 1 ? "s" : "", same ? "same bits" : "DIFFERENT");
    CHECK(same);
  }
  sn_csc_rows_free(R);
  sn_csc_free(A);
  free(I); free(J); free(V); free(x); free(y0); free(y);
  return sn_check_report();
}
