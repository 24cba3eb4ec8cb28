/* signorini_bench_assembly DECK.inp [--threads N] [--repeat R] [--pass] [--fixed] [--chunk D]: the
 * element passes of the
 * finite-element system of a deck (docs/threads.md, "Parallel assembly"), timed alone:
 *   K     sn_fesys_internal with the tangent (the Newton step's assembly: f_int and K, small
 *         strain, every active dof free; the pattern made before the timing),
 *   f     sn_fesys_internal without it (the linear elements by their kept stiffness, K_lin u),
 *   S     sn_fesys_stress_strain (stresses and strains at the nodes and points),
 * at a displacement that moves every dof, each R times (default 7), on N threads (default 1;
 * --pass: the parallel pass even on one thread, element_pass.h, instead of the serial loop;
 * --chunk D: its chunks of D doubles instead of SN_ELPASS_CHUNK).
 * By default the OpenMP runtime is set as `signorini run --threads N` sets it
 * (sn_set_blas_threads) and the passes run as the static analysis runs them: on N threads or on
 * one, chosen by the clock (common/par_tune.h); --fixed: the runtime's defaults and, for N > 1,
 * the parallel pass on N threads at every call (what the threads give, whatever the load).
 * Prints one line: "threads N team T elements NE dofs ND K MED f MED S MED cpu CPU": T the threads
 * the last parallel pass ran on (0: the serial loop), the medians of the wall seconds per call,
 * the process' CPU seconds (user + system) of all the timed calls.
 * The results of every call are compared, bit for bit, with those of the first (exit status 1
 * and "RESULTS DIFFER" when they are not). */
#include "fem/element_pass.h"
#include "signorini/analysis.h"
#include "signorini/io.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

static double cpu_seconds(void)
{
  struct rusage u;
  getrusage(RUSAGE_SELF, &u);
  return (double)u.ru_utime.tv_sec + 1e-6 * (double)u.ru_utime.tv_usec + (double)u.ru_stime.tv_sec +
         1e-6 * (double)u.ru_stime.tv_usec;
}

static int cmp_dbl(const void *a, const void *b) { double x = *(const double *)a, y = *(const double *)b; return (x > y) - (x < y); }

static double median(double *t, int n)
{
  qsort(t, (size_t)n, sizeof(double), cmp_dbl);
  return n % 2 ? t[n / 2] : 0.5 * (t[n / 2 - 1] + t[n / 2]);
}

int main(int argc, char **argv)
{
  const char *deck = NULL;
  int threads = 1, repeat = 7, pass = 0, fixed = 0;
  long chunk = 0;
  for (int k = 1; k < argc; k++) {
    if (!strcmp(argv[k], "--threads") && k + 1 < argc) threads = atoi(argv[++k]);
    else if (!strcmp(argv[k], "--repeat") && k + 1 < argc) repeat = atoi(argv[++k]);
    else if (!strcmp(argv[k], "--pass")) pass = 1;
    else if (!strcmp(argv[k], "--fixed")) fixed = 1;
    else if (!strcmp(argv[k], "--chunk") && k + 1 < argc) chunk = atol(argv[++k]);
    else if (!deck && argv[k][0] != '-') deck = argv[k];
    else deck = NULL, k = argc;
  }
  if (!deck || threads < 1 || repeat < 1 || repeat > 1000) {
    fprintf(stderr, "usage: signorini_bench_assembly DECK.inp [--threads N] [--repeat R] [--pass] [--fixed] [--chunk D]\n");
    return 2;
  }
  if (!fixed) sn_set_blas_threads(threads);   /* as `signorini run --threads N` */
  char msg[1024] = "";
  sn_model *m = NULL;
  sn_fesys *S = NULL;
  sn_dofmap *T = NULL;
  if (sn_inp_read(deck, &m, msg, sizeof msg) || sn_fesys_create(m, &S, msg, sizeof msg) ||
      sn_dofmap_create(m, &T, msg, sizeof msg)) {
    fprintf(stderr, "%s: %s\n", deck, msg);
    return 1;
  }
  sn_fesys_set_dofmap(S, T);
  sn_fesys_set_threads(S, threads);
  /* --pass, or --fixed on N > 1 threads: the parallel pass on every call (not threads or one by
   * the clock, as the static analysis runs it) */
  int force = pass || (fixed && threads > 1);
  if (force || chunk > 0) sn_fesys_set_parallel(S, force ? 0 : SN_FESYS_PAR_MIN, chunk > 0 ? (size_t)chunk : 0);
  int ndof = sn_fesys_ndof(S), nn = m->nnodes, nip = sn_fesys_ip_offset(S)[m->nelems];
  const unsigned char *act = sn_fesys_active(S);
  int *eq = malloc(sizeof(int) * (size_t)ndof), neq = 0;
  for (int q = 0; q < ndof; q++) eq[q] = act[q] && !(T && !T->trivial && T->dep[q]) ? neq++ : -1;
  double *u = malloc(sizeof(double) * (size_t)ndof), *f = malloc(sizeof(double) * (size_t)ndof);
  double *f0 = malloc(sizeof(double) * (size_t)ndof), *f1 = malloc(sizeof(double) * (size_t)ndof), *s = malloc(sizeof(double) * 6 * (size_t)nn);
  double *sip = malloc(sizeof(double) * 6 * ((size_t)nip + 1)), *e = malloc(sizeof(double) * 6 * (size_t)nn);
  double *eip = malloc(sizeof(double) * 6 * ((size_t)nip + 1)), *s0 = malloc(sizeof(double) * 6 * (size_t)nn);
  double *tk = malloc(sizeof(double) * (size_t)repeat), *tf = malloc(sizeof(double) * (size_t)repeat);
  double *ts = malloc(sizeof(double) * (size_t)repeat), *k0 = NULL;
  for (int d = 0; d < ndof; d++) u[d] = 1e-5 * sin(1.3 * d + 0.2);
  sn_csc *K = NULL;
  int st = sn_fesys_internal(S, u, 0, f0, eq, neq, 1, &K, msg, sizeof msg);   /* the pattern, the kept stiffness */
  if (!st) st = sn_fesys_stress_strain(S, u, s0, sip, e, eip);
  if (st) { fprintf(stderr, "%s: %s\n", deck, msg[0] ? msg : sn_strerror(st)); return 1; }
  k0 = malloc(sizeof(double) * (size_t)K->nnz);
  memcpy(k0, K->val, sizeof(double) * (size_t)K->nnz);
  int same = 1;
  double c0 = cpu_seconds();
  for (int r = 0; r < repeat && !st; r++) {
    double t = sn_wtime();
    st = sn_fesys_internal(S, u, 0, f, eq, neq, 1, &K, msg, sizeof msg);
    tk[r] = sn_wtime() - t;
    same = same && !memcmp(f, f0, sizeof(double) * (size_t)ndof) && !memcmp(K->val, k0, sizeof(double) * (size_t)K->nnz);
    t = sn_wtime();
    if (!st) st = sn_fesys_internal(S, u, 0, f, eq, neq, 1, NULL, msg, sizeof msg);
    tf[r] = sn_wtime() - t;
    if (r == 0) memcpy(f1, f, sizeof(double) * (size_t)ndof);   /* (the kept stiffness: to rounding of the loop's) */
    same = same && !memcmp(f, f1, sizeof(double) * (size_t)ndof);
    t = sn_wtime();
    if (!st) st = sn_fesys_stress_strain(S, u, s, sip, e, eip);
    ts[r] = sn_wtime() - t;
    same = same && !memcmp(s, s0, sizeof(double) * 6 * (size_t)nn);
  }
  double cpu = cpu_seconds() - c0;
  if (st) { fprintf(stderr, "%s: %s\n", deck, msg[0] ? msg : sn_strerror(st)); return 1; }
  printf("threads %d%s team %d elements %d dofs %d K %.5f f %.5f S %.5f cpu %.3f%s\n", threads, pass ? " (pass)" : fixed ? " (fixed)" : "", sn_fesys_team(S), m->nelems, neq, median(tk, repeat),
         median(tf, repeat), median(ts, repeat), cpu, same ? "" : " RESULTS DIFFER");
  sn_csc_free(K);
  free(eq); free(u); free(f); free(f0); free(f1); free(s); free(sip); free(e); free(eip); free(s0); free(tk); free(tf); free(ts); free(k0);
  sn_fesys_free(S);
  sn_dofmap_free(T);
  sn_model_free(m);
  return same ? 0 : 1;
}
