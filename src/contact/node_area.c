/* CalculiX' areas of the slave nodes of a node-based surface (*SURFACE, TYPE=NODE) in
 * node-to-surface contact, as measured with ccx 2.20 (LINEAR law, the contact force against the
 * overclosure of one slave node; tests/contact/test_node_area.c has the decks and figures):
 *  - 3D: a node's area is the sum of its shares of the mesh's free faces that hold it (faces of
 *    one element only; a face shared by two elements is inside the body and counts for none):
 *    a corner of a brick 3 quarter faces, a node on the edge between two bricks 4;
 *  - a node on no free face (a node of springs only, and every node of a 2D model, whose nodes
 *    are the midplane nodes of ccx's expanded elements): the area of the master face it is
 *    paired with, in 2D the face's length times the thickness, or times 2 pi r_slave for an
 *    axisymmetric model (ccx: the face's 2-degree area times r_slave / r_face-midpoint).
 * The shares are those of sn_contact_face_areas: the consistent ones of linear faces (a quarter
 * of a 4-node face), HRZ-lumped ones of quadratic faces (positive at every node). */
#include "contact/contact_internal.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
  int key[4];   /* the face's corner nodes, sorted (a triangle: key[3] = -1) */
  int elem, face;
} face_rec;

static int cmp_key(const void *a, const void *b)
{
  const face_rec *x = a, *y = b;
  for (int k = 0; k < 4; k++)
    if (x->key[k] != y->key[k]) return x->key[k] < y->key[k] ? -1 : 1;
  return 0;
}

/* the faces of solid elements holding a node with mark[v] != 0, their corners sorted; count in *n */
static int collect_faces(const sn_model *m, const unsigned char *mark, face_rec **out, int *n)
{
  size_t cap = 64, k = 0;
  face_rec *F = malloc(cap * sizeof *F);
  if (!F) return SN_ERR_NOMEM;
  for (int e = 0; e < m->nelems; e++) {
    const sn_eldesc *d = sn_element_desc(m->elem_type[e]);
    if (!d || d->kind != SN_KIND_SOLID || d->nfaces <= 0) continue;
    for (int f = 1; f <= d->nfaces; f++) {
      int loc[SN_CONTACT_MAXFN], nn = sn_element_face_nodes(m->elem_type[e], f, loc), hit = 0;
      if (nn < 3 || nn > SN_CONTACT_MAXFN) continue;
      int nc = (nn == 4 || nn == 8) ? 4 : 3;
      for (int q = 0; q < nn; q++) hit |= mark[m->elem_conn[m->elem_ptr[e] + loc[q]]];
      if (!hit) continue;
      if (k == cap) {
        face_rec *G = realloc(F, 2 * cap * sizeof *F);
        if (!G) { free(F); return SN_ERR_NOMEM; }
        F = G;
        cap *= 2;
      }
      face_rec *r = &F[k++];
      r->elem = e;
      r->face = f;
      for (int q = 0; q < 4; q++) r->key[q] = q < nc ? m->elem_conn[m->elem_ptr[e] + loc[q]] : -1;
      for (int a = 1; a < nc; a++)   /* insertion sort of the corners */
        for (int b = a; b > 0 && r->key[b - 1] > r->key[b]; b--) {
          int t = r->key[b]; r->key[b] = r->key[b - 1]; r->key[b - 1] = t;
        }
    }
  }
  *out = F;
  *n = (int)k;
  return SN_OK;
}

int sn_contact_node_areas(const sn_model *m, const double *xc, const int *nodes, int n, double *area)
{
  for (int i = 0; i < n; i++) area[i] = 0;
  if (m->ndf != 3 || n <= 0) return SN_OK;
  unsigned char *mark = calloc((size_t)m->nnodes + 1, 1);
  int *slot = malloc(((size_t)m->nnodes + 1) * sizeof *slot);
  face_rec *F = NULL;
  int nf = 0, st = (!mark || !slot) ? SN_ERR_NOMEM : SN_OK;
  for (int i = 0; !st && i < m->nnodes; i++) slot[i] = -1;
  for (int i = 0; !st && i < n; i++) mark[nodes[i]] = 1, slot[nodes[i]] = i;
  if (!st) st = collect_faces(m, mark, &F, &nf);
  if (!st) qsort(F, (size_t)nf, sizeof *F, cmp_key);
  for (int i = 0; !st && i < nf;) {
    int j = i + 1;
    while (j < nf && !cmp_key(&F[i], &F[j])) j++;
    if (j == i + 1) {   /* a free face */
      int loc[SN_CONTACT_MAXFN], nn = sn_element_face_nodes(m->elem_type[F[i].elem], F[i].face, loc);
      double X[3 * SN_CONTACT_MAXFN], A[SN_CONTACT_MAXFN] = {0};
      for (int q = 0; q < nn; q++)
        memcpy(X + 3 * q, xc + 3 * (size_t)m->elem_conn[m->elem_ptr[F[i].elem] + loc[q]], 3 * sizeof(double));
      if (sn_contact_face_areas(3, nn, X, 1.0, 0, A) == SN_OK)   /* a degenerate face holds no area */
        for (int q = 0; q < nn; q++) {
          int s = slot[m->elem_conn[m->elem_ptr[F[i].elem] + loc[q]]];
          if (s >= 0) area[s] += A[q];
        }
    }
    i = j;
  }
  free(mark);
  free(slot);
  free(F);
  return st;
}
