/* Keywords of output requests: *NODE PRINT, *EL PRINT, *CONTACT PRINT, *NODE FILE, *EL FILE
 * (docs/deck.md, "Keywords"). */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "deck/inp_internal.h"

static int out_begin(inp_rd *p, sn_outkind kind)
{
  SBUF;
  sn_step *st = cur_step(p);
  char name[MAXNAME + 1] = "";
  int r, set = -1;
  int nodal = kind == SN_OUT_NODE_PRINT || kind == SN_OUT_NODE_FILE;
  if (kind != SN_OUT_CONTACT_PRINT) {
    if ((r = inp_par_name(p, nodal ? "NSET" : "ELSET", 0, name))) return r;
    if (name[0] && (r = inp_need_set(p, nodal ? SN_SET_NODE : SN_SET_ELEM, name, &set))) return r;
  }
  /* read and ignored (GLOBAL: used by *NODE PRINT, below), but their values checked: a typo is an error */
  static const char *const ignored[] = {"FREQUENCY", "TOTALS", "GLOBAL", "OUTPUT"};
  static const char *const values[] = {NULL, "YES NO ONLY", "YES NO", "2D 3D"};
  for (int k = 0; k < 4; k++) {
    inp_param *q = inp_par(p, ignored[k]);
    if (!q) continue;
    if (!q->val || !q->val[0]) return inp_fail(p, "parameter %s of %s needs a value", ignored[k], p->kw->shown);
    int freq;
    if (!values[k] && (r = inp_get_int(p, q->val, "FREQUENCY", 0, INT_MAX, &freq))) return r;
    if (values[k] && !inp_in_list(values[k], q->val))
      return inp_fail(p, "%s=%s: expected one of %s", ignored[k], SHOW(q->raw), values[k]);
  }
  GROW(st->out, p->cap_out, (size_t)st->nout + 1);
  sn_output *o = &st->out[st->nout++];
  memset(o, 0, sizeof *o);
  o->kind = kind;
  o->set = set;
  inp_param *g = inp_par(p, "GLOBAL");
  o->global = g && g->val && !strcmp(g->val, "YES");
  o->line = p->line;
  return SN_OK;
}
int inp_nodeprint_begin(inp_rd *p) { return out_begin(p, SN_OUT_NODE_PRINT); }
int inp_elprint_begin(inp_rd *p) { return out_begin(p, SN_OUT_EL_PRINT); }
int inp_contactprint_begin(inp_rd *p) { return out_begin(p, SN_OUT_CONTACT_PRINT); }
int inp_nodefile_begin(inp_rd *p) { return out_begin(p, SN_OUT_NODE_FILE); }
int inp_elfile_begin(inp_rd *p) { return out_begin(p, SN_OUT_EL_FILE); }

int inp_out_data(inp_rd *p)
{
  SBUF;
  sn_step *st = cur_step(p);
  sn_output *o = &st->out[st->nout - 1];
  const char *known = (o->kind == SN_OUT_NODE_PRINT || o->kind == SN_OUT_NODE_FILE) ? "U RF"
                      : o->kind == SN_OUT_CONTACT_PRINT ? "CSTR CDIS CELS CF" : "S E ENER EVOL";
  if (!p->nf) return inp_fail(p, "%s data line: expected output variable names", p->kw->shown);
  for (int k = 0; k < p->nf; k++) {
    char v[16];
    size_t n = 0;
    for (; p->f[k][n] && n < sizeof v - 1; n++) v[n] = upc(p->f[k][n]);
    v[n] = '\0';
    if (p->f[k][n] || !inp_in_list(known, v))
      return inp_fail(p, "unknown output variable '%s' for %s (known: %s)", SHOW(p->f[k]), p->kw->shown, known);
    size_t L = strlen(o->vars);
    if (L + n + 2 > sizeof o->vars) return inp_fail(p, "too many output variables for %s", p->kw->shown);
    if (inp_in_list(o->vars, v)) continue;         /* given twice */
    snprintf(o->vars + L, sizeof o->vars - L, "%s%s", L ? "," : "", v);
  }
  return SN_OK;
}
