/* signorini_bench_solve: one local solve from zero through the library alone, for
 * bench/threads_fclib.sh (DRIVER=lib). The command line calls sn_set_blas_threads, which for
 * N > 1 turns on the OpenMP runtime's dynamic adjustment (docs/threads.md): teams no larger
 * than the CPUs the load average leaves idle. This program leaves the runtime's defaults, so
 * sn_settings.threads threads are what the solver's regions get.
 *
 *   signorini_bench_solve FILE SOLVER OPTIONS THREADS MAX_ITER
 *
 * OPTIONS "" for none. Prints {"status_code": S, "iterations": K, "seconds": T, "error": E}
 * (T: info.seconds); exit 0 when the solve ran (whatever its status), 1 otherwise. */
#include <signorini/io.h>
#include <signorini/solver.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
  if (argc != 6) {
    fprintf(stderr, "usage: %s FILE SOLVER OPTIONS THREADS MAX_ITER\n", argv[0]);
    return 1;
  }
  sn_file_problem *F = NULL;
  char err[256];
  if (sn_read_problem(argv[1], &F, err, sizeof err) || F->kind != SN_KIND_FC) {
    fprintf(stderr, "%s: %s\n", argv[1], F ? "not a local problem" : err);
    sn_file_problem_free(F);
    return 1;
  }
  int n = F->fc->dim * F->fc->nc;
  double *r = calloc((size_t)n + 1, sizeof(double)), *u = calloc((size_t)n + 1, sizeof(double));
  sn_settings s;
  sn_settings_default(&s);
  s.options = argv[3][0] ? argv[3] : NULL;
  s.threads = atoi(argv[4]);
  s.max_iter = atoi(argv[5]);
  sn_info info = {0};
  int st = r && u ? sn_fc_solve(F->fc, argv[2], r, u, &s, &info) : SN_ERR_NOMEM;
  printf("{\"status_code\": %d, \"iterations\": %d, \"seconds\": %.6e, \"error\": %.6e}\n", st,
         info.iterations, info.seconds, info.error);
  free(r);
  free(u);
  sn_file_problem_free(F);
  return st < 0;
}
