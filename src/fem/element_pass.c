/* The deterministic parallel element pass (element_pass.h): per chunk, phase 1 computes the
 * elements into their slots in parallel, phase 2 adds them by ownership in element order.
 * The outputs are cut into SPLIT parts per thread, which the threads take in turn (a dynamic
 * schedule in both phases): a thread that the system holds back (a busy machine) delays its
 * current element or part only, not a fixed share of the work. */
#include "fem/element_pass.h"

#include <stdlib.h>

#ifdef SN_HAVE_OPENMP
#include <omp.h>
#endif

enum { CHUNK_ELEMS = 4096,   /* most elements of a chunk */
       SPLIT = 4 };          /* parts of the outputs per thread (one thread: one part) */

void sn_elpass_share(const int *ptr, int n, int p, int nparts, int *lo, int *hi)
{
  long long total = ptr[n];
  for (int k = 0; k < 2; k++) {
    int q = p + k, c;
    if (q <= 0) c = 0;
    else if (q >= nparts) c = n;
    else {   /* the first c with ptr[c] >= total q / nparts */
      long long t = total * q / nparts;
      int a = 0, b = n;
      while (a < b) { int mid = a + (b - a) / 2; if (ptr[mid] < t) a = mid + 1; else b = mid; }
      c = a;
    }
    if (k == 0) *lo = c; else *hi = c;
  }
}

/* the end of the chunk that starts at c0: as many elements as fit in `budget` doubles (one at
 * least), at most CHUNK_ELEMS */
static int chunk_end(const size_t *off, int ne, int c0, size_t budget)
{
  int c1 = c0 + 1;
  while (c1 < ne && c1 - c0 < CHUNK_ELEMS && off[c1 + 1] - off[c0] <= budget) c1++;
  return c1;
}

typedef struct {
  const sn_elpass *P;
  const size_t *off;
  double *v;
  int *iv, *st;
  void **state;              /* per part */
  int nparts;
  int *fail, *fst;           /* per part: the first element whose add failed (ne: none), status */
} pass_run;

/* the chunk [c0, c1) by the calling thread of the team: its share of phase 1, then of the parts
 * of phase 2; returns the first element that failed in phase 1 (c1: none) */
static int run_chunk(const pass_run *R, int c0, int c1)
{
  const sn_elpass *P = R->P;
  const size_t *off = R->off;
#ifdef SN_HAVE_OPENMP
#pragma omp for schedule(dynamic, 8)
#endif
  for (int e = c0; e < c1; e++)
    R->st[e - c0] = off[e + 1] > off[e] ? P->compute(P->ctx, e, R->v + (off[e] - off[c0]), R->iv + (size_t)P->nint * (size_t)(e - c0)) : 0;
  /* (the loop's barrier: every slot of the chunk is there) */
  int ef = c1;
  for (int e = c0; e < c1 && ef == c1; e++)
    if (R->st[e - c0]) ef = e;
#ifdef SN_HAVE_OPENMP
#pragma omp for schedule(dynamic, 1)
#endif
  for (int p = 0; p < R->nparts; p++) {
    R->fail[p] = P->ne;
    for (int e = c0; e < ef; e++) {
      if (off[e + 1] == off[e]) continue;
      int s = P->add(P->ctx, R->state[p], e, R->v + (off[e] - off[c0]), R->iv + (size_t)P->nint * (size_t)(e - c0));
      if (s) { R->fail[p] = e; R->fst[p] = s; break; }
    }
  }
  /* (the loop's barrier: the chunk is added, its slots free) */
  return ef;
}

/* the parts' states (serially, before the pass); SN_OK or the first failure */
static int begin_parts(const sn_elpass *P, void **state, int nparts)
{
  int st = SN_OK;
  for (int p = 0; p < nparts; p++) {
    state[p] = NULL;
    if (!st && P->part_begin) st = P->part_begin(P->ctx, p, nparts, &state[p]);
  }
  return st;
}

int sn_elpass_run(const sn_elpass *P, int threads, int *efail, int *phase, int *team)
{
  int ne = P->ne;
  *efail = -1;
  *phase = 0;
  *team = 1;
  if (threads < 1) threads = 1;
#ifndef SN_HAVE_OPENMP
  threads = 1;
#endif
  int nparts = threads > 1 ? SPLIT * threads : 1;   /* (a smaller team takes them all the same) */
  size_t budget = P->chunk ? P->chunk : SN_ELPASS_CHUNK, big = 0;
  pass_run R = {P, NULL, NULL, NULL, NULL, NULL, nparts, NULL, NULL};
  size_t *off = malloc(sizeof(size_t) * ((size_t)ne + 1));
  R.state = calloc((size_t)nparts, sizeof(void *));
  R.fail = malloc(sizeof(int) * (size_t)nparts);
  R.fst = malloc(sizeof(int) * (size_t)nparts);
  R.iv = malloc(sizeof(int) * ((size_t)P->nint * CHUNK_ELEMS + 1));
  R.st = malloc(sizeof(int) * CHUNK_ELEMS);
  int status = off && R.state && R.fail && R.fst && R.iv && R.st ? SN_OK : SN_ERR_NOMEM;
  if (!status) {
    off[0] = 0;
    for (int e = 0; e < ne; e++) {
      size_t s = P->size(P->ctx, e);
      if (s > big) big = s;
      off[e + 1] = off[e] + s;
    }
    R.off = off;
    if (!(R.v = malloc(sizeof(double) * ((budget > big ? budget : big) + 1)))) status = SN_ERR_NOMEM;
  }
  if (!status) status = begin_parts(P, R.state, nparts);
  if (!status) {
    int ef = ne, ph = 0, fs = 0, nt_run = 1;
#ifdef SN_HAVE_OPENMP
#pragma omp parallel num_threads(threads) if (threads > 1)
#endif
    {
#ifdef SN_HAVE_OPENMP
#pragma omp single nowait
      nt_run = omp_get_num_threads();
#endif
      for (int c0 = 0, c1; c0 < ne; c0 = c1) {
        c1 = chunk_end(off, ne, c0, budget);
        int e1 = run_chunk(&R, c0, c1);
        /* the first failure, the same on every thread (a phase 2 failure comes before the
         * phase 1 one: phase 2 adds only the elements before it) */
        int e2 = ne, s2 = 0;
        for (int p = 0; p < nparts; p++)
          if (R.fail[p] < e2) { e2 = R.fail[p]; s2 = R.fst[p]; }
        if (e2 < ne || e1 < c1) {
#ifdef SN_HAVE_OPENMP
#pragma omp single
#endif
          {
            ef = e2 < ne ? e2 : e1;
            ph = e2 < ne ? 2 : 1;
            fs = e2 < ne ? s2 : R.st[e1 - c0];
          }
          break;
        }
        /* (no barrier: the next chunk's phase 1 writes the slots, which every thread has left
         * at phase 2's barrier, and not fail, which its own phase 2 writes after a barrier) */
      }
    }
    *team = nt_run;
    if (ef < ne) { *efail = ef; *phase = ph; status = fs; }
  }
  if (R.state && P->part_end)
    for (int p = 0; p < nparts; p++) P->part_end(P->ctx, R.state[p]);
  free(off); free(R.state); free(R.fail); free(R.fst); free(R.iv); free(R.st); free(R.v);
  return status;
}
