/* signorini solve FILE --solver NAME [...]: solve a discrete problem from a file.
 * Exit status: 0 tolerance reached; 3 not reached (iteration or time limit, stalled, ray);
 * 1 error (file, data, solver failure); 2 usage. */
#include "cli.h"
#include "signorini/io.h"
#include "signorini/solver.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

sn_file_problem *sn_cli_read(const char *path);
const char *sn_cli_kind(const sn_file_problem *F);

static int parse_num(const char *opt, const char *v, double *out)
{
  char *end;
  *out = strtod(v, &end);
  if (end == v || *end || !isfinite(*out) || *out < 0)
    return sn_cli_usage_error("solve: invalid value '%s' for %s", v, opt);
  return 0;
}

/* JSON string: the few characters that need escaping in paths and names */
static void json_str(const char *s)
{
  putchar('"');
  for (; *s; s++) {
    if (*s == '"' || *s == '\\') printf("\\%c", *s);
    else if ((unsigned char)*s < 0x20) printf("\\u%04x", *s);
    else putchar(*s);
  }
  putchar('"');
}

int sn_cli_solve(int argc, char **argv)
{
  const char *file = NULL, *solver = NULL, *out = NULL;
  int json = 0;
  sn_settings s;
  sn_settings_default(&s);
  for (int i = 0; i < argc; i++) {
    const char *a = argv[i];
    int has = i + 1 < argc;
    double v;
    if (!strcmp(a, "--json")) json = 1;
    else if (!strcmp(a, "--solver") || !strcmp(a, "--tol") || !strcmp(a, "--max-iter") ||
             !strcmp(a, "--time-limit") || !strcmp(a, "-o") || !strcmp(a, "--options")) {
      if (!has) return sn_cli_usage_error("solve: %s needs a value", a);
      const char *val = argv[++i];
      if (!strcmp(a, "--solver")) solver = val;
      else if (!strcmp(a, "-o")) out = val;
      else if (!strcmp(a, "--options")) s.options = val;
      else if (parse_num(a, val, &v)) return 2;
      else if (!strcmp(a, "--tol")) { if (!(v > 0)) return sn_cli_usage_error("solve: --tol must be > 0"); s.tol = v; }
      else if (!strcmp(a, "--max-iter")) { if (v < 1 || v > 1e9 || v != floor(v)) return sn_cli_usage_error("solve: --max-iter must be a positive integer"); s.max_iter = (int)v; }
      else s.time_limit = v;
    } else if (a[0] == '-' && a[1]) return sn_cli_usage_error("solve: unknown option '%s'", a);
    else if (!file) file = a;
    else return sn_cli_usage_error("solve: more than one FILE ('%s')", a);
  }
  if (!file) return sn_cli_usage_error("solve: missing FILE");
  sn_file_problem *F = sn_cli_read(file);
  if (!F) return 1;
  if (!solver) solver = F->kind == SN_KIND_LCP ? "lemke" : "nsgs";
  const sn_solver_entry *e = sn_solver_find(solver);
  if (!e) { sn_file_problem_free(F); return sn_cli_usage_error("solve: unknown solver '%s' (see 'signorini solvers')", solver); }

  int n = 0, nv = 0, rc = 0, st, dim = 0;
  sn_info info = {0};
  if (F->kind == SN_KIND_LCP) {
    n = F->lcp->n;
    if (!e->lcp) rc = sn_cli_usage_error("solve: solver '%s' does not solve an LCP", solver);
  } else {
    dim = F->kind == SN_KIND_FC ? F->fc->dim : F->gfc->dim;
    n = dim * (F->kind == SN_KIND_FC ? F->fc->nc : F->gfc->nc);
    nv = F->kind == SN_KIND_GFC ? F->gfc->ndof : 0;
    int fits = (e->fc && (e->dims & (1 << dim))) || (F->kind == SN_KIND_GFC && e->gfc);
    if (!fits) rc = sn_cli_usage_error("solve: solver '%s' does not solve %dD %s frictional contact", solver, dim,
                                       F->kind == SN_KIND_GFC ? "global" : "local");
  }
  sn_solution *S = rc ? NULL : sn_solution_alloc(n, nv, 0);
  if (!rc && !S) rc = sn_cli_fail("out of memory");
  if (rc) goto done;
  if (F->guess && F->guess->nr == n) sn_copy(n, F->guess->r, S->r);   /* FCLIB guess: warm start */
  if (F->guess && F->guess->v && F->guess->nv == nv) sn_copy(nv, F->guess->v, S->v);
  if (F->kind == SN_KIND_LCP) st = sn_lcp_solve(F->lcp, solver, S->r, S->u, &s, &info);
  else if (F->kind == SN_KIND_FC) st = sn_fc_solve(F->fc, solver, S->r, S->u, &s, &info);
  else st = sn_gfc_solve(F->gfc, solver, S->r, S->v, &s, &info);   /* direct, or condensed */
  double err = info.error, geq = NAN, gloc = NAN;
  if (st == SN_ERR_UNKNOWN && s.options) {
    rc = sn_cli_usage_error("solve: solver '%s' does not know an option in '%s'", solver, s.options);
    goto done;
  }
  if (st < 0) { rc = sn_cli_fail("%s: %s failed: %s", file, solver, sn_strerror(st)); goto done; }
  if (F->kind == SN_KIND_GFC) {
    sn_copy(n, F->gfc->w, S->u);            /* u = H^T v + w */
    sn_csc_gemv_t(F->gfc->H, 1.0, S->v, 1.0, S->u);
    sn_gfc_error(F->gfc, S->r, S->v, NULL, &geq, &gloc);
  }
  rc = st == SN_OK ? 0 : 3;
  if (json) {
    printf("{\"file\": ");
    json_str(file);
    printf(", \"kind\": \"%s\", \"size\": %d, \"solver\": ", sn_cli_kind(F), n);
    json_str(solver);
    printf(", \"status\": ");
    json_str(sn_strerror(st));
    printf(", \"status_code\": %d, \"converged\": %s, \"iterations\": %d, \"error\": %.6e, "
           "\"tolerance\": %.3e, \"seconds\": %.6e",
           st, st == SN_OK ? "true" : "false", info.iterations, err, s.tol, info.seconds);
    if (F->kind == SN_KIND_GFC)
      printf(", \"equilibrium_error\": %.6e, \"local_error\": %.6e", geq, gloc);
    printf("}\n");
  } else {
    printf("problem: %s (%s, size %d)\nsolver: %s\nstatus: %s\niterations: %d\nerror: %.6e\nseconds: %.6e\n",
           file, sn_cli_kind(F), n, solver, sn_strerror(st), info.iterations, err, info.seconds);
    if (F->kind == SN_KIND_GFC) printf("error parts: equilibrium %.6e, local %.6e\n", geq, gloc);
  }
  if (out) {   /* FCLIB layout: the problem with its /solution (an LCP: the solution alone) */
    char msg[1024] = "";
    int w = F->kind == SN_KIND_LCP ? sn_fclib_write_solution(out, S, msg, sizeof msg)
                                   : sn_fclib_write(out, F->fc, F->gfc, S, msg, sizeof msg);
    if (w) rc = sn_cli_fail("%s", msg[0] ? msg : sn_strerror(w));
  }
done:
  sn_solution_free(S);
  sn_file_problem_free(F);
  return rc;
}
