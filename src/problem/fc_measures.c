/* Honest absolute measures of a frictional-contact result (penetration, cone violation,
 * unnormalised residual) and the acceptance rule documented in problem.h. */
#include "signorini/problem.h"
#include "problem/problem_check.h"
#include "problem/fc_natmap.h"
#include "problem/fc_rule.h"
#include "common/fmax_first.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>


static int all_finite(int n, const double *x)
{
  for (int k = 0; k < n; k++)
    if (!isfinite(x[k])) return 0;
  return 1;
}

/* the running maxima over the contacts of (r, u) */
typedef struct {
  double pen, cv, comp, rmax;
} maxima;

/* contact i's share: ri, ui its reaction and velocity, rt = |r_T|, ut = |u_T| */
static void contact_maxima(int dim, double mu, const double *ri, const double *ui, double rt,
                           double ut, maxima *x)
{
  double ru = ri[0] * (ui[0] + mu * ut);          /* r . u_hat, De Saxce's u_hat */
  for (int k = 1; k < dim; k++) ru += ri[k] * ui[k];
  x->pen = sn_fmax_first(x->pen, -ui[0]);
  x->cv = sn_fmax_first(x->cv, sn_fmax_first(rt - mu * ri[0], -ri[0]));
  x->comp = sn_fmax_first(x->comp, ru);
  for (int k = 0; k < dim; k++) x->rmax = sn_fmax_first(x->rmax, fabs(ri[k]));
}

double sn_fc_meas_missed_by(const sn_fc_meas *m, double rmax, double tol)
{
  double atol = sqrt(fmin(fmax(tol, 0.0), 1.0));
  double vs = m->vscale > DBL_EPSILON ? m->vscale : 1.0, rs = rmax > DBL_EPSILON ? rmax : 1.0;
  double f = m->penetration / (atol * vs);
  f = fmax(f, m->cone_violation / (atol * rs));
  return fmax(f, m->complementarity / (atol * vs * rs));
}

int sn_fc_rule_holds(double penetration, double cone_violation, double complementarity, double vscale,
                     double rmax, double tol)
{
  double atol = sqrt(fmin(fmax(tol, 0.0), 1.0));   /* (sn_fc_meas_missed_by: the same bounds) */
  double vs = vscale > DBL_EPSILON ? vscale : 1.0, rs = rmax > DBL_EPSILON ? rmax : 1.0;
  return penetration <= atol * vs && cone_violation <= atol * rs && complementarity <= atol * vs * rs;
}

/* penetration, cone violation and the acceptance rule from the maxima; finite: r, u and the
 * relative error finite; q_norm = |q| (or |w|), Wr_norm = |W r| (or |H^T v|), wr_bound =
 * |W| |r| (a bound of |W r| without cancellation; 0 when unknown) */
static void finish(const maxima *x, int finite, double q_norm, double Wr_norm, double wr_bound,
                   double tol, sn_fc_meas *m)
{
  m->penetration = finite ? x->pen : INFINITY;
  m->cone_violation = finite ? x->cv : INFINITY;
  m->complementarity = finite ? x->comp : INFINITY;
  m->vscale = fmax(q_norm, Wr_norm);
  /* sqrt(tol): between the round-off of sound results and the O(1) of diverging ones; scales
   * below DBL_EPSILON count as 1 (absolute), as in Siconos' measure. The complementarity
   * bound is the penetration bound on the other side: under the largest force the gap may
   * open by sqrt(tol) vscale, a separated contact may carry sqrt(tol) |r|_inf */
  m->accepted = finite && sn_fc_rule_holds(x->pen, x->cv, x->comp, m->vscale, x->rmax, tol);
  m->diverging = !m->accepted &&
                 (!finite || m->rel_error <= tol || wr_bound > m->vscale / sqrt(tol));
}

/* the global problem's measures: the maxima of (r, u), then the rule */
static void fill(int dim, int nc, const double *mu, const double *r, const double *u,
                 double q_norm, double Wr_norm, double wr_bound, double tol, sn_fc_meas *m)
{
  int n = dim * nc;
  maxima x = {0.0, 0.0, 0.0, 0.0};
  for (int i = 0; i < nc; i++) {
    const double *ri = r + dim * i, *ui = u + dim * i;
    double rt = dim == 3 ? hypot(ri[1], ri[2]) : fabs(ri[1]);
    double ut = dim == 3 ? hypot(ui[1], ui[2]) : fabs(ui[1]);
    contact_maxima(dim, mu[i], ri, ui, rt, ut, &x);
  }
  int finite = all_finite(n, r) && all_finite(n, u) && isfinite(m->rel_error);
  finish(&x, finite, q_norm, Wr_norm, wr_bound, tol, m);
}

/* One pass over W: the bound of |W r| without cancellation, | |W| |r| | (the 2-norm of the row
 * sums |W_ij| |r_j|: each row's products added in absolute value), and the contacts with
 * q_N < 0 whose normal row of W is numerically zero: zero or subnormal (< DBL_MIN), or below
 * DBL_EPSILON times the largest entry of W; no reaction can stop their penetration (a
 * certificate of infeasibility from the data alone). rowmax, rowabs: n doubles each.
 * The entrywise bound, not |W|_F |r|: by Cauchy-Schwarz per row it is never larger, and it
 * stays within the contacts' neighbour count of |W r| where W r does not cancel, where
 * |W|_F |r| grows with sqrt(nnz) and the depth of a pile (a deposited 1 000-disc pile's
 * sound iterates were called diverging). */
static int w_scan(const sn_fc *P, const double *r, double *rowmax, double *rowabs, double *bound)
{
  int d = P->dim, n = d * P->nc, k = 0;
  const sn_csc *W = P->W;
  double wmax = 0.0;
  for (int i = 0; i < n; i++) rowmax[i] = rowabs[i] = 0.0;
  for (int j = 0; j < W->n; j++) {
    double rj = fabs(r[j]);
    for (int p = W->colptr[j]; p < W->colptr[j + 1]; p++) {
      double a = fabs(W->val[p]);
      int i = W->rowind[p];
      rowabs[i] += a * rj;
      rowmax[i] = sn_fmax_first(rowmax[i], a);
      wmax = sn_fmax_first(wmax, a);
    }
  }
  for (int i = 0; i < P->nc; i++) {
    double w = rowmax[d * i];
    if (P->q[d * i] < 0 && (w < DBL_MIN || w <= DBL_EPSILON * wmax)) k++;
  }
  *bound = sn_nrm2(n, rowabs);
  return k;
}

/* One pass over the contacts for the natural-map residual (sn_fc_natmap_u's sum, in its
 * order) and the maxima, |u_T| computed once for both; the norms of q and r once each (they
 * serve the relative error, the velocity scale and the bound |W| |r|) */
int sn_fc_measures(const sn_fc *P, const double *r, double tol, sn_fc_meas *m)
{
  if (!P || !P->W || !P->q || !P->mu || !r || !m) return SN_ERR_ARG;
  int d = P->dim, n = d * P->nc;
  double small[2 * SN_SMALL_N];   /* small problems: no allocation */
  double *u = n <= SN_SMALL_N ? small : malloc(sizeof(double) * 2 * (size_t)n);
  if (!u) return SN_ERR_NOMEM;
  double *rowabs = u + n;
  if (n > 0) memcpy(u, P->q, sizeof(double) * (size_t)n);   /* u = W r + q, as sn_fc_error_parts */
  sn_csc_gemv(P->W, 1.0, r, 1.0, u);
  maxima x = {0.0, 0.0, 0.0, 0.0};
  double sum = 0.0;
  for (int i = 0; i < P->nc; i++) {
    const double *ri = r + d * i, *ui = u + d * i;
    double mu = P->mu[i], ut = d == 3 ? hypot(ui[1], ui[2]) : fabs(ui[1]), t[3];
    t[0] = ri[0] - ui[0] - mu * ut;       /* r - (u + [mu |u_T|, 0, 0]) */
    for (int k = 1; k < d; k++) t[k] = ri[k] - ui[k];
    sn_proj_cone(d, mu, t);
    for (int k = 0; k < d; k++) sum += (ri[k] - t[k]) * (ri[k] - t[k]);
    double rt = d == 3 ? hypot(ri[1], ri[2]) : fabs(ri[1]);
    contact_maxima(d, mu, ri, ui, rt, ut, &x);
  }
  m->abs_residual = sqrt(sum);
  double nq = sn_nrm2(n, P->q), nr = sn_nrm2(n, r), nu = sn_nrm2(n, u);
  double nrm = fmax(nq, fmax(nr, nu));
  m->rel_error = nrm > DBL_EPSILON ? m->abs_residual / nrm : m->abs_residual;
  double wr = 0.0;                                    /* |W r| = |u - q| */
  for (int k = 0; k < n; k++) wr += (u[k] - P->q[k]) * (u[k] - P->q[k]);
  wr = sqrt(wr);
  int finite = all_finite(n, r) && all_finite(n, u) && isfinite(m->rel_error);
  double wrb;
  m->stuck = w_scan(P, r, u, rowabs, &wrb);   /* u's storage reused for the row maxima */
  finish(&x, finite, nq, wr, wrb, tol, m);
  if (!m->accepted && m->stuck) m->diverging = 1;
  if (u != small) free(u);
  return SN_OK;
}

/* the velocity scale of a global problem without factorizing M: with D = diag(M),
 * max(|w|, |H^T D^-1 f|, |H^T D^-1 H r|) estimates max(|q|, |W r|) of the condensed problem
 * (|H^T v| alone vanishes at a static equilibrium, where both parts cancel) */
static int gfc_vscale(const sn_gfc *P, const double *r, const double *dm, double *out)
{
  int m = P->ndof, n = P->dim * P->nc;
  double *a = calloc((size_t)(2 * m + n + 1), sizeof(double));
  if (!a) return SN_ERR_NOMEM;
  double *d = a, *x = a + m, *y = a + 2 * m;
  for (int j = 0; j < m; j++) {
    d[j] = 0.0;
    if (dm) d[j] = dm[j];
    else
      for (int p = P->M->colptr[j]; p < P->M->colptr[j + 1]; p++)
        if (P->M->rowind[p] == j) d[j] = P->M->val[p];
  }
  for (int j = 0; j < m; j++) x[j] = d[j] > 0 ? P->f[j] / d[j] : 0.0;
  sn_csc_gemv_t(P->H, 1.0, x, 0.0, y);
  double s = fmax(sn_nrm2(n, P->w), sn_nrm2(n, y));
  sn_csc_gemv(P->H, 1.0, r, 0.0, x);
  for (int j = 0; j < m; j++) x[j] = d[j] > 0 ? x[j] / d[j] : 0.0;
  sn_csc_gemv_t(P->H, 1.0, x, 0.0, y);
  *out = fmax(s, sn_nrm2(n, y));
  free(a);
  return SN_OK;
}

int sn_gfc_measures(const sn_gfc *P, const double *r, const double *v, double tol, sn_fc_meas *m)
{
  return sn_gfc_measures_mv(P, r, v, tol, NULL, NULL, m);
}

int sn_gfc_measures_mv(const sn_gfc *P, const double *r, const double *v, double tol, const double *dm,
                       const double *Mv, sn_fc_meas *m)
{
  if (!P || !P->H || !P->M || !P->f || !P->w || !P->mu || !r || !v || !m) return SN_ERR_ARG;
  int n = P->dim * P->nc;
  double vs;
  int st = gfc_vscale(P, r, dm, &vs);
  if (st) return st;
  double *u = malloc(sizeof(double) * (size_t)(n > 0 ? n : 1));
  if (!u) return SN_ERR_NOMEM;
  m->rel_error = sn_gfc_error_mv(P, r, v, NULL, Mv, NULL, NULL);
  sn_copy(n, P->w, u);                                /* u = H^T v + w */
  sn_csc_gemv_t(P->H, 1.0, v, 1.0, u);
  /* the natural-map residual of (r, u): the local problem with W = 0 and q = u */
  int *zp = calloc((size_t)n + 1, sizeof(int));
  if (!zp) { free(u); return SN_ERR_NOMEM; }
  sn_csc Z = {n, n, 0, 0, zp, NULL, NULL};
  sn_fc L = {P->dim, P->nc, &Z, u, P->mu};
  st = sn_fc_error_parts(&L, r, &m->abs_residual, NULL);
  if (!st) fill(P->dim, P->nc, P->mu, r, u, vs, 0.0, 0.0, tol, m);
  m->stuck = 0;
  free(zp);
  free(u);
  return st;
}
