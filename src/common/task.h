/* Internal to the library: one function run on a thread of its own while the caller goes on
 * (the output's work that need not hold up the analysis: a run's charts, src/analysis/
 * run_plots.c; the .frd model text, run_output.c).
 *
 *   sn_task t = SN_TASK_INIT;
 *   sn_task_start(&t, fn, arg);   // fn(arg) on a new thread; in this one when none can be made
 *   ...                           // the caller must not touch what fn uses
 *   sn_task_join(&t);             // fn has returned; its effects are visible here
 *
 * A task is started at most once between joins; joining a task never started (or joined
 * already) does nothing. The thread runs with every signal blocked, so that signals reach the
 * program's own thread(s). No state outside the sn_task. */
#ifndef SN_COMMON_TASK_H
#define SN_COMMON_TASK_H

#include <pthread.h>

typedef struct {
  pthread_t th;
  void (*fn)(void *);
  void *arg;
  int state;   /* 0 idle, 1 running on th, 2 done in the caller's thread */
} sn_task;

#define SN_TASK_INIT {0}

void sn_task_start(sn_task *t, void (*fn)(void *), void *arg);
void sn_task_join(sn_task *t);

#endif
