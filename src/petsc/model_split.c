/* The module's side of a model split over the ranks (signorini/petsc.h: sn_petsc_partition,
 * sn_petsc_allreduce; docs/parallel.md, "The model split"): the graph partition that decides
 * which rank assembles which elements, and the sums over the ranks of what each assembled. */
#include "petsc/dof_partition.h"
#include "petsc/petsc_module.h"

#include <limits.h>

int sn_petsc_partition_mod(int nv, const int *xadj, const int *adj, int *part)
{
  if (!PetscInitializeCalled || PetscFinalizeCalled) return SN_ERR_BACKEND;
  int size;
  MPI_Comm_size(PETSC_COMM_WORLD, &size);
  return sn_mpi_agree(PETSC_COMM_WORLD, sn_graph_parts(size, nv, xadj, adj, part));
}

/* reduced on rank 0 and broadcast from it, not MPI_Allreduce: every rank then holds the same
 * bits (the standard does not promise that of an allreduce's sums), which keeps the ranks'
 * Newton iterations in step */
int sn_petsc_allreduce_mod(double *buf, long n, int op)
{
  if (!PetscInitializeCalled || PetscFinalizeCalled) return SN_ERR_BACKEND;
  int rank;
  MPI_Comm_rank(PETSC_COMM_WORLD, &rank);
  for (long k = 0; k < n; k += INT_MAX / 2) {   /* MPI counts are ints */
    int c = n - k < INT_MAX / 2 ? (int)(n - k) : INT_MAX / 2;
    MPI_Op o = op == SN_PETSC_MAX ? MPI_MAX : MPI_SUM;
    int e = MPI_Reduce(rank == 0 ? MPI_IN_PLACE : buf + k, rank == 0 ? buf + k : NULL, c, MPI_DOUBLE, o, 0, PETSC_COMM_WORLD);
    if (e == MPI_SUCCESS) e = MPI_Bcast(buf + k, c, MPI_DOUBLE, 0, PETSC_COMM_WORLD);
    if (e != MPI_SUCCESS) return SN_ERR_BACKEND;
  }
  return SN_OK;
}
