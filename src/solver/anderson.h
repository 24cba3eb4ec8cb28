/* Internal: type-II Anderson acceleration (Walker & Ni 2011) of a fixed-point iteration. */
#ifndef SN_SOLVER_ANDERSON_H
#define SN_SOLVER_ANDERSON_H

#include "signorini/common.h"

typedef struct {
  int dim, mem, k, head;  /* state size, memory, stored pairs, next slot */
  double *dY, *dG;        /* dim x mem: differences of states and of residuals */
  double *y0, *g0;        /* the previous state and residual */
  double *A, *c;          /* mem x mem normal matrix, mem right-hand side / solution */
  int prev;               /* y0, g0 hold a pair */
} sn_anderson;

/* memory mem (0: off, every step plain); SN_OK or SN_ERR_NOMEM (sn_aa_free frees either way) */
int sn_aa_init(sn_anderson *W, int dim, int mem);
void sn_aa_free(sn_anderson *W);
/* forget the stored pairs (after a change of the map, e.g. of a penalty) */
void sn_aa_reset(sn_anderson *W);
/* record the pair (y, g = G(y) - y) */
void sn_aa_push(sn_anderson *W, const double *y, const double *g);
/* out = y + g - (dY + dG) gamma, gamma the least-squares coefficients; 0 when no extrapolation
 * is possible (out then undefined) */
int sn_aa_step(sn_anderson *W, const double *y, const double *g, double *out);
/* The same where the state is distributed (each process holds a slice of y and g, the pairs of
 * its slice: src/petsc/gfc_admm_mpi.c): reduce(buf, n, ctx) sums the n partial inner products
 * in buf over the processes (in place) before the small system is solved, so that every
 * process gets the same coefficients. reduce NULL: sn_aa_step. */
int sn_aa_step_reduced(sn_anderson *W, const double *y, const double *g, double *out,
                       void (*reduce)(double *buf, int n, void *ctx), void *ctx);

#endif
