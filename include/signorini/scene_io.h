/* signorini: rigid-body scene files (issue #12) and their run.
 *
 * A scene file is a keyword deck in the style of CalculiX / Abaqus input decks whose first
 * keyword is *SCENE (docs/dynamics.md describes every keyword and parameter): materials and
 * their densities, contact laws per pair of materials, gravity, bodies (sphere, box, capsule,
 * cylinder, convex polyhedron, plane, triangle mesh) with their initial state, lattices of
 * identical bodies, the *DYNAMIC step (Moreau-Jean time stepping or event-driven integration,
 * its time increment and period, the contact solver), output requests and FCLIB dumps.
 *
 * sn_scene_read builds the scene (include/signorini/dynamics.h) and the run description; every
 * error is "FILE:LINE: message", and nothing is returned on an error. sn_scene_simulate runs
 * the description: the time loop, the outputs (include/signorini/scene_output.h) and a
 * progress callback per output interval. */
#ifndef SIGNORINI_SCENE_IO_H
#define SIGNORINI_SCENE_IO_H

#include <stddef.h>

#include "signorini/dynamics.h"
#include "signorini/scene_output.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
  /* 0 (default): an *INCLUDE file must lie inside the folder tree of the scene file (real
   * paths, symbolic links resolved); 1: anywhere */
  int allow_include_anywhere;
  /* bytes of one file, and of all the lines read from the scene and its included files;
   * 0: SN_INP_MAX_FILE_BYTES (io.h) */
  unsigned long long max_file_bytes;
  /* bodies of the scene, lattices included (0: SN_SCENE_MAX_BODIES) */
  long max_bodies;
} sn_scene_read_options;

void sn_scene_read_options_default(sn_scene_read_options *o);

enum { SN_SCENE_MOREAU = 0, SN_SCENE_EVENT = 1 };

#define SN_SCENE_MAX_BODIES 2000000L  /* default bound on the bodies of a scene file */
#define SN_SCENE_MAX_DUMPS 64    /* FCLIB dumps of one run */
#define SN_SCENE_MAX_STEPS 1000000000L /* time steps (Moreau-Jean) or output intervals (event) */

/* What to run: the *DYNAMIC step, *OUTPUT and *FCLIB of a scene file. */
typedef struct {
  char heading[128];     /* the *HEADING line ("" if none) */
  int method;            /* SN_SCENE_MOREAU or SN_SCENE_EVENT */
  double dt;             /* Moreau-Jean: the time step; event-driven: the output interval */
  double total;          /* the time period: the run goes from the scene's time 0 to total */
  sn_dyn_settings settings; /* the integrator's settings; settings.solver is NULL here: the
                               solver's name is in solver[] (sn_scene_run_settings joins them) */
  char solver[64];       /* "" (the default: matrix-free NSGS), a registry name, "global:NAME" */
  char options[256];     /* the solver's options, "name=value,..." (*SOLVER OPTIONS; "" none):
                            sn_scene_run_settings points settings.solve.options at them */
  int frame_every;       /* a VTU frame every this many steps / intervals (0: none; default 1) */
  int energy;            /* the energy CSV and its plot (default 1) */
  int ndump;             /* FCLIB dumps: the local problem of Moreau-Jean steps dump[0..ndump) */
  int dump[SN_SCENE_MAX_DUMPS];
  int line;              /* the line of *DYNAMIC in the scene file (for messages) */
} sn_scene_run;

void sn_scene_run_default(sn_scene_run *run);
/* run->settings with settings.solver pointing at run->solver and settings.solve.options at
 * run->options (NULL when empty): valid while run is */
void sn_scene_run_settings(const sn_scene_run *run, sn_dyn_settings *s);
/* the number of Moreau-Jean steps (or event-driven output intervals) of the run: total / dt
 * rounded up (the last one shortened to end at total) */
long sn_scene_run_steps(const sn_scene_run *run);

/* Read the scene file at path. SN_OK and *S (caller frees with sn_scene_free) and *run; or
 * SN_ERR_IO (the file cannot be read), SN_ERR_FORMAT (the scene is invalid), SN_ERR_NOMEM,
 * with "PATH:LINE: message" in msg, *S NULL. opt may be NULL (the defaults). */
int sn_scene_read(const char *path, const sn_scene_read_options *opt, sn_scene **S, sn_scene_run *run,
                  char *msg, size_t msglen);
/* The same for a scene held in memory (text[0..len), need not be NUL-terminated); name is what
 * messages call it (NULL: "<memory>"); *INCLUDE resolves against basedir (NULL: refused) and
 * stays inside its folder tree. */
int sn_scene_parse(const char *text, size_t len, const char *name, const char *basedir, sn_scene **S,
                   sn_scene_run *run, char *msg, size_t msglen);

/* ---- the run ---- */

/* Called after every output interval (every frame_every steps, and after the last step), with
 * the step number (1 .. nsteps) and the info of that step. Non-zero stops the run
 * (sn_scene_simulate returns SN_STALLED). */
typedef int (*sn_scene_progress_fn)(const sn_scene *S, long step, long nsteps, const sn_dyn_info *info,
                                    void *user);

typedef struct {
  long steps;            /* steps (or event-driven intervals) done */
  int status;            /* SN_OK: every step's contact problem solved to tolerance; else the
                            worst solver status met (SN_MAX_ITER, ...), or the error that stopped
                            the run */
  long unconverged;      /* steps whose contact solver did not reach its tolerance */
  long first_unconverged; /* the first of them (0: none) */
  double max_error;      /* the largest solver error of a step */
  long iterations;       /* solver iterations, all steps */
  int max_contacts;      /* the most contacts in one step's problem */
  double max_penetration; /* the largest penetration after a step */
  long events;           /* event-driven: events handled */
  double seconds;        /* wall time of the loop, outputs included */
  double seconds_output; /* of which writing the outputs */
} sn_scene_run_info;

/* Run the scene from its current time to run->total: Moreau-Jean steps of run->dt
 * (sn_scene_step) or event-driven integration over intervals of run->dt
 * (sn_scene_advance_event). out (may be NULL) receives the initial state (step 0), every step
 * (its energy row; a frame every frame_every steps), the FCLIB dumps of run->dump, and is left
 * open (the caller closes it). A step whose solver stops short of its tolerance is counted in
 * info and the run goes on; an error (SN_ERR_*) stops it, with the reason in msg. An
 * event-driven interval that ends short of its end with a positive status stops the run too,
 * after that interval's output, and sn_scene_simulate returns that status with the reason in
 * msg: SN_STALLED when it makes no progress (its events accumulate at one time, or its step
 * falls below round-off), SN_RAY or SN_DIVERGED when an event's acceleration-level problem has
 * no solution found (no smooth motion: Painleve's paradox). msg is empty when the run went to
 * its end. */
int sn_scene_simulate(sn_scene *S, const sn_scene_run *run, sn_scene_output *out, sn_scene_progress_fn progress,
                      void *user, sn_scene_run_info *info, char *msg, size_t msglen);

#ifdef __cplusplus
}
#endif
#endif
