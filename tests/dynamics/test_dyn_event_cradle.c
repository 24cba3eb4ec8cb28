/* Event-driven integration: Newton's cradle, five equal spheres (radius 0.1 m, 1 kg) in a row
 * on the x axis separated by gaps of 1e-6 m, e = 1, no friction, no gravity; the first moves at
 * v0 = 1 m/s. The gaps separate the impacts in time: impact k (k = 1..4) at k * gap / v0, each a
 * two-body impact of equal masses with e = 1 that exchanges the velocities (Newton's law with
 * momentum conservation: v1+ = 0, v2+ = v0). Afterwards the last sphere moves at v0, the others
 * rest, and the kinetic energy m v0^2 / 2 is conserved. */
#include <math.h>
#include <stdio.h>

#include "check.h"
#include "dynamics/event_internal.h"

int main(void) {
  sn_scene *S;
  CHECK_INT(sn_scene_create(&S), SN_OK);
  const double r = 0.1, gap = 1e-6, v0 = 1.0, m = 1.0;
  const double g0[3] = {0, 0, 0};
  CHECK_INT(sn_scene_set_gravity(S, g0), SN_OK);
  CHECK_INT(sn_scene_set_contact_law(S, -1, -1, 0.0, 1.0), SN_OK);
  for (int i = 0; i < 5; i++) {
    sn_body_desc d;
    sn_body_desc_default(&d);
    d.shape.kind = SN_SHAPE_SPHERE;
    d.shape.radius = r;
    d.mass = m;
    d.x[0] = i * (2 * r + gap);
    if (i == 0) d.v[0] = v0;
    CHECK_INT(sn_scene_add_body(S, &d, NULL), SN_OK);
  }
  sn_dyn_settings set;
  sn_dyn_settings_default(&set);
  sn_dyn_info info;
  /* stop between the impacts: each one in its own interval, its time to the event tolerance */
  for (int k = 1; k <= 4; k++) {
    CHECK_INT(sn_scene_advance_event(S, (k + 0.5) * gap / v0, &set, &info), SN_OK);
    CHECK_INT(info.events, 1);
    CHECK_CLOSE(info.last_event_time, k * gap / v0, 0, 1e-12);
    sn_body_state st;
    for (int i = 0; i < 5; i++) {
      sn_scene_body_state(S, i, &st);
      CHECK_CLOSE(st.v[0], i == k ? v0 : 0, 0, 1e-10);   /* the momentum has passed to sphere k */
    }
  }
  CHECK_INT(sn_scene_advance_event(S, 1.0, &set, &info), SN_OK);
  CHECK_INT(info.events, 0);
  ev_scratch *E = S->event;
  printf("last call: %ld steps, %ld rhs evaluations\n", E->steps, E->rhs_evals);
  double p = 0, ke = 0;
  for (int i = 0; i < 5; i++) {
    sn_body_state st;
    sn_scene_body_state(S, i, &st);
    CHECK_CLOSE(st.v[0], i == 4 ? v0 : 0, 0, 1e-10);
    CHECK_CLOSE(st.v[1], 0, 0, 1e-14);
    p += m * st.v[0];
    ke += 0.5 * m * (st.v[0] * st.v[0] + st.v[1] * st.v[1] + st.v[2] * st.v[2]);
  }
  CHECK_CLOSE(p, m * v0, 1e-12, 0);
  CHECK_CLOSE(ke, 0.5 * m * v0 * v0, 1e-8, 0);
  CHECK_CLOSE(S->energy.impact_loss, 0, 0, 1e-8);   /* the scheme's own account of the losses */
  printf("kinetic energy %.17g (analytic 0.5), momentum %.17g\n", ke, p);
  sn_scene_free(S);
  return sn_check_report();
}
