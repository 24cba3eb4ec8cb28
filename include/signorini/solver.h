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

typedef struct {
  const char *name;         /* e.g. "nsgs", "lemke" */
  const char *kind;         /* "lcp" or "fc" */
  int dims;                 /* for fc: bit 2 = 2D supported, bit 3 = 3D supported (4|8) */
  const char *summary;      /* one line */
  sn_lcp_solver_fn lcp;
  sn_fc_solver_fn fc;
} sn_solver_entry;

/* The registry: a NULL-name-terminated constant table. */
const sn_solver_entry *sn_solvers(void);
const sn_solver_entry *sn_solver_find(const char *name);

/* Solve by name (SN_ERR_UNKNOWN if no such solver or it does not fit the problem). */
int sn_lcp_solve(const sn_lcp *P, const char *solver, double *z, double *w, const sn_settings *s,
                 sn_info *info);
int sn_fc_solve(const sn_fc *P, const char *solver, double *r, double *u, const sn_settings *s,
                sn_info *info);

/* ---- the solvers (each also in the registry) ---- */
/* Lemke: covering vector 1, lexicographic ratio test; pivot cap max(max_iter, 10 n + 100);
 * the per-pivot "error" passed to the progress callback and history is the artificial z0 */
int sn_lcp_lemke(const sn_lcp *P, double *z, double *w, const sn_settings *s, sn_info *info);
int sn_lcp_pgs(const sn_lcp *P, double *z, double *w, const sn_settings *s, sn_info *info);
/* options: "omega=1.0" over-relaxation (PSOR) */

int sn_fc_nsgs(const sn_fc *P, double *r, double *u, const sn_settings *s, sn_info *info);
/* options: "local=proj|ac|hybrid" (default hybrid: Alart-Curnier Newton with projection
 *          fallback in 3D, exact enumeration in 2D), "omega=1", "shuffle=0|1", "seed=N",
 *          "rho=", "local_tol=", "local_iter=", "stall=1000" (sweeps without a new best error
 *          before switching to shuffled order, then halving omega; 0 turns it off) */
int sn_fc_prox(const sn_fc *P, double *r, double *u, const sn_settings *s, sn_info *info);
int sn_fc_apgd(const sn_fc *P, double *r, double *u, const sn_settings *s, sn_info *info);
int sn_fc2d_lemke(const sn_fc *P, double *r, double *u, const sn_settings *s, sn_info *info);

#ifdef __cplusplus
}
#endif
#endif
