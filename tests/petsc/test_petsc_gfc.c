/* The distributed ADMM (sn_gfc_admm_petsc, src/petsc/gfc_admm_mpi.c) on every global problem of
 * tests/data/problems/gfc3d, on as many ranks as the launcher gave (argv[1]: 1 alone, 2 under
 * `mpirun -n 2`). Every rank reads the file and solves from zero; each checks that the solve
 * succeeded and recomputes the global error itself (sn_gfc_error) from the whole solution the
 * solver gathered. Rank 0 also solves the problem with the serial sn_gfc_admm (the reference
 * implementation: the same error measure and stopping rule) and compares the solutions, each
 * relative to the reference's norm, within 1000 tol:
 *   v, and H r (the contact forces on the dofs, = M v - f at a solution: determined by v),
 *   relative to the equilibrium scale max(|f|, |M v|, |H r|) of the error measure;
 *   r itself where the data determine it: not on Box_Stacks and spheres-in-a-box (hyperstatic:
 *   the serial admm and nsn_ac differ by 5.7e-2 on Box_Stacks even at tol 1e-11), nor on
 *   TwoRods1 (r ill-determined at tol 1e-8: the serial admm's own r moves by 1.3e-4 between
 *   tol 1e-8 and 1e-11).
 * Measured (1 and 2 ranks, tol 1e-8): dv at most 6.2e-8 (OneContact), dHr at most 3.6e-8
 * (LMGC 00046), dr at most 2.6e-7 where compared (CubeH8); spheres-in-a-box (tol 1e-5): dv
 * 5.5e-5, dHr 3.8e-6.
 * spheres-in-a-box is solved to 1e-5: the serial ADMM itself needs 9 365 steps for 1e-8. */
#include "signorini/io.h"
#include "signorini/petsc.h"
#include "signorini/solver.h"
#include "rel_diff.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct {
  const char *file;
  double tol;
  int r_unique;
} CASES[] = {
    {"Box_Stacks-i0122-82-5.hdf5", 1e-8, 0},
    {"CubeH8.hdf5", 1e-8, 1},
    {"GFC3D_Example0.dat", 1e-8, 1},
    {"GFC3D_Example00.dat", 1e-8, 1},
    {"GFC3D_Example1.dat", 1e-8, 1},
    {"GFC3D_OneContact.dat", 1e-8, 1},
    {"GFC3D_TwoRods1.dat", 1e-8, 0},
    {"LMGC_GlobalFrictionContactProblem00046.hdf5", 1e-8, 1},
    {"Spheres-i099-356-679.hdf5", 1e-8, 1},
    {"spheres-in-a-box-98-i10000-256-10.hdf5", 1e-5, 0},
};

static double nrm(int n, const double *x)
{
  double a = 0.0;
  for (int i = 0; i < n; i++) a += x[i] * x[i];
  return sqrt(a);
}


/* one file: 0 or 1 (failed) */
static int one(int rank, int size, const char *file, double tol, int r_unique)
{
  char path[1024], err[512];
  snprintf(path, sizeof path, "%s/gfc3d/%s", SN_DATA_DIR, file);
  sn_file_problem *F = NULL;
  if (sn_read_problem(path, &F, err, sizeof err) || F->kind != SN_KIND_GFC) {
    fprintf(stderr, "rank %d: %s: cannot read: %s\n", rank, file, err);
    sn_file_problem_free(F);
    return 1;
  }
  const sn_gfc *P = F->gfc;
  int n = P->dim * P->nc, m = P->ndof, fail = 0;
  double *buf = calloc(2 * (size_t)n + 4 * (size_t)m + 1, sizeof(double));
  double *r = buf, *v = r + n, *rs = v + m, *vs = rs + n, *hr = vs + m, *hrs = hr + m;
  sn_settings s;
  sn_settings_default(&s);
  s.tol = tol;
  s.max_iter = 2000;
  sn_info info = {0};
  sn_petsc_stats ps;
  int st = sn_gfc_admm_petsc(P, r, v, &s, &info, &ps);
  double e = sn_gfc_error(P, r, v, NULL, NULL, NULL);   /* recomputed here, from the gathered result */
  if (st != SN_OK || !(e <= tol) || fabs(e - info.error) > 1e-12 * fmax(e, 1e-300) || ps.size != size) {
    fprintf(stderr, "rank %d: %s: status %s, %d steps, error %.3e (solver's %.3e), ranks %d\n", rank, file,
            sn_strerror(st), info.iterations, e, info.error, ps.size);
    fail = 1;
  }
  if (rank == 0) {                      /* the serial reference */
    sn_info is = {0};
    int ss = sn_gfc_admm(P, rs, vs, &s, &is);
    sn_csc_gemv(P->H, 1.0, r, 0.0, hr);
    sn_csc_gemv(P->H, 1.0, rs, 0.0, hrs);
    double *mvs = calloc((size_t)m + 1, sizeof(double));   /* the equilibrium scale max(|f|, |M v|, |H r|) */
    if (mvs) sn_csc_gemv(P->M, 1.0, vs, 0.0, mvs);
    double eqs = fmax(nrm(m, P->f), fmax(mvs ? nrm(m, mvs) : 0.0, nrm(m, hrs)));
    free(mvs);
    double dv = rel_diff(m, v, vs, 0.0), dhr = rel_diff(m, hr, hrs, eqs), dr = rel_diff(n, r, rs, 0.0);
    double bound = 1000 * tol;
    printf("%-45s ranks %d: %4d steps, error %.2e, krylov %5ld, ops %d, %.3f s (serial admm %4d steps, "
           "%.2e) | dv %.1e dHr %.1e dr %.1e\n",
           file, ps.size, info.iterations, e, ps.ksp_iterations, ps.operators, ps.seconds_max, is.iterations,
           is.error, dv, dhr, dr);
    if (ss != SN_OK || !(dv <= bound) || !(dhr <= bound) || (r_unique && !(dr <= bound))) {
      fprintf(stderr, "%s: the solutions differ (serial status %s)\n", file, sn_strerror(ss));
      fail = 1;
    }
  }
  free(buf);
  sn_file_problem_free(F);
  return fail;
}

int main(int argc, char **argv)
{
  int want = argc > 1 ? atoi(argv[1]) : 1, rank, size;
  char msg[512];
  if (sn_petsc_start(&rank, &size, msg, sizeof msg)) {
    fprintf(stderr, "test_petsc_gfc: %s\n", msg);
    return 1;
  }
  int fail = size != want;
  for (size_t k = 0; k < sizeof CASES / sizeof CASES[0]; k++)
    fail |= one(rank, size, CASES[k].file, CASES[k].tol, CASES[k].r_unique);
  if (sn_petsc_stop()) fail = 1;
  if (fail) fprintf(stderr, "test_petsc_gfc: rank %d: FAILED\n", rank);
  return fail;
}
