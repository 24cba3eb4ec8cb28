/* The local ADMM on W (sn_fc_admm_w, registry name "admm_w"):
 *  - single contacts solved by hand (stick, slip, take-off, coupled slip, a non-symmetric W,
 *    a 2D slip), on the dense (LAPACK) and the sparse (CHOLMOD / UMFPACK) path;
 *  - the Siconos / FCLIB data (tests/data/problems/fc3d) that it solves within 20 000 steps
 *    (all but the three Capsules problems, which take 4 000 to over 20 000 steps and seconds;
 *    OneObject also with scale=0,rho_min=0): sn_fc_error (recomputed here, independently of the
 *    solver) <= 1e-8, r in the cones, u = W r + q, a warm call from the result takes no step;
 *    BoxesStack1 (rank-deficient W) with scale=0,rho_min=0 to 1e-6 only: its tail is slow and
 *    rounding-dependent (measured with Debian 12's OpenBLAS LAPACK: 766 steps to 1e-6, 13 107
 *    to 1e-7, error 4.2e-8 after 20 000; 1 355 steps to 1e-8 with another LAPACK);
 *    and a 2D pile of discs (tests/data/pile2d/pile2d-60.hdf5);
 *  - BoxesStack1 (52 contacts, hyperstatic) against nsn_ac's solution (the peer);
 *  - the registry (admm_w local, admm still the global ADMM) and bad options refused. */
#include "check.h"
#include "test_util.h"
#include "signorini/io.h"
#include "signorini/solver.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  const char *name;
  int dim;
  double W[9], q[3], mu, r[3], u[3];   /* W column-major, dim x dim */
} hand_case;

/* W = I decouples normal and tangent: u_N = r_N + q_N = 0 gives r_N = -q_N (q_N < 0); stick
 * r_T = -q_T if |q_T| <= mu r_N, else slip r_T = -mu r_N q_T / |q_T|, u_T = q_T + r_T; q_N >= 0:
 * take-off, r = 0, u = q.
 * Coupled slip: W = [2 .5 0; .5 1 0; 0 0 1], q = (-2, 1.5, 0), mu = 0.3: slip with u_T > 0,
 * r_T = -0.3 r_N, 2 r_N + 0.5 r_T = 2 -> r_N = 2 / 1.85, u_T = 0.5 r_N + r_T + 1.5 = 1.5 + 0.2 r_N
 * (stick would need r = -W^-1 q = (0.5714, -1.7857, 0), outside the cone).
 * Non-symmetric W = [1 .3 0; -.3 1 .2; 0 0 1] (column-major below), q = (-1, 0.1, 0.05),
 * mu = 0.5: stick W r = -q: r_T2 = -0.05, r_T1 = -0.09 + 0.3 r_N, r_N + 0.3 r_T1 = 1 ->
 * r_N = 1.027 / 1.09, |r_T| = 0.199 <= mu r_N = 0.471 (the case of test_fc_nsn.c).
 * 2D slip: W = I, q = (-1, 1), mu = 0.5: r = (1, -0.5), u = (0, 0.5). */
#define RN (2.0 / 1.85)
#define RNS (1.027 / 1.09)
static const hand_case cases[] = {
    {"stick", 3, {1, 0, 0, 0, 1, 0, 0, 0, 1}, {-1, 0.2, 0.1}, 0.5, {1, -0.2, -0.1}, {0, 0, 0}},
    {"slip", 3, {1, 0, 0, 0, 1, 0, 0, 0, 1}, {-1, 0.5, 0}, 0.3, {1, -0.3, 0}, {0, 0.2, 0}},
    {"take-off", 3, {1, 0, 0, 0, 1, 0, 0, 0, 1}, {1, 0.3, 0}, 0.5, {0, 0, 0}, {1, 0.3, 0}},
    {"coupled slip", 3, {2, 0.5, 0, 0.5, 1, 0, 0, 0, 1}, {-2, 1.5, 0}, 0.3,
     {RN, -0.3 * RN, 0}, {0, 1.5 + 0.2 * RN, 0}},
    {"non-symmetric stick", 3, {1, -0.3, 0, 0.3, 1, 0, 0, 0.2, 1}, {-1, 0.1, 0.05}, 0.5,
     {RNS, -0.09 + 0.3 * RNS, -0.05}, {0, 0, 0}},
    {"2D slip", 2, {1, 0, 0, 1}, {-1, 1}, 0.5, {1, -0.5}, {0, 0.5}},
};

static int solve_tol(const sn_fc *P, const char *opts, double tol, double *r, double *u,
                     sn_info *info)
{
  sn_settings s;
  sn_settings_default(&s);
  s.options = opts;
  s.tol = tol;
  s.max_iter = 20000;
  memset(info, 0, sizeof *info);
  return sn_fc_admm_w(P, r, u, &s, info);
}

static int solve(const sn_fc *P, const char *opts, double *r, double *u, sn_info *info)
{
  return solve_tol(P, opts, 1e-8, r, u, info);
}

static void test_hand(void)
{
  const char *paths[2] = {"linear=dense", "linear=sparse"};
  for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
    const hand_case *h = &cases[c];
    int d = h->dim;
    sn_fc P = {d, 1, NULL, (double *)h->q, (double *)&h->mu};
    CHECK_INT(sn_csc_from_dense(d, d, h->W, 0.0, &P.W), SN_OK);
    for (int p = 0; p < 2; p++) {
      double r[3] = {0.5, 0, 0}, u[3];   /* not zero: the take-off case would start solved */
      sn_info info = {0};   /* history NULL (the caller's optional buffer) */
      CHECK_INT(solve(&P, paths[p], r, u, &info), SN_OK);
      CHECK(info.iterations > 0);
      for (int k = 0; k < d; k++) {
        CHECK_CLOSE(r[k], h->r[k], 0, 1e-7);   /* the tolerance 1e-8 of a relative measure */
        CHECK_CLOSE(u[k], h->u[k], 0, 1e-7);
      }
      CHECK(sn_fc_error(&P, r, NULL) <= 1e-8);
      printf("  %-20s %-14s %3d steps, error %.1e\n", h->name, paths[p], info.iterations, info.error);
    }
    sn_csc_free(P.W);
  }
}

/* r in K (to rounding) and u = W r + q */
static void check_result(const sn_fc *P, const double *r, const double *u)
{
  int d = P->dim, n = d * P->nc;
  double *Wr = calloc((size_t)n, sizeof(double)), worst = 0.0, rmax = 0.0, uerr = 0.0;
  sn_csc_gemv(P->W, 1.0, r, 0.0, Wr);
  for (int i = 0; i < P->nc; i++) {
    const double *ri = r + d * i;
    worst = fmax(worst, (d == 3 ? hypot(ri[1], ri[2]) : fabs(ri[1])) - P->mu[i] * ri[0]);
    worst = fmax(worst, -ri[0]);
  }
  for (int k = 0; k < n; k++) {
    rmax = fmax(rmax, fabs(r[k]));
    uerr = fmax(uerr, fabs(Wr[k] + P->q[k] - u[k]));
  }
  CHECK(worst <= 1e-12 * fmax(rmax, 1.0));
  CHECK(uerr <= 1e-12 * (sn_nrminf(n, P->q) + sn_nrminf(n, Wr)));
  free(Wr);
}

static void test_file_tol(const char *dir, const char *file, const char *opts, double tol)
{
  sn_file_problem *F = read_shared(dir, file);
  if (!F) return;
  const sn_fc *P = F->fc;
  int n = P->dim * P->nc;
  double *r = calloc((size_t)n, sizeof(double)), *u = calloc((size_t)n, sizeof(double));
  sn_info info = {0};   /* history NULL (the caller's optional buffer) */
  CHECK_INT(solve_tol(P, opts, tol, r, u, &info), SN_OK);
  double e = sn_fc_error(P, r, NULL);                     /* recomputed from r alone */
  CHECK(e <= tol);
  CHECK_CLOSE(info.error, e, 1e-10, 1e-15);
  check_result(P, r, u);
  printf("  %-34s %-8s %5d steps, error %.2e\n", file, opts ? opts : "", info.iterations, e);
  CHECK_INT(solve_tol(P, opts, tol, r, u, &info), SN_OK); /* warm, from the result */
  CHECK_INT(info.iterations, 0);
  free(r);
  free(u);
  sn_file_problem_free(F);
}

static void test_file(const char *dir, const char *file, const char *opts)
{
  test_file_tol(dir, file, opts, 1e-8);
}

/* BoxesStack1: 52 contacts between stacked boxes (W 156 x 156, rank-deficient: r is not unique,
 * u = W r + q is); the peer is nsn_ac's solution to 1e-8, admm_w's to 1e-6 (see the top) */
static void test_peer(void)
{
  sn_file_problem *F = read_shared("fc3d", "BoxesStack1-i100000-32.hdf5");
  if (!F) return;
  const sn_fc *P = F->fc;
  int n = 3 * P->nc;
  double *ra = calloc((size_t)n, sizeof(double)), *ua = calloc((size_t)n, sizeof(double));
  double *rn = calloc((size_t)n, sizeof(double)), *un = calloc((size_t)n, sizeof(double));
  sn_info ia, in;
  memset(&ia, 0, sizeof ia);
  memset(&in, 0, sizeof in);
  sn_settings s;
  sn_settings_default(&s);
  s.max_iter = 20000;
  s.options = "scale=0,rho_min=0";
  s.tol = 1e-6;
  CHECK_INT(sn_fc_solve(P, "admm_w", ra, ua, &s, &ia), SN_OK);
  s.options = NULL;
  s.tol = 1e-8;
  CHECK_INT(sn_fc_solve(P, "nsn_ac", rn, un, &s, &in), SN_OK);
  double du = 0.0, dr = 0.0, umax = 0.0, rmax = 0.0, fa = 0.0, fn = 0.0;
  for (int k = 0; k < n; k++) {
    du = fmax(du, fabs(ua[k] - un[k]));
    dr = fmax(dr, fabs(ra[k] - rn[k]));
    umax = fmax(umax, fabs(un[k]));
    rmax = fmax(rmax, fabs(rn[k]));
  }
  for (int i = 0; i < P->nc; i++) { fa += ra[3 * i]; fn += rn[3 * i]; }   /* total normal force */
  printf("  BoxesStack1 against nsn_ac: max |u - u_nsn| = %.2e (max |u_nsn| %.2e, |q| %.2e), "
         "max |r - r_nsn| = %.2e (max |r| %.2e), sum r_N %.6e / %.6e\n",
         du, umax, sn_nrminf(n, P->q), dr, rmax, fa, fn);
  CHECK(du <= 5e-6 * sn_nrminf(n, P->q));                /* measured 7.2e-5 = 2.3e-6 |q| */
  CHECK_CLOSE(fa, fn, 1e-5, 0);                          /* measured 3.6e-6 */
  free(ra);
  free(ua);
  free(rn);
  free(un);
  sn_file_problem_free(F);
}

static void test_registry_and_options(void)
{
  const sn_solver_entry *e = sn_solver_find("admm_w");
  CHECK(e && e->fc == sn_fc_admm_w && !strcmp(e->kind, "fc") && e->dims == (4 | 8));
  const sn_solver_entry *g = sn_solver_find("admm");
  CHECK(g && g->gfc == sn_gfc_admm && !g->fc);           /* the global ADMM is unchanged */
  double Wd[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
  sn_fc P = {3, 1, NULL, (double[]){-1, 0, 0}, (double[]){0.5}};
  sn_csc_from_dense(3, 3, Wd, 0.0, &P.W);
  const char *bad[] = {"rho=-1", "rho=0", "alpha=2", "alpha=0", "adapt=2", "aa=51", "aa=1.5",
                       "linear=banded", "foo=1", "rho", "omega=1", "scale=2", "rho_min=2", "rho_min=-1"};
  for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
    double r[3] = {0}, u[3];
    sn_info info = {0};   /* history NULL (the caller's optional buffer) */
    int st = solve(&P, bad[k], r, u, &info);
    if (!(st < 0)) fprintf(stderr, "  option %s accepted (status %d)\n", bad[k], st);
    CHECK(st < 0);
  }
  const char *good[] = {"rho=2", "adapt=0", "alpha=1.5", "aa=0", "linear=sparse", "scale=0", "rho_min=0.5"};
  for (size_t k = 0; k < sizeof good / sizeof good[0]; k++) {
    double r[3] = {0}, u[3];
    sn_info info = {0};   /* history NULL (the caller's optional buffer) */
    CHECK_INT(solve(&P, good[k], r, u, &info), SN_OK);
    CHECK_CLOSE(r[0], 1.0, 0, 1e-7);                     /* W = I, q_N = -1: r_N = 1 */
  }
  double r[3] = {0}, u[3];
  CHECK(sn_fc_admm_w(&P, r, NULL, NULL, NULL) < 0);      /* no u */
  sn_fc Q = P;
  Q.dim = 4;
  CHECK(sn_fc_admm_w(&Q, r, u, NULL, NULL) < 0);          /* dim 2 or 3 only */
  sn_csc_free(P.W);
}

int main(void)
{
  test_hand();
  test_registry_and_options();
  const char *files[] = {"FrictionContact3D_1c.hdf5", "FrictionContact3D_RR_1c.hdf5",
                         "Rover11035.hdf5", "Rover4396.hdf5", "FC3D_Example1.hdf5",
                         "Confeti-ex13-4contact-Fc3D-SBM.hdf5", "Rover1039.hdf5",
                         "Rover1040.hdf5", "NESpheres_10_1.hdf5", "OneObject-i100000-316.hdf5"};
  for (size_t k = 0; k < sizeof files / sizeof files[0]; k++) test_file("fc3d", files[k], NULL);
  test_file_tol("fc3d", "BoxesStack1-i100000-32.hdf5", "scale=0,rho_min=0", 1e-6);
  test_file("fc3d", "OneObject-i100000-316.hdf5", "scale=0,rho_min=0");
  /* 2D: a pile of 60 discs (bench/gen_pile2d.c, 114 contacts), 648 steps */
  test_file("../pile2d", "pile2d-60.hdf5", NULL);
  test_peer();
  return sn_check_report();
}
