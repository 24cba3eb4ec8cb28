/* signorini solve FILE [--solver NAME] [...]: solve a discrete problem from a file (default: auto).
 * Exit status: 0 tolerance reached; 3 not reached (iteration or time limit, stalled, ray, diverged);
 * 1 error (file, data, solver failure); 2 usage. */
#include "cli.h"
#include "signorini/io.h"
#include "signorini/petsc.h"
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
  if (end == v || *end || !isfinite(*out))
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

/* the options: --solver, --tol, --max-iter, --time-limit, --options, -o, --json
 * (--quiet, --cold: caller) */
static int option(const sn_args *a, sn_settings *s, const char **solver, const char **out, int *json)
{
  double v;
  if (sn_args_is(a, "--json")) *json = 1;
  else if (sn_args_is(a, "--solver")) *solver = a->val;
  else if (sn_args_is(a, "-o")) *out = a->val;
  else if (sn_args_is(a, "--options")) s->options = a->val;
  else if (parse_num(a->opt->lng, a->val, &v)) return 2;
  else if (sn_args_is(a, "--tol")) {
    if (!(v > 0)) return sn_args_error(a->cmd, "invalid value '%s' for --tol: it must be > 0", a->val);
    s->tol = v;
  } else if (sn_args_is(a, "--max-iter")) {
    if (v < 1 || v > 1e9 || v != floor(v))
      return sn_args_error(a->cmd, "invalid value '%s' for --max-iter: it must be a positive integer", a->val);
    s->max_iter = (int)v;
  } else if (v < 0) return sn_args_error(a->cmd, "invalid value '%s' for --time-limit: it must be >= 0", a->val);
  else s->time_limit = v;
  return 0;
}

/* progress on stderr, at most once a second, from the first second on */
typedef struct {
  double t0, last;
  int printed;
} progress_ctx;

static int progress(int iter, double error, void *user)
{
  progress_ctx *p = user;
  double now = sn_wtime();
  if (now - p->t0 < 1.0 || now - p->last < 1.0) return 0;
  fprintf(stderr, "signorini: solve: iteration %d, error %.3e, %.1f s\n", iter, error, now - p->t0);
  p->last = now;
  p->printed = 1;
  return 0;
}

/* does the named solver fit the problem? (0, or a usage error printed: 2) */
static int fits(const sn_file_problem *F, const char *solver)
{
  if (!strcmp(solver, "auto")) return 0;
  const sn_solver_entry *e = sn_solver_find(solver);
  if (!e) return sn_args_error(&sn_cli_cmd_solve, "unknown solver '%s' (see 'signorini solvers')", solver);
  if (F->kind == SN_KIND_LCP) {
    if (!e->lcp) return sn_args_error(&sn_cli_cmd_solve, "solver '%s' does not solve an LCP", solver);
    return 0;
  }
  int dim = F->kind == SN_KIND_FC ? F->fc->dim : F->gfc->dim;
  if ((e->fc && (e->dims & (1 << dim))) || (F->kind == SN_KIND_GFC && e->gfc)) return 0;
  return sn_args_error(&sn_cli_cmd_solve, "solver '%s' does not solve %dD %s frictional contact",
                       solver, dim, F->kind == SN_KIND_GFC ? "global" : "local");
}

/* where the solve starts: the file's guess (FCLIB /guesses, when it fits the problem and
 * --cold is not given) or zero */
typedef enum { START_ZERO = 0, START_GUESS, START_COLD } start_kind;

static start_kind warm_start(const sn_file_problem *F, int cold, int n, int nv, sn_solution *S)
{
  int fits_r = F->guess && F->guess->nr == n, fits_v = F->guess && F->guess->v && F->guess->nv == nv;
  if (!fits_r && !fits_v) return START_ZERO;
  if (cold) return START_COLD;
  if (fits_r) sn_copy(n, F->guess->r, S->r);
  if (fits_v) sn_copy(nv, F->guess->v, S->v);
  return START_GUESS;
}

static const char *const START_TEXT[] = {
    "zero", "the file's guess (/guesses; --cold starts from zero)", "zero (--cold: the file's guess is ignored)"};
static const char *const START_JSON[] = {"zero", "file_guess", "zero"};

static void json_num(const char *key, double v)
{
  if (isfinite(v)) printf(", \"%s\": %.6e", key, v);
  else printf(", \"%s\": null", key);
}

/* message: the failure's text (a solver that failed: st < 0), NULL otherwise (then null) */
static void print_json(const char *file, const sn_file_problem *F, int n, const char *solver, start_kind start,
                       int st, const sn_info *I, double tol, double geq, double gloc, const char *message)
{
  printf("{\"file\": ");
  json_str(file);
  printf(", \"kind\": \"%s\", \"size\": %d, \"start\": \"%s\", \"file_has_guess\": %s, \"solver\": ",
         sn_cli_kind(F), n, START_JSON[start], start == START_ZERO ? "false" : "true");
  json_str(solver);
  printf(", \"solved_by\": ");
  if (st == SN_OK && I->solver) json_str(I->solver);
  else printf("null");
  printf(", \"tried\": [");
  for (int k = 0; k < I->ntried; k++) {
    printf("%s{\"solver\": ", k ? ", " : "");
    json_str(I->tried[k].name);
    printf(", \"status\": ");
    json_str(sn_strerror(I->tried[k].status));
    printf(", \"iterations\": %d", I->tried[k].iterations);
    json_num("error", I->tried[k].error);
    json_num("seconds", I->tried[k].seconds);
    printf("}");
  }
  printf("], \"status\": ");
  json_str(sn_strerror(st));
  printf(", \"status_code\": %d, \"converged\": %s, \"message\": ", st, st == SN_OK ? "true" : "false");
  if (message) json_str(message);
  else printf("null");
  printf(", \"iterations\": %d", I->iterations);
  json_num("error", I->error);
  if (F->kind != SN_KIND_LCP) {
    json_num("absolute_residual", I->abs_residual);
    json_num("penetration", I->penetration);
    json_num("cone_violation", I->cone_violation);
  }
  printf(", \"tolerance\": %.3e", tol);
  json_num("seconds", I->seconds);
  if (F->kind == SN_KIND_GFC) {
    json_num("equilibrium_error", geq);
    json_num("local_error", gloc);
  }
  printf("}\n");
}

/* --petsc: the ranks and what the distributed solve did (docs/parallel.md) */
static void print_petsc(const sn_petsc_stats *ps, int json)
{
  if (json)
    printf("{\"ranks\": %d, \"seconds_min\": %.6e, \"seconds_max\": %.6e, \"krylov_iterations\": %ld, "
           "\"operators\": %d}\n", ps->size, ps->seconds_min, ps->seconds_max, ps->ksp_iterations, ps->operators);
  else
    printf("ranks: %d\nrank seconds: min %.6e, max %.6e\nkrylov iterations: %ld\noperators: %d\n", ps->size,
           ps->seconds_min, ps->seconds_max, ps->ksp_iterations, ps->operators);
}

/* --petsc: PETSc and MPI started (each rank of `mpirun -n P` runs this program); the ranks but
 * the first print nothing (their output would repeat rank 0's; mpi_ranks.c). 0, or the exit
 * status. */
static int petsc_begin(const char *solver, const char *threads, int *nthreads, sn_cli_ranks *R)
{
  if (strcmp(solver, "auto") && strcmp(solver, "petsc_admm"))
    return sn_args_error(&sn_cli_cmd_solve, "--petsc solves with petsc_admm, the distributed ADMM: solver '%s' "
                         "does not run over MPI", solver);
  char msg[512];
  int size, rank;
  if (sn_petsc_start(&rank, &size, msg, sizeof msg)) return sn_cli_fail("--petsc: %s", msg);
  sn_cli_threads_per_rank(threads, size, nthreads);
  if (sn_cli_ranks_begin(R, rank, size)) return sn_cli_ranks_end(R, 1);
  return 0;
}

static void print_text(const char *file, const sn_file_problem *F, int n, const char *solver, start_kind start,
                       int st, const sn_info *I, double geq, double gloc)
{
  printf("problem: %s (%s, size %d)\nstart: %s\n", file, sn_cli_kind(F), n, START_TEXT[start]);
  if (!strcmp(solver, "auto")) printf("solver: auto -> %s\n", I->solver ? I->solver : "none succeeded");
  else printf("solver: %s\n", solver);
  if (!strcmp(solver, "auto"))
    for (int k = 0; k < I->ntried; k++)
      printf("tried: %s: %s, %d iterations, error %.3e, %.3f s\n", I->tried[k].name,
             sn_strerror(I->tried[k].status), I->tried[k].iterations, I->tried[k].error,
             I->tried[k].seconds);
  printf("status: %s\niterations: %d\nerror: %.6e\n", sn_strerror(st), I->iterations, I->error);
  if (F->kind != SN_KIND_LCP)
    printf("absolute residual: %.6e\npenetration: %.6e\ncone violation: %.6e\n", I->abs_residual,
           I->penetration, I->cone_violation);
  printf("seconds: %.6e\n", I->seconds);
  if (F->kind == SN_KIND_GFC) printf("error parts: equilibrium %.6e, local %.6e\n", geq, gloc);
}

int sn_cli_solve(int argc, char **argv)
{
  const char *file = NULL, *solver = "auto", *out = NULL, *threads = NULL;
  int json = 0, quiet = 0, cold = 0, k, nthreads, petsc = 0;
  sn_cli_ranks R = {0, 1, -1, NULL};   /* one rank, until --petsc starts MPI */
  sn_settings s;
  sn_settings_default(&s);
  sn_args a;
  sn_args_init(&a, &sn_cli_cmd_solve, argc, argv);
  while ((k = sn_args_next(&a)) > 0) {
    if (k == SN_ARGS_OPT && sn_args_is(&a, "--quiet")) quiet = 1;
    else if (k == SN_ARGS_OPT && sn_args_is(&a, "--cold")) cold = 1;
    else if (k == SN_ARGS_OPT && sn_args_is(&a, "--threads")) threads = a.val;
    else if (k == SN_ARGS_OPT && sn_args_is(&a, "--petsc")) petsc = 1;
    else if (k == SN_ARGS_OPT) {
      if (option(&a, &s, &solver, &out, &json)) return 2;
    } else if (!file) file = a.val;
    else return sn_args_error(a.cmd, "more than one FILE ('%s')", a.val);
  }
  if (k == SN_ARGS_EXIT) return a.rc;
  if ((k = sn_cli_threads(a.cmd, threads, &nthreads))) return k;
  s.threads = nthreads;
  if (!file) return sn_args_error(a.cmd, "missing FILE");
  if (sn_cli_not_a_deck(a.cmd, file)) return 2;
  if (petsc && (k = petsc_begin(solver, threads, &nthreads, &R))) return k;   /* from here on, sn_cli_ranks_end at the end */
  s.threads = nthreads;
  sn_file_problem *F = sn_cli_read(file);
  int n = 0, nv = 0, rc = !F ? 1 : !petsc ? fits(F, solver)
                      : F->kind != SN_KIND_GFC ? sn_args_error(a.cmd, "--petsc solves global frictional contact problems only")
                                               : 0, st;
  sn_info info = {0};
  sn_petsc_stats ps = {0};
  sn_solution *S = NULL;
  if (rc) goto done;
  if (petsc) solver = "petsc_admm";
  if (F->kind == SN_KIND_LCP) n = F->lcp->n;
  else if (F->kind == SN_KIND_FC) n = F->fc->dim * F->fc->nc;
  else { n = F->gfc->dim * F->gfc->nc; nv = F->gfc->ndof; }
  if (!(S = sn_solution_alloc(n, nv, 0))) {
    rc = sn_cli_fail("out of memory");
    goto done;
  }
  start_kind start = warm_start(F, cold, n, nv, S);
  progress_ctx pc = {sn_wtime(), 0.0, 0};
  if (!quiet) { s.progress = progress; s.user = &pc; }
  if (F->kind == SN_KIND_LCP) st = sn_lcp_solve(F->lcp, solver, S->r, S->u, &s, &info);
  else if (F->kind == SN_KIND_FC) st = sn_fc_solve(F->fc, solver, S->r, S->u, &s, &info);
  else if (petsc) st = sn_gfc_admm_petsc(F->gfc, S->r, S->v, &s, &info, &ps);   /* collective */
  else st = sn_gfc_solve(F->gfc, solver, S->r, S->v, &s, &info);   /* direct, or condensed */
  double geq = NAN, gloc = NAN;
  if (st == SN_ERR_UNKNOWN && s.options) {
    rc = sn_args_error(&sn_cli_cmd_solve, "solver '%s' does not know an option in '%s'%s", solver,
                       s.options, strcmp(solver, "auto") ? "" : " (auto takes no options: name a solver)");
    goto done;
  }
  if (st < 0) {
    char why[256];
    if (st == SN_ERR_ARG && s.options)   /* a value out of range, or a refused combination */
      snprintf(why, sizeof why, "%s failed: %s (an option value in '%.120s' is out of range or its "
               "combination refused: 'signorini solvers')", solver, sn_strerror(st), s.options);
    else snprintf(why, sizeof why, "%s failed: %s", solver, sn_strerror(st));
    if (json) print_json(file, F, n, solver, start, st, &info, s.tol, geq, gloc, why);
    rc = sn_cli_fail("%s: %s", file, why);
    goto done;
  }
  if (F->kind == SN_KIND_GFC) {
    sn_copy(n, F->gfc->w, S->u);            /* u = H^T v + w */
    sn_csc_gemv_t(F->gfc->H, 1.0, S->v, 1.0, S->u);
    sn_gfc_error(F->gfc, S->r, S->v, NULL, &geq, &gloc);
  }
  rc = st == SN_OK ? 0 : 3;
  if (json) print_json(file, F, n, solver, start, st, &info, s.tol, geq, gloc, NULL);
  else print_text(file, F, n, solver, start, st, &info, geq, gloc);
  if (petsc) print_petsc(&ps, json);
  if (st != SN_OK) fprintf(stderr, "signorini: solve: %s: %s\n", file, sn_strerror(st));
  if (out && R.rank == 0) {   /* --petsc: every rank holds the whole solution; the first writes it */   /* FCLIB layout: the problem with its /solution (an LCP: the solution alone) */
    char msg[1024] = "";
    int w = F->kind == SN_KIND_LCP ? sn_fclib_write_solution(out, S, msg, sizeof msg)
                                   : sn_fclib_write(out, F->fc, F->gfc, S, msg, sizeof msg);
    if (w) rc = sn_cli_fail("%s", msg[0] ? msg : sn_strerror(w));
  }
done:
  sn_solution_free(S);
  sn_file_problem_free(F);
  if (petsc) rc = sn_cli_ranks_end(&R, rc);
  return rc;
}

const sn_cli_cmd sn_cli_cmd_solve = {
    "solve", "FILE [OPTIONS]",
    "solve an LCP, a local or a global frictional contact problem from a file",
    "FILE is an FCLIB file (.hdf5) or a Siconos text file (.dat). Prints the problem's kind and "
    "size, the solver (with auto: the one that succeeded and every solver tried, with its status "
    "and error), its status, iterations, error (Siconos' relative measure), the absolute "
    "residual, the largest penetration and the largest cone violation, and the time; for a "
    "global problem also the equilibrium and local parts of the error. A result is solved only "
    "when the error is within the tolerance AND it is honest in absolute terms (penetration at "
    "most sqrt(tol) times the velocity scale of the data, cone violation at most sqrt(tol) times "
    "the largest reaction, complementarity r.u at most sqrt(tol) times the velocity scale times "
    "the largest reaction: docs/solvers.md); a reaction that grows without bound is reported as "
    "'no solution found: the problem may be infeasible'. Solves longer than a second print their "
    "progress on stderr once a second. A guess stored in an FCLIB file (its /guesses group) is "
    "the starting point, and the line 'start:' (JSON \"start\": \"file_guess\") says so; --cold "
    "starts from zero instead ('start: zero', JSON \"start\": \"zero\"; \"file_has_guess\" tells "
    "whether the file holds one).\n"
    "Input decks (.inp) are analysed with 'signorini run'.",
    {{NULL, "--solver", "NAME", "auto",
      "the solver, a name from 'signorini solvers'; auto chooses by problem kind and size and "
      "falls back through the registry"},
     {NULL, "--tol", "T", "1e-8", "the tolerance on the error"},
     {NULL, "--max-iter", "N", "1000", "the largest number of outer iterations, for every solver "
      "(a sweep, a Newton step, a pivot: 'signorini solvers' says which); auto: its budget in Newton "
      "steps over all attempts, a step of apgd, ccp or rest counting 1/40"},
     {NULL, "--time-limit", "S", "0 (none)", "stop after S seconds of solver time (auto: in all), checked between iterations: "
      "an iteration under way (for the Newton methods a sparse factorization) is finished first"},
     {NULL, "--options", "K=V,...", "none", "the solver's own settings (listed by 'signorini solvers')"},
     {"-o", "--output", "SOL.hdf5", "none",
      "write the problem and its solution in the FCLIB layout (for an LCP the solution alone)"},
     {NULL, "--cold", NULL, NULL, "start from zero, ignoring a guess stored in the file (FCLIB "
      "/guesses); without it such a guess is the starting point"},
     {NULL, "--json", NULL, NULL, "print one JSON object instead of the text lines (progress, "
      "if any, still goes to stderr)"},
     {"-q", "--quiet", NULL, NULL, "no progress lines (otherwise one a second on stderr for solves "
      "longer than a second)"},
     {NULL, "--petsc", NULL, NULL, "solve a global problem over MPI with PETSc: the distributed ADMM petsc_admm "
      "(docs/parallel.md), run as 'mpirun -n P signorini solve FILE --petsc' (alone: one rank); every "
      "rank reads FILE, the first alone prints and writes -o; also prints the ranks, the fastest and "
      "slowest rank's time, the Krylov iterations and the operators set up (--json: a second JSON "
      "line). Needs a build with the PETSc module"},
     SN_CLI_THREADS_OPT},
    {{0, "the tolerance was reached"},
     {1, "error: the file cannot be read or holds invalid data, the solver failed, or the "
         "output cannot be written"},
     {2, "usage error: unknown option or solver, a solver that does not fit the problem"},
     {3, "the tolerance was not reached (iteration or time limit, stalled, secondary ray, no "
         "solution: the problem may be infeasible)"}},
    {{"signorini solve tests/data/problems/fc3d/Capsules-i100-889.hdf5",
      "solves a 3D frictional contact problem with the default solver"},
     {"signorini solve tests/data/problems/fc2d/FrictionContactProblem00071.dat --solver lemke2d "
      "--tol=1e-10 -o sol.hdf5 --json",
      "solves with Lemke's method for 2D friction, prints JSON and writes the solution to "
      "sol.hdf5 (see 'signorini check')"}},
    sn_cli_solve};
