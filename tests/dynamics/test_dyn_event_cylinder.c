/* Event-driven integration of a spinning cylinder landing on a plane near its upright position,
 * where the narrow phase's points change (narrow_plane.c: the lowest rim point of each end, and
 * four fixed rim points per end while the axis is within 0.57 degrees of the normal). A cylinder
 * (r = 0.05 m, half length 0.05 m, 1000 kg/m^3), mu = 0.3, e = 0.5, dropped from a centre height
 * of 0.09 m, advanced in output intervals of 0.01 s:
 *  - tilted 0.5 degrees, spinning at 20 rad/s about the vertical: it lands on its rim at
 *    t = 0.0897 s and bounces. Before, the rim points that appeared at the landing were already
 *    inside the plane and were never watched (a closing with no sign change): it sank through
 *    the plane, 9.9 mm by 0.15 s and 2.3 cm by 1 s, with "1 event" and status SN_OK;
 *  - tilted 1.2 degrees, moving at 0.5 m/s, spinning at 5 rad/s: after its bounces a rim point
 *    leaves the plane with a gap of 1e-17 (round-off) and its regula falsi found the "crossing"
 *    of that round-off at once, at every step: 100 000 events at t = 0.1827 s, SN_STALLED.
 * Checked: every interval ends SN_OK at its time, no penetration beyond 1e-8 m (EV_GAP_TOL is
 * 1e-9), the centre above the plane by at least the lowest possible rim point's depth, and a
 * finite count of events; the energy never grows (impacts and friction only remove it).
 * The step cap (sn_dyn_settings.event_max_steps): two spinning spheres on a plane, mu 1, e 0 (a
 * scene of a random campaign) made no progress past t = 0.2300 s, the step size far below the
 * interval and never below round-off, and a call ran on until killed; the cap made that
 * SN_STALLED. That scene now runs through (test_dyn_event_spin.c); the cap is checked on it
 * with 5 steps a call, fewer than an interval of 0.01 s takes at the largest step of 1e-3 s. */
#include <math.h>
#include <stdio.h>

#include "check.h"
#include "dyn_floor.h"
#include "signorini/dynamics.h"

static const double PI = 3.14159265358979323846;

/* a scene with a fixed plane z = 0 and the contact law (mu, e) */
static sn_scene *on_floor(double mu, double e)
{
  sn_scene *S = dyn_floor_scene();
  CHECK_INT(sn_scene_set_contact_law(S, -1, -1, mu, e), SN_OK);
  return S;
}

static void drop(double tilt_deg, double vx, double wz, double t_end, const char *what)
{
  sn_scene *S = on_floor(0.3, 0.5);
  sn_body_desc d;
  sn_body_desc_default(&d);
  d.shape.kind = SN_SHAPE_CYLINDER;
  d.shape.radius = 0.05;
  d.shape.half_length = 0.05;
  d.density = 1000;
  d.x[2] = 0.09;
  double a = tilt_deg * PI / 180;
  d.q[0] = cos(a / 2), d.q[1] = sin(a / 2), d.q[2] = d.q[3] = 0;
  d.v[0] = vx;
  d.w[2] = wz;
  int id = -1;
  CHECK_INT(sn_scene_add_body(S, &d, &id), SN_OK);
  double g[3] = {0, 0, -9.81};
  CHECK_INT(sn_scene_set_gravity(S, g), SN_OK);
  sn_dyn_settings set;
  sn_dyn_settings_default(&set);
  sn_dyn_info info;
  double pen = 0, zmin = INFINITY, e0 = NAN, emax = -INFINITY;
  long events = 0;
  int bad = 0, n = (int)lround(t_end / 0.01);
  for (int k = 1; k <= n; k++) {
    int st = sn_scene_advance_event(S, 0.01 * k, &set, &info);
    if (st != SN_OK) bad++;
    events += info.events;
    pen = fmax(pen, info.max_penetration);
    sn_body_state b;
    CHECK_INT(sn_scene_body_state(S, id, &b), SN_OK);
    zmin = fmin(zmin, b.x[2]);
    sn_energy E;
    CHECK_INT(sn_scene_energy(S, &E), SN_OK);
    double tot = E.kinetic + E.potential;
    if (k == 1) e0 = tot;
    emax = fmax(emax, tot);
  }
  printf("%s: %d intervals not SN_OK, %ld events, largest penetration %.3g m, lowest centre %.6g m, energy %.6g -> max %.6g J\n",
         what, bad, events, pen, zmin, e0, emax);
  CHECK_INT(bad, 0);
  CHECK(pen <= 1e-8);
  CHECK(zmin >= 0.05 * cos(a) - 1e-8);   /* resting upright on its face: z = half length */
  CHECK(events > 0 && events < 1000);
  CHECK(emax <= e0 * (1 + 1e-6));
  sn_scene_free(S);
}

static void step_cap(void)
{
  sn_scene *S = on_floor(1.0, 0.0);
  dyn_add_spinning_pair(S);
  sn_dyn_settings set;
  sn_dyn_settings_default(&set);
  CHECK_INT((int)set.event_max_steps, 200000);
  set.dt = 1e-3;
  set.event_max_steps = 5;
  sn_dyn_info info;
  int st = SN_OK, k = 0;
  while (st == SN_OK && k < 30) st = sn_scene_advance_event(S, 0.01 * ++k, &set, &info);
  printf("two spinning spheres, at most 5 steps a call: status %d at interval %d, time %.6g s\n", st, k, sn_scene_time(S));
  CHECK_INT(st, SN_STALLED);
  CHECK_INT(k, 1);
  CHECK(sn_scene_time(S) < 0.01);
  sn_scene_free(S);
}

int main(void)
{
  step_cap();
  drop(0.5, 0, 20, 0.15, "tilted 0.5 deg, spin 20 rad/s");
  drop(1.2, 0.5, 5, 0.19, "tilted 1.2 deg, 0.5 m/s, spin 5 rad/s");
  return sn_check_report();
}
