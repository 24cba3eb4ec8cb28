/* Convex bodies against static triangle meshes: a floor of 2 triangles gives a sphere and a flat
 * box (rotated, over the diagonal) the same contacts as a plane (1 and 4 points, same gaps,
 * normals and points); a sphere above the shared edge gets one contact; a sphere in a funnel (an
 * inverted square pyramid with 45 degree walls) touches its 4 walls at gap z/sqrt2 - r
 * (distance from the centre to the plane x = z); a box in the funnel; a sphere beyond the mesh's
 * edge gets the edge contact (distance to the edge by hand); a 400-triangle floor through the
 * scene's detection. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "dynamics/gjk.h"

static sn_scene *S;

static int add(sn_body_desc *d) {
  int id = -1;
  CHECK_INT(sn_scene_add_body(S, d, &id), SN_OK);
  return id;
}

static int add_mesh(const double *v, int nv, const int *t, int nt, const double x[3]) {
  sn_body_desc d;
  sn_body_desc_default(&d);
  d.shape.kind = SN_SHAPE_MESH;
  d.motion = SN_BODY_FIXED;
  d.shape.vert = v;
  d.shape.nvert = nv;
  d.shape.tri = t;
  d.shape.ntri = nt;
  if (x) memcpy(d.x, x, sizeof d.x);
  return add(&d);
}

static int add_shape(sn_shape_kind k, double r, double h, const double half[3], const double x[3], const double q[4]) {
  sn_body_desc d;
  sn_body_desc_default(&d);
  d.shape.kind = k;
  d.shape.radius = r;
  d.shape.half_length = h;
  if (half) memcpy(d.shape.half, half, sizeof d.shape.half);
  memcpy(d.x, x, sizeof d.x);
  if (q) memcpy(d.q, q, sizeof d.q);
  return add(&d);
}

static int pair(int a, int b, double margin, sn_contact_list *L) {
  L->n = 0;
  CHECK_INT(sn_narrow(&S->b[a], a, &S->b[b], b, margin, L), SN_OK);
  return L->n;
}

/* every contact of M has one in P with the same point, normal and gap (1e-12) */
static void same_contacts(const sn_contact_list *M, const sn_contact_list *P) {
  CHECK_INT(M->n, P->n);
  for (int i = 0; i < M->n; i++) {
    int found = 0;
    for (int j = 0; j < P->n; j++) {
      double d[3], e[3];
      sn3_sub(M->c[i].p, P->c[j].p, d);
      sn3_sub(M->c[i].n, P->c[j].n, e);
      if (sn3_norm(d) < 1e-12 && sn3_norm(e) < 1e-12 && fabs(M->c[i].gap - P->c[j].gap) < 1e-12) found = 1;
    }
    CHECK(found);
  }
}

/* spheres, boxes and an octahedron on the floor: the plane's contacts */
static void floor_flat_and_spheres(int mesh, int plane, sn_contact_list *Lm_, sn_contact_list *Lp_) {
  sn_contact_list Lm = *Lm_, Lp = *Lp_;
  /* spheres: inside triangle 0, near the diagonal, exactly above it, sunk */
  double xs[4][3] = {{2, -1, 0.31}, {0.5, 0.48, 0.3}, {1, 1, 0.305}, {-2, 1, 0.25}};
  for (int k = 0; k < 4; k++) {
    int s = add_shape(SN_SHAPE_SPHERE, 0.3, 0, NULL, xs[k], NULL);
    CHECK_INT(pair(mesh, s, 0.02, &Lm), 1);
    CHECK_INT(pair(plane, s, 0.02, &Lp), 1);
    same_contacts(&Lm, &Lp);
    CHECK_CLOSE(Lm.c[0].gap, xs[k][2] - 0.3, 0, 1e-14);
    CHECK_INT(Lm.c[0].a, mesh);
    CHECK_INT(Lm.c[0].b, s);
  }
  /* boxes: rotated 30 deg about z over the diagonal (corners in both triangles), resting 0.004
   * above and sunk 0.01 */
  double q[4] = {cos(SN_PI / 12), 0, 0, sin(SN_PI / 12)}, half[3] = {0.5, 0.4, 0.3};
  double xb[2][3] = {{0.1, 0.1, 0.304}, {-0.2, -0.3, 0.29}};
  for (int k = 0; k < 2; k++) {
    int b = add_shape(SN_SHAPE_BOX, 0, 0, half, xb[k], q);
    CHECK_INT(pair(mesh, b, 0.02, &Lm), 4);
    CHECK_INT(pair(plane, b, 0.02, &Lp), 4);
    same_contacts(&Lm, &Lp);
    for (int i = 0; i < Lm.n; i++) CHECK_CLOSE(Lm.c[i].gap, xb[k][2] - 0.3, 0, 1e-12);
    for (int i = 0; i < Lm.n; i++)
      for (int j = i + 1; j < Lm.n; j++) CHECK(Lm.c[i].feature != Lm.c[j].feature);
  }
  /* a convex hull (octahedron) on one face over the diagonal: its 3 corners, as on the plane */
  double oct[18] = {1, 0, 0, -1, 0, 0, 0, 1, 0, 0, -1, 0, 0, 0, 1, 0, 0, -1};
  double u[3] = {1 / sqrt(3.0), 1 / sqrt(3.0), 1 / sqrt(3.0)}, w[3] = {0, 0, -1}, ax[3];
  sn3_cross(u, w, ax);
  double th = acos(sn3_dot(u, w)), la = sn3_norm(ax);
  sn_body_desc dc;
  sn_body_desc_default(&dc);
  dc.shape.kind = SN_SHAPE_CONVEX;
  dc.shape.vert = oct;
  dc.shape.nvert = 6;
  dc.x[0] = 0.2; dc.x[1] = 0.1; dc.x[2] = 1 / sqrt(3.0) + 0.002;
  dc.q[0] = cos(th / 2);
  for (int i = 0; i < 3; i++) dc.q[1 + i] = sin(th / 2) * ax[i] / la;
  int oc = add(&dc);
  CHECK_INT(pair(mesh, oc, 0.01, &Lm), 3);
  CHECK_INT(pair(plane, oc, 0.01, &Lp), 3);
  same_contacts(&Lm, &Lp);
  for (int i = 0; i < Lm.n; i++) CHECK_CLOSE(Lm.c[i].gap, 0.002, 0, 1e-12);
  *Lm_ = Lm;
  *Lp_ = Lp;
}

/* a cylinder and capsules (lying, standing) on the floor */
static void floor_round(int mesh, int plane, sn_contact_list *Lm_, sn_contact_list *Lp_) {
  sn_contact_list Lm = *Lm_, Lp = *Lp_;
  /* a cylinder standing across the diagonal: its rim (an inscribed octagon) reduced to 4 points
   * over both triangles together, as on one face */
  int cy = add_shape(SN_SHAPE_CYLINDER, 0.4, 0.3, NULL, (double[3]){1.1, 0.9, 0.303}, NULL);
  CHECK_INT(pair(mesh, cy, 0.02, &Lm), 4);
  for (int i = 0; i < Lm.n; i++) {
    CHECK_CLOSE(Lm.c[i].gap, 0.003, 0, 1e-12);
    CHECK_CLOSE(hypot(Lm.c[i].p[0] - 1.1, Lm.c[i].p[1] - 0.9), 0.4, 0, 1e-12);
  }
  /* a capsule lying along x across the diagonal, 0.002 above: its 2 segment ends (each inside
   * one triangle), nothing on the shared edge */
  double qy[4] = {cos(SN_PI / 4), 0, sin(SN_PI / 4), 0};
  int cp = add_shape(SN_SHAPE_CAPSULE, 0.1, 0.6, NULL, (double[3]){-2, -2.1, 0.102}, qy);
  CHECK_INT(pair(mesh, cp, 0.02, &Lm), 2);
  for (int i = 0; i < Lm.n; i++) {
    CHECK_CLOSE(Lm.c[i].gap, 0.002, 0, 1e-12);
    CHECK_CLOSE(fabs(Lm.c[i].p[0] + 2), 0.6, 0, 1e-12);
    CHECK_CLOSE(Lm.c[i].n[2], 1.0, 0, 1e-14);
  }
  /* standing capsules (one end down) inside a triangle, near the diagonal and on it: one
   * contact, the plane's */
  double xc[3][3] = {{2, -1, 0.503}, {0.52, 0.5, 0.503}, {-1, -1, 0.497}};
  for (int k = 0; k < 3; k++) {
    int ck = add_shape(SN_SHAPE_CAPSULE, 0.1, 0.4, NULL, xc[k], NULL);
    CHECK_INT(pair(mesh, ck, 0.02, &Lm), 1);
    CHECK_INT(pair(plane, ck, 0.02, &Lp), 1);
    same_contacts(&Lm, &Lp);
    CHECK_CLOSE(Lm.c[0].gap, xc[k][2] - 0.5, 0, 1e-12);
  }
  *Lm_ = Lm;
  *Lp_ = Lp;
}

/* spheres beyond the edge, half sunk, below the floor */
static void floor_edges(int mesh, int plane, sn_contact_list *Lm_, sn_contact_list *Lp_) {
  sn_contact_list Lm = *Lm_, Lp = *Lp_;
  /* a sphere beyond the edge x = 5: the edge contact, distance to the edge by hand */
  int s = add_shape(SN_SHAPE_SPHERE, 0.3, 0, NULL, (double[3]){5.2, 0, 0.2}, NULL);
  CHECK_INT(pair(mesh, s, 0.02, &Lm), 1);
  CHECK_CLOSE(Lm.c[0].gap, hypot(0.2, 0.2) - 0.3, 0, 1e-14);
  CHECK_CLOSE(Lm.c[0].n[0], sqrt(0.5), 0, 1e-14);
  /* a sphere whose centre lies in the floor (half sunk): the face contact, gap -r */
  s = add_shape(SN_SHAPE_SPHERE, 0.3, 0, NULL, (double[3]){-1, -2, 0}, NULL);
  CHECK_INT(pair(mesh, s, 0.02, &Lm), 1);
  CHECK_CLOSE(Lm.c[0].gap, -0.3, 0, 1e-14);
  CHECK_CLOSE(Lm.c[0].n[2], 1.0, 0, 1e-14);
  /* a sphere below the floor (behind both triangles): no contact */
  s = add_shape(SN_SHAPE_SPHERE, 0.3, 0, NULL, (double[3]){1, -2, -0.29}, NULL);
  CHECK_INT(pair(mesh, s, 0.02, &Lm), 0);
  (void)plane;
  (void)Lp;
  *Lm_ = Lm;
  *Lp_ = Lp;
}

static void test_floor(void) {
  /* the square [-5, 5]^2 at z = 0 as 2 triangles sharing the diagonal (0) - (2) */
  double v[12] = {-5, -5, 0, 5, -5, 0, 5, 5, 0, -5, 5, 0};
  int t[6] = {0, 1, 2, 0, 2, 3};
  int mesh = add_mesh(v, 4, t, 2, NULL);
  sn_body_desc d;
  sn_body_desc_default(&d);
  d.shape.kind = SN_SHAPE_PLANE;
  d.motion = SN_BODY_FIXED;
  int plane = add(&d);
  sn_contact_list Lm = {0, 0, NULL}, Lp = {0, 0, NULL};
  floor_flat_and_spheres(mesh, plane, &Lm, &Lp);
  floor_round(mesh, plane, &Lm, &Lp);
  floor_edges(mesh, plane, &Lm, &Lp);
  sn_contact_list_free(&Lm);
  sn_contact_list_free(&Lp);
}

static void test_funnel(void) {
  /* apex (0, 0, 0), rim (+-1, +-1, 1): 4 walls at 45 degrees, counter-clockwise seen from inside
   * (from above); the +x wall is the plane x = z with inward normal (-1, 0, 1)/sqrt2 */
  double v[15] = {0, 0, 0, 1, -1, 1, 1, 1, 1, -1, 1, 1, -1, -1, 1};
  int t[12] = {0, 1, 2, 0, 2, 3, 0, 3, 4, 0, 4, 1};
  double off[3] = {20, 0, 0};
  int mesh = add_mesh(v, 5, t, 4, off);
  for (int k = 0; k < 4; k++) CHECK(S->b[mesh].shape.face_n[3 * k + 2] > 0.7);   /* inward, up */
  sn_contact_list L = {0, 0, NULL};
  double r = 0.2, zc = 0.2 * sqrt(2.0) + 0.003;   /* gap zc / sqrt2 - r = 0.003 / sqrt2 */
  int s = add_shape(SN_SHAPE_SPHERE, r, 0, NULL, (double[3]){20, 0, zc}, NULL);
  CHECK_INT(pair(mesh, s, 0.01, &L), 4);
  double sum[3] = {0, 0, 0};
  for (int k = 0; k < L.n; k++) {
    CHECK_CLOSE(L.c[k].gap, zc / sqrt(2.0) - r, 0, 1e-14);
    CHECK_CLOSE(L.c[k].n[2], sqrt(0.5), 0, 1e-14);
    CHECK_CLOSE(L.c[k].p[2], zc / 2, 0, 1e-3);   /* the foot point (zc/2, 0, zc/2) on a wall */
    sn3_axpy(1, L.c[k].n, sum);
  }
  CHECK_CLOSE(sum[0], 0, 0, 1e-14);   /* the 4 walls' normals cancel sideways */
  CHECK_CLOSE(sum[2], 4 * sqrt(0.5), 0, 1e-14);
  /* a cube of half 0.1 sunk to its corners: the bottom corners (+-0.1, +-0.1, zb - 0.1) each touch
   * the walls x = z and y = z where z = |x| ... gap along the wall normal (z - |x|) / sqrt2 */
  double half[3] = {0.1, 0.1, 0.1}, zb = 0.1 + 0.1 + 0.004;
  int b = add_shape(SN_SHAPE_BOX, 0, 0, half, (double[3]){20, 0, zb}, NULL);
  int nb = pair(mesh, b, 0.01, &L);
  CHECK_INT(nb, 8);   /* each wall holds 2 bottom corners */
  for (int k = 0; k < L.n; k++) {
    CHECK_CLOSE(L.c[k].gap, 0.004 / sqrt(2.0), 0, 1e-12);
    CHECK_CLOSE(L.c[k].n[2], sqrt(0.5), 0, 1e-12);
  }
  sn_contact_list_free(&L);
}

static void test_degenerate_mesh(void) {
  /* a zero-area triangle (repeated vertex) and a sliver next to a good one: only the good one
   * makes contact, nothing is NaN */
  double v[15] = {0, 0, 0, 1, 0, 0, 0, 1, 0, 2, 0, 0, 3, 0, 0};
  int t[9] = {0, 1, 2, 1, 1, 3, 1, 3, 4};
  int mesh = add_mesh(v, 5, t, 3, (double[3]){-30, 0, 0});
  sn_contact_list L = {0, 0, NULL};
  int s = add_shape(SN_SHAPE_SPHERE, 0.1, 0, NULL, (double[3]){-29.8, 0.2, 0.105}, NULL);
  CHECK_INT(pair(mesh, s, 0.01, &L), 1);
  CHECK_CLOSE(L.c[0].gap, 0.005, 0, 1e-14);
  double half[3] = {0.1, 0.1, 0.1};
  int b = add_shape(SN_SHAPE_BOX, 0, 0, half, (double[3]){-29.75, 0.25, 0.105}, NULL);
  CHECK_INT(pair(mesh, b, 0.01, &L), 4);
  for (int k = 0; k < L.n; k++) CHECK(isfinite(L.c[k].gap) && fabs(L.c[k].gap - 0.005) < 1e-12);
  sn_contact_list_free(&L);
}

static void test_scene_grid(void) {
  /* a 10 x 10 grid of unit squares (200 triangles) at z = 0, centred at (0, 0, 0) + (50, 0, 0):
   * through sn_detect, a sphere gives 1 contact and a box resting across 4 squares 4 */
  enum { G = 10 };
  double v[3 * (G + 1) * (G + 1)];
  int t[6 * G * G], nt = 0;
  for (int j = 0; j <= G; j++)
    for (int i = 0; i <= G; i++) {
      double *p = v + 3 * (j * (G + 1) + i);
      p[0] = i - G / 2;
      p[1] = j - G / 2;
      p[2] = 0;
    }
  for (int j = 0; j < G; j++)
    for (int i = 0; i < G; i++) {
      int a = j * (G + 1) + i, b = a + 1, c = a + G + 2, d = a + G + 1;
      t[3 * nt] = a; t[3 * nt + 1] = b; t[3 * nt + 2] = c; nt++;
      t[3 * nt] = a; t[3 * nt + 1] = c; t[3 * nt + 2] = d; nt++;
    }
  sn_scene *S0 = S;
  CHECK_INT(sn_scene_create(&S), SN_OK);
  int mesh = add_mesh(v, (G + 1) * (G + 1), t, nt, (double[3]){50, 0, 0});
  int s = add_shape(SN_SHAPE_SPHERE, 0.25, 0, NULL, (double[3]){51.5, 1, 0.251}, NULL);
  double half[3] = {0.9, 0.7, 0.2}, q[4] = {cos(0.2), 0, 0, sin(0.2)};
  int b = add_shape(SN_SHAPE_BOX, 0, 0, half, (double[3]){48, -2, 0.202}, q);
  /* a large sphere (r = 3, cells of 1) at several places: one contact, the plane's gap */
  sn_contact_list L = {0, 0, NULL};
  for (int k = 0; k < 6; k++) {
    double xs[3] = {50 + 0.37 * k - 1, 0.23 * k - 0.5, 3.004};
    int big = add_shape(SN_SHAPE_SPHERE, 3, 0, NULL, xs, NULL);
    CHECK_INT(pair(mesh, big, 0.01, &L), 1);
    CHECK_CLOSE(L.c[0].gap, 0.004, 0, 1e-12);
  }
  sn_contact_list_free(&L);
  S->nb -= 6;   /* out of the detection below */
  for (int k = 0; k < 6; k++) {
    free(S->b[S->nb + k].name);
    sn_shape_free(&S->b[S->nb + k].shape);
  }
  CHECK_INT(sn_detect(S, 0.01), SN_OK);
  int ns = 0, nbx = 0;
  for (int k = 0; k < S->contacts.n; k++) {
    const sn_contact *c = &S->contacts.c[k];
    CHECK_INT(c->a, mesh);
    CHECK_CLOSE(c->n[2], 1.0, 0, 1e-14);
    if (c->b == s) { ns++; CHECK_CLOSE(c->gap, 0.001, 0, 1e-12); }
    if (c->b == b) { nbx++; CHECK_CLOSE(c->gap, 0.002, 0, 1e-12); }
  }
  CHECK_INT(ns, 1);
  CHECK_INT(nbx, 4);
  sn_scene_free(S);
  S = S0;
}

/* a body in the broad phase's reach of a mesh but over none of its triangles (here far above
 * the floor): no candidate triangle, no contact. The narrow phase passed qsort a NULL array of 0
 * triangles there, which the sanitizer build (SIGNORINI_SANITIZE, -fno-sanitize-recover) stopped
 * on ("null pointer passed as argument 1"). */
static void test_no_candidate(void) {
  double v[12] = {-1, -1, 0, 1, -1, 0, 1, 1, 0, -1, 1, 0};
  int t[6] = {0, 1, 2, 0, 2, 3};
  int mesh = add_mesh(v, 4, t, 2, (double[3]){0, 40, 0});
  double half[3] = {0.2, 0.2, 0.2};
  int b = add_shape(SN_SHAPE_BOX, 0, 0, half, (double[3]){0, 40, 3}, NULL);
  int s = add_shape(SN_SHAPE_SPHERE, 0.2, 0, NULL, (double[3]){0, 40, -3}, NULL);
  sn_contact_list L = {0, 0, NULL};
  CHECK_INT(pair(mesh, b, 0.01, &L), 0);
  CHECK_INT(pair(mesh, s, 0.01, &L), 0);
  sn_contact_list_free(&L);
}

int main(void) {
  CHECK_INT(sn_scene_create(&S), SN_OK);
  test_no_candidate();
  test_floor();
  test_funnel();
  test_degenerate_mesh();
  test_scene_grid();
  sn_scene_free(S);
  return sn_check_report();
}
