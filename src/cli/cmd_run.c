/* signorini run DECK.inp [-o DIR] [--quiet]: the quasi-static finite-element analysis of a deck
 * (a deck of *DYNAMIC steps goes to the dynamic analysis, run_dynamic.c; a scene file, first
 * keyword *SCENE, goes to cmd_run_scene.c).
 * Results go to DIR (default: ./BASE, created; BASE the deck's name without .inp):
 * BASE.NNNN.vtu, BASE.pvd, BASE.dat, plots; a rerun replaces the earlier results of the same
 * BASE there, and a second run into a folder in use is refused (sn_run_output_open). One
 * progress line per increment on stderr (overwritten in place on a terminal), unless --quiet.
 * SIGINT / SIGTERM remove the temporary files being written and the lock, then end the
 * process as the signal would. Exit 0: every step completed; 1: the deck or the analysis
 * failed; 2: usage. */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"
#include "signorini/analysis.h"
#include "signorini/io.h"
#include "signorini/petsc.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

typedef struct {
  sn_run_output *out;
  int tty, quiet, width;   /* width: of the last progress line written in place */
  double t0;
  const char *solver;      /* the contact solver of the last increment with contact points */
  unsigned char *met;      /* per contact pair: some increment had a point of it */
  long increments;         /* increments that reached the callback */
} run_ctx;

/* the run's output for the signal handler (the library keeps no global state; this layer does) */
static sn_run_output *volatile g_out;

/* SIGINT / SIGTERM: the open temporaries and the lock removed (sn_cli_catch_signals) */
static void remove_partial(void)
{
  sn_run_output *o = g_out;
  if (o) sn_run_output_on_signal(o);
}

static int release_output(void *out)
{
  g_out = NULL;
  sn_run_output_close(out);
  return 0;
}

/* "step 1  increment 3  time 0.3  newton 4  contact admm 57 it  2.1 s" */
static void progress(run_ctx *c, const sn_model *m, const sn_increment *inc)
{
  char line[256];
  int n = snprintf(line, sizeof line, "step %d  increment %d  time %.4g  newton %d", inc->step,
                   inc->increment, inc->total_time, inc->newton_iterations);
  if (m->npairs > 0 && n < (int)sizeof line) {
    if (inc->ncontact > 0 && inc->contact_solver)
      n += snprintf(line + n, sizeof line - (size_t)n, "  contact %s %d it", inc->contact_solver,
                    inc->contact_iterations);
    else n += snprintf(line + n, sizeof line - (size_t)n, "  no contact");
  }
  if (n < (int)sizeof line)
    n += snprintf(line + n, sizeof line - (size_t)n, "%s  %.1f s", inc->cutbacks ? "  (after cutback)" : "",
                  sn_wtime() - c->t0);
  if (n >= (int)sizeof line) n = (int)sizeof line - 1;
  sn_cli_progress_line(c->tty, &c->width, line, n);
}

static int on_increment(const sn_model *m, const sn_fesys *S, const sn_increment *inc, void *user)
{
  run_ctx *c = user;
  int st = sn_run_output_increment(m, S, inc, c->out);
  if (inc->ncontact > 0 && inc->contact_solver) c->solver = inc->contact_solver;
  c->increments++;
  sn_cli_mark_pairs(m, inc, c->met);
  if (!c->quiet) progress(c, m, inc);
  return st;
}

/* a converged increment before its stresses: the charts started meanwhile */
static int on_converged(const sn_model *m, const sn_fesys *S, const sn_increment *inc, void *user)
{
  run_ctx *c = user;
  return sn_run_output_converged(m, S, inc, c->out);
}

/* a *FREQUENCY step's results, and a line on the terminal */
static int on_frequency(const sn_model *m, const sn_fesys *S, const sn_frequency_result *res, void *user)
{
  run_ctx *c = user;
  int st = sn_run_output_frequency(m, S, res, c->out);
  if (!c->quiet) {
    if (c->tty && c->width) { fputc('\n', stderr); c->width = 0; }
    fprintf(stderr, "step %d: %d eigenvalue%s (%s), lowest frequency %.6g cycles/time%s\n", res->step, res->nev,
            res->nev == 1 ? "" : "s", res->dense ? "LAPACK" : "ARPACK",
            res->nev ? sqrt(fmax(res->eigenvalue[0], 0.0)) / 6.283185307179586 : 0.0,
            res->perturbation ? (res->contact_springs ? ", base state's tangent with contact springs" : ", base state's tangent") : "");
  }
  return st;
}

/* what *FREQUENCY reads without effect, said before the run */
static void frequency_notes(const char *deck, const sn_model *m)
{
  for (int k = 0; k < m->nsteps; k++) {
    int used = 0;                              /* a later *MODAL DYNAMIC before the next *FREQUENCY */
    for (int j = k + 1; j < m->nsteps && !m->steps[j].frequency && !used; j++) used = m->steps[j].modal;
    if (m->steps[k].freq_storage_line && !used)
      fprintf(stderr, "%s:%d: note: *FREQUENCY, STORAGE=YES has no effect: no *MODAL DYNAMIC step uses the modes\n",
              deck, m->steps[k].freq_storage_line);
  }
}

/* a deck refused at a keyword of scene files: the file probably lacks its first line *SCENE */
static const char *scene_hint(const char *msg)
{
  static const char *const kw[] = {"*BODY", "*LATTICE", "*GRAVITY", "*CONTACT PROPERTY", "*VELOCITY", "*VERTICES",
                                   "*TRIANGLES", "*FCLIB", "*SCENE"};
  const char *u = strstr(msg, "unknown keyword *");
  for (size_t k = 0; u && k < sizeof kw / sizeof kw[0]; k++) {
    size_t n = strlen(kw[k]);
    if (!strncmp(u + 16, kw[k], n) && (!u[16 + n] || u[16 + n] == ' '))
      return " (a keyword of rigid-body scenes: a scene file starts with *SCENE, docs/dynamics.md)";
  }
  return "";
}

/* "DECK:N: reason" for the library's "line N: reason", "DECK: reason" otherwise */
static int fail_at(const char *deck, const char *msg, int st)
{
  int line = 0, n = 0;
  if (sscanf(msg, "line %d: %n", &line, &n) == 1 && n > 0) return sn_cli_fail("%s:%d: %s", deck, line, msg + n);
  return sn_cli_fail("%s: %s", deck, msg[0] ? msg : sn_strerror(st));
}

/* *GAP data without effect (docs/deck.md, "Elements"): said once */
static void gap_notes(const char *deck, const sn_model *m)
{
  for (int e = 0; e < m->nelems; e++)
    if (m->elem_type[e] == SN_EL_GAPUNI && m->elem_section && m->elem_section[e] >= 0) {
      fprintf(stderr, "%s:%d: note: *SOLID SECTION on GAPUNI elements (element %d): no effect (a gap has no "
              "material)\n", deck, m->sections[m->elem_section[e]].line, m->elem_id[e]);
      break;
    }
}

/* what the deck asks for that a treatment enforces differently: said once, before the run */
static void notes(const char *deck, const sn_model *m)
{
  int lagr = 0;                        /* the first step with a Lagrange-type treatment */
  for (int k = 0; k < m->nsteps && !lagr; k++)
    if (m->steps[k].contact == SN_CT_LAGRANGE || m->steps[k].contact == SN_CT_INTERIOR) lagr = k + 1;
  for (int q = 0; q < m->npairs; q++) {
    const sn_interaction *it = &m->interactions[m->pairs[q].interaction];
    int seen = 0;
    for (int p = 0; p < q; p++) seen |= m->pairs[p].interaction == m->pairs[q].interaction;
    if (seen) continue;
    if (lagr && it->stick_slope > 0 && it->exact_stick && it->law != SN_OVERCLOSURE_TIED)
      fprintf(stderr, "%s:%d: note: *FRICTION, LAGRANGE of %s: the stick slope %g is not used under CONTACT=%s (step %d): "
              "stick is exact there; CONTACT=PENALTY uses it\n", deck, it->friction_line ? it->friction_line : it->line,
              it->name, it->stick_slope, m->steps[lagr - 1].contact == SN_CT_LAGRANGE ? "LAGRANGE" : "INTERIOR", lagr);
    if (it->damping > 0)
      fprintf(stderr, "%s:%d: note: *CONTACT DAMPING of %s has no effect in *STATIC steps (it acts on velocities)\n",
              deck, it->damping_line, it->name);
    if (it->law == SN_OVERCLOSURE_LINEAR && it->c0 > 0)
      fprintf(stderr, "%s:%d: note: *SURFACE BEHAVIOR of %s: LINEAR's c0 (CalculiX' largest clearance at which it "
              "makes a contact spring) is not used\n", deck, it->behavior_line ? it->behavior_line : it->line, it->name);
    if (it->law == SN_OVERCLOSURE_LINEAR && it->sigma_inf > 0 && m->pairs[q].type == SN_PAIR_SURFACE_TO_SURFACE)
      fprintf(stderr, "%s:%d: note: *SURFACE BEHAVIOR of %s: LINEAR's sigma_inf is not used by SURFACE TO SURFACE "
              "pairs (as in CalculiX)\n", deck, it->behavior_line ? it->behavior_line : it->line, it->name);
  }
  for (int k = 0; k < m->nties; k++)
    if (m->ties[k].cyc_graphics)
      fprintf(stderr, "%s:%d: note: *CYCLIC SYMMETRY MODEL: NGRAPH=, ELSET= and CHECK= are ignored (CalculiX' "
              "expansion of the sector in its result file, and its sector angle check: the angle is 2 pi / N)\n",
              deck, m->ties[k].cyc_line);
}

/* the summary: counts, then the time by phase. The equations of a Lagrange-type contact
 * increment are solved inside the contact solver (ADMM factorizes K + rho H H^T): its time
 * holds them, and "equations" (those solved outside it) is left out when there were none. */
static void summary(const char *deck, const sn_model *m, const sn_static_info *info,
                    const char *solver, const char *dir, const char *base)
{
  char how[128];
  if (info->iterative) snprintf(how, sizeof how, "conjugate gradients, %d iterations", info->cg_iterations);
  else snprintf(how, sizeof how, "CHOLMOD");
  printf("%s: %d step%s, %d increment%s, %d Newton iteration%s, %d cutback%s; %d degrees of freedom (%d free)\n",
         deck, m->nsteps, m->nsteps == 1 ? "" : "s", info->increments, info->increments == 1 ? "" : "s",
         info->newton_iterations, info->newton_iterations == 1 ? "" : "s", info->cutbacks,
         info->cutbacks == 1 ? "" : "s", info->ndof, info->nfree);
  double other = info->seconds - info->assembly_seconds - info->factor_seconds - info->contact_seconds -
                 info->output_seconds;
  printf("time: %.3f s = assembly %.3f s", info->seconds, info->assembly_seconds);
  if (info->factor_seconds > 0 || info->contact_solves == 0)
    printf(" + equations (%s) %.3f s", how, info->factor_seconds);
  if (info->contact_solves > 0)
    printf(" + contact solve, equations included %.3f s (%d solves, last by %s)", info->contact_seconds,
           info->contact_solves, solver ? solver : "-");
  printf(" + output %.3f s + other %.3f s\n", info->output_seconds, other > 0 ? other : 0.0);
  char dat[1400];
  struct stat sb;
  snprintf(dat, sizeof dat, "%s/%s.dat", dir, base);
  int printed = stat(dat, &sb) == 0;   /* BASE.dat: only with a print request */
  char frd[1400];
  snprintf(frd, sizeof frd, "%s/%s.frd", dir, base);
  int filed = stat(frd, &sb) == 0;     /* BASE.frd: only with a file request */
  printf("results: %s/%s.pvd (ParaView), %s/%s.NNNN.vtu%s%s%s%s%s\n", dir, base, dir, base, printed ? ", " : "",
         printed ? dat : "", filed ? ", " : "", filed ? frd : "", filed ? " (CalculiX GraphiX)" : "");
}

typedef struct {
  sn_vtu_encoding vtu;     /* --vtu */
  sn_plot_when plots;      /* --plots */
  int fsync;               /* --fsync */
  int whole;               /* --petsc-whole: every rank assembles the whole model (not output,
                              but carried with it to the ranks' runs) */
} out_opts;

/* --petsc: the rank of this process, -1 without --petsc */
static int run_static(const char *deck, sn_model *m, const char *dir, const char *base, int quiet, int nthreads, out_opts oo,
                      int rank);
static int read_and_run(const char *deck, const char *dir, const char *base, int quiet, int include_anywhere,
                        const char *plots_given, int nthreads, out_opts oo, int rank);

/* --vtu raw|zlib|base64, --plots step|increment|none: 0, or -1 for a word not in the list */
static int pick(const char *val, const char *const *words, int *out)
{
  for (int k = 0; words[k]; k++)
    if (!strcasecmp(val, words[k])) { *out = k; return 0; }
  return -1;
}

int sn_cli_run(int argc, char **argv)
{
  const char *deck = NULL, *dir = NULL, *dumps = NULL, *threads = NULL;
  int quiet = 0, include_anywhere = 0, k, w, nthreads, petsc = 0;
  static const char *const vtu_words[] = {"raw", "zlib", "base64", NULL};   /* sn_vtu_encoding's order */
  static const char *const plot_words[] = {"step", "increment", "none", NULL};   /* sn_plot_when's */
  out_opts oo = {SN_VTU_RAW, SN_PLOTS_STEP, 0, 0};
  const char *fe_only = NULL;   /* an option of finite-element runs given, for a scene's refusal */
  const char *plots_given = NULL;   /* --plots: quasi-static runs only */
  sn_args a;
  sn_args_init(&a, &sn_cli_cmd_run, argc, argv);
  while ((k = sn_args_next(&a)) > 0) {
    if (k == SN_ARGS_POS && !deck) deck = a.val;
    else if (k == SN_ARGS_POS) return sn_args_error(a.cmd, "more than one deck given ('%s')", a.val);
    else if (sn_args_is(&a, "-o")) dir = a.val;
    else if (sn_args_is(&a, "--quiet")) quiet = 1;
    else if (sn_args_is(&a, "--allow-include-anywhere")) include_anywhere = 1;
    else if (sn_args_is(&a, "--dump-fclib")) dumps = a.val;
    else if (sn_args_is(&a, "--threads")) threads = a.val;
    else if (sn_args_is(&a, "--petsc")) petsc = 1;
    else if (sn_args_is(&a, "--petsc-whole")) petsc = oo.whole = 1;
    else if (sn_args_is(&a, "--fsync")) oo.fsync = 1;
    else if (sn_args_is(&a, "--vtu")) {
      if (pick(a.val, vtu_words, &w)) return sn_args_error(a.cmd, "--vtu %s: raw, zlib or base64 expected", a.val);
      oo.vtu = (sn_vtu_encoding)w;
      fe_only = "--vtu";
    } else if (sn_args_is(&a, "--plots")) {
      if (pick(a.val, plot_words, &w)) return sn_args_error(a.cmd, "--plots %s: step, increment or none expected", a.val);
      oo.plots = (sn_plot_when)w;
      fe_only = plots_given = "--plots";
    }
  }
  if (k == SN_ARGS_EXIT) return a.rc;
  if ((k = sn_cli_threads(a.cmd, threads, &nthreads))) return k;
  if (dir && !dir[0]) return sn_args_error(a.cmd, "-o needs a folder (an empty name was given)");
  if (!deck) return sn_args_error(a.cmd, "no deck given (signorini run DECK.inp [-o DIR])");
  int exists;   /* a missing file: the reader's "cannot read DECK: ..." */
  if (sn_cli_file_kind(deck, &exists) == SN_FILE_PROBLEM && exists)
    return sn_cli_fail("run: %s is a problem file (FCLIB HDF5 or Siconos .dat), not a deck: problem files are "
                       "solved with 'signorini solve %s'", deck, deck);
  /* BASE from the deck's path; the default folder ./BASE */
  char base[256], folder[300];
  const char *slash = strrchr(deck, '/');
  snprintf(base, sizeof base, "%s", slash ? slash + 1 : deck);
  size_t bl = strlen(base);
  if (bl > 4 && !strcasecmp(base + bl - 4, ".inp")) base[bl - 4] = '\0';
  if (!base[0]) return sn_args_error(a.cmd, "'%s' names no file", deck);
  snprintf(folder, sizeof folder, "./%s", base);
  if (!dir) dir = folder;
  if (sn_cli_is_scene(deck) && petsc)
    return sn_args_error(a.cmd, "--petsc applies to quasi-static finite-element decks; %s is a rigid-body scene "
                         "(first keyword *SCENE)", deck);
  if (sn_cli_is_scene(deck) && fe_only)
    return sn_args_error(a.cmd, "%s applies to finite-element decks; %s is a rigid-body scene (first keyword *SCENE)",
                         fe_only, deck);
  if (sn_cli_is_scene(deck)) return sn_cli_run_scene(deck, dir, base, quiet, include_anywhere, dumps, oo.fsync);
  if (dumps)
    return sn_args_error(a.cmd, "--dump-fclib applies to scene files (first keyword *SCENE); %s is an analysis deck", deck);
  if (!petsc) return read_and_run(deck, dir, base, quiet, include_anywhere, plots_given, nthreads, oo, -1);
  /* --petsc: every rank of `mpirun -n P` reads the deck and runs the analysis; the first alone
     prints and writes the results (mpi_ranks.c) */
  int rank, size;
  char msg[512];
  if (sn_petsc_start(&rank, &size, msg, sizeof msg)) return sn_cli_fail("--petsc: %s", msg);
  sn_cli_threads_per_rank(threads, size, &nthreads);
  sn_cli_ranks R;
  k = sn_cli_ranks_begin(&R, rank, size);
  if (!k) k = read_and_run(deck, dir, base, quiet, include_anywhere, plots_given, nthreads, oo, rank);
  return sn_cli_ranks_end(&R, k);
}

/* read the deck, then the dynamic or the quasi-static analysis (rank: run_static) */
static int read_and_run(const char *deck, const char *dir, const char *base, int quiet, int include_anywhere,
                        const char *plots_given, int nthreads, out_opts oo, int rank)
{
  char msg[1024];
  sn_model *m = NULL;
  sn_inp_options io;
  sn_inp_options_default(&io);
  io.allow_include_anywhere = include_anywhere;
  int st = sn_inp_read_opts(deck, &io, &m, msg, sizeof msg);
  if (st) return sn_cli_fail("%s%s", msg, scene_hint(msg));
  if (m->notes) fputs(m->notes, stderr);     /* what the deck asks for without effect: one line each */
  if (sn_model_is_dynamic(m) && rank >= 0) {
    sn_model_free(m);
    return sn_args_error(&sn_cli_cmd_run, "--petsc applies to quasi-static decks; %s is a *DYNAMIC analysis", deck);
  }
  if (sn_model_is_dynamic(m) && plots_given) {
    sn_model_free(m);
    return sn_args_error(&sn_cli_cmd_run, "--plots applies to quasi-static decks; %s is a *DYNAMIC analysis, whose energy plot "
                         "is drawn once at the end", deck);
  }
  if (sn_model_is_dynamic(m)) return sn_cli_run_dynamic(deck, m, dir, base, quiet, nthreads, oo.vtu, oo.fsync);   /* run_dynamic.c */
  return run_static(deck, m, dir, base, quiet, nthreads, oo, rank);
}

void sn_cli_unmet_pair_notes(const char *deck, const sn_model *m, const unsigned char *met, long increments)
{
  if (!met || increments == 0) return;
  for (int p = 0; p < m->npairs; p++) {
    const sn_contact_pair *P = &m->pairs[p];
    if (met[p] || P->slave < 0 || P->slave >= m->nsurfaces || P->master < 0 || P->master >= m->nsurfaces) continue;
    fprintf(stderr, "%s:%d: note: *CONTACT PAIR %s, %s: no slave point came within the search distance of the master "
            "in any increment, so the pair never touched (are the surfaces the intended ones, and this far apart?)\n",
            deck, P->line, m->surfaces[P->slave].name, m->surfaces[P->master].name);
  }
}

void sn_cli_mark_pairs(const sn_model *m, const sn_increment *inc, unsigned char *met)
{
  for (int k = 0; met && k < inc->ncontact; k++)
    if (inc->contact[k].pair >= 0 && inc->contact[k].pair < m->npairs) met[inc->contact[k].pair] = 1;
}

/* --petsc, the ranks but the first: the same analysis (each contact solve is collective),
 * without output; the exit status */
static int run_silent(const char *deck, sn_model *m, int nthreads, int whole)
{
  char msg[1024];
  sn_static_settings s;
  sn_static_settings_default(&s);
  s.threads = nthreads;
  s.checked = 1;   /* run_static checked m */
  s.petsc = 1;
  s.petsc_whole = whole;
  sn_static_info info;
  int st = sn_static_run(m, &s, &info, msg, sizeof msg);
  sn_model_free(m);
  return st ? fail_at(deck, msg, st) : 0;
}

/* the quasi-static analysis of the deck read (m, freed here) into dir; rank >= 0: --petsc */
static int run_static(const char *deck, sn_model *m, const char *dir, const char *base, int quiet, int nthreads,
                      out_opts oo, int rank)
{
  char msg[1024];
  run_ctx c = {NULL, isatty(2), quiet, 0, 0.0, NULL, NULL, 0};
  int st = sn_static_check(m, msg, sizeof msg);
  if (st) {
    sn_model_free(m);
    return fail_at(deck, msg, st);
  }
  if (rank > 0) return run_silent(deck, m, nthreads, oo.whole);
  if (sn_cli_output_folder(dir)) {
    sn_model_free(m);
    return 1;
  }
  sn_cli_catch_signals(remove_partial);
  st = sn_run_output_open(dir, base, m, &c.out, msg, sizeof msg);
  if (st) {
    sn_cli_catch_signals(NULL);
    sn_model_free(m);
    /* "line N: ..." is the deck's; anything else is the folder's */
    if (!strncmp(msg, "line ", 5)) return fail_at(deck, msg, st);
    return sn_cli_fail("run: %s", msg);
  }
  g_out = c.out;
  sn_run_output_configure(c.out, oo.vtu, oo.plots);
  sn_run_output_set_fsync(c.out, oo.fsync);
  if (sn_run_output_note(c.out)[0]) fprintf(stderr, "signorini: note: %s\n", sn_run_output_note(c.out));
  notes(deck, m);
  gap_notes(deck, m);
  frequency_notes(deck, m);
  sn_static_settings s;
  sn_static_settings_default(&s);
  s.on_increment = on_increment;
  s.on_converged = on_converged;
  s.on_frequency = on_frequency;
  s.user = &c;
  c.met = m->npairs > 0 ? calloc((size_t)m->npairs, 1) : NULL;   /* no note without it */
  s.want_strain = sn_run_output_wants_strain(c.out);
  s.threads = nthreads;
  s.blas_min_flops = rank >= 0 ? 0.0 : SN_CLI_BLAS_MIN_FLOPS;   /* --petsc: the ranks' counts as given */
  s.checked = 1;   /* sn_static_check above */
  s.petsc = rank >= 0;
  s.petsc_whole = oo.whole;
  sn_static_info info;
  c.t0 = sn_wtime();
  st = sn_static_run(m, &s, &info, msg, sizeof msg);
  if (c.tty && !c.quiet && c.width) fputc('\n', stderr);
  /* the plots of a step that did not end (a run that failed, not in writing), timed as output */
  double tp = sn_wtime();
  int write_failed = sn_run_output_error(c.out)[0] != '\0';   /* the writing stopped the run */
  int pst = write_failed ? SN_OK : sn_run_output_finish(c.out, m);
  info.output_seconds += sn_wtime() - tp;
  info.seconds += sn_wtime() - tp;
  int rc = 0;
  if (!st && pst) rc = sn_cli_fail("run: %s", sn_run_output_error(c.out));
  else if (st && write_failed) rc = sn_cli_fail("run: %s", sn_run_output_error(c.out));
  else if (st) {
    /* the analysis failed; the plots of the partial run are a note when they failed too */
    if (pst) fprintf(stderr, "signorini: note: %s\n", sn_run_output_error(c.out));
    rc = fail_at(deck, msg, st);
  } else {
    sn_cli_unmet_pair_notes(deck, m, c.met, c.increments);
    summary(deck, m, &info, c.solver, dir, base);
    printf("threads: %d (--threads, SIGNORINI_NUM_THREADS or the physical cores)", nthreads);
    if (info.blas_threads_lowered)
      printf("; OpenBLAS on one: its dense work predicted at %.2g flops, below %.2g",
             info.predicted_flops, SN_CLI_BLAS_MIN_FLOPS);
    printf("\n");
    if (rank >= 0) {
      printf("petsc: the contact problems by petsc_admm over MPI (%d solves, %d on the set-up of an earlier "
             "one); the model read on every rank; the thread count above is per rank\n",
             info.petsc_solves, info.petsc_reuses);
      if (info.split_ranks > 0)
        printf("petsc: the model split over %d ranks in %d of the solves (this rank assembled %d of %d elements)\n",
               info.split_ranks, info.split_solves, info.split_elements, m->nelems);
      else
        printf("petsc: the model assembled whole on every rank\n");
    }
  }
  sn_cli_release_guarded(release_output, c.out);   /* the handler must not see it being freed */
  free(c.met);
  sn_model_free(m);
  return rc;
}

const sn_cli_cmd sn_cli_cmd_run = {
    "run", "DECK.inp|SCENE.inp [OPTIONS]",
    "quasi-static finite-element analysis of an Abaqus/CalculiX-style input deck, or the "
    "nonsmooth dynamics of a rigid-body scene",
    "Reads the deck (docs/deck.md: nodes, elements, materials, boundary conditions, loads, "
    "contact pairs, steps), runs its steps increment by increment and writes into DIR, BASE "
    "being the deck's name without .inp: BASE.NNNN.vtu per increment and BASE.pvd (ParaView), "
    "BASE.dat (the *NODE PRINT, *EL PRINT and *CONTACT PRINT tables), BASE.frd (CalculiX' result "
    "file of the *NODE FILE, *EL FILE and *CONTACT FILE requests) and, with contact, BASE_contact.csv, and PNG "
    "plots drawn at the end of every step (--plots) (docs/results.md). Every file is written under a temporary name and renamed when "
    "complete (the growing .frd, .dat and CSV appended to in place after their first version); SIGINT and SIGTERM remove the "
    "temporary file being written and cut an append back. The files are left to the operating system to write to disk, "
    "unless --fsync asks for them to be synced. A rerun replaces "
    "the earlier results of the same BASE in DIR (none of its BASE.NNNN.vtu is kept); a second "
    "run into a folder in use (DIR/.signorini.lock) is refused. A progress line per increment "
    "goes to standard error (step, increment, time, Newton iterations, contact solver and its "
    "iterations, elapsed seconds; rewritten in place on a terminal), the summary to standard "
    "output, with the time by phase: assembly, equations, contact solve, output.\n"
    "A deck whose steps are *DYNAMIC runs the dynamic analysis (docs/fe-dynamics.md: Moreau-Jean time "
    "stepping with impacts and friction): BASE.NNNN.vtu per output step with the velocities V, BASE.pvd, "
    "BASE_energy.csv and BASE_energy.png, a progress line per output step.\n"
    "A file whose first keyword is *SCENE is a rigid-body scene (docs/dynamics.md: materials, "
    "contact laws, gravity, spheres, boxes, capsules, cylinders, convex polyhedra, planes, "
    "meshes, lattices of bodies, a *DYNAMIC step by Moreau-Jean time stepping or event-driven "
    "integration). It is read whole before anything is written, then run to its time period; "
    "DIR receives BASE_bodies.NNNN.vtu and BASE_contacts.NNNN.vtu frames with their .pvd series, "
    "BASE_energy.csv and its plot, and BASE_stepNNNN.hdf5 (FCLIB) for the steps asked. A progress "
    "line per output interval (time, step, contacts, solver iterations and error) goes to "
    "standard error; a step whose contact solver stopped short of its tolerance is reported.\n"
    "Problem files (FCLIB .hdf5, Siconos .dat) are solved with 'signorini solve'.",
    {{"-o", "--output", "DIR", "./BASE (the deck's name without .inp)",
      "the folder for the results, created if missing"},
     {NULL, "--quiet", NULL, NULL, "no progress lines"},
     {NULL, "--allow-include-anywhere", NULL, NULL,
      "*INCLUDE may read files outside the deck's folder tree"},
     {NULL, "--vtu", "ENCODING", "raw",
      "finite-element decks: how the .vtu files store their arrays: raw (appended raw binary, the fastest), zlib (the same, "
      "each array zlib-compressed: smaller, slower to write) or base64 (inline, the file one XML document)"},
     {NULL, "--plots", "WHEN", "step",
      "quasi-static runs: draw the PNG plots at the end of every step (step), after every increment "
      "(increment: slower, the plots follow the run) or never (none)"},
     {NULL, "--fsync", NULL, NULL,
      "sync the results to disk before signorini ends (decks: every file and the folder when the run ends, and the "
      "files so far while a step's charts are drawn; scenes: each file before it is renamed in, the folder at the end), "
      "so that a power failure after a completed run loses none of them. Without it every file is complete when it "
      "appears under its name, and the operating system writes it to disk in its own time, as CalculiX and most "
      "solvers leave it (docs/results.md, \"Atomic writes\")"},
     {NULL, "--dump-fclib", "STEP,...", "none besides the scene's *FCLIB steps",
      "scenes run by Moreau-Jean: write the local frictional contact problem of these steps, with "
      "its solution, as FCLIB HDF5 files BASE_stepNNNN.hdf5"},
     {NULL, "--petsc", NULL, NULL,
      "quasi-static decks: solve each contact increment's global problem over MPI with PETSc, by the "
      "distributed ADMM petsc_admm (docs/parallel.md), run as 'mpirun -n P signorini run DECK --petsc' "
      "(alone: one rank). Every rank reads the deck; on two ranks or more each assembles its share of the "
      "elements (METIS' split of the mesh) where the increment allows it (docs/parallel.md, \"The model "
      "split\"); the first alone prints and writes the results. Needs a build with the PETSc module"},
     {NULL, "--petsc-whole", NULL, NULL,
      "as --petsc, every rank assembling the whole model (no split: the comparison for --petsc)"},
     SN_CLI_THREADS_OPT},
    {{0, "every step completed"},
     {1, "error: the deck or scene is invalid, a file cannot be read or written, or the analysis failed"},
     {2, "usage error"}},
    {{"signorini run examples/block.inp -o results",
      "a loaded elastic block of 6 x 6 x 6 hexahedra; writes block.0001.vtu, block.pvd and "
      "block.dat into results/"},
     {"signorini run examples/scenes/bouncing_ball.inp -o ball --dump-fclib 452",
      "a ball dropped on the floor, bouncing with restitution 0.8: body and contact frames, the "
      "energy history, and the contact problem of step 452 (its first impact) as "
      "ball/bouncing_ball_step0452.hdf5"}},
    sn_cli_run};
