/* A block on a nonlinear spring with Coulomb friction, loaded in steps: seed 000 section 3.4.
 * Augmented Lagrangian (Uzawa) on the stick condition with an inner Newton loop on
 * equilibrium, stick/slip switching inside the Newton loop. Reconstructed to reproduce the
 * seed's three-step table number for number; where its pseudocode is loose, the table decides:
 *  - the friction force is held as fric (carried into the step) + lam (this step's multiplier
 *    increment, reset at each step and printed in the table's "Lagrangian" column); a stick
 *    step ends with fric += lam, a slip step with fric = fmax;
 *  - stick residual  df = F - (fric + lam + eps_t xs + K x) - c x^2   (this summation order
 *    reproduces the seed's 1e-12 values), tangent K + 2 c x + eps_t, with x the total and xs
 *    the step displacement; slip residual df = (F - fric) - (K + c x) x, tangent K + 2 c x;
 *  - stick -> slip when the trial friction fric + lam + eps_t xs exceeds fmax; slip -> stick
 *    when fric + eps_t xs < fmax (the seed's signed tests: the model slides in +x only, so
 *    negative loads are refused with SN_ERR_ARG; the finite-element analysis treats
 *    friction in every direction);
 *  - Newton stops when |df| (before the update) < tol; a step stops when the total
 *    displacement changes by <= tol between outer iterations;
 *  - eps_t = 1000 (not stated in the text; the first Newton step 10/1100 shows it). */
#include "onedof_internal.h"

#include <math.h>

void sn_1dof_friction_seed(sn_1dof_friction *P)
{
  static const double loads[3] = {10.0, 20.0, 10.0};
  P->K = 100.0;
  P->c = 0.1;
  P->fmax = 10.0;
  P->eps_t = 1000.0;
  P->nsteps = 3;
  P->F = loads;
}

int sn_1dof_friction_solve(const sn_1dof_friction *P, const sn_settings *s, sn_1dof_trace *tr,
                           sn_1dof_friction_step *steps, sn_info *info)
{
  if (!P || !s || !steps || P->nsteps < 0 || (P->nsteps > 0 && !P->F) || !(P->K > 0) ||
      !isfinite(P->c) || !(P->fmax >= 0) || !(P->eps_t > 0) || !isfinite(P->eps_t))
    return SN_ERR_ARG;
  for (int i = 0; i < P->nsteps; i++)   /* the seed's scheme slides in +x only */
    if (!isfinite(P->F[i]) || P->F[i] < 0) return SN_ERR_ARG;
  double t0 = sn_wtime();
  if (info) sn_info_reset(info);
  const double K = P->K, c = P->c, E = P->eps_t, fmax = P->fmax;
  double x = 0.0, fric = 0.0;
  int stick = 1, k = 0, newton = 0, st = SN_OK;
  for (int step = 0; step < P->nsteps && st == SN_OK; step++) {
    const double F = P->F[step];
    double xs = 0.0, lam = 0.0, xold = x;
    sn_trace_add(tr, SN_ROW_STEP, step + 1, k, 0, F, fric, 0.0);
    for (;;) {                                       /* outer: multiplier updates */
      for (;;) {                                     /* inner: Newton on equilibrium */
        double df;
        if (++newton > s->max_iter) { st = SN_MAX_ITER; goto out; }
        if (stick) {
          double t = fric + lam;
          t = t + E * xs;
          t = t + K * x;
          df = F - t;
          df = df - c * x * x;
          double dx = df / (K + 2.0 * c * x + E);
          x += dx;
          xs += dx;
          double trial = fric + lam + E * xs;
          if (trial > fmax) {
            sn_trace_add(tr, SN_ROW_SWITCH, step + 1, k + 1, 0, trial, fmax, 1.0);
            stick = 0;
            fric = fmax;
          }
        } else {
          df = (F - fric) - (K + c * x) * x;
          double dx = df / (K + 2.0 * c * x);
          x += dx;
          xs += dx;
          double trial = fric + E * xs;
          if (trial < fmax) {
            sn_trace_add(tr, SN_ROW_SWITCH, step + 1, k + 1, 0, trial, fmax, 0.0);
            stick = 1;
            lam = 0.0;
          }
        }
        if (!isfinite(x)) { st = SN_ERR_NAN; goto out; }
        sn_trace_add(tr, SN_ROW_INNER, step + 1, k + 1, 0, x, xs, 0.0);
        if (fabs(df) < s->tol) break;
      }
      lam = stick ? lam + E * xs : fmax;
      k++;
      sn_trace_add(tr, SN_ROW_ITER, step + 1, k, 0, x, lam, 0.0);
      if ((st = sn_info_record(info, s, k, fabs(x - xold), t0))) goto out;
      if (fabs(x - xold) <= s->tol) break;
      if (k >= s->max_iter) { st = SN_MAX_ITER; goto out; }
      xold = x;
    }
    fric = stick ? fric + lam : fmax;
    sn_1dof_friction_step *e = &steps[step];
    e->x_total = x;
    e->x_step = xs;
    e->friction = fric;
    e->spring = (K + c * x) * x;
    e->reaction = fric + e->spring;
    e->slip = !stick;
    e->iterations = k;
  }
out:
  if (info) {
    info->status = st;
    info->iterations = k;
    info->seconds = sn_wtime() - t0;
  }
  return st;
}
