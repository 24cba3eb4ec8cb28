/* Augmented Lagrangian (Uzawa) iteration for one-dof contact, seed 000 section 3.1.
 * Incremental form about the free position x0 = F/K with initial gap g = g0 + x0 < 0:
 *   x_{k+1} = (F - eps g - l_k - K x0) / (K + eps)      (minimiser of the augmented functional)
 *   l_{k+1} = l_k + eps (g + x_{k+1})                    (multiplier update)
 * until |g + x_k| <= tol. */
#include "onedof_internal.h"

#include <math.h>

int sn_1dof_al(const sn_1dof *P, const sn_settings *s, sn_1dof_trace *tr, sn_1dof_result *res,
               sn_info *info)
{
  int st = sn_1dof_check(P);
  if (st || !s || !res) return st ? st : SN_ERR_ARG;
  if (P->c != 0.0) return SN_ERR_ARG;
  double t0 = sn_wtime();
  if (info) sn_info_reset(info);
  double x0 = P->F / P->K, g = P->g0 + x0;
  double x = 0.0, l = 0.0;
  int k = 0;
  st = SN_OK;
  if (g < 0.0) {   /* in contact: iterate */
    sn_trace_add(tr, SN_ROW_ITER, 0, 0, 0, x, g + x, l);
    while (fabs(g + x) > s->tol) {
      if (k >= s->max_iter) { st = SN_MAX_ITER; break; }
      x = (P->F - P->eps * g - l - P->K * x0) / (P->K + P->eps);
      l = l + P->eps * (g + x);
      k++;
      sn_trace_add(tr, SN_ROW_ITER, 0, k, 0, x, g + x, l);
      if ((st = sn_info_record(info, s, k, fabs(g + x), t0))) break;
    }
  }
  return sn_1dof_al_finish(P, x0 + x, l, st, k, t0, res, info);   /* force: F - K x */
}
