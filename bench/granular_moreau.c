/* granular_moreau: the granular benchmark of the Moreau-Jean step (issue #12).
 * N spheres (radius 0.05 m, mu = 0.3, e = 0) on a jittered lattice of about 10 layers in a box
 * of five planes fall and pile up; after SETTLE steps of dt = 1e-3 the next STEPS steps are
 * timed. Prints contacts, NSGS sweeps, the worst Siconos error and the wall and CPU time per step.
 *   granular_moreau [N=10000] [TOL=1e-6] [SETTLE=200] [STEPS=50] [SOLVER|-] [OPTIONS|-]
 * e.g. granular_moreau 10000 1e-6 100 10 - omega=1.5 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "signorini/dynamics.h"

static void plane(sn_scene *S, double x, double y, double qw, double qx, double qy) {
  sn_body_desc d;
  sn_body_desc_default(&d);
  d.shape.kind = SN_SHAPE_PLANE;
  d.motion = SN_BODY_FIXED;
  d.x[0] = x;
  d.x[1] = y;
  d.q[0] = qw;
  d.q[1] = qx;
  d.q[2] = qy;
  sn_scene_add_body(S, &d, NULL);
}

static sn_scene *granular(int N) {
  double r = 0.05, sp = 2.05 * r, c = sqrt(0.5);
  int nx = (int)ceil(sqrt(N / 10.0));
  double L = nx * sp + 0.1 * r;
  sn_scene *S;
  if (sn_scene_create(&S) != SN_OK) return NULL;
  sn_scene_set_contact_law(S, -1, -1, 0.3, 0.0);
  plane(S, 0, 0, 1, 0, 0);    /* floor */
  plane(S, 0, 0, c, 0, c);    /* x = 0, normal +x */
  plane(S, L, 0, c, 0, -c);   /* x = L, normal -x */
  plane(S, 0, 0, c, -c, 0);   /* y = 0, normal +y */
  plane(S, 0, L, c, c, 0);    /* y = L, normal -y */
  unsigned s = 12345;
  for (int i = 0; i < N; i++) {
    int l = i / (nx * nx), k = i % (nx * nx);
    sn_body_desc d;
    sn_body_desc_default(&d);
    d.shape.radius = r;
    s = s * 1103515245u + 12345u;
    double j1 = ((s >> 8) % 1000) / 1000.0 - 0.5;
    s = s * 1103515245u + 12345u;
    double j2 = ((s >> 8) % 1000) / 1000.0 - 0.5;
    d.x[0] = 0.05 * r + sp * (k % nx + 0.5) + 0.04 * r * j1;
    d.x[1] = 0.05 * r + sp * (k / nx + 0.5) + 0.04 * r * j2;
    d.x[2] = r + 0.001 + sp * l;
    sn_scene_add_body(S, &d, NULL);
  }
  return S;
}

int main(int argc, char **argv) {
  int N = argc > 1 ? atoi(argv[1]) : 10000, settle = argc > 3 ? atoi(argv[3]) : 200;
  int steps = argc > 4 ? atoi(argv[4]) : 50;
  double tol = argc > 2 ? atof(argv[2]) : 1e-6;
  if (N < 1 || steps < 1 || settle < 0 || !(tol > 0)) {
    fprintf(stderr, "usage: granular_moreau [N] [TOL] [SETTLE] [STEPS] [SOLVER|-] [OPTIONS|-]\n");
    return 2;
  }
  sn_scene *S = granular(N);
  if (!S) return 1;
  sn_dyn_settings st;
  sn_dyn_settings_default(&st);
  st.solve.tol = tol;
  st.solve.max_iter = 100000;
  if (argc > 5 && strcmp(argv[5], "-") != 0) st.solver = argv[5];
  if (argc > 6 && strcmp(argv[6], "-") != 0) st.solve.options = argv[6];
  sn_dyn_info info;
  for (int k = 0; k < settle; k++)
    if (sn_scene_step(S, &st, &info) < 0) {
      fprintf(stderr, "granular_moreau: step %d: %s\n", k, sn_strerror(info.status));
      return 1;
    }
  clock_t c0 = clock();
  double ts = 0, td = 0, tt = 0, emax = 0;
  long it = 0, nc = 0;
  int bad = 0;
  for (int k = 0; k < steps; k++) {
    if (sn_scene_step(S, &st, &info) != SN_OK) bad++;
    ts += info.seconds_solve;
    td += info.seconds_detect;
    tt += info.seconds;
    it += info.iterations;
    nc += info.ncontacts;
    emax = fmax(emax, info.error);
  }
  double cpu = (double)(clock() - c0) / CLOCKS_PER_SEC;
  printf("N=%d tol=%g t=%.3f s: contacts/step %.0f, sweeps/step %.1f, worst error %.2e, steps not SN_OK %d\n",
         N, tol, sn_scene_time(S), (double)nc / steps, (double)it / steps, emax, bad);
  printf("ms/step: wall %.2f (solve %.2f, detect %.2f), CPU %.2f\n", 1e3 * tt / steps, 1e3 * ts / steps,
         1e3 * td / steps, 1e3 * cpu / steps);
  sn_scene_free(S);
  return 0;
}
