/* The CHOLMOD factor object shared by the sparse direct solvers (sparse_solve.c) and the
 * block-of-the-inverse routines (chol_block.c). Private to src/la. */
#ifndef SN_LA_CHOL_INTERNAL_H
#define SN_LA_CHOL_INTERNAL_H

#include "signorini/la.h"

#include <cholmod.h>

struct sn_chol {
  cholmod_common c;
  cholmod_factor *L;
  int n;
  int nnz, *pp, *pi;   /* the analysed pattern (canonical), for sn_chol_refactor */
  /* cholmod_solve2's solution and workspaces, kept between solves: allocated anew at every
   * solve (cholmod_solve), their fresh pages' faults took a quarter of the block solves of
   * ADMM's reduced form on the Hertz deck */
  cholmod_dense *X, *Y, *E;
  /* sn_chol_factor_last: the rows ordered after all others (sorted), else nlast = 0 */
  int nlast, *last;
  /* their trailing block (chol_block.c trailing_setup, made again after each numeric
   * factorization): L_TT dense (nlast^2, column-major, lower), the position of each rank of T
   * (tpos) and the rank of each row of `last` (trank) */
  double *ltt;
  int *tpos, *trank, ltt_ok;
  /* rows outside S whose factor column lies in T (sn_chol_last_solve_leaves, made again after
   * each numeric factorization): nleaf of them (leaf_rows as given), their position, diagonal,
   * and off-diagonal entries by rank in T (leaf_p: column pointers into leaf_r / leaf_x) */
  int nleaf, *leaf_rows, *leaf_pos, *leaf_p, *leaf_r, leaf_ok;
  double *leaf_d, *leaf_x, *leaf_t;
};

/* cholmod_start, quiet: no printing, no error handler (the library reports by status) */
void sn_chol_common_start(cholmod_common *c);
/* A itself when its columns are sorted without duplicates, else a canonical copy in *tmp */
int sn_chol_canonical(const sn_csc *A, const sn_csc **use, sn_csc **tmp);
/* wrap A (no copy) as a cholmod_sparse using its upper triangle */
void sn_chol_view(const sn_csc *A, cholmod_sparse *S);
/* the numeric factorization of S into F's analysed factor (an indefinite S is reported) */
int sn_chol_numeric(sn_chol *F, cholmod_sparse *S);
/* sn_chol_factor with the given permutation (perm[k] = the row eliminated k-th; NULL: the
 * fill-reducing ordering of cholmod_analyze) */
int sn_chol_factor_perm(const sn_csc *A, const int *perm, sn_chol **out);

/* sn_chol_factor_last, METIS' order (the set moved last) tried when CAMD's predicts more than
 * metis_worth flops (sn_chol_factor_last: 2e9; 0: always tried, as tests do) */
int sn_chol_factor_last_metis(const sn_csc *A, int nlast, const int *last, double metis_worth, sn_chol **out);

/* x = the system sys (CHOLMOD_P, _L, _Lt, _Pt, _A) of F applied to b (x may alias b) */
int sn_chol_solve_sys(sn_chol *F, int sys, const double *b, double *x);

#endif
