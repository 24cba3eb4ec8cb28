/* Sequential or threaded by measured time (par_tune.h). */
#define _POSIX_C_SOURCE 200809L   /* clock_gettime (without OpenMP no header brings it) */
#include "common/par_tune.h"

#include <time.h>
#ifdef SN_HAVE_OPENMP
#include <omp.h>
#endif

#define PROBE 4         /* units timed per round: threads, one, threads, one */
#define ROUND 64        /* a round's units while the threads win */
#define ROUND_MAX 4096  /* the longest round (one thread winning again and again) */

static double now_s(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

void sn_par_tune_init(sn_par_tune *T, int threads)
{
  T->threads = threads > 1 ? threads : 1;
  T->unit = 0;
  T->round = ROUND;
  T->choice = T->threads;
  T->now = T->threads;
  T->t[0] = T->t[1] = 0;
  T->start = 0;
}

int sn_par_tune_begin(sn_par_tune *T)
{
  if (T->threads <= 1) return 1;
  if (T->unit < PROBE) T->now = T->unit % 2 == 0 ? T->threads : 1;
  else T->now = T->choice;
  T->start = now_s();
  return T->now;
}

void sn_par_tune_end(sn_par_tune *T)
{
  if (T->threads > 1) sn_par_tune_took(T, now_s() - T->start);
}

void sn_par_tune_took(sn_par_tune *T, double seconds)
{
  if (T->threads <= 1) return;
  if (T->unit < PROBE) {
    T->t[T->now > 1] += seconds;
    if (T->unit == PROBE - 1) {
      T->choice = T->t[1] < T->t[0] ? T->threads : 1;
      T->round = T->choice > 1 ? ROUND : (T->round < ROUND_MAX ? 2 * T->round : ROUND_MAX);
#ifdef SN_HAVE_OPENMP
      /* one thread for the round: the probes' idle workers would spin (the runtime's active
         waiting) beside it; the calling thread's pool is released (OpenMP 5.0) */
      if (T->choice == 1) omp_pause_resource_all(omp_pause_soft);
#endif
    }
  }
  if (++T->unit >= T->round) {
    T->unit = 0;
    T->t[0] = T->t[1] = 0;
  }
}
