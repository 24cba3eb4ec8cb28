/* Heat conduction keywords (docs/deck.md, "Heat transfer"): the material suboptions *CONDUCTIVITY
 * and *SPECIFIC HEAT, the interaction suboption *GAP CONDUCTANCE, the procedures *HEAT TRANSFER and
 * *COUPLED TEMPERATURE-DISPLACEMENT, and the temperature degree of freedom 11 of *BOUNDARY.
 * CalculiX User's Manual, sections "*CONDUCTIVITY", "*SPECIFIC HEAT", "*GAP CONDUCTANCE",
 * "*HEAT TRANSFER", "*COUPLED TEMPERATURE-DISPLACEMENT", "*BOUNDARY". Constant (temperature- and
 * pressure-independent) properties only: a second data line is an error. */
#include <math.h>
#include <string.h>

#include "deck/inp_internal.h"

/* one constant value of a suboption's data line: value[, temperature] (nmax fields at most) */
static int one_value(inp_rd *p, const char *what, int nmax, double *out)
{
  int r;
  double T;
  if (p->ndata)
    return inp_fail(p, "%s: several data lines (temperature- or pressure-dependent data) are not supported", p->kw->shown);
  if (p->nf < 1 || p->nf > nmax)
    return inp_fail(p, "%s data line: expected %s and at most %d further value%s, found %d fields", p->kw->shown, what,
                    nmax - 1, nmax == 2 ? "" : "s", p->nf);
  if ((r = inp_get_dbl(p, p->f[0], what, out))) return r;
  for (int k = 1; k < p->nf; k++)
    if (p->f[k][0] && (r = inp_get_dbl(p, p->f[k], "value", &T))) return r;
  if (!(*out >= 0)) return inp_fail(p, "%s %g must not be negative", what, *out);
  return SN_OK;
}

int inp_conductivity_begin(inp_rd *p)
{
  SBUF;
  if (p->cur_mat < 0) return inp_fail(p, "*CONDUCTIVITY outside a *MATERIAL definition");
  sn_material *t = &p->m->materials[p->cur_mat];
  if (t->has_conductivity) return inp_fail(p, "material '%s' has a second *CONDUCTIVITY", t->name);
  inp_param *q = inp_par(p, "TYPE");
  if (q && (!q->val || strcmp(q->val, "ISO")))
    return inp_fail(p, "*CONDUCTIVITY, TYPE=%s is not supported (only TYPE=ISO)", q->val ? SHOW(q->raw) : "");
  return SN_OK;
}

int inp_conductivity_data(inp_rd *p)
{
  sn_material *t = &p->m->materials[p->cur_mat];
  int r = one_value(p, "conductivity", 2, &t->conductivity);
  if (!r) t->has_conductivity = 1;
  return r;
}

int inp_specific_heat_begin(inp_rd *p)
{
  if (p->cur_mat < 0) return inp_fail(p, "*SPECIFIC HEAT outside a *MATERIAL definition");
  sn_material *t = &p->m->materials[p->cur_mat];
  if (t->has_specific_heat) return inp_fail(p, "material '%s' has a second *SPECIFIC HEAT", t->name);
  return SN_OK;
}

int inp_specific_heat_data(inp_rd *p)
{
  sn_material *t = &p->m->materials[p->cur_mat];
  int r = one_value(p, "specific heat", 2, &t->specific_heat);
  if (!r) t->has_specific_heat = 1;
  return r;
}

int inp_gap_conductance_begin(inp_rd *p)
{
  if (p->cur_int < 0) return inp_fail(p, "*GAP CONDUCTANCE outside a *SURFACE INTERACTION definition");
  sn_interaction *t = &p->m->interactions[p->cur_int];
  if (t->has_gap_conductance) return inp_fail(p, "surface interaction '%s' has a second *GAP CONDUCTANCE", t->name);
  if (inp_par(p, "USER")) return inp_fail(p, "*GAP CONDUCTANCE, USER (a user subroutine) is not supported");
  t->gap_conductance_line = p->line;
  return SN_OK;
}

/* conductance[, pressure[, temperature]]: one line, the conductance at every pressure */
int inp_gap_conductance_data(inp_rd *p)
{
  sn_interaction *t = &p->m->interactions[p->cur_int];
  int r = one_value(p, "gap conductance", 3, &t->gap_conductance);
  if (!r) t->has_gap_conductance = 1;
  return r;
}

/* *HEAT TRANSFER [, STEADY STATE] and *COUPLED TEMPERATURE-DISPLACEMENT [, STEADY STATE] */
int inp_heat_begin(inp_rd *p)
{
  int r, steady, direct;
  if (p->step_static) return inp_fail(p, "a second procedure in the step (one *STATIC, *DYNAMIC or *HEAT TRANSFER per step)");
  if ((r = inp_par_flag(p, "STEADYSTATE", &steady)) || (r = inp_par_flag(p, "DIRECT", &direct))) return r;
  sn_step *st = cur_step(p);
  p->step_static = 1;
  st->heat = !strcmp(p->kw->key, "HEATTRANSFER") ? 1 : 2;
  st->heat_steady = steady;
  st->direct = direct;
  return SN_OK;
}

/* initial increment, period, minimum, maximum (0 or empty: the default, as CalculiX), DELTMX */
int inp_heat_data(inp_rd *p)
{
  sn_step *st = cur_step(p);
  static const char *const what[] = {"initial increment", "step period", "minimum increment", "maximum increment",
                                     "DELTMX"};
  double v[5] = {0, 0, 0, 0, 0};
  int r;
  if (p->ndata) return inp_fail(p, "%s takes one data line", p->kw->shown);
  if (p->nf > 5) return inp_fail(p, "%s data line: expected at most 5 values, found %d", p->kw->shown, p->nf);
  for (int k = 0; k < p->nf; k++) {
    if (!p->f[k][0]) continue;
    if ((r = inp_get_dbl(p, p->f[k], what[k], &v[k]))) return r;
    if (v[k] < 0) return inp_fail(p, "%s %g must not be negative", what[k], v[k]);
  }
  if (v[4] > 0)
    return inp_fail(p, "%s: DELTMX (increments controlled by the temperature change) is not supported", p->kw->shown);
  st->period = v[1] > 0 ? v[1] : 1.0;
  st->dt0 = v[0] > 0 ? v[0] : st->period;
  st->dtmax = v[3] > 0 ? v[3] : st->period;
  st->dtmin = v[2] > 0 ? v[2] : fmin(st->dt0, 1e-5 * st->period);
  if (st->dt0 > st->period) return inp_fail(p, "initial increment %g is larger than the step period %g", st->dt0, st->period);
  if (st->dtmin > st->dtmax) return inp_fail(p, "minimum increment %g is larger than the maximum %g", st->dtmin, st->dtmax);
  return SN_OK;
}

/* *BOUNDARY, degree of freedom 11 (temperature) of node `node` in a step */
int inp_temperature_bc(inp_rd *p, int node, double value)
{
  if (!p->in_step)
    return inp_fail(p, "*BOUNDARY, degree of freedom 11 (temperature) in the model data is not supported: give it in the "
                       "*HEAT TRANSFER or *COUPLED TEMPERATURE-DISPLACEMENT step");
  sn_step *st = cur_step(p);
  int r = inp_rec_room(p, 1, p->file, p->line);
  if (r) return r;
  if (st->ntbc >= MAXLIST) return inp_fail(p, "too many temperature boundary conditions in the step (more than %d)", MAXLIST);
  if (p->tbc_step != p->m->nsteps) p->cap_tbc = 0, p->tbc_step = p->m->nsteps;
  GROW(st->tbc, p->cap_tbc, (size_t)st->ntbc + 1);
  sn_bc b = {node, 11, 11, value, p->amp, p->line};
  st->tbc[st->ntbc++] = b;
  return SN_OK;
}

/* at the end: temperatures prescribed in heat steps only, the heat properties the steps need */
int inp_check_heat(inp_rd *p)
{
  sn_model *m = p->m;
  for (int k = 0; k < m->nsteps; k++) {
    const sn_step *st = &m->steps[k];
    if (st->ntbc && !st->heat)
      return inp_fail_at(p, p->step_file[k], st->tbc[0].line, "*BOUNDARY, degree of freedom 11 (temperature) in a step "
                         "without *HEAT TRANSFER or *COUPLED TEMPERATURE-DISPLACEMENT (use *TEMPERATURE)");
    if (st->heat == 1 && (st->ncload || st->ndload))
      return inp_fail_at(p, p->step_file[k], st->ncload ? st->cload[0].line : st->dload[0].line,
                         "a mechanical load in a *HEAT TRANSFER step (line %d): it computes temperatures only", st->line);
    if (st->heat && st->has_temp)
      return inp_fail_at(p, p->step_file[k], st->line, "*TEMPERATURE in a heat transfer step: the temperatures are "
                         "computed (prescribe them by *BOUNDARY, degree of freedom 11)");
  }
  for (int k = 0; k < m->nsteps; k++)
    for (int q = 0; q < m->nmaterials && m->steps[k].heat; q++) {
      const sn_material *t = &m->materials[q];
      if (!t->has_conductivity)
        return inp_fail_at(p, p->step_file[k], m->steps[k].line, "material '%s' has no *CONDUCTIVITY (this heat transfer "
                           "step needs it)", t->name);
      if (!m->steps[k].heat_steady && !(t->has_specific_heat && t->has_density))
        return inp_fail_at(p, p->step_file[k], m->steps[k].line, "material '%s' needs *DENSITY and *SPECIFIC HEAT "
                           "(the heat capacity of this transient heat transfer step)", t->name);
    }
  return SN_OK;
}
