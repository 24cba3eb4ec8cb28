/* Accelerated primal-dual first-order method for the monotone SOCLCP
 *   y = M x + q,  x in K,  y in K,  x . y = 0   (K a product of L^1, L^2, L^3),
 * and the frictional-contact wrapper sn_fc_socpd (the De Saxce fixed point of fc_via_soclcp.c).
 *
 * After Y. Kanno, "Primal-dual algorithm for quasi-static contact problem with Coulomb's
 * friction", arXiv 2101.11763 (2021): the incremental problem, an SOCLCP, is solved by an
 * accelerated primal-dual algorithm whose work is vector additions, matrix-vector products and
 * projections onto second-order cones; the paper works on the stiffness (displacement) form,
 * whose energy is strongly convex, which is what Chambolle-Pock acceleration needs. (Only the
 * paper's abstract and introduction could be consulted here; the step rules below are those of
 * the cited primal-dual literature, not a transcription of the paper's algorithm.) Adapted to the
 * SOCLCP in the form y = M x + q (the compliance form: x the contact forces, M = D W D, which is
 * only positive semidefinite for multi-body data) as follows.
 *
 * Saddle point. For symmetric M the SOCLCP is the optimality condition of min { h(x) : x in K },
 * h(x) = 1/2 x'Mx + q'x; with a multiplier v in K for x in K this is the saddle point
 *   max_{x in K} min_{v in K}  <v, x> - h(x),
 * whose optimality conditions v - (Mx + q) in N_K(x), -x in N_K(v) give x in K, y = M x + q =
 * v + w (w in K, w . x = 0) in K and x . y = 0: any saddle point solves the SOCLCP, for M
 * non-symmetric as well (then it is the variational inequality of the monotone operator
 * (x, v) -> (M x + q - v, x) on K x K, and h's gradient is replaced by that operator).
 *
 * Primal-dual step (A. Chambolle, T. Pock, J. Math. Imaging Vis. 40 (2011) 120-145, Alg. 1, with
 * the smooth term linearised: L. Condat, J. Optim. Theory Appl. 158 (2013) 460-479, Alg. 3.1),
 * the operator T: (x, v) -> (x+, v+),
 *   x+ = P_K(x + sigma (v - (M x + q))),
 *   v+ = P_K(v - tau (2 x+ - x)),
 * with sigma (tau + L) <= eta < 1, L = |M|_2 (power iteration on M'M), sigma = t / w,
 * tau = t w, w the primal weight (the ratio of the scales of v and x).
 *
 * Acceleration (default accel=inertial): Nesterov-type inertia on the primal-dual pair,
 *   z_{k+1} = T(z_k^md),  z_{k+1}^md = z_{k+1} + a_k (z_{k+1} - z_k),  a_k = j / (j + 3)
 * (j iterations since the last restart; the inertial primal-dual method of D. Lorenz, T. Pock,
 * J. Math. Imaging Vis. 51 (2015) 311-325, with the FISTA sequence of A. Chambolle, C. Dossal,
 * J. Optim. Theory Appl. 166 (2015) 968-982), restarted (a = 0, j = 0) when the step
 * z^md -> T(z^md) points against the momentum, <z^md - T(z^md), T(z^md) - z_k> > 0 in the
 * weighted norm (the gradient scheme of B. O'Donoghue, E. Candes, Found. Comput. Math. 15 (2015)
 * 715-732). Without strong convexity (M = D W D of multi-body data is singular) this is what
 * makes the method fast: plain PDHG needs ~10^6 iterations on BoxesStack1's first SOCLCP where
 * this needs ~10^4.
 * accel=halpern: the Halpern iteration z_{k+1} = (k+1)/(k+2) T(z_k) + 1/(k+2) z_0 (F. Lieder,
 * Optim. Lett. 15 (2021) 405-418), restarted from T(z_k) when the residual |z - T(z)| has fallen
 * by 0.2 since the anchor, or by 0.8 and stopped falling, the primal weight then rebalanced to
 * |dv| / |dx| (H. Lu, J. Yang, arXiv 2407.16144 (2024); D. Applegate et al., NeurIPS 2021).
 * accel=cp: Chambolle-Pock's Algorithm 2 step rule for a gamma-strongly convex x-side (gamma:
 * the option gamma=, a strong monotonicity modulus of M, e.g. its smallest symmetric
 * eigenvalue): theta = 1 / sqrt(1 + 2 gamma sigma), x_bar = x+ + theta (x+ - x) in the v-step,
 * sigma <- theta sigma, tau <- tau / theta; the acceleration of the paper, whose energy (the
 * stiffness form) is strongly convex. accel=none: plain PDHG (theta = 1).
 * Every iteration costs one product M x (M T(z)'s x-part; the Halpern average follows by
 * linearity) and two projections per cone.
 *
 * Non-symmetric M. A forward step on a monotone but not cocoercive operator (a skew part) may
 * cycle; the forward-reflected step of Y. Malitsky, M. K. Tam, SIAM J. Optim. 30 (2020)
 * 1451-1472 does not: M x is replaced by 2 M x_k - M x_{k-1} in the x-step, with
 * sigma (tau + 2 L) <= eta and the inertia bounded by a <= 0.3 (an inertial method keeps its
 * guarantees for small a only; a -> 1 does cycle on the random skew problems of the tests).
 * reflect=auto (default) switches to these steps, from the best x, the first time the plain
 * ones stall on a non-symmetric M (exactly symmetric data never pays for it); reflect=1 from the
 * start, reflect=0 never.
 *
 * The error is sn_soclcp_error at x+ (in K); the best iterate is returned, the success confirmed
 * by sn_soclcp_error itself. Stops with SN_STALLED when the best error has not improved by 1%
 * over the last max(2000, it/2) iterations (after the switch above, if any).
 * Options: accel=inertial|halpern|cp|none, gamma=0, eta=0.95, w0= (primal weight; default
 * |q| / |x| of the warm start, else L), restart=1|0 (inertial, halpern), reflect=auto|0|1,
 * amax= (inertia bound, default 1, 0.3 with reflected steps), history=error|gap (gap: x . v / n,
 * the complementarity of the primal-dual pair). */
#include "signorini/solver.h"
#include "solver/verdict.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  int accel;      /* 0 none, 1 halpern, 2 cp, 3 inertial */
  double gamma, eta, w0;
  int restart, gap_hist;
  int reflect;    /* 0 off, 1 on, 2 when M is not symmetric */
  double amax;    /* bound on the inertia (< 0: 1, or 0.3 with reflection) */
} pd_opts;

static int parse_opts(const char *options, pd_opts *o)
{
  o->accel = 3;
  o->gamma = 0.0;
  o->eta = 0.95;
  o->w0 = 0.0;
  o->restart = 1;
  o->gap_hist = 0;
  o->reflect = 2;
  o->amax = -1.0;
  static const char *const keys[] = {"accel", "gamma", "eta",     "w0",      "reflect",
                                     "amax",  "restart", "history", NULL};
  int st = sn_option_check(options, keys);   /* unknown keys are refused */
  if (st) return st;
  double v;
  char buf[16];
  if ((st = sn_option_string(options, "accel", buf, sizeof buf)) < 0) return st;
  if (st == 1) {
    if (!strcmp(buf, "none")) o->accel = 0;
    else if (!strcmp(buf, "halpern")) o->accel = 1;
    else if (!strcmp(buf, "cp")) o->accel = 2;
    else if (!strcmp(buf, "inertial")) o->accel = 3;
    else return SN_ERR_UNKNOWN;
  }
  if ((st = sn_option_double(options, "gamma", &v)) < 0) return st;
  if (st == 1) { if (!(v >= 0)) return SN_ERR_ARG; o->gamma = v; }
  if ((st = sn_option_double(options, "eta", &v)) < 0) return st;
  if (st == 1) { if (!(v > 0 && v < 1)) return SN_ERR_ARG; o->eta = v; }
  if ((st = sn_option_double(options, "w0", &v)) < 0) return st;
  if (st == 1) { if (!(v > 0)) return SN_ERR_ARG; o->w0 = v; }
  if ((st = sn_option_string(options, "reflect", buf, sizeof buf)) < 0) return st;
  if (st == 1) {
    if (!strcmp(buf, "0")) o->reflect = 0;
    else if (!strcmp(buf, "1")) o->reflect = 1;
    else if (!strcmp(buf, "auto")) o->reflect = 2;
    else return SN_ERR_UNKNOWN;
  }
  if ((st = sn_option_double(options, "amax", &v)) < 0) return st;
  if (st == 1) { if (!(v >= 0 && v <= 1)) return SN_ERR_ARG; o->amax = v; }
  if ((st = sn_option_double(options, "restart", &v)) < 0) return st;
  if (st == 1) o->restart = v != 0.0;
  if ((st = sn_option_string(options, "history", buf, sizeof buf)) < 0) return st;
  if (st == 1) {
    if (!strcmp(buf, "gap")) o->gap_hist = 1;
    else if (strcmp(buf, "error")) return SN_ERR_UNKNOWN;
  }
  return SN_OK;
}

static void proj_K(const sn_soclcp *P, double *x)
{
  for (int k = 0, o = 0; k < P->ncones; o += P->csize[k++]) sn_proj_soc(P->csize[k], x + o);
}

/* the natural-map residual with y = M x + q given; infinite, never NaN, on overflow */
static double nat_error(const sn_soclcp *P, const double *x, const double *y)
{
  double e = sn_soclcp_error_y(P, x, y);
  return isfinite(e) ? e : INFINITY;
}

/* |M|_2 by 30 steps of the power iteration on M'M (u, w: workspaces), 1.05 x for safety */
static double op_norm(const sn_csc *M, int n, double *u, double *w)
{
  for (int i = 0; i < n; i++) u[i] = 1.0 + 0.1 * (double)(i % 7);
  double lam = 0.0;
  for (int it = 0; it < 30; it++) {
    double nu = sn_nrm2(n, u);
    if (!(nu > 0) || !isfinite(nu)) break;
    sn_scal(n, 1.0 / nu, u);
    sn_csc_gemv(M, 1.0, u, 0.0, w);
    sn_csc_gemv_t(M, 1.0, w, 0.0, u);
    lam = sn_nrm2(n, u);
  }
  double L = 1.05 * sqrt(lam);
  return isfinite(L) ? L : 0.0;
}

/* t with t^2 + t L / w = eta: sigma = t / w, tau = t w satisfy sigma (tau + L) = eta */
static void steps(double L, double w, double eta, double *sigma, double *tau)
{
  double a = L / w, t = 2.0 * eta / (a + sqrt(a * a + 4.0 * eta));
  *sigma = t / w;
  *tau = t * w;
}

typedef struct {
  const sn_soclcp *P;
  const sn_settings *s;
  sn_info *info;
  double t0;
  pd_opts o;
} pd_run;

static int pd_solve(pd_run *R, double *x, double *y)
{
  const sn_soclcp *P = R->P;
  const sn_settings *s = R->s;
  int n = P->n, st, it = 0;
  size_t sz = (size_t)(n > 0 ? n : 1);
  double *buf = malloc(sizeof(double) * sz * 14);
  if (!buf) return SN_ERR_NOMEM;
  double *v = buf, *Mx = buf + sz, *xp = buf + 2 * sz, *vp = buf + 3 * sz, *Mxp = buf + 4 * sz;
  double *xa = buf + 5 * sz, *va = buf + 6 * sz, *Mxa = buf + 7 * sz, *best = buf + 8 * sz;
  double *yp = buf + 9 * sz, *xo = buf + 10 * sz, *vo = buf + 11 * sz, *Mxo = buf + 12 * sz;
  double *Mxl = buf + 13 * sz;                       /* M at the previous step's point */

  for (int i = 0; i < n; i++)
    if (!isfinite(x[i])) { sn_fill(n, 0.0, x); break; }  /* a NaN warm start is no start */
  sn_copy(n, P->q, y);
  sn_csc_gemv(P->M, 1.0, x, 1.0, y);
  double err = nat_error(P, x, y), best_err = err;
  sn_copy(n, x, best);
  st = SN_MAX_ITER;
  if (err <= s->tol) { st = SN_OK; goto finish; }
  double L = op_norm(P->M, n, xp, vp);
  if (!(L > 0)) L = 1.0;
  proj_K(P, x);                                      /* start: x in K, v = P_K(M x + q) */
  sn_csc_gemv(P->M, 1.0, x, 0.0, Mx);
  for (int i = 0; i < n; i++) v[i] = Mx[i] + P->q[i];
  proj_K(P, v);
  double w = R->o.w0;
  if (!(w > 0)) {
    double nx = sn_nrm2(n, x), nq = sn_nrm2(n, P->q);
    w = nx > 0 && nq > 0 ? nq / nx : L;
    if (!(w > 0) || !isfinite(w)) w = 1.0;
  }
  double sigma, tau;
  /* forward-reflected steps for a non-symmetric M: from the start (reflect=1), or (auto) once the
   * plain steps stall; they need sigma (tau + 2 L) <= eta and a bounded inertia */
  int refl = R->o.reflect == 1, can_reflect = R->o.reflect == 2 && sn_csc_asymmetry(P->M) > 0;
  double Le = refl ? 2.0 * L : L;
  double amax = R->o.amax >= 0 ? R->o.amax : refl ? 0.3 : 1.0;
  steps(Le, w, R->o.eta, &sigma, &tau);
  sn_copy(n, Mx, Mxl);
  sn_copy(n, x, xa); sn_copy(n, v, va); sn_copy(n, Mx, Mxa);
  sn_copy(n, x, xo); sn_copy(n, v, vo); sn_copy(n, Mx, Mxo);
  int k = 0;                                         /* iterations since the anchor */
  double r0 = -1.0, rprev = INFINITY, mark = best_err;
  int mark_it = 0;
  while (it < s->max_iter) {
    /* T: x+ = P_K(x + sigma (v - M x - q)), v+ = P_K(v - tau (2 x+ - x)) */
    if (refl)
      for (int i = 0; i < n; i++) {
        xp[i] = x[i] + sigma * (v[i] - 2.0 * Mx[i] + Mxl[i] - P->q[i]);
        Mxl[i] = Mx[i];
      }
    else
      for (int i = 0; i < n; i++) xp[i] = x[i] + sigma * (v[i] - Mx[i] - P->q[i]);
    proj_K(P, xp);
    sn_csc_gemv(P->M, 1.0, xp, 0.0, Mxp);
    double theta = 1.0;
    if (R->o.accel == 2 && R->o.gamma > 0) theta = 1.0 / sqrt(1.0 + 2.0 * R->o.gamma * sigma);
    for (int i = 0; i < n; i++) vp[i] = v[i] - tau * (xp[i] + theta * (xp[i] - x[i]));
    proj_K(P, vp);
    for (int i = 0; i < n; i++) yp[i] = Mxp[i] + P->q[i];
    err = nat_error(P, xp, yp);
    it++;
    if (err < best_err) { best_err = err; sn_copy(n, xp, best); }
    double rec_val = R->o.gap_hist ? sn_dot(n, xp, vp) / (n > 0 ? n : 1) : err;
    int rec = sn_info_record(R->info, s, it, rec_val, R->t0);
    if (R->info && R->o.gap_hist) R->info->error = err;
    if (err <= s->tol && sn_soclcp_error(P, xp) <= s->tol) {   /* confirmed by the measure */
      sn_copy(n, xp, best);
      st = SN_OK;
      break;
    }
    if (rec) { st = rec; break; }
    if (!isfinite(err)) { st = SN_STALLED; break; }
    if (best_err < 0.99 * mark) { mark = best_err; mark_it = it; }
    else if (it - mark_it > (it / 2 > 2000 ? it / 2 : 2000)) {
      if (!can_reflect || refl) { st = SN_STALLED; break; }
      refl = 1;                                      /* switch to forward-reflected steps */
      Le = 2.0 * L;
      amax = R->o.amax >= 0 ? R->o.amax : 0.3;
      steps(Le, w, R->o.eta, &sigma, &tau);
      sn_copy(n, best, x);                           /* from the best x, v = P_K(M x + q) */
      sn_csc_gemv(P->M, 1.0, x, 0.0, Mx);
      for (int i = 0; i < n; i++) v[i] = Mx[i] + P->q[i];
      proj_K(P, v);
      sn_copy(n, Mx, Mxl);
      sn_copy(n, x, xo); sn_copy(n, v, vo); sn_copy(n, Mx, Mxo);
      sn_copy(n, x, xa); sn_copy(n, v, va); sn_copy(n, Mx, Mxa);
      k = 0;
      r0 = -1.0;
      rprev = INFINITY;
      mark = best_err;
      mark_it = it;
      continue;
    }
    if (R->o.accel == 1) {
      double dx2 = 0.0, dv2 = 0.0;                   /* |z - T(z)| in the norm w|x|^2 + |v|^2/w */
      for (int i = 0; i < n; i++) {
        dx2 += (xp[i] - x[i]) * (xp[i] - x[i]);
        dv2 += (vp[i] - v[i]) * (vp[i] - v[i]);
      }
      double res = sqrt(w * dx2 + dv2 / w);
      if (r0 < 0) r0 = res;
      int restart = R->o.restart && k > 0 &&
                    (res <= 0.2 * r0 || (res <= 0.8 * r0 && res > rprev) || k >= 10000);
      rprev = res;
      if (restart) {                                 /* new anchor T(z), rebalance w */
        double ddx = 0.0, ddv = 0.0;
        for (int i = 0; i < n; i++) {
          ddx += (xp[i] - xa[i]) * (xp[i] - xa[i]);
          ddv += (vp[i] - va[i]) * (vp[i] - va[i]);
        }
        if (ddx > 0 && ddv > 0 && isfinite(ddx) && isfinite(ddv)) {
          w = exp(0.5 * log(sqrt(ddv / ddx)) + 0.5 * log(w));
          steps(Le, w, R->o.eta, &sigma, &tau);
        }
        sn_copy(n, xp, xa); sn_copy(n, vp, va); sn_copy(n, Mxp, Mxa);
        sn_copy(n, xp, x); sn_copy(n, vp, v); sn_copy(n, Mxp, Mx);
        k = 0;
        r0 = -1.0;
        rprev = INFINITY;
        continue;
      }
      double lam = (double)(k + 1) / (double)(k + 2);
      for (int i = 0; i < n; i++) {
        x[i] = lam * xp[i] + (1.0 - lam) * xa[i];
        v[i] = lam * vp[i] + (1.0 - lam) * va[i];
        Mx[i] = lam * Mxp[i] + (1.0 - lam) * Mxa[i];
      }
      k++;
    } else if (R->o.accel == 3) {                   /* inertial: z = T(z) + a (T(z) - T(z_prev)) */
      /* gradient restart (O'Donoghue, Candes 2015): the step z_md -> T(z_md) against the
       * momentum T(z) - T(z_prev) */
      double g = 0.0;
      for (int i = 0; i < n; i++)
        g += w * (x[i] - xp[i]) * (xp[i] - xo[i]) + (v[i] - vp[i]) * (vp[i] - vo[i]) / w;
      double a = fmin((double)k / (double)(k + 3), amax);
      if (R->o.restart && g > 0) { a = 0.0; k = 0; }
      else k++;
      for (int i = 0; i < n; i++) {
        x[i] = xp[i] + a * (xp[i] - xo[i]);
        v[i] = vp[i] + a * (vp[i] - vo[i]);
        Mx[i] = Mxp[i] + a * (Mxp[i] - Mxo[i]);
      }
      sn_copy(n, xp, xo); sn_copy(n, vp, vo); sn_copy(n, Mxp, Mxo);
    } else {
      sn_copy(n, xp, x); sn_copy(n, vp, v); sn_copy(n, Mxp, Mx);
      if (theta < 1.0) { sigma *= theta; tau /= theta; }
    }
  }
finish:
  sn_copy(n, best, x);
  sn_copy(n, P->q, y);
  sn_csc_gemv(P->M, 1.0, x, 1.0, y);
  if (R->info) {
    double e = sn_soclcp_error(P, x);                /* the reported error is exactly this */
    R->info->iterations = it;
    R->info->error = e >= 0 ? e : best_err;
  }
  free(buf);
  return st;
}

int sn_soclcp_pd(const sn_soclcp *P, double *x, double *y, const sn_settings *s, sn_info *info)
{
  double t0 = sn_wtime();
  if (info) sn_info_reset(info);
  sn_settings def;
  if (!s) { sn_settings_default(&def); s = &def; }
  int st;
  if (!P || !x || !y) st = SN_ERR_ARG;
  else st = sn_soclcp_check(P, NULL, 0);
  pd_run R;
  memset(&R, 0, sizeof R);
  if (!st) st = parse_opts(s->options, &R.o);
  if (!st) {
    R.P = P; R.s = s; R.info = info; R.t0 = t0;
    st = pd_solve(&R, x, y);
  }
  if (info) {
    info->status = st;
    info->seconds = sn_wtime() - t0;
  }
  return st;
}

int sn_fc_socpd(const sn_fc *P, double *r, double *u, const sn_settings *s, sn_info *info)
{
  return sn_fc_via_soclcp_named(P, sn_soclcp_pd, "socpd", r, u, s, info);
}
