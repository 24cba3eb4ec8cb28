/* Event-driven integration: a box (0.4 x 0.2 x 0.1 m, 1 kg) released at rest flat on an incline
 * (a plane rotated about x by theta), mu = 0.5. Coulomb (e.g. any statics text): it sticks when
 * tan(theta) <= mu, else it slides with acceleration g (sin(theta) - mu cos(theta)) and no
 * rotation. tan = 0.45: the displacement stays below 1e-10 m over 2 s; tan = 0.55: the
 * acceleration to 1e-6 relative (measured on the displacement and the velocity after 1 s).
 * tan = 0.45 thrown up the slope at v0 = 1 m/s: it slides up decelerated by
 * g (sin + mu cos), stops at t* = v0 / (g (sin + mu cos)) after v0^2 / (2 g (sin + mu cos)),
 * and sticks there (a slip-to-stick event). */
#include <math.h>
#include <stdio.h>

#include "check.h"
#include "dynamics/event_internal.h"

static void run(double tanth, double T, double v0) {
  sn_scene *S;
  CHECK_INT(sn_scene_create(&S), SN_OK);
  const double th = atan(tanth), g = 9.81, mu = 0.5, hz = 0.05;
  sn_body_desc d;
  sn_body_desc_default(&d);
  d.shape.kind = SN_SHAPE_PLANE;
  d.motion = SN_BODY_FIXED;
  d.q[0] = cos(th / 2);   /* normal (0, -sin, cos), downhill (0, -cos, -sin) */
  d.q[1] = sin(th / 2);
  CHECK_INT(sn_scene_add_body(S, &d, NULL), SN_OK);
  sn_body_desc_default(&d);
  d.shape.kind = SN_SHAPE_BOX;
  d.shape.half[0] = 0.2;
  d.shape.half[1] = 0.1;
  d.shape.half[2] = hz;
  d.mass = 1.0;
  d.q[0] = cos(th / 2);
  d.q[1] = sin(th / 2);
  d.x[1] = -hz * sin(th);
  d.x[2] = hz * cos(th);
  d.v[1] = v0 * cos(th);   /* up the slope */
  d.v[2] = v0 * sin(th);
  int box;
  CHECK_INT(sn_scene_add_body(S, &d, &box), SN_OK);
  CHECK_INT(sn_scene_set_contact_law(S, -1, -1, mu, 0.0), SN_OK);
  sn_dyn_settings set;
  sn_dyn_settings_default(&set);
  sn_dyn_info info;
  CHECK_INT(sn_scene_advance_event(S, T, &set, &info), SN_OK);
  sn_body_state st;
  sn_scene_body_state(S, box, &st);
  const double down[3] = {0, -cos(th), -sin(th)};
  double dx[3] = {st.x[0], st.x[1] + hz * sin(th), st.x[2] - hz * cos(th)};
  double s = sn3_dot(dx, down), v = sn3_dot(st.v, down);
  ev_scratch *E = S->event;
  printf("tan %.2f: %d events, %ld steps, %ld rhs evaluations, %ld mode LCPs; s = %.12g, |dx| = %.3g\n", tanth,
         info.events, E->steps, E->rhs_evals, E->mode_lcps, s, sn3_norm(dx));
  if (v0 > 0) {
    double dec = g * (sin(th) + mu * cos(th));
    CHECK_INT(info.events, 1);
    CHECK_CLOSE(info.last_event_time, v0 / dec, 1e-6, 0);
    CHECK_CLOSE(-s, v0 * v0 / (2 * dec), 1e-6, 0);
    CHECK_CLOSE(sn3_norm(st.v), 0, 0, 1e-9);
    CHECK_INT(sn_scene_ncontacts(S), 4);
  } else if (tanth <= mu) {
    CHECK(sn3_norm(dx) < 1e-10);
    CHECK_INT(sn_scene_ncontacts(S), 4);
    for (int k = 0; k < sn_scene_ncontacts(S); k++) {
      sn_body_contact c;
      sn_scene_contact(S, k, &c);
      CHECK_INT(c.status, SN_CONTACT_STICK);
    }
  } else {
    double a = g * (sin(th) - mu * cos(th));
    CHECK_CLOSE(s, 0.5 * a * T * T, 1e-6, 0);
    CHECK_CLOSE(v, a * T, 1e-6, 0);
    CHECK_CLOSE(sn3_norm(st.w), 0, 0, 1e-9);
    CHECK_INT(sn_scene_ncontacts(S), 4);
    double N = 0, F = 0;
    for (int k = 0; k < sn_scene_ncontacts(S); k++) {
      sn_body_contact c;
      sn_scene_contact(S, k, &c);
      CHECK_INT(c.status, SN_CONTACT_SLIP);
      N += c.impulse[0];
      F += hypot(c.impulse[1], c.impulse[2]);
    }
    CHECK_CLOSE(N, g * cos(th), 1e-9, 0);        /* total normal force m g cos */
    CHECK_CLOSE(F, mu * g * cos(th), 1e-9, 0);   /* total friction mu m g cos */
  }
  sn_scene_free(S);
}

int main(void) {
  run(0.45, 2.0, 0.0);
  run(0.55, 1.0, 0.0);
  run(0.45, 0.5, 1.0);
  return sn_check_report();
}
