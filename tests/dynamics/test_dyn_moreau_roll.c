/* Moreau-Jean: a solid sphere (I = 2/5 m R^2) rolling on a plane with Coulomb friction.
 *  - on an incline of 30 degrees, mu = 0.5 (> 2/7 tan 30 deg: rolling is admissible): rolling
 *    without slipping accelerates at a = 5/7 g sin (m a = m g sin - F, I a / R^2 = F); checked
 *    at t = 1 s to 1e-4, the contact sticking (u_T = 0) and the spin matching v = w R;
 *  - on a horizontal plane, mu = 0.3, a sphere spinning at w0 = 20 rad/s about y with no
 *    translation: the contact point slides, friction mu m g drives it: v = mu g t,
 *    w = w0 - 5 mu g t / (2 R), until pure rolling v = w R at t* = 2 R w0 / (7 mu g), with
 *    v_final = 2 R w0 / 7 (angular momentum about the contact point conserved). Checked to 1e-4:
 *    v_final, w_final R = v_final, and t* as the total friction impulse over mu m g (the friction
 *    force is mu m g exactly while it slides and the impulse stops when it rolls). */
#include <math.h>
#include <stdlib.h>

#include "check.h"
#include "dynamics/dyn_internal.h"

static sn_scene *plane_and_ball(double angle, double mu, int *ball) {
  sn_scene *S;
  sn_scene_create(&S);
  sn_scene_set_contact_law(S, -1, -1, mu, 0.0);
  sn_body_desc d;
  sn_body_desc_default(&d);
  d.shape.kind = SN_SHAPE_PLANE;
  d.motion = SN_BODY_FIXED;
  d.q[0] = cos(angle / 2);
  d.q[2] = sin(angle / 2);
  sn_scene_add_body(S, &d, NULL);
  sn_body_desc_default(&d);
  d.shape.radius = 0.1;
  d.x[0] = 0.1 * sin(angle);
  d.x[2] = 0.1 * cos(angle);
  sn_scene_add_body(S, &d, ball);
  return S;
}

static void rolls_down(void) {
  int ball, bad = 0;
  double a = SN_PI / 6;
  sn_scene *S = plane_and_ball(a, 0.5, &ball);
  sn_dyn_settings s;
  sn_dyn_settings_default(&s);
  for (int k = 0; k < 1000; k++)
    if (sn_scene_step(S, &s, NULL) != SN_OK) bad++;
  CHECK_INT(bad, 0);
  sn_body_state b;
  sn_scene_body_state(S, ball, &b);
  double v = b.v[0] * cos(a) - b.v[2] * sin(a), want = 5.0 / 7.0 * 9.81 * sin(a);
  printf("rolling: v(1) = %.10f, 5/7 g sin = %.10f\n", v, want);
  CHECK_CLOSE(v, want, 1e-4, 0);
  CHECK_CLOSE(b.w[1] * 0.1, v, 1e-4, 0);
  sn_body_contact c;
  sn_scene_contact(S, 0, &c);
  CHECK_INT(c.status, SN_CONTACT_STICK);
  sn_scene_free(S);
}

static void spins_then_rolls(void) {
  int ball, bad = 0;
  double mu = 0.3, R = 0.1, w0 = 20, g = 9.81;
  sn_scene *S = plane_and_ball(0, mu, &ball);
  sn_body_state b;
  sn_scene_body_state(S, ball, &b);
  b.w[1] = w0;
  sn_scene_set_body_state(S, ball, &b);
  sn_dyn_settings s;
  sn_dyn_settings_default(&s);
  s.solve.tol = 1e-12;
  double P = 0;
  int first = -1, last = -1;
  for (int k = 0; k < 500; k++) {
    if (sn_scene_step(S, &s, NULL) != SN_OK) bad++;
    sn_body_contact c;
    sn_scene_contact(S, 0, &c);
    P += hypot(c.impulse[1], c.impulse[2]);
    if (k == 0) first = c.status;
    last = c.status;
  }
  CHECK_INT(bad, 0);
  CHECK_INT(first, SN_CONTACT_SLIP);
  CHECK_INT(last, SN_CONTACT_STICK);
  sn_scene_body_state(S, ball, &b);
  double m = sn_scene_body_mass(S, ball), tstar = 2 * R * w0 / (7 * mu * g), vf = 2 * R * w0 / 7;
  printf("spin: v = %.10f (%.10f), t* = %.10f (%.10f)\n", b.v[0], vf, P / (mu * m * g), tstar);
  CHECK_CLOSE(b.v[0], vf, 1e-4, 0);
  CHECK_CLOSE(b.w[1] * R, vf, 1e-4, 0);
  CHECK_CLOSE(P / (mu * m * g), tstar, 1e-4, 0);
  sn_scene_free(S);
}

int main(void) {
  rolls_down();
  spins_then_rolls();
  return sn_check_report();
}
