/* The 2D semismooth Newton method on Alart-Curnier (sn_fc_nsn_ac with dim 2):
 *  - single contacts solved by hand (stick, slip, take-off, slip with a coupled W);
 *  - a generated pile of 150 discs in a box (290 contacts, tests/data/pile2d/pile2d-150.hdf5,
 *    written by `signorini_gen_pile2d 150 pile2d-150.hdf5`, bench/gen_pile2d.c: a hyperstatic
 *    pile, 580 contact unknowns for 450 degrees of freedom, on which NSGS still has an error of
 *    2.4e-7 after 300 000 sweeps): solved to 1e-8 from a cold start, the error recomputed by
 *    sn_fc_error, the absolute acceptance rule of sn_fc_measures met;
 *  - a pile of 60 discs (114 contacts, pile2d-60.hdf5, same generator): the velocities
 *    u = W r + q of Newton's solution agree with those of NSGS (the peer, run to 1e-10) and
 *    each solution is checked by sn_fc_error and sn_fc_measures. */
#include "check.h"
#include "test_util.h"
#include "signorini/io.h"
#include "signorini/solver.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* one 2D contact: W (2x2 column-major), q, mu and the hand-computed r */
typedef struct {
  const char *name;
  double W[4], q[2], mu, r[2];
} hand_case;

static void test_hand(void)
{
  const hand_case cases[] = {
      /* W = I: stick needs |q_T| <= mu q_N's reaction, r = -q */
      {"stick", {1, 0, 0, 1}, {-1, 0.2}, 0.3, {1, -0.2}},
      /* |q_T| > mu r_N: slip, r_T = -mu r_N sign(q_T), u_T = 0.5 - 0.3 = 0.2 > 0 */
      {"slip", {1, 0, 0, 1}, {-1, 0.5}, 0.3, {1, -0.3}},
      /* q_N > 0: take-off, r = 0 */
      {"take-off", {1, 0, 0, 1}, {1, 0.3}, 0.3, {0, 0}},
      /* W = [2 0.5; 0.5 1]: slip with r_T = -0.3 r_N, u_N = (2 - 0.15) r_N - 1 = 0 */
      {"coupled slip", {2, 0.5, 0.5, 1}, {-1, 0.5}, 0.3, {1 / 1.85, -0.3 / 1.85}},
  };
  for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
    const hand_case *H = &cases[c];
    sn_fc P = {2, 1, NULL, (double *)H->q, (double *)&H->mu};
    CHECK_INT(sn_csc_from_dense(2, 2, H->W, 0.0, &P.W), SN_OK);
    double r[2] = {0, 0}, u[2];
    sn_info info = {0};
    int st = sn_fc_nsn_ac(&P, r, u, NULL, &info);
    if (st != SN_OK) printf("%s: status %d\n", H->name, st);
    CHECK_INT(st, SN_OK);
    CHECK_CLOSE(r[0], H->r[0], 1e-9, 1e-12);
    CHECK_CLOSE(r[1], H->r[1], 1e-9, 1e-12);
    sn_csc_free(P.W);
  }
}

/* the independent checks of a solution r of P at tolerance tol: sn_fc_error recomputes u from r,
 * sn_fc_measures applies the absolute acceptance rule */
static void check_solution(const sn_fc *P, const double *r, double tol)
{
  double e = sn_fc_error(P, r, NULL);
  sn_fc_meas m;
  CHECK_INT(sn_fc_measures(P, r, tol, &m), SN_OK);
  printf("  error %.3e penetration %.3e cone violation %.3e accepted %d\n", e, m.penetration,
         m.cone_violation, m.accepted);
  CHECK(e <= tol);
  CHECK(m.accepted && !m.diverging);
}

static void test_pile150(void)
{
  sn_file_problem *F = read_pile2d("pile2d-150.hdf5");
  if (!F) return;
  const sn_fc *P = F->fc;
  CHECK_INT(P->nc, 290);
  int n = 2 * P->nc;
  double *r = calloc((size_t)n, sizeof *r), *u = calloc((size_t)n, sizeof *u);
  sn_settings s;
  sn_settings_default(&s);
  sn_info info = {0};
  int st = sn_fc_nsn_ac(P, r, u, &s, &info);
  printf("pile2d-150: nsn_ac status %d, %d Newton steps\n", st, info.iterations);
  CHECK_INT(st, SN_OK);
  CHECK(info.iterations > 0 && info.iterations < 200);
  check_solution(P, r, s.tol);
  free(r);
  free(u);
  sn_file_problem_free(F);
}

static void test_pile60_vs_nsgs(void)
{
  sn_file_problem *F = read_pile2d("pile2d-60.hdf5");
  if (!F) return;
  const sn_fc *P = F->fc;
  int n = 2 * P->nc;
  double *buf = calloc(4 * (size_t)n, sizeof *buf);
  double *rn = buf, *un = buf + n, *rg = buf + 2 * n, *ug = buf + 3 * n;
  sn_settings s;
  sn_settings_default(&s);
  s.tol = 1e-10;
  s.max_iter = 20000;
  sn_info info = {0};
  CHECK_INT(sn_fc_nsn_ac(P, rn, un, &s, &info), SN_OK);
  CHECK_INT(sn_fc_nsgs(P, rg, ug, &s, &info), SN_OK);
  printf("pile2d-60: nsgs %d sweeps\n", info.iterations);
  check_solution(P, rn, s.tol);
  check_solution(P, rg, s.tol);
  /* u = W r + q recomputed from each r */
  sn_copy(n, P->q, un);
  sn_copy(n, P->q, ug);
  sn_csc_gemv(P->W, 1.0, rn, 1.0, un);
  sn_csc_gemv(P->W, 1.0, rg, 1.0, ug);
  double dmax = 0.0, scale = sn_nrminf(n, P->q);
  for (int j = 0; j < n; j++) dmax = fmax(dmax, fabs(un[j] - ug[j]));
  printf("  max |u_newton - u_nsgs| = %.3e (|q|_inf %.3e)\n", dmax, scale);
  CHECK(dmax <= 1e-6 * scale);   /* measured 3.1e-10 = 3.2e-8 |q|_inf */
  free(buf);
  sn_file_problem_free(F);
}

/* The dense (LAPACK) and sparse (UMFPACK) factorizations of the 2D Newton system on a problem
 * with coupled off-diagonal blocks (pile2d-60, 228 rows): both LU with partial pivoting, so the
 * same Newton steps and the same iterate up to rounding (as test_fc_nsn_dense checks in 3D). */
static void test_pile60_dense_sparse(void)
{
  sn_file_problem *F = read_pile2d("pile2d-60.hdf5");
  if (!F) return;
  const sn_fc *P = F->fc;
  int n = 2 * P->nc;
  double *buf = calloc(4 * (size_t)n, sizeof *buf);
  double *rd = buf, *ud = buf + n, *rs = buf + 2 * n, *us = buf + 3 * n;
  sn_settings s;
  sn_settings_default(&s);
  sn_info id = {0}, is = {0};
  s.options = "linear=dense";
  CHECK_INT(sn_fc_nsn_ac(P, rd, ud, &s, &id), SN_OK);
  s.options = "linear=sparse";
  CHECK_INT(sn_fc_nsn_ac(P, rs, us, &s, &is), SN_OK);
  printf("pile2d-60: dense %d, sparse %d Newton steps\n", id.iterations, is.iterations);
  CHECK_INT(id.iterations, is.iterations);
  check_solution(P, rd, s.tol);
  double dmax = 0.0, scale = sn_nrminf(n, rs);
  for (int j = 0; j < n; j++) dmax = fmax(dmax, fabs(rd[j] - rs[j]));
  printf("  max |r_dense - r_sparse| = %.3e (|r|_inf %.3e)\n", dmax, scale);
  CHECK(scale > 0 && dmax <= 1e-9 * scale);
  free(buf);
  sn_file_problem_free(F);
}

int main(void)
{
  test_hand();
  test_pile150();
  test_pile60_vs_nsgs();
  test_pile60_dense_sparse();
  return sn_check_report();
}
