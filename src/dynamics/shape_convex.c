#define _POSIX_C_SOURCE 200809L   /* open_memstream: qhull's messages never reach the terminal */
/* Convex hulls (qhull, reentrant libqhull_r) with their polygonal faces and mass properties, and
 * the setup of static triangle meshes (normals, bounding volume hierarchy: mesh_bvh.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dynamics/dyn_internal.h"
#include "dynamics/mesh_bvh.h"

#include <lapacke.h>
#include <libqhull_r/libqhull_r.h>
#include <libqhull_r/poly_r.h>
#include <libqhull_r/qset_r.h>
#undef I   /* <complex.h>'s imaginary unit, through lapacke.h: the moments here are named I */

/* 1 if the points span 3 dimensions: the farthest pair, the farthest point from their line and
 * the farthest from that plane must be clear of round-off (relative 1e-9 of the diameter) */
static int spans_3d(const double *p, int n) {
  int i0 = 0, i1 = 0;
  double best = 0;
  for (int k = 1; k < n; k++) {
    double d[3];
    sn3_sub(p + 3 * k, p, d);
    if (sn3_dot(d, d) > best) { best = sn3_dot(d, d); i1 = k; }
  }
  double diam = sqrt(best);
  if (!(diam > 0)) return 0;
  double e[3], c[3], nrm[3] = {0, 0, 0};
  sn3_sub(p + 3 * i1, p + 3 * i0, e);
  best = 0;
  for (int k = 0; k < n; k++) {
    double d[3];
    sn3_sub(p + 3 * k, p + 3 * i0, d);
    sn3_cross(e, d, c);
    if (sn3_norm(c) > best) { best = sn3_norm(c); memcpy(nrm, c, sizeof c); }
  }
  if (!(best / diam > 1e-9 * diam)) return 0;
  for (int i = 0; i < 3; i++) nrm[i] /= best;
  best = 0;
  for (int k = 0; k < n; k++) {
    double d[3];
    sn3_sub(p + 3 * k, p + 3 * i0, d);
    best = fmax(best, fabs(sn3_dot(nrm, d)));
  }
  return best > 1e-9 * diam;
}

/* Newell's normal of a polygon loop (area-weighted, robust for nearly degenerate loops) */
static void newell_normal(const double *v, const int *loop, int k, double n[3]) {
  n[0] = n[1] = n[2] = 0;
  for (int j = 0; j < k; j++) {
    const double *a = v + 3 * loop[j], *b = v + 3 * loop[(j + 1) % k];
    n[0] += (a[1] - b[1]) * (a[2] + b[2]);
    n[1] += (a[2] - b[2]) * (a[0] + b[0]);
    n[2] += (a[0] - b[0]) * (a[1] + b[1]);
  }
}

/* the hull's vertices (renumbered) and faces from qhull's merged facets */
static int hull_collect(qhT *qh, sn_shape *s, const double *pts, int npts) {
  facetT *facet;
  vertexT *vertex, **vertexp;
  int *map = malloc((size_t)npts * sizeof *map);
  if (!map) return SN_ERR_NOMEM;
  for (int k = 0; k < npts; k++) map[k] = -1;
  int nv = 0, nf = 0, nfv = 0;
  FORALLvertices { map[qh_pointid(qh, vertex->point)] = nv++; }
  FORALLfacets {
    nf++;
    nfv += qh_setsize(qh, facet->vertices);
  }
  double *vert = malloc(3 * (size_t)nv * sizeof *vert);
  s->face_n = malloc(3 * (size_t)nf * sizeof *s->face_n);
  s->face_d = malloc((size_t)nf * sizeof *s->face_d);
  s->face_start = malloc((size_t)(nf + 1) * sizeof *s->face_start);
  s->face_vert = malloc((size_t)nfv * sizeof *s->face_vert);
  if (!vert || !s->face_n || !s->face_d || !s->face_start || !s->face_vert) {
    free(map);
    free(vert);
    return SN_ERR_NOMEM;
  }
  for (int k = 0; k < npts; k++)
    if (map[k] >= 0) memcpy(vert + 3 * map[k], pts + 3 * k, 3 * sizeof *vert);
  int f = 0, at = 0;
  FORALLfacets {
    setT *loop = qh_facet3vertex(qh, facet);   /* the facet's vertices in cyclic order */
    s->face_start[f] = at;
    FOREACHvertex_(loop) { s->face_vert[at++] = map[qh_pointid(qh, vertex->point)]; }
    qh_settempfree(qh, &loop);
    int k = at - s->face_start[f], *lp = s->face_vert + s->face_start[f];
    double n[3];
    newell_normal(vert, lp, k, n);
    if (n[0] * facet->normal[0] + n[1] * facet->normal[1] + n[2] * facet->normal[2] < 0) {
      for (int j = 0; j < k / 2; j++) {   /* reverse to counter-clockwise seen from outside */
        int t = lp[j];
        lp[j] = lp[k - 1 - j];
        lp[k - 1 - j] = t;
      }
    }
    f++;
  }
  s->face_start[nf] = at;
  free(map);
  free(s->vert);
  s->vert = vert;
  s->nvert = nv;
  s->nface = nf;
  return SN_OK;
}

/* qhull on the input points: facets merged so that coplanar triangles form one polygon (qhull's
 * default C-0 merging); its messages go to a memory stream that is discarded */
static int hull_qhull(sn_shape *s) {
  char *buf = NULL;
  size_t len = 0;
  FILE *err = open_memstream(&buf, &len);
  if (!err) return SN_ERR_NOMEM;
  int npts = s->nvert;
  double *pts = malloc(3 * (size_t)npts * sizeof *pts);
  if (!pts) {
    fclose(err);
    free(buf);
    return SN_ERR_NOMEM;
  }
  memcpy(pts, s->vert, 3 * (size_t)npts * sizeof *pts);
  qhT qh_qh;
  qhT *qh = &qh_qh;
  qh_zero(qh, err);
  char cmd[] = "qhull Pp";
  int st = qh_new_qhull(qh, 3, npts, pts, False, cmd, NULL, err) ? SN_ERR_ARG : SN_OK;
  if (st == SN_OK) st = hull_collect(qh, s, pts, npts);
  qh_freeqhull(qh, !qh_ALL);
  int curlong, totlong;
  qh_memfreeshort(qh, &curlong, &totlong);
  free(pts);
  fclose(err);
  free(buf);
  return st;
}

/* Volume, centroid c and inertia tensor J (per unit density, about c) of the closed polyhedron
 * of s's faces, by the divergence theorem: the faces are fanned into tetrahedra with apex o (the
 * vertex mean); a tetrahedron (0, a, b, c) of volume V has the second moment
 *   int x x^T dV = V/20 (a a^T + b b^T + c c^T + (a+b+c)(a+b+c)^T)
 * (the closed form behind Tonon 2004, J. Math. Stat. 1(1), eqs. 2-3). */
static void hull_mass(const sn_shape *s, double *volume, double c[3], double J[9]) {
  double o[3] = {0, 0, 0};
  for (int k = 0; k < s->nvert; k++) sn3_axpy(1.0 / s->nvert, s->vert + 3 * k, o);
  double V = 0, m1[3] = {0, 0, 0}, C[9] = {0};
  for (int f = 0; f < s->nface; f++) {
    const int *lp = s->face_vert + s->face_start[f];
    int k = s->face_start[f + 1] - s->face_start[f];
    double a[3], b[3], d[3], bd[3];
    sn3_sub(s->vert + 3 * lp[0], o, a);
    for (int j = 1; j + 1 < k; j++) {
      sn3_sub(s->vert + 3 * lp[j], o, b);
      sn3_sub(s->vert + 3 * lp[j + 1], o, d);
      sn3_cross(b, d, bd);
      double v = sn3_dot(a, bd) / 6.0, sum[3];
      V += v;
      for (int i = 0; i < 3; i++) {
        sum[i] = a[i] + b[i] + d[i];
        m1[i] += v * sum[i] / 4.0;
      }
      for (int i = 0; i < 3; i++)
        for (int l = 0; l < 3; l++)
          C[3 * i + l] += v / 20.0 * (a[i] * a[l] + b[i] * b[l] + d[i] * d[l] + sum[i] * sum[l]);
    }
  }
  double cc[3] = {m1[0] / V, m1[1] / V, m1[2] / V};
  for (int i = 0; i < 3; i++)
    for (int l = 0; l < 3; l++) C[3 * i + l] -= V * cc[i] * cc[l];   /* parallel axes */
  double tr = C[0] + C[4] + C[8];
  for (int i = 0; i < 9; i++) J[i] = -C[i];
  for (int i = 0; i < 3; i++) J[4 * i] += tr;
  *volume = V;
  for (int i = 0; i < 3; i++) c[i] = o[i] + cc[i];
}

/* principal moments I and axes Rp (columns, det +1) of the symmetric tensor J (LAPACKE_dsyev);
 * a tensor already diagonal keeps the identity, so axis-aligned hulls stay aligned */
static int principal_axes(const double J[9], double I[3], double Rp[9]) {
  double off = fabs(J[1]) + fabs(J[2]) + fabs(J[5]), tr = J[0] + J[4] + J[8];
  if (off <= 1e-14 * tr) {
    for (int i = 0; i < 9; i++) Rp[i] = (i % 4 == 0);
    for (int i = 0; i < 3; i++) I[i] = J[4 * i];
    return SN_OK;
  }
  double A[9];
  memcpy(A, J, sizeof A);
  if (LAPACKE_dsyev(LAPACK_ROW_MAJOR, 'V', 'U', 3, A, 3, I) != 0) return SN_ERR_ARG;
  double det = A[0] * (A[4] * A[8] - A[5] * A[7]) - A[1] * (A[3] * A[8] - A[5] * A[6]) + A[2] * (A[3] * A[7] - A[4] * A[6]);
  if (det < 0)
    for (int i = 0; i < 3; i++) A[3 * i + 2] = -A[3 * i + 2];
  memcpy(Rp, A, sizeof A);
  return SN_OK;
}

/* p <- Rp^T (p - c) for the vertices; normals rotated, offsets recomputed from a face vertex */
static void hull_to_principal(sn_shape *s, const double c[3], const double Rp[9]) {
  for (int k = 0; k < s->nvert; k++) {
    double d[3], *p = s->vert + 3 * k;
    sn3_sub(p, c, d);
    for (int i = 0; i < 3; i++) p[i] = Rp[i] * d[0] + Rp[3 + i] * d[1] + Rp[6 + i] * d[2];
  }
  for (int f = 0; f < s->nface; f++) {
    const int *lp = s->face_vert + s->face_start[f];
    int k = s->face_start[f + 1] - s->face_start[f];
    double n[3];
    newell_normal(s->vert, lp, k, n);
    double l = sn3_norm(n);
    for (int i = 0; i < 3; i++) s->face_n[3 * f + i] = n[i] / l;
    double d = 0;   /* the mean offset of the loop's vertices */
    for (int j = 0; j < k; j++) d += sn3_dot(s->face_n + 3 * f, s->vert + 3 * lp[j]) / k;
    s->face_d[f] = d;
  }
}

int sn_convex_init(sn_shape *s, double *volume, double I[3], double c[3], double Rp[9]) {
  if (!s || s->nvert < 4 || !spans_3d(s->vert, s->nvert)) return SN_ERR_ARG;
  int st = hull_qhull(s);
  if (st != SN_OK) return st;
  double J[9];
  hull_mass(s, volume, c, J);
  if (!(*volume > 0)) return SN_ERR_ARG;
  if ((st = principal_axes(J, I, Rp)) != SN_OK) return st;
  hull_to_principal(s, c, Rp);
  return SN_OK;
}

/* triangle normals (unit; zero for a degenerate triangle, which never makes contact) and offsets,
 * and the bounding volume hierarchy of the triangles */
int sn_mesh_init(sn_shape *s) {
  s->nface = s->ntri;
  s->face_n = malloc(3 * (size_t)s->ntri * sizeof *s->face_n);
  s->face_d = malloc((size_t)s->ntri * sizeof *s->face_d);
  if (!s->face_n || !s->face_d) return SN_ERR_NOMEM;
  for (int t = 0; t < s->ntri; t++) {
    const double *a = s->vert + 3 * s->tri[3 * t], *b = s->vert + 3 * s->tri[3 * t + 1], *d = s->vert + 3 * s->tri[3 * t + 2];
    double e1[3], e2[3], n[3];
    sn3_sub(b, a, e1);
    sn3_sub(d, a, e2);
    sn3_cross(e1, e2, n);
    double l = sn3_norm(n), scale = sn3_dot(e1, e1) + sn3_dot(e2, e2);
    for (int i = 0; i < 3; i++) s->face_n[3 * t + i] = l > 1e-12 * scale ? n[i] / l : 0.0;
    s->face_d[t] = sn3_dot(s->face_n + 3 * t, a);
  }
  sn_mesh_accel *m;
  int st = sn_mesh_accel_build(s, &m);
  if (st != SN_OK) return st;
  s->accel = m;
  return SN_OK;
}

void sn_shape_free(sn_shape *s) {
  free(s->vert);
  free(s->face_n);
  free(s->face_d);
  free(s->face_start);
  free(s->face_vert);
  free(s->tri);
  sn_mesh_accel_free(s->accel);
  s->vert = s->face_n = s->face_d = NULL;
  s->face_start = s->face_vert = s->tri = NULL;
  s->accel = NULL;
}
