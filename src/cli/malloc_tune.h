/* The memory allocator's settings of the commands that compute: transparent huge pages for the
 * heap (malloc_tune.c says why and how). A program-wide setting, made by the program (the CLI and
 * the benches that compare with it), never by the library. */
#ifndef SN_CLI_MALLOC_TUNE_H
#define SN_CLI_MALLOC_TUNE_H

/* Call once, first thing, before threads start. Returns 1 when the heap was prepared, 0 when
 * not (SIGNORINI_MALLOC=system, LD_PRELOAD set, a sanitizer build, the reserve refused), -1 for
 * an invalid SIGNORINI_MALLOC (*why then says so; otherwise *why is NULL). */
int sn_cli_tune_malloc(const char **why);

#endif
