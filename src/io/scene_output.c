/* Results of a rigid-body scene run (include/signorini/scene_output.h): the frames (scene_vtu.c)
 * and their two ParaView series, the energy table and its plot, the FCLIB dump of a step's
 * contact problem; the folder's lock, rerun cleanup and temporaries (scene_folder.c).
 *
 * Durability: with sn_scene_output_settings.fsync every file is fsync'ed before its rename
 * (io/out_file.h), some milliseconds each, an FCLIB dump once written, and the folder (the
 * renames) when the output is closed; without (the default) each is renamed in complete and the
 * operating system writes it in its own time (a frame's writeback started at once).
 * Cost of long runs: the .csv and .pvd files are rewritten whole; so they are not rewritten after every
 * step: the .pvd after each of the first 16 frames, then when the frames not yet listed reach
 * 1/16 of those listed; the .csv at a frame (at every step when frames are off) when the rows
 * not yet on disk reach 1/16 of the rows; both at close. The bytes written stay within 17
 * times the final size, and the files on disk lag by at most 1/16 of the run. The .csv is copied from the file on disk and completed, so memory holds
 * only the rows not yet written. The plot keeps at most 65 536 points per curve (every second
 * point dropped, and the stride doubled, when full). */
#define _POSIX_C_SOURCE 200809L

#include "signorini/scene_output.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/out_file.h"
#include "io/scene_folder.h"
#include "io/scene_io.h"
#include "signorini/io.h"
#include "signorini/la.h"
#include "signorini/plot.h"

#define PLOT_MAX 65536
#define NCURVE 6   /* kinetic, potential, friction work, impact loss, kinematic work, total */

struct sn_scene_output {
  sn_scene_folder F;
  sn_scene_output_settings set;
  sn_scene_shapes G;
  /* the series: frame times and file names (relative to the folder) */
  int nframes, cap, pvd_frames;
  double *times;
  char **fb, **fc;
  /* the energy table: bytes on disk, rows not yet there */
  long long committed;
  int csv_rows, csv_rows_disk;
  char *pend;
  size_t plen, pcap;
  /* plot data */
  int np, stride, nrow;
  double *pt, *pe[NCURVE];
};

void sn_scene_output_settings_default(sn_scene_output_settings *s)
{
  if (!s) return;
  memset(s, 0, sizeof *s);
  s->frame_every = 1;
  s->energy = 1;
}

static void msg_set(char *msg, size_t msglen, const char *fmt, const char *a)
{
  if (msg && msglen) snprintf(msg, msglen, fmt, a);
}

static void output_free(sn_scene_output *o)
{
  for (int k = 0; k < o->nframes; k++) {
    free(o->fb[k]);
    free(o->fc[k]);
  }
  free(o->fb);
  free(o->fc);
  free(o->times);
  free(o->pend);
  free(o->pt);
  for (int c = 0; c < NCURVE; c++) free(o->pe[c]);
  sn_scene_shapes_free(&o->G);
  sn_scene_folder_close(&o->F);
  free(o);
}

int sn_scene_output_open(const char *dir, const char *base, const sn_scene *S,
                         const sn_scene_output_settings *s, sn_scene_output **out, char *msg, size_t msglen)
{
  if (msg && msglen) msg[0] = '\0';
  if (!out) return SN_ERR_ARG;
  *out = NULL;
  if (!dir || !base || !S) {
    msg_set(msg, msglen, "%s", "scene output: no folder, base name or scene");
    return SN_ERR_ARG;
  }
  sn_scene_output *o = calloc(1, sizeof *o);
  if (!o) return SN_ERR_NOMEM;
  o->F.lock_fd = -1;
  if (s) o->set = *s;
  else sn_scene_output_settings_default(&o->set);
  if (o->set.frame_every < 0) o->set.frame_every = 0;
  o->stride = 1;
  int st = sn_scene_folder_open(&o->F, dir, base, msg, msglen);
  if (!st && o->set.frame_every > 0) st = sn_scene_shapes_build(&o->G, S, o->set.plane_extent, msg, msglen);
  if (!st && o->set.energy) {
    o->pt = malloc(sizeof(double) * PLOT_MAX);
    for (int c = 0; c < NCURVE; c++) o->pe[c] = malloc(sizeof(double) * PLOT_MAX);
    for (int c = 0; c < NCURVE; c++)
      if (!o->pe[c]) st = SN_ERR_NOMEM;
    if (!o->pt) st = SN_ERR_NOMEM;
    if (st) msg_set(msg, msglen, "%s", "out of memory");
  }
  if (st) {
    output_free(o);
    return st;
  }
  *out = o;
  return SN_OK;
}

/* ---------------------------------------------------------------- frames and series ---- */

static int pvd_write(sn_scene_output *o, char *msg, size_t msglen)
{
  int ns = !o->set.fsync;
  int st = sn_pvd_write_x(o->F.fixed[SN_SCENE_PVD_BODIES], o->nframes, o->times, (const char *const *)o->fb, ns, msg,
                          msglen);
  if (!st)
    st = sn_pvd_write_x(o->F.fixed[SN_SCENE_PVD_CONTACTS], o->nframes, o->times, (const char *const *)o->fc, ns, msg,
                        msglen);
  if (!st) o->pvd_frames = o->nframes;
  return st;
}

static char *dup_name(const char *s)
{
  char *p = malloc(strlen(s) + 1);
  if (p) strcpy(p, s);
  return p;
}

/* the two .vtu of this step, then the series */
static int frame(sn_scene_output *o, const sn_scene *S, int step, char *msg, size_t msglen)
{
  char nb[300], nc[300], path[SN_SCENE_PATH_MAX + 300];
  snprintf(nb, sizeof nb, "%s_bodies.%04d.vtu", o->F.base, step);
  snprintf(nc, sizeof nc, "%s_contacts.%04d.vtu", o->F.base, step);
  if (o->nframes == o->cap) {
    int cap = o->cap ? 2 * o->cap : 64;
    double *t = realloc(o->times, sizeof(double) * (size_t)cap);
    if (t) o->times = t;
    char **b = realloc(o->fb, sizeof(char *) * (size_t)cap);
    if (b) o->fb = b;
    char **c = realloc(o->fc, sizeof(char *) * (size_t)cap);
    if (c) o->fc = c;
    if (!t || !b || !c) return SN_ERR_NOMEM;
    o->cap = cap;
  }
  snprintf(path, sizeof path, "%s/%s", o->F.dir, nb);
  sn_scene_folder_writing(&o->F, SN_SCENE_SLOT_VTU, path);
  int st = sn_scene_vtu_bodies(path, S, &o->G, !o->set.fsync, msg, msglen);
  if (st) return st;
  snprintf(path, sizeof path, "%s/%s", o->F.dir, nc);
  sn_scene_folder_writing(&o->F, SN_SCENE_SLOT_VTU, path);
  if ((st = sn_scene_vtu_contacts(path, S, !o->set.fsync, msg, msglen))) return st;
  char *b = dup_name(nb), *c = dup_name(nc);
  if (!b || !c) {
    free(b);
    free(c);
    return SN_ERR_NOMEM;
  }
  o->fb[o->nframes] = b;
  o->fc[o->nframes] = c;
  o->times[o->nframes++] = sn_scene_time(S);
  if (o->nframes <= 16 || 16 * (o->nframes - o->pvd_frames) >= o->nframes) st = pvd_write(o, msg, msglen);
  return st;
}

/* ---------------------------------------------------------------- energy table ---- */

static const char CSV_HEAD[] = "step,time,kinetic,potential,friction_work,impact_loss,kinematic_work,total,"
                               "contacts,iterations,solver_error,max_speed,max_penetration,solver_status\n";

/* BASE_energy.csv: the bytes on disk copied into a temporary, the pending rows after them */
static int csv_flush(sn_scene_output *o, char *msg, size_t msglen)
{
  const char *path = o->F.fixed[SN_SCENE_CSV];
  sn_outfile f;
  int st = sn_outfile_create(&f, path, msg, msglen);
  if (st) return st;
  f.nosync = !o->set.fsync;
  if (o->committed > 0) {
    FILE *in = fopen(path, "rb");
    char buf[65536];
    long long left = o->committed;
    if (!in) st = sn_outfile_fail(msg, msglen, SN_ERR_IO, path, "cannot read back the rows written");
    while (!st && left > 0) {
      size_t want = left < (long long)sizeof buf ? (size_t)left : sizeof buf, got = fread(buf, 1, want, in);
      if (got != want) st = sn_outfile_fail(msg, msglen, SN_ERR_IO, path, "shorter than the rows written");
      else fwrite(buf, 1, got, f.f);
      left -= (long long)got;
    }
    if (in) fclose(in);
  }
  if (!st) fwrite(o->pend, 1, o->plen, f.f);
  st = sn_outfile_finish(&f, st, msg, msglen);
  if (!st) {
    o->committed += (long long)o->plen;
    o->plen = 0;
    o->csv_rows_disk = o->csv_rows;
  }
  return st;
}

static int csv_append(sn_scene_output *o, const char *row, size_t n)
{
  if (o->plen + n + 1 > o->pcap) {
    size_t cap = 2 * (o->plen + n + 1) + 4096;
    char *p = realloc(o->pend, cap);
    if (!p) return SN_ERR_NOMEM;
    o->pend = p;
    o->pcap = cap;
  }
  memcpy(o->pend + o->plen, row, n);
  o->plen += n;
  return SN_OK;
}

/* the plot's points: every stride-th row; when full, every second point goes */
static void plot_add(sn_scene_output *o, double t, const double *e)
{
  if (o->nrow++ % o->stride) return;
  if (o->np == PLOT_MAX) {
    for (int k = 0; k < PLOT_MAX / 2; k++) {
      o->pt[k] = o->pt[2 * k];
      for (int c = 0; c < NCURVE; c++) o->pe[c][k] = o->pe[c][2 * k];
    }
    o->np = PLOT_MAX / 2;
    o->stride *= 2;
    if ((o->nrow - 1) % o->stride) return;
  }
  o->pt[o->np] = t;
  for (int c = 0; c < NCURVE; c++) o->pe[c][o->np] = e[c];
  o->np++;
}

/* largest speed |v| + |w| bound and penetration -gap, when the step's info does not say */
static void state_measures(const sn_scene *S, double *speed, double *pen)
{
  *speed = 0;
  *pen = 0;
  for (int i = 0; i < sn_scene_nbodies(S); i++) {
    sn_body_state b;
    sn_body_desc d;
    if (sn_scene_body_state(S, i, &b) || sn_scene_body_desc(S, i, &d)) continue;
    double r = d.shape.kind == SN_SHAPE_SPHERE ? d.shape.radius : 0;
    if (d.shape.kind == SN_SHAPE_BOX) r = sqrt(d.shape.half[0] * d.shape.half[0] + d.shape.half[1] * d.shape.half[1] + d.shape.half[2] * d.shape.half[2]);
    if (d.shape.kind == SN_SHAPE_CAPSULE || d.shape.kind == SN_SHAPE_CYLINDER) r = d.shape.radius + d.shape.half_length;
    *speed = fmax(*speed, sqrt(b.v[0] * b.v[0] + b.v[1] * b.v[1] + b.v[2] * b.v[2]) +
                              r * sqrt(b.w[0] * b.w[0] + b.w[1] * b.w[1] + b.w[2] * b.w[2]));
  }
  for (int k = 0; k < sn_scene_ncontacts(S); k++) {
    sn_body_contact c;
    if (!sn_scene_contact(S, k, &c)) *pen = fmax(*pen, -c.gap);
  }
}

/* one row: energies from sn_scene_energy (NaN when it has none), the step's info */
static int energy_row(sn_scene_output *o, const sn_scene *S, int step, const sn_dyn_info *info)
{
  sn_energy E;
  double e[NCURVE], t = sn_scene_time(S);
  if (sn_scene_energy(S, &E) == SN_OK) {
    e[0] = E.kinetic; e[1] = E.potential; e[2] = E.friction_work; e[3] = E.impact_loss; e[4] = E.kinematic_work;
    e[5] = E.kinetic + E.potential + E.friction_work + E.impact_loss - E.kinematic_work;
  } else {
    for (int c = 0; c < NCURVE; c++) e[c] = NAN;
  }
  int nc = info ? info->ncontacts : sn_scene_ncontacts(S), it = info ? info->iterations : 0, status = info ? info->status : 0;
  double err = info ? info->error : NAN, speed, pen;
  if (info) {
    speed = info->max_speed;
    pen = info->max_penetration;
  } else {
    state_measures(S, &speed, &pen);
  }
  char row[640];
  if (o->committed == 0 && o->plen == 0 && csv_append(o, CSV_HEAD, sizeof CSV_HEAD - 1)) return SN_ERR_NOMEM;
  int n = snprintf(row, sizeof row, "%d,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%d,%d,%.17g,%.17g,%.17g,%d\n", step, t,
                   e[0], e[1], e[2], e[3], e[4], e[5], nc, it, err, speed, pen, status);
  if (csv_append(o, row, (size_t)n)) return SN_ERR_NOMEM;
  o->csv_rows++;
  plot_add(o, t, e);
  return SN_OK;
}

int sn_scene_output_step(sn_scene_output *o, const sn_scene *S, int step, const sn_dyn_info *info,
                         char *msg, size_t msglen)
{
  if (msg && msglen) msg[0] = '\0';
  if (!o || !S || step < 0) return SN_ERR_ARG;
  int st = SN_OK, is_frame = o->set.frame_every > 0 && (step == 0 || step % o->set.frame_every == 0);
  if (o->set.energy) st = energy_row(o, S, step, info);
  /* the table goes to disk with the frames (every step when there are none) */
  if (!st && o->set.energy && (is_frame || o->set.frame_every == 0) && 16 * (o->csv_rows - o->csv_rows_disk) >= o->csv_rows)
    st = csv_flush(o, msg, msglen);
  if (!st && is_frame) st = frame(o, S, step, msg, msglen);
  if (st == SN_ERR_NOMEM && msg && msglen && !msg[0]) msg_set(msg, msglen, "%s", "out of memory");
  return st;
}

/* ---------------------------------------------------------------- FCLIB dump ---- */

int sn_scene_output_dump_fclib(sn_scene_output *o, const sn_scene *S, int step, char *msg, size_t msglen)
{
  if (msg && msglen) msg[0] = '\0';
  if (!o || !S || step < 0) return SN_ERR_ARG;
  sn_fc *P = NULL;
  double *r = NULL;
  char path[SN_SCENE_PATH_MAX + 64];
  snprintf(path, sizeof path, "%s/%s_step%04d.hdf5", o->F.dir, o->F.base, step);
  int st = sn_scene_last_problem(S, &P, &r);
  if (st) return sn_outfile_fail(msg, msglen, st, path, "no contact problem of a Moreau-Jean step to write (%s)", sn_strerror(st));
  int n = P->dim * P->nc;
  sn_solution *sol = sn_solution_alloc(n, 0, 0);
  if (!sol) st = SN_ERR_NOMEM;
  else {
    /* the impulses found and the relative velocities they give, u = W r + q */
    if (n > 0) {
      if (r) memcpy(sol->r, r, sizeof(double) * (size_t)n);
      memcpy(sol->u, P->q, sizeof(double) * (size_t)n);
      sn_csc_gemv(P->W, 1.0, sol->r, 1.0, sol->u);
    }
    sn_scene_folder_writing(&o->F, SN_SCENE_SLOT_HDF5, path);
    st = sn_fclib_write(path, P, NULL, r ? sol : NULL, msg, msglen);
    if (!st && o->set.fsync) st = sn_outfile_sync(path, msg, msglen);
  }
  sn_solution_free(sol);
  sn_fc_free(P);
  free(r);
  return st;
}

/* ---------------------------------------------------------------- close ---- */

static int energy_plot(sn_scene_output *o, char *msg, size_t msglen)
{
  /* short names: a legend wider than 0.4 of the image is left out by sn_plot_lines; "total" is
   * kinetic + potential + losses - kinematic work (docs/scene_results.md) */
  static const char *const NAMES[NCURVE] = {"kinetic", "potential", "friction work", "impact loss",
                                            "kinematic work", "total"};
  sn_series se[NCURVE];
  for (int c = 0; c < NCURVE; c++) se[c] = (sn_series){NAMES[c], o->np, o->pt, o->pe[c], SN_PLOT_LINE};
  sn_plot_opts p;
  sn_plot_opts_default(&p);
  p.title = "energies of the scene";
  p.xlabel = "time [s]";
  p.ylabel = "energy [J]";
  p.no_fsync = !o->set.fsync;
  return sn_plot_lines(o->F.fixed[SN_SCENE_PNG], &p, se, NCURVE, msg, msglen);
}

int sn_scene_output_close(sn_scene_output *o, char *msg, size_t msglen)
{
  if (msg && msglen) msg[0] = '\0';
  if (!o) return SN_ERR_ARG;
  int st = SN_OK;
  if (o->set.energy && o->csv_rows > 0) {
    if (o->plen > 0) st = csv_flush(o, msg, msglen);
    if (!st) st = energy_plot(o, msg, msglen);
  }
  if (!st && o->nframes > o->pvd_frames) st = pvd_write(o, msg, msglen);
  if (!st && o->set.fsync) st = sn_outfile_sync(o->F.dir, msg, msglen);   /* the renames */
  output_free(o);
  return st;
}

void sn_scene_output_on_signal(const sn_scene_output *o)
{
  if (o) sn_scene_folder_on_signal(&o->F);
}
