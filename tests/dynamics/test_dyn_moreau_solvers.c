/* Moreau-Jean: the three solver paths give the same motion, and warm start pays.
 *  - a small pile (three spheres touching on a plane, a fourth dropped onto them with a sideways
 *    velocity, mu = 0.3, e = 0.2): the default matrix-free NSGS, the registry's "auto" on the
 *    assembled W = H^T M^-1 H, the registry's NSGS on it ("local:nsgs"), and "global:nsn_ac" / "global:admm" on the global problem
 *    (M, H, f, w, mu) give the same positions and velocities over 200 steps to the solvers'
 *    tolerance (an independent computation of the same step problem); each step's status is
 *    SN_OK and sn_scene_last_problem returns the step's local problem, whose Siconos error at the
 *    NSGS impulses (sn_fc_error, an independent implementation) is below the tolerance;
 *  - a resting column of five spheres: a step warm-started from the previous impulses (matched
 *    by contact identity) takes fewer NSGS sweeps than the same step started from zero;
 *  - honest status: with max_iter = 1 and a tight tolerance a cold step reports SN_MAX_ITER. */
#include <math.h>
#include <stdlib.h>

#include "check.h"
#include "dynamics/dyn_internal.h"
#include "signorini/solver.h"

static sn_scene *pile(void) {
  sn_scene *S;
  sn_scene_create(&S);
  sn_scene_set_contact_law(S, -1, -1, 0.3, 0.2);
  sn_body_desc d;
  sn_body_desc_default(&d);
  d.shape.kind = SN_SHAPE_PLANE;
  d.motion = SN_BODY_FIXED;
  sn_scene_add_body(S, &d, NULL);
  double r = 0.1;
  for (int i = 0; i < 3; i++) {
    sn_body_desc_default(&d);
    d.shape.radius = r;
    double a = 2 * SN_PI * i / 3;
    d.x[0] = 2 * r / sqrt(3.0) * cos(a);
    d.x[1] = 2 * r / sqrt(3.0) * sin(a);
    d.x[2] = r;
    sn_scene_add_body(S, &d, NULL);
  }
  sn_body_desc_default(&d);
  d.shape.radius = r;
  d.x[0] = 0.01;
  d.x[2] = r + 2 * r * sqrt(2.0 / 3.0) + 0.02;
  d.v[0] = 0.3;
  d.v[1] = -0.1;
  sn_scene_add_body(S, &d, NULL);
  return S;
}

static void run(const char *solver, double tol, double *out, int *bad, double *err_lp, const char *opts) {
  sn_scene *S = pile();
  sn_dyn_settings s;
  sn_dyn_settings_default(&s);
  s.solver = solver;
  s.solve.tol = tol;
  s.solve.options = opts;
  *bad = 0;
  *err_lp = 0;
  for (int k = 0; k < 200; k++) {
    sn_dyn_info info;
    if (sn_scene_step(S, &s, &info) != SN_OK) (*bad)++;
    if (!solver && info.ncontacts > 0) {
      sn_fc *P;
      double *r;
      if (sn_scene_last_problem(S, &P, &r) == SN_OK) {
        *err_lp = fmax(*err_lp, sn_fc_error(P, r, NULL));
        sn_fc_free(P);
        free(r);
      } else {
        (*bad)++;
      }
    }
  }
  for (int i = 0; i < 5; i++) {
    sn_body_state b;
    sn_scene_body_state(S, i, &b);
    for (int j = 0; j < 3; j++) {
      out[12 * i + j] = b.x[j];
      out[12 * i + 3 + j] = b.v[j];
      out[12 * i + 6 + j] = b.w[j];
      out[12 * i + 9 + j] = b.q[1 + j];
    }
  }
  sn_scene_free(S);
}

static double maxdiff(const double *a, const double *b, int n) {
  double m = 0;
  for (int i = 0; i < n; i++) m = fmax(m, fabs(a[i] - b[i]));
  return m;
}

static void same_motion(void) {
  double ref[60], x[60], e;
  int bad;
  run(NULL, 1e-11, ref, &bad, &e, NULL);
  CHECK_INT(bad, 0);
  printf("nsgs: largest error of the last problems %.3e\n", e);
  CHECK(e <= 1e-11);
  CHECK(ref[12 * 4 + 2] < 0.3);   /* the top ball came down onto the three */
  const char *names[4] = {"auto", "local:nsgs", "global:nsn_ac", "global:admm"};
  for (int k = 0; k < 4; k++) {
    run(names[k], 1e-11, x, &bad, &e, NULL);
    double d = maxdiff(ref, x, 60);
    printf("%s: %d steps not SN_OK, largest difference to nsgs %.3e\n", names[k], bad, d);
    CHECK_INT(bad, 0);
    CHECK(d < 1e-7);
  }
  /* over-relaxed NSGS (option omega=1.5): the same motion */
  run(NULL, 1e-11, x, &bad, &e, "omega=1.5");
  CHECK_INT(bad, 0);
  CHECK(maxdiff(ref, x, 60) < 1e-7);
}

/* refused settings change nothing: time, states */
static void refused(void) {
  sn_scene *S = pile();
  sn_dyn_settings s;
  sn_dyn_settings_default(&s);
  s.solve.options = "omega=2.5";
  CHECK_INT(sn_scene_step(S, &s, NULL), SN_ERR_ARG);
  s.solve.options = "omga=1";
  CHECK_INT(sn_scene_step(S, &s, NULL), SN_ERR_UNKNOWN);
  s.solve.options = NULL;
  s.solver = "no_such_solver";
  CHECK_INT(sn_scene_step(S, &s, NULL), SN_ERR_UNKNOWN);
  /* a refused step says so in its info too (it was left at the zeroed SN_OK) */
  sn_dyn_info fi;
  CHECK_INT(sn_scene_step(S, &s, &fi), SN_ERR_UNKNOWN);
  CHECK_INT(fi.status, SN_ERR_UNKNOWN);
  s.solver = "global:lemke";
  CHECK_INT(sn_scene_step(S, &s, NULL), SN_ERR_UNKNOWN);
  s.solver = NULL;
  s.theta = 0.3;
  CHECK_INT(sn_scene_step(S, &s, NULL), SN_ERR_ARG);
  s.theta = 0.5;
  s.dt = -1;
  CHECK_INT(sn_scene_step(S, &s, NULL), SN_ERR_ARG);
  fi.status = SN_OK;
  CHECK_INT(sn_scene_step(S, &s, &fi), SN_ERR_ARG);
  CHECK_INT(fi.status, SN_ERR_ARG);
  CHECK_INT(sn_scene_step(NULL, &s, NULL), SN_ERR_ARG);
  CHECK(sn_scene_time(S) == 0);
  sn_fc *P;
  CHECK_INT(sn_scene_last_problem(S, &P, NULL), SN_ERR_ARG);   /* no step yet */
  sn_scene_free(S);
}

static sn_scene *column(void) {
  sn_scene *S;
  sn_scene_create(&S);
  sn_scene_set_contact_law(S, -1, -1, 0.5, 0.0);
  sn_body_desc d;
  sn_body_desc_default(&d);
  d.shape.kind = SN_SHAPE_PLANE;
  d.motion = SN_BODY_FIXED;
  sn_scene_add_body(S, &d, NULL);
  for (int i = 0; i < 5; i++) {
    sn_body_desc_default(&d);
    d.shape.radius = 0.1;
    d.x[2] = 0.1 + 0.2 * i;
    sn_scene_add_body(S, &d, NULL);
  }
  return S;
}

static void warm_start(void) {
  sn_scene *A = column(), *B = column();
  sn_dyn_settings s;
  sn_dyn_settings_default(&s);
  s.solve.tol = 1e-10;
  sn_dyn_info ia, ib;
  for (int k = 0; k < 20; k++) {
    sn_scene_step(A, &s, &ia);
    sn_scene_step(B, &s, &ib);
  }
  CHECK_INT(sn_scene_step(A, &s, &ia), SN_OK);
  s.warm_start = 0;
  CHECK_INT(sn_scene_step(B, &s, &ib), SN_OK);
  printf("resting column: %d sweeps warm, %d cold\n", ia.iterations, ib.iterations);
  CHECK_INT(ia.ncontacts, 5);
  CHECK(ia.iterations < ib.iterations);
  /* the column holds: the bottom contact carries the weight of five balls per step */
  sn_body_contact c;
  double m = sn_scene_body_mass(A, 1), wmax = 0;
  for (int k = 0; k < sn_scene_ncontacts(A); k++) {
    sn_scene_contact(A, k, &c);
    wmax = fmax(wmax, c.impulse[0]);
  }
  CHECK_CLOSE(wmax, 5 * m * 9.81 * 1e-3, 1e-8, 0);
  /* a step cut at one sweep is reported as such */
  s.solve.max_iter = 1;
  s.solve.tol = 1e-14;
  CHECK_INT(sn_scene_step(B, &s, &ib), SN_MAX_ITER);
  CHECK_INT(ib.status, SN_MAX_ITER);
  sn_scene_free(A);
  sn_scene_free(B);
}

/* a step whose free velocities overflow (a box spinning
 * at 1e200 rad/s about a non-principal axis: the explicit gyroscopic term w x I w was ~1e400, inf, then NaN; the implicit one refuses more than 500 rad a step) is refused
 * with SN_ERR_NAN and leaves the body as it was (it reported SN_OK with a NaN orientation) */
static void overflow_refused(void) {
  sn_scene *S;
  sn_scene_create(&S);
  sn_body_desc d;
  sn_body_desc_default(&d);
  d.shape.kind = SN_SHAPE_BOX;
  d.shape.half[0] = 0.1;
  d.shape.half[1] = 0.2;
  d.shape.half[2] = 0.3;
  sn_scene_add_body(S, &d, NULL);
  sn_body_state b0 = {{0, 0, 0}, {1, 0, 0, 0}, {1, 0, 0}, {1e200, 2e200, 3e200}}, b1;
  CHECK_INT(sn_scene_set_body_state(S, 0, &b0), SN_OK);
  sn_dyn_info fi;
  CHECK_INT(sn_scene_step(S, NULL, &fi), SN_ERR_NAN);
  CHECK_INT(fi.status, SN_ERR_NAN);
  CHECK(sn_scene_time(S) == 0);
  sn_scene_body_state(S, 0, &b1);
  CHECK(b1.x[0] == 0 && b1.q[0] == 1 && b1.w[2] == 3e200);
  sn_scene_free(S);
}

int main(void) {
  overflow_refused();
  same_motion();
  refused();
  warm_start();
  return sn_check_report();
}
