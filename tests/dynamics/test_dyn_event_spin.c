/* Event-driven integration of spinning bodies in frictional contact whose contact comes to rest
 * in the tangential plane. Two scenes of a random campaign (6 December 2026), to every digit,
 * mu = 1, e = 0, intervals of 0.01 s:
 *  - a sphere of r = 8.06 mm, 0.216 kg, thrown spinning at (17, 10.5, 11) rad/s onto a lighter
 *    sphere of r = 52.4 mm, 0.108 kg, resting on a plane; 0.3 s. Their contact sticks, then
 *    slides, and at t = 0.2300 s its slip stops (a slip-to-stick event);
 *  - a box of 40 x 27.7 x 15.8 mm, 0.036 kg, spinning at (-14.2, -15.0, 13.1) rad/s, dropped
 *    onto a plane; 0.3 s. A corner lands, its impact stops it (sticking).
 * In both the mode LCP (event_modes.c), which bounds friction by a pyramid inscribed in the
 * Coulomb disc, sent the contact sliding from rest although its sticking force lay inside the
 * disc: the ODE then integrated a slip of about EV_VEL_TOL with the friction force turning with
 * that tiny sliding velocity, in steps of 1e-10 s, without an event: SN_STALLED at the step cap
 * (at 0.2300 s after 6.3 s; at 0.0511 s after 9.2 s). A contact at rest that the LCP sends sliding
 * now sticks when the exact disc allows it (event.c, stick_by_disc).
 * Checked: every interval reaching its end (at most 20 000 steps a call: an interval takes a few
 * dozen), a finite count of events, no penetration beyond the touching band (1e-9 m), the energy
 * balance kinetic + potential + impact loss + friction work constant to 1e-9 of the energy, and
 * the box at rest at the end (it lies on a face). */
#include <math.h>
#include <stdio.h>

#include "check.h"
#include "dyn_floor.h"
#include "signorini/dynamics.h"

static double balance(const sn_scene *S)
{
  sn_energy E;
  CHECK_INT(sn_scene_energy(S, &E), SN_OK);
  return E.kinetic + E.potential + E.impact_loss + E.friction_work;
}

static sn_scene *on_floor(void)
{
  sn_scene *S = dyn_floor_scene();
  CHECK_INT(sn_scene_set_contact_law(S, -1, -1, 1.0, 0.0), SN_OK);
  return S;
}

/* 30 intervals of 0.01 s; the kinetic energy at the end */
static double run(sn_scene *S, const char *what)
{
  sn_dyn_settings set;
  sn_dyn_settings_default(&set);
  set.dt = 0.01;   /* the largest ODE step: the output interval, as signorini run sets it */
  set.event_max_steps = 20000;
  sn_dyn_info info;
  double e0 = balance(S), pen = 0, drift = 0;
  long events = 0;
  int bad = 0;
  for (int k = 1; k <= 30 && !bad; k++) {
    int st = sn_scene_advance_event(S, 0.01 * k, &set, &info);
    if (st < 0 || st == SN_RAY || st == SN_DIVERGED || sn_scene_time(S) != 0.01 * k) bad = k;
    events += info.events;
    pen = fmax(pen, info.max_penetration);
    drift = fmax(drift, fabs(balance(S) - e0));
  }
  sn_energy E;
  CHECK_INT(sn_scene_energy(S, &E), SN_OK);
  printf("%s: stopped at interval %d (0: none), time %.6g s, %ld events, largest penetration %.3g m, "
         "balance off by %.3g J of %.6g J, kinetic %.3g J at the end\n", what, bad, sn_scene_time(S), events, pen,
         drift, e0, E.kinetic);
  CHECK_INT(bad, 0);
  CHECK(events > 0 && events < 1000);
  CHECK(pen <= 1e-9);
  CHECK(drift <= 1e-9 * e0);
  return E.kinetic;
}

static void spheres(void)
{
  sn_scene *S = on_floor();
  dyn_add_spinning_pair(S);
  run(S, "spinning sphere on a sphere");
  sn_scene_free(S);
}

static void box(void)
{
  sn_scene *S = on_floor();
  sn_body_desc d;
  sn_body_desc_default(&d);
  d.shape.kind = SN_SHAPE_BOX;
  d.shape.half[0] = 0.020078350993277393;
  d.shape.half[1] = 0.01384582429195413;
  d.shape.half[2] = 0.0079179437255752;
  d.mass = 0.035753;
  d.x[0] = 0.13484032220116043, d.x[2] = 0.015922953892119198;
  const double h = 0.25 * 3.14159265358979323846;   /* 90 degrees about x, as the scene reader turns it */
  d.q[0] = cos(h), d.q[1] = sin(h);
  d.w[0] = -14.19337801791725, d.w[1] = -14.965548512801883, d.w[2] = 13.12959869182955;
  CHECK_INT(sn_scene_add_body(S, &d, NULL), SN_OK);
  CHECK(run(S, "spinning box landing on a corner") <= 1e-12);
  sn_scene_free(S);
}

int main(void)
{
  spheres();
  box();
  return sn_check_report();
}
