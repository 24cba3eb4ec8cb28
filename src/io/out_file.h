/* Internal to the library (src/io, and src/analysis for the contact CSV): files written whole under a temporary name beside the target and renamed
 * over it when complete, so that a reader (or a crash) never sees a half-written file.
 *
 *   sn_outfile o;
 *   if ((rc = sn_outfile_create(&o, path, msg, msglen))) return rc;
 *   ... write to o.f with stdio ...
 *   return sn_outfile_finish(&o, rc, msg, msglen);   // rename on rc == 0, remove otherwise
 *
 * The temporary name is "PATH.tmpPID_K", created with O_CREAT | O_EXCL (an existing file is
 * never clobbered). Every failure writes "PATH: reason" into msg and returns SN_ERR_IO (or
 * SN_ERR_NOMEM). Implemented in results_writer.c. */
#ifndef SN_IO_OUT_FILE_H
#define SN_IO_OUT_FILE_H

#include <stdatomic.h>
#include <stdio.h>

#include "signorini/io.h"

typedef struct {
  FILE *f;
  char *tmp;          /* the temporary name (owned) */
  const char *path;   /* the target (the caller's string) */
  int nosync;         /* 1: renamed without fsync (a run's files, synced once when it ends:
                         sn_outfile_sync); sn_outfile_create sets 0 */
  int writeback;      /* with nosync: its writeback started at the rename (sn_file_start_writeback)
                         for a file that is kept and synced later (a .vtu, a chart), not for
                         one rewritten whole at every increment (its versions would all go to
                         disk); sn_outfile_create sets 0 */
} sn_outfile;

int sn_outfile_create(sn_outfile *o, const char *path, char *msg, size_t msglen);
/* rc == 0: flush, fsync, close and rename; a failure of any of them returns SN_ERR_IO with a
 * message. rc != 0: close and remove the temporary file, return rc (msg untouched). */
int sn_outfile_finish(sn_outfile *o, int rc, char *msg, size_t msglen);
/* fsync an existing file by its path (its data and size on disk); SN_OK, or SN_ERR_IO with
 * "PATH: reason" (a file system without fsync, EINVAL / EROFS, counts as done) */
int sn_outfile_sync(const char *path, char *msg, size_t msglen);

/* Starts writing fd's dirty pages to disk without waiting for them (Linux' sync_file_range with
 * SYNC_FILE_RANGE_WRITE; elsewhere nothing): a later fsync then waits for less. Errors are
 * ignored: the fsync that follows reports them. Implemented in file_append.c. */
void sn_file_start_writeback(int fd);

/* Writers whose files a run writes at every increment, told to commit without fsync
 * (nosync 1): the run's output syncs them once when it ends (run_output.c). */
void sn_results_set_nosync(sn_results *r, int nosync);
void sn_frd_set_nosync(sn_frd *f, int nosync);
/* sn_frd_open and sn_results_open for a run's writers, told nosync before their first file:
 * sn_results_open_x creates the (empty) file without fsync; sn_frd_open_deferred writes
 * nothing: the model's header, nodes and elements go to disk with the first sn_frd_flush (no
 * file at all when nothing is flushed). */
int sn_results_open_x(const char *path, int nosync, sn_results **out, char *msg, size_t msglen);
int sn_frd_open_deferred(const char *path, const sn_model *m, int nosync, sn_frd **out, char *msg, size_t msglen);
/* A deferred writer's model text written now into the temporary file of its first commit (kept
 * open; its first sn_frd_flush appends the blocks and renames it; sn_frd_close before that
 * removes it): a run calls it on a thread while the analysis computes, so that the first
 * increment's output writes only its blocks. A failure leaves the text in memory, as before. */
int sn_frd_prewrite(sn_frd *f, char *msg, size_t msglen);
/* Room for `bytes` more of blocks in the writer's memory, its pages touched now: a run calls it
 * on the same thread, with sn_ccx_frd_bytes, so that the first increment's blocks are formatted
 * into memory already mapped (on the development VM a fresh page's first touch made three
 * quarters of formatting the bench Hertz deck's blocks); at most 64 MiB are reserved.
 * sn_frd_block_bytes: the most one block of nrows rows of ncomp values takes. */
int sn_frd_reserve(sn_frd *f, size_t bytes);
size_t sn_frd_block_bytes(long long nrows, int ncomp);
/* sn_vtu_write_enc and sn_pvd_write, renaming without fsync when nosync */
int sn_vtu_write_x(const char *path, const sn_model *m, const double *u, const sn_field *point, int npoint,
                   const sn_field *cell, int ncell, sn_vtu_encoding enc, int nosync, char *msg, size_t msglen);
int sn_pvd_write_x(const char *path, int n, const double *times, const char *const *files, int nosync, char *msg,
                   size_t msglen);

/* An append in progress, for a SIGINT / SIGTERM handler: a run's growing file (one guard each,
 * sn_run_folder) is cut back to what its last commit left when the process is stopped in the
 * middle of an append (file_append.c). Zero-initialized: no append. */
typedef struct {
  atomic_int active;     /* an append under way on fd (fd, committed and tail valid) */
  atomic_int stop;       /* set by the handler: the append stops between chunks, cuts the file
                            back itself and leaves fd open for the handler */
  int fd;
  long long committed;
  char tail[16];
  int ntail;
} sn_append_guard;
/* async-signal-safe (atomics, pwrite, ftruncate): sn_append_guard_stop asks an append to stop;
 * sn_append_guard_cut (after the appending thread had time to notice: the handler waits 10 ms
 * between the two) cuts the file back to its last commit, its end mark rewritten, when an
 * append was still under way. Idempotent. */
void sn_append_guard_stop(sn_append_guard *g);
void sn_append_guard_cut(sn_append_guard *g);

/* A file that grows by increments (a run's .frd, .dat, contact CSV), after its first version
 * (written by sn_outfile_create / _finish): buf's len bytes written in place after the
 * `committed` bytes of the last commit, then tail (the file's end mark, ntail <= 16 bytes; none
 * for a file without one) after them. The file must hold exactly committed + ntail bytes ending
 * in tail, else nothing is written ("changed on disk while being written"); a failed write
 * leaves the file as the last commit did. fsync unless nosync (then the appended bytes' writeback
 * is started). g (may be NULL): the append announced to a signal handler while it runs.
 * SN_OK, or SN_ERR_IO with "PATH: reason". Implemented in file_append.c. */
int sn_outfile_append(const char *path, long long committed, const char *tail, size_t ntail, const char *buf,
                      size_t len, int nosync, sn_append_guard *g, char *msg, size_t msglen);
/* A growing file without an end mark (the .dat, the contact CSV): buf's len bytes committed,
 * the first time (*committed 0) as the whole file under a temporary name, renamed in, after
 * that by sn_outfile_append; *committed grows by len on success, else stays (the bytes are the
 * caller's to commit again). Implemented in file_append.c. */
int sn_outfile_grow(const char *path, long long *committed, const char *buf, size_t len, int nosync,
                    sn_append_guard *g, char *msg, size_t msglen);
/* the guard of a run's .frd / .dat writer (NULL: none), used by their flushes */
void sn_frd_set_guard(sn_frd *f, sn_append_guard *g);
void sn_results_set_guard(sn_results *r, sn_append_guard *g);

/* The temporary name sn_outfile_create tries k-th for path in process pid ("PATH.tmpPID_K"),
 * into buf; returns the length it needs (as snprintf). Lets a signal handler know, in advance,
 * what to remove (sn_run_output_on_signal). */
int sn_outfile_tmpname(char *buf, size_t len, const char *path, long pid, int k);
/* the system's text for errno e into buf (strerror_r, thread-safe), or "error E"; returns buf.
 * Implemented in results_writer.c. */
const char *sn_outfile_reason(int e, char *buf, size_t len);
/* "PATH: message" into msg (when msglen > 0); returns code */
int sn_outfile_fail(char *msg, size_t msglen, int code, const char *path, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;

#endif
