/* The friction history of TRI6 slave faces carried between a step on mortar rows and a step of
 * the penalty loop (contact_face_history.c: through the nodes in the mortar rows' multiplier
 * basis). tests/data/inp/c3d10_friction_hold.inp: a C3D10 block pressed and sheared in stick on
 * a C3D10 block, then held; step 1 under CONTACT=INTERIOR, step 2 the default. Held in stick,
 * the shear must end at the penalty model's own value, that of the same deck with both steps
 * the default (3.487), not the INTERIOR model's (3.444, 1.2 % below) by more than their
 * difference. With the plain shape functions N instead of the multiplier basis the corners'
 * nodal areas (the integral of N over a TRI6 face: 0) were round-off and the held shear came out
 * 64.2 (a review, 6 December). */
#include "fe_deck.h"

static int run(int interior_first, double *fx)
{
  char path[1024];
  snprintf(path, sizeof path, "%s/inp/c3d10_friction_hold.inp", SN_TEST_DATA);
  FILE *f = fopen(path, "rb");
  if (!f) { fprintf(stderr, "%s: cannot open\n", path); return SN_ERR_IO; }
  fd_buf b = {0};
  char line[4096];
  while (fgets(line, sizeof line, f))
    fd_print(&b, "%s", !interior_first && !strncmp(line, "*STEP,CONTACT=INTERIOR", 22) ? "*STEP\n" : line);
  fclose(f);
  fd_result r;
  int st = fd_run(&b, "c3d10_friction_hold", &r);
  *fx = r.fcontact[0];
  fd_free(&r);
  return st;
}

int main(void)
{
  double id = 0, dd = 0;
  CHECK_INT(run(1, &id), SN_OK);
  CHECK_INT(run(0, &dd), SN_OK);
  fprintf(stderr, "held shear: INTERIOR then default %.10g, default both %.10g\n", id, dd);
  CHECK_CLOSE(fabs(dd), 3.487, 1e-3, 0);
  CHECK_CLOSE(fabs(id), fabs(dd), 1.2e-2, 0);
  return sn_check_report();
}
