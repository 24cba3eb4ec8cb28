/* Energies of a scene. PLACEHOLDER until it lands. */
#include "dynamics/dyn_internal.h"

int sn_scene_energy(const sn_scene *S, sn_energy *e) {
  (void)S; (void)e;
  return SN_ERR_UNKNOWN;
}
