/* Trusses (T2D2, T3D2), axial springs (SPRINGA, sn_spring_axial) and the total Lagrangian
 * truss (sn_truss_nlgeom): stiffness against the closed form, rank and rigid modes, stress,
 * volume, gravity, degenerate input; large-displacement tangent by finite differences,
 * rigid rotations (zero force), uniaxial stretch against St Venant-Kirchhoff. */
#include "check.h"
#include "test_element_util.h"

static const double PI = 3.14159265358979323846;

static void test_linear(void)
{
  /* T2D2 at 30 degrees, L = 2: K = E A / L [n n^T, -n n^T; ...] */
  double c = cos(PI / 6), s = sin(PI / 6), L = 2;
  double X[6] = {1, 1, 0, 1 + L * c, 1 + L * s, 0}, K[36], Sip[6], Sn[12];
  sn_elprops p = {200, 0.3, 8, 0, 0.5, 0};
  CHECK_INT(sn_element_stiffness(SN_EL_T2D2, X, &p, K), SN_OK);
  double n[2] = {c, s}, k = 200 * 0.5 / L;
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 4; j++) {
      double sgn = (i < 2) == (j < 2) ? 1 : -1;
      CHECK_CLOSE(K[i + 4 * j], sgn * k * n[i % 2] * n[j % 2], 1e-14, 1e-14 * k);
    }
  CHECK_INT(t_rank(4, K, 1e-12), 1);
  double u[4] = {0.1, -0.2, 0.1 + 0.01 * c, -0.2 + 0.01 * s};   /* elongation 0.01 */
  CHECK_INT(sn_element_stress(SN_EL_T2D2, X, &p, u, Sip, Sn), SN_OK);
  CHECK_CLOSE(Sip[0], 200 * 0.01 / L, 1e-12, 0);
  CHECK_CLOSE(Sn[0], Sip[0], 1e-15, 0);
  CHECK_CLOSE(Sn[6], Sip[0], 1e-15, 0);
  CHECK(Sip[1] == 0 && Sn[7] == 0);
  double V, g[3] = {0, -10, 3}, fe[4] = {0};
  CHECK_INT(sn_element_volume(SN_EL_T2D2, X, &p, &V), SN_OK);
  CHECK_CLOSE(V, 0.5 * L, 1e-15, 0);
  CHECK_INT(sn_element_gravity_load(SN_EL_T2D2, X, &p, g, fe), SN_OK);
  CHECK_CLOSE(fe[1], 8 * 0.5 * L * -10 / 2, 1e-15, 0);
  CHECK_CLOSE(fe[3], fe[1], 1e-15, 0);
  CHECK(fe[0] == 0 && fe[2] == 0);
  /* area 0: default 1 */
  p.area = 0;
  CHECK_INT(sn_element_volume(SN_EL_T2D2, X, &p, &V), SN_OK);
  CHECK_CLOSE(V, L, 1e-15, 0);

  /* T3D2: symmetric, rank 1, six rigid modes in the null space */
  double X3[6] = {0.2, -0.1, 0.4, 1.3, 0.7, -0.5}, K3[144], ev[12];
  p.area = 0.25;
  CHECK_INT(sn_element_stiffness(SN_EL_T3D2, X3, &p, K3), SN_OK);
  CHECK_INT(t_rank(6, K3, 1e-12), 1);
  CHECK_INT(t_eig(6, K3, ev), 0);
  double L3 = sqrt(1.1 * 1.1 + 0.8 * 0.8 + 0.9 * 0.9);
  CHECK_CLOSE(ev[5], 2 * 200 * 0.25 / L3, 1e-13, 0);
  for (int m = 0; m < 6; m++) {
    double r[6], w[3] = {0, 0, 0}, res = 0;
    for (int a = 0; a < 2; a++) {
      const double *x = X3 + 3 * a;
      if (m < 3) {
        for (int j = 0; j < 3; j++) r[3 * a + j] = j == m;
      } else {
        w[m - 3] = 1;
        r[3 * a] = w[1] * x[2] - w[2] * x[1];
        r[3 * a + 1] = w[2] * x[0] - w[0] * x[2];
        r[3 * a + 2] = w[0] * x[1] - w[1] * x[0];
      }
    }
    for (int i = 0; i < 6; i++) {
      double t = 0;
      for (int j = 0; j < 6; j++) t += K3[i + 6 * j] * r[j];
      res = fmax(res, fabs(t));
    }
    CHECK(res <= 1e-13 * 200);
  }

  /* SPRINGA (3D, k from the properties) and sn_spring_axial (2D) */
  sn_elprops sp = {0, 0, 0, 0, 0, 50};
  double Ks[36], Sp[6], us[6] = {0, 0, 0, 0.01 * 1.1 / L3, 0.01 * 0.8 / L3, 0.01 * -0.9 / L3};
  CHECK_INT(sn_element_stiffness(SN_EL_SPRINGA, X3, &sp, Ks), SN_OK);
  CHECK_CLOSE(Ks[0], 50 * 1.1 * 1.1 / (L3 * L3), 1e-14, 0);
  CHECK_CLOSE(Ks[3 + 6 * 1], -50 * 1.1 * 0.8 / (L3 * L3), 1e-14, 0);
  CHECK_INT(sn_element_stress(SN_EL_SPRINGA, X3, &sp, us, Sp, NULL), SN_OK);
  CHECK_CLOSE(Sp[0], 50 * 0.01, 1e-13, 0);
  CHECK_INT(sn_element_volume(SN_EL_SPRINGA, X3, &sp, &V), SN_OK);
  CHECK(V == 0);
  double K2[16], el, dir[2], u2[4] = {0, 0, 0.03, 0.04};
  double X2[6] = {0, 0, 0, 3, 4, 0};
  CHECK_INT(sn_spring_axial(2, X2, u2, 10, K2, &el, dir), SN_OK);
  CHECK_CLOSE(el, (0.03 * 3 + 0.04 * 4) / 5, 1e-15, 0);
  CHECK_CLOSE(dir[0], 0.6, 1e-15, 0);
  CHECK_CLOSE(K2[1 + 4 * 1], 10 * 0.64, 1e-14, 0);
  CHECK_CLOSE(K2[3 + 4 * 1], -10 * 0.64, 1e-14, 0);
  CHECK_INT(sn_spring_axial(2, X2, NULL, 10, K2, NULL, NULL), SN_OK);
  CHECK_INT(sn_spring_axial(2, X2, NULL, 10, NULL, &el, NULL), SN_ERR_ARG);
  CHECK_INT(sn_spring_axial(4, X2, u2, 10, K2, NULL, NULL), SN_ERR_ARG);

  /* degenerate and bad input */
  double X0[6] = {1, 2, 3, 1, 2, 3};
  CHECK_INT(sn_element_stiffness(SN_EL_T3D2, X0, &p, K3), SN_ERR_FORMAT);
  CHECK_INT(sn_element_stiffness(SN_EL_T2D2, X0, &p, K), SN_ERR_FORMAT);
  CHECK_INT(sn_element_stiffness(SN_EL_SPRINGA, X0, &sp, Ks), SN_ERR_FORMAT);
  CHECK_INT(sn_element_volume(SN_EL_T3D2, X0, &p, &V), SN_ERR_FORMAT);
  CHECK_INT(sn_spring_axial(3, X0, NULL, 1, Ks, NULL, NULL), SN_ERR_FORMAT);
  CHECK_INT(sn_truss_nlgeom(3, X0, &p, us, NULL, NULL, NULL), SN_ERR_FORMAT);
  p.E = -1;
  CHECK_INT(sn_element_stiffness(SN_EL_T3D2, X3, &p, K3), SN_ERR_ARG);
  p.E = 200, p.area = -1;
  CHECK_INT(sn_element_stiffness(SN_EL_T3D2, X3, &p, K3), SN_ERR_ARG);
  CHECK_INT(sn_element_pressure_load(SN_EL_T3D2, X3, &p, 1, 1.0, fe), SN_ERR_ARG);
}

static void test_nlgeom(int sd)
{
  sn_elprops p = {1000, 0.3, 0, 0.2, 0.5, 0};
  double X[6] = {0.3, -0.2, sd == 3 ? 0.1 : 0, 1.5, 0.4, sd == 3 ? -0.6 : 0};
  int nd = 2 * sd;
  double L = 0, n[3];
  for (int j = 0; j < sd; j++) {
    n[j] = X[3 + j] - X[j];
    L += n[j] * n[j];
  }
  L = sqrt(L);
  for (int j = 0; j < sd; j++) n[j] /= L;
  /* at u = 0 the tangent is the linear stiffness */
  double u[6] = {0}, f[6], Kt[36], K[36], N;
  CHECK_INT(sn_truss_nlgeom(sd, X, &p, u, f, Kt, &N), SN_OK);
  CHECK_INT(sn_element_stiffness(sd == 3 ? SN_EL_T3D2 : SN_EL_T2D2, X, &p, K), SN_OK);
  for (int i = 0; i < nd * nd; i++) CHECK_CLOSE(Kt[i], K[i], 1e-13, 1e-13 * 500);
  CHECK(N == 0);
  /* tangent by central differences at a large displacement */
  unsigned s = 3;
  for (int i = 0; i < nd; i++) u[i] = 0.4 * t_rand(&s);
  CHECK_INT(sn_truss_nlgeom(sd, X, &p, u, f, Kt, &N), SN_OK);
  double kmax = 0, err = 0;
  for (int i = 0; i < nd * nd; i++) kmax = fmax(kmax, fabs(Kt[i]));
  for (int j = 0; j < nd; j++) {
    double up[6], um[6], fp[6], fm[6], h = 1e-6;
    memcpy(up, u, sizeof up), memcpy(um, u, sizeof um);
    up[j] += h, um[j] -= h;
    sn_truss_nlgeom(sd, X, &p, up, fp, NULL, NULL);
    sn_truss_nlgeom(sd, X, &p, um, fm, NULL, NULL);
    for (int i = 0; i < nd; i++) err = fmax(err, fabs((fp[i] - fm[i]) / (2 * h) - Kt[i + nd * j]));
  }
  CHECK(err <= 1e-7 * kmax);
  /* internal force = gradient of the strain energy W = A L E Eg^2 / 2 */
  for (int j = 0; j < nd; j++) {
    double up[6], um[6], W[2], h = 1e-6;
    memcpy(up, u, sizeof up), memcpy(um, u, sizeof um);
    up[j] += h, um[j] -= h;
    for (int k = 0; k < 2; k++) {
      const double *v = k ? um : up;
      double dd = 0;
      for (int c = 0; c < sd; c++) dd += pow(X[3 + c] + v[sd + c] - X[c] - v[c], 2);
      double Eg = (dd - L * L) / (2 * L * L);
      W[k] = p.area * L * p.E * Eg * Eg / 2;
    }
    CHECK_CLOSE(f[j], (W[0] - W[1]) / (2 * h), 1e-7, 1e-9);
  }
  /* equilibrium of the two nodes, force along the current axis */
  for (int j = 0; j < sd; j++) CHECK_CLOSE(f[j] + f[sd + j], 0, 0, 1e-12);
  /* rigid rotation (90 degrees / 1.1 rad about an oblique axis) plus translation: no force */
  double ang = sd == 2 ? PI / 2 : 1.1, ax[3] = {1 / sqrt(3.0), -1 / sqrt(3.0), 1 / sqrt(3.0)};
  double R[3][3];
  if (sd == 2) {
    double cr[3][3] = {{cos(ang), -sin(ang), 0}, {sin(ang), cos(ang), 0}, {0, 0, 1}};
    memcpy(R, cr, sizeof R);
  } else {   /* Rodrigues */
    double c = cos(ang), si = sin(ang);
    for (int i = 0; i < 3; i++)
      for (int j = 0; j < 3; j++) R[i][j] = c * (i == j) + (1 - c) * ax[i] * ax[j];
    R[0][1] -= si * ax[2], R[0][2] += si * ax[1], R[1][0] += si * ax[2];
    R[1][2] -= si * ax[0], R[2][0] -= si * ax[1], R[2][1] += si * ax[0];
  }
  for (int a = 0; a < 2; a++)
    for (int i = 0; i < sd; i++) {
      double y = 0.7 * (i + 1);
      for (int j = 0; j < sd; j++) y += R[i][j] * X[3 * a + j];
      u[sd * a + i] = y - X[3 * a + i];
    }
  CHECK_INT(sn_truss_nlgeom(sd, X, &p, u, f, Kt, &N), SN_OK);
  for (int i = 0; i < nd; i++) CHECK_CLOSE(f[i], 0, 0, 1e-12 * p.E * p.area);
  CHECK_CLOSE(N, 0, 0, 1e-12 * p.E * p.area);
  /* uniaxial stretch lambda = 1.5: N = E A lambda (lambda^2 - 1) / 2, f2 = N n */
  double lam = 1.5;
  for (int i = 0; i < nd; i++) u[i] = 0;
  for (int j = 0; j < sd; j++) u[sd + j] = (lam - 1) * L * n[j];
  CHECK_INT(sn_truss_nlgeom(sd, X, &p, u, f, NULL, &N), SN_OK);
  CHECK_CLOSE(N, p.E * p.area * lam * (lam * lam - 1) / 2, 1e-13, 0);
  for (int j = 0; j < sd; j++) CHECK_CLOSE(f[sd + j], N * n[j], 1e-13, 1e-15);
  /* compression to half length: negative force */
  for (int j = 0; j < sd; j++) u[sd + j] = -0.5 * L * n[j];
  CHECK_INT(sn_truss_nlgeom(sd, X, &p, u, NULL, NULL, &N), SN_OK);
  CHECK_CLOSE(N, p.E * p.area * 0.5 * (0.25 - 1) / 2, 1e-13, 0);
  CHECK_INT(sn_truss_nlgeom(1, X, &p, u, f, NULL, &N), SN_ERR_ARG);
  CHECK_INT(sn_truss_nlgeom(sd, X, NULL, u, f, NULL, &N), SN_ERR_ARG);
}

int main(void)
{
  test_linear();
  test_nlgeom(2);
  test_nlgeom(3);
  return sn_check_report();
}
