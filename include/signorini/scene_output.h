/* signorini: the results of a rigid-body scene run on disk (issue #12, outputs).
 *
 * In folder dir (which must exist): BASE_bodies.NNNN.vtu (each body's surface as triangles, in
 * world coordinates, with cell arrays BodyId and point arrays Velocity), BASE_contacts.NNNN.vtu
 * (the contact points as a point cloud with Normal, ImpulseN, ImpulseT (|tangential impulse|),
 * Gap, Status), BASE_bodies.pvd and BASE_contacts.pvd (the ParaView series), BASE_energy.csv
 * (one row per step: step, time, kinetic, potential, friction work, impact loss, kinematic work,
 * total, contacts, iterations, solver error, max speed, max penetration, solver status) and its
 * plot BASE_energy.png (written at close), and BASE_stepNNNN.hdf5 (the FCLIB local problem of a
 * chosen step, with its solution) for the steps asked. Every file is written atomically
 * (temporary name, rename). The .pvd and .csv files are rewritten whole, so not after every step:
 * the .pvd after each of the first 16 frames, then whenever the frames not yet listed reach 1/16
 * of those listed; the .csv at a frame (every step when frames are off) whenever the rows not yet
 * on disk reach 1/16 of the rows; both complete after sn_scene_output_close. During a run the
 * files on disk are complete but may lag the run by up to 1/16 of it. */
#ifndef SIGNORINI_SCENE_OUTPUT_H
#define SIGNORINI_SCENE_OUTPUT_H

#include <stddef.h>

#include "signorini/dynamics.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
  int frame_every;      /* write a VTU frame every this many steps (default 1; 0: none) */
  int energy;           /* write the energy CSV and its plot (default 1) */
  double plane_extent;  /* side of the square drawn for infinite planes (default 0: from the scene's bounds) */
  int fsync;            /* 1: every file synced to disk (fsync) before it is renamed in (an FCLIB
                           dump once written), and the folder by sn_scene_output_close, for
                           durability against a power failure; 0 (default): renamed in complete,
                           written to disk by the operating system in its own time */
} sn_scene_output_settings;

void sn_scene_output_settings_default(sn_scene_output_settings *s);

typedef struct sn_scene_output sn_scene_output;

/* Opens the series (removes earlier BASE_* results there, as a rerun replaces them). */
int sn_scene_output_open(const char *dir, const char *base, const sn_scene *S,
                         const sn_scene_output_settings *s, sn_scene_output **out, char *msg, size_t msglen);
/* After step number `step` (1, 2, ...; 0 for the initial state): the energy row, and, when
 * frame_every > 0, a frame when step % frame_every == 0 (step 0 included). */
int sn_scene_output_step(sn_scene_output *o, const sn_scene *S, int step, const sn_dyn_info *info,
                         char *msg, size_t msglen);
/* The FCLIB HDF5 of the last Moreau-Jean step's problem and impulses: BASE_stepNNNN.hdf5. */
int sn_scene_output_dump_fclib(sn_scene_output *o, const sn_scene *S, int step, char *msg, size_t msglen);
/* Writes the plot and the final PVDs; frees o. */
int sn_scene_output_close(sn_scene_output *o, char *msg, size_t msglen);
/* For a SIGINT handler: unlink the temporaries held now (async-signal-safe). */
void sn_scene_output_on_signal(const sn_scene_output *o);

#ifdef __cplusplus
}
#endif
#endif
