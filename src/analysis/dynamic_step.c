/* One time step of the Moreau-Jean scheme for finite-element bodies (Jean 1999, "The non-smooth
 * contact dynamics method", CMAME 177, sec. 3; Acary 2016, ZAMM 96, sec. 4 "Moreau-Jean
 * scheme"): on [t, t + h], with the theta method on the smooth forces,
 *     M (v+ - v) = h [theta F(t+h) + (1 - theta) F(t)] - h K (u + theta h v_theta) - h C v_theta + H p,
 *     u+ = u + h v_theta,   v_theta = theta v+ + (1 - theta) v,
 * that is, with M_hat = M + h theta C + h^2 theta^2 K (C = alpha M + beta K),
 *     M_hat v+ = M_hat v + h (F_theta - f_int(u + theta h v) - C v) + H p          (1)
 * (f_int linear: small strain). Under NLGEOM (and with *HYPERELASTIC materials or nonlinear
 * springs) f_int is nonlinear (NLGEOM: the total Lagrangian internal force) and (1) the theta
 * method's f_int(u + theta h v_theta) linearised about u + theta h v, one Newton
 * step: K in M_hat (and in C) is the tangent there, made and factorized anew every time step
 * (a linearly implicit scheme: Hairer & Wanner, "Solving ODEs II", sec. IV.7, the linearly
 * implicit Euler method; it keeps the scheme first-order consistent as Moreau-Jean is, and
 * stable for the stiff elastic modes whose tangent M_hat carries). Contact: the points detected at u (the static analysis'
 * node-to-surface detection) whose gap predicted at mid-step, g + h/2 u_n, is not positive
 * form the active set; on them the velocity-level Signorini condition with Newton's impact law
 * and Coulomb's friction,
 *     u = H^T v+ + w,  w = (e u_n(t), 0, 0),  p in the Coulomb cone, (u_n + mu |u_t|, u_t) in its
 *     dual, p . (...) = 0 (De Saxce's form),
 * with (1) is one global frictional contact problem, solved through the registry: condensed
 * on the contact unknowns with M_hat's Cholesky factor (W = H^T M_hat^-1 H, the usual route of
 * Moreau-Jean codes) and solved by sn_fc_solve (the step's SOLVER=, by default "auto"), or, when
 * SOLVER= names a solver of global problems (admm, socmixg, ...), by sn_gfc_solve on (1) as it
 * is. Without active points, (1) is solved by the Cholesky factor of M_hat. */
#include "analysis/dynamic_internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

double sn_dyn_prescribed(const dyn_state *D, int d, double t)
{
  if (D->bamp[d] >= 0) return D->target[d] * sn_amplitude_value(D->m, D->bamp[d], t, D->period);
  return D->target[d];   /* without amplitude: a step (full value from the step's start) */
}

int sn_dyn_external(dyn_state *D, double t, double *f)
{
  memset(f, 0, sizeof(double) * (size_t)D->ndof);
  for (int k = 0; k < D->nloads; k++) {
    const dyn_load *p = &D->loads[k];
    double v = p->amp >= 0 ? p->value * sn_amplitude_value(D->m, p->amp, t, D->period) : p->value;
    if (!p->dist) { f[D->ndf * p->node + p->dof] += v; continue; }
    int st;
    if (p->face > 0) st = sn_fesys_pressure(D->S, p->elem, p->face, v, f);
    else {
      double g[3] = {v * p->dir[0], v * p->dir[1], v * p->dir[2]};
      st = sn_fesys_gravity(D->S, p->elem, g, f);
    }
    if (st) return st;
  }
  return SN_OK;
}

void sn_dyn_gather(dyn_state *D, const double *all, double *free_)
{
  if (D->T) {
    sn_dofmap_local(D->T, D->ndf, all, D->qa);
    all = D->qa;
  }
  for (int d = 0; d < D->ndof; d++)
    if (D->eq[d] >= 0) free_[D->eq[d]] = all[d];
}

void sn_dyn_reduce(const dyn_state *D, const double *f, double *free_)
{
  const sn_dofmap *T = D->T;
  if (!T) {
    for (int d = 0; d < D->ndof; d++)
      if (D->eq[d] >= 0) free_[D->eq[d]] = f[d];
    return;
  }
  memset(free_, 0, sizeof(double) * (size_t)D->neq);
  for (int d = 0; d < D->ndof; d++)
    if (f[d] != 0.0)
      for (int p = T->ptr[d]; p < T->ptr[d + 1]; p++)
        if (D->eq[T->col[p]] >= 0) free_[D->eq[T->col[p]]] += T->val[p] * f[d];
}

/* out (all dofs) = T q of the q vector whose free entries are `free_` (NULL: 0), prescribed ones
 * their values at step time tp (or, rate, (value(tp) - q(u)) / h), the rest 0; without T the
 * same on the dofs. Uses D->qb, D->qc. */
static void expand(dyn_state *D, const double *free_, double tp, int rate, double *out)
{
  double *q = D->T ? D->qb : out;
  if (rate && D->T) sn_dofmap_local(D->T, D->ndf, D->u, D->qc);
  const double *qu = D->T ? D->qc : D->u;
  for (int d = 0; d < D->ndof; d++) {
    if (D->eq[d] >= 0) q[d] = free_ ? free_[D->eq[d]] : 0.0;
    else if (D->cons[d]) q[d] = rate ? (sn_dyn_prescribed(D, d, tp) - qu[d]) / D->h : sn_dyn_prescribed(D, d, tp);
    else q[d] = 0.0;
  }
  if (D->T) sn_dofmap_apply(D->T, q, out);
}

/* f = M_hat v + h (F_theta - f_int(u + theta h v) - C v) on the free dofs (1); D->ftheta: the
 * free part of F_theta, kept for the energy balance */
static int smooth_rhs(dyn_state *D, double t)
{
  double *ftheta = D->ftheta;
  int st, n = D->neq;
  double h = D->h, th = D->theta;
  if ((st = sn_dyn_external(D, t, D->fext0)) || (st = sn_dyn_external(D, t + h, D->fext1))) return st;
  for (int d = 0; d < D->ndof; d++) D->w2[d] = (1 - th) * D->fext0[d] + th * D->fext1[d];
  sn_dyn_reduce(D, D->w2, ftheta);
  /* u + theta h v on the free q, the prescribed values at t + theta h */
  sn_dyn_gather(D, D->v, D->vf);
  if (D->T) {
    sn_dyn_gather(D, D->u, D->b);
    for (int i = 0; i < n; i++) D->b[i] += th * h * D->vf[i];
    expand(D, D->b, t + th * h, 0, D->w1);
  } else
    for (int d = 0; d < D->ndof; d++) D->w1[d] = D->cons[d] ? sn_dyn_prescribed(D, d, t + th * h) : D->u[d] + th * h * D->v[d];
  double t0 = sn_wtime();
  if (D->retangent) {                            /* f_int and the tangent at u + theta h v */
    st = sn_fesys_internal(D->S, D->w1, D->nlgeom, D->w2, D->eq, D->neq, D->eq_version, &D->K, D->msg, D->msglen);
    if (!st) memcpy(D->fmid, D->w2, sizeof(double) * (size_t)D->ndof);
    if (!st && !(st = sn_dyn_mhat(D)) && (st = sn_dyn_refactor(D)) && D->msg)
      snprintf(D->msg, D->msglen, "line %d: the time step's matrix M + h theta C + h^2 theta^2 K_T is not "
               "positive definite at step time %g (a tangent stiffness past a limit point: a smaller time "
               "increment)", D->sp->line, t);
  } else
    st = sn_fesys_internal(D->S, D->w1, 0, D->w2, NULL, 0, 0, NULL, D->msg, D->msglen);
  D->info->assembly_seconds += sn_wtime() - t0;
  if (st) return st;
  sn_dyn_reduce(D, D->w2, D->a);                 /* f_int(u + theta h v) */
  sn_csc_gemv(D->Mhat, 1.0, D->vf, 0.0, D->f);   /* M_hat v */
  sn_csc_gemv(D->M, D->alpha, D->vf, 0.0, D->c); /* C v = alpha M v + beta K v */
  if (D->beta != 0) {
    sn_csc_symv_upper(D->K, D->vf, D->b);
    for (int i = 0; i < n; i++) D->c[i] += D->beta * D->b[i];
  }
  for (int i = 0; i < n; i++) D->f[i] += h * (ftheta[i] - D->a[i] - D->c[i]);
  return SN_OK;
}

/* the columns of the active points of H (all dofs) on the free rows (with T: of T^T H on the
 * free q), renumbered (act[k]: point k's position among the na active ones or -1; act NULL:
 * every point, na of them) */
static int active_H(const dyn_state *D, const sn_csc *H0, const int *act, int na, sn_csc **out)
{
  int dim = D->ndf;
  sn_csc *HT = NULL;
  const sn_csc *H = H0;
  if (D->T) {
    int st = sn_dofmap_reduce_cols(D->T, D->eq, D->neq, H0, &HT);
    if (st) return st;
    H = HT;
  }
  int *I = malloc(sizeof(int) * ((size_t)H->nnz + 1)), *J = malloc(sizeof(int) * ((size_t)H->nnz + 1));
  double *X = malloc(sizeof(double) * ((size_t)H->nnz + 1));
  if (!I || !J || !X) { free(I); free(J); free(X); sn_csc_free(HT); return SN_ERR_NOMEM; }
  int nz = 0;
  for (int j = 0; j < H->n; j++) {
    int k = act ? act[j / dim] : j / dim;
    if (k < 0) continue;
    for (int p = H->colptr[j]; p < H->colptr[j + 1]; p++) {
      int row = HT ? H->rowind[p] : D->eq[H->rowind[p]];   /* T^T H's rows are the free q already */
      if (row < 0) continue;
      I[nz] = row;
      J[nz] = dim * k + j % dim;
      X[nz++] = H->val[p];
    }
  }
  int st = sn_csc_from_triplets(D->neq, dim * na, nz, I, J, X, out);
  free(I); free(J); free(X);
  sn_csc_free(HT);
  return st;
}

/* the local (condensed) problem of the active points (Jean 1999, sec. 3.3; Moreau 1988): with
 * v_free = M_hat^-1 f, u = W p + q, W = Ha^T M_hat^-1 Ha (Delassus), q = Ha^T v_free + w; then
 * v+ = v_free + M_hat^-1 Ha p. W from the block of M_hat^-1 on the contact rows
 * (dynamic_delassus.c), else (soft points, too many rows) Z = M_hat^-1 Ha by one solve per
 * contact unknown. */
static int solve_condensed(dyn_state *D, const sn_csc *Hall, const sn_csc *Ha, const double *w, double *mu,
                           const char *solver, const sn_settings *s, sn_info *inf, double *p, double z_max,
                           int *global)
{
  int n = D->neq, nl = Ha->n, st;
  *global = 0;
  double *Z = NULL, *Wd = NULL, *q = NULL, *u = NULL;
  sn_csc *W = NULL;
  int blocked = sn_dyn_delassus_prepare(D, Hall);   /* < 0: an error; 1: per column */
  if (blocked < 0) return blocked;
  if (blocked && z_max > 0 && (double)n * (double)nl * sizeof(double) > z_max) {
    *global = 1;                       /* Z too large: the caller solves the global form */
    return SN_OK;
  }
  Wd = calloc((size_t)nl * (size_t)nl + 1, sizeof(double));
  q = calloc((size_t)nl + 1, sizeof(double));
  u = calloc((size_t)nl + 1, sizeof(double));
  if (!Wd || !q || !u) { st = SN_ERR_NOMEM; goto done; }
  st = blocked ? 1 : sn_dyn_delassus(D, Ha, Wd);   /* from the block of Mhat^-1 on the contact rows */
  if (st < 0) goto done;
  if (st > 0) {                        /* else Z = Mhat^-1 Ha, a solve per column */
    if (!(Z = calloc((size_t)n * (size_t)nl + 1, sizeof(double)))) { st = SN_ERR_NOMEM; goto done; }
    sn_csc_to_dense(Ha, Z);
    if ((st = sn_chol_solve_multi(D->F, nl, Z, Z))) goto done;
    for (int j = 0; j < nl; j++) sn_csc_gemv_t(Ha, 1.0, Z + (size_t)j * (size_t)n, 0.0, Wd + (size_t)j * (size_t)nl);
  }
  if ((st = sn_chol_solve(D->F, D->f, D->vf1))) goto done;
  for (int j = 0; j < nl; j++)       /* symmetric by construction: remove the round-off asymmetry */
    for (int i = 0; i < j; i++) Wd[(size_t)j * nl + i] = Wd[(size_t)i * nl + j] = 0.5 * (Wd[(size_t)j * nl + i] + Wd[(size_t)i * nl + j]);
  if ((st = sn_csc_from_dense(nl, nl, Wd, 0.0, &W))) goto done;
  sn_csc_gemv_t(Ha, 1.0, D->vf1, 0.0, q);
  for (int i = 0; i < nl; i++) q[i] += w[i];
  sn_fc P = {D->ndf, nl / D->ndf, W, q, mu};
  st = sn_fc_solve(&P, solver, p, u, s, inf);
  if (st >= 0 && Z) sn_dense_gemv(n, nl, 1.0, Z, p, 1.0, D->vf1);
  else if (st >= 0) {                  /* v+ = Mhat^-1 (f + Ha p): one more solve */
    int st2;
    sn_csc_gemv(Ha, 1.0, p, 0.0, D->c);
    if ((st2 = sn_chol_solve(D->F, D->c, D->c))) st = st2;
    else sn_axpy(n, 1.0, D->c, D->vf1);
  }
done:
  sn_csc_free(W);
  free(Z); free(Wd); free(q); free(u);
  return st;
}

/* The solver's start: the impulses of the last contact step, point by point (the same slave
 * node of the same pair, active in both), scaled by the ratio of the time steps; 0 elsewhere. A
 * point's frame moves little from step to step, so its local components carry over. */
static void warm_fill(const dyn_state *D, const int *act, double *p)
{
  int dim = D->ndf;
  if (!D->wkey || D->nw == 0) return;
  double s = D->wh > 0 ? D->h / D->wh : 1.0;
  for (int k = 0; k < D->cs.np; k++) {
    const sn_contact_point *c = &D->cs.pts[k];
    int w = act[k] >= 0 && c->slave_node >= 0 ? D->wkey[c->slave_node] : -1;
    if (w >= 0 && D->wpair[w] == c->pair)
      for (int a = 0; a < dim; a++) p[dim * act[k] + a] = s * D->wval[dim * w + a];
  }
}

/* keep the active points' impulses p for the next contact step (none kept on failure) */
static int warm_keep(dyn_state *D, const int *act, const double *p)
{
  int dim = D->ndf, np = D->cs.np, nn = D->m->nnodes;
  if (!D->wkey) {
    if (!(D->wkey = malloc(sizeof(int) * ((size_t)nn + 1)))) return SN_ERR_NOMEM;
    for (int i = 0; i < nn; i++) D->wkey[i] = -1;
  }
  for (int w = 0; w < D->nw; w++) D->wkey[D->wkey_node[w]] = -1;   /* forget the last ones */
  D->nw = 0;
  if (np > D->capw) {
    int *a = realloc(D->wpair, sizeof(int) * 2 * (size_t)np), cap = np;
    if (a) D->wpair = a;
    double *b = a ? realloc(D->wval, sizeof(double) * (size_t)(dim * np)) : NULL;
    if (b) D->wval = b;
    if (!a || !b) return SN_ERR_NOMEM;
    D->wkey_node = D->wpair + np;
    D->capw = cap;
  }
  for (int k = 0; k < np; k++) {
    const sn_contact_point *c = &D->cs.pts[k];
    if (act[k] < 0 || c->slave_node < 0 || D->wkey[c->slave_node] >= 0) continue;   /* one per node */
    D->wkey[c->slave_node] = D->nw;
    D->wkey_node[D->nw] = c->slave_node;
    D->wpair[D->nw] = c->pair;
    for (int a = 0; a < dim; a++) D->wval[dim * D->nw + a] = p[dim * act[k] + a];
    D->nw++;
  }
  D->wh = D->h;
  return SN_OK;
}

/* the problem of the active points: M_hat v+ = f + Ha p, u = Ha^T v+ + w. The step's SOLVER=
 * naming a solver of global problems (kind gfc) solves it as such (sn_gfc_solve); otherwise
 * (no SOLVER=, auto, or a solver of local problems) the condensed local problem is solved
 * (sn_fc_solve with that name, or "auto") */
static int solve_contact(dyn_state *D, const int *act, int na, const double *uloc0, const double *ucons,
                         double *p)
{
  int dim = D->ndf, np = D->cs.np, st;
  sn_csc *Ha = NULL;
  double *w = calloc((size_t)(dim * na) + 1, sizeof(double)), *mu = calloc((size_t)na + 1, sizeof(double));
  if (!w || !mu) { free(w); free(mu); return SN_ERR_NOMEM; }
  if ((st = active_H(D, D->cs.H, act, na, &Ha))) goto done;
  for (int k = 0; k < np; k++) {
    int q = act[k];
    if (q < 0) continue;
    /* Newton's law on the normal velocity at the step's start; the prescribed dofs' motion */
    w[dim * q] = D->e * uloc0[dim * k];
    for (int c = 0; c < dim; c++) w[dim * q + c] += ucons[dim * k + c];
    mu[q] = D->cs.pts[k].mu;
  }
  sn_settings s;
  sn_settings_default(&s);
  s.tol = D->set->tol;
  s.max_iter = D->set->max_iter;
  s.threads = D->set->threads;
  sn_info inf;
  memset(&inf, 0, sizeof inf);
  const char *solver = D->sp->solver[0] ? D->sp->solver : "auto";
  const sn_solver_entry *se = sn_solver_find(solver);
  memset(p, 0, sizeof(double) * (size_t)(dim * na));
  warm_fill(D, act, p);
  int global = se && !strcmp(se->kind, "gfc");
  if (!global) {                       /* the rows of every detected point: the block's set */
    sn_csc *Hall = NULL;
    /* without SOLVER= (or with auto, the default named), a per-column Z beyond condensed_max_mb
       gives way to the global form */
    int named = strcmp(solver, "auto") != 0;
    double mb = D->set->condensed_max_mb > 0 ? D->set->condensed_max_mb : SN_DYN_CONDENSED_MAX_MB;
    double z_max = named ? 0.0 : mb * 1048576.0;
    if (!(st = active_H(D, D->cs.H, NULL, np, &Hall)))
      st = solve_condensed(D, Hall, Ha, w, mu, solver, &s, &inf, p, z_max, &global);
    sn_csc_free(Hall);
    if (global) {
      solver = "admm";
      se = sn_solver_find(solver);
      D->info->global_fallbacks++;
    }
  }
  if (global && st >= 0) {
    sn_gfc P = {dim, na, D->neq, 0, D->Mhat, Ha, NULL, D->f, w, mu, NULL};
    memcpy(D->vf1, D->vf, sizeof(double) * (size_t)D->neq);   /* warm start: v */
    st = sn_gfc_solve(&P, solver, p, D->vf1, &s, &inf);
  }
  D->info->contact_steps++;
  D->info->contact_iterations += inf.iterations;
  D->cs.solver = se ? se->name : "auto";
  D->cs.solver_status = st;
  D->cs.solver_iterations = inf.iterations;
  D->cs.solver_error = inf.error;
  if (st > 0) {   /* accepted (the solver's last iterate), counted and reported by sn_dynamic_run */
    sn_dynamic_info *in = D->info;
    if (!in->contact_missed++) {
      in->first_missed = in->steps + 1;
      in->status = st;
    }
    if (inf.error > in->missed_error || !(inf.error == inf.error)) in->missed_error = inf.error;
  }
  if (st < 0 && D->msg)
    snprintf(D->msg, D->msglen, "the contact problem of %d active point%s could not be solved by %s: %s", na,
             na == 1 ? "" : "s", solver, sn_strerror(st));
  if (st >= 0) {
    sn_csc_gemv(Ha, 1.0, p, 0.0, D->pglob);
    int st2 = warm_keep(D, act, p);
    if (st2) st = st2;
  }
done:
  sn_csc_free(Ha);
  free(w);
  free(mu);
  return st < 0 ? st : SN_OK;
}

/* The points of a LINEAR law (docs/fe-dynamics.md, "Soft contact and contact damping"): a
 * spring and a dashpot between the slave node and the master face, smooth forces of the step
 * under the theta method,
 *     r_theta = r0 - (theta h Kc + Cc) H^T v_theta,   r0 = (A p(h), 0, 0),
 *     Kc = diag(A p'(h), 0, 0),  Cc = c A diag(1, f, f)
 * (h the overclosure at u, p the law, c the *CONTACT DAMPING constant, f its TANGENT FRACTION,
 * A the slave area: CalculiX' damping force c A times the velocity difference). With
 * B = Hs (theta h Kc + Cc) Hs^T, the step's equation M_hat v+ = f + h Hs r_theta becomes
 *     (M_hat + theta h B) v+ = f + theta h B v + h (Hs r0 - B v):
 * the step matrix is refactored (each step with such points), the right-hand side updated. */
typedef struct {
  int ns;
  int *soft;          /* per point its soft index, -1 */
  sn_csc *Hs, *B;     /* free dofs x dim ns; free x free */
  double *r0, *cd;    /* per soft unknown: the force at the step's start, theta h Kc + Cc */
  sn_csc *Mhat;       /* M_hat + theta h B */
  sn_chol *F;
} dyn_soft;

static void soft_free(dyn_soft *S)
{
  free(S->soft); free(S->r0); free(S->cd);
  sn_csc_free(S->Hs); sn_csc_free(S->B); sn_csc_free(S->Mhat); sn_chol_free(S->F);
  memset(S, 0, sizeof *S);
}

/* the soft points' step matrix failed (st): the point of the largest spring slope, the likely
 * cause, in D->msg (t: step time) */
static int soft_failure(dyn_state *D, const dyn_soft *S, double t, int st)
{
  int dim = D->ndf, worst = -1;
  for (int k = 0; k < D->cs.np; k++)
    if (S->soft[k] >= 0 && (worst < 0 || !(S->cd[dim * S->soft[k]] <= S->cd[dim * S->soft[worst]]))) worst = k;
  if (worst < 0 || !D->msg) return st;
  const sn_contact_point *p = &D->cs.pts[worst];
  const sn_contact_pair *P = &D->m->pairs[p->pair];
  snprintf(D->msg, D->msglen, "line %d: at step time %g the soft contact law of this pair reached overclosure %.6g at "
           "slave node %d within one time step, where its spring's slope is %.3g per unit area: the step matrix "
           "cannot take it (%s). The node crossed the law's range in one step: a smaller time increment on *DYNAMIC "
           "(the step is fixed), a softer law (a larger EXPONENTIAL c0) or HARD contact (impulses)",
           P->line, t, -p->gap, D->m->node_id ? D->m->node_id[p->slave_node] : p->slave_node + 1,
           S->cd[dim * S->soft[worst]] / (D->theta * D->h * (p->area > 0 ? p->area : 1.0)), sn_strerror(st));
  return st;
}

static int soft_setup(dyn_state *D, dyn_soft *S, double t)
{
  const sn_model *m = D->m;
  int dim = D->ndf, np = D->cs.np, st;
  double h = D->h, th = D->theta;
  S->soft = malloc(sizeof(int) * ((size_t)np + 1));
  if (!S->soft) return SN_ERR_NOMEM;
  for (int k = 0; k < np; k++)
    S->soft[k] = m->interactions[D->cs.pts[k].interaction].law != SN_OVERCLOSURE_HARD ? S->ns++ : -1;
  if (S->ns == 0) return SN_OK;
  size_t nl = (size_t)(dim * S->ns) + 1;
  S->r0 = calloc(nl, sizeof(double));
  S->cd = calloc(nl, sizeof(double));
  if (!S->r0 || !S->cd) return SN_ERR_NOMEM;
  if ((st = active_H(D, D->cs.H, S->soft, S->ns, &S->Hs))) return st;
  for (int k = 0; k < np; k++) {
    int j = S->soft[k];
    if (j < 0) continue;
    const sn_contact_point *p = &D->cs.pts[k];
    const sn_interaction *I = &m->interactions[p->interaction];
    double A = p->area > 0 ? p->area : 1.0, pr, dp;
    sn_law_pressure(I, -p->gap - sn_law_shift(m, p), &pr, &dp);
    S->r0[dim * j] = A * pr;
    double c = p->gap <= 0 ? I->damping * A : 0.0;   /* the dashpot where the node touches or penetrates */
    S->cd[dim * j] = th * h * A * dp + c;
    for (int a = 1; a < dim; a++) S->cd[dim * j + a] = I->damp_tfrac * c;
  }
  /* B = Hs diag(cd) Hs^T (both triangles) */
  const sn_csc *Hs = S->Hs;
  size_t cap = 1;
  for (int c = 0; c < Hs->n; c++) cap += (size_t)(Hs->colptr[c + 1] - Hs->colptr[c]) * (size_t)(Hs->colptr[c + 1] - Hs->colptr[c]);
  int *I = malloc(sizeof(int) * cap), *J = malloc(sizeof(int) * cap), z = 0;
  double *X = malloc(sizeof(double) * cap);
  if (!I || !J || !X) { free(I); free(J); free(X); return SN_ERR_NOMEM; }
  for (int c = 0; c < Hs->n; c++)
    for (int a = Hs->colptr[c]; a < Hs->colptr[c + 1]; a++)
      for (int b = Hs->colptr[c]; b < Hs->colptr[c + 1]; b++) {
        I[z] = Hs->rowind[a]; J[z] = Hs->rowind[b]; X[z++] = S->cd[c] * Hs->val[a] * Hs->val[b];
      }
  st = sn_csc_from_triplets(D->neq, D->neq, z, I, J, X, &S->B);
  for (int q = 0; q < z; q++) X[q] *= th * h;
  sn_csc *tB = NULL;
  if (!st) st = sn_csc_from_triplets(D->neq, D->neq, z, I, J, X, &tB);
  free(I); free(J); free(X);
  if (!st) st = sn_csc_add(D->Mhat, tB, &S->Mhat);
  sn_csc_free(tB);
  int finite = 1;
  for (int q = 0; q < dim * S->ns; q++) finite &= isfinite(S->cd[q]) && isfinite(S->r0[q]);
  if (!st && !finite) st = SN_ERR_NOT_SPD;
  if (!st) st = sn_chol_factor(S->Mhat, &S->F);
  if (st == SN_ERR_NOT_SPD) return soft_failure(D, S, t, st);
  if (st) return st;
  /* f += theta h B v + h (Hs r0 - B v) */
  double *Bv = calloc((size_t)D->neq + 1, sizeof(double));
  if (!Bv) return SN_ERR_NOMEM;
  sn_csc_gemv(S->B, 1.0, D->vf, 0.0, Bv);
  sn_csc_gemv(Hs, h, S->r0, 1.0, D->f);
  for (int i = 0; i < D->neq; i++) D->f[i] += (th - 1) * h * Bv[i];
  free(Bv);
  return SN_OK;
}

/* after v+: the soft points' mean forces r_theta into cs.r, their impulse h Hs r_theta added to pglob */
static int soft_forces(dyn_state *D, dyn_soft *S)
{
  int dim = D->ndf, n = D->neq, nl = dim * S->ns;
  double th = D->theta;
  double *vt = malloc(sizeof(double) * ((size_t)n + 1)), *ul = malloc(sizeof(double) * ((size_t)nl + 1));
  if (!vt || !ul) { free(vt); free(ul); return SN_ERR_NOMEM; }
  for (int i = 0; i < n; i++) vt[i] = th * D->vf1[i] + (1 - th) * D->vf[i];
  sn_csc_gemv_t(S->Hs, 1.0, vt, 0.0, ul);
  for (int c = 0; c < nl; c++) ul[c] = S->r0[c] - S->cd[c] * ul[c];
  sn_csc_gemv(S->Hs, D->h, ul, 1.0, D->pglob);
  for (int k = 0; k < D->cs.np; k++)
    if (S->soft[k] >= 0)
      for (int a = 0; a < dim; a++) D->cs.r[dim * k + a] = ul[dim * S->soft[k] + a];
  free(vt);
  free(ul);
  return SN_OK;
}

/* detection at u, the active set, and v+ (into vf1): by the contact problem or by M_hat's factor */
static int contact_phase(dyn_state *D, double t)
{
  int dim = D->ndf, st;
  double t0 = sn_wtime();
  dyn_soft soft;
  sn_csc *sw_M = NULL;
  sn_chol *sw_F = NULL;
  memset(&soft, 0, sizeof soft);
  memset(D->pglob, 0, sizeof(double) * (size_t)D->neq);
  sn_cstate_clear(&D->cs);
  if (D->m->npairs > 0) {
    if ((st = sn_contact_detect(D->m, D->u, D->search, &D->cs.pts, &D->cs.np, D->msg, D->msglen))) return st;
    sn_contact_reference_areas(&D->cs, D->area0);
  }
  int np = D->cs.np, na = 0;
  if (np == 0) {
    D->info->contact_seconds += sn_wtime() - t0;
    return sn_chol_solve(D->F, D->f, D->vf1);
  }
  size_t nl = (size_t)(dim * np) + 1;
  int *act = malloc(sizeof(int) * ((size_t)np + 1));
  double *uloc0 = calloc(nl, sizeof(double)), *ucons = calloc(nl, sizeof(double));
  D->cs.r = calloc(nl, sizeof(double));
  D->cs.uloc = calloc(nl, sizeof(double));
  if (!act || !uloc0 || !ucons || !D->cs.r || !D->cs.uloc) { st = SN_ERR_NOMEM; goto done; }
  if ((st = sn_contact_H(D->m, D->cs.pts, np, &D->cs.H))) goto done;
  if ((st = soft_setup(D, &soft, t))) goto done;
  if (soft.ns) {                       /* the step matrix with the soft points' springs and dashpots */
    sw_M = D->Mhat; sw_F = D->F;
    D->Mhat = soft.Mhat; D->F = soft.F;
    D->soft_on = 1;
  }
  sn_csc_gemv_t(D->cs.H, 1.0, D->v, 0.0, uloc0);
  expand(D, NULL, t + D->h, 1, D->w1);   /* the velocity of the prescribed dofs over the step */
  sn_csc_gemv_t(D->cs.H, 1.0, D->w1, 0.0, ucons);
  for (int k = 0; k < np; k++)   /* active: the gap predicted at mid-step closed (impulsive points) */
    act[k] = (soft.ns == 0 || soft.soft[k] < 0) && D->cs.pts[k].gap + 0.5 * D->h * uloc0[dim * k] <= 0 ? na++ : -1;
  if (na == 0) st = sn_chol_solve(D->F, D->f, D->vf1);
  else {
    double *p = calloc((size_t)(dim * na) + 1, sizeof(double));
    if (!p) { st = SN_ERR_NOMEM; goto done; }
    st = solve_contact(D, act, na, uloc0, ucons, p);
    for (int k = 0; k < np && !st; k++)   /* mean forces over the step */
      if (act[k] >= 0)
        for (int c = 0; c < dim; c++) D->cs.r[dim * k + c] = p[dim * act[k] + c] / D->h;
    free(p);
  }
  if (!st && soft.ns) st = soft_forces(D, &soft);
done:
  if (sw_M) { D->Mhat = sw_M; D->F = sw_F; D->soft_on = 0; }
  soft_free(&soft);
  free(act);
  free(uloc0);
  free(ucons);
  D->info->contact_seconds += sn_wtime() - t0;
  return st;
}

/* the nodes of rigid bodies take their reference node's motion (a: displacements or
 * velocities, all dofs), as the static analysis does: contact detection and the output read
 * every node's own dofs */
void sn_dyn_follow_rigid(const dyn_state *D, double *a)
{
  const int *rref = sn_fesys_rigid_ref(D->S);
  for (int i = 0; i < D->m->nnodes; i++)
    if (rref[i] >= 0)
      for (int c = 0; c < D->ndf; c++) a[D->ndf * i + c] = a[D->ndf * rref[i] + c];
}

/* u+ = u + h v_theta on the free dofs; prescribed dofs take their values at t + h; rigid
 * bodies' nodes follow their reference node */
static void update(dyn_state *D, double t)
{
  double h = D->h, th = D->theta;
  if (D->T) {                          /* on the q, then u = T q */
    sn_dyn_gather(D, D->u, D->b);
    sn_dyn_gather(D, D->v, D->c);
    for (int i = 0; i < D->neq; i++) D->b[i] += h * (th * D->vf1[i] + (1 - th) * D->c[i]);
    expand(D, D->vf1, t + h, 1, D->v1);
    expand(D, D->b, t + h, 0, D->u1);
    sn_dyn_follow_rigid(D, D->u1);
    sn_dyn_follow_rigid(D, D->v1);
    return;
  }
  for (int d = 0; d < D->ndof; d++) {
    int i = D->eq[d];
    if (i >= 0) {
      D->v1[d] = D->vf1[i];
      D->u1[d] = D->u[d] + h * (th * D->v1[d] + (1 - th) * D->v[d]);
    } else if (D->cons[d]) {
      D->u1[d] = sn_dyn_prescribed(D, d, t + h);
      D->v1[d] = (D->u1[d] - D->u[d]) / h;
    } else D->u1[d] = D->v1[d] = 0.0;
  }
  sn_dyn_follow_rigid(D, D->u1);
  sn_dyn_follow_rigid(D, D->v1);
}

int sn_dyn_step(dyn_state *D, double t)
{
  int st;
  if ((st = smooth_rhs(D, t))) return st;
  if ((st = contact_phase(D, t))) return st;
  update(D, t);
  /* *PLASTIC: the history at the new state, the next step's return mappings start from it */
  if (D->retangent && (st = sn_fesys_commit(D->S, D->u1, D->nlgeom, D->msg, D->msglen))) return st;
  if (D->cs.np > 0 && D->cs.uloc) {   /* local (new gap, slip of the step), as the static output */
    for (int d = 0; d < D->ndof; d++) D->w1[d] = D->u1[d] - D->u[d];
    sn_csc_gemv_t(D->cs.H, 1.0, D->w1, 0.0, D->cs.uloc);
    for (int k = 0; k < D->cs.np; k++) D->cs.uloc[D->ndf * k] += D->cs.pts[k].gap;
  }
  sn_dyn_energy_step(D, D->ftheta);
  return SN_OK;
}
