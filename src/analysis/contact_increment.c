/* One linearised contact increment (Lagrange multipliers): the global frictional contact
 * problem of the current configuration, in displacement corrections on the free dofs,
 *     K_FF du = R_F + H_F r,     u_loc = H_F^T du + w,
 * r in the Coulomb cones, (u_loc_n + mu |u_loc_t|, u_loc_t) in the dual cones, r . (..) = 0,
 * where R = f_ext - f_int(u) is the residual, H the contact Jacobian of the points detected at u
 * (rows of the free dofs; prescribed motions are in the gaps already), w = (gap, 0, 0) and r the
 * TOTAL contact forces. The tangential part of u_loc is the slip increment of the increment:
 * Coulomb's law on incremental tangential displacements, hence path dependent (Kanno, Martins &
 * Pinto da Costa, "Three-dimensional quasi-static frictional contact by using second-order cone
 * linear complementarity problem", IJNME 65 (2006); the second seed). The problem goes to the
 * solver registry (sn_gfc_solve): the step's SOLVER=, by default ADMM on the global problem. */
#include "analysis/contact_internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void sn_cstate_clear(sn_cstate *c)
{
  sn_contact_points_free(c->pts);
  sn_csc_free(c->H);
  free(c->r);
  free(c->uloc);
  memset(c, 0, sizeof *c);
}

/* small strain: pressures and penalty laws use the slave areas of the reference configuration
 * (the current ones shrink with the surface strain: about p / E*, 2 % under a Hertz peak) */
void sn_contact_reference_areas(sn_cstate *cs, const double *area0)
{
  if (!area0) return;
  for (int k = 0; k < cs->np; k++)
    if (!cs->pts[k].face_point && area0[cs->pts[k].slave_node] > 0) cs->pts[k].area = area0[cs->pts[k].slave_node];
}

/* the solvers' states the contact cache C keeps between calls (NULL: none): ADMM's, and the
 * distributed ADMM's set-up where the solver is petsc_admm (sn_static_settings.petsc) */
static int ccache_solvers(sn_ccache *C, const char *solver)
{
  if (!C) return SN_OK;
  if (!C->admm && !(C->admm = sn_admm_cache_new())) return SN_ERR_NOMEM;
  if (solver && !strcmp(solver, "petsc_admm") && !C->petsc && !(C->petsc = sn_petsc_cache_new())) return SN_ERR_NOMEM;
  return SN_OK;
}

/* The condensed route (contact_condensed.c) first, where it applies: the step names a local
 * (kind fc) solver, C holds a factor of K (positive definite) and the contact unknowns are at
 * most CC_DENSE_MAX (W is dense). Reported as "condensed-NAME" (cs->solver, the run's output).
 * Not the automatic choice: measured per increment, ADMM's reduced form with its state kept
 * (sn_gfc_admm_cached) costs as little (two solves and O(nl^2) steps) and needs no positive
 * definite K (the Hertz cylinder is held by its contact only), and nsn_ac's Newton matrix is
 * dense on W: on the 24 x 24 x 8 block (1875 unknowns) 5 s per increment against ADMM's 1 s.
 * Returns SN_OK when solved; anything else leaves the chain to run (the attempt noted in
 * cs->tried when it ran). */
#define CC_DENSE_MAX 4096
static int condensed_first(sn_ccache *C, const sn_gfc *P, sn_cstate *cs, const char *deck, double tol, double *du,
                           const double *cdiag, const sn_gfc *Pext)
{
  static const char *const names[][2] = {{"nsn_ac", "condensed-nsn_ac"}, {"nsn_fb", "condensed-nsn_fb"},
                                         {"lemke2d", "condensed-lemke2d"}, {"socmix", "condensed-socmix"},
                                         {"nsgs", "condensed-nsgs"}, {"prox", "condensed-prox"},
                                         {"apgd", "condensed-apgd"}, {"poly", "condensed-poly"},
                                         {"socsmooth", "condensed-socsmooth"}, {"socipm", "condensed-socipm"},
                                         {"socpd", "condensed-socpd"}};
  int nl = P->dim * P->nc;
  if (!C || !C->F || nl == 0 || nl > CC_DENSE_MAX || !deck) return SN_ERR_ARG;
  const char *local = deck;
  const char *label = NULL;
  for (size_t k = 0; k < sizeof names / sizeof names[0]; k++)
    if (!strcmp(names[k][0], local)) label = names[k][1];
  const sn_solver_entry *e = sn_solver_find(local);
  if (!label || !e || !e->fc) return SN_ERR_ARG;     /* a global solver named: the chain */
  sn_info info = {0};
  info.error = NAN;
  double gerr = NAN;
  int st = sn_contact_condensed(C, P, cs->pts, local, tol, cs->r, du, &info, &gerr, cdiag, Pext);
  if (st == SN_ERR_NOMEM) return st;
  if (st == SN_ERR_ARG) return st;
  double err = isfinite(gerr) ? gerr : info.error;
  size_t L = strlen(cs->tried);
  if (st > 0)
    snprintf(cs->tried + L, sizeof cs->tried - L, "%s%s (%s, error %.2e)", L ? ", " : "", label, sn_strerror(st), err);
  else if (st < 0)
    snprintf(cs->tried + L, sizeof cs->tried - L, "%s%s (%s)", L ? ", " : "", label, sn_strerror(st));
  if (st != SN_OK) return st;
  cs->solver = label;
  cs->solver_status = SN_OK;
  cs->solver_iterations = info.iterations;
  cs->solver_error = err;
  cs->not_spd = cs->relaxed_ok = 0;
  return SN_OK;
}

/* The model split over the ranks (static_split.c) and compliant points: the spring unknowns'
 * diagonal kept on rank 0 alone (K is summed over the ranks, the springs must be counted once),
 * and each spring unknown given to the rank of its point's first free dof (the first row of its
 * normal column of H_F). *out: the extended split (owner malloc'ed into *own). */
static int split_compliant(const sn_ccache *C, sn_compliance *X, const sn_csc *HF, int neq, int dim, int **own,
                           sn_petsc_split *out)
{
  *own = malloc(sizeof(int) * ((size_t)X->neqx + 1));
  if (!*own) return SN_ERR_NOMEM;
  memcpy(*own, C->split->owner, sizeof(int) * (size_t)neq);
  for (int c = 0, s = neq; c < X->nc; c++) {   /* the springs' order (contact_compliance.c) */
    int j = dim * X->cone[c], o = HF->colptr[j] < HF->colptr[j + 1] ? C->split->owner[HF->rowind[HF->colptr[j]]] : 0;
    int n = (X->k[c] > 0) + (X->kt[c] > 0 ? dim - 1 : 0);
    for (int a = 0; a < n; a++) (*own)[s++] = o;
  }
  if (C->split_rank != 0)
    for (int j = neq; j < X->neqx; j++)
      for (int p = X->Kt->colptr[j]; p < X->Kt->colptr[j + 1]; p++)
        if (X->Kt->rowind[p] == j) X->Kt->val[p] = 0.0;
  out->owner = *own;
  out->summed = 1;
  return SN_OK;
}

/* The increment's problem with soft laws, stick compliances or ties (contact_compliance.c): the chain on the
 * extended problem (no condensed route: its kept W is K's), or with ties only a Cholesky solve
 * of K plus the ties' springs. cs->r, cs->uloc and cs->law_err filled. */
static int solve_compliant(const sn_model *m, const sn_compliance *X, const sn_csc *HF, const double *w, int neq,
                           const char *solver, double tol, double *du, sn_cstate *cs, sn_ccache *C,
                           const sn_petsc_nearnull *nn)
{
  int dim = m->ndf, st;
  double *dux = calloc((size_t)X->neqx + 1, sizeof(double)), *rc = calloc((size_t)dim * X->nc + 1, sizeof(double));
  sn_csc *Mx = NULL;
  sn_chol *F = NULL;
  int *ownx = NULL;
  sn_petsc_split spx = {NULL, 0};
  if (!dux || !rc) { st = SN_ERR_NOMEM; goto done; }
  if (C && C->split && (st = split_compliant(C, (sn_compliance *)X, HF, neq, dim, &ownx, &spx))) goto done;
  if (X->nc == 0) {                      /* tied points only: K + springs, one solve */
    st = sn_chol_factor(X->Kt, &F);
    if (!st) st = sn_chol_solve(F, X->f, dux);
    cs->solver = "tied";
    cs->solver_status = st;
    cs->solver_iterations = 1;
    cs->solver_error = 0.0;
    snprintf(cs->tried, sizeof cs->tried, "tied (%s)", st ? sn_strerror(st) : "solved");
    if (st) goto done;
  } else {
    if ((st = sn_csc_sym_full(X->Kt, &Mx))) goto done;
    sn_gfc P = {dim, X->nc, X->neqx, 0, Mx, X->H, NULL, X->f, X->w, X->mu, NULL};
    int deck = solver && solver[0] && strcmp(solver, "auto");
    if (deck && X->nc == cs->np && C && C->M && C->m_kstamp == C->kstamp) {
      /* no ties: K unchanged, so the condensed route's kept W serves, with the compliances on
         its diagonal (a step that names a local solver, INTERIOR's socipm) */
      double *cd = calloc((size_t)dim * X->nc + 1, sizeof(double));
      if (!cd) { st = SN_ERR_NOMEM; goto done; }
      for (int c = 0; c < X->nc; c++) {
        cd[dim * c] = X->k[c] > 0 ? 1.0 / X->k[c] : 0.0;
        for (int a = 1; a < dim; a++) cd[dim * c + a] = X->kt[c] > 0 ? 1.0 / X->kt[c] : 0.0;
      }
      sn_gfc P0 = {dim, X->nc, neq, 0, C->M, (sn_csc *)HF, NULL, X->f, X->w, X->mu, NULL};
      st = condensed_first(C, &P0, cs, solver, tol, dux, cd, &P);
      free(cd);
      if (st == SN_ERR_NOMEM) goto done;
      if (st == SN_OK) {
        memcpy(rc, cs->r, sizeof(double) * (size_t)dim * X->nc);
        goto solved;
      }
      memset(dux, 0, sizeof(double) * (size_t)X->neqx);
    }
    const char *chain[] = {deck ? solver : "admm", "socmixg", dim == 3 ? "nsn_ac" : "nsgs", "prox", NULL};
    if (C && C->split) chain[1] = NULL;  /* petsc_admm alone on the split */
    if ((st = ccache_solvers(C, solver))) goto done;
    /* the near-null space on the extended unknowns: the springs' own rows carry no mode */
    sn_petsc_nearnull nx = {0, NULL, 1};
    double *vx = NULL;
    if (nn && nn->k > 0) {
      if (!(vx = calloc((size_t)X->neqx * (size_t)nn->k + 1, sizeof(double)))) { st = SN_ERR_NOMEM; goto done; }
      for (int j = 0; j < nn->k; j++)
        memcpy(vx + (size_t)X->neqx * j, nn->v + (size_t)neq * j, sizeof(double) * (size_t)neq);
      nx.k = nn->k;
      nx.v = vx;
      nx.bs = X->neqx == neq ? nn->bs : 1;
    }
    st = sn_contact_solve_chain_ws(&P, chain, 100000, 20000, tol, dux, cs, C ? C->admm : NULL, nn ? &nx : NULL,
                                   C ? C->petsc : NULL, spx.owner ? &spx : NULL);
    free(vx);
    if (st < 0) goto done;
    memcpy(rc, cs->r, sizeof(double) * (size_t)dim * X->nc);
  }
solved:
  memcpy(du, dux, sizeof(double) * (size_t)neq);
  sn_compliance_finish(m, X, HF, w, rc, du, cs);
done:
  free(ownx);
  sn_chol_free(F);
  sn_csc_free(Mx);
  free(dux);
  free(rc);
  return st;
}

int sn_contact_lagrange(const sn_model *m, const double *u, const double *u0, const double *area0,
                        const double *lam_t, const sn_dofmap *T, const int *eq, int neq, const sn_csc *K, const double *Rf,
                        const char *solver, double tol, double *du, sn_cstate *cs, sn_ccache *C,
                        char *msg, size_t msglen)
{
  int dim = m->ndf, st;
  sn_cstate_clear(cs);
  if (C) C->split_refused = 0;
  st = sn_contact_detect_threads(m, u, 0.0, C ? C->threads : 1, &cs->pts, &cs->np, msg, msglen);
  if (st) return st;
  sn_contact_reference_areas(cs, area0);
  if (cs->np == 0) return SN_OK;                      /* no candidate: the caller solves K du = R */
  int nl = dim * cs->np;
  cs->r = calloc((size_t)nl + 1, sizeof(double));
  cs->uloc = calloc((size_t)nl + 1, sizeof(double));
  double *w = calloc((size_t)nl + 1, sizeof(double)), *mu = calloc((size_t)cs->np + 1, sizeof(double));
  sn_csc *HF = NULL, *M = NULL;
  double *modes = NULL;
  sn_petsc_nearnull nn = {0, NULL, 1}, *nnp = NULL;
  if (!cs->r || !cs->uloc || !w || !mu) { st = SN_ERR_NOMEM; goto done; }
  if ((st = sn_contact_H(m, cs->pts, cs->np, &cs->H))) goto done;
  if ((st = sn_dofmap_reduce_cols(T, eq, neq, cs->H, &HF))) goto done;   /* T^T H on the free dofs */
  if (C && C->M && C->m_kstamp == C->kstamp) M = C->M;   /* K unchanged: its full copy kept */
  else {
    if ((st = sn_csc_sym_full(K, &M))) goto done;
    if (C) {
      sn_csc_free(C->M);
      C->M = M;
      C->m_kstamp = C->kstamp;
    }
  }
  if (solver && !strcmp(solver, "petsc_admm")) {
    /* the distributed ADMM's multigrid is told K's near-null space, the rigid-body modes on the
       free unknowns (on the 40 x 40 x 12 block: see docs/parallel.md) */
    if ((st = sn_rigid_modes(m, T, eq, neq, &modes, &nn.k, &nn.bs))) goto done;
    nn.v = modes;
    nnp = &nn;
  }
  sn_contact_w(dim, cs->pts, cs->np, w);
  if (u0) {
    /* a Newton iteration after the first: the slip already made in this increment belongs to
     * the increment's slip, on which Coulomb's law is written (w_t = H_t^T (u - u0)) */
    int ndof = dim * m->nnodes;
    double *d = malloc(sizeof(double) * ((size_t)ndof + 1)), *wl = calloc((size_t)nl + 1, sizeof(double));
    if (!d || !wl) { free(d); free(wl); st = SN_ERR_NOMEM; goto done; }
    for (int q = 0; q < ndof; q++) d[q] = u[q] - u0[q];
    sn_csc_gemv_t(cs->H, 1.0, d, 0.0, wl);
    for (int k = 0; k < cs->np; k++)
      for (int c = 1; c < dim; c++) w[dim * k + c] = wl[dim * k + c];
    free(d);
    free(wl);
  }
  for (int k = 0; k < cs->np; k++) mu[k] = cs->pts[k].mu;
  {
    sn_compliance X;
    st = sn_compliance_build(m, cs, u, K, HF, Rf, w, lam_t, neq, &X);
    if (!st && X.active && C && C->split && X.nc < cs->np) {   /* ties: their springs in K, the whole K wanted */
      sn_compliance_free(&X);
      C->split_refused = 1;
      goto done;
    }
    if (!st && X.active) {
      memset(du, 0, sizeof(double) * (size_t)neq);
      st = solve_compliant(m, &X, HF, w, neq, solver, tol, du, cs, C, nnp);
      sn_compliance_free(&X);
      if (C && st >= 0) {
        int s2 = sn_ccache_keep(C, dim, cs->pts, cs->np, cs->r);
        if (s2) st = s2;
      }
      if (st < 0 && msg)
        snprintf(msg, msglen, "the contact problem (%d point%s) could not be solved: tried %s", cs->np, cs->np == 1 ? "" : "s", cs->tried);
      goto done;
    }
    sn_compliance_free(&X);
    if (st) goto done;
  }
  sn_gfc P = {dim, cs->np, neq, 0, M, HF, NULL, (double *)Rf, w, mu, NULL};
  /* the deck's SOLVER=, else (SOLVER=AUTO or none) ADMM on the global problem: one
   * factorization of K + rho H H^T, which also serves bodies held only by their contacts;
   * then the fallbacks: the exact SOCMLCP Newton (socmixg), and the condensed route where K
   * is invertible. This is the automatic order for FE contact, not sn_gfc_auto's (nsn_ac on
   * the condensed problem first in 3D, tuned on the Siconos global problems): an increment's
   * K has many more dofs than contact unknowns, and condensing it (W = H^T K^-1 H, one solve
   * per contact unknown) costs far more than ADMM's single factorization. */
  int deck = solver && solver[0] && strcmp(solver, "auto");
  memset(du, 0, sizeof(double) * (size_t)neq);
  st = condensed_first(C, &P, cs, deck ? solver : NULL, tol, du, NULL, NULL);
  if (st == SN_OK || st == SN_ERR_NOMEM) goto solved;
  /* split over the ranks: petsc_admm alone (the others would solve this rank's share of K) */
  const char *order[] = {deck ? solver : "admm", "socmixg", dim == 3 ? "nsn_ac" : "nsgs", "prox", NULL};
  if (C && C->split) order[1] = NULL;
  const char *chain[5];
  int nchain = 0;
  for (int k = 0; order[k]; k++)       /* the step's solver ran already (condensed): not again, */
    if (!(deck && cs->tried[0] && !strcmp(order[k], solver))) chain[nchain++] = order[k];   /* nor later */
  chain[nchain] = NULL;
  memset(du, 0, sizeof(double) * (size_t)neq);
  {
    char before[sizeof cs->tried];     /* the condensed attempt, first in the list */
    memcpy(before, cs->tried, sizeof before);
    cs->tried[0] = '\0';
    /* ADMM from zero: started from the last multipliers (with v = 0) it took 25 % more
     * iterations on the Hertz deck (138 against 109) */
    if ((st = ccache_solvers(C, solver))) goto done;
    st = sn_contact_solve_chain_ws(&P, chain, 100000, 20000, tol, du, cs, C ? C->admm : NULL, nnp, C ? C->petsc : NULL,
                                   C ? C->split : NULL);
    size_t lb = strlen(before), la = strlen(cs->tried);
    if (lb && lb + 2 + la < sizeof cs->tried) {
      memmove(cs->tried + lb + (la ? 2 : 0), cs->tried, la + 1);
      memcpy(cs->tried, before, lb);
      if (la) memcpy(cs->tried + lb, ", ", 2);
    }
  }
solved:
  if (C && st >= 0) {                  /* the warm start of the next solve */
    int s2 = sn_ccache_keep(C, dim, cs->pts, cs->np, cs->r);
    if (s2) { st = s2; goto done; }
  }
  if (st < 0) {
    if (msg) snprintf(msg, msglen, "the contact problem (%d point%s) could not be solved: tried %s", cs->np, cs->np == 1 ? "" : "s", cs->tried);
    goto done;
  }
  /* local relative displacements: the new gap, the slip increment */
  sn_copy(nl, w, cs->uloc);
  sn_csc_gemv_t(HF, 1.0, du, 1.0, cs->uloc);
done:
  sn_csc_free(HF);
  if (!C || M != C->M) sn_csc_free(M);
  free(modes);
  free(w);
  free(mu);
  return st;
}
