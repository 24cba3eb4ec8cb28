/* signorini_ccp_rest: is the configuration of a local frictional contact problem at rest?
 *
 *   signorini_ccp_rest FILE [--solver NAME] [--tol TOL] [--max-iter K]
 *
 * Solves the problem's convex relaxation (rest_check, bench/rest_check.h: the cone
 * complementarity problem of Anitescu & Tasora; default the registry's SOCLCP solver pd, tol
 * 1e-10, 100 000 iterations), whose u is zero exactly when the problem has an all-stick
 * solution (the bodies at rest, in equilibrium with friction). Prints the relaxation's status
 * and error, the frictional-contact error of its r (sn_fc_error), and by contact (r_N > 0
 * closed): how many open, how many closed with |u_T| > 1e-9 (slide), the largest |u_T| and |u_N|
 * on closed contacts, and |q|'s largest entry for scale. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rest_check.h"

int main(int argc, char **argv)
{
  const char *file = NULL, *solver = "pd";
  double tol = 1e-10;
  int max_iter = 100000;
  for (int a = 1; a < argc; a++) {
    if (!strcmp(argv[a], "--solver") && a + 1 < argc) solver = argv[++a];
    else if (!strcmp(argv[a], "--tol") && a + 1 < argc) tol = atof(argv[++a]);
    else if (!strcmp(argv[a], "--max-iter") && a + 1 < argc) max_iter = atoi(argv[++a]);
    else if (argv[a][0] != '-' && !file) file = argv[a];
    else { fprintf(stderr, "signorini_ccp_rest: unknown argument %s\n", argv[a]); return 2; }
  }
  if (!file) { fprintf(stderr, "usage: signorini_ccp_rest FILE [--solver NAME] [--tol TOL] [--max-iter K]\n"); return 2; }
  sn_file_problem *F = NULL;
  char err[512];
  if (sn_read_problem(file, &F, err, sizeof err) || !F->fc) {
    fprintf(stderr, "signorini_ccp_rest: %s: %s\n", file, F ? "not a local problem" : err);
    sn_file_problem_free(F);
    return 1;
  }
  rest_report R;
  int st = rest_check(F->fc, solver, tol, max_iter, &R);
  if (st < 0) {
    fprintf(stderr, "signorini_ccp_rest: %s: %s\n", solver, sn_strerror(st));
    sn_file_problem_free(F);
    return 1;
  }
  printf("%s: %d contacts; relaxation by %s: %s, %d iterations, error %.3g, %.2f s\n", file, F->fc->nc, solver,
         sn_strerror(R.status), R.iterations, R.error, R.seconds);
  printf("frictional-contact error of its r: %.3g\n", R.fc_error);
  printf("open %d, closed %d of which sliding %d; closed: max |u_T| %.3g, max |u_N| %.3g (max |q| %.3g)\n", R.open,
         R.closed, R.slide, R.ut_max, R.un_max, R.q_max);
  printf("%s\n", R.at_rest ? "at rest: an all-stick solution (u = 0 at the relaxation's minimum)"
                            : "not at rest: no all-stick solution (u != 0 at the relaxation's minimum)");
  sn_file_problem_free(F);
  return 0;
}
