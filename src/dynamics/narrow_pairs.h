/* signorini dynamics: the analytic narrow-phase routines (narrow_plane.c, narrow_sphere.c,
 * narrow_capsule.c) and the contact filler they share (narrow.c). Each routine appends to L the
 * contacts of its pair with gap < margin, by the convention of dyn_internal.h: normal from a to
 * b, signed gap, point midway between the two closest points, feature stable within the pair.
 * The argument order is the one in the name (plane first, then sphere, box, capsule, cylinder,
 * convex); sn_narrow swaps the pair into that order. */
#ifndef SN_NARROW_PAIRS_H
#define SN_NARROW_PAIRS_H

#include "dynamics/dyn_internal.h"

/* Append the contact of closest points pa (on A) and pb (on B), unit normal n (A to B), gap;
 * frame from sn_tangent_frame. SN_ERR_NOMEM if the list cannot grow. */
int sn_contact_add(sn_contact_list *L, const sn_body *A, int ia, const sn_body *B, int ib, int feature,
                   const double pa[3], const double pb[3], const double n[3], double gap);

/* narrow_plane.c: plane P (solid below its body z) against a body */
int sn_narrow_plane_sphere(const sn_body *P, int ip, const sn_body *B, int ib, double margin, sn_contact_list *L);
int sn_narrow_plane_box(const sn_body *P, int ip, const sn_body *B, int ib, double margin, sn_contact_list *L);
int sn_narrow_plane_capsule(const sn_body *P, int ip, const sn_body *B, int ib, double margin, sn_contact_list *L);
int sn_narrow_plane_cylinder(const sn_body *P, int ip, const sn_body *B, int ib, double margin, sn_contact_list *L);
int sn_narrow_plane_convex(const sn_body *P, int ip, const sn_body *B, int ib, double margin, sn_contact_list *L);
/* the same with every vertex under the margin, none left out (sn_narrow_watch) */
int sn_narrow_plane_convex_all(const sn_body *P, int ip, const sn_body *B, int ib, double margin,
                               sn_contact_list *L);

/* narrow_sphere.c: a body A against sphere S (the sphere is b) */
int sn_narrow_sphere_sphere(const sn_body *A, int ia, const sn_body *S, int is, double margin, sn_contact_list *L);
int sn_narrow_box_sphere(const sn_body *A, int ia, const sn_body *S, int is, double margin, sn_contact_list *L);
int sn_narrow_capsule_sphere(const sn_body *A, int ia, const sn_body *S, int is, double margin, sn_contact_list *L);
int sn_narrow_cylinder_sphere(const sn_body *A, int ia, const sn_body *S, int is, double margin, sn_contact_list *L);

/* narrow_capsule.c: capsule against capsule (segment-segment closest points) */
int sn_narrow_capsule_capsule(const sn_body *A, int ia, const sn_body *B, int ib, double margin, sn_contact_list *L);

#endif
