/* OpenMP parallel regions that can only run on one thread, entered as a plain call.
 *
 * libgomp ends every parallel region with a barrier whose last thread wakes the others by a
 * futex system call, even in a team of one (gcc 12's libgomp, config/linux/bar.c). CHOLMOD's
 * supernodal factorization (Debian's SuiteSparse 5.12) enters a region of num_threads(4) per
 * supernode for its scatters, which with max-active-levels 0 (sn_set_blas_threads with one
 * thread: src/common/threads.c) run as teams of one: on the development VM, where a system
 * call costs about 1.2 us, that was 27 000 futex calls in a run of the bench Hertz deck
 * (strace -c). The program links libgomp statically and is linked with
 * -Wl,--wrap=GOMP_parallel (CMakeLists.txt): every GOMP_parallel of the program, CHOLMOD's
 * archive's included, comes here, and a region that libgomp would give one thread (an if
 * clause false or num_threads(1), a default count of one, no active level left) calls its body
 * directly, when it is met outside every parallel region (a nested one stays libgomp's: a
 * plain call there would run in the enclosing team; found by review) and cancellation is off.
 * Inside it omp_get_thread_num() is 0 and omp_get_num_threads() 1, as in a team of one;
 * omp_get_level() is one less, and ICVs the body sets (omp_set_num_threads, omp_set_dynamic)
 * outlive it, where libgomp would restore them (nothing in the program or CHOLMOD does either).
 * Any other region goes to libgomp. */
#ifdef SN_BLAS_LINKED   /* the static program only: the shared one links no libgomp of its own */
#include <omp.h>

void __real_GOMP_parallel(void (*fn)(void *), void *data, unsigned num_threads, unsigned flags);
void __wrap_GOMP_parallel(void (*fn)(void *), void *data, unsigned num_threads, unsigned flags);

void __wrap_GOMP_parallel(void (*fn)(void *), void *data, unsigned num_threads, unsigned flags)
{
  /* only outside every region (inside one, a plain call would run in the enclosing team: its
     thread numbers, and its worksharing constructs bound to that team) and without cancellation
     (GOMP_cancel needs a team); there no level is active, so "no active level left" is a
     max-active-levels of 0 */
  if (omp_get_level() == 0 && !omp_get_cancellation() &&
      (num_threads == 1 || (num_threads == 0 && omp_get_max_threads() == 1) || omp_get_max_active_levels() == 0)) {
    fn(data);
    return;
  }
  __real_GOMP_parallel(fn, data, num_threads, flags);
}
#endif
