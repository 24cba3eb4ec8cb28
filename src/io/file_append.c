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
 * rewritten) and says why. A process killed in the middle of an append leaves the increments
 * committed so far followed by part of the new one, without the end mark, as CalculiX' own
 * .frd of a run that is still going; a reader sees every whole block.
 *
 * sn_file_start_writeback: sync_file_range's writeback of part of a file, started, not waited
 * for. */
#define _GNU_SOURCE 1
#include "io/out_file.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* sync_file_range (Linux >= 2.6.17, glibc >= 2.6): writeback of [off, off + n) started (n = 0:
 * to the end of the file), no wait */
static void writeback_range(int fd, long long off, long long n)
{
#if defined(__linux__) && defined(SYNC_FILE_RANGE_WRITE)
  (void)sync_file_range(fd, (off64_t)off, (off64_t)n, SYNC_FILE_RANGE_WRITE);
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

/* all n bytes of p at offset off; 0, or errno */
static int pwrite_all(int fd, const char *p, size_t n, long long off)
{
  while (n > 0) {
    ssize_t k = pwrite(fd, p, n, (off_t)off);
    if (k < 0 && errno == EINTR) continue;
    if (k <= 0) return k < 0 ? errno : EIO;
    p += k;
    n -= (size_t)k;
    off += k;
  }
  return 0;
}

/* the file open on fd holds exactly committed + ntail bytes, the last ntail of them tail */
static int as_left(int fd, long long committed, const char *tail, size_t ntail)
{
  struct stat st;
  char got[64];
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || (long long)st.st_size != committed + (long long)ntail) return 0;
  if (ntail == 0) return 1;
  if (ntail > sizeof got) return 0;
  ssize_t k = pread(fd, got, ntail, (off_t)committed);
  return k == (ssize_t)ntail && memcmp(got, tail, ntail) == 0;
}

int sn_outfile_append(const char *path, long long committed, const char *tail, size_t ntail, const char *buf,
                      size_t len, int nosync, char *msg, size_t msglen)
{
  if (!path || !*path || committed < 0 || (ntail > 0 && !tail) || (len > 0 && !buf))
    return sn_outfile_fail(msg, msglen, SN_ERR_ARG, path, "bad append");
  int fd = open(path, O_RDWR | O_CLOEXEC);
  if (fd < 0)
    return sn_outfile_fail(msg, msglen, SN_ERR_IO, path, "cannot reopen it to append: %s", strerror(errno));
  if (!as_left(fd, committed, tail, ntail)) {
    close(fd);
    return sn_outfile_fail(msg, msglen, SN_ERR_IO, path, "changed on disk while being written (expected %lld bytes)",
                           committed + (long long)ntail);
  }
  int e = pwrite_all(fd, buf, len, committed);
  if (!e) e = pwrite_all(fd, tail, ntail, committed + (long long)len);
  if (!e && !nosync && fsync(fd) != 0 && errno != EINVAL && errno != EROFS) e = errno;
  if (e) {   /* as the last commit left it: its end mark back in place, the rest cut off */
    (void)pwrite_all(fd, tail, ntail, committed);
    (void)ftruncate(fd, (off_t)(committed + (long long)ntail));
    close(fd);
    return sn_outfile_fail(msg, msglen, SN_ERR_IO, path, "write failed: %s", strerror(e));
  }
  /* a run's file (synced when the run ends): the appended bytes, final now, on their way to
   * disk; the end mark, rewritten by the next append, stays behind */
  if (nosync && len > 0) writeback_range(fd, committed, (long long)len);
  if (close(fd) != 0) return sn_outfile_fail(msg, msglen, SN_ERR_IO, path, "write failed: %s", strerror(errno));
  return SN_OK;
}
