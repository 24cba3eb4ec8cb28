/* J2 plasticity with isotropic hardening (src/fem/plastic_j2.c, element_solid_plastic.c):
 * - the return mapping at one point (Simo-Hughes, Computational Inelasticity, Box 3.2): the
 *   returned stress lies on the yield surface of the updated hardening, q(sigma) = sy(a + dp),
 *   also across several segments of a piecewise-linear table; the plastic strain increment is
 *   deviatoric and along s (normality, (3/2) s / q); its size is dp (|dep|_eq = dp); an
 *   elastic trial state returns C eps and the elastic tangent;
 * - the algorithmic tangent against central differences of sigma(eps) (relative 1e-6);
 * - every continuum element that takes *PLASTIC (not plane stress), small strain and NLGEOM:
 *   with zero history and a small displacement the force and tangent are the elastic ones
 *   (the linear element; the St Venant-Kirchhoff element under NLGEOM), and in the plastic
 *   regime (a committed history with plastic strain, random large displacements) the tangent
 *   equals the central-difference derivative of the internal force (relative 1e-6);
 * - plane stress and a bad table are refused (SN_ERR_ARG). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "test_element_util.h"

#define MAXD 60

static const double E = 1000, NU = 0.3;

static double maxabs(int n, const double *v)
{
  double m = 0;
  for (int i = 0; i < n; i++) m = fmax(m, fabs(v[i]));
  return m;
}

static double mises(const double s[6])
{
  double p = (s[0] + s[1] + s[2]) / 3, a = 0;
  for (int v = 0; v < 3; v++) a += (s[v] - p) * (s[v] - p);
  for (int v = 3; v < 6; v++) a += 2 * s[v] * s[v];
  return sqrt(1.5 * a);
}

/* three segments, then perfectly plastic */
static sn_j2 table3(void)
{
  sn_j2 h = {0};
  h.n = 4;
  double sy[4] = {10, 12, 13, 13.5}, ep[4] = {0, 0.002, 0.01, 0.05};
  memcpy(h.sy, sy, sizeof sy);
  memcpy(h.ep, ep, sizeof ep);
  return h;
}

static void test_point(void)
{
  sn_j2 h = table3();
  double hold[SN_J2_NHIST] = {0.001, -0.0004, -0.0006, 0.0002, 0, -0.0001, 0.0015};
  /* trial strains of growing size: elastic, one segment, several, beyond the table */
  for (int k = 0; k < 5; k++) {
    double sc = k == 0 ? 0.0005 : 0.02 * k * k;
    double eps[6] = {sc, -0.3 * sc, 0.1 * sc, 0.7 * sc, -0.2 * sc, 0.4 * sc}, sig[6], hn[SN_J2_NHIST], D[6][6];
    for (int v = 0; v < 6; v++) eps[v] += hold[v];
    CHECK_INT(sn_j2_return(&h, E, NU, eps, hold, sig, hn, D), SN_OK);
    double dp = hn[6] - hold[6], sy, H;
    sn_j2_yield(&h, hn[6], &sy, &H);
    if (k == 0) {
      CHECK(dp == 0);
      CHECK(mises(sig) < 10);
    } else {
      CHECK(dp > 0);
      CHECK_CLOSE(mises(sig), sy, 1e-12, 0);
      /* dep = dp (3/2) s / q: deviatoric, along s, equivalent size dp */
      double de[6], tr = 0, q = mises(sig), p = (sig[0] + sig[1] + sig[2]) / 3, eq = 0;
      for (int v = 0; v < 6; v++) de[v] = hn[v] - hold[v];
      for (int v = 0; v < 3; v++) tr += de[v];
      CHECK(fabs(tr) <= 1e-15);
      for (int v = 0; v < 6; v++) {
        double want = dp * 1.5 * (sig[v] - (v < 3 ? p : 0)) / q * (v < 3 ? 1 : 2);
        CHECK_CLOSE(de[v], want, 1e-10, 1e-16);
      }
      for (int v = 0; v < 6; v++) eq += v < 3 ? de[v] * de[v] : 0.5 * de[v] * de[v];
      CHECK_CLOSE(sqrt(2.0 / 3.0 * eq), dp, 1e-10, 0);
    }
    /* the algorithmic tangent by central differences (away from the table's kinks: the
     * perturbation 1e-8 does not move a + dp across a point for these strains) */
    double err = 0, dm = 0, hs = 1e-8;
    for (int w = 0; w < 6; w++) {
      double ep[6], em[6], sp[6], sm[6], t[SN_J2_NHIST];
      memcpy(ep, eps, sizeof ep), memcpy(em, eps, sizeof em);
      ep[w] += hs, em[w] -= hs;
      CHECK_INT(sn_j2_return(&h, E, NU, ep, hold, sp, t, NULL), SN_OK);
      CHECK_INT(sn_j2_return(&h, E, NU, em, hold, sm, t, NULL), SN_OK);
      for (int v = 0; v < 6; v++) {
        err = fmax(err, fabs((sp[v] - sm[v]) / (2 * hs) - D[v][w]));
        dm = fmax(dm, fabs(D[v][w]));
      }
    }
    if (!(err <= 1e-6 * dm)) fprintf(stderr, "point %d: tangent error %g of %g\n", k, err, dm);
    CHECK(err <= 1e-6 * dm);
  }
}

/* elastic: force and tangent of the elastic element */
static void test_elastic(sn_eltype t, int nlgeom)
{
  const sn_eldesc *d = sn_element_desc(t);
  int nd = d->nnodes * d->sdim;
  double X[60], u[MAXD], f[MAXD], Kt[MAXD * MAXD], fr[MAXD], Kr[MAXD * MAXD], hold[27 * SN_J2_NHIST] = {0};
  double hn[27 * SN_J2_NHIST];
  sn_elprops p = {E, NU, 0, 0.5, 0, 0};
  sn_j2 h = table3();
  t_element(t, 0.1, 0.05, 7, X);
  unsigned s = 3;
  for (int i = 0; i < nd; i++) u[i] = 1e-4 * t_rand(&s);
  CHECK_INT(sn_element_plastic(t, X, &p, &h, nlgeom, u, hold, hn, f, Kt), SN_OK);
  CHECK_INT(sn_element_stiffness(t, X, &p, Kr), SN_OK);
  for (int i = 0; i < nd; i++) {
    fr[i] = 0;
    for (int j = 0; j < nd; j++) fr[i] += Kr[i + nd * j] * u[j];
  }
  double km = maxabs(nd * nd, Kr), fm = maxabs(nd, fr), ek = 0, ef = 0;
  for (int i = 0; i < nd * nd; i++) ek = fmax(ek, fabs(Kt[i] - Kr[i]));
  for (int i = 0; i < nd; i++) ef = fmax(ef, fabs(f[i] - fr[i]));
  if (!(ek <= (nlgeom ? 1e-3 : 1e-12) * km && ef <= (nlgeom ? 1e-3 : 1e-10) * fm)) fprintf(stderr, "%s nlgeom %d: K %g of %g, f %g of %g\n", d->name, nlgeom, ek, km, ef, fm);
  /* small strain: the linear element to rounding (K u against int B^T sigma: cancellation in
   * K u); finite strain at strains of 1e-4: the linear element to O(strain) (Simo's elastic law
   * and the initial-stress term) and the tangent by differences (1e-7: its own central
   * differences) */
  CHECK(ek <= (nlgeom ? 1e-3 : 1e-12) * km);
  CHECK(ef <= (nlgeom ? 1e-3 : 1e-10) * fm);
  for (int k = 0; k < d->nip; k++) CHECK(hn[k * SN_J2_NHIST + 6] == 0);
}

/* plastic: the tangent against central differences of the internal force */
static void test_tangent(sn_eltype t, int nlgeom)
{
  const sn_eldesc *d = sn_element_desc(t);
  int nd = d->nnodes * d->sdim;
  double X[60], u[MAXD], f[MAXD], Kt[MAXD * MAXD], hold[27 * SN_J2_NHIST], hn[27 * SN_J2_NHIST];
  sn_elprops p = {E, NU, 0, 0.5, 0, 0};
  sn_j2 h = table3();
  t_element(t, 0.1, 0.05, 11, X);
  unsigned s = 5;
  for (int i = 0; i < nd; i++) u[i] = 0.05 * t_rand(&s);
  for (int k = 0; k < d->nip; k++) {
    double h0[SN_J2_NHIST] = {0.002, -0.001, -0.001, 0.001, 0, 0, 0.003};
    if (d->sdim == 2) h0[4] = h0[5] = 0;
    memcpy(hold + SN_J2_NHIST * k, h0, sizeof h0);
  }
  CHECK_INT(sn_element_plastic(t, X, &p, &h, nlgeom, u, hold, hn, f, Kt), SN_OK);
  int plastic = 0;
  for (int k = 0; k < d->nip; k++) plastic += hn[k * SN_J2_NHIST + 6] > hold[k * SN_J2_NHIST + 6];
  CHECK(plastic > 0);
  double km = maxabs(nd * nd, Kt), err = 0, hs = 1e-7;
  for (int j = 0; j < nd; j++) {
    double up[MAXD], um[MAXD], fp[MAXD], fm[MAXD];
    memcpy(up, u, sizeof(double) * (size_t)nd), memcpy(um, u, sizeof(double) * (size_t)nd);
    up[j] += hs, um[j] -= hs;
    CHECK_INT(sn_element_plastic(t, X, &p, &h, nlgeom, up, hold, NULL, fp, NULL), SN_OK);
    CHECK_INT(sn_element_plastic(t, X, &p, &h, nlgeom, um, hold, NULL, fm, NULL), SN_OK);
    for (int i = 0; i < nd; i++) err = fmax(err, fabs((fp[i] - fm[i]) / (2 * hs) - Kt[i + nd * j]));
  }
  if (!(err <= 1e-6 * km)) fprintf(stderr, "%s nlgeom %d: tangent error %g of %g\n", d->name, nlgeom, err, km);
  CHECK(err <= 1e-6 * km);
}

static void test_errors(void)
{
  double X[60], u[MAXD] = {0}, f[MAXD], hold[27 * SN_J2_NHIST] = {0};
  sn_elprops p = {E, NU, 0, 0.5, 0, 0};
  sn_j2 h = table3();
  t_element(SN_EL_CPS4, 0, 0, 1, X);
  CHECK_INT(sn_element_plastic(SN_EL_CPS4, X, &p, &h, 0, u, hold, NULL, f, NULL), SN_ERR_ARG);
  t_element(SN_EL_C3D8, 0, 0, 1, X);
  h.ep[2] = h.ep[1];                                   /* not increasing */
  CHECK_INT(sn_element_plastic(SN_EL_C3D8, X, &p, &h, 0, u, hold, NULL, f, NULL), SN_ERR_ARG);
  h = table3();
  h.sy[2] = 5;                                         /* softening */
  CHECK_INT(sn_element_plastic(SN_EL_C3D8, X, &p, &h, 0, u, hold, NULL, f, NULL), SN_ERR_ARG);
}

int main(void)
{
  test_point();
  for (int k = 0; k < T_NCONT; k++) {
    sn_eltype t = t_continuum[k];
    if (sn_element_desc(t)->kind == SN_KIND_PLANE_STRESS) continue;
    if (t == SN_EL_C3D8I) {   /* refused: the plastic element has no incompatible modes */
      double X[60], u[MAXD] = {0}, f[MAXD], hold[27 * SN_J2_NHIST] = {0};
      sn_elprops p = {E, NU, 0, 0.5, 0, 0};
      sn_j2 h = table3();
      t_element(t, 0, 0, 1, X);
      CHECK_INT(sn_element_plastic(t, X, &p, &h, 0, u, hold, NULL, f, NULL), SN_ERR_ARG);
      continue;
    }
    for (int nl = 0; nl < 2; nl++) {
      test_elastic(t, nl);
      test_tangent(t, nl);
    }
  }
  test_errors();
  return sn_check_report();
}
