/* Internal helpers of the one-dof algorithms. */
#ifndef SN_ONEDOF_INTERNAL_H
#define SN_ONEDOF_INTERNAL_H
#include "signorini/onedof.h"

int sn_1dof_check(const sn_1dof *P);

/* Fill the result of an augmented-Lagrangian solve ending at total displacement x with
 * multiplier l (force printed as by the seed: F - f_s(x)), and the info of a solve that
 * started at t0 and made k outer iterations with status st. Returns st. */
int sn_1dof_al_finish(const sn_1dof *P, double x, double l, int st, int k, double t0,
                      sn_1dof_result *res, sn_info *info);

/* append one row to a trace (NULL trace: nothing) */
static inline void sn_trace_add(sn_1dof_trace *tr, int type, int step, int iter, int inner,
                                double a, double b, double c)
{
  if (!tr) return;
  if (tr->row && tr->n < tr->cap) {
    sn_1dof_row *r = &tr->row[tr->n];
    r->type = type; r->step = step; r->iter = iter; r->inner = inner;
    r->v[0] = a; r->v[1] = b; r->v[2] = c;
  }
  tr->n++;
}
#endif
