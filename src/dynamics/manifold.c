/* Contact manifolds of convex pairs: the signed distance and normal from GJK/EPA, then, when a
 * flat feature (box face, hull face, cylinder cap, triangle) faces the other object, the other
 * object's feature (face polygon, segment) is clipped against the side planes of this reference
 * face (Sutherland & Hodgman 1974), its points with gap < margin kept and reduced to at most 4
 * (the deepest, then the largest area). A curved contact gives one point. */
#include <math.h>
#include <string.h>

#include "dynamics/gjk.h"

#define FEAT_MAX 32
#define COS_FACE SN_COS_FACE
#define SIN_SIDE 0.0175  /* a segment within ~1 degree of perpendicular lies flat */

typedef struct {
  int n;                /* 1 point, 2 segment, >= 3 face polygon */
  double p[FEAT_MAX][3];
  int id[FEAT_MAX];
  double fn[3];         /* face: outward unit normal */
  double align;         /* face: fn . d */
} feature;

static void feat_body_point(const sn_body *B, feature *f, const double pb[3], int id) {
  sn_body_to_world(B, pb, f->p[f->n]);
  f->id[f->n++] = id;
}

static void body_dir(const sn_body *B, const double db[3], double dw[3]) {
  const double *R = B->R;
  for (int i = 0; i < 3; i++) dw[i] = R[3 * i] * db[0] + R[3 * i + 1] * db[1] + R[3 * i + 2] * db[2];
}

/* box: the face most aligned with db (corners counter-clockwise about its normal; corner k has
 * coordinate i positive when bit i of k is set) */
static void feature_box(const sn_body *B, const double db[3], feature *f) {
  const double *h = B->shape.half;
  int j = 0;
  for (int i = 1; i < 3; i++)
    if (fabs(db[i]) > fabs(db[j])) j = i;
  int u = (j + 1) % 3, v = (j + 2) % 3, sj = db[j] >= 0 ? 1 : 0;
  static const int su[4] = {0, 1, 1, 0}, sv[4] = {0, 0, 1, 1};
  for (int k = 0; k < 4; k++) {
    int kk = sj ? k : 3 - k;   /* reversed about -e_j */
    double p[3];
    p[j] = sj ? h[j] : -h[j];
    p[u] = su[kk] ? h[u] : -h[u];
    p[v] = sv[kk] ? h[v] : -h[v];
    int id = (sj << j) | (su[kk] << u) | (sv[kk] << v);
    feat_body_point(B, f, p, id);
  }
  double nb[3] = {0, 0, 0};
  nb[j] = sj ? 1 : -1;
  body_dir(B, nb, f->fn);
  f->align = fabs(db[j]);
}

/* convex hull: the face most aligned with db (at most FEAT_MAX of its vertices, evenly picked) */
static void feature_convex(const sn_body *B, const double db[3], feature *f) {
  const sn_shape *s = &B->shape;
  int best = 0;
  for (int k = 1; k < s->nface; k++)
    if (sn3_dot(s->face_n + 3 * k, db) > sn3_dot(s->face_n + 3 * best, db)) best = k;
  int st = s->face_start[best], m = s->face_start[best + 1] - st;
  int take = m < FEAT_MAX ? m : FEAT_MAX;
  for (int k = 0; k < take; k++) {
    int vi = s->face_vert[st + (int)((long)k * m / take)];
    feat_body_point(B, f, s->vert + 3 * vi, vi);
  }
  body_dir(B, s->face_n + 3 * best, f->fn);
  f->align = sn3_dot(s->face_n + 3 * best, db);
}

/* cylinder: a cap (a regular octagon inscribed in its rim) when the axis is within the face
 * angle, a generator segment when perpendicular, else the support point */
static void feature_cylinder(const sn_body *B, const double db[3], feature *f) {
  double r = B->shape.radius, h = B->shape.half_length, rad = hypot(db[0], db[1]);
  if (fabs(db[2]) >= COS_FACE) {
    int s = db[2] >= 0 ? 1 : -1;
    for (int k = 0; k < 8; k++) {
      int kk = s > 0 ? k : 7 - k;
      double p[3] = {r * cos(kk * SN_PI / 4), r * sin(kk * SN_PI / 4), s * h};
      feat_body_point(B, f, p, kk);
    }
    double nb[3] = {0, 0, s};
    body_dir(B, nb, f->fn);
    f->align = fabs(db[2]);
    return;
  }
  if (fabs(db[2]) < SIN_SIDE && rad > 0) {
    double p0[3] = {r * db[0] / rad, r * db[1] / rad, -h}, p1[3] = {p0[0], p0[1], h};
    feat_body_point(B, f, p0, 8);
    feat_body_point(B, f, p1, 9);
    return;
  }
  double p[3];
  sn_shape_support(&B->shape, db, p);
  feat_body_point(B, f, p, 10);
}

/* a single point: the support point of the whole shape */
static void feature_point(const sn_support_obj *o, const double d[3], feature *f) {
  sn_support_world(o, d, 1, f->p[0]);
  f->id[0] = 0;
  f->n = 1;
}

/* the contact feature of object o facing world direction d (unit) */
static void feature_of(const sn_support_obj *o, const double d[3], feature *f) {
  f->n = 0;
  f->align = -1;
  if (!o->B) {   /* triangle */
    for (int k = 0; k < 3; k++) {
      memcpy(f->p[k], o->tri + 3 * k, 3 * sizeof(double));
      f->id[k] = k;
    }
    f->n = 3;
    memcpy(f->fn, o->tri_n, sizeof f->fn);
    f->align = sn3_dot(o->tri_n, d);
    return;
  }
  const sn_body *B = o->B;
  double db[3];
  sn_body_dir_to_body(B, d, db);
  switch (B->shape.kind) {
  case SN_SHAPE_BOX: feature_box(B, db, f); return;
  case SN_SHAPE_CONVEX: feature_convex(B, db, f); return;
  case SN_SHAPE_CYLINDER: feature_cylinder(B, db, f); return;
  case SN_SHAPE_CAPSULE:
    if (fabs(db[2]) < SIN_SIDE) {
      double h = B->shape.half_length, p0[3] = {0, 0, -h}, p1[3] = {0, 0, h};
      feat_body_point(B, f, p0, 0);
      feat_body_point(B, f, p1, 1);
      for (int k = 0; k < 2; k++) sn3_axpy(o->radius, d, f->p[k]);
      return;
    }
    feature_point(o, d, f);
    return;
  default:
    feature_point(o, d, f);
    return;
  }
}

/* Sutherland-Hodgman: keep the part of polygon (or segment) in on the inner side of the plane
 * m . x <= c; new points are tagged with the clipping plane s and the clipped edge */
static void clip_plane(const feature *in, feature *out, const double m[3], double c, int s, double tol) {
  out->n = 0;
  int n = in->n;
  int closed = n >= 3;
  for (int k = 0; k < n; k++) {
    const double *P = in->p[k];
    double dp = sn3_dot(m, P) - c;
    if (dp <= tol && out->n < FEAT_MAX) {
      memcpy(out->p[out->n], P, 3 * sizeof(double));
      out->id[out->n++] = in->id[k];
    }
    if (!closed && k == n - 1) break;
    const double *Q = in->p[(k + 1) % n];
    double dq = sn3_dot(m, Q) - c;
    if ((dp < -tol && dq > tol) || (dp > tol && dq < -tol)) {
      double t = dp / (dp - dq);
      if (out->n < FEAT_MAX) {
        for (int i = 0; i < 3; i++) out->p[out->n][i] = P[i] + t * (Q[i] - P[i]);
        out->id[out->n++] = SN_FEAT_CLIPPED | (s & 31) << 8 | (in->id[k] & 0xff);
      }
    }
  }
}

/* the incident feature clipped by the side planes of the reference face. A point within a
 * relative 1e-9 of the face's perimeter of a side plane counts as on it (inside): where faces
 * meet along a line only (cubes of a stack touching along an edge), their points lie on a side
 * plane to rounding, and a strict test kept or dropped them as the rounding of each step fell
 * (a 2 x 2 x 2 block of cubes: 92 to 109 contacts from step to step, the warm start lost) */
static void clip_to_face(const feature *ref, feature *inc) {
  double c[3] = {0, 0, 0}, per = 0;
  for (int k = 0; k < ref->n; k++) {
    sn3_axpy(1.0 / ref->n, ref->p[k], c);
    double e[3];
    sn3_sub(ref->p[(k + 1) % ref->n], ref->p[k], e);
    per += sn3_norm(e);
  }
  double tol = 1e-9 * per;
  for (int k = 0; k < ref->n && inc->n > 0; k++) {
    double e[3], m[3], dc[3];
    sn3_sub(ref->p[(k + 1) % ref->n], ref->p[k], e);
    sn3_cross(e, ref->fn, m);   /* outward side normal for a counter-clockwise loop */
    sn3_sub(c, ref->p[k], dc);
    if (sn3_dot(m, dc) > 0)
      for (int i = 0; i < 3; i++) m[i] = -m[i];
    double l = sn3_norm(m);
    if (!(l > 0)) continue;
    for (int i = 0; i < 3; i++) m[i] /= l;
    feature tmp;
    clip_plane(inc, &tmp, m, sn3_dot(m, ref->p[k]), k, tol);
    *inc = tmp;
  }
}

/* Near ties in the reduction below go to the lower point index (the clipping order, which does
 * not change with rounding): a candidate replaces the best so far only when its score is larger
 * by a relative SN_REDUCE_TIE, and the deepest point only when deeper by SN_REDUCE_TIE times the
 * spread of the points. Without it a face resting flat (all gaps equal to rounding) picked its 4
 * points by rounding noise, and the feature ids, hence the warm start, changed from step to step. */
#define SN_REDUCE_TIE 1e-6

static int reduce_better(double score, double best) { return score > best + SN_REDUCE_TIE * fabs(best); }

/* the deepest point, ties (within tol) to the lowest index */
static int reduce_deepest(const sn_manifold_point *P, int n) {
  double lo[3] = {INFINITY, INFINITY, INFINITY}, hi[3] = {-INFINITY, -INFINITY, -INFINITY};
  for (int k = 0; k < n; k++)
    for (int i = 0; i < 3; i++) {
      lo[i] = fmin(lo[i], P[k].pa[i]);
      hi[i] = fmax(hi[i], P[k].pa[i]);
    }
  double d[3];
  sn3_sub(hi, lo, d);
  double tol = SN_REDUCE_TIE * sn3_norm(d);
  int i0 = 0;
  for (int k = 1; k < n; k++)
    if (P[k].gap < P[i0].gap - tol) i0 = k;
  return i0;
}

/* the point farthest from P[i0], then the one spanning the largest triangle with P[i0], P[i1] */
static void reduce_span(const sn_manifold_point *P, int n, int i0, int *i1, int *i2) {
  double best = -1;
  *i1 = -1;
  for (int k = 0; k < n; k++) {
    double d[3];
    sn3_sub(P[k].pa, P[i0].pa, d);
    if (k != i0 && (*i1 < 0 || reduce_better(sn3_dot(d, d), best))) { best = sn3_dot(d, d); *i1 = k; }
  }
  best = -1;
  *i2 = -1;
  for (int k = 0; k < n; k++) {
    double e[3], d[3], c[3];
    if (k == i0 || k == *i1) continue;
    sn3_sub(P[*i1].pa, P[i0].pa, e);
    sn3_sub(P[k].pa, P[i0].pa, d);
    sn3_cross(e, d, c);
    if (*i2 < 0 || reduce_better(sn3_norm(c), best)) { best = sn3_norm(c); *i2 = k; }
  }
}

/* at most 4 of the points (moved to the front): the deepest, the farthest from it, the largest
 * triangle, the point adding the largest area outside that triangle */
int sn_manifold_reduce(sn_manifold_point *P, int n, const double nrm[3]) {
  if (n <= SN_MANIFOLD_MAX) return n;
  int pick[4], np = 0, i0 = reduce_deepest(P, n), i1, i2;
  reduce_span(P, n, i0, &i1, &i2);
  pick[np++] = i0;
  pick[np++] = i1;
  pick[np++] = i2;
  /* orientation of the triangle about the normal, then the point farthest outside one edge */
  double e[3], d[3], c[3];
  sn3_sub(P[i1].pa, P[i0].pa, e);
  sn3_sub(P[i2].pa, P[i0].pa, d);
  sn3_cross(e, d, c);
  double sgn = sn3_dot(c, nrm) >= 0 ? 1 : -1, best = 0;
  int i3 = -1;
  for (int k = 0; k < n; k++) {
    if (k == i0 || k == i1 || k == i2) continue;
    double out = 0;   /* the largest area of k outside an edge of the triangle */
    for (int t = 0; t < 3; t++) {
      const double *a = P[pick[t]].pa, *b = P[pick[(t + 1) % 3]].pa;
      double ab[3], ak[3], cr[3];
      sn3_sub(b, a, ab);
      sn3_sub(P[k].pa, a, ak);
      sn3_cross(ab, ak, cr);
      out = fmax(out, -sgn * sn3_dot(cr, nrm));   /* > 0: outside edge t */
    }
    if (out > 0 && reduce_better(out, best)) { best = out; i3 = k; }
  }
  if (i3 >= 0) pick[np++] = i3;
  sn_manifold_point tmp[4];
  for (int k = 0; k < np; k++) tmp[k] = P[pick[k]];
  memcpy(P, tmp, (size_t)np * sizeof *tmp);
  return np;
}

/* points of the incident feature against the reference face, gap measured along its normal */
static int face_points(const feature *ref, int ref_is_b, feature *inc, double margin, int drop_sides,
                       sn_manifold_point *out) {
  clip_to_face(ref, inc);
  double dref = sn3_dot(ref->fn, ref->p[0]);
  sn_manifold_point P[FEAT_MAX];
  int n = 0;
  for (int k = 0; k < inc->n; k++) {
    double g = sn3_dot(ref->fn, inc->p[k]) - dref;
    if (g >= margin) continue;
    if ((inc->id[k] & SN_FEAT_CLIPPED) && (drop_sides >> ((inc->id[k] >> 8) & 31) & 1)) continue;
    sn_manifold_point *q = &P[n++];
    double proj[3];
    for (int i = 0; i < 3; i++) proj[i] = inc->p[k][i] - g * ref->fn[i];
    memcpy(ref_is_b ? q->pb : q->pa, proj, sizeof proj);
    memcpy(ref_is_b ? q->pa : q->pb, inc->p[k], sizeof proj);
    for (int i = 0; i < 3; i++) q->n[i] = ref_is_b ? -ref->fn[i] : ref->fn[i];
    q->gap = g;
    q->id = (ref_is_b ? SN_FEAT_REF_B : 0) | inc->id[k];
  }
  n = sn_manifold_reduce(P, n, ref->fn);
  memcpy(out, P, (size_t)n * sizeof *P);
  return n;
}

int sn_manifold(const sn_support_obj *A, const sn_support_obj *B, double gap, const double n[3], const double pa[3],
                const double pb[3], double margin, sn_manifold_point out[SN_MANIFOLD_MAX]) {
  if (gap >= margin) return 0;
  double mn[3] = {-n[0], -n[1], -n[2]};
  feature fa, fb, inc;
  feature_of(A, n, &fa);
  feature_of(B, mn, &fb);
  int a_ok = fa.n >= 3 && fa.align >= COS_FACE, b_ok = fb.n >= 3 && fb.align >= COS_FACE;
  int np = 0;
  /* A's face is the reference unless B's is clearly better aligned (by 1e-3: near-ties do not
   * flip the reference, and with it the feature ids, from step to step) */
  if (a_ok && (!b_ok || fa.align >= fb.align - 1e-3)) {
    double m2[3] = {-fa.fn[0], -fa.fn[1], -fa.fn[2]};
    feature_of(B, m2, &inc);
    if (inc.n >= 2) np = face_points(&fa, 0, &inc, margin, 0, out);
  } else if (b_ok) {
    double m2[3] = {-fb.fn[0], -fb.fn[1], -fb.fn[2]};
    feature_of(A, m2, &inc);
    if (inc.n >= 2) np = face_points(&fb, 1, &inc, margin, 0, out);
  }
  if (np > 0) return np;
  /* a curved or edge contact: the one point of GJK / EPA */
  memcpy(out[0].pa, pa, 3 * sizeof *pa);
  memcpy(out[0].pb, pb, 3 * sizeof *pb);
  memcpy(out[0].n, n, 3 * sizeof *n);
  out[0].gap = gap;
  out[0].id = SN_FEAT_SINGLE;
  return 1;
}

int sn_manifold_triangle(const sn_support_obj *T, const sn_support_obj *B, double margin, int drop_sides,
                         sn_manifold_point out[SN_MANIFOLD_MAX]) {
  double mn[3] = {-T->tri_n[0], -T->tri_n[1], -T->tri_n[2]};
  feature ref, inc;
  feature_of(T, T->tri_n, &ref);
  feature_of(B, mn, &inc);
  if (inc.n < 2) return -1;
  return face_points(&ref, 0, &inc, margin, drop_sides, out);
}

int sn_triangle_strictly_inside(const double tri[9], const double q[3]) {
  double e1[3], e2[3], r[3];
  sn3_sub(tri + 3, tri, e1);
  sn3_sub(tri + 6, tri, e2);
  sn3_sub(q, tri, r);
  double d00 = sn3_dot(e1, e1), d01 = sn3_dot(e1, e2), d11 = sn3_dot(e2, e2), d20 = sn3_dot(r, e1), d21 = sn3_dot(r, e2);
  double den = d00 * d11 - d01 * d01;
  if (!(den > 0)) return 0;
  double l1 = (d11 * d20 - d01 * d21) / den, l2 = (d00 * d21 - d01 * d20) / den;
  return l1 > 1e-9 && l2 > 1e-9 && 1 - l1 - l2 > 1e-9;
}

int sn_manifold_triangle_below(const sn_support_obj *T, const sn_support_obj *B, sn_manifold_point *out, int max) {
  double mn[3] = {-T->tri_n[0], -T->tri_n[1], -T->tri_n[2]};
  feature inc;
  feature_of(B, mn, &inc);
  if (inc.n < 3) return 0;
  int np = 0;
  for (int k = 0; k < inc.n && np < max; k++) {
    double d[3], q[3];
    sn3_sub(inc.p[k], T->tri, d);
    double h = sn3_dot(d, T->tri_n);
    if (!(h < 0)) continue;
    for (int i = 0; i < 3; i++) q[i] = inc.p[k][i] - h * T->tri_n[i];
    if (!sn_triangle_strictly_inside(T->tri, q)) continue;
    sn_manifold_point *o = &out[np++];
    memcpy(o->pa, q, sizeof q);
    memcpy(o->pb, inc.p[k], sizeof o->pb);
    memcpy(o->n, T->tri_n, sizeof o->n);
    o->gap = h;
    o->id = inc.id[k];
  }
  return np;
}

void sn_contact_make(sn_contact *c, const sn_body *A, int ia, const sn_body *B, int ib, int feature, const double pa[3],
                     const double pb[3], const double n[3], double gap) {
  memset(c, 0, sizeof *c);
  c->a = ia;
  c->b = ib;
  c->feature = feature;
  for (int i = 0; i < 3; i++) c->p[i] = 0.5 * (pa[i] + pb[i]);
  sn3_sub(c->p, A->x, c->ra);
  sn3_sub(c->p, B->x, c->rb);
  memcpy(c->n, n, 3 * sizeof *n);
  sn_tangent_frame(c->n, c->t1, c->t2);
  c->gap = gap;
}

/* Two boxes that touch or overlap: the separating-axis test over their 15 axes (the 3 + 3 face
 * normals and the 9 edge-edge cross products; Gottschalk, Lin & Manocha, "OBBTree", SIGGRAPH
 * 1996), exact for the penetration of two boxes. Where several axes tie, as where cubes of a
 * stack touch along an edge only (the x and z faces of diagonal neighbours both at separation 0),
 * GJK / EPA's normal is whichever the rounding of the step favours, and the contact set flipped
 * between the two faces from step to step (a 2 x 2 x 2 block: 92 to 109 contacts, the warm start
 * lost). Here the axes are taken in a fixed order (A's faces, B's faces, then the edges) and a
 * later one wins only when it is larger by more than a relative 1e-9 (1e-6 for an edge against a
 * face): ties go to the first face. 1 with the face axis' separation (gap) and normal n (from A
 * to B); 0 when an edge-edge axis is the answer (GJK / EPA's result stands). */
static int box_box_face_axis(const sn_body *A, const sn_body *B, double *gap, double n[3]) {
  const double *ha = A->shape.half, *hb = B->shape.half;
  double ax[2][3][3], d[3];
  for (int j = 0; j < 3; j++)
    for (int i = 0; i < 3; i++) {
      ax[0][j][i] = A->R[3 * i + j];   /* body axis j in world coordinates: column j of R */
      ax[1][j][i] = B->R[3 * i + j];
    }
  sn3_sub(B->x, A->x, d);
  double scale = ha[0] + ha[1] + ha[2] + hb[0] + hb[1] + hb[2];
  double best = -INFINITY, bn[3] = {0, 0, 0};
  int face = 1;
  for (int k = 0; k < 15; k++) {
    double L[3];
    if (k < 6) {
      memcpy(L, ax[k / 3][k % 3], sizeof L);
    } else {
      sn3_cross(ax[0][(k - 6) / 3], ax[1][(k - 6) % 3], L);
      double l = sn3_norm(L);
      if (l < 1e-6) continue;   /* parallel edges: their axis is a face axis' */
      for (int i = 0; i < 3; i++) L[i] /= l;
    }
    double r = 0;
    for (int j = 0; j < 3; j++) r += ha[j] * fabs(sn3_dot(L, ax[0][j])) + hb[j] * fabs(sn3_dot(L, ax[1][j]));
    double dl = sn3_dot(L, d), sep = fabs(dl) - r;
    if (sep > best + (k < 6 || !face ? 1e-9 : 1e-6) * scale) {
      best = sep;
      face = k < 6;
      for (int i = 0; i < 3; i++) bn[i] = dl >= 0 ? L[i] : -L[i];
    }
  }
  if (!face) return 0;
  *gap = best;
  memcpy(n, bn, sizeof bn);
  return 1;
}

int sn_narrow_convex(const sn_body *A, int ia, const sn_body *B, int ib, double margin, sn_contact_list *L) {
  /* planes and meshes have their own routines (narrow_plane*.c, narrow_mesh.c) */
  sn_shape_kind ka = A->shape.kind, kb = B->shape.kind;
  if (ka == SN_SHAPE_PLANE || ka == SN_SHAPE_MESH || kb == SN_SHAPE_PLANE || kb == SN_SHAPE_MESH) return SN_ERR_ARG;
  /* bounding spheres first */
  double d[3];
  sn3_sub(B->x, A->x, d);
  if (sn3_norm(d) - A->shape.bound - B->shape.bound >= margin) return SN_OK;
  sn_support_obj oa, ob;
  sn_support_obj_body(&oa, A);
  sn_support_obj_body(&ob, B);
  double gap, n[3], pa[3], pb[3];
  sn_convex_query(&oa, &ob, &gap, n, pa, pb);
  if (gap >= margin) return SN_OK;
  sn_manifold_point pts[SN_MANIFOLD_MAX];
  int np = -1;
  /* touching or overlapping boxes: the face points along a stable face axis (none: GJK / EPA's
     result, whose witness points go with its own normal) */
  double g2, n2[3];
  if (ka == SN_SHAPE_BOX && kb == SN_SHAPE_BOX && gap <= 1e-9 * (A->shape.bound + B->shape.bound) &&
      box_box_face_axis(A, B, &g2, n2)) {
    np = sn_manifold(&oa, &ob, g2, n2, pa, pb, margin, pts);
    if (np == 1 && pts[0].id == SN_FEAT_SINGLE) np = -1;
  }
  if (np < 0) np = sn_manifold(&oa, &ob, gap, n, pa, pb, margin, pts);
  for (int k = 0; k < np; k++) {
    sn_contact c;
    sn_contact_make(&c, A, ia, B, ib, pts[k].id, pts[k].pa, pts[k].pb, pts[k].n, pts[k].gap);
    int st = sn_contact_list_push(L, &c);
    if (st != SN_OK) return st;
  }
  return SN_OK;
}
