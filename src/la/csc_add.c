/* C = A + B for sparse matrices of the same size, column by column: a merge of the two sorted
 * row lists (O(nnz(A) + nnz(B)), no sort), duplicates summed. Inputs with unsorted rows or
 * duplicates go through a canonical copy first. */
#include "signorini/common.h"
#include "signorini/la.h"

#include <limits.h>
#include <stdlib.h>

static int is_canonical(const sn_csc *A)
{
  for (int j = 0; j < A->n; j++)
    for (int p = A->colptr[j] + 1; p < A->colptr[j + 1]; p++)
      if (A->rowind[p] <= A->rowind[p - 1]) return 0;
  return 1;
}

static int merge(const sn_csc *A, const sn_csc *B, sn_csc **out)
{
  size_t nz = (size_t)A->colptr[A->n] + (size_t)B->colptr[B->n];
  if (nz > INT_MAX) return SN_ERR_NOMEM;
  sn_csc *C = sn_csc_alloc(A->m, A->n, nz > 0 ? (int)nz : 1);
  if (!C) return SN_ERR_NOMEM;
  int k = 0;
  for (int j = 0; j < A->n; j++) {
    C->colptr[j] = k;
    int p = A->colptr[j], pe = A->colptr[j + 1], q = B->colptr[j], qe = B->colptr[j + 1];
    while (p < pe || q < qe) {
      int ia = p < pe ? A->rowind[p] : INT_MAX, ib = q < qe ? B->rowind[q] : INT_MAX;
      if (ia < ib) { C->rowind[k] = ia; C->val[k++] = A->val[p++]; }
      else if (ib < ia) { C->rowind[k] = ib; C->val[k++] = B->val[q++]; }
      else { C->rowind[k] = ia; C->val[k++] = A->val[p++] + B->val[q++]; }
    }
  }
  C->colptr[A->n] = k;
  C->nnz = k;
  *out = C;
  return SN_OK;
}

int sn_csc_add(const sn_csc *A, const sn_csc *B, sn_csc **out)
{
  if (!A || !B || !out) return SN_ERR_ARG;
  *out = NULL;
  if (A->m != B->m || A->n != B->n) return SN_ERR_DIM;
  if (sn_csc_check(A) || sn_csc_check(B)) return SN_ERR_FORMAT;
  sn_csc *Ac = NULL, *Bc = NULL;
  int st = SN_OK;
  if (!is_canonical(A)) st = sn_csc_canonical(A, &Ac);
  if (!st && !is_canonical(B)) st = sn_csc_canonical(B, &Bc);
  if (!st) st = merge(Ac ? Ac : A, Bc ? Bc : B, out);
  sn_csc_free(Ac);
  sn_csc_free(Bc);
  return st;
}
