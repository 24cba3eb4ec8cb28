/* Internal: the entry points of the PETSc module, libsignorini_petsc.so (src/petsc/), each the
 * implementation of the public function of include/signorini/petsc.h of the same name without
 * the suffix. The shared library reaches them through sn_module_open (src/solver/petsc_entry.c). */
#ifndef SN_PETSC_MODULE_H
#define SN_PETSC_MODULE_H

#include "signorini/petsc.h"
#include "signorini/solver.h"

typedef int sn_petsc_start_fn(int *rank, int *size, char *msg, size_t msglen);
typedef int sn_petsc_stop_fn(void);
/* cache: NULL, or the address of the caller's kept set-up (*cache NULL at first: made by the
 * call), freed by sn_petsc_cache_free_mod */
typedef int sn_gfc_admm_petsc_fn(const sn_gfc *P, const sn_petsc_nearnull *nn, const sn_petsc_split *sp, void **cache,
                                 double *r, double *v, const sn_settings *s, sn_info *info, sn_petsc_stats *stats);
typedef int sn_petsc_partition_fn(int nv, const int *xadj, const int *adj, int *part);
typedef int sn_petsc_allreduce_fn(double *buf, long n, int op);
typedef void sn_petsc_cache_free_fn(void *cache);
sn_petsc_start_fn sn_petsc_start_mod;
sn_petsc_stop_fn sn_petsc_stop_mod;
sn_gfc_admm_petsc_fn sn_gfc_admm_petsc_mod;
sn_petsc_cache_free_fn sn_petsc_cache_free_mod;
sn_petsc_partition_fn sn_petsc_partition_mod;
sn_petsc_allreduce_fn sn_petsc_allreduce_mod;

#endif
