/* The solver registry: one constant table, solvers chosen by name. */
#include "signorini/solver.h"
#include "solver/fc_refine.h"
#include "solver/verdict.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* name, kind, dims, summary, functions, what suits it, what one iteration (max_iter) is */
static const sn_solver_entry registry[] = {
    {"auto", "any", 4 | 8, "automatic choice by kind, dimension and size, with fallback (the default)",
     NULL, NULL, NULL, NULL, "any problem: tries the solvers below in a measured order",
     "a Newton step of its budget over all attempts (a step of apgd, ccp or rest: 1/40)"},
    {"lemke", "lcp", 0, "Lemke's complementary pivoting (lexicographic, ray termination reported)",
     sn_lcp_lemke, NULL, NULL, NULL, "small and medium LCPs, exact", "one pivot"},
    {"enum", "lcp", 0, "complete enumeration of the complementary bases (n <= 20)", sn_lcp_enum, NULL,
     NULL, NULL, "tiny LCPs on which Lemke ends on a ray (bimatrix games)", "one basis"},
    {"pgs", "lcp", 0, "projected Gauss-Seidel / PSOR (option omega=)", sn_lcp_pgs, NULL, NULL, NULL,
     "large LCPs with a positive diagonal", "one sweep"},
    {"nsgs", "fc", 4 | 8, "nonsmooth Gauss-Seidel over contacts (local=proj|ac|hybrid, omega=, shuffle=, order=rows|colour|jacobi, blocks=: colour sweeps contacts of a colour, jacobi blocks of contacts, on the threads)",
     NULL, sn_fc_nsgs, NULL, NULL, "robust first try, cheap per iteration; slow to high accuracy",
     "one sweep over the contacts"},
    {"prox", "fc", 4 | 8, "accelerated proximal point, inner NSGS (inner=nsgs), or extragradient with self-adaptive step (inner=fp)",
     NULL, sn_fc_prox, NULL, NULL, "ill-conditioned W (rank-deficient, redundant contacts)",
     "one proximal (outer) step"},
    {"apgd", "fc", 4 | 8, "accelerated projected gradient, Nesterov momentum, adaptive restart",
     NULL, sn_fc_apgd, NULL, NULL, "very large problems at moderate accuracy", "one gradient step"},
    {"admm_w", "fc", 4 | 8, "ADMM on W (De Saxce term each step, one factorization of W + rho D per rho, Anderson acceleration)",
     NULL, sn_fc_admm_w, NULL, NULL, "small and loosely coupled problems; first order: thousands of steps on stacks and capsule piles",
     "one ADMM step"},
    {"lemke2d", "fc", 4, "2D frictional contact as an LCP, solved by Lemke", NULL, sn_fc2d_lemke, NULL, NULL,
     "small 2D problems, exact", "one pivot"},
    {"nsn_ac", "fc", 12, "semismooth Newton, Alart-Curnier, sparse Jacobian (UMFPACK), NSGS safeguard",
     NULL, sn_fc_nsn_ac, NULL, NULL, "3D problems and 2D piles of hundreds of contacts to high accuracy (fast local convergence)",
     "one Newton step"},
    {"nsn_fb", "fc", 8, "semismooth Newton, Fischer-Burmeister (Jordan algebra), NSGS safeguard",
     NULL, sn_fc_nsn_fb, NULL, NULL, "3D problems to high accuracy, alternative to nsn_ac", "one Newton step"},
    {"poly", "fc", 4 | 8, "polyhedral friction cone (k= facets, inscribed) as an LCP, solved by Lemke",
     NULL, sn_fc_poly, NULL, NULL, "small problems, approximate cone", "one pivot"},
    {"socsmooth", "fc", 4 | 8, "SOCLCP form (fixed point on the De Saxce term), smoothing-regularization Newton",
     NULL, sn_fc_socsmooth, NULL, NULL, "small to medium problems, comparison", "one fixed-point update"},
    {"socipm", "fc", 4 | 8, "SOCLCP form (fixed point on the De Saxce term), primal-dual interior point",
     NULL, sn_fc_socipm, NULL, NULL, "small to medium problems, comparison", "one fixed-point update"},
    {"socpd", "fc", 4 | 8, "SOCLCP form (fixed point on the De Saxce term), accelerated primal-dual first order",
     NULL, sn_fc_socpd, NULL, NULL, "small to medium problems, comparison", "one fixed-point update"},
    {"ccp", "fc", 4 | 8, "cone complementarity relaxation (De Saxce term 0, a convex SOCLCP solved by pd): exact when no contact slides",
     NULL, sn_fc_ccp, NULL, NULL, "piles and stacks at rest (every contact sticking or open); stops early where a contact slides",
     "one first-order step of pd"},
    {"rest", "fc", 4 | 8, "alternating projections between the cones and the set W r + q = 0 (every contact at rest; dense factorization, up to 3000 rows)",
     NULL, sn_fc_rest, NULL, NULL, "stacks and piles at rest, whatever the mass ratio; stops at once where some contact must slide or separate",
     "one projection onto that set and one onto the cones"},
    {"socmix", "fc", 4 | 8, "exact SOCMLCP form (one extra variable per contact, no fixed point), smoothing-regularization Newton",
     NULL, sn_fc_socmix, NULL, NULL, "2D and 3D to high accuracy where Newton on Alart-Curnier fails",
     "one Newton step"},
    {"ipm", "soclcp", 0, "primal-dual interior point, Nesterov-Todd scaling, Mehrotra predictor-corrector",
     NULL, NULL, sn_soclcp_ipm, NULL, "SOCLCPs to high accuracy", "one Newton step"},
    {"pd", "soclcp", 0, "accelerated primal-dual first-order method (Kanno 2021)", NULL, NULL, sn_soclcp_pd, NULL,
     "large SOCLCPs at moderate accuracy", "one first-order step"},
    {"smooth", "soclcp", 0, "combined smoothing and regularization Newton (Hayashi-Yamashita-Fukushima)",
     NULL, NULL, sn_soclcp_smooth, NULL, "SOCLCPs to high accuracy", "one Newton step"},
    {"admm", "gfc", 4 | 8, "global problem without forming W: ADMM on one factorization of M + rho H H^T",
     NULL, NULL, NULL, sn_gfc_admm, "large global problems, moderate accuracy", "one ADMM step"},
    {"socmixg", "gfc", 4 | 8, "global problem as an exact SOCMLCP (no W formed), smoothing-regularization Newton",
     NULL, NULL, NULL, sn_gfc_socmix, "global problems to high accuracy", "one Newton step"},
    {NULL, NULL, 0, NULL, NULL, NULL, NULL, NULL, NULL, NULL}};

const sn_solver_entry *sn_solvers(void) { return registry; }

const sn_solver_entry *sn_solver_find(const char *name)
{
  if (!name) return NULL;
  for (const sn_solver_entry *e = registry; e->name; e++)
    if (!strcmp(e->name, name)) return e;
  return NULL;
}

int sn_lcp_solve(const sn_lcp *P, const char *solver, double *z, double *w, const sn_settings *s,
                 sn_info *info)
{
  if (solver && !strcmp(solver, "auto")) return sn_lcp_auto(P, z, w, s, info);
  const sn_solver_entry *e = sn_solver_find(solver);
  if (!e || !e->lcp) return SN_ERR_UNKNOWN;
  int st = e->lcp(P, z, w, s, info);
  sn_info_named(info, e->name, st);
  return st;
}

int sn_fc_solve(const sn_fc *P, const char *solver, double *r, double *u, const sn_settings *s,
                sn_info *info)
{
  if (solver && !strcmp(solver, "auto")) return sn_fc_auto(P, r, u, s, info);
  const sn_solver_entry *e = sn_solver_find(solver);
  if (!P || !e || !e->fc || !(e->dims & (1 << P->dim))) return SN_ERR_UNKNOWN;
  sn_settings def;
  if (!s) { sn_settings_default(&def); s = &def; }
  sn_info own = {0};
  sn_info *I = info ? info : &own;
  int st = e->fc(P, r, u, s, I);
  /* met the relative tolerance, refused by the absolute rule (a huge mass ratio): refined */
  if (st == SN_DIVERGED) st = sn_fc_refine(P, e, r, u, s, I, st);
  return st;
}

int sn_soclcp_solve(const sn_soclcp *P, const char *solver, double *x, double *y,
                    const sn_settings *s, sn_info *info)
{
  const sn_solver_entry *e = sn_solver_find(solver);
  if (!e || !e->soclcp) return SN_ERR_UNKNOWN;
  int st = e->soclcp(P, x, y, s, info);
  sn_info_named(info, e->name, st);
  return st;
}

/* direct global solver, or condensation + local solver + velocity recovery */
int sn_gfc_solve(const sn_gfc *P, const char *solver, double *r, double *v, const sn_settings *s,
                 sn_info *info)
{
  if (solver && !strcmp(solver, "auto")) return sn_gfc_auto(P, r, v, s, info);
  const sn_solver_entry *e = sn_solver_find(solver);
  if (!P || !e || (!e->gfc && !(e->fc && (e->dims & (1 << P->dim))))) return SN_ERR_UNKNOWN;
  if (e->gfc) return e->gfc(P, r, v, s, info);
  sn_settings def;
  if (!s) { sn_settings_default(&def); s = &def; }
  double t0 = sn_wtime();
  sn_fc *L;
  int st = sn_gfc_to_fc(P, &L);
  if (st) return st;
  if (s->time_limit > 0 && sn_wtime() - t0 > s->time_limit) {   /* the reduction used it all */
    sn_fc_free(L);
    if (info) { info->status = SN_TIME_LIMIT; info->seconds = sn_wtime() - t0; }
    return SN_TIME_LIMIT;
  }
  int n = P->dim * P->nc, its = 0;
  double *u = malloc(sizeof(double) * (size_t)(n > 0 ? n : 1));
  if (!u) { sn_fc_free(L); return SN_ERR_NOMEM; }
  /* the local tolerance is tightened (warm start) until the global error meets tol */
  sn_settings ls = *s;
  double err = NAN;
  for (int pass = 0; pass < 4; pass++) {
    ls.max_iter = s->max_iter - its;   /* and of the iterations: max_iter caps their total */
    if (ls.max_iter <= 0) { st = SN_MAX_ITER; break; }
    if (s->time_limit > 0) {   /* each pass gets what is left of the time limit */
      ls.time_limit = s->time_limit - (sn_wtime() - t0);
      if (ls.time_limit <= 0) { st = SN_TIME_LIMIT; break; }
    }
    st = e->fc(L, r, u, &ls, info);
    /* met the relative tolerance, refused by the absolute rule: refined, as sn_fc_solve does
     * (the condensed problem of M and f scaled by 1e6 has r 1e6 times larger: the relative
     * error met tol at a penetration of 0.02 m/s) */
    if (st == SN_DIVERGED && info) st = sn_fc_refine(L, e, r, u, &ls, info, st);
    if (info) its += info->iterations;
    if (st < 0) break;
    int sv = sn_gfc_velocity(P, r, v);
    if (sv) { st = sv; break; }
    err = sn_gfc_error(P, r, v, NULL, NULL, NULL);
    if (st != SN_OK || err <= s->tol) break;
    ls.tol *= 0.1;
  }
  if (st == SN_OK && !(err <= s->tol)) st = SN_STALLED;
  free(u);
  sn_fc_free(L);
  if (info && st >= 0) {
    info->status = st;
    info->iterations = its;
    info->error = err;
    info->seconds = sn_wtime() - t0;
  }
  return sn_gfc_verdict(P, r, v, s, st, e->name, info);
}
