/* The absolute measures and the acceptance rule (sn_fc_measures, sn_gfc_measures): values by
 * hand on one contact, the sqrt(tol) threshold on both sides, the scale floor of tiny data, the
 * stuck-contact certificate, and the global measures on M = H = I. */
#include "check.h"
#include "signorini/problem.h"

#include <math.h>
#include <stdlib.h>

static sn_csc *dense(int n, const double *a)
{
  sn_csc *A = NULL;
  CHECK_INT(sn_csc_from_dense(n, n, a, -1.0, &A), SN_OK);   /* droptol < 0: zeros kept */
  return A;
}

static void test_local(void)
{
  double I3[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1}, q[3] = {-1, 0.5, 0}, mu[1] = {0.5};
  sn_fc P = {3, 1, dense(3, I3), q, mu};
  sn_fc_meas m;
  /* r = 0: u = q, penetration 1, vscale |q| = sqrt(1.25), the relative error is large */
  double r0[3] = {0, 0, 0};
  CHECK_INT(sn_fc_measures(&P, r0, 1e-8, &m), SN_OK);
  CHECK_CLOSE(m.penetration, 1.0, 0, 0);
  CHECK_CLOSE(m.cone_violation, 0.0, 0, 0);
  CHECK_CLOSE(m.vscale, sqrt(1.25), 1e-15, 0);
  CHECK_INT(m.accepted, 0);
  CHECK_INT(m.diverging, 0);
  CHECK_INT(m.stuck, 0);
  /* penetration just below and just above sqrt(tol) vscale (tol = 1e-6: 1e-3) */
  double vs = sqrt(1.0 + 0.25), below[3] = {1 - 0.9e-3 * vs, 0, 0}, above[3] = {1 - 1.1e-3 * vs, 0, 0};
  below[1] = above[1] = 0;
  CHECK_INT(sn_fc_measures(&P, below, 1e-6, &m), SN_OK);
  CHECK_CLOSE(m.penetration, 0.9e-3 * vs, 1e-9, 0);
  CHECK_INT(m.accepted, 1);
  CHECK_INT(sn_fc_measures(&P, above, 1e-6, &m), SN_OK);
  CHECK_INT(m.accepted, 0);
  /* a reaction outside the cone: |r_T| - mu r_N = 1 - 0.5 = 0.5; and a negative r_N */
  double out[3] = {1, 1, 0}, neg[3] = {-0.25, 0, 0};
  CHECK_INT(sn_fc_measures(&P, out, 1e-8, &m), SN_OK);
  CHECK_CLOSE(m.cone_violation, 0.5, 1e-15, 0);
  CHECK_INT(m.accepted, 0);
  CHECK_INT(sn_fc_measures(&P, neg, 1e-8, &m), SN_OK);
  CHECK_CLOSE(m.cone_violation, 0.25, 1e-15, 0);
  /* tiny data (|q| < DBL_EPSILON): the scale counts as 1, as in Siconos' measure */
  double qt[3] = {-1e-19, 0, 0};
  sn_fc T = {3, 1, P.W, qt, mu};
  CHECK_INT(sn_fc_measures(&T, r0, 1e-8, &m), SN_OK);
  CHECK_CLOSE(m.penetration, 1e-19, 1e-12, 0);
  CHECK_INT(m.accepted, 1);
  /* a zero normal row with q_N < 0: stuck, diverging whatever r */
  double Z[9] = {0, 0, 0, 0, 1, 0, 0, 0, 1};
  sn_fc S = {3, 1, dense(3, Z), q, mu};
  CHECK_INT(sn_fc_measures(&S, r0, 1e-8, &m), SN_OK);
  CHECK_INT(m.stuck, 1);
  CHECK_INT(m.diverging, 1);
  CHECK_INT(sn_fc_measures(NULL, r0, 1e-8, &m), SN_ERR_ARG);
  sn_csc_free(S.W);
  sn_csc_free(P.W);
}

/* M = H = I, f = 0, w = (-1, 0.5, 0): u = v + w, M v = r. r = v = (1, 0, 0) solves it. */
static void test_global(void)
{
  double I3[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1}, f[3] = {0, 0, 0}, w[3] = {-1, 0.5, 0}, mu[1] = {0.5};
  sn_csc *M = dense(3, I3), *H = dense(3, I3);
  sn_gfc G = {3, 1, 3, 0, M, H, NULL, f, w, mu, NULL};
  sn_fc_meas m;
  double r[3] = {1, 0, 0}, v[3] = {1, 0, 0}, z[3] = {0, 0, 0};
  CHECK_INT(sn_gfc_measures(&G, r, v, 1e-8, &m), SN_OK);
  CHECK_CLOSE(m.penetration, 0.0, 0, 0);
  CHECK_CLOSE(m.vscale, sqrt(1.25), 1e-15, 0);     /* max(|w|, 0, |H^T H r| = 1) */
  CHECK_INT(m.accepted, 1);
  CHECK_INT(sn_gfc_measures(&G, z, z, 1e-8, &m), SN_OK);
  CHECK_CLOSE(m.penetration, 1.0, 0, 0);
  CHECK_INT(m.accepted, 0);
  sn_csc_free(M);
  sn_csc_free(H);
}

int main(void)
{
  test_local();
  test_global();
  return sn_check_report();
}
