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
 * With the displacements ue (3D solids only), plus the large-displacement part of the tangent at
 * ue: int B_F^T D B_F dV - int B_0^T D B_0 dV (the linear stiffness evaluated with the strain
 * variation of the deformed state minus the linear one), so that K_lin + this matrix is the
 * total Lagrangian tangent at ue with the given stresses (CalculiX, *STEP, PERTURBATION: "the
 * inclusion of previous deformations (large deformation stiffness) and ... of previous loads as
 * preloads (stress stiffness)").
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

/* 3D solids, the large-displacement part at ue: int (B_F^T D B_F - B_0^T D B_0) dV at one
 * point, with B_F the variation of the Green-Lagrange strain at F = I + grad u (Bathe sec. 6.3.2,
 * the initial displacement matrix K_L1) and D the isotropic elasticity, into Kg */
static void large_displacement(int nn, const double *dNdx, const double *ue, const sn_elprops *p, double dv,
                               double *Kg)
{
  double F[3][3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
  for (int b = 0; b < nn; b++)
    for (int k = 0; k < 3; k++)
      for (int j = 0; j < 3; j++) F[k][j] += ue[3 * b + k] * dNdx[3 * b + j];
  double lam = p->E * p->nu / ((1 + p->nu) * (1 - 2 * p->nu)), G = p->E / (2 * (1 + p->nu));
  int nd = 3 * nn;
  double BF[6][3 * SN_FE_MAXN], B0[6][3 * SN_FE_MAXN];
  for (int pass = 0; pass < 2; pass++) {
    double (*B)[3 * SN_FE_MAXN] = pass ? B0 : BF;
    for (int a = 0; a < nn; a++) {
      const double *g = dNdx + 3 * a;
      for (int k = 0; k < 3; k++) {
        double f[3];
        for (int j = 0; j < 3; j++) f[j] = pass ? (k == j) : F[k][j];
        int c = 3 * a + k;
        B[0][c] = f[0] * g[0];
        B[1][c] = f[1] * g[1];
        B[2][c] = f[2] * g[2];
        B[3][c] = f[0] * g[1] + f[1] * g[0];
        B[4][c] = f[0] * g[2] + f[2] * g[0];
        B[5][c] = f[1] * g[2] + f[2] * g[1];
      }
    }
  }
  for (int i = 0; i < nd; i++)
    for (int j = 0; j < nd; j++) {
      double kf = 0, k0 = 0;
      for (int pass = 0; pass < 2; pass++) {
        double (*B)[3 * SN_FE_MAXN] = pass ? B0 : BF, v = 0;
        double tr_i = B[0][i] + B[1][i] + B[2][i], tr_j = B[0][j] + B[1][j] + B[2][j];
        v += lam * tr_i * tr_j;
        for (int r = 0; r < 3; r++) v += 2 * G * B[r][i] * B[r][j];
        for (int r = 3; r < 6; r++) v += G * B[r][i] * B[r][j];
        if (pass) k0 = v; else kf = v;
      }
      Kg[(size_t)j * (size_t)nd + (size_t)i] += dv * (kf - k0);
    }
}

int sn_element_stress_stiffness(sn_eltype t, const double *X, const sn_elprops *p, const double *Sip,
                                const double *ue, double *Kg)
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
    if (ue && e->d.kind == SN_KIND_SOLID) large_displacement(nn, dNdx, ue, p, dv, Kg);
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
