/* The ranks of `mpirun -n P signorini solve|run ... --petsc` (docs/parallel.md). Every rank runs
 * the command; the first alone prints: the others' standard output goes to /dev/null and their
 * standard error is kept aside in a temporary file, shown (each line prefixed "rank N: ") only
 * when that rank fails. A rank that fails ends without finalizing MPI: the others may be waiting
 * for it in a collective call (rank 0 unable to create the output folder while rank 1 has gone
 * on to the first contact solve, for instance), and MPI_Finalize would wait for them in turn;
 * leaving without it makes mpirun end the whole job with that rank's status. */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"
#include "signorini/petsc.h"

#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

int sn_cli_ranks_begin(sn_cli_ranks *R, int rank, int size)
{
  memset(R, 0, sizeof *R);
  R->rank = rank;
  R->size = size;
  R->saved_err = -1;
  if (rank == 0) return 0;
  fflush(stdout);
  fflush(stderr);
  if (!freopen("/dev/null", "w", stdout)) return 1;
  R->err = tmpfile();
  R->saved_err = dup(STDERR_FILENO);
  if (!R->err || R->saved_err < 0 || dup2(fileno(R->err), STDERR_FILENO) < 0) return 1;
  return 0;
}

/* this rank's kept standard error onto the real one, each line prefixed by the rank */
static void show_err(const sn_cli_ranks *R)
{
  fflush(stderr);
  if (!R->err || R->saved_err < 0) return;
  /* after rank 0's own message, when it failed too (most failures are every rank's: a bad
     deck): 0.2 s, so that the lines do not interleave */
  struct timespec pause = {0, 200000000L};
  nanosleep(&pause, NULL);
  FILE *out = fdopen(dup(R->saved_err), "w");
  if (!out) return;
  rewind(R->err);
  char line[1024];
  int bol = 1, any = 0;
  while (fgets(line, sizeof line, R->err)) {
    if (bol) fprintf(out, "rank %d: ", R->rank);
    fputs(line, out);
    bol = line[strlen(line) - 1] == '\n';
    any = 1;
  }
  if (!any) fprintf(out, "rank %d: failed (exit status shown by mpirun)\n", R->rank);
  else if (!bol) fputc('\n', out);
  fclose(out);
}

int sn_cli_ranks_end(sn_cli_ranks *R, int k)
{
  if (k && R->size > 1) {
    show_err(R);
    fflush(stdout);
    fflush(stderr);
    _exit(k);                         /* not MPI_Finalize: see the top of the file */
  }
  if (R->err) fclose(R->err);
  if (R->saved_err >= 0) {
    dup2(R->saved_err, STDERR_FILENO);
    close(R->saved_err);
  }
  if (sn_petsc_stop() && !k) k = sn_cli_fail("--petsc: PETSc (MPI) failed to finalize");
  return k;
}
