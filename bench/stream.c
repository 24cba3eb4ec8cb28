/* signorini_bench_stream: this machine's memory bandwidth by STREAM-like loops (J.D. McCalpin,
 * "Memory bandwidth and machine balance in current high performance computers", IEEE TCCA
 * Newsletter, 1995: copy c = a, 16 bytes per element; triad a = b + s c, 24 bytes per element),
 * the median of --repeat runs, on arrays far larger than the caches (--mb MiB each, default 128)
 * and on arrays of the size of W (in cache); then the time of one NSGS sweep (fc_nsgs.c) on a
 * local problem against the bound of streaming W's nonzeros once:
 *   bytes = nnz (8 + 4) + 8 (2 n + n + nc)   (values and row indices of W; r read and written,
 *                                            q, mu),  bound = bytes / triad bandwidth,
 * and the NSGS iteration of the solver (sweep + the error evaluation u = W r + q, a second pass
 * over W), measured through sn_fc_solve with max_iter = 51 minus max_iter = 1 (the problem must
 * need more than 51 sweeps to reach tol 1e-8: Capsules-i125-1213 needs 135).
 * Times are the thread's CPU time (CLOCK_THREAD_CPUTIME_ID): the machine is shared.
 * Output: OUTDIR/stream.csv (kind,what,bytes,seconds,gbs; kind triad_size: the triad against the
 * footprint of its three arrays, 48 KiB to 3 x --mb MiB, what = that footprint), printed summary.
 * Usage: signorini_bench_stream [--mb M] [--repeat R] [--sweeps K] [-o OUTDIR] [PROBLEM] */
#define _POSIX_C_SOURCE 199309L   /* clock_gettime */
#include "signorini/io.h"
#include "signorini/signorini.h"
#include "signorini/solver.h"
#include "solver/fc_local.h"   /* the NSGS sweep itself (internal) */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "bench_util.h"

/* median GB/s of copy (kind 0) or triad (kind 1) over arrays of n doubles; each timed run
 * loops over the arrays until 50 ms have passed (small arrays: many passes) */
static double bandwidth(int kind, size_t n, int repeat)
{
  double *a = malloc(n * sizeof(double)), *b = malloc(n * sizeof(double));
  double *c = malloc(n * sizeof(double)), t[64], s = 3.0;
  if (!a || !b || !c) { free(a); free(b); free(c); return NAN; }
  for (size_t i = 0; i < n; i++) { a[i] = 1.0; b[i] = 2.0; c[i] = 0.5; }
  if (repeat > 64) repeat = 64;
  for (int k = 0; k < repeat; k++) {
    long passes = 0;
    double t0 = bench_thread_clock(), dt;
    do {
      if (kind == 0) for (size_t i = 0; i < n; i++) c[i] = a[i];
      else for (size_t i = 0; i < n; i++) a[i] = b[i] + s * c[i];
      passes++;
      __asm__ volatile("" : : "r"(a), "r"(c) : "memory");   /* keep every pass */
    } while ((dt = bench_thread_clock() - t0) < 0.05);
    t[k] = (double)passes * (double)n * (kind == 0 ? 16.0 : 24.0) / dt * 1e-9;
  }
  qsort(t, (size_t)repeat, sizeof(double), bench_cmp_double);
  double med = t[repeat / 2] + 0.0 * a[n / 2] * c[n / 2];
  free(a);
  free(b);
  free(c);
  return med;
}

/* median seconds of one NSGS sweep on P over the first `sweeps` sweeps from zero (each from the
 * previous one's r, as in the solver; early sweeps cost more: the local solves need more
 * iterations far from the solution); *mean: their mean */
static double sweep_time(const sn_fc *P, int sweeps, double *mean)
{
  sn_bsr *B = NULL;
  sn_nsgs_ws *ws = NULL;
  sn_nsgs_opts o;
  int n = P->dim * P->nc;
  double *r = calloc((size_t)n + 1, sizeof(double)), *t = malloc(sizeof(double) * (size_t)sweeps);
  double med = NAN;
  if (r && t && !sn_nsgs_parse(NULL, &o) && !sn_bsr_from_csc(P->W, P->dim, &B) &&
      !sn_nsgs_ws_new(P, B, &o, &ws)) {
    *mean = 0.0;
    for (int k = 0; k < sweeps; k++) {
      double t0 = bench_thread_clock();
      sn_nsgs_sweep(ws, r);
      t[k] = bench_thread_clock() - t0;
      *mean += t[k] / sweeps;
    }
    qsort(t, (size_t)sweeps, sizeof(double), bench_cmp_double);
    med = t[sweeps / 2];
  }
  sn_nsgs_ws_free(ws);
  sn_bsr_free(B);
  free(r);
  free(t);
  return med;
}

/* seconds per NSGS iteration of the solver (sweep + error evaluation + bookkeeping) */
static double iteration_time(const sn_fc *P, int K)
{
  int n = P->dim * P->nc;
  double *r = calloc((size_t)n + 1, sizeof(double)), *u = calloc((size_t)n + 1, sizeof(double));
  sn_settings s;
  sn_settings_default(&s);
  /* default tol 1e-8 (the local tolerance follows it); K below the sweeps this problem needs */
  sn_info info = {0};
  double t1[5], tk[5];
  for (int k = 0; k < 5; k++) {
    memset(r, 0, sizeof(double) * (size_t)n);
    s.max_iter = 1;
    double t0 = bench_thread_clock();
    sn_fc_solve(P, "nsgs", r, u, &s, &info);
    t1[k] = bench_thread_clock() - t0;
    memset(r, 0, sizeof(double) * (size_t)n);
    s.max_iter = K + 1;
    t0 = bench_thread_clock();
    sn_fc_solve(P, "nsgs", r, u, &s, &info);
    tk[k] = bench_thread_clock() - t0;
  }
  qsort(t1, 5, sizeof(double), bench_cmp_double);
  qsort(tk, 5, sizeof(double), bench_cmp_double);
  free(r);
  free(u);
  return (tk[2] - t1[2]) / K;
}

int main(int argc, char **argv)
{
  const char *outdir = "bench/out", *problem = NULL;
  int mb = 128, repeat = 7, sweeps = 135;   /* Capsules-i125-1213 needs 135 sweeps to 1e-8 */
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--mb") && i + 1 < argc) mb = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--repeat") && i + 1 < argc) repeat = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--sweeps") && i + 1 < argc) sweeps = atoi(argv[++i]);
    else if (!strcmp(argv[i], "-o") && i + 1 < argc) outdir = argv[++i];
    else if (argv[i][0] == '-') { fprintf(stderr, "bench_stream: unknown option %s\n", argv[i]); return 2; }
    else problem = argv[i];
  }
  if (mb < 1 || repeat < 1 || sweeps < 1) { fprintf(stderr, "bench_stream: bad option value\n"); return 2; }
  mkdir(outdir, 0777);
  char csv[1100];
  snprintf(csv, sizeof csv, "%s/stream.csv", outdir);
  FILE *out = fopen(csv, "w");
  if (!out) { perror(csv); return 1; }
  fprintf(out, "kind,what,bytes,seconds,gbs\n");
  size_t n = (size_t)mb * 1024 * 1024 / sizeof(double);
  double copy = bandwidth(0, n, repeat), triad = bandwidth(1, n, repeat);
  fprintf(out, "stream,copy,%zu,,%.3f\nstream,triad,%zu,,%.3f\n", 16 * n, copy, 24 * n, triad);
  printf("memory bandwidth (arrays of %d MiB, median of %d): copy %.2f GB/s, triad %.2f GB/s\n", mb,
         repeat, copy, triad);
  for (size_t kb = 16; kb <= (size_t)mb * 1024; kb *= 4) {   /* triad against the size: the caches */
    size_t m = kb * 1024 / sizeof(double);
    fprintf(out, "triad_size,%zu,%zu,,%.3f\n", 3 * kb * 1024, 24 * m, bandwidth(1, m, repeat));
  }
  int rc = 0;
  if (problem) {
    sn_file_problem *F = NULL;
    char err[1024];
    if (sn_read_problem(problem, &F, err, sizeof err) || !F->fc) {
      fprintf(stderr, "bench_stream: %s: not a local problem (%s)\n", problem, err);
      fclose(out);
      sn_file_problem_free(F);
      return 1;
    }
    const sn_fc *P = F->fc;
    int nn = P->dim * P->nc, nnz = P->W->colptr[P->W->n];
    double bytes = 12.0 * nnz + 8.0 * (3.0 * nn + P->nc);
    double tri_c = bandwidth(1, (size_t)(bytes / 24) + 1, repeat);   /* same bytes, in cache */
    double tm = NAN, ts = sweep_time(P, sweeps, &tm), ti = iteration_time(P, 50);
    double bound = bytes / (triad * 1e9), bound_c = bytes / (tri_c * 1e9);
    fprintf(out, "stream,triad_in_cache,%.0f,,%.3f\n", bytes, tri_c);
    fprintf(out, "nsgs,sweep,%.0f,%.9f,%.3f\n", bytes, ts, bytes / ts * 1e-9);
    fprintf(out, "nsgs,sweep_mean,%.0f,%.9f,%.3f\n", bytes, tm, bytes / tm * 1e-9);
    fprintf(out, "nsgs,iteration,%.0f,%.9f,%.3f\n", 2 * bytes, ti, 2 * bytes / ti * 1e-9);
    fprintf(out, "bound,dram,%.0f,%.9f,%.3f\nbound,cache,%.0f,%.9f,%.3f\n", bytes, bound, triad,
            bytes, bound_c, tri_c);
    printf("%s: %d contacts, nnz(W) = %d, bytes per sweep (bound) = %.0f\n", problem, P->nc, nnz, bytes);
    printf("triad on arrays of that size (in cache): %.2f GB/s\n", tri_c);
    printf("one NSGS sweep: %.1f us (median of the first %d from zero; mean %.1f us); DRAM bound "
           "%.1f us -> ratio %.1f (mean %.1f); in-cache bound %.1f us -> ratio %.1f\n", 1e6 * ts,
           sweeps, 1e6 * tm, 1e6 * bound, ts / bound, tm / bound, 1e6 * bound_c, ts / bound_c);
    printf("one NSGS iteration of the solver (sweep + error evaluation): %.1f us\n", 1e6 * ti);
    sn_file_problem_free(F);
  }
  if (fclose(out)) { perror(csv); rc = 1; }
  return rc;
}
