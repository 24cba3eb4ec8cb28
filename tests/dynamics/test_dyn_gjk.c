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

/* a box on a wide box (top at z = 100.5): resting, sunk, beyond the margin */
static void manifold_box_on_box(const sn_body *base, sn_contact_list *Lp) {
  sn_contact_list L = *Lp;
  /* box (half 0.5) resting 0.01 above a wide box (top at z = 100.5): 4 corners, gap 0.01 */
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

  *Lp = L;
}

/* an octahedron on the box, on a face and on a vertex */
static void manifold_hull_on_box(const sn_body *base, sn_contact_list *Lp) {
  sn_contact_list L = *Lp;
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

  *Lp = L;
}

/* capsule, cylinders and a tilted box on the box */
static void manifold_round_on_box(const sn_body *base, sn_contact_list *Lp) {
  sn_contact_list L = *Lp;
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
  /* the cylinder sunk 0.02 into the box: still 4 rim points, gap -0.02 */
  const sn_body *cyl2 = body(SN_SHAPE_CYLINDER, 0.3, 0, 0, 0, 0.4, (double[3]){-1, 1, 100.88}, NULL);
  CHECK_INT(contacts(base, cyl2, 0.01, &L), 4);
  for (int k = 0; k < L.n; k++) CHECK_CLOSE(L.c[k].gap, -0.02, 0, 1e-9);
  /* a cylinder lying along y, sunk 0.01: its generator line, 2 points at y = +-0.4 */
  double qx[4];
  quat_axis(1, 0, 0, SN_PI / 2, qx);
  const sn_body *cyl3 = body(SN_SHAPE_CYLINDER, 0.3, 0, 0, 0, 0.4, (double[3]){1.2, 0, 100.79}, qx);
  CHECK_INT(contacts(base, cyl3, 0.01, &L), 2);
  for (int k = 0; k < L.n; k++) {
    CHECK_CLOSE(L.c[k].gap, -0.01, 0, 1e-9);
    CHECK_CLOSE(fabs(L.c[k].p[1]), 0.4, 0, 1e-9);
  }
  *Lp = L;
}

/* feature ids under a slide, a tiny tilt, the pair order */
static void manifold_ids(const sn_body *base, sn_contact_list *Lp) {
  sn_contact_list L = *Lp;
  double q30[4];
  quat_axis(0, 0, 1, SN_PI / 6, q30);
  const sn_body *top = body(SN_SHAPE_BOX, 0, 0.5, 0.5, 0.5, 0, (double[3]){0.2, -0.1, 101.01}, q30);
  /* feature ids are stable: the top box slid by 1 mm keeps each corner's id */
  const sn_body *top2 = body(SN_SHAPE_BOX, 0, 0.5, 0.5, 0.5, 0, (double[3]){0.201, -0.1, 101.01}, q30);
  sn_contact_list L2 = {0, 0, NULL};
  CHECK_INT(contacts(base, top, 0.05, &L), 4);
  CHECK_INT(contacts(base, top2, 0.05, &L2), 4);
  for (int k = 0; k < L.n; k++)
    for (int j = 0; j < L2.n; j++)
      if (L.c[k].feature == L2.c[j].feature) CHECK_CLOSE(L2.c[j].p[0] - L.c[k].p[0], 0.001, 0, 1e-9);
  int matched = 0;
  for (int k = 0; k < L.n; k++)
    for (int j = 0; j < L2.n; j++) matched += L.c[k].feature == L2.c[j].feature;
  CHECK_INT(matched, 4);
  /* the pair as (top, base), the top tilted by 1e-6 rad: its face (A's) stays the reference
   * although the base's is better aligned with the normal by 5e-13 (no flip on near-ties), so
   * the ids are those of the untilted pair */
  double qt[4], qtt[4];
  quat_axis(1, 0, 0, 1e-6, qt);
  qtt[0] = qt[0] * q30[0] - qt[3] * q30[3];   /* qt * q30, both about axes with y = 0 parts */
  qtt[1] = qt[1] * q30[0] + qt[2] * q30[3];
  qtt[2] = -qt[1] * q30[3] + qt[2] * q30[0];
  qtt[3] = qt[0] * q30[3] + qt[3] * q30[0];
  const sn_body *top_t = body(SN_SHAPE_BOX, 0, 0.5, 0.5, 0.5, 0, (double[3]){0.2, -0.1, 101.01}, qtt);
  CHECK_INT(contacts(top, base, 0.05, &L), 4);
  CHECK_INT(contacts(top_t, base, 0.05, &L2), 4);
  matched = 0;
  for (int k = 0; k < L.n; k++)
    for (int j = 0; j < L2.n; j++) matched += L.c[k].feature == L2.c[j].feature;
  CHECK_INT(matched, 4);
  /* A tilted by 5 degrees about y on B: B's face is the reference (clearly better aligned), A's
   * bottom face clipped against it: its low edge, 2 points at gap 0.001 */
  double q5[4];
  quat_axis(0, 1, 0, 5 * SN_PI / 180, q5);
  double z5 = 100.5 + 0.5 * cos(5 * SN_PI / 180) + 0.5 * sin(5 * SN_PI / 180) + 0.001;
  const sn_body *tilt5 = body(SN_SHAPE_BOX, 0, 0.5, 0.5, 0.5, 0, (double[3]){0.5, 0.5, z5}, q5);
  CHECK_INT(contacts(tilt5, base, 0.005, &L2), 2);
  for (int k = 0; k < L2.n; k++) {
    CHECK_CLOSE(L2.c[k].gap, 0.001, 0, 1e-12);
    CHECK_CLOSE(L2.c[k].n[2], -1.0, 0, 1e-12);   /* from A (above) to B */
    CHECK_CLOSE(fabs(L2.c[k].p[1] - 0.5), 0.5, 0, 1e-12);
  }
  CHECK_INT(contacts(base, tilt5, 0.005, &L2), 2);   /* and in the other order */
  for (int k = 0; k < L2.n; k++) CHECK_CLOSE(L2.c[k].gap, 0.001, 0, 1e-12);
  sn_contact_list_free(&L2);
  *Lp = L;
}

/* scale disparity; two cube hulls */
static void manifold_scale_and_hulls(sn_contact_list *Lp) {
  sn_contact_list L = *Lp;
  /* scale disparity: a 2 cm cube on a 2 km block, 1e-5 above and 1e-5 sunk, rotated 10 deg */
  double q10[4];
  quat_axis(0, 0, 1, SN_PI / 18, q10);
  const sn_body *huge = body(SN_SHAPE_BOX, 0, 1000, 1000, 1000, 0, (double[3]){0, 0, -3000}, NULL);
  for (int k = 0; k < 2; k++) {
    double zt = -2000 + 0.01 + (k ? -1e-5 : 1e-5);
    const sn_body *tiny = body(SN_SHAPE_BOX, 0, 0.01, 0.01, 0.01, 0, (double[3]){3.3, -7.1, zt}, q10);
    CHECK_INT(contacts(huge, tiny, 1e-4, &L), 4);
    for (int c = 0; c < L.n; c++) CHECK_CLOSE(L.c[c].gap, k ? -1e-5 : 1e-5, 0, 1e-10);
  }
  /* convex hulls of two cubes' corners, one on the other (0.002 apart): 4 contacts */
  double cube[24];
  for (int k = 0; k < 8; k++)
    for (int i = 0; i < 3; i++) cube[3 * k + i] = (k >> i) & 1 ? 0.5 : -0.5;
  sn_body_desc d2;
  sn_body_desc_default(&d2);
  d2.shape.kind = SN_SHAPE_CONVEX;
  d2.shape.vert = cube;
  d2.shape.nvert = 8;
  d2.x[0] = 30;
  int h1, h2;
  CHECK_INT(sn_scene_add_body(S, &d2, &h1), SN_OK);
  d2.x[0] = 30.3;
  d2.x[2] = 1.002;
  CHECK_INT(sn_scene_add_body(S, &d2, &h2), SN_OK);
  CHECK_INT(contacts(&S->b[h1], &S->b[h2], 0.01, &L), 4);
  for (int k = 0; k < L.n; k++) {
    CHECK_CLOSE(L.c[k].gap, 0.002, 0, 1e-12);
    CHECK_CLOSE(L.c[k].n[2], 1.0, 0, 1e-12);
    CHECK(fabs(L.c[k].p[0] - 29.8) < 1e-12 || fabs(L.c[k].p[0] - 30.5) < 1e-12);   /* the overlap's ends */
  }
  *Lp = L;
}

/* contact manifolds against hand-computed corners, gaps and normals, in named phases */
static void test_manifolds(void) {
  sn_contact_list L = {0, 0, NULL};
  const sn_body *base = body(SN_SHAPE_BOX, 0, 2, 2, 0.5, 0, (double[3]){0, 0, 100}, NULL);
  manifold_box_on_box(base, &L);
  manifold_hull_on_box(base, &L);
  manifold_round_on_box(base, &L);
  manifold_ids(base, &L);
  manifold_scale_and_hulls(&L);
  sn_contact_list_free(&L);
}

/* ---- random box pairs against independent computations ---- */

static double urand(unsigned *r) {
  *r = *r * 1103515245u + 12345u;
  return ((*r >> 8) & 0xffff) / 65535.0;
}

/* world corner k of box B */
static void corner(const sn_body *B, int k, double p[3]) {
  double pb[3];
  for (int i = 0; i < 3; i++) pb[i] = (k >> i) & 1 ? B->shape.half[i] : -B->shape.half[i];
  sn_body_to_world(B, pb, p);
}

/* distance from p to box B: clamp in the box frame */
static double point_box(const sn_body *B, const double p[3]) {
  double d[3], db[3], s = 0;
  sn3_sub(p, B->x, d);
  sn_body_dir_to_body(B, d, db);
  for (int i = 0; i < 3; i++) {
    double e = fabs(db[i]) - B->shape.half[i];
    if (e > 0) s += e * e;
  }
  return sqrt(s);
}

/* distance between segments p1 q1 and p2 q2 (Ericson 2005, 5.1.9) */
static double seg_seg(const double p1[3], const double q1[3], const double p2[3], const double q2[3]) {
  double d1[3], d2[3], r[3], c1[3], c2[3], e[3];
  sn3_sub(q1, p1, d1);
  sn3_sub(q2, p2, d2);
  sn3_sub(p1, p2, r);
  double a = sn3_dot(d1, d1), f = sn3_dot(d2, d2), c = sn3_dot(d1, r), b = sn3_dot(d1, d2), g = sn3_dot(d2, r);
  double den = a * f - b * b, sv = 0, t;
  if (den > 1e-14 * a * f) sv = fmin(fmax((b * g - c * f) / den, 0), 1);
  t = (b * sv + g) / f;
  if (t < 0) { t = 0; sv = fmin(fmax(-c / a, 0), 1); }
  else if (t > 1) { t = 1; sv = fmin(fmax((b - c) / a, 0), 1); }
  for (int i = 0; i < 3; i++) {
    c1[i] = p1[i] + d1[i] * sv;
    c2[i] = p2[i] + d2[i] * t;
  }
  sn3_sub(c1, c2, e);
  return sn3_norm(e);
}

/* the distance of two disjoint boxes: vertex-box and edge-edge minima */
static double box_box_distance(const sn_body *A, const sn_body *B) {
  double m = INFINITY, p[3], q[3], u[3], v[3];
  for (int k = 0; k < 8; k++) {
    corner(A, k, p);
    m = fmin(m, point_box(B, p));
    corner(B, k, p);
    m = fmin(m, point_box(A, p));
  }
  for (int i = 0; i < 8; i++)
    for (int bi = 0; bi < 3; bi++) {
      if ((i >> bi) & 1) continue;
      corner(A, i, p);
      corner(A, i | 1 << bi, q);
      for (int j = 0; j < 8; j++)
        for (int bj = 0; bj < 3; bj++) {
          if ((j >> bj) & 1) continue;
          corner(B, j, u);
          corner(B, j | 1 << bj, v);
          m = fmin(m, seg_seg(p, q, u, v));
        }
    }
  return m;
}

/* the penetration depth of two overlapping boxes by the separating axis theorem: the smallest
 * overlap over the 15 axes (the face normals and the edge-edge cross products) */
static double box_box_sat(const sn_body *A, const sn_body *B) {
  double ax[15][3], d[3], m = INFINITY;
  int n = 0;
  for (int i = 0; i < 3; i++) {
    for (int k = 0; k < 3; k++) ax[n][k] = A->R[3 * k + i];
    n++;
    for (int k = 0; k < 3; k++) ax[n][k] = B->R[3 * k + i];
    n++;
  }
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++) {
      double a[3] = {A->R[i], A->R[3 + i], A->R[6 + i]}, b[3] = {B->R[j], B->R[3 + j], B->R[6 + j]};
      sn3_cross(a, b, ax[n]);
      double l = sn3_norm(ax[n]);
      if (l < 1e-9) continue;
      for (int k = 0; k < 3; k++) ax[n][k] /= l;
      n++;
    }
  sn3_sub(B->x, A->x, d);
  for (int k = 0; k < n; k++) {
    double ra = 0, rb = 0;
    for (int i = 0; i < 3; i++) {
      double ai[3] = {A->R[i], A->R[3 + i], A->R[6 + i]}, bi[3] = {B->R[i], B->R[3 + i], B->R[6 + i]};
      ra += A->shape.half[i] * fabs(sn3_dot(ax[k], ai));
      rb += B->shape.half[i] * fabs(sn3_dot(ax[k], bi));
    }
    m = fmin(m, ra + rb - fabs(sn3_dot(ax[k], d)));
  }
  return m;
}

static void test_random_boxes(void) {
  unsigned r = 2024;
  int nsep = 0, npen = 0, worst_iter_ok = 1;
  double err_sep = 0, err_pen = 0, err_hull = 0, err_sphere = 0;
  int ntrial = SN_SANITIZED ? 60 : 400;
  for (int trial = 0; trial < ntrial; trial++) {
    double q1[4], q2[4], x1[3], x2[3], h1[3], h2[3];
    for (int i = 0; i < 4; i++) { q1[i] = urand(&r) - 0.5; q2[i] = urand(&r) - 0.5; }
    for (int i = 0; i < 3; i++) {
      h1[i] = 0.2 + urand(&r);
      h2[i] = 0.2 + urand(&r);
      x1[i] = 200 + trial;
      x2[i] = x1[i] + 3 * (urand(&r) - 0.5);
    }
    int ia = body_id(SN_SHAPE_BOX, 0, h1[0], h1[1], h1[2], 0, x1, q1);
    int ib = body_id(SN_SHAPE_BOX, 0, h2[0], h2[1], h2[2], 0, x2, q2);
    const sn_body *A = &S->b[ia], *B = &S->b[ib];
    double n[3], pa[3], pb[3];
    double g = query(A, B, n, pa, pb);
    if (!(isfinite(g) && isfinite(n[0]) && isfinite(n[1]) && isfinite(n[2]))) worst_iter_ok = 0;
    double sat = box_box_sat(A, B);
    if (sat > 0) {
      npen++;
      err_pen = fmax(err_pen, fabs(-g - sat));
    } else {
      nsep++;
      err_sep = fmax(err_sep, fabs(g - box_box_distance(A, B)));
    }
    /* the same boxes as convex hulls of their corners: the same signed distance */
    double v1[24], v2[24];
    for (int k = 0; k < 8; k++) {
      double p[3];
      corner(A, k, p);
      sn3_sub(p, A->x, v1 + 3 * k);
      corner(B, k, p);
      sn3_sub(p, B->x, v2 + 3 * k);
    }
    sn_body_desc d;
    sn_body_desc_default(&d);
    d.shape.kind = SN_SHAPE_CONVEX;
    d.shape.nvert = 8;
    d.shape.vert = v1;
    memcpy(d.x, A->x, sizeof d.x);
    int ha, hb;
    CHECK_INT(sn_scene_add_body(S, &d, &ha), SN_OK);
    d.shape.vert = v2;
    memcpy(d.x, B->x, sizeof d.x);
    CHECK_INT(sn_scene_add_body(S, &d, &hb), SN_OK);
    err_hull = fmax(err_hull, fabs(query(&S->b[ha], &S->b[hb], n, pa, pb) - g));
    /* a sphere at B's centre's place against box A: the centre's signed distance to the box
     * (outside: clamped point; inside: minus the distance to the nearest face) minus r */
    double rs = 0.1 + 0.5 * urand(&r), dc[3], db[3], sd = point_box(A, x2);
    int is = body_id(SN_SHAPE_SPHERE, rs, 0, 0, 0, 0, x2, NULL);
    sn3_sub(x2, A->x, dc);
    sn_body_dir_to_body(A, dc, db);
    if (sd == 0) {
      sd = -INFINITY;
      for (int i = 0; i < 3; i++) sd = fmax(sd, fabs(db[i]) - A->shape.half[i]);
    }
    err_sphere = fmax(err_sphere, fabs(query(A, &S->b[is], n, pa, pb) - (sd - rs)));
    S->nb -= 5;   /* drop the 5 bodies (their arrays freed) */
    for (int k = 0; k < 5; k++) {
      free(S->b[S->nb + k].name);
      sn_shape_free(&S->b[S->nb + k].shape);
    }
  }
  /* both cases met; GJK distance and EPA depth to round-off */
  CHECK(nsep > ntrial / 10 && npen > ntrial / 10);
  CHECK(worst_iter_ok);
  CHECK_CLOSE(err_sep, 0, 0, 1e-9);
  CHECK_CLOSE(err_pen, 0, 0, 1e-9);
  CHECK_CLOSE(err_hull, 0, 0, 1e-9);
  CHECK_CLOSE(err_sphere, 0, 0, 1e-9);
  printf("random boxes: %d separated (max |GJK - exact| %.2e), %d overlapping (max |EPA - SAT| %.2e), hull vs box %.2e, "
         "sphere vs box %.2e\n", nsep, err_sep, npen, err_pen, err_hull, err_sphere);
}

/* random pairs of every convex kind (box, capsule, cylinder, hull of random points): no NaN,
 * symmetric (gap(A, B) = gap(B, A), opposite normals), witness points consistent with the gap,
 * at most 4 contacts, each with a unit normal */
static void test_random_kinds(void) {
  unsigned r = 77;
  int ntrial = SN_SANITIZED ? 100 : 600, bad = 0, nsep = 0, npen = 0;
  double sym_sep = 0, sym_pen = 0, wit = 0, low = 0;
  sn_contact_list L = {0, 0, NULL};
  for (int trial = 0; trial < ntrial; trial++) {
    int id[2];
    for (int k = 0; k < 2; k++) {
      double x[3], q[4];
      for (int i = 0; i < 3; i++) x[i] = 500 + (k ? 1.6 * (urand(&r) - 0.5) : 0);
      for (int i = 0; i < 4; i++) q[i] = urand(&r) - 0.5;
      int kind = (int)(urand(&r) * 4) % 4;
      if (kind == 3) {   /* hull of 12 random points */
        double v[36];
        for (int i = 0; i < 36; i++) v[i] = urand(&r) - 0.5;
        sn_body_desc d;
        sn_body_desc_default(&d);
        d.shape.kind = SN_SHAPE_CONVEX;
        d.shape.vert = v;
        d.shape.nvert = 12;
        memcpy(d.x, x, sizeof x);
        memcpy(d.q, q, sizeof q);
        CHECK_INT(sn_scene_add_body(S, &d, &id[k]), SN_OK);
      } else {
        sn_shape_kind kk = kind == 0 ? SN_SHAPE_BOX : kind == 1 ? SN_SHAPE_CAPSULE : SN_SHAPE_CYLINDER;
        id[k] = body_id(kk, 0.1 + 0.3 * urand(&r), 0.1 + 0.4 * urand(&r), 0.1 + 0.4 * urand(&r), 0.1 + 0.4 * urand(&r),
                        0.1 + 0.4 * urand(&r), x, q);
      }
    }
    const sn_body *A = &S->b[id[0]], *B = &S->b[id[1]];
    double n1[3], n2[3], pa[3], pb[3], qa[3], qb[3];
    double g1 = query(A, B, n1, pa, pb), g2 = query(B, A, n2, qa, qb);
    int fin = isfinite(g1) && isfinite(g2);
    for (int i = 0; i < 3; i++) fin = fin && isfinite(n1[i]) && isfinite(pa[i]) && isfinite(pb[i]);
    if (!fin || fabs(sn3_norm(n1) - 1) > 1e-12) bad++;
    if (g1 > 0) {
      nsep++;
      sym_sep = fmax(sym_sep, fabs(g1 - g2));
      double d[3];
      sn3_sub(pb, pa, d);
      wit = fmax(wit, fabs(sn3_norm(d) - g1));
    } else {
      npen++;
      sym_pen = fmax(sym_pen, fabs(g1 - g2) / fmax(-g1, 1e-3));
    }
    int nc = contacts(A, B, 0.05, &L);
    if (nc > 4) bad++;
    /* apart, no contact point is closer than the distance: a clipped point lies over the
     * reference face, so its gap bounds its distance to A from above */
    for (int k = 0; k < L.n && g1 > 0; k++) low = fmin(low, L.c[k].gap - g1);
    for (int k = 0; k < L.n; k++)
      if (!(isfinite(L.c[k].gap) && fabs(sn3_norm(L.c[k].n) - 1) < 1e-12 && L.c[k].gap < 0.05)) bad++;
    S->nb -= 2;
    for (int k = 0; k < 2; k++) {
      free(S->b[S->nb + k].name);
      sn_shape_free(&S->b[S->nb + k].shape);
    }
  }
  sn_contact_list_free(&L);
  CHECK_INT(bad, 0);
  CHECK(nsep > ntrial / 10 && npen > ntrial / 10);
  CHECK_CLOSE(sym_sep, 0, 0, 1e-9);   /* GJK: the same distance from both sides */
  CHECK_CLOSE(wit, 0, 0, 1e-9);
  CHECK(sym_pen < 1e-6);              /* EPA, curved shapes included (measured 3.8e-9) */
  CHECK_CLOSE(low, 0, 0, 1e-9);
  printf("random kinds: %d separated (asymmetry %.2e, witness %.2e), %d overlapping (relative asymmetry %.2e)\n",
         nsep, sym_sep, wit, npen, sym_pen);
}

int main(void) {
  CHECK_INT(sn_scene_create(&S), SN_OK);
  /* room for every body of the test up front: the body pointers below stay valid */
  S->b = malloc(128 * sizeof *S->b);
  S->cap = S->b ? 128 : 0;
  test_distances();
  test_epa();
  test_manifolds();
  test_random_boxes();
  test_random_kinds();
  sn_scene_free(S);
  return sn_check_report();
}
