/* A result the relative test accepts and the absolute rule refuses, refined (issue #13, point 5:
 * huge mass ratios).
 *
 * Siconos' relative error divides the natural-map residual by max(|q|, |r|, |u|). Where a heavy
 * body rests on a light one, the impulses carrying its weight through the light body's contacts
 * are large against every velocity of the problem (two boxes of 1 kg and 1e6 kg: |r| ~ 5e3 N s,
 * |q| ~ 1e-2 m/s, W ~ 1 / (1 kg)), so a residual of tol |r| in the impulses is a velocity error of
 * W tol |r| ~ 5e-5 m/s, thousands of times tol |q|. The solvers stop there, and the absolute
 * rule of sn_fc_measures (penetration at most sqrt(tol) vscale) refuses the result: SN_DIVERGED
 * on a problem that has a solution. The remedy is to iterate further: the same solver, warm-started
 * from its result, with the relative tolerance set below the result's error by the factor by
 * which the rule is missed (at least 10), until the rule holds at the caller's tolerance. A pass that does not lower that factor
 * by half (r growing along a direction W does not see: a problem without a solution) ends the
 * refinement and its result is dropped. The passes share s->max_iter and s->time_limit. */
#include "solver/fc_refine.h"
#include "problem/fc_rule.h"
#include "solver/verdict.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { REFINE_PASSES = 4 };

/* the factor by which the absolute rule (problem.h) is missed, <= 1 when accepted */
static double missed_by(const sn_fc_meas *m, const double *r, int n, double tol)
{
  double rmax = 0.0;
  for (int k = 0; k < n; k++) rmax = fmax(rmax, fabs(r[k]));
  return sn_fc_meas_missed_by(m, rmax, tol);
}

/* the caller's budget left after `its` iterations and `secs` seconds; 0 when spent */
static int budget_left(const sn_settings *s, int its, double secs, sn_settings *ls)
{
  ls->max_iter = s->max_iter - its;
  if (ls->max_iter <= 0) return 0;
  if (s->time_limit > 0) {
    ls->time_limit = s->time_limit - secs;
    if (ls->time_limit <= 0) return 0;
  }
  return 1;
}

int sn_fc_refine(const sn_fc *P, const sn_solver_entry *e, double *r, double *u, const sn_settings *s,
                 sn_info *info, int st)
{
  int n = P->dim * P->nc;
  sn_fc_meas m;
  if (sn_fc_measures(P, r, s->tol, &m) || m.accepted || m.stuck || !(m.rel_error <= s->tol) ||
      !isfinite(m.penetration) || !isfinite(m.cone_violation) || !isfinite(m.complementarity))
    return st;
  double f = missed_by(&m, r, n, s->tol);
  double *best = malloc(sizeof(double) * (size_t)(n > 0 ? n : 1));
  if (!best) return st;
  memcpy(best, r, sizeof(double) * (size_t)n);
  int its = info->iterations, solved = 0;
  double secs = info->seconds, tol = s->tol;
  double *hist = info->history;      /* the history stays the first pass' */
  int hcap = info->history_cap, hlen = info->history_len;
  info->history = NULL;
  info->history_cap = 0;
  for (int pass = 0; pass < REFINE_PASSES && !solved; pass++) {
    sn_settings ls = *s;
    if (!budget_left(s, its, secs, &ls)) break;
    tol = fmax(fmin(tol, m.rel_error) / fmax(10.0, 4.0 * f), 1e-16);   /* below where r is */
    ls.tol = tol;
    int st2 = e->fc(P, r, u, &ls, info);
    its += info->iterations;
    secs += info->seconds;
    sn_fc_meas m2;
    if ((st2 < 0 && st2 != SN_ERR_NAN) || sn_fc_measures(P, r, s->tol, &m2)) break;
    double f2 = missed_by(&m2, r, n, s->tol);
    if (!isfinite(f2) || !(f2 <= 0.5 * f)) break;    /* no progress: r growing, or stuck */
    memcpy(best, r, sizeof(double) * (size_t)n);
    m = m2;
    f = f2;
    solved = m.accepted && m.rel_error <= s->tol;
  }
  info->history = hist;
  info->history_cap = hcap;
  info->history_len = hlen;
  memcpy(r, best, sizeof(double) * (size_t)n);       /* u of the result kept: W r + q */
  if (n > 0) memcpy(u, P->q, sizeof(double) * (size_t)n);
  sn_csc_gemv(P->W, 1.0, r, 1.0, u);
  free(best);
  info->iterations = its;
  info->seconds = secs;
  info->error = m.rel_error;
  return sn_fc_verdict_m(P, r, s, solved ? SN_OK : st, e->name, info, &m);
}
