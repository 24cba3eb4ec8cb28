/* Unit cubes (1 m) on a floor for the dynamics tests of hard, degenerate problems
 * (test_dyn_mass_ratio, test_dyn_box_stack): a scene with gravity (gx, 0, gz), mu = 0.5 and
 * e = 0 for every pair and a fixed floor plane z = 0 (body 0), and cubes added at a centre with
 * a mass; the local problem of a first step. */
#ifndef SN_TEST_DYN_CUBES_H
#define SN_TEST_DYN_CUBES_H

#include <stdlib.h>

#include "check.h"
#include "signorini/signorini.h"

static sn_scene *dyn_cubes_scene(double gx, double gz)
{
  sn_scene *S;
  CHECK_INT(sn_scene_create(&S), SN_OK);
  const double g[3] = {gx, 0, gz};
  CHECK_INT(sn_scene_set_gravity(S, g), SN_OK);
  CHECK_INT(sn_scene_set_contact_law(S, -1, -1, 0.5, 0.0), SN_OK);
  sn_body_desc d;
  sn_body_desc_default(&d);
  d.shape.kind = SN_SHAPE_PLANE;
  d.motion = SN_BODY_FIXED;
  CHECK_INT(sn_scene_add_body(S, &d, NULL), SN_OK);
  return S;
}

static void dyn_cubes_add(sn_scene *S, double x, double y, double z, double mass)
{
  sn_body_desc d;
  sn_body_desc_default(&d);
  d.shape.kind = SN_SHAPE_BOX;
  d.shape.half[0] = d.shape.half[1] = d.shape.half[2] = 0.5;
  d.mass = mass;
  d.x[0] = x;
  d.x[1] = y;
  d.x[2] = z;
  CHECK_INT(sn_scene_add_body(S, &d, NULL), SN_OK);
}

/* one Moreau-Jean step of dt from rest by the default solver, and that step's local problem */
static sn_fc *dyn_cubes_step_problem(sn_scene *S, double dt)
{
  sn_dyn_settings ds;
  sn_dyn_settings_default(&ds);
  ds.dt = dt;
  sn_dyn_info di;
  CHECK(sn_scene_step(S, &ds, &di) >= 0);
  sn_fc *P = NULL;
  double *r0 = NULL;
  CHECK_INT(sn_scene_last_problem(S, &P, &r0), SN_OK);
  free(r0);
  return P;
}

#endif
