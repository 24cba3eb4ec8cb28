/* Triangulated body surfaces for output. PLACEHOLDER until it lands. */
#include "dynamics/dyn_internal.h"

int sn_scene_body_surface(const sn_scene *S, int body, double extent, int *nv, double **v, int *nt, int **t) {
  (void)S; (void)body; (void)extent; (void)nv; (void)v; (void)nt; (void)t;
  return SN_ERR_UNKNOWN;
}
