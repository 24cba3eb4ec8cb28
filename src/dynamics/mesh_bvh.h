/* Static triangle meshes: a bounding volume hierarchy of the triangles (axis-aligned boxes,
 * median split on the longest axis), the edge adjacency and the vertex one-rings used against
 * internal-edge snagging and ghost contacts (narrow_mesh.c), built once per mesh. */
#ifndef SN_MESH_BVH_H
#define SN_MESH_BVH_H

#include "dynamics/dyn_internal.h"

typedef struct {
  double lo[3], hi[3];
  int left, right;      /* children, -1 for a leaf */
  int start, count;     /* leaf: triangles idx[start .. start+count-1] */
} sn_bvh_node;

typedef struct {
  int nnode;
  sn_bvh_node *node;    /* node 0 is the root */
  int *idx;             /* triangle permutation of the leaves */
  int *adj;             /* 3*ntri: triangle across edge (tri[3t+e], tri[3t+(e+1)%3]), -1 on the boundary */
  int *ring_start;      /* nvert+1: vertex v's one-ring (the vertices sharing an edge with it) is */
  int *ring;            /*   ring[ring_start[v] .. ring_start[v+1]) */
  unsigned char *vconvex; /* nvert: 1 if every one-ring vertex lies on or below the plane of every
                             triangle at v (a flat or convex vertex), 0 otherwise */
  int *region;          /* ntri: the lowest triangle of t's flat region (the triangles joined to t
                           across edges whose neighbours' normals agree to SN_MESH_SAME_N) */
} sn_mesh_accel;

/* two unit normals of one flat region: n . m >= SN_MESH_SAME_N (2e-6 rad apart at most) */
#define SN_MESH_SAME_N (1 - 2e-12)

/* the height of point w over the plane of triangle t of s (its unit normal face_n), relative to
 * |w - p| for a point p of t: > SN_MESH_FLAT_TOL means above (a concave fold) */
#define SN_MESH_FLAT_TOL 1e-9

int sn_mesh_accel_build(const sn_shape *s, sn_mesh_accel **out);
void sn_mesh_accel_free(void *accel);
/* the triangles of s whose boxes overlap [lo, hi] (mesh body frame) appended to *out (grown) */
int sn_mesh_accel_query(const sn_mesh_accel *m, const sn_shape *s, const double lo[3], const double hi[3], int **out,
                        int *n, int *cap);

#endif
