/* signorini_granular_window: solver options compared on the same window of issue #12's granular
 * pile (bench/granular_scene.h). The pile is stepped with the default settings (tol 1e-6, at most
 * 1 000 sweeps) to each start time T0; there the process forks once per option string, and each
 * child runs STEPS steps from the very same state (positions, velocities and the warm-start
 * impulses) with its options, then prints one line: mean sweeps per step, steps short of the
 * tolerance, worst and median error, CPU and wall ms per step of the child
 * (CLOCK_PROCESS_CPUTIME_ID, CLOCK_MONOTONIC), mean contacts, final largest linear speed. The children run one after the other (a shared machine).
 * --tol and --max-iter apply to the windows only; the prefix is always the benchmark's (1e-6,
 * 1 000 sweeps), so that every run forks from the same states.
 *
 *   signorini_granular_window N T0[,T0,...] STEPS [--tol TOL] [--max-iter K] [--hist] [--diag]
 *                             OPTIONS...        (each a solver option string; "-" for none;
 *                                                "solver:NAME" for the registry solver NAME;
 *                                                "threads:K" for the coloured NSGS on K threads,
 *                                                sn_dyn_settings.threads = K; ":OPTS" may follow)
 *   --hist: also print the error history (sweeps:error at each check) of the window's first step
 *   --diag: where the error of the window's first step sits (sn_scene_last_problem: by contact
 *           status, the largest contributions), and the registry's NSGS continued from there
 *
 * Exit status 0 when every child completed. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench_util.h"
#include "granular_scene.h"
#include "signorini/signorini.h"

typedef struct {
  int on;
  int got;           /* the first check of the step seen */
  double first;      /* its error (after the first sweep from the warm start) */
  int n;
  int it[256];
  double err[256];
} hist;

static int record(int iter, double error, void *user) {
  hist *H = user;
  if (!H->got) H->got = 1, H->first = error;
  if (H->on && H->n < 256) {
    H->it[H->n] = iter;
    H->err[H->n++] = error;
  }
  return 0;
}

static double max_linear_speed(const sn_scene *S) {
  double vmax = 0;
  for (int b = 0; b < sn_scene_nbodies(S); b++) {
    sn_body_state bs;
    sn_scene_body_state(S, b, &bs);
    vmax = fmax(vmax, sqrt(bs.v[0] * bs.v[0] + bs.v[1] * bs.v[1] + bs.v[2] * bs.v[2]));
  }
  return vmax;
}

static int by_desc(const void *a, const void *b) { return bench_cmp_double(b, a); }

/* |r - P_K(r - u - [mu |u_T|, 0, 0])|^2 of one contact, recomputed here independently of the
 * library's (Siconos' fc3d natural map) */
static double natmap2(double mu, const double *r, const double *u) {
  double t[3] = {r[0] - u[0] - mu * hypot(u[1], u[2]), r[1] - u[1], r[2] - u[2]};
  double tt = hypot(t[1], t[2]);
  if (!(t[0] >= 0 && tt <= mu * t[0])) {
    if (mu * tt <= -t[0]) t[0] = t[1] = t[2] = 0;
    else {
      double a = (t[0] + mu * tt) / (1 + mu * mu), f = tt > 0 ? mu * a / tt : 0;
      t[0] = a;
      t[1] *= f;
      t[2] *= f;
    }
  }
  return (r[0] - t[0]) * (r[0] - t[0]) + (r[1] - t[1]) * (r[1] - t[1]) + (r[2] - t[2]) * (r[2] - t[2]);
}

/* status of a contact: 0 open, 1 stick, 2 slip */
static int status_of(double mu, const double *r) {
  return !(r[0] > 0) ? 0 : hypot(r[1], r[2]) >= mu * r[0] * (1 - 1e-9) ? 2 : 1;
}

/* plain NSGS on the assembled problem (u = W r + q kept up to date through W's columns; W_ii
 * diagonal and isotropic in the tangent plane, as for spheres): per sweep the error and the
 * number of contacts whose status changed, to tell slow linear convergence from cycling */
/* largest t >= 0 keeping r + t d in the cone strictly (stick) or r_N + t d_N >= 0 (slip); INFINITY if none */
static double ratio(double mu, const double *r, const double *d, int st) {
  double tmax = INFINITY;
  if (st == 0) return tmax;
  if (d[0] < 0) tmax = -r[0] / d[0];
  if (st == 2) return tmax;
  double A = d[1] * d[1] + d[2] * d[2] - mu * mu * d[0] * d[0];
  double B = 2 * (r[1] * d[1] + r[2] * d[2] - mu * mu * r[0] * d[0]);
  double C = r[1] * r[1] + r[2] * r[2] - mu * mu * r[0] * r[0];   /* < 0 inside */
  double disc = B * B - 4 * A * C, t = INFINITY;
  if (A > 0) t = (-B + sqrt(fmax(disc, 0))) / (2 * A);
  else if (A < 0 && disc >= 0 && B > 0) t = (-B + sqrt(disc)) / (2 * A);
  else if (A == 0 && B > 0) t = -C / B;
  return fmin(tmax, t > 0 ? t : INFINITY);
}

static void flips_x(const sn_fc *P, double *r, double *u, int sweeps, int m, int verbose) {
  int nc = P->nc, n = 3 * nc;
  const sn_csc *W = P->W;
  signed char *stat = malloc((size_t)nc);
  double *rold = malloc(sizeof(double) * (size_t)n), *d = malloc(sizeof(double) * (size_t)n);
  memcpy(rold, r, sizeof(double) * (size_t)n);
  int wflips = 0;
  for (int i = 0; i < nc; i++) stat[i] = (signed char)status_of(P->mu[i], r + 3 * i);
  if (verbose) printf("    own NSGS%s: sweep:error:flips", m ? " + drift extrapolation" : "");
  for (int s = 1; s <= sweeps; s++) {
    int nflip = 0;
    for (int i = 0; i < nc; i++) {
      double d[3] = {0, 0, 0};
      for (int k = 0; k < 3; k++)
        for (int p = W->colptr[3 * i + k]; p < W->colptr[3 * i + k + 1]; p++)
          if (W->rowind[p] == 3 * i + k) d[k] = W->val[p];
      double *ri = r + 3 * i, *ui = u + 3 * i, q[3], rn[3];
      for (int k = 0; k < 3; k++) q[k] = ui[k] - d[k] * ri[k];
      if (!(q[0] < 0)) rn[0] = rn[1] = rn[2] = 0;
      else {
        rn[0] = -q[0] / d[0], rn[1] = -q[1] / d[1], rn[2] = -q[2] / d[2];
        double rt = hypot(rn[1], rn[2]), lim = P->mu[i] * rn[0];
        if (rt > lim) rn[1] = lim * rn[1] / rt, rn[2] = lim * rn[2] / rt;
      }
      for (int k = 0; k < 3; k++) {
        double dr = rn[k] - ri[k];
        if (dr != 0)
          for (int p = W->colptr[3 * i + k]; p < W->colptr[3 * i + k + 1]; p++) u[W->rowind[p]] += W->val[p] * dr;
        ri[k] = rn[k];
      }
      int st = status_of(P->mu[i], ri);
      if (st != stat[i]) nflip++, stat[i] = (signed char)st;
    }
    wflips += nflip;
    if (verbose && (s % 50 == 0 || s <= 3)) printf(" %d:%.2e:%d", s, sn_fc_error(P, r, NULL), nflip);
    if (m && s % m == 0) {
      if (wflips == 0) {
        double t = INFINITY;
        for (int k = 0; k < n; k++) d[k] = r[k] - rold[k];
        for (int i = 0; i < nc; i++) t = fmin(t, ratio(P->mu[i], r + 3 * i, d + 3 * i, stat[i]));
        if (t > 1e4) t = 1e4;
        double e0 = sn_fc_error(P, r, NULL);
        for (int k = 0; k < n; k++) d[k] *= t, r[k] += d[k];
        sn_csc_gemv(W, 1.0, d, 1.0, u);
        double e1 = sn_fc_error(P, r, NULL);
        if (verbose) printf(" {x%.3g: %.2e->%.2e}", t * m, e0, e1);
      }
      wflips = 0;
      memcpy(rold, r, sizeof(double) * (size_t)n);
    }
  }
  if (verbose) printf("\n");
  free(stat), free(rold), free(d);
}
static void flips(const sn_fc *P, double *r, double *u, int sweeps) { flips_x(P, r, u, sweeps, 0, 1); }

/* experiment: the statuses frozen, the sticking rows (3 per contact) and the slipping contacts'
 * normal rows solved for u = 0 by a Tikhonov-regularised direct solve of W restricted to them
 * (CHOLMOD on W_AA + eps I, iterated refinement: proximal point), slip friction lagged; then the
 * error, the cone violations, and own NSGS sweeps after it */
static void polish(const sn_fc *P, double *r, double *u, double rel_eps, int refine) {
  int nc = P->nc, n = 3 * nc, na = 0;
  const sn_csc *W = P->W;
  int *map = malloc(sizeof(int) * (size_t)n), *rows = malloc(sizeof(int) * (size_t)n);
  for (int i = 0; i < nc; i++) {
    int st = status_of(P->mu[i], r + 3 * i);
    for (int k = 0; k < 3; k++) {
      int on = st == 1 || (st == 2 && k == 0);
      map[3 * i + k] = on ? na : -1;
      if (on) rows[na++] = 3 * i + k;
    }
  }
  int cap = W->colptr[n] + na, nz = 0;
  int *ti = malloc(sizeof(int) * (size_t)cap), *tj = malloc(sizeof(int) * (size_t)cap);
  double *tx = malloc(sizeof(double) * (size_t)cap), dmax = 0;
  for (int c = 0; c < n; c++) {
    if (map[c] < 0) continue;
    for (int p = W->colptr[c]; p < W->colptr[c + 1]; p++) {
      if (map[W->rowind[p]] < 0) continue;
      ti[nz] = map[W->rowind[p]], tj[nz] = map[c], tx[nz++] = W->val[p];
      if (W->rowind[p] == c) dmax = fmax(dmax, W->val[p]);
    }
  }
  for (int a = 0; a < na; a++) ti[nz] = a, tj[nz] = a, tx[nz++] = rel_eps * dmax;
  sn_csc *A;
  sn_chol *F = NULL;
  double t0 = bench_clock(1);
  if (sn_csc_from_triplets(na, na, nz, ti, tj, tx, &A) != SN_OK || sn_chol_factor(A, &F) != SN_OK) {
    printf("    polish: factor failed (%d rows)\n", na);
    return;
  }
  double tf = bench_clock(1) - t0;
  double *b = malloc(sizeof(double) * (size_t)na), *x = malloc(sizeof(double) * (size_t)na);
  double *dr = calloc((size_t)n, sizeof(double));
  printf("    polish %d rows eps %.0e factor %.1f ms:", na, rel_eps, 1e3 * tf);
  for (int it = 0; it < refine; it++) {
    for (int a = 0; a < na; a++) b[a] = -u[rows[a]];
    sn_chol_solve(F, b, x);
    memset(dr, 0, sizeof(double) * (size_t)n);
    for (int a = 0; a < na; a++) dr[rows[a]] = x[a], r[rows[a]] += x[a];
    sn_csc_gemv(W, 1.0, dr, 1.0, u);
    double ea = 0;
    for (int a = 0; a < na; a++) ea += u[rows[a]] * u[rows[a]];
    int viol = 0;
    for (int i = 0; i < nc; i++) {
      const double *ri = r + 3 * i;
      if (ri[0] < 0 || hypot(ri[1], ri[2]) > P->mu[i] * ri[0] * (1 + 1e-12) + 1e-300) viol++;
    }
    printf(" [%d: |u_A| %.2e, err %.2e, cone violations %d]", it + 1, sqrt(ea), sn_fc_error(P, r, NULL), viol);
  }
  printf("\n");
  sn_chol_free(F);
  sn_csc_free(A);
  free(b), free(x), free(dr), free(ti), free(tj), free(tx), free(map), free(rows);
}

/* experiment: two-level NSGS, a Galerkin coarse correction of the normal impulses (aggregation:
 * the normal rows of the loaded contacts grouped by the cell of side cs of their contact point,
 * P piecewise constant; Wc = P^T W P + eps I; dr = P Wc^-1 P^T (-u), projected on the cones,
 * kept only if the error falls) every m sweeps of the own NSGS */
static void coarse_x(const sn_scene *S, const sn_fc *P, double *r, double *u, int sweeps, int m, double cs) {
  int nc = P->nc, n = 3 * nc;
  const sn_csc *W = P->W;
  int *agg = malloc(sizeof(int) * (size_t)nc);
  double *rs = malloc(sizeof(double) * (size_t)n), *us = malloc(sizeof(double) * (size_t)n);
  double *dr = malloc(sizeof(double) * (size_t)n);
  printf("    two-level (cell %.2f m, every %d sweeps): sweep:error", cs, m);
  int acc = 0, rej = 0, na_last = 0;
  for (int s = 1; s <= sweeps; s++) {
    flips_x(P, r, u, 1, 0, 0);
    if (s % 50 == 0) printf(" %d:%.2e", s, sn_fc_error(P, r, NULL));
    if (s % m) continue;
    /* aggregates of the loaded contacts */
    int na = 0, cells = 64;
    int *cell_id = malloc(sizeof(int) * (size_t)(cells * cells * cells));
    for (int k = 0; k < cells * cells * cells; k++) cell_id[k] = -1;
    for (int i = 0; i < nc; i++) {
      agg[i] = -1;
      if (!(r[3 * i] > 0)) continue;
      sn_body_contact c;
      sn_scene_contact(S, i, &c);
      int ix = (int)floor(c.point[0] / cs), iy = (int)floor(c.point[1] / cs), iz = (int)floor(c.point[2] / cs);
      ix = ix < 0 ? 0 : ix >= cells ? cells - 1 : ix;
      iy = iy < 0 ? 0 : iy >= cells ? cells - 1 : iy;
      iz = iz < 0 ? 0 : iz >= cells ? cells - 1 : iz;
      int key = (ix * cells + iy) * cells + iz;
      if (cell_id[key] < 0) cell_id[key] = na++;
      agg[i] = cell_id[key];
    }
    free(cell_id);
    na_last = na;
    double *Wc = calloc((size_t)na * (size_t)na, sizeof(double)), *b = calloc((size_t)na, sizeof(double));
    double dmax = 0;
    for (int i = 0; i < nc; i++) {
      if (agg[i] < 0) continue;
      int c = 3 * i;
      b[agg[i]] -= u[c];
      for (int p = W->colptr[c]; p < W->colptr[c + 1]; p++) {
        int row = W->rowind[p];
        if (row % 3 || agg[row / 3] < 0) continue;
        Wc[(size_t)agg[i] * na + agg[row / 3]] += W->val[p];
      }
    }
    for (int a = 0; a < na; a++) dmax = fmax(dmax, Wc[(size_t)a * na + a]);
    for (int a = 0; a < na; a++) Wc[(size_t)a * na + a] += 1e-10 * dmax;
    sn_csc *A;
    sn_chol *F = NULL;
    double *y = malloc(sizeof(double) * (size_t)(na > 0 ? na : 1));
    if (na > 0 && sn_csc_from_dense(na, na, Wc, 0, &A) == SN_OK) {
      if (sn_chol_factor(A, &F) == SN_OK && sn_chol_solve(F, b, y) == SN_OK) {
        double e0 = sn_fc_error(P, r, NULL);
        memcpy(rs, r, sizeof(double) * (size_t)n);
        memcpy(us, u, sizeof(double) * (size_t)n);
        for (int i = 0; i < nc; i++) {
          double *ri = r + 3 * i, old[3] = {ri[0], ri[1], ri[2]};
          if (agg[i] >= 0) ri[0] += y[agg[i]];
          double t = hypot(ri[1], ri[2]), mu = P->mu[i];   /* projection on the cone */
          if (!(ri[0] >= 0 && t <= mu * ri[0])) {
            if (mu * t <= -ri[0]) ri[0] = ri[1] = ri[2] = 0;
            else {
              double aa = (ri[0] + mu * t) / (1 + mu * mu), f = t > 0 ? mu * aa / t : 0;
              ri[0] = aa, ri[1] *= f, ri[2] *= f;
            }
          }
          for (int k = 0; k < 3; k++) dr[3 * i + k] = ri[k] - old[k];
        }
        sn_csc_gemv(W, 1.0, dr, 1.0, u);
        double e1 = sn_fc_error(P, r, NULL);
        if (e1 < e0) acc++;
        else {
          rej++;
          memcpy(r, rs, sizeof(double) * (size_t)n);
          memcpy(u, us, sizeof(double) * (size_t)n);
        }
      }
      sn_chol_free(F);
      sn_csc_free(A);
    }
    free(y), free(Wc), free(b);
  }
  printf("  (%d aggregates; corrections kept %d, rejected %d)\n", na_last, acc, rej);
  free(agg), free(rs), free(us), free(dr);
}

/* where the error of the last step sits, then the registry's NSGS from there */
static void diag(const sn_scene *S) {
  int quick = getenv("DIAG_COARSE_ONLY") != NULL;
  sn_fc *P;
  double *r;
  if (sn_scene_last_problem(S, &P, &r) != SN_OK) return;
  int nc = P->nc, n = 3 * nc;
  double *u = malloc(sizeof(double) * (size_t)n), *e2 = malloc(sizeof(double) * (size_t)nc);
  memcpy(u, P->q, sizeof(double) * (size_t)n);
  sn_csc_gemv(P->W, 1.0, r, 1.0, u);
  double nq = 0, nr = 0, nu = 0, cls[3] = {0, 0, 0}, tot = 0;
  int cnt[3] = {0, 0, 0};
  for (int i = 0; i < n; i++) nq += P->q[i] * P->q[i], nr += r[i] * r[i], nu += u[i] * u[i];
  for (int i = 0; i < nc; i++) {
    const double *ri = r + 3 * i;
    double mu = P->mu[i], rt = hypot(ri[1], ri[2]);
    int k = !(ri[0] > 0) ? 0 : rt >= mu * ri[0] * (1 - 1e-9) ? 2 : 1;   /* open, stick, slip */
    e2[i] = natmap2(mu, ri, u + 3 * i);
    cls[k] += e2[i];
    cnt[k]++;
    tot += e2[i];
  }
  printf("  diag: |q| %.3e |r| %.3e |u| %.3e  abs err %.3e rel %.3e; error^2 share open %.3f (%d) stick %.3f (%d) "
         "slip %.3f (%d)\n", sqrt(nq), sqrt(nr), sqrt(nu), sqrt(tot), sqrt(tot) / fmax(sqrt(nq), fmax(sqrt(nr), sqrt(nu))),
         cls[0] / tot, cnt[0], cls[1] / tot, cnt[1], cls[2] / tot, cnt[2]);
  int *idx = malloc(sizeof(int) * (size_t)nc);
  for (int i = 0; i < nc; i++) idx[i] = i;
  for (int a = 0; a < 8 && a < nc; a++) {   /* the 8 largest, selection */
    int best = a;
    for (int j = a + 1; j < nc; j++) if (e2[idx[j]] > e2[idx[best]]) best = j;
    int t = idx[a]; idx[a] = idx[best]; idx[best] = t;
    int i = idx[a];
    sn_body_contact c;
    sn_scene_contact(S, i, &c);
    const double *ri = r + 3 * i, *ui = u + 3 * i;
    printf("    c%-5d %3d-%-4d z %.3f gap %+.1e share %.3f r (%.2e %+.2e %+.2e) |rT|/mu rN %.4f u (%+.2e %+.2e %+.2e)\n", i,
           c.a, c.b, c.point[2], c.gap, e2[i] / tot, ri[0], ri[1], ri[2], ri[0] > 0 ? hypot(ri[1], ri[2]) / (P->mu[i] * ri[0]) : 0,
           ui[0], ui[1], ui[2]);
  }
  double *s2 = malloc(sizeof(double) * (size_t)nc);
  memcpy(s2, e2, sizeof(double) * (size_t)nc);
  qsort(s2, (size_t)nc, sizeof *s2, by_desc);
  double c10 = 0, c100 = 0;
  for (int i = 0; i < nc && i < 100; i++) { if (i < 10) c10 += s2[i]; c100 += s2[i]; }
  printf("    largest 10 contacts hold %.3f of error^2, largest 100 %.3f\n", c10 / tot, c100 / tot);
  {
    double *r2 = malloc(sizeof(double) * (size_t)n), *u2 = malloc(sizeof(double) * (size_t)n);
    memcpy(r2, r, sizeof(double) * (size_t)n);
    memcpy(u2, u, sizeof(double) * (size_t)n);
    if (!quick) {
      flips(P, r2, u2, 400);
      memcpy(r2, r, sizeof(double) * (size_t)n);
      memcpy(u2, u, sizeof(double) * (size_t)n);
      polish(P, r2, u2, 1e-8, 2);
      int ms[2] = {10, 30};
      for (int e = 0; e < 2; e++) {
        memcpy(r2, r, sizeof(double) * (size_t)n);
        memcpy(u2, u, sizeof(double) * (size_t)n);
        flips_x(P, r2, u2, 400, ms[e], 1);
      }
    }
    double cells[3] = {0.1, 0.2, 0.35};
    for (int e = 0; e < 3; e++) {
      memcpy(r2, r, sizeof(double) * (size_t)n);
      memcpy(u2, u, sizeof(double) * (size_t)n);
      coarse_x(S, P, r2, u2, 400, 10, cells[e]);
    }
    free(r2);
    free(u2);
  }
  sn_settings st;
  sn_settings_default(&st);
  st.tol = 1e-9;
  st.max_iter = 10;
  double hb[4000];
  sn_info info = {0};   /* history NULL (the caller's optional buffer) */
  info.history = hb;
  info.history_cap = 4000;
  info.history_len = 0;
  sn_fc_solve(P, "nsgs", r, u, &st, &info);
  printf("    registry nsgs from there:");
  for (int j = 0; j < info.history_len; j += j < 100 ? 25 : 500) printf(" %d:%.2e", j + 1, hb[j]);
  printf("  end %d:%.2e\n", info.iterations, info.error);
  free(s2);
  free(idx);
  free(u);
  free(e2);
  free(r);
  sn_fc_free(P);
}

typedef struct {
  int a, b, f;
} ckey;

static int by_key(const void *pa, const void *pb) {
  const ckey *x = pa, *y = pb;
  if (x->a != y->a) return (x->a > y->a) - (x->a < y->a);
  if (x->b != y->b) return (x->b > y->b) - (x->b < y->b);
  return (x->f > y->f) - (x->f < y->f);
}

/* the contacts of the last step matched by identity (a, b, feature) among *prev (sorted), the
 * share of the normal impulse the unmatched ones carry; *prev replaced by this step's keys */
static void match(const sn_scene *S, ckey **prev, int *nprev, int *matched, double *new_share) {
  int nc = sn_scene_ncontacts(S);
  ckey *cur = malloc(sizeof(ckey) * (size_t)(nc > 0 ? nc : 1));
  double tot = 0, unm = 0;
  *matched = 0;
  for (int i = 0; i < nc; i++) {
    sn_body_contact c;
    sn_scene_contact(S, i, &c);
    cur[i] = (ckey){c.a, c.b, c.feature};
    int hit = *prev && bsearch(&cur[i], *prev, (size_t)*nprev, sizeof(ckey), by_key);
    *matched += hit;
    tot += c.impulse[0];
    if (!hit) unm += c.impulse[0];
  }
  *new_share = tot > 0 ? unm / tot : 0;
  qsort(cur, (size_t)nc, sizeof(ckey), by_key);
  free(*prev);
  *prev = cur;
  *nprev = nc;
}

/* the child: STEPS steps with the options, one summary line */
static int window(sn_scene *S, sn_dyn_settings ds, const char *opt, int steps, int want_hist, int want_diag) {
  hist H = {0};
  ds.solve.options = strcmp(opt, "-") ? opt : NULL;
  if (!strncmp(opt, "threads:", 8)) {  /* "threads:K[:OPTS]": the coloured sweep on K threads */
    char *end;
    ds.threads = (int)strtol(opt + 8, &end, 10);
    ds.solve.options = *end == ':' && end[1] ? end + 1 : NULL;
  } else if (!strncmp(opt, "solver:", 7)) {   /* "solver:NAME": a registry solver instead of the NSGS */
    ds.solver = opt + 7;
    ds.solve.options = NULL;
  }
  ds.solve.progress = record;
  ds.solve.user = &H;
  double *err = malloc((size_t)steps * sizeof *err);
  if (!err) return 1;
  long sweeps = 0, nc = 0, nmatch = 0;
  int missed = 0, nprev = 0, mt;
  ckey *prev = NULL;
  double share = 0, ns, *first = malloc((size_t)steps * sizeof *first);
  match(S, &prev, &nprev, &mt, &ns);   /* the keys of the step before the window */
  double worst = 0, t_start = sn_scene_time(S), c0 = bench_clock(1), w0 = bench_clock(0);
  for (int k = 0; k < steps; k++) {
    sn_dyn_info info;
    H.on = want_hist && k == 0;
    H.got = 0;
    H.first = NAN;
    int st = sn_scene_step(S, &ds, &info);
    if (st < 0) {
      fprintf(stderr, "window: step %d: %s\n", k, sn_strerror(st));
      free(err);
      return 1;
    }
    if (want_diag && k == 0) diag(S);
    match(S, &prev, &nprev, &mt, &ns);
    nmatch += mt;
    share += ns;
    first[k] = H.first;
    sweeps += info.iterations;
    nc += info.ncontacts;
    missed += info.status != SN_OK;
    err[k] = info.error;
    if (!(info.error <= worst)) worst = info.error;
  }
  double cpu = bench_clock(1) - c0, wall = bench_clock(0) - w0;
  qsort(err, (size_t)steps, sizeof *err, bench_cmp_double);
  printf("t0 %.3f  %-34s sweeps/step %7.1f  missed %4d/%d  worst %.2e  median %.2e  CPU %7.2f ms/step  "
         "wall %7.2f ms/step  contacts %6.0f  vmax %.3g\n",
         t_start, opt, (double)sweeps / steps, missed, steps, worst, err[steps / 2], 1e3 * cpu / steps,
         1e3 * wall / steps,
         (double)nc / steps, max_linear_speed(S));
  qsort(first, (size_t)steps, sizeof *first, bench_cmp_double);
  printf("  warm start: %.4f of the contacts matched by identity, unmatched ones carry %.2e of the normal "
         "impulse; error after the first sweep: median %.2e\n",
         nc > 0 ? (double)nmatch / nc : 0, share / steps, first[steps / 2]);
  free(first);
  free(prev);
  if (want_hist) {
    printf("  history of the first step:");
    for (int j = 0; j < H.n; j++) printf(" %d:%.2e", H.it[j], H.err[j]);
    printf("\n");
  }
  fflush(stdout);
  free(err);
  return 0;
}

int main(int argc, char **argv) {
  if (argc < 5) {
    fprintf(stderr, "usage: signorini_granular_window N T0[,T0...] STEPS [--tol TOL] [--max-iter K] [--hist] [--diag] OPTIONS...\n");
    return 2;
  }
  int n = atoi(argv[1]), steps = atoi(argv[3]), want_hist = 0, want_diag = 0, nopt = 0;
  const char *times = argv[2];
  const char *opts[64];
  sn_dyn_settings ds;
  sn_dyn_settings_default(&ds);
  ds.solve.tol = 1e-6;
  ds.solve.max_iter = 1000;
  ds.threads = 0;
  for (int i = 4; i < argc; i++) {
    if (!strcmp(argv[i], "--tol") && i + 1 < argc) ds.solve.tol = atof(argv[++i]);
    else if (!strcmp(argv[i], "--max-iter") && i + 1 < argc) ds.solve.max_iter = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--hist")) want_hist = 1;
    else if (!strcmp(argv[i], "--diag")) want_diag = 1;
    else if (nopt < 64) opts[nopt++] = argv[i];
  }
  if (n < 1 || steps < 1 || nopt < 1) { fprintf(stderr, "window: bad N, STEPS or no options\n"); return 2; }
  sn_scene *S;
  double L;
  if (sn_scene_create(&S) || granular_build(S, n, &L)) { fprintf(stderr, "window: cannot build the scene\n"); return 1; }
  sn_dyn_settings base = ds;   /* the prefix: the benchmark's settings (tol 1e-6, 1 000 sweeps) */
  base.solve.tol = 1e-6;
  base.solve.max_iter = 1000;
  int fail = 0;
  for (const char *p = times; p && *p;) {
    double t0 = atof(p);
    int target = (int)lround(t0 / ds.dt);
    while ((int)lround(sn_scene_time(S) / ds.dt) < target) {
      sn_dyn_info info;
      if (sn_scene_step(S, &base, &info) < 0) { fprintf(stderr, "window: prefix failed\n"); return 1; }
    }
    for (int k = 0; k < nopt; k++) {
      fflush(stdout);
      pid_t pid = fork();
      if (pid < 0) { perror("fork"); return 1; }
      if (pid == 0) _exit(window(S, ds, opts[k], steps, want_hist, want_diag));
      int wst;
      if (waitpid(pid, &wst, 0) < 0 || !WIFEXITED(wst) || WEXITSTATUS(wst) != 0) fail = 1;
    }
    p = strchr(p, ',');
    if (p) p++;
  }
  sn_scene_free(S);
  return fail;
}
