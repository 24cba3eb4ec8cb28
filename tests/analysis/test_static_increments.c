/* Increment control of the static analysis, on a softening spring whose Newton iterations are
 * counted by hand: table (elongation, force) = (0, 0), (0.1, 100), (0.2, 150), (0.3, 175),
 * (0.4, 187.5), slopes 1000, 500, 250, 125 (and 125 beyond). Under F = 180 the exact elongation
 * is 0.3 + (180 - 175) / 125 = 0.34. From rest, Newton needs 4 solves for the whole load in one
 * increment (0 -> 0.18 -> 0.26 -> 0.32 -> 0.34, each tangent exact on its segment); with at most
 * 3 iterations the increment is cut back to 0.25 and the run completes. Also: DIRECT refuses to
 * cut back, the minimum increment and INC= stop the run with a message, and a linear model
 * ramps in the increments *STATIC asks for; with sn_static_settings.checked (the caller ran
 * sn_static_check) the same run, the same numbers. sn_static_settings.on_converged: called once
 * per converged increment (none for the cut-back attempts), right before that increment's
 * on_increment, with the same displacements and no stresses yet. */
#include "check.h"
#include "signorini/analysis.h"
#include "signorini/io.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  int n; double u, rf, t; int cut;
  int nconv, pending, bad;   /* on_converged: calls, the increment awaiting its on_increment, misorders */
  double uconv;
} last;

static int early(const sn_model *m, const sn_fesys *S, const sn_increment *inc, void *user)
{
  (void)m; (void)S;
  last *l = user;
  l->nconv++;
  if (l->pending || inc->s_node || inc->s_ip || inc->e_node || inc->e_ip || !inc->u) l->bad++;
  l->pending = inc->total_increment;
  l->uconv = inc->u[2];
  return 0;
}

static int grab(const sn_model *m, const sn_fesys *S, const sn_increment *inc, void *user)
{
  (void)m; (void)S;
  last *l = user;
  if (l->nconv && (l->pending != inc->total_increment || l->uconv != inc->u[2] || !inc->s_node)) l->bad++;
  l->pending = 0;
  l->n++;
  l->u = inc->u[2];          /* node 2, x */
  l->rf = inc->rf[0];        /* node 1, x */
  l->t = inc->total_time;
  l->cut += inc->cutbacks;
  return 0;
}

static int run_with(const char *static_lines, int max_newton, int checked, int conv, last *l, sn_static_info *info,
                    char *msg, size_t len)
{
  char deck[2048];
  snprintf(deck, sizeof deck,
           "*NODE\n1, 0, 0\n2, 1, 0\n*ELEMENT, TYPE=SPRINGA, ELSET=S\n1, 1, 2\n"
           "*SPRING, ELSET=S, NONLINEAR\n0., 0.\n100., 0.1\n150., 0.2\n175., 0.3\n187.5, 0.4\n"
           "*BOUNDARY\n1, 1, 2\n2, 2\n%s\n*CLOAD\n2, 1, 180.\n*END STEP\n", static_lines);
  sn_model *m = NULL;
  int st = sn_inp_parse(deck, strlen(deck), "spring.inp", NULL, &m, msg, len);
  if (st) { fprintf(stderr, "%s\n", msg); return st; }
  sn_static_settings s;
  sn_static_settings_default(&s);
  s.max_newton = max_newton;
  s.checked = checked;
  if (checked) CHECK_INT(sn_static_check(m, msg, len), SN_OK);
  s.on_increment = grab;
  if (conv) s.on_converged = early;
  s.user = l;
  memset(l, 0, sizeof *l);
  st = sn_static_run(m, &s, info, msg, len);
  sn_model_free(m);
  return st;
}

static int run_checked(const char *static_lines, int max_newton, int checked, last *l, sn_static_info *info,
                       char *msg, size_t len)
{
  return run_with(static_lines, max_newton, checked, 0, l, info, msg, len);
}

static int run(const char *static_lines, int max_newton, last *l, sn_static_info *info, char *msg, size_t len)
{
  return run_checked(static_lines, max_newton, 0, l, info, msg, len);
}

int main(void)
{
  char msg[512];
  last l;
  sn_static_info info;
  /* enough iterations: one increment, 4 Newton solves */
  CHECK_INT(run("*STEP\n*STATIC\n1., 1.", 16, &l, &info, msg, sizeof msg), SN_OK);
  CHECK_INT(l.n, 1);
  CHECK_INT(info.newton_iterations, 4);
  CHECK_INT(info.cutbacks, 0);
  CHECK_CLOSE(l.u, 0.34, 1e-12, 0);
  CHECK_CLOSE(l.rf, -180.0, 1e-10, 0);
  CHECK_INT(run_checked("*STEP\n*STATIC\n1., 1.", 16, 1, &l, &info, msg, sizeof msg), SN_OK);
  CHECK_INT(l.n, 1);
  CHECK_INT(info.newton_iterations, 4);
  CHECK_CLOSE(l.u, 0.34, 1e-12, 0);
  /* at most 3: cut back to 0.25, then it completes (and the increment grows again) */
  CHECK_INT(run("*STEP\n*STATIC\n1., 1.", 3, &l, &info, msg, sizeof msg), SN_OK);
  CHECK(info.cutbacks >= 1);
  CHECK_INT(l.cut, info.cutbacks);
  {   /* the same with on_converged: once per converged increment, just before its on_increment */
    last e;
    sn_static_info ie;
    CHECK_INT(run_with("*STEP\n*STATIC\n1., 1.", 3, 0, 1, &e, &ie, msg, sizeof msg), SN_OK);
    CHECK_INT(e.n, l.n);
    CHECK_INT(e.nconv, e.n);
    CHECK_INT(e.bad, 0);
    CHECK_INT(e.pending, 0);
    CHECK(ie.cutbacks >= 1);
    CHECK_CLOSE(e.u, 0.34, 1e-12, 0);
  }
  CHECK(l.n >= 3);
  CHECK_CLOSE(l.t, 1.0, 1e-14, 0);
  CHECK_CLOSE(l.u, 0.34, 1e-12, 0);
  CHECK_CLOSE(l.rf, -180.0, 1e-10, 0);
  /* DIRECT: no cutback, a message */
  CHECK_INT(run("*STEP\n*STATIC, DIRECT\n1., 1.", 3, &l, &info, msg, sizeof msg), SN_ERR_ARG);
  CHECK(strstr(msg, "DIRECT allows no cutback") != NULL);
  /* the minimum increment forbids the cutback */
  CHECK_INT(run("*STEP\n*STATIC\n1., 1., 0.5, 1.", 3, &l, &info, msg, sizeof msg), SN_ERR_ARG);
  CHECK(strstr(msg, "minimum increment") != NULL);
  /* INC=1 while the cutback needs more increments */
  CHECK_INT(run("*STEP, INC=1\n*STATIC\n1., 1.", 3, &l, &info, msg, sizeof msg), SN_ERR_ARG);
  CHECK(strstr(msg, "INC=1") != NULL);
  /* fixed increments of 0.25: four reports, the last at the exact answer */
  CHECK_INT(run("*STEP\n*STATIC, DIRECT\n0.25, 1.", 16, &l, &info, msg, sizeof msg), SN_OK);
  CHECK_INT(l.n, 4);
  CHECK_CLOSE(l.u, 0.34, 1e-12, 0);
  return sn_check_report();
}
