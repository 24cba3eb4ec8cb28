/* LU of a sequence of sparse square matrices, one after the other, by KLU (T.A. Davis,
 * E. Palamadai Natarajan, "Algorithm 907: KLU, a direct sparse solver for circuit simulation
 * problems", ACM Trans. Math. Softw. 37 (2010) 36): the ordering (block triangular form, then
 * AMD on each block) is computed when the pattern of the matrix differs from the previous one and
 * kept otherwise; every factorization pivots partially (KLU's threshold 0.001, diagonal
 * preferred), so a reused ordering never costs stability. Made for the Newton systems of the
 * semismooth Newton solvers (src/solver/fc_nsn.c), whose pattern changes only with the set of
 * coupled contacts: UMFPACK (sn_lu_factor) analyzed, copied and factorized each of them from
 * scratch, 72 % of the instructions of a solve of a 276-contact capsule pile.
 * SN_LUSEQ_GIVEN: the caller orders the matrices itself (typically a fill-reducing ordering of a
 * larger pattern, restricted to the rows present, see sn_luseq_amd): KLU keeps their order, as
 * one block (no block triangular form: the strongly connected components of each new pattern
 * cost as much as its factorization's symbolic part), so a changing pattern costs no ordering. */
#include "signorini/la.h"
#include "signorini/common.h"

#include <amd.h>
#include <klu.h>
#include <stdlib.h>
#include <string.h>

struct sn_luseq {
  klu_common c;
  klu_symbolic *sym;
  klu_numeric *num;
  int n, nnz, cap;      /* the pattern analyzed: order, entries, room in ap/ai */
  int *ap, *ai;         /* its copy (n + 1, nnz) */
  int analyses, factorizations;
  int given;            /* SN_LUSEQ_GIVEN: the matrices come ordered */
};

int sn_luseq_new(int order, sn_luseq **out)
{
  if (!out) return SN_ERR_ARG;
  *out = NULL;
  if (order != SN_LUSEQ_AMD && order != SN_LUSEQ_GIVEN) return SN_ERR_ARG;
  sn_luseq *F = calloc(1, sizeof *F);
  if (!F) return SN_ERR_NOMEM;
  klu_defaults(&F->c);
  F->given = order == SN_LUSEQ_GIVEN;
  if (F->given) F->c.btf = 0;   /* the order given is kept whole: no block triangular form */
  F->n = -1;
  *out = F;
  return SN_OK;
}

/* the pattern of A is the one analyzed */
static int same_pattern(const sn_luseq *F, const sn_csc *A)
{
  return F->sym && F->n == A->n && F->nnz == A->colptr[A->n] &&
         !memcmp(F->ap, A->colptr, sizeof(int) * ((size_t)A->n + 1)) &&
         !memcmp(F->ai, A->rowind, sizeof(int) * (size_t)F->nnz);
}

/* order A's pattern (klu_analyze) and keep a copy of it */
static int analyze(sn_luseq *F, const sn_csc *A)
{
  int n = A->n, nnz = A->colptr[n];
  if (F->sym) klu_free_symbolic(&F->sym, &F->c);
  F->n = -1;
  if (n + 1 + nnz > F->cap) {
    int cap = n + 1 + nnz;
    int *p = realloc(F->ap, sizeof(int) * (size_t)cap);
    if (!p) return SN_ERR_NOMEM;
    F->ap = p;
    F->cap = cap;
  }
  F->ai = F->ap + n + 1;
  memcpy(F->ap, A->colptr, sizeof(int) * ((size_t)n + 1));
  memcpy(F->ai, A->rowind, sizeof(int) * (size_t)nnz);
  F->sym = F->given ? klu_analyze_given(n, F->ap, F->ai, NULL, NULL, &F->c)
                    : klu_analyze(n, F->ap, F->ai, &F->c);
  if (!F->sym) return F->c.status == KLU_OUT_OF_MEMORY ? SN_ERR_NOMEM : SN_ERR_BACKEND;
  F->n = n;
  F->nnz = nnz;
  F->analyses++;
  return SN_OK;
}

int sn_luseq_factor(sn_luseq *F, const sn_csc *A)
{
  if (!F || !A) return SN_ERR_ARG;
  if (A->m != A->n) return SN_ERR_DIM;
  if (F->num) klu_free_numeric(&F->num, &F->c);
  if (A->n == 0) {
    F->n = 0;
    return SN_OK;
  }
  if (!same_pattern(F, A)) {
    if (sn_csc_check(A)) return SN_ERR_FORMAT;
    for (int j = 0; j < A->n; j++)           /* KLU needs rows sorted, no duplicates */
      for (int p = A->colptr[j] + 1; p < A->colptr[j + 1]; p++)
        if (A->rowind[p] <= A->rowind[p - 1]) return SN_ERR_FORMAT;
    int st = analyze(F, A);
    if (st) return st;
  }
  F->num = klu_factor(A->colptr, A->rowind, A->val, F->sym, &F->c);
  F->factorizations++;
  if (F->num && F->c.status == KLU_OK) return SN_OK;
  if (F->num) klu_free_numeric(&F->num, &F->c);
  if (F->c.status == KLU_SINGULAR) return SN_ERR_SINGULAR;
  return F->c.status == KLU_OUT_OF_MEMORY ? SN_ERR_NOMEM : SN_ERR_BACKEND;
}

int sn_luseq_solve(sn_luseq *F, const double *b, double *x)
{
  if (!F || !b || !x) return SN_ERR_ARG;
  if (F->n == 0) return SN_OK;
  if (!F->num) return SN_ERR_ARG;
  if (x != b) memcpy(x, b, sizeof(double) * (size_t)F->n);
  return klu_solve(F->sym, F->num, F->n, 1, x, &F->c) ? SN_OK : SN_ERR_BACKEND;
}

void sn_luseq_counts(const sn_luseq *F, int *analyses, int *factorizations)
{
  if (analyses) *analyses = F ? F->analyses : 0;
  if (factorizations) *factorizations = F ? F->factorizations : 0;
}

int sn_luseq_amd(int n, const int *colptr, const int *rowind, int *perm)
{
  if (n < 0 || !colptr || !perm || (colptr[n] > 0 && !rowind)) return SN_ERR_ARG;
  if (n == 0) return SN_OK;
  double control[AMD_CONTROL], info[AMD_INFO];
  amd_defaults(control);
  int s = amd_order(n, colptr, rowind, perm, control, info);
  if (s == AMD_OK || s == AMD_OK_BUT_JUMBLED) return SN_OK;
  return s == AMD_OUT_OF_MEMORY ? SN_ERR_NOMEM : SN_ERR_FORMAT;
}

void sn_luseq_free(sn_luseq *F)
{
  if (!F) return;
  if (F->num) klu_free_numeric(&F->num, &F->c);
  if (F->sym) klu_free_symbolic(&F->sym, &F->c);
  free(F->ap);
  free(F);
}
