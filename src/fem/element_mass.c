/* Element mass matrices of the elements the static analysis supports (trusses, plane, axisymmetric
 * and 3D solids): consistent M_ab = int rho N_a N_b dV I (Zienkiewicz-Taylor vol. 1, ch. 16
 * "The time dimension", the mass matrix; Hughes, "The Finite Element Method", sec. 7.3), or
 * lumped by the HRZ diagonal scaling (Hinton, Rock & Zienkiewicz, "A note on mass lumping and
 * related processes in the finite element method", Earthq. Eng. Struct. Dyn. 4 (1976)): the
 * diagonal of the consistent matrix scaled so that each direction carries the element's whole
 * mass. HRZ gives positive nodal masses also for quadratic elements, where the row sum makes
 * corner masses zero (6-node triangle) or negative (8-node quadrilateral, 20-node hexahedron);
 * for two-node trusses and linear elements of regular shape it equals the row sum.
 * Two-node trusses: consistent rho A L / 6 [2 1; 1 2] per direction, lumped rho A L / 2 per node.
 * Plane elements: times the thickness; axisymmetric ones per radian (times r), as their stiffness.
 * Quadrature: a rule exact for N_a N_b det J on undistorted elements (degree 2 on simplices,
 * full Gauss rules on quadrilaterals and hexahedra). */
#include <math.h>
#include <string.h>

#include "fem/element_internal.h"

/* a rule exact for the products of two shape functions of the family */
static sn_ferule mass_rule(sn_fefam f)
{
  switch (f) {
  case SN_FAM_TRI3: case SN_FAM_TRI6: return SN_RULE_TRI3;
  case SN_FAM_QUAD4: return SN_RULE_QUAD4;
  case SN_FAM_QUAD8: return SN_RULE_QUAD9;
  case SN_FAM_TET4: case SN_FAM_TET10: return SN_RULE_TET4;
  case SN_FAM_HEX8: return SN_RULE_HEX8;
  case SN_FAM_HEX20: return SN_RULE_HEX27;
  case SN_FAM_WEDGE6: return SN_RULE_WEDGE6;
  case SN_FAM_WEDGE15: return SN_RULE_WEDGE9;   /* degree 2 on the triangle: not exact for
                                                   the quadratic products (HRZ stays positive) */
  default: return SN_RULE_NONE;
  }
}

/* scalar consistent matrix m[a * nn + b] = int rho N_a N_b dV, by the rule exact for it or, at
 * (CalculiX' choice: the mass of a C3D20R integrated at its 8 stiffness points), the element's
 * stiffness rule */
static int solid_scalar_mass(const sn_elinfo *e, const double *X, const sn_elprops *p, int at_stiffness_points,
                             double *m)
{
  int nn = e->d.nnodes, sd = e->d.sdim, st;
  sn_ferule rule = at_stiffness_points ? e->rule : mass_rule(e->fam);
  double thick = (p->thickness > 0) ? p->thickness : 1.0;
  memset(m, 0, sizeof(double) * (size_t)nn * (size_t)nn);
  for (int k = 0; k < sn_fe_rule_size(rule); k++) {
    double xi[3], w, N[SN_FE_MAXN], dNdx[SN_FE_MAXN * 3], detJ, x[3];
    sn_fe_rule_point(rule, k, xi, &w);
    if ((st = sn_fe_geometry(e->fam, sd, X, xi, N, dNdx, &detJ, x)) != SN_OK) return st;
    double dv = w * detJ * p->density;
    if (e->d.kind == SN_KIND_PLANE_STRAIN || e->d.kind == SN_KIND_PLANE_STRESS) dv *= thick;
    if (e->d.kind == SN_KIND_AXISYM) {
      if (!(x[0] > 0)) return SN_ERR_FORMAT;
      dv *= x[0];
    }
    for (int a = 0; a < nn; a++)
      for (int b = 0; b < nn; b++) m[a * nn + b] += dv * N[a] * N[b];
  }
  return SN_OK;
}

static int truss_scalar_mass(const sn_elinfo *e, const double *X, const sn_elprops *p, double *m)
{
  double vol;
  int st = sn_fe_truss_volume(e, X, p, &vol);
  if (st != SN_OK) return st;
  double mt = p->density * vol;
  m[0] = m[3] = mt / 3.0;
  m[1] = m[2] = mt / 6.0;
  return SN_OK;
}

/* HRZ: the diagonal, scaled to the total mass */
static void hrz_lump(int nn, double *m)
{
  double total = 0, diag = 0;
  for (int a = 0; a < nn; a++) {
    diag += m[a * nn + a];
    for (int b = 0; b < nn; b++) total += m[a * nn + b];
  }
  double s = diag > 0 ? total / diag : 0.0;
  for (int a = 0; a < nn; a++)
    for (int b = 0; b < nn; b++) m[a * nn + b] = a == b ? s * m[a * nn + a] : 0.0;
}

int sn_element_mass(sn_eltype t, const double *X, const sn_elprops *p, int lumped, double *Me)
{
  const sn_elinfo *e = sn_element_info(t);
  if (!e || !X || !p || !Me || e->d.kind == SN_KIND_GAP) return SN_ERR_ARG;
  if (!isfinite(p->density) || p->density < 0 || !isfinite(p->thickness) || p->thickness < 0) return SN_ERR_ARG;
  for (int i = 0; i < 3 * e->d.nnodes; i++)
    if (!isfinite(X[i])) return SN_ERR_NAN;
  int nn = e->d.nnodes, sd = e->d.sdim, nd = nn * sd, st;
  double m[SN_FE_MAXN * SN_FE_MAXN];
  memset(Me, 0, sizeof(double) * (size_t)nd * (size_t)nd);
  if (e->d.kind == SN_KIND_SPRING) return SN_OK;   /* massless */
  if (lumped < 0 || lumped > 2) return SN_ERR_ARG;
  st = e->fam == SN_FAM_NONE ? truss_scalar_mass(e, X, p, m) : solid_scalar_mass(e, X, p, lumped == 2, m);
  if (st != SN_OK) return st;
  if (lumped == 1) hrz_lump(nn, m);
  for (int a = 0; a < nn; a++)
    for (int b = 0; b < nn; b++)
      for (int j = 0; j < sd; j++) Me[(size_t)(b * sd + j) * (size_t)nd + (size_t)(a * sd + j)] = m[a * nn + b];
  return SN_OK;
}
