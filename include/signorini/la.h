/* signorini linear algebra: dense vectors over BLAS, one compressed sparse matrix type
 * (CSC, CSparse-like fields) with CSR and block (2x2 / 3x3) views, sparse products,
 * and factor/solve wrappers over CHOLMOD (SPD) and UMFPACK (unsymmetric). */
#ifndef SIGNORINI_LA_H
#define SIGNORINI_LA_H

#ifdef __cplusplus
extern "C" {
#endif

/* ---- dense vectors (BLAS level 1) ---- */
double sn_dot(int n, const double *x, const double *y);          /* x . y */
double sn_nrm2(int n, const double *x);                          /* |x|_2 */
double sn_nrminf(int n, const double *x);                        /* max |x_i| */
void sn_axpy(int n, double a, const double *x, double *y);       /* y += a x */
void sn_scal(int n, double a, double *x);                        /* x *= a */
void sn_copy(int n, const double *x, double *y);                 /* y = x */
void sn_fill(int n, double a, double *x);                        /* x = a */
/* dense column-major y = alpha A x + beta y (A is m x n, leading dimension m) */
void sn_dense_gemv(int m, int n, double alpha, const double *A, const double *x, double beta,
                   double *y);
/* dense y += A x for a symmetric n x n column-major A (leading dimension n) of which only the
 * lower triangle is read (src/la/dense_symv.c): half the memory traffic of sn_dense_gemv, in a
 * fixed order of the sums (the same bits on any thread count) */
void sn_dense_symv_lower(int n, const double *A, const double *x, double *y);
/* Solve A x = b in place for a small dense m x m column-major A (leading dimension m) by LU with
 * partial pivoting (src/la/dense_lu.c): A is overwritten by its factors (row interchanges
 * applied), b by x. Returns 0, or k + 1 when the k-th pivot is exactly zero (b is then not x),
 * as LAPACK's dgesv. For the small Newton systems; LAPACK for anything large. */
int sn_dense_lu_solve(int m, double *A, double *b);

/* ---- compressed sparse column matrix ----
 * Column j holds entries rowind[colptr[j] .. colptr[j+1]-1] with values val[...].
 * nnz = colptr[n]; nzmax is the allocated length of rowind/val. */
typedef struct {
  int m, n, nnz, nzmax;
  int *colptr;   /* n+1 */
  int *rowind;   /* nzmax */
  double *val;   /* nzmax */
} sn_csc;

/* Allocate an m x n matrix with room for nzmax entries, colptr zeroed. NULL on failure. */
sn_csc *sn_csc_alloc(int m, int n, int nzmax);
void sn_csc_free(sn_csc *A);
/* Build from triplets (row i[k], column j[k], value x[k]), k < nz; duplicates are summed,
 * rows sorted within each column. Returns 0 or an SN_ERR_* code (index out of range: SN_ERR_DIM). */
int sn_csc_from_triplets(int m, int n, int nz, const int *i, const int *j, const double *x,
                         sn_csc **out);
/* Copy of A with rows sorted within each column and duplicate entries summed. */
int sn_csc_canonical(const sn_csc *A, sn_csc **out);
/* Build from a dense column-major m x n array, keeping entries with |a| > droptol. */
int sn_csc_from_dense(int m, int n, const double *a, double droptol, sn_csc **out);
/* Dense column-major copy into a (m*n doubles, caller-allocated). */
void sn_csc_to_dense(const sn_csc *A, double *a);
/* max |A - A^T| / max |A| of a square matrix (0 for a zero matrix, NaN if not square). */
double sn_csc_asymmetry(const sn_csc *A);
/* C = A + B (same size), rows sorted, duplicates summed: a merge of the columns' sorted row
 * lists (inputs not sorted are sorted first). */
int sn_csc_add(const sn_csc *A, const sn_csc *B, sn_csc **out);
/* A^T as a new matrix. */
int sn_csc_transpose(const sn_csc *A, sn_csc **out);
/* Both triangles of the symmetric matrix given by its upper triangle U (square; entries below
 * the diagonal, if any, are taken as given and mirrored too). */
int sn_csc_sym_full(const sn_csc *U, sn_csc **out);
/* Check structure: sizes, monotone column pointers, row indices in range. 0 or SN_ERR_FORMAT.
 * Unsorted rows and duplicate entries are allowed (duplicates are summed everywhere). */
int sn_csc_check(const sn_csc *A);
/* y = alpha A x + beta y */
void sn_csc_gemv(const sn_csc *A, double alpha, const double *x, double beta, double *y);
/* y = alpha A^T x + beta y */
void sn_csc_gemv_t(const sn_csc *A, double alpha, const double *x, double beta, double *y);
/* d[j] += A's diagonal entries of column j, repeated entries summed (d: A->n values) */
void sn_csc_diag_add(const sn_csc *A, double *d);

/* ---- compressed sparse row view (row access for Gauss-Seidel sweeps) ---- */
typedef struct {
  int m, n, nnz;
  int *rowptr;   /* m+1 */
  int *colind;   /* nnz */
  double *val;   /* nnz */
} sn_csr;

int sn_csr_from_csc(const sn_csc *A, sn_csr **out);
void sn_csr_free(sn_csr *A);
/* y = alpha A x + beta y */
void sn_csr_gemv(const sn_csr *A, double alpha, const double *x, double beta, double *y);

/* ---- block sparse row view with square b x b blocks (b = 2 or 3: the contact operator W) ----
 * Block row I holds blocks browptr[I] .. browptr[I+1]-1, block column bcolind[k], values
 * val[k*b*b ...] stored column-major within the block. diag[I] is the index of block (I,I)
 * or -1 when that block is structurally absent. */
typedef struct {
  int b, mb, nb, nnzb;
  int *browptr;  /* mb+1 */
  int *bcolind;  /* nnzb */
  int *diag;     /* mb */
  double *val;   /* nnzb*b*b */
} sn_bsr;

/* Block view of A (A->m and A->n multiples of b). Any block with a stored entry is kept whole.
 * The view and its arrays are one allocation, released by sn_bsr_free (only views made here). */
int sn_bsr_from_csc(const sn_csc *A, int b, sn_bsr **out);
void sn_bsr_free(sn_bsr *A);
/* Pointer to block (I,J) (b*b doubles, column-major) or NULL if absent. */
const double *sn_bsr_block(const sn_bsr *A, int I, int J);
/* y = alpha A x + beta y */
void sn_bsr_gemv(const sn_bsr *A, double alpha, const double *x, double beta, double *y);
/* the same for block rows [lo, hi) only (y's other rows untouched) */
void sn_bsr_gemv_rows(const sn_bsr *A, int lo, int hi, double alpha, const double *x, double beta,
                      double *y);
/* the same on up to `threads` OpenMP threads (<= 1, or a build without OpenMP: serial), block
 * rows in fixed chunks of SN_BSR_CHUNK, at least two a thread: y is sn_bsr_gemv's bit for bit
 * for any thread count (each row is one serial sum; no sum crosses rows). */
enum { SN_BSR_CHUNK = 64 };
void sn_bsr_gemv_threads(const sn_bsr *A, double alpha, const double *x, double beta, double *y,
                         int threads);
/* y_I = (row I of blocks) x: the b-vector of block row I times x (b doubles out). */
void sn_bsr_row_gemv(const sn_bsr *A, int I, const double *x, double *yI);

/* ---- GMRES ---- */
/* A linear operator y = Op(x) (n-vectors); returns SN_OK or an error status that stops the
 * caller. */
typedef int (*sn_linop)(void *ctx, const double *x, double *y);
/* Restarted GMRES(restart) for A x = b with the right preconditioner Minv (y = M^-1 x; NULL:
 * none), from the initial guess in x: stops when |b - A x| <= rtol |b| or after maxit products
 * with A in the Krylov steps (SN_MAX_ITER, x the last iterate; the true residual b - A x is
 * also formed at each restart). iters: Krylov products; relres: |b - A x| / |b|. */
int sn_gmres(int n, sn_linop A, void *actx, sn_linop Minv, void *mctx, const double *b, double *x,
             int restart, int maxit, double rtol, int *iters, double *relres);
/* Operators for sn_gmres: y = A x with ctx the sn_csc A; y = A^-1 x with ctx an sn_chol. */
int sn_linop_csc(void *ctx, const double *x, double *y);
int sn_linop_chol(void *ctx, const double *x, double *y);

/* ---- sparse direct solvers ---- */
/* Cholesky (CHOLMOD, supernodal where worthwhile) of a symmetric positive definite A.
 * A may hold both triangles or only the upper one (upper is used). A factor holds its CHOLMOD
 * workspace and its solves' scratch: one factor is used by one thread at a time (two factors
 * may be solved from two threads). */
typedef struct sn_chol sn_chol;
int sn_chol_factor(const sn_csc *A, sn_chol **out);       /* SN_ERR_NOT_SPD if not SPD */
int sn_chol_solve(sn_chol *F, const double *b, double *x); /* x = A^-1 b (x may alias b) */
/* X = A^-1 B for nrhs right-hand sides at once (B, X: n x nrhs, column-major, may alias;
 * the supernodal solve then runs on BLAS-3 blocks) */
int sn_chol_solve_multi(sn_chol *F, int nrhs, const double *B, double *X);
void sn_chol_free(sn_chol *F);
/* A new factorization of a matrix with the pattern F was analysed for (same canonical
 * pattern), reusing the fill-reducing ordering and the symbolic factor: SN_ERR_DIM when the
 * pattern differs (F untouched), SN_ERR_NOT_SPD when A is not positive definite (F then holds
 * no usable factor until the next successful refactorization). */
int sn_chol_refactor(sn_chol *F, const sn_csc *A);
/* *F = the factor of A: sn_chol_refactor when *F was analysed for A's pattern, else a new
 * sn_chol_factor (*F may be NULL); on failure *F is freed and set to NULL. */
int sn_chol_update(sn_chol **F, const sn_csc *A);
/* CHOLMOD's estimate of the reciprocal condition number of the factored matrix, (min L_ii /
 * max L_ii)^2 (cholmod_rcond; 0 for no factor): a singular matrix that CHOLMOD factored on
 * round-off pivots (a body held by nothing but a contact: its rigid motions) gives about 1e-16
 * and below */
double sn_chol_rcond(sn_chol *F);

/* A factor whose ordering eliminates the rows last[0..nlast) after all others (CHOLMOD's
 * constrained minimum degree, CAMD), so that sn_chol_inverse_block can give the block of A^-1 on
 * any of those rows from the trailing block of L alone (src/la/chol_block.c). Solves as any
 * sn_chol. sn_chol_update_last refactorizes *F when it was made for the same set and pattern,
 * else makes a new factor (*F may be NULL; on failure *F is freed and set to NULL). */
int sn_chol_factor_last(const sn_csc *A, int nlast, const int *last, sn_chol **out);
int sn_chol_update_last(sn_chol **F, const sn_csc *A, int nlast, const int *last);
/* Z = (A^-1)[rows, rows] (k x k, column-major) for rows among the factor's last set:
 * O(nlast^3) on the trailing block, no solve with the whole factor. SN_ERR_ARG when F was not
 * made by sn_chol_factor_last or a row is outside its set. */
int sn_chol_inverse_block(sn_chol *F, int k, const int *rows, double *Z);
/* The whole block (A^-1)_SS in the factor's order of S: *inv (nlast x nlast, column-major, both
 * triangles; free() it) holds (A^-1)[last[a], last[b]] at rank[a] + nlast rank[b], last being the
 * factor's sorted set (sn_chol_last_rows) and rank (*rank, F's, valid while F is) the position
 * of each of its rows in the factor's order. One buffer of nlast^2 where sn_chol_inverse_block
 * needs two (its result and the inverse it is taken from): the factor's own copy of its trailing
 * block L_TT is inverted in place and handed over, and built again from the factor when a
 * trailing solve (sn_chol_last_*) next needs it. SN_ERR_ARG as sn_chol_inverse_block. */
int sn_chol_inverse_trailing(sn_chol *F, double **inv, const int **rank);
/* The solve A x = b of a factor of sn_chol_factor_last split at its last rows S (their order:
 * sorted, `last` as given without repeats; sn_chol_last_rows gives it): y = forward(b) and
 * x = backward(y) make x = A^-1 b; sn_chol_last_ltsolve gives (A^-1 b)_S from y = forward(b)
 * without the backward sweep, and sn_chol_last_lsolve_add adds to y the forward sweep of a
 * right-hand side zero outside S (bS its values on S), both O(|S|^2). */
int sn_chol_forward(sn_chol *F, const double *b, double *y);
int sn_chol_backward(sn_chol *F, const double *y, double *x);
int sn_chol_last_ltsolve(sn_chol *F, const double *y, double *zS);
int sn_chol_last_lsolve_add(sn_chol *F, const double *bS, double *y);
/* The Schur complement of A onto S, Z = A_SS - A_Sr A_rr^-1 A_rS (nlast x nlast, column-major, in
 * the order of S) = L_TT L_TT^T from the trailing block, O(|S|^3 / 3); and, from y = forward(b),
 * the right-hand side of the condensed system Z x_S = b_S - A_Sr A_rr^-1 b_r: bS = L_TT y_T,
 * O(|S|^2) (the rows T of L y = P b read (P b)_T - L_Tr y_r = L_TT y_T). */
int sn_chol_last_schur(sn_chol *F, double *Z);
int sn_chol_last_lmul(sn_chol *F, const double *y, double *bS);
/* x = A^-1 (f + b) on S and on rows E outside S whose neighbours in A all lie in S (a spring
 * unknown coupled to S only: a leaf of the elimination tree whose factor column lies in T), from
 * yf = forward(f) and b zero outside S and E (bS on S in its sorted order, bE on erows): xS on
 * S, xE on erows, O(|S|^2 + |E|) (two triangular solves with L_TT). SN_ERR_ARG when a row of E
 * is in S or its factor column reaches outside T. The rows' columns are read once per numeric
 * factorization (erows: the same list at every call). */
int sn_chol_last_solve_leaves(sn_chol *F, int ne, const int *erows, const double *yf, const double *bS,
                              const double *bE, double *xS, double *xE);
/* the rows S of a factor of sn_chol_factor_last (sorted; *k of them), NULL for another factor */
const int *sn_chol_last_rows(const sn_chol *F, int *k);
/* 1 when CHOLMOD chose a supernodal factor, 0 for a simplicial one */
int sn_chol_is_supernodal(const sn_chol *F);

/* LU (UMFPACK) of a square unsymmetric A. */
typedef struct sn_lu sn_lu;
int sn_lu_factor(const sn_csc *A, sn_lu **out);            /* SN_ERR_SINGULAR if singular */
int sn_lu_solve(sn_lu *F, const double *b, double *x);     /* x = A^-1 b */
int sn_lu_solve_t(sn_lu *F, const double *b, double *x);   /* x = A^-T b */
void sn_lu_free(sn_lu *F);

/* LU of a sequence of square unsymmetric matrices (KLU, src/la/lu_seq.c): the ordering is kept
 * while the pattern (colptr, rowind) stays the same and made again when it changes. A new
 * pattern is factorized with partial pivoting; the same pattern again reuses the pivot order
 * (klu_refactor), and sn_luseq_solve checks each such solution's backward error and, above
 * 1e-12, factorizes afresh and solves again. A's rows sorted within each column, no duplicates
 * (SN_ERR_FORMAT otherwise); A must stay unchanged until the solves with its factors are done. */
typedef struct sn_luseq sn_luseq;
enum { SN_LUSEQ_AMD = 0,     /* KLU orders each new pattern: block triangular form, AMD per block */
       SN_LUSEQ_GIVEN = 1 }; /* the matrices come ordered: the order kept, as one block */
int sn_luseq_new(int order, sn_luseq **out);
int sn_luseq_factor(sn_luseq *F, const sn_csc *A);        /* SN_ERR_SINGULAR if singular */
int sn_luseq_solve(sn_luseq *F, const double *b, double *x);   /* x = A^-1 b (x may be b) */
/* how many orderings (analyses) and numeric factorizations with pivot search F has made; how
 * many refactorizations (the kept pivot order) and of these how many fell back to a fresh one */
void sn_luseq_counts(const sn_luseq *F, int *analyses, int *factorizations);
void sn_luseq_refactor_counts(const sn_luseq *F, int *refactorizations, int *fallbacks);
void sn_luseq_free(sn_luseq *F);
/* AMD's fill-reducing ordering of the pattern of A + A^T (A n x n in compressed columns; the
 * diagonal is ignored): perm[k] is the k-th row/column (P. Amestoy, T. Davis, I. Duff, "An
 * approximate minimum degree ordering algorithm", SIAM J. Matrix Anal. Appl. 17, 1996) */
int sn_luseq_amd(int n, const int *colptr, const int *rowind, int *perm);

/* Predicted size of the Cholesky factor of A (upper triangle used): nonzeros of L and
 * floating-point operations of the factorization, from CHOLMOD's analysis (orderings AMD and
 * METIS, the better kept), without factorizing. */
int sn_chol_predict(const sn_csc *A, double *lnz, double *flops);
/* The same, and *large_flops (when not NULL): the part of *flops spent in the supernodal factor's
 * fronts of at least min_rows rows, the dense blocks where a threaded BLAS can gain (0 when
 * CHOLMOD's analysis chooses a simplicial factor). SN_ERR_ARG when min_rows < 0. */
int sn_chol_predict_fronts(const sn_csc *A, int min_rows, double *lnz, double *flops, double *large_flops);

/* ---- iterative ---- */
/* y = A x for a symmetric A stored as its upper triangle */
void sn_csc_symv_upper(const sn_csc *A, const double *x, double *y);
/* The same product on threads, bit for bit sn_csc_symv_upper's whatever the count (src/la/
 * symv_rows.c): y_i is summed by one thread in sn_csc_symv_upper's order, column i first, then
 * the entries (i, j > i) of row i by increasing j, which the rows copy gives (A's entries above
 * the diagonal row by row, their columns and values: make it again when A's values change). */
typedef struct {
  int n;
  int *ptr, *col;          /* row i: ptr[i] .. ptr[i + 1] - 1, off the diagonal, j increasing */
  double *val;
} sn_csc_rows;
int sn_csc_rows_make(const sn_csc *A, sn_csc_rows **out);   /* SN_OK, SN_ERR_NOMEM */
void sn_csc_rows_free(sn_csc_rows *R);
/* y = A x on `threads` threads (R from sn_csc_rows_make(A); one thread without OpenMP) */
void sn_csc_symv_upper_rows(const sn_csc *A, const sn_csc_rows *R, const double *x, double *y, int threads);
/* Jacobi-preconditioned conjugate gradients on a symmetric positive definite A stored as its
 * upper triangle; x is the initial guess and the result. Stops at |b - A x| <= rtol |b|.
 * SN_OK, SN_MAX_ITER (true residual above 10 rtol after maxit), SN_ERR_NOT_SPD (a non-positive
 * diagonal or curvature), SN_ERR_NOMEM. iters and relres (the true relative residual) may be NULL. */
int sn_pcg_upper(const sn_csc *A, const double *b, double *x, double rtol, int maxit, int *iters,
                 double *relres);

/* ---- symmetric generalized eigenproblem (src/la/eigen.c) ---- */
typedef struct {
  int dense;             /* 1: solved by LAPACK dsygvd, 0: ARPACK */
  int iterations;        /* ARPACK's restarts */
  int nconv;             /* eigenpairs converged */
  double sigma;          /* the shift used (a negative one replaces 0 when K is singular) */
} sn_eig_info;
/* The nev eigenpairs of K x = lambda M x nearest sigma (K symmetric, its upper triangle; M
 * symmetric positive semi-definite, both triangles; n x n): lambda ascending (nev), X the
 * eigenvectors (n x nev, column-major), M-orthonormal (x^T M x = 1). method: 0 automatic
 * (LAPACK dsygvd for n <= 200 or nev >= n - 1, else ARPACK), 1 ARPACK (shift-invert, K - sigma
 * M factorized by CHOLMOD, or UMFPACK when indefinite), 2 dense. SN_OK; SN_MAX_ITER when ARPACK
 * converged fewer than nev pairs; SN_ERR_ARG (nev outside 1..n), SN_ERR_SINGULAR (K - sigma M
 * singular: sigma is an eigenvalue), SN_ERR_NOT_SPD (M not positive definite, dense path),
 * SN_ERR_BACKEND, SN_ERR_NOMEM. One ARPACK solve at a time per process (ARPACK's SAVE state). */
int sn_eig_sym(const sn_csc *K, const sn_csc *M, int nev, double sigma, int method, double *lambda, double *X,
               sn_eig_info *info);

/* Dense solve A x = b (n x n, column-major, LAPACK dgesv); A and b are not modified. */
int sn_dense_solve(int n, const double *A, const double *b, double *x);

#ifdef __cplusplus
}
#endif
#endif
