/* The "face mass" of an element face: Mf_ab = int N_a N_b dA over the face, with the face's own
 * shape functions in the node order of sn_element_face_nodes (2D edges: times the thickness,
 * or r for axisymmetric elements, per radian). It distributes a field given by its nodal values
 * over the face consistently: int f g dA = f^T Mf g (e.g. the consistent penalty stiffness of a
 * surface-to-surface contact, slope x Mf on the nodal gaps: Puso & Laursen, "A mortar segment-
 * to-segment contact method for large deformation solid mechanics", CMAME 193 (2004), the
 * slave-side mortar matrix on matching meshes). Rules: Gauss 2 / 3 points on edges, 2x2 / 3x3 on
 * quadrilaterals (exact on straight and flat faces), 3 points on triangles (exact for TRI3). */
#include <math.h>
#include <string.h>

#include "fem/element_internal.h"

int sn_element_face_mass(sn_eltype t, const double *X, const sn_elprops *p, int face, double *Mf)
{
  const sn_elinfo *e = sn_element_info(t);
  if (!e || !X || !Mf) return SN_ERR_ARG;
  if (e->fam == SN_FAM_NONE || face < 1 || face > e->d.nfaces) return SN_ERR_ARG;
  int fn = e->face_nn, sd = e->d.sdim;
  double Xf[8 * 3];
  for (int i = 0; i < fn; i++)
    for (int j = 0; j < 3; j++) Xf[3 * i + j] = X[3 * e->faces[face - 1][i] + j];
  for (int i = 0; i < 3 * fn; i++)
    if (!isfinite(Xf[i])) return SN_ERR_NAN;
  sn_ferule rule;
  switch (e->face_fam) {
  case SN_FAM_LINE2: rule = SN_RULE_LINE2; break;
  case SN_FAM_LINE3: rule = SN_RULE_LINE3; break;
  case SN_FAM_TRI3: case SN_FAM_TRI6: rule = SN_RULE_TRI3; break;
  case SN_FAM_QUAD4: rule = SN_RULE_QUAD4; break;
  default: rule = SN_RULE_QUAD9; break;
  }
  double thick = p && p->thickness > 0 ? p->thickness : 1.0;
  memset(Mf, 0, sizeof(double) * (size_t)fn * (size_t)fn);
  for (int k = 0; k < sn_fe_rule_size(rule); k++) {
    double xi[3], w, N[8], dN[16], dA = 0, x0 = 0;
    sn_fe_rule_point(rule, k, xi, &w);
    sn_fe_shape(e->face_fam, xi, N, dN);
    if (sd == 2) {
      double tx = 0, ty = 0;
      for (int a = 0; a < fn; a++) { tx += dN[a] * Xf[3 * a]; ty += dN[a] * Xf[3 * a + 1]; x0 += N[a] * Xf[3 * a]; }
      dA = hypot(tx, ty) * (e->d.kind == SN_KIND_AXISYM ? x0 : thick);
    } else {
      double a1[3] = {0, 0, 0}, a2[3] = {0, 0, 0};
      for (int a = 0; a < fn; a++)
        for (int j = 0; j < 3; j++) { a1[j] += dN[2 * a] * Xf[3 * a + j]; a2[j] += dN[2 * a + 1] * Xf[3 * a + j]; }
      double n[3] = {a1[1] * a2[2] - a1[2] * a2[1], a1[2] * a2[0] - a1[0] * a2[2], a1[0] * a2[1] - a1[1] * a2[0]};
      dA = sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
    }
    if (!(dA > 0)) return isfinite(dA) ? SN_ERR_FORMAT : SN_ERR_NAN;
    for (int a = 0; a < fn; a++)
      for (int b = 0; b < fn; b++) Mf[a * fn + b] += w * dA * N[a] * N[b];
  }
  return fn;
}
