/* Event-driven scheme: one step of the explicit Runge-Kutta pair of Dormand & Prince (1980,
 * "A family of embedded Runge-Kutta formulae", J. Comp. Appl. Math. 6), order 5 with an
 * embedded order-4 error estimate, first-same-as-last, and its continuous extension of order 4
 * (Hairer, Norsett & Wanner, Solving Ordinary Differential Equations I, 2nd ed., sec. II.6,
 * the dense output of DOPRI5). */
#include <string.h>

#include "dynamics/event_internal.h"

/* the tableau */
static const double C[7] = {0, 1.0 / 5, 3.0 / 10, 4.0 / 5, 8.0 / 9, 1, 1};
static const double A[7][6] = {
    {0},
    {1.0 / 5},
    {3.0 / 40, 9.0 / 40},
    {44.0 / 45, -56.0 / 15, 32.0 / 9},
    {19372.0 / 6561, -25360.0 / 2187, 64448.0 / 6561, -212.0 / 729},
    {9017.0 / 3168, -355.0 / 33, 46732.0 / 5247, 49.0 / 176, -5103.0 / 18656},
    {35.0 / 384, 0, 500.0 / 1113, 125.0 / 192, -2187.0 / 6784, 11.0 / 84}};
/* the error weights: order-5 minus order-4 weights */
static const double EW[7] = {71.0 / 57600, 0, -71.0 / 16695, 71.0 / 1920, -17253.0 / 339200, 22.0 / 525,
                             -1.0 / 40};
/* the dense output weights */
static const double D[7] = {-12715105075.0 / 11282082432.0, 0, 87487479700.0 / 32700410799.0,
                            -10690763975.0 / 1880347072.0, 701980252875.0 / 199316789632.0,
                            -1453857185.0 / 822651844.0, 69997945.0 / 29380423.0};

int ev_dopri_step(sn_scene *S, ev_scratch *E, double h, double tol, double *err) {
  int n = E->ny, st;
  (void)C;   /* autonomous system: the stage times are not needed */
  for (int s = 1; s < 7; s++) {
    double *yt = s < 6 ? E->yt : E->y1;
    for (int i = 0; i < n; i++) {
      double acc = 0;
      for (int r = 0; r < s; r++) acc += A[s][r] * E->k[r][i];
      yt[i] = E->y0[i] + h * acc;
    }
    if ((st = ev_rhs(S, E, yt, E->k[s])) != SN_OK) return st;
  }
  /* scaled RMS error, atol = rtol = tol */
  double sum = 0;
  for (int i = 0; i < n; i++) {
    double e = 0;
    for (int s = 0; s < 7; s++) e += EW[s] * E->k[s][i];
    double y0 = fabs(E->y0[i]), y1 = fabs(E->y1[i]);
    double sc = tol * (1 + (y0 > y1 ? y0 : y1));
    sum += (h * e / sc) * (h * e / sc);
  }
  *err = sqrt(sum / (n > 0 ? n : 1));
  /* dense output coefficients rc[0..4] (each n) */
  double *r0 = E->rc, *r1 = r0 + n, *r2 = r1 + n, *r3 = r2 + n, *r4 = r3 + n;
  for (int i = 0; i < n; i++) {
    double dy = E->y1[i] - E->y0[i], b = h * E->k[0][i] - dy;
    r0[i] = E->y0[i];
    r1[i] = dy;
    r2[i] = b;
    r3[i] = dy - h * E->k[6][i] - b;
    double d = 0;
    for (int s = 0; s < 7; s++) d += D[s] * E->k[s][i];
    r4[i] = h * d;
  }
  return SN_OK;
}

void ev_dense(const ev_scratch *E, double th, double *y) {
  int n = E->ny;
  const double *r0 = E->rc, *r1 = r0 + n, *r2 = r1 + n, *r3 = r2 + n, *r4 = r3 + n;
  double t1 = 1 - th;
  for (int i = 0; i < n; i++) y[i] = r0[i] + th * (r1[i] + t1 * (r2[i] + th * (r3[i] + t1 * r4[i])));
}
