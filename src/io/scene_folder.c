/* The output folder of a scene run: lock, removal of the earlier results, temporaries
 * (scene_folder.h). */
#define _DEFAULT_SOURCE
#include "io/scene_folder.h"

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

#define LOCK_NAME ".signorini.lock"

static const char *const FIXED[SN_SCENE_NFIXED] = {"_bodies.pvd", "_contacts.pvd", "_energy.csv", "_energy.png"};

static int fail(char *msg, size_t msglen, const char *dir, const char *what, int e)
{
  char why[128];
  if (strerror_r(e, why, sizeof why)) snprintf(why, sizeof why, "error %d", e);
  if (msg && msglen) snprintf(msg, msglen, "%s: %s: %s", dir, what, why);
  return SN_ERR_IO;
}

/* the lock of run_folder.c: flock on DIR/.signorini.lock holding the owner's pid; a file
 * removed by its previous owner between our open and our flock is taken again */
static int take_lock(sn_scene_folder *F, char *msg, size_t msglen)
{
  snprintf(F->lock_path, sizeof F->lock_path, "%s/%s", F->dir, LOCK_NAME);
  for (int attempt = 0; attempt < 10; attempt++) {
    int fd = open(F->lock_path, O_RDWR | O_CREAT | O_CLOEXEC, 0666);
    if (fd < 0) return fail(msg, msglen, F->dir, "cannot create the lock file " LOCK_NAME, errno);
    if (flock(fd, LOCK_EX | LOCK_NB)) {
      int e = errno;
      if (e == EWOULDBLOCK) {
        char b[32] = {0};
        long pid = pread(fd, b, sizeof b - 1, 0) > 0 ? strtol(b, NULL, 10) : 0;
        close(fd);
        if (msg && msglen) {
          char who[48] = "";
          if (pid > 0) snprintf(who, sizeof who, " (process %ld)", pid);
          snprintf(msg, msglen, "%s: another run%s is writing its results into this folder "
                   "(lock file " LOCK_NAME "): wait for it to end or use another folder", F->dir, who);
        }
        return SN_ERR_IO;
      }
      close(fd);
      if (e == ENOLCK || e == EOPNOTSUPP) {
        F->unlocked = 1;
        return SN_OK;
      }
      return fail(msg, msglen, F->dir, "cannot lock the folder", e);
    }
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

/* s starts with pre, then at least one digit, then exactly post */
static int numbered(const char *s, const char *pre, const char *post)
{
  size_t n = strlen(pre);
  if (strncmp(s, pre, n)) return 0;
  s += n;
  if (!(*s >= '0' && *s <= '9')) return 0;
  while (*s >= '0' && *s <= '9') s++;
  return !strcmp(s, post);
}

/* name is one of base's scene results, or the temporary of one ("NAME.tmpPID_K") */
static int is_result(const char *name, const char *base)
{
  size_t bl = strlen(base);
  if (strncmp(name, base, bl) || name[bl] != '_') return 0;
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
  for (int k = 0; k < SN_SCENE_NFIXED; k++)
    if (!strcmp(r, FIXED[k])) return 1;
  return numbered(r, "_bodies.", ".vtu") || numbered(r, "_contacts.", ".vtu") || numbered(r, "_step", ".hdf5");
}

static int remove_earlier(const sn_scene_folder *F, char *msg, size_t msglen)
{
  DIR *d = opendir(F->dir);
  if (!d) return fail(msg, msglen, F->dir, "cannot list the folder", errno);
  int st = SN_OK;
  struct dirent *e;
  while (!st && (e = readdir(d))) {
    if (!is_result(e->d_name, F->base)) continue;
    char path[SN_SCENE_PATH_MAX + 300];
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

int sn_scene_folder_open(sn_scene_folder *F, const char *dir, const char *base, char *msg, size_t msglen)
{
  memset(F, 0, sizeof *F);
  F->lock_fd = -1;
  if (!*base || strchr(base, '/')) {
    if (msg && msglen) snprintf(msg, msglen, "%s: bad base name '%s'", dir, base);
    return SN_ERR_ARG;
  }
  if (snprintf(F->dir, sizeof F->dir, "%s", dir) >= (int)sizeof F->dir ||
      snprintf(F->base, sizeof F->base, "%s", base) >= (int)sizeof F->base)
    return fail(msg, msglen, dir, "cannot use the folder", ENAMETOOLONG);
  for (int k = 0; k < SN_SCENE_NFIXED; k++) {
    snprintf(F->fixed[k], sizeof F->fixed[k], "%s/%s%s", F->dir, F->base, FIXED[k]);
    sn_outfile_tmpname(F->fixed_tmp[k], sizeof F->fixed_tmp[k], F->fixed[k], (long)getpid(), 0);
  }
  int st = take_lock(F, msg, msglen);
  if (!st) st = remove_earlier(F, msg, msglen);
  if (st) sn_scene_folder_close(F);
  return st;
}

void sn_scene_folder_writing(sn_scene_folder *F, int slot, const char *path)
{
  int next = !F->cur[slot];
  sn_outfile_tmpname(F->cur_tmp[slot][next], sizeof F->cur_tmp[slot][next], path, (long)getpid(), 0);
  F->cur[slot] = next;
}

void sn_scene_folder_on_signal(const sn_scene_folder *F)
{
  for (int k = 0; k < SN_SCENE_NFIXED; k++)
    if (F->fixed_tmp[k][0]) unlink(F->fixed_tmp[k]);
  for (int s = 0; s < 2; s++)
    if (F->cur_tmp[s][F->cur[s]][0]) unlink(F->cur_tmp[s][F->cur[s]]);
  if (F->lock_fd >= 0 || F->unlocked) unlink(F->lock_path);
}

void sn_scene_folder_close(sn_scene_folder *F)
{
  if (F->lock_fd >= 0) {
    unlink(F->lock_path);          /* before the lock goes: a run waiting for it retries */
    close(F->lock_fd);
    F->lock_fd = -1;
  } else if (F->unlocked) {
    unlink(F->lock_path);
    F->unlocked = 0;
  }
}
