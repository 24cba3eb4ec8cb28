/* An event-driven run whose interval ends short of its end stops there with an error
 * (sn_scene_simulate; issue #12, the event-driven campaign's scenes s0019, s0033, s0068).
 *
 * The case: Painleve's sliding rod on the paradox side (the rod of test_dyn_painleve.c: a capsule
 * of half length h = 0.5 m, end radius r = 0.02 m, mass 1 kg, at theta = 1.1 rad to the plane,
 * theta' = -0.5 rad/s, its lower end sliding at 1 m/s away from the rod, mu = 2 > mu_c =
 * W_NN / W_NT = 1.32006). The acceleration-level LCP of the sliding contact, D lambda_N + b_N >= 0
 * with D = W_NN - mu W_NT < 0 and b_N < 0, has no solution (Genot & Brogliato 1999): the first
 * event, at t = 0, returns SN_RAY with the state untouched. Before, sn_scene_simulate counted
 * that SN_RAY as a solver status "short of its tolerance" and went on: every one of the 5
 * intervals stopped again at t = 0, the run returned SN_RAY with 5 intervals "done", no message,
 * and `signorini run` exited 0 with a warning of unsolved problems while the energy table's time
 * stayed at the stop (three campaign scenes: at 0.395, 0.28 and 0.20 s of 1.0, 0.5 and 1.0 s).
 * Asserted: SN_RAY after the first interval, the time and the rod's state still those of t = 0,
 * and a message that says where the run stopped. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "dyn_floor.h"
#include "signorini/dynamics.h"
#include "signorini/scene_io.h"

static const double H = 0.5, R = 0.02, TH0 = 1.1, OM0 = -0.5, V0 = 1.0;

static sn_scene *rod_scene(double mu) {
  sn_scene *S = dyn_floor_scene();
  sn_body_desc d;
  sn_body_desc_default(&d);
  d.shape.kind = SN_SHAPE_CAPSULE;
  d.shape.radius = R;
  d.shape.half_length = H;
  d.mass = 1.0;
  double phi = TH0 - 0.5 * acos(-1.0);   /* rotation about y taking body z to the rod's axis */
  d.q[0] = cos(phi / 2);
  d.q[2] = sin(phi / 2);
  d.x[2] = H * sin(TH0) + R;
  d.v[0] = V0 + (H * sin(TH0) + R) * OM0;
  d.v[2] = H * cos(TH0) * OM0;
  d.w[1] = OM0;
  CHECK_INT(sn_scene_add_body(S, &d, NULL), SN_OK);
  CHECK_INT(sn_scene_set_contact_law(S, -1, -1, mu, 0.0), SN_OK);
  return S;
}

int main(void) {
  sn_scene *S = rod_scene(2.0);
  sn_scene_run run;
  sn_scene_run_default(&run);
  run.method = SN_SCENE_EVENT;
  run.dt = 0.01;
  run.total = 0.05;
  sn_scene_run_info info;
  char msg[1024];
  int st = sn_scene_simulate(S, &run, NULL, NULL, NULL, &info, msg, sizeof msg);
  printf("status %d, intervals %ld, time %g, message: %s\n", st, info.steps, sn_scene_time(S), msg);
  CHECK_INT(st, SN_RAY);
  CHECK_INT(info.status, SN_RAY);
  CHECK_INT((int)info.steps, 1);
  CHECK(sn_scene_time(S) == 0.0);
  CHECK(strstr(msg, "interval 1: no smooth motion past time 0 s") != NULL);
  sn_body_state b;
  CHECK_INT(sn_scene_body_state(S, 1, &b), SN_OK);
  CHECK_CLOSE(b.v[0], V0 + (H * sin(TH0) + R) * OM0, 1e-14, 0);
  CHECK_CLOSE(b.w[1], OM0, 1e-14, 0);
  sn_scene_free(S);
  return sn_check_report();
}
