/* *CONTACT PAIR, ADJUST= (CalculiX manual, *CONTACT PAIR): at the start of the analysis the
 * slave nodes within the distance ADJUST of the master surface (gap <= ADJUST, overclosed ones
 * included), or those of the node set ADJUST=, are moved along the master's normal onto it:
 * x_s <- x_s - gap n. The mesh changes, no strain or force comes with it. */
#include "analysis/contact_internal.h"

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
  int st = sn_contact_detect(m, NULL, L, &pts, &np, msg, msglen);
  if (st) return st;
  for (int q = 0; q < np; q++) {
    const sn_contact_point *p = &pts[q];
    const sn_contact_pair *P = &m->pairs[p->pair];
    int move = P->adjust_set >= 0 ? in_set(m, P->adjust_set, p->slave_node) : (P->adjust > 0 && p->gap <= P->adjust);
    if (!move) continue;
    for (int c = 0; c < 3; c++) m->x[3 * p->slave_node + c] -= p->gap * p->normal[c];
  }
  sn_contact_points_free(pts);
  return SN_OK;
}
