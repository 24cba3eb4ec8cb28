/* Internal (problem layer): by how much a result misses the absolute acceptance rule of
 * sn_fc_measures (problem.h), next to the rule itself (fc_measures.c). */
#ifndef SN_PROBLEM_FC_RULE_H
#define SN_PROBLEM_FC_RULE_H

#include "signorini/problem.h"

/* the largest of penetration / (sqrt(tol) vscale), cone violation / (sqrt(tol) rmax) and
 * complementarity / (sqrt(tol) vscale rmax) (scales below DBL_EPSILON count as 1): at most 1
 * when the rule's three bounds hold. m from sn_fc_measures at tol, rmax = max |r_i| */
double sn_fc_meas_missed_by(const sn_fc_meas *m, double rmax, double tol);

/* the rule itself from the maxima: penetration <= sqrt(tol) vscale, cone violation <= sqrt(tol)
 * rmax and complementarity <= sqrt(tol) vscale rmax (tol clamped to [0, 1], scales below
 * DBL_EPSILON counting as 1); 1 when all three hold (finite values) */
int sn_fc_rule_holds(double penetration, double cone_violation, double complementarity, double vscale,
                     double rmax, double tol);

#endif
