/* Continuum elements of a J2 material (*PLASTIC): at every integration point the radial return
 * of plastic_j2.c from the committed history, then the internal force int B^T sigma dV and the
 * consistent tangent int B^T C_alg B dV (Simo-Hughes, Computational Inelasticity, sec. 3.3 and
 * Box 3.2: with the algorithmic C_alg the Newton iterations converge quadratically).
 *   small strain (nlgeom 0): eps = sym grad u (axisymmetric hoop strain u_r / R), the linear B;
 *   nlgeom 1: total Lagrangian, the Green-Lagrange strain split additively E = Ee + Ep, second
 *     Piola-Kirchhoff S = C Ee, the B of element_solid_nl.c and its initial-stress term. This is
 *     exact for small strains with large rotations (the response is frame invariant); CalculiX
 *     uses a multiplicative finite-strain model (F = Fe Fp, Simo 1992), which differs once the
 *     strains are no longer small (docs/deck.md, *PLASTIC).
 * Plane stress is refused (the return mapping would have to keep sigma33 = 0). */
#include <math.h>
#include <string.h>

#include "fem/element_internal.h"

static int pl_setup(const sn_elinfo *e, const sn_elprops *p, const double *X, const double *ue, double *thick)
{
  if (!e || !X || !ue || e->fam == SN_FAM_NONE || e->d.kind == SN_KIND_PLANE_STRESS) return SN_ERR_ARG;
  if (!p || !(p->E > 0) || !(p->nu > -1 && p->nu < 0.5) || !isfinite(p->E)) return SN_ERR_ARG;
  for (int i = 0; i < 3 * e->d.nnodes; i++)
    if (!isfinite(X[i])) return SN_ERR_NAN;
  for (int i = 0; i < e->d.sdim * e->d.nnodes; i++)
    if (!isfinite(ue[i])) return SN_ERR_NAN;
  *thick = p->thickness > 0 ? p->thickness : 1.0;
  return SN_OK;
}

/* the point's strain (engineering shears): Green-Lagrange under nlgeom, else sym grad u, in
 * which case F is set to I (the small-strain B) */
static void pl_strain(sn_fe_nlpoint *q, int nlgeom, double E[6])
{
  static const int vi[6] = {0, 1, 2, 0, 0, 1}, vj[6] = {0, 1, 2, 1, 2, 2};
  for (int v = 0; v < 6; v++) {
    int i = vi[v], j = vj[v];
    if (nlgeom) {
      double c = 0;
      for (int m = 0; m < 3; m++) c += q->F[m][i] * q->F[m][j];
      E[v] = v < 3 ? 0.5 * (c - 1) : c;
    } else {
      E[v] = v < 3 ? q->F[i][i] - 1 : q->F[i][j] + q->F[j][i];
    }
  }
  if (!nlgeom) {
    memset(q->F, 0, sizeof q->F);
    for (int i = 0; i < 3; i++) q->F[i][i] = 1;
  }
}

int sn_element_plastic(sn_eltype t, const double *X, const sn_elprops *p, const sn_j2 *h, int nlgeom,
                       const double *ue, const double *hold, double *hnew, double *fint, double *Kt)
{
  const sn_elinfo *e = sn_element_info(t);
  double thick;
  int st = pl_setup(e, p, X, ue, &thick);
  if (st != SN_OK) return st;
  if (!h || !hold) return SN_ERR_ARG;
  int nd = e->d.nnodes * e->d.sdim;
  if (fint) memset(fint, 0, sizeof(double) * (size_t)nd);
  if (Kt) memset(Kt, 0, sizeof(double) * (size_t)nd * (size_t)nd);
  for (int k = 0; k < e->d.nip; k++) {
    sn_fe_nlpoint q;
    double E[6], S[6], D[6][6], hn[SN_J2_NHIST];
    if ((st = sn_fe_nl_point(e, k, X, ue, thick, &q)) != SN_OK) return st;
    pl_strain(&q, nlgeom, E);
    if ((st = sn_j2_return(h, p->E, p->nu, E, hold + SN_J2_NHIST * k, S, hn, Kt ? D : NULL)) != SN_OK) return st;
    if (hnew) memcpy(hnew + SN_J2_NHIST * k, hn, sizeof hn);
    sn_fe_nl_point_add(e, &q, D, S, nlgeom, fint, Kt);
  }
  return SN_OK;
}

/* Cauchy stress F S F^T / J (Voigt, tensor components) */
static void pl_cauchy(double (*F)[3], const double S[6], double sig[6])
{
  static const int vi[6] = {0, 1, 2, 0, 0, 1}, vj[6] = {0, 1, 2, 1, 2, 2};
  double Sm[3][3] = {{S[0], S[3], S[4]}, {S[3], S[1], S[5]}, {S[4], S[5], S[2]}}, FS[3][3];
  double J = F[0][0] * (F[1][1] * F[2][2] - F[1][2] * F[2][1]) - F[0][1] * (F[1][0] * F[2][2] - F[1][2] * F[2][0]) +
             F[0][2] * (F[1][0] * F[2][1] - F[1][1] * F[2][0]);
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++) {
      double s = 0;
      for (int m = 0; m < 3; m++) s += F[i][m] * Sm[m][j];
      FS[i][j] = s;
    }
  for (int v = 0; v < 6; v++) {
    double s = 0;
    for (int m = 0; m < 3; m++) s += FS[vi[v]][m] * F[vj[v]][m];
    sig[v] = s / J;
  }
}

/* the point's output stress and strain from the committed history (elastic law on E - Ep) */
static void pl_point_output(const sn_elprops *p, sn_fe_nlpoint *q, int nlgeom, const double *h, double sig[6],
                            double eps[6])
{
  double Fk[3][3], E[6], S[6];
  memcpy(Fk, q->F, sizeof Fk);
  pl_strain(q, nlgeom, E);
  double G = p->E / (2 * (1 + p->nu)), lam = p->E * p->nu / ((1 + p->nu) * (1 - 2 * p->nu));
  double ee[6];
  for (int v = 0; v < 6; v++) ee[v] = E[v] - h[v];
  double tr = ee[0] + ee[1] + ee[2];
  for (int v = 0; v < 6; v++) S[v] = v < 3 ? lam * tr + 2 * G * ee[v] : G * ee[v];
  if (nlgeom) pl_cauchy(Fk, S, sig);
  else memcpy(sig, S, sizeof S);
  for (int v = 0; v < 6; v++) eps[v] = v < 3 ? E[v] : 0.5 * E[v];
}

int sn_element_stress_plastic(sn_eltype t, const double *X, const sn_elprops *p, int nlgeom, const double *ue,
                              const double *h, double *Sip, double *Snode, double *Eip, double *Enode)
{
  const sn_elinfo *e = sn_element_info(t);
  double thick, sig[SN_FE_MAXIP][6], eps[SN_FE_MAXIP][6];
  int st = pl_setup(e, p, X, ue, &thick);
  if (st != SN_OK) return st;
  if (!h) return SN_ERR_ARG;
  int nip = e->d.nip;
  for (int k = 0; k < nip; k++) {
    sn_fe_nlpoint q;
    if ((st = sn_fe_nl_point(e, k, X, ue, thick, &q)) != SN_OK) return st;
    pl_point_output(p, &q, nlgeom, h + SN_J2_NHIST * k, sig[k], eps[k]);
  }
  if (Sip) memcpy(Sip, sig, sizeof(double) * 6 * (size_t)nip);
  if (Eip) memcpy(Eip, eps, sizeof(double) * 6 * (size_t)nip);
  if (Snode || Enode) {
    double M[SN_FE_MAXN * SN_FE_MAXIP];
    if ((st = sn_fe_extrapolation(e, M)) != SN_OK) return st;
    for (int a = 0; a < e->d.nnodes; a++)
      for (int i = 0; i < 6; i++) {
        double s = 0, g = 0;
        for (int k = 0; k < nip; k++) { s += M[a * nip + k] * sig[k][i]; g += M[a * nip + k] * eps[k][i]; }
        if (Snode) Snode[a * 6 + i] = s;
        if (Enode) Enode[a * 6 + i] = g;
      }
  }
  return SN_OK;
}
