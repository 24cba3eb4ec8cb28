/* Local frictional contact through its SOCLCP form: a fixed-point outer loop on the De Saxce
 * term (Acary & Brogliato, "Numerical Methods for Nonsmooth Dynamical Systems", 2008, 13.7;
 * Kanno, Martins & Pinto da Costa 2006): with s_k the current estimate of |u_T|, solve the
 * SOCLCP of sn_fc_to_soclcp(P, s_k) (warm-started) for r_{k+1}, until sn_fc_error(r) <= tol.
 *
 * Outer options (prefix fp_, removed before the rest goes to the inner solver):
 *   fp_omega=1   relaxation of the De Saxce term: s_{k+1} = (1 - w) s_k + w |u_T(r_{k+1})|
 *                (w < 1 damps the oscillation of s on problems where the plain map cycles)
 *   fp_stall=50  outer iterations without a new best error, at the tightest inner tolerance,
 *                before stopping with SN_STALLED
 * Inner tolerance: the inner solver measures its residual relative to the SOCLCP's own scale
 * (max(|q|, |x|, |y|), where y carries u_N / mu), which can differ from the frictional-contact
 * scale by orders of magnitude (mu = 0.01: a factor 100). The inner tolerance is
 * min(1e-3, max(0.1 error, 0.1 tol)) times a factor that is divided by 100 whenever the inner
 * solver accepted its warm start (no iteration) and the outer error did not move (by
 * 0.1 %), down to 1e-12: the inner accuracy follows what the outer error needs rather than a
 * fixed conversion between the two scales. */
#include "signorini/solver.h"
#include "solver/verdict.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* copy options without the fp_ entries into buf (len) */
static void strip_fp_options(const char *opt, char *buf, size_t len)
{
  size_t k = 0;
  buf[0] = '\0';
  if (!opt) return;
  const char *p = opt;
  while (*p) {
    while (*p == ' ' || *p == ',') p++;
    const char *end = strchr(p, ',');
    if (!end) end = p + strlen(p);
    if (end > p && strncmp(p, "fp_", 3) != 0 && k + (size_t)(end - p) + 2 < len) {
      if (k) buf[k++] = ',';
      memcpy(buf + k, p, (size_t)(end - p));
      k += (size_t)(end - p);
      buf[k] = '\0';
    }
    p = end;
  }
}

static void tangential_norms(const sn_fc *P, const double *u, double *t)
{
  int d = P->dim;
  for (int i = 0; i < P->nc; i++)
    t[i] = d == 3 ? hypot(u[3 * i + 1], u[3 * i + 2]) : fabs(u[2 * i + 1]);
}

int sn_fc_via_soclcp(const sn_fc *P, sn_soclcp_solver_fn inner, double *r, double *u,
                     const sn_settings *s, sn_info *info)
{
  return sn_fc_via_soclcp_named(P, inner, "via_soclcp", r, u, s, info);
}

int sn_fc_via_soclcp_named(const sn_fc *P, sn_soclcp_solver_fn inner, const char *name, double *r,
                           double *u, const sn_settings *s, sn_info *info)
{
  if (!P || !inner || !r || !u) return SN_ERR_ARG;
  sn_settings def;
  if (!s) { sn_settings_default(&def); s = &def; }   /* NULL settings: the defaults */
  int st = sn_fc_check(P, NULL, 0);
  if (st) return st;
  double omega = 1.0, stall_d = 50;
  if (s->options && strlen(s->options) > 1000) return SN_ERR_ARG;
  if (sn_option_double(s->options, "fp_omega", &omega) < 0 || !(omega > 0 && omega <= 1) ||
      sn_option_double(s->options, "fp_stall", &stall_d) < 0 || !(stall_d >= 1))
    return SN_ERR_FORMAT;
  char inner_opt[1024];
  strip_fp_options(s->options, inner_opt, sizeof inner_opt);
  double t0 = sn_wtime();
  if (info) sn_info_reset(info);
  int d = P->dim, n = d * P->nc, stall_max = (int)stall_d;
  double *sT = calloc((size_t)P->nc + 1, sizeof(double));
  double *ut = calloc((size_t)P->nc + 1, sizeof(double));
  double *x = calloc((size_t)n + 1, sizeof(double)), *y = calloc((size_t)n + 1, sizeof(double));
  double *best = malloc(sizeof(double) * ((size_t)n + 1));
  if (!sT || !ut || !x || !y || !best) { st = SN_ERR_NOMEM; if (info) info->status = st; goto done; }
  for (int i = 0; i < n; i++)
    if (!isfinite(r[i])) r[i] = 0.0;                  /* a NaN warm start is no start */
  sn_copy(n, r, best);
  double err = sn_fc_error(P, r, NULL), best_err = err;
  sn_copy(n, P->q, u);                                /* s_0 = |u_T(r_0)| */
  sn_csc_gemv(P->W, 1.0, r, 1.0, u);
  tangential_norms(P, u, sT);
  int it = 0, since_best = 0;
  double tfac = 1.0, itol = fmin(1e-3, fmax(0.1 * err, 0.1 * s->tol));
  sn_settings in = *s;
  in.progress = NULL;
  in.options = inner_opt[0] ? inner_opt : NULL;
  while (!(err <= s->tol)) {
    if (it >= s->max_iter) { st = SN_MAX_ITER; break; }
    sn_soclcp *S;
    if ((st = sn_fc_to_soclcp(P, sT, &S))) break;
    sn_soclcp_r_to_x(P, r, x);
    in.tol = itol;
    if (s->time_limit > 0) in.time_limit = fmax(s->time_limit - (sn_wtime() - t0), 1e-3);
    sn_info ii = {0};
    int sti = inner(S, x, y, &in, &ii);
    sn_soclcp_free(S);
    if (sti < 0) { st = sti; break; }
    sn_soclcp_x_to_r(P, x, r);
    double prev = err;
    err = sn_fc_error(P, r, NULL);
    it++;
    if (!(err >= 0)) { st = SN_ERR_NAN; break; }
    if (err < best_err) { best_err = err; sn_copy(n, r, best); since_best = 0; }
    else since_best++;
    int rec = sn_info_record(info, s, it, err, t0);
    if (err <= s->tol) break;                          /* converged: limits do not matter */
    if ((st = rec)) break;
    /* inner accuracy: follow the outer error, tighten when the outer loop does not progress */
    if (ii.iterations == 0 && err > 0.999 * prev) tfac = fmax(tfac * 1e-2, 1e-12);
    itol = fmax(fmin(fmax(0.1 * err, 0.1 * s->tol), 1e-3) * tfac, 1e-15);
    if (tfac <= 1e-12 && since_best >= stall_max) { st = SN_STALLED; break; }
    /* relaxed update of the De Saxce term */
    sn_copy(n, P->q, u);
    sn_csc_gemv(P->W, 1.0, r, 1.0, u);
    tangential_norms(P, u, ut);
    for (int i = 0; i < P->nc; i++) sT[i] = (1.0 - omega) * sT[i] + omega * ut[i];
  }
  if (st != SN_OK || !(err <= best_err)) { sn_copy(n, best, r); err = best_err; }
  sn_copy(n, P->q, u);
  sn_csc_gemv(P->W, 1.0, r, 1.0, u);
  if (info) {
    info->status = st;
    info->iterations = it;      /* outer (fixed-point) iterations, what max_iter caps */
    info->error = err;
    info->seconds = sn_wtime() - t0;
  }
  st = sn_fc_verdict(P, r, s, st, name, info);
done:
  free(sT); free(ut); free(x); free(y); free(best);
  return st;
}
