/* A tilted cylinder on a triangle-mesh floor (2 triangles) against the same cylinder on a
 * plane. Narrow phase: tilted by 10 to 85 degrees (its lowest feature a rim point, neither a cap
 * nor a side line), one contact, the plane's, at gap z - (h cos a + r sin a) (the lowest rim
 * point's height, by hand) and the plane's point (to GJK's tolerance on a curved rim). Before the fix the mesh gave no contact at all for these tilts
 * (the rim point was taken for a flat feature and dropped) and the cylinder fell through the
 * floor to z = -0.68. Dynamics (Moreau-Jean, mu 0.3, e 0): dropped tilted by 45, 60 and 85
 * degrees (past the tipping angle atan(r / h) = 40.6 degrees), it comes to rest on its side,
 * z = r = 0.03 (to the scheme's residual penetration, 2e-4), at the plane run's height to
 * 1e-6 m. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "dynamics/dyn_internal.h"
#include "signorini/scene_io.h"

#define R_CYL 0.03
#define H_CYL 0.035   /* half length */

static void narrow_tilted(void) {
  sn_scene *S = NULL;
  CHECK_INT(sn_scene_create(&S), SN_OK);
  double v[12] = {-4, -4, 0, 4, -4, 0, 4, 4, 0, -4, 4, 0};
  int t[6] = {0, 1, 2, 0, 2, 3};
  sn_body_desc d;
  sn_body_desc_default(&d);
  d.shape.kind = SN_SHAPE_MESH;
  d.motion = SN_BODY_FIXED;
  d.shape.vert = v;
  d.shape.nvert = 4;
  d.shape.tri = t;
  d.shape.ntri = 2;
  int mesh = -1, plane = -1;
  CHECK_INT(sn_scene_add_body(S, &d, &mesh), SN_OK);
  sn_body_desc_default(&d);
  d.shape.kind = SN_SHAPE_PLANE;
  d.motion = SN_BODY_FIXED;
  CHECK_INT(sn_scene_add_body(S, &d, &plane), SN_OK);
  sn_contact_list Lm = {0, 0, NULL}, Lp = {0, 0, NULL};
  /* inside triangle 0, inside triangle 1, over the shared diagonal */
  double xy[3][2] = {{1, -2}, {-2, 1}, {0.5, 0.5}};
  for (int deg = 10; deg <= 85; deg += 5)
    for (int k = 0; k < 3; k++) {
      double a = deg * SN_PI / 180, low = H_CYL * cos(a) + R_CYL * sin(a), gap = 5e-4;
      sn_body_desc_default(&d);
      d.shape.kind = SN_SHAPE_CYLINDER;
      d.shape.radius = R_CYL;
      d.shape.half_length = H_CYL;
      d.x[0] = xy[k][0];
      d.x[1] = xy[k][1];
      d.x[2] = low + gap;
      d.q[0] = cos(a / 2);
      d.q[2] = sin(a / 2);
      int c = -1;
      CHECK_INT(sn_scene_add_body(S, &d, &c), SN_OK);
      Lm.n = Lp.n = 0;
      CHECK_INT(sn_narrow(&S->b[mesh], mesh, &S->b[c], c, 1e-3, &Lm), SN_OK);
      CHECK_INT(sn_narrow(&S->b[plane], plane, &S->b[c], c, 1e-3, &Lp), SN_OK);
      CHECK_INT(Lm.n, 1);
      CHECK_INT(Lp.n, 1);
      if (Lm.n != 1 || Lp.n != 1) continue;
      CHECK_CLOSE(Lm.c[0].gap, gap, 0, 1e-12);
      CHECK_CLOSE(Lp.c[0].gap, gap, 0, 1e-12);
      CHECK_CLOSE(Lm.c[0].n[2], 1.0, 0, 1e-12);
      /* the point: GJK's on the curved rim, to its stopping tolerance (4e-8 seen) */
      for (int i = 0; i < 3; i++) CHECK_CLOSE(Lm.c[0].p[i], Lp.c[0].p[i], 0, 2e-7);
    }
  sn_contact_list_free(&Lm);
  sn_contact_list_free(&Lp);
  sn_scene_free(S);
}

/* the cylinder dropped from z = 0.1 tilted by deg about y, on a MESH or a PLANE floor: its state
 * after 1 s */
static void drop(const char *floor, int deg, const char *method, sn_body_state *out, sn_scene_run_info *info) {
  char text[1024];
  const char *mesh = "*VERTICES\n-4,-4,0, 4,-4,0, 4,4,0, -4,4,0\n*TRIANGLES\n1,2,3\n1,3,4\n";
  snprintf(text, sizeof text,
           "*SCENE\n*BODY, NAME=FLOOR, TYPE=%s\n0,0,0\n%s"
           "*BODY, NAME=C, TYPE=CYLINDER, RADIUS=%g, LENGTH=%g\n1, -2, 0.1\n*ORIENTATION\n0,1,0,%d\n"
           "*DYNAMIC, METHOD=%s\n0.001, 1\n*OUTPUT, FREQUENCY=0\n",
           floor, strcmp(floor, "MESH") ? "" : mesh, R_CYL, 2 * H_CYL, deg, method);
  sn_scene *S = NULL;
  sn_scene_run run;
  char msg[256];
  memset(out, 0, sizeof *out);
  int st = sn_scene_parse(text, strlen(text), "drop.inp", NULL, &S, &run, msg, sizeof msg);
  CHECK_INT(st, SN_OK);
  if (st != SN_OK) {
    fprintf(stderr, "%s\n", msg);
    return;
  }
  CHECK_INT(sn_scene_simulate(S, &run, NULL, NULL, NULL, info, msg, sizeof msg), SN_OK);
  CHECK_INT(sn_scene_body_state(S, 1, out), SN_OK);
  sn_scene_free(S);
}

static void dynamics_on_side(void) {
  int tilt[3] = {45, 60, 85};
  for (int k = 0; k < 3; k++) {
    sn_body_state m, p;
    sn_scene_run_info im, ip;
    drop("MESH", tilt[k], "MOREAU", &m, &im);
    drop("PLANE", tilt[k], "MOREAU", &p, &ip);
    CHECK_CLOSE(m.x[2], p.x[2], 0, 1e-6);
    CHECK_CLOSE(m.x[2], R_CYL, 0, 2e-4);
    /* on its side: the axis (body z, rotated by q) horizontal, q = (cos 45, 0, sin 45, 0) */
    CHECK_CLOSE(fabs(m.q[0]), sqrt(0.5), 0, 1e-3);
    CHECK_CLOSE(fabs(m.q[2]), sqrt(0.5), 0, 1e-3);
    CHECK_CLOSE(sqrt(m.v[0] * m.v[0] + m.v[1] * m.v[1] + m.v[2] * m.v[2]), 0, 0, 1e-6);
    CHECK(im.max_contacts >= 1);
  }
}

int main(void) {
  narrow_tilted();
  dynamics_on_side();
  return sn_check_report();
}
