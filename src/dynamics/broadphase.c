/* Broad phase: the candidate pairs (i < j, at least one dynamic body) whose margin-enlarged
 * world boxes overlap, in O(N) expected time and memory, sorted by (i, j).
 *
 * A uniform grid stored as a spatial hash (Teschner et al., "Optimized Spatial Hashing for
 * Collision Detection of Deformable Objects", VMV 2003): the cell size is the largest box edge
 * of the dynamic bodies, capped at 4 times their mean so one large body does not coarsen the
 * grid for all; each body is entered in every cell its box touches (at most 4 per axis).
 * Entries are counting-sorted by hash bucket and each bucket's pairs in the same cell tested;
 * a pair is reported only from the cell holding the lowest corner of the two boxes'
 * intersection, so once. Bodies outside the grid: planes (unbounded), static meshes and any
 * body spanning more than 4 cells along an axis; each is tested against every other body
 * directly (a plane by the signed distance of the other's box to it, the others by their
 * boxes). The pairs are finally sorted by a two-pass counting sort (j, then i). All scratch
 * lives in S->broad, grown on demand and kept, so a warm step allocates nothing. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dynamics/dyn_internal.h"

#define SN_BROAD_MAX_SPAN 4       /* cells per axis above which a body leaves the grid */
#define SN_BROAD_CELL_LIMIT 1e9   /* |cell index| clamp (far bodies share border cells) */

typedef struct {
  int cell[3];
  int body;
  unsigned bucket;
  int dyn;          /* the body is dynamic (kept here: the bodies' array is large and far) */
} grid_entry;

typedef struct {
  double *box;                /* 6 per body: lo[3], hi[3] */
  int box_cap;
  int *out, nout, out_cap;    /* bodies outside the grid */
  int *span, span_cap;        /* 6 per body: first and last cell per axis; span[0] > span[3]: out */
  grid_entry *ent, *sorted;
  int nent, ent_cap, sorted_cap;
  int *bstart, bucket_cap;    /* bucket starts, nbucket + 1 */
  unsigned nbucket;
  int *pairs, *tmp, npair, pair_cap, tmp_cap;   /* capacities in ints */
  int *count, count_cap;      /* nb + 1 */
  double inv_h;
} broad_scratch;

void sn_broadphase_free(void *broad) {
  broad_scratch *b = broad;
  if (!b) return;
  free(b->box);
  free(b->out);
  free(b->span);
  free(b->ent);
  free(b->sorted);
  free(b->bstart);
  free(b->pairs);
  free(b->tmp);
  free(b->count);
  free(b);
}

/* make *p hold at least need items of size sz (capacity doubled) */
static int grow(void **p, int *cap, size_t need, size_t sz) {
  if (need <= (size_t)*cap) return SN_OK;
  size_t c = *cap ? (size_t)*cap : 64;
  while (c < need) c *= 2;
  if (c > (size_t)0x3fffffff) return SN_ERR_NOMEM;
  void *q = realloc(*p, c * sz);
  if (!q) return SN_ERR_NOMEM;
  *p = q;
  *cap = (int)c;
  return SN_OK;
}

static int push_pair(broad_scratch *b, int i, int j) {
  if (b->npair + 1 > b->pair_cap / 2) {
    if (grow((void **)&b->pairs, &b->pair_cap, 2 * (size_t)(b->npair + 1), sizeof(int)) != SN_OK) return SN_ERR_NOMEM;
    if (grow((void **)&b->tmp, &b->tmp_cap, (size_t)b->pair_cap, sizeof(int)) != SN_OK) return SN_ERR_NOMEM;
  }
  b->pairs[2 * b->npair] = i < j ? i : j;
  b->pairs[2 * b->npair + 1] = i < j ? j : i;
  b->npair++;
  return SN_OK;
}

static int is_dyn(const sn_scene *S, int i) { return S->b[i].motion == SN_BODY_DYNAMIC; }

static int boxes_overlap(const double *a, const double *c) {
  for (int k = 0; k < 3; k++)
    if (a[3 + k] < c[k] || c[3 + k] < a[k]) return 0;
  return 1;
}

/* the cell index of coordinate v (clamped, monotonic in v) */
static int cell_of(double v, double inv_h) {
  double f = floor(v * inv_h);
  if (!(f > -SN_BROAD_CELL_LIMIT)) f = -SN_BROAD_CELL_LIMIT;   /* NaN too */
  if (f > SN_BROAD_CELL_LIMIT) f = SN_BROAD_CELL_LIMIT;
  return (int)f;
}

static unsigned cell_hash(const int c[3], unsigned nbucket) {
  unsigned h = ((unsigned)c[0] * 73856093u) ^ ((unsigned)c[1] * 19349663u) ^ ((unsigned)c[2] * 83492791u);
  return h & (nbucket - 1);
}

/* Phase 1: every body's enlarged box; the cell size from the dynamic bodies outside the
 * always-out kinds (planes, meshes). Returns 0 when there is no dynamic body. */
static int phase_boxes(sn_scene *S, broad_scratch *b, double margin) {
  double emax = 0, esum = 0;
  int ndyn = 0;
  for (int i = 0; i < S->nb; i++) {
    double *bx = b->box + 6 * i;
    sn_body_aabb(&S->b[i], margin, bx, bx + 3);
    sn_shape_kind k = S->b[i].shape.kind;
    if (!is_dyn(S, i) || k == SN_SHAPE_PLANE || k == SN_SHAPE_MESH) continue;
    double e = fmax(bx[3] - bx[0], fmax(bx[4] - bx[1], bx[5] - bx[2]));
    if (!isfinite(e)) continue;
    emax = fmax(emax, e);
    esum += e;
    ndyn++;
  }
  if (ndyn == 0) return 0;
  double h = fmin(emax, 4 * esum / ndyn);
  b->inv_h = h > 0 ? 1 / h : 1;
  return 1;
}

/* Phase 2: each body's cell range, or out of the grid; the number of grid entries */
static int phase_spans(sn_scene *S, broad_scratch *b) {
  b->nout = 0;
  size_t nent = 0;
  for (int i = 0; i < S->nb; i++) {
    const double *bx = b->box + 6 * i;
    int *sp = b->span + 6 * i;
    sn_shape_kind k = S->b[i].shape.kind;
    int out = k == SN_SHAPE_PLANE || k == SN_SHAPE_MESH;
    size_t cells = 1;
    for (int a = 0; a < 3 && !out; a++) {
      if (!isfinite(bx[a]) || !isfinite(bx[3 + a])) { out = 1; break; }
      sp[a] = cell_of(bx[a], b->inv_h);
      sp[3 + a] = cell_of(bx[3 + a], b->inv_h);
      if (sp[3 + a] - sp[a] + 1 > SN_BROAD_MAX_SPAN) out = 1;
      cells *= (size_t)(sp[3 + a] - sp[a] + 1);
    }
    if (out) {
      sp[0] = 1;
      sp[3] = 0;
      b->out[b->nout++] = i;
    } else {
      nent += cells;
    }
  }
  if (nent > (size_t)0x3fffffff) return SN_ERR_NOMEM;
  b->nent = (int)nent;
  return SN_OK;
}

/* Phase 3: the entries, counting-sorted by bucket (stable: body order within a bucket) */
static int phase_entries(sn_scene *S, broad_scratch *b) {
  int st;
  if ((st = grow((void **)&b->ent, &b->ent_cap, (size_t)b->nent, sizeof *b->ent)) != SN_OK) return st;
  if ((st = grow((void **)&b->sorted, &b->sorted_cap, (size_t)b->nent, sizeof *b->sorted)) != SN_OK) return st;
  unsigned nbucket = 64;
  while (nbucket < 2u * (unsigned)b->nent) nbucket *= 2;
  b->nbucket = nbucket;
  if ((st = grow((void **)&b->bstart, &b->bucket_cap, (size_t)nbucket + 1, sizeof(int))) != SN_OK) return st;
  memset(b->bstart, 0, ((size_t)nbucket + 1) * sizeof(int));
  int n = 0;
  for (int i = 0; i < S->nb; i++) {
    const int *sp = b->span + 6 * i;
    if (sp[0] > sp[3]) continue;
    for (int x = sp[0]; x <= sp[3]; x++)
      for (int y = sp[1]; y <= sp[4]; y++)
        for (int z = sp[2]; z <= sp[5]; z++) {
          grid_entry *e = &b->ent[n++];
          e->cell[0] = x; e->cell[1] = y; e->cell[2] = z;
          e->body = i;
          e->dyn = is_dyn(S, i);
          e->bucket = cell_hash(e->cell, nbucket);
          b->bstart[e->bucket + 1]++;
        }
  }
  for (unsigned k = 0; k < nbucket; k++) b->bstart[k + 1] += b->bstart[k];
  for (int k = 0; k < n; k++) b->sorted[b->bstart[b->ent[k].bucket]++] = b->ent[k];
  for (unsigned k = nbucket; k > 0; k--) b->bstart[k] = b->bstart[k - 1];   /* restore the starts */
  b->bstart[0] = 0;
  return SN_OK;
}

/* 1 if the lowest corner of the boxes' intersection lies in cell c (report the pair there) */
static int owner_cell(const broad_scratch *b, const double *p, const double *q, const int c[3]) {
  for (int a = 0; a < 3; a++)
    if (cell_of(fmax(p[a], q[a]), b->inv_h) != c[a]) return 0;
  return 1;
}

/* Phase 4: the pairs of grid bodies sharing a cell */
static int phase_grid_pairs(broad_scratch *b) {
  for (unsigned k = 0; k < b->nbucket; k++) {
    for (int u = b->bstart[k]; u < b->bstart[k + 1]; u++) {
      const grid_entry *e = &b->sorted[u];
      const double *p = b->box + 6 * e->body;
      for (int w = u + 1; w < b->bstart[k + 1]; w++) {
        const grid_entry *f = &b->sorted[w];
        if (memcmp(e->cell, f->cell, sizeof e->cell) != 0) continue;
        if (!e->dyn && !f->dyn) continue;
        const double *q = b->box + 6 * f->body;
        if (!boxes_overlap(p, q) || !owner_cell(b, p, q, e->cell)) continue;
        if (push_pair(b, e->body, f->body) != SN_OK) return SN_ERR_NOMEM;
      }
    }
  }
  return SN_OK;
}

/* signed distance of a box to plane body P (negative below), compared with the margin */
static int box_near_plane(const sn_body *P, const double *bx, double margin) {
  double n[3] = {P->R[2], P->R[5], P->R[8]}, d = 0;
  for (int a = 0; a < 3; a++) d += n[a] * (0.5 * (bx[a] + bx[3 + a]) - P->x[a]) - fabs(n[a]) * 0.5 * (bx[3 + a] - bx[a]);
  return d <= margin;
}

/* Phase 5: the bodies outside the grid against every other body (pairs of two outside bodies
 * once, from the lower index) */
static int phase_out_pairs(sn_scene *S, broad_scratch *b, double margin) {
  for (int m = 0; m < b->nout; m++) {
    int o = b->out[m];
    const sn_body *O = &S->b[o];
    const double *p = b->box + 6 * o;
    for (int j = 0; j < S->nb; j++) {
      if (j == o || (!is_dyn(S, o) && !is_dyn(S, j))) continue;
      const int *sp = b->span + 6 * j;
      if (sp[0] > sp[3] && j < o) continue;   /* both outside: handled from j */
      const sn_body *J = &S->b[j];
      const double *q = b->box + 6 * j;
      int hit;
      if (O->shape.kind == SN_SHAPE_PLANE) hit = J->shape.kind == SN_SHAPE_PLANE ? 0 : box_near_plane(O, q, margin);
      else if (J->shape.kind == SN_SHAPE_PLANE) hit = box_near_plane(J, p, margin);
      else hit = boxes_overlap(p, q);
      if (hit && push_pair(b, o, j) != SN_OK) return SN_ERR_NOMEM;
    }
  }
  return SN_OK;
}

/* one stable counting-sort pass of the pairs by their component c (0: i, 1: j) */
static void sort_pass(broad_scratch *b, int nb, int c) {
  memset(b->count, 0, ((size_t)nb + 1) * sizeof(int));
  for (int k = 0; k < b->npair; k++) b->count[b->pairs[2 * k + c] + 1]++;
  for (int i = 0; i < nb; i++) b->count[i + 1] += b->count[i];
  for (int k = 0; k < b->npair; k++) {
    int d = b->count[b->pairs[2 * k + c]]++;
    b->tmp[2 * d] = b->pairs[2 * k];
    b->tmp[2 * d + 1] = b->pairs[2 * k + 1];
  }
  int *t = b->pairs, tc = b->pair_cap;
  b->pairs = b->tmp;
  b->pair_cap = b->tmp_cap;
  b->tmp = t;
  b->tmp_cap = tc;
}

int sn_broadphase(sn_scene *S, double margin, const int **pairs, int *npairs) {
  broad_scratch *b = S->broad;
  if (!b) {
    if (!(b = calloc(1, sizeof *b))) return SN_ERR_NOMEM;
    S->broad = b;
  }
  int st, nb = S->nb;
  b->npair = 0;
  *pairs = b->pairs;
  *npairs = 0;
  if ((st = grow((void **)&b->box, &b->box_cap, 6 * (size_t)nb, sizeof(double))) != SN_OK) return st;
  if ((st = grow((void **)&b->span, &b->span_cap, 6 * (size_t)nb, sizeof(int))) != SN_OK) return st;
  if ((st = grow((void **)&b->out, &b->out_cap, (size_t)nb, sizeof(int))) != SN_OK) return st;
  if ((st = grow((void **)&b->count, &b->count_cap, (size_t)nb + 1, sizeof(int))) != SN_OK) return st;
  if (!phase_boxes(S, b, margin)) return SN_OK;
  if ((st = phase_spans(S, b)) != SN_OK) return st;
  if ((st = phase_entries(S, b)) != SN_OK) return st;
  if ((st = phase_grid_pairs(b)) != SN_OK) return st;
  if ((st = phase_out_pairs(S, b, margin)) != SN_OK) return st;
  sort_pass(b, nb, 1);
  sort_pass(b, nb, 0);
  *pairs = b->pairs;
  *npairs = b->npair;
  return SN_OK;
}
