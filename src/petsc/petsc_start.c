/* PETSc's start and stop for the module (signorini/petsc.h: sn_petsc_start, sn_petsc_stop).
 * PetscInitialize initializes MPI itself when the program has not (MPI_Init: under mpirun, the
 * rank's place in the job; alone, a singleton job of one rank), and PetscFinalize then
 * finalizes it. Errors are returned, not printed (PetscReturnErrorHandler), and PETSc installs
 * no signal handlers (-no_signal_handler): the program keeps its own. */
#include "petsc/petsc_module.h"

#include <petscsys.h>
#include <stdio.h>

int sn_petsc_start_mod(int *rank, int *size, char *msg, size_t msglen)
{
  if (!PetscInitializeCalled) {
    if (PetscOptionsSetValue(NULL, "-no_signal_handler", NULL)) {
      snprintf(msg, msglen, "PETSc: cannot set its options");
      return SN_ERR_BACKEND;
    }
    PetscErrorCode e = PetscInitializeNoArguments();
    if (e) {
      snprintf(msg, msglen, "PETSc (or MPI) failed to initialize: PETSc error %d", (int)e);
      return SN_ERR_BACKEND;
    }
    PetscPushErrorHandler(PetscReturnErrorHandler, NULL);
  }
  if (MPI_Comm_rank(PETSC_COMM_WORLD, rank) != MPI_SUCCESS || MPI_Comm_size(PETSC_COMM_WORLD, size) != MPI_SUCCESS) {
    snprintf(msg, msglen, "MPI: cannot read this process' rank");
    return SN_ERR_BACKEND;
  }
  return SN_OK;
}

int sn_petsc_stop_mod(void)
{
  if (!PetscInitializeCalled || PetscFinalizeCalled) return SN_OK;
  PetscPopErrorHandler();
  return PetscFinalize() ? SN_ERR_BACKEND : SN_OK;
}
