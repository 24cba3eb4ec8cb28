/* Local frictional contact through its SOCLCP form: a fixed-point outer loop on the De Saxce
 * term (Acary & Brogliato, "Numerical Methods for Nonsmooth Dynamical Systems", 2008, 13.7;
 * Kanno, Martins & Pinto da Costa 2006): with s_k = |u_T(r_k)|, solve the SOCLCP of
 * sn_fc_to_soclcp(P, s_k) (warm-started) for r_{k+1}, until sn_fc_error(r) <= tol. */
#include "signorini/solver.h"

#include <math.h>
#include <stdlib.h>

int sn_fc_via_soclcp(const sn_fc *P, sn_soclcp_solver_fn inner, double *r, double *u,
                     const sn_settings *s, sn_info *info)
{
  if (!P || !inner || !r || !u || !s) return SN_ERR_ARG;
  int st = sn_fc_check(P, NULL, 0);
  if (st) return st;
  double t0 = sn_wtime();
  if (info) sn_info_reset(info);
  int d = P->dim, n = d * P->nc;
  double *sT = calloc((size_t)P->nc + 1, sizeof(double));
  double *x = calloc((size_t)n + 1, sizeof(double)), *y = calloc((size_t)n + 1, sizeof(double));
  double *best = malloc(sizeof(double) * ((size_t)n + 1));
  if (!sT || !x || !y || !best) { st = SN_ERR_NOMEM; if (info) info->status = st; goto done; }
  for (int i = 0; i < n; i++)
    if (!isfinite(r[i])) r[i] = 0.0;                  /* a NaN warm start is no start */
  sn_copy(n, r, best);
  double err = sn_fc_error(P, r, NULL), best_err = err;
  int it = 0, inner_it = 0;
  sn_settings in = *s;
  in.progress = NULL;
  while (!(err <= s->tol)) {
    if (it >= s->max_iter) { st = SN_MAX_ITER; break; }
    sn_copy(n, P->q, u);                             /* s = |u_T(r)| */
    sn_csc_gemv(P->W, 1.0, r, 1.0, u);
    for (int i = 0; i < P->nc; i++) sT[i] = d == 3 ? hypot(u[3 * i + 1], u[3 * i + 2]) : fabs(u[2 * i + 1]);
    sn_soclcp *S;
    if ((st = sn_fc_to_soclcp(P, sT, &S))) break;
    sn_soclcp_r_to_x(P, r, x);
    /* the inner tolerance follows the outer error, never looser than tol */
    in.tol = fmin(fmax(0.1 * err, 0.1 * s->tol), 1e-3);
    if (s->time_limit > 0) in.time_limit = fmax(s->time_limit - (sn_wtime() - t0), 1e-3);
    sn_info ii = {0};
    int sti = inner(S, x, y, &in, &ii);
    inner_it += ii.iterations;
    sn_soclcp_free(S);
    if (sti < 0) { st = sti; break; }
    sn_soclcp_x_to_r(P, x, r);
    err = sn_fc_error(P, r, NULL);
    it++;
    if (!(err >= 0)) { st = SN_ERR_NAN; break; }
    if (err < best_err) { best_err = err; sn_copy(n, r, best); }
    int rec = sn_info_record(info, s, it, err, t0);
    if (err <= s->tol) break;                          /* converged: limits do not matter */
    if ((st = rec)) break;
  }
  if (st != SN_OK || !(err <= best_err)) { sn_copy(n, best, r); err = best_err; }
  sn_copy(n, P->q, u);
  sn_csc_gemv(P->W, 1.0, r, 1.0, u);
  if (info) {
    info->status = st;
    info->iterations = inner_it;
    info->error = err;
    info->seconds = sn_wtime() - t0;
  }
done:
  free(sT); free(x); free(y); free(best);
  return st;
}
