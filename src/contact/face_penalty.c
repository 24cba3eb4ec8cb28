/* CalculiX' face-to-face penalty contact (CalculiX manual, sec. "Contact", "Face-to-Face Penalty
 * Contact"): a SURFACE TO SURFACE pair with a soft pressure-overclosure law (LINEAR,
 * EXPONENTIAL, TABULAR) is enforced at the integration points of the slave faces, not at the
 * slave nodes. At each point x_s (Gauss rule on the slave face, below) the gap is measured to
 * its master point x_m (the closest point at the increment's start, a material point of the
 * master face since) along the master's outward normal n there, g = n . (x_s - x_m), the law gives the pressure p(-g), and the point's force p dA acts on the
 * slave face's nodes with the weights N_k(x_s) and on the master face's nodes with -N_l(x_m):
 *   f_k = int N_k p(-g) n dA,  f_l = -int N_l(pi(x)) p(-g) n dA,
 * with the consistent stiffness int p'(-g) (N n)(N n)^T dA (n and the master point's natural
 * coordinates are fixed over the increment). Each integration point is a
 * contact point whose column of H holds (N_k, -N_l) times the frame vector and whose area is
 * dA: the static analysis' penalty treatment then applies the law point by point
 * (contact_penalty.c), which is this integral.
 *
 * The points: each slave face is cut by the master faces under it (segment.c), as CalculiX cuts
 * its slave faces (manual, "Face-to-Face Penalty Contact": the common areas of the slave and
 * master faces, polygons whose quadratic sides are approximated piecewise linearly, are
 * triangulated and each triangle gets a 7-point rule): the pieces of the face under one master
 * face (a quadratic master face as the polygon of its corner and midside nodes) are convex
 * polygons (3D) or an interval (2D) in the slave face's natural coordinates, and a point of a
 * piece is matched with that master face (detect.c, face_points). On each piece a Gauss rule
 * (sn_face_penalty_rule): 2 and 3 points on intervals of 2- and 3-node edges; in 3D the polygon
 * fanned into triangles from its first vertex with Radon's 7-point rule (degree 5) on each.
 * Within a piece the master's shape functions are smooth, so for flat faces the uniform pressure
 * of the contact patch test is transmitted to round-off between non-matching meshes
 * (tests/analysis/test_mortar_patch.c); a rule over the whole slave face integrates them across
 * the master's element edges, where they kink (errors of 1-2 % of the pressure there before the
 * cut). The gap is not smooth within a face where the contact zone ends in it or a corner
 * presses on it, and the rule's resolution then shows: measured on CalculiX' decks against their
 * references (bench/ccx_decks.sh; the largest displacement difference over the largest
 * displacement), contact2 (a beam's corner pressing on the other beam) 5.2e-5, punch1 4.3e-5,
 * hueeber1 8.3e-6; with 28 points a triangle (each cut into its 4 midpoint sub-triangles)
 * 8.7e-4, 7.7e-7, 8.3e-6 for 1.5-2 times the CPU time. Each piece is matched with the master at
 * the increment's start (the closest point on its master face, the natural coordinates and the
 * normal there), frozen over the increment as CalculiX does. The weights dA are those of the
 * undeformed slave face: measured on ccx 2.20, a block pressed flat on a block under NLGEOM
 * penetrates by the follower load over the undeformed area. */
#include <math.h>
#include <string.h>

#include "contact/contact_internal.h"

int sn_contact_face_penalty(const sn_model *m, int pi)
{
  if (!m || pi < 0 || pi >= m->npairs) return 0;
  const sn_contact_pair *P = &m->pairs[pi];
  if (P->type != SN_PAIR_SURFACE_TO_SURFACE || P->mortar) return 0;
  if (P->interaction < 0 || P->interaction >= m->ninteractions) return 0;
  const sn_interaction *I = &m->interactions[P->interaction];
  if (I->has_friction && I->mu > 0) return 0;
  return I->law == SN_OVERCLOSURE_LINEAR || I->law == SN_OVERCLOSURE_EXPONENTIAL ||
         I->law == SN_OVERCLOSURE_TABULAR;
}

int sn_contact_face_springs(const sn_model *m, int pi)
{
  if (!m || pi < 0 || pi >= m->npairs) return 0;
  const sn_contact_pair *P = &m->pairs[pi];
  if (P->type != SN_PAIR_SURFACE_TO_SURFACE || P->mortar) return 0;
  if (P->interaction < 0 || P->interaction >= m->ninteractions) return 0;
  if (P->slave < 0 || P->slave >= m->nsurfaces || m->surfaces[P->slave].node_based) return 0;
  const sn_interaction *I = &m->interactions[P->interaction];
  if (!(I->has_friction && I->mu > 0)) return 0;
  return I->law == SN_OVERCLOSURE_LINEAR || I->law == SN_OVERCLOSURE_EXPONENTIAL ||
         I->law == SN_OVERCLOSURE_TABULAR;
}

/* Radon's 7-point rule on the triangle (degree 5; the reference triangle of area 1/2) */
static void radon7(double p[7][3])
{
  const double s = sqrt(15.0);
  const double a1 = (6 - s) / 21, b1 = (9 + 2 * s) / 21, a2 = (6 + s) / 21, b2 = (9 - 2 * s) / 21;
  const double v1 = (155 - s) / 2400, v2 = (155 + s) / 2400;
  const double r[7][3] = {{1.0 / 3, 1.0 / 3, 9.0 / 80}, {a1, a1, v1}, {b1, a1, v1}, {a1, b1, v1},
                          {a2, a2, v2}, {b2, a2, v2}, {a2, b2, v2}};
  memcpy(p, r, sizeof r);
}

/* the 7 points of triangle (A, B, C) (natural coordinates of the slave face) into q */
static int tri_points(const double *A, const double *B, const double *C, double *q)
{
  double p[7][3];
  radon7(p);
  double det = fabs((B[0] - A[0]) * (C[1] - A[1]) - (B[1] - A[1]) * (C[0] - A[0]));
  if (!(det > 0)) return 0;
  for (int i = 0; i < 7; i++) {
    for (int j = 0; j < 2; j++) q[3 * i + j] = A[j] + p[i][0] * (B[j] - A[j]) + p[i][1] * (C[j] - A[j]);
    q[3 * i + 2] = p[i][2] * det;   /* the weights sum to 1/2, the area det / 2 */
  }
  return 7;
}

int sn_face_penalty_rule(sn_fefam fam, const double *poly, int np, double *q)
{
  static const double x2[2] = {-0.5773502691896258, 0.5773502691896258}, w2[2] = {1, 1};
  static const double x3[3] = {-0.7745966692414834, 0, 0.7745966692414834}, w3[3] = {5.0 / 9, 8.0 / 9, 5.0 / 9};
  int n = 0;
  if (fam == SN_FAM_LINE2 || fam == SN_FAM_LINE3) {   /* Gauss on the interval {a, b} */
    int g = fam == SN_FAM_LINE2 ? 2 : 3;
    const double *x = g == 2 ? x2 : x3, *w = g == 2 ? w2 : w3, a = poly[0], h = 0.5 * (poly[1] - poly[0]);
    if (np != 2 || !(h > 0)) return 0;
    for (int i = 0; i < g; i++) q[3 * n] = a + h * (1 + x[i]), q[3 * n + 1] = 0, q[3 * n + 2] = h * w[i], n++;
    return n;
  }
  for (int t = 1; t + 1 < np && t < SN_SEG_MAXV - 1; t++)   /* fan from vertex 0 (convex) */
    n += tri_points(poly, poly + 2 * t, poly + 2 * (t + 1), q + 3 * n);
  return n;
}

int sn_face_penalty_face(const sn_model *m, const double *xc, int e, int face, const double *q, int nq,
                         sn_fp_face *F)
{
  int loc[SN_CONTACT_MAXFN];
  int nn = sn_element_face_nodes(m->elem_type[e], face, loc);
  if (nn < 2 || nn > SN_CONTACT_MAXFN || nq > SN_FP_MAXPT) return SN_ERR_FORMAT;
  int d = m->ndf - 1;
  sn_fefam fam = sn_contact_face_family(m->ndf, nn);
  if (fam == SN_FAM_NONE) return SN_ERR_FORMAT;
  sn_seg_face R;   /* the face in the reference configuration: nodes, thickness, axisymmetry */
  sn_seg_load(m, m->x, e, face, &R);
  const double *X0 = R.X, thick = R.thick;
  const int axi = R.axi;
  double X[3 * SN_CONTACT_MAXFN];
  F->nfn = nn;
  F->npt = nq;
  for (int i = 0; i < nn; i++) {
    F->node[i] = R.node[i];
    for (int j = 0; j < 3; j++) X[3 * i + j] = xc[3 * F->node[i] + j];
  }
  for (int k = 0; k < nq; k++) {   /* x current; the weight in the reference configuration */
    double dN[2 * SN_CONTACT_MAXFN], a[2][3] = {{0}}, *x = F->x[k], *N = F->N[k], J, x0 = 0;
    sn_fe_shape(fam, q + 3 * k, N, dN);
    memset(x, 0, 3 * sizeof *x);
    for (int i = 0; i < nn; i++) {
      x0 += N[i] * X0[3 * i];
      for (int j = 0; j < 3; j++) {
        x[j] += N[i] * X[3 * i + j];
        for (int r = 0; r < d; r++) a[r][j] += dN[i * d + r] * X0[3 * i + j];
      }
    }
    if (d == 1) J = hypot(a[0][0], a[0][1]);
    else {
      double c[3] = {a[0][1] * a[1][2] - a[0][2] * a[1][1], a[0][2] * a[1][0] - a[0][0] * a[1][2],
                     a[0][0] * a[1][1] - a[0][1] * a[1][0]};
      J = sqrt(c[0] * c[0] + c[1] * c[1] + c[2] * c[2]);
    }
    if (!(J > 0)) return SN_ERR_FORMAT;
    F->dA[k] = J * q[3 * k + 2] * (axi ? 6.283185307179586477 * x0 : thick);
  }
  return SN_OK;
}

static void add_term(sn_contact_point *p, int node, double c)
{
  for (int t = 0; t < p->nterm; t++)
    if (p->term_node[t] == node) {
      p->term_coef[t] += c;
      return;
    }
  p->term_node[p->nterm] = node;   /* at most 2 SN_CONTACT_MAXFN < SN_MORTAR_MAXTERM terms */
  p->term_coef[p->nterm++] = c;
}

void sn_face_penalty_point(const sn_fp_face *F, int q, const int *dofnode, sn_contact_point *p)
{
  int near = 0;
  for (int i = 1; i < F->nfn; i++)
    if (F->N[q][i] > F->N[q][near]) near = i;
  p->slave_node = F->node[near];
  p->slave_dof_node = dofnode[p->slave_node];
  for (int j = 0; j < 3; j++) p->x_slave[j] = F->x[q][j];
  p->area = F->dA[q];
  p->face_point = 1;
  p->nterm = 0;
  for (int i = 0; i < F->nfn; i++) add_term(p, dofnode[F->node[i]], F->N[q][i]);
  p->nslave = p->nterm;
  for (int a = 0; a < p->nmaster; a++)
    if (p->shape[a] != 0) add_term(p, p->master_dof_nodes[a], -p->shape[a]);
}
