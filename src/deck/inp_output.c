/* Keywords of output requests: *NODE PRINT, *EL PRINT, *CONTACT PRINT, *NODE FILE, *EL FILE,
 * *CONTACT FILE and *TIME POINTS (docs/deck.md, "Output requests"; CalculiX 2.20 manual,
 * sections *NODE PRINT ... *TIME POINTS).
 *
 * Parameters CalculiX itself does not know, which it skips with "parameter not recognized"
 * (NSET= / SET= of *CONTACT PRINT, POSITION= of *EL FILE, CONTACT ELEMENT of *NODE FILE), are
 * accepted the same way here, with a note (sn_model.notes) saying that they have no effect;
 * any other unknown parameter stays an error (the keyword table). */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "deck/inp_internal.h"

static int is_nodal(sn_outkind k) { return k == SN_OUT_NODE_PRINT || k == SN_OUT_NODE_FILE; }

/* FREQUENCY=, TOTALS=, GLOBAL=, OUTPUT= (their values checked: a typo is an error) and TIME
 * POINTS= (the sequence must exist) */
static int common_params(inp_rd *p, sn_output *o)
{
  SBUF;
  static const char *const keys[] = {"FREQUENCY", "TOTALS", "GLOBAL", "OUTPUT", "TIMEPOINTS"};
  static const char *const values[] = {NULL, "YES NO ONLY", "YES NO", "2D 3D", NULL};
  int r;
  for (int k = 0; k < 5; k++) {
    inp_param *q = inp_par(p, keys[k]);
    if (!q) continue;
    if (!q->val || !q->val[0]) return inp_fail(p, "parameter %s of %s needs a value", keys[k], p->kw->shown);
    if (values[k] && !inp_in_list(values[k], q->val))
      return inp_fail(p, "%s=%s: expected one of %s", keys[k], SHOW(q->raw), values[k]);
    if (k == 0 && (r = inp_get_int(p, q->val, "FREQUENCY", 0, INT_MAX, &o->frequency))) return r;
    if (k == 1) o->totals = !strcmp(q->val, "YES") ? 1 : !strcmp(q->val, "ONLY") ? 2 : 0;
    if (k == 4) {
      o->timepoints = -1;
      for (int i = 0; i < p->m->ntimepoints; i++)
        if (!strcmp(p->m->timepoints[i].name, q->val)) o->timepoints = i;
      if (o->timepoints < 0) return inp_fail(p, "TIME POINTS=%s: no *TIME POINTS of this name (defined before)", SHOW(q->raw));
    }
  }
  if (o->frequency >= 0 && o->timepoints >= 0)
    return inp_fail(p, "FREQUENCY and TIME POINTS exclude each other (CalculiX manual, %s)", p->kw->shown);
  return SN_OK;
}

/* the parameters CalculiX skips with a warning: accepted, with a note */
static int skipped_params(inp_rd *p, sn_outkind kind)
{
  SBUF;
  int r = SN_OK;
  inp_param *q;
  if (kind == SN_OUT_CONTACT_PRINT) {
    for (int k = 0; k < 2 && !r; k++)
      if ((q = inp_par(p, k ? "SET" : "NSET")))
        r = inp_note(p, "*CONTACT PRINT, %s=%s ignored: CalculiX does not know this parameter (it warns and prints every "
                     "active contact point), nor does signorini", k ? "SET" : "NSET", q->val ? SHOW(q->raw) : "");
  }
  if (kind == SN_OUT_EL_FILE && (q = inp_par(p, "POSITION"))) {
    if (!q->val || !inp_in_list("NODES AVERAGEDATNODES INTEGRATIONPOINTS CENTROIDAL", q->val))
      return inp_fail(p, "POSITION=%s: expected NODES, AVERAGED AT NODES, INTEGRATION POINTS or CENTROIDAL",
                      q->val ? SHOW(q->raw) : "");
    r = inp_note(p, "*EL FILE, POSITION=%s ignored: CalculiX does not know this Abaqus parameter (it warns); element "
                 "fields go to the .frd averaged at the nodes, as in CalculiX", SHOW(q->raw));
  }
  if (!r && (kind == SN_OUT_NODE_FILE || kind == SN_OUT_EL_FILE || kind == SN_OUT_CONTACT_FILE)) {
    for (int k = 0; k < 2 && !r; k++) {
      if (!(q = inp_par(p, k ? "CONTACTELEMENT" : "CONTACTELEMENTS"))) continue;
      if (q->val) return inp_fail(p, "parameter CONTACT ELEMENTS of %s takes no value", p->kw->shown);
      r = inp_note(p, "%s, %s ignored: %s", p->kw->shown, k ? "CONTACT ELEMENT" : "CONTACT ELEMENTS",
                   k ? "CalculiX does not know this spelling (it warns; CONTACT ELEMENTS writes its contact "
                       "elements to jobname.cel), nor does signorini"
                     : "signorini has no contact elements to write to a .cel file (contact points are in BASE_contact.csv "
                       "and the .vtu files)");
    }
  }
  return r;
}

static int out_begin(inp_rd *p, sn_outkind kind)
{
  sn_step *st = cur_step(p);
  char name[MAXNAME + 1] = "";
  int r, set = -1;
  int nodal = is_nodal(kind);
  /* the set: NSET= of the node requests and of *CONTACT FILE, ELSET= of *EL PRINT; *EL FILE
   * takes either (CalculiX' NSET=, the nodes the .frd lists; or ELSET=) */
  int byset = kind != SN_OUT_CONTACT_PRINT;
  int nset = nodal || kind == SN_OUT_CONTACT_FILE || (kind == SN_OUT_EL_FILE && inp_par(p, "NSET"));
  if (kind == SN_OUT_EL_FILE && inp_par(p, "NSET") && inp_par(p, "ELSET"))
    return inp_fail(p, "*EL FILE: NSET= and ELSET= exclude each other");
  if (byset && (r = inp_par_name(p, nset ? "NSET" : "ELSET", 0, name))) return r;
  if (name[0] && (r = inp_need_set(p, nset ? SN_SET_NODE : SN_SET_ELEM, name, &set))) return r;
  if ((r = skipped_params(p, kind))) return r;
  GROW(st->out, p->cap_out, (size_t)st->nout + 1);
  sn_output *o = &st->out[st->nout++];
  memset(o, 0, sizeof *o);
  o->kind = kind;
  o->set = set;
  inp_param *g = inp_par(p, "GLOBAL");
  o->global = g && g->val && !strcmp(g->val, "YES");
  o->line = p->line;
  o->frequency = -1;
  o->timepoints = -1;
  return common_params(p, o);
}
int inp_nodeprint_begin(inp_rd *p) { return out_begin(p, SN_OUT_NODE_PRINT); }
int inp_elprint_begin(inp_rd *p) { return out_begin(p, SN_OUT_EL_PRINT); }
int inp_contactprint_begin(inp_rd *p) { return out_begin(p, SN_OUT_CONTACT_PRINT); }
int inp_nodefile_begin(inp_rd *p) { return out_begin(p, SN_OUT_NODE_FILE); }
int inp_elfile_begin(inp_rd *p) { return out_begin(p, SN_OUT_EL_FILE); }
int inp_contactfile_begin(inp_rd *p) { return out_begin(p, SN_OUT_CONTACT_FILE); }

/* the variables each request knows, in CalculiX' 4-letter form: CalculiX compares the first
 * four characters of a name, so CDISP, CSTRESS and CSTRE read as CDIS and CSTR; a longer name
 * is accepted only when it extends a known one (CSTRX is not CSTR's spelling, but CalculiX
 * reads it so: signorini refuses what is not a word prefix of the manual's names) */
static const char *known_vars(sn_outkind k)
{
  switch (k) {
  case SN_OUT_NODE_PRINT: return "U RF V NT";
  case SN_OUT_NODE_FILE: return "U RF V";
  case SN_OUT_CONTACT_PRINT: return "CSTR CDIS CELS CNUM";
  case SN_OUT_CONTACT_FILE: return "CSTR CDIS CELS";
  case SN_OUT_EL_PRINT: return "S E ENER ELSE EVOL PEEQ";
  default: return "S E ENER PEEQ";
  }
}
/* long spellings: the full word of which the 4-letter key is the beginning */
static const char *const long_names[][2] = {{"CDIS", "CDISPLACEMENT"}, {"CSTR", "CSTRESS"}};

/* the key of variable v (upper case) for request kind k, or NULL */
static const char *var_key(sn_outkind k, const char *v, char *key)
{
  if (inp_in_list(known_vars(k), v)) return strcpy(key, v);
  size_t n = strlen(v);
  for (size_t i = 0; i < sizeof long_names / sizeof long_names[0]; i++)
    if (n > 4 && !strncmp(v, long_names[i][1], n) && n <= strlen(long_names[i][1]) && inp_in_list(known_vars(k), long_names[i][0]))
      return strcpy(key, long_names[i][0]);
  return NULL;
}

int inp_out_data(inp_rd *p)
{
  SBUF;
  sn_step *st = cur_step(p);
  sn_output *o = &st->out[st->nout - 1];
  const char *known = known_vars(o->kind);
  if (!p->nf) return inp_fail(p, "%s data line: expected output variable names", p->kw->shown);
  for (int k = 0; k < p->nf; k++) {
    char v[24], key[8];
    size_t n = 0;
    for (; p->f[k][n] && n < sizeof v - 1; n++) v[n] = upc(p->f[k][n]);
    v[n] = '\0';
    if (!n) continue;                                 /* "U," */
    /* an element variable under a node request: CalculiX skips it ("label not applicable or
     * unknown", test deck gap): the same, with a note; other words are errors */
    if (!p->f[k][n] && is_nodal(o->kind) && inp_in_list("S E ENER", v)) {
      int r = inp_note(p, "%s: %s ignored: an element variable, not a nodal one (CalculiX skips it with a warning)",
                       p->kw->shown, v);
      if (r) return r;
      continue;
    }
    if (p->f[k][n] || !var_key(o->kind, v, key))
      return inp_fail(p, "unknown output variable '%s' for %s (known: %s; CDISP, CSTRESS and CSTRE read as CDIS and CSTR)",
                      SHOW(p->f[k]), p->kw->shown, known);
    size_t L = strlen(o->vars), kn = strlen(key);
    if (L + kn + 2 > sizeof o->vars) return inp_fail(p, "too many output variables for %s", p->kw->shown);
    if (inp_in_list(o->vars, key)) continue;         /* given twice */
    snprintf(o->vars + L, sizeof o->vars - L, "%s%s", L ? "," : "", key);
  }
  return SN_OK;
}

/* *TIME POINTS, NAME=name [, TIME=TOTAL TIME] [, GENERATE]: times, or with GENERATE lines of
 * start, end, increment (CalculiX 2.20 manual, *TIME POINTS) */
int inp_timepoints_begin(inp_rd *p)
{
  SBUF;
  sn_model *m = p->m;
  char name[MAXNAME + 1];
  int r = inp_par_name(p, "NAME", 1, name), total = 0;
  if (r) return r;
  inp_param *q = inp_par(p, "TIME");
  if (q && (!q->val || !inp_in_list("TOTALTIME STEPTIME", q->val)))
    return inp_fail(p, "TIME=%s: expected TOTAL TIME or STEP TIME", q->val ? SHOW(q->raw) : "");
  if (q) total = !strcmp(q->val, "TOTALTIME");
  if ((r = inp_par_flag(p, "GENERATE", &p->tp_generate))) return r;
  for (int i = 0; i < m->ntimepoints; i++)
    if (!strcmp(m->timepoints[i].name, name)) return inp_fail(p, "*TIME POINTS '%s' is defined twice", SHOW(name));
  GROW(m->timepoints, p->cap_tp, (size_t)m->ntimepoints + 1);
  sn_timepoints *t = &m->timepoints[m->ntimepoints];
  memset(t, 0, sizeof *t);
  snprintf(t->name, sizeof t->name, "%s", name);
  t->total = total;
  t->line = p->line;
  p->cur_tp = m->ntimepoints++;
  p->cap_tpt = 0;
  return SN_OK;
}

static int tp_push(inp_rd *p, sn_timepoints *t, double v)
{
  if (t->n && v <= t->t[t->n - 1])
    return inp_fail(p, "*TIME POINTS: time %g is not larger than the one before (%g)", v, t->t[t->n - 1]);
  if (t->n >= MAXLIST) return inp_fail(p, "*TIME POINTS: more than %d times", MAXLIST);
  GROW(t->t, p->cap_tpt, (size_t)t->n + 1);
  t->t[t->n++] = v;
  return SN_OK;
}

int inp_timepoints_data(inp_rd *p)
{
  sn_timepoints *t = &p->m->timepoints[p->cur_tp];
  double v[3];
  int r, nf = p->nf;
  while (nf > 0 && !p->f[nf - 1][0]) nf--;
  if (p->tp_generate) {
    if (nf != 3) return inp_fail(p, "*TIME POINTS, GENERATE data line: expected start, end, increment, found %d field%s", nf, nf == 1 ? "" : "s");
    for (int k = 0; k < 3; k++)
      if ((r = inp_get_dbl(p, p->f[k], k == 0 ? "start" : k == 1 ? "end" : "increment", &v[k]))) return r;
    if (!(v[2] > 0) || v[1] < v[0]) return inp_fail(p, "*TIME POINTS, GENERATE: expected start <= end and an increment > 0");
    double steps = (v[1] - v[0]) / v[2];
    if (steps > MAXLIST) return inp_fail(p, "*TIME POINTS, GENERATE: more than %d times", MAXLIST);
    int n = (int)(steps + 1e-9);
    for (int i = 0; i <= n; i++)
      if ((r = tp_push(p, t, v[0] + i * v[2]))) return r;
    return SN_OK;
  }
  for (int k = 0; k < nf; k++) {
    if ((r = inp_get_dbl(p, p->f[k], "time", &v[0]))) return r;
    if ((r = tp_push(p, t, v[0]))) return r;
  }
  return SN_OK;
}
