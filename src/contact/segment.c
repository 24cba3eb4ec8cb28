/* Segmentation of a slave face by a master face: the part of the slave face's parameter domain
 * that lies under the master face, as a polygon (3D) or an interval (2D) in the slave face's
 * natural coordinates, and Gauss rules on it. Shared by the mortar rows (mortar.c) and the
 * face-to-face penalty points (detect.c, face_penalty.c).
 *
 * The corners of the master face are mapped into the natural coordinates of the slave face (the
 * unconstrained closest point on the slave face's parametrisation, Gauss-Newton); in 3D the
 * polygon of those points is clipped against the slave face's parameter domain
 * (Sutherland-Hodgman; the domain is convex), in 2D the interval is cut to [-1, 1]. For flat
 * faces with straight edges the pieces of a slave face under the master faces of a flat master
 * surface tile it exactly; curved faces (quadratic, or a curved master surface) make the
 * straight-edged polygons inexact at second order in the face size (Puso, Laursen, "A mortar
 * segment-to-segment contact method for large deformation solid mechanics", CMAME 193 (2004)
 * 601-629, sec. 4: the same segmentation in a projection plane). */
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

/* Sutherland-Hodgman: polygon in (n points) clipped by the convex counterclockwise polygon c
 * (nc points); returns the count in out (room for SN_SEG_MAXV points) */
static int clip(const double *in, int n, const double *c, int nc, double *out)
{
  double buf[2][2 * SN_SEG_MAXV];
  int cnt = n;
  memcpy(buf[0], in, 2 * (size_t)n * sizeof *in);
  int cur = 0;
  for (int e = 0; e < nc && cnt > 0; e++) {
    const double *A = c + 2 * e, *B = c + 2 * ((e + 1) % nc);
    double ex = B[0] - A[0], ey = B[1] - A[1];
    double *src = buf[cur], *dst = buf[1 - cur];
    int m = 0;
    for (int i = 0; i < cnt; i++) {
      const double *P = src + 2 * i, *Q = src + 2 * ((i + 1) % cnt);
      double sp = ex * (P[1] - A[1]) - ey * (P[0] - A[0]), sq = ex * (Q[1] - A[1]) - ey * (Q[0] - A[0]);
      if (sp >= 0 && m < SN_SEG_MAXV) dst[2 * m] = P[0], dst[2 * m + 1] = P[1], m++;
      if (((sp >= 0) != (sq >= 0)) && m < SN_SEG_MAXV) {
        double t = sp / (sp - sq);
        dst[2 * m] = P[0] + t * (Q[0] - P[0]), dst[2 * m + 1] = P[1] + t * (Q[1] - P[1]), m++;
      }
    }
    cnt = m;
    cur = 1 - cur;
  }
  memcpy(out, buf[cur], 2 * (size_t)cnt * sizeof *out);
  return cnt;
}

const double sn_seg_dom_quad[8] = {-1, -1, 1, -1, 1, 1, -1, 1};
const double sn_seg_dom_tri[6] = {0, 0, 1, 0, 0, 1};

int sn_seg_overlap(const sn_seg_face *S, const sn_seg_face *M, int mid, double *poly)
{
  int ncm = S->d == 1 ? 2 : (M->nfn == 3 || M->nfn == 6) ? 3 : 4;
  double P[2 * SN_SEG_MAXV];
  if (mid && S->d == 2 && M->nfn == 2 * ncm) {   /* corner, midside node, corner, ... */
    for (int c = 0; c < ncm; c++) {
      sn_seg_inverse(S, M->X + 3 * c, P + 4 * c);
      sn_seg_inverse(S, M->X + 3 * (ncm + c), P + 4 * c + 2);
    }
    ncm *= 2;
  } else
    for (int c = 0; c < ncm; c++) sn_seg_inverse(S, M->X + 3 * c, P + 2 * c);
  if (S->d == 1) {
    double a = fmax(-1, fmin(P[0], P[2])), b = fmin(1, fmax(P[0], P[2]));
    if (!(b - a > 1e-12)) return 0;
    poly[0] = a, poly[1] = b;
    return 2;
  }
  int np = clip(P, ncm, S->tri ? sn_seg_dom_tri : sn_seg_dom_quad, S->tri ? 3 : 4, poly);
  return np < 3 ? 0 : np;
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
