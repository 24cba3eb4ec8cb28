/* Event-driven integration: a solid sphere (I = 2/5 m r^2) on a plane with Coulomb friction.
 * 1. Released at rest on an incline of 30 degrees, mu = 0.5 (> 2/7 tan 30 = 0.165: it sticks):
 *    it rolls without slipping, centre acceleration 5/7 g sin(theta) along the slope
 *    (Lagrange: m a = m g sin - F, I a / r^2 = F).
 * 2. Thrown sliding without spin, v0 = 2 m/s, on a horizontal plane with mu = 0.2: it slides
 *    (a = -mu g, angular acceleration 5 mu g / (2 r)) until u_T = v - w r = 0 at
 *    t* = 2 v0 / (7 mu g), then rolls at v* = 5/7 v0 (the classic billiard result; e.g. Marion,
 *    Classical Dynamics). */
#include <math.h>
#include <stdio.h>

#include "check.h"
#include "dynamics/event_internal.h"

static void incline(void) {
  sn_scene *S;
  CHECK_INT(sn_scene_create(&S), SN_OK);
  const double th = SN_PI / 6, r = 0.1, g = 9.81, T = 1.0;
  sn_body_desc d;
  sn_body_desc_default(&d);
  d.shape.kind = SN_SHAPE_PLANE;
  d.motion = SN_BODY_FIXED;
  d.q[0] = cos(th / 2);   /* rotated about x: normal (0, -sin, cos), downhill (0, -cos, -sin) */
  d.q[1] = sin(th / 2);
  CHECK_INT(sn_scene_add_body(S, &d, NULL), SN_OK);
  sn_body_desc_default(&d);
  d.shape.kind = SN_SHAPE_SPHERE;
  d.shape.radius = r;
  d.mass = 1.0;
  d.x[1] = -r * sin(th);
  d.x[2] = r * cos(th);
  int ball;
  CHECK_INT(sn_scene_add_body(S, &d, &ball), SN_OK);
  CHECK_INT(sn_scene_set_contact_law(S, -1, -1, 0.5, 0.0), SN_OK);
  sn_dyn_settings set;
  sn_dyn_settings_default(&set);
  sn_dyn_info info;
  CHECK_INT(sn_scene_advance_event(S, T, &set, &info), SN_OK);
  sn_body_state st;
  sn_scene_body_state(S, ball, &st);
  const double down[3] = {0, -cos(th), -sin(th)}, a = 5.0 / 7.0 * g * sin(th);
  double s = (st.x[1] + r * sin(th)) * down[1] + (st.x[2] - r * cos(th)) * down[2];
  double v = st.v[1] * down[1] + st.v[2] * down[2];
  CHECK_CLOSE(s, 0.5 * a * T * T, 1e-4, 0);
  CHECK_CLOSE(v, a * T, 1e-4, 0);
  CHECK_CLOSE(fabs(st.w[0]) * r, a * T, 1e-4, 0);   /* rolling: |w| r = v */
  CHECK_INT(sn_scene_ncontacts(S), 1);
  sn_body_contact c;
  sn_scene_contact(S, 0, &c);
  CHECK_INT(c.status, SN_CONTACT_STICK);
  CHECK_CLOSE(c.impulse[0], g * cos(th), 1e-6, 0);   /* normal force m g cos */
  CHECK_CLOSE(hypot(c.impulse[1], c.impulse[2]), 2.0 / 7.0 * g * sin(th), 1e-6, 0);   /* F = 2/7 m g sin */
  ev_scratch *E = S->event;
  printf("incline: %d events, %ld steps, %ld rhs evaluations; s = %.12g (analytic %.12g)\n", info.events, E->steps,
         E->rhs_evals, s, 0.5 * a * T * T);
  sn_scene_free(S);
}

static void slide_then_roll(void) {
  sn_scene *S;
  CHECK_INT(sn_scene_create(&S), SN_OK);
  const double r = 0.1, g = 9.81, mu = 0.2, v0 = 2.0;
  sn_body_desc d;
  sn_body_desc_default(&d);
  d.shape.kind = SN_SHAPE_PLANE;
  d.motion = SN_BODY_FIXED;
  CHECK_INT(sn_scene_add_body(S, &d, NULL), SN_OK);
  sn_body_desc_default(&d);
  d.shape.kind = SN_SHAPE_SPHERE;
  d.shape.radius = r;
  d.mass = 1.0;
  d.x[2] = r;
  d.v[0] = v0;
  int ball;
  CHECK_INT(sn_scene_add_body(S, &d, &ball), SN_OK);
  CHECK_INT(sn_scene_set_contact_law(S, -1, -1, mu, 0.0), SN_OK);
  sn_dyn_settings set;
  sn_dyn_settings_default(&set);
  sn_dyn_info info;
  const double ts = 2 * v0 / (7 * mu * g), vs = 5.0 / 7.0 * v0;
  CHECK_INT(sn_scene_advance_event(S, 2 * ts, &set, &info), SN_OK);
  CHECK_INT(info.events, 1);
  CHECK_CLOSE(info.last_event_time, ts, 1e-4, 0);
  sn_body_state st;
  sn_scene_body_state(S, ball, &st);
  CHECK_CLOSE(st.v[0], vs, 1e-4, 0);
  CHECK_CLOSE(st.w[1] * r, vs, 1e-4, 0);
  /* distance: slide v0 t* - mu g t*^2 / 2, then roll at v* */
  CHECK_CLOSE(st.x[0], v0 * ts - 0.5 * mu * g * ts * ts + vs * ts, 1e-4, 0);
  sn_body_contact c;
  CHECK_INT(sn_scene_ncontacts(S), 1);
  sn_scene_contact(S, 0, &c);
  CHECK_INT(c.status, SN_CONTACT_STICK);
  CHECK_CLOSE(c.impulse[1], 0, 0, 1e-9);   /* rolling on the level: no friction */
  CHECK_CLOSE(c.impulse[2], 0, 0, 1e-9);
  ev_scratch *E = S->event;
  printf("slide then roll: event at %.12g (analytic %.12g), v = %.12g (analytic %.12g), %ld steps, %ld rhs\n",
         info.last_event_time, ts, st.v[0], vs, E->steps, E->rhs_evals);
  sn_scene_free(S);
}

int main(void) {
  incline();
  slide_then_roll();
  return sn_check_report();
}
