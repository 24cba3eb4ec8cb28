/* The condensed (Delassus) form of an increment's contact problem with one factorization kept
 * over the analysis. Eliminating du from K du = R + H r (K = K_FF, symmetric positive definite)
 * gives the local frictional contact problem
 *     u = W r + q,   W = H^T K^-1 H,   q = w + H^T K^-1 R
 * (the condensation of the global problem, as sn_gfc_to_fc; Acary, Bremond, Huber, "On solving
 * contact problems with Coulomb friction: formulations and numerical comparisons", 2018, sec. 2),
 * solved by a local solver (semismooth Newton, Lemke), then du = K^-1 (R + H r).
 *
 * What is kept between calls (sn_ccache): K's factor (its owner refactorizes only when K
 * changes: once per analysis in small strain), and W. In small strain W depends only on K and
 * on the columns of H, so a point whose free rows of H are unchanged (same slave node, same
 * entries) keeps its rows and columns of W; only the columns of the new or changed points are
 * solved for, in blocks of right-hand sides (CHOLMOD's supernodal solve on a dense block: BLAS-3
 * instead of one triangular sweep per column), and their rows follow by symmetry. An increment
 * whose candidate points did not change costs two solves with the existing factor (q and du)
 * plus the local solve on W. */
#include "analysis/contact_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define CC_BLOCK 64        /* right-hand sides per block solve */
#define CC_BLOCK_BYTES 64e6 /* at most this much memory per block */

void sn_ccache_clear(sn_ccache *C)
{
  if (!C) return;
  free(C->node);
  sn_csc_free(C->HF);
  free(C->W);
  sn_csc_free(C->Wc);
  free(C->pnode);
  free(C->rprev);
  sn_admm_cache_free(C->admm);
  sn_petsc_cache_free(C->petsc);   /* collective: every rank ends its analysis here */
  sn_csc_free(C->M);
  sn_chol *F = C->F;
  int ks = C->kstamp;
  memset(C, 0, sizeof *C);
  C->F = F;
  C->kstamp = ks;
  C->w_kstamp = -1;
}

/* column j of A equals column i of B (same rows, same values, exactly) */
static int same_column(const sn_csc *A, int j, const sn_csc *B, int i)
{
  int la = A->colptr[j + 1] - A->colptr[j], lb = B->colptr[i + 1] - B->colptr[i];
  if (la != lb) return 0;
  return !memcmp(A->rowind + A->colptr[j], B->rowind + B->colptr[i], sizeof(int) * (size_t)la) &&
         !memcmp(A->val + A->colptr[j], B->val + B->colptr[i], sizeof(double) * (size_t)la);
}

/* old[q]: the point of the cached W that point q keeps (same slave node, same columns of H at
 * the same factor), else -1; returns how many points are new */
static int match_points(const sn_ccache *C, const sn_csc *HF, const sn_contact_point *pts, int np,
                        int dim, int nnodes, int *old)
{
  int fresh = np;
  for (int q = 0; q < np; q++) old[q] = -1;
  if (C->w_kstamp != C->kstamp || !C->W || C->dim != dim) return fresh;
  int *at = malloc(sizeof(int) * ((size_t)nnodes + 1));
  if (!at) return fresh;
  for (int i = 0; i < nnodes; i++) at[i] = -1;
  for (int k = 0; k < C->np; k++) at[C->node[k]] = k;
  for (int q = 0; q < np; q++) {
    int k = at[pts[q].slave_node], ok = k >= 0;
    for (int c = 0; c < dim && ok; c++) ok = same_column(HF, dim * q + c, C->HF, dim * k + c);
    if (ok) { old[q] = k; fresh--; }
  }
  free(at);
  return fresh;
}

/* columns `cols` (ncol of them) of W = HF^T K^-1 HF, solved in blocks; rows by symmetry */
static int solve_columns(sn_ccache *C, const sn_csc *HF, const int *cols, int ncol, double *W)
{
  int m = HF->m, nl = HF->n;
  int nb = ncol < CC_BLOCK ? ncol : CC_BLOCK;
  if ((double)m * nb * 8.0 > CC_BLOCK_BYTES) nb = (int)(CC_BLOCK_BYTES / (8.0 * (m > 0 ? m : 1)));
  if (nb < 1) nb = 1;
  double *Z = malloc(sizeof(double) * ((size_t)m * (size_t)nb + 1));
  if (!Z) return SN_ERR_NOMEM;
  int st = SN_OK;
  double t0 = sn_wtime();
  for (int c0 = 0; c0 < ncol && !st; c0 += nb) {
    int k = ncol - c0 < nb ? ncol - c0 : nb;
    memset(Z, 0, sizeof(double) * (size_t)m * (size_t)k);
    for (int c = 0; c < k; c++) {
      int j = cols[c0 + c];
      for (int p = HF->colptr[j]; p < HF->colptr[j + 1]; p++) Z[(size_t)m * c + HF->rowind[p]] = HF->val[p];
    }
    st = sn_chol_solve_multi(C->F, k, Z, Z);
    for (int c = 0; c < k && !st; c++) {
      int j = cols[c0 + c];
      double *wj = W + (size_t)nl * j;
      sn_csc_gemv_t(HF, 1.0, Z + (size_t)m * c, 0.0, wj);
    }
  }
  free(Z);
  if (st) return st;
  if (ncol > 0) C->t_col = (sn_wtime() - t0) / ncol;
  /* rows of the solved columns by symmetry: W_ji = W_ij; where both were solved, their mean */
  unsigned char *isnew = calloc((size_t)nl + 1, 1);
  if (!isnew) return SN_ERR_NOMEM;
  for (int c = 0; c < ncol; c++) isnew[cols[c]] = 1;
  for (int c = 0; c < ncol; c++) {
    int j = cols[c];
    for (int i = 0; i < nl; i++) {
      if (isnew[i] && i > j) continue;   /* each new-new pair once */
      double a = W[i + (size_t)nl * j];
      if (isnew[i]) a = 0.5 * (a + W[j + (size_t)nl * i]);
      W[i + (size_t)nl * j] = W[j + (size_t)nl * i] = a;
    }
  }
  free(isnew);
  C->columns += ncol;
  return SN_OK;
}

/* W for the points pts with free rows HF: the kept part copied, the rest solved for */
static int update_w(sn_ccache *C, const sn_csc *HF, const sn_contact_point *pts, int np, int dim,
                    int nnodes)
{
  int nl = dim * np, st = SN_OK;
  int *old = malloc(sizeof(int) * ((size_t)np + 1)), *cols = malloc(sizeof(int) * ((size_t)nl + 1));
  int *node = malloc(sizeof(int) * ((size_t)np + 1));
  double *W = malloc(sizeof(double) * ((size_t)nl * (size_t)nl + 1));
  sn_csc *Hc = NULL, *Wc = NULL;
  if (!old || !cols || !node || !W) { st = SN_ERR_NOMEM; goto done; }
  int fresh = match_points(C, HF, pts, np, dim, nnodes, old);
  if (fresh == 0 && np == C->np) {           /* the same points in the same order: W as it is */
    int same = 1;
    for (int q = 0; q < np && same; q++) same = old[q] == q;
    if (same) { C->reuses++; goto done; }
  }
  int ncol = 0;
  for (int q = 0; q < np; q++) {
    node[q] = pts[q].slave_node;
    if (old[q] < 0) {
      for (int c = 0; c < dim; c++) cols[ncol++] = dim * q + c;
      continue;
    }
    for (int p = 0; p < np; p++) {           /* kept x kept: from the cached W */
      if (old[p] < 0) continue;
      for (int a = 0; a < dim; a++)
        for (int b = 0; b < dim; b++)
          W[(dim * p + a) + (size_t)nl * (dim * q + b)] = C->W[(dim * old[p] + a) + (size_t)C->nl * (dim * old[q] + b)];
    }
  }
  if ((st = solve_columns(C, HF, cols, ncol, W))) goto done;
  if ((st = sn_csc_canonical(HF, &Hc))) goto done;   /* a copy of HF */
  if ((st = sn_csc_from_dense(nl, nl, W, 0.0, &Wc))) goto done;
  if (ncol == nl) C->builds++;
  free(C->W); free(C->node); sn_csc_free(C->HF); sn_csc_free(C->Wc);
  C->W = W; C->node = node; C->HF = Hc; C->Wc = Wc;
  W = NULL; node = NULL; Hc = NULL; Wc = NULL;
  C->dim = dim; C->np = np; C->nl = nl; C->w_kstamp = C->kstamp;
done:
  free(old); free(cols); free(node); free(W);
  sn_csc_free(Hc); sn_csc_free(Wc);
  return st;
}

int sn_ccache_keep(sn_ccache *C, int dim, const sn_contact_point *pts, int np, const double *r)
{
  int *pn = malloc(sizeof(int) * ((size_t)np + 1));
  double *rp = malloc(sizeof(double) * ((size_t)dim * np + 1));
  if (!pn || !rp) { free(pn); free(rp); return SN_ERR_NOMEM; }
  for (int q = 0; q < np; q++) pn[q] = pts[q].slave_node;
  memcpy(rp, r, sizeof(double) * (size_t)dim * np);
  free(C->pnode); free(C->rprev);
  C->pnode = pn; C->rprev = rp; C->nprev = np; C->pdim = dim;
  return SN_OK;
}

/* r: the last multipliers of the same slave nodes (0 for the others) */
static void warm_start(const sn_ccache *C, int dim, const sn_contact_point *pts, int np, int nnodes, double *r)
{
  memset(r, 0, sizeof(double) * (size_t)dim * np);
  if (!C->nprev || C->pdim != dim) return;
  int *at = malloc(sizeof(int) * ((size_t)nnodes + 1));
  if (!at) return;                           /* a cold start then */
  for (int i = 0; i < nnodes; i++) at[i] = -1;
  for (int k = 0; k < C->nprev; k++) at[C->pnode[k]] = k;
  for (int q = 0; q < np; q++) {
    int k = at[pts[q].slave_node];
    if (k >= 0) memcpy(r + dim * q, C->rprev + dim * k, sizeof(double) * (size_t)dim);
  }
  free(at);
}

int sn_contact_condensed(sn_ccache *C, const sn_gfc *P, const sn_contact_point *pts,
                         const char *local, double tol, double *r, double *du, sn_info *info,
                         double *gerr, const double *cdiag, const sn_gfc *Pext)
{
  if (!C || !C->F || !P || P->H->m != P->ndof) return SN_ERR_ARG;
  int dim = P->dim, np = P->nc, nl = dim * np, m = P->ndof, nnodes = 0, st;
  for (int q = 0; q < np; q++) nnodes = pts[q].slave_node + 1 > nnodes ? pts[q].slave_node + 1 : nnodes;
  for (int k = 0; k < C->np; k++) nnodes = C->node[k] + 1 > nnodes ? C->node[k] + 1 : nnodes;
  for (int k = 0; k < C->nprev; k++) nnodes = C->pnode[k] + 1 > nnodes ? C->pnode[k] + 1 : nnodes;
  if ((st = update_w(C, P->H, pts, np, dim, nnodes))) return st;
  double *q = malloc(sizeof(double) * ((size_t)nl + 1)), *u = malloc(sizeof(double) * ((size_t)nl + 1));
  if (!q || !u) { free(q); free(u); return SN_ERR_NOMEM; }
  /* q = w + H^T K^-1 R */
  if ((st = sn_chol_solve(C->F, P->f, du))) goto done;
  sn_copy(nl, P->w, q);
  sn_csc_gemv_t(P->H, 1.0, du, 1.0, q);
  /* the semismooth Newton methods from the last multipliers (their local convergence); the
   * others from zero: socipm started there met its tolerance at a point 5e-5 (relative) away
   * from the solution of ADMM, nsn_ac and socmixg on tests/data/inp/block4_nsn.inp under
   * CONTACT=INTERIOR (from zero it fails, and the chain's socmixg solves it) */
  if (!strcmp(local, "nsn_ac") || !strcmp(local, "nsn_fb")) warm_start(C, dim, pts, np, nnodes, r);
  else memset(r, 0, sizeof(double) * (size_t)nl);
  /* soft laws and stick compliances: W + the compliances (contact_compliance.c) */
  sn_csc *Wl = C->Wc, *D = NULL, *Wx = NULL;
  if (cdiag) {
    int *I = malloc(sizeof(int) * ((size_t)nl + 1)), nd = 0;
    double *V = malloc(sizeof(double) * ((size_t)nl + 1));
    if (!I || !V) { free(I); free(V); st = SN_ERR_NOMEM; goto done; }
    for (int k = 0; k < nl; k++)
      if (cdiag[k] > 0) { I[nd] = k; V[nd++] = cdiag[k]; }
    st = sn_csc_from_triplets(nl, nl, nd, I, I, V, &D);
    free(I); free(V);
    if (!st) st = sn_csc_add(C->Wc, D, &Wx);
    sn_csc_free(D);
    if (st) goto done;
    Wl = Wx;
  }
  sn_copy(nl, q, u);
  sn_csc_gemv(Wl, 1.0, r, 1.0, u);
  sn_fc L = {dim, np, Wl, q, P->mu};
  sn_settings s;
  sn_settings_default(&s);
  s.tol = tol;
  st = sn_fc_solve(&L, local, r, u, &s, info);
  sn_csc_free(Wx);
  if (st < 0) goto done;
  /* du = K^-1 (R + H r) */
  sn_copy(m, P->f, du);
  sn_csc_gemv(P->H, 1.0, r, 1.0, du);
  int s2 = sn_chol_solve(C->F, du, du);
  if (s2) { st = s2; goto done; }
  /* the global problem's own tests: its error and the absolute measures (docs/solvers.md); with
     compliances on the extended problem, whose spring unknowns are s = c r */
  const sn_gfc *Pc = P;
  double *dux = du;
  if (cdiag && Pext) {
    if (!(dux = calloc((size_t)Pext->ndof + 1, sizeof(double)))) { st = SN_ERR_NOMEM; goto done; }
    memcpy(dux, du, sizeof(double) * (size_t)m);
    for (int k = 0, j = m; k < nl; k++)   /* per point: normal, then tangential (cone_H) */
      if (cdiag[k] > 0) dux[j++] = cdiag[k] * r[k];
    Pc = Pext;
  }
  double e = sn_gfc_error(Pc, r, dux, NULL, NULL, NULL);
  if (gerr) *gerr = e;
  sn_fc_meas ms;
  if (st == SN_OK && !(e <= tol && sn_gfc_measures(Pc, r, dux, tol, &ms) == SN_OK && ms.accepted)) st = SN_STALLED;
  if (dux != du) free(dux);
done:
  free(q);
  free(u);
  return st;
}
