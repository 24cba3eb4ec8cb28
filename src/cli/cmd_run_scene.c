/* signorini run SCENE.inp [-o DIR] [--quiet] [--dump-fclib STEP,...]: the rigid-body scene
 * files (first keyword *SCENE; docs/dynamics.md). cmd_run.c hands a scene over here. The scene
 * is read whole before anything is written; the results go to DIR through scene_output.h (a
 * rerun replaces the earlier BASE_* results, a folder in use is refused, every file is written
 * atomically); one progress line per output interval on stderr unless --quiet; SIGINT and
 * SIGTERM remove the temporaries being written. */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"
#include "signorini/scene_io.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* event-driven runs keep gaps >= 0 to the event tolerance (a closing is located to 1e-10 s, and a
 * touching contact is one within 1e-9 m); an overlap beyond this is a closing the scheme missed */
#define EVENT_PENETRATION_WARN 1e-7

typedef struct {
  int tty, quiet, width;
  double t0;
} scene_ctx;

static sn_scene_output *volatile g_scene_out;

static void remove_partial(void)
{
  sn_scene_output *o = g_scene_out;
  if (o) sn_scene_output_on_signal(o);
}

/* "time 0.25  step 250/1000  contacts 12  iterations 8  error 3.1e-09  2.1 s" */
static int progress(const sn_scene *S, long step, long nsteps, const sn_dyn_info *di, void *user)
{
  scene_ctx *c = user;
  if (c->quiet) return 0;
  char line[256];
  int n = snprintf(line, sizeof line, "time %.5g  step %ld/%ld  contacts %d  iterations %d  error ", sn_scene_time(S),
                   step, nsteps, di->ncontacts, di->iterations);
  if (n < (int)sizeof line)   /* a step without contacts has no problem, so no error */
    n += di->ncontacts > 0 ? snprintf(line + n, sizeof line - (size_t)n, "%.2g", di->error)
                           : snprintf(line + n, sizeof line - (size_t)n, "-");
  if (di->events && n < (int)sizeof line) n += snprintf(line + n, sizeof line - (size_t)n, "  events %d", di->events);
  if (di->status > 0 && n < (int)sizeof line) n += snprintf(line + n, sizeof line - (size_t)n, "  (not converged)");
  if (n < (int)sizeof line) n += snprintf(line + n, sizeof line - (size_t)n, "  %.1f s", sn_wtime() - c->t0);
  if (n >= (int)sizeof line) n = (int)sizeof line - 1;
  sn_cli_progress_line(c->tty, &c->width, line, n);
  return 0;
}

/* --dump-fclib 10,20,30: added to the scene's *FCLIB steps */
static int dump_list(const char *list, sn_scene_run *run, long nsteps)
{
  const char *s = list;
  while (*s) {
    char *end;
    errno = 0;
    long k = strtol(s, &end, 10);
    if (end == s || errno || k < 1 || (*end && *end != ','))
      return sn_cli_usage_error("run: --dump-fclib takes step numbers separated by commas (>= 1), not '%s'", list);
    if (k > nsteps) return sn_cli_fail("run: --dump-fclib: step %ld is after the scene's last step (%ld)", k, nsteps);
    if (run->ndump == SN_SCENE_MAX_DUMPS) return sn_cli_usage_error("run: --dump-fclib: more than %d steps", SN_SCENE_MAX_DUMPS);
    run->dump[run->ndump++] = (int)k;
    s = *end ? end + 1 : end;
  }
  return 0;
}

static void summary(const char *path, const sn_scene *S, const sn_scene_run *run, const sn_scene_run_info *info,
                    const char *dir, const char *base)
{
  printf("%s: %d bodies, %ld %s of %g s (%s), time %g s\n", path, sn_scene_nbodies(S), info->steps,
         run->method == SN_SCENE_EVENT ? "intervals" : "steps", run->dt,
         run->method == SN_SCENE_EVENT ? "event-driven" : "Moreau-Jean", sn_scene_time(S));
  printf("contacts: at most %d in a step; solver iterations %ld in all, largest error %.3g; largest penetration %.3g m",
         info->max_contacts, info->iterations, info->max_error, info->max_penetration);
  if (run->method == SN_SCENE_EVENT) printf("; %ld events", info->events);
  printf("\ntime: %.3f s = integration %.3f s + output %.3f s\n", info->seconds, info->seconds - info->seconds_output,
         info->seconds_output);
  const char *sep = "";                     /* only the files written: FREQUENCY=0 has no frames */
  printf("results:");
  if (run->frame_every > 0) {
    printf(" %s/%s_bodies.pvd, %s/%s_contacts.pvd (ParaView)", dir, base, dir, base);
    sep = ",";
  }
  if (run->energy) {
    printf("%s %s/%s_energy.csv and .png", sep, dir, base);
    sep = ",";
  }
  if (run->ndump) printf("%s %s/%s_stepNNNN.hdf5 (FCLIB, %d step%s)", sep, dir, base, run->ndump, run->ndump == 1 ? "" : "s");
  if (run->frame_every <= 0 && !run->energy && !run->ndump) printf(" none (*OUTPUT, FREQUENCY=0, ENERGY=NO)");
  printf("\n");
}

typedef struct {
  sn_scene_output *out;
  char *msg;
  size_t len;
} close_args;

static int close_output(void *arg)
{
  close_args *a = arg;
  g_scene_out = NULL;
  return sn_scene_output_close(a->out, a->msg, a->len);
}

/* the run with its output open; closes it */
static int run_open(const char *path, sn_scene *S, const sn_scene_run *run, scene_ctx *c, sn_scene_output *out,
                    const char *dir, const char *base)
{
  char msg[1024], cmsg[1024];
  sn_scene_run_info info;
  c->t0 = sn_wtime();
  int st = sn_scene_simulate(S, run, out, progress, c, &info, msg, sizeof msg);
  if (c->tty && !c->quiet && c->width) fputc('\n', stderr);
  close_args ca = {out, cmsg, sizeof cmsg};
  int cst = sn_cli_release_guarded(close_output, &ca);   /* the handler must not see it being freed */
  if (st < 0) return sn_cli_fail("run: %s: %s", path, msg[0] ? msg : sn_strerror(st));
  if (cst) return sn_cli_fail("run: %s", cmsg[0] ? cmsg : sn_strerror(cst));
  summary(path, S, run, &info, dir, base);
  if (st > 0 && msg[0]) return sn_cli_fail("run: %s: %s", path, msg);   /* the run stopped short */
  if (run->method == SN_SCENE_EVENT && info.max_penetration > EVENT_PENETRATION_WARN)
    fprintf(stderr, "signorini: warning: %s: the event-driven integration let bodies overlap by up to %.3g m: a contact "
            "closed without its event being located, so the motion after it is not exact; METHOD=MOREAU integrates "
            "such motion\n", path, info.max_penetration);
  if (info.unconverged && run->method == SN_SCENE_EVENT)
    fprintf(stderr, "signorini: warning: %s: in %ld output interval%s of the event-driven integration a contact "
            "problem at an event (the impact or the acceleration-level problem) was not solved to its tolerance (%s; "
            "first in interval %ld): the motion after it may be inexact\n", path, info.unconverged,
            info.unconverged == 1 ? "" : "s", sn_strerror(info.status), info.first_unconverged);
  else if (info.unconverged)
    fprintf(stderr, "signorini: warning: %s: the contact problem of %ld step%s stopped short of TOL=%g (%s; first at step "
            "%ld, largest error %.3g): raise MAXIT= or loosen TOL= on *DYNAMIC\n", path, info.unconverged,
            info.unconverged == 1 ? "" : "s", run->settings.solve.tol, sn_strerror(info.status), info.first_unconverged,
            info.max_error);
  return 0;
}

int sn_cli_run_scene(const char *path, const char *dir, const char *base, int quiet, int anywhere, const char *dumps,
                     int fsync)
{
  char msg[1024];
  sn_scene *S = NULL;
  sn_scene_run run;
  sn_scene_read_options o;
  sn_scene_read_options_default(&o);
  o.allow_include_anywhere = anywhere;
  int st = sn_scene_read(path, &o, &S, &run, msg, sizeof msg);
  if (st) return sn_cli_fail("%s", msg);
  if (dumps && run.method != SN_SCENE_MOREAU) {
    sn_scene_free(S);
    return sn_cli_fail("run: --dump-fclib: %s:%d: METHOD=EVENT has no Moreau-Jean step problems to dump", path, run.line);
  }
  if ((dumps && (st = dump_list(dumps, &run, sn_scene_run_steps(&run)))) || sn_cli_output_folder(dir)) {
    sn_scene_free(S);
    return st ? st : 1;
  }
  sn_scene_output_settings os;
  sn_scene_output_settings_default(&os);
  os.frame_every = run.frame_every;
  os.energy = run.energy;
  os.fsync = fsync;
  sn_scene_output *out = NULL;
  sn_cli_catch_signals(remove_partial);
  st = sn_scene_output_open(dir, base, S, &os, &out, msg, sizeof msg);
  if (st) {
    sn_cli_catch_signals(NULL);
    sn_scene_free(S);
    return sn_cli_fail("run: %s", msg[0] ? msg : sn_strerror(st));
  }
  g_scene_out = out;
  scene_ctx c = {isatty(2), quiet, 0, 0.0};
  int rc = run_open(path, S, &run, &c, out, dir, base);
  sn_scene_free(S);
  return rc;
}
