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
