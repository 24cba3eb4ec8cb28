/* Initial-stress ("geometric", "stress stiffness") matrices of an element under a given
 * stress state: the second variation of the Green-Lagrange strain energy at the reference
 * configuration, K_sigma[a i, b i] = int dN_a/dx_k sigma_kl dN_b/dx_l dV for each direction i
 * (Bathe, "Finite Element Procedures", sec. 6.3.2, the matrix K_NL of the total Lagrangian
 * formulation at t = 0; Zienkiewicz-Taylor vol. 2, ch. "Geometrically nonlinear problems", the
 * initial stress matrix). It is what a linear perturbation step adds to the linear stiffness
 * for the stresses of its base state (CalculiX' *STEP, PERTURBATION: "the load active in the
 * last *STATIC step will be taken as preload").
 *   Plane elements: the in-plane gradient (11, 12, 22 stresses), times the thickness.
 *   Axisymmetric: plus the hoop term sigma_33 N_a N_b / r^2 on the radial direction, per radian.
 *   Trusses: (N / L) [I, -I; -I, I] with the axial force N = A S11.
 *   Springs: zero (no lateral stiffness from their force).
 * Integrated with the element's stiffness rule, whose points are those of Sip. */
#include <math.h>
#include <string.h>

#include "fem/element_internal.h"

static int truss_kg(const sn_elinfo *e, const double *X, const sn_elprops *p, const double *Sip, double *Kg)
{
  int sd = e->d.sdim, nd = 2 * sd;
  double l2 = 0;
  for (int j = 0; j < sd; j++) l2 += (X[3 + j] - X[j]) * (X[3 + j] - X[j]);
  if (!(l2 > 0) || !isfinite(l2)) return SN_ERR_FORMAT;
  double A = p->area > 0 ? p->area : 1.0, c = A * Sip[0] / sqrt(l2);
  for (int i = 0; i < sd; i++) {
    Kg[i + nd * i] = Kg[(i + sd) + nd * (i + sd)] = c;
    Kg[(i + sd) + nd * i] = Kg[i + nd * (i + sd)] = -c;
  }
  return SN_OK;
}

int sn_element_stress_stiffness(sn_eltype t, const double *X, const sn_elprops *p, const double *Sip, double *Kg)
{
  const sn_elinfo *e = sn_element_info(t);
  if (!e || !X || !p || !Sip || !Kg) return SN_ERR_ARG;
  int nn = e->d.nnodes, sd = e->d.sdim, nd = nn * sd, st;
  memset(Kg, 0, sizeof(double) * (size_t)nd * (size_t)nd);
  if (e->d.kind == SN_KIND_SPRING) return SN_OK;
  if (e->d.kind == SN_KIND_TRUSS) return truss_kg(e, X, p, Sip, Kg);
  int plane = e->d.kind == SN_KIND_PLANE_STRAIN || e->d.kind == SN_KIND_PLANE_STRESS;
  int axi = e->d.kind == SN_KIND_AXISYM;
  double thick = p->thickness > 0 ? p->thickness : 1.0;
  for (int k = 0; k < e->d.nip; k++) {
    double xi[3], w, N[SN_FE_MAXN], dNdx[SN_FE_MAXN * 3], detJ, x[3];
    sn_fe_rule_point(e->rule, k, xi, &w);
    if ((st = sn_fe_geometry(e->fam, sd, X, xi, N, dNdx, &detJ, x)) != SN_OK) return st;
    double dv = w * detJ * (plane ? thick : 1.0);
    if (axi) {
      if (!(x[0] > 0)) return SN_ERR_FORMAT;
      dv *= x[0];
    }
    const double *s = Sip + 6 * k;   /* 11, 22, 33, 12, 13, 23 */
    double sg[3][3] = {{s[0], s[3], s[4]}, {s[3], s[1], s[5]}, {s[4], s[5], s[2]}};
    for (int a = 0; a < nn; a++)
      for (int b = 0; b < nn; b++) {
        double g = 0;
        for (int i = 0; i < sd; i++)
          for (int j = 0; j < sd; j++) g += dNdx[a * sd + i] * sg[i][j] * dNdx[b * sd + j];
        g *= dv;
        for (int c = 0; c < sd; c++) Kg[(size_t)(b * sd + c) * (size_t)nd + (size_t)(a * sd + c)] += g;
        if (axi) Kg[(size_t)(b * sd) * (size_t)nd + (size_t)(a * sd)] += s[2] * N[a] * N[b] / (x[0] * x[0]) * dv;
      }
  }
  return SN_OK;
}
