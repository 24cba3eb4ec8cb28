/* signorini_bench_call: the fixed cost of a call on a small local problem (issue #13, point 5).
 * K calls of one solver from zero (r = 0 before each, as signorini_bench's cold path), each
 * timed by the thread's CPU clock; prints the median and the minimum per call. Under
 * `valgrind --tool=callgrind --toggle-collect=sn_fc_solve` the instructions of the K calls
 * alone (divide by K). With SOLVER = bsr it times sn_bsr_from_csc + sn_bsr_free of W instead,
 * in batches of 100 (the clock's own cost, about 0.2 us a reading here, left out).
 *
 *   signorini_bench_call FILE SOLVER [K]      (K = 20000 by default; solver settings: defaults,
 *                                             max_iter 100000, time limit 60 s, 1 thread) */
#define _DEFAULT_SOURCE
#include <signorini/io.h>
#include <signorini/signorini.h>
#include <signorini/solver.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_util.h"

int main(int argc, char **argv)
{
  if (argc < 3) {
    fprintf(stderr, "usage: %s FILE SOLVER|bsr [K]\n", argv[0]);
    return 2;
  }
  int K = argc > 3 ? atoi(argv[3]) : 20000;
  if (K < 1) K = 1;
  sn_file_problem *F = NULL;
  char err[512];
  if (sn_read_problem(argv[1], &F, err, sizeof err) || F->kind != SN_KIND_FC) {
    fprintf(stderr, "%s: %s\n", argv[1], F ? "not a local problem" : err);
    sn_file_problem_free(F);
    return 1;
  }
  sn_set_blas_threads(1);
  sn_settings s;
  sn_settings_default(&s);
  s.time_limit = 60;
  s.max_iter = 100000;
  const sn_fc *P = F->fc;
  int n = P->dim * P->nc, st = SN_OK, bsr = !strcmp(argv[2], "bsr");
  double *r = calloc((size_t)n + 1, sizeof(double)), *u = calloc((size_t)n + 1, sizeof(double));
  double *t = malloc(sizeof(double) * (size_t)K);
  sn_info info = {0};
  if (!r || !u || !t) return 1;
  for (int k = 0; k < K; k++) {
    memset(r, 0, sizeof(double) * (size_t)n);
    double c0 = bench_thread_clock();
    if (bsr) {
      for (int b = 0; b < 100; b++) {
        sn_bsr *B = NULL;
        st |= sn_bsr_from_csc(P->W, P->dim, &B);
        sn_bsr_free(B);
      }
    } else {
      st = sn_fc_solve(P, argv[2], r, u, &s, &info);
    }
    t[k] = (bench_thread_clock() - c0) / (bsr ? 100 : 1);
  }
  qsort(t, (size_t)K, sizeof(double), bench_cmp_double);
  printf("%s %s: status %d, %d iterations, error %.3e; CPU time per call: median %.3f us, min %.3f us (%d calls)\n",
         argv[1], argv[2], st, bsr ? 0 : info.iterations, bsr ? 0.0 : info.error, 1e6 * t[K / 2], 1e6 * t[0], K);
  free(r);
  free(u);
  free(t);
  sn_file_problem_free(F);
  return st == SN_OK ? 0 : 1;
}
