/* sn_fc_ccp, the convex relaxation (De Saxce term 0) solved by pd, on single contacts by hand:
 *  - stick (2D and 3D) and take-off: solutions without sliding, so the relaxation's solution is
 *    Coulomb's, found to 1e-12 of the hand values from zero and from a poor start;
 *  - slip (2D, 3D): the relaxation separates the contact (u_N = mu |u_T| > 0 at its minimum), no
 *    solution of Coulomb's law: ccp must not claim one, and stops after its two first rounds
 *    (the error does not halve from its 1e-5 round to its 1e-6 one) within a few hundred steps.
 * The 2D pile at rest is tests/solver/test_pile2d_settled.c. */
#include "check.h"
#include "signorini/solver.h"

#include <math.h>
#include <stdio.h>

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
  return sn_check_report();
}
