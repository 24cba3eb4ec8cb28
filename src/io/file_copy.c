/* Two Linux calls behind portable names (out_file.h).
 *
 * sn_file_copy_prefix: in-kernel copy of a file's leading bytes (copy_file_range, Linux >= 4.5,
 * glibc >= 2.27): the .frd and .dat of a run are rewritten whole at every increment (temporary
 * name, rename), and their committed part went through a user-space buffer twice (fread,
 * fwrite). The kernel copies it without that round trip, and on file systems that share extents
 * (XFS, Btrfs) without copying the data at all. Elsewhere, or when the kernel refuses, the caller
 * copies by hand.
 *
 * sn_file_start_writeback: sync_file_range's writeback of a whole file, started, not waited for. */
#define _GNU_SOURCE 1
#include "io/out_file.h"

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

long long sn_file_copy_prefix(int fd_in, int fd_out, long long n)
{
#if defined(__linux__) && defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 27))
  off64_t off_in = 0;
  long long done = 0;
  while (done < n) {
    ssize_t k = copy_file_range(fd_in, &off_in, fd_out, NULL, (size_t)(n - done), 0);
    if (k < 0 && errno == EINTR) continue;
    if (k <= 0) return done;            /* refused (EXDEV, ENOSYS, EINVAL...) or short: the rest by hand */
    done += k;
  }
  return done;
#else
  (void)fd_in;
  (void)fd_out;
  (void)n;
  return 0;
#endif
}

/* sync_file_range (Linux >= 2.6.17, glibc >= 2.6): writeback of the whole file started, no wait */
void sn_file_start_writeback(int fd)
{
#if defined(__linux__) && defined(SYNC_FILE_RANGE_WRITE)
  (void)sync_file_range(fd, 0, 0, SYNC_FILE_RANGE_WRITE);
#else
  (void)fd;
#endif
}
