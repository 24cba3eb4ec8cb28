/* Proximal methods for the local frictional contact problem u = W r + q.
 *
 * Both rest on the proximal (natural-map) form of Coulomb's law with De Saxce's modification:
 * r solves the problem iff r = P_K(r - rho u_hat(r)) for any rho > 0, with
 * u_hat = W r + q + [mu |u_T|, 0, 0] per contact and K the product of Coulomb cones
 * (seed 003; P. Alart, A. Curnier 1991; G. De Saxce, Z.-Q. Feng 1998).
 *
 * inner=nsgs (default): the proximal point algorithm of R.T. Rockafellar, "Monotone operators
 *   and the proximal point algorithm", SIAM J. Control Optim. 14 (1976) 877-898: x_{k+1} solves
 *   the regularized problem u' = (W + sigma I) r + q - sigma c_k, well posed however singular W
 *   is (BoxesStack: rank 78 of 156), inexactly: inner_iter NSGS sweeps (fc_nsgs.c) from c_k,
 *   fewer when that problem's error falls below max(tol/2, eta e_k). The centre is extrapolated,
 *   c_k = x_k + beta_k (x_k - x_{k-1}) with Nesterov's theta/beta sequence: the accelerated
 *   proximal point method of O. Guler, "New proximal point algorithms for convex minimization",
 *   SIAM J. Optim. 2 (1992) 649-664, used with a cheap inner solver as in H. Lin, J. Mairal,
 *   Z. Harchaoui, "A universal catalyst for first-order optimization", NIPS 2015. The momentum
 *   restarts (beta = 0, theta = 1) whenever the error e grows (O'Donoghue & Candes 2015).
 *   sigma = sigma_rel * mean diag(W) is kept fixed while the iteration makes progress; the
 *   adaptive rule is a safeguard: after `window` steps without a new best error (a cycle, as
 *   plain NSGS has on OneObject's non-symmetric W) sigma <- nu sigma (more proximal damping),
 *   and a non-finite step is dropped with sigma <- nu^2 sigma. Measured on the shared data:
 *   sigma_rel in [0.003, 0.1] and one inner sweep give the fastest runs; below ~0.03 OneObject
 *   cycles until the safeguard raises sigma.
 * inner=fp: the projected fixed point r <- P_K(r - rho u_hat(r)) applied to the problem itself,
 *   in the extragradient form of G.M. Korpelevich (1976) / E.N. Khobotov, "Modification of the
 *   extra-gradient method for solving variational inequalities and certain optimization
 *   problems", USSR Comput. Math. Math. Phys. 27 (1987) 120-127, with Khobotov's self-adaptive
 *   step: with rbar = P_K(r - rho F(r)), require rho |F(r) - F(rbar)| <= L |r - rbar| (L = 0.9),
 *   else rho <- rho * 2/3 and retry; then r <- P_K(r - rho F(rbar)), and rho <- rho * 3/2 when
 *   the ratio was below Lmin = 0.3 (B.S. He, L.Z. Liao, JOTA 112 (2002) 111-128).
 *
 * Options (inner=nsgs): sigma=0.1 (relative to the mean diagonal of W), inner_iter=1, eta=0.1,
 * accel=1, window=500 (0: sigma never changes), nu=2, and the NSGS options (local=, omega=,
 * shuffle=, seed=, local_tol=, local_iter=, order=). Options (inner=fp): rho=R (initial step,
 * default 1/mean diag(W)). The products W r and the error run on sn_settings.threads threads
 * (the serial bits, fc_local.h sn_fc_eval_threads), or on one where that is faster, product by
 * product by the clock (common/par_tune.h: a loaded machine); so does an inner sweep with
 * order=colour.
 * info->iterations counts outer proximal steps (inner=nsgs) or extragradient steps (inner=fp). */
#include "solver/fc_local.h"
#include "common/par_tune.h"
#include "signorini/solver.h"
#include "solver/verdict.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  const sn_fc *P;
  const sn_bsr *B;
  const sn_settings *s;
  sn_info *info;
  double t0;
  int n;
  int threads;    /* of the products, the error and a coloured inner sweep */
  double *work;   /* nc doubles: the threaded error's per-contact terms */
  sn_par_tune *tune;   /* threads or one for the products (the same bits either way) */
} prox_ctx;

/* u = W r + q + sigma (r - c) and its error on the context's threads or one (the serial bits) */
static double eval(const prox_ctx *X, double sigma, const double *c, const double *r, double *u)
{
  int nt = sn_par_tune_begin(X->tune) > 1 ? X->threads : 1;
  double e = sn_fc_eval_threads(X->P, X->B, sigma, c, r, u, nt, X->work);
  sn_par_tune_end(X->tune);
  return e;
}

/* mean diagonal entry of W (a scale for sigma and rho); 1 if W has no positive diagonal */
static double mean_diag(const sn_fc *P, const sn_bsr *B)
{
  int d = P->dim;
  double s = 0.0;
  int cnt = 0;
  for (int i = 0; i < P->nc; i++) {
    if (B->diag[i] < 0) continue;
    const double *w = B->val + (size_t)B->diag[i] * d * d;
    for (int k = 0; k < d; k++) s += fabs(w[k * d + k]);
    cnt += d;
  }
  return cnt && s > 0 ? s / cnt : 1.0;
}

/* ---- proximal point with inner NSGS ---- */

typedef struct {
  double sigma, nu, eta;
  int inner_iter, accel, window;
} ppa_opts;

static int ppa_parse(const char *options, ppa_opts *o)
{
  o->sigma = 0.1;
  o->nu = 2.0;
  o->eta = 0.1;
  o->inner_iter = 1;
  o->accel = 1;
  o->window = 500;
  double v;
  int st;
  if ((st = sn_option_double(options, "sigma", &v)) < 0) return st;
  if (st == 1) { if (!(v > 0)) return SN_ERR_ARG; o->sigma = v; }
  if ((st = sn_option_double(options, "nu", &v)) < 0) return st;
  if (st == 1) { if (!(v > 1)) return SN_ERR_ARG; o->nu = v; }
  if ((st = sn_option_double(options, "eta", &v)) < 0) return st;
  if (st == 1) { if (!(v > 0 && v < 1)) return SN_ERR_ARG; o->eta = v; }
  if ((st = sn_option_double(options, "inner_iter", &v)) < 0) return st;
  if (st == 1) { if (!(v >= 1 && v <= 1e7)) return SN_ERR_ARG; o->inner_iter = (int)v; }
  if ((st = sn_option_double(options, "accel", &v)) < 0) return st;
  if (st == 1) o->accel = v != 0.0;
  if ((st = sn_option_double(options, "window", &v)) < 0) return st;
  if (st == 1) { if (!(v >= 0 && v <= 1e9)) return SN_ERR_ARG; o->window = (int)v; }
  return SN_OK;
}

/* at most inner_iter NSGS sweeps on the problem shifted by (sigma, c), from r = c; stops early
 * when that problem's error is <= itol. Returns 0, or 1 if something was not finite. */
static int ppa_inner(const prox_ctx *X, sn_nsgs_ws *ws, const ppa_opts *o, double sigma,
                     const double *c, double itol, double *r, double *ut)
{
  sn_nsgs_ws_shift(ws, sigma, c);                 /* u' = W r + q + sigma (r - c) */
  sn_copy(X->n, c, r);
  for (int j = 0; j < o->inner_iter; j++) {
    if (sn_nsgs_sweep(ws, r)) return 1;
    if (j == o->inner_iter - 1) break;            /* the outer test follows: no inner one */
    double ei = eval(X, sigma, c, r, ut);
    if (!isfinite(ei)) return 1;
    if (ei <= itol) break;
    if (X->s->time_limit > 0 && sn_wtime() - X->t0 > X->s->time_limit) break;
  }
  return 0;
}

static int prox_ppa(const prox_ctx *X, const char *options, double *r, double *u, int *iters, int *bounded)
{
  const sn_fc *P = X->P;
  const sn_settings *s = X->s;
  int n = X->n, st;
  sn_nsgs_opts no;
  ppa_opts o;
  if ((st = sn_nsgs_parse(options, &no)) || (st = ppa_parse(options, &o))) return st;
  if (!sn_option_double(options, "local_tol", &(double){0}))
    no.local_tol = fmin(no.local_tol, 0.1 * s->tol);
  no.threads = X->threads;
  size_t sz = (size_t)(n > 0 ? n : 1);
  double *buf = malloc(sizeof(double) * sz * 5);
  sn_nsgs_ws *ws = NULL;
  if (!buf || (st = sn_nsgs_ws_new(P, X->B, &no, &ws))) {
    free(buf);
    return st ? st : SN_ERR_NOMEM;
  }
  double *c = buf, *ut = buf + sz, *x = buf + 2 * sz, *xp = buf + 3 * sz, *best = buf + 4 * sz;
  double wbar = mean_diag(P, X->B);
  double sigma = o.sigma * wbar, smax = 1e8 * wbar, theta = 1.0;
  double e = eval(X, 0.0, NULL, r, u), be = e;
  sn_copy(n, r, c);
  sn_copy(n, r, best);
  sn_copy(n, r, x);
  int k = 0, since = 0;
  sn_trend tr = {0};
  st = isfinite(e) ? SN_MAX_ITER : SN_ERR_NAN;
  if (e <= s->tol && sn_fc_error(P, r, NULL) <= s->tol) st = SN_OK;
  while (st == SN_MAX_ITER && k < s->max_iter) {
    k++;
    int bad = ppa_inner(X, ws, &o, sigma, c, fmax(0.5 * s->tol, o.eta * e), r, ut);
    double en = bad ? NAN : eval(X, 0.0, NULL, r, u);
    if (!isfinite(en)) {                  /* drop the step, restart from x with more damping */
      if (sigma >= smax) { st = SN_ERR_NAN; break; }
      sn_trend_spoil(&tr);
      sigma = fmin(sigma * o.nu * o.nu, smax);
      sn_copy(n, x, c);
      theta = 1.0;
    } else {
      /* accept (the PPA decreases the distance to the solutions, not always the residual);
       * restart the momentum when the residual grew */
      int restart = en > e || !o.accel;
      double thn = restart ? 1.0 : 0.5 * (-theta * theta + theta * sqrt(theta * theta + 4.0));
      double beta = restart ? 0.0 : theta * (1.0 - theta) / (theta * theta + thn);
      sn_copy(n, x, xp);
      sn_copy(n, r, x);
      for (int j = 0; j < n; j++) c[j] = x[j] + beta * (x[j] - xp[j]);
      theta = thn;
      e = en;
      if (e < be) {
        be = e;
        sn_copy(n, x, best);
        since = 0;
      } else if (o.window > 0 && ++since >= o.window) {   /* no new best: damp more */
        sigma = fmin(sigma * o.nu, smax);
        since = 0;
      }
    }
    sn_trend_note(&tr, k, s->max_iter, n, x);
    int rec = sn_info_record(X->info, s, k, e, X->t0);
    if (e <= s->tol && sn_fc_error(P, x, NULL) <= s->tol) st = SN_OK;
    else if (rec) st = rec;
  }
  *bounded = sn_trend_bounded(&tr, s->max_iter, n, x);
  sn_copy(n, st == SN_OK ? x : best, r);
  *iters = k;
  free(buf);
  sn_nsgs_ws_free(ws);
  return st;
}

/* ---- projected fixed point, extragradient form with self-adaptive rho ---- */

/* F = u_hat = u + [mu |u_T|, 0, 0] from u */
static void desaxce(const sn_fc *P, const double *u, double *F)
{
  sn_desaxce_term(P->dim, P->nc, P->mu, u, F);
  for (int j = 0; j < P->dim * P->nc; j++) F[j] += u[j];
}

/* y = P_K(x - rho F) */
static void proj_step(const sn_fc *P, const double *x, double rho, const double *F, double *y)
{
  int d = P->dim, n = d * P->nc;
  for (int k = 0; k < n; k++) y[k] = x[k] - rho * F[k];
  for (int i = 0; i < P->nc; i++) sn_proj_cone(d, P->mu[i], y + d * i);
}

static double dist(int n, const double *a, const double *b)
{
  double s = 0.0;
  for (int k = 0; k < n; k++) s += (a[k] - b[k]) * (a[k] - b[k]);
  return sqrt(s);
}

static int prox_fp(const prox_ctx *X, const char *options, double *r, double *u, int *iters, int *bounded)
{
  const sn_fc *P = X->P;
  const sn_settings *s = X->s;
  int n = X->n, st;
  double rho = 0.0, v;
  if ((st = sn_option_double(options, "rho", &v)) < 0) return st;
  if (st == 1) { if (!(v > 0)) return SN_ERR_ARG; rho = v; }
  size_t sz = (size_t)(n > 0 ? n : 1);
  double *buf = malloc(sizeof(double) * sz * 5);
  if (!buf) return SN_ERR_NOMEM;
  double *F = buf, *rb = buf + sz, *ub = buf + 2 * sz, *Fb = buf + 3 * sz, *best = buf + 4 * sz;
  const double Lmax = 0.9, Lmin = 0.3, tau = 2.0 / 3.0;
  if (rho <= 0) rho = 1.0 / mean_diag(P, X->B);
  double e = eval(X, 0.0, NULL, r, u), be = e;
  sn_copy(n, r, best);
  int k = 0;
  sn_trend tr = {0};
  st = isfinite(e) ? SN_MAX_ITER : SN_ERR_NAN;
  if (e <= s->tol && sn_fc_error(P, r, NULL) <= s->tol) st = SN_OK;
  while (st == SN_MAX_ITER && k < s->max_iter) {
    k++;
    desaxce(P, u, F);
    double ratio = 0.0, dr = 0.0;
    int ok = 0;
    for (int ls = 0; ls < 60; ls++) {          /* shrink rho until the ratio test holds */
      proj_step(P, r, rho, F, rb);
      double eb = eval(X, 0.0, NULL, rb, ub);
      if (!isfinite(eb)) { rho *= tau; continue; }
      desaxce(P, ub, Fb);
      dr = dist(n, r, rb);
      ratio = dr > 0 ? rho * dist(n, F, Fb) / dr : 0.0;
      if (ratio <= Lmax) { ok = 1; break; }
      rho *= tau;
    }
    if (!ok) { st = SN_STALLED; break; }
    if (dr == 0.0) {                            /* r is a fixed point */
      e = eval(X, 0.0, NULL, r, u);
    } else {
      proj_step(P, r, rho, Fb, r);              /* extragradient step */
      e = eval(X, 0.0, NULL, r, u);
      if (!isfinite(e)) { st = SN_ERR_NAN; break; }
    }
    if (ratio < Lmin) rho /= tau;
    if (e < be) { be = e; sn_copy(n, r, best); }
    sn_trend_note(&tr, k, s->max_iter, n, r);
    int rec = sn_info_record(X->info, s, k, e, X->t0);
    if (e <= s->tol && sn_fc_error(P, r, NULL) <= s->tol) st = SN_OK;
    else if (rec) st = rec;
    else if (dr == 0.0) st = SN_STALLED;
  }
  *bounded = sn_trend_bounded(&tr, s->max_iter, n, r);
  if (st != SN_OK) sn_copy(n, best, r);
  *iters = k;
  free(buf);
  return st;
}

static int prox_solve(const sn_fc *P, double *r, double *u, const sn_settings *s,
                      sn_info *info, double t0, int *bounded)
{
  sn_settings def;
  if (!s) { sn_settings_default(&def); s = &def; }
  if (!P || !P->W || !P->q || !P->mu || !r || !u) return SN_ERR_ARG;
  if ((P->dim != 2 && P->dim != 3) || P->nc < 0) return SN_ERR_ARG;
  int d = P->dim, n = d * P->nc, st, it = 0;
  if (P->W->m != n || P->W->n != n) return SN_ERR_DIM;
  char inner[8] = "nsgs";
  if ((st = sn_option_string(s->options, "inner", inner, sizeof inner)) < 0) return st;
  if (strcmp(inner, "nsgs") && strcmp(inner, "fp")) return SN_ERR_UNKNOWN;
  sn_bsr *B = NULL;
  if ((st = sn_bsr_from_csc(P->W, d, &B))) return st;
  for (int j = 0; j < n; j++)
    if (!isfinite(r[j])) { sn_fill(n, 0.0, r); break; }
  double *work = malloc(sizeof(double) * (size_t)(P->nc > 0 ? P->nc : 1));
  if (!work) { sn_bsr_free(B); return SN_ERR_NOMEM; }
  sn_par_tune tune;
  sn_par_tune_init(&tune, s->threads);
  prox_ctx X = {P, B, s, info, t0, n, s->threads > 1 ? s->threads : 1, work, &tune};
  st = inner[0] == 'f' ? prox_fp(&X, s->options, r, u, &it, bounded) : prox_ppa(&X, s->options, r, u, &it, bounded);
  if (st != SN_ERR_NOMEM && st != SN_ERR_ARG && st != SN_ERR_FORMAT && st != SN_ERR_UNKNOWN) {
    eval(&X, 0.0, NULL, r, u);
    if (info) {
      info->error = sn_fc_error(P, r, NULL);
      info->iterations = it;
    }
  }
  free(work);
  sn_bsr_free(B);
  return st;
}

int sn_fc_prox(const sn_fc *P, double *r, double *u, const sn_settings *s, sn_info *info)
{
  double t0 = sn_wtime();
  if (info) sn_info_reset(info);
  static const char *const keys[] = {"local", "omega", "shuffle", "seed", "rho", "local_tol", "local_iter", "stall", "order", "blocks", "inner", "sigma", "nu", "eta", "inner_iter", "accel", "window", NULL};
  int st = sn_fc_check(P, NULL, 0);   /* mu >= 0, finite data, consistent sizes */
  if (!st && s) st = sn_option_check(s->options, keys);
  int bounded = 0;
  if (!st) st = prox_solve(P, r, u, s, info, t0, &bounded);
  if (info) {
    info->status = st;
    info->seconds = sn_wtime() - t0;
    if (isnan(info->error)) info->error = INFINITY;   /* never NaN: failure is the status */
  }
  return sn_fc_verdict_trend(P, r, s, st, "prox", info, bounded);
}
