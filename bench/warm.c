/* signorini_bench_warm: the cost of repeated calls of a solver on small local frictional contact
 * problems (issue #13, point 5): each problem of at most --max-contacts contacts is solved once
 * from zero, then K times in a row from its solution ("warm": the fixed cost of a call plus the
 * check that r is solved) and K times from zero ("zero": each call a complete solve, with the
 * problem, the settings and the caches of the process warm). The time is the wall time of the K
 * calls divided by K (the thread's CPU time, CLOCK_THREAD_CPUTIME_ID, so everything a caller
 * pays: validation, workspace, verdict; CPU time rather than wall time, which on a shared
 * machine counts the time the process waits for a core), the median of --batches batches; K is
 * chosen so that one batch takes about 20 ms.
 * Output: OUTDIR/warm.csv with problem,contacts,solver,start,calls,us_per_call,status,
 * iterations,error (status and error of the last call).
 * Usage: signorini_bench_warm [--solvers a,b] [--options STR] [--tol T] [--max-contacts N] [--batches B]
 *                             [--calls K] [--start warm|zero|both] [-o OUTDIR] FILE|DIR... */
#define _DEFAULT_SOURCE
#include <dirent.h>
#include <math.h>
#include <signorini/io.h>
#include <signorini/signorini.h>
#include <signorini/solver.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "bench_util.h"

#define MAXF 256

static char files[MAXF][1024];
static int nfiles;
static int starts = 3;   /* 1: warm, 2: zero, 3: both */

static int has_suffix(const char *s, const char *x)
{
  size_t a = strlen(s), b = strlen(x);
  return a >= b && !strcmp(s + a - b, x);
}

/* the .dat and .hdf5 files under path (refsol/ skipped); an .hdf5 twin X.hdf5 of X.dat or
 * X.hdf5.dat is preferred, as bench.c does */
static void scan(const char *path)
{
  struct stat st;
  if (stat(path, &st)) { perror(path); return; }
  if (!S_ISDIR(st.st_mode)) {
    if (nfiles < MAXF) snprintf(files[nfiles++], 1024, "%s", path);
    return;
  }
  DIR *d = opendir(path);
  if (!d) { perror(path); return; }
  struct dirent *e;
  char p[1024], twin[1100];
  while ((e = readdir(d))) {
    if (e->d_name[0] == '.' || !strcmp(e->d_name, "refsol")) continue;
    snprintf(p, sizeof p, "%s/%s", path, e->d_name);
    if (has_suffix(p, ".dat")) {
      size_t n = strlen(p) - 4;
      snprintf(twin, sizeof twin, "%.*s%s", (int)n, p, has_suffix(p, ".hdf5.dat") ? "" : ".hdf5");
      if (!stat(twin, &st)) continue;            /* the .hdf5 twin is taken instead */
    } else if (!has_suffix(p, ".hdf5")) {
      if (!stat(p, &st) && S_ISDIR(st.st_mode)) scan(p);
      continue;
    }
    if (nfiles < MAXF) snprintf(files[nfiles++], 1024, "%s", p);
  }
  closedir(d);
}

static int cmp_str(const void *a, const void *b) { return strcmp((const char *)a, (const char *)b); }

/* K calls from r0 (copied into r before each call): seconds per call */
static double batch(const sn_fc *P, const char *solver, const double *r0, double *r, double *u,
                    const sn_settings *s, sn_info *info, int K, int *st)
{
  int n = P->dim * P->nc;
  double t = bench_thread_clock();
  for (int k = 0; k < K; k++) {
    memcpy(r, r0, sizeof(double) * (size_t)n);
    *st = sn_fc_solve(P, solver, r, u, s, info);
  }
  return (bench_thread_clock() - t) / K;
}

/* one (problem, solver, start) line of the CSV */
static void measure(FILE *out, const char *key, const sn_fc *P, const char *solver,
                    const char *start, const double *r0, const sn_settings *s, int batches, int K)
{
  int n = P->dim * P->nc, st = 0;
  double *r = calloc((size_t)n + 1, sizeof(double)), *u = calloc((size_t)n + 1, sizeof(double));
  sn_info info = {0};
  if (!r || !u) { free(r); free(u); return; }
  double t1 = batch(P, solver, r0, r, u, s, &info, 1, &st);
  if (K <= 0) K = t1 > 0 ? (int)fmin(fmax(0.02 / t1, 3.0), 200000.0) : 1000;
  double t[64];
  if (batches > 64) batches = 64;
  for (int b = 0; b < batches; b++) t[b] = batch(P, solver, r0, r, u, s, &info, K, &st);
  qsort(t, (size_t)batches, sizeof(double), bench_cmp_double);
  fprintf(out, "%s,%d,%s,%s,%d,%.4f,%s,%d,%.3e\n", key, P->nc, solver, start, K,
          1e6 * t[batches / 2], st == SN_OK ? "solved" : sn_strerror(st), info.iterations,
          info.error);
  fflush(out);
  fprintf(stderr, "%-36s %-8s %-5s %10.2f us/call (K=%d) it=%d err=%.2e %s\n", key, solver,
          start, 1e6 * t[batches / 2], K, info.iterations, info.error,
          st == SN_OK ? "" : "NOT SOLVED");
  free(r);
  free(u);
}

static void run_problem(FILE *out, const char *path, char solvers[][32], int ns,
                        const sn_settings *s, int maxc, int batches, int K)
{
  sn_file_problem *F = NULL;
  char err[1024], key[256];
  if (sn_read_problem(path, &F, err, sizeof err)) { fprintf(stderr, "skip %s\n", err); return; }
  const sn_fc *P = F->fc;
  if (P && P->nc <= maxc) {
    bench_key_of(path, key);
    int n = P->dim * P->nc;
    double *zero = calloc((size_t)n + 1, sizeof(double)), *sol = calloc((size_t)n + 1, sizeof(double));
    double *u = calloc((size_t)n + 1, sizeof(double));
    for (int k = 0; zero && sol && u && k < ns; k++) {
      const sn_solver_entry *e = sn_solver_find(solvers[k]);
      if (!e || (strcmp(e->name, "auto") && !(e->fc && (e->dims & (1 << P->dim))))) continue;
      sn_info info = {0};
      memset(sol, 0, sizeof(double) * (size_t)n);
      sn_fc_solve(P, e->name, sol, u, s, &info);   /* its own solution: the warm start */
      if (starts & 1) measure(out, key, P, e->name, "warm", sol, s, batches, K);
      if (starts & 2) measure(out, key, P, e->name, "zero", zero, s, batches, K);
    }
    free(zero);
    free(sol);
    free(u);
  }
  sn_file_problem_free(F);
}

int main(int argc, char **argv)
{
  const char *outdir = "bench/out", *list = "nsn_ac,nsn_fb,nsgs,apgd,auto";
  int maxc = 5, batches = 5, K = 0;
  sn_settings s;
  sn_settings_default(&s);
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--solvers") && i + 1 < argc) list = argv[++i];
    else if (!strcmp(argv[i], "--tol") && i + 1 < argc) s.tol = atof(argv[++i]);
    else if (!strcmp(argv[i], "--options") && i + 1 < argc) s.options = argv[++i];
    else if (!strcmp(argv[i], "--max-contacts") && i + 1 < argc) maxc = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--batches") && i + 1 < argc) batches = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--calls") && i + 1 < argc) K = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--start") && i + 1 < argc) {
      const char *v = argv[++i];
      starts = !strcmp(v, "warm") ? 1 : !strcmp(v, "zero") ? 2 : !strcmp(v, "both") ? 3 : 0;
      if (!starts) { fprintf(stderr, "bench_warm: --start warm|zero|both, not %s\n", v); return 2; }
    }
    else if (!strcmp(argv[i], "-o") && i + 1 < argc) outdir = argv[++i];
    else if (argv[i][0] == '-') { fprintf(stderr, "bench_warm: unknown option %s\n", argv[i]); return 2; }
    else scan(argv[i]);
  }
  if (!nfiles) { fprintf(stderr, "bench_warm: no problem files\n"); return 2; }
  if (batches < 1) batches = 1;
  qsort(files, (size_t)nfiles, sizeof files[0], cmp_str);
  char solvers[16][32], tmp[512];
  int ns = 0;
  snprintf(tmp, sizeof tmp, "%s", list);
  for (char *t = strtok(tmp, ","); t && ns < 16; t = strtok(NULL, ",")) snprintf(solvers[ns++], 32, "%s", t);
  mkdir(outdir, 0777);
  char csv[1100], part[1200];
  snprintf(csv, sizeof csv, "%s/warm.csv", outdir);
  snprintf(part, sizeof part, "%s.tmp.%ld", csv, (long)getpid());
  FILE *out = fopen(part, "w");
  if (!out) { perror(part); return 1; }
  fprintf(out, "problem,contacts,solver,start,calls,us_per_call,status,iterations,error\n");
  for (int f = 0; f < nfiles; f++) run_problem(out, files[f], solvers, ns, &s, maxc, batches, K);
  if (fclose(out) || rename(part, csv)) { perror(csv); remove(part); return 1; }
  fprintf(stderr, "bench_warm: wrote %s\n", csv);
  return 0;
}
