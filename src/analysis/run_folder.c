/* The output folder of a run: lock, removal of the earlier results, temporaries (run_folder.h).
 * A rerun replaces the results, as CalculiX does: the earlier run's files of the same BASE go
 * before this run writes its first, so that the folder never holds a mixed series (the first
 * run's BASE.0009.vtu after a second run of 5 increments). */
#define _DEFAULT_SOURCE
#include "analysis/run_folder.h"
#include "io/out_file.h"
#include "signorini/common.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

const char *const sn_run_suffixes[] = {".pvd", ".dat", "_contact.csv", "_convergence.png",
                                       "_contact_pressure.png", "_contact_shear.png", "_load.png", "_energy.csv", "_energy.png",
                                       NULL};

static int fail(char *msg, size_t msglen, const char *dir, const char *what, int e)
{
  char why[128];
  if (strerror_r(e, why, sizeof why)) snprintf(why, sizeof why, "error %d", e);
  if (msg && msglen) snprintf(msg, msglen, "%s: %s: %s", dir, what, why);
  return SN_ERR_IO;
}

/* the pid written in the lock file of another run (0 if none readable) */
static long lock_owner(int fd)
{
  char b[32] = {0};
  ssize_t n = pread(fd, b, sizeof b - 1, 0);
  return n > 0 ? strtol(b, NULL, 10) : 0;
}

static int take_lock(sn_run_folder *F, char *msg, size_t msglen)
{
  if (snprintf(F->lock_path, sizeof F->lock_path, "%s/%s", F->dir, SN_RUN_LOCK_NAME) >= (int)sizeof F->lock_path)
    return fail(msg, msglen, F->dir, "cannot lock the folder", ENAMETOOLONG);
  for (int attempt = 0; attempt < 10; attempt++) {
    int fd = open(F->lock_path, O_RDWR | O_CREAT | O_CLOEXEC, 0666);
    if (fd < 0) return fail(msg, msglen, F->dir, "cannot create the lock file " SN_RUN_LOCK_NAME, errno);
    if (flock(fd, LOCK_EX | LOCK_NB)) {
      int e = errno;
      if (e == EWOULDBLOCK) {
        long pid = lock_owner(fd);
        close(fd);
        if (msg && msglen) {
          char who[48] = "";
          if (pid > 0) snprintf(who, sizeof who, " (process %ld)", pid);
          snprintf(msg, msglen, "%s: another run%s is writing its results into this folder "
                   "(lock file " SN_RUN_LOCK_NAME "): wait for it to end or use another folder", F->dir, who);
        }
        return SN_ERR_IO;
      }
      close(fd);
      if (e == ENOLCK || e == EOPNOTSUPP) {      /* no locks here: go on, say so, clean up */
        F->lock_fd = -1;
        F->unlocked = 1;
        return SN_OK;
      }
      return fail(msg, msglen, F->dir, "cannot lock the folder", e);
    }
    /* the file may have been removed by its previous owner between our open and our lock:
     * then the lock holds nothing, take the file that is there now */
    struct stat a, b;
    if (fstat(fd, &a) == 0 && stat(F->lock_path, &b) == 0 && a.st_dev == b.st_dev && a.st_ino == b.st_ino) {
      char pid[32];
      int n = snprintf(pid, sizeof pid, "%ld\n", (long)getpid());
      if (ftruncate(fd, 0) || pwrite(fd, pid, (size_t)n, 0) != n) { /* informative only */ }
      F->lock_fd = fd;
      return SN_OK;
    }
    close(fd);
  }
  return fail(msg, msglen, F->dir, "cannot lock the folder", EAGAIN);
}

/* "." and digits, at least one, then ".vtu" */
static int vtu_number(const char *r)
{
  if (*r++ != '.' || !(*r >= '0' && *r <= '9')) return 0;
  while (*r >= '0' && *r <= '9') r++;
  return !strcmp(r, ".vtu");
}

/* name is one of base's results, or the temporary of one ("NAME.tmpPID_K") */
static int is_result(const char *name, const char *base)
{
  size_t bl = strlen(base);
  if (strncmp(name, base, bl)) return 0;
  char r[512];
  if (snprintf(r, sizeof r, "%s", name + bl) >= (int)sizeof r) return 0;
  char *t = strstr(r, ".tmp");
  if (t) {
    const char *p = t + 4;
    int digits = 0, under = 0;
    for (; *p; p++) {
      if (*p == '_' && !under && digits) { under = 1; digits = 0; }
      else if (*p >= '0' && *p <= '9') digits++;
      else return 0;
    }
    if (!under || !digits) return 0;
    *t = '\0';
  }
  if (vtu_number(r)) return 1;
  for (int k = 0; sn_run_suffixes[k]; k++)
    if (!strcmp(r, sn_run_suffixes[k])) return 1;
  return 0;
}

static int remove_earlier(const sn_run_folder *F, char *msg, size_t msglen)
{
  DIR *d = opendir(F->dir);
  if (!d) return fail(msg, msglen, F->dir, "cannot list the folder", errno);
  int st = SN_OK;
  struct dirent *e;
  while (!st && (e = readdir(d))) {
    if (!is_result(e->d_name, F->base)) continue;
    char path[SN_RUN_PATH_MAX + 300];
    snprintf(path, sizeof path, "%s/%s", F->dir, e->d_name);
    if (unlink(path) && errno != ENOENT) {
      char what[400];
      snprintf(what, sizeof what, "cannot remove the earlier run's %s", e->d_name);
      st = fail(msg, msglen, F->dir, what, errno);
    }
  }
  closedir(d);
  return st;
}

/* the temporaries of the suffixes' files, for the signal handler */
static int name_temporaries(sn_run_folder *F)
{
  size_t per = strlen(F->dir) + strlen(F->base) + 96, n = 0;
  while (sn_run_suffixes[n]) n++;
  F->tmps = calloc(n * per + 1, 1);
  if (!F->tmps) return SN_ERR_NOMEM;
  char *p = F->tmps, path[SN_RUN_PATH_MAX + 64];
  for (size_t k = 0; k < n; k++) {
    snprintf(path, sizeof path, "%s/%s%s", F->dir, F->base, sn_run_suffixes[k]);
    p += sn_outfile_tmpname(p, per, path, (long)getpid(), 0) + 1;
  }
  return SN_OK;
}

int sn_run_folder_open(sn_run_folder *F, const char *dir, const char *base, char *msg, size_t msglen)
{
  memset(F, 0, sizeof *F);
  F->lock_fd = -1;
  if (snprintf(F->dir, sizeof F->dir, "%s", dir) >= (int)sizeof F->dir ||
      snprintf(F->base, sizeof F->base, "%s", base) >= (int)sizeof F->base)
    return fail(msg, msglen, dir, "cannot use the folder", ENAMETOOLONG);
  int st = take_lock(F, msg, msglen);
  if (!st) st = remove_earlier(F, msg, msglen);
  if (!st) st = name_temporaries(F);
  if (st) sn_run_folder_close(F);
  return st;
}

void sn_run_folder_writing(sn_run_folder *F, const char *path)
{
  int next = !F->vtu_cur;
  sn_outfile_tmpname(F->vtu_tmp[next], sizeof F->vtu_tmp[next], path, (long)getpid(), 0);
  F->vtu_cur = next;
}

void sn_run_folder_on_signal(const sn_run_folder *F)
{
  if (F->tmps)
    for (const char *p = F->tmps; *p; p += strlen(p) + 1) unlink(p);
  if (F->vtu_tmp[F->vtu_cur][0]) unlink(F->vtu_tmp[F->vtu_cur]);
  if (F->lock_fd >= 0 || F->unlocked) unlink(F->lock_path);
}

void sn_run_folder_close(sn_run_folder *F)
{
  if (F->lock_fd >= 0) {
    unlink(F->lock_path);          /* before the lock goes: a run waiting for it retries */
    close(F->lock_fd);
    F->lock_fd = -1;
  } else if (F->unlocked) {
    unlink(F->lock_path);
    F->unlocked = 0;
  }
  free(F->tmps);
  F->tmps = NULL;
}
