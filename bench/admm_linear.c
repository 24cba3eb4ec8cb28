/* signorini_bench_admm_linear: the linear algebra of admm_w (src/solver/fc_admm_w.c), dense
 * LAPACK against sparse CHOLMOD / UMFPACK. For each local problem file: the thread's CPU time
 * per call of sn_fc_admm_w from zero with options linear=dense and linear=sparse (plus the
 * extra options given), 7 interleaved rounds of K calls (K such that a round lasts about 20 ms),
 * the median round. One BLAS thread.
 * Usage: signorini_bench_admm_linear [--options k=v,...] FILE... */
#define _POSIX_C_SOURCE 200809L
#include <signorini/signorini.h>
#include <signorini/io.h>
#include <signorini/solver.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { ROUNDS = 7 };

static double cpu_seconds(void)
{
  struct timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static int cmp_double(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

/* seconds per call of K calls from zero; *its the iterations of the last call */
static double per_call(const sn_fc *P, const char *opts, int K, double *r, double *u, int *its)
{
  sn_settings s;
  sn_settings_default(&s);
  s.options = opts;
  sn_info info = {0};   /* history NULL (the caller's optional buffer) */
  memset(&info, 0, sizeof info);
  int n = P->dim * P->nc;
  double t0 = cpu_seconds();
  for (int k = 0; k < K; k++) {
    memset(r, 0, sizeof(double) * (size_t)n);
    sn_fc_admm_w(P, r, u, &s, &info);
  }
  *its = info.status == SN_OK ? info.iterations : -1;
  return (cpu_seconds() - t0) / K;
}

int main(int argc, char **argv)
{
  const char *extra = "";
  int first = 1;
  if (argc > 2 && !strcmp(argv[1], "--options")) { extra = argv[2]; first = 3; }
  if (first >= argc) {
    fprintf(stderr, "usage: %s [--options k=v,...] FILE...\n", argv[0]);
    return 2;
  }
  sn_set_blas_threads(1);
  printf("file,rows,dense_us,dense_iterations,sparse_us,sparse_iterations\n");
  for (int f = first; f < argc; f++) {
    sn_file_problem *F = NULL;
    char err[256], opts[2][256];
    if (sn_read_problem(argv[f], &F, err, sizeof err) || !F->fc) {
      fprintf(stderr, "%s: %s\n", argv[f], F ? "not a local problem" : err);
      sn_file_problem_free(F);
      return 1;
    }
    const sn_fc *P = F->fc;
    int n = P->dim * P->nc, its[2];
    double *r = calloc((size_t)n + 1, sizeof(double)), *u = calloc((size_t)n + 1, sizeof(double));
    double t[2][ROUNDS];
    snprintf(opts[0], sizeof opts[0], "linear=dense%s%s", *extra ? "," : "", extra);
    snprintf(opts[1], sizeof opts[1], "linear=sparse%s%s", *extra ? "," : "", extra);
    double once = per_call(P, opts[0], 1, r, u, &its[0]);
    int K = once > 0.02 ? 1 : (int)(0.02 / (once > 1e-7 ? once : 1e-7)) + 1;
    for (int round = 0; round < ROUNDS; round++)
      for (int m = 0; m < 2; m++) t[m][round] = per_call(P, opts[m], K, r, u, &its[m]);
    for (int m = 0; m < 2; m++) qsort(t[m], ROUNDS, sizeof(double), cmp_double);
    const char *base = strrchr(argv[f], '/');
    printf("%s,%d,%.2f,%d,%.2f,%d\n", base ? base + 1 : argv[f], n, 1e6 * t[0][ROUNDS / 2], its[0],
           1e6 * t[1][ROUNDS / 2], its[1]);
    free(r);
    free(u);
    sn_file_problem_free(F);
  }
  return 0;
}
