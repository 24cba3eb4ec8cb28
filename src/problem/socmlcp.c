/* Mixed second-order cone LCPs (SOCMLCP) and the exact cone form of Coulomb's law with one extra
 * variable per contact: release, validation, natural-map error, the local and global SOCMLCP
 * forms and the pure SOCLCP form of frictional contact, with their start and back maps.
 *
 * Y. Kanno, J.A.C. Martins, A. Pinto da Costa, "O problema de contacto com atrito em termos de
 * complementaridade em cones de segunda ordem", CMNE 2004 (slides 8-10: the extra variable
 * lambda and the pairs (mu r_N, r_T) / (lambda, u_T) in L^3 and r_N / u_N in L^1; slide 10: the
 * SOCLCP y = M x + q; slide 18: the mixed form with free variables), and the paper
 * Kanno, Martins & Pinto da Costa, IJNME 65 (2006) 62-83. Layout per contact i (problem.h):
 *   mu_i > 0:  x_i = (lambda, u_T ; u_N)  in L^dim x L^1,  y_i = (mu r_N, r_T ; r_N)
 *   mu_i = 0:  x_i = u_N in L^1, y_i = r_N, and the equation r_T = 0. */
#include "signorini/problem.h"

#include <float.h>
#include <lapacke.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define EXACT_MAX 3000        /* largest dim * nc for the dense SOCLCP form */
#define EXACT_RCOND 1e-13     /* W_KK with a smaller reciprocal condition number is singular */

void sn_socmlcp_free(sn_socmlcp *P)
{
  if (!P) return;
  sn_csc_free(P->A);
  free(P->a);
  free(P->csize);
  free(P);
}

int sn_socmlcp_check(const sn_socmlcp *P, char *msg, size_t len)
{
  char dummy[8];
  if (!msg || !len) { msg = dummy; len = sizeof dummy; }
  if (!P || !P->A || !P->a || (P->ncones > 0 && !P->csize)) { snprintf(msg, len, "incomplete problem"); return SN_ERR_ARG; }
  if (P->nf < 0 || P->n < 0 || P->ncones < 0) { snprintf(msg, len, "negative size"); return SN_ERR_DIM; }
  int n = 0;
  for (int k = 0; k < P->ncones; k++) {
    if (P->csize[k] < 1 || P->csize[k] > 3) { snprintf(msg, len, "cone %d has size %d (1, 2 or 3)", k, P->csize[k]); return SN_ERR_DIM; }
    n += P->csize[k];
  }
  int N = P->nf + P->n;
  if (n != P->n || P->A->m != N || P->A->n != N) {
    snprintf(msg, len, "cone sizes add to %d, A is %dx%d, nf + n = %d", n, P->A->m, P->A->n, N);
    return SN_ERR_DIM;
  }
  if (sn_csc_check(P->A)) { snprintf(msg, len, "A has an inconsistent sparse structure"); return SN_ERR_FORMAT; }
  for (int p = 0; p < P->A->nnz; p++)
    if (!isfinite(P->A->val[p])) { snprintf(msg, len, "A has NaN or Inf entries"); return SN_ERR_NAN; }
  for (int i = 0; i < N; i++)
    if (!isfinite(P->a[i])) { snprintf(msg, len, "a has NaN or Inf entries"); return SN_ERR_NAN; }
  return SN_OK;
}

double sn_socmlcp_error_y(const sn_socmlcp *P, const double *z, const double *F)
{
  if (!P || !z || !F) return NAN;
  int nf = P->nf, N = nf + P->n;
  double sum = 0.0, t[3];
  for (int i = 0; i < nf; i++) sum += F[i] * F[i];
  const double *x = z + nf, *y = F + nf;
  for (int k = 0, o = 0; k < P->ncones; o += P->csize[k++]) {
    int m = P->csize[k];
    for (int j = 0; j < m; j++) t[j] = x[o + j] - y[o + j];
    sn_proj_soc(m, t);
    for (int j = 0; j < m; j++) sum += (x[o + j] - t[j]) * (x[o + j] - t[j]);
  }
  double nrm = fmax(sn_nrm2(N, P->a), fmax(sn_nrm2(N, z), sn_nrm2(N, F)));
  return nrm > DBL_EPSILON ? sqrt(sum) / nrm : sqrt(sum);
}

double sn_socmlcp_error(const sn_socmlcp *P, const double *z)
{
  if (!P || !z || !P->a || !P->A) return NAN;
  int N = P->nf + P->n;
  double *F = malloc(sizeof(double) * (size_t)(N > 0 ? N : 1));
  if (!F) return NAN;
  sn_copy(N, P->a, F);
  sn_csc_gemv(P->A, 1.0, z, 1.0, F);
  double e = sn_socmlcp_error_y(P, z, F);
  free(F);
  return e;
}

/* ---- the layout of the cone part ---- */

/* entries of x_i: dim + 1 (lambda, u_T, u_N) or 1 (u_N) */
static int xsize(const double *mu, int d, int i) { return mu[i] > 0 ? d + 1 : 1; }

/* offsets of x_i (nc + 1) and the cone sizes; returns n (or -1 on a memory failure) */
static int layout(int d, int nc, const double *mu, int **xo_out, int **cs_out, int *ncones)
{
  int *xo = malloc(sizeof(int) * ((size_t)nc + 1)), *cs = malloc(sizeof(int) * (2 * (size_t)nc + 1));
  if (!xo || !cs) { free(xo); free(cs); return -1; }
  int n = 0, k = 0;
  for (int i = 0; i < nc; i++) {
    xo[i] = n;
    if (mu[i] > 0) cs[k++] = d;
    cs[k++] = 1;
    n += xsize(mu, d, i);
  }
  xo[nc] = n;
  *xo_out = xo;
  *cs_out = cs;
  *ncones = k;
  return n;
}

/* position in x_i of u_j, j = d i + c (c = 0 normal) */
static int upos(const double *mu, int d, int i, int c)
{
  if (mu[i] > 0) return c == 0 ? d : c;
  return 0;
}

/* x_i from u_i */
static void x_from_u(const double *mu, int d, int i, const double *ui, double *xi)
{
  if (mu[i] > 0) {
    xi[0] = d == 3 ? hypot(ui[1], ui[2]) : fabs(ui[1]);
    for (int c = 1; c < d; c++) xi[c] = ui[c];
    xi[d] = ui[0];
  } else {
    xi[0] = ui[0];
  }
}

/* triplet buffer */
typedef struct { int k, cap; int *i, *j; double *x; } trip;

static int trip_init(trip *T, size_t cap)
{
  if (cap > (size_t)1 << 30) return SN_ERR_NOMEM;
  T->k = 0;
  T->cap = (int)(cap > 0 ? cap : 1);
  T->i = malloc(sizeof(int) * (size_t)T->cap);
  T->j = malloc(sizeof(int) * (size_t)T->cap);
  T->x = malloc(sizeof(double) * (size_t)T->cap);
  return T->i && T->j && T->x ? SN_OK : SN_ERR_NOMEM;
}

static void trip_add(trip *T, int i, int j, double x)
{
  if (T->k < T->cap) { T->i[T->k] = i; T->j[T->k] = j; T->x[T->k++] = x; }
}

static void trip_free(trip *T) { free(T->i); free(T->j); free(T->x); }

/* the rows shared by both forms: the S x part of the velocity rows (row0 + j, or r_T = 0 at
 * column rcol + j where mu = 0) and the cone rows y = P r (r at column rcol) */
static void add_cone_rows(trip *T, int d, int nc, const double *mu, const int *xo, int row0, int rcol, int nf)
{
  for (int i = 0; i < nc; i++) {
    int xc = nf + xo[i];
    for (int c = 0; c < d; c++) {
      int j = d * i + c;
      if (mu[i] > 0 || c == 0) trip_add(T, row0 + j, xc + upos(mu, d, i, c), -1.0);
      else trip_add(T, row0 + j, rcol + j, 1.0);
    }
    if (mu[i] > 0) {
      trip_add(T, xc, rcol + d * i, mu[i]);
      for (int c = 1; c < d; c++) trip_add(T, xc + c, rcol + d * i + c, 1.0);
      trip_add(T, xc + d, rcol + d * i, 1.0);
    } else {
      trip_add(T, xc, rcol + d * i, 1.0);
    }
  }
}

static int finish(trip *T, int nf, int n, int ncones, int *cs, double *a, sn_socmlcp **out)
{
  sn_socmlcp *S = calloc(1, sizeof *S);
  int st = S ? sn_csc_from_triplets(nf + n, nf + n, T->k, T->i, T->j, T->x, &S->A) : SN_ERR_NOMEM;
  if (st) { free(S); free(cs); free(a); return st; }
  S->nf = nf;
  S->n = n;
  S->ncones = ncones;
  S->csize = cs;
  S->a = a;
  *out = S;
  return SN_OK;
}

int sn_fc_to_socmlcp(const sn_fc *P, sn_socmlcp **out)
{
  if (!P || !out) return SN_ERR_ARG;
  *out = NULL;
  int st = sn_fc_check(P, NULL, 0);
  if (st) return st;
  int d = P->dim, nc = P->nc, nf = d * nc, *xo = NULL, *cs = NULL, ncones;
  int n = layout(d, nc, P->mu, &xo, &cs, &ncones);
  if (n < 0) return SN_ERR_NOMEM;
  trip T;
  double *a = calloc((size_t)(nf + n) + 1, sizeof(double));
  st = trip_init(&T, (size_t)P->W->nnz + 2 * (size_t)nf + (size_t)n);
  if (st || !a) { trip_free(&T); free(a); free(xo); free(cs); return SN_ERR_NOMEM; }
  /* W r + q in the velocity rows kept (normal rows, tangential rows where mu > 0) */
  for (int j = 0; j < nf; j++)
    for (int p = P->W->colptr[j]; p < P->W->colptr[j + 1]; p++) {
      int i = P->W->rowind[p];
      if (P->mu[i / d] > 0 || i % d == 0) trip_add(&T, i, j, P->W->val[p]);
    }
  for (int j = 0; j < nf; j++) a[j] = P->mu[j / d] > 0 || j % d == 0 ? P->q[j] : 0.0;
  add_cone_rows(&T, d, nc, P->mu, xo, 0, 0, nf);
  free(xo);
  st = finish(&T, nf, n, ncones, cs, a, out);
  trip_free(&T);
  return st;
}

int sn_gfc_to_socmlcp(const sn_gfc *P, sn_socmlcp **out)
{
  if (!P || !out) return SN_ERR_ARG;
  *out = NULL;
  int st = sn_gfc_check(P, NULL, 0);
  if (st) return st;
  if (P->neq > 0) return SN_ERR_ARG;
  int d = P->dim, nc = P->nc, m = P->ndof, nr = d * nc, nf = m + nr, *xo = NULL, *cs = NULL, ncones;
  int n = layout(d, nc, P->mu, &xo, &cs, &ncones);
  if (n < 0) return SN_ERR_NOMEM;
  trip T;
  double *a = calloc((size_t)(nf + n) + 1, sizeof(double));
  st = trip_init(&T, (size_t)P->M->nnz + 2 * (size_t)P->H->nnz + 2 * (size_t)nr + (size_t)n);
  if (st || !a) { trip_free(&T); free(a); free(xo); free(cs); return SN_ERR_NOMEM; }
  for (int j = 0; j < m; j++)                              /* M v */
    for (int p = P->M->colptr[j]; p < P->M->colptr[j + 1]; p++) trip_add(&T, P->M->rowind[p], j, P->M->val[p]);
  for (int j = 0; j < nr; j++)                             /* - H r, and H^T v in the kept rows */
    for (int p = P->H->colptr[j]; p < P->H->colptr[j + 1]; p++) {
      int l = P->H->rowind[p];
      trip_add(&T, l, m + j, -P->H->val[p]);
      if (P->mu[j / d] > 0 || j % d == 0) trip_add(&T, m + j, l, P->H->val[p]);
    }
  for (int l = 0; l < m; l++) a[l] = -P->f[l];
  for (int j = 0; j < nr; j++) a[m + j] = P->mu[j / d] > 0 || j % d == 0 ? P->w[j] : 0.0;
  add_cone_rows(&T, d, nc, P->mu, xo, m, m, nf);
  free(xo);
  st = finish(&T, nf, n, ncones, cs, a, out);
  trip_free(&T);
  return st;
}

int sn_fc_socmlcp_start(const sn_fc *P, const double *r, double *z)
{
  if (!P || !z || !P->W || !P->q || !P->mu) return SN_ERR_ARG;
  int d = P->dim, nf = d * P->nc;
  double *u = malloc(sizeof(double) * ((size_t)nf + 1));
  if (!u) return SN_ERR_NOMEM;
  sn_copy(nf, P->q, u);
  if (r) sn_csc_gemv(P->W, 1.0, r, 1.0, u);
  for (int j = 0; j < nf; j++) z[j] = r ? r[j] : 0.0;
  for (int i = 0, o = nf; i < P->nc; o += xsize(P->mu, d, i++)) x_from_u(P->mu, d, i, u + d * i, z + o);
  free(u);
  return SN_OK;
}

int sn_gfc_socmlcp_start(const sn_gfc *P, const double *r, const double *v, double *z)
{
  if (!P || !z || !P->H || !P->w || !P->mu) return SN_ERR_ARG;
  int d = P->dim, m = P->ndof, nr = d * P->nc;
  double *u = malloc(sizeof(double) * ((size_t)nr + 1));
  if (!u) return SN_ERR_NOMEM;
  sn_copy(nr, P->w, u);
  if (v) sn_csc_gemv_t(P->H, 1.0, v, 1.0, u);
  for (int l = 0; l < m; l++) z[l] = v ? v[l] : 0.0;
  for (int j = 0; j < nr; j++) z[m + j] = r ? r[j] : 0.0;
  for (int i = 0, o = m + nr; i < P->nc; o += xsize(P->mu, d, i++)) x_from_u(P->mu, d, i, u + d * i, z + o);
  free(u);
  return SN_OK;
}

/* ---- the pure SOCLCP form (slide 10) ---- */

int sn_fc_to_soclcp_exact(const sn_fc *P, sn_soclcp **out)
{
  if (!P || !out) return SN_ERR_ARG;
  *out = NULL;
  int st = sn_fc_check(P, NULL, 0);
  if (st) return st;
  int d = P->dim, nc = P->nc, nr = d * nc;
  if (nr > EXACT_MAX) return SN_ERR_ARG;
  int *xo = NULL, *cs = NULL, ncones;
  int n = layout(d, nc, P->mu, &xo, &cs, &ncones);
  if (n < 0) return SN_ERR_NOMEM;
  /* K: kept unknowns; kpos[j] = position of r_j in K or -1; ux[p] = position in x of u_K[p] */
  int *kpos = malloc(sizeof(int) * ((size_t)nr + 1)), *ux = malloc(sizeof(int) * ((size_t)nr + 1));
  int *ypp = malloc(sizeof(int) * ((size_t)n + 1));        /* y row -> position in K of its r */
  double *ycf = malloc(sizeof(double) * ((size_t)n + 1));   /* y row = ycf r_K[ypp] */
  sn_soclcp *S = calloc(1, sizeof *S);
  double *Wk = NULL, *Wi = NULL, *qk = NULL, *wq = NULL;
  lapack_int *piv = NULL;
  st = SN_ERR_NOMEM;
  if (!kpos || !ux || !ypp || !ycf || !S) goto done;
  int nk = 0;
  for (int j = 0; j < nr; j++) {
    int i = j / d, c = j % d;
    if (P->mu[i] > 0 || c == 0) { kpos[j] = nk; ux[nk++] = xo[i] + upos(P->mu, d, i, c); }
    else kpos[j] = -1;
  }
  for (int i = 0; i < nc; i++) {
    int o = xo[i];
    if (P->mu[i] > 0) {
      ypp[o] = kpos[d * i]; ycf[o] = P->mu[i];
      for (int c = 1; c < d; c++) { ypp[o + c] = kpos[d * i + c]; ycf[o + c] = 1.0; }
      ypp[o + d] = kpos[d * i]; ycf[o + d] = 1.0;
    } else {
      ypp[o] = kpos[d * i]; ycf[o] = 1.0;
    }
  }
  size_t nk2 = (size_t)nk * (size_t)nk;
  Wk = calloc(nk2 + 1, sizeof(double));
  Wi = calloc(nk2 + 1, sizeof(double));
  qk = malloc(sizeof(double) * ((size_t)nk + 1));
  wq = malloc(sizeof(double) * ((size_t)nk + 1));
  piv = malloc(sizeof(lapack_int) * ((size_t)nk + 1));
  if (!Wk || !Wi || !qk || !wq || !piv) goto done;
  for (int j = 0; j < nr; j++) {
    if (kpos[j] < 0) continue;
    qk[kpos[j]] = P->q[j];
    for (int p = P->W->colptr[j]; p < P->W->colptr[j + 1]; p++) {
      int i = P->W->rowind[p];
      if (kpos[i] >= 0) Wk[kpos[i] + (size_t)nk * kpos[j]] += P->W->val[p];
    }
  }
  if (nk > 0) {
    double anorm = 0.0, rcond = 0.0;
    for (int j = 0; j < nk; j++) {
      double s = 0.0;
      for (int i = 0; i < nk; i++) s += fabs(Wk[i + (size_t)nk * j]);
      anorm = fmax(anorm, s);
    }
    lapack_int info = LAPACKE_dgetrf(LAPACK_COL_MAJOR, nk, nk, Wk, nk, piv);
    if (info > 0) { st = SN_ERR_SINGULAR; goto done; }
    if (info < 0) { st = SN_ERR_BACKEND; goto done; }
    info = LAPACKE_dgecon(LAPACK_COL_MAJOR, '1', nk, Wk, nk, anorm, &rcond);
    if (info != 0) { st = SN_ERR_BACKEND; goto done; }
    if (!(rcond >= EXACT_RCOND)) { st = SN_ERR_SINGULAR; goto done; }
    for (int j = 0; j < nk; j++) Wi[j + (size_t)nk * j] = 1.0;
    sn_copy(nk, qk, wq);
    info = LAPACKE_dgetrs(LAPACK_COL_MAJOR, 'N', nk, nk, Wk, nk, piv, Wi, nk);
    if (info == 0) info = LAPACKE_dgetrs(LAPACK_COL_MAJOR, 'N', nk, 1, Wk, nk, piv, wq, nk);
    if (info != 0) { st = SN_ERR_BACKEND; goto done; }
  }
  /* M column ux[p] = P (column p of W_KK^-1); lambda columns are empty */
  int *xcol = malloc(sizeof(int) * ((size_t)n + 1));   /* x column -> p or -1 */
  if (!xcol) goto done;
  for (int c = 0; c < n; c++) xcol[c] = -1;
  for (int p = 0; p < nk; p++) xcol[ux[p]] = p;
  size_t nnz = 0;
  for (int c = 0; c < n; c++)
    if (xcol[c] >= 0)
      for (int row = 0; row < n; row++) nnz += ycf[row] * Wi[ypp[row] + (size_t)nk * xcol[c]] != 0.0;
  if (nnz > (size_t)1 << 30 || !(S->M = sn_csc_alloc(n, n, (int)(nnz > 0 ? nnz : 1)))) { free(xcol); goto done; }
  int k = 0;
  for (int c = 0; c < n; c++) {
    S->M->colptr[c] = k;
    if (xcol[c] < 0) continue;
    for (int row = 0; row < n; row++) {
      double v = ycf[row] * Wi[ypp[row] + (size_t)nk * xcol[c]];
      if (v != 0.0) { S->M->rowind[k] = row; S->M->val[k++] = v; }
    }
  }
  S->M->colptr[n] = k;
  S->M->nnz = k;
  free(xcol);
  S->q = malloc(sizeof(double) * ((size_t)n + 1));
  if (!S->q) goto done;
  for (int row = 0; row < n; row++) S->q[row] = -ycf[row] * wq[ypp[row]];
  S->n = n;
  S->ncones = ncones;
  S->csize = cs;
  cs = NULL;
  st = SN_OK;
done:
  free(xo); free(cs); free(kpos); free(ux); free(ypp); free(ycf);
  free(Wk); free(Wi); free(qk); free(wq); free(piv);
  if (st) { sn_soclcp_free(S); return st; }
  *out = S;
  return SN_OK;
}

int sn_soclcp_exact_x_to_r(const sn_fc *P, const sn_soclcp *S, const double *x, double *r)
{
  if (!P || !S || !x || !r || !S->M || !S->q || !P->mu) return SN_ERR_ARG;
  int d = P->dim, n = S->n;
  double *y = malloc(sizeof(double) * ((size_t)n + 1));
  if (!y) return SN_ERR_NOMEM;
  sn_copy(n, S->q, y);
  sn_csc_gemv(S->M, 1.0, x, 1.0, y);
  for (int i = 0, o = 0; i < P->nc; o += xsize(P->mu, d, i++)) {
    double *ri = r + d * i;
    if (P->mu[i] > 0) {
      ri[0] = y[o + d];
      for (int c = 1; c < d; c++) ri[c] = y[o + c];
    } else {
      ri[0] = y[o];
      for (int c = 1; c < d; c++) ri[c] = 0.0;
    }
  }
  free(y);
  return SN_OK;
}

int sn_soclcp_exact_r_to_x(const sn_fc *P, const double *r, double *x)
{
  if (!P || !r || !x || !P->W || !P->q || !P->mu) return SN_ERR_ARG;
  int d = P->dim, nr = d * P->nc;
  double *u = malloc(sizeof(double) * ((size_t)nr + 1));
  if (!u) return SN_ERR_NOMEM;
  sn_copy(nr, P->q, u);
  sn_csc_gemv(P->W, 1.0, r, 1.0, u);
  for (int i = 0, o = 0; i < P->nc; o += xsize(P->mu, d, i++)) x_from_u(P->mu, d, i, u + d * i, x + o);
  free(u);
  return SN_OK;
}
