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
