/* Symmetric generalized eigenproblem K x = lambda M x (K symmetric, M symmetric positive
 * semi-definite): the nev eigenpairs nearest a shift sigma, M-orthonormal.
 *   ARPACK (Lehoucq, Sorensen & Yang, "ARPACK Users' Guide", SIAM 1998, sec. 3.2.3 and 4.2:
 *   dsaupd / dseupd in the shift-invert mode 3, OP = (K - sigma M)^-1 M, B = M, the largest
 *   magnitudes of OP, i.e. the eigenvalues nearest sigma), with K - sigma M factorized once by
 *   CHOLMOD when positive definite (sigma below the spectrum) or UMFPACK otherwise;
 *   or dense LAPACK dsygvd (small problems, or nev too close to n for ARPACK).
 * ARPACK keeps the state of its reverse communication in Fortran SAVE variables: one ARPACK
 * solve at a time per process (the callers here are sequential). */
#include "signorini/common.h"
#include "signorini/la.h"

#include <arpack/arpack.h>
#include <lapacke.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* both triangles of the symmetric K given by its upper triangle */
static int full_of_upper(const sn_csc *K, sn_csc **out)
{
  sn_csc *T = NULL;
  int st = sn_csc_transpose(K, &T);
  if (st) return st;
  int k = 0;
  for (int j = 0; j < T->n; j++) {          /* T without its diagonal */
    int p0 = T->colptr[j];
    T->colptr[j] = k;
    for (int p = p0; p < T->colptr[j + 1]; p++)
      if (T->rowind[p] != j) { T->rowind[k] = T->rowind[p]; T->val[k++] = T->val[p]; }
  }
  T->colptr[T->n] = k;
  T->nnz = k;
  st = sn_csc_add(K, T, out);
  sn_csc_free(T);
  return st;
}

/* a copy of A scaled by s */
static int scaled(const sn_csc *A, double s, sn_csc **out)
{
  sn_csc *B = sn_csc_alloc(A->m, A->n, A->nnz > 0 ? A->nnz : 1);
  if (!B) return SN_ERR_NOMEM;
  memcpy(B->colptr, A->colptr, sizeof(int) * ((size_t)A->n + 1));
  memcpy(B->rowind, A->rowind, sizeof(int) * (size_t)A->nnz);
  for (int k = 0; k < A->nnz; k++) B->val[k] = s * A->val[k];
  B->nnz = A->nnz;
  *out = B;
  return SN_OK;
}

/* the factor of K - sigma M: Cholesky when positive definite, else LU */
typedef struct {
  sn_chol *C;
  sn_lu *L;
} shifted;

static int shifted_factor(const sn_csc *Kfull, const sn_csc *M, double sigma, shifted *F)
{
  sn_csc *sM = NULL, *A = NULL;
  int st = scaled(M, -sigma, &sM);
  if (!st) st = sn_csc_add(Kfull, sM, &A);
  sn_csc_free(sM);
  if (st) return st;
  st = sn_chol_factor(A, &F->C);
  if (st == SN_ERR_NOT_SPD) st = sn_lu_factor(A, &F->L);
  sn_csc_free(A);
  return st;
}

static int shifted_solve(shifted *F, const double *b, double *x)
{
  return F->C ? sn_chol_solve(F->C, b, x) : sn_lu_solve(F->L, b, x);
}

static void shifted_free(shifted *F)
{
  sn_chol_free(F->C);
  sn_lu_free(F->L);
  F->C = NULL;
  F->L = NULL;
}

/* sort the k pairs by eigenvalue, ascending (insertion sort: k is small) */
static void sort_pairs(int n, int k, double *lambda, double *X, double *tmp)
{
  for (int i = 1; i < k; i++)
    for (int j = i; j > 0 && lambda[j - 1] > lambda[j]; j--) {
      double t = lambda[j];
      lambda[j] = lambda[j - 1];
      lambda[j - 1] = t;
      memcpy(tmp, X + (size_t)n * j, sizeof(double) * (size_t)n);
      memcpy(X + (size_t)n * j, X + (size_t)n * (j - 1), sizeof(double) * (size_t)n);
      memcpy(X + (size_t)n * (j - 1), tmp, sizeof(double) * (size_t)n);
    }
}

/* dense: all eigenpairs by dsygvd, then the nev nearest sigma */
static int eig_dense(const sn_csc *Kfull, const sn_csc *M, int nev, double sigma, double *lambda, double *X)
{
  int n = Kfull->n;
  double *A = calloc((size_t)n * n + 1, sizeof(double)), *B = calloc((size_t)n * n + 1, sizeof(double));
  double *w = malloc(sizeof(double) * ((size_t)n + 1));
  int *pick = malloc(sizeof(int) * ((size_t)n + 1));
  int st = (!A || !B || !w || !pick) ? SN_ERR_NOMEM : SN_OK;
  if (!st) {
    sn_csc_to_dense(Kfull, A);
    sn_csc_to_dense(M, B);
    lapack_int info = LAPACKE_dsygvd(LAPACK_COL_MAJOR, 1, 'V', 'U', n, A, n, B, n, w);
    if (info > n) st = SN_ERR_NOT_SPD;      /* M not positive definite */
    else if (info != 0) st = SN_ERR_BACKEND;
  }
  if (!st) {
    /* the eigenvalues are ascending: the nev nearest sigma are a contiguous window */
    int lo = 0;
    for (int c = 0; c < nev; c++) pick[c] = c;
    while (lo + nev < n && fabs(w[lo + nev] - sigma) < fabs(w[lo] - sigma)) lo++;
    for (int c = 0; c < nev; c++) {
      lambda[c] = w[lo + c];
      memcpy(X + (size_t)n * c, A + (size_t)n * (lo + c), sizeof(double) * (size_t)n);
    }
  }
  free(A); free(B); free(w); free(pick);
  return st;
}

/* ARPACK's reverse communication in mode 3 */
static int eig_arpack(const sn_csc *M, shifted *F, int nev, double sigma, double *lambda, double *X,
                      sn_eig_info *info)
{
  int n = M->n, ncv = 2 * nev + 20 < n ? 2 * nev + 20 : n, lworkl = ncv * (ncv + 8);
  double *resid = malloc(sizeof(double) * (size_t)n), *V = malloc(sizeof(double) * (size_t)n * ncv);
  double *workd = malloc(sizeof(double) * 3 * (size_t)n), *workl = malloc(sizeof(double) * (size_t)lworkl);
  double *tmp = malloc(sizeof(double) * (size_t)n), *d = malloc(sizeof(double) * (size_t)ncv);
  int *sel = calloc((size_t)ncv, sizeof(int));
  if (!resid || !V || !workd || !workl || !tmp || !d || !sel) {
    free(resid); free(V); free(workd); free(workl); free(tmp); free(d); free(sel);
    return SN_ERR_NOMEM;
  }
  /* a deterministic starting vector (ARPACK's own random one depends on earlier calls) */
  for (int i = 0; i < n; i++) resid[i] = 1.0 + 0.5 * sin(0.7 * i + 0.3);
  int iparam[11] = {0}, ipntr[14] = {0}, ido = 0, ainfo = 1, st = SN_OK;
  iparam[0] = 1;                  /* exact shifts */
  iparam[2] = 1000;               /* restarts */
  iparam[6] = 3;                  /* shift-invert */
  for (;;) {
    dsaupd_c(&ido, "G", n, "LM", nev, 0.0, resid, ncv, V, n, iparam, ipntr, workd, workl, lworkl, &ainfo);
    double *x = workd + ipntr[0] - 1, *y = workd + ipntr[1] - 1;
    if (ido == -1) {              /* y = (K - sigma M)^-1 M x */
      sn_csc_gemv(M, 1.0, x, 0.0, tmp);
      if ((st = shifted_solve(F, tmp, y))) break;
    } else if (ido == 1) {        /* y = (K - sigma M)^-1 (M x), M x given */
      if ((st = shifted_solve(F, workd + ipntr[2] - 1, y))) break;
    } else if (ido == 2) {        /* y = M x */
      sn_csc_gemv(M, 1.0, x, 0.0, y);
    } else break;
  }
  if (!st && ainfo < 0) st = SN_ERR_BACKEND;
  if (info) { info->iterations = iparam[2]; info->nconv = iparam[4]; }
  if (!st && iparam[4] < nev) st = SN_MAX_ITER;
  if (!st) {
    int einfo = 0;
    dseupd_c(1, "A", sel, d, X, n, sigma, "G", n, "LM", nev, 0.0, resid, ncv, V, n, iparam, ipntr, workd, workl,
             lworkl, &einfo);
    if (einfo != 0) st = SN_ERR_BACKEND;
    else {
      memcpy(lambda, d, sizeof(double) * (size_t)nev);
      sort_pairs(n, nev, lambda, X, tmp);
    }
  }
  free(resid); free(V); free(workd); free(workl); free(tmp); free(d); free(sel);
  return st;
}

/* a shift below the spectrum when K itself is singular (free bodies): the Rayleigh quotients
 * K_ii / M_ii bound the lowest eigenvalue from above */
static double negative_shift(const sn_csc *Kfull, const sn_csc *M)
{
  double q = INFINITY;
  for (int j = 0; j < Kfull->n; j++) {
    double kj = 0, mj = 0;
    for (int p = Kfull->colptr[j]; p < Kfull->colptr[j + 1]; p++) if (Kfull->rowind[p] == j) kj += Kfull->val[p];
    for (int p = M->colptr[j]; p < M->colptr[j + 1]; p++) if (M->rowind[p] == j) mj += M->val[p];
    if (mj > 0 && kj > 0) q = fmin(q, kj / mj);
  }
  return isfinite(q) ? -1e-4 * q : -1.0;
}

int sn_eig_sym(const sn_csc *K, const sn_csc *M, int nev, double sigma, int method, double *lambda, double *X,
               sn_eig_info *info)
{
  if (info) memset(info, 0, sizeof *info);
  if (!K || !M || !lambda || !X || K->m != K->n || M->m != M->n || K->n != M->n) return SN_ERR_ARG;
  int n = K->n;
  if (nev < 1 || nev > n) return SN_ERR_ARG;
  sn_csc *Kf = NULL;
  int st = full_of_upper(K, &Kf);
  if (st) return st;
  int dense = method == 2 || (method == 0 && n <= 200) || nev >= n - 1;
  if (method == 1 && nev >= n - 1) { sn_csc_free(Kf); return SN_ERR_ARG; }
  if (info) { info->dense = dense; info->sigma = sigma; }
  if (dense) {
    st = eig_dense(Kf, M, nev, sigma, lambda, X);
    if (info && !st) info->nconv = nev;
    if (st != SN_ERR_NOT_SPD || method == 2 || nev >= n - 1) {
      sn_csc_free(Kf);
      return st;
    }
    if (info) info->dense = 0;           /* M only semi-definite: ARPACK's mode 3 needs no more */
  }
  shifted F = {NULL, NULL};
  st = shifted_factor(Kf, M, sigma, &F);
  if (st == SN_ERR_SINGULAR && sigma == 0) {   /* K singular: shift below the spectrum */
    sigma = negative_shift(Kf, M);
    if (info) info->sigma = sigma;
    st = shifted_factor(Kf, M, sigma, &F);
  }
  if (!st) st = eig_arpack(M, &F, nev, sigma, lambda, X, info);
  shifted_free(&F);
  sn_csc_free(Kf);
  return st;
}
