/* Internal to the library: a function of OpenBLAS or of the OpenMP runtime that is in the
 * process, found without linking either by name (src/common/proc_symbol.c). */
#ifndef SN_COMMON_PROC_SYMBOL_H
#define SN_COMMON_PROC_SYMBOL_H

/* The address of function NAME (one of openblas_get_parallel, openblas_get_config,
 * blas_thread_shutdown_, omp_set_max_active_levels, omp_set_num_threads, omp_set_dynamic) in the
 * process, or NULL where none has it. The shared and static libraries look it up among the
 * loaded objects (dlsym, RTLD_DEFAULT); the command-line program, which links OpenBLAS and the
 * OpenMP runtime into itself (SN_BLAS_LINKED, CMakeLists.txt "static numerical libraries"),
 * exports neither and answers from a table of its own. */
void *sn_proc_symbol(const char *name);

/* A module just loaded with dlopen (handle) may bring an OpenBLAS of its own: the command-line
 * program's OpenBLAS is linked into it, and PETSc loads the shared one beside it. Give that second OpenBLAS the thread count of the process' own (its workers ended
 * like the first's, src/common/threads.c); nothing when the handle sees the same OpenBLAS. */
void sn_blas_follow(void *handle);

#endif
