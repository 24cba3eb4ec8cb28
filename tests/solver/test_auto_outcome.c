/* The automatic solver's final status (sn_auto_outcome, auto.c) and its refusal of solver
 * options: one diverged attempt does not make the result "no solution found: the problem may
 * be infeasible" when another attempt stopped at the iteration cap; every attempt diverged, or
 * a stuck contact, does. */
#include "check.h"
#include "solver/auto_internal.h"

#include <math.h>
#include <stdio.h>

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
  /* the time limit ended the list after an attempt diverged, or after one stopped at its cap:
     the time limit's status (the other attempts were not tried); a stuck contact still certifies */
  CHECK_INT(sn_auto_outcome(SN_TIME_LIMIT, SN_DIVERGED, 1, 1, 1, 0), SN_TIME_LIMIT);
  CHECK_INT(sn_auto_outcome(SN_TIME_LIMIT, SN_MAX_ITER, 1, 2, 0, 0), SN_TIME_LIMIT);
  CHECK_INT(sn_auto_outcome(SN_TIME_LIMIT, SN_DIVERGED, 1, 1, 1, 1), SN_DIVERGED);
}

/* the best of the attempts that did not diverge (sn_auto_better): the lower absolute residual
 * (the same problem's scale) where both are known, else the lower relative error */
static void test_better(void)
{
  const double inf = INFINITY;
  CHECK_INT(sn_auto_better(SN_MAX_ITER, 4.7e-3, 4e-2, SN_DIVERGED, inf, NAN), 1);   /* the first */
  CHECK_INT(sn_auto_better(SN_MAX_ITER, 1e-7, 1e-6, SN_MAX_ITER, 2.8e-6, 8e-5), 1);
  /* the absolute residual decides where the relative errors disagree (|r| differs) */
  CHECK_INT(sn_auto_better(SN_MAX_ITER, 1e-6, 1e-3, SN_STALLED, 1e-5, 1e-4), 0);
  /* a success always, a failure never over a success, an error code never */
  CHECK_INT(sn_auto_better(SN_OK, 1e-9, 1.0, SN_MAX_ITER, 1e-12, 1e-12), 1);
  CHECK_INT(sn_auto_better(SN_MAX_ITER, 1e-12, 1e-12, SN_OK, 1e-9, 1.0), 0);
  CHECK_INT(sn_auto_better(SN_ERR_NOT_SPD, 0.0, 0.0, SN_MAX_ITER, 1e-3, 1e-3), 0);
  /* no absolute residual (NAN): by the relative error, a diverged one only over a diverged one */
  CHECK_INT(sn_auto_better(SN_MAX_ITER, 1e-3, NAN, SN_DIVERGED, 1e-6, NAN), 1);
  CHECK_INT(sn_auto_better(SN_DIVERGED, 1e-6, NAN, SN_MAX_ITER, 1e-3, NAN), 0);
  CHECK_INT(sn_auto_better(SN_DIVERGED, 1e-6, NAN, SN_DIVERGED, 1e-3, NAN), 1);
  CHECK_INT(sn_auto_better(SN_MAX_ITER, 1e-3, 1e-2, SN_MAX_ITER, 1e-4, NAN), 0);
  /* a NaN kept is replaced by anything measured */
  CHECK_INT(sn_auto_better(SN_MAX_ITER, 1e-2, NAN, SN_MAX_ITER, NAN, NAN), 1);
  CHECK_INT(sn_auto_better(SN_MAX_ITER, NAN, NAN, SN_MAX_ITER, NAN, NAN), 0);
}

/* the attempt returned (sn_auto_choose): 1 the best that did not diverge, 2 the best diverged
 * one, 0 none; a diverged one only where none that did not diverge left a finite error */
static void test_choose(void)
{
  CHECK_INT(sn_auto_choose(1, 1, 1e-9, 1, 1e-12), 1);         /* a success */
  CHECK_INT(sn_auto_choose(0, 1, 3.5e-3, 1, 5.2e-9), 1);      /* the grown reaction is not taken */
  CHECK_INT(sn_auto_choose(0, 1, NAN, 1, 1e-3), 2);           /* no finite error but the diverged one */
  CHECK_INT(sn_auto_choose(0, 1, INFINITY, 1, 1e-3), 2);
  CHECK_INT(sn_auto_choose(0, 0, INFINITY, 1, 1e-3), 2);
  CHECK_INT(sn_auto_choose(0, 1, NAN, 1, NAN), 0);
  CHECK_INT(sn_auto_choose(0, 0, INFINITY, 0, INFINITY), 0);
  CHECK_INT(sn_auto_choose(0, 1, 1e-2, 0, INFINITY), 1);
}

/* end to end, a problem without a solution (3D, W's normal rows [[1, -1], [-1, 1]], tangents I,
 * q = (-1, 0.3, 0, 0.5, 0, 0.2): u_N,1 + u_N,2 = -0.5 for every r; no contact stuck). nsn_ac
 * and nsn_fb grow the reaction along (1, 1), where W sees nothing, to 1e7-1e9: their relative
 * errors fall to 5e-9 (and 1e-10 at tol 1e-10) and they are labelled diverged. auto never
 * returns such a reaction over an attempt that did not diverge, at any tol or budget (the
 * reviews' cases: tol 1e-8 with 1 000 and with 30 iterations, tol 1e-10, tol 1e-12), and the
 * error it reports is that of the r it returns */
static void test_no_solution(void)
{
  double B[36] = {0};
  B[0] = B[21] = 1;
  B[18] = B[3] = -1;
  B[7] = B[14] = B[28] = B[35] = 1;
  sn_csc *W = NULL;
  CHECK_INT(sn_csc_from_dense(6, 6, B, 0.0, &W), SN_OK);
  double q[6] = {-1, 0.3, 0, 0.5, 0, 0.2}, mu[2] = {0.5, 0.5};
  sn_fc P = {3, 2, W, q, mu};
  const double tols[4] = {1e-8, 1e-8, 1e-10, 1e-12};
  const int iters[4] = {1000, 30, 1000, 1000};
  for (int c = 0; c < 4; c++) {
    double r[6] = {0}, u[6] = {0};
    sn_settings s;
    sn_settings_default(&s);
    s.tol = tols[c];
    s.max_iter = iters[c];
    sn_info info = {0};
    int st = sn_fc_solve(&P, "auto", r, u, &s, &info);
    double nr = 0;
    for (int i = 0; i < 6; i++) nr += r[i] * r[i];
    printf("no solution, tol %.0e, max_iter %d: status %d, error %.3e, |r| %.3e, %d attempts\n", tols[c], iters[c],
           st, info.error, sqrt(nr), info.ntried);
    CHECK(st > 0 && st != SN_DIVERGED);            /* not solved; nsgs did not diverge */
    CHECK(info.error > 1e-6);
    CHECK_CLOSE(info.error, sn_fc_error(&P, r, NULL), 1e-12, 0);   /* the error of the r returned */
    CHECK(sqrt(nr) < 1e6);                         /* not the diverged 1e7-1e9 */
  }
  sn_csc_free(W);
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
  test_better();
  test_choose();
  test_no_solution();
  test_options();
  return sn_check_report();
}
