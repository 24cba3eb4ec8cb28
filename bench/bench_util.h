/* Shared by the bench programs: the comparator for qsort-ing timings into medians, and the
 * process CPU clock (all its threads; on a shared, loaded machine the wall time also counts the
 * time other processes held the core). Header-only, so that the ODE peer bench, which does not
 * link the library, can use it too. */
#ifndef SN_BENCH_UTIL_H
#define SN_BENCH_UTIL_H

#include <time.h>

static inline int bench_cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* seconds of CLOCK_PROCESS_CPUTIME_ID (cpu != 0) or CLOCK_MONOTONIC (cpu == 0) */
static inline double bench_clock(int cpu) {
  struct timespec t;
  clock_gettime(cpu ? CLOCK_PROCESS_CPUTIME_ID : CLOCK_MONOTONIC, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

#endif
