/* 2D frictional contact through Lemke (fc2d_lemke.c): one-contact problems solved by hand
 * (stick, slip both ways, take-off, frictionless), two contacts at once, warm start and
 * argument errors, then every problem of tests/data/problems/fc2d (read with sn_dat_read_fc). */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include "signorini/io.h"
#include "signorini/solver.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* a 2D problem with nc contacts from a dense row-major W */
static sn_fc *fc_rows(int nc, const double *rows, const double *q, const double *mu)
{
  int n = 2 * nc;
  double *a = malloc(sizeof(double) * (size_t)(n * n));
  sn_fc *P = malloc(sizeof *P);
  P->dim = 2;
  P->nc = nc;
  P->q = malloc(sizeof(double) * (size_t)n);
  P->mu = malloc(sizeof(double) * (size_t)nc);
  memcpy(P->q, q, sizeof(double) * (size_t)n);
  memcpy(P->mu, mu, sizeof(double) * (size_t)nc);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) a[i + j * n] = rows[i * n + j];
  P->W = NULL;
  sn_csc_from_dense(n, n, a, 0.0, &P->W);
  free(a);
  return P;
}

static void fc_destroy(sn_fc *P)
{
  sn_csc_free(P->W);
  free(P->q);
  free(P->mu);
  free(P);
}

/* solve one contact from r = 0 and compare with the expected r and u */
static void one(const double *W, double qn, double qt, double mu, double rn, double rt,
                double un, double ut)
{
  sn_fc *P = fc_rows(1, W, (double[]){qn, qt}, (double[]){mu});
  double r[2] = {0, 0}, u[2];
  sn_settings s;
  sn_settings_default(&s);
  sn_info info = {0};
  CHECK_INT(sn_fc2d_lemke(P, r, u, &s, &info), SN_OK);
  CHECK_CLOSE(r[0], rn, 1e-14, 1e-15);
  CHECK_CLOSE(r[1], rt, 1e-14, 1e-15);
  CHECK_CLOSE(u[0], un, 1e-14, 1e-14);
  CHECK_CLOSE(u[1], ut, 1e-14, 1e-14);
  CHECK(info.error <= 1e-14);
  CHECK_CLOSE(info.error, sn_fc_error(P, r, u), 0, 1e-16);
  fc_destroy(P);
}

static void test_one_contact(void)
{
  const double I[4] = {1, 0, 0, 1}, W[4] = {2, 1, 1, 2};
  /* W = I, q = (-1, 0.2), mu = 0.5. Stick trial u = 0: r = -q = (1, -0.2), and
   * |r_T| = 0.2 <= mu r_N = 0.5: stick. */
  one(I, -1.0, 0.2, 0.5, 1.0, -0.2, 0.0, 0.0);
  /* W = I, q = (-1, 1), mu = 0.5. Stick trial r = (1, -1) violates |r_T| <= 0.5: slip,
   * u_N = r_N - 1 = 0 -> r_N = 1; r_T = -mu r_N sign(u_T); with u_T > 0, r_T = -0.5 and
   * u_T = r_T + 1 = 0.5 > 0 (consistent). */
  one(I, -1.0, 1.0, 0.5, 1.0, -0.5, 0.0, 0.5);
  /* the mirror image: q_T = -1 gives r_T = +0.5, u_T = -0.5 */
  one(I, -1.0, -1.0, 0.5, 1.0, 0.5, 0.0, -0.5);
  /* coupled W = [2 1; 1 2], q = (-2, 0.5), mu = 0.3. Stick trial W r = -q: det 3,
   * r_N = (2*2 + 0.5)/3 = 1.5, r_T = (2*(-0.5) - 2)/3 = -1, |r_T| > 0.45: slip.
   * With u_T > 0: r_T = -0.3 r_N, u_N = 2 r_N + r_T - 2 = 1.7 r_N - 2 = 0 -> r_N = 20/17,
   * r_T = -6/17, u_T = r_N + 2 r_T + 0.5 = 8/17 + 1/2 = 33/34 > 0 (consistent). */
  one(W, -2.0, 0.5, 0.3, 20.0 / 17.0, -6.0 / 17.0, 0.0, 33.0 / 34.0);
  /* coupled W, q = (-2, -0.5), mu = 0.3. Stick trial W r = (2, 0.5): r_N = (4 - 0.5)/3 = 7/6,
   * r_T = (1 - 2)/3 = -1/3, |r_T| = 0.3333 <= 0.3 * 7/6 = 0.35: stick, u = 0. */
  one(W, -2.0, -0.5, 0.3, 7.0 / 6.0, -1.0 / 3.0, 0.0, 0.0);
  /* take-off: q_N = 1 > 0, r = 0 and u = q satisfy the law (found at once: the warm start
   * r = 0 maps to z = (0, 0, 0, |u_T|), which solves the LCP) */
  one(W, 1.0, 0.5, 0.3, 0.0, 0.0, 1.0, 0.5);
  /* frictionless, mu = 0: r_T = 0, r_N = 1, the tangential velocity is free */
  one(I, -1.0, 0.5, 0.0, 1.0, 0.0, 0.0, 0.5);
}

static void test_two_contacts(void)
{
  /* two uncoupled contacts: the stick and slip cases of W = I above, at once */
  double rows[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
  sn_fc *P = fc_rows(2, rows, (double[]){-1, 0.2, -1, 1}, (double[]){0.5, 0.5});
  double r[4] = {0, 0, 0, 0}, u[4];
  sn_info info = {0};
  CHECK_INT(sn_fc2d_lemke(P, r, u, NULL, &info), SN_OK);
  CHECK_CLOSE(r[0], 1.0, 1e-14, 0);
  CHECK_CLOSE(r[1], -0.2, 1e-14, 0);
  CHECK_CLOSE(r[2], 1.0, 1e-14, 0);
  CHECK_CLOSE(r[3], -0.5, 1e-14, 0);
  CHECK_CLOSE(u[3], 0.5, 1e-14, 0);
  /* warm start from the solution: no pivot */
  CHECK_INT(sn_fc2d_lemke(P, r, u, NULL, &info), SN_OK);
  CHECK_INT(info.iterations, 0);
  CHECK(info.error <= 1e-15);
  /* argument errors */
  CHECK_INT(sn_fc2d_lemke(P, NULL, u, NULL, &info), SN_ERR_ARG);
  P->dim = 3;                       /* 4 x 4 W cannot be 3 x nc: rejected either way */
  CHECK(sn_fc2d_lemke(P, r, u, NULL, &info) < 0);
  P->dim = 2;
  P->mu[1] = -1.0;
  CHECK(sn_fc2d_lemke(P, r, u, NULL, &info) < 0);
  fc_destroy(P);
  /* a genuine 3D problem (one contact, W = I) is refused with SN_ERR_DIM */
  double I3[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1}, q3[3] = {-1, 0, 0}, mu3 = 0.5;
  sn_csc *W3;
  sn_csc_from_dense(3, 3, I3, 0.0, &W3);
  sn_fc P3 = {3, 1, W3, q3, &mu3};
  double r3[3] = {0, 0, 0}, u3[3];
  CHECK_INT(sn_fc2d_lemke(&P3, r3, u3, NULL, &info), SN_ERR_DIM);
  sn_csc_free(W3);
}

static const char *status_name(int st)
{
  switch (st) {
  case SN_OK: return "ok";
  case SN_MAX_ITER: return "max_iter";
  case SN_TIME_LIMIT: return "time";
  case SN_STALLED: return "stalled";
  case SN_RAY: return "ray";
  default: return "error";
  }
}

static int cmp_str(const void *a, const void *b)
{
  return strcmp(*(char *const *)a, *(char *const *)b);
}

static int test_files(void)
{
  char dirpath[1024];
  snprintf(dirpath, sizeof dirpath, "%s/fc2d", SN_DATA_DIR);
  DIR *d = opendir(dirpath);
  if (!d) { printf("no %s: file tests skipped\n", dirpath); return -1; }
  char *names[256];
  int nf = 0, done = 0;
  struct dirent *e;
  while ((e = readdir(d)) && nf < 256) {
    size_t len = strlen(e->d_name);
    if (len > 4 && strcmp(e->d_name + len - 4, ".dat") == 0) names[nf++] = strdup(e->d_name);
  }
  closedir(d);
  qsort(names, (size_t)nf, sizeof names[0], cmp_str);
  CHECK(nf >= 6);
  printf("%-42s %5s %8s %7s %10s %9s\n", "fc2d file", "nc", "status", "pivots", "error", "seconds");
  for (int f = 0; f < nf; f++) {
    char path[1400], err[256];
    snprintf(path, sizeof path, "%s/%s", dirpath, names[f]);
    sn_fc *P = NULL;
    int st = sn_dat_read_fc(path, &P, err, sizeof err);
    if (st == SN_ERR_UNKNOWN) { printf("%s: reader not available\n", names[f]); free(names[f]); continue; }
    CHECK_INT(st, SN_OK);
    if (st) { fprintf(stderr, "%s\n", err); free(names[f]); continue; }
    CHECK_INT(P->dim, 2);
    int n = 2 * P->nc;
    double *r = calloc((size_t)n + 1, sizeof(double)), *u = calloc((size_t)n + 1, sizeof(double));
    sn_info info = {0};
    st = sn_fc2d_lemke(P, r, u, NULL, &info);
    printf("%-42s %5d %8s %7d %10.3e %9.2e\n", names[f], P->nc, status_name(st),
           info.iterations, info.error, info.seconds);
    CHECK_INT(st, SN_OK);
    CHECK(info.error <= 1e-8);
    CHECK_CLOSE(info.error, sn_fc_error(P, r, u), 0, 1e-15);
    for (int i = 0; i < n; i++) CHECK(isfinite(r[i]) && isfinite(u[i]));
    if (P->nc >= 500) {             /* a long path on a large problem: push every third */
      for (int c = 0; c < P->nc; c += 3) P->q[2 * c] -= 1.0;   /* contact into the wall */
      sn_fill(n, 0.0, r);
      /* an iteration is a pivot and max_iter bounds them (issue #11): the default 1000 stops
       * this path with SN_MAX_ITER, a cap of 10 (4 nc) lets it finish */
      sn_settings s;
      sn_settings_default(&s);
      st = sn_fc2d_lemke(P, r, u, &s, &info);
      CHECK_INT(st, SN_MAX_ITER);
      CHECK_INT(info.iterations, 1000);
      sn_fill(n, 0.0, r);
      s.max_iter = 40 * P->nc;
      st = sn_fc2d_lemke(P, r, u, &s, &info);
      printf("%-42s %5d %8s %7d %10.3e %9.2e\n", "  same, q_N - 1 on every third contact", P->nc,
             status_name(st), info.iterations, info.error, info.seconds);
      CHECK_INT(st, SN_OK);
      CHECK(info.error <= 1e-8);
      CHECK(info.iterations > P->nc / 3);
    }
    done++;
    free(r);
    free(u);
    sn_fc_free(P);
    free(names[f]);
  }
  return done;
}

int main(void)
{
  test_one_contact();
  test_two_contacts();
  int files = test_files();
  int rc = sn_check_report();
  return rc ? rc : files < 0;   /* without the test data: a failure */
}
