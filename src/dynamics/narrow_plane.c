/* Plane against primitive shapes and convex hulls: the plane P is the half space below its body
 * z axis through its origin; every contact has the normal n = P's world z (from P to the body),
 * the gap of a body point p is n . (p - x_P), and its closest point on the plane p - gap n.
 * A box, capsule, cylinder or hull touches a plane at vertices (or rim points), so each contact
 * is one such point of the body, tested independently against the margin. */
#include <math.h>
#include <string.h>

#include "dynamics/narrow_pairs.h"

static void plane_normal(const sn_body *P, double n[3]) {
  n[0] = P->R[2];
  n[1] = P->R[5];
  n[2] = P->R[8];
}

/* the contact of world point pb of body B (at height gap above the plane), if gap < margin */
static int plane_point(const sn_body *P, int ip, const sn_body *B, int ib, int feature, const double pb[3],
                       const double n[3], double margin, sn_contact_list *L) {
  double d[3];
  sn3_sub(pb, P->x, d);
  double gap = sn3_dot(n, d);
  if (gap >= margin) return SN_OK;
  double pa[3] = {pb[0] - gap * n[0], pb[1] - gap * n[1], pb[2] - gap * n[2]};
  return sn_contact_add(L, P, ip, B, ib, feature, pa, pb, n, gap);
}

/* a sphere of radius r about world point c (sphere, capsule end): its lowest point */
static int plane_ball(const sn_body *P, int ip, const sn_body *B, int ib, int feature, const double c[3],
                      double r, const double n[3], double margin, sn_contact_list *L) {
  double pb[3] = {c[0] - r * n[0], c[1] - r * n[1], c[2] - r * n[2]};
  return plane_point(P, ip, B, ib, feature, pb, n, margin, L);
}

int sn_narrow_plane_sphere(const sn_body *P, int ip, const sn_body *B, int ib, double margin, sn_contact_list *L) {
  double n[3];
  plane_normal(P, n);
  return plane_ball(P, ip, B, ib, 0, B->x, B->shape.radius, n, margin, L);
}

/* Box: every corner under the margin; feature = corner index k, corner (+-hx, +-hy, +-hz) with
 * the sign of axis i positive when bit i of k is set. A box lying flat gives its 4 lower
 * corners, one standing on an edge 2. */
int sn_narrow_plane_box(const sn_body *P, int ip, const sn_body *B, int ib, double margin, sn_contact_list *L) {
  double n[3];
  plane_normal(P, n);
  const double *h = B->shape.half;
  for (int k = 0; k < 8; k++) {
    double cb[3], cw[3];
    for (int i = 0; i < 3; i++) cb[i] = (k >> i & 1) ? h[i] : -h[i];
    sn_body_to_world(B, cb, cw);
    int st = plane_point(P, ip, B, ib, k, cw, n, margin, L);
    if (st != SN_OK) return st;
  }
  return SN_OK;
}

/* Capsule: its two end spheres (feature 0 at -half_length, 1 at +half_length). */
int sn_narrow_plane_capsule(const sn_body *P, int ip, const sn_body *B, int ib, double margin, sn_contact_list *L) {
  double n[3];
  plane_normal(P, n);
  for (int e = 0; e < 2; e++) {
    double cb[3] = {0, 0, e ? B->shape.half_length : -B->shape.half_length}, cw[3];
    sn_body_to_world(B, cb, cw);
    int st = plane_ball(P, ip, B, ib, e, cw, B->shape.radius, n, margin, L);
    if (st != SN_OK) return st;
  }
  return SN_OK;
}

/* Cylinder: its contact points are on the two rims. Rule (documented choice, robust at the
 * upright position where the lowest rim point is not unique):
 *  - the lowest point of each rim (feature 0 at -half_length, 1 at +half_length) whenever the
 *    axis is tilted at all (the sine of its angle to the plane normal above SN_CYL_UPRIGHT, where
 *    the direction to that point is defined to round-off): a cylinder lying on its side gets the
 *    two ends of its lowest line, a tilted one the lowest point of its lower rim (the other end
 *    is 2 half_length |cos| higher);
 *  - besides, with the axis within about 0.57 degrees of the plane normal (sine below
 *    SN_CYL_FLAT): four fixed rim points of each end at body angles 0, 90, 180, 270 degrees
 *    (features 2..5 for the end at -half_length, 6..9 at +half_length), so that a cylinder
 *    standing on a face rests on four points (exactly upright: on these four only).
 * The lowest points are kept beside the four because a gap must not jump when the axis crosses
 * SN_CYL_FLAT: the true lowest point is up to r sin(angle) (1 - cos 45 deg) lower than the
 * lowest of the four, and the event-driven scheme (event_locate.c) watches every point's gap as
 * a function of time. With the lowest points replaced by the four below SN_CYL_FLAT, a spinning
 * cylinder landing nearly flat made a closing appear inside the floor or vanish at every
 * crossing of the threshold: it sank through the plane (2.3 cm, "1 event") or the events
 * accumulated at one instant (100 000 an output interval). */
#define SN_CYL_FLAT 1e-2
#define SN_CYL_UPRIGHT 1e-9
int sn_narrow_plane_cylinder(const sn_body *P, int ip, const sn_body *B, int ib, double margin, sn_contact_list *L) {
  double n[3], a[3] = {B->R[2], B->R[5], B->R[8]};
  plane_normal(P, n);
  double c = sn3_dot(n, a), r = B->shape.radius, hl = B->shape.half_length;
  /* d: unit direction in the end planes pointing down the plane normal (-n projected) */
  double d[3] = {c * a[0] - n[0], c * a[1] - n[1], c * a[2] - n[2]};
  double s = sn3_norm(d);
  for (int e = 0; e < 2; e++) {
    double z = e ? hl : -hl;
    if (s > SN_CYL_UPRIGHT) {
      double pw[3];
      for (int i = 0; i < 3; i++) pw[i] = B->x[i] + z * a[i] + r * d[i] / s;
      int st = plane_point(P, ip, B, ib, e, pw, n, margin, L);
      if (st != SN_OK) return st;
    }
    if (s < SN_CYL_FLAT) {
      static const double ang[4][2] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}};
      for (int j = 0; j < 4; j++) {
        double pb[3] = {r * ang[j][0], r * ang[j][1], z}, pw[3];
        sn_body_to_world(B, pb, pw);
        int st = plane_point(P, ip, B, ib, 2 + 4 * e + j, pw, n, margin, L);
        if (st != SN_OK) return st;
      }
    }
  }
  return SN_OK;
}
