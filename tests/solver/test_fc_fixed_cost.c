/* The fixed-cost paths of a solver call (issue #13, point 5; docs/solvers.md, "The fixed cost
 * of a 3 us call") give the bits of the general paths:
 *  - nsgs, nsn_ac and nsn_fb measure the r they return once (their convergence test's
 *    sn_fc_measures, reused by the verdict): info's error, absolute residual, penetration and
 *    cone violation are those of a fresh sn_fc_measures / sn_fc_error of the r returned, bit
 *    for bit, and u is W r + q as the block view computes it;
 *  - from r = 0 (or -0) nsgs forms u = q without the product: u is what W 0 + q gives, a -0 of
 *    q made +0 (on a problem solved at r = 0 the returned u is that, bit for bit);
 *  - no options, "" and the defaults spelled out give the same bits;
 *  - the workspace on the stack (up to 32 contacts) and on the heap (Capsules, 225) alike.
 * Problems: FC3D_Example1_SBM, GFC3D_TwoRods1-condensed, NESpheres_10_1, Confeti (4 contacts),
 * Capsules-i101-404 (stopped after 30 sweeps: the not-converged path). */
#include "check.h"
#include "test_util.h"
#include "signorini/la.h"
#include "signorini/solver.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* u = W r + q as the solvers' block view forms it (sn_fc_eval's order) */
static void u_of(const sn_fc *P, const double *r, double *u)
{
  int n = P->dim * P->nc;
  sn_bsr *B = NULL;
  CHECK_INT(sn_bsr_from_csc(P->W, P->dim, &B), SN_OK);
  if (!B) return;
  sn_bsr_gemv(B, 1.0, r, 0.0, u);
  for (int k = 0; k < n; k++) u[k] += P->q[k] + 0.0;
  sn_bsr_free(B);
}

static int same(int n, const double *a, const double *b) { return !memcmp(a, b, sizeof(double) * (size_t)n); }

/* SOLVER from zero: info against fresh measures of the r returned, u against W r + q */
static void check_problem(const char *solver, const char *file, int max_iter, int want_solved)
{
  sn_file_problem *F = read_shared("fc3d", file);
  if (!F) return;
  const sn_fc *P = F->fc;
  int n = P->dim * P->nc;
  double *r = calloc((size_t)n, sizeof(double)), *u = calloc((size_t)n, sizeof(double));
  double *r2 = calloc((size_t)n, sizeof(double)), *u2 = calloc((size_t)n, sizeof(double));
  double *uw = calloc((size_t)n, sizeof(double));
  sn_settings s;
  sn_settings_default(&s);
  s.max_iter = max_iter;
  sn_info info = {0};
  int st = sn_fc_solve(P, solver, r, u, &s, &info);
  CHECK_INT(st == SN_OK, want_solved);
  sn_fc_meas m;
  CHECK_INT(sn_fc_measures(P, r, s.tol, &m), SN_OK);
  CHECK(info.abs_residual == m.abs_residual);
  CHECK(info.penetration == m.penetration);
  CHECK(info.cone_violation == m.cone_violation);
  CHECK(info.error == sn_fc_error(P, r, NULL));
  CHECK(info.error == m.rel_error);
  u_of(P, r, uw);
  CHECK(same(n, u, uw));
  /* the defaults spelled out, and an empty option string: the same bits */
  static const char *const opts[] = {"", "local=hybrid,omega=1,order=rows"};
  for (int k = 0; k < 2 && !strcmp(solver, "nsgs"); k++) {
    s.options = opts[k];
    sn_info i2 = {0};
    memset(r2, 0, sizeof(double) * (size_t)n);
    CHECK_INT(sn_fc_solve(P, "nsgs", r2, u2, &s, &i2), st);
    CHECK(same(n, r, r2) && same(n, u, u2));
    CHECK_INT(i2.iterations, info.iterations);
    CHECK(i2.error == info.error);
  }
  free(r); free(u); free(r2); free(u2); free(uw);
  sn_file_problem_free(F);
}

/* a problem solved at r = 0 (every contact opening: q_N > 0), with -0 in q and in the start */
static void check_zero_start(void)
{
  double Wd[36] = {0}, q[6] = {1.0, -0.0, 0.25, 2.0, 0.5, -0.0}, mu[2] = {0.3, 0.6};
  for (int i = 0; i < 6; i++) Wd[i * 6 + i] = 1.0 + 0.1 * i;
  Wd[1 * 6 + 0] = Wd[0 * 6 + 1] = -0.2;   /* a coupling: W 0 has -0 products */
  Wd[3 * 6 + 1] = Wd[1 * 6 + 3] = -0.1;
  sn_csc *W = NULL;
  CHECK_INT(sn_csc_from_dense(6, 6, Wd, 0.0, &W), SN_OK);
  if (!W) return;
  sn_fc P = {3, 2, W, q, mu};
  for (int neg = 0; neg < 2; neg++) {
    double r[6], u[6], uw[6], want[6];
    for (int k = 0; k < 6; k++) r[k] = neg ? -0.0 : 0.0;
    sn_info info = {0};
    CHECK_INT(sn_fc_solve(&P, "nsgs", r, u, NULL, &info), SN_OK);
    CHECK_INT(info.iterations, 0);
    u_of(&P, r, uw);
    for (int k = 0; k < 6; k++) want[k] = q[k] + 0.0;
    CHECK(same(6, u, uw));
    CHECK(same(6, u, want));
    CHECK(!signbit(u[1]) && !signbit(u[5]));   /* q's -0 made +0, as W 0 + q makes it */
    CHECK(info.error == sn_fc_error(&P, r, NULL));
  }
  sn_csc_free(W);
}

int main(void)
{
  static const char *const solvers[] = {"nsgs", "nsn_ac", "nsn_fb"};
  for (int k = 0; k < 3; k++) {
    check_problem(solvers[k], "FC3D_Example1_SBM.hdf5", 1000, 1);
    check_problem(solvers[k], "GFC3D_TwoRods1-condensed.dat", 1000, 1);
    check_problem(solvers[k], "NESpheres_10_1.hdf5", 100000, 1);
    check_problem(solvers[k], "Confeti-ex13-4contact-Fc3D-SBM.hdf5", 100000, 1);
    check_problem(solvers[k], "Capsules-i101-404.hdf5", k ? 3 : 30, 0);
  }
  check_zero_start();
  return sn_check_report();
}
