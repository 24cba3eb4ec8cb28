/* Thermal strain keywords (docs/deck.md, "Temperatures and thermal strain"): *EXPANSION (material
 * suboption), *INITIAL CONDITIONS, TYPE=TEMPERATURE (model data; the TYPE=VELOCITY form is
 * inp_dynamic.c's) and *TEMPERATURE (step). CalculiX User's Manual, sections "*EXPANSION",
 * "*INITIAL CONDITIONS", "*TEMPERATURE". The thermal strain is alpha (T - T_initial): with a
 * constant alpha the reference temperature ZERO= has no effect (Abaqus' definition
 * alpha(T) (T - T_zero) - alpha(T_I) (T_I - T_zero) reduces to it). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "deck/inp_internal.h"

int inp_expansion_begin(inp_rd *p)
{
  SBUF;
  if (p->cur_mat < 0) return inp_fail(p, "*EXPANSION outside a *MATERIAL definition");
  sn_material *t = &p->m->materials[p->cur_mat];
  if (t->has_expansion) return inp_fail(p, "material '%s' has a second *EXPANSION", t->name);
  inp_param *q = inp_par(p, "TYPE");
  if (q && (!q->val || strcmp(q->val, "ISO")))
    return inp_fail(p, "*EXPANSION, TYPE=%s is not supported (only TYPE=ISO)", q->val ? SHOW(q->raw) : "");
  t->alpha_zero = 0;
  if ((q = inp_par(p, "ZERO"))) {
    if (!q->val) return inp_fail(p, "parameter ZERO of *EXPANSION needs a value");
    int r = inp_get_dbl(p, q->val, "ZERO", &t->alpha_zero);
    if (r) return r;
  }
  return SN_OK;
}

int inp_expansion_data(inp_rd *p)
{
  sn_material *t = &p->m->materials[p->cur_mat];
  int r;
  double a, T;
  if (p->ndata)
    return inp_fail(p, "temperature-dependent *EXPANSION data (several data lines) is not supported");
  if (p->nf < 1 || p->nf > 2)
    return inp_fail(p, "*EXPANSION data line: expected alpha[, temperature], found %d fields", p->nf);
  if ((r = inp_get_dbl(p, p->f[0], "expansion coefficient", &a))) return r;
  if (p->nf == 2 && (r = inp_get_dbl(p, p->f[1], "temperature", &T))) return r;
  t->alpha = a;
  t->has_expansion = 1;
  return SN_OK;
}

/* *INITIAL CONDITIONS, TYPE=TEMPERATURE data: node or node set, temperature (a later line for
 * the same node replaces the earlier one) */
int inp_initial_temp_data(inp_rd *p)
{
  sn_model *m = p->m;
  int r, idx, set;
  double v;
  if (p->nf != 2)
    return inp_fail(p, "*INITIAL CONDITIONS, TYPE=TEMPERATURE data line: expected node or node set, temperature, "
                       "found %d field%s", p->nf, p->nf == 1 ? "" : "s");
  if ((r = inp_item_or_set(p, p->f[0], SN_SET_NODE, &idx, &set)) || (r = inp_get_dbl(p, p->f[1], "temperature", &v)))
    return r;
  int n = idx >= 0 ? 1 : m->sets[set].n;
  if ((r = inp_rec_room(p, (size_t)n, p->file, p->line))) return r;
  GROW(p->t0_node, p->cap_t0n, (size_t)p->nt0 + (size_t)n);
  GROW(p->t0_val, p->cap_t0v, (size_t)p->nt0 + (size_t)n);
  for (int j = 0; j < n; j++) {
    p->t0_node[p->nt0] = idx >= 0 ? idx : m->sets[set].items[j];
    p->t0_val[p->nt0++] = v;
  }
  return SN_OK;
}

/* at the end of the deck: the initial temperature field (0 where not given) */
int inp_initial_temp_finish(inp_rd *p)
{
  sn_model *m = p->m;
  if (p->nt0 == 0) return SN_OK;
  RESIZE(m->temp0, (size_t)m->nnodes + 1);
  for (int i = 0; i < m->nnodes; i++) m->temp0[i] = 0;
  for (int k = 0; k < p->nt0; k++) m->temp0[p->t0_node[k]] = p->t0_val[k];
  return SN_OK;
}

int inp_temperature_begin(inp_rd *p)
{
  SBUF;
  sn_step *st = cur_step(p);
  char name[MAXNAME + 1];
  if (st->has_temp) return inp_fail(p, "a second *TEMPERATURE in the step (give all its temperatures in one)");
  int r = inp_par_name(p, "AMPLITUDE", 0, name);
  if (r) return r;
  st->temp_amplitude = -1;
  if (name[0] && (st->temp_amplitude = inp_name_find(p, NS_AMP, name)) < 0)
    return inp_fail(p, "amplitude '%s' is not defined (amplitudes must be defined before they are used)", SHOW(name));
  inp_param *q = inp_par(p, "OP");
  if (q) {
    if (q->val && !strcmp(q->val, "NEW")) st->temp_op_new = 1;
    else if (!q->val || strcmp(q->val, "MOD")) return inp_fail(p, "OP=%s: expected MOD or NEW", q->val ? SHOW(q->raw) : "");
  }
  st->has_temp = 1;
  if (p->temp_step != p->m->nsteps) p->cap_temp = 0, p->temp_step = p->m->nsteps;
  return SN_OK;
}

/* node or node set, temperature (a later line for the same node replaces the earlier one, as
 * the analysis applies the records in order) */
int inp_temperature_data(inp_rd *p)
{
  sn_model *m = p->m;
  sn_step *st = cur_step(p);
  int r, idx, set;
  double v;
  if (p->nf != 2)
    return inp_fail(p, "*TEMPERATURE data line: expected node or node set, temperature, found %d field%s", p->nf,
                    p->nf == 1 ? "" : "s");
  if ((r = inp_item_or_set(p, p->f[0], SN_SET_NODE, &idx, &set)) || (r = inp_get_dbl(p, p->f[1], "temperature", &v)))
    return r;
  int n = idx >= 0 ? 1 : m->sets[set].n;
  if ((size_t)st->ntemp + (size_t)n > MAXLIST) return inp_fail(p, "too many temperatures in the step (more than %d)", MAXLIST);
  if ((r = inp_rec_room(p, (size_t)n, p->file, p->line))) return r;
  GROW(st->temp, p->cap_temp, (size_t)st->ntemp + (size_t)n);
  for (int j = 0; j < n; j++) {
    sn_temp t = {idx >= 0 ? idx : m->sets[set].items[j], v, p->line};
    st->temp[st->ntemp++] = t;
  }
  return SN_OK;
}
