/* A pass over a model's elements on threads whose sums do not depend on the thread count, bit
 * for bit (src/fem/element_pass.c). The elements go in chunks. Phase 1: every element of the
 * chunk is computed into its own slot, by any thread, in any order (no shared write). Phase 2:
 * the outputs are cut into parts (a range of K's columns, of f_int's dofs, of the nodes), each
 * taken by one thread, which scans the chunk's slots in element order and adds the terms that
 * fall in its part. Every output entry thus receives its terms in the order of the serial
 * element loop, on one thread: the same sums, the same bits, for any number of threads, parts
 * and chunks. Internal to the library; sn_fesys's passes use it (fe_system.c). */
#ifndef SN_FEM_ELEMENT_PASS_H
#define SN_FEM_ELEMENT_PASS_H

#include "signorini/analysis.h"

#include <stddef.h>

typedef struct {
  void *ctx;
  int ne;                  /* elements 0 .. ne - 1 */
  int nint;                /* ints of each element's slot */
  size_t chunk;            /* doubles of a chunk's slots (0: SN_ELPASS_CHUNK) */
  /* doubles of element e's slot; 0: the element takes no part */
  size_t (*size)(void *ctx, int e);
  /* phase 1: element e into its slot (v: size(e) doubles, iv: nint ints); SN_OK or a status,
   * which stops the pass at e after the elements before it are added */
  int (*compute)(void *ctx, int e, double *v, int *iv);
  /* part `part` of `nparts`: its state (its ranges of the outputs, its scratch), made before
   * the pass, serially (NULL: none); SN_OK or a status (the pass does nothing then) */
  int (*part_begin)(void *ctx, int part, int nparts, void **state);
  void (*part_end)(void *ctx, void *state);
  /* phase 2: part `state`'s share of element e (one thread at a time on a part); SN_OK, or a
   * status that stops the pass at e (it must be the same element on every part) */
  int (*add)(void *ctx, void *state, int e, const double *v, const int *iv);
} sn_elpass;

#define SN_ELPASS_CHUNK ((size_t)1 << 17)   /* 1 MiB of slots: within a core's L2 cache */

/* Runs the pass on `threads` threads (one without OpenMP). SN_OK; or the status of the first
 * element, in element order, that failed (*efail: that element, *phase: 1 or 2; every element
 * before it added, none after); or SN_ERR_NOMEM (*efail = -1). *team: the threads that ran. */
int sn_elpass_run(const sn_elpass *P, int threads, int *efail, int *phase, int *team);

/* The share of part p of nparts in [0, n) balanced by the counts ptr[0..n] (ptr[n] in all,
 * a CSC's colptr): [*lo, *hi). */
void sn_elpass_share(const int *ptr, int n, int p, int nparts, int *lo, int *hi);

/* ---- sn_fesys's thread settings (fe_system.c) beyond sn_fesys_set_threads ----
 * The smallest element count for which sn_fesys_internal and the stresses and strains take the
 * parallel pass (default SN_FESYS_PAR_MIN; 0: always, even on one thread), and the chunk size
 * of its slots (doubles; 0: the default). The results are the same bits either way: the tests
 * force the parallel pass on small models with small chunks. */
#define SN_FESYS_PAR_MIN 512
void sn_fesys_set_parallel(sn_fesys *S, int min_elements, size_t chunk);
/* threads of the last parallel pass of S (0: none ran yet) */
int sn_fesys_team(const sn_fesys *S);
/* sn_fesys_stress_strain on threads or one chosen by the clock (common/par_tune.h; the static
 * analysis' stresses of each increment): the same bits either way. The const stress and strain
 * calls run on the count it chose last (not timed: they change nothing in S). */
int sn_fesys_stress_strain_timed(sn_fesys *S, const double *u, double *Snode, double *Sip, double *Enode, double *Eip);

#endif
