/* Internal to the library: sn_gfc_check without its pass over M (check_m 0), for a solver
 * that holds an exact copy of an M it has already checked (the ADMM cache of an incremental
 * analysis: the symmetry test of M was 5 % of the Hertz deck's run, once per increment). */
#ifndef SN_PROBLEM_CHECK_H
#define SN_PROBLEM_CHECK_H

#include "signorini/problem.h"

#include <stddef.h>

int sn_gfc_check_opts(const sn_gfc *P, int check_m, char *msg, size_t len);

/* For a problem whose M the caller holds only in part (the model split over MPI ranks: each
 * rank's P->M its elements' share, M the sum over the ranks; docs/parallel.md): sn_gfc_error with
 * M v given (Mv: ndof values; NULL: P->M v), and sn_gfc_measures with M's diagonal (dm: ndof
 * values; NULL: P->M's) and M v given. The same values as the whole problem's. */
double sn_gfc_error_mv(const sn_gfc *P, const double *r, const double *v, const double *l, const double *Mv,
                       double *equilibrium, double *local);
int sn_gfc_measures_mv(const sn_gfc *P, const double *r, const double *v, double tol, const double *dm,
                       const double *Mv, sn_fc_meas *m);

#endif
