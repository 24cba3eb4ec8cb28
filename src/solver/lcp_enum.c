/* Complete enumeration for small LCPs: every complementary basis B (z_i free, w_i = 0 for i in
 * B; z_i = 0 for the others) in order of increasing |B|, z_B = -M_BB^-1 q_B by dense LU, until
 * z >= 0, w = M z + q >= 0 (to round-off) and sn_lcp_error <= tol. It finds a solution whenever
 * one exists at a nondegenerate basis, including the bimatrix games on which Lemke's method with
 * covering vector 1 ends on a ray (lcp_CPS_3). An iteration is one basis; n <= 20 (SN_ERR_ARG
 * beyond: 2^n bases); all bases tried without a solution: SN_STALLED. */
#include "signorini/solver.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { ENUM_MAX_N = 20 };

/* the solution of basis `mask` into z (0 if M_BB is singular or z is not admissible) */
static int try_basis(const sn_lcp *P, const double *Md, unsigned mask, double *A, double *b,
                     double *zb, double *z)
{
  int n = P->n, k = 0, idx[ENUM_MAX_N];
  for (int i = 0; i < n; i++)
    if (mask >> i & 1u) idx[k++] = i;
  for (int c = 0; c < k; c++) {
    b[c] = -P->q[idx[c]];
    for (int r = 0; r < k; r++) A[r + k * c] = Md[idx[r] + n * idx[c]];
  }
  if (k && sn_dense_solve(k, A, b, zb)) return 0;
  sn_fill(n, 0.0, z);
  for (int c = 0; c < k; c++) {
    if (!(zb[c] >= -1e-12 * (1.0 + fabs(zb[c])))) return 0;
    z[idx[c]] = fmax(zb[c], 0.0);
  }
  return 1;
}

static int popcount(unsigned x)
{
  int c = 0;
  for (; x; x &= x - 1) c++;
  return c;
}

int sn_lcp_enum(const sn_lcp *P, double *z, double *w, const sn_settings *s, sn_info *info)
{
  double t0 = sn_wtime();
  sn_settings sd;
  if (!s) { sn_settings_default(&sd); s = &sd; }
  if (info) sn_info_reset(info);
  int st = (!z || !w) ? SN_ERR_ARG : sn_lcp_check(P, NULL, 0);
  if (!st && P->n > ENUM_MAX_N) st = SN_ERR_ARG;
  if (!st && s->options && *s->options) st = SN_ERR_UNKNOWN;
  if (st) {
    if (info) info->status = st;
    return st;
  }
  int n = P->n, it = 0;
  size_t nn = (size_t)(n > 0 ? n : 1);
  double *Md = calloc(nn * nn, sizeof(double)), *A = malloc(sizeof(double) * nn * nn);
  double *v = malloc(sizeof(double) * nn * 3);
  if (!Md || !A || !v) { free(Md); free(A); free(v); if (info) info->status = SN_ERR_NOMEM; return SN_ERR_NOMEM; }
  sn_csc_to_dense(P->M, Md);
  double err = isfinite(sn_nrm2(n, z)) ? sn_lcp_error(P, z) : INFINITY, best = err;
  st = err <= s->tol ? SN_OK : SN_STALLED;      /* SN_STALLED: every basis tried */
  double *zt = v + nn, *zb = v + 2 * nn;
  memcpy(v, z, sizeof(double) * (size_t)n);
  int go = st != SN_OK;
  for (int size = 0; size <= n && go; size++)
    for (unsigned mask = 0; mask < (1u << n) && go; mask++) {
      if (popcount(mask) != size) continue;
      if (it >= s->max_iter) { st = SN_MAX_ITER; go = 0; break; }
      it++;
      double e = try_basis(P, Md, mask, A, w, zb, zt) ? sn_lcp_error(P, zt) : INFINITY;
      if (e < best) { best = e; memcpy(z, zt, sizeof(double) * (size_t)n); }
      if (e <= s->tol) { st = SN_OK; go = 0; break; }
      int rec = sn_info_record(info, s, it, best, t0);
      if (rec) { st = rec; go = 0; }
    }
  if (!isfinite(best)) memcpy(z, v, sizeof(double) * (size_t)n);
  sn_copy(n, P->q, w);
  sn_csc_gemv(P->M, 1.0, z, 1.0, w);
  if (info) {
    info->status = st;
    info->iterations = it;
    info->error = sn_lcp_error(P, z);
    if (!isfinite(info->error)) info->error = INFINITY;
    info->seconds = sn_wtime() - t0;
  }
  free(Md); free(A); free(v);
  return st;
}
