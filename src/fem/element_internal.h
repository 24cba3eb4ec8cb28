/* Internal interface of the element library (src/fem/element_*.c): shape-function families,
 * quadrature rules, the per-type table and the isoparametric geometry helpers.
 * Nothing here is public; include/signorini/fem.h is the API. */
#ifndef SN_FEM_ELEMENT_INTERNAL_H
#define SN_FEM_ELEMENT_INTERNAL_H

#include "signorini/fem.h"

/* Shape-function families (isoparametric, natural coordinates):
 *   LINE2, LINE3   s in [-1, 1]; LINE3 nodes ordered end, end, middle
 *   TRI3, TRI6     (xi, eta) with L1 = 1 - xi - eta, L2 = xi, L3 = eta
 *   QUAD4, QUAD8   (xi, eta) in [-1, 1]^2, QUAD8 serendipity
 *   TET4, TET10    (xi, eta, zeta) with L1 = 1 - xi - eta - zeta, L2 = xi, L3 = eta, L4 = zeta
 *   HEX8, HEX20    (xi, eta, zeta) in [-1, 1]^3, HEX20 serendipity
 *   WEDGE6, WEDGE15 (xi, eta) of the triangle (L1 = 1 - xi - eta, L2 = xi, L3 = eta) times
 *                  zeta in [-1, 1]: nodes 1-3 at zeta = -1, 4-6 at zeta = +1; WEDGE15 the
 *                  quadratic serendipity wedge (midsides 7-9 bottom, 10-12 top, 13-15 vertical) */
typedef enum {
  SN_FAM_NONE = 0,
  SN_FAM_LINE2, SN_FAM_LINE3, SN_FAM_TRI3, SN_FAM_TRI6, SN_FAM_QUAD4, SN_FAM_QUAD8,
  SN_FAM_TET4, SN_FAM_TET10, SN_FAM_HEX8, SN_FAM_HEX20, SN_FAM_WEDGE6, SN_FAM_WEDGE15
} sn_fefam;

/* Quadrature rules (point order = Abaqus / CalculiX integration-point order) */
typedef enum {
  SN_RULE_NONE = 0,
  SN_RULE_LINE1, SN_RULE_LINE2, SN_RULE_LINE3,   /* Gauss-Legendre 1, 2, 3 points */
  SN_RULE_TRI1, SN_RULE_TRI3,                    /* triangle centroid; 3 interior points */
  SN_RULE_QUAD4, SN_RULE_QUAD9,                  /* Gauss 2x2, 3x3 */
  SN_RULE_TET1, SN_RULE_TET4,                    /* tetrahedron centroid; 4 points */
  SN_RULE_HEX8, SN_RULE_HEX27,                   /* Gauss 2x2x2, 3x3x3 */
  SN_RULE_WEDGE2, SN_RULE_WEDGE6, SN_RULE_WEDGE9 /* triangle centroid x 2 Gauss (CalculiX'
                                                    C3D6 rule); 3 triangle points x 2 / x 3 Gauss
                                                    (C3D15), triangle point running fastest */
} sn_ferule;

#define SN_FE_MAXN 20    /* most nodes of an element */
#define SN_FE_MAXIP 27   /* most integration points of a rule */

typedef struct {
  sn_eldesc d;           /* the public descriptor */
  sn_fefam fam;          /* shape functions (SN_FAM_NONE for trusses and springs) */
  sn_ferule rule;        /* stiffness and stress rule (d.nip points) */
  sn_ferule mass_rule;   /* loads and volume: exact for N * det J on undistorted elements */
  int ncorner;           /* corner nodes (the midside nodes follow them) */
  sn_fefam face_fam;     /* family of a face (edge in 2D) */
  int face_nn;           /* nodes per face */
  const int (*faces)[8]; /* d.nfaces rows of face_nn local nodes: corners first, then midsides */
  const int (*mid)[2];   /* row m: the corners bounding midside node ncorner + m */
  const int *face_nnv;   /* nodes of each face when they differ (wedges: triangles S1, S2 and
                            quadrilaterals S3..S5), NULL when every face has face_nn */
  int incompatible;      /* C3D8I: Wilson-Taylor incompatible modes (element_incompatible.c) */
} sn_elinfo;

/* Nodes of face `face` (1-based) of e and the family of that face (SN_FAM_NONE when out of
 * range). */
int sn_fe_face(const sn_elinfo *e, int face, sn_fefam *fam);

/* Table entry of a type, NULL when out of range or SN_EL_NONE. */
const sn_elinfo *sn_element_info(sn_eltype t);

/* Number of natural coordinates and nodes of a family. */
int sn_fe_fam_dim(sn_fefam f);
int sn_fe_fam_nodes(sn_fefam f);
/* Natural coordinates of node a of a family (dim values). */
const double *sn_fe_node_xi(sn_fefam f, int a);
/* Shape functions N[a] and derivatives dN[a * dim + k] = dN_a / dxi_k at xi (dN may be NULL). */
void sn_fe_shape(sn_fefam f, const double *xi, double *N, double *dN);
/* Quadrature rule: number of points; point k: natural coordinates xi (dim) and weight w. */
int sn_fe_rule_size(sn_ferule r);
void sn_fe_rule_point(sn_ferule r, int k, double *xi, double *w);

/* The inverse of a 3 x 3 Jacobian J (rows natural, columns physical) of determinant d (cofactors
 * over d; the expansion along the first row gives d itself): sn_fe_geometry's and C3D8I's. */
static inline void sn_fe_inverse3(const double J[3][3], double d, double Ji[3][3])
{
  Ji[0][0] = (J[1][1] * J[2][2] - J[1][2] * J[2][1]) / d;
  Ji[1][0] = (J[1][2] * J[2][0] - J[1][0] * J[2][2]) / d;
  Ji[2][0] = (J[1][0] * J[2][1] - J[1][1] * J[2][0]) / d;
  Ji[0][1] = (J[0][2] * J[2][1] - J[0][1] * J[2][2]) / d;
  Ji[1][1] = (J[0][0] * J[2][2] - J[0][2] * J[2][0]) / d;
  Ji[2][1] = (J[0][1] * J[2][0] - J[0][0] * J[2][1]) / d;
  Ji[0][2] = (J[0][1] * J[1][2] - J[0][2] * J[1][1]) / d;
  Ji[1][2] = (J[0][2] * J[1][0] - J[0][0] * J[1][2]) / d;
  Ji[2][2] = (J[0][0] * J[1][1] - J[0][1] * J[1][0]) / d;
}

/* Isoparametric map of an element (nn nodes, X nn x 3, sdim 2 or 3) at the natural point xi:
 * N, dN/dx (dNdx[a * sdim + j]; NULL: not wanted), det J and the physical point x (3 values,
 * may be NULL).
 * Returns SN_OK, SN_ERR_FORMAT if det J <= tol (inverted or flat element), SN_ERR_NAN when
 * det J is not finite. */
int sn_fe_geometry(sn_fefam f, int sdim, const double *X, const double *xi, double *N,
                   double *dNdx, double *detJ, double *x);

/* Extrapolation of integration-point values to nodes: M (nnodes x nip, row-major) with
 * value_node[a] = sum_k M[a * nip + k] value_ip[k]. See element_shape.c for the method. */
int sn_fe_extrapolation(const sn_elinfo *e, double *M);
/* The integration-point stresses sig and strains eps (nip x 6) copied to Sip / Eip and
 * extrapolated to the nodes into Snode / Enode (nnodes x 6); each output may be NULL. */
int sn_fe_point_output(const sn_elinfo *e, double (*sig)[6], double (*eps)[6], double *Sip, double *Snode,
                       double *Eip, double *Enode);

/* D matrix of a continuum kind (element_solid.c): 6 x 6 for solids; 2D kinds fill rows and
 * columns 0-3 (11, 22, 33, 12). Returns the number of components used (6 or 4). */
int sn_fe_dmatrix(sn_elkind kind, const sn_elprops *p, double D[6][6]);

/* sn_element_stress_thermal with t's extrapolation matrix Mx (sn_fe_extrapolation of its
 * sn_elinfo) given by a caller that stresses many elements of one type (NULL: computed here) */
int sn_element_stress_x(sn_eltype t, const double *X, const sn_elprops *p, const sn_elthermal *th,
                        const double *ue, double *Sip, double *Snode, const double *Mx);

/* Trusses and springs (element_truss.c) */
int sn_fe_truss_stiffness(const sn_elinfo *e, const double *X, const sn_elprops *p, double *Ke);
int sn_fe_truss_stress(const sn_elinfo *e, const double *X, const sn_elprops *p, const sn_elthermal *th,
                       const double *ue, double *Sip, double *Snode);
int sn_fe_truss_gravity(const sn_elinfo *e, const double *X, const sn_elprops *p, const double *g,
                      double *fe);
int sn_fe_truss_volume(const sn_elinfo *e, const double *X, const sn_elprops *p, double *vol);
int sn_fe_truss_thermal(const sn_elinfo *e, const double *X, const sn_elprops *p, const sn_elthermal *th,
                        double *fe);

/* C3D8I (element_incompatible.c): the stiffness with the 9 incompatible modes condensed out,
 * and the integration-point strains (nip x 6, engineering shears) of displacements ue with the
 * modes at their condensed values. eth: the thermal strain at each integration point (nip
 * values, isotropic), NULL for none; fth (may be NULL): the condensed thermal load
 * int B^T D eth dV - Kua Kaa^-1 int G^T D eth dV added to it. */
int sn_fe_incompatible_stiffness(const sn_elinfo *e, const double *X, const double D[6][6],
                                 const double *eth, double *Ke, double *fth);
int sn_fe_incompatible_strain(const sn_elinfo *e, const double *X, const double D[6][6],
                              const double *eth, const double *ue, double (*eps)[6]);

/* Total Lagrangian kinematics of one integration point (element_solid_nl.c): shape functions,
 * reference gradients g (and the axisymmetric hoop row h = N / R), F = I + grad u (3 x 3) and
 * the volume weight dv (w det J times thickness or R). */
typedef struct {
  double N[SN_FE_MAXN], g[SN_FE_MAXN][3], h[SN_FE_MAXN];
  double F[3][3];
  double dv;
} sn_fe_nlpoint;
/* point k of the element's stiffness rule at displacements ue */
int sn_fe_nl_point(const sn_elinfo *e, int k, const double *X, const double *ue, double thick, sn_fe_nlpoint *q);
/* adds int S : dE dv to fe and int dE : D : dE dv (+ the initial-stress part when geo) to Ke
 * (either may be NULL); dE from the point's F (F = I: the small-strain B) */
void sn_fe_nl_point_add(const sn_elinfo *e, const sn_fe_nlpoint *q, double D[6][6], const double S[6], int geo,
                        double *fe, double *Ke);

#endif
