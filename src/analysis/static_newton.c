/* The Newton iterations of a quasi-static increment (static_internal.h), one phase per
 * function: assemble (internal forces, K, penalty contact terms), the residual, the penalty
 * loop's safeguards, convergence (with the augmented Lagrangian's Uzawa rounds), and the
 * Newton step: on K plus the penalty stiffness, with the contact problem (LAGRANGE, INTERIOR),
 * or on the smooth part alone (CHOLMOD or conjugate gradients). */
#include "analysis/static_internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* what an iteration does after a phase: go on to the next phase, go to the next iteration,
 * or stop iterating (converged when S->conv, else the increment is cut back) */
enum { GO, NEXT, STOP };

static double nrminf_free(const run_state *R, const double *v, int free_only)
{
  double n = 0.0;
  const unsigned char *act = sn_fesys_active(R->S);
  for (int d = 0; d < R->ndof; d++)
    if (act[d] && (!free_only || R->eq[d] >= 0)) n = fmax(n, fabs(v[d]));
  return n;
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

/* the penalty tangent kept in its parts for the Schur route (contact_penalty_schur.c): K
 * constant (small strain, linear elastic), the route not left for this run; NULL: K_eff made */
static sn_ptangent *schur_route(static_run *S)
{
  return S->s.penalty_schur && S->linear && !S->ps.off ? &S->ptg : NULL;
}

/* assemble: internal forces at u, K when it changes, the penalty contact forces and stiffness
 * of this configuration */
static int assemble(static_run *S)
{
  run_state *R = &S->R;
  int st;
  S->need_K = !S->linear || S->F_version != R->eq_version || (S->contact && !S->K);
  double ta = sn_wtime();
  st = sn_fesys_internal(R->S, S->u, S->nlgeom, S->fint, R->eq, R->neq, R->eq_version, S->need_K ? &S->K : NULL,
                         S->msg, S->msglen);
  if (!st) st = sn_static_follower_force(S);
  if (S->split.on) st = sn_static_split_agree(S, st);   /* an element of one rank's share failed: all stop */
  if (st) return st;
  if (S->need_K) {
    const sn_csc *K = S->K;
    S->K_id++;
    S->kdiag = 0.0;
    for (int j = 0; j < K->n; j++)
      for (int p = K->colptr[j]; p < K->colptr[j + 1]; p++)
        if (K->rowind[p] == j) S->kdiag = fmax(S->kdiag, fabs(K->val[p]));
  }
  if ((st = sn_static_split_sums(S))) return st;   /* the model split: the ranks' shares summed */
  if (S->pen) {                       /* contact forces and stiffness of this configuration */
    st = sn_contact_penalty(S->m, S->u, S->usave, S->area0, R->T, R->eq, R->neq, S->K, S->kdiag, S->lam_n, S->lam_t,
                            S->fhist, S->kfac, S->ktfac, S->aug, &S->cs, &S->Keff, &S->Kpre, &S->kfull, schur_route(S), S->hr,
                            S->s.threads, S->msg, S->msglen);
    if (st) return st;
    S->F_version = S->linear ? R->eq_version : -1;   /* K is kept while the equations are */
  }
  if (S->info) S->info->assembly_seconds += sn_wtime() - ta;
  return SN_OK;
}

/* the residual: rnc = f_ext - f_int and rhs = rnc + the contact forces at the free dofs, S->res
 * its largest entry relative to the force scale S->ref */
static void residual(static_run *S)
{
  run_state *R = &S->R;
  double ref = fmax(nrminf_free(R, S->fext, 0), nrminf_free(R, S->fint, 0));
  /* the force scale of the displacements themselves (max K_ii max |u|): a rigid motion
   * (no load, no internal force) is measured against it, not against zero */
  if (S->K) {
    double kd = S->kdiag, um = 0;
    for (int d = 0; d < R->ndof; d++) um = fmax(um, fabs(S->u[d]));
    ref = fmax(ref, 1e-3 * kd * um);
    /* and an absolute floor: the force that moves the model by 1e-12 of its size (a
     * state back at rest, where every force and displacement is round-off); under NLGEOM
     * 1e-6 of it: the internal force of a state at rest is then the round-off of the
     * Green-Lagrange strain (F^T F - I) / 2, about 1e-16 kd L (measured 4e-11 on a model with
     * kd L = 6e6 unloaded to zero, CalculiX' gap deck), which the tolerance 1e-8 times a
     * smaller floor never reaches */
    ref = fmax(ref, (S->nlgeom ? 1e-6 : 1e-12) * kd * (S->lscale > 0 ? S->lscale : 1.0));
  }
  if (R->T) {                        /* T^T (f_ext - f_int) and T^T (.. + H r) */
    for (int d = 0; d < R->ndof; d++) R->q[d] = S->fext[d] - S->fint[d];
    sn_static_reduce(R, R->q, S->rnc, 0);
    memcpy(S->rhs, S->rnc, sizeof(double) * (size_t)R->neq);
    sn_static_reduce(R, S->hr, S->rhs, 1);
  } else
    for (int d = 0; d < R->ndof; d++)
      if (R->eq[d] >= 0) { S->rnc[R->eq[d]] = S->fext[d] - S->fint[d]; S->rhs[R->eq[d]] = S->rnc[R->eq[d]] + S->hr[d]; }
  double rn = 0.0;
  for (int q = 0; q < R->neq; q++) rn = fmax(rn, fabs(S->rhs[q]));
  S->res = ref > 0 ? rn / ref : rn;
  S->ref = ref;
  if (S->nhist < 256) S->reshist[S->nhist++] = S->res;
}

/* the penalty Newton loop at its round-off floor (a stiff penalty conditions the system): go
 * back to the previous iterate and take it (the method's own error, O(1 / stiffness), is far
 * larger) */
static int penalty_floor(static_run *S)
{
  run_state *R = &S->R;
  int st;
  add_free(R, -S->lstep, S->du, S->u);
  follow_rigid(R, S->rref, S->u);
  st = sn_fesys_internal(R->S, S->u, S->nlgeom, S->fint, R->eq, R->neq, R->eq_version, NULL, S->msg, S->msglen);
  if (!st) st = sn_contact_penalty(S->m, S->u, S->usave, S->area0, R->T, R->eq, R->neq, S->K, S->kdiag, S->lam_n, S->lam_t,
                                   S->fhist, S->kfac, S->ktfac, S->aug, &S->cs, &S->Keff, &S->Kpre, &S->kfull, schur_route(S), S->hr,
                                   S->s.threads, S->msg, S->msglen);
  if (st) return st;
  S->res = S->res_prev;
  S->conv = 1;
  return SN_OK;
}

/* the penalty loop's safeguards against a rising residual: the round-off floor, the watchdog
 * (a rise let through once, checked at the next iterate) and backtracking */
static int penalty_safeguards(static_run *S, int *act)
{
  run_state *R = &S->R;
  *act = GO;
  if (S->pen && S->it > 0 && S->res > S->res_prev && S->res_prev <= 1e-5 && !S->aug) {
    *act = STOP;
    return penalty_floor(S);
  }
  if (S->wd_armed) {                 /* the step after a rise let through (watchdog) */
    S->wd_armed = 0;
    if (!(S->res < S->wd_res)) {     /* no better than before the rise: go back there and
                                        backtrack the rising step instead */
      sn_copy(R->ndof, S->uwd, S->u);
      memcpy(S->du, S->duwd, sizeof(double) * (size_t)R->neq);
      S->lstep = 0.5;
      add_free(R, S->lstep, S->du, S->u);
      follow_rigid(R, S->rref, S->u);
      S->res_prev = S->wd_res;
      *act = NEXT;
      return SN_OK;
    }
  }
  if (S->pen && S->it > 0 && S->res > S->res_prev && S->lstep == 1.0 && S->nup < 2 && S->res < 10.0 * S->res_prev) {
    /* non-monotone (a watchdog, Chamberlain et al., Math. Prog. Study 16, 1982): a full
     * step that changes the stick / slip set often raises the residual once on its way
     * to the new set, where the next full step lands (a block going from stick to gross
     * sliding: 0.16, 0.83, 9e-3, 1e-5, 8e-11); halving it would leave a mixed state and
     * stall (20-27 iterations instead of 5). The rise is let through if the next
     * iterate goes below the residual before it; else the rising step is backtracked
     * from where it began. Two per Newton loop. */
    S->nup++;
    S->wd_armed = 1;
    S->wd_res = S->res_prev;
    sn_copy(R->ndof, S->u, S->uwd);
    add_free(R, -1.0, S->du, S->uwd);
    follow_rigid(R, S->rref, S->uwd);
    memcpy(S->duwd, S->du, sizeof(double) * (size_t)R->neq);
  } else if (S->pen && S->it > 0 && S->res > S->res_prev && S->lstep > 1.0 / 64) {
    /* backtracking on the penalty Newton step: the stick / slip switch can make full
     * steps cycle; halve the last step while the residual grows */
    S->lstep *= 0.5;
    add_free(R, -S->lstep, S->du, S->u);
    follow_rigid(R, S->rref, S->u);
    *act = NEXT;
  }
  return SN_OK;
}

/* converged (or diverged: NaN), with the augmented Lagrangian's Uzawa rounds: multipliers <-
 * forces until they settle (the gap closed, the stuck points not slipping), each a fresh
 * Newton loop */
static void converge(static_run *S, int *act)
{
  *act = GO;
  S->lstep = 1.0;
  S->res_prev = S->res;
  if (!(S->res == S->res)) { *act = STOP; return; }          /* NaN: diverged */
  /* the first iterate counts when the predictor made it (static_run.c): its residual is that
     of the contact state at u, as at any iterate */
  if (!((S->it > 0 || S->ref == 0.0 || (S->predicted && S->uzawa == 0)) && S->res <= S->s.tol)) return;
  /* EXPONENTIAL / TABULAR laws under LAGRANGE / INTERIOR: Newton on the law's linearisation
     goes on until the law holds at the new gaps (contact_compliance.c) */
  if (!S->pen && S->cs.law_err > S->s.tol) return;
  if (S->aug) {
    const sn_cstate *cs = &S->cs;
    int ndf = S->R.ndf;
    double dmax = 0.0, rmax = 0.0, g[3];
    for (int q = 0; q < cs->np; q++) {
      const sn_contact_point *pq = &cs->pts[q];
      const double *r = cs->r + ndf * q;
      int i = pq->slave_node;
      rmax = fmax(rmax, r[0]);
      if (!pq->hard) continue;
      dmax = fmax(dmax, fabs(r[0] - S->lam_n[i]));
      tangential_global(pq, r, ndf, g);
      for (int c = 0; c < 3; c++) dmax = fmax(dmax, fabs(g[c] - S->lam_t[3 * i + c]));
    }
    if (dmax > 1e-8 * rmax && S->uzawa < 200) {
      S->uzawa++;
      if (S->info) S->info->uzawa_iterations++;
      store_multipliers(cs, ndf, 1, 1, S->lam_n, S->lam_t);
      S->nup = S->wd_armed = 0;
      S->it = -1;                    /* a fresh Newton loop with the new multipliers */
      *act = NEXT;
      return;
    }
  }
  S->conv = 1;
  *act = STOP;
}

/* The penalty Newton step when K + contact stiffness is not positive definite (a structure past
 * a bifurcation on its symmetric path: CalculiX' ringfcontact2, two annular plates pressed
 * radially by a frictionless face-to-face contact, has a negative eigenvalue from 0.87 of its
 * load on): LU of both triangles (UMFPACK), as ccx's direct solvers factor an indefinite
 * matrix; Newton then converges to the equilibrium on that path as ccx does (its perturbation
 * step's negative eigenvalue included), where a cutback made the increments creep up to the
 * bifurcation and jump off the path. From the second iteration on only: the first one's matrix is
 * that of the increment's start with the prescribed displacements jumped in, whose elements may
 * be distorted past their limit point (a column pressed by 0.15 through a plate 0.5 thick: LU
 * there led Newton to an equilibrium of the plate squeezed to 0.56 of its thickness, where the
 * St Venant-Kirchhoff law's stress vanishes again); there a cutback, as before. Singular:
 * SN_ERR_NOT_SPD (the caller cuts back). */
static int indefinite_step(static_run *S)
{
  sn_csc *Kf = NULL;
  sn_lu *Fl = NULL;
  int st = sn_csc_sym_full(S->Keff, &Kf);
  if (!st) st = sn_lu_factor(Kf, &Fl);
  if (!st) st = sn_lu_solve(Fl, S->rhs, S->du);
  sn_lu_free(Fl);
  sn_csc_free(Kf);
  if (S->info) S->info->lu_fallbacks++;
  return st == SN_ERR_SINGULAR ? SN_ERR_NOT_SPD : st;
}

/* the Newton step of the penalty treatments on K + contact stiffness */
static int penalty_step(static_run *S, int *act)
{
  run_state *R = &S->R;
  int st;
  double tf = sn_wtime();
  st = SN_ERR_ARG;
  if (!S->Keff) {                    /* the tangent in its parts: the Schur route */
    st = sn_pschur_step(&S->ps, S->K, S->K_id, &S->ptg, S->it, S->rhs, S->du);
    if (S->info) {
      S->info->penalty_schur_steps += st == SN_OK;
      S->info->penalty_schur_factors = S->ps.builds;
      S->info->penalty_schur_reuses = S->ps.reuses;
    }
    if (st == SN_OK || st == SN_ERR_NOT_SPD || st == SN_ERR_NOMEM) goto solved;
    if (st != SN_ERR_ARG) S->ps.off = 1;   /* a LAPACK failure: the sparse route from now on */
    if ((st = sn_ptangent_keff(&S->ptg, S->K, R->neq, &S->Keff, &S->Kpre, &S->kfull))) return st;   /* not taken */
  }
  if (S->kfull) {                    /* slipping points: the non-symmetric tangent */
    st = nonsym_step(S->Keff, S->Kpre, &S->Fpen, &S->lu_only, S->rhs, S->du, S->info);
  } else {                           /* the analysis of an earlier iteration reused */
    st = sn_chol_update(&S->Fpen, S->Keff);
    if (!st) st = sn_chol_solve(S->Fpen, S->rhs, S->du);
    if (st == SN_ERR_NOT_SPD && S->it > 0) st = indefinite_step(S);
  }
solved:
  if (S->info) S->info->factor_seconds += sn_wtime() - tf;
  if (st == SN_ERR_NOT_SPD) { *act = STOP; return SN_OK; }     /* cut back */
  if (st) return st;
  add_free(R, 1.0, S->du, S->u);
  follow_rigid(R, S->rref, S->u);
  if (S->info) S->info->newton_iterations++;
  *act = NEXT;
  return SN_OK;
}

/* the contact problem of this configuration (LAGRANGE, INTERIOR): the global frictional
 * contact problem in the displacement correction, solved by the step's solver or the chain;
 * a result that missed its tolerance cuts the increment back unless the relaxed test accepts
 * it (contact_internal.h) */
static int contact_step(static_run *S, int *act)
{
  run_state *R = &S->R;
  const sn_step *sp = S->sp;
  int st;
  double tc = sn_wtime();
  const char *csolver = S->s.petsc ? "petsc_admm"   /* the distributed ADMM (contact_chain.c) */
                        : sp->solver[0] ? sp->solver : (sp->contact == SN_CT_INTERIOR ? "socipm" : "");
  const sn_solver_entry *se = csolver[0] ? sn_solver_find(csolver) : NULL;
  *act = GO;
  if (se && se->fc && S->F_kid != S->K_id && R->neq <= 200000) {
    /* K's factor, for the condensed route of a step that names a local solver; not
     * positive definite (a body held by its contacts only): the chain's global solvers */
    st = sn_chol_update(&S->F, S->K);
    S->F_kid = S->K_id;
    S->F_ok = st == SN_OK;
    S->F_st = st;
    if (st == SN_ERR_NOMEM) return st;
  }
  S->Cc.kstamp = S->K_id;                        /* what the kept operators were made of */
  S->Cc.F = S->F_ok && S->F_kid == S->K_id ? S->F : NULL;
  S->Cc.threads = S->s.threads;
  int csolve = sn_contact_lagrange(S->m, S->u, S->usave, S->area0, S->lam_t, R->T, R->eq, R->neq, S->K, S->rnc, csolver,
                                   fmin(1e-10, 0.01 * S->s.tol), S->du, &S->cs, S->s.fresh_factor ? NULL : &S->Cc,
                                   S->msg, S->msglen);
  if (S->info) { S->info->contact_solves++; S->info->contact_seconds += sn_wtime() - tc; }
  if (S->split.on && (S->Cc.split_refused || S->cs.np == 0 || (csolve < 0 && csolve != SN_ERR_NOMEM) ||
                      (csolve > 0 && !S->cs.relaxed_ok))) {
    /* this configuration needs the whole K (a plain solve, tied points, the serial
     * fallbacks of a failed solve): assembled whole from now on, this iteration again */
    if ((st = sn_static_unsplit(S, S->cs.np > 0))) return st;   /* no point: until there are some */
    S->it--;                            /* the same iteration again (the loop counts it once) */
    *act = NEXT;
    return SN_OK;
  }
  if (S->split.on) S->split.solves++;
  if (csolve < 0) {
    if (csolve != SN_ERR_NOMEM && S->cs.np > 0) sn_static_contact_failure(S, S->msg, S->msglen);
    return csolve;
  }
  if (S->cs.np > 0) {
    /* missed the tolerance: accept only what the relaxed test accepts (a solver that
     * stopped at its cap or stalled within 1e-6, honest in absolute terms; never a
     * diverged one: contact_internal.h), else cut back */
    if (csolve > 0 && !S->cs.relaxed_ok) { S->contact_missed = 1; *act = STOP; return SN_OK; }
    S->F_version = S->linear ? R->eq_version : -1;
    add_free(R, 1.0, S->du, S->u);
    follow_rigid(R, S->rref, S->u);
    sn_csc_gemv(S->cs.H, 1.0, S->cs.r, 0.0, S->hr);
    if (S->info) S->info->newton_iterations++;
    *act = NEXT;
    return SN_OK;
  }
  memset(S->hr, 0, sizeof(double) * (size_t)R->ndof);
  return SN_OK;
}

/* the equation solver of the step, chosen at its first assembly: *STATIC, SOLVER= or the
 * settings; automatic: CHOLMOD unless a large model's predicted factor is too large */
static void choose_solver(static_run *S)
{
  sn_static_info *info = S->info;
  int want = S->sp->linsolver ? S->sp->linsolver : S->s.linear_solver;
  S->use_cg = want == 2;
  if (want == 0 && S->R.neq > 200000) {
    double lnz = 0;
    if (!sn_chol_predict(S->K, &lnz, NULL)) {
      if (info) info->predicted_factor_gb = lnz * 8e-9;
      S->use_cg = lnz * 8e-9 > S->s.direct_limit_gb || lnz > 2.0e9;   /* 32-bit CHOLMOD indices */
    } else S->use_cg = 1;                      /* too large even to analyse */
  }
  if (info) info->iterative = S->use_cg;
}

/* the Newton step on the smooth part by Jacobi-preconditioned conjugate gradients */
static int cg_step(static_run *S)
{
  run_state *R = &S->R;
  sn_static_info *info = S->info;
  double tf = sn_wtime(), rr;
  int cgit, st;
  memset(S->du, 0, sizeof(double) * (size_t)R->neq);
  st = sn_pcg_upper(S->K, S->rhs, S->du, S->s.cg_tol, S->s.cg_max_iter, &cgit, &rr);
  if (info) { info->factor_seconds += sn_wtime() - tf; info->cg_iterations += cgit; }
  if (st == SN_MAX_ITER) st = SN_OK;       /* Newton's residual check decides */
  if (st) {
    if (S->msg) snprintf(S->msg, S->msglen, "step %d: conjugate gradients failed (%s): the model is not restrained against rigid motion, or an element is unusable", S->k + 1, sn_strerror(st));
    return st;
  }
  S->F_version = S->linear ? R->eq_version : -1;
  add_free(R, 1.0, S->du, S->u);
  if (info) info->newton_iterations++;
  return SN_OK;
}

/* the Newton step on the smooth part by CHOLMOD, K's factor kept while K is; K not positive
 * definite: an error in a linear model, a cutback in a nonlinear one */
static int chol_step(static_run *S, int *act)
{
  run_state *R = &S->R;
  sn_static_info *info = S->info;
  int st;
  *act = NEXT;
  if (S->F_kid != S->K_id || !S->F_ok) {         /* the analysis of an earlier factor reused */
    double tf = sn_wtime();
    st = S->F_kid == S->K_id ? S->F_st : sn_chol_update(&S->F, S->K);   /* as it failed before */
    S->F_kid = S->K_id;
    S->F_ok = st == SN_OK;
    S->F_st = st;
    if (info) info->factor_seconds += sn_wtime() - tf;
    if (st) {
      if (st == SN_ERR_NOT_SPD && S->msg) {
        if (S->contact && S->cs.np == 0)   /* a body its contacts held, now without any */
          snprintf(S->msg, S->msglen, "line %d: step %d, increment %d: the stiffness matrix is singular: the contact pairs "
                   "hold no point at this iterate, and a body held by its contacts only has left them (it slid or lifted off: "
                   "likely a tangential load above mu times the normal load, or a load pulling it away; %d free degrees of freedom)",
                   S->sp->line, S->k + 1, S->inc + 1, R->neq);
        else
          snprintf(S->msg, S->msglen, "step %d: the stiffness matrix is singular or not positive definite: the model is not restrained against rigid motion, or an element is unusable (%d free degrees of freedom)", S->k + 1, R->neq);
      }
      if (S->linear || st != SN_ERR_NOT_SPD) return st;
      *act = STOP;                                     /* nonlinear: try a smaller increment */
      return SN_OK;
    }
    S->F_version = S->linear ? R->eq_version : -1;
  }
  double ts = sn_wtime();
  if ((st = sn_chol_solve(S->F, S->rhs, S->du))) return st;
  if (info) info->factor_seconds += sn_wtime() - ts;
  add_free(R, 1.0, S->du, S->u);
  if (info) info->newton_iterations++;
  return SN_OK;
}

/* the fronts of the stiffness' factor counted as dense work for OpenBLAS' threads: on this
 * machine class a 2D stiffness whose largest front has 759 rows (1.5e9 flops) lost 16 % on two
 * OpenBLAS threads, a 3D one with fronts to 1 032 rows gained (docs/threads.md) */
#define SN_BLAS_FRONT_ROWS 2000

/* sn_static_settings.blas_min_flops: once per run, at its first assembled stiffness, OpenBLAS
 * on one thread when the dense work is predicted below it: the flops of K's factor in fronts of
 * SN_BLAS_FRONT_ROWS rows or more (CHOLMOD's symbolic analysis) plus a dense factorization of
 * the contact rows at most (the reduced ADMM form's inverse: ndf rows per slave face or node of
 * the contact pairs, and per gap element). Smaller fronts are many small BLAS calls, where the
 * threaded calls and the spin of OpenBLAS' idle worker after them cost more than they give (the
 * bench Hertz decks, docs/threads.md). */
static void blas_by_size(static_run *S)
{
  if (S->blas_decided || !(S->s.blas_min_flops > 0) || S->s.threads < 2 || !S->K || S->split.on) return;
  S->blas_decided = 1;
  const sn_model *m = S->m;
  double rows = m->ngaps, fl = 0;
  for (int k = 0; k < m->npairs; k++) rows += m->surfaces[m->pairs[k].slave].n;
  rows *= m->ndf;
  if (sn_chol_predict_fronts(S->K, SN_BLAS_FRONT_ROWS, NULL, NULL, &fl)) return;
  fl += rows * rows * rows / 3.0;
  if (fl < S->s.blas_min_flops && !sn_set_openblas_threads(1)) S->blas_lowered = 1;
  if (S->info) {
    S->info->predicted_flops = fl;
    S->info->blas_threads_lowered = S->blas_lowered;
  }
}

/* one Newton iteration, phase after phase until one decides what comes next */
static int iteration(static_run *S, int *act)
{
  int st;
  if ((st = assemble(S))) {
    /* a neo-Hookean point turned inside out (J <= 0) by the iterate: a smaller increment */
    if (st == SN_ERR_FORMAT && !S->linear) { *act = STOP; return SN_OK; }
    return st;
  }
  blas_by_size(S);
  residual(S);
  if ((st = penalty_safeguards(S, act)) || *act != GO) return st;
  converge(S, act);
  if (*act != GO) return SN_OK;
  *act = STOP;
  if (S->it == S->maxit) return SN_OK;
  if (S->R.neq == 0) { S->conv = 1; return SN_OK; }
  if (S->pen) return penalty_step(S, act);
  if (S->contact && ((st = contact_step(S, act)) || *act != GO)) return st;
  /* decided at the step's first solve that has K (a step's first iteration may reuse the last
   * step's K: need_K 0); undecided (-1) is not CG */
  if (S->use_cg < 0 && S->K) choose_solver(S);
  if (S->use_cg > 0) {
    *act = NEXT;
    return cg_step(S);
  }
  return chol_step(S, act);
}

int sn_static_newton(static_run *S)
{
  for (; S->it <= S->maxit; S->it++) {
    int act = GO, st = iteration(S, &act);
    if (st) return st;
    if (act == STOP) break;
  }
  return SN_OK;
}
