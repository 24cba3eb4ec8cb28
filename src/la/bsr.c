/* Block sparse row view with b x b blocks: the local contact operator W by contact blocks. */
#include "signorini/common.h"
#include "signorini/la.h"
#include "common/force_inline.h"

#include <stdlib.h>
#include <string.h>

/* Directly from the compressed columns, without a CSR copy: pass 1 counts the distinct
 * blocks of each block row (mark[I] = the last block column that touched block row I), pass 2
 * walks the block columns in increasing order, so each block row receives its block columns
 * sorted, and scatters the values. The view is one allocation (the header, the values, then
 * the index arrays), the temporary 2 (mb + 1) ints on the stack up to MARK_STACK block rows:
 * on a problem of a few contacts a call of a solver costs one malloc here, not six (issue #13:
 * the fixed cost of a call). */
enum { MARK_STACK = 128 };

/* b is a constant in each call below (3, 2, or the general case), so that i / b and i % b
 * compile to multiplications, not divisions (inlined into each call for that) */
static SN_FORCE_INLINE int from_csc(const sn_csc *A, const int b, sn_bsr **out)
{
  int mb = A->m / b, nb = A->n / b;
  int small[2 * (MARK_STACK + 1)];
  int *mark = mb <= MARK_STACK ? small : malloc(sizeof(int) * 2 * ((size_t)mb + 1));
  if (!mark) return SN_ERR_NOMEM;
  int *cnt = mark + mb + 1;   /* blocks per block row (cnt[I + 1]), then the next free slots */
  cnt[0] = 0;
  for (int I = 0; I < mb; I++) { mark[I] = -1; cnt[I + 1] = 0; }
  /* both passes keep the rows [lo, lo + b) of the last entry's block row: the next entries of
   * a column (rows sorted, in a W of dense blocks) mostly fall in it, and need no division,
   * range check or mark */
  for (int J = 0; J < nb; J++) {                     /* pass 1: blocks per block row */
    int lo = 0, hi = 0;
    for (int p = A->colptr[J * b]; p < A->colptr[(J + 1) * b]; p++) {
      int i = A->rowind[p];
      if (i >= lo && i < hi) continue;
      if (i < 0 || i >= A->m) { if (mark != small) free(mark); return SN_ERR_FORMAT; }
      int I = i / b;
      lo = I * b;
      hi = lo + b;
      if (mark[I] != J) { mark[I] = J; cnt[I + 1]++; }
    }
  }
  for (int I = 0; I < mb; I++) cnt[I + 1] += cnt[I];
  int nnzb = cnt[mb];
  size_t nv = (size_t)nnzb * (size_t)b * (size_t)b;
  size_t ni = (size_t)mb + 1 + (size_t)mb + (size_t)(nnzb > 0 ? nnzb : 1);
  /* sizeof(sn_bsr) is a multiple of the pointers' alignment: val is aligned for doubles */
  char *mem = malloc(sizeof(sn_bsr) + sizeof(double) * (nv > 0 ? nv : 1) + sizeof(int) * ni);
  if (!mem) { if (mark != small) free(mark); return SN_ERR_NOMEM; }
  sn_bsr *B = (sn_bsr *)mem;
  B->b = b;
  B->mb = mb;
  B->nb = nb;
  B->nnzb = nnzb;
  B->val = (double *)(mem + sizeof(sn_bsr));
  B->browptr = (int *)(B->val + (nv > 0 ? nv : 1));
  B->diag = B->browptr + mb + 1;
  B->bcolind = B->diag + mb;
  double *val = B->val;
  int *diag = B->diag, *bcol = B->bcolind;
  const int *colptr = A->colptr, *rowind = A->rowind;
  const double *aval = A->val;
  memset(val, 0, sizeof(double) * nv);
  memcpy(B->browptr, cnt, sizeof(int) * ((size_t)mb + 1));
  for (int I = 0; I < mb; I++) { mark[I] = -1; diag[I] = -1; }
  for (int J = 0; J < nb; J++) {                     /* pass 2: block columns, then values */
    int lo = 0, hi = 0;
    double *blk = val;                               /* block (I, J) of rows [lo, hi) */
    for (int c = 0; c < b; c++) {                    /* column c of block column J */
      int j = J * b + c;
      for (int p = colptr[j]; p < colptr[j + 1]; p++) {
        int i = rowind[p];
        if (i < lo || i >= hi) {
          int I = i / b;
          lo = I * b;
          hi = lo + b;
          if (mark[I] != J) {
            mark[I] = J;
            if (I == J) diag[I] = cnt[I];
            bcol[cnt[I]++] = J;
          }
          blk = val + (size_t)(cnt[I] - 1) * b * b;  /* the slot of (I, J): the last one given */
        }
        blk[c * b + (i - lo)] += aval[p];
      }
    }
  }
  if (mark != small) free(mark);
  *out = B;
  return SN_OK;
}

int sn_bsr_from_csc(const sn_csc *A, int b, sn_bsr **out)
{
  if (!A || !out || b <= 0) return SN_ERR_ARG;
  *out = NULL;
  if (A->m % b || A->n % b) return SN_ERR_DIM;
  if (b == 3) return from_csc(A, 3, out);
  if (b == 2) return from_csc(A, 2, out);
  return from_csc(A, b, out);
}

void sn_bsr_free(sn_bsr *A) { free(A); }   /* the arrays live in A's allocation */

const double *sn_bsr_block(const sn_bsr *A, int I, int J)
{
  if (I < 0 || I >= A->mb || J < 0 || J >= A->nb) return NULL;
  for (int q = A->browptr[I]; q < A->browptr[I + 1]; q++)
    if (A->bcolind[q] == J) return A->val + (size_t)q * A->b * A->b;
  return NULL;
}

/* 3x3 blocks: the sums of the general loop below in the same order (block by block, column by
 * column), held in registers: the same bits, about a third of the instructions (the general
 * loop reloads yI after each store, which may alias A's values or x) */
static void row_gemv3(const sn_bsr *A, int I, const double *x, double *yI)
{
  double y0 = 0.0, y1 = 0.0, y2 = 0.0;
  for (int q = A->browptr[I]; q < A->browptr[I + 1]; q++) {
    const double *blk = A->val + (size_t)q * 9, *xJ = x + (size_t)A->bcolind[q] * 3;
    double x0 = xJ[0], x1 = xJ[1], x2 = xJ[2];
    y0 += blk[0] * x0; y1 += blk[1] * x0; y2 += blk[2] * x0;
    y0 += blk[3] * x1; y1 += blk[4] * x1; y2 += blk[5] * x1;
    y0 += blk[6] * x2; y1 += blk[7] * x2; y2 += blk[8] * x2;
  }
  yI[0] = y0; yI[1] = y1; yI[2] = y2;
}

static void row_gemv2(const sn_bsr *A, int I, const double *x, double *yI)   /* 2x2, as above */
{
  double y0 = 0.0, y1 = 0.0;
  for (int q = A->browptr[I]; q < A->browptr[I + 1]; q++) {
    const double *blk = A->val + (size_t)q * 4, *xJ = x + (size_t)A->bcolind[q] * 2;
    double x0 = xJ[0], x1 = xJ[1];
    y0 += blk[0] * x0; y1 += blk[1] * x0;
    y0 += blk[2] * x1; y1 += blk[3] * x1;
  }
  yI[0] = y0; yI[1] = y1;
}

void sn_bsr_row_gemv(const sn_bsr *A, int I, const double *x, double *yI)
{
  int b = A->b;
  if (b == 3) { row_gemv3(A, I, x, yI); return; }
  if (b == 2) { row_gemv2(A, I, x, yI); return; }
  for (int r = 0; r < b; r++) yI[r] = 0.0;
  for (int q = A->browptr[I]; q < A->browptr[I + 1]; q++) {
    const double *blk = A->val + (size_t)q * b * b;
    const double *xJ = x + (size_t)A->bcolind[q] * b;
    for (int c = 0; c < b; c++)
      for (int r = 0; r < b; r++) yI[r] += blk[c * b + r] * xJ[c];
  }
}

/* block rows [lo, hi) of y = alpha A x + beta y: each row's sum in block-column order, so a
 * row's value does not depend on which call (or thread) computes it */
void sn_bsr_gemv_rows(const sn_bsr *A, int lo, int hi, double alpha, const double *x, double beta,
                      double *y)
{
  int b = A->b;
  double yI[8];
  for (int I = lo; I < hi; I++) {
    if (b <= 8) {
      if (b == 2) row_gemv2(A, I, x, yI);       /* the static kernels, no call through the PLT */
      else if (b == 3) row_gemv3(A, I, x, yI);
      else sn_bsr_row_gemv(A, I, x, yI);
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

void sn_bsr_gemv(const sn_bsr *A, double alpha, const double *x, double beta, double *y)
{
  sn_bsr_gemv_rows(A, 0, A->mb, alpha, x, beta, y);
}

/* The rows split in fixed chunks of SN_BSR_CHUNK block rows, statically among the threads;
 * every row is computed by sn_bsr_gemv_rows as in the serial product (no sum crosses rows),
 * so y is the serial y bit for bit whatever the thread count. At least two chunks a thread
 * (a parallel region costs about what a chunk does): serial below 4 chunks. */
void sn_bsr_gemv_threads(const sn_bsr *A, double alpha, const double *x, double beta, double *y,
                         int threads)
{
  int nch = (A->mb + SN_BSR_CHUNK - 1) / SN_BSR_CHUNK;
  int nt = threads < nch / 2 ? threads : nch / 2;
  if (nt <= 1) {
    sn_bsr_gemv_rows(A, 0, A->mb, alpha, x, beta, y);
    return;
  }
#ifdef SN_HAVE_OPENMP
#pragma omp parallel for schedule(static) num_threads(nt)
#endif
  for (int k = 0; k < nch; k++) {
    int hi = (k + 1) * SN_BSR_CHUNK < A->mb ? (k + 1) * SN_BSR_CHUNK : A->mb;
    sn_bsr_gemv_rows(A, k * SN_BSR_CHUNK, hi, alpha, x, beta, y);
  }
}
