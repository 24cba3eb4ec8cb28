/* The global frictional contact problem (M, H, f, w, mu) by ADMM over MPI with PETSc
 * (signorini/petsc.h: sn_gfc_admm_petsc; docs/parallel.md).
 *
 * The iteration is the serial sn_gfc_admm's (src/solver/gfc_admm.c, after V. Acary, M. Bremond,
 * O. Huber, "On solving contact problems with Coulomb friction: formulations and numerical
 * comparisons", Advanced Topics in Nonsmooth Dynamics, Springer 2018; S. Boyd et al.,
 * "Distributed optimization and statistical learning via the alternating direction method of
 * multipliers", Found. Trends Mach. Learn. 3 (2011), sec. 3.4.3 for the relaxation alpha):
 *   (M + rho H H^T) v = f + H g,  g = rho (r / rho + xi - w - b)   Krylov + GAMG, warm-started,
 *                                                                   inexact (below)
 *   u = H^T v + w,  b = [mu |u_T|, 0, 0]                            De Saxce term
 *   z = alpha (u + b) + (1 - alpha) xi - r / rho
 *   r = rho P_K(-z),  xi = z + P_K(-z)                              per owned contact
 * and rho is adapted every ADAPT_EVERY steps by the residual balancing of OSQP (B. Stellato et
 * al., Math. Prog. Comp. 12 (2020), sec. 5.2) with the serial solver's thresholds, and the map
 * y = (xi, r / rho, b) -> Gy accelerated by the serial solver's type-II Anderson acceleration
 * with its safeguard (H.F. Walker, P. Ni, SINUM 49 (2011); solver/anderson.c, the small
 * least-squares system's inner products summed over the ranks: sn_aa_step_reduced). Not here:
 * the serial solver's reduced (dense) form. Measured: 49 steps on Box_Stacks and 14 on
 * GFC3D_Example1, as the serial admm's (without acceleration, 105 and 56); 251 on Spheres
 * against 95 (the inexact solves perturb the extrapolation).
 *
 * The inexact solves: each Krylov solve starts from the previous v and stops when its residual
 * is lin (option, default 0.1) times the starting one, i.e. it removes nine tenths of what the
 * step's new right-hand side changed, or below 1e-3 tol times the last equilibrium scale (then
 * negligible for the error measure). A tolerance tied to the error level instead (a tenth of
 * the last error times that scale) was tried first: near convergence the warm start already
 * met it, the solves did nothing, v froze and ADMM stalled (GFC3D_TwoRods1: 1.2e-6 after 1000
 * steps; with this rule 86 steps, as with exact solves).
 *
 * Distribution: the dofs in contiguous ranges of blocks of bs rows (rank p holds blocks
 * [p B / P, (p + 1) B / P), B = m / bs), M's and H's rows with them (MPIAIJ); a contact belongs
 * to the rank holding the first (lowest-numbered) dof its columns of H touch, so that its H
 * entries are mostly local (one that touches none: rank c P / nc); the contact vectors are laid
 * out rank by rank in that order (a permutation of the contacts, kept in `order`).
 *
 * The global error is sn_gfc_error's: |M v - H r - f| / max(|f|, |M v|, |H r|) plus the local
 * natural-map measure of (r, u) over max(|w|, |r|, |u|), every sum a local partial sum, all of
 * them in one MPI_Allreduce per step; stop when it is <= tol, or with SN_STALLED when GIVE_UP
 * steps have not lowered the best error by 1 % (a caller's chain then tries its next solver,
 * where the serial solver's 100 000 steps of Krylov solves would run for hours). The best
 * iterate is gathered on every rank at the end and judged by sn_gfc_error and sn_gfc_verdict
 * on the whole problem, as the serial solver does. */
#include "petsc/dof_partition.h"
#include "petsc/petsc_module.h"
#include "problem/problem_check.h"
#include "solver/admm_options.h"
#include "solver/anderson.h"
#include "solver/fc_local.h"
#include "solver/verdict.h"

#include <petscksp.h>

#include <float.h>
#include <limits.h>
#include <stdint.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define ADAPT_EVERY 10      /* steps between two rho updates (gfc_admm.c ADMM_ADAPT_EVERY) */
#define RHO_RATIO 5.0       /* a new operator only when rho changes by more than this factor */
#define STALL 50            /* steps without a 1% gain that count as a stall */
#define STALL_RATIO 2.0     /* the threshold during a stall */
#define FAST 0.1            /* no rho update after a 10x error drop in ADAPT_EVERY steps */
#define RHO_RANGE 1e4       /* rho within this factor of its initial value. The serial solver's
                             * 1e12 suits its direct v-step; here the Krylov v-step, solved to 0.1
                             * of its starting residual, loses its accuracy as M + rho H H^T loses
                             * its conditioning: with 1e12, c3d10_friction_hold.inp under
                             * --petsc-whole on 2 ranks (and CalculiX' friction1 on 3) let rho
                             * climb 300-2000x per update to 1e12 rho0 while the error fell, then
                             * stall at 3e-5 for its 100 000 steps (docs/parallel.md) */
#define GIVE_UP 1000        /* steps without an error 1 % below that of the last such gain:
                             * SN_STALLED (a slow steady fall of 0.5 % a step is a gain every
                             * 2 steps; a first version compared with the best error, which
                             * follows every small gain, and stopped such a solve: a review) */

typedef struct {
  MPI_Comm comm;
  int rank, size;
  const sn_gfc *P;
  const sn_petsc_split *sp;   /* the caller's split (NULL: the solver's own) */
  int summed;             /* P->M this rank's share: M the sum over the ranks (sp->summed) */
  const double *dm;       /* summed: M's diagonal, whole (the call's; NULL otherwise) */
  int d, nc, m, n, bs;
  int r0, r1;             /* this rank's dofs [r0, r1) (new numbers) */
  sn_dof_part dp;         /* the dofs' split: ranges of new numbers, old <-> new */
  sn_csr *Mrows, *Hrows;  /* M and H by rows (old numbers), until the matrices are built */
  int *cstart;            /* size + 1: every rank's first contact in the permuted order */
  int *order;             /* nc: permuted position -> contact */
  int *pos;               /* nc: contact -> permuted position */
  int c0, nlc;            /* this rank's contacts: positions [c0, c0 + nlc) */
  double *mu, *w;         /* owned contacts' mu (nlc) and w (d nlc) */
  int nq;                 /* d nlc: the owned contact unknowns */
  double *y, *Gy, *yf, *gv;   /* ADMM states (3 nq + 1: xi, r / rho, the De Saxce term b, and
                                 one zero, so that no rank's slice is empty): the iterate, its
                                 image by one step, the last plain step, Gy - y */
  Mat M, H, HHt, A;
  MatNullSpace nns;       /* the caller's near-null space (orthonormal), NULL: none */
  KSP ksp;
  Vec v, rhs, f, Mv, Hr;  /* dof layout */
  Vec g, u, r;            /* contact layout */
  Vec vbest, rbest;
  double rho;
  int symmetric;
  long kspits;
  int operators;
} pad;

typedef struct {
  double rho, alpha, lin;
  int adapt, bs, aa, part;
} opts;

static int parse_options(const char *options, int bs, opts *o)
{
  static const char *const keys[] = {"rho", "adapt", "alpha", "bs", "lin", "aa", "part", NULL};
  sn_admm_common c;
  double x;
  int st;
  if ((st = sn_option_check(options, keys))) return st;
  if ((st = sn_admm_parse_common(options, &c))) return st;
  o->rho = c.rho;
  o->adapt = c.adapt;
  o->alpha = c.alpha;
  o->aa = c.aa;
  o->bs = bs;                           /* the caller's, unless "bs=" says otherwise */
  o->lin = 0.1;
  if ((st = sn_option_double(options, "bs", &x)) < 0) return st;
  if (st == 1) {
    if (!(x >= 1.0 && x <= 64.0 && x == floor(x))) return SN_ERR_ARG;
    o->bs = (int)x;
  }
  o->part = 1;
  if ((st = sn_option_double(options, "part", &x)) < 0) return st;
  if (st == 1) {
    if (x != 0.0 && x != 1.0) return SN_ERR_ARG;
    o->part = (int)x;
  }
  if ((st = sn_option_double(options, "lin", &x)) < 0) return st;
  if (st == 1) {
    if (!(x > 0.0 && x <= 1.0)) return SN_ERR_ARG;
    o->lin = x;
  }
  return SN_OK;
}

/* M and H by rows (canonical: rows sorted, duplicates summed), then the dofs' split over the
 * ranks (dof_partition.c: METIS on M's blocks unless part=0 or one rank). Collective. */
static PetscErrorCode split(pad *A, int part, int *st)
{
  sn_csc *Mc = NULL, *Hc = NULL;
  *st = A->summed ? SN_OK : sn_csc_canonical(A->P->M, &Mc);   /* summed: M's share goes in as it is */
  if (!*st) *st = sn_csc_canonical(A->P->H, &Hc);
  if (!*st && Mc) *st = sn_csr_from_csc(Mc, &A->Mrows);
  if (!*st) *st = sn_csr_from_csc(Hc, &A->Hrows);
  sn_csc_free(Mc);
  sn_csc_free(Hc);
  if ((*st = sn_mpi_agree(A->comm, *st))) return 0;
  if (A->sp && A->sp->owner) {          /* the caller's split (the model's) */
    *st = sn_mpi_agree(A->comm, sn_dof_partition_owner(A->size, A->sp->owner, A->m, A->bs, &A->dp));
    return 0;
  }
  return sn_dof_partition(A->comm, A->Mrows, A->m, A->bs, part, &A->dp, st);
}

/* ---- ownership: the dof ranges and the contacts' owners (the same on every rank) ---- */

static int ownership(pad *A)
{
  const sn_csc *H = A->P->H;
  int size = A->size;
  A->cstart = calloc((size_t)size + 1, sizeof(int));
  A->order = malloc(sizeof(int) * ((size_t)A->nc + 1));
  A->pos = malloc(sizeof(int) * ((size_t)A->nc + 1));
  int *owner = malloc(sizeof(int) * ((size_t)A->nc + 1));
  if (!A->cstart || !A->order || !A->pos || !owner) { free(owner); return SN_ERR_NOMEM; }
  A->r0 = A->dp.rstart[A->rank];
  A->r1 = A->dp.rstart[A->rank + 1];
  for (int c = 0; c < A->nc; c++) {
    int first = INT_MAX;
    for (int j = A->d * c; j < A->d * (c + 1); j++)
      for (int p = H->colptr[j]; p < H->colptr[j + 1]; p++) {
        int q = sn_dof_new(&A->dp, H->rowind[p]);
        if (q < first) first = q;
      }
    owner[c] = first < INT_MAX ? sn_dof_part_rank(&A->dp, first) : (int)((long long)c * size / A->nc);
    A->cstart[owner[c] + 1]++;
  }
  for (int p = 0; p < size; p++) A->cstart[p + 1] += A->cstart[p];
  int *next = malloc(sizeof(int) * ((size_t)size + 1));
  if (!next) { free(owner); return SN_ERR_NOMEM; }
  memcpy(next, A->cstart, sizeof(int) * (size_t)size);
  for (int c = 0; c < A->nc; c++) {     /* stable: contacts of one rank in their own order */
    int q = next[owner[c]]++;
    A->order[q] = c;
    A->pos[c] = q;
  }
  free(next);
  free(owner);
  A->c0 = A->cstart[A->rank];
  A->nlc = A->cstart[A->rank + 1] - A->c0;
  return SN_OK;
}

/* ---- the distributed matrices ---- */

/* this rank's rows, new numbers [r0, r1), of the CSR view R (old row numbers: dold) as an
 * MPIAIJ matrix (local rows r1 - r0, local columns ncl, global columns ncols; column j mapped
 * to colmap[j] when given, each row then re-sorted) */
static PetscErrorCode rows_to_mpiaij(const pad *A, const sn_csr *R, const int *colmap, PetscInt ncl, PetscInt ncols,
                                     int bs, Mat *out)
{
  int nl = A->r1 - A->r0, nz = 0;
  for (int i = A->r0; i < A->r1; i++) {
    int row = sn_dof_old(&A->dp, i);
    nz += R->rowptr[row + 1] - R->rowptr[row];
  }
  PetscInt *ia, *ja;
  PetscScalar *va;
  PetscCall(PetscMalloc3(nl + 1, &ia, nz + 1, &ja, nz + 1, &va));
  ia[0] = 0;
  for (int i = 0; i < nl; i++) {
    int row = sn_dof_old(&A->dp, A->r0 + i);
    PetscInt k = ia[i];
    for (int p = R->rowptr[row]; p < R->rowptr[row + 1]; p++, k++) {
      int j = R->colind[p];
      ja[k] = colmap ? colmap[j] : j;
      va[k] = R->val[p];
    }
    ia[i + 1] = k;
  }
  if (colmap)                           /* each row re-sorted by column */
    for (int i = 0; i < nl; i++) PetscCall(PetscSortIntWithScalarArray(ia[i + 1] - ia[i], ja + ia[i], va + ia[i]));
  PetscCall(MatCreate(A->comm, out));
  PetscCall(MatSetSizes(*out, nl, ncl, A->m, ncols));
  if (bs > 1) PetscCall(MatSetBlockSize(*out, bs));
  PetscCall(MatSetType(*out, MATMPIAIJ));
  PetscCall(MatMPIAIJSetPreallocationCSR(*out, ia, ja, va));
  PetscCall(PetscFree3(ia, ja, va));
  return 0;
}

/* summed: M as the sum of the ranks' shares (each rank's entries, in any row, added into the
 * distributed matrix by PETSc's COO assembly, which sends the entries of other ranks' rows to
 * them) */
static PetscErrorCode summed_to_mpiaij(const pad *A, Mat *out)
{
  const sn_csc *M = A->P->M;
  PetscCount nz = M->colptr[M->n];
  PetscInt *ci, *cj;
  PetscCall(PetscMalloc2(nz + 1, &ci, nz + 1, &cj));
  for (int j = 0; j < M->n; j++)
    for (int p = M->colptr[j]; p < M->colptr[j + 1]; p++) {
      ci[p] = sn_dof_new(&A->dp, M->rowind[p]);
      cj[p] = sn_dof_new(&A->dp, j);
    }
  int nl = A->r1 - A->r0;
  PetscCall(MatCreate(A->comm, out));
  PetscCall(MatSetSizes(*out, nl, nl, A->m, A->m));
  if (A->bs > 1) PetscCall(MatSetBlockSize(*out, A->bs));
  PetscCall(MatSetType(*out, MATMPIAIJ));
  PetscCall(MatSetPreallocationCOO(*out, nz, ci, cj));
  PetscCall(PetscFree2(ci, cj));
  PetscCall(MatSetValuesCOO(*out, M->val, ADD_VALUES));
  return 0;
}

/* M, H (columns in the permuted contact order) and H H^T */
static PetscErrorCode build_matrices(pad *A, int *st)
{
  int *hcol = malloc(sizeof(int) * ((size_t)A->n + 1));   /* H's columns in the contacts' new order */
  *st = sn_mpi_agree(A->comm, hcol ? SN_OK : SN_ERR_NOMEM);
  if (*st) { free(hcol); return 0; }
  for (int j = 0; j < A->n; j++) hcol[j] = A->d * A->pos[j / A->d] + j % A->d;
  PetscErrorCode e = A->summed ? summed_to_mpiaij(A, &A->M)
                               : rows_to_mpiaij(A, A->Mrows, A->dp.dnew, A->r1 - A->r0, A->m, A->bs, &A->M);
  if (!e) e = rows_to_mpiaij(A, A->Hrows, hcol, (PetscInt)A->d * A->nlc, A->n, 1, &A->H);
  free(hcol);
  sn_csr_free(A->Mrows);
  sn_csr_free(A->Hrows);
  A->Mrows = A->Hrows = NULL;
  if (e) return e;
  Mat Ht;
  PetscCall(MatTranspose(A->H, MAT_INITIAL_MATRIX, &Ht));
  PetscCall(MatMatMult(A->H, Ht, MAT_INITIAL_MATRIX, PETSC_DEFAULT, &A->HHt));
  PetscCall(MatDestroy(&Ht));
  return 0;
}

/* A = M + rho H H^T and the Krylov solver on it (a new GAMG set-up) */
static PetscErrorCode set_operator(pad *A, double rho)
{
  PetscCall(MatDestroy(&A->A));
  PetscCall(MatDuplicate(A->M, MAT_COPY_VALUES, &A->A));
  PetscCall(MatAXPY(A->A, rho, A->HHt, DIFFERENT_NONZERO_PATTERN));
  if (A->bs > 1) PetscCall(MatSetBlockSize(A->A, A->bs));
  if (A->nns) PetscCall(MatSetNearNullSpace(A->A, A->nns));
  if (A->symmetric) {
    PetscCall(MatSetOption(A->A, MAT_SYMMETRIC, PETSC_TRUE));
    PetscCall(MatSetOption(A->A, MAT_SPD, PETSC_TRUE));
  }
  PetscCall(KSPSetOperators(A->ksp, A->A, A->A));
  A->rho = rho;
  A->operators++;
  return 0;
}

static PetscErrorCode make_solver(pad *A)
{
  PC pc;
  PetscCall(KSPCreate(A->comm, &A->ksp));
  PetscCall(KSPSetOptionsPrefix(A->ksp, "sn_"));
  PetscCall(KSPSetType(A->ksp, A->symmetric ? KSPCG : KSPGMRES));
  if (!A->symmetric) PetscCall(KSPSetPCSide(A->ksp, PC_RIGHT));   /* the true residual's norm */
  PetscCall(KSPSetNormType(A->ksp, KSP_NORM_UNPRECONDITIONED));
  PetscCall(KSPGetPC(A->ksp, &pc));
  PetscCall(PCSetType(pc, PCGAMG));
  PetscCall(KSPSetInitialGuessNonzero(A->ksp, PETSC_TRUE));
  PetscCall(KSPConvergedDefaultSetUIRNorm(A->ksp));   /* rtol relative to the warm start's residual */
  PetscCall(KSPSetFromOptions(A->ksp));  /* PETSC_OPTIONS="-sn_ksp_type ... -sn_pc_type ..." */
  return 0;
}

static PetscErrorCode make_vectors(pad *A)
{
  int nl = A->r1 - A->r0, nlc = A->d * A->nlc;
  PetscCall(VecCreateMPI(A->comm, nl, A->m, &A->v));
  PetscCall(VecDuplicate(A->v, &A->rhs));
  PetscCall(VecDuplicate(A->v, &A->f));
  PetscCall(VecDuplicate(A->v, &A->Mv));
  PetscCall(VecDuplicate(A->v, &A->Hr));
  PetscCall(VecDuplicate(A->v, &A->vbest));
  PetscCall(VecCreateMPI(A->comm, nlc, A->n, &A->g));
  PetscCall(VecDuplicate(A->g, &A->u));
  PetscCall(VecDuplicate(A->g, &A->r));
  PetscCall(VecDuplicate(A->g, &A->rbest));
  return 0;
}

/* The caller's near-null space as orthonormal distributed vectors (modified Gram-Schmidt, run
 * twice: one pass loses orthogonality on nearly dependent modes), a vector that has lost all but
 * 1e-12 of the largest input norm dropped; none left: no near-null space. */
static PetscErrorCode make_nearnull(pad *A, const sn_petsc_nearnull *nn)
{
  if (!nn || nn->k == 0) return 0;
  Vec V[32];
  int kept = 0, nl = A->r1 - A->r0;
  double big = 0.0;
  for (int j = 0; j < nn->k; j++) {
    PetscScalar *a;
    PetscCall(VecDuplicate(A->v, &V[kept]));
    PetscCall(VecGetArray(V[kept], &a));
    for (int i = 0; i < nl; i++)
      a[i] = nn->v[(size_t)A->m * j + (size_t)sn_dof_old(&A->dp, A->r0 + i)];
    PetscCall(VecRestoreArray(V[kept], &a));
    PetscReal nrm;
    PetscCall(VecNorm(V[kept], NORM_2, &nrm));
    if (nrm > big) big = nrm;
    for (int pass = 0; pass < 2; pass++)
      for (int i = 0; i < kept; i++) {
        PetscScalar dot;
        PetscCall(VecDot(V[kept], V[i], &dot));
        PetscCall(VecAXPY(V[kept], -dot, V[i]));
      }
    PetscCall(VecNorm(V[kept], NORM_2, &nrm));
    if (!(nrm > 1e-12 * big)) {
      PetscCall(VecDestroy(&V[kept]));
      continue;
    }
    PetscCall(VecScale(V[kept], 1.0 / nrm));
    kept++;
  }
  if (kept) PetscCall(MatNullSpaceCreate(A->comm, PETSC_FALSE, kept, V, &A->nns));
  for (int i = 0; i < kept; i++) PetscCall(VecDestroy(&V[i]));
  return 0;
}

/* the plain memory of A (its PETSc objects left alone) */
static void pad_free_plain(pad *A)
{
  sn_dof_part_free(&A->dp);
  sn_csr_free(A->Mrows);
  sn_csr_free(A->Hrows);
  free(A->cstart);
  free(A->order);
  free(A->pos);
  free(A->mu);
  free(A->w);
  free(A->y);
  free(A->Gy);
  free(A->yf);
  free(A->gv);
}

/* the pad's vectors, each by its address (NV of them) */
enum { NV = 10 };
static void pad_vectors(pad *A, Vec *vs[NV])
{
  Vec *all[NV] = {&A->v, &A->rhs, &A->f, &A->Mv, &A->Hr, &A->vbest, &A->g, &A->u, &A->r, &A->rbest};
  memcpy(vs, all, sizeof all);
}

static void pad_free(pad *A)
{
  MatNullSpaceDestroy(&A->nns);
  MatDestroy(&A->M);
  MatDestroy(&A->H);
  MatDestroy(&A->HHt);
  MatDestroy(&A->A);
  KSPDestroy(&A->ksp);
  Vec *vs[NV];
  pad_vectors(A, vs);
  for (int k = 0; k < NV; k++) VecDestroy(vs[k]);
  pad_free_plain(A);
}

/* the owned slices of the whole vectors: v and f (dofs), r (contacts, permuted, onto K), w, mu */
static PetscErrorCode scatter_in(pad *A, const double *r, const double *v)
{
  const sn_gfc *P = A->P;
  int d = A->d, nl = A->r1 - A->r0;
  PetscScalar *pv, *pf, *pr;
  PetscCall(VecGetArray(A->v, &pv));
  PetscCall(VecGetArray(A->f, &pf));
  for (int i = 0; i < nl; i++) {
    int q = sn_dof_old(&A->dp, A->r0 + i);
    pv[i] = v[q];
    pf[i] = P->f[q];
  }
  PetscCall(VecRestoreArray(A->v, &pv));
  PetscCall(VecRestoreArray(A->f, &pf));
  PetscCall(VecGetArray(A->r, &pr));
  for (int k = 0; k < A->nlc; k++) {
    int c = A->order[A->c0 + k];
    A->mu[k] = P->mu[c];
    for (int i = 0; i < d; i++) {
      pr[d * k + i] = r[d * c + i];
      A->w[d * k + i] = P->w[d * c + i];
    }
    sn_proj_cone(d, A->mu[k], pr + d * k);
  }
  PetscCall(VecRestoreArray(A->r, &pr));
  return 0;
}

/* the whole of vbest and rbest on every rank, r back in the contacts' order */
static PetscErrorCode gather_out(pad *A, double *r, double *v)
{
  VecScatter sc;
  Vec all;
  const PetscScalar *pa;
  PetscCall(VecScatterCreateToAll(A->vbest, &sc, &all));
  PetscCall(VecScatterBegin(sc, A->vbest, all, INSERT_VALUES, SCATTER_FORWARD));
  PetscCall(VecScatterEnd(sc, A->vbest, all, INSERT_VALUES, SCATTER_FORWARD));
  PetscCall(VecGetArrayRead(all, &pa));
  for (int q = 0; q < A->m; q++) v[sn_dof_old(&A->dp, q)] = pa[q];
  PetscCall(VecRestoreArrayRead(all, &pa));
  PetscCall(VecScatterDestroy(&sc));
  PetscCall(VecDestroy(&all));
  PetscCall(VecScatterCreateToAll(A->rbest, &sc, &all));
  PetscCall(VecScatterBegin(sc, A->rbest, all, INSERT_VALUES, SCATTER_FORWARD));
  PetscCall(VecScatterEnd(sc, A->rbest, all, INSERT_VALUES, SCATTER_FORWARD));
  PetscCall(VecGetArrayRead(all, &pa));
  for (int q = 0; q < A->nc; q++)
    for (int i = 0; i < A->d; i++) r[A->d * A->order[q] + i] = pa[A->d * q + i];
  PetscCall(VecRestoreArrayRead(all, &pa));
  PetscCall(VecScatterDestroy(&sc));
  PetscCall(VecDestroy(&all));
  return 0;
}

/* ---- one step and its measures ---- */

/* the sums of one step, reduced together: equilibrium residual, |M v|, |H r| (dofs); local
 * residual, |r|, |u| (contacts); primal residual, |u + b|, |xi| (contacts) */
enum { S_RES, S_MV, S_HR, S_LOC, S_R, S_U, S_PRIM, S_H, S_XI, S_G, S_N };

/* u = H^T v + w and its De Saxce term; step: the xi- and r-steps from the state y into Gy
 * (xi, r / rho, b) and r; else the term into y's b. With the local sums of the error (De
 * Saxce's natural map, sn_gfc_error's local formula) and, step, of the primal residual */
static PetscErrorCode contact_part(pad *A, double alpha, int step, double *sums)
{
  int d = A->d;
  PetscScalar *pu, *pr;
  PetscCall(MatMultTranspose(A->H, A->v, A->u));
  PetscCall(VecGetArray(A->u, &pu));
  PetscCall(VecGetArray(A->r, &pr));
  for (int i = 0; i < d * A->nlc; i++) pu[i] += A->w[i];
  int nq = A->nq;
  const double *xi = A->y, *rs = A->y + nq;
  double *xi1 = A->Gy, *rs1 = A->Gy + nq, *b1 = step ? A->Gy + 2 * nq : A->y + 2 * nq;
  sn_desaxce_term(d, A->nlc, A->mu, pu, b1);
  double rho = A->rho;
  for (int k = 0; k < A->nlc; k++) {
    double *rc = pr + d * k, *uc = pu + d * k, t[3], z[3];
    if (step) {                         /* xi- and r-steps */
      for (int i = 0; i < d; i++) {
        int q = d * k + i;
        z[i] = alpha * (uc[i] + b1[q]) + (1.0 - alpha) * xi[q] - rs[q];
        t[i] = -z[i];
      }
      sn_proj_cone(d, A->mu[k], t);
      for (int i = 0; i < d; i++) {
        int q = d * k + i;
        double h = uc[i] + b1[q];
        rs1[q] = t[i];
        rc[i] = rho * t[i];
        xi1[q] = z[i] + t[i];
        sums[S_PRIM] += (h - xi1[q]) * (h - xi1[q]);
        sums[S_H] += h * h;
        sums[S_XI] += xi1[q] * xi1[q];
      }
    }
    double mu = A->mu[k], ut = d == 3 ? hypot(uc[1], uc[2]) : fabs(uc[1]);
    t[0] = rc[0] - uc[0] - mu * ut;
    for (int i = 1; i < d; i++) t[i] = rc[i] - uc[i];
    sn_proj_cone(d, mu, t);
    for (int i = 0; i < d; i++) {
      sums[S_LOC] += (rc[i] - t[i]) * (rc[i] - t[i]);
      sums[S_R] += rc[i] * rc[i];
      sums[S_U] += uc[i] * uc[i];
    }
  }
  PetscCall(VecRestoreArray(A->u, &pu));
  PetscCall(VecRestoreArray(A->r, &pr));
  return 0;
}

/* M v, H r and the equilibrium sums */
static PetscErrorCode dof_part(pad *A, double *sums)
{
  const PetscScalar *mv, *hr, *pf;
  PetscCall(MatMult(A->M, A->v, A->Mv));
  PetscCall(MatMult(A->H, A->r, A->Hr));
  PetscCall(VecGetArrayRead(A->Mv, &mv));
  PetscCall(VecGetArrayRead(A->Hr, &hr));
  PetscCall(VecGetArrayRead(A->f, &pf));
  for (int i = 0; i < A->r1 - A->r0; i++) {
    double t = mv[i] - hr[i] - pf[i];
    sums[S_RES] += t * t;
    sums[S_MV] += mv[i] * mv[i];
    sums[S_HR] += hr[i] * hr[i];
  }
  PetscCall(VecRestoreArrayRead(A->Mv, &mv));
  PetscCall(VecRestoreArrayRead(A->Hr, &hr));
  PetscCall(VecRestoreArrayRead(A->f, &pf));
  return 0;
}

/* the global error from the reduced sums (sn_gfc_error's normalisations); *den the equilibrium
 * scale max(|f|, |M v|, |H r|) */
static double error_of(const double *S, double nf, double nw, double *eq, double *den)
{
  *den = fmax(nf, fmax(sqrt(S[S_MV]), sqrt(S[S_HR])));
  *eq = *den > DBL_EPSILON ? sqrt(S[S_RES]) / *den : sqrt(S[S_RES]);
  double nrm = fmax(nw, fmax(sqrt(S[S_R]), sqrt(S[S_U])));
  double loc = nrm > DBL_EPSILON ? sqrt(S[S_LOC]) / nrm : sqrt(S[S_LOC]);
  return *eq + loc;
}

/* the measures of the current (r, v), reduced over the ranks */
static PetscErrorCode measure(pad *A, double alpha, int step, double *S)
{
  for (int k = 0; k < S_N; k++) S[k] = 0.0;
  PetscCall(contact_part(A, alpha, step, S));
  PetscCall(dof_part(A, S));
  if (step)                             /* the fixed-point residual Gy - y (Anderson) */
    for (int i = 0; i < 3 * A->nq; i++) {
      A->gv[i] = A->Gy[i] - A->y[i];
      S[S_G] += A->gv[i] * A->gv[i];
    }
  PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, S, S_N, MPI_DOUBLE, MPI_SUM, A->comm));
  return 0;
}

/* the v-step: (M + rho H H^T) v = f + H g from the previous v, to rtol times the starting
 * residual or the absolute target; *bad when the Krylov method failed (not merely ran out of
 * steps) */
static PetscErrorCode v_step(pad *A, double rtol, double target, int *bad)
{
  PetscScalar *pg;
  KSPConvergedReason why;
  PetscInt its;
  PetscCall(VecGetArray(A->g, &pg));
  const double *xi = A->y, *rs = A->y + A->nq, *b = A->y + 2 * A->nq;
  for (int i = 0; i < A->nq; i++) pg[i] = A->rho * (rs[i] + xi[i] - A->w[i] - b[i]);
  PetscCall(VecRestoreArray(A->g, &pg));
  PetscCall(MatMult(A->H, A->g, A->rhs));
  PetscCall(VecAXPY(A->rhs, 1.0, A->f));
  PetscCall(KSPSetTolerances(A->ksp, rtol, target, PETSC_DEFAULT, 10000));
  PetscCall(KSPSolve(A->ksp, A->rhs, A->v));
  PetscCall(KSPGetIterationNumber(A->ksp, &its));
  PetscCall(KSPGetConvergedReason(A->ksp, &why));
  A->kspits += its;
  *bad = why < 0 && why != KSP_DIVERGED_ITS;
  return 0;
}

/* M's diagonal, this rank's P->M (calloc'ed, ndof values; NULL: out of memory) */
static double *diagonal(const sn_gfc *P)
{
  double *dm = calloc((size_t)(P->ndof > 0 ? P->ndof : 1), sizeof(double));
  if (dm) sn_csc_diag_add(P->M, dm);
  return dm;
}

/* 1 / mean_j (sum_i H_ij^2 / M_ii): the serial solver's initial penalty, from the whole problem
 * (dsum: M's diagonal summed over the ranks; NULL: P->M's) */
static double initial_rho(const sn_gfc *P, const double *dsum)
{
  const sn_csc *H = P->H;
  double *dm = diagonal(P), sum = 0.0;
  if (!dm) return 1.0;
  if (dsum) memcpy(dm, dsum, sizeof(double) * (size_t)P->ndof);
  int cnt = 0;
  for (int j = 0; j < H->n; j++) {
    double wjj = 0.0;
    for (int p = H->colptr[j]; p < H->colptr[j + 1]; p++)
      if (dm[H->rowind[p]] > 0.0) wjj += H->val[p] * H->val[p] / dm[H->rowind[p]];
    if (wjj > 0.0) { sum += wjj; cnt++; }
  }
  free(dm);
  return cnt > 0 && sum > 0.0 && isfinite(sum) ? cnt / sum : 1.0;
}

typedef struct {
  int it, st;
  double err;
} run_state;

/* Anderson's inner products summed over the ranks (sn_aa_step_reduced) */
static void sum_ranks(double *buf, int n, void *ctx)
{
  MPI_Allreduce(MPI_IN_PLACE, buf, n, MPI_DOUBLE, MPI_SUM, *(MPI_Comm *)ctx);
}

/* the iteration from the owned slices of (r, v); *R: its status, steps and last error */
static PetscErrorCode iterate(pad *A, const opts *o, const sn_settings *s, sn_info *info, double t0, run_state *R)
{
  const sn_gfc *P = A->P;
  int d = A->d, nq = d * A->nlc;
  double S[S_N], eq, den, nf, nw;
  PetscCall(VecNorm(A->f, NORM_2, &nf));
  nw = 0.0;
  for (int i = 0; i < nq; i++) nw += A->w[i] * A->w[i];
  PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, &nw, 1, MPI_DOUBLE, MPI_SUM, A->comm));
  nw = sqrt(nw);
  PetscCall(measure(A, o->alpha, 0, S));   /* the starting point's error, u and b1 */
  double err = error_of(S, nf, nw, &eq, &den), best = err, ref = err;
  PetscCall(VecCopy(A->r, A->rbest));
  PetscCall(VecCopy(A->v, A->vbest));
  R->it = 0;
  R->st = SN_OK;
  R->err = err;
  if (!isfinite(err)) { R->st = SN_ERR_NAN; return 0; }
  if (err <= s->tol) return 0;
  double rho0 = o->rho > 0.0 ? o->rho : initial_rho(P, A->dm);
  if (!(A->A && A->rho == rho0)) PetscCall(set_operator(A, rho0));   /* else kept (sn_petsc_cache) */
  {                                     /* y = (P_K*(u + b), r / rho, b) */
    const PetscScalar *pu, *pr;
    PetscCall(VecGetArrayRead(A->u, &pu));
    PetscCall(VecGetArrayRead(A->r, &pr));
    double *xi = A->y, *rs = A->y + nq, *b = A->y + 2 * nq;
    for (int k = 0; k < A->nlc; k++) {
      double t[3];
      for (int i = 0; i < d; i++) t[i] = -(pu[d * k + i] + b[d * k + i]);
      sn_proj_cone(d, A->mu[k], t);
      for (int i = 0; i < d; i++) {
        int q = d * k + i;
        xi[q] = pu[q] + b[q] + t[i];
        rs[q] = pr[q] / A->rho;
      }
    }
    PetscCall(VecRestoreArrayRead(A->u, &pu));
    PetscCall(VecRestoreArrayRead(A->r, &pr));
  }
  double err_check = INFINITY, gprev = INFINITY;
  int last_gain = 0, gained = 0, extrapolated = 0, ny = 3 * nq + 1;
  sn_anderson W;
  if (sn_aa_init(&W, ny, o->aa < 3 * A->n ? o->aa : 3 * A->n)) {
    sn_aa_free(&W);
    R->st = SN_ERR_NOMEM;
    return 0;
  }
  while (1) {
    if (R->it >= s->max_iter) { R->st = SN_MAX_ITER; break; }
    int bad = 0;
    double target = 1e-3 * s->tol * den;
    PetscCall(v_step(A, o->lin, target, &bad));
    if (bad) { R->st = SN_ERR_BACKEND; break; }
    PetscCall(measure(A, o->alpha, 1, S));
    R->it++;
    err = error_of(S, nf, nw, &eq, &den);
    R->err = err;
    if (!isfinite(err)) { R->st = SN_ERR_NAN; break; }
    if (err < 0.99 * best) last_gain = R->it;
    if (err < 0.99 * ref) gained = R->it, ref = err;   /* 1 % below the error of the last gain */
    if (err < best) {
      best = err;
      PetscCall(VecCopy(A->r, A->rbest));
      PetscCall(VecCopy(A->v, A->vbest));
    }
    if (err <= s->tol) break;
    int stop = sn_info_record(info, s, R->it, err, t0);
    if (!stop && R->it - gained >= GIVE_UP) stop = SN_STALLED;
    /* every rank stops at the same step (a time limit, a callback on one rank only, GIVE_UP) */
    PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, &stop, 1, MPI_INT, MPI_MAX, A->comm));
    if (stop) { R->st = stop; break; }
    /* Anderson acceleration of the map y -> Gy, the serial solver's with its safeguard (an
     * extrapolated point whose residual grew: back to the plain step, memory cleared); the
     * small least-squares system from inner products summed over the ranks */
    double gn = sqrt(S[S_G]);
    if (extrapolated && !(gn <= gprev)) {
      memcpy(A->y, A->yf, sizeof(double) * (size_t)ny);
      sn_aa_reset(&W);
      extrapolated = 0;
      continue;
    }
    gprev = gn;
    sn_aa_push(&W, A->y, A->gv);
    memcpy(A->yf, A->Gy, sizeof(double) * (size_t)ny);
    extrapolated = sn_aa_step_reduced(&W, A->y, A->gv, A->y, sum_ranks, &A->comm);
    if (W.k > 0)                        /* one rank's non-finite extrapolation: none on any */
      PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, &extrapolated, 1, MPI_INT, MPI_MIN, A->comm));
    if (!extrapolated) memcpy(A->y, A->Gy, sizeof(double) * (size_t)ny);
    if (o->adapt && R->it % ADAPT_EVERY == 0 && !(err < FAST * err_check)) {
      double prim = sqrt(S[S_PRIM]), pnorm = sqrt(fmax(S[S_H], S[S_XI]));
      double ratio = sqrt((prim / fmax(pnorm, DBL_MIN)) / fmax(eq, DBL_MIN));
      double nrho = fmin(fmax(A->rho * ratio, rho0 / RHO_RANGE), rho0 * RHO_RANGE);
      double lim = R->it - last_gain >= STALL ? STALL_RATIO : RHO_RATIO, rho = A->rho;
      if (isfinite(nrho) && (nrho > lim * rho || nrho * lim < rho)) {
        last_gain = R->it;
        PetscCall(set_operator(A, nrho));
        for (int i = nq; i < 2 * nq; i++) {   /* r / rho in the new units */
          A->y[i] *= rho / nrho;
          A->yf[i] *= rho / nrho;
        }
        sn_aa_reset(&W);
        extrapolated = 0;
        gprev = INFINITY;
      }
    }
    if (R->it % ADAPT_EVERY == 0) err_check = err;
  }
  sn_aa_free(&W);
  return 0;
}

/* the per-call ADMM states (contacts' mu, w, y, Gy, yf, gv), allocated afresh */
static int call_arrays(pad *A)
{
  free(A->mu); free(A->w); free(A->y); free(A->Gy); free(A->yf); free(A->gv);
  size_t nq = (size_t)A->d * (size_t)A->nlc + 1;
  A->mu = malloc(sizeof(double) * ((size_t)A->nlc + 1));
  A->w = malloc(sizeof(double) * nq);
  A->nq = A->d * A->nlc;
  size_t ny = 3 * (size_t)A->nq + 1;
  A->y = calloc(ny, sizeof(double));
  A->Gy = calloc(ny, sizeof(double));
  A->yf = calloc(ny, sizeof(double));
  A->gv = calloc(ny, sizeof(double));
  return !A->mu || !A->w || !A->y || !A->Gy || !A->yf || !A->gv ? SN_ERR_NOMEM : SN_OK;
}

/* kept: the matrices, the Krylov solver and its multigrid, the vectors of an earlier call on
 * the same M, H and near-null space (sn_petsc_cache); the vectors zeroed as new ones are */
static PetscErrorCode solve(pad *A, int kept, const opts *o, const sn_petsc_nearnull *nn, double *r, double *v,
                            const sn_settings *s, sn_info *info, double t0, run_state *R, int *st)
{
  if (kept) {
    Vec *vs[NV];
    pad_vectors(A, vs);
    for (int k = 0; k < NV; k++) PetscCall(VecZeroEntries(*vs[k]));
  } else {
    PetscCall(make_vectors(A));
    PetscCall(make_nearnull(A, nn));
  }
  if ((*st = sn_mpi_agree(A->comm, call_arrays(A)))) return 0;
  if (!kept) {
    PetscCall(build_matrices(A, st));
    if (*st) return 0;
    PetscCall(make_solver(A));
  }
  PetscCall(scatter_in(A, r, v));
  PetscCall(iterate(A, o, s, info, t0, R));
  PetscCall(gather_out(A, r, v));
  *st = R->st;
  return 0;
}

/* ---- the set-up kept between calls (sn_petsc_cache) ---- */

typedef struct {
  pad A;
  uint64_t key;
  int valid;             /* A holds a complete set-up for key */
} keep_t;

/* MurmurHash3's 64-bit finalizer (A. Appleby): a bijection in which every input bit reaches
 * every output bit */
static uint64_t fmix64(uint64_t x)
{
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ULL;
  return x ^ (x >> 33);
}

/* the bytes chained into h by 64-bit words, each mixed through fmix64 (the tail's bytes in one
 * last word); a change of any bit of any word changes every bit of the result with probability
 * 1/2, so that two different inputs share a key with probability about 2^-64 */
static uint64_t mix(uint64_t h, const void *p, size_t n)
{
  const unsigned char *b = p;
  size_t k = 0;
  for (; k + 8 <= n; k += 8) {
    uint64_t x;
    memcpy(&x, b + k, 8);
    h = fmix64(h ^ x);
  }
  if (k < n) {
    uint64_t x = 0;
    memcpy(&x, b + k, n - k);
    h = fmix64(h ^ x ^ ((uint64_t)(n - k) << 56));
  }
  return fmix64(h ^ n);
}

static uint64_t mix_csc(uint64_t h, const sn_csc *X)
{
  int dims[2] = {X->m, X->n};
  h = mix(h, dims, sizeof dims);
  h = mix(h, X->colptr, sizeof(int) * ((size_t)X->n + 1));
  h = mix(h, X->rowind, sizeof(int) * (size_t)X->colptr[X->n]);
  return mix(h, X->val, sizeof(double) * (size_t)X->colptr[X->n]);
}

/* what the set-up is made of: M and H (pattern and values), the near-null space, the block
 * size, the split, the initial rho asked for, the number of ranks */
static uint64_t setup_key(const sn_gfc *P, const sn_petsc_nearnull *nn, const sn_petsc_split *sp, const opts *o,
                          int size)
{
  uint64_t h = 0x9e3779b97f4a7c15ULL;
  h = mix_csc(mix_csc(h, P->M), P->H);
  int summed = sp ? 1 + sp->summed : 0;
  h = mix(h, &summed, sizeof summed);
  if (sp && sp->owner) h = mix(h, sp->owner, sizeof(int) * (size_t)P->ndof);
  int k = nn ? nn->k : 0, ints[8] = {k, o->bs, o->part, size, P->dim, P->nc, P->ndof, nn ? nn->bs : 0};
  h = mix(h, ints, sizeof ints);
  if (k > 0) h = mix(h, nn->v, sizeof(double) * (size_t)P->ndof * (size_t)k);
  return mix(h, &o->rho, sizeof o->rho);
}

void sn_petsc_cache_free_mod(void *impl)
{
  keep_t *K = impl;
  if (!K) return;
  if (PetscInitializeCalled && !PetscFinalizeCalled) pad_free(&K->A);
  else pad_free_plain(&K->A);           /* after sn_petsc_stop: PETSc's objects went with it */
  free(K);
}

/* summed: the whole M's diagonal (*dm) and M v (*Mv, at the given v) on every rank, from the
 * ranks' shares (ndof values each, malloc'ed); else both NULL */
static int summed_parts(const sn_gfc *P, int summed, const double *v, double **dm, double **Mv)
{
  if (dm) *dm = NULL;
  if (Mv) *Mv = NULL;
  if (!summed) return SN_OK;
  int m = P->ndof, st = SN_OK;
  double *d = NULL, *y = NULL;
  if (dm && !(d = diagonal(P))) st = SN_ERR_NOMEM;
  if (!st && Mv) {
    if (!(y = calloc((size_t)(m > 0 ? m : 1), sizeof(double)))) st = SN_ERR_NOMEM;
    else sn_csc_gemv(P->M, 1.0, v, 0.0, y);
  }
  st = sn_mpi_agree(PETSC_COMM_WORLD, st);
  if (!st && d && MPI_Allreduce(MPI_IN_PLACE, d, m, MPI_DOUBLE, MPI_SUM, PETSC_COMM_WORLD) != MPI_SUCCESS) st = SN_ERR_BACKEND;
  if (!st && y && MPI_Allreduce(MPI_IN_PLACE, y, m, MPI_DOUBLE, MPI_SUM, PETSC_COMM_WORLD) != MPI_SUCCESS) st = SN_ERR_BACKEND;
  if (st) {
    free(d);
    free(y);
    return st;
  }
  if (dm) *dm = d;
  if (Mv) *Mv = y;
  return SN_OK;
}

/* entries of the distributed M in this rank's rows and another rank's columns */
static long offrank_of(const pad *A)
{
  Mat Ao;
  MatInfo mi;
  if (A->M && !MatMPIAIJGetSeqAIJ(A->M, NULL, &Ao, NULL) && !MatGetInfo(Ao, MAT_LOCAL, &mi)) return (long)mi.nz_used;
  return 0;
}

int sn_gfc_admm_petsc_mod(const sn_gfc *P, const sn_petsc_nearnull *nn, const sn_petsc_split *sp, void **cache,
                          double *r, double *v, const sn_settings *s, sn_info *info, sn_petsc_stats *stats)
{
  double t0 = sn_wtime();
  sn_settings sd;
  if (!s) { sn_settings_default(&sd); s = &sd; }
  if (info) sn_info_reset(info);
  if (stats) memset(stats, 0, sizeof *stats);
  opts o = {0};   /* filled by parse_options; read only after every rank agreed on success */
  int st = !PetscInitializeCalled || PetscFinalizeCalled ? SN_ERR_BACKEND : SN_OK;
  if (!st) st = (!P || !r || !v) ? SN_ERR_ARG : sn_gfc_check_opts(P, 1, NULL, 0);
  if (!st && P->neq > 0) st = SN_ERR_ARG;
  if (!st && nn && (nn->k < 0 || nn->k > 32 || (nn->k > 0 && !nn->v) || nn->bs < 1)) st = SN_ERR_ARG;
  if (!st && sp && sp->summed && !sp->owner) st = SN_ERR_ARG;
  if (!st) st = parse_options(s->options, nn ? nn->bs : 1, &o);
  if (!st && P->ndof % o.bs) st = SN_ERR_ARG;
  if (st != SN_ERR_BACKEND) st = sn_mpi_agree(PETSC_COMM_WORLD, st);   /* (MPI is up) */
  if (st) {
    if (info) info->status = st;
    return st;
  }
  keep_t local, *K = &local;
  memset(&local, 0, sizeof local);
  int csize;
  MPI_Comm_size(PETSC_COMM_WORLD, &csize);
  uint64_t key = 0;
  if (cache && !*cache && !(*cache = calloc(1, sizeof(keep_t)))) st = SN_ERR_NOMEM;
  if ((st = sn_mpi_agree(PETSC_COMM_WORLD, st))) {   /* on every rank, with a cache or without */
    if (info) info->status = st;
    return st;
  }
  if (cache) {                          /* the caller's set-up, or a new one kept for it */
    K = *cache;
    key = setup_key(P, nn, sp, &o, csize);
  }
  /* kept only where every rank has it for the same key */
  int kept = sn_mpi_agree(PETSC_COMM_WORLD, cache && K->valid && K->key == key ? SN_OK : SN_ERR_UNKNOWN) == SN_OK;
  pad *A = &K->A;
  if (!kept) {
    pad_free(A);
    memset(A, 0, sizeof *A);
    K->valid = 0;
  }
  A->comm = PETSC_COMM_WORLD;
  MPI_Comm_rank(A->comm, &A->rank);
  MPI_Comm_size(A->comm, &A->size);
  A->P = P;
  A->sp = sp;
  A->summed = sp && sp->summed;
  double *dsum = NULL;
  st = summed_parts(P, A->summed, NULL, &dsum, NULL);   /* the initial rho's diagonal */
  A->dm = dsum;
  A->kspits = 0;
  A->operators = 0;
  run_state R = {0, SN_OK, NAN};
  long offrank = 0;
  if (!kept && !st) {
    A->d = P->dim;
    A->nc = P->nc;
    A->m = P->ndof;
    A->n = P->dim * P->nc;
    A->bs = o.bs;
    double asym = sn_csc_asymmetry(P->M);
    if (A->summed) MPI_Allreduce(MPI_IN_PLACE, &asym, 1, MPI_DOUBLE, MPI_MAX, A->comm);   /* each share's */
    A->symmetric = asym <= 1e-14;          /* the serial solver's test between Cholesky and LU */
    if (split(A, o.part, &st)) st = SN_ERR_BACKEND;
    if (!st) st = sn_mpi_agree(A->comm, ownership(A));
    offrank = stats && A->Mrows && A->dp.rstart ? sn_dof_part_offrank(&A->dp, A->Mrows, A->rank) : 0;   /* asked for only */
  }
  if (!st && solve(A, kept, &o, nn, r, v, s, info, t0, &R, &st)) st = SN_ERR_BACKEND;
  if (stats && !kept && A->summed) offrank = offrank_of(A);   /* (summed over the ranks below) */
  if (stats) {
    stats->rank = A->rank;
    stats->size = A->size;
    stats->dofs_owned = A->r1 - A->r0;
    stats->contacts_owned = A->nlc;
    stats->ksp_iterations = A->kspits;
    stats->operators = A->operators;
    stats->graph_split = A->dp.graph;
    stats->reused = kept;
    stats->offrank_entries = offrank;
    if (!kept) MPI_Allreduce(MPI_IN_PLACE, &stats->offrank_entries, 1, MPI_LONG, MPI_SUM, A->comm);
    else stats->offrank_entries = -1;
  }
  if (cache) {
    /* a set-up kept for the next call only when this one completed it on every rank */
    K->key = key;
    K->valid = sn_mpi_agree(A->comm, st == SN_ERR_BACKEND || st == SN_ERR_NOMEM || !A->ksp ? SN_ERR_UNKNOWN : SN_OK) == SN_OK;
  } else
    pad_free(A);
  A->dm = NULL;
  double err = NAN, *Mv = NULL;
  if (st >= 0 || st == SN_ERR_NAN) {    /* the whole result judged as the serial solver's */
    int s2 = summed_parts(P, A->summed, v, NULL, &Mv);
    if (s2) st = s2;
    else {
      err = sn_gfc_error_mv(P, r, v, NULL, Mv, NULL, NULL);
      if (st == SN_OK && !(err <= s->tol)) st = SN_STALLED;
    }
  }
  if (info) {
    if (st == SN_OK) sn_info_record(info, NULL, R.it, err, t0);
    info->status = st;
    info->iterations = R.it;
    info->error = err;
  }
  st = sn_gfc_verdict_mv(P, r, v, s, st, "petsc_admm", info, dsum, Mv);
  free(dsum);
  free(Mv);
  double t = sn_wtime() - t0;
  if (info) info->seconds = t;
  if (stats) {
    double tt[2] = {-t, t};
    stats->seconds = t;
    MPI_Allreduce(MPI_IN_PLACE, tt, 2, MPI_DOUBLE, MPI_MAX, PETSC_COMM_WORLD);
    stats->seconds_min = -tt[0];
    stats->seconds_max = tt[1];
  }
  return st;
}
