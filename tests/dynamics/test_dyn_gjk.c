/* GJK distances against analytic ones (spheres |c1 - c2| - r1 - r2; boxes, capsules, cylinders
 * from their closest features), EPA depths of overlapping shapes (the smallest translation that
 * separates them, by hand), and contact manifolds: a box resting on a box gives 4 contacts with
 * the set gap, an octahedron on its face 3, a capsule lying on a box 2, a standing cylinder 4;
 * touching, coincident and deep configurations stay finite. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "dynamics/gjk.h"

static sn_scene *S;

/* a body from a shape, at x with orientation q (NULL: identity); its index */
static int body_id(sn_shape_kind kind, double r, double hx, double hy, double hz, double hl, const double x[3],
                           const double q[4]) {
  sn_body_desc d;
  sn_body_desc_default(&d);
  d.shape.kind = kind;
  d.shape.radius = r;
  d.shape.half[0] = hx; d.shape.half[1] = hy; d.shape.half[2] = hz;
  d.shape.half_length = hl;
  memcpy(d.x, x, sizeof d.x);
  if (q) memcpy(d.q, q, sizeof d.q);
  int id = -1;
  CHECK_INT(sn_scene_add_body(S, &d, &id), SN_OK);
  return id;
}
#define body(...) (&S->b[body_id(__VA_ARGS__)])   /* valid until the next body is added */

static void quat_axis(double ax, double ay, double az, double th, double q[4]) {
  double l = sqrt(ax * ax + ay * ay + az * az);
  q[0] = cos(th / 2);
  q[1] = sin(th / 2) * ax / l;
  q[2] = sin(th / 2) * ay / l;
  q[3] = sin(th / 2) * az / l;
}

static double query(const sn_body *A, const sn_body *B, double n[3], double pa[3], double pb[3]) {
  sn_support_obj oa, ob;
  sn_support_obj_body(&oa, A);
  sn_support_obj_body(&ob, B);
  double gap;
  sn_convex_query(&oa, &ob, &gap, n, pa, pb);
  return gap;
}

static void test_distances(void) {
  double n[3], pa[3], pb[3];
  /* spheres: |c1 - c2| - r1 - r2 */
  const sn_body *s1 = body(SN_SHAPE_SPHERE, 0.5, 0, 0, 0, 0, (double[3]){0, 0, 0}, NULL);
  const sn_body *s2 = body(SN_SHAPE_SPHERE, 0.3, 0, 0, 0, 0, (double[3]){1, 2, 2}, NULL);
  CHECK_CLOSE(query(s1, s2, n, pa, pb), 3.0 - 0.8, 1e-12, 0);
  CHECK_CLOSE(n[0], 1.0 / 3, 0, 1e-12);
  CHECK_CLOSE(pa[2], 0.5 * 2.0 / 3, 0, 1e-12);
  /* boxes, corner to corner along the diagonal: sqrt(3) * 1.5 */
  const sn_body *b1 = body(SN_SHAPE_BOX, 0, 1, 1, 1, 0, (double[3]){0, 0, 0}, NULL);
  const sn_body *b2 = body(SN_SHAPE_BOX, 0, 0.5, 0.5, 0.5, 0, (double[3]){3, 3, 3}, NULL);
  CHECK_CLOSE(query(b1, b2, n, pa, pb), sqrt(3.0) * 1.5, 1e-12, 0);
  CHECK_CLOSE(pa[0], 1.0, 0, 1e-12);
  CHECK_CLOSE(pb[1], 2.5, 0, 1e-12);
  /* box rotated 45 deg about z, edge towards a box face: the half diagonal sqrt(2) reaches out */
  double q45[4];
  quat_axis(0, 0, 1, SN_PI / 4, q45);
  const sn_body *b3 = body(SN_SHAPE_BOX, 0, 1, 1, 1, 0, (double[3]){4, 0.3, 0}, q45);
  CHECK_CLOSE(query(b1, b3, n, pa, pb), 4 - 1 - sqrt(2.0), 1e-12, 0);
  CHECK_CLOSE(n[0], 1.0, 0, 1e-12);
  /* capsules on skew axes: z axis at the origin and y axis (rotated about x) at x = 2: the
   * segments are 2 apart */
  double qx[4];
  quat_axis(1, 0, 0, SN_PI / 2, qx);
  const sn_body *c1 = body(SN_SHAPE_CAPSULE, 0.2, 0, 0, 0, 1, (double[3]){0, 0, 0}, NULL);
  const sn_body *c2 = body(SN_SHAPE_CAPSULE, 0.3, 0, 0, 0, 1, (double[3]){2, 0.5, 0.4}, qx);
  CHECK_CLOSE(query(c1, c2, n, pa, pb), 2 - 0.5, 1e-12, 0);
  /* capsule end above a box: 5 - 1 - 1 - 0.2 */
  const sn_body *c3 = body(SN_SHAPE_CAPSULE, 0.2, 0, 0, 0, 1, (double[3]){0.1, 0.2, 5}, NULL);
  CHECK_CLOSE(query(b1, c3, n, pa, pb), 5 - 1 - 1 - 0.2, 1e-12, 0);
  /* cylinders: side by side (3 - 2 r), cap over cap (dz - 2 h), rim over a box edge... */
  const sn_body *y1 = body(SN_SHAPE_CYLINDER, 0.5, 0, 0, 0, 1, (double[3]){10, 0, 0}, NULL);
  const sn_body *y2 = body(SN_SHAPE_CYLINDER, 0.5, 0, 0, 0, 1, (double[3]){13, 0, 0.3}, NULL);
  const sn_body *y3 = body(SN_SHAPE_CYLINDER, 0.5, 0, 0, 0, 1, (double[3]){10.2, 0.1, 2.5}, NULL);
  CHECK_CLOSE(query(y1, y2, n, pa, pb), 3 - 1, 1e-10, 0);
  CHECK_CLOSE(query(y1, y3, n, pa, pb), 0.5, 1e-10, 0);
  CHECK_CLOSE(n[2], 1.0, 0, 1e-9);
  /* a cylinder lying along y (rotated about x) above box b1: gap z - r - 1 */
  const sn_body *y4 = body(SN_SHAPE_CYLINDER, 0.5, 0, 0, 0, 2, (double[3]){0.3, 0, 1.7}, qx);
  CHECK_CLOSE(query(b1, y4, n, pa, pb), 1.7 - 0.5 - 1, 1e-9, 0);
  /* a cylinder tilted 45 deg about y: its lowest rim point is h sin45 + r cos45 below the centre */
  double qy[4];
  quat_axis(0, 1, 0, SN_PI / 4, qy);
  const sn_body *y5 = body(SN_SHAPE_CYLINDER, 0.5, 0, 0, 0, 1, (double[3]){0, 0.2, 3}, qy);
  CHECK_CLOSE(query(b1, y5, n, pa, pb), 3 - 1 - (1 + 0.5) * sqrt(0.5), 1e-9, 0);
}

static void test_epa(void) {
  double n[3], pa[3], pb[3];
  /* boxes of half 1 at (0, 0, 20) and (1.5, 0.2, 20.1): the smallest separation is 0.5 along x */
  const sn_body *a = body(SN_SHAPE_BOX, 0, 1, 1, 1, 0, (double[3]){0, 0, 20}, NULL);
  const sn_body *b = body(SN_SHAPE_BOX, 0, 1, 1, 1, 0, (double[3]){1.5, 0.2, 20.1}, NULL);
  CHECK_CLOSE(query(a, b, n, pa, pb), -0.5, 1e-9, 0);
  CHECK_CLOSE(n[0], 1.0, 0, 1e-9);
  CHECK_CLOSE(pa[0] - pb[0], 0.5, 0, 1e-9);
  /* a sphere r = 0.5 whose centre is inside box a, 0.2 from its +y face: depth 0.7 along y */
  const sn_body *s = body(SN_SHAPE_SPHERE, 0.5, 0, 0, 0, 0, (double[3]){0.1, 0.8, 20.1}, NULL);
  CHECK_CLOSE(query(a, s, n, pa, pb), -0.7, 1e-12, 0);
  CHECK_CLOSE(n[1], 1.0, 0, 1e-12);
  CHECK_CLOSE(pb[1], 0.8 - 0.5, 0, 1e-12);   /* the sphere's deepest point */
  /* a capsule (r 0.2, half length 1) lying inside box a along x, axis 0.3 below its top face:
   * depth 0.5 along z */
  double qy90[4] = {cos(SN_PI / 4), 0, sin(SN_PI / 4), 0};
  const sn_body *cp = body(SN_SHAPE_CAPSULE, 0.2, 0, 0, 0, 0.5, (double[3]){0.1, 0.2, 20.7}, qy90);
  CHECK_CLOSE(query(a, cp, n, pa, pb), -0.5, 1e-12, 0);
  CHECK_CLOSE(n[2], 1.0, 0, 1e-12);
  /* coincident boxes: depth 2 (a face's width), finite normal */
  const sn_body *c = body(SN_SHAPE_BOX, 0, 1, 1, 1, 0, (double[3]){0, 0, 20}, NULL);
  double g = query(a, c, n, pa, pb);
  CHECK_CLOSE(g, -2.0, 1e-9, 0);
  CHECK(isfinite(n[0]) && isfinite(n[1]) && isfinite(n[2]));
  CHECK_CLOSE(sn3_norm(n), 1.0, 0, 1e-12);
  /* exactly touching faces: gap 0 */
  const sn_body *t = body(SN_SHAPE_BOX, 0, 1, 1, 1, 0, (double[3]){0.3, 0.1, 22}, NULL);
  CHECK_CLOSE(query(a, t, n, pa, pb), 0.0, 0, 1e-12);
  CHECK(isfinite(n[0]) && isfinite(n[1]) && isfinite(n[2]));
  /* coincident capsules (flat core difference: EPA on the curved shapes, converging from inside):
   * finite, depth the diameter 0.4 to 1 percent */
  const sn_body *k1 = body(SN_SHAPE_CAPSULE, 0.2, 0, 0, 0, 1, (double[3]){50, 0, 0}, NULL);
  const sn_body *k2 = body(SN_SHAPE_CAPSULE, 0.2, 0, 0, 0, 1, (double[3]){50, 0, 0}, NULL);
  g = query(k1, k2, n, pa, pb);
  CHECK_CLOSE(g, -0.4, 0.01, 0);
  CHECK(isfinite(n[0]) && isfinite(n[1]) && isfinite(n[2]));
}

/* the pair's contacts through the narrow phase; returns their number */
static int contacts(const sn_body *A, const sn_body *B, double margin, sn_contact_list *L) {
  L->n = 0;
  CHECK_INT(sn_narrow(A, (int)(A - S->b), B, (int)(B - S->b), margin, L), SN_OK);
  return L->n;
}

static void test_manifolds(void) {
  sn_contact_list L = {0, 0, NULL};
  /* box (half 0.5) resting 0.01 above a wide box (top at z = 100.5): 4 corners, gap 0.01 */
  const sn_body *base = body(SN_SHAPE_BOX, 0, 2, 2, 0.5, 0, (double[3]){0, 0, 100}, NULL);
  double q30[4];
  quat_axis(0, 0, 1, SN_PI / 6, q30);
  const sn_body *top = body(SN_SHAPE_BOX, 0, 0.5, 0.5, 0.5, 0, (double[3]){0.2, -0.1, 101.01}, q30);
  CHECK_INT(contacts(base, top, 0.05, &L), 4);
  double sx = 0, sy = 0;
  for (int k = 0; k < L.n; k++) {
    CHECK_CLOSE(L.c[k].gap, 0.01, 0, 1e-9);
    CHECK_CLOSE(L.c[k].n[2], 1.0, 0, 1e-12);
    CHECK_CLOSE(L.c[k].p[2], 100.505, 0, 1e-9);
    double r = hypot(L.c[k].p[0] - 0.2, L.c[k].p[1] + 0.1);
    CHECK_CLOSE(r, sqrt(0.5), 0, 1e-9);   /* the corners, half a diagonal from the axis */
    sx += L.c[k].p[0];
    sy += L.c[k].p[1];
    CHECK(L.c[k].a == (int)(base - S->b));
  }
  CHECK_CLOSE(sx / 4, 0.2, 0, 1e-9);
  CHECK_CLOSE(sy / 4, -0.1, 0, 1e-9);
  /* distinct feature ids */
  for (int i = 0; i < L.n; i++)
    for (int j = i + 1; j < L.n; j++) CHECK(L.c[i].feature != L.c[j].feature);
  /* penetrating by 0.02: the same 4 points with gap -0.02 */
  const sn_body *sunk = body(SN_SHAPE_BOX, 0, 0.5, 0.5, 0.5, 0, (double[3]){-1, 1, 100.98}, NULL);
  CHECK_INT(contacts(base, sunk, 0.05, &L), 4);
  for (int k = 0; k < L.n; k++) CHECK_CLOSE(L.c[k].gap, -0.02, 0, 1e-9);
  /* above the margin: none */
  const sn_body *far = body(SN_SHAPE_BOX, 0, 0.5, 0.5, 0.5, 0, (double[3]){1, 1, 101.2}, NULL);
  CHECK_INT(contacts(base, far, 0.05, &L), 0);

  /* octahedron |x|+|y|+|z| <= 1 on one face: that face (normal -(1,1,1)/sqrt3 once rotated to
   * -z) is 1/sqrt3 from the centre; 3 contacts at its corners, gap 0.003 */
  double oct[18] = {1, 0, 0, -1, 0, 0, 0, 1, 0, 0, -1, 0, 0, 0, 1, 0, 0, -1};
  double u[3] = {1 / sqrt(3.0), 1 / sqrt(3.0), 1 / sqrt(3.0)}, w[3] = {0, 0, -1}, ax[3];
  sn3_cross(u, w, ax);
  double qo[4];
  quat_axis(ax[0], ax[1], ax[2], acos(sn3_dot(u, w)), qo);
  sn_body_desc d;
  sn_body_desc_default(&d);
  d.shape.kind = SN_SHAPE_CONVEX;
  d.shape.vert = oct;
  d.shape.nvert = 6;
  d.x[0] = 0.3; d.x[2] = 100.5 + 1 / sqrt(3.0) + 0.003;
  memcpy(d.q, qo, sizeof qo);
  int io;
  CHECK_INT(sn_scene_add_body(S, &d, &io), SN_OK);
  CHECK_INT(contacts(base, &S->b[io], 0.01, &L), 3);
  for (int k = 0; k < L.n; k++) {
    CHECK_CLOSE(L.c[k].gap, 0.003, 0, 1e-9);
    CHECK_CLOSE(L.c[k].n[2], 1.0, 0, 1e-12);
    /* the face's corners are sqrt(2/3) from its centre (circumradius of a side-sqrt2 triangle) */
    CHECK_CLOSE(hypot(L.c[k].p[0] - 0.3, L.c[k].p[1]), sqrt(2.0 / 3.0), 0, 1e-9);
  }
  /* the octahedron on its vertex (unrotated): one contact, gap 0.004 */
  d.x[0] = -1.0; d.x[2] = 100.5 + 1 + 0.004;
  d.q[0] = 1; d.q[1] = d.q[2] = d.q[3] = 0;
  CHECK_INT(sn_scene_add_body(S, &d, &io), SN_OK);
  CHECK_INT(contacts(base, &S->b[io], 0.01, &L), 1);
  CHECK_CLOSE(L.c[0].gap, 0.004, 0, 1e-9);

  /* a capsule lying along x on the box: 2 contacts, gap 0.002 */
  double qy[4];
  quat_axis(0, 1, 0, SN_PI / 2, qy);
  const sn_body *cap = body(SN_SHAPE_CAPSULE, 0.1, 0, 0, 0, 0.5, (double[3]){0, 1, 100.602}, qy);
  CHECK_INT(contacts(base, cap, 0.01, &L), 2);
  for (int k = 0; k < L.n; k++) {
    CHECK_CLOSE(L.c[k].gap, 0.002, 0, 1e-9);
    CHECK_CLOSE(fabs(L.c[k].p[0]), 0.5, 0, 1e-9);
  }
  /* a cylinder standing on the box: 4 of its rim points, gap 0.001 */
  const sn_body *cyl = body(SN_SHAPE_CYLINDER, 0.3, 0, 0, 0, 0.4, (double[3]){1, -1, 100.901}, NULL);
  CHECK_INT(contacts(base, cyl, 0.01, &L), 4);
  for (int k = 0; k < L.n; k++) {
    CHECK_CLOSE(L.c[k].gap, 0.001, 0, 1e-9);
    CHECK_CLOSE(hypot(L.c[k].p[0] - 1, L.c[k].p[1] + 1), 0.3, 0, 1e-9);
  }
  /* a box tilted 20 deg about y resting on an edge: beyond the face angle, one point (EPA's) at
   * the edge... the gap of the lowest edge: z - (0.5 cos20 + 0.5 sin20) - 100.5 */
  double q20[4];
  quat_axis(0, 1, 0, 20 * SN_PI / 180, q20);
  double z = 100.5 + 0.5 * cos(20 * SN_PI / 180) + 0.5 * sin(20 * SN_PI / 180) + 0.001;
  const sn_body *tilt = body(SN_SHAPE_BOX, 0, 0.5, 0.5, 0.5, 0, (double[3]){-1, -1, z}, q20);
  int nt = contacts(base, tilt, 0.01, &L);
  CHECK(nt >= 1 && nt <= 2);
  for (int k = 0; k < L.n; k++) CHECK_CLOSE(L.c[k].gap, 0.001, 0, 1e-9);
  sn_contact_list_free(&L);
}

int main(void) {
  CHECK_INT(sn_scene_create(&S), SN_OK);
  /* room for every body of the test up front: the body pointers below stay valid */
  S->b = malloc(128 * sizeof *S->b);
  S->cap = S->b ? 128 : 0;
  test_distances();
  test_epa();
  test_manifolds();
  sn_scene_free(S);
  return sn_check_report();
}
