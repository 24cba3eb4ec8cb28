/* The relative difference the PETSc tests compare solutions by (test_petsc_gfc.c,
 * test_petsc_nearnull.c). */
#ifndef SN_TEST_REL_DIFF_H
#define SN_TEST_REL_DIFF_H

#include <math.h>

/* |x - ref| / max(|ref|, scale) */
static inline double rel_diff(int n, const double *x, const double *ref, double scale)
{
  double d = 0.0, nr = 0.0;
  for (int i = 0; i < n; i++) {
    d += (x[i] - ref[i]) * (x[i] - ref[i]);
    nr += ref[i] * ref[i];
  }
  return sqrt(d) / fmax(fmax(sqrt(nr), scale), 1e-300);
}

#endif
