/* Unit cubes (1 m) on a floor for the dynamics tests of hard, degenerate problems
 * (test_dyn_mass_ratio, test_dyn_box_stack, test_fc_rest): a scene with gravity (gx, 0, gz), mu = 0.5 and
 * e = 0 for every pair and a fixed floor plane z = 0 (body 0), and cubes added at a centre with
 * a mass; the local problem of a first step, that problem solved from zero by a solver, and the
 * floor's impulses against the cubes' weight. */
#ifndef SN_TEST_DYN_CUBES_H
#define SN_TEST_DYN_CUBES_H

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "signorini/signorini.h"

static inline sn_scene *dyn_cubes_scene(double gx, double gz)
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

static inline void dyn_cubes_add(sn_scene *S, double x, double y, double z, double mass)
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
static inline sn_fc *dyn_cubes_step_problem(sn_scene *S, double dt)
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

/* the floor's impulses r on the cubes (world frame; contacts with body 0) against their weight
 * mass (gx, 0, gz) dt over a step of dt: the largest component's difference over the weight's z */
static inline double dyn_cubes_floor_balance(const sn_scene *S, const double *r, int nc, double mass, double gx,
                                             double gz, double dt)
{
  double f[3] = {0, 0, 0};
  for (int i = 0; i < nc; i++) {
    sn_body_contact c;
    CHECK_INT(sn_scene_contact(S, i, &c), SN_OK);
    if (c.a != 0 && c.b != 0) continue;
    double sign = c.b == 0 ? -1.0 : 1.0;   /* r acts on b */
    for (int k = 0; k < 3; k++) f[k] += sign * (r[3 * i] * c.normal[k] + r[3 * i + 1] * c.t1[k] + r[3 * i + 2] * c.t2[k]);
  }
  const double w[3] = {-mass * gx * dt, 0, -mass * gz * dt};
  double e = 0;
  for (int k = 0; k < 3; k++) e = fmax(e, fabs(f[k] - w[k]) / fabs(w[2]));
  return e;
}

/* P solved by the registry's `name` from r = 0 with at most max_iter iterations to tol: the
 * status, *r (calloc'd, the caller frees it) and *info */
static inline int dyn_cubes_solve(const sn_fc *P, const char *name, int max_iter, double tol, double **r, sn_info *info)
{
  int n = P->dim * P->nc;
  double *u = calloc((size_t)n + 1, sizeof *u);
  *r = calloc((size_t)n + 1, sizeof **r);
  sn_settings s;
  sn_settings_default(&s);
  s.max_iter = max_iter;
  s.tol = tol;
  memset(info, 0, sizeof *info);
  int st = *r && u ? sn_fc_solve(P, name, *r, u, &s, info) : SN_ERR_NOMEM;
  free(u);
  return st;
}

#endif
