/* The thread knob of `run` and `solve`: --threads N, else SIGNORINI_NUM_THREADS, else the
 * physical cores (sn_threads_physical), applied once, at start-up, to OpenBLAS and the OpenMP
 * runtime CHOLMOD uses (sn_set_blas_threads, a process-wide setting). */
#include "cli.h"
#include "signorini/common.h"

#include <stdlib.h>

int sn_cli_threads(const sn_cli_cmd *cmd, const char *given, int *n)
{
  const char *env = getenv("SIGNORINI_NUM_THREADS");
  if (given) {
    if (sn_threads_parse(given, n))
      return sn_args_error(cmd, "invalid value '%s' for --threads: it must be a whole number from 1 to %d",
                           given, SN_THREADS_MAX);
  } else if (env && env[0]) {
    if (sn_threads_parse(env, n))
      return sn_args_error(cmd, "invalid value '%s' in the environment variable SIGNORINI_NUM_THREADS: it "
                           "must be a whole number from 1 to %d", env, SN_THREADS_MAX);
  } else *n = sn_threads_physical();
  if (sn_set_blas_threads(*n)) return sn_cli_fail("cannot set %d threads", *n);
  return 0;
}

/* --petsc: P ranks share the machine's cores. Without --threads and SIGNORINI_NUM_THREADS, each
 * rank takes its share of the physical cores, at least 1 (2 ranks on 2 cores: 1 each, not 2 x 2);
 * a count given is kept. Set process-wide again into *n. */
void sn_cli_threads_per_rank(const char *given, int ranks, int *n)
{
  const char *env = getenv("SIGNORINI_NUM_THREADS");
  if (given || (env && env[0]) || ranks <= 1) return;
  int k = sn_threads_physical() / ranks;
  *n = k > 1 ? k : 1;
  sn_set_blas_threads(*n);
}
