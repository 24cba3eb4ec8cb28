/* The charts of a quasi-static run (private to src/analysis; used by run_output.c):
 * BASE_convergence.png, BASE_contact_pressure.png, BASE_contact_shear.png and BASE_load.png,
 * from each increment's data kept by sn_run_plots_add, drawn when a step ends (or after every
 * increment, SN_PLOTS_INCREMENT) and at the end of a run that stopped inside a step.
 *
 * Off the run's critical path (issue #13, point 3): the drawing runs on a thread of its own,
 * started by sn_run_plots_start, while the caller writes the increment's other files, and
 * joined by sn_run_plots_wait before the increment's output returns (a chart is on disk when
 * the callback that drew it returns, as before). sn_run_plots_configure starts the same thread
 * on sn_plot_prepare while the analysis computes: the plot module, cairo's fonts and
 * fontconfig's configuration (about 7 ms) are loaded before the first chart is due. The thread
 * only reads the data kept here and writes the chart files and its own message; the caller
 * must not call sn_run_plots_add between start and wait. Where a thread cannot be created the
 * work is done in the caller's thread, with the same result. */
#ifndef SN_ANALYSIS_RUN_PLOTS_H
#define SN_ANALYSIS_RUN_PLOTS_H

#include <stddef.h>

#include "signorini/analysis.h"

typedef struct sn_run_plots sn_run_plots;

/* the charts of DIR/BASE_*.png; drawn when a step ends until configured otherwise */
int sn_run_plots_open(sn_run_plots **out, const char *dir, const char *base);
/* when the charts are drawn; unless SN_PLOTS_NONE, the plot module prepared on the thread */
void sn_run_plots_configure(sn_run_plots *P, sn_plot_when when);
/* on: the charts are synced to disk once all of a drawing's are renamed in (default off: each
 * renamed in with its writeback started); call before the first drawing */
void sn_run_plots_set_fsync(sn_run_plots *P, int on);
sn_plot_when sn_run_plots_when(const sn_run_plots *P);
/* keep this increment's data (residual history, contact profiles, load point) */
int sn_run_plots_add(sn_run_plots *P, const sn_model *m, const sn_increment *inc);
/* start drawing every increment so far, unless SN_PLOTS_NONE, none kept, or the charts on
 * disk show them all already; returns at once: 1 when a drawing is under way (wait for it).
 * What the drawing needs of m is copied here: m need not outlive the drawing */
int sn_run_plots_start(sn_run_plots *P, const sn_model *m);
/* wait for the drawing started (and for the preparation); SN_OK, or the first chart's error
 * with "PATH: reason" in err */
int sn_run_plots_wait(sn_run_plots *P, char *err, size_t errlen);
/* forget the last increment added (one whose output never came: the run stopped between
 * sn_run_output_converged and its sn_run_output_increment, or its output failed); to be called
 * with no drawing under way (after sn_run_plots_wait: nothing is done otherwise); charts on disk
 * that show it, or that a failed drawing left unknown, are drawn again by the next start, or
 * removed when no increment is left */
void sn_run_plots_drop_last(sn_run_plots *P);
/* waits, then frees */
void sn_run_plots_close(sn_run_plots *P);

/* The 3D contact profiles' envelope: of n (s, p, q) triples sorted by s (position along the
 * plotting axis, pressure, shear magnitude), the points of one position (within 1e-9 of the
 * extent), or, where the positions are more than SN_PROFILE_BINS, of one of SN_PROFILE_BINS
 * equal bins, become one: their mean position, the largest p and the largest q (across the
 * contact area). Rewritten in place; returns their new number. */
enum { SN_PROFILE_BINS = 200 };
int sn_run_plots_envelope(double *t, int n);

#endif
