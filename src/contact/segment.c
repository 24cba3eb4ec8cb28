/* Segmentation of a slave face by a master face: the part of the slave face that lies under the
 * master face, as pieces in the slave face's natural coordinates (convex polygons in 3D, an
 * interval in 2D), and Gauss rules on them. Shared by the mortar rows (mortar.c) and the
 * face-to-face penalty points (detect.c, face_penalty.c).
 *
 * 3D (Puso, Laursen, "A mortar segment-to-segment contact method for large deformation solid
 * mechanics", CMAME 193 (2004) 601-629, sec. 4: segmentation in a projection plane): both faces
 * are projected onto the plane through the slave face's centre normal to it; the slave face's
 * polygon (its corners) is clipped by the master face's (its corners, or for a quadratic master
 * face with `mid` its corner and midside nodes, cut into convex parts: the polygon of the midside
 * nodes and the corner triangles), Sutherland-Hodgman on each convex part; the clipped vertices
 * are mapped back into the slave face's natural coordinates (a slave corner to its own, a cut
 * point by Newton on the projected map, a point inside the face). A piece is the polygon of those
 * natural coordinates. For flat faces of straight edges whose slave faces are parallelograms
 * the pieces tile the slave face exactly; otherwise (a trapezoid's straight edges in the plane
 * are not straight in its natural coordinates; curved faces) the error is of second order in the
 * face size. Earlier the master's corners were mapped into the slave's natural coordinates
 * first, on the slave face's parametrisation extended beyond it, and clipped there: a bilinear
 * face that is not a parallelogram folds over itself when extended, and a master corner far
 * outside the slave face came back at wrong coordinates (a sector of an annulus under one
 * large master face got no piece at all).
 * 2D: the ends of the master edge are mapped onto the slave edge's (extended) parametrisation
 * and the interval is cut to [-1, 1]; exact for straight edges. */
#include <math.h>
#include <string.h>

#include "contact/contact_internal.h"

static double dot3(const double *a, const double *b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

void sn_seg_eval(const sn_seg_face *F, const double *xi, double *N, double *x, double a[2][3])
{
  double dN[2 * SN_CONTACT_MAXFN];
  sn_fe_shape(F->fam, xi, N, dN);
  memset(x, 0, 3 * sizeof *x);
  memset(a, 0, 6 * sizeof(double));
  for (int q = 0; q < F->nfn; q++)
    for (int j = 0; j < 3; j++) {
      x[j] += N[q] * F->X[3 * q + j];
      for (int k = 0; k < F->d; k++) a[k][j] += dN[q * F->d + k] * F->X[3 * q + j];
    }
}

void sn_seg_normal(int d, double a[2][3], double *n, double *J)
{
  if (d == 1) {
    double L = sqrt(a[0][0] * a[0][0] + a[0][1] * a[0][1]);
    n[0] = L > 0 ? a[0][1] / L : 0, n[1] = L > 0 ? -a[0][0] / L : 0, n[2] = 0;
    *J = L;
    return;
  }
  double c[3] = {a[0][1] * a[1][2] - a[0][2] * a[1][1], a[0][2] * a[1][0] - a[0][0] * a[1][2],
                 a[0][0] * a[1][1] - a[0][1] * a[1][0]};
  double A = sqrt(dot3(c, c));
  for (int j = 0; j < 3; j++) n[j] = A > 0 ? -c[j] / A : 0;
  *J = A;
}

void sn_seg_inverse(const sn_seg_face *F, const double *p, double *xi)
{
  xi[0] = xi[1] = F->tri ? 1.0 / 3.0 : 0.0;
  for (int it = 0; it < 30; it++) {
    double N[SN_CONTACT_MAXFN], x[3], a[2][3], r[3], dx[2];
    sn_seg_eval(F, xi, N, x, a);
    for (int j = 0; j < 3; j++) r[j] = p[j] - x[j];
    if (F->d == 1) {
      double g = dot3(a[0], a[0]);
      if (!(g > 0)) return;
      dx[0] = dot3(a[0], r) / g, dx[1] = 0;
    } else {
      double g00 = dot3(a[0], a[0]), g01 = dot3(a[0], a[1]), g11 = dot3(a[1], a[1]);
      double b0 = dot3(a[0], r), b1 = dot3(a[1], r), det = g00 * g11 - g01 * g01;
      if (!(det > 0)) return;
      dx[0] = (g11 * b0 - g01 * b1) / det, dx[1] = (g00 * b1 - g01 * b0) / det;
    }
    xi[0] += dx[0], xi[1] += dx[1];
    if (fabs(dx[0]) + fabs(dx[1]) < 1e-15) return;
  }
}

const double sn_seg_dom_quad[8] = {-1, -1, 1, -1, 1, 1, -1, 1};
const double sn_seg_dom_tri[6] = {0, 0, 1, 0, 0, 1};

/* the projection plane of a slave face: its centre o, tangents e1, e2, normal n */
typedef struct {
  double o[3], e1[3], e2[3], n[3];
} plane_t;

static void plane_of(const sn_seg_face *S, plane_t *P)
{
  double c[2] = {S->tri ? 1.0 / 3 : 0, S->tri ? 1.0 / 3 : 0}, N[SN_CONTACT_MAXFN], a[2][3], J;
  sn_seg_eval(S, c, N, P->o, a);
  sn_seg_normal(S->d, a, P->n, &J);
  double t = dot3(a[0], P->n), L = 0;
  for (int j = 0; j < 3; j++) P->e1[j] = a[0][j] - t * P->n[j], L += P->e1[j] * P->e1[j];
  L = sqrt(L);
  for (int j = 0; j < 3; j++) P->e1[j] = L > 0 ? P->e1[j] / L : 0;
  P->e2[0] = P->n[1] * P->e1[2] - P->n[2] * P->e1[1];
  P->e2[1] = P->n[2] * P->e1[0] - P->n[0] * P->e1[2];
  P->e2[2] = P->n[0] * P->e1[1] - P->n[1] * P->e1[0];
}

static void to_plane(const plane_t *P, const double *x, double *uv)
{
  double d[3] = {x[0] - P->o[0], x[1] - P->o[1], x[2] - P->o[2]};
  uv[0] = dot3(d, P->e1), uv[1] = dot3(d, P->e2);
}

/* natural coordinates of slave face S whose projection onto P is uv: Newton on the projected map
 * from the centre, steps limited to half the parameter range */
static void plane_inverse(const sn_seg_face *S, const plane_t *P, const double *uv, double *xi)
{
  xi[0] = xi[1] = S->tri ? 1.0 / 3.0 : 0.0;
  for (int it = 0; it < 40; it++) {
    double N[SN_CONTACT_MAXFN], x[3], a[2][3], p[2];
    sn_seg_eval(S, xi, N, x, a);
    to_plane(P, x, p);
    double r0 = uv[0] - p[0], r1 = uv[1] - p[1];
    double j00 = dot3(P->e1, a[0]), j01 = dot3(P->e1, a[1]), j10 = dot3(P->e2, a[0]), j11 = dot3(P->e2, a[1]);
    double det = j00 * j11 - j01 * j10;
    if (!(fabs(det) > 0)) return;
    double d0 = (j11 * r0 - j01 * r1) / det, d1 = (j00 * r1 - j10 * r0) / det, m = fmax(fabs(d0), fabs(d1));
    if (!isfinite(m)) return;
    if (m > 0.5) d0 *= 0.5 / m, d1 *= 0.5 / m;
    xi[0] += d0, xi[1] += d1;
    if (m < 1e-14) return;
  }
}

/* a vertex of the clipped polygon: its projection, its natural coordinates when known (a slave
 * corner), known 0 for a cut point (clip_vtx clips by uv: the projections, then, to absorb the
 * round-off of the mapped cut points, the natural coordinates themselves) */
typedef struct {
  double uv[2], xi[2];
  int known;
} vtx;

/* Sutherland-Hodgman of the polygon v (n vertices) by the convex counterclockwise polygon c (nc
 * points); the count into v (room for SN_SEG_MAXV) */
static int clip_vtx(vtx *v, int n, const double *c, int nc)
{
  vtx buf[SN_SEG_MAXV];
  for (int e = 0; e < nc && n > 0; e++) {
    const double *A = c + 2 * e, *B = c + 2 * ((e + 1) % nc);
    double ex = B[0] - A[0], ey = B[1] - A[1];
    int m = 0;
    for (int i = 0; i < n; i++) {
      const vtx *P = &v[i], *Q = &v[(i + 1) % n];
      double sp = ex * (P->uv[1] - A[1]) - ey * (P->uv[0] - A[0]), sq = ex * (Q->uv[1] - A[1]) - ey * (Q->uv[0] - A[0]);
      if (sp >= 0 && m < SN_SEG_MAXV) buf[m++] = *P;
      if (((sp >= 0) != (sq >= 0)) && m < SN_SEG_MAXV) {
        double t = sp / (sp - sq);
        buf[m].uv[0] = P->uv[0] + t * (Q->uv[0] - P->uv[0]), buf[m].uv[1] = P->uv[1] + t * (Q->uv[1] - P->uv[1]);
        buf[m++].known = 0;
      }
    }
    memcpy(v, buf, (size_t)m * sizeof *v);
    n = m;
  }
  return n;
}

static double area2(const double *c, int nc)
{
  double s = 0;
  for (int i = 0; i < nc; i++) s += c[2 * i] * c[2 * ((i + 1) % nc) + 1] - c[2 * ((i + 1) % nc)] * c[2 * i + 1];
  return s;
}

/* the polygon c (nc points) turned counterclockwise */
static void make_ccw(double *c, int nc)
{
  if (!(area2(c, nc) < 0)) return;
  for (int i = 0, j = nc - 1; i < j; i++, j--)
    for (int t = 0; t < 2; t++) {
      double w = c[2 * i + t];
      c[2 * i + t] = c[2 * j + t], c[2 * j + t] = w;
    }
}

/* the convex parts of master face M projected onto P, counterclockwise, SN_SEG_MAXV points room
 * each; their count */
static int master_parts(const sn_seg_face *M, const plane_t *P, int mid, double parts[5][2 * SN_SEG_MAXV], int *np)
{
  int ncm = (M->nfn == 3 || M->nfn == 6) ? 3 : 4, k = 0;
  double c[2 * 8];
  for (int i = 0; i < M->nfn && i < 8; i++) to_plane(P, M->X + 3 * i, c + 2 * i);
  if (mid && M->nfn == 2 * ncm) {   /* the midside nodes' polygon, then the corner triangles */
    for (int i = 0; i < ncm; i++) parts[0][2 * i] = c[2 * (ncm + i)], parts[0][2 * i + 1] = c[2 * (ncm + i) + 1];
    np[k++] = ncm;
    for (int i = 0; i < ncm; i++) {
      int prev = ncm + (i + ncm - 1) % ncm, next = ncm + i;   /* midside nodes before and after corner i */
      const int idx[3] = {prev, i, next};
      for (int j = 0; j < 3; j++) parts[k][2 * j] = c[2 * idx[j]], parts[k][2 * j + 1] = c[2 * idx[j] + 1];
      np[k++] = 3;
    }
  } else {
    for (int i = 0; i < 2 * ncm; i++) parts[0][i] = c[i];
    np[k++] = ncm;
  }
  for (int p = 0; p < k; p++) make_ccw(parts[p], np[p]);
  return k;
}

int sn_seg_pieces(const sn_seg_face *S, const sn_seg_face *M, int mid, double *poly, int *npoly)
{
  if (S->d == 1) {   /* 2D: the interval */
    double P[4];
    for (int c = 0; c < 2; c++) sn_seg_inverse(S, M->X + 3 * c, P + 2 * c);
    double a = fmax(-1, fmin(P[0], P[2])), b = fmin(1, fmax(P[0], P[2]));
    if (!(b - a > 1e-12)) return 0;
    poly[0] = a, poly[1] = b;
    npoly[0] = 2;
    return 1;
  }
  plane_t P;
  plane_of(S, &P);
  int nc = S->tri ? 3 : 4, nparts, np[5], count = 0;
  const double *dom = S->tri ? sn_seg_dom_tri : sn_seg_dom_quad;
  double parts[5][2 * SN_SEG_MAXV], scale = 0;
  vtx sub[SN_SEG_MAXV];
  for (int i = 0; i < nc; i++) {
    to_plane(&P, S->X + 3 * i, sub[i].uv);
    sub[i].xi[0] = dom[2 * i], sub[i].xi[1] = dom[2 * i + 1], sub[i].known = 1;
    scale = fmax(scale, fmax(fabs(sub[i].uv[0]), fabs(sub[i].uv[1])));
  }
  nparts = master_parts(M, &P, mid, parts, np);
  for (int p = 0; p < nparts; p++) {
    if (!(area2(parts[p], np[p]) > 1e-20 * scale * scale)) continue;   /* a degenerate part */
    vtx v[SN_SEG_MAXV];
    memcpy(v, sub, (size_t)nc * sizeof *v);
    int n = clip_vtx(v, nc, parts[p], np[p]);
    if (n < 3) continue;
    double *out = poly + 2 * SN_SEG_MAXV * count;
    for (int i = 0; i < n; i++) {
      if (!v[i].known) plane_inverse(S, &P, v[i].uv, v[i].xi);
      out[2 * i] = v[i].xi[0], out[2 * i + 1] = v[i].xi[1];
    }
    make_ccw(out, n);   /* counterclockwise in the natural coordinates, as the domain */
    for (int i = 0; i < n; i++) v[i].uv[0] = out[2 * i], v[i].uv[1] = out[2 * i + 1];
    int m = clip_vtx(v, n, dom, nc);   /* the round-off of the mapped cut points */
    for (int i = 0; i < m; i++) out[2 * i] = v[i].uv[0], out[2 * i + 1] = v[i].uv[1];
    if (m >= 3 && area2(out, m) > 1e-14) npoly[count++] = m;
  }
  return count;
}

int sn_seg_contains(int d, const double *poly, int np, const double *xi)
{
  if (d == 1) return xi[0] > poly[0] && xi[0] < poly[1];
  int pos = 0, neg = 0;
  for (int i = 0; i < np; i++) {
    const double *A = poly + 2 * i, *B = poly + 2 * ((i + 1) % np);
    double c = (B[0] - A[0]) * (xi[1] - A[1]) - (B[1] - A[1]) * (xi[0] - A[0]);
    pos += c > 0, neg += c < 0;
  }
  return pos == 0 || neg == 0;
}

void sn_seg_load(const sn_model *m, const double *xc, int e, int face, sn_seg_face *F)
{
  int loc[SN_CONTACT_MAXFN];
  int nn = sn_element_face_nodes(m->elem_type[e], face, loc);
  F->nfn = nn;
  F->d = m->ndf - 1;
  F->fam = sn_contact_face_family(m->ndf, nn);
  F->tri = F->fam == SN_FAM_TRI3 || F->fam == SN_FAM_TRI6;
  for (int i = 0; i < nn; i++) {
    F->node[i] = m->elem_conn[m->elem_ptr[e] + loc[i]];
    for (int j = 0; j < 3; j++) F->X[3 * i + j] = xc[3 * F->node[i] + j];
  }
  const sn_eldesc *ds = sn_element_desc(m->elem_type[e]);
  F->thick = 1, F->axi = 0;
  if (m->ndf == 2 && ds) {
    F->axi = ds->kind == SN_KIND_AXISYM;
    if ((ds->kind == SN_KIND_PLANE_STRAIN || ds->kind == SN_KIND_PLANE_STRESS) && m->elem_section) {
      int s = m->elem_section[e];
      if (s >= 0 && s < m->nsections && m->sections[s].thickness > 0) F->thick = m->sections[s].thickness;
    }
  }
}

int sn_seg_shares_node(const sn_seg_face *A, const sn_seg_face *B)
{
  for (int i = 0; i < A->nfn; i++)
    for (int k = 0; k < B->nfn; k++)
      if (A->node[i] == B->node[k]) return 1;
  return 0;
}

void sn_seg_centre_normal(const sn_seg_face *F, double *x, double *n)
{
  double c[2] = {F->tri ? 1.0 / 3 : 0, F->tri ? 1.0 / 3 : 0}, N[SN_CONTACT_MAXFN], a[2][3], J;
  sn_seg_eval(F, c, N, x, a);
  sn_seg_normal(F->d, a, n, &J);
}
