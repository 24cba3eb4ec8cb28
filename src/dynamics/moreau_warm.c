/* Warm start of a Moreau-Jean step: each contact starts from the impulse of the previous
 * step's contact with the same identity (a, b, feature), found in an open-addressing hash map
 * built over S->prev (O(n) for the whole step). The old impulse is carried through the world
 * frame (the tangent frame may turn between steps), scaled by h / h_prev (an impulse is a force
 * times the step) and projected on the Coulomb cone. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dynamics/moreau_internal.h"

static uint32_t key_hash(int a, int b, int f) {
  uint64_t h = (uint64_t)(uint32_t)a * 0x9E3779B97F4A7C15ull;
  h ^= (uint64_t)(uint32_t)b * 0xC2B2AE3D27D4EB4Full + (h << 6) + (h >> 2);
  h ^= (uint64_t)(uint32_t)f * 0x165667B19E3779F9ull + (h << 6) + (h >> 2);
  h ^= h >> 29;
  return (uint32_t)h;
}

static int map_build(sn_mj_step *W, const sn_contact_list *P) {
  int need = 16;
  while (need < 2 * P->n) need *= 2;
  if (need > W->hcap) {
    int *k = realloc(W->hkey, (size_t)need * sizeof *k);
    if (!k) return SN_ERR_NOMEM;
    W->hkey = k;
    W->hcap = need;
  }
  int cap = W->hcap, mask = cap - 1;   /* the whole table (a power of two >= need) */
  for (int i = 0; i < cap; i++) W->hkey[i] = -1;
  for (int i = 0; i < P->n; i++) {
    const sn_contact *c = &P->c[i];
    uint32_t s = key_hash(c->a, c->b, c->feature) & (uint32_t)mask;
    while (W->hkey[s] >= 0) s = (s + 1) & (uint32_t)mask;
    W->hkey[s] = i;
  }
  return SN_OK;
}

static int map_find(const sn_mj_step *W, const sn_contact_list *P, int a, int b, int f) {
  uint32_t mask = (uint32_t)W->hcap - 1, s = key_hash(a, b, f) & mask;
  while (W->hkey[s] >= 0) {
    const sn_contact *c = &P->c[W->hkey[s]];
    if (c->a == a && c->b == b && c->feature == f) return W->hkey[s];
    s = (s + 1) & mask;
  }
  return -1;
}

int sn_mj_warm_start(sn_scene *S, sn_mj_step *W, int warm, double h_ratio) {
  if (!warm || S->prev.n == 0 || !(h_ratio > 0)) return SN_OK;
  int st = map_build(W, &S->prev);
  if (st != SN_OK) return st;
  for (int i = 0; i < W->nrow; i++) {
    sn_mj_row *c = &W->row[i];
    int j = map_find(W, &S->prev, c->a, c->b, S->contacts.c[i].feature);
    if (j < 0) continue;
    const sn_contact *o = &S->prev.c[j];
    double P[3];
    for (int k = 0; k < 3; k++) P[k] = h_ratio * (o->r[0] * o->n[k] + o->r[1] * o->t1[k] + o->r[2] * o->t2[k]);
    c->r[0] = sn3_dot(P, c->n);
    c->r[1] = sn3_dot(P, c->t1);
    c->r[2] = sn3_dot(P, c->t2);
    sn_proj_cone(3, c->mu, c->r);
    sn_mj_apply(c, &W->body[c->a], &W->body[c->b], c->r);
  }
  return SN_OK;
}
