/* Axisymmetric validation: thick-walled cylinder under internal pressure (Lame), plane strain
 * along the axis (u_z = 0 everywhere), meshed with one row of CAX4 / CAX8 / CAX8R elements
 * in a <= r <= b. Checks together the per-radian stiffness, the hoop strain, the pressure
 * load on face S4 (the inner edge 4-1, r = a) and the stress extrapolation, against
 *   S_rr = p a^2 / (b^2 - a^2) (1 - b^2 / r^2),  S_hoop = p a^2 / (b^2 - a^2) (1 + b^2 / r^2),
 *   S_zz = nu (S_rr + S_hoop),  u_r = r (S_hoop - nu (S_rr + S_zz)) / E
 * (Timoshenko & Goodier, "Theory of Elasticity", sec. 28). */
#include "check.h"
#include "test_element_util.h"

static const double E = 200, NU = 0.3, A = 1, B = 2, H = 0.25, PR = 1;

static void lame(double r, double *ur, double *S)
{
  double k = PR * A * A / (B * B - A * A);
  S[0] = k * (1 - B * B / (r * r));   /* rr */
  S[1] = 0;                            /* zz is component 2 here: 22 = axial */
  S[2] = k * (1 + B * B / (r * r));   /* hoop (33) */
  S[1] = NU * (S[0] + S[2]);
  *ur = r * (S[2] - NU * (S[0] + S[1])) / E;
}

/* nr elements along r; returns the max relative errors of u_r (nodes) and of the nodal
 * stresses rr, zz, hoop (extrapolated, all nodes) */
static void cylinder(sn_eltype t, int nr, double *eu, double *es)
{
  int quad = sn_element_desc(t)->nnodes == 8, npe = quad ? 8 : 4;
  int fx = quad ? 2 * nr + 1 : nr + 1, fy = quad ? 3 : 2, st = quad ? 2 : 1;
  int map[2 * 64 + 1][3], nn = 0;
  double X[3 * 200];
  for (int j = 0; j < fy; j++)
    for (int i = 0; i < fx; i++) {
      map[i][j] = -1;
      if (quad && i % 2 == 1 && j == 1) continue;
      map[i][j] = nn;
      X[3 * nn] = A + (B - A) * i / (fx - 1);
      X[3 * nn + 1] = H * j / (fy - 1);
      X[3 * nn + 2] = 0;
      nn++;
    }
  static const int cq[8][2] = {{0, 0}, {2, 0}, {2, 2}, {0, 2}, {1, 0}, {2, 1}, {1, 2}, {0, 1}};
  int conn[64][8];
  for (int e = 0; e < nr; e++)
    for (int a = 0; a < npe; a++)
      conn[e][a] = map[e * st + (quad ? cq[a][0] : cq[a][0] / 2)][quad ? cq[a][1] : cq[a][1] / 2];
  int nd = 2 * nn;
  double *K = calloc((size_t)nd * nd, sizeof(double)), *f = calloc((size_t)nd, sizeof(double));
  sn_elprops p = {E, NU, 0, 0, 0, 0};
  for (int e = 0; e < nr; e++) {
    double Xe[24], Ke[256], fe[16] = {0};
    for (int a = 0; a < npe; a++) memcpy(Xe + 3 * a, X + 3 * conn[e][a], 3 * sizeof(double));
    CHECK_INT(sn_element_stiffness(t, Xe, &p, Ke), SN_OK);
    if (e == 0) CHECK_INT(sn_element_pressure_load(t, Xe, &p, 4, PR, fe), SN_OK);
    for (int a = 0; a < npe; a++) {
      for (int i = 0; i < 2; i++) f[2 * conn[e][a] + i] += fe[2 * a + i];
      for (int b = 0; b < npe; b++)
        for (int i = 0; i < 2; i++)
          for (int j = 0; j < 2; j++)
            K[(size_t)(2 * conn[e][a] + i) + (size_t)nd * (2 * conn[e][b] + j)] += Ke[(2 * a + i) + 2 * npe * (2 * b + j)];
    }
  }
  /* u_z = 0 everywhere: solve for the radial dofs */
  int n = nn;
  double *Kr = malloc((size_t)n * n * sizeof(double)), *u = malloc((size_t)n * sizeof(double));
  for (int a = 0; a < n; a++) {
    u[a] = f[2 * a];
    for (int b = 0; b < n; b++) Kr[a + (size_t)n * b] = K[(size_t)(2 * a) + (size_t)nd * (2 * b)];
  }
  CHECK_INT(t_spd_solve(n, Kr, u), 0);
  double umax = 0, uerr = 0, smax = 0, serr = 0, S[6];
  for (int a = 0; a < nn; a++) {
    double ur;
    lame(X[3 * a], &ur, S);
    umax = fmax(umax, fabs(ur));
    uerr = fmax(uerr, fabs(u[a] - ur));
  }
  for (int e = 0; e < nr; e++) {
    double Xe[24], ue[16], Sn[48];
    for (int a = 0; a < npe; a++) {
      memcpy(Xe + 3 * a, X + 3 * conn[e][a], 3 * sizeof(double));
      ue[2 * a] = u[conn[e][a]], ue[2 * a + 1] = 0;
    }
    CHECK_INT(sn_element_stress(t, Xe, &p, ue, NULL, Sn), SN_OK);
    for (int a = 0; a < npe; a++) {
      double ur;
      lame(Xe[3 * a], &ur, S);
      for (int i = 0; i < 3; i++) {
        smax = fmax(smax, fabs(S[i]));
        serr = fmax(serr, fabs(Sn[6 * a + i] - S[i]));
      }
      CHECK_CLOSE(Sn[6 * a + 3], 0, 0, 1e-12);   /* no shear */
    }
  }
  *eu = uerr / umax;
  *es = serr / smax;
  free(K), free(f), free(Kr), free(u);
}

int main(void)
{
  static const struct { sn_eltype t; int nr; double tol_u, tol_s; } cases[] = {
    {SN_EL_CAX4, 8, 1e-2, 0.2}, {SN_EL_CAX4, 32, 1e-3, 0.05},
    {SN_EL_CAX8, 4, 1e-3, 0.05}, {SN_EL_CAX8, 16, 1e-5, 5e-3},
    {SN_EL_CAX8R, 4, 1e-3, 0.05}, {SN_EL_CAX8R, 16, 1e-5, 5e-3}};
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    double eu, es;
    cylinder(cases[i].t, cases[i].nr, &eu, &es);
    printf("%-5s %2d elements: u_r error %.2e, nodal stress error %.2e\n",
           sn_element_desc(cases[i].t)->name, cases[i].nr, eu, es);
    CHECK(eu < cases[i].tol_u);
    CHECK(es < cases[i].tol_s);
  }
  return sn_check_report();
}
