/* One function on a thread of its own (common/task.h). */
#include "common/task.h"

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
  if (pthread_create(&t->th, NULL, trampoline, t) == 0) {
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

int sn_task_pending(const sn_task *t) { return t && t->state != 0; }
