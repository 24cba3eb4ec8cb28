/* signorini_ccp_rest: is the configuration of a local frictional contact problem at rest?
 *
 *   signorini_ccp_rest FILE [--solver NAME] [--tol TOL] [--max-iter K]
 *
 * Solves the problem's convex relaxation, the second-order cone complementarity problem of
 * sn_fc_to_soclcp with the De Saxce term s = 0 (the cone complementarity problem of Anitescu &
 * Tasora, Comput. Optim. Appl. 47 (2010) 207-235): r in the Coulomb cone, u = W r + q in its dual,
 * r . u = 0, the minimum of 1/2 r.W r + q.r over the cones (default the registry's SOCLCP solver pd, tol
 * 1e-10, 100 000 iterations). Its u is the same at every minimizer. If the problem has an all-stick
 * solution (u = W r + q = 0 with r in the cones: the bodies at rest, in equilibrium with friction),
 * that solution is such a minimizer, so u = 0 there too; conversely u != 0 at the minimum means
 * that no all-stick solution exists: some contact must slide or open in every solution of the
 * frictional problem. Prints the relaxation's status and error, the frictional-contact error of its
 * r (sn_fc_error), and by contact (r_N > 0 closed): how many open, how many closed with |u_T| >
 * 1e-9 (slide), the largest |u_T| and |u_N| on closed contacts, and |q|'s largest entry for scale. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "signorini/signorini.h"

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
  const sn_fc *P = F->fc;
  int d = P->dim, n = d * P->nc, rc = 1;
  sn_soclcp *S = NULL;
  double *x = calloc((size_t)n + 1, sizeof(double)), *y = calloc((size_t)n + 1, sizeof(double));
  double *r = calloc((size_t)n + 1, sizeof(double)), *u = calloc((size_t)n + 1, sizeof(double));
  if (!x || !y || !r || !u || sn_fc_to_soclcp(P, NULL, &S)) { fprintf(stderr, "signorini_ccp_rest: set-up failed\n"); goto done; }
  sn_settings s;
  sn_settings_default(&s);
  s.tol = tol;
  s.max_iter = max_iter;
  sn_info info = {0};
  double t0 = sn_wtime();
  int st = sn_soclcp_solve(S, solver, x, y, &s, &info);
  double t1 = sn_wtime();
  if (st < 0) { fprintf(stderr, "signorini_ccp_rest: %s: %s\n", solver, sn_strerror(st)); goto done; }
  sn_soclcp_x_to_r(P, x, r);
  memcpy(u, P->q, sizeof(double) * (size_t)n);
  sn_csc_gemv(P->W, 1.0, r, 1.0, u);
  int open = 0, slide = 0;
  double ut_max = 0, un_max = 0, q_max = 0;
  for (int i = 0; i < n; i++) q_max = fmax(q_max, fabs(P->q[i]));
  for (int c = 0; c < P->nc; c++) {
    double ut = d == 3 ? hypot(u[3 * c + 1], u[3 * c + 2]) : fabs(u[2 * c + 1]);
    if (!(r[d * c] > 0)) { open++; continue; }
    if (ut > 1e-9) slide++;
    ut_max = fmax(ut_max, ut);
    un_max = fmax(un_max, fabs(u[d * c]));
  }
  printf("%s: %d contacts; relaxation by %s: %s, %d iterations, error %.3g, %.2f s\n", file, P->nc, solver,
         sn_strerror(st), info.iterations, info.error, t1 - t0);
  printf("frictional-contact error of its r: %.3g\n", sn_fc_error(P, r, u));
  printf("open %d, closed %d of which sliding %d; closed: max |u_T| %.3g, max |u_N| %.3g (max |q| %.3g)\n", open,
         P->nc - open, slide, ut_max, un_max, q_max);
  printf("%s\n", slide || un_max > 1e-6 * q_max ? "not at rest: no all-stick solution (u != 0 at the relaxation's minimum)"
                                                 : "at rest: an all-stick solution (u = 0 at the relaxation's minimum)");
  rc = 0;
done:
  sn_soclcp_free(S);
  free(x); free(y); free(r); free(u);
  sn_file_problem_free(F);
  return rc;
}
