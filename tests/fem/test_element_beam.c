/* Convergence sanity test: plane-stress cantilever with an end shear load, meshes of CPS4
 * and CPS8 / CPS8R refined, against the elasticity solution of Timoshenko & Goodier
 * ("Theory of Elasticity", sec. 21, bending of a cantilever loaded at the end), which
 * includes the shear deformation.
 *
 * Beam 0 <= x <= L, -c <= y <= c, unit thickness, clamped at x = 0, shear force P downward at
 * x = L distributed parabolically: t_y = -P (c^2 - y^2) / (2 I), I = 2 c^3 / 3. Stresses
 * S11 = P (L - x) y / I, S22 = 0, S12 = -P (c^2 - y^2) / (2 I); displacements (plane stress,
 * G = E / (2 (1 + nu)), the wall's section kept vertical at the axis, du/dy(0, 0) = 0):
 *   u = P (L x - x^2 / 2) y / (E I) - nu P y^3 / (6 E I) + P y^3 / (6 I G)
 *   v = -nu P (L - x) y^2 / (2 E I) - P (L x^2 / 2 - x^3 / 6) / (E I) - P c^2 x / (2 I G)
 * so that the tip deflection is  v(L, 0) = -(P L^3 / (3 E I) + P c^2 L / (2 I G)), bending
 * plus shear (Timoshenko's shear term with the factor 2/3 of this end condition).
 * The exact displacements are imposed on every node of x = 0, the end traction is applied
 * as consistent nodal forces (3-point Gauss on each edge, exact). L / (2c) = 4: the shear
 * part is about 6% of the deflection, so agreement within 1% needs it. */
#include "check.h"
#include "test_element_util.h"

static const double E = 1000, NU = 0.3, P = 1, L = 4, C = 0.5;

static void exact(double x, double y, double *u, double *v)
{
  double I = 2 * C * C * C / 3, G = E / (2 * (1 + NU));
  *u = P * (L * x - x * x / 2) * y / (E * I) - NU * P * y * y * y / (6 * E * I) +
       P * y * y * y / (6 * I * G);
  *v = -NU * P * (L - x) * y * y / (2 * E * I) - P * (L * x * x / 2 - x * x * x / 6) / (E * I) -
       P * C * C * x / (2 * I * G);
}

/* tip deflection v(L, 0) of an nx x ny mesh of type t (CPS4 or an 8-node type) */
static double cantilever(sn_eltype t, int nx, int ny, double *smax_err)
{
  int quad = sn_element_desc(t)->nnodes == 8, npe = quad ? 8 : 4;
  int fx = quad ? 2 * nx + 1 : nx + 1, fy = quad ? 2 * ny + 1 : ny + 1, st = quad ? 2 : 1;
  int *map = malloc((size_t)fx * fy * sizeof(int)), nn = 0;
  double *X = malloc(3 * (size_t)fx * fy * sizeof(double));
  for (int j = 0; j < fy; j++)
    for (int i = 0; i < fx; i++) {
      int used = !(quad && i % 2 == 1 && j % 2 == 1);   /* no centre nodes */
      map[i + fx * j] = used ? nn : -1;
      if (used) {
        X[3 * nn] = L * i / (fx - 1);
        X[3 * nn + 1] = -C + 2 * C * j / (fy - 1);
        X[3 * nn + 2] = 0;
        nn++;
      }
    }
  int nd = 2 * nn, ne = nx * ny, *conn = malloc((size_t)ne * npe * sizeof(int));
  static const int cq[8][2] = {{0, 0}, {2, 0}, {2, 2}, {0, 2}, {1, 0}, {2, 1}, {1, 2}, {0, 1}};
  for (int ey = 0; ey < ny; ey++)
    for (int ex = 0; ex < nx; ex++)
      for (int a = 0; a < npe; a++) {
        int i = ex * st + (quad ? cq[a][0] : cq[a][0] / 2), j = ey * st + (quad ? cq[a][1] : cq[a][1] / 2);
        conn[(ex + nx * ey) * npe + a] = map[i + fx * j];
      }
  double *K = calloc((size_t)nd * nd, sizeof(double)), Ke[256];
  double *fg = calloc((size_t)nd, sizeof(double));
  sn_elprops p = {E, NU, 0, 1, 0, 0};
  for (int e = 0; e < ne; e++) {
    double Xe[24];
    const int *c = conn + e * npe;
    for (int a = 0; a < npe; a++) memcpy(Xe + 3 * a, X + 3 * c[a], 3 * sizeof(double));
    CHECK_INT(sn_element_stiffness(t, Xe, &p, Ke), SN_OK);
    for (int a = 0; a < npe; a++)
      for (int b = 0; b < npe; b++)
        for (int i = 0; i < 2; i++)
          for (int j = 0; j < 2; j++)
            K[(size_t)(2 * c[a] + i) + (size_t)nd * (2 * c[b] + j)] += Ke[(2 * a + i) + 2 * npe * (2 * b + j)];
  }
  /* end traction on the edges of x = L: consistent forces by 3-point Gauss */
  double I = 2 * C * C * C / 3;
  const double gp[3] = {-sqrt(0.6), 0, sqrt(0.6)}, gw[3] = {5.0 / 9, 8.0 / 9, 5.0 / 9};
  for (int ey = 0; ey < ny; ey++) {
    int i = fx - 1, j0 = ey * st;
    int nodes[3] = {map[i + fx * j0], map[i + fx * (j0 + st)], quad ? map[i + fx * (j0 + 1)] : -1};
    double y0 = X[3 * nodes[0] + 1], y1 = X[3 * nodes[1] + 1];
    for (int k = 0; k < 3; k++) {
      double s = gp[k], y = 0.5 * (y0 + y1) + 0.5 * (y1 - y0) * s, ty = -P * (C * C - y * y) / (2 * I);
      double N[3];
      if (quad) N[0] = 0.5 * s * (s - 1), N[1] = 0.5 * s * (s + 1), N[2] = 1 - s * s;
      else N[0] = 0.5 * (1 - s), N[1] = 0.5 * (1 + s), N[2] = 0;
      for (int a = 0; a < (quad ? 3 : 2); a++) fg[2 * nodes[a] + 1] += gw[k] * 0.5 * (y1 - y0) * N[a] * ty;
    }
  }
  /* prescribed exact displacements on x = 0, solve for the rest */
  double *u = calloc((size_t)nd, sizeof(double));
  int *fr = malloc((size_t)nd * sizeof(int)), nf = 0;
  for (int a = 0; a < nn; a++) {
    if (X[3 * a] == 0) exact(0, X[3 * a + 1], &u[2 * a], &u[2 * a + 1]);
    else fr[nf++] = 2 * a, fr[nf++] = 2 * a + 1;
  }
  double *A = malloc((size_t)nf * nf * sizeof(double)), *b = malloc((size_t)nf * sizeof(double));
  for (int i = 0; i < nf; i++) {
    double s = fg[fr[i]];
    for (int j = 0; j < nd; j++) s -= K[fr[i] + (size_t)nd * j] * u[j];
    b[i] = s;
    for (int j = 0; j < nf; j++) A[i + (size_t)nf * j] = K[fr[i] + (size_t)nd * fr[j]];
  }
  CHECK_INT(t_spd_solve(nf, A, b), 0);
  for (int i = 0; i < nf; i++) u[fr[i]] = b[i];
  double tip = u[2 * map[(fx - 1) + fx * ((fy - 1) / 2)] + 1];
  /* bending stress S11 at the integration points of the mid-span elements, against exact */
  double serr = 0;
  for (int e = 0; e < ne; e++) {
    double Xe[24], ue[16], S[6 * 9], Xip[3 * 9];
    const int *c = conn + e * npe;
    for (int a = 0; a < npe; a++) {
      memcpy(Xe + 3 * a, X + 3 * c[a], 3 * sizeof(double));
      ue[2 * a] = u[2 * c[a]], ue[2 * a + 1] = u[2 * c[a] + 1];
    }
    sn_element_stress(t, Xe, &p, ue, S, NULL);
    sn_element_ip_coords(t, Xe, Xip);
    for (int k = 0; k < sn_element_desc(t)->nip; k++)
      if (Xip[3 * k] > 0.25 * L && Xip[3 * k] < 0.75 * L)
        serr = fmax(serr, fabs(S[6 * k] - P * (L - Xip[3 * k]) * Xip[3 * k + 1] / I));
  }
  *smax_err = serr / (P * L * C / I);
  free(map), free(X), free(conn), free(K), free(fg), free(u), free(fr), free(A), free(b);
  return tip;
}

int main(void)
{
  double I = 2 * C * C * C / 3, G = E / (2 * (1 + NU));
  double bend = P * L * L * L / (3 * E * I), shear = P * C * C * L / (2 * I * G);
  double want = -(bend + shear), se;
  printf("exact tip deflection %.6f (bending %.6f, shear %.6f)\n", want, -bend, -shear);
  /* CPS4: full integration, too stiff in bending, converges monotonically */
  double prev = 1e300;
  const int m4[][2] = {{8, 2}, {16, 4}, {32, 8}};
  for (int k = 0; k < 3; k++) {
    double v = cantilever(SN_EL_CPS4, m4[k][0], m4[k][1], &se), err = fabs(v / want - 1);
    printf("CPS4  %2dx%-2d tip %.6f  error %.2e  S11 error %.2e\n", m4[k][0], m4[k][1], v, err, se);
    CHECK(err < prev && v / want < 1);   /* stiffer than exact, error decreasing */
    prev = err;
  }
  CHECK(prev < 0.01);
  /* 8-node elements: within 1% already on 4 x 1, better than 1e-3 on 8 x 2 */
  const sn_eltype q8[] = {SN_EL_CPS8, SN_EL_CPS8R};
  for (int it = 0; it < 2; it++) {
    prev = 1e300;
    const int m8[][2] = {{4, 1}, {8, 2}, {16, 4}};
    for (int k = 0; k < 3; k++) {
      double v = cantilever(q8[it], m8[k][0], m8[k][1], &se), err = fabs(v / want - 1);
      printf("%-5s %2dx%-2d tip %.6f  error %.2e  S11 error %.2e\n", sn_element_desc(q8[it])->name,
             m8[k][0], m8[k][1], v, err, se);
      CHECK(err < 0.01);
      if (k >= 1) CHECK(err < 1e-3 && se < 1e-3);
      CHECK(err <= prev * 1.0001 || err < 1e-6);
      prev = err;
    }
  }
  /* the bending-only value is off by the shear part: the test tells them apart */
  CHECK(fabs(-bend / want - 1) > 0.03);
  return sn_check_report();
}
