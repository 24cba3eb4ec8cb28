/* The local solvers on threads (sn_settings.threads, docs/threads.md "The local solvers"):
 *  - nsgs with order=colour solves FCLIB/Siconos problems (3D capsules, a box stack, OneObject
 *    with the stall rule's colour shuffle, a 2D problem) to the tolerance, checked by
 *    sn_fc_error, with r, u, the iterations and the error identical bit for bit on 1, 2 and 3
 *    threads; with omega and local=proj too;
 *  - nsgs (order=rows), apgd and prox (inner=nsgs, inner=nsgs with order=colour, inner=fp) give
 *    the same bits on 1, 2 and 3 threads (their products W r and the error are threaded; the
 *    serial code is the reference, see the test of the kernels below);
 *  - the kernels: sn_bsr_gemv_threads and sn_fc_eval_threads / sn_fc_error_u_threads against
 *    the serial sn_bsr_gemv / sn_fc_eval / sn_fc_error_u, bit for bit;
 *  - order=jacobi (blocks at once, Gauss-Seidel within): one block is order=rows bit for bit;
 *    16 blocks with omega=0.5 solve Capsules-i101-404, the same bits on 1, 2 and 3 threads;
 *  - bad values: order=foo (SN_ERR_UNKNOWN), order= (SN_ERR_FORMAT), order=colour or jacobi
 *    with shuffle=1, blocks=0, blocks= without order=jacobi (SN_ERR_ARG), for nsgs and prox. */
#include "check.h"
#include "test_util.h"
#include "signorini/la.h"
#include "signorini/solver.h"
#include "solver/fc_local.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
  int st, it;
  double err;
  double *r, *u;
} run_result;

static run_result run(const sn_fc *P, const char *solver, const char *options, double tol,
                      int max_iter, int threads)
{
  int n = P->dim * P->nc;
  run_result R = {0, 0, 0.0, calloc((size_t)n + 1, sizeof(double)), calloc((size_t)n + 1, sizeof(double))};
  sn_settings s;
  sn_settings_default(&s);
  s.tol = tol;
  s.max_iter = max_iter;
  s.options = options;
  s.threads = threads;
  sn_info info = {0};
  R.st = sn_fc_solve(P, solver, R.r, R.u, &s, &info);
  R.it = info.iterations;
  R.err = info.error;
  return R;
}

static void drop(run_result *R)
{
  free(R->r);
  free(R->u);
}

/* solver on 1, 2 and 3 threads: the same status, iterations, error, r and u; solved when want_ok */
static void check_threads(const char *file, const sn_fc *P, const char *solver, const char *options,
                          double tol, int max_iter, int want_ok)
{
  int n = P->dim * P->nc;
  run_result R1 = run(P, solver, options, tol, max_iter, 1);
  if (want_ok) {
    if (R1.st != SN_OK) fprintf(stderr, "  %s %s %s: status %d after %d iterations, error %g\n", file, solver, options ? options : "", R1.st, R1.it, R1.err);
    CHECK_INT(R1.st, SN_OK);
    CHECK(sn_fc_error(P, R1.r, NULL) <= tol);   /* recomputed from W's compressed columns */
  }
  for (int t = 2; t <= 3; t++) {
    run_result Rt = run(P, solver, options, tol, max_iter, t);
    int same = Rt.st == R1.st && Rt.it == R1.it && memcmp(&Rt.err, &R1.err, sizeof R1.err) == 0 &&
               memcmp(Rt.r, R1.r, sizeof(double) * (size_t)n) == 0 &&
               memcmp(Rt.u, R1.u, sizeof(double) * (size_t)n) == 0;
    if (!same) fprintf(stderr, "  %s %s %s: %d threads differ from 1 (iterations %d / %d)\n", file, solver, options ? options : "", t, Rt.it, R1.it);
    CHECK(same);
    drop(&Rt);
  }
  drop(&R1);
}

static void test_problem(const char *dir, const char *file, double tol, int big)
{
  sn_file_problem *F = read_shared(dir, file);
  if (!F) return;
  const sn_fc *P = F->fc;
  check_threads(file, P, "nsgs", "order=colour", tol, 5000, 1);
  check_threads(file, P, "nsgs", NULL, tol, 300, 0);
  check_threads(file, P, "apgd", NULL, tol, 300, 0);
  check_threads(file, P, "prox", NULL, tol, 100, 0);
  check_threads(file, P, "prox", "order=colour", tol, 100, 0);
  if (!big && !SN_SANITIZED) {   /* the option variants: not under the sanitizers (time) */
    check_threads(file, P, "nsgs", "order=colour,omega=1.3,local=proj", tol, 200, 0);
    check_threads(file, P, "nsgs", "order=colour,omega=0.8,local=ac", tol, 200, 0);
    check_threads(file, P, "prox", "inner=fp", tol, 200, 0);
  }
  sn_file_problem_free(F);
}

/* the threaded kernels against the serial ones, on a problem of several chunks */
static void test_kernels(void)
{
  sn_file_problem *F = read_shared("fc2d", "fc2d_granularflowonwall_00667_00000.dat");
  if (!F) return;
  const sn_fc *P = F->fc;
  int n = P->dim * P->nc;
  sn_bsr *B = NULL;
  CHECK_INT(sn_bsr_from_csc(P->W, P->dim, &B), SN_OK);
  double *x = malloc(sizeof(double) * (size_t)n * 5), *y0 = x + n, *y1 = x + 2 * n, *c = x + 3 * n;
  double *work = x + 4 * n;
  uint64_t seed = 7;
  for (int k = 0; k < n; k++) {
    x[k] = (double)(sn_rng_next(&seed) >> 11) / 9007199254740992.0 - 0.25;
    c[k] = (double)(sn_rng_next(&seed) >> 11) / 9007199254740992.0;
    y0[k] = c[k];
  }
  sn_bsr_gemv(B, 1.5, x, -0.5, y0);
  for (int t = 1; t <= 3; t++) {
    memcpy(y1, c, sizeof(double) * (size_t)n);
    sn_bsr_gemv_threads(B, 1.5, x, -0.5, y1, t);
    CHECK(memcmp(y0, y1, sizeof(double) * (size_t)n) == 0);
  }
  const double sig[2] = {0.0, 0.3};
  for (int m = 0; m < 2; m++) {
    double e0 = sn_fc_eval(P, B, sig[m], c, x, y0), f0 = sn_fc_error_u(P, sig[m], c, x, y0);
    CHECK(e0 > 0 && e0 == f0);
    for (int t = 1; t <= 3; t++) {
      double e1 = sn_fc_eval_threads(P, B, sig[m], c, x, y1, t, work);
      double f1 = sn_fc_error_u_threads(P, sig[m], c, x, y1, t, work);
      CHECK(memcmp(&e0, &e1, sizeof e0) == 0 && memcmp(&f0, &f1, sizeof f0) == 0);
      CHECK(memcmp(y0, y1, sizeof(double) * (size_t)n) == 0);
    }
  }
  free(x);
  sn_bsr_free(B);
  sn_file_problem_free(F);
}

static void test_bad_options(void)
{
  sn_file_problem *F = read_shared("fc3d", "Capsules-i101-404.hdf5");
  if (!F) return;
  const sn_fc *P = F->fc;
  int n = P->dim * P->nc;
  double *r = calloc((size_t)n, sizeof(double)), *u = calloc((size_t)n, sizeof(double));
  sn_settings s;
  sn_info info = {0};
  sn_settings_default(&s);
  const char *solvers[2] = {"nsgs", "prox"};
  for (int k = 0; k < 2; k++) {
    s.options = "order=foo";
    CHECK_INT(sn_fc_solve(P, solvers[k], r, u, &s, &info), SN_ERR_UNKNOWN);
    s.options = "order=";
    CHECK_INT(sn_fc_solve(P, solvers[k], r, u, &s, &info), SN_ERR_FORMAT);
    s.options = "order=colour,shuffle=1";
    CHECK_INT(sn_fc_solve(P, solvers[k], r, u, &s, &info), SN_ERR_ARG);
    s.options = "shuffle=1,order=color";
    CHECK_INT(sn_fc_solve(P, solvers[k], r, u, &s, &info), SN_ERR_ARG);
    s.options = "order=jacobi,shuffle=1";
    CHECK_INT(sn_fc_solve(P, solvers[k], r, u, &s, &info), SN_ERR_ARG);
    s.options = "order=jacobi,blocks=0";
    CHECK_INT(sn_fc_solve(P, solvers[k], r, u, &s, &info), SN_ERR_ARG);
    s.options = "blocks=4";
    CHECK_INT(sn_fc_solve(P, solvers[k], r, u, &s, &info), SN_ERR_ARG);
  }
  s.options = "order=colour";   /* apgd has no sweep order */
  CHECK_INT(sn_fc_solve(P, "apgd", r, u, &s, &info), SN_ERR_UNKNOWN);
  free(r);
  free(u);
  sn_file_problem_free(F);
}

/* order=jacobi: one block is the sequential sweep; more blocks, on threads, the same bits */
static void test_jacobi(void)
{
  sn_file_problem *F = read_shared("fc3d", "Capsules-i101-404.hdf5");
  if (!F) return;
  const sn_fc *P = F->fc;
  int n = P->dim * P->nc;
  run_result A = run(P, "nsgs", NULL, 1e-6, 5000, 1), B = run(P, "nsgs", "order=jacobi,blocks=1", 1e-6, 5000, 3);
  CHECK_INT(A.st, SN_OK);
  CHECK(B.st == A.st && B.it == A.it && memcmp(B.r, A.r, sizeof(double) * (size_t)n) == 0 &&
        memcmp(B.u, A.u, sizeof(double) * (size_t)n) == 0);
  drop(&A);
  drop(&B);
  check_threads("Capsules-i101-404", P, "nsgs", "order=jacobi,blocks=16,omega=0.5", 1e-6, 5000, 1);
  sn_file_problem_free(F);
}

int main(void)
{
  test_jacobi();
  test_kernels();
  test_bad_options();
  test_problem("fc3d", "Capsules-i101-404.hdf5", 1e-6, 1);        /* 225 contacts, 152 sweeps */
  test_problem("fc3d", "BoxesStack1-i100000-32.hdf5", 1e-4, 0);   /* 52 contacts, 1222 sweeps */
  test_problem("fc2d", "FrictionContactProblem00071.dat", 1e-8, 0);
  sn_file_problem *F = read_shared("fc3d", "OneObject-i100000-316.hdf5");
  if (F) {   /* cycles: the stall rule shuffles the colours after 50 sweeps, then halves omega */
    check_threads("OneObject", F->fc, "nsgs", "order=colour,stall=50,seed=3", 1e-6, 5000, 1);
    sn_file_problem_free(F);
  }
  return sn_check_report();
}
