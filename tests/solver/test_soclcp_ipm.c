/* SOCLCP solvers: the primal-dual interior-point method (sn_soclcp_ipm) and the accelerated
 * primal-dual first-order method (sn_soclcp_pd), and their frictional-contact wrappers
 * sn_fc_socipm / sn_fc_socpd (the De Saxce fixed point of fc_via_soclcp.c).
 *  - hand-computed SOCLCPs mixing L^1, L^2 and L^3: M = c I per cone, whose solution is
 *    x = P_K(-q) / c (Moreau: -q = P_K(-q) - P_K(q), so y = c x + q = P_K(q)), and coupled
 *    problems built from a chosen complementary pair (x*, y*) with q = y* - M x*, M positive
 *    definite (so x* is the only solution), symmetric (Kac-Murdock-Szego, M_ij = 0.4^|i-j|) and
 *    non-symmetric (the same plus a skew part);
 *  - random monotone SOCLCPs M = A A' + S (S skew), full rank and rank-deficient, with a
 *    solution by construction: error <= tol, x and y = M x + q in K;
 *  - statuses: max_iter, time limit, progress callback, warm start at a solution (0 iterations),
 *    non-finite warm start, NULL arguments, bad options, the gap history, an infeasible and a
 *    non-monotone problem (finite, consistent output, never NaN), an empty problem;
 *  - the fc3d problems of tests/data/problems (missing: a failure) through the wrappers: every
 *    file to sn_fc_error <= 1e-8; where the contact forces are unique (W non-singular) they agree
 *    with sn_fc_prox at 1e-12 within 1e-6 relative (both solved at 1e-10; at 1e-8 an
 *    ill-conditioned W, GFC3D_TwoRods1 with cond ~1e5, gives ~1e-5); for OneObject (W singular,
 *    forces not unique) the velocities u agree instead. The Capsules files are skipped under the
 *    sanitizers (seconds in Release, minutes under ASan); Capsules-i101-404, the slowest (its De
 *    Saxce fixed point takes ~600-800 outer iterations, ~10 s for the two solvers), is left to the
 *    benchmark table to keep this suite near 10 s. */
#include "check.h"
#include "test_util.h"
#include "signorini/io.h"
#include "signorini/solver.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


typedef struct {
  const char *name;
  sn_soclcp_solver_fn soc;
  sn_fc_solver_fn fc;
} solver_case;

static const solver_case solvers[] = {{"ipm", sn_soclcp_ipm, sn_fc_socipm},
                                      {"pd", sn_soclcp_pd, sn_fc_socpd}};
enum { NSOLVERS = 2 };

/* x in K within rtol of its scale */
static int in_cone(const sn_soclcp *P, const double *x, double rtol)
{
  double s = sn_nrminf(P->n, x) + 1e-300;
  for (int k = 0, o = 0; k < P->ncones; o += P->csize[k++]) {
    int m = P->csize[k];
    double t = m == 3 ? hypot(x[o + 1], x[o + 2]) : m == 2 ? fabs(x[o + 1]) : 0.0;
    if (x[o] < t - rtol * s) return 0;
  }
  return 1;
}

/* the checks every solve must pass: y = M x + q, finite, info consistent */
static void check_output(const sn_soclcp *P, const double *x, const double *y, const sn_info *info)
{
  double *w = malloc(sizeof(double) * (size_t)(P->n + 1)), dev = 0.0, sc = 1.0;
  sn_copy(P->n, P->q, w);
  sn_csc_gemv(P->M, 1.0, x, 1.0, w);
  int fin = 1;
  for (int i = 0; i < P->n; i++) {
    fin &= isfinite(x[i]) && isfinite(y[i]);
    dev = fmax(dev, fabs(w[i] - y[i]));
    sc = fmax(sc, fabs(w[i]));
  }
  CHECK(fin);
  CHECK(dev <= 1e-13 * sc);
  CHECK(!isnan(info->error));
  CHECK_CLOSE(info->error, sn_soclcp_error(P, x), 1e-12, 1e-300);
  free(w);
}

/* ---- hand-computed problems ---- */

/* six cones L3 L2 L1 L1 L3 L3 and, for -q, the projections by hand (sn_proj_soc's formula):
 *   L3 (-1, 3, 4):   -q = (1, -3, -4), |(3, 4)| = 5 > 1: (1+5)/2 (1, -0.6, -0.8) = (3, -1.8, -2.4),
 *                    y = (2, 1.2, 1.6) (slip: both on the boundary, x . y = 6 - 2.16 - 3.84 = 0);
 *   L2 (1, -3), c=2: -q = (-1, 3): (-1+3)/2 (1, 1) = (1, 1), x = (0.5, 0.5), y = (2, -2);
 *   L1 -2: x = 2, y = 0;  L1 3: x = 0, y = 3;
 *   L3 (-2, 0.5, 0.5): -q interior: x = (2, -0.5, -0.5), y = 0 (stick);
 *   L3 (3, 1, 0): -q in the polar cone: x = 0, y = (3, 1, 0) (open). */
static const int hand_cones[6] = {3, 2, 1, 1, 3, 3};
static const double hand_c[6] = {1, 2, 1, 1, 1, 1};
static const double hand_q[13] = {-1, 3, 4, 1, -3, -2, 3, -2, 0.5, 0.5, 3, 1, 0};
static const double hand_x[13] = {3, -1.8, -2.4, 0.5, 0.5, 2, 0, 2, -0.5, -0.5, 0, 0, 0};
static const double hand_y[13] = {2, 1.2, 1.6, 2, -2, 0, 3, 0, 0, 0, 3, 1, 0};

static sn_soclcp *make_problem(int ncones, const int *cs, const double *Md, const double *q)
{
  sn_soclcp *P = calloc(1, sizeof *P);
  int n = 0;
  for (int k = 0; k < ncones; k++) n += cs[k];
  P->n = n;
  P->ncones = ncones;
  P->csize = malloc(sizeof(int) * (size_t)ncones);
  memcpy(P->csize, cs, sizeof(int) * (size_t)ncones);
  P->q = malloc(sizeof(double) * (size_t)n);
  memcpy(P->q, q, sizeof(double) * (size_t)n);
  sn_csc_from_dense(n, n, Md, 0.0, &P->M);
  return P;
}

static void solve_and_compare(const sn_soclcp *P, const double *xs, const double *ys,
                              const char *what)
{
  int n = P->n;
  for (int k = 0; k < NSOLVERS; k++) {
    double x[64] = {0}, y[64];
    sn_settings s;
    sn_settings_default(&s);
    s.tol = 1e-12;
    s.max_iter = 100000;
    sn_info info = {0};
    int st = solvers[k].soc(P, x, y, &s, &info);
    if (st)
      fprintf(stderr, "  %s on %s: status %d error %g\n", solvers[k].name, what, st, info.error);
    CHECK_INT(st, SN_OK);
    CHECK_INT(info.status, SN_OK);
    CHECK(info.error <= 1e-12);
    CHECK(info.iterations > 0);
    CHECK(info.seconds >= 0);
    check_output(P, x, y, &info);
    for (int i = 0; i < n; i++) {
      CHECK_CLOSE(x[i], xs[i], 0, 1e-9);
      CHECK_CLOSE(y[i], ys[i], 0, 1e-9);
    }
  }
}

static void test_hand(void)
{
  int n = 13;
  double Md[169] = {0};
  for (int k = 0, o = 0; k < 6; o += hand_cones[k++])
    for (int j = 0; j < hand_cones[k]; j++) Md[(o + j) * n + o + j] = hand_c[k];
  sn_soclcp *P = make_problem(6, hand_cones, Md, hand_q);
  CHECK_INT(sn_soclcp_check(P, NULL, 0), SN_OK);
  CHECK(sn_soclcp_error(P, hand_x) <= 1e-15);
  solve_and_compare(P, hand_x, hand_y, "decoupled");
  sn_soclcp_free(P);

  /* coupled: q = y* - M x*, M = KMS (+ skew), positive definite: x* is the solution */
  for (int skew = 0; skew < 2; skew++) {
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        Md[j * n + i] = pow(0.4, abs(i - j)) + (skew ? (i < j ? 0.3 : i > j ? -0.3 : 0.0) : 0.0);
    double q[13];
    for (int i = 0; i < n; i++) {
      double mx = 0.0;
      for (int j = 0; j < n; j++) mx += Md[j * n + i] * hand_x[j];
      q[i] = hand_y[i] - mx;
    }
    P = make_problem(6, hand_cones, Md, q);
    CHECK(sn_soclcp_error(P, hand_x) <= 1e-14);
    solve_and_compare(P, hand_x, hand_y, skew ? "coupled non-symmetric" : "coupled symmetric");
    sn_soclcp_free(P);
  }
}

/* ---- random monotone problems ---- */

static double urand(uint64_t *s)
{
  *s = *s * 6364136223846793005ull + 1442695040888963407ull;
  return (double)(*s >> 11) * (1.0 / 9007199254740992.0);
}

/* a complementary pair in one cone: open (x = 0), stick (y = 0) or slip (both on the boundary,
 * opposite tangents); L^1 open or closed */
static void random_pair(int m, uint64_t *s, double *x, double *y)
{
  int kind = (int)(3.0 * urand(s));
  for (int j = 0; j < m; j++) x[j] = y[j] = 0.0;
  if (m == 1) {
    if (kind == 0) y[0] = 0.5 + urand(s);
    else x[0] = 0.5 + urand(s);
    return;
  }
  double t[2] = {urand(s) - 0.5, m == 3 ? urand(s) - 0.5 : 0.0}, nt = hypot(t[0], t[1]);
  if (nt == 0) { t[0] = 1.0; nt = 1.0; }
  double a = 0.5 + urand(s), b = 0.5 + urand(s);
  if (kind == 0) {                          /* open: y interior */
    y[0] = a;
    for (int j = 1; j < m; j++) y[j] = 0.5 * a * t[j - 1] / nt;
  } else if (kind == 1) {                   /* stick: x interior */
    x[0] = a;
    for (int j = 1; j < m; j++) x[j] = 0.5 * a * t[j - 1] / nt;
  } else {                                  /* slip */
    x[0] = a;
    y[0] = b;
    for (int j = 1; j < m; j++) { x[j] = -a * t[j - 1] / nt; y[j] = b * t[j - 1] / nt; }
  }
}

/* M = A A' + S, A n x (n / rank_div) (1: positive definite; 2, 3: singular symmetric part),
 * S skew with entries of size `skew`; q = y* - M x*. Cone sizes 1..3 at random. */
static sn_soclcp *random_problem(int ncones, int rank_div, double skew, uint64_t seed)
{
  int cs[64], n = 0;
  for (int k = 0; k < ncones; k++) { cs[k] = 1 + (int)(3.0 * urand(&seed)); n += cs[k]; }
  int r = n / rank_div;
  double *A = malloc(sizeof(double) * (size_t)n * (size_t)r);
  double *Md = calloc((size_t)n * (size_t)n, sizeof(double));
  double xs[192], ys[192], q[192];
  for (int k = 0; k < n * r; k++) A[k] = urand(&seed) - 0.5;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      double v = 0.0;
      for (int l = 0; l < r; l++) v += A[i * r + l] * A[j * r + l];
      Md[j * n + i] = v;
    }
  for (int i = 0; i < n; i++)
    for (int j = i + 1; j < n; j++) {
      double v = skew * (urand(&seed) - 0.5);
      Md[j * n + i] += v;
      Md[i * n + j] -= v;
    }
  for (int k = 0, o = 0; k < ncones; o += cs[k++]) random_pair(cs[k], &seed, xs + o, ys + o);
  for (int i = 0; i < n; i++) {
    double mx = 0.0;
    for (int j = 0; j < n; j++) mx += Md[j * n + i] * xs[j];
    q[i] = ys[i] - mx;
  }
  sn_soclcp *P = make_problem(ncones, cs, Md, q);
  free(A);
  free(Md);
  return P;
}

static void test_random(void)
{
  static double hist[100000];
  const struct { int nc, rank_div; double skew; } cases[] = {
      {40, 1, 0.0}, {40, 1, 1.0}, {40, 2, 0.0}, {40, 2, 0.3}, {60, 3, 0.1}};
  for (int c = 0; c < 5; c++) {
    sn_soclcp *P = random_problem(cases[c].nc, cases[c].rank_div, cases[c].skew, 100 + (uint64_t)c);
    int n = P->n;
    for (int k = 0; k < NSOLVERS; k++) {
      double *x = calloc((size_t)n, sizeof(double)), *y = calloc((size_t)n, sizeof(double));
      sn_settings s;
      sn_settings_default(&s);
      s.max_iter = 100000;
      sn_info info = {0};
      info.history = hist;
      info.history_cap = 100000;
      int st = solvers[k].soc(P, x, y, &s, &info);
      if (st || !(info.error <= 1e-8))
        fprintf(stderr, "  random %d (n %d, rank n/%d, skew %g) %s: status %d error %g after %d\n",
                c, n, cases[c].rank_div, cases[c].skew, solvers[k].name, st, info.error,
                info.iterations);
      CHECK_INT(st, SN_OK);
      CHECK(info.error <= 1e-8);
      CHECK_INT(info.history_len, info.iterations);
      check_output(P, x, y, &info);
      CHECK(in_cone(P, x, 1e-6));
      CHECK(in_cone(P, y, 1e-6));
      free(x);
      free(y);
    }
    sn_soclcp_free(P);
  }
}

/* ---- statuses ---- */

static int stop_at_3(int iter, double error, void *user)
{
  (void)error;
  *(int *)user += 1;
  return iter >= 3;
}

static void test_statuses(void)
{
  sn_soclcp *P = random_problem(30, 1, 0.2, 77);
  int n = P->n;
  double *x = malloc(sizeof(double) * (size_t)n), *y = malloc(sizeof(double) * (size_t)n);
  double hist[200];
  for (int k = 0; k < NSOLVERS; k++) {
    sn_soclcp_solver_fn f = solvers[k].soc;
    sn_settings s;
    sn_info info = {0};
    sn_settings_default(&s);                          /* iteration cap */
    s.max_iter = 2;
    sn_fill(n, 0.0, x);
    CHECK_INT(f(P, x, y, &s, &info), SN_MAX_ITER);
    CHECK_INT(info.status, SN_MAX_ITER);
    CHECK_INT(info.iterations, 2);
    CHECK(isfinite(info.error) && info.error > s.tol);
    check_output(P, x, y, &info);
    sn_settings_default(&s);                          /* callback asks to stop */
    int calls = 0;
    s.progress = stop_at_3;
    s.user = &calls;
    s.tol = 1e-300;
    sn_fill(n, 0.0, x);
    CHECK_INT(f(P, x, y, &s, &info), SN_STALLED);
    CHECK_INT(calls, 3);
    sn_settings_default(&s);                          /* time limit */
    s.time_limit = 1e-12;
    s.tol = 1e-300;
    s.max_iter = 1000000;
    sn_fill(n, 0.0, x);
    CHECK_INT(f(P, x, y, &s, &info), SN_TIME_LIMIT);
    CHECK(isfinite(info.error));
    check_output(P, x, y, &info);
    sn_settings_default(&s);                          /* solve, then warm start: 0 iterations */
    s.max_iter = 100000;
    sn_fill(n, 0.0, x);
    CHECK_INT(f(P, x, y, &s, &info), SN_OK);
    CHECK_INT(f(P, x, y, &s, &info), SN_OK);
    CHECK_INT(info.iterations, 0);
    CHECK(info.error <= s.tol);
    double *xw = malloc(sizeof(double) * (size_t)n);   /* a perturbed solution: few iterations */
    for (int i = 0; i < n; i++) xw[i] = x[i] * (1.0 + 1e-3 * sin((double)i));
    s.tol = 1e-10;
    CHECK_INT(f(P, xw, y, &s, &info), SN_OK);
    CHECK(info.error <= 1e-10);
    free(xw);
    s.tol = 1e-8;
    sn_fill(n, NAN, x);                               /* a non-finite warm start is dropped */
    CHECK_INT(f(P, x, y, &s, &info), SN_OK);
    CHECK(info.error <= s.tol);
    sn_fill(n, 0.0, x);                               /* NULL settings and info: the defaults */
    CHECK_INT(f(P, x, y, NULL, NULL), SN_OK);
    CHECK(sn_soclcp_error(P, x) <= 1e-8);
    sn_settings_default(&s);                          /* the gap history */
    s.options = "history=gap";
    info.history = hist;
    info.history_cap = 200;
    sn_fill(n, 0.0, x);
    CHECK_INT(f(P, x, y, &s, &info), SN_OK);
    CHECK(info.history_len > 0);
    CHECK(info.error <= s.tol);
    int fin = 1;
    for (int i = 0; i < info.history_len; i++) fin &= isfinite(hist[i]);
    CHECK(fin);
    CHECK(fabs(hist[info.history_len - 1]) <= 1e-6);  /* x . y / n at the end, ~ 0 */
    info.history = NULL;
    info.history_cap = 0;
    CHECK_INT(f(NULL, x, y, &s, &info), SN_ERR_ARG);
    CHECK_INT(info.status, SN_ERR_ARG);
    CHECK_INT(f(P, NULL, y, &s, &info), SN_ERR_ARG);
    CHECK_INT(f(P, x, NULL, &s, &info), SN_ERR_ARG);
    s.options = "history=everything";
    CHECK_INT(f(P, x, y, &s, &info), SN_ERR_UNKNOWN);
    s.options = "eta=1.5";
    CHECK_INT(f(P, x, y, &s, &info), SN_ERR_ARG);
    s.options = "eta=abc";
    CHECK_INT(f(P, x, y, &s, &info), SN_ERR_FORMAT);
    s.options = "etta=0.9";                           /* unknown keys are refused */
    CHECK_INT(f(P, x, y, &s, &info), SN_ERR_UNKNOWN);
  }
  sn_settings s;
  sn_info info = {0};
  sn_settings_default(&s);
  s.options = "start=hot";
  CHECK_INT(sn_soclcp_ipm(P, x, y, &s, &info), SN_ERR_UNKNOWN);
  s.options = "shift=0";
  CHECK_INT(sn_soclcp_ipm(P, x, y, &s, &info), SN_ERR_ARG);
  s.options = "accel=heavyball";
  CHECK_INT(sn_soclcp_pd(P, x, y, &s, &info), SN_ERR_UNKNOWN);
  /* the variants still solve it: pure IPM, cold start; PD without acceleration, Halpern, CP */
  const char *ipm_opts[3] = {"polish=0", "start=cold", "eta=0.95,refine=0"};
  const char *pd_opts[3] = {"accel=halpern", "accel=cp,gamma=0.01", "accel=inertial,restart=0"};
  for (int k = 0; k < 3; k++) {
    s.options = ipm_opts[k];
    s.max_iter = 100000;
    sn_fill(n, 0.0, x);
    int st = sn_soclcp_ipm(P, x, y, &s, &info);
    /* the pure IPM may stop at its accuracy floor (residual ~ sqrt(mu)) */
    int ok = st == SN_OK || (k == 0 && st == SN_STALLED && info.error <= 1e-6);
    if (!ok) fprintf(stderr, "  ipm %s: status %d error %g\n", ipm_opts[k], st, info.error);
    CHECK(ok);
    s.options = pd_opts[k];
    sn_fill(n, 0.0, x);
    st = sn_soclcp_pd(P, x, y, &s, &info);
    if (st) fprintf(stderr, "  pd %s: status %d error %g\n", pd_opts[k], st, info.error);
    CHECK_INT(st, SN_OK);
  }
  sn_soclcp_free(P);
  free(x);
  free(y);
  CHECK_INT(sn_fc_socipm(NULL, NULL, NULL, NULL, NULL), SN_ERR_ARG);
  CHECK_INT(sn_fc_socpd(NULL, NULL, NULL, NULL, NULL), SN_ERR_ARG);
}

/* No solution: y_0 = -1 whatever x (M = 0, an L^1 cone and an L^3 cone), and y = -x + q (M = -I,
 * not monotone; then P_K(q) = (0 | 1, 0, 0) solves it, a non-monotone problem with a solution).
 * The relative error |x - P_K(x - y)| / max(|q|, |x|, |y|) of the first tends to 0 along the
 * ray x_0 -> infinity, so "solved" is a possible honest answer there; whatever the status, the
 * output is finite and consistent. And an empty problem (n = 0), solved at once. */
static void test_unsolvable(void)
{
  const int cs[2] = {1, 3};
  const double q[4] = {-1, 1, 0, 0};
  double Mz[16] = {0}, Mn[16] = {0};
  for (int i = 0; i < 4; i++) Mn[i * 4 + i] = -1.0;
  for (int t = 0; t < 2; t++) {
    sn_soclcp *P = make_problem(2, cs, t ? Mn : Mz, q);
    for (int k = 0; k < NSOLVERS; k++) {
      double x[4] = {0}, y[4];
      sn_settings s;
      sn_settings_default(&s);
      s.max_iter = 20000;
      sn_info info = {0};
      int st = solvers[k].soc(P, x, y, &s, &info);
      CHECK(st == SN_OK || st == SN_STALLED || st == SN_MAX_ITER);
      CHECK_INT(info.status, st);
      CHECK(st == SN_OK ? info.error <= s.tol : info.error > s.tol);
      check_output(P, x, y, &info);
      if (t == 0 && st == SN_OK) CHECK(x[0] >= 0.5 / s.tol);     /* far out on the ray */
    }
    sn_soclcp_free(P);
  }
  sn_soclcp E = {0, 0, (int[1]){0}, NULL, (double[1]){0}};
  E.M = sn_csc_alloc(0, 0, 0);
  for (int k = 0; k < NSOLVERS; k++) {
    double x[1], y[1];
    sn_info info = {0};
    CHECK_INT(solvers[k].soc(&E, x, y, NULL, &info), SN_OK);
    CHECK_INT(info.iterations, 0);
  }
  sn_csc_free(E.M);
}

/* ---- the fc3d data (tests/data/problems) ---- */

typedef struct {
  const char *file;
  int unique;      /* 1: W non-singular, forces unique; 2: compare u instead; 0: neither */
  int big;         /* skipped under the sanitizers */
} data_case;

static const data_case data_cases[] = {
    {"fc3d/BoxesStack1-i100000-32.hdf5", 0, 0},
    {"fc3d/Capsules-i100-889.hdf5", 0, 1},
    {"fc3d/Capsules-i125-1213.hdf5", 0, 1},
    {"fc3d/Confeti-ex13-4contact-Fc3D-SBM.dat", 1, 0},
    {"fc3d/FC3D_Example1.dat", 1, 0},
    {"fc3d/FC3D_Example1_SBM.dat", 1, 0},
    {"fc3d/FrictionContact3D_1c.dat", 1, 0},
    {"fc3d/FrictionContact3D_RR_1c.dat", 1, 0},
    {"fc3d/GFC3D_TwoRods1-condensed.dat", 1, 0},
    {"fc3d/NESpheres_10_1.dat", 1, 0},
    {"fc3d/OneObject-i100000-316.hdf5", 2, 0},
    {"fc3d/Rover1039.dat", 1, 0},
    {"fc3d/Rover1040.dat", 1, 0},
    {"fc3d/Rover11035.dat", 1, 0},
    {"fc3d/Rover4396.dat", 1, 0},
    /* 2D; the slider-crank (mu = 0.01) once stalled in the De Saxce fixed point: the SOCLCP's
     * scale is 100 times the frictional-contact one and the inner solver accepted every warm start */
    {"fc2d/FC2D_SliderCrankLagrangian00000.dat", 1, 0},
    {"fc2d/FrictionContactProblem00031.dat", 1, 0},
    {"fc2d/FrictionContactProblem00374.dat", 1, 0},
    {"fc2d/FrictionContactProblem00394.dat", 1, 0},
};
enum { NDATA = sizeof data_cases / sizeof data_cases[0] };

static double rel_diff(int n, const double *a, const double *b)
{
  double d = 0.0, m = 0.0;
  for (int i = 0; i < n; i++) { d = fmax(d, fabs(a[i] - b[i])); m = fmax(m, fabs(b[i])); }
  return m > 0 ? d / m : d;
}

static int solve_file(const data_case *c)
{
  char path[1024], err[512];
  snprintf(path, sizeof path, "%s/%s", SN_DATA_DIR, c->file);
  if (!sn_need_data(path)) return 0;
  if (c->big && SN_SANITIZED) return 0;
  sn_file_problem *F = NULL;
  int st = sn_read_problem(path, &F, err, sizeof err);
  CHECK_INT(st, SN_OK);
  if (st || !F->fc) {
    fprintf(stderr, "  %s: %s\n", c->file, err);
    sn_file_problem_free(F);
    return 0;
  }
  sn_fc *P = F->fc;
  int n = P->dim * P->nc;
  size_t sz = (size_t)n + 1;
  double *r = calloc(sz, sizeof(double)), *u = calloc(sz, sizeof(double));
  double *rr = calloc(sz, sizeof(double)), *ur = calloc(sz, sizeof(double));
  sn_settings s;
  if (c->unique) {                                  /* the local-form reference */
    sn_settings_default(&s);
    s.tol = 1e-12;
    s.max_iter = 1000000;
    s.time_limit = 60.0;
    sn_info ri = {0};
    CHECK_INT(sn_fc_prox(P, rr, ur, &s, &ri), SN_OK);
  }
  for (int k = 0; k < NSOLVERS; k++) {
    for (int pass = 0; pass < (c->unique ? 2 : 1); pass++) {
      sn_fill(n, 0.0, r);
      sn_settings_default(&s);
      s.tol = pass ? 1e-10 : 1e-8;
      s.max_iter = 100000;
      s.time_limit = 60.0;
      sn_info info = {0};
      st = solvers[k].fc(P, r, u, &s, &info);
      double e = sn_fc_error(P, r, NULL);
      if (st || !(e <= s.tol))
        fprintf(stderr, "  %s fc_soc%s tol %g: status %d error %g after %d inner iterations\n",
                c->file, solvers[k].name, s.tol, st, e, info.iterations);
      CHECK_INT(st, SN_OK);
      CHECK(e <= s.tol);
      CHECK_CLOSE(info.error, e, 1e-12, 0);
      if (pass == 1) {
        double d = c->unique == 1 ? rel_diff(n, r, rr) : rel_diff(n, u, ur);
        if (!(d <= 1e-6))
          fprintf(stderr, "  %s fc_soc%s: %s differ from prox's by %g\n", c->file,
                  solvers[k].name, c->unique == 1 ? "forces" : "velocities", d);
        CHECK(d <= 1e-6);
      }
    }
  }
  free(r); free(u); free(rr); free(ur);
  sn_file_problem_free(F);
  return 1;
}

int main(void)
{
  test_hand();
  test_random();
  test_statuses();
  test_unsolvable();
  int ran = 0;
  for (int k = 0; k < NDATA; k++) ran += solve_file(&data_cases[k]);
  if (!ran) { printf("test data not found under %s\n", SN_DATA_DIR); sn_check_failed++; }
  return sn_check_report();
}
