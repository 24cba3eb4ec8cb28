/* The dynamics tests' common start: a scene with the default settings (gravity 9.81 down z) and
 * a fixed floor plane z = 0 as body 0. */
#ifndef SN_TEST_DYN_FLOOR_H
#define SN_TEST_DYN_FLOOR_H

#include "check.h"
#include "signorini/dynamics.h"

static inline sn_scene *dyn_floor_scene(void)
{
  sn_scene *S;
  CHECK_INT(sn_scene_create(&S), SN_OK);
  sn_body_desc d;
  sn_body_desc_default(&d);
  d.shape.kind = SN_SHAPE_PLANE;
  d.motion = SN_BODY_FIXED;
  CHECK_INT(sn_scene_add_body(S, &d, NULL), SN_OK);
  return S;
}

/* a small sphere spinning fast on a larger one resting on the floor (a scene of the event-driven
 * campaign: test_dyn_event_spin, test_dyn_event_cylinder) */
static inline void dyn_add_spinning_pair(sn_scene *S)
{
  sn_body_desc d;
  sn_body_desc_default(&d);
  d.shape.kind = SN_SHAPE_SPHERE;
  d.shape.radius = 0.05243968291006845;
  d.mass = 0.107509;
  d.x[2] = 0.05350622560361347;
  CHECK_INT(sn_scene_add_body(S, &d, NULL), SN_OK);
  sn_body_desc_default(&d);
  d.shape.kind = SN_SHAPE_SPHERE;
  d.shape.radius = 0.00806186242149041;
  d.mass = 0.215829;
  d.x[0] = 0.005651832913399036, d.x[2] = 0.11856392005727978;
  const double v[6] = {-0.12026331291434911, 0.19083524695168672, -0.15611049468232294,
                       17.04790565731829, 10.45641919644963, 11.027143104049465};
  for (int k = 0; k < 3; k++) d.v[k] = v[k], d.w[k] = v[3 + k];
  CHECK_INT(sn_scene_add_body(S, &d, NULL), SN_OK);
}

#endif
