/* signorini info | convert | check | solvers: look at, convert and verify problem files. */
#include "cli.h"
#include "signorini/io.h"
#include "signorini/solver.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

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
  if (argc != 1) return sn_cli_usage_error("info: expected one FILE");
  sn_file_problem *F = sn_cli_read(argv[0]);
  if (!F) return 1;
  double lo, hi;
  printf("file: %s\nkind: %s\n", argv[0], sn_cli_kind(F));
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

int sn_cli_convert(int argc, char **argv)
{
  if (argc != 2) return sn_cli_usage_error("convert: expected IN OUT.hdf5");
  sn_file_problem *F = sn_cli_read(argv[0]);
  if (!F) return 1;
  if (F->kind == SN_KIND_LCP) {
    sn_file_problem_free(F);
    return sn_cli_fail("%s: an LCP has no FCLIB layout; only frictional contact problems convert", argv[0]);
  }
  char err[1024] = "";
  int st = sn_fclib_write(argv[1], F->fc, F->gfc, F->solution, err, sizeof err);
  sn_file_problem_free(F);
  if (st) return sn_cli_fail("%s", err[0] ? err : sn_strerror(st));
  fprintf(stderr, "signorini: wrote %s\n", argv[1]);
  return 0;
}

int sn_cli_check(int argc, char **argv)
{
  double tol = -1;
  const char *files[2] = {NULL, NULL};
  int nf = 0;
  for (int i = 0; i < argc; i++) {
    if (!strcmp(argv[i], "--tol")) {
      char *end;
      if (i + 1 >= argc) return sn_cli_usage_error("check: --tol needs a value");
      tol = strtod(argv[++i], &end);
      if (*end || !(tol > 0)) return sn_cli_usage_error("check: invalid tolerance '%s'", argv[i]);
    } else if (nf < 2) {
      files[nf++] = argv[i];
    } else {
      return sn_cli_usage_error("check: expected PROBLEM SOLUTION [--tol T]");
    }
  }
  if (nf != 2) return sn_cli_usage_error("check: expected PROBLEM SOLUTION [--tol T]");
  sn_file_problem *F = sn_cli_read(files[0]);
  if (!F) return 1;
  sn_solution *S = NULL;
  char err[1024] = "";
  int st = sn_fclib_read_solution(files[1], &S, err, sizeof err);
  if (st) { sn_file_problem_free(F); return sn_cli_fail("%s", err[0] ? err : sn_strerror(st)); }
  double e = NAN, eq = NAN, loc = NAN;
  int n = F->kind == SN_KIND_LCP ? F->lcp->n
          : F->kind == SN_KIND_FC ? F->fc->dim * F->fc->nc : F->gfc->dim * F->gfc->nc;
  if (S->nr != n) {
    st = sn_cli_fail("%s: solution has %d reactions, the problem %d", files[1], S->nr, n);
  } else if (F->kind == SN_KIND_LCP) {
    e = sn_lcp_error(F->lcp, S->r);
  } else if (F->kind == SN_KIND_FC) {
    e = sn_fc_error(F->fc, S->r, NULL);
  } else if (!S->v || S->nv != F->gfc->ndof) {
    st = sn_cli_fail("%s: a global problem's solution needs v of size %d", files[1], F->gfc->ndof);
  } else {
    e = sn_gfc_error(F->gfc, S->r, S->v, S->l, &eq, &loc);
  }
  if (!st) {
    printf("error: %.6e\n", e);
    if (F->kind == SN_KIND_GFC) printf("equilibrium: %.6e\nlocal: %.6e\n", eq, loc);
    if (tol > 0) printf("%s (tolerance %g)\n", e <= tol ? "ok" : "NOT SOLVED", tol);
    if (tol > 0 && !(e <= tol)) st = 3;
  }
  sn_solution_free(S);
  sn_file_problem_free(F);
  return st;
}

int sn_cli_solvers(int argc, char **argv)
{
  (void)argv;
  if (argc) return sn_cli_usage_error("solvers takes no arguments");
  for (const sn_solver_entry *e = sn_solvers(); e->name; e++)
    printf("%-10s %-6s %-6s %s\n", e->name, e->kind,
           e->dims == 12 ? "2D,3D" : e->dims == 4 ? "2D" : e->dims == 8 ? "3D" : "", e->summary);
  return 0;
}
