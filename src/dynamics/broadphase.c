/* Broad phase. PLACEHOLDER (all pairs) until the uniform grid / sweep-and-prune lands. */
#include <stdlib.h>

#include "dynamics/dyn_internal.h"

typedef struct {
  int *pairs;
  int cap;
} broad_scratch;

void sn_broadphase_free(void *broad) {
  broad_scratch *b = broad;
  if (!b) return;
  free(b->pairs);
  free(b);
}

static int overlap(const double alo[3], const double ahi[3], const double blo[3], const double bhi[3]) {
  for (int i = 0; i < 3; i++)
    if (ahi[i] < blo[i] || bhi[i] < alo[i]) return 0;
  return 1;
}

int sn_broadphase(sn_scene *S, double margin, const int **pairs, int *npairs) {
  broad_scratch *b = S->broad;
  if (!b) {
    if (!(b = calloc(1, sizeof *b))) return SN_ERR_NOMEM;
    S->broad = b;
  }
  int n = 0;
  for (int i = 0; i < S->nb; i++)
    for (int j = i + 1; j < S->nb; j++) {
      if (S->b[i].motion != SN_BODY_DYNAMIC && S->b[j].motion != SN_BODY_DYNAMIC) continue;
      double alo[3], ahi[3], blo[3], bhi[3];
      sn_body_aabb(&S->b[i], margin, alo, ahi);
      sn_body_aabb(&S->b[j], margin, blo, bhi);
      if (!overlap(alo, ahi, blo, bhi)) continue;
      if (n + 1 > b->cap) {
        int cap = b->cap ? 2 * b->cap : 256;
        int *p = realloc(b->pairs, 2 * (size_t)cap * sizeof *p);
        if (!p) return SN_ERR_NOMEM;
        b->pairs = p;
        b->cap = cap;
      }
      b->pairs[2 * n] = i;
      b->pairs[2 * n + 1] = j;
      n++;
    }
  *pairs = b->pairs;
  *npairs = n;
  return SN_OK;
}
