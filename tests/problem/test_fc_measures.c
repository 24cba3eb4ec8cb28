/* The absolute measures and the acceptance rule (sn_fc_measures, sn_gfc_measures): values by
 * hand on one contact, the sqrt(tol) threshold on both sides, the scale floor of tiny data, the
 * stuck-contact certificate, and the global measures on M = H = I. */
#include "check.h"
#include "signorini/problem.h"

#include <float.h>
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
  /* the solution r = (1, -0.5, 0): u = 0, the reaction on the cone's boundary; r = (1, 0, 0)
   * stops the penetration but lets the contact slide at 0.5 without friction force
   * (complementarity r . u_hat = mu |u_T| = 0.25): refused */
  double sol[3] = {1, -0.5, 0}, nofric[3] = {1, 0, 0};
  CHECK_INT(sn_fc_measures(&P, sol, 1e-8, &m), SN_OK);
  CHECK_CLOSE(m.rel_error, 0.0, 0, 0);
  CHECK_INT(m.accepted, 1);
  CHECK_INT(sn_fc_measures(&P, nofric, 1e-8, &m), SN_OK);
  CHECK_CLOSE(m.penetration, 0.0, 0, 0);
  CHECK_CLOSE(m.complementarity, 0.25, 1e-15, 0);
  CHECK_INT(m.accepted, 0);
  /* penetration just below and just above sqrt(tol) vscale (tol = 1e-6: 1e-3), along the
   * solution's ray r = s (1, -0.5, 0) */
  double vs = sqrt(1.0 + 0.25), sb = 1 - 0.9e-3 * vs, sa = 1 - 1.1e-3 * vs;
  double below[3] = {sb, -0.5 * sb, 0}, above[3] = {sa, -0.5 * sa, 0};
  CHECK_INT(sn_fc_measures(&P, below, 1e-6, &m), SN_OK);
  CHECK_CLOSE(m.penetration, 0.9e-3 * vs, 1e-9, 0);
  CHECK_CLOSE(m.complementarity, 0.0, 0, 0);
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

/* reactions that Siconos' relative error and the penetration / cone tests miss: a huge r_N on
 * a separated contact whose normal row of W is zero (the review's case: relative error 1e-12,
 * absolute residual 1, no penetration, r in the cone), the same on two separated contacts with
 * W = [[1, -1], [-1, 1]] on the normals (W r = 0 by cancellation), and a stick force on a
 * touching contact sliding freely (W = 0): each breaks complementarity r . u_hat = 0. */
static void test_complementarity(void)
{
  double mu[2] = {0.5, 0.5};
  sn_fc_meas m;
  double A[4] = {0, 0, 0, 1}, qa[2] = {1, 0}, ra[2] = {1e12, 0}, r0[2] = {0, 0};
  sn_fc P = {2, 1, dense(2, A), qa, mu};
  CHECK_INT(sn_fc_measures(&P, ra, 1e-8, &m), SN_OK);
  CHECK_CLOSE(m.rel_error, 1e-12, 1e-9, 0);
  CHECK_CLOSE(m.abs_residual, 1.0, 1e-9, 0);
  CHECK_CLOSE(m.penetration, 0.0, 0, 0);
  CHECK_CLOSE(m.cone_violation, 0.0, 0, 0);
  CHECK_CLOSE(m.complementarity, 1e12, 1e-12, 0);
  CHECK_INT(m.accepted, 0);
  CHECK_INT(m.diverging, 1);
  CHECK_INT(sn_fc_measures(&P, r0, 1e-8, &m), SN_OK);   /* the solution r = 0 */
  CHECK_CLOSE(m.complementarity, 0.0, 0, 0);
  CHECK_INT(m.accepted, 1);
  sn_csc_free(P.W);
  /* two contacts, normals coupled by [[1, -1], [-1, 1]], tangents by I */
  double B[16] = {1, 0, -1, 0, 0, 1, 0, 0, -1, 0, 1, 0, 0, 0, 0, 1};
  double qb[4] = {1, 0, 1, 0}, rb[4] = {1e12, 0, 1e12, 0}, z[4] = {0, 0, 0, 0};
  sn_fc Q = {2, 2, dense(4, B), qb, mu};
  CHECK_INT(sn_fc_measures(&Q, rb, 1e-8, &m), SN_OK);
  CHECK(m.rel_error < 1e-11);
  CHECK_CLOSE(m.penetration, 0.0, 0, 0);
  CHECK_CLOSE(m.cone_violation, 0.0, 0, 0);
  CHECK_INT(m.accepted, 0);
  CHECK_INT(m.diverging, 1);
  CHECK_INT(sn_fc_measures(&Q, z, 1e-8, &m), SN_OK);
  CHECK_INT(m.accepted, 1);
  /* a solution with a force: q = (-1, 0, 1, 0) on W = I is solved by r = (1, 0, 0, 0); a gap
   * opening by sqrt(tol) vscale under the force passes, ten times that is refused */
  double qc[4] = {-1, 0, 1, 0}, rc[4] = {1, 0, 0, 0}, I4[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
  sn_fc C = {2, 2, dense(4, I4), qc, mu};
  CHECK_INT(sn_fc_measures(&C, rc, 1e-8, &m), SN_OK);
  CHECK_INT(m.accepted, 1);
  double vs = sqrt(2.0), in[4] = {1 + 0.9e-4 * vs, 0, 0, 0}, gap[4] = {1 + 1.1e-4 * vs, 0, 0, 0};
  CHECK_INT(sn_fc_measures(&C, in, 1e-8, &m), SN_OK);
  CHECK_CLOSE(m.complementarity, (1 + 0.9e-4 * vs) * 0.9e-4 * vs, 1e-9, 0);
  CHECK_INT(m.accepted, 1);
  CHECK_INT(sn_fc_measures(&C, gap, 1e-8, &m), SN_OK);
  CHECK_INT(m.accepted, 0);
  sn_csc_free(C.W);
  sn_csc_free(Q.W);
  /* W = 0, q = (0, 1): touching and sliding; r = (t, -mu t) solves it for any t >= 0, the
   * stick force r = (1e12, 0) does not: r . u_hat = 1e12 mu |u_T| */
  double Z[4] = {0, 0, 0, 0}, qs[2] = {0, 1}, stick[2] = {1e12, 0}, slide[2] = {1e12, -0.5e12};
  sn_fc S = {2, 1, dense(2, Z), qs, mu};
  CHECK_INT(sn_fc_measures(&S, stick, 1e-8, &m), SN_OK);
  CHECK(m.rel_error < 1e-11);
  CHECK_CLOSE(m.complementarity, 0.5e12, 1e-12, 0);
  CHECK_INT(m.accepted, 0);
  CHECK_INT(sn_fc_measures(&S, slide, 1e-8, &m), SN_OK);
  CHECK_CLOSE(m.complementarity, 0.0, 0, 1e-3);
  CHECK_INT(m.accepted, 1);
  sn_csc_free(S.W);
}

/* M = H = I, f = 0, w = (-1, 0.5, 0): u = v + w, M v = r. r = v = (1, -0.5, 0) solves it
 * (u = 0); r = v = (1, 0, 0) slides without friction force. */
static void test_global(void)
{
  double I3[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1}, f[3] = {0, 0, 0}, w[3] = {-1, 0.5, 0}, mu[1] = {0.5};
  sn_csc *M = dense(3, I3), *H = dense(3, I3);
  sn_gfc G = {3, 1, 3, 0, M, H, NULL, f, w, mu, NULL};
  sn_fc_meas m;
  double r[3] = {1, -0.5, 0}, v[3] = {1, -0.5, 0}, z[3] = {0, 0, 0}, nf[3] = {1, 0, 0};
  CHECK_INT(sn_gfc_measures(&G, r, v, 1e-8, &m), SN_OK);
  CHECK_CLOSE(m.penetration, 0.0, 0, 0);
  CHECK_CLOSE(m.vscale, sqrt(1.25), 1e-15, 0);     /* max(|w|, 0, |H^T H r| = sqrt(1.25)) */
  CHECK_INT(m.accepted, 1);
  CHECK_INT(sn_gfc_measures(&G, nf, nf, 1e-8, &m), SN_OK);
  CHECK_CLOSE(m.complementarity, 0.25, 1e-15, 0);
  CHECK_INT(m.accepted, 0);
  CHECK_INT(sn_gfc_measures(&G, z, z, 1e-8, &m), SN_OK);
  CHECK_CLOSE(m.penetration, 1.0, 0, 0);
  CHECK_INT(m.accepted, 0);
  sn_csc_free(M);
  sn_csc_free(H);
}

/* a zero measure is +0: 2D contacts at r = 0 (-r_N = -0 ties with the +0 of |r_T| - mu r_N)
 * with u_N = +0 (-u_N = -0 ties with the running +0); the maxima keep the running +0 */
static void test_zero_signs(void)
{
  double W[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}, q[4] = {0.0, 0.0, 0.0, 0.5};
  double mu[2] = {0.3, 0.7}, r[4] = {0, 0, 0, 0};
  sn_fc P = {2, 2, dense(4, W), q, mu};
  sn_fc_meas m;
  CHECK_INT(sn_fc_measures(&P, r, 1e-8, &m), SN_OK);
  CHECK(m.penetration == 0.0 && !signbit(m.penetration));
  CHECK(m.cone_violation == 0.0 && !signbit(m.cone_violation));
  CHECK(m.complementarity == 0.0 && !signbit(m.complementarity));
  CHECK_INT(m.accepted, 1);
  sn_csc_free(P.W);
}

/* sn_fc_check finds a NaN, an infinity or a huge finite value where it is (W, q, mu), any
 * entry of a vector (its loops have no early exit: every position is looked at) */
static void test_check(void)
{
  double W[9] = {2, 0.1, 0, 0.1, 1, 0, 0, 0, 1}, q[3] = {-1, 0.5, 0}, mu[1] = {0.5};
  sn_fc P = {3, 1, dense(3, W), q, mu};
  CHECK_INT(sn_fc_check(&P, NULL, 0), SN_OK);
  const double bad[3] = {NAN, INFINITY, -INFINITY};
  for (int b = 0; b < 3; b++)
    for (int k = 0; k < 3; k++) {
      double keep = q[k];
      q[k] = bad[b];
      CHECK_INT(sn_fc_check(&P, NULL, 0), SN_ERR_NAN);
      q[k] = keep;
      keep = P.W->val[k];
      P.W->val[k] = bad[b];
      CHECK_INT(sn_fc_check(&P, NULL, 0), SN_ERR_NAN);
      P.W->val[k] = keep;
    }
  q[2] = DBL_MAX;   /* finite */
  CHECK_INT(sn_fc_check(&P, NULL, 0), SN_OK);
  q[2] = 0;
  mu[0] = NAN;
  CHECK_INT(sn_fc_check(&P, NULL, 0), SN_ERR_NAN);
  mu[0] = -0.1;
  CHECK_INT(sn_fc_check(&P, NULL, 0), SN_ERR_ARG);
  mu[0] = 0.5;
  P.W->rowind[1] = -1;   /* structure: a row index out of range, either side */
  CHECK_INT(sn_fc_check(&P, NULL, 0), SN_ERR_FORMAT);
  P.W->rowind[1] = 3;
  CHECK_INT(sn_fc_check(&P, NULL, 0), SN_ERR_FORMAT);
  P.W->rowind[1] = 1;
  CHECK_INT(sn_fc_check(&P, NULL, 0), SN_OK);
  int c1 = P.W->colptr[1];
  P.W->colptr[1] = P.W->colptr[2] + 1;   /* columns out of order */
  CHECK_INT(sn_fc_check(&P, NULL, 0), SN_ERR_FORMAT);
  P.W->colptr[1] = c1;
  sn_csc_free(P.W);
}

/* The divergence bound |W| |r| (problem.h) taken without cancellation row by row, not as
 * |W|_F |r|. A column of N = 100 unit discs on a floor (2D, normals only coupled: W_NN
 * tridiagonal, diagonal 1 at the floor and 2 above, -1 beside; tangents 1; q_N = -1 at the
 * floor, g dt = 1): the solution r_N,k = N - k carries the discs above contact k. Taken with
 * the floor's impulse 1e-3 short (a penetration of 1e-3, refused at tol 1e-8), it is a sound
 * iterate: the row sums give about 4 (N - k), a bound 2.3e3 under vscale / sqrt(tol) = 1e4;
 * |W|_F |r| = 26.4 * 5.8e2 = 1.5e4 called it diverging. Two contacts whose normals W
 * couples as [[1, -1], [-1, 1]] with q_N = (-1, 0.5) have no solution (u_N,1 + u_N,2 = -0.5);
 * an iterate grown along (1, 1) to 1e6 is still diverging by the bound (its relative error
 * 2.5e-7 misses tol). */
static void test_divergence_bound(void)
{
  enum { N = 100 };
  int ti[4 * N], tj[4 * N], nz = 0;
  double tx[4 * N], q[2 * N] = {0}, r[2 * N] = {0}, mu[N];
  for (int k = 0; k < N; k++) {
    ti[nz] = tj[nz] = 2 * k, tx[nz++] = k == 0 ? 1.0 : 2.0;
    ti[nz] = tj[nz] = 2 * k + 1, tx[nz++] = 1.0;
    if (k + 1 < N) {
      ti[nz] = 2 * k, tj[nz] = 2 * k + 2, tx[nz++] = -1.0;
      ti[nz] = 2 * k + 2, tj[nz] = 2 * k, tx[nz++] = -1.0;
    }
    r[2 * k] = N - k;
    mu[k] = 0.5;
  }
  q[0] = -1;
  r[0] -= 1e-3;
  sn_csc *W = NULL;
  CHECK_INT(sn_csc_from_triplets(2 * N, 2 * N, nz, ti, tj, tx, &W), SN_OK);
  sn_fc P = {2, N, W, q, mu};
  sn_fc_meas m;
  CHECK_INT(sn_fc_measures(&P, r, 1e-8, &m), SN_OK);
  CHECK_CLOSE(m.penetration, 1e-3, 1e-9, 0);
  CHECK_CLOSE(m.vscale, 1.0, 1e-12, 0);
  CHECK(m.rel_error > 1e-8);
  CHECK_INT(m.accepted, 0);
  CHECK_INT(m.diverging, 0);
  r[0] += 1e-3;   /* the solution itself */
  CHECK_INT(sn_fc_measures(&P, r, 1e-8, &m), SN_OK);
  CHECK_CLOSE(m.rel_error, 0.0, 0, 0);
  CHECK_INT(m.accepted, 1);
  sn_csc_free(W);
  double B[16] = {1, 0, -1, 0, 0, 1, 0, 0, -1, 0, 1, 0, 0, 0, 0, 1};
  double qb[4] = {-1, 0, 0.5, 0}, rb[4] = {1e6 + 0.75, 0, 1e6, 0};
  sn_fc Q = {2, 2, dense(4, B), qb, mu};
  CHECK_INT(sn_fc_measures(&Q, rb, 1e-8, &m), SN_OK);
  CHECK(m.rel_error > 1e-8);
  CHECK_CLOSE(m.penetration, 0.25, 1e-9, 0);
  CHECK_INT(m.stuck, 0);
  CHECK_INT(m.accepted, 0);
  CHECK_INT(m.diverging, 1);
  sn_csc_free(Q.W);
}

int main(void)
{
  test_check();
  test_zero_signs();
  test_local();
  test_complementarity();
  test_divergence_bound();
  test_global();
  return sn_check_report();
}
