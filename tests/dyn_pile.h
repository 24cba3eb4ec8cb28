/* A small pile for the dynamics tests: ns spheres of radius 0.05 m, density 2500, in a loose 4 x 4
 * lattice of pitch 0.11 m with a fixed pseudo-random jitter of +-4 mm in x and y (layers of 16), in
 * a 0.5 m box of five fixed planes (floor and four walls), mu = 0.5, e = 0 for every pair. Used by
 * test_dyn_nsgs_accel and test_dyn_nsgs_colour, which compare sweeps of the same scene. */
#ifndef SN_TEST_DYN_PILE_H
#define SN_TEST_DYN_PILE_H

#include <math.h>
#include <string.h>

#include "signorini/signorini.h"

static sn_scene *dyn_pile(int ns)
{
  sn_scene *S;
  if (sn_scene_create(&S)) return NULL;
  const double L = 0.5, r = 0.05, pitch = 0.11;
  const double x0[5][3] = {{0, 0, 0}, {0, 0, 0}, {L, 0, 0}, {0, 0, 0}, {0, L, 0}};
  /* outward normals +z, +x, -x, +y, -y: rotations of the body +z axis */
  const double q[5][4] = {{1, 0, 0, 0},
                          {sqrt(0.5), 0, sqrt(0.5), 0},
                          {sqrt(0.5), 0, -sqrt(0.5), 0},
                          {sqrt(0.5), -sqrt(0.5), 0, 0},
                          {sqrt(0.5), sqrt(0.5), 0, 0}};
  sn_body_desc d;
  for (int k = 0; k < 5; k++) {
    sn_body_desc_default(&d);
    d.shape.kind = SN_SHAPE_PLANE;
    d.motion = SN_BODY_FIXED;
    memcpy(d.x, x0[k], sizeof d.x);
    memcpy(d.q, q[k], sizeof d.q);
    sn_scene_add_body(S, &d, NULL);
  }
  sn_body_desc_default(&d);
  d.shape.radius = r;
  d.density = 2500;
  unsigned s = 12345;
  for (int k = 0; k < ns; k++) {
    s = s * 1103515245u + 12345u;
    double jx = ((s >> 16) % 1000) * 8e-6 - 4e-3;
    s = s * 1103515245u + 12345u;
    double jy = ((s >> 16) % 1000) * 8e-6 - 4e-3;
    d.x[0] = 0.085 + (k % 4) * pitch + jx;
    d.x[1] = 0.085 + (k / 4 % 4) * pitch + jy;
    d.x[2] = 0.06 + (k / 16) * pitch;
    sn_scene_add_body(S, &d, NULL);
  }
  sn_scene_set_contact_law(S, -1, -1, 0.5, 0.0);
  return S;
}

#endif
