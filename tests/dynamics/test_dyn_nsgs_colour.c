/* The coloured NSGS sweep (nsgs_colour.c, sn_dyn_settings.threads >= 1) on a small pile: 64
 * spheres dropped from a jittered 4 x 4 x 4 lattice into a box, mu = 0.5, e = 0, 300 steps.
 *  - every step's colouring is a permutation of the rows, and no two rows of a colour below the
 *    overflow colour share a dynamic body (checked by a body-stamp pass independent of the
 *    colouring's masks): the property that lets a colour be swept in parallel (Renouf, Dubois &
 *    Alart 2004);
 *  - the result does not depend on the thread count: threads = 1 and threads = 2 give the same
 *    body states bit for bit (with SIGNORINI_OPENMP two threads really share each colour);
 *  - every step of threads = 0 (row order) and threads = 1 (colour order) reaches the solver's
 *    tolerance, and the two piles agree: each step solves the same contact problem to relative
 *    error 1e-8 in a different sweep order. The piles differ only by what the tolerance leaves
 *    (the impulses of a hyperstatic pile are not unique, and a falling pile amplifies small
 *    differences): measured 6e-6 m after 300 steps; allowed 1e-4 m, 0.2 % of a radius, while a
 *    sweep that lost updates (two threads writing one body) moves spheres by millimetres or
 *    misses the tolerance;
 *  - threads = -1 is refused (SN_ERR_ARG) and the scene's time does not move. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "dyn_pile.h"
#include "dynamics/dyn_internal.h"
#include "dynamics/moreau_internal.h"

#define NS 64

/* the colouring of the step's rows: a permutation, colours free of shared dynamic bodies */
static int colouring_bad(const sn_scene *S) {
  const sn_mj_step *W = S->step;
  sn_nsgs_colouring C;
  if (sn_nsgs_colour(W, &C) != SN_OK) return 1;
  int bad = C.start[SN_NSGS_COLOURS] != W->nrow;
  int *seen = calloc((size_t)W->nrow + 1, sizeof *seen), *stamp = malloc(sizeof(int) * (size_t)S->nb);
  for (int b = 0; b < S->nb; b++) stamp[b] = -1;
  for (int k = 0; k < SN_NSGS_COLOURS && !bad; k++)
    for (int j = C.start[k]; j < C.start[k + 1]; j++) {
      int i = C.order[j];
      if (i < 0 || i >= W->nrow || seen[i]++) { bad = 1; break; }
      if (k == SN_NSGS_COLOURS - 1) continue;
      const sn_mj_row *c = &W->row[i];
      int ends[2] = {c->a, c->b};
      for (int e = 0; e < 2; e++) {
        if (!(W->body[ends[e]].im > 0)) continue;
        if (stamp[ends[e]] == k) bad = 1;
        stamp[ends[e]] = k;
      }
    }
  free(seen);
  free(stamp);
  sn_nsgs_colour_free(&C);
  return bad;
}

int main(void) {
  sn_scene *S[3];
  sn_dyn_settings s[3];
  int missed[3] = {0, 0, 0}, badcol = 0, maxrows = 0;
  for (int j = 0; j < 3; j++) {
    S[j] = dyn_pile(NS);
    sn_dyn_settings_default(&s[j]);
    s[j].threads = j;   /* 0: row order; 1, 2: coloured */
  }
  for (int k = 0; k < 300; k++) {
    for (int j = 0; j < 3; j++) {
      sn_dyn_info info;
      if (sn_scene_step(S[j], &s[j], &info) != SN_OK || info.status != SN_OK) missed[j]++;
      /* the pile is far below the rows per colour at which the sweep goes parallel by default:
         two threads share every colour of steps 200 to 259, when the pile is formed (60 steps:
         on a loaded machine every colour's barrier waits for a time slice) */
      if (j == 2 && (k == 199 || k == 259)) ((sn_mj_step *)S[j]->step)->par_rows = k == 199 ? -1 : 0;
      if (j == 1) {
        badcol += colouring_bad(S[j]);
        if (info.ncontacts > maxrows) maxrows = info.ncontacts;
      }
    }
  }
  CHECK_INT(missed[0], 0);
  CHECK_INT(missed[1], 0);
  CHECK_INT(missed[2], 0);
  CHECK_INT(badcol, 0);
  CHECK(maxrows >= 64);   /* the pile is in contact: each of the 64 spheres on the floor or another sphere */
  double dmax = 0;
  int same = 1;
  for (int b = 5; b < 5 + NS; b++) {
    sn_body_state a0, a1, a2;
    sn_scene_body_state(S[0], b, &a0);
    sn_scene_body_state(S[1], b, &a1);
    sn_scene_body_state(S[2], b, &a2);
    if (memcmp(&a1, &a2, sizeof a1) != 0) same = 0;
    for (int i = 0; i < 3; i++) dmax = fmax(dmax, fabs(a0.x[i] - a1.x[i]));
  }
  printf("rows up to %d, |x(row order) - x(colour order)| max %.3e m\n", maxrows, dmax);
  CHECK(same);
  CHECK(dmax < 1e-4);
  /* a negative thread count is refused before the step moves anything */
  s[0].threads = -1;
  double t = sn_scene_time(S[0]);
  CHECK_INT(sn_scene_step(S[0], &s[0], NULL), SN_ERR_ARG);
  CHECK_CLOSE(sn_scene_time(S[0]), t, 0, 0);
  for (int j = 0; j < 3; j++) sn_scene_free(S[j]);
  return sn_check_report();
}
