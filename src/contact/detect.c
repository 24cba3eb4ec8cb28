/* Contact detection: for every *CONTACT PAIR, the slave nodes (with their tributary areas),
 * the master faces, a bucket grid over the faces' bounding boxes, and the closest-point
 * projection of each slave node onto its candidate faces (projection.c). Conventions in
 * include/signorini/contact.h. The projections of a pair's slave nodes may run on threads
 * (sn_contact_detect_threads): each node's closest face is a pure function of the coordinates,
 * computed into its own slot, and the points are then made in slave-node order as before, so
 * the result does not depend on the thread count. */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "contact/contact_internal.h"
#include "common/msg_fail.h"

/* master faces of one pair */
typedef struct {
  int nf;
  int *elem, *face, *nn;     /* per face */
  int *nodes;                /* nf x SN_CONTACT_MAXFN */
  double *lo, *hi;           /* nf x 3, grown by the search distance */
  double diam;               /* the largest face's box diagonal (before the growth) */
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
  int nodes_only;            /* face-to-face penalty pairs detected at their slave nodes */
  int faces_all;             /* the frictional soft SURFACE TO SURFACE pairs at face points too */
  int threads;               /* threads of the projections (project_all) */
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
      return sn_msg_fail(msg, msglen, SN_ERR_FORMAT, "contact pair %d: surface '%s' names element index %d out of range",
                  pi + 1, S->name, e);
    if (elem_face_nodes(m, e, S->face[i], nodes, &nn) < 0)
      return sn_msg_fail(msg, msglen, SN_ERR_FORMAT,
                  "contact pair %d: surface '%s': element %d (%s) has no face S%d (trusses and springs have no faces)",
                  pi + 1, S->name, m->elem_id ? m->elem_id[e] : e + 1, type_name(m, e), S->face[i]);
    if ((m->ndf == 2 && nn > 3) || (m->ndf == 3 && nn < 3))
      return sn_msg_fail(msg, msglen, SN_ERR_FORMAT, "contact pair %d: surface '%s': element %d (%s) does not fit a %dD model",
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
        return sn_msg_fail(msg, msglen, SN_ERR_FORMAT, "contact pair %d: surface '%s' names node index %d out of range",
                    pi + 1, S->name, v);
      if (W->slot[v] >= 0) continue;
      W->slot[v] = W->ns;
      W->snode[W->ns] = v;
      W->sarea[W->ns++] = S->weight && S->weight[i] > 0 ? S->weight[i] : -1.0;
    }
    /* no weight given: CalculiX' area (node_area.c), from the free faces holding the node; a
     * node on none (0) takes its master face's area when paired (master_face_area) */
    int nw = 0;
    for (int k = 0; k < W->ns; k++) nw += W->sarea[k] < 0;
    if (!nw) return SN_OK;
    double *A = malloc((size_t)W->ns * sizeof *A);
    if (!A) return SN_ERR_NOMEM;
    int r = sn_contact_node_areas(m, W->xc, W->snode, W->ns, A);
    for (int k = 0; !r && k < W->ns; k++)
      if (W->sarea[k] < 0) W->sarea[k] = A[k];
    free(A);
    return r;
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
      return sn_msg_fail(msg, msglen, SN_ERR_FORMAT, "contact pair %d: surface '%s': face S%d of element %d is degenerate",
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

/* face f is a candidate for the point xs: within its box (inflated by sd), none of the nodes
 * excl[0 .. nex), the face `want` when want >= 0 */
static int candidate(const work_t *W, const faces_t *F, int f, const double *xs, const int *excl, int nex, int want)
{
  for (int k = 0; k < W->sdim; k++)
    if (xs[k] < F->lo[3 * f + k] || xs[k] > F->hi[3 * f + k]) return 0;
  for (int x = 0; x < nex; x++)
    if (face_has(F, f, excl[x])) return 0;
  return want < 0 || F->elem[f] * 8 + F->face[f] == want;
}

/* A lower bound of the distance from xs to face f, or 0 where none is known: a face of 2
 * (3D: 3 or 4) nodes is a convex combination of its nodes (its shape functions are >= 0 on it),
 * so it lies in their box, F's box shrunk back by sd; the margin covers the round-off of that
 * shrinking. Quadratic faces may bulge out of their nodes' box: 0. */
static double distance_bound(const work_t *W, const faces_t *F, int f, const double *xs, double sd)
{
  if (F->nn[f] > (W->sdim == 2 ? 2 : 4)) return 0.0;
  double d2 = 0.0, s = sd;
  for (int k = 0; k < W->sdim; k++) {
    double lo = F->lo[3 * f + k] + sd, hi = F->hi[3 * f + k] - sd;
    double g = fmax(0.0, fmax(lo - xs[k], xs[k] - hi));
    d2 += g * g;
    s = fmax(s, fmax(fabs(lo), fabs(hi)));
  }
  return fmax(0.0, sqrt(d2) - 1e-12 * s);
}

/* The closest master face of the point xs within sd among the candidates of its grid cell: its
 * index (best filled), -1 for none, -2 for a degenerate face. Of several at the same distance,
 * the first in the surface's order, the same distance meaning within tie = 1e-10 of the largest
 * face's size (plus 1e-13 of the node's coordinates, their rounding) of the smallest distance:
 * the exact closest is found first, then the first face within tie of it, so that the choice
 * does not depend on the order of the candidates (a chain of faces each within tie of the
 * next: a review's find on the first version, which compared each face with the best so far).
 * A slave node on the
 * edge of two master faces (conforming meshes: every node of CalculiX' friction1) is as far from
 * both up to rounding, and an exact comparison picked one face or the other on iterates that
 * differed by 5e-14 (the model split against the whole model), with a normal tilted by +1.5e-4
 * or -1.5e-4 and the results 1e-3 apart. The candidate with the smallest distance bound is projected
 * first, and a candidate whose bound exceeds the best distance found is not projected (it can
 * be neither closer nor as close), only checked for degeneracy as its projection would be:
 * on a plate of 7 x 7 faces under 625 slave nodes (sd the largest face diagonal, as by
 * default), 1-2 projections a node instead of 9-16. */
static int closest_face_at(const work_t *W, const faces_t *F, const grid_t *G, const double *xs, const int *excl,
                           int nex, double sd, int want, sn_contact_point *best)
{
  int ci[3] = {0, 0, 0}, bf = -1;
  memset(best, 0, sizeof *best);
  for (int k = 0; k < W->sdim; k++) {
    if (!(xs[k] >= G->lo[k] && xs[k] <= G->hi[k])) return -1;
    ci[k] = cell_of(G, k, xs[k]);
  }
  long c = ((long)ci[2] * G->n[1] + ci[1]) * G->n[0] + ci[0];
  int q0 = G->start[c], q1 = G->start[c + 1], qf = -1;
  double lbf = INFINITY;
  for (int q = q0; q < q1; q++) {          /* the candidate to project first */
    int f = G->item[q];
    if (!candidate(W, F, f, xs, excl, nex, want)) continue;
    double lb = distance_bound(W, F, f, xs, sd);
    if (lb < lbf) lbf = lb, qf = q;
  }
  for (int i = -1; i < q1 - q0 && qf >= 0; i++) {
    int q = i < 0 ? qf : q0 + i;
    if (i >= 0 && q == qf) continue;
    int f = G->item[q];
    if (i >= 0 && !candidate(W, F, f, xs, excl, nex, want)) continue;
    double X[3 * SN_CONTACT_MAXFN];
    for (int a = 0; a < F->nn[f]; a++)
      for (int j = 0; j < 3; j++) X[3 * a + j] = W->xc[3 * F->nodes[SN_CONTACT_MAXFN * f + a] + j];
    if (bf >= 0 && distance_bound(W, F, f, xs, sd) > best->dist) {
      if (sn_contact_face_check(W->sdim, F->nn[f], X) < 0) return -2;
      continue;
    }
    sn_contact_point cand;
    memset(&cand, 0, sizeof cand);   /* the projection fills the geometric fields only */
    if (sn_contact_project(W->sdim, F->nn[f], X, xs, &cand) < 0) return -2;
    if (cand.dist <= sd && (bf < 0 || cand.dist < best->dist || (cand.dist == best->dist && f < bf)))
      *best = cand, bf = f;
  }
  if (bf <= 0) return bf;
  double S = 0.0, dmin = best->dist;     /* of the faces within tie of the closest, the first */
  for (int k = 0; k < W->sdim; k++) S = fmax(S, fabs(xs[k]));
  double tie = 1e-10 * F->diam + 1e-13 * S;
  for (int q = q0; q < q1; q++) {
    int f = G->item[q];
    if (f >= bf || !candidate(W, F, f, xs, excl, nex, want) || distance_bound(W, F, f, xs, sd) > dmin + tie) continue;
    double X[3 * SN_CONTACT_MAXFN];
    for (int a = 0; a < F->nn[f]; a++)
      for (int j = 0; j < 3; j++) X[3 * a + j] = W->xc[3 * F->nodes[SN_CONTACT_MAXFN * f + a] + j];
    sn_contact_point cand;
    memset(&cand, 0, sizeof cand);
    if (sn_contact_project(W->sdim, F->nn[f], X, xs, &cand) < 0) return -2;
    if (cand.dist <= sd && cand.dist <= dmin + tie) *best = cand, bf = f;
  }
  return bf;
}

/* the closest master face of slave node v (closest_face_at) */
static int closest_face(const work_t *W, const faces_t *F, const grid_t *G, int v, double sd, int want,
                        sn_contact_point *best)
{
  return closest_face_at(W, F, G, W->xc + 3 * v, &v, 1, sd, want, best);
}

/* the master fields of a projection onto face bf of F into p (pair fields included). The friction
 * coefficient is at most SN_MU_STICK (fem.h; the deck reader notes it): CalculiX' decks ask for
 * perfect stick by a huge one (*FRICTION 1e20: beamptied6, ringfcontact4); at 1e20 the
 * frictional contact solvers' results were all rejected (the complementarity measure's De Saxce
 * term r_n mu |u_t| of their round-off slip; beamptied6 stopped with "no solution found"); at
 * 1e6 ADMM took 23 s a solve there, at 1e3 20 ms, with the same eigenvalues to 7 digits (every
 * point sticks). */
static void master_fields(const work_t *W, const faces_t *F, int bf, int pi, sn_contact_point *p)
{
  const sn_model *m = W->m;
  const sn_interaction *I = &m->interactions[m->pairs[pi].interaction];
  p->pair = pi;
  p->master_elem = bf >= 0 ? F->elem[bf] : -1;
  p->master_face = bf >= 0 ? F->face[bf] : 0;
  p->nmaster = bf >= 0 ? F->nn[bf] : 0;
  int ref = -2;
  for (int a = 0; a < p->nmaster; a++) {
    int mn = F->nodes[SN_CONTACT_MAXFN * bf + a], dn = W->dofnode[mn];
    p->master_nodes[a] = mn;
    p->master_dof_nodes[a] = dn;
    if (ref == -2) ref = dn == mn ? -1 : dn;
    else if (ref != dn) ref = -1;
  }
  p->master_kind = ref >= 0 ? SN_MASTER_RIGID : SN_MASTER_FACE;
  p->interaction = m->pairs[pi].interaction;
  p->mu = I->has_friction ? fmin(I->mu, SN_MU_STICK) : 0;
  p->hard = I->law == SN_OVERCLOSURE_HARD;
  p->slope = I->slope;
}

/* scratch of face_points */
typedef struct {
  int *mark, stamp;          /* per master face: the last slave face that listed it */
  int *list;                 /* the candidates of one slave face */
  double *key;
  double *poly;              /* the pieces taken so far on one slave face, SN_SEG_MAXV x 2 each */
  int *npoly, npieces, cap;
} fp_scratch;

/* The master faces that may lie under slave face S (at W->xc): those in the grid cells of S's
 * box whose boxes (grown by sd) meet it, that share no node with S and face it (their normals at
 * the centres opposed), nearest centre first; their count, into X->list */
static int near_faces(const work_t *W, const faces_t *F, const grid_t *G, const sn_seg_face *S, fp_scratch *X)
{
  double lo[3] = {0, 0, 0}, hi[3] = {0, 0, 0}, xs[3], ns[3];
  int c0[3] = {0, 0, 0}, c1[3] = {0, 0, 0}, n = 0;
  for (int k = 0; k < W->sdim; k++) {
    lo[k] = INFINITY, hi[k] = -INFINITY;
    for (int a = 0; a < S->nfn; a++) lo[k] = fmin(lo[k], S->X[3 * a + k]), hi[k] = fmax(hi[k], S->X[3 * a + k]);
    if (!(hi[k] >= G->lo[k] && lo[k] <= G->hi[k])) return 0;
    c0[k] = cell_of(G, k, lo[k]), c1[k] = cell_of(G, k, hi[k]);
  }
  sn_seg_centre_normal(S, xs, ns);
  X->stamp++;
  for (int i2 = c0[2]; i2 <= c1[2]; i2++)
    for (int i1 = c0[1]; i1 <= c1[1]; i1++)
      for (int i0 = c0[0]; i0 <= c1[0]; i0++) {
        long c = ((long)i2 * G->n[1] + i1) * G->n[0] + i0;
        for (int q = G->start[c]; q < G->start[c + 1]; q++) {
          int f = G->item[q], meet = 1;
          if (X->mark[f] == X->stamp) continue;
          X->mark[f] = X->stamp;
          for (int k = 0; k < W->sdim; k++) meet &= hi[k] >= F->lo[3 * f + k] && lo[k] <= F->hi[3 * f + k];
          if (!meet) continue;
          sn_seg_face M;
          double xm[3], nm[3];
          sn_seg_load(W->m, W->xc, F->elem[f], F->face[f], &M);
          if (sn_seg_shares_node(S, &M)) continue;
          sn_seg_centre_normal(&M, xm, nm);
          if (!(nm[0] * ns[0] + nm[1] * ns[1] + nm[2] * ns[2] < 0)) continue;
          double d2 = 0;
          for (int j = 0; j < 3; j++) d2 += (xm[j] - xs[j]) * (xm[j] - xs[j]);
          int k = n++;   /* insertion by distance, ties by face order */
          while (k > 0 && (X->key[k - 1] > d2 || (X->key[k - 1] == d2 && X->list[k - 1] > f))) {
            X->key[k] = X->key[k - 1], X->list[k] = X->list[k - 1];
            k--;
          }
          X->key[k] = d2, X->list[k] = f;
        }
      }
  return n;
}

/* keeps the points of q (natural coordinates of the slave face, 3 per point) that lie in no piece
 * taken before (a master surface folded over itself: the nearer face's piece counts once); the
 * count kept */
static int drop_covered(int d, const fp_scratch *X, double *q, int nq)
{
  int n = 0;
  for (int k = 0; k < nq; k++) {
    int in = 0;
    for (int p = 0; p < X->npieces && !in; p++)
      in = sn_seg_contains(d, X->poly + 2 * SN_SEG_MAXV * p, X->npoly[p], q + 3 * k);
    if (!in) memmove(q + 3 * n++, q + 3 * k, 3 * sizeof *q);
  }
  return n;
}

static int keep_piece(fp_scratch *X, const double *poly, int np)
{
  if (X->npieces == X->cap) {
    int cap = X->cap ? 2 * X->cap : 16;
    double *p = realloc(X->poly, (size_t)cap * 2 * SN_SEG_MAXV * sizeof *p);
    if (p) X->poly = p;
    int *n = realloc(X->npoly, (size_t)cap * sizeof *n);
    if (n) X->npoly = n;
    if (!p || !n) return SN_ERR_NOMEM;
    X->cap = cap;
  }
  memcpy(X->poly + 2 * SN_SEG_MAXV * X->npieces, poly, 2 * (size_t)np * sizeof *poly);
  X->npoly[X->npieces++] = np;
  return SN_OK;
}

/* the face-to-face penalty points of pair pi (face_penalty.c). Each slave face is cut by the
 * master faces under it (segment.c: the pieces of its parameter domain under each master face,
 * as CalculiX cuts its slave faces, manual, "Face-to-Face Penalty Contact"), and each piece
 * gets a Gauss rule (sn_face_penalty_rule); a point is matched with its piece's master face
 * (the closest point on that face, kept when within sd). A rule over the whole slave face
 * instead integrates the master's shape functions across the master's element edges, where they
 * kink: a uniform pressure between non-matching meshes was then transmitted with errors of
 * 1-2 % (tests/analysis/test_mortar_patch.c). The match (master face, the projection's natural
 * coordinates xi and the normal n there) is made at the coordinates W->xc, those of the
 * increment's start when the analysis gives them (CalculiX freezes the match between slave and
 * master over an increment); the gap is then evaluated at the current coordinates xcur:
 * g = n . (x_s - x_m(xi)), x_m(xi) = sum_l N_l(xi) x_l, the master point a material point of
 * the master face over the increment. */
/* what the points of one slave face's pieces share (face_points) */
typedef struct {
  work_t *W;
  const faces_t *F;
  int pi, face;              /* the pair, the slave face (index into its surface) */
  double sd;
  const double *xcur;
  sn_fp_face *S, *S0;        /* the points at xcur and at W->xc (S0 == S: not frozen) */
  double *q;
  ptbuf *out;
  char *msg;
  size_t msglen;
} fp_ctx;

/* the points of one piece (natural coordinates poly, np vertices) of slave face C->face under
 * master face bf (Mg at W->xc), those not covered by an earlier piece of the face */
static int piece_points(fp_ctx *C, fp_scratch *X, const sn_seg_face *Sg, int bf, const sn_seg_face *Mg,
                        const double *poly, int np)
{
  const sn_model *m = C->W->m;
  const sn_surface *SS = &m->surfaces[m->pairs[C->pi].slave];
  int e = SS->elem[C->face], fc = SS->face[C->face], frozen = C->S0 != C->S, r;
  int nq = drop_covered(Sg->d, X, C->q, sn_face_penalty_rule(Sg->fam, poly, np, C->q));
  if (!nq) return SN_OK;
  if ((r = keep_piece(X, poly, np))) return r;
  if (sn_face_penalty_face(m, C->xcur, e, fc, C->q, nq, C->S) ||
      (frozen && sn_face_penalty_face(m, C->W->xc, e, fc, C->q, nq, C->S0)))
    return sn_msg_fail(C->msg, C->msglen, SN_ERR_FORMAT, "contact pair %d: surface '%s': face S%d of element %d is degenerate",
                       C->pi + 1, SS->name, fc, m->elem_id ? m->elem_id[e] : e + 1);
  const sn_fp_face *S = C->S, *S0 = C->S0;
  for (int k = 0; k < nq; k++) {
    sn_contact_point best;
    memset(&best, 0, sizeof best);
    if (sn_contact_project(C->W->sdim, Mg->nfn, Mg->X, S0->x[k], &best) < 0)
      return sn_msg_fail(C->msg, C->msglen, SN_ERR_FORMAT, "contact pair %d: a master face is degenerate", C->pi + 1);
    if (!(best.dist <= C->sd)) continue;
    /* frozen: the match at the current coordinates. Faces that touch in the deck (a start gap
     * within round-off, 1e-12 of the coordinates: CalculiX' ringfcontact2 has +-4.5e-16 at
     * coordinates of 1.5) start from a gap of exactly 0 at every point alike, not open or closed
     * by the sign of the round-off (a first Newton step that is not symmetric where the model
     * is, and a structure past a bifurcation then leaves its symmetric path); only the start's
     * round-off is dropped, not the increment's own small overclosures (CalculiX' plate: 5e-11
     * at coordinates of 100 in its first increment) */
    if (frozen) {
      double g = 0, d2 = 0, g0 = best.gap, s = 0;
      for (int j = 0; j < 3; j++) s = fmax(s, fmax(fabs(S0->x[k][j]), fabs(best.x_master[j])));
      if (!(fabs(g0) <= 1e-12 * s)) g0 = 0;   /* not touching at the start: the plain gap */
      for (int j = 0; j < 3; j++) {
        double xm = 0;
        for (int a = 0; a < Mg->nfn; a++) xm += best.shape[a] * C->xcur[3 * Mg->node[a] + j];
        best.x_master[j] = xm, best.x_slave[j] = S->x[k][j];
        g += best.normal[j] * (S->x[k][j] - xm);
        d2 += (S->x[k][j] - xm) * (S->x[k][j] - xm);
      }
      best.gap = g - g0, best.dist = sqrt(d2);
    }
    sn_contact_point *p = pt_push(C->out);
    if (!p) return SN_ERR_NOMEM;
    *p = best;
    p->nterm = 0;
    master_fields(C->W, C->F, bf, C->pi, p);
    sn_face_penalty_point(S, k, C->W->dofnode, p);
    p->face_elem = e, p->face_side = fc;
    p->face_xi[0] = C->q[3 * k], p->face_xi[1] = C->q[3 * k + 1];
  }
  return SN_OK;
}

static int face_points(work_t *W, const faces_t *F, const grid_t *G, int pi, double sd, const double *xcur,
                       ptbuf *out, char *msg, size_t msglen)
{
  const sn_model *m = W->m;
  const sn_surface *SS = &m->surfaces[m->pairs[pi].slave];
  fp_ctx C = {W, F, pi, 0, sd, xcur, malloc(sizeof(sn_fp_face)), NULL, malloc(3 * SN_FP_MAXPT * sizeof(double)),
              out, msg, msglen};
  C.S0 = xcur != W->xc ? malloc(sizeof(sn_fp_face)) : C.S;
  fp_scratch X = {calloc((size_t)F->nf, sizeof *X.mark), 0, malloc((size_t)F->nf * sizeof *X.list),
                  malloc((size_t)F->nf * sizeof *X.key), NULL, NULL, 0, 0};
  int r = C.S && C.S0 && C.q && X.mark && X.list && X.key ? SN_OK : SN_ERR_NOMEM;
  for (int i = 0; i < SS->n && r == SN_OK; i++) {
    sn_seg_face Sg;
    sn_seg_load(m, W->xc, SS->elem[i], SS->face[i], &Sg);
    int nc = near_faces(W, F, G, &Sg, &X);
    X.npieces = 0;
    C.face = i;
    for (int c = 0; c < nc && r == SN_OK; c++) {
      sn_seg_face Mg;
      double poly[2 * SN_SEG_MAXV * SN_SEG_MAXPIECES];
      int np[SN_SEG_MAXPIECES];
      sn_seg_load(m, W->xc, F->elem[X.list[c]], F->face[X.list[c]], &Mg);
      int n = sn_seg_pieces(&Sg, &Mg, 1, poly, np);
      for (int k = 0; k < n && r == SN_OK; k++)
        r = piece_points(&C, &X, &Sg, X.list[c], &Mg, poly + 2 * SN_SEG_MAXV * k, np[k]);
    }
  }
  if (C.S0 != C.S) free(C.S0);
  free(C.S);
  free(C.q);
  free(X.mark);
  free(X.list);
  free(X.key);
  free(X.poly);
  free(X.npoly);
  return r;
}

/* a mortar row's frame, gap, weight and terms into p (the master fields stay those of the
 * node's own projection) */
static void mortar_point(const sn_mortar_row *R, const double *xs, sn_contact_point *p)
{
  for (int j = 0; j < 3; j++) {
    p->normal[j] = R->normal[j], p->t1[j] = R->t1[j], p->t2[j] = R->t2[j];
    p->x_slave[j] = xs[j];
    if (p->nmaster == 0) p->x_master[j] = xs[j] - R->gap * R->normal[j];
  }
  p->gap = R->gap;
  p->area = R->weight;
  p->nterm = R->nterm;
  for (int t = 0; t < R->nterm; t++) p->term_node[t] = R->tnode[t], p->term_coef[t] = R->tcoef[t];
}

/* the area CalculiX gives a node of a node surface that lies on no free face (node_area.c):
 * that of master face bf, in 2D its length times the master element's thickness, or times
 * 2 pi r of slave node v in an axisymmetric model; 0 for a degenerate face */
static double master_face_area(const work_t *W, const faces_t *F, int bf, int v)
{
  const sn_model *m = W->m;
  int nn = F->nn[bf], e = F->elem[bf];
  double X[3 * SN_CONTACT_MAXFN], A[SN_CONTACT_MAXFN] = {0}, f = 1, sum = 0;
  for (int q = 0; q < nn; q++)
    for (int j = 0; j < 3; j++) X[3 * q + j] = W->xc[3 * F->nodes[SN_CONTACT_MAXFN * bf + q] + j];
  if (sn_contact_face_areas(W->sdim, nn, X, 1.0, 0, A) != SN_OK) return 0;
  for (int q = 0; q < nn; q++) sum += A[q];
  const sn_eldesc *d = sn_element_desc(m->elem_type[e]);
  if (W->sdim == 2 && d && d->kind == SN_KIND_AXISYM) f = 6.283185307179586477 * W->xc[3 * v];
  else if (W->sdim == 2 && m->elem_section) {
    int s = m->elem_section[e];
    if (s >= 0 && s < m->nsections && m->sections[s].thickness > 0) f = m->sections[s].thickness;
  }
  return sum * f;
}

/* CalculiX makes no contact element for a slave node of a NODE TO SURFACE pair with the
 * EXPONENTIAL law whose clearance exceeds the law's c0 (the clearance where p = p0 / 100; ccx
 * 2.20's node-to-face detection, measured on its deck bolt: nodes at clearances 9.9e-5 carry
 * p0 exp(-ln(100) h / c0), nodes at 1.08e-4 none, c0 = 1e-4): such a node is no contact point
 * (the law drops from p0 / 100 to 0 at c0) */
static int beyond_reach(const sn_model *m, const sn_contact_pair *P, double gap)
{
  const sn_interaction *I = &m->interactions[P->interaction];
  return P->type == SN_PAIR_NODE_TO_SURFACE && I->law == SN_OVERCLOSURE_EXPONENTIAL && I->c0 > 0 && gap > I->c0;
}

/* the closest face of every slave node of the pair on W->threads threads, into (*pf)[i] and
 * (*pbest)[i] (left NULL, and the caller projects node by node, with one thread or few nodes);
 * nodes the caller skips (mortar rows not kept, SMALL SLIDING pairs without a face) get -1 */
#define PROJECT_MIN_NODES 256
static int project_all(const work_t *W, const faces_t *F, const grid_t *G, const sn_contact_pair *P,
                       const sn_mortar_row *rows, double sd, int **pf, sn_contact_point **pbest)
{
  int ns = W->ns, nt = W->threads;
  if (nt <= 1 || ns < PROJECT_MIN_NODES) return SN_OK;
  if (!(*pf = malloc((size_t)ns * sizeof **pf)) || !(*pbest = malloc((size_t)ns * sizeof **pbest))) return SN_ERR_NOMEM;
  int *f = *pf;
  sn_contact_point *b = *pbest;
#ifdef SN_HAVE_OPENMP
#pragma omp parallel for schedule(static) num_threads(nt)
#endif
  for (int i = 0; i < ns; i++) {
    int v = W->snode[i], want = P->pin && !rows ? P->pin[v] : -2;
    f[i] = -1;
    if ((rows && !rows[i].keep) || want == -1) continue;
    f[i] = closest_face(W, F, G, v, sd, want, &b[i]);
  }
  return SN_OK;
}

static int do_pair(work_t *W, int pi, double search_dist, ptbuf *out, char *msg, size_t msglen)
{
  const sn_model *m = W->m;
  const sn_contact_pair *P = &m->pairs[pi];
  if (P->slave < 0 || P->slave >= m->nsurfaces || P->master < 0 || P->master >= m->nsurfaces)
    return sn_msg_fail(msg, msglen, SN_ERR_FORMAT, "contact pair %d: surface index out of range", pi + 1);
  if (P->interaction < 0 || P->interaction >= m->ninteractions)
    return sn_msg_fail(msg, msglen, SN_ERR_FORMAT, "contact pair %d: interaction index out of range", pi + 1);
  const sn_surface *SS = &m->surfaces[P->slave], *MS = &m->surfaces[P->master];
  if (MS->node_based)
    return sn_msg_fail(msg, msglen, SN_ERR_FORMAT,
                "contact pair %d (line %d): master surface '%s' is node based; the master needs element faces (TYPE=ELEMENT)",
                pi + 1, P->line, MS->name);
  if (MS->n <= 0)
    return sn_msg_fail(msg, msglen, SN_ERR_FORMAT, "contact pair %d (line %d): master surface '%s' is empty", pi + 1,
                P->line, MS->name);
  if (SS->n <= 0)
    return sn_msg_fail(msg, msglen, SN_ERR_FORMAT, "contact pair %d (line %d): slave surface '%s' is empty", pi + 1,
                P->line, SS->name);
  int r = check_faces(m, MS, pi, msg, msglen);
  if (r) return r;
  faces_t F;
  grid_t G;
  sn_mortar_row *rows = NULL;
  int *pf = NULL;                   /* project_all's faces and points, NULL: serial */
  sn_contact_point *pbest = NULL;
  memset(&G, 0, sizeof G);
  memset(&F, 0, sizeof F);
  /* a face-to-face penalty pair in an increment is matched at the increment's start (face_points) */
  int fp = (sn_contact_face_penalty(m, pi) || (W->faces_all && sn_contact_face_springs(m, pi))) && !W->nodes_only;
  double *xcur = W->xc, *x0 = NULL;
  if (fp && P->u_start) {
    if (!(x0 = malloc(3 * (size_t)m->nnodes * sizeof *x0))) return SN_ERR_NOMEM;
    for (int i = 0; i < m->nnodes; i++)
      for (int j = 0; j < 3; j++) x0[3 * i + j] = m->x[3 * i + j] + (j < m->ndf ? P->u_start[m->ndf * i + j] : 0.0);
    W->xc = x0;
  }
  if ((r = build_faces(W, MS, &F))) goto done;
  if ((r = slave_nodes(W, SS, pi, msg, msglen))) goto done;

  F.diam = 0;
  for (int f = 0; f < F.nf; f++) {
    double s = 0;
    for (int k = 0; k < 3; k++) s += (F.hi[3 * f + k] - F.lo[3 * f + k]) * (F.hi[3 * f + k] - F.lo[3 * f + k]);
    F.diam = fmax(F.diam, sqrt(s));
  }
  double sd = search_dist > 0 ? search_dist : F.diam;
  for (int f = 0; f < F.nf; f++)
    for (int k = 0; k < 3; k++) F.lo[3 * f + k] -= sd, F.hi[3 * f + k] += sd;
  if ((r = grid_build(&G, W->sdim, &F))) goto done;

  if (fp) {
    r = face_points(W, &F, &G, pi, sd, xcur, out, msg, msglen);
    goto done;
  }
  if (P->type == SN_PAIR_SURFACE_TO_SURFACE && !sn_contact_face_penalty(m, pi)) {
    rows = malloc((size_t)(W->ns > 0 ? W->ns : 1) * sizeof *rows);
    if (!rows) {
      r = SN_ERR_NOMEM;
      goto done;
    }
    sn_mortar_master MF = {F.nf, F.elem, F.face, F.lo, F.hi};
    int bad = -1;
    if ((r = sn_mortar_rows(m, SS, &MF, W->xc, W->dofnode, W->slot, W->ns, sd, rows, &bad))) {
      if (r == SN_ERR_FORMAT && bad >= 0)
        r = sn_msg_fail(msg, msglen, r, "contact pair %d (line %d): the mortar row of slave node %d couples more than %d nodes "
                 "(the master mesh is much finer than the slave's)", pi + 1, P->line,
                 m->node_id ? m->node_id[W->snode[bad]] : W->snode[bad] + 1, SN_MORTAR_MAXTERM);
      else if (r != SN_ERR_NOMEM)
        r = sn_msg_fail(msg, msglen, r, "contact pair %d (line %d): a master face is degenerate", pi + 1, P->line);
      goto done;
    }
  }
  if ((r = project_all(W, &F, &G, P, rows, sd, &pf, &pbest))) goto done;
  for (int i = 0; i < W->ns; i++) {
    int v = W->snode[i];
    if (rows && !rows[i].keep) continue;
    int want = P->pin && !rows ? P->pin[v] : -2;   /* SMALL SLIDING: the face paired with at the
                                                      increment's start only (-1: none); mortar
                                                      rows are segmented anew at every detection */
    if (want == -1) continue;
    sn_contact_point best;
    int bf = pf ? pf[i] : closest_face(W, &F, &G, v, sd, want, &best);
    if (pf) best = pbest[i];
    if (bf == -2) {
      r = sn_msg_fail(msg, msglen, SN_ERR_FORMAT, "contact pair %d: a master face is degenerate", pi + 1);
      goto done;
    }
    if (bf < 0 && !rows) continue;
    if (!rows && beyond_reach(m, P, best.gap)) continue;
    sn_contact_point *p = pt_push(out);
    if (!p) {
      r = SN_ERR_NOMEM;
      goto done;
    }
    *p = best;
    p->nterm = 0;   /* best holds only the projection's fields */
    master_fields(W, &F, bf, pi, p);
    p->slave_node = v;
    p->slave_dof_node = W->dofnode[v];
    p->area = W->sarea[i];
    if (SS->node_based && !(p->area > 0) && bf >= 0) p->area = master_face_area(W, &F, bf, v);
    if (rows) mortar_point(&rows[i], W->xc + 3 * v, p);
  }
  r = SN_OK;
done:
  W->xc = xcur;
  free(x0);
  free(rows);
  free(pf);
  free(pbest);
  for (int i = 0; i < W->ns; i++) W->slot[W->snode[i]] = -1;
  W->ns = 0;
  grid_free(&G);
  faces_free(&F);
  return r;
}

/* the points of the GAPUNI elements of *GAP gi (fem.h, sn_gap): one per element, always (a
 * gap is a constraint between two given nodes, open or closed; no search) */
static int do_gap(work_t *W, int gi, ptbuf *out, char *msg, size_t msglen)
{
  const sn_model *m = W->m;
  const sn_gap *G = &m->gaps[gi];
  if (G->elset < 0 || G->elset >= m->nsets || G->interaction < 0 || G->interaction >= m->ninteractions)
    return sn_msg_fail(msg, msglen, SN_ERR_FORMAT, "*GAP %d: set or interaction index out of range", gi + 1);
  const sn_set *S = &m->sets[G->elset];
  const sn_interaction *I = &m->interactions[G->interaction];
  for (int k = 0; k < S->n; k++) {
    int e = S->items[k];
    if (e < 0 || e >= m->nelems || m->elem_type[e] != SN_EL_GAPUNI) continue;
    int n1 = m->elem_conn[m->elem_ptr[e]], n2 = m->elem_conn[m->elem_ptr[e] + 1];
    sn_contact_point *p = pt_push(out);
    if (!p) return sn_msg_fail(msg, msglen, SN_ERR_NOMEM, "out of memory");
    memset(p, 0, sizeof *p);
    p->pair = -1;
    p->slave_node = n2;
    p->slave_dof_node = W->dofnode[n2];
    p->master_kind = SN_MASTER_FACE;
    p->master_elem = e;
    p->master_face = 0;
    p->nmaster = 1;
    p->master_nodes[0] = n1;
    p->master_dof_nodes[0] = W->dofnode[n1];
    p->shape[0] = 1;
    const double *x1 = W->xc + 3 * n1, *x2 = W->xc + 3 * n2;
    double d[3], g = G->clearance;
    for (int j = 0; j < 3; j++) {
      p->x_slave[j] = x2[j];
      p->x_master[j] = x1[j];
      p->normal[j] = G->dir[j];
      /* the change of the nodes' distance along n since the reference configuration */
      d[j] = (x2[j] - m->x[3 * n2 + j]) - (x1[j] - m->x[3 * n1 + j]);
      g += G->dir[j] * d[j];
    }
    p->gap = g;
    p->dist = fabs(g);
    /* t1: the unit axis least aligned with n, made orthogonal; t2 = n x t1 */
    const double *n = G->dir;
    int a = fabs(n[0]) <= fabs(n[1]) && fabs(n[0]) <= fabs(n[2]) ? 0 : fabs(n[1]) <= fabs(n[2]) ? 1 : 2;
    double t[3] = {0, 0, 0}, tn;
    t[a] = 1;
    tn = t[0] * n[0] + t[1] * n[1] + t[2] * n[2];
    for (int j = 0; j < 3; j++) t[j] -= tn * n[j];
    double tl = sqrt(t[0] * t[0] + t[1] * t[1] + t[2] * t[2]);
    for (int j = 0; j < 3; j++) p->t1[j] = t[j] / tl;
    p->t2[0] = n[1] * p->t1[2] - n[2] * p->t1[1];
    p->t2[1] = n[2] * p->t1[0] - n[0] * p->t1[2];
    p->t2[2] = n[0] * p->t1[1] - n[1] * p->t1[0];
    if (W->sdim == 2) {   /* in the plane: t1 = n turned by -90 degrees, no t2 */
      p->t1[0] = n[1], p->t1[1] = -n[0], p->t1[2] = 0;
      p->t2[0] = p->t2[1] = p->t2[2] = 0;
    }
    p->area = 1;
    p->interaction = G->interaction;
    p->mu = I->has_friction ? fmin(I->mu, SN_MU_STICK) : 0;
    /* a *GAP without stiffness: ccx 2.20's law with k = 1e12 (springs under LAGRANGE /
     * INTERIOR), HARD under the penalty treatments (whose Newton iterations stall on a force
     * law of width eps = pi f_inf / k = 3e-15) */
    p->hard = I->law == SN_OVERCLOSURE_HARD || !(G->k > 0);
    p->slope = p->hard ? 0.0 : I->slope;
  }
  return SN_OK;
}

/* dofnode: members of a rigid body move with its reference node */
static int rigid_map(work_t *W, char *msg, size_t msglen)
{
  const sn_model *m = W->m;
  for (int i = 0; i < m->nnodes; i++) W->dofnode[i] = i;
  for (int b = 0; b < m->nrigids; b++) {
    const sn_rigid *R = &m->rigids[b];
    if (R->set < 0 || R->set >= m->nsets || R->ref_node < 0 || R->ref_node >= m->nnodes)
      return sn_msg_fail(msg, msglen, SN_ERR_FORMAT, "rigid body %d: set or reference node out of range", b + 1);
    const sn_set *S = &m->sets[R->set];
    for (int i = 0; i < S->n; i++) {
      int lo = 0, hi = 1, e = -1;
      if (S->kind == SN_SET_ELEM) {
        e = S->items[i];
        if (e < 0 || e >= m->nelems) return sn_msg_fail(msg, msglen, SN_ERR_FORMAT, "rigid body %d: element out of range", b + 1);
        lo = m->elem_ptr[e], hi = m->elem_ptr[e + 1];
      }
      for (int k = lo; k < hi; k++) {
        int v = e >= 0 ? m->elem_conn[k] : S->items[i];
        if (v < 0 || v >= m->nnodes) return sn_msg_fail(msg, msglen, SN_ERR_FORMAT, "rigid body %d: node out of range", b + 1);
        if (v == R->ref_node) continue;
        if (W->dofnode[v] != v && W->dofnode[v] != R->ref_node)
          return sn_msg_fail(msg, msglen, SN_ERR_FORMAT, "node %d belongs to two rigid bodies (line %d)",
                      m->node_id ? m->node_id[v] : v + 1, R->line);
        W->dofnode[v] = R->ref_node;
      }
    }
  }
  return SN_OK;
}

static int detect(const sn_model *m, const double *u, double search_dist, int nodes_only, int faces_all,
                  int threads, sn_contact_point **pts, int *npts, char *msg, size_t msglen)
{
  if (msg && msglen > 0) msg[0] = 0;
  if (pts) *pts = NULL;
  if (npts) *npts = 0;
  if (!m || !pts || !npts) return sn_msg_fail(msg, msglen, SN_ERR_ARG, "sn_contact_detect: NULL argument");
  if (m->ndf != 2 && m->ndf != 3)
    return sn_msg_fail(msg, msglen, SN_ERR_ARG, "sn_contact_detect: model ndf %d (2 or 3 expected)", m->ndf);
  if (!isfinite(search_dist)) return sn_msg_fail(msg, msglen, SN_ERR_ARG, "sn_contact_detect: search distance not finite");
  if (m->npairs <= 0 && m->ngaps <= 0) return SN_OK;
  work_t W;
  memset(&W, 0, sizeof W);
  W.m = m;
  W.sdim = m->ndf;
  W.nodes_only = nodes_only;
  W.faces_all = faces_all;
  W.threads = threads;
  size_t nn = (size_t)(m->nnodes > 0 ? m->nnodes : 1);
  W.xc = malloc(3 * nn * sizeof *W.xc);
  W.dofnode = malloc(nn * sizeof *W.dofnode);
  W.slot = malloc(nn * sizeof *W.slot);
  W.snode = malloc(nn * sizeof *W.snode);
  W.sarea = malloc(nn * sizeof *W.sarea);
  ptbuf out = {NULL, 0, 0};
  int r = SN_OK;
  if (!W.xc || !W.dofnode || !W.slot || !W.snode || !W.sarea) {
    r = sn_msg_fail(msg, msglen, SN_ERR_NOMEM, "out of memory");
    goto done;
  }
  for (int i = 0; i < m->nnodes; i++) {
    W.slot[i] = -1;
    for (int j = 0; j < 3; j++) {
      double v = m->x[3 * i + j] + (u && j < m->ndf ? u[m->ndf * i + j] : 0.0);
      if (m->ndf == 2 && j == 2) v = 0;
      if (!isfinite(v)) {
        r = sn_msg_fail(msg, msglen, SN_ERR_NAN, "node %d: coordinate or displacement not finite",
                 m->node_id ? m->node_id[i] : i + 1);
        goto done;
      }
      W.xc[3 * i + j] = v;
    }
  }
  if ((r = rigid_map(&W, msg, msglen))) goto done;
  for (int pi = 0; pi < m->npairs; pi++) {
    int n0 = out.n;
    if (!m->pairs[pi].inactive && (r = do_pair(&W, pi, search_dist, &out, msg, msglen))) {
      if (r == SN_ERR_NOMEM && msg && msglen > 0 && !msg[0]) sn_msg_fail(msg, msglen, r, "out of memory");
      goto done;
    }
    if (m->pairs[pi].relief_u0) sn_contact_relief(m, u, out.p + n0, out.n - n0);
  }
  for (int gi = 0; gi < m->ngaps; gi++)
    if ((r = do_gap(&W, gi, &out, msg, msglen))) goto done;
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

int sn_contact_detect(const sn_model *m, const double *u, double search_dist,
                      sn_contact_point **pts, int *npts, char *msg, size_t msglen)
{
  return detect(m, u, search_dist, 0, 0, 1, pts, npts, msg, msglen);
}

int sn_contact_detect_threads(const sn_model *m, const double *u, double search_dist, int threads,
                              sn_contact_point **pts, int *npts, char *msg, size_t msglen)
{
  return detect(m, u, search_dist, 0, 0, threads, pts, npts, msg, msglen);
}

int sn_contact_detect_nodes(const sn_model *m, const double *u, double search_dist,
                            sn_contact_point **pts, int *npts, char *msg, size_t msglen)
{
  return detect(m, u, search_dist, 1, 0, 1, pts, npts, msg, msglen);
}

int sn_contact_detect_faces(const sn_model *m, const double *u, double search_dist,
                            sn_contact_point **pts, int *npts, char *msg, size_t msglen)
{
  return detect(m, u, search_dist, 0, 1, 1, pts, npts, msg, msglen);
}

int sn_contact_detect_faces_threads(const sn_model *m, const double *u, double search_dist, int threads,
                                    sn_contact_point **pts, int *npts, char *msg, size_t msglen)
{
  return detect(m, u, search_dist, 0, 1, threads, pts, npts, msg, msglen);
}

void sn_contact_points_free(sn_contact_point *pts) { free(pts); }
