/* signorini over MPI with PETSc (docs/parallel.md): the global frictional contact problem solved
 * by a distributed ADMM, each rank holding a contiguous range of the dofs and the contacts whose
 * first dof it holds.
 *
 * The code lives in the module libsignorini_petsc.so (src/petsc/, built with SIGNORINI_PETSC),
 * loaded on first use: libsignorini itself links neither MPI nor PETSc. Where the module was not
 * built (SIGNORINI_PETSC=OFF, PETSc or MPI missing) or cannot be loaded, and in the static
 * library, every function below returns SN_ERR_BACKEND.
 *
 * PROCESS-WIDE, like sn_set_blas_threads: PETSc and MPI have one state per process. A program
 * calls sn_petsc_start once (it initializes MPI when nothing did: a run under `mpirun -n P`, or a
 * single rank without it), makes its collective calls, then sn_petsc_stop once before it exits.
 * The library keeps no state of its own: what is kept is PETSc's and MPI's. */
#ifndef SIGNORINI_PETSC_H
#define SIGNORINI_PETSC_H

#include <stddef.h>

#include "signorini/problem.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Initialize PETSc (and MPI, when not initialized yet) on MPI_COMM_WORLD; *rank and *size of
 * this process in it. Called again: the same answer, nothing else done. PETSc's signal handlers
 * are not installed (-no_signal_handler) and its errors are returned, never printed. SN_OK, or
 * SN_ERR_BACKEND with the reason in msg ("no PETSc module: ...", PETSc's error). */
int sn_petsc_start(int *rank, int *size, char *msg, size_t msglen);
/* Finalize PETSc (and MPI when PETSc initialized it); after it no MPI call may be made in the
 * process. Nothing when sn_petsc_start was not called. SN_OK or SN_ERR_BACKEND. */
int sn_petsc_stop(void);

/* What a distributed solve did on this rank and over all ranks. */
typedef struct {
  int rank, size;           /* this process in MPI_COMM_WORLD, the number of ranks */
  int dofs_owned;           /* rows of M (and of H) held by this rank */
  int contacts_owned;       /* contacts held by this rank */
  long ksp_iterations;      /* the Krylov iterations of all ADMM steps (the same on every rank) */
  int operators;            /* operators M + rho H H^T set up (the first and one per change of rho) */
  double seconds;           /* this rank's wall time in the solve */
  double seconds_min, seconds_max;   /* the fastest and slowest rank's */
  int graph_split;          /* 1: the dofs split over the ranks by METIS, 0: by number */
  long offrank_entries;     /* entries of M in a rank's rows and another rank's columns, summed
                               over the ranks: the halo a product with M exchanges (-1 where
                               the set-up was reused: not counted again) */
  int reused;               /* 1: the split, the matrices and the Krylov solver with its
                               multigrid came from the cache (sn_gfc_admm_petsc_cached) */
} sn_petsc_stats;

/* The global problem (M, H, f, w, mu) by ADMM over MPI (src/petsc/gfc_admm_mpi.c), the serial
 * sn_gfc_admm's iteration with its Anderson acceleration, without its reduced form: each step solves
 * (M + rho H H^T) v = f + H g by a Krylov method (CG where M is symmetric to 1e-14, as the serial
 * solver's Cholesky test, else GMRES) preconditioned by PETSc's algebraic multigrid (GAMG),
 * warm-started from the previous v, until the residual is lin (default 0.1) times the warm
 * start's (the step's change of right-hand side) or below 1e-3 tol times the last step's
 * equilibrium scale max(|f|, |M v|, |H r|); projects each owned contact onto its cone; measures
 * sn_gfc_error's global error with MPI reductions and stops when it is <= tol, the serial
 * solver's rule, so that the statuses mean the same thing; rho adapted by the same residual
 * balancing.
 * COLLECTIVE on MPI_COMM_WORLD, after sn_petsc_start: every rank passes the same whole problem
 * (each reads the file, or assembles the model) and the same settings; each keeps its rows of M
 * and H and the contacts it owns. The dofs are split over the ranks in blocks of bs by METIS'
 * partition of the graph of M's blocks (the same in every run) (compact subdomains; src/petsc/dof_partition.c), or with
 * the option "part=0" (and on one rank) by number (rank p holds blocks [p B / P, (p + 1) B / P),
 * B = m / bs). A contact belongs to the rank holding the first dof its columns of H touch, in the
 * numbering of the split (in a finite-element model, its slave node's rank); one that touches
 * none to rank c P / nc. r and v (in/out, the whole
 * vectors: the warm start, then the best iterate) are the same on every rank on return, and so
 * is info (the verdict of sn_gfc_verdict on the whole result, info->solver "petsc_admm").
 * s->progress is called with each step's error on every rank (a program prints from one); a
 * time limit or a progress callback asking to stop ends the solve on every rank at the same step.
 * Options (s->options): "rho=" (initial penalty, default sn_gfc_admm's), "adapt=1" (0: fixed rho),
 * "alpha=1" (relaxation in (0, 2)), "aa=10" (Anderson memory, 0..50, 0: off), "bs=1" (GAMG's block size: 3 for a 3D solid's dofs; it must
 * divide the dofs, and the ranges are then whole blocks), "lin=0.1" (the Krylov solves' reduction
 * of the warm start's residual, in (0, 1]), "part=1" (0: the number split). PETSc's options with the prefix sn_ (PETSC_OPTIONS=
 * "-sn_ksp_type ... -sn_pc_type ...") override the Krylov method and the preconditioner.
 * stats may be NULL. Equality constraints (neq > 0): SN_ERR_ARG. */
int sn_gfc_admm_petsc(const sn_gfc *P, double *r, double *v, const sn_settings *s, sn_info *info,
                      sn_petsc_stats *stats);

/* What the multigrid preconditioner is told about M besides its entries: a near-null space, k
 * vectors of the dofs (v: m x k, column-major, the same on every rank; e.g. the rigid-body modes
 * of an elastic solid, sn_rigid_modes), orthonormalized and attached to M + rho H H^T
 * (MatSetNearNullSpace) so that GAMG's aggregates interpolate them exactly, and the block size
 * of the dofs (bs: 3 for a 3D solid whose dofs come in whole nodes; it must divide m; an option
 * "bs=" given in s->options wins). Vectors of norm below 1e-12 of the largest after the earlier
 * ones are removed are dropped (a mode the constraints suppress). */
typedef struct {
  int k;                 /* 0 .. 32 */
  const double *v;
  int bs;                /* >= 1 */
} sn_petsc_nearnull;

/* sn_gfc_admm_petsc with a near-null space for GAMG (nn NULL or nn->k 0: none, nn->bs kept).
 * nn->k outside 0..32, v NULL with k > 0, bs < 1 or not dividing m: SN_ERR_ARG. */
int sn_gfc_admm_petsc_nn(const sn_gfc *P, const sn_petsc_nearnull *nn, double *r, double *v, const sn_settings *s,
                         sn_info *info, sn_petsc_stats *stats);

/* A distributed solve's set-up kept between calls: the dofs' split over the ranks, M, H and
 * H H^T as distributed matrices, the operator M + rho H H^T with its Krylov solver and GAMG
 * hierarchy (on the 10^6-dof block of bench/contact_million.sh a GAMG set-up took 16 s of each
 * increment's 65: docs/parallel.md). sn_gfc_admm_petsc_cached reuses it when the call's M and H
 * (pattern and values), near-null space, block size, split and initial rho are those it was made
 * for (compared by a 64-bit hash of them and of the problem's sizes, computed on every call: one
 * pass over M; two different problems share a hash with probability about 2^-64); the operator
 * and its multigrid are reused when the call starts at the rho they were made with (a call in
 * which ADMM changed rho leaves the next to set up a new one); f, w, mu, r and v may change. The
 * result is then the one the uncached call gives. Made empty by sn_petsc_cache_new (NULL: out of
 * memory); sn_petsc_cache_free is COLLECTIVE where the cache holds a set-up (every rank frees its
 * cache at the same point, before sn_petsc_stop); NULL: nothing. */
typedef struct sn_petsc_cache sn_petsc_cache;
sn_petsc_cache *sn_petsc_cache_new(void);
void sn_petsc_cache_free(sn_petsc_cache *c);
/* the calls made with c and, of those, the ones that reused its set-up (c NULL: 0, 0) */
void sn_petsc_cache_counts(const sn_petsc_cache *c, int *calls, int *reused);
/* sn_gfc_admm_petsc_nn with the set-up kept in c (NULL: none, as sn_gfc_admm_petsc_nn).
 * COLLECTIVE, as it. */
int sn_gfc_admm_petsc_cached(const sn_gfc *P, const sn_petsc_nearnull *nn, sn_petsc_cache *c, double *r, double *v,
                             const sn_settings *s, sn_info *info, sn_petsc_stats *stats);

/* ---- A model split over the ranks (docs/parallel.md, "The model split") ----
 * Every rank holds the mesh; each assembles the elements of its share only, and the contact
 * problem's M is the sum of the ranks' shares, summed into the distributed matrix. */

/* COLLECTIVE: the vertices of a graph (nv; xadj: nv + 1 offsets, adj: each vertex's neighbours,
 * an edge listed at one end or both, self-loops and repeats ignored), the same on every rank, split
 * into one part per rank by METIS' k-way partition with a fixed seed, each rank computing it
 * alone; part[v] (out, nv): the rank of vertex v, the same on every rank and in every run. One
 * rank: all 0. On every rank when on one: SN_ERR_ARG (xadj not from 0 or decreasing, a neighbour
 * out of range), SN_ERR_NOMEM, SN_ERR_BACKEND (METIS failed, or PETSc not started). */
int sn_petsc_partition(int nv, const int *xadj, const int *adj, int *part);

/* COLLECTIVE: buf (n values) replaced on every rank by its sum over the ranks (op
 * SN_PETSC_SUM) or its largest value (SN_PETSC_MAX). SN_ERR_ARG, SN_ERR_BACKEND. */
enum { SN_PETSC_SUM = 0, SN_PETSC_MAX = 1 };
int sn_petsc_allreduce(double *buf, long n, int op);

/* How the problem is split over the ranks, given by the caller. */
typedef struct {
  const int *owner;      /* per dof (P->ndof): the rank holding it, constant on each block of the
                            block size, the same on every rank; NULL: the solver's own split */
  int summed;            /* 1: P->M is this rank's share, M the sum of the ranks' P->M (H, f, w
                            and mu whole on every rank); needs owner */
} sn_petsc_split;

/* sn_gfc_admm_petsc_cached with the split sp (NULL: as sn_gfc_admm_petsc_cached). With summed,
 * the symmetry test, the initial rho, the final error and the verdict are those of the summed
 * M (its diagonal and M v summed over the ranks). COLLECTIVE. */
int sn_gfc_admm_petsc_split(const sn_gfc *P, const sn_petsc_nearnull *nn, const sn_petsc_split *sp, sn_petsc_cache *c,
                            double *r, double *v, const sn_settings *s, sn_info *info, sn_petsc_stats *stats);

#ifdef __cplusplus
}
#endif
#endif
