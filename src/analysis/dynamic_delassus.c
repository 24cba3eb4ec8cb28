/* The Delassus operator of a dynamic step's condensed contact problem, W = Ha^T Mhat^-1 Ha
 * (dynamic_step.c, solve_condensed), from the block of Mhat^-1 on the contact rows.
 *
 * Mhat = M + h theta C + h^2 theta^2 K is the same for every time step of a *STEP, while Ha (the
 * active points' columns of H) changes from step to step but touches only the contact nodes'
 * rows S. With Mhat factorized with S eliminated last (CAMD), (Mhat^-1)_SS comes from the
 * trailing block of the factor alone (src/la/chol_block.c: George & Liu 1981, ch. 6), once per
 * *STEP, and each step's W is Ha_S^T (Mhat^-1)_SS Ha_S: O(|S| nnz(Ha)) operations, where the
 * route of one solve per contact unknown costs nl solves with the whole factor (the 625 contact
 * nodes of a 24 x 24 x 8 C3D8 block: 1 875 solves of 16 875 rows per time step).
 *
 * S is the rows of the step's detected points (all of them, not only the active ones: points
 * about to close are inside it before they do), kept over the *STEP (a new *STEP may renumber
 * the free dofs: it starts without); a time step whose points reach rows outside S enlarges it
 * (a new factorization), at most GROWS_MAX times a *STEP. */
#include "analysis/dynamic_internal.h"

#include <stdlib.h>
#include <string.h>

/* the block's rows at most by default (O(|S|^3) to invert, |S|^2 doubles;
 * sn_dynamic_settings.delassus_max_rows) and the enlargements a *STEP may make before the
 * per-column route takes over for the rest of it */
enum { DELASSUS_MAX = 4000, GROWS_MAX = 8 };

void sn_dyn_delassus_free(dyn_state *D)
{
  free(D->last);
  free(D->G);
  free(D->loc);
  D->last = NULL;
  D->G = NULL;
  D->loc = NULL;
  D->nlast = 0;
}

/* Mhat's factor, with the rows `last` eliminated last when there are some */
static int factor(dyn_state *D)
{
  free(D->G);
  D->G = NULL;
  sn_chol_free(D->F);
  D->F = NULL;
  if (D->last) return sn_chol_factor_last(D->Mhat, D->nlast, D->last, &D->F);
  return sn_chol_factor(D->Mhat, &D->F);
}

int sn_dyn_factor(dyn_state *D)
{
  /* a *STEP may renumber the free dofs (its *BOUNDARY): the set and the block start afresh */
  sn_dyn_delassus_free(D);
  D->grows = 0;
  return factor(D);
}

int sn_dyn_refactor(dyn_state *D)
{
  int nlast = D->nlast;
  int st = factor(D);                  /* G dropped: block() makes it from the new factor */
  D->nlast = nlast;
  return st;
}

/* the rows of S outside the set: the union of both in *out (sorted), its size returned; 0 when
 * every row of S is in the set */
static int enlarged(const dyn_state *D, const sn_csc *S, int **out)
{
  int n = D->neq, k = 0;
  unsigned char *in = calloc((size_t)n + 1, 1);
  if (!in) return SN_ERR_NOMEM;
  for (int a = 0; a < D->nlast; a++) in[D->last[a]] = 1;
  int fresh = 0;
  for (int p = 0; p < S->colptr[S->n]; p++)
    if (!in[S->rowind[p]]) in[S->rowind[p]] = 1, fresh++;
  if (!fresh) { free(in); return 0; }
  int *set = malloc(sizeof(int) * ((size_t)D->nlast + (size_t)fresh + 1));
  if (!set) { free(in); return SN_ERR_NOMEM; }
  for (int d = 0; d < n; d++)
    if (in[d]) set[k++] = d;
  free(in);
  *out = set;
  return k;
}

/* the block on the set: G and loc */
static int block(dyn_state *D)
{
  const int *rank, *rows;
  int k;
  int st = sn_chol_inverse_trailing(D->F, &D->G, &rank);
  if (st) return st;
  rows = sn_chol_last_rows(D->F, &k);
  if (!D->loc && !(D->loc = malloc(sizeof(int) * ((size_t)D->neq + 1)))) return SN_ERR_NOMEM;
  for (int d = 0; d < D->neq; d++) D->loc[d] = -1;
  for (int a = 0; a < k; a++) D->loc[rows[a]] = rank[a];
  D->nlast = k;
  return SN_OK;
}

int sn_dyn_delassus_prepare(dyn_state *D, const sn_csc *Hall)
{
  if (D->soft_on || D->grows >= GROWS_MAX) return 1;
  int *set = NULL, st;
  int k = enlarged(D, Hall, &set);     /* every detected point's rows: Ha's among them */
  if (k < 0) return k;
  if (k > (D->set->delassus_max_rows > 0 ? D->set->delassus_max_rows : DELASSUS_MAX)) { free(set); return 1; }
  if (k > 0) {                          /* a new factorization with the larger set last */
    free(D->last);
    D->last = set;
    D->nlast = k;
    if (factor(D)) {                    /* then the plain factor again, per column for the *STEP */
      free(D->last);
      D->last = NULL;
      D->nlast = 0;
      if ((st = factor(D))) return st;
      D->grows = GROWS_MAX;
      return 1;
    }
    D->grows++;
    D->info->delassus_setups++;
  }
  return D->last ? 0 : 1;               /* no free row under the points (W = 0): per column */
}

int sn_dyn_delassus(dyn_state *D, const sn_csc *Ha, double *Wd)
{
  int st;
  if (!D->G && (st = block(D))) return st;
  /* W column by column: y = G Ha e_j on the set, then W_ij = Ha e_i . y */
  int nl = Ha->n, ns = D->nlast;
  double *y = malloc(sizeof(double) * ((size_t)ns + 1));
  if (!y) return SN_ERR_NOMEM;
  for (int j = 0; j < nl; j++) {
    memset(y, 0, sizeof(double) * (size_t)ns);
    for (int p = Ha->colptr[j]; p < Ha->colptr[j + 1]; p++) {
      const double *g = D->G + (size_t)ns * (size_t)D->loc[Ha->rowind[p]], v = Ha->val[p];
      for (int a = 0; a < ns; a++) y[a] += v * g[a];
    }
    for (int i = 0; i < nl; i++) {
      double s = 0.0;
      for (int p = Ha->colptr[i]; p < Ha->colptr[i + 1]; p++) s += Ha->val[p] * y[D->loc[Ha->rowind[p]]];
      Wd[(size_t)j * (size_t)nl + i] = s;
    }
  }
  free(y);
  D->info->delassus_blocks++;
  return SN_OK;
}
