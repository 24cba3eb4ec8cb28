/* Compressed sparse row view of a CSC matrix (the CSC storage of A^T, reinterpreted). */
#include "signorini/common.h"
#include "signorini/la.h"

#include <stdlib.h>

int sn_csr_from_csc(const sn_csc *A, sn_csr **out)
{
  if (!A || !out) return SN_ERR_ARG;
  *out = NULL;
  sn_csc *T;
  int st = sn_csc_transpose(A, &T);
  if (st) return st;
  sn_csr *R = malloc(sizeof *R);
  if (!R) { sn_csc_free(T); return SN_ERR_NOMEM; }
  R->m = A->m;
  R->n = A->n;
  R->nnz = A->nnz;
  R->rowptr = T->colptr;   /* column j of A^T is row j of A */
  R->colind = T->rowind;
  R->val = T->val;
  free(T);
  *out = R;
  return SN_OK;
}

void sn_csr_free(sn_csr *A)
{
  if (!A) return;
  free(A->rowptr);
  free(A->colind);
  free(A->val);
  free(A);
}

/* y = alpha A x + beta y, a dot product per row */
void sn_csr_gemv(const sn_csr *A, double alpha, const double *x, double beta, double *y)
{
  for (int i = 0; i < A->m; i++) {
    double s = 0.0;
    for (int p = A->rowptr[i]; p < A->rowptr[i + 1]; p++) s += A->val[p] * x[A->colind[p]];
    y[i] = alpha * s + (beta == 0.0 ? 0.0 : beta * y[i]);
  }
}
