/* Keywords of steps: *STEP (with signorini's CONTACT= and SOLVER=), *STATIC, *END STEP, and
 * the checks made when the model is complete (docs/deck.md, "Keywords" and "signorini's own
 * *STEP parameters"). */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "deck/inp_internal.h"
#include "signorini/solver.h"

/* The mesh is complete at the first *STEP (model data may not follow it): ndf is known, the
 * model-data boundaries are checked against it. */
int inp_freeze(inp_rd *p)
{
  sn_model *m = p->m;
  if (p->frozen) return SN_OK;
  p->frozen = 1;
  m->ndf = p->dim3 ? 3 : 2;
  for (int i = 0; i < p->npre; i++) {
    sn_bc *b = &p->pre[i];
    if (p->pre_all[i]) b->last = m->ndf;
    if (b->last > m->ndf)
      return inp_fail_at(p, p->pre_file[i], b->line, "degree of freedom %d is out of range 1..%d (the model is %dD)",
                     b->last, m->ndf, m->ndf);
  }
  return SN_OK;
}

/* n more boundary / load records (the budget of RECPERITEM) */
int inp_rec_room(inp_rd *p, size_t n, int file, int line)
{
  size_t budget = RECBASE + (size_t)RECPERITEM * ((size_t)p->m->nnodes + (size_t)p->m->nelems);
  if (n > budget || p->nrec > budget - n)
    return inp_fail_at(p, file, line, "too many boundary and load records: more than %zu for %d nodes and %d elements", budget,
                   p->m->nnodes, p->m->nelems);
  p->nrec += n;
  return SN_OK;
}

int inp_step_begin(inp_rd *p)
{
  SBUF;
  sn_model *m = p->m;
  int r;
  if ((r = inp_freeze(p))) return r;
  GROW(m->steps, p->cap_step, (size_t)m->nsteps + 1);
  GROW(p->step_file, p->cap_stepf, (size_t)m->nsteps + 1);
  p->step_file[m->nsteps] = p->file;
  sn_step *st = &m->steps[m->nsteps];
  memset(st, 0, sizeof *st);
  st->inc = 100;
  st->dt0 = st->period = st->dtmax = 1.0;
  st->dtmin = 1e-5;
  st->contact = SN_CT_LAGRANGE;
  st->line = p->line;
  m->nsteps++;
  p->cap_bc = p->cap_cl = p->cap_dl = p->cap_out = 0;
  p->in_step = 1;
  p->step_static = 0;
  inp_param *q;
  if ((q = inp_par(p, "NLGEOM"))) {
    if (!q->val || !strcmp(q->val, "YES")) st->nlgeom = 1;
    else if (strcmp(q->val, "NO")) return inp_fail(p, "NLGEOM=%s: expected YES or NO", SHOW(q->raw));
  }
  if ((r = inp_par_flag(p, "PERTURBATION", &st->perturbation))) return r;   /* a *FREQUENCY step's */
  if ((q = inp_par(p, "INC"))) {
    if (!q->val) return inp_fail(p, "parameter INC of *STEP needs a value");
    if ((r = inp_get_int(p, q->val, "INC", 1, INT_MAX, &st->inc))) return r;
  }
  if ((q = inp_par(p, "AMPLITUDE"))) {      /* CalculiX: RAMP (default of *STATIC) or STEP */
    if (q->val && !strcmp(q->val, "STEP")) st->amp_step = 1;
    else if (!q->val || strcmp(q->val, "RAMP")) return inp_fail(p, "*STEP, AMPLITUDE=%s: expected RAMP or STEP", q->val ? SHOW(q->raw) : "");
  }
  if ((q = inp_par(p, "CONTACT"))) {
    static const char *const names[] = {"LAGRANGE", "PENALTY", "AUGMENTED", "INTERIOR"};
    int k = 0;
    while (k < 4 && (!q->val || strcmp(q->val, names[k]))) k++;
    if (k == 4) return inp_fail(p, "CONTACT=%s: expected LAGRANGE, PENALTY, AUGMENTED or INTERIOR", q->val ? SHOW(q->raw) : "");
    st->contact = (sn_contact_treatment)k;
  }
  if ((q = inp_par(p, "SOLVER"))) {
    if (!q->val || !q->val[0]) return inp_fail(p, "parameter SOLVER of *STEP needs a value");
    size_t n = strlen(q->val);
    if (n >= sizeof st->solver) return inp_fail(p, "SOLVER=%s: name longer than %zu characters", SHOW(q->raw), sizeof st->solver - 1);
    for (size_t i = 0; i < n; i++) {
      char c = q->val[i];
      if (!((c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-'))
        return inp_fail(p, "SOLVER=%s: a solver name holds letters, digits, '_' and '-'", SHOW(q->raw));
      st->solver[i] = (c >= 'A' && c <= 'Z') ? (char)(c + 32) : c;
    }
    st->solver[n] = '\0';
    char why[512];
    int lagrange = st->contact == SN_CT_LAGRANGE || st->contact == SN_CT_INTERIOR;
    if (sn_inp_check_solver(st->solver, lagrange, 0, why, sizeof why)) return inp_fail(p, "%s", why);
  }
  return SN_OK;
}

/* at the end, when the model's dimension and elements are known: each step's SOLVER= solves
 * problems of that dimension; NLGEOM and hyperelastic materials not with *DYNAMIC */
int inp_check_steps(inp_rd *p)
{
  sn_model *m = p->m;
  char why[512];
  for (int k = 0; k < m->nsteps; k++) {
    const sn_step *st = &m->steps[k];
    if (st->solver[0] && sn_inp_check_solver(st->solver, 1, m->ndf, why, sizeof why))
      return inp_fail_at(p, p->step_file[k], st->line, "%s", why);
    if (st->perturbation && !st->frequency)
      return inp_fail_at(p, p->step_file[k], st->line, "*STEP, PERTURBATION: signorini reads PERTURBATION for *FREQUENCY "
                     "steps only (a linear perturbation *STATIC step is not supported)");
    if (st->frequency && (st->ncload || st->ndload))
      return inp_fail_at(p, p->step_file[k], st->ncload ? st->cload[0].line : st->dload[0].line, "a load in a "
                     "*FREQUENCY step (line %d): the eigenvalue problem has no loads; move it to a *STATIC step", st->line);
    if (st->modal_damping_line && !st->modal)
      return inp_fail_at(p, p->step_file[k], st->modal_damping_line, "*MODAL DAMPING in a step without *MODAL DYNAMIC "
                         "(the step of line %d)", st->line);
    if (st->modal) {
      int f = k - 1;
      while (f >= 0 && !m->steps[f].frequency) f--;
      if (f < 0 || !m->steps[f].freq_storage_line)
        return inp_fail_at(p, p->step_file[k], st->line, "*MODAL DYNAMIC needs the modes of an earlier *FREQUENCY, "
                           "STORAGE=YES step%s", f < 0 ? " (there is none)" : " (the last *FREQUENCY has no STORAGE=YES)");
      if (st->nlgeom)
        return inp_fail_at(p, p->step_file[k], st->line, "*STEP, NLGEOM with *MODAL DYNAMIC: modal superposition is "
                           "linear; remove NLGEOM");
      if (st->has_temp)
        return inp_fail_at(p, p->step_file[k], st->line, "*TEMPERATURE in a *MODAL DYNAMIC step: temperature loading "
                           "is not allowed in modal dynamics (CalculiX neither)");
    }
    for (int q = 0; q < m->nmaterials && k > 0 && st->nlgeom != m->steps[0].nlgeom; q++)
      if (m->materials[q].has_plastic)
        return inp_fail_at(p, p->step_file[k], st->line, "*STEP%s after a step %s NLGEOM with the *PLASTIC material "
                           "'%s': the plastic history of small-strain and NLGEOM steps differs (give every step the "
                           "same NLGEOM)", st->nlgeom ? ", NLGEOM" : " without NLGEOM", st->nlgeom ? "without" : "with",
                           m->materials[q].name);
  }
  return SN_OK;
}

int inp_step_data(inp_rd *p)
{
  if (p->ndata) return inp_fail(p, "*STEP takes at most one data line (a title)");
  return SN_OK;
}

int inp_static_begin(inp_rd *p)
{
  SBUF;
  int r, direct;
  if (p->step_static) return inp_fail(p, "a second procedure in the step (one *STATIC or *DYNAMIC per step)");
  if ((r = inp_par_flag(p, "DIRECT", &direct))) return r;
  p->step_static = 1;
  cur_step(p)->direct = direct;
  const inp_param *q = inp_par(p, "SOLVER");
  if (q) {
    /* CalculiX' equation solvers: the direct ones map to CHOLMOD, the iterative ones to
     * Jacobi-preconditioned CG (compared without blanks: ITERATIVE SCALING = ITERATIVESCALING) */
    static const char *const direct_names[] = {"SPOOLES", "PARDISO", "PASTIX", "DIRECT", "CHOLMOD"};
    static const char *const iter_names[] = {"ITERATIVESCALING", "ITERATIVECHOLESKY", "ITERATIVE"};
    char v[64] = "";
    size_t k = 0;
    for (const char *c = q->val ? q->val : ""; *c && k + 1 < sizeof v; c++)
      if (*c != ' ') v[k++] = *c;
    v[k] = '\0';
    int kind = 0;
    for (size_t i = 0; i < sizeof direct_names / sizeof *direct_names; i++) if (!strcmp(v, direct_names[i])) kind = 1;
    for (size_t i = 0; i < sizeof iter_names / sizeof *iter_names; i++) if (!strcmp(v, iter_names[i])) kind = 2;
    if (!kind)
      return inp_fail(p, "*STATIC, SOLVER=%s: expected SPOOLES, PARDISO, PASTIX or DIRECT (all solved by CHOLMOD), or ITERATIVE SCALING / ITERATIVE CHOLESKY (preconditioned conjugate gradients)", q->val ? SHOW(q->raw) : "");
    cur_step(p)->linsolver = kind;
  }
  return SN_OK;
}

int inp_static_data(inp_rd *p)
{
  sn_step *st = cur_step(p);
  static const char *const what[] = {"initial increment", "step period", "minimum increment", "maximum increment"};
  double v[4] = {0, 0, 0, 0};
  int given[4] = {0, 0, 0, 0}, r;
  if (p->ndata) return inp_fail(p, "%s takes one data line", p->kw->shown);
  if (p->nf > 4) return inp_fail(p, "%s data line: expected at most 4 values (initial increment, period, min, max), found %d", p->kw->shown, p->nf);
  for (int k = 0; k < p->nf; k++) {
    if (!p->f[k][0]) continue;
    if ((r = inp_get_dbl(p, p->f[k], what[k], &v[k]))) return r;
    if (!(v[k] > 0)) return inp_fail(p, "%s %g must be positive", what[k], v[k]);
    given[k] = 1;
  }
  st->period = given[1] ? v[1] : 1.0;
  st->dt0 = given[0] ? v[0] : st->period;
  st->dtmax = given[3] ? v[3] : st->period;
  st->dtmin = given[2] ? v[2] : fmin(st->dt0, 1e-5 * st->period);
  if (st->dt0 > st->period) return inp_fail(p, "initial increment %g is larger than the step period %g", st->dt0, st->period);
  if (st->dtmin > st->dtmax) return inp_fail(p, "minimum increment %g is larger than the maximum %g", st->dtmin, st->dtmax);
  return SN_OK;
}

int inp_endstep_begin(inp_rd *p)
{
  if (!p->step_static)
    return inp_fail(p, "the *STEP of line %d has no procedure (*STATIC, *DYNAMIC, *FREQUENCY or *MODAL DYNAMIC)", cur_step(p)->line);
  p->in_step = 0;
  return SN_OK;
}

/* the names of the registry's solvers of a step's contact problem (kinds gfc and fc) */
static void contact_solver_names(char *out, size_t cap)
{
  size_t k = 0;
  out[0] = '\0';
  for (const sn_solver_entry *e = sn_solvers(); e->name && k + 1 < cap; e++)
    if (!strcmp(e->kind, "gfc") || !strcmp(e->kind, "fc")) {
      int w = snprintf(out + k, cap - k, "%s%s", k ? " " : "", e->name);
      if (w < 0) break;
      k += (size_t)w;
    }
}

int sn_inp_check_solver(const char *name, int lagrange, int ndf, char *why, size_t cap)
{
  char names[256];
  contact_solver_names(names, sizeof names);
  const sn_solver_entry *e = sn_solver_find(name);
  if (!lagrange) {
    snprintf(why, cap, "SOLVER=%s chooses the contact solver of CONTACT=LAGRANGE or INTERIOR; this step's "
             "treatment (PENALTY or AUGMENTED) uses none: remove SOLVER= or change CONTACT=", name);
    return SN_ERR_FORMAT;
  }
  if (!strcmp(name, "auto")) return SN_OK;   /* the default: the automatic order for FE contact */
  if (!e) {
    snprintf(why, cap, "SOLVER=%s: unknown solver (a step's contact problem is solved by one of: %s, or auto (the default); "
             "'signorini solvers' describes them)", name, names);
    return SN_ERR_FORMAT;
  }
  if (strcmp(e->kind, "gfc") && strcmp(e->kind, "fc")) {
    snprintf(why, cap, "SOLVER=%s: %s solves %s problems, not a step's frictional contact problem "
             "(auto, or solvers of kind gfc or fc: %s)", name, name, e->kind, names);
    return SN_ERR_FORMAT;
  }
  if (ndf && !strcmp(e->kind, "fc") && !(e->dims & (1 << ndf))) {
    snprintf(why, cap, "SOLVER=%s: %s solves %s contact problems only and the model is %dD", name, name,
             (e->dims & 4) ? "2D" : "3D", ndf);
    return SN_ERR_FORMAT;
  }
  return SN_OK;
}
