/* APGD's one-pass step (fc_apgd.c: the trial point, the accepted step's u = W r + q, restart
 * test and error fused per contact, the iterates swapped by pointers) against the step it
 * replaced, which ran separate passes over the vectors:
 *  - on 2D and 3D problems of the test data, solved to 1e-8 and stopped by max_iter, the
 *    iteration count and the error are the former implementation's to the bit (the numbers
 *    below were printed with %.17g by the apgd of commit e75c2fc on the same files);
 *  - the error it reports is sn_fc_error of the returned r, bit for bit (recomputed here
 *    independently from W r + q);
 *  - 1, 2 and 3 threads give the same r, bit for bit (memcmp), on the cases that are not
 *    marked large (Capsules-i100-889, 276 contacts: 5 chunks of 64, its products on 2 threads);
 * the two full 3D solves run on one thread, and not at all under the sanitizers (check.h). */
#include "check.h"
#include "test_util.h"
#include "signorini/io.h"
#include "signorini/solver.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  const char *file;   /* under SN_DATA_DIR */
  int large;          /* left out under the sanitizers (check.h), which make it 10-30x slower;
                         one thread only (on a busy machine each product's parallel region can
                         cost a context switch: seconds over thousands of steps) */
  int max_iter;
  int status;         /* e75c2fc's */
  int iterations;     /* e75c2fc's */
  double error;       /* e75c2fc's, %.17g */
} apgd_case;

static const apgd_case apgd_cases[] = {
    {"fc2d/FC2D_SliderCrankLagrangian00000.dat", 0, 100000, SN_OK, 108, 5.545309230423001e-09},
    {"fc2d/FrictionContactProblem00071.dat", 0, 100000, SN_OK, 109, 9.7944011252367151e-09},
    {"fc2d/FC2D_SliderCrankLagrangian00000.dat", 0, 50, SN_MAX_ITER, 50, 0.00024186451989393376},
    {"fc3d/BoxesStack1-i100000-32.hdf5", 1, 100000, SN_OK, 3986, 9.9589917594797114e-09},
    {"fc3d/BoxesStack1-i100000-32.hdf5", 0, 1000, SN_MAX_ITER, 1000, 2.7517453074504019e-05},
    {"fc3d/Capsules-i100-889.hdf5", 1, 100000, SN_OK, 2524, 9.824198872369512e-09},
    {"fc3d/Capsules-i100-889.hdf5", 0, 200, SN_MAX_ITER, 200, 3.2626005262094565e-07},
};
enum { NCASES = sizeof apgd_cases / sizeof apgd_cases[0] };

static void run_case(const apgd_case *c)
{
  char path[1024], err[512];
  snprintf(path, sizeof path, "%s/%s", SN_DATA_DIR, c->file);
  if (!sn_need_data(path)) return;
  sn_file_problem *F = NULL;
  int st = sn_read_problem(path, &F, err, sizeof err);
  CHECK_INT(st, SN_OK);
  if (st || !F->fc) {
    fprintf(stderr, "  %s: %s\n", c->file, err);
    sn_file_problem_free(F);
    return;
  }
  const sn_fc *P = F->fc;
  int n = P->dim * P->nc;
  double *r = calloc((size_t)n * 4, sizeof(double));
  double *u = r + n, *r1 = r + 2 * n, *uu = r + 3 * n;
  for (int t = 1; t <= (c->large ? 1 : 3); t++) {
    sn_settings s;
    sn_settings_default(&s);
    s.max_iter = c->max_iter;
    s.threads = t;
    sn_info info = {0};   /* history NULL: the caller's buffer, none here */
    memset(r, 0, sizeof(double) * (size_t)n);
    st = sn_fc_apgd(P, r, u, &s, &info);
    CHECK_INT(st, c->status);
    CHECK_INT(info.iterations, c->iterations);
    CHECK(info.error == c->error);
    if (info.error != c->error)
      fprintf(stderr, "  %s (%d threads): error %.17g, e75c2fc %.17g\n", c->file, t, info.error,
              c->error);
    /* the reported error is sn_fc_error of r, whose u = W r + q is recomputed here */
    memcpy(uu, P->q, sizeof(double) * (size_t)n);
    sn_csc_gemv(P->W, 1.0, r, 1.0, uu);
    double sum = 0.0, nq = 0.0, nr = 0.0, nu = 0.0;
    for (int i = 0; i < P->nc; i++) {
      int d = P->dim;
      const double *ri = r + d * i, *ui = uu + d * i;
      double ut = d == 3 ? hypot(ui[1], ui[2]) : fabs(ui[1]), x[3] = {0.0, 0.0, 0.0};
      x[0] = ri[0] - ui[0] - P->mu[i] * ut;
      for (int k = 1; k < d; k++) x[k] = ri[k] - ui[k];
      sn_proj_cone(d, P->mu[i], x);
      for (int k = 0; k < d; k++) sum += (ri[k] - x[k]) * (ri[k] - x[k]);
    }
    for (int k = 0; k < n; k++) {
      nq += P->q[k] * P->q[k];
      nr += r[k] * r[k];
      nu += uu[k] * uu[k];
    }
    CHECK_CLOSE(info.error, sqrt(sum) / sqrt(fmax(nq, fmax(nr, nu))), 1e-12, 0);
    CHECK(info.error == sn_fc_error(P, r, NULL));
    if (t == 1) memcpy(r1, r, sizeof(double) * (size_t)n);
    else CHECK(!memcmp(r, r1, sizeof(double) * (size_t)n));
  }
  free(r);
  sn_file_problem_free(F);
}

int main(void)
{
  for (int k = 0; k < NCASES; k++)
    if (!SN_SANITIZED || !apgd_cases[k].large) run_case(&apgd_cases[k]);
  return sn_check_report();
}
