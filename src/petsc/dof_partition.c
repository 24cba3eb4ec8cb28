/* The dofs' split over the ranks (dof_partition.h). The number split gives each rank a slab of
 * a block model (its halo a whole cross-section); the graph partition gives compact subdomains
 * with a small cut by METIS' multilevel k-way scheme (G. Karypis and V. Kumar, "A fast and high
 * quality multilevel scheme for partitioning irregular graphs", SIAM J. Sci. Comput. 20 (1998)
 * 359-392) on the adjacency of M's bs x bs blocks (a node's dofs stay together, so GAMG's blocks
 * of bs rows are whole on every rank).
 *
 * Every rank holds the whole graph (the model is read on every rank) and partitions it alone,
 * with METIS' seed fixed: the same parts on every rank and in every run, with no communication.
 * PT-Scotch through PETSc's MatPartitioning, used until 7 December 2026, gave other parts from
 * run to run on the same input (Debian's PT-Scotch 7.0.3, two ranks), so that a deck's Krylov
 * and ADMM iterations, and its results to the solver tolerance, changed between runs. */
#include "petsc/dof_partition.h"
#include "signorini/solver.h"

#include <metis.h>

#include <limits.h>
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

/* the graph of M's blocks: block b's neighbour blocks, each once, itself left out (CSR,
 * malloc'ed; M's pattern, which sn_graph_parts makes symmetric) */
static int block_graph(const sn_csr *M, int bs, int **xadj, int **adj)
{
  int B = M->m / bs;
  *xadj = malloc(sizeof(int) * ((size_t)B + 1));
  int *mark = malloc(sizeof(int) * ((size_t)B + 1));
  if (!*xadj || !mark) { free(mark); *adj = NULL; return SN_ERR_NOMEM; }
  for (int pass = 0; pass < 2; pass++) {  /* count, then fill */
    for (int b = 0; b < B; b++) mark[b] = -1;
    int k = 0;
    for (int b = 0; b < B; b++) {
      if (pass) (*xadj)[b] = k;
      mark[b] = b;
      for (int p = M->rowptr[bs * b]; p < M->rowptr[bs * (b + 1)]; p++) {
        int c = M->colind[p] / bs;
        if (mark[c] == b) continue;
        mark[c] = b;
        if (pass) (*adj)[k] = c;
        k++;
      }
    }
    if (pass) (*xadj)[B] = k;
    else if (!(*adj = malloc(sizeof(int) * ((size_t)k + 1)))) { free(mark); return SN_ERR_NOMEM; }
  }
  free(mark);
  return SN_OK;
}

/* the graph partition of M's blocks, renumbered by sn_dof_partition_owner */
static int graph_split(int size, const sn_csr *M, int bs, sn_dof_part *p)
{
  int B = M->m / bs, *xadj = NULL, *adj = NULL, *part = malloc(sizeof(int) * ((size_t)B + 1)),
      *owner = malloc(sizeof(int) * ((size_t)M->m + 1));
  int st = part && owner ? block_graph(M, bs, &xadj, &adj) : SN_ERR_NOMEM;
  if (!st) st = sn_graph_parts(size, B, xadj, adj, part);
  if (!st) {
    for (int d = 0; d < M->m; d++) owner[d] = part[d / bs];
    st = sn_dof_partition_owner(size, owner, M->m, bs, p);
  }
  free(xadj);
  free(adj);
  free(part);
  free(owner);
  return st;
}

PetscErrorCode sn_dof_partition(MPI_Comm comm, const sn_csr *M, int m, int bs, int graph, sn_dof_part *out, int *st)
{
  memset(out, 0, sizeof *out);
  int size;
  MPI_Comm_size(comm, &size);
  if (graph && size > 1) {
    *st = sn_mpi_agree(comm, M && M->m == m ? graph_split(size, M, bs, out) : SN_ERR_ARG);
    return 0;
  }
  out->size = size;
  out->rstart = malloc(sizeof(int) * ((size_t)size + 1));
  if ((*st = sn_mpi_agree(comm, out->rstart ? SN_OK : SN_ERR_NOMEM))) return 0;
  for (int p = 0; p <= size; p++) out->rstart[p] = bs * (int)((long long)p * (m / bs) / size);
  return 0;
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

static int cmp_idx(const void *a, const void *b)
{
  idx_t x = *(const idx_t *)a, y = *(const idx_t *)b;
  return (x > y) - (x < y);
}

/* the graph as METIS wants it: each edge at both ends, no self-loop, no repeat (both directions
 * entered, then each row sorted and its repeats dropped); SN_OK, SN_ERR_ARG, SN_ERR_NOMEM */
static int metis_graph(int nv, const int *xadj, const int *adj, idx_t **ia, idx_t **ja)
{
  long ne = 0;
  long *next = calloc((size_t)nv + 1, sizeof(long));
  *ia = malloc(sizeof(idx_t) * ((size_t)nv + 1));
  *ja = NULL;
  if (!next || !*ia) { free(next); return SN_ERR_NOMEM; }
  for (int v = 0; v < nv; v++)
    for (int p = xadj[v]; p < xadj[v + 1]; p++)
      if (adj[p] != v) { next[v]++; next[adj[p]]++; ne += 2; }
  if (ne > INT_MAX || !(*ja = malloc(sizeof(idx_t) * ((size_t)ne + 1)))) {   /* (idx_t: 32 bits in Debian's METIS) */
    free(next);
    return ne > INT_MAX ? SN_ERR_ARG : SN_ERR_NOMEM;
  }
  (*ia)[0] = 0;
  for (int v = 0; v < nv; v++) (*ia)[v + 1] = (*ia)[v] + next[v];
  for (int v = 0; v < nv; v++) next[v] = (*ia)[v];   /* each row's next free slot */
  for (int v = 0; v < nv; v++)
    for (int p = xadj[v]; p < xadj[v + 1]; p++)
      if (adj[p] != v) {
        (*ja)[next[v]++] = adj[p];
        (*ja)[next[adj[p]]++] = v;
      }
  idx_t k = 0;
  for (int v = 0; v < nv; v++) {         /* sorted, repeats dropped, compacted in place */
    idx_t b = (*ia)[v], e = (*ia)[v + 1];
    qsort(*ja + b, (size_t)(e - b), sizeof(idx_t), cmp_idx);
    (*ia)[v] = k;
    for (idx_t p = b; p < e; p++)
      if (p == b || (*ja)[p] != (*ja)[p - 1]) (*ja)[k++] = (*ja)[p];
  }
  (*ia)[nv] = k;
  free(next);
  return SN_OK;
}

int sn_graph_parts(int size, int nv, const int *xadj, const int *adj, int *part)
{
  if (size < 1 || nv < 0 || (nv > 0 && (!xadj || !part))) return SN_ERR_ARG;
  for (int v = 0; v < nv; v++) part[v] = 0;
  if (nv > 0 && xadj[0] != 0) return SN_ERR_ARG;
  for (int v = 0; v < nv; v++) {
    if (xadj[v + 1] < xadj[v] || (xadj[v + 1] > xadj[v] && !adj)) return SN_ERR_ARG;
    for (int p = xadj[v]; p < xadj[v + 1]; p++)
      if (adj[p] < 0 || adj[p] >= nv) return SN_ERR_ARG;
  }
  if (size == 1 || nv == 0) return SN_OK;
  if (nv < 4 * size) {                   /* few vertices a part: METIS may leave parts empty */
    for (int v = 0; v < nv; v++) part[v] = (int)((long long)v * size / nv);
    return SN_OK;
  }
  idx_t *ia, *ja, *pt = malloc(sizeof(idx_t) * ((size_t)nv + 1));
  int st = pt ? metis_graph(nv, xadj, adj, &ia, &ja) : SN_ERR_NOMEM;
  if (!st) {
    idx_t n = nv, ncon = 1, np = size, cut = 0, opt[METIS_NOPTIONS];
    METIS_SetDefaultOptions(opt);
    opt[METIS_OPTION_SEED] = 1;          /* fixed: the same parts in every run */
    int e = METIS_PartGraphKway(&n, &ncon, ia, ja, NULL, NULL, NULL, &np, NULL, NULL, opt, &cut, pt);
    if (e == METIS_ERROR_MEMORY) st = SN_ERR_NOMEM;
    else if (e != METIS_OK) st = SN_ERR_BACKEND;
    int *count = st ? NULL : calloc((size_t)size, sizeof(int)), empty = 0;
    if (!st && !count) st = SN_ERR_NOMEM;
    for (int v = 0; !st && v < nv; v++) {
      if (pt[v] < 0 || pt[v] >= size) st = SN_ERR_BACKEND;
      else count[pt[v]]++, part[v] = (int)pt[v];
    }
    for (int q = 0; !st && q < size; q++) empty |= count[q] == 0;
    for (int v = 0; !st && empty && v < nv; v++) part[v] = (int)((long long)v * size / nv);   /* by number */
    free(count);
  }
  if (pt) {
    free(ia);
    free(ja);
  }
  free(pt);
  return st;
}
