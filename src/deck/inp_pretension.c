/* *PRE-TENSION SECTION, SURFACE=, NODE= (CalculiX User's Manual 2.20, "*PRE-TENSION SECTION";
 * docs/deck.md, "Pre-tension sections"): a bolt cut along an element-face surface. The nodes of
 * the surface's faces are copied; the elements that own the faces take the copies (the cut), and
 * each copy b is tied to its original a by the equations (one per direction c, global
 * components)
 *     u_b,c - u_a,c - n_c u_r,1 = 0,
 * n the unit normal of the data line (pointing away from the faces' elements) and u_r,1 the first
 * dof of the reference node NODE= (made here, at the origin, when the deck does not define it: its
 * coordinates do not matter). So n . (u_b - u_a) = u_r,1 at every node of the section and the
 * tangential components stay continuous: u_r,1 is the overlap of the two sides, a *CLOAD on it the
 * total pre-tension force (tension for a positive force), a *BOUNDARY on it a prescribed
 * shortening. ELEMENT= (the beam form) and a missing normal are refused. */
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "deck/inp_internal.h"

int inp_pretension_begin(inp_rd *p)
{
  SBUF;
  sn_model *m = p->m;
  const inp_param *q;
  int r, id;
  if (inp_par(p, "ELEMENT"))
    return inp_fail(p, "*PRE-TENSION SECTION, ELEMENT= (a pre-tensioned beam element) is not supported: use SURFACE=");
  if (!(q = inp_par(p, "NODE")) || !q->val) return inp_fail(p, "*PRE-TENSION SECTION needs NODE= (the reference node)");
  if ((r = inp_get_int(p, q->val, "NODE=", 1, INT_MAX, &id))) return r;
  if (!(q = inp_par(p, "SURFACE")) || !q->val) return inp_fail(p, "*PRE-TENSION SECTION needs SURFACE= (an element-face surface)");
  if ((r = inp_surface_named(p, q->val, INP_SURF_FACES, &p->pt_surf))) return r;
  if (m->surfaces[p->pt_surf].node_based)
    return inp_fail(p, "*PRE-TENSION SECTION, SURFACE=%s: the surface must be made of element faces, not nodes", SHOW(q->raw));
  p->pt_node = inp_node_index(p, id);
  if (p->pt_node < 0) {                        /* CalculiX: its coordinates do not matter */
    double x[3] = {0, 0, 0};
    if ((r = inp_add_node(p, &id, x))) return r;
    p->pt_node = m->nnodes - 1;
  } else
    for (int e = 0; e < m->nelems; e++)
      for (int k = m->elem_ptr[e]; k < m->elem_ptr[e + 1]; k++)
        if (m->elem_conn[k] == p->pt_node)
          return inp_fail(p, "*PRE-TENSION SECTION, NODE=%d: the reference node belongs to element %d (it may belong to "
                          "no element)", id, m->elem_id[e]);
  p->pt_given = 0;
  return SN_OK;
}

/* the normal, away from the elements that own the surface's faces */
int inp_pretension_data(inp_rd *p)
{
  int r;
  if (p->ndata) return inp_fail(p, "*PRE-TENSION SECTION takes one data line (the normal)");
  if (p->nf < 2 || p->nf > 3) return inp_fail(p, "*PRE-TENSION SECTION data line: expected the normal's 2 or 3 components, found %d", p->nf);
  double n[3] = {0, 0, 0}, len = 0;
  for (int c = 0; c < p->nf; c++) {
    if (p->f[c][0] && (r = inp_get_dbl(p, p->f[c], "a normal component", &n[c]))) return r;
    len += n[c] * n[c];
  }
  if (!(len > 0)) return inp_fail(p, "*PRE-TENSION SECTION: the normal is zero");
  for (int c = 0; c < 3; c++) p->pt_n[c] = n[c] / sqrt(len);
  p->pt_given = 1;
  return SN_OK;
}

/* the cut: copies of the section's nodes into the faces' elements, and their equations */
int inp_pretension_end(inp_rd *p)
{
  sn_model *m = p->m;
  const sn_surface *sf = &m->surfaces[p->pt_surf];
  int r, ndf = p->dim3 ? 3 : 2, next = 1, file = p->kw_file, line = p->kw_line;
  if (!p->pt_given)
    return inp_fail_at(p, file, line, "*PRE-TENSION SECTION without its normal: give it on the data line (the automatic "
                       "mean normal is not supported)");
  if (p->dim3 && p->dim2) return inp_fail_at(p, file, line, "*PRE-TENSION SECTION in a model of 2D and 3D elements");
  if (!p->dim3 && fabs(p->pt_n[2]) > 1e-12) return inp_fail_at(p, file, line, "*PRE-TENSION SECTION: the normal of a 2D model has a z component");
  int *copy = malloc(sizeof(int) * ((size_t)m->nnodes + 1));
  if (!copy) return inp_nomem(p);
  for (int i = 0; i < m->nnodes; i++) {
    copy[i] = -1;
    if (m->node_id[i] >= next) next = m->node_id[i] + 1;
  }
  int nn0 = m->nnodes;
  r = SN_OK;
  for (int f = 0; f < sf->n && !r; f++) {      /* the section's nodes, each copied once */
    int e = sf->elem[f], ln[8], fn = sn_element_face_nodes(m->elem_type[e], sf->face[f], ln);
    if (fn < 0) { r = inp_fail_at(p, file, line, "*PRE-TENSION SECTION: element %d has no face %d", m->elem_id[e], sf->face[f]); break; }
    for (int k = 0; k < fn && !r; k++) {
      int a = m->elem_conn[m->elem_ptr[e] + ln[k]];
      if (a >= nn0 || copy[a] >= 0) continue;
      double x[3];
      memcpy(x, m->x + 3 * (size_t)a, sizeof x);
      if (!(r = inp_add_node(p, &next, x))) copy[a] = m->nnodes - 1;
    }
  }
  for (int f = 0; f < sf->n && !r; f++) {      /* the faces' elements take the copies */
    int e = sf->elem[f];
    for (int k = m->elem_ptr[e]; k < m->elem_ptr[e + 1]; k++)
      if (m->elem_conn[k] < nn0 && copy[m->elem_conn[k]] >= 0) m->elem_conn[k] = copy[m->elem_conn[k]];
  }
  for (int a = 0; a < nn0 && !r; a++) {        /* u_b - u_a - n u_r,1 = 0, per direction */
    if (copy[a] < 0) continue;
    for (int c = 0; c < ndf && !r; c++) {
      int node[3] = {copy[a], a, p->pt_node}, dof[3] = {c + 1, c + 1, 1};
      double co[3] = {1.0, -1.0, -p->pt_n[c]};
      r = inp_add_equation(p, file, line, p->pt_n[c] != 0.0 ? 3 : 2, node, dof, co, 0);
    }
  }
  free(copy);
  return r;
}
