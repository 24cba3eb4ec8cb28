/* Internal: the final status of the automatic solver (auto.c), apart so that it can be tested
 * on its own (tests/solver/test_auto_outcome.c). */
#ifndef SN_SOLVER_AUTO_INTERNAL_H
#define SN_SOLVER_AUTO_INTERNAL_H

#include "signorini/solver.h"

/* The status auto returns after its attempts. last: the status that ended the loop (SN_OK when
 * an attempt succeeded, else the last attempt's or the budget's); best: the status of the
 * attempt returned (sn_auto_choose), else of an attempt that did not diverge but left no finite
 * error, have_best whether either exists; nres: attempts that returned a result (status >= 0), ndiv:
 * those that diverged; stuck: the data certify infeasibility (a contact no reaction can stop).
 * SN_OK if last is; SN_DIVERGED ("no solution found: the problem may be infeasible") when
 * stuck; SN_TIME_LIMIT when the time limit ended the list (an attempt diverged before it does
 * not make the problem "may be infeasible": the others were not tried); SN_DIVERGED when every
 * attempt that returned a result diverged; else best (have_best) or last. One
 * diverged attempt followed by one stopped at the iteration cap near the solution is the
 * latter's SN_MAX_ITER: the problem is not shown infeasible. */
int sn_auto_outcome(int last, int best, int have_best, int nres, int ndiv, int stuck);

/* Whether an attempt's result (status st, relative error err, absolute residual res) is better
 * than the best kept so far (best_st, best_err, best_res; best_err = INFINITY: none yet, NaN:
 * replaced by anything measured): a success always; else, where both absolute residuals are
 * finite, the lower one (the same problem, so the same scale: the relative error divides by
 * max(|q|, |r|, |u|), which a larger reaction deflates); else the lower relative error, a
 * diverged result only over another diverged one or none. A result with st < 0 never is.
 * auto ranks its attempts that did not diverge with it, and its diverged ones among themselves;
 * a diverged one is returned only where none of the others left a finite error (run_list). */
int sn_auto_better(int st, double err, double res, int best_st, double best_err, double best_res);

/* The attempt auto returns: 1 the best that did not diverge (nd: always on success), 2 the best
 * diverged one (dv), 0 none (the caller's start). A diverged attempt only where no attempt that
 * did not diverge left a finite error: a reaction grown along a direction W does not see makes
 * both its errors small (docs/solvers.md, "The divergence bound without cancellation"). The
 * status returned is that of the attempt chosen (run_list). */
int sn_auto_choose(int success, int nd_have, double nd_err, int dv_have, double dv_err);

#endif
