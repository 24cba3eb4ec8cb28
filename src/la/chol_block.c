/* A block of the inverse of a sparse symmetric positive definite matrix on a few rows S, from
 * a Cholesky factor whose ordering eliminates S last.
 *
 * With P A P^T = L L^T and the positions T = P S closed under ancestors in the elimination
 * tree (true when S is ordered after every other row: an ancestor always comes later), the
 * column j in T of L^-1 is nonzero only on the ancestors of j, all in T; so
 *     (A^-1)_SS = (L_TT L_TT^T)^-1,
 * the inverse of the Schur complement of A onto S (George & Liu, "Computer Solution of Large
 * Sparse Positive Definite Systems", 1981, ch. 6; the same identity gives the selected
 * inversion of Erisman & Tinney, CACM 18, 1975). It costs O(|S|^3) dense operations on the
 * trailing block instead of |S| solves with the whole factor: the Delassus block
 * H^T A^-1 H of a finite-element contact problem, where H touches only the contact nodes'
 * rows.
 *
 * The ordering is CHOLMOD's constrained minimum degree (CAMD: every row outside S in
 * constraint set 0, S in set 1), then CHOLMOD's postorder, which keeps the elimination tree
 * and hence the closure of T. */
#include "la/chol_internal.h"
#include "signorini/common.h"

#include <cblas.h>
#include <lapacke.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static int cmp_int(const void *a, const void *b)
{
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}

/* the sorted, duplicate-free copy of last[0..nlast) in *out (its length returned in *ns);
 * SN_ERR_ARG for an index outside 0..n-1 */
static int sorted_set(int n, int nlast, const int *last, int **out, int *ns)
{
  int *s = malloc(sizeof(int) * ((size_t)nlast + 1));
  if (!s) return SN_ERR_NOMEM;
  for (int i = 0; i < nlast; i++) {
    if (last[i] < 0 || last[i] >= n) { free(s); return SN_ERR_ARG; }
    s[i] = last[i];
  }
  qsort(s, (size_t)nlast, sizeof(int), cmp_int);
  int k = 0;
  for (int i = 0; i < nlast; i++)
    if (k == 0 || s[i] != s[k - 1]) s[k++] = s[i];
  *out = s;
  *ns = k;
  return SN_OK;
}

/* the factorization's flops predicted by CHOLMOD's symbolic analysis of the order perm */
static double order_flops(cholmod_sparse *S, int *perm, cholmod_common *c)
{
  int nm = c->nmethods, ord = c->method[0].ordering;
  c->nmethods = 1;
  c->method[0].ordering = CHOLMOD_GIVEN;
  cholmod_factor *L = cholmod_analyze_p(S, perm, NULL, 0, c);
  double fl = L ? c->fl : INFINITY;
  cholmod_free_factor(&L, c);
  c->nmethods = nm;
  c->method[0].ordering = ord;
  return fl;
}

/* Where CAMD's constrained order costs much (a 3D block on a plane: its 1 875 contact rows last
 * gave 1.6e10 flops against 2.5e9 unconstrained), METIS' nested dissection with the set moved
 * to the end, kept when its predicted flops are fewer (9.1e9 there). Below METIS_WORTH flops
 * METIS' own time (about 0.1 s at 31k rows) is more than it could save. */
#define METIS_WORTH 2e9
static int try_metis_last(cholmod_sparse *S, int n, const int *cmember, int *perm, double worth, cholmod_common *c)
{
  /* a 2D-like matrix (few entries per column: 18 for plane quadrilaterals, 81 for hexahedra)
   * is left to CAMD without the probe's symbolic analysis */
  if (worth > 0 && S->ncol > 0 && (double)((int *)S->p)[S->ncol] / (double)S->ncol < 20.0) return SN_OK;
  double f_camd = order_flops(S, perm, c);
  if (!(f_camd > worth)) return SN_OK;
  int *pm = malloc(sizeof(int) * ((size_t)n + 1)), *p2 = malloc(sizeof(int) * ((size_t)n + 1));
  int st = SN_OK;
  if (!pm || !p2) st = SN_ERR_NOMEM;
  else if (cholmod_metis(S, NULL, 0, 1, pm, c)) {   /* METIS failing: CAMD's order stays */
    int k = 0;
    for (int i = 0; i < n; i++)
      if (!cmember[pm[i]]) p2[k++] = pm[i];
    for (int i = 0; i < n; i++)
      if (cmember[pm[i]]) p2[k++] = pm[i];
    if (order_flops(S, p2, c) < f_camd) memcpy(perm, p2, sizeof(int) * (size_t)n);
  }
  free(pm);
  free(p2);
  return st;
}

/* CAMD's ordering of A with the rows `set` (sorted, ns of them) after all others */
static int order_last(const sn_csc *A, int ns, const int *set, double worth, int *perm)
{
  const sn_csc *B;
  sn_csc *tmp;
  int st = sn_chol_canonical(A, &B, &tmp);
  if (st) return st;
  int n = A->n;
  int *cmember = calloc((size_t)n + 1, sizeof(int));
  if (!cmember) { sn_csc_free(tmp); return SN_ERR_NOMEM; }
  for (int i = 0; i < ns; i++) cmember[set[i]] = 1;
  cholmod_common c;
  sn_chol_common_start(&c);
  cholmod_sparse S;
  sn_chol_view(B, &S);
  /* every row in S: no constraint (CAMD 2.4.6 reads past its workspace on a 1 x 1 matrix with
     its one row constrained: valgrind, a penalty step of a one-dof model) */
  if (ns == n ? !cholmod_amd(&S, NULL, 0, perm, &c) : !cholmod_camd(&S, NULL, 0, cmember, perm, &c))
    st = c.status == CHOLMOD_OUT_OF_MEMORY ? SN_ERR_NOMEM : SN_ERR_BACKEND;
  if (!st) st = try_metis_last(&S, n, cmember, perm, worth, &c);
  cholmod_finish(&c);
  for (int k = n - ns; k < n && !st; k++)   /* the constraint honoured: S fills the tail */
    if (!cmember[perm[k]]) st = SN_ERR_BACKEND;
  free(cmember);
  sn_csc_free(tmp);
  return st;
}

int sn_chol_factor_last(const sn_csc *A, int nlast, const int *last, sn_chol **out)
{
  return sn_chol_factor_last_metis(A, nlast, last, METIS_WORTH, out);
}

int sn_chol_factor_last_metis(const sn_csc *A, int nlast, const int *last, double metis_worth, sn_chol **out)
{
  if (!A || !out || nlast < 0 || (nlast > 0 && !last)) return SN_ERR_ARG;
  *out = NULL;
  if (A->m != A->n) return SN_ERR_DIM;
  if (sn_csc_check(A)) return SN_ERR_FORMAT;
  int *set = NULL, ns = 0, st = sorted_set(A->n, nlast, last, &set, &ns);
  if (st) return st;
  int *perm = malloc(sizeof(int) * ((size_t)A->n + 1));
  if (!perm) { free(set); return SN_ERR_NOMEM; }
  st = order_last(A, ns, set, metis_worth, perm);
  if (!st) st = sn_chol_factor_perm(A, perm, out);
  free(perm);
  if (st) { free(set); return st; }
  (*out)->last = set;
  (*out)->nlast = ns;
  return SN_OK;
}

int sn_chol_update_last(sn_chol **F, const sn_csc *A, int nlast, const int *last)
{
  if (!F || nlast < 0 || (nlast > 0 && !last)) return SN_ERR_ARG;
  if (*F && A && A->n == (*F)->n) {     /* the same set and pattern: the ordering kept */
    int *set = NULL, ns = 0, st = sorted_set(A->n, nlast, last, &set, &ns);
    if (st) return st;
    int same = ns == (*F)->nlast && !memcmp(set, (*F)->last, sizeof(int) * (size_t)ns);
    free(set);
    if (same) {
      st = sn_chol_refactor(*F, A);
      if (st != SN_ERR_DIM) {
        if (st) { sn_chol_free(*F); *F = NULL; }
        return st;
      }
    }
  }
  sn_chol_free(*F);
  *F = NULL;
  return sn_chol_factor_last(A, nlast, last, F);
}

/* L_TT (lower triangular, ns x ns, column-major) in the order of the positions: at[pos] is
 * the rank of position pos in T, -1 outside T. A stored entry of a column of T in a row
 * outside T would contradict the closure of T: SN_ERR_BACKEND if it is not zero. */
static int trailing_block(const cholmod_factor *L, const int *at, int ns, double *Lt)
{
  const double *Lx = L->x;
  if (L->is_super) {
    const int *super = L->super, *pi = L->pi, *px = L->px, *ls = L->s;
    for (size_t s = 0; s < L->nsuper; s++) {
      int k1 = super[s], k2 = super[s + 1], psi = pi[s], nsrow = pi[s + 1] - psi;
      size_t psx = (size_t)px[s];
      for (int kk = 0; kk < k2 - k1; kk++) {
        int col = k1 + kk;
        if (at[col] < 0) continue;
        for (int ii = kk; ii < nsrow; ii++) {
          double v = Lx[psx + (size_t)ii + (size_t)kk * (size_t)nsrow];
          int row = ls[psi + ii];
          if (at[row] < 0) {
            if (v != 0.0) return SN_ERR_BACKEND;
            continue;
          }
          Lt[at[row] + (size_t)ns * (size_t)at[col]] = v;
        }
      }
    }
    return SN_OK;
  }
  if (!L->is_ll) return SN_ERR_BACKEND;   /* final_ll: an LL^T factor is asked for */
  const int *lp = L->p, *li = L->i, *lnz = L->nz;
  for (size_t col = 0; col < L->n; col++) {
    if (at[col] < 0) continue;
    for (int p = lp[col]; p < lp[col] + lnz[col]; p++) {
      int row = li[p];
      if (at[row] < 0) {
        if (Lx[p] != 0.0) return SN_ERR_BACKEND;
        continue;
      }
      Lt[at[row] + (size_t)ns * (size_t)at[col]] = Lx[p];
    }
  }
  return SN_OK;
}

/* F's trailing block, once per numeric factorization: the ranks of T in position order, L_TT */
static int trailing_setup(sn_chol *F)
{
  if (F->ltt_ok) return SN_OK;
  if (F->nlast == 0 || !F->L || !F->L->Perm) return SN_ERR_ARG;
  const int *perm = F->L->Perm;
  int n = F->n, ns = F->nlast, st = SN_OK;
  int *pinv = malloc(sizeof(int) * ((size_t)n + 1)), *at = malloc(sizeof(int) * ((size_t)n + 1));
  if (!F->ltt) F->ltt = malloc(sizeof(double) * (size_t)ns * (size_t)ns + 1);
  if (!F->tpos) F->tpos = malloc(sizeof(int) * (size_t)ns + 1);
  if (!F->trank) F->trank = malloc(sizeof(int) * (size_t)ns + 1);
  if (!pinv || !at || !F->ltt || !F->tpos || !F->trank) { st = SN_ERR_NOMEM; goto done; }
  for (int p = 0; p < n; p++) { pinv[perm[p]] = p; at[p] = -1; }
  for (int i = 0; i < ns; i++) at[pinv[F->last[i]]] = 0;   /* T, then ranked in position order */
  for (int p = 0, r = 0; p < n; p++)
    if (at[p] == 0) { F->tpos[r] = p; at[p] = r++; }
  for (int i = 0; i < ns; i++) F->trank[i] = at[pinv[F->last[i]]];
  memset(F->ltt, 0, sizeof(double) * (size_t)ns * (size_t)ns);
  if ((st = trailing_block(F->L, at, ns, F->ltt))) goto done;
  F->ltt_ok = 1;
done:
  free(pinv);
  free(at);
  return st;
}

/* the index in F->last of row (binary search), -1 when not there */
static int last_index(const sn_chol *F, int row)
{
  const int *hit = bsearch(&row, F->last, (size_t)F->nlast, sizeof(int), cmp_int);
  return hit ? (int)(hit - F->last) : -1;
}

/* the upper triangle of the n x n column-major a from its lower one, in tiles of 32 x 32 (a
 * row of the lower triangle is read across columns: one cache line a value, untiled) */
static void fill_upper(int n, double *a)
{
  enum { TILE = 32 };
  for (int jb = 0; jb < n; jb += TILE)
    for (int ib = 0; ib <= jb; ib += TILE) {
      int je = jb + TILE < n ? jb + TILE : n, ie = ib + TILE < n ? ib + TILE : n;
      for (int j = jb; j < je; j++)
        for (int i = ib; i < ie && i < j; i++) a[i + (size_t)n * (size_t)j] = a[j + (size_t)n * (size_t)i];
    }
}

int sn_chol_inverse_trailing(sn_chol *F, double **inv, const int **rank)
{
  if (!F || !inv) return SN_ERR_ARG;
  *inv = NULL;
  if (F->nlast == 0 || !F->L || !F->L->Perm) return SN_ERR_ARG;
  int ns = F->nlast, st;
  if ((st = trailing_setup(F))) return st;
  /* L_TT itself becomes the inverse: F gives its buffer away and builds L_TT again from the
   * factor when a trailing solve next needs it (trailing_setup). Inverting a copy instead held
   * both at once, nlast^2 more memory touched for the first time: on the 24 x 24 x 8 contact
   * block (nlast 3 750) 112 MB, whose first-touch page faults cost about 0.2 s on the
   * development VM. Building L_TT again costs a few milliseconds where the freed buffer is
   * reused (the program's heap keeps freed blocks, src/cli/malloc_tune.c; glibc's default
   * serves a block this large by mmap, fresh pages again). */
  double *Lt = F->ltt;
  F->ltt = NULL;
  F->ltt_ok = 0;
  /* (L_TT L_TT^T)^-1, lower triangle (LAPACK dpotri from the Cholesky factor), then both */
  int info = LAPACKE_dpotri(LAPACK_COL_MAJOR, 'L', ns, Lt, ns);
  if (info) { free(Lt); return info > 0 ? SN_ERR_SINGULAR : SN_ERR_BACKEND; }
  fill_upper(ns, Lt);
  *inv = Lt;
  if (rank) *rank = F->trank;
  return SN_OK;
}

int sn_chol_inverse_block(sn_chol *F, int k, const int *rows, double *Z)
{
  if (!F || k < 0 || (k > 0 && (!rows || !Z))) return SN_ERR_ARG;
  if (k == 0) return SN_OK;
  if (F->nlast == 0 || !F->L || !F->L->Perm) return SN_ERR_ARG;
  int ns = F->nlast, st;
  for (int i = 0; i < k; i++)           /* every row asked for is in S */
    if (rows[i] < 0 || rows[i] >= F->n || last_index(F, rows[i]) < 0) return SN_ERR_ARG;
  int *tr = malloc(sizeof(int) * (size_t)k + 1);   /* the rank in T of each row asked for */
  if (!tr) return SN_ERR_NOMEM;
  double *Lt = NULL;
  const int *trank = NULL;
  if ((st = sn_chol_inverse_trailing(F, &Lt, &trank))) { free(tr); return st; }
  for (int i = 0; i < k; i++) tr[i] = trank[last_index(F, rows[i])];
  for (int j = 0; j < k; j++)
    for (int i = 0; i < k; i++) Z[i + (size_t)k * (size_t)j] = Lt[tr[i] + (size_t)ns * (size_t)tr[j]];
  free(Lt);
  free(tr);
  return SN_OK;
}

/* ---- the solve split at the trailing block (A = P^T L L^T P, T = P S last) ----
 * A^-1 b = P^T L^-T L^-1 P b. Its value on S needs only the trailing rows of the backward
 * sweep (y_T -> L_TT^-T y_T: the column j of L^-T in T is nonzero on T only), and a right-hand
 * side on S only the trailing rows of the forward sweep (P b is zero before T): each costs
 * O(nlast^2) instead of half a solve with the whole factor. */
int sn_chol_forward(sn_chol *F, const double *b, double *y)
{
  int st = sn_chol_solve_sys(F, CHOLMOD_P, b, y);
  return st ? st : sn_chol_solve_sys(F, CHOLMOD_L, y, y);
}

int sn_chol_backward(sn_chol *F, const double *y, double *x)
{
  int st = sn_chol_solve_sys(F, CHOLMOD_Lt, y, x);
  return st ? st : sn_chol_solve_sys(F, CHOLMOD_Pt, x, x);
}

/* y's trailing rows gathered (factor order), then L_TT^-T (solve) or L_TT (mul) applied, the
 * result in S's order: sn_chol_last_ltsolve and sn_chol_last_lmul */
static int trailing_apply(sn_chol *F, const double *y, double *out, int mul)
{
  if (!F || !y || !out) return SN_ERR_ARG;
  int st = trailing_setup(F), ns = F->nlast;
  if (st) return st;
  double *t = malloc(sizeof(double) * (size_t)ns + 1);
  if (!t) return SN_ERR_NOMEM;
  for (int r = 0; r < ns; r++) t[r] = y[F->tpos[r]];
  if (mul) cblas_dtrmv(CblasColMajor, CblasLower, CblasNoTrans, CblasNonUnit, ns, F->ltt, ns, t, 1);
  else cblas_dtrsv(CblasColMajor, CblasLower, CblasTrans, CblasNonUnit, ns, F->ltt, ns, t, 1);
  for (int k = 0; k < ns; k++) out[k] = t[F->trank[k]];
  free(t);
  return SN_OK;
}

int sn_chol_last_ltsolve(sn_chol *F, const double *y, double *zS) { return trailing_apply(F, y, zS, 0); }

int sn_chol_last_lsolve_add(sn_chol *F, const double *bS, double *y)
{
  if (!F || !bS || !y) return SN_ERR_ARG;
  int st = trailing_setup(F), ns = F->nlast;
  if (st) return st;
  double *t = malloc(sizeof(double) * (size_t)ns + 1);
  if (!t) return SN_ERR_NOMEM;
  for (int k = 0; k < ns; k++) t[F->trank[k]] = bS[k];
  cblas_dtrsv(CblasColMajor, CblasLower, CblasNoTrans, CblasNonUnit, ns, F->ltt, ns, t, 1);
  for (int r = 0; r < ns; r++) y[F->tpos[r]] += t[r];
  free(t);
  return SN_OK;
}

int sn_chol_last_schur(sn_chol *F, double *Z)
{
  if (!F || !Z) return SN_ERR_ARG;
  int st = trailing_setup(F), ns = F->nlast;
  if (st) return st;
  size_t nn = (size_t)ns * (size_t)ns;
  double *T = malloc(sizeof(double) * nn + 1);
  if (!T) return SN_ERR_NOMEM;
  memcpy(T, F->ltt, sizeof(double) * nn);      /* L_TT (zero above its diagonal), times L_TT^T */
  cblas_dtrmm(CblasColMajor, CblasRight, CblasLower, CblasTrans, CblasNonUnit, ns, ns, 1.0, F->ltt, ns, T, ns);
  for (int j = 0; j < ns; j++)                 /* from the rank order of T to the order of S */
    for (int i = 0; i < ns; i++) Z[i + (size_t)ns * (size_t)j] = T[F->trank[i] + (size_t)ns * (size_t)F->trank[j]];
  free(T);
  return SN_OK;
}

int sn_chol_last_lmul(sn_chol *F, const double *y, double *bS) { return trailing_apply(F, y, bS, 1); }

int sn_chol_is_supernodal(const sn_chol *F) { return F && F->L && F->L->is_super; }

const int *sn_chol_last_rows(const sn_chol *F, int *k)
{
  if (k) *k = F ? F->nlast : 0;
  return F && F->nlast ? F->last : NULL;
}

/* ---- rows outside S whose factor column lies in T (sn_chol_last_solve_leaves) ----
 * A row e of A whose neighbours are all in S (a spring unknown coupled to S only) is, in an
 * order that eliminates S last, a leaf of the elimination tree whose column of L has its
 * off-diagonal entries in T only. Forward: y_e = (P b)_e / L_ee + (y_f)_e; y_T = (y_f)_T +
 * L_TT^-1 ((P b)_T - L_Te (P b)_e / L_ee). Backward: x_T = L_TT^-T y_T, x_e = (y_e - L_Te^T
 * x_T) / L_ee. O(|S|^2 + |E|) per solve. */
static int leaf_column(const cholmod_factor *L, const int *sup_of, int pos, const int *at, double *d, int *r, double *x, int *cnt)
{
  const double *Lx = L->x;
  int k = 0;
  *d = 0.0;
  if (L->is_super) {
    int s = sup_of[pos], k1 = ((const int *)L->super)[s];
    int psi = ((const int *)L->pi)[s], nsrow = ((const int *)L->pi)[s + 1] - psi, kk = pos - k1;
    size_t psx = (size_t)((const int *)L->px)[s];
    const int *ls = L->s;
    for (int ii = kk; ii < nsrow; ii++) {
      double v = Lx[psx + (size_t)ii + (size_t)kk * (size_t)nsrow];
      int row = ls[psi + ii];
      if (row == pos) { *d = v; continue; }
      if (v == 0.0) continue;
      if (at[row] < 0) return SN_ERR_ARG;
      if (r) { r[k] = at[row]; x[k] = v; }
      k++;
    }
  } else {
    if (!L->is_ll) return SN_ERR_BACKEND;
    const int *lp = L->p, *li = L->i, *lnz = L->nz;
    for (int p = lp[pos]; p < lp[pos] + lnz[pos]; p++) {
      int row = li[p];
      if (row == pos) { *d = Lx[p]; continue; }
      if (Lx[p] == 0.0) continue;
      if (at[row] < 0) return SN_ERR_ARG;
      if (r) { r[k] = at[row]; x[k] = Lx[p]; }
      k++;
    }
  }
  if (!(*d > 0.0)) return SN_ERR_ARG;
  *cnt = k;
  return SN_OK;
}

static int leaves_setup(sn_chol *F, int ne, const int *erows)
{
  /* the leaf columns kept; L_TT itself may have been handed over since (sn_chol_inverse_trailing) */
  if (F->leaf_ok && F->nleaf == ne && !memcmp(F->leaf_rows, erows, sizeof(int) * (size_t)ne)) return trailing_setup(F);
  int st = trailing_setup(F), n = F->n;
  if (st) return st;
  F->leaf_ok = 0;
  free(F->leaf_rows); free(F->leaf_pos); free(F->leaf_p); free(F->leaf_r);
  free(F->leaf_d); free(F->leaf_x); free(F->leaf_t);
  F->leaf_r = NULL;
  F->leaf_x = NULL;
  F->leaf_rows = malloc(sizeof(int) * ((size_t)ne + 1));
  F->leaf_pos = malloc(sizeof(int) * ((size_t)ne + 1));
  F->leaf_p = malloc(sizeof(int) * ((size_t)ne + 2));
  F->leaf_d = malloc(sizeof(double) * ((size_t)ne + 1));
  F->leaf_t = malloc(sizeof(double) * ((size_t)F->nlast + 1));
  int *at = malloc(sizeof(int) * ((size_t)n + 1)), *sup_of = NULL;
  const cholmod_factor *L = F->L;
  if (L->is_super) sup_of = malloc(sizeof(int) * ((size_t)n + 1));
  if (!F->leaf_rows || !F->leaf_pos || !F->leaf_p || !F->leaf_d || !F->leaf_t || !at || (L->is_super && !sup_of)) {
    st = SN_ERR_NOMEM;
    goto done;
  }
  memcpy(F->leaf_rows, erows, sizeof(int) * (size_t)ne);
  F->nleaf = ne;
  for (int p = 0; p < n; p++) at[p] = -1;
  for (int r = 0; r < F->nlast; r++) at[F->tpos[r]] = r;
  if (sup_of)
    for (size_t s = 0; s < L->nsuper; s++)
      for (int c = ((const int *)L->super)[s]; c < ((const int *)L->super)[s + 1]; c++) sup_of[c] = (int)s;
  const int *perm = L->Perm;
  int *pinv = malloc(sizeof(int) * ((size_t)n + 1));
  if (!pinv) { st = SN_ERR_NOMEM; goto done; }
  for (int p = 0; p < n; p++) pinv[perm[p]] = p;
  F->leaf_p[0] = 0;
  for (int k = 0; k < ne && !st; k++) {   /* pass 1: positions, checks and counts */
    if (erows[k] < 0 || erows[k] >= n || at[pinv[erows[k]]] >= 0) st = SN_ERR_ARG;
    else {
      int cnt = 0;
      F->leaf_pos[k] = pinv[erows[k]];
      st = leaf_column(L, sup_of, F->leaf_pos[k], at, F->leaf_d + k, NULL, NULL, &cnt);
      F->leaf_p[k + 1] = F->leaf_p[k] + cnt;
    }
  }
  free(pinv);
  if (st) goto done;
  F->leaf_r = malloc(sizeof(int) * ((size_t)F->leaf_p[ne] + 1));
  F->leaf_x = malloc(sizeof(double) * ((size_t)F->leaf_p[ne] + 1));
  if (!F->leaf_r || !F->leaf_x) { st = SN_ERR_NOMEM; goto done; }
  for (int k = 0; k < ne && !st; k++) {   /* pass 2: the entries */
    int cnt;
    st = leaf_column(L, sup_of, F->leaf_pos[k], at, F->leaf_d + k, F->leaf_r + F->leaf_p[k], F->leaf_x + F->leaf_p[k], &cnt);
  }
  if (!st) F->leaf_ok = 1;
done:
  free(at);
  free(sup_of);
  return st;
}

int sn_chol_last_solve_leaves(sn_chol *F, int ne, const int *erows, const double *yf, const double *bS,
                              const double *bE, double *xS, double *xE)
{
  if (!F || ne < 0 || (ne > 0 && (!erows || !bE || !xE)) || !yf || !bS || !xS) return SN_ERR_ARG;
  if (F->nlast == 0 || !F->L || !F->L->Perm) return SN_ERR_ARG;
  int st = leaves_setup(F, ne, erows), ns = F->nlast;
  if (st) return st;
  double *t = F->leaf_t;
  for (int k = 0; k < ns; k++) t[F->trank[k]] = bS[k];
  for (int k = 0; k < ne; k++) {        /* (P b)_T - L_TE (P b)_E / L_EE */
    double z = bE[k] / F->leaf_d[k];
    for (int p = F->leaf_p[k]; p < F->leaf_p[k + 1]; p++) t[F->leaf_r[p]] -= F->leaf_x[p] * z;
  }
  cblas_dtrsv(CblasColMajor, CblasLower, CblasNoTrans, CblasNonUnit, ns, F->ltt, ns, t, 1);
  for (int r = 0; r < ns; r++) t[r] += yf[F->tpos[r]];
  cblas_dtrsv(CblasColMajor, CblasLower, CblasTrans, CblasNonUnit, ns, F->ltt, ns, t, 1);
  for (int k = 0; k < ns; k++) xS[k] = t[F->trank[k]];
  for (int k = 0; k < ne; k++) {
    double a = yf[F->leaf_pos[k]] + bE[k] / F->leaf_d[k];
    for (int p = F->leaf_p[k]; p < F->leaf_p[k + 1]; p++) a -= F->leaf_x[p] * t[F->leaf_r[p]];
    xE[k] = a / F->leaf_d[k];
  }
  return SN_OK;
}
