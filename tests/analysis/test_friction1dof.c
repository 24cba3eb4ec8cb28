/* Frictional block on a nonlinear spring, three load steps (seed 000 section 3.4), through the
 * library API. Reference: the seed's step summaries and table rows (tests/data/seed000/friction.txt),
 * and equilibrium / Coulomb's law recomputed here. */
#include "check.h"
#include "signorini/onedof.h"

#include <math.h>

/* the seed's end-of-step lines: total and step displacement, friction, spring, reaction */
static const double seed_steps[3][5] = {
    {3.85546692997e-12, 3.85546692997e-12, 9.99999999961, 3.85546692997e-10, 10.0},
    {0.0999900019995, 0.0999900019956, 10.0, 10.0, 20.0},
    {0.0999900019956, -3.8616413703e-12, 3.86238596661e-10, 9.99999999961, 10.0}};
static const int seed_last_iter[3] = {10, 12, 22};
static const int seed_slip[3] = {0, 1, 0};

/* one unit of the 12th significant digit (Python 2 str), 1e-4 relative for residual-size values */
static double tol12(double v) { return fabs(v) < 1e-8 ? 1e-4 * fabs(v) : 1.000001e-11 * fabs(v) + 1e-300; }

int main(void)
{
  sn_1dof_friction P;
  sn_1dof_friction_seed(&P);
  sn_settings s;
  sn_settings_default(&s);
  s.tol = 1e-10;
  static sn_1dof_row rows[256];
  sn_1dof_trace tr = {rows, 256, 0};
  sn_1dof_friction_step st[3];
  sn_info info = {0};
  CHECK_INT(sn_1dof_friction_solve(&P, &s, &tr, st, &info), SN_OK);
  CHECK_INT(info.iterations, 22);
  CHECK_INT(tr.n, 99 - 3 * 2 - 3 * 4);   /* seed lines less, per step, 2 of its 3 header lines (one STEP row) and 4 summary lines */
  for (int i = 0; i < 3; i++) {
    CHECK_CLOSE(st[i].x_total, seed_steps[i][0], 0, tol12(seed_steps[i][0]));
    CHECK_CLOSE(st[i].x_step, seed_steps[i][1], 0, tol12(seed_steps[i][1]));
    CHECK_CLOSE(st[i].friction, seed_steps[i][2], 0, tol12(seed_steps[i][2]));
    CHECK_CLOSE(st[i].spring, seed_steps[i][3], 0, tol12(seed_steps[i][3]));
    CHECK_CLOSE(st[i].reaction, seed_steps[i][4], 0, tol12(seed_steps[i][4]));
    CHECK_INT(st[i].iterations, seed_last_iter[i]);
    CHECK_INT(st[i].slip, seed_slip[i]);
    /* equilibrium and Coulomb's law, recomputed independently */
    CHECK_CLOSE((100.0 + 0.1 * st[i].x_total) * st[i].x_total + st[i].friction, P.F[i], 1e-12, 0);
    CHECK(fabs(st[i].friction) <= P.fmax * (1 + 1e-12));
  }
  /* path dependence: the same load 10 gives friction 10 in step 1 (stuck at 0) and ~0 in step 3 */
  CHECK(fabs(st[0].friction - st[2].friction) > 9.99);
  /* the two state changes of the seed, with their trial forces */
  int sw = 0;
  for (int i = 0; i < tr.n; i++)
    if (rows[i].type == SN_ROW_SWITCH) {
      if (sw == 0) { CHECK_CLOSE(rows[i].v[0], 19.0909090905, 1e-11, 0); CHECK_INT(rows[i].v[2], 1); CHECK_INT(rows[i].step, 2); }
      if (sw == 1) { CHECK_CLOSE(rows[i].v[0], -89.980005998, 1e-11, 0); CHECK_INT(rows[i].v[2], 0); CHECK_INT(rows[i].step, 3); }
      sw++;
    }
  CHECK_INT(sw, 2);
  /* rows 11 and 12 (slip, step 2): displacement 0.099990002, multiplier = friction limit */
  for (int i = 0; i < tr.n; i++)
    if (rows[i].type == SN_ROW_ITER && (rows[i].iter == 11 || rows[i].iter == 12)) {
      CHECK_CLOSE(rows[i].v[0], 0.099990002, 0, 1e-9);
      CHECK_CLOSE(rows[i].v[1], 10.0, 0, 0);
    }

  /* caps and bad input */
  s.max_iter = 5;
  CHECK_INT(sn_1dof_friction_solve(&P, &s, NULL, st, &info), SN_MAX_ITER);
  s.max_iter = 1000;
  P.eps_t = -1;
  CHECK_INT(sn_1dof_friction_solve(&P, &s, NULL, st, &info), SN_ERR_ARG);
  sn_1dof_friction_seed(&P);
  double negF[2] = {-20, -50};   /* the seed's scheme slides in +x only: refused */
  P.F = negF;
  P.nsteps = 2;
  CHECK_INT(sn_1dof_friction_solve(&P, &s, NULL, st, &info), SN_ERR_ARG);
  double badF[1] = {NAN};
  P.F = badF;
  P.nsteps = 1;
  CHECK_INT(sn_1dof_friction_solve(&P, &s, NULL, st, &info), SN_ERR_ARG);
  return sn_check_report();
}
