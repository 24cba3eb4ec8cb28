/* Plane against a convex hull: the hull vertices under the margin, at most four kept so that a
 * hull resting on a many-sided face does not give one contact per vertex. The four: the deepest
 * vertex, the candidate farthest from it in the plane, the one spanning the largest triangle
 * with those two, and the one adding the largest area outside that triangle (the usual
 * manifold reduction: deepest point plus the largest-area support polygon). Feature = vertex
 * index. Four passes over the vertices, no scratch memory. Near ties (within a relative
 * SN_HULL_TIE) go to the lower vertex index, so that a hull resting on a face keeps the same four
 * vertices from step to step despite rounding (warm starts match them).
 * Not for the event-driven scheme (sn_narrow_plane_convex_all, through sn_narrow_watch): it
 * watches every pair with a margin of 1e3 m, so that every vertex was a candidate and the four
 * were chosen by area, not by height; a vertex left out could go below the plane unwatched and
 * reappear inside it (a 10-vertex hull bouncing on a plane: 0.1 mm inside, 185 000 halved steps
 * on such "closings without a root", stalled at 0.084 s). There every vertex is watched. */
#include <math.h>

#include "dynamics/narrow_pairs.h"

#define SN_HULL_TIE 1e-9

typedef struct {
  const sn_body *P, *B;
  double n[3];
  double margin;
} plane_hull;

/* world position of vertex k and its gap; 1 if it is a candidate (gap < margin) */
static int vertex(const plane_hull *H, int k, double p[3], double *gap) {
  sn_body_to_world(H->B, H->B->shape.vert + 3 * k, p);
  double d[3];
  sn3_sub(p, H->P->x, d);
  *gap = sn3_dot(H->n, d);
  return *gap < H->margin;
}

/* the contact of vertex k, feature k */
static int add_vertex(const plane_hull *H, int ip, int ib, int k, sn_contact_list *L) {
  double p[3], gap;
  vertex(H, k, p, &gap);
  double pa[3] = {p[0] - gap * H->n[0], p[1] - gap * H->n[1], p[2] - gap * H->n[2]};
  return sn_contact_add(L, H->P, ip, H->B, ib, k, pa, p, H->n, gap);
}

/* signed area (times 2) of the triangle (a, b, p) about the plane normal */
static double area_n(const double n[3], const double a[3], const double b[3], const double p[3]) {
  double u[3], v[3], w[3];
  sn3_sub(b, a, u);
  sn3_sub(p, a, v);
  sn3_cross(u, v, w);
  return sn3_dot(w, n);
}

/* score of candidate p for the pass choosing pick[m] given the picks before it */
static double score(const plane_hull *H, int m, const double q[4][3], const double p[3]) {
  double d[3];
  if (m == 1) {   /* distance from the deepest, in the plane */
    sn3_sub(p, q[0], d);
    sn3_axpy(-sn3_dot(d, H->n), H->n, d);
    return sn3_dot(d, d);
  }
  if (m == 2) return fabs(area_n(H->n, q[0], q[1], p));
  /* m == 3: the largest area outside an edge of the triangle q0 q1 q2 (oriented positive) */
  double sgn = area_n(H->n, q[0], q[1], q[2]) >= 0 ? 1 : -1, best = 0;
  for (int e = 0; e < 3; e++) {
    double out = -sgn * area_n(H->n, q[e], q[(e + 1) % 3], p);
    if (out > best) best = out;
  }
  return best;
}

/* every candidate when `all` (or at most four of them), appended to L */
static int plane_convex(const sn_body *P, int ip, const sn_body *B, int ib, double margin, int all,
                        sn_contact_list *L) {
  plane_hull H = {P, B, {P->R[2], P->R[5], P->R[8]}, margin};
  int nv = B->shape.nvert, count = 0, pick[4] = {-1, -1, -1, -1}, npick = 0;
  double q[4][3], p[3], gap, deepest = INFINITY, tie = SN_HULL_TIE * B->shape.bound;
  for (int k = 0; k < nv; k++)
    if (vertex(&H, k, p, &gap)) {
      count++;
      if (gap < deepest - tie) { deepest = gap; pick[0] = k; }
    }
  if (count == 0) return SN_OK;
  if (all || count <= 4) {   /* every candidate */
    for (int k = 0; k < nv; k++)
      if (vertex(&H, k, p, &gap)) {
        int st = add_vertex(&H, ip, ib, k, L);
        if (st != SN_OK) return st;
      }
    return SN_OK;
  }
  vertex(&H, pick[0], q[0], &gap);
  for (npick = 1; npick < 4; npick++) {
    double best = 0;
    for (int k = 0; k < nv; k++) {
      int taken = 0;
      for (int m = 0; m < npick; m++) taken |= pick[m] == k;
      if (taken || !vertex(&H, k, p, &gap)) continue;
      double sc = score(&H, npick, q, p);
      if (sc > best * (1 + SN_HULL_TIE)) { best = sc; pick[npick] = k; }
    }
    if (best <= 0) break;   /* the rest lie on the picks' segment or inside their triangle */
    vertex(&H, pick[npick], q[npick], &gap);
  }
  for (int m = 0; m < npick; m++) {
    int st = add_vertex(&H, ip, ib, pick[m], L);
    if (st != SN_OK) return st;
  }
  return SN_OK;
}

int sn_narrow_plane_convex(const sn_body *P, int ip, const sn_body *B, int ib, double margin, sn_contact_list *L) {
  return plane_convex(P, ip, B, ib, margin, 0, L);
}

int sn_narrow_plane_convex_all(const sn_body *P, int ip, const sn_body *B, int ib, double margin,
                               sn_contact_list *L) {
  return plane_convex(P, ip, B, ib, margin, 1, L);
}
