/* LCP solvers: Lemke (lcp_lemke.c) and projected Gauss-Seidel / SOR (lcp_pgs.c).
 * Hand-made LCPs with solutions worked out in the comments, degenerate and infeasible ones,
 * Murty's exponential example, the Siconos LCPs of tests/data/problems/lcp (read with
 * sn_dat_read_lcp; every small one cross-checked by enumerating its complementary bases),
 * and random symmetric positive definite LCPs where Lemke and PGS must agree. */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include "signorini/io.h"
#include "signorini/solver.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- helpers ---- */

static unsigned long long rng_state = 20240601ULL;
static double urand(void)          /* uniform in [0, 1) (test-local generator) */
{
  rng_state = rng_state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (double)(rng_state >> 11) / 9007199254740992.0;
}

/* an LCP from a dense row-major n x n matrix (written the way one reads it) */
static sn_lcp *lcp_rows(int n, const double *rows, const double *q)
{
  double *a = malloc(sizeof(double) * (size_t)(n * n));
  sn_lcp *P = malloc(sizeof *P);
  P->n = n;
  P->q = malloc(sizeof(double) * (size_t)n);
  memcpy(P->q, q, sizeof(double) * (size_t)n);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) a[i + j * n] = rows[i * n + j];
  P->M = NULL;
  sn_csc_from_dense(n, n, a, 0.0, &P->M);
  free(a);
  return P;
}

static void lcp_destroy(sn_lcp *P)
{
  sn_csc_free(P->M);
  free(P->q);
  free(P);
}

static int all_finite(int n, const double *x)
{
  for (int i = 0; i < n; i++)
    if (!isfinite(x[i])) return 0;
  return 1;
}

/* z >= 0, w = M z + q >= 0, z.w = 0 to tolerance, and w consistent with z */
static int is_solution(const sn_lcp *P, const double *z, const double *w, double tol)
{
  int n = P->n, ok = 1;
  double *v = malloc(sizeof(double) * (size_t)(n > 0 ? n : 1));
  sn_copy(n, P->q, v);
  sn_csc_gemv(P->M, 1.0, z, 1.0, v);
  for (int i = 0; i < n; i++) {
    if (z[i] < 0.0 || v[i] < -tol || fabs(z[i] * v[i]) > tol || fabs(v[i] - w[i]) > tol) ok = 0;
  }
  free(v);
  return ok;
}

static int lemke(const sn_lcp *P, double *z, double *w, sn_info *info)
{
  sn_settings s;
  sn_settings_default(&s);
  sn_fill(P->n, 0.0, z);
  return sn_lcp_lemke(P, z, w, &s, info);
}

/* Does LCP(q, M) have a solution? Enumerate the 2^n complementary bases (n <= 14):
 * z_S = -M_SS^-1 q_S, z_rest = 0, accepted if z >= 0 and w = M z + q >= 0 (to 1e-9). */
static int enumerate_solvable(const sn_lcp *P)
{
  int n = P->n, found = 0;
  double *Md = malloc(sizeof(double) * (size_t)(n * n)), *A = malloc(sizeof(double) * (size_t)(n * n));
  double *b = malloc(sizeof(double) * (size_t)n), *x = malloc(sizeof(double) * (size_t)n);
  double *z = malloc(sizeof(double) * (size_t)n), *w = malloc(sizeof(double) * (size_t)n);
  int *S = malloc(sizeof(int) * (size_t)n);
  sn_csc_to_dense(P->M, Md);
  double scale = 1e-9 * (1.0 + sn_nrminf(n, P->q));
  for (unsigned mask = 0; mask < (1u << n) && !found; mask++) {
    int k = 0;
    for (int i = 0; i < n; i++)
      if (mask & (1u << i)) S[k++] = i;
    for (int a = 0; a < k; a++) {
      b[a] = -P->q[S[a]];
      for (int c = 0; c < k; c++) A[a + c * k] = Md[S[a] + S[c] * n];
    }
    if (k > 0 && sn_dense_solve(k, A, b, x)) continue;
    sn_fill(n, 0.0, z);
    for (int a = 0; a < k; a++) z[S[a]] = x[a];
    sn_copy(n, P->q, w);
    sn_csc_gemv(P->M, 1.0, z, 1.0, w);
    int ok = 1;
    for (int i = 0; i < n; i++)
      if (z[i] < -scale || w[i] < -scale) ok = 0;
    found = ok;
  }
  free(Md); free(A); free(b); free(x); free(z); free(w); free(S);
  return found;
}

/* ---- Lemke on hand-made problems ---- */

static void test_lemke_small(void)
{
  double z[3], w[3];
  sn_info info = {0};
  /* 2x2 P-matrix (lcp_deudeu): M = [2 1; 1 2], q = (-5, -6). Both z > 0: 2 z1 + z2 = 5,
   * z1 + 2 z2 = 6 give z = (4/3, 7/3), w = 0. */
  sn_lcp *P = lcp_rows(2, (double[]){2, 1, 1, 2}, (double[]){-5, -6});
  CHECK_INT(lemke(P, z, w, &info), SN_OK);
  CHECK_CLOSE(z[0], 4.0 / 3.0, 1e-14, 0);
  CHECK_CLOSE(z[1], 7.0 / 3.0, 1e-14, 0);
  CHECK_CLOSE(w[0], 0.0, 0, 1e-14);
  CHECK_CLOSE(w[1], 0.0, 0, 1e-14);
  CHECK(info.error <= 1e-14);
  CHECK(info.iterations >= 2);
  lcp_destroy(P);

  /* 3x3 SPD tridiagonal M = [2 1 0; 1 2 1; 0 1 2], q = (-3, -1, -3). Try z2 = 0:
   * 2 z1 = 3, 2 z3 = 3 -> z = (1.5, 0, 1.5); then w2 = z1 + z3 - 1 = 2 >= 0: the solution
   * (unique, M is positive definite), with z2 not in the final basis although q2 < 0. */
  P = lcp_rows(3, (double[]){2, 1, 0, 1, 2, 1, 0, 1, 2}, (double[]){-3, -1, -3});
  CHECK_INT(lemke(P, z, w, &info), SN_OK);
  CHECK_CLOSE(z[0], 1.5, 1e-14, 0);
  CHECK_CLOSE(z[1], 0.0, 0, 0);
  CHECK_CLOSE(z[2], 1.5, 1e-14, 0);
  CHECK_CLOSE(w[1], 2.0, 1e-14, 0);
  lcp_destroy(P);

  /* CPS example 4.4.16 (lcp_CPS_5): M = [1 -1; -1 1], q = (1, -1). w1 = -w2, so w = 0 and
   * z2 = z1 + 1: a ray of solutions (t, 1 + t); M is positive semidefinite (copositive-plus)
   * and the LCP feasible, so Lemke must find one of them. */
  P = lcp_rows(2, (double[]){1, -1, -1, 1}, (double[]){1, -1});
  CHECK_INT(lemke(P, z, w, &info), SN_OK);
  CHECK(is_solution(P, z, w, 1e-14));
  CHECK_CLOSE(z[1] - z[0], 1.0, 1e-14, 0);
  lcp_destroy(P);

  /* q >= 0: the trivial solution z = 0, w = q, no pivot */
  P = lcp_rows(2, (double[]){1, 5, -3, 1}, (double[]){0, 2});
  z[0] = z[1] = 7.0;                /* not a solution: ignored */
  sn_settings s;
  sn_settings_default(&s);
  CHECK_INT(sn_lcp_lemke(P, z, w, &s, &info), SN_OK);
  CHECK(z[0] == 0.0 && z[1] == 0.0 && w[0] == 0.0 && w[1] == 2.0);
  CHECK_INT(info.iterations, 0);
  CHECK(info.error == 0.0);
  lcp_destroy(P);

  /* warm start: a z that already solves is returned with no pivot */
  P = lcp_rows(2, (double[]){2, 1, 1, 2}, (double[]){-5, -6});
  z[0] = 4.0 / 3.0;
  z[1] = 7.0 / 3.0;
  CHECK_INT(sn_lcp_lemke(P, z, w, &s, &info), SN_OK);
  CHECK_INT(info.iterations, 0);
  CHECK(info.error <= 1e-15);
  lcp_destroy(P);
}

/* Degenerate problems: ties in the ratio test, resolved by the lexicographic rule. */
static void test_lemke_degenerate(void)
{
  double z[12], w[12];
  sn_info info = {0};
  /* M = [1 2 0; 0 1 2; 2 0 1] (P-matrix: principal minors 1, 1, 1, 1, det 9), q = -1.
   * All three rows tie at the first pivot (every q_i = -1), and the following pivots are
   * degenerate. By symmetry z = (1/3, 1/3, 1/3): 1/3 + 2/3 - 1 = 0 in every row. */
  sn_lcp *P = lcp_rows(3, (double[]){1, 2, 0, 0, 1, 2, 2, 0, 1}, (double[]){-1, -1, -1});
  CHECK_INT(lemke(P, z, w, &info), SN_OK);
  for (int i = 0; i < 3; i++) CHECK_CLOSE(z[i], 1.0 / 3.0, 1e-14, 0);
  lcp_destroy(P);

  /* M = [2 1 1; 1 2 1; 1 1 2], q = (-1, 0, -1): w2 starts basic at level 0. With z2 = 0,
   * 2 z1 + z3 = 1 and z1 + 2 z3 = 1 give z1 = z3 = 1/3 and w2 = 2/3. */
  P = lcp_rows(3, (double[]){2, 1, 1, 1, 2, 1, 1, 1, 2}, (double[]){-1, 0, -1});
  CHECK_INT(lemke(P, z, w, &info), SN_OK);
  CHECK_CLOSE(z[0], 1.0 / 3.0, 1e-14, 0);
  CHECK_CLOSE(z[1], 0.0, 0, 0);
  CHECK_CLOSE(z[2], 1.0 / 3.0, 1e-14, 0);
  CHECK_CLOSE(w[1], 2.0 / 3.0, 1e-14, 0);
  lcp_destroy(P);

  /* Highly degenerate: 12 x 12 SPD, q = (-1, 0, ..., 0): every other basic w sits at 0 for
   * the whole path. The solution must verify the LCP and agree with PGS (unique solution). */
  int n = 12;
  double B[144], rows[144], q[12];
  for (int i = 0; i < n * n; i++) B[i] = urand() - 0.5;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      double s = i == j ? 1.0 : 0.0;
      for (int k = 0; k < n; k++) s += B[i * n + k] * B[j * n + k];
      rows[i * n + j] = s;
    }
  for (int i = 0; i < n; i++) q[i] = i == 0 ? -1.0 : 0.0;
  P = lcp_rows(n, rows, q);
  CHECK_INT(lemke(P, z, w, &info), SN_OK);
  CHECK(info.error <= 1e-14);
  CHECK(is_solution(P, z, w, 1e-13));
  double zp[12], wp[12];
  sn_settings s;
  sn_settings_default(&s);
  s.tol = 1e-14;
  s.max_iter = 100000;
  sn_fill(n, 0.0, zp);
  CHECK_INT(sn_lcp_pgs(P, zp, wp, &s, &info), SN_OK);
  for (int i = 0; i < n; i++) CHECK_CLOSE(z[i], zp[i], 0, 1e-10);
  lcp_destroy(P);
}

/* Secondary-ray termination on LCPs without solution, never a hang, never NaN. */
static void test_lemke_ray(void)
{
  double z[2], w[2];
  sn_info info = {0};
  /* M = -I, q = (-1, -1): w = -z - 1 <= -1 < 0 for every z >= 0, so the LCP is infeasible.
   * Path: z0 enters at 1 (w2 leaves by the lexicographic tie rule), then z2 enters with
   * column -M e_2 = e_2 and B^-1 e_2 <= 0: nothing blocks it -> secondary ray. */
  sn_lcp *P = lcp_rows(2, (double[]){-1, 0, 0, -1}, (double[]){-1, -1});
  CHECK(!enumerate_solvable(P));
  CHECK_INT(lemke(P, z, w, &info), SN_RAY);
  CHECK_INT(info.status, SN_RAY);
  CHECK(all_finite(2, z) && all_finite(2, w) && isfinite(info.error));
  CHECK(z[0] >= 0.0 && z[1] >= 0.0);
  CHECK(info.iterations <= 2);
  lcp_destroy(P);

  /* M = [0 -1; 1 0] (skew, hence copositive-plus), q = (-1, 0): w1 = -z2 - 1 < 0 always.
   * For a copositive-plus M, ray termination proves infeasibility (CPS section 4.4). */
  P = lcp_rows(2, (double[]){0, -1, 1, 0}, (double[]){-1, 0});
  CHECK(!enumerate_solvable(P));
  CHECK_INT(lemke(P, z, w, &info), SN_RAY);
  CHECK(all_finite(2, z) && all_finite(2, w));
  lcp_destroy(P);
}

/* Murty's matrix (Murty 1978, "Computational complexity of complementary pivot methods";
 * Murty 1988 ch. 6): lower triangular, 1 on the diagonal, 2 below, q = -1. Lemke's path
 * visits exponentially many bases: with d = 1 and our tie rule, exactly 2^n pivots (the
 * unique solution is z = e_1). The pivot cap max(max_iter, 10 n + 100) must stop it. */
static sn_lcp *murty(int n)
{
  double *rows = malloc(sizeof(double) * (size_t)(n * n)), *q = malloc(sizeof(double) * (size_t)n);
  for (int i = 0; i < n; i++) {
    q[i] = -1.0;
    for (int j = 0; j < n; j++) rows[i * n + j] = i == j ? 1.0 : (i > j ? 2.0 : 0.0);
  }
  sn_lcp *P = lcp_rows(n, rows, q);
  free(rows);
  free(q);
  return P;
}

static int stop_at_5(int iter, double error, void *user)
{
  (void)error;
  (*(int *)user)++;
  return iter >= 5;
}

static void test_lemke_caps(void)
{
  double z[10], w[10], hist[16];
  sn_info info = {0};
  sn_settings s;
  sn_settings_default(&s);
  for (int n = 3; n <= 8; n++) {
    sn_lcp *P = murty(n);
    CHECK_INT(lemke(P, z, w, &info), SN_OK);
    CHECK_INT(info.iterations, 1 << n);
    CHECK_CLOSE(z[0], 1.0, 0, 0);
    lcp_destroy(P);
  }
  sn_lcp *P = murty(10);            /* 1024 pivots needed; cap max(1000, 200) = 1000 */
  sn_fill(10, 0.0, z);
  CHECK_INT(sn_lcp_lemke(P, z, w, &s, &info), SN_MAX_ITER);
  CHECK_INT(info.iterations, 1000);
  CHECK(all_finite(10, z) && all_finite(10, w) && isfinite(info.error));
  s.max_iter = 2000;
  sn_fill(10, 0.0, z);
  CHECK_INT(sn_lcp_lemke(P, z, w, &s, &info), SN_OK);
  CHECK_INT(info.iterations, 1024);
  CHECK(info.error == 0.0);
  /* a tiny time limit: stopped after the first pivot */
  s.time_limit = 1e-12;
  sn_fill(10, 0.0, z);
  CHECK_INT(sn_lcp_lemke(P, z, w, &s, &info), SN_TIME_LIMIT);
  CHECK_INT(info.iterations, 1);
  CHECK(all_finite(10, z) && all_finite(10, w));
  /* progress callback asking to stop, and the history (the value of z0 per pivot) */
  int calls = 0;
  s.time_limit = 0.0;
  s.progress = stop_at_5;
  s.user = &calls;
  info.history = hist;
  info.history_cap = 16;
  sn_fill(10, 0.0, z);
  CHECK_INT(sn_lcp_lemke(P, z, w, &s, &info), SN_STALLED);
  CHECK_INT(info.iterations, 5);
  CHECK_INT(calls, 5);
  CHECK_INT(info.history_len, 5);
  CHECK_CLOSE(hist[0], 1.0, 0, 0); /* z0 enters at max(-q_i) = 1 */
  lcp_destroy(P);
}

static void test_lemke_args(void)
{
  double z[2] = {0, 0}, w[2];
  sn_info info = {0};
  sn_settings s;
  sn_settings_default(&s);
  sn_lcp *P = lcp_rows(2, (double[]){2, 1, 1, 2}, (double[]){-1, NAN});
  CHECK_INT(sn_lcp_lemke(P, z, w, &s, &info), SN_ERR_NAN);
  CHECK_INT(info.status, SN_ERR_NAN);
  P->q[1] = -1.0;
  CHECK_INT(sn_lcp_lemke(P, NULL, w, &s, &info), SN_ERR_ARG);
  CHECK_INT(sn_lcp_lemke(NULL, z, w, &s, &info), SN_ERR_ARG);
  CHECK_INT(sn_lcp_pgs(P, z, NULL, &s, &info), SN_ERR_ARG);
  P->n = 3;
  CHECK(sn_lcp_lemke(P, z, w, &s, &info) < 0);
  P->n = 2;
  CHECK_INT(sn_lcp_lemke(P, z, w, NULL, NULL), SN_OK);  /* default settings, no info */
  CHECK_CLOSE(z[0], 1.0 / 3.0, 1e-15, 0);
  sn_lcp E = {0, P->M, P->q};                           /* n = 0 needs a 0 x 0 matrix */
  sn_csc *Z = sn_csc_alloc(0, 0, 0);
  E.M = Z;
  CHECK_INT(sn_lcp_lemke(&E, z, w, &s, &info), SN_OK);
  CHECK_INT(sn_lcp_pgs(&E, z, w, &s, &info), SN_OK);
  sn_csc_free(Z);
  lcp_destroy(P);
}

/* ---- the Siconos LCPs of tests/data/problems/lcp ---- */

/* Files Lemke cannot solve, and why. Every other file must be solved to 1e-8. */
static int expected_status(const char *name)
{
  /* CPS example 4.4.23, a bimatrix game: M = [0 A; B^T 0] >= 0, q = -1. After z0 enters
   * (the lexicographic tie rule lets w4 leave), z4 enters with column -M e_4 = -(20, 15, 0, 0)
   * and B^-1 (-M e_4) <= 0: secondary ray at the first complementary pivot, although the
   * LCP has solutions (the game's equilibria; enumeration below finds one). CPS solve it with
   * the Lemke-Howson variant; Lemke's scheme with d = 1 is known to fail on such games. */
  if (strcmp(name, "lcp_CPS_3.dat") == 0) return SN_RAY;
  return SN_OK;
}

static const char *status_name(int st)
{
  switch (st) {
  case SN_OK: return "ok";
  case SN_MAX_ITER: return "max_iter";
  case SN_TIME_LIMIT: return "time";
  case SN_STALLED: return "stalled";
  case SN_RAY: return "ray";
  default: return "error";
  }
}

static int cmp_str(const void *a, const void *b)
{
  return strcmp(*(char *const *)a, *(char *const *)b);
}

static int test_lemke_files(void)
{
  char dirpath[1024];
  snprintf(dirpath, sizeof dirpath, "%s/lcp", SN_DATA_DIR);
  DIR *d = opendir(dirpath);
  if (!d) { printf("no %s: file tests skipped\n", dirpath); return -1; }
  char *names[256];
  int nf = 0;
  struct dirent *e;
  while ((e = readdir(d)) && nf < 256) {
    size_t len = strlen(e->d_name);
    if (len > 4 && strcmp(e->d_name + len - 4, ".dat") == 0) names[nf++] = strdup(e->d_name);
  }
  closedir(d);
  qsort(names, (size_t)nf, sizeof names[0], cmp_str);
  CHECK(nf >= 16);
  printf("%-28s %5s %8s %7s %10s %9s\n", "lcp file", "n", "status", "pivots", "error", "seconds");
  for (int f = 0; f < nf; f++) {
    char path[1400], err[256];
    snprintf(path, sizeof path, "%s/%s", dirpath, names[f]);
    sn_lcp *P = NULL;
    int st = sn_dat_read_lcp(path, &P, err, sizeof err);
    if (st == SN_ERR_UNKNOWN) { printf("%s: reader not available\n", names[f]); free(names[f]); continue; }
    CHECK_INT(st, SN_OK);
    if (st) { fprintf(stderr, "%s\n", err); free(names[f]); continue; }
    int n = P->n;
    double *z = calloc((size_t)n + 1, sizeof(double)), *w = calloc((size_t)n + 1, sizeof(double));
    sn_info info = {0};
    st = lemke(P, z, w, &info);
    printf("%-28s %5d %8s %7d %10.3e %9.2e\n", names[f], n, status_name(st),
           info.iterations, info.error, info.seconds);
    int want = expected_status(names[f]);
    CHECK_INT(st, want);
    CHECK(all_finite(n, z) && all_finite(n, w) && isfinite(info.error));
    if (want == SN_OK) {
      CHECK(info.error <= 1e-8);
      CHECK_CLOSE(info.error, sn_lcp_error(P, z), 0, 1e-15);
    }
    if (n <= 12) CHECK(enumerate_solvable(P));   /* all of these LCPs have solutions */
    free(z);
    free(w);
    sn_lcp_free(P);
    free(names[f]);
  }
  return nf;
}

/* ---- random SPD LCPs: Lemke and PGS agree ---- */

static sn_lcp *random_spd(int n, int band)   /* band < 0: dense B B^T / n + I/2 */
{
  double *rows = calloc((size_t)(n * n), sizeof(double)), *q = malloc(sizeof(double) * (size_t)n);
  if (band < 0) {
    double *B = malloc(sizeof(double) * (size_t)(n * n));
    for (int i = 0; i < n * n; i++) B[i] = 2.0 * urand() - 1.0;
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++) {
        double s = i == j ? 0.5 : 0.0;
        for (int k = 0; k < n; k++) s += B[i * n + k] * B[j * n + k] / n;
        rows[i * n + j] = s;
      }
    free(B);
  } else {                          /* symmetric, diagonally dominant band */
    for (int i = 0; i < n; i++) {
      rows[i * n + i] = 2.0 * band + 1.0;
      for (int j = i + 1; j <= i + band && j < n; j++) rows[i * n + j] = rows[j * n + i] = urand() - 0.5;
    }
  }
  for (int i = 0; i < n; i++) q[i] = 2.0 * urand() - 1.0;
  sn_lcp *P = lcp_rows(n, rows, q);
  free(rows);
  free(q);
  return P;
}

static void test_random_agree(void)
{
  int sizes[] = {50, 50, 50, 50, 50, 600}, bands[] = {-1, -1, -1, 2, 5, 3};
  for (int t = 0; t < 6; t++) {
    int n = sizes[t];
    sn_lcp *P = random_spd(n, bands[t]);
    double *zl = calloc((size_t)n, sizeof(double)), *zp = calloc((size_t)n, sizeof(double));
    double *w = calloc((size_t)n, sizeof(double));
    sn_info il = {0}, ip = {0};
    CHECK_INT(lemke(P, zl, w, &il), SN_OK);
    CHECK(il.error <= 1e-12);
    CHECK(is_solution(P, zl, w, 1e-11));
    sn_settings s;
    sn_settings_default(&s);
    s.tol = 1e-13;
    s.max_iter = 100000;
    CHECK_INT(sn_lcp_pgs(P, zp, w, &s, &ip), SN_OK);
    double d = 0.0;
    for (int i = 0; i < n; i++) d = fmax(d, fabs(zl[i] - zp[i]));
    CHECK(d <= 1e-9);
    printf("random SPD n=%d band=%d: lemke %d pivots %.2e (%.3fs), pgs %d sweeps %.2e, |dz| %.1e\n",
           n, bands[t], il.iterations, il.error, il.seconds, ip.iterations, ip.error, d);
    free(zl);
    free(zp);
    free(w);
    lcp_destroy(P);
  }
}

/* ---- PGS / PSOR ---- */

static void test_pgs(void)
{
  int n = 50;
  sn_lcp *P = random_spd(n, -1);
  double z[50], w[50], z1[50], hist[8];
  sn_info info = {0};
  sn_settings s;
  sn_settings_default(&s);
  s.tol = 1e-10;
  s.max_iter = 10000;
  sn_fill(n, 0.0, z);
  CHECK_INT(sn_lcp_pgs(P, z, w, &s, &info), SN_OK);
  CHECK(info.error <= 1e-10);
  CHECK_CLOSE(info.error, sn_lcp_error(P, z), 0, 1e-15);
  CHECK(is_solution(P, z, w, 1e-8));
  int it_gs = info.iterations;
  CHECK(it_gs > 1);
  sn_copy(n, z, z1);
  /* PSOR, omega = 1.3, from a non-feasible start (negative and NaN entries are reset) */
  s.options = "omega=1.3";
  for (int i = 0; i < n; i++) z[i] = i % 3 == 0 ? -1.0 : (i % 3 == 1 ? NAN : 2.0);
  CHECK_INT(sn_lcp_pgs(P, z, w, &s, &info), SN_OK);
  CHECK(info.error <= 1e-10);
  for (int i = 0; i < n; i++) CHECK_CLOSE(z[i], z1[i], 0, 1e-8);
  printf("PGS %d sweeps, PSOR(1.3) %d sweeps\n", it_gs, info.iterations);
  /* warm start at the solution: no sweep */
  CHECK_INT(sn_lcp_pgs(P, z, w, &s, &info), SN_OK);
  CHECK_INT(info.iterations, 0);
  /* a tiny cap: SN_MAX_ITER, the best iterate, history */
  s.options = NULL;
  s.tol = 1e-15;
  s.max_iter = 2;
  info.history = hist;
  info.history_cap = 8;
  sn_fill(n, 0.0, z);
  CHECK_INT(sn_lcp_pgs(P, z, w, &s, &info), SN_MAX_ITER);
  CHECK_INT(info.iterations, 2);
  CHECK_INT(info.history_len, 2);
  CHECK(hist[1] < hist[0]);
  CHECK(all_finite(n, z) && all_finite(n, w) && info.error > 1e-15);
  /* options: omega outside (0, 2), malformed value */
  s.options = "omega=2.5";
  CHECK_INT(sn_lcp_pgs(P, z, w, &s, &info), SN_ERR_ARG);
  s.options = "omega=abc";
  CHECK_INT(sn_lcp_pgs(P, z, w, &s, &info), SN_ERR_FORMAT);
  lcp_destroy(P);
  /* a zero diagonal (CPS example 4.4.7): no projected Gauss-Seidel step exists */
  P = lcp_rows(3, (double[]){0, -1, 2, 2, 0, -2, -1, 1, 0}, (double[]){-3, 6, -1});
  s.options = NULL;
  CHECK_INT(sn_lcp_pgs(P, z, w, &s, &info), SN_ERR_ARG);
  lcp_destroy(P);
}

int main(void)
{
  test_lemke_small();
  test_lemke_degenerate();
  test_lemke_ray();
  test_lemke_caps();
  test_lemke_args();
  int files = test_lemke_files();
  test_random_agree();
  test_pgs();
  int rc = sn_check_report();
  return rc ? rc : files < 0;   /* without the test data: a failure */
}
