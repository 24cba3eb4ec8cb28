/* The tangential history of face-to-face penalty points (face_penalty.c) in the penalty Newton
 * loop. A node-to-surface point keeps its slave node, so the converged tangential force of the
 * last increment is kept per node (lam_t, contact_penalty.c). The integration points of a cut
 * slave face are made anew in every increment (the pieces follow the master faces under it), so
 * their history is kept per point of the last converged increment instead: its pair, its slave
 * face (element and face number), its natural coordinates on that face and its tangential
 * traction (force per area, global components). A new point takes the traction of the old point
 * of its face nearest to it in those coordinates, times its own weight: where the cut has not
 * changed (stick, no sliding across master edges) every point finds itself and the history is
 * carried exactly; where it has, the transfer is piecewise constant over the old points, each
 * within a piece of a seventh of a fan triangle. A face with no old point (a face just come into
 * contact) starts from zero, as a node does. (The transfer of state between changing
 * integration points by the closest old point: Wriggers, "Computational Contact Mechanics", 2nd
 * ed., sec. 9.5.)
 *
 * Between a step solved on mortar rows (LAGRANGE, INTERIOR: lam_t the nodal forces) and a step
 * of the penalty loop, the history goes through the nodes both ways, in the mortar rows' own
 * multiplier basis Phi (mortar.c: the face's shape functions, modified on TRI6 and QUAD8 faces,
 * whose corner integrals of N are 0 and -A/12): the face points' forces lumped to the slave
 * face's nodes, f_j = sum_p Phi_j(p) f_t(p) (what a mortar row's multiplier is), and back as
 * the traction f_j / A_j, A_j = sum_p Phi_j(p) w_p (> 0), interpolated at each point by Phi (a
 * partition of unity: a uniform traction is kept exactly). With N instead a C3D10 block held
 * across an INTERIOR step and a penalty step had its shear jump 18 times (A_j of the corners
 * zero to round-off), a C3D20 one by 5 % (found by a review). */
#include "analysis/contact_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

struct sn_face_hist {
  int n;
  sn_face_hist_pt *pt;      /* sorted by (pair, element, face) */
};

static int key_cmp(const sn_face_hist_pt *a, int pair, int elem, int side)
{
  if (a->pair != pair) return a->pair < pair ? -1 : 1;
  if (a->elem != elem) return a->elem < elem ? -1 : 1;
  if (a->side != side) return a->side < side ? -1 : 1;
  return 0;
}

static int pt_cmp(const void *x, const void *y)
{
  const sn_face_hist_pt *a = x, *b = y;
  return key_cmp(a, b->pair, b->elem, b->side);
}

/* the multiplier basis at face point p over its slave terms (sn_mortar_basis) */
static void phi(const sn_contact_point *p, double *P) { sn_mortar_basis(p->nslave, p->term_coef, P); }

static int usable(const sn_contact_point *p)
{
  return p->face_point && p->nslave > 0 && p->nslave <= SN_CONTACT_MAXFN && p->area > 0;
}

void sn_face_hist_free(sn_face_hist *h)
{
  if (!h) return;
  free(h->pt);
  free(h);
}

void sn_face_history_force(const sn_face_hist *h, const double *tnode, const sn_contact_point *p,
                           const double *lam_t, double g[3])
{
  if (!p->face_point) {
    for (int c = 0; c < 3; c++) g[c] = lam_t[3 * p->slave_node + c];
    return;
  }
  g[0] = g[1] = g[2] = 0.0;
  if (!usable(p)) return;
  if (!h) {                                       /* from the nodes (a step on mortar rows) */
    if (!tnode) return;
    double P[SN_CONTACT_MAXFN];
    phi(p, P);
    for (int t = 0; t < p->nslave; t++)
      for (int c = 0; c < 3; c++) g[c] += P[t] * tnode[3 * p->term_node[t] + c];
    for (int c = 0; c < 3; c++) g[c] *= p->area;
    return;
  }
  int lo = 0, hi = h->n;                          /* the first old point of p's face */
  while (lo < hi) {
    int mid = lo + (hi - lo) / 2;
    if (key_cmp(&h->pt[mid], p->pair, p->face_elem, p->face_side) < 0) lo = mid + 1;
    else hi = mid;
  }
  int best = -1;
  double dbest = 0.0;
  for (int k = lo; k < h->n && key_cmp(&h->pt[k], p->pair, p->face_elem, p->face_side) == 0; k++) {
    double d0 = h->pt[k].xi[0] - p->face_xi[0], d1 = h->pt[k].xi[1] - p->face_xi[1], d = d0 * d0 + d1 * d1;
    if (best < 0 || d < dbest) best = k, dbest = d;
  }
  if (best >= 0)
    for (int c = 0; c < 3; c++) g[c] = h->pt[best].t[c] * p->area;
}

int sn_face_history_store(const sn_cstate *cs, int ndf, sn_face_hist **hp, double *lam_t)
{
  int n = 0;
  for (int q = 0; q < cs->np; q++) n += usable(&cs->pts[q]);
  if (n == 0) {
    sn_face_hist_free(*hp);
    *hp = NULL;
    return SN_OK;
  }
  if (!*hp && !(*hp = calloc(1, sizeof **hp))) return SN_ERR_NOMEM;
  sn_face_hist *h = *hp;
  sn_face_hist_pt *pt = malloc(sizeof *pt * ((size_t)n + 1));
  if (!pt) return SN_ERR_NOMEM;
  /* a node that is also the slave node of a node-to-surface point keeps that point's own force
     (stored in lam_t by the caller): the lumped face forces go to the other nodes only */
  int maxnode = -1;
  for (int q = 0; q < cs->np; q++) {
    const sn_contact_point *p = &cs->pts[q];
    if (!p->face_point) maxnode = p->slave_node > maxnode ? p->slave_node : maxnode;
    else if (usable(p))
      for (int t = 0; t < p->nslave; t++) maxnode = p->term_node[t] > maxnode ? p->term_node[t] : maxnode;
  }
  unsigned char *own = calloc((size_t)maxnode + 2, 1);
  if (!own) { free(pt); return SN_ERR_NOMEM; }
  for (int q = 0; q < cs->np; q++)
    if (!cs->pts[q].face_point && cs->pts[q].slave_node >= 0) own[cs->pts[q].slave_node] = 1;
  int k = 0;
  for (int q = 0; q < cs->np; q++) {             /* the face points' nodes: lumped forces */
    const sn_contact_point *p = &cs->pts[q];
    if (usable(p))
      for (int t = 0; t < p->nslave; t++)
        if (!own[p->term_node[t]]) memset(lam_t + 3 * p->term_node[t], 0, 3 * sizeof(double));
  }
  for (int q = 0; q < cs->np; q++) {
    const sn_contact_point *p = &cs->pts[q];
    if (!usable(p)) continue;
    double f[3];
    tangential_global(p, cs->r + ndf * q, ndf, f);
    sn_face_hist_pt *a = &pt[k++];
    a->pair = p->pair, a->elem = p->face_elem, a->side = p->face_side;
    a->xi[0] = p->face_xi[0], a->xi[1] = p->face_xi[1];
    for (int c = 0; c < 3; c++) a->t[c] = f[c] / p->area;
    double P[SN_CONTACT_MAXFN];
    phi(p, P);
    for (int t = 0; t < p->nslave; t++)
      if (!own[p->term_node[t]])
        for (int c = 0; c < 3; c++) lam_t[3 * p->term_node[t] + c] += P[t] * f[c];
  }
  free(own);
  qsort(pt, (size_t)n, sizeof *pt, pt_cmp);
  free(h->pt);
  h->pt = pt;
  h->n = n;
  return SN_OK;
}

int sn_face_history_nodal(const sn_cstate *cs, int nnodes, const double *lam_t, double **tnode)
{
  *tnode = NULL;
  int any = 0;
  for (int q = 0; q < cs->np && !any; q++) any = usable(&cs->pts[q]);
  if (!any) return SN_OK;
  double *A = calloc((size_t)nnodes + 1, sizeof(double)), *T = calloc(3 * (size_t)nnodes + 1, sizeof(double));
  if (!A || !T) { free(A); free(T); return SN_ERR_NOMEM; }
  for (int q = 0; q < cs->np; q++) {
    const sn_contact_point *p = &cs->pts[q];
    if (!usable(p)) continue;
    double P[SN_CONTACT_MAXFN];
    phi(p, P);
    for (int t = 0; t < p->nslave; t++) A[p->term_node[t]] += P[t] * p->area;
  }
  double amax = 0.0;
  for (int j = 0; j < nnodes; j++) amax = fmax(amax, fabs(A[j]));
  for (int j = 0; j < nnodes; j++)
    if (A[j] > 1e-12 * amax)
      for (int c = 0; c < 3; c++) T[3 * j + c] = lam_t[3 * j + c] / A[j];
  free(A);
  *tnode = T;
  return SN_OK;
}
