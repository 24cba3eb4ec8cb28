/* Internal: a colouring of the contacts of a local problem u = W r + q by W's block pattern, for
 * the coloured NSGS sweep (fc_nsgs.c, option order=colour). */
#ifndef SN_SOLVER_FC_COLOUR_H
#define SN_SOLVER_FC_COLOUR_H

#include "signorini/la.h"

typedef struct {
  int nc;        /* contacts */
  int ncolour;   /* colours used (0 when nc = 0) */
  int largest;   /* contacts in the largest colour */
  int *start;    /* ncolour + 1: colour k holds order[start[k] .. start[k+1]-1] */
  int *order;    /* nc: the contacts by colour, increasing index within a colour */
  int *colour;   /* nc: the colour of each contact */
} sn_fc_colouring;

/* Greedy first-fit colouring in contact order of the graph with an edge i - j (i != j) wherever
 * block (i, j) or (j, i) is stored in B (B square, mb = nb): two contacts of one colour never
 * read each other's reaction in a Gauss-Seidel update. Depends on B's pattern only.
 * SN_OK, SN_ERR_ARG (B not square), SN_ERR_NOMEM. */
int sn_fc_colour(const sn_bsr *B, sn_fc_colouring *C);
void sn_fc_colouring_free(sn_fc_colouring *C);

#endif
