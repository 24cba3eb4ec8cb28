/* sn_fc_ccp, the convex relaxation (De Saxce term 0) solved by pd, on single contacts by hand:
 *  - stick (2D and 3D) and take-off: solutions without sliding, so the relaxation's solution is
 *    Coulomb's, found to 1e-12 of the hand values from zero and from a poor start;
 *  - slip (2D, 3D): the relaxation separates the contact (u_N = mu |u_T| > 0 at its minimum), no
 *    solution of Coulomb's law: ccp must not claim one, and stops after its two first rounds
 *    (the error does not halve from its 1e-5 round to its 1e-6 one) within a few hundred steps.
 *  - random problems of 1 and 2 contacts (2D and 3D) built around a stick solution inside the
 *    cone (q = -W r*): ccp finds a solution on every one (a review found 23 of 300 stopped as
 *    sliding by an earlier stall rule);
 *  - a budget cut in a later round keeps the best round's result (the error with max_iter 3 000
 *    is no worse than with 2 500 on the settled pile).
 *  - the progress callback sees pd's steps numbered 1, 2, ... over all rounds, the last being
 *    info->iterations (the relay of src/common/relay.c).
 * The 2D pile at rest is tests/solver/test_pile2d_settled.c. */
#include "check.h"
#include "test_util.h"
#include "signorini/io.h"
#include "signorini/solver.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static const double PI_ = 3.14159265358979323846;

typedef struct {
  const char *name;
  int d;
  double W[9], q[3], mu, r[3];   /* W column-major d x d; r: the hand solution (slip: unused) */
  int slides;
} ccp_case;

static void run(const ccp_case *c)
{
  sn_csc *W = NULL;
  CHECK_INT(sn_csc_from_dense(c->d, c->d, c->W, 0.0, &W), SN_OK);
  if (!W) return;
  sn_fc P = {c->d, 1, W, (double *)c->q, (double *)&c->mu};
  const double starts[2][3] = {{0, 0, 0}, {5, -3, 2}};
  for (int s0 = 0; s0 < 2; s0++) {
    double r[3] = {starts[s0][0], starts[s0][1], starts[s0][2]}, u[3];
    sn_settings s;
    sn_settings_default(&s);
    s.tol = 1e-12;
    sn_info info = {0};
    int st = sn_fc_solve(&P, "ccp", r, u, &s, &info);
    printf("%s from start %d: status %d, %d pd steps, error %.3e\n", c->name, s0, st,
           info.iterations, info.error);
    if (c->slides) {
      CHECK(st != SN_OK);
      CHECK(info.error > 1e-3);             /* the relaxation's gliding, not a solution */
      CHECK(info.iterations < 2000);
    } else {
      CHECK_INT(st, SN_OK);
      for (int k = 0; k < c->d; k++) CHECK_CLOSE(r[k], c->r[k], 1e-12, 1e-12);
      CHECK(sn_fc_error(&P, r, NULL) <= 1e-12);
    }
  }
  sn_csc_free(W);
}

/* xorshift64 in [0, 1) (G. Marsaglia, J. Stat. Softw. 8 (2003)) */
static double uni(unsigned long long *x)
{
  *x ^= *x << 13;
  *x ^= *x >> 7;
  *x ^= *x << 17;
  return (double)(*x >> 11) / 9007199254740992.0;
}

/* nc contacts in dimension d, W = A A^T + 0.1 I (A random in [-1, 1]), r* inside the cone
 * (|r*_T| <= 0.9 mu r*_N), q = -W r*: u = 0 at r*, a solution without sliding */
static void test_random_stick(int d, int nc, int count)
{
  unsigned long long seed = 0x9e3779b97f4a7c15ULL + (unsigned long long)(10 * d + nc);
  int n = d * nc, fails = 0;
  for (int t = 0; t < count; t++) {
    double A[36], Wd[36], rs[6], q[6], mu[2], r[6] = {0}, u[6];
    for (int i = 0; i < n * n; i++) A[i] = 2 * uni(&seed) - 1;
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++) {
        double v = i == j ? 0.1 : 0.0;
        for (int k = 0; k < n; k++) v += A[i * n + k] * A[j * n + k];
        Wd[j * n + i] = v;
      }
    for (int c = 0; c < nc; c++) {
      mu[c] = 0.1 + uni(&seed);
      rs[d * c] = 0.1 + uni(&seed);
      double a = 2 * PI_ * uni(&seed), rad = 0.9 * mu[c] * rs[d * c] * uni(&seed);
      rs[d * c + 1] = rad * cos(a);
      if (d == 3) rs[d * c + 2] = rad * sin(a);
    }
    for (int i = 0; i < n; i++) {
      q[i] = 0.0;
      for (int j = 0; j < n; j++) q[i] -= Wd[j * n + i] * rs[j];
    }
    sn_csc *W = NULL;
    CHECK_INT(sn_csc_from_dense(n, n, Wd, 0.0, &W), SN_OK);
    if (!W) return;
    sn_fc P = {d, nc, W, q, mu};
    sn_settings s;
    sn_settings_default(&s);
    s.tol = 1e-8;
    s.max_iter = 100000;
    sn_info info = {0};
    int st = sn_fc_solve(&P, "ccp", r, u, &s, &info);
    if (st != SN_OK) {
      fails++;
      printf("  %dD %d contacts, case %d: status %d, error %.3e\n", d, nc, t, st, info.error);
    }
    CHECK(st != SN_OK || sn_fc_error(&P, r, NULL) <= s.tol);
    sn_csc_free(W);
  }
  printf("random stick, %dD, %d contacts: %d of %d not solved\n", d, nc, fails, count);
  CHECK_INT(fails, 0);
}

/* the error of ccp on the settled pile with max_iter cut (tol 1e-8) */
static double cut_error(const sn_fc *P, int max_iter)
{
  int n = P->dim * P->nc;
  double *r = calloc((size_t)n, sizeof *r), *u = calloc((size_t)n, sizeof *u);
  sn_settings s;
  sn_settings_default(&s);
  s.tol = 1e-8;
  s.max_iter = max_iter;
  sn_info info = {0};
  int st = r && u ? sn_fc_solve(P, "ccp", r, u, &s, &info) : SN_ERR_NOMEM;
  double e = r && u ? sn_fc_error(P, r, NULL) : INFINITY;
  printf("settled pile, max_iter %d: status %d, %d steps, error %.3e\n", max_iter, st,
         info.iterations, e);
  CHECK(info.iterations <= max_iter);
  free(r);
  free(u);
  return e;
}

static void test_budget_cut(void)
{
  sn_file_problem *F = read_pile2d("pile2d-1200-settled.hdf5");
  if (!F) return;
  double e1 = cut_error(F->fc, 2500), e2 = cut_error(F->fc, 3000);
  CHECK(e1 < 1e-5 && e2 <= e1);   /* measured 3.3e-6 and 3.7e-7 (before: 1.7e-3 at 3 000) */
  sn_file_problem_free(F);
}

/* counts the calls and checks their numbering: 1, 2, 3, ... */
static int count_steps(int iter, double error, void *user)
{
  int *n = user;
  (void)error;
  if (iter != *n + 1) sn_check_failed++;
  *n = iter;
  return 0;
}

static void test_progress(void)
{
  double Wd[4] = {1, 0, 0, 1}, q[2] = {-1, 0.2}, mu = 0.3, r[2] = {0, 0}, u[2];
  sn_csc *W = NULL;
  CHECK_INT(sn_csc_from_dense(2, 2, Wd, 0.0, &W), SN_OK);
  if (!W) return;
  sn_fc P = {2, 1, W, q, &mu};
  sn_settings s;
  sn_settings_default(&s);
  s.tol = 1e-12;
  int last = 0;
  s.progress = count_steps;
  s.user = &last;
  sn_info info = {0};
  CHECK_INT(sn_fc_solve(&P, "ccp", r, u, &s, &info), SN_OK);
  printf("progress: %d calls, %d pd steps\n", last, info.iterations);
  CHECK(last > 0);
  CHECK_INT(last, info.iterations);
  sn_csc_free(W);
}

int main(void)
{
  const ccp_case cases[] = {
      /* W = I: stick when |q_T| <= mu |q_N|, r = -q */
      {"2D stick", 2, {1, 0, 0, 1}, {-1, 0.2}, 0.3, {1, -0.2}, 0},
      {"3D stick", 3, {1, 0, 0, 0, 1, 0, 0, 0, 1}, {-1, 0.1, -0.2}, 0.5, {1, -0.1, 0.2}, 0},
      /* W = [2 0.5; 0.5 1], q = (-1, 0): stick r = -W^-1 q = (1, -0.5) / 1.75 (det 1.75), inside
       * the cone as |r_T| / r_N = 0.5 < mu = 0.6 */
      {"2D coupled stick", 2, {2, 0.5, 0.5, 1}, {-1, 0}, 0.6, {1 / 1.75, -0.5 / 1.75}, 0},
      /* q_N > 0: take-off, r = 0 */
      {"2D take-off", 2, {1, 0, 0, 1}, {1, 0.3}, 0.3, {0, 0}, 0},
      /* |q_T| > mu |q_N| with W = I: Coulomb slips (r_T = -mu r_N), the relaxation glides */
      {"2D slip", 2, {1, 0, 0, 1}, {-1, 0.5}, 0.3, {0, 0}, 1},
      {"3D slip", 3, {1, 0, 0, 0, 1, 0, 0, 0, 1}, {-1, 0.3, 0.4}, 0.2, {0, 0, 0}, 1},
  };
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) run(&cases[k]);
  test_random_stick(2, 1, 300);
  test_random_stick(2, 2, 300);
  test_random_stick(3, 1, 300);
  test_random_stick(3, 2, 300);
  test_budget_cut();
  test_progress();
  return sn_check_report();
}
