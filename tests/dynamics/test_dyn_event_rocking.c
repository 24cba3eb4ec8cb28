/* Event-driven integration of a rocking block (Housner 1963, "The behavior of inverted pendulum
 * structures during earthquakes", Bull. Seism. Soc. Am. 53): a box of half extents b = 0.05,
 * 0.05, h = 0.1 m (2 kg), released at rest on one bottom edge tilted theta0 = 0.05 rad about y,
 * mu = 1 (its edges stick), e = 0. It rotates about that edge onto its face; the impact of the
 * other edge stops that edge dead and lifts the first, and the block rocks about the other edge
 * with the angular velocity multiplied by Housner's r = 1 - 3/2 sin^2 alpha (tan alpha = b / h:
 * the angular momentum about the new edge is kept), over and over: an accumulation of impacts
 * (infinitely many in finite time, whatever e), which an event-driven scheme must end by a rule.
 * The rule (event_impact.c, zeno_persist): a touching contact left moving along its normal slower
 * than the Zeno speed sqrt(2 |g| EV_ZENO_HEIGHT) = 1.4 mm/s is persistent, its normal velocity set
 * to zero with the other such contacts. Before it, the lifted edge left at a few 1e-7 m/s, fell
 * back at once, and its closing was found again at the same instant without an impact, until the
 * event cap (SN_STALLED).
 * Checked: the first impact's loss, (1 - r^2) times the kinetic energy before it (m g times the
 * drop of the centre, the edge sticking: no friction work), to 1e-6; every interval reaching its
 * end; a finite count of events; the block at rest on its face at the end (centre at z = h to
 * 1e-9 m, kinetic energy below 1e-12 J); the energy balance (kinetic + potential + impact loss +
 * friction work) constant to 1e-9 of the energy. */
#include <math.h>
#include <stdio.h>

#include "check.h"
#include "dyn_floor.h"
#include "signorini/dynamics.h"

int main(void)
{
  const double b = 0.05, h = 0.1, th0 = 0.05, g = 9.81;
  sn_scene *S = dyn_floor_scene();
  sn_body_desc d;
  CHECK_INT(sn_scene_set_contact_law(S, -1, -1, 1.0, 0.0), SN_OK);
  sn_body_desc_default(&d);
  d.shape.kind = SN_SHAPE_BOX;
  d.shape.half[0] = d.shape.half[1] = b;
  d.shape.half[2] = h;
  d.density = 1000;
  d.x[2] = b * sin(th0) + h * cos(th0);   /* the edge x = +b, z = -h on the plane */
  d.q[0] = cos(th0 / 2), d.q[2] = sin(th0 / 2);
  int id = -1;
  CHECK_INT(sn_scene_add_body(S, &d, &id), SN_OK);
  const double m = sn_scene_body_mass(S, id);
  CHECK(fabs(m - 2.0) < 1e-12);
  sn_dyn_settings set;
  sn_dyn_settings_default(&set);
  set.dt = 0.01;
  sn_dyn_info info;
  sn_energy E;
  CHECK_INT(sn_scene_energy(S, &E), SN_OK);
  const double e0 = E.kinetic + E.potential;
  const double sa2 = b * b / (b * b + h * h), r = 1 - 1.5 * sa2;
  const double loss1 = (1 - r * r) * m * g * (d.x[2] - h);
  double first = NAN, drift = 0;
  long events = 0;
  int bad = 0, n = 1500;
  for (int k = 1; k <= n && !bad; k++) {
    int st = sn_scene_advance_event(S, 1e-3 * k, &set, &info);
    if (st < 0 || st == SN_RAY || st == SN_DIVERGED || sn_scene_time(S) != 1e-3 * k) bad = k;
    events += info.events;
    CHECK_INT(sn_scene_energy(S, &E), SN_OK);
    if (isnan(first) && E.impact_loss > 1e-9 * e0) first = E.impact_loss;   /* past round-off */
    drift = fmax(drift, fabs(E.kinetic + E.potential + E.impact_loss + E.friction_work - e0));
  }
  sn_body_state s;
  CHECK_INT(sn_scene_body_state(S, id, &s), SN_OK);
  printf("rocking block: stopped at interval %d (0: none), time %.6g s, %ld events; first impact loss %.10g J "
         "(Housner %.10g J, r = %.4f); at the end z = %.12g m, kinetic %.3g J; balance off by %.3g J of %.6g J\n",
         bad, sn_scene_time(S), events, first, loss1, r, s.x[2], E.kinetic, drift, e0);
  CHECK_INT(bad, 0);
  CHECK(events > 0 && events < 1000);
  CHECK(fabs(first - loss1) <= 1e-6 * loss1);
  CHECK(fabs(s.x[2] - h) <= 1e-9);
  CHECK(E.kinetic <= 1e-12);
  CHECK(drift <= 1e-9 * e0);
  sn_scene_free(S);
  return sn_check_report();
}
