/* y = A x for a symmetric A stored as its upper triangle, row by row on threads. sn_csc_symv_upper
 * (pcg.c) sweeps the columns: at column j it adds a_ij x_j into y_i for each stored i < j and
 * then y_j += sum_i a_ij x_i (rows in stored order, the diagonal in its place). So y_i receives,
 * in order, its column's sum (onto 0) and then a_ij x_j for the columns j > i holding row i, by
 * increasing j. Here each y_i is summed by one thread in that same order (the entries of row i
 * from the rows index), so the result is the same bits for any thread count. */
#include "signorini/la.h"
#include "signorini/common.h"

#include <stdlib.h>

int sn_csc_rows_make(const sn_csc *A, sn_csc_rows **out)
{
  if (!A || !out) return SN_ERR_ARG;
  int n = A->n, nz = 0;
  for (int j = 0; j < n; j++)
    for (int p = A->colptr[j]; p < A->colptr[j + 1]; p++) nz += A->rowind[p] < j;
  sn_csc_rows *R = calloc(1, sizeof *R);
  if (!R) return SN_ERR_NOMEM;
  R->n = n;
  R->ptr = calloc((size_t)n + 1, sizeof(int));
  R->col = malloc(sizeof(int) * ((size_t)nz + 1));
  R->val = malloc(sizeof(double) * ((size_t)nz + 1));
  int *fill = malloc(sizeof(int) * ((size_t)n + 1));
  if (!R->ptr || !R->col || !R->val || !fill) { free(fill); sn_csc_rows_free(R); return SN_ERR_NOMEM; }
  for (int j = 0; j < n; j++)
    for (int p = A->colptr[j]; p < A->colptr[j + 1]; p++)
      if (A->rowind[p] < j) R->ptr[A->rowind[p] + 1]++;
  for (int i = 0; i < n; i++) R->ptr[i + 1] += R->ptr[i];
  for (int i = 0; i < n; i++) fill[i] = R->ptr[i];
  for (int j = 0; j < n; j++)   /* columns in increasing order: each row's j increasing */
    for (int p = A->colptr[j]; p < A->colptr[j + 1]; p++) {
      int i = A->rowind[p];
      if (i < j) { R->col[fill[i]] = j; R->val[fill[i]++] = A->val[p]; }
    }
  free(fill);
  *out = R;
  return SN_OK;
}

void sn_csc_rows_free(sn_csc_rows *R)
{
  if (!R) return;
  free(R->ptr); free(R->col); free(R->val);
  free(R);
}

void sn_csc_symv_upper_rows(const sn_csc *A, const sn_csc_rows *R, const double *x, double *y, int threads)
{
  int n = A->n;
  (void)threads;
#ifdef SN_HAVE_OPENMP
#pragma omp parallel for schedule(dynamic, 256) num_threads(threads) if (threads > 1)
#endif
  for (int i = 0; i < n; i++) {
    double yi = 0.0, s = 0.0;
    for (int p = A->colptr[i]; p < A->colptr[i + 1]; p++) s += A->val[p] * x[A->rowind[p]];
    yi += s;
    for (int q = R->ptr[i]; q < R->ptr[i + 1]; q++) yi += R->val[q] * x[R->col[q]];
    y[i] = yi;
  }
}
