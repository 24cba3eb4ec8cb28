/* Internal: a frictional-contact result that meets the relative tolerance but not the absolute
 * rule (a huge mass ratio), refined by the same solver (fc_refine.c). */
#ifndef SN_SOLVER_FC_REFINE_H
#define SN_SOLVER_FC_REFINE_H

#include "signorini/solver.h"

/* e->fc returned st (SN_DIVERGED: by the verdict, a result that meets s->tol in Siconos'
 * relative error and fails the absolute rule is one) with r, u and info (non-NULL) on P under s
 * (non-NULL). When r meets s->tol in the relative error but not the absolute rule, no contact is
 * stuck and the absolute measures are finite, the solver is run again from r with a tighter relative tolerance
 * (at most 4 passes, sharing s->max_iter and s->time_limit, each required to halve the factor by
 * which the absolute rule is missed). Returns the verdict on the best r (SN_OK once the rule
 * holds at s->tol), with u = W r + q and info's iterations and seconds the totals; else st, r,
 * u and info untouched. */
int sn_fc_refine(const sn_fc *P, const sn_solver_entry *e, double *r, double *u, const sn_settings *s,
                 sn_info *info, int st);

#endif
