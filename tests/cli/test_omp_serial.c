/* src/cli/omp_serial.c, linked here as in the static program (-Wl,--wrap=GOMP_parallel):
 *  - a region that libgomp would run as a team of one (max-active-levels 0 with num_threads(4),
 *    as CHOLMOD's loops under sn_set_blas_threads(1); num_threads(1); an if clause false) runs its
 *    body once, on this thread, as a plain call: omp_get_level() is 0 inside it (libgomp's team of
 *    one says 1), thread number 0 of 1, and a parallel for covers its whole range once;
 *  - a region that can have two threads (max-active-levels 1, num_threads(2)) still goes to
 *    libgomp: level 1, two thread numbers 0 and 1, each index of its loop once;
 *  - a region of one thread nested in a team of two stays libgomp's (a review's case): each
 *    outer thread's inner loop covers all 100 indices, at level 2, as thread 0 of 1. */
#include "check.h"

#include <omp.h>
#include <pthread.h>
#include <string.h>

static void one_thread_region(int threads, int cond, const char *what)
{
  int level = -1, num = -1, tid = -1, runs = 0, hits[100];
  pthread_t self = pthread_self(), inside = 0;
  memset(hits, 0, sizeof hits);
#pragma omp parallel num_threads(threads) if (cond)
  {
#pragma omp atomic
    runs++;
    level = omp_get_level();
    num = omp_get_num_threads();
    tid = omp_get_thread_num();
    inside = pthread_self();
#pragma omp for
    for (int i = 0; i < 100; i++) hits[i]++;
  }
  int once = 1;
  for (int i = 0; i < 100; i++) once &= hits[i] == 1;
  printf("%s: body run %d time(s), level %d, thread %d of %d\n", what, runs, level, tid, num);
  CHECK_INT(runs, 1);
  CHECK_INT(level, 0);   /* the plain call: libgomp's team of one would say 1 */
  CHECK_INT(num, 1);
  CHECK_INT(tid, 0);
  CHECK(pthread_equal(self, inside));
  CHECK(once);
}

int main(void)
{
  omp_set_dynamic(0);
  omp_set_max_active_levels(0);
  one_thread_region(4, 1, "max-active-levels 0, num_threads(4)");
  omp_set_max_active_levels(1);
  one_thread_region(1, 1, "num_threads(1)");
  one_thread_region(2, 0, "if (0)");
  /* two threads: libgomp's own region */
  int level = -1, seen[2] = {0, 0}, hits[100];
  memset(hits, 0, sizeof hits);
#pragma omp parallel num_threads(2)
  {
    int t = omp_get_thread_num();
    if (t < 2) seen[t] = 1;
    if (t == 0) level = omp_get_level();
#pragma omp for
    for (int i = 0; i < 100; i++) hits[i]++;
  }
  int once = 1;
  for (int i = 0; i < 100; i++) once &= hits[i] == 1;
  printf("num_threads(2), max-active-levels 1: level %d, threads 0 and 1 seen: %d %d\n", level, seen[0], seen[1]);
  CHECK_INT(level, 1);
  CHECK(seen[0] && seen[1]);
  CHECK(once);
  /* num_threads(1) inside a team of two */
  int count[2] = {0, 0}, inner_level[2] = {-1, -1}, inner_num[2] = {-1, -1};
#pragma omp parallel num_threads(2)
  {
    int o = omp_get_thread_num();
#pragma omp parallel num_threads(1)
    {
      if (o < 2) {
        inner_level[o] = omp_get_level();
        inner_num[o] = omp_get_num_threads();
      }
#pragma omp for
      for (int i = 0; i < 100; i++)
        if (o < 2) count[o]++;
    }
  }
  printf("nested num_threads(1) in a team of 2: iterations %d %d, levels %d %d, team sizes %d %d\n", count[0], count[1],
         inner_level[0], inner_level[1], inner_num[0], inner_num[1]);
  for (int o = 0; o < 2; o++) {
    CHECK_INT(count[o], 100);
    CHECK_INT(inner_level[o], 2);
    CHECK_INT(inner_num[o], 1);
  }
  return sn_check_report();
}
