/* The node areas of heat flow across contact for node-based slave surfaces (heat_gap.c,
 * sn_heat_node_areas): the tributary areas of the model's outer faces. On quadratic faces the
 * integrals of the shape functions are -A/12 at the corners of an 8-node quad and 0 at those of
 * a 6-node triangle, which made a corner conduct backwards or not at all (the review of the
 * contact areas' fix, 6 December 2026); they are now HRZ-lumped (Hinton, Rock, Zienkiewicz 1976),
 * as the contact detection's: on a flat 8-node face of area A, 3A/76 at a corner and 4A/19 at a
 * midside node. Checked on one C3D20 unit cube: a corner node holds 3 faces, 9/76; a midside
 * node 2 faces, 8/19; the total is the cube's surface, 6. A C3D8 cube keeps the consistent
 * shares: 3/4 at every corner. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/heat_internal.h"
#include "check.h"
#include "signorini/io.h"

static const char c3d20[] =
    "*NODE\n"
    "1,0,0,0\n2,1,0,0\n3,1,1,0\n4,0,1,0\n5,0,0,1\n6,1,0,1\n7,1,1,1\n8,0,1,1\n"
    "9,0.5,0,0\n10,1,0.5,0\n11,0.5,1,0\n12,0,0.5,0\n13,0.5,0,1\n14,1,0.5,1\n15,0.5,1,1\n16,0,0.5,1\n"
    "17,0,0,0.5\n18,1,0,0.5\n19,1,1,0.5\n20,0,1,0.5\n"
    "*ELEMENT, TYPE=C3D20, ELSET=E\n1,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20\n"
    "*MATERIAL, NAME=M\n*ELASTIC\n1000, 0.3\n*SOLID SECTION, ELSET=E, MATERIAL=M\n"
    "*STEP\n*STATIC\n*END STEP\n";

static const char c3d8[] =
    "*NODE\n1,0,0,0\n2,1,0,0\n3,1,1,0\n4,0,1,0\n5,0,0,1\n6,1,0,1\n7,1,1,1\n8,0,1,1\n"
    "*ELEMENT, TYPE=C3D8, ELSET=E\n1,1,2,3,4,5,6,7,8\n"
    "*MATERIAL, NAME=M\n*ELASTIC\n1000, 0.3\n*SOLID SECTION, ELSET=E, MATERIAL=M\n"
    "*STEP\n*STATIC\n*END STEP\n";

static void cube(const char *deck, int corners, double corner_area, double mid_area)
{
  sn_model *m = NULL;
  char msg[512];
  CHECK_INT(sn_inp_parse(deck, strlen(deck), "cube.inp", NULL, &m, msg, sizeof msg), SN_OK);
  if (!m) return;
  double *area = calloc((size_t)m->nnodes, sizeof(double)), total = 0;
  CHECK_INT(sn_heat_node_areas(m, area), SN_OK);
  for (int i = 0; i < m->nnodes; i++) {
    CHECK_CLOSE(area[i], i < corners ? corner_area : mid_area, 1e-12, 0);
    CHECK(area[i] > 0);
    total += area[i];
  }
  CHECK_CLOSE(total, 6.0, 1e-12, 0);
  free(area);
  sn_model_free(m);
}

int main(void)
{
  cube(c3d20, 8, 9.0 / 76.0, 8.0 / 19.0);
  cube(c3d8, 8, 0.75, 0.0);
  return sn_check_report();
}
