/* A closing that starts its step just under the touching band (campaign scene s0035, issue #12).
 *
 * The scene: an octahedron (mass 0.378 kg, half diagonal 6.6 mm) bouncing from vertex to vertex
 * on a plane tilted 5 degrees (mu 1, e 0.5) under a tetrahedron falling on it. A closing
 * located from a touching start stops where the gap is EV_GAP_TOL (1e-9 m) below zero, to the
 * event tolerance: at t = 0.2033 s one vertex restarted at -1.0000054e-9 m, 5.4e-15 m under the
 * band. The root finder took only starts within the band (|g| <= 1e-9) as touching and skipped
 * every other negative start, and the check for closings without a root (a gap that went deeper)
 * runs only in steps without another event: in the next step another vertex's closing was
 * located, and this one had sunk to -1.45e-6 m by then, closed there, and the run ended
 * 1.09e-6 m inside the plane (the scene's overlap warning). Now a start under the band is
 * bracketed as a fall of EV_GAP_TOL below its start value.
 * Asserted: the run (30 intervals of 0.01 s) never lets a gap below -2 EV_GAP_TOL (the largest
 * penetration after each interval), ends with status SN_OK at t = 0.3 s, and its energy table's
 * total (kinetic + potential + losses) stays within 1e-9 relative of its start (the energy
 * balance). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "signorini/dynamics.h"
#include "signorini/scene_io.h"

static const char *DECK =
    "*SCENE\n*MATERIAL, NAME=M\n*DENSITY\n1000.\n*CONTACT PROPERTY\n1.0, 0.5\n"
    "*BODY, NAME=FLOOR, TYPE=PLANE, MATERIAL=M\n0., 0., 0.\n*ORIENTATION\n0., 1., 0., 5.0\n"
    "*BODY, NAME=B1, TYPE=CONVEX, MATERIAL=M, MASS=0.377799\n0.0, 0.0, 0.02281986643649805\n*VERTICES\n"
    "0.006646493, 0.0, 0.0\n-0.006646493, 0.0, 0.0\n0.0, 0.006646493, 0.0\n0.0, -0.006646493, 0.0\n"
    "0.0, 0.0, 0.006646493\n0.0, 0.0, -0.006646493\n"
    "*BODY, NAME=B2, TYPE=CONVEX, MATERIAL=M, MASS=0.019505\n-3.138942029310294e-05, 0.0, 0.6606141185257075\n"
    "*VELOCITY\n0.035016781831045556, -0.08968446996305844, -0.07653484122471227, 0.0, 0.0, 0.0\n*VERTICES\n"
    "0.363492232, 0.363492232, 0.363492232\n0.363492232, -0.363492232, -0.363492232\n"
    "-0.363492232, 0.363492232, -0.363492232\n-0.363492232, -0.363492232, 0.363492232\n"
    "*DYNAMIC, METHOD=EVENT\n1e-2, 0.3\n";

static double total(const sn_scene *S) {
  sn_energy e;
  CHECK_INT(sn_scene_energy(S, &e), SN_OK);
  return e.kinetic + e.potential + e.friction_work + e.impact_loss;
}

int main(void) {
  sn_scene *S = NULL;
  sn_scene_run run;
  char msg[512];
  CHECK_INT(sn_scene_parse(DECK, strlen(DECK), "s0035", ".", &S, &run, msg, sizeof msg), SN_OK);
  if (!S) {
    printf("%s\n", msg);
    return sn_check_report();
  }
  sn_dyn_settings s;
  sn_scene_run_settings(&run, &s);
  double e0 = total(S), worst = 0, drift = 0;
  int st = SN_OK;
  long events = 0;
  for (int k = 1; k <= 30 && st == SN_OK; k++) {
    sn_dyn_info info;
    st = sn_scene_advance_event(S, k * 0.01, &s, &info);
    events += info.events;
    worst = fmax(worst, info.max_penetration);
    drift = fmax(drift, fabs(total(S) - e0));
  }
  printf("status %d at t = %g s, %ld events; largest penetration %.3g m; energy total %.12g J, largest change %.3g J\n", st,
         sn_scene_time(S), events, worst, e0, drift);
  CHECK_INT(st, SN_OK);
  CHECK_CLOSE(sn_scene_time(S), 0.3, 1e-15, 0);
  CHECK(worst <= 2e-9);
  CHECK(drift <= 1e-9 * e0);
  sn_scene_free(S);
  return sn_check_report();
}
