/* The run of a scene file's *DYNAMIC step (include/signorini/scene_io.h): the time loop over
 * Moreau-Jean steps (Moreau 1988, Jean 1999: sn_scene_step) or over output intervals of the
 * event-driven scheme (Pfeiffer & Glocker 1996: sn_scene_advance_event), with the outputs
 * (scene_output.h) after every step and the progress callback after every output interval. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "dynamics/dyn_internal.h"
#include "signorini/scene_io.h"

void sn_scene_run_default(sn_scene_run *run)
{
  if (!run) return;
  memset(run, 0, sizeof *run);
  run->method = SN_SCENE_MOREAU;
  sn_dyn_settings_default(&run->settings);
  run->settings.solver = NULL;
  run->frame_every = 1;
  run->energy = 1;
}

void sn_scene_run_settings(const sn_scene_run *run, sn_dyn_settings *s)
{
  *s = run->settings;
  s->solver = run->solver[0] ? run->solver : NULL;
  s->solve.options = run->options[0] ? run->options : NULL;
}

long sn_scene_run_steps(const sn_scene_run *run)
{
  if (!(run->dt > 0) || !(run->total > 0)) return 0;
  double n = run->total / run->dt;
  long k = (long)ceil(n * (1 - 1e-12));    /* 0.3 / 0.1 = 2.9999999999999996 is 3 steps */
  return k < 1 ? 1 : k;
}

static double now(void) { return sn_wtime(); }

static int is_dump(const sn_scene_run *run, long step)
{
  for (int k = 0; k < run->ndump; k++)
    if (run->dump[k] == step) return 1;
  return 0;
}

/* one step (Moreau-Jean) or interval (event-driven) ending at t_end */
static int advance(sn_scene *S, const sn_scene_run *run, const sn_dyn_settings *base, double t_end,
                   sn_dyn_info *di)
{
  if (run->method == SN_SCENE_EVENT) return sn_scene_advance_event(S, t_end, base, di);
  sn_dyn_settings s = *base;
  s.dt = t_end - sn_scene_time(S);          /* the last step ends at the period exactly */
  return sn_scene_step(S, &s, di);
}

/* the first body whose state is no longer finite (position, orientation, velocities), or -1:
 * an overflow (absurd sizes, velocities or gravity) is stopped where it starts, not written out */
static int nonfinite_body(const sn_scene *S)
{
  for (int i = 0; i < sn_scene_nbodies(S); i++) {
    sn_body_state b;
    if (sn_scene_body_state(S, i, &b)) continue;
    const double *v[4] = {b.x, b.q, b.v, b.w};
    for (int k = 0; k < 4; k++)
      for (int j = 0; j < (k == 1 ? 4 : 3); j++)
        if (!isfinite(v[k][j])) return i;
  }
  return -1;
}

/* energies that overflow (velocity 1e300: a finite state, an infinite kinetic energy) */
static int nonfinite_energy(const sn_scene *S)
{
  sn_energy E;
  if (sn_scene_energy(S, &E) != SN_OK) return 0;
  return !isfinite(E.kinetic) || !isfinite(E.potential) || !isfinite(E.friction_work) || !isfinite(E.impact_loss) ||
         !isfinite(E.kinematic_work);
}

/* why an event-driven interval ended short of its end at time t, with status r > 0 */
static void stop_message(const sn_dyn_settings *s, long k, double t, int r, char *msg, size_t msglen)
{
  if (!msg || !msglen) return;
  if (r == SN_RAY || r == SN_DIVERGED)
    snprintf(msg, msglen, "event-driven interval %ld: no smooth motion past time %.9g s: the acceleration-level contact "
             "problem of the event there has no solution that Lemke's method or its fallback finds (%s; with friction a "
             "Painleve paradox or a jam, which needs a tangential impact: Genot & Brogliato 1999); the results up to "
             "that time are written; METHOD=MOREAU integrates such motion", k, t, sn_strerror(r));
  else
    snprintf(msg, msglen, "event-driven interval %ld: no progress past time %.9g s (an accumulation of events the "
             "scheme does not resolve, or integration steps that stay far too short: below round-off or more than %ld "
             "in the interval); the results up to that time are written; METHOD=MOREAU integrates such motion", k, t,
             s->event_max_steps > 0 ? s->event_max_steps : (long)SN_EV_MAX_STEPS);
}

static void account(sn_scene_run_info *info, long step, int st, const sn_dyn_info *di)
{
  info->steps = step;
  info->iterations += di->iterations;
  info->events += di->events;
  if (di->ncontacts > info->max_contacts) info->max_contacts = di->ncontacts;
  if (di->ncontacts > 0 && di->error > info->max_error) info->max_error = di->error;   /* no contact: no problem */
  if (di->max_penetration > info->max_penetration) info->max_penetration = di->max_penetration;
  if (st > 0) {                             /* the solver stopped short of its tolerance */
    if (!info->unconverged) info->first_unconverged = step;
    info->unconverged++;
    if (st > info->status) info->status = st;
  }
}

int sn_scene_simulate(sn_scene *S, const sn_scene_run *run, sn_scene_output *out, sn_scene_progress_fn progress,
                      void *user, sn_scene_run_info *info, char *msg, size_t msglen)
{
  sn_scene_run_info dummy;
  if (!info) info = &dummy;
  memset(info, 0, sizeof *info);
  if (msg && msglen) msg[0] = '\0';
  if (!S || !run || !(run->dt > 0) || !(run->total > 0)) {
    if (msg && msglen) snprintf(msg, msglen, "sn_scene_simulate: invalid argument");
    return info->status = SN_ERR_ARG;
  }
  sn_dyn_settings s;
  sn_scene_run_settings(run, &s);
  long n = sn_scene_run_steps(run);
  int every = run->frame_every > 0 ? run->frame_every : (int)(n < 100 ? 1 : n / 100);
  double t0 = now(), t_out = 0, t_start = sn_scene_time(S);
  sn_dyn_info di;
  memset(&di, 0, sizeof di);
  int st = SN_OK;
  if (nonfinite_energy(S)) {
    if (msg && msglen) snprintf(msg, msglen, "the energies of the initial state overflow a double (a size, velocity or gravity out of range?)");
    return info->status = SN_ERR_NAN;
  }
  if (out) {
    double a = now();
    st = sn_scene_output_step(out, S, 0, &di, msg, msglen);
    t_out += now() - a;
  }
  for (long k = 1; k <= n && !st; k++) {
    double t_end = k == n ? t_start + run->total : t_start + (double)k * run->dt;
    memset(&di, 0, sizeof di);
    int r = advance(S, run, &s, t_end, &di);
    if (r < 0) {
      /* a registry solver that refuses the step's problem (rest: more than SN_REST_MAX_ROWS rows)
         says so, rather than "invalid argument" alone */
      int reg = r == SN_ERR_ARG && run->method != SN_SCENE_EVENT && s.solver && strcmp(s.solver, "nsgs");
      int nc = di.ncontacts > 0 ? di.ncontacts : sn_scene_ncontacts(S);
      if (msg && msglen && reg)
        snprintf(msg, msglen, "Moreau-Jean step %ld (time %g) failed: the solver '%s' refused the step's contact problem "
                 "(%d contacts; `signorini solvers` says what each solver takes)", k, t_end, s.solver, nc);
      else if (msg && msglen)
        snprintf(msg, msglen, "%s step %ld (time %g) failed: %s", run->method == SN_SCENE_EVENT ? "event-driven" : "Moreau-Jean",
                 k, t_end, sn_strerror(r));
      st = r;
      break;
    }
    int bad = nonfinite_body(S);
    if (bad >= 0) {
      if (msg && msglen)
        snprintf(msg, msglen, "%s step %ld (time %g): the state of body %s is no longer finite (a size, velocity or "
                 "gravity out of the range of doubles?)", run->method == SN_SCENE_EVENT ? "event-driven" : "Moreau-Jean",
                 k, t_end, sn_scene_body_name(S, bad));
      st = SN_ERR_NAN;
      break;
    }
    if (nonfinite_energy(S)) {
      if (msg && msglen)
        snprintf(msg, msglen, "%s step %ld (time %g): the energies of the scene overflow a double (a size, velocity or "
                 "gravity out of range?)", run->method == SN_SCENE_EVENT ? "event-driven" : "Moreau-Jean", k, t_end);
      st = SN_ERR_NAN;
      break;
    }
    account(info, k, r, &di);
    if (out) {
      double a = now();
      st = sn_scene_output_step(out, S, (int)k, &di, msg, msglen);
      if (!st && is_dump(run, k)) st = sn_scene_output_dump_fclib(out, S, (int)k, msg, msglen);
      t_out += now() - a;
      if (st) break;
    }
    if (run->method == SN_SCENE_EVENT && r > 0 && sn_scene_time(S) < t_end) {
      /* the integration stopped short of the interval's end (a positive status with the time
       * reached is a solver's status at an event, counted as unconverged): the same state would
       * stop the next interval again at the same time, so the run ends here, its output
       * complete up to this time. Before, only SN_STALLED ended it: an event whose
       * acceleration-level problem had no solution found (SN_RAY) stopped every later interval
       * at the same time, and the run ended "done" (exit 0, a warning of unsolved problems) with
       * the bodies frozen there and the energy table's time stuck */
      stop_message(&s, k, sn_scene_time(S), r, msg, msglen);
      st = r;
      break;
    }
    if (progress && (k % every == 0 || k == n) && progress(S, k, n, &di, user)) {
      if (msg && msglen) snprintf(msg, msglen, "stopped at step %ld (time %g) by the progress callback", k, t_end);
      st = SN_STALLED;
    }
  }
  info->seconds = now() - t0;
  info->seconds_output = t_out;
  if (st) info->status = st;
  return info->status;
}
