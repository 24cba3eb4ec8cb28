/* Which OpenBLAS is in the process (src/common/threads.c). Internal to the library. */
#ifndef SN_COMMON_BLAS_KIND_H
#define SN_COMMON_BLAS_KIND_H

/* openblas_get_parallel() of the OpenBLAS in the process: 0 serial, 1 its pthread variant, 2
 * built on OpenMP (Debian's libopenblas0-openmp); -1 when there is none */
int sn_blas_parallel(void);

/* A module just loaded with dlopen (handle) that brought an OpenBLAS of its own beside the
 * process' (the command-line program's is linked into it, PETSc loads the shared one): give it
 * the process' thread count and end its idle workers; nothing otherwise. */
void sn_blas_follow(void *handle);

#endif
