/* Matrix-free nonsmooth Gauss-Seidel on body velocities (Jean & Moreau 1992, "Unilaterality
 * and dry friction in the dynamics of rigid body collections"; Jean 1999, the NSCD method;
 * Acary & Brogliato 2008, sec. 13.4). W = H^T M^-1 H is never assembled: the bodies' velocities
 * v = v_free + M^-1 H r are kept up to date, so the relative velocity of a contact u_i = H_i^T v
 * + s_i e_N is read from its two bodies, and the local problem of contact i is
 *     u_i = W_ii r_i + (u_i - W_ii r_i^old),
 * solved exactly on the Coulomb cone in De Saxce's form (De Saxce & Feng 1998): with W_ii
 * diagonal and isotropic in the tangent plane (every sphere contact) in closed form, else by
 * the Alart-Curnier Newton of fc_local.c. The impulse increment is then applied to the two
 * bodies in place. A sweep visits the rows in `order`: contacts of one colour share no dynamic
 * body, so a colouring can sweep each colour in parallel without changing this kernel
 * (nsgs_colour.c; sn_dyn_settings.threads >= 1, OpenMP with SIGNORINI_OPENMP).
 *
 * Stopping: Siconos' relative error (sn_fc_error's measure) of (r, u = W r + q), computed
 * matrix-free from the bodies' velocities after each sweep. */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#ifdef SN_HAVE_OPENMP
#include <omp.h>
#endif

#include "common/par_tune.h"
#include "dynamics/moreau_internal.h"
#include "problem/fc_rule.h"
#include "solver/fc_local.h"

/* |(a, b)| without hypot's overflow care (glibc's hypot was half of the sweep's time); the
 * values are impulses and velocities, far from overflow */
static inline double norm2(double a, double b) { return sqrt(a * a + b * b); }

/* projection on the Coulomb cone K = {|x_T| <= mu x_N} (its polar: mu |x_T| <= -x_N) */
static inline void proj_cone3(double mu, double x[3]) {
  double t = norm2(x[1], x[2]);
  if (x[0] >= 0 && t <= mu * x[0]) return;
  if (mu * t <= -x[0]) {
    x[0] = x[1] = x[2] = 0;
    return;
  }
  double a = (x[0] + mu * t) / (1 + mu * mu), f = t > 0 ? mu * a / t : 0;
  x[0] = a;
  x[1] *= f;
  x[2] *= f;
}

/* closed form for W = diag(wn, wt, wt): take-off, stick or slip (the three cases of Coulomb's
 * law with a decoupled normal; the slip direction is that of q_T since W_TT is isotropic) */
static void local_iso(double wn, double wt, double mu, const double q[3], double r[3]) {
  if (!(q[0] < 0)) {            /* the contact separates with r = 0 (u_hat in the dual cone iff q_N >= 0) */
    r[0] = r[1] = r[2] = 0;
    return;
  }
  r[0] = -q[0] / wn;
  r[1] = -q[1] / wt;
  r[2] = -q[2] / wt;
  double rt = norm2(r[1], r[2]), lim = mu * r[0];
  if (rt <= lim) return;        /* stick: u = 0 */
  double qt = norm2(q[1], q[2]);  /* slip: u_N = 0, r_T = -mu r_N q_T / |q_T| */
  r[1] = -lim * q[1] / qt;
  r[2] = -lim * q[2] / qt;
}

static void local_general(const sn_mj_row *c, const double q[3], double r[3], double tol, int iter) {
  sn_fc_local L;
  L.dim = 3;
  L.mu = c->mu;
  memcpy(L.W, c->W, sizeof L.W);
  memcpy(L.q, q, sizeof L.q);
  L.rho = 0;
  L.tol = tol;
  L.max_iter = iter;
  sn_fc_local_solve(SN_LOCAL_HYBRID, &L, r);   /* r: the best iterate even when not converged */
}

/* the local solve of row i (relaxed by W->omega) and its impulse increment applied to its two bodies */
static inline void row_update(sn_mj_step *W, int i, double local_tol, int local_iter) {
  sn_mj_row *c = &W->row[i];
  sn_mj_body *A = &W->body[c->a], *B = &W->body[c->b];
  double u[3], q[3], r[3], dr[3];
  sn_mj_row_velocity(c, A, B, u);
  u[0] += c->s;
  const double *Wc = c->W;
  for (int k = 0; k < 3; k++) q[k] = u[k] - (Wc[k] * c->r[0] + Wc[3 + k] * c->r[1] + Wc[6 + k] * c->r[2]);
  if (c->iso) {
    local_iso(Wc[0], Wc[4], c->mu, q, r);
  } else {
    memcpy(r, c->r, sizeof r);
    local_general(c, q, r, local_tol, local_iter);
  }
  if (W->omega != 1.0) {
    for (int k = 0; k < 3; k++) r[k] = c->r[k] + W->omega * (r[k] - c->r[k]);
    proj_cone3(c->mu, r);
  }
  for (int k = 0; k < 3; k++) dr[k] = r[k] - c->r[k];
  if (dr[0] == 0 && dr[1] == 0 && dr[2] == 0) return;
  sn_mj_apply(c, A, B, dr);
  memcpy(c->r, r, sizeof r);
}

void sn_nsgs_bodies_sweep(sn_mj_step *W, const int *order, int n, int reverse, double local_tol, int local_iter) {
  for (int k = 0; k < n; k++) row_update(W, order[reverse ? n - 1 - k : k], local_tol, local_iter);
}

/* one sweep colour after colour; the rows of a colour (no shared dynamic body) split statically
 * among the threads, the overflow colour (SN_NSGS_COLOURS - 1) by one thread; reverse: the
 * colours last to first (the backward half of a symmetric sweep). Each row reads and
 * writes only its own two bodies, none shared within a colour: the result is the sequential
 * sweep's in colour order, whatever the thread count */
static void sweep_coloured(sn_mj_step *W, const sn_nsgs_colouring *C, int nthreads, int reverse, double ltol,
                           int liter) {
  (void)nthreads;
  /* small colours: the barrier that ends each colour costs more than its rows (about 30 ns each
   * for spheres), and on a loaded machine a thread's barrier waits for a descheduled partner */
  int par_rows = W->par_rows ? W->par_rows : SN_NSGS_PAR_ROWS;
  int parallel = nthreads > 1 && W->nrow >= 64 && (par_rows < 0 || W->nrow >= (long)par_rows * C->ncolour);
  (void)parallel;
#ifdef SN_HAVE_OPENMP
#pragma omp parallel num_threads(nthreads) if (parallel)
#endif
  for (int kk = 0; kk < C->ncolour; kk++) {
    int k = reverse ? C->ncolour - 1 - kk : kk;
    int lo = C->start[k], hi = C->start[k + 1];
    if (k == SN_NSGS_COLOURS - 1) {
#ifdef SN_HAVE_OPENMP
#pragma omp single
#endif
      for (int j = lo; j < hi; j++) row_update(W, C->order[j], ltol, liter);
    } else {
#ifdef SN_HAVE_OPENMP
#pragma omp for schedule(static)
#endif
      for (int j = lo; j < hi; j++) row_update(W, C->order[j], ltol, liter);
    }
  }
}

/* |r - P_K(r - u - [mu |u_T|, 0, 0])|^2 of one contact (Siconos' fc3d natural map) */
static double natmap2(double mu, const double r[3], const double u[3]) {
  double t[3] = {r[0] - u[0] - mu * norm2(u[1], u[2]), r[1] - u[1], r[2] - u[2]};
  proj_cone3(mu, t);
  return (r[0] - t[0]) * (r[0] - t[0]) + (r[1] - t[1]) * (r[1] - t[1]) + (r[2] - t[2]) * (r[2] - t[2]);
}

/* The error's sums over rows [lo, hi), ERR_N of them: the natural map, |q|^2, |r|^2, |u|^2 (the
 * relative error), |u - q|^2 = |W r|^2, and the maxima of the penetration max(0, -u_N), of the
 * complementarity max(0, r . u_hat) and of |r|_inf (the absolute acceptance, as the registry's
 * sn_fc_measures: problem.h) */
enum { ERR_N = 8 };
static void error_sums(const sn_mj_step *W, int lo, int hi, double acc[ERR_N]) {
  double sum = 0, nq = 0, nr = 0, nu = 0, wr = 0, pen = 0, comp = 0, rinf = 0;
  for (int i = lo; i < hi; i++) {
    const sn_mj_row *c = &W->row[i];
    double u[3];
    sn_mj_row_velocity(c, &W->body[c->a], &W->body[c->b], u);
    u[0] += c->s;
    const double *q = W->q + 3 * i;
    nq += q[0] * q[0] + q[1] * q[1] + q[2] * q[2];
    nr += sn3_dot(c->r, c->r);
    nu += sn3_dot(u, u);
    sum += natmap2(c->mu, c->r, u);
    for (int k = 0; k < 3; k++) {
      wr += (u[k] - q[k]) * (u[k] - q[k]);
      rinf = fmax(rinf, fabs(c->r[k]));
    }
    pen = fmax(pen, -u[0]);
    double uh = u[0] + c->mu * norm2(u[1], u[2]);
    comp = fmax(comp, c->r[0] * uh + c->r[1] * u[1] + c->r[2] * u[2]);
  }
  double a[ERR_N] = {sum, nq, nr, nu, wr, pen, comp, rinf};
  memcpy(acc, a, sizeof a);
}

/* chunk sums b added into a (the maxima taken) */
static void error_add(double a[ERR_N], const double b[ERR_N]) {
  for (int j = 0; j < 5; j++) a[j] += b[j];
  for (int j = 5; j < ERR_N; j++) a[j] = fmax(a[j], b[j]);
}

/* Siconos' relative error; *ok: the registry's absolute acceptance holds as well (sn_fc_measures'
 * rule: penetration <= sqrt(tol) vscale and complementarity <= sqrt(tol) vscale |r|_inf, vscale
 * = max(|q|, |W r|), a scale below DBL_EPSILON counting as 1). The relative error alone mixes
 * impulses and velocities: where the impulses are far smaller than the velocities (a body of
 * 1e-8 kg: |r| ~ 1e-11 N s against u ~ 1 m/s), any impulse of that size meets it, and a
 * warm start that injects energy was accepted without a sweep */
static double error_from(const double acc[ERR_N], double tol, int *ok) {
  double den = fmax(sqrt(acc[1]), fmax(sqrt(acc[2]), sqrt(acc[3])));
  double e = den > DBL_EPSILON ? sqrt(acc[0]) / den : sqrt(acc[0]);
  /* no cone violation: every local solve ends on its cone */
  *ok = sn_fc_rule_holds(acc[5], 0.0, acc[6], fmax(sqrt(acc[1]), sqrt(acc[4])), acc[7], tol);
  return isfinite(e) ? e : NAN;
}

double sn_nsgs_bodies_error(const sn_mj_step *W) {
  double acc[ERR_N];
  int ok;
  error_sums(W, 0, W->nrow, acc);
  return error_from(acc, 1.0, &ok);
}

/* the same error on nthreads threads (or serially: nthreads 0): sums over fixed chunks of
 * ERR_CHUNK rows added in chunk order, so the value does not depend on the thread count;
 * part: ERR_N doubles per chunk */
#define ERR_CHUNK 2048
static double error_parallel(const sn_mj_step *W, int nthreads, double *part, double tol, int *ok) {
  if (nthreads < 1) {
    double acc[ERR_N];
    error_sums(W, 0, W->nrow, acc);
    return error_from(acc, tol, ok);
  }
  int nch = (W->nrow + ERR_CHUNK - 1) / ERR_CHUNK;
#ifdef SN_HAVE_OPENMP
#pragma omp parallel for schedule(static) num_threads(nthreads) if (nthreads > 1 && nch > 1)
#endif
  for (int k = 0; k < nch; k++) {
    int hi = (k + 1) * ERR_CHUNK < W->nrow ? (k + 1) * ERR_CHUNK : W->nrow;
    error_sums(W, k * ERR_CHUNK, hi, part + ERR_N * k);
  }
  double acc[ERR_N] = {0, 0, 0, 0, 0, 0, 0, 0};
  for (int k = 0; k < nch; k++) error_add(acc, part + ERR_N * k);
  return error_from(acc, tol, ok);
}

/* the threads of the coloured sweep: the setting, never more than the processors */
static int thread_count(int asked) {
#ifdef SN_HAVE_OPENMP
  int p = omp_get_num_procs();
  return asked < p ? asked : p;
#else
  (void)asked;
  return 1;
#endif
}

/* the options of the step's solver settings: "omega=" relaxation (0 < omega < 2, default 1),
 * "accel=none|nncg" (nsgs_accel.c, default none), "sweep=forward|symmetric" (default forward) */
int sn_nsgs_bodies_options(const char *options, sn_mj_step *W) {
  static const char *const keys[] = {"omega", "accel", "sweep", "newton", NULL};
  W->omega = 1.0;
  W->accel = SN_NSGS_ACCEL_NONE;
  W->sym = 0;
  W->newton_max = SN_NSGS_NEWTON_ROWS;
  if (!options) return SN_OK;
  int st = sn_option_check(options, keys);
  if (st != SN_OK) return st;
  st = sn_option_double(options, "omega", &W->omega);
  if (st < 0) return st;
  if (!(W->omega > 0 && W->omega < 2)) return SN_ERR_ARG;
  char buf[16];
  st = sn_option_string(options, "accel", buf, sizeof buf);
  if (st < 0) return st;
  if (st > 0) {
    if (strcmp(buf, "nncg") == 0) W->accel = SN_NSGS_ACCEL_NNCG;
    else if (strcmp(buf, "none") != 0) return SN_ERR_ARG;
  }
  st = sn_option_string(options, "sweep", buf, sizeof buf);
  if (st < 0) return st;
  if (st > 0) {
    if (strcmp(buf, "symmetric") == 0) W->sym = 1;
    else if (strcmp(buf, "forward") != 0) return SN_ERR_ARG;
  }
  double nm = SN_NSGS_NEWTON_ROWS;
  st = sn_option_double(options, "newton", &nm);
  if (st < 0) return st;
  if (!(nm >= 0 && nm <= 1e9 && nm == floor(nm))) return SN_ERR_ARG;
  W->newton_max = (int)nm;
  return SN_OK;
}

/* sweeps before the next error check: half the number of sweeps the observed linear rate
 * needs to reach tol, between 1 and 20 (a check costs about half a sweep) */
static int next_check(double err, double prev, int gap, double tol) {
  if (!(prev > err) || !(err > 0)) return 1;
  double rate = log(err / prev) / gap;   /* < 0 */
  double k = 0.5 * log(tol / err) / rate;
  return k < 1 ? 1 : k > 20 ? 20 : (int)k;
}

int sn_nsgs_bodies_solve(sn_mj_step *W, const sn_settings *s, sn_info *info) {
  double t0 = sn_wtime();
  sn_info_reset(info);
  info->solver = "nsgs_bodies";
  info->ntried = 1;
  int st;
  /* the local problems are solved well below the global tolerance */
  double ltol = fmin(1e-3 * s->tol, 1e-10);
  sn_nsgs_colouring C;
  double *part = NULL;
  int nt = W->threads >= 1 ? thread_count(W->threads) : 0;
  if (nt >= 1) {
    part = malloc(sizeof(double) * ERR_N * (size_t)(W->nrow / ERR_CHUNK + 1));
    if (!part || sn_nsgs_colour(W, &C) != SN_OK) {
      free(part);
      info->status = SN_ERR_NOMEM;
      return SN_ERR_NOMEM;
    }
  }
  sn_nncg cg, *G = NULL;
  if (W->accel == SN_NSGS_ACCEL_NNCG) {
    if (sn_nncg_begin(W, &cg) != SN_OK) {
      if (nt >= 1) sn_nsgs_colour_free(&C);
      free(part);
      info->status = SN_ERR_NOMEM;
      return SN_ERR_NOMEM;
    }
    G = &cg;
  }
  int ok;   /* the absolute acceptance (error_from) */
  double err = error_parallel(W, nt, part, s->tol, &ok), prev = NAN;
  int it = 0, gap = 1;
  st = SN_MAX_ITER;
  if (isnan(err)) st = SN_ERR_NAN;
  else if (err <= s->tol && ok) st = SN_OK;
  /* the coloured sweep on its threads or on one, sweep by sweep, by the clock
     (common/par_tune.h): the same bits either way */
  sn_par_tune tune;
  sn_par_tune_init(&tune, nt);
  while (st == SN_MAX_ITER && it < s->max_iter) {
    int k = next_check(err, prev, gap, s->tol);
    if (k > s->max_iter - it) k = s->max_iter - it;
    for (int j = 0; j < k; j++) {
      int rev = W->sym && (it + j) % 2 == 1;
      if (nt >= 1) {
        int ntj = sn_par_tune_begin(&tune) > 1 ? nt : 1;
        sweep_coloured(W, &C, ntj, rev, ltol, 50);
        sn_par_tune_end(&tune);
      } else sn_nsgs_bodies_sweep(W, W->order, W->nrow, rev, ltol, 50);
      if (G) sn_nncg_update(W, G);
    }
    it += k;
    gap = k;
    prev = err;
    err = error_parallel(W, nt, part, s->tol, &ok);
    int rec = sn_info_record(info, s, it, err, t0);
    if (isnan(err)) st = SN_ERR_NAN;
    else if (err <= s->tol && ok) st = SN_OK;
    else if (rec != SN_OK) st = rec;
  }
  if (nt >= 1) {
    sn_nsgs_colour_free(&C);
    free(part);
  }
  info->iterations = it;
  info->error = err;
  info->status = st;
  info->seconds = sn_wtime() - t0;
  return st;
}
