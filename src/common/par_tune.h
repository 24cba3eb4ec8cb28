/* Choosing by measured time between the sequential and the threaded run of a loop whose result
 * does not depend on the thread count (par_tune.c): the coloured NSGS sweeps. A sweep on threads
 * ends each colour in a barrier; on a machine whose CPUs are busy with other work a barrier waits
 * for a descheduled partner (a time slice, milliseconds), and two threads were measured 8 to 300
 * times slower than one. Both runs give the same bits, so the choice may follow the clock.
 *
 * Policy: the first 4 units of a round alternate threads and one thread; the faster on total
 * time (a barrier's stalls are in the tail, which a minimum would hide) runs the round's other
 * units; then a new round, so that a change of the machine's load is followed. A round lasts 64
 * units while the threads win; each round one thread wins doubles it (up to 4 096): a threaded
 * probe on a busy machine costs as much as dozens of sequential units. */
#ifndef SN_PAR_TUNE_H
#define SN_PAR_TUNE_H

typedef struct {
  int threads;       /* the count asked for; <= 1: always one */
  int unit;          /* units in the current round */
  int round;         /* units of the current round */
  int choice;        /* the count chosen for the round's runs */
  int now;           /* the count of the unit being timed */
  double t[2];       /* the round's probe time: [0] one thread, [1] threads */
  double start;
} sn_par_tune;

void sn_par_tune_init(sn_par_tune *T, int threads);
/* the thread count for the next unit (starts its clock) */
int sn_par_tune_begin(sn_par_tune *T);
/* the unit begun last has ended */
void sn_par_tune_end(sn_par_tune *T);
/* the same with the unit's duration given (sn_par_tune_end measures it; tests) */
void sn_par_tune_took(sn_par_tune *T, double seconds);

#endif
