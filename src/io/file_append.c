/* Files that grow by whole increments, and one Linux call behind a portable name (out_file.h).
 *
 * sn_outfile_append: a run's .frd, .dat and contact CSV grow at every increment. They were
 * rewritten whole each time (the committed bytes copied into a temporary file, the new ones
 * after them, renamed over the file): the bytes written grew as the square of the increments
 * (the bench Hertz cylinder in 50 increments: a 108 MB .frd, 0.92 s of its 2.54 s run in the
 * copies). Now the first version of such a file is still written under a temporary name and
 * renamed in (sn_outfile_create / _finish); after it, each increment's bytes are written in
 * place after those already committed, then the file's end mark (the .frd's " 9999") after
 * them. Before writing, the file must hold exactly what the last commit left (its length and
 * end mark): anything else is "changed on disk while being written" and nothing is touched. A
 * write that fails (disk full) restores the file as it was (truncated back, the end mark
 * rewritten) and says why. SIGINT and SIGTERM in the middle of an append (signorini run's
 * handler, sn_run_output_on_signal): the append is announced in a guard (sn_append_guard, one
 * per growing file of a run), which the handler tells to stop; the append stops between chunks
 * of 1 MB and cuts the file back, and the handler, 10 ms later, cuts back any append still
 * under way (both idempotent), so the file is as its last commit left it. A process killed
 * (SIGKILL, a power failure) in the middle of an append leaves the increments committed so far
 * followed by part of the new one, without the end mark, as CalculiX' own .frd of a run that
 * is still going; a reader sees every whole block.
 *
 * sn_file_start_writeback: sync_file_range's writeback of part of a file, started, not waited
 * for. */
#define _GNU_SOURCE 1
#include "io/out_file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* sync_file_range (Linux >= 2.6.17, glibc >= 2.6): writeback of [off, off + n) started (n = 0:
 * to the end of the file), no wait */
static void writeback_range(int fd, long long off, long long n)
{
#if defined(__linux__) && defined(SYNC_FILE_RANGE_WRITE)
  (void)sync_file_range(fd, (off_t)off, (off_t)n, SYNC_FILE_RANGE_WRITE);
#else
  (void)fd;
  (void)off;
  (void)n;
#endif
}

void sn_file_start_writeback(int fd)
{
  writeback_range(fd, 0, 0);
}

#define APPEND_CHUNK (1 << 20)   /* bytes between two looks at the guard's stop */

/* all n bytes of p at offset off; 0, or errno (EINTR for a stop asked by the guard g) */
static int pwrite_all(int fd, const char *p, size_t n, long long off, sn_append_guard *g)
{
  while (n > 0) {
    if (g && atomic_load(&g->stop)) return EINTR;
    size_t want = n < APPEND_CHUNK ? n : APPEND_CHUNK;
    ssize_t k = pwrite(fd, p, want, (off_t)off);
    if (k < 0 && errno == EINTR) continue;
    if (k <= 0) return k < 0 ? errno : EIO;
    p += k;
    n -= (size_t)k;
    off += k;
  }
  return 0;
}

/* the file as the last commit left it: its end mark back at `committed`, the rest cut off;
 * 0, or the first errno (async-signal-safe) */
static int cut_back(int fd, long long committed, const char *tail, size_t ntail)
{
  int e = pwrite_all(fd, tail, ntail, committed, NULL);
  if (ftruncate(fd, (off_t)(committed + (long long)ntail)) != 0 && !e) e = errno;
  return e;
}

void sn_append_guard_stop(sn_append_guard *g)
{
  if (g) atomic_store(&g->stop, 1);
}

void sn_append_guard_cut(sn_append_guard *g)
{
  if (g && atomic_load(&g->active)) (void)cut_back(g->fd, g->committed, g->tail, (size_t)g->ntail);
}

/* the file open on fd holds exactly committed + ntail bytes, the last ntail of them tail */
static int as_left(int fd, long long committed, const char *tail, size_t ntail)
{
  struct stat st;
  char got[16];
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || (long long)st.st_size != committed + (long long)ntail) return 0;
  if (ntail == 0) return 1;
  ssize_t k = pread(fd, got, ntail, (off_t)committed);
  return k == (ssize_t)ntail && memcmp(got, tail, ntail) == 0;
}

int sn_outfile_append(const char *path, long long committed, const char *tail, size_t ntail, const char *buf,
                      size_t len, int nosync, sn_append_guard *g, char *msg, size_t msglen)
{
  char why[128];
  if (!path || !*path || committed < 0 || (ntail > 0 && !tail) || ntail > sizeof g->tail || (len > 0 && !buf))
    return sn_outfile_fail(msg, msglen, SN_ERR_ARG, path, "bad append");
  if (g && atomic_load(&g->stop)) return sn_outfile_fail(msg, msglen, SN_ERR_IO, path, "not written: stopped");
  int fd = open(path, O_RDWR | O_CLOEXEC);
  if (fd < 0)
    return sn_outfile_fail(msg, msglen, SN_ERR_IO, path, "cannot reopen it to append: %s", sn_outfile_reason(errno, why, sizeof why));
  if (!as_left(fd, committed, tail, ntail)) {
    close(fd);
    return sn_outfile_fail(msg, msglen, SN_ERR_IO, path, "changed on disk while being written (expected %lld bytes)",
                           committed + (long long)ntail);
  }
  if (g) {   /* announced before the first byte; the handler reads these once active is set */
    g->fd = fd;
    g->committed = committed;
    memcpy(g->tail, tail ? tail : "", ntail);
    g->ntail = (int)ntail;
    atomic_store(&g->active, 1);
  }
  int e = pwrite_all(fd, buf, len, committed, g);
  if (!e) e = pwrite_all(fd, tail, ntail, committed + (long long)len, g);
  if (!e && !nosync && fsync(fd) != 0 && errno != EINVAL && errno != EROFS) e = errno;
  int stopped = g && atomic_load(&g->stop);
  if (e || stopped) {
    int ce = cut_back(fd, committed, tail, ntail);
    /* stopped by a signal: fd stays open and announced for the handler's own cut (it may be
       reading the guard now); the process ends */
    if (!stopped) {
      if (g) atomic_store(&g->active, 0);
      close(fd);
    }
    return sn_outfile_fail(msg, msglen, SN_ERR_IO, path, "%s: %s%s", stopped ? "not written" : "write failed",
                           stopped ? "stopped" : sn_outfile_reason(e, why, sizeof why),
                           ce ? " (and the file could not be cut back to its last increment)" : "");
  }
  /* a run's file (synced when the run ends): the appended bytes, final now, on their way to
   * disk; the end mark, rewritten by the next append, stays behind */
  if (nosync && len > 0) writeback_range(fd, committed, (long long)len);
  if (g) atomic_store(&g->active, 0);
  if (g && atomic_load(&g->stop)) return SN_OK;   /* the handler may hold fd: left open */
  if (close(fd) != 0) return sn_outfile_fail(msg, msglen, SN_ERR_IO, path, "write failed: %s", sn_outfile_reason(errno, why, sizeof why));
  return SN_OK;
}

int sn_outfile_grow(const char *path, long long *committed, const char *buf, size_t len, int nosync,
                    sn_append_guard *g, char *msg, size_t msglen)
{
  int rc;
  if (!committed) return sn_outfile_fail(msg, msglen, SN_ERR_ARG, path, "bad append");
  if (*committed > 0) {   /* after the increments already on disk, in place */
    rc = sn_outfile_append(path, *committed, NULL, 0, buf, len, nosync, g, msg, msglen);
  } else {                /* the first version: under a temporary name, renamed in */
    sn_outfile o;
    if ((rc = sn_outfile_create(&o, path, msg, msglen))) return rc;
    o.nosync = nosync;
    if (len && fwrite(buf, 1, len, o.f) != len) rc = sn_outfile_fail(msg, msglen, SN_ERR_IO, path, "write failed");
    rc = sn_outfile_finish(&o, rc, msg, msglen);
  }
  if (!rc) *committed += (long long)len;
  return rc;
}
