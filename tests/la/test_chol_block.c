/* sn_chol_factor_last / sn_chol_inverse_block / sn_chol_inverse_trailing: the block of A^-1 on a set of rows, from the
 * trailing block of a factor ordered with that set last, against the same block formed column
 * by column by solves with an ordinary factor (sn_chol_factor, sn_chol_solve on unit vectors).
 * Two matrices: a 2D five-point Laplacian plus a shift on a 70 x 70 grid (CHOLMOD's supernodal
 * factor), with the set a boundary line and a scattered interior subset; and a tridiagonal one
 * of 30 rows (simplicial factor). The Schur complement onto the set from the same trailing block
 * (sn_chol_last_schur, sn_chol_last_lmul) against that block of the inverse and a solve. */
#include "check.h"
#include "signorini/common.h"
#include "signorini/la.h"
#include "la/chol_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* 2D grid g x g: 4.2 on the diagonal (a shift of 0.2: positive definite), -1 to each
 * neighbour, plus a weak long-range term between node i and node i + 7 g (a coupling the
 * ordering has to follow) */
static sn_csc *grid(int g)
{
  int n = g * g, cap = 7 * n, nz = 0;
  int *I = malloc(sizeof(int) * (size_t)cap), *J = malloc(sizeof(int) * (size_t)cap);
  double *X = malloc(sizeof(double) * (size_t)cap);
  for (int y = 0; y < g; y++)
    for (int x = 0; x < g; x++) {
      int i = x + g * y;
      I[nz] = J[nz] = i, X[nz++] = 4.2;
      if (x + 1 < g) { I[nz] = i, J[nz] = i + 1, X[nz++] = -1.0; I[nz] = i + 1, J[nz] = i, X[nz++] = -1.0; }
      if (y + 1 < g) { I[nz] = i, J[nz] = i + g, X[nz++] = -1.0; I[nz] = i + g, J[nz] = i, X[nz++] = -1.0; }
      if (i + 7 * g < n && x % 5 == 0) { I[nz] = i, J[nz] = i + 7 * g, X[nz++] = 0.1; I[nz] = i + 7 * g, J[nz] = i, X[nz++] = 0.1; }
    }
  sn_csc *A = NULL;
  sn_csc_from_triplets(n, n, nz, I, J, X, &A);
  free(I);
  free(J);
  free(X);
  return A;
}

static sn_csc *tridiag(int n)
{
  double *a = calloc((size_t)n * n, sizeof(double));
  for (int i = 0; i < n; i++) {
    a[i + n * i] = 2.0 + 0.01 * i;
    if (i > 0) a[i - 1 + n * i] = a[i + n * (i - 1)] = -1.0;
  }
  sn_csc *A = NULL;
  sn_csc_from_dense(n, n, a, 0.0, &A);
  free(a);
  return A;
}

/* the block from sn_chol_factor_last against solves; returns the largest relative difference */
static double compare(const sn_csc *A, int k, const int *rows, int *supernodal)
{
  int n = A->n;
  sn_chol *C = NULL, *F = NULL;
  double *Z = malloc(sizeof(double) * (size_t)k * k), *e = malloc(sizeof(double) * (size_t)n);
  CHECK_INT(sn_chol_factor(A, &C), SN_OK);
  CHECK_INT(sn_chol_factor_last(A, k, rows, &F), SN_OK);
  CHECK_INT(sn_chol_inverse_block(F, k, rows, Z), SN_OK);
  double worst = 0.0, zmax = 0.0;
  for (int j = 0; j < k; j++) {
    memset(e, 0, sizeof(double) * (size_t)n);
    e[rows[j]] = 1.0;
    CHECK_INT(sn_chol_solve(C, e, e), SN_OK);
    for (int i = 0; i < k; i++) {
      worst = fmax(worst, fabs(Z[i + (size_t)k * j] - e[rows[i]]));
      zmax = fmax(zmax, fabs(e[rows[i]]));
    }
  }
  /* the whole block in the factor's order (sn_chol_inverse_trailing): each entry against the
   * solves too, and symmetric to the last bit */
  {
    int ns = 0;
    const int *last = sn_chol_last_rows(F, &ns), *rank = NULL;
    double *T = NULL;
    CHECK_INT(sn_chol_inverse_trailing(F, &T, &rank), SN_OK);
    CHECK(last != NULL && T != NULL && rank != NULL);
    for (int b = 0; T && last && b < ns; b++) {
      memset(e, 0, sizeof(double) * (size_t)n);
      e[last[b]] = 1.0;
      CHECK_INT(sn_chol_solve(C, e, e), SN_OK);
      for (int a = 0; a < ns; a++) {
        worst = fmax(worst, fabs(T[rank[a] + (size_t)ns * rank[b]] - e[last[a]]));
        if (T[rank[a] + (size_t)ns * rank[b]] != T[rank[b] + (size_t)ns * rank[a]]) worst = INFINITY;
      }
    }
    free(T);
  }
  /* the factor ordered with the set last still solves: against the ordinary one */
  double *r = malloc(sizeof(double) * (size_t)n), *s1 = malloc(sizeof(double) * (size_t)n), *s2 = malloc(sizeof(double) * (size_t)n);
  for (int i = 0; i < n; i++) r[i] = sin(0.37 * i) + 0.5;
  CHECK_INT(sn_chol_solve(C, r, s1), SN_OK);
  CHECK_INT(sn_chol_solve(F, r, s2), SN_OK);
  for (int i = 0; i < n; i++) CHECK_CLOSE(s2[i], s1[i], 1e-10, 1e-12);
  *supernodal = sn_chol_is_supernodal(F);
  free(r);
  free(s1);
  free(s2);
  free(Z);
  free(e);
  sn_chol_free(C);
  sn_chol_free(F);
  return worst / zmax;
}

int main(void)
{
  int g = 70, n = g * g, sup = -1;
  sn_csc *A = grid(g);
  /* the bottom line y = 0, in reverse order, with one row repeated */
  int line[71];
  for (int x = 0; x < g; x++) line[x] = g - 1 - x;
  line[g] = 3;
  {
    int k = g;                          /* the block on the distinct rows */
    double d = compare(A, k, line, &sup);
    CHECK(d < 1e-12);
    CHECK_INT(sup, 1);
    printf("grid %d x %d, bottom line: max |Z - A^-1 block| / max = %.2e (supernodal %d)\n", g, g, d, sup);
  }
  {
    int sc[40];                         /* scattered over the grid, some interior */
    for (int i = 0; i < 40; i++) sc[i] = (i * 977 + 13) % n;
    double d = compare(A, 40, sc, &sup);
    CHECK(d < 1e-12);
    printf("grid, 40 scattered rows: %.2e\n", d);
  }
  {                                     /* METIS' order with the set moved last (always tried) */
    sn_chol *F = NULL;
    double *Z = malloc(sizeof(double) * g * g), *e = malloc(sizeof(double) * n);
    sn_chol *C = NULL;
    CHECK_INT(sn_chol_factor(A, &C), SN_OK);
    CHECK_INT(sn_chol_factor_last_metis(A, g, line, 0.0, &F), SN_OK);
    CHECK_INT(sn_chol_inverse_block(F, g, line, Z), SN_OK);
    double worst = 0.0, zmax = 0.0;
    for (int j = 0; j < g; j++) {
      memset(e, 0, sizeof(double) * n);
      e[line[j]] = 1.0;
      CHECK_INT(sn_chol_solve(C, e, e), SN_OK);
      for (int i = 0; i < g; i++) {
        worst = fmax(worst, fabs(Z[i + (size_t)g * j] - e[line[i]]));
        zmax = fmax(zmax, fabs(e[line[i]]));
      }
    }
    printf("grid, bottom line, METIS order: %.2e\n", worst / zmax);
    CHECK(worst / zmax < 1e-12);
    sn_chol_free(C);
    sn_chol_free(F);
    free(Z);
    free(e);
  }
  {                                     /* the solve split at the last rows */
    sn_chol *F = NULL, *C = NULL;
    CHECK_INT(sn_chol_factor(A, &C), SN_OK);
    CHECK_INT(sn_chol_factor_last(A, g, line, &F), SN_OK);
    int k = 0;
    const int *rows = sn_chol_last_rows(F, &k);
    CHECK_INT(k, g);
    CHECK(rows != NULL && rows[0] == 0 && rows[g - 1] == g - 1);   /* sorted: 0 .. g-1 */
    double *b = malloc(sizeof(double) * n), *x = malloc(sizeof(double) * n), *y = malloc(sizeof(double) * n);
    double *xr = malloc(sizeof(double) * n), *zS = malloc(sizeof(double) * g), *bS = malloc(sizeof(double) * g);
    for (int i = 0; i < n; i++) b[i] = cos(0.11 * i) - 0.3;
    CHECK_INT(sn_chol_solve(C, b, xr), SN_OK);
    CHECK_INT(sn_chol_forward(F, b, y), SN_OK);
    CHECK_INT(sn_chol_last_ltsolve(F, y, zS), SN_OK);
    double worst = 0.0, xmax = 0.0;
    for (int q = 0; q < g; q++) worst = fmax(worst, fabs(zS[q] - xr[rows[q]]));
    for (int i = 0; i < n; i++) xmax = fmax(xmax, fabs(xr[i]));
    CHECK(worst < 1e-12 * xmax);        /* (A^-1 b)_S without the backward sweep */
    CHECK_INT(sn_chol_backward(F, y, x), SN_OK);
    worst = 0.0;
    for (int i = 0; i < n; i++) worst = fmax(worst, fabs(x[i] - xr[i]));
    CHECK(worst < 1e-12 * xmax);        /* forward then backward: the solve */
    /* a right-hand side on S only: forward on the trailing block, then the backward sweep */
    memset(b, 0, sizeof(double) * n);
    for (int q = 0; q < g; q++) b[rows[q]] = bS[q] = 1.0 + 0.5 * sin(q);
    CHECK_INT(sn_chol_solve(C, b, xr), SN_OK);
    memset(y, 0, sizeof(double) * n);
    CHECK_INT(sn_chol_last_lsolve_add(F, bS, y), SN_OK);
    CHECK_INT(sn_chol_backward(F, y, x), SN_OK);
    worst = 0.0, xmax = 0.0;
    for (int i = 0; i < n; i++) { worst = fmax(worst, fabs(x[i] - xr[i])); xmax = fmax(xmax, fabs(xr[i])); }
    printf("split solve on the bottom line: rhs on S, max |x - A^-1 b| / max = %.2e\n", worst / xmax);
    CHECK(worst < 1e-12 * xmax);
    CHECK(sn_chol_last_rows(C, &k) == NULL && k == 0);
    free(b); free(x); free(y); free(xr); free(zS); free(bS);
    sn_chol_free(C);
    sn_chol_free(F);
  }
  /* the Schur complement onto S and the condensed right-hand side (sn_chol_last_schur, _lmul):
   * Z (A^-1)_SS = I (the block of the inverse is the inverse of the Schur complement), and
   * Z (A^-1 b)_S = b_S - A_Sr A_rr^-1 b_r, here with b zero on S: Z x_S = -A_Sr A_rr^-1 b_r,
   * checked as bS = Z x_S with x the solve of an ordinary factor */
  {
    sn_chol *F = NULL, *C = NULL;
    CHECK_INT(sn_chol_factor(A, &C), SN_OK);
    CHECK_INT(sn_chol_factor_last(A, g, line, &F), SN_OK);
    int k = 0;
    const int *rows = sn_chol_last_rows(F, &k);
    double *Z = malloc(sizeof(double) * g * g), *W = malloc(sizeof(double) * g * g);
    CHECK_INT(sn_chol_last_schur(F, Z), SN_OK);
    CHECK_INT(sn_chol_inverse_block(F, g, rows, W), SN_OK);
    double worst = 0.0;
    for (int j = 0; j < g; j++)
      for (int i = 0; i < g; i++) {
        double zw = 0.0;
        for (int q = 0; q < g; q++) zw += Z[i + (size_t)g * q] * W[q + (size_t)g * j];
        worst = fmax(worst, fabs(zw - (i == j)));
      }
    printf("Schur complement on the bottom line: max |Z (A^-1)_SS - I| = %.2e\n", worst);
    CHECK(worst < 1e-12);
    CHECK_CLOSE(Z[1], Z[g], 1e-15, 0.0);   /* symmetric */
    double *b = malloc(sizeof(double) * n), *x = malloc(sizeof(double) * n), *y = malloc(sizeof(double) * n);
    double *bS = malloc(sizeof(double) * g);
    for (int i = 0; i < n; i++) b[i] = (i < g) ? 0.0 : cos(0.07 * i) + 0.2;   /* zero on S = 0 .. g-1 */
    CHECK_INT(sn_chol_solve(C, b, x), SN_OK);
    CHECK_INT(sn_chol_forward(F, b, y), SN_OK);
    CHECK_INT(sn_chol_last_lmul(F, y, bS), SN_OK);
    worst = 0.0;
    double bmax = 0.0;
    for (int i = 0; i < g; i++) {
      double zx = 0.0;
      for (int q = 0; q < g; q++) zx += Z[i + (size_t)g * q] * x[rows[q]];
      worst = fmax(worst, fabs(zx - bS[i]));
      bmax = fmax(bmax, fabs(bS[i]));
    }
    printf("condensed right-hand side: max |Z x_S - bS| / max |bS| = %.2e\n", worst / bmax);
    CHECK(bmax > 1e-3);
    CHECK(worst < 1e-12 * bmax);
    free(Z); free(W); free(b); free(x); free(y); free(bS);
    sn_chol_free(C);
    sn_chol_free(F);
  }
  /* a 1 x 1 matrix with its row last (every row in S: the unconstrained order; CAMD read past
   * its workspace there): Z = A */
  {
    double a = 4.0;
    sn_csc *A1 = NULL;
    CHECK_INT(sn_csc_from_dense(1, 1, &a, 0.0, &A1), SN_OK);
    sn_chol *F = NULL;
    int r0 = 0;
    double Z = 0.0;
    CHECK_INT(sn_chol_factor_last(A1, 1, &r0, &F), SN_OK);
    CHECK_INT(sn_chol_last_schur(F, &Z), SN_OK);
    CHECK_CLOSE(Z, 4.0, 1e-15, 0.0);
    sn_chol_free(F);
    sn_csc_free(A1);
  }
  /* a repeated row in the set is one row; asking for a row outside it is refused */
  {
    sn_chol *F = NULL;
    double Z[4];
    CHECK_INT(sn_chol_factor_last(A, g + 1, line, &F), SN_OK);
    int out[2] = {line[0], g + 5};      /* g + 5: on the second line, not in the set */
    CHECK_INT(sn_chol_inverse_block(F, 2, out, Z), SN_ERR_ARG);
    int in[2] = {line[0], line[5]};
    CHECK_INT(sn_chol_inverse_block(F, 2, in, Z), SN_OK);
    CHECK_CLOSE(Z[1], Z[2], 0.0, 0.0);  /* symmetric */
    /* refactorizing with the same set keeps the object; another set makes a new one */
    sn_chol *F0 = F;
    CHECK_INT(sn_chol_update_last(&F, A, g, line), SN_OK);
    CHECK(F == F0);
    CHECK_INT(sn_chol_update_last(&F, A, 2, in), SN_OK);
    CHECK_INT(sn_chol_inverse_block(F, 2, in, Z), SN_OK);
    int bad = -1;
    sn_chol *G = NULL;
    CHECK_INT(sn_chol_factor_last(A, 1, &bad, &G), SN_ERR_ARG);
    CHECK(G == NULL);
    sn_chol_free(F);
  }
  /* an ordinary factor has no set */
  {
    sn_chol *C = NULL;
    double Z[1];
    CHECK_INT(sn_chol_factor(A, &C), SN_OK);
    CHECK_INT(sn_chol_inverse_block(C, 1, line, Z), SN_ERR_ARG);
    double *T = Z;
    CHECK_INT(sn_chol_inverse_trailing(C, &T, NULL), SN_ERR_ARG);   /* no last set: nothing made */
    CHECK(T == NULL);
    CHECK_INT(sn_chol_inverse_trailing(NULL, &T, NULL), SN_ERR_ARG);
    sn_chol_free(C);
  }
  sn_csc_free(A);
  /* tridiagonal: simplicial; the set the first and last rows and one in the middle */
  {
    sn_csc *T = tridiag(30);
    int rows[3] = {0, 29, 14};
    double d = compare(T, 3, rows, &sup);
    CHECK(d < 1e-12);
    CHECK_INT(sup, 0);
    printf("tridiagonal 30: %.2e (supernodal %d)\n", d, sup);
    sn_csc_free(T);
  }
  /* the trailing solves after sn_chol_inverse_trailing, which hands the factor's own L_TT over
   * and leaves it to be built again: sn_chol_last_solve_leaves (whose leaf columns were read
   * before the inverse) and sn_chol_last_ltsolve give the same bits as before it, and x
   * against a solve with the whole factor (a review found solve_leaves reading the L_TT given away) */
  {
    sn_csc *T = tridiag(6);
    int last[5] = {1, 2, 3, 4, 5}, erows[1] = {0};
    double f[6] = {1, -2, 0.5, 3, -1, 2}, b[6] = {0.25, 1, 0, -0.5, 0, 0.75}, yf[6], x[6], z[6];
    double bS[5], bE[1], xS1[5], xE1[1], xS2[5], xE2[1], zS1[5], zS2[5], *inv = NULL;
    sn_chol *F = NULL;
    for (int k = 0; k < 5; k++) bS[k] = b[last[k]];
    bE[0] = b[0];
    for (int i = 0; i < 6; i++) z[i] = f[i] + b[i];
    CHECK_INT(sn_chol_factor_last(T, 5, last, &F), SN_OK);
    CHECK_INT(sn_chol_solve(F, z, x), SN_OK);
    CHECK_INT(sn_chol_forward(F, f, yf), SN_OK);
    CHECK_INT(sn_chol_last_solve_leaves(F, 1, erows, yf, bS, bE, xS1, xE1), SN_OK);
    CHECK_INT(sn_chol_last_ltsolve(F, yf, zS1), SN_OK);
    CHECK_INT(sn_chol_inverse_trailing(F, &inv, NULL), SN_OK);
    free(inv);
    CHECK_INT(sn_chol_last_solve_leaves(F, 1, erows, yf, bS, bE, xS2, xE2), SN_OK);
    CHECK_INT(sn_chol_inverse_trailing(F, &inv, NULL), SN_OK);
    free(inv);
    CHECK_INT(sn_chol_last_ltsolve(F, yf, zS2), SN_OK);
    CHECK(!memcmp(xS1, xS2, sizeof xS1) && !memcmp(xE1, xE2, sizeof xE1) && !memcmp(zS1, zS2, sizeof zS1));
    CHECK_CLOSE(xE2[0], x[0], 1e-13, 1e-13);
    for (int k = 0; k < 5; k++) CHECK_CLOSE(xS2[k], x[last[k]], 1e-13, 1e-13);
    sn_chol_free(F);
    sn_csc_free(T);
  }
  return sn_check_report();
}
