/* Problem types: release, validation. */
#include "signorini/problem.h"
#include "common/msg_fail.h"
#include "problem/problem_check.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

void sn_lcp_free(sn_lcp *P)
{
  if (!P) return;
  sn_csc_free(P->M);
  free(P->q);
  free(P);
}

void sn_fc_free(sn_fc *P)
{
  if (!P) return;
  sn_csc_free(P->W);
  free(P->q);
  free(P->mu);
  free(P);
}

void sn_gfc_free(sn_gfc *P)
{
  if (!P) return;
  sn_csc_free(P->M);
  sn_csc_free(P->H);
  sn_csc_free(P->G);
  free(P->f);
  free(P->w);
  free(P->mu);
  free(P->b);
  free(P);
}

sn_solution *sn_solution_alloc(int nr, int nv, int nl)
{
  if (nr < 0 || nv < 0 || nl < 0) return NULL;
  sn_solution *S = calloc(1, sizeof *S);
  if (!S) return NULL;
  S->nr = nr;
  S->nv = nv;
  S->nl = nl;
  S->r = calloc((size_t)nr + 1, sizeof(double));
  S->u = calloc((size_t)nr + 1, sizeof(double));
  S->v = nv ? calloc((size_t)nv, sizeof(double)) : NULL;
  S->l = nl ? calloc((size_t)nl, sizeof(double)) : NULL;
  if (!S->r || !S->u || (nv && !S->v) || (nl && !S->l)) { sn_solution_free(S); return NULL; }
  return S;
}

void sn_solution_free(sn_solution *S)
{
  if (!S) return;
  free(S->r);
  free(S->u);
  free(S->v);
  free(S->l);
  free(S);
}

/* no early exit (the loop vectorizes; valid data, the common case, is read whole anyway):
 * x is finite when |x| <= DBL_MAX (false for infinities and NaN) */
static int finite_vec(int n, const double *x)
{
  int ok = 1;
  for (int i = 0; i < n; i++) ok &= fabs(x[i]) <= DBL_MAX;
  return ok;
}

/* structure and values of a sparse matrix of the expected size */
static int check_matrix(const sn_csc *A, int m, int n, const char *name, char *msg, size_t len)
{
  if (!A) return sn_msg_fail(msg, len, SN_ERR_ARG, "%s is missing", name);
  if (A->m != m || A->n != n)
    return sn_msg_fail(msg, len, SN_ERR_DIM, "%s is %dx%d, expected %dx%d", name, A->m, A->n, m, n);
  if (sn_csc_check(A)) return sn_msg_fail(msg, len, SN_ERR_FORMAT, "%s has an inconsistent sparse structure", name);
  if (!finite_vec(A->nnz, A->val)) return sn_msg_fail(msg, len, SN_ERR_NAN, "%s has NaN or Inf entries", name);
  return SN_OK;
}

static int check_vec(int n, const double *x, const char *name, char *msg, size_t len)
{
  if (n > 0 && !x) return sn_msg_fail(msg, len, SN_ERR_ARG, "%s is missing", name);
  if (n > 0 && !finite_vec(n, x)) return sn_msg_fail(msg, len, SN_ERR_NAN, "%s has NaN or Inf entries", name);
  return SN_OK;
}

static int check_mu(int nc, const double *mu, char *msg, size_t len)
{
  int st = check_vec(nc, mu, "mu", msg, len);
  if (st) return st;
  for (int i = 0; i < nc; i++)
    if (mu[i] < 0) return sn_msg_fail(msg, len, SN_ERR_ARG, "mu[%d] = %g is negative", i, mu[i]);
  return SN_OK;
}

int sn_lcp_check(const sn_lcp *P, char *msg, size_t len)
{
  if (!P) return sn_msg_fail(msg, len, SN_ERR_ARG, "no problem");
  if (P->n < 0) return sn_msg_fail(msg, len, SN_ERR_DIM, "negative size %d", P->n);
  int st = check_matrix(P->M, P->n, P->n, "M", msg, len);
  return st ? st : check_vec(P->n, P->q, "q", msg, len);
}

int sn_fc_check(const sn_fc *P, char *msg, size_t len)
{
  if (!P) return sn_msg_fail(msg, len, SN_ERR_ARG, "no problem");
  if (P->dim != 2 && P->dim != 3) return sn_msg_fail(msg, len, SN_ERR_DIM, "dimension %d is not 2 or 3", P->dim);
  if (P->nc < 0 || P->nc > (1 << 28)) return sn_msg_fail(msg, len, SN_ERR_DIM, "invalid number of contacts %d", P->nc);
  int n = P->dim * P->nc, st = check_matrix(P->W, n, n, "W", msg, len);
  if (!st) st = check_vec(n, P->q, "q", msg, len);
  return st ? st : check_mu(P->nc, P->mu, msg, len);
}

int sn_gfc_check(const sn_gfc *P, char *msg, size_t len) { return sn_gfc_check_opts(P, 1, msg, len); }

int sn_gfc_check_opts(const sn_gfc *P, int check_m, char *msg, size_t len)
{
  if (!P) return sn_msg_fail(msg, len, SN_ERR_ARG, "no problem");
  if (P->dim != 2 && P->dim != 3) return sn_msg_fail(msg, len, SN_ERR_DIM, "dimension %d is not 2 or 3", P->dim);
  if (P->nc < 0 || P->ndof < 0 || P->neq < 0) return sn_msg_fail(msg, len, SN_ERR_DIM, "negative size");
  if (P->nc > (1 << 28)) return sn_msg_fail(msg, len, SN_ERR_DIM, "invalid number of contacts %d", P->nc);
  int n = P->dim * P->nc;
  int st = check_m ? check_matrix(P->M, P->ndof, P->ndof, "M", msg, len) : SN_OK;
  if (!st) st = check_matrix(P->H, P->ndof, n, "H", msg, len);
  if (!st && P->neq > 0) st = check_matrix(P->G, P->ndof, P->neq, "G", msg, len);
  if (!st) st = check_vec(P->ndof, P->f, "f", msg, len);
  if (!st) st = check_vec(n, P->w, "w", msg, len);
  if (!st && P->neq > 0) st = check_vec(P->neq, P->b, "b", msg, len);
  if (!st) st = check_mu(P->nc, P->mu, msg, len);
  if (st) return st;
  /* stored FE matrices are symmetric only to their printed digits (CubeH8.hdf5: 39 against 0
   * in a matrix of norm 2.6e8, 1.5e-7): accept 1e-6 relative */
  if (!check_m) return SN_OK;
  double asym = sn_csc_asymmetry(P->M);
  if (isnan(asym)) return sn_msg_fail(msg, len, SN_ERR_NOMEM, "out of memory");
  if (asym > 1e-6) return sn_msg_fail(msg, len, SN_ERR_ARG, "M is not symmetric (|M - M^T| = %.2g |M|)", asym);
  return SN_OK;
}
