/* Heat conduction matrices of the continuum elements (Fourier's law q = -k grad T, the weak form
 * of rho c dT/dt = div(k grad T); Zienkiewicz-Taylor vol. 1, ch. 7 "Steady-state field problems"
 * and ch. 16 for the capacity): conductivity Ke_ab = int k grad N_a . grad N_b dV and consistent
 * capacity Ce_ab = int rho c N_a N_b dV, integrated at the element's stiffness points (the points
 * CalculiX integrates its heat transfer elements at). C3D8I conducts as C3D8 (its incompatible
 * modes are displacement modes). Plane elements times the thickness, axisymmetric ones per
 * radian (times r), as their stiffness. */
#include <math.h>
#include <string.h>

#include "fem/element_internal.h"

int sn_element_heat(sn_eltype t, const double *X, const sn_elprops *p, double k, double rhoc, double *Ke,
                    double *Ce)
{
  const sn_elinfo *e = sn_element_info(t);
  if (!e || !X || !p || e->fam == SN_FAM_NONE || !(k >= 0) || !(rhoc >= 0) || p->thickness < 0) return SN_ERR_ARG;
  int nn = e->d.nnodes, sd = e->d.sdim, st;
  double thick = p->thickness > 0 ? p->thickness : 1.0;
  if (Ke) memset(Ke, 0, sizeof(double) * (size_t)nn * (size_t)nn);
  if (Ce) memset(Ce, 0, sizeof(double) * (size_t)nn * (size_t)nn);
  for (int q = 0; q < sn_fe_rule_size(e->rule); q++) {
    double xi[3], w, N[SN_FE_MAXN], dNdx[SN_FE_MAXN * 3], detJ, x[3];
    sn_fe_rule_point(e->rule, q, xi, &w);
    if ((st = sn_fe_geometry(e->fam, sd, X, xi, N, dNdx, &detJ, x)) != SN_OK) return st;
    double dv = w * detJ;
    if (e->d.kind == SN_KIND_PLANE_STRAIN || e->d.kind == SN_KIND_PLANE_STRESS) dv *= thick;
    if (e->d.kind == SN_KIND_AXISYM) {
      if (!(x[0] > 0)) return SN_ERR_FORMAT;
      dv *= x[0];
    }
    for (int a = 0; a < nn; a++)
      for (int b = 0; b < nn; b++) {
        if (Ke) {
          double g = 0.0;
          for (int j = 0; j < sd; j++) g += dNdx[a * sd + j] * dNdx[b * sd + j];
          Ke[a * nn + b] += dv * k * g;
        }
        if (Ce) Ce[a * nn + b] += dv * rhoc * N[a] * N[b];
      }
  }
  for (int a = 0; Ke && a < nn * nn; a++)
    if (!isfinite(Ke[a])) return SN_ERR_NAN;
  return SN_OK;
}
