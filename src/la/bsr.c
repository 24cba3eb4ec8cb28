/* Block sparse row view with b x b blocks: the local contact operator W by contact blocks. */
#include "signorini/common.h"
#include "signorini/la.h"

#include <stdlib.h>
#include <string.h>

/* Two passes over the CSR form: find which block columns each block row touches, then fill. */
int sn_bsr_from_csc(const sn_csc *A, int b, sn_bsr **out)
{
  if (!A || !out || b <= 0) return SN_ERR_ARG;
  *out = NULL;
  if (A->m % b || A->n % b) return SN_ERR_DIM;
  sn_csr *R;
  int st = sn_csr_from_csc(A, &R);
  if (st) return st;
  int mb = A->m / b, nb = A->n / b;
  sn_bsr *B = calloc(1, sizeof *B);
  int *pos = malloc(sizeof(int) * ((size_t)nb + 1));   /* block column -> slot in current row */
  if (!B || !pos) goto nomem;
  B->b = b;
  B->mb = mb;
  B->nb = nb;
  B->browptr = calloc((size_t)mb + 1, sizeof(int));
  B->diag = malloc(sizeof(int) * ((size_t)mb + 1));
  if (!B->browptr || !B->diag) goto nomem;
  for (int J = 0; J < nb; J++) pos[J] = -1;
  /* pass 1: count distinct blocks per block row */
  for (int I = 0; I < mb; I++) {
    int cnt = 0;
    for (int i = I * b; i < (I + 1) * b; i++)
      for (int p = R->rowptr[i]; p < R->rowptr[i + 1]; p++) {
        int J = R->colind[p] / b;
        if (pos[J] != I) { pos[J] = I; cnt++; }
      }
    B->browptr[I + 1] = B->browptr[I] + cnt;
  }
  B->nnzb = B->browptr[mb];
  B->bcolind = malloc(sizeof(int) * (size_t)(B->nnzb > 0 ? B->nnzb : 1));
  B->val = calloc((size_t)(B->nnzb > 0 ? B->nnzb : 1) * (size_t)b * (size_t)b, sizeof(double));
  if (!B->bcolind || !B->val) goto nomem;
  /* pass 2: block columns in increasing order within each block row, then scatter values */
  for (int J = 0; J < nb; J++) pos[J] = -1;
  for (int I = 0; I < mb; I++) {
    int start = B->browptr[I], k = start;
    for (int i = I * b; i < (I + 1) * b; i++)
      for (int p = R->rowptr[i]; p < R->rowptr[i + 1]; p++) {
        int J = R->colind[p] / b;
        if (pos[J] < start) { pos[J] = k; B->bcolind[k++] = J; }
      }
    /* sort block columns (insertion sort; rows hold few blocks) and rebuild pos */
    for (int q = start + 1; q < k; q++) {
      int c = B->bcolind[q], r = q - 1;
      while (r >= start && B->bcolind[r] > c) { B->bcolind[r + 1] = B->bcolind[r]; r--; }
      B->bcolind[r + 1] = c;
    }
    B->diag[I] = -1;
    for (int q = start; q < k; q++) {
      pos[B->bcolind[q]] = q;
      if (B->bcolind[q] == I) B->diag[I] = q;
    }
    for (int i = I * b; i < (I + 1) * b; i++)
      for (int p = R->rowptr[i]; p < R->rowptr[i + 1]; p++) {
        int j = R->colind[p], q = pos[j / b];
        B->val[(size_t)q * b * b + (size_t)(j % b) * b + (size_t)(i % b)] += R->val[p];
      }
  }
  free(pos);
  sn_csr_free(R);
  *out = B;
  return SN_OK;
nomem:
  free(pos);
  sn_csr_free(R);
  sn_bsr_free(B);
  return SN_ERR_NOMEM;
}

void sn_bsr_free(sn_bsr *A)
{
  if (!A) return;
  free(A->browptr);
  free(A->bcolind);
  free(A->diag);
  free(A->val);
  free(A);
}

const double *sn_bsr_block(const sn_bsr *A, int I, int J)
{
  if (I < 0 || I >= A->mb || J < 0 || J >= A->nb) return NULL;
  for (int q = A->browptr[I]; q < A->browptr[I + 1]; q++)
    if (A->bcolind[q] == J) return A->val + (size_t)q * A->b * A->b;
  return NULL;
}

void sn_bsr_row_gemv(const sn_bsr *A, int I, const double *x, double *yI)
{
  int b = A->b;
  for (int r = 0; r < b; r++) yI[r] = 0.0;
  for (int q = A->browptr[I]; q < A->browptr[I + 1]; q++) {
    const double *blk = A->val + (size_t)q * b * b;
    const double *xJ = x + (size_t)A->bcolind[q] * b;
    for (int c = 0; c < b; c++)
      for (int r = 0; r < b; r++) yI[r] += blk[c * b + r] * xJ[c];
  }
}

void sn_bsr_gemv(const sn_bsr *A, double alpha, const double *x, double beta, double *y)
{
  int b = A->b;
  double yI[8];
  for (int I = 0; I < A->mb; I++) {
    if (b <= 8) {
      sn_bsr_row_gemv(A, I, x, yI);
      for (int r = 0; r < b; r++)
        y[I * b + r] = alpha * yI[r] + (beta == 0.0 ? 0.0 : beta * y[I * b + r]);
    } else {
      for (int r = 0; r < b; r++) {
        double s = 0.0;
        for (int q = A->browptr[I]; q < A->browptr[I + 1]; q++)
          for (int c = 0; c < b; c++)
            s += A->val[(size_t)q * b * b + (size_t)c * b + r] * x[(size_t)A->bcolind[q] * b + c];
        y[I * b + r] = alpha * s + (beta == 0.0 ? 0.0 : beta * y[I * b + r]);
      }
    }
  }
}
