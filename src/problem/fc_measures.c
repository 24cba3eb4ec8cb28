/* Honest absolute measures of a frictional-contact result (penetration, cone violation,
 * unnormalised residual) and the acceptance rule documented in problem.h. */
#include "signorini/problem.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>

static int all_finite(int n, const double *x)
{
  for (int k = 0; k < n; k++)
    if (!isfinite(x[k])) return 0;
  return 1;
}

/* penetration and cone violation of (r, u); Wr_norm = |W r| (or |H^T v|), q_norm = |q| (|w|),
 * wr_bound = |W| |r| (a bound of |W r| without cancellation; 0 when unknown) */
static void fill(int dim, int nc, const double *mu, const double *r, const double *u,
                 double q_norm, double Wr_norm, double wr_bound, double tol, sn_fc_meas *m)
{
  int n = dim * nc;
  double pen = 0.0, cv = 0.0, rmax = 0.0;
  for (int i = 0; i < nc; i++) {
    const double *ri = r + dim * i;
    double rt = dim == 3 ? hypot(ri[1], ri[2]) : fabs(ri[1]);
    pen = fmax(pen, -u[dim * i]);
    cv = fmax(cv, fmax(rt - mu[i] * ri[0], -ri[0]));
    for (int k = 0; k < dim; k++) rmax = fmax(rmax, fabs(ri[k]));
  }
  int finite = all_finite(n, r) && all_finite(n, u) && isfinite(m->rel_error);
  m->penetration = finite ? pen : INFINITY;
  m->cone_violation = finite ? cv : INFINITY;
  m->vscale = fmax(q_norm, Wr_norm);
  m->accepted = finite && pen <= tol * m->vscale && cv <= tol * rmax;
  double nr = sn_nrm2(n, r), nu = sn_nrm2(n, u);
  m->diverging = !m->accepted &&
                 (!finite || (m->rel_error <= tol && nr > fmax(q_norm, nu)) ||
                  wr_bound > m->vscale / sqrt(tol));
}

static double frobenius(const sn_csc *A)
{
  double s = 0.0;
  for (int p = 0; p < A->colptr[A->n]; p++) s += A->val[p] * A->val[p];
  return sqrt(s);
}

int sn_fc_measures(const sn_fc *P, const double *r, double tol, sn_fc_meas *m)
{
  if (!P || !P->W || !P->q || !P->mu || !r || !m) return SN_ERR_ARG;
  int n = P->dim * P->nc;
  double *u = malloc(sizeof(double) * (size_t)(n > 0 ? n : 1));
  if (!u) return SN_ERR_NOMEM;
  double nrm;
  int st = sn_fc_error_parts(P, r, &m->abs_residual, &nrm);
  if (st) { free(u); return st; }
  m->rel_error = nrm > DBL_EPSILON ? m->abs_residual / nrm : m->abs_residual;
  sn_csc_gemv(P->W, 1.0, r, 0.0, u);                  /* W r, then u = W r + q */
  double wr = sn_nrm2(n, u);
  for (int k = 0; k < n; k++) u[k] += P->q[k];
  fill(P->dim, P->nc, P->mu, r, u, sn_nrm2(n, P->q), wr, frobenius(P->W) * sn_nrm2(n, r), tol, m);
  free(u);
  return SN_OK;
}

int sn_gfc_measures(const sn_gfc *P, const double *r, const double *v, double tol, sn_fc_meas *m)
{
  if (!P || !P->H || !P->w || !P->mu || !r || !v || !m) return SN_ERR_ARG;
  int n = P->dim * P->nc;
  double *u = malloc(sizeof(double) * (size_t)(n > 0 ? n : 1));
  if (!u) return SN_ERR_NOMEM;
  m->rel_error = sn_gfc_error(P, r, v, NULL, NULL, NULL);
  sn_csc_gemv_t(P->H, 1.0, v, 0.0, u);                /* H^T v, then u = H^T v + w */
  double hv = sn_nrm2(n, u);
  for (int k = 0; k < n; k++) u[k] += P->w[k];
  /* the natural-map residual of (r, u): the local problem with W = 0 and q = u */
  int *zp = calloc((size_t)n + 1, sizeof(int));
  if (!zp) { free(u); return SN_ERR_NOMEM; }
  sn_csc Z = {n, n, 0, 0, zp, NULL, NULL};
  sn_fc L = {P->dim, P->nc, &Z, u, P->mu};
  int st = sn_fc_error_parts(&L, r, &m->abs_residual, NULL);
  if (!st) fill(P->dim, P->nc, P->mu, r, u, sn_nrm2(n, P->w), hv, 0.0, tol, m);
  free(zp);
  free(u);
  return st;
}
