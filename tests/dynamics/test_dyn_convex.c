/* Convex hulls (qhull) and their mass properties: the hull of a unit cube's corners plus interior
 * and face points has the box's mass and inertia (m (b^2 + c^2) / 12) to 1e-12; Tonon's
 * tetrahedron (F. Tonon 2004, "Explicit exact formulas for the 3-D tetrahedron inertia tensor in
 * terms of its vertex coordinates", J. Math. Stat. 1(1):8-11, the worked example) has his volume,
 * centroid and inertia tensor; a rotated, shifted box-shaped hull recovers its principal moments
 * and keeps its world vertices; flat inputs are refused; a mesh's triangle normals and its BVH. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "dynamics/dyn_internal.h"
#include "dynamics/mesh_bvh.h"

static int add_convex(sn_scene *S, const double *v, int n, const double x[3], const double q[4], int *id) {
  sn_body_desc d;
  sn_body_desc_default(&d);
  d.shape.kind = SN_SHAPE_CONVEX;
  d.shape.vert = v;
  d.shape.nvert = n;
  d.density = 1.0;
  if (x) memcpy(d.x, x, sizeof d.x);
  if (q) memcpy(d.q, q, sizeof d.q);
  return sn_scene_add_body(S, &d, id);
}

static void test_cube(sn_scene *S) {
  /* corners of [0,1]^3, its face centres (coplanar with the corners: merged faces) and interior points */
  double v[3 * 40];
  int n = 0;
  for (int k = 0; k < 8; k++, n++)
    for (int i = 0; i < 3; i++) v[3 * n + i] = (k >> i) & 1;
  for (int i = 0; i < 3; i++)
    for (int s = 0; s < 2; s++, n++) {
      v[3 * n] = v[3 * n + 1] = v[3 * n + 2] = 0.5;
      v[3 * n + i] = s;
    }
  unsigned r = 12345;
  for (; n < 40; n++)
    for (int i = 0; i < 3; i++) {
      r = r * 1103515245u + 12345u;
      v[3 * n + i] = 0.05 + 0.9 * ((r >> 8) & 0xffff) / 65535.0;
    }
  double x[3] = {2, -1, 3};
  int id;
  CHECK_INT(add_convex(S, v, n, x, NULL, &id), SN_OK);
  const sn_body *B = &S->b[id];
  /* unit density, volume 1: m = 1, I = (1 + 1) / 12 about each axis */
  CHECK_CLOSE(B->mass, 1.0, 1e-12, 0);
  for (int i = 0; i < 3; i++) CHECK_CLOSE(B->I_body[i], 1.0 / 6.0, 1e-12, 0);
  /* the centre of mass: the body origin + the cube's centre */
  CHECK_CLOSE(B->x[0], 2.5, 0, 1e-12);
  CHECK_CLOSE(B->x[1], -0.5, 0, 1e-12);
  CHECK_CLOSE(B->x[2], 3.5, 0, 1e-12);
  CHECK_CLOSE(B->q[0], 1.0, 0, 1e-15);   /* isotropic inertia: the frame is kept */
  /* 8 vertices, 6 square faces (coplanar triangles merged), offsets 1/2 */
  CHECK_INT(B->shape.nvert, 8);
  CHECK_INT(B->shape.nface, 6);
  for (int f = 0; f < B->shape.nface; f++) {
    CHECK_INT(B->shape.face_start[f + 1] - B->shape.face_start[f], 4);
    CHECK_CLOSE(B->shape.face_d[f], 0.5, 0, 1e-14);
    CHECK_CLOSE(sn3_norm(B->shape.face_n + 3 * f), 1.0, 0, 1e-14);
    /* counter-clockwise from outside: (v1 - v0) x (v2 - v1) along the outward normal */
    const int *lp = B->shape.face_vert + B->shape.face_start[f];
    double e1[3], e2[3], c[3];
    sn3_sub(B->shape.vert + 3 * lp[1], B->shape.vert + 3 * lp[0], e1);
    sn3_sub(B->shape.vert + 3 * lp[2], B->shape.vert + 3 * lp[1], e2);
    sn3_cross(e1, e2, c);
    CHECK(sn3_dot(c, B->shape.face_n + 3 * f) > 0.99);
  }
  CHECK_CLOSE(B->shape.bound, sqrt(0.75), 1e-14, 0);
}

static void test_tonon(void) {
  /* Tonon 2004, section 3: vertices, mu = 1 */
  double v[12] = {8.33220, -11.86875, 0.93355, 0.75523, 5.00000, 16.37072,
                  52.61236, 5.00000, -5.38580, 2.00000, 5.00000, 3.00000};
  sn_shape s;
  memset(&s, 0, sizeof s);
  s.kind = SN_SHAPE_CONVEX;
  s.nvert = 4;
  s.vert = malloc(sizeof v);
  memcpy(s.vert, v, sizeof v);
  double V, I[3], c[3], Rp[9];
  CHECK_INT(sn_convex_init(&s, &V, I, c, Rp), SN_OK);
  /* volume: |det(v1 - v0, v2 - v0, v3 - v0)| / 6 computed here; Tonon prints 1873.23 */
  double a[3], b[3], d[3], bd[3];
  sn3_sub(v + 3, v, a);
  sn3_sub(v + 6, v, b);
  sn3_sub(v + 9, v, d);
  sn3_cross(b, d, bd);
  CHECK_CLOSE(V, fabs(sn3_dot(a, bd)) / 6.0, 1e-13, 0);
  CHECK_CLOSE(V, 1873.23, 0, 0.005);
  /* the centroid is the vertex mean (exact for a tetrahedron); Tonon prints (15.92492, 0.78281,
   * 3.732962), the last with a transposed digit: the mean's z is 3.7296175 */
  for (int i = 0; i < 3; i++) CHECK_CLOSE(c[i], (v[i] + v[3 + i] + v[6 + i] + v[9 + i]) / 4.0, 0, 1e-12);
  CHECK_CLOSE(c[0], 15.92492, 0, 5e-5);
  CHECK_CLOSE(c[1], 0.78281, 0, 5e-5);
  /* the tensor Rp diag(I) Rp^T against Tonon's a, b, c (moments) and a', b', c' (products):
   * [[a, -b', -c'], [-b', b, -a'], [-c', -a', c]]; his printed values agree to 2e-8 relative
   * (the paper's own rounding of the vertex coordinates), so the tolerance is 1e-7 relative */
  double J[9];
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++) J[3 * i + j] = Rp[3 * i] * I[0] * Rp[3 * j] + Rp[3 * i + 1] * I[1] * Rp[3 * j + 1] + Rp[3 * i + 2] * I[2] * Rp[3 * j + 2];
  double ta = 43520.33257, tb = 194711.28938, tc = 191168.76173, ta_ = 4417.66150, tb_ = -46343.16662, tc_ = 11996.20119;
  CHECK_CLOSE(J[0], ta, 1e-7, 0);
  CHECK_CLOSE(J[4], tb, 1e-7, 0);
  CHECK_CLOSE(J[8], tc, 1e-7, 0);
  CHECK_CLOSE(J[5], -ta_, 1e-7, 0);
  CHECK_CLOSE(J[2], -tb_, 1e-7, 0);
  CHECK_CLOSE(J[1], -tc_, 1e-7, 0);
  /* Rp is a rotation */
  double det = Rp[0] * (Rp[4] * Rp[8] - Rp[5] * Rp[7]) - Rp[1] * (Rp[3] * Rp[8] - Rp[5] * Rp[6]) + Rp[2] * (Rp[3] * Rp[7] - Rp[4] * Rp[6]);
  CHECK_CLOSE(det, 1.0, 0, 1e-12);
  CHECK_INT(s.nface, 4);
  sn_shape_free(&s);
}

static void test_rotated_box_hull(sn_scene *S) {
  /* a 2 x 1 x 0.5 box's corners, rotated by R (30 deg about (1, 2, 2)/3) and shifted: principal
   * moments V (b^2 + c^2) / 12 ... with V = 1 */
  double h[3] = {1.0, 0.5, 0.25}, ax[3] = {1.0 / 3, 2.0 / 3, 2.0 / 3}, th = SN_PI / 6, sh[3] = {0.3, -0.2, 0.7};
  double R[9], C = cos(th), Sn = sin(th);
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++) R[3 * i + j] = (i == j ? C : 0) + (1 - C) * ax[i] * ax[j];
  R[1] -= Sn * ax[2]; R[2] += Sn * ax[1]; R[3] += Sn * ax[2]; R[5] -= Sn * ax[0]; R[6] -= Sn * ax[1]; R[7] += Sn * ax[0];
  double v[24];
  for (int k = 0; k < 8; k++) {
    double p[3];
    for (int i = 0; i < 3; i++) p[i] = ((k >> i) & 1) ? h[i] : -h[i];
    for (int i = 0; i < 3; i++) v[3 * k + i] = sh[i] + R[3 * i] * p[0] + R[3 * i + 1] * p[1] + R[3 * i + 2] * p[2];
  }
  double x[3] = {0, 0, 10};
  int id;
  CHECK_INT(add_convex(S, v, 8, x, NULL, &id), SN_OK);
  const sn_body *B = &S->b[id];
  double want[3] = {(1.0 + 0.25) / 12.0, (4.0 + 0.25) / 12.0, (4.0 + 1.0) / 12.0}, got[3];
  memcpy(got, B->I_body, sizeof got);
  for (int i = 0; i < 3; i++)   /* sorted ascending */
    for (int j = i + 1; j < 3; j++)
      if (got[j] < got[i]) { double t = got[i]; got[i] = got[j]; got[j] = t; }
  for (int i = 0; i < 3; i++) CHECK_CLOSE(got[i], want[i], 1e-12, 0);
  CHECK_CLOSE(B->mass, 1.0, 1e-12, 0);
  for (int i = 0; i < 3; i++) CHECK_CLOSE(B->x[i], x[i] + sh[i], 0, 1e-12);
  /* every input corner is a hull vertex at the same world position */
  int found = 0;
  for (int k = 0; k < 8; k++) {
    double want_w[3] = {x[0] + v[3 * k], x[1] + v[3 * k + 1], x[2] + v[3 * k + 2]};
    for (int m = 0; m < B->shape.nvert; m++) {
      double pw[3], d[3];
      sn_body_to_world(B, B->shape.vert + 3 * m, pw);
      sn3_sub(pw, want_w, d);
      if (sn3_norm(d) < 1e-12) { found++; break; }
    }
  }
  CHECK_INT(found, 8);
  /* in the principal frame the box's faces are axis-aligned: every normal has one unit component */
  for (int f = 0; f < B->shape.nface; f++) {
    const double *n = B->shape.face_n + 3 * f;
    CHECK_CLOSE(fmax(fabs(n[0]), fmax(fabs(n[1]), fabs(n[2]))), 1.0, 0, 1e-12);
  }
}

static void test_refused(sn_scene *S) {
  double flat[15] = {0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0, 0.3, 0.4, 0};      /* coplanar */
  double line[12] = {0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3};                    /* collinear */
  double same[12] = {1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3};                    /* one point */
  double tilt[12] = {0, 0, 0, 1, 0, 1e-13, 0, 1, 1e-13, 1, 1, 2e-13};        /* flat to 1e-13 */
  int nb = sn_scene_nbodies(S);
  CHECK_INT(add_convex(S, flat, 5, NULL, NULL, NULL), SN_ERR_ARG);
  CHECK_INT(add_convex(S, line, 4, NULL, NULL, NULL), SN_ERR_ARG);
  CHECK_INT(add_convex(S, same, 4, NULL, NULL, NULL), SN_ERR_ARG);
  CHECK_INT(add_convex(S, tilt, 4, NULL, NULL, NULL), SN_ERR_ARG);
  CHECK_INT(add_convex(S, flat, 3, NULL, NULL, NULL), SN_ERR_ARG);
  CHECK_INT(sn_scene_nbodies(S), nb);
}

static void test_mesh_setup(sn_scene *S) {
  /* a 10 x 10 grid of squares (200 triangles) on z = 0: unit upward normals, and the BVH query
   * finds exactly the triangles whose boxes meet the query box (brute force) */
  enum { G = 10 };
  double v[3 * (G + 1) * (G + 1)];
  int t[3 * 2 * G * G], nt = 0;
  for (int j = 0; j <= G; j++)
    for (int i = 0; i <= G; i++) {
      double *p = v + 3 * (j * (G + 1) + i);
      p[0] = i;
      p[1] = j;
      p[2] = 0.01 * i * j;   /* slightly warped */
    }
  for (int j = 0; j < G; j++)
    for (int i = 0; i < G; i++) {
      int a = j * (G + 1) + i, b = a + 1, c = a + G + 2, d = a + G + 1;
      t[3 * nt] = a; t[3 * nt + 1] = b; t[3 * nt + 2] = c; nt++;
      t[3 * nt] = a; t[3 * nt + 1] = c; t[3 * nt + 2] = d; nt++;
    }
  sn_body_desc d;
  sn_body_desc_default(&d);
  d.shape.kind = SN_SHAPE_MESH;
  d.motion = SN_BODY_FIXED;
  d.shape.vert = v;
  d.shape.nvert = (G + 1) * (G + 1);
  d.shape.tri = t;
  d.shape.ntri = nt;
  int id;
  CHECK_INT(sn_scene_add_body(S, &d, &id), SN_OK);
  const sn_shape *s = &S->b[id].shape;
  int up = 0;
  for (int k = 0; k < nt; k++) up += s->face_n[3 * k + 2] > 0.99 && fabs(sn3_norm(s->face_n + 3 * k) - 1) < 1e-14;
  CHECK_INT(up, nt);
  const sn_mesh_accel *m = s->accel;
  /* interior edges: 3 per triangle minus the 4 G boundary edges, each counted from both sides */
  int shared = 0;
  for (int k = 0; k < 3 * nt; k++) shared += m->adj[k] >= 0;
  CHECK_INT(shared, 3 * nt - 4 * G);
  double lo[3] = {2.5, 3.2, -1}, hi[3] = {4.1, 3.9, 1};
  int *out = NULL, n = 0, cap = 0;
  CHECK_INT(sn_mesh_accel_query(m, s, lo, hi, &out, &n, &cap), SN_OK);
  int brute = 0;
  for (int k = 0; k < nt; k++) {
    double blo[3] = {INFINITY, INFINITY, INFINITY}, bhi[3] = {-INFINITY, -INFINITY, -INFINITY};
    for (int c = 0; c < 3; c++)
      for (int i = 0; i < 3; i++) {
        blo[i] = fmin(blo[i], v[3 * t[3 * k + c] + i]);
        bhi[i] = fmax(bhi[i], v[3 * t[3 * k + c] + i]);
      }
    brute += !(blo[0] > hi[0] || bhi[0] < lo[0] || blo[1] > hi[1] || bhi[1] < lo[1] || blo[2] > hi[2] || bhi[2] < lo[2]);
  }
  CHECK_INT(n, brute);
  CHECK_INT(brute, 6);   /* the squares (2..4) x (3) each with both triangles */
  free(out);
}

int main(void) {
  sn_scene *S;
  CHECK_INT(sn_scene_create(&S), SN_OK);
  test_cube(S);
  test_tonon();
  test_rotated_box_hull(S);
  test_refused(S);
  test_mesh_setup(S);
  sn_scene_free(S);
  return sn_check_report();
}
