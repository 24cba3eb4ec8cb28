/* Element mass matrices (sn_element_mass): the consistent bar matrix rho A L / 6 [2 1; 1 2]
 * (Zienkiewicz-Taylor vol. 1, ch. 16; any textbook's two-node bar), the total mass
 * sum_ab M_ab = rho * volume per direction for every element family (volume from
 * sn_element_volume, an independent quadrature), the consistent 4-node rectangle against
 * its closed form rho t A / 36 [4 2 1 2; ...] (Cook, Malkus, Plesha, "Concepts and
 * Applications of FEA", 4th ed., sec. 11.3), HRZ lumping positive for quadratic elements,
 * SPRINGA massless, bad input refused. */
#include "check.h"
#include "signorini/fem.h"

#include <string.h>

static double total(int nd, int sdim, const double *M, int dir)
{
  double s = 0;
  for (int j = 0; j < nd; j++)
    for (int i = 0; i < nd; i++)
      if (i % sdim == dir && j % sdim == dir) s += M[(size_t)j * nd + i];
  return s;
}

static void test_bar(void)
{
  /* T3D2 along (1,2,2)/3, L = 3, A = 0.5, rho = 7.8 */
  double X[6] = {0, 0, 0, 1, 2, 2}, M[36];
  sn_elprops p = {200, 0.3, 7.8, 0, 0.5, 0};
  CHECK_INT(sn_element_mass(SN_EL_T3D2, X, &p, 0, M), SN_OK);
  double mt = 7.8 * 0.5 * 3;
  for (int d = 0; d < 3; d++) {
    CHECK_CLOSE(M[(0 + d) * 6 + 0 + d], mt / 3, 1e-14, 0);
    CHECK_CLOSE(M[(3 + d) * 6 + 0 + d], mt / 6, 1e-14, 0);
    CHECK_CLOSE(M[(0 + d) * 6 + 3 + d], mt / 6, 1e-14, 0);
    CHECK_CLOSE(M[(3 + d) * 6 + 3 + d], mt / 3, 1e-14, 0);
  }
  CHECK(M[1 * 6 + 0] == 0 && M[4 * 6 + 0] == 0);   /* no coupling between directions */
  CHECK_INT(sn_element_mass(SN_EL_T3D2, X, &p, 1, M), SN_OK);
  CHECK_CLOSE(M[0], mt / 2, 1e-14, 0);
  CHECK_CLOSE(M[5 * 6 + 5], mt / 2, 1e-14, 0);
  CHECK(M[3 * 6 + 0] == 0);
}

static void test_rectangle(void)
{
  /* CPS4 2 x 1, thickness 0.1, rho 3: M_ab = rho t A / 36 * [4 2 1 2; 2 4 2 1; 1 2 4 2; 2 1 2 4] */
  double X[12] = {0, 0, 0, 2, 0, 0, 2, 1, 0, 0, 1, 0}, M[64];
  sn_elprops p = {1, 0.2, 3, 0.1, 0, 0};
  static const double c[4][4] = {{4, 2, 1, 2}, {2, 4, 2, 1}, {1, 2, 4, 2}, {2, 1, 2, 4}};
  CHECK_INT(sn_element_mass(SN_EL_CPS4, X, &p, 0, M), SN_OK);
  double f = 3 * 0.1 * 2 / 36.0;
  for (int a = 0; a < 4; a++)
    for (int b = 0; b < 4; b++) CHECK_CLOSE(M[(2 * b + 1) * 8 + 2 * a + 1], f * c[a][b], 1e-13, 0);
  CHECK_INT(sn_element_mass(SN_EL_CPS4, X, &p, 1, M), SN_OK);
  for (int a = 0; a < 4; a++) CHECK_CLOSE(M[(2 * a) * 8 + 2 * a], 3 * 0.1 * 2 / 4.0, 1e-13, 0);
}

/* HRZ on the 8-node serendipity square (Hinton, Rock & Zienkiewicz 1976; Hughes, "The Finite
 * Element Method", sec. 7.3.2): corner masses 3/76 and midside masses 16/76 of the element's
 * mass (the row sum would give the corners -1/12). CPS8 2 x 2, thickness 0.5, rho 2: mass 4. */
static void test_hrz_quad8(void)
{
  double X[24] = {0, 0, 0, 2, 0, 0, 2, 2, 0, 0, 2, 0, 1, 0, 0, 2, 1, 0, 1, 2, 0, 0, 1, 0}, M[256];
  sn_elprops p = {1, 0.2, 2, 0.5, 0, 0};
  CHECK_INT(sn_element_mass(SN_EL_CPS8, X, &p, 1, M), SN_OK);
  for (int a = 0; a < 8; a++)
    for (int d = 0; d < 2; d++)
      CHECK_CLOSE(M[(2 * a + d) * 16 + 2 * a + d], 4.0 * (a < 4 ? 3.0 : 16.0) / 76.0, 1e-13, 0);
  CHECK(M[1 * 16 + 0] == 0 && M[2 * 16 + 0] == 0);   /* diagonal */
}

/* total mass = rho * volume, consistent and lumped, for a distorted element of each family;
 * lumped masses positive */
static void test_totals(void)
{
  static const struct { sn_eltype t; int nn, sd; } T[] = {
    {SN_EL_CPE3, 3, 2}, {SN_EL_CPE4, 4, 2}, {SN_EL_CPE6, 6, 2}, {SN_EL_CPE8, 8, 2}, {SN_EL_CPS8R, 8, 2},
    {SN_EL_CAX4, 4, 2}, {SN_EL_CAX8, 8, 2}, {SN_EL_C3D4, 4, 3}, {SN_EL_C3D8, 8, 3}, {SN_EL_C3D10, 10, 3},
    {SN_EL_C3D20, 20, 3}, {SN_EL_C3D20R, 20, 3}};
  /* corners of a mildly distorted unit square / cube; midside nodes at the middles */
  double sq[4][3] = {{1, 0, 0}, {2.1, 0.1, 0}, {2.2, 1.2, 0}, {0.9, 0.9, 0}};
  double tr[3][3] = {{1, 0, 0}, {2.1, 0.2, 0}, {1.3, 1.1, 0}};
  double cube[8][3] = {{0, 0, 0}, {1.1, 0, 0}, {1.2, 1, 0.1}, {0, 1, 0}, {0, 0.1, 1}, {1, 0, 1.2}, {1.1, 1.1, 1}, {0.1, 0.9, 1}};
  double tet[4][3] = {{0, 0, 0}, {1.2, 0, 0.1}, {0.1, 1, 0}, {0.2, 0.1, 0.9}};
  static const int qm[4][2] = {{0, 1}, {1, 2}, {2, 3}, {3, 0}}, tm[3][2] = {{0, 1}, {1, 2}, {2, 0}};
  static const int hm[12][2] = {{0, 1}, {1, 2}, {2, 3}, {3, 0}, {4, 5}, {5, 6}, {6, 7}, {7, 4}, {0, 4}, {1, 5}, {2, 6}, {3, 7}};
  static const int em[6][2] = {{0, 1}, {1, 2}, {2, 0}, {0, 3}, {1, 3}, {2, 3}};
  for (size_t k = 0; k < sizeof T / sizeof T[0]; k++) {
    double X[60] = {0}, M[3600];
    int nc = T[k].sd == 2 ? (T[k].nn == 3 || T[k].nn == 6 ? 3 : 4) : (T[k].nn == 4 || T[k].nn == 10 ? 4 : 8);
    const double (*C)[3] = T[k].sd == 2 ? (nc == 3 ? tr : sq) : (nc == 4 ? tet : cube);
    const int (*mid)[2] = T[k].sd == 2 ? (nc == 3 ? tm : qm) : (nc == 4 ? em : hm);
    for (int a = 0; a < nc; a++) memcpy(X + 3 * a, C[a], sizeof C[a]);
    for (int a = nc; a < T[k].nn; a++)
      for (int j = 0; j < 3; j++) X[3 * a + j] = 0.5 * (C[mid[a - nc][0]][j] + C[mid[a - nc][1]][j]);
    sn_elprops p = {100, 0.25, 2.5, 0.3, 0, 0};
    double V;
    CHECK_INT(sn_element_volume(T[k].t, X, &p, &V), SN_OK);
    int nd = T[k].nn * T[k].sd;
    for (int lumped = 0; lumped < 2; lumped++) {
      CHECK_INT(sn_element_mass(T[k].t, X, &p, lumped, M), SN_OK);
      for (int d = 0; d < T[k].sd; d++) CHECK_CLOSE(total(nd, T[k].sd, M, d), 2.5 * V, 1e-12, 0);
      if (lumped)
        for (int i = 0; i < nd; i++) CHECK(M[(size_t)i * nd + i] > 0);
    }
  }
}

static void test_bad(void)
{
  double X[6] = {0, 0, 0, 1, 0, 0}, M[36];
  sn_elprops p = {1, 0.3, 1, 0, 1, 0};
  CHECK_INT(sn_element_mass(SN_EL_SPRINGA, X, &p, 0, M), SN_OK);
  CHECK(M[0] == 0 && M[35] == 0);
  p.density = -1;
  CHECK_INT(sn_element_mass(SN_EL_T3D2, X, &p, 0, M), SN_ERR_ARG);
  p.density = 1;
  CHECK_INT(sn_element_mass(SN_EL_NONE, X, &p, 0, M), SN_ERR_ARG);
  X[3] = 0;   /* zero length */
  CHECK_INT(sn_element_mass(SN_EL_T3D2, X, &p, 0, M), SN_ERR_FORMAT);
}

int main(void)
{
  test_bar();
  test_rectangle();
  test_hrz_quad8();
  test_totals();
  test_bad();
  return sn_check_report();
}
