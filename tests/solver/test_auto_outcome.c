/* The automatic solver's final status (sn_auto_outcome, auto.c) and its refusal of solver
 * options: one diverged attempt does not make the result "no solution found: the problem may
 * be infeasible" when another attempt stopped at the iteration cap; every attempt diverged, or
 * a stuck contact, does. */
#include "check.h"
#include "solver/auto_internal.h"

#include <math.h>

static void test_outcome(void)
{
  /* a success ends it */
  CHECK_INT(sn_auto_outcome(SN_OK, SN_OK, 1, 2, 1, 0), SN_OK);
  /* nsn_ac diverged, prox stopped at the cap with a small error: the cap's status */
  CHECK_INT(sn_auto_outcome(SN_MAX_ITER, SN_MAX_ITER, 1, 2, 1, 0), SN_MAX_ITER);
  /* the other way round, and a stall as the best of three */
  CHECK_INT(sn_auto_outcome(SN_DIVERGED, SN_MAX_ITER, 1, 2, 1, 0), SN_MAX_ITER);
  CHECK_INT(sn_auto_outcome(SN_MAX_ITER, SN_STALLED, 1, 3, 2, 0), SN_STALLED);
  /* every attempt with a result diverged (one more failed with an error): diverged */
  CHECK_INT(sn_auto_outcome(SN_ERR_NOT_SPD, SN_DIVERGED, 1, 2, 2, 0), SN_DIVERGED);
  CHECK_INT(sn_auto_outcome(SN_DIVERGED, SN_DIVERGED, 0, 1, 1, 0), SN_DIVERGED);
  /* a stuck contact certifies infeasibility whatever the attempts said */
  CHECK_INT(sn_auto_outcome(SN_MAX_ITER, SN_MAX_ITER, 1, 3, 0, 1), SN_DIVERGED);
  /* nothing usable and nothing diverged: the last status (an error, or the budget's) */
  CHECK_INT(sn_auto_outcome(SN_ERR_NOT_SPD, SN_DIVERGED, 0, 0, 0, 0), SN_ERR_NOT_SPD);
  CHECK_INT(sn_auto_outcome(SN_TIME_LIMIT, SN_DIVERGED, 0, 0, 0, 0), SN_TIME_LIMIT);
}

/* auto with a solver option: SN_ERR_UNKNOWN returned and in info->status (it said SN_OK) */
static void test_options(void)
{
  double I3[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1}, q[3] = {-1, 0, 0}, mu[1] = {0.5};
  sn_csc *W = NULL;
  CHECK_INT(sn_csc_from_dense(3, 3, I3, -1.0, &W), SN_OK);
  sn_fc P = {3, 1, W, q, mu};
  sn_settings s;
  sn_settings_default(&s);
  s.options = "omega=1.5";
  double r[3] = {0, 0, 0}, u[3];
  sn_info info = {0};
  CHECK_INT(sn_fc_solve(&P, "auto", r, u, &s, &info), SN_ERR_UNKNOWN);
  CHECK_INT(info.status, SN_ERR_UNKNOWN);
  /* a bad argument: returned and in info->status */
  sn_fc B = {4, 1, W, q, mu};
  CHECK_INT(sn_fc_solve(&B, "auto", r, u, NULL, &info), SN_ERR_ARG);
  CHECK_INT(info.status, SN_ERR_ARG);
  s.options = NULL;
  CHECK_INT(sn_fc_solve(&P, "auto", r, u, &s, &info), SN_OK);
  CHECK_INT(info.status, SN_OK);
  CHECK_CLOSE(r[0], 1.0, 1e-8, 1e-10);
  sn_csc_free(W);
}

int main(void)
{
  test_outcome();
  test_options();
  return sn_check_report();
}
