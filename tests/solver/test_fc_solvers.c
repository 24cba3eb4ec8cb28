/* Local frictional contact solvers: NSGS (local proj / ac / hybrid / exact 2D), PROX (inner nsgs
 * and fp), APGD.
 *  - single contacts whose answers are computed by hand in fc_hand_cases.h (take-off, stick,
 *    slip, slip in an oblique direction, coupled normal/tangent block, mu = 0), for every local
 *    solver and every global solver;
 *  - random well-conditioned problems W = J M^-1 J^T (SPD), 2D and 3D, some mu = 0: error <= tol,
 *    r in K, u = W r + q, history and info consistent;
 *  - statuses: max_iter, time limit, progress callback, bad options, NULL arguments, warm start,
 *    non-finite warm start, an overflowing problem (never NaN out);
 *  - the Siconos data (tests/data/problems): every file a solver is claimed to solve is solved
 *    to sn_fc_error <= 1e-8 (a missing data folder or file is a failure). The large problems run with
 *    the fast solvers only, to keep the suite short under the sanitizers. */
#include "check.h"
#include "test_util.h"
#include "fc_hand_cases.h"
#include "signorini/io.h"
#include "signorini/solver.h"
#include "solver/fc_local.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- hand-computed single contacts (their table and computation: fc_hand_cases.h) ---- */

static const hand_fc *const cases = fc_hand + FC_HAND_CORE;
enum { NCASES = FC_HAND_N - FC_HAND_CORE };

static void check_vec(const char *what, const char *name, int d, const double *got,
                      const double *want, double tol)
{
  for (int k = 0; k < d; k++) {
    if (fabs(got[k] - want[k]) > tol) {
      fprintf(stderr, "  %s on '%s': component %d = %.17g, expected %.17g\n", what, name, k,
              got[k], want[k]);
    }
    CHECK_CLOSE(got[k], want[k], 0, tol);
  }
}

static void test_local_solvers(void)
{
  for (int c = 0; c < NCASES; c++) {
    const hand_fc *h = &cases[c];
    sn_fc_local L;
    memset(&L, 0, sizeof L);
    L.dim = h->d;
    L.mu = h->mu;
    memcpy(L.W, h->W, sizeof h->W);
    memcpy(L.q, h->q, sizeof h->q);
    L.tol = 1e-14;
    L.max_iter = 50;
    double x[3];
    /* Newton from zero and from a poor start */
    const double starts[2][3] = {{0, 0, 0}, {5, -3, 2}};
    for (int s0 = 0; s0 < 2; s0++) {
      memcpy(x, starts[s0], sizeof x);
      CHECK_INT(sn_fc_local_ac(&L, x), SN_OK);
      check_vec("ac", h->name, h->d, x, h->r, 1e-12);
      memcpy(x, starts[s0], sizeof x);
      CHECK_INT(sn_fc_local_hybrid(&L, x), SN_OK);
      check_vec("hybrid", h->name, h->d, x, h->r, 1e-12);
    }
    /* the projection converges linearly: more steps, looser tolerance */
    sn_fc_local P = L;
    P.max_iter = 5000;
    P.tol = 1e-13;
    memset(x, 0, sizeof x);
    CHECK_INT(sn_fc_local_proj(&P, x), SN_OK);
    check_vec("proj", h->name, h->d, x, h->r, 1e-11);
    if (h->d == 2) {             /* the exact enumeration lands on the answer in one go */
      memset(x, 0, sizeof x);
      CHECK_INT(sn_fc_local_exact2d(&L, x), SN_OK);
      check_vec("exact2d", h->name, 2, x, h->r, 1e-14);
    }
    double sc;
    CHECK(sn_fc_local_residual(&L, h->r, &sc) <= 1e-14);
  }
}

/* A 2D contact with two solutions, W = [0.5 2; 0.5 1] (W_NT = 2: a strong coupling), q =
 * (0.5, -1), mu = 0.5: take-off r = 0 (q_N > 0), and stick r = -W^-1 q = (5, -1.5) (u = 0 by
 * hand: 0.5*5 - 2*1.5 + 0.5 = 0, 0.5*5 - 1.5 - 1 = 0; |r_T| = 1.5 <= mu r_N = 2.5).
 * sn_fc_local_exact2d keeps the solution nearest to the warm start. */
static void test_exact2d_nearest(void)
{
  sn_fc_local L;
  memset(&L, 0, sizeof L);
  L.dim = 2;
  L.mu = 0.5;
  const double W[4] = {0.5, 0.5, 2.0, 1.0}, q[2] = {0.5, -1.0};
  memcpy(L.W, W, sizeof W);
  memcpy(L.q, q, sizeof q);
  L.tol = 1e-14;
  L.max_iter = 50;
  const struct { double start[2], want[2]; } runs[] = {
      {{4.0, -1.0}, {5.0, -1.5}},      /* near the stick */
      {{0.5, 0.0}, {0.0, 0.0}},        /* near the take-off */
      {{2.6, -0.7}, {5.0, -1.5}},      /* 2.53 from the stick, 2.69 from zero */
      {{2.4, -0.7}, {0.0, 0.0}},       /* 2.70 from the stick, 2.50 from zero */
      {{1e200, 0.0}, {0.0, 0.0}},      /* squares overflow: hypot, a tie, the first (zero) */
  };
  for (size_t k = 0; k < sizeof runs / sizeof runs[0]; k++) {
    double x[2] = {runs[k].start[0], runs[k].start[1]};
    CHECK_INT(sn_fc_local_exact2d(&L, x), SN_OK);
    check_vec("exact2d nearest", "two solutions", 2, x, runs[k].want, 1e-14);
  }
}

/* a one-contact sn_fc from a hand case */
static sn_fc *single_problem(const hand_fc *h)
{
  sn_fc *P = calloc(1, sizeof *P);
  int d = h->d;
  P->dim = d;
  P->nc = 1;
  P->q = malloc(sizeof(double) * (size_t)d);
  P->mu = malloc(sizeof(double));
  memcpy(P->q, h->q, sizeof(double) * (size_t)d);
  P->mu[0] = h->mu;
  sn_csc_from_dense(d, d, h->W, 0.0, &P->W);
  return P;
}

static const char *const solver_runs[][2] = {
    {"nsgs", NULL},           {"nsgs", "local=proj"}, {"nsgs", "local=ac"},
    {"nsgs", "local=hybrid,omega=0.8"}, {"prox", NULL}, {"prox", "inner=fp"},
    {"prox", "inner_iter=5,sigma=1,accel=0"}, {"apgd", NULL},
};
enum { NRUNS = sizeof solver_runs / sizeof solver_runs[0] };

static void test_single_contact_solvers(void)
{
  for (int c = 0; c < NCASES; c++) {
    sn_fc *P = single_problem(&cases[c]);
    for (int k = 0; k < NRUNS; k++) {
      double r[3] = {0, 0, 0}, u[3] = {9, 9, 9};
      sn_settings s;
      sn_settings_default(&s);
      s.tol = 1e-13;
      s.max_iter = 100000;
      s.options = solver_runs[k][1];
      sn_info info = {0};
      int st = sn_fc_solve(P, solver_runs[k][0], r, u, &s, &info);
      if (st) fprintf(stderr, "  %s %s on '%s': status %d\n", solver_runs[k][0],
                      s.options ? s.options : "", cases[c].name, st);
      CHECK_INT(st, SN_OK);
      CHECK_INT(info.status, SN_OK);
      CHECK(info.error <= 1e-13);
      check_vec(solver_runs[k][0], cases[c].name, P->dim, r, cases[c].r, 1e-11);
      check_vec("u", cases[c].name, P->dim, u, cases[c].u, 1e-11);
    }
    sn_fc_free(P);
  }
}

/* ---- random SPD problems W = J M^-1 J^T ---- */

static double urand(uint64_t *s)
{
  *s = *s * 6364136223846793005ull + 1442695040888963407ull;
  return (double)(*s >> 11) * (1.0 / 9007199254740992.0);
}

/* nc contacts in dimension d, ndof > d nc degrees of freedom with masses 1..3: W is SPD.
 * Normal gaps mostly closing; every fifth contact frictionless. */
static sn_fc *random_problem(int d, int nc, int ndof, uint64_t seed)
{
  int n = d * nc;
  double *J = malloc(sizeof(double) * (size_t)n * (size_t)ndof);
  double *Wd = calloc((size_t)n * (size_t)n, sizeof(double));
  for (int k = 0; k < n * ndof; k++) J[k] = urand(&seed) - 0.5;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      double s = 0.0;
      for (int k = 0; k < ndof; k++) s += J[i * ndof + k] * J[j * ndof + k] / (1.0 + k % 3);
      Wd[(size_t)j * n + i] = s;
    }
  sn_fc *P = calloc(1, sizeof *P);
  P->dim = d;
  P->nc = nc;
  sn_csc_from_dense(n, n, Wd, 0.0, &P->W);
  P->q = malloc(sizeof(double) * (size_t)n);
  P->mu = malloc(sizeof(double) * (size_t)nc);
  for (int i = 0; i < n; i++) P->q[i] = i % d == 0 ? urand(&seed) - 0.7 : urand(&seed) - 0.5;
  for (int i = 0; i < nc; i++) P->mu[i] = i % 5 == 4 ? 0.0 : 0.1 + 0.8 * urand(&seed);
  free(J);
  free(Wd);
  return P;
}

/* r in K, u = W r + q, the reported error is sn_fc_error's */
static void check_solution(const sn_fc *P, const double *r, const double *u, const sn_info *info)
{
  int d = P->dim, n = d * P->nc;
  double *w = malloc(sizeof(double) * (size_t)n), dev = 0.0, scale = 1.0;
  sn_copy(n, P->q, w);
  sn_csc_gemv(P->W, 1.0, r, 1.0, w);
  for (int k = 0; k < n; k++) {
    dev = fmax(dev, fabs(w[k] - u[k]));
    scale = fmax(scale, fabs(w[k]));
  }
  CHECK(dev <= 1e-12 * scale);
  for (int i = 0; i < P->nc; i++) {
    const double *ri = r + d * i;
    double rt = d == 3 ? hypot(ri[1], ri[2]) : fabs(ri[1]);
    CHECK(ri[0] >= 0.0);
    CHECK(rt <= P->mu[i] * ri[0] * (1 + 1e-12) + 1e-300);
  }
  CHECK_CLOSE(info->error, sn_fc_error(P, r, NULL), 1e-12, 0);
  free(w);
}

static void test_random(void)
{
  const int dims[2] = {3, 2};
  for (int t = 0; t < 2; t++) {
    int d = dims[t], nc = 30, n = d * nc;
    sn_fc *P = random_problem(d, nc, n + 40, 42 + (uint64_t)t);
    double *r = malloc(sizeof(double) * (size_t)n), *u = malloc(sizeof(double) * (size_t)n);
    static double hist[200000];
    const char *const extra[][2] = {{"nsgs", "shuffle=1,seed=7"}, {"nsgs", "omega=1.3"}};
    for (int k = 0; k < NRUNS + 2; k++) {
      const char *name = k < NRUNS ? solver_runs[k][0] : extra[k - NRUNS][0];
      const char *opt = k < NRUNS ? solver_runs[k][1] : extra[k - NRUNS][1];
      sn_fill(n, 0.0, r);
      sn_settings s;
      sn_settings_default(&s);
      s.max_iter = 100000;
      s.options = opt;
      sn_info info = {0};
      info.history = hist;
      info.history_cap = 200000;
      int st = sn_fc_solve(P, name, r, u, &s, &info);
      if (st || info.error > 1e-8)
        fprintf(stderr, "  random %dD %s %s: status %d error %g after %d\n", d, name,
                opt ? opt : "", st, info.error, info.iterations);
      CHECK_INT(st, SN_OK);
      CHECK(info.error <= 1e-8);
      CHECK(info.iterations > 0);
      CHECK_INT(info.history_len, info.iterations);
      CHECK(info.seconds >= 0.0);
      check_solution(P, r, u, &info);
    }
    free(r);
    free(u);
    sn_fc_free(P);
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
  sn_fc *P = random_problem(3, 20, 100, 7);
  int n = 60;
  double r[60], u[60];
  const char *names[3] = {"nsgs", "prox", "apgd"};
  for (int k = 0; k < 3; k++) {
    sn_settings s;
    sn_info info = {0};
    sn_settings_default(&s);
    s.max_iter = 2;                                   /* iteration cap */
    sn_fill(n, 0.0, r);
    CHECK_INT(sn_fc_solve(P, names[k], r, u, &s, &info), SN_MAX_ITER);
    CHECK_INT(info.status, SN_MAX_ITER);
    CHECK_INT(info.iterations, 2);
    CHECK(isfinite(info.error) && info.error > s.tol);
    sn_settings_default(&s);                          /* callback asks to stop */
    int calls = 0;
    s.progress = stop_at_3;
    s.user = &calls;
    s.tol = 1e-300;
    sn_fill(n, 0.0, r);
    CHECK_INT(sn_fc_solve(P, names[k], r, u, &s, &info), SN_STALLED);
    CHECK_INT(calls, 3);
    sn_settings_default(&s);                          /* time limit */
    s.time_limit = 1e-12;
    s.tol = 1e-300;
    s.max_iter = 1000000;
    sn_fill(n, 0.0, r);
    CHECK_INT(sn_fc_solve(P, names[k], r, u, &s, &info), SN_TIME_LIMIT);
    CHECK(isfinite(info.error));
    sn_settings_default(&s);                          /* solve, then warm start: 0 iterations */
    s.max_iter = 100000;
    sn_fill(n, 0.0, r);
    CHECK_INT(sn_fc_solve(P, names[k], r, u, &s, &info), SN_OK);
    CHECK_INT(sn_fc_solve(P, names[k], r, u, &s, &info), SN_OK);
    CHECK_INT(info.iterations, 0);
    CHECK(info.error <= s.tol);
    sn_fill(n, NAN, r);                               /* a non-finite warm start is dropped */
    CHECK_INT(sn_fc_solve(P, names[k], r, u, &s, &info), SN_OK);
    CHECK(info.error <= s.tol);
    sn_settings_default(&s);                          /* NULL settings: the defaults */
    sn_fill(n, 0.0, r);
    CHECK_INT(names[k][0] == 'n' ? sn_fc_nsgs(P, r, u, NULL, NULL)
              : names[k][0] == 'p' ? sn_fc_prox(P, r, u, NULL, NULL) : sn_fc_apgd(P, r, u, NULL, NULL),
              SN_OK);
    CHECK(sn_fc_error(P, r, NULL) <= 1e-8);
  }
  CHECK_INT(sn_fc_nsgs(NULL, r, u, NULL, NULL), SN_ERR_ARG);
  CHECK_INT(sn_fc_prox(P, NULL, u, NULL, NULL), SN_ERR_ARG);
  CHECK_INT(sn_fc_apgd(P, r, NULL, NULL, NULL), SN_ERR_ARG);
  sn_settings s;
  sn_info info = {0};
  sn_settings_default(&s);
  s.options = "local=newton";
  CHECK_INT(sn_fc_nsgs(P, r, u, &s, &info), SN_ERR_UNKNOWN);
  CHECK_INT(info.status, SN_ERR_UNKNOWN);
  s.options = "omega=abc";
  CHECK_INT(sn_fc_nsgs(P, r, u, &s, &info), SN_ERR_FORMAT);
  s.options = "omega=2.5";
  CHECK_INT(sn_fc_nsgs(P, r, u, &s, &info), SN_ERR_ARG);
  s.options = "inner=lemke";
  CHECK_INT(sn_fc_prox(P, r, u, &s, &info), SN_ERR_UNKNOWN);
  s.options = "L0=-1";
  CHECK_INT(sn_fc_apgd(P, r, u, &s, &info), SN_ERR_ARG);
  char buf[8];                                       /* the string-option parser */
  CHECK_INT(sn_option_string("a=1, local=ac ,b=2", "local", buf, sizeof buf), 1);
  CHECK(strcmp(buf, "ac") == 0);
  CHECK_INT(sn_option_string("locals=ac", "local", buf, sizeof buf), 0);
  CHECK_INT(sn_option_string("local=", "local", buf, sizeof buf), SN_ERR_FORMAT);
  CHECK_INT(sn_option_string("local=verylongvalue", "local", buf, sizeof buf), SN_ERR_FORMAT);
  CHECK_INT(sn_option_string(NULL, "local", buf, sizeof buf), 0);
  sn_fc_free(P);
}

/* A problem whose iterates overflow: contact 2 is pushed by -1e308 r_1, so r_2 ~ 1e308 and
 * u_1 = 1e308 r_2 = inf in a Gauss-Seidel sweep. No solver may return NaN: they stop with a
 * status and the last finite iterate. */
static void test_overflow(void)
{
  double Wd[36] = {0};
  for (int k = 0; k < 6; k++) Wd[k * 6 + k] = 1.0;
  Wd[3 * 6 + 0] = 1e308;     /* W(0,3): u_1N gets 1e308 r_2N */
  Wd[0 * 6 + 3] = -1e308;    /* W(3,0): u_2N gets -1e308 r_1N */
  sn_fc P = {3, 2, NULL, (double[]){-1, 0, 0, -1, 0, 0}, (double[]){0.5, 0.5}};
  sn_csc_from_dense(6, 6, Wd, 0.0, &P.W);
  const char *names[3] = {"nsgs", "prox", "apgd"};
  for (int k = 0; k < 3; k++) {
    double r[6] = {0}, u[6];
    sn_settings s;
    sn_settings_default(&s);
    s.max_iter = 200;
    sn_info info = {0};
    int st = sn_fc_solve(&P, names[k], r, u, &s, &info);
    /* the problem has solutions (APGD finds one: its symmetric part is I); the others must stop
     * cleanly when their sweeps overflow */
    CHECK(st == SN_OK ? info.error <= s.tol : st == SN_ERR_NAN || st == SN_MAX_ITER);
    int fin = 1;
    for (int j = 0; j < 6; j++) fin &= isfinite(r[j]) && isfinite(u[j]);
    CHECK(fin);
    CHECK(!isnan(info.error));
  }
  sn_csc_free(P.W);
}

/* ---- the Siconos data (tests/data/problems) ---- */

typedef struct {
  const char *file;      /* under SN_DATA_DIR */
  const char *solver;
  const char *options;
} data_case;

/* every fc3d/fc2d file is claimed solved by each solver listed here (the full table, all three
 * solvers on every file, is in the bench notes; the large files run with the fast ones only) */
static const data_case data_cases[] = {
    {"fc3d/BoxesStack1-i100000-32.hdf5", "apgd", NULL},
    {"fc3d/BoxesStack1-i100000-32.hdf5", "prox", NULL},
    {"fc3d/OneObject-i100000-316.hdf5", "apgd", NULL},
    {"fc3d/OneObject-i100000-316.hdf5", "prox", NULL},
    {"fc3d/OneObject-i100000-316.hdf5", "nsgs", "shuffle=1,seed=3"},
    {"fc3d/OneObject-i100000-316.hdf5", "nsgs", NULL},
    {"fc3d/Capsules-i100-889.hdf5", "apgd", NULL},
    {"fc3d/Capsules-i101-404.hdf5", "apgd", NULL},
    {"fc3d/Capsules-i101-404.hdf5", "prox", NULL},
    {"fc3d/Capsules-i125-1213.hdf5", "apgd", NULL},
    {"fc3d/Confeti-ex13-4contact-Fc3D-SBM.dat", "nsgs", NULL},
    {"fc3d/FC3D_Example1.dat", "nsgs", NULL},
    {"fc3d/FC3D_Example1_SBM.dat", "nsgs", NULL},
    {"fc3d/FrictionContact3D_1c.dat", "nsgs", NULL},
    {"fc3d/FrictionContact3D_RR_1c.dat", "nsgs", NULL},
    {"fc3d/GFC3D_TwoRods1-condensed.dat", "nsgs", NULL},
    {"fc3d/NESpheres_10_1.dat", "nsgs", NULL},
    {"fc3d/NESpheres_10_1.dat", "nsgs", "local=proj"},
    {"fc3d/NESpheres_10_1.dat", "nsgs", "local=ac"},
    {"fc3d/Rover1039.dat", "nsgs", NULL},
    {"fc3d/Rover1040.dat", "nsgs", NULL},
    {"fc3d/Rover11035.dat", "nsgs", NULL},
    {"fc3d/Rover4396.dat", "nsgs", NULL},
    {"fc2d/FC2D_SliderCrankLagrangian00000.dat", "nsgs", NULL},
    {"fc2d/FrictionContactProblem00031.dat", "nsgs", NULL},
    {"fc2d/FrictionContactProblem00071.dat", "nsgs", NULL},
    {"fc2d/FrictionContactProblem00374.dat", "nsgs", NULL},
    {"fc2d/FrictionContactProblem00394.dat", "nsgs", NULL},
    {"fc2d/fc2d_granularflowonwall_00667_00000.dat", "nsgs", NULL},
};
enum { NDATA = sizeof data_cases / sizeof data_cases[0] };

/* small files: every solver; files by name */
static const char *const small_files[] = {
    "fc3d/Confeti-ex13-4contact-Fc3D-SBM.dat", "fc3d/FC3D_Example1.dat",
    "fc3d/FrictionContact3D_1c.dat", "fc3d/FrictionContact3D_RR_1c.dat",
    "fc3d/GFC3D_TwoRods1-condensed.dat", "fc3d/NESpheres_10_1.dat", "fc3d/Rover1039.dat",
    "fc3d/Rover1040.dat", "fc3d/Rover11035.dat", "fc3d/Rover4396.dat",
    "fc2d/FC2D_SliderCrankLagrangian00000.dat", "fc2d/FrictionContactProblem00071.dat",
    "fc2d/FrictionContactProblem00394.dat"};
enum { NSMALL = sizeof small_files / sizeof small_files[0] };

static int solve_file(const char *file, const char *solver, const char *options)
{
  char path[1024], err[512];
  snprintf(path, sizeof path, "%s/%s", SN_DATA_DIR, file);
  if (!sn_need_data(path)) return 0;
  sn_file_problem *F = NULL;
  int st = sn_read_problem(path, &F, err, sizeof err);
  CHECK_INT(st, SN_OK);
  if (st || !F->fc) {
    fprintf(stderr, "  %s: %s\n", file, err);
    sn_file_problem_free(F);
    return 0;
  }
  sn_fc *P = F->fc;
  int n = P->dim * P->nc;
  double *r = calloc((size_t)n + 1, sizeof(double)), *u = calloc((size_t)n + 1, sizeof(double));
  sn_settings s;
  sn_settings_default(&s);
  s.max_iter = 1000000;
  s.time_limit = 60.0;
  s.options = options;
  sn_info info = {0};
  st = sn_fc_solve(P, solver, r, u, &s, &info);
  double e = sn_fc_error(P, r, NULL);
  if (st || !(e <= 1e-8))
    fprintf(stderr, "  %s %s %s: status %d error %g after %d iterations\n", file, solver,
            options ? options : "", st, e, info.iterations);
  CHECK_INT(st, SN_OK);
  CHECK(e <= 1e-8);
  CHECK_CLOSE(info.error, e, 1e-12, 0);
  free(r);
  free(u);
  sn_file_problem_free(F);
  return 1;
}

static int test_data(void)
{
  int ran = 0;
  for (int k = 0; k < NDATA; k++)
    ran += solve_file(data_cases[k].file, data_cases[k].solver, data_cases[k].options);
  const char *names[3] = {"nsgs", "prox", "apgd"};
  for (int k = 0; k < NSMALL; k++)
    for (int j = 0; j < 3; j++) ran += solve_file(small_files[k], names[j], NULL);
  return ran;
}

int main(void)
{
  test_local_solvers();
  test_exact2d_nearest();
  test_single_contact_solvers();
  test_random();
  test_statuses();
  test_overflow();
  int ran = test_data();
  if (!ran) { printf("test data not found under %s\n", SN_DATA_DIR); sn_check_failed++; }
  return sn_check_report();
}
