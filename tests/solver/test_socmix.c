/* The smoothing-regularization Newton method for the mixed SOCLCP (sn_socmlcp_smooth) and
 * frictional contact through the exact cone form with one extra variable per contact (sn_fc_socmix
 * = registry "socmix", sn_gfc_socmix = registry "socmixg"):
 *  - random monotone mixed problems with a planted solution: A = [B C; -C^T G] with B positive
 *    definite, G = R R^T + skew; error <= tol, the planted z recovered, y = A z + a;
 *  - statuses and refusals (NULL, options, iteration cap, empty problem);
 *  - single contacts solved by hand (2D, 3D, mu = 0): forces to 1e-10;
 *  - every fc3d and fc2d file of tests/data/problems solved to sn_fc_error <= 1e-8 (status SN_OK,
 *    info->error = sn_fc_error of the returned r); then continued to 1e-12 and compared with
 *    sn_fc_nsn_ac at 1e-12 (3D; NSGS in 2D): forces within 1e-6 (relative) where W is
 *    nonsingular, velocities u = W r + q within 1e-6 (in the scale of the error measure) where
 *    W is rank-deficient and r is not unique;
 *  - the residual history shows superlinear convergence on four files: with e0, e1, e2 the last
 *    three errors, e2/e1 <= 1e-2 and log(e2/e1) / log(e1/e0) >= 1.5;
 *  - every gfc3d file solved by "socmixg" (W never formed) to sn_gfc_error <= 1e-8, and v
 *    against the condensed route (sn_gfc_solve "nsn_ac") within 1e-6 relative;
 *  - the pure SOCLCP form (sn_fc_to_soclcp_exact) of the small nonsingular problems solved by
 *    the SOCLCP solvers "smooth" and "ipm": r by the back map equal to nsn_ac's within 1e-6
 *    (except "ipm" on GFC3D_TwoRods1-condensed, which stalls on that non-monotone SOCLCP and
 *    says so).
 * The large files are left out under the sanitizers. */
#include "check.h"
#include "test_util.h"
#include "fc_hand_cases.h"
#include "signorini/io.h"
#include "signorini/solver.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


static double urand(uint64_t *s)
{
  *s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
  return (double)(*s >> 11) * (1.0 / 9007199254740992.0);
}

static double rel_diff(int n, const double *a, const double *b, double scale)
{
  double d = 0;
  for (int i = 0; i < n; i++) d += (a[i] - b[i]) * (a[i] - b[i]);
  return sqrt(d) / (scale > 0 ? scale : 1.0);
}

/* ---- random monotone mixed problems ---- */

static sn_socmlcp *random_mixed(int nf, int ncones, uint64_t seed, double **zstar)
{
  uint64_t s = seed;
  int *cs = malloc(sizeof(int) * (size_t)ncones), n = 0;
  for (int c = 0; c < ncones; c++) n += cs[c] = 1 + (int)(3 * urand(&s));
  int N = nf + n;
  double *A = calloc((size_t)N * N, sizeof(double)), *R = malloc(sizeof(double) * (size_t)N * N);
  for (int i = 0; i < N * N; i++) R[i] = urand(&s) - 0.5;
  /* A = R R^T / N + I_free (positive definite on the free block) + skew */
  for (int j = 0; j < N; j++)
    for (int i = 0; i < N; i++) {
      double v = 0;
      for (int k = 0; k < N; k++) v += R[i + N * k] * R[j + N * k];
      A[i + N * j] = v / N + (i == j && i < nf ? 1.0 : 0.0);
    }
  for (int j = 0; j < N; j++)
    for (int i = 0; i < j; i++) {
      double v = urand(&s) - 0.5;
      A[i + N * j] += v;
      A[j + N * i] -= v;
    }
  double *z = calloc((size_t)N, sizeof(double)), *F = calloc((size_t)N, sizeof(double));
  for (int i = 0; i < nf; i++) z[i] = urand(&s) - 0.5;
  for (int c = 0, o = nf; c < ncones; o += cs[c++]) {
    int m = cs[c], kind = (int)(3 * urand(&s));
    double w[2] = {0, 0}, t = 0;
    for (int j = 1; j < m; j++) { w[j - 1] = urand(&s) - 0.5; t += w[j - 1] * w[j - 1]; }
    t = sqrt(t);
    for (int j = 1; j < m; j++) w[j - 1] /= t > 0 ? t : 1;
    double a = 0.5 + urand(&s), b = 0.5 + urand(&s);
    if (m == 1 && kind == 2) kind = 0;
    if (kind == 0) { z[o] = a; for (int j = 1; j < m; j++) z[o + j] = 0.3 * a * w[j - 1]; }
    if (kind == 1) { F[o] = b; for (int j = 1; j < m; j++) F[o + j] = 0.3 * b * w[j - 1]; }
    if (kind == 2)
      for (int j = 0; j < m; j++) { z[o + j] = a * (j ? w[j - 1] : 1); F[o + j] = b * (j ? -w[j - 1] : 1); }
  }
  sn_socmlcp *P = calloc(1, sizeof *P);
  P->nf = nf;
  P->n = n;
  P->ncones = ncones;
  P->csize = cs;
  P->a = malloc(sizeof(double) * (size_t)N);
  for (int i = 0; i < N; i++) {
    P->a[i] = F[i];
    for (int j = 0; j < N; j++) P->a[i] -= A[i + N * j] * z[j];
  }
  sn_csc_from_dense(N, N, A, 0.0, &P->A);
  free(A); free(R); free(F);
  *zstar = z;
  return P;
}

static void test_random(void)
{
  const struct { int nf, ncones; } cases[] = {{1, 1}, {5, 4}, {30, 20}, {60, 60}};
  for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++)
    for (uint64_t seed = 1; seed <= 3; seed++) {
      double *zs;
      sn_socmlcp *P = random_mixed(cases[c].nf, cases[c].ncones, seed * 131 + c, &zs);
      int N = P->nf + P->n;
      double *z = calloc((size_t)N, sizeof(double)), *y = calloc((size_t)N, sizeof(double));
      double *F = malloc(sizeof(double) * (size_t)N);
      sn_settings s;
      sn_settings_default(&s);
      s.tol = 1e-12;
      sn_info info = {0};
      int st = sn_socmlcp_smooth(P, z, y, &s, &info);
      if (st) fprintf(stderr, "  random %zu/%d: status %d error %g\n", c, (int)seed, st, info.error);
      CHECK_INT(st, SN_OK);
      CHECK(info.error <= 1e-12);
      CHECK_CLOSE(info.error, sn_socmlcp_error(P, z), 1e-12, 0);
      sn_copy(N, P->a, F);
      sn_csc_gemv(P->A, 1.0, z, 1.0, F);
      CHECK(rel_diff(N, F, y, 1.0) <= 1e-12 * fmax(1.0, sn_nrm2(N, F)));
      CHECK(rel_diff(N, z, zs, sn_nrm2(N, zs)) <= 1e-8);   /* strongly monotone: unique */
      CHECK(info.iterations < 60);
      free(z); free(y); free(F); free(zs);
      sn_socmlcp_free(P);
    }
}

static void test_statuses(void)
{
  double *zs;
  sn_socmlcp *P = random_mixed(10, 10, 7, &zs);
  int N = P->nf + P->n;
  double *z = calloc((size_t)N, sizeof(double)), *y = calloc((size_t)N, sizeof(double));
  sn_settings s;
  sn_settings_default(&s);
  sn_info info = {0};
  s.max_iter = 1;
  s.tol = 1e-14;
  CHECK_INT(sn_socmlcp_smooth(P, z, y, &s, &info), SN_MAX_ITER);
  CHECK_INT(info.iterations, 1);
  CHECK(isfinite(info.error));
  sn_settings_default(&s);
  s.options = "mu0=0";
  CHECK_INT(sn_socmlcp_smooth(P, z, y, &s, &info), SN_ERR_ARG);
  s.options = "bogus=1";
  CHECK_INT(sn_socmlcp_smooth(P, z, y, &s, &info), SN_ERR_UNKNOWN);
  s.options = NULL;
  CHECK_INT(sn_socmlcp_smooth(NULL, z, y, &s, &info), SN_ERR_ARG);
  CHECK_INT(sn_socmlcp_smooth(P, NULL, y, &s, &info), SN_ERR_ARG);
  CHECK_INT(info.status, SN_ERR_ARG);
  sn_fill(N, NAN, z);                                  /* a non-finite start is dropped */
  CHECK_INT(sn_socmlcp_smooth(P, z, y, NULL, NULL), SN_OK);
  CHECK(sn_socmlcp_error(P, z) <= 1e-8);
  CHECK_INT(sn_socmlcp_smooth(P, z, y, &s, &info), SN_OK);   /* warm: nothing to do */
  CHECK_INT(info.iterations, 0);
  sn_socmlcp_free(P);
  free(zs);
  /* only free variables: a linear system */
  double Ad[4] = {2, 1, -1, 3}, a[2] = {-1, -2};   /* [2 -1; 1 3] w = (1, 2): w = (5/7, 3/7) */
  sn_socmlcp L = {2, 0, 0, NULL, NULL, a};
  sn_csc_from_dense(2, 2, Ad, 0.0, &L.A);
  double w[2] = {0, 0}, yw[2];
  sn_settings_default(&s);
  s.tol = 1e-14;
  CHECK_INT(sn_socmlcp_smooth(&L, w, yw, &s, &info), SN_OK);
  CHECK_CLOSE(w[0], 5.0 / 7, 0, 1e-13);
  CHECK_CLOSE(w[1], 3.0 / 7, 0, 1e-13);
  sn_csc_free(L.A);
  free(z); free(y);
}

static int stop_at_2(int it, double e, void *user)
{
  (void)e;
  *(int *)user += 1;
  return it >= 2;
}

/* ---- frictional contact by hand ---- */

/* the single contacts of fc_hand_cases.h (hand-computed in test_fc_solvers.c) */

static void test_fc_hand(void)
{
  for (int c = 0; c < FC_HAND_CORE_END; c++) {
    const hand_fc *h = &fc_hand[c];
    sn_fc P = {h->d, 1, NULL, (double *)h->q, (double *)&h->mu};
    sn_csc_from_dense(h->d, h->d, h->W, 0.0, &P.W);
    double r[3] = {0}, u[3];
    sn_settings s;
    sn_settings_default(&s);
    s.tol = 1e-12;
    sn_info info = {0};
    CHECK_INT(sn_fc_solve(&P, "socmix", r, u, &s, &info), SN_OK);
    CHECK(info.error <= 1e-12);
    CHECK_CLOSE(info.error, sn_fc_error(&P, r, NULL), 1e-12, 0);
    for (int k = 0; k < h->d; k++) CHECK_CLOSE(r[k], h->r[k], 0, 1e-10);
    sn_fill(3, 0.0, r);
    CHECK_INT(sn_fc_socmix(&P, r, u, NULL, NULL), SN_OK);
    CHECK(sn_fc_error(&P, r, NULL) <= 1e-8);
    sn_csc_free(P.W);
  }
  /* refusals */
  const hand_fc *h = &fc_hand[FC_HAND_CORE];                  /* 3d slip */
  sn_fc P = {3, 1, NULL, (double *)h->q, (double *)&h->mu};
  sn_csc_from_dense(3, 3, h->W, 0.0, &P.W);
  double r[3] = {0}, u[3];
  sn_settings s;
  sn_settings_default(&s);
  sn_info info = {0};
  CHECK_INT(sn_fc_socmix(NULL, r, u, &s, &info), SN_ERR_ARG);
  CHECK_INT(sn_fc_socmix(&P, NULL, u, &s, &info), SN_ERR_ARG);
  s.options = "nope=1";
  CHECK_INT(sn_fc_socmix(&P, r, u, &s, &info), SN_ERR_UNKNOWN);
  CHECK_INT(info.status, SN_ERR_UNKNOWN);
  s.options = NULL;
  s.max_iter = 1;
  s.tol = 1e-300;
  int st = sn_fc_socmix(&P, r, u, &s, &info);
  CHECK(st == SN_MAX_ITER || st == SN_STALLED);
  CHECK(isfinite(info.error));
  CHECK_CLOSE(info.error, sn_fc_error(&P, r, NULL), 1e-12, 0);
  /* the progress callback stops the solve (no restart behind the caller's back) */
  int calls = 0;
  sn_settings_default(&s);
  s.tol = -1.0;
  s.progress = stop_at_2;
  s.user = &calls;
  sn_fill(3, 0.0, r);
  CHECK_INT(sn_fc_socmix(&P, r, u, &s, &info), SN_STALLED);
  CHECK_INT(calls, 2);
  CHECK_INT(info.iterations, 2);
  /* time limit */
  sn_settings_default(&s);
  s.tol = -1.0;
  s.max_iter = 100000000;
  s.time_limit = 0.01;
  sn_fill(3, 0.0, r);
  st = sn_fc_socmix(&P, r, u, &s, &info);
  CHECK(st == SN_TIME_LIMIT || st == SN_STALLED);
  CHECK(info.seconds < 5.0);
  sn_csc_free(P.W);
}

/* ---- the fc files of tests/data/problems ---- */

/* unique: 1 = W nonsingular (compare r), 0 = rank-deficient (compare u); super: history must
 * show superlinear convergence */
static const struct { const char *file; int unique, big, super; } fc_files[] = {
    {"fc3d/BoxesStack1-i100000-32.hdf5", 0, 0, 0},
    {"fc3d/Capsules-i100-889.hdf5", 0, 1, 0},
    {"fc3d/Capsules-i101-404.hdf5", 0, 1, 0},
    {"fc3d/Capsules-i125-1213.hdf5", 0, 1, 0},
    {"fc3d/OneObject-i100000-316.hdf5", 0, 0, 0},
    {"fc3d/Confeti-ex13-4contact-Fc3D-SBM.dat", 1, 0, 0},
    {"fc3d/FC3D_Example1.dat", 1, 0, 1},
    {"fc3d/FC3D_Example1_SBM.dat", 1, 0, 0},
    {"fc3d/FrictionContact3D_1c.dat", 1, 0, 0},
    {"fc3d/FrictionContact3D_RR_1c.dat", 1, 0, 0},
    {"fc3d/GFC3D_TwoRods1-condensed.dat", 1, 0, 0},
    {"fc3d/NESpheres_10_1.dat", 1, 0, 1},
    {"fc3d/Rover1039.dat", 1, 0, 1},
    {"fc3d/Rover1040.dat", 0, 0, 0},
    {"fc3d/Rover11035.dat", 1, 0, 0},
    {"fc3d/Rover4396.dat", 1, 0, 1},
    {"fc2d/FC2D_SliderCrankLagrangian00000.dat", 0, 0, 0},
    {"fc2d/FrictionContactProblem00031.dat", 1, 0, 0},
    {"fc2d/FrictionContactProblem00071.dat", 1, 0, 0},
    {"fc2d/FrictionContactProblem00374.dat", 1, 0, 0},
    {"fc2d/FrictionContactProblem00394.dat", 1, 0, 0},
    {"fc2d/fc2d_granularflowonwall_00667_00000.dat", 1, 1, 0},
};

static int test_fc_files(void)
{
  int found = 0, superlinear = 0;
  for (size_t f = 0; f < sizeof fc_files / sizeof fc_files[0]; f++) {
    if (fc_files[f].big && SN_SANITIZED) continue;
    sn_file_problem *F = read_shared(NULL, fc_files[f].file);
    if (!F) continue;
    found++;
    sn_fc *P = F->fc;
    int n = P->dim * P->nc;
    double *r = calloc((size_t)n + 1, sizeof(double)), *u = calloc((size_t)n + 1, sizeof(double));
    double *rr = calloc((size_t)n + 1, sizeof(double)), *ur = calloc((size_t)n + 1, sizeof(double));
    sn_settings s;
    sn_settings_default(&s);
    s.time_limit = 60;
    double hist[1000];
    sn_info info = {0};
    info.history = hist;
    info.history_cap = 1000;
    int st = sn_fc_solve(P, "socmix", r, u, &s, &info);
    double e = sn_fc_error(P, r, NULL);
    if (st || !(e <= 1e-8)) fprintf(stderr, "  %s: status %d error %g\n", fc_files[f].file, st, e);
    CHECK_INT(st, SN_OK);
    CHECK(e <= 1e-8);
    CHECK_CLOSE(info.error, e, 1e-12, 0);
    CHECK_INT(info.history_len, info.iterations);
    /* continue to 1e-12 from a cold start (one Newton run: the history is one tail) */
    sn_fill(n, 0.0, r);
    s.tol = 1e-12;
    st = sn_fc_solve(P, "socmix", r, u, &s, &info);
    double e12 = sn_fc_error(P, r, NULL);
    printf("  %-44s socmix %2d iterations (1e-12: status %d, %2d iterations, error %.1e)", fc_files[f].file,
           info.iterations, st, info.iterations, e12);
    CHECK_INT(st, SN_OK);
    CHECK(e12 <= 1e-12);
    if (fc_files[f].super && info.history_len >= 3) {
      const double *t = hist + info.history_len - 3;
      double ratio = t[2] / t[1], order = log(t[2] / t[1]) / log(t[1] / t[0]);
      printf(" tail %.1e %.1e %.1e order %.2f", t[0], t[1], t[2], order);
      CHECK(ratio <= 1e-2);
      CHECK(order >= 1.5);
      superlinear += ratio <= 1e-2 && order >= 1.5;
    }
    /* the reference: nsn_ac (3D) or NSGS (2D) at 1e-12 */
    sn_settings ref;
    sn_settings_default(&ref);
    ref.tol = 1e-12;
    ref.max_iter = 100000;
    ref.time_limit = 60;
    sn_info ri = {0};
    CHECK_INT(P->dim == 3 ? sn_fc_nsn_ac(P, rr, ur, &ref, &ri) : sn_fc_nsgs(P, rr, ur, &ref, &ri), SN_OK);
    if (fc_files[f].unique) {
      double dr = rel_diff(n, r, rr, sn_nrm2(n, rr));
      printf(" |r - r_ref| %.1e\n", dr);
      CHECK(dr <= 1e-6);
    } else {
      double scale = fmax(sn_nrm2(n, P->q), fmax(sn_nrm2(n, r), sn_nrm2(n, u)));
      double du = rel_diff(n, u, ur, scale);
      printf(" |u - u_ref| %.1e (r not unique: |r - r_ref| %.1e)\n", du, rel_diff(n, r, rr, sn_nrm2(n, rr)));
      CHECK(du <= 1e-6);
    }
    free(r); free(u); free(rr); free(ur);
    sn_file_problem_free(F);
  }
  if (found) CHECK(superlinear >= 2);
  return found;
}

/* OneObject with mu x 2: Newton on the exact form wanders (the problem is far from monotone);
 * the NSGS restart of sn_fc_socmix brings the error to tol; the status and error stay honest */
static void test_restart(void)
{
  sn_file_problem *F = read_shared("fc3d", "OneObject-i100000-316.hdf5");
  if (!F) return;
  sn_fc *P = F->fc;
  for (int i = 0; i < P->nc; i++) P->mu[i] *= 2;
  int n = P->dim * P->nc;
  double *r = calloc((size_t)n + 1, sizeof(double)), *u = calloc((size_t)n + 1, sizeof(double));
  sn_settings s;
  sn_settings_default(&s);
  s.max_iter = 5000;
  sn_info info = {0};
  int st = sn_fc_socmix(P, r, u, &s, &info);
  double e = sn_fc_error(P, r, NULL);
  printf("  OneObject mu x 2: status %d, %d Newton iterations, error %.1e\n", st, info.iterations, e);
  CHECK_INT(st, SN_OK);
  CHECK(e <= 1e-8);
  CHECK_CLOSE(info.error, e, 1e-12, 0);
  free(r); free(u);
  sn_file_problem_free(F);
}

/* ---- the gfc files of tests/data/problems ---- */

static int test_gfc_files(void)
{
  const struct { const char *file; int big; } files[] = {
      {"Box_Stacks-i0122-82-5.hdf5", 0}, {"CubeH8.hdf5", 0}, {"GFC3D_Example0.dat", 0},
      {"GFC3D_Example00.dat", 0}, {"GFC3D_Example1.dat", 0}, {"GFC3D_OneContact.dat", 0},
      {"GFC3D_TwoRods1.dat", 0}, {"LMGC_GlobalFrictionContactProblem00046.hdf5", 0},
      {"Spheres-i099-356-679.hdf5", 1}, {"spheres-in-a-box-98-i10000-256-10.hdf5", 1},
  };
  int found = 0;
  for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
    if (files[f].big && SN_SANITIZED) continue;
    sn_file_problem *F = read_shared("gfc3d", files[f].file);
    if (!F) continue;
    found++;
    sn_gfc *P = F->gfc;
    int n = P->dim * P->nc, m = P->ndof;
    double *r = calloc((size_t)n + 1, sizeof(double)), *v = calloc((size_t)m + 1, sizeof(double));
    double *rc = calloc((size_t)n + 1, sizeof(double)), *vc = calloc((size_t)m + 1, sizeof(double));
    sn_settings s;
    sn_settings_default(&s);
    s.time_limit = 60;
    sn_info info = {0};
    int st = sn_gfc_solve(P, "socmixg", r, v, &s, &info);
    double e = sn_gfc_error(P, r, v, NULL, NULL, NULL);
    printf("  %-44s socmixg status %d, %3d iterations, error %.1e", files[f].file, st, info.iterations, e);
    CHECK_INT(st, SN_OK);
    CHECK(e <= 1e-8);
    CHECK_CLOSE(info.error, e, 1e-12, 0);
    s.tol = 1e-12;
    st = sn_gfc_solve(P, "socmixg", r, v, &s, &info);
    CHECK_INT(st, SN_OK);
    sn_settings ref;
    sn_settings_default(&ref);
    ref.tol = 1e-12;
    ref.max_iter = 10000;
    ref.time_limit = 60;
    sn_info ri = {0};
    CHECK_INT(sn_gfc_solve(P, "nsn_ac", rc, vc, &ref, &ri), SN_OK);
    double dv = rel_diff(m, v, vc, sn_nrm2(m, vc));
    printf(", |v - v_condensed| %.1e\n", dv);
    CHECK(dv <= 1e-6);
    free(r); free(v); free(rc); free(vc);
    sn_file_problem_free(F);
  }
  return found;
}

/* ---- the pure SOCLCP form with the SOCLCP solvers ---- */

static int test_exact_soclcp(void)
{
  const char *files[] = {"FC3D_Example1.dat", "FrictionContact3D_1c.dat", "FrictionContact3D_RR_1c.dat",
                         "NESpheres_10_1.dat", "Rover1039.dat", "Rover11035.dat", "Rover4396.dat",
                         "GFC3D_TwoRods1-condensed.dat"};
  const char *solvers[] = {"smooth", "ipm"};
  int found = 0;
  for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
    sn_file_problem *F = read_shared("fc3d", files[f]);
    if (!F) continue;
    found++;
    sn_fc *P = F->fc;
    int n = P->dim * P->nc;
    double *rr = calloc((size_t)n + 1, sizeof(double)), *ur = calloc((size_t)n + 1, sizeof(double));
    double *r = calloc((size_t)n + 1, sizeof(double));
    sn_settings s;
    sn_settings_default(&s);
    s.tol = 1e-12;
    s.max_iter = 1000;
    sn_info info = {0};
    CHECK_INT(sn_fc_nsn_ac(P, rr, ur, &s, &info), SN_OK);
    sn_soclcp *E = NULL;
    CHECK_INT(sn_fc_to_soclcp_exact(P, &E), SN_OK);
    if (!E) { free(rr); free(ur); free(r); sn_file_problem_free(F); continue; }
    for (int k = 0; k < 2; k++) {
      double *x = calloc((size_t)E->n + 1, sizeof(double)), *y = calloc((size_t)E->n + 1, sizeof(double));
      int st = sn_soclcp_solve(E, solvers[k], x, y, &s, &info);
      sn_soclcp_exact_x_to_r(P, E, x, r);
      double dr = rel_diff(n, r, rr, sn_nrm2(n, rr)), e = sn_fc_error(P, r, NULL);
      printf("  %-30s exact SOCLCP + %-6s status %d, %3d iterations, SOCLCP error %.1e, fc error %.1e, |r - r_nsn| %.1e\n",
             files[f], solvers[k], st, info.iterations, info.error, e, dr);
      if (!strcmp(files[f], "GFC3D_TwoRods1-condensed.dat") && k == 1) {
        /* the exact form is not monotone (M = P W^-1 S): the IPM stalls here (SN_STALLED,
         * error 1e-2); only its honesty is asserted */
        CHECK(st != SN_OK || dr <= 1e-6);
        CHECK(st == SN_OK || info.error > s.tol);
      } else {
        CHECK_INT(st, SN_OK);
        CHECK(dr <= 1e-6);
      }
      free(x); free(y);
    }
    sn_soclcp_free(E);
    free(rr); free(ur); free(r);
    sn_file_problem_free(F);
  }
  return found;
}

int main(void)
{
  setvbuf(stdout, NULL, _IOLBF, 0);
  test_random();
  test_statuses();
  test_fc_hand();
  int found = test_fc_files();
  test_restart();
  found += test_gfc_files();
  found += test_exact_soclcp();
  if (!found) {
    printf("test data absent (%s): the file tests did not run\n", SN_DATA_DIR);
    sn_check_report();
    return 1;
  }
  return sn_check_report();
}
