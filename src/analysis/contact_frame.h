/* The frame in which contact results are written (VTU, BASE_contact.csv, *CONTACT PRINT, plots):
 * CalculiX' convention, documented in docs/results.md ("Contact results: one frame"). */
#ifndef SN_ANALYSIS_CONTACT_FRAME_H
#define SN_ANALYSIS_CONTACT_FRAME_H

#include "signorini/contact.h"

/* Output tangents of a contact point: t1 = the normalised projection of the global x axis on
 * the master surface (of the global z axis when x is within 0.1 of the normal, i.e. the
 * projection is shorter than 0.1; in 2D of the global y axis), t2 = n x t1 in 3D (0 in 2D). */
void sn_contact_out_frame(const sn_contact_point *p, int dim, double t1[3], double t2[3]);

/* v: dim components in the point's own frame (normal, t1, t2 of sn_contact_point), as the
 * contact forces and relative displacements of sn_increment; out: (normal, tang1, tang2) in
 * the output frame (tang2 = 0 in 2D). The normal component is unchanged. */
void sn_contact_out_components(const sn_contact_point *p, int dim, const double *v, double out[3]);

/* r: a contact point's force (dim components in its own frame: normal, then the tangential force
 * on the slave); out: (normal, tang1, tang2) in the output frame with CalculiX' sign of the shear
 * (CSTR): the tangential force the slave exerts on the master, minus the one on the slave. In
 * stick under a stick slope ccx 2.20 prints CSTR tang = +slope x CDIS tang (its test deck
 * friction1), so the shear points along the slave's relative displacement. */
void sn_contact_out_stress(const sn_contact_point *p, int dim, const double *r, double out[3]);

#endif
