/* Frictional contact through the exact cone form with one extra variable per contact
 * (Kanno, Martins & Pinto da Costa, CMNE 2004, slides 8-10 and 18; IJNME 65 (2006) 62-83):
 * the mixed SOCLCP of sn_fc_to_socmlcp (local) or sn_gfc_to_socmlcp (global, W never formed),
 * solved by the smoothing-regularization Newton method sn_socmlcp_smooth. No fixed point on a
 * De Saxce term: lambda_i (= |u_T,i| at a sliding contact) is an unknown of the problem.
 *
 * Balancing: x holds velocities (lambda, u_T, u_N), y = P r forces, v velocities, and the free
 * rows velocities (u rows) or forces (equilibrium rows), so the natural map and its norm mix
 * units. The problem is replaced by the congruent one E A E, a' = E a, z = E z', E diagonal
 * positive and constant on each block: z'.A'z' = z.A z (the near-monotonicity is kept), the
 * solutions correspond, x' . y' = x . y, and with c a velocity/force ratio (the mean diagonal of
 * W, or its estimate mean_j sum_i H_ij^2 / M_ii for the global form) and
 *   e = 1/sqrt(c) on r,  sqrt(c) on x,  sqrt(c) on v,
 * every block of z' and of F' has the magnitude sqrt(|u| |r|): W' = W / c, M' = c M, and H, S, P
 * unchanged.
 *
 * Strategy: the Newton engine is run to its own tolerance, then tightened tenfold (warm) while
 * the error of the original problem (sn_fc_error / sn_gfc_error) is above tol. The problem is
 * not monotone (the term mu lambda r_N of z.A z), so the engine may stall or wander: when it
 * stalls or spends RUN_ITER iterations without reaching its tolerance, the best iterate is
 * improved by a few sweeps of a first-order method that does not need the cone form (NSGS on the
 * local problem, ADMM on the global one, FALLBACK_ITER iterations) and Newton restarts from
 * there, at most RESTARTS times (the last run gets what is left of max_iter). Statuses are those of the last engine run: SN_OK only when
 * the original error is <= tol. */
#include "signorini/solver.h"
#include "solver/verdict.h"
#include "common/relay.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { PASSES = 6, RESTARTS = 4, FALLBACK_ITER = 1000, RUN_ITER = 500 };

/* A := E A E, a := E a */
static void congruence(sn_socmlcp *S, const double *e)
{
  sn_csc *A = S->A;
  for (int j = 0; j < A->n; j++)
    for (int p = A->colptr[j]; p < A->colptr[j + 1]; p++) A->val[p] *= e[A->rowind[p]] * e[j];
  for (int i = 0; i < S->nf + S->n; i++) S->a[i] *= e[i];
}

/* the original problem: its error at z (nf unknowns of z are read back), and the back map */
typedef struct {
  const sn_fc *fc;
  const sn_gfc *gfc;
  double *r, *v;   /* the caller's arrays */
} orig;

/* (r, v) from z' (z = E z') */
static void back(const orig *O, const double *z, const double *e)
{
  int m = O->fc ? 0 : O->gfc->ndof, nr = O->fc ? O->fc->dim * O->fc->nc : O->gfc->dim * O->gfc->nc;
  for (int i = 0; i < m; i++) O->v[i] = e[i] * z[i];
  for (int i = 0; i < nr; i++) O->r[i] = e[m + i] * z[m + i];
}

static double orig_error(const orig *O)
{
  return O->fc ? sn_fc_error(O->fc, O->r, NULL) : sn_gfc_error(O->gfc, O->r, O->v, NULL, NULL, NULL);
}

/* z' from (r, v) */
static int start(const orig *O, const sn_socmlcp *S, const double *e, double *z)
{
  int st = O->fc ? sn_fc_socmlcp_start(O->fc, O->r, z) : sn_gfc_socmlcp_start(O->gfc, O->r, O->v, z);
  if (!st)
    for (int i = 0; i < S->nf + S->n; i++) z[i] /= e[i];
  return st;
}

/* a few iterations of a first-order method on the original problem, from (r, v) */
static int fallback(const orig *O, const sn_settings *s, double t0)
{
  sn_settings fs;
  sn_settings_default(&fs);
  fs.tol = s->tol;
  fs.max_iter = FALLBACK_ITER;
  if (s->time_limit > 0) fs.time_limit = fmax(s->time_limit - (sn_wtime() - t0), 1e-3);
  int st;
  if (O->fc) {
    int n = O->fc->dim * O->fc->nc;
    double *u = malloc(sizeof(double) * ((size_t)n + 1));
    if (!u) return SN_ERR_NOMEM;
    st = sn_fc_nsgs(O->fc, O->r, u, &fs, NULL);
    free(u);
  } else {
    st = sn_gfc_admm(O->gfc, O->r, O->v, &fs, NULL);
  }
  return st < 0 ? st : SN_OK;
}

static int run(const orig *O, sn_socmlcp *S, double c, const sn_settings *s, sn_info *info)
{
  double t0 = sn_wtime();
  if (info) sn_info_reset(info);
  int N = S->nf + S->n, nr = O->fc ? O->fc->dim * O->fc->nc : O->gfc->dim * O->gfc->nc;
  int nv = O->fc ? 0 : O->gfc->ndof;
  double *z = malloc(sizeof(double) * ((size_t)N + 1)), *y = malloc(sizeof(double) * ((size_t)N + 1));
  double *br = malloc(sizeof(double) * ((size_t)nr + 1)), *bv = malloc(sizeof(double) * ((size_t)nv + 1));
  double *e = malloc(sizeof(double) * ((size_t)N + 1));
  int st = SN_ERR_NOMEM;
  if (!z || !y || !br || !bv || !e) goto done;
  double sc = sqrt(c > 0 && isfinite(c) ? c : 1.0);
  for (int i = 0; i < N; i++) e[i] = i < nv ? sc : (i < nv + nr ? 1.0 / sc : sc);
  congruence(S, e);
  for (int i = 0; i < nr; i++)
    if (!isfinite(O->r[i])) O->r[i] = 0.0;          /* a NaN warm start is no start */
  for (int i = 0; i < nv; i++)
    if (!isfinite(O->v[i])) O->v[i] = 0.0;
  double err = orig_error(O), best = err;
  sn_copy(nr, O->r, br);
  if (nv) sn_copy(nv, O->v, bv);
  if ((st = start(O, S, e, z))) goto done;
  sn_settings in = *s;
  sn_relay R;   /* a stop the callback asks for ends the solve (the engine reports it as
                   SN_STALLED, which must not trigger a restart) */
  sn_relay_init(&R, s, &in);
  int its = 0, restarts = 0, passes = 0;
  st = SN_OK;
  while (!(err <= s->tol)) {
    if (its >= s->max_iter) { st = SN_MAX_ITER; break; }
    in.max_iter = s->max_iter - its;
    int capped = restarts < RESTARTS && in.max_iter > RUN_ITER;   /* a budget per Newton run */
    if (capped) in.max_iter = RUN_ITER;
    if (s->time_limit > 0) {
      in.time_limit = s->time_limit - (sn_wtime() - t0);
      if (in.time_limit <= 0) { st = SN_TIME_LIMIT; break; }
    }
    sn_info ii = {0};
    if (info && info->history) {                      /* one history across the passes */
      ii.history = info->history + info->history_len;
      ii.history_cap = info->history_cap - info->history_len;
    }
    R.offset = its;
    st = sn_socmlcp_smooth(S, z, y, &in, &ii);
    its += ii.iterations;
    if (info) { info->history_len += ii.history_len; info->iterations = its; }
    if (st < 0) break;
    back(O, z, e);
    err = orig_error(O);
    if (!(err >= 0)) { st = SN_ERR_NAN; break; }
    if (err < best) { best = err; sn_copy(nr, O->r, br); if (nv) sn_copy(nv, O->v, bv); }
    if (err <= s->tol) { st = SN_OK; break; }
    if (st == SN_OK) {                                /* the engine met its tolerance: tighten */
      if (++passes >= PASSES || in.tol < 1e-15) { st = SN_STALLED; break; }
      in.tol *= 0.1;
      continue;
    }
    if (((st == SN_STALLED && !R.stopped) || (st == SN_MAX_ITER && capped)) && restarts < RESTARTS) {
      /* not monotone: Newton stalled or spent its budget; first-order sweeps, then restart */
      restarts++;
      sn_copy(nr, br, O->r);
      if (nv) sn_copy(nv, bv, O->v);
      int sf = fallback(O, s, t0);
      if (sf < 0) { st = sf; break; }
      err = orig_error(O);
      if (err < best) { best = err; sn_copy(nr, O->r, br); if (nv) sn_copy(nv, O->v, bv); }
      if (err <= s->tol) { st = SN_OK; break; }
      if ((st = start(O, S, e, z))) break;
      continue;
    }
    break;                                            /* max_iter, time limit, callback */
  }
  if (!(err <= best)) { sn_copy(nr, br, O->r); if (nv) sn_copy(nv, bv, O->v); err = best; }
  if (st == SN_OK && !(err <= s->tol)) st = SN_STALLED;
  if (info) {
    info->status = st;
    info->iterations = its;
    info->error = err;
    info->seconds = sn_wtime() - t0;
  }
done:
  if (st < 0 && info) info->status = st;
  free(z); free(y); free(br); free(bv); free(e);
  return st;
}

static int check_opts(const sn_settings *s)
{
  static const char *const keys[] = {"mu0", "eps0", NULL};
  return sn_option_check(s->options, keys);
}

int sn_fc_socmix(const sn_fc *P, double *r, double *u, const sn_settings *s, sn_info *info)
{
  sn_settings def;
  if (!s) { sn_settings_default(&def); s = &def; }
  int st = !P || !r || !u ? SN_ERR_ARG : sn_fc_check(P, NULL, 0);
  if (!st) st = check_opts(s);
  sn_socmlcp *S = NULL;
  if (!st) st = sn_fc_to_socmlcp(P, &S);
  if (st) {
    if (info) { sn_info_reset(info); info->status = st; }
    return st;
  }
  /* c: the mean positive diagonal entry of W */
  double c = 0.0;
  int nd = 0;
  for (int j = 0; j < P->W->n; j++)
    for (int p = P->W->colptr[j]; p < P->W->colptr[j + 1]; p++)
      if (P->W->rowind[p] == j && P->W->val[p] > 0) { c += P->W->val[p]; nd++; }
  c = nd ? c / nd : 1.0;
  orig O = {P, NULL, r, NULL};
  st = run(&O, S, c, s, info);
  sn_socmlcp_free(S);
  int n = P->dim * P->nc;
  sn_copy(n, P->q, u);
  sn_csc_gemv(P->W, 1.0, r, 1.0, u);
  return sn_fc_verdict(P, r, s, st, "socmix", info);
}

int sn_gfc_socmix(const sn_gfc *P, double *r, double *v, const sn_settings *s, sn_info *info)
{
  sn_settings def;
  if (!s) { sn_settings_default(&def); s = &def; }
  int st = !P || !r || !v ? SN_ERR_ARG : sn_gfc_check(P, NULL, 0);
  if (!st && P->neq > 0) st = SN_ERR_ARG;
  if (!st) st = check_opts(s);
  sn_socmlcp *S = NULL;
  if (!st) st = sn_gfc_to_socmlcp(P, &S);
  if (st) {
    if (info) { sn_info_reset(info); info->status = st; }
    return st;
  }
  /* c: mean_j sum_i H_ij^2 / M_ii, an estimate of the mean diagonal of W = H^T M^-1 H */
  int m = P->ndof, nr = P->dim * P->nc;
  double *dm = calloc((size_t)m + 1, sizeof(double)), c = 0.0;
  if (!dm) { sn_socmlcp_free(S); if (info) { sn_info_reset(info); info->status = SN_ERR_NOMEM; } return SN_ERR_NOMEM; }
  for (int j = 0; j < m; j++)
    for (int p = P->M->colptr[j]; p < P->M->colptr[j + 1]; p++)
      if (P->M->rowind[p] == j) dm[j] += P->M->val[p];
  int nd = 0;
  for (int j = 0; j < nr; j++) {
    double sj = 0.0;
    for (int p = P->H->colptr[j]; p < P->H->colptr[j + 1]; p++) {
      int i = P->H->rowind[p];
      if (dm[i] > 0) sj += P->H->val[p] * P->H->val[p] / dm[i];
    }
    if (sj > 0) { c += sj; nd++; }
  }
  free(dm);
  c = nd ? c / nd : 1.0;
  orig O = {NULL, P, r, v};
  st = run(&O, S, c, s, info);
  sn_socmlcp_free(S);
  return sn_gfc_verdict(P, r, v, s, st, "socmixg", info);
}
