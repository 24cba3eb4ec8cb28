/* Internal to the PETSc module: the split of a problem's dofs over the ranks (dof_partition.c). */
#ifndef SN_PETSC_DOF_PARTITION_H
#define SN_PETSC_DOF_PARTITION_H

#include "signorini/la.h"

#include <petscmat.h>

typedef struct {
  int size;         /* ranks */
  int *rstart;      /* size + 1: rank p holds the new dofs [rstart[p], rstart[p + 1]) */
  int *dnew, *dold; /* m each: old dof -> new, new -> old; both NULL: the identity */
  int graph;        /* 1: split by the graph partitioner, 0: by number */
} sn_dof_part;

/* Collective on comm. graph 0, or one rank: the number split (rank p holds blocks [p B / P,
 * (p + 1) B / P) of bs dofs, B = m / bs, dnew = dold = NULL). graph 1: the graph of M's blocks
 * (M: the whole matrix, the same on every rank) partitioned into P parts (sn_graph_parts),
 * renumbered so that each rank's blocks are contiguous and in their old order; the same
 * numbering on every rank. *st (agreed over the ranks): SN_OK, SN_ERR_NOMEM, SN_ERR_ARG (M NULL
 * or not m rows, a graph sn_graph_parts refuses), SN_ERR_BACKEND (METIS failed). */
PetscErrorCode sn_dof_partition(MPI_Comm comm, const sn_csr *M, int m, int bs, int graph, sn_dof_part *out, int *st);
void sn_dof_part_free(sn_dof_part *p);
/* The split given by the caller (a model split over the ranks): owner[d] in [0, size) the rank
 * of dof d, constant on each block of bs dofs; renumbered so that each rank's dofs are
 * contiguous and in their old order (graph 1). SN_OK, SN_ERR_ARG (an owner out of range or a
 * block split), SN_ERR_NOMEM. Local: every rank passes the same owner. */
int sn_dof_partition_owner(int size, const int *owner, int m, int bs, sn_dof_part *out);
/* A graph of nv vertices (xadj: nv + 1 offsets from 0, adj: each vertex's neighbours; an edge
 * listed at one end or both, self-loops and repeats ignored) split into size parts by METIS'
 * k-way partition with a fixed seed (fewer than 4 vertices a part, or a part METIS left empty:
 * by number, vertex v to part v size / nv): part[v] (out, nv) in [0, size), the same for the same graph on every rank and in
 * every run. Local (no communication). SN_OK, SN_ERR_ARG (offsets not from 0 or decreasing, a
 * neighbour out of range, more than INT_MAX edge ends), SN_ERR_NOMEM, SN_ERR_BACKEND (METIS
 * failed). */
int sn_graph_parts(int size, int nv, const int *xadj, const int *adj, int *part);
/* dof d's new number, and the old number of new dof d (the identity for the number split) */
static inline int sn_dof_new(const sn_dof_part *p, int d) { return p->dnew ? p->dnew[d] : d; }
static inline int sn_dof_old(const sn_dof_part *p, int d) { return p->dold ? p->dold[d] : d; }
/* A status every rank agrees on: the worst (most negative) of the ranks' own, so that a failure
 * on one rank alone (a bad argument there, an allocation) ends a collective operation on every
 * rank instead of leaving the others waiting in their next collective call. */
int sn_mpi_agree(MPI_Comm comm, int st);
/* rank's rows' entries of M in columns held by other ranks (M old-numbered) */
long sn_dof_part_offrank(const sn_dof_part *p, const sn_csr *M, int rank);
/* the rank holding new dof d */
int sn_dof_part_rank(const sn_dof_part *p, int d);

#endif
