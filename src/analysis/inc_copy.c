/* An increment's arrays in one block of its own (analysis/inc_copy.h). */
#include "analysis/inc_copy.h"

#include <stdlib.h>
#include <string.h>

static size_t round8(size_t n) { return (n + 7) & ~(size_t)7; }

/* the arrays of the copy: applied once to add up the sizes, once to copy (X(field, bytes)) */
#define INC_ARRAYS(X)                                            \
  X(u, sizeof(double) * nd)                                      \
  X(rf, sizeof(double) * nd)                                     \
  X(fext, sizeof(double) * nd)                                   \
  X(v, sizeof(double) * nd)                                      \
  X(constrained, nd)                                             \
  X(s_node, sizeof(double) * 6 * nn)                             \
  X(e_node, sizeof(double) * 6 * nn)                             \
  X(temp, sizeof(double) * nn)                                   \
  X(contact, sizeof(sn_contact_point) * nc)                      \
  X(contact_r, sizeof(double) * (size_t)dim * nc)                \
  X(contact_u, sizeof(double) * (size_t)dim * nc)                \
  X(contact_cdis, sizeof(double) * (size_t)dim * nc)             \
  X(residuals, sizeof(double) * nr)

int sn_inc_copy_make(sn_inc_copy *c, const sn_increment *inc, int ndof, int nnodes, int dim)
{
  if (!c || !inc || ndof < 0 || nnodes < 0 || dim < 1) return SN_ERR_ARG;
  memset(c, 0, sizeof *c);
  size_t nd = (size_t)ndof, nn = (size_t)nnodes, nc = (size_t)(inc->ncontact > 0 ? inc->ncontact : 0);
  size_t nr = (size_t)(inc->nresiduals > 0 ? inc->nresiduals : 0), total = 8;
#define SIZE(f, bytes) if (inc->f) total += round8(bytes);
  INC_ARRAYS(SIZE)
#undef SIZE
  unsigned char *at = malloc(total);
  if (!at) return SN_ERR_NOMEM;
  c->block = at;
  c->inc = *inc;
  sn_increment *o = &c->inc;
#define COPY(f, bytes)                       \
  if (inc->f) {                              \
    size_t nb_ = (bytes);                    \
    if (nb_ > 0) memcpy(at, inc->f, nb_);    \
    o->f = (const void *)at;                 \
    at += round8(nb_);                       \
  }
  INC_ARRAYS(COPY)
#undef COPY
  o->s_ip = NULL;
  o->e_ip = NULL;
  return SN_OK;
}

void sn_inc_copy_free(sn_inc_copy *c)
{
  if (!c) return;
  free(c->block);
  memset(c, 0, sizeof *c);
}
