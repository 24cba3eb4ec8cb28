/* Keywords of contact: *SURFACE, *SURFACE INTERACTION, *SURFACE BEHAVIOR, *FRICTION,
 * *CONTACT PAIR (docs/deck.md, "Keywords"). */
#include <stdio.h>
#include <string.h>

#include "deck/inp_internal.h"

int inp_surface_begin(inp_rd *p)
{
  SBUF;
  sn_model *m = p->m;
  char name[MAXNAME + 1];
  int r = inp_par_name(p, "NAME", 1, name);
  if (r) return r;
  int nodeb = 0;
  inp_param *q = inp_par(p, "TYPE");
  if (q) {
    if (q->val && !strcmp(q->val, "NODE")) nodeb = 1;
    else if (!q->val || strcmp(q->val, "ELEMENT"))
      return inp_fail(p, "*SURFACE, TYPE=%s is not supported (ELEMENT or NODE)", q->val ? SHOW(q->raw) : "");
  }
  if (inp_name_find(p, NS_SURF, name) >= 0) return inp_fail(p, "surface '%s' is defined twice", SHOW(name));
  GROW(m->surfaces, p->cap_surf, (size_t)m->nsurfaces + 1);
  sn_surface *S = &m->surfaces[m->nsurfaces];
  memset(S, 0, sizeof *S);
  snprintf(S->name, sizeof S->name, "%s", name);
  S->node_based = nodeb;
  S->line = p->line;
  p->cur_surf = m->nsurfaces++;
  p->cap_item = 0;
  if ((r = inp_mark_ensure(p))) return r;
  return inp_name_add(p, NS_SURF, p->cur_surf);
}

/* face label Sn (surfaces) or Pn (loads): n in 1..9, 0 if malformed */
int inp_face_label(const char *s, char letter)
{
  if (upc(s[0]) != letter || s[1] < '1' || s[1] > '9' || s[2]) return 0;
  return s[1] - '0';
}

int inp_check_face(inp_rd *p, int e, int face, const char *label)
{
  SBUF;
  const sn_model *m = p->m;
  const sn_eldesc *d = sn_element_desc(m->elem_type[e]);
  if (face < 1 || face > d->nfaces) {
    if (!d->nfaces) return inp_fail(p, "face %s is invalid for element %d: %s has no faces", SHOW(label), m->elem_id[e], d->name);
    return inp_fail(p, "face %s is invalid for element %d: %s has faces 1 to %d", SHOW(label), m->elem_id[e], d->name, d->nfaces);
  }
  return SN_OK;
}

static int surf_add_face(inp_rd *p, sn_surface *S, int e, int face)
{
  if (p->mark[e] & (1u << face)) return SN_OK;
  p->mark[e] |= (unsigned char)(1u << face);
  size_t c2 = p->cap_item;
  GROW(S->elem, p->cap_item, (size_t)S->n + 1);
  GROW(S->face, c2, (size_t)S->n + 1);
  S->elem[S->n] = e;
  S->face[S->n++] = face;
  return SN_OK;
}

static int surf_add_node(inp_rd *p, sn_surface *S, int i, double w)
{
  if (p->mark[i] & 1) return SN_OK;
  p->mark[i] |= 1;
  size_t c2 = p->cap_item;
  GROW(S->node, p->cap_item, (size_t)S->n + 1);
  GROW(S->weight, c2, (size_t)S->n + 1);
  S->node[S->n] = i;
  S->weight[S->n++] = w;
  return SN_OK;
}

int inp_surface_data(inp_rd *p)
{
  SBUF;
  sn_model *m = p->m;
  sn_surface *S = &m->surfaces[p->cur_surf];
  int r, idx, set;
  if (S->node_based) {
    double w = 1.0;
    if (p->nf < 1 || p->nf > 2) return inp_fail(p, "*SURFACE, TYPE=NODE data line: expected node or node set[, weight], found %d fields", p->nf);
    if ((r = inp_item_or_set(p, p->f[0], SN_SET_NODE, &idx, &set))) return r;
    if (p->nf == 2) {
      if ((r = inp_get_dbl(p, p->f[1], "weight", &w))) return r;
      if (!(w > 0)) return inp_fail(p, "surface weight %g must be positive", w);
    }
    if (idx >= 0) return surf_add_node(p, S, idx, w);
    for (int j = 0; j < m->sets[set].n; j++)
      if ((r = surf_add_node(p, S, m->sets[set].items[j], w))) return r;
    return SN_OK;
  }
  if (p->nf != 2) return inp_fail(p, "*SURFACE data line: expected element or element set, face label (S1..S6), found %d field%s", p->nf,
                              p->nf == 1 ? "" : "s");
  if ((r = inp_item_or_set(p, p->f[0], SN_SET_ELEM, &idx, &set))) return r;
  int face = inp_face_label(p->f[1], 'S');
  /* shells (inp_structural.c): SNEG is the brick's face S1, SPOS its S2 */
  int shellface = !strcmp(p->f[1], "SNEG") || !strcmp(p->f[1], "sneg") ? 1 : !strcmp(p->f[1], "SPOS") || !strcmp(p->f[1], "spos") ? 2 : 0;
  if (!face && shellface) {
    int n = idx >= 0 ? 1 : m->sets[set].n;
    for (int j = 0; j < n; j++) {
      int e = idx >= 0 ? idx : m->sets[set].items[j];
      if (!p->el_struct || p->el_struct[e] != INP_ST_SHELL)
        return inp_fail(p, "face %s is only for shell elements (S8, S8R); element %d is not one", SHOW(p->f[1]), m->elem_id[e]);
    }
    face = shellface;
  }
  if (!face) return inp_fail(p, "bad face label '%s' (expected S1..S6, or SPOS / SNEG on shells)", SHOW(p->f[1]));
  if (idx >= 0) {
    if ((r = inp_check_face(p, idx, face, p->f[1]))) return r;
    return surf_add_face(p, S, idx, face);
  }
  for (int j = 0; j < m->sets[set].n; j++) {
    int e = m->sets[set].items[j];
    if ((r = inp_check_face(p, e, face, p->f[1])) || (r = surf_add_face(p, S, e, face))) return r;
  }
  return SN_OK;
}

int inp_surface_end(inp_rd *p)
{
  sn_surface *S = &p->m->surfaces[p->cur_surf];
  for (int i = 0; i < S->n; i++) p->mark[S->node_based ? S->node[i] : S->elem[i]] = 0;
  return SN_OK;
}

int inp_interaction_begin(inp_rd *p)
{
  SBUF;
  sn_model *m = p->m;
  char name[MAXNAME + 1];
  int r = inp_par_name(p, "NAME", 1, name);
  if (r) return r;
  if (inp_name_find(p, NS_INTER, name) >= 0) return inp_fail(p, "surface interaction '%s' is defined twice", SHOW(name));
  GROW(m->interactions, p->cap_int, (size_t)m->ninteractions + 1);
  sn_interaction *t = &m->interactions[m->ninteractions];
  memset(t, 0, sizeof *t);
  snprintf(t->name, sizeof t->name, "%s", name);
  t->law = SN_OVERCLOSURE_HARD;
  t->line = p->line;
  p->cur_int = m->ninteractions++;
  return inp_name_add(p, NS_INTER, p->cur_int);
}

int inp_behavior_begin(inp_rd *p)
{
  SBUF;
  if (p->cur_int < 0) return inp_fail(p, "*SURFACE BEHAVIOR outside a *SURFACE INTERACTION definition");
  sn_interaction *t = &p->m->interactions[p->cur_int];
  inp_param *q = inp_par(p, "PRESSURE-OVERCLOSURE");
  if (!q) return inp_fail(p, "*SURFACE BEHAVIOR needs the parameter PRESSURE-OVERCLOSURE=");
  if (q->val && !strcmp(q->val, "HARD")) t->law = SN_OVERCLOSURE_HARD;
  else if (q->val && !strcmp(q->val, "LINEAR")) t->law = SN_OVERCLOSURE_LINEAR;
  else return inp_fail(p, "PRESSURE-OVERCLOSURE=%s is not supported (HARD or LINEAR)", q->val ? SHOW(q->raw) : "");
  return SN_OK;
}

int inp_behavior_data(inp_rd *p)
{
  sn_interaction *t = &p->m->interactions[p->cur_int];
  int r, lin = t->law == SN_OVERCLOSURE_LINEAR;
  if (p->ndata) return inp_fail(p, "*SURFACE BEHAVIOR takes one data line");
  if (p->nf < 1 || p->nf > (lin ? 3 : 1))
    return inp_fail(p, lin ? "PRESSURE-OVERCLOSURE=LINEAR data line: expected slope[, sigma_inf[, c0]], found %d fields"
                       : "PRESSURE-OVERCLOSURE=HARD data line: expected the penalty stiffness, found %d fields", p->nf);
  double v[3] = {0, 0, 0};
  for (int k = 0; k < p->nf; k++) {
    if ((r = inp_get_dbl(p, p->f[k], k == 0 ? (lin ? "slope" : "penalty stiffness") : k == 1 ? "sigma_inf" : "c0", &v[k]))) return r;
    if (!(v[k] > 0)) return inp_fail(p, "%s %g must be positive", k == 0 ? (lin ? "slope" : "penalty stiffness") : k == 1 ? "sigma_inf" : "c0", v[k]);
  }
  t->slope = v[0];
  t->sigma_inf = v[1];
  t->c0 = v[2];
  return SN_OK;
}

int inp_behavior_end(inp_rd *p)
{
  if (!p->ndata && p->m->interactions[p->cur_int].law == SN_OVERCLOSURE_LINEAR)
    return inp_fail_at(p, p->kw_file, p->kw_line, "PRESSURE-OVERCLOSURE=LINEAR needs a data line with the slope");
  return SN_OK;
}

int inp_friction_begin(inp_rd *p)
{
  if (p->cur_int < 0) return inp_fail(p, "*FRICTION outside a *SURFACE INTERACTION definition");
  if (p->m->interactions[p->cur_int].has_friction)
    return inp_fail(p, "surface interaction '%s' has a second *FRICTION", p->m->interactions[p->cur_int].name);
  return SN_OK;
}

int inp_friction_data(inp_rd *p)
{
  sn_interaction *t = &p->m->interactions[p->cur_int];
  int r;
  if (p->ndata) return inp_fail(p, "*FRICTION takes one data line");
  if (p->nf < 1 || p->nf > 2) return inp_fail(p, "*FRICTION data line: expected mu[, stick slope], found %d fields", p->nf);
  double mu, st = 0;
  if ((r = inp_get_dbl(p, p->f[0], "friction coefficient", &mu))) return r;
  if (mu < 0) return inp_fail(p, "friction coefficient %g is negative", mu);
  if (p->nf == 2) {
    if ((r = inp_get_dbl(p, p->f[1], "stick slope", &st))) return r;
    if (!(st > 0)) return inp_fail(p, "stick slope %g must be positive", st);
  }
  t->mu = mu;
  t->stick_slope = st;
  t->has_friction = 1;
  return SN_OK;
}

int inp_pair_begin(inp_rd *p)
{
  SBUF;
  char name[MAXNAME + 1];
  int r = inp_par_name(p, "INTERACTION", 1, name);
  if (r) return r;
  p->cur_pair_type = SN_PAIR_NODE_TO_SURFACE;
  inp_param *q = inp_par(p, "TYPE");
  if (q) {
    if (q->val && !strcmp(q->val, "NODETOSURFACE")) p->cur_pair_type = SN_PAIR_NODE_TO_SURFACE;
    else if (q->val && !strcmp(q->val, "SURFACETOSURFACE")) p->cur_pair_type = SN_PAIR_SURFACE_TO_SURFACE;
    else return inp_fail(p, "*CONTACT PAIR, TYPE=%s is not supported (NODE TO SURFACE or SURFACE TO SURFACE)", q->val ? SHOW(q->raw) : "");
  }
  strcpy(p->cur_name, name);
  return SN_OK;
}

static int surface_named(inp_rd *p, const char *s, int *idx)
{
  SBUF;
  char name[MAXNAME + 1];
  size_t k = 0;
  if (!*s) return inp_fail(p, "missing surface name (empty field)");
  for (; s[k]; k++) {
    if (k >= MAXNAME) return inp_fail(p, "name '%s' is longer than %d characters", SHOW(s), MAXNAME);
    name[k] = upc(s[k]);
  }
  name[k] = '\0';
  *idx = inp_name_find(p, NS_SURF, name);
  if (*idx < 0) return inp_fail(p, "surface '%s' is not defined (surfaces must be defined before they are used)", SHOW(s));
  return SN_OK;
}

int inp_pair_data(inp_rd *p)
{
  sn_model *m = p->m;
  int r, sl, ma;
  if (p->nf != 2) return inp_fail(p, "*CONTACT PAIR data line: expected slave surface, master surface, found %d field%s", p->nf,
                              p->nf == 1 ? "" : "s");
  if ((r = surface_named(p, p->f[0], &sl)) || (r = surface_named(p, p->f[1], &ma))) return r;
  if (m->surfaces[ma].node_based) return inp_fail(p, "master surface '%s' must be element based (TYPE=ELEMENT)", m->surfaces[ma].name);
  if (p->cur_pair_type == SN_PAIR_SURFACE_TO_SURFACE && m->surfaces[sl].node_based)
    return inp_fail(p, "SURFACE TO SURFACE: slave surface '%s' must be element based (TYPE=ELEMENT)", m->surfaces[sl].name);
  if (sl == ma) return inp_fail(p, "contact pair of surface '%s' with itself", m->surfaces[sl].name);
  size_t need = (size_t)m->npairs + 1, c1 = p->cap_pair, c2 = p->cap_pair;
  GROW(m->pairs, p->cap_pair, need);
  GROW(p->pair_int, c1, need);
  GROW(p->pair_file, c2, need);
  sn_contact_pair *cp = &m->pairs[m->npairs];
  cp->interaction = -1;
  cp->slave = sl;
  cp->master = ma;
  cp->type = p->cur_pair_type;
  cp->line = p->line;
  strcpy(p->pair_int[m->npairs], p->cur_name);
  p->pair_file[m->npairs] = p->file;
  m->npairs++;
  return SN_OK;
}
