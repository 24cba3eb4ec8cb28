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
#include <math.h>
#include <stdlib.h>
#include <string.h>

static const double LUSEQ_BERR = 1e-12;

struct sn_luseq {
  klu_common c;
  klu_symbolic *sym;
  klu_numeric *num;
  int n, nnz, cap;      /* the pattern analyzed: order, entries, room in ap/ai */
  int *ap, *ai;         /* its copy (n + 1, nnz) */
  int analyses, factorizations, refactorizations, fallbacks;
  int given;            /* SN_LUSEQ_GIVEN: the matrices come ordered */
  const sn_csc *A;      /* the matrix of the current factors (the caller's, kept unchanged) */
  int refac;            /* the current factors come from klu_refactor */
  double *work;         /* 3 n: b, the residual, the row sums of |A| */
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
  double *w = realloc(F->work, sizeof(double) * (3 * (size_t)n + 1));
  if (!w) return SN_ERR_NOMEM;
  F->work = w;
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

/* a fresh factorization of A (partial pivoting) with the current analysis */
static int factor_fresh(sn_luseq *F, const sn_csc *A)
{
  if (F->num) klu_free_numeric(&F->num, &F->c);
  F->num = klu_factor(A->colptr, A->rowind, A->val, F->sym, &F->c);
  F->factorizations++;
  F->A = A;
  F->refac = 0;
  if (F->num && F->c.status == KLU_OK) return SN_OK;
  if (F->num) klu_free_numeric(&F->num, &F->c);
  if (F->c.status == KLU_SINGULAR) return SN_ERR_SINGULAR;
  return F->c.status == KLU_OUT_OF_MEMORY ? SN_ERR_NOMEM : SN_ERR_BACKEND;
}

int sn_luseq_factor(sn_luseq *F, const sn_csc *A)
{
  if (!F || !A) return SN_ERR_ARG;
  if (A->m != A->n) return SN_ERR_DIM;
  if (A->n == 0) {
    if (F->num) klu_free_numeric(&F->num, &F->c);
    F->n = 0;
    return SN_OK;
  }
  int same = same_pattern(F, A);
  if (same && F->num) {       /* the previous pivot order on the new values (no search) */
    if (klu_refactor(A->colptr, A->rowind, A->val, F->sym, F->num, &F->c) &&
        F->c.status == KLU_OK) {
      F->refactorizations++;
      F->A = A;
      F->refac = 1;
      return SN_OK;
    }
  }
  if (!same) {
    if (F->num) klu_free_numeric(&F->num, &F->c);
    if (sn_csc_check(A)) return SN_ERR_FORMAT;
    for (int j = 0; j < A->n; j++)           /* KLU needs rows sorted, no duplicates */
      for (int p = A->colptr[j] + 1; p < A->colptr[j + 1]; p++)
        if (A->rowind[p] <= A->rowind[p - 1]) return SN_ERR_FORMAT;
    int st = analyze(F, A);
    if (st) return st;
  }
  return factor_fresh(F, A);
}

/* the normwise backward error of x for A x = b (J.L. Rigal, J. Gaches, "On the compatibility of
 * a given solution with the data of a linear system", J. ACM 14, 1967):
 * |b - A x|_inf / (|A|_inf |x|_inf + |b|_inf) */
static double backward_error(const sn_csc *A, const double *b, const double *x, double *r,
                             double *rs)
{
  int n = A->n;
  for (int i = 0; i < n; i++) {
    r[i] = b[i];
    rs[i] = 0.0;
  }
  double xmax = 0.0, bmax = 0.0, rmax = 0.0, amax = 0.0;
  for (int j = 0; j < n; j++) {
    xmax = fmax(xmax, fabs(x[j]));
    for (int p = A->colptr[j]; p < A->colptr[j + 1]; p++) {
      r[A->rowind[p]] -= A->val[p] * x[j];
      rs[A->rowind[p]] += fabs(A->val[p]);
    }
  }
  for (int i = 0; i < n; i++) {
    bmax = fmax(bmax, fabs(b[i]));
    rmax = fmax(rmax, fabs(r[i]));
    amax = fmax(amax, rs[i]);
  }
  double den = amax * xmax + bmax;
  return den > 0.0 ? rmax / den : rmax;
}

int sn_luseq_solve(sn_luseq *F, const double *b, double *x)
{
  if (!F || !b || !x) return SN_ERR_ARG;
  if (F->n == 0) return SN_OK;
  if (!F->num) return SN_ERR_ARG;
  int n = F->n;
  double *b0 = F->work;
  memcpy(b0, b, sizeof(double) * (size_t)n);    /* b may be x */
  if (x != b) memcpy(x, b, sizeof(double) * (size_t)n);
  if (!klu_solve(F->sym, F->num, n, 1, x, &F->c)) return SN_ERR_BACKEND;
  if (!F->refac) return SN_OK;
  /* factors of a refactorization: the kept pivots may have grown on the new values; a solution
   * whose backward error exceeds LUSEQ_BERR (4 500 eps, what partial pivoting gives with a pivot
   * growth of a few thousand) is made again from a fresh factorization */
  if (backward_error(F->A, b0, x, F->work + n, F->work + 2 * (size_t)n) <= LUSEQ_BERR) return SN_OK;
  F->fallbacks++;
  int st = factor_fresh(F, F->A);
  if (st) return st;
  memcpy(x, b0, sizeof(double) * (size_t)n);
  return klu_solve(F->sym, F->num, n, 1, x, &F->c) ? SN_OK : SN_ERR_BACKEND;
}

void sn_luseq_counts(const sn_luseq *F, int *analyses, int *factorizations)
{
  if (analyses) *analyses = F ? F->analyses : 0;
  if (factorizations) *factorizations = F ? F->factorizations : 0;
}

void sn_luseq_refactor_counts(const sn_luseq *F, int *refactorizations, int *fallbacks)
{
  if (refactorizations) *refactorizations = F ? F->refactorizations : 0;
  if (fallbacks) *fallbacks = F ? F->fallbacks : 0;
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
  free(F->work);
  free(F);
}
