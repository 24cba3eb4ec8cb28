/* Narrow phase: the contacts of one candidate pair, dispatched on the two shape kinds, and the
 * detection of a whole step (broad phase, narrow phase, contact laws). Analytic routines for the
 * pairs that have a closed form; GJK/EPA (gjk.c) for the other convex pairs; narrow_mesh.c for
 * static triangle meshes. */
#include <math.h>
#include <string.h>

#include "dynamics/dyn_internal.h"

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

/* fill a contact from the closest points pa (on A) and pb (on B), unit normal n (A to B), gap */
static void contact_fill(sn_contact *c, const sn_body *A, int ia, const sn_body *B, int ib, int feature,
                         const double pa[3], const double pb[3], const double n[3], double gap) {
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

static int sphere_sphere(const sn_body *A, int ia, const sn_body *B, int ib, double margin, sn_contact_list *L) {
  double d[3];
  sn3_sub(B->x, A->x, d);
  double l = sn3_norm(d), ra = A->shape.radius, rb = B->shape.radius;
  double gap = l - ra - rb;
  if (gap >= margin) return SN_OK;
  double n[3] = {0, 0, 1};
  if (l > 0)
    for (int i = 0; i < 3; i++) n[i] = d[i] / l;
  double pa[3], pb[3];
  for (int i = 0; i < 3; i++) {
    pa[i] = A->x[i] + ra * n[i];
    pb[i] = B->x[i] - rb * n[i];
  }
  sn_contact c;
  contact_fill(&c, A, ia, B, ib, 0, pa, pb, n, gap);
  return sn_contact_list_push(L, &c);
}

/* plane P (solid below, normal = its body z) against sphere B; the normal points from P to B */
static int plane_sphere(const sn_body *P, int ip, const sn_body *B, int ib, double margin, sn_contact_list *L) {
  double n[3] = {P->R[2], P->R[5], P->R[8]}, d[3];
  sn3_sub(B->x, P->x, d);
  double h = sn3_dot(n, d), r = B->shape.radius;
  double gap = h - r;
  if (gap >= margin) return SN_OK;
  double pa[3], pb[3];
  for (int i = 0; i < 3; i++) {
    pb[i] = B->x[i] - r * n[i];
    pa[i] = B->x[i] - h * n[i];
  }
  sn_contact c;
  contact_fill(&c, P, ip, B, ib, 0, pa, pb, n, gap);
  return sn_contact_list_push(L, &c);
}

int sn_narrow(const sn_body *A, int ia, const sn_body *B, int ib, double margin, sn_contact_list *L) {
  sn_shape_kind ka = A->shape.kind, kb = B->shape.kind;
  /* order so that a plane or a mesh comes first (it is the "a" side, normal away from it) */
  if ((kb == SN_SHAPE_PLANE || kb == SN_SHAPE_MESH) && !(ka == SN_SHAPE_PLANE || ka == SN_SHAPE_MESH))
    return sn_narrow(B, ib, A, ia, margin, L);
  if ((ka == SN_SHAPE_PLANE || ka == SN_SHAPE_MESH) && (kb == SN_SHAPE_PLANE || kb == SN_SHAPE_MESH))
    return SN_OK;   /* two static shapes never meet in the problem */
  if (ka == SN_SHAPE_SPHERE && kb == SN_SHAPE_SPHERE) return sphere_sphere(A, ia, B, ib, margin, L);
  if (ka == SN_SHAPE_PLANE && kb == SN_SHAPE_SPHERE) return plane_sphere(A, ia, B, ib, margin, L);
  if (ka == SN_SHAPE_MESH) return sn_narrow_mesh(B, ib, A, ia, margin, L);
  return sn_narrow_convex(A, ia, B, ib, margin, L);
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
