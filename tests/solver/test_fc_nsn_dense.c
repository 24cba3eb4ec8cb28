/* The small-problem path of the semismooth Newton solvers (fc_nsn.c): the Newton system of at
 * most 120 rows is factorized dense (sn_dense_lu_solve) instead of sparse (KLU). Both are LU
 * with partial pivoting of the same matrix, so on the 1-, 2-, 3-, 5-, 9- and 25-contact problems
 * of tests/data/problems/fc3d (FrictionContact3D_1c, Rover4396, FC3D_Example1, Rover1040,
 * NESpheres_10_1, OneObject-i100000-316) both paths (options linear=dense and linear=sparse)
 * must take the same Newton steps: the same iteration count and solutions that agree to 1e-10
 * (relative to max |r|), each solved with sn_fc_error (recomputed here, independently of the
 * solver) <= tol. The default path (linear=auto) must be the dense one on these sizes (identical
 * iterates; OneObject's 75 rows were sparse below 5 December), and a warm call from a solution
 * takes no Newton step. */
#include "check.h"
#include "test_util.h"
#include "signorini/io.h"
#include "signorini/solver.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef int (*fc_solver)(const sn_fc *, double *, double *, const sn_settings *, sn_info *);

/* solve P from zero with the given options; r, u out; returns the status */
static int solve(fc_solver f, const sn_fc *P, const char *opts, double *r, double *u, sn_info *info)
{
  sn_settings s;
  sn_settings_default(&s);
  s.options = opts;
  memset(r, 0, sizeof(double) * (size_t)(3 * P->nc));
  memset(info, 0, sizeof *info);
  return f(P, r, u, &s, info);
}

static void compare(const char *file, int nc_expected)
{
  char path[1024], err[512];
  snprintf(path, sizeof path, "%s/fc3d/%s", SN_DATA_DIR, file);
  if (!sn_need_data(path)) return;
  sn_file_problem *F = NULL;
  int st = sn_read_problem(path, &F, err, sizeof err);
  CHECK_INT(st, SN_OK);
  if (st || !F->fc) { fprintf(stderr, "  %s: %s\n", file, err); sn_file_problem_free(F); return; }
  const sn_fc *P = F->fc;
  CHECK_INT(P->nc, nc_expected);
  int n = 3 * P->nc;
  double *rd = calloc((size_t)n, sizeof(double)), *rs = calloc((size_t)n, sizeof(double));
  double *ra = calloc((size_t)n, sizeof(double)), *u = calloc((size_t)n, sizeof(double));
  fc_solver solvers[2] = {sn_fc_nsn_ac, sn_fc_nsn_fb};
  for (int m = 0; m < 2; m++) {
    sn_info id, is, ia;
    CHECK_INT(solve(solvers[m], P, "linear=dense", rd, u, &id), SN_OK);
    CHECK_INT(solve(solvers[m], P, "linear=sparse", rs, u, &is), SN_OK);
    CHECK_INT(solve(solvers[m], P, NULL, ra, u, &ia), SN_OK);
    CHECK_INT(id.iterations, is.iterations);
    CHECK_INT(ia.iterations, id.iterations);
    double dev = 0.0, ad = 0.0, rmax = 0.0;
    for (int k = 0; k < n; k++) {
      dev = fmax(dev, fabs(rd[k] - rs[k]));
      ad = fmax(ad, fabs(ra[k] - rd[k]));
      rmax = fmax(rmax, fabs(rs[k]));
    }
    CHECK(rmax > 0.0);                       /* every one of these problems is in contact */
    CHECK(dev <= 1e-10 * rmax);
    CHECK(ad == 0.0);                        /* auto is the dense path here */
    CHECK(sn_fc_error(P, rd, NULL) <= 1e-8);
    CHECK(sn_fc_error(P, rs, NULL) <= 1e-8);
    CHECK_CLOSE(id.error, sn_fc_error(P, rd, NULL), 1e-12, 0);
    printf("  %-28s %s: %d steps, |r_dense - r_sparse| = %.1e (max |r| %.2e)\n", file,
           m ? "nsn_fb" : "nsn_ac", id.iterations, dev, rmax);
    /* a warm call from the solution: no Newton step, r unchanged */
    sn_settings s;
    sn_settings_default(&s);
    memcpy(ra, rd, sizeof(double) * (size_t)n);
    CHECK_INT(solvers[m](P, ra, u, &s, &id), SN_OK);
    CHECK_INT(id.iterations, 0);
    double wd = 0.0;
    for (int k = 0; k < n; k++) wd = fmax(wd, fabs(ra[k] - rd[k]));
    if (wd > 0) printf("  warm call moved r by %.1e\n", wd);
    CHECK(wd <= 1e-15 * rmax);               /* at most the rounding of a projection */
  }
  free(rd);
  free(rs);
  free(ra);
  free(u);
  sn_file_problem_free(F);
}

/* linear= is checked: an unknown value is refused */
static void test_option(void)
{
  double Wd[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
  sn_fc P = {3, 1, NULL, (double[]){-1, 0, 0}, (double[]){0.5}};
  sn_csc_from_dense(3, 3, Wd, 0.0, &P.W);
  double r[3] = {0}, u[3];
  sn_info info = {0};   /* history NULL (the caller's optional buffer) */
  CHECK(solve(sn_fc_nsn_ac, &P, "linear=banded", r, u, &info) < 0);
  CHECK_INT(solve(sn_fc_nsn_ac, &P, "linear=dense", r, u, &info), SN_OK);
  CHECK_CLOSE(r[0], 1.0, 1e-7, 0);            /* W = I, q_N = -1: r_N = 1, u = 0 (to tol) */
  sn_csc_free(P.W);
}

/* A dense W of more than 120 rows (a condensed finite-element problem's: every contact coupled
 * to every other) takes the dense path too (LAPACK's dgesv, fc_nsn.c DENSE_FILL): auto gives
 * linear=dense's iterates bit for bit, and linear=sparse (KLU) the same steps to 1e-10. W = B^T B
 * / n + I with B uniform in [-1, 1) (a fixed xorshift sequence), 50 contacts, q_N = -1 .. -2,
 * q_T in [-0.5, 0.5), mu = 0.3: solved to 1e-10, the error recomputed here. */
static void test_dense_w(void)
{
  enum { NC = 50, N = 3 * NC };
  double *B = malloc(sizeof(double) * N * N), *Wd = calloc((size_t)N * N, sizeof(double));
  double q[N], mu[NC], rd[N], rs[N], ra[N], u[N];
  unsigned long long x = 88172645463325252ull;
  for (int k = 0; k < N * N; k++) {
    x ^= x << 13; x ^= x >> 7; x ^= x << 17;
    B[k] = 2.0 * ((double)(x >> 11) / 9007199254740992.0) - 1.0;
  }
  for (int j = 0; j < N; j++)
    for (int i = 0; i < N; i++) {
      double s = 0;
      for (int k = 0; k < N; k++) s += B[(size_t)i * N + k] * B[(size_t)j * N + k];
      Wd[(size_t)j * N + i] = s / N + (i == j);
    }
  for (int c = 0; c < NC; c++) {
    q[3 * c] = -1.0 - (double)c / NC;
    q[3 * c + 1] = 0.5 - (double)((c * 7) % NC) / NC;
    q[3 * c + 2] = (double)((c * 13) % NC) / NC - 0.5;
    mu[c] = 0.3;
  }
  sn_fc P = {3, NC, NULL, q, mu};
  CHECK_INT(sn_csc_from_dense(N, N, Wd, 0.0, &P.W), SN_OK);
  sn_settings s;
  sn_settings_default(&s);
  s.tol = 1e-10;
  const char *opts[3] = {"linear=dense", "linear=sparse", NULL};
  double *res[3] = {rd, rs, ra};
  int its[3];
  for (int k = 0; k < 3; k++) {
    sn_info info = {0};
    s.options = opts[k];
    memset(res[k], 0, sizeof rd);
    CHECK_INT(sn_fc_nsn_ac(&P, res[k], u, &s, &info), SN_OK);
    CHECK(sn_fc_error(&P, res[k], NULL) <= 1e-10);
    its[k] = info.iterations;
  }
  double dev = 0.0, rmax = 0.0;
  for (int k = 0; k < N; k++) dev = fmax(dev, fabs(rd[k] - rs[k])), rmax = fmax(rmax, fabs(rd[k]));
  printf("  dense W, %d rows: %d Newton steps, |r_dense - r_sparse| = %.1e (max |r| %.2e)\n", N, its[0], dev, rmax);
  CHECK(rmax > 0.0);
  CHECK_INT(its[1], its[0]);
  CHECK(dev <= 1e-10 * rmax);
  CHECK(memcmp(ra, rd, sizeof rd) == 0);     /* auto is the dense path */
  sn_csc_free(P.W);
  free(B);
  free(Wd);
}

int main(void)
{
  test_option();
  test_dense_w();
  compare("FrictionContact3D_1c.hdf5", 1);
  compare("Rover4396.hdf5", 2);
  compare("FC3D_Example1.hdf5", 3);
  compare("Rover1040.hdf5", 5);
  compare("NESpheres_10_1.hdf5", 9);
  compare("OneObject-i100000-316.hdf5", 25);
  return sn_check_report();
}
