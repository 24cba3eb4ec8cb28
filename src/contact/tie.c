/* *TIE (tied contact) as linear equations (CalculiX User's Manual, *TIE): each slave node is
 * tied to the master face it projects on, u_s = sum_a N_a(xi) u_a with the face's shape
 * functions at the projection (the closest point, sn_contact_project), for every component.
 * A tie of non-matching meshes thus reproduces the master side's displacement field along the
 * interface exactly where it is linear in the face's shape functions (the patch test). */
#include "signorini/contact.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* the nodes of face f of an element surface (corners first), their count */
static int face_nodes(const sn_model *m, const sn_surface *s, int f, int *nodes)
{
  int loc[SN_CONTACT_MAXFN];
  int n = sn_element_face_nodes(m->elem_type[s->elem[f]], s->face[f], loc);
  if (n <= 0 || n > SN_CONTACT_MAXFN) return -1;
  for (int a = 0; a < n; a++) nodes[a] = m->elem_conn[m->elem_ptr[s->elem[f]] + loc[a]];
  return n;
}

/* mark[i] |= bit for the nodes of surface s */
static void mark_nodes(const sn_model *m, const sn_surface *s, unsigned char *mark, unsigned char bit)
{
  int nodes[SN_CONTACT_MAXFN];
  if (s->node_based) {
    for (int q = 0; q < s->n; q++) mark[s->node[q]] |= bit;
    return;
  }
  for (int f = 0; f < s->n; f++) {
    int n = face_nodes(m, s, f, nodes);
    for (int a = 0; a < n; a++) mark[nodes[a]] |= bit;
  }
}

static int add_equation(sn_model *m, int k, int s, int c, const sn_contact_point *pt)
{
  int n = 1;
  for (int a = 0; a < pt->nmaster; a++) n += pt->shape[a] != 0.0;
  sn_equation *E = realloc(m->equations, sizeof *E * ((size_t)m->nequations + 1));
  if (!E) return SN_ERR_NOMEM;
  m->equations = E;
  size_t need = (size_t)m->neqterms + (size_t)n;
  int *N = realloc(m->eqt_node, sizeof(int) * need);
  if (N) m->eqt_node = N;
  int *D = realloc(m->eqt_dof, sizeof(int) * need);
  if (D) m->eqt_dof = D;
  double *C = realloc(m->eqt_coef, sizeof(double) * need);
  if (C) m->eqt_coef = C;
  if (!N || !D || !C) return SN_ERR_NOMEM;
  sn_equation *e = &m->equations[m->nequations++];
  e->nterms = n;
  e->first = m->neqterms;
  e->global = 1;
  e->tie = k;
  e->line = m->ties[k].line;
  int j = m->neqterms;
  m->eqt_node[j] = s, m->eqt_dof[j] = c + 1, m->eqt_coef[j++] = 1.0;
  for (int a = 0; a < pt->nmaster; a++)
    if (pt->shape[a] != 0.0) m->eqt_node[j] = pt->master_nodes[a], m->eqt_dof[j] = c + 1, m->eqt_coef[j++] = -pt->shape[a];
  m->neqterms = j;
  return SN_OK;
}

/* the closest master face of slave node s within tol (faces whose box, grown by tol, holds the
 * node), into best; 0 when none */
static int closest_face(const sn_model *m, const sn_surface *ms, const double *box, double tol, int s,
                        sn_contact_point *best, int *bad)
{
  const double *xs = m->x + 3 * (size_t)s;
  int found = 0, nodes[SN_CONTACT_MAXFN];
  double X[3 * SN_CONTACT_MAXFN];
  for (int f = 0; f < ms->n; f++) {
    const double *b = box + 6 * f;
    int in = 1;
    for (int c = 0; c < 3; c++) in &= xs[c] >= b[c] - tol && xs[c] <= b[3 + c] + tol;
    if (!in) continue;
    int n = face_nodes(m, ms, f, nodes);
    for (int a = 0; a < n; a++) memcpy(X + 3 * a, m->x + 3 * (size_t)nodes[a], 3 * sizeof(double));
    sn_contact_point pt;
    memset(&pt, 0, sizeof pt);
    int st = sn_contact_project(m->ndf, n, X, xs, &pt);
    if (st) { *bad = ms->elem[f]; return st; }
    if (pt.dist > tol || (found && pt.dist >= best->dist)) continue;
    pt.nmaster = n;
    memcpy(pt.master_nodes, nodes, sizeof(int) * (size_t)n);
    *best = pt;
    found = 1;
  }
  return found;
}

int sn_tie_equations(sn_model *m, int k, char *msg, size_t msglen)
{
  if (!m || k < 0 || k >= m->nties) return SN_ERR_ARG;
  const sn_tie *t = &m->ties[k];
  const sn_surface *ss = &m->surfaces[t->slave], *ms = &m->surfaces[t->master];
  unsigned char *mark = calloc((size_t)m->nnodes + 1, 1);
  double *box = malloc(sizeof(double) * 6 * ((size_t)ms->n + 1));
  if (!mark || !box) { free(mark); free(box); return SN_ERR_NOMEM; }
  mark_nodes(m, ms, mark, 1);                  /* master nodes: never slaves */
  mark_nodes(m, ss, mark, 2);
  for (int q = 0; q < m->nequations; q++)      /* tied by an earlier *TIE: kept there */
    if (m->equations[q].tie >= 0) mark[m->eqt_node[m->equations[q].first]] |= 4;
  double size = 0;
  int nodes[SN_CONTACT_MAXFN];
  for (int f = 0; f < ms->n; f++) {
    int n = face_nodes(m, ms, f, nodes);
    double *b = box + 6 * f;
    for (int c = 0; c < 3; c++) b[c] = INFINITY, b[3 + c] = -INFINITY;
    for (int a = 0; a < n; a++)
      for (int c = 0; c < 3; c++) b[c] = fmin(b[c], m->x[3 * nodes[a] + c]), b[3 + c] = fmax(b[3 + c], m->x[3 * nodes[a] + c]);
    size += sqrt((b[3] - b[0]) * (b[3] - b[0]) + (b[4] - b[1]) * (b[4] - b[1]) + (b[5] - b[2]) * (b[5] - b[2]));
  }
  double tol = t->tol > 0 ? t->tol : 0.025 * (ms->n ? size / ms->n : 0.0);
  int st = SN_OK;
  for (int s = 0; s < m->nnodes && !st; s++) {
    if (mark[s] != 2) continue;                /* not a slave, or a master node, or tied before */
    if (m->node_transform && m->node_transform[s] >= 0) {
      snprintf(msg, msglen, "*TIE %s: slave node %d has a *TRANSFORM (not supported on tied nodes)", t->name, m->node_id[s]);
      st = SN_ERR_FORMAT;
      break;
    }
    sn_contact_point pt;
    int bad = -1, f = closest_face(m, ms, box, tol, s, &pt, &bad);
    if (f < 0 || bad >= 0) {
      snprintf(msg, msglen, "*TIE %s: degenerate master face of element %d", t->name, bad >= 0 ? m->elem_id[bad] : 0);
      st = SN_ERR_FORMAT;
      break;
    }
    if (f == 0) {
      snprintf(msg, msglen, "*TIE %s: slave node %d does not project onto the master surface '%s' within the position "
               "tolerance %g%s", t->name, m->node_id[s], ms->name, tol, t->tol > 0 ? "" : " (the default, 2.5 % of the mean master face size)");
      st = SN_ERR_FORMAT;
      break;
    }
    for (int c = 0; c < m->ndf && !st; c++) st = add_equation(m, k, s, c, &pt);
    if (!st && t->adjust) memcpy(m->x + 3 * (size_t)s, pt.x_master, 3 * sizeof(double));
  }
  free(mark);
  free(box);
  return st;
}
