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
    return sn_args_error(&sn_cli_cmd_solve, "invalid value '%s' for %s", v, opt);
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

/* the options: --solver, --tol, --max-iter, --time-limit, --options, -o, --json */
static int option(const sn_args *a, sn_settings *s, const char **solver, const char **out, int *json)
{
  double v;
  if (sn_args_is(a, "--json")) *json = 1;
  else if (sn_args_is(a, "--solver")) *solver = a->val;
  else if (sn_args_is(a, "-o")) *out = a->val;
  else if (sn_args_is(a, "--options")) s->options = a->val;
  else if (parse_num(a->opt->lng, a->val, &v)) return 2;
  else if (sn_args_is(a, "--tol")) {
    if (!(v > 0)) return sn_args_error(a->cmd, "--tol must be > 0");
    s->tol = v;
  } else if (sn_args_is(a, "--max-iter")) {
    if (v < 1 || v > 1e9 || v != floor(v)) return sn_args_error(a->cmd, "--max-iter must be a positive integer");
    s->max_iter = (int)v;
  } else s->time_limit = v;
  return 0;
}

int sn_cli_solve(int argc, char **argv)
{
  const char *file = NULL, *solver = NULL, *out = NULL;
  int json = 0, k;
  sn_settings s;
  sn_settings_default(&s);
  sn_args a;
  sn_args_init(&a, &sn_cli_cmd_solve, argc, argv);
  while ((k = sn_args_next(&a)) > 0) {
    if (k == SN_ARGS_OPT) {
      if (option(&a, &s, &solver, &out, &json)) return 2;
    } else if (!file) file = a.val;
    else return sn_args_error(a.cmd, "more than one FILE ('%s')", a.val);
  }
  if (k == SN_ARGS_EXIT) return a.rc;
  if (!file) return sn_args_error(a.cmd, "missing FILE");
  if (sn_cli_not_a_deck(a.cmd, file)) return 2;
  sn_file_problem *F = sn_cli_read(file);
  if (!F) return 1;
  if (!solver) solver = F->kind == SN_KIND_LCP ? "lemke" : "nsgs";
  const sn_solver_entry *e = sn_solver_find(solver);
  if (!e) { sn_file_problem_free(F); return sn_args_error(&sn_cli_cmd_solve, "unknown solver '%s' (see 'signorini solvers')", solver); }

  int n = 0, nv = 0, rc = 0, st, dim = 0;
  sn_info info = {0};
  if (F->kind == SN_KIND_LCP) {
    n = F->lcp->n;
    if (!e->lcp) rc = sn_args_error(&sn_cli_cmd_solve, "solver '%s' does not solve an LCP", solver);
  } else {
    dim = F->kind == SN_KIND_FC ? F->fc->dim : F->gfc->dim;
    n = dim * (F->kind == SN_KIND_FC ? F->fc->nc : F->gfc->nc);
    nv = F->kind == SN_KIND_GFC ? F->gfc->ndof : 0;
    int fits = (e->fc && (e->dims & (1 << dim))) || (F->kind == SN_KIND_GFC && e->gfc);
    if (!fits) rc = sn_args_error(&sn_cli_cmd_solve, "solver '%s' does not solve %dD %s frictional contact", solver, dim,
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
    rc = sn_args_error(&sn_cli_cmd_solve, "solver '%s' does not know an option in '%s'", solver, s.options);
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

const sn_cli_cmd sn_cli_cmd_solve = {
    "solve", "FILE [OPTIONS]",
    "solve an LCP, a local or a global frictional contact problem from a file",
    "FILE is an FCLIB file (.hdf5) or a Siconos text file (.dat). Prints the problem's kind and "
    "size, the solver, its status, iterations, error (Siconos' relative measure) and time; for a "
    "global problem also the equilibrium and local parts of the error. A guess stored in an FCLIB "
    "file is the starting point.\n"
    "Input decks (.inp) are analysed with 'signorini run'.",
    {{NULL, "--solver", "NAME", "auto",
      "the solver, a name from 'signorini solvers'; auto chooses by problem kind and size and "
      "falls back through the registry"},
     {NULL, "--tol", "T", "1e-8", "the tolerance on the error"},
     {NULL, "--max-iter", "N", "1000", "the largest number of (outer) iterations"},
     {NULL, "--time-limit", "S", "0 (none)", "stop after S seconds of solver time"},
     {NULL, "--options", "K=V,...", "none", "the solver's own settings (listed by 'signorini solvers')"},
     {"-o", "--output", "SOL.hdf5", "none",
      "write the problem and its solution in the FCLIB layout (for an LCP the solution alone)"},
     {NULL, "--json", NULL, NULL, "print one JSON object instead of the text lines"}},
    {{0, "the tolerance was reached"},
     {3, "the tolerance was not reached (iteration or time limit, stalled, secondary ray)"},
     {1, "error: the file cannot be read or holds invalid data, the solver failed, or the "
         "output cannot be written"},
     {2, "usage error: unknown option or solver, a solver that does not fit the problem"}},
    {{"signorini solve tests/data/problems/fc3d/Capsules-i100-889.hdf5",
      "solves a 3D frictional contact problem with the default solver"},
     {"signorini solve tests/data/problems/fc2d/FrictionContactProblem00071.dat --solver lemke2d "
      "--tol=1e-10 -o sol.hdf5 --json",
      "solves with Lemke's method for 2D friction, prints JSON and writes the solution to "
      "sol.hdf5 (see 'signorini check')"}},
    sn_cli_solve};
