/* A global problem solved through its condensed local form, with the units of mass changed
 * (a robustness run, 6 December 2026): LMGC_GlobalFrictionContactProblem00046 with M and f
 * multiplied by 1e6 has the same velocities v and impulses r 1e6 times larger. Siconos' relative
 * error, divided by |r|, then met 1e-8 at a penetration of 0.02 m/s; the absolute rule refused
 * it and nsgs and apgd reported "no solution found: the problem may be infeasible". The
 * condensed route now refines such a result as sn_fc_solve does (fc_refine.c). Checked: nsgs,
 * apgd and prox succeed on the scaled problem, its r is 1e6 times the unscaled one's to 1e-4 of
 * its largest entry, and v the same to 1e-4 (the unscaled results meet 1e-8 in Siconos' error, apgd's within 6e-6 in v), each error recomputed by sn_gfc_error and the
 * penetration by sn_gfc_measures. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "check.h"
#include "signorini/io.h"
#include "signorini/problem.h"
#include "signorini/solver.h"
#include "test_util.h"

int main(void)
{
  sn_file_problem *F = read_shared("gfc3d", "LMGC_GlobalFrictionContactProblem00046.hdf5");
  CHECK(F != NULL && F->gfc != NULL);
  if (!F || !F->gfc) return sn_check_report();
  sn_gfc *P = F->gfc;
  int n = P->dim * P->nc, m = P->ndof;
  static const char *const solvers[] = {"nsgs", "apgd", "prox"};
  for (size_t k = 0; k < sizeof solvers / sizeof solvers[0]; k++) {
    double *r0 = calloc((size_t)n + 1, sizeof(double)), *v0 = calloc((size_t)m + 1, sizeof(double));
    double *r1 = calloc((size_t)n + 1, sizeof(double)), *v1 = calloc((size_t)m + 1, sizeof(double));
    sn_settings s;
    sn_settings_default(&s);
    s.time_limit = 60;
    sn_info info = {0};
    CHECK_INT(sn_gfc_solve(P, solvers[k], r0, v0, &s, &info), SN_OK);
    for (int p = 0; p < P->M->colptr[P->M->n]; p++) P->M->val[p] *= 1e6;
    for (int i = 0; i < m; i++) P->f[i] *= 1e6;
    int st = sn_gfc_solve(P, solvers[k], r1, v1, &s, &info);
    double e = sn_gfc_error(P, r1, v1, NULL, NULL, NULL);
    sn_fc_meas ms;
    CHECK_INT(sn_gfc_measures(P, r1, v1, s.tol, &ms), SN_OK);
    double rmax = 0, dr = 0, dv = 0, vmax = 0;
    for (int i = 0; i < n; i++) {
      rmax = fmax(rmax, fabs(r1[i]));
      dr = fmax(dr, fabs(r1[i] - 1e6 * r0[i]));
    }
    for (int i = 0; i < m; i++) {
      vmax = fmax(vmax, fabs(v1[i]));
      dv = fmax(dv, fabs(v1[i] - v0[i]));
    }
    printf("%s, M and f x 1e6: status %d, error %.2e, penetration %.2e, |r - 1e6 r0| %.2e of %.2e, |v - v0| %.2e of %.2e\n",
           solvers[k], st, e, ms.penetration, dr, rmax, dv, vmax);
    CHECK_INT(st, SN_OK);
    CHECK(e <= s.tol);
    CHECK(ms.accepted);
    CHECK(dr <= 1e-4 * rmax);   /* the unscaled result is only as close as its own tol allows */
    CHECK(dv <= 1e-4 * vmax);
    for (int p = 0; p < P->M->colptr[P->M->n]; p++) P->M->val[p] *= 1e-6;   /* back for the next solver */
    for (int i = 0; i < m; i++) P->f[i] *= 1e-6;
    free(r0); free(v0); free(r1); free(v1);
  }
  sn_file_problem_free(F);
  return sn_check_report();
}
