/* signorini_granular_ode: the granular pile of bench/granular.c run by ODE's QuickStep (the peer
 * of issue #12). Same scene: N spheres of radius 0.05 m, density 2500 kg/m^3, the same jittered
 * lattice (same generator and seed), the same box of five planes, mu = 0.5 (ODE's friction
 * pyramid, dContactApprox1: mu times the normal force), e = 0 (no bounce), gravity 9.81,
 * dt = 1e-3 s. ODE's defaults otherwise (20 QuickStep iterations, ERP 0.2, CFM 1e-5), a hash
 * space, up to 4 contacts per pair. One CSV row per step (time, ms, contacts, max speed) and a
 * summary line in the format of signorini_granular's.
 *
 *   signorini_granular_ode N OUT.csv [--time T] [--iter K] */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <ode/ode.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "bench_util.h"
#include <time.h>

#define MAXC 4

typedef struct {
  dWorldID world;
  dJointGroupID group;
  int ncontacts;
} ctx;

static double jitter(unsigned long long *st, double amp) {  /* as bench/granular.c */
  unsigned long long x = *st;
  x ^= x << 13;
  x ^= x >> 7;
  x ^= x << 17;
  *st = x;
  return amp * (2.0 * (double)(x >> 11) / 9007199254740992.0 - 1.0);
}

static void near_cb(void *data, dGeomID g1, dGeomID g2) {
  ctx *C = data;
  dBodyID b1 = dGeomGetBody(g1), b2 = dGeomGetBody(g2);
  if (!b1 && !b2) return;
  dContact c[MAXC];
  int n = dCollide(g1, g2, MAXC, &c[0].geom, sizeof(dContact));
  for (int i = 0; i < n; i++) {
    c[i].surface.mode = dContactApprox1;
    c[i].surface.mu = 0.5;
    c[i].surface.bounce = 0;
    dJointID j = dJointCreateContact(C->world, C->group, &c[i]);
    dJointAttach(j, b1, b2);
  }
  C->ncontacts += n;
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: signorini_granular_ode N OUT.csv [--time T] [--iter K]\n");
    return 2;
  }
  int n = atoi(argv[1]), iters = 20;
  double T = 2.0, dt = 1e-3;
  for (int i = 3; i + 1 < argc; i += 2) {
    if (!strcmp(argv[i], "--time")) T = atof(argv[i + 1]);
    else if (!strcmp(argv[i], "--iter")) iters = atoi(argv[i + 1]);
    else { fprintf(stderr, "signorini_granular_ode: unknown option %s\n", argv[i]); return 2; }
  }
  if (n < 1 || !(T > 0) || iters < 1) { fprintf(stderr, "signorini_granular_ode: bad N, time or iterations\n"); return 2; }
  dInitODE2(0);
  ctx C;
  C.world = dWorldCreate();
  C.group = dJointGroupCreate(0);
  dWorldSetGravity(C.world, 0, 0, -9.81);
  dWorldSetQuickStepNumIterations(C.world, iters);
  dSpaceID space = dHashSpaceCreate(0);
  const double r = 0.05, gap = 0.01, pitch = 2 * r + gap;
  double L = sqrt(n / 10.0) * 2 * r;
  int per_row = (int)floor((L - gap) / pitch);
  if (per_row < 1) per_row = 1;
  dCreatePlane(space, 0, 0, 1, 0);
  dCreatePlane(space, 1, 0, 0, 0);
  dCreatePlane(space, -1, 0, 0, -L);
  dCreatePlane(space, 0, 1, 0, 0);
  dCreatePlane(space, 0, -1, 0, -L);
  dBodyID *body = malloc((size_t)n * sizeof *body);
  double off = 0.5 * (L - (per_row - 1) * pitch);
  unsigned long long seed = 0x9E3779B97F4A7C15ULL;
  for (int k = 0; k < n; k++) {
    int layer = k / (per_row * per_row), in = k % (per_row * per_row);
    double x = off + (in % per_row) * pitch + jitter(&seed, 0.4 * gap);
    double y = off + (in / per_row) * pitch + jitter(&seed, 0.4 * gap);
    body[k] = dBodyCreate(C.world);
    dMass m;
    dMassSetSphere(&m, 2500, r);
    dBodySetMass(body[k], &m);
    dBodySetPosition(body[k], x, y, r + gap + layer * pitch);
    dGeomSetBody(dCreateSphere(space, r), body[k]);
  }
  FILE *f = fopen(argv[2], "w");
  if (!f) { perror(argv[2]); return 1; }
  fprintf(f, "n,step,time,ms,contacts,max_speed,cpu_ms\n");
  int steps = (int)lround(T / dt);
  double *ms = malloc((size_t)steps * sizeof *ms), *cms = malloc((size_t)steps * sizeof *cms), speed = 0, sum = 0;
  for (int s = 1; s <= steps; s++) {
    double t0 = bench_clock(0), c0 = bench_clock(1);
    C.ncontacts = 0;
    dSpaceCollide(space, &C, near_cb);
    dWorldQuickStep(C.world, dt);
    dJointGroupEmpty(C.group);
    ms[s - 1] = 1e3 * (bench_clock(0) - t0);
    cms[s - 1] = 1e3 * (bench_clock(1) - c0);
    sum += ms[s - 1];
    speed = 0;
    for (int k = 0; k < n; k++) {
      const dReal *v = dBodyGetLinearVel(body[k]), *w = dBodyGetAngularVel(body[k]);
      double sp = sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]) + r * sqrt(w[0] * w[0] + w[1] * w[1] + w[2] * w[2]);
      if (sp > speed) speed = sp;
    }
    fprintf(f, "%d,%d,%.6g,%.6g,%d,%.6g,%.6g\n", n, s, s * dt, ms[s - 1], C.ncontacts, speed, cms[s - 1]);
  }
  fclose(f);
  qsort(ms, (size_t)steps, sizeof *ms, bench_cmp_double);
  qsort(cms, (size_t)steps, sizeof *cms, bench_cmp_double);
  struct rusage ru;
  getrusage(RUSAGE_SELF, &ru);
  double cpu = ru.ru_utime.tv_sec + ru.ru_stime.tv_sec + 1e-6 * (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec);
  printf("ode N=%d box %.3g m: %d steps, median %.3f ms/step (CPU %.3f), mean %.3f ms/step, CPU %.1f s, "
         "QuickStep %d iterations, final max speed %.3g m/s, peak RSS %ld kB\n",
         n, L, steps, ms[steps / 2], cms[steps / 2], sum / steps, cpu, iters, speed, ru.ru_maxrss);
  free(ms);
  free(cms);
  free(body);
  dSpaceDestroy(space);
  dJointGroupDestroy(C.group);
  dWorldDestroy(C.world);
  dCloseODE();
  return 0;
}
