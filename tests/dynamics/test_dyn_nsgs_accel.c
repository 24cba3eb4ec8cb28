/* The accelerated matrix-free NSGS (nsgs_accel.c, option "accel=nncg": nonsmooth nonlinear
 * conjugate gradient over the sweep, Silcowitz, Niebe & Erleben 2010) on a hyperstatic
 * frictional pile: 64 spheres dropped from a jittered 4 x 4 x 4 lattice into a box (the pile of
 * test_dyn_nsgs_colour.c, mu = 0.5, e = 0), 600 steps by the plain NSGS (141 contact rows then,
 * 2.2 per sphere, the pile still settling). The next step is then solved from
 * a cold start (no warm start, so that the solver does the whole work) by the plain NSGS and by
 * NNCG, on two scenes stepped identically up to there:
 *  - both reach the tolerance 1e-8;
 *  - NNCG's result satisfies the contact law: the relative error recomputed independently from
 *    the assembled problem (sn_scene_last_problem: W = H^T M^-1 H, q, mu) by sn_fc_error, which
 *    forms u = W r + q itself, is below the tolerance and agrees with the error the matrix-free
 *    solver reported from the bodies' velocities;
 *  - the two solvers leave the same body velocities up to what the tolerance allows (those of
 *    a frictional hyperstatic pile need not be unique in theory): measured 5e-8 m/s apart with
 *    speeds up to 0.33 m/s; allowed 1e-6 m/s;
 *  - NNCG needs fewer sweeps than the plain NSGS (deterministic counts: measured 463 plain,
 *    123 NNCG);
 *  - unknown option values are refused (SN_ERR_ARG) and the scene does not move. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "dyn_pile.h"
#include "signorini/signorini.h"

#define NS 64

int main(void) {
  sn_scene *S[2];
  sn_dyn_settings s;
  sn_dyn_settings_default(&s);
  s.solve.max_iter = 20000;
  for (int j = 0; j < 2; j++) {
    S[j] = dyn_pile(NS);
    for (int k = 0; k < 600; k++) sn_scene_step(S[j], &s, NULL);
  }
  sn_dyn_info info[2];
  s.warm_start = 0;
  const char *opt[2] = {NULL, "accel=nncg"};
  for (int j = 0; j < 2; j++) {
    s.solve.options = opt[j];
    CHECK_INT(sn_scene_step(S[j], &s, &info[j]), SN_OK);
    CHECK_INT(info[j].status, SN_OK);
    CHECK(info[j].error <= s.solve.tol);
  }
  printf("contacts %d; sweeps to 1e-8 from a cold start: plain %d, nncg %d\n", info[0].ncontacts,
         info[0].iterations, info[1].iterations);
  CHECK_INT(info[0].ncontacts, info[1].ncontacts);
  CHECK(info[0].ncontacts >= 2 * NS);   /* hyperstatic: more contact rows than spheres */
  CHECK(info[1].iterations < info[0].iterations);

  /* the contact law of NNCG's result, from the assembled problem */
  sn_fc *P;
  double *r;
  CHECK_INT(sn_scene_last_problem(S[1], &P, &r), SN_OK);
  double e = sn_fc_error(P, r, NULL);
  printf("nncg: error reported %.3e, recomputed from W, q %.3e\n", info[1].error, e);
  CHECK(e <= s.solve.tol);
  CHECK_CLOSE(e, info[1].error, 1e-6, 1e-15);
  sn_fc_free(P);
  free(r);

  /* the velocities the two solvers leave */
  double dv = 0, vs = 0;
  for (int b = 5; b < 5 + NS; b++) {
    sn_body_state a, c;
    sn_scene_body_state(S[0], b, &a);
    sn_scene_body_state(S[1], b, &c);
    for (int i = 0; i < 3; i++) {
      dv = fmax(dv, fabs(a.v[i] - c.v[i]));
      vs = fmax(vs, fabs(a.v[i]));
    }
  }
  printf("|v(plain) - v(nncg)| max %.3e m/s (|v| max %.3e)\n", dv, vs);
  CHECK(dv <= 1e-6);

  /* bad values of the options */
  const char *bad[3] = {"accel=cg", "sweep=sideways", "accel="};
  for (int j = 0; j < 3; j++) {
    s.solve.options = bad[j];
    double t = sn_scene_time(S[0]);
    CHECK(sn_scene_step(S[0], &s, NULL) < 0);
    CHECK_CLOSE(sn_scene_time(S[0]), t, 0, 0);
  }
  for (int j = 0; j < 2; j++) sn_scene_free(S[j]);
  return sn_check_report();
}
