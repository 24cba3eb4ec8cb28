/* The dofs' split over the ranks (dof_partition.h). The number split gives each rank a slab of
 * a block model (its halo a whole cross-section); the graph partition gives compact subdomains
 * with the smallest cut PT-Scotch finds (F. Pellegrini, "Scotch and PT-Scotch graph
 * partitioning software: an overview", in Combinatorial Scientific Computing, CRC 2012), through
 * PETSc's MatPartitioning on the adjacency of M's bs x bs blocks (a node's dofs stay together,
 * so GAMG's blocks of bs rows are whole on every rank). */
#include "petsc/dof_partition.h"
#include "signorini/solver.h"

#include <stdlib.h>
#include <string.h>

int sn_mpi_agree(MPI_Comm comm, int st)
{
  int all = st;
  if (MPI_Allreduce(&st, &all, 1, MPI_INT, MPI_MIN, comm) != MPI_SUCCESS) return SN_ERR_BACKEND;
  return all;
}

void sn_dof_part_free(sn_dof_part *p)
{
  free(p->rstart);
  free(p->dnew);
  free(p->dold);
  memset(p, 0, sizeof *p);
}

int sn_dof_part_rank(const sn_dof_part *p, int d)
{
  int lo = 0, hi = p->size - 1;         /* the last q with rstart[q] <= d */
  while (lo < hi) {
    int mid = (lo + hi + 1) / 2;
    if (p->rstart[mid] <= d) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

long sn_dof_part_offrank(const sn_dof_part *p, const sn_csr *M, int rank)
{
  long n = 0;
  for (int i = p->rstart[rank]; i < p->rstart[rank + 1]; i++) {
    int row = sn_dof_old(p, i);
    for (int k = M->rowptr[row]; k < M->rowptr[row + 1]; k++) {
      int c = sn_dof_new(p, M->colind[k]);
      n += c < p->rstart[rank] || c >= p->rstart[rank + 1];
    }
  }
  return n;
}

/* the parts of the adjacency adj (this rank's rows) into size parts by PT-Scotch (the option
 * prefix sn_: -sn_mat_partitioning_type overrides): *is, the part of each of this rank's rows */
static PetscErrorCode ptscotch(MPI_Comm comm, Mat adj, int size, IS *is)
{
  MatPartitioning part;
  PetscCall(MatPartitioningCreate(comm, &part));
  PetscCall(MatPartitioningSetAdjacency(part, adj));
  PetscCall(MatPartitioningSetNParts(part, size));
  PetscCall(MatPartitioningSetType(part, MATPARTITIONINGPTSCOTCH));
  PetscCall(PetscObjectSetOptionsPrefix((PetscObject)part, "sn_"));
  PetscCall(MatPartitioningSetFromOptions(part));
  PetscCall(MatPartitioningApply(part, is));
  PetscCall(MatPartitioningDestroy(&part));
  return 0;
}

/* the adjacency of this rank's blocks [b0, b1) (neighbour blocks, itself left out) as PETSc's
 * CSR arrays (PetscMalloc'ed: MatCreateMPIAdj takes them) */
static PetscErrorCode block_graph(const sn_csr *M, int bs, int b0, int b1, PetscInt **ia, PetscInt **ja)
{
  int nb = b1 - b0;
  long nz = 0;
  for (int b = b0; b < b1; b++) nz += M->rowptr[bs * (b + 1)] - M->rowptr[bs * b];
  PetscCall(PetscMalloc1(nb + 1, ia));
  PetscCall(PetscMalloc1(nz + 1, ja));
  int *mark = malloc(sizeof(int) * ((size_t)M->m / (size_t)bs + 1));
  PetscCheck(mark, PETSC_COMM_SELF, PETSC_ERR_MEM, "out of memory");
  for (int q = 0; q <= M->m / bs; q++) mark[q] = -1;
  PetscInt k = 0;
  for (int b = b0; b < b1; b++) {
    (*ia)[b - b0] = k;
    mark[b] = b;
    for (int p = M->rowptr[bs * b]; p < M->rowptr[bs * (b + 1)]; p++) {
      int c = M->colind[p] / bs;
      if (mark[c] != b) { mark[c] = b; (*ja)[k++] = c; }
    }
    PetscCall(PetscSortInt(k - (*ia)[b - b0], *ja + (*ia)[b - b0]));
  }
  (*ia)[nb] = k;
  free(mark);
  return 0;
}

static PetscErrorCode graph_split(MPI_Comm comm, const sn_csr *M, int bs, sn_dof_part *p)
{
  int size = p->size, rank, B = M->m / bs;
  MPI_Comm_rank(comm, &rank);
  int b0 = (int)((long long)rank * B / size), b1 = (int)((long long)(rank + 1) * B / size);
  PetscInt *ia, *ja;
  Mat adj;
  IS is, isn, all;
  PetscCall(block_graph(M, bs, b0, b1, &ia, &ja));
  PetscCall(MatCreateMPIAdj(comm, b1 - b0, B, ia, ja, NULL, &adj));   /* adj owns ia, ja */
  PetscCall(ptscotch(comm, adj, size, &is));           /* the new rank of each of my blocks */
  PetscCall(ISPartitioningToNumbering(is, &isn));      /* their new numbers, ranks contiguous */
  PetscInt *count;
  PetscCall(PetscMalloc1(size, &count));
  PetscCall(ISPartitioningCount(is, size, count));
  PetscCall(ISAllGather(isn, &all));                   /* every block's new number, in old order */
  const PetscInt *bn;
  PetscCall(ISGetIndices(all, &bn));
  p->rstart[0] = 0;
  for (int q = 0; q < size; q++) p->rstart[q + 1] = p->rstart[q] + bs * (int)count[q];
  for (int b = 0; b < B; b++)
    for (int c = 0; c < bs; c++) {
      p->dnew[bs * b + c] = bs * (int)bn[b] + c;
      p->dold[bs * (int)bn[b] + c] = bs * b + c;
    }
  PetscCall(ISRestoreIndices(all, &bn));
  PetscCall(PetscFree(count));
  PetscCall(ISDestroy(&all));
  PetscCall(ISDestroy(&isn));
  PetscCall(ISDestroy(&is));
  PetscCall(MatDestroy(&adj));
  return 0;
}

PetscErrorCode sn_dof_partition(MPI_Comm comm, const sn_csr *M, int m, int bs, int graph, sn_dof_part *out, int *st)
{
  memset(out, 0, sizeof *out);
  MPI_Comm_size(comm, &out->size);
  int size = out->size, B = m / bs, lst = SN_OK;
  out->graph = graph && size > 1;
  out->rstart = malloc(sizeof(int) * ((size_t)size + 1));
  if (out->graph) {
    out->dnew = malloc(sizeof(int) * ((size_t)m + 1));
    out->dold = malloc(sizeof(int) * ((size_t)m + 1));
  }
  if (!out->rstart || (out->graph && (!out->dnew || !out->dold))) lst = SN_ERR_NOMEM;
  if ((*st = sn_mpi_agree(comm, lst))) return 0;
  if (!out->graph) {
    for (int p = 0; p <= size; p++) out->rstart[p] = bs * (int)((long long)p * B / size);
    return 0;
  }
  return graph_split(comm, M, bs, out);
}

int sn_dof_partition_owner(int size, const int *owner, int m, int bs, sn_dof_part *out)
{
  memset(out, 0, sizeof *out);
  if (size < 1 || m < 0 || bs < 1 || m % bs || (m > 0 && !owner)) return SN_ERR_ARG;
  for (int d = 0; d < m; d++)
    if (owner[d] < 0 || owner[d] >= size || owner[d] != owner[d - d % bs]) return SN_ERR_ARG;
  out->size = size;
  out->graph = 1;
  out->rstart = calloc((size_t)size + 1, sizeof(int));
  out->dnew = malloc(sizeof(int) * ((size_t)m + 1));
  out->dold = malloc(sizeof(int) * ((size_t)m + 1));
  if (!out->rstart || !out->dnew || !out->dold) { sn_dof_part_free(out); return SN_ERR_NOMEM; }
  for (int d = 0; d < m; d++) out->rstart[owner[d] + 1]++;
  for (int p = 0; p < size; p++) out->rstart[p + 1] += out->rstart[p];
  int *next = malloc(sizeof(int) * ((size_t)size + 1));
  if (!next) { sn_dof_part_free(out); return SN_ERR_NOMEM; }
  memcpy(next, out->rstart, sizeof(int) * (size_t)size);
  for (int d = 0; d < m; d++) {          /* stable: a rank's dofs in their old order */
    int q = next[owner[d]]++;
    out->dnew[d] = q;
    out->dold[q] = d;
  }
  free(next);
  return SN_OK;
}

PetscErrorCode sn_graph_partition(MPI_Comm comm, int nv, const int *xadj, const int *adj, int *part)
{
  int size, rank;
  MPI_Comm_size(comm, &size);
  MPI_Comm_rank(comm, &rank);
  if (size == 1 || nv == 0) {
    for (int v = 0; v < nv; v++) part[v] = 0;
    return 0;
  }
  int v0 = (int)((long long)rank * nv / size), v1 = (int)((long long)(rank + 1) * nv / size);
  long nz = xadj[v1] - xadj[v0];
  PetscInt *ia, *ja;
  PetscCall(PetscMalloc1(v1 - v0 + 1, &ia));
  PetscCall(PetscMalloc1(nz + 1, &ja));
  PetscInt k = 0;
  for (int v = v0; v < v1; v++) {       /* this rank's rows, sorted, without self-loops and repeats */
    ia[v - v0] = k;
    PetscInt b = k;
    for (int p = xadj[v]; p < xadj[v + 1]; p++)
      if (adj[p] != v) ja[k++] = adj[p];
    PetscInt n = k - b;
    PetscCall(PetscSortRemoveDupsInt(&n, ja + b));
    k = b + n;
  }
  ia[v1 - v0] = k;
  Mat g;
  IS is, all;
  PetscCall(MatCreateMPIAdj(comm, v1 - v0, nv, ia, ja, NULL, &g));   /* g owns ia, ja */
  PetscCall(ptscotch(comm, g, size, &is));            /* the rank of each of my vertices */
  PetscCall(ISAllGather(is, &all));                    /* of every vertex, in order */
  const PetscInt *pa;
  PetscCall(ISGetIndices(all, &pa));
  for (int v = 0; v < nv; v++) part[v] = (int)pa[v];
  PetscCall(ISRestoreIndices(all, &pa));
  PetscCall(ISDestroy(&all));
  PetscCall(ISDestroy(&is));
  PetscCall(MatDestroy(&g));
  return 0;
}
