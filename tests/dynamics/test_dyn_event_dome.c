/* Event-driven integration on a curved support: a ball (r = 0.1 m, solid, I = 2/5 m r^2)
 * released at rest at the angle phi0 = 0.1 rad from the top of a fixed sphere (R = 1 m); L = R + r.
 * The contact normal turns with the ball, so the acceleration-level problem needs its
 * curvature terms (dJ/dt v). Analytic (energy and the radial equation of motion):
 *  - frictionless: the ball slides without turning, phi'^2 = 2 g / L (cos phi0 - cos phi),
 *    N = m g (3 cos phi - 2 cos phi0): it leaves (an opening event) at cos phi = 2/3 cos phi0;
 *  - mu = 0.5: it rolls, phi'^2 = 10/7 g / L (cos phi0 - cos phi), N = m g (17 cos phi -
 *    10 cos phi0) / 7 and the friction it needs is F = 2/7 m g sin phi: it starts to slip (a
 *    stick-to-slip event) at the root of 2 sin phi = mu (17 cos phi - 10 cos phi0).
 * The event times t = int dphi / phi' are computed here by Simpson's rule (substitution
 * phi = phi0 + s^2 removes the square-root singularity at the start). */
#include <math.h>
#include <stdio.h>

#include "check.h"
#include "dynamics/event_internal.h"

static const double R = 1.0, r = 0.1, g = 9.81, phi0 = 0.1;

/* time to reach phi1 from rest at phi0 under phi'^2 = k (cos phi0 - cos phi) */
static double time_to(double k, double phi1) {
  int n = 20000;
  double U = sqrt(phi1 - phi0), h = U / n, s = 0;
  for (int i = 0; i <= n; i++) {
    double u = i * h;
    double v = i == 0 ? 2 / sqrt(k * sin(phi0)) : 2 * u / sqrt(k * (cos(phi0) - cos(phi0 + u * u)));
    s += (i == 0 || i == n ? 1 : i % 2 ? 4 : 2) * v;
  }
  return s * h / 3;
}

static sn_scene *dome(double mu) {
  sn_scene *S;
  CHECK_INT(sn_scene_create(&S), SN_OK);
  sn_body_desc d;
  sn_body_desc_default(&d);
  d.shape.kind = SN_SHAPE_SPHERE;
  d.shape.radius = R;
  d.motion = SN_BODY_FIXED;
  CHECK_INT(sn_scene_add_body(S, &d, NULL), SN_OK);
  sn_body_desc_default(&d);
  d.shape.kind = SN_SHAPE_SPHERE;
  d.shape.radius = r;
  d.mass = 1.0;
  d.x[0] = (R + r) * sin(phi0);
  d.x[2] = (R + r) * cos(phi0);
  CHECK_INT(sn_scene_add_body(S, &d, NULL), SN_OK);
  CHECK_INT(sn_scene_set_contact_law(S, -1, -1, mu, 0.0), SN_OK);
  return S;
}

int main(void) {
  const double L = R + r;
  sn_dyn_settings set;
  sn_dyn_settings_default(&set);
  sn_dyn_info info;

  /* frictionless: the opening */
  double po = acos(2.0 / 3.0 * cos(phi0)), to = time_to(2 * g / L, po);
  sn_scene *S = dome(0.0);
  CHECK_INT(sn_scene_advance_event(S, to + 0.01, &set, &info), SN_OK);
  CHECK_INT(info.events, 1);
  CHECK_CLOSE(info.last_event_time, to, 1e-6, 0);
  CHECK_INT(sn_scene_ncontacts(S), 0);
  ev_scratch *E = S->event;
  printf("frictionless: leaves at %.12g s (analytic %.12g), %ld steps, %ld rhs evaluations\n", info.last_event_time, to,
         E->steps, E->rhs_evals);
  sn_scene_free(S);

  /* mu = 0.5: rolls, then slips */
  const double mu = 0.5;
  double a = phi0, b = 1.2;
  for (int i = 0; i < 200; i++) {
    double m = 0.5 * (a + b);
    if (2 * sin(m) - mu * (17 * cos(m) - 10 * cos(phi0)) < 0) a = m;
    else b = m;
  }
  double ts = time_to(10.0 / 7.0 * g / L, a);
  S = dome(mu);
  CHECK_INT(sn_scene_advance_event(S, ts - 1e-3, &set, &info), SN_OK);
  CHECK_INT(info.events, 0);
  CHECK_INT(sn_scene_ncontacts(S), 1);
  sn_body_contact c;
  sn_scene_contact(S, 0, &c);
  CHECK_INT(c.status, SN_CONTACT_STICK);
  sn_body_state st;
  sn_scene_body_state(S, 1, &st);
  double phi = atan2(st.x[0], st.x[2]);
  CHECK_CLOSE(c.impulse[0], g * (17 * cos(phi) - 10 * cos(phi0)) / 7, 1e-6, 0);
  CHECK_CLOSE(hypot(c.impulse[1], c.impulse[2]), 2.0 / 7.0 * g * sin(phi), 1e-6, 0);
  CHECK_CLOSE(sn3_norm(st.v), sqrt(10.0 / 7.0 * g * L * (cos(phi0) - cos(phi))), 1e-6, 0);
  CHECK_INT(sn_scene_advance_event(S, ts + 1e-3, &set, &info), SN_OK);
  CHECK_INT(info.events, 1);
  CHECK_CLOSE(info.last_event_time, ts, 1e-6, 0);
  CHECK_INT(sn_scene_ncontacts(S), 1);
  sn_scene_contact(S, 0, &c);
  CHECK_INT(c.status, SN_CONTACT_SLIP);
  CHECK_CLOSE(hypot(c.impulse[1], c.impulse[2]), mu * c.impulse[0], 1e-9, 0);
  E = S->event;
  printf("mu = %.1f: slips at %.12g s (analytic %.12g, angle %.12g), %ld steps, %ld rhs evaluations\n", mu,
         info.last_event_time, ts, a, E->steps, E->rhs_evals);
  sn_scene_free(S);
  return sn_check_report();
}
