/* The step solver's name and options checked before a run moves anything (dynamics.h,
 * sn_dyn_check_solver). The matrix-free NSGS reads its own options (nsgs_bodies.c); a solver of
 * the registry checks its options when it starts a solve, so it is given a problem of one
 * contact whose answer is known (u = r + q with q = (-1, 0, 0): r = (1, 0, 0), locally or in
 * the global form M = H = I, f = (-1, 0, 0), w = 0) and its refusal (SN_ERR_UNKNOWN: a name it
 * does not know; SN_ERR_ARG: a value out of range) is what the check reports. */
#include "signorini/dynamics.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/msg_fail.h"
#include "dynamics/moreau_internal.h"
#include "signorini/problem.h"
#include "signorini/solver.h"

/* the registry solver `name` on the one-contact problem, local or global, with options */
static int trial(const char *name, int global, const char *options)
{
  static const double eye[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
  double q[3] = {-1, 0, 0}, w[3] = {0, 0, 0}, mu[1] = {0.5}, r[3] = {0, 0, 0}, u[3] = {0, 0, 0};
  sn_csc *I1 = NULL, *I2 = NULL;
  if (sn_csc_from_dense(3, 3, eye, 0.0, &I1) || sn_csc_from_dense(3, 3, eye, 0.0, &I2)) {
    sn_csc_free(I1);
    sn_csc_free(I2);
    return SN_ERR_NOMEM;
  }
  sn_settings s;
  sn_settings_default(&s);
  s.options = options;
  s.max_iter = 100;
  sn_info info = {0};   /* the solver's history pointer must start NULL */
  int st;
  if (global) {
    sn_gfc P = {3, 1, 3, 0, I1, I2, NULL, q, w, mu, NULL};
    st = sn_gfc_solve(&P, name, r, u, &s, &info);
  } else {
    sn_fc P = {3, 1, I1, q, mu};
    st = sn_fc_solve(&P, name, r, u, &s, &info);
  }
  sn_csc_free(I1);
  sn_csc_free(I2);
  return st;
}

int sn_dyn_check_solver(const sn_dyn_settings *s, char *msg, size_t msglen)
{
  if (msg && msglen) msg[0] = '\0';
  if (!s) return sn_msg_fail(msg, msglen, SN_ERR_ARG, "no settings");
  const char *solver = s->solver, *options = s->solve.options;
  if (options && !options[0]) options = NULL;
  if (!solver || !strcmp(solver, "nsgs")) {
    sn_mj_step W;
    memset(&W, 0, sizeof W);
    int st = sn_nsgs_bodies_options(options, &W);
    if (st == SN_ERR_UNKNOWN)
      return sn_msg_fail(msg, msglen, st, "the matrix-free nsgs does not know an option in '%s' (it takes omega, accel, sweep and newton)",
                  options);
    if (st)
      return sn_msg_fail(msg, msglen, st, "the matrix-free nsgs refuses a value in '%s' (omega in (0, 2), accel none or nncg, "
                  "sweep forward or symmetric, newton a whole number >= 0)", options);
    return SN_OK;
  }
  int global = !strncmp(solver, "global:", 7);
  const char *name = global ? solver + 7 : !strncmp(solver, "local:", 6) ? solver + 6 : solver;
  const sn_solver_entry *e = sn_solver_find(name);
  int ok = e && (!strcmp(e->kind, "any") || (!strcmp(e->kind, "fc") && (e->dims & 8)) ||
                 (global && !strcmp(e->kind, "gfc")));
  if (!ok)
    return sn_msg_fail(msg, msglen, SN_ERR_UNKNOWN, "'%s' is not a solver of 3D frictional contact ('signorini solvers' lists them)",
                solver);
  if (!options) return SN_OK;
  int st = trial(name, global, options);
  if (st == SN_ERR_NOMEM) return sn_msg_fail(msg, msglen, st, "out of memory");
  if (st == SN_ERR_UNKNOWN)
    return sn_msg_fail(msg, msglen, st, "solver '%s' does not know an option in '%s'%s ('signorini solvers' lists its options)", name,
                options, strcmp(name, "auto") ? "" : " (auto takes no options: name a solver)");
  if (st == SN_ERR_ARG)
    return sn_msg_fail(msg, msglen, st, "solver '%s' refuses a value in '%s' (out of range, or a refused combination: 'signorini solvers')",
                name, options);
  if (st < 0)   /* SN_ERR_FORMAT: a value that is not a number; any other refusal of the options */
    return sn_msg_fail(msg, msglen, st, "solver '%s' refuses the options '%s' (%s: 'signorini solvers' lists them and their values)",
                name, options, sn_strerror(st));
  return SN_OK;
}
