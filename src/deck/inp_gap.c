/* *GAP (CalculiX User's Manual, "*GAP" and "Gap element (GAPUNI)"): the GAPUNI elements of
 * ELSET= constrain their two nodes by clearance + n . (u2 - u1) >= 0. Data line: clearance,
 * the direction n (three components, normalized here), an unused field, the gap stiffness k
 * and CalculiX' f_inf. Each *GAP gets an interaction of its own (so that every contact
 * treatment handles its points like a pair's): HARD, or, when k is given, CalculiX' gap force
 * law (its manual, "Gap element (GAPUNI)"): F = k h (1/2 + atan(h / eps) / pi), eps = pi f_inf
 * / k, h the overclosure, for open gaps too (fem.h, SN_OVERCLOSURE_GAPUNI; ccx 2.20 agrees on
 * its gap2 deck to every printed digit, measured closed and open). f_inf not given: 0 reads as
 * ccx 2.20's default 1e-3 (measured: its gap deck gives the same with f_inf 1e-3). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "deck/inp_internal.h"

int inp_gap_begin(inp_rd *p)
{
  sn_model *m = p->m;
  char set[MAXNAME + 1];
  int r, s;
  if ((r = inp_par_name(p, "ELSET", 1, set))) return r;
  if ((r = inp_need_set(p, SN_SET_ELEM, set, &s))) return r;
  GROW(m->gaps, p->cap_gap, (size_t)m->ngaps + 1);
  GROW(m->interactions, p->cap_int, (size_t)m->ninteractions + 1);
  sn_gap *g = &m->gaps[m->ngaps++];
  memset(g, 0, sizeof *g);
  g->elset = s;
  g->line = p->line;
  g->interaction = m->ninteractions;
  sn_interaction *t = &m->interactions[m->ninteractions++];
  memset(t, 0, sizeof *t);
  snprintf(t->name, sizeof t->name, "*GAP (line %d)", p->line);
  t->law = SN_OVERCLOSURE_HARD;
  t->line = p->line;
  return SN_OK;
}

int inp_gap_data(inp_rd *p)
{
  sn_model *m = p->m;
  sn_gap *g = &m->gaps[m->ngaps - 1];
  int r;
  if (p->ndata) return inp_fail(p, "*GAP takes one data line");
  if (p->nf < 4 || p->nf > 7)
    return inp_fail(p, "*GAP data line: expected clearance, the direction (3 components)[, unused, stiffness, f_inf], "
                       "found %d field%s", p->nf, p->nf == 1 ? "" : "s");
  if ((r = inp_get_dbl(p, p->f[0], "clearance", &g->clearance))) return r;
  double n2 = 0;
  for (int j = 0; j < 3; j++) {
    if ((r = inp_get_dbl(p, p->f[1 + j], "gap direction", &g->dir[j]))) return r;
    n2 += g->dir[j] * g->dir[j];
  }
  if (!(n2 > 0)) return inp_fail(p, "*GAP: the gap direction is zero");
  for (int j = 0; j < 3; j++) g->dir[j] /= sqrt(n2);
  if (p->nf >= 6 && p->f[5][0] && (r = inp_get_dbl(p, p->f[5], "gap stiffness", &g->k))) return r;
  if (p->nf >= 7 && p->f[6][0] && (r = inp_get_dbl(p, p->f[6], "f_inf", &g->finf))) return r;
  if (g->k < 0) return inp_fail(p, "*GAP: the gap stiffness %g is negative", g->k);
  if (g->finf < 0) return inp_fail(p, "*GAP: f_inf %g is negative", g->finf);
  sn_interaction *t = &m->interactions[g->interaction];   /* ccx 2.20's defaults (measured) */
  t->law = SN_OVERCLOSURE_GAPUNI;
  t->slope = g->k > 0 ? g->k : 1e12;
  t->sigma_inf = g->finf > 0 ? g->finf : 1e-3;
  return SN_OK;
}

/* at the end of the deck: every GAPUNI element in a *GAP's set, and a *GAP's set holds GAPUNI
 * elements only */
int inp_gap_finish(inp_rd *p)
{
  sn_model *m = p->m;
  for (int k = 0; k < m->ngaps; k++) {
    const sn_set *s = &m->sets[m->gaps[k].elset];
    for (int i = 0; i < s->n; i++)
      if (m->elem_type[s->items[i]] != SN_EL_GAPUNI)
        return inp_fail_at(p, p->kw_file, m->gaps[k].line, "*GAP, ELSET=%s: element %d is a %s, not a GAPUNI", s->name,
                           m->elem_id[s->items[i]], sn_element_desc(m->elem_type[s->items[i]])->name);
  }
  for (int e = 0; e < m->nelems; e++) {
    if (m->elem_type[e] != SN_EL_GAPUNI) continue;
    int found = 0;
    for (int k = 0; k < m->ngaps && !found; k++) {
      const sn_set *s = &m->sets[m->gaps[k].elset];
      for (int i = 0; i < s->n && !found; i++) found = s->items[i] == e;
    }
    if (!found)
      return inp_fail_at(p, p->def_file[e], p->def_line[e], "element %d (GAPUNI) is in no *GAP's element set", m->elem_id[e]);
  }
  return SN_OK;
}
