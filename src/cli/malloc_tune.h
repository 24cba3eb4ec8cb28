/* The memory allocator's settings of the commands that compute: transparent huge pages for the
 * heap (malloc_tune.c says why and how). A program-wide setting, made by the program (the CLI and
 * the benches that compare with it), never by the library. */
#ifndef SN_CLI_MALLOC_TUNE_H
#define SN_CLI_MALLOC_TUNE_H

/* Call once, first thing, before the program starts threads of its own. Returns 1 when the
 * heap was prepared, 0 when not (SIGNORINI_MALLOC=system, LD_PRELOAD set, a sanitizer build,
 * !sn_cli_malloc_applies(), the heap unable to grow by the reserve), -1 for an invalid
 * SIGNORINI_MALLOC (*why then says so; otherwise *why is NULL). */
int sn_cli_tune_malloc(const char **why);

/* Whether this system allows the huge-page heap: a 64-bit build, no strict overcommit
 * (/proc/sys/vm/overcommit_memory 2), transparent huge pages "always" or "madvise"
 * (/sys/kernel/mm/transparent_hugepage/enabled), at least 64 MiB of reserve under the limits. */
int sn_cli_malloc_applies(void);

#endif
