/* Continuum elements in total Lagrangian form (geometric nonlinearity, *STEP, NLGEOM):
 * St Venant-Kirchhoff material, second Piola-Kirchhoff stress S = D E from the Green-Lagrange
 * strain E = (F^T F - I) / 2 with the element's linear elastic D (so that small strains give
 * the linear element back). Bathe, "Finite Element Procedures" (1996), sec. 6.2.3 and Table 6.4
 * (total Lagrangian formulation); Bonet-Wood, "Nonlinear Continuum Mechanics for Finite Element
 * Analysis" (2nd ed.), sec. 9.2-9.4 (internal force and the tangent's material and initial
 * stress parts).
 *
 * Every kind works with a 3 x 3 deformation gradient F = I + sum_a u_a (x) g_a:
 *   solids:          g_a = dN_a/dX;
 *   plane strain:    g_a = (dN_a/dX, dN_a/dY, 0), F33 = 1;
 *   plane stress:    the same F; SVK with S33 = 0 is the plane-stress D acting on (E11, E22,
 *                    E12) (SVK is linear in E, so the condensation of E33 is exact), with
 *                    E33 = -nu / (1 - nu) (E11 + E22) used for the thickness stretch only;
 *   axisymmetric:    (r, z), F33 = 1 + u_r / R (hoop stretch), i.e. the hoop row of dof
 *                    (a, r) carries h_a = N_a / R; volume per radian (R dR dZ).
 * With the engineering-shear Voigt order (11, 22, 33, 12, 13, 23), the variation of E for
 * dof (a, k) is  dE_ij = (F_ki g_aj + F_kj g_ai) / 2  (+ F33 h_a in 33 for k = r), so that
 *   f_(a,k)        = int S : dE(a,k) dV,
 *   K_(a,k)(b,l)   = int dE(a,k) : D : dE(b,l) dV                     (material part)
 *                  + int delta_kl g_a . S g_b + delta_k0 delta_l0 h_a h_b S33 dV  (initial stress).
 * Reported stresses are Cauchy's, sigma = F S F^T / J (what CalculiX prints under NLGEOM);
 * strains are Green-Lagrange (tensor shear components).
 *
 * Compressible neo-Hookean (sn_neohooke; Abaqus / CalculiX NEO HOOKE):
 * W = C10 (J^(-2/3) I1 - 3) + (J - 1)^2 / D1 with C = F^T F, I1 = tr C, J = det F. Then
 * (Holzapfel, "Nonlinear Solid Mechanics" (2000), sec. 6.4-6.6: S = 2 dW/dC, C = 4 d2W/dC dC)
 *   S = a (I - I1 / 3 C^-1) + p J C^-1,        a = 2 C10 J^(-2/3), p = 2 (J - 1) / D1,
 *   C_ijkl = -2a/3 (d_ij Ci_kl + Ci_ij d_kl) + (2a I1 / 9 + 2 (2J - 1) J / D1) Ci_ij Ci_kl
 *            + (2a I1 / 3 - 2 p J) (Ci_ik Ci_jl + Ci_il Ci_jk) / 2     (Ci = C^-1),
 * used as the point's D in the same material and initial-stress parts. The 3 x 3 F above makes
 * plane strain (F33 = 1) and axisymmetry (F33 the hoop stretch) exact; plane stress would need
 * the thickness stretch solved point by point and is refused. */
#include <math.h>
#include <string.h>

#include "fem/element_internal.h"

typedef sn_fe_nlpoint nlpoint;

static int nl_material(const sn_elinfo *e, const sn_elprops *p, double D[6][6], double *thick)
{
  if (!p || !isfinite(p->E) || !isfinite(p->nu) || !(p->E > 0) || !(p->nu > -1) || !(p->nu < 0.5))
    return SN_ERR_ARG;
  double t = p->thickness;
  if (!isfinite(t) || t < 0) return SN_ERR_ARG;
  *thick = t == 0 ? 1 : t;
  sn_fe_dmatrix(e->d.kind, p, D);   /* 2D: rows 0-3 (11, 22, 33, 12); 13, 23 stay zero */
  return SN_OK;
}

/* kinematics at point k of the stiffness rule for displacements ue (element_internal.h) */
int sn_fe_nl_point(const sn_elinfo *e, int k, const double *X, const double *ue, double thick, nlpoint *q)
{
  int sd = e->d.sdim, nn = e->d.nnodes;
  double xi[3], w, detJ, dNdx[SN_FE_MAXN * 3], x[3];
  sn_fe_rule_point(e->rule, k, xi, &w);
  int st = sn_fe_geometry(e->fam, sd, X, xi, q->N, dNdx, &detJ, x);
  if (st != SN_OK) return st;
  int axi = e->d.kind == SN_KIND_AXISYM;
  if (axi && !(x[0] > 0)) return SN_ERR_FORMAT;
  q->dv = w * detJ * (sd == 3 ? 1.0 : axi ? x[0] : thick);
  memset(q->F, 0, sizeof q->F);
  for (int i = 0; i < 3; i++) q->F[i][i] = 1;
  for (int a = 0; a < nn; a++) {
    for (int j = 0; j < 3; j++) q->g[a][j] = j < sd ? dNdx[a * sd + j] : 0.0;
    q->h[a] = axi ? q->N[a] / x[0] : 0.0;
    for (int i = 0; i < sd; i++)
      for (int j = 0; j < sd; j++) q->F[i][j] += ue[a * sd + i] * q->g[a][j];
    q->F[2][2] += q->h[a] * ue[a * sd];
  }
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++)
      if (!isfinite(q->F[i][j])) return SN_ERR_NAN;
  return SN_OK;
}

static const int vi[6] = {0, 1, 2, 0, 0, 1}, vj[6] = {0, 1, 2, 1, 2, 2};

static double det3(double (*F)[3])
{
  return F[0][0] * (F[1][1] * F[2][2] - F[1][2] * F[2][1]) - F[0][1] * (F[1][0] * F[2][2] - F[1][2] * F[2][0]) +
         F[0][2] * (F[1][0] * F[2][1] - F[1][1] * F[2][0]);
}

/* neo-Hookean S and tangent D (Voigt, engineering shears) at the point's F */
static int nl_neohooke(const sn_neohooke *nh, nlpoint *q, double D[6][6], double S[6])
{
  double C[3][3], Ci[3][3], I1 = 0;
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++) {
      double c = 0;
      for (int m = 0; m < 3; m++) c += q->F[m][i] * q->F[m][j];
      C[i][j] = c;
    }
  double J = det3(q->F), dC = det3(C);
  if (!(J > 0) || !(dC > 0)) return isfinite(J) ? SN_ERR_FORMAT : SN_ERR_NAN;
  for (int i = 0; i < 3; i++) {
    I1 += C[i][i];
    for (int j = 0; j < 3; j++) {   /* inverse by cofactors (C symmetric) */
      int i1 = (j + 1) % 3, i2 = (j + 2) % 3, j1 = (i + 1) % 3, j2 = (i + 2) % 3;
      Ci[i][j] = (C[i1][j1] * C[i2][j2] - C[i1][j2] * C[i2][j1]) / dC;
    }
  }
  double a = 2 * nh->c10 * pow(J, -2.0 / 3.0), p = 2 * (J - 1) / nh->d1;
  double cc = 2 * a * I1 / 9 + 2 * (2 * J - 1) * J / nh->d1, ci = 2 * a * I1 / 3 - 2 * p * J;
  for (int v = 0; v < 6; v++) {
    int i = vi[v], j = vj[v];
    S[v] = a * ((i == j) - I1 / 3 * Ci[i][j]) + p * J * Ci[i][j];
    for (int w = 0; w < 6; w++) {
      int k = vi[w], l = vj[w];
      D[v][w] = -2 * a / 3 * ((i == j) * Ci[k][l] + Ci[i][j] * (k == l)) + cc * Ci[i][j] * Ci[k][l] +
                ci * 0.5 * (Ci[i][k] * Ci[j][l] + Ci[i][l] * Ci[j][k]);
    }
  }
  return SN_OK;
}

/* Green-Lagrange strain (engineering shears, Voigt) and S = D E */
static void nl_stress(const nlpoint *q, double D[6][6], double E[6], double S[6])
{
  for (int v = 0; v < 6; v++) {
    int i = vi[v], j = vj[v];
    double c = 0;
    for (int m = 0; m < 3; m++) c += q->F[m][i] * q->F[m][j];
    E[v] = v < 3 ? 0.5 * (c - 1) : c;
  }
  for (int v = 0; v < 6; v++) {
    double s = 0;
    for (int w = 0; w < 6; w++) s += D[v][w] * E[w];
    S[v] = s;
  }
}

/* dE for dof (a, k): B[v] (engineering shears) */
static void nl_bcol(const nlpoint *q, int a, int k, double B[6])
{
  const double *g = q->g[a];
  for (int v = 0; v < 6; v++) {
    int i = vi[v], j = vj[v];
    B[v] = v < 3 ? q->F[k][i] * g[i] : q->F[k][i] * g[j] + q->F[k][j] * g[i];
  }
  if (k == 0) B[2] += q->F[2][2] * q->h[a];
}

/* adds the point's internal force and tangent (material + initial stress when geo) */
void sn_fe_nl_point_add(const sn_elinfo *e, const nlpoint *q, double D[6][6], const double S[6], int geo,
                        double *fe, double *Ke)
{
  int sd = e->d.sdim, nn = e->d.nnodes, nd = nn * sd;
  double B[SN_FE_MAXN * 3][6], DB[6];
  double Sm[3][3] = {{S[0], S[3], S[4]}, {S[3], S[1], S[5]}, {S[4], S[5], S[2]}};
  for (int a = 0; a < nn; a++)
    for (int k = 0; k < sd; k++) {
      nl_bcol(q, a, k, B[a * sd + k]);
      if (fe) {
        double f = 0;
        for (int v = 0; v < 6; v++) f += S[v] * B[a * sd + k][v];
        fe[a * sd + k] += f * q->dv;
      }
    }
  if (!Ke) return;
  for (int c2 = 0; c2 < nd; c2++) {
    for (int v = 0; v < 6; v++) {
      double s = 0;
      for (int w = 0; w < 6; w++) s += D[v][w] * B[c2][w];
      DB[v] = s * q->dv;
    }
    for (int c1 = 0; c1 < nd; c1++) {
      double s = 0;
      for (int v = 0; v < 6; v++) s += B[c1][v] * DB[v];
      Ke[c1 + (size_t)nd * c2] += s;
    }
  }
  for (int a = 0; a < nn && geo; a++)
    for (int b = 0; b < nn; b++) {
      double gs = 0;
      for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) gs += q->g[a][i] * Sm[i][j] * q->g[b][j];
      gs *= q->dv;
      for (int k = 0; k < sd; k++) Ke[(a * sd + k) + (size_t)nd * (b * sd + k)] += gs;
      Ke[(a * sd) + (size_t)nd * (b * sd)] += q->h[a] * q->h[b] * S[2] * q->dv;
    }
}

static int nl_check(const sn_elinfo *e, const double *X, const double *ue)
{
  if (!e || !X || !ue || e->fam == SN_FAM_NONE) return SN_ERR_ARG;
  if (e->incompatible) return SN_ERR_ARG;   /* C3D8I: its incompatible modes are small-strain */
  for (int i = 0; i < 3 * e->d.nnodes; i++)
    if (!isfinite(X[i])) return SN_ERR_NAN;
  for (int i = 0; i < e->d.sdim * e->d.nnodes; i++)
    if (!isfinite(ue[i])) return SN_ERR_NAN;
  return SN_OK;
}

/* the point's S (and D for a neo-Hookean material; SVK's D is constant) and Green-Lagrange E;
 * a thermal strain eth (SVK only) is taken off the normal components: S = D (E - eth (1, 1, 1,
 * 0, 0, 0)), CalculiX' total Lagrangian thermal strain (plane stress: its D ignores E33) */
static int nl_point_stress(const sn_neohooke *nh, double eth, nlpoint *q, double D[6][6], double E[6], double S[6])
{
  double Dl[6][6];
  memcpy(Dl, D, sizeof Dl);
  nl_stress(q, Dl, E, S);
  if (eth != 0)
    for (int v = 0; v < 6; v++) S[v] -= eth * (D[v][0] + D[v][1] + D[v][2]);
  return nh ? nl_neohooke(nh, q, D, S) : SN_OK;
}

/* alpha times the temperature change at the point (0 without dtemp) */
static double nl_thermal(const sn_elinfo *e, const nlpoint *q, double alpha, const double *dtemp)
{
  double t = 0;
  if (!dtemp || alpha == 0) return 0;
  for (int a = 0; a < e->d.nnodes; a++) t += q->N[a] * dtemp[a];
  return alpha * t;
}

static int nl_setup(const sn_elinfo *e, const sn_elprops *p, const sn_neohooke *nh, double alpha, const double *dtemp,
                    double D[6][6], double *thick)
{
  int st = nl_material(e, p, D, thick);
  if (st == SN_OK && dtemp) {
    if (!isfinite(alpha)) return SN_ERR_ARG;
    for (int a = 0; a < e->d.nnodes; a++)
      if (!isfinite(dtemp[a])) return SN_ERR_NAN;
    if (nh && alpha != 0) return SN_ERR_ARG;   /* a thermal strain in a neo-Hookean material */
  }
  if (st != SN_OK || !nh) return st;
  if (!isfinite(nh->c10) || !isfinite(nh->d1) || !(nh->c10 > 0) || !(nh->d1 > 0)) return SN_ERR_ARG;
  return e->d.kind == SN_KIND_PLANE_STRESS ? SN_ERR_ARG : SN_OK;
}

int sn_element_nlgeom(sn_eltype t, const double *X, const sn_elprops *p, const double *ue, double *fint,
                      double *Kt)
{
  return sn_element_nlgeom_mat(t, X, p, NULL, 0, NULL, ue, fint, Kt);
}

int sn_element_nlgeom_mat(sn_eltype t, const double *X, const sn_elprops *p, const sn_neohooke *nh, double alpha,
                          const double *dtemp, const double *ue, double *fint, double *Kt)
{
  const sn_elinfo *e = sn_element_info(t);
  int st = nl_check(e, X, ue);
  if (st != SN_OK) return st;
  double D[6][6], thick;
  if ((st = nl_setup(e, p, nh, alpha, dtemp, D, &thick)) != SN_OK) return st;
  int nd = e->d.nnodes * e->d.sdim;
  if (fint) memset(fint, 0, sizeof(double) * (size_t)nd);
  if (Kt) memset(Kt, 0, sizeof(double) * (size_t)nd * (size_t)nd);
  for (int k = 0; k < e->d.nip; k++) {
    nlpoint q;
    double E[6], S[6];
    double Dp[6][6];
    memcpy(Dp, D, sizeof Dp);
    if ((st = sn_fe_nl_point(e, k, X, ue, thick, &q)) != SN_OK ||
        (st = nl_point_stress(nh, nl_thermal(e, &q, alpha, dtemp), &q, Dp, E, S)) != SN_OK)
      return st;
    sn_fe_nl_point_add(e, &q, Dp, S, 1, fint, Kt);
  }
  return SN_OK;
}

/* Cauchy stress sigma = F S F^T / J (Voigt, Abaqus order) and the Green-Lagrange strain with
 * tensor shears; plane stress: the thickness stretch from E33 = -nu / (1 - nu) (E11 + E22) */
static void nl_output(const sn_elinfo *e, const sn_elprops *p, nlpoint *q, const double E[6], const double S[6],
                      double sig[6], double eps[6])
{
  for (int v = 0; v < 6; v++) eps[v] = v < 3 ? E[v] : 0.5 * E[v];
  if (e->d.kind == SN_KIND_PLANE_STRESS) {
    eps[2] = -p->nu / (1 - p->nu) * (E[0] + E[1]);
    q->F[2][2] = sqrt(fmax(1 + 2 * eps[2], 0.0));
  }
  double (*F)[3] = q->F;
  double J = det3(F);
  double Sm[3][3] = {{S[0], S[3], S[4]}, {S[3], S[1], S[5]}, {S[4], S[5], S[2]}}, FS[3][3];
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++) {
      double s = 0;
      for (int m = 0; m < 3; m++) s += F[i][m] * Sm[m][j];
      FS[i][j] = s;
    }
  for (int v = 0; v < 6; v++) {
    int i = vi[v], j = vj[v];
    double s = 0;
    for (int m = 0; m < 3; m++) s += FS[i][m] * F[j][m];
    sig[v] = s / J;
  }
}

int sn_element_stress_nlgeom(sn_eltype t, const double *X, const sn_elprops *p, const double *ue, double *Sip,
                             double *Snode, double *Eip, double *Enode)
{
  return sn_element_stress_nlgeom_mat(t, X, p, NULL, 0, NULL, ue, Sip, Snode, Eip, Enode);
}

int sn_element_stress_nlgeom_mat(sn_eltype t, const double *X, const sn_elprops *p, const sn_neohooke *nh,
                                 double alpha, const double *dtemp, const double *ue, double *Sip, double *Snode,
                                 double *Eip, double *Enode)
{
  const sn_elinfo *e = sn_element_info(t);
  int st = nl_check(e, X, ue);
  if (st != SN_OK) return st;
  double D[6][6], thick, sig[SN_FE_MAXIP][6], eps[SN_FE_MAXIP][6];
  if ((st = nl_setup(e, p, nh, alpha, dtemp, D, &thick)) != SN_OK) return st;
  int nip = e->d.nip;
  for (int k = 0; k < nip; k++) {
    nlpoint q;
    double E[6], S[6];
    double Dp[6][6];
    memcpy(Dp, D, sizeof Dp);
    if ((st = sn_fe_nl_point(e, k, X, ue, thick, &q)) != SN_OK ||
        (st = nl_point_stress(nh, nl_thermal(e, &q, alpha, dtemp), &q, Dp, E, S)) != SN_OK)
      return st;
    nl_output(e, p, &q, E, S, sig[k], eps[k]);
  }
  return sn_fe_point_output(e, sig, eps, Sip, Snode, Eip, Enode);
}
