/* Moreau-Jean: a box on an incline with Coulomb friction mu = 0.5 (the incline is a plane body
 * rotated by a quaternion about y; the box lies flat on it, four corner contacts).
 *  - tan(angle) = 0.45 < mu: static friction holds it: displacement below 1e-10 m over 2 s;
 *  - tan(angle) = 0.55 > mu: it slides with the acceleration a = g (sin - mu cos) (Coulomb's
 *    law: kinetic friction mu N, N = m g cos); with theta = 1/2 and constant forces the scheme
 *    is exact, so v(1 s) = a and the distance a / 2 agree to 1e-6 relative; the friction work
 *    equals mu m g cos times the distance (energy.c), and the energy balance
 *    kinetic + potential + friction_work = E0 holds. */
#include <math.h>
#include <stdlib.h>

#include "check.h"
#include "dynamics/dyn_internal.h"

static sn_scene *incline(double tan_a, int *box) {
  sn_scene *S;
  sn_scene_create(&S);
  sn_scene_set_contact_law(S, -1, -1, 0.5, 0.0);
  double a = atan(tan_a), n[3] = {sin(a), 0, cos(a)};
  sn_body_desc d;
  sn_body_desc_default(&d);
  d.shape.kind = SN_SHAPE_PLANE;
  d.motion = SN_BODY_FIXED;
  d.q[0] = cos(a / 2);
  d.q[2] = sin(a / 2);
  sn_scene_add_body(S, &d, NULL);
  sn_body_desc_default(&d);
  d.shape.kind = SN_SHAPE_BOX;
  d.shape.half[0] = 0.2;
  d.shape.half[1] = 0.15;
  d.shape.half[2] = 0.05;
  d.q[0] = cos(a / 2);
  d.q[2] = sin(a / 2);
  for (int i = 0; i < 3; i++) d.x[i] = 0.05 * n[i];
  sn_scene_add_body(S, &d, box);
  return S;
}

/* distance travelled down the slope (direction (cos a, 0, -sin a)) and the speed along it */
static void downhill(const sn_scene *S, int box, double tan_a, double *s, double *v) {
  double a = atan(tan_a), t[3] = {cos(a), 0, -sin(a)};
  sn_body_state b;
  sn_scene_body_state(S, box, &b);
  double n[3] = {sin(a), 0, cos(a)}, x0[3];
  for (int i = 0; i < 3; i++) x0[i] = 0.05 * n[i];
  *s = 0;
  *v = 0;
  for (int i = 0; i < 3; i++) {
    *s += (b.x[i] - x0[i]) * t[i];
    *v += b.v[i] * t[i];
  }
}

static void sticks(void) {
  int box, bad = 0, four = 1;
  sn_scene *S = incline(0.45, &box);
  sn_dyn_settings s;
  sn_dyn_settings_default(&s);
  s.solve.tol = 1e-12;
  double dmax = 0;
  int n = SN_SANITIZED ? 500 : 2000;
  for (int k = 0; k < n; k++) {
    sn_dyn_info info;
    if (sn_scene_step(S, &s, &info) != SN_OK) bad++;
    if (info.ncontacts != 4) four = 0;
    sn_body_state b;
    sn_scene_body_state(S, box, &b);
    double a = atan(0.45), d = hypot(b.x[0] - 0.05 * sin(a), b.x[1]);
    dmax = fmax(dmax, hypot(d, b.x[2] - 0.05 * cos(a)));
  }
  printf("incline 0.45: largest displacement %.3e m\n", dmax);
  CHECK_INT(bad, 0);
  CHECK(four);
  CHECK(dmax < 1e-10);
  sn_body_contact c;
  sn_scene_contact(S, 0, &c);
  CHECK_INT(c.status, SN_CONTACT_STICK);
  sn_scene_free(S);
}

static void slides(void) {
  int box, bad = 0;
  sn_scene *S = incline(0.55, &box);
  sn_dyn_settings s;
  sn_dyn_settings_default(&s);
  s.solve.tol = 1e-12;
  sn_energy en;
  sn_scene_energy(S, &en);
  double E0 = en.kinetic + en.potential;
  for (int k = 0; k < 1000; k++) {
    sn_dyn_info info;
    if (sn_scene_step(S, &s, &info) != SN_OK) bad++;
  }
  CHECK_INT(bad, 0);
  double a = atan(0.55), acc = 9.81 * (sin(a) - 0.5 * cos(a)), dist, v;
  downhill(S, box, 0.55, &dist, &v);
  printf("incline 0.55: v(1) = %.10f (a = %.10f), s(1) = %.10f\n", v, acc, dist);
  CHECK_CLOSE(v, acc, 1e-6, 0);
  CHECK_CLOSE(dist, 0.5 * acc, 1e-6, 0);
  sn_body_contact c;
  sn_scene_contact(S, 0, &c);
  CHECK_INT(c.status, SN_CONTACT_SLIP);
  sn_scene_energy(S, &en);
  double m = sn_scene_body_mass(S, box);
  CHECK_CLOSE(en.friction_work, 0.5 * m * 9.81 * cos(a) * dist, 1e-6, 0);
  CHECK_CLOSE(en.kinetic + en.potential + en.friction_work + en.impact_loss, E0, 1e-9, 1e-9 * m);
  sn_scene_free(S);
}

int main(void) {
  sticks();
  slides();
  return sn_check_report();
}
