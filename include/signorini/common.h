/* signorini: status codes and the solver convention shared by every algorithm.
 *
 * Every fallible function returns an int status: 0 (SN_OK) on success, a negative
 * SN_ERR_* code on error, or a positive SN_* code when an iterative method stopped
 * without meeting its tolerance (the result is then the last iterate).
 * The library never prints and never exits; sn_strerror() gives the message. */
#ifndef SIGNORINI_COMMON_H
#define SIGNORINI_COMMON_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

enum {
  SN_OK = 0,
  /* positive: iterative method stopped before reaching the tolerance */
  SN_MAX_ITER = 1,          /* iteration cap reached */
  SN_TIME_LIMIT = 2,        /* time limit reached */
  SN_STALLED = 3,           /* no further progress possible (e.g. line search failed) */
  SN_RAY = 4,               /* pivoting ended on a secondary ray: no solution found */
  SN_DIVERGED = 5,          /* the iterates grew without bound or penetrate: no solution found,
                               the problem may be infeasible (see sn_fc_measures) */
  /* negative: errors */
  SN_ERR_NOMEM = -1,        /* out of memory */
  SN_ERR_ARG = -2,          /* invalid argument (NULL pointer, negative size, ...) */
  SN_ERR_DIM = -3,          /* dimensions do not agree */
  SN_ERR_NOT_SPD = -4,      /* matrix not symmetric positive definite */
  SN_ERR_SINGULAR = -5,     /* matrix singular */
  SN_ERR_NAN = -6,          /* NaN or Inf in data or iterates */
  SN_ERR_BACKEND = -7,      /* failure reported by BLAS/LAPACK/SuiteSparse/HDF5 */
  SN_ERR_UNKNOWN = -8,      /* unknown name (solver, method, option) */
  SN_ERR_IO = -9,           /* file cannot be read or written */
  SN_ERR_FORMAT = -10       /* malformed input data */
};

/* Message for a status code; never NULL, static storage. */
const char *sn_strerror(int status);

/* Library version "MAJOR.MINOR.PATCH", and a one-line description of the backends
 * it was built with (BLAS, SuiteSparse, HDF5 versions). Static storage. */
const char *sn_version(void);
const char *sn_backends(void);

/* ---- the solver convention (after OSQP): defaults -> settings -> solve -> info ---- */

/* Progress callback: called once per iteration with the current error measure.
 * Returning non-zero asks the solver to stop (status SN_STALLED). */
typedef int (*sn_progress)(int iter, double error, void *user);

typedef struct {
  double tol;            /* stop when the method's error measure is <= tol (default 1e-8) */
  int max_iter;          /* cap on OUTER iterations (default 1000), the same for every solver:
                            a sweep (NSGS, PGS), a gradient step (APGD), a Newton step (NSN,
                            SOCMLCP, SOCLCP smoothing, interior point), a pivot (Lemke, poly);
                            each solver's comment in solver.h says what it counts; "auto"
                            counts Newton steps over all its attempts, an apgd, ccp or rest
                            step 1 / SN_AUTO_CHEAP_STEPS of one (solver.h) */
  double time_limit;     /* seconds for the whole solve (also for "auto" over all its
                            attempts); <= 0 means none (default 0). Checked between
                            iterations: an iteration under way is finished, so a solver whose
                            one iteration is a sparse factorization (the Newton methods on a
                            crowded W) can overrun it by that factorization's time */
  sn_progress progress;  /* optional, may be NULL */
  void *user;            /* passed to progress */
  const char *options;   /* solver-specific "key=value,key=value", may be NULL */
  int threads;           /* threads of the solver's own parallel loops (OpenMP; docs/threads.md):
                            0 or 1 one thread (default 1). The result does not depend on it: a
                            solver whose order of work would change with it (NSGS) is
                            parallel only in an order chosen by its options */
} sn_settings;

typedef struct {
  int status;            /* SN_OK, SN_MAX_ITER, SN_TIME_LIMIT, SN_STALLED, SN_RAY, SN_DIVERGED
                            or an SN_ERR_* */
  int iterations;        /* iterations performed */
  double error;          /* final error measure */
  double seconds;        /* elapsed wall time of the solve */
  /* optional residual history: the caller points history at cap doubles;
   * the solver stores error per iteration and sets history_len (<= history_cap). */
  double *history;
  int history_cap;
  int history_len;
  /* ---- honest absolute measures of the result (sn_fc_measures, problem.h), filled by every
   * frictional-contact solver; NAN where a solver does not compute them (LCP, SOCLCP) ---- */
  double abs_residual;   /* the unnormalised natural-map residual sqrt(sum |e_i|^2) */
  double penetration;    /* largest penetration max(0, -min_i u_N,i) */
  double cone_violation; /* largest max(|r_T| - mu r_N, -r_N, 0) */
  /* ---- the automatic solver ("auto"): which solver produced the result and every attempt,
   * in order, with its final status and error (names are the registry's static strings).
   * A named solver sets solver to its own name and ntried to 1. ---- */
  const char *solver;
  int ntried;
  struct {
    const char *name;
    int status, iterations;
    double error, seconds;
  } tried[8];
} sn_info;

/* Fill settings with the documented defaults. */
void sn_settings_default(sn_settings *s);

/* Reset info (keeps the caller's history buffer and capacity). */
void sn_info_reset(sn_info *info);

/* Record one iteration of a solve that started at time t0 (sn_wtime()): appends error to the
 * history (if any), updates iterations and error, calls the progress callback.
 * Returns SN_OK to go on, SN_STALLED if the callback asked to stop, SN_TIME_LIMIT if
 * s->time_limit > 0 seconds have passed since t0. */
int sn_info_record(sn_info *info, const sn_settings *s, int iter, double error, double t0);

/* Monotonic wall-clock time in seconds (for elapsed-time measurements). */
double sn_wtime(void);

/* Parse one numeric option "key=value" from a settings options string.
 * Returns 1 and sets *value if key is present, 0 if absent, SN_ERR_FORMAT if malformed. */
int sn_option_double(const char *options, const char *key, double *value);
/* The same for a word ("local=ac"): copies the value (blanks trimmed) into buf[len].
 * Returns 1 if present, 0 if absent, SN_ERR_FORMAT if empty or longer than len - 1. */
int sn_option_string(const char *options, const char *key, char *buf, size_t len);
/* Every key of the options string must be one of keys (NULL-terminated): SN_ERR_UNKNOWN for
 * a misspelled or foreign key, SN_ERR_FORMAT for an entry without '=', SN_OK otherwise. */
int sn_option_check(const char *options, const char *const *keys);

/* ---- threads: one count for the BLAS, CHOLMOD and the OpenMP loops ---- */

#define SN_THREADS_MAX 4096   /* the largest thread count accepted */

/* The physical cores this process may run on: the distinct cores (SMT siblings count once,
 * /sys/devices/system/cpu topology) of its affinity mask (sched_getaffinity: a container or
 * `taskset` limited to 2 CPUs gets 2), bounded by a cgroup v2 CPU quota (cpu.max); the CPUs of
 * the mask when the topology cannot be read, the online CPUs when the mask cannot. In
 * [1, SN_THREADS_MAX]. The default of `signorini --threads`. */
int sn_threads_physical(void);

/* Parse a thread count: decimal digits only, 1 <= n <= SN_THREADS_MAX. SN_OK and *n set, or
 * SN_ERR_FORMAT ("0", "-1", "x", "2.5", "", "5000"); SN_ERR_ARG for NULL. */
int sn_threads_parse(const char *text, int *n);

/* PROCESS-WIDE: unlike the rest of the library, this changes settings shared by the whole
 * process, of libraries the library uses; call it once at start-up (the command-line program
 * does, from --threads / SIGNORINI_NUM_THREADS), not from threads running solves.
 * - OpenBLAS' thread count (openblas_set_num_threads; when the BLAS linked at build time has no
 *   such function, nothing: a serial BLAS);
 * - the OpenMP runtime loaded in the process (the one CHOLMOD uses): omp_set_num_threads(n),
 *   and its max-active-levels 0, so that CHOLMOD's own OpenMP loops, compiled in Debian 12's
 *   CHOLMOD with a fixed num_threads(4) that OMP_NUM_THREADS does not change, run on the calling
 *   thread: CHOLMOD's threads (1) times OpenBLAS' (n) never exceed n. When other OpenMP regions
 *   need n threads (a build with SIGNORINI_OPENMP: the coloured NSGS of sn_dyn_settings.threads;
 *   an OpenBLAS built on OpenMP, Debian's libopenblas0-openmp) and n > 1, the level stays 1; the
 *   factorizations then set it to 0 for the call with OpenBLAS' pthread variant (CHOLMOD's loops
 *   on the calling thread again), or let the runtime's dynamic adjustment bound CHOLMOD's loops
 *   by the idle CPUs with another BLAS.
 * - n = 1 with OpenBLAS' pthread variant: the worker threads it started when it was loaded are
 *   ended (they spin 0.1 s before they sleep); a later n > 1 starts them again. Like
 *   openblas_set_num_threads, call it while no other thread of the process is in a BLAS call.
 * SN_OK, or SN_ERR_ARG when n is outside [1, SN_THREADS_MAX]. */
int sn_set_blas_threads(int n);
/* PROCESS-WIDE, as sn_set_blas_threads, but OpenBLAS' count alone (its pthread variant's idle
 * workers ended, as above); the OpenMP runtime's settings are left as they are. For a program
 * that owns the process and lowers BLAS' count for work too small to share
 * (sn_static_settings.blas_min_flops). SN_OK, or SN_ERR_ARG when n is outside [1, SN_THREADS_MAX]. */
int sn_set_openblas_threads(int n);

/* OpenBLAS' current thread count (openblas_get_num_threads), or 0 when the BLAS has none. */
int sn_blas_threads(void);

/* The BLAS' own description of itself where it gives one: OpenBLAS' openblas_get_config(), its
 * version, build options and the kernels it chose for this CPU (e.g. "OpenBLAS 0.3.21
 * DYNAMIC_ARCH NO_AFFINITY Haswell MAX_THREADS=64"); NULL for another BLAS. Static text. */
const char *sn_blas_config(void);

#ifdef __cplusplus
}
#endif
#endif
