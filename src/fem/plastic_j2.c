/* J2 (von Mises) plasticity with isotropic hardening, small-strain return mapping at one
 * material point: the radial return of Simo and Taylor (1985), "Consistent tangent operators
 * for rate-independent elastoplasticity", CMAME 48, and Simo and Hughes, "Computational
 * Inelasticity" (1998), Box 3.2 (radial return for J2 flow theory; kinematic hardening H' = 0):
 *   1. trial state: eps_e = eps - ep_n, sigma_tr = C eps_e, s_tr = dev sigma_tr,
 *      q_tr = sqrt(3/2) |s_tr| (von Mises stress);
 *   2. f_tr = q_tr - sy(a_n) <= 0: elastic, the state is the trial state;
 *   3. else the consistency condition (Box 3.2, written with dp = sqrt(2/3) dgamma):
 *        q_tr - 3 G dp - sy(a_n + dp) = 0,
 *      solved exactly on the piecewise-linear hardening table (segment by segment);
 *   4. s = (1 - 3 G dp / q_tr) s_tr, ep = ep_n + dp (3/2) s_tr / q_tr, a = a_n + dp;
 *   5. consistent (algorithmic) tangent (Box 3.2; Simo-Taylor 1985):
 *        C_alg = K 1 (x) 1 + 2 G theta (I - 1/3 1 (x) 1) - 2 G thetabar n (x) n,
 *        theta = 1 - 3 G dp / q_tr,  thetabar = 1 / (1 + H / (3 G)) - (1 - theta),
 *      n = s_tr / |s_tr|, H = dsy/dp at a_n + dp (Simo-Hughes' K').
 * Voigt order 11 22 33 12 13 23; strains with engineering shears, stresses and n with tensor
 * components, so that sigma_v = sum_w C_vw eps_w. */
#include <math.h>
#include <string.h>

#include "signorini/fem.h"

void sn_j2_yield(const sn_j2 *h, double a, double *sy, double *H)
{
  int n = h->n, k = 0;
  if (a >= h->ep[n - 1]) { *sy = h->sy[n - 1]; *H = 0; return; }
  while (k + 1 < n - 1 && a >= h->ep[k + 1]) k++;
  double s = (h->sy[k + 1] - h->sy[k]) / (h->ep[k + 1] - h->ep[k]);
  *sy = h->sy[k] + s * (a - h->ep[k]);
  *H = s;
}

/* step 3: dp > 0 with q_tr - 3 G dp = sy(a + dp), walking the table's segments from a */
double sn_j2_consistency(const sn_j2 *h, double G, double qtr, double a)
{
  double dp = 0;
  for (int guard = 0; guard <= h->n + 1; guard++) {
    double sy, H;
    sn_j2_yield(h, a + dp, &sy, &H);
    /* on this segment sy(a + x) = sy + H (x - dp): x = dp + (qtr - 3 G dp - sy) / (3 G + H) */
    double x = dp + (qtr - 3 * G * dp - sy) / (3 * G + H);
    double end = INFINITY;               /* the segment's end, as a plastic increment */
    for (int k = 0; k < h->n; k++)
      if (h->ep[k] > a + dp) { end = h->ep[k] - a; break; }
    if (x <= end) return x;
    dp = end;
  }
  return dp;
}

static int j2_check(const sn_j2 *h, double E, double nu)
{
  if (!h || h->n < 1 || h->n > SN_J2_MAXPTS || !(E > 0) || !(nu > -1 && nu < 0.5)) return SN_ERR_ARG;
  if (h->ep[0] != 0 || !(h->sy[0] > 0)) return SN_ERR_ARG;
  for (int k = 1; k < h->n; k++)
    if (!(h->ep[k] > h->ep[k - 1]) || !(h->sy[k] >= h->sy[k - 1]) || !isfinite(h->sy[k])) return SN_ERR_ARG;
  return SN_OK;
}

int sn_j2_return(const sn_j2 *h, double E, double nu, const double eps[6], const double *hold, double sig[6],
                 double *hnew, double D[6][6])
{
  int st = j2_check(h, E, nu);
  if (st != SN_OK || !eps || !hold || !sig || !hnew) return st ? st : SN_ERR_ARG;
  double G = E / (2 * (1 + nu)), K = E / (3 * (1 - 2 * nu)), ee[6], s[6];
  for (int v = 0; v < 6; v++) ee[v] = eps[v] - hold[v];
  double tr = ee[0] + ee[1] + ee[2];
  for (int v = 0; v < 6; v++) s[v] = v < 3 ? 2 * G * (ee[v] - tr / 3) : G * ee[v];   /* step 1 */
  double ns = sqrt(s[0] * s[0] + s[1] * s[1] + s[2] * s[2] + 2 * (s[3] * s[3] + s[4] * s[4] + s[5] * s[5]));
  double qtr = sqrt(1.5) * ns, a = hold[6], sy, H;
  if (!isfinite(qtr)) return SN_ERR_NAN;
  sn_j2_yield(h, a, &sy, &H);
  double dp = 0, theta = 1, thetabar = 0;
  memcpy(hnew, hold, sizeof(double) * SN_J2_NHIST);
  if (qtr - sy > 1e-12 * sy) {                                                        /* steps 3-4 */
    dp = sn_j2_consistency(h, G, qtr, a);
    theta = 1 - 3 * G * dp / qtr;
    sn_j2_yield(h, a + dp, &sy, &H);
    thetabar = 1 / (1 + H / (3 * G)) - (1 - theta);
    for (int v = 0; v < 6; v++) hnew[v] += dp * 1.5 * s[v] / qtr * (v < 3 ? 1 : 2);
    hnew[6] = a + dp;
  }
  for (int v = 0; v < 6; v++) sig[v] = theta * s[v] + (v < 3 ? K * tr : 0);
  if (!D) return SN_OK;
  double n[6];
  for (int v = 0; v < 6; v++) n[v] = ns > 0 ? s[v] / ns : 0;
  for (int v = 0; v < 6; v++)                                                         /* step 5 */
    for (int w = 0; w < 6; w++) {
      double idev = v == w ? (v < 3 ? 2.0 / 3.0 : 0.5) : (v < 3 && w < 3 ? -1.0 / 3.0 : 0.0);
      D[v][w] = (v < 3 && w < 3 ? K : 0) + 2 * G * theta * idev - 2 * G * thetabar * n[v] * n[w];
    }
  return SN_OK;
}
