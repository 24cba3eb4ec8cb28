/* Triangulated body surfaces (src/dynamics/surface.c): closed (every edge in exactly two
 * triangles, once in each direction: a consistent orientation), outward (every triangle's normal
 * points away from the body origin, which lies inside each convex shape), and the enclosed volume
 * by the divergence theorem, V = 1/6 sum a . (b x c), against the analytic volume of the shape or
 * of the polyhedron drawn. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "dynamics/surface.h"

#define PI 3.14159265358979323846

/* every directed edge once and its reverse once: 1 if closed and consistently oriented */
static int closed(int nv, int nt, const int *t) {
  int ne = 3 * nt, ok = 1;
  long long *e = malloc(sizeof *e * (size_t)ne);
  for (int f = 0; f < nt; f++)
    for (int k = 0; k < 3; k++) {
      int a = t[3 * f + k], b = t[3 * f + (k + 1) % 3];
      if (a < 0 || a >= nv || b < 0 || b >= nv || a == b) ok = 0;
      e[3 * f + k] = (long long)a * nv + b;
    }
  for (int i = 0; i < ne && ok; i++) {
    long long a = e[i] / nv, b = e[i] % nv, rev = b * nv + a;
    int same = 0, back = 0;
    for (int j = 0; j < ne; j++) {
      same += e[j] == e[i];
      back += e[j] == rev;
    }
    ok = same == 1 && back == 1;
  }
  free(e);
  return ok;
}

static void tri_normal(const double *v, const int *t, double n[3]) {
  const double *a = v + 3 * t[0], *b = v + 3 * t[1], *c = v + 3 * t[2];
  double u[3], w[3];
  sn3_sub(b, a, u);
  sn3_sub(c, a, w);
  sn3_cross(u, w, n);
}

/* every triangle faces away from the origin: n . a > 0 (a: any of its vertices; the plane of
 * the triangle passes at distance n.a/|n| from the origin), and the smallest such distance */
static int outward(const double *v, int nt, const int *t, double *dmin) {
  int ok = 1;
  *dmin = INFINITY;
  for (int f = 0; f < nt; f++) {
    double n[3];
    tri_normal(v, t + 3 * f, n);
    double d = sn3_dot(n, v + 3 * t[3 * f]) / sn3_norm(n);
    ok &= d > 0;
    if (d < *dmin) *dmin = d;
  }
  return ok;
}

static double volume(const double *v, int nt, const int *t) {
  double V = 0;
  for (int f = 0; f < nt; f++) {
    double c[3];
    sn3_cross(v + 3 * t[3 * f + 1], v + 3 * t[3 * f + 2], c);
    V += sn3_dot(v + 3 * t[3 * f], c);
  }
  return V / 6.0;
}

/* a primitive's surface: closed, outward; returns its volume */
static double check_shape(const sn_shape *s, int detail, int want_nt) {
  int nv, nt, *t;
  double *v, dmin;
  CHECK_INT(sn_shape_surface(s, 0, detail, &nv, &v, &nt, &t), SN_OK);
  if (want_nt > 0) CHECK_INT(nt, want_nt);
  CHECK_INT(nv, nt / 2 + 2);   /* Euler's formula of a closed genus-0 triangle surface */
  CHECK(closed(nv, nt, t));
  CHECK(outward(v, nt, t, &dmin));
  double V = volume(v, nt, t);
  free(v);
  free(t);
  return V;
}

/* the volume of a surface of revolution of regular ns-gons: polygonal frusta
 * V = h/3 (A1 + A2 + sqrt(A1 A2)) between consecutive rings, A = ns/2 rho^2 sin(2 pi/ns) */
static double lathe_volume(const double *rho, const double *z, int np, int ns) {
  double V = 0, c = 0.5 * ns * sin(2 * PI / ns);
  for (int k = 0; k + 1 < np; k++) {
    double A1 = c * rho[k] * rho[k], A2 = c * rho[k + 1] * rho[k + 1];
    V += (z[k] - z[k + 1]) / 3.0 * (A1 + A2 + sqrt(A1 * A2));
  }
  return V;
}

static void test_sphere(void) {
  sn_shape s = {.kind = SN_SHAPE_SPHERE, .radius = 0.7};
  double r = s.radius;
  /* level 0: the regular icosahedron of circumradius r, edge a = r / sin(2 pi / 5),
   * V = 5 (3 + sqrt 5) a^3 / 12 */
  double a = r / sin(2 * PI / 5);
  CHECK_CLOSE(check_shape(&s, 0, 20), 5 * (3 + sqrt(5.0)) * a * a * a / 12, 1e-12, 0);
  CHECK(check_shape(&s, 1, 80) > 0);
  /* the default (level 2, 320 triangles): inscribed in the sphere of radius r and containing
   * the ball of radius dmin (its nearest face plane): 4/3 pi dmin^3 <= V <= 4/3 pi r^3 */
  int nv, nt, *t;
  double *v, dmin;
  CHECK_INT(sn_shape_surface(&s, 0, SN_SURFACE_DETAIL_DEFAULT, &nv, &v, &nt, &t), SN_OK);
  CHECK_INT(nt, 320);
  CHECK_INT(nv, 162);
  CHECK(closed(nv, nt, t));
  CHECK(outward(v, nt, t, &dmin));
  double V = volume(v, nt, t), Vs = 4.0 / 3.0 * PI * r * r * r;
  CHECK(V <= Vs && V >= 4.0 / 3.0 * PI * dmin * dmin * dmin);
  CHECK_CLOSE(V, Vs, 0.05, 0);   /* the bound above is within 5 % at this level */
  for (int i = 0; i < nv; i++) CHECK_CLOSE(sn3_norm(v + 3 * i), r, 1e-14, 0);
  free(v);
  free(t);
}

static void test_box_cylinder_capsule(void) {
  sn_shape b = {.kind = SN_SHAPE_BOX, .half = {0.5, 1.5, 0.25}};
  CHECK_CLOSE(check_shape(&b, 0, 12), 8 * 0.5 * 1.5 * 0.25, 1e-14, 0);   /* exact */
  for (int detail = 0; detail <= 3; detail++) {
    int ns = 6 << detail;
    double r = 0.3, h = 0.8;
    /* cylinder: the prism on the regular ns-gon inscribed in the circle, exactly */
    sn_shape c = {.kind = SN_SHAPE_CYLINDER, .radius = r, .half_length = h};
    double Vc = check_shape(&c, detail, 4 * ns);
    CHECK_CLOSE(Vc, 0.5 * ns * r * r * sin(2 * PI / ns) * 2 * h, 1e-12, 0);
    CHECK(Vc < PI * r * r * 2 * h);
    /* capsule: the frusta of its profile (rings at latitudes i pi / (2 rings)) */
    int rings = 1 << detail, np = 0;
    double rho[40], z[40];
    for (int i = 0; i <= rings; i++) { rho[np] = r * sin(0.5 * PI * i / rings); z[np++] = h + r * cos(0.5 * PI * i / rings); }
    for (int i = rings; i >= 0; i--) { rho[np] = r * sin(0.5 * PI * i / rings); z[np++] = -h - r * cos(0.5 * PI * i / rings); }
    sn_shape k = {.kind = SN_SHAPE_CAPSULE, .radius = r, .half_length = h};
    double Vk = check_shape(&k, detail, 2 * ns * (2 * rings));
    CHECK_CLOSE(Vk, lathe_volume(rho, z, np, ns), 1e-12, 0);
    double Vsmooth = PI * r * r * 2 * h + 4.0 / 3.0 * PI * r * r * r;
    CHECK(Vk < Vsmooth);
    if (detail == SN_SURFACE_DETAIL_DEFAULT) CHECK_CLOSE(Vk, Vsmooth, 0.03, 0);
    /* a capsule of zero length is a sphere drawn by revolution: one equator ring */
    sn_shape k0 = {.kind = SN_SHAPE_CAPSULE, .radius = r, .half_length = 0};
    double V0 = check_shape(&k0, detail, 2 * ns * (2 * rings - 1));
    CHECK_CLOSE(V0, lathe_volume(rho, z, np, ns) - 0.5 * ns * r * r * sin(2 * PI / ns) * 2 * h, 1e-12, 0);
  }
}

/* a hull as sn_convex_init leaves it: vertices and CCW face loops (a unit cube as six quads,
 * and a regular-ish tetrahedron with a pentagon-free check of the fan) */
static void test_convex(void) {
  const double cube[24] = {-1, -1, -1, 1, -1, -1, -1, 1, -1, 1, 1, -1, -1, -1, 1, 1, -1, 1, -1, 1, 1, 1, 1, 1};
  int start[7] = {0, 4, 8, 12, 16, 20, 24};
  int loops[24] = {0, 4, 6, 2, 1, 3, 7, 5, 0, 1, 5, 4, 2, 6, 7, 3, 0, 2, 3, 1, 4, 5, 7, 6};
  sn_shape s = {.kind = SN_SHAPE_CONVEX, .nvert = 8, .vert = (double *)cube, .nface = 6,
                .face_start = start, .face_vert = loops};
  CHECK_CLOSE(check_shape(&s, 2, 12), 8.0, 1e-14, 0);
  /* tetrahedron (0,0,0), (1,0,0), (0,1,0), (0,0,1) shifted by its centroid: V = 1/6 */
  double tv[12] = {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1};
  for (int i = 0; i < 12; i++) tv[i] -= 0.25;
  int ts[5] = {0, 3, 6, 9, 12}, tl[12] = {0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3};
  sn_shape T = {.kind = SN_SHAPE_CONVEX, .nvert = 4, .vert = tv, .nface = 4, .face_start = ts, .face_vert = tl};
  CHECK_CLOSE(check_shape(&T, 0, 4), 1.0 / 6.0, 1e-14, 0);
  /* no faces (a hull not initialised): refused */
  sn_shape bad = {.kind = SN_SHAPE_CONVEX, .nvert = 8, .vert = (double *)cube};
  int nv, nt, *t;
  double *v;
  CHECK_INT(sn_shape_surface(&bad, 0, 2, &nv, &v, &nt, &t), SN_ERR_ARG);
  CHECK(v == NULL && t == NULL);
}

/* convex bodies through the scene (hull by qhull in shape_convex.c): the fans of the hull's
 * faces enclose the hull's volume, which the scene gives as mass / density; a box's 8 corners
 * (with interior points, dropped by the hull) give V = 2 x 1 x 0.5 exactly and 12 triangles */
static void test_scene_convex(void) {
  sn_scene *S;
  sn_scene_create(&S);
  sn_body_desc d;
  sn_body_desc_default(&d);
  double pts[3 * 60];
  int np = 0;
  for (int i = 0; i < 8; i++) {
    pts[3 * np] = i & 1 ? 1 : -1; pts[3 * np + 1] = i & 2 ? 0.5 : -0.5; pts[3 * np + 2] = i & 4 ? 0.25 : -0.25;
    np++;
  }
  pts[3 * np] = 0.1; pts[3 * np + 1] = -0.2; pts[3 * np + 2] = 0.05; np++;   /* interior */
  d.shape.kind = SN_SHAPE_CONVEX;
  d.shape.nvert = np;
  d.shape.vert = pts;
  d.x[0] = 2;
  int box, ball;
  CHECK_INT(sn_scene_add_body(S, &d, &box), SN_OK);
  /* 40 points on a sphere of radius 0.3 (a Fibonacci lattice) */
  for (int k = 0; k < 40; k++) {
    double z = 1 - (2 * k + 1) / 40.0, rho = sqrt(1 - z * z), a = k * PI * (3 - sqrt(5.0));
    pts[3 * k] = 0.3 * rho * cos(a); pts[3 * k + 1] = 0.3 * rho * sin(a); pts[3 * k + 2] = 0.3 * z + 0.7;
  }
  d.shape.nvert = 40;
  CHECK_INT(sn_scene_add_body(S, &d, &ball), SN_OK);
  for (int b = 0; b < 2; b++) {
    int nv, nt, *t;
    double *v, dmin;
    CHECK_INT(sn_scene_body_surface(S, b, 0, &nv, &v, &nt, &t), SN_OK);
    if (b == box) CHECK_INT(nt, 12);
    CHECK_INT(nv, nt / 2 + 2);
    CHECK(closed(nv, nt, t));
    CHECK(outward(v, nt, t, &dmin));   /* the origin is the hull's centroid, inside */
    double V = volume(v, nt, t);
    CHECK_CLOSE(V, sn_scene_body_mass(S, b) / 1000.0, 1e-12, 0);
    if (b == box) CHECK_CLOSE(V, 1.0, 1e-13, 0);
    free(v);
    free(t);
  }
  sn_scene_free(S);
}

/* through a scene: every kind of body, in the body frame whatever the body's pose */
static void test_scene(void) {
  sn_scene *S;
  CHECK_INT(sn_scene_create(&S), SN_OK);
  sn_body_desc d;
  sn_body_desc_default(&d);
  d.shape.radius = 0.25;
  d.x[2] = 3;
  d.q[0] = cos(0.3); d.q[1] = sin(0.3);
  int sph, pl, me;
  CHECK_INT(sn_scene_add_body(S, &d, &sph), SN_OK);
  sn_body_desc_default(&d);
  d.shape.kind = SN_SHAPE_PLANE;
  d.motion = SN_BODY_FIXED;
  CHECK_INT(sn_scene_add_body(S, &d, &pl), SN_OK);
  /* a static mesh: one square of two triangles, given as is */
  const double mv[12] = {0, 0, 0, 2, 0, 0, 2, 2, 0, 0, 2, 0};
  const int mt[6] = {0, 1, 2, 0, 2, 3};
  sn_body_desc_default(&d);
  d.shape.kind = SN_SHAPE_MESH;
  d.shape.nvert = 4; d.shape.vert = mv; d.shape.ntri = 2; d.shape.tri = mt;
  d.motion = SN_BODY_FIXED;
  CHECK_INT(sn_scene_add_body(S, &d, &me), SN_OK);

  int nv, nt, *t;
  double *v;
  CHECK_INT(sn_scene_body_surface(S, sph, 0, &nv, &v, &nt, &t), SN_OK);
  CHECK_INT(nt, 320);
  double rmax = 0;
  for (int i = 0; i < nv; i++) rmax = fmax(rmax, sn3_norm(v + 3 * i));
  CHECK_CLOSE(rmax, 0.25, 1e-14, 0);   /* body frame: about the origin, not at x = (0, 0, 3) */
  free(v); free(t);

  /* plane: a square of side 10 about the origin, z = 0, normal +z, area 100 */
  CHECK_INT(sn_scene_body_surface(S, pl, 10, &nv, &v, &nt, &t), SN_OK);
  CHECK_INT(nv, 4);
  CHECK_INT(nt, 2);
  double area = 0;
  for (int f = 0; f < nt; f++) {
    double n[3];
    tri_normal(v, t + 3 * f, n);
    CHECK(n[2] > 0 && fabs(n[0]) + fabs(n[1]) == 0);
    area += 0.5 * sn3_norm(n);
  }
  CHECK_CLOSE(area, 100, 1e-14, 0);
  for (int i = 0; i < nv; i++) CHECK(fabs(v[3 * i]) == 5 && fabs(v[3 * i + 1]) == 5 && v[3 * i + 2] == 0);
  free(v); free(t);
  CHECK_INT(sn_scene_body_surface(S, pl, 0, &nv, &v, &nt, &t), SN_ERR_ARG);   /* no extent */
  CHECK_INT(sn_scene_body_surface(S, pl, NAN, &nv, &v, &nt, &t), SN_ERR_ARG);

  CHECK_INT(sn_scene_body_surface(S, me, 0, &nv, &v, &nt, &t), SN_OK);
  CHECK_INT(nv, 4);
  CHECK_INT(nt, 2);
  CHECK(memcmp(v, mv, sizeof mv) == 0 && memcmp(t, mt, sizeof mt) == 0);
  free(v); free(t);

  CHECK_INT(sn_scene_body_surface(S, 3, 0, &nv, &v, &nt, &t), SN_ERR_ARG);
  CHECK_INT(sn_scene_body_surface(S, -1, 0, &nv, &v, &nt, &t), SN_ERR_ARG);
  CHECK_INT(sn_scene_body_surface(NULL, 0, 0, &nv, &v, &nt, &t), SN_ERR_ARG);
  sn_scene_free(S);
}

int main(void) {
  test_sphere();
  test_box_cylinder_capsule();
  test_convex();
  test_scene();
  test_scene_convex();
  return sn_check_report();
}
