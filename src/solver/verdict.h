/* Internal: the final verdict every frictional-contact solver passes its result through. */
#ifndef SN_SOLVER_VERDICT_H
#define SN_SOLVER_VERDICT_H

#include "signorini/solver.h"

/* Measure r (sn_fc_measures / sn_gfc_measures at s->tol), store the absolute measures, the
 * solver's name and a one-entry tried list in info, and return the honest status: st when
 * st < 0 or the result is accepted; SN_DIVERGED when it is not accepted and diverging (also
 * after SN_ERR_NAN, an overflow of the iterates, when r shows the divergence);
 * SN_STALLED when a solver said SN_OK on a result that fails the absolute rule otherwise.
 * info->status is set to the returned status. */
int sn_fc_verdict(const sn_fc *P, const double *r, const sn_settings *s, int st, const char *name,
                  sn_info *info);
/* the same with the measures of r at s->tol already taken (m; NULL: taken here): a solver whose
 * convergence test ran sn_fc_measures on the r it returns does not measure it twice */
int sn_fc_verdict_m(const sn_fc *P, const double *r, const sn_settings *s, int st, const char *name,
                    sn_info *info, const sn_fc_meas *m);
int sn_gfc_verdict(const sn_gfc *P, const double *r, const double *v, const sn_settings *s, int st,
                   const char *name, sn_info *info);
/* the same for a problem whose M the caller holds in part: M's diagonal dm and M v given
 * (sn_gfc_measures_mv; NULL: from P->M) */
int sn_gfc_verdict_mv(const sn_gfc *P, const double *r, const double *v, const sn_settings *s, int st,
                      const char *name, sn_info *info, const double *dm, const double *Mv);

/* The iterate's size over the second half of a solve. A result not accepted is SN_DIVERGED when
 * its cancellation bound | |W| |r| | exceeds |q| / sqrt(tol) (sn_fc_measures): r grown along a
 * direction W does not see. Under a mass ratio a solution itself has that (the heavy body's
 * weight carried through a light one: |W| |r| far above |W r|; docs/solvers.md, "Absolute
 * acceptance and mass ratios"). What tells them apart is the trend: the iterates of a problem
 * without a solution keep growing, those of a solvable one that the cap stopped do not. A solver
 * calls sn_trend_note at each iteration k (1-based) with its running iterate x, sn_trend_spoil
 * where it restarts or drops steps (the size then says nothing), and sn_trend_bounded at the
 * end: 1 when the cap is at least SN_TREND_MIN_ITER, nothing was spoiled after half the cap, |x|
 * at the end is at most 10 % above |x| at half the cap and grew no faster in the last quarter
 * than in the third. Linear growth (a problem without a solution: the iterates drift by a fixed
 * step) and growth like sqrt(k) fail it. Very slow growth (k^0.1, log k) passes: such a run is
 * then labelled SN_MAX_ITER ("not solved within the cap"), which claims less than SN_DIVERGED. */
#define SN_TREND_MIN_ITER 100
typedef struct {
  double half, three4;   /* |x| at k = max_iter / 2 and 3 max_iter / 4 */
  int have, have3, spoiled;
} sn_trend;
void sn_trend_note(sn_trend *t, int k, int max_iter, int n, const double *x);
void sn_trend_spoil(sn_trend *t);
int sn_trend_bounded(const sn_trend *t, int max_iter, int n, const double *x);
/* sn_fc_verdict for a solver that reports its trend: a result that stopped at the cap
 * (SN_MAX_ITER) with bounded iterates, finite, its relative error above tol and no contact
 * certified stuck, stays SN_MAX_ITER where the cancellation bound alone would make it
 * SN_DIVERGED */
int sn_fc_verdict_trend(const sn_fc *P, const double *r, const sn_settings *s, int st, const char *name,
                        sn_info *info, int bounded);

/* sn_fc_via_soclcp (solver.h) with the name its verdict gives the result (info->solver and
 * tried[0]): the registry name of the wrapper (socsmooth, socipm, socpd) */
int sn_fc_via_soclcp_named(const sn_fc *P, sn_soclcp_solver_fn inner, const char *name, double *r,
                           double *u, const sn_settings *s, sn_info *info);

/* info->solver = name and a one-entry tried list from info's status, iterations, error, time */
void sn_info_named(sn_info *info, const char *name, int st);

#endif
