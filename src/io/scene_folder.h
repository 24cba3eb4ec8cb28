/* Internal to src/io (scene_output.c): the output folder of a rigid-body scene run.
 *
 *  - one run at a time: DIR/.signorini.lock held with flock() for the run's lifetime, the same
 *    lock file and protocol as the finite-element runs (src/analysis/run_folder.c), so that a
 *    scene run and a deck run never write into one folder at once; on a file system without
 *    locks the run goes on unlocked (F->unlocked);
 *  - a rerun replaces the results: BASE_bodies.N.vtu, BASE_contacts.N.vtu, BASE_bodies.pvd,
 *    BASE_contacts.pvd, BASE_energy.csv, BASE_energy.png, BASE_stepN.hdf5 (N: digits) and their
 *    temporaries ("NAME.tmpPID_K", io/out_file.h) are removed before the first file is written;
 *  - the names of the temporaries that may exist at any moment, for a signal handler: the fixed
 *    files' (known at open) and the frame or HDF5 file being written (two slots, each
 *    double-buffered so that the handler always reads a complete name). */
#ifndef SN_IO_SCENE_FOLDER_H
#define SN_IO_SCENE_FOLDER_H

#include <signal.h>
#include <stddef.h>

#define SN_SCENE_PATH_MAX 1400
#define SN_SCENE_NFIXED 4                  /* the two .pvd, the .csv, the .png */

typedef struct {
  char dir[1024], base[256];
  int lock_fd;                             /* -1: none */
  int unlocked;
  char lock_path[SN_SCENE_PATH_MAX];
  char fixed[SN_SCENE_NFIXED][SN_SCENE_PATH_MAX];        /* the targets */
  char fixed_tmp[SN_SCENE_NFIXED][SN_SCENE_PATH_MAX + 48];
  char cur_tmp[2][2][SN_SCENE_PATH_MAX + 48];            /* [slot][buffer] */
  volatile sig_atomic_t cur[2];                          /* the current buffer of each slot */
} sn_scene_folder;

enum { SN_SCENE_PVD_BODIES = 0, SN_SCENE_PVD_CONTACTS, SN_SCENE_CSV, SN_SCENE_PNG };
enum { SN_SCENE_SLOT_VTU = 0, SN_SCENE_SLOT_HDF5 };

/* lock dir, remove the earlier results of base there, name the temporaries; SN_ERR_IO (or
 * SN_ERR_ARG for names too long) with "DIR: reason" in msg; F is closed on failure */
int sn_scene_folder_open(sn_scene_folder *F, const char *dir, const char *base, char *msg, size_t msglen);
/* path (in the folder) is about to be written in slot: its temporary's name for the handler */
void sn_scene_folder_writing(sn_scene_folder *F, int slot, const char *path);
/* async-signal-safe (unlink only): the temporaries that may exist now, and the lock file */
void sn_scene_folder_on_signal(const sn_scene_folder *F);
/* release and remove the lock file */
void sn_scene_folder_close(sn_scene_folder *F);

#endif
