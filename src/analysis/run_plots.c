/* The charts of a quasi-static run, drawn on a thread of their own (run_plots.h). */
#include "analysis/run_plots.h"
#include "io/out_file.h"

#include "signorini/plot.h"
#include "analysis/contact_frame.h"
#include "common/task.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SN_PLOT_ERR 512

/* the model as the charts see it, copied when a drawing starts (sn_run_plots_start): the thread
 * never reads the caller's model, which an analysis may free before the drawing is waited for
 * (its own copy of the model, when the run stops between sn_run_output_converged and the
 * increment's output) */
typedef struct {
  int npairs, ndf;
  int augmented;         /* some step's contact treatment is AUGMENTED (and there is contact) */
  int nodal;             /* every pair's slave surface is node-based: forces per node weight */
  int frictionless;      /* every interaction's mu is 0 */
  char length[16], force[16], stress[16], time[16];   /* the deck's units */
} chart_model;

static void chart_model_take(chart_model *c, const sn_model *m)
{
  memset(c, 0, sizeof *c);
  c->npairs = m->npairs;
  c->ndf = m->ndf;
  for (int k = 0; k < m->nsteps; k++) c->augmented |= m->steps[k].contact == SN_CT_AUGMENTED && m->npairs > 0;
  c->nodal = 1;
  for (int k = 0; k < m->npairs; k++) c->nodal &= m->surfaces[m->pairs[k].slave].node_based != 0;
  c->frictionless = 1;
  for (int k = 0; k < m->ninteractions; k++) c->frictionless &= m->interactions[k].mu == 0;
  snprintf(c->length, sizeof c->length, "%s", m->units.length);
  snprintf(c->force, sizeof c->force, "%s", m->units.force);
  snprintf(c->stress, sizeof c->stress, "%s", m->units.stress);
  snprintf(c->time, sizeof c->time, "%s", m->units.time);
}

struct sn_run_plots {
  char dir[1024], base[256];
  sn_plot_when plot_when;
  /* one entry per increment: residual histories; contact profiles along the contact region
   * (coordinate s, pressure, signed tangential traction); load curve */
  int ninc, capinc;
  double **hist, **cs, **cp, **cq, *ptimes, *fn, *ft, *umax;
  int *nhist, *ncp;
  int axis;              /* coordinate (0, 1, 2) along which the contact region is plotted */
  int drawn;             /* increments the charts on disk show */
  /* the thread: the preparation (prepared: started once), then each drawing (drawing: one
   * under way, not waited for; its status, message, model and the increments it shows). One
   * thread, not one per chart: cairo shares its font caches between threads, and ThreadSanitizer
   * reports races inside cairo when two threads draw at once */
  sn_task task;
  int draw_st;
  char err[SN_PLOT_ERR];
  int prepared, drawing, draw_ninc;
  int fsync;             /* sn_run_plots_set_fsync: the charts synced once all are drawn */
  chart_model cm;        /* what the drawing reads of the model, taken when it starts */
};

static int cmp_pair(const void *a, const void *b)
{
  double x = ((const double *)a)[0], y = ((const double *)b)[0];
  return (x > y) - (x < y);
}

/* the charts' names (BASE_NAME.png), in the order they are drawn */
enum { CH_CONVERGENCE, CH_PRESSURE, CH_SHEAR, CH_LOAD, NCHARTS };
static const char *const chart_name[NCHARTS] = {"convergence", "contact_pressure", "contact_shear", "load"};

static void chart_path(const sn_run_plots *R, int k, char *path, size_t n)
{
  snprintf(path, n, "%s/%s_%s.png", R->dir, R->base, chart_name[k]);
}

/* a chart's defaults: renamed in without its own fsync, the charts synced together when all are
 * drawn (draw_plots) */
static void chart_opts(sn_plot_opts *o)
{
  sn_plot_opts_default(o);
  o->no_fsync = 1;
}

/* "quantity (unit)", or the quantity alone when the deck declares no unit for it */
static const char *label(char *buf, size_t n, const char *q, const char *unit)
{
  if (unit && unit[0]) snprintf(buf, n, "%s (%s)", q, unit);
  else snprintf(buf, n, "%s", q);
  return buf;
}

/* BASE_convergence.png: the relative residual of every Newton iteration, one curve per
 * increment; when no increment took more than one Newton iteration (two residuals), a bar of
 * each increment's final residual instead (a curve of one segment per increment says less) */
static int draw_convergence(sn_run_plots *R, sn_series *se, char (*names)[32], char *err)
{
  int ni = R->ninc, most = 0, augmented = R->cm.augmented;
  for (int i = 0; i < ni; i++) most = R->nhist[i] > most ? R->nhist[i] : most;
  char path[1400];
  sn_plot_opts o;
  chart_opts(&o);
  o.logy = 1;
  o.ylabel = "relative residual";
  chart_path(R, CH_CONVERGENCE, path, sizeof path);
  if (most <= 2) {
    double *last = malloc(sizeof(double) * ((size_t)ni + 1));
    if (!last) return SN_ERR_NOMEM;
    for (int i = 0; i < ni; i++) last[i] = R->nhist[i] > 0 ? R->hist[i][R->nhist[i] - 1] : NAN;
    o.title = augmented ? "final residual per increment (one Newton iteration within Uzawa rounds)"
                        : "final residual per increment (one Newton iteration each)";
    o.xlabel = "increment";
    se[0] = (sn_series){NULL, ni, NULL, last, SN_PLOT_BARS};
    int st = sn_plot_lines(path, &o, se, 1, err, SN_PLOT_ERR);
    free(last);
    return st;
  }
  for (int i = 0; i < ni; i++) se[i] = (sn_series){names[i], R->nhist[i], NULL, R->hist[i], SN_PLOT_LINE_MARKERS};
  o.title = augmented ? "Newton iterations within Uzawa rounds, every increment" : "Newton iterations of every increment";
  o.xlabel = augmented ? "Newton iteration (all Uzawa rounds of the increment)" : "Newton iteration";
  o.ramp = ni > 12;
  o.ramp_first = R->ptimes[0];
  o.ramp_last = R->ptimes[ni - 1];
  o.ramp_label = "time";
  return sn_plot_lines(path, &o, se, ni, err, SN_PLOT_ERR);
}

/* BASE_contact_pressure.png, BASE_contact_shear.png: the contact stresses along the contact
 * region, one curve per increment; the shear is the CSV's and VTU's tang1 in 2D (signed, in
 * the output frame of docs/results.md), the magnitude of (tang1, tang2) in 3D */
/* no shear to draw: every interaction frictionless and every plotted shear exactly zero (a
 * chart of zeros, a quarter of the charts' drawing and compression on the frictionless Hertz
 * decks; docs/results.md) */
static int shear_all_zero(const sn_run_plots *R)
{
  if (!R->cm.frictionless) return 0;
  for (int i = 0; i < R->ninc; i++)
    for (int q = 0; q < R->ncp[i]; q++)
      if (R->cq[i][q] != 0) return 0;
  return 1;
}

static int draw_profiles(sn_run_plots *R, sn_series *se, char (*names)[32], int no_shear, char *err)
{
  const chart_model *m = &R->cm;
  static const char *const axn[] = {"x", "y", "z"};
  int ni = R->ninc, st;
  char path[1400], q[96], xl[128], yl[128];
  sn_plot_opts o;
  chart_opts(&o);
  snprintf(q, sizeof q, "%s along the contact region", axn[R->axis]);
  o.xlabel = label(xl, sizeof xl, q, m->length);
  o.ramp = 1;
  o.ramp_first = R->ptimes[0];
  o.ramp_last = R->ptimes[ni - 1];
  o.ramp_label = label(q, sizeof q, "time", m->time);
  for (int i = 0; i < ni; i++) se[i] = (sn_series){names[i], R->ncp[i], R->cs[i], R->cp[i], SN_PLOT_LINE_MARKERS};
  /* node surfaces (TYPE=NODE) divide by the node's weight, not an area: force units */
  int nodal = m->nodal;
  const char *su = nodal ? m->force : m->stress;
  int d3 = m->ndf == 3;   /* the envelope across the area at each position (plot_data) */
  o.title = nodal ? (d3 ? "largest normal contact force per node weight (CPRESS) at each position, every increment"
                        : "normal contact force per node weight (CPRESS), every increment")
                  : (d3 ? "largest contact pressure CPRESS at each position, every increment"
                        : "contact pressure CPRESS, every increment");
  o.ylabel = label(yl, sizeof yl, nodal ? "normal force / weight" : "contact pressure", su);
  chart_path(R, CH_PRESSURE, path, sizeof path);
  st = sn_plot_lines(path, &o, se, ni, err, SN_PLOT_ERR);
  for (int i = 0; i < ni; i++) se[i] = (sn_series){names[i], R->ncp[i], R->cs[i], R->cq[i], SN_PLOT_LINE_MARKERS};
  o.title = m->ndf == 2 ? "contact shear tang1 (CSHEAR), every increment"
                        : "largest contact shear magnitude |CSHEAR| at each position, every increment";
  o.ylabel = label(yl, sizeof yl, nodal ? (m->ndf == 2 ? "tangential force / weight, tang1" : "tangential force / weight")
                                        : (m->ndf == 2 ? "shear stress tang1" : "shear stress magnitude"), su);
  chart_path(R, CH_SHEAR, path, sizeof path);
  if (!st && !no_shear) st = sn_plot_lines(path, &o, se, ni, err, SN_PLOT_ERR);
  return st;
}

/* BASE_load.png: the total normal contact force and the magnitude of the tangential resultant
 * against the largest displacement; with a single increment, two bars instead of two points */
static int draw_load(sn_run_plots *R, sn_series *se, char *err)
{
  const chart_model *m = &R->cm;
  int ni = R->ninc;
  char path[1400], xl[128], yl[128];
  sn_plot_opts o;
  chart_opts(&o);
  o.ylabel = label(yl, sizeof yl, "total contact force", m->force);
  chart_path(R, CH_LOAD, path, sizeof path);
  int style = ni > 1 ? SN_PLOT_LINE_MARKERS : SN_PLOT_BARS;
  if (ni > 1) {
    o.title = "load - displacement";
    o.xlabel = label(xl, sizeof xl, "largest displacement", m->length);
  } else {
    o.title = "total contact forces (a single increment)";
    o.xlabel = "increment";
  }
  se[0] = (sn_series){"normal", ni, ni > 1 ? R->umax : NULL, R->fn, style};
  se[1] = (sn_series){"tangential (resultant)", ni, ni > 1 ? R->umax : NULL, R->ft, style};
  return sn_plot_lines(path, &o, se, 2, err, SN_PLOT_ERR);
}

/* every chart, on the thread: the convergence, the two contact profiles, the load */
static int draw_plots(sn_run_plots *R, char *err)
{
  int ni = R->ninc;
  sn_series *se = malloc(sizeof(sn_series) * ((size_t)ni + 2));
  char (*names)[32] = malloc(sizeof(*names) * ((size_t)ni + 2));
  if (!se || !names) { free(se); free(names); return SN_ERR_NOMEM; }
  for (int i = 0; i < ni; i++) snprintf(names[i], sizeof names[i], "increment %d", i + 1);
  const chart_model *m = &R->cm;
  int no_shear = m->npairs > 0 && shear_all_zero(R);
  int st = draw_convergence(R, se, names, err);
  if (!st && m->npairs > 0) st = draw_profiles(R, se, names, no_shear, err);
  if (!st && m->npairs > 0) st = draw_load(R, se, err);
  /* asked for, their fsyncs at once, their writeback started as each was renamed in: a chart's
   * own fsync waited for the disk before the next chart was drawn */
  for (int k = 0; k < NCHARTS && !st && R->fsync && (k == CH_CONVERGENCE || m->npairs > 0); k++) {
    if (k == CH_SHEAR && no_shear) continue;
    char path[1400];
    chart_path(R, k, path, sizeof path);
    st = sn_outfile_sync(path, err, SN_PLOT_ERR);
  }
  free(se);
  free(names);
  return st;
}

/* 3D: a contact area has many points at one position along the axis (25 on each line across
 * the 24 x 24 x 8 block's), whose curve zigzagged between them and cost cairo 33-52 ms a
 * chart: the envelope (run_plots.h, sn_run_plots_envelope). */
int sn_run_plots_envelope(double *t, int n)
{
  if (n < 2) return n;
  double s0 = t[0], ext = t[3 * (n - 1)] - s0, tol = 1e-9 * fabs(ext);
  int groups = 1;
  for (int i = 1; i < n; i++) groups += t[3 * i] - t[3 * (i - 1)] > tol;
  int bins = groups > SN_PROFILE_BINS;
  int out = 0;
  for (int i = 0; i < n;) {
    long key = bins ? (long)fmin(SN_PROFILE_BINS - 1, floor((t[3 * i] - s0) / ext * SN_PROFILE_BINS)) : 0;
    double sum = 0, pm = -INFINITY, qm = -INFINITY;
    int j = i;
    for (; j < n; j++) {
      if (j > i && (bins ? (long)fmin(SN_PROFILE_BINS - 1, floor((t[3 * j] - s0) / ext * SN_PROFILE_BINS)) != key
                         : t[3 * j] - t[3 * (j - 1)] > tol)) break;
      sum += t[3 * j];
      pm = fmax(pm, t[3 * j + 1]);
      qm = fmax(qm, t[3 * j + 2]);
    }
    t[3 * out] = sum / (j - i);
    t[3 * out + 1] = pm;
    t[3 * out + 2] = qm;
    out++;
    i = j;
  }
  return out;
}

/* remember this increment's data for the plots */
static int plot_data(sn_run_plots *R, const sn_model *m, const sn_increment *inc)
{
  int dim = m->ndf, n = inc->ncontact;
  if (R->ninc == R->capinc) {
    int nc = R->capinc ? 2 * R->capinc : 16;
    void *p[10] = {realloc(R->hist, sizeof(double *) * nc), realloc(R->cs, sizeof(double *) * nc),
                   realloc(R->cp, sizeof(double *) * nc), realloc(R->cq, sizeof(double *) * nc),
                   realloc(R->ptimes, sizeof(double) * nc), realloc(R->fn, sizeof(double) * nc),
                   realloc(R->ft, sizeof(double) * nc), realloc(R->umax, sizeof(double) * nc),
                   realloc(R->nhist, sizeof(int) * nc), realloc(R->ncp, sizeof(int) * nc)};
    if (p[0]) R->hist = p[0];
    if (p[1]) R->cs = p[1];
    if (p[2]) R->cp = p[2];
    if (p[3]) R->cq = p[3];
    if (p[4]) R->ptimes = p[4];
    if (p[5]) R->fn = p[5];
    if (p[6]) R->ft = p[6];
    if (p[7]) R->umax = p[7];
    if (p[8]) R->nhist = p[8];
    if (p[9]) R->ncp = p[9];
    for (int k = 0; k < 10; k++) if (!p[k]) return SN_ERR_NOMEM;
    R->capinc = nc;
  }
  int k = R->ninc;
  R->hist[k] = malloc(sizeof(double) * ((size_t)inc->nresiduals + 1));
  R->cs[k] = malloc(sizeof(double) * ((size_t)n + 1));
  R->cp[k] = malloc(sizeof(double) * ((size_t)n + 1));
  R->cq[k] = malloc(sizeof(double) * ((size_t)n + 1));
  double *tmp = malloc(sizeof(double) * 3 * ((size_t)n + 1));
  if (!R->hist[k] || !R->cs[k] || !R->cp[k] || !R->cq[k] || !tmp) {
    free(R->hist[k]); free(R->cs[k]); free(R->cp[k]); free(R->cq[k]); free(tmp);
    return SN_ERR_NOMEM;
  }
  R->ninc++;
  memcpy(R->hist[k], inc->residuals, sizeof(double) * (size_t)inc->nresiduals);
  R->nhist[k] = inc->nresiduals;
  R->ptimes[k] = inc->total_time;
  double um = 0;
  for (int i = 0; i < m->nnodes; i++) {
    double a = 0;
    for (int c = 0; c < dim; c++) a += inc->u[dim * i + c] * inc->u[dim * i + c];
    um = fmax(um, sqrt(a));
  }
  R->umax[k] = um;
  /* the plotting axis: the longest extent of the contact nodes (fixed at the first increment) */
  if (k == 0 && n > 0) {
    double ext = -1;
    for (int c = 0; c < 3; c++) {
      double lo = INFINITY, hi = -INFINITY;
      for (int q = 0; q < n; q++) { double x = m->x[3 * inc->contact[q].slave_node + c]; lo = fmin(lo, x); hi = fmax(hi, x); }
      if (hi - lo > ext) { ext = hi - lo; R->axis = c; }
    }
  }
  double fn = 0, ftv[3] = {0, 0, 0};
  for (int q = 0; q < n; q++) {
    const sn_contact_point *p = &inc->contact[q];
    const double *r = inc->contact_r + dim * q;
    double A = p->area > 0 ? p->area : 1.0, ro[3];
    sn_contact_out_stress(p, dim, r, ro);
    tmp[3 * q] = m->x[3 * p->slave_node + R->axis];
    tmp[3 * q + 1] = r[0] / A;
    /* the shear of the CSV and VTU: tang1 in 2D (signed), |(tang1, tang2)| in 3D */
    tmp[3 * q + 2] = dim == 2 ? ro[1] / A : hypot(ro[1], ro[2]) / A;
    fn += r[0];
    for (int c = 0; c < 3; c++) ftv[c] += r[1] * p->t1[c] + (dim == 3 ? r[2] * p->t2[c] : 0.0);
  }
  double ft = sqrt(ftv[0] * ftv[0] + ftv[1] * ftv[1] + ftv[2] * ftv[2]);   /* resultant */
  qsort(tmp, (size_t)n, 3 * sizeof(double), cmp_pair);
  if (dim == 3) n = sn_run_plots_envelope(tmp, n);
  for (int q = 0; q < n; q++) { R->cs[k][q] = tmp[3 * q]; R->cp[k][q] = tmp[3 * q + 1]; R->cq[k][q] = tmp[3 * q + 2]; }
  R->ncp[k] = n;
  R->fn[k] = fn;
  R->ft[k] = ft;
  free(tmp);
  return SN_OK;
}


static void prepare_job(void *arg)
{
  (void)arg;
  char msg[256];
  sn_plot_prepare(NULL, msg, sizeof msg);   /* a failure shows in the first chart's own error */
}

static void draw_job(void *arg)
{
  sn_run_plots *R = arg;
  R->draw_st = draw_plots(R, R->err);
}

int sn_run_plots_open(sn_run_plots **out, const char *dir, const char *base)
{
  if (!out || !dir || !base) return SN_ERR_ARG;
  *out = NULL;
  sn_run_plots *R = calloc(1, sizeof *R);
  if (!R) return SN_ERR_NOMEM;
  if (snprintf(R->dir, sizeof R->dir, "%s", dir) >= (int)sizeof R->dir ||
      snprintf(R->base, sizeof R->base, "%s", base) >= (int)sizeof R->base) { free(R); return SN_ERR_ARG; }
  R->plot_when = SN_PLOTS_STEP;
  *out = R;
  return SN_OK;
}

void sn_run_plots_configure(sn_run_plots *R, sn_plot_when when)
{
  if (!R) return;
  R->plot_when = when;
  if (when != SN_PLOTS_NONE && !R->prepared && !R->drawing) {
    R->prepared = 1;
    sn_task_start(&R->task, prepare_job, NULL);
  }
}

void sn_run_plots_set_fsync(sn_run_plots *R, int on)
{
  if (R) R->fsync = on != 0;
}

sn_plot_when sn_run_plots_when(const sn_run_plots *R) { return R ? R->plot_when : SN_PLOTS_NONE; }

int sn_run_plots_add(sn_run_plots *R, const sn_model *m, const sn_increment *inc)
{
  if (!R || !m || !inc) return SN_ERR_ARG;
  if (R->drawing) return SN_ERR_ARG;   /* a drawing not waited for */
  return plot_data(R, m, inc);   /* the preparation, if still running, does not read the data */
}

int sn_run_plots_start(sn_run_plots *R, const sn_model *m)
{
  if (!R || !m || R->plot_when == SN_PLOTS_NONE || R->ninc == 0 || R->drawn == R->ninc) return 0;
  if (R->drawing) return 1;   /* one under way already */
  sn_task_join(&R->task);   /* the preparation */
  chart_model_take(&R->cm, m);
  R->draw_ninc = R->ninc;
  R->drawing = 1;
  R->err[0] = '\0';
  R->draw_st = SN_OK;
  sn_task_start(&R->task, draw_job, R);
  return 1;
}

int sn_run_plots_wait(sn_run_plots *R, char *err, size_t errlen)
{
  if (!R) return SN_ERR_ARG;
  sn_task_join(&R->task);
  int st = R->drawing ? R->draw_st : SN_OK;
  if (R->drawing) R->drawn = st ? -1 : R->draw_ninc;   /* failed part way: the charts on disk unknown */
  R->drawing = 0;
  if (st && err && errlen > 0) {
    if (R->err[0]) snprintf(err, errlen, "%s", R->err);
    else snprintf(err, errlen, "%s/%s_*.png: %s", R->dir, R->base, sn_strerror(st));
  }
  return st;
}

void sn_run_plots_drop_last(sn_run_plots *R)
{
  if (!R || R->drawing || R->ninc == 0) return;
  int k = --R->ninc;
  free(R->hist[k]); free(R->cs[k]); free(R->cp[k]); free(R->cq[k]);
  if (R->drawn >= 0 && R->drawn <= R->ninc) return;   /* not on disk yet */
  R->drawn = -1;   /* the charts on disk show it (or a failed drawing left them unknown): drawn again by the next start */
  if (R->ninc > 0) return;
  for (int c = 0; c < NCHARTS; c++) {   /* nothing else to show: the charts removed */
    char path[1400];
    chart_path(R, c, path, sizeof path);
    remove(path);
  }
  R->drawn = 0;
}

void sn_run_plots_close(sn_run_plots *R)
{
  if (!R) return;
  sn_task_join(&R->task);
  for (int k = 0; k < R->ninc; k++) { free(R->hist[k]); free(R->cs[k]); free(R->cp[k]); free(R->cq[k]); }
  free(R->hist); free(R->cs); free(R->cp); free(R->cq); free(R->ptimes); free(R->fn); free(R->ft);
  free(R->umax); free(R->nhist); free(R->ncp);
  free(R);
}
