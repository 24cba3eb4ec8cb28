/* The OpenBLAS and OpenMP functions of the process (common/proc_symbol.h).
 *
 * A library that calls openblas_get_parallel or omp_set_dynamic by name would fail to load
 * beside a BLAS or an OpenMP runtime that lacks them, so the library asks the dynamic loader
 * (dlsym, RTLD_DEFAULT). The command-line program links OpenBLAS, CHOLMOD and libgomp from
 * their static archives (4.5 ms to start instead of 11: README, "Start-up time") and exports
 * none of their symbols, so that a shared OpenBLAS loaded later beside it (by PETSc) keeps its
 * own; there the functions are named directly. This file is compiled once per kind. */
#define _GNU_SOURCE
#include "common/proc_symbol.h"

#include <dlfcn.h>
#include <string.h>

#ifdef SN_BLAS_LINKED
/* OpenBLAS (pthread variant) and GCC's libgomp, both linked in */
int openblas_get_parallel(void);
char *openblas_get_config(void);
int blas_thread_shutdown_(void) __attribute__((weak));   /* not in the serial OpenBLAS */
void omp_set_max_active_levels(int);
void omp_set_num_threads(int);
void omp_set_dynamic(int);

typedef void (*any_fn)(void);
static any_fn linked(const char *name)
{
  static const struct { const char *name; any_fn fn; } table[] = {
    {"openblas_get_parallel", (any_fn)openblas_get_parallel},
    {"openblas_get_config", (any_fn)openblas_get_config},
    {"blas_thread_shutdown_", (any_fn)blas_thread_shutdown_},
    {"omp_set_max_active_levels", (any_fn)omp_set_max_active_levels},
    {"omp_set_num_threads", (any_fn)omp_set_num_threads},
    {"omp_set_dynamic", (any_fn)omp_set_dynamic},
  };
  for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
    if (!strcmp(name, table[i].name)) return table[i].fn;
  return NULL;
}
#endif

void *sn_proc_symbol(const char *name)
{
#ifdef SN_BLAS_LINKED
  any_fn f = linked(name);   /* NULL for a weak function the archive lacked */
  void *p = NULL;
  memcpy(&p, &f, sizeof p);   /* POSIX: function and object pointers have one representation */
  return p;
#else
  return dlsym(RTLD_DEFAULT, name);
#endif
}
