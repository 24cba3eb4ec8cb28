/* The contact Jacobian H and the gap vector w of the global problem (M v = H r + f,
 * u = H^T v + w): column block k of H maps the global displacements to the local relative
 * displacement of contact point k, [n; t1; t2] . (u_slave - sum_a N_a u_a), normal first
 * (the linearised normal gap and tangential slip of node-to-segment contact: Wriggers,
 * "Computational Contact Mechanics", 2nd ed., sec. 9.1); for a mortar point (SURFACE TO SURFACE,
 * nterm > 0) the frame vectors times the row's coefficients (D_jk, -M_jl) / W_j (mortar.c). */
#include <stdlib.h>

#include "contact/contact_internal.h"

int sn_contact_H(const sn_model *m, const sn_contact_point *pts, int npts, sn_csc **H)
{
  if (H) *H = NULL;
  if (!m || !H || npts < 0 || (npts > 0 && !pts)) return SN_ERR_ARG;
  int ndf = m->ndf, dim = ndf;
  if (ndf != 2 && ndf != 3) return SN_ERR_ARG;
  if (m->nnodes > 0 && (long)m->nnodes * ndf > 0x7fffffffL) return SN_ERR_ARG;
  if ((long)npts * dim > 0x7fffffffL) return SN_ERR_ARG;
  int ndof = ndf * m->nnodes;
  long cap = 0;
  for (int k = 0; k < npts; k++) {
    const sn_contact_point *p = &pts[k];
    if (p->nterm < 0 || p->nterm > SN_MORTAR_MAXTERM) return SN_ERR_ARG;
    if (p->nterm > 0) {   /* a mortar row */
      for (int t = 0; t < p->nterm; t++)
        if (p->term_node[t] < 0 || p->term_node[t] >= m->nnodes) return SN_ERR_ARG;
      cap += (long)dim * ndf * p->nterm;
      continue;
    }
    if (p->slave_dof_node < 0 || p->slave_dof_node >= m->nnodes || p->nmaster < 1 ||
        p->nmaster > SN_CONTACT_MAXFN)
      return SN_ERR_ARG;
    for (int a = 0; a < p->nmaster; a++)
      if (p->master_dof_nodes[a] < 0 || p->master_dof_nodes[a] >= m->nnodes) return SN_ERR_ARG;
    cap += (long)dim * ndf * (1 + p->nmaster);
  }
  if (cap > 0x7fffffffL) return SN_ERR_NOMEM;
  size_t c = (size_t)(cap > 0 ? cap : 1);
  int *ri = malloc(c * sizeof *ri), *ci = malloc(c * sizeof *ci);
  double *v = malloc(c * sizeof *v);
  if (!ri || !ci || !v) {
    free(ri), free(ci), free(v);
    return SN_ERR_NOMEM;
  }
  int nz = 0, tn[SN_MORTAR_MAXTERM];
  double tc[SN_MORTAR_MAXTERM];
  for (int k = 0; k < npts; k++) {
    const sn_contact_point *p = &pts[k];
    int nt = sn_contact_point_terms(p, tn, tc);
    for (int j = 0; j < dim; j++) {
      const double *d = j == 0 ? p->normal : j == 1 ? p->t1 : p->t2;
      int col = dim * k + j;
      for (int comp = 0; comp < ndf; comp++) {
        if (d[comp] == 0) continue;
        for (int t = 0; t < nt; t++)
          if (tc[t] != 0) ri[nz] = ndf * tn[t] + comp, ci[nz] = col, v[nz++] = tc[t] * d[comp];
      }
    }
  }
  int r = sn_csc_from_triplets(ndof, dim * npts, nz, ri, ci, v, H);
  free(ri), free(ci), free(v);
  return r;
}

void sn_contact_w(int dim, const sn_contact_point *pts, int npts, double *w)
{
  if (!pts || !w || dim < 2 || dim > 3) return;
  for (int k = 0; k < npts; k++) {
    w[dim * k] = pts[k].gap;
    for (int j = 1; j < dim; j++) w[dim * k + j] = 0;
  }
}

int sn_contact_point_terms(const sn_contact_point *p, int *node, double *coef)
{
  if (p->nterm > 0) {   /* mortar: (D_j. - M_j.) / W_j */
    for (int t = 0; t < p->nterm; t++) node[t] = p->term_node[t], coef[t] = p->term_coef[t];
    return p->nterm;
  }
  int n = 0;
  node[n] = p->slave_dof_node, coef[n++] = 1.0;
  if (p->master_kind == SN_MASTER_RIGID) {   /* sum_a N_a = 1: the reference node */
    node[n] = p->master_dof_nodes[0], coef[n++] = -1.0;
    return n;
  }
  for (int a = 0; a < p->nmaster; a++)
    if (p->shape[a] != 0) node[n] = p->master_dof_nodes[a], coef[n++] = -p->shape[a];
  return n;
}

