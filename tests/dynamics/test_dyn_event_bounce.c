/* Event-driven integration: a ball (sphere, radius 0.1 m) dropped from a gap of h = 1 m onto a
 * plane with Newton's restitution e = 0.5, no friction. Analytic (free fall between impacts,
 * U_N+ = -e U_N-): the k-th impact at t_1 = sqrt(2 h / g), t_{k+1} = t_k + 2 e^k v_1 / g with
 * v_1 = g t_1; the apex after the k-th impact at t_k + e^k v_1 / g, height e^(2k) h:
 * 0.25, 0.0625, 0.015625 m. Then the Zeno accumulation (Acary & Brogliato 2008, sec. 7.3): the
 * impacts accumulate at t_inf = t_1 + 2 e v_1 / (g (1 - e)); the rebound threshold closes the
 * contact before it and the ball rests, the contact force = m g. */
#include <math.h>
#include <stdio.h>

#include "check.h"
#include "dyn_floor.h"
#include "dynamics/event_internal.h"

int main(void) {
  sn_scene *S = dyn_floor_scene();
  sn_body_desc d;
  const double r = 0.1, h = 1.0, e = 0.5, g = 9.81;
  sn_body_desc_default(&d);
  d.shape.kind = SN_SHAPE_SPHERE;
  d.shape.radius = r;
  d.mass = 2.0;
  d.x[2] = r + h;
  int ball;
  CHECK_INT(sn_scene_add_body(S, &d, &ball), SN_OK);
  CHECK_INT(sn_scene_set_contact_law(S, -1, -1, 0.0, e), SN_OK);

  sn_dyn_settings set;
  sn_dyn_settings_default(&set);
  sn_dyn_info info;
  const double t1 = sqrt(2 * h / g), v1 = g * t1;
  double tk = t1;
  long steps = 0, evals = 0;
  for (int k = 1; k <= 3; k++) {
    double ek = pow(e, k), apex = tk + ek * v1 / g;
    CHECK_INT(sn_scene_advance_event(S, apex, &set, &info), SN_OK);
    ev_scratch *E = S->event;
    steps += E->steps;
    evals += E->rhs_evals;
    sn_body_state st;
    sn_scene_body_state(S, ball, &st);
    CHECK_INT(info.events, 1);
    CHECK_CLOSE(info.last_event_time, tk, 0, 1e-8);           /* the k-th impact time */
    CHECK_CLOSE(st.x[2] - r, ek * ek * h, 1e-6, 0);            /* apex e^(2k) h */
    CHECK_CLOSE(st.v[2], 0, 0, 1e-7);
    CHECK_INT(sn_scene_ncontacts(S), 0);
    printf("impact %d at %.12f (analytic %.12f), apex %.12g (analytic %.12g)\n", k, info.last_event_time, tk,
           st.x[2] - r, ek * ek * h);
    tk += 2 * ek * v1 / g;
  }
  /* to rest: past the accumulation point every impact is over and the ball lies on the plane */
  double tinf = t1 + 2 * e * v1 / (g * (1 - e));
  CHECK_INT(sn_scene_advance_event(S, tinf + 0.5, &set, &info), SN_OK);
  ev_scratch *E = S->event;
  printf("to rest: %d events, last at %.9f (accumulation point %.9f), %ld + %ld steps, %ld + %ld rhs evaluations\n",
         info.events, info.last_event_time, tinf, steps, E->steps, evals, E->rhs_evals);
  CHECK(info.events > 3 && info.events < 40);
  CHECK(info.last_event_time < tinf);
  sn_body_state st;
  sn_scene_body_state(S, ball, &st);
  CHECK_CLOSE(st.x[2], r, 0, 1e-6);
  CHECK_CLOSE(st.v[2], 0, 0, 1e-6);
  CHECK_INT(sn_scene_ncontacts(S), 1);
  sn_body_contact c;
  CHECK_INT(sn_scene_contact(S, 0, &c), SN_OK);
  CHECK_CLOSE(c.impulse[0], 2.0 * g, 1e-9, 0);   /* the resting force m g */
  /* every bit of the initial potential energy m g h went into the impacts */
  CHECK_CLOSE(S->energy.impact_loss, 2.0 * g * h, 1e-6, 0);
  CHECK_CLOSE(S->energy.friction_work, 0, 0, 1e-12);
  /* lifted by 0.5 m between two calls: the contact closed at rest is forgotten and the ball
   * falls freely, z = r + 0.5 - g t^2 / 2 */
  st.x[2] = r + 0.5;
  CHECK_INT(sn_scene_set_body_state(S, ball, &st), SN_OK);
  double t0 = sn_scene_time(S);
  CHECK_INT(sn_scene_advance_event(S, t0 + 0.1, &set, &info), SN_OK);
  sn_scene_body_state(S, ball, &st);
  CHECK_CLOSE(st.x[2], r + 0.5 - 0.5 * g * 0.01, 1e-12, 0);
  CHECK_INT(info.events, 0);
  CHECK_INT(sn_scene_ncontacts(S), 0);
  sn_scene_free(S);
  return sn_check_report();
}
