/* The scene: bodies, mass properties (analytic: sphere 2/5 m r^2, box m (b^2 + c^2)/12,
 * cylinder m r^2 / 2 about its axis; capsule against a quadrature of discs), bad descriptions refused, contact laws, states, and the
 * sphere-plane and sphere-sphere gaps. */
#include <math.h>
#include <stdlib.h>

#include "check.h"
#include "dynamics/dyn_internal.h"

int main(void) {
  sn_scene *S;
  CHECK_INT(sn_scene_create(&S), SN_OK);

  sn_body_desc d;
  sn_body_desc_default(&d);
  d.shape.kind = SN_SHAPE_PLANE;
  d.motion = SN_BODY_FIXED;
  d.name = "floor";
  int floor_id;
  CHECK_INT(sn_scene_add_body(S, &d, &floor_id), SN_OK);

  sn_body_desc_default(&d);
  d.shape.kind = SN_SHAPE_SPHERE;
  d.shape.radius = 0.1;
  d.density = 2500;
  d.x[2] = 0.15;
  d.material = 1;
  int ball;
  CHECK_INT(sn_scene_add_body(S, &d, &ball), SN_OK);
  double m = 2500 * 4.0 / 3.0 * SN_PI * 1e-3;
  CHECK_CLOSE(sn_scene_body_mass(S, ball), m, 1e-14, 0);
  CHECK_CLOSE(S->b[ball].I_body[0], 0.4 * m * 0.01, 1e-14, 0);
  CHECK(isinf(sn_scene_body_mass(S, floor_id)));

  /* box of given mass: inertia m (b^2 + c^2) / 12 */
  sn_body_desc_default(&d);
  d.shape.kind = SN_SHAPE_BOX;
  d.shape.half[0] = 0.5; d.shape.half[1] = 0.25; d.shape.half[2] = 0.1;
  d.mass = 3.0;
  d.x[0] = 5;
  d.x[2] = 2;   /* clear of the floor (the narrow phase sees box-plane contacts) */
  int box;
  CHECK_INT(sn_scene_add_body(S, &d, &box), SN_OK);
  CHECK_CLOSE(S->b[box].I_body[0], 3.0 * (0.25 + 0.04) / 12.0, 1e-14, 0);
  CHECK_CLOSE(S->b[box].I_body[2], 3.0 * (1.0 + 0.25) / 12.0, 1e-14, 0);

  sn_body_desc_default(&d);
  d.shape.kind = SN_SHAPE_CYLINDER;
  d.shape.radius = 0.2;
  d.shape.half_length = 0.3;
  d.mass = 2.0;
  d.x[0] = -5;
  d.x[2] = 2;
  int cyl;
  CHECK_INT(sn_scene_add_body(S, &d, &cyl), SN_OK);
  CHECK_CLOSE(S->b[cyl].I_body[2], 0.5 * 2.0 * 0.04, 1e-14, 0);

  /* capsule: volume and moments against an independent 1D quadrature of discs along the axis
   * (cross-section radius rho(z) = r on the cylinder, sqrt(r^2 - (|z| - h)^2) on the caps;
   * V = int pi rho^2, I_axis = int pi rho^4 / 2, I_transverse = int (pi rho^4 / 4 + pi rho^2 z^2)),
   * composite Simpson on each of the three pieces; not the parallel-axis formula of body.c */
  {
    double r = 0.15, h = 0.4, V = 0, Iax = 0, Itr = 0;
    const double z0[3] = {-h - r, -h, h}, z1[3] = {-h, h, h + r};
    const int N = 2000;
    for (int piece = 0; piece < 3; piece++) {
      double dz = (z1[piece] - z0[piece]) / N;
      for (int k = 0; k <= N; k++) {
        double z = z0[piece] + k * dz, a = fabs(z) > h ? fabs(z) - h : 0;
        double rho2 = fmax(0.0, r * r - a * a), w = (k == 0 || k == N ? 1 : k % 2 ? 4 : 2) * dz / 3;
        V += w * SN_PI * rho2;
        Iax += w * SN_PI * rho2 * rho2 / 2;
        Itr += w * (SN_PI * rho2 * rho2 / 4 + SN_PI * rho2 * z * z);
      }
    }
    sn_body_desc_default(&d);
    d.shape.kind = SN_SHAPE_CAPSULE;
    d.shape.radius = r;
    d.shape.half_length = h;
    d.density = 1000;
    d.x[0] = 10;
    d.x[2] = 3;
    int cap;
    CHECK_INT(sn_scene_add_body(S, &d, &cap), SN_OK);
    CHECK_CLOSE(sn_scene_body_mass(S, cap), 1000 * V, 1e-10, 0);
    CHECK_CLOSE(S->b[cap].I_body[2], 1000 * Iax, 1e-10, 0);
    CHECK_CLOSE(S->b[cap].I_body[0], 1000 * Itr, 1e-10, 0);
    CHECK_CLOSE(S->b[cap].I_body[1], 1000 * Itr, 1e-10, 0);
  }

  /* refused: negative radius, dynamic plane, NaN position, zero quaternion */
  sn_body_desc_default(&d);
  d.shape.radius = -1;
  CHECK_INT(sn_scene_add_body(S, &d, NULL), SN_ERR_ARG);
  sn_body_desc_default(&d);
  d.shape.kind = SN_SHAPE_PLANE;
  CHECK_INT(sn_scene_add_body(S, &d, NULL), SN_ERR_ARG);
  sn_body_desc_default(&d);
  d.x[1] = NAN;
  CHECK_INT(sn_scene_add_body(S, &d, NULL), SN_ERR_ARG);
  sn_body_desc_default(&d);
  d.q[0] = 0;
  CHECK_INT(sn_scene_add_body(S, &d, NULL), SN_ERR_ARG);
  CHECK_INT(sn_scene_nbodies(S), 5);   /* floor, ball, box, cylinder, capsule */
  CHECK_INT(sn_scene_find_body(S, "floor"), 0);
  CHECK_INT(sn_scene_find_body(S, "nope"), -1);

  /* laws: default, then the pair (0, 1) */
  double mu, e;
  CHECK_INT(sn_scene_set_contact_law(S, -1, -1, 0.3, 0.1), SN_OK);
  CHECK_INT(sn_scene_set_contact_law(S, 1, 0, 0.5, 0.5), SN_OK);
  CHECK_INT(sn_scene_set_contact_law(S, 0, 0, 0.5, 1.5), SN_ERR_ARG);
  sn_scene_law(S, floor_id, ball, &mu, &e);
  CHECK_CLOSE(mu, 0.5, 0, 0);
  CHECK_CLOSE(e, 0.5, 0, 0);
  sn_scene_law(S, floor_id, box, &mu, &e);
  CHECK_CLOSE(mu, 0.3, 0, 0);

  /* detection: the ball 5 cm above the floor is a contact only within a margin above 0.05 */
  CHECK_INT(sn_detect(S, 0.01), SN_OK);
  CHECK_INT(sn_scene_ncontacts(S), 0);
  CHECK_INT(sn_detect(S, 0.06), SN_OK);
  CHECK_INT(sn_scene_ncontacts(S), 1);
  sn_body_contact c;
  CHECK_INT(sn_scene_contact(S, 0, &c), SN_OK);
  CHECK_INT(c.a, floor_id);
  CHECK_INT(c.b, ball);
  CHECK_CLOSE(c.gap, 0.05, 1e-14, 1e-15);
  CHECK_CLOSE(c.normal[2], 1.0, 0, 1e-15);
  CHECK_CLOSE(sn3_dot(c.t1, c.normal), 0.0, 0, 1e-15);
  CHECK_CLOSE(sn3_dot(c.t2, c.normal), 0.0, 0, 1e-15);

  /* a second ball resting on the first one: sphere-sphere gap 0.01 */
  sn_body_desc_default(&d);
  d.shape.radius = 0.1;
  d.x[2] = 0.36;
  int ball2;
  CHECK_INT(sn_scene_add_body(S, &d, &ball2), SN_OK);
  CHECK_INT(sn_detect(S, 0.02), SN_OK);
  int found = 0;
  for (int k = 0; k < sn_scene_ncontacts(S); k++) {
    sn_scene_contact(S, k, &c);
    if (c.a == ball && c.b == ball2) {
      found = 1;
      CHECK_CLOSE(c.gap, 0.01, 1e-12, 0);
      CHECK_CLOSE(c.point[2], 0.255, 1e-12, 0);
    }
  }
  CHECK(found);

  /* state round trip; the fixed floor refuses a state */
  sn_body_state st;
  CHECK_INT(sn_scene_body_state(S, ball, &st), SN_OK);
  st.v[0] = 1.0;
  CHECK_INT(sn_scene_set_body_state(S, ball, &st), SN_OK);
  CHECK_INT(sn_scene_set_body_state(S, floor_id, &st), SN_ERR_ARG);
  /* a zero quaternion is refused (as by sn_scene_add_body), not turned into the identity */
  sn_body_state bad = st;
  bad.q[0] = bad.q[1] = bad.q[2] = bad.q[3] = 0;
  CHECK_INT(sn_scene_set_body_state(S, ball, &bad), SN_ERR_ARG);
  /* a kinematic body's state is its prescribed motion's: refused */
  sn_body_desc_default(&d);
  d.shape.radius = 0.1;
  d.motion = SN_BODY_KINEMATIC;
  d.x[0] = -20;
  d.x[2] = 5;
  int kin;
  CHECK_INT(sn_scene_add_body(S, &d, &kin), SN_OK);
  CHECK_INT(sn_scene_set_body_state(S, kin, &st), SN_ERR_ARG);
  sn_scene_free(S);
  return sn_check_report();
}
