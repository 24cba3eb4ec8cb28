/* The model split's calls (signorini/petsc.h; docs/parallel.md, "The model split"), on as many
 * ranks as the launcher gave (argv[1]: 1 alone, 2 under `mpirun -n 2`):
 * - sn_petsc_allreduce: each rank's rank + 1, summed (P (P + 1) / 2) and its largest (P);
 * - sn_petsc_partition: a path of 60 vertices: the same parts on every rank, each rank's part
 *   non-empty, at most 3 edges cut (one is the least a split of a path into two can cut); a grid
 *   of 24 x 24 vertices given with each edge at one end only: three calls give the same parts
 *   (PT-Scotch, the partitioner until 7 December 2026, gave other parts from call to call and run
 *   to run), each part within 5 % of N / P vertices, at most 2 x 24 edges cut on two ranks (a
 *   straight cut is 24; measured 27); a path of 3 vertices split by number, offsets not starting at 0
 *   refused;
 * - sn_gfc_admm_petsc_split with summed: each rank holds a symmetric share of M (entries (i, j)
 *   and (j, i), i <= j, on rank (i + 2 j) mod P, so that every rank holds entries of the others'
 *   rows, and some rows of a rank hold no diagonal entry, as a finite-element share has), the
 *   dofs owned in halves: the result equals the whole problem's (sn_gfc_admm_petsc, whole M on
 *   every rank) within 1000 tol, and its error recomputed on the whole problem (sn_gfc_error) is
 *   the solver's and below tol; the statuses of a summed split without owners and of owners that
 *   cut a block of the block size (SN_ERR_ARG on every rank). */
#include "signorini/io.h"
#include "signorini/petsc.h"
#include "signorini/solver.h"
#include "rel_diff.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int sums(int rank, int size)
{
  double a[2] = {rank + 1.0, rank + 1.0};
  int s1 = sn_petsc_allreduce(a, 1, SN_PETSC_SUM), s2 = sn_petsc_allreduce(a + 1, 1, SN_PETSC_MAX);
  if (s1 || s2 || a[0] != size * (size + 1) / 2.0 || a[1] != size) {
    fprintf(stderr, "rank %d: allreduce: %s %s, sum %g, max %g\n", rank, sn_strerror(s1), sn_strerror(s2), a[0], a[1]);
    return 1;
  }
  return sn_petsc_allreduce(a, 1, 7) == SN_ERR_ARG ? 0 : 1;
}

static int path_split(int rank, int size)
{
  enum { NV = 60 };
  int xadj[NV + 1], adj[2 * NV], part[NV], k = 0, fail = 0;
  for (int v = 0; v < NV; v++) {
    xadj[v] = k;
    if (v > 0) adj[k++] = v - 1;
    if (v + 1 < NV) adj[k++] = v + 1;
  }
  xadj[NV] = k;
  int st = sn_petsc_partition(NV, xadj, adj, part);
  int count[8] = {0}, cut = 0;
  for (int v = 0; v < NV && !st; v++) {
    if (part[v] < 0 || part[v] >= size || part[v] >= 8) { fail = 1; break; }
    count[part[v]]++;
    if (v > 0) cut += part[v] != part[v - 1];
  }
  for (int p = 0; p < size && p < 8; p++) fail |= count[p] == 0;
  double sum = 0;                       /* the same parts on every rank */
  for (int v = 0; v < NV; v++) sum += (double)(v + 1) * part[v];
  double mine = sum, top = sum;
  sn_petsc_allreduce(&top, 1, SN_PETSC_MAX);
  if (st || fail || cut > 3 || top != mine) {
    fprintf(stderr, "rank %d: partition: %s, cut %d, parts differ %d\n", rank, sn_strerror(st), cut, top != mine);
    return 1;
  }
  if (rank == 0) printf("path of %d vertices on %d ranks: %d edges cut\n", NV, size, cut);
  return 0;
}

static int grid_split(int rank, int size)
{
  enum { G = 24, NV = G * G };
  int xadj[NV + 1], adj[2 * NV], part[3][NV], k = 0, fail = 0;
  for (int v = 0; v < NV; v++) {        /* the right and upper neighbours only */
    xadj[v] = k;
    if (v % G + 1 < G) adj[k++] = v + 1;
    if (v / G + 1 < G) adj[k++] = v + G;
  }
  xadj[NV] = k;
  for (int t = 0; t < 3; t++) fail |= sn_petsc_partition(NV, xadj, adj, part[t]) != SN_OK;
  int count[8] = {0}, cut = 0;
  for (int v = 0; v < NV && !fail; v++) {
    fail |= part[1][v] != part[0][v] || part[2][v] != part[0][v] || part[0][v] < 0 || part[0][v] >= size || size > 8;
    if (!fail) count[part[0][v]]++;
    for (int p = xadj[v]; p < xadj[v + 1] && !fail; p++) cut += part[0][adj[p]] != part[0][v];
  }
  for (int p = 0; p < size && p < 8; p++) fail |= fabs(count[p] - (double)NV / size) > 0.05 * NV / size;
  if (size == 2) fail |= cut > 2 * G;
  if (fail) {
    fprintf(stderr, "rank %d: grid partition: parts differ between calls, unbalanced or cut %d\n", rank, cut);
    return 1;
  }
  if (rank == 0) printf("grid of %d x %d vertices on %d ranks: %d edges cut, the same parts in 3 calls\n", G, G, size, cut);
  /* a path of 3 vertices, fewer than 4 a part: split by number (v size / 3), no part empty on
     up to 3 ranks; offsets not from 0 refused */
  int x3[4] = {0, 1, 3, 4}, a3[4] = {1, 0, 2, 1}, p3[3], bad[4] = {1, 1, 3, 4};
  fail = sn_petsc_partition(3, x3, a3, p3) != SN_OK;
  for (int v = 0; v < 3 && !fail; v++) fail |= p3[v] != v * size / 3;
  if (fail) fprintf(stderr, "rank %d: the path of 3 vertices: parts %d %d %d\n", rank, p3[0], p3[1], p3[2]);
  if (sn_petsc_partition(3, bad, a3, p3) != SN_ERR_ARG) {
    fprintf(stderr, "rank %d: offsets from 1 not refused\n", rank);
    fail = 1;
  }
  return fail;
}

/* rank's share of M: entries (i, j) where (min(i, j) + 2 max(i, j)) mod size == rank */
static int holder(int i, int j, int size) { return (i < j ? i + 2 * j : j + 2 * i) % size; }
static sn_csc *share(const sn_csc *M, int rank, int size)
{
  int nz = 0;
  for (int j = 0; j < M->n; j++)
    for (int p = M->colptr[j]; p < M->colptr[j + 1]; p++) nz += holder(M->rowind[p], j, size) == rank;
  sn_csc *S = sn_csc_alloc(M->m, M->n, nz + 1);
  if (!S) return NULL;
  int k = 0;
  for (int j = 0; j < M->n; j++) {
    S->colptr[j] = k;
    for (int p = M->colptr[j]; p < M->colptr[j + 1]; p++)
      if (holder(M->rowind[p], j, size) == rank) {
        S->rowind[k] = M->rowind[p];
        S->val[k++] = M->val[p];
      }
  }
  S->colptr[M->n] = k;
  S->nnz = k;
  return S;
}

static int summed(int rank, int size, const char *file, double tol)
{
  char path[1024], err[512];
  snprintf(path, sizeof path, "%s/gfc3d/%s", SN_DATA_DIR, file);
  sn_file_problem *F = NULL;
  if (sn_read_problem(path, &F, err, sizeof err) || F->kind != SN_KIND_GFC) {
    fprintf(stderr, "rank %d: %s: cannot read: %s\n", rank, file, err);
    sn_file_problem_free(F);
    return 1;
  }
  const sn_gfc *P = F->gfc;
  int n = P->dim * P->nc, m = P->ndof, fail = 0;
  double *buf = calloc(2 * (size_t)n + 2 * (size_t)m + 1, sizeof(double));
  int *owner = malloc(sizeof(int) * ((size_t)m + 1));
  sn_csc *Ms = share(P->M, rank, size);
  if (!buf || !owner || !Ms) {
    fprintf(stderr, "rank %d: out of memory\n", rank);
    return 1;
  }
  double *r = buf, *v = r + n, *rw = v + m, *vw = rw + n;
  for (int d = 0; d < m; d++) owner[d] = (int)((long long)d * size / m);
  sn_gfc Ps = *P;
  Ps.M = Ms;
  sn_settings s;
  sn_settings_default(&s);
  s.tol = tol;
  s.max_iter = 2000;
  s.options = "part=0";                 /* the whole problem's reference: split in halves too */
  sn_info info = {0}, iw = {0};
  sn_petsc_split sp = {owner, 1};
  int st = sn_gfc_admm_petsc_split(&Ps, NULL, &sp, NULL, r, v, &s, &info, NULL);
  int sw = sn_gfc_admm_petsc(P, rw, vw, &s, &iw, NULL);
  double e = sn_gfc_error(P, r, v, NULL, NULL, NULL);   /* on the whole problem */
  double dv = rel_diff(m, v, vw, 0.0), dr = rel_diff(n, r, rw, 0.0);
  /* the solver's error is measured with M v summed over the ranks, this one with the whole M:
   * the same up to the round-off of M v (measured: 0 on one rank, 4.5e-16 on two: Example1) */
  if (st != SN_OK || sw != SN_OK || !(e <= tol) || fabs(e - info.error) > 1e-3 * tol || !(dv <= 1000 * tol) ||
      !(dr <= 1000 * tol)) {
    fprintf(stderr, "rank %d: %s: summed %s (%d steps, error %.6e, solver's %.6e), whole %s: dv %.1e dr %.1e\n", rank, file,
            sn_strerror(st), info.iterations, e, info.error, sn_strerror(sw), dv, dr);
    fail = 1;
  }
  if (rank == 0)
    printf("%-28s ranks %d: summed %4d steps, error %.2e (solver's - this %.1e); whole %4d steps | dv %.1e dr %.1e\n", file,
           size, info.iterations, e, info.error - e, iw.iterations, dv, dr);
  /* refused on every rank: summed without owners; owners that cut a block of 3 (the dofs'
   * block size, given by the option bs=3) */
  sn_petsc_split bad = {NULL, 1};
  int sb = sn_gfc_admm_petsc_split(&Ps, NULL, &bad, NULL, r, v, &s, &info, NULL);
  int sc = SN_ERR_ARG;
  if (m % 3 == 0 && m >= 6) {
    for (int d = 0; d < m; d++) owner[d] = d < 4 ? 0 : size - 1;   /* dof 3 apart from 4 and 5 */
    if (size == 1) owner[4] = 0;        /* one rank: an owner out of range instead */
    if (size == 1) owner[5] = 1;
    s.options = "bs=3";
    sc = sn_gfc_admm_petsc_split(&Ps, NULL, &sp, NULL, r, v, &s, &info, NULL);
  }
  if (sb != SN_ERR_ARG || sc != SN_ERR_ARG) {
    fprintf(stderr, "rank %d: %s: bad splits gave %s and %s\n", rank, file, sn_strerror(sb), sn_strerror(sc));
    fail = 1;
  }
  sn_csc_free(Ms);
  free(owner);
  free(buf);
  sn_file_problem_free(F);
  return fail;
}

int main(int argc, char **argv)
{
  int want = argc > 1 ? atoi(argv[1]) : 1, rank, size;
  char msg[512];
  if (sn_petsc_start(&rank, &size, msg, sizeof msg)) {
    fprintf(stderr, "test_petsc_split: %s\n", msg);
    return 1;
  }
  int fail = size != want;
  fail |= sums(rank, size);
  fail |= path_split(rank, size);
  fail |= grid_split(rank, size);
  fail |= summed(rank, size, "GFC3D_Example1.dat", 1e-8);
  fail |= summed(rank, size, "CubeH8.hdf5", 1e-8);
  fail |= summed(rank, size, "LMGC_GlobalFrictionContactProblem00046.hdf5", 1e-8);
  if (sn_petsc_stop()) fail = 1;
  if (fail) fprintf(stderr, "test_petsc_split: rank %d: FAILED\n", rank);
  return fail;
}
