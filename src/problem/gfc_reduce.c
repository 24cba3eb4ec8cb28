/* Global -> local frictional contact: W = H^T M^-1 H, q = H^T M^-1 f + w, by one sparse
 * factorization of M (CHOLMOD, or UMFPACK for a not exactly symmetric M) and one solve per column of H (W keeps only its non-zero entries, so
 * contacts on bodies that do not interact stay uncoupled: M^-1 of a block-diagonal M is
 * exactly block diagonal). */
#include "signorini/problem.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* M^-1 by CHOLMOD when M is symmetric to round-off, else by UMFPACK: stored FE matrices may be
 * symmetric only to their printed digits, and the equilibrium residual uses M as stored */
typedef struct { sn_chol *C; sn_lu *L; } mfactor;

static int mfactor_make(const sn_csc *M, mfactor *F)
{
  F->C = NULL;
  F->L = NULL;
  return sn_csc_asymmetry(M) <= 1e-14 ? sn_chol_factor(M, &F->C) : sn_lu_factor(M, &F->L);
}

static int mfactor_solve(mfactor *F, const double *b, double *x)
{
  return F->C ? sn_chol_solve(F->C, b, x) : sn_lu_solve(F->L, b, x);
}

static void mfactor_free(mfactor *F)
{
  sn_chol_free(F->C);
  sn_lu_free(F->L);
}

int sn_gfc_to_fc(const sn_gfc *P, sn_fc **out)
{
  if (!P || !out) return SN_ERR_ARG;
  *out = NULL;
  int st = sn_gfc_check(P, NULL, 0);
  if (st) return st;
  if (P->neq > 0) return SN_ERR_ARG;
  int m = P->ndof, n = P->dim * P->nc;
  mfactor F;
  if ((st = mfactor_make(P->M, &F))) return st;
  double *x = malloc(sizeof(double) * (size_t)(m > 0 ? m : 1));
  double *col = malloc(sizeof(double) * (size_t)(n > 0 ? n : 1));
  /* triplets of W, grown as needed */
  size_t cap = (size_t)n * 8 + 16, nz = 0;
  int *ti = malloc(sizeof(int) * cap), *tj = malloc(sizeof(int) * cap);
  double *tx = malloc(sizeof(double) * cap);
  sn_fc *L = calloc(1, sizeof *L);
  if (!x || !col || !ti || !tj || !tx || !L) { st = SN_ERR_NOMEM; goto done; }
  for (int j = 0; j < n; j++) {
    if (P->H->colptr[j + 1] == P->H->colptr[j]) continue;   /* empty column: W column 0 */
    memset(x, 0, sizeof(double) * (size_t)m);   /* x = M^-1 (column j of H) */
    for (int p = P->H->colptr[j]; p < P->H->colptr[j + 1]; p++) x[P->H->rowind[p]] = P->H->val[p];
    if ((st = mfactor_solve(&F, x, x))) goto done;
    sn_csc_gemv_t(P->H, 1.0, x, 0.0, col);      /* column j of H^T M^-1 H */
    for (int i = 0; i < n; i++) {
      if (col[i] == 0.0) continue;
      if (nz == cap) {
        cap *= 2;
        int *a = realloc(ti, sizeof(int) * cap), *b = a ? realloc(tj, sizeof(int) * cap) : NULL;
        double *c = b ? realloc(tx, sizeof(double) * cap) : NULL;
        if (a) ti = a;
        if (b) tj = b;
        if (c) tx = c;
        if (!a || !b || !c) { st = SN_ERR_NOMEM; goto done; }
      }
      ti[nz] = i; tj[nz] = j; tx[nz++] = col[i];
    }
  }
  L->dim = P->dim;
  L->nc = P->nc;
  L->q = malloc(sizeof(double) * (size_t)(n > 0 ? n : 1));
  L->mu = malloc(sizeof(double) * (size_t)(P->nc > 0 ? P->nc : 1));
  if (!L->q || !L->mu) { st = SN_ERR_NOMEM; goto done; }
  memcpy(L->mu, P->mu, sizeof(double) * (size_t)P->nc);
  if ((st = mfactor_solve(&F, P->f, x))) goto done;   /* q = H^T M^-1 f + w */
  sn_copy(n, P->w, L->q);
  sn_csc_gemv_t(P->H, 1.0, x, 1.0, L->q);
  if ((st = sn_csc_from_triplets(n, n, (int)nz, ti, tj, tx, &L->W))) goto done;
done:
  mfactor_free(&F);
  free(x); free(col); free(ti); free(tj); free(tx);
  if (st) { sn_fc_free(L); return st; }
  *out = L;
  return SN_OK;
}

/* v = M^-1 (H r + f) */
int sn_gfc_velocity(const sn_gfc *P, const double *r, double *v)
{
  if (!P || !r || !v) return SN_ERR_ARG;
  mfactor F;
  int st = mfactor_make(P->M, &F);
  if (st) return st;
  sn_copy(P->ndof, P->f, v);
  sn_csc_gemv(P->H, 1.0, r, 1.0, v);
  st = mfactor_solve(&F, v, v);
  mfactor_free(&F);
  return st;
}
