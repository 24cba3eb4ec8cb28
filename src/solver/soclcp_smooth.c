/* The combined smoothing and regularization Newton method for the SOCLCP (Hayashi, Yamashita,
 * Fukushima, SIAM J. Optim. 15 (2005) 593-615): the engine is sn_socmlcp_smooth
 * (socmlcp_smooth.c, where the method, its equations and its safeguards are described); an
 * SOCLCP is the mixed problem without free variables (A = M, a = q), so it is passed as a view
 * that shares M, q and the cone sizes. */
#include "signorini/solver.h"
#include "solver/verdict.h"

#include <stddef.h>

int sn_soclcp_smooth(const sn_soclcp *P, double *x, double *y, const sn_settings *s, sn_info *info)
{
  int st = !P || !x || !y ? SN_ERR_ARG : sn_soclcp_check(P, NULL, 0);
  if (st) {
    if (info) { sn_info_reset(info); info->status = st; }
    return st;
  }
  sn_socmlcp V = {0, P->n, P->ncones, P->csize, P->M, P->q};
  st = sn_socmlcp_smooth(&V, x, y, s, info);
  if (info && st >= 0) info->error = sn_soclcp_error_y(P, x, y);   /* the same measure */
  return st;
}

/* local frictional contact through its SOCLCP form (fixed point on the De Saxce term) */
int sn_fc_socsmooth(const sn_fc *P, double *r, double *u, const sn_settings *s, sn_info *info)
{
  return sn_fc_via_soclcp_named(P, sn_soclcp_smooth, "socsmooth", r, u, s, info);
}
