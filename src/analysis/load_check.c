/* A step's *CLOAD record checked against the model (load_check.h). */
#include "analysis/load_check.h"

#include <stdio.h>

/* dof d reaches the equations: an element moves it, it is prescribed, or (with *EQUATION
 * constraints) it is moved through T by a q that an element moves or that is prescribed */
static int dof_held(const unsigned char *act, const unsigned char *cons, const sn_dofmap *T,
                    const unsigned char *qact, int d)
{
  if (act[d] || cons[d]) return 1;
  if (!T) return 0;
  for (int p = T->ptr[d]; p < T->ptr[d + 1]; p++)
    if (qact[T->col[p]] || cons[T->col[p]]) return 1;
  return 0;
}

int sn_cload_check(const sn_model *m, const sn_cload *cl, int ndf, const unsigned char *act,
                   const unsigned char *cons, const sn_dofmap *T, const unsigned char *qact, char *msg,
                   size_t msglen)
{
  if (cl->dof < 1 || cl->dof > ndf) {
    if (msg) snprintf(msg, msglen, "line %d: *CLOAD on degree of freedom %d of a model with %d", cl->line, cl->dof, ndf);
    return SN_ERR_FORMAT;
  }
  if (cl->value != 0.0 && !dof_held(act, cons, T, qact, ndf * cl->node + cl->dof - 1)) {
    if (msg)
      snprintf(msg, msglen, "line %d: *CLOAD on degree of freedom %d of node %d, which no element, constraint or "
               "boundary condition holds: the load would act on nothing", cl->line, cl->dof, m->node_id[cl->node]);
    return SN_ERR_FORMAT;
  }
  return SN_OK;
}
