/* A convex body's vertex under a mesh triangle that the body does not cross (campaign scene s0101,
 * issue #12): the mesh narrow phase must see it as a plane does.
 *
 * The case, the state where the event-driven run lost it: a regular tetrahedron (vertices
 * (+-s, +-s, +-s) with an even count of minus signs, s = 0.116381267 m) tipping onto its face on
 * a flat floor of 2 m triangles. Two of the face's vertices touch the floor (heights -6.5e-12 and
 * -1.2e-11 m), over the triangle y < x of the cell [0, 2]^2; the third is 7.6 mm below the floor
 * at (0.155, 0.157), 1 mm across the cell's diagonal, under the triangle y > x. The body crosses
 * the floor's surface over the first triangle only: clipping its face to that triangle's outline
 * dropped the vertex (it lies outside), and the second triangle's GJK found the body apart from
 * its sheet (+3.4 mm, a side normal: dropped as a ghost). No contact watched the vertex; the
 * event-driven scheme let it sink at once and the body ended 2.4 cm inside the floor.
 * Asserted, for the mesh floor and for a plane z = 0 (sn_narrow_watch, the event scheme's call),
 * margin 1 cm: every vertex below the margin has a contact of the floor's normal (0, 0, 1) whose
 * gap is that vertex's height, computed here from the state (x + R(q) v), to 1e-12 m. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "dynamics/dyn_internal.h"
#include "signorini/scene_io.h"

static const char *FLOOR_MESH =
    "*BODY, NAME=FLOOR, TYPE=MESH\n0., 0., 0.\n*VERTICES\n"
    "0., -2., 0.\n2., -2., 0.\n0., 0., 0.\n2., 0., 0.\n0., 2., 0.\n2., 2., 0.\n"
    "*TRIANGLES\n1, 2, 4\n1, 4, 3\n3, 4, 6\n3, 6, 5\n";
static const char *FLOOR_PLANE = "*BODY, NAME=FLOOR, TYPE=PLANE\n0., 0., 0.\n";
static const char *TETRA =
    "*BODY, NAME=T, TYPE=CONVEX, MASS=0.010419\n0.3, 0., 0.2\n*VERTICES\n"
    "0.116381267, 0.116381267, 0.116381267\n0.116381267, -0.116381267, -0.116381267\n"
    "-0.116381267, 0.116381267, -0.116381267\n-0.116381267, -0.116381267, 0.116381267\n"
    "*DYNAMIC, METHOD=EVENT\n1e-2, 0.1\n";

/* the state of the run at t = 0.36 s */
static const double X[3] = {0.30550581519167608, 0.04327320387867177, 0.064628500872418046};
static const double Q[4] = {0.84073403251376655, 0.40333567807100867, -0.20806642387712296, 0.29528796220490638};

/* the world height of body-frame point v under (X, Q): z row of the rotation matrix of Q */
static double height(const double v[3]) {
  double w = Q[0], x = Q[1], y = Q[2], z = Q[3];
  double r20 = 2 * (x * z - w * y), r21 = 2 * (y * z + w * x), r22 = 1 - 2 * (x * x + y * y);
  return X[2] + r20 * v[0] + r21 * v[1] + r22 * v[2];
}

static void floor_case(const char *floor, const char *name) {
  char deck[4096];
  snprintf(deck, sizeof deck, "*SCENE\n%s%s", floor, TETRA);
  sn_scene *S = NULL;
  sn_scene_run run;
  char msg[256];
  CHECK_INT(sn_scene_parse(deck, strlen(deck), name, ".", &S, &run, msg, sizeof msg), SN_OK);
  if (!S) {
    printf("%s\n", msg);
    return;
  }
  sn_body_state st;
  CHECK_INT(sn_scene_body_state(S, 1, &st), SN_OK);
  memcpy(st.x, X, sizeof X);
  memcpy(st.q, Q, sizeof Q);
  memset(st.v, 0, sizeof st.v);
  memset(st.w, 0, sizeof st.w);
  CHECK_INT(sn_scene_set_body_state(S, 1, &st), SN_OK);
  sn_contact_list L = {0, 0, NULL};
  CHECK_INT(sn_narrow_watch(&S->b[0], 0, &S->b[1], 1, 0.01, &L), SN_OK);
  const sn_shape *sh = &S->b[1].shape;
  int low = 0;
  for (int k = 0; k < sh->nvert; k++) {
    double h = height(sh->vert + 3 * k);
    if (!(h < 0.01)) continue;
    low++;
    double best = INFINITY;
    int found = 0;
    for (int i = 0; i < L.n; i++)
      if (fabs(L.c[i].gap - h) < fabs(best - h)) best = L.c[i].gap, found = L.c[i].n[2] == 1.0 || fabs(L.c[i].n[2] - 1) < 1e-15;
    printf("%s: vertex %d at height %.6g m: nearest contact gap %.6g m\n", name, k, h, best);
    CHECK_CLOSE(best, h, 0, 1e-12);
    CHECK(found);
  }
  CHECK_INT(low, 3);
  sn_contact_list_free(&L);
  sn_scene_free(S);
}

int main(void) {
  floor_case(FLOOR_PLANE, "plane");
  floor_case(FLOOR_MESH, "mesh");
  return sn_check_report();
}
