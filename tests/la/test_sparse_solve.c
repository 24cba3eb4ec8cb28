/* CHOLMOD and UMFPACK wrappers against LAPACK (dposv / dgesv) on the same matrices. */
#include "check.h"
#include "signorini/common.h"
#include "signorini/la.h"

#include <lapacke.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define N 40

int main(void)
{
  /* SPD: 1D Laplacian + 0.5 I plus a long-range coupling, deterministic */
  double *a = calloc(N * N, sizeof(double)), *lu = malloc(sizeof(double) * N * N);
  double b[N], x[N], xref[N];
  for (int i = 0; i < N; i++) {
    a[i * N + i] = 2.5;
    if (i > 0) a[(i - 1) * N + i] = a[i * N + i - 1] = -1.0;
    b[i] = 1.0 + 0.1 * i * ((i % 3) - 1);
  }
  a[0 * N + N - 1] = a[(N - 1) * N + 0] = 0.3;
  sn_csc *A;
  CHECK_INT(sn_csc_from_dense(N, N, a, 0.0, &A), SN_OK);

  memcpy(lu, a, sizeof(double) * N * N);
  memcpy(xref, b, sizeof b);
  CHECK_INT(LAPACKE_dposv(LAPACK_COL_MAJOR, 'U', N, 1, lu, N, xref, N), 0);

  sn_chol *C;
  CHECK_INT(sn_chol_factor(A, &C), SN_OK);
  CHECK_INT(sn_chol_solve(C, b, x), SN_OK);
  for (int i = 0; i < N; i++) CHECK_CLOSE(x[i], xref[i], 1e-12, 1e-14);
  memcpy(x, b, sizeof b);
  CHECK_INT(sn_chol_solve(C, x, x), SN_OK);            /* in place */
  CHECK_CLOSE(x[N / 2], xref[N / 2], 1e-12, 1e-14);
  /* three right-hand sides at once: b, 2 b and the unit vector e_5 (column 5 of A^-1 from
   * LAPACK's dposv on the identity's column) */
  {
    double B3[3 * N], X3[3 * N], e5[N];
    for (int i = 0; i < N; i++) { B3[i] = b[i]; B3[N + i] = 2.0 * b[i]; B3[2 * N + i] = e5[i] = i == 5; }
    memcpy(lu, a, sizeof(double) * N * N);
    CHECK_INT(LAPACKE_dposv(LAPACK_COL_MAJOR, 'U', N, 1, lu, N, e5, N), 0);
    CHECK_INT(sn_chol_solve_multi(C, 3, B3, X3), SN_OK);
    for (int i = 0; i < N; i++) {
      CHECK_CLOSE(X3[i], xref[i], 1e-12, 1e-14);
      CHECK_CLOSE(X3[N + i], 2.0 * xref[i], 1e-12, 1e-14);
      CHECK_CLOSE(X3[2 * N + i], e5[i], 1e-12, 1e-14);
    }
    CHECK_INT(sn_chol_solve_multi(C, 3, B3, B3), SN_OK);   /* in place */
    CHECK_CLOSE(B3[2 * N + 7], e5[7], 1e-12, 1e-14);
    CHECK_INT(sn_chol_solve_multi(C, 0, NULL, NULL), SN_OK);
    CHECK_INT(sn_chol_solve_multi(C, -1, B3, X3), SN_ERR_ARG);
  }
  /* refactorization on the same pattern: 2 A gives x / 2; another pattern is refused (F kept);
   * an indefinite matrix on the pattern is reported; sn_chol_update re-analyses as needed */
  {
    double *a2 = malloc(sizeof(double) * N * N), xr[N];
    for (int i = 0; i < N * N; i++) a2[i] = 2.0 * a[i];
    sn_csc *A2, *A3;
    CHECK_INT(sn_csc_from_dense(N, N, a2, 0.0, &A2), SN_OK);
    CHECK_INT(sn_chol_refactor(C, A2), SN_OK);
    CHECK_INT(sn_chol_solve(C, b, xr), SN_OK);
    for (int i = 0; i < N; i++) CHECK_CLOSE(xr[i], 0.5 * xref[i], 1e-12, 1e-14);
    a2[0 * N + N - 1] = a2[(N - 1) * N + 0] = 0.0;           /* the long-range entries gone */
    a2[2 * N + 0] = a2[0 * N + 2] = 0.1;                       /* a new pair */
    CHECK_INT(sn_csc_from_dense(N, N, a2, 0.0, &A3), SN_OK);
    CHECK_INT(sn_chol_refactor(C, A3), SN_ERR_DIM);
    CHECK_INT(sn_chol_solve(C, b, xr), SN_OK);               /* still the factor of 2 A */
    CHECK_CLOSE(xr[3], 0.5 * xref[3], 1e-12, 1e-14);
    CHECK_INT(sn_chol_update(&C, A3), SN_OK);                /* re-analysed */
    CHECK(C != NULL);
    CHECK_INT(sn_chol_update(&C, A3), SN_OK);                /* reused */
    double r3 = 0.0, y[N];
    CHECK_INT(sn_chol_solve(C, b, xr), SN_OK);
    sn_csc_gemv(A3, 1.0, xr, 0.0, y);
    for (int i = 0; i < N; i++) r3 = fmax(r3, fabs(y[i] - b[i]));
    CHECK(r3 <= 1e-12);
    for (int i = 0; i < N * N; i++) a2[i] = -a2[i];          /* negative definite, same pattern */
    sn_csc_free(A3);
    CHECK_INT(sn_csc_from_dense(N, N, a2, 0.0, &A3), SN_OK);
    CHECK_INT(sn_chol_update(&C, A3), SN_ERR_NOT_SPD);
    CHECK(C == NULL);
    CHECK_INT(sn_chol_update(&C, A2), SN_OK);                /* from nothing: a new factor */
    CHECK_INT(sn_chol_solve(C, b, xr), SN_OK);
    CHECK_CLOSE(xr[5], 0.5 * xref[5], 1e-12, 1e-14);
    sn_csc_free(A2);
    sn_csc_free(A3);
    free(a2);
  }
  sn_chol_free(C);

  /* upper triangle only gives the same factor */
  double *up = calloc(N * N, sizeof(double));
  for (int j = 0; j < N; j++)
    for (int i = 0; i <= j; i++) up[j * N + i] = a[j * N + i];
  sn_csc *U;
  CHECK_INT(sn_csc_from_dense(N, N, up, 0.0, &U), SN_OK);
  CHECK_INT(sn_chol_factor(U, &C), SN_OK);
  CHECK_INT(sn_chol_solve(C, b, x), SN_OK);
  CHECK_CLOSE(x[3], xref[3], 1e-12, 1e-14);
  sn_chol_free(C);

  /* indefinite: reported, not crashed */
  a[5 * N + 5] = -3.0;
  sn_csc *Ind;
  CHECK_INT(sn_csc_from_dense(N, N, a, 0.0, &Ind), SN_OK);
  C = NULL;
  CHECK_INT(sn_chol_factor(Ind, &C), SN_ERR_NOT_SPD);
  CHECK(C == NULL);

  /* unsymmetric: UMFPACK vs dgesv, A x = b and A^T x = b */
  a[5 * N + 5] = 2.5;
  for (int i = 0; i + 2 < N; i++) a[(i + 2) * N + i] = 0.7;   /* upper band, no symmetric twin */
  sn_csc *G;
  CHECK_INT(sn_csc_from_dense(N, N, a, 0.0, &G), SN_OK);
  lapack_int piv[N];
  memcpy(lu, a, sizeof(double) * N * N);
  memcpy(xref, b, sizeof b);
  CHECK_INT(LAPACKE_dgesv(LAPACK_COL_MAJOR, N, 1, lu, N, piv, xref, N), 0);
  sn_lu *L;
  CHECK_INT(sn_lu_factor(G, &L), SN_OK);
  CHECK_INT(sn_lu_solve(L, b, x), SN_OK);
  for (int i = 0; i < N; i++) CHECK_CLOSE(x[i], xref[i], 1e-12, 1e-14);
  memcpy(lu, a, sizeof(double) * N * N);
  memcpy(xref, b, sizeof b);
  CHECK_INT(LAPACKE_dgesv(LAPACK_ROW_MAJOR, N, 1, lu, N, piv, xref, 1), 0);   /* row-major = A^T */
  CHECK_INT(sn_lu_solve_t(L, b, x), SN_OK);
  for (int i = 0; i < N; i++) CHECK_CLOSE(x[i], xref[i], 1e-12, 1e-14);
  double xs[N], xt[N];
  CHECK_INT(sn_lu_solve(L, b, xs), SN_OK);
  CHECK_INT(sn_lu_solve_t(L, b, xt), SN_OK);
  memcpy(x, b, sizeof b);
  CHECK_INT(sn_lu_solve(L, x, x), SN_OK);                     /* aliasing handled */
  for (int i = 0; i < N; i++) CHECK_CLOSE(x[i], xs[i], 0, 0);
  memcpy(x, b, sizeof b);
  CHECK_INT(sn_lu_solve_t(L, x, x), SN_OK);
  for (int i = 0; i < N; i++) CHECK_CLOSE(x[i], xt[i], 0, 0);
  sn_lu_free(L);

  /* duplicate entries are summed by both factorizations: [4 1; 1 3] with (0,0) = 1 + 3,
   * given as unsorted CSC; x = [1/11, 7/11] (Cramer) */
  {
    int cp[3] = {0, 3, 5}, ri[5] = {1, 0, 0, 1, 0};
    double va[5] = {1, 1, 3, 3, 1}, b2[2] = {1, 2}, x2[2];
    sn_csc D = {2, 2, 5, 5, cp, ri, va};
    CHECK_INT(sn_chol_factor(&D, &C), SN_OK);
    CHECK_INT(sn_chol_solve(C, b2, x2), SN_OK);
    CHECK_CLOSE(x2[0], 1.0 / 11, 1e-15, 0);
    CHECK_CLOSE(x2[1], 7.0 / 11, 1e-15, 0);
    sn_chol_free(C);
    CHECK_INT(sn_lu_factor(&D, &L), SN_OK);
    CHECK_INT(sn_lu_solve(L, b2, x2), SN_OK);
    CHECK_CLOSE(x2[0], 1.0 / 11, 1e-15, 0);
    CHECK_CLOSE(x2[1], 7.0 / 11, 1e-15, 0);
    sn_lu_free(L);
    /* an empty system factorizes and solves trivially */
    sn_csc *E = sn_csc_alloc(0, 0, 0);
    CHECK_INT(sn_lu_factor(E, &L), SN_OK);
    CHECK_INT(sn_lu_solve(L, b2, x2), SN_OK);
    sn_lu_free(L);
    sn_csc_free(E);
  }

  /* singular: a zero column */
  for (int i = 0; i < N; i++) a[7 * N + i] = 0.0;
  sn_csc *S;
  CHECK_INT(sn_csc_from_dense(N, N, a, 0.0, &S), SN_OK);
  L = NULL;
  CHECK_INT(sn_lu_factor(S, &L), SN_ERR_SINGULAR);
  CHECK(L == NULL);

  /* non-square */
  sn_csc *R = sn_csc_alloc(3, 4, 0);
  CHECK_INT(sn_lu_factor(R, &L), SN_ERR_DIM);
  CHECK_INT(sn_chol_factor(R, &C), SN_ERR_DIM);

  sn_csc_free(A); sn_csc_free(U); sn_csc_free(Ind); sn_csc_free(G); sn_csc_free(S); sn_csc_free(R);
  free(a); free(lu); free(up);
  return sn_check_report();
}
