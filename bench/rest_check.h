/* Is the configuration of a local frictional contact problem at rest? (bench/rest_check.c) */
#ifndef SIGNORINI_BENCH_REST_CHECK_H
#define SIGNORINI_BENCH_REST_CHECK_H

#include "signorini/signorini.h"

typedef struct {
  int status, iterations;  /* the relaxation's solve */
  double error, seconds;
  double fc_error;         /* the frictional-contact error (sn_fc_error) of its r */
  int open, closed, slide; /* contacts: r_N = 0; r_N > 0; closed with |u_T| > 1e-9 */
  double ut_max, un_max;   /* largest |u_T|, |u_N| on closed contacts */
  double q_max;            /* |q|'s largest entry, for scale */
  int at_rest;             /* the relaxation solved (SN_OK), no closed contact slides and
                              max |u_N| <= 1e-6 q_max */
} rest_report;

/* Solves the problem's convex relaxation, the second-order cone complementarity problem of
 * sn_fc_to_soclcp with the De Saxce term s = 0 (the cone complementarity problem of Anitescu &
 * Tasora, Comput. Optim. Appl. 47 (2010) 207-235): r in the Coulomb cone, u = W r + q in its
 * dual, r . u = 0, the minimum of 1/2 r.W r + q.r over the cones, by the registry's SOCLCP solver
 * `solver` to tol within max_iter. Its u is the same at every minimizer. If the problem has an
 * all-stick solution (u = W r + q = 0 with r in the cones: the bodies at rest, in equilibrium
 * with friction), that solution is such a minimizer, so u = 0 there too; conversely u != 0 at
 * the minimum means that no all-stick solution exists: some contact must slide or open in every
 * solution of the frictional problem. Returns SN_OK with R filled, or the solver's error
 * (negative) or SN_ERR_NOMEM. */
int rest_check(const sn_fc *P, const char *solver, double tol, int max_iter, rest_report *R);

#endif
