/* Two-node trusses (T2D2, T3D2) and axial springs (SPRINGA).
 *
 * Linear truss (the bar element of any FE text, e.g. Bathe, "Finite Element Procedures",
 * ch. 4 examples; Zienkiewicz-Taylor vol. 1 ch. 1 "pin-jointed frameworks"): axis
 * n = (X2 - X1) / L, K = (E A / L) [n n^T, -n n^T; -n n^T, n n^T], axial stress
 * S11 = E n.(u2 - u1) / L (the only non-zero component, reported at the single point and at
 * both nodes). Cross-section A = sn_elprops.area (1 when 0).
 * Spring: the same with E A / L replaced by sn_elprops.k; its "stress" S11 is the spring force
 * k n.(u2 - u1). A spring carries no mass (volume 0).
 * Thermal strain (sn_elthermal alpha, dtemp): eth = alpha (dT1 + dT2) / 2, S11 = E (elong / L - eth),
 * load (-n, n) E A eth (small strain only; sn_truss_nlgeom has none).
 *
 * Total Lagrangian truss (Bathe ch. 6, total Lagrangian formulation of the truss; Crisfield,
 * "Non-linear finite element analysis of solids and structures" vol. 1, truss elements):
 * with d = (X2 + u2) - (X1 + u1), the
 * Green-Lagrange strain Eg = (d.d - L^2) / (2 L^2), second Piola-Kirchhoff stress S = E Eg
 * (St Venant-Kirchhoff), internal force f2 = -f1 = (A S / L) d and consistent tangent
 * Kt = (A / L) [S I + (E / L^2) d d^T] in the blocks [K, -K; -K, K]. */
#include <math.h>
#include <string.h>

#include "fem/element_internal.h"

static int area_of(const sn_elprops *p, double *A)
{
  double v = p ? p->area : 0;
  if (!isfinite(v) || v < 0) return SN_ERR_ARG;
  *A = v == 0 ? 1 : v;
  return SN_OK;
}

/* axis of the undeformed element: length, unit vector (sdim components) */
static int axis(int sdim, const double *X, double *L, double *n)
{
  double l2 = 0, scale = 0;
  for (int j = 0; j < sdim; j++) {
    n[j] = X[3 + j] - X[j];
    l2 += n[j] * n[j];
    scale = fmax(scale, fmax(fabs(X[j]), fabs(X[3 + j])));
  }
  double l = sqrt(l2);
  if (!isfinite(l)) return SN_ERR_NAN;
  if (!(l > 1e-14 * scale) || l == 0) return SN_ERR_FORMAT;
  for (int j = 0; j < sdim; j++) n[j] /= l;
  *L = l;
  return SN_OK;
}

/* axial stiffness k (force per elongation) along n */
static void axial_matrix(int sdim, const double *n, double k, double *Ke)
{
  int nd = 2 * sdim;
  for (int i = 0; i < sdim; i++)
    for (int j = 0; j < sdim; j++) {
      double v = k * n[i] * n[j];
      Ke[i + nd * j] = v;
      Ke[(i + sdim) + nd * (j + sdim)] = v;
      Ke[(i + sdim) + nd * j] = -v;
      Ke[i + nd * (j + sdim)] = -v;
    }
}

static int axial_k(const sn_elinfo *e, const sn_elprops *p, double L, double *k)
{
  if (e->d.kind == SN_KIND_SPRING) {
    if (!isfinite(p->k)) return SN_ERR_ARG;
    *k = p->k;
    return SN_OK;
  }
  double A;
  int st = area_of(p, &A);
  if (st != SN_OK) return st;
  if (!isfinite(p->E) || !(p->E > 0)) return SN_ERR_ARG;
  *k = p->E * A / L;
  return SN_OK;
}

int sn_fe_truss_stiffness(const sn_elinfo *e, const double *X, const sn_elprops *p, double *Ke)
{
  double L, n[3], k;
  int st = axis(e->d.sdim, X, &L, n);
  if (st != SN_OK) return st;
  if ((st = axial_k(e, p, L, &k)) != SN_OK) return st;
  axial_matrix(e->d.sdim, n, k, Ke);
  return SN_OK;
}

/* the truss's thermal strain: alpha times the mean of its two nodes' temperature changes */
static double truss_thermal_strain(const sn_elthermal *th)
{
  if (!th || !th->dtemp || th->alpha == 0) return 0.0;
  return th->alpha * 0.5 * (th->dtemp[0] + th->dtemp[1]);
}

/* thermal load: the axial force E A eth pulling the nodes apart, (-n, n) E A eth */
int sn_fe_truss_thermal(const sn_elinfo *e, const double *X, const sn_elprops *p, const sn_elthermal *th,
                        double *fe)
{
  int sd = e->d.sdim;
  double L, n[3], A;
  int st = axis(sd, X, &L, n);
  if (st != SN_OK) return st;
  if ((st = area_of(p, &A)) != SN_OK) return st;
  double F = p->E * A * truss_thermal_strain(th);
  for (int j = 0; j < sd; j++) {
    fe[j] -= F * n[j];
    fe[sd + j] += F * n[j];
  }
  return SN_OK;
}

int sn_fe_truss_stress(const sn_elinfo *e, const double *X, const sn_elprops *p, const sn_elthermal *th,
                       const double *ue, double *Sip, double *Snode)
{
  int sd = e->d.sdim;
  double L, n[3], k, el = 0;
  int st = axis(sd, X, &L, n);
  if (st != SN_OK) return st;
  if ((st = axial_k(e, p, L, &k)) != SN_OK) return st;
  for (int j = 0; j < sd; j++) el += n[j] * (ue[sd + j] - ue[j]);
  double s = e->d.kind == SN_KIND_SPRING ? k * el : p->E * (el / L - truss_thermal_strain(th));
  double S[6] = {s, 0, 0, 0, 0, 0};
  if (Sip) memcpy(Sip, S, sizeof S);
  if (Snode) {
    memcpy(Snode, S, sizeof S);
    memcpy(Snode + 6, S, sizeof S);
  }
  return SN_OK;
}

int sn_fe_truss_gravity(const sn_elinfo *e, const double *X, const sn_elprops *p, const double *g,
                      double *fe)
{
  double vol;
  int st = sn_fe_truss_volume(e, X, p, &vol);
  if (st != SN_OK) return st;
  if (!isfinite(p->density)) return SN_ERR_ARG;
  for (int a = 0; a < 2; a++)
    for (int j = 0; j < e->d.sdim; j++) fe[a * e->d.sdim + j] += 0.5 * p->density * vol * g[j];
  return SN_OK;
}

int sn_fe_truss_volume(const sn_elinfo *e, const double *X, const sn_elprops *p, double *vol)
{
  double L, n[3], A;
  int st = axis(e->d.sdim, X, &L, n);
  if (st != SN_OK) return st;
  if (e->d.kind == SN_KIND_SPRING) {
    *vol = 0;
    return SN_OK;
  }
  if ((st = area_of(p, &A)) != SN_OK) return st;
  *vol = A * L;
  return SN_OK;
}

int sn_spring_axial(int sdim, const double *X, const double *ue, double k, double *Ke,
                    double *elong, double *dir)
{
  double L, n[3];
  if ((sdim != 2 && sdim != 3) || !X || !isfinite(k)) return SN_ERR_ARG;
  if (elong && !ue) return SN_ERR_ARG;
  int st = axis(sdim, X, &L, n);
  if (st != SN_OK) return st;
  if (Ke) axial_matrix(sdim, n, k, Ke);
  if (elong) {
    double el = 0;
    for (int j = 0; j < sdim; j++) el += n[j] * (ue[sdim + j] - ue[j]);
    *elong = el;
  }
  if (dir)
    for (int j = 0; j < sdim; j++) dir[j] = n[j];
  return SN_OK;
}

int sn_truss_nlgeom(int sdim, const double *X, const sn_elprops *p, const double *ue, double *fint,
                    double *Kt, double *N)
{
  double L, n[3], A, d[3], dd = 0;
  if ((sdim != 2 && sdim != 3) || !X || !p || !ue) return SN_ERR_ARG;
  if (!isfinite(p->E) || !(p->E > 0)) return SN_ERR_ARG;
  int st = area_of(p, &A);
  if (st != SN_OK) return st;
  if ((st = axis(sdim, X, &L, n)) != SN_OK) return st;
  for (int j = 0; j < sdim; j++) {
    d[j] = X[3 + j] + ue[sdim + j] - X[j] - ue[j];
    dd += d[j] * d[j];
  }
  if (!isfinite(dd)) return SN_ERR_NAN;
  double Eg = (dd - L * L) / (2 * L * L), S = p->E * Eg;
  if (fint)
    for (int j = 0; j < sdim; j++) {
      fint[sdim + j] = A * S * d[j] / L;
      fint[j] = -fint[sdim + j];
    }
  if (Kt) {
    int nd = 2 * sdim;
    for (int i = 0; i < sdim; i++)
      for (int j = 0; j < sdim; j++) {
        double v = A / L * ((i == j ? S : 0) + p->E / (L * L) * d[i] * d[j]);
        Kt[i + nd * j] = v;
        Kt[(i + sdim) + nd * (j + sdim)] = v;
        Kt[(i + sdim) + nd * j] = -v;
        Kt[i + nd * (j + sdim)] = -v;
      }
  }
  /* axial force in the deformed configuration: |f2| with the sign of S = A S l / L */
  if (N) *N = A * S * sqrt(dd) / L;
  return SN_OK;
}
