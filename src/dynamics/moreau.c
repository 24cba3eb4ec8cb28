/* Moreau-Jean time stepping. PLACEHOLDER until it lands. */
#include <math.h>
#include <string.h>

#include "dynamics/dyn_internal.h"

void sn_dyn_settings_default(sn_dyn_settings *s) {
  if (!s) return;
  memset(s, 0, sizeof *s);
  s->dt = 1e-3;
  s->theta = 0.5;
  s->margin = 0;
  s->solver = NULL;
  sn_settings_default(&s->solve);
  s->warm_start = 1;
  s->projection = 0;
  s->event_tol = 1e-10;
}

void sn_scene_step_free(void *step) { (void)step; }

int sn_scene_step(sn_scene *S, const sn_dyn_settings *s, sn_dyn_info *info) {
  (void)S; (void)s; (void)info;
  return SN_ERR_UNKNOWN;
}

int sn_scene_last_problem(const sn_scene *S, sn_fc **P, double **r) {
  (void)S; (void)P; (void)r;
  return SN_ERR_ARG;
}
