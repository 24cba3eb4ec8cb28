/* signorini info | convert | check | solvers: look at, convert and verify problem files. */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"
#include "signorini/io.h"
#include "signorini/solver.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

/* read any problem file, reporting failure on stderr; returns NULL on failure */
sn_file_problem *sn_cli_read(const char *path)
{
  sn_file_problem *F = NULL;
  char err[1024] = "";
  int st = sn_read_problem(path, &F, err, sizeof err);
  if (st) {
    sn_cli_fail("%s", err[0] ? err : sn_strerror(st));
    return NULL;
  }
  return F;
}

int sn_cli_not_a_deck(const sn_cli_cmd *cmd, const char *path)
{
  int exists;
  if (sn_cli_file_kind(path, &exists) != SN_FILE_DECK || !exists) return 0;
  return sn_args_error(cmd, "%s is an input deck: decks are run with 'signorini run %s'", path, path);
}

/* the positional arguments of a command with no options: exactly n of them, else a usage error
 * ("expected WHAT"). Returns 1 to go on; 0 to stop with exit status *rc (after --help or an
 * error). */
static int positionals(const sn_cli_cmd *cmd, int argc, char **argv, int n, const char **out, const char *what,
                       int *rc)
{
  sn_args a;
  sn_args_init(&a, cmd, argc, argv);
  int k, got = 0;
  *rc = 2;
  while ((k = sn_args_next(&a)) == SN_ARGS_POS) {
    if (got == n) {
      sn_args_error(cmd, "expected %s", what);
      return 0;
    }
    out[got++] = a.val;
  }
  if (k == SN_ARGS_EXIT) {
    *rc = a.rc;
    return 0;
  }
  if (got != n) {
    sn_args_error(cmd, "expected %s", what);
    return 0;
  }
  return 1;
}

const char *sn_cli_kind(const sn_file_problem *F)
{
  switch (F->kind) {
  case SN_KIND_LCP: return "lcp";
  case SN_KIND_FC: return F->fc->dim == 2 ? "fc2d" : "fc3d";
  case SN_KIND_GFC: return F->gfc->dim == 2 ? "gfc2d" : "gfc3d";
  default: return "unknown";
  }
}

static void mu_range(int nc, const double *mu, double *lo, double *hi)
{
  *lo = nc ? INFINITY : 0;
  *hi = nc ? -INFINITY : 0;
  for (int i = 0; i < nc; i++) { *lo = fmin(*lo, mu[i]); *hi = fmax(*hi, mu[i]); }
}

int sn_cli_info(int argc, char **argv)
{
  const char *file = NULL;
  int rc;
  if (!positionals(&sn_cli_cmd_info, argc, argv, 1, &file, "one FILE", &rc)) return rc;
  if (sn_cli_not_a_deck(&sn_cli_cmd_info, file)) return 2;
  sn_file_problem *F = sn_cli_read(file);
  if (!F) return 1;
  double lo, hi;
  printf("file: %s\nkind: %s\n", file, sn_cli_kind(F));
  if (F->kind == SN_KIND_LCP) {
    printf("size: %d\nnnz: %d\n", F->lcp->n, F->lcp->M->nnz);
  } else if (F->kind == SN_KIND_FC) {
    mu_range(F->fc->nc, F->fc->mu, &lo, &hi);
    printf("contacts: %d\nsize: %d\nnnz(W): %d\nmu: [%g, %g]\n", F->fc->nc, F->fc->dim * F->fc->nc,
           F->fc->W->nnz, lo, hi);
  } else {
    const sn_gfc *G = F->gfc;
    mu_range(G->nc, G->mu, &lo, &hi);
    printf("contacts: %d\ndofs: %d\nnnz(M): %d\nnnz(H): %d\nequalities: %d\nmu: [%g, %g]\n", G->nc,
           G->ndof, G->M->nnz, G->H->nnz, G->neq, lo, hi);
  }
  int has = F->solution && (sn_nrm2(F->solution->nr, F->solution->r) > 0 ||
                            (F->solution->v && sn_nrm2(F->solution->nv, F->solution->v) > 0));
  printf("solution: %s\nguess: %s\n", F->solution ? (has ? "present" : "present (all zero)") : "absent",
         F->guess ? "present" : "absent");
  sn_file_problem_free(F);
  return 0;
}

/* the output format of convert, by OUT's extension (case-insensitive): 1 FCLIB, 2 Siconos .dat, 0 unknown */
static int convert_format(const char *out)
{
  const char *dot = strrchr(out, '.'), *slash = strrchr(out, '/');
  if (!dot || (slash && dot < slash)) return 0;
  if (!strcasecmp(dot, ".hdf5") || !strcasecmp(dot, ".h5")) return 1;
  if (!strcasecmp(dot, ".dat")) return 2;
  return 0;
}

int sn_cli_convert(int argc, char **argv)
{
  const char *io[2] = {NULL, NULL};
  int rc;
  if (!positionals(&sn_cli_cmd_convert, argc, argv, 2, io, "IN OUT", &rc)) return rc;
  if (sn_cli_not_a_deck(&sn_cli_cmd_convert, io[0])) return 2;
  int fmt = convert_format(io[1]);
  if (!fmt)
    return sn_args_error(&sn_cli_cmd_convert, "%s: unknown output format; OUT ends in .hdf5 or .h5 (FCLIB) or .dat (Siconos text)",
                         io[1]);
  sn_file_problem *F = sn_cli_read(io[0]);
  if (!F) return 1;
  if (fmt == 1 && F->kind == SN_KIND_LCP) {
    sn_file_problem_free(F);
    return sn_cli_fail("%s: an LCP has no FCLIB layout; write it as Siconos text (OUT.dat)", io[0]);
  }
  char err[1024] = "";
  int st;
  if (fmt == 1) st = sn_fclib_write(io[1], F->fc, F->gfc, F->solution, err, sizeof err);
  else if (F->kind == SN_KIND_LCP) st = sn_dat_write_lcp(io[1], F->lcp, err, sizeof err);
  else if (F->kind == SN_KIND_FC) st = sn_dat_write_fc(io[1], F->fc, err, sizeof err);
  else st = sn_dat_write_gfc(io[1], F->gfc, err, sizeof err);
  int dropped = fmt == 2 && !st && F->solution;
  sn_file_problem_free(F);
  if (st) return sn_cli_fail("%s", err[0] ? err : sn_strerror(st));
  if (dropped) fprintf(stderr, "signorini: note: the .dat format holds no solution; %s's solution was not written\n", io[0]);
  fprintf(stderr, "signorini: wrote %s\n", io[1]);
  return 0;
}

int sn_cli_check(int argc, char **argv)
{
  double tol = 1e-8;
  const char *files[2] = {NULL, NULL};
  int nf = 0, k;
  sn_args a;
  sn_args_init(&a, &sn_cli_cmd_check, argc, argv);
  while ((k = sn_args_next(&a)) > 0) {
    if (k == SN_ARGS_OPT) {   /* --tol */
      char *end;
      tol = strtod(a.val, &end);
      if (end == a.val || *end || !(tol > 0)) return sn_args_error(a.cmd, "invalid tolerance '%s'", a.val);
    } else if (nf < 2) {
      files[nf++] = a.val;
    } else {
      return sn_args_error(a.cmd, "expected PROBLEM SOLUTION [--tol T]");
    }
  }
  if (k == SN_ARGS_EXIT) return a.rc;
  if (nf != 2) return sn_args_error(a.cmd, "expected PROBLEM SOLUTION [--tol T]");
  if (sn_cli_not_a_deck(a.cmd, files[0]) || sn_cli_not_a_deck(a.cmd, files[1])) return 2;
  sn_file_problem *F = sn_cli_read(files[0]);
  if (!F) return 1;
  sn_solution *S = NULL;
  char err[1024] = "";
  int st = sn_fclib_read_solution(files[1], &S, err, sizeof err);
  if (st) { sn_file_problem_free(F); return sn_cli_fail("%s", err[0] ? err : sn_strerror(st)); }
  double e = NAN, eq = NAN, loc = NAN;
  sn_fc_meas m = {NAN, NAN, NAN, NAN, NAN, 1, 0, 0, NAN};
  int n = F->kind == SN_KIND_LCP ? F->lcp->n
          : F->kind == SN_KIND_FC ? F->fc->dim * F->fc->nc : F->gfc->dim * F->gfc->nc;
  if (S->nr != n) {
    st = sn_cli_fail("%s: solution has %d reactions, the problem %d", files[1], S->nr, n);
  } else if (F->kind == SN_KIND_LCP) {
    e = sn_lcp_error(F->lcp, S->r);
  } else if (F->kind == SN_KIND_FC) {
    e = sn_fc_error(F->fc, S->r, NULL);
    st = sn_fc_measures(F->fc, S->r, tol, &m);
  } else if (!S->v || S->nv != F->gfc->ndof) {
    st = sn_cli_fail("%s: a global problem's solution needs v of size %d", files[1], F->gfc->ndof);
  } else {
    e = sn_gfc_error(F->gfc, S->r, S->v, S->l, &eq, &loc);
    st = sn_gfc_measures(F->gfc, S->r, S->v, tol, &m);
  }
  if (st < 0) st = sn_cli_fail("%s: %s", files[1], sn_strerror(st));
  if (!st) {
    printf("error: %.6e\n", e);
    if (F->kind == SN_KIND_GFC) printf("equilibrium: %.6e\nlocal: %.6e\n", eq, loc);
    if (F->kind != SN_KIND_LCP)
      printf("absolute residual: %.6e\npenetration: %.6e\ncone violation: %.6e\ncomplementarity: %.6e\n",
             m.abs_residual, m.penetration, m.cone_violation, m.complementarity);
    int ok = e <= tol && m.accepted;
    printf("%s (tolerance %g)\n", ok ? "ok" : "NOT SOLVED", tol);
    if (!ok && e <= tol)
      printf("the error is within the tolerance only because the reaction is large: %s\n",
             m.diverging ? "no solution found: the problem may be infeasible"
                         : "penetration, cone violation or complementarity too large");
    if (!ok) st = 3;
  }
  sn_solution_free(S);
  sn_file_problem_free(F);
  return st;
}

int sn_cli_solvers(int argc, char **argv)
{
  sn_args a;
  sn_args_init(&a, &sn_cli_cmd_solvers, argc, argv);
  int k = sn_args_next(&a);
  if (k == SN_ARGS_EXIT) return a.rc;
  if (k != SN_ARGS_END) return sn_args_error(a.cmd, "unexpected argument '%s': %s takes no arguments", a.val, a.cmd->name);
  printf("%-10s %-6s %-6s %-28s %s\n", "NAME", "KIND", "DIM", "ONE ITERATION (--max-iter)", "SUITS / SUMMARY");
  for (const sn_solver_entry *e = sn_solvers(); e->name; e++)
    printf("%-10s %-6s %-6s %-28s %s\n%52s %s\n", e->name, e->kind,
           e->dims == 12 ? "2D,3D" : e->dims == 4 ? "2D" : e->dims == 8 ? "3D" : "", e->iteration,
           e->suits, "", e->summary);
  printf("\nauto (the default of 'signorini solve') tries, within one --max-iter and --time-limit "
         "budget:\n  3D local: nsn_ac, nsn_fb, socmix, nsgs, prox (nsgs first on a dense W, apgd then rest first on a\n    crowded W: size > 600 and at least 100 nonzeros a row)\n  2D local: lemke2d (size <= "
         "400), ccp and apgd (size > 1000), nsn_ac, nsgs, socmix, prox\n  global: nsn_ac on the "
         "condensed problem (3D), socmixg, admm, nsgs\n  LCP: lemke, pgs, enum (size <= 20)\n"
         "--max-iter counts Newton steps: an iteration of apgd, ccp or rest counts as 1/40 of one\n");
  return 0;
}

const sn_cli_cmd sn_cli_cmd_check = {
    "check", "PROBLEM SOLUTION [OPTIONS]",
    "recompute the error of a stored solution, independently of any solver",
    "PROBLEM is a problem file (FCLIB .hdf5 or Siconos .dat); SOLUTION an FCLIB file with a "
    "/solution group, as 'signorini solve PROBLEM -o SOL.hdf5' writes it. Prints the error "
    "(Siconos' relative measure), for a global problem also its equilibrium and local parts, the "
    "absolute residual, the largest penetration and the largest cone violation, and whether it "
    "is solved: the error within the tolerance AND the penetration at most sqrt(T) times the "
    "velocity scale of the data (max(|q|, |W r|)) AND the cone violation at most sqrt(T) times "
    "the largest reaction. The second test catches reactions that grow without bound on "
    "problems with no solution, which drive the relative error to zero.",
    {{NULL, "--tol", "T", "1e-8", "the tolerance: exit 3 when the result is not solved at T"}},
    {{0, "solved: the error is within the tolerance and the absolute test holds"},
     {1, "error: a file cannot be read, or the solution does not fit the problem"},
     {2, "usage error"},
     {3, "NOT SOLVED: the error is above the tolerance, or the solution penetrates or leaves "
         "the friction cone"}},
    {{"signorini check tests/data/problems/fc2d/FrictionContactProblem00071.dat sol.hdf5",
      "the error of the solution that 'signorini solve ... -o sol.hdf5' wrote"},
     {"signorini check problem.hdf5 problem.hdf5 --tol=1e-10",
      "checks the solution stored in an FCLIB file against its own problem, at tolerance 1e-10"}},
    sn_cli_check};

const sn_cli_cmd sn_cli_cmd_convert = {
    "convert", "IN OUT",
    "convert a problem file (Siconos .dat or FCLIB) into FCLIB HDF5 or Siconos text",
    "The format of OUT follows its extension: .hdf5 or .h5 writes the FCLIB layout (the problem "
    "and, when IN holds one, its solution); .dat writes Siconos' text layout (matrices as "
    "compressed-column sparse, numbers with 17 digits: read back bit for bit; the .dat format "
    "holds no solution, so none is written). Any other extension is a usage error. OUT is "
    "written under a temporary name and renamed when complete. An LCP has no FCLIB layout: it "
    "converts to .dat only. A global problem with equality constraints has no .dat layout.",
    {{0}},
    {{0, "OUT was written"},
     {1, "error: IN cannot be read, has no layout in OUT's format, or OUT cannot be written"},
     {2, "usage error (also: OUT ends in none of .hdf5, .h5, .dat)"}},
    {{"signorini convert tests/data/problems/fc3d/Rover1039.dat rover.hdf5",
      "converts a Siconos text file into FCLIB HDF5"},
     {"signorini convert tests/data/problems/fc3d/Capsules-i100-889.hdf5 capsules.dat",
      "writes an FCLIB problem as Siconos text"}},
    sn_cli_convert};

const sn_cli_cmd sn_cli_cmd_info = {
    "info", "FILE",
    "sizes, nonzeros, friction coefficients and stored solution of a problem file",
    "FILE is an FCLIB file (.hdf5) or a Siconos text file (.dat). Prints its kind (lcp, fc2d, "
    "fc3d, gfc2d, gfc3d), its sizes, the nonzeros of its matrices, the range of the friction "
    "coefficients and whether a solution and a guess are stored.\n"
    "Input decks (.inp) are analysed with 'signorini run'.",
    {{0}},
    {{0, "printed"}, {1, "error: the file cannot be read or holds invalid data"}, {2, "usage error"}},
    {{"signorini info tests/data/problems/fc3d/Capsules-i125-1213.hdf5",
      "a 3D problem with 286 contacts and a stored guess"},
     {"signorini info tests/data/problems/lcp/lcp_mmc.dat", "a linear complementarity problem"}},
    sn_cli_info};

const sn_cli_cmd sn_cli_cmd_solvers = {
    "solvers", "",
    "the solvers: name, problem kind, dimensions and what each suits",
    "One line per solver of the registry: its name (for 'signorini solve --solver NAME'), the "
    "problem kind it solves (lcp, fc: local frictional contact, gfc: global), the dimensions and "
    "what one iteration is (the unit of --max-iter, the same meaning for every solver: outer "
    "iterations), which problems it suits, and a summary; then the order in which auto tries "
    "them.",
    {{0}},
    {{0, "printed"}, {2, "usage error (an argument was given)"}},
    {{"signorini solvers", "lists the solvers"},
     {"signorini solvers | grep 3D", "the solvers of 3D problems"}},
    sn_cli_solvers};
