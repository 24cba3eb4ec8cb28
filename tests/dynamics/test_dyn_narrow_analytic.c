/* Analytic narrow-phase routines (src/dynamics/narrow_plane.c, narrow_plane_convex.c,
 * narrow_sphere.c, narrow_capsule.c) through the dispatch sn_narrow, against gaps, normals and
 * points computed by hand for each configuration (the hand computation is in the comment next
 * to each check). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "dyn_floor.h"
#include "dynamics/dyn_internal.h"

static sn_body body(sn_shape_kind kind, double x, double y, double z) {
  sn_body B;
  memset(&B, 0, sizeof B);
  B.shape.kind = kind;
  B.x[0] = x; B.x[1] = y; B.x[2] = z;
  B.q[0] = 1;
  sn_body_sync(&B);
  return B;
}

/* orientation: rotation of angle a about the unit axis (ux, uy, uz) */
static void rotate(sn_body *B, double a, double ux, double uy, double uz) {
  B->q[0] = cos(a / 2);
  B->q[1] = sin(a / 2) * ux;
  B->q[2] = sin(a / 2) * uy;
  B->q[3] = sin(a / 2) * uz;
  sn_body_sync(B);
}

/* every contact: unit normal, orthonormal right-handed frame, ra/rb consistent with the point */
static void check_frames(const sn_contact_list *L, const sn_body *A, const sn_body *B) {
  for (int k = 0; k < L->n; k++) {
    const sn_contact *c = &L->c[k];
    CHECK_CLOSE(sn3_norm(c->n), 1, 0, 1e-14);
    CHECK_CLOSE(sn3_norm(c->t1), 1, 0, 1e-14);
    CHECK_CLOSE(sn3_norm(c->t2), 1, 0, 1e-14);
    CHECK_CLOSE(sn3_dot(c->n, c->t1), 0, 0, 1e-14);
    CHECK_CLOSE(sn3_dot(c->n, c->t2), 0, 0, 1e-14);
    CHECK_CLOSE(sn3_dot(c->t1, c->t2), 0, 0, 1e-14);
    double t[3];
    sn3_cross(c->t1, c->t2, t);
    CHECK_CLOSE(sn3_dot(t, c->n), 1, 0, 1e-14);
    const sn_body *ba = c->a == 0 ? A : B, *bb = c->b == 0 ? A : B;
    for (int i = 0; i < 3; i++) {
      CHECK_CLOSE(c->ra[i], c->p[i] - ba->x[i], 0, 1e-14);
      CHECK_CLOSE(c->rb[i], c->p[i] - bb->x[i], 0, 1e-14);
    }
  }
}

/* the contact of feature f in L, or NULL */
static const sn_contact *feature(const sn_contact_list *L, int f) {
  for (int k = 0; k < L->n; k++)
    if (L->c[k].feature == f) return &L->c[k];
  return NULL;
}

static void check_vec(const double got[3], double x, double y, double z, double tol) {
  CHECK_CLOSE(got[0], x, 0, tol);
  CHECK_CLOSE(got[1], y, 0, tol);
  CHECK_CLOSE(got[2], z, 0, tol);
}

static int run(const sn_body *A, const sn_body *B, double margin, sn_contact_list *L) {
  L->n = 0;
  CHECK_INT(sn_narrow(A, 0, B, 1, margin, L), SN_OK);
  check_frames(L, A, B);
  return L->n;
}

/* plane z = 0 vs box of half extents (0.5, 0.25, 0.1) */
static void plane_box(sn_contact_list *L) {
  sn_body P = body(SN_SHAPE_PLANE, 0, 0, 0), B = body(SN_SHAPE_BOX, 1, 2, 0.09);
  B.shape.half[0] = 0.5; B.shape.half[1] = 0.25; B.shape.half[2] = 0.1;
  /* flat: the four lower corners (features 0..3, bit 2 clear) at gap 0.09 - 0.1 = -0.01 */
  CHECK_INT(run(&P, &B, 1e-3, L), 4);
  for (int k = 0; k < 4; k++) {
    const sn_contact *c = feature(L, k);
    CHECK(c != NULL);
    if (!c) continue;
    CHECK_INT(c->a, 0);
    CHECK_INT(c->b, 1);
    CHECK_CLOSE(c->gap, -0.01, 0, 1e-15);
    check_vec(c->n, 0, 0, 1, 0);
    /* corner (1 +- 0.5, 2 +- 0.25, -0.01); point midway to the plane: z = -0.005 */
    check_vec(c->p, 1 + ((k & 1) ? 0.5 : -0.5), 2 + ((k & 2) ? 0.25 : -0.25), -0.005, 1e-15);
  }
  /* the same box reached from the other side of the dispatch: a is still the plane */
  L->n = 0;
  CHECK_INT(sn_narrow(&B, 1, &P, 0, 1e-3, L), SN_OK);
  CHECK_INT(L->n, 4);
  CHECK_INT(L->c[0].a, 0);
  /* margin: gap 0.01 is a contact for margin 0.02, none for margin 0.01 (gap >= margin) */
  B.x[2] = 0.11;
  CHECK_INT(run(&P, &B, 0.02, L), 4);
  double g = L->c[0].gap;
  CHECK_CLOSE(g, 0.01, 0, 1e-15);
  CHECK_INT(run(&P, &B, g, L), 0);   /* margin equal to the gap, as computed: none */
  /* a margin above the box height brings the upper corners too: 8 */
  CHECK_INT(run(&P, &B, 0.5, L), 8);
  /* rotated 45 degrees about x, standing on an edge: with R_x(45) a corner (x, y, z) goes to
   * height y sin45 + z cos45, lowest for y = -0.25, z = -0.1: -0.35/sqrt 2 (the next lowest,
   * y = 0.25, z = -0.1 or y = -0.25, z = 0.1, are 0.5/sqrt 2 and 0.2/sqrt 2 higher). Centre at
   * 0.35/sqrt 2 + 0.001: 2 contacts (x = +-0.5) at gap 0.001 */
  rotate(&B, SN_PI / 4, 1, 0, 0);
  B.x[2] = 0.35 / sqrt(2.0) + 0.001;
  CHECK_INT(run(&P, &B, 0.01, L), 2);
  for (int k = 0; k < L->n; k++) {
    CHECK_CLOSE(L->c[k].gap, 0.001, 0, 1e-14);
    CHECK((L->c[k].feature & 6) == 0);   /* y and z bits clear: corner (+-0.5, -0.25, -0.1) */
    /* world y of the corner: y cos45 - z sin45 = (-0.25 + 0.1)/sqrt 2 */
    CHECK_CLOSE(L->c[k].p[1], 2 - 0.15 / sqrt(2.0), 0, 1e-14);
  }
  /* an incline: plane through the origin rotated by 30 degrees about y (normal (sin, 0, cos)),
   * the box rotated the same, lying flat on it at a distance 0.1 - 0.002 of its centre: 4
   * contacts at gap -0.002 with the incline's normal */
  double a = SN_PI / 6;
  rotate(&P, a, 0, 1, 0);
  rotate(&B, a, 0, 1, 0);
  for (int i = 0; i < 3; i++) B.x[i] = 0.098 * P.R[3 * i + 2];
  B.x[0] += 0.3 * cos(a);   /* slid 0.3 down along the incline's x axis (cos, 0, -sin) */
  B.x[2] -= 0.3 * sin(a);
  CHECK_INT(run(&P, &B, 1e-3, L), 4);
  for (int k = 0; k < L->n; k++) {
    CHECK_CLOSE(L->c[k].gap, -0.002, 0, 1e-14);
    check_vec(L->c[k].n, sin(a), 0, cos(a), 1e-15);
  }
}


/* the one contact of L: gap, normal, point */
static void check_one(const sn_contact_list *L, double gap, const double n[3], const double p[3]) {
  CHECK_INT(L->n, 1);
  if (L->n < 1) return;
  CHECK_CLOSE(L->c[0].gap, gap, 0, 1e-14);
  check_vec(L->c[0].n, n[0], n[1], n[2], 1e-14);
  check_vec(L->c[0].p, p[0], p[1], p[2], 1e-14);
}

/* box of half extents (0.5, 0.25, 0.1) at (1, 0, 0) turned 90 degrees about z: world half
 * extents (0.25, 0.5, 0.1); spheres in its face, edge and corner regions and inside it */
static void box_sphere(sn_contact_list *L) {
  sn_body B = body(SN_SHAPE_BOX, 1, 0, 0), S = body(SN_SHAPE_SPHERE, 1, 0, 0.2);
  B.shape.half[0] = 0.5; B.shape.half[1] = 0.25; B.shape.half[2] = 0.1;
  rotate(&B, SN_PI / 2, 0, 0, 1);
  S.shape.radius = 0.05;
  /* face: gap 0.2 - 0.1 - 0.05; closest points (1, 0, 0.1) and (1, 0, 0.15) */
  run(&B, &S, 0.1, L);
  check_one(L, 0.05, (double[]){0, 0, 1}, (double[]){1, 0, 0.125});
  CHECK_INT(run(&B, &S, 0.05, L), 0);   /* gap >= margin */
  /* the sphere first in the call: the box is still a (the sphere is always b) */
  L->n = 0;
  CHECK_INT(sn_narrow(&S, 1, &B, 0, 0.1, L), SN_OK);
  CHECK_INT(L->n, 1);
  CHECK_INT(L->c[0].a, 0);
  /* edge: centre (1.28, 0, 0.14), offset (0.03, 0, 0.04) from the edge point (1.25, 0, 0.1):
   * distance 0.05, radius 0.04, gap 0.01, n = (0.6, 0, 0.8); pb = c - 0.04 n = (1.256, 0, 0.108) */
  S.x[0] = 1.28; S.x[2] = 0.14; S.shape.radius = 0.04;
  run(&B, &S, 0.1, L);
  check_one(L, 0.01, (double[]){0.6, 0, 0.8}, (double[]){1.253, 0, 0.104});
  /* corner (1.25, 0.5, 0.1) + (0.02, 0.02, 0.01): distance 0.03, radius 0.01, gap 0.02,
   * n = (2, 2, 1)/3, point = corner + (0.02/2) n */
  S.x[0] = 1.27; S.x[1] = 0.52; S.x[2] = 0.11; S.shape.radius = 0.01;
  run(&B, &S, 0.1, L);
  check_one(L, 0.02, (double[]){2.0 / 3, 2.0 / 3, 1.0 / 3},
            (double[]){1.25 + 0.01 * 2 / 3, 0.5 + 0.01 * 2 / 3, 0.1 + 0.01 / 3});
  /* centre inside at (1, 0.45, 0): nearest face y = 0.5 (depth 0.05 < 0.1 < 0.25), n = +y,
   * gap -0.05 - 0.01, closest points (1, 0.5, 0) and (1, 0.44, 0) */
  S.x[0] = 1; S.x[1] = 0.45; S.x[2] = 0;
  run(&B, &S, 0, L);
  check_one(L, -0.06, (double[]){0, 1, 0}, (double[]){1, 0.47, 0});
}

/* capsule radius 0.1, half length 0.5 along world x (turned 90 degrees about y) */
static void capsule_sphere(sn_contact_list *L) {
  sn_body C = body(SN_SHAPE_CAPSULE, 0, 0, 0), S = body(SN_SHAPE_SPHERE, 0.3, 0, 0.35);
  C.shape.radius = 0.1; C.shape.half_length = 0.5;
  rotate(&C, SN_PI / 2, 0, 1, 0);
  S.shape.radius = 0.2;
  /* beside the segment: closest (0.3, 0, 0), gap 0.35 - 0.3; point midway of z 0.1 and 0.15 */
  run(&C, &S, 0.1, L);
  check_one(L, 0.05, (double[]){0, 0, 1}, (double[]){0.3, 0, 0.125});
  /* beyond the end (0.5, 0, 0): offset (0.3, 0, 0.4), distance 0.5, gap 0.2, n = (0.6, 0, 0.8);
   * closest points end + 0.1 n and centre - 0.2 n, midway end + 0.2 n */
  S.x[0] = 0.8; S.x[2] = 0.4;
  run(&S, &C, 0.3, L);   /* dispatch: the capsule is a (index 1) */
  CHECK_INT(L->c[0].a, 1);
  check_one(L, 0.2, (double[]){0.6, 0, 0.8}, (double[]){0.5 + 0.12, 0, 0.16});
  CHECK_INT(run(&C, &S, L->c[0].gap, L), 0);   /* margin equal to the gap: none */
}

/* upright cylinder radius 0.2, half length 0.3 at the origin */
static void cylinder_sphere(sn_contact_list *L) {
  sn_body C = body(SN_SHAPE_CYLINDER, 0, 0, 0), S = body(SN_SHAPE_SPHERE, 0, 0.5, 0);
  C.shape.radius = 0.2; C.shape.half_length = 0.3;
  S.shape.radius = 0.1;
  /* side: gap 0.5 - 0.2 - 0.1 along +y; closest points y = 0.2 and 0.4 */
  run(&C, &S, 0.3, L);
  check_one(L, 0.2, (double[]){0, 1, 0}, (double[]){0, 0.3, 0});
  /* rim (0.2, 0, 0.3) + (0.03, 0, 0.04), radius 0.01: gap 0.04, n = (0.6, 0, 0.8) */
  S.x[0] = 0.23; S.x[1] = 0; S.x[2] = 0.34; S.shape.radius = 0.01;
  run(&C, &S, 0.3, L);
  check_one(L, 0.04, (double[]){0.6, 0, 0.8}, (double[]){0.2 + 0.02 * 0.6, 0, 0.3 + 0.02 * 0.8});
  /* inside near the top face (0, 0, 0.25): depth 0.05 < 0.2; gap -0.05 - 0.01, n = +z */
  S.x[0] = 0; S.x[2] = 0.25;
  run(&C, &S, 0, L);
  check_one(L, -0.06, (double[]){0, 0, 1}, (double[]){0, 0, 0.3 - 0.03});
  /* inside near the side (0.15, 0, 0): depth 0.05 < 0.3; n = +x */
  S.x[0] = 0.15; S.x[2] = 0;
  run(&C, &S, 0, L);
  check_one(L, -0.06, (double[]){1, 0, 0}, (double[]){0.2 - 0.03, 0, 0});
}

/* capsules of radius 0.1 and half length 1 */
static void capsule_capsule(sn_contact_list *L) {
  sn_body A = body(SN_SHAPE_CAPSULE, 0, 0, 0), B = body(SN_SHAPE_CAPSULE, 0.2, 0.3, 0.25);
  A.shape.radius = B.shape.radius = 0.1;
  A.shape.half_length = B.shape.half_length = 1;
  rotate(&A, SN_PI / 2, 0, 1, 0);    /* along x */
  rotate(&B, SN_PI / 2, 1, 0, 0);    /* along y */
  /* crossed: closest points (0.2, 0, 0) and (0.2, 0, 0.25): gap 0.05, one contact */
  run(&A, &B, 0.1, L);
  check_one(L, 0.05, (double[]){0, 0, 1}, (double[]){0.2, 0, 0.125});
  CHECK_INT(L->c[0].feature, 0);
  CHECK_INT(run(&A, &B, L->c[0].gap, L), 0);
  /* parallel, B along x at (0.5, 0, 0.22): B's axis [-0.5, 1.5] overlaps A's [-1, 1] on
   * [-0.5, 1]: two contacts (features 1 at x = -0.5, 2 at x = 1), gap 0.02, points z = 0.11 */
  rotate(&B, SN_PI / 2, 0, 1, 0);
  B.x[0] = 0.5; B.x[1] = 0; B.x[2] = 0.22;
  CHECK_INT(run(&A, &B, 0.05, L), 2);
  for (int k = 1; k <= 2; k++) {
    const sn_contact *c = feature(L, k);
    CHECK(c != NULL);
    if (!c) continue;
    CHECK_CLOSE(c->gap, 0.02, 0, 1e-14);
    check_vec(c->n, 0, 0, 1, 1e-14);
    check_vec(c->p, k == 1 ? -0.5 : 1, 0, 0.11, 1e-14);
  }
  /* nearly parallel: B's axis u = (cos e, 0, sin e), e = 1e-4 (sin^2 e below the threshold
   * 1e-6), centre (0.5, 0, 0.22). Overlap on A: [0.5 - cos e, 1]. At x = 1: the distance to B's
   * line |(0.5, 0, -0.22) x u| = 0.22 cos e + 0.5 sin e; at x = 0.5 - cos e: B's lower end
   * (0.5 - cos e, 0, 0.22 - sin e) straight above, distance 0.22 - sin e */
  double e = 1e-4;
  rotate(&B, SN_PI / 2 - e, 0, 1, 0);
  CHECK_INT(run(&A, &B, 0.05, L), 2);
  if (L->n == 2) {
    CHECK_CLOSE(feature(L, 2)->gap, 0.22 * cos(e) + 0.5 * sin(e) - 0.2, 0, 1e-14);
    CHECK_CLOSE(feature(L, 2)->n[0], -sin(e), 0, 1e-14);   /* perpendicular to u, upward */
    CHECK_CLOSE(feature(L, 1)->gap, 0.02 - sin(e), 0, 1e-14);
    check_vec(feature(L, 1)->n, 0, 0, 1, 1e-14);
    CHECK_CLOSE(feature(L, 1)->p[0], 0.5 - cos(e), 0, 1e-14);
  }
  /* at 0.1 rad the axes cross in projection: one contact, B's lower end above A at gap
   * 0.22 - sin 0.1 - 0.2 (the closest points: that end and the point of A below it) */
  rotate(&B, SN_PI / 2 - 0.1, 0, 1, 0);
  run(&A, &B, 0.05, L);
  check_one(L, 0.02 - sin(0.1), (double[]){0, 0, 1}, (double[]){0.5 - cos(0.1), 0, 0.11 - 0.5 * sin(0.1)});
  CHECK_INT(L->c[0].feature, 0);
  rotate(&B, SN_PI / 2, 0, 1, 0);
  /* parallel end to end, B at (2.5, 0, 0): no overlap, one contact between the end spheres
   * (1, 0, 0) and (1.5, 0, 0): gap 0.3, n = +x */
  B.x[0] = 2.5; B.x[2] = 0;
  run(&A, &B, 1, L);
  check_one(L, 0.3, (double[]){1, 0, 0}, (double[]){1.25, 0, 0});
}

/* capsule radius 0.1, half length 0.5 against the plane z = 0 */
static void plane_capsule(sn_contact_list *L) {
  sn_body P = body(SN_SHAPE_PLANE, 0, 0, 0), C = body(SN_SHAPE_CAPSULE, 0, 0, 0.09);
  C.shape.radius = 0.1; C.shape.half_length = 0.5;
  rotate(&C, SN_PI / 2, 0, 1, 0);
  /* lying: both end spheres at gap -0.01, points (+-0.5, 0, -0.005) */
  CHECK_INT(run(&P, &C, 0.01, L), 2);
  for (int e = 0; e < 2; e++) {
    const sn_contact *c = feature(L, e);
    CHECK(c != NULL);
    if (!c) continue;
    CHECK_CLOSE(c->gap, -0.01, 0, 1e-14);
    check_vec(c->p, e ? 0.5 : -0.5, 0, -0.005, 1e-14);
  }
  /* axis at 60 degrees from the vertical (z component 0.5): ends at z = 0.34 -+ 0.25: the
   * lower (feature 0, x = -0.5 sin 60) at gap -0.01, the upper at 0.49 */
  rotate(&C, SN_PI / 3, 0, 1, 0);
  C.x[2] = 0.34;
  CHECK_INT(run(&P, &C, 0.1, L), 1);
  CHECK_INT(L->c[0].feature, 0);
  CHECK_CLOSE(L->c[0].gap, -0.01, 0, 1e-14);
  CHECK_CLOSE(L->c[0].p[0], -0.5 * sin(SN_PI / 3), 0, 1e-14);
  CHECK_INT(run(&P, &C, 0.5, L), 2);
}

/* cylinder radius 0.2, half length 0.3 against the plane z = 0: the rim rule */
static void plane_cylinder(sn_contact_list *L) {
  sn_body P = body(SN_SHAPE_PLANE, 0, 0, 0), C = body(SN_SHAPE_CYLINDER, 0, 0, 0.29);
  C.shape.radius = 0.2; C.shape.half_length = 0.3;
  /* standing: 4 rim points of the lower face (features 2..5 at body angles 0, 90, 180, 270) */
  CHECK_INT(run(&P, &C, 0.01, L), 4);
  static const double xy[4][2] = {{0.2, 0}, {0, 0.2}, {-0.2, 0}, {0, -0.2}};
  for (int j = 0; j < 4; j++) {
    const sn_contact *c = feature(L, 2 + j);
    CHECK(c != NULL);
    if (!c) continue;
    CHECK_CLOSE(c->gap, -0.01, 0, 1e-14);
    check_vec(c->p, xy[j][0], xy[j][1], -0.005, 1e-14);
  }
  /* tilted by 1e-3 rad about x (below the flat threshold): the 4 and the lowest rim point
   * (feature 0), 0.3 cos(1e-3) + 0.2 sin(1e-3) below the centre, at the same gap as the fixed
   * point at body y = -0.2 here (the tilt is about body x); the gaps of the points at body
   * y = +-0.2 differ by 0.4 sin(1e-3) */
  rotate(&C, 1e-3, 1, 0, 0);
  CHECK_INT(run(&P, &C, 0.01, L), 5);
  CHECK_CLOSE(feature(L, 5)->gap - feature(L, 3)->gap, -0.4 * sin(1e-3), 0, 1e-14);
  CHECK(feature(L, 0) != NULL);
  if (feature(L, 0)) {
    CHECK_CLOSE(feature(L, 0)->gap, 0.29 - 0.3 * cos(1e-3) - 0.2 * sin(1e-3), 0, 1e-14);
    for (int j = 2; j < 6; j++) CHECK(feature(L, 0)->gap <= feature(L, j)->gap + 1e-14);
  }
  /* lying (axis along -y after 90 degrees about x): the two ends of the lowest line,
   * (0, -+0.3, -0.01), features 0 (body z = -0.3, world y = +0.3) and 1 */
  rotate(&C, SN_PI / 2, 1, 0, 0);
  C.x[2] = 0.19;
  CHECK_INT(run(&P, &C, 0.01, L), 2);
  for (int e = 0; e < 2; e++) {
    const sn_contact *c = feature(L, e);
    CHECK(c != NULL);
    if (!c) continue;
    CHECK_CLOSE(c->gap, -0.01, 0, 1e-14);
    check_vec(c->p, 0, e ? -0.3 : 0.3, -0.005, 1e-14);
  }
  /* tilted 30 degrees about x: the lowest rim point of the lower end is 0.3 cos30 + 0.2 sin30
   * below the centre, that of the upper end 0.3 cos30 - 0.2 sin30 above it */
  rotate(&C, SN_PI / 6, 1, 0, 0);
  C.x[2] = 0.3 * cos(SN_PI / 6) + 0.1 + 0.001;
  CHECK_INT(run(&P, &C, 0.01, L), 1);
  CHECK_INT(L->c[0].feature, 0);
  CHECK_CLOSE(L->c[0].gap, 0.001, 0, 1e-14);
  CHECK_INT(run(&P, &C, 0.6, L), 2);
  CHECK_CLOSE(feature(L, 1)->gap, 0.6 * cos(SN_PI / 6) + 0.001, 0, 1e-14);
}

/* a hexagonal prism (circumradius 1, height 0.2) as a convex hull lying flat on z = 0 */
static void plane_convex(sn_contact_list *L) {
  double v[36];
  for (int k = 0; k < 12; k++) {
    v[3 * k] = cos(SN_PI / 3 * (k % 6));
    v[3 * k + 1] = sin(SN_PI / 3 * (k % 6));
    v[3 * k + 2] = k < 6 ? -0.1 : 0.1;
  }
  sn_body P = body(SN_SHAPE_PLANE, 0, 0, 0), H = body(SN_SHAPE_CONVEX, 0, 0, 0.099);
  H.shape.nvert = 12;
  H.shape.vert = v;
  H.shape.bound = sqrt(1.01);
  /* 6 lower vertices under the margin, 4 kept at gap -0.001: the deepest (exact ties: the lowest
   * index, 0), the farthest from it (3, across), the largest triangle with those (1, 2, 4, 5 tie:
   * 1), the largest area outside it (4 and 5 tie: 4): the quadrilateral 0 1 3 4, of the largest
   * area among the hexagon's 4-vertex subsets containing 0 and 3. The same under rounding-level
   * turns (the ties are decided within a relative 1e-9). */
  for (int turn = 0; turn < 3; turn++) {
    if (turn) rotate(&H, turn == 1 ? 1e-13 : -3e-13, 0.6, 0, 0.8);
    CHECK_INT(run(&P, &H, 0.01, L), 4);
    for (int k = 0; k < L->n; k++) CHECK_CLOSE(L->c[k].gap, -0.001, 0, 1e-12);
    CHECK(feature(L, 0) && feature(L, 1) && feature(L, 3) && feature(L, 4));
  }
  /* tilted 0.1 rad about y: vertex 3 (-1, 0, -0.1) is lowest, at z = 0.099 - sin0.1 - 0.1 cos0.1;
   * vertices 2 and 4 are 0.5 sin0.1 higher: margin between, one contact */
  rotate(&H, -0.1, 0, 1, 0);
  double z3 = 0.099 - sin(0.1) - 0.1 * cos(0.1);
  CHECK_INT(run(&P, &H, z3 + 0.25 * sin(0.1), L), 1);
  CHECK_INT(L->c[0].feature, 3);
  CHECK_CLOSE(L->c[0].gap, z3, 0, 1e-14);
}

/* the whole detection (sn_detect: broad phase, dispatch, laws) on a scene: a box (0.4 x 0.4 x
 * 0.2) resting 1 mm into the floor and a ball of radius 0.1 1 mm above its top face: the four
 * lower corners against the floor (gap -0.001, law of materials 0-0) and the ball against the
 * box (gap 0.001, box as a, law of materials 0-1) */
static void detect(void) {
  sn_scene *S = dyn_floor_scene();
  sn_body_desc d;
  sn_body_desc_default(&d);
  d.shape.kind = SN_SHAPE_BOX;
  d.shape.half[0] = d.shape.half[1] = 0.2; d.shape.half[2] = 0.1;
  d.x[2] = 0.099;
  CHECK_INT(sn_scene_add_body(S, &d, NULL), SN_OK);
  sn_body_desc_default(&d);
  d.shape.radius = 0.1;
  d.x[0] = 0.05; d.x[2] = 0.3;   /* box top at 0.199 */
  d.material = 1;
  CHECK_INT(sn_scene_add_body(S, &d, NULL), SN_OK);
  CHECK_INT(sn_scene_set_contact_law(S, 0, 0, 0.3, 0), SN_OK);
  CHECK_INT(sn_scene_set_contact_law(S, 0, 1, 0.6, 0.5), SN_OK);
  CHECK_INT(sn_detect(S, 0.01), SN_OK);
  CHECK_INT(sn_scene_ncontacts(S), 5);
  int floor = 0, ball = 0;
  for (int k = 0; k < sn_scene_ncontacts(S); k++) {
    sn_body_contact c;
    CHECK_INT(sn_scene_contact(S, k, &c), SN_OK);
    if (c.b == 1) {
      floor++;
      CHECK_INT(c.a, 0);
      CHECK_CLOSE(c.gap, -0.001, 0, 1e-14);
      CHECK_CLOSE(c.mu, 0.3, 0, 0);
    } else {
      ball++;
      CHECK_INT(c.a, 1);
      CHECK_INT(c.b, 2);
      CHECK_CLOSE(c.gap, 0.001, 0, 1e-14);
      CHECK_CLOSE(c.normal[2], 1, 0, 1e-14);
      CHECK_CLOSE(c.mu, 0.6, 0, 0);
      CHECK_CLOSE(c.e, 0.5, 0, 0);
    }
  }
  CHECK_INT(floor, 4);
  CHECK_INT(ball, 1);
  sn_scene_free(S);
}

int main(void) {
  sn_contact_list L = {0};
  plane_box(&L);
  plane_capsule(&L);
  plane_cylinder(&L);
  plane_convex(&L);
  box_sphere(&L);
  capsule_sphere(&L);
  cylinder_sphere(&L);
  capsule_capsule(&L);
  detect();
  sn_contact_list_free(&L);
  return sn_check_report();
}
