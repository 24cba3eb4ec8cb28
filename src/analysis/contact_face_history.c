/* The tangential history of face-to-face penalty points (face_penalty.c) in the penalty Newton
 * loop. A node-to-surface point keeps its slave node, so the converged tangential force of the
 * last increment is kept per node (lam_t, contact_penalty.c). The integration points of a cut
 * slave face are made anew at every detection (the pieces follow the master faces under it), so
 * their history is kept per point of the last converged increment instead: its slave face (the
 * face's nodes), its place on the face (the face's shape functions N there) and its tangential
 * traction (force per area, global components). A new point takes the traction of the old point
 * of its face nearest to it in N, times its own weight: where the cut has not changed (stick,
 * no sliding across master edges) every point finds itself and the history is carried exactly;
 * where it has, the transfer is piecewise constant over the old points, each within a piece of
 * a seventh of a fan triangle. A face with no old point (a face just come into contact) starts
 * from zero, as a node does. (The transfer of state between changing integration points by the
 * closest old point: Wriggers, "Computational Contact Mechanics", 2nd ed., sec. 9.5; CalculiX
 * keeps its face-to-face friction state per integration point of the slave face as well.) */
#include "analysis/contact_internal.h"

#include <stdlib.h>
#include <string.h>

struct sn_face_hist {
  int n;
  sn_face_hist_pt *pt;      /* sorted by face (nslave, then the nodes) */
};

static int face_cmp(const sn_face_hist_pt *a, int nb, const int *nodes)
{
  if (a->nslave != nb) return a->nslave < nb ? -1 : 1;
  for (int t = 0; t < nb; t++)
    if (a->node[t] != nodes[t]) return a->node[t] < nodes[t] ? -1 : 1;
  return 0;
}

static int pt_cmp(const void *x, const void *y)
{
  const sn_face_hist_pt *a = x, *b = y;
  return face_cmp(a, b->nslave, b->node);
}

static int usable(const sn_contact_point *p)
{
  return p->face_point && p->nslave > 0 && p->nslave <= SN_CONTACT_MAXFN;
}

void sn_face_hist_free(sn_face_hist *h)
{
  if (!h) return;
  free(h->pt);
  free(h);
}

void sn_face_history_force(const sn_face_hist *h, const sn_contact_point *p, const double *lam_t, double g[3])
{
  if (!p->face_point) {
    for (int c = 0; c < 3; c++) g[c] = lam_t[3 * p->slave_node + c];
    return;
  }
  g[0] = g[1] = g[2] = 0.0;
  if (!h || h->n == 0 || !usable(p)) return;
  int lo = 0, hi = h->n;                          /* the first old point of p's face */
  while (lo < hi) {
    int mid = lo + (hi - lo) / 2;
    if (face_cmp(&h->pt[mid], p->nslave, p->term_node) < 0) lo = mid + 1;
    else hi = mid;
  }
  int best = -1;
  double dbest = 0.0;
  for (int k = lo; k < h->n && face_cmp(&h->pt[k], p->nslave, p->term_node) == 0; k++) {
    double d = 0.0;
    for (int t = 0; t < p->nslave; t++) d += (h->pt[k].N[t] - p->term_coef[t]) * (h->pt[k].N[t] - p->term_coef[t]);
    if (best < 0 || d < dbest) best = k, dbest = d;
  }
  if (best >= 0)
    for (int c = 0; c < 3; c++) g[c] = h->pt[best].t[c] * p->area;
}

int sn_face_history_store(const sn_cstate *cs, int ndf, sn_face_hist **hp)
{
  int n = 0;
  for (int q = 0; q < cs->np; q++) n += usable(&cs->pts[q]) && cs->pts[q].area > 0;
  if (!*hp && n == 0) return SN_OK;
  if (!*hp && !(*hp = calloc(1, sizeof **hp))) return SN_ERR_NOMEM;
  sn_face_hist *h = *hp;
  sn_face_hist_pt *pt = malloc(sizeof *pt * ((size_t)n + 1));
  if (!pt) return SN_ERR_NOMEM;
  int k = 0;
  for (int q = 0; q < cs->np; q++) {
    const sn_contact_point *p = &cs->pts[q];
    if (!usable(p) || !(p->area > 0)) continue;
    const double *r = cs->r + ndf * q;
    sn_face_hist_pt *a = &pt[k++];
    memset(a, 0, sizeof *a);
    a->nslave = p->nslave;
    for (int t = 0; t < p->nslave; t++) a->node[t] = p->term_node[t], a->N[t] = p->term_coef[t];
    for (int c = 0; c < 3; c++) a->t[c] = (r[1] * p->t1[c] + (ndf == 3 ? r[2] * p->t2[c] : 0.0)) / p->area;
  }
  qsort(pt, (size_t)n, sizeof *pt, pt_cmp);
  free(h->pt);
  h->pt = pt;
  h->n = n;
  return SN_OK;
}
