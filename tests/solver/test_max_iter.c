/* --max-iter means the same for every solver (issue #11, point 4): outer iterations, counted
 * in info->iterations and never more than s->max_iter, for every solver of the registry (and
 * auto, whose attempts share one budget), on a 3D, a 2D, a global problem and an LCP; Lemke
 * and the polyhedral solver stop after max_iter pivots; the SOCLCP-form solvers report their
 * outer (fixed-point) iterations. */
#include "check.h"
#include "test_util.h"
#include "signorini/io.h"
#include "signorini/solver.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static sn_file_problem *load(const char *rel)
{
  char path[1024], err[512] = "";
  snprintf(path, sizeof path, "%s/%s", SN_DATA_DIR, rel);
  sn_file_problem *F = NULL;
  int st = sn_read_problem(path, &F, err, sizeof err);
  if (st) fprintf(stderr, "%s: %s\n", path, err);
  CHECK_INT(st, SN_OK);
  return F;
}

/* every fitting solver with max_iter = cap: iterations <= cap, history_len <= cap */
static void check_caps(const sn_file_problem *F, int cap)
{
  for (const sn_solver_entry *e = sn_solvers(); e->name; e++) {
    int is_auto = !strcmp(e->name, "auto");
    int dim = F->fc ? F->fc->dim : F->gfc ? F->gfc->dim : 0;
    int fits = is_auto || (F->lcp && e->lcp && (strcmp(e->name, "enum") || F->lcp->n <= 20)) || (!F->lcp && e->fc && (e->dims & (1 << dim))) ||
               (F->gfc && e->gfc);
    if (!fits) continue;
    int n = F->lcp ? F->lcp->n : F->fc ? dim * F->fc->nc : dim * F->gfc->nc;
    int nv = F->gfc ? F->gfc->ndof : n;
    double *r = calloc((size_t)n + 1, sizeof(double)), *u = calloc((size_t)nv + 1, sizeof(double));
    double hist[64];
    sn_info info = {0};
    info.history = hist;
    info.history_cap = 64;
    sn_settings s;
    sn_settings_default(&s);
    s.max_iter = cap;
    s.tol = 1e-14;
    int st = F->lcp ? sn_lcp_solve(F->lcp, e->name, r, u, &s, &info)
             : F->fc ? sn_fc_solve(F->fc, e->name, r, u, &s, &info)
                     : sn_gfc_solve(F->gfc, e->name, r, u, &s, &info);
    if (st < 0 || info.iterations > cap || info.history_len > cap)
      fprintf(stderr, "  %s: status %d, %d iterations, history %d, cap %d\n", e->name, st,
              info.iterations, info.history_len, cap);
    CHECK(st >= 0);            /* a fitting solver returns a result, within the cap */
    CHECK(info.iterations <= cap);
    CHECK(info.history_len <= cap);
    if (st == SN_MAX_ITER) CHECK(info.iterations >= 1);
    free(r);
    free(u);
  }
}

static void test_caps(void)
{
  const char *files[] = {"fc3d/Capsules-i100-889.hdf5", "fc2d/FrictionContactProblem00071.dat",
                         "gfc3d/GFC3D_TwoRods1.dat", "lcp/lcp_mmc.dat"};
  for (int f = 0; f < 4; f++) {
    sn_file_problem *F = load(files[f]);
    if (!F) continue;
    check_caps(F, 3);
    sn_file_problem_free(F);
  }
}

/* Lemke stops after exactly max_iter pivots; the polyhedral solver too; socsmooth counts its
 * fixed-point updates (outer), not the Newton steps inside */
static void test_pivots_and_outer(void)
{
  sn_file_problem *F = load("fc2d/FrictionContactProblem00071.dat");   /* 184 pivots */
  if (!F) return;
  int n = 2 * F->fc->nc;
  double *r = calloc((size_t)n, sizeof(double)), *u = calloc((size_t)n, sizeof(double));
  sn_settings s;
  sn_settings_default(&s);
  s.max_iter = 50;
  sn_info info = {0};
  CHECK_INT(sn_fc2d_lemke(F->fc, r, u, &s, &info), SN_MAX_ITER);
  CHECK_INT(info.iterations, 50);
  s.max_iter = 1000;
  sn_fill(n, 0.0, r);
  CHECK_INT(sn_fc2d_lemke(F->fc, r, u, &s, &info), SN_OK);
  CHECK_INT(info.iterations, 184);
  s.max_iter = 20;
  sn_fill(n, 0.0, r);
  CHECK_INT(sn_fc_poly(F->fc, r, u, &s, &info), SN_MAX_ITER);
  CHECK_INT(info.iterations, 20);
  s.max_iter = 1;                       /* one fixed-point update, however many Newton steps */
  sn_fill(n, 0.0, r);
  int st = sn_fc_socsmooth(F->fc, r, u, &s, &info);
  CHECK(st != SN_OK);
  CHECK_INT(info.iterations, 1);
  free(r);
  free(u);
  sn_file_problem_free(F);
}

int main(void)
{
  test_caps();
  test_pivots_and_outer();
  return sn_check_report();
}
