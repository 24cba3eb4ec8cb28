/* signorini run DECK for a deck whose steps are *DYNAMIC (docs/fe-dynamics.md): the dynamic
 * analysis (sn_dynamic_run) with the run's output (VTU/PVD series with U, V, S and the contact
 * arrays at each output step), BASE_energy.csv and BASE_energy.png at the end, a progress line
 * per output step and a summary. Called by cmd_run.c once the deck is read. */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"
#include "signorini/analysis.h"
#include "signorini/io.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

typedef struct {
  sn_run_output *out;
  int tty, quiet, width, frames;
  double t0;
  sn_dyn_energy *rows;     /* one per time step and the initial state */
  int nrows, cap;
  unsigned char *met;      /* per contact pair: some time step had a point of it */
} dyn_ctx;

static sn_run_output *volatile g_dyn_out;

static void remove_partial(void)
{
  sn_run_output *o = g_dyn_out;
  if (o) sn_run_output_on_signal(o);
}

static int release_output(void *out)
{
  g_dyn_out = NULL;
  sn_run_output_close(out);
  return 0;
}

/* "step 1  time 0.0125  (500 steps)  contact auto  0.3 s" */
static void progress(dyn_ctx *c, const sn_increment *inc)
{
  char line[256];
  int n = snprintf(line, sizeof line, "step %d  time %.6g  (%d time steps)  %s  %.1f s", inc->step, inc->total_time,
                   inc->total_increment, inc->ncontact > 0 && inc->contact_solver ? "contact" : "no contact",
                   sn_wtime() - c->t0);
  if (n >= (int)sizeof line) n = (int)sizeof line - 1;
  sn_cli_progress_line(c->tty, &c->width, line, n);
}

static int on_step(const sn_model *m, const sn_fesys *S, const sn_increment *inc, const sn_dyn_energy *e,
                   int output, void *user)
{
  dyn_ctx *c = user;
  if (c->nrows == c->cap) {
    int nc = c->cap ? 2 * c->cap : 1024;
    sn_dyn_energy *r = realloc(c->rows, sizeof *r * (size_t)nc);
    if (!r) return SN_ERR_NOMEM;
    c->rows = r;
    c->cap = nc;
  }
  c->rows[c->nrows++] = *e;
  sn_cli_mark_pairs(m, inc, c->met);
  if (!output) return 0;
  sn_increment I = *inc;
  I.total_increment = ++c->frames;   /* BASE.NNNN.vtu numbered by output step */
  int st = sn_run_output_increment(m, S, &I, c->out);
  if (!c->quiet) progress(c, inc);
  return st;
}

static int fail_at(const char *deck, const char *msg, int st)
{
  int line = 0, n = 0;
  if (sscanf(msg, "line %d: %n", &line, &n) == 1 && n > 0) return sn_cli_fail("%s:%d: %s", deck, line, msg + n);
  return sn_cli_fail("%s: %s", deck, msg[0] ? msg : sn_strerror(st));
}

static void summary(const char *deck, const sn_model *m, const sn_dynamic_info *in, int nthreads, const char *dir,
                    const char *base)
{
  printf("%s: %d step%s, %d time steps; %d degrees of freedom (%d free), mass %.6g; %d contact problems solved "
         "(%d solver iterations)", deck, m->nsteps, m->nsteps == 1 ? "" : "s", in->steps, in->ndof, in->nfree, in->mass,
         in->contact_steps, in->contact_iterations);
  if (in->contact_missed) printf(", %d of them NOT to tolerance", in->contact_missed);
  if (in->global_fallbacks)
    printf("; %d in global form by admm (the per-column condensed form would exceed its memory bound)",
           in->global_fallbacks);
  printf("\nenergy at the end: kinetic %.6g, strain %.6g, dissipated by contact %.6g and damping %.6g, external "
         "work %.6g, total %.6g\n", in->energy.kinetic, in->energy.strain, in->energy.contact_dissipation,
         in->energy.damping_dissipation, in->energy.external_work, in->energy.total);
  double other = in->seconds - in->assembly_seconds - in->contact_seconds - in->output_seconds;
  printf("time: %.3f s = assembly and energy %.3f s + time steps' solves %.3f s + output %.3f s + other %.3f s\n",
         in->seconds, in->assembly_seconds, in->contact_seconds, in->output_seconds, other > 0 ? other : 0.0);
  printf("threads: %d (--threads, SIGNORINI_NUM_THREADS or the physical cores)\n", nthreads);
  printf("results: %s/%s.pvd (ParaView), %s/%s.NNNN.vtu, %s/%s_energy.csv, %s/%s_energy.png\n", dir, base, dir, base,
         dir, base, dir, base);
}

int sn_cli_run_dynamic(const char *deck, sn_model *m, const char *dir, const char *base, int quiet,
                       int nthreads, sn_vtu_encoding vtu, int fsync)
{
  char msg[1024];
  int st = sn_dynamic_check(m, msg, sizeof msg);
  if (st) {
    sn_model_free(m);
    return fail_at(deck, msg, st);
  }
  struct stat sb;
  if (sn_cli_make_dirs(dir) || stat(dir, &sb) || !S_ISDIR(sb.st_mode)) {
    sn_model_free(m);
    return sn_cli_fail("run: cannot use the output folder %s: %s", dir, errno ? strerror(errno) : "not a folder");
  }
  dyn_ctx c;
  memset(&c, 0, sizeof c);
  c.tty = isatty(2);
  c.quiet = quiet;
  sn_cli_catch_signals(remove_partial);
  if ((st = sn_run_output_open(dir, base, m, &c.out, msg, sizeof msg))) {
    sn_cli_catch_signals(NULL);
    sn_model_free(m);
    if (!strncmp(msg, "line ", 5)) return fail_at(deck, msg, st);
    return sn_cli_fail("run: %s", msg);
  }
  g_dyn_out = c.out;
  sn_run_output_configure(c.out, vtu, SN_PLOTS_STEP);   /* the static plots: none in a dynamic run */
  sn_run_output_set_fsync(c.out, fsync);
  if (sn_run_output_note(c.out)[0]) fprintf(stderr, "signorini: note: %s\n", sn_run_output_note(c.out));
  sn_dynamic_settings s;
  sn_dynamic_settings_default(&s);
  s.on_step = on_step;
  s.user = &c;
  c.met = m->npairs > 0 ? calloc((size_t)m->npairs, 1) : NULL;   /* no note without it */
  s.threads = nthreads;
  sn_dynamic_info info;
  c.t0 = sn_wtime();
  st = sn_dynamic_run(m, &s, &info, msg, sizeof msg);
  if (c.tty && !c.quiet && c.width) fputc('\n', stderr);
  /* a run the writing stopped says why (the output's message, set before the energy files) */
  char werr[512];
  snprintf(werr, sizeof werr, "%s", sn_run_output_error(c.out));
  int rc = 0, est = c.nrows ? sn_run_output_energy(c.out, m, c.rows, c.nrows) : sn_run_output_wait(c.out);
  if (st < 0) {
    rc = werr[0] ? sn_cli_fail("run: %s", werr) : fail_at(deck, msg, st);
  } else if (est) rc = sn_cli_fail("run: %s", sn_run_output_error(c.out));
  else {
    sn_cli_unmet_pair_notes(deck, m, c.met, c.nrows);
    summary(deck, m, &info, nthreads, dir, base);
    if (st > 0)   /* every time step ran; some contact problems were accepted short of tol */
      fprintf(stderr, "signorini: warning: %s: %s: another *STEP, SOLVER= may reach it\n", deck, msg);
  }
  sn_cli_release_guarded(release_output, c.out);
  free(c.met);
  free(c.rows);
  sn_model_free(m);
  return rc;
}
