/* sn_luseq (KLU, src/la/lu_seq.c): a sequence of unsymmetric systems against LAPACK's dgesv on
 * the same matrices; the ordering is made once while the pattern stays the same (counts), again
 * when it changes, the pivot order kept (refactorization) while it does not, and a fresh
 * factorization when the kept order gives a solution of large backward error; a singular
 * matrix, unsorted rows and the empty system; the given-order mode; sn_luseq_amd on an arrow
 * pattern. */
#include "check.h"
#include "signorini/common.h"
#include "signorini/la.h"

#include <lapacke.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define N 30

/* a deterministic unsymmetric banded matrix whose values change with k: diagonal 3 + k/10,
 * sub-diagonal -1, second super-diagonal 0.7 + k/20, a corner entry 0.3; with extra = 1 also
 * entry (N-1, 2) */
static void fill(double *a, int k, int extra)
{
  memset(a, 0, sizeof(double) * N * N);
  for (int i = 0; i < N; i++) {
    a[i * N + i] = 3.0 + 0.1 * k;
    if (i > 0) a[(i - 1) * N + i] = -1.0;
    if (i + 2 < N) a[(i + 2) * N + i] = 0.7 + 0.05 * k;
  }
  a[(N - 1) * N + 0] = 0.3;
  if (extra) a[2 * N + N - 1] = -0.4;
}

/* x = A^-1 b by sn_luseq_factor / solve agrees with dgesv to 1e-12 */
static void check_solve(sn_luseq *F, const double *a, const double *b)
{
  sn_csc *A;
  double lu[N * N], xref[N], x[N];
  lapack_int piv[N];
  CHECK_INT(sn_csc_from_dense(N, N, a, 0.0, &A), SN_OK);
  memcpy(lu, a, sizeof lu);
  memcpy(xref, b, sizeof xref);
  CHECK_INT(LAPACKE_dgesv(LAPACK_COL_MAJOR, N, 1, lu, N, piv, xref, N), 0);
  CHECK_INT(sn_luseq_factor(F, A), SN_OK);
  CHECK_INT(sn_luseq_solve(F, b, x), SN_OK);
  for (int i = 0; i < N; i++) CHECK_CLOSE(x[i], xref[i], 1e-12, 1e-14);
  memcpy(x, b, sizeof x);
  CHECK_INT(sn_luseq_solve(F, x, x), SN_OK);              /* in place */
  for (int i = 0; i < N; i++) CHECK_CLOSE(x[i], xref[i], 1e-12, 1e-14);
  sn_csc_free(A);
}

int main(void)
{
  double a[N * N], b[N];
  for (int i = 0; i < N; i++) b[i] = 1.0 + 0.1 * i * ((i % 3) - 1);
  sn_luseq *F;
  CHECK_INT(sn_luseq_new(SN_LUSEQ_AMD, &F), SN_OK);
  int na, nf;
  for (int k = 0; k < 3; k++) {   /* three matrices of one pattern: one ordering */
    fill(a, k, 0);
    check_solve(F, a, b);
  }
  int nr, nb;
  sn_luseq_counts(F, &na, &nf);
  sn_luseq_refactor_counts(F, &nr, &nb);
  CHECK_INT(na, 1);
  CHECK_INT(nf, 1);                   /* one pivot search, then the kept order twice */
  CHECK_INT(nr, 2);
  CHECK_INT(nb, 0);
  fill(a, 3, 1);                  /* one more entry: a new ordering */
  check_solve(F, a, b);
  fill(a, 4, 1);                  /* and that one kept */
  check_solve(F, a, b);
  fill(a, 5, 0);                  /* back to the first pattern: ordered again */
  check_solve(F, a, b);
  sn_luseq_counts(F, &na, &nf);
  sn_luseq_refactor_counts(F, &nr, &nb);
  CHECK_INT(na, 3);
  CHECK_INT(nf, 3);
  CHECK_INT(nr, 3);
  CHECK_INT(nb, 0);

  /* singular: [1 2; 2 4] */
  {
    int cp[3] = {0, 2, 4}, ri[4] = {0, 1, 0, 1};
    double va[4] = {1, 2, 2, 4};
    sn_csc S = {2, 2, 4, 4, cp, ri, va};
    CHECK_INT(sn_luseq_factor(F, &S), SN_ERR_SINGULAR);
    double x2[2];
    CHECK_INT(sn_luseq_solve(F, b, x2), SN_ERR_ARG);   /* no factor to solve with */
    /* then a regular one of the same pattern, [4 1; 1 3]: x = [1/11, 7/11] for b = [1, 2] */
    double vb[4] = {4, 1, 1, 3}, b2[2] = {1, 2};
    S.val = vb;
    CHECK_INT(sn_luseq_factor(F, &S), SN_OK);
    CHECK_INT(sn_luseq_solve(F, b2, x2), SN_OK);
    CHECK_CLOSE(x2[0], 1.0 / 11, 1e-15, 0);
    CHECK_CLOSE(x2[1], 7.0 / 11, 1e-15, 0);
    /* rows not sorted within a column: refused */
    int ru[4] = {1, 0, 0, 1};
    S.rowind = ru;
    CHECK_INT(sn_luseq_factor(F, &S), SN_ERR_FORMAT);
    /* the empty system */
    int c0[1] = {0};
    sn_csc E = {0, 0, 0, 0, c0, NULL, NULL};
    CHECK_INT(sn_luseq_factor(F, &E), SN_OK);
    CHECK_INT(sn_luseq_solve(F, b2, x2), SN_OK);
    /* not square */
    sn_csc R = {3, 2, 4, 4, cp, ri, va};
    CHECK_INT(sn_luseq_factor(F, &R), SN_ERR_DIM);
  }
  sn_luseq_free(F);
  sn_luseq_free(NULL);
  CHECK_INT(sn_luseq_new(7, &F), SN_ERR_ARG);
  CHECK(F == NULL);

  /* SN_LUSEQ_GIVEN: the same solutions in the caller's order; a new pattern is analyzed again */
  CHECK_INT(sn_luseq_new(SN_LUSEQ_GIVEN, &F), SN_OK);
  fill(a, 0, 0);
  check_solve(F, a, b);
  fill(a, 1, 0);
  check_solve(F, a, b);
  fill(a, 2, 1);
  check_solve(F, a, b);
  sn_luseq_counts(F, &na, &nf);
  CHECK_INT(na, 2);
  CHECK_INT(nf, 2);
  sn_luseq_free(F);

  /* a kept pivot order gone bad: [2 1; 1 2] pivots on its diagonal; [1e-17 1; 1 1] (the same
   * pattern) on that order has the pivot 1e-17, a growth of 1e17, and x = A^-1 [1; 2] =
   * [1, 1] / (1 - 1e-17) (Cramer) comes out wrong: the backward error check factorizes afresh
   * (the rows interchanged) and solves again */
  {
    int cp[3] = {0, 2, 4}, ri[4] = {0, 1, 0, 1};
    double v1[4] = {2, 1, 1, 2}, v2[4] = {1e-17, 1, 1, 1}, b2[2] = {1, 2}, x2[2];
    sn_csc S = {2, 2, 4, 4, cp, ri, v1};
    CHECK_INT(sn_luseq_new(SN_LUSEQ_AMD, &F), SN_OK);
    CHECK_INT(sn_luseq_factor(F, &S), SN_OK);
    CHECK_INT(sn_luseq_solve(F, b2, x2), SN_OK);
    CHECK_CLOSE(x2[0], 0.0, 0, 1e-15);                 /* [2 1; 1 2] x = [1; 2]: x = [0, 1] */
    CHECK_CLOSE(x2[1], 1.0, 1e-15, 0);
    S.val = v2;
    CHECK_INT(sn_luseq_factor(F, &S), SN_OK);
    CHECK_INT(sn_luseq_solve(F, b2, x2), SN_OK);
    CHECK_CLOSE(x2[0], 1.0, 1e-15, 0);
    CHECK_CLOSE(x2[1], 1.0, 1e-15, 0);
    sn_luseq_counts(F, &na, &nf);
    sn_luseq_refactor_counts(F, &nr, &nb);
    CHECK_INT(nf, 2);
    CHECK_INT(nr, 1);
    CHECK_INT(nb, 1);
    sn_luseq_free(F);
  }

  /* AMD on an arrow pattern (row and column 0 full, the diagonal): eliminating the hub first
   * fills everything, last fills nothing; minimum degree puts it last (every other node has
   * degree 1, the hub n - 1) */
  {
    enum { M = 8 };
    int cp[M + 1], ri[3 * M], perm[M], p = 0;
    for (int j = 0; j < M; j++) {
      cp[j] = p;
      if (j == 0)
        for (int i = 0; i < M; i++) ri[p++] = i;
      else {
        ri[p++] = 0;
        ri[p++] = j;
      }
    }
    cp[M] = p;
    CHECK_INT(sn_luseq_amd(M, cp, ri, perm), SN_OK);
    CHECK_INT(perm[M - 1], 0);
    int seen[M] = {0};
    for (int k = 0; k < M; k++)
      if (perm[k] >= 0 && perm[k] < M) seen[perm[k]]++;
    for (int k = 0; k < M; k++) CHECK_INT(seen[k], 1);   /* a permutation */
    CHECK_INT(sn_luseq_amd(0, cp, ri, perm), SN_OK);
    CHECK_INT(sn_luseq_amd(-1, cp, ri, perm), SN_ERR_ARG);
  }
  return sn_check_report();
}
