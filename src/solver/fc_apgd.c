/* Accelerated projected gradient descent (APGD) for the local frictional contact problem.
 *
 * H. Mazhar, T. Heyn, D. Negrut, A. Tasora, "Using Nesterov's method to accelerate multibody
 * dynamics with friction and compliance", ACM Trans. Graph. 34(3) 32 (2015), Algorithm APGD:
 * Nesterov's momentum (Y. Nesterov 1983) on the cone complementarity problem of M. Anitescu,
 * A. Tasora, "An iterative approach for cone complementarity problems for nonsmooth dynamics",
 * Comput. Optim. Appl. 47 (2010) 207-235: minimize f(r) = 1/2 r'Wr + (q + s)'r over the
 * product K of Coulomb cones, with
 *   gamma_{k+1} = P_K(y_k - t_k g_k),  t_k = 1/L_k, L_k doubled until the quadratic model holds
 *                 (f(gamma) <= f(y) + g'(gamma - y) + L/2 |gamma - y|^2, i.e. d'Wd <= L |d|^2),
 *   theta_{k+1} = (-theta_k^2 + theta_k sqrt(theta_k^2 + 4)) / 2,
 *   beta_{k+1}  = theta_k (1 - theta_k) / (theta_k^2 + theta_{k+1}),
 *   y_{k+1}     = gamma_{k+1} + beta_{k+1} (gamma_{k+1} - gamma_k),
 *   L_{k+1} = 0.9 L_k, and the gradient restart of B. O'Donoghue, E. Candes, "Adaptive restart
 *   for accelerated gradient schemes", Found. Comput. Math. 15 (2015) 715-732: when
 *   g_k'(gamma_{k+1} - gamma_k) > 0, y_{k+1} = gamma_{k+1} and theta_{k+1} = 1.
 *
 * Two departures, both so that the fixed point is Coulomb's law and not its convex relaxation:
 *  - De Saxce's term s = [mu |u_T|, 0, 0] (the CCP alone gives u_N = mu |u_T| > 0 when sliding)
 *    is a fixed point: it is re-evaluated at every y_k, so g_k = W y_k + q + s(W y_k + q) and
 *    gamma = P_K(gamma - t g(gamma)) is exactly r = P_K(r - t u_hat(r)) (the same fixed point
 *    as Acary, Cadoux, Lemarechal, Malick, CMAME 200 (2011) 1041-1051, updated every step).
 *  - W may be non-symmetric in the data (Capsules, OneObject): the step uses the operator
 *    W y + q (not the gradient of the symmetric part, whose stationary points would solve a
 *    different problem); the backtracking test d'Wd = d'((W+W^T)/2)d is the same for both.
 * Every step costs one product W gamma (W y follows by linearity); the error is sn_fc_error's.
 * One pass over the contacts makes the trial point (gradient step and projection), one after
 * the product the accepted step's u = W gamma + q, restart test and error (sn_fc_error_u's
 * terms and sums in its order), and gamma_k, W gamma_k swap buffers with the trial point
 * instead of being copied: the former separate passes' bits (tests/solver/test_fc_apgd.c),
 * 20-25 % less time per step on the 2D piles (docs/solvers.md). The products run on
 * sn_settings.threads threads (fixed row chunks, each row one serial sum: the serial results
 * bit for bit), the error in one serial pass. Threads or one, step by step, by the clock
 * (common/par_tune.h): on a machine whose cores are busy with other work a product's barrier
 * waits for a descheduled thread, and two threads took 20.7 s where one takes 0.2 s (the 27-box
 * stack, 8 000 steps; docs/solvers.md).
 * Options: L0=... initial Lipschitz estimate (default |W(r0 - r~)| / |r0 - r~|, r~ = r0 + 1),
 * restart=1|0. */
#include "solver/fc_local.h"
#include "common/par_tune.h"
#include "signorini/solver.h"
#include "solver/verdict.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* g = u + [mu |u_T|, 0, 0] with u = Wy + q */
static void grad(const sn_fc *P, const double *Wy, double *g)
{
  int d = P->dim;
  for (int i = 0; i < P->nc; i++) {
    double u[3];
    for (int k = 0; k < d; k++) u[k] = Wy[d * i + k] + P->q[d * i + k];
    double ut = d == 3 ? hypot(u[1], u[2]) : fabs(u[1]);
    g[d * i] = u[0] + P->mu[i] * ut;
    for (int k = 1; k < d; k++) g[d * i + k] = u[k];
  }
}

/* the projection onto the Coulomb cone of problem.h's sn_proj_cone, the same operations in the
 * same order (the same bits), inlined: it is called once per contact and step */
static inline void proj_cone(int d, double mu, double *x)
{
  double nt = d == 3 ? hypot(x[1], x[2]) : fabs(x[1]);
  if (mu * nt <= -x[0]) {
    x[0] = x[1] = 0.0;
    if (d == 3) x[2] = 0.0;
  } else if (nt > mu * x[0]) {
    double rn = (mu * nt + x[0]) / (mu * mu + 1.0);
    double s = mu * rn / nt;
    x[0] = rn;
    x[1] *= s;
    if (d == 3) x[2] *= s;
  }
}

static void project(const sn_fc *P, double *x)
{
  for (int i = 0; i < P->nc; i++) proj_cone(P->dim, P->mu[i], x + P->dim * i);
}

/* the trial point gn = P_K(y - t g), contact by contact */
static void trial(const sn_fc *P, double t, const double *y, const double *g, double *gn)
{
  int d = P->dim;
  for (int i = 0; i < P->nc; i++) {
    for (int k = 0; k < d; k++) gn[d * i + k] = y[d * i + k] - t * g[d * i + k];
    proj_cone(d, P->mu[i], gn + d * i);
  }
}

/* one contact's natural-map term |r - P_K(r - u - [mu |u_T|, 0, 0])|^2, natmap2's operations in
 * its order; the 2D form in scalars (an array written by halves and read whole stalls the
 * store forwarding: a fifth of a step on the 2D piles) */
static inline double natmap_term(int d, double mu, const double *ri, const double *ui)
{
  if (d == 2) {
    double t0 = ri[0] - ui[0] - mu * fabs(ui[1]), t1 = ri[1] - ui[1];
    double nt = fabs(t1);
    if (mu * nt <= -t0) {
      t0 = t1 = 0.0;
    } else if (nt > mu * t0) {
      double rn = (mu * nt + t0) / (mu * mu + 1.0);
      t1 *= mu * rn / nt;
      t0 = rn;
    }
    double e = 0.0;
    e += (ri[0] - t0) * (ri[0] - t0);
    e += (ri[1] - t1) * (ri[1] - t1);
    return e;
  }
  double t[3];
  t[0] = ri[0] - ui[0] - mu * hypot(ui[1], ui[2]);
  t[1] = ri[1] - ui[1];
  t[2] = ri[2] - ui[2];
  proj_cone(3, mu, t);
  double e = 0.0;
  for (int k = 0; k < 3; k++) e += (ri[k] - t[k]) * (ri[k] - t[k]);
  return e;
}

/* The accepted step in one pass over the contacts: ub = W gn + q, the restart test
 * gd = g'(gn - gam), and the error of (gn, ub) with sn_fc_error_u's terms, sums and
 * normalisation in its order (nq = |q|^2 summed once in index order beforehand): the bits of
 * sn_fc_error_u_threads for any thread count. Returns the error (NaN when not finite). */
static double accept(const sn_fc *P, const double *Wgn, const double *gn, const double *gam,
                     const double *g, double nq, double *ub, double *gd)
{
  int d = P->dim;
  double sum = 0.0, nr = 0.0, nu = 0.0, gs = 0.0;
  for (int i = 0; i < P->nc; i++) {
    for (int k = 0; k < d; k++) {
      int j = d * i + k;
      ub[j] = Wgn[j] + P->q[j];
      nr += gn[j] * gn[j];
      nu += ub[j] * ub[j];
      gs += g[j] * (gn[j] - gam[j]);
    }
    sum += natmap_term(d, P->mu[i], gn + d * i, ub + d * i);
  }
  *gd = gs;
  double den = fmax(sqrt(nq), fmax(sqrt(nr), sqrt(nu)));
  double err = den > DBL_EPSILON ? sqrt(sum) / den : sqrt(sum);
  return isfinite(err) ? err : NAN;
}

static int all_finite(int n, const double *x)
{
  for (int k = 0; k < n; k++)
    if (!isfinite(x[k])) return 0;
  return 1;
}

static int apgd_solve(const sn_fc *P, double *r, double *u, const sn_settings *s,
                      sn_info *info, double t0)
{
  sn_settings def;
  if (!s) { sn_settings_default(&def); s = &def; }
  if (!P || !P->W || !P->q || !P->mu || !r || !u) return SN_ERR_ARG;
  if ((P->dim != 2 && P->dim != 3) || P->nc < 0) return SN_ERR_ARG;
  int d = P->dim, n = d * P->nc, st, k = 0;
  if (P->W->m != n || P->W->n != n) return SN_ERR_DIM;
  double L = 0.0, v;
  int restart = 1;
  if ((st = sn_option_double(s->options, "L0", &v)) < 0) return st;
  if (st == 1) { if (!(v > 0)) return SN_ERR_ARG; L = v; }
  if ((st = sn_option_double(s->options, "restart", &v)) < 0) return st;
  if (st == 1) restart = v != 0.0;
  sn_bsr *B = NULL;
  if ((st = sn_bsr_from_csc(P->W, d, &B))) return st;
  size_t sz = (size_t)(n > 0 ? n : 1);
  double *buf = malloc(sizeof(double) * (sz * 8 + (size_t)P->nc));
  if (!buf) { sn_bsr_free(B); return SN_ERR_NOMEM; }
  double *g = buf, *y = buf + sz, *Wy = buf + 2 * sz, *gn = buf + 3 * sz, *Wgn = buf + 4 * sz;
  double *Wg = buf + 5 * sz, *best = buf + 6 * sz, *ub = buf + 7 * sz;
  double *work = buf + 8 * sz;                      /* the threaded error's per-contact terms */
  double *gam = r;                                  /* gamma_k lives in r */
  int nt = s->threads;                              /* the products and the error: any count
                                                       gives the serial bits (fc_local.h) */

  if (!all_finite(n, r)) sn_fill(n, 0.0, r);
  project(P, gam);
  sn_bsr_gemv_threads(B, 1.0, gam, 0.0, Wg, nt);
  if (L <= 0) {                                     /* Mazhar et al.: L0 from r~ = r0 + 1 */
    for (int j = 0; j < n; j++) y[j] = 1.0;
    sn_bsr_gemv_threads(B, 1.0, y, 0.0, Wy, nt);
    L = sn_nrm2(n, Wy) / sqrt((double)(n > 0 ? n : 1));
    if (!(L > 0) || !isfinite(L)) L = 1.0;
  }
  for (int j = 0; j < n; j++) ub[j] = Wg[j] + P->q[j];
  double e = sn_fc_error_u_threads(P, 0.0, NULL, gam, ub, nt, work), be = e, theta = 1.0;
  sn_copy(n, gam, best);
  sn_copy(n, gam, y);
  sn_copy(n, Wg, Wy);
  st = isfinite(e) ? SN_MAX_ITER : SN_ERR_NAN;
  double ec = NAN;   /* sn_fc_error of gam = r when converged; ub is then W r + q */
  if (e <= s->tol && (ec = sn_fc_error(P, gam, NULL)) <= s->tol) st = SN_OK;
  double nq = 0.0;
  for (int j = 0; j < n; j++) nq += P->q[j] * P->q[j];
  sn_par_tune tune;
  sn_par_tune_init(&tune, nt);
  while (st == SN_MAX_ITER && k < s->max_iter) {
    k++;
    int ntk = sn_par_tune_begin(&tune) > 1 ? nt : 1;
    grad(P, Wy, g);
    int ok = 0;
    for (int ls = 0; ls < 100; ls++) {              /* backtracking on L */
      double t = 1.0 / L, dd = 0.0, dWd = 0.0;
      trial(P, t, y, g, gn);
      sn_bsr_gemv_threads(B, 1.0, gn, 0.0, Wgn, ntk);
      for (int j = 0; j < n; j++) {
        double dj = gn[j] - y[j];
        dd += dj * dj;
        dWd += dj * (Wgn[j] - Wy[j]);
      }
      if (!isfinite(dWd)) { L *= 2.0; continue; }
      if (dWd <= L * dd) { ok = 1; break; }
      L *= 2.0;
    }
    sn_par_tune_end(&tune);
    if (!ok) { st = SN_ERR_NAN; break; }
    double thn = 0.5 * (-theta * theta + theta * sqrt(theta * theta + 4.0));
    double beta = theta * (1.0 - theta) / (theta * theta + thn);
    double gd;                                       /* restart test g'(gamma_{k+1} - gamma_k) */
    e = accept(P, Wgn, gn, gam, g, nq, ub, &gd);
    if (!isfinite(e)) { st = SN_ERR_NAN; break; }
    if (restart && gd > 0.0) {
      sn_copy(n, gn, y);
      sn_copy(n, Wgn, Wy);
      thn = 1.0;
    } else {
      for (int j = 0; j < n; j++) {
        y[j] = gn[j] + beta * (gn[j] - gam[j]);
        Wy[j] = Wgn[j] + beta * (Wgn[j] - Wg[j]);
      }
    }
    double *sw = gam;                                /* gamma_k <- gamma_{k+1}: by pointers */
    gam = gn;
    gn = sw;
    sw = Wg;
    Wg = Wgn;
    Wgn = sw;
    theta = thn;
    L *= 0.9;
    if (e < be) { be = e; sn_copy(n, gam, best); }
    int rec = sn_info_record(info, s, k, e, t0);
    if (e <= s->tol && (ec = sn_fc_error(P, gam, NULL)) <= s->tol) st = SN_OK;
    else if (rec) st = rec;
  }
  if (gam != r) {                                   /* gamma_k lives in the other buffer */
    sn_copy(n, gam, r);
    gam = r;
  }
  if (st != SN_OK) sn_copy(n, best, r);
  if (st == SN_OK) sn_copy(n, ub, u);
  else sn_fc_eval_threads(P, B, 0.0, NULL, r, u, nt, work);
  if (info) {
    info->error = st == SN_OK ? ec : sn_fc_error(P, r, NULL);
    info->iterations = k;
  }
  free(buf);
  sn_bsr_free(B);
  return st;
}

int sn_fc_apgd(const sn_fc *P, double *r, double *u, const sn_settings *s, sn_info *info)
{
  double t0 = sn_wtime();
  if (info) sn_info_reset(info);
  static const char *const keys[] = {"L0", "restart", NULL};
  int st = sn_fc_check(P, NULL, 0);   /* mu >= 0, finite data, consistent sizes */
  if (!st && s) st = sn_option_check(s->options, keys);
  if (!st) st = apgd_solve(P, r, u, s, info, t0);
  if (info) {
    info->status = st;
    info->seconds = sn_wtime() - t0;
    if (isnan(info->error)) info->error = INFINITY;   /* never NaN: failure is the status */
  }
  return sn_fc_verdict(P, r, s, st, "apgd", info);
}
