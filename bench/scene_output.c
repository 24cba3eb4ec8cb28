/* Cost of writing a rigid-body scene's frames (src/io/scene_output.c): N spheres on a grid
 * with velocities and spins, F frames; prints the detail chosen (points per sphere), the bytes
 * of one bodies frame, bytes per body per frame, and the seconds per frame.
 *
 *   signorini_bench_scene_output N [F] [DIR]     (DIR default /tmp; files BENCH_* written there) */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <time.h>

#include "bench_util.h"
#include "signorini/scene_output.h"

int main(int argc, char **argv)
{
  int n = argc > 1 ? atoi(argv[1]) : 100000, frames = argc > 2 ? atoi(argv[2]) : 3;
  const char *dir = argc > 3 ? argv[3] : "/tmp";
  if (n < 1 || frames < 1) {
    fprintf(stderr, "usage: %s N [F] [DIR]\n", argv[0]);
    return 2;
  }
  sn_scene *S;
  if (sn_scene_create(&S)) return 1;
  sn_body_desc d;
  sn_body_desc_default(&d);
  int side = (int)ceil(cbrt((double)n));
  for (int i = 0; i < n; i++) {
    d.shape.radius = 0.4 + 0.05 * (i % 3);
    d.x[0] = i % side; d.x[1] = (i / side) % side; d.x[2] = i / (side * side);
    d.v[0] = sin(i); d.v[2] = cos(i);
    d.w[1] = 0.5 * sin(3.0 * i);
    if (sn_scene_add_body(S, &d, NULL)) return 1;
  }
  sn_scene_output_settings set;
  sn_scene_output_settings_default(&set);
  sn_scene_output *o;
  char msg[512], path[1200];
  double t0 = bench_clock(0);
  if (sn_scene_output_open(dir, "BENCH", S, &set, &o, msg, sizeof msg)) { fprintf(stderr, "%s\n", msg); return 1; }
  double t1 = bench_clock(0);
  for (int f = 0; f < frames; f++)
    if (sn_scene_output_step(o, S, f, NULL, msg, sizeof msg)) { fprintf(stderr, "%s\n", msg); return 1; }
  double t2 = bench_clock(0);
  if (sn_scene_output_close(o, msg, sizeof msg)) { fprintf(stderr, "%s\n", msg); return 1; }
  double t3 = bench_clock(0);
  struct stat st;
  snprintf(path, sizeof path, "%s/BENCH_bodies.0000.vtu", dir);
  if (stat(path, &st)) { perror(path); return 1; }
  printf("bodies %d  frames %d\nopen (surfaces) %.3f s\nper frame (bodies + contacts .vtu, csv row) %.3f s\n"
         "close (plot, pvd) %.3f s\nbodies frame %lld bytes = %.1f bytes per body\n",
         n, frames, t1 - t0, (t2 - t1) / frames, t3 - t2, (long long)st.st_size, (double)st.st_size / n);
  sn_scene_free(S);
  return 0;
}
