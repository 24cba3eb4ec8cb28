/* Moreau-Jean: a ball bouncing on a plane.
 *  - e = 0.5, dropped with its lowest point 1 m above the plane: Newton's impact law gives the
 *    apex heights e^2 H, e^4 H, e^6 H = 0.25, 0.0625, 0.015625 m (energy e^2 times per impact;
 *    Acary & Brogliato 2008, sec. 1.1 on the bouncing ball) within 1 % at dt = 1e-3; the energy
 *    balance kinetic + potential + impact_loss = E0 (energy.c, exact for theta = 1/2);
 *  - e = 0: the ball comes to rest. Without projection the velocity-level scheme leaves the
 *    landing penetration, which then never grows (no drift: a resting contact has U_N+ = 0);
 *    with projection (Acary 2013) the penetration is below 1e-8 m for 10 s of rest;
 *  - a ball coming down within the margin but predicted to stay open in the step is not stopped
 *    (the open-contact bound u_N+ >= -(g/h + (1-theta) U_N-)/theta is inactive): its fall
 *    matches free flight x = x0 + v0 t - g t^2 / 2 exactly (the theta = 1/2 scheme integrates
 *    constant gravity exactly). */
#include <math.h>
#include <stdlib.h>

#include "check.h"
#include "dynamics/dyn_internal.h"

static int scene(sn_scene **S, double e, double z) {
  sn_scene_create(S);
  sn_body_desc d;
  sn_body_desc_default(&d);
  d.shape.kind = SN_SHAPE_PLANE;
  d.motion = SN_BODY_FIXED;
  sn_scene_add_body(*S, &d, NULL);
  sn_body_desc_default(&d);
  d.shape.radius = 0.1;
  d.x[2] = z;
  int id;
  sn_scene_add_body(*S, &d, &id);
  sn_scene_set_contact_law(*S, -1, -1, 0.0, e);
  return id;
}

static void bounce(void) {
  sn_scene *S;
  int ball = scene(&S, 0.5, 1.1);
  sn_dyn_settings s;
  sn_dyn_settings_default(&s);
  double apex[3], top = -1, E0;
  sn_energy en;
  sn_scene_energy(S, &en);
  E0 = en.kinetic + en.potential;
  int na = 0, up = 0, bad = 0;
  for (int k = 0; k < 2000 && na < 3; k++) {
    sn_dyn_info info;
    if (sn_scene_step(S, &s, &info) != SN_OK) bad++;
    sn_body_state b;
    sn_scene_body_state(S, ball, &b);
    if (b.v[2] > 0) {
      up = 1;
      top = fmax(top, b.x[2] - 0.1);
    } else if (up) {
      apex[na++] = fmax(top, b.x[2] - 0.1);
      up = 0;
      top = -1;
    }
  }
  CHECK_INT(bad, 0);
  CHECK_INT(na, 3);
  CHECK_CLOSE(apex[0], 0.25, 0.01, 0);
  CHECK_CLOSE(apex[1], 0.0625, 0.01, 0);
  CHECK_CLOSE(apex[2], 0.015625, 0.01, 0);
  printf("apex %.8f %.8f %.8f\n", apex[0], apex[1], apex[2]);
  sn_scene_energy(S, &en);
  /* three impacts lose 1 - e^6 of the drop energy m g H (H = 1 m) */
  CHECK_CLOSE(en.impact_loss, (1 - pow(0.5, 6)) * sn_scene_body_mass(S, ball) * 9.81, 0.02, 0);
  CHECK_CLOSE(en.kinetic + en.potential + en.impact_loss, E0, 1e-9, 0);
  sn_scene_free(S);
}

/* the largest penetration over [t0, t1] and the final height */
static void rest(int projection, double *pen5, double *pen10, double *z5, double *z10, double *vmax) {
  sn_scene *S;
  int ball = scene(&S, 0.0, 1.1);
  sn_dyn_settings s;
  sn_dyn_settings_default(&s);
  s.projection = projection;
  *pen5 = *pen10 = 0;
  *vmax = 0;
  int n = SN_SANITIZED ? 4000 : 10000;
  for (int k = 1; k <= n; k++) {
    sn_scene_step(S, &s, NULL);
    sn_body_state b;
    sn_scene_body_state(S, ball, &b);
    double pen = 0.1 - b.x[2];
    if (k > 1000 && k <= n / 2) *pen5 = fmax(*pen5, pen);
    if (k > n / 2) *pen10 = fmax(*pen10, pen);
    if (k > 1000) *vmax = fmax(*vmax, fabs(b.v[2]));
    if (k == n / 2) *z5 = b.x[2];
    if (k == n) *z10 = b.x[2];
  }
  sn_scene_free(S);
}

static void at_rest(void) {
  double p5, p10, z5, z10, vmax;
  rest(0, &p5, &p10, &z5, &z10, &vmax);
  printf("e=0 without projection: penetration %.3e then %.3e\n", p5, p10);
  CHECK(p5 > 0 && p5 < 4.5e-3);                /* at most h |v| = 1e-3 * 4.43 at landing */
  CHECK_CLOSE(p10, p5, 0, 1e-12);              /* no drift */
  CHECK_CLOSE(z10, z5, 0, 1e-12);
  CHECK(vmax < 1e-12);
  rest(1, &p5, &p10, &z5, &z10, &vmax);
  printf("e=0 with projection: penetration %.3e then %.3e\n", p5, p10);
  CHECK(p5 < 1e-8 && p10 < 1e-8);
  CHECK_CLOSE(z10, z5, 0, 1e-10);
  CHECK(vmax < 1e-12);
}

static void free_fall_in_margin(void) {
  sn_scene *S;
  int ball = scene(&S, 0.0, 0.1 + 0.02);
  sn_body_state b;
  sn_scene_body_state(S, ball, &b);
  b.v[2] = -1.0;
  sn_scene_set_body_state(S, ball, &b);
  sn_dyn_settings s;
  sn_dyn_settings_default(&s);
  s.margin = 0.05;   /* the contact is in the problem from the first step */
  int open = 1;
  for (int k = 0; k < 10; k++) {
    sn_scene_step(S, &s, NULL);
    sn_body_contact c;
    if (sn_scene_ncontacts(S) != 1 || sn_scene_contact(S, 0, &c) != SN_OK || c.status != SN_CONTACT_OPEN) open = 0;
  }
  CHECK(open);
  sn_scene_body_state(S, ball, &b);
  double t = 10e-3;
  CHECK_CLOSE(b.x[2], 0.12 - t - 0.5 * 9.81 * t * t, 0, 1e-13);
  CHECK_CLOSE(b.v[2], -1.0 - 9.81 * t, 0, 1e-13);
  sn_scene_free(S);
}

/* projection with rotation: a box dropped tilted (corner first) with e = 0, mu = 0.5 lands, rocks
 * and rests; every step ends with its corners' penetration below 1e-8 m (the projection turns
 * the box by the exponential map of its angular displacement), and the box ends flat at rest
 * (its centre at the half height 0.05 m above the plane) */
static void box_projection(void) {
  sn_scene *S;
  scene(&S, 0.0, 5.0);   /* the ball far away, out of the way */
  sn_scene_set_contact_law(S, -1, -1, 0.5, 0.0);
  sn_body_desc d;
  sn_body_desc_default(&d);
  d.shape.kind = SN_SHAPE_BOX;
  d.shape.half[0] = 0.1;
  d.shape.half[1] = 0.08;
  d.shape.half[2] = 0.05;
  d.x[2] = 0.3;
  double a = 0.3;   /* tilted about a diagonal axis */
  d.q[0] = cos(a / 2);
  d.q[1] = sin(a / 2) * sqrt(0.5);
  d.q[2] = sin(a / 2) * sqrt(0.5);
  int box;
  sn_scene_add_body(S, &d, &box);
  sn_dyn_settings s;
  sn_dyn_settings_default(&s);
  s.projection = 1;
  s.solve.tol = 1e-10;
  double pen = 0;
  int bad = 0, n = SN_SANITIZED ? 1000 : 2000;
  for (int k = 0; k < n; k++) {
    sn_dyn_info info;
    if (sn_scene_step(S, &s, &info) != SN_OK) bad++;
    pen = fmax(pen, info.max_penetration);
  }
  printf("box with projection: largest penetration %.3e\n", pen);
  CHECK_INT(bad, 0);
  CHECK(pen < 1e-8);
  sn_body_state b;
  sn_scene_body_state(S, box, &b);
  CHECK_CLOSE(b.x[2], 0.05, 0, 1e-8);
  CHECK(sn3_norm(b.v) < 1e-6 && sn3_norm(b.w) < 1e-6);
  sn_scene_free(S);
}

int main(void) {
  bounce();
  box_projection();
  at_rest();
  free_fall_in_margin();
  return sn_check_report();
}
