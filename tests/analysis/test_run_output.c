/* The output folder of a run (sn_run_output_open / _close / _on_signal, run_folder.c) and the
 * time by phase of sn_static_info:
 *  - a second sn_run_output on a folder in use is refused (the lock is per open, so even from
 *    the same process), with the owner's pid in the message; the lock file goes with close,
 *    also where the file system has no locks (the run goes on without one);
 *  - opening removes the earlier results of the same BASE (every BASE.NNNN.vtu, BASE.pvd,
 *    BASE.dat, the contact CSV, the plots, temporaries of a killed run) and nothing else;
 *  - no BASE.dat before the first increment: a run that fails there leaves none;
 *  - sn_run_output_on_signal removes the temporaries the writers would be holding and the lock;
 *  - a rerun with fewer increments leaves exactly its own series;
 *  - the plots (bar_obstacle: steps of 4 and 5 increments) are drawn when a step ends, not
 *    before (SN_PLOTS_STEP, the default), after every increment (SN_PLOTS_INCREMENT) or never
 *    (SN_PLOTS_NONE); sn_run_output_finish draws those of a run stopped within a step;
 *  - the charts are drawn on a thread of their own (run_plots.c) but are on disk when the
 *    increment's output returns (the checks above look right after it), and a chart that
 *    cannot be written (a folder in its place) fails that increment with its file's name;
 *  - an increment's .vtu, CSV, .pvd and .frd are written on a thread while the analysis goes on:
 *    one that cannot be written (a folder in place of p.0002.vtu) stops the run at the next
 *    increment's output, with the file's name, and nothing after it is written; a step's last
 *    increment is written before its output returns, with or without charts;
 *  - the 3D contact profiles' envelope (sn_run_plots_envelope): 3 positions of 4 points each become
 *    3 points at the positions, with the largest p and q of each (by hand); 500 distinct
 *    positions become 200 bins, each the mean position and the largest values of its points;
 *  - the phases of the Hertz deck (examples/hertz.inp, through the writers) are non-negative,
 *    add up to at most the total and to most of it. */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include "signorini/analysis.h"
#include "signorini/io.h"
#include "analysis/run_folder.h"
#include "analysis/run_plots.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define EX SN_TEST_DATA "/../../examples/"
#define DIR_ "run_output_work"

static int exists(const char *name)
{
  char p[512];
  struct stat sb;
  snprintf(p, sizeof p, DIR_ "/%s", name);
  return stat(p, &sb) == 0;
}

static void touch(const char *name)
{
  char p[512];
  snprintf(p, sizeof p, DIR_ "/%s", name);
  FILE *f = fopen(p, "w");
  if (f) { fputs("x\n", f); fclose(f); }
}

/* files of the folder whose names contain s */
static int count(const char *s)
{
  DIR *d = opendir(DIR_);
  int n = 0;
  struct dirent *e;
  while (d && (e = readdir(d))) n += strstr(e->d_name, s) != NULL;
  if (d) closedir(d);
  return n;
}

static void clear(void)
{
  DIR *d = opendir(DIR_);
  struct dirent *e;
  char p[512];
  while (d && (e = readdir(d)))
    if (e->d_name[0] != '.' || strlen(e->d_name) > 2) {
      snprintf(p, sizeof p, DIR_ "/%s", e->d_name);
      remove(p);
    }
  if (d) closedir(d);
}

static void test_lock(const sn_model *m)
{
  char msg[512], want[64];
  sn_run_output *a = NULL, *b = NULL;
  CHECK_INT(sn_run_output_open(DIR_, "first", m, &a, msg, sizeof msg), SN_OK);
  CHECK(exists(".signorini.lock"));
  CHECK(!strcmp(sn_run_output_note(a), ""));   /* locked: nothing to say */
  CHECK_INT(sn_run_output_open(DIR_, "second", m, &b, msg, sizeof msg), SN_ERR_IO);
  CHECK(b == NULL);
  snprintf(want, sizeof want, "another run (process %ld)", (long)getpid());
  CHECK(strstr(msg, want) != NULL);
  CHECK(strstr(msg, ".signorini.lock") != NULL);
  CHECK(strstr(msg, DIR_ ": ") == msg);
  sn_run_output_close(a);
  CHECK(!exists(".signorini.lock"));
  CHECK_INT(sn_run_output_open(DIR_, "second", m, &b, msg, sizeof msg), SN_OK);   /* free again */
  sn_run_output_close(b);
  /* a lock file left by a killed run (the system released its lock): taken over */
  touch(".signorini.lock");
  CHECK_INT(sn_run_output_open(DIR_, "third", m, &b, msg, sizeof msg), SN_OK);
  sn_run_output_close(b);
  CHECK(!exists(".signorini.lock"));
  /* a file system without locks (the state flock's ENOLCK leaves): the lock file still goes */
  sn_run_folder F;
  CHECK_INT(sn_run_folder_open(&F, DIR_, "fourth", msg, sizeof msg), SN_OK);
  CHECK(F.lock_fd >= 0 && !F.unlocked);
  close(F.lock_fd);
  F.lock_fd = -1;
  F.unlocked = 1;
  CHECK(exists(".signorini.lock"));
  sn_run_folder_close(&F);
  CHECK(!exists(".signorini.lock"));
  /* no folder: the reason, no crash */
  CHECK_INT(sn_run_output_open(DIR_ "/missing", "x", m, &b, msg, sizeof msg), SN_ERR_IO);
  CHECK(strstr(msg, "No such file or directory") != NULL);
}

static void test_stale(const sn_model *m)
{
  static const char *gone[] = {"b.0001.vtu", "b.0012.vtu", "b.12345.vtu", "b.pvd", "b.dat",
                               "b_contact.csv", "b_load.png", "b_convergence.png",
                               "b_contact_pressure.png", "b_contact_shear.png",
                               "b.0003.vtu.tmp123_0", "b.pvd.tmp9_12", NULL};
  static const char *kept[] = {"b2.0001.vtu", "b_other.txt", "other.0001.vtu", "b.0001.vtu.bak",
                               "b.inp", "b.vtu", "b.x001.vtu", "b.pvd.tmp", "b.pvd.tmp1_", "bb.pvd",
                               "b.0001.vtu.tmp1_2x", NULL};
  clear();
  for (int k = 0; gone[k]; k++) touch(gone[k]);
  for (int k = 0; kept[k]; k++) touch(kept[k]);
  char msg[512];
  sn_run_output *o = NULL;
  CHECK_INT(sn_run_output_open(DIR_, "b", m, &o, msg, sizeof msg), SN_OK);
  for (int k = 0; gone[k]; k++)
    if (exists(gone[k])) { CHECK(!"an earlier result was kept"); fprintf(stderr, "  %s\n", gone[k]); }
  for (int k = 0; kept[k]; k++)
    if (!exists(kept[k])) { CHECK(!"a foreign file was removed"); fprintf(stderr, "  %s\n", kept[k]); }
  sn_run_output_close(o);
  CHECK(!exists("b.dat"));                 /* no increment: no .dat */
  clear();
}

static unsigned char *slurp(const char *name, long *len);

/* BASE_contact.csv, written by sn_fmt_d / sn_fmt_g rather than snprintf: every row is what
 * snprintf's "%d,%d,%.9g,%d,%.9g x 9,%d,%s\n" writes of its own fields read back (9
 * significant digits read and written again are the same digits); returns the rows */
static int csv_rows_as_printf(const char *name)
{
  long len = 0;
  char *t = (char *)slurp(name, &len), *line, *save = NULL;
  if (!t || len <= 0) { free(t); return -1; }
  t[len] = '\0';
  int rows = 0, bad = 0;
  line = strtok_r(t, "\n", &save);                      /* the header */
  while ((line = strtok_r(NULL, "\n", &save))) {
    int i1, i2, id, status, used = 0;
    double g[10];
    char solver[64] = "", want[1024];
    int n = sscanf(line, "%d,%d,%lf,%d,%lf,%lf,%lf,%lf,%lf,%lf,%lf,%lf,%lf,%d,%n", &i1, &i2, g, &id, g + 1, g + 2,
                   g + 3, g + 4, g + 5, g + 6, g + 7, g + 8, g + 9, &status, &used);
    if (n != 14 || used <= 0) { bad++; continue; }
    snprintf(solver, sizeof solver, "%s", line + used);
    snprintf(want, sizeof want, "%d,%d,%.9g,%d,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g,%d,%s", i1, i2, g[0], id,
             g[1], g[2], g[3], g[4], g[5], g[6], g[7], g[8], g[9], status, solver);
    if (strcmp(want, line)) {
      if (bad++ < 3) fprintf(stderr, "contact CSV row \"%s\", snprintf \"%s\"\n", line, want);
    }
    rows++;
  }
  free(t);
  return bad ? -1 : rows;
}

typedef struct {
  sn_run_output *out;
  int stop_after;          /* > 0: fail the run after that many increments */
} relay_t;

static int relay(const sn_model *m, const sn_fesys *S, const sn_increment *inc, void *user)
{
  relay_t *r = user;
  int st = sn_run_output_increment(m, S, inc, r->out);
  if (!st && r->stop_after > 0 && inc->total_increment >= r->stop_after) st = SN_ERR_ARG;
  return st;
}

/* run the deck into DIR_ as base; returns the run's status */
static int run(const sn_model *m, const char *base, int stop_after, sn_static_info *info, int on_signal)
{
  char msg[512];
  relay_t r = {NULL, stop_after};
  int st = sn_run_output_open(DIR_, base, m, &r.out, msg, sizeof msg);
  CHECK_INT(st, SN_OK);
  if (st) return st;
  sn_static_settings s;
  sn_static_settings_default(&s);
  s.on_increment = relay;
  s.user = &r;
  st = sn_static_run(m, &s, info, msg, sizeof msg);
  if (on_signal) {   /* as if a signal came while the writers held their temporaries */
    char t1[600], t2[600];
    int n = sn_run_output_count(r.out);
    snprintf(t1, sizeof t1, "%s.%04d.vtu.tmp%ld_0", base, n, (long)getpid());
    snprintf(t2, sizeof t2, "%s.pvd.tmp%ld_0", base, (long)getpid());
    touch(t1);
    touch(t2);
    CHECK(exists(t1) && exists(t2) && exists(".signorini.lock"));
    sn_run_output_on_signal(r.out);
    CHECK(!exists(t1) && !exists(t2) && !exists(".signorini.lock"));
    CHECK_INT(count(".tmp"), 0);
  }
  sn_run_output_close(r.out);
  return st;
}

static void test_series(void)
{
  char msg[512];
  sn_model *m = NULL;
  CHECK_INT(sn_inp_read(EX "bar_obstacle.inp", &m, msg, sizeof msg), SN_OK);
  if (!m) return;
  sn_static_info info;
  clear();
  CHECK_INT(run(m, "bar", 0, &info, 1), SN_OK);
  CHECK_INT(info.increments, 9);
  CHECK_INT(count(".vtu"), 9);
  CHECK(exists("bar.0009.vtu") && exists("bar.dat") && exists("bar_contact.csv"));
  CHECK(csv_rows_as_printf("bar_contact.csv") > 9);
  /* the rerun stops after 3 increments: its 3 files, none of the 9 */
  CHECK_INT(run(m, "bar", 3, &info, 0), SN_ERR_ARG);
  CHECK_INT(count(".vtu"), 3);
  CHECK(exists("bar.0003.vtu") && !exists("bar.0004.vtu") && !exists("bar.0009.vtu"));
  CHECK_INT(count(".tmp"), 0);
  CHECK(!exists(".signorini.lock"));
  /* the phases (1 s of writing and 9 contact solves) */
  CHECK_INT(run(m, "bar", 0, &info, 0), SN_OK);
  double sum = info.assembly_seconds + info.factor_seconds + info.contact_seconds + info.output_seconds;
  CHECK(info.assembly_seconds > 0 && info.contact_seconds > 0 && info.output_seconds > 0);
  CHECK(info.factor_seconds >= 0);
  CHECK(sum <= info.seconds);
  CHECK(sum >= 0.8 * info.seconds);
  CHECK_INT(info.contact_solves, 9);
  printf("bar_obstacle: %.3f s = assembly %.3f + equations %.3f + contact %.3f + output %.3f\n",
         info.seconds, info.assembly_seconds, info.factor_seconds, info.contact_seconds, info.output_seconds);
  sn_model_free(m);
  clear();
}

/* the contents of DIR_/name (malloc'd, *len bytes), NULL when missing */
static unsigned char *slurp(const char *name, long *len)
{
  char p[512];
  snprintf(p, sizeof p, DIR_ "/%s", name);
  FILE *f = fopen(p, "rb");
  if (!f) return NULL;
  fseek(f, 0, SEEK_END);
  *len = ftell(f);
  fseek(f, 0, SEEK_SET);
  unsigned char *b = malloc((size_t)*len + 1);
  if (fread(b, 1, (size_t)*len, f) != (size_t)*len) *len = -1;
  fclose(f);
  return b;
}

/* after every increment: is the load plot there, and is it the one of the increment before? */
typedef struct {
  sn_run_output *out;
  int stop_after, n;
  int there[16], changed[16];
  unsigned char *last;
  long last_len;
} plot_watch;

static int watch(const sn_model *m, const sn_fesys *S, const sn_increment *inc, void *user)
{
  plot_watch *w = user;
  int st = sn_run_output_increment(m, S, inc, w->out);
  long len = 0;
  unsigned char *now = slurp("p_load.png", &len);
  if (w->n < 16) {
    w->there[w->n] = now != NULL;
    w->changed[w->n] = now && (!w->last || len != w->last_len || memcmp(now, w->last, (size_t)len));
    w->n++;
  }
  free(w->last);
  w->last = now;
  w->last_len = len;
  if (!st && w->stop_after > 0 && inc->total_increment >= w->stop_after) st = SN_ERR_ARG;
  return st;
}

static int watch_converged(const sn_model *m, const sn_fesys *S, const sn_increment *inc, void *user)
{
  plot_watch *w = user;
  return sn_run_output_converged(m, S, inc, w->out);
}

/* conv: the charts started by sn_run_output_converged (sn_static_settings.on_converged, as
 * signorini run does), else by sn_run_output_increment alone: the same files either way */
static void plots_when(const sn_model *m, sn_plot_when when, int stop_after, int conv, plot_watch *w)
{
  char msg[512];
  clear();
  memset(w, 0, sizeof *w);
  w->stop_after = stop_after;
  CHECK_INT(sn_run_output_open(DIR_, "p", m, &w->out, msg, sizeof msg), SN_OK);
  if (!w->out) return;
  sn_run_output_configure(w->out, SN_VTU_RAW, when);
  sn_static_settings s;
  sn_static_settings_default(&s);
  s.on_increment = watch;
  if (conv) s.on_converged = watch_converged;
  s.user = w;
  sn_static_info info;
  CHECK_INT(sn_static_run(m, &s, &info, msg, sizeof msg), stop_after ? SN_ERR_ARG : SN_OK);
}

static void test_plots(void)
{
  char msg[512];
  sn_model *m = NULL;
  CHECK_INT(sn_inp_read(EX "bar_obstacle.inp", &m, msg, sizeof msg), SN_OK);
  if (!m) return;
  plot_watch w;
  for (int conv = 0; conv <= 1; conv++) {
    /* by step: drawn after increment 4 (the end of step 1), left alone through 5-8, redrawn
     * after 9 (the end of step 2); the other plots with it */
    plots_when(m, SN_PLOTS_STEP, 0, conv, &w);
    CHECK_INT(w.n, 9);
    for (int k = 0; k < 9; k++) {
      CHECK_INT(w.there[k], k >= 3);
      CHECK_INT(w.changed[k], k == 3 || k == 8);
    }
    CHECK(exists("p_convergence.png") && exists("p_contact_pressure.png") && exists("p_contact_shear.png"));
    sn_run_output_close(w.out);
    free(w.last);
    /* by increment: after every one, each time a new chart */
    plots_when(m, SN_PLOTS_INCREMENT, 0, conv, &w);
    for (int k = 0; k < 9; k++) CHECK(w.there[k] && w.changed[k]);
    sn_run_output_close(w.out);
    free(w.last);
    /* none */
    plots_when(m, SN_PLOTS_NONE, 0, conv, &w);
    CHECK_INT(count(".png"), 0);
    CHECK_INT(sn_run_output_finish(w.out, m), SN_OK);
    CHECK_INT(count(".png"), 0);
    sn_run_output_close(w.out);
    free(w.last);
    /* a run stopped after 2 increments of step 1: no plot, until sn_run_output_finish draws them */
    plots_when(m, SN_PLOTS_STEP, 2, conv, &w);
    CHECK_INT(w.n, 2);
    CHECK_INT(count(".png"), 0);
    CHECK_INT(sn_run_output_finish(w.out, m), SN_OK);
    CHECK_INT(count(".png"), 4);
    CHECK_INT(sn_run_output_finish(w.out, m), SN_OK);   /* nothing new: nothing redrawn */
    CHECK_INT(sn_run_output_finish(NULL, m), SN_ERR_ARG);
    sn_run_output_close(w.out);
    free(w.last);
  }
  sn_model_free(m);
  clear();
}

/* Hertz without writers: the phases' clocks account for the run (their sum is the run's time up
 * to the increment bookkeeping). Which phase dominates is a measurement (bench/), not a test:
 * since the factor of K is kept across increments the contact share varies with the load. */
static void test_hertz_phases(void)
{
  char msg[512];
  sn_model *m = NULL;
  CHECK_INT(sn_inp_read(EX "hertz.inp", &m, msg, sizeof msg), SN_OK);
  if (!m) return;
  sn_static_info info;
  CHECK_INT(sn_static_run(m, NULL, &info, msg, sizeof msg), SN_OK);
  double sum = info.assembly_seconds + info.factor_seconds + info.contact_seconds + info.output_seconds;
  CHECK(info.assembly_seconds > 0 && info.contact_seconds > 0);
  CHECK(info.output_seconds == 0);         /* no callback */
  CHECK(sum <= info.seconds);
  CHECK(sum >= 0.8 * info.seconds);
  printf("hertz: %.3f s = assembly %.3f + equations %.3f + contact %.3f\n", info.seconds,
         info.assembly_seconds, info.factor_seconds, info.contact_seconds);
  sn_model_free(m);
}

/* bar_obstacle (steps of 4 and 5 increments) into DIR_/p, the plots `when`, a folder named
 * blocker (NULL: none) put in the way of a file first; each increment through fn (NULL:
 * sn_run_output_increment on the output, and with conv sn_run_output_converged before it),
 * *out set before the run starts; the run's status */
static int run_bar_x(const sn_model *m, sn_plot_when when, const char *blocker, sn_increment_fn fn, void *user,
                     int conv, sn_run_output **out, int *increments)
{
  char msg[512], path[256];
  clear();
  *out = NULL;
  CHECK_INT(sn_run_output_open(DIR_, "p", m, out, msg, sizeof msg), SN_OK);
  if (!*out) return SN_ERR_IO;
  sn_run_output_configure(*out, SN_VTU_RAW, when);
  snprintf(path, sizeof path, DIR_ "/%s", blocker ? blocker : "");
  if (blocker) CHECK_INT(mkdir(path, 0777), 0);
  sn_static_settings s;
  sn_static_settings_default(&s);
  s.on_increment = fn ? fn : sn_run_output_increment;
  if (!fn && conv) s.on_converged = sn_run_output_converged;
  s.user = fn ? user : *out;
  sn_static_info info;
  int st = sn_static_run(m, &s, &info, msg, sizeof msg);
  *increments = info.increments;
  return st;
}

static int run_bar(const sn_model *m, sn_plot_when when, const char *blocker, sn_increment_fn fn, void *user,
                   sn_run_output **out, int *increments)
{
  return run_bar_x(m, when, blocker, fn, user, 0, out, increments);
}

/* p_load.png cannot replace the folder of that name: the step's end fails with its message,
 * whether the charts were started by sn_run_output_converged (conv) or by the increment's output */
static void test_plot_failure(const sn_model *m)
{
  for (int conv = 0; conv <= 1; conv++) {
    sn_run_output *out;
    int n = 0;
    CHECK_INT(run_bar_x(m, SN_PLOTS_STEP, "p_load.png", NULL, NULL, conv, &out, &n), SN_ERR_IO);
    CHECK_INT(n, 4);   /* the end of step 1, where the charts are drawn */
    CHECK(strstr(sn_run_output_error(out), "p_load.png") != NULL);
    CHECK(exists("p_convergence.png") && exists("p_contact_shear.png") && exists("p.0004.vtu"));
    CHECK_INT(count(".tmp"), 0);
    sn_run_output_close(out);
    rmdir(DIR_ "/p_load.png");
  }
}

/* without charts (SN_PLOTS_NONE) a step's last increment is still written before its output
 * returns: p.0004.vtu (the end of step 1) and p.0009.vtu (step 2) are there right after it */
typedef struct {
  sn_run_output **out;
  int n, there[16];
} vtu_watch;

static int watch_vtu(const sn_model *m, const sn_fesys *S, const sn_increment *inc, void *user)
{
  vtu_watch *w = user;
  int st = sn_run_output_increment(m, S, inc, *w->out);
  char name[64];
  snprintf(name, sizeof name, "p.%04d.vtu", inc->total_increment);
  if (w->n < 16) w->there[w->n++] = exists(name);
  return st;
}

static void test_step_end_written(const sn_model *m)
{
  sn_run_output *out;
  vtu_watch w = {&out, 0, {0}};
  int n = 0;
  CHECK_INT(run_bar(m, SN_PLOTS_NONE, NULL, watch_vtu, &w, &out, &n), SN_OK);
  CHECK_INT(w.n, 9);
  CHECK(w.there[3] && w.there[8]);
  CHECK_INT(sn_run_output_finish(out, m), SN_OK);
  CHECK_INT(count(".vtu"), 9);
  sn_run_output_close(out);
}

/* with sn_run_output_converged: p.0003.vtu cannot be written, and the run stops at increment 4,
 * the end of step 1, whose charts were started when it converged, before its output failed. The
 * run's model copy is gone when the run returns (the drawing must not read it: the sanitizer
 * build checks), and sn_run_output_finish draws the charts of the 3 increments that had their
 * output: the same load chart, byte for byte, as a run stopped after 3 increments draws */
static void test_converged_failure(const sn_model *m)
{
  sn_run_output *out;
  int n = 0;
  CHECK_INT(run_bar_x(m, SN_PLOTS_STEP, "p.0003.vtu", NULL, NULL, 1, &out, &n), SN_ERR_IO);
  CHECK_INT(n, 4);
  CHECK(strstr(sn_run_output_error(out), "p.0003.vtu") != NULL);
  CHECK_INT(sn_run_output_finish(out, m), SN_OK);
  sn_run_output_close(out);
  long la = 0, lb = 0;
  unsigned char *a = slurp("p_load.png", &la);
  CHECK(a != NULL);
  rmdir(DIR_ "/p.0003.vtu");
  plot_watch w;
  plots_when(m, SN_PLOTS_STEP, 3, 0, &w);
  CHECK_INT(sn_run_output_finish(w.out, m), SN_OK);
  sn_run_output_close(w.out);
  free(w.last);
  unsigned char *b = slurp("p_load.png", &lb);
  CHECK(a && b && la == lb && !memcmp(a, b, (size_t)la));
  free(a);
  free(b);
}

/* p.0002.vtu cannot replace the folder of that name: the run stops at increment 3 */
static void test_writer_failure(const sn_model *m)
{
  sn_run_output *out;
  int n = 0;
  CHECK_INT(run_bar(m, SN_PLOTS_NONE, "p.0002.vtu", NULL, NULL, &out, &n), SN_ERR_IO);   /* no step's end waits */
  CHECK_INT(n, 3);
  CHECK(strstr(sn_run_output_error(out), "p.0002.vtu") != NULL);
  CHECK(exists("p.0001.vtu") && !exists("p.0003.vtu"));
  CHECK_INT(sn_run_output_wait(out), SN_OK);   /* nothing left in flight */
  CHECK_INT(count(".tmp"), 0);
  sn_run_output_close(out);
  rmdir(DIR_ "/p.0002.vtu");
}

/* at the end of step 1 (increment 4) the .frd is written on a thread of its own beside the
 * other files: a folder put in place of p.frd just before it fails the step's end with the
 * .frd's name, after p.0004.vtu was written, with no temporary left */
static int block_frd(const sn_model *m, const sn_fesys *S, const sn_increment *inc, void *user)
{
  sn_run_output **out = user;
  if (inc->total_increment == 4) {
    CHECK_INT(sn_run_output_wait(*out), SN_OK);   /* increment 3's .frd block, on the writer */
    CHECK_INT(unlink(DIR_ "/p.frd"), 0);
    CHECK_INT(mkdir(DIR_ "/p.frd", 0777), 0);
  }
  return sn_run_output_increment(m, S, inc, *out);
}

static void test_frd_failure_step_end(const sn_model *m)
{
  sn_run_output *out;
  int n = 0;
  CHECK_INT(run_bar(m, SN_PLOTS_NONE, NULL, block_frd, &out, &out, &n), SN_ERR_IO);
  CHECK_INT(n, 4);
  CHECK(strstr(sn_run_output_error(out), "p.frd") != NULL);
  CHECK(exists("p.0004.vtu") && !exists("p.0005.vtu"));
  CHECK_INT(count(".tmp"), 0);
  sn_run_output_close(out);
  rmdir(DIR_ "/p.frd");
}

static void test_envelope(void)
{
  /* positions 0, 1, 2 (the second written 1 + 1e-12: the same position), four points each */
  double t[36];
  for (int i = 0; i < 12; i++) {
    t[3 * i] = i / 4 + (i == 5 ? 1e-12 : 0.0);
    t[3 * i + 1] = (i * 7) % 5;        /* p: 0 2 4 1 | 3 0 2 4 | 1 3 0 2 */
    t[3 * i + 2] = -(double)(i % 3);   /* q: 0 -1 -2 0 | -1 -2 0 -1 | -2 0 -1 -2 */
  }
  CHECK_INT(sn_run_plots_envelope(t, 12), 3);
  const double want[9] = {0, 4, 0, 1 + 0.25e-12, 4, 0, 2, 3, 0};
  for (int k = 0; k < 9; k++) CHECK_CLOSE(t[k], want[k], 1e-15, 1e-15);
  /* 500 distinct positions in [0, 499]: 200 bins of width 2.495, the first holding 0, 1, 2, the
   * last (from 496.505) 497, 498, 499 */
  static double u[1500];
  for (int i = 0; i < 500; i++) { u[3 * i] = i; u[3 * i + 1] = i % 7; u[3 * i + 2] = 500 - i; }
  CHECK_INT(sn_run_plots_envelope(u, 500), SN_PROFILE_BINS);
  CHECK_CLOSE(u[0], 1.0, 0, 0);                  /* bin 0: 0, 1, 2 */
  CHECK_CLOSE(u[1], 2.0, 0, 0);
  CHECK_CLOSE(u[2], 500.0, 0, 0);
  CHECK_CLOSE(u[3 * 199], 498.0, 0, 0);
  CHECK_CLOSE(u[3 * 199 + 1], 2.0, 0, 0);        /* max(0, 1, 2): 497, 498, 499 mod 7 */
  CHECK_CLOSE(u[3 * 199 + 2], 3.0, 0, 0);        /* 500 - 497 */
  CHECK_INT(sn_run_plots_envelope(u, 1), 1);     /* one point: itself */
}

int main(void)
{
  test_envelope();
  mkdir(DIR_, 0777);
  clear();
  char msg[512];
  sn_model *m = NULL;
  CHECK_INT(sn_inp_read(SN_TEST_DATA "/inp/cube3d.inp", &m, msg, sizeof msg), SN_OK);
  if (m) {
    test_lock(m);
    test_stale(m);
    sn_model_free(m);
  }
  test_series();
  test_plots();
  CHECK_INT(sn_inp_read(EX "bar_obstacle.inp", &m, msg, sizeof msg), SN_OK);
  if (m) {
    test_plot_failure(m);
    test_writer_failure(m);
    test_converged_failure(m);
    test_frd_failure_step_end(m);
    test_step_end_written(m);
    sn_model_free(m);
  }
  test_hertz_phases();
  return sn_check_report();
}
