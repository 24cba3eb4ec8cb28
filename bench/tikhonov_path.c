/* signorini_tikhonov_path: does a local frictional-contact problem have a solution near a given
 * approximate one? The Tikhonov path of the problem from a centre c.
 *
 *   signorini_tikhonov_path FILE [--start-tol T] [--start-time S] [--eps0 E] [--factor F]
 *                           [--steps K] [--inner-iter N]
 *
 * The centre c: apgd from zero to the error T (default 1e-6; at most S seconds, default 30).
 * Then, for eps = E, E F, E F^2, ... (K values; defaults 0.1, 0.5, 16), relative to the mean
 * diagonal wbar of W, the regularized problem
 *     u' = (W + eps wbar I) r + q - eps wbar c,   Coulomb's law on (r, u')
 * (the proximal problem of R.T. Rockafellar, "Monotone operators and the proximal point
 * algorithm", SIAM J. Control Optim. 14 (1976) 877-898, with a fixed centre) is solved by nsn_ac
 * (at most N Newton steps, default 200, tol 1e-10) from the previous eps' solution r(eps); its
 * u' = 0 on the contacts that stick, however singular W is. For each eps one line: eps, nsn_ac's
 * status and steps, |r(eps) - c|, |r(eps)|, the error sn_fc_error of r(eps) in the problem
 * itself, and the seconds so far. Since u(r(eps)) = u'(r(eps)) - eps wbar (r(eps) - c), the
 * error is at most about eps wbar |r(eps) - c| / scale.
 * Reading: where a solution lies near c, |r(eps) - c| settles as eps -> 0 and the error falls
 * with eps (for a monotone problem the path tends to the solution nearest c); where
 * |r(eps) - c| grows like 1/eps the regularized solutions run off, the residual
 * eps wbar |r(eps) - c| stays, and no solution lies within reach of c (for a monotone problem
 * the path diverges exactly when there is no solution; Coulomb's law is not monotone, so there
 * it says "none near c", not "none"). docs/solvers.md, "Large 2D piles of discs". */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "signorini/signorini.h"

static int usage(void)
{
  fprintf(stderr, "usage: signorini_tikhonov_path FILE [--start-tol T] [--start-time S] [--eps0 E] "
                  "[--factor F] [--steps K] [--inner-iter N]\n");
  return 2;
}

/* W + s I (s on every diagonal entry, present or not) */
static int shifted(const sn_csc *W, double s, sn_csc **out)
{
  int n = W->n, st;
  int *ij = malloc(sizeof(int) * (size_t)(n > 0 ? n : 1));
  double *x = malloc(sizeof(double) * (size_t)(n > 0 ? n : 1));
  if (!ij || !x) { free(ij); free(x); return SN_ERR_NOMEM; }
  for (int k = 0; k < n; k++) { ij[k] = k; x[k] = s; }
  sn_csc *D = NULL;
  st = sn_csc_from_triplets(n, n, n, ij, ij, x, &D);
  if (!st) st = sn_csc_add(W, D, out);
  sn_csc_free(D);
  free(ij);
  free(x);
  return st;
}

int main(int argc, char **argv)
{
  if (argc < 2) return usage();
  double start_tol = 1e-6, start_time = 30.0, eps = 0.1, factor = 0.5;
  int steps = 16, inner = 200;
  for (int a = 2; a < argc; a++) {
    if (a + 1 >= argc) return usage();
    if (!strcmp(argv[a], "--start-tol")) start_tol = atof(argv[++a]);
    else if (!strcmp(argv[a], "--start-time")) start_time = atof(argv[++a]);
    else if (!strcmp(argv[a], "--eps0")) eps = atof(argv[++a]);
    else if (!strcmp(argv[a], "--factor")) factor = atof(argv[++a]);
    else if (!strcmp(argv[a], "--steps")) steps = atoi(argv[++a]);
    else if (!strcmp(argv[a], "--inner-iter")) inner = atoi(argv[++a]);
    else return usage();
  }
  if (!(start_tol > 0) || !(eps > 0) || !(factor > 0 && factor < 1) || steps < 1 || inner < 1)
    return usage();
  sn_file_problem *F = NULL;
  char err[512];
  if (sn_read_problem(argv[1], &F, err, sizeof err) || !F->fc) {
    fprintf(stderr, "signorini_tikhonov_path: %s\n", F && !F->fc ? "not a local problem" : err);
    sn_file_problem_free(F);
    return 1;
  }
  const sn_fc *P = F->fc;
  int n = P->dim * P->nc;
  double *r = calloc((size_t)(n > 0 ? n : 1) * 4, sizeof(double));
  if (!r) return 1;
  double *u = r + n, *c = r + 2 * n, *q = r + 3 * n;
  double wbar = 0.0;
  for (int j = 0; j < n; j++)
    for (int p = P->W->colptr[j]; p < P->W->colptr[j + 1]; p++)
      if (P->W->rowind[p] == j) wbar += P->W->val[p] / n;
  double t0 = sn_wtime();
  sn_settings s;
  sn_settings_default(&s);
  s.tol = start_tol;
  s.max_iter = 100000000;
  s.time_limit = start_time;
  sn_info info = {0};   /* history NULL: the caller's buffer, none here */
  int st = sn_fc_solve(P, "apgd", r, u, &s, &info);
  printf("# %s: %d contacts, mean diagonal of W %.4e; centre c: apgd %s after %d steps, error "
         "%.3e, |c| %.6e, %.2f s\n", argv[1], P->nc, wbar, sn_strerror(st), info.iterations,
         sn_fc_error(P, r, NULL), sn_nrm2(n, r), sn_wtime() - t0);
  printf("eps,status,newton_steps,dist_from_c,norm_r,error,eps_wbar_dist,seconds\n");
  memcpy(c, r, sizeof(double) * (size_t)n);
  for (int k = 0; k < steps; k++, eps *= factor) {
    sn_csc *Ws = NULL;
    if (shifted(P->W, eps * wbar, &Ws)) return 1;
    for (int j = 0; j < n; j++) q[j] = P->q[j] - eps * wbar * c[j];
    sn_fc R = {P->dim, P->nc, Ws, q, P->mu};
    sn_settings_default(&s);
    s.tol = 1e-10;
    s.max_iter = inner;
    st = sn_fc_solve(&R, "nsn_ac", r, u, &s, &info);
    double dist = 0.0;
    for (int j = 0; j < n; j++) dist += (r[j] - c[j]) * (r[j] - c[j]);
    dist = sqrt(dist);
    printf("%.3e,%s,%d,%.4e,%.6e,%.3e,%.3e,%.2f\n", eps, st == SN_OK ? "solved" : "stopped",
           info.iterations, dist, sn_nrm2(n, r), sn_fc_error(P, r, NULL), eps * wbar * dist,
           sn_wtime() - t0);
    fflush(stdout);
    sn_csc_free(Ws);
  }
  free(r);
  sn_file_problem_free(F);
  return 0;
}
