/* Primal-dual interior point for one-dof contact, seed 000 section 3.2 (formulation 1.4 there).
 * For each barrier parameter mu, Newton's method on the perturbed optimality conditions
 *   r1 = K x - F - l = 0,   r2 = l (g0 + x) - mu = 0        (l >= 0: contact force)
 * from the previous point until max(|r1|, |r2|) < tol; then mu <- mu_factor mu.
 * Starting point x = 0, l = 0; rows are printed while mu >= tol. Reproduces the seed's 20 rows. */
#include "onedof_internal.h"

#include <math.h>

int sn_1dof_ip(const sn_1dof *P, const sn_settings *s, sn_1dof_trace *tr, sn_1dof_result *res,
               sn_info *info)
{
  int st = sn_1dof_check(P);
  if (st || !s || !res) return st ? st : SN_ERR_ARG;
  if (P->c != 0.0 || !(P->mu0 > 0) || !(P->mu_factor > 0 && P->mu_factor < 1) || !(P->g0 > 0))
    return SN_ERR_ARG;
  double t0 = sn_wtime();
  if (info) sn_info_reset(info);
  double x = 0.0, l = 0.0, mu = P->mu0, K = P->K;
  int k = 0, newton = 0;
  st = SN_OK;
  while (mu >= s->tol) {
    for (;;) {
      double g = P->g0 + x, r1 = K * x - P->F - l, r2 = l * g - mu;
      if (!isfinite(r1) || !isfinite(r2)) { st = SN_ERR_NAN; goto out; }
      if (fmax(fabs(r1), fabs(r2)) < s->tol) break;
      if (++newton > s->max_iter) { st = SN_MAX_ITER; goto out; }
      double det = K * g + l;                     /* Jacobian [[K, -1], [l, g]] */
      double dx = (-r1 * g - r2) / det;
      double dl = (-K * r2 + l * r1) / det;
      x += dx;
      l += dl;
    }
    k++;
    sn_trace_add(tr, SN_ROW_ITER, 0, k, 0, x, l, mu);
    if ((st = sn_info_record(info, s, k, mu, t0))) break;
    mu *= P->mu_factor;
  }
out:
  res->x = x;
  res->gap = P->g0 + x;
  res->lambda = l;
  res->force = l;         /* the seed prints the multiplier (positive) */
  res->pressure = l;
  if (info) {
    info->status = st;
    info->iterations = k;
    info->error = fabs(K * x - P->F - l) + fabs(l * res->gap);
    info->seconds = sn_wtime() - t0;
  }
  return st;
}
