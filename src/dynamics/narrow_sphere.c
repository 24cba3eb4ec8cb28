/* A sphere (always body b) against a sphere, box, capsule or cylinder A: the closest point q of
 * A's core (centre, box, segment, solid cylinder) to the sphere's centre c; the normal is
 * (c - q)/|c - q| and gap = |c - q| - r_A - r_S (r_A the rounding of A: its radius for a sphere
 * or capsule, 0 for a box or cylinder). When c lies inside a box or cylinder, q is the nearest
 * point of its surface and the normal points out through it (Ericson, Real-Time Collision
 * Detection, 2005, 5.1.3-5.1.4 for the closest points). */
#include <math.h>

#include "dynamics/narrow_pairs.h"

/* contact between core point q of A (rounded by ra, outward unit normal n at q) and the sphere S */
static int ball_contact(const sn_body *A, int ia, const sn_body *S, int is, const double q[3], double ra,
                        const double n[3], double dist, double margin, sn_contact_list *L) {
  double rs = S->shape.radius, gap = dist - ra - rs;
  if (gap >= margin) return SN_OK;
  double pa[3], pb[3];
  for (int i = 0; i < 3; i++) {
    pa[i] = q[i] + ra * n[i];
    pb[i] = S->x[i] - rs * n[i];
  }
  return sn_contact_add(L, A, ia, S, is, 0, pa, pb, n, gap);
}

/* sphere about core point q (radius ra) against S; normal from q to S's centre (+z if equal) */
static int point_ball(const sn_body *A, int ia, const sn_body *S, int is, const double q[3], double ra,
                      double margin, sn_contact_list *L) {
  double d[3];
  sn3_sub(S->x, q, d);
  double l = sn3_norm(d), n[3] = {0, 0, 1};
  if (l > 0)
    for (int i = 0; i < 3; i++) n[i] = d[i] / l;
  return ball_contact(A, ia, S, is, q, ra, n, l, margin, L);
}

int sn_narrow_sphere_sphere(const sn_body *A, int ia, const sn_body *S, int is, double margin, sn_contact_list *L) {
  return point_ball(A, ia, S, is, A->x, A->shape.radius, margin, L);
}

/* world point and world direction of body-frame q and d */
static void core_to_world(const sn_body *A, const double qb[3], const double db[3], double q[3], double n[3]) {
  sn_body_to_world(A, qb, q);
  const double *R = A->R;
  for (int i = 0; i < 3; i++) n[i] = R[3 * i] * db[0] + R[3 * i + 1] * db[1] + R[3 * i + 2] * db[2];
}

/* centre outside the core: closest point qb, normal along cl - qb */
static int outside(const sn_body *A, int ia, const sn_body *S, int is, const double cl[3], const double qb[3],
                   double margin, sn_contact_list *L) {
  double d[3], q[3], n[3];
  sn3_sub(cl, qb, d);
  double l = sn3_norm(d);
  for (int i = 0; i < 3; i++) d[i] /= l;
  core_to_world(A, qb, d, q, n);
  return ball_contact(A, ia, S, is, q, 0, n, l, margin, L);
}

/* Box: the sphere centre clamped to the box in the box frame; inside, the nearest face. */
int sn_narrow_box_sphere(const sn_body *A, int ia, const sn_body *S, int is, double margin, sn_contact_list *L) {
  const double *h = A->shape.half;
  double cl[3], qb[3], d[3];
  sn3_sub(S->x, A->x, d);
  sn_body_dir_to_body(A, d, cl);
  int in = 1;
  for (int i = 0; i < 3; i++) {
    qb[i] = fmin(fmax(cl[i], -h[i]), h[i]);
    in &= qb[i] == cl[i];
  }
  if (!in) return outside(A, ia, S, is, cl, qb, margin, L);
  int f = 0;   /* the face nearest the centre: smallest h_i - |c_i| */
  for (int i = 1; i < 3; i++)
    if (h[i] - fabs(cl[i]) < h[f] - fabs(cl[f])) f = i;
  double sg = cl[f] >= 0 ? 1 : -1, db[3] = {0, 0, 0}, q[3], n[3];
  db[f] = sg;
  qb[f] = sg * h[f];
  core_to_world(A, qb, db, q, n);
  return ball_contact(A, ia, S, is, q, 0, n, -(h[f] - fabs(cl[f])), margin, L);
}

/* Capsule: the closest point of its segment, then two spheres. */
int sn_narrow_capsule_sphere(const sn_body *A, int ia, const sn_body *S, int is, double margin, sn_contact_list *L) {
  double a[3] = {A->R[2], A->R[5], A->R[8]}, d[3], q[3];
  sn3_sub(S->x, A->x, d);
  double hl = A->shape.half_length, t = fmin(fmax(sn3_dot(d, a), -hl), hl);
  for (int i = 0; i < 3; i++) q[i] = A->x[i] + t * a[i];
  return point_ball(A, ia, S, is, q, A->shape.radius, margin, L);
}

/* Cylinder: clamp the radial part to the radius and the axial part to the half length; inside,
 * the nearer of the side and the end faces. */
int sn_narrow_cylinder_sphere(const sn_body *A, int ia, const sn_body *S, int is, double margin, sn_contact_list *L) {
  double r = A->shape.radius, hl = A->shape.half_length, cl[3], d[3];
  sn3_sub(S->x, A->x, d);
  sn_body_dir_to_body(A, d, cl);
  double rho = hypot(cl[0], cl[1]);
  if (rho > r || fabs(cl[2]) > hl) {
    double s = rho > r ? r / rho : 1;
    double qb[3] = {s * cl[0], s * cl[1], fmin(fmax(cl[2], -hl), hl)};
    return outside(A, ia, S, is, cl, qb, margin, L);
  }
  double qb[3], db[3], q[3], n[3], depth;
  if (r - rho < hl - fabs(cl[2])) {   /* nearer the side */
    double ux = rho > 0 ? cl[0] / rho : 1, uy = rho > 0 ? cl[1] / rho : 0;
    qb[0] = r * ux; qb[1] = r * uy; qb[2] = cl[2];
    db[0] = ux; db[1] = uy; db[2] = 0;
    depth = r - rho;
  } else {   /* nearer an end face */
    double sg = cl[2] >= 0 ? 1 : -1;
    qb[0] = cl[0]; qb[1] = cl[1]; qb[2] = sg * hl;
    db[0] = 0; db[1] = 0; db[2] = sg;
    depth = hl - fabs(cl[2]);
  }
  core_to_world(A, qb, db, q, n);
  return ball_contact(A, ia, S, is, q, 0, n, -depth, margin, L);
}
