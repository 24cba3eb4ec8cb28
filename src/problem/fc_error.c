/* Error measures of the discrete problems: Siconos' natural-map residual for frictional
 * contact (fc3d_compute_error), the LCP residual, the global-problem residual. */
#include "signorini/problem.h"
#include "problem/problem_check.h"
#include "problem/fc_natmap.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>


/* Projection onto K_mu = {|x_T| <= mu x_N} (normal first): identity inside, 0 in the polar
 * cone, otherwise onto the boundary ray in the plane of x and the axis. */
void sn_proj_cone(int dim, double mu, double *x)
{
  double nt = dim == 3 ? hypot(x[1], x[2]) : fabs(x[1]);
  if (mu * nt <= -x[0]) {                 /* polar cone */
    x[0] = x[1] = 0.0;
    if (dim == 3) x[2] = 0.0;
  } else if (nt <= mu * x[0]) {           /* inside */
    return;
  } else {
    double rn = (mu * nt + x[0]) / (mu * mu + 1.0);
    double s = mu * rn / nt;
    x[0] = rn;
    x[1] *= s;
    if (dim == 3) x[2] *= s;
  }
}

int sn_fc_natmap_u(const sn_fc *P, const double *r, const double *u, double *abs_err,
                   double *norm)
{
  int d = P->dim, n = d * P->nc;
  double sum = 0.0;
  for (int i = 0; i < P->nc; i++) {
    const double *ri = r + d * i, *ui = u + d * i;
    double mu = P->mu[i], ut = d == 3 ? hypot(ui[1], ui[2]) : fabs(ui[1]);
    double t[3];
    t[0] = ri[0] - ui[0] - mu * ut;       /* r - (u + [mu |u_T|, 0, 0]) */
    for (int k = 1; k < d; k++) t[k] = ri[k] - ui[k];
    sn_proj_cone(d, mu, t);
    for (int k = 0; k < d; k++) sum += (ri[k] - t[k]) * (ri[k] - t[k]);
  }
  if (abs_err) *abs_err = sqrt(sum);
  if (norm) {
    double nq = sn_nrm2(n, P->q), nr = sn_nrm2(n, r), nu = sn_nrm2(n, u);
    *norm = fmax(nq, fmax(nr, nu));
  }
  return SN_OK;
}

int sn_fc_error_parts(const sn_fc *P, const double *r, double *abs_err, double *norm)
{
  if (!P || !r || !P->W) return SN_ERR_ARG;
  int d = P->dim, n = d * P->nc;
  double small[SN_SMALL_N];   /* small problems: no allocation */
  double *u = n <= SN_SMALL_N ? small : malloc(sizeof(double) * (size_t)n);
  if (!u) return SN_ERR_NOMEM;
  sn_copy(n, P->q, u);
  sn_csc_gemv(P->W, 1.0, r, 1.0, u);
  sn_fc_natmap_u(P, r, u, abs_err, norm);
  if (u != small) free(u);
  return SN_OK;
}

double sn_fc_error(const sn_fc *P, const double *r, const double *u)
{
  (void)u;
  double e, nrm;
  if (sn_fc_error_parts(P, r, &e, &nrm)) return NAN;
  return nrm > DBL_EPSILON ? e / nrm : e;
}

double sn_lcp_error(const sn_lcp *P, const double *z)
{
  if (!P || !z) return NAN;
  int n = P->n;
  double *w = malloc(sizeof(double) * (size_t)(n > 0 ? n : 1));
  if (!w) return NAN;
  sn_copy(n, P->q, w);
  sn_csc_gemv(P->M, 1.0, z, 1.0, w);
  double sum = 0.0;
  for (int i = 0; i < n; i++) {
    double e = z[i] - fmax(0.0, z[i] - w[i]);
    sum += e * e;
  }
  free(w);
  double nq = sn_nrm2(n, P->q);
  return nq > DBL_EPSILON ? sqrt(sum) / nq : sqrt(sum);
}

double sn_gfc_error(const sn_gfc *P, const double *r, const double *v, const double *l,
                    double *equilibrium, double *local)
{
  return sn_gfc_error_mv(P, r, v, l, NULL, equilibrium, local);
}

double sn_gfc_error_mv(const sn_gfc *P, const double *r, const double *v, const double *l, const double *Mvg,
                       double *equilibrium, double *local)
{
  if (!P || !r || !v) return NAN;
  int n = P->dim * P->nc, m = P->ndof;
  double *a = malloc(sizeof(double) * (size_t)(m > 0 ? m : 1) * 3);
  double *u = malloc(sizeof(double) * (size_t)(n > 0 ? n : 1));
  if (!a || !u) { free(a); free(u); return NAN; }
  double *Mv = a, *Hr = a + m, *res = a + 2 * m;
  if (Mvg) sn_copy(m, Mvg, Mv);
  else sn_csc_gemv(P->M, 1.0, v, 0.0, Mv);
  sn_csc_gemv(P->H, 1.0, r, 0.0, Hr);
  for (int i = 0; i < m; i++) res[i] = Mv[i] - Hr[i] - P->f[i];
  if (P->neq > 0 && P->G && l) sn_csc_gemv(P->G, -1.0, l, 1.0, res);
  double den = fmax(sn_nrm2(m, P->f), fmax(sn_nrm2(m, Mv), sn_nrm2(m, Hr)));
  double eq = sn_nrm2(m, res);
  if (den > DBL_EPSILON) eq /= den;
  /* local measure on (r, u = H^T v + w): the local problem with W = 0 and q = u */
  sn_copy(n, P->w, u);
  sn_csc_gemv_t(P->H, 1.0, v, 1.0, u);
  sn_csc Z = {n, n, 0, 0, NULL, NULL, NULL};
  int *zp = calloc((size_t)n + 1, sizeof(int));
  double loc = NAN;
  if (zp) {
    Z.colptr = zp;
    sn_fc L = {P->dim, P->nc, &Z, u, P->mu};
    double e, nrm;
    if (!sn_fc_error_parts(&L, r, &e, &nrm)) {
      double nw = sn_nrm2(n, P->w);   /* normalisation max(|w|, |r|, |u|) */
      nrm = fmax(nrm, nw);
      loc = nrm > DBL_EPSILON ? e / nrm : e;
    }
  }
  free(zp);
  free(a);
  free(u);
  if (equilibrium) *equilibrium = eq;
  if (local) *local = loc;
  return eq + loc;
}
