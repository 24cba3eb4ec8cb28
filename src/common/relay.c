#include "common/relay.h"

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
  int stop = R->cb(R->offset + iter, error, R->user);
  if (stop) R->stopped = 1;
  return stop;
}
