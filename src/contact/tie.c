/* *TIE as linear equations (CalculiX User's Manual, *TIE and *CYCLIC SYMMETRY MODEL).
 * Tied contact: each slave node is tied to the master face it projects on, u_s = sum_a N_a(xi)
 * u_a with the face's shape functions at the projection (the closest point,
 * sn_contact_project), for every component. Cyclic symmetry (static: the rotationally
 * symmetric solution, CalculiX' nodal diameter 0): the slave side turned by the sector angle
 * 2 pi / N about the axis lands on the master side ("from the dependent surface to the
 * independent one"), and u_s = Q^T u_m, Q that rotation, u_m the master side's displacement
 * there (a master node, or a master face's interpolation). Every equation is written for the
 * slave node's own components (its *TRANSFORM frame F when it has one: q_s,l = (Q F e_l) . u_m). */
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


/* the match of one slave node: its master nodes and weights (a face's shape functions at the
 * projection, or one node), the distance */
typedef struct {
  int n, nodes[SN_CONTACT_MAXFN];
  double N[SN_CONTACT_MAXFN], dist, x[3];
} match_t;

typedef struct {
  const sn_model *m;
  const sn_surface *ms;
  const double *box;       /* master faces' boxes (face master) */
  double tol;
  double Q[9];             /* row-major rotation slave -> master side (identity: no cyclic) */
  double a[3];             /* a point of the axis */
} tie_ctx;

static void rotate(const tie_ctx *T, const double *x, double *y)
{
  double d[3] = {x[0] - T->a[0], x[1] - T->a[1], x[2] - T->a[2]};
  for (int r = 0; r < 3; r++) y[r] = T->a[r] + T->Q[3 * r] * d[0] + T->Q[3 * r + 1] * d[1] + T->Q[3 * r + 2] * d[2];
}

/* the closest master face (face master) or node (node master) of the point x within tol; 0
 * when none, < 0 on a degenerate face (*bad its element) */
static int lookup(const tie_ctx *T, const double *x, match_t *mt, int *bad)
{
  const sn_model *m = T->m;
  const sn_surface *ms = T->ms;
  int found = 0;
  if (ms->node_based) {
    for (int q = 0; q < ms->n; q++) {
      const double *y = m->x + 3 * (size_t)ms->node[q];
      double d = sqrt((x[0] - y[0]) * (x[0] - y[0]) + (x[1] - y[1]) * (x[1] - y[1]) + (x[2] - y[2]) * (x[2] - y[2]));
      if (d > T->tol || (found && d >= mt->dist)) continue;
      mt->n = 1, mt->nodes[0] = ms->node[q], mt->N[0] = 1.0, mt->dist = d;
      memcpy(mt->x, y, sizeof mt->x);
      found = 1;
    }
    return found;
  }
  int nodes[SN_CONTACT_MAXFN];
  double X[3 * SN_CONTACT_MAXFN];
  for (int f = 0; f < ms->n; f++) {
    const double *b = T->box + 6 * f;
    int in = 1;
    for (int c = 0; c < 3; c++) in &= x[c] >= b[c] - T->tol && x[c] <= b[3 + c] + T->tol;
    if (!in) continue;
    int n = face_nodes(m, ms, f, nodes);
    for (int a = 0; a < n; a++) memcpy(X + 3 * a, m->x + 3 * (size_t)nodes[a], 3 * sizeof(double));
    sn_contact_point pt;
    memset(&pt, 0, sizeof pt);
    if (sn_contact_project(m->ndf, n, X, x, &pt)) { *bad = ms->elem[f]; return -1; }
    if (pt.dist > T->tol || (found && pt.dist >= mt->dist)) continue;
    mt->n = n, mt->dist = pt.dist;
    memcpy(mt->nodes, nodes, sizeof(int) * (size_t)n);
    memcpy(mt->N, pt.shape, sizeof(double) * (size_t)n);
    memcpy(mt->x, pt.x_master, sizeof mt->x);
    found = 1;
  }
  return found;
}

/* ndf equations of slave node s on its match: for each of its components l (its frame F, the
 * identity without a transform) q_s,l - sum_a N_a (Q F e_l) . u_a = 0 */
static int add_equations(sn_model *m, int k, const tie_ctx *T, int s, const match_t *mt)
{
  int ndf = m->ndf;
  double F[9];
  sn_model_node_frame(m, s, F);
  for (int l = 0; l < ndf; l++) {
    double g[3];                                 /* Q F e_l */
    for (int r = 0; r < 3; r++) g[r] = T->Q[3 * r] * F[3 * l] + T->Q[3 * r + 1] * F[3 * l + 1] + T->Q[3 * r + 2] * F[3 * l + 2];
    int n = 1;
    for (int a = 0; a < mt->n; a++)
      for (int j = 0; j < ndf; j++) n += mt->N[a] * g[j] != 0.0;
    sn_equation *E = realloc(m->equations, sizeof *E * ((size_t)m->nequations + 1));
    if (!E) return SN_ERR_NOMEM;
    m->equations = E;
    size_t need = (size_t)m->neqterms + (size_t)n;
    int *Nn = realloc(m->eqt_node, sizeof(int) * need);
    if (Nn) m->eqt_node = Nn;
    int *D = realloc(m->eqt_dof, sizeof(int) * need);
    if (D) m->eqt_dof = D;
    double *C = realloc(m->eqt_coef, sizeof(double) * need);
    if (C) m->eqt_coef = C;
    if (!Nn || !D || !C) return SN_ERR_NOMEM;
    sn_equation *e = &m->equations[m->nequations++];
    e->nterms = n;
    e->first = m->neqterms;
    e->global = 1;
    e->first_local = 1;
    e->tie = k;
    e->line = m->ties[k].line;
    int t = m->neqterms;
    m->eqt_node[t] = s, m->eqt_dof[t] = l + 1, m->eqt_coef[t++] = 1.0;
    for (int a = 0; a < mt->n; a++)
      for (int j = 0; j < ndf; j++)
        if (mt->N[a] * g[j] != 0.0) m->eqt_node[t] = mt->nodes[a], m->eqt_dof[t] = j + 1, m->eqt_coef[t++] = -mt->N[a] * g[j];
    m->neqterms = t;
  }
  return SN_OK;
}

/* the rotation by angle th about the unit axis e (Rodrigues), row-major */
static void axis_rotation(const double *e, double th, double *Q)
{
  double c = cos(th), s = sin(th);
  for (int r = 0; r < 3; r++)
    for (int q = 0; q < 3; q++) Q[3 * r + q] = (r == q) * c + (1 - c) * e[r] * e[q];
  Q[1] -= s * e[2], Q[2] += s * e[1], Q[3] += s * e[2], Q[5] -= s * e[0], Q[6] -= s * e[1], Q[7] += s * e[0];
}

/* the default tolerance: 2.5 % of the mean master face size (CalculiX' for tied contact), or
 * for a node master half the smallest distance between its nodes (an unambiguous match) */
static double default_tol(const sn_model *m, const sn_surface *ms, double *box)
{
  int nodes[SN_CONTACT_MAXFN];
  if (ms->node_based) {
    double dmin = INFINITY;
    for (int p = 0; p < ms->n; p++)
      for (int q = p + 1; q < ms->n; q++) {
        const double *x = m->x + 3 * (size_t)ms->node[p], *y = m->x + 3 * (size_t)ms->node[q];
        dmin = fmin(dmin, sqrt((x[0] - y[0]) * (x[0] - y[0]) + (x[1] - y[1]) * (x[1] - y[1]) + (x[2] - y[2]) * (x[2] - y[2])));
      }
    return isfinite(dmin) ? 0.5 * dmin : 0.0;
  }
  double size = 0;
  for (int f = 0; f < ms->n; f++) {
    int n = face_nodes(m, ms, f, nodes);
    double *b = box + 6 * f;
    for (int c = 0; c < 3; c++) b[c] = INFINITY, b[3 + c] = -INFINITY;
    for (int a = 0; a < n; a++)
      for (int c = 0; c < 3; c++) b[c] = fmin(b[c], m->x[3 * nodes[a] + c]), b[3 + c] = fmax(b[3 + c], m->x[3 * nodes[a] + c]);
    size += sqrt((b[3] - b[0]) * (b[3] - b[0]) + (b[4] - b[1]) * (b[4] - b[1]) + (b[5] - b[2]) * (b[5] - b[2]));
  }
  return 0.025 * (ms->n ? size / ms->n : 0.0);
}

/* cyclic: the sense of the sector angle that brings the slave side onto the master side (the
 * one matching more slave nodes, then the smaller total distance) */
static int cyclic_sense(tie_ctx *T, const sn_tie *t, const unsigned char *mark)
{
  const sn_model *m = T->m;
  double e[3], L = 0;
  for (int c = 0; c < 3; c++) e[c] = t->axis_b[c] - t->axis_a[c], L += e[c] * e[c];
  L = sqrt(L);
  for (int c = 0; c < 3; c++) e[c] /= L;
  if (m->ndf == 2 && (fabs(e[0]) > 1e-12 || fabs(e[1]) > 1e-12)) return SN_ERR_FORMAT;
  memcpy(T->a, t->axis_a, sizeof T->a);
  int best_n = -1;
  double best_d = 0, Qb[9];
  for (int sg = -1; sg <= 1; sg += 2) {
    axis_rotation(e, sg * 2 * 3.14159265358979323846 / t->nsector, T->Q);
    int n = 0, bad = -1;
    double dsum = 0;
    for (int s = 0; s < m->nnodes; s++) {
      if (mark[s] != 2) continue;
      double y[3];
      match_t mt;
      rotate(T, m->x + 3 * (size_t)s, y);
      if (lookup(T, y, &mt, &bad) > 0) n++, dsum += mt.dist;
    }
    if (n > best_n || (n == best_n && dsum < best_d)) best_n = n, best_d = dsum, memcpy(Qb, T->Q, sizeof Qb);
  }
  memcpy(T->Q, Qb, sizeof Qb);
  return SN_OK;
}

int sn_tie_equations(sn_model *m, int k, char *msg, size_t msglen)
{
  if (!m || k < 0 || k >= m->nties) return SN_ERR_ARG;
  const sn_tie *t = &m->ties[k];
  const sn_surface *ss = &m->surfaces[t->slave], *ms = &m->surfaces[t->master];
  unsigned char *mark = calloc((size_t)m->nnodes + 1, 1);
  double *box = malloc(sizeof(double) * 6 * ((size_t)ms->n + 1));
  if (!mark || !box) { free(mark); free(box); return SN_ERR_NOMEM; }
  mark_nodes(m, ms, mark, 1);                  /* master nodes: never slaves (on the axis, cyclic) */
  mark_nodes(m, ss, mark, 2);
  for (int q = 0; q < m->nequations; q++)      /* tied by an earlier *TIE: kept there */
    if (m->equations[q].tie >= 0) mark[m->eqt_node[m->equations[q].first]] |= 4;
  tie_ctx T = {m, ms, box, 0, {1, 0, 0, 0, 1, 0, 0, 0, 1}, {0, 0, 0}};
  double dtol = default_tol(m, ms, box);
  T.tol = t->tol > 0 ? t->tol : dtol;
  int st = SN_OK;
  if (t->cyclic && cyclic_sense(&T, t, mark)) {
    snprintf(msg, msglen, "*TIE %s, CYCLIC SYMMETRY: in a 2D model the axis must be the z axis", t->name);
    st = SN_ERR_FORMAT;
  }
  for (int s = 0; s < m->nnodes && !st; s++) {
    if (mark[s] != 2) continue;                /* not a slave, or a master node, or tied before */
    double y[3];
    match_t mt;
    int bad = -1;
    rotate(&T, m->x + 3 * (size_t)s, y);
    int f = lookup(&T, y, &mt, &bad);
    if (f < 0) {
      snprintf(msg, msglen, "*TIE %s: degenerate master face of element %d", t->name, bad >= 0 ? m->elem_id[bad] : 0);
      st = SN_ERR_FORMAT;
      break;
    }
    if (f == 0) {
      snprintf(msg, msglen, "*TIE %s: slave node %d does not %s the master surface '%s' within the position "
               "tolerance %g%s", t->name, m->node_id[s], t->cyclic ? "match, turned by the sector angle, a node or face of" : "project onto",
               ms->name, T.tol, t->tol > 0 ? "" : ms->node_based ? " (the default, half the smallest distance of two master nodes)"
                                                                   : " (the default, 2.5 % of the mean master face size)");
      st = SN_ERR_FORMAT;
      break;
    }
    st = add_equations(m, k, &T, s, &mt);
    if (!st && t->adjust && !t->cyclic) memcpy(m->x + 3 * (size_t)s, mt.x, 3 * sizeof(double));
  }
  free(mark);
  free(box);
  return st;
}
