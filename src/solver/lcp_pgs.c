/* Projected Gauss-Seidel / projected SOR for the LCP  w = M z + q, 0 <= z _|_ w >= 0
 * (Cryer, "The solution of a quadratic programming problem using systematic overrelaxation",
 * SIAM J. Control 9, 1971; Cottle, Pang & Stone, "The Linear Complementarity Problem",
 * chapter 5, iterative methods): for i = 1..n, with the current w,
 *   z_i <- max(0, z_i - omega w_i / M_ii).
 *
 * w = M z + q is kept up to date through the columns of M (CSC): when z_i moves by delta,
 * w += delta M(:, i). A sweep thus costs one pass over the columns whose z_i changed (no
 * row view needed, also for a non-symmetric M), and the error sn_lcp_error of the iterate is
 * O(n) after every sweep. The running w is recomputed from scratch every PGS_REFRESH sweeps
 * and before a convergence is accepted, so rounding drift never fakes convergence.
 *
 * Options: "omega=1" (0 < omega < 2; 1 is Gauss-Seidel). Requires M_ii > 0 for every i
 * (SN_ERR_ARG otherwise, z and w untouched): a row with M_ii <= 0 has no projected update,
 * and PGS converges only for such matrices anyway (e.g. symmetric positive definite M).
 * Warm start from z (negative entries projected to 0, non-finite ones reset to 0).
 * Convergence for symmetric positive definite M and 0 < omega < 2: Cryer (1971).
 * Stops when the error <= tol (SN_OK, checked after every sweep), at max_iter sweeps
 * (SN_MAX_ITER, last iterate returned) or through sn_info_record. Divergence to Inf/NaN
 * gives SN_ERR_NAN with the best iterate returned. */
#include "signorini/solver.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>

#define PGS_REFRESH 50

/* w = M z + q and the error |z - max(0, z - w)| / |q| (as sn_lcp_error) */
static double pgs_error(const sn_lcp *P, const double *z, const double *w, double nq)
{
  double sum = 0.0;
  for (int i = 0; i < P->n; i++) {
    double e = z[i] - fmax(0.0, z[i] - w[i]);
    sum += e * e;
  }
  return nq > DBL_EPSILON ? sqrt(sum) / nq : sqrt(sum);
}

static void residual(const sn_lcp *P, const double *z, double *w)
{
  sn_copy(P->n, P->q, w);
  sn_csc_gemv(P->M, 1.0, z, 1.0, w);
}

int sn_lcp_pgs(const sn_lcp *P, double *z, double *w, const sn_settings *s, sn_info *info)
{
  double t0 = sn_wtime();
  sn_settings sd;
  if (!s) { sn_settings_default(&sd); s = &sd; }
  if (info) sn_info_reset(info);
  int st = (!z || !w) ? SN_ERR_ARG : sn_lcp_check(P, NULL, 0);
  double omega = 1.0;
  static const char *const keys[] = {"omega", NULL};
  if (!st) st = sn_option_check(s->options, keys);
  if (!st && s->options) {
    int o = sn_option_double(s->options, "omega", &omega);
    if (o < 0) st = o;
    else if (!(omega > 0.0 && omega < 2.0)) st = SN_ERR_ARG;
  }
  int n = st ? 0 : P->n;
  double *diag = st ? NULL : malloc(sizeof(double) * (size_t)(n > 0 ? 2 * n : 1));
  if (!st && !diag) st = SN_ERR_NOMEM;
  if (!st) {                        /* diagonal of M (duplicates summed) */
    const sn_csc *M = P->M;
    sn_fill(n, 0.0, diag);
    for (int j = 0; j < n; j++)
      for (int p = M->colptr[j]; p < M->colptr[j + 1]; p++)
        if (M->rowind[p] == j) diag[j] += M->val[p];
    for (int j = 0; j < n && !st; j++)
      if (!(diag[j] > 0.0)) st = SN_ERR_ARG;
  }
  if (st) {
    free(diag);
    if (info) info->status = st;
    return st;
  }
  double *zbest = diag + n, ebest = INFINITY;
  for (int i = 0; i < n; i++) z[i] = isfinite(z[i]) && z[i] > 0.0 ? z[i] : 0.0;
  residual(P, z, w);
  double nq = sn_nrm2(n, P->q), err = pgs_error(P, z, w, nq);
  int iter = 0;
  const sn_csc *M = P->M;
  if (err <= s->tol) st = SN_OK;
  else {
    st = SN_MAX_ITER;
    sn_copy(n, z, zbest);
    ebest = err;
    while (iter < s->max_iter) {
      for (int i = 0; i < n; i++) { /* one sweep */
        double zi = fmax(0.0, z[i] - omega * w[i] / diag[i]), dz = zi - z[i];
        if (dz == 0.0) continue;
        z[i] = zi;
        for (int p = M->colptr[i]; p < M->colptr[i + 1]; p++) w[M->rowind[p]] += dz * M->val[p];
      }
      iter++;
      if (iter % PGS_REFRESH == 0) residual(P, z, w);
      err = pgs_error(P, z, w, nq);
      if (err <= s->tol && iter % PGS_REFRESH != 0) {   /* confirm with a fresh w */
        residual(P, z, w);
        err = pgs_error(P, z, w, nq);
      }
      if (!isfinite(err)) { st = SN_ERR_NAN; break; }
      if (err < ebest) { ebest = err; sn_copy(n, z, zbest); }
      if (err <= s->tol) { st = SN_OK; sn_info_record(info, s, iter, err, t0); break; }
      int rec = sn_info_record(info, s, iter, err, t0);
      if (rec) { st = rec; break; }
    }
    if (st != SN_OK) sn_copy(n, zbest, z);   /* stopped early: hand back the best iterate */
    residual(P, z, w);
  }
  free(diag);
  if (info) {
    info->status = st;
    info->iterations = iter;
    info->error = sn_lcp_error(P, z);
    info->seconds = sn_wtime() - t0;
  }
  return st;
}
