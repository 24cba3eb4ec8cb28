/* CalculiX' CDIS (relative contact displacement): the gap and the tangential relative
 * displacement accumulated while the slave node is in contact. ccx 2.20 prints the whole
 * tangential displacement, not the increment's (its test deck fricloop: CSLIP2 = 9.99e-2 at the
 * end of a step that slid the cube by 0.1 in increments of 1.5e-3 and less), and in stick under a
 * stick slope CSTR tang = slope x CDIS tang (friction1). Kept per slave node as a global vector
 * (the increments' slips added, each in its own tangent plane), reset when the node is open
 * (r_n = 0) at the end of an increment; written projected on the point's current tangents. */
#include "analysis/contact_internal.h"

#include <stdlib.h>
#include <string.h>

int sn_contact_cdis(const sn_cstate *cs, int dim, int nnodes, double *tot, double **out)
{
  unsigned char *closed = calloc((size_t)nnodes + 1, 1);
  double *o = realloc(*out, sizeof(double) * ((size_t)dim * cs->np + 1));
  if (!closed || !o) { free(closed); if (o) *out = o; return SN_ERR_NOMEM; }
  *out = o;
  for (int q = 0; q < cs->np; q++) {
    const sn_contact_point *p = &cs->pts[q];
    const double *ul = cs->uloc + dim * q;
    if (!(cs->r[dim * q] > 0) || closed[p->slave_node]) continue;
    closed[p->slave_node] = 1;   /* a node's first closed point (one per node and pair) */
    for (int c = 0; c < 3; c++) tot[3 * p->slave_node + c] += ul[1] * p->t1[c] + (dim == 3 ? ul[2] * p->t2[c] : 0.0);
  }
  for (int i = 0; i < nnodes; i++)
    if (!closed[i]) tot[3 * i] = tot[3 * i + 1] = tot[3 * i + 2] = 0.0;
  for (int q = 0; q < cs->np; q++) {
    const sn_contact_point *p = &cs->pts[q];
    const double *g = tot + 3 * p->slave_node;
    o[dim * q] = cs->uloc[dim * q];
    o[dim * q + 1] = g[0] * p->t1[0] + g[1] * p->t1[1] + g[2] * p->t1[2];
    if (dim == 3) o[dim * q + 2] = g[0] * p->t2[0] + g[1] * p->t2[1] + g[2] * p->t2[2];
  }
  free(closed);
  return SN_OK;
}
