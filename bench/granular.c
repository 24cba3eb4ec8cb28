/* signorini_granular: the granular pile of issue #12, the field's common yardstick.
 *
 * N spheres of radius 0.05 m, density 2500 kg/m^3, mu = 0.5, e = 0, dropped from a loose cubic
 * lattice (spacing 0.11 m, 1 cm apart; each sphere shifted horizontally by a deterministic
 * pseudo-random amount of at most 4 mm in x and y, so that the columns of the lattice do not stay
 * stacked exactly above each other, an unstable equilibrium no real pile keeps) into a square box
 * whose floor holds the pile about 10 layers deep (floor side sqrt(N / 10) x 0.1 m), gravity 9.81 m/s^2, Moreau-Jean at dt = 1e-3 s
 * for 2 s of simulated time. One CSV row per step: time, wall ms of the step (detection and
 * solve), contacts, solver iterations, solver error, status, max speed, largest penetration.
 *
 *   signorini_granular N OUT.csv [--time T] [--dt DT] [--tol TOL] [--max-iter K] [--solver NAME]
 *                      [--threads K]   (sn_dyn_settings.threads: 0 sequential, >= 1 coloured NSGS;
 *                                       K >= 1 is also OpenBLAS' and CHOLMOD's thread count,
 *                                       sn_set_blas_threads; else $SIGNORINI_NUM_THREADS or the
 *                                       physical cores; the CSV's threads column)
 *                      [--options KEY=V,...]   (the step solver's options, e.g. omega=1.5)
 *
 * Prints a summary line (median ms/step, steps that missed the tolerance, final max speed, peak
 * resident memory). Exit status 0 when the run completed, 1 otherwise. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "bench_util.h"
#include "granular_scene.h"
#include "signorini/signorini.h"

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: signorini_granular N OUT.csv [--time T] [--dt DT] [--tol TOL] [--max-iter K] [--solver NAME] [--threads K] [--options KEY=V,...]\n");
    return 2;
  }
  int n = atoi(argv[1]);
  const char *csv = argv[2];
  double T = 2.0;
  sn_dyn_settings ds;
  sn_dyn_settings_default(&ds);
  ds.solve.tol = 1e-6;
  ds.solve.max_iter = 1000;
  for (int i = 3; i < argc; i++) {
    if (i + 1 >= argc) { fprintf(stderr, "signorini_granular: %s needs a value\n", argv[i]); return 2; }
    if (!strcmp(argv[i], "--time")) T = atof(argv[++i]);
    else if (!strcmp(argv[i], "--dt")) ds.dt = atof(argv[++i]);
    else if (!strcmp(argv[i], "--tol")) ds.solve.tol = atof(argv[++i]);
    else if (!strcmp(argv[i], "--max-iter")) ds.solve.max_iter = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--solver")) ds.solver = argv[++i];
    else if (!strcmp(argv[i], "--threads")) ds.threads = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--options")) ds.solve.options = argv[++i];
    else { fprintf(stderr, "signorini_granular: unknown option %s\n", argv[i]); return 2; }
  }
  if (n < 1 || !(T > 0) || !(ds.dt > 0)) { fprintf(stderr, "signorini_granular: bad N, time or dt\n"); return 2; }
  const char *env = getenv("SIGNORINI_NUM_THREADS");
  int threads = ds.threads;
  if (ds.threads < 0 || ds.threads > SN_THREADS_MAX ||
      (threads < 1 && env && *env && sn_threads_parse(env, &threads))) {
    fprintf(stderr, "signorini_granular: bad --threads or SIGNORINI_NUM_THREADS (1 to %d)\n", SN_THREADS_MAX);
    return 2;
  }
  if (threads < 1) threads = sn_threads_physical();
  sn_set_blas_threads(threads);
  sn_scene *S;
  double L;
  if (sn_scene_create(&S) || granular_build(S, n, &L)) { fprintf(stderr, "signorini_granular: cannot build the scene\n"); return 1; }
  char tmp[4096];
  snprintf(tmp, sizeof tmp, "%s.tmp", csv);
  FILE *f = fopen(tmp, "w");
  if (!f) { perror(tmp); return 1; }
  fprintf(f, "n,step,time,ms,ms_detect,ms_solve,contacts,iterations,error,status,max_speed,max_penetration,cpu_ms,max_v,threads\n");
  int steps = (int)lround(T / ds.dt), missed = 0, failed = 0;
  double *ms = malloc((size_t)steps * sizeof *ms), *cms = malloc((size_t)steps * sizeof *cms);
  double last_v = NAN, last_speed = NAN, max_pen = 0, worst_err = 0, sum_ms = 0;
  long sum_it = 0, sum_nc = 0;
  for (int k = 1; k <= steps; k++) {
    sn_dyn_info info;
    double c0 = bench_clock(1);
    int st = sn_scene_step(S, &ds, &info);
    cms[k - 1] = 1e3 * (bench_clock(1) - c0);
    if (st < 0) { fprintf(stderr, "signorini_granular: step %d: %s\n", k, sn_strerror(st)); failed = 1; steps = k - 1; break; }
    if (info.status != SN_OK) missed++;
    ms[k - 1] = 1e3 * info.seconds;
    last_speed = info.max_speed;
    /* the largest linear speed alone: info.max_speed (|v| + |w| r) also counts spin, which a
     * sphere turning about its contact normal keeps (point contacts have no torsional friction) */
    double vmax = 0;
    for (int b = 0; b < sn_scene_nbodies(S); b++) {
      sn_body_state bs;
      sn_scene_body_state(S, b, &bs);
      vmax = fmax(vmax, sqrt(bs.v[0] * bs.v[0] + bs.v[1] * bs.v[1] + bs.v[2] * bs.v[2]));
    }
    last_v = vmax;
    if (info.max_penetration > max_pen) max_pen = info.max_penetration;
    if (info.ncontacts > 0 && !(info.error <= worst_err)) worst_err = info.error;
    sum_ms += ms[k - 1];
    sum_it += info.iterations;
    sum_nc += info.ncontacts;
    fprintf(f, "%d,%d,%.6g,%.6g,%.6g,%.6g,%d,%d,%.3e,%d,%.6g,%.6g,%.6g,%.6g,%d\n", n, k, sn_scene_time(S), 1e3 * info.seconds,
            1e3 * info.seconds_detect, 1e3 * info.seconds_solve, info.ncontacts, info.iterations, info.error,
            info.status, info.max_speed, info.max_penetration, cms[k - 1], vmax, threads);
  }
  if (fclose(f) || rename(tmp, csv)) { perror(csv); return 1; }
  double med = NAN, cmed = NAN;
  if (steps > 0) {
    qsort(ms, (size_t)steps, sizeof *ms, bench_cmp_double);
    qsort(cms, (size_t)steps, sizeof *cms, bench_cmp_double);
    med = ms[steps / 2];
    cmed = cms[steps / 2];
  }
  /* the kinetic energy left and its rotational share: point contacts resist neither spin about
   * their normal nor rolling, so a pile of spheres keeps some of both (docs/dynamics.md) */
  sn_energy en;
  double ke = NAN, ke_lin = 0;
  if (sn_scene_energy(S, &en) == SN_OK) ke = en.kinetic;
  for (int b = 0; b < sn_scene_nbodies(S); b++) {
    sn_body_state bs;
    double m = sn_scene_body_mass(S, b);
    if (!isfinite(m) || sn_scene_body_state(S, b, &bs)) continue;
    ke_lin += 0.5 * m * (bs.v[0] * bs.v[0] + bs.v[1] * bs.v[1] + bs.v[2] * bs.v[2]);
  }
  struct rusage ru;
  getrusage(RUSAGE_SELF, &ru);
  double cpu = ru.ru_utime.tv_sec + ru.ru_stime.tv_sec + 1e-6 * (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec);
  /* wall ms per step (the library's own timing of detection and solve); the process's CPU time
   * beside it, which a loaded machine inflates less */
  printf("granular N=%d box %.3g m: %d steps, median %.3f ms/step (CPU %.3f), mean %.3f ms/step, CPU %.1f s, "
         "mean %.0f contacts %.1f iterations per step, %d steps missed tol %.0e (worst error %.2e), "
         "final max speed %.3g m/s (linear %.3g m/s), kinetic energy %.3g J (%.0f %% rotation), largest penetration %.3g m, "
         "peak RSS %ld kB\n",
         n, L, steps, med, cmed, steps > 0 ? sum_ms / steps : NAN, cpu, steps > 0 ? (double)sum_nc / steps : NAN,
         steps > 0 ? (double)sum_it / steps : NAN, missed, ds.solve.tol, worst_err, last_speed, last_v, ke,
         ke > 0 ? 100.0 * (ke - ke_lin) / ke : 0.0, max_pen, ru.ru_maxrss);
  free(ms);
  free(cms);
  sn_scene_free(S);
  return failed;
}
