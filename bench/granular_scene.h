/* The scene of issue #12's granular pile, shared by bench/granular.c (the whole run) and
 * bench/granular_window.c (forked windows of it): N spheres of radius 0.05 m, density 2500, mu 0.5,
 * e 0, on a lattice jittered by at most 4 mm above a square box about 10 layers deep. Header-only
 * (static functions), included by one translation unit per program. */
#ifndef SN_GRANULAR_SCENE_H
#define SN_GRANULAR_SCENE_H

#include <math.h>
#include <string.h>

#include "signorini/signorini.h"

static int add_plane(sn_scene *S, const double x[3], const double axis[3], double angle) {
  sn_body_desc d;
  sn_body_desc_default(&d);
  d.shape.kind = SN_SHAPE_PLANE;
  d.motion = SN_BODY_FIXED;
  memcpy(d.x, x, sizeof d.x);
  d.q[0] = cos(0.5 * angle);
  for (int i = 0; i < 3; i++) d.q[i + 1] = sin(0.5 * angle) * axis[i];
  return sn_scene_add_body(S, &d, NULL);
}

/* xorshift64 (Marsaglia 2003): a fixed seed, so that every run drops the same pile */
static double jitter(unsigned long long *st, double amp) {
  unsigned long long x = *st;
  x ^= x << 13;
  x ^= x >> 7;
  x ^= x << 17;
  *st = x;
  return amp * (2.0 * (double)(x >> 11) / 9007199254740992.0 - 1.0);
}

/* the box (floor and four walls of side L) and the lattice of n spheres above it */
static int granular_build(sn_scene *S, int n, double *side) {
  const double r = 0.05, gap = 0.01, pitch = 2 * r + gap;
  double L = sqrt(n / 10.0) * 2 * r;
  int per_row = (int)floor((L - gap) / pitch);
  if (per_row < 1) per_row = 1;
  *side = L;
  const double ox[3] = {0, 0, 0}, x1[3] = {L, 0, 0}, y1[3] = {0, L, 0};
  const double ax[3] = {1, 0, 0}, ay[3] = {0, 1, 0};
  int st = add_plane(S, ox, ax, 0);                          /* floor, normal +z */
  if (!st) st = add_plane(S, ox, ay, 0.5 * 3.14159265358979323846);            /* x = 0, normal +x */
  if (!st) st = add_plane(S, x1, ay, -0.5 * 3.14159265358979323846);           /* x = L, normal -x */
  if (!st) st = add_plane(S, ox, ax, -0.5 * 3.14159265358979323846);           /* y = 0, normal +y */
  if (!st) st = add_plane(S, y1, ax, 0.5 * 3.14159265358979323846);            /* y = L, normal -y */
  if (st) return st;
  sn_body_desc d;
  sn_body_desc_default(&d);
  d.shape.kind = SN_SHAPE_SPHERE;
  d.shape.radius = r;
  d.density = 2500;
  double off = 0.5 * (L - (per_row - 1) * pitch);
  unsigned long long seed = 0x9E3779B97F4A7C15ULL;
  for (int k = 0; k < n; k++) {
    int layer = k / (per_row * per_row), in = k % (per_row * per_row);
    d.x[0] = off + (in % per_row) * pitch + jitter(&seed, 0.4 * gap);
    d.x[1] = off + (in / per_row) * pitch + jitter(&seed, 0.4 * gap);
    d.x[2] = r + gap + layer * pitch;
    if ((st = sn_scene_add_body(S, &d, NULL)) != SN_OK) return st;
  }
  return sn_scene_set_contact_law(S, -1, -1, 0.5, 0.0);
}

#endif
