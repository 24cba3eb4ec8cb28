/* *CONTACT PAIR, ADJUST= (CalculiX manual, *CONTACT PAIR): at the start of the analysis the
 * slave nodes within the distance ADJUST of the master surface (gap <= ADJUST, overclosed ones
 * included), or those of the node set ADJUST=, are moved along the master's normal onto it:
 * x_s <- x_s - gap n. The mesh changes, no strain or force comes with it. A SURFACE TO SURFACE
 * pair's slave node moves by its closest-point projection, when that is a normal one. */
#include "analysis/contact_internal.h"

#include <math.h>
#include <stdlib.h>

static int in_set(const sn_model *m, int set, int node)
{
  const sn_set *S = &m->sets[set];
  for (int i = 0; i < S->n; i++)
    if (S->items[i] == node) return 1;
  return 0;
}

int sn_contact_adjust(sn_model *m, char *msg, size_t msglen)
{
  int any = 0;
  for (int k = 0; k < m->npairs; k++) any |= m->pairs[k].adjust > 0 || m->pairs[k].adjust_set >= 0;
  if (!any) return SN_OK;
  sn_contact_point *pts = NULL;
  int np = 0;
  double lo[3] = {0, 0, 0}, hi[3] = {0, 0, 0}, L = 0;
  for (int i = 0; i < m->nnodes; i++)
    for (int c = 0; c < 3; c++) {
      double v = m->x[3 * i + c];
      if (i == 0 || v < lo[c]) lo[c] = v;
      if (i == 0 || v > hi[c]) hi[c] = v;
    }
  for (int c = 0; c < 3; c++) L = hi[c] - lo[c] > L ? hi[c] - lo[c] : L;
  int st = sn_contact_detect_nodes(m, NULL, L, &pts, &np, msg, msglen);
  if (st) return st;
  for (int q = 0; q < np; q++) {
    const sn_contact_point *p = &pts[q];
    if (p->pair < 0) continue;                        /* a GAPUNI element: not a pair's, never adjusted */
    const sn_contact_pair *P = &m->pairs[p->pair];
    /* a mortar point (SURFACE TO SURFACE) carries a weighted gap; the node itself moves by its own
     * closest-point projection (x_master, kept in the point), the signed distance to it as its gap */
    double d[3], gap = p->gap;
    for (int c = 0; c < 3; c++) d[c] = p->gap * p->normal[c];
    if (p->nterm > 0) {
      if (p->nmaster == 0) continue;
      double dn = 0, dt = 0;
      for (int c = 0; c < 3; c++) d[c] = p->x_slave[c] - p->x_master[c], dn += d[c] * p->normal[c];
      for (int c = 0; c < 3; c++) dt += (d[c] - dn * p->normal[c]) * (d[c] - dn * p->normal[c]);
      /* a node beside the master surface (its closest point on the surface's border, away from
       * the normal) is not over it: not moved (thread: a nut node 0.2 beside the flange's edge
       * was pulled sideways onto it, inverting its element) */
      if (p->on_boundary && sqrt(dt) > 1e-6 * (p->dist + 1e-300)) continue;
      gap = dn < 0 ? -p->dist : p->dist;
    }
    int move = P->adjust_set >= 0 ? in_set(m, P->adjust_set, p->slave_node) : (P->adjust > 0 && gap <= P->adjust);
    if (!move) continue;
    for (int c = 0; c < 3; c++) m->x[3 * p->slave_node + c] -= d[c];
  }
  sn_contact_points_free(pts);
  return SN_OK;
}
