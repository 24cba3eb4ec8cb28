/* signorini benchmark: every applicable solver over folders of problems (FCLIB .hdf5 and
 * Siconos .dat), CSV of (problem, kind, contacts, nnz, solver, status, iterations, error,
 * seconds) and a Dolan-More performance profile (Dolan & More, "Benchmarking optimization
 * software with performance profiles", Math. Program. 91, 2002) drawn with cairo.
 * Seconds are the solver's own time (info.seconds, or with --cpu the thread's CPU time of the
 * whole call, verdict included; for a global problem solved by a local
 * solver it includes the condensation W = H^T M^-1 H), the median of --repeat runs.
 * Usage: bench [--solvers a,b] [--options STR] [--tol T] [--time-limit S] [--max-iter N] [--repeat R] [--cpu]
 *              [--threads N] [-o OUTDIR] DIR...
 * --options STR: the solvers' options (sn_settings.options), e.g. linear=sparse for nsn_*.
 * --threads N: OpenBLAS' and CHOLMOD's threads (sn_set_blas_threads; default
 * $SIGNORINI_NUM_THREADS, else the physical cores), recorded in the CSV's threads column. */
#define _DEFAULT_SOURCE
#include <cairo.h>
#include <dirent.h>
#include <math.h>
#include <signorini/signorini.h>
#include <signorini/io.h>
#include <signorini/solver.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "bench_util.h"

#define MAXP 512
#define MAXS 16

typedef struct { char path[1024], key[256]; } problem_file;
typedef struct { char problem[256], solver[32]; int ok; double seconds; } result;

static problem_file files[MAXP];
static int nfiles;
static result results[MAXP * MAXS];
static int nresults;

static int has_suffix(const char *s, const char *x)
{
  size_t a = strlen(s), b = strlen(x);
  return a >= b && !strcmp(s + a - b, x);
}

/* collect problem files, one per key, preferring FCLIB .hdf5 over .dat */
static void scan(const char *dir)
{
  DIR *d = opendir(dir);
  if (!d) { perror(dir); return; }
  struct dirent *e;
  char path[1024];
  while ((e = readdir(d))) {
    if (e->d_name[0] == '.') continue;
    snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
    struct stat st;
    if (stat(path, &st)) continue;
    if (S_ISDIR(st.st_mode)) { if (strcmp(e->d_name, "refsol")) scan(path); continue; }
    if (!has_suffix(path, ".dat") && !has_suffix(path, ".hdf5")) continue;
    char key[256];
    bench_key_of(path, key);
    int k;
    for (k = 0; k < nfiles; k++)
      if (!strcmp(files[k].key, key)) break;
    if (k < nfiles) {
      if (has_suffix(path, ".hdf5")) snprintf(files[k].path, 1024, "%s", path);
      continue;
    }
    if (nfiles == MAXP) break;
    snprintf(files[nfiles].path, 1024, "%s", path);
    snprintf(files[nfiles].key, 256, "%s", key);
    nfiles++;
  }
  closedir(d);
}

static int cmp_file(const void *a, const void *b)
{
  return strcmp(((const problem_file *)a)->key, ((const problem_file *)b)->key);
}

/* the performance profile: rho_s(tau) = share of problems solved within tau x the best time */
static int plot(const char *png, char solvers[][32], int ns, int np)
{
  const int W = 900, H = 560, L = 70, R = 200, T = 40, B = 60;
  double tau_max = 2.0;
  for (int i = 0; i < nresults; i++) {
    if (!results[i].ok) continue;
    double best = INFINITY;
    for (int j = 0; j < nresults; j++)
      if (results[j].ok && !strcmp(results[j].problem, results[i].problem)) best = fmin(best, results[j].seconds);
    tau_max = fmax(tau_max, 1.5 * results[i].seconds / best);
  }
  double lmax = log2(tau_max);
  cairo_surface_t *sf = cairo_image_surface_create(CAIRO_FORMAT_RGB24, W, H);
  cairo_t *cr = cairo_create(sf);
  cairo_set_source_rgb(cr, 1, 1, 1);
  cairo_paint(cr);
  cairo_set_source_rgb(cr, 0, 0, 0);
  cairo_set_line_width(cr, 1);
  cairo_rectangle(cr, L, T, W - L - R, H - T - B);
  cairo_stroke(cr);
  cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size(cr, 13);
  char buf[600];
  for (int k = 0; k <= 5; k++) {   /* y ticks */
    double y = H - B - k * (H - T - B) / 5.0;
    snprintf(buf, sizeof buf, "%.1f", k / 5.0);
    cairo_move_to(cr, L - 32, y + 4);
    cairo_show_text(cr, buf);
  }
  int nt = (int)ceil(lmax);
  for (int k = 0; k <= nt; k++) {   /* x ticks at powers of two */
    double x = L + k / lmax * (W - L - R);
    if (x > W - R + 1) break;
    snprintf(buf, sizeof buf, "%g", pow(2.0, k));
    cairo_move_to(cr, x - 8, H - B + 18);
    cairo_show_text(cr, buf);
  }
  cairo_move_to(cr, L + 120, H - 15);
  cairo_show_text(cr, "tau: time / best time (log2 scale)");
  snprintf(buf, sizeof buf, "performance profile, %d problems", np);
  cairo_move_to(cr, L, T - 12);
  cairo_show_text(cr, buf);
  static const double col[8][3] = {{0.85, 0.1, 0.1}, {0.1, 0.4, 0.85}, {0.1, 0.65, 0.2}, {0.6, 0.2, 0.7},
                                    {0.95, 0.55, 0.0}, {0.3, 0.3, 0.3}, {0.0, 0.7, 0.7}, {0.7, 0.5, 0.2}};
  for (int s = 0; s < ns; s++) {
    double ratio[MAXP];
    int nr = 0;
    for (int i = 0; i < nresults; i++) {
      if (strcmp(results[i].solver, solvers[s]) || !results[i].ok) continue;
      double best = INFINITY;
      for (int j = 0; j < nresults; j++)
        if (results[j].ok && !strcmp(results[j].problem, results[i].problem)) best = fmin(best, results[j].seconds);
      ratio[nr++] = results[i].seconds / best;
    }
    qsort(ratio, (size_t)nr, sizeof(double), bench_cmp_double);
    cairo_set_source_rgb(cr, col[s % 8][0], col[s % 8][1], col[s % 8][2]);
    cairo_set_line_width(cr, 2.2);
    double x0 = L, y = H - B;
    cairo_move_to(cr, x0, y);
    for (int k = 0; k < nr; k++) {   /* step function */
      double x = L + log2(fmax(ratio[k], 1.0)) / lmax * (W - L - R);
      cairo_line_to(cr, x, y);
      y = H - B - (k + 1.0) / np * (H - T - B);
      cairo_line_to(cr, x, y);
    }
    cairo_line_to(cr, W - R, y);
    cairo_stroke(cr);
    cairo_move_to(cr, W - R + 15, T + 20 + 22 * s);
    snprintf(buf, sizeof buf, "%s (%d/%d)", solvers[s], nr, np);
    cairo_show_text(cr, buf);
  }
  cairo_destroy(cr);
  char tmp[1200];
  snprintf(tmp, sizeof tmp, "%s.tmp.%ld", png, (long)getpid());
  int bad = cairo_surface_write_to_png(sf, tmp) != CAIRO_STATUS_SUCCESS;
  cairo_surface_destroy(sf);
  if (bad || rename(tmp, png)) { remove(tmp); fprintf(stderr, "bench: cannot write %s\n", png); return 1; }
  return 0;
}

int main(int argc, char **argv)
{
  const char *outdir = "bench/out", *solver_list = NULL;
  int repeat = 3, cpu = 0, threads = 0;
  const char *threads_text = getenv("SIGNORINI_NUM_THREADS");
  sn_settings s;
  sn_settings_default(&s);
  s.time_limit = 60;
  s.max_iter = 100000;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--solvers") && i + 1 < argc) solver_list = argv[++i];
    else if (!strcmp(argv[i], "--tol") && i + 1 < argc) s.tol = atof(argv[++i]);
    else if (!strcmp(argv[i], "--options") && i + 1 < argc) s.options = argv[++i];
    else if (!strcmp(argv[i], "--time-limit") && i + 1 < argc) s.time_limit = atof(argv[++i]);
    else if (!strcmp(argv[i], "--max-iter") && i + 1 < argc) s.max_iter = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--repeat") && i + 1 < argc) repeat = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--cpu")) cpu = 1;
    else if (!strcmp(argv[i], "-o") && i + 1 < argc) outdir = argv[++i];
    else if (!strcmp(argv[i], "--threads") && i + 1 < argc) threads_text = argv[++i];
    else if (argv[i][0] == '-') { fprintf(stderr, "bench: unknown option %s\n", argv[i]); return 2; }
    else scan(argv[i]);
  }
  if (threads_text && *threads_text && sn_threads_parse(threads_text, &threads)) {
    fprintf(stderr, "bench: invalid thread count '%s': a whole number from 1 to %d\n", threads_text, SN_THREADS_MAX);
    return 2;
  }
  if (threads < 1) threads = sn_threads_physical();
  sn_set_blas_threads(threads);
  if (!nfiles) { fprintf(stderr, "bench: no problem files found\n"); return 2; }
  if (repeat < 1) repeat = 1;
  qsort(files, (size_t)nfiles, sizeof files[0], cmp_file);
  char solvers[MAXS][32];
  int ns = 0;
  if (solver_list) {
    char tmp[512];
    snprintf(tmp, sizeof tmp, "%s", solver_list);
    for (char *t = strtok(tmp, ","); t && ns < MAXS; t = strtok(NULL, ","))
      snprintf(solvers[ns++], 32, "%s", t);
  } else {
    for (const sn_solver_entry *e = sn_solvers(); e->name && ns < MAXS; e++) snprintf(solvers[ns++], 32, "%s", e->name);
  }
  mkdir(outdir, 0777);
  char csv[1100], png[1100], tmp[1200];
  snprintf(csv, sizeof csv, "%s/bench.csv", outdir);
  snprintf(png, sizeof png, "%s/profile.png", outdir);
  snprintf(tmp, sizeof tmp, "%s.tmp.%ld", csv, (long)getpid());
  FILE *out = fopen(tmp, "w");
  if (!out) { perror(tmp); return 1; }
  fprintf(out, "problem,kind,contacts,nnz,solver,status,iterations,error,seconds,threads\n");
  int np = 0;
  for (int f = 0; f < nfiles; f++) {
    sn_file_problem *F = NULL;
    char err[1024];
    if (sn_read_problem(files[f].path, &F, err, sizeof err)) { fprintf(stderr, "bench: skip %s\n", err); continue; }
    sn_fc *local = F->fc;   /* global problems: sn_gfc_solve (direct, or condensed inside) */
    np++;
    const sn_gfc *G = F->gfc;
    int dim = F->kind == SN_KIND_LCP ? 0 : local ? local->dim : G->dim;
    int nc = F->kind == SN_KIND_LCP ? F->lcp->n : local ? local->nc : G->nc;
    int n = F->kind == SN_KIND_LCP ? nc : dim * nc;
    int nnz = F->kind == SN_KIND_LCP ? F->lcp->M->nnz : local ? local->W->nnz : G->M->nnz + G->H->nnz;
    const char *kind = F->kind == SN_KIND_LCP ? "lcp" : F->kind == SN_KIND_GFC ? "gfc" : dim == 2 ? "fc2d" : "fc3d";
    int nu = G ? (G->ndof > n ? G->ndof : n) : n;
    double *r = calloc((size_t)n + 1, sizeof(double)), *u = calloc((size_t)nu + 1, sizeof(double));
    for (int k = 0; k < ns; k++) {
      const sn_solver_entry *e = sn_solver_find(solvers[k]);
      if (!e) continue;
      int fits = F->kind == SN_KIND_LCP ? e->lcp != NULL
                 : (e->fc && (e->dims & (1 << dim))) || (F->kind == SN_KIND_GFC && e->gfc);
      if (!fits) continue;
      double t[64];
      sn_info info = {0};
      int st = 0, nrep = 0;
      /* repeat for a median, except for failures and solves over 5 s (one run says enough) */
      for (int rep = 0; rep < repeat && rep < 64; rep++) {
        memset(r, 0, sizeof(double) * (size_t)n);
        if (G) memset(u, 0, sizeof(double) * (size_t)nu);
        double c0 = bench_thread_clock();
        st = F->kind == SN_KIND_LCP ? sn_lcp_solve(F->lcp, e->name, r, u, &s, &info)
             : G ? sn_gfc_solve(G, e->name, r, u, &s, &info)   /* u holds v here */
                 : sn_fc_solve(local, e->name, r, u, &s, &info);
        t[nrep++] = cpu ? bench_thread_clock() - c0 : info.seconds;
        if (st != SN_OK || info.seconds > 5.0) break;
      }
      qsort(t, (size_t)nrep, sizeof(double), bench_cmp_double);
      double med = t[nrep / 2];
      fprintf(out, "%s,%s,%d,%d,%s,%s,%d,%.3e,%.6e,%d\n", files[f].key, kind, nc, nnz, e->name,
              st == SN_OK ? "solved" : sn_strerror(st), info.iterations, info.error, med, threads);
      fflush(out);
      fprintf(stderr, "%-36s %-8s %-10s it=%-7d err=%.2e t=%.3es\n", files[f].key, e->name,
              st == SN_OK ? "solved" : "NOT", info.iterations, info.error, med);
      if (nresults < MAXP * MAXS) {
        result *R = &results[nresults++];
        snprintf(R->problem, 256, "%s", files[f].key);
        snprintf(R->solver, 32, "%s", e->name);
        R->ok = st == SN_OK;
        R->seconds = med;
      }
    }
    free(r);
    free(u);
    sn_file_problem_free(F);
  }
  if (fclose(out) || rename(tmp, csv)) { perror(csv); remove(tmp); return 1; }
  int rc = plot(png, solvers, ns, np);
  fprintf(stderr, "bench: wrote %s and %s\n", csv, png);
  return rc;
}
