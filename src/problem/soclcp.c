/* Second-order cone LCPs: release, validation, natural-map error, the cone projection, and
 * the map of local frictional contact to an SOCLCP for a fixed De Saxce term. */
#include "signorini/problem.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void sn_soclcp_free(sn_soclcp *P)
{
  if (!P) return;
  sn_csc_free(P->M);
  free(P->q);
  free(P->csize);
  free(P);
}

int sn_soclcp_check(const sn_soclcp *P, char *msg, size_t len)
{
  char dummy[8];
  if (!msg || !len) { msg = dummy; len = sizeof dummy; }
  if (!P || !P->M || !P->q || (P->ncones > 0 && !P->csize)) { snprintf(msg, len, "incomplete problem"); return SN_ERR_ARG; }
  int n = 0;
  for (int k = 0; k < P->ncones; k++) {
    if (P->csize[k] < 1 || P->csize[k] > 3) { snprintf(msg, len, "cone %d has size %d (1, 2 or 3)", k, P->csize[k]); return SN_ERR_DIM; }
    n += P->csize[k];
  }
  if (n != P->n || P->M->m != n || P->M->n != n) { snprintf(msg, len, "cone sizes add to %d, M is %dx%d, n = %d", n, P->M->m, P->M->n, P->n); return SN_ERR_DIM; }
  if (sn_csc_check(P->M)) { snprintf(msg, len, "M has an inconsistent sparse structure"); return SN_ERR_FORMAT; }
  for (int p = 0; p < P->M->nnz; p++)
    if (!isfinite(P->M->val[p])) { snprintf(msg, len, "M has NaN or Inf entries"); return SN_ERR_NAN; }
  for (int i = 0; i < n; i++)
    if (!isfinite(P->q[i])) { snprintf(msg, len, "q has NaN or Inf entries"); return SN_ERR_NAN; }
  return SN_OK;
}

/* P_{L^m}(x): identity inside, 0 in the polar cone, else ((x0 + |x1|)/2)(1, x1/|x1|) */
void sn_proj_soc(int m, double *x)
{
  if (m == 1) { if (x[0] < 0) x[0] = 0; return; }
  double t = m == 3 ? hypot(x[1], x[2]) : fabs(x[1]);
  if (t <= x[0]) return;
  if (t <= -x[0]) { for (int k = 0; k < m; k++) x[k] = 0; return; }
  double a = 0.5 * (x[0] + t);
  x[0] = a;
  for (int k = 1; k < m; k++) x[k] *= a / t;
}

double sn_soclcp_error_y(const sn_soclcp *P, const double *x, const double *y)
{
  if (!P || !x || !y) return NAN;
  int n = P->n;
  double sum = 0.0, t[3];
  for (int k = 0, o = 0; k < P->ncones; o += P->csize[k++]) {
    int m = P->csize[k];
    for (int j = 0; j < m; j++) t[j] = x[o + j] - y[o + j];
    sn_proj_soc(m, t);
    for (int j = 0; j < m; j++) sum += (x[o + j] - t[j]) * (x[o + j] - t[j]);
  }
  double nrm = fmax(sn_nrm2(n, P->q), fmax(sn_nrm2(n, x), sn_nrm2(n, y)));
  return nrm > DBL_EPSILON ? sqrt(sum) / nrm : sqrt(sum);
}

double sn_soclcp_error(const sn_soclcp *P, const double *x)
{
  if (!P || !x) return NAN;
  int n = P->n;
  double *y = malloc(sizeof(double) * (size_t)(n > 0 ? n : 1));
  if (!y) return NAN;
  sn_copy(n, P->q, y);
  sn_csc_gemv(P->M, 1.0, x, 1.0, y);
  double e = sn_soclcp_error_y(P, x, y);
  free(y);
  return e;
}

/* offset of contact i in the SOCLCP vector (contacts with mu = 0 keep only their normal) */
static int soc_size(const sn_fc *P, int i) { return P->mu[i] > 0 ? P->dim : 1; }

void sn_soclcp_x_to_r(const sn_fc *P, const double *x, double *r)
{
  int d = P->dim;
  for (int i = 0, o = 0; i < P->nc; o += soc_size(P, i++)) {
    double *ri = r + d * i;
    if (P->mu[i] > 0) {
      ri[0] = x[o] / P->mu[i];
      for (int k = 1; k < d; k++) ri[k] = x[o + k];
    } else {
      ri[0] = x[o];
      for (int k = 1; k < d; k++) ri[k] = 0.0;
    }
  }
}

void sn_soclcp_r_to_x(const sn_fc *P, const double *r, double *x)
{
  int d = P->dim;
  for (int i = 0, o = 0; i < P->nc; o += soc_size(P, i++)) {
    const double *ri = r + d * i;
    if (P->mu[i] > 0) {
      x[o] = P->mu[i] * ri[0];
      for (int k = 1; k < d; k++) x[o + k] = ri[k];
    } else {
      x[o] = ri[0];
    }
  }
}

/* M = D W D restricted to the kept rows/columns, q_i = D (q + mu s e_N) */
int sn_fc_to_soclcp(const sn_fc *P, const double *s, sn_soclcp **out)
{
  if (!P || !out) return SN_ERR_ARG;
  *out = NULL;
  int st = sn_fc_check(P, NULL, 0);
  if (st) return st;
  int d = P->dim, n = d * P->nc;
  /* map[j] = index of fc row/column j in the SOCLCP, or -1 (tangential rows of mu = 0);
   * scale[j] = D_jj */
  int *map = malloc(sizeof(int) * (size_t)(n > 0 ? n : 1));
  double *scale = malloc(sizeof(double) * (size_t)(n > 0 ? n : 1));
  sn_soclcp *S = calloc(1, sizeof *S);
  if (!map || !scale || !S) { free(map); free(scale); free(S); return SN_ERR_NOMEM; }
  int m = 0;
  S->csize = malloc(sizeof(int) * (size_t)(P->nc > 0 ? P->nc : 1));
  if (!S->csize) { st = SN_ERR_NOMEM; goto done; }
  S->ncones = P->nc;
  for (int i = 0; i < P->nc; i++) {
    double mu = P->mu[i];
    S->csize[i] = soc_size(P, i);
    for (int k = 0; k < d; k++) {
      int j = d * i + k;
      if (mu > 0) { map[j] = m++; scale[j] = k == 0 ? 1.0 / mu : 1.0; }
      else if (k == 0) { map[j] = m++; scale[j] = 1.0; }
      else { map[j] = -1; scale[j] = 0.0; }
    }
  }
  S->n = m;
  S->q = malloc(sizeof(double) * (size_t)(m > 0 ? m : 1));
  int nnz = P->W->nnz;
  int *ti = malloc(sizeof(int) * (size_t)(nnz > 0 ? nnz : 1)), *tj = malloc(sizeof(int) * (size_t)(nnz > 0 ? nnz : 1));
  double *tx = malloc(sizeof(double) * (size_t)(nnz > 0 ? nnz : 1));
  if (!S->q || !ti || !tj || !tx) { free(ti); free(tj); free(tx); st = SN_ERR_NOMEM; goto done; }
  int k = 0;
  for (int j = 0; j < n; j++) {
    if (map[j] < 0) continue;
    for (int p = P->W->colptr[j]; p < P->W->colptr[j + 1]; p++) {
      int i = P->W->rowind[p];
      if (map[i] < 0) continue;
      ti[k] = map[i]; tj[k] = map[j]; tx[k++] = scale[i] * P->W->val[p] * scale[j];
    }
  }
  st = sn_csc_from_triplets(m, m, k, ti, tj, tx, &S->M);
  free(ti); free(tj); free(tx);
  if (st) goto done;
  for (int i = 0; i < P->nc; i++)
    for (int c = 0; c < d; c++) {
      int j = d * i + c;
      if (map[j] < 0) continue;
      double qj = P->q[j] + (c == 0 && s ? P->mu[i] * s[i] : 0.0);
      S->q[map[j]] = scale[j] * qj;
    }
done:
  free(map);
  free(scale);
  if (st) { sn_soclcp_free(S); return st; }
  *out = S;
  return SN_OK;
}
