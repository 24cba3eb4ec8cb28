/* One function on a thread of its own (common/task.h). */
#define _POSIX_C_SOURCE 200809L
#include "common/task.h"

#include <signal.h>

static void *trampoline(void *p)
{
  sn_task *t = p;
  t->fn(t->arg);
  return NULL;
}

void sn_task_start(sn_task *t, void (*fn)(void *), void *arg)
{
  if (!t || !fn) return;
  sn_task_join(t);
  t->fn = fn;
  t->arg = arg;
  /* the thread starts with every signal blocked (it inherits the creator's mask): a signal
   * that ends the program (the CLI's SIGINT handler removes the temporaries being written) is
   * handled by the thread that runs the program, never in the middle of a task */
  sigset_t all, old;
  sigfillset(&all);
  int masked = pthread_sigmask(SIG_SETMASK, &all, &old) == 0;
  int made = pthread_create(&t->th, NULL, trampoline, t) == 0;
  if (masked) pthread_sigmask(SIG_SETMASK, &old, NULL);
  if (made) {
    t->state = 1;
  } else {
    fn(arg);   /* no thread (resources): the same work here */
    t->state = 2;
  }
}

void sn_task_join(sn_task *t)
{
  if (!t) return;
  if (t->state == 1) pthread_join(t->th, NULL);
  t->state = 0;
}
