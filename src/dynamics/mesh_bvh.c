/* Bounding volume hierarchy of a static triangle mesh (top-down, median split on the longest
 * axis of the centroids' box, leaves of at most 4 triangles) and its edge adjacency. */
#include <stdlib.h>
#include <string.h>

#include "dynamics/mesh_bvh.h"

#define LEAF_SIZE 4

typedef struct {
  const sn_shape *s;
  sn_mesh_accel *m;
  double *cen;          /* 3 per triangle */
} builder;

static void tri_box(const sn_shape *s, int t, double lo[3], double hi[3]) {
  for (int i = 0; i < 3; i++) {
    lo[i] = INFINITY;
    hi[i] = -INFINITY;
  }
  for (int k = 0; k < 3; k++) {
    const double *p = s->vert + 3 * s->tri[3 * t + k];
    for (int i = 0; i < 3; i++) {
      lo[i] = fmin(lo[i], p[i]);
      hi[i] = fmax(hi[i], p[i]);
    }
  }
}

/* partition idx[a..b) about the median centroid along axis (quickselect) */
static void median_split(builder *B, int *idx, int n, int k, int axis) {
  int lo = 0, hi = n - 1;
  while (lo < hi) {
    double piv = B->cen[3 * idx[(lo + hi) / 2] + axis];
    int i = lo, j = hi;
    while (i <= j) {
      while (B->cen[3 * idx[i] + axis] < piv) i++;
      while (B->cen[3 * idx[j] + axis] > piv) j--;
      if (i <= j) {
        int t = idx[i]; idx[i] = idx[j]; idx[j] = t;
        i++; j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else break;
  }
}

static int build_node(builder *B, int start, int count) {
  sn_mesh_accel *m = B->m;
  int id = m->nnode++;
  sn_bvh_node *nd = &m->node[id];
  double clo[3] = {INFINITY, INFINITY, INFINITY}, chi[3] = {-INFINITY, -INFINITY, -INFINITY};
  for (int i = 0; i < 3; i++) {
    nd->lo[i] = INFINITY;
    nd->hi[i] = -INFINITY;
  }
  for (int k = start; k < start + count; k++) {
    double lo[3], hi[3];
    int t = m->idx[k];
    tri_box(B->s, t, lo, hi);
    for (int i = 0; i < 3; i++) {
      nd->lo[i] = fmin(nd->lo[i], lo[i]);
      nd->hi[i] = fmax(nd->hi[i], hi[i]);
      clo[i] = fmin(clo[i], B->cen[3 * t + i]);
      chi[i] = fmax(chi[i], B->cen[3 * t + i]);
    }
  }
  nd->start = start;
  nd->count = count;
  nd->left = nd->right = -1;
  if (count <= LEAF_SIZE) return id;
  int axis = 0;
  for (int i = 1; i < 3; i++)
    if (chi[i] - clo[i] > chi[axis] - clo[axis]) axis = i;
  int half = count / 2;
  median_split(B, m->idx + start, count, half, axis);
  int l = build_node(B, start, half);
  int r = build_node(B, start + half, count - half);
  m->node[id].left = l;
  m->node[id].right = r;
  return id;
}

/* edge adjacency: the edges sorted by their (min, max) vertex pair; two triangles sharing an
 * edge are neighbours across it */
typedef struct { int a, b, t, e; } edge_rec;

static int edge_cmp(const void *x, const void *y) {
  const edge_rec *p = x, *q = y;
  if (p->a != q->a) return p->a < q->a ? -1 : 1;
  if (p->b != q->b) return p->b < q->b ? -1 : 1;
  return p->t < q->t ? -1 : p->t > q->t;
}

static int build_adjacency(const sn_shape *s, int *adj) {
  int ne = 3 * s->ntri;
  edge_rec *E = malloc((size_t)ne * sizeof *E);
  if (!E) return SN_ERR_NOMEM;
  for (int t = 0; t < s->ntri; t++)
    for (int e = 0; e < 3; e++) {
      int u = s->tri[3 * t + e], v = s->tri[3 * t + (e + 1) % 3];
      E[3 * t + e] = (edge_rec){u < v ? u : v, u < v ? v : u, t, e};
      adj[3 * t + e] = -1;
    }
  qsort(E, (size_t)ne, sizeof *E, edge_cmp);
  for (int k = 0; k + 1 < ne; k++)
    if (E[k].a == E[k + 1].a && E[k].b == E[k + 1].b) {   /* manifold edges: pairs only */
      adj[3 * E[k].t + E[k].e] = E[k + 1].t;
      adj[3 * E[k + 1].t + E[k + 1].e] = E[k].t;
      k++;
    }
  free(E);
  return SN_OK;
}

static int int_pair_cmp(const void *x, const void *y) {
  const int *p = x, *q = y;
  if (p[0] != q[0]) return p[0] < q[0] ? -1 : 1;
  return (p[1] > q[1]) - (p[1] < q[1]);
}

/* the one-ring of every vertex (the directed edges of the triangles both ways, sorted, repeats
 * dropped) and the flat-or-convex flag: no one-ring vertex above the plane of a triangle at v */
static int build_rings(const sn_shape *s, sn_mesh_accel *m) {
  int ne = 6 * s->ntri, nv = s->nvert;
  int *E = malloc((size_t)(ne > 0 ? ne : 1) * 2 * sizeof *E);
  m->ring_start = calloc((size_t)nv + 1, sizeof *m->ring_start);
  m->ring = malloc((size_t)(ne > 0 ? ne : 1) * sizeof *m->ring);
  m->vconvex = malloc((size_t)(nv > 0 ? nv : 1));
  if (!E || !m->ring_start || !m->ring || !m->vconvex) {
    free(E);
    return SN_ERR_NOMEM;
  }
  for (int t = 0; t < s->ntri; t++)
    for (int e = 0; e < 3; e++) {
      int u = s->tri[3 * t + e], v = s->tri[3 * t + (e + 1) % 3], *q = E + 12 * t + 4 * e;
      q[0] = u; q[1] = v; q[2] = v; q[3] = u;
    }
  qsort(E, (size_t)ne, 2 * sizeof *E, int_pair_cmp);
  int n = 0;
  for (int k = 0; k < ne; k++) {
    if ((k > 0 && E[2 * k] == E[2 * k - 2] && E[2 * k + 1] == E[2 * k - 1]) || E[2 * k] == E[2 * k + 1]) continue;
    m->ring[n++] = E[2 * k + 1];
    m->ring_start[E[2 * k] + 1]++;
  }
  for (int v = 0; v < nv; v++) m->ring_start[v + 1] += m->ring_start[v];
  free(E);
  memset(m->vconvex, 1, (size_t)nv);
  for (int t = 0; t < s->ntri; t++) {
    const double *fn = s->face_n + 3 * t;
    for (int k = 0; k < 3; k++) {
      int v = s->tri[3 * t + k];
      const double *pv = s->vert + 3 * v;
      for (int j = m->ring_start[v]; j < m->ring_start[v + 1]; j++) {
        double d[3];
        sn3_sub(s->vert + 3 * m->ring[j], pv, d);
        if (sn3_dot(fn, d) > SN_MESH_FLAT_TOL * sn3_norm(d)) m->vconvex[v] = 0;
      }
    }
  }
  return SN_OK;
}

static int find_root(int *p, int t) {
  while (p[t] != t) t = p[t] = p[p[t]];
  return t;
}

/* the flat regions: union-find over the edges between triangles of the same normal, each region
 * named by its lowest triangle */
static int build_regions(const sn_shape *s, sn_mesh_accel *m) {
  m->region = malloc((size_t)(s->ntri > 0 ? s->ntri : 1) * sizeof *m->region);
  if (!m->region) return SN_ERR_NOMEM;
  int *p = m->region;
  for (int t = 0; t < s->ntri; t++) p[t] = t;
  for (int t = 0; t < s->ntri; t++)
    for (int e = 0; e < 3; e++) {
      int u = m->adj[3 * t + e];
      if (u < 0 || sn3_dot(s->face_n + 3 * t, s->face_n + 3 * u) < SN_MESH_SAME_N) continue;
      int a = find_root(p, t), b = find_root(p, u);
      if (a < b) p[b] = a;
      else if (b < a) p[a] = b;
    }
  for (int t = 0; t < s->ntri; t++) p[t] = find_root(p, t);
  return SN_OK;
}

int sn_mesh_accel_build(const sn_shape *s, sn_mesh_accel **out) {
  *out = NULL;
  sn_mesh_accel *m = calloc(1, sizeof *m);
  builder B = {s, m, NULL};
  int n = s->ntri;
  if (!m) return SN_ERR_NOMEM;
  m->node = malloc((size_t)(2 * n) * sizeof *m->node);
  m->idx = malloc((size_t)n * sizeof *m->idx);
  m->adj = malloc(3 * (size_t)n * sizeof *m->adj);
  B.cen = malloc(3 * (size_t)n * sizeof *B.cen);
  if (!m->node || !m->idx || !m->adj || !B.cen) {
    free(B.cen);
    sn_mesh_accel_free(m);
    return SN_ERR_NOMEM;
  }
  for (int t = 0; t < n; t++) {
    m->idx[t] = t;
    for (int i = 0; i < 3; i++)
      B.cen[3 * t + i] = (s->vert[3 * s->tri[3 * t] + i] + s->vert[3 * s->tri[3 * t + 1] + i] + s->vert[3 * s->tri[3 * t + 2] + i]) / 3.0;
  }
  build_node(&B, 0, n);
  free(B.cen);
  int st = build_adjacency(s, m->adj);
  if (st == SN_OK) st = build_rings(s, m);
  if (st == SN_OK) st = build_regions(s, m);
  if (st != SN_OK) {
    sn_mesh_accel_free(m);
    return st;
  }
  *out = m;
  return SN_OK;
}

void sn_mesh_accel_free(void *accel) {
  sn_mesh_accel *m = accel;
  if (!m) return;
  free(m->node);
  free(m->idx);
  free(m->adj);
  free(m->ring_start);
  free(m->ring);
  free(m->vconvex);
  free(m->region);
  free(m);
}

static int push_int(int **out, int *n, int *cap, int v) {
  if (*n == *cap) {
    int c = *cap ? 2 * *cap : 32;
    int *p = realloc(*out, (size_t)c * sizeof *p);
    if (!p) return SN_ERR_NOMEM;
    *out = p;
    *cap = c;
  }
  (*out)[(*n)++] = v;
  return SN_OK;
}

int sn_mesh_accel_query(const sn_mesh_accel *m, const sn_shape *s, const double lo[3], const double hi[3], int **out,
                        int *n, int *cap) {
  int stack[128], top = 0;
  if (!m || m->nnode == 0) return SN_OK;
  stack[top++] = 0;
  while (top > 0) {
    const sn_bvh_node *nd = &m->node[stack[--top]];
    if (nd->lo[0] > hi[0] || nd->hi[0] < lo[0] || nd->lo[1] > hi[1] || nd->hi[1] < lo[1] ||
        nd->lo[2] > hi[2] || nd->hi[2] < lo[2])
      continue;
    if (nd->left < 0) {
      for (int k = nd->start; k < nd->start + nd->count; k++) {
        double tlo[3], thi[3];
        tri_box(s, m->idx[k], tlo, thi);
        if (tlo[0] > hi[0] || thi[0] < lo[0] || tlo[1] > hi[1] || thi[1] < lo[1] || tlo[2] > hi[2] || thi[2] < lo[2])
          continue;
        if (push_int(out, n, cap, m->idx[k]) != SN_OK) return SN_ERR_NOMEM;
      }
    } else if (top + 2 <= 128) {   /* depth <= log2(ntri) + 1 for median splits */
      stack[top++] = nd->left;
      stack[top++] = nd->right;
    }
  }
  return SN_OK;
}
