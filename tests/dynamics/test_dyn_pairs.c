/* Every pair of shapes {sphere, box, capsule, cylinder, convex, plane, mesh} (issue #12, point 1)
 * in both argument orders, stacked along one axis (the upper body turned 0.3 rad about it) with
 * a known gap (+0.01: separated inside the margin; -0.01: penetrating), the whole configuration
 * turned by a fixed rotation Q. Analytic expectations (the shapes are centred on the axis, so the
 * closest points lie on it or on the touching faces): every contact has gap = the chosen gap,
 * normal = +-Q e_z (from the contact's body a to its body b), a point midway between the two
 * surfaces; a flat face on a flat face gives >= 3 points, a horizontal capsule on a face >= 2;
 * the feature ids are distinct and a rounding-level shift of the upper body (1e-9 m sideways)
 * keeps the same set (warm-start identity). Two static shapes (plane, mesh) give no contact. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "dynamics/gjk.h"

enum { NK = 7 };
static const sn_shape_kind kinds[NK] = {SN_SHAPE_SPHERE, SN_SHAPE_BOX,   SN_SHAPE_CAPSULE, SN_SHAPE_CYLINDER,
                                        SN_SHAPE_CONVEX, SN_SHAPE_PLANE, SN_SHAPE_MESH};
/* half height along the stacking axis of each kind as placed below (planes and meshes: 0) */
static const double half_z[NK] = {0.5, 0.3, 0.2, 0.25, 0.35, 0, 0};
/* what the shape shows the other one: 0 a point (curved), 1 a line (horizontal capsule), 2 a face */
static const int face[NK] = {0, 2, 1, 2, 2, 2, 2};

static const double cube[24] = {-0.35, -0.35, -0.35, 0.35, -0.35, -0.35, 0.35, 0.35, -0.35, -0.35, 0.35, -0.35,
                                -0.35, -0.35, 0.35,  0.35, -0.35, 0.35,  0.35, 0.35, 0.35,  -0.35, 0.35, 0.35};
static const double sq[12] = {-2, -2, 0, 2, -2, 0, 2, 2, 0, -2, 2, 0};
static const int sqt[6] = {0, 1, 2, 0, 2, 3};   /* counter-clockwise seen from +z: outside is +z */

/* Hamilton product r = a b, (w, x, y, z) */
static void qmul(const double a[4], const double b[4], double r[4]) {
  r[0] = a[0] * b[0] - a[1] * b[1] - a[2] * b[2] - a[3] * b[3];
  r[1] = a[0] * b[1] + a[1] * b[0] + a[2] * b[3] - a[3] * b[2];
  r[2] = a[0] * b[2] - a[1] * b[3] + a[2] * b[0] + a[3] * b[1];
  r[3] = a[0] * b[3] + a[1] * b[2] - a[2] * b[1] + a[3] * b[0];
}

/* the body of kind k, centred at height z on the axis (shifted sideways by dx), upside down if
 * flip, the configuration turned by Q (rotation matrix Rq, quaternion Q) */
static int add(sn_scene *S, int k, double z, double dx, int flip, const double Q[4], const double Rq[9]) {
  sn_body_desc d;
  sn_body_desc_default(&d);
  d.shape.kind = kinds[k];
  d.shape.radius = k == 0 ? 0.5 : k == 2 ? 0.2 : 0.3;
  d.shape.half_length = k == 2 ? 0.3 : 0.25;
  d.shape.half[0] = 0.5;
  d.shape.half[1] = 0.4;
  d.shape.half[2] = 0.3;
  if (kinds[k] == SN_SHAPE_CONVEX) {
    d.shape.vert = cube;
    d.shape.nvert = 8;
  }
  if (kinds[k] == SN_SHAPE_MESH) {
    d.shape.vert = sq;
    d.shape.nvert = 4;
    d.shape.tri = sqt;
    d.shape.ntri = 2;
  }
  if (kinds[k] == SN_SHAPE_PLANE || kinds[k] == SN_SHAPE_MESH) d.motion = SN_BODY_FIXED;
  /* local orientation: the capsule lies along y (90 degrees about x); flip: 180 degrees about x */
  double ql[4] = {1, 0, 0, 0};
  if (kinds[k] == SN_SHAPE_CAPSULE) {
    ql[0] = ql[1] = sqrt(0.5);
  } else if (flip) {
    ql[0] = 0;
    ql[1] = 1;
  }
  /* the upper body (flip) turned by 0.3 rad about the stacking axis, so that no edges coincide */
  double yaw[4] = {cos(0.15), 0, 0, flip ? sin(0.15) : 0}, qy[4];
  qmul(yaw, ql, qy);
  qmul(Q, qy, d.q);
  /* a mesh is moved in its plane so that the axis crosses a triangle's interior, not its diagonal */
  int mesh = kinds[k] == SN_SHAPE_MESH;
  double xl[3] = {dx + 0.7 * mesh, 0.3 * mesh, z};
  for (int i = 0; i < 3; i++) d.x[i] = Rq[3 * i] * xl[0] + Rq[3 * i + 1] * xl[1] + Rq[3 * i + 2] * xl[2];
  int id = -1;
  CHECK_INT(sn_scene_add_body(S, &d, &id), SN_OK);
  return id;
}

static int has_feature(const sn_contact_list *L, int f) {
  for (int i = 0; i < L->n; i++)
    if (L->c[i].feature == f) return 1;
  return 0;
}

/* lower kind i, upper kind j, gap g; the narrow phase called as (first, second) */
static void one_pair(int i, int j, double g, int swap, const double Q[4], const double Rq[9]) {
  sn_scene *S = NULL;
  CHECK_INT(sn_scene_create(&S), SN_OK);
  double top = half_z[i];
  double zb = top + g + half_z[j];
  int a = add(S, i, 0, 0, 0, Q, Rq);
  int b = add(S, j, zb, 0, 1, Q, Rq);
  int b2 = add(S, j, zb, 1e-9, 1, Q, Rq);   /* the same upper body shifted sideways */
  int first = swap ? b : a, second = swap ? a : b;
  double ez[3] = {Rq[2], Rq[5], Rq[8]};   /* Q e_z: from the lower body to the upper one */
  sn_contact_list L, L2;
  memset(&L, 0, sizeof L);
  memset(&L2, 0, sizeof L2);
  double margin = 0.05;
  CHECK_INT(sn_narrow(&S->b[first], first, &S->b[second], second, margin, &L), SN_OK);
  int fs = swap ? b2 : a, ss = swap ? a : b2;
  CHECK_INT(sn_narrow(&S->b[fs], fs, &S->b[ss], ss, margin, &L2), SN_OK);
  int stat = (i >= 5) + (j >= 5);
  if (stat == 2) {
    CHECK_INT(L.n, 0);   /* two static shapes */
  } else {
    int want = face[i] == 2 && face[j] == 2 ? 3 : face[i] + face[j] == 3 ? 2 : 1;
    if (L.n < want) fprintf(stderr, "pair %d-%d gap %g swap %d: %d contacts, want >= %d\n", i, j, g, swap, L.n, want);
    CHECK(L.n >= want);
    if (L2.n != L.n) fprintf(stderr, "pair %d-%d gap %g swap %d: %d contacts, %d after a 1e-9 shift\n", i, j, g, swap, L.n, L2.n);
    CHECK_INT(L2.n, L.n);
    for (int m = 0; m < L.n; m++) {
      const sn_contact *c = &L.c[m];
      /* the normal points from c->a to c->b: +Q e_z if a is the lower body */
      double s = c->a == a ? 1.0 : -1.0;
      CHECK(c->a == a || c->b == a);
      CHECK(c->a == b || c->b == b);
      if (fabs(c->gap - g) > 1e-6 || sn3_dot(c->n, ez) * s < 1 - 1e-6)
        fprintf(stderr, "pair %d-%d gap %g swap %d: contact %d gap %.9g n.ez %.9g\n", i, j, g, swap, m, c->gap,
                sn3_dot(c->n, ez) * s);
      CHECK_CLOSE(c->gap, g, 0, 1e-6);
      CHECK(sn3_dot(c->n, ez) * s > 1 - 1e-6);
      /* the point is midway between the surfaces: height top + g/2 along Q e_z */
      CHECK_CLOSE(sn3_dot(c->p, ez), top + 0.5 * g, 0, 1e-6);
      if (!has_feature(&L2, c->feature)) fprintf(stderr, "pair %d-%d gap %g swap %d: feature %d lost by a 1e-9 shift\n", i, j, g, swap, c->feature);
      CHECK(has_feature(&L2, c->feature));
      for (int q = 0; q < m; q++) CHECK(L.c[q].feature != c->feature);
    }
  }
  sn_contact_list_free(&L);
  sn_contact_list_free(&L2);
  sn_scene_free(S);
}

/* a box (yawed 0.3 rad) half over the boundary edge x = 2 of the square mesh, 0.01 above it: its
 * corners over the mesh and the points clipped at the edge, each with its own feature id */
static void overhang(void) {
  sn_scene *S = NULL;
  CHECK_INT(sn_scene_create(&S), SN_OK);
  sn_body_desc d;
  sn_body_desc_default(&d);
  d.shape.kind = SN_SHAPE_MESH;
  d.motion = SN_BODY_FIXED;
  d.shape.vert = sq;
  d.shape.nvert = 4;
  d.shape.tri = sqt;
  d.shape.ntri = 2;
  int m = -1, b = -1;
  CHECK_INT(sn_scene_add_body(S, &d, &m), SN_OK);
  sn_body_desc_default(&d);
  d.shape.kind = SN_SHAPE_BOX;
  d.shape.half[0] = 0.5;
  d.shape.half[1] = 0.4;
  d.shape.half[2] = 0.3;
  d.x[0] = 2;
  d.x[1] = 0.5;
  d.x[2] = 0.31;
  d.q[0] = cos(0.15);
  d.q[3] = sin(0.15);
  CHECK_INT(sn_scene_add_body(S, &d, &b), SN_OK);
  sn_contact_list L;
  memset(&L, 0, sizeof L);
  CHECK_INT(sn_narrow(&S->b[m], m, &S->b[b], b, 0.05, &L), SN_OK);
  CHECK(L.n >= 3);
  for (int k = 0; k < L.n; k++) {
    CHECK_CLOSE(L.c[k].gap, 0.01, 0, 1e-9);
    CHECK(L.c[k].p[0] <= 2 + 1e-9);   /* on the mesh */
    for (int q = 0; q < k; q++) {
      if (L.c[q].feature == L.c[k].feature) fprintf(stderr, "overhang: contacts %d and %d share feature %d\n", q, k, L.c[k].feature);
      CHECK(L.c[q].feature != L.c[k].feature);
    }
  }
  sn_contact_list_free(&L);
  sn_scene_free(S);
}

int main(void) {
  overhang();
  /* Q: 0.7 rad about the unit axis (1, 2, 3)/sqrt(14); Rq its matrix (via a body's sync) */
  double th = 0.7, u = 1 / sqrt(14.0);
  double Q[4] = {cos(th / 2), sin(th / 2) * u, sin(th / 2) * 2 * u, sin(th / 2) * 3 * u};
  sn_body tmp;
  memset(&tmp, 0, sizeof tmp);
  memcpy(tmp.q, Q, sizeof Q);
  sn_body_sync(&tmp);
  const double I[4] = {1, 0, 0, 0};
  double RI[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
  for (int turned = 0; turned < 2; turned++)
    for (int i = 0; i < NK; i++)
      for (int j = 0; j < NK; j++)
        for (int swap = 0; swap < 2; swap++) {
          one_pair(i, j, 0.01, swap, turned ? Q : I, turned ? tmp.R : RI);
          one_pair(i, j, -0.01, swap, turned ? Q : I, turned ? tmp.R : RI);
        }
  return sn_check_report();
}
