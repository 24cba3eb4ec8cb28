/* Polyhedral friction cone as an LCP (fc_poly.c):
 *  - single 3D contacts solved by hand where the inscribed polygon is exact (stick inside the
 *    polygon, slip along a vertex direction, take-off, mu = 0): error <= 1e-14 and SN_OK;
 *  - an oblique slip between two vertices, against an independent reference: with W = diag(1,
 *    2, 2) the polyhedral law says r_T = projection of -q_T / 2 onto the polygon of radius
 *    mu r_N (the normal-cone form of maximum dissipation), computed here edge by edge; the
 *    true-cone error is > 0, shrinks with k, and the status is SN_STALLED at tol 1e-8;
 *  - 2D (k = 2, exact): every tests/data/problems/fc2d problem solved to 1e-8, r equal to fc2d_lemke's;
 *  - warm start, options and argument errors;
 *  - small 3D Siconos problems (Rover*, NESpheres, Confeti, FC3D_Example1): Lemke solves the
 *    polyhedral LCP for k = 4, 16, 64 (SN_OK with tol = 1), r is in the true cone (inscribed
 *    polygon), and the true-cone error at k = 64 is below that at k = 4 and below 2e-3. */
#include "check.h"
#include "signorini/io.h"
#include "signorini/solver.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PI 3.14159265358979323846
#define SQRT1_2 0.70710678118654752440

/* one 3D contact with a dense (column-major) W */
typedef struct {
  sn_csc *W;
  double q[3], mu;
  sn_fc P;
} one_fc;

static void one_make(one_fc *o, const double *Wd, const double *q, double mu)
{
  sn_csc_from_dense(3, 3, Wd, 0.0, &o->W);
  memcpy(o->q, q, sizeof o->q);
  o->mu = mu;
  o->P.dim = 3;
  o->P.nc = 1;
  o->P.W = o->W;
  o->P.q = o->q;
  o->P.mu = &o->mu;
}

static void one_solve(one_fc *o, const char *opt, double tol, double *r, double *u, sn_info *info,
                      int *status)
{
  sn_settings s;
  sn_settings_default(&s);
  s.tol = tol;
  s.options = opt;
  *status = sn_fc_poly(&o->P, r, u, &s, info);
}

static int in_cone(int d, double mu, const double *r, double tol)
{
  double t = d == 3 ? hypot(r[1], r[2]) : fabs(r[1]);
  return r[0] >= -tol && t <= mu * r[0] + tol;
}

/* exact cases: the polygon contains the stick force or the slip force is at a vertex */
static void test_exact(void)
{
  const double I[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
  struct { const char *opt; double q[3], mu, r[3], u[3]; } c[] = {
      /* stick: r_T = -q_T, |r_T| = 0.224 < mu cos(pi/8) = 0.462 (inside the octagon) */
      {"k=8", {-1, 0.2, 0.1}, 0.5, {1, -0.2, -0.1}, {0, 0, 0}},
      /* slip along -x, a vertex (theta = pi) of every even k: r_T = -0.3 (1, 0) */
      {"k=8", {-1, 0.5, 0}, 0.3, {1, -0.3, 0}, {0, 0.2, 0}},
      {"k=6", {-1, 0.5, 0}, 0.3, {1, -0.3, 0}, {0, 0.2, 0}},
      /* slip along the diagonal: theta = 5 pi/4 is a vertex for k = 8: q_T = 0.5 (c, c),
       * r_T = -0.3 (c, c), u_T = 0.2 (c, c), c = 1/sqrt 2 */
      {"k=8", {-1, 0.5 * SQRT1_2, 0.5 * SQRT1_2}, 0.3, {1, -0.3 * SQRT1_2, -0.3 * SQRT1_2},
       {0, 0.2 * SQRT1_2, 0.2 * SQRT1_2}},
      /* slip along -y (theta = 3 pi/2, a vertex for k = 4, 8, 12): default k = 8 */
      {NULL, {-2, 0, 3}, 0.5, {2, 0, -1}, {0, 0, 2}},
      {"k=4", {-2, 0, 3}, 0.5, {2, 0, -1}, {0, 0, 2}},
      /* take-off and frictionless */
      {"k=8", {1, 0.3, 0}, 0.5, {0, 0, 0}, {1, 0.3, 0}},
      {"k=5", {-2, 0.7, -0.1}, 0.0, {2, 0, 0}, {0, 0.7, -0.1}},
  };
  for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
    one_fc o;
    one_make(&o, I, c[i].q, c[i].mu);
    double r[3] = {0, 0, 0}, u[3];
    sn_info info = {0};
    int st;
    one_solve(&o, c[i].opt, 1e-8, r, u, &info, &st);
    CHECK_INT(st, SN_OK);
    for (int k = 0; k < 3; k++) {
      CHECK_CLOSE(r[k], c[i].r[k], 1e-13, 1e-14);
      CHECK_CLOSE(u[k], c[i].u[k], 1e-13, 1e-14);
    }
    CHECK(info.error <= 1e-14);
    CHECK_CLOSE(info.error, sn_fc_error(&o.P, r, u), 0, 1e-16);
    CHECK_INT(info.status, st);
    /* warm start from the solution: no pivot */
    one_solve(&o, c[i].opt, 1e-8, r, u, &info, &st);
    CHECK_INT(st, SN_OK);
    CHECK_INT(info.iterations, 0);
    sn_csc_free(o.W);
  }
  /* take-off from r = 0 needs no pivot either (z = (0, 0, l) already solves the LCP) */
  one_fc o;
  one_make(&o, I, (double[]){1, 0.3, 0}, 0.5);
  double r[3] = {0, 0, 0}, u[3];
  sn_info info = {0};
  int st;
  one_solve(&o, NULL, 1e-8, r, u, &info, &st);
  CHECK_INT(st, SN_OK);
  CHECK_INT(info.iterations, 0);
  sn_csc_free(o.W);
}

/* closest point to p in the polygon with vertices R d_j (j < k), by edges */
static void polygon_proj(int k, double R, const double *p, double *x)
{
  double best = INFINITY, inside = 1;
  x[0] = x[1] = 0.0;
  for (int j = 0; j < k; j++) {
    double ax = R * cos(2 * PI * j / k), ay = R * sin(2 * PI * j / k);
    double bx = R * cos(2 * PI * (j + 1) / k), by = R * sin(2 * PI * (j + 1) / k);
    double ex = bx - ax, ey = by - ay;
    if (ex * (p[1] - ay) - ey * (p[0] - ax) < 0) inside = 0;   /* right of a ccw edge */
    double t = ((p[0] - ax) * ex + (p[1] - ay) * ey) / (ex * ex + ey * ey);
    t = fmin(1.0, fmax(0.0, t));
    double cx = ax + t * ex, cy = ay + t * ey, dd = hypot(p[0] - cx, p[1] - cy);
    if (dd < best) { best = dd; x[0] = cx; x[1] = cy; }
  }
  if (inside) { x[0] = p[0]; x[1] = p[1]; }
}

static void test_oblique(void)
{
  /* W = diag(1, 2, 2), q = (-1, 1.2, 1.6), mu = 0.5: true answer r = (1, -0.3, -0.4)
   * (tests/solver/test_fc_solvers.c); -q_T / 2 = (-0.6, -0.8) at 233.13 degrees, between
   * vertices for k = 8, 64, 512 */
  const double Wd[9] = {1, 0, 0, 0, 2, 0, 0, 0, 2};
  int ks[3] = {8, 64, 512};
  double errs[3];
  for (int t = 0; t < 3; t++) {
    one_fc o;
    one_make(&o, Wd, (double[]){-1, 1.2, 1.6}, 0.5);
    char opt[16];
    snprintf(opt, sizeof opt, "k=%d", ks[t]);
    double r[3] = {0, 0, 0}, u[3], ref[2];
    sn_info info = {0};
    int st;
    one_solve(&o, opt, 1e-8, r, u, &info, &st);
    CHECK_INT(st, SN_STALLED);           /* the polygon is not the cone */
    polygon_proj(ks[t], 0.5, (double[]){-0.6, -0.8}, ref);
    CHECK_CLOSE(r[0], 1.0, 1e-13, 0);
    CHECK_CLOSE(r[1], ref[0], 0, 1e-13);
    CHECK_CLOSE(r[2], ref[1], 0, 1e-13);
    CHECK_CLOSE(u[0], 0.0, 0, 1e-13);
    CHECK(in_cone(3, 0.5, r, 1e-15));   /* inscribed: admissible for the true cone */
    /* r_T within the polygon's angular resolution of the true force */
    CHECK(hypot(r[1] + 0.3, r[2] + 0.4) <= 0.5 * (PI / ks[t]) + 1e-12);
    errs[t] = info.error;
    CHECK(info.error > 0.0);
    /* the same with a tolerance that accepts the approximation */
    r[0] = r[1] = r[2] = 0;
    one_solve(&o, opt, 0.1, r, u, &info, &st);
    CHECK_INT(st, SN_OK);
    sn_csc_free(o.W);
  }
  CHECK(errs[1] < errs[0]);
  CHECK(errs[2] < errs[1]);
  CHECK(errs[2] < 5e-4);             /* 0.042, 0.0016, 0.00023 measured */
}

static void test_errors(void)
{
  const double I[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
  one_fc o;
  one_make(&o, I, (double[]){-1, 0.5, 0}, 0.3);
  double r[3] = {0, 0, 0}, u[3];
  sn_info info = {0};
  int st;
  const char *bad[] = {"k=2", "k=2.5", "k=-8", "k=100000"};
  for (int i = 0; i < 4; i++) {
    one_solve(&o, bad[i], 1e-8, r, u, &info, &st);
    CHECK_INT(st, SN_ERR_ARG);
    CHECK_INT(info.status, SN_ERR_ARG);
  }
  one_solve(&o, "k=abc", 1e-8, r, u, &info, &st);
  CHECK_INT(st, SN_ERR_FORMAT);
  CHECK_INT(sn_fc_poly(&o.P, NULL, u, NULL, &info), SN_ERR_ARG);
  CHECK_INT(sn_fc_poly(&o.P, r, NULL, NULL, &info), SN_ERR_ARG);
  CHECK(sn_fc_poly(NULL, r, u, NULL, &info) < 0);
  o.mu = -1.0;
  CHECK(sn_fc_poly(&o.P, r, u, NULL, &info) < 0);
  o.mu = 0.3;
  /* a non-finite warm start is ignored (start from 0) */
  r[0] = NAN;
  CHECK_INT(sn_fc_poly(&o.P, r, u, NULL, NULL), SN_OK);
  CHECK_CLOSE(r[1], -0.3, 1e-14, 0);
  sn_csc_free(o.W);
}

static sn_fc *read_fc(const char *name, sn_file_problem **F)
{
  char path[1024];
  snprintf(path, sizeof path, "%s/%s", SN_DATA_DIR, name);
  char err[256];
  if (sn_read_problem(path, F, err, sizeof err)) {
    fprintf(stderr, "  cannot read %s: %s\n", path, err);
    return NULL;
  }
  return (*F)->fc;
}

/* 2D: k = 2 is exact and the LCP is fc2d_lemke's */
static int test_fc2d(void)
{
  const char *files[] = {"FC2D_SliderCrankLagrangian00000.dat", "FrictionContactProblem00031.dat",
                         "FrictionContactProblem00071.dat", "FrictionContactProblem00374.dat",
                         "FrictionContactProblem00394.dat",
                         "fc2d_granularflowonwall_00667_00000.dat"};
  int found = 0;
  for (int f = 0; f < 6; f++) {
    char name[256];
    snprintf(name, sizeof name, "fc2d/%s", files[f]);
    sn_file_problem *F = NULL;
    sn_fc *P = read_fc(name, &F);
    if (!P) continue;
    found++;
    int n = 2 * P->nc;
    double *r = calloc((size_t)n, sizeof(double)), *u = calloc((size_t)n, sizeof(double));
    double *r2 = calloc((size_t)n, sizeof(double)), *u2 = calloc((size_t)n, sizeof(double));
    sn_info info = {0}, info2 = {0};
    int st = sn_fc_poly(P, r, u, NULL, &info);
    int st2 = sn_fc2d_lemke(P, r2, u2, NULL, &info2);
    if (st != SN_OK) fprintf(stderr, "  %s: status %d error %g\n", files[f], st, info.error);
    CHECK_INT(st, SN_OK);
    CHECK_INT(st2, SN_OK);
    CHECK(info.error <= 1e-8);
    CHECK_CLOSE(info.error, sn_fc_error(P, r, u), 0, 1e-15);
    double d = 0.0;
    for (int i = 0; i < n; i++) d = fmax(d, fabs(r[i] - r2[i]));
    CHECK(d <= 1e-12 * fmax(1.0, sn_nrminf(n, r2)));
    CHECK_INT(info.iterations, info2.iterations);
    free(r); free(u); free(r2); free(u2);
    sn_file_problem_free(F);
  }
  return found;
}

/* 3D Siconos problems: solvable, r in the true cone, error shrinking with k */
static int test_fc3d(void)
{
  const char *files[] = {"Rover1039.hdf5", "Rover1040.hdf5", "Rover11035.hdf5", "Rover4396.hdf5",
                         "NESpheres_10_1.hdf5", "Confeti-ex13-4contact-Fc3D-SBM.hdf5",
                         "FC3D_Example1.hdf5"};
  int ks[3] = {4, 16, 64}, found = 0;
  for (int f = 0; f < 7; f++) {
    char name[256];
    snprintf(name, sizeof name, "fc3d/%s", files[f]);
    sn_file_problem *F = NULL;
    sn_fc *P = read_fc(name, &F);
    if (!P) continue;
    found++;
    int n = 3 * P->nc;
    double *r = malloc(sizeof(double) * (size_t)n), *u = malloc(sizeof(double) * (size_t)n);
    double *w = malloc(sizeof(double) * (size_t)n), err[3];
    for (int t = 0; t < 3; t++) {
      char opt[16];
      snprintf(opt, sizeof opt, "k=%d", ks[t]);
      sn_settings s;
      sn_settings_default(&s);
      s.options = opt;
      sn_info info = {0};
      sn_fill(n, 0.0, r);
      int st = sn_fc_poly(P, r, u, &s, &info);
      CHECK_INT(st, SN_STALLED);        /* solved, but the polygon is not the cone */
      err[t] = info.error;
      CHECK(info.error > 1e-12 && info.error < 0.1);
      CHECK_CLOSE(info.error, sn_fc_error(P, r, u), 0, 1e-15);
      CHECK(info.iterations > 0);
      int ok = 1;
      for (int c = 0; c < P->nc; c++) ok = ok && in_cone(3, P->mu[c], r + 3 * c, 1e-12 * sn_nrminf(n, r));
      CHECK(ok);
      sn_copy(n, P->q, w);              /* u = W r + q */
      sn_csc_gemv(P->W, 1.0, r, 1.0, w);
      for (int i = 0; i < n; i++) CHECK_CLOSE(u[i], w[i], 0, 1e-14 * (1.0 + sn_nrminf(n, w)));
      s.tol = 1.0;                       /* a tolerance that accepts the polygon: SN_OK */
      sn_fill(n, 0.0, r);
      CHECK_INT(sn_fc_poly(P, r, u, &s, &info), SN_OK);
      CHECK_CLOSE(info.error, err[t], 1e-6, 0);
    }
    if (!(err[2] < err[0] && err[2] <= 2e-3))
      fprintf(stderr, "  %s: error k=4 %g, k=16 %g, k=64 %g\n", files[f], err[0], err[1], err[2]);
    CHECK(err[2] < err[0]);
    CHECK(err[2] <= 2e-3);
    free(r); free(u); free(w);
    sn_file_problem_free(F);
  }
  return found;
}

int main(void)
{
  test_exact();
  test_oblique();
  test_errors();
  int found = test_fc2d() + test_fc3d();
  if (!found) {
    printf("test data absent (%s): the file tests did not run\n", SN_DATA_DIR);
    sn_check_report();
    return 1;
  }
  return sn_check_report();
}
