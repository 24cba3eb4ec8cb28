/* Triangulated body surfaces at a chosen level of detail (surface.c); sn_scene_body_surface
 * (dynamics.h) is detail SN_SURFACE_DETAIL_DEFAULT. Used by the scene output
 * (src/io/scene_output.c), which draws large scenes with fewer triangles per body.
 *
 * detail 0, 1, 2, 3: a sphere is the icosphere of that many subdivisions (20, 80, 320, 1280
 * triangles); capsules and cylinders have 6 << detail segments around their axis and a capsule
 * 1 << detail rings per hemisphere. Boxes, hulls, meshes and planes do not depend on it. */
#ifndef SN_DYN_SURFACE_H
#define SN_DYN_SURFACE_H

#include "dynamics/dyn_internal.h"

#define SN_SURFACE_DETAIL_DEFAULT 2
#define SN_SURFACE_DETAIL_MAX 3

int sn_scene_body_surface_detail(const sn_scene *S, int body, double extent, int detail, int *nv, double **v,
                                 int *nt, int **t);
/* the same for a shape (body frame) */
int sn_shape_surface(const sn_shape *s, double extent, int detail, int *nv, double **v, int *nt, int **t);

#endif
