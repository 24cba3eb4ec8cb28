/* Keywords of contact: *SURFACE, *SURFACE INTERACTION, *SURFACE BEHAVIOR, *FRICTION,
 * *CONTACT PAIR (docs/deck.md, "Keywords"). */
#include <stdio.h>
#include <string.h>

#include "deck/inp_internal.h"
#include "io/text_scan.h"

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
  /* a node and a face surface may share a name; a second *SURFACE of a name and type extends
   * the first (CalculiX 2.20) */
  int ns = nodeb ? NS_NSURF : NS_SURF, old = inp_name_find(p, ns, name);
  if ((r = inp_mark_ensure(p))) return r;
  if (old >= 0) {
    sn_surface *S = &m->surfaces[old];
    p->cur_surf = old;
    p->cap_item = (size_t)S->n;
    for (int i = 0; i < S->n; i++) {
      if (S->node_based) p->mark[S->node[i]] |= 1;
      else p->mark[S->elem[i]] |= (unsigned char)(1u << S->face[i]);
    }
    return SN_OK;
  }
  GROW(m->surfaces, p->cap_surf, (size_t)m->nsurfaces + 1);
  sn_surface *S = &m->surfaces[m->nsurfaces];
  memset(S, 0, sizeof *S);
  snprintf(S->name, sizeof S->name, "%s", name);
  S->node_based = nodeb;
  S->line = p->line;
  p->cur_surf = m->nsurfaces++;
  p->cap_item = 0;
  return inp_name_add(p, ns, p->cur_surf);
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
    double w = 0.0;   /* none given: CalculiX' area (src/contact/node_area.c) */
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

/* the interaction that *SURFACE BEHAVIOR / *FRICTION fill: the one being defined (model
 * data), or the step's change record after *CHANGE SURFACE BEHAVIOR / *CHANGE FRICTION */
static sn_interaction *cur_inter(inp_rd *p)
{
  if (p->cur_change >= 0) return &p->m->steps[p->m->nsteps - 1].change[p->cur_change].val;
  return &p->m->interactions[p->cur_int];
}

/* where *SURFACE BEHAVIOR and *FRICTION may stand: in a *SURFACE INTERACTION definition, or
 * right after the *CHANGE keyword of their own kind inside a step */
static int law_place(inp_rd *p, const char *kw, const char *change)
{
  if (p->in_step) {
    if (p->cur_change < 0 || strcmp(p->change_kind, kw))
      return inp_fail(p, "*%s inside a step must follow *%s", kw, change);
    return SN_OK;
  }
  if (p->m->nsteps) return inp_fail(p, "*%s is model data: not allowed after the first *STEP", kw);
  if (p->cur_int < 0) return inp_fail(p, "*%s outside a *SURFACE INTERACTION definition", kw);
  return SN_OK;
}

int inp_behavior_begin(inp_rd *p)
{
  SBUF;
  int r = law_place(p, "SURFACE BEHAVIOR", "CHANGE SURFACE BEHAVIOR");
  if (r) return r;
  sn_interaction *t = cur_inter(p);
  inp_param *q = inp_par(p, "PRESSURE-OVERCLOSURE");
  if (!q) return inp_fail(p, "*SURFACE BEHAVIOR needs the parameter PRESSURE-OVERCLOSURE=");
  static const char *const names[] = {"HARD", "LINEAR", "EXPONENTIAL", "TABULAR", "TIED"};
  int k = 0;
  while (k < 5 && (!q->val || strcmp(q->val, names[k]))) k++;
  if (k == 5)
    return inp_fail(p, "PRESSURE-OVERCLOSURE=%s is not supported (HARD, LINEAR, EXPONENTIAL, TABULAR or TIED)",
                    q->val ? SHOW(q->raw) : "");
  t->law = (sn_overclosure)k;
  t->slope = t->sigma_inf = t->c0 = t->p0 = 0.0;
  t->ntab = 0;
  t->behavior_line = p->line;
  return SN_OK;
}

/* TABULAR data lines: one pair pressure, overclosure per line (CalculiX' layout: ccx 2.20 reads
 * only the first pair of a longer line), overclosure increasing */
static int table_data(inp_rd *p, sn_interaction *t)
{
  int r;
  double pr, h;
  if (p->nf != 2) return inp_fail(p, "PRESSURE-OVERCLOSURE=TABULAR data line: expected pressure, overclosure (one pair per line), found %d fields", p->nf);
  if ((r = inp_get_dbl(p, p->f[0], "pressure", &pr)) || (r = inp_get_dbl(p, p->f[1], "overclosure", &h))) return r;
  if (pr < 0) return inp_fail(p, "pressure %g of the table is negative", pr);
  if (t->ntab >= SN_LAW_MAXTAB) return inp_fail(p, "the pressure-overclosure table holds more than %d points", SN_LAW_MAXTAB);
  if (t->ntab && !(h > t->tab_h[t->ntab - 1]))
    return inp_fail(p, "overclosure %g does not increase (previous %g)", h, t->tab_h[t->ntab - 1]);
  t->tab_p[t->ntab] = pr;
  t->tab_h[t->ntab++] = h;
  return SN_OK;
}

int inp_behavior_data(inp_rd *p)
{
  sn_interaction *t = cur_inter(p);
  int r;
  if (t->law == SN_OVERCLOSURE_TABULAR) return table_data(p, t);
  if (p->ndata) return inp_fail(p, "*SURFACE BEHAVIOR takes one data line");
  /* fields per law: the most, and their names */
  static const int most[] = {1, 3, 2, 0, 1};
  static const char *const what[][3] = {{"penalty stiffness", "", ""}, {"slope", "sigma_inf", "c0"}, {"c0", "p0", ""},
                                        {"", "", ""}, {"slope", "", ""}};
  static const char *const expect[] = {"the penalty stiffness", "slope[, sigma_inf[, c0]]", "c0, p0", "", "slope"};
  static const char *const lname[] = {"HARD", "LINEAR", "EXPONENTIAL", "TABULAR", "TIED"};
  int L = (int)t->law;
  if (p->nf < 1 || p->nf > most[L])
    return inp_fail(p, "PRESSURE-OVERCLOSURE=%s data line: expected %s, found %d fields", lname[L], expect[L], p->nf);
  double v[3] = {0, 0, 0};
  for (int k = 0; k < p->nf; k++) {
    if (L == SN_OVERCLOSURE_LINEAR && k > 0 && !p->f[k][0]) continue;      /* an empty field: the default */
    if ((r = inp_get_dbl(p, p->f[k], what[L][k], &v[k]))) return r;
    if (!(v[k] > 0)) return inp_fail(p, "%s %g must be positive", what[L][k], v[k]);
  }
  if (L == SN_OVERCLOSURE_EXPONENTIAL) {
    t->c0 = v[0];
    t->p0 = v[1];
    return SN_OK;
  }
  t->slope = v[0];
  t->sigma_inf = v[1];
  t->c0 = v[2];
  return SN_OK;
}

int inp_behavior_end(inp_rd *p)
{
  const sn_interaction *t = cur_inter(p);
  if (!p->ndata && t->law != SN_OVERCLOSURE_HARD) {
    static const char *const need[] = {"", "LINEAR needs a data line with the slope", "EXPONENTIAL needs a data line c0, p0",
                                       "TABULAR needs data lines pressure, overclosure", "TIED needs a data line with the slope"};
    return inp_fail_at(p, p->kw_file, p->kw_line, "PRESSURE-OVERCLOSURE=%s", need[t->law]);
  }
  if (t->law == SN_OVERCLOSURE_EXPONENTIAL && p->ndata && !(t->c0 > 0 && t->p0 > 0))
    return inp_fail_at(p, p->kw_file, p->kw_line, "PRESSURE-OVERCLOSURE=EXPONENTIAL needs both c0 and p0");
  if (t->law == SN_OVERCLOSURE_TABULAR && t->ntab < 2)
    return inp_fail_at(p, p->kw_file, p->kw_line, "PRESSURE-OVERCLOSURE=TABULAR needs at least two points");
  return SN_OK;
}

int inp_friction_begin(inp_rd *p)
{
  int r = law_place(p, "FRICTION", "CHANGE FRICTION");
  if (r) return r;
  if (!p->in_step && p->m->interactions[p->cur_int].has_friction)
    return inp_fail(p, "surface interaction '%s' has a second *FRICTION", p->m->interactions[p->cur_int].name);
  int lag = 0;
  if ((r = inp_par_flag(p, "LAGRANGE", &lag))) return r;
  cur_inter(p)->friction_line = p->line;
  cur_inter(p)->exact_stick = lag;
  return SN_OK;
}

int inp_friction_data(inp_rd *p)
{
  sn_interaction *t = cur_inter(p);
  int r;
  if (p->ndata) return inp_fail(p, "*FRICTION takes one data line");
  if (p->nf < 1 || p->nf > 2) return inp_fail(p, "*FRICTION data line: expected mu[, stick slope], found %d fields", p->nf);
  double mu, st = 0;
  if ((r = inp_get_dbl(p, p->f[0], "friction coefficient", &mu))) return r;
  if (mu < 0) return inp_fail(p, "friction coefficient %g is negative", mu);
  if (p->nf == 2 && p->f[1][0]) {
    if ((r = inp_get_dbl(p, p->f[1], "stick slope", &st))) return r;
    if (!(st > 0)) return inp_fail(p, "stick slope %g must be positive", st);
  }
  t->mu = mu;
  t->stick_slope = st;
  t->has_friction = 1;
  if (mu > SN_MU_STICK)
    return inp_note(p, "*FRICTION: friction coefficient %g taken as %g (perfect stick: at larger values the cone "
                    "solvers' results are not verifiable; docs/deck.md)", mu, SN_MU_STICK);
  return SN_OK;
}

/* *CONTACT DAMPING[, TANGENT FRACTION=f] in a *SURFACE INTERACTION: one line, the damping
 * constant (CalculiX: normal force = constant x area x normal velocity difference; f of it
 * tangentially). Read and kept; it acts on velocities, which quasi-static steps do not have
 * (a note at run time), and *DYNAMIC steps refuse it. */
int inp_damping_contact_begin(inp_rd *p)
{
  SBUF;
  if (p->cur_int < 0) return inp_fail(p, "*CONTACT DAMPING outside a *SURFACE INTERACTION definition");
  sn_interaction *t = &p->m->interactions[p->cur_int];
  inp_param *q = inp_par(p, "TANGENTFRACTION");
  t->damp_tfrac = 0.0;
  if (q) {
    int r;
    if (!q->val) return inp_fail(p, "parameter TANGENT FRACTION of *CONTACT DAMPING needs a value");
    if ((r = inp_get_dbl(p, q->raw, "TANGENT FRACTION", &t->damp_tfrac))) return r;
    if (t->damp_tfrac < 0 || t->damp_tfrac > 1) return inp_fail(p, "TANGENT FRACTION=%s: expected a value in [0, 1]", SHOW(q->raw));
  }
  t->damping_line = p->line;
  return SN_OK;
}

int inp_damping_contact_data(inp_rd *p)
{
  sn_interaction *t = &p->m->interactions[p->cur_int];
  int r;
  if (p->ndata) return inp_fail(p, "*CONTACT DAMPING takes one data line");
  if (p->nf != 1) return inp_fail(p, "*CONTACT DAMPING data line: expected the damping constant, found %d fields", p->nf);
  if ((r = inp_get_dbl(p, p->f[0], "damping constant", &t->damping))) return r;
  if (!(t->damping >= 0)) return inp_fail(p, "damping constant %g is negative", t->damping);
  return SN_OK;
}

/* the current effective record of interaction k: its last change in an earlier or this step,
 * else the model's */
static const sn_interaction *effective(const sn_model *m, int k)
{
  for (int s = m->nsteps - 1; s >= 0; s--)
    for (int c = m->steps[s].nchange - 1; c >= 0; c--)
      if (m->steps[s].change[c].interaction == k) return &m->steps[s].change[c].val;
  return &m->interactions[k];
}

/* a change record in the current step; *idx its index */
static int change_push(inp_rd *p, int *idx)
{
  sn_step *st = &p->m->steps[p->m->nsteps - 1];
  size_t cap = (size_t)st->nchange;        /* grown one at a time: a step holds few changes */
  GROW(st->change, cap, (size_t)st->nchange + 1);
  memset(&st->change[st->nchange], 0, sizeof st->change[0]);
  st->change[st->nchange].line = p->line;
  st->change[st->nchange].interaction = -1;
  *idx = st->nchange++;
  return SN_OK;
}

/* *CHANGE FRICTION / *CHANGE SURFACE BEHAVIOR, INTERACTION=name: the next keyword (*FRICTION /
 * *SURFACE BEHAVIOR) gives the interaction's new friction / law from this step on */
static int change_begin(inp_rd *p, const char *kind)
{
  SBUF;
  char name[MAXNAME + 1];
  int r = inp_par_name(p, "INTERACTION", 1, name), k, c;
  if (r) return r;
  if ((k = inp_name_find(p, NS_INTER, name)) < 0) return inp_fail(p, "surface interaction '%s' is not defined", SHOW(name));
  sn_interaction cur = *effective(p->m, k);
  if ((r = change_push(p, &c))) return r;
  sn_step_change *ch = &p->m->steps[p->m->nsteps - 1].change[c];
  ch->interaction = k;
  ch->val = cur;
  p->cur_change = c;
  snprintf(p->change_kind, sizeof p->change_kind, "%s", kind);
  return SN_OK;
}

int inp_change_friction_begin(inp_rd *p) { return change_begin(p, "FRICTION"); }
int inp_change_behavior_begin(inp_rd *p) { return change_begin(p, "SURFACE BEHAVIOR"); }

/* *MODEL CHANGE, TYPE=CONTACT PAIR, ADD | REMOVE: data lines slave, master naming pairs */
int inp_model_change_begin(inp_rd *p)
{
  SBUF;
  inp_param *q = inp_par(p, "TYPE");
  if (!q || !q->val || strcmp(q->val, "CONTACTPAIR"))
    return inp_fail(p, "*MODEL CHANGE: only TYPE=CONTACT PAIR is supported%s%s", q && q->val ? ", not " : "",
                    q && q->val ? SHOW(q->raw) : "");
  int add = 0, rem = 0, r;
  if ((r = inp_par_flag(p, "ADD", &add)) || (r = inp_par_flag(p, "REMOVE", &rem))) return r;
  if (add == rem) return inp_fail(p, "*MODEL CHANGE needs exactly one of ADD and REMOVE");
  p->change_add = add;
  return SN_OK;
}


int inp_model_change_data(inp_rd *p)
{
  sn_model *m = p->m;
  int r, sl, sl2, ma, c, found = 0;
  if (p->nf != 2) return inp_fail(p, "*MODEL CHANGE data line: expected slave surface, master surface, found %d fields", p->nf);
  /* the slave name may hold a node-based and an element-face surface: a pair of either matches */
  if ((r = inp_surface_named(p, p->f[0], INP_SURF_NODES, &sl)) || (r = inp_surface_named(p, p->f[0], INP_SURF_FACES, &sl2)) ||
      (r = inp_surface_named(p, p->f[1], INP_SURF_FACES, &ma)))
    return r;
  for (int k = 0; k < m->npairs; k++) {
    if ((m->pairs[k].slave != sl && m->pairs[k].slave != sl2) || m->pairs[k].master != ma) continue;
    if ((r = change_push(p, &c))) return r;
    sn_step_change *ch = &m->steps[m->nsteps - 1].change[c];
    ch->pair = k;
    ch->active = p->change_add;
    /* a pair added in a later step is inactive until then (CalculiX: pairs to be added are
       defined in the model and activated by *MODEL CHANGE, ADD) */
    if (p->change_add) {
      int removed_before = 0;
      for (int s = 0; s < m->nsteps - 1; s++)
        for (int j = 0; j < m->steps[s].nchange; j++)
          removed_before |= m->steps[s].change[j].interaction < 0 && m->steps[s].change[j].pair == k;
      if (!removed_before) m->pairs[k].inactive = 1;
    }
    found = 1;
  }
  if (!found) return inp_fail(p, "no *CONTACT PAIR with slave surface %s and master surface %s", m->surfaces[sl].name,
                              m->surfaces[ma].name);
  return SN_OK;
}

int inp_pair_begin(inp_rd *p)
{
  SBUF;
  char name[MAXNAME + 1];
  int r = inp_par_name(p, "INTERACTION", 1, name);
  if (r) return r;
  p->cur_pair_type = SN_PAIR_NODE_TO_SURFACE;
  p->cur_mortar = 0;
  inp_param *q = inp_par(p, "TYPE");
  if (q) {
    if (q->val && !strcmp(q->val, "NODETOSURFACE")) p->cur_pair_type = SN_PAIR_NODE_TO_SURFACE;
    else if (q->val && !strcmp(q->val, "SURFACETOSURFACE")) p->cur_pair_type = SN_PAIR_SURFACE_TO_SURFACE;
    else if (q->val && !strcmp(q->val, "MORTAR")) p->cur_pair_type = SN_PAIR_SURFACE_TO_SURFACE, p->cur_mortar = 1;
    else return inp_fail(p, "*CONTACT PAIR, TYPE=%s is not supported (NODE TO SURFACE, SURFACE TO SURFACE or MORTAR)", q->val ? SHOW(q->raw) : "");
  }
  strcpy(p->cur_name, name);
  /* SMALL SLIDING (a flag), ADJUST= a distance >= 0 or a node set */
  if ((r = inp_par_flag(p, "SMALLSLIDING", &p->cur_small))) return r;
  p->cur_adjust = 0.0;
  p->cur_adjust_set = -1;
  if ((q = inp_par(p, "ADJUST"))) {
    if (!q->val || !q->val[0]) return inp_fail(p, "parameter ADJUST of *CONTACT PAIR needs a value (a distance or a node set)");
    if (sn_scan_is_number(q->raw, strlen(q->raw))) {
      if ((r = inp_get_dbl(p, q->raw, "ADJUST", &p->cur_adjust))) return r;
      if (p->cur_adjust < 0) return inp_fail(p, "ADJUST=%g must not be negative", p->cur_adjust);
    } else {
      p->cur_adjust = 0.0;
      p->cur_adjust_set = inp_name_find(p, NS_NSET, q->val);
      if (p->cur_adjust_set < 0) return inp_fail(p, "ADJUST=%s: neither a distance nor a node set", SHOW(q->raw));
    }
  }
  return SN_OK;
}

/* the surface named by field s (defined before), its index in *idx (inp_internal.h) */
int inp_surface_named(inp_rd *p, const char *s, int want, int *idx)
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
  int fa = inp_name_find(p, NS_SURF, name), no = inp_name_find(p, NS_NSURF, name);
  if (fa >= 0 && no >= 0 && want == INP_SURF_ONE)
    return inp_fail(p, "surface '%s' is defined both with TYPE=NODE and TYPE=ELEMENT: which one is meant here is not "
                    "supported (rename one)", SHOW(s));
  *idx = want == INP_SURF_NODES ? (no >= 0 ? no : fa) : (fa >= 0 ? fa : no);
  if (*idx < 0) return inp_fail(p, "surface '%s' is not defined (surfaces must be defined before they are used)", SHOW(s));
  return SN_OK;
}

int inp_pair_data(inp_rd *p)
{
  sn_model *m = p->m;
  int r, sl, ma;
  if (p->nf != 2) return inp_fail(p, "*CONTACT PAIR data line: expected slave surface, master surface, found %d field%s", p->nf,
                              p->nf == 1 ? "" : "s");
  /* CalculiX 2.20: the slave of node-to-surface contact is the node-based surface of that name when
   * there is one, otherwise its faces; every other role takes faces */
  int slwant = p->cur_pair_type == SN_PAIR_SURFACE_TO_SURFACE ? INP_SURF_FACES : INP_SURF_NODES;
  if ((r = inp_surface_named(p, p->f[0], slwant, &sl)) || (r = inp_surface_named(p, p->f[1], INP_SURF_FACES, &ma))) return r;
  if (m->surfaces[ma].node_based) return inp_fail(p, "master surface '%s' must be element based (TYPE=ELEMENT)", m->surfaces[ma].name);
  if (p->cur_pair_type == SN_PAIR_SURFACE_TO_SURFACE && m->surfaces[sl].node_based)
    return inp_fail(p, "SURFACE TO SURFACE: slave surface '%s' must be element based (TYPE=ELEMENT)", m->surfaces[sl].name);
  if (sl == ma) return inp_fail(p, "contact pair of surface '%s' with itself", m->surfaces[sl].name);
  size_t need = (size_t)m->npairs + 1, c1 = p->cap_pair, c2 = p->cap_pair;
  GROW(m->pairs, p->cap_pair, need);
  GROW(p->pair_int, c1, need);
  GROW(p->pair_file, c2, need);
  sn_contact_pair *cp = &m->pairs[m->npairs];
  memset(cp, 0, sizeof *cp);   /* the analysis' fields (pin, u_start, relief_u0) NULL */
  cp->interaction = -1;
  cp->slave = sl;
  cp->master = ma;
  cp->type = p->cur_pair_type;
  cp->small_sliding = p->cur_small;
  cp->mortar = p->cur_mortar;
  cp->adjust = p->cur_adjust;
  cp->adjust_set = p->cur_adjust_set;
  cp->inactive = 0;
  cp->pin = NULL;
  cp->line = p->line;
  strcpy(p->pair_int[m->npairs], p->cur_name);
  p->pair_file[m->npairs] = p->file;
  m->npairs++;
  return SN_OK;
}
