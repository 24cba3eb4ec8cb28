/* Narrow phase: the contacts of one candidate pair, dispatched on the two shape kinds, and the
 * detection of a whole step (broad phase, narrow phase, contact laws). Analytic routines for the
 * pairs that have a closed form (narrow_plane.c, narrow_plane_convex.c: a plane against every
 * shape; narrow_sphere.c: a sphere against sphere, box, capsule, cylinder; narrow_capsule.c:
 * capsule-capsule); GJK/EPA (gjk.c) for the other convex pairs; narrow_mesh.c for static
 * triangle meshes. */
#include <math.h>

#include "dynamics/gjk.h"
#include "dynamics/narrow_pairs.h"

void sn_tangent_frame(const double n[3], double t1[3], double t2[3]) {
  /* t1 orthogonal to n, from the axis least aligned with n (Frisvad-like, branch on |n_x|) */
  double a[3] = {0, 0, 0};
  if (fabs(n[0]) < 0.57735) a[0] = 1;
  else if (fabs(n[1]) < 0.57735) a[1] = 1;
  else a[2] = 1;
  sn3_cross(n, a, t1);
  double l = sn3_norm(t1);
  for (int i = 0; i < 3; i++) t1[i] /= l;
  sn3_cross(n, t1, t2);
}

/* fill (sn_contact_make, manifold.c) and append a contact from the closest points pa (on A) and
 * pb (on B), unit normal n (A to B), gap */
int sn_contact_add(sn_contact_list *L, const sn_body *A, int ia, const sn_body *B, int ib, int feature,
                   const double pa[3], const double pb[3], const double n[3], double gap) {
  sn_contact c;
  sn_contact_make(&c, A, ia, B, ib, feature, pa, pb, n, gap);
  return sn_contact_list_push(L, &c);
}

typedef int (*pair_fn)(const sn_body *, int, const sn_body *, int, double, sn_contact_list *);

/* the analytic routine of a pair of kinds in its argument order (NULL: none) */
static pair_fn analytic(sn_shape_kind ka, sn_shape_kind kb) {
  if (ka == SN_SHAPE_PLANE) {
    switch (kb) {
    case SN_SHAPE_SPHERE: return sn_narrow_plane_sphere;
    case SN_SHAPE_BOX: return sn_narrow_plane_box;
    case SN_SHAPE_CAPSULE: return sn_narrow_plane_capsule;
    case SN_SHAPE_CYLINDER: return sn_narrow_plane_cylinder;
    case SN_SHAPE_CONVEX: return sn_narrow_plane_convex;
    default: return NULL;
    }
  }
  if (kb == SN_SHAPE_SPHERE) {
    switch (ka) {
    case SN_SHAPE_SPHERE: return sn_narrow_sphere_sphere;
    case SN_SHAPE_BOX: return sn_narrow_box_sphere;
    case SN_SHAPE_CAPSULE: return sn_narrow_capsule_sphere;
    case SN_SHAPE_CYLINDER: return sn_narrow_cylinder_sphere;
    default: return NULL;
    }
  }
  if (ka == SN_SHAPE_CAPSULE && kb == SN_SHAPE_CAPSULE) return sn_narrow_capsule_capsule;
  return NULL;
}

int sn_narrow(const sn_body *A, int ia, const sn_body *B, int ib, double margin, sn_contact_list *L) {
  sn_shape_kind ka = A->shape.kind, kb = B->shape.kind;
  int sa = ka == SN_SHAPE_PLANE || ka == SN_SHAPE_MESH, sb = kb == SN_SHAPE_PLANE || kb == SN_SHAPE_MESH;
  if (sa && sb) return SN_OK;   /* two static shapes never meet in the problem */
  pair_fn f = analytic(ka, kb);
  if (f) return f(A, ia, B, ib, margin, L);
  if ((f = analytic(kb, ka))) return f(B, ib, A, ia, margin, L);
  /* a plane or a mesh is the "a" side (normal away from it) */
  if (ka == SN_SHAPE_MESH) return sn_narrow_mesh(B, ib, A, ia, margin, L);
  if (kb == SN_SHAPE_MESH) return sn_narrow_mesh(A, ia, B, ib, margin, L);
  if (kb == SN_SHAPE_PLANE) return sn_narrow_convex(B, ib, A, ia, margin, L);
  return sn_narrow_convex(A, ia, B, ib, margin, L);
}

int sn_narrow_watch(const sn_body *A, int ia, const sn_body *B, int ib, double margin, sn_contact_list *L) {
  sn_shape_kind ka = A->shape.kind, kb = B->shape.kind;
  if (ka == SN_SHAPE_PLANE && kb == SN_SHAPE_CONVEX) return sn_narrow_plane_convex_all(A, ia, B, ib, margin, L);
  if (kb == SN_SHAPE_PLANE && ka == SN_SHAPE_CONVEX) return sn_narrow_plane_convex_all(B, ib, A, ia, margin, L);
  return sn_narrow(A, ia, B, ib, margin, L);
}

int sn_detect(sn_scene *S, double margin) {
  /* the previous step's contacts move to S->prev (warm start by identity) */
  sn_contact_list t = S->prev;
  S->prev = S->contacts;
  S->contacts = t;
  S->contacts.n = 0;
  const int *pairs;
  int np, st = sn_broadphase(S, margin, &pairs, &np);
  if (st != SN_OK) return st;
  for (int k = 0; k < np; k++) {
    int i = pairs[2 * k], j = pairs[2 * k + 1];
    int n0 = S->contacts.n;
    if ((st = sn_narrow(&S->b[i], i, &S->b[j], j, margin, &S->contacts)) != SN_OK) return st;
    for (int m = n0; m < S->contacts.n; m++) {
      sn_contact *c = &S->contacts.c[m];
      sn_scene_law(S, c->a, c->b, &c->mu, &c->e);
    }
  }
  return SN_OK;
}
