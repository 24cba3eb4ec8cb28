/* The at-rest test of a local frictional contact problem by its convex relaxation
 * (bench/rest_check.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "rest_check.h"

/* the contacts' tally of R from r and u = W r + q */
static void tally(const sn_fc *P, const double *r, const double *u, rest_report *R)
{
  int d = P->dim, n = d * P->nc;
  for (int i = 0; i < n; i++) R->q_max = fmax(R->q_max, fabs(P->q[i]));
  for (int c = 0; c < P->nc; c++) {
    double ut = d == 3 ? hypot(u[3 * c + 1], u[3 * c + 2]) : fabs(u[2 * c + 1]);
    if (!(r[d * c] > 0)) {
      R->open++;
      continue;
    }
    R->closed++;
    if (ut > 1e-9) R->slide++;
    R->ut_max = fmax(R->ut_max, ut);
    R->un_max = fmax(R->un_max, fabs(u[d * c]));
  }
  R->at_rest = !R->slide && R->un_max <= 1e-6 * R->q_max;
}

int rest_check(const sn_fc *P, const char *solver, double tol, int max_iter, rest_report *R)
{
  int n = P->dim * P->nc, st = SN_ERR_NOMEM;
  sn_soclcp *S = NULL;
  double *x = calloc((size_t)n + 1, sizeof(double)), *y = calloc((size_t)n + 1, sizeof(double));
  double *r = calloc((size_t)n + 1, sizeof(double)), *u = calloc((size_t)n + 1, sizeof(double));
  memset(R, 0, sizeof *R);
  if (!x || !y || !r || !u || (st = sn_fc_to_soclcp(P, NULL, &S)) != SN_OK) goto done;
  sn_settings s;
  sn_settings_default(&s);
  s.tol = tol;
  s.max_iter = max_iter;
  sn_info info = {0};
  double t0 = sn_wtime();
  st = sn_soclcp_solve(S, solver, x, y, &s, &info);
  R->seconds = sn_wtime() - t0;
  if (st < 0) goto done;
  R->status = st;
  R->iterations = info.iterations;
  R->error = info.error;
  sn_soclcp_x_to_r(P, x, r);
  memcpy(u, P->q, sizeof(double) * (size_t)n);
  sn_csc_gemv(P->W, 1.0, r, 1.0, u);
  R->fc_error = sn_fc_error(P, r, u);
  tally(P, r, u, R);
  if (R->status != SN_OK) R->at_rest = 0;                 /* nothing verified */
  st = SN_OK;
done:
  sn_soclcp_free(S);
  free(x);
  free(y);
  free(r);
  free(u);
  return st;
}
