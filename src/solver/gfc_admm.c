/* Global frictional contact (M v = H r + f, u = H^T v + w, Coulomb's law with De Saxce's
 * modification) by ADMM, without forming W = H^T M^-1 H.
 *
 * At a fixed De Saxce term b = [mu |u_T|, 0, 0] per contact the problem is the optimality system
 * of the convex program  min 1/2 v.M v - f.v  subject to  xi = H^T v + w + b in K*  (K* the dual
 * cone {mu |xi_T| <= xi_N}), with r in K its multiplier. ADMM on the splitting (v, xi), r the
 * (unscaled) multiplier, rho > 0 the penalty (V. Acary, M. Bremond, O. Huber, "On solving
 * contact problems with Coulomb friction: formulations and numerical comparisons", in Advanced
 * Topics in Nonsmooth Dynamics, Springer 2018, and Siconos' GFC3D_ADMM; S. Boyd et al.,
 * "Distributed optimization and statistical learning via the alternating direction method of
 * multipliers", Found. Trends Mach. Learn. 3 (2011), sec. 3.4.3 for the relaxation):
 *   (M + rho H H^T) v = f + H (r + rho (xi - w - b))     one solve with a fixed factorization
 *   u = H^T v + w,  b = [mu |u_T|, 0, 0]                  De Saxce term from the new velocity
 *   z = alpha (u + b) + (1 - alpha) xi - r / rho          (over-relaxation alpha in (0, 2))
 *   r = rho P_K(-z),  xi = z + P_K(-z)                    one projection per contact (Moreau)
 * so r in K, xi in K* and r . xi = 0 at every iterate; at a fixed point xi = u + b and
 * M v = H r + f. The equilibrium residual M v - H r - f is the dual residual, u + b - xi the
 * primal one.
 *
 * The matrix M + rho H H^T (H H^T formed once, sparse) is factorized by CHOLMOD when M is
 * symmetric to round-off, else by UMFPACK: stored FE matrices are symmetric only to their
 * printed digits, and the equilibrium residual is measured with M as stored (as in
 * gfc_reduce.c), so the fixed point must satisfy M v = H r + f with that M. (Cholesky of the
 * symmetric part with iterative refinement was tried: on CubeH8 / LMGC00046, asymmetry 1.5e-7,
 * |S^-1 (M - M^T)/2| is about 0.3 and the refinement does not pay.)
 *
 * rho: initial value 1 / mean_j (sum_i H_ij^2 / M_ii) (the inverse of a diagonal estimate of the
 * diagonal of W), then adapted every ADMM_ADAPT_EVERY iterations by the residual-balancing rule
 * of OSQP (B. Stellato et al., "OSQP: an operator splitting solver for quadratic programs",
 * Math. Prog. Comp. 12 (2020) 637-672, sec. 5.2): rho *= sqrt(primal_rel / dual_rel), applied
 * (one new factorization) only when that changes rho by more than a factor ADMM_RHO_RATIO, or
 * ADMM_STALL_RATIO after ADMM_STALL iterations without a 1% gain. The stall rule is for
 * hyperstatic problems (spheres-in-a-box: 768 contact unknowns, 588 dofs, r not unique), where
 * r creeps along ker H at a constant rate and the primal residual (creep / rho) plateaus: a
 * larger rho is then what lowers it. No update while the error fell tenfold over the last
 * ADMM_ADAPT_EVERY iterations (a factorization is not worth it then).
 *
 * Acceleration: type-II Anderson acceleration of the ADMM map on the state y = (xi, r / rho, b)
 * (H.F. Walker, P. Ni, "Anderson acceleration for fixed-point iterations", SINUM 49 (2011)
 * 1715-1735), memory "aa=" (default 10, 0 to turn off), with the safeguard of SCS (B.
 * O'Donoghue, "Operator splitting for a homogeneous embedding of the linear complementarity
 * problem", SIOPT 31 (2021) 1999-2023): an extrapolated point whose fixed-point residual
 * exceeds the previous one is rejected for the plain ADMM step and the memory is cleared
 * (also at every change of rho). Every map evaluation yields a consistent iterate (r in K,
 * v from the linear solve), so the error is always that of a genuine (r, v).
 *
 * Error and stop: the global error of sn_gfc_error (relative equilibrium residual + local
 * measure of (r, H^T v + w)) computed every iteration; stop when <= tol. r and v returned are
 * the best iterate seen. Options: "rho=" (initial penalty, default automatic), "adapt=1" (0:
 * fixed rho), "alpha=1" (relaxation, in (0, 2)), "aa=10" (Anderson memory, 0..50), "reduce="
 * (1: the reduced form below, 0: a sparse solve per step; default: reduced when M + rho H H^T
 * goes to CHOLMOD and the contact unknowns are at most ADMM_DENSE_MAX and fewer than the
 * dofs; reduce=1 is ignored where M + rho H H^T goes to UMFPACK). With the fallback below,
 * max_iter and time_limit bound the two runs together.
 *
 * Reduced form (few contact unknowns, many dofs: a finite-element increment): see admm_reduce;
 * a change of rho then costs an n x n Cholesky (Sherman-Morrison-Woodbury) instead of a sparse
 * factorization, and v is recovered once at the end. Where H touches few rows (at most
 * ADMM_BLOCK_ROWS and a quarter of the dofs), M + rho H H^T is factorized with those rows
 * ordered last and the reduced form comes from the trailing block of the factor
 * (admm_reduce_block, sn_chol_inverse_block) instead of n + 1 solves: on the Hertz deck below
 * the increment's contact solve went from 0.49 s to 0.15 s. Measured on the Hertz deck (h = 0.0125
 * mm, 31 244 dofs, 266 contact unknowns, about 110 steps per increment): 0.55 s per increment
 * instead of 1.1 s. Its residuals are computed from identities that hold for exact solves, so
 * the final (r, v) is checked by sn_gfc_error; if that misses the tolerance the solve goes on
 * with a sparse solve per step from there.
 *
 * Trailing steps (too many contact unknowns for the dense Wd: above ADMM_BLOCK_N in calls with a
 * cache, sn_gfc_admm_cached, as an incremental analysis makes them; or "reduce=2"):
 * with S the rows H touches where M has off-diagonal entries (at most ADMM_TRAIL_ROWS) and E
 * the others (the spring unknowns of soft laws and stick compliances: M diagonal there, each
 * coupled to S only), M + rho H H^T is factorized with S last; every row of E is then a leaf of
 * the elimination tree whose factor column lies in the trailing block T. A step needs
 * u = H^T v + w only on S and E, so v = A^-1 (f + H g) is made from yf = L^-1 P f (once per
 * call) and two dense triangular solves with L_TT (sn_chol_last_solve_leaves; George & Liu,
 * ch. 6, as for the inverse's block) instead of a solve with the whole factor; the error by
 * the reduced form's identities, v once at the end. The 45 x 45 x 16 block (6 348 contact
 * unknowns, 6 348 springs, 107 916 dofs): a factor of 1.27e8 entries (7.9e7 without the
 * constraint), kept for the whole run, and steps on L_TT of 2.0e7 entries.
 * Equality constraints (neq > 0) are not handled: SN_ERR_ARG (as sn_gfc_to_fc). */
#include "signorini/solver.h"
#include "problem/problem_check.h"
#include "solver/admm_options.h"
#include "solver/anderson.h"
#include "solver/fc_local.h"
#include "solver/verdict.h"

#include <cblas.h>
#include <float.h>
#include <lapacke.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define ADMM_ADAPT_EVERY 10   /* iterations between two rho updates */
#define ADMM_RHO_RATIO 5.0    /* refactorize only when rho changes by more than this factor */
#define ADMM_STALL 50          /* iterations without a 1% gain that count as a stall */
#define ADMM_STALL_RATIO 2.0  /* the refactorization threshold during a stall */
#define ADMM_FAST 0.1         /* no rho update after a 10x error drop in ADMM_ADAPT_EVERY iterations */
#define ADMM_RHO_RANGE 1e12   /* rho stays within this factor of its initial value */
#define ADMM_DENSE_MAX 1024   /* the reduced form (automatic) up to this many contact unknowns */
#define ADMM_BLOCK_N 4096     /* ... and up to this many where it comes from the inverse's block */
#define ADMM_SMW_N 512        /* with the inverse's block, rho updated by Woodbury (7/3 n^3) up to
                                 this n; above, a new sparse factor and block cost less */
#define ADMM_SMW_RANGE 1000.0 /* reduced form: rho updated by Woodbury within this factor of the
                                 factorization's, else refactorized (I + d Wd: condition < 1000) */

typedef struct {
  const sn_gfc *P;
  int n, m;               /* contact unknowns dim*nc, dofs */
  sn_csc *HHt;            /* H H^T, m x m */
  int lu;                 /* 0: CHOLMOD (M symmetric to round-off), 1: UMFPACK */
  sn_chol *C;
  sn_lu *L;
  double rho;             /* the current penalty */
  double rho_fact;        /* the penalty of the factorization C / L */
  /* reduced form (dense = 1): Wd = H^T (M + rho H H^T)^-1 H (n x n, column-major) followed by
   * c0 = H^T (M + rho H H^T)^-1 f (its column n + 1), both at the current rho */
  int dense;
  double *Wd;
  double *Wd0;            /* Wd (without c0) at rho_fact: what a cache keeps for the next call */
  /* the reduced form by the inverse's block (admm_reduce_block): the rows of H (sorted), ordered
   * last in the factorization, and sat: each row's index in srows (-1 for the others; m of
   * them); ns = 0: by block solves */
  int ns, *srows, *sat;
  double *yf;             /* with the inverse's block: L^-1 P f of the factor at rho_fact (the
                             forward half of A^-1 f, for c0 and for v at the end), else NULL */
  /* the trailing steps (trail = 1, see admm_trail_step): the rows H touches outside S, each a
   * spring unknown coupled to S only (M diagonal there), ne of them, and eat: each row's index
   * in erows (-1 for the others); bS, bE, xS, xE scratch (ns, ne, ns, ne) */
  int trail, trail_failed, ne, *erows, *eat;
  double *tw;
  long trail_steps;
} admm;

/* H H^T (m x m) as the sum over the columns h_j of H of h_j h_j^T, column by column:
 * column c = sum over the entries H_cj of row c of H_cj h_j (dense accumulator, marks) */
static int form_hht(const sn_csc *H, sn_csc **out)
{
  int m = H->m, st;
  sn_csc *T = NULL, *A = NULL;
  if ((st = sn_csc_transpose(H, &T))) return st;   /* column c of T = row c of H */
  int *mark = malloc(sizeof(int) * (size_t)(m > 0 ? m : 1));
  double *acc = malloc(sizeof(double) * (size_t)(m > 0 ? m : 1));
  st = SN_ERR_NOMEM;
  if (!mark || !acc) goto done;
  for (int i = 0; i < m; i++) mark[i] = -1;
  size_t nnz = 0;                       /* pass 1: pattern size */
  for (int c = 0; c < m; c++)
    for (int p = T->colptr[c]; p < T->colptr[c + 1]; p++) {
      int j = T->rowind[p];
      for (int q = H->colptr[j]; q < H->colptr[j + 1]; q++)
        if (mark[H->rowind[q]] != c) { mark[H->rowind[q]] = c; nnz++; }
    }
  if (nnz > INT_MAX) goto done;
  if (!(A = sn_csc_alloc(m, m, (int)(nnz > 0 ? nnz : 1)))) goto done;
  for (int i = 0; i < m; i++) mark[i] = -1;
  int k = 0;                            /* pass 2: values */
  for (int c = 0; c < m; c++) {
    A->colptr[c] = k;
    for (int p = T->colptr[c]; p < T->colptr[c + 1]; p++) {
      int j = T->rowind[p];
      double hcj = T->val[p];
      for (int q = H->colptr[j]; q < H->colptr[j + 1]; q++) {
        int i = H->rowind[q];
        if (mark[i] != c) { mark[i] = c; acc[i] = 0.0; A->rowind[k++] = i; }
        acc[i] += H->val[q] * hcj;
      }
    }
    for (int p = A->colptr[c]; p < k; p++) A->val[p] = acc[A->rowind[p]];
  }
  A->colptr[m] = k;
  A->nnz = k;
  *out = A;
  A = NULL;
  st = SN_OK;
done:
  sn_csc_free(T);
  sn_csc_free(A);
  free(mark);
  free(acc);
  return st;
}

static void admm_free(admm *A)
{
  sn_csc_free(A->HHt);
  sn_chol_free(A->C);
  sn_lu_free(A->L);
  free(A->Wd);
  free(A->Wd0);
  free(A->srows);
  free(A->sat);
  free(A->yf);
  free(A->erows);
  free(A->eat);
  free(A->tw);
}

/* factorize M + rho H H^T, replacing any previous factor */
static int admm_factor(admm *A, double rho)
{
  const sn_csc *M = A->P->M;
  const sn_csc *G = A->HHt;             /* rho H H^T on H H^T's pattern, added to M by a merge of
                                           sorted columns (sorting all of M's entries as
                                           triplets cost more than the factorization's analysis) */
  sn_csc *R = sn_csc_alloc(G->m, G->n, G->nnz > 0 ? G->nnz : 1), *K = NULL;
  if (!R) return SN_ERR_NOMEM;
  memcpy(R->colptr, G->colptr, sizeof(int) * ((size_t)G->n + 1));
  memcpy(R->rowind, G->rowind, sizeof(int) * (size_t)G->nnz);
  for (int p = 0; p < G->nnz; p++) R->val[p] = rho * G->val[p];
  R->nnz = G->nnz;
  int st = sn_csc_add(M, R, &K);
  sn_csc_free(R);
  if (st) return st;
  sn_lu_free(A->L);
  A->L = NULL;
  free(A->Wd0);                         /* the reduced form belongs to the factor replaced: */
  A->Wd0 = NULL;                        /* admm_reduce makes it again where it is wanted */
  free(A->yf);
  A->yf = NULL;
  if (!A->lu) {                         /* a change of rho keeps the pattern: the analysis reused */
    st = A->ns ? sn_chol_update_last(&A->C, K, A->ns, A->srows) : sn_chol_update(&A->C, K);
    if (st == SN_ERR_NOT_SPD) { A->lu = 1; st = SN_OK; }   /* let UMFPACK decide */
  }
  if (A->lu && !st) st = sn_lu_factor(K, &A->L);
  sn_csc_free(K);
  if (!st) A->rho = A->rho_fact = rho;
  return st;
}

static int admm_solve(admm *A, const double *b, double *x)
{
  return A->lu ? sn_lu_solve(A->L, b, x) : sn_chol_solve(A->C, b, x);
}

/* The reduced form: with few contact unknowns (n) against many dofs (m), every ADMM step
 * needs v only through u = H^T v + w and the equilibrium residual, and both follow from
 *   H^T v = c0 + Wd g,   M v = f + H (g - rho H^T v)     (v = A^-1 (f + H g), A = M + rho H H^T)
 * with the n x n matrix Wd = H^T A^-1 H and c0 = H^T A^-1 f formed once: n + 1 solves, made
 * in blocks of ADMM_BLOCK right-hand sides (CHOLMOD's supernodal solve on BLAS-3 blocks), then
 * O(n^2) per step instead of one sparse solve. v itself is recovered once, at the end. */
#define ADMM_BLOCK 64
static void symmetrize(int n, double *W)
{
  for (int j = 0; j < n; j++)
    for (int i = 0; i < j; i++) {
      double a = 0.5 * (W[i + (size_t)n * j] + W[j + (size_t)n * i]);
      W[i + (size_t)n * j] = W[j + (size_t)n * i] = a;
    }
}

static void f_plus_Hx(const sn_gfc *P, const double *x, double *out);

/* c0 = H^T A^-1 f into out (n): with the inverse's block, the forward sweep kept in A->yf and
 * the backward one on the trailing block only (sn_chol_last_ltsolve: the rows of H are the
 * factor's last rows, in the same sorted order); else one solve (z: m scratch) */
static int c0_solve(admm *A, double *z, double *out)
{
  const sn_gfc *P = A->P;
  const sn_csc *H = P->H;
  int k = 0;
  const int *last = A->ns && !A->lu ? sn_chol_last_rows(A->C, &k) : NULL;
  if (!last || k != A->ns || memcmp(last, A->srows, sizeof(int) * (size_t)k)) {
    free(A->yf);
    A->yf = NULL;
    int st = admm_solve(A, P->f, z);
    if (!st) sn_csc_gemv_t(H, 1.0, z, 0.0, out);
    return st;
  }
  if (!A->yf && !(A->yf = malloc(sizeof(double) * ((size_t)A->m + 1)))) return SN_ERR_NOMEM;
  int st = sn_chol_forward(A->C, P->f, A->yf);
  if (!st) st = sn_chol_last_ltsolve(A->C, A->yf, z);   /* z[k]: (A^-1 f) at srows[k] */
  if (st) return st;
  for (int j = 0; j < H->n; j++) {
    double a = 0.0;
    for (int p = H->colptr[j]; p < H->colptr[j + 1]; p++) {
      a += H->val[p] * z[A->sat[H->rowind[p]]];
    }
    out[j] = a;
  }
  return SN_OK;
}

/* v = A^-1 (f + H x) at the end of a reduced run: with A->yf, the forward sweep of H x on the
 * trailing block only, then one backward sweep (rhs: m scratch); else one solve */
static int v_solve(admm *A, const double *x, double *rhs, double *v)
{
  const sn_gfc *P = A->P;
  if (!A->yf || A->trail) {
    f_plus_Hx(P, x, rhs);
    return admm_solve(A, rhs, v);
  }
  const sn_csc *H = P->H;
  double *bS = calloc((size_t)A->ns + 1, sizeof(double));
  if (!bS) return SN_ERR_NOMEM;
  for (int j = 0; j < H->n; j++)
    for (int p = H->colptr[j]; p < H->colptr[j + 1]; p++) {
      bS[A->sat[H->rowind[p]]] += H->val[p] * x[j];
    }
  sn_copy(A->m, A->yf, rhs);
  int st = sn_chol_last_lsolve_add(A->C, bS, rhs);
  if (!st) st = sn_chol_backward(A->C, rhs, v);
  free(bS);
  return st;
}

/* The reduced form from the block of A^-1 on the rows S that H touches (a factor ordered with
 * S last, sn_chol_inverse_trailing): Wd = H_S^T (A^-1)_SS H_S at O(|S|^3) instead of n + 1 solves
 * with the whole factor, and c0 by one solve. Memory: the inverse's block and Wd, one column of
 * Z H_S at a time (the 24 x 24 x 8 block, 1 875 rows and unknowns: two 28 MB buffers less than
 * with the block copied out of the inverse and Z H_S kept whole). Measured on the Hertz deck (31 047 dofs, 266
 * contact unknowns on 266 rows): the reduction took 0.35 s by block solves. */
static int admm_reduce_block(admm *A)
{
  const sn_gfc *P = A->P;
  const sn_csc *H = P->H;
  int n = A->n, m = A->m, ns = A->ns, st, k = 0;
  const int *last = sn_chol_last_rows(A->C, &k), *rank = NULL;
  if (!last || k != ns || memcmp(last, A->srows, sizeof(int) * (size_t)ns)) return SN_ERR_ARG;   /* not S's factor */
  double *Zt = NULL;                    /* (A^-1)_SS in the factor's order: row s of S at rank[s] */
  double *y = malloc(sizeof(double) * (size_t)ns + 1);
  double *z = malloc(sizeof(double) * ((size_t)m + 1));
  int *tr = malloc(sizeof(int) * (size_t)m + 1);   /* rank of each row of H (-1: not in S) */
  A->Wd = malloc(sizeof(double) * (size_t)n * (size_t)(n + 1) + 1);
  st = SN_ERR_NOMEM;
  if (!y || !z || !tr || !A->Wd) goto done;
  if ((st = sn_chol_inverse_trailing(A->C, &Zt, &rank))) goto done;
  for (int i = 0; i < m; i++) tr[i] = A->sat[i] >= 0 ? rank[A->sat[i]] : -1;
  /* Wd = H_S^T Z H_S a column at a time: y = Z H_S e_j (columns of Z, contiguous), then
     Wd e_j = H_S^T y; no ns x n intermediate */
  for (int j = 0; j < n; j++) {
    memset(y, 0, sizeof(double) * (size_t)ns);
    for (int p = H->colptr[j]; p < H->colptr[j + 1]; p++)
      cblas_daxpy(ns, H->val[p], Zt + (size_t)ns * (size_t)tr[H->rowind[p]], 1, y, 1);
    for (int i = 0; i < n; i++) {
      double a = 0.0;
      for (int p = H->colptr[i]; p < H->colptr[i + 1]; p++) a += H->val[p] * y[tr[H->rowind[p]]];
      A->Wd[i + (size_t)n * (size_t)j] = a;
    }
  }
  free(Zt);
  Zt = NULL;
  if ((st = c0_solve(A, z, A->Wd + (size_t)n * (size_t)n))) goto done;   /* c0 = H^T A^-1 f */
  symmetrize(n, A->Wd);
  free(A->Wd0);
  A->Wd0 = malloc(sizeof(double) * (size_t)n * (size_t)n + 1);
  if (!A->Wd0) { st = SN_ERR_NOMEM; goto done; }
  memcpy(A->Wd0, A->Wd, sizeof(double) * (size_t)n * (size_t)n);
done:
  free(Zt);
  free(y);
  free(z);
  free(tr);
  return st;
}

static int admm_reduce(admm *A)
{
  free(A->Wd);
  A->Wd = NULL;
  if (A->trail) {                       /* the trailing steps: yf = L^-1 P f only */
    if (A->lu || !A->ns) return SN_ERR_ARG;
    if (!A->yf && !(A->yf = malloc(sizeof(double) * ((size_t)A->m + 1)))) return SN_ERR_NOMEM;
    int st = sn_chol_forward(A->C, A->P->f, A->yf);
    if (st) return st;
    double *w = A->tw;                  /* the rows E checked (their factor columns read) */
    memset(w, 0, sizeof(double) * ((size_t)A->ns + (size_t)A->ne));
    return sn_chol_last_solve_leaves(A->C, A->ne, A->erows, A->yf, w, w + A->ns, w + A->ns + A->ne,
                                     w + 2 * A->ns + A->ne);
  }
  if (A->ns && !A->lu) {
    int st = admm_reduce_block(A);
    if (st != SN_ERR_ARG) return st;    /* SN_ERR_ARG: the factor has no such set; solves below */
    free(A->Wd);
    A->Wd = NULL;
  }
  const sn_gfc *P = A->P;
  const sn_csc *H = P->H;
  int n = A->n, m = A->m, st = SN_OK;
  free(A->Wd);
  A->Wd = malloc(sizeof(double) * (size_t)n * (size_t)(n + 1));
  int nb = n + 1 < ADMM_BLOCK ? n + 1 : ADMM_BLOCK;
  if ((double)m * nb > 8e6) nb = m > 8000000 ? 1 : (int)(8e6 / m);   /* blocks of 64 MB at most */
  double *Z = malloc(sizeof(double) * (size_t)m * (size_t)nb + 1);
  if (!A->Wd || !Z) { free(Z); return SN_ERR_NOMEM; }
  for (int j0 = 0; j0 <= n && !st; j0 += nb) {   /* columns j0 .. j0 + k - 1 of [H f] */
    int k = n + 1 - j0 < nb ? n + 1 - j0 : nb;
    memset(Z, 0, sizeof(double) * (size_t)m * (size_t)k);
    for (int c = 0; c < k; c++) {
      int j = j0 + c;
      double *z = Z + (size_t)m * (size_t)c;
      if (j == n) sn_copy(m, P->f, z);
      else
        for (int p = H->colptr[j]; p < H->colptr[j + 1]; p++) z[H->rowind[p]] = H->val[p];
    }
    st = sn_chol_solve_multi(A->C, k, Z, Z);
    for (int c = 0; c < k && !st; c++)
      sn_csc_gemv_t(H, 1.0, Z + (size_t)m * (size_t)c, 0.0, A->Wd + (size_t)n * (size_t)(j0 + c));
  }
  free(Z);
  if (st) return st;
  symmetrize(n, A->Wd);                 /* symmetric up to the solves' round-off */
  free(A->Wd0);                         /* kept at rho_fact for a cache (sn_admm_cache) */
  A->Wd0 = malloc(sizeof(double) * (size_t)n * (size_t)n + 1);
  if (!A->Wd0) return SN_ERR_NOMEM;
  memcpy(A->Wd0, A->Wd, sizeof(double) * (size_t)n * (size_t)n);
  return st;
}

/* ---- the state kept between calls on the same M and H (sn_admm_cache) ----
 * An incremental analysis solves one problem per increment with the same M (the stiffness, in
 * small strain) and often the same H (the same candidate points, the same frames): then the
 * factorization of M + rho H H^T, H H^T and the reduced form's Wd at rho_fact carry over, and a
 * call costs one solve for c0 = H^T A^-1 f, the steps, and one solve for v. The cache checks
 * M and H itself (exact copies compared entry by entry), so a stale state is never used. */
struct sn_admm_cache {
  sn_csc *M, *H;          /* what the state was made for */
  double rho, rho_fact, rho0;
  admm A;                 /* its P is not kept */
  int valid, hits, misses;
  long trail_steps;       /* ADMM steps made by the trailing solves (admm_trail_step) */
};

sn_admm_cache *sn_admm_cache_new(void) { return calloc(1, sizeof(sn_admm_cache)); }

static void cache_drop(sn_admm_cache *c)
{
  admm_free(&c->A);
  memset(&c->A, 0, sizeof c->A);
  c->valid = 0;
}

void sn_admm_cache_free(sn_admm_cache *c)
{
  if (!c) return;
  cache_drop(c);
  sn_csc_free(c->M);
  sn_csc_free(c->H);
  free(c);
}

long sn_admm_cache_trail_steps(const sn_admm_cache *c) { return c ? c->trail_steps : 0; }

void sn_admm_cache_stats(const sn_admm_cache *c, int *hits, int *misses)
{
  if (hits) *hits = c ? c->hits : 0;
  if (misses) *misses = c ? c->misses : 0;
}

static int csc_equal(const sn_csc *A, const sn_csc *B)
{
  if (!A || !B || A->m != B->m || A->n != B->n) return 0;
  int nz = A->colptr[A->n];
  if (nz != B->colptr[B->n]) return 0;
  return !memcmp(A->colptr, B->colptr, sizeof(int) * ((size_t)A->n + 1)) &&
         !memcmp(A->rowind, B->rowind, sizeof(int) * (size_t)nz) &&
         !memcmp(A->val, B->val, sizeof(double) * (size_t)nz);
}

static int csc_copy(const sn_csc *A, sn_csc **out)
{
  int nz = A->colptr[A->n];
  sn_csc *B = sn_csc_alloc(A->m, A->n, nz > 0 ? nz : 1);
  if (!B) return SN_ERR_NOMEM;
  memcpy(B->colptr, A->colptr, sizeof(int) * ((size_t)A->n + 1));
  memcpy(B->rowind, A->rowind, sizeof(int) * (size_t)nz);
  memcpy(B->val, A->val, sizeof(double) * (size_t)nz);
  B->nnz = nz;
  *out = B;
  return SN_OK;
}

/* the cached state into A when it was made for P's M and H: factor at rho_fact, and the
 * reduced form there (c0 solved for P->f) when want_dense; returns 1 on a hit */
static int cache_take(sn_admm_cache *c, admm *A, const sn_gfc *P, int want_dense, double *rho0, int *st)
{
  *st = SN_OK;
  if (!c || !c->valid || !csc_equal(c->M, P->M) || !csc_equal(c->H, P->H)) return 0;
  if (want_dense && !c->A.trail_failed && ((!c->A.Wd0 && !c->A.trail) || c->A.lu)) return 0;
  if (!want_dense && c->A.trail) c->A.trail = 0;   /* a sparse run: the factor serves as any */
  *A = c->A;
  memset(&c->A, 0, sizeof c->A);
  c->valid = 0;
  A->P = P;
  A->rho = A->rho_fact;
  *rho0 = c->rho0;
  free(A->Wd);
  A->Wd = NULL;
  A->dense = 0;
  c->hits++;
  if (!want_dense || A->trail_failed) return 1;
  if (A->trail) {
    *st = admm_reduce(A);
    A->dense = 1;
    return 1;
  }
  int n = A->n, m = A->m;
  A->Wd = malloc(sizeof(double) * (size_t)n * (size_t)(n + 1) + 1);
  double *z = malloc(sizeof(double) * ((size_t)m + 1));
  if (!A->Wd || !z) { free(z); *st = SN_ERR_NOMEM; return 1; }
  memcpy(A->Wd, A->Wd0, sizeof(double) * (size_t)n * (size_t)n);
  *st = c0_solve(A, z, A->Wd + (size_t)n * (size_t)n);   /* c0 = H^T A^-1 f */
  free(z);
  A->dense = 1;
  return 1;
}

/* a miss: the cached factor object for A, whose symbolic analysis sn_chol_update reuses when
 * M + rho H H^T keeps its pattern (H changed its values, not its points) */
static void cache_give_factor(sn_admm_cache *c, admm *A)
{
  if (!c || !c->valid) return;
  A->C = c->A.C;
  c->A.C = NULL;
  cache_drop(c);
}

/* A's state into the cache (A is emptied); on failure the state is freed */
static void cache_put(sn_admm_cache *c, admm *A, const sn_gfc *P, double rho0)
{
  if (!c || !(A->C || A->L)) { admm_free(A); return; }
  cache_drop(c);
  if (!csc_equal(c->M, P->M)) {
    sn_csc_free(c->M);
    c->M = NULL;
    if (csc_copy(P->M, &c->M)) { admm_free(A); return; }
  }
  if (!csc_equal(c->H, P->H)) {
    sn_csc_free(c->H);
    c->H = NULL;
    if (csc_copy(P->H, &c->H)) { admm_free(A); return; }
  }
  c->A = *A;
  c->A.P = NULL;
  memset(A, 0, sizeof *A);
  c->rho0 = rho0;
  c->valid = 1;
}

/* the reduced form at a new penalty without a new factorization (Sherman-Morrison-Woodbury on
 * A' = A + d H H^T, d = rho' - rho): Wd' = (I + d Wd)^-1 Wd, c0' = (I + d Wd)^-1 c0. I + d Wd
 * is symmetric positive definite for any rho' > 0 (the eigenvalues of Wd lie in [0, 1 / rho)),
 * hence one Cholesky (LAPACK dposv) on n + 1 right-hand sides. */
static int admm_rescale(admm *A, double nrho)
{
  int n = A->n;
  double d = nrho - A->rho;
  double *S = malloc(sizeof(double) * (size_t)n * (size_t)n + 1);
  if (!S) return SN_ERR_NOMEM;
  for (size_t q = 0; q < (size_t)n * (size_t)n; q++) S[q] = d * A->Wd[q];
  for (int i = 0; i < n; i++) S[i + (size_t)n * i] += 1.0;
  int info = LAPACKE_dposv(LAPACK_COL_MAJOR, 'L', n, n + 1, S, n, A->Wd, n);
  free(S);
  if (info != 0) return info < 0 ? SN_ERR_ARG : SN_ERR_NOT_SPD;
  symmetrize(n, A->Wd);
  A->rho = nrho;
  return SN_OK;
}

/* the rows H touches (sorted) in A->srows when the reduced form is wanted from the block of
 * the inverse: at most ADMM_BLOCK_ROWS of them and a quarter of the dofs (the dense trailing
 * block stays small against the factor); else A->ns = 0 */
#define ADMM_BLOCK_ROWS 4096
static int block_rows(admm *A, const sn_csc *H)
{
  int m = A->m, ns = 0;
  int *sat = malloc(sizeof(int) * ((size_t)m + 1));
  if (!sat) return SN_ERR_NOMEM;
  for (int i = 0; i < m; i++) sat[i] = -1;
  for (int p = 0; p < H->colptr[H->n]; p++) sat[H->rowind[p]] = 0;
  for (int i = 0; i < m; i++)           /* numbered in increasing row order */
    if (sat[i] == 0) sat[i] = ns++;
  A->ns = 0;
  if (ns > 0 && ns <= ADMM_BLOCK_ROWS && 4 * (size_t)ns <= (size_t)m) {
    if (!(A->srows = malloc(sizeof(int) * (size_t)ns))) { free(sat); return SN_ERR_NOMEM; }
    for (int i = 0; i < m; i++)
      if (sat[i] >= 0) A->srows[sat[i]] = i;
    A->ns = ns;
    A->sat = sat;
  } else
    free(sat);
  return SN_OK;
}

/* The trailing steps' rows: S = the rows H touches where M has entries off its diagonal, E =
 * the others (spring unknowns: M diagonal there), each in one column of H at most with no other
 * row of E (then its neighbours in M + rho H H^T all lie in S). Taken when E is so and S has
 * at most ADMM_TRAIL_ROWS rows and a quarter of the dofs; else A->ns = 0. */
#define ADMM_TRAIL_ROWS 8192
static int trail_rows(admm *A, const sn_gfc *P)
{
  const sn_csc *H = P->H, *M = P->M;
  int m = A->m, ns = 0, ne = 0, ok = 1;
  int *sat = malloc(sizeof(int) * ((size_t)m + 1)), *eat = malloc(sizeof(int) * ((size_t)m + 1));
  if (!sat || !eat) { free(sat); free(eat); return SN_ERR_NOMEM; }
  for (int i = 0; i < m; i++) sat[i] = eat[i] = -1;
  for (int p = 0; p < H->colptr[H->n]; p++) {
    int i = H->rowind[p], diag = 1;
    for (int q = M->colptr[i]; q < M->colptr[i + 1]; q++) diag = diag && (M->rowind[q] == i || M->val[q] == 0.0);
    if (diag) eat[i] = 0;
    else sat[i] = 0;
  }
  for (int i = 0; i < m; i++) {         /* numbered in increasing row order */
    if (sat[i] == 0) sat[i] = ns++;
    if (eat[i] == 0) eat[i] = ne++;
  }
  int *seen = calloc((size_t)ne + 1, sizeof(int));
  if (!seen) { free(sat); free(eat); return SN_ERR_NOMEM; }
  for (int j = 0; j < H->n && ok; j++) { /* a row of E: in one column, alone of E there */
    int ke = 0;
    for (int p = H->colptr[j]; p < H->colptr[j + 1]; p++) {
      int e = eat[H->rowind[p]];
      if (e < 0) continue;
      ke++;
      ok = ok && !seen[e]++ && ke == 1;
    }
  }
  free(seen);
  A->ns = 0;
  if (ok && ns > 0 && ns <= ADMM_TRAIL_ROWS && 4 * (size_t)ns <= (size_t)m) {
    A->srows = malloc(sizeof(int) * (size_t)ns);
    A->erows = malloc(sizeof(int) * ((size_t)ne + 1));
    A->tw = malloc(sizeof(double) * (2 * ((size_t)ns + (size_t)ne) + 1));
    if (!A->srows || !A->erows || !A->tw) { free(sat); free(eat); return SN_ERR_NOMEM; }
    for (int i = 0; i < m; i++) {
      if (sat[i] >= 0) A->srows[sat[i]] = i;
      if (eat[i] >= 0) A->erows[eat[i]] = i;
    }
    A->ns = ns;
    A->ne = ne;
    A->sat = sat;
    A->eat = eat;
  } else {
    free(sat);
    free(eat);
  }
  return SN_OK;
}

/* One v-step by the trailing solves: u = w + H^T A^-1 (f + H g) from the rows S and E alone
 * (sn_chol_last_solve_leaves, A->yf = L^-1 P f): two triangular solves with the dense trailing
 * block L_TT (|S|^2 each) instead of a solve with the whole factor. */
static int admm_trail_step(admm *A, const double *g, double *u)
{
  const sn_gfc *P = A->P;
  const sn_csc *H = P->H;
  int ns = A->ns, ne = A->ne;
  double *bS = A->tw, *bE = bS + ns, *xS = bE + ne, *xE = xS + ns;
  memset(bS, 0, sizeof(double) * ((size_t)ns + (size_t)ne));
  for (int j = 0; j < H->n; j++)
    for (int p = H->colptr[j]; p < H->colptr[j + 1]; p++) {
      int i = H->rowind[p];
      if (A->sat[i] >= 0) bS[A->sat[i]] += H->val[p] * g[j];
      else bE[A->eat[i]] += H->val[p] * g[j];
    }
  int st = sn_chol_last_solve_leaves(A->C, ne, A->erows, A->yf, bS, bE, xS, xE);
  if (st) return st;
  for (int j = 0; j < H->n; j++) {
    double a = P->w[j];
    for (int p = H->colptr[j]; p < H->colptr[j + 1]; p++) {
      int i = H->rowind[p];
      a += H->val[p] * (A->sat[i] >= 0 ? xS[A->sat[i]] : xE[A->eat[i]]);
    }
    u[j] = a;
  }
  A->trail_steps++;
  return SN_OK;
}

/* H H^T (rows sorted), symmetry test, initial rho, first factorization (ordered for the
 * inverse's block when want_reduced, for the trailing steps when trail) */
static int admm_setup(admm *A, const sn_gfc *P, double rho0, int want_reduced, int trail)
{
  const sn_csc *M = P->M, *H = P->H;
  int st = form_hht(H, &A->HHt);
  if (st) return st;
  double asym = sn_csc_asymmetry(M);
  if (!isfinite(asym)) return SN_ERR_NOMEM;
  A->lu = !(asym <= 1e-14);
  if (!A->lu && (want_reduced || trail) && (st = trail ? trail_rows(A, P) : block_rows(A, H))) return st;
  if ((size_t)M->colptr[M->n] + (size_t)A->HHt->nnz > INT_MAX) return SN_ERR_NOMEM;
  sn_csc *Gs = NULL;                    /* H H^T with sorted rows, for the merges */
  if ((st = sn_csc_canonical(A->HHt, &Gs))) return st;
  sn_csc_free(A->HHt);
  A->HHt = Gs;
  if (rho0 <= 0.0) {                    /* 1 / mean diagonal of H^T diag(M)^-1 H */
    double *dm = calloc((size_t)(A->m > 0 ? A->m : 1), sizeof(double));
    if (!dm) return SN_ERR_NOMEM;
    for (int j = 0; j < M->n; j++)
      for (int p = M->colptr[j]; p < M->colptr[j + 1]; p++)
        if (M->rowind[p] == j) dm[j] += M->val[p];
    double sum = 0.0;
    int cnt = 0;
    for (int j = 0; j < H->n; j++) {
      double wjj = 0.0;
      for (int p = H->colptr[j]; p < H->colptr[j + 1]; p++)
        if (dm[H->rowind[p]] > 0.0) wjj += H->val[p] * H->val[p] / dm[H->rowind[p]];
      if (wjj > 0.0) { sum += wjj; cnt++; }
    }
    free(dm);
    rho0 = cnt > 0 && sum > 0.0 && isfinite(sum) ? cnt / sum : 1.0;
  }
  return admm_factor(A, rho0);
}

/* the local part of the global error: |r - P_K(r - (u + mu |u_t| e_n))| relative to
 * max(|w|, |r|, |u|) (De Saxce's natural map, sn_gfc_error's formula) */
static double local_error(const sn_gfc *P, const double *r, const double *u, double nw)
{
  int d = P->dim;
  double sum = 0.0, nr = 0.0, nu = 0.0;
  for (int c = 0; c < P->nc; c++) {
    const double *rc = r + d * c, *uc = u + d * c;
    double mu = P->mu[c], ut = d == 3 ? hypot(uc[1], uc[2]) : fabs(uc[1]), t[3];
    t[0] = rc[0] - uc[0] - mu * ut;
    for (int k = 1; k < d; k++) t[k] = rc[k] - uc[k];
    sn_proj_cone(d, mu, t);
    for (int k = 0; k < d; k++) {
      sum += (rc[k] - t[k]) * (rc[k] - t[k]);
      nr += rc[k] * rc[k];
      nu += uc[k] * uc[k];
    }
  }
  double nrm = fmax(nw, fmax(sqrt(nr), sqrt(nu)));
  double loc = nrm > DBL_EPSILON ? sqrt(sum) / nrm : sqrt(sum);
  return loc;
}

/* the global error of (r, v) (sn_gfc_error's formula, no allocation): u = H^T v + w given,
 * Mv, Hr scratch of size m; v = NULL: Mv = M v given (the reduced form) */
static double global_error(const sn_gfc *P, const double *r, const double *v, const double *u,
                           double *Mv, double *Hr, double nf, double nw, double *eq_out,
                           double *loc_out)
{
  int m = P->ndof;
  if (v) sn_csc_gemv(P->M, 1.0, v, 0.0, Mv);   /* else Mv holds M v already */
  sn_csc_gemv(P->H, 1.0, r, 0.0, Hr);
  double res = 0.0;
  for (int i = 0; i < m; i++) {
    double t = Mv[i] - Hr[i] - P->f[i];
    res += t * t;
  }
  double den = fmax(nf, fmax(sn_nrm2(m, Mv), sn_nrm2(m, Hr)));
  double eq = sqrt(res);
  if (den > DBL_EPSILON) eq /= den;
  double loc = local_error(P, r, u, nw);
  if (eq_out) *eq_out = eq;
  if (loc_out) *loc_out = loc;
  return eq + loc;
}

/* The reduced form's global error in O(nnz(H) + n) per step instead of O(m): with
 * M v = f + H x (x = g - rho (u - w)), the equilibrium residual M v - H r - f = H (x - r) lives
 * on the rows S that H touches, and |M v|^2 = |f|^2 - |f_S|^2 + |f_S + (H x)_S|^2. The same
 * value as global_error (to rounding). E holds the compact rows (at[row] = index in S, -1
 * elsewhere) and three scratch vectors of length ns. */
typedef struct {
  int ns, *at;
  double *fs, *a, *b;     /* f on S; scratch */
  double nf2, nfs2;       /* |f|^2, |f_S|^2 */
} red_err;

static void red_err_free(red_err *E)
{
  free(E->at);
  free(E->fs);
  memset(E, 0, sizeof *E);
}

static int red_err_init(red_err *E, const sn_gfc *P)
{
  int m = P->ndof, ns = 0;
  const sn_csc *H = P->H;
  memset(E, 0, sizeof *E);
  E->at = malloc(sizeof(int) * ((size_t)m + 1));
  if (!E->at) return SN_ERR_NOMEM;
  for (int i = 0; i < m; i++) E->at[i] = -1;
  for (int p = 0; p < H->colptr[H->n]; p++)
    if (E->at[H->rowind[p]] < 0) E->at[H->rowind[p]] = ns++;
  E->ns = ns;
  E->fs = malloc(sizeof(double) * (3 * (size_t)ns + 1));
  if (!E->fs) { red_err_free(E); return SN_ERR_NOMEM; }
  E->a = E->fs + ns;
  E->b = E->a + ns;
  for (int i = 0; i < m; i++) {
    E->nf2 += P->f[i] * P->f[i];
    if (E->at[i] >= 0) E->fs[E->at[i]] = P->f[i];
  }
  for (int k = 0; k < ns; k++) E->nfs2 += E->fs[k] * E->fs[k];
  return SN_OK;
}

/* out (ns) = (H y)_S */
static void red_hx(const red_err *E, const sn_csc *H, const double *y, double *out)
{
  memset(out, 0, sizeof(double) * (size_t)E->ns);
  for (int j = 0; j < H->n; j++)
    for (int p = H->colptr[j]; p < H->colptr[j + 1]; p++) out[E->at[H->rowind[p]]] += H->val[p] * y[j];
}

static double global_error_reduced(const sn_gfc *P, red_err *E, const double *r, const double *x, const double *u,
                                   double nf, double nw, double *eq_out)
{
  int ns = E->ns;
  red_hx(E, P->H, x, E->a);             /* (H x)_S */
  red_hx(E, P->H, r, E->b);             /* (H r)_S */
  double res = 0.0, nhr = 0.0, nmv = 0.0;
  for (int k = 0; k < ns; k++) {
    double t = E->a[k] - E->b[k], q = E->fs[k] + E->a[k];
    res += t * t;
    nhr += E->b[k] * E->b[k];
    nmv += q * q;
  }
  nmv = sqrt(fmax(0.0, E->nf2 - E->nfs2 + nmv));
  double den = fmax(nf, fmax(nmv, sqrt(nhr)));
  double eq = sqrt(res);
  if (den > DBL_EPSILON) eq /= den;
  double loc = local_error(P, r, u, nw);
  if (eq_out) *eq_out = eq;
  return eq + loc;
}

typedef struct {
  double rho;             /* initial penalty, 0 = automatic */
  int adapt;              /* residual balancing on/off */
  double alpha;           /* relaxation */
  int aa;                 /* Anderson memory */
  int reduce;             /* reduced form: -1 automatic, 0 off, 1 on */
} admm_opts;

static int parse_options(const char *options, admm_opts *o)
{
  sn_admm_common c;
  double v;
  int st = sn_admm_parse_common(options, &c);
  if (st) return st;
  o->rho = c.rho;
  o->adapt = c.adapt;
  o->alpha = c.alpha;
  o->aa = c.aa;
  o->reduce = -1;
  if ((st = sn_option_double(options, "reduce", &v)) < 0) return st;
  if (st == 1) {
    if (!(v == 0.0 || v == 1.0 || v == 2.0)) return SN_ERR_ARG;
    o->reduce = (int)v;
  }
  return SN_OK;
}

/* out = f + H x (m-vector; x: n contact components): the right-hand side of the v-step */
static void f_plus_Hx(const sn_gfc *P, const double *x, double *out)
{
  sn_copy(P->ndof, P->f, out);
  sn_csc_gemv(P->H, 1.0, x, 1.0, out);
}

static void velocity(const sn_gfc *P, const double *v, double *u, double *b)
{
  sn_copy(P->dim * P->nc, P->w, u);
  sn_csc_gemv_t(P->H, 1.0, v, 1.0, u);
  sn_desaxce_term(P->dim, P->nc, P->mu, u, b);
}

/* One ADMM step from the state y = (xi, r / rho, b) to Gy (same layout), with v, u = H^T v + w
 * and r = rho Gy_r of the new iterate; *prim and *pnorm: |u + b - xi| and max(|u + b|, |xi|). */
static int admm_map(admm *A, double alpha, const double *y, double *Gy, double *v, double *u,
                    double *r, double *g, double *rhs, double *prim, double *pnorm)
{
  const sn_gfc *P = A->P;
  int n = A->n, d = P->dim;
  double rho = A->rho;
  const double *xi = y, *rs = y + n, *b = y + 2 * n;
  double *xi1 = Gy, *rs1 = Gy + n, *b1 = Gy + 2 * n;
  for (int i = 0; i < n; i++) g[i] = rho * (rs[i] + xi[i] - P->w[i] - b[i]);
  if (A->trail) {                       /* v-step by the trailing solves */
    int st = admm_trail_step(A, g, u);
    if (st) return st;
    sn_desaxce_term(P->dim, P->nc, P->mu, u, b1);
  } else if (A->dense) {                /* v-step, reduced: u = w + c0 + Wd g */
    for (int i = 0; i < n; i++) u[i] = P->w[i] + A->Wd[(size_t)n * (size_t)n + i];
    sn_dense_symv_lower(n, A->Wd, g, u);   /* Wd symmetric (symmetrize, after every change) */
    sn_desaxce_term(P->dim, P->nc, P->mu, u, b1);
  } else {                              /* v-step: v = (M + rho H H^T)^-1 (f + H g) */
    f_plus_Hx(P, g, rhs);
    int st = admm_solve(A, rhs, v);
    if (st) return st;
    velocity(P, v, u, b1);
  }
  double pr = 0.0, nh = 0.0, nx = 0.0;
  for (int c = 0; c < P->nc; c++) {     /* xi- and r-steps, contact by contact */
    double t[3], z[3];
    for (int k = 0; k < d; k++) {
      int i = d * c + k;
      z[k] = alpha * (u[i] + b1[i]) + (1.0 - alpha) * xi[i] - rs[i];
      t[k] = -z[k];
    }
    sn_proj_cone(d, P->mu[c], t);
    for (int k = 0; k < d; k++) {
      int i = d * c + k;
      double h = u[i] + b1[i];
      rs1[i] = t[k];
      r[i] = rho * t[k];
      xi1[i] = z[k] + t[k];
      pr += (h - xi1[i]) * (h - xi1[i]);
      nh += h * h;
      nx += xi1[i] * xi1[i];
    }
  }
  *prim = sqrt(pr);
  *pnorm = sqrt(fmax(nh, nx));
  return SN_OK;
}

/* One call's run (admm_run): the work vectors, the iterate's error and the best iterate met */
typedef struct {
  const sn_gfc *P;
  int n, m, ny;
  double *buf;
  /* states y, Gy, g, yf (fallback) of 3n; n-vectors u, rbest, gk, gbest, ubest, tn; m-vectors
   * rhs, Mv, Hr, vbest */
  double *y, *Gy, *g, *yf, *u, *rbest, *gk, *gbest, *ubest, *tn, *rhs, *Mv, *Hr, *vbest;
  double nf, nw;          /* |f|, |w| */
  double err, best, eq;   /* the iterate's error, the best one's, the equation's part */
  double rho_best;        /* reduced form: the best iterate is (gbest, rho_best) */
  int best_g;             /* the best iterate kept as (gbest, ubest) rather than vbest */
  int it, last_gain;      /* iterations; the last with a 1 % gain (or a rho change) */
} admm_state;

static int state_alloc(admm_state *R, const sn_gfc *P)
{
  int n = P->dim * P->nc, m = P->ndof, ny = 3 * n;
  R->P = P;
  R->n = n;
  R->m = m;
  R->ny = ny;
  size_t len = (size_t)4 * (size_t)ny + (size_t)6 * (size_t)n + (size_t)4 * (size_t)m;
  R->buf = malloc(sizeof(double) * (len > 0 ? len : 1));
  if (!R->buf) return SN_ERR_NOMEM;
  struct { double **p; int len; } part[] = {   /* the vectors, one after the other in buf */
      {&R->y, ny}, {&R->Gy, ny}, {&R->g, ny}, {&R->yf, ny}, {&R->u, n}, {&R->rbest, n}, {&R->gk, n},
      {&R->gbest, n}, {&R->ubest, n}, {&R->tn, n}, {&R->rhs, m}, {&R->Mv, m}, {&R->Hr, m}, {&R->vbest, m}};
  double *at = R->buf;
  for (size_t j = 0; j < sizeof part / sizeof part[0]; j++) {
    *part[j].p = at;
    at += part[j].len;
  }
  R->nf = sn_nrm2(m, P->f);
  R->nw = sn_nrm2(n, P->w);
  return SN_OK;
}

/* the start (r, v) when finite (r onto K), else 0; u, b (in y's third part), its error, and
 * the best iterate so far */
static void state_start(admm_state *R, double *r, double *v)
{
  const sn_gfc *P = R->P;
  int n = R->n, m = R->m, d = P->dim, finite = 1;
  for (int i = 0; i < n; i++) finite = finite && isfinite(r[i]);
  for (int i = 0; i < m; i++) finite = finite && isfinite(v[i]);
  if (!finite) { sn_fill(n, 0.0, r); sn_fill(m, 0.0, v); }
  for (int c = 0; c < P->nc; c++) sn_proj_cone(d, P->mu[c], r + d * c);
  velocity(P, v, R->u, R->y + 2 * n);
  R->err = global_error(P, r, v, R->u, R->Mv, R->Hr, R->nf, R->nw, &R->eq, NULL);
  R->best = R->err;
  sn_copy(n, r, R->rbest);
  sn_copy(m, v, R->vbest);
}

/* The form of the v-step (the reduced one, the trailing steps or a sparse solve per step) and
 * its factorization, taken from the cache where it holds this M and H; *rho0: the initial
 * penalty of this M and H */
static int choose_form(admm *A, const sn_gfc *P, const admm_opts *o, int sparse_only,
                       sn_admm_cache **cachep, double *rho0)
{
  int n = A->n, m = A->m, st = SN_OK;
  sn_admm_cache *cache = *cachep;
  /* the reduced form where n + 1 block solves cost less than the steps' sparse solves are
   * expected to (CHOLMOD only: UMFPACK has no multiple right-hand sides) */
  /* up to ADMM_DENSE_MAX unknowns by either way of admm_reduce; up to ADMM_BLOCK_N only by
   * the inverse's block (n + 1 solves would cost more than the steps save) */
  int solves_ok = o->reduce == 1 || n <= ADMM_DENSE_MAX;
  int want = !sparse_only && n > 0 && (o->reduce == 1 || (o->reduce < 0 && n <= ADMM_BLOCK_N && n < m));
  /* too many for the inverse's block: the trailing steps (admm_trail_step) where H's rows
   * allow them and a cache will keep the factor for later calls (its constrained order costs
   * more: 4.4e11 flops against 1.3e11 on the 45 x 45 x 16 block, which one call's steps do not
   * repay); reduce=2 asks for them at any size, with or without a cache */
  int trail = !sparse_only && n > 0 && n < m && (o->reduce == 2 || (o->reduce < 0 && !want && cache));
  if (want && !solves_ok && cache && cache->valid && !cache->A.ns) want = 0;   /* it had no block */
  if (o->reduce == 2) want = 0;
  *rho0 = 0.0;
  if (o->rho > 0.0) cache = *cachep = NULL;   /* a given rho: no cached state (it has its own) */
  if (cache_take(cache, A, P, want || trail, rho0, &st)) return st;
  if (cache) cache->misses++;
  cache_give_factor(cache, A);
  st = admm_setup(A, P, o->rho, want, trail);
  *rho0 = A->rho;
  if (want && !solves_ok && !A->ns) want = 0;
  if (!st && !A->lu && trail && A->ns) {
    A->trail = A->dense = 1;
    st = admm_reduce(A);
    if (st == SN_ERR_ARG) {             /* a row of E reaches outside T: a sparse solve per step */
      A->trail = A->dense = 0;
      A->trail_failed = 1;              /* (kept: the next call takes the factor as it is) */
      st = SN_OK;
    }
  } else if (!st && !A->lu && want) {
    A->dense = 1;
    st = admm_reduce(A);
  }
  if (trail && !A->trail) A->trail_failed = 1;   /* not possible here: sparse steps, and so
                                                    with the kept factor at the next call */
  return st;
}

/* the ADMM state y = (P_K*(u + b), r / rho, b) of the start */
static void state_y(admm_state *R, const admm *A, const double *r)
{
  const sn_gfc *P = R->P;
  int n = R->n, d = P->dim;
  double *y = R->y, *u = R->u;
  for (int c = 0; c < P->nc; c++) {
    double t[3];
    for (int k = 0; k < d; k++) t[k] = -(u[d * c + k] + y[2 * n + d * c + k]);
    sn_proj_cone(d, P->mu[c], t);
    for (int k = 0; k < d; k++) {
      int i = d * c + k;
      y[i] = u[i] + y[2 * n + i] + t[k];
      y[n + i] = r[i] / A->rho;
    }
  }
}

/* the error of the step's iterate (r, v or, in the reduced form, gk and u), kept if the best */
static int track_error(admm_state *R, const admm *A, red_err *RE, const double *r, const double *v)
{
  const sn_gfc *P = R->P;
  int n = R->n, st;
  if (A->dense) {                       /* M v = f + H (g - rho (u - w)) */
    for (int i = 0; i < n; i++) R->tn[i] = R->gk[i] - A->rho * (R->u[i] - P->w[i]);
    if (!RE->at && (st = red_err_init(RE, P))) return st;
    R->err = global_error_reduced(P, RE, r, R->tn, R->u, R->nf, R->nw, &R->eq);
  } else
    R->err = global_error(P, r, v, R->u, R->Mv, R->Hr, R->nf, R->nw, &R->eq, NULL);
  if (!isfinite(R->err)) return SN_ERR_NAN;
  if (R->err < 0.99 * R->best) R->last_gain = R->it;
  if (R->err < R->best) {
    R->best = R->err;
    sn_copy(n, r, R->rbest);
    if (A->dense) {
      sn_copy(n, R->gk, R->gbest);
      sn_copy(n, R->u, R->ubest);
      R->rho_best = A->rho;
      R->best_g = 1;
    } else {
      sn_copy(R->m, v, R->vbest);
      R->best_g = 0;
    }
  }
  return SN_OK;
}

/* Residual balancing, unless converging fast: rho moved toward the ratio of the primal and
 * equation residuals (within ADMM_RHO_RANGE of rho_init), the factor (or, in the reduced form,
 * Wd by Woodbury) updated when it changes by more than the thresholds; *changed: it did (the
 * Anderson history then restarts). prim, pnorm: admm_map's. */
static int adapt_rho(admm_state *R, admm *A, double rho_init, double prim, double pnorm, int *changed)
{
  int n = R->n, st = SN_OK;
  double rho = A->rho;
  double ratio = sqrt((prim / fmax(pnorm, DBL_MIN)) / fmax(R->eq, DBL_MIN));
  double nrho = fmin(fmax(rho * ratio, rho_init / ADMM_RHO_RANGE), rho_init * ADMM_RHO_RANGE);
  double lim = R->it - R->last_gain >= ADMM_STALL ? ADMM_STALL_RATIO : ADMM_RHO_RATIO;
  *changed = 0;
  if (!isfinite(nrho) || !(nrho > lim * rho || nrho * lim < rho)) return SN_OK;
  R->last_gain = R->it;
  int done = 0;
  if (A->dense && !A->trail && (!A->ns || n <= ADMM_SMW_N) && nrho < ADMM_SMW_RANGE * A->rho_fact &&
      nrho * ADMM_SMW_RANGE > A->rho_fact) {
    st = admm_rescale(A, nrho);
    done = st != SN_ERR_NOT_SPD;        /* else: a new factorization */
  }
  if (!done && !(st = admm_factor(A, nrho)) && A->dense) {
    if (A->lu) A->dense = A->trail = 0; /* gone to UMFPACK: a sparse solve per step */
    else st = admm_reduce(A);
  }
  if (st) return st;
  for (int i = n; i < 2 * n; i++) {     /* r / rho in the new units */
    R->y[i] *= rho / nrho;
    R->yf[i] *= rho / nrho;
  }
  *changed = 1;
  return SN_OK;
}

/* The iteration: admm_map's step, extrapolated by Anderson acceleration with a safeguard (back
 * to the plain step when the residual grows), rho adapted every ADMM_ADAPT_EVERY steps; ends at
 * the tolerance (*conv_est: by the reduced form's own measure), the limits or an error */
static int iterate(admm_state *R, admm *A, const admm_opts *o, sn_anderson *W, red_err *RE,
                   double *r, double *v, const sn_settings *s, sn_info *info, double t0,
                   double rho_init, int *conv_est)
{
  int ny = R->ny, st = SN_OK, extrapolated = 0;
  double gprev = INFINITY, err_check = INFINITY;
  double *y = R->y, *Gy = R->Gy, *g = R->g, *yf = R->yf;
  R->last_gain = R->it;
  for (;;) {
    if (R->it >= s->max_iter) return SN_MAX_ITER;
    double prim, pnorm;
    if ((st = admm_map(A, o->alpha, y, Gy, v, R->u, r, R->gk, R->rhs, &prim, &pnorm))) return st;
    R->it++;
    if ((st = track_error(R, A, RE, r, v))) return st;
    if (R->err <= s->tol) {
      *conv_est = A->dense;
      return SN_OK;
    }
    if ((st = sn_info_record(info, s, R->it, R->err, t0))) return st;
    for (int i = 0; i < ny; i++) g[i] = Gy[i] - y[i];
    double gn = sn_nrm2(ny, g);
    if (extrapolated && !(gn <= gprev)) {   /* safeguard: back to the plain step */
      sn_copy(ny, yf, y);
      sn_aa_reset(W);
      extrapolated = 0;
      continue;
    }
    gprev = gn;
    sn_aa_push(W, y, g);
    sn_copy(ny, Gy, yf);
    extrapolated = sn_aa_step(W, y, g, y);
    if (!extrapolated) sn_copy(ny, Gy, y);
    if (o->adapt && R->it % ADMM_ADAPT_EVERY == 0 && !(R->err < ADMM_FAST * err_check)) {
      int changed;
      if ((st = adapt_rho(R, A, rho_init, prim, pnorm, &changed))) return st;
      if (changed) {
        sn_aa_reset(W);
        extrapolated = 0;
        gprev = INFINITY;
      }
    }
    if (R->it % ADMM_ADAPT_EVERY == 0) err_check = R->err;
  }
}

/* the best iterate into (r, v): in the reduced form its v solved for by the factor at rho_fact,
 * (M + rho_fact H H^T) v = f + H (g - (rho_best - rho_fact) H^T v), where H^T v = u - w is the
 * iterate's; returns st, or the solve's failure */
static int take_best(admm_state *R, admm *A, double *r, double *v, int st)
{
  int n = R->n;
  if (R->best_g && (st >= 0 || st == SN_ERR_NAN) && (A->C || A->L)) {
    for (int i = 0; i < n; i++)
      R->tn[i] = R->gbest[i] - (R->rho_best - A->rho_fact) * (R->ubest[i] - R->P->w[i]);
    int s2 = v_solve(A, R->tn, R->rhs, R->vbest);
    if (s2) st = s2;
  }
  sn_copy(n, R->rbest, r);
  sn_copy(R->m, R->vbest, v);
  return st;
}

static int admm_run(const sn_gfc *P, double *r, double *v, const sn_settings *s, sn_info *info,
                    int sparse_only, int *recheck, int it0, double t0, sn_admm_cache *cache)
{
  sn_settings sd;
  if (!s) { sn_settings_default(&sd); s = &sd; }
  if (info && !sparse_only) sn_info_reset(info);   /* the second run goes on with the history */
  admm A;
  red_err RE;
  admm_state R;
  sn_anderson W;
  memset(&RE, 0, sizeof RE);
  memset(&A, 0, sizeof A);
  memset(&R, 0, sizeof R);
  memset(&W, 0, sizeof W);
  admm_opts o;
  static const char *const keys[] = {"rho", "adapt", "alpha", "aa", "reduce", NULL};
  /* M is checked once: a cache holding an exact copy of it checked it before */
  int m_known = cache && cache->valid && P && P->M && sn_csc_check(P->M) == SN_OK && csc_equal(cache->M, P->M);
  int st = (!r || !v) ? SN_ERR_ARG : sn_gfc_check_opts(P, !m_known, NULL, 0);
  if (!st) st = sn_option_check(s->options, keys);
  if (!st && P->neq > 0) st = SN_ERR_ARG;
  if (!st) st = parse_options(s->options, &o);
  if (st) {
    if (info) info->status = st;
    return st;
  }
  A.P = P;
  A.n = P->dim * P->nc;
  A.m = P->ndof;
  st = state_alloc(&R, P);
  R.err = R.best = INFINITY;
  if (!st) state_start(&R, r, v);
  R.it = it0;
  int conv_est = 0;
  double rho_keep = 0.0;                /* the initial penalty of this M and H (for a cache) */
  if (!st && !(R.err <= s->tol)) {
    st = choose_form(&A, P, &o, sparse_only, &cache, &rho_keep);
    if (!st) st = sn_aa_init(&W, R.ny, o.aa < R.ny ? o.aa : R.ny);
    if (!st) {
      state_y(&R, &A, r);
      st = iterate(&R, &A, &o, &W, &RE, r, v, s, info, t0, rho_keep > 0.0 ? rho_keep : A.rho, &conv_est);
    }
  }
  if (R.buf) st = take_best(&R, &A, r, v, st);
  double err = R.err;
  if (st >= 0 || st == SN_ERR_NAN) {
    err = sn_gfc_error(P, r, v, NULL, NULL, NULL);
    if (st == SN_OK && !(err <= s->tol)) st = SN_STALLED;
  }
  if (info) {
    if (st == SN_OK) sn_info_record(info, NULL, R.it, err, t0);
    info->status = st;
    info->iterations = R.it;
    info->error = err;
    info->seconds = sn_wtime() - t0;
  }
  if (recheck) *recheck = conv_est && st == SN_STALLED;
  sn_aa_free(&W);
  red_err_free(&RE);
  if (cache) cache->trail_steps += A.trail_steps;
  A.trail_steps = 0;
  if (cache && st != SN_ERR_NOMEM) cache_put(cache, &A, P, rho_keep);
  else admm_free(&A);
  free(R.buf);
  return st;
}

int sn_gfc_admm_cached(const sn_gfc *P, sn_admm_cache *cache, double *r, double *v,
                       const sn_settings *s, sn_info *info)
{
  int recheck = 0, it = 0;
  double t0 = sn_wtime();
  int st = admm_run(P, r, v, s, info, 0, &recheck, 0, t0, cache);
  if (recheck) {
    /* the reduced form met the tolerance by its own measure but not with the v recovered at
     * the end (where M + rho H H^T is nearly singular, the solves' round-off in Wd and c0 is
     * amplified): go on from there with a sparse solve per step, within what is left of the
     * iteration and time limits, the history continued */
    if (info) it = info->iterations;
    st = admm_run(P, r, v, s, info, 1, NULL, it, t0, cache);
  }
  return sn_gfc_verdict(P, r, v, s, st, "admm", info);
}

int sn_gfc_admm(const sn_gfc *P, double *r, double *v, const sn_settings *s, sn_info *info)
{
  return sn_gfc_admm_cached(P, NULL, r, v, s, info);
}
