/* Local frictional contact by its convex relaxation, exact when no contact slides.
 *
 * The cone complementarity problem of M. Anitescu, "Optimization-based simulation of nonsmooth
 * rigid multibody dynamics", Math. Program. 105 (2006) 113-143, and M. Anitescu, A. Tasora, "An
 * iterative approach for cone complementarity problems for nonsmooth dynamics", Comput. Optim.
 * Appl. 47 (2010) 207-235: the SOCLCP of sn_fc_to_soclcp with the De Saxce term 0, r in the
 * Coulomb cone K, u = W r + q in its dual K*, r . u = 0 (the optimality conditions of the convex
 * minimum of 1/2 r.W r + q.r over the cones). Where every contact either sticks (u = 0) or is
 * open (r = 0), u_hat = u + mu |u_T| e_N satisfies the same conditions, so such a solution of the
 * relaxation solves Coulomb's law exactly; u is the same at every minimizer, so the relaxation
 * finds it whenever the frictional problem has a solution without sliding (a pile at rest:
 * docs/solvers.md, "Large 2D piles of discs"). Where some contact must slide, the relaxation's
 * minimum separates it (u_N = mu |u_T| > 0) and its error stays at that level: the solver then
 * stops, SN_STALLED.
 *
 * The relaxation is solved by the registry's accelerated primal-dual method (sn_soclcp_pd) in
 * rounds, each from the caller's r (pd's steps are balanced by the size of its start: from a
 * previous round's iterate it stalled where a restart from zero converged), to its own relative
 * residual 1e-5, 1e-6, min(1e-6, 1e-2 tol), max(1e-4 tol, 1e-14), a round skipped when pd's
 * last one already got below its tolerance, until sn_fc_error <= tol. Measured on 2D piles of
 * 1 800 - 7 200 contacts (docs/solvers.md, "Piles at rest"): from 1e-5 to 1e-6 the error falls
 * 6-80 fold on piles at rest and by at most 10 % on piles where some disc must slide, whose
 * error then stays at 8e-5 - 4e-4 however tight the tolerance. So at the first round in which
 * pd got five times below round 0's residual, the solver stops (SN_STALLED, or what the verdict
 * makes of it) when the error is above both half of round 0's and 100 tol: near a solution
 * without sliding the error may sit at pd's tolerance on small problems, and the later rounds
 * then finish it. It also stops after the last round, or where pd stops short of its tolerance.
 * The r returned is the best of the start and the rounds. An iteration is one pd step (max_iter
 * caps them all; the progress callback sees them, numbered over all rounds, with pd's residual);
 * the history holds the error after each round. */
#include "signorini/solver.h"
#include "solver/verdict.h"
#include "common/relay.h"

#include <math.h>
#include <stdlib.h>

int sn_fc_ccp(const sn_fc *P, double *r, double *u, const sn_settings *s, sn_info *info)
{
  if (!P || !r || !u) return SN_ERR_ARG;
  sn_settings def;
  if (!s) { sn_settings_default(&def); s = &def; }
  int st = sn_fc_check(P, NULL, 0);
  if (st) return st;
  if (s->options && *s->options) return SN_ERR_UNKNOWN;    /* ccp takes no options */
  double t0 = sn_wtime();
  if (info) sn_info_reset(info);
  int n = P->dim * P->nc;
  sn_soclcp *S = NULL;
  double *x = calloc((size_t)n + 1, sizeof(double)), *y = calloc((size_t)n + 1, sizeof(double));
  double *x0 = calloc((size_t)n + 1, sizeof(double)), *best = calloc((size_t)n + 1, sizeof(double));
  if (!x || !y || !x0 || !best || (st = sn_fc_to_soclcp(P, NULL, &S)) != SN_OK) {
    if (!st) st = SN_ERR_NOMEM;
    if (info) info->status = st;
    goto done;
  }
  for (int i = 0; i < n; i++)
    if (!isfinite(r[i])) r[i] = 0.0;                      /* a NaN warm start is no start */
  sn_soclcp_r_to_x(P, r, x0);
  sn_copy(n, r, best);
  double err = sn_fc_error(P, r, NULL), best_err = err;
  const double itol[4] = {1e-5, 1e-6, fmin(1e-6, 1e-2 * s->tol), fmax(1e-4 * s->tol, 1e-14)};
  double e0 = INFINITY, a0 = INFINITY, achieved = INFINITY;   /* round 0's errors; pd's last */
  int used = 0, rounds = 0, decided = 0;
  sn_settings in = *s, rs = *s;
  in.progress = NULL;
  sn_relay R;                                             /* pd's steps, over all rounds */
  sn_relay_init(&R, s, &in);
  rs.progress = NULL;                                     /* the rounds: history only */
  st = SN_STALLED;
  for (int k = 0; k < 4 && !(best_err <= s->tol); k++) {
    if (!(itol[k] < achieved)) continue;                  /* pd is there already: same result */
    in.max_iter = s->max_iter - used;
    if (in.max_iter <= 0) { st = SN_MAX_ITER; break; }
    in.tol = itol[k];
    if (s->time_limit > 0) {
      in.time_limit = s->time_limit - (sn_wtime() - t0);
      if (in.time_limit <= 0) { st = SN_TIME_LIMIT; break; }
    }
    sn_copy(n, x0, x);
    sn_info ii = {0};
    R.offset = used;
    int sti = sn_soclcp_pd(S, x, y, &in, &ii);
    if (sti < 0) { st = sti; break; }
    used += ii.iterations;
    achieved = ii.error;
    sn_soclcp_x_to_r(P, x, r);
    err = sn_fc_error(P, r, NULL);
    if (!(err >= 0)) { st = SN_ERR_NAN; break; }
    if (err < best_err) { best_err = err; sn_copy(n, r, best); }
    int rec = sn_info_record(info, &rs, ++rounds, err, t0);
    if (best_err <= s->tol) break;
    if (rec) { st = rec; break; }
    if (sti != SN_OK) { st = sti; break; }                /* pd's cap, time or stall */
    if (k == 0) { e0 = err; a0 = achieved; continue; }
    if (!decided && achieved <= 0.2 * a0) {               /* pd five times tighter than round 0 */
      decided = 1;
      if (!(err <= fmax(0.5 * e0, 100.0 * s->tol))) break;   /* a contact slides: SN_STALLED */
    }
  }
  if (best_err <= s->tol) st = SN_OK;
  sn_copy(n, best, r);
  err = best_err;
  sn_copy(n, P->q, u);
  sn_csc_gemv(P->W, 1.0, r, 1.0, u);
  if (info) {
    info->status = st;
    info->iterations = used;
    info->error = err;
    info->seconds = sn_wtime() - t0;
  }
  st = sn_fc_verdict(P, r, s, st, "ccp", info);
done:
  sn_soclcp_free(S);
  free(x);
  free(y);
  free(x0);
  free(best);
  return st;
}
