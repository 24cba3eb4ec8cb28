/* Internal interface of the contact layer (the .c files of src/contact). include/signorini/contact.h is
 * the API. */
#ifndef SN_CONTACT_INTERNAL_H
#define SN_CONTACT_INTERNAL_H

#include "fem/element_internal.h"
#include "signorini/contact.h"

/* Shape-function family of a face with nfn nodes in a space of dimension sdim (LINE2, LINE3,
 * TRI3, QUAD4, TRI6, QUAD8), SN_FAM_NONE when there is none. */
sn_fefam sn_contact_face_family(int sdim, int nfn);

/* Tributary areas of the nodes of one face (X: nfn x 3 in face order): area[a] += integral
 * of N_a over the face, times `thick` (plane models) or 2 pi r (axisym != 0), for LINE2,
 * LINE3, TRI3 and QUAD4; for the quadratic TRI6 and QUAD8 faces, whose integrals of N_a are
 * zero or negative at the corners, the HRZ-lumped areas A int N_a^2 / sum_b int N_b^2 (all
 * positive, same total; projection.c). SN_OK or SN_ERR_FORMAT (degenerate face). */
int sn_contact_face_areas(int sdim, int nfn, const double *X, double thick, int axisym,
                          double *area);

/* CalculiX' areas of the nodes[0..n-1] of a node-based slave surface (node_area.c) at the
 * coordinates xc (3 per node): in 3D the sum of each node's shares of the mesh's free faces that
 * hold it; 0 for a node on none and for every node of a 2D model (the caller then takes the
 * area of the master face the node is paired with). SN_OK or SN_ERR_NOMEM. */
int sn_contact_node_areas(const sn_model *m, const double *xc, const int *nodes, int n, double *area);

/* Segmentation of a slave face by a master face (segment.c). */
#define SN_SEG_MAXV 16       /* most vertices of a clipped polygon */
typedef struct {
  sn_fefam fam;
  int d, nfn, tri;           /* parameters (1: edge, 2: face), nodes, triangle domain */
  double X[3 * SN_CONTACT_MAXFN];
  int node[SN_CONTACT_MAXFN];
  double thick;              /* plane models' thickness (1 otherwise) */
  int axi;                   /* axisymmetric: weights times 2 pi r */
} sn_seg_face;

/* face `face` of element e at the coordinates xc (3 per node) */
void sn_seg_load(const sn_model *m, const double *xc, int e, int face, sn_seg_face *F);
/* shape functions N, position x and tangents a_k at the natural coordinates xi */
void sn_seg_eval(const sn_seg_face *F, const double *xi, double *N, double *x, double a[2][3]);
/* the outward normal (include/signorini/contact.h) and the Jacobian |a_0| or |a_0 x a_1| */
void sn_seg_normal(int d, double a[2][3], double *n, double *J);
/* the position and outward normal at the face's centre */
void sn_seg_centre_normal(const sn_seg_face *F, double *x, double *n);
/* natural coordinates of the point of F's (extended) parametrisation closest to p */
void sn_seg_inverse(const sn_seg_face *F, const double *p, double *xi);
/* the part of slave face S under master face M, as pieces in S's natural coordinates: 3D convex
 * polygons (piece k's npoly[k] <= SN_SEG_MAXV vertices at poly + 2 SN_SEG_MAXV k, counterclockwise),
 * 2D one interval {a, b} (npoly 2); their count, at most SN_SEG_MAXPIECES. The master face's
 * polygon: its corners, or with mid != 0 on a quadratic face (TRI6, QUAD8) its corner and midside
 * nodes (its curved sides piecewise linear), in convex parts. */
#define SN_SEG_MAXPIECES 5
int sn_seg_pieces(const sn_seg_face *S, const sn_seg_face *M, int mid, double *poly, int *npoly);
/* 1 when xi lies strictly inside the convex polygon (d 2; either orientation) or interval (d 1) */
int sn_seg_contains(int d, const double *poly, int np, const double *xi);
/* 1 when the faces share a node */
int sn_seg_shares_node(const sn_seg_face *A, const sn_seg_face *B);
/* the parameter domains (counterclockwise) */
extern const double sn_seg_dom_quad[8], sn_seg_dom_tri[6];

/* Mortar rows of a SURFACE TO SURFACE pair (mortar.c). */
typedef struct {
  int nf;
  const int *elem, *face;    /* per master face */
  const double *lo, *hi;     /* nf x 3 bounding boxes, grown by the search distance */
} sn_mortar_master;

typedef struct {
  int keep;                  /* 1: the node carries a contact row */
  double weight;             /* W_j = int Phi_j dA */
  double gap;                /* weighted gap / W_j */
  double normal[3], t1[3], t2[3];
  int nterm;
  int tnode[SN_MORTAR_MAXTERM];     /* dof nodes */
  double tcoef[SN_MORTAR_MAXTERM];  /* (D_jk, -M_jl) / W_j */
} sn_mortar_row;

/* rows[k] for the slave node with slot k (slot: node -> 0..ns-1 for the pair's slave nodes);
 * SN_OK, SN_ERR_NOMEM, SN_ERR_FORMAT (a row coupling more than SN_MORTAR_MAXTERM nodes:
 * *bad_node = its slot), or an error of the master projection. */
int sn_mortar_rows(const sn_model *m, const sn_surface *SS, const sn_mortar_master *MF,
                   const double *xc, const int *dofnode, const int *slot, int ns, double sd,
                   sn_mortar_row *rows, int *bad_node);

/* Integration points of a slave face for the face-to-face penalty (face_penalty.c): positions,
 * the face's shape functions and the area weights dA = w J (times the thickness or 2 pi r) of the
 * reference configuration (measured on ccx 2.20: a block pressed flat on a block under NLGEOM
 * penetrates by the follower force over the undeformed area; CalculiX freezes the points'
 * match and weights over an increment). */
#define SN_FP_MAXPT (7 * (SN_SEG_MAXV - 2))
typedef struct {
  int nfn, npt;
  int node[SN_CONTACT_MAXFN];
  double x[SN_FP_MAXPT][3], N[SN_FP_MAXPT][SN_CONTACT_MAXFN], dA[SN_FP_MAXPT];
} sn_fp_face;

/* the rule on one piece of a slave face of family fam (the polygon or interval poly of np
 * vertices in its natural coordinates, sn_seg_pieces): natural coordinates and weights, 3 per
 * point, into q; the count (at most SN_FP_MAXPT) */
int sn_face_penalty_rule(sn_fefam fam, const double *poly, int np, double *q);

/* the points q[0 .. nq) (sn_face_penalty_rule) of face `face` of element e at the coordinates
 * xc (3 per node): SN_OK, SN_ERR_FORMAT (no such face, or degenerate) */
int sn_face_penalty_face(const sn_model *m, const double *xc, int e, int face, const double *q, int nq,
                         sn_fp_face *F);

/* point q of F into p, which holds the point's match with the master (frame, gap, shape,
 * master nodes): the slave fields, the area and the terms of H (the slave face's N_k, the
 * master face's -N_l, per dof node) */
void sn_face_penalty_point(const sn_fp_face *F, int q, const int *dofnode, sn_contact_point *p);

/* the terms of point p's column of H without its frame vector, (dof node, coefficient): a mortar
 * row's terms, or the slave node (1) and the master face's nodes (-N_a; a rigid master's
 * reference node, -1); their count, at most SN_MORTAR_MAXTERM (contact_H.c) */
int sn_contact_point_terms(const sn_contact_point *p, int *node, double *coef);

/* CalculiX' overclosure relief of the first static step (contact_relief.c) on the n points pts
 * detected at the displacements u (NULL: zero): the gaps of the points of pairs with relief_u0 */
void sn_contact_relief(const sn_model *m, const double *u, sn_contact_point *pts, int n);

#endif
