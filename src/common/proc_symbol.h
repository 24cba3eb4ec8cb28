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

#endif
