/* Results of a rigid-body scene run. PLACEHOLDER until it lands. */
#include <string.h>

#include "signorini/scene_output.h"

void sn_scene_output_settings_default(sn_scene_output_settings *s) {
  if (!s) return;
  memset(s, 0, sizeof *s);
  s->frame_every = 1;
  s->energy = 1;
}

int sn_scene_output_open(const char *dir, const char *base, const sn_scene *S,
                         const sn_scene_output_settings *s, sn_scene_output **out, char *msg, size_t msglen) {
  (void)dir; (void)base; (void)S; (void)s; (void)out; (void)msg; (void)msglen;
  return SN_ERR_UNKNOWN;
}

int sn_scene_output_step(sn_scene_output *o, const sn_scene *S, int step, const sn_dyn_info *info,
                         char *msg, size_t msglen) {
  (void)o; (void)S; (void)step; (void)info; (void)msg; (void)msglen;
  return SN_ERR_UNKNOWN;
}

int sn_scene_output_dump_fclib(sn_scene_output *o, const sn_scene *S, int step, char *msg, size_t msglen) {
  (void)o; (void)S; (void)step; (void)msg; (void)msglen;
  return SN_ERR_UNKNOWN;
}

int sn_scene_output_close(sn_scene_output *o, char *msg, size_t msglen) {
  (void)o; (void)msg; (void)msglen;
  return SN_ERR_UNKNOWN;
}

void sn_scene_output_on_signal(const sn_scene_output *o) { (void)o; }
