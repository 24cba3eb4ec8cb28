/* Heat flow across contact (*GAP CONDUCTANCE; CalculiX User's Manual, "*GAP CONDUCTANCE" and
 * section "Node-to-face contact" of "Contact"): a contact point between a slave node s and its
 * projection on a master face carries the heat flow Q = h A (T_m - T_s) into the slave node,
 * T_m = sum_j N_j T_j the face's temperature at the projection (shape functions N_j of the face
 * at the projection), h the conductance per area, A the slave node's area; the master nodes get
 * -N_j Q. As a conductance matrix (symmetric, positive semidefinite): g = h A times
 * [1, -N^T; -N, N N^T] on (s, face nodes). A: the tributary area the detection gives the slave
 * node of an element-face slave surface; for a node-based slave surface (which has no faces of
 * its own) the tributary area of the model's outer faces that hold the node (CalculiX 2.20 on
 * a lone brick: a corner node conducts over a quarter of each of the three outer faces that
 * meet there, measured with two brick heights); on quadratic faces (6 and 8 nodes) HRZ-lumped,
 * as the contact detection's areas. */
#include "analysis/heat_internal.h"

#include <stdlib.h>
#include <string.h>

/* a face by its sorted corner nodes (-1 padded), with its element and number */
typedef struct {
  int key[4];
  int elem, face;
} face_key;

static int cmp_face(const void *a, const void *b)
{
  const face_key *x = a, *y = b;
  for (int k = 0; k < 4; k++)
    if (x->key[k] != y->key[k]) return x->key[k] < y->key[k] ? -1 : 1;
  return 0;
}

static int corner_count(int sdim, int fn)
{
  if (sdim == 2) return 2;
  return (fn == 3 || fn == 6) ? 3 : 4;
}

int sn_heat_node_areas(const sn_model *m, double *area)
{
  size_t nf = 0;
  for (int e = 0; e < m->nelems; e++) nf += (size_t)sn_element_desc(m->elem_type[e])->nfaces;
  face_key *F = malloc(sizeof *F * (nf + 1));
  if (!F) return SN_ERR_NOMEM;
  size_t n = 0;
  for (int e = 0; e < m->nelems; e++) {
    const sn_eldesc *d = sn_element_desc(m->elem_type[e]);
    for (int f = 1; f <= d->nfaces; f++) {
      int ln[8], fn = sn_element_face_nodes(m->elem_type[e], f, ln), nc = corner_count(d->sdim, fn);
      face_key k = {{-1, -1, -1, -1}, e, f};
      for (int a = 0; a < nc; a++) {           /* insertion sort of the corners */
        int v = m->elem_conn[m->elem_ptr[e] + ln[a]], b = a;
        while (b > 0 && k.key[b - 1] > v) { k.key[b] = k.key[b - 1]; b--; }
        k.key[b] = v;
      }
      F[n++] = k;
    }
  }
  qsort(F, n, sizeof *F, cmp_face);
  memset(area, 0, sizeof(double) * (size_t)m->nnodes);
  int st = SN_OK;
  for (size_t i = 0; i < n && !st;) {
    size_t j = i + 1;
    while (j < n && !cmp_face(&F[i], &F[j])) j++;
    if (j == i + 1) {                          /* an outer face: held by one element */
      int e = F[i].elem, nn = sn_element_desc(m->elem_type[e])->nnodes, ln[8];
      double X[3 * 27], Mf[64];
      sn_elprops p;
      memset(&p, 0, sizeof p);
      int sec = m->elem_section ? m->elem_section[e] : -1;
      if (sec >= 0) p.thickness = m->sections[sec].thickness;
      for (int a = 0; a < nn && a < 27; a++)
        memcpy(X + 3 * a, m->x + 3 * (size_t)m->elem_conn[m->elem_ptr[e] + a], sizeof(double) * 3);
      int fn = sn_element_face_mass(m->elem_type[e], X, &p, F[i].face, Mf);
      if (fn < 0) st = fn;
      sn_element_face_nodes(m->elem_type[e], F[i].face, ln);
      if (!st && sn_element_desc(m->elem_type[e])->sdim == 3 && (fn == 6 || fn == 8)) {
        /* quadratic faces: the HRZ-lumped shares (Hinton, Rock, Zienkiewicz 1976), the face's
         * area A times M_aa / sum_b M_bb, as the contact detection's (projection.c): the row
         * sums, integrals of N_a, are negative (8-node) or zero (6-node) at the corners */
        double A = 0, dsum = 0;
        for (int a = 0; a < fn; a++) {
          dsum += Mf[a * fn + a];
          for (int b = 0; b < fn; b++) A += Mf[a * fn + b];
        }
        if (!(dsum > 0)) st = SN_ERR_FORMAT;
        for (int a = 0; a < fn && !st; a++) area[m->elem_conn[m->elem_ptr[e] + ln[a]]] += A * Mf[a * fn + a] / dsum;
      } else
        for (int a = 0; a < fn && !st; a++)
          for (int b = 0; b < fn; b++) area[m->elem_conn[m->elem_ptr[e] + ln[a]]] += Mf[a * fn + b];
    }
    i = j;
  }
  free(F);
  return st;
}

static int push(int **ti, int **tj, double **tx, int *nz, int *cap, int i, int j, double x)
{
  if (*nz >= *cap) {
    int c = *cap ? 2 * *cap : 256;
    int *a = realloc(*ti, sizeof(int) * (size_t)c), *b = a ? realloc(*tj, sizeof(int) * (size_t)c) : NULL;
    if (a) *ti = a;
    if (b) *tj = b;
    double *v = b ? realloc(*tx, sizeof(double) * (size_t)c) : NULL;
    if (!v) return SN_ERR_NOMEM;
    *tx = v;
    *cap = c;
  }
  (*ti)[*nz] = i; (*tj)[*nz] = j; (*tx)[(*nz)++] = x;
  return SN_OK;
}

int sn_heat_gap_triplets(const sn_heat *H, const sn_model *m, const double *u, int **ti, int **tj, double **tx,
                         int *nz, int *cap, char *msg, size_t msglen)
{
  int any = 0;
  for (int q = 0; q < m->npairs; q++)
    any |= !m->pairs[q].inactive && m->interactions[m->pairs[q].interaction].has_gap_conductance;
  if (!any) return SN_OK;
  sn_contact_point *pts = NULL;
  int np = 0, st = sn_contact_detect(m, u, H->lscale, &pts, &np, msg, msglen);
  for (int k = 0; k < np && !st; k++) {
    const sn_contact_point *p = &pts[k];
    if (p->pair < 0 || p->nterm > 0 || p->master_kind != SN_MASTER_FACE) continue;
    const sn_interaction *it = &m->interactions[m->pairs[p->pair].interaction];
    if (!it->has_gap_conductance) continue;
    double A = m->surfaces[m->pairs[p->pair].slave].node_based ? H->node_area[p->slave_node] : p->area;
    double g = it->gap_conductance * A;
    int s = p->slave_node, nm = p->nmaster;
    if (!(g > 0)) continue;
    st = push(ti, tj, tx, nz, cap, s, s, g);
    for (int a = 0; a < nm && !st; a++) {
      int j = p->master_nodes[a];
      double w = p->shape[a];
      if ((st = push(ti, tj, tx, nz, cap, s, j, -g * w)) || (st = push(ti, tj, tx, nz, cap, j, s, -g * w))) break;
      for (int b = 0; b < nm && !st; b++) st = push(ti, tj, tx, nz, cap, j, p->master_nodes[b], g * w * p->shape[b]);
    }
  }
  sn_contact_points_free(pts);
  return st;
}
