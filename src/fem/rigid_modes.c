/* The rigid-body modes of a model on its free unknowns: the near-null space of an elastic
 * stiffness without supports. An aggregation multigrid coarsens elasticity well only when it is
 * given these modes (Vanek, Mandel & Brezina, "Algebraic multigrid by smoothed aggregation for
 * second and fourth order elliptic problems", Computing 56, 1996: the tentative prolongator
 * interpolates the near-null space exactly on each aggregate); PETSc's GAMG takes them as the
 * matrix's near-null space (src/petsc/gfc_admm_mpi.c). */
#include "signorini/analysis.h"

#include <stdlib.h>
#include <string.h>

int sn_rigid_modes(const sn_model *m, const sn_dofmap *T, const int *eq, int neq, double **modes, int *k, int *bs)
{
  if (!m || !eq || !modes || !k || !bs || neq < 0 || (m->ndf != 2 && m->ndf != 3)) return SN_ERR_ARG;
  *modes = NULL;
  *k = 0;
  *bs = 1;
  int ndf = m->ndf, nn = m->nnodes, nk = ndf == 3 ? 6 : 3;
  size_t ndof = (size_t)ndf * (size_t)nn;
  double c[3] = {0, 0, 0};
  int nfree = 0;
  for (int i = 0; i < nn; i++) {          /* the centroid of the nodes that move */
    int fr = 0;
    for (int a = 0; a < ndf; a++) fr |= eq[ndf * i + a] >= 0;
    if (!fr) continue;
    for (int a = 0; a < 3; a++) c[a] += m->x[3 * i + a];
    nfree++;
  }
  for (int a = 0; a < 3; a++) c[a] = nfree ? c[a] / nfree : 0.0;
  double *V = calloc((size_t)neq * (size_t)nk + 1, sizeof(double));
  double *u = malloc(sizeof(double) * (ndof + 1)), *q = malloc(sizeof(double) * (ndof + 1));
  if (!V || !u || !q) { free(V); free(u); free(q); return SN_ERR_NOMEM; }
  for (int j = 0; j < nk; j++) {
    /* mode j: a unit translation (j < ndf), else a unit rotation about axis z (2D) or j - 3
       (3D): u = e x (x - c) */
    for (int i = 0; i < nn; i++) {
      const double *x = m->x + 3 * (size_t)i;
      double d[3] = {x[0] - c[0], x[1] - c[1], x[2] - c[2]}, w[3] = {0, 0, 0};
      if (j < ndf) {
        w[j] = 1.0;
      } else {
        int ax = ndf == 2 ? 2 : j - 3;
        double e[3] = {0, 0, 0};
        e[ax] = 1.0;
        w[0] = e[1] * d[2] - e[2] * d[1];
        w[1] = e[2] * d[0] - e[0] * d[2];
        w[2] = e[0] * d[1] - e[1] * d[0];
      }
      for (int a = 0; a < ndf; a++) u[ndf * (size_t)i + a] = w[a];
    }
    if (T) sn_dofmap_local(T, ndf, u, q);
    else memcpy(q, u, sizeof(double) * ndof);
    for (size_t p = 0; p < ndof; p++)
      if (eq[p] >= 0 && eq[p] < neq) V[(size_t)neq * j + (size_t)eq[p]] = q[p];
  }
  free(u);
  free(q);
  /* whole nodes: every node's unknowns all free, numbered ndf e, ndf e + 1, ... */
  int whole = neq % ndf == 0;
  for (int i = 0; i < nn && whole; i++) {
    int e0 = eq[ndf * i];
    for (int a = 0; a < ndf && whole; a++) {
      int e = eq[ndf * i + a];
      whole = e0 < 0 ? e < 0 : (e0 % ndf == 0 && e == e0 + a);
    }
  }
  *bs = whole ? ndf : 1;
  *modes = V;
  *k = nk;
  return SN_OK;
}
