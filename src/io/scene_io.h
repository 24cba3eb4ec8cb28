/* Internal to src/io: the frames of a scene run (scene_vtu.c), used by scene_output.c.
 *
 * The bodies' surfaces are built once, at open, in the body frame (sn_scene_body_surface's
 * triangulation at a level of detail chosen for the scene's size) and shared: every sphere
 * draws one unit icosphere scaled by its radius, and a body whose shape equals the previous
 * body's reuses its surface. A frame then streams each array straight into the file (no array
 * of the whole frame in memory): world points x + R p, Velocity v + w x (R p), BodyId. */
#ifndef SN_IO_SCENE_IO_H
#define SN_IO_SCENE_IO_H

#include <stddef.h>

#include "signorini/dynamics.h"

/* Large scenes: the curved bodies (spheres, capsules, cylinders) are drawn at detail 2 (a
 * sphere: 320 triangles) up to 5 000 of them, detail 1 (80) up to 20 000, detail 0 (the
 * icosahedron: 20 triangles, 12 points) beyond: about 2 million triangles per frame at most
 * from the curved bodies. */
#define SN_SCENE_DETAIL2_MAX 5000
#define SN_SCENE_DETAIL1_MAX 20000

typedef struct {
  int nv, nt;
  double *v;           /* body frame (spheres: radius 1) */
  int *t;
} sn_scene_surf;

typedef struct {
  int nbody, nsurf, detail;
  int *surf;           /* per body: its surface */
  double *scale;       /* per body: the factor on its surface's points (sphere radius, else 1) */
  sn_scene_surf *s;
  long long npoints, ncells;
  double extent;       /* side of the square drawn for planes */
} sn_scene_shapes;

/* extent > 0: the planes' square side; otherwise from the bodies' positions and sizes */
int sn_scene_shapes_build(sn_scene_shapes *G, const sn_scene *S, double extent, char *msg, size_t msglen);
void sn_scene_shapes_free(sn_scene_shapes *G);

/* BASE_bodies.N.vtu: the surfaces in world coordinates, cell array BodyId (Int32), point array
 * Velocity (Float64 x 3, the velocity of the body's material point there) */
int sn_scene_vtu_bodies(const char *path, const sn_scene *S, const sn_scene_shapes *G, int nosync, char *msg,
                        size_t msglen);
/* BASE_contacts.N.vtu: the contact points as VTK_VERTEX cells; point arrays Normal (3),
 * Impulse (3, world: N n + T1 t1 + T2 t2), ImpulseN, ImpulseT (|(T1, T2)|), Gap, Status (Int32:
 * 0 open, 1 stick, 2 slip), BodyA, BodyB (Int32) */
int sn_scene_vtu_contacts(const char *path, const sn_scene *S, int nosync, char *msg, size_t msglen);
/* both: nosync 1 renames the frame in without fsync, its writeback started (the scene's output
 * without sn_scene_output_settings.fsync); 0 syncs it first */

#endif
