/* Convex support objects, GJK distance, EPA penetration and contact manifolds (gjk.c, epa.c,
 * manifold.c), shared with narrow_mesh.c. Everything here works in world coordinates. */
#ifndef SN_GJK_H
#define SN_GJK_H

#include "dynamics/dyn_internal.h"

/* a convex object: a body's shape (sphere, box, capsule, cylinder, convex), or a world triangle.
 * Spheres and capsules are a core (point, segment) swept by radius: GJK runs on the cores. */
typedef struct {
  const sn_body *B;     /* NULL for a triangle */
  double tri[9];        /* triangle: world vertices (counter-clockwise about tri_n) */
  double tri_n[3];      /* triangle: unit normal */
  double radius;        /* sphere, capsule: the core's margin; 0 otherwise */
} sn_support_obj;

void sn_support_obj_body(sn_support_obj *o, const sn_body *B);
void sn_support_obj_triangle(sn_support_obj *o, const double a[3], const double b[3], const double c[3], const double n[3]);
/* world support point along world direction d: of the core (full = 0) or of the whole shape */
void sn_support_world(const sn_support_obj *o, const double d[3], int full, double out[3]);
/* a size of the object (bounding radius), for relative tolerances */
double sn_support_scale(const sn_support_obj *o);

#define SN_GJK_MAX_ITER 64
#define SN_EPA_MAX_ITER 64

typedef struct {
  double dist;          /* distance between the objects (0 when they touch or overlap) */
  double pa[3], pb[3];  /* closest points, world */
  int n;                /* final simplex: n points w = a - b with their support points a, b */
  double w[4][3], a[4][3], b[4][3];
  int overlap;          /* the origin lies in the final simplex */
} sn_gjk_out;

/* GJK distance (Gilbert, Johnson & Keerthi 1988; the closest point of the simplex by Voronoi
 * regions as in Ericson 2005, ch. 9.5; termination by van den Bergen 2003's relative test) */
void sn_gjk(const sn_support_obj *A, const sn_support_obj *B, int full, sn_gjk_out *o);
/* EPA (van den Bergen 2001) from a GJK simplex (of the cores, full = 0, or of the whole shapes)
 * that encloses the origin: penetration depth >= 0, unit normal n from A to B, witness points.
 * SN_OK, or SN_ERR_ARG when the polytope degenerates (flat Minkowski difference of two cores:
 * the caller falls back) */
int sn_epa(const sn_support_obj *A, const sn_support_obj *B, const sn_gjk_out *g, int full, double n[3], double *depth,
           double pa[3], double pb[3]);

/* the signed distance of two convex objects: gap (negative: penetration), unit normal n from A
 * to B, closest / witness points pa on A and pb on B. Never NaN. */
void sn_convex_query(const sn_support_obj *A, const sn_support_obj *B, double *gap, double n[3], double pa[3], double pb[3]);

/* feature ids of manifold points: an incident vertex keeps its id (box corner bits, hull vertex
 * index < 2^20, cylinder rim point); a point made by clipping is SN_FEAT_CLIPPED | reference side
 * << 8 | the clipped edge's first vertex id (low 8 bits); SN_FEAT_REF_B marks B's face as the
 * reference; SN_FEAT_SINGLE is the one point of a curved or edge contact */
#define SN_FEAT_CLIPPED (1 << 20)
#define SN_FEAT_SINGLE (1 << 23)
#define SN_FEAT_REF_B (1 << 24)

/* one contact point of a manifold */
typedef struct {
  double pa[3], pb[3], n[3], gap;
  int id;
} sn_manifold_point;

#define SN_MANIFOLD_MAX 4
/* contact points of two convex objects whose signed distance (gap, n, pa, pb) is known: face
 * clipping (Sutherland-Hodgman) when a flat feature faces the other object, reduced to 4 points;
 * a single point otherwise. Returns the number of points (0 .. 4) with gap < margin. */
int sn_manifold(const sn_support_obj *A, const sn_support_obj *B, double gap, const double n[3], const double pa[3],
                const double pb[3], double margin, sn_manifold_point out[SN_MANIFOLD_MAX]);

/* the flat-feature angle: a face whose normal is within ~10 degrees of the contact normal */
#define SN_COS_FACE 0.985
/* the reference face is the triangle T (its normal tri_n), the incident feature B's: clipped
 * points with gap < margin, at most 4; points made by clipping against a triangle side s with
 * bit s of drop_sides set are left out (internal edges of a mesh). -1 when B's feature is a
 * point (a capsule's end, a tilted cylinder's rim point): the caller takes GJK's point. */
int sn_manifold_triangle(const sn_support_obj *T, const sn_support_obj *B, double margin, int drop_sides,
                         sn_manifold_point out[SN_MANIFOLD_MAX]);
/* The vertices of B's flat feature facing triangle T (B's face or edge most opposed to T's
 * normal) that lie below T's plane and inside T's outline: face points of T's normal, gap the
 * (negative) height, id the vertex's, at most max of them; 0 for a curved B. A triangle of a mesh
 * bounds the solid below it: a vertex under it is inside even where B does not cross the
 * triangle itself (B's crossing of the surface lies over a coplanar neighbour). */
int sn_manifold_triangle_below(const sn_support_obj *T, const sn_support_obj *B, sn_manifold_point *out, int max);
/* 1 if point q (on the plane of triangle tri: 3 vertices) lies inside it, clear of its sides
 * (barycentric coordinates > 1e-9) */
int sn_triangle_strictly_inside(const double tri[9], const double q[3]);
/* barycentric weights of the point of triangle (a, b, c) closest to the origin (Ericson 2005,
 * 5.1.5): 1, 2 or 3 of them non-zero for a vertex, edge or face region */
void sn_closest_triangle_origin(const double a[3], const double b[3], const double c[3], double lam[3]);

/* at most 4 of n points with normal nrm kept at the front of P (the deepest, then the largest
 * area); returns their number */
int sn_manifold_reduce(sn_manifold_point *P, int n, const double nrm[3]);

/* a contact from two points, a normal and a gap (point midway between pa and pb) */
void sn_contact_make(sn_contact *c, const sn_body *A, int ia, const sn_body *B, int ib, int feature, const double pa[3],
                     const double pb[3], const double n[3], double gap);

#endif
