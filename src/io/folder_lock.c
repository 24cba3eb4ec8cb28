/* The lock of an output folder and the removal of an earlier run's results (folder_lock.h). */
#define _DEFAULT_SOURCE
#include "io/folder_lock.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "io/out_file.h"
#include "signorini/common.h"

int sn_folder_fail(char *msg, size_t msglen, const char *dir, const char *what, int e)
{
  char why[128];
  if (msg && msglen) snprintf(msg, msglen, "%s: %s: %s", dir, what, sn_outfile_reason(e, why, sizeof why));
  return SN_ERR_IO;
}

/* another run holds the lock: its pid, when the file says it */
static int held(int fd, const char *dir, char *msg, size_t msglen)
{
  char b[32] = {0};
  long pid = pread(fd, b, sizeof b - 1, 0) > 0 ? strtol(b, NULL, 10) : 0;
  close(fd);
  if (msg && msglen) {
    char who[48] = "";
    if (pid > 0) snprintf(who, sizeof who, " (process %ld)", pid);
    snprintf(msg, msglen, "%s: another run%s is writing its results into this folder "
             "(lock file " SN_FOLDER_LOCK_NAME "): wait for it to end or use another folder", dir, who);
  }
  return SN_ERR_IO;
}

int sn_folder_lock(const char *dir, char *lock_path, size_t cap, int *fd_out, int *unlocked, char *msg, size_t msglen)
{
  *fd_out = -1;
  *unlocked = 0;
  if (snprintf(lock_path, cap, "%s/%s", dir, SN_FOLDER_LOCK_NAME) >= (int)cap)
    return sn_folder_fail(msg, msglen, dir, "cannot lock the folder", ENAMETOOLONG);
  for (int attempt = 0; attempt < 10; attempt++) {
    int fd = open(lock_path, O_RDWR | O_CREAT | O_CLOEXEC, 0666);
    if (fd < 0) return sn_folder_fail(msg, msglen, dir, "cannot create the lock file " SN_FOLDER_LOCK_NAME, errno);
    if (flock(fd, LOCK_EX | LOCK_NB)) {
      int e = errno;
      if (e == EWOULDBLOCK) return held(fd, dir, msg, msglen);
      close(fd);
      if (e == ENOLCK || e == EOPNOTSUPP) {      /* no locks here: go on, clean up at close */
        *unlocked = 1;
        return SN_OK;
      }
      return sn_folder_fail(msg, msglen, dir, "cannot lock the folder", e);
    }
    /* the file may have been removed by its previous owner between our open and our lock:
     * then the lock holds nothing, take the file that is there now */
    struct stat a, b;
    if (fstat(fd, &a) == 0 && stat(lock_path, &b) == 0 && a.st_dev == b.st_dev && a.st_ino == b.st_ino) {
      char pid[32];
      int n = snprintf(pid, sizeof pid, "%ld\n", (long)getpid());
      if (ftruncate(fd, 0) || pwrite(fd, pid, (size_t)n, 0) != n) { /* informative only */ }
      *fd_out = fd;
      return SN_OK;
    }
    close(fd);
  }
  return sn_folder_fail(msg, msglen, dir, "cannot lock the folder", EAGAIN);
}

void sn_folder_unlock(const char *lock_path, int *fd, int *unlocked)
{
  if (*fd >= 0) {
    unlink(lock_path);
    close(*fd);
    *fd = -1;
  } else if (*unlocked) {
    unlink(lock_path);
    *unlocked = 0;
  }
}

int sn_folder_untemp(const char *name, char *r, size_t cap)
{
  if (snprintf(r, cap, "%s", name) >= (int)cap) return 0;
  char *t = strstr(r, ".tmp");
  if (!t) return 1;
  int digits = 0, under = 0;
  for (const char *p = t + 4; *p; p++) {
    if (*p == '_' && !under && digits) {
      under = 1;
      digits = 0;
    } else if (*p >= '0' && *p <= '9')
      digits++;
    else
      return 0;
  }
  if (!under || !digits) return 0;
  *t = '\0';
  return 1;
}

int sn_folder_remove_results(const char *dir, const char *base, int (*is_result)(const char *name, const char *base),
                             char *msg, size_t msglen)
{
  DIR *d = opendir(dir);
  if (!d) return sn_folder_fail(msg, msglen, dir, "cannot list the folder", errno);
  int st = SN_OK;
  struct dirent *e;
  size_t cap = strlen(dir) + 300;
  char *path = malloc(cap);
  if (!path) st = SN_ERR_NOMEM;
  while (!st && (e = readdir(d))) {
    if (!is_result(e->d_name, base)) continue;
    snprintf(path, cap, "%s/%s", dir, e->d_name);
    if (unlink(path) && errno != ENOENT) {
      char what[400];
      snprintf(what, sizeof what, "cannot remove the earlier run's %s", e->d_name);
      st = sn_folder_fail(msg, msglen, dir, what, errno);
    }
  }
  free(path);
  closedir(d);
  return st;
}
