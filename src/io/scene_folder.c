/* The output folder of a scene run: lock, removal of the earlier results, temporaries
 * (scene_folder.h). */
#define _DEFAULT_SOURCE
#include "io/scene_folder.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "io/folder_lock.h"
#include "io/out_file.h"
#include "signorini/common.h"

static const char *const FIXED[SN_SCENE_NFIXED] = {"_bodies.pvd", "_contacts.pvd", "_energy.csv", "_energy.png"};

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
  if (!sn_folder_untemp(name + bl, r, sizeof r)) return 0;
  for (int k = 0; k < SN_SCENE_NFIXED; k++)
    if (!strcmp(r, FIXED[k])) return 1;
  return numbered(r, "_bodies.", ".vtu") || numbered(r, "_contacts.", ".vtu") || numbered(r, "_step", ".hdf5");
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
    return sn_folder_fail(msg, msglen, dir, "cannot use the folder", ENAMETOOLONG);
  for (int k = 0; k < SN_SCENE_NFIXED; k++) {
    snprintf(F->fixed[k], sizeof F->fixed[k], "%s/%s%s", dir, base, FIXED[k]);   /* = F->dir, F->base */
    sn_outfile_tmpname(F->fixed_tmp[k], sizeof F->fixed_tmp[k], F->fixed[k], (long)getpid(), 0);
  }
  int st = sn_folder_lock(F->dir, F->lock_path, sizeof F->lock_path, &F->lock_fd, &F->unlocked, msg, msglen);
  if (!st) st = sn_folder_remove_results(F->dir, F->base, is_result, msg, msglen);
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
  sn_folder_unlock(F->lock_path, &F->lock_fd, &F->unlocked);
}
