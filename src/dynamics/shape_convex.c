/* Convex hulls and static meshes. PLACEHOLDER until the qhull-based hull lands. */
#include <stdlib.h>

#include "dynamics/dyn_internal.h"

int sn_convex_init(sn_shape *s, double *volume, double I[3], double c[3], double Rp[9]) {
  (void)s; (void)volume; (void)I; (void)c; (void)Rp;
  return SN_ERR_ARG;
}

int sn_mesh_init(sn_shape *s) {
  (void)s;
  return SN_OK;
}

void sn_shape_free(sn_shape *s) {
  free(s->vert);
  free(s->face_n);
  free(s->face_d);
  free(s->face_start);
  free(s->face_vert);
  free(s->tri);
  s->vert = s->face_n = s->face_d = NULL;
  s->face_start = s->face_vert = s->tri = NULL;
}
