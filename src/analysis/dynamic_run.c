/* The dynamic analysis of the *DYNAMIC steps of a model (docs/fe-dynamics.md): checks, set-up
 * (state, initial velocities), per step the boundary conditions, loads and the step matrices
 * (M, K, M_hat = M + h theta C + h^2 theta^2 K and its factor), then fixed time steps of the
 * Moreau-Jean scheme (dynamic_step.c) with the energy balance (dynamic_energy.c) and the
 * caller's callback. */
#include "analysis/dynamic_internal.h"
#include "analysis/load_check.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void sn_dynamic_settings_default(sn_dynamic_settings *s)
{
  if (!s) return;
  memset(s, 0, sizeof *s);
  s->tol = 1e-10;
  s->max_iter = 5000;
}

int sn_model_is_dynamic(const sn_model *m)
{
  for (int k = 0; m && k < m->nsteps; k++)
    if (m->steps[k].dynamic) return 1;
  return 0;
}

static int refuse(char *msg, size_t msglen, int line, const char *fmt, const char *what)
{
  if (msg && msglen) {
    char b[600];
    snprintf(b, sizeof b, fmt, what);
    if (line > 0) snprintf(msg, msglen, "line %d: %s", line, b);
    else snprintf(msg, msglen, "%s", b);
  }
  return SN_ERR_ARG;
}

int sn_dynamic_check(const sn_model *m, char *msg, size_t msglen)
{
  if (msg && msglen) msg[0] = '\0';
  if (!m) return SN_ERR_ARG;
  if (m->nsteps == 0) return refuse(msg, msglen, 0, "the deck has no *STEP: nothing to analyse%s", "");
  for (int k = 0; k < m->nsteps; k++) {
    const sn_step *sp = &m->steps[k];
    if (!sp->dynamic)
      return refuse(msg, msglen, sp->line, "%s", sp->frequency ? "a *FREQUENCY step in a deck with *DYNAMIC steps is not "
                    "supported yet: every step of a dynamic analysis is a *DYNAMIC one" :
                    "a deck mixing *STATIC and *DYNAMIC steps is not supported yet: "
                    "every step of a dynamic analysis is a *DYNAMIC one");
    if (m->ngaps > 0)
      return refuse(msg, msglen, m->gaps[0].line, "%s", "*GAP (GAPUNI elements) in a *DYNAMIC analysis: gaps are "
                    "supported in *STATIC steps only");
    if (sp->has_temp)
      return refuse(msg, msglen, sp->line, "%s", "*TEMPERATURE in a *DYNAMIC step: thermal strains are supported "
                    "in *STATIC steps only");
    if (sp->contact != SN_CT_LAGRANGE && m->npairs > 0)
      return refuse(msg, msglen, sp->line, "%s", "*STEP, CONTACT=: a *DYNAMIC step enforces contact by impulses "
                    "(Moreau-Jean, CONTACT=LAGRANGE); PENALTY, AUGMENTED and INTERIOR are static treatments");
    if (sp->nchange || sp->amp_step)
      return refuse(msg, msglen, sp->line, "%s", "*CHANGE FRICTION, *CHANGE SURFACE BEHAVIOR, *MODEL CHANGE and "
                    "*STEP, AMPLITUDE=STEP are supported in *STATIC steps only");
  }
  for (int k = 0; k < m->npairs; k++) {
    const sn_contact_pair *P = &m->pairs[k];
    if (P->adjust > 0 || P->adjust_set >= 0 || P->inactive)
      return refuse(msg, msglen, P->line, "%s", "*CONTACT PAIR, ADJUST= is supported in *STATIC analyses only");
    const sn_interaction *I = &m->interactions[P->interaction];
    int law = I->law;
    if (I->damping > 0 && law == SN_OVERCLOSURE_HARD)
      return refuse(msg, msglen, I->damping_line, "%s",
                    "*CONTACT DAMPING with HARD contact in a *DYNAMIC step is not implemented (impulsive contact; "
                    "with PRESSURE-OVERCLOSURE=LINEAR it is a dashpot)");
    if (law == SN_OVERCLOSURE_TIED || law == SN_OVERCLOSURE_GAPUNI)
      return refuse(msg, msglen, P->line, "%s", "a *DYNAMIC analysis enforces HARD (impulses) and LINEAR, EXPONENTIAL "
                    "or TABULAR (springs) contact: PRESSURE-OVERCLOSURE=TIED is for *STATIC steps");
    if (law != SN_OVERCLOSURE_HARD && I->mu > 0)
      return refuse(msg, msglen, P->line, "%s", "*FRICTION with a LINEAR, EXPONENTIAL or TABULAR pressure-overclosure law "
                    "in a *DYNAMIC step is not implemented (frictionless springs and dashpots; HARD contact takes "
                    "Coulomb friction)");
  }
  for (int k = 0; k < m->nties; k++)   /* *EQUATION, *TIE, *TRANSFORM: eliminated (u = T q) */
    if (m->ties[k].cyclic)
      return refuse(msg, msglen, m->ties[k].line, "%s", "*TIE, CYCLIC SYMMETRY in a *DYNAMIC analysis is not supported");
  sn_fesys *S = NULL;
  int st = sn_fesys_create(m, &S, msg, msglen);
  sn_fesys_free(S);
  if (st) return st;
  for (int e = 0; e < m->nelems; e++) {
    if (m->elem_type[e] == SN_EL_SPRINGA || m->elem_section[e] < 0) continue;
    const sn_section *sec = &m->sections[m->elem_section[e]];
    const sn_material *mat = &m->materials[sec->material];
    if (!(mat->density > 0)) {   /* at the section's line: the one that gives the element its material */
      char b[200];
      snprintf(b, sizeof b, "material %s (element %d) has no positive *DENSITY: a *DYNAMIC step needs the mass of "
               "every element", mat->name, m->elem_id[e]);
      return refuse(msg, msglen, sec->line > 0 ? sec->line : m->steps[0].line, "%s", b);
    }
  }
  for (int q = 0; q < m->nivel; q++)
    if (m->ivel[q].dof > m->ndf)
      return refuse(msg, msglen, m->ivel[q].line, "%s", "*INITIAL CONDITIONS, TYPE=VELOCITY: degree of freedom out "
                    "of range for the model's dimension");
  return SN_OK;
}

/* ---- set-up and release ---- */
static void state_free(dyn_state *D)
{
  sn_fesys_free(D->S);
  sn_dofmap_free(D->T);
  free(D->qact); free(D->qa); free(D->qb); free(D->qc);
  free(D->eq); free(D->cons); free(D->target); free(D->bamp); free(D->loads); free(D->area0);
  sn_csc_free(D->M); sn_csc_free(D->K); sn_csc_free(D->Mhat); sn_chol_free(D->F); sn_dyn_delassus_free(D);
  free(D->u); free(D->v); free(D->u1); free(D->v1); free(D->w1); free(D->w2); free(D->fext0); free(D->fext1);
  free(D->f); free(D->a); free(D->b); free(D->c); free(D->g); free(D->vf); free(D->vf1); free(D->ftheta); free(D->pglob); free(D->fmid);
  sn_cstate_clear(&D->cs);
  free(D->wkey); free(D->wpair); free(D->wval);
}

static int state_alloc(dyn_state *D)
{
  size_t nd = (size_t)D->ndof + 1;
  double **all[] = {&D->u, &D->v, &D->u1, &D->v1, &D->w1, &D->w2, &D->fext0, &D->fext1, &D->f, &D->a, &D->b,
                    &D->c, &D->g, &D->vf, &D->vf1, &D->ftheta, &D->pglob, &D->qa, &D->qb, &D->qc, &D->fmid};
  for (size_t k = 0; k < sizeof all / sizeof all[0]; k++)
    if (!(*all[k] = calloc(nd, sizeof(double)))) return SN_ERR_NOMEM;
  D->eq = malloc(nd * sizeof(int));
  D->cons = calloc(nd, 1);
  D->target = calloc(nd, sizeof(double));
  D->bamp = malloc(nd * sizeof(int));
  D->area0 = calloc((size_t)D->m->nnodes + 1, sizeof(double));
  if (!D->eq || !D->cons || !D->target || !D->bamp || !D->area0) return SN_ERR_NOMEM;
  for (int d = 0; d < D->ndof; d++) D->bamp[d] = -1;
  if (D->T) {                          /* the q that elements move through T */
    const unsigned char *act = sn_fesys_active(D->S);
    if (!(D->qact = calloc(nd, 1))) return SN_ERR_NOMEM;
    for (int d = 0; d < D->ndof; d++)
      if (act[d])
        for (int p = D->T->ptr[d]; p < D->T->ptr[d + 1]; p++) D->qact[D->T->col[p]] = 1;
  }
  return SN_OK;
}

/* initial velocities; the reference slave areas */
static int initial_state(dyn_state *D)
{
  const sn_model *m = D->m;
  for (int q = 0; q < m->nivel; q++) D->v[D->ndf * m->ivel[q].node + m->ivel[q].dof - 1] = m->ivel[q].value;
  sn_dyn_follow_rigid(D, D->v);   /* a rigid body moves with its reference node's velocity */
  if (m->npairs == 0) return SN_OK;
  double lo[3], hi[3], ls = 0;
  for (int c = 0; c < 3; c++) { lo[c] = INFINITY; hi[c] = -INFINITY; }
  for (int i = 0; i < m->nnodes; i++)
    for (int c = 0; c < 3; c++) { lo[c] = fmin(lo[c], m->x[3 * i + c]); hi[c] = fmax(hi[c], m->x[3 * i + c]); }
  for (int c = 0; c < 3 && m->nnodes; c++) ls = fmax(ls, hi[c] - lo[c]);
  for (int k = 0; k < m->npairs; k++)
    if (m->interactions[m->pairs[k].interaction].law != SN_OVERCLOSURE_HARD) D->search = ls;
  sn_contact_point *p0 = NULL;
  int np0 = 0, st = sn_contact_detect_nodes(m, NULL, ls, &p0, &np0, D->msg, D->msglen);
  if (st) return st;
  for (int q = 0; q < np0; q++) D->area0[p0[q].slave_node] = p0[q].area;
  sn_contact_points_free(p0);
  return SN_OK;
}

/* ---- a step's boundary conditions, loads and matrices ---- */
static int add_load(dyn_state *D, const dyn_load *q)
{
  for (int k = 0; k < D->nloads; k++) {   /* OP=MOD: a later value replaces the earlier one */
    dyn_load *p = &D->loads[k];
    if (p->dist == q->dist && (q->dist ? (p->elem == q->elem && p->face == q->face) : (p->node == q->node && p->dof == q->dof))) {
      *p = *q;
      return SN_OK;
    }
  }
  if (D->nloads == D->caploads) {
    int nc = D->caploads ? 2 * D->caploads : 32;
    dyn_load *p = realloc(D->loads, sizeof *p * (size_t)nc);
    if (!p) return SN_ERR_NOMEM;
    D->loads = p;
    D->caploads = nc;
  }
  D->loads[D->nloads++] = *q;
  return SN_OK;
}

/* OP=NEW: the earlier steps' loads of one kind (dist: 0 concentrated, 1 distributed) removed
 * (a dynamic step applies its loads at once, and removes them so) */
static void remove_loads(dyn_state *D, int dist)
{
  int n = 0;
  for (int k = 0; k < D->nloads; k++)
    if (D->loads[k].dist != dist) D->loads[n++] = D->loads[k];
  D->nloads = n;
}

static int step_conditions(dyn_state *D)
{
  const sn_step *sp = D->sp;
  if (sp->bc_new) memset(D->cons, 0, (size_t)D->ndof);   /* OP=NEW: the earlier ones removed */
  if (sp->cload_new) remove_loads(D, 0);
  if (sp->dload_new) remove_loads(D, 1);
  for (int b = 0; b < sp->nbc; b++)
    for (int c = sp->bc[b].first; c <= sp->bc[b].last && c <= D->ndf; c++) {
      int d = D->ndf * sp->bc[b].node + c - 1;
      if (D->T && D->T->dep[d]) {         /* as in *STATIC steps (static_run.c) */
        if (D->msg) snprintf(D->msg, D->msglen, "line %d: *BOUNDARY on degree of freedom %d of node %d, the dependent term of the equation of line %d",
                             sp->bc[b].line, c, D->m->node_id[sp->bc[b].node], D->m->equations[D->T->dep_eq[d]].line);
        return SN_ERR_FORMAT;
      }
      D->cons[d] = 1;
      D->target[d] = sp->bc[b].value;
      D->bamp[d] = sp->bc[b].amplitude;
    }
  for (int c = 0; c < sp->ncload; c++) {
    const sn_cload *cl = &sp->cload[c];
    int cst = sn_cload_check(D->m, cl, D->ndf, sn_fesys_active(D->S), D->cons, D->T, D->qact, D->msg, D->msglen);
    if (cst) return cst;
    dyn_load q = {0, cl->node, cl->dof - 1, -1, 0, cl->value, {0, 0, 0}, cl->amplitude};
    int st = add_load(D, &q);
    if (st) return st;
  }
  for (int c = 0; c < sp->ndload; c++) {
    const sn_dload *dl = &sp->dload[c];
    dyn_load q = {1, -1, 0, dl->elem, dl->face, dl->value, {dl->dir[0], dl->dir[1], dl->dir[2]}, dl->amplitude};
    int st = add_load(D, &q);
    if (st) return st;
  }
  const unsigned char *act = D->T ? D->qact : sn_fesys_active(D->S);
  D->neq = 0;
  for (int d = 0; d < D->ndof; d++) D->eq[d] = (act[d] && !D->cons[d] && !(D->T && D->T->dep[d])) ? D->neq++ : -1;
  D->eq_version++;
  return SN_OK;
}

/* the mass on the free dofs; with constraints T^T M T on the free independent q (the
 * Rayleigh-Ritz reduction onto u = T q, as the stiffness) */
static int step_mass(dyn_state *D)
{
  if (!D->T) return sn_fesys_mass(D->S, !D->sp->consistent_mass, D->eq, D->neq, &D->M);
  int *all = malloc(sizeof(int) * ((size_t)D->ndof + 1)), st;
  sn_csc *Mu = NULL;
  if (!all) return SN_ERR_NOMEM;
  for (int d = 0; d < D->ndof; d++) all[d] = d;
  st = sn_fesys_mass(D->S, !D->sp->consistent_mass, all, D->ndof, &Mu);
  free(all);
  if (st) return st;
  const sn_dofmap *T = D->T;
  size_t cap = 1;
  for (int j = 0; j < Mu->n; j++)
    for (int p = Mu->colptr[j]; p < Mu->colptr[j + 1]; p++)
      cap += (size_t)(T->ptr[Mu->rowind[p] + 1] - T->ptr[Mu->rowind[p]]) * (size_t)(T->ptr[j + 1] - T->ptr[j]);
  int *I = malloc(sizeof(int) * cap), *J = malloc(sizeof(int) * cap), z = 0;
  double *X = malloc(sizeof(double) * cap);
  if (!I || !J || !X) st = SN_ERR_NOMEM;
  for (int j = 0; j < Mu->n && !st; j++)
    for (int p = Mu->colptr[j]; p < Mu->colptr[j + 1]; p++) {
      int i = Mu->rowind[p];
      for (int a = T->ptr[i]; a < T->ptr[i + 1]; a++)
        for (int b = T->ptr[j]; b < T->ptr[j + 1]; b++) {
          int ea = D->eq[T->col[a]], eb = D->eq[T->col[b]];
          if (ea < 0 || eb < 0) continue;
          I[z] = ea; J[z] = eb; X[z++] = T->val[a] * T->val[b] * Mu->val[p];
        }
    }
  if (!st) st = sn_csc_from_triplets(D->neq, D->neq, z, I, J, X, &D->M);
  free(I); free(J); free(X);
  sn_csc_free(Mu);
  return st;
}

/* M, K and M_hat = (1 + h theta alpha) M + (h theta beta + h^2 theta^2) K on the free dofs, and
 * M_hat's Cholesky factor */
static int step_matrices(dyn_state *D)
{
  int st;
  sn_csc_free(D->M);
  D->M = NULL;
  if ((st = step_mass(D))) return st;
  if ((st = sn_fesys_internal(D->S, D->u, D->nlgeom, D->w2, D->eq, D->neq, D->eq_version, &D->K, D->msg, D->msglen))) return st;
  if ((st = sn_dyn_mhat(D))) return st;
  st = sn_dyn_factor(D);               /* dynamic_delassus.c */
  if (st && D->msg)
    snprintf(D->msg, D->msglen, "line %d: the step's matrix M + h theta C + h^2 theta^2 K is not positive definite "
             "(a free degree of freedom without mass? every element needs a *DENSITY)", D->sp->line);
  return st;
}

int sn_dyn_mhat(dyn_state *D)
{
  int st;
  double h = D->h, th = D->theta, cm = 1 + h * th * D->alpha, ck = h * th * D->beta + h * h * th * th;
  size_t nz = (size_t)D->M->nnz + 2 * (size_t)D->K->nnz + 1;
  int *I = malloc(sizeof(int) * nz), *J = malloc(sizeof(int) * nz), k = 0;
  double *X = malloc(sizeof(double) * nz);
  if (!I || !J || !X) { free(I); free(J); free(X); return SN_ERR_NOMEM; }
  for (int j = 0; j < D->M->n; j++)
    for (int p = D->M->colptr[j]; p < D->M->colptr[j + 1]; p++) { I[k] = D->M->rowind[p]; J[k] = j; X[k++] = cm * D->M->val[p]; }
  for (int j = 0; j < D->K->n; j++)
    for (int p = D->K->colptr[j]; p < D->K->colptr[j + 1]; p++) {
      int i = D->K->rowind[p];
      I[k] = i; J[k] = j; X[k++] = ck * D->K->val[p];
      if (i != j) { I[k] = j; J[k] = i; X[k++] = ck * D->K->val[p]; }
    }
  sn_csc_free(D->Mhat);
  D->Mhat = NULL;
  st = sn_csc_from_triplets(D->neq, D->neq, k, I, J, X, &D->Mhat);
  free(I); free(J); free(X);
  return st;
}

/* ---- the callback ---- */
/* reactions at prescribed dofs (f_int - f_ext; the inertia of prescribed dofs left out) into
 * w1, stresses into snode and sip */
static int output_fields(dyn_state *D, double *snode, double *sip)
{
  int st = sn_fesys_internal(D->S, D->u, D->nlgeom, D->w1, NULL, 0, 0, NULL, D->msg, D->msglen);
  if (st) return st;
  for (int d = 0; d < D->ndof; d++) D->w1[d] = D->cons[d] ? D->w1[d] - D->fext0[d] : 0.0;
  return sn_fesys_stress(D->S, D->u, snode, sip);
}

/* the energy of the state reached at step time t, and the callback (fields with output only) */
static int report(dyn_state *D, int k, int i, double t, double ttot, int output, double *snode, double *sip)
{
  double ta = sn_wtime();
  int st;
  if ((st = sn_dyn_energy_state(D, D->u, D->v, ttot + t)) || (st = sn_dyn_external(D, t, D->fext0))) return st;
  if (output && (st = output_fields(D, snode, sip))) return st;
  D->info->assembly_seconds += sn_wtime() - ta;
  if (!D->set->on_step) return SN_OK;
  double t0 = sn_wtime();
  sn_increment I = {k + 1, i, D->info->steps, t, ttot + t, t / D->period, 0, 0.0, 0, D->u, output ? D->w1 : NULL, D->fext0,
                    output ? snode : NULL, output ? sip : NULL, D->cons, D->cs.np, D->cs.pts, D->cs.r, D->cs.uloc,
                    D->cs.solver, D->cs.solver_iterations, D->cs.solver_error, NULL, 0, D->v, NULL, NULL, NULL, NULL};
  st = D->set->on_step(D->m, D->S, &I, &D->en, output, D->set->user);
  D->info->output_seconds += sn_wtime() - t0;
  return st;
}

/* whether time step i of n of step k (ending at step time t, of length h; total time at the
 * step's start ttot) is an output step: settings.output_every when set; otherwise the output
 * requests' FREQUENCY= or TIME POINTS= in force (the last one given on a request of this step or
 * an earlier one, as CalculiX keeps them across steps: every f-th time step, f = 0 only the
 * step's end; the steps into which a time point falls), and without either at most 100 per step;
 * always the step's last one */
static int output_due(const dyn_state *D, int k, int i, int n, double t, double h, double ttot)
{
  const sn_model *m = D->m;
  if (i == n) return 1;
  if (D->set->output_every > 0) return i % D->set->output_every == 0;
  int f = -1, tp = -1;
  for (int s = 0; s <= k && s < m->nsteps; s++)
    for (int q = 0; q < m->steps[s].nout; q++) {
      const sn_output *o = &m->steps[s].out[q];
      if (o->frequency >= 0) f = o->frequency, tp = -1;
      if (o->timepoints >= 0) tp = o->timepoints;
    }
  if (tp >= 0 && tp < m->ntimepoints) {
    const sn_timepoints *T = &m->timepoints[tp];
    double hi = T->total ? ttot + t : t, lo = hi - h, eps = 1e-9 * fmax(1.0, fabs(hi));
    for (int j = 0; j < T->n; j++)
      if (T->t[j] > lo + eps && T->t[j] <= hi + eps) return 1;
    return 0;
  }
  if (f >= 0) return f > 0 && i % f == 0;
  return i % ((n + 99) / 100) == 0;
}

/* the time steps of one *STEP (the first one reports the initial state first) */
static int run_step(dyn_state *D, int k, double *ttot, double *snode, double *sip)
{
  const sn_step *sp = D->sp;
  int n = (int)ceil(sp->period / sp->dt0 - 1e-9), st;
  if (n < 1) n = 1;
  D->h = sp->period / n;
  D->theta = sp->theta > 0 ? sp->theta : 0.5;
  D->e = sp->restitution;
  D->period = sp->period;
  D->nlgeom = sp->nlgeom;
  D->retangent = !sn_fesys_is_linear(D->S, sp->nlgeom);   /* NLGEOM with solids or trusses too */
  sn_fesys_set_nlgeom(D->S, sp->nlgeom);   /* NLGEOM: Cauchy stress, Green-Lagrange strain */
  if ((st = step_conditions(D)) || (st = step_matrices(D))) return st;
  if (k == 0 && (st = report(D, k, 0, 0.0, *ttot, 1, snode, sip))) return st;
  for (int i = 1; i <= n; i++) {
    double t = (i - 1) * D->h, *sw;
    if ((st = sn_dyn_step(D, t))) return st;
    sw = D->u; D->u = D->u1; D->u1 = sw;
    sw = D->v; D->v = D->v1; D->v1 = sw;
    D->info->steps++;
    if ((st = report(D, k, i, t + D->h, *ttot, output_due(D, k, i, n, t + D->h, D->h, *ttot), snode, sip))) return st;
  }
  *ttot += sp->period;
  return SN_OK;
}

int sn_dynamic_run(const sn_model *m, const sn_dynamic_settings *s_in, sn_dynamic_info *info_in,
                   char *msg, size_t msglen)
{
  sn_dynamic_settings s;
  sn_dynamic_info info_local;
  if (s_in) s = *s_in; else sn_dynamic_settings_default(&s);
  sn_dynamic_info *info = info_in ? info_in : &info_local;
  memset(info, 0, sizeof *info);
  if (msg && msglen) msg[0] = '\0';
  double t0 = sn_wtime();
  int st = sn_dynamic_check(m, msg, msglen);
  if (st) return info->status = st;
  dyn_state D;
  memset(&D, 0, sizeof D);
  D.m = m;
  D.set = &s;
  D.info = info;
  D.msg = msg;
  D.msglen = msglen;
  D.alpha = m->damp_alpha;
  D.beta = m->damp_beta;
  double *snode = NULL, *sip = NULL, ttot = 0.0;
  if ((st = sn_fesys_create(m, &D.S, msg, msglen))) goto done;
  sn_fesys_set_threads(D.S, s.threads > 1 ? s.threads : 1);
  if ((st = sn_dofmap_create(m, &D.T, msg, msglen))) goto done;
  if (D.T->trivial) {                  /* no constraint: the plain numbering */
    sn_dofmap_free(D.T);
    D.T = NULL;
  }
  sn_fesys_set_dofmap(D.S, D.T);
  D.ndf = m->ndf;
  D.ndof = sn_fesys_ndof(D.S);
  const int *ipo = sn_fesys_ip_offset(D.S);
  snode = calloc(6 * ((size_t)m->nnodes + 1), sizeof(double));
  sip = calloc(6 * ((size_t)ipo[m->nelems] + 1), sizeof(double));
  if (!snode || !sip || (st = state_alloc(&D))) { st = st ? st : SN_ERR_NOMEM; goto done; }
  if ((st = initial_state(&D))) goto done;
  for (int k = 0; k < m->nsteps; k++) {
    D.sp = &m->steps[k];
    if ((st = run_step(&D, k, &ttot, snode, sip))) goto done;
  }
done:
  info->ndof = D.ndof;
  info->nfree = D.neq;
  if (D.M) {   /* the mass of direction 1: sum of M over the free dofs of component 0 */
    for (int d = 0; d < D.ndof; d++) D.w1[d] = (D.eq[d] >= 0 && d % D.ndf == 0) ? 1.0 : 0.0;
    sn_dyn_gather(&D, D.w1, D.b);
    sn_csc_gemv(D.M, 1.0, D.b, 0.0, D.c);
    for (int i = 0; i < D.neq; i++) info->mass += D.b[i] * D.c[i];
  }
  info->energy = D.en;
  state_free(&D);
  free(snode);
  free(sip);
  info->seconds = sn_wtime() - t0;
  if (!st && info->contact_missed) {   /* completed, but not every contact problem to tolerance */
    st = info->status;
    if (msg && msglen)
      snprintf(msg, msglen, "the contact problem of %d time step%s stopped short of the tolerance %g (%s; first at "
               "time step %d, largest error %.3g)", info->contact_missed, info->contact_missed == 1 ? "" : "s", s.tol,
               sn_strerror(st), info->first_missed, info->missed_error);
  }
  info->status = st;
  if (st && msg && msglen && !msg[0]) snprintf(msg, msglen, "%s", sn_strerror(st));
  return st;
}
