/* Internal to src/analysis: the integration points of a 2D element as CalculiX prints them
 * (ip_layers.c). CalculiX expands a plane or axisymmetric element into a 3D element one layer
 * thick (CalculiX 2.20 User's Manual, sections 6.2.11-6.2.13: CPE/CPS/CAX into C3D8, C3D20,
 * C3D20R, C3D6, C3D15) and prints *EL PRINT values at the 3D element's points: the 2D
 * element's points repeated for every Gauss layer through the thickness (in-plane order
 * within a layer, layers from the negative side). An axisymmetric element spans the angles
 * -1 .. +1 degree about the y axis, so that a layer at Gauss abscissa zeta lies at the angle
 * zeta degrees: its tensors are the axisymmetric ones turned about y by that angle. */
#ifndef SN_ANALYSIS_IP_LAYERS_H
#define SN_ANALYSIS_IP_LAYERS_H

#include "signorini/analysis.h"
#include "signorini/fem.h"

/* the number of layers CalculiX prints for an element of type t with nip points: 2 for
 * CPE3/CPS3 (C3D6) and the 4-point quadrilaterals (C3D8, C3D20R), 3 for the 6-node triangles
 * (C3D15) and the 9-point quadrilaterals (C3D20); 1 for every other type */
int sn_ip_layers(sn_eltype t, int nip);

/* value of printed layer `layer` (0-based, of sn_ip_layers(t, nip)) from the 2D point's value
 * v (nc components; nc == 6: a symmetric tensor xx, yy, zz, xy, xz, yz, turned for an
 * axisymmetric type; otherwise copied) */
void sn_ip_layer_value(sn_eltype t, int nip, int layer, const double *v, int nc, double *out);

/* the thickness coordinate of layer `layer` of nl: the Gauss abscissae -1/sqrt 3, +1/sqrt 3
 * (nl = 2) or -sqrt(3/5), 0, +sqrt(3/5) (nl = 3); 0 for one layer */
double sn_ip_layer_zeta(int nl, int layer);

/* CalculiX' expanded plane-stress elements (ps_stretch.c; src/fem/element_plane_stress.c): the
 * out-of-plane field w of their nodes at displacement u: *W (nnodes values) and *ezz (the
 * plane-stress eps_zz at every integration point, sn_fesys_ip_offset's numbering), both
 * malloc'ed, or both NULL when no plane-stress element is printed in layers (or, never met,
 * when their equations for w are singular: the plane-stress values are then printed). */
int sn_ps_stretch_solve(const sn_model *m, const sn_fesys *S, const double *u, double **W, double **ezz);
/* the 3D stress (strain = 0) or strain (strain = 1; tensor shears) v3d at point k of layer
 * `layer` (of nl) of element e from its plane-stress value v2d: 1 when e is such an element (W
 * not NULL), else 0 (v3d untouched) */
int sn_ps_layer_value(const sn_model *m, const int *ipo, const double *W, const double *ezz, int strain, int e,
                      int k, int layer, int nl, const double *v2d, double *v3d);
/* the elastic constants and thickness of plane-stress element e of an *ELASTIC material: 1, or
 * 0 for any other element */
int sn_ps_props(const sn_model *m, int e, sn_elprops *p);

#endif
