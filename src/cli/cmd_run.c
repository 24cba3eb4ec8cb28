/* signorini run DECK.inp [-o DIR]: the quasi-static finite-element analysis of a deck.
 * Results go to DIR (default: the deck's folder): BASE.NNNN.vtu, BASE.pvd, BASE.dat (BASE the
 * deck's name without .inp). A progress line per increment on a terminal (stderr), quiet
 * otherwise. Exit 0: every step completed; 1: the deck or the analysis failed; 2: usage. */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"
#include "signorini/analysis.h"
#include "signorini/io.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

typedef struct {
  sn_run_output *out;
  int tty;
} run_ctx;

static int on_increment(const sn_model *m, const sn_fesys *S, const sn_increment *inc, void *user)
{
  run_ctx *c = user;
  int st = sn_run_output_increment(m, S, inc, c->out);
  if (c->tty)
    fprintf(stderr, "\rstep %d increment %d  time %-10.4g load factor %-6.4f  newton %d  residual %.2e%s",
            inc->step, inc->increment, inc->total_time, inc->load_factor, inc->newton_iterations,
            inc->residual, inc->cutbacks ? "  (after cutback)" : "");
  return st;
}

/* mkdir -p: every missing folder of path */
static int make_dirs(const char *path)
{
  char buf[1024];
  if (snprintf(buf, sizeof buf, "%s", path) >= (int)sizeof buf) { errno = ENAMETOOLONG; return -1; }
  for (char *p = buf + 1; *p; p++)
    if (*p == '/') {
      *p = '\0';
      if (mkdir(buf, 0777) && errno != EEXIST) return -1;
      *p = '/';
    }
  if (mkdir(buf, 0777) && errno != EEXIST) return -1;
  return 0;
}

/* "DECK:N: reason" for the library's "line N: reason", "DECK: reason" otherwise */
static int fail_at(const char *deck, const char *msg, int st)
{
  int line = 0, n = 0;
  if (sscanf(msg, "line %d: %n", &line, &n) == 1 && n > 0) return sn_cli_fail("%s:%d: %s", deck, line, msg + n);
  return sn_cli_fail("%s: %s", deck, msg[0] ? msg : sn_strerror(st));
}

int sn_cli_run(int argc, char **argv)
{
  const char *deck = NULL, *dir = NULL;
  int quiet = 0, include_anywhere = 0, k;
  sn_args a;
  sn_args_init(&a, &sn_cli_cmd_run, argc, argv);
  while ((k = sn_args_next(&a)) > 0) {
    if (k == SN_ARGS_POS && !deck) deck = a.val;
    else if (k == SN_ARGS_POS) return sn_args_error(a.cmd, "more than one deck given ('%s')", a.val);
    else if (sn_args_is(&a, "-o")) dir = a.val;
    else if (sn_args_is(&a, "--quiet")) quiet = 1;
    else include_anywhere = 1;   /* --allow-include-anywhere */
  }
  if (k == SN_ARGS_EXIT) return a.rc;
  if (!deck) return sn_args_error(a.cmd, "no deck given (signorini run DECK.inp [-o DIR])");
  (void)quiet;              /* accepted; the progress lines and *INCLUDE's limits come with */
  (void)include_anywhere;   /* their own changes (issue #11, points 7 and 8) */
  /* BASE and the default folder from the deck's path */
  char folder[1024], base[256];
  const char *slash = strrchr(deck, '/');
  const char *fname = slash ? slash + 1 : deck;
  if (slash) snprintf(folder, sizeof folder, "%.*s", (int)(slash - deck), deck);
  else snprintf(folder, sizeof folder, ".");
  snprintf(base, sizeof base, "%s", fname);
  size_t bl = strlen(base);
  if (bl > 4 && !strcasecmp(base + bl - 4, ".inp")) base[bl - 4] = '\0';
  if (!base[0]) return sn_args_error(a.cmd, "'%s' names no file", deck);
  int make_dir = dir != NULL;
  if (!dir) dir = folder[0] ? folder : "/";

  char msg[1024];
  sn_model *m = NULL;
  int st = sn_inp_read(deck, &m, msg, sizeof msg);
  if (st) return sn_cli_fail("%s", msg);
  run_ctx c = {NULL, isatty(2)};
  st = sn_static_check(m, msg, sizeof msg);
  if (!st && make_dir && make_dirs(dir)) {
    sn_model_free(m);
    return sn_cli_fail("run: cannot create %s: %s", dir, strerror(errno));
  }
  if (!st) st = sn_run_output_open(dir, base, m, &c.out, msg, sizeof msg);
  if (st) {
    sn_model_free(m);
    return fail_at(deck, msg, st);
  }
  /* what the deck asks for that a treatment enforces differently: said once, before the run */
  for (int q = 0; q < m->npairs; q++) {
    const sn_interaction *it = &m->interactions[m->pairs[q].interaction];
    if (it->law != SN_OVERCLOSURE_LINEAR) continue;
    int seen = 0;
    for (int p = 0; p < q; p++) seen |= m->pairs[p].interaction == m->pairs[q].interaction;
    for (int k = 0; k < m->nsteps && !seen; k++)
      if (m->steps[k].contact == SN_CT_LAGRANGE || m->steps[k].contact == SN_CT_INTERIOR) {
        fprintf(stderr, "%s:%d: note: *SURFACE INTERACTION %s: the LINEAR pressure-overclosure law "
                "is enforced as HARD (exact) contact under CONTACT=%s (step %d); CONTACT=PENALTY "
                "uses the law\n", deck, it->line, it->name,
                m->steps[k].contact == SN_CT_LAGRANGE ? "LAGRANGE" : "INTERIOR", k + 1);
        break;
      }
  }
  for (int q = 0; q < m->npairs; q++)
    if (m->pairs[q].type == SN_PAIR_SURFACE_TO_SURFACE) {
      fprintf(stderr, "%s:%d: note: *CONTACT PAIR, TYPE=SURFACE TO SURFACE is enforced node to "
              "surface (at the slave surface's nodes)\n", deck, m->pairs[q].line);
      break;
    }
  sn_static_settings s;
  sn_static_settings_default(&s);
  s.on_increment = on_increment;
  s.user = &c;
  sn_static_info info;
  st = sn_static_run(m, &s, &info, msg, sizeof msg);
  if (c.tty) fputc('\n', stderr);
  int rc = 0;
  if (st) {
    const char *werr = sn_run_output_error(c.out);
    if (werr[0]) rc = sn_cli_fail("run: %s", werr);
    else rc = fail_at(deck, msg, st);
  } else {
    char how[128];
    if (info.iterative) snprintf(how, sizeof how, "conjugate gradients, %d iterations", info.cg_iterations);
    else snprintf(how, sizeof how, "CHOLMOD");
    printf("%s: %d step%s, %d increment%s, %d Newton iteration%s, %d cutback%s; %d degrees of freedom (%d free); %.3f s (equations: %s, %.3f s)\n",
           deck, m->nsteps, m->nsteps == 1 ? "" : "s", info.increments, info.increments == 1 ? "" : "s",
           info.newton_iterations, info.newton_iterations == 1 ? "" : "s", info.cutbacks,
           info.cutbacks == 1 ? "" : "s", info.ndof, info.nfree, info.seconds, how, info.factor_seconds);
    printf("results: %s/%s.pvd (ParaView), %s/%s.NNNN.vtu, %s/%s.dat\n", dir, base, dir, base, dir, base);
  }
  sn_run_output_close(c.out);
  sn_model_free(m);
  return rc;
}

const sn_cli_cmd sn_cli_cmd_run = {
    "run", "DECK.inp [OPTIONS]",
    "quasi-static finite-element analysis of an Abaqus/CalculiX-style input deck",
    "Reads the deck (docs/deck.md: nodes, elements, materials, boundary conditions, loads, "
    "contact pairs, steps), runs its steps increment by increment and writes into DIR, BASE "
    "being the deck's name without .inp: BASE.NNNN.vtu per increment and BASE.pvd (ParaView), "
    "BASE.dat (the *NODE PRINT and *EL PRINT tables) and, with contact, BASE_contact.csv and PNG "
    "plots (docs/results.md). Every file is written under a temporary name and renamed when "
    "complete. A progress line per increment goes to standard error, the summary to standard "
    "output.\n"
    "Problem files (FCLIB .hdf5, Siconos .dat) are solved with 'signorini solve'.",
    {{"-o", "--output", "DIR", "./BASE (the deck's name without .inp)",
      "the folder for the results, created if missing"},
     {NULL, "--quiet", NULL, NULL, "no progress lines"},
     {NULL, "--allow-include-anywhere", NULL, NULL,
      "*INCLUDE may read files outside the deck's folder tree"}},
    {{0, "every step completed"},
     {1, "error: the deck is invalid, a file cannot be read or written, or the analysis failed"},
     {2, "usage error"}},
    {{"signorini run examples/block.inp -o results",
      "a loaded elastic block of 6 x 6 x 6 hexahedra; writes block.0001.vtu, block.pvd and "
      "block.dat into results/"},
     {"signorini run examples/bar_obstacle.inp --output=bar --quiet",
      "a plane-strain bar pressed onto a rigid obstacle and pushed sideways, with Coulomb "
      "friction; contact results and plots in bar/, no progress lines"}},
    sn_cli_run};
