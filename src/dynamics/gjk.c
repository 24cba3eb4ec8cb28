/* Support functions of the convex shapes and the GJK distance between two convex objects
 * (Gilbert, Johnson & Keerthi 1988, IEEE J. Robotics Automation 4(2); the simplex's closest point
 * by Voronoi regions, Ericson 2005, "Real-Time Collision Detection" 5.1.5 and 9.5; the stopping
 * rule |v|^2 - v.w <= eps |v|^2 of van den Bergen 2003, "Collision Detection in Interactive 3D
 * Environments" 4.3). */
#include <string.h>

#include "dynamics/gjk.h"

/* support of a shape along a body-frame direction d; core = 1 leaves out the radius of spheres
 * and capsules (their cores are a point and a segment) */
static void shape_support(const sn_shape *s, const double d[3], int core, double out[3]) {
  double l = sn3_norm(d);
  out[0] = out[1] = out[2] = 0;
  switch (s->kind) {
  case SN_SHAPE_SPHERE:
    break;
  case SN_SHAPE_CAPSULE:
    out[2] = d[2] >= 0 ? s->half_length : -s->half_length;
    break;
  case SN_SHAPE_BOX:
    for (int i = 0; i < 3; i++) out[i] = d[i] >= 0 ? s->half[i] : -s->half[i];
    return;
  case SN_SHAPE_CYLINDER: {
    double r = hypot(d[0], d[1]);
    out[2] = d[2] >= 0 ? s->half_length : -s->half_length;
    if (r > 1e-300) {
      out[0] = s->radius * d[0] / r;
      out[1] = s->radius * d[1] / r;
    }
    return;
  }
  case SN_SHAPE_CONVEX: {
    int best = 0;
    double bd = -INFINITY;
    for (int k = 0; k < s->nvert; k++) {
      double v = sn3_dot(d, s->vert + 3 * k);
      if (v > bd) { bd = v; best = k; }
    }
    if (s->nvert > 0) memcpy(out, s->vert + 3 * best, 3 * sizeof *out);
    return;
  }
  default:
    return;
  }
  if (!core && l > 0) sn3_axpy(s->radius / l, d, out);
}

void sn_shape_support(const sn_shape *s, const double d[3], double out[3]) { shape_support(s, d, 0, out); }

void sn_support_obj_body(sn_support_obj *o, const sn_body *B) {
  memset(o, 0, sizeof *o);
  o->B = B;
  if (B->shape.kind == SN_SHAPE_SPHERE || B->shape.kind == SN_SHAPE_CAPSULE) o->radius = B->shape.radius;
}

void sn_support_obj_triangle(sn_support_obj *o, const double a[3], const double b[3], const double c[3], const double n[3]) {
  memset(o, 0, sizeof *o);
  memcpy(o->tri, a, 3 * sizeof *a);
  memcpy(o->tri + 3, b, 3 * sizeof *b);
  memcpy(o->tri + 6, c, 3 * sizeof *c);
  memcpy(o->tri_n, n, 3 * sizeof *n);
}

void sn_support_world(const sn_support_obj *o, const double d[3], int full, double out[3]) {
  if (!o->B) {
    int best = 0;
    for (int k = 1; k < 3; k++)
      if (sn3_dot(d, o->tri + 3 * k) > sn3_dot(d, o->tri + 3 * best)) best = k;
    memcpy(out, o->tri + 3 * best, 3 * sizeof *out);
    return;
  }
  double db[3], pb[3];
  sn_body_dir_to_body(o->B, d, db);
  shape_support(&o->B->shape, db, !full, pb);
  sn_body_to_world(o->B, pb, out);
}

double sn_support_scale(const sn_support_obj *o) {
  if (o->B) return o->B->shape.bound;
  double c[3], m = 0;
  for (int i = 0; i < 3; i++) c[i] = (o->tri[i] + o->tri[3 + i] + o->tri[6 + i]) / 3.0;
  for (int k = 0; k < 3; k++) {
    double d[3];
    sn3_sub(o->tri + 3 * k, c, d);
    m = fmax(m, sn3_norm(d));
  }
  return m;
}

/* ---- the closest point of a simplex to the origin: barycentric weights lam ---- */

static void closest_segment(const double a[3], const double b[3], double lam[2]) {
  double ab[3];
  sn3_sub(b, a, ab);
  double l2 = sn3_dot(ab, ab), t = l2 > 0 ? -sn3_dot(a, ab) / l2 : 0.0;
  t = t < 0 ? 0 : t > 1 ? 1 : t;
  lam[0] = 1 - t;
  lam[1] = t;
}

/* Ericson 2005, 5.1.5 (ClosestPtPointTriangle) with p = 0; a degenerate triangle falls back to
 * its best edge */
void sn_closest_triangle_origin(const double a[3], const double b[3], const double c[3], double lam[3]) {
  double ab[3], ac[3], ap[3] = {-a[0], -a[1], -a[2]}, bp[3] = {-b[0], -b[1], -b[2]}, cp[3] = {-c[0], -c[1], -c[2]};
  sn3_sub(b, a, ab);
  sn3_sub(c, a, ac);
  double d1 = sn3_dot(ab, ap), d2 = sn3_dot(ac, ap);
  lam[0] = lam[1] = lam[2] = 0;
  if (d1 <= 0 && d2 <= 0) { lam[0] = 1; return; }
  double d3 = sn3_dot(ab, bp), d4 = sn3_dot(ac, bp);
  if (d3 >= 0 && d4 <= d3) { lam[1] = 1; return; }
  double vc = d1 * d4 - d3 * d2;
  if (vc <= 0 && d1 >= 0 && d3 <= 0) { double v = d1 / (d1 - d3); lam[0] = 1 - v; lam[1] = v; return; }
  double d5 = sn3_dot(ab, cp), d6 = sn3_dot(ac, cp);
  if (d6 >= 0 && d5 <= d6) { lam[2] = 1; return; }
  double vb = d5 * d2 - d1 * d6;
  if (vb <= 0 && d2 >= 0 && d6 <= 0) { double w = d2 / (d2 - d6); lam[0] = 1 - w; lam[2] = w; return; }
  double va = d3 * d6 - d5 * d4;
  if (va <= 0 && (d4 - d3) >= 0 && (d5 - d6) >= 0) {
    double w = (d4 - d3) / ((d4 - d3) + (d5 - d6));
    lam[1] = 1 - w; lam[2] = w;
    return;
  }
  double den = va + vb + vc;
  double cr[3];
  sn3_cross(ab, ac, cr);
  if (!(den > 1e-14 * sn3_dot(cr, cr) + 1e-300)) {   /* collinear: the best of the three edges */
    const double *P[3] = {a, b, c};
    double best = INFINITY;
    for (int e = 0; e < 3; e++) {
      double l2[2], q[3];
      closest_segment(P[e], P[(e + 1) % 3], l2);
      for (int i = 0; i < 3; i++) q[i] = l2[0] * P[e][i] + l2[1] * P[(e + 1) % 3][i];
      if (sn3_dot(q, q) < best) {
        best = sn3_dot(q, q);
        lam[0] = lam[1] = lam[2] = 0;
        lam[e] = l2[0];
        lam[(e + 1) % 3] = l2[1];
      }
    }
    return;
  }
  lam[1] = vb / den;
  lam[2] = vc / den;
  lam[0] = 1 - lam[1] - lam[2];
}

/* Ericson 2005, 5.1.6: the origin outside a face's plane (on the side away from the fourth
 * vertex) is closest on that face; inside all four: returns 1 (the origin is enclosed) */
static int closest_tetra(double W[4][3], double lam[4]) {
  static const int F[4][4] = {{0, 1, 2, 3}, {0, 2, 3, 1}, {0, 3, 1, 2}, {1, 3, 2, 0}};
  double best = INFINITY;
  int outside = 0;
  for (int f = 0; f < 4; f++) {
    const double *a = W[F[f][0]], *b = W[F[f][1]], *c = W[F[f][2]], *d = W[F[f][3]];
    double ab[3], ac[3], nrm[3], ad[3];
    sn3_sub(b, a, ab);
    sn3_sub(c, a, ac);
    sn3_cross(ab, ac, nrm);
    sn3_sub(d, a, ad);
    double sd = sn3_dot(nrm, ad), so = -sn3_dot(nrm, a);
    /* origin on the other side from d, or a flat tetrahedron: try this face */
    if (so * sd < 0 || fabs(sd) <= 1e-12 * sn3_norm(nrm) * sn3_norm(ad)) {
      double l3[3], q[3];
      outside = 1;
      sn_closest_triangle_origin(a, b, c, l3);
      for (int i = 0; i < 3; i++) q[i] = l3[0] * a[i] + l3[1] * b[i] + l3[2] * c[i];
      if (sn3_dot(q, q) < best) {
        best = sn3_dot(q, q);
        lam[F[f][0]] = l3[0];
        lam[F[f][1]] = l3[1];
        lam[F[f][2]] = l3[2];
        lam[F[f][3]] = 0;
      }
    }
  }
  return !outside;
}

/* closest point v of the simplex, and the simplex reduced to the points with weight > 0;
 * returns 1 when a tetrahedron encloses the origin */
static int simplex_reduce(sn_gjk_out *o, double v[3]) {
  double lam[4] = {1, 0, 0, 0};
  int inside = 0;
  if (o->n == 2) closest_segment(o->w[0], o->w[1], lam);
  else if (o->n == 3) sn_closest_triangle_origin(o->w[0], o->w[1], o->w[2], lam);
  else if (o->n == 4) inside = closest_tetra(o->w, lam);
  if (inside) {
    v[0] = v[1] = v[2] = 0;
    return 1;
  }
  int m = 0;
  v[0] = v[1] = v[2] = 0;
  double pa[3] = {0, 0, 0}, pb[3] = {0, 0, 0};
  for (int k = 0; k < o->n; k++) {
    if (lam[k] <= 0) continue;
    sn3_axpy(lam[k], o->w[k], v);
    sn3_axpy(lam[k], o->a[k], pa);
    sn3_axpy(lam[k], o->b[k], pb);
    if (m != k) {
      memcpy(o->w[m], o->w[k], sizeof o->w[k]);
      memcpy(o->a[m], o->a[k], sizeof o->a[k]);
      memcpy(o->b[m], o->b[k], sizeof o->b[k]);
    }
    m++;
  }
  o->n = m;
  memcpy(o->pa, pa, sizeof pa);
  memcpy(o->pb, pb, sizeof pb);
  return 0;
}

void sn_gjk(const sn_support_obj *A, const sn_support_obj *B, int full, sn_gjk_out *o) {
  memset(o, 0, sizeof *o);
  double v[3], ca[3], cb[3], z[3] = {1, 0, 0};
  sn_support_world(A, z, full, ca);   /* a start direction from one pair of support points */
  sn_support_world(B, z, full, cb);
  sn3_sub(ca, cb, v);
  if (sn3_dot(v, v) == 0) v[0] = 1;
  double scale = sn_support_scale(A) + sn_support_scale(B) + 1e-300;
  double prev = INFINITY;
  for (int it = 0; it < SN_GJK_MAX_ITER; it++) {
    double mv[3] = {-v[0], -v[1], -v[2]}, a[3], b[3], w[3];
    sn_support_world(A, mv, full, a);
    sn_support_world(B, v, full, b);
    sn3_sub(a, b, w);
    double vv = sn3_dot(v, v);
    if (o->n > 0 && vv - sn3_dot(v, w) <= 1e-12 * vv) break;   /* no progress towards the origin */
    int dup = 0;
    for (int k = 0; k < o->n; k++)
      if (o->w[k][0] == w[0] && o->w[k][1] == w[1] && o->w[k][2] == w[2]) dup = 1;
    if (dup) break;
    memcpy(o->w[o->n], w, sizeof w);
    memcpy(o->a[o->n], a, sizeof a);
    memcpy(o->b[o->n], b, sizeof b);
    o->n++;
    if (simplex_reduce(o, v)) {
      o->overlap = 1;
      o->dist = 0;
      return;
    }
    double nv = sn3_dot(v, v);
    if (nv <= 1e-24 * scale * scale) {   /* the origin on the simplex: touching */
      o->overlap = 1;
      o->dist = 0;
      return;
    }
    if (nv >= prev) break;   /* round-off: no further decrease */
    prev = nv;
  }
  o->dist = sn3_norm(v);
}

/* the fallback separation along a direction n (A to B): min of B along n minus max of A */
static double axis_gap(const sn_support_obj *A, const sn_support_obj *B, const double n[3], double pa[3], double pb[3]) {
  double mn[3] = {-n[0], -n[1], -n[2]};
  sn_support_world(A, n, 1, pa);
  sn_support_world(B, mn, 1, pb);
  return sn3_dot(n, pb) - sn3_dot(n, pa);
}

void sn_convex_query(const sn_support_obj *A, const sn_support_obj *B, double *gap, double n[3], double pa[3], double pb[3]) {
  sn_gjk_out g;
  sn_gjk(A, B, 0, &g);
  double scale = sn_support_scale(A) + sn_support_scale(B);
  double dab[3];
  sn3_sub(g.pb, g.pa, dab);
  double lab = sn3_norm(dab);
  if (!g.overlap && g.dist > 1e-10 * scale && lab > 0) {
    /* separated cores: the closest points moved out by the radii */
    for (int i = 0; i < 3; i++) n[i] = dab[i] / lab;
    for (int i = 0; i < 3; i++) {
      pa[i] = g.pa[i] + A->radius * n[i];
      pb[i] = g.pb[i] - B->radius * n[i];
    }
    *gap = g.dist - A->radius - B->radius;
    return;
  }
  /* overlapping cores: EPA on the cores, exact for a point or segment inside a polytope, then
   * the radii added; when the cores' difference is flat (point, segment, parallel segments),
   * EPA on the whole shapes (curved: it converges from inside, to ~1e-2 relative in the
   * iterations allowed) */
  double depth;
  if (sn_epa(A, B, &g, 0, n, &depth, pa, pb) == SN_OK) {
    sn3_axpy(A->radius, n, pa);
    sn3_axpy(-B->radius, n, pb);
    *gap = -(depth + A->radius + B->radius);
    return;
  }
  if (A->radius > 0 || B->radius > 0) {
    sn_gjk(A, B, 1, &g);
    if (sn_epa(A, B, &g, 1, n, &depth, pa, pb) == SN_OK) {
      *gap = -depth;
      return;
    }
  }
  /* degenerate polytope (touching, flat): the separation along the line of the centres */
  double ca[3], cb[3], d[3];
  if (A->B) memcpy(ca, A->B->x, sizeof ca);
  else for (int i = 0; i < 3; i++) ca[i] = (A->tri[i] + A->tri[3 + i] + A->tri[6 + i]) / 3.0;
  if (B->B) memcpy(cb, B->B->x, sizeof cb);
  else for (int i = 0; i < 3; i++) cb[i] = (B->tri[i] + B->tri[3 + i] + B->tri[6 + i]) / 3.0;
  sn3_sub(cb, ca, d);
  if (!A->B) memcpy(d, A->tri_n, sizeof d);
  else if (!B->B) for (int i = 0; i < 3; i++) d[i] = -B->tri_n[i];
  double l = sn3_norm(d);
  if (!(l > 0)) { d[0] = 0; d[1] = 0; d[2] = 1; l = 1; }
  for (int i = 0; i < 3; i++) n[i] = d[i] / l;
  *gap = axis_gap(A, B, n, pa, pb);
}
