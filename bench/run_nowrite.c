/* signorini_bench_nowrite DECK.inp: the quasi-static analysis of a deck with no results written
 * (sn_static_run without a callback), for bench/output_share.sh: prints "WALL CPU", the run's own
 * seconds (sn_static_info.seconds) and the process' CPU seconds (user + system, getrusage) from
 * the start of the program: the deck read and checked (sn_static_check, which builds the
 * finite-element system once) before the analysis, as `signorini run` does, so that the CPU time
 * of `signorini run` less this one is that of its writers. It runs with `signorini run`'s settings
 * (threads, OpenBLAS' threshold, the model checked once) and, where the program is linked
 * statically, is linked as it is (bench/CMakeLists.txt).
 * Exit status: 0 the analysis completed, 1 otherwise (the message on stderr). */
#include "cli.h"
#include "malloc_tune.h"
#include "signorini/analysis.h"

#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>

static double cpu_seconds(void)
{
  struct rusage u;
  getrusage(RUSAGE_SELF, &u);
  return (double)u.ru_utime.tv_sec + 1e-6 * (double)u.ru_utime.tv_usec + (double)u.ru_stime.tv_sec +
         1e-6 * (double)u.ru_stime.tv_usec;
}

int main(int argc, char **argv)
{
  char msg[1024];
  sn_model *m = NULL;
  if (argc != 2) {
    fprintf(stderr, "usage: signorini_bench_nowrite DECK.inp\n");
    return 1;
  }
  const char *why;   /* the heap of `signorini run` (SIGNORINI_MALLOC, src/cli/malloc_tune.c) */
  if (sn_cli_tune_malloc(&why) < 0) {
    fprintf(stderr, "%s\n", why);
    return 1;
  }
  /* the thread count of `signorini run` (SIGNORINI_NUM_THREADS, else the physical cores), so that
   * the two programs' CPU times compare the same BLAS and CHOLMOD threads */
  int nthreads = sn_threads_physical();
  const char *env = getenv("SIGNORINI_NUM_THREADS");
  if (env && sn_threads_parse(env, &nthreads)) {
    fprintf(stderr, "SIGNORINI_NUM_THREADS=%s: a count from 1 to %d expected\n", env, SN_THREADS_MAX);
    return 1;
  }
  sn_set_blas_threads(nthreads);
  if (sn_inp_read(argv[1], &m, msg, sizeof msg)) {
    fprintf(stderr, "%s\n", msg);
    return 1;
  }
  /* `signorini run`'s settings but the writers' callbacks (src/cli/cmd_run.c) */
  sn_static_settings s;
  sn_static_settings_default(&s);
  s.threads = nthreads;
  s.blas_min_flops = SN_CLI_BLAS_MIN_FLOPS;
  s.checked = 1;   /* sn_static_check below */
  sn_static_info info;
  int st = sn_static_check(m, msg, sizeof msg);
  if (!st) st = sn_static_run(m, &s, &info, msg, sizeof msg);
  sn_model_free(m);
  if (st) {
    fprintf(stderr, "%s: %s\n", argv[1], msg[0] ? msg : sn_strerror(st));
    return 1;
  }
  printf("%.4f %.4f\n", info.seconds, cpu_seconds());
  return 0;
}
