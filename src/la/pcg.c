/* Preconditioned conjugate gradients for a symmetric positive definite matrix stored as its
 * upper triangle (the assembled stiffness): Hestenes & Stiefel (1952); Saad, "Iterative Methods
 * for Sparse Linear Systems", 2nd ed., Algorithm 9.1, with the Jacobi (diagonal) preconditioner.
 * Stops when |b - A x| <= rtol |b| (the recursively updated residual, checked against a true
 * residual at the end). */
#include "signorini/la.h"
#include "signorini/common.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* y = A x for A given by its upper triangle (column j holds rows i <= j) */
void sn_csc_symv_upper(const sn_csc *A, const double *x, double *y)
{
  memset(y, 0, sizeof(double) * (size_t)A->n);
  for (int j = 0; j < A->n; j++) {
    double xj = x[j], yj = 0.0;
    for (int p = A->colptr[j]; p < A->colptr[j + 1]; p++) {
      int i = A->rowind[p];
      double a = A->val[p];
      if (i == j) { yj += a * xj; continue; }
      y[i] += a * xj;
      yj += a * x[i];
    }
    y[j] += yj;
  }
}

int sn_pcg_upper(const sn_csc *A, const double *b, double *x, double rtol, int maxit, int *iters,
                 double *relres)
{
  if (!A || !b || !x || A->m != A->n || !(rtol > 0)) return SN_ERR_ARG;
  int n = A->n, st = SN_OK;
  if (iters) *iters = 0;
  double *dinv = malloc(sizeof(double) * ((size_t)n + 1)), *r = malloc(sizeof(double) * ((size_t)n + 1));
  double *z = malloc(sizeof(double) * ((size_t)n + 1)), *p = malloc(sizeof(double) * ((size_t)n + 1));
  double *q = malloc(sizeof(double) * ((size_t)n + 1));
  if (!dinv || !r || !z || !p || !q) { st = SN_ERR_NOMEM; goto done; }
  for (int j = 0; j < n; j++) dinv[j] = 0.0;
  for (int j = 0; j < n; j++)
    for (int k = A->colptr[j]; k < A->colptr[j + 1]; k++)
      if (A->rowind[k] == j) dinv[j] += A->val[k];
  for (int j = 0; j < n; j++) {
    if (!(dinv[j] > 0)) { st = SN_ERR_NOT_SPD; goto done; }
    dinv[j] = 1.0 / dinv[j];
  }
  double bn = sn_nrm2(n, b);
  if (bn == 0.0) { memset(x, 0, sizeof(double) * (size_t)n); if (relres) *relres = 0; goto done; }
  sn_csc_symv_upper(A, x, q);
  for (int i = 0; i < n; i++) { r[i] = b[i] - q[i]; z[i] = dinv[i] * r[i]; p[i] = z[i]; }
  double rz = sn_dot(n, r, z), rn = sn_nrm2(n, r);
  int k = 0;
  for (; k < maxit && rn > rtol * bn; k++) {
    sn_csc_symv_upper(A, p, q);
    double pq = sn_dot(n, p, q);
    if (!(pq > 0)) { st = SN_ERR_NOT_SPD; break; }
    double alpha = rz / pq;
    sn_axpy(n, alpha, p, x);
    sn_axpy(n, -alpha, q, r);
    for (int i = 0; i < n; i++) z[i] = dinv[i] * r[i];
    double rz1 = sn_dot(n, r, z), beta = rz1 / rz;
    rz = rz1;
    for (int i = 0; i < n; i++) p[i] = z[i] + beta * p[i];
    rn = sn_nrm2(n, r);
  }
  if (iters) *iters = k;
  /* the true residual decides */
  sn_csc_symv_upper(A, x, q);
  for (int i = 0; i < n; i++) r[i] = b[i] - q[i];
  rn = sn_nrm2(n, r);
  if (relres) *relres = rn / bn;
  if (!st && !(rn <= 10 * rtol * bn)) st = SN_MAX_ITER;
done:
  free(dinv); free(r); free(z); free(p); free(q);
  return st;
}
