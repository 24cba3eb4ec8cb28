/* Triangulated body surfaces for output (sn_scene_body_surface, surface.h): closed, outward
 * oriented (counter-clockwise seen from outside) triangle sets with shared vertices, in the body
 * frame. Spheres: icosphere (the regular icosahedron, each triangle split into four with the
 * new vertices pushed onto the sphere, as in Loop subdivision's 1-to-4 split); capsules and
 * cylinders: surfaces of revolution of a profile; boxes: 12 triangles; convex hulls: fans of
 * the hull's faces; meshes as given; planes: a square of side extent. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dynamics/surface.h"

/* a growing triangle set */
typedef struct {
  int nv, nt, capv, capt;
  double *v;
  int *t;
} tri_set;

static int set_alloc(tri_set *m, int nv, int nt) {
  m->nv = m->nt = 0;
  m->capv = nv;
  m->capt = nt;
  m->v = malloc(3 * (size_t)(nv > 0 ? nv : 1) * sizeof *m->v);
  m->t = malloc(3 * (size_t)(nt > 0 ? nt : 1) * sizeof *m->t);
  if (!m->v || !m->t) {
    free(m->v);
    free(m->t);
    m->v = NULL;
    m->t = NULL;
    return SN_ERR_NOMEM;
  }
  return SN_OK;
}

static int add_v(tri_set *m, double x, double y, double z) {
  double *p = m->v + 3 * (size_t)m->nv;
  p[0] = x; p[1] = y; p[2] = z;
  return m->nv++;
}

static void add_t(tri_set *m, int a, int b, int c) {
  int *p = m->t + 3 * (size_t)m->nt++;
  p[0] = a; p[1] = b; p[2] = c;
}

/* ---------------------------------------------------------------- icosphere ---- */
/* the 12 vertices (0, +-1, +-phi) and cyclic permutations, and the 20 faces of the regular
 * icosahedron, counter-clockwise seen from outside */
static const int ICO_F[20][3] = {{0, 11, 5}, {0, 5, 1},  {0, 1, 7},   {0, 7, 10}, {0, 10, 11},
                                 {1, 5, 9},  {5, 11, 4}, {11, 10, 2}, {10, 7, 6}, {7, 1, 8},
                                 {3, 9, 4},  {3, 4, 2},  {3, 2, 6},   {3, 6, 8},  {3, 8, 9},
                                 {4, 9, 5},  {2, 4, 11}, {6, 2, 10},  {8, 6, 7},  {9, 8, 1}};

/* midpoint vertex of edge (a, b), created once: open-addressing table keyed by the pair */
typedef struct {
  int64_t *key;
  int *val;
  size_t mask;
} edge_map;

static int midpoint(tri_set *m, edge_map *E, int a, int b) {
  int lo = a < b ? a : b, hi = a < b ? b : a;
  int64_t k = (int64_t)lo << 32 | (int64_t)hi;
  size_t h = (size_t)((uint64_t)k * 0x9E3779B97F4A7C15ull >> 20) & E->mask;
  while (E->key[h] >= 0 && E->key[h] != k) h = (h + 1) & E->mask;
  if (E->key[h] == k) return E->val[h];
  const double *p = m->v + 3 * (size_t)a, *q = m->v + 3 * (size_t)b;
  double c[3] = {p[0] + q[0], p[1] + q[1], p[2] + q[2]}, n = sn3_norm(c);
  E->key[h] = k;
  return E->val[h] = add_v(m, c[0] / n, c[1] / n, c[2] / n);
}

/* one 1-to-4 split of every triangle of the unit sphere set m (capacity already there) */
static int subdivide(tri_set *m) {
  size_t ne = 3 * (size_t)m->nt / 2, cap = 4;
  while (cap < 2 * ne) cap <<= 1;
  edge_map E = {malloc(cap * sizeof(int64_t)), malloc(cap * sizeof(int)), cap - 1};
  int *old = malloc(3 * (size_t)m->nt * sizeof *old);
  if (!E.key || !E.val || !old) {
    free(E.key); free(E.val); free(old);
    return SN_ERR_NOMEM;
  }
  for (size_t i = 0; i < cap; i++) E.key[i] = -1;
  int nt = m->nt;
  memcpy(old, m->t, 3 * (size_t)nt * sizeof *old);
  m->nt = 0;
  for (int f = 0; f < nt; f++) {
    int a = old[3 * f], b = old[3 * f + 1], c = old[3 * f + 2];
    int ab = midpoint(m, &E, a, b), bc = midpoint(m, &E, b, c), ca = midpoint(m, &E, c, a);
    add_t(m, a, ab, ca);
    add_t(m, b, bc, ab);
    add_t(m, c, ca, bc);
    add_t(m, ab, bc, ca);
  }
  free(E.key); free(E.val); free(old);
  return SN_OK;
}

static int icosphere(double r, int level, tri_set *m) {
  const double phi = (1.0 + sqrt(5.0)) / 2.0, s = 1.0 / sqrt(1.0 + phi * phi);
  const double V[12][3] = {{-1, phi, 0}, {1, phi, 0}, {-1, -phi, 0}, {1, -phi, 0},
                           {0, -1, phi}, {0, 1, phi}, {0, -1, -phi}, {0, 1, -phi},
                           {phi, 0, -1}, {phi, 0, 1}, {-phi, 0, -1}, {-phi, 0, 1}};
  int nt = 20 << (2 * level), nv = 10 * (1 << (2 * level)) + 2, st;   /* Euler: V = T/2 + 2 */
  if ((st = set_alloc(m, nv, nt))) return st;
  for (int i = 0; i < 12; i++) add_v(m, s * V[i][0], s * V[i][1], s * V[i][2]);
  for (int f = 0; f < 20; f++) add_t(m, ICO_F[f][0], ICO_F[f][1], ICO_F[f][2]);
  for (int l = 0; l < level; l++)
    if ((st = subdivide(m))) return st;
  for (int i = 0; i < 3 * m->nv; i++) m->v[i] *= r;
  return SN_OK;
}

/* ---------------------------------------------------------------- surfaces of revolution ---- */
/* profile (rho[k], z[k]), k = 0 .. np-1, from the top pole (rho = 0) down to the bottom pole
 * (rho = 0), turned about body z with ns segments: pole fans and split quads */
static int lathe(const double *rho, const double *z, int np, int ns, tri_set *m) {
  int nring = np - 2, st;
  if ((st = set_alloc(m, nring * ns + 2, 2 * ns * (nring - 1) + 2 * ns))) return st;
  int top = add_v(m, 0, 0, z[0]);
  for (int k = 1; k <= nring; k++)
    for (int j = 0; j < ns; j++) {
      double a = 2.0 * SN_PI * j / ns;
      add_v(m, rho[k] * cos(a), rho[k] * sin(a), z[k]);
    }
  int bot = add_v(m, 0, 0, z[np - 1]);
#define RING(k, j) (1 + ((k) - 1) * ns + ((j) % ns))
  for (int j = 0; j < ns; j++) add_t(m, top, RING(1, j), RING(1, j + 1));
  for (int k = 1; k < nring; k++)
    for (int j = 0; j < ns; j++) {
      int a = RING(k, j), b = RING(k + 1, j), c = RING(k + 1, j + 1), d = RING(k, j + 1);
      add_t(m, a, b, c);
      add_t(m, a, c, d);
    }
  for (int j = 0; j < ns; j++) add_t(m, bot, RING(nring, j + 1), RING(nring, j));
#undef RING
  return SN_OK;
}

/* capsule: two hemispheres of `rings` latitude steps each joined by the cylinder (none when
 * half_length = 0: the equators are one ring) */
static int capsule(double r, double h, int detail, tri_set *m) {
  int rings = 1 << detail, ns = 6 << detail, np = 0;
  double rho[2 * 16 + 4], z[2 * 16 + 4];
  for (int i = 0; i <= rings; i++) {
    double a = 0.5 * SN_PI * i / rings;
    rho[np] = i == rings ? r : r * sin(a);
    z[np++] = h + (i == rings ? 0.0 : r * cos(a));
  }
  for (int i = h > 0 ? rings : rings - 1; i >= 0; i--) {
    double a = 0.5 * SN_PI * i / rings;
    rho[np] = i == rings ? r : r * sin(a);
    z[np++] = -h - (i == rings ? 0.0 : r * cos(a));
  }
  rho[0] = rho[np - 1] = 0;
  return lathe(rho, z, np, ns, m);
}

static int cylinder(double r, double h, int detail, tri_set *m) {
  const double rho[4] = {0, r, r, 0}, z[4] = {h, h, -h, -h};
  return lathe(rho, z, 4, 6 << detail, m);
}

/* ---------------------------------------------------------------- flat-faced shapes ---- */
static int box(const double half[3], tri_set *m) {
  static const int Q[6][4] = {{0, 4, 6, 2}, {1, 3, 7, 5}, {0, 1, 5, 4}, {2, 6, 7, 3}, {0, 2, 3, 1}, {4, 5, 7, 6}};
  int st;
  if ((st = set_alloc(m, 8, 12))) return st;
  for (int i = 0; i < 8; i++)   /* bit 0: +x, bit 1: +y, bit 2: +z */
    add_v(m, i & 1 ? half[0] : -half[0], i & 2 ? half[1] : -half[1], i & 4 ? half[2] : -half[2]);
  for (int f = 0; f < 6; f++) {
    add_t(m, Q[f][0], Q[f][1], Q[f][2]);
    add_t(m, Q[f][0], Q[f][2], Q[f][3]);
  }
  return SN_OK;
}

/* convex hull: a fan from the first vertex of each face loop (loops are CCW from outside) */
static int hull(const sn_shape *s, tri_set *m) {
  if (s->nface < 4 || !s->face_start || !s->face_vert || s->nvert < 4) return SN_ERR_ARG;
  int nt = 0, st;
  for (int f = 0; f < s->nface; f++) {
    int k = s->face_start[f + 1] - s->face_start[f];
    if (k < 3) return SN_ERR_ARG;
    nt += k - 2;
  }
  for (int i = 0; i < s->face_start[s->nface]; i++)
    if (s->face_vert[i] < 0 || s->face_vert[i] >= s->nvert) return SN_ERR_ARG;
  if ((st = set_alloc(m, s->nvert, nt))) return st;
  memcpy(m->v, s->vert, 3 * (size_t)s->nvert * sizeof *m->v);
  m->nv = s->nvert;
  for (int f = 0; f < s->nface; f++) {
    const int *L = s->face_vert + s->face_start[f];
    for (int k = 1; k + 1 < s->face_start[f + 1] - s->face_start[f]; k++) add_t(m, L[0], L[k], L[k + 1]);
  }
  return SN_OK;
}

static int mesh(const sn_shape *s, tri_set *m) {
  int st;
  if (s->nvert < 3 || s->ntri < 1 || !s->vert || !s->tri) return SN_ERR_ARG;
  if ((st = set_alloc(m, s->nvert, s->ntri))) return st;
  memcpy(m->v, s->vert, 3 * (size_t)s->nvert * sizeof *m->v);
  memcpy(m->t, s->tri, 3 * (size_t)s->ntri * sizeof *m->t);
  m->nv = s->nvert;
  m->nt = s->ntri;
  return SN_OK;
}

static int plane(double extent, tri_set *m) {
  if (!(extent > 0) || !isfinite(extent)) return SN_ERR_ARG;
  double e = 0.5 * extent;
  int st;
  if ((st = set_alloc(m, 4, 2))) return st;
  add_v(m, -e, -e, 0);
  add_v(m, e, -e, 0);
  add_v(m, e, e, 0);
  add_v(m, -e, e, 0);
  add_t(m, 0, 1, 2);   /* counter-clockwise seen from +z: normal +z */
  add_t(m, 0, 2, 3);
  return SN_OK;
}

int sn_shape_surface(const sn_shape *s, double extent, int detail, int *nv, double **v, int *nt, int **t) {
  if (!s || !nv || !v || !nt || !t) return SN_ERR_ARG;
  *v = NULL;
  *t = NULL;
  *nv = *nt = 0;
  if (detail < 0) detail = 0;
  if (detail > SN_SURFACE_DETAIL_MAX) detail = SN_SURFACE_DETAIL_MAX;
  tri_set m = {0};
  int st;
  switch (s->kind) {
  case SN_SHAPE_SPHERE: st = icosphere(s->radius, detail, &m); break;
  case SN_SHAPE_BOX: st = box(s->half, &m); break;
  case SN_SHAPE_CAPSULE: st = capsule(s->radius, s->half_length, detail, &m); break;
  case SN_SHAPE_CYLINDER: st = cylinder(s->radius, s->half_length, detail, &m); break;
  case SN_SHAPE_CONVEX: st = hull(s, &m); break;
  case SN_SHAPE_MESH: st = mesh(s, &m); break;
  case SN_SHAPE_PLANE: st = plane(extent, &m); break;
  default: st = SN_ERR_ARG;
  }
  if (st) {
    free(m.v);
    free(m.t);
    return st;
  }
  *nv = m.nv;
  *nt = m.nt;
  *v = m.v;
  *t = m.t;
  return SN_OK;
}

int sn_scene_body_surface_detail(const sn_scene *S, int body, double extent, int detail, int *nv, double **v,
                                 int *nt, int **t) {
  if (!S || body < 0 || body >= S->nb) return SN_ERR_ARG;
  return sn_shape_surface(&S->b[body].shape, extent, detail, nv, v, nt, t);
}

int sn_scene_body_surface(const sn_scene *S, int body, double extent, int *nv, double **v, int *nt, int **t) {
  return sn_scene_body_surface_detail(S, body, extent, SN_SURFACE_DETAIL_DEFAULT, nv, v, nt, t);
}
