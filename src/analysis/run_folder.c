/* The output folder of a run: lock, removal of the earlier results, temporaries (run_folder.h).
 * A rerun replaces the results, as CalculiX does: the earlier run's files of the same BASE go
 * before this run writes its first, so that the folder never holds a mixed series (the first
 * run's BASE.0009.vtu after a second run of 5 increments). */
#define _DEFAULT_SOURCE
#include "analysis/run_folder.h"
#include "io/folder_lock.h"
#include "io/out_file.h"
#include "signorini/common.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

const char *const sn_run_suffixes[] = {".pvd", ".dat", ".frd", "_contact.csv", "_convergence.png",
                                       "_contact_pressure.png", "_contact_shear.png", "_load.png", "_energy.csv", "_energy.png",
                                       NULL};

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
  if (!sn_folder_untemp(name + bl, r, sizeof r)) return 0;
  if (vtu_number(r)) return 1;
  for (int k = 0; sn_run_suffixes[k]; k++)
    if (!strcmp(r, sn_run_suffixes[k])) return 1;
  return 0;
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
  for (int k = 0; k < SN_RUN_APPENDS; k++) {
    atomic_init(&F->appends[k].active, 0);
    atomic_init(&F->appends[k].stop, 0);
  }
  F->lock_fd = -1;
  if (snprintf(F->dir, sizeof F->dir, "%s", dir) >= (int)sizeof F->dir ||
      snprintf(F->base, sizeof F->base, "%s", base) >= (int)sizeof F->base)
    return sn_folder_fail(msg, msglen, dir, "cannot use the folder", ENAMETOOLONG);
  int st = sn_folder_lock(F->dir, F->lock_path, sizeof F->lock_path, &F->lock_fd, &F->unlocked, msg, msglen);
  if (!st) st = sn_folder_remove_results(F->dir, F->base, is_result, msg, msglen);
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

static void unlink_temporaries(const sn_run_folder *F)
{
  if (F->tmps)
    for (const char *p = F->tmps; *p; p += strlen(p) + 1) unlink(p);
  for (int k = 0; k < 2; k++)
    if (F->vtu_tmp[k][0]) unlink(F->vtu_tmp[k]);
}

/* The output's threads go on writing while this runs (they block signals): one that creates a
 * temporary just after the first pass would leave it when the process ends. A second pass 10 ms
 * later removes what they created meanwhile (test_cli_run caught a chart's and the .frd's
 * temporaries left behind on a loaded machine with the first pass alone); what remains is a
 * temporary created in the microseconds between the second pass and the end of the process.
 * unlink and nanosleep are async-signal-safe. Both .vtu slots are removed: a signal during
 * sn_run_folder_writing (the main thread's) may find one being rewritten, a torn name that is
 * at worst another temporary's, never a result's. The growing files' appends are told to stop
 * first (each stops within a chunk of 1 MB and cuts its file back); after the pause any still
 * announced is cut back here (file_append.c). */
void sn_run_folder_on_signal(sn_run_folder *F)
{
  for (int k = 0; k < SN_RUN_APPENDS; k++) sn_append_guard_stop(&F->appends[k]);
  unlink_temporaries(F);
  struct timespec pause = {0, 10 * 1000 * 1000};
  nanosleep(&pause, NULL);
  unlink_temporaries(F);
  for (int k = 0; k < SN_RUN_APPENDS; k++) sn_append_guard_cut(&F->appends[k]);
  if (F->lock_fd >= 0 || F->unlocked) unlink(F->lock_path);
}

void sn_run_folder_close(sn_run_folder *F)
{
  sn_folder_unlock(F->lock_path, &F->lock_fd, &F->unlocked);
  free(F->tmps);
  F->tmps = NULL;
}
