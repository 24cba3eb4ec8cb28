/* Nonsmooth Gauss-Seidel (NSGS) for the local frictional contact problem u = W r + q.
 *
 * Sweep over the contacts i (in order, or shuffled every sweep): with the others frozen, contact
 * i sees u_i = W_ii r_i + q_i + sum_{j != i} W_ij r_j, a one-contact problem solved by a local
 * solver (fc_local.c), then r_i <- (1 - omega) r_i + omega r_i^loc (projected back onto K when
 * omega > 1). M. Jean, J.J. Moreau, "Dynamics in the presence of unilateral contacts and dry
 * friction: a numerical approach" (1987); M. Jean, "The non-smooth contact dynamics method",
 * CMAME 177 (1999) 235-257; the stopping test on the full natural-map error is Siconos'
 * (V. Acary, M. Bremond, O. Huber, "On solving contact problems with Coulomb friction:
 * formulations and numerical comparisons", in Advanced Topics in Nonsmooth Dynamics, 2018).
 *
 * Options: local=proj|ac|hybrid (default hybrid; in 2D hybrid is the exact enumeration, and
 * local=proj / local=ac are honoured in 2D too), omega=1, shuffle=0|1, seed=N (the shuffle's
 * own splitmix64 generator, no global state), rho=R (fixed local step, default automatic per
 * contact), local_tol=1e-12 (relative), local_iter=N (default 25 Newton / 100 projection steps),
 * stall=1000: after that many sweeps without a new best error, switch to the shuffled order, and
 * on later stalls halve omega (Gauss-Seidel with exact local solves cycles on some non-symmetric
 * W: OneObject-i100000-316 alternates between two states; 0 disables).
 * The full error is computed after every sweep (one product W r); r returned is the best
 * iterate seen, and after a non-finite update the last finite one (status SN_ERR_NAN). */
#include "solver/fc_local.h"
#include "signorini/solver.h"
#include "solver/verdict.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

struct sn_nsgs_ws {
  const sn_fc *P;
  const sn_bsr *B;
  sn_nsgs_opts o;
  double sigma;
  const double *c;
  int *order;
  uint64_t rng;
};

int sn_nsgs_parse(const char *options, sn_nsgs_opts *o)
{
  o->local = SN_LOCAL_HYBRID;
  o->omega = 1.0;
  o->shuffle = 0;
  o->seed = 0;
  o->rho = 0.0;
  o->local_tol = 1e-12;
  o->local_iter = 0;
  char buf[16];
  int st = sn_option_string(options, "local", buf, sizeof buf);
  if (st < 0) return st;
  if (st == 1) {
    if (!strcmp(buf, "proj")) o->local = SN_LOCAL_PROJ;
    else if (!strcmp(buf, "ac")) o->local = SN_LOCAL_AC;
    else if (!strcmp(buf, "hybrid")) o->local = SN_LOCAL_HYBRID;
    else return SN_ERR_UNKNOWN;
  }
  double v;
  if ((st = sn_option_double(options, "omega", &v)) < 0) return st;
  if (st == 1) {
    if (!(v > 0.0 && v < 2.0)) return SN_ERR_ARG;
    o->omega = v;
  }
  if ((st = sn_option_double(options, "shuffle", &v)) < 0) return st;
  if (st == 1) o->shuffle = v != 0.0;
  if ((st = sn_option_double(options, "seed", &v)) < 0) return st;
  if (st == 1) {
    if (v < 0 || v > 1.8e19) return SN_ERR_ARG;
    o->seed = (uint64_t)v;
  }
  if ((st = sn_option_double(options, "rho", &v)) < 0) return st;
  if (st == 1) {
    if (!(v > 0.0)) return SN_ERR_ARG;
    o->rho = v;
  }
  if ((st = sn_option_double(options, "local_tol", &v)) < 0) return st;
  if (st == 1) {
    if (!(v > 0.0)) return SN_ERR_ARG;
    o->local_tol = v;
  }
  if ((st = sn_option_double(options, "local_iter", &v)) < 0) return st;
  if (st == 1) {
    if (!(v >= 1.0 && v <= 1e6)) return SN_ERR_ARG;
    o->local_iter = (int)v;
  }
  return SN_OK;
}

int sn_nsgs_ws_new(const sn_fc *P, const sn_bsr *B, const sn_nsgs_opts *o, sn_nsgs_ws **out)
{
  sn_nsgs_ws *ws = calloc(1, sizeof *ws);
  if (!ws) return SN_ERR_NOMEM;
  ws->order = malloc(sizeof(int) * (size_t)(P->nc > 0 ? P->nc : 1));
  if (!ws->order) { free(ws); return SN_ERR_NOMEM; }
  for (int i = 0; i < P->nc; i++) ws->order[i] = i;
  ws->P = P;
  ws->B = B;
  ws->o = *o;
  ws->rng = o->seed;
  *out = ws;
  return SN_OK;
}

void sn_nsgs_ws_free(sn_nsgs_ws *ws)
{
  if (!ws) return;
  free(ws->order);
  free(ws);
}

void sn_nsgs_ws_shift(sn_nsgs_ws *ws, double sigma, const double *c)
{
  ws->sigma = c ? sigma : 0.0;
  ws->c = c;
}

/* the one-contact problem of contact i with the other contacts frozen at r */
static void local_problem(const sn_nsgs_ws *ws, int i, const double *r, sn_fc_local *L)
{
  const sn_fc *P = ws->P;
  const sn_bsr *B = ws->B;
  int d = P->dim;
  double y[3];
  sn_bsr_row_gemv(B, i, r, y);                     /* sum_j W_ij r_j, diagonal included */
  memset(L->W, 0, sizeof L->W);
  if (B->diag[i] >= 0) memcpy(L->W, B->val + (size_t)B->diag[i] * d * d, sizeof(double) * (size_t)(d * d));
  const double *ri = r + d * i;
  for (int k = 0; k < d; k++) {
    double wr = 0.0;
    for (int j = 0; j < d; j++) wr += L->W[j * d + k] * ri[j];
    L->q[k] = P->q[d * i + k] + y[k] - wr;
    if (ws->sigma != 0.0) L->q[k] -= ws->sigma * ws->c[d * i + k];
  }
  for (int k = 0; k < d; k++) L->W[k * d + k] += ws->sigma;
  L->dim = d;
  L->mu = P->mu[i];
  L->rho = ws->o.rho;
  L->tol = ws->o.local_tol;
  L->max_iter = ws->o.local_iter > 0 ? ws->o.local_iter : (ws->o.local == SN_LOCAL_PROJ ? 100 : 25);
}

int sn_nsgs_sweep(sn_nsgs_ws *ws, double *r)
{
  const sn_fc *P = ws->P;
  int d = P->dim, nc = P->nc, bad = 0;
  if (ws->o.shuffle)   /* Fisher-Yates with the workspace's own generator */
    for (int i = nc - 1; i > 0; i--) {
      int j = (int)(sn_rng_next(&ws->rng) % (uint64_t)(i + 1));
      int t = ws->order[i];
      ws->order[i] = ws->order[j];
      ws->order[j] = t;
    }
  for (int idx = 0; idx < nc; idx++) {
    int i = ws->order[idx];
    sn_fc_local L;
    local_problem(ws, i, r, &L);
    double x[3], *ri = r + d * i;
    memcpy(x, ri, sizeof(double) * (size_t)d);
    sn_fc_local_solve(ws->o.local, &L, x);
    int ok = 1;
    for (int k = 0; k < d; k++) ok &= isfinite(x[k]) != 0;
    if (!ok) { bad = 1; continue; }
    if (ws->o.omega == 1.0) {
      memcpy(ri, x, sizeof(double) * (size_t)d);
    } else {
      for (int k = 0; k < d; k++) ri[k] += ws->o.omega * (x[k] - ri[k]);
      if (ws->o.omega > 1.0) sn_proj_cone(d, L.mu, ri);
    }
  }
  return bad ? SN_ERR_NAN : SN_OK;
}

/* ---- the solver ---- */

static int nsgs_solve(const sn_fc *P, double *r, double *u, const sn_settings *s,
                      sn_info *info, double t0)
{
  sn_settings def;
  if (!s) { sn_settings_default(&def); s = &def; }
  if (!P || !P->W || !P->q || !P->mu || !r || !u) return SN_ERR_ARG;
  if ((P->dim != 2 && P->dim != 3) || P->nc < 0) return SN_ERR_ARG;
  int d = P->dim, n = d * P->nc;
  if (P->W->m != n || P->W->n != n) return SN_ERR_DIM;
  sn_nsgs_opts o;
  int st = sn_nsgs_parse(s->options, &o), k = 0, since = 0, stall = 1000;
  if (st) return st;
  if (!sn_option_double(s->options, "local_tol", &(double){0}))
    o.local_tol = fmin(o.local_tol, 0.1 * s->tol);   /* local solves finer than the target */
  double v;
  if ((st = sn_option_double(s->options, "stall", &v)) < 0) return st;
  if (st == 1) {
    if (!(v >= 0 && v <= 1e9)) return SN_ERR_ARG;
    stall = (int)v;
  }
  sn_bsr *B = NULL;
  sn_nsgs_ws *ws = NULL;
  double *best = malloc(sizeof(double) * (size_t)(n > 0 ? n : 1));
  if (!best) return SN_ERR_NOMEM;
  if ((st = sn_bsr_from_csc(P->W, d, &B)) || (st = sn_nsgs_ws_new(P, B, &o, &ws))) goto done;
  for (int j = 0; j < n; j++)
    if (!isfinite(r[j])) { sn_fill(n, 0.0, r); break; }   /* unusable warm start: cold start */
  double err = sn_fc_eval(P, B, 0.0, NULL, r, u), berr = err;
  sn_copy(n, r, best);
  st = isfinite(err) ? SN_MAX_ITER : SN_ERR_NAN;
  double ec = NAN;   /* sn_fc_error of r when converged (u is then W r + q already) */
  if (err <= s->tol && (ec = sn_fc_error(P, r, NULL)) <= s->tol) st = SN_OK;
  while (st == SN_MAX_ITER && k < s->max_iter) {
    k++;
    int sw = sn_nsgs_sweep(ws, r);
    err = sn_fc_eval(P, B, 0.0, NULL, r, u);
    if (sw || !isfinite(err)) { st = SN_ERR_NAN; break; }
    if (err < berr) {
      berr = err;
      sn_copy(n, r, best);
      since = 0;
    } else if (stall > 0 && ++since >= stall) {
      /* no new best for `stall` sweeps: a Gauss-Seidel cycle (it happens with non-symmetric
       * W, e.g. OneObject). Break it: random order first, then under-relaxation. */
      if (!ws->o.shuffle) ws->o.shuffle = 1;
      else ws->o.omega = fmax(0.5 * ws->o.omega, 0.1);
      since = 0;
    }
    int rec = sn_info_record(info, s, k, err, t0);
    if (err <= s->tol && (ec = sn_fc_error(P, r, NULL)) <= s->tol) st = SN_OK;
    else if (rec) st = rec;
  }
  if (st != SN_OK) sn_copy(n, best, r);   /* the best iterate (the last good one after a NaN) */
done:
  if (ws) {
    if (st != SN_OK) sn_fc_eval(P, B, 0.0, NULL, r, u);
    if (info) {
      info->error = st == SN_OK ? ec : sn_fc_error(P, r, NULL);
      info->iterations = k;
    }
  }
  free(best);
  sn_nsgs_ws_free(ws);
  sn_bsr_free(B);
  return st;
}

int sn_fc_nsgs(const sn_fc *P, double *r, double *u, const sn_settings *s, sn_info *info)
{
  double t0 = sn_wtime();
  if (info) sn_info_reset(info);
  static const char *const keys[] = {"local", "omega", "shuffle", "seed", "rho", "local_tol", "local_iter", "stall", NULL};
  int st = sn_fc_check(P, NULL, 0);   /* mu >= 0, finite data, consistent sizes */
  if (!st && s) st = sn_option_check(s->options, keys);
  if (!st) st = nsgs_solve(P, r, u, s, info, t0);
  if (info) {
    info->status = st;
    info->seconds = sn_wtime() - t0;
    if (isnan(info->error)) info->error = INFINITY;   /* never NaN: failure is the status */
  }
  return sn_fc_verdict(P, r, s, st, "nsgs", info);
}
