/* signorini contact geometry: the contact points of a model's *CONTACT PAIRs (detection by
 * closest-point projection of slave nodes onto master faces), their local frames and signed
 * gaps, and the contact Jacobian H of the global problem (include/signorini/problem.h:
 * M v = H r + f, u = H^T v + w, local frames normal first, as in FCLIB).
 *
 * Method: node-to-segment / node-to-surface contact (Wriggers, "Computational Contact
 * Mechanics", 2nd ed., ch. 4 "Continuum description of contact" and ch. 9 "Discretization,
 * node-to-segment"; Laursen, "Computational Contact and Impact Mechanics", ch. 5). Every
 * node of a pair's slave surface is projected onto the closest face of the master surface
 * in the current configuration x + u. SURFACE TO SURFACE pairs with a soft frictionless law are
 * CalculiX' face-to-face penalty contact (src/contact/face_penalty.c: one point per integration
 * point of the slave faces, sn_contact_face_penalty); the other SURFACE TO SURFACE pairs are
 * discretised by mortar (segment-to-segment) integration (src/contact/mortar.c): one weighted-gap row per
 * slave node, integrated over the slave faces, so that a uniform pressure is transmitted
 * exactly between non-matching meshes, quadratic faces included (area = the node's mortar
 * weight, positive for every face type).
 *
 * Conventions
 * - Dimension: dim = model->ndf (2: plane / axisymmetric models, master "faces" are element
 *   edges of 2 or 3 nodes; 3: faces of 3, 4, 6 or 8 nodes).
 * - Normal: the OUTWARD unit normal of the master face at the projection (pointing out of the
 *   master body, toward the slave). Abaqus numbers 3D faces with the right-hand normal pointing
 *   into the element, so n = -(a1 x a2) / |a1 x a2| with a_k = dx/dxi_k; 2D edges run
 *   counterclockwise, so n = (t_y, -t_x) for the edge tangent t.
 * - Gap: g = n . (x_slave - x_master), positive when open, negative when the slave node
 *   penetrates the master body.
 * - Tangents: 2D: t1 = dx/ds / |dx/ds| along the edge in its node order (t2 unused, 0).
 *   3D: t1 = a1 / |a1| (the first parametric direction of the face), t2 = n x t1, so
 *   (n, t1, t2) is a right-handed orthonormal frame.
 * - Relative displacement (column block k of H): u_k = [n; t1; t2] . (u_slave - sum_a N_a(xi)
 *   u_a), normal first; u_n > 0 opens the gap (to first order, the change of g: the terms of
 *   the moving projection point and normal vanish at the closest point).
 * - Area of a slave node (so that force = pressure * area):
 *   node surfaces (TYPE=NODE): the surface's weight of the node (default 1);
 *   element-face surfaces: the consistent tributary area, sum over the node's slave faces of
 *   the integral of the face shape function of that node over the face (current
 *   configuration), times the section thickness in plane models (1 when not given), and
 *   times 2 pi r in axisymmetric models (the area of the whole ring, like the full-ring
 *   forces of decks; divide by 2 pi for the per-radian quantities of the stiffness).
 *   Note: for quadratic faces the consistent areas of corner nodes are zero (6-node
 *   triangles) or negative (8-node quadrilaterals, -A/12 on a flat face); the midside nodes
 *   carry the rest. They sum to the face area.
 * - Rigid bodies (*RIGID BODY): a node of a rigid body (member of its NSET, or a node of an
 *   element of its ELSET) moves with the TRANSLATION of the body's reference node; rotations
 *   of the reference node are not modelled. H then uses the reference node's dofs in place of
 *   the node's own (for slave nodes and master face nodes alike). A node may belong to one
 *   rigid body only.
 * - Several pairs: one contact point per (pair, slave node) found; points are ordered by
 *   pair, then by the slave node's first appearance in the slave surface.
 * - Search: per pair, a bucket grid over the master faces' bounding boxes (grown by the
 *   search distance); a slave node takes the closest face (least Euclidean distance
 *   |x_slave - x_master|, the lowest face index on ties) among those within the search
 *   distance; with none it is not a contact point. A face that has the slave node among its
 *   own nodes is skipped for that node. */
#ifndef SIGNORINI_CONTACT_H
#define SIGNORINI_CONTACT_H

#include <stddef.h>

#include "signorini/common.h"
#include "signorini/fem.h"
#include "signorini/la.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SN_CONTACT_MAXFN 8   /* most nodes of a face (8-node quadrilateral) */
#define SN_MORTAR_MAXTERM 256 /* most nodes in one mortar row (SURFACE TO SURFACE) */

typedef enum {
  SN_MASTER_FACE = 0,        /* a face of a deformable element */
  SN_MASTER_RIGID = 1        /* every node of the face belongs to one rigid body */
} sn_master_kind;

typedef struct {
  int pair;                  /* index into model->pairs; -1 for the point of a GAPUNI element
                                (model->gaps: master_elem is the gap element, master_face 0,
                                one master node, the *GAP's fixed normal) */
  int slave_node;            /* node index */
  int slave_dof_node;        /* node whose dofs move the slave node (itself, or the reference
                                node of its rigid body) */
  sn_master_kind master_kind;
  int master_elem;           /* element index */
  int master_face;           /* face number, 1-based (S1..) */
  int nmaster;               /* nodes of the face (2, 3, 4, 6 or 8) */
  int master_nodes[SN_CONTACT_MAXFN];      /* face nodes, corners first (node indices) */
  int master_dof_nodes[SN_CONTACT_MAXFN];  /* node whose dofs move each face node (itself or
                                              a rigid body's reference node) */
  double shape[SN_CONTACT_MAXFN];          /* face shape functions at the projection */
  double xi[2];              /* natural coordinates of the projection on the face (2D: xi[0]
                                in [-1, 1]; quadrilaterals [-1, 1]^2; triangles xi, eta >= 0,
                                xi + eta <= 1) */
  int on_boundary;           /* 1 when the projection is on an edge / corner of the face */
  double x_slave[3], x_master[3];          /* current positions (z = 0 in 2D) */
  double normal[3], t1[3], t2[3];          /* local frame (see the conventions above) */
  double gap;                /* n . (x_slave - x_master): > 0 open, < 0 penetration */
  double dist;               /* |x_slave - x_master| */
  double area;               /* tributary area of the slave node */
  int interaction;           /* index into model->interactions */
  double mu;                 /* friction coefficient (0 without *FRICTION) */
  int hard;                  /* 1: PRESSURE-OVERCLOSURE=HARD, 0: LINEAR */
  double slope;              /* the interaction's slope (LINEAR) / penalty stiffness (HARD) */
  /* Mortar row (SURFACE TO SURFACE pairs; nterm 0 for node to surface): column block k of H
   * is sum_t term_coef[t] (frame vector) on the dofs of node term_node[t] (slave terms D_jk /
   * W_j > 0 first-come, master terms -M_jl / W_j), gap is the weighted gap / W_j, area is W_j.
   * The master fields above (master_elem .. dist) then describe the closest-point projection
   * of the slave node itself (nmaster 0 when it has none); they do not enter H. */
  int face_point;            /* 1: an integration point of a slave face (CalculiX' face-to-face
                                penalty, face_penalty.c): x_slave is the point, slave_node the
                                face's node nearest to it, area its integration weight, the terms
                                N_k of the slave face's nodes and -N_l of the master face's */
  int nslave;                /* face points: the slave face's terms are term_node[0..nslave) */
  int face_elem, face_side;  /* face points: the slave face (element index, face number 1..) */
  double face_xi[2];         /* face points: the point's natural coordinates on that face */
  int nterm;
  int term_node[SN_MORTAR_MAXTERM];
  double term_coef[SN_MORTAR_MAXTERM];
} sn_contact_point;

/* Contact detection for every pair of the model. u: displacements (model->ndf per node,
 * node-major) of the current configuration x + u, or NULL (the reference configuration).
 * search_dist: largest distance from a slave node to the master surface for a contact
 * point; <= 0 selects it per pair automatically: the largest master face diameter
 * (bounding-box diagonal) of the pair. On success SN_OK, *pts (free with
 * sn_contact_points_free; NULL when *npts is 0) and *npts. Errors (msg, NUL-terminated when
 * msglen > 0; *pts NULL, *npts 0): SN_ERR_ARG (NULL model or outputs, bad ndf),
 * SN_ERR_FORMAT (a pair whose master surface is node based; an element-face surface on an
 * element without faces, trusses and springs; an empty surface; a node in two rigid bodies;
 * a degenerate face), SN_ERR_NAN (coordinates or displacements not finite), SN_ERR_NOMEM. */
int sn_contact_detect(const sn_model *m, const double *u, double search_dist,
                      sn_contact_point **pts, int *npts, char *msg, size_t msglen);

/* sn_contact_detect with the slave nodes' projections on `threads` OpenMP threads (<= 1: one;
 * a pair of fewer than 256 slave nodes: one). The points are the same, bit for bit, in the
 * same order, whatever the thread count. */
int sn_contact_detect_threads(const sn_model *m, const double *u, double search_dist, int threads,
                              sn_contact_point **pts, int *npts, char *msg, size_t msglen);

/* sn_contact_detect with the face-to-face penalty pairs (sn_contact_face_penalty) detected at
 * their slave nodes, node to surface: the slave nodes' own projections (ADJUST=). */
int sn_contact_detect_nodes(const sn_model *m, const double *u, double search_dist,
                            sn_contact_point **pts, int *npts, char *msg, size_t msglen);

/* sn_contact_detect with the frictional SURFACE TO SURFACE pairs of soft laws
 * (sn_contact_face_springs) at the integration points of their slave faces as well, as
 * face-to-face penalty points (their stiffness in a *FREQUENCY, PERTURBATION step) */
int sn_contact_detect_faces(const sn_model *m, const double *u, double search_dist,
                            sn_contact_point **pts, int *npts, char *msg, size_t msglen);
/* sn_contact_detect_faces with the slave nodes' projections on `threads` threads (as
 * sn_contact_detect_threads): the points of the penalty Newton loop (contact_penalty.c) */
int sn_contact_detect_faces_threads(const sn_model *m, const double *u, double search_dist, int threads,
                                    sn_contact_point **pts, int *npts, char *msg, size_t msglen);

void sn_contact_points_free(sn_contact_point *pts);

/* The mortar rows' multiplier basis Phi at a point of a slave face of nfn nodes (corners first)
 * whose shape functions there are N (mortar.c): N itself, except on the 6- and 8-node faces
 * (TRI6, QUAD8), whose corner integrals of N are 0 and -A/12: Popp et al.'s modified basis
 * (SIAM J. Sci. Comput. 34 (2012) B421), Phi_c = N_c + (N_m1 + N_m2) / 5, Phi_m = 3 N_m / 5. */
void sn_mortar_basis(int nfn, const double *N, double *P);

/* The contact Jacobian: H (ndof x dim*npts, ndof = ndf * nnodes, dim = ndf), column
 * dim*k + j = the j-th frame vector of point k (normal, t1[, t2]) on the slave node's dofs
 * and minus it times N_a on the dofs of master node a (the rigid body's reference node for
 * a rigid node). So H^T du gives the local relative displacements, normal first, u_n > 0
 * opening the gap; with w = (gap, 0[, 0]) per point, u = H^T v + w. SN_OK, SN_ERR_ARG,
 * SN_ERR_NOMEM. */
int sn_contact_H(const sn_model *m, const sn_contact_point *pts, int npts, sn_csc **H);

/* Gaps as the w vector of the global problem: w[dim*k] = pts[k].gap, tangential parts 0
 * (w: dim * npts doubles). */
void sn_contact_w(int dim, const sn_contact_point *pts, int npts, double *w);

/* 1 when pair pi of m is enforced as CalculiX' face-to-face penalty contact (face_penalty.c):
 * a SURFACE TO SURFACE pair (not TYPE=MORTAR) whose interaction has a soft pressure-overclosure
 * law (LINEAR, EXPONENTIAL, TABULAR) and no friction. Detection then gives one contact point per
 * integration point of the slave faces. */
int sn_contact_face_penalty(const sn_model *m, int pi);
/* 1 if pair pi is a SURFACE TO SURFACE pair (not MORTAR) of a soft law (LINEAR, EXPONENTIAL,
 * TABULAR) with friction and an element-face slave surface: CalculiX' face-to-face penalty
 * contact, which signorini's static analysis enforces on mortar rows (the friction cone at the
 * slave nodes) and its *FREQUENCY, PERTURBATION step at the faces' integration points */
int sn_contact_face_springs(const sn_model *m, int pi);

/* Closest point of one face to the point xs (3 values): the building block of detection.
 * sdim 2 (edges, nfn 2 or 3) or 3 (faces, nfn 3, 4, 6, 8); X: nfn x 3 node coordinates in
 * Abaqus face order (sn_element_face_nodes: corners, then midside nodes). Newton's method on
 * the face parametrisation for the stationary point of |x(xi) - xs|^2, and when it does not
 * end inside the face, the closest point of the face's boundary (edges, corners). Fills
 * the projection fields of p (xi, shape, on_boundary, x_master, x_slave = xs, normal, t1, t2,
 * gap, dist); the others are left alone. SN_OK, SN_ERR_ARG, SN_ERR_NAN, SN_ERR_FORMAT for a
 * degenerate face (zero length / area). */
int sn_contact_project(int sdim, int nfn, const double *X, const double *xs,
                       sn_contact_point *p);
/* sn_contact_project's checks of the face alone, without projecting: SN_OK, SN_ERR_ARG,
 * SN_ERR_NAN or SN_ERR_FORMAT as it would return for any point */
int sn_contact_face_check(int sdim, int nfn, const double *X);

/* The equations of *TIE k of the model (CalculiX User's Manual, *TIE, *CYCLIC SYMMETRY MODEL):
 * every node of the slave surface (node based, or the nodes of its faces) that is not a node
 * of the master surface nor already tied by an earlier *TIE is matched on the master side:
 * tied contact, the closest master face (sn_contact_project) within the tolerance
 * (POSITION TOLERANCE, else 2.5 % of the mean master face size); CYCLIC SYMMETRY, its position
 * turned by the sector angle 2 pi / N about the axis (the sense that matches the master side),
 * the closest master face or, for a node master surface, the closest master node (default
 * tolerance: half the smallest distance of two master nodes). The node gets ndf equations in
 * its own frame F (its *TRANSFORM, else global): q_s,l - sum_a N_a (Q F e_l) . u_a = 0 (N_a the
 * face's shape functions at the match, Q the rotation, the identity for tied contact),
 * appended to m->equations; with ADJUST=YES (tied contact) the slave node is moved onto its
 * projection. SN_OK; SN_ERR_FORMAT with the reason in msg (a slave node without a match, a
 * degenerate face, a cyclic axis not along z in 2D); SN_ERR_NOMEM. src/contact/tie.c. */
int sn_tie_equations(sn_model *m, int k, char *msg, size_t msglen);

#ifdef __cplusplus
}
#endif
#endif
