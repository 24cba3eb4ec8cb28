/* Sparse direct solvers: CHOLMOD (symmetric positive definite) and UMFPACK (unsymmetric).
 * Each factor object owns its own CHOLMOD common / UMFPACK control arrays: no global state. */
#include "signorini/common.h"
#include "signorini/la.h"
#include "la/chol_internal.h"
#include "common/blas_kind.h"

#include <cholmod.h>
#ifdef SN_HAVE_OPENMP
#include <omp.h>
#endif
#include <stdlib.h>
#include <string.h>
#include <umfpack.h>

/* A itself when its columns are sorted without duplicates, else a canonical copy in *tmp
 * (CHOLMOD would silently keep one of two duplicates, UMFPACK refuses them) */
int sn_chol_canonical(const sn_csc *A, const sn_csc **use, sn_csc **tmp)
{
  *tmp = NULL;
  *use = A;
  for (int j = 0; j < A->n; j++)
    for (int p = A->colptr[j] + 1; p < A->colptr[j + 1]; p++)
      if (A->rowind[p] <= A->rowind[p - 1]) {
        int st = sn_csc_canonical(A, tmp);
        *use = *tmp;
        return st;
      }
  return SN_OK;
}

void sn_chol_common_start(cholmod_common *c)
{
  cholmod_start(c);
  c->print = 0;
  c->error_handler = NULL;
}

/* wrap A (no copy) as a cholmod_sparse using its upper triangle */
void sn_chol_view(const sn_csc *A, cholmod_sparse *S)
{
  memset(S, 0, sizeof *S);
  S->nrow = (size_t)A->m;
  S->ncol = (size_t)A->n;
  S->nzmax = (size_t)A->nnz;
  S->p = A->colptr;
  S->i = A->rowind;
  S->x = A->val;
  S->stype = 1;
  S->itype = CHOLMOD_INT;
  S->xtype = CHOLMOD_REAL;
  S->dtype = CHOLMOD_DOUBLE;
  S->sorted = 1;   /* canonical(): sorted, no duplicates */
  S->packed = 1;
}

/* the numeric factorization of S into F's analysed factor (LL^T: an indefinite S is reported) */
int sn_chol_numeric(sn_chol *F, cholmod_sparse *S)
{
  F->ltt_ok = 0;                        /* the trailing block belongs to the factor replaced */
  F->leaf_ok = 0;
#ifdef SN_HAVE_OPENMP
  /* CHOLMOD's own OpenMP loops ask for a fixed num_threads(4) (docs/threads.md). With OpenBLAS'
   * pthread variant the factorization's parallel work is in OpenBLAS' own threads, and those
   * loops (memory-bound scatters) run on the calling thread: max-active-levels 0 for the call,
   * restored after. A team of OpenMP workers beside OpenBLAS' would spin after each loop while
   * OpenBLAS works (26 % of a 2-thread Hertz run's samples in libgomp's wait, 2-core VM, perf)
   * and hold a third thread on two cores. (OpenMP 5 calls max-active-levels a device setting;
   * libgomp 12 keeps it per task, so other threads' regions are not affected.) With another BLAS
   * (serial, none, or an OpenMP OpenBLAS, which needs the active level) the runtime's dynamic
   * adjustment bounds the loops by the idle CPUs instead: dyn-var is the calling task's ICV,
   * restored after, so the library's own regions keep the count they ask for. */
  int ok;
  if (sn_blas_parallel() == 1) {
    int levels = omp_get_max_active_levels();
    omp_set_max_active_levels(0);
    ok = cholmod_factorize(S, F->L, &F->c);
    omp_set_max_active_levels(levels);
  } else {
    int dyn = omp_get_dynamic();
    omp_set_dynamic(1);
    ok = cholmod_factorize(S, F->L, &F->c);
    omp_set_dynamic(dyn);
  }
#else
  int ok = cholmod_factorize(S, F->L, &F->c);
#endif
  if (!ok) return SN_ERR_BACKEND;
  if (F->c.status == CHOLMOD_NOT_POSDEF || F->L->minor < F->L->n) return SN_ERR_NOT_SPD;
  return SN_OK;
}

/* analyse (fill-reducing ordering, or the given permutation perm) then factorize A = L L^T */
int sn_chol_factor_perm(const sn_csc *A, const int *perm, sn_chol **out)
{
  if (!A || !out) return SN_ERR_ARG;
  *out = NULL;
  if (A->m != A->n) return SN_ERR_DIM;
  if (sn_csc_check(A)) return SN_ERR_FORMAT;
  sn_chol *F = calloc(1, sizeof *F);
  if (!F) return SN_ERR_NOMEM;
  sn_chol_common_start(&F->c);
  F->c.final_ll = 1;   /* LL^T, so that an indefinite matrix is detected, not LDL^T-factorized */
  F->n = A->n;
  const sn_csc *B;
  sn_csc *tmp;
  int st = sn_chol_canonical(A, &B, &tmp);
  if (st) { sn_chol_free(F); return st; }
  cholmod_sparse S;
  sn_chol_view(B, &S);
  if (perm) {                           /* the given order, then CHOLMOD's postorder */
    F->c.nmethods = 1;
    F->c.method[0].ordering = CHOLMOD_GIVEN;
    F->L = cholmod_analyze_p(&S, (int *)perm, NULL, 0, &F->c);
  } else
    F->L = cholmod_analyze(&S, &F->c);
  if (!F->L) st = F->c.status == CHOLMOD_OUT_OF_MEMORY ? SN_ERR_NOMEM : SN_ERR_BACKEND;
  else st = sn_chol_numeric(F, &S);
  if (!st) {                            /* keep the pattern for sn_chol_refactor */
    F->nnz = B->colptr[B->n];
    F->pp = malloc(sizeof(int) * ((size_t)B->n + 1));
    F->pi = malloc(sizeof(int) * ((size_t)F->nnz + 1));
    if (!F->pp || !F->pi) st = SN_ERR_NOMEM;
    else {
      memcpy(F->pp, B->colptr, sizeof(int) * ((size_t)B->n + 1));
      memcpy(F->pi, B->rowind, sizeof(int) * (size_t)F->nnz);
    }
  }
  sn_csc_free(tmp);
  if (st) { sn_chol_free(F); return st; }
  *out = F;
  return SN_OK;
}

int sn_chol_factor(const sn_csc *A, sn_chol **out) { return sn_chol_factor_perm(A, NULL, out); }

int sn_chol_refactor(sn_chol *F, const sn_csc *A)
{
  if (!F || !A || !F->L) return SN_ERR_ARG;
  if (A->m != A->n || A->n != F->n) return SN_ERR_DIM;
  if (sn_csc_check(A)) return SN_ERR_FORMAT;
  const sn_csc *B;
  sn_csc *tmp;
  int st = sn_chol_canonical(A, &B, &tmp);
  if (st) return st;
  if (B->colptr[B->n] != F->nnz || memcmp(B->colptr, F->pp, sizeof(int) * ((size_t)B->n + 1)) ||
      memcmp(B->rowind, F->pi, sizeof(int) * (size_t)F->nnz)) {
    sn_csc_free(tmp);
    return SN_ERR_DIM;                  /* another pattern: a new analysis is needed */
  }
  cholmod_sparse S;
  sn_chol_view(B, &S);
  st = sn_chol_numeric(F, &S);
  sn_csc_free(tmp);
  return st;
}

double sn_chol_rcond(sn_chol *F)
{
  if (!F || !F->L) return 0.0;
  double r = cholmod_rcond(F->L, &F->c);
  return r > 0 ? r : 0.0;
}

int sn_chol_update(sn_chol **F, const sn_csc *A)
{
  if (!F) return SN_ERR_ARG;
  if (*F) {
    int st = sn_chol_refactor(*F, A);
    if (st != SN_ERR_DIM) {
      if (st) { sn_chol_free(*F); *F = NULL; }
      return st;
    }
    sn_chol_free(*F);
    *F = NULL;
  }
  return sn_chol_factor(A, F);
}

/* sum_{k=1..n} k^2 */
static double sum_sq(double n) { return n / 6.0 * (n + 1.0) * (2.0 * n + 1.0); }

/* the share of a supernodal symbolic factor's flops in fronts of at least min_rows rows: per
 * supernode of c columns and r rows, its columns' counts squared, r^2 + (r-1)^2 + ... +
 * (r-c+1)^2 (CHOLMOD's own measure of a factorization's work, the multifrontal method's dense
 * partial factorization and update; Liu, "The multifrontal method for sparse matrix solution",
 * SIAM Review 34, 1992); 0 for a simplicial factor */
static double large_front_share(const cholmod_factor *L, int min_rows)
{
  if (!L->is_super) return 0.0;
  const int *super = L->super, *pi = L->pi;
  double big = 0, all = 0;
  for (size_t k = 0; k < L->nsuper; k++) {
    double c = super[k + 1] - super[k], r = pi[k + 1] - pi[k];
    double f = sum_sq(r) - sum_sq(r - c);
    all += f;
    if (r >= min_rows) big += f;
  }
  return all > 0 ? big / all : 0.0;
}

/* the analysis sn_chol_factor would do, its predicted fill and work, nothing factorized */
int sn_chol_predict(const sn_csc *A, double *lnz, double *flops)
{
  return sn_chol_predict_fronts(A, 0, lnz, flops, NULL);
}

int sn_chol_predict_fronts(const sn_csc *A, int min_rows, double *lnz, double *flops, double *large_flops)
{
  if (!A || A->m != A->n || min_rows < 0) return SN_ERR_ARG;
  if (sn_csc_check(A)) return SN_ERR_FORMAT;
  const sn_csc *B;
  sn_csc *tmp;
  int st = sn_chol_canonical(A, &B, &tmp);
  if (st) return st;
  cholmod_common c;
  sn_chol_common_start(&c);
  cholmod_sparse S;
  sn_chol_view(B, &S);
  cholmod_factor *L = cholmod_analyze(&S, &c);
  if (!L) st = c.status == CHOLMOD_OUT_OF_MEMORY ? SN_ERR_NOMEM : SN_ERR_BACKEND;
  else {
    if (lnz) *lnz = c.lnz;
    if (flops) *flops = c.fl;
    if (large_flops) *large_flops = c.fl * large_front_share(L, min_rows);
  }
  cholmod_free_factor(&L, &c);
  cholmod_finish(&c);
  sn_csc_free(tmp);
  return st;
}

/* X = A^-1 B for nrhs columns (column-major, leading dimension n), through cholmod_solve2 with
 * F's kept solution and workspaces (reallocated by CHOLMOD only when nrhs changes) */
static int solve_sys(sn_chol *F, int sys, int nrhs, const double *B, double *X);
static int solve_block(sn_chol *F, int nrhs, const double *B, double *X) { return solve_sys(F, CHOLMOD_A, nrhs, B, X); }

int sn_chol_solve_sys(sn_chol *F, int sys, const double *b, double *x)
{
  if (!F || !b || !x || !F->L) return SN_ERR_ARG;
  return solve_sys(F, sys, 1, b, x);
}

static int solve_sys(sn_chol *F, int sys, int nrhs, const double *B, double *X)
{
  if (nrhs == 0 || F->n == 0) return SN_OK;
  cholmod_dense Bd;
  memset(&Bd, 0, sizeof Bd);
  Bd.nrow = Bd.d = (size_t)F->n;
  Bd.ncol = (size_t)nrhs;
  Bd.nzmax = (size_t)F->n * (size_t)nrhs;
  Bd.x = (void *)B;
  Bd.xtype = CHOLMOD_REAL;
  Bd.dtype = CHOLMOD_DOUBLE;
  if (!cholmod_solve2(sys, F->L, &Bd, NULL, &F->X, NULL, &F->Y, &F->E, &F->c) || !F->X)
    return F->c.status == CHOLMOD_OUT_OF_MEMORY ? SN_ERR_NOMEM : SN_ERR_BACKEND;
  memmove(X, F->X->x, sizeof(double) * (size_t)F->n * (size_t)nrhs);
  return SN_OK;
}

int sn_chol_solve(sn_chol *F, const double *b, double *x)
{
  if (!F || !b || !x) return SN_ERR_ARG;
  return solve_block(F, 1, b, x);
}

int sn_chol_solve_multi(sn_chol *F, int nrhs, const double *B, double *X)
{
  if (!F || nrhs < 0 || (nrhs > 0 && (!B || !X))) return SN_ERR_ARG;
  return solve_block(F, nrhs, B, X);
}

void sn_chol_free(sn_chol *F)
{
  if (!F) return;
  if (F->L) cholmod_free_factor(&F->L, &F->c);
  if (F->X) cholmod_free_dense(&F->X, &F->c);
  if (F->Y) cholmod_free_dense(&F->Y, &F->c);
  if (F->E) cholmod_free_dense(&F->E, &F->c);
  free(F->pp);
  free(F->pi);
  free(F->last);
  free(F->ltt);
  free(F->tpos);
  free(F->trank);
  free(F->leaf_rows);
  free(F->leaf_pos);
  free(F->leaf_p);
  free(F->leaf_r);
  free(F->leaf_d);
  free(F->leaf_x);
  free(F->leaf_t);
  cholmod_finish(&F->c);
  free(F);
}

struct sn_lu {
  void *numeric;
  double control[UMFPACK_CONTROL];
  sn_csc *A;   /* UMFPACK's solve needs the matrix again; we keep a sorted copy */
};

/* symbolic then numeric LU factorization, P A Q = L U */
int sn_lu_factor(const sn_csc *A, sn_lu **out)
{
  if (!A || !out) return SN_ERR_ARG;
  *out = NULL;
  if (A->m != A->n) return SN_ERR_DIM;
  if (sn_csc_check(A)) return SN_ERR_FORMAT;
  sn_lu *F = calloc(1, sizeof *F);
  if (!F) return SN_ERR_NOMEM;
  umfpack_di_defaults(F->control);
  F->control[UMFPACK_PRL] = 0;
  int st = sn_csc_canonical(A, &F->A);
  if (st) { free(F); return st; }
  if (A->n == 0) { *out = F; return SN_OK; }   /* empty system: nothing to factorize */
  void *symbolic = NULL;
  int s = umfpack_di_symbolic(A->m, A->n, F->A->colptr, F->A->rowind, F->A->val, &symbolic,
                              F->control, NULL);
  if (s == UMFPACK_OK)
    s = umfpack_di_numeric(F->A->colptr, F->A->rowind, F->A->val, symbolic, &F->numeric,
                           F->control, NULL);
  umfpack_di_free_symbolic(&symbolic);
  if (s != UMFPACK_OK) {
    sn_lu_free(F);
    if (s == UMFPACK_WARNING_singular_matrix) return SN_ERR_SINGULAR;
    return s == UMFPACK_ERROR_out_of_memory ? SN_ERR_NOMEM : SN_ERR_BACKEND;
  }
  *out = F;
  return SN_OK;
}

static int lu_solve(sn_lu *F, int sys, const double *b, double *x)
{
  if (!F || !b || !x) return SN_ERR_ARG;
  if (F->A->n == 0) return SN_OK;
  double *rhs = (double *)b, *tmp = NULL;
  if (x == b) {   /* UMFPACK needs distinct arrays */
    tmp = malloc(sizeof(double) * (size_t)(F->A->n > 0 ? F->A->n : 1));
    if (!tmp) return SN_ERR_NOMEM;
    memcpy(tmp, b, sizeof(double) * (size_t)F->A->n);
    rhs = tmp;
  }
  int s = umfpack_di_solve(sys, F->A->colptr, F->A->rowind, F->A->val, x, rhs, F->numeric,
                           F->control, NULL);
  free(tmp);
  if (s == UMFPACK_OK) return SN_OK;
  return s == UMFPACK_WARNING_singular_matrix ? SN_ERR_SINGULAR : SN_ERR_BACKEND;
}

int sn_lu_solve(sn_lu *F, const double *b, double *x) { return lu_solve(F, UMFPACK_A, b, x); }
int sn_lu_solve_t(sn_lu *F, const double *b, double *x) { return lu_solve(F, UMFPACK_At, b, x); }

void sn_lu_free(sn_lu *F)
{
  if (!F) return;
  if (F->numeric) umfpack_di_free_numeric(&F->numeric);
  sn_csc_free(F->A);
  free(F);
}
