/* Example: solve a frictional contact problem stored in an FCLIB HDF5 file through the
 * signorini library.
 *
 *   solve_fclib FILE.hdf5 [SOLVER]        (SOLVER: a name of `signorini solvers`, default nsn_ac)
 *
 * Reads the file (a local problem u = W r + q, or a global one M v = H r + f, u = H^T v + w),
 * solves it to the relative error 1e-8 within 1000 iterations (Siconos' error measure, which
 * it recomputes for local problems independently of the solver), and prints one line with the
 * sum of the normal contact forces and the contact force of the first contact (normal first):
 *
 *   contacts 1 dim 3 solver nsn_ac status ok iterations 3 error 3.61e-09 sum_rn 0.06569568201 r0 ...
 *
 * Exit status 0 when the tolerance was reached, 3 when it was not, 1 on an error. Where the
 * problem has several solutions (a singular W: Capsules-i100-889 has 276 contacts on a few
 * rigid bodies) solvers may end at different ones, all within the tolerance. */
#include <signorini/signorini.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
  if (argc < 2 || argc > 3) {
    fprintf(stderr, "usage: %s FILE.hdf5 [SOLVER]\n", argv[0]);
    return 2;
  }
  const char *solver = argc > 2 ? argv[2] : "nsn_ac";
  char err[512];
  sn_file_problem *F = NULL;
  int st = sn_fclib_read(argv[1], &F, err, sizeof err);
  if (st) {
    fprintf(stderr, "%s\n", err);
    return 1;
  }
  if (F->kind != SN_KIND_FC && F->kind != SN_KIND_GFC) {
    fprintf(stderr, "%s: not a frictional contact problem\n", argv[1]);
    sn_file_problem_free(F);
    return 1;
  }
  int dim = F->fc ? F->fc->dim : F->gfc->dim, nc = F->fc ? F->fc->nc : F->gfc->nc;
  int nv = F->gfc ? F->gfc->ndof : dim * nc;
  double *r = calloc((size_t)dim * nc + 1, sizeof *r), *uv = calloc((size_t)nv + 1, sizeof *uv);
  if (!r || !uv) {
    fprintf(stderr, "out of memory\n");
    free(r), free(uv), sn_file_problem_free(F);
    return 1;
  }
  sn_settings s;
  sn_settings_default(&s);
  s.tol = 1e-8;
  s.max_iter = 1000;
  sn_info info = {0};
  /* local: uv = u; global: uv = v (u = H^T v + w) */
  st = F->fc ? sn_fc_solve(F->fc, solver, r, uv, &s, &info) : sn_gfc_solve(F->gfc, solver, r, uv, &s, &info);
  if (st < 0) {   /* an error; a positive status is an iterative stop short of the tolerance */
    fprintf(stderr, "%s: %s\n", solver, sn_strerror(st));
    free(r), free(uv), sn_file_problem_free(F);
    return 1;
  }
  double e = F->fc ? sn_fc_error(F->fc, r, uv) : info.error, sum_rn = 0;
  for (int i = 0; i < nc; i++) sum_rn += r[dim * i];
  printf("contacts %d dim %d solver %s status %s iterations %d error %.3g sum_rn %.10g r0", nc, dim,
         solver, st == SN_OK ? "ok" : "not-converged", info.iterations, e, sum_rn);
  for (int c = 0; c < dim; c++) printf(" %.10g", r[c]);
  printf("\n");
  free(r);
  free(uv);
  sn_file_problem_free(F);
  return st == SN_OK && e <= 1e-8 ? 0 : 3;
}
