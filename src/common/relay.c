#include "common/relay.h"

#include <limits.h>

void sn_relay_init(sn_relay *R, const sn_settings *s, sn_settings *in)
{
  R->cb = s->progress;
  R->user = s->user;
  R->offset = 0;
  R->stopped = 0;
  if (s->progress) {
    in->progress = sn_relay_cb;
    in->user = R;
  }
}

int sn_relay_cb(int iter, double error, void *user)
{
  sn_relay *R = user;
  long long k = (long long)R->offset + iter;   /* the attempts' own iterations, summed */
  int stop = R->cb(k < INT_MAX ? (int)k : INT_MAX, error, R->user);
  if (stop) R->stopped = 1;
  return stop;
}
