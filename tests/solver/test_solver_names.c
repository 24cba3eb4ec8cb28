/* Every frictional-contact solver of the registry names itself in its result: info->solver and
 * the one-entry tried list carry the registry name (the SOCLCP wrappers socsmooth, socipm and
 * socpd pass it to their common fixed point, sn_fc_via_soclcp_named, instead of patching
 * "via_soclcp" afterwards); the public sn_fc_via_soclcp says "via_soclcp". */
#include "check.h"
#include "signorini/solver.h"

#include <stdio.h>
#include <string.h>

int main(void)
{
  double I3[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1}, q[3] = {-1, 0.1, 0}, mu[1] = {0.5};
  sn_csc *W = NULL;
  CHECK_INT(sn_csc_from_dense(3, 3, I3, -1.0, &W), SN_OK);
  sn_fc P = {3, 1, W, q, mu};
  int n = 0;
  for (const sn_solver_entry *e = sn_solvers(); e->name; e++) {
    if (!e->fc || !(e->dims & 8)) continue;
    double r[3] = {0, 0, 0}, u[3];
    sn_info info = {0};
    int st = sn_fc_solve(&P, e->name, r, u, NULL, &info);
    if (st != SN_OK || !info.solver || strcmp(info.solver, e->name))
      fprintf(stderr, "  %s: status %d, solver %s\n", e->name, st, info.solver ? info.solver : "(null)");
    CHECK_INT(st, SN_OK);
    CHECK(info.solver && !strcmp(info.solver, e->name));
    CHECK_INT(info.ntried, 1);
    CHECK(info.tried[0].name && !strcmp(info.tried[0].name, e->name));
    CHECK_INT(info.tried[0].status, SN_OK);
    n++;
  }
  CHECK(n >= 10);
  double r[3] = {0, 0, 0}, u[3];
  sn_info info = {0};
  CHECK_INT(sn_fc_via_soclcp(&P, sn_soclcp_ipm, r, u, NULL, &info), SN_OK);
  CHECK(info.solver && !strcmp(info.solver, "via_soclcp"));
  sn_csc_free(W);
  return sn_check_report();
}
