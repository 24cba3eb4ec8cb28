/* Element types: descriptors, name lookup, face (edge) numbering.
 *
 * Node numbering, face numbering and integration-point order follow Abaqus / CalculiX
 * (CalculiX User's Manual, section 6.2 "Element types"; Abaqus Analysis User's Manual,
 * "Solid (continuum) elements"). Faces, as local 0-based nodes, corners first then midsides:
 *
 *   hexahedra (C3D8, C3D20, C3D20R)          tetrahedra (C3D4, C3D10)
 *     S1 1-2-3-4    (9-10-11-12)               S1 1-2-3  (5-6-7)
 *     S2 5-8-7-6    (16-15-14-13)              S2 1-4-2  (8-9-5)
 *     S3 1-5-6-2    (17-13-18-9)               S3 2-4-3  (9-10-6)
 *     S4 2-6-7-3    (18-14-19-10)              S4 3-4-1  (10-8-7)
 *     S5 3-7-8-4    (19-15-20-11)
 *     S6 4-8-5-1    (20-16-17-12)
 *   wedges (C3D6, C3D15): S1 1-2-3 (7-8-9), S2 4-6-5 (12-11-10), S3 1-4-5-2 (13-10-14-7),
 *     S4 2-5-6-3 (14-11-15-8), S5 3-6-4-1 (15-12-13-9): triangles S1, S2, quadrilaterals
 *     S3..S5 (the hexahedron's S1, S2, S3, S4, S6 with the edge 3-4 collapsed)
 *   quadrilaterals: S1 1-2 (5), S2 2-3 (6), S3 3-4 (7), S4 4-1 (8)
 *   triangles:      S1 1-2 (4), S2 2-3 (5), S3 3-1 (6)
 *
 * With the element's nodes in the positive orientation (det J > 0), every 3D face listed this
 * way has its right-hand-rule normal pointing INTO the element, and every 2D edge runs
 * counterclockwise, so that its inward normal is the tangent turned by +90 degrees.
 *
 * Midside nodes: C3D20 9..12 on edges 1-2, 2-3, 3-4, 4-1; 13..16 on 5-6, 6-7, 7-8, 8-5;
 * 17..20 on 1-5, 2-6, 3-7, 4-8. C3D10 5..10 on 1-2, 2-3, 3-1, 1-4, 2-4, 3-4. CPE8 5..8 on
 * 1-2, 2-3, 3-4, 4-1. CPE6 4..6 on 1-2, 2-3, 3-1. C3D15 7..9 on 1-2, 2-3, 3-1; 10..12 on
 * 4-5, 5-6, 6-4; 13..15 on 1-4, 2-5, 3-6.
 *
 * Integration as CalculiX: C3D6 2 points (the triangle's centroid times 2 Gauss points through
 * the thickness; checked against ccx 2.20's *EL PRINT of a one-element deck), C3D15 9 (3
 * triangle points times 3 Gauss points), C3D8I 8 (2x2x2). */
#include <ctype.h>
#include <stddef.h>

#include "fem/element_internal.h"

static const int hex_faces[6][8] = {
  {0, 1, 2, 3, 8, 9, 10, 11},   {4, 7, 6, 5, 15, 14, 13, 12}, {0, 4, 5, 1, 16, 12, 17, 8},
  {1, 5, 6, 2, 17, 13, 18, 9},  {2, 6, 7, 3, 18, 14, 19, 10}, {3, 7, 4, 0, 19, 15, 16, 11}};
static const int tet_faces[4][8] = {
  {0, 1, 2, 4, 5, 6, 0, 0}, {0, 3, 1, 7, 8, 4, 0, 0}, {1, 3, 2, 8, 9, 5, 0, 0},
  {2, 3, 0, 9, 7, 6, 0, 0}};
static const int wedge_faces[5][8] = {
  {0, 1, 2, 6, 7, 8, 0, 0},       {3, 5, 4, 11, 10, 9, 0, 0},    {0, 3, 4, 1, 12, 9, 13, 6},
  {1, 4, 5, 2, 13, 10, 14, 7},    {2, 5, 3, 0, 14, 11, 12, 8}};
static const int wedge6_nn[5] = {3, 3, 4, 4, 4};
static const int wedge15_nn[5] = {6, 6, 8, 8, 8};
static const int quad_edges[4][8] = {
  {0, 1, 4, 0, 0, 0, 0, 0}, {1, 2, 5, 0, 0, 0, 0, 0}, {2, 3, 6, 0, 0, 0, 0, 0},
  {3, 0, 7, 0, 0, 0, 0, 0}};
static const int tri_edges[3][8] = {
  {0, 1, 3, 0, 0, 0, 0, 0}, {1, 2, 4, 0, 0, 0, 0, 0}, {2, 0, 5, 0, 0, 0, 0, 0}};

static const int hex_mid[12][2] = {{0, 1}, {1, 2}, {2, 3}, {3, 0}, {4, 5}, {5, 6},
                                   {6, 7}, {7, 4}, {0, 4}, {1, 5}, {2, 6}, {3, 7}};
static const int wedge_mid[9][2] = {{0, 1}, {1, 2}, {2, 0}, {3, 4}, {4, 5},
                                     {5, 3}, {0, 3}, {1, 4}, {2, 5}};
static const int tet_mid[6][2] = {{0, 1}, {1, 2}, {2, 0}, {0, 3}, {1, 3}, {2, 3}};
static const int quad_mid[4][2] = {{0, 1}, {1, 2}, {2, 3}, {3, 0}};
static const int tri_mid[3][2] = {{0, 1}, {1, 2}, {2, 0}};

#define PLANE(T, NAME, KIND, NN, NIP, NF, FAM, RULE, MRULE, NC, FFAM, FNN, FACES, MID) \
  [T] = {{T, NAME, KIND, NN, 2, NIP, NF}, FAM, RULE, MRULE, NC, FFAM, FNN, FACES, MID}
#define SOLID(T, NAME, NN, NIP, NF, FAM, RULE, MRULE, NC, FFAM, FNN, FACES, MID) \
  [T] = {{T, NAME, SN_KIND_SOLID, NN, 3, NIP, NF}, FAM, RULE, MRULE, NC, FFAM, FNN, FACES, MID}

/* Integration (stiffness / stress): full Gauss except the R types (reduced, 2x2 / 2x2x2);
 * loads and volume use the full rule of the family (mass_rule). */
static const sn_elinfo table[SN_EL_COUNT] = {
  [SN_EL_T2D2] = {{SN_EL_T2D2, "T2D2", SN_KIND_TRUSS, 2, 2, 1, 0}, SN_FAM_NONE, SN_RULE_LINE1,
                  SN_RULE_LINE1, 2, SN_FAM_NONE, 0, NULL, NULL},
  [SN_EL_T3D2] = {{SN_EL_T3D2, "T3D2", SN_KIND_TRUSS, 2, 3, 1, 0}, SN_FAM_NONE, SN_RULE_LINE1,
                  SN_RULE_LINE1, 2, SN_FAM_NONE, 0, NULL, NULL},
  [SN_EL_SPRINGA] = {{SN_EL_SPRINGA, "SPRINGA", SN_KIND_SPRING, 2, 3, 1, 0}, SN_FAM_NONE,
                     SN_RULE_LINE1, SN_RULE_LINE1, 2, SN_FAM_NONE, 0, NULL, NULL},

  PLANE(SN_EL_CPE3, "CPE3", SN_KIND_PLANE_STRAIN, 3, 1, 3, SN_FAM_TRI3, SN_RULE_TRI1,
        SN_RULE_TRI1, 3, SN_FAM_LINE2, 2, tri_edges, NULL),
  PLANE(SN_EL_CPE4, "CPE4", SN_KIND_PLANE_STRAIN, 4, 4, 4, SN_FAM_QUAD4, SN_RULE_QUAD4,
        SN_RULE_QUAD4, 4, SN_FAM_LINE2, 2, quad_edges, NULL),
  PLANE(SN_EL_CPE6, "CPE6", SN_KIND_PLANE_STRAIN, 6, 3, 3, SN_FAM_TRI6, SN_RULE_TRI3,
        SN_RULE_TRI3, 3, SN_FAM_LINE3, 3, tri_edges, tri_mid),
  PLANE(SN_EL_CPE8, "CPE8", SN_KIND_PLANE_STRAIN, 8, 9, 4, SN_FAM_QUAD8, SN_RULE_QUAD9,
        SN_RULE_QUAD9, 4, SN_FAM_LINE3, 3, quad_edges, quad_mid),
  PLANE(SN_EL_CPE8R, "CPE8R", SN_KIND_PLANE_STRAIN, 8, 4, 4, SN_FAM_QUAD8, SN_RULE_QUAD4,
        SN_RULE_QUAD9, 4, SN_FAM_LINE3, 3, quad_edges, quad_mid),

  PLANE(SN_EL_CPS3, "CPS3", SN_KIND_PLANE_STRESS, 3, 1, 3, SN_FAM_TRI3, SN_RULE_TRI1,
        SN_RULE_TRI1, 3, SN_FAM_LINE2, 2, tri_edges, NULL),
  PLANE(SN_EL_CPS4, "CPS4", SN_KIND_PLANE_STRESS, 4, 4, 4, SN_FAM_QUAD4, SN_RULE_QUAD4,
        SN_RULE_QUAD4, 4, SN_FAM_LINE2, 2, quad_edges, NULL),
  PLANE(SN_EL_CPS6, "CPS6", SN_KIND_PLANE_STRESS, 6, 3, 3, SN_FAM_TRI6, SN_RULE_TRI3,
        SN_RULE_TRI3, 3, SN_FAM_LINE3, 3, tri_edges, tri_mid),
  PLANE(SN_EL_CPS8, "CPS8", SN_KIND_PLANE_STRESS, 8, 9, 4, SN_FAM_QUAD8, SN_RULE_QUAD9,
        SN_RULE_QUAD9, 4, SN_FAM_LINE3, 3, quad_edges, quad_mid),
  PLANE(SN_EL_CPS8R, "CPS8R", SN_KIND_PLANE_STRESS, 8, 4, 4, SN_FAM_QUAD8, SN_RULE_QUAD4,
        SN_RULE_QUAD9, 4, SN_FAM_LINE3, 3, quad_edges, quad_mid),

  PLANE(SN_EL_CAX4, "CAX4", SN_KIND_AXISYM, 4, 4, 4, SN_FAM_QUAD4, SN_RULE_QUAD4,
        SN_RULE_QUAD4, 4, SN_FAM_LINE2, 2, quad_edges, NULL),
  PLANE(SN_EL_CAX8, "CAX8", SN_KIND_AXISYM, 8, 9, 4, SN_FAM_QUAD8, SN_RULE_QUAD9,
        SN_RULE_QUAD9, 4, SN_FAM_LINE3, 3, quad_edges, quad_mid),
  PLANE(SN_EL_CAX8R, "CAX8R", SN_KIND_AXISYM, 8, 4, 4, SN_FAM_QUAD8, SN_RULE_QUAD4,
        SN_RULE_QUAD9, 4, SN_FAM_LINE3, 3, quad_edges, quad_mid),

  SOLID(SN_EL_C3D4, "C3D4", 4, 1, 4, SN_FAM_TET4, SN_RULE_TET1, SN_RULE_TET1, 4, SN_FAM_TRI3, 3,
        tet_faces, NULL),
  SOLID(SN_EL_C3D8, "C3D8", 8, 8, 6, SN_FAM_HEX8, SN_RULE_HEX8, SN_RULE_HEX8, 8, SN_FAM_QUAD4,
        4, hex_faces, NULL),
  SOLID(SN_EL_C3D10, "C3D10", 10, 4, 4, SN_FAM_TET10, SN_RULE_TET4, SN_RULE_TET4, 4,
        SN_FAM_TRI6, 6, tet_faces, tet_mid),
  SOLID(SN_EL_C3D20, "C3D20", 20, 27, 6, SN_FAM_HEX20, SN_RULE_HEX27, SN_RULE_HEX27, 8,
        SN_FAM_QUAD8, 8, hex_faces, hex_mid),
  SOLID(SN_EL_C3D20R, "C3D20R", 20, 8, 6, SN_FAM_HEX20, SN_RULE_HEX8, SN_RULE_HEX27, 8,
        SN_FAM_QUAD8, 8, hex_faces, hex_mid),
  [SN_EL_C3D6] = {{SN_EL_C3D6, "C3D6", SN_KIND_SOLID, 6, 3, 2, 5}, SN_FAM_WEDGE6, SN_RULE_WEDGE2,
                  SN_RULE_WEDGE6, 6, SN_FAM_QUAD4, 4, wedge_faces, NULL, wedge6_nn, 0},
  [SN_EL_C3D15] = {{SN_EL_C3D15, "C3D15", SN_KIND_SOLID, 15, 3, 9, 5}, SN_FAM_WEDGE15,
                   SN_RULE_WEDGE9, SN_RULE_WEDGE9, 6, SN_FAM_QUAD8, 8, wedge_faces, wedge_mid,
                   wedge15_nn, 0},
  [SN_EL_C3D8I] = {{SN_EL_C3D8I, "C3D8I", SN_KIND_SOLID, 8, 3, 8, 6}, SN_FAM_HEX8, SN_RULE_HEX8,
                   SN_RULE_HEX8, 8, SN_FAM_QUAD4, 4, hex_faces, NULL, NULL, 1},
  [SN_EL_GAPUNI] = {{SN_EL_GAPUNI, "GAPUNI", SN_KIND_GAP, 2, 3, 1, 0}, SN_FAM_NONE, SN_RULE_LINE1,
                    SN_RULE_LINE1, 2, SN_FAM_NONE, 0, NULL, NULL, NULL, 0},
};

const sn_elinfo *sn_element_info(sn_eltype t)
{
  if ((int)t <= (int)SN_EL_NONE || (int)t >= (int)SN_EL_COUNT) return NULL;
  return &table[t];
}

const sn_eldesc *sn_element_desc(sn_eltype t)
{
  const sn_elinfo *e = sn_element_info(t);
  return e ? &e->d : NULL;
}

sn_eltype sn_element_type(const char *name)
{
  if (!name) return SN_EL_NONE;
  for (int t = SN_EL_NONE + 1; t < SN_EL_COUNT; t++) {
    const char *a = name, *b = table[t].d.name;
    while (*a && *b && toupper((unsigned char)*a) == (unsigned char)*b) a++, b++;
    if (!*a && !*b) return (sn_eltype)t;
  }
  return SN_EL_NONE;
}

int sn_element_face_nodes(sn_eltype t, int face, int *nodes)
{
  const sn_elinfo *e = sn_element_info(t);
  if (!e || !nodes) return SN_ERR_ARG;
  if (e->d.nfaces == 0 || face < 1 || face > e->d.nfaces) return SN_ERR_ARG;
  int nn = sn_fe_face(e, face, NULL);
  for (int i = 0; i < nn; i++) nodes[i] = e->faces[face - 1][i];
  return nn;
}

int sn_fe_face(const sn_elinfo *e, int face, sn_fefam *fam)
{
  if (fam) *fam = SN_FAM_NONE;
  if (!e || e->d.nfaces == 0 || face < 1 || face > e->d.nfaces) return 0;
  int nn = e->face_nnv ? e->face_nnv[face - 1] : e->face_nn;
  if (fam) {
    if (!e->face_nnv) *fam = e->face_fam;
    else *fam = nn == 3 ? SN_FAM_TRI3 : nn == 6 ? SN_FAM_TRI6 : nn == 4 ? SN_FAM_QUAD4 : SN_FAM_QUAD8;
  }
  return nn;
}
