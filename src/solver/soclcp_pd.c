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

/* The iteration's state: x lives in the caller's array; v, M x; the step's image (xp, vp, M xp,
 * yp = M xp + q); Halpern's anchor (xa, va, M xa); the inertial step's previous image (xo, vo,
 * M xo); M at the previous step's point (Mxl, forward-reflected steps); the best x */
typedef struct {
  int n;
  double *buf, *v, *Mx, *xp, *vp, *Mxp, *xa, *va, *Mxa, *best, *yp, *xo, *vo, *Mxo, *Mxl;
  double L, Le, w, sigma, tau, amax;
  int refl, can_reflect;
  int k;                  /* iterations since the anchor (Halpern) or the restart (inertial) */
  double r0, rprev;       /* Halpern: the residual at the anchor and at the step before */
} pd_state;

static int state_alloc(pd_state *S, int n)
{
  size_t sz = (size_t)(n > 0 ? n : 1);
  S->n = n;
  S->buf = malloc(sizeof(double) * sz * 14);
  if (!S->buf) return SN_ERR_NOMEM;
  double **p[] = {&S->v, &S->Mx, &S->xp, &S->vp, &S->Mxp, &S->xa, &S->va, &S->Mxa, &S->best,
                  &S->yp, &S->xo, &S->vo, &S->Mxo, &S->Mxl};
  for (size_t j = 0; j < sizeof p / sizeof p[0]; j++) *p[j] = S->buf + j * sz;
  return SN_OK;
}

/* v = P_K(M x + q) with Mx = M x; every anchor and previous point set to (x, v) */
static void state_anchor(pd_state *S, const sn_soclcp *P, const double *x)
{
  int n = S->n;
  sn_csc_gemv(P->M, 1.0, x, 0.0, S->Mx);
  for (int i = 0; i < n; i++) S->v[i] = S->Mx[i] + P->q[i];
  proj_K(P, S->v);
  sn_copy(n, S->Mx, S->Mxl);
}

/* the start: x onto K, v, the balance w of the primal and dual steps, their sizes */
static void state_begin(pd_state *S, const pd_run *R, double *x)
{
  const sn_soclcp *P = R->P;
  int n = S->n;
  S->L = op_norm(P->M, n, S->xp, S->vp);
  if (!(S->L > 0)) S->L = 1.0;
  proj_K(P, x);                                      /* start: x in K, v = P_K(M x + q) */
  state_anchor(S, P, x);
  double w = R->o.w0;
  if (!(w > 0)) {
    double nx = sn_nrm2(n, x), nq = sn_nrm2(n, P->q);
    w = nx > 0 && nq > 0 ? nq / nx : S->L;
    if (!(w > 0) || !isfinite(w)) w = 1.0;
  }
  S->w = w;
  /* forward-reflected steps for a non-symmetric M: from the start (reflect=1), or (auto) once the
   * plain steps stall; they need sigma (tau + 2 L) <= eta and a bounded inertia */
  S->refl = R->o.reflect == 1;
  S->can_reflect = R->o.reflect == 2 && sn_csc_asymmetry(P->M) > 0;
  S->Le = S->refl ? 2.0 * S->L : S->L;
  S->amax = R->o.amax >= 0 ? R->o.amax : S->refl ? 0.3 : 1.0;
  steps(S->Le, w, R->o.eta, &S->sigma, &S->tau);
  sn_copy(n, x, S->xa); sn_copy(n, S->v, S->va); sn_copy(n, S->Mx, S->Mxa);
  sn_copy(n, x, S->xo); sn_copy(n, S->v, S->vo); sn_copy(n, S->Mx, S->Mxo);
  S->k = 0;
  S->r0 = -1.0;
  S->rprev = INFINITY;
}

/* T: x+ = P_K(x + sigma (v - M x - q)), v+ = P_K(v - tau (2 x+ - x)) (x+ by the reflected
 * operator 2 M x - M x_prev where asked; v+ with Chambolle-Pock's theta under accel=cp);
 * returns theta */
static double pd_map(pd_state *S, const pd_run *R, const double *x)
{
  const sn_soclcp *P = R->P;
  int n = S->n;
  double *v = S->v, *Mx = S->Mx, *xp = S->xp, *vp = S->vp, *Mxl = S->Mxl;
  if (S->refl)
    for (int i = 0; i < n; i++) {
      xp[i] = x[i] + S->sigma * (v[i] - 2.0 * Mx[i] + Mxl[i] - P->q[i]);
      Mxl[i] = Mx[i];
    }
  else
    for (int i = 0; i < n; i++) xp[i] = x[i] + S->sigma * (v[i] - Mx[i] - P->q[i]);
  proj_K(P, xp);
  sn_csc_gemv(P->M, 1.0, xp, 0.0, S->Mxp);
  double theta = 1.0;
  if (R->o.accel == 2 && R->o.gamma > 0) theta = 1.0 / sqrt(1.0 + 2.0 * R->o.gamma * S->sigma);
  for (int i = 0; i < n; i++) vp[i] = v[i] - S->tau * (xp[i] + theta * (xp[i] - x[i]));
  proj_K(P, vp);
  for (int i = 0; i < n; i++) S->yp[i] = S->Mxp[i] + P->q[i];
  return theta;
}

/* the plain steps stalled on a non-symmetric M: forward-reflected steps from the best x */
static void go_reflected(pd_state *S, const pd_run *R, double *x)
{
  int n = S->n;
  S->refl = 1;
  S->Le = 2.0 * S->L;
  S->amax = R->o.amax >= 0 ? R->o.amax : 0.3;
  steps(S->Le, S->w, R->o.eta, &S->sigma, &S->tau);
  sn_copy(n, S->best, x);                            /* from the best x, v = P_K(M x + q) */
  state_anchor(S, R->P, x);
  sn_copy(n, x, S->xo); sn_copy(n, S->v, S->vo); sn_copy(n, S->Mx, S->Mxo);
  sn_copy(n, x, S->xa); sn_copy(n, S->v, S->va); sn_copy(n, S->Mx, S->Mxa);
  S->k = 0;
  S->r0 = -1.0;
  S->rprev = INFINITY;
}

/* accel=halpern: z = lam T(z) + (1 - lam) z_anchor, lam = (k + 1) / (k + 2), the anchor moved to
 * T(z) (and w rebalanced) when the residual |z - T(z)| (norm w|x|^2 + |v|^2/w) has fallen enough
 * or grows */
static void next_halpern(pd_state *S, const pd_run *R, double *x)
{
  int n = S->n;
  double *v = S->v, *Mx = S->Mx, *xp = S->xp, *vp = S->vp, *Mxp = S->Mxp;
  double *xa = S->xa, *va = S->va, *Mxa = S->Mxa;
  double dx2 = 0.0, dv2 = 0.0;
  for (int i = 0; i < n; i++) {
    dx2 += (xp[i] - x[i]) * (xp[i] - x[i]);
    dv2 += (vp[i] - v[i]) * (vp[i] - v[i]);
  }
  double res = sqrt(S->w * dx2 + dv2 / S->w);
  if (S->r0 < 0) S->r0 = res;
  int restart = R->o.restart && S->k > 0 &&
                (res <= 0.2 * S->r0 || (res <= 0.8 * S->r0 && res > S->rprev) || S->k >= 10000);
  S->rprev = res;
  if (restart) {                                     /* new anchor T(z), rebalance w */
    double ddx = 0.0, ddv = 0.0;
    for (int i = 0; i < n; i++) {
      ddx += (xp[i] - xa[i]) * (xp[i] - xa[i]);
      ddv += (vp[i] - va[i]) * (vp[i] - va[i]);
    }
    if (ddx > 0 && ddv > 0 && isfinite(ddx) && isfinite(ddv)) {
      S->w = exp(0.5 * log(sqrt(ddv / ddx)) + 0.5 * log(S->w));
      steps(S->Le, S->w, R->o.eta, &S->sigma, &S->tau);
    }
    sn_copy(n, xp, xa); sn_copy(n, vp, va); sn_copy(n, Mxp, Mxa);
    sn_copy(n, xp, x); sn_copy(n, vp, v); sn_copy(n, Mxp, Mx);
    S->k = 0;
    S->r0 = -1.0;
    S->rprev = INFINITY;
    return;
  }
  double lam = (double)(S->k + 1) / (double)(S->k + 2);
  for (int i = 0; i < n; i++) {
    x[i] = lam * xp[i] + (1.0 - lam) * xa[i];
    v[i] = lam * vp[i] + (1.0 - lam) * va[i];
    Mx[i] = lam * Mxp[i] + (1.0 - lam) * Mxa[i];
  }
  S->k++;
}

/* accel=inertial: z = T(z) + a (T(z) - T(z_prev)), with the gradient restart of O'Donoghue and
 * Candes (2015): a = 0 when the step z -> T(z) goes against the momentum T(z) - T(z_prev) */
static void next_inertial(pd_state *S, const pd_run *R, double *x)
{
  int n = S->n;
  double *v = S->v, *Mx = S->Mx, *xp = S->xp, *vp = S->vp, *Mxp = S->Mxp;
  double *xo = S->xo, *vo = S->vo, *Mxo = S->Mxo, w = S->w;
  double g = 0.0;
  for (int i = 0; i < n; i++)
    g += w * (x[i] - xp[i]) * (xp[i] - xo[i]) + (v[i] - vp[i]) * (vp[i] - vo[i]) / w;
  double a = fmin((double)S->k / (double)(S->k + 3), S->amax);
  if (R->o.restart && g > 0) { a = 0.0; S->k = 0; }
  else S->k++;
  for (int i = 0; i < n; i++) {
    x[i] = xp[i] + a * (xp[i] - xo[i]);
    v[i] = vp[i] + a * (vp[i] - vo[i]);
    Mx[i] = Mxp[i] + a * (Mxp[i] - Mxo[i]);
  }
  sn_copy(n, xp, xo); sn_copy(n, vp, vo); sn_copy(n, Mxp, Mxo);
}

static int pd_solve(pd_run *R, double *x, double *y)
{
  const sn_soclcp *P = R->P;
  const sn_settings *s = R->s;
  int n = P->n, st, it = 0;
  pd_state S;
  memset(&S, 0, sizeof S);
  if ((st = state_alloc(&S, n))) return st;
  for (int i = 0; i < n; i++)
    if (!isfinite(x[i])) { sn_fill(n, 0.0, x); break; }  /* a NaN warm start is no start */
  sn_copy(n, P->q, y);
  sn_csc_gemv(P->M, 1.0, x, 1.0, y);
  double err = nat_error(P, x, y), best_err = err;
  sn_copy(n, x, S.best);
  st = err <= s->tol ? SN_OK : SN_MAX_ITER;
  if (st == SN_MAX_ITER) state_begin(&S, R, x);
  double mark = best_err;
  int mark_it = 0;
  while (st == SN_MAX_ITER && it < s->max_iter) {
    double theta = pd_map(&S, R, x);
    err = nat_error(P, S.xp, S.yp);
    it++;
    if (err < best_err) { best_err = err; sn_copy(n, S.xp, S.best); }
    double rec_val = R->o.gap_hist ? sn_dot(n, S.xp, S.vp) / (n > 0 ? n : 1) : err;
    int rec = sn_info_record(R->info, s, it, rec_val, R->t0);
    if (R->info && R->o.gap_hist) R->info->error = err;
    if (err <= s->tol && sn_soclcp_error(P, S.xp) <= s->tol) {   /* confirmed by the measure */
      sn_copy(n, S.xp, S.best);
      st = SN_OK;
      break;
    }
    if (rec) { st = rec; break; }
    if (!isfinite(err)) { st = SN_STALLED; break; }
    if (best_err < 0.99 * mark) { mark = best_err; mark_it = it; }
    else if (it - mark_it > (it / 2 > 2000 ? it / 2 : 2000)) {
      if (!S.can_reflect || S.refl) { st = SN_STALLED; break; }
      go_reflected(&S, R, x);                        /* switch to forward-reflected steps */
      mark = best_err;
      mark_it = it;
      continue;
    }
    if (R->o.accel == 1) next_halpern(&S, R, x);
    else if (R->o.accel == 3) next_inertial(&S, R, x);
    else {
      sn_copy(n, S.xp, x); sn_copy(n, S.vp, S.v); sn_copy(n, S.Mxp, S.Mx);
      if (theta < 1.0) { S.sigma *= theta; S.tau /= theta; }
    }
  }
  sn_copy(n, S.best, x);
  sn_copy(n, P->q, y);
  sn_csc_gemv(P->M, 1.0, x, 1.0, y);
  if (R->info) {
    double e = sn_soclcp_error(P, x);                /* the reported error is exactly this */
    R->info->iterations = it;
    R->info->error = e >= 0 ? e : best_err;
  }
  free(S.buf);
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
