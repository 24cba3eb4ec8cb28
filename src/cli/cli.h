/* signorini command-line program: one file per subcommand, all over the public library API. */
#ifndef SN_CLI_H
#define SN_CLI_H
#include <stdio.h>

#include "args.h"
#include "signorini/fem.h"
#include "signorini/analysis.h"
#include "signorini/io.h"

int sn_cli_demo(int argc, char **argv);
int sn_cli_solve(int argc, char **argv);
int sn_cli_check(int argc, char **argv);
int sn_cli_convert(int argc, char **argv);
int sn_cli_info(int argc, char **argv);
int sn_cli_solvers(int argc, char **argv);
int sn_cli_run(int argc, char **argv);
/* run's dense work's predicted flops (the contact rows' factorization and the stiffness' fronts
 * of 2 000 rows or more) below which a run on several threads keeps OpenBLAS on one
 * (sn_static_settings.blas_min_flops; docs/threads.md, "OpenBLAS' threads by the size of the
 * work": 13 decks measured, the threshold between 1.5e8, which lost on two, and 2.5e8, which
 * gained); bench/run_nowrite.c runs with it too */
#define SN_CLI_BLAS_MIN_FLOPS 2e8
/* run's dynamic analysis of a deck with *DYNAMIC steps (run_dynamic.c): results into dir (made
 * when missing) named base; takes m (freed); returns the exit status */
/* A *CONTACT PAIR none of whose slave points came within the search distance of its master in
 * any increment (or time step) is noted at its line, on standard error (cmd_run.c): met[p] != 0
 * when some increment had a point of pair p (sn_cli_mark_pairs); nothing when no increment ran */
void sn_cli_unmet_pair_notes(const char *deck, const sn_model *m, const unsigned char *met, long increments);
void sn_cli_mark_pairs(const sn_model *m, const sn_increment *inc, unsigned char *met);

int sn_cli_run_dynamic(const char *deck, sn_model *m, const char *dir, const char *base, int quiet,
                       int nthreads, sn_vtu_encoding vtu, int fsync);

/* each command's help table (args.h), beside its parser */
extern const sn_cli_cmd sn_cli_cmd_run, sn_cli_cmd_demo, sn_cli_cmd_solve, sn_cli_cmd_check,
    sn_cli_cmd_convert, sn_cli_cmd_info, sn_cli_cmd_solvers, sn_cli_cmd_version;

/* what the file at path is: judged by its first bytes when it is a readable regular file (HDF5's
 * signature: a problem file; a first non-blank '*': a deck), else by its name (.inp: a deck;
 * .hdf5, .h5, .dat: a problem file). *exists (may be NULL): whether the path exists at all. */
enum { SN_FILE_OTHER, SN_FILE_DECK, SN_FILE_PROBLEM };
int sn_cli_file_kind(const char *path, int *exists);
/* 1 when the file at path is a rigid-body scene (its first keyword is *SCENE) */
int sn_cli_is_scene(const char *path);
/* `run` of a scene file (cmd_run_scene.c): results in dir as base_*; dumps: --dump-fclib's list or NULL;
 * fsync: --fsync */
int sn_cli_run_scene(const char *path, const char *dir, const char *base, int quiet, int anywhere, const char *dumps,
                     int fsync);

/* a problem command given an existing deck: the hint to use `run`, exit 2; 0 otherwise (a
 * missing file is left to the reader: "cannot read FILE: ...") */
int sn_cli_not_a_deck(const sn_cli_cmd *cmd, const char *path);

/* SIGINT and SIGTERM run cleanup (async-signal-safe: unlink and the like), then end the
 * process by the signal's default action; NULL restores the handlers found (src/cli/signals.c) */
void sn_cli_catch_signals(void (*cleanup)(void));
/* The end of a run's signal watch: release(arg) (which clears what the cleanup reads and frees
 * it) runs with SIGINT and SIGTERM blocked, so the handler never sees it half freed; then the
 * handlers found are restored. Returns release's value. */
int sn_cli_release_guarded(int (*release)(void *), void *arg);

/* the thread count of run and solve (threads.c): --threads's value given (NULL when absent),
 * else SIGNORINI_NUM_THREADS (empty: unset), else the physical cores; set process-wide with
 * sn_set_blas_threads into *n. 0, or 2 after a usage error naming the bad value. */
int sn_cli_threads(const sn_cli_cmd *cmd, const char *given, int *n);
/* --petsc on P ranks: without --threads (given NULL) and SIGNORINI_NUM_THREADS, *n becomes the
 * physical cores / P (at least 1), set process-wide again; a given count is kept */
void sn_cli_threads_per_rank(const char *given, int ranks, int *n);
/* --petsc's ranks (mpi_ranks.c), after sn_petsc_start: rank > 0 prints nothing (standard
 * output to /dev/null, standard error kept aside and shown, prefixed "rank N: ", if it fails);
 * 0, or 1 when the streams cannot be redirected. end: with k (the rank's exit status) non-zero
 * on P > 1 ranks the process ends at once (_exit(k), MPI not finalized, so that mpirun ends the
 * job rather than the others waiting for this rank); else sn_petsc_stop, and k returned. */
typedef struct {
  int rank, size, saved_err;
  FILE *err;
} sn_cli_ranks;
int sn_cli_ranks_begin(sn_cli_ranks *R, int rank, int size);
int sn_cli_ranks_end(sn_cli_ranks *R, int k);
/* the option's help entry, the same in both commands */
#define SN_CLI_THREADS_OPT                                                                      \
  {NULL, "--threads", "N", "$SIGNORINI_NUM_THREADS, else the physical cores",                   \
   "threads of OpenBLAS (also inside CHOLMOD's factorizations and solves), a whole number from " \
   "1 to 4096; CHOLMOD's own OpenMP loops run on one thread, so that the process never uses "  \
   "more than N. `run` keeps OpenBLAS on one thread for a model whose dense work (the contact "  \
   "rows' factorization and the stiffness' fronts of 2 000 rows or more) is predicted below "    \
   "2e8 flops (its summary says so), where a second BLAS thread costs more than it gives"}

/* print "signorini: <message>" to stderr and return exit status 2 (usage) or 1 (failure) */
int sn_cli_usage_error(const char *fmt, ...);
int sn_cli_fail(const char *fmt, ...);

/* mkdir -p: path and every missing folder above it; 0, or -1 with errno */
int sn_cli_make_dirs(const char *path);
/* the output folder of `run` (-o DIR or ./BASE): created when missing; 0, or the failure's exit
 * status after a message naming the folder when it cannot be created or is not a folder */
int sn_cli_output_folder(const char *dir);
/* one progress line on stderr: on a terminal rewritten in place (blanks over what a longer
 * previous line left, *width its length), else a line of its own; n = strlen(line) */
void sn_cli_progress_line(int tty, int *width, const char *line, int n);

/* The program's own output files (demo's CSV; the library writes its files itself, with its
 * own temporaries), written to a temporary name and renamed when complete: a failure never
 * leaves a half-written file. sn_cli_out_open gives a stream on "<path>.tmp<pid>_<k>" (created
 * anew, never an existing file); SIGINT and SIGTERM remove it until sn_cli_out_close flushes,
 * checks for write errors and renames (or removes the temporary on error). One at a time. */
typedef struct {
  FILE *f;
  char *path, *tmp;
} sn_cli_outfile;
int sn_cli_out_open(sn_cli_outfile *o, const char *path);   /* 0, or -1 with errno */
int sn_cli_out_close(sn_cli_outfile *o);                    /* 0, or -1 with errno */
void sn_cli_out_abort(sn_cli_outfile *o);
#endif
