/* Expanding Polytope Algorithm (van den Bergen 2001, "Proximity queries and penetration depth
 * computation on 3D game objects", GDC): from a tetrahedron of the Minkowski difference A - B
 * enclosing the origin, repeatedly push out the face closest to the origin by the support point
 * along its normal until the support adds no more than a tolerance. Bounded: at most
 * SN_EPA_MAX_ITER expansions, EPA_MAX_VERT points and EPA_MAX_FACE faces. */
#include <string.h>

#include "dynamics/gjk.h"

#define EPA_MAX_VERT (SN_EPA_MAX_ITER + 4)
#define EPA_MAX_FACE 512

typedef struct {
  int v[3];
  double n[3], d;       /* outward unit normal and distance of the plane from the origin */
  int alive;
} epa_face;

typedef struct {
  int full;             /* the whole shapes (1) or their cores (0) */
  int nv, nf;
  double w[EPA_MAX_VERT][3], a[EPA_MAX_VERT][3], b[EPA_MAX_VERT][3];
  epa_face f[EPA_MAX_FACE];
} epa_poly;

static void add_vertex(epa_poly *P, const sn_support_obj *A, const sn_support_obj *B, const double d[3]) {
  double md[3] = {-d[0], -d[1], -d[2]};
  sn_support_world(A, d, P->full, P->a[P->nv]);
  sn_support_world(B, md, P->full, P->b[P->nv]);
  sn3_sub(P->a[P->nv], P->b[P->nv], P->w[P->nv]);
  P->nv++;
}

/* a face (i, j, k), oriented away from the interior point c; 0 if degenerate */
static int add_face(epa_poly *P, int i, int j, int k, const double c[3]) {
  if (P->nf >= EPA_MAX_FACE) return 0;
  epa_face *F = &P->f[P->nf];
  double e1[3], e2[3], n[3], dc[3];
  sn3_sub(P->w[j], P->w[i], e1);
  sn3_sub(P->w[k], P->w[i], e2);
  sn3_cross(e1, e2, n);
  double l = sn3_norm(n);
  if (!(l > 1e-14 * (sn3_dot(e1, e1) + sn3_dot(e2, e2)))) return 0;
  for (int m = 0; m < 3; m++) n[m] /= l;
  sn3_sub(P->w[i], c, dc);
  F->v[0] = i; F->v[1] = j; F->v[2] = k;
  if (sn3_dot(n, dc) < 0) {
    F->v[1] = k; F->v[2] = j;
    for (int m = 0; m < 3; m++) n[m] = -n[m];
  }
  memcpy(F->n, n, sizeof n);
  F->d = sn3_dot(n, P->w[i]);
  F->alive = 1;
  P->nf++;
  return 1;
}

/* grow a GJK simplex of fewer than 4 points to a tetrahedron (van den Bergen 2003, 4.3.6) */
static int blow_up(epa_poly *P, const sn_support_obj *A, const sn_support_obj *B, double scale) {
  static const double ax[6][3] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
  double tol = 1e-10 * scale;
  for (int k = 0; k < 6 && P->nv < 2; k++) {   /* a second point apart from the first */
    add_vertex(P, A, B, ax[k]);
    double d[3];
    sn3_sub(P->w[1], P->w[0], d);
    if (sn3_norm(d) <= tol) P->nv--;
  }
  if (P->nv < 2) return SN_ERR_ARG;
  for (int k = 0; k < 6 && P->nv < 3; k++) {   /* a third point off the line */
    double e[3], c[3], d[3];
    sn3_sub(P->w[1], P->w[0], e);
    sn3_cross(e, ax[k], d);
    if (sn3_norm(d) == 0) continue;
    add_vertex(P, A, B, d);
    sn3_sub(P->w[2], P->w[0], d);
    sn3_cross(e, d, c);
    if (sn3_norm(c) <= tol * sn3_norm(e)) P->nv--;
  }
  if (P->nv < 3) return SN_ERR_ARG;
  if (P->nv == 3) {   /* a fourth point off the plane, on the side of larger extent */
    double e1[3], e2[3], n[3], mn[3], d[3];
    sn3_sub(P->w[1], P->w[0], e1);
    sn3_sub(P->w[2], P->w[0], e2);
    sn3_cross(e1, e2, n);
    for (int i = 0; i < 3; i++) mn[i] = -n[i];
    add_vertex(P, A, B, n);
    sn3_sub(P->w[3], P->w[0], d);
    double up = fabs(sn3_dot(d, n));
    add_vertex(P, A, B, mn);
    sn3_sub(P->w[4], P->w[0], d);
    double dn = fabs(sn3_dot(d, n));
    if (up >= dn) P->nv = 4;
    else {
      memcpy(P->w[3], P->w[4], sizeof P->w[3]);
      memcpy(P->a[3], P->a[4], sizeof P->a[3]);
      memcpy(P->b[3], P->b[4], sizeof P->b[3]);
      P->nv = 4;
    }
    if (fmax(up, dn) <= tol * sn3_norm(n)) return SN_ERR_ARG;
  }
  return SN_OK;
}

/* the initial tetrahedron's 4 faces; SN_ERR_ARG unless it encloses the origin */
static int init_faces(epa_poly *P) {
  double c[3] = {0, 0, 0};
  for (int k = 0; k < 4; k++) sn3_axpy(0.25, P->w[k], c);
  if (!add_face(P, 0, 1, 2, c) || !add_face(P, 0, 1, 3, c) || !add_face(P, 0, 2, 3, c) || !add_face(P, 1, 2, 3, c))
    return SN_ERR_ARG;
  for (int f = 0; f < 4; f++)
    if (P->f[f].d < -1e-12 * (fabs(P->f[f].d) + sn3_norm(P->w[P->f[f].v[0]]))) return SN_ERR_ARG;
  return SN_OK;
}

static int closest_face(const epa_poly *P) {
  int best = -1;
  for (int f = 0; f < P->nf; f++)
    if (P->f[f].alive && (best < 0 || P->f[f].d < P->f[best].d)) best = f;
  return best;
}

/* add point p: remove the faces it sees, close the hole from the horizon edges */
static int expand(epa_poly *P, int p) {
  int edges[3 * EPA_MAX_FACE][2], ne = 0;
  double c[3] = {0, 0, 0};   /* an interior point: the mean of the initial tetrahedron */
  for (int k = 0; k < 4; k++) sn3_axpy(0.25, P->w[k], c);
  for (int f = 0; f < P->nf; f++) {
    epa_face *F = &P->f[f];
    double d[3];
    if (!F->alive) continue;
    sn3_sub(P->w[p], P->w[F->v[0]], d);
    if (sn3_dot(F->n, d) <= 0) continue;
    F->alive = 0;
    for (int e = 0; e < 3; e++) {   /* an edge seen twice (both faces removed) is interior */
      int u = F->v[e], v = F->v[(e + 1) % 3], found = -1;
      for (int k = 0; k < ne; k++)
        if (edges[k][0] == v && edges[k][1] == u) found = k;
      if (found >= 0) {
        edges[found][0] = edges[ne - 1][0];
        edges[found][1] = edges[ne - 1][1];
        ne--;
      } else {
        edges[ne][0] = u;
        edges[ne][1] = v;
        ne++;
      }
    }
  }
  if (ne == 0) return SN_ERR_ARG;
  for (int k = 0; k < ne; k++)
    if (!add_face(P, edges[k][0], edges[k][1], p, c)) return SN_ERR_ARG;
  return SN_OK;
}

/* witness points from the barycentric coordinates of the plane's foot point on face F */
static void witness(const epa_poly *P, const epa_face *F, double pa[3], double pb[3]) {
  double q[3], lam[3], e1[3], e2[3], r[3];
  for (int i = 0; i < 3; i++) q[i] = F->d * F->n[i];
  const double *A0 = P->w[F->v[0]], *A1 = P->w[F->v[1]], *A2 = P->w[F->v[2]];
  sn3_sub(A1, A0, e1);
  sn3_sub(A2, A0, e2);
  sn3_sub(q, A0, r);
  double d00 = sn3_dot(e1, e1), d01 = sn3_dot(e1, e2), d11 = sn3_dot(e2, e2), d20 = sn3_dot(r, e1), d21 = sn3_dot(r, e2);
  double den = d00 * d11 - d01 * d01;
  lam[1] = den > 0 ? (d11 * d20 - d01 * d21) / den : 1.0 / 3.0;
  lam[2] = den > 0 ? (d00 * d21 - d01 * d20) / den : 1.0 / 3.0;
  lam[0] = 1 - lam[1] - lam[2];
  for (int i = 0; i < 3; i++) {
    pa[i] = lam[0] * P->a[F->v[0]][i] + lam[1] * P->a[F->v[1]][i] + lam[2] * P->a[F->v[2]][i];
    pb[i] = lam[0] * P->b[F->v[0]][i] + lam[1] * P->b[F->v[1]][i] + lam[2] * P->b[F->v[2]][i];
  }
}

int sn_epa(const sn_support_obj *A, const sn_support_obj *B, const sn_gjk_out *g, int full, double n[3], double *depth,
           double pa[3], double pb[3]) {
  epa_poly *P = NULL;
  epa_poly local;   /* about 70 kB on the stack: no allocation on the hot path */
  P = &local;
  P->full = full;
  P->nv = g->n;
  P->nf = 0;
  for (int k = 0; k < g->n; k++) {
    memcpy(P->w[k], g->w[k], sizeof P->w[k]);
    memcpy(P->a[k], g->a[k], sizeof P->a[k]);
    memcpy(P->b[k], g->b[k], sizeof P->b[k]);
  }
  double scale = sn_support_scale(A) + sn_support_scale(B) + 1e-300;
  if (P->nv < 4 && blow_up(P, A, B, scale) != SN_OK) return SN_ERR_ARG;
  if (init_faces(P) != SN_OK) return SN_ERR_ARG;
  double tol = 1e-9 * scale;
  int best = closest_face(P);
  for (int it = 0; it < SN_EPA_MAX_ITER && best >= 0 && P->nv < EPA_MAX_VERT; it++) {
    const epa_face *F = &P->f[best];
    double dir[3];
    memcpy(dir, F->n, sizeof dir);
    add_vertex(P, A, B, dir);
    if (sn3_dot(dir, P->w[P->nv - 1]) - F->d <= tol) {   /* the face is on the boundary */
      P->nv--;
      break;
    }
    if (expand(P, P->nv - 1) != SN_OK) break;   /* keep the best face found so far */
    best = closest_face(P);
  }
  if (best < 0) return SN_ERR_ARG;
  const epa_face *F = &P->f[best];
  memcpy(n, F->n, 3 * sizeof *n);
  *depth = fmax(F->d, 0.0);
  witness(P, F, pa, pb);
  return SN_OK;
}
