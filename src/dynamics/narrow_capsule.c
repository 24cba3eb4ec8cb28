/* Capsule against capsule: the closest points of the two axis segments (Ericson, Real-Time
 * Collision Detection, 2005, 5.1.9, ClosestPtSegmentSegment) and the two spheres about them.
 * Nearly parallel axes (angle below about 1e-3 rad) whose projections overlap give two contacts,
 * at the two ends of the overlap (features 1 and 2, in the order along A's axis), so that a
 * capsule lying along another is supported; otherwise one contact (feature 0). */
#include <math.h>

#include "dynamics/narrow_pairs.h"

#define SN_CAPSULE_PARALLEL 1e-6   /* sin^2 of the angle between the axes below which they are parallel */

typedef struct {
  double p[3], d[3];   /* segment p + s d, s in [0, 1] */
  double len2;
} segment;

static segment axis_segment(const sn_body *B) {
  segment g;
  double hl = B->shape.half_length, a[3] = {B->R[2], B->R[5], B->R[8]};
  for (int i = 0; i < 3; i++) {
    g.p[i] = B->x[i] - hl * a[i];
    g.d[i] = 2 * hl * a[i];
  }
  g.len2 = sn3_dot(g.d, g.d);
  return g;
}

static double clamp01(double s) { return s < 0 ? 0 : (s > 1 ? 1 : s); }

/* parameter on g of the point closest to x */
static double closest_on(const segment *g, const double x[3]) {
  if (g->len2 <= 0) return 0;
  double r[3];
  sn3_sub(x, g->p, r);
  return clamp01(sn3_dot(r, g->d) / g->len2);
}

static void at(const segment *g, double s, double x[3]) {
  for (int i = 0; i < 3; i++) x[i] = g->p[i] + s * g->d[i];
}

/* Ericson 5.1.9: parameters s on g1, t on g2 of the closest points */
static void closest_params(const segment *g1, const segment *g2, double *s, double *t) {
  double r[3];
  sn3_sub(g1->p, g2->p, r);
  double a = g1->len2, e = g2->len2, f = sn3_dot(g2->d, r);
  if (a <= 0 && e <= 0) { *s = *t = 0; return; }
  if (a <= 0) { *s = 0; *t = clamp01(f / e); return; }
  double c = sn3_dot(g1->d, r);
  if (e <= 0) { *t = 0; *s = clamp01(-c / a); return; }
  double b = sn3_dot(g1->d, g2->d), den = a * e - b * b;
  *s = den > 0 ? clamp01((b * f - c * e) / den) : 0;
  *t = (b * *s + f) / e;
  if (*t < 0) { *t = 0; *s = clamp01(-c / a); }
  else if (*t > 1) { *t = 1; *s = clamp01((b - c) / a); }
}

/* the contact of the spheres about p1 (on A's axis) and p2 (on B's); coincident centres take
 * a normal perpendicular to A's axis */
static int balls(const sn_body *A, int ia, const sn_body *B, int ib, int feature, const double p1[3],
                 const double p2[3], double margin, sn_contact_list *L) {
  double d[3], n[3], ra = A->shape.radius, rb = B->shape.radius;
  sn3_sub(p2, p1, d);
  double l = sn3_norm(d);
  if (l - ra - rb >= margin) return SN_OK;
  if (l > 0) {
    for (int i = 0; i < 3; i++) n[i] = d[i] / l;
  } else {
    double a[3] = {A->R[2], A->R[5], A->R[8]}, t2[3];
    sn_tangent_frame(a, n, t2);
  }
  double pa[3], pb[3];
  for (int i = 0; i < 3; i++) {
    pa[i] = p1[i] + ra * n[i];
    pb[i] = p2[i] - rb * n[i];
  }
  return sn_contact_add(L, A, ia, B, ib, feature, pa, pb, n, l - ra - rb);
}

/* parallel axes: the overlap [s0, s1] of B's axis projected on A's, or 0 if it is a point */
static int parallel_overlap(const segment *g1, const segment *g2, double *s0, double *s1) {
  double b = sn3_dot(g1->d, g2->d), a = g1->len2, e = g2->len2;
  if (a <= 0 || e <= 0 || a * e - b * b > SN_CAPSULE_PARALLEL * a * e) return 0;
  double q[3];
  at(g2, 0, q);
  double u0 = closest_on(g1, q);
  at(g2, 1, q);
  double u1 = closest_on(g1, q);
  *s0 = fmin(u0, u1);
  *s1 = fmax(u0, u1);
  return (*s1 - *s0) * sqrt(a) > 1e-9 * (sqrt(a) + sqrt(e));
}

int sn_narrow_capsule_capsule(const sn_body *A, int ia, const sn_body *B, int ib, double margin, sn_contact_list *L) {
  segment g1 = axis_segment(A), g2 = axis_segment(B);
  double s0, s1, p1[3], p2[3];
  if (parallel_overlap(&g1, &g2, &s0, &s1)) {
    for (int k = 0; k < 2; k++) {
      at(&g1, k ? s1 : s0, p1);
      at(&g2, closest_on(&g2, p1), p2);
      int st = balls(A, ia, B, ib, 1 + k, p1, p2, margin, L);
      if (st != SN_OK) return st;
    }
    return SN_OK;
  }
  double s, t;
  closest_params(&g1, &g2, &s, &t);
  at(&g1, s, p1);
  at(&g2, t, p2);
  return balls(A, ia, B, ib, 0, p1, p2, margin, L);
}
