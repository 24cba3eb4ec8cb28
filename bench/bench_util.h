/* Shared by the bench programs: the comparator for qsort-ing timings into medians, a problem
 * file's key, and the process CPU clock (all its threads; on a shared, loaded machine the wall
 * time also counts the time other processes held the core). Header-only, so that the ODE peer bench, which does not
 * link the library, can use it too. */
#ifndef SN_BENCH_UTIL_H
#define SN_BENCH_UTIL_H

#include <stdio.h>
#include <string.h>
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

/* seconds of the calling thread's CPU clock (CLOCK_THREAD_CPUTIME_ID): a single-threaded loop
 * timed without the waits for a core of a shared machine */
static inline double bench_thread_clock(void) {
  struct timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

/* a problem's key: its base name without .dat and .hdf5 (X.hdf5.dat and X.hdf5 are the same
 * problem); key holds 256 chars */
static inline void bench_key_of(const char *path, char *key) {
  const char *b = strrchr(path, '/');
  snprintf(key, 256, "%.255s", b ? b + 1 : path);
  size_t n = strlen(key);
  if (n > 4 && !strcmp(key + n - 4, ".dat")) key[n -= 4] = '\0';
  if (n > 5 && !strcmp(key + n - 5, ".hdf5")) key[n - 5] = '\0';
}

#endif
