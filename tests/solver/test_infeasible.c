/* Honest status on problems with no solution (issue #11, point 5), for every solver of the
 * registry that fits (and for "auto"):
 *  - W = 0 with q_N < 0; a zero row (and column) of W; W = 1e-320 I (q_N < 0 everywhere): no
 *    reaction makes u_N >= 0, the reaction grows without bound and Siconos' relative error
 *    (divided by |r|) goes to zero. Every solver must end with a status other than SN_OK, and
 *    SN_DIVERGED when its relative error met the tolerance; the absolute measures of its r
 *    (sn_fc_measures: what `signorini check` prints) must say not accepted.
 *  - the same zero-row problem with mu = 1e8;
 *  - a hand-made penetrating result with mu = 1e8 whose relative error is 1e-8 (|r| = 1e8)
 *    while u_N = -1: sn_fc_measures refuses it (and a true solution of the problem passes);
 *  - the LCP analogues (M = 0, a zero row, M = 1e-320 I, q < 0) for lemke, pgs, enum, auto;
 *  - a global problem whose reactions cannot act (H = 0, w_N < 0) for the global solvers, the
 *    condensed route and auto. */
#include "check.h"
#include "signorini/solver.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { NC = 2 };

/* W (n x n, n = dim NC) diagonal with d[k] on the diagonal, explicit zeros kept */
static sn_csc *diag(int n, const double *d)
{
  int I[9], J[9];
  for (int k = 0; k < n; k++) I[k] = J[k] = k;
  sn_csc *W = NULL;
  CHECK_INT(sn_csc_from_triplets(n, n, n, I, J, d, &W), SN_OK);
  return W;
}

/* case 0: W = 0; 1: the second contact's normal row and column zero; 2: W = 1e-320 I;
 * 3: case 1 with mu = 1e8 */
static void make(int c, int dim, sn_fc *P, double *q, double *mu)
{
  int n = dim * NC;
  double d[6];
  for (int k = 0; k < n; k++) d[k] = c == 0 ? 0.0 : c == 2 ? 1e-320 : 1.0;
  if (c == 1 || c == 3) d[dim] = 0.0;
  for (int k = 0; k < n; k++) q[k] = k % dim == 0 ? -1.0 : 0.25;
  for (int i = 0; i < NC; i++) mu[i] = c == 3 ? 1e8 : 0.5;
  P->dim = dim;
  P->nc = NC;
  P->W = diag(n, d);
  P->q = q;
  P->mu = mu;
}

static const char *const case_name[] = {"W = 0", "zero row of W", "W = 1e-320 I", "mu = 1e8"};

static void test_fc_solvers(void)
{
  for (int dim = 2; dim <= 3; dim++)
    for (int c = 0; c < 4; c++) {
      sn_fc P;
      double q[6], mu[NC];
      make(c, dim, &P, q, mu);
      for (const sn_solver_entry *e = sn_solvers(); e->name; e++) {
        int is_auto = !strcmp(e->name, "auto");
        if (!is_auto && (!e->fc || !(e->dims & (1 << dim)))) continue;
        double r[6] = {0}, u[6];
        sn_settings s;
        sn_settings_default(&s);
        s.max_iter = 300;
        s.time_limit = 10;
        sn_info info = {0};
        int st = sn_fc_solve(&P, e->name, r, u, &s, &info);
        sn_fc_meas m;
        int sm = sn_fc_measures(&P, r, s.tol, &m);
        int bad = st == SN_OK || sm != SN_OK || m.accepted || (st >= 0 && info.error <= s.tol && st != SN_DIVERGED);
        if (bad || getenv("SN_VERBOSE"))
          fprintf(stderr, "  %dD %s, %s: status %d (%s), error %g, penetration %g, accepted %d\n", dim,
                  case_name[c], e->name, st, sn_strerror(st), info.error, m.penetration, m.accepted);
        CHECK(st != SN_OK);
        CHECK_INT(sm, SN_OK);
        CHECK(!m.accepted);
        if (st >= 0) {
          CHECK_INT(info.status, st);
          CHECK(m.penetration > 0.5);                 /* the data's q_N = -1 is still there */
          if (info.error <= s.tol) CHECK(st == SN_DIVERGED || st == SN_RAY);
          if (!is_auto) CHECK(info.penetration > 0.5 || isinf(info.penetration));
        }
      }
      sn_csc_free(P.W);
    }
}

/* Two contacts whose normals oppose (W's normal block [[1, -1], [-1, 1]], tangents 1), both
 * q_N = -1: u_N1 + u_N2 = -2 whatever r, no solution, and no zero row for the data to certify it
 * (sn_fc_measures' stuck stays 0). prox and admm_w stopped by caps of 3 000 and 20 000 steps: their
 * iterates keep growing (linearly), so the trend (verdict.h, sn_trend) does not call them
 * bounded and the status is SN_DIVERGED, where the capped, settled iterates of a solvable problem
 * under a mass ratio stay SN_MAX_ITER (test_dyn_mass_ratio). */
static void test_opposed_normals(void)
{
  static const int I[8] = {0, 3, 0, 3, 1, 2, 4, 5}, J[8] = {0, 0, 3, 3, 1, 2, 4, 5};
  static const double X[8] = {1, -1, -1, 1, 1, 1, 1, 1};
  double q[6] = {-1, 0, 0, -1, 0, 0}, mu[2] = {0.5, 0.5};
  sn_fc P = {3, 2, NULL, q, mu};
  CHECK_INT(sn_csc_from_triplets(6, 6, 8, I, J, X, &P.W), SN_OK);
  if (!P.W) return;
  static const char *const names[] = {"prox", "admm_w", NULL};
  static const int caps[] = {3000, 20000};
  for (int k = 0; names[k]; k++)
    for (int c = 0; c < 2; c++) {
      double r[6] = {0}, u[6];
      sn_settings s;
      sn_settings_default(&s);
      s.max_iter = caps[c];
      sn_info info = {0};
      int st = sn_fc_solve(&P, names[k], r, u, &s, &info);
      sn_fc_meas m;
      CHECK_INT(sn_fc_measures(&P, r, s.tol, &m), SN_OK);
      if (st != SN_DIVERGED || getenv("SN_VERBOSE"))
        fprintf(stderr, "  opposed normals, %s capped at %d: status %d, error %g, stuck %d\n", names[k], caps[c], st,
                info.error, m.stuck);
      CHECK_INT(m.stuck, 0);
      CHECK_INT(st, SN_DIVERGED);
    }
  sn_csc_free(P.W);
}

/* W = diag(1, 0, 1), q = (-2, 0, 0), mu = 1e8: r = (1, 1e8, 0) has u = (-1, 0, 0), relative
 * error 1/|r| = 1e-8 and penetration 1; the solution r = (2, 0, 0) (u = 0) passes. */
static void test_penetrating_result(void)
{
  double d[3] = {1, 0, 1}, q[3] = {-2, 0, 0}, mu[1] = {1e8};
  sn_fc P = {3, 1, diag(3, d), q, mu};
  double bad[3] = {1, 1e8, 0}, good[3] = {2, 0, 0};
  sn_fc_meas m;
  CHECK_INT(sn_fc_measures(&P, bad, 1e-8, &m), SN_OK);
  CHECK(m.rel_error <= 1.0000001e-8);
  CHECK_CLOSE(m.penetration, 1.0, 0, 1e-12);
  CHECK_CLOSE(m.cone_violation, 0.0, 0, 1e-12);
  CHECK_CLOSE(m.vscale, 2.0, 0, 1e-12);                /* max(|q|, |W r|) = max(2, 1) */
  CHECK_INT(m.accepted, 0);
  CHECK_INT(m.diverging, 1);
  CHECK_INT(sn_fc_measures(&P, good, 1e-8, &m), SN_OK);
  CHECK_CLOSE(m.rel_error, 0.0, 0, 1e-15);
  CHECK_INT(m.accepted, 1);
  CHECK_INT(m.diverging, 0);
  /* a reaction outside the cone by 1e-3 of its size: refused */
  double out[3] = {1, 1e8 * 1.001, 0};
  CHECK_INT(sn_fc_measures(&P, out, 1e-8, &m), SN_OK);
  CHECK_CLOSE(m.cone_violation, 1e5, 1e-9, 0);
  CHECK_INT(m.accepted, 0);
  /* every solver on this (solvable) problem: SN_OK only with an honest result; auto (and so
   * at least the solver it chose) must solve it */
  int nok = 0;
  for (const sn_solver_entry *e = sn_solvers(); e->name; e++) {
    if (strcmp(e->name, "auto") && (!e->fc || !(e->dims & 8))) continue;
    double r[3] = {0}, u[3];
    sn_info info = {0};
    int st = sn_fc_solve(&P, e->name, r, u, NULL, &info);
    CHECK_INT(sn_fc_measures(&P, r, 1e-8, &m), SN_OK);
    if (!strcmp(e->name, "auto")) {
      CHECK_INT(st, SN_OK);
      CHECK_CLOSE(r[0], 2.0, 1e-7, 0);
    }
    if (st == SN_OK) {
      CHECK(m.accepted && info.penetration <= 1e-4 * m.vscale);
      nok++;
    }
  }
  CHECK(nok >= 2);
  sn_csc_free(P.W);
}

static void test_lcp(void)
{
  for (int c = 0; c < 3; c++) {
    double d[3] = {0, 0, 0}, q[3] = {-1, -1, -1};
    for (int k = 0; k < 3; k++) d[k] = c == 0 ? 0.0 : c == 2 ? 1e-320 : (k == 1 ? 0.0 : 1.0);
    sn_lcp P = {3, diag(3, d), q};
    const char *names[] = {"lemke", "pgs", "enum", "auto"};
    for (int k = 0; k < 4; k++) {
      double z[3] = {0}, w[3];
      sn_info info = {0};
      int st = sn_lcp_solve(&P, names[k], z, w, NULL, &info);
      if (st == SN_OK || getenv("SN_VERBOSE"))
        fprintf(stderr, "  LCP case %d, %s: status %d (%s), error %g\n", c, names[k], st, sn_strerror(st), info.error);
      CHECK(st != SN_OK);
      CHECK(!(sn_lcp_error(&P, z) <= 1e-8));
    }
    sn_csc_free(P.M);
  }
}

/* global: M = I, H = 0 (no reaction reaches the velocity), w_N = -1: u = w penetrates */
static void test_gfc(void)
{
  double one[3] = {1, 1, 1}, zero[3] = {0, 0, 0}, f[3] = {0, 0, 0}, w[3] = {-1, 0.25, 0.25}, mu[1] = {0.5};
  sn_csc *M = diag(3, one), *H = diag(3, zero);
  sn_gfc G = {3, 1, 3, 0, M, H, NULL, f, w, mu, NULL};
  const char *names[] = {"admm", "socmixg", "nsgs", "nsn_ac", "socmix", "auto"};
  for (int k = 0; k < 6; k++) {
    double r[3] = {0}, v[3] = {0};
    sn_settings s;
    sn_settings_default(&s);
    s.max_iter = 300;
    sn_info info = {0};
    int st = sn_gfc_solve(&G, names[k], r, v, &s, &info);
    sn_fc_meas m;
    CHECK_INT(sn_gfc_measures(&G, r, v, 1e-8, &m), SN_OK);
    if (st == SN_OK || getenv("SN_VERBOSE"))
      fprintf(stderr, "  global H = 0, %s: status %d (%s), error %g, penetration %g\n", names[k], st,
              sn_strerror(st), info.error, m.penetration);
    CHECK(st != SN_OK);
    CHECK(!m.accepted);
    CHECK_CLOSE(m.penetration, 1.0, 0, 1e-12);
  }
  sn_csc_free(M);
  sn_csc_free(H);
}

int main(void)
{
  test_fc_solvers();
  test_gfc();
  test_penetrating_result();
  test_opposed_normals();
  test_lcp();
  return sn_check_report();
}
