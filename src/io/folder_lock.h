/* Internal: what the output folders of the finite-element runs (src/analysis/run_folder.c) and
 * of the scene runs (src/io/scene_folder.c) share: the lock DIR/.signorini.lock held with
 * flock() for a run's lifetime (the pid of its owner inside, for the message of a second run; a
 * file system without locks lets the run go on unlocked), and the removal of the earlier run's
 * results of the same BASE, temporaries ("NAME.tmpPID_K") included. */
#ifndef SN_IO_FOLDER_LOCK_H
#define SN_IO_FOLDER_LOCK_H

#include <stddef.h>

#define SN_FOLDER_LOCK_NAME ".signorini.lock"

/* "DIR: WHAT: strerror(e)" into msg; SN_ERR_IO */
int sn_folder_fail(char *msg, size_t msglen, const char *dir, const char *what, int e);

/* Takes the lock of dir: *fd the lock file held (-1 and *unlocked = 1 where the file system has
 * no locks); lock_path (cap bytes) receives its path. SN_ERR_IO with a message when another
 * process holds it or the file cannot be made. */
int sn_folder_lock(const char *dir, char *lock_path, size_t cap, int *fd, int *unlocked, char *msg, size_t msglen);

/* Releases the lock taken by sn_folder_lock and removes its file (before the lock goes, so that
 * a run waiting for it retries). */
void sn_folder_unlock(const char *lock_path, int *fd, int *unlocked);

/* The result name of a file name, without a temporary's ".tmpPID_K" suffix: name copied into r
 * (cap bytes) and cut there. 0 when the name is too long or ".tmp" is followed by something else. */
int sn_folder_untemp(const char *name, char *r, size_t cap);

/* Removes every file of dir that is_result(name, base) accepts. */
int sn_folder_remove_results(const char *dir, const char *base, int (*is_result)(const char *name, const char *base),
                             char *msg, size_t msglen);

#endif
