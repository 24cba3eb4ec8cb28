/* The SOCLCP type and the friction map: projection by hand, and the map checked against the
 * frictional-contact error: at a solution r of a local problem with s = |u_T|, x = map(r)
 * solves the SOCLCP (error ~ 0), and back-mapped r equals r. */
#include "check.h"
#include "signorini/problem.h"
#include "signorini/solver.h"

#include <math.h>
#include <stdlib.h>

int main(void)
{
  double a[3] = {1, 3, 4};            /* |x1| = 5 > 1: onto the boundary, (1+5)/2 (1, (3,4)/5) */
  sn_proj_soc(3, a);
  CHECK_CLOSE(a[0], 3.0, 1e-15, 0);
  CHECK_CLOSE(a[1], 1.8, 1e-15, 0);
  CHECK_CLOSE(a[2], 2.4, 1e-15, 0);
  double b[2] = {-2, 1};              /* polar */
  sn_proj_soc(2, b);
  CHECK(b[0] == 0 && b[1] == 0);
  double c[1] = {-1};
  sn_proj_soc(1, c);
  CHECK(c[0] == 0);

  /* two contacts, the second without friction: W = diag(2, 1, 1, 1, 4, 4) + coupling */
  int ti[] = {0, 1, 2, 3, 4, 5, 0, 3}, tj[] = {0, 1, 2, 3, 4, 5, 3, 0};
  double tx[] = {2, 1, 1, 1, 4, 4, 0.5, 0.5};
  sn_csc *W;
  CHECK_INT(sn_csc_from_triplets(6, 6, 8, ti, tj, tx, &W), SN_OK);
  double q[6] = {-1, 0.8, 0.1, -0.5, 1, 1}, mu[2] = {0.3, 0.0};
  sn_fc P = {3, 2, W, q, mu};
  /* solve it (NSGS), then map */
  double r[6] = {0}, u[6];
  sn_settings s;
  sn_settings_default(&s);
  s.tol = 1e-14;
  sn_info info = {0};
  CHECK_INT(sn_fc_nsgs(&P, r, u, &s, &info), SN_OK);
  double sT[2] = {hypot(u[1], u[2]), hypot(u[4], u[5])};
  sn_soclcp *S;
  CHECK_INT(sn_fc_to_soclcp(&P, sT, &S), SN_OK);
  CHECK_INT(S->n, 4);                /* 3 + 1 (the frictionless contact keeps its normal) */
  CHECK_INT(S->ncones, 2);
  CHECK_INT(S->csize[0], 3);
  CHECK_INT(S->csize[1], 1);
  CHECK_INT(sn_soclcp_check(S, NULL, 0), SN_OK);
  /* M = D W D: M(0,0) = W(0,0)/mu^2, M(0,3) = W(0,3)/mu */
  double Md[16];
  sn_csc_to_dense(S->M, Md);
  CHECK_CLOSE(Md[0], 2.0 / 0.09, 1e-14, 0);
  CHECK_CLOSE(Md[3 * 4 + 0], 0.5 / 0.3, 1e-14, 0);
  double x[4], rb[6];
  sn_soclcp_r_to_x(&P, r, x);
  CHECK_CLOSE(x[0], 0.3 * r[0], 1e-15, 0);
  CHECK(sn_soclcp_error(S, x) < 1e-12);
  sn_soclcp_x_to_r(&P, x, rb);
  for (int i = 0; i < 6; i++) CHECK_CLOSE(rb[i], i >= 4 ? 0.0 : r[i], 1e-14, 1e-300);
  /* a point that is not a solution has a clearly non-zero error */
  x[0] += 1.0;
  CHECK(sn_soclcp_error(S, x) > 1e-3);
  S->csize[1] = 4;
  CHECK_INT(sn_soclcp_check(S, NULL, 0), SN_ERR_DIM);
  sn_soclcp_free(S);
  sn_csc_free(W);
  return sn_check_report();
}
