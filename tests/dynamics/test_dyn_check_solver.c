/* sn_dyn_check_solver (src/dynamics/solver_check.c): the step solver's name and options checked
 * before a run moves anything.
 *  - the matrix-free NSGS: its four options accepted (omega, accel, sweep, newton), an unknown
 *    name SN_ERR_UNKNOWN, a value out of range SN_ERR_ARG, each with a message naming them;
 *  - registry solvers: their own options accepted (nsn_ac's rho and ls, apgd's L0 and restart,
 *    global:admm's rho), an option another solver takes refused (SN_ERR_UNKNOWN), a value a
 *    solver refuses SN_ERR_ARG, auto with any option refused, a solver of another kind refused;
 *  - sn_scene_step with refused options returns the same status and leaves the scene as it was
 *    (the ball's state and the time unchanged), where the accepted ones step. */
#include "check.h"
#include "dyn_cubes.h"
#include "signorini/signorini.h"

#include <string.h>

static int check(const char *solver, const char *options, char *msg, size_t len)
{
  sn_dyn_settings s;
  sn_dyn_settings_default(&s);
  s.solver = solver;
  s.solve.options = options;
  return sn_dyn_check_solver(&s, msg, len);
}

int main(void)
{
  char msg[512];
  /* the matrix-free NSGS */
  CHECK_INT(check(NULL, NULL, msg, sizeof msg), SN_OK);
  CHECK_INT(check("nsgs", "omega=1.5,accel=nncg,sweep=symmetric,newton=0", msg, sizeof msg), SN_OK);
  CHECK_INT(check(NULL, "omegaa=1.5", msg, sizeof msg), SN_ERR_UNKNOWN);
  CHECK(strstr(msg, "omegaa=1.5") != NULL);
  CHECK_INT(check(NULL, "omega=2", msg, sizeof msg), SN_ERR_ARG);
  CHECK(strstr(msg, "omega=2") != NULL);
  CHECK_INT(check(NULL, "newton=1.5", msg, sizeof msg), SN_ERR_ARG);
  /* registry solvers, local and global */
  CHECK_INT(check("nsn_ac", "rho=0.5,ls=armijo", msg, sizeof msg), SN_OK);
  CHECK_INT(check("local:apgd", "L0=2", msg, sizeof msg), SN_OK);
  CHECK_INT(check("apgd", "omega=1.5", msg, sizeof msg), SN_ERR_UNKNOWN);
  CHECK(strstr(msg, "'apgd'") != NULL && strstr(msg, "omega=1.5") != NULL);
  CHECK_INT(check("nsn_ac", "ls=bogus", msg, sizeof msg), SN_ERR_UNKNOWN);
  /* values that are not numbers: refused (SN_ERR_FORMAT), not accepted and left to the step */
  CHECK(check("apgd", "L0=abc", msg, sizeof msg) < 0);
  CHECK(strstr(msg, "L0=abc") != NULL);
  CHECK(check("apgd", "restart=sometimes_maybe", msg, sizeof msg) < 0);
  CHECK(check("nsn_ac", "rho=abc", msg, sizeof msg) < 0);
  CHECK(check(NULL, "omega=abc", msg, sizeof msg) < 0);
  /* the same check many times over (the trial solve's info starts clean: a garbage history
   * pointer there corrupted the stack) */
  for (int k = 0; k < 200; k++) CHECK_INT(check("nsn_ac", "rho=0.5", msg, sizeof msg), SN_OK);
  CHECK_INT(check("auto", "rho=1", msg, sizeof msg), SN_ERR_UNKNOWN);
  CHECK(strstr(msg, "auto takes no options") != NULL);
  CHECK_INT(check("auto", NULL, msg, sizeof msg), SN_OK);
  CHECK_INT(check("global:admm", "rho=1", msg, sizeof msg), SN_OK);
  CHECK_INT(check("global:admm", "sweeps=3", msg, sizeof msg), SN_ERR_UNKNOWN);
  CHECK_INT(check("lemke", NULL, msg, sizeof msg), SN_ERR_UNKNOWN);   /* an LCP solver */
  CHECK_INT(check("no_such_solver", NULL, msg, sizeof msg), SN_ERR_UNKNOWN);
  CHECK_INT(check(NULL, NULL, NULL, 0), SN_OK);
  CHECK_INT(sn_dyn_check_solver(NULL, msg, sizeof msg), SN_ERR_ARG);
  /* a step with refused options moves nothing; with accepted ones it steps */
  sn_scene *S = dyn_cubes_scene(0, -9.81);   /* the floor */
  if (!S) return sn_check_report();
  sn_body_desc d;
  sn_body_desc_default(&d);
  d.shape.kind = SN_SHAPE_SPHERE;
  d.shape.radius = 0.1;
  d.x[2] = 0.1;
  int ball = -1;
  CHECK_INT(sn_scene_add_body(S, &d, &ball), SN_OK);
  sn_dyn_settings ds;
  sn_dyn_settings_default(&ds);
  sn_dyn_info di;
  const char *solvers[3] = {NULL, "apgd", "global:admm"};
  const char *bad[3] = {"accel=cg", "restart=sometimes_maybe", "sweeps=3"};
  for (int k = 0; k < 3; k++) {
    ds.solver = solvers[k];
    ds.solve.options = bad[k];
    sn_body_state before, after;
    CHECK_INT(sn_scene_body_state(S, ball, &before), SN_OK);
    double t = sn_scene_time(S);
    CHECK(sn_scene_step(S, &ds, &di) < 0);
    CHECK_INT(sn_scene_body_state(S, ball, &after), SN_OK);
    CHECK(!memcmp(&before, &after, sizeof before) && sn_scene_time(S) == t);
  }
  ds.solver = "apgd";
  ds.solve.options = "L0=2";
  CHECK(sn_scene_step(S, &ds, &di) >= 0);
  CHECK_CLOSE(sn_scene_time(S), ds.dt, 1e-15, 0);
  sn_scene_free(S);
  return sn_check_report();
}
