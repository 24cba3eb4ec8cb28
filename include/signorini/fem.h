/* signorini finite elements: element types, element routines (stiffness, loads, stresses) and
 * the model a deck describes (mesh, sets, materials, sections, springs, amplitudes, surfaces,
 * contact definitions, steps). Linear elasticity in small strain; trusses and continuum elements
 * also in total Lagrangian large displacement (NLGEOM, St Venant-Kirchhoff).
 *
 * Conventions
 * - Node coordinates are always stored with 3 components (z = 0 in 2D).
 * - Degrees of freedom: a model has ndf = 2 (plane / axisymmetric, trusses T2D2) or 3 (3D)
 *   displacement components per node, global dof of node i component c = ndf * i + c.
 * - Element node order, face numbering (S1..S6) and integration-point order are Abaqus' /
 *   CalculiX's (CalculiX User's Manual, section 6.2 "Element types").
 * - Stress components in Abaqus order: 11, 22, 33, 12, 13, 23 (engineering shear strains).
 *   Plane and axisymmetric elements: 1 = x (r), 2 = y (z), 3 = out of plane (hoop).
 * - Axisymmetric elements (CAX*): x = r, y = z; stiffness and loads integrated over one radian
 *   (CalculiX' convention for forces on axisymmetric models is documented in src/fem/
 *   element_solid.c: decks give point forces for the full ring, 2 pi times per radian).
 * - Everything allocated by the library is released by the matching _free; no global state. */
#ifndef SIGNORINI_FEM_H
#define SIGNORINI_FEM_H

#include <stddef.h>

#include "signorini/common.h"
#include "signorini/la.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- element types ---- */
typedef enum {
  SN_EL_NONE = 0,
  SN_EL_T2D2, SN_EL_T3D2,            /* two-node trusses, 2D / 3D */
  SN_EL_SPRINGA,                     /* axial spring between two nodes (linear or tabulated) */
  SN_EL_CPE3, SN_EL_CPE4, SN_EL_CPE6, SN_EL_CPE8, SN_EL_CPE8R,      /* plane strain */
  SN_EL_CPS3, SN_EL_CPS4, SN_EL_CPS6, SN_EL_CPS8, SN_EL_CPS8R,      /* plane stress */
  SN_EL_CAX4, SN_EL_CAX8, SN_EL_CAX8R,                               /* axisymmetric */
  SN_EL_C3D4, SN_EL_C3D8, SN_EL_C3D10, SN_EL_C3D20, SN_EL_C3D20R,    /* 3D solids */
  SN_EL_C3D6, SN_EL_C3D15,           /* wedges (triangular prisms) */
  SN_EL_C3D8I,                       /* 8-node brick with incompatible modes */
  SN_EL_GAPUNI,                      /* unidirectional gap between two nodes (*GAP): no
                                        stiffness, a contact constraint (sn_gap) */
  SN_EL_COUNT
} sn_eltype;

typedef enum {
  SN_KIND_TRUSS, SN_KIND_SPRING, SN_KIND_PLANE_STRAIN, SN_KIND_PLANE_STRESS, SN_KIND_AXISYM,
  SN_KIND_SOLID, SN_KIND_GAP
} sn_elkind;

typedef struct {
  sn_eltype type;
  const char *name;      /* "C3D8" */
  sn_elkind kind;
  int nnodes;            /* nodes per element */
  int sdim;              /* space dimension of the element (2 or 3; 3 for SPRINGA, see
                            sn_spring_axial for a spring in a 2D model) */
  int nip;               /* integration points (stiffness and stress output) */
  int nfaces;            /* faces S1..S<nfaces> (edges in 2D); 0 for trusses and springs */
} sn_eldesc;

/* Descriptor of a type (NULL for SN_EL_NONE or out of range); lookup by Abaqus name, case
 * insensitive (SN_EL_NONE if unknown). */
const sn_eldesc *sn_element_desc(sn_eltype t);
sn_eltype sn_element_type(const char *name);
/* Local node numbers (0-based) of face `face` (1-based, S1..) in the element's order, corners
 * first then midside nodes (C3D20 S1: 1-2-3-4-9-10-11-12; CPE8 S1: 1-2-5); returns their count
 * (2 or 3 for 2D edges, 3, 4, 6 or 8 for 3D faces) or SN_ERR_ARG. In a positively oriented
 * element a 3D face's corners turn with the right-hand normal pointing INTO the element, and
 * 2D edges run counterclockwise (inward normal = tangent turned by +90 degrees). */
int sn_element_face_nodes(sn_eltype t, int face, int *nodes);

/* Isotropic linear elastic material plus the section data an element needs. */
typedef struct {
  double E, nu;          /* Young's modulus (> 0), Poisson's ratio (-1 < nu < 0.5) */
  double density;        /* for GRAV loads (0 if none) */
  double thickness;      /* plane elements (1 when 0) */
  double area;           /* trusses (cross-section, 1 when 0) */
  double k;              /* SPRINGA: axial stiffness, force per elongation (for a nonlinear
                            spring the current tangent) */
} sn_elprops;

/* A thermal strain (*EXPANSION with nodal temperatures): alpha (isotropic expansion
 * coefficient) times dtemp, the temperature change of each node of the element (nnodes
 * values: current minus initial temperature), interpolated by the shape functions (trusses:
 * the mean of the two nodes). An initial strain: it loads the element and is taken off the
 * strain in the stress; the stiffness does not depend on it. */
typedef struct {
  double alpha;
  const double *dtemp;
} sn_elthermal;

/* GAPUNI (a contact constraint, sn_gap) has no element matrices or loads: the sn_element_*
 * functions below answer SN_ERR_ARG for it. */
/* Element stiffness (linear, small strain) Ke, dense, column-major, size (nnodes*ndf)^2 with
 * ndf = sdim; X: nnodes x 3 node coordinates (row per node, X[3 * a + j]). Trusses: linear
 * axial stiffness E A / L; SPRINGA: k along the axis, in 3D (sdim 3; a spring of a 2D model:
 * sn_spring_axial). Returns SN_OK, SN_ERR_ARG (bad type, NULL, E <= 0, nu out of range,
 * negative thickness / area), SN_ERR_NAN (coordinates not finite), or SN_ERR_FORMAT for a
 * degenerate element (zero or negative Jacobian determinant at an integration point:
 * inverted or zero-volume; an axisymmetric integration point at r <= 0; a zero-length truss).
 * Plane elements: integrated over the thickness; axisymmetric ones PER RADIAN (times r dr dz;
 * the whole ring, for which Abaqus and CalculiX give concentrated forces, is 2 pi times that). */
int sn_element_stiffness(sn_eltype t, const double *X, const sn_elprops *p, double *Ke);
/* Stresses of an element for displacements ue (nnodes*ndf): at integration points
 * (Sip: nip x 6, in the type's integration-point order) and extrapolated to nodes
 * (Snode: nnodes x 6); either may be NULL. Extrapolation: least-squares fit of the linear
 * family's polynomial (exact inverse map for linear elements and reduced rules) evaluated at
 * the corners, midside nodes the mean of their two corners (details in src/fem/element_shape.c).
 * Trusses: S11 = axial stress; SPRINGA: S11 = spring force. */
int sn_element_stress(sn_eltype t, const double *X, const sn_elprops *p, const double *ue,
                      double *Sip, double *Snode);
/* Physical coordinates of the integration points (Xip: nip x 3) in the order of Sip. */
int sn_element_ip_coords(sn_eltype t, const double *X, double *Xip);
/* sn_element_stress with a thermal strain th (NULL: none): S = D (B ue - eth (1,1,1,0,0,0))
 * (plane stress: the in-plane part; trusses and springs: S11 = E (elong / L - eth)). */
int sn_element_stress_thermal(sn_eltype t, const double *X, const sn_elprops *p,
                              const sn_elthermal *th, const double *ue, double *Sip, double *Snode);
/* Thermal load of the initial strain eth of th: int B^T D eth (1, 1, 1, 0, 0, 0) dV (plane and
 * axisymmetric elements like their stiffness; trusses (-n, n) E A eth; springs none), added
 * to fe (nnodes*ndf); nothing when th is NULL, its dtemp NULL or alpha 0. So the internal
 * force of displacements ue is Ke ue - f_th. SN_OK, SN_ERR_ARG, SN_ERR_NAN, SN_ERR_FORMAT
 * (degenerate element). src/fem/element_solid.c. */
int sn_element_thermal_load(sn_eltype t, const double *X, const sn_elprops *p,
                            const sn_elthermal *th, double *fe);
/* Consistent nodal forces of a uniform pressure p on face `face` (positive pointing into the
 * element, Abaqus' P convention), added to fe (nnodes*ndf). 2D: times the thickness (plane)
 * or r (axisymmetric, per radian). p may be NULL (thickness 1). SN_ERR_ARG for an element
 * without faces or a face out of range, SN_ERR_FORMAT for a zero-area face. */
int sn_element_pressure_load(sn_eltype t, const double *X, const sn_elprops *p, int face,
                             double pressure, double *fe);
/* Consistent nodal forces of a body acceleration g (3 components, GRAV magnitude * direction)
 * times the density, added to fe (2D: the first two components of g are used). */
int sn_element_gravity_load(sn_eltype t, const double *X, const sn_elprops *p, const double *g,
                            double *fe);
/* Volume (area times thickness in plane models, per radian for CAX, length times area for
 * trusses, 0 for springs) of an element; negative status on a degenerate element. p may be
 * NULL (thickness and area 1). */
int sn_element_volume(sn_eltype t, const double *X, const sn_elprops *p, double *vol);
/* Element mass matrix Me ((nnodes*ndf)^2, column-major, ndf = sdim) for the density of p
 * (plane elements times the thickness, axisymmetric ones per radian, trusses times the area):
 * consistent (lumped 0; int rho N_a N_b dV per direction; a two-node truss: rho A L / 6 [2 1; 1 2])
 * or lumped (lumped 1: the HRZ diagonal, the consistent diagonal scaled to the element's mass).
 * lumped 2: consistent, integrated at the element's stiffness points (as CalculiX does: for the
 * reduced-integration C3D20R, CPE8R, CAX8R ... a rank-deficient matrix; the *FREQUENCY mass).
 * SPRINGA: zero. SN_OK, SN_ERR_ARG (bad type, NULL, negative density / thickness, lumped outside
 * 0..2), SN_ERR_NAN, SN_ERR_FORMAT (degenerate element). src/fem/element_mass.c. */
int sn_element_mass(sn_eltype t, const double *X, const sn_elprops *p, int lumped, double *Me);
/* Initial-stress (geometric) stiffness Kg ((nnodes*ndf)^2, column-major) of the stresses Sip
 * (nip x 6, the integration points of sn_element_stress): int grad N_a . sigma grad N_b dV per
 * direction (plane: times the thickness; axisymmetric: plus the hoop term, per radian; trusses:
 * axial force / L; springs: zero). ue (nnodes*ndf, or NULL): for 3D solids, plus the
 * large-displacement stiffness at ue, int (B(F)^T D B(F) - B_0^T D B_0) dV (F = I + grad u), so
 * that the linear stiffness plus Kg is the total Lagrangian tangent at ue.
 * src/fem/element_geostiff.c. */
int sn_element_stress_stiffness(sn_eltype t, const double *X, const sn_elprops *p, const double *Sip,
                                const double *ue, double *Kg);
/* CalculiX' expanded plane-stress element (src/fem/element_plane_stress.c): ccx computes a CPS
 * element as a 3D element one layer thick whose out-of-plane displacement is u_z = zeta W(x, y),
 * W = sum_a N_a w_a (zeta in [-1, 1] through the thickness t): eps_zz = 2 W / t, gamma_xz =
 * zeta W_x, gamma_yz = zeta W_y. sn_element_ps_stretch: the element's part of the equations for
 * the nodal w (Kw: nnodes x nnodes, row-major; fw: nnodes) at the in-plane strains whose
 * plane-stress eps_zz (s_zz = 0) at the integration points is ezz (nip values).
 * sn_element_ps_layer: the 3D stress at integration point k of the layer zeta from the
 * plane-stress stress s2d (6 values) of that point, its plane-stress eps_zz and the nodal w;
 * sn_element_ps_layer_strain: the 3D strain there from the point's plane-stress strain e2d
 * (tensor shears: eps_zz = 2 W / t, e_xz = zeta W_x / 2, e_yz = zeta W_y / 2).
 * Plane-stress types only (else SN_ERR_ARG); SN_ERR_FORMAT for a degenerate element. */
int sn_element_ps_stretch(sn_eltype t, const double *X, const sn_elprops *p, const double *ezz, double *Kw,
                          double *fw);
int sn_element_ps_layer(sn_eltype t, const double *X, const sn_elprops *p, const double *w, int k, double zeta,
                        double ezz, const double *s2d, double *s3d);
int sn_element_ps_layer_strain(sn_eltype t, const double *X, const sn_elprops *p, const double *w, int k,
                               double zeta, const double *e2d, double *e3d);
/* Heat conduction of a continuum element (plane, axisymmetric, 3D; src/fem/heat_element.c):
 * conductivity matrix Ke_ab = int k grad N_a . grad N_b dV and consistent capacity matrix
 * Ce_ab = int rhoc N_a N_b dV (nnodes x nnodes, row-major), both at the element's stiffness
 * integration points (plane: times the thickness of p, axisymmetric per radian); either output
 * may be NULL. SN_ERR_ARG for trusses, springs, gaps or bad data, SN_ERR_NAN, SN_ERR_FORMAT
 * (degenerate element). */
int sn_element_heat(sn_eltype t, const double *X, const sn_elprops *p, double k, double rhoc, double *Ke,
                    double *Ce);
/* Face "mass" Mf_ab = int N_a N_b dA of face `face` (fn x fn, row-major, in the node order of
 * sn_element_face_nodes; 2D edges times the thickness of p (1 when p is NULL or 0), or r for
 * axisymmetric elements, per radian). Returns fn, or SN_ERR_ARG, SN_ERR_NAN, SN_ERR_FORMAT
 * (degenerate face). src/fem/element_face_mass.c. */
int sn_element_face_mass(sn_eltype t, const double *X, const sn_elprops *p, int face, double *Mf);
/* Axial spring between two nodes in sdim = 2 or 3 (X: 2 x 3), small displacements along the
 * undeformed axis n: stiffness k [n n^T, -n n^T; -n n^T, n n^T] into Ke ((2*sdim)^2,
 * column-major), elongation n.(u2 - u1) of ue (2*sdim) into elong, n into dir (sdim); each
 * output may be NULL (ue only needed for elong). Nodal forces of an axial force F:
 * (-F n, F n). SN_ERR_FORMAT for coincident nodes. */
int sn_spring_axial(int sdim, const double *X, const double *ue, double k, double *Ke,
                    double *elong, double *dir);
/* Truss in total Lagrangian form (Green-Lagrange strain, St Venant-Kirchhoff): internal force
 * fint (2*sdim) and tangent Kt ((2*sdim)^2, column-major) at displacement ue (2*sdim); axial
 * force N = A S l / L (second Piola-Kirchhoff stress S, current length l: the force carried in
 * the deformed configuration, positive in tension). X: 2 x 3. Each output may be NULL. */
int sn_truss_nlgeom(int sdim, const double *X, const sn_elprops *p, const double *ue, double *fint,
                    double *Kt, double *N);

/* Continuum element (CPE*, CPS*, CAX*, C3D*) in total Lagrangian form (NLGEOM), St Venant-
 * Kirchhoff: S = D E with the Green-Lagrange strain E and the element's linear elastic D.
 * Internal force fint (nnodes*ndf) and consistent tangent Kt (material + initial stress,
 * (nnodes*ndf)^2, column-major, symmetric) at displacements ue; either output may be NULL.
 * Plane elements per thickness as sn_element_stiffness, axisymmetric ones per radian.
 * src/fem/element_solid_nl.c. SN_ERR_ARG for a truss, spring, gap or C3D8I (its incompatible
 * modes are small-strain) or bad data, SN_ERR_NAN,
 * SN_ERR_FORMAT (degenerate reference element). */
int sn_element_nlgeom(sn_eltype t, const double *X, const sn_elprops *p, const double *ue, double *fint,
                      double *Kt);
/* Stresses and strains of a continuum element under NLGEOM: Cauchy stress sigma = F S F^T / J
 * (CalculiX' S under NLGEOM) and Green-Lagrange strain (tensor shears), at integration points
 * (nip x 6) and extrapolated to nodes (nnodes x 6) as sn_element_stress; any output may be NULL. */
int sn_element_stress_nlgeom(sn_eltype t, const double *X, const sn_elprops *p, const double *ue, double *Sip,
                             double *Snode, double *Eip, double *Enode);
/* Compressible neo-Hookean material (Abaqus' and CalculiX' *HYPERELASTIC, NEO HOOKE):
 * W = C10 (I1bar - 3) + (J - 1)^2 / D1, I1bar = J^(-2/3) tr C; initial shear modulus 2 C10,
 * bulk modulus 2 / D1 (C10 > 0, D1 > 0). */
typedef struct {
  double c10, d1;
} sn_neohooke;
/* sn_element_nlgeom and sn_element_stress_nlgeom for a neo-Hookean material nh (NULL: St Venant-
 * Kirchhoff from p's E and nu; p gives the thickness; neo-Hooke not for plane stress: SN_ERR_ARG;
 * an inverted deformed point (J <= 0) is SN_ERR_FORMAT), with an optional thermal strain: alpha
 * times dtemp (the nodes' temperature changes, interpolated; NULL: none) taken off the normal
 * Green-Lagrange strains, S = D (E - alpha dT I) (SVK only: SN_ERR_ARG with nh). */
int sn_element_nlgeom_mat(sn_eltype t, const double *X, const sn_elprops *p, const sn_neohooke *nh, double alpha,
                          const double *dtemp, const double *ue, double *fint, double *Kt);
int sn_element_stress_nlgeom_mat(sn_eltype t, const double *X, const sn_elprops *p, const sn_neohooke *nh,
                                 double alpha, const double *dtemp, const double *ue, double *Sip, double *Snode,
                                 double *Eip, double *Enode);

/* J2 (von Mises) plasticity with isotropic hardening (*PLASTIC, HARDENING=ISOTROPIC):
 * the yield stress as a piecewise-linear function of the equivalent plastic strain, n points
 * (sy[k], ep[k]) with ep[0] = 0 and ep increasing, constant beyond the last point.
 * src/fem/plastic_j2.c. */
#define SN_J2_MAXPTS 64
#define SN_J2_NHIST 7    /* per integration point: plastic strain (Voigt, engineering shears), PEEQ */
typedef struct {
  int n;
  double sy[SN_J2_MAXPTS], ep[SN_J2_MAXPTS];
  double temp;           /* the deck's temperature column (one temperature only; 0 if absent) */
} sn_j2;
/* Yield stress and hardening slope dsy/dep at equivalent plastic strain a (the slope of the
 * segment a lies on; right-continuous at the table points; 0 beyond the last). */
void sn_j2_yield(const sn_j2 *h, double a, double *sy, double *H);
/* The plastic increment dp > 0 of the radial return: q_tr - 3 G dp = sy(a + dp) (the table's
 * segments walked from a; G the shear modulus, or Simo's mu_bar at finite strain). */
double sn_j2_consistency(const sn_j2 *h, double G, double qtr, double a);
/* Radial return of one material point (Simo-Hughes, Computational Inelasticity, Box 3.2, with
 * the consistent tangent of the same box): isotropic elasticity (E, nu), total
 * strain eps (Voigt 11 22 33 12 13 23, engineering shears), committed history hold
 * (SN_J2_NHIST); stress sig, the updated history hnew and the algorithmic tangent D (may be
 * NULL). Returns SN_OK, SN_ERR_ARG (bad data), SN_ERR_NAN. */
int sn_j2_return(const sn_j2 *h, double E, double nu, const double eps[6], const double *hold, double sig[6],
                 double *hnew, double D[6][6]);
/* Continuum element (solids, plane strain, axisymmetric; plane stress: SN_ERR_ARG) of a J2
 * material: internal force and consistent tangent at ue from the committed history hold
 * (nip x SN_J2_NHIST), the trial history into hnew (may be NULL). nlgeom 0: small strain (the
 * linear B, no initial-stress term); 1: total Lagrangian, Simo's multiplicative finite-strain
 * J2 model (history Cp^-1 - I and PEEQ; CalculiX' model). src/fem/element_solid_plastic.c. */
int sn_element_plastic(sn_eltype t, const double *X, const sn_elprops *p, const sn_j2 *h, int nlgeom,
                       const double *ue, const double *hold, double *hnew, double *fint, double *Kt);
/* Its stress (small strain: sigma = D (eps - ep); nlgeom: Cauchy F S F^T / J, Green-Lagrange
 * strain) and total strain (tensor shears) from the committed history h (no return mapping: the state of the last
 * converged increment), at integration points and extrapolated to nodes; any output NULL. */
int sn_element_stress_plastic(sn_eltype t, const double *X, const sn_elprops *p, int nlgeom, const double *ue,
                              const double *h, double *Sip, double *Snode, double *Eip, double *Enode);

/* ---- the model a deck describes ---- */
typedef enum { SN_SET_NODE, SN_SET_ELEM } sn_setkind;

typedef struct {
  char name[81];         /* upper-cased as written */
  sn_setkind kind;
  int n, cap;
  int *items;            /* 0-based node or element indices, in order of appearance, no repeats */
} sn_set;

typedef struct {
  char name[81];
  double E, nu, density;
  int has_elastic, has_density;
  double alpha;          /* *EXPANSION: isotropic expansion coefficient (0 when none) */
  double alpha_zero;     /* *EXPANSION, ZERO=: its reference temperature (no effect for a
                            constant alpha: the strain is alpha (T - T_initial)) */
  int has_expansion;
  int has_hyper;         /* *HYPERELASTIC, NEO HOOKE: c10, d1 (sn_neohooke) */
  double c10, d1;
  int has_plastic;       /* *PLASTIC (HARDENING=ISOTROPIC): the hardening table */
  sn_j2 plastic;
  double conductivity;   /* *CONDUCTIVITY (isotropic, heat flow per area per temperature gradient) */
  double specific_heat;  /* *SPECIFIC HEAT (energy per mass per temperature) */
  int has_conductivity, has_specific_heat;
} sn_material;

typedef struct {
  int elset;             /* index into sets */
  int material;          /* index into materials */
  double thickness;      /* plane elements (default 1) or truss area (the first data value) */
  int line;              /* deck line of the keyword, for messages */
} sn_section;

/* *SPRING, ELSET=: linear stiffness, or a nonlinear force-displacement table (NONLINEAR):
 * pairs (force, elongation) sorted by elongation, extrapolated linearly beyond the ends. */
typedef struct {
  int elset;
  int dof1, dof2;        /* 1-based directions for SPRINGA: unused (axial), kept 0 */
  double k;              /* linear stiffness (if ntab == 0) */
  int ntab;
  double *force, *elong;
  int line;
} sn_spring;

typedef struct {
  char name[81];
  int n;
  double *t, *a;         /* piecewise linear (TIME=STEP TIME) */
} sn_amplitude;

/* *SURFACE: element faces (TYPE=ELEMENT, default) or nodes (TYPE=NODE) */
typedef struct {
  char name[81];
  int node_based;
  int n;
  int *elem, *face;      /* element index and face number (1-based) for element surfaces */
  int *node;             /* node indices for node surfaces */
  double *weight;        /* node surfaces: the optional second data value, the node's contact
                            area; 0 where not given: CalculiX' area (free faces holding the
                            node, else the master face's: src/contact/node_area.c) */
  int line;
} sn_surface;

/* *GAP, ELSET=: the GAPUNI elements of the set (CalculiX User's Manual, "*GAP" and the
 * GAPUNI element): between their first node 1 and second node 2, the constraint
 * clearance + dir . (u2 - u1) >= 0 (dir normalized by the reader), a node-to-node contact point
 * (sn_contact_detect: slave node 2, master node 1, normal dir, gap = clearance + dir . (u2 - u1),
 * area 1: its force is the gap's force) with the interaction `interaction` (the reader makes
 * one per *GAP: HARD, or GAPUNI (CalculiX' gap force law) when the data line gives a
 * stiffness k) */
typedef struct {
  int elset;
  double clearance, dir[3];
  double k, finf;        /* the data line's stiffness and its f_inf (0 when not given) */
  int interaction;
  int line;
} sn_gap;

/* *RIGID BODY, NSET= or ELSET=, REF NODE= */
typedef struct {
  int set;               /* index into sets */
  int ref_node;          /* node index */
  int line;
} sn_rigid;

/* PRESSURE-OVERCLOSURE= of *SURFACE BEHAVIOR (docs/deck.md, "Contact laws"): pressure p as a
 * function of the overclosure h = -gap (CalculiX manual, *SURFACE BEHAVIOR):
 *   HARD         p >= 0, h <= 0, p h = 0 (Signorini)
 *   LINEAR       p = slope h for h > 0, 0 otherwise
 *   EXPONENTIAL  p = p0 exp(ln(100) h / c0): p0 at zero clearance, 1 % of p0 at clearance c0
 *   TABULAR      piecewise linear through (h_k, p_k), constant outside the table
 *   TIED         p = slope h for every h (tension too), no slip (tangential slope = slope)
 *   GAPUNI       a *GAP with a stiffness k (CalculiX manual, "Gap element (GAPUNI)"): the
 *                force F = k h (1/2 + atan(h / eps) / pi), eps = pi f_inf / k, for every h
 *                (an open gap pulls with at most f_inf), frictionless (slope = k, sigma_inf =
 *                f_inf; the point's area is 1) */
typedef enum { SN_OVERCLOSURE_HARD, SN_OVERCLOSURE_LINEAR, SN_OVERCLOSURE_EXPONENTIAL, SN_OVERCLOSURE_TABULAR,
               SN_OVERCLOSURE_TIED, SN_OVERCLOSURE_GAPUNI } sn_overclosure;

#define SN_LAW_MAXTAB 64       /* points of a TABULAR pressure-overclosure table */

typedef struct {
  char name[81];
  sn_overclosure law;
  double slope;          /* LINEAR / TIED: slope (pressure per overclosure); HARD: the optional
                            data line (penalty stiffness for CONTACT=PENALTY|AUGMENTED), 0 if none */
  double sigma_inf, c0;  /* LINEAR: the optional second and third data values (0 if not given);
                            EXPONENTIAL: c0 (clearance where p = p0 / 100) */
  double p0;             /* EXPONENTIAL: pressure at zero clearance */
  int ntab;              /* TABULAR: points (pressure tab_p[k] at overclosure tab_h[k], h increasing) */
  double tab_p[SN_LAW_MAXTAB], tab_h[SN_LAW_MAXTAB];
  double mu;             /* *FRICTION: coefficient (0 if none) */
  double stick_slope;    /* *FRICTION second value (0 if not given) */
  int exact_stick;       /* *FRICTION, LAGRANGE: stick without elastic slip under CONTACT=LAGRANGE /
                            INTERIOR (the stick slope, if any, then serves PENALTY only) */
  int has_friction;
  int line;
  int behavior_line, friction_line;        /* deck lines of the law's and *FRICTION's keyword (0: none) */
  double damping, damp_tfrac;              /* *CONTACT DAMPING: constant, TANGENT FRACTION (0: none) */
  int damping_line;
  double gap_conductance;                  /* *GAP CONDUCTANCE: heat flow per area per temperature
                                              difference across the pair's contact points */
  int has_gap_conductance, gap_conductance_line;
} sn_interaction;

/* the largest friction coefficient used: a larger one (CalculiX' 1e20 for perfect stick) is taken
 * as this, with a note (src/contact/detect.c says why) */
#define SN_MU_STICK 1e3

typedef enum { SN_PAIR_NODE_TO_SURFACE, SN_PAIR_SURFACE_TO_SURFACE } sn_pairtype;

typedef struct {
  int interaction;       /* index into interactions */
  int slave, master;     /* surface indices (slave first, as in the deck) */
  sn_pairtype type;
  int mortar;            /* TYPE=MORTAR: a SURFACE TO SURFACE pair kept on the mortar rows whatever its
                            law (otherwise soft frictionless laws are CalculiX' face-to-face penalty) */
  int small_sliding;     /* SMALL SLIDING: each slave node keeps over an increment the master face
                            it was paired with at the increment's start (static analyses) */
  double adjust;         /* ADJUST=distance: slave nodes within it (gap <= adjust) moved onto the
                            master at the start of the analysis; 0: none */
  int adjust_set;        /* ADJUST=node set: its slave nodes moved (index into sets), -1: none */
  int inactive;          /* not active in the first step (*MODEL CHANGE, ADD in a later step) */
  const int *pin;        /* the analysis' SMALL SLIDING pairing: per node, the master face
                            (element * 8 + face) it is paired with, -1: none; NULL: free pairing */
  const double *u_start; /* the analysis' displacements at the increment's start (ndf per node):
                            a face-to-face penalty pair's points are matched with the master there
                            (face, natural coordinates, normal), frozen over the increment as
                            CalculiX does; NULL: matched in the current configuration */
  const double *relief_u0; /* CalculiX' overclosure relief in the first step of a static analysis
                            (SURFACE TO SURFACE pairs, contact_relief.c): the displacements at
                            the increment's start (ndf per node); NULL: none */
  double relief_theta, relief_rel; /* the step fractions at the increment's start and end */
  int line;
} sn_contact_pair;

/* changes of contact made by a step, from that step on: *CHANGE FRICTION / *CHANGE SURFACE
 * BEHAVIOR (the interaction's whole new record) and *MODEL CHANGE, TYPE=CONTACT PAIR */
typedef struct {
  int interaction;       /* index into interactions, or -1 for a pair change */
  sn_interaction val;    /* the interaction from this step on */
  int pair, active;      /* pair change: index into pairs, 1 ADD, 0 REMOVE */
  int line;
} sn_step_change;

/* *BOUNDARY data: prescribed displacement of dofs first..last (1-based) of a node */
typedef struct {
  int node;
  int first, last;
  double value;
  int amplitude;         /* index or -1 */
  int line;
} sn_bc;

/* *CLOAD: force on one dof; *DLOAD: pressure on an element face, or GRAV */
typedef struct {
  int node, dof;         /* dof 1-based */
  double value;
  int amplitude;
  int line;
} sn_cload;

typedef struct {
  int elem;              /* element index; for GRAV the load applies to every element listed */
  int face;              /* 1..6 for Pn, 0 for GRAV */
  double value;          /* pressure, or GRAV magnitude */
  double dir[3];         /* GRAV direction */
  int amplitude;
  int line;
} sn_dload;

/* *TEMPERATURE data: the temperature of a node at the end of the step */
typedef struct {
  int node;
  double value;
  int line;
} sn_temp;

/* Output requests (*NODE PRINT / *EL PRINT / *CONTACT PRINT / *NODE FILE / *EL FILE /
 * *CONTACT FILE; docs/deck.md, "Output requests") */
typedef enum { SN_OUT_NODE_PRINT, SN_OUT_EL_PRINT, SN_OUT_CONTACT_PRINT, SN_OUT_NODE_FILE,
               SN_OUT_EL_FILE, SN_OUT_CONTACT_FILE } sn_outkind;

typedef struct {
  sn_outkind kind;
  int set;               /* NSET= / ELSET= (index) or -1 for all */
  char vars[128];        /* the variables, upper-cased, CalculiX' 4-letter names: "U,RF" */
  int global;            /* *NODE PRINT, GLOBAL=YES: vectors of nodes with a *TRANSFORM in global
                            components (default: in the local frame, as CalculiX prints them) */
  int line;
  int totals;            /* TOTALS=: 0 NO (default), 1 YES, 2 ONLY */
  int frequency;         /* FREQUENCY= given (>= 0), or -1 */
  int timepoints;        /* TIME POINTS= (index into the model's timepoints), or -1 */
} sn_output;

/* *TIME POINTS, NAME=: output times of a step (step time, or total time with TIME=TOTAL TIME) */
typedef struct {
  char name[81];
  int n;
  double *t;             /* ascending */
  int total;             /* 1: TIME=TOTAL TIME */
  int line;
} sn_timepoints;

/* signorini's own parameter of *STEP: CONTACT=LAGRANGE (default) | PENALTY | AUGMENTED |
 * INTERIOR, and SOLVER=name for the Lagrange treatment */
typedef enum { SN_CT_LAGRANGE, SN_CT_PENALTY, SN_CT_AUGMENTED, SN_CT_INTERIOR } sn_contact_treatment;

typedef struct {
  int nlgeom;
  int inc;               /* maximum number of increments (INC=, default 100) */
  double dt0, period, dtmin, dtmax;   /* *STATIC data line (defaults 1, 1, 1e-5 * period, period) */
  int direct;            /* *STATIC, DIRECT: fixed increments */
  int linsolver;         /* *STATIC, SOLVER=: 0 not given (automatic), 1 direct (SPOOLES, PARDISO,
                            PASTIX: CHOLMOD here), 2 iterative (ITERATIVE SCALING / CHOLESKY: CG) */
  sn_contact_treatment contact;
  char solver[32];       /* registry name, "" for the default */
  int amp_step;          /* *STEP, AMPLITUDE=STEP: loads and boundary values of the step applied
                            at once (default RAMP: linear in the step time) */
  int nchange;           /* contact changes of the step (*CHANGE FRICTION, ...), in deck order */
  sn_step_change *change;
  /* *DYNAMIC instead of *STATIC (docs/fe-dynamics.md): the same data line (dt0, period, dtmin,
   * dtmax; the time step is fixed: period / ceil(period / dt0)), and signorini's parameters
   * THETA= (0.5), MASS=LUMPED (default) | CONSISTENT, RESTITUTION= (Newton's coefficient of the
   * contact points, 0) */
  int dynamic;
  int consistent_mass;   /* 1: consistent element mass matrices, 0: lumped (HRZ diagonal) */
  double theta;          /* theta method of the smooth part, in [0.5, 1] */
  double restitution;    /* Newton's impact law coefficient, in [0, 1] */
  /* *FREQUENCY instead of *STATIC (docs/deck.md, "*FREQUENCY"): the nev eigenvalues of
   * K x = omega^2 M x nearest the shift (2 pi fmin)^2, fmin and fmax the data line's frequency
   * range in cycles per time (0: not given); *STEP, PERTURBATION: K is the tangent of the last
   * converged state of the previous steps (stress stiffness and closed contacts included),
   * otherwise the linear stiffness of the reference configuration */
  int frequency, nev, perturbation;
  double fmin, fmax;
  int freq_storage_line;  /* the line of *FREQUENCY, STORAGE=YES (the modes kept for a following
                            *MODAL DYNAMIC step; without one a note), 0 */
  /* *SELECT CYCLIC SYMMETRY MODES, NMIN=, NMAX= (cyc_line 0: not given): the nodal diameters
   * nmin..nmax of a cyclic symmetric model (cyc_nmax -1: N / 2, N the sectors) */
  int cyc_nmin, cyc_nmax, cyc_line;
  /* *MODAL DYNAMIC instead of *STATIC (docs/deck.md, "Modal dynamic steps"): the response as a
   * superposition of the modes of the last *FREQUENCY step, each mode's equation integrated
   * exactly for loads linear within an increment; dt0 and period from the data line (the
   * increment is fixed: dt0, the last one shortened to end at period); *MODAL DAMPING,
   * RAYLEIGH: modal damping ratio alpha / (2 omega) + beta omega / 2 */
  int modal;
  double modal_alpha, modal_beta;
  int modal_damping_line;  /* the line of *MODAL DAMPING, 0: none (undamped) */
  /* bc: the model-data *BOUNDARY lines (those before the first *STEP, which hold in every
   * step) followed by the step's own, one record per node; each step lists only what its own
   * lines say (no Abaqus-style propagation from the previous step: the analysis decides) */
  int nbc, ncload, ndload, nout;
  /* OP=NEW on the step's *BOUNDARY / *CLOAD / *DLOAD (CalculiX): the boundary conditions (model
   * data included) / concentrated / distributed loads of the earlier steps are removed; removed
   * loads go to zero over the step like a ramped load (to zero at once with AMPLITUDE=STEP),
   * removed boundary conditions free their dofs at the step's start. bc then lists only the
   * step's own lines (no model-data *BOUNDARY lines first) */
  int bc_new, cload_new, dload_new;
  sn_bc *bc;
  sn_cload *cload;
  sn_dload *dload;
  sn_output *out;
  /* *TEMPERATURE: nodal temperatures reached at the end of the step (ramped from the values at
   * the start of the step, or the given values times the amplitude AMPLITUDE=); nodes not
   * listed keep their temperature (OP=MOD, default) or go back to the initial one (OP=NEW) */
  int ntemp, temp_op_new, temp_amplitude, has_temp;
  sn_temp *temp;
  /* heat conduction (docs/deck.md, "Heat transfer"): heat 1 *HEAT TRANSFER (temperatures only,
   * the displacements stay), 2 *COUPLED TEMPERATURE-DISPLACEMENT (per increment the temperatures,
   * then the mechanics with their thermal strain); heat_steady: STEADY STATE (no heat capacity,
   * boundary temperatures ramped over the step; transient: applied at once, backward Euler);
   * tbc: the step's prescribed temperatures (*BOUNDARY, degree of freedom 11; first = last = 11),
   * kept by later steps until changed */
  int heat, heat_steady, ntbc;
  sn_bc *tbc;
  int line;
} sn_step;

/* Kinematic constraints (docs/deck.md, "Constraints"; src/fem/dofmap.c eliminates them).
 * *EQUATION: sum_k coef_k u(node_k, dof_k) = 0, term 0 the dependent one; the dofs of a node
 * with a *TRANSFORM are its local components (global = 0), those a *TIE generates global
 * components (global = 1). Terms are stored in the model's eqt_* arrays from `first`. */
typedef struct {
  int nterms, first;
  int global;            /* 1: the dofs are global components whatever the node's transform */
  int first_local;       /* with global: the first (dependent) term is in its node's frame */
  int tie;               /* index of the *TIE that generated it, or -1 */
  int line;              /* deck line (of the *EQUATION data or of the *TIE keyword) */
} sn_equation;

/* *TRANSFORM, NSET=, TYPE=R|C: a local frame for the nodes of the set (the last one given for
 * a node holds): R, a the point on the local x' axis, b a point of the x'-y' plane (a and b
 * from the origin); C, a and b on the axis (x' radial, y' tangential, z' from a to b). */
typedef struct {
  int set;               /* NSET= (index into sets) */
  int cylindrical;
  double a[3], b[3];
  int line;
} sn_transform;

/* *TIE, NAME=: tied contact, each slave node tied to the master face it projects on by the
 * face's shape functions at the projection; CYCLIC SYMMETRY (with its *CYCLIC SYMMETRY MODEL):
 * the slave side rotated by the sector angle onto the master side, u_s = Q^T u_m (the static,
 * rotationally symmetric solution). Equations generated by the reader at the end of the deck. */
typedef struct {
  char name[81];
  int slave, master;     /* surface indices */
  double tol;            /* POSITION TOLERANCE= (0: the default) */
  int adjust;            /* ADJUST=YES (default): slave nodes moved onto the master surface */
  int cyclic;            /* CYCLIC SYMMETRY */
  int nsector;           /* *CYCLIC SYMMETRY MODEL, N= (0: none given yet) */
  double axis_a[3], axis_b[3];   /* its axis */
  int cyc_graphics;      /* NGRAPH=, ELSET= or CHECK= given: read, no effect (a note) */
  int line, cyc_line;    /* deck lines of the *TIE and of its *CYCLIC SYMMETRY MODEL */
} sn_tie;

/* *INITIAL CONDITIONS, TYPE=VELOCITY: velocity of dof (1-based) of a node */
typedef struct {
  int node, dof;
  double value;
  int line;
} sn_ivel;

typedef struct {
  char heading[256];
  int ndf;               /* displacement components per node: 2 or 3 */
  /* nodes: user ids, coordinates (3 per node) */
  int nnodes;
  int *node_id;
  double *x;
  /* elements: user ids, types, connectivity (node indices) in CSR form, section per element */
  int nelems;
  int *elem_id;
  sn_eltype *elem_type;
  int *elem_ptr, *elem_conn;
  int *elem_section;     /* index into sections (or springs for SPRINGA, see elem_spring), -1 */
  int *elem_spring;      /* index into springs, -1 */
  int nsets, nmaterials, nsections, nsprings, namplitudes, nsurfaces, nrigids, ninteractions,
      npairs, nsteps;
  int ngaps;             /* *GAP definitions */
  sn_gap *gaps;
  sn_set *sets;
  sn_material *materials;
  sn_section *sections;
  sn_spring *springs;
  sn_amplitude *amplitudes;
  sn_surface *surfaces;
  sn_rigid *rigids;
  sn_interaction *interactions;
  sn_contact_pair *pairs;
  sn_step *steps;
  /* kinematic constraints: equations (their terms in eqt_node / eqt_dof (1-based) / eqt_coef),
   * transforms with the one of each node (node_transform: nnodes ints, -1 none; NULL when
   * there is no *TRANSFORM), ties */
  int nequations, neqterms, ntransforms, nties;
  sn_equation *equations;
  int *eqt_node, *eqt_dof;
  double *eqt_coef;
  sn_transform *transforms;
  int *node_transform;
  sn_tie *ties;
  /* shells and beams expanded into bricks (docs/deck.md, "Shells and beams"): original node
   * knot_node[k] is tied to the expanded nodes knot_members[knot_ptr[k] .. knot_ptr[k + 1] - 1];
   * its reaction force (RF) is reported as the sum over the knot */
  int nknots;
  int *knot_node, *knot_ptr, *knot_members;
  /* initial velocities (*INITIAL CONDITIONS, TYPE=VELOCITY), one record per node and dof, in
   * order (a later record of the same node and dof replaces the earlier one at the analysis) */
  int nivel;
  sn_ivel *ivel;
  /* *INITIAL CONDITIONS, TYPE=TEMPERATURE: initial nodal temperatures (nnodes values, 0 where
   * not given; NULL when the deck has none). Thermal strain alpha (T - T0) of elements whose
   * material has *EXPANSION, T the step's temperature field (*TEMPERATURE). */
  double *temp0;
  /* *DAMPING, ALPHA=, BETA= (model data, one per deck): Rayleigh damping C = alpha M + beta K
   * of dynamic steps; 0 when not given */
  double damp_alpha, damp_beta;
  int has_damping, damping_line;
  /* id lookup tables (sn_model_build_index): open addressing on the user ids, 1 << *_hbits
   * slots holding index + 1 (0: empty); NULL until built */
  int node_hbits, elem_hbits;
  int *node_hash, *elem_hash;
  /* the units the deck declares in a comment line "** UNITS: LENGTH=mm, FORCE=N, STRESS=MPa,
   * TIME=s" (docs/deck.md, "Units"), "" where not declared; labels of plots and tables only,
   * nothing is converted */
  struct { char length[16], force[16], stress[16], time[16]; } units;
  /* *TIME POINTS sequences */
  int ntimepoints;
  sn_timepoints *timepoints;
  /* what the deck asks for that is read but has no effect (*CONTROLS, ...): one line each,
   * "FILE:LINE: text\n", for the caller to show when the analysis runs; NULL if none */
  char *notes;
} sn_model;

void sn_model_free(sn_model *m);               /* frees everything and m itself; NULL is fine */
/* (Re)build the id lookup tables of sn_model_node_index / sn_model_elem_index. The reader
 * calls it; a model built or extended by hand should call it again after adding nodes or
 * elements (without tables the lookups scan linearly). SN_OK, SN_ERR_ARG or SN_ERR_NOMEM. */
int sn_model_build_index(sn_model *m);
/* index of a node / element by user id, -1 if none (hash lookup, O(1)) */
int sn_model_node_index(const sn_model *m, int id);
int sn_model_elem_index(const sn_model *m, int id);
/* Amplitude value at time t of the step. amp -1: ramp t/period over the step (the *STATIC
 * default), clamped to [0, 1] (1 if period <= 0). amp >= 0: the tabular amplitude, piecewise
 * linear between its points, constant (first / last value) outside them. 0 for an index out
 * of range. */
double sn_amplitude_value(const sn_model *m, int amp, double t, double period);

/* The local frame of node i (*TRANSFORM): the columns of R (3 x 3, column-major: R[3 * j + c] =
 * global component c of local axis j) are the node's local axes; identity without a
 * transform. SN_ERR_FORMAT for a degenerate definition (a and b collinear with the origin, a
 * cylindrical axis of zero length, a node on the axis of a cylindrical one). */
int sn_model_node_frame(const sn_model *m, int i, double *R);

#ifdef __cplusplus
}
#endif
#endif
