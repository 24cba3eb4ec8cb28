/* PETSc and MPI started and stopped through the module (signorini/petsc.h), on as many ranks as
 * the launcher gave: argv[1] is the number expected (1 alone, 2 under `mpirun -n 2`). Every rank
 * checks its rank and the job's size; a second start gives the same answer. */
#include "signorini/petsc.h"

#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
  int want = argc > 1 ? atoi(argv[1]) : 1, rank = -1, size = -1, rank2 = -1, size2 = -1;
  char msg[512] = "";
  int st = sn_petsc_start(&rank, &size, msg, sizeof msg);
  if (st) {
    fprintf(stderr, "test_petsc_start: sn_petsc_start: %s: %s\n", sn_strerror(st), msg);
    return 1;
  }
  int fail = 0;
  if (size != want || rank < 0 || rank >= size) {
    fprintf(stderr, "test_petsc_start: rank %d of %d, expected %d ranks\n", rank, size, want);
    fail = 1;
  }
  if (sn_petsc_start(&rank2, &size2, msg, sizeof msg) || rank2 != rank || size2 != size) {
    fprintf(stderr, "test_petsc_start: a second start gave rank %d of %d\n", rank2, size2);
    fail = 1;
  }
  if (sn_petsc_stop()) {
    fprintf(stderr, "test_petsc_start: sn_petsc_stop failed\n");
    fail = 1;
  }
  if (!fail) printf("test_petsc_start: rank %d of %d\n", rank, size);
  return fail;
}
