/* The dynamic analysis of a deck in the tests (sn_dynamic_run with a per-step callback): the
 * settings' defaults, on_step = fn with user, output every `every` time steps (0: the default),
 * the run's message on stderr under `name` when it fails. sn_test_dyn_run runs a parsed model;
 * sn_test_dyn_text parses the deck's text first (its message likewise) and frees the model. */
#ifndef SN_TEST_DYN_RUN_H
#define SN_TEST_DYN_RUN_H

#include <stdio.h>
#include <string.h>

#include "signorini/analysis.h"
#include "signorini/io.h"

static inline int sn_test_dyn_run(const sn_model *m, const char *name, sn_dynamic_fn fn, void *user, int every,
                                  sn_dynamic_info *info)
{
  char msg[512];
  sn_dynamic_settings s;
  sn_dynamic_info local;
  sn_dynamic_settings_default(&s);
  s.on_step = fn;
  s.user = user;
  s.output_every = every;
  int st = sn_dynamic_run(m, &s, info ? info : &local, msg, sizeof msg);
  if (st) fprintf(stderr, "%s: %s\n", name, msg);
  return st;
}

static inline int sn_test_dyn_text(const char *text, const char *name, sn_dynamic_fn fn, void *user, int every,
                                   sn_dynamic_info *info)
{
  char msg[512];
  sn_model *m = NULL;
  int st = sn_inp_parse(text, strlen(text), name, NULL, &m, msg, sizeof msg);
  if (st) fprintf(stderr, "%s: %s\n", name, msg);
  else st = sn_test_dyn_run(m, name, fn, user, every, info);
  sn_model_free(m);
  return st;
}

#endif
