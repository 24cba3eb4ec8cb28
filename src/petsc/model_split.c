/* The module's side of a model split over the ranks (signorini/petsc.h: sn_petsc_partition,
 * sn_petsc_allreduce; docs/parallel.md, "The model split"): the graph partition that decides
 * which rank assembles which elements, and the sums over the ranks of what each assembled. */
#include "petsc/dof_partition.h"
#include "petsc/petsc_module.h"

#include <limits.h>

int sn_petsc_partition_mod(int nv, const int *xadj, const int *adj, int *part)
{
  if (!PetscInitializeCalled || PetscFinalizeCalled) return SN_ERR_BACKEND;
  PetscErrorCode e = sn_graph_partition(PETSC_COMM_WORLD, nv, xadj, adj, part);
  return sn_mpi_agree(PETSC_COMM_WORLD, e ? SN_ERR_BACKEND : SN_OK);
}

int sn_petsc_allreduce_mod(double *buf, long n, int op)
{
  if (!PetscInitializeCalled || PetscFinalizeCalled) return SN_ERR_BACKEND;
  for (long k = 0; k < n; k += INT_MAX / 2) {   /* MPI counts are ints */
    int c = n - k < INT_MAX / 2 ? (int)(n - k) : INT_MAX / 2;
    if (MPI_Allreduce(MPI_IN_PLACE, buf + k, c, MPI_DOUBLE, op == SN_PETSC_MAX ? MPI_MAX : MPI_SUM, PETSC_COMM_WORLD) !=
        MPI_SUCCESS)
      return SN_ERR_BACKEND;
  }
  return SN_OK;
}
