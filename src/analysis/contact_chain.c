/* The solver chain of a contact increment: the solvers tried in order on the increment's
 * global frictional contact problem until one succeeds, keeping the best result of all (not the
 * last: a later solver that fails outright must not discard an earlier one that came close),
 * and the relaxed acceptance of a result that missed the tolerance (contact_internal.h). The
 * name petsc_admm (sn_static_settings.petsc) is the distributed ADMM over MPI, collective: every
 * rank runs the same chain on the same problem. */
#include "analysis/contact_internal.h"
#include "problem/problem_check.h"
#include "signorini/petsc.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* order of preference: a success, a result that missed the tolerance, one that diverged or
 * ended on a ray (no solution found), an error */
static int rank(int st)
{
  return st == SN_OK ? 0 : (st == SN_DIVERGED || st == SN_RAY) ? 2 : st > 0 ? 1 : 3;
}

static void note(sn_cstate *cs, const char *name, int st, double err)
{
  size_t L = strlen(cs->tried);
  if (st > 0)
    snprintf(cs->tried + L, sizeof cs->tried - L, "%s%s (%s, error %.2e)", L ? ", " : "", name, sn_strerror(st), err);
  else if (st < 0)
    snprintf(cs->tried + L, sizeof cs->tried - L, "%s%s (%s)", L ? ", " : "", name, sn_strerror(st));
}

int sn_contact_solve_chain(const sn_gfc *P, const char *const *chain, int max_first, int max_next,
                           double tol, double *du, sn_cstate *cs)
{
  return sn_contact_solve_chain_ws(P, chain, max_first, max_next, tol, du, cs, NULL, NULL, NULL, NULL);
}

/* a problem whose P->M is this rank's share (the model split): M's diagonal and M v (at v)
 * summed over the ranks, malloc'ed; collective, every rank's status the same */
static int summed_m(const sn_gfc *P, const double *v, double **dm, double **Mv)
{
  const sn_csc *M = P->M;
  int m = P->ndof;
  double *buf = calloc(2 * (size_t)m + 1, sizeof(double)), *y = malloc(sizeof(double) * ((size_t)m + 1));
  double bad = buf && y ? 0.0 : 1.0;
  int st = sn_petsc_allreduce(&bad, 1, SN_PETSC_MAX);
  if (!st && bad > 0) st = SN_ERR_NOMEM;
  if (st) { free(buf); free(y); return st; }
  sn_csc_diag_add(M, buf);
  sn_csc_gemv(M, 1.0, v, 0.0, buf + m);
  if ((st = sn_petsc_allreduce(buf, 2 * (long)m, SN_PETSC_SUM))) { free(buf); free(y); return st; }
  memcpy(y, buf + m, sizeof(double) * (size_t)m);
  *dm = buf;
  *Mv = y;
  return SN_OK;
}

int sn_contact_solve_chain_ws(const sn_gfc *P, const char *const *chain, int max_first, int max_next,
                              double tol, double *du, sn_cstate *cs, sn_admm_cache *ac,
                              const sn_petsc_nearnull *nn, sn_petsc_cache *pc, const sn_petsc_split *sp)
{
  int nl = P->dim * P->nc, neq = P->ndof, bst = SN_ERR_UNKNOWN, st = SN_ERR_UNKNOWN;
  double *keep = malloc(sizeof(double) * ((size_t)nl + (size_t)neq + 1)), best_err = INFINITY;
  if (!keep) return SN_ERR_NOMEM;
  sn_settings s;
  sn_settings_default(&s);
  s.tol = tol;
  cs->solver = chain[0];
  cs->solver_iterations = 0;
  cs->solver_error = NAN;
  cs->not_spd = cs->relaxed_ok = 0;
  for (int f = 0; chain[f] && st != SN_OK && st != SN_ERR_NOMEM; f++) {
    int seen = 0;
    for (int g = 0; g < f; g++) seen |= !strcmp(chain[g], chain[f]);
    if (seen) continue;
    memset(cs->r, 0, sizeof(double) * (size_t)nl);
    memset(du, 0, sizeof(double) * (size_t)neq);
    s.max_iter = f == 0 ? max_first : max_next;
    sn_info info = {0};
    info.error = NAN;
    if (!strcmp(chain[f], "petsc_admm")) st = sn_gfc_admm_petsc_split(P, nn, sp, pc, cs->r, du, &s, &info, NULL);   /* collective */
    else if (ac && !strcmp(chain[f], "admm")) st = sn_gfc_admm_cached(P, ac, cs->r, du, &s, &info);
    else st = sn_gfc_solve(P, chain[f], cs->r, du, &s, &info);
    note(cs, chain[f], st, info.error);
    cs->not_spd |= st == SN_ERR_NOT_SPD;
    if (rank(st) < rank(bst) || (rank(st) == rank(bst) && rank(st) < 3 && info.error < best_err)) {
      bst = st;
      best_err = info.error;
      cs->solver = chain[f];
      cs->solver_iterations = info.iterations;
      cs->solver_error = info.error;
      memcpy(keep, cs->r, sizeof(double) * (size_t)nl);
      memcpy(keep + nl, du, sizeof(double) * (size_t)neq);
    }
  }
  if (st == SN_ERR_NOMEM) bst = st;
  if (bst >= 0) {                          /* hand back the best result */
    memcpy(cs->r, keep, sizeof(double) * (size_t)nl);
    memcpy(du, keep + nl, sizeof(double) * (size_t)neq);
  } else if (bst == SN_ERR_UNKNOWN) {
    bst = st;
  }
  free(keep);
  cs->solver_status = bst;
  if (bst == SN_MAX_ITER || bst == SN_STALLED) {
    sn_fc_meas m;
    int mst = SN_OK;
    double *dm = NULL, *Mv = NULL;
    if (sp && sp->summed) mst = summed_m(P, du, &dm, &Mv);   /* collective: the whole M's */
    cs->relaxed_ok = cs->solver_error <= SN_CONTACT_RELAXED_TOL && mst == SN_OK &&
                     sn_gfc_measures_mv(P, cs->r, du, SN_CONTACT_RELAXED_TOL, dm, Mv, &m) == SN_OK && m.accepted;
    free(dm);
    free(Mv);
  }
  return bst;
}
