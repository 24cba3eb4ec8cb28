/* Colouring of the contacts of a local problem by W's block pattern (fc_colour.h).
 *
 * Contact i's Gauss-Seidel update reads r_j wherever block W_ij is stored and writes r_i, so two
 * contacts can be updated at the same time without changing what a sequential sweep computes
 * when neither block W_ij nor W_ji is stored: colour the graph of the symmetrized block pattern
 * (the coloured, or multicolour, Gauss-Seidel: Y. Saad, "Iterative methods for sparse linear
 * systems", 2nd ed., SIAM 2003, sec. 12.4; for contact dynamics M. Renouf, F. Dubois, P. Alart,
 * J. Comput. Appl. Math. 168 (2004) 375-382). The rigid-body NSGS colours by body
 * (src/dynamics/nsgs_colour.c); here W is given, and its pattern is the coupling.
 *
 * Greedy first fit in contact order: contact i takes the smallest colour that no neighbour j < i
 * has. O(nnzb) with one pass over W's pattern and one over its transpose (built here). At most
 * (largest degree + 1) colours; a W where every pair is coupled gets one contact per colour. */
#include "solver/fc_colour.h"
#include "signorini/common.h"

#include <stdlib.h>
#include <string.h>

void sn_fc_colouring_free(sn_fc_colouring *C)
{
  if (!C) return;
  free(C->start);
  free(C->order);
  free(C->colour);
  memset(C, 0, sizeof *C);
}

/* the transpose of B's off-diagonal block pattern: column J's rows in tind[tptr[J] .. tptr[J+1]) */
static int transpose_pattern(const sn_bsr *B, int **tptr, int **tind)
{
  int nc = B->mb;
  int *p = calloc((size_t)nc + 1, sizeof(int));
  int *ind = malloc(sizeof(int) * (size_t)(B->nnzb > 0 ? B->nnzb : 1));
  int *pos = malloc(sizeof(int) * (size_t)(nc > 0 ? nc : 1));
  if (!p || !ind || !pos) {
    free(p);
    free(ind);
    free(pos);
    return SN_ERR_NOMEM;
  }
  for (int I = 0; I < nc; I++)
    for (int q = B->browptr[I]; q < B->browptr[I + 1]; q++)
      if (B->bcolind[q] != I) p[B->bcolind[q] + 1]++;
  for (int J = 0; J < nc; J++) p[J + 1] += p[J];
  memcpy(pos, p, sizeof(int) * (size_t)nc);
  for (int I = 0; I < nc; I++)
    for (int q = B->browptr[I]; q < B->browptr[I + 1]; q++)
      if (B->bcolind[q] != I) ind[pos[B->bcolind[q]]++] = I;
  free(pos);
  *tptr = p;
  *tind = ind;
  return SN_OK;
}

/* first fit: colour[i] = the smallest colour not at a neighbour j < i; mark[k] == i: k taken */
static int first_fit(const sn_bsr *B, const int *tptr, const int *tind, int *colour, int *mark)
{
  int nc = B->mb, ncolour = 0;
  for (int k = 0; k <= nc; k++) mark[k] = -1;
  for (int i = 0; i < nc; i++) {
    for (int q = B->browptr[i]; q < B->browptr[i + 1]; q++) {
      int j = B->bcolind[q];
      if (j < i) mark[colour[j]] = i;
    }
    for (int q = tptr[i]; q < tptr[i + 1]; q++) {
      int j = tind[q];
      if (j < i) mark[colour[j]] = i;
    }
    int k = 0;
    while (mark[k] == i) k++;
    colour[i] = k;
    if (k + 1 > ncolour) ncolour = k + 1;
  }
  return ncolour;
}

int sn_fc_colour(const sn_bsr *B, sn_fc_colouring *C)
{
  if (!B || !C) return SN_ERR_ARG;
  memset(C, 0, sizeof *C);
  if (B->mb != B->nb) return SN_ERR_ARG;
  int nc = B->mb, *tptr = NULL, *tind = NULL;
  size_t sz = (size_t)(nc > 0 ? nc : 1);
  int st = transpose_pattern(B, &tptr, &tind);
  if (st) return st;
  C->nc = nc;
  C->colour = malloc(sizeof(int) * sz);
  C->order = malloc(sizeof(int) * sz);
  C->start = calloc(sz + 2, sizeof(int));
  int *mark = malloc(sizeof(int) * (sz + 1));
  if (!C->colour || !C->order || !C->start || !mark) {
    free(tptr);
    free(tind);
    free(mark);
    sn_fc_colouring_free(C);
    return SN_ERR_NOMEM;
  }
  C->ncolour = first_fit(B, tptr, tind, C->colour, mark);
  free(tptr);
  free(tind);
  for (int i = 0; i < nc; i++) C->start[C->colour[i] + 1]++;   /* counts, then offsets */
  for (int k = 0; k < C->ncolour; k++) {
    if (C->start[k + 1] > C->largest) C->largest = C->start[k + 1];
    C->start[k + 1] += C->start[k];
  }
  memcpy(mark, C->start, sizeof(int) * (size_t)(C->ncolour > 0 ? C->ncolour : 1));
  for (int i = 0; i < nc; i++) C->order[mark[C->colour[i]]++] = i;   /* stable: index order */
  free(mark);
  return SN_OK;
}
