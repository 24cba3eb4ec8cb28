/* Internal: the final status of the automatic solver (auto.c), apart so that it can be tested
 * on its own (tests/solver/test_auto_outcome.c). */
#ifndef SN_SOLVER_AUTO_INTERNAL_H
#define SN_SOLVER_AUTO_INTERNAL_H

#include "signorini/solver.h"

/* The status auto returns after its attempts. last: the status that ended the loop (SN_OK when
 * an attempt succeeded, else the last attempt's or the budget's); best: the status of the best
 * attempt that did not diverge (sn_auto_better among those), else of the best one, have_best
 * whether one left a finite result; nres: attempts that returned a result (status >= 0), ndiv:
 * those that diverged; stuck: the data certify infeasibility (a contact no reaction can stop).
 * SN_OK if last is; SN_DIVERGED ("no solution found: the problem may be infeasible") only when
 * stuck or every attempt that returned a result diverged; else best (have_best) or last. One
 * diverged attempt followed by one stopped at the iteration cap near the solution is the
 * latter's SN_MAX_ITER: the problem is not shown infeasible. */
int sn_auto_outcome(int last, int best, int have_best, int nres, int ndiv, int stuck);

/* Whether an attempt's result (status st, relative error err, absolute residual res) is better
 * than the best kept so far (best_st, best_err, best_res; best_err = INFINITY: none yet): a
 * success always; else, where both absolute residuals are finite, the lower one (the same
 * problem, so the same scale: the relative error divides by max(|q|, |r|, |u|), which a
 * reaction grown along a direction W hardly sees deflates, and a SN_DIVERGED label can be the
 * mass ratio's, not the problem's: docs/solvers.md); else the lower relative error, a
 * diverged result only over another diverged one or none. A result with st < 0 never is. */
int sn_auto_better(int st, double err, double res, int best_st, double best_err, double best_res);

/* The returned result where no attempt succeeded: the best attempt that did not diverge, unless
 * the best one labelled SN_DIVERGED has a lower absolute residual (dv_res < nd_res, both finite)
 * and a relative error that still misses tol (dv_err > tol). A diverged label with the relative
 * error met is the one a grown reaction earns (the relative error divides by |r|): two contacts
 * whose normal velocities sum to -0.5 whatever r, nsn_ac's reaction grown to |r| = 6.8e7, its
 * relative error 5.2e-9, are not returned over nsgs' |r| = 142 (test_auto_outcome). A mass
 * ratio labels a sound iterate diverged with the relative error missed: the 27-box stack of 1 kg
 * and 1e6 kg layers, socmix 2.8e-6 (absolute residual 0.020) over nsn_ac's 4.7e-3 (0.040), which
 * carries none of the heavy weight (docs/solvers.md). Returns 1 when the diverged one is
 * returned (with the other's status). */
int sn_auto_prefer_diverged(double dv_err, double dv_res, double nd_res, double tol);

#endif
