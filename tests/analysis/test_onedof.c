/* The seed's one-dof contact methods through the library API (seed 000, sections 1 and 3.1-3.3).
 * Reference numbers: the seed's printed tables (tests/data/seed000/), and closed-form solutions. */
#include "check.h"
#include "signorini/onedof.h"

#include <math.h>

/* seed 3.1 table: iter, displacement increment, gap, multiplier */
static const double al_rows[10][3] = {
    {0.000000000, -1.0000000e-01, 0.000000000}, {0.090909091, -9.0909091e-03, -9.090909091},
    {0.099173554, -8.2644628e-04, -9.917355372}, {0.099924869, -7.5131480e-05, -9.992486852},
    {0.099993170, -6.8301346e-06, -9.999316987}, {0.099999379, -6.2092132e-07, -9.999937908},
    {0.099999944, -5.6447393e-08, -9.999994355}, {0.099999995, -5.1315812e-09, -9.999999487},
    {0.100000000, -4.6650737e-10, -9.999999953}, {0.100000000, -4.2409770e-11, -9.999999996}};

/* seed 3.2 table: displacement and multiplier for barrier 0.3^(k-1), k = 1..20 */
static const double ip_rows[20][2] = {
    {-0.038196601, 16.180339887}, {-0.075838015, 12.416198487}, {-0.091690481, 10.830951895},
    {-0.097369211, 10.263078947}, {-0.099196457, 10.080354318}, {-0.099757588, 10.024241236},
    {-0.099927153, 10.007284693}, {-0.099978135, 10.002186522}, {-0.099993439, 10.000656057},
    {-0.099998032, 10.000196826}, {-0.099999410, 10.000059049}, {-0.099999823, 10.000017715},
    {-0.099999947, 10.000005314}, {-0.099999984, 10.000001594}, {-0.099999995, 10.000000478},
    {-0.099999999, 10.000000143}, {-0.100000000, 10.000000043}, {-0.100000000, 10.000000013},
    {-0.100000000, 10.000000004}, {-0.100000000, 10.000000001}};

/* seed 3.3 table: outer rows (displacement, gap, multiplier) and the Newton steps printed */
static const double nl_rows[10][3] = {
    {-0.196152423, -9.6152423e-02, 0.000000000}, {-0.109089827, -9.0898272e-03, -9.089827219},
    {-0.100826506, -8.2650562e-04, -9.916332840}, {-0.100075151, -7.5150597e-05, -9.991483437},
    {-0.100006833, -6.8331151e-06, -9.998316552}, {-0.100000621, -6.2130523e-07, -9.998937857},
    {-0.100000056, -5.6492560e-08, -9.998994350}, {-0.100000005, -5.1366210e-09, -9.998999486},
    {-0.100000000, -4.6705044e-10, -9.998999953}, {-0.100000000, -4.2466849e-11, -9.998999996}};
static const int nl_inner_count[10] = {0, 2, 2, 2, 2, 1, 1, 1, 1, 1};
static const double nl_first_step[10] = {0, 0.0870619064302, 0.0082633153912, 0.000751354971978,
                                         6.83174816365e-05, 6.21180988284e-06, 5.64812673181e-07,
                                         5.13559388072e-08, 4.66957053199e-09, 4.24583585173e-10};

/* |a - b| within one unit of the 9th decimal (the seed's %.9f) */
#define CHECK_F9(a, b) CHECK_CLOSE(a, b, 0, 1.0000001e-9)
/* within one unit of the 8th significant digit (the seed's %.7e), 1e-4 relative if residual-size */
#define CHECK_E7(a, b) CHECK_CLOSE(a, b, fabs(b) < 1e-8 ? 1e-4 : 1.0000001e-7, 0)
/* within one unit of the 12th significant digit (the seed's Python 2 str()) */
static double unit12(double v) { return 1.0000001 * pow(10.0, floor(log10(fabs(v))) - 11); }
#define CHECK_G12(a, b) CHECK_CLOSE(a, b, 0, unit12(b))

static sn_1dof_row rows[256];

static void test_direct(void)
{
  sn_1dof P;
  sn_1dof_seed(&P);
  sn_1dof_result r;
  /* penalty: (K + eps) x = F - eps g0 -> x = -120/1100; equal to the seed's AL iteration 1 */
  CHECK_INT(sn_1dof_penalty(&P, &r), SN_OK);
  CHECK_CLOSE(r.x, -120.0 / 1100.0, 1e-15, 0);
  CHECK_CLOSE(r.x - P.F / P.K, al_rows[1][0], 0, 1e-9);
  CHECK_CLOSE(r.gap, al_rows[1][1], 1e-7, 0);
  CHECK_CLOSE(r.lambda, al_rows[1][2], 0, 1e-9);
  CHECK_CLOSE(r.pressure, 100.0 / 11.0, 1e-14, 0);
  /* the penalty error shrinks like 1/eps: eps = 1e6 leaves a gap of -g_free K/(K+eps) */
  P.eps = 1e6;
  CHECK_INT(sn_1dof_penalty(&P, &r), SN_OK);
  CHECK_CLOSE(r.gap, -0.1 * 100.0 / (100.0 + 1e6), 1e-10, 0);
  /* Lagrange multipliers: exact closure x = -g0, multiplier F - K x = -10 */
  sn_1dof_seed(&P);
  CHECK_INT(sn_1dof_lagrange(&P, &r), SN_OK);
  CHECK_CLOSE(r.x, -0.1, 1e-15, 0);
  CHECK_CLOSE(r.gap, 0.0, 0, 1e-16);
  CHECK_CLOSE(r.lambda, -10.0, 1e-14, 0);
  CHECK_CLOSE(r.pressure, 10.0, 1e-14, 0);
  /* no contact: a small force leaves the gap open, zero force */
  P.F = -5.0;
  CHECK_INT(sn_1dof_lagrange(&P, &r), SN_OK);
  CHECK_CLOSE(r.x, -0.05, 1e-15, 0);
  CHECK_CLOSE(r.pressure, 0.0, 0, 0);
  CHECK_INT(sn_1dof_penalty(&P, &r), SN_OK);
  CHECK_CLOSE(r.gap, 0.05, 1e-14, 0);
  /* invalid data is refused */
  P.K = -1.0;
  CHECK_INT(sn_1dof_lagrange(&P, &r), SN_ERR_ARG);
  P.K = NAN;
  CHECK_INT(sn_1dof_penalty(&P, &r), SN_ERR_ARG);
  CHECK_INT(sn_1dof_penalty(NULL, &r), SN_ERR_ARG);
}

static void test_al(void)
{
  sn_1dof P;
  sn_1dof_seed(&P);
  sn_settings s;
  sn_settings_default(&s);
  s.tol = 1e-10;
  sn_1dof_trace tr = {rows, 256, 0};
  sn_1dof_result r;
  double hist[32];
  sn_info info = {.history = hist, .history_cap = 32};
  CHECK_INT(sn_1dof_al(&P, &s, &tr, &r, &info), SN_OK);
  CHECK_INT(tr.n, 10);
  CHECK_INT(info.iterations, 9);
  CHECK_INT(info.history_len, 9);
  for (int k = 0; k < 10 && k < tr.n; k++) {
    CHECK_INT(rows[k].iter, k);
    CHECK_F9(rows[k].v[0], al_rows[k][0]);
    CHECK_E7(rows[k].v[1], al_rows[k][1]);
    CHECK_F9(rows[k].v[2], al_rows[k][2]);
  }
  CHECK_G12(r.x, -0.100000000042);           /* "Displacement=" */
  CHECK_CLOSE(r.gap, -4.24097701401e-11, 1e-4, 0);       /* "Final gap=" */
  CHECK_G12(r.force, -9.99999999576);        /* "Contact force=" */
  /* the iteration cap is honoured and reported */
  s.max_iter = 3;
  CHECK_INT(sn_1dof_al(&P, &s, NULL, &r, &info), SN_MAX_ITER);
  CHECK_INT(info.iterations, 3);
  CHECK_INT(info.status, SN_MAX_ITER);
}

static void test_ip(void)
{
  sn_1dof P;
  sn_1dof_seed(&P);
  sn_settings s;
  sn_settings_default(&s);
  s.tol = 1e-10;
  sn_1dof_trace tr = {rows, 256, 0};
  sn_1dof_result r;
  sn_info info = {0};
  CHECK_INT(sn_1dof_ip(&P, &s, &tr, &r, &info), SN_OK);
  CHECK_INT(tr.n, 20);
  double mu = 1.0;
  for (int k = 0; k < 20 && k < tr.n; k++) {
    CHECK_INT(rows[k].iter, k + 1);
    CHECK_F9(rows[k].v[0], ip_rows[k][0]);
    CHECK_F9(rows[k].v[1], ip_rows[k][1]);
    CHECK_CLOSE(rows[k].v[2], mu, 1e-15, 0);
    /* each row solves the barrier problem (K x - F)(g0 + x) = mu to the Newton tolerance 1e-10,
     * residual recomputed here */
    CHECK_CLOSE((100.0 * rows[k].v[0] + 20.0) * (0.1 + rows[k].v[0]), mu, 0, 1e-10);
    mu *= 0.3;
  }
  /* row 1 in closed form: gap (sqrt(5) - 1)/20, multiplier 10 (1 + sqrt 5)/2 */
  CHECK_CLOSE(rows[0].v[1], 5.0 * (1.0 + sqrt(5.0)), 1e-13, 0);
  CHECK_G12(r.x, -0.0999999999884);
  CHECK_CLOSE(r.gap, 1.16226195335e-11, 1e-4, 0);
  CHECK_G12(r.force, 10.0000000012);
  P.mu_factor = 1.5;   /* a barrier that grows never ends: refused */
  CHECK_INT(sn_1dof_ip(&P, &s, &tr, &r, &info), SN_ERR_ARG);
}

static void test_nonlinear(void)
{
  sn_1dof P;
  sn_1dof_seed(&P);
  P.c = -0.1;
  sn_settings s;
  sn_settings_default(&s);
  s.tol = 1e-10;
  sn_1dof_trace tr = {rows, 256, 0};
  sn_1dof_result r;
  sn_info info = {0};
  CHECK_INT(sn_1dof_al_nonlinear(&P, &s, &tr, &r, &info), SN_OK);
  CHECK_INT(tr.n, 10 + 13);
  int k = -1, inner = 0;   /* Newton lines belong to the outer iteration printed after them */
  for (int i = 0; i < tr.n && i < 256; i++) {
    if (rows[i].type == SN_ROW_ITER) {
      k = rows[i].iter;
      CHECK_INT(inner, nl_inner_count[k]);
      inner = 0;
      CHECK_F9(rows[i].v[0], nl_rows[k][0]);
      CHECK_E7(rows[i].v[1], nl_rows[k][1]);
      CHECK_F9(rows[i].v[2], nl_rows[k][2]);
    } else {
      CHECK_INT(rows[i].type, SN_ROW_INNER);
      CHECK_INT(rows[i].iter, k + 1);
      if (inner == 0) CHECK_CLOSE(rows[i].v[0], nl_first_step[k + 1], 1e-11, 0);
      inner++;
    }
  }
  CHECK_INT(k, 9);
  CHECK_G12(r.x, -0.100000000042);
  CHECK_CLOSE(r.gap, -4.24668494814e-11, 1e-4, 0);
  CHECK_G12(r.force, -9.99899999575);
  /* the contact force balances the nonlinear spring: F - (K - 0.1 x) x, recomputed here */
  CHECK_CLOSE(r.force, -20.0 - (100.0 - 0.1 * r.x) * r.x, 1e-14, 0);
}

int main(void)
{
  test_direct();
  test_al();
  test_ip();
  test_nonlinear();
  return sn_check_report();
}
