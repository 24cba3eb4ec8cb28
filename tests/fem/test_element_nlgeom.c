/* Continuum elements in total Lagrangian form (sn_element_nlgeom, sn_element_stress_nlgeom),
 * St Venant-Kirchhoff, for every continuum type:
 * - at u = 0 the tangent is the linear stiffness and the force vanishes;
 * - the tangent is the derivative of the internal force (central differences, distorted
 *   elements, large random displacements; relative 1e-6 of the largest entry);
 * - uniaxial stress at stretch lambda = 1.5 (homogeneous deformation, exact for every element):
 *   SVK's closed form E11 = (lambda^2 - 1) / 2, lateral E22 = E33 = -nu E11 (so S22 = S33 = 0),
 *   nominal stress P11 = lambda E E11 (Bonet-Wood sec. 6.4.3); the element's forces satisfy
 *   sum_a f_a (x) X_a = int P dV = P V0 (isoparametric elements reproduce linear fields), and
 *   the Cauchy stress is sigma11 = lambda^2 S11 / J, J = lambda mu^2 (mu the lateral stretch;
 *   plane stress: the thickness stretch is also mu, axisymmetric: the hoop stretch is mu;
 *   plane strain: the closed form with E33 = 0, see test_stretch);
 * - the same stretch followed by a rigid rotation of 90 degrees (about z; not for CAX): forces
 *   rotate with R, sigma = R sigma0 R^T; a pure rotation gives zero force and stress (1e-10),
 *   where the small-strain element would give forces of the order of E;
 * - the compressible neo-Hookean material (sn_element_nlgeom_mat; not plane stress): the small-
 *   strain limit is the linear element with shear 2 C10 and bulk 2 / D1, the tangent by
 *   differences, uniaxial stress at stretch 1.5 against the law evaluated here (lateral stretch
 *   by bisection on S22 = 0);
 * - a thermal strain (solids): free expansion stress-free, held expansion -(3 lambda + 2 mu)
 *   alpha dT, the tangent by differences under a varying temperature field. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "test_element_util.h"

#define MAXD 60
#define PI 3.14159265358979323846

static double maxabs(int n, const double *v)
{
  double m = 0;
  for (int i = 0; i < n; i++) m = fmax(m, fabs(v[i]));
  return m;
}

static void test_small(sn_eltype t)
{
  const sn_eldesc *d = sn_element_desc(t);
  int nd = d->nnodes * d->sdim;
  double X[60], u[MAXD] = {0}, f[MAXD], Kt[MAXD * MAXD], K[MAXD * MAXD];
  sn_elprops p = {1000, 0.3, 0, 0.5, 0, 0};
  t_element(t, 0.1, 0.05, 7, X);
  CHECK_INT(sn_element_nlgeom(t, X, &p, u, f, Kt), SN_OK);
  CHECK_INT(sn_element_stiffness(t, X, &p, K), SN_OK);
  double km = maxabs(nd * nd, K), err = 0;
  for (int i = 0; i < nd * nd; i++) err = fmax(err, fabs(Kt[i] - K[i]));
  CHECK(err <= 1e-12 * km);
  CHECK(maxabs(nd, f) == 0);
}

/* the tangent against central differences of the force */
static void test_tangent(sn_eltype t)
{
  const sn_eldesc *d = sn_element_desc(t);
  int nd = d->nnodes * d->sdim;
  double X[60], u[MAXD], f[MAXD], Kt[MAXD * MAXD];
  sn_elprops p = {1000, 0.3, 0, 0.5, 0, 0};
  t_element(t, 0.1, 0.05, 11, X);
  unsigned s = 5;
  for (int i = 0; i < nd; i++) u[i] = 0.15 * t_rand(&s);
  CHECK_INT(sn_element_nlgeom(t, X, &p, u, f, Kt), SN_OK);
  double km = maxabs(nd * nd, Kt), err = 0, h = 1e-6;
  for (int j = 0; j < nd; j++) {
    double up[MAXD], um[MAXD], fp[MAXD], fm[MAXD];
    memcpy(up, u, sizeof(double) * (size_t)nd), memcpy(um, u, sizeof(double) * (size_t)nd);
    up[j] += h, um[j] -= h;
    CHECK_INT(sn_element_nlgeom(t, X, &p, up, fp, NULL), SN_OK);
    CHECK_INT(sn_element_nlgeom(t, X, &p, um, fm, NULL), SN_OK);
    for (int i = 0; i < nd; i++) err = fmax(err, fabs((fp[i] - fm[i]) / (2 * h) - Kt[i + nd * j]));
  }
  if (!(err <= 1e-6 * km)) fprintf(stderr, "%s: tangent error %g of %g\n", d->name, err, km);
  CHECK(err <= 1e-6 * km);
  /* symmetric (hyperelastic) */
  double asym = 0;
  for (int i = 0; i < nd; i++)
    for (int j = 0; j < nd; j++) asym = fmax(asym, fabs(Kt[i + nd * j] - Kt[j + nd * i]));
  CHECK(asym <= 1e-13 * km);
}

/* u = (R diag(lambda, mu, mu) - I) X with R the rotation by angle `deg` about z (2D and 3D;
 * axisymmetric: stretch along z (index 1), mu along r, no rotation) */
static void deform(const sn_eldesc *d, const double *X, double lam, double mu, double deg, double *u, double Fm[3][3])
{
  double c = cos(deg * PI / 180), s = sin(deg * PI / 180);
  if (deg == 90) c = 0, s = 1;
  double R[3][3] = {{c, -s, 0}, {s, c, 0}, {0, 0, 1}}, U[3] = {lam, mu, mu};
  if (d->kind == SN_KIND_AXISYM) U[0] = mu, U[1] = lam;
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++) Fm[i][j] = R[i][j] * U[j];
  for (int a = 0; a < d->nnodes; a++)
    for (int i = 0; i < d->sdim; i++) {
      double v = -X[3 * a + i];
      for (int j = 0; j < d->sdim; j++) v += Fm[i][j] * X[3 * a + j];
      u[a * d->sdim + i] = v;
    }
}

static void test_stretch(sn_eltype t, double deg)
{
  const sn_eldesc *d = sn_element_desc(t);
  int sd = d->sdim, nd = d->nnodes * sd, ax = d->kind == SN_KIND_AXISYM ? 1 : 0;
  double X[60], u[MAXD], f[MAXD], Fm[3][3], V0;
  double Ey = 1000, nu = 0.3, lam = 1.5;
  sn_elprops p = {Ey, nu, 0, 0.5, 0, 0};
  t_element(t, 0.0, 0.0, 3, X);
  CHECK_INT(sn_element_volume(t, X, &p, &V0), SN_OK);
  /* plane strain (E33 = 0): S22 = 0 gives E22 = -nu' E11, S11 = E' E11 with nu' = nu / (1 - nu),
   * E' = E / (1 - nu^2), and S33 = lambda_L (E11 + E22) (lambda_L Lame's first constant) */
  int pe = d->kind == SN_KIND_PLANE_STRAIN;
  double nue = pe ? nu / (1 - nu) : nu, Ee = pe ? Ey / (1 - nu * nu) : Ey;
  double E11 = (lam * lam - 1) / 2, mu = sqrt(1 - 2 * nue * E11), S11 = Ee * E11;
  double J = lam * mu * (pe ? 1 : mu), lamL = Ey * nu / ((1 + nu) * (1 - 2 * nu));
  double P11 = lam * S11, sig11 = lam * lam * S11 / J, sig33 = pe ? lamL * (E11 - nue * E11) / J : 0;
  deform(d, X, lam, mu, deg, u, Fm);
  CHECK_INT(sn_element_nlgeom(t, X, &p, u, f, NULL), SN_OK);
  /* sum_a f_a (x) X_a = R P0 V0, P0 = P11 e_s (x) e_s (s the stretch axis) */
  double c = deg == 90 ? 0 : 1, s = deg == 90 ? 1 : 0;
  double R[3][3] = {{c, -s, 0}, {s, c, 0}, {0, 0, 1}};
  for (int i = 0; i < sd; i++)
    for (int j = 0; j < sd; j++) {
      double m = 0;
      for (int a = 0; a < d->nnodes; a++) m += f[a * sd + i] * X[3 * a + j];
      double want = j == ax ? (ax ? (i == 1 ? P11 : 0) : R[i][0] * P11) : 0;
      CHECK_CLOSE(m, want * V0, 1e-12, 1e-12 * P11 * V0);
    }
  double Sip[27 * 6], Snode[20 * 6], Eip[27 * 6];
  CHECK_INT(sn_element_stress_nlgeom(t, X, &p, u, Sip, Snode, Eip, NULL), SN_OK);
  /* sigma = R sigma0 R^T: 11 = c^2 s0, 22 = s^2 s0, 12 = s c s0 (axisymmetric: 22 = s0) */
  double want[6] = {ax ? 0 : c * c * sig11, ax ? sig11 : s * s * sig11, sig33, ax ? 0 : s * c * sig11, 0, 0};
  for (int k = 0; k < d->nip; k++)
    for (int v = 0; v < 6; v++) CHECK_CLOSE(Sip[6 * k + v], want[v], 1e-12, 1e-12 * sig11);
  for (int a = 0; a < d->nnodes; a++)
    for (int v = 0; v < 6; v++) CHECK_CLOSE(Snode[6 * a + v], want[v], 1e-12, 1e-11 * sig11);
  /* Green-Lagrange strain is rotation-free: E11 along the stretch, -nu E11 across (plane stress: also 33) */
  CHECK_CLOSE(Eip[ax ? 1 : 0], E11, 1e-12, 0);
  CHECK_CLOSE(Eip[ax ? 0 : 1], -nue * E11, 1e-12, 0);
  if (d->kind != SN_KIND_PLANE_STRAIN) CHECK_CLOSE(Eip[2], -nu * E11, 1e-12, 0);
  else CHECK_CLOSE(Eip[2], 0, 0, 1e-15);
  /* the pure rotation: no force, no stress (the small-strain element: forces ~ E V0) */
  if (deg == 90) {
    deform(d, X, 1, 1, 90, u, Fm);
    CHECK_INT(sn_element_nlgeom(t, X, &p, u, f, NULL), SN_OK);
    CHECK(maxabs(nd, f) <= 1e-10 * Ey * V0);
    CHECK_INT(sn_element_stress_nlgeom(t, X, &p, u, Sip, NULL, NULL, NULL), SN_OK);
    CHECK(maxabs(6 * d->nip, Sip) <= 1e-10 * Ey);
    double K[MAXD * MAXD], fl[MAXD];
    CHECK_INT(sn_element_stiffness(t, X, &p, K), SN_OK);
    for (int i = 0; i < nd; i++) {
      fl[i] = 0;
      for (int j = 0; j < nd; j++) fl[i] += K[i + nd * j] * u[j];
    }
    CHECK(maxabs(nd, fl) > 1e-2 * Ey * V0);   /* what small strain would give */
  }
}

/* ---- neo-Hookean (sn_element_nlgeom_mat) ---- */
static const sn_neohooke NH = {200, 0.002};   /* shear 400, bulk 1000 */

/* S_ii of the neo-Hookean law for a diagonal C (the test's own formula: S = a (I - I1 / 3 C^-1)
 * + p J C^-1, a = 2 C10 J^(-2/3), p = 2 (J - 1) / D1) */
static double nh_S(const double c[3], int i)
{
  double J = sqrt(c[0] * c[1] * c[2]), I1 = c[0] + c[1] + c[2];
  double a = 2 * NH.c10 * pow(J, -2.0 / 3.0), p = 2 * (J - 1) / NH.d1;
  return a * (1 - I1 / (3 * c[i])) + p * J / c[i];
}

/* small-strain limit, tangent by differences, uniaxial stress at stretch 1.5 (lateral stretch
 * mu from S22 = 0 by bisection; plane strain: C33 = 1) */
static void test_neohooke(sn_eltype t)
{
  const sn_eldesc *d = sn_element_desc(t);
  int sd = d->sdim, nd = d->nnodes * sd, ax = d->kind == SN_KIND_AXISYM, pe = d->kind == SN_KIND_PLANE_STRAIN;
  double G = 2 * NH.c10, Kb = 2 / NH.d1;
  sn_elprops p = {9 * Kb * G / (3 * Kb + G), (3 * Kb - 2 * G) / (2 * (3 * Kb + G)), 0, 0.5, 0, 0};
  double X[60], u[MAXD] = {0}, f[MAXD], Kt[MAXD * MAXD], K[MAXD * MAXD];
  t_element(t, 0.1, 0.05, 7, X);
  CHECK_INT(sn_element_nlgeom_mat(t, X, &p, &NH, 0, NULL, u, f, Kt), SN_OK);
  CHECK_INT(sn_element_stiffness(t, X, &p, K), SN_OK);
  double km = maxabs(nd * nd, K), err = 0;
  for (int i = 0; i < nd * nd; i++) err = fmax(err, fabs(Kt[i] - K[i]));
  CHECK(err <= 1e-12 * km);
  unsigned s = 9;
  for (int i = 0; i < nd; i++) u[i] = 0.15 * t_rand(&s);
  CHECK_INT(sn_element_nlgeom_mat(t, X, &p, &NH, 0, NULL, u, f, Kt), SN_OK);
  km = maxabs(nd * nd, Kt), err = 0;
  for (int j = 0; j < nd; j++) {
    double up[MAXD], um[MAXD], fp[MAXD], fm[MAXD], h = 1e-6;
    memcpy(up, u, sizeof(double) * (size_t)nd), memcpy(um, u, sizeof(double) * (size_t)nd);
    up[j] += h, um[j] -= h;
    CHECK_INT(sn_element_nlgeom_mat(t, X, &p, &NH, 0, NULL, up, fp, NULL), SN_OK);
    CHECK_INT(sn_element_nlgeom_mat(t, X, &p, &NH, 0, NULL, um, fm, NULL), SN_OK);
    for (int i = 0; i < nd; i++) err = fmax(err, fabs((fp[i] - fm[i]) / (2 * h) - Kt[i + nd * j]));
  }
  if (!(err <= 1e-6 * km)) fprintf(stderr, "%s neo-Hooke: tangent error %g of %g\n", d->name, err, km);
  CHECK(err <= 1e-6 * km);
  /* uniaxial stress */
  double lam = 1.5, lo = 0.3, hi = 1.0, Fm[3][3], V0;
  for (int it = 0; it < 200; it++) {
    double mu = 0.5 * (lo + hi), c[3] = {lam * lam, mu * mu, pe ? 1 : mu * mu};
    if (nh_S(c, 1) > 0) hi = mu; else lo = mu;
  }
  double mu = 0.5 * (lo + hi), c[3] = {lam * lam, mu * mu, pe ? 1 : mu * mu};
  double S11 = nh_S(c, 0), J = lam * mu * (pe ? 1 : mu), P11 = lam * S11, sig11 = lam * lam * S11 / J;
  double sig33 = pe ? nh_S(c, 2) / J : 0;
  t_element(t, 0.0, 0.0, 3, X);
  CHECK_INT(sn_element_volume(t, X, &p, &V0), SN_OK);
  deform(d, X, lam, mu, 0, u, Fm);
  CHECK_INT(sn_element_nlgeom_mat(t, X, &p, &NH, 0, NULL, u, f, NULL), SN_OK);
  double m = 0;
  for (int a = 0; a < d->nnodes; a++) m += f[a * sd + ax] * X[3 * a + ax];
  CHECK_CLOSE(m, P11 * V0, 1e-10, 0);
  double Sip[27 * 6];
  CHECK_INT(sn_element_stress_nlgeom_mat(t, X, &p, &NH, 0, NULL, u, Sip, NULL, NULL, NULL), SN_OK);
  CHECK_CLOSE(Sip[ax], sig11, 1e-10, 0);
  CHECK_CLOSE(Sip[1 - ax], 0, 0, 1e-8 * sig11);
  CHECK_CLOSE(Sip[2], sig33, 1e-10, 1e-8 * sig11);
}

/* thermal strain (SVK): a free expansion alpha dT = 0.05 is the stretch sqrt(1 + 2 alpha dT) in
 * every direction (Green-Lagrange E = alpha dT I): no force, no stress, even rotated by 90
 * degrees; held at u = 0, S = -(3 lambda_L + 2 mu_L) alpha dT in the normal components (3D; the
 * Cauchy stress equals S at F = I); the tangent by differences under a varying dT field */
static void test_thermal(sn_eltype t)
{
  const sn_eldesc *d = sn_element_desc(t);
  if (d->kind != SN_KIND_SOLID) return;
  int nd = d->nnodes * d->sdim;
  double Ey = 1000, nu = 0.3, alpha = 1e-3, dT[20], X[60], u[MAXD], f[MAXD], Fm[3][3], Sip[27 * 6], V0;
  sn_elprops p = {Ey, nu, 0, 0, 0, 0};
  for (int a = 0; a < d->nnodes; a++) dT[a] = 50;
  t_element(t, 0.0, 0.0, 3, X);
  CHECK_INT(sn_element_volume(t, X, &p, &V0), SN_OK);
  double s = sqrt(1 + 2 * alpha * 50);
  deform(d, X, s, s, 90, u, Fm);
  CHECK_INT(sn_element_nlgeom_mat(t, X, &p, NULL, alpha, dT, u, f, NULL), SN_OK);
  CHECK(maxabs(nd, f) <= 1e-10 * Ey * V0);
  CHECK_INT(sn_element_stress_nlgeom_mat(t, X, &p, NULL, alpha, dT, u, Sip, NULL, NULL, NULL), SN_OK);
  CHECK(maxabs(6 * d->nip, Sip) <= 1e-10 * Ey);
  memset(u, 0, sizeof u);
  CHECK_INT(sn_element_stress_nlgeom_mat(t, X, &p, NULL, alpha, dT, u, Sip, NULL, NULL, NULL), SN_OK);
  double lamL = Ey * nu / ((1 + nu) * (1 - 2 * nu)), muL = Ey / (2 * (1 + nu));
  for (int v = 0; v < 6; v++) CHECK_CLOSE(Sip[v], v < 3 ? -(3 * lamL + 2 * muL) * alpha * 50 : 0, 1e-12, 1e-12 * Ey);
  double K1[MAXD * MAXD];
  unsigned sd = 4;
  for (int i = 0; i < nd; i++) u[i] = 0.1 * t_rand(&sd);
  for (int a = 0; a < d->nnodes; a++) dT[a] = 50 + 10 * a;   /* a varying field */
  CHECK_INT(sn_element_nlgeom_mat(t, X, &p, NULL, alpha, dT, u, f, K1), SN_OK);
  double err = 0, km = maxabs(nd * nd, K1);
  for (int j = 0; j < nd; j++) {
    double up[MAXD], um[MAXD], fp[MAXD], fm[MAXD], h = 1e-6;
    memcpy(up, u, sizeof(double) * (size_t)nd), memcpy(um, u, sizeof(double) * (size_t)nd);
    up[j] += h, um[j] -= h;
    sn_element_nlgeom_mat(t, X, &p, NULL, alpha, dT, up, fp, NULL);
    sn_element_nlgeom_mat(t, X, &p, NULL, alpha, dT, um, fm, NULL);
    for (int i = 0; i < nd; i++) err = fmax(err, fabs((fp[i] - fm[i]) / (2 * h) - K1[i + nd * j]));
  }
  CHECK(err <= 1e-6 * km);
  CHECK_INT(sn_element_nlgeom_mat(t, X, &p, &NH, alpha, dT, u, f, NULL), SN_ERR_ARG);   /* not with neo-Hooke */
}

static void test_errors(void)
{
  double X[60], u[MAXD] = {0}, f[MAXD];
  sn_elprops p = {1000, 0.3, 0, 0, 0, 0};
  t_element(SN_EL_C3D8, 0, 0, 1, X);
  CHECK_INT(sn_element_nlgeom(SN_EL_T3D2, X, &p, u, f, NULL), SN_ERR_ARG);
  CHECK_INT(sn_element_nlgeom(SN_EL_C3D8, X, NULL, u, f, NULL), SN_ERR_ARG);
  p.nu = 0.5;
  CHECK_INT(sn_element_nlgeom(SN_EL_C3D8, X, &p, u, f, NULL), SN_ERR_ARG);
  p.nu = 0.3;
  u[4] = NAN;
  CHECK_INT(sn_element_nlgeom(SN_EL_C3D8, X, &p, u, f, NULL), SN_ERR_NAN);
  CHECK_INT(sn_element_stress_nlgeom(SN_EL_C3D8, X, &p, u, NULL, NULL, NULL, NULL), SN_ERR_NAN);
  /* neo-Hooke: not on plane stress, positive constants, an inverted point is SN_ERR_FORMAT */
  u[4] = 0;
  CHECK_INT(sn_element_nlgeom_mat(SN_EL_CPS4, X, &p, &NH, 0, NULL, u, f, NULL), SN_ERR_ARG);
  sn_neohooke bad = {200, 0};
  CHECK_INT(sn_element_nlgeom_mat(SN_EL_C3D8, X, &p, &bad, 0, NULL, u, f, NULL), SN_ERR_ARG);
  for (int a = 0; a < 8; a++) u[3 * a] = -2 * X[3 * a];   /* x -> -x: J = -1 */
  CHECK_INT(sn_element_nlgeom_mat(SN_EL_C3D8, X, &p, &NH, 0, NULL, u, f, NULL), SN_ERR_FORMAT);
  CHECK_INT(sn_element_nlgeom(SN_EL_C3D8, X, &p, u, f, NULL), SN_OK);   /* SVK is defined there */
}

int main(void)
{
  for (int k = 0; k < T_NCONT; k++) {
    sn_eltype t = t_continuum[k];
    test_small(t);
    test_tangent(t);
    test_stretch(t, 0);
    if (sn_element_desc(t)->kind != SN_KIND_AXISYM) test_stretch(t, 90);
    if (sn_element_desc(t)->kind != SN_KIND_PLANE_STRESS) test_neohooke(t);
    test_thermal(t);
  }
  test_errors();
  return sn_check_report();
}
