/* Contact detection: for every *CONTACT PAIR, the slave nodes (with their tributary areas),
 * the master faces, a bucket grid over the faces' bounding boxes, and the closest-point
 * projection of each slave node onto its candidate faces (projection.c). Conventions in
 * include/signorini/contact.h. */
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "contact/contact_internal.h"

static int fail(char *msg, size_t msglen, int code, const char *fmt, ...)
{
  if (msg && msglen > 0) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, msglen, fmt, ap);
    va_end(ap);
  }
  return code;
}

/* master faces of one pair */
typedef struct {
  int nf;
  int *elem, *face, *nn;     /* per face */
  int *nodes;                /* nf x SN_CONTACT_MAXFN */
  double *lo, *hi;           /* nf x 3, grown by the search distance */
} faces_t;

static void faces_free(faces_t *F)
{
  free(F->elem);
  free(F->face);
  free(F->nn);
  free(F->nodes);
  free(F->lo);
  free(F->hi);
  memset(F, 0, sizeof *F);
}

/* bucket grid: cell c holds faces item[start[c] .. start[c+1]) in increasing order */
typedef struct {
  int d, n[3];
  double lo[3], hi[3], h;
  int *start, *item;
} grid_t;

static int cell_of(const grid_t *G, int k, double v)
{
  int c = (int)floor((v - G->lo[k]) / G->h);
  return c < 0 ? 0 : c >= G->n[k] ? G->n[k] - 1 : c;
}

static int grid_build(grid_t *G, int d, const faces_t *F)
{
  memset(G, 0, sizeof *G);
  G->d = d;
  double mean = 0;
  for (int k = 0; k < 3; k++) G->lo[k] = INFINITY, G->hi[k] = -INFINITY;
  for (int f = 0; f < F->nf; f++) {
    double ext = 0;
    for (int k = 0; k < d; k++) {
      G->lo[k] = fmin(G->lo[k], F->lo[3 * f + k]);
      G->hi[k] = fmax(G->hi[k], F->hi[3 * f + k]);
      ext = fmax(ext, F->hi[3 * f + k] - F->lo[3 * f + k]);
    }
    mean += ext;
  }
  mean /= F->nf;
  double vol = 1, size = 0;
  for (int k = 0; k < d; k++) size = fmax(size, G->hi[k] - G->lo[k]);
  if (!(size > 0)) size = 1;
  for (int k = 0; k < d; k++) vol *= fmax(G->hi[k] - G->lo[k], 1e-9 * size);
  G->h = fmax(mean, pow(vol / F->nf, 1.0 / d));
  if (!(G->h > 0)) G->h = size;
  long cap = 8L * F->nf + 64, total;
  for (;;) {
    total = 1;
    for (int k = 0; k < 3; k++) {
      long nk = k < d ? (long)ceil((G->hi[k] - G->lo[k]) / G->h) : 1;
      if (nk < 1) nk = 1;
      if (nk > 4096) nk = 4096;
      G->n[k] = (int)nk;
      total *= nk;
    }
    if (total <= cap) break;
    G->h *= 1.5;
  }
  for (int k = d; k < 3; k++) G->lo[k] = 0, G->hi[k] = 0;
  /* count, then fill (faces in increasing order within each cell) */
  G->start = calloc((size_t)total + 1, sizeof *G->start);
  if (!G->start) return SN_ERR_NOMEM;
  long nent = 0;
  for (int pass = 0; pass < 2; pass++) {
    for (int f = 0; f < F->nf; f++) {
      int c0[3] = {0, 0, 0}, c1[3] = {0, 0, 0};
      for (int k = 0; k < d; k++) {
        c0[k] = cell_of(G, k, F->lo[3 * f + k]);
        c1[k] = cell_of(G, k, F->hi[3 * f + k]);
      }
      for (int i2 = c0[2]; i2 <= c1[2]; i2++)
        for (int i1 = c0[1]; i1 <= c1[1]; i1++)
          for (int i0 = c0[0]; i0 <= c1[0]; i0++) {
            long c = ((long)i2 * G->n[1] + i1) * G->n[0] + i0;
            if (pass == 0) {
              G->start[c + 1]++;
              if (++nent > INT_MAX) return SN_ERR_NOMEM;
            } else
              G->item[G->start[c]++] = f;
          }
    }
    if (pass == 0) {
      for (long c = 0; c < total; c++) G->start[c + 1] += G->start[c];
      G->item = malloc((size_t)(nent > 0 ? nent : 1) * sizeof *G->item);
      if (!G->item) return SN_ERR_NOMEM;
    }
  }
  /* the fill advanced start[c] to the end of cell c: shift back */
  for (long c = total; c > 0; c--) G->start[c] = G->start[c - 1];
  G->start[0] = 0;
  return SN_OK;
}

static void grid_free(grid_t *G)
{
  free(G->start);
  free(G->item);
}

/* growable output */
typedef struct {
  sn_contact_point *p;
  int n, cap;
} ptbuf;

static sn_contact_point *pt_push(ptbuf *B)
{
  if (B->n == B->cap) {
    int cap = B->cap ? 2 * B->cap : 64;
    if (cap < B->cap) return NULL;
    sn_contact_point *q = realloc(B->p, (size_t)cap * sizeof *q);
    if (!q) return NULL;
    B->p = q;
    B->cap = cap;
  }
  sn_contact_point *p = &B->p[B->n++];
  memset(p, 0, sizeof *p);
  return p;
}

/* workspace shared by the pairs */
typedef struct {
  const sn_model *m;
  int sdim;
  double *xc;                /* current coordinates, 3 per node */
  int *dofnode;              /* node moving each node (itself or a rigid reference node) */
  int *slot;                 /* node -> slave index of the current pair, -1 */
  int *snode;                /* slave nodes of the current pair */
  double *sarea;
  int ns;
} work_t;

static int elem_face_nodes(const sn_model *m, int e, int face, int *nodes, int *nn)
{
  int loc[SN_CONTACT_MAXFN];
  int r = sn_element_face_nodes(m->elem_type[e], face, loc);
  if (r < 0) return r;
  if (r > SN_CONTACT_MAXFN) return SN_ERR_ARG;
  for (int i = 0; i < r; i++) nodes[i] = m->elem_conn[m->elem_ptr[e] + loc[i]];
  *nn = r;
  return SN_OK;
}

static const char *type_name(const sn_model *m, int e)
{
  const sn_eldesc *d = sn_element_desc(m->elem_type[e]);
  return d ? d->name : "?";
}

/* a surface's faces are checked: element in range, the element has that face */
static int check_faces(const sn_model *m, const sn_surface *S, int pi, char *msg, size_t msglen)
{
  for (int i = 0; i < S->n; i++) {
    int e = S->elem[i], nodes[SN_CONTACT_MAXFN], nn;
    if (e < 0 || e >= m->nelems)
      return fail(msg, msglen, SN_ERR_FORMAT, "contact pair %d: surface '%s' names element index %d out of range",
                  pi + 1, S->name, e);
    if (elem_face_nodes(m, e, S->face[i], nodes, &nn) < 0)
      return fail(msg, msglen, SN_ERR_FORMAT,
                  "contact pair %d: surface '%s': element %d (%s) has no face S%d (trusses and springs have no faces)",
                  pi + 1, S->name, m->elem_id ? m->elem_id[e] : e + 1, type_name(m, e), S->face[i]);
    if ((m->ndf == 2 && nn > 3) || (m->ndf == 3 && nn < 3))
      return fail(msg, msglen, SN_ERR_FORMAT, "contact pair %d: surface '%s': element %d (%s) does not fit a %dD model",
                  pi + 1, S->name, m->elem_id ? m->elem_id[e] : e + 1, type_name(m, e), m->ndf);
  }
  return SN_OK;
}

/* slave nodes and areas of surface S into W (snode, sarea, ns) */
static int slave_nodes(work_t *W, const sn_surface *S, int pi, char *msg, size_t msglen)
{
  const sn_model *m = W->m;
  W->ns = 0;
  if (S->node_based) {
    for (int i = 0; i < S->n; i++) {
      int v = S->node[i];
      if (v < 0 || v >= m->nnodes)
        return fail(msg, msglen, SN_ERR_FORMAT, "contact pair %d: surface '%s' names node index %d out of range",
                    pi + 1, S->name, v);
      if (W->slot[v] >= 0) continue;
      W->slot[v] = W->ns;
      W->snode[W->ns] = v;
      W->sarea[W->ns++] = S->weight ? S->weight[i] : 1.0;
    }
    return SN_OK;
  }
  int r = check_faces(m, S, pi, msg, msglen);
  if (r) return r;
  for (int i = 0; i < S->n; i++) {
    int e = S->elem[i], nodes[SN_CONTACT_MAXFN], nn = 0;
    double X[3 * SN_CONTACT_MAXFN], A[SN_CONTACT_MAXFN] = {0};
    if (elem_face_nodes(m, e, S->face[i], nodes, &nn) < 0) return SN_ERR_FORMAT;   /* checked */
    for (int q = 0; q < nn; q++)
      for (int j = 0; j < 3; j++) X[3 * q + j] = W->xc[3 * nodes[q] + j];
    const sn_eldesc *d = sn_element_desc(m->elem_type[e]);
    double thick = 1;
    int axi = d->kind == SN_KIND_AXISYM;
    if ((d->kind == SN_KIND_PLANE_STRAIN || d->kind == SN_KIND_PLANE_STRESS) && m->elem_section) {
      int s = m->elem_section[e];
      if (s >= 0 && s < m->nsections && m->sections[s].thickness > 0) thick = m->sections[s].thickness;
    }
    if (m->ndf == 3) thick = 1, axi = 0;
    if ((r = sn_contact_face_areas(m->ndf, nn, X, thick, axi, A)) < 0)
      return fail(msg, msglen, SN_ERR_FORMAT, "contact pair %d: surface '%s': face S%d of element %d is degenerate",
                  pi + 1, S->name, S->face[i], m->elem_id ? m->elem_id[e] : e + 1);
    for (int q = 0; q < nn; q++) {
      int v = nodes[q];
      if (W->slot[v] < 0) {
        W->slot[v] = W->ns;
        W->snode[W->ns] = v;
        W->sarea[W->ns++] = 0;
      }
      W->sarea[W->slot[v]] += A[q];
    }
  }
  return SN_OK;
}

static int build_faces(work_t *W, const sn_surface *S, faces_t *F)
{
  const sn_model *m = W->m;
  memset(F, 0, sizeof *F);
  size_t n = (size_t)S->n;
  F->elem = malloc(n * sizeof *F->elem);
  F->face = malloc(n * sizeof *F->face);
  F->nn = malloc(n * sizeof *F->nn);
  F->nodes = malloc(n * SN_CONTACT_MAXFN * sizeof *F->nodes);
  F->lo = malloc(n * 3 * sizeof *F->lo);
  F->hi = malloc(n * 3 * sizeof *F->hi);
  if (!F->elem || !F->face || !F->nn || !F->nodes || !F->lo || !F->hi) return SN_ERR_NOMEM;
  F->nf = S->n;
  for (int f = 0; f < S->n; f++) {
    F->elem[f] = S->elem[f];
    F->face[f] = S->face[f];
    F->nn[f] = 0;
    if (elem_face_nodes(m, S->elem[f], S->face[f], F->nodes + SN_CONTACT_MAXFN * f, &F->nn[f]) < 0)
      return SN_ERR_FORMAT;   /* checked before */
    for (int k = 0; k < 3; k++) F->lo[3 * f + k] = INFINITY, F->hi[3 * f + k] = -INFINITY;
    for (int q = 0; q < F->nn[f]; q++) {
      const double *x = W->xc + 3 * F->nodes[SN_CONTACT_MAXFN * f + q];
      for (int k = 0; k < 3; k++) {
        F->lo[3 * f + k] = fmin(F->lo[3 * f + k], x[k]);
        F->hi[3 * f + k] = fmax(F->hi[3 * f + k], x[k]);
      }
    }
  }
  return SN_OK;
}

static int face_has(const faces_t *F, int f, int v)
{
  for (int q = 0; q < F->nn[f]; q++)
    if (F->nodes[SN_CONTACT_MAXFN * f + q] == v) return 1;
  return 0;
}

static int do_pair(work_t *W, int pi, double search_dist, ptbuf *out, char *msg, size_t msglen)
{
  const sn_model *m = W->m;
  const sn_contact_pair *P = &m->pairs[pi];
  if (P->slave < 0 || P->slave >= m->nsurfaces || P->master < 0 || P->master >= m->nsurfaces)
    return fail(msg, msglen, SN_ERR_FORMAT, "contact pair %d: surface index out of range", pi + 1);
  if (P->interaction < 0 || P->interaction >= m->ninteractions)
    return fail(msg, msglen, SN_ERR_FORMAT, "contact pair %d: interaction index out of range", pi + 1);
  const sn_surface *SS = &m->surfaces[P->slave], *MS = &m->surfaces[P->master];
  if (MS->node_based)
    return fail(msg, msglen, SN_ERR_FORMAT,
                "contact pair %d (line %d): master surface '%s' is node based; the master needs element faces (TYPE=ELEMENT)",
                pi + 1, P->line, MS->name);
  if (MS->n <= 0)
    return fail(msg, msglen, SN_ERR_FORMAT, "contact pair %d (line %d): master surface '%s' is empty", pi + 1,
                P->line, MS->name);
  if (SS->n <= 0)
    return fail(msg, msglen, SN_ERR_FORMAT, "contact pair %d (line %d): slave surface '%s' is empty", pi + 1,
                P->line, SS->name);
  int r = check_faces(m, MS, pi, msg, msglen);
  if (r) return r;
  faces_t F;
  grid_t G;
  memset(&G, 0, sizeof G);
  if ((r = build_faces(W, MS, &F))) goto done;
  if ((r = slave_nodes(W, SS, pi, msg, msglen))) goto done;

  double sd = search_dist;
  if (!(sd > 0)) {
    sd = 0;
    for (int f = 0; f < F.nf; f++) {
      double s = 0;
      for (int k = 0; k < 3; k++) s += (F.hi[3 * f + k] - F.lo[3 * f + k]) * (F.hi[3 * f + k] - F.lo[3 * f + k]);
      sd = fmax(sd, sqrt(s));
    }
  }
  for (int f = 0; f < F.nf; f++)
    for (int k = 0; k < 3; k++) F.lo[3 * f + k] -= sd, F.hi[3 * f + k] += sd;
  if ((r = grid_build(&G, W->sdim, &F))) goto done;

  const sn_interaction *I = &m->interactions[P->interaction];
  for (int i = 0; i < W->ns; i++) {
    int v = W->snode[i];
    const double *xs = W->xc + 3 * v;
    int inside = 1, ci[3] = {0, 0, 0};
    for (int k = 0; k < W->sdim; k++) {
      if (!(xs[k] >= G.lo[k] && xs[k] <= G.hi[k])) inside = 0;
      else ci[k] = cell_of(&G, k, xs[k]);
    }
    if (!inside) continue;
    int want = P->pin ? P->pin[v] : -2;     /* SMALL SLIDING: the face paired with at the
                                               increment's start only (-1: none) */
    if (want == -1) continue;
    long c = ((long)ci[2] * G.n[1] + ci[1]) * G.n[0] + ci[0];
    sn_contact_point best, cand;
    int bf = -1;
    memset(&best, 0, sizeof best);
    for (int q = G.start[c]; q < G.start[c + 1]; q++) {
      int f = G.item[q], in = 1;
      for (int k = 0; k < W->sdim; k++)
        if (xs[k] < F.lo[3 * f + k] || xs[k] > F.hi[3 * f + k]) in = 0;
      if (!in || face_has(&F, f, v)) continue;
      if (want >= 0 && F.elem[f] * 8 + F.face[f] != want) continue;
      double X[3 * SN_CONTACT_MAXFN];
      for (int a = 0; a < F.nn[f]; a++)
        for (int j = 0; j < 3; j++) X[3 * a + j] = W->xc[3 * F.nodes[SN_CONTACT_MAXFN * f + a] + j];
      if ((r = sn_contact_project(W->sdim, F.nn[f], X, xs, &cand)) < 0) {
        r = fail(msg, msglen, r, "contact pair %d: master face S%d of element %d is degenerate", pi + 1,
                 F.face[f], m->elem_id ? m->elem_id[F.elem[f]] : F.elem[f] + 1);
        goto done;
      }
      if (cand.dist <= sd && (bf < 0 || cand.dist < best.dist)) best = cand, bf = f;
    }
    if (bf < 0) continue;
    sn_contact_point *p = pt_push(out);
    if (!p) {
      r = SN_ERR_NOMEM;
      goto done;
    }
    *p = best;
    p->pair = pi;
    p->slave_node = v;
    p->slave_dof_node = W->dofnode[v];
    p->master_elem = F.elem[bf];
    p->master_face = F.face[bf];
    p->nmaster = F.nn[bf];
    int ref = -2;
    for (int a = 0; a < p->nmaster; a++) {
      int mn = F.nodes[SN_CONTACT_MAXFN * bf + a], dn = W->dofnode[mn];
      p->master_nodes[a] = mn;
      p->master_dof_nodes[a] = dn;
      if (ref == -2) ref = dn == mn ? -1 : dn;
      else if (ref != dn) ref = -1;
    }
    p->master_kind = ref >= 0 ? SN_MASTER_RIGID : SN_MASTER_FACE;
    p->area = W->sarea[i];
    p->interaction = P->interaction;
    p->mu = I->has_friction ? I->mu : 0;
    p->hard = I->law == SN_OVERCLOSURE_HARD;
    p->slope = I->slope;
  }
  r = SN_OK;
done:
  for (int i = 0; i < W->ns; i++) W->slot[W->snode[i]] = -1;
  W->ns = 0;
  grid_free(&G);
  faces_free(&F);
  return r;
}

/* dofnode: members of a rigid body move with its reference node */
static int rigid_map(work_t *W, char *msg, size_t msglen)
{
  const sn_model *m = W->m;
  for (int i = 0; i < m->nnodes; i++) W->dofnode[i] = i;
  for (int b = 0; b < m->nrigids; b++) {
    const sn_rigid *R = &m->rigids[b];
    if (R->set < 0 || R->set >= m->nsets || R->ref_node < 0 || R->ref_node >= m->nnodes)
      return fail(msg, msglen, SN_ERR_FORMAT, "rigid body %d: set or reference node out of range", b + 1);
    const sn_set *S = &m->sets[R->set];
    for (int i = 0; i < S->n; i++) {
      int lo = 0, hi = 1, e = -1;
      if (S->kind == SN_SET_ELEM) {
        e = S->items[i];
        if (e < 0 || e >= m->nelems) return fail(msg, msglen, SN_ERR_FORMAT, "rigid body %d: element out of range", b + 1);
        lo = m->elem_ptr[e], hi = m->elem_ptr[e + 1];
      }
      for (int k = lo; k < hi; k++) {
        int v = e >= 0 ? m->elem_conn[k] : S->items[i];
        if (v < 0 || v >= m->nnodes) return fail(msg, msglen, SN_ERR_FORMAT, "rigid body %d: node out of range", b + 1);
        if (v == R->ref_node) continue;
        if (W->dofnode[v] != v && W->dofnode[v] != R->ref_node)
          return fail(msg, msglen, SN_ERR_FORMAT, "node %d belongs to two rigid bodies (line %d)",
                      m->node_id ? m->node_id[v] : v + 1, R->line);
        W->dofnode[v] = R->ref_node;
      }
    }
  }
  return SN_OK;
}

int sn_contact_detect(const sn_model *m, const double *u, double search_dist,
                      sn_contact_point **pts, int *npts, char *msg, size_t msglen)
{
  if (msg && msglen > 0) msg[0] = 0;
  if (pts) *pts = NULL;
  if (npts) *npts = 0;
  if (!m || !pts || !npts) return fail(msg, msglen, SN_ERR_ARG, "sn_contact_detect: NULL argument");
  if (m->ndf != 2 && m->ndf != 3)
    return fail(msg, msglen, SN_ERR_ARG, "sn_contact_detect: model ndf %d (2 or 3 expected)", m->ndf);
  if (!isfinite(search_dist)) return fail(msg, msglen, SN_ERR_ARG, "sn_contact_detect: search distance not finite");
  if (m->npairs <= 0) return SN_OK;
  work_t W;
  memset(&W, 0, sizeof W);
  W.m = m;
  W.sdim = m->ndf;
  size_t nn = (size_t)(m->nnodes > 0 ? m->nnodes : 1);
  W.xc = malloc(3 * nn * sizeof *W.xc);
  W.dofnode = malloc(nn * sizeof *W.dofnode);
  W.slot = malloc(nn * sizeof *W.slot);
  W.snode = malloc(nn * sizeof *W.snode);
  W.sarea = malloc(nn * sizeof *W.sarea);
  ptbuf out = {NULL, 0, 0};
  int r = SN_OK;
  if (!W.xc || !W.dofnode || !W.slot || !W.snode || !W.sarea) {
    r = fail(msg, msglen, SN_ERR_NOMEM, "out of memory");
    goto done;
  }
  for (int i = 0; i < m->nnodes; i++) {
    W.slot[i] = -1;
    for (int j = 0; j < 3; j++) {
      double v = m->x[3 * i + j] + (u && j < m->ndf ? u[m->ndf * i + j] : 0.0);
      if (m->ndf == 2 && j == 2) v = 0;
      if (!isfinite(v)) {
        r = fail(msg, msglen, SN_ERR_NAN, "node %d: coordinate or displacement not finite",
                 m->node_id ? m->node_id[i] : i + 1);
        goto done;
      }
      W.xc[3 * i + j] = v;
    }
  }
  if ((r = rigid_map(&W, msg, msglen))) goto done;
  for (int pi = 0; pi < m->npairs; pi++)
    if (!m->pairs[pi].inactive && (r = do_pair(&W, pi, search_dist, &out, msg, msglen))) {
      if (r == SN_ERR_NOMEM && msg && msglen > 0 && !msg[0]) fail(msg, msglen, r, "out of memory");
      goto done;
    }
done:
  free(W.xc);
  free(W.dofnode);
  free(W.slot);
  free(W.snode);
  free(W.sarea);
  if (r) {
    free(out.p);
    return r;
  }
  if (out.n == 0) free(out.p), out.p = NULL;
  *pts = out.p;
  *npts = out.n;
  return SN_OK;
}

void sn_contact_points_free(sn_contact_point *pts) { free(pts); }
