/* signorini solvers: one registry, chosen by name, one settings/info convention (common.h).
 * Every solver is warm-started from the arrays passed in (r, u or z), honours tol, max_iter
 * and time_limit, and never returns NaN: failure is a status. On return r (z) holds the best
 * iterate and u (w) the matching W r + q. */
#ifndef SIGNORINI_SOLVER_H
#define SIGNORINI_SOLVER_H

#include "signorini/problem.h"

#ifdef __cplusplus
extern "C" {
#endif

/* LCP solvers: z (in/out, warm start), w (out) */
typedef int (*sn_lcp_solver_fn)(const sn_lcp *P, double *z, double *w, const sn_settings *s,
                                sn_info *info);
/* local frictional contact solvers: r (in/out, warm start), u (out) */
typedef int (*sn_fc_solver_fn)(const sn_fc *P, double *r, double *u, const sn_settings *s,
                               sn_info *info);

/* SOCLCP solvers: x (in/out, warm start), y (out) */
typedef int (*sn_soclcp_solver_fn)(const sn_soclcp *P, double *x, double *y, const sn_settings *s,
                                   sn_info *info);
/* global frictional contact solvers working on (M, H, f, w, mu) directly: r, v (in/out) */
typedef int (*sn_gfc_solver_fn)(const sn_gfc *P, double *r, double *v, const sn_settings *s,
                                sn_info *info);

typedef struct {
  const char *name;         /* e.g. "nsgs", "lemke" */
  const char *kind;         /* "lcp", "fc", "soclcp" or "gfc" */
  int dims;                 /* for fc: bit 2 = 2D supported, bit 3 = 3D supported (4|8) */
  const char *summary;      /* one line */
  sn_lcp_solver_fn lcp;
  sn_fc_solver_fn fc;
  sn_soclcp_solver_fn soclcp;
  sn_gfc_solver_fn gfc;
  const char *suits;        /* which problems it suits, one line */
  const char *iteration;    /* what one iteration (the unit of max_iter) is */
} sn_solver_entry;

/* The registry: a NULL-name-terminated constant table. */
const sn_solver_entry *sn_solvers(void);
const sn_solver_entry *sn_solver_find(const char *name);

/* Solve by name (SN_ERR_UNKNOWN if no such solver or it does not fit the problem).
 * The name "auto" (the registry's first entry, kind "any", no function) chooses: see
 * sn_fc_auto. Every frictional-contact solver ends with the absolute acceptance rule of
 * sn_fc_measures (problem.h): SN_OK only when the result is honest in absolute terms, and
 * SN_DIVERGED when the reaction grew without bound; info->abs_residual, penetration and
 * cone_violation report the measures, info->solver the name. */
int sn_lcp_solve(const sn_lcp *P, const char *solver, double *z, double *w, const sn_settings *s,
                 sn_info *info);
int sn_fc_solve(const sn_fc *P, const char *solver, double *r, double *u, const sn_settings *s,
                sn_info *info);
int sn_soclcp_solve(const sn_soclcp *P, const char *solver, double *x, double *y,
                    const sn_settings *s, sn_info *info);
/* global problems: a "gfc" solver directly, or any "fc" solver on the condensed problem
 * (W = H^T M^-1 H, v recovered); info->error is then the global error (sn_gfc_error). */
int sn_gfc_solve(const sn_gfc *P, const char *solver, double *r, double *v, const sn_settings *s,
                 sn_info *info);

/* auto's budget (s->max_iter) counts Newton steps; an iteration of apgd, ccp or rest (a product
 * with W, or two with an n x rank matrix, and a projection) counts as 1 / SN_AUTO_CHEAP_STEPS
 * of one (docs/solvers.md, "auto's budget"): at most max_iter * SN_AUTO_CHEAP_STEPS iterations
 * in all, which sizes a history. */
#define SN_AUTO_CHEAP_STEPS 40

/* The automatic solver: an ordered list of solvers (local 3D: nsn_ac, nsn_fb, socmix, nsgs,
 * prox, with nsgs first on a dense W and apgd then rest first on a crowded one (more than 600
 * rows, at least 100 nonzeros a row: bodies with many contacts each; rest up to 3 000 rows);
 * local 2D: lemke2d when dim nc <= 400, ccp and apgd when dim nc > 1000, nsn_ac, nsgs, socmix,
 * prox; global: nsn_ac on the condensed problem (3D), socmixg, admm, nsgs condensed; with equality constraints admm only;
 * LCP: lemke, pgs, enum (n <= 20)), tried in order until one returns SN_OK. All attempts share one budget:
 * s->max_iter counts Newton steps: an attempt but the last gets at most max(100, max_iter / 5)
 * of it (ccp: max_iter / 2), the last keeps at least max_iter / 5, and an iteration of apgd,
 * ccp or rest counts as 1 / SN_AUTO_CHEAP_STEPS of one; s->time_limit is the total time (each attempt
 * gets what is left); info->iterations sums the attempts' own iterations. Each attempt starts
 * from the best finite iterate so far of an attempt that did not diverge, the first from the
 * caller's r (z). info->solver names the solver that succeeded (NULL if none),
 * info->tried[0 .. ntried) every attempt with its status, iterations, error and time. On
 * failure r holds the best attempt that did not diverge (the lowest absolute residual, else
 * relative error), a diverged one only where no other left a finite error, info->error and the
 * residuals those of the r returned; the status is SN_TIME_LIMIT when s->time_limit ended the
 * list (unless a contact is stuck), SN_DIVERGED only
 * if every attempt that returned a result diverged or the data certify infeasibility (a stuck
 * contact, sn_fc_measures), else the status of the attempt returned (e.g. SN_MAX_ITER near
 * the solution after another attempt diverged). No solver options
 * (SN_ERR_UNKNOWN, also in info->status, if s->options is set). */
int sn_fc_auto(const sn_fc *P, double *r, double *u, const sn_settings *s, sn_info *info);
int sn_gfc_auto(const sn_gfc *P, double *r, double *v, const sn_settings *s, sn_info *info);
int sn_lcp_auto(const sn_lcp *P, double *z, double *w, const sn_settings *s, sn_info *info);

/* ---- the solvers (each also in the registry) ----
 * s->max_iter caps OUTER iterations, the same unit for all; each entry below and the
 * registry's `iteration` field say what one is; info->iterations counts the same unit. */
/* Lemke: covering vector 1, lexicographic ratio test; an iteration is a pivot, at most max_iter;
 * the per-pivot "error" passed to the progress callback and history is the artificial z0 */
int sn_lcp_lemke(const sn_lcp *P, double *z, double *w, const sn_settings *s, sn_info *info);
int sn_lcp_pgs(const sn_lcp *P, double *z, double *w, const sn_settings *s, sn_info *info);
/* complete enumeration of the complementary bases for n <= 20 (SN_ERR_ARG beyond), smallest
 * bases first; an iteration is one basis; every basis tried without a solution: SN_STALLED */
int sn_lcp_enum(const sn_lcp *P, double *z, double *w, const sn_settings *s, sn_info *info);
/* PGS: an iteration is one sweep; options: "omega=1.0" over-relaxation (PSOR) */

/* NSGS: an iteration is one sweep over the contacts; options: */
int sn_fc_nsgs(const sn_fc *P, double *r, double *u, const sn_settings *s, sn_info *info);
/* options: "local=proj|ac|hybrid" (default hybrid: Alart-Curnier Newton with projection
 *          fallback in 3D, exact enumeration in 2D), "omega=1", "shuffle=0|1", "seed=N",
 *          "rho=", "local_tol=", "local_iter=", "stall=1000" (sweeps without a new best error
 *          before switching to shuffled order, then halving omega; 0 turns it off) */
/* PROX: an iteration is one proximal step (its inner NSGS sweeps are not counted);
 * APGD: one gradient step; lemke2d: one Lemke pivot (at most max_iter) */
int sn_fc_prox(const sn_fc *P, double *r, double *u, const sn_settings *s, sn_info *info);
int sn_fc_apgd(const sn_fc *P, double *r, double *u, const sn_settings *s, sn_info *info);
int sn_fc2d_lemke(const sn_fc *P, double *r, double *u, const sn_settings *s, sn_info *info);
/* ADMM on the local problem (W, q, mu) (fc_admm_w.c): at a fixed De Saxce term s the convex
 * program min 1/2 r'Wr + (q + s)'r over the Coulomb cones, split r = z, z in K (Boyd et al.
 * 2011), s updated from u = W z + q every step; one factorization of W + rho I (dense LAPACK up
 * to 60 rows, else CHOLMOD, or LU where W is not symmetric), rho balanced between the primal
 * and dual residuals, Anderson acceleration. 2D and 3D; an iteration is one ADMM step. Options:
 * "rho=" (initial penalty, default the mean diagonal of W), "adapt=1" (0: fixed rho),
 * "alpha=1" (relaxation, in (0, 2)), "aa=10" (Anderson memory, 0..50, 0: off), "scale=1"
 * (penalty per contact in proportion to its diagonal block of W; 0: the same for all),
 * "rho_min=1" (rho never below this fraction of its initial value), "linear=auto|dense|sparse". */
int sn_fc_admm_w(const sn_fc *P, double *r, double *u, const sn_settings *s, sn_info *info);

/* ---- second family: Newton, cone programming, polyhedral, global ---- */
/* semismooth Newton on the Alart-Curnier / Fischer-Burmeister formulation (3D local), sparse
 * generalized Jacobian by 3x3 blocks solved by UMFPACK, line search, NSGS safeguard; an
 * iteration is one Newton step (safeguard sweeps included as steps) */
int sn_fc_nsn_ac(const sn_fc *P, double *r, double *u, const sn_settings *s, sn_info *info);
int sn_fc_nsn_fb(const sn_fc *P, double *r, double *u, const sn_settings *s, sn_info *info);
/* SOCLCP solvers: combined smoothing and regularization Newton (Hayashi, Yamashita, Fukushima
 * 2005), primal-dual interior point (Nesterov-Todd scaling, Mehrotra predictor-corrector),
 * accelerated primal-dual first-order method (Kanno 2021, arXiv 2101.11763); an iteration is
 * one Newton step (smooth, ipm) or one first-order step (pd) */
int sn_soclcp_smooth(const sn_soclcp *P, double *x, double *y, const sn_settings *s, sn_info *info);
int sn_soclcp_ipm(const sn_soclcp *P, double *x, double *y, const sn_settings *s, sn_info *info);
int sn_soclcp_pd(const sn_soclcp *P, double *x, double *y, const sn_settings *s, sn_info *info);
/* SOCMLCP (problem.h): the same smoothing-regularization Newton with free variables (the
 * Tikhonov term eps acts on all of z, P_mu on the cone part only; sparse Jacobian, UMFPACK).
 * z (in/out, warm start, nf + n), y (out, nf + n): y = A z + a, the cone y at y + nf.
 * info->error = sn_socmlcp_error. Options: "mu0=", "eps0=" as sn_soclcp_smooth. */
int sn_socmlcp_smooth(const sn_socmlcp *P, double *z, double *y, const sn_settings *s, sn_info *info);
/* Local frictional contact through the exact SOCMLCP form (sn_fc_to_socmlcp, no fixed point):
 * r is rescaled internally (r' = c r, c the mean diagonal of W) so that both sides of every
 * cone are velocities; tolerance tightened (warm) until sn_fc_error <= tol; when Newton stalls
 * (the problem is not monotone) a few NSGS sweeps restart it. info->error = sn_fc_error, the
 * history that of the SOCMLCP residual. 2D and 3D. An iteration is one Newton step (over all
 * restarts; the few NSGS sweeps of a restart are not counted). */
int sn_fc_socmix(const sn_fc *P, double *r, double *u, const sn_settings *s, sn_info *info);
/* Global frictional contact through sn_gfc_to_socmlcp (W never formed), same strategy,
 * info->error = sn_gfc_error. neq > 0: SN_ERR_ARG. */
int sn_gfc_socmix(const sn_gfc *P, double *r, double *v, const sn_settings *s, sn_info *info);
/* Local frictional contact through its SOCLCP form: fixed-point outer loop on the De Saxce
 * term s = |u_T| around an SOCLCP solver (sn_fc_to_soclcp); the error is sn_fc_error.
 * s may be NULL (the defaults). An iteration is one fixed-point update (one SOCLCP solve, each
 * capped at max_iter of its own steps); info->iterations counts these outer updates. */
int sn_fc_via_soclcp(const sn_fc *P, sn_soclcp_solver_fn inner, double *r, double *u,
                     const sn_settings *s, sn_info *info);
int sn_fc_socsmooth(const sn_fc *P, double *r, double *u, const sn_settings *s, sn_info *info);
int sn_fc_socipm(const sn_fc *P, double *r, double *u, const sn_settings *s, sn_info *info);
int sn_fc_socpd(const sn_fc *P, double *r, double *u, const sn_settings *s, sn_info *info);
/* Local frictional contact by its convex relaxation (the cone complementarity problem of
 * Anitescu & Tasora: the SOCLCP of sn_fc_to_soclcp with the De Saxce term 0), solved by
 * sn_soclcp_pd in rounds of tightened tolerance until sn_fc_error <= tol: exact when the
 * problem has a solution in which no contact slides (every contact sticks or is open: bodies at
 * rest), which it then finds from any start, given pd's steps; otherwise it stops once pd is
 * five times tighter than its first round and the error has not followed (SN_STALLED, or what
 * the verdict makes of it). Returns the best round's r. 2D and 3D, no options; an iteration is
 * one pd step (the progress callback sees them). */
int sn_fc_ccp(const sn_fc *P, double *r, double *u, const sn_settings *s, sn_info *info);
/* Local frictional contact at rest (fc_rest.c): alternating projections between the Coulomb
 * cones and the affine set W r + q = 0 (every contact at rest), exact where the problem has a
 * solution with u = 0 on every contact (a stack or pile at rest), at a rate that does not depend
 * on the conditioning of W (huge mass ratios). W (its symmetric part) is factorized densely
 * (pivoted Cholesky, then QR of the factor): SN_ERR_ARG above SN_REST_MAX_ROWS rows. SN_STALLED
 * at once where q is not in the range of W, and where the distance to that set stops halving
 * (some contact must slide or separate). 2D and 3D, no options; an iteration is one pair of
 * projections. */
#define SN_REST_MAX_ROWS 3000
int sn_fc_rest(const sn_fc *P, double *r, double *u, const sn_settings *s, sn_info *info);
/* polyhedral friction cone with k facets ("k=8") as an LCP solved by Lemke (Stewart-Trinkle /
 * Anitescu-Potra); info->error is the standard measure against the true cone; an iteration is
 * one Lemke pivot, at most max_iter (large problems need max_iter >= about 10 (k+2) nc) */
int sn_fc_poly(const sn_fc *P, double *r, double *u, const sn_settings *s, sn_info *info);
/* global problem without forming W: ADMM with one factorization of the KKT system; an
 * iteration is one ADMM step */
int sn_gfc_admm(const sn_gfc *P, double *r, double *v, const sn_settings *s, sn_info *info);
/* The same with a state kept between calls (caller-owned): when M and H equal (entry by entry)
 * those of the call that filled the cache, the factorization of M + rho H H^T and the reduced
 * form carry over (an incremental analysis with a constant stiffness and contact Jacobian: one
 * solve per call instead of a factorization and n + 1 solves). cache NULL: sn_gfc_admm. The
 * option rho= bypasses the cache. */
typedef struct sn_admm_cache sn_admm_cache;
sn_admm_cache *sn_admm_cache_new(void);
void sn_admm_cache_free(sn_admm_cache *c);
void sn_admm_cache_stats(const sn_admm_cache *c, int *hits, int *misses);
/* the ADMM steps made by the trailing solves (reduce=2, or automatic above the inverse's block:
 * docs/solvers.md) over the cache's life */
long sn_admm_cache_trail_steps(const sn_admm_cache *c);
int sn_gfc_admm_cached(const sn_gfc *P, sn_admm_cache *cache, double *r, double *v,
                       const sn_settings *s, sn_info *info);

#ifdef __cplusplus
}
#endif
#endif
