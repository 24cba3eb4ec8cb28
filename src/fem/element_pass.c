/* The deterministic parallel element pass (element_pass.h): per chunk, phase 1 computes the
 * elements into their slots in parallel, phase 2 adds them by ownership in element order. */
#include "fem/element_pass.h"

#include <stdlib.h>

#ifdef SN_HAVE_OPENMP
#include <omp.h>
#endif

enum { CHUNK_ELEMS = 4096 };   /* most elements of a chunk */

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

/* one chunk on part `tid` of the team: its phase 1 share, the phase 2 of its outputs; the
 * first failing element of each phase in fail[2 tid], fail[2 tid + 1] (ne: none) and their
 * statuses in fst */
static void run_chunk(const sn_elpass *P, void *state, int c0, int c1, const size_t *off, double *v, int *iv,
                      int *st, int tid, int *fail, int *fst)
{
  int ne = P->ne;
#ifdef SN_HAVE_OPENMP
#pragma omp for schedule(dynamic, 8)
#endif
  for (int e = c0; e < c1; e++)
    st[e - c0] = off[e + 1] > off[e] ? P->compute(P->ctx, e, v + (off[e] - off[c0]), iv + (size_t)P->nint * (size_t)(e - c0)) : 0;
  /* (the loop's barrier: every slot of the chunk is there) */
  int ef = c1;
  for (int e = c0; e < c1 && ef == c1; e++)
    if (st[e - c0]) ef = e;
  fail[2 * tid] = ef < c1 ? ef : ne;
  fst[2 * tid] = ef < c1 ? st[ef - c0] : 0;
  fail[2 * tid + 1] = ne;
  for (int e = c0; e < ef; e++) {
    if (off[e + 1] == off[e]) continue;
    int s = P->add(P->ctx, state, e, v + (off[e] - off[c0]), iv + (size_t)P->nint * (size_t)(e - c0));
    if (s) { fail[2 * tid + 1] = e; fst[2 * tid + 1] = s; break; }
  }
}

int sn_elpass_run(const sn_elpass *P, int threads, int *efail, int *phase, int *team)
{
  int ne = P->ne;
  *efail = -1;
  *phase = 0;
  *team = 1;
  if (threads < 1) threads = 1;
#ifdef SN_HAVE_OPENMP
  int tmax = threads;
#else
  int tmax = 1;
#endif
  size_t budget = P->chunk ? P->chunk : SN_ELPASS_CHUNK, big = 0;
  size_t *off = malloc(sizeof(size_t) * ((size_t)ne + 1));
  int *fail = malloc(sizeof(int) * 2 * (size_t)tmax), *fst = malloc(sizeof(int) * 2 * (size_t)tmax);
  if (!off || !fail || !fst) { free(off); free(fail); free(fst); return SN_ERR_NOMEM; }
  off[0] = 0;
  for (int e = 0; e < ne; e++) {
    size_t s = P->size(P->ctx, e);
    if (s > big) big = s;
    off[e + 1] = off[e] + s;
  }
  double *v = malloc(sizeof(double) * ((budget > big ? budget : big) + 1));
  int *iv = malloc(sizeof(int) * ((size_t)P->nint * CHUNK_ELEMS + 1)), *st = malloc(sizeof(int) * CHUNK_ELEMS);
  if (!v || !iv || !st) { free(off); free(fail); free(fst); free(v); free(iv); free(st); return SN_ERR_NOMEM; }
  int status = SN_OK, bad = 0, nt_run = 1;
#ifdef SN_HAVE_OPENMP
#pragma omp parallel num_threads(threads) if (threads > 1)
#endif
  {
    int tid = 0, nt = 1;
#ifdef SN_HAVE_OPENMP
    tid = omp_get_thread_num();
    nt = omp_get_num_threads();
#endif
    void *state = NULL;
    int s = P->part_begin ? P->part_begin(P->ctx, tid, nt, &state) : SN_OK;
    if (s) {
#ifdef SN_HAVE_OPENMP
#pragma omp critical(sn_elpass)
#endif
      bad = s;
    }
    if (tid == 0) nt_run = nt;
#ifdef SN_HAVE_OPENMP
#pragma omp barrier
#endif
    for (int c0 = 0, c1; c0 < ne && !bad; c0 = c1) {   /* bad: read after a barrier, the same on every thread */
      c1 = chunk_end(off, ne, c0, budget);
      run_chunk(P, state, c0, c1, off, v, iv, st, tid, fail, fst);
#ifdef SN_HAVE_OPENMP
#pragma omp barrier
#endif
      /* the first failure over the parts, the same on each (a phase 2 failure comes before the
       * phase 1 one: phase 2 adds only the elements before it) */
      int ef = ne, ph = 0, fs = 0;
      for (int t = 0; t < nt; t++)
        for (int k = 0; k < 2; k++)
          if (fail[2 * t + k] < ef) { ef = fail[2 * t + k]; ph = k + 1; fs = fst[2 * t + k]; }
#ifdef SN_HAVE_OPENMP
#pragma omp barrier
#endif
      if (ef < ne) {
        if (tid == 0) { *efail = ef; *phase = ph; status = fs; }
        break;
      }
    }
    if (P->part_end) P->part_end(P->ctx, state);
  }
  if (bad) status = bad;
  *team = nt_run;
  free(off); free(fail); free(fst); free(v); free(iv); free(st);
  return status;
}
