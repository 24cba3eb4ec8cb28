/* Internal to the library: the caller's progress callback behind a solve run inside another
 * (auto's attempts, ccp's rounds of pd, socmix's Newton runs), so that the caller sees one
 * numbering of iterations over all the inner runs and its request to stop is remembered. */
#ifndef SN_COMMON_RELAY_H
#define SN_COMMON_RELAY_H

#include "signorini/common.h"

typedef struct {
  sn_progress cb;
  void *user;
  int offset;    /* iterations of the earlier inner runs, added to each inner iteration */
  int stopped;   /* the callback asked to stop */
} sn_relay;

/* R set up from the caller's settings s (offset 0); when s has a callback, the inner
 * settings in (a copy of s) call it through R, else in is left as it is */
void sn_relay_init(sn_relay *R, const sn_settings *s, sn_settings *in);
/* the trampoline: cb(offset + iter, error, user), its request to stop noted in stopped */
int sn_relay_cb(int iter, double error, void *user);

#endif
