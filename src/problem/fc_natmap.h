/* Internal (problem layer): the natural-map residual of sn_fc_error_parts from a given
 * u = W r + q, so that a caller that has u (sn_fc_measures) does not form it again. */
#ifndef SN_PROBLEM_FC_NATMAP_H
#define SN_PROBLEM_FC_NATMAP_H

#include "signorini/problem.h"

enum { SN_SMALL_N = 96 };   /* vectors of up to 32 3D contacts live on the stack */

/* abs_err = |r - P_K(r - u_hat)|, norm = max(|q|, |r|, |u|) (either may be NULL); SN_OK */
int sn_fc_natmap_u(const sn_fc *P, const double *r, const double *u, double *abs_err,
                   double *norm);

#endif
