/* One-dof contact by the penalty and the Lagrange multiplier methods (seed 000, section 1,
 * as used in 3.x): both solve the contact problem in one linear solve. */
#include "signorini/la.h"
#include "signorini/onedof.h"

#include <math.h>

void sn_1dof_seed(sn_1dof *P)
{
  P->K = 100.0;
  P->c = 0.0;
  P->F = -20.0;
  P->g0 = 0.1;
  P->eps = 1000.0;   /* the text says 10000; the tables need 1000 (x1 = 0.1 eps/(K+eps) = 0.0909) */
  P->mu0 = 1.0;
  P->mu_factor = 0.3;
}

int sn_1dof_check(const sn_1dof *P)
{
  if (!P || !(P->K > 0) || !isfinite(P->F) || !isfinite(P->g0) || !isfinite(P->c) ||
      !(P->eps > 0) || !isfinite(P->eps))
    return SN_ERR_ARG;
  return SN_OK;
}

int sn_1dof_al_finish(const sn_1dof *P, double x, double l, int st, int k, double t0,
                      sn_1dof_result *res, sn_info *info)
{
  res->x = x;
  res->gap = P->g0 + x;
  res->lambda = l;
  res->force = P->F - (P->K + P->c * x) * x;
  res->pressure = -res->force;
  if (info) {
    info->status = st;
    info->iterations = k;
    info->error = fabs(res->gap);
    info->seconds = sn_wtime() - t0;
  }
  return st;
}

/* free (no contact) position of a linear spring, and the result when the gap stays open */
static int free_result(const sn_1dof *P, sn_1dof_result *res)
{
  double x = P->F / P->K;
  res->x = x;
  res->gap = P->g0 + x;
  res->lambda = res->force = res->pressure = 0.0;
  return res->gap >= 0.0;
}

/* min 1/2 K x^2 - F x + 1/2 eps <g0 + x>_-^2  ->  (K + eps) x = F - eps g0 */
int sn_1dof_penalty(const sn_1dof *P, sn_1dof_result *res)
{
  int st = sn_1dof_check(P);
  if (st || !res) return st ? st : SN_ERR_ARG;
  if (P->c != 0.0) return SN_ERR_ARG;
  if (free_result(P, res)) return SN_OK;
  res->x = (P->F - P->eps * P->g0) / (P->K + P->eps);
  res->gap = P->g0 + res->x;
  res->lambda = P->eps * res->gap;          /* penalty force, seed sign (negative) */
  res->force = res->lambda;
  res->pressure = P->K * res->x - P->F;     /* = -eps gap > 0 */
  return SN_OK;
}

/* stationarity of 1/2 K x^2 - F x + l (g0 + x):  K x + l = F,  x = -g0 */
int sn_1dof_lagrange(const sn_1dof *P, sn_1dof_result *res)
{
  int st = sn_1dof_check(P);
  if (st || !res) return st ? st : SN_ERR_ARG;
  if (P->c != 0.0) return SN_ERR_ARG;
  if (free_result(P, res)) return SN_OK;
  double A[4] = {P->K, 1.0, 1.0, 0.0}, b[2] = {P->F, -P->g0}, z[2];
  st = sn_dense_solve(2, A, b, z);
  if (st) return st;
  res->x = z[0];
  res->gap = P->g0 + z[0];
  res->lambda = z[1];                       /* multiplier of the gap: l = F - K x <= 0 */
  res->force = z[1];
  res->pressure = -z[1];
  return SN_OK;
}
