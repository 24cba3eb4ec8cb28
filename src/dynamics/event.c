/* Event-driven integration. PLACEHOLDER until it lands. */
#include "dynamics/dyn_internal.h"

void sn_scene_event_free(void *event) { (void)event; }

int sn_scene_advance_event(sn_scene *S, double t_end, const sn_dyn_settings *s, sn_dyn_info *info) {
  (void)S; (void)t_end; (void)s; (void)info;
  return SN_ERR_UNKNOWN;
}
