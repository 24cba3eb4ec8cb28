/* The final verdict of the frictional-contact solvers: the solver's own (relative) test is
 * necessary, the absolute acceptance rule of sn_fc_measures (problem.h) is required as well. */
#include "solver/verdict.h"
#include "problem/problem_check.h"
#include "signorini/la.h"

#include <math.h>

void sn_info_named(sn_info *info, const char *name, int st)
{
  if (!info) return;
  info->solver = name;
  info->ntried = 1;
  info->tried[0].name = name;
  info->tried[0].status = st;
  info->tried[0].iterations = info->iterations;
  info->tried[0].error = info->error;
  info->tried[0].seconds = info->seconds;
}

static int judge(const sn_fc_meas *m, int st, int ok, const char *name, sn_info *info, double tol, int bounded)
{
  /* bounded iterates stopped by the cap: the cancellation bound alone shows no divergence */
  int capped = bounded && st == SN_MAX_ITER && !m->stuck && isfinite(m->rel_error) && m->rel_error > tol;
  if (ok == SN_OK && !capped) {
    if (!m->accepted && (st == SN_OK || m->diverging)) st = m->diverging ? SN_DIVERGED : SN_STALLED;
  }
  if (st < 0) {                /* an overflow (SN_ERR_NAN) on a problem shown to diverge */
    if (info) info->status = st;
    return st;
  }
  if (!info) return st;
  if (ok == SN_OK) {
    info->abs_residual = m->abs_residual;
    info->penetration = m->penetration;
    info->cone_violation = m->cone_violation;
  }
  info->status = st;
  sn_info_named(info, name, st);
  return st;
}

static int verdict(const sn_fc *P, const double *r, const sn_settings *s, int st, const char *name,
                   sn_info *info, const sn_fc_meas *m, int bounded)
{
  if (st < 0 && st != SN_ERR_NAN) {
    if (info) info->status = st;
    return st;
  }
  sn_fc_meas own;
  int ok = SN_OK;
  if (!m) {
    ok = sn_fc_measures(P, r, s ? s->tol : 1e-8, &own);
    m = &own;
  }
  if (ok < 0) st = ok;
  return judge(m, st, ok, name, info, s ? s->tol : 1e-8, bounded);
}

int sn_fc_verdict_m(const sn_fc *P, const double *r, const sn_settings *s, int st, const char *name,
                    sn_info *info, const sn_fc_meas *m)
{
  return verdict(P, r, s, st, name, info, m, 0);
}

int sn_fc_verdict_trend(const sn_fc *P, const double *r, const sn_settings *s, int st, const char *name,
                        sn_info *info, int bounded)
{
  return verdict(P, r, s, st, name, info, NULL, bounded);
}

void sn_trend_note(sn_trend *t, int k, int max_iter, int n, const double *x)
{
  if (!t) return;
  if (!t->have && k >= max_iter / 2) {
    t->half = sn_nrm2(n, x);
    t->have = 1;
  } else if (t->have && !t->have3 && k >= max_iter - max_iter / 4) {
    t->three4 = sn_nrm2(n, x);
    t->have3 = 1;
  }
}

void sn_trend_spoil(sn_trend *t)
{
  if (t && t->have) t->spoiled = 1;   /* before half the cap a restart says nothing about the end */
}

int sn_trend_bounded(const sn_trend *t, int max_iter, int n, const double *x)
{
  if (!t || max_iter < SN_TREND_MIN_ITER || !t->have || !t->have3 || t->spoiled) return 0;
  if (!(t->half > 0) || !isfinite(t->half)) return 0;
  double end = sn_nrm2(n, x);
  if (!isfinite(end) || !isfinite(t->three4)) return 0;
  /* at most 10 % more over the second half, and no faster in its last quarter than in its first */
  return end <= 1.1 * t->half && end - t->three4 <= fmax(t->three4 - t->half, 0.0) + 1e-12 * t->half;
}

int sn_fc_verdict(const sn_fc *P, const double *r, const sn_settings *s, int st, const char *name,
                  sn_info *info)
{
  return sn_fc_verdict_m(P, r, s, st, name, info, NULL);
}

int sn_gfc_verdict(const sn_gfc *P, const double *r, const double *v, const sn_settings *s, int st,
                   const char *name, sn_info *info)
{
  return sn_gfc_verdict_mv(P, r, v, s, st, name, info, NULL, NULL);
}

int sn_gfc_verdict_mv(const sn_gfc *P, const double *r, const double *v, const sn_settings *s, int st,
                      const char *name, sn_info *info, const double *dm, const double *Mv)
{
  if (st < 0) {
    if (info) info->status = st;
    return st;
  }
  sn_fc_meas m;
  int ok = sn_gfc_measures_mv(P, r, v, s ? s->tol : 1e-8, dm, Mv, &m);
  if (ok < 0) st = ok;
  return judge(&m, st, ok, name, info, s ? s->tol : 1e-8, 0);
}
