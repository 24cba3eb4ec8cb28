/* Thread counts: the machine's physical cores (within the process' affinity mask and its
 * cgroup CPU quota), the strict parsing of a thread count, and the process-wide thread settings
 * of OpenBLAS and of the OpenMP runtime that CHOLMOD brings with it.
 *
 * Debian 12's CHOLMOD (SuiteSparse 5.12) has no thread count in its cholmod_common: its OpenMP
 * loops (supernodal numeric factorization) ask for a fixed num_threads(4), set when it was
 * compiled, whatever OMP_NUM_THREADS says. Only two process-wide levers reach them: the OpenMP
 * runtime's max-active-levels (0: every parallel region runs on its encountering thread alone)
 * and its dynamic adjustment; both are set here through the runtime found in the process
 * (sn_proc_symbol), so that the library does not link an OpenMP runtime of its own. */
#define _GNU_SOURCE
#include "signorini/common.h"
#include "common/blas_kind.h"
#include "common/proc_symbol.h"

#include <dlfcn.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#ifdef SN_HAVE_OPENBLAS_THREADS
/* OpenBLAS' own API (cblas.h of every OpenBLAS variant: pthread, openmp, serial) */
void openblas_set_num_threads(int num_threads);
int openblas_get_num_threads(void);
#endif

/* one integer from a small text file (sysfs); 0 if it cannot be read */
static int read_long(const char *path, long *v)
{
  FILE *f = fopen(path, "r");
  if (!f) return 0;
  int ok = fscanf(f, "%ld", v) == 1;
  fclose(f);
  return ok;
}

/* distinct (package, core) pairs among the CPUs of the mask: the physical cores the process
 * may run on (SMT siblings count once); 0 when the topology cannot be read */
static int cores_in_mask(const cpu_set_t *set)
{
  long key[CPU_SETSIZE];
  int nk = 0;
  for (int c = 0; c < CPU_SETSIZE; c++) {
    if (!CPU_ISSET(c, set)) continue;
    char path[128];
    long pkg, core;
    snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu%d/topology/physical_package_id", c);
    if (!read_long(path, &pkg)) return 0;
    snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu%d/topology/core_id", c);
    if (!read_long(path, &core)) return 0;
    long k = pkg * 1048576L + core;
    int seen = 0;
    for (int i = 0; i < nk && !seen; i++) seen = key[i] == k;
    if (!seen) key[nk++] = k;
  }
  return nk;
}

/* the cgroup v2 CPU quota ("QUOTA PERIOD" in cpu.max; "max": none) rounded up; 0 when none */
static int cgroup_cpus(void)
{
  FILE *f = fopen("/sys/fs/cgroup/cpu.max", "r");
  if (!f) return 0;
  char q[32];
  long period = 0;
  int n = fscanf(f, "%31s %ld", q, &period);
  fclose(f);
  if (n != 2 || period <= 0 || !strcmp(q, "max")) return 0;
  long quota = 0;
  if (sscanf(q, "%ld", &quota) != 1 || quota <= 0) return 0;
  return (int)((quota + period - 1) / period);
}

int sn_threads_physical(void)
{
  int n = 0;
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) == 0) {
    n = cores_in_mask(&set);
    if (n <= 0) n = CPU_COUNT(&set);   /* no topology: the CPUs of the mask */
  }
  if (n <= 0) {
    long on = sysconf(_SC_NPROCESSORS_ONLN);
    n = on > 0 ? (int)(on < SN_THREADS_MAX ? on : SN_THREADS_MAX) : 1;
  }
  int q = cgroup_cpus();
  if (q > 0 && q < n) n = q;
  return n < 1 ? 1 : (n > SN_THREADS_MAX ? SN_THREADS_MAX : n);
}

int sn_threads_parse(const char *text, int *n)
{
  if (!text || !n) return SN_ERR_ARG;
  long v = 0;
  const char *p = text;
  if (!*p) return SN_ERR_FORMAT;
  for (; *p; p++) {
    if (*p < '0' || *p > '9') return SN_ERR_FORMAT;
    v = 10 * v + (*p - '0');
    if (v > SN_THREADS_MAX) return SN_ERR_FORMAT;
  }
  if (v < 1) return SN_ERR_FORMAT;
  *n = (int)v;
  return SN_OK;
}

/* a function of a library loaded in the process (the OpenMP runtime CHOLMOD brought, OpenBLAS),
 * or NULL when none has it */
typedef void (*int_fn)(int);
typedef int (*get_fn)(void);
static void *loaded(const char *name) { return sn_proc_symbol(name); }

/* the same function as the OpenBLAS of a dlopen handle sees it (handle), or of the process
 * (NULL) */
static void *blas_fn(void *handle, const char *name) { return handle ? dlsym(handle, name) : loaded(name); }

/* openblas_get_parallel() of that OpenBLAS: 0 serial, 1 its pthread variant, 2 built on OpenMP
 * (Debian's libopenblas0-openmp, whose parallel regions must stay active); -1 when none */
static int parallel_of(void *handle)
{
  void *p = blas_fn(handle, "openblas_get_parallel");
  get_fn f = NULL;
  if (p) memcpy(&f, &p, sizeof f);
  return f ? f() : -1;
}

int sn_blas_parallel(void) { return parallel_of(NULL); }

/* OpenBLAS' pthread variant (openblas_get_parallel 1) starts its worker threads when it is
 * loaded, before anyone can set a count, and each spins on sched_yield for about 2^28 cycles
 * (0.1 s) before it sleeps: on one thread they would take a second core for nothing at every
 * start, and on two they took one of the two cores while the first element loops ran (the
 * bench Hertz deck's assembly 3 times slower than on one thread). blas_thread_shutdown_
 * (exported by every OpenBLAS for its fork handlers) ends them, whatever the count; a count
 * above 1 has OpenBLAS start them again at its next parallel call. */
static void blas_workers_end(void *handle)
{
  void *q = blas_fn(handle, "blas_thread_shutdown_");
  get_fn shut = NULL;
  if (q) memcpy(&shut, &q, sizeof shut);
  if (shut && parallel_of(handle) == 1) shut();
}

/* A module loaded with dlopen may bring an OpenBLAS of its own: the command-line program links
 * OpenBLAS into itself and exports none of its functions, and PETSc loads the shared one beside
 * it. That one gets the process' count and its workers ended, as the process' own. Elsewhere the
 * handle finds the process' OpenBLAS again (the same function), or none: nothing to do. */
void sn_blas_follow(void *handle)
{
  void *its = handle ? dlsym(handle, "openblas_get_parallel") : NULL;
  if (!its || its == loaded("openblas_get_parallel")) return;
  void *ps = dlsym(handle, "openblas_set_num_threads");
  int n = sn_blas_threads();
  int_fn set = NULL;
  if (ps) memcpy(&set, &ps, sizeof set);
  if (set && n > 0) set(n);
  blas_workers_end(handle);
}

int sn_set_openblas_threads(int n)
{
  if (n < 1 || n > SN_THREADS_MAX) return SN_ERR_ARG;
#ifdef SN_HAVE_OPENBLAS_THREADS
  openblas_set_num_threads(n);
#endif
  blas_workers_end(NULL);
  return SN_OK;
}

int sn_set_blas_threads(int n)
{
  int st = sn_set_openblas_threads(n);   /* OpenBLAS' count, its idle workers ended */
  if (st) return st;
  void *p;
  int_fn levels = NULL, nthreads = NULL, dynamic = NULL;
  if ((p = loaded("omp_set_max_active_levels"))) memcpy(&levels, &p, sizeof levels);
  if ((p = loaded("omp_set_num_threads"))) memcpy(&nthreads, &p, sizeof nthreads);
  if ((p = loaded("omp_set_dynamic"))) memcpy(&dynamic, &p, sizeof dynamic);
  if (nthreads) nthreads(n);
  int own = 0;   /* OpenMP regions besides CHOLMOD's that N threads must be able to run */
#ifdef SN_HAVE_OPENMP
  own = 1;       /* the library's coloured NSGS */
#endif
  if (n > 1 && (own || sn_blas_parallel() == 2)) {
    /* one active level. CHOLMOD's fixed 4-thread loops are handled around the factorization
     * alone (sn_chol_numeric: kept on the calling thread with OpenBLAS' pthread variant, bounded
     * by the runtime's dynamic adjustment otherwise); the library's own regions run on the count
     * they ask for, which a dynamic adjustment left on would cut to 1 on a busy machine */
    if (levels) levels(1);
    if (dynamic) dynamic(!own);
  } else {
    /* CHOLMOD's OpenMP loops (memory-bound scatters and clears of the supernodal factorization)
     * run on the calling thread: CHOLMOD's threads (1) times OpenBLAS' (n) never exceed n */
    if (levels) levels(0);
    if (dynamic) dynamic(0);
  }
  return SN_OK;
}

const char *sn_blas_config(void)
{
  typedef char *(*str_fn)(void);
  void *p = loaded("openblas_get_config");
  str_fn f = NULL;
  if (p) memcpy(&f, &p, sizeof f);
  return f ? f() : NULL;
}

int sn_blas_threads(void)
{
#ifdef SN_HAVE_OPENBLAS_THREADS
  return openblas_get_num_threads();
#else
  return 0;
#endif
}
