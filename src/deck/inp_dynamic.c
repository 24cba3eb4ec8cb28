/* The keywords of dynamic analyses: *DYNAMIC (a step's procedure), *DAMPING (Rayleigh damping,
 * model data) and *INITIAL CONDITIONS, TYPE=VELOCITY. CalculiX User's Manual, sections
 * "*DYNAMIC", "*DAMPING", "*INITIAL CONDITIONS"; signorini's own parameters are documented in
 * docs/fe-dynamics.md. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "deck/inp_internal.h"

/* a number in [lo, hi] given as parameter `key` (keeps *out when absent) */
static int par_number(inp_rd *p, const char *key, double lo, double hi, double *out)
{
  SBUF;
  const inp_param *q = inp_par(p, key);
  if (!q) return SN_OK;
  if (!q->val || !q->val[0]) return inp_fail(p, "parameter %s of %s needs a value", key, p->kw->shown);
  char *end;
  double v = strtod(q->val, &end);
  if (*end || !isfinite(v)) return inp_fail(p, "%s=%s: not a number", key, SHOW(q->raw));
  if (v < lo || v > hi) return inp_fail(p, "%s=%g is out of range [%g, %g]", key, v, lo, hi);
  *out = v;
  return SN_OK;
}

int inp_dynamic_begin(inp_rd *p)
{
  SBUF;
  sn_step *st = cur_step(p);
  const inp_param *q;
  int r;
  if (p->step_static) return inp_fail(p, "a second procedure in the step (one *STATIC or *DYNAMIC per step)");
  if (inp_par(p, "EXPLICIT"))
    return inp_fail(p, "*DYNAMIC, EXPLICIT: explicit time integration is not supported; signorini integrates "
                "*DYNAMIC implicitly (theta method with Moreau-Jean contact): remove EXPLICIT");
  if (inp_par(p, "RELATIVETOABSOLUTE"))
    return inp_fail(p, "*DYNAMIC, RELATIVE TO ABSOLUTE is not supported");
  if ((q = inp_par(p, "ALPHA"))) {
    double a = 0;
    if ((r = par_number(p, "ALPHA", -1.0 / 3.0, 0.0, &a))) return r;
    if (a != 0)
      return inp_fail(p, "*DYNAMIC, ALPHA=%s: the Hilber-Hughes-Taylor method is not implemented; signorini uses the "
                  "theta method (THETA=0.5, no numerical damping; THETA > 0.5 damps high frequencies): use ALPHA=0 "
                  "or THETA=", SHOW(q->raw));
  }
  if ((q = inp_par(p, "SOLVER"))) {   /* CalculiX' equation solvers: the step's M + h theta C + h^2 theta^2 K goes
                                        to the contact solver (or CHOLMOD without contact) */
    static const char *const names[] = {"SPOOLES", "PARDISO", "PASTIX", "DIRECT", "CHOLMOD"};
    int ok = 0;
    for (size_t i = 0; i < sizeof names / sizeof *names; i++) ok |= q->val && !strcmp(q->val, names[i]);
    if (!ok)
      return inp_fail(p, "*DYNAMIC, SOLVER=%s: expected SPOOLES, PARDISO, PASTIX or DIRECT (solved by CHOLMOD); "
                  "the contact solver is *STEP's SOLVER=", q->val ? SHOW(q->raw) : "");
  }
  st->theta = 0.5;
  st->restitution = 0.0;
  st->consistent_mass = 0;
  if ((r = par_number(p, "THETA", 0.5, 1.0, &st->theta))) return r;
  if ((r = par_number(p, "RESTITUTION", 0.0, 1.0, &st->restitution))) return r;
  if ((q = inp_par(p, "MASS"))) {
    if (q->val && !strcmp(q->val, "LUMPED")) st->consistent_mass = 0;
    else if (q->val && !strcmp(q->val, "CONSISTENT")) st->consistent_mass = 1;
    else return inp_fail(p, "*DYNAMIC, MASS=%s: expected LUMPED (the default) or CONSISTENT", q->val ? SHOW(q->raw) : "");
  }
  int direct;   /* increments are always fixed (the initial increment): DIRECT is accepted */
  if ((r = inp_par_flag(p, "DIRECT", &direct))) return r;
  p->step_static = 1;
  st->dynamic = 1;
  st->direct = 1;
  return SN_OK;
}

/* *DAMPING, ALPHA=a, BETA=b: C = a M + b K for the whole model */
int inp_damping_begin(inp_rd *p)
{
  sn_model *m = p->m;
  int r;
  if (p->cur_mat >= 0) {   /* Abaqus' *DAMPING is a material option: not applied per material here */
    const char *name = m->materials[p->cur_mat].name;
    p->cur_mat = -1;
    return inp_fail(p, "*DAMPING inside the definition of material %s: signorini's Rayleigh damping applies to the "
                "whole model, not per material; put *DAMPING outside *MATERIAL (e.g. before *BOUNDARY)", name);
  }
  if (inp_par(p, "STRUCTURAL"))
    return inp_fail(p, "*DAMPING, STRUCTURAL (structural damping of steady-state dynamics) is not supported; "
                "Rayleigh damping is *DAMPING, ALPHA=, BETA=");
  if (m->has_damping) return inp_fail(p, "a second *DAMPING (the first on line %d): one applies to the whole model", m->damping_line);
  if (!inp_par(p, "ALPHA") || !inp_par(p, "BETA")) return inp_fail(p, "*DAMPING needs the parameters ALPHA= and BETA=");
  if ((r = par_number(p, "ALPHA", 0.0, HUGE_VAL, &m->damp_alpha)) ||
      (r = par_number(p, "BETA", 0.0, HUGE_VAL, &m->damp_beta)))
    return r;
  m->has_damping = 1;
  m->damping_line = p->line;
  return SN_OK;
}

int inp_initial_begin(inp_rd *p)
{
  SBUF;
  const inp_param *q = inp_par(p, "TYPE");
  if (!q || !q->val) return inp_fail(p, "*INITIAL CONDITIONS needs TYPE= (signorini reads TYPE=VELOCITY or TEMPERATURE)");
  p->init_temp = !strcmp(q->val, "TEMPERATURE");   /* inp_thermal.c */
  if (strcmp(q->val, "VELOCITY") && !p->init_temp)
    return inp_fail(p, "*INITIAL CONDITIONS, TYPE=%s is not supported (only TYPE=VELOCITY or TEMPERATURE)", SHOW(q->raw));
  return SN_OK;
}

/* node or node set, dof, velocity */
int inp_initial_data(inp_rd *p)
{
  sn_model *m = p->m;
  int r, idx, set, dof;
  double v;
  if (p->init_temp) return inp_initial_temp_data(p);
  if (p->nf != 3)
    return inp_fail(p, "*INITIAL CONDITIONS, TYPE=VELOCITY data line: expected node or node set, dof, velocity, found %d field%s",
                p->nf, p->nf == 1 ? "" : "s");
  if ((r = inp_item_or_set(p, p->f[0], SN_SET_NODE, &idx, &set))) return r;
  if ((r = inp_get_dof(p, p->f[1], "degree of freedom", &dof)) || (r = inp_get_dbl(p, p->f[2], "velocity", &v))) return r;
  int n = idx >= 0 ? 1 : m->sets[set].n;
  if ((r = inp_rec_room(p, (size_t)n, p->file, p->line))) return r;
  GROW(m->ivel, p->cap_ivel, (size_t)m->nivel + (size_t)n);
  for (int j = 0; j < n; j++) {
    sn_ivel iv = {idx >= 0 ? idx : m->sets[set].items[j], dof, v, p->line};
    m->ivel[m->nivel++] = iv;
  }
  return SN_OK;
}
