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

#endif
