/* Keywords of kinematic constraints: *EQUATION, *TRANSFORM, *TIE (docs/deck.md, "Constraints";
 * CalculiX User's Manual, the keywords of the same names). The reader stores them; the ties'
 * equations are made at the end of the deck (sn_tie_equations, src/contact/tie.c), the
 * elimination is the analysis' (src/fem/dofmap.c). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "deck/inp_internal.h"
#include "signorini/contact.h"

int inp_equation_begin(inp_rd *p)
{
  p->eq_left = 0;
  return SN_OK;
}

/* a line with the number of terms, then lines of (node, dof, coefficient) triples */
int inp_equation_data(inp_rd *p)
{
  sn_model *m = p->m;
  int r;
  if (p->eq_left == 0) {
    int n;
    if (p->nf != 1) return inp_fail(p, "*EQUATION: expected the number of terms alone on the line, found %d fields", p->nf);
    if ((r = inp_get_int(p, p->f[0], "number of terms", 1, 1 << 20, &n))) return r;
    if (m->nequations >= MAXLIST) return inp_fail(p, "too many equations (more than %d)", MAXLIST);
    size_t cf = p->cap_eqn;
    GROW(m->equations, p->cap_eqn, (size_t)m->nequations + 1);
    GROW(p->eqn_file, cf, (size_t)m->nequations + 1);
    p->eqn_file[m->nequations] = p->file;
    sn_equation *e = &m->equations[m->nequations++];
    e->nterms = 0;
    e->first = m->neqterms;
    e->global = 0;
    e->tie = -1;
    e->line = p->line;
    p->eq_left = n;
    return SN_OK;
  }
  if (p->nf % 3) return inp_fail(p, "*EQUATION: expected triples of node, degree of freedom, coefficient, found %d fields", p->nf);
  if (p->nf / 3 > p->eq_left)
    return inp_fail(p, "*EQUATION: %d terms on the line, only %d left of the count given", p->nf / 3, p->eq_left);
  sn_equation *e = &m->equations[m->nequations - 1];
  for (int k = 0; k < p->nf; k += 3) {
    int node, dof;
    double c;
    if (!inp_is_integer(p->f[k]))
      return inp_fail(p, "*EQUATION: node sets are not supported in equations (give node numbers)");
    if ((r = inp_item_or_set(p, p->f[k], SN_SET_NODE, &node, &dof))) return r;
    if ((r = inp_get_dof(p, p->f[k + 1], "degree of freedom", &dof)) || (r = inp_get_dbl(p, p->f[k + 2], "coefficient", &c)))
      return r;
    if (e->nterms == 0 && c == 0) return inp_fail(p, "*EQUATION: the first (dependent) term has coefficient 0");
    size_t need = (size_t)m->neqterms + 1, c1 = p->cap_eqt, c2 = p->cap_eqt;
    if (m->neqterms >= MAXCOUNT) return inp_fail(p, "too many equation terms");
    GROW(m->eqt_node, p->cap_eqt, need);
    GROW(m->eqt_dof, c1, need);
    GROW(m->eqt_coef, c2, need);
    m->eqt_node[m->neqterms] = node;
    m->eqt_dof[m->neqterms] = dof;
    m->eqt_coef[m->neqterms++] = c;
    e->nterms++;
    p->eq_left--;
  }
  return SN_OK;
}

int inp_equation_end(inp_rd *p)
{
  if (p->eq_left > 0)
    return inp_fail_at(p, p->kw_file, p->m->equations[p->m->nequations - 1].line, "*EQUATION: %d term%s missing", p->eq_left,
                       p->eq_left == 1 ? "" : "s");
  return SN_OK;
}

int inp_transform_begin(inp_rd *p)
{
  SBUF;
  sn_model *m = p->m;
  char name[MAXNAME + 1];
  int r = inp_par_name(p, "NSET", 1, name), set;
  if (r || (r = inp_need_set(p, SN_SET_NODE, name, &set))) return r;
  int cyl = 0;
  inp_param *q = inp_par(p, "TYPE");
  if (q) {
    if (q->val && !strcmp(q->val, "C")) cyl = 1;
    else if (!q->val || strcmp(q->val, "R"))
      return inp_fail(p, "*TRANSFORM, TYPE=%s is not supported (R or C)", q->val ? SHOW(q->raw) : "");
  }
  size_t cf = p->cap_tr;
  GROW(m->transforms, p->cap_tr, (size_t)m->ntransforms + 1);
  GROW(p->tr_file, cf, (size_t)m->ntransforms + 1);
  p->tr_file[m->ntransforms] = p->file;
  sn_transform *t = &m->transforms[m->ntransforms++];
  memset(t, 0, sizeof *t);
  t->set = set;
  t->cylindrical = cyl;
  t->line = p->line;
  return SN_OK;
}

int inp_transform_data(inp_rd *p)
{
  sn_transform *t = &p->m->transforms[p->m->ntransforms - 1];
  int r;
  if (p->ndata > 0) return inp_fail(p, "*TRANSFORM takes one data line");
  if (p->nf != 6) return inp_fail(p, "*TRANSFORM data line: expected the 6 coordinates of points a and b, found %d", p->nf);
  for (int k = 0; k < 6; k++)
    if ((r = inp_get_dbl(p, p->f[k], "coordinate", k < 3 ? &t->a[k] : &t->b[k - 3]))) return r;
  return SN_OK;
}

int inp_tie_begin(inp_rd *p)
{
  SBUF;
  sn_model *m = p->m;
  char name[MAXNAME + 1];
  int r = inp_par_name(p, "NAME", 1, name);
  if (r) return r;
  for (int k = 0; k < m->nties; k++)
    if (!strcmp(m->ties[k].name, name)) return inp_fail(p, "*TIE '%s' is defined twice", SHOW(name));
  size_t cf = p->cap_tie;
  GROW(m->ties, p->cap_tie, (size_t)m->nties + 1);
  GROW(p->tie_file, cf, (size_t)m->nties + 1);
  p->tie_file[m->nties] = p->file;
  sn_tie *t = &m->ties[m->nties];
  memset(t, 0, sizeof *t);
  snprintf(t->name, sizeof t->name, "%s", name);
  t->slave = t->master = -1;
  t->adjust = 1;
  t->line = p->line;
  t->cyclic = inp_par(p, "CYCLICSYMMETRY") != NULL;
  inp_param *q = inp_par(p, "POSITIONTOLERANCE");
  if (q && (!q->val || (r = inp_get_dbl(p, q->val, "POSITION TOLERANCE", &t->tol)))) return q->val ? r : inp_fail(p, "POSITION TOLERANCE needs a value");
  if (t->tol < 1e-10) t->tol = 0;                 /* CalculiX: below 1e-10, the default */
  q = inp_par(p, "ADJUST");
  if (q) {
    if (q->val && !strcmp(q->val, "NO")) t->adjust = 0;
    else if (!q->val || strcmp(q->val, "YES")) return inp_fail(p, "*TIE, ADJUST=%s: expected YES or NO", q->val ? SHOW(q->raw) : "");
  }
  m->nties++;
  return SN_OK;
}

int inp_tie_data(inp_rd *p)
{
  sn_model *m = p->m;
  sn_tie *t = &m->ties[m->nties - 1];
  int r;
  if (p->ndata > 0) return inp_fail(p, "*TIE takes one data line (slave surface, master surface)");
  if (p->nf != 2) return inp_fail(p, "*TIE data line: expected slave surface, master surface, found %d field%s", p->nf, p->nf == 1 ? "" : "s");
  if ((r = inp_surface_named(p, p->f[0], INP_SURF_ONE, &t->slave)) || (r = inp_surface_named(p, p->f[1], INP_SURF_ONE, &t->master)))
    return r;
  if (m->surfaces[t->master].node_based && !t->cyclic)
    return inp_fail(p, "*TIE: master surface '%s' must be element based (faces)", m->surfaces[t->master].name);
  if (t->slave == t->master) return inp_fail(p, "*TIE of surface '%s' with itself", m->surfaces[t->slave].name);
  return SN_OK;
}

/* *CYCLIC SYMMETRY MODEL, N=, TIE= (the only cyclic *TIE when absent), NGRAPH=, ELSET=, CHECK=
 * (graphics and checks of CalculiX' cyclic frequency analyses: read, no effect on a static
 * step; docs/deck.md) */
int inp_cyclic_begin(inp_rd *p)
{
  SBUF;
  sn_model *m = p->m;
  char name[MAXNAME + 1];
  int r, n, nsec, k = -1;
  inp_param *q = inp_par(p, "N");
  if (!q || !q->val) return inp_fail(p, "*CYCLIC SYMMETRY MODEL needs N= (the number of sectors)");
  if ((r = inp_get_int(p, q->val, "N", 2, 1 << 20, &nsec))) return r;
  if ((r = inp_par_name(p, "TIE", 0, name))) return r;
  for (int j = 0; j < m->nties; j++)
    if (m->ties[j].cyclic && (!name[0] || !strcmp(m->ties[j].name, name))) {
      if (!name[0] && k >= 0) return inp_fail(p, "*CYCLIC SYMMETRY MODEL: several cyclic *TIEs: name one with TIE=");
      k = j;
    }
  if (k < 0 && name[0]) return inp_fail(p, "*CYCLIC SYMMETRY MODEL: no *TIE, CYCLIC SYMMETRY named '%s' (defined before)", SHOW(name));
  if (k < 0) return inp_fail(p, "*CYCLIC SYMMETRY MODEL: no *TIE, CYCLIC SYMMETRY before it");
  if (m->ties[k].nsector) return inp_fail(p, "*CYCLIC SYMMETRY MODEL: tie '%s' has one already (line %d)", m->ties[k].name, m->ties[k].cyc_line);
  if ((q = inp_par(p, "NGRAPH")) && (!q->val || (r = inp_get_int(p, q->val, "NGRAPH", 1, 1 << 20, &n)))) return q->val ? r : inp_fail(p, "NGRAPH needs a value");
  if ((q = inp_par(p, "CHECK")) && (!q->val || !inp_in_list("YES NO", q->val))) return inp_fail(p, "CHECK=: expected YES or NO");
  if ((q = inp_par(p, "ELSET")) && (!q->val || (r = inp_need_set(p, SN_SET_ELEM, q->val, &n)))) return q->val ? r : inp_fail(p, "ELSET needs a value");
  m->ties[k].nsector = nsec;
  m->ties[k].cyc_graphics = inp_par(p, "NGRAPH") || inp_par(p, "ELSET") || inp_par(p, "CHECK");
  m->ties[k].cyc_line = p->line;
  p->cur_tie = k;
  return SN_OK;
}

int inp_cyclic_data(inp_rd *p)
{
  sn_tie *t = &p->m->ties[p->cur_tie];
  int r;
  if (p->ndata > 0) return inp_fail(p, "*CYCLIC SYMMETRY MODEL takes one data line");
  if (p->nf != 6) return inp_fail(p, "*CYCLIC SYMMETRY MODEL data line: expected the 6 coordinates of the axis points a and b, found %d", p->nf);
  for (int k = 0; k < 6; k++)
    if ((r = inp_get_dbl(p, p->f[k], "coordinate", k < 3 ? &t->axis_a[k] : &t->axis_b[k - 3]))) return r;
  double d = 0;
  for (int c = 0; c < 3; c++) d += (t->axis_b[c] - t->axis_a[c]) * (t->axis_b[c] - t->axis_a[c]);
  if (!(d > 0)) return inp_fail(p, "*CYCLIC SYMMETRY MODEL: the axis points coincide");
  return SN_OK;
}

int inp_constraints_finish(inp_rd *p)
{
  sn_model *m = p->m;
  char why[400];
  int r;
  for (int k = 0; k < m->nequations; k++) {
    const sn_equation *e = &m->equations[k];
    for (int j = e->first; j < e->first + e->nterms; j++)
      if (m->eqt_dof[j] > m->ndf)
        return inp_fail_at(p, p->eqn_file[k], e->line, "*EQUATION: degree of freedom %d of node %d is out of range 1..%d (the model is %dD)",
                           m->eqt_dof[j], m->node_id[m->eqt_node[j]], m->ndf, m->ndf);
  }
  if (m->ntransforms) {
    m->node_transform = malloc(sizeof(int) * ((size_t)m->nnodes + 1));
    if (!m->node_transform) return inp_nomem(p);
    for (int i = 0; i < m->nnodes; i++) m->node_transform[i] = -1;
    for (int k = 0; k < m->ntransforms; k++) {
      const sn_set *s = &m->sets[m->transforms[k].set];
      for (int q = 0; q < s->n; q++) m->node_transform[s->items[q]] = k;   /* the last one holds */
    }
    for (int i = 0; i < m->nnodes; i++) {
      if (m->node_transform[i] < 0) continue;
      double R[9];
      const sn_transform *t = &m->transforms[m->node_transform[i]];
      if (sn_model_node_frame(m, i, R))
        return inp_fail_at(p, p->tr_file[m->node_transform[i]], t->line, "*TRANSFORM: no frame at node %d (%s)", m->node_id[i],
                           t->cylindrical ? "the axis has zero length" : "points a and b are collinear with the origin");
      if (m->ndf == 2 && fabs(R[8] - 1.0) > 1e-12)
        return inp_fail_at(p, p->tr_file[m->node_transform[i]], t->line, "*TRANSFORM in a 2D model: the local z axis must be the global z axis (node %d)", m->node_id[i]);
    }
  }
  for (int k = 0; k < m->nties; k++)
    if (m->ties[k].cyclic && !m->ties[k].nsector)
      return inp_fail_at(p, p->tie_file[k], m->ties[k].line, "*TIE %s, CYCLIC SYMMETRY without its *CYCLIC SYMMETRY MODEL", m->ties[k].name);
  for (int k = 0; k < m->nties; k++)
    if ((r = sn_tie_equations(m, k, why, sizeof why))) {
      if (r == SN_ERR_NOMEM) return inp_nomem(p);
      return inp_fail_at(p, p->tie_file[k], m->ties[k].line, "%s", why);
    }
  return SN_OK;
}
