/* Factorizations kept between the contact solves of a quasi-static run (issue #13): the run
 * with them kept (the default) gives the same displacements in every increment as the run that
 * factorizes anew for every solve (sn_static_settings.fresh_factor = 1), and says which contact
 * solver it used.
 *  - examples/hertz.inp (2D, frictionless, 4 increments; the cylinder is held by its contact
 *    only, so K is singular and ADMM on the global problem solves it): ADMM's factorization of
 *    K + rho H H^T and its reduced form are reused in increments 2 to 4 (same K, same H); the
 *    iterates are then the same up to round-off: displacements within 1e-10 relative.
 *  - tests/data/inp/block4_nsn.inp (3D block pressed then slid with mu = 0.3, SOLVER=nsn_ac,
 *    10 increments): the condensed route keeps K's factor and W = H^T K^-1 H over the run and
 *    starts nsn_ac from the last multipliers ("condensed-nsn_ac"); the fresh run condenses the
 *    problem anew in every increment (sn_gfc_solve: a new factorization of K, one solve per
 *    column of H) and starts from zero. Both meet the contact tolerance 1e-10; the displacements
 *    agree to 1e-8 relative (the two Newton paths stop at different points within tol). */
#include "check.h"
#include "signorini/analysis.h"
#include "signorini/io.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXINC 16

typedef struct {
  int n, ndof;
  double *u[MAXINC];
  char solver[MAXINC][40];
} trace;

static int keep(const sn_model *m, const sn_fesys *S, const sn_increment *inc, void *user)
{
  (void)S;
  trace *t = user;
  if (t->n >= MAXINC) return SN_ERR_ARG;
  t->ndof = m->ndf * m->nnodes;
  t->u[t->n] = malloc(sizeof(double) * (size_t)t->ndof);
  if (!t->u[t->n]) return SN_ERR_NOMEM;
  memcpy(t->u[t->n], inc->u, sizeof(double) * (size_t)t->ndof);
  snprintf(t->solver[t->n], sizeof t->solver[0], "%s", inc->contact_solver ? inc->contact_solver : "");
  t->n++;
  return 0;
}

static int run(const char *path, int fresh, trace *t, sn_static_info *info)
{
  char msg[1024];
  sn_model *m = NULL;
  int st = sn_inp_read(path, &m, msg, sizeof msg);
  if (st) { fprintf(stderr, "%s\n", msg); return st; }
  sn_static_settings s;
  sn_static_settings_default(&s);
  s.fresh_factor = fresh;
  s.on_increment = keep;
  s.user = t;
  st = sn_static_run(m, &s, info, msg, sizeof msg);
  if (st) fprintf(stderr, "%s: %s\n", path, msg);
  sn_model_free(m);
  return st;
}

/* max over the increments of max|a - b| / max|b| */
static double max_rel_diff(const trace *a, const trace *b)
{
  double worst = 0.0;
  for (int k = 0; k < a->n && k < b->n; k++) {
    double d = 0.0, s = 0.0;
    for (int i = 0; i < a->ndof; i++) {
      d = fmax(d, fabs(a->u[k][i] - b->u[k][i]));
      s = fmax(s, fabs(b->u[k][i]));
    }
    worst = fmax(worst, s > 0 ? d / s : d);
  }
  return worst;
}

static void trace_free(trace *t)
{
  for (int k = 0; k < t->n; k++) free(t->u[k]);
}

static void compare(const char *path, const char *solver, int min_reuses, double rtol)
{
  trace a = {0}, b = {0};
  sn_static_info ia, ib;
  CHECK_INT(run(path, 0, &a, &ia), SN_OK);
  CHECK_INT(run(path, 1, &b, &ib), SN_OK);
  CHECK_INT(a.n, b.n);
  CHECK(a.n >= 4);
  CHECK(ia.factor_reuses >= min_reuses);   /* kept: reused in every increment after the first */
  CHECK_INT(ib.factor_reuses, 0);          /* fresh: never */
  for (int k = 0; k < a.n; k++) CHECK(!strcmp(a.solver[k], solver));
  double d = max_rel_diff(&a, &b);
  printf("%s: %d increments, %d factorizations reused, solver %s; displacements kept vs fresh: "
         "max relative difference %.3g\n", path, a.n, ia.factor_reuses, a.n ? a.solver[0] : "", d);
  CHECK(d <= rtol);
  trace_free(&a);
  trace_free(&b);
}

int main(void)
{
  compare(SN_TEST_DATA "/../../examples/hertz.inp", "admm", 3, 1e-10);
  compare(SN_TEST_DATA "/inp/block4_nsn.inp", "condensed-nsn_ac", 9, 1e-8);   /* step 2 keeps K: 9 */
  return sn_check_report();
}
