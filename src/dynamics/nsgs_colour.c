/* Colouring of the contact rows for the parallel NSGS sweep (nsgs_bodies.c): rows of one colour
 * share no dynamic body, so their local problems can be solved at the same time without changing
 * what a sequential sweep over that colour computes (the "coloured Gauss-Seidel" of parallel
 * NSCD codes; Renouf, Dubois & Alart 2004, "A parallel version of the non smooth contact dynamics
 * algorithm applied to the simulation of granular media", J. Comput. Appl. Math. 168).
 *
 * Greedy first-fit in row order with a 64-bit mask of the colours already at each dynamic body:
 * a sphere pile has at most ~12 contacts per sphere, so at most ~2 x 12 - 1 colours. A row whose
 * two bodies already use colours 0..62 goes to colour 63, which is swept sequentially. The
 * colouring depends only on the rows, never on the thread count. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dynamics/moreau_internal.h"

int sn_nsgs_colour(const sn_mj_step *W, sn_nsgs_colouring *C) {
  int nrow = W->nrow, nb = W->nb_cap;
  memset(C, 0, sizeof *C);
  C->order = malloc(sizeof(int) * (size_t)(nrow > 0 ? nrow : 1));
  unsigned char *col = malloc((size_t)(nrow > 0 ? nrow : 1));
  uint64_t *mask = calloc((size_t)(nb > 0 ? nb : 1), sizeof *mask);
  if (!C->order || !col || !mask) {
    free(col);
    free(mask);
    sn_nsgs_colour_free(C);
    return SN_ERR_NOMEM;
  }
  int count[SN_NSGS_COLOURS] = {0};
  for (int i = 0; i < nrow; i++) {
    const sn_mj_row *c = &W->row[i];
    int da = W->body[c->a].im > 0, db = W->body[c->b].im > 0;
    uint64_t used = (da ? mask[c->a] : 0) | (db ? mask[c->b] : 0);
    int k = 0;
    while (k < SN_NSGS_COLOURS - 1 && (used >> k & 1u)) k++;
    if (k < SN_NSGS_COLOURS - 1) {
      if (da) mask[c->a] |= (uint64_t)1 << k;
      if (db) mask[c->b] |= (uint64_t)1 << k;
    }
    col[i] = (unsigned char)k;
    count[k]++;
  }
  C->start[0] = 0;
  for (int k = 0; k < SN_NSGS_COLOURS; k++) {
    C->start[k + 1] = C->start[k] + count[k];
    if (count[k] > 0) C->ncolour = k + 1;
  }
  int pos[SN_NSGS_COLOURS];
  memcpy(pos, C->start, sizeof pos);
  for (int i = 0; i < nrow; i++) C->order[pos[col[i]]++] = i;   /* stable: row order within a colour */
  free(col);
  free(mask);
  return SN_OK;
}

void sn_nsgs_colour_free(sn_nsgs_colouring *C) {
  free(C->order);
  C->order = NULL;
}
