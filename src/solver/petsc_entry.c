/* The public functions of signorini/petsc.h: the PETSc module (libsignorini_petsc.so, loaded on
 * first use by io/module_load.c) where the shared library was built with it (SN_HAVE_PETSC),
 * SN_ERR_BACKEND elsewhere (a build without PETSc, the static library). */
#include "signorini/petsc.h"
#include "io/module_load.h"
#include "petsc/petsc_module.h"

#include <stdio.h>
#include <stdlib.h>

/* the public handle: the module's kept set-up (NULL where there is no module) and its counts */
struct sn_petsc_cache {
  void *impl;
  int calls, reused;
};

sn_petsc_cache *sn_petsc_cache_new(void) { return calloc(1, sizeof(sn_petsc_cache)); }

void sn_petsc_cache_counts(const sn_petsc_cache *c, int *calls, int *reused)
{
  if (calls) *calls = c ? c->calls : 0;
  if (reused) *reused = c ? c->reused : 0;
}

#ifdef SN_HAVE_PETSC
int sn_petsc_start(int *rank, int *size, char *msg, size_t msglen)
{
  char buf[1];
  if (!msg || msglen == 0) { msg = buf; msglen = sizeof buf; }
  msg[0] = '\0';
  if (!rank || !size) return SN_ERR_ARG;
  sn_module m;
  int st = sn_module_open(&m, "petsc", "sn_petsc_start_mod", msg, msglen);
  if (st) return st;
  st = ((sn_petsc_start_fn *)m.fn)(rank, size, msg, msglen);
  sn_module_close(&m);
  return st;
}

int sn_petsc_stop(void)
{
  char msg[8];
  sn_module m;
  int st = sn_module_open(&m, "petsc", "sn_petsc_stop_mod", msg, sizeof msg);
  if (st) return st;
  st = ((sn_petsc_stop_fn *)m.fn)();
  sn_module_close(&m);
  return st;
}

int sn_gfc_admm_petsc(const sn_gfc *P, double *r, double *v, const sn_settings *s, sn_info *info,
                      sn_petsc_stats *stats)
{
  return sn_gfc_admm_petsc_nn(P, NULL, r, v, s, info, stats);
}

int sn_gfc_admm_petsc_nn(const sn_gfc *P, const sn_petsc_nearnull *nn, double *r, double *v, const sn_settings *s,
                         sn_info *info, sn_petsc_stats *stats)
{
  return sn_gfc_admm_petsc_cached(P, nn, NULL, r, v, s, info, stats);
}

void sn_petsc_cache_free(sn_petsc_cache *c)
{
  if (!c) return;
  if (c->impl) {
    char msg[8];
    sn_module m;
    if (!sn_module_open(&m, "petsc", "sn_petsc_cache_free_mod", msg, sizeof msg)) {
      ((sn_petsc_cache_free_fn *)m.fn)(c->impl);
      sn_module_close(&m);
    }
  }
  free(c);
}

int sn_gfc_admm_petsc_cached(const sn_gfc *P, const sn_petsc_nearnull *nn, sn_petsc_cache *c, double *r, double *v,
                             const sn_settings *s, sn_info *info, sn_petsc_stats *stats)
{
  return sn_gfc_admm_petsc_split(P, nn, NULL, c, r, v, s, info, stats);
}

int sn_petsc_partition(int nv, const int *xadj, const int *adj, int *part)
{
  char msg[8];
  sn_module m;
  if (nv < 0 || (nv > 0 && (!xadj || !adj || !part))) return SN_ERR_ARG;
  int st = sn_module_open(&m, "petsc", "sn_petsc_partition_mod", msg, sizeof msg);
  if (st) return st;
  st = ((sn_petsc_partition_fn *)m.fn)(nv, xadj, adj, part);
  sn_module_close(&m);
  return st;
}

int sn_petsc_allreduce(double *buf, long n, int op)
{
  char msg[8];
  sn_module m;
  if (n < 0 || (n > 0 && !buf) || (op != SN_PETSC_SUM && op != SN_PETSC_MAX)) return SN_ERR_ARG;
  int st = sn_module_open(&m, "petsc", "sn_petsc_allreduce_mod", msg, sizeof msg);
  if (st) return st;
  st = ((sn_petsc_allreduce_fn *)m.fn)(buf, n, op);
  sn_module_close(&m);
  return st;
}

int sn_gfc_admm_petsc_split(const sn_gfc *P, const sn_petsc_nearnull *nn, const sn_petsc_split *sp, sn_petsc_cache *c,
                            double *r, double *v, const sn_settings *s, sn_info *info, sn_petsc_stats *stats)
{
  char msg[8];
  sn_module m;
  int st = sn_module_open(&m, "petsc", "sn_gfc_admm_petsc_mod", msg, sizeof msg);
  if (st) {
    if (info) info->status = st;
    return st;
  }
  sn_petsc_stats own;
  if (!stats) stats = &own;
  st = ((sn_gfc_admm_petsc_fn *)m.fn)(P, nn, sp, c ? &c->impl : NULL, r, v, s, info, stats);
  sn_module_close(&m);
  if (c) {
    c->calls++;
    c->reused += stats->reused;
  }
  return st;
}
#else
int sn_petsc_start(int *rank, int *size, char *msg, size_t msglen)
{
  if (msg && msglen) snprintf(msg, msglen, "this signorini library has no PETSc module (built without PETSc: "
                              "SIGNORINI_PETSC=OFF, or PETSc, MPI or mpirun missing; or the static library)");
  (void)rank;
  (void)size;
  return SN_ERR_BACKEND;
}

int sn_petsc_stop(void) { return SN_ERR_BACKEND; }

int sn_gfc_admm_petsc(const sn_gfc *P, double *r, double *v, const sn_settings *s, sn_info *info,
                      sn_petsc_stats *stats)
{
  (void)P, (void)r, (void)v, (void)s, (void)stats;
  if (info) info->status = SN_ERR_BACKEND;
  return SN_ERR_BACKEND;
}

int sn_gfc_admm_petsc_nn(const sn_gfc *P, const sn_petsc_nearnull *nn, double *r, double *v, const sn_settings *s,
                         sn_info *info, sn_petsc_stats *stats)
{
  (void)nn;
  return sn_gfc_admm_petsc(P, r, v, s, info, stats);
}

void sn_petsc_cache_free(sn_petsc_cache *c) { free(c); }

int sn_gfc_admm_petsc_cached(const sn_gfc *P, const sn_petsc_nearnull *nn, sn_petsc_cache *c, double *r, double *v,
                             const sn_settings *s, sn_info *info, sn_petsc_stats *stats)
{
  (void)nn, (void)c;
  return sn_gfc_admm_petsc(P, r, v, s, info, stats);
}

int sn_petsc_partition(int nv, const int *xadj, const int *adj, int *part)
{
  (void)nv, (void)xadj, (void)adj, (void)part;
  return SN_ERR_BACKEND;
}

int sn_petsc_allreduce(double *buf, long n, int op)
{
  (void)buf, (void)n, (void)op;
  return SN_ERR_BACKEND;
}

int sn_gfc_admm_petsc_split(const sn_gfc *P, const sn_petsc_nearnull *nn, const sn_petsc_split *sp, sn_petsc_cache *c,
                            double *r, double *v, const sn_settings *s, sn_info *info, sn_petsc_stats *stats)
{
  (void)nn, (void)sp, (void)c;
  return sn_gfc_admm_petsc(P, r, v, s, info, stats);
}
#endif
