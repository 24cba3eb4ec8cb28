/* Internal to the library: sn_gfc_check without its pass over M (check_m 0), for a solver
 * that holds an exact copy of an M it has already checked (the ADMM cache of an incremental
 * analysis: the symmetry test of M was 5 % of the Hertz deck's run, once per increment). */
#ifndef SN_PROBLEM_CHECK_H
#define SN_PROBLEM_CHECK_H

#include "signorini/problem.h"

#include <stddef.h>

int sn_gfc_check_opts(const sn_gfc *P, int check_m, char *msg, size_t len);

#endif
