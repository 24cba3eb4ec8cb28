/* LD_PRELOAD shim of test_cli_sync: every fsync appends the path of the file (or folder) it
 * syncs, as /proc/self/fd names it, and a newline to the file named by SN_FSYNC_LOG, then does
 * the real fsync. Not a test itself (no test_ prefix): built as a module for test_cli_sync.cmake. */
#define _GNU_SOURCE 1
#include <dlfcn.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int fsync(int fd)
{
  static int (*real)(int);
  if (!real) *(void **)&real = dlsym(RTLD_NEXT, "fsync");   /* POSIX's way to a function pointer */
  const char *log = getenv("SN_FSYNC_LOG");
  if (log) {
    char link[64], path[4097];
    snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
    ssize_t n = readlink(link, path, sizeof path - 1);
    int lf = n > 0 ? open(log, O_WRONLY | O_APPEND | O_CREAT, 0644) : -1;
    if (lf >= 0) {
      path[n] = '\n';
      ssize_t w = write(lf, path, (size_t)n + 1);   /* one write: whole lines, in order */
      (void)w;
      close(lf);
    }
  }
  return real ? real(fd) : -1;
}
