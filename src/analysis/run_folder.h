/* The output folder of a run (private to src/analysis; used by run_output.c): one run at a time
 * (a lock), the earlier results of the same BASE removed before the first file is written, and
 * the names of the temporary files a signal handler has to remove.
 *
 * Lock: DIR/.signorini.lock, held with flock() for the run's lifetime (the system releases it
 * when the process ends, however it ends: a lock file left by a killed run is taken over); it
 * holds the owner's pid for the message that refuses a second run, and is removed by
 * sn_run_folder_close. On a file system without locks the run goes on unlocked (F->unlocked,
 * for a note to the user) and the lock file is still removed at close. */
#ifndef SN_ANALYSIS_RUN_FOLDER_H
#define SN_ANALYSIS_RUN_FOLDER_H

#include <signal.h>
#include <stddef.h>

#include "io/out_file.h"

#define SN_RUN_LOCK_NAME ".signorini.lock"   /* SN_FOLDER_LOCK_NAME of io/folder_lock.h */
#define SN_RUN_PATH_MAX 1400
/* the files a run appends to (file_append.c): one guard each */
enum { SN_RUN_APPEND_FRD, SN_RUN_APPEND_DAT, SN_RUN_APPEND_CSV, SN_RUN_APPENDS };

/* The files of a run besides BASE.NNNN.vtu: BASE + suffix. Every file run_output.c writes must
 * be listed here, or a rerun leaves the earlier run's copy and a signal its temporary. */
extern const char *const sn_run_suffixes[];

typedef struct {
  char dir[1024], base[256];
  int lock_fd;                              /* -1: none */
  int unlocked;                             /* the file system has no locks (flock: ENOLCK,
                                               EOPNOTSUPP): the run goes on without one, and
                                               the lock file it created goes at close */
  char lock_path[SN_RUN_PATH_MAX];
  char *tmps;                               /* the temporaries of sn_run_suffixes' files, each
                                               NUL-terminated, an empty string after the last */
  char vtu_tmp[2][SN_RUN_PATH_MAX + 48];    /* the temporary of the .vtu being written */
  volatile sig_atomic_t vtu_cur;            /* which of the two is current */
  /* the growing files' appends under way (sn_outfile_append), cut back by the handler */
  sn_append_guard appends[SN_RUN_APPENDS];
} sn_run_folder;

/* Lock dir, then remove the earlier results of base there (BASE.NNNN.vtu, BASE + each suffix,
 * and their temporaries). Returns SN_OK, or SN_ERR_IO with "DIR: reason" in msg (another run
 * holds the folder; a file that cannot be removed; no folder). F is closed on failure. */
int sn_run_folder_open(sn_run_folder *F, const char *dir, const char *base, char *msg, size_t msglen);
/* the .vtu at path is about to be written: its temporary's name for the signal handler */
void sn_run_folder_writing(sn_run_folder *F, const char *path);
/* async-signal-safe (atomics, unlink, nanosleep, pwrite, ftruncate): stop the appends under way,
 * remove the temporaries that may exist now, twice 10 ms apart, cut the growing files back to
 * their last commit where an append was still under way, and remove the lock file */
void sn_run_folder_on_signal(sn_run_folder *F);
/* release and remove the lock file; free the names */
void sn_run_folder_close(sn_run_folder *F);

#endif
