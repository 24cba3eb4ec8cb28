/* The choice between a loop's threaded and sequential runs by measured time (src/common/
 * par_tune.c), with the durations given (sn_par_tune_took), against the policy of par_tune.h
 * worked out by hand:
 *  - a count of 1 (or less) asks for one thread always;
 *  - a round starts with 4 probes: threads, one, threads, one;
 *  - threads faster over the probes: the round's other 60 units on threads, then a new round;
 *  - one thread faster: the round's units on one thread, and the rounds double (64, 128, 256,
 *    ..., at most 4 096) while one thread keeps winning;
 *  - the machine's load changes (threads faster again): the next round's probes see it, and
 *    the rounds are 64 units again;
 *  - the totals compare (a single slow threaded probe outweighs a fast one: 0.1 + 9 ms against
 *    2 x 1 ms), not the best probe. */
#include "check.h"
#include "common/par_tune.h"

/* runs `units` units, each taking tp seconds on threads and ts on one; counts those on threads */
static int run(sn_par_tune *T, int units, double tp, double ts)
{
  int on = 0;
  for (int k = 0; k < units; k++) {
    int n = sn_par_tune_begin(T);
    on += n > 1;
    sn_par_tune_took(T, n > 1 ? tp : ts);
  }
  return on;
}

int main(void)
{
  sn_par_tune T;
  sn_par_tune_init(&T, 1);
  CHECK_INT(run(&T, 100, 1e-4, 1e-3), 0);

  /* threads twice as fast: 2 probes + 60 units of each 64-unit round on threads */
  sn_par_tune_init(&T, 2);
  CHECK_INT(sn_par_tune_begin(&T), 2);   /* probe 1: threads */
  sn_par_tune_took(&T, 1e-3);
  CHECK_INT(sn_par_tune_begin(&T), 1);   /* probe 2: one */
  sn_par_tune_took(&T, 2e-3);
  CHECK_INT(run(&T, 62, 1e-3, 2e-3), 61);   /* the 2 last probes (threads, one) and 60 units */
  CHECK_INT(run(&T, 64, 1e-3, 2e-3), 62);
  CHECK_INT(T.round, 64);

  /* the machine gets busy: one thread wins; rounds of 128, 256, ... and 2 threaded probes each */
  CHECK_INT(run(&T, 64, 5e-3, 2e-3), 2);
  CHECK_INT(T.round, 128);
  CHECK_INT(run(&T, 64, 5e-3, 2e-3), 0);   /* the rest of the 128-unit round */
  CHECK_INT(run(&T, 128 + 256 + 512 + 1024 + 2048, 5e-3, 2e-3), 10);
  CHECK_INT(T.round, 4096);
  CHECK_INT(run(&T, 4096, 5e-3, 2e-3), 2);   /* the longest round */
  CHECK_INT(T.round, 4096);

  /* idle again: the rest of the running 4 096-unit round (3 968 units) stays on one thread, then
     the probes see it: two rounds of 64, 62 units each on threads */
  CHECK_INT(run(&T, 4096, 1e-3, 2e-3), 124);
  CHECK_INT(T.round, 64);

  /* totals, not the best probe: 0.1 ms + 9 ms on threads against 1 + 1 ms on one */
  sn_par_tune_init(&T, 4);
  int n1 = sn_par_tune_begin(&T);
  sn_par_tune_took(&T, 1e-4);
  int n2 = sn_par_tune_begin(&T);
  sn_par_tune_took(&T, 1e-3);
  int n3 = sn_par_tune_begin(&T);
  sn_par_tune_took(&T, 9e-3);
  int n4 = sn_par_tune_begin(&T);
  sn_par_tune_took(&T, 1e-3);
  CHECK(n1 == 4 && n2 == 1 && n3 == 4 && n4 == 1);
  CHECK_INT(sn_par_tune_begin(&T), 1);
  return sn_check_report();
}
