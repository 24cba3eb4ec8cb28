/* Quasi-static incremental analysis over the steps of a model: prescribed displacements by
 * elimination (the free-free block of the tangent, CHOLMOD), loads ramped or following their
 * amplitudes, Newton iterations on the residual R(u) = f_int(u) - f_ext(t) at the free dofs
 * (nonlinear springs, NLGEOM trusses and solids), automatic increments with cutback and growth.
 * sn_static_run reads as its phases: set-up, and per step its constraints and loads, then per
 * increment its start (increment_begin), the Newton iterations (static_newton.c: assemble,
 * the smooth part, contact, convergence), and either the cutback or the converged increment's
 * output (increment_done). */
#include "analysis/static_internal.h"
#include "analysis/load_check.h"
#include "fem/element_pass.h"   /* sn_fesys_stress_strain_timed */
#include "signorini/analysis.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void sn_static_settings_default(sn_static_settings *s)
{
  if (!s) return;
  memset(s, 0, sizeof *s);
  s->tol = 1e-8;
  s->max_newton = 16;
  s->cutback = 0.25;
  s->grow = 1.5;
  s->direct_limit_gb = 4.0;
  s->cg_tol = 1e-10;
  s->cg_max_iter = 20000;
  s->threads = 1;
  s->extrapolate = 1;
  s->penalty_schur = 1;
}

static int find_load(run_state *R, const load_rec *q)
{
  for (int k = 0; k < R->nloads; k++) {
    const load_rec *p = &R->loads[k];
    if (p->dist != q->dist) continue;
    if (!p->dist && p->node == q->node && p->dof == q->dof) return k;
    if (p->dist && p->elem == q->elem && p->face == q->face) return k;
  }
  return -1;
}

/* value of a load record at step time t */
static double load_value(const run_state *R, const load_rec *p, double t, double period)
{
  if (p->amp >= 0) return p->value * sn_amplitude_value(R->m, p->amp, t, period);
  double a = R->amp_step ? 1.0 : sn_amplitude_value(R->m, -1, t, period);   /* *STEP, AMPLITUDE=STEP: at once */
  return p->start + (p->value - p->start) * a;
}

/* a load of the step being read: one on the dof / face of another of the same step adds to it
 * (measured on ccx 2.20: two *DLOAD lines of 100 on one face press with 200, two *CLOAD lines on
 * one dof give their sum; CalculiX' scheibe2f2f repeats its *DLOAD line); one on the dof / face
 * of an earlier step's replaces that (OP=MOD). mine: per load record, 1 when set by this step
 * (room for R->nloads + 1). */
static int add_load(run_state *R, const load_rec *q, double t_end, double period_prev, unsigned char *mine)
{
  int k = find_load(R, q);
  if (k >= 0 && mine[k]) {
    R->loads[k].value += q->value;
    return SN_OK;
  }
  if (k >= 0) {                           /* OP=MOD: the new value replaces, ramped from the old */
    double now = load_value(R, &R->loads[k], t_end, period_prev);
    R->loads[k] = *q;
    R->loads[k].start = now;
    mine[k] = 1;
    return SN_OK;
  }
  if (R->nloads == R->cap) {
    int nc = R->cap ? 2 * R->cap : 64;
    load_rec *p = realloc(R->loads, sizeof *p * (size_t)nc);
    if (!p) return SN_ERR_NOMEM;
    R->loads = p;
    R->cap = nc;
  }
  R->loads[R->nloads] = *q;
  R->loads[R->nloads].start = 0.0;
  mine[R->nloads++] = 1;
  return SN_OK;
}

/* the external force at step time t; with u (NLGEOM), pressures act on the deformed faces */
static int external_force(run_state *R, double t, double period, const double *u, double *f)
{
  memset(f, 0, sizeof(double) * (size_t)R->ndof);
  for (int k = 0; k < R->nloads; k++) {
    const load_rec *p = &R->loads[k];
    double v = load_value(R, p, t, period);
    if (!p->dist) {
      if (R->T && R->T->R && R->m->node_transform[p->node] >= 0)   /* *TRANSFORM: a local component */
        for (int c = 0; c < R->ndf; c++) f[R->ndf * p->node + c] += v * R->T->R[9 * (size_t)p->node + 3 * p->dof + c];
      else f[R->ndf * p->node + p->dof] += v;
      continue;
    }
    int st;
    if (p->face > 0)
      st = u ? sn_fesys_pressure_current(R->S, p->elem, p->face, v, u, f) : sn_fesys_pressure(R->S, p->elem, p->face, v, f);
    else {
      double g[3] = {v * p->dir[0], v * p->dir[1], v * p->dir[2]};
      st = sn_fesys_gravity(R->S, p->elem, g, f);
    }
    if (st) return st;
  }
  return SN_OK;
}

/* NLGEOM with pressures: the external force at the iterate u (follower pressure, CalculiX'
 * semantics; its load stiffness is left out of the tangent, which stays symmetric) */
int sn_static_follower_force(static_run *S)
{
  run_state *R = &S->R;
  if (!S->nlgeom || !S->follower) return SN_OK;
  return external_force(R, S->tn, S->period, S->u, S->fext);
}

static double prescribed(const run_state *R, int dof, double t, double period)
{
  if (R->bamp[dof] >= 0) return R->target[dof] * sn_amplitude_value(R->m, R->bamp[dof], t, period);
  double a = R->amp_step ? 1.0 : sn_amplitude_value(R->m, -1, t, period);
  return R->ustart[dof] + (R->target[dof] - R->ustart[dof]) * a;
}

/* equation numbers of the free dofs (active and not prescribed; with constraints the
 * independent q that elements move); the version changes only when they do (a step that keeps
 * the prescribed dofs keeps K and its factorization) */
static void number_equations(run_state *R)
{
  const unsigned char *act = R->T ? R->qact : sn_fesys_active(R->S);
  int changed = R->eq_version == 0;
  R->neq = 0;
  for (int d = 0; d < R->ndof; d++) {
    int e = (act[d] && !R->cons[d] && !(R->T && R->T->dep[d])) ? R->neq++ : -1;
    changed |= R->eq[d] != e;
    R->eq[d] = e;
  }
  if (changed) R->eq_version++;
}

void sn_static_reduce(const run_state *R, const double *v, double *out, int add)
{
  if (!add) memset(out, 0, sizeof(double) * (size_t)R->neq);
  const sn_dofmap *T = R->T;
  if (!T) {
    for (int d = 0; d < R->ndof; d++)
      if (R->eq[d] >= 0) out[R->eq[d]] += v[d];
    return;
  }
  for (int d = 0; d < R->ndof; d++) {
    if (v[d] == 0.0) continue;
    for (int p = T->ptr[d]; p < T->ptr[d + 1]; p++)
      if (R->eq[T->col[p]] >= 0) out[R->eq[T->col[p]]] += T->val[p] * v[d];
  }
}

int sn_static_check(const sn_model *m, char *msg, size_t msglen)
{
  if (msg && msglen) msg[0] = '\0';
  if (!m) return SN_ERR_ARG;
  if (m->nsteps == 0) {
    if (msg) snprintf(msg, msglen, "the deck has no *STEP: nothing to analyse");
    return SN_ERR_ARG;
  }
  for (int k = 0; k < m->nsteps; k++)
    if (m->steps[k].dynamic) {   /* sn_dynamic_run's (docs/fe-dynamics.md) */
      if (msg) snprintf(msg, msglen, "line %d: a *DYNAMIC step: the quasi-static analysis runs *STATIC steps only "
                        "(the dynamic analysis is sn_dynamic_run)", m->steps[k].line);
      return SN_ERR_ARG;
    }
  sn_fesys *S = NULL;
  int st = sn_fesys_create(m, &S, msg, msglen);
  sn_fesys_free(S);
  sn_dofmap *T = NULL;
  if (!st) st = sn_dofmap_create(m, &T, msg, msglen);
  sn_dofmap_free(T);
  int nsec = 0;
  for (int t = 0; t < m->nties; t++)
    if (m->ties[t].cyclic) nsec = m->ties[t].nsector;
  for (int k = 0; !st && k < m->nsteps; k++) {   /* nodal diameters: frequency_cyclic.c */
    const sn_step *sp = &m->steps[k];
    if (!sp->cyc_line) continue;
    if (!sp->frequency) {
      if (msg) snprintf(msg, msglen, "line %d: *SELECT CYCLIC SYMMETRY MODES in a step without *FREQUENCY", sp->cyc_line);
      return SN_ERR_FORMAT;
    }
    if (!nsec) {
      if (msg) snprintf(msg, msglen, "line %d: *SELECT CYCLIC SYMMETRY MODES without a *TIE, CYCLIC SYMMETRY and its "
                        "*CYCLIC SYMMETRY MODEL", sp->cyc_line);
      return SN_ERR_FORMAT;
    }
    if (sp->cyc_nmin > nsec / 2 || sp->cyc_nmax > nsec / 2) {
      if (msg) snprintf(msg, msglen, "line %d: *SELECT CYCLIC SYMMETRY MODES: nodal diameter %d above N / 2 = %d (N=%d "
                        "sectors; a diameter k above it is N - k's)", sp->cyc_line,
                        sp->cyc_nmax > nsec / 2 ? sp->cyc_nmax : sp->cyc_nmin, nsec / 2, nsec);
      return SN_ERR_FORMAT;
    }
  }
  for (int k = 0; !st && k < m->nsteps; k++)   /* a *FREQUENCY step needs the mass of every element */
    if (m->steps[k].frequency)
      for (int e = 0; e < m->nelems; e++) {
        int sec = m->elem_section ? m->elem_section[e] : -1;
        const sn_eldesc *d = sn_element_desc(m->elem_type[e]);
        if (d->kind == SN_KIND_SPRING || sec < 0) continue;
        const sn_material *mat = &m->materials[m->sections[sec].material];
        if (mat->has_density && mat->density > 0) continue;
        if (msg) snprintf(msg, msglen, "line %d: *FREQUENCY needs the mass density: element %d (%s) has material %s "
                          "without a positive *DENSITY", m->steps[k].line, m->elem_id[e], d->name, mat->name);
        return SN_ERR_FORMAT;
      }
  return st;
}

/* The message of an increment whose contact problem was not solved: the step (its deck line),
 * the increment, the time, the solvers tried with their outcomes, and the likely cause. */
void sn_static_contact_failure(const static_run *S, char *msg, size_t msglen)
{
  if (!msg || !msglen) return;
  const sn_cstate *cs = &S->cs;
  char why[400];
  sn_contact_diagnose(S->m, cs, S->fext, S->R.cons, why, sizeof why);
  snprintf(msg, msglen, "line %d: step %d, increment %d, time %g (total time %g): no solution found for the contact "
           "problem (%d point%s); solvers tried: %s%s%s", S->sp->line, S->k + 1, S->inc + 1, S->tn, S->total_time + S->tn,
           cs->np, cs->np == 1 ? "" : "s", cs->tried[0] ? cs->tried : "none", why[0] ? "; " : "", why);
}

/* set-up (the system made): the state arrays, the model's size, the reference configuration's
 * slave areas */
static int run_setup(static_run *S)
{
  const sn_model *m = S->m;
  run_state *R = &S->R;
  int st;
  R->ndf = m->ndf;
  R->ndof = sn_fesys_ndof(R->S);
  size_t nd = (size_t)R->ndof + 1, nn = (size_t)m->nnodes + 1;
  const int *ipo = sn_fesys_ip_offset(R->S);
  R->cons = calloc(nd, 1);
  R->target = calloc(nd, sizeof(double));
  R->ustart = calloc(nd, sizeof(double));
  R->bamp = malloc(nd * sizeof(int));
  R->eq = malloc(nd * sizeof(int));
  S->u = calloc(nd, sizeof(double)), S->usave = calloc(nd, sizeof(double));
  S->fint = calloc(nd, sizeof(double)), S->fext = calloc(nd, sizeof(double));
  S->rf = calloc(nd, sizeof(double)), S->rhs = calloc(nd, sizeof(double));
  S->du = calloc(nd, sizeof(double));
  S->uwd = calloc(nd, sizeof(double)), S->duwd = calloc(nd, sizeof(double));
  S->snode = calloc(6 * nn, sizeof(double));
  S->sip = calloc(6 * ((size_t)ipo[m->nelems] + 1), sizeof(double));
  if (S->s.want_strain) {
    S->enode = calloc(6 * nn, sizeof(double));
    S->eip = calloc(6 * ((size_t)ipo[m->nelems] + 1), sizeof(double));
  }
  S->hr = calloc(nd, sizeof(double)), S->rnc = calloc(nd, sizeof(double));
  S->lam_n = calloc(nn, sizeof(double)), S->lam_t = calloc(3 * nn, sizeof(double));
  S->lam_n0 = calloc(nn, sizeof(double)), S->lam_t0 = calloc(3 * nn, sizeof(double));
  S->ctot = calloc(3 * nn, sizeof(double));
  if (!R->cons || !R->target || !R->ustart || !R->bamp || !R->eq || !S->u || !S->usave || !S->fint || !S->fext ||
      !S->rf || !S->rhs || !S->du || !S->uwd || !S->duwd || !S->snode || !S->sip || !S->hr || !S->rnc || !S->lam_n ||
      !S->lam_t || !S->lam_n0 || !S->lam_t0 || !S->ctot || (S->s.want_strain && (!S->enode || !S->eip)))
    return SN_ERR_NOMEM;
  for (int c = 0; c < 3; c++) {
    double lo = INFINITY, hi = -INFINITY;
    for (int i = 0; i < m->nnodes; i++) { lo = fmin(lo, m->x[3 * i + c]); hi = fmax(hi, m->x[3 * i + c]); }
    if (m->nnodes) S->lscale = fmax(S->lscale, hi - lo);
  }
  S->rref = sn_fesys_rigid_ref(R->S);
  if (S->contact) {                            /* the reference configuration's slave areas */
    sn_contact_point *p0 = NULL;
    int np0 = 0;
    S->area0 = calloc(nn, sizeof(double));
    if (!S->area0) return SN_ERR_NOMEM;
    if ((st = sn_contact_detect_nodes(m, NULL, S->lscale > 0 ? S->lscale : 0.0, &p0, &np0, S->msg, S->msglen))) return st;
    for (int q = 0; q < np0; q++) S->area0[p0[q].slave_node] = p0[q].area;
    sn_contact_points_free(p0);
  }
  for (int d = 0; d < R->ndof; d++) R->bamp[d] = -1;
  S->total_time = 0.0;
  S->period_prev = 1.0;
  S->act = sn_fesys_active(R->S);
  if (R->T) {                                  /* the q that elements move through T */
    R->qact = calloc(nd, 1);
    R->q = calloc(nd, sizeof(double));
    if (!R->qact || !R->q) return SN_ERR_NOMEM;
    for (int d = 0; d < R->ndof; d++)
      if (S->act[d])
        for (int p = R->T->ptr[d]; p < R->T->ptr[d + 1]; p++) R->qact[R->T->col[p]] = 1;
  }
  if ((st = sn_thermal_init(&S->th, m))) return st;
  return sn_heat_init(&S->heat, m, S->th.T, S->lscale > 0 ? S->lscale : 0.0, S->msg, S->msglen);
}

/* the step's boundary conditions (they replace earlier values on the same dofs; with a
 * *TRANSFORM in the node's frame) and the equation numbers of its free dofs */
static int step_constraints(static_run *S)
{
  run_state *R = &S->R;
  const sn_step *sp = S->sp;
  const double *q = S->u;
  if (R->T) {
    sn_dofmap_local(R->T, R->ndf, S->u, R->q);
    q = R->q;
  }
  if (sp->bc_new) memset(R->cons, 0, (size_t)R->ndof);   /* OP=NEW: the earlier ones removed */
  for (int b = 0; b < sp->nbc; b++) {
    const sn_bc *bc = &sp->bc[b];
    for (int c = bc->first; c <= bc->last && c <= R->ndf; c++) {
      int d = R->ndf * bc->node + c - 1;
      if (R->T && R->T->dep[d]) {           /* CalculiX: a dependent dof takes no other constraint */
        if (S->msg) snprintf(S->msg, S->msglen, "line %d: *BOUNDARY on degree of freedom %d of node %d, the dependent term of the equation of line %d",
                             bc->line, c, S->m->node_id[bc->node], S->m->equations[R->T->dep_eq[d]].line);
        return SN_ERR_FORMAT;
      }
      R->cons[d] = 1;
      R->target[d] = bc->value;
      R->bamp[d] = bc->amplitude;
      R->ustart[d] = q[d];
    }
  }
  for (int d = 0; d < R->ndof; d++)          /* kept from earlier steps: hold where they ended */
    if (R->cons[d]) R->ustart[d] = q[d];
  number_equations(R);
  return SN_OK;
}

static int step_loads_add(static_run *S, unsigned char *mine);

/* OP=NEW: the earlier steps' loads of one kind (dist: 0 concentrated, 1 distributed) that this
 * step does not set again (mine) go from the value they reached to zero, ramped over the step */
static void remove_loads(run_state *R, int dist, const unsigned char *mine, double period_prev)
{
  for (int q = 0; q < R->nloads; q++) {
    load_rec *p = &R->loads[q];
    if (p->dist != dist || mine[q]) continue;
    if (p->amp >= 0) {                     /* an amplitude's load: from its value at the end */
      p->start = p->value * sn_amplitude_value(R->m, p->amp, period_prev, period_prev);
      p->amp = -1;
    }
    p->value = 0.0;
  }
}

/* the step's loads: those of earlier steps stay at the value they reached (ramped ones: fully
 * applied); this step's modify earlier ones on the same dof / face (OP=MOD), and add up among
 * themselves (add_load); OP=NEW removes the earlier ones of the kind (remove_loads) */
static int step_loads(static_run *S)
{
  run_state *R = &S->R;
  const sn_step *sp = S->sp;
  int st;
  for (int q = 0; q < R->nloads; q++)
    if (R->loads[q].amp < 0) R->loads[q].start = R->loads[q].value;
  unsigned char *mine = calloc((size_t)R->nloads + (size_t)sp->ncload + (size_t)sp->ndload + 1, 1);
  if (!mine) return SN_ERR_NOMEM;
  st = step_loads_add(S, mine);
  if (!st && sp->cload_new) remove_loads(R, 0, mine, S->period_prev);
  if (!st && sp->dload_new) remove_loads(R, 1, mine, S->period_prev);
  free(mine);
  if (st) return st;
  /* check distributed loads once (a face the element does not have, an element without faces) */
  if ((st = external_force(R, 0.0, 1.0, NULL, S->fext))) {
    if (S->msg) snprintf(S->msg, S->msglen, "line %d: *DLOAD: %s", sp->line, sn_strerror(st));
    return st;
  }
  return SN_OK;
}

/* the step's *CLOAD and *DLOAD records into R->loads (add_load) */
static int step_loads_add(static_run *S, unsigned char *mine)
{
  run_state *R = &S->R;
  const sn_step *sp = S->sp;
  int st;
  for (int c = 0; c < sp->ncload; c++) {
    const sn_cload *cl = &sp->cload[c];
    if ((st = sn_cload_check(S->m, cl, R->ndf, S->act, R->cons, R->T, R->qact, S->msg, S->msglen))) return st;
    load_rec q = {0, cl->node, cl->dof - 1, -1, 0, cl->value, 0, {0, 0, 0}, cl->amplitude, cl->line};
    if ((st = add_load(R, &q, S->period_prev, S->period_prev, mine))) return st;
  }
  for (int c = 0; c < sp->ndload; c++) {
    const sn_dload *dl = &sp->dload[c];
    load_rec q = {1, -1, 0, dl->elem, dl->face, dl->value, 0, {dl->dir[0], dl->dir[1], dl->dir[2]}, dl->amplitude, dl->line};
    if ((st = add_load(R, &q, S->period_prev, S->period_prev, mine))) return st;
  }
  return SN_OK;
}

/* the step's contact changes, from this step on (*CHANGE FRICTION, *CHANGE SURFACE BEHAVIOR,
 * *MODEL CHANGE): into the run's own copies of the interactions and pairs */
static void step_changes(static_run *S, const sn_step *sp)
{
  for (int c = 0; c < sp->nchange; c++) {
    const sn_step_change *ch = &sp->change[c];
    if (ch->interaction >= 0) S->mm.interactions[ch->interaction] = ch->val;
    else S->mm.pairs[ch->pair].inactive = !ch->active;
  }
}

/* step k begins: constraints, loads, its period and increment sizes */
static int step_begin(static_run *S, int k)
{
  const sn_step *sp = &S->m->steps[k];
  S->k = k;
  S->sp = sp;
  S->nlgeom = sp->nlgeom;
  S->linear = sn_fesys_is_linear(S->R.S, S->nlgeom);
  sn_fesys_set_nlgeom(S->R.S, S->nlgeom);     /* Cauchy stress, Green-Lagrange strain */
  step_changes(S, sp);
  S->R.amp_step = sp->amp_step;
  int st = step_constraints(S);
  if (st) return st;
  sn_thermal_step(&S->th, S->m, sp);
  if (sp->heat == 2) sn_heat_step(&S->heat, S->m, sp, S->th.T);   /* coupled: the temperatures solved per increment */
  if (S->th.on) {   /* thermal strains: St Venant-Kirchhoff and small strain only (docs/deck.md, "Temperatures") */
    const sn_model *m = S->m;
    for (int q = 0; q < m->nmaterials; q++)
      if (m->materials[q].has_expansion && m->materials[q].has_hyper) {
        if (S->msg) snprintf(S->msg, S->msglen, "line %d: a thermal strain (*EXPANSION of material %s) in a *HYPERELASTIC "
                             "material is not supported", sp->line, m->materials[q].name);
        return SN_ERR_FORMAT;
      }
  }
  if (st) return st;
  S->use_cg = -1;                             /* decided at the first solve of the step */
  if ((st = step_loads(S))) return st;
  S->follower = 0;                            /* a pressure load: follows the faces under NLGEOM */
  for (int q = 0; q < S->R.nloads; q++)
    if (S->R.loads[q].dist && S->R.loads[q].face > 0) S->follower = 1;
  S->period = sp->period > 0 ? sp->period : 1.0;
  S->dt = sp->dt0 > 0 ? fmin(sp->dt0, S->period) : S->period;
  S->dtmin = sp->dtmin > 0 ? sp->dtmin : 1e-5 * S->period;
  S->dtmax = sp->dtmax > 0 ? sp->dtmax : S->period;
  S->maxinc = sp->inc > 0 ? sp->inc : 100;
  S->inc = S->fast = S->cut_here = 0;
  S->t = S->t_last = 0.0;
  return SN_OK;
}

/* SMALL SLIDING (CalculiX: the pairing done once per increment): the pairs that ask for it get
 * their slave nodes' master faces at the increment's start (the converged configuration u),
 * which detection then keeps for the whole increment (pin: element * 8 + face, -1: unpaired) */
static int small_sliding_pairing(static_run *S, const double *u)
{
  sn_model *m = &S->mm;
  int any = 0;
  for (int k = 0; k < m->npairs; k++) {
    m->pairs[k].pin = NULL;
    /* the face-to-face points matched at the increment's start (u is copied there); the
       frictional soft pairs' too in a penalty increment (at their face points then: re-matched
       at every Newton iteration, their points moved within the increment and the history's
       nearest point with them, and the Newton loop stalled on a block held in stick) */
    m->pairs[k].u_start = sn_contact_face_penalty(m, k) || (S->pen && sn_contact_face_springs(m, k)) ? S->usave : NULL;
    int relief = S->k == 0 && (m->pairs[k].type == SN_PAIR_SURFACE_TO_SURFACE ? !m->pairs[k].mortar : S->inc == 0);
    m->pairs[k].relief_u0 = relief ? S->usave : NULL;   /* contact_relief.c */
    m->pairs[k].relief_theta = S->t / S->period;
    m->pairs[k].relief_rel = S->tn / S->period;
    any |= m->pairs[k].small_sliding;
  }
  if (!any) return SN_OK;
  size_t n = (size_t)m->npairs * (size_t)m->nnodes + 1;
  if (!S->pins && !(S->pins = malloc(sizeof(int) * n))) return SN_ERR_NOMEM;
  for (size_t i = 0; i < n; i++) S->pins[i] = -1;
  sn_contact_point *pts = NULL;
  int np = 0, st = sn_contact_detect(m, u, 0.0, &pts, &np, S->msg, S->msglen);
  if (st) return st;
  for (int q = 0; q < np; q++)
    if (pts[q].pair >= 0 && m->pairs[pts[q].pair].small_sliding)   /* (a gap is no pair's) */
      S->pins[(size_t)pts[q].pair * (size_t)m->nnodes + (size_t)pts[q].slave_node] = pts[q].master_elem * 8 + pts[q].master_face;
  sn_contact_points_free(pts);
  for (int k = 0; k < m->npairs; k++)
    if (m->pairs[k].small_sliding) m->pairs[k].pin = S->pins + (size_t)k * (size_t)m->nnodes;
  return SN_OK;
}

/* the trial increment to tn: prescribed displacements and loads at tn, the contact state
 * cleared and the multipliers saved, the Newton loop's treatment and limits */
/* a SURFACE TO SURFACE pair (not TYPE=MORTAR) with a soft law and perfect stick (mu >=
 * SN_MU_STICK: CalculiX' 1e20) */
static int soft_stick_pair(const sn_model *m, int pi)
{
  const sn_contact_pair *P = &m->pairs[pi];
  if (P->type != SN_PAIR_SURFACE_TO_SURFACE || P->mortar || P->interaction < 0) return 0;
  const sn_interaction *I = &m->interactions[P->interaction];
  return sn_law_soft(I) && I->has_friction && I->mu >= SN_MU_STICK;
}

/* every active pair is a face-to-face penalty pair (sn_contact_face_penalty), a frictional soft
 * one (sn_contact_face_springs) or a soft one in perfect stick, and no *GAP: the default
 * treatment (LAGRANGE) is then CalculiX' own, the penalty Newton loop on the soft law at the slave
 * faces' integration points (ringfcontact4, LINEAR slope and stick slope 1e10, 45 mortar rows:
 * ADMM did not finish the first increment's contact problem in 9 minutes; the penalty loop runs
 * it in 5 s, its eigenvalues those of the reference and ccx 2.20 to their printed digits;
 * beamptied6 the same either way; metalformingmortar, mu 0.2 under NLGEOM and plasticity: the
 * global problem's M turned indefinite, no solver of the chain finished the first increment in
 * 20 minutes; the penalty loop runs it in 5 s and agrees with the reference to 1.8e-4) */
static int face_penalty_only(const sn_model *m)
{
  int any = 0;
  if (m->ngaps > 0) return 0;
  for (int pi = 0; pi < m->npairs; pi++) {
    if (m->pairs[pi].inactive) continue;
    if (!sn_contact_face_penalty(m, pi) && !sn_contact_face_springs(m, pi) && !soft_stick_pair(m, pi)) return 0;
    any = 1;
  }
  return any;
}

/* The start of a penalty increment extrapolated from the last two converged states (a linear
 * predictor, as in the continuation methods of Allgower & Georg, "Numerical Continuation
 * Methods", 1990, sec. 2.2 (Euler-Newton with the secant direction); Wriggers, "Nonlinear
 * Finite Element Methods", 2008, sec. 5.1): the free dofs of u_n moved by
 * (t_n+1 - t_n) / (t_n - t_n-1) (u_n - u_n-1), into S->uwd (scratch until the Newton loop's
 * watchdog); 1 when made. Only within a step (its loads and prescribed motions change
 * smoothly there), after a converged increment (after a cutback u_n = u_n-1 and nothing is
 * predicted), for small-strain linear elastic models without kinematic constraints: the penalty
 * Newton loop's cost is its iterations (the 24 x 24 x 8 block pressed in five increments: 4
 * Newton iterations each from the plain start, none or one from the predicted one, whose
 * residual is 1e-10 to 5e-3). The Newton loop then converges on the same equations, to the same
 * tolerance. */
static int predictor(static_run *S)
{
  run_state *R = &S->R;
  if (!S->s.extrapolate || !S->pen || !S->linear || R->T || S->inc == 0 || !(S->t > S->t_last)) return 0;
  double ratio = (S->tn - S->t) / (S->t - S->t_last);
  int moved = 0;
  for (int d = 0; d < R->ndof; d++) {
    S->uwd[d] = R->eq[d] >= 0 ? ratio * (S->u[d] - S->usave[d]) : 0.0;
    moved |= S->uwd[d] != 0.0;
  }
  return moved;
}

/* u += v on the free dofs (v over all dofs) */
static void add_free_full(const run_state *R, const double *v, double *u)
{
  for (int d = 0; d < R->ndof; d++)
    if (R->eq[d] >= 0) u[d] += v[d];
}

static int increment_begin(static_run *S)
{
  run_state *R = &S->R;
  const sn_step *sp = S->sp;
  const sn_model *m = S->m;
  int st;
  double *u = S->u;
  S->tn = (S->period - S->t < S->dt * (1 + 1e-9)) ? S->period : S->t + S->dt;
  S->pen = S->contact && (sp->contact == SN_CT_PENALTY || sp->contact == SN_CT_AUGMENTED ||
                          (sp->contact == SN_CT_LAGRANGE && face_penalty_only(m)));
  if ((st = sn_static_split_begin(S))) return st;   /* --petsc: this rank's share of the elements */
  S->predicted = predictor(S);                /* u_n + (t_n+1 - t_n) / (t_n - t_n-1) (u_n - u_n-1) */
  sn_copy(R->ndof, u, S->usave);
  if (S->predicted) add_free_full(R, S->uwd, u);
  if (S->contact && (st = small_sliding_pairing(S, u))) return st;
  if (R->T) {                                 /* in q, then u = T q: dependents follow */
    sn_dofmap_local(R->T, R->ndf, u, R->q);
    for (int d = 0; d < R->ndof; d++)
      if (R->cons[d]) R->q[d] = prescribed(R, d, S->tn, S->period);
      else if (!R->qact[d]) R->q[d] = 0.0;
    sn_dofmap_apply(R->T, R->q, u);
  } else
    for (int d = 0; d < R->ndof; d++)
      if (R->cons[d]) u[d] = prescribed(R, d, S->tn, S->period);
      else if (!S->act[d]) u[d] = 0.0;
  follow_rigid(R, S->rref, u);
  if ((st = external_force(R, S->tn, S->period, NULL, S->fext))) return st;
  if (sp->heat == 2) {                        /* coupled: the temperatures first, with the contact */
    if ((st = sn_heat_solve(&S->heat, m, S->usave, S->tn, S->tn - S->t, S->period, S->msg, S->msglen))) return st;
    memcpy(S->th.T, S->heat.Tn, sizeof(double) * (size_t)m->nnodes);   /* of the increment's start */
    if ((st = sn_fesys_set_temperature(R->S, S->th.T))) return st;
  } else if (S->th.on && (st = sn_fesys_set_temperature(R->S, sn_thermal_at(&S->th, m, S->tn, S->period)))) return st;
  sn_cstate_clear(&S->cs);
  S->contact_missed = 0;
  memset(S->hr, 0, sizeof(double) * (size_t)R->ndof);
  memcpy(S->lam_n0, S->lam_n, sizeof(double) * (size_t)m->nnodes);
  memcpy(S->lam_t0, S->lam_t, sizeof(double) * 3 * (size_t)m->nnodes);
  S->aug = S->pen && sp->contact == SN_CT_AUGMENTED;
  S->uzawa = S->lu_only = 0;
  if (!S->pen && S->Fpen) {                   /* not a penalty increment: its memory back */
    sn_chol_free(S->Fpen);
    S->Fpen = NULL;
  }
  S->kfac = S->aug ? 10.0 : 1000.0;           /* default contact stiffness / max K_ii */
  /* augmented Lagrangian, tangential: kdiag (10 kdiag made the sliding Newton loop fail on
   * a 24 x 24 x 8 block pressed and slid with HARD contact; 0.1 kdiag triples the Uzawa
   * rounds) */
  S->ktfac = S->aug ? 1.0 : S->kfac;
  S->it = S->conv = 0;
  S->res = S->res_prev = INFINITY;
  S->lstep = 1.0;
  S->nhist = S->nup = S->wd_armed = 0;
  S->wd_res = 0.0;
  S->maxit = S->pen ? 4 * S->s.max_newton : S->s.max_newton;   /* penalty: quasi-Newton in slip */
  return SN_OK;
}

/* an increment that did not converge: the state of its start back and a smaller increment;
 * with *STATIC, DIRECT or below the minimum increment the run ends */
static int cut_back(static_run *S)
{
  const sn_model *m = S->m;
  sn_copy(S->R.ndof, S->usave, S->u);
  memcpy(S->lam_n, S->lam_n0, sizeof(double) * (size_t)m->nnodes);
  memcpy(S->lam_t, S->lam_t0, sizeof(double) * 3 * (size_t)m->nnodes);
  if (S->sp->direct) {
    if (S->msg) snprintf(S->msg, S->msglen, "step %d: the increment to time %g did not converge (residual %.3g after %d iterations) and *STATIC, DIRECT allows no cutback", S->k + 1, S->tn, S->res, S->it);
    if (S->contact_missed) sn_static_contact_failure(S, S->msg, S->msglen);
    return SN_ERR_ARG;
  }
  S->dt *= S->s.cutback;
  S->cut_here++;
  S->cutbacks_total++;
  if (S->dt < S->dtmin * (1 - 1e-12)) {
    if (S->msg) snprintf(S->msg, S->msglen, "step %d: no convergence at time %g even with the minimum increment %g (residual %.3g)", S->k + 1, S->t, S->dtmin, S->res);
    if (S->contact_missed) sn_static_contact_failure(S, S->msg, S->msglen);
    return SN_ERR_ARG;
  }
  return SN_OK;
}

/* a converged increment: the penalty state, reactions, stresses, the caller's output, and the
 * size of the next increment (grown after two fast ones) */
static int increment_done(static_run *S)
{
  run_state *R = &S->R;
  const sn_model *m = S->m;
  const sn_cstate *cs = &S->cs;
  sn_static_info *info = S->info;
  int st;
  if (S->pen) {
    memset(S->lam_n, 0, sizeof(double) * (size_t)m->nnodes);
    memset(S->lam_t, 0, sizeof(double) * 3 * (size_t)m->nnodes);
    store_multipliers(cs, R->ndf, S->aug, 0, S->lam_n, S->lam_t);
    if ((st = sn_face_history_store(cs, R->ndf, &S->fhist, S->lam_t))) return st;
  } else if (S->contact) {
    /* LAGRANGE / INTERIOR: the tangential forces, from which the next increment's stick
       compliances count the elastic slip (contact_stick.c) */
    memset(S->lam_t, 0, sizeof(double) * 3 * (size_t)m->nnodes);
    store_multipliers(cs, R->ndf, 0, 0, S->lam_n, S->lam_t);
    sn_face_hist_free(S->fhist);              /* (mortar rows here: no face points to follow) */
    S->fhist = NULL;
  }
  if (S->contact && cs->np > 0 && (st = sn_contact_cdis(cs, R->ndf, m->nnodes, S->ctot, &S->cdis))) return st;
  S->inc++;
  S->total_inc++;
  for (int d = 0; d < R->ndof; d++)
    S->rf[d] = R->cons[d] && (S->act[d] || S->hr[d] != 0.0) ? S->fint[d] - S->fext[d] - S->hr[d] : 0.0;
  if (R->T)                                   /* nodes in equations or transformed: the */
    for (int i = 0; i < m->nnodes; i++) {     /* constraint force, global components */
      if (R->T->touched[i])
        for (int c = 0; c < R->ndf; c++) {
          int d = R->ndf * i + c;
          S->rf[d] = S->fint[d] - S->fext[d] - S->hr[d];
        }
    }
  for (int k = 0; k < m->nknots; k++)         /* shell and beam knots: the sum of their nodes */
    for (int j = m->knot_ptr[k]; j < m->knot_ptr[k + 1]; j++)
      for (int c = 0; c < R->ndf; c++) {
        S->rf[R->ndf * m->knot_node[k] + c] += S->rf[R->ndf * m->knot_members[j] + c];
        S->rf[R->ndf * m->knot_members[j] + c] = 0;
      }
  double tr = sn_wtime();
  if ((st = sn_fesys_commit(R->S, S->u, S->nlgeom, S->msg, S->msglen))) return st;   /* *PLASTIC history */
  if (info) info->assembly_seconds += sn_wtime() - tr;
  sn_increment I = {S->k + 1, S->inc, S->total_inc, S->tn, S->total_time + S->tn, S->tn / S->period, S->it, S->res,
                    S->cut_here, S->u, S->rf, S->fext, NULL, NULL, R->cons, cs->np, cs->pts, cs->r, cs->uloc,
                    cs->solver, cs->solver_iterations, cs->solver_error, S->reshist, S->nhist, NULL,
                    S->th.on ? S->th.T : NULL, S->contact && cs->np > 0 ? S->cdis : NULL, NULL, NULL};
  if (S->s.on_converged) {   /* the increment without its stresses: what an output can start now */
    double to = sn_wtime();
    int rc = S->s.on_converged(m, R->S, &I, S->s.user);
    if (info) info->output_seconds += sn_wtime() - to;
    if (rc) return rc;
  }
  tr = sn_wtime();
  if ((st = sn_fesys_stress_strain_timed(R->S, S->u, S->snode, S->sip, S->enode, S->eip))) return st;
  if (info) info->assembly_seconds += sn_wtime() - tr;
  I.s_node = S->snode;
  I.s_ip = S->sip;
  I.e_node = S->enode;
  I.e_ip = S->eip;
  if (S->sp->heat == 2) memcpy(S->heat.T, S->heat.Tn, sizeof(double) * (size_t)m->nnodes);   /* committed */
  S->cut_here = 0;
  S->t_last = S->t;
  S->t = S->tn;
  if (S->s.on_increment) {
    double to = sn_wtime();
    int rc = S->s.on_increment(m, R->S, &I, S->s.user);
    if (info) info->output_seconds += sn_wtime() - to;
    if (rc) return rc;
  }
  if (!S->sp->direct) {
    S->fast = S->it <= 4 ? S->fast + 1 : 0;
    if (S->fast >= 2) { S->dt = fmin(S->dt * S->s.grow, S->dtmax); S->fast = 0; }
  }
  return SN_OK;
}

/* a *FREQUENCY step: the base state's constraints plus the step's own, for this step only
 * (the state, loads and later steps are untouched); total time advances by 1, as CalculiX */
static int frequency_step(static_run *S, int k)
{
  run_state *R = &S->R;
  const sn_step *sp = &S->m->steps[k];
  unsigned char *cons0 = malloc((size_t)R->ndof + 1);
  if (!cons0) return SN_ERR_NOMEM;
  memcpy(cons0, R->cons, (size_t)R->ndof);
  S->k = k;
  S->sp = sp;
  step_changes(S, sp);                         /* e.g. *MODEL CHANGE, REMOVE: no springs of that pair */
  if (sp->bc_new) memset(R->cons, 0, (size_t)R->ndof);   /* OP=NEW: the base state's removed */
  for (int b = 0; b < sp->nbc; b++)
    for (int c = sp->bc[b].first; c <= sp->bc[b].last && c <= R->ndf; c++) R->cons[R->ndf * sp->bc[b].node + c - 1] = 1;
  number_equations(R);
  free(S->mlam);                               /* a later *MODAL DYNAMIC uses this step's modes or none */
  free(S->mphi);
  S->mlam = S->mphi = NULL;
  S->mnev = 0;
  int st = sn_frequency_step(S);
  S->freq_nfree = R->neq;
  memcpy(R->cons, cons0, (size_t)R->ndof);
  free(cons0);
  number_equations(R);
  S->total_time += 1.0;
  return st;
}

/* step k, increment by increment */
static int run_step(static_run *S, int k)
{
  const sn_step *sk = &S->m->steps[k];
  int st;
  if ((sk->frequency || sk->modal || sk->heat == 1) && (st = sn_static_split_suspend(S))) return st;
  if (S->m->steps[k].frequency) return frequency_step(S, k);
  if (S->m->steps[k].modal) {                  /* modal_step.c */
    S->k = k;
    S->sp = &S->m->steps[k];
    step_changes(S, S->sp);
    return sn_modal_step(S, k);
  }
  if (S->m->steps[k].heat == 1) return sn_heat_run_step(S, k);
  st = step_begin(S, k);
  if (st) return st;
  while (S->t < S->period * (1 - 1e-12)) {
    if (S->inc >= S->maxinc) {
      if (S->msg) snprintf(S->msg, S->msglen, "line %d: step %d needs more than INC=%d increments (time %g of %g)", S->sp->line, k + 1, S->maxinc, S->t, S->period);
      return SN_ERR_ARG;
    }
    if ((st = increment_begin(S)) || (st = sn_static_newton(S))) return st;
    if (!S->conv) {
      if ((st = cut_back(S))) return st;
      continue;
    }
    if ((st = increment_done(S))) return st;
  }
  S->total_time += S->period;
  S->period_prev = S->period;
  return SN_OK;
}

/* the run's figures into info, and everything it holds freed */
static void run_finish(static_run *S, int st, double t0)
{
  sn_static_info *info = S->info;
  run_state *R = &S->R;
  if (info) {
    info->status = st;
    info->increments = S->total_inc;
    info->cutbacks = S->cutbacks_total;
    info->seconds = sn_wtime() - t0;
    info->ndof = R->ndof;
    info->nfree = S->total_inc == 0 && S->freq_nfree ? S->freq_nfree : R->neq;   /* a deck of *FREQUENCY steps only */
    int hits = 0;
    sn_admm_cache_stats(S->Cc.admm, &hits, NULL);
    info->factor_reuses = hits + S->Cc.reuses;
    sn_petsc_cache_counts(S->Cc.petsc, &info->petsc_solves, &info->petsc_reuses);
    info->split_solves = S->split.solves;
    info->split_elements = S->split.solves ? S->split.nown : 0;
    info->split_ranks = S->split.solves ? S->split.size : 0;
  }
  sn_static_split_free(&S->split);
  sn_ccache_clear(&S->Cc);
  sn_chol_free(S->F);
  sn_csc_free(S->K);
  sn_cstate_clear(&S->cs);
  sn_csc_free(S->Keff);
  sn_csc_free(S->Kpre);
  sn_ptangent_free(&S->ptg);
  sn_pschur_free(&S->ps);
  sn_chol_free(S->Fpen);
  free(S->area0);
  free(S->mlam);
  free(S->mphi);
  sn_thermal_free(&S->th);
  sn_heat_free(&S->heat);
  free(S->hr); free(S->rnc); free(S->lam_n); free(S->lam_t); sn_face_hist_free(S->fhist); free(S->lam_n0); free(S->lam_t0); free(S->ctot); free(S->cdis);
  sn_fesys_free(R->S);
  sn_dofmap_free(R->T);
  free(R->qact); free(R->q);
  free(R->cons); free(R->target); free(R->ustart); free(R->bamp); free(R->eq); free(R->loads);
  free(S->u); free(S->usave); free(S->fint); free(S->fext); free(S->rf); free(S->rhs); free(S->du); free(S->uwd);
  free(S->duwd); free(S->snode); free(S->sip); free(S->enode); free(S->eip);
}

int sn_static_run(const sn_model *m, const sn_static_settings *s_in, sn_static_info *info,
                  char *msg, size_t msglen)
{
  static_run S;
  memset(&S, 0, sizeof S);
  if (s_in) S.s = *s_in; else sn_static_settings_default(&S.s);
  if (info) memset(info, 0, sizeof *info);
  if (msg && msglen) msg[0] = '\0';
  if (!m) return SN_ERR_ARG;
  double t0 = sn_wtime();
  int st = S.s.checked ? SN_OK : sn_static_check(m, msg, msglen);
  if (st) return st;
  /* the run's own model: the model's arrays shared, but the interactions, pairs (changed by
     steps) and coordinates (ADJUST=) copied */
  S.mm = *m;
  S.mm.interactions = malloc(sizeof(sn_interaction) * ((size_t)m->ninteractions + 1));
  S.mm.pairs = malloc(sizeof(sn_contact_pair) * ((size_t)m->npairs + 1));
  S.mm.x = malloc(sizeof(double) * (3 * (size_t)m->nnodes + 1));
  if (!S.mm.interactions || !S.mm.pairs || !S.mm.x) {
    free(S.mm.interactions); free(S.mm.pairs); free(S.mm.x);
    return SN_ERR_NOMEM;
  }
  if (m->ninteractions) memcpy(S.mm.interactions, m->interactions, sizeof(sn_interaction) * (size_t)m->ninteractions);
  if (m->npairs) memcpy(S.mm.pairs, m->pairs, sizeof(sn_contact_pair) * (size_t)m->npairs);
  for (int k = 0; k < m->npairs; k++)   /* the run's own per-increment fields, none yet */
    S.mm.pairs[k].pin = NULL, S.mm.pairs[k].u_start = S.mm.pairs[k].relief_u0 = NULL;
  if (m->nnodes) memcpy(S.mm.x, m->x, sizeof(double) * 3 * (size_t)m->nnodes);
  m = &S.mm;
  S.m = m;
  S.info = info;
  S.msg = msg;
  S.msglen = msglen;
  S.R.m = m;
  st = sn_contact_adjust(&S.mm, msg, msglen);
  if (!st) st = sn_fesys_create(m, &S.R.S, msg, msglen);
  if (st) {
    free(S.mm.interactions); free(S.mm.pairs); free(S.mm.x);
    return st;
  }
  if ((st = sn_dofmap_create(m, &S.R.T, msg, msglen))) {
    sn_fesys_free(S.R.S);
    free(S.mm.interactions); free(S.mm.pairs); free(S.mm.x);
    return st;
  }
  if (S.R.T->trivial) {                      /* no constraint: the plain numbering */
    sn_dofmap_free(S.R.T);
    S.R.T = NULL;
  }
  sn_fesys_set_dofmap(S.R.S, S.R.T);
  sn_fesys_set_threads(S.R.S, S.s.threads);   /* the element passes (bit for bit the same results) */
  S.Cc.w_kstamp = -1;
  S.F_kid = S.F_version = -1;
  S.contact = m->npairs > 0 || m->ngaps > 0;   /* GAPUNI elements are contact points too */
  st = run_setup(&S);
  for (int k = 0; !st && k < m->nsteps; k++) st = run_step(&S, k);
  run_finish(&S, st, t0);
  if (S.blas_lowered) sn_set_openblas_threads(S.s.threads);   /* blas_by_size (static_newton.c) */
  free(S.mm.interactions); free(S.mm.pairs); free(S.mm.x); free(S.pins);
  return st;
}
