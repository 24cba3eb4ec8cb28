/* Quasi-static incremental analysis over the steps of a model: prescribed displacements by
 * elimination (the free-free block of the tangent, CHOLMOD), loads ramped or following their
 * amplitudes, Newton iterations on the residual R(u) = f_int(u) - f_ext(t) at the free dofs
 * (nonlinear springs, NLGEOM trusses), automatic increments with cutback and growth. */
#include "analysis/contact_internal.h"
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
}

/* a load record: a nodal force (node, dof) or a distributed load (element, face; face 0 = GRAV) */
typedef struct {
  int dist, node, dof, elem, face;
  double value, start, dir[3];
  int amp, line;
} load_rec;

typedef struct {
  const sn_model *m;
  sn_fesys *S;
  int ndf, ndof;
  /* prescribed displacements, per dof */
  unsigned char *cons;      /* 1: prescribed by a *BOUNDARY */
  double *target, *ustart;
  int *bamp;
  int *eq, neq, eq_version;
  /* loads */
  load_rec *loads;
  int nloads, cap;
} run_state;

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
static double load_value(const sn_model *m, const load_rec *p, double t, double period)
{
  if (p->amp >= 0) return p->value * sn_amplitude_value(m, p->amp, t, period);
  return p->start + (p->value - p->start) * sn_amplitude_value(m, -1, t, period);
}

static int add_load(run_state *R, const load_rec *q, double t_end, double period_prev)
{
  int k = find_load(R, q);
  if (k >= 0) {                           /* OP=MOD: the new value replaces, ramped from the old */
    double now = load_value(R->m, &R->loads[k], t_end, period_prev);
    R->loads[k] = *q;
    R->loads[k].start = now;
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
  R->nloads++;
  return SN_OK;
}

static int external_force(run_state *R, double t, double period, double *f)
{
  memset(f, 0, sizeof(double) * (size_t)R->ndof);
  for (int k = 0; k < R->nloads; k++) {
    const load_rec *p = &R->loads[k];
    double v = load_value(R->m, p, t, period);
    if (!p->dist) { f[R->ndf * p->node + p->dof] += v; continue; }
    int st;
    if (p->face > 0) st = sn_fesys_pressure(R->S, p->elem, p->face, v, f);
    else {
      double g[3] = {v * p->dir[0], v * p->dir[1], v * p->dir[2]};
      st = sn_fesys_gravity(R->S, p->elem, g, f);
    }
    if (st) return st;
  }
  return SN_OK;
}

static double prescribed(const run_state *R, int dof, double t, double period)
{
  if (R->bamp[dof] >= 0) return R->target[dof] * sn_amplitude_value(R->m, R->bamp[dof], t, period);
  return R->ustart[dof] + (R->target[dof] - R->ustart[dof]) * sn_amplitude_value(R->m, -1, t, period);
}

/* equation numbers of the free dofs (active and not prescribed); the version changes only
 * when they do (a step that keeps the prescribed dofs keeps K and its factorization) */
static void number_equations(run_state *R)
{
  const unsigned char *act = sn_fesys_active(R->S);
  int changed = R->eq_version == 0;
  R->neq = 0;
  for (int d = 0; d < R->ndof; d++) {
    int e = (act[d] && !R->cons[d]) ? R->neq++ : -1;
    changed |= R->eq[d] != e;
    R->eq[d] = e;
  }
  if (changed) R->eq_version++;
}

/* u += a du on the free dofs (du numbered by eq) */
static void add_free(const run_state *R, double a, const double *du, double *u)
{
  for (int d = 0; d < R->ndof; d++)
    if (R->eq[d] >= 0) u[d] += a * du[R->eq[d]];
}

/* the nodes of rigid bodies take their reference node's translation */
static void follow_rigid(const run_state *R, const int *rref, double *u)
{
  for (int i = 0; i < R->m->nnodes; i++)
    if (rref[i] >= 0)
      for (int c = 0; c < R->ndf; c++) u[R->ndf * i + c] = u[R->ndf * rref[i] + c];
}

/* the tangential force of a contact point as a global vector (3 components) */
static void tangential_global(const sn_contact_point *p, const double *r, int ndf, double *g)
{
  for (int c = 0; c < 3; c++) g[c] = r[1] * p->t1[c] + (ndf == 3 ? r[2] * p->t2[c] : 0.0);
}

/* penalty / augmented Lagrangian multipliers from the forces of the last contact state:
 * tangential always, normal when `normal`; only the HARD points when `hard_only` */
static void store_multipliers(const sn_cstate *cs, int ndf, int normal, int hard_only, double *lam_n,
                              double *lam_t)
{
  for (int q = 0; q < cs->np; q++) {
    const sn_contact_point *pq = &cs->pts[q];
    if (hard_only && !pq->hard) continue;
    const double *r = cs->r + ndf * q;
    if (normal && pq->hard) lam_n[pq->slave_node] = r[0];   /* LINEAR: a penalty law, never
                                                                  augmented in the normal direction */
    tangential_global(pq, r, ndf, lam_t + 3 * pq->slave_node);
  }
}

static double nrminf_free(const run_state *R, const double *v, int free_only)
{
  double n = 0.0;
  const unsigned char *act = sn_fesys_active(R->S);
  for (int d = 0; d < R->ndof; d++)
    if (act[d] && (!free_only || R->eq[d] >= 0)) n = fmax(n, fabs(v[d]));
  return n;
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
  return st;
}

/* The message of an increment whose contact problem was not solved: the step (its deck line),
 * the increment, the time, the solvers tried with their outcomes, and the likely cause. */
static void contact_failure(const sn_model *m, const sn_step *sp, int k, int inc, double tn, double ttot,
                            const sn_cstate *cs, const double *fext, const unsigned char *cons, char *msg, size_t msglen)
{
  if (!msg || !msglen) return;
  char why[400];
  sn_contact_diagnose(m, cs, fext, cons, why, sizeof why);
  snprintf(msg, msglen, "line %d: step %d, increment %d, time %g (total time %g): no solution found for the contact "
           "problem (%d point%s); solvers tried: %s%s%s", sp->line, k + 1, inc, tn, ttot, cs->np, cs->np == 1 ? "" : "s",
           cs->tried[0] ? cs->tried : "none", why[0] ? "; " : "", why);
}

/* The Newton step of the penalty treatments with slipping points: K_eff du = rhs, K_eff not
 * symmetric (the slip tangent's coupling mu k_n d n^T). GMRES preconditioned by the Cholesky
 * factor of P = K_eff without that coupling (symmetric positive definite where K is; P^-1 K_eff
 * is the identity plus a term of rank the slipping points' count, nilpotent point by point),
 * CHOLMOD's factorization being several times faster than UMFPACK's on the same pattern (3D
 * block, 108k dofs: 13 s per UMFPACK factorization). UMFPACK when P is not positive definite
 * or GMRES misses 1e-12 within 200 products (then for the rest of the increment: *lu_only).
 * SN_ERR_NOT_SPD: singular (the caller cuts back). */
static int nonsym_step(const sn_csc *Keff, const sn_csc *Kpre, sn_chol **Pf, int *lu_only,
                       const double *rhs, double *du, sn_static_info *info)
{
  int n = Keff->n, st = SN_ERR_NOT_SPD;
  if (Kpre && !*lu_only) {
    st = sn_chol_update(Pf, Kpre);      /* the analysis of an earlier iteration reused */
    sn_chol *P = *Pf;
    if (!st) {
      int its = 0;
      double rr = 0;
      memset(du, 0, sizeof(double) * (size_t)n);
      st = sn_gmres(n, sn_linop_csc, (void *)Keff, sn_linop_chol, P, rhs, du, 50, 200, 1e-12, &its, &rr);
      if (info) info->gmres_iterations += its;
    }
    if (st == SN_OK) return SN_OK;
    if (st == SN_ERR_NOMEM) return st;
    *lu_only = 1;                       /* UMFPACK for the rest of the increment */
  }
  if (info) info->lu_fallbacks++;
  sn_lu *Fl = NULL;
  st = sn_lu_factor(Keff, &Fl);
  if (!st) st = sn_lu_solve(Fl, rhs, du);
  sn_lu_free(Fl);
  return st == SN_ERR_SINGULAR ? SN_ERR_NOT_SPD : st;
}

int sn_static_run(const sn_model *m, const sn_static_settings *s_in, sn_static_info *info,
                  char *msg, size_t msglen)
{
  sn_static_settings s;
  if (s_in) s = *s_in; else sn_static_settings_default(&s);
  if (info) memset(info, 0, sizeof *info);
  if (msg && msglen) msg[0] = '\0';
  if (!m) return SN_ERR_ARG;
  double t0 = sn_wtime();
  int st = sn_static_check(m, msg, msglen);
  if (st) return st;
  run_state R = {0};
  R.m = m;
  st = sn_fesys_create(m, &R.S, msg, msglen);
  if (st) return st;
  R.ndf = m->ndf;
  R.ndof = sn_fesys_ndof(R.S);
  size_t nd = (size_t)R.ndof + 1, nn = (size_t)m->nnodes + 1;
  const int *ipo = sn_fesys_ip_offset(R.S);
  R.cons = calloc(nd, 1);
  R.target = calloc(nd, sizeof(double));
  R.ustart = calloc(nd, sizeof(double));
  R.bamp = malloc(nd * sizeof(int));
  R.eq = malloc(nd * sizeof(int));
  double *u = calloc(nd, sizeof(double)), *usave = calloc(nd, sizeof(double));
  double *fint = calloc(nd, sizeof(double)), *fext = calloc(nd, sizeof(double));
  double *rf = calloc(nd, sizeof(double)), *rhs = calloc(nd, sizeof(double));
  double *du = calloc(nd, sizeof(double));
  double *uwd = calloc(nd, sizeof(double)), *duwd = calloc(nd, sizeof(double));   /* watchdog */
  double *snode = calloc(6 * nn, sizeof(double));
  double *sip = calloc(6 * ((size_t)ipo[m->nelems] + 1), sizeof(double));
  sn_csc *K = NULL;
  double kdiag = 0.0;                          /* the largest diagonal entry of K */
  sn_chol *F = NULL;                           /* the factor of K, kept while K is */
  int K_id = 0, F_kid = -1, F_ok = 0;          /* K's assembly count, the one F was made of */
  sn_ccache Cc;                                /* the condensed contact operator (contact_condensed.c) */
  memset(&Cc, 0, sizeof Cc);
  Cc.w_kstamp = -1;
  int F_version = -1, total_inc = 0, cutbacks_total = 0;
  int contact_missed = 0;                      /* the trial increment's contact solve missed its tolerance */
  int contact = m->npairs > 0;
  sn_cstate cs = {0};
  double *hr = calloc(nd, sizeof(double)), *rnc = calloc(nd, sizeof(double));
  /* penalty / augmented Lagrangian multipliers per node (normal; tangential as global vectors),
   * and their values at the start of the increment (restored on a cutback) */
  double *lam_n = calloc(nn, sizeof(double)), *lam_t = calloc(3 * nn, sizeof(double));
  double *lam_n0 = calloc(nn, sizeof(double)), *lam_t0 = calloc(3 * nn, sizeof(double));
  sn_csc *Keff = NULL, *Kpre = NULL;
  sn_chol *Fpen = NULL;                        /* penalty Newton matrices' factor */
  int kfull = 0;                               /* Keff holds both triangles (non-symmetric) */
  double *area0 = NULL;                        /* reference slave areas per node */
  double lscale = 0.0;                         /* model size, for the penetration tolerance */
  if (!R.cons || !R.target || !R.ustart || !R.bamp || !R.eq || !u || !usave || !fint || !fext ||
      !rf || !rhs || !du || !uwd || !duwd || !snode || !sip || !hr || !rnc || !lam_n || !lam_t || !lam_n0 || !lam_t0) { st = SN_ERR_NOMEM; goto done; }
  for (int c = 0; c < 3; c++) {
    double lo = INFINITY, hi = -INFINITY;
    for (int i = 0; i < m->nnodes; i++) { lo = fmin(lo, m->x[3 * i + c]); hi = fmax(hi, m->x[3 * i + c]); }
    if (m->nnodes) lscale = fmax(lscale, hi - lo);
  }
  const int *rref = sn_fesys_rigid_ref(R.S);
  if (contact) {                               /* the reference configuration's slave areas */
    sn_contact_point *p0 = NULL;
    int np0 = 0;
    area0 = calloc(nn, sizeof(double));
    if (!area0) { st = SN_ERR_NOMEM; goto done; }
    if ((st = sn_contact_detect(m, NULL, lscale > 0 ? lscale : 0.0, &p0, &np0, msg, msglen))) goto done;
    for (int q = 0; q < np0; q++) area0[p0[q].slave_node] = p0[q].area;
    sn_contact_points_free(p0);
  }
  for (int d = 0; d < R.ndof; d++) R.bamp[d] = -1;
  double total_time = 0.0, period_prev = 1.0;
  const unsigned char *act = sn_fesys_active(R.S);
  for (int k = 0; k < m->nsteps; k++) {
    const sn_step *sp = &m->steps[k];
    int nlgeom = sp->nlgeom, linear = sn_fesys_is_linear(R.S, nlgeom);
    /* boundary conditions of this step: they replace earlier values on the same dofs */
    for (int b = 0; b < sp->nbc; b++) {
      const sn_bc *bc = &sp->bc[b];
      for (int c = bc->first; c <= bc->last && c <= R.ndf; c++) {
        int d = R.ndf * bc->node + c - 1;
        R.cons[d] = 1;
        R.target[d] = bc->value;
        R.bamp[d] = bc->amplitude;
        R.ustart[d] = u[d];
      }
    }
    for (int d = 0; d < R.ndof; d++)          /* kept from earlier steps: hold where they ended */
      if (R.cons[d]) R.ustart[d] = u[d];
    number_equations(&R);
    int use_cg = -1;                            /* decided at the first solve of the step */
    /* loads of earlier steps stay at the value they reached (ramped ones: fully applied) */
    for (int q = 0; q < R.nloads; q++)
      if (R.loads[q].amp < 0) R.loads[q].start = R.loads[q].value;
    /* loads of this step: they modify earlier ones on the same dof / face (OP=MOD) */
    for (int c = 0; c < sp->ncload; c++) {
      const sn_cload *cl = &sp->cload[c];
      if (cl->dof < 1 || cl->dof > R.ndf) {
        st = SN_ERR_FORMAT;
        if (msg) snprintf(msg, msglen, "line %d: *CLOAD on degree of freedom %d of a model with %d", cl->line, cl->dof, R.ndf);
        goto done;
      }
      load_rec q = {0, cl->node, cl->dof - 1, -1, 0, cl->value, 0, {0, 0, 0}, cl->amplitude, cl->line};
      if ((st = add_load(&R, &q, period_prev, period_prev))) goto done;
    }
    for (int c = 0; c < sp->ndload; c++) {
      const sn_dload *dl = &sp->dload[c];
      load_rec q = {1, -1, 0, dl->elem, dl->face, dl->value, 0, {dl->dir[0], dl->dir[1], dl->dir[2]}, dl->amplitude, dl->line};
      if ((st = add_load(&R, &q, period_prev, period_prev))) goto done;
    }
    /* check distributed loads once (a face the element does not have, an element without faces) */
    if ((st = external_force(&R, 0.0, 1.0, fext))) {
      if (msg) snprintf(msg, msglen, "line %d: *DLOAD: %s", sp->line, sn_strerror(st));
      goto done;
    }
    double period = sp->period > 0 ? sp->period : 1.0;
    double dt = sp->dt0 > 0 ? fmin(sp->dt0, period) : period;
    double dtmin = sp->dtmin > 0 ? sp->dtmin : 1e-5 * period;
    double dtmax = sp->dtmax > 0 ? sp->dtmax : period;
    int maxinc = sp->inc > 0 ? sp->inc : 100, inc = 0, fast = 0, cut_here = 0;
    double t = 0.0;
    while (t < period * (1 - 1e-12)) {
      if (inc >= maxinc) {
        st = SN_ERR_ARG;
        if (msg) snprintf(msg, msglen, "line %d: step %d needs more than INC=%d increments (time %g of %g)", sp->line, k + 1, maxinc, t, period);
        goto done;
      }
      double tn = (period - t < dt * (1 + 1e-9)) ? period : t + dt;
      sn_copy(R.ndof, u, usave);
      for (int d = 0; d < R.ndof; d++)
        if (R.cons[d]) u[d] = prescribed(&R, d, tn, period);
        else if (!act[d]) u[d] = 0.0;
      follow_rigid(&R, rref, u);
      if ((st = external_force(&R, tn, period, fext))) goto done;
      sn_cstate_clear(&cs);
      contact_missed = 0;
      memset(hr, 0, sizeof(double) * (size_t)R.ndof);
      memcpy(lam_n0, lam_n, sizeof(double) * (size_t)m->nnodes);
      memcpy(lam_t0, lam_t, sizeof(double) * 3 * (size_t)m->nnodes);
      int pen = contact && (sp->contact == SN_CT_PENALTY || sp->contact == SN_CT_AUGMENTED);
      int aug = pen && sp->contact == SN_CT_AUGMENTED, uzawa = 0, lu_only = 0;
      if (!pen && Fpen) {                       /* not a penalty increment: its memory back */
        sn_chol_free(Fpen);
        Fpen = NULL;
      }
      double kfac = aug ? 10.0 : 1000.0;        /* default contact stiffness / max K_ii */
      /* augmented Lagrangian, tangential: kdiag (10 kdiag made the sliding Newton loop fail on
       * a 24 x 24 x 8 block pressed and slid with HARD contact; 0.1 kdiag triples the Uzawa
       * rounds) */
      double ktfac = aug ? 1.0 : kfac;
      int it = 0, conv = 0;
      double res = INFINITY, res_prev = INFINITY, lstep = 1.0;
      double reshist[256];                      /* the residual of every iteration */
      int nhist = 0;
      int nup = 0, wd_armed = 0;                /* residual rises let through (penalty) */
      double wd_res = 0.0;
      int maxit = pen ? 4 * s.max_newton : s.max_newton;   /* penalty: quasi-Newton in slip */
      for (; it <= maxit; it++) {
        int need_K = !linear || F_version != R.eq_version || (contact && !K);
        double ta = sn_wtime();
        st = sn_fesys_internal(R.S, u, nlgeom, fint, R.eq, R.neq, R.eq_version, need_K ? &K : NULL, msg, msglen);
        if (st) goto done;
        if (need_K) {
          K_id++;
          kdiag = 0.0;
          for (int j = 0; j < K->n; j++)
            for (int p = K->colptr[j]; p < K->colptr[j + 1]; p++)
              if (K->rowind[p] == j) kdiag = fmax(kdiag, fabs(K->val[p]));
        }
        if (pen) {                       /* contact forces and stiffness of this configuration */
          st = sn_contact_penalty(m, u, usave, area0, R.eq, R.neq, K, kdiag, lam_n, lam_t, kfac, ktfac,
                                  aug, &cs, &Keff, &Kpre, &kfull, hr, msg, msglen);
          if (st) goto done;
          F_version = linear ? R.eq_version : -1;   /* K is kept while the equations are */
        }
        if (info) info->assembly_seconds += sn_wtime() - ta;
        double ref = fmax(nrminf_free(&R, fext, 0), nrminf_free(&R, fint, 0));
        /* the force scale of the displacements themselves (max K_ii max |u|): a rigid motion
         * (no load, no internal force) is measured against it, not against zero */
        if (K) {
          double kd = kdiag, um = 0;
          for (int d = 0; d < R.ndof; d++) um = fmax(um, fabs(u[d]));
          ref = fmax(ref, 1e-3 * kd * um);
          /* and an absolute floor: the force that moves the model by 1e-12 of its size (a
           * state back at rest, where every force and displacement is round-off) */
          ref = fmax(ref, 1e-12 * kd * (lscale > 0 ? lscale : 1.0));
        }
        for (int d = 0; d < R.ndof; d++)
          if (R.eq[d] >= 0) { rnc[R.eq[d]] = fext[d] - fint[d]; rhs[R.eq[d]] = rnc[R.eq[d]] + hr[d]; }
        double rn = 0.0;
        for (int q = 0; q < R.neq; q++) rn = fmax(rn, fabs(rhs[q]));
        res = ref > 0 ? rn / ref : rn;
        if (nhist < 256) reshist[nhist++] = res;
        if (pen && it > 0 && res > res_prev && res_prev <= 1e-5 && !aug) {
          /* the penalty Newton loop at its round-off floor (a stiff penalty conditions the
           * system): go back to the previous iterate and take it (the method's own error,
           * O(1 / stiffness), is far larger) */
          add_free(&R, -lstep, du, u);
          follow_rigid(&R, rref, u);
          st = sn_fesys_internal(R.S, u, nlgeom, fint, R.eq, R.neq, R.eq_version, NULL, msg, msglen);
          if (!st) st = sn_contact_penalty(m, u, usave, area0, R.eq, R.neq, K, kdiag, lam_n, lam_t, kfac,
                                           ktfac, aug, &cs, &Keff, &Kpre, &kfull, hr, msg, msglen);
          if (st) goto done;
          res = res_prev;
          conv = 1;
          break;
        }
        if (wd_armed) {                  /* the step after a rise let through (watchdog) */
          wd_armed = 0;
          if (!(res < wd_res)) {         /* no better than before the rise: go back there and
                                            backtrack the rising step instead */
            sn_copy(R.ndof, uwd, u);
            memcpy(du, duwd, sizeof(double) * (size_t)R.neq);
            lstep = 0.5;
            add_free(&R, lstep, du, u);
            follow_rigid(&R, rref, u);
            res_prev = wd_res;
            continue;
          }
        }
        if (pen && it > 0 && res > res_prev && lstep == 1.0 && nup < 2 && res < 10.0 * res_prev) {
          /* non-monotone (a watchdog, Chamberlain et al., Math. Prog. Study 16, 1982): a full
           * step that changes the stick / slip set often raises the residual once on its way
           * to the new set, where the next full step lands (a block going from stick to gross
           * sliding: 0.16, 0.83, 9e-3, 1e-5, 8e-11); halving it would leave a mixed state and
           * stall (20-27 iterations instead of 5). The rise is let through if the next
           * iterate goes below the residual before it; else the rising step is backtracked
           * from where it began. Two per Newton loop. */
          nup++;
          wd_armed = 1;
          wd_res = res_prev;
          sn_copy(R.ndof, u, uwd);
          add_free(&R, -1.0, du, uwd);
          follow_rigid(&R, rref, uwd);
          memcpy(duwd, du, sizeof(double) * (size_t)R.neq);
        } else if (pen && it > 0 && res > res_prev && lstep > 1.0 / 64) {
          /* backtracking on the penalty Newton step: the stick / slip switch can make full
           * steps cycle; halve the last step while the residual grows */
          lstep *= 0.5;
          add_free(&R, -lstep, du, u);
          follow_rigid(&R, rref, u);
          continue;
        }
        lstep = 1.0;
        res_prev = res;
        if (!(res == res)) break;                             /* NaN: diverged */
        if ((it > 0 || ref == 0.0) && res <= s.tol) {
          if (aug) {                     /* Uzawa: multipliers <- forces until they settle (the
                                            gap closed, the stuck points not slipping) */
            double dmax = 0.0, rmax = 0.0, g[3];
            for (int q = 0; q < cs.np; q++) {
              const sn_contact_point *pq = &cs.pts[q];
              const double *r = cs.r + R.ndf * q;
              int i = pq->slave_node;
              rmax = fmax(rmax, r[0]);
              if (!pq->hard) continue;
              dmax = fmax(dmax, fabs(r[0] - lam_n[i]));
              tangential_global(pq, r, R.ndf, g);
              for (int c = 0; c < 3; c++) dmax = fmax(dmax, fabs(g[c] - lam_t[3 * i + c]));
            }
            if (dmax > 1e-8 * rmax && uzawa < 200) {
              uzawa++;
              if (info) info->uzawa_iterations++;
              store_multipliers(&cs, R.ndf, 1, 1, lam_n, lam_t);
              nup = wd_armed = 0;
              it = -1;                   /* a fresh Newton loop with the new multipliers */
              continue;
            }
          }
          conv = 1;
          break;
        }
        if (it == maxit) break;
        if (R.neq == 0) { conv = 1; break; }
        if (pen) {                         /* Newton step on K + contact stiffness */
          double tf = sn_wtime();
          if (kfull) {                     /* slipping points: the non-symmetric tangent */
            st = nonsym_step(Keff, Kpre, &Fpen, &lu_only, rhs, du, info);
          } else {                         /* the analysis of an earlier iteration reused */
            st = sn_chol_update(&Fpen, Keff);
            if (!st) st = sn_chol_solve(Fpen, rhs, du);
          }
          if (info) info->factor_seconds += sn_wtime() - tf;
          if (st == SN_ERR_NOT_SPD) { st = SN_OK; break; }     /* cut back */
          if (st) goto done;
          add_free(&R, 1.0, du, u);
          follow_rigid(&R, rref, u);
          if (info) info->newton_iterations++;
          continue;
        }
        if (contact) {                     /* the contact problem of this configuration */
          double tc = sn_wtime();
          const char *csolver = sp->solver[0] ? sp->solver : (sp->contact == SN_CT_INTERIOR ? "socipm" : "");
          const sn_solver_entry *se = csolver[0] ? sn_solver_find(csolver) : NULL;
          if (se && se->fc && F_kid != K_id && R.neq <= 200000) {
            /* K's factor, for the condensed route of a step that names a local solver; not
             * positive definite (a body held by its contacts only): the chain's global solvers */
            st = sn_chol_update(&F, K);
            F_kid = K_id;
            F_ok = st == SN_OK;
            if (st == SN_ERR_NOMEM) goto done;
            st = SN_OK;
          }
          Cc.kstamp = K_id;                        /* what the kept operators were made of */
          Cc.F = F_ok && F_kid == K_id ? F : NULL;
          int csolve = sn_contact_lagrange(m, u, usave, area0, R.eq, R.neq, K, rnc, csolver,
                                           fmin(1e-10, 0.01 * s.tol), du, &cs, s.fresh_factor ? NULL : &Cc,
                                           msg, msglen);
          if (info) { info->contact_solves++; info->contact_seconds += sn_wtime() - tc; }
          if (csolve < 0) {
            st = csolve;
            if (st != SN_ERR_NOMEM && cs.np > 0) contact_failure(m, sp, k, inc + 1, tn, total_time + tn, &cs, fext, R.cons, msg, msglen);
            goto done;
          }
          if (cs.np > 0) {
            /* missed the tolerance: accept only what the relaxed test accepts (a solver that
             * stopped at its cap or stalled within 1e-6, honest in absolute terms; never a
             * diverged one: contact_internal.h), else cut back */
            if (csolve > 0 && !cs.relaxed_ok) { contact_missed = 1; break; }
            F_version = linear ? R.eq_version : -1;
            add_free(&R, 1.0, du, u);
            follow_rigid(&R, rref, u);
            sn_csc_gemv(cs.H, 1.0, cs.r, 0.0, hr);
            if (info) info->newton_iterations++;
            continue;
          }
          memset(hr, 0, sizeof(double) * (size_t)R.ndof);
        }
        if (need_K && use_cg < 0) {          /* choose the equation solver once per step */
          int want = sp->linsolver ? sp->linsolver : s.linear_solver;
          use_cg = want == 2;
          if (want == 0 && R.neq > 200000) {
            double lnz = 0;
            if (!sn_chol_predict(K, &lnz, NULL)) {
              if (info) info->predicted_factor_gb = lnz * 8e-9;
              use_cg = lnz * 8e-9 > s.direct_limit_gb || lnz > 2.0e9;   /* 32-bit CHOLMOD indices */
            } else use_cg = 1;                       /* too large even to analyse */
          }
          if (info) info->iterative = use_cg;
        }
        if (use_cg) {
          double tf = sn_wtime(), rr;
          int cgit;
          memset(du, 0, sizeof(double) * (size_t)R.neq);
          st = sn_pcg_upper(K, rhs, du, s.cg_tol, s.cg_max_iter, &cgit, &rr);
          if (info) { info->factor_seconds += sn_wtime() - tf; info->cg_iterations += cgit; }
          if (st == SN_MAX_ITER) st = SN_OK;       /* Newton's residual check decides */
          if (st) {
            if (msg) snprintf(msg, msglen, "step %d: conjugate gradients failed (%s): the model is not restrained against rigid motion, or an element is unusable", k + 1, sn_strerror(st));
            goto done;
          }
          F_version = linear ? R.eq_version : -1;
          add_free(&R, 1.0, du, u);
          if (info) info->newton_iterations++;
          continue;
        }
        if (F_kid != K_id || !F_ok) {         /* the analysis of an earlier factor reused */
          double tf = sn_wtime();
          st = F_kid == K_id ? SN_ERR_NOT_SPD : sn_chol_update(&F, K);
          F_kid = K_id;
          F_ok = st == SN_OK;
          if (info) info->factor_seconds += sn_wtime() - tf;
          if (st) {
            if (st == SN_ERR_NOT_SPD && msg)
              snprintf(msg, msglen, "step %d: the stiffness matrix is singular or not positive definite: the model is not restrained against rigid motion, or an element is unusable (%d free degrees of freedom)", k + 1, R.neq);
            if (linear || st != SN_ERR_NOT_SPD) goto done;
            st = SN_OK;
            break;                                           /* nonlinear: try a smaller increment */
          }
          F_version = linear ? R.eq_version : -1;
        }
        double ts = sn_wtime();
        if ((st = sn_chol_solve(F, rhs, du))) goto done;
        if (info) info->factor_seconds += sn_wtime() - ts;
        add_free(&R, 1.0, du, u);
        if (info) info->newton_iterations++;
      }
      if (!conv) {
        sn_copy(R.ndof, usave, u);
        memcpy(lam_n, lam_n0, sizeof(double) * (size_t)m->nnodes);
        memcpy(lam_t, lam_t0, sizeof(double) * 3 * (size_t)m->nnodes);
        if (sp->direct) {
          st = SN_ERR_ARG;
          if (msg) snprintf(msg, msglen, "step %d: the increment to time %g did not converge (residual %.3g after %d iterations) and *STATIC, DIRECT allows no cutback", k + 1, tn, res, it);
          if (contact_missed) contact_failure(m, sp, k, inc + 1, tn, total_time + tn, &cs, fext, R.cons, msg, msglen);
          goto done;
        }
        dt *= s.cutback;
        cut_here++;
        cutbacks_total++;
        if (dt < dtmin * (1 - 1e-12)) {
          st = SN_ERR_ARG;
          if (msg) snprintf(msg, msglen, "step %d: no convergence at time %g even with the minimum increment %g (residual %.3g)", k + 1, t, dtmin, res);
          if (contact_missed) contact_failure(m, sp, k, inc + 1, tn, total_time + tn, &cs, fext, R.cons, msg, msglen);
          goto done;
        }
        continue;
      }
      /* converged increment: the penalty state, reactions, stresses, report */
      if (pen) {
        memset(lam_n, 0, sizeof(double) * (size_t)m->nnodes);
        memset(lam_t, 0, sizeof(double) * 3 * (size_t)m->nnodes);
        store_multipliers(&cs, R.ndf, aug, 0, lam_n, lam_t);
      }
      inc++;
      total_inc++;
      for (int d = 0; d < R.ndof; d++) rf[d] = R.cons[d] && (act[d] || hr[d] != 0.0) ? fint[d] - fext[d] - hr[d] : 0.0;
      double tr = sn_wtime();
      if ((st = sn_fesys_stress(R.S, u, snode, sip))) goto done;
      if (info) info->assembly_seconds += sn_wtime() - tr;
      sn_increment I = {k + 1, inc, total_inc, tn, total_time + tn, tn / period, it, res, cut_here,
                        u, rf, fext, snode, sip, R.cons, cs.np, cs.pts, cs.r, cs.uloc,
                        cs.solver, cs.solver_iterations, cs.solver_error, reshist, nhist, NULL};
      cut_here = 0;
      t = tn;
      if (s.on_increment) {
        double to = sn_wtime();
        int rc = s.on_increment(m, R.S, &I, s.user);
        if (info) info->output_seconds += sn_wtime() - to;
        if (rc) { st = rc; goto done; }
      }
      if (!sp->direct) {
        fast = it <= 4 ? fast + 1 : 0;
        if (fast >= 2) { dt = fmin(dt * s.grow, dtmax); fast = 0; }
      }
    }
    total_time += period;
    period_prev = period;
  }
done:
  if (info) {
    info->status = st;
    info->increments = total_inc;
    info->cutbacks = cutbacks_total;
    info->seconds = sn_wtime() - t0;
    info->ndof = R.ndof;
    info->nfree = R.neq;
    int hits = 0;
    sn_admm_cache_stats(Cc.admm, &hits, NULL);
    info->factor_reuses = hits + Cc.reuses;
  }
  sn_ccache_clear(&Cc);
  sn_chol_free(F);
  sn_csc_free(K);
  sn_cstate_clear(&cs);
  sn_csc_free(Keff);
  sn_csc_free(Kpre);
  sn_chol_free(Fpen);
  free(area0);
  free(hr); free(rnc); free(lam_n); free(lam_t); free(lam_n0); free(lam_t0);
  sn_fesys_free(R.S);
  free(R.cons); free(R.target); free(R.ustart); free(R.bamp); free(R.eq); free(R.loads);
  free(u); free(usave); free(fint); free(fext); free(rf); free(rhs); free(du); free(uwd); free(duwd); free(snode); free(sip);
  return st;
}
