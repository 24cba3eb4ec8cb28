/* Results of an incremental run on disk: one .vtu per increment, the .pvd series, the .dat
 * tables of the deck's *NODE PRINT / *EL PRINT / *CONTACT PRINT requests (writers in src/io/),
 * and for contact models BASE_contact.csv. */
#include "analysis/run_folder.h"
#include "signorini/analysis.h"
#include "signorini/io.h"
#include "signorini/plot.h"
#include "analysis/contact_frame.h"
#include "analysis/inc_copy.h"
#include "analysis/ip_layers.h"
#include "analysis/run_ccx.h"
#include "analysis/run_plots.h"
#include "common/task.h"
#include "io/num_format.h"
#include "io/out_file.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct sn_run_output {
  char dir[1024], base[256];
  sn_results *dat;
  int n, cap;
  double *times;
  char **files;
  int want_e;            /* some request asks for strains */
  int fsync;             /* sn_run_output_set_fsync: the run's files synced at step ends and when it ends */
  int synced;            /* sync_run_files done by sn_run_output_finish */
  int dirty;             /* files written since the last sync_run_files */
  int nsynced;           /* the first nsynced .vtu files of the series are on disk */
  int want_peeq;         /* some request asks for PEEQ (the .vtu gets a nodal PEEQ) */
  double *slip;          /* per node: accumulated slip path (contact models) */
  sn_run_plots *plots;   /* the charts, drawn on a thread of their own (run_plots.c) */
  sn_vtu_encoding vtu_enc;
  char *csv;             /* the contact CSV's rows not on disk yet (this increment's) */
  size_t csv_len, csv_cap;
  long long csv_committed;   /* the CSV's bytes on disk (appended to in place: file_append.c) */
  char err[512];
  char note[1200];       /* what the user should know about the run's folder ("" if nothing) */
  sn_run_folder folder;  /* lock, earlier results removed, temporaries (run_folder.c) */
  sn_ccx_state ccx;      /* when requests are due; BASE.frd (run_ccx.c) */
  /* BASE.frd's model text (nodes, elements: half of a one-increment file) composed on a
   * thread while the analysis runs (frd_job), when some step has a file request; joined
   * before the first .frd block and at close */
  sn_task frd_task;
  const sn_model *frd_model;
  /* the increment's files written on a thread while the analysis computes the next one
   * (write_job; one in flight at most, joined by writer_wait at the next call) */
  sn_task writer;
  sn_task frd_part;      /* a step's end: its .frd blocks while the other files are written */
  struct out_job *job;
  int count;             /* increments (and modes) handed to the writers so far */
  int mode_count;        /* .vtu files of *FREQUENCY modes so far (numbered after the increments) */
  int last_inc;          /* the last increment's total_increment */
  /* sn_run_output_converged: the increment (total_increment) it took, 0 when none is pending,
   * whether it added the increment's chart data and started their drawing, and its status */
  int early_inc, early_added, early_drawing, early_st;
};

static int sync_run_files(sn_run_output *R);

/* contact status of a point: 0 open, 1 stick, 2 slip (relative to the largest pressure) */
static int cstatus(const sn_contact_point *p, const double *r, const double *ul, int dim, double rmax)
{
  if (!(r[0] > 1e-9 * rmax)) return 0;
  if (p->mu <= 0) return 2;
  double rt = dim == 3 ? hypot(r[1], r[2]) : fabs(r[1]);
  double st = dim == 3 ? hypot(ul[1], ul[2]) : fabs(ul[1]);
  return (rt >= p->mu * r[0] * (1 - 1e-6) && st > 0) ? 2 : 1;
}

static const char *out_name(sn_outkind k)
{
  switch (k) {
  case SN_OUT_NODE_PRINT: return "*NODE PRINT";
  case SN_OUT_EL_PRINT: return "*EL PRINT";
  case SN_OUT_CONTACT_PRINT: return "*CONTACT PRINT";
  case SN_OUT_NODE_FILE: return "*NODE FILE";
  case SN_OUT_CONTACT_FILE: return "*CONTACT FILE";
  default: return "*EL FILE";
  }
}

/* next variable name of a "U,RF" list into w (upper case); returns the rest or NULL at the end */
static const char *next_var(const char *p, char *w, size_t len)
{
  while (*p == ' ' || *p == ',' || *p == '\t') p++;
  if (!*p) return NULL;
  size_t k = 0;
  while (*p && *p != ',' && *p != ' ' && *p != '\t') {
    if (k + 1 < len) w[k++] = (char)toupper((unsigned char)*p);
    p++;
  }
  w[k] = '\0';
  return p;
}

static int var_ok(sn_outkind k, const char *v)
{
  if (k == SN_OUT_NODE_PRINT) return !strcmp(v, "U") || !strcmp(v, "RF") || !strcmp(v, "V") || !strcmp(v, "NT");
  if (k == SN_OUT_EL_PRINT) return !strcmp(v, "S") || !strcmp(v, "E") || !strcmp(v, "ENER") || !strcmp(v, "ELSE") || !strcmp(v, "EVOL") || !strcmp(v, "PEEQ");
  if (k == SN_OUT_NODE_FILE) return !strcmp(v, "U") || !strcmp(v, "RF") || !strcmp(v, "V");
  if (k == SN_OUT_EL_FILE) return !strcmp(v, "S") || !strcmp(v, "E") || !strcmp(v, "ENER") || !strcmp(v, "PEEQ");
  if (k == SN_OUT_CONTACT_PRINT || k == SN_OUT_CONTACT_FILE)
    return !strcmp(v, "CSTR") || !strcmp(v, "CDIS") || !strcmp(v, "CELS");
  return 0;
}

/* some step has a *NODE FILE, *EL FILE or *CONTACT FILE request */
static int has_file_request(const sn_model *m)
{
  for (int k = 0; k < m->nsteps; k++)
    for (int q = 0; q < m->steps[k].nout; q++) {
      sn_outkind kind = m->steps[k].out[q].kind;
      if (kind == SN_OUT_NODE_FILE || kind == SN_OUT_EL_FILE || kind == SN_OUT_CONTACT_FILE) return 1;
    }
  return 0;
}

/* BASE.frd's writer with the model's text composed and written into the temporary file of its
 * first commit (renamed in with the first blocks, run_ccx.c; the text stays in memory when that
 * file cannot be written); a failure leaves ccx.frd NULL, and sn_ccx_frd tries again and says why */
static void frd_job(void *arg)
{
  sn_run_output *R = arg;
  char path[1400], msg[256];
  snprintf(path, sizeof path, "%s/%s.frd", R->dir, R->base);
  if (sn_frd_open_deferred(path, R->frd_model, 1, &R->ccx.frd, msg, sizeof msg)) {
    R->ccx.frd = NULL;
    return;
  }
  sn_frd_prewrite(R->ccx.frd, msg, sizeof msg);   /* into its temporary file (failing: kept in memory) */
  sn_frd_reserve(R->ccx.frd, sn_ccx_frd_bytes(R->frd_model));   /* out of memory: grown when formatted */
}

/* the .frd text composed from the deck's model, checked against the model the analysis runs
 * (m, at the first .frd block): a run moves nodes (*CONTACT PAIR, ADJUST=: the analysis' own
 * copy of the coordinates); then the text is dropped, and sn_ccx_frd composes it from m */
static void frd_text_check(sn_run_output *R, const sn_model *m)
{
  sn_task_join(&R->frd_task);
  if (!R->frd_model) return;
  if (R->ccx.frd && (R->frd_model->nnodes != m->nnodes ||
                     (m->nnodes > 0 && memcmp(R->frd_model->x, m->x, sizeof(double) * 3 * (size_t)m->nnodes)))) {
    sn_frd_close(R->ccx.frd);
    R->ccx.frd = NULL;
  }
  R->frd_model = NULL;   /* checked once: the blocks that follow go into the same text */
}

int sn_run_output_open(const char *dir, const char *base, const sn_model *m, sn_run_output **out,
                       char *msg, size_t msglen)
{
  if (!dir || !base || !m || !out) return SN_ERR_ARG;
  *out = NULL;
  for (int k = 0; k < m->nsteps; k++)
    for (int q = 0; q < m->steps[k].nout; q++) {
      const sn_output *o = &m->steps[k].out[q];
      char w[64];
      const char *p = o->vars;
      while ((p = next_var(p, w, sizeof w))) {
        if (!strcmp(w, "V") && !m->steps[k].dynamic && !m->steps[k].modal) {
          if (msg) snprintf(msg, msglen, "line %d: %s: V (velocities) exists in *DYNAMIC and *MODAL DYNAMIC steps only (step %d is static)", o->line, out_name(o->kind), k + 1);
          return SN_ERR_FORMAT;
        }
        if (!var_ok(o->kind, w)) {
          if (msg) snprintf(msg, msglen, "line %d: %s: variable %s is not available (node requests: U, RF, V, NT printed; element requests: S, E, ENER, PEEQ, and ELSE, EVOL printed; contact requests: CSTR, CDIS, CELS)", o->line, out_name(o->kind), w);
          return SN_ERR_FORMAT;
        }
      }
    }
  sn_run_output *R = calloc(1, sizeof *R);
  if (!R) return SN_ERR_NOMEM;
  for (int k = 0; k < m->nsteps; k++)
    for (int q = 0; q < m->steps[k].nout; q++) {
      char w[64];
      const char *p = m->steps[k].out[q].vars;
      while ((p = next_var(p, w, sizeof w))) {
        if (!strcmp(w, "E") || !strcmp(w, "ENER")) R->want_e = 1;
        if (!strcmp(w, "PEEQ")) R->want_peeq = 1;
      }
    }
  if (snprintf(R->dir, sizeof R->dir, "%s", dir) >= (int)sizeof R->dir ||
      snprintf(R->base, sizeof R->base, "%s", base) >= (int)sizeof R->base) { free(R); return SN_ERR_ARG; }
  int st = sn_run_plots_open(&R->plots, dir, base);
  if (st) { free(R); return st; }
  st = sn_run_folder_open(&R->folder, dir, base, msg, msglen);
  if (st) { sn_run_plots_close(R->plots); free(R); return st; }
  if (R->folder.unlocked)
    snprintf(R->note, sizeof R->note, "%s: the file system does not support locks: this run is not protected "
             "against another one writing into the same folder at the same time", dir);
  R->ccx.frd_guard = &R->folder.appends[SN_RUN_APPEND_FRD];
  if (has_file_request(m)) {
    R->frd_model = m;
    sn_task_start(&R->frd_task, frd_job, R);
  }
  *out = R;                 /* BASE.dat: created with the first printed table */
  return SN_OK;
}

/* NT: the nodal temperatures (0 where the model has none, as CalculiX prints them) */
static int add_temp_table(sn_run_output *R, const sn_model *m, const sn_increment *inc, const sn_output *o)
{
  int n = o->set >= 0 ? m->sets[o->set].n : m->nnodes;
  int *id = malloc(sizeof(int) * ((size_t)n + 1));
  double *val = malloc(sizeof(double) * ((size_t)n + 1));
  if (!id || !val) { free(id); free(val); return SN_ERR_NOMEM; }
  for (int r = 0; r < n; r++) {
    int i = o->set >= 0 ? m->sets[o->set].items[r] : r;
    id[r] = m->node_id[i];
    val[r] = inc->temp ? inc->temp[i] : 0.0;
  }
  sn_results_block b = {"NT", o->set >= 0 ? m->sets[o->set].name : NULL, inc->total_time, n, 1, id, NULL, val,
                        SN_TOTALS_NO, NULL};
  int st = sn_results_add(R->dat, &b, R->err, sizeof R->err);
  free(id); free(val);
  return st;
}

static int add_node_table(sn_run_output *R, const sn_model *m, const sn_increment *inc,
                          const sn_output *o, const char *var)
{
  int ndf = m->ndf, n = o->set >= 0 ? m->sets[o->set].n : m->nnodes;
  int *id = malloc(sizeof(int) * ((size_t)n + 1));
  double *val = malloc(sizeof(double) * 3 * ((size_t)n + 1));
  if (!id || !val) { free(id); free(val); return SN_ERR_NOMEM; }
  unsigned char *loc = m->node_transform && !o->global ? calloc((size_t)n + 1, 1) : NULL;
  if (m->node_transform && !o->global && !loc) { free(id); free(val); return SN_ERR_NOMEM; }
  const double *src = !strcmp(var, "U") ? inc->u : !strcmp(var, "V") ? inc->v : inc->rf;
  if (!src) {                            /* V of a static increment */
    free(id); free(val); free(loc);
    snprintf(R->err, sizeof R->err, "line %d: %s: V (velocities) exists in *DYNAMIC and *MODAL DYNAMIC steps only", o->line, out_name(o->kind));
    return SN_ERR_FORMAT;
  }
  for (int r = 0; r < n; r++) {
    int i = o->set >= 0 ? m->sets[o->set].items[r] : r;
    id[r] = m->node_id[i];
    for (int c = 0; c < 3; c++) val[3 * r + c] = c < ndf ? src[ndf * i + c] : 0.0;
    /* RF as CalculiX prints it: the sum of the external forces at the node, reaction plus
     * applied load (CalculiX 2.20 manual, "Forces obtained by selecting RF"); inc->rf is the
     * reaction alone */
    for (int c = 0; src == inc->rf && inc->fext && c < ndf; c++) val[3 * r + c] += inc->fext[ndf * i + c];
    double F[9], g[3];
    if (loc && m->node_transform[i] >= 0 && !sn_model_node_frame(m, i, F)) {   /* *TRANSFORM: CalculiX */
      memcpy(g, val + 3 * r, sizeof g);                                         /* prints local values */
      for (int l = 0; l < 3; l++) val[3 * r + l] = F[3 * l] * g[0] + F[3 * l + 1] * g[1] + F[3 * l + 2] * g[2];
      loc[r] = 1;
    }
  }
  /* TOTALS= of RF (CalculiX prints no totals of U) */
  sn_totals tot = !strcmp(var, "RF") ? (sn_totals)o->totals : SN_TOTALS_NO;
  sn_results_block b = {var, o->set >= 0 ? m->sets[o->set].name : NULL, inc->total_time, n, 3,
                        id, NULL, val, tot, loc};
  int st = sn_results_add(R->dat, &b, R->err, sizeof R->err);
  free(id); free(val); free(loc);
  return st;
}

static int add_ip_table(sn_run_output *R, const sn_model *m, const sn_fesys *S,
                        const sn_increment *inc, const sn_output *o, const char *var,
                        const double *src, int nc)
{
  const int *ipo = sn_fesys_ip_offset(S);
  int ne = o->set >= 0 ? m->sets[o->set].n : m->nelems, rows = 0;
  for (int r = 0; r < ne; r++) {
    int e = o->set >= 0 ? m->sets[o->set].items[r] : r;
    sn_elkind kd = sn_element_desc(m->elem_type[e])->kind;
    int nip = ipo[e + 1] - ipo[e];
    if (kd != SN_KIND_SPRING && kd != SN_KIND_GAP) rows += nip * sn_ip_layers(m->elem_type[e], nip);
  }
  int *id = malloc(sizeof(int) * ((size_t)rows + 1)), *ip = malloc(sizeof(int) * ((size_t)rows + 1));
  double *val = malloc(sizeof(double) * (size_t)nc * ((size_t)rows + 1));
  if (!id || !ip || !val) { free(id); free(ip); free(val); return SN_ERR_NOMEM; }
  /* plane-stress elements: the stresses and strains of CalculiX' expanded 3D element (ip_layers.h) */
  double *W = NULL, *ezz = NULL;
  int strain = !strcmp(var, "E");
  if ((strain || !strcmp(var, "S")) && nc == 6) {
    int sw = sn_ps_stretch_solve(m, S, inc->u, &W, &ezz);
    if (sw) { free(id); free(ip); free(val); return sw; }
  }
  int k = 0;
  for (int r = 0; r < ne; r++) {
    int e = o->set >= 0 ? m->sets[o->set].items[r] : r;
    sn_elkind kd = sn_element_desc(m->elem_type[e])->kind;
    if (kd == SN_KIND_SPRING || kd == SN_KIND_GAP) continue;
    /* 2D elements: CalculiX' layers of its expanded 3D element (ip_layers.h) */
    int nip = ipo[e + 1] - ipo[e], nl = sn_ip_layers(m->elem_type[e], nip);
    for (int j = 0; j < nip * nl; j++, k++) {
      id[k] = m->elem_id[e];
      ip[k] = j + 1;
      const double *v = src + (size_t)nc * (size_t)(ipo[e] + j % nip);
      if (!sn_ps_layer_value(m, ipo, W, ezz, strain, e, j % nip, j / nip, nl, v, val + (size_t)nc * k))
        sn_ip_layer_value(m->elem_type[e], nip, j / nip, v, nc, val + (size_t)nc * k);
    }
  }
  free(W); free(ezz);
  sn_results_block b = {var, o->set >= 0 ? m->sets[o->set].name : NULL, inc->total_time, rows, nc,
                        id, ip, val, SN_TOTALS_NO, NULL};
  int st = sn_results_add(R->dat, &b, R->err, sizeof R->err);
  free(id); free(ip); free(val);
  return st;
}

/* PEEQ: the committed equivalent plastic strain (0 in elements without *PLASTIC) */
static int add_peeq_table(sn_run_output *R, const sn_model *m, const sn_fesys *S, const sn_increment *inc,
                          const sn_output *o)
{
  double *pe = malloc(sizeof(double) * ((size_t)sn_fesys_ip_offset(S)[m->nelems] + 1));
  if (!pe) return SN_ERR_NOMEM;
  int st = sn_fesys_peeq(S, pe);
  if (!st) st = add_ip_table(R, m, S, inc, o, "PEEQ", pe, 1);
  free(pe);
  return st;
}

/* PEEQ at the nodes for the .vtu: each element's mean over its integration points, averaged
 * over the elements that share the node (CalculiX extrapolates instead; a plot, not a table) */
static int peeq_nodal(const sn_model *m, const sn_fesys *S, double **out)
{
  const int *ipo = sn_fesys_ip_offset(S);
  double *pe = malloc(sizeof(double) * ((size_t)ipo[m->nelems] + 1)), *v = calloc((size_t)m->nnodes + 1, sizeof(double));
  int *cnt = calloc((size_t)m->nnodes + 1, sizeof(int));
  if (!pe || !v || !cnt) { free(pe); free(v); free(cnt); return SN_ERR_NOMEM; }
  sn_fesys_peeq(S, pe);
  for (int e = 0; e < m->nelems; e++) {
    if (ipo[e + 1] == ipo[e]) continue;
    double a = 0;
    for (int g = ipo[e]; g < ipo[e + 1]; g++) a += pe[g];
    a /= ipo[e + 1] - ipo[e];
    for (int k = m->elem_ptr[e]; k < m->elem_ptr[e + 1]; k++) { v[m->elem_conn[k]] += a; cnt[m->elem_conn[k]]++; }
  }
  for (int i = 0; i < m->nnodes; i++) if (cnt[i] > 1) v[i] /= cnt[i];
  free(pe);
  free(cnt);
  *out = v;
  return SN_OK;
}

/* *CONTACT PRINT: CSTR = (pressure, shear 1, shear 2: CalculiX' sign) and CDIS = (gap, tangential
 * relative displacement accumulated in contact: contact_cdis.c, else the increment's slip) per
 * contact slave node, in the output frame (contact_frame.h) */
static int add_contact_table(sn_run_output *R, const sn_model *m, const sn_increment *inc,
                             const char *var)
{
  int n = inc->ncontact, dim = m->ndf;
  int *id = malloc(sizeof(int) * ((size_t)n + 1));
  double *val = calloc(3 * ((size_t)n + 1), sizeof(double));
  if (!id || !val) { free(id); free(val); return SN_ERR_NOMEM; }
  int cstr = !strcmp(var, "CSTR");
  for (int k = 0; k < n; k++) {
    const sn_contact_point *p = &inc->contact[k];
    double A = p->area > 0 ? p->area : 1.0;
    id[k] = m->node_id[p->slave_node];
    if (cstr) sn_contact_out_stress(p, dim, inc->contact_r + dim * k, val + 3 * k);
    else sn_contact_out_components(p, dim, (inc->contact_cdis ? inc->contact_cdis : inc->contact_u) + dim * k, val + 3 * k);
    for (int c = 0; cstr && c < 3; c++) val[3 * k + c] /= A;
  }
  sn_results_block b = {var, NULL, inc->total_time, n, 3, id, NULL, val, SN_TOTALS_NO, NULL};
  int st = sn_results_add(R->dat, &b, R->err, sizeof R->err);
  free(id); free(val);
  return st;
}

/* BASE_contact.csv: one line per contact point and increment (node coordinates of the
 * reference configuration, gap, pressure, shear tractions, slip of the increment, status):
 * written under a temporary name at the first increment, appended to in place after
 * (file_append.c); R->csv holds the rows not on disk yet */
static int contact_csv(sn_run_output *R, const sn_model *m, const sn_increment *inc, char *err, size_t errlen)
{
  int dim = m->ndf;
  double rmax = 0;
  for (int k = 0; k < inc->ncontact; k++) rmax = fmax(rmax, inc->contact_r[dim * k]);
  size_t need = R->csv_len + 256 * ((size_t)inc->ncontact + 2);
  if (need > R->csv_cap) {
    char *p = realloc(R->csv, need * 2);
    if (!p) return SN_ERR_NOMEM;
    R->csv = p;
    R->csv_cap = need * 2;
  }
  if (R->csv_committed == 0 && R->csv_len == 0)
    R->csv_len += (size_t)snprintf(R->csv, R->csv_cap, "increment,step,time,node,x,y,z,gap,pressure,shear1,shear2,slip1,slip2,status,solver\n");
  for (int k = 0; k < inc->ncontact; k++) {
    const sn_contact_point *p = &inc->contact[k];
    const double *r = inc->contact_r + dim * k, *ul = inc->contact_u + dim * k;
    double A = p->area > 0 ? p->area : 1.0, ro[3], uo[3];
    sn_contact_out_stress(p, dim, r, ro);
    sn_contact_out_components(p, dim, ul, uo);
    /* the row snprintf's "%d,%d,%.9g,%d,%.9g x 9,%d,%s\n" would write, by sn_fmt_d / sn_fmt_g
       (io/num_format.h: byte for byte the same, about 1/8 of the time) */
    const double g[10] = {inc->total_time, m->x[3 * p->slave_node], m->x[3 * p->slave_node + 1],
                          m->x[3 * p->slave_node + 2], uo[0], ro[0] / A, ro[1] / A, ro[2] / A, uo[1], uo[2]};
    const char *solver = inc->contact_solver ? inc->contact_solver : "";
    size_t sl = strlen(solver);
    if (R->csv_len + 4 * SN_FMT_D_MAX(0) + 10 * SN_FMT_G_MAX(9) + sl + 32 > R->csv_cap) {
      char *q = realloc(R->csv, 2 * (R->csv_len + 4 * SN_FMT_D_MAX(0) + 10 * SN_FMT_G_MAX(9) + sl + 32));
      if (!q) return SN_ERR_NOMEM;
      R->csv = q;
      R->csv_cap = 2 * (R->csv_len + 4 * SN_FMT_D_MAX(0) + 10 * SN_FMT_G_MAX(9) + sl + 32);
    }
    char *o = R->csv + R->csv_len;
    o += sn_fmt_d(o, inc->total_increment, 0);
    *o++ = ',';
    o += sn_fmt_d(o, inc->step, 0);
    *o++ = ',';
    o += sn_fmt_g(o, g[0], 9);
    *o++ = ',';
    o += sn_fmt_d(o, m->node_id[p->slave_node], 0);
    for (int c = 1; c < 10; c++) {
      *o++ = ',';
      o += sn_fmt_g(o, g[c], 9);
    }
    *o++ = ',';
    o += sn_fmt_d(o, cstatus(p, r, ul, dim, rmax), 0);
    *o++ = ',';
    memcpy(o, solver, sl);
    o += sl;
    *o++ = '\n';
    *o = '\0';
    R->csv_len = (size_t)(o - R->csv);
  }
  char path[1400];
  snprintf(path, sizeof path, "%s/%s_contact.csv", R->dir, R->base);
  /* synced when the run ends; rows not written stay pending, written with the next increment's */
  int st = sn_outfile_grow(path, &R->csv_committed, R->csv, R->csv_len, 1, &R->folder.appends[SN_RUN_APPEND_CSV],
                           err, errlen);
  if (!st) R->csv_len = 0;
  return st;
}

/* the .vtu file name added to the series, BASE.pvd rewritten */
static int series(sn_run_output *R, const char *name, double time, char *err, size_t errlen)
{
  if (R->n == R->cap) {
    int nc = R->cap ? 2 * R->cap : 16;
    double *t = realloc(R->times, sizeof(double) * (size_t)nc);
    if (t) R->times = t;
    char **f = realloc(R->files, sizeof(char *) * (size_t)nc);
    if (f) R->files = f;
    if (!t || !f) return SN_ERR_NOMEM;
    R->cap = nc;
  }
  R->files[R->n] = malloc(strlen(name) + 1);
  if (!R->files[R->n]) return SN_ERR_NOMEM;
  strcpy(R->files[R->n], name);
  R->times[R->n] = time;
  R->n++;
  char path[1400];
  snprintf(path, sizeof path, "%s/%s.pvd", R->dir, R->base);
  return sn_pvd_write_x(path, R->n, R->times, (const char *const *)R->files, 1, err, errlen);
}


/* the printed tables of this increment, in BASE.dat: created with the first table (no empty
 * file from a deck without a print request, or a run that fails before its first increment).
 * Per kind (*NODE PRINT, *EL PRINT, *CONTACT PRINT) the requests of the last step up to this
 * one that has some (CalculiX: a step without keeps the previous step's), in the deck's order. */
/* the tables formatted into R->dat; written to BASE.dat here when flush, else by the increment's
 * writer job (write_job: its appends are I/O, 0.3 ms an increment on the bench Hertz deck) */
static int print_tables(sn_run_output *R, const sn_model *m, const sn_fesys *S, const sn_increment *inc,
                        const double *e_ip, int flush)
{
  static const sn_outkind kinds[3] = {SN_OUT_NODE_PRINT, SN_OUT_EL_PRINT, SN_OUT_CONTACT_PRINT};
  int st = SN_OK, any = 0, from[3];
  for (int kk = 0; kk < 3; kk++) {
    from[kk] = sn_ccx_request_step(m, inc->step - 1, kinds[kk]);
    for (int q = 0; from[kk] >= 0 && q < m->steps[from[kk]].nout; q++)
      any |= m->steps[from[kk]].out[q].kind == kinds[kk] && m->steps[from[kk]].out[q].vars[0];
  }
  if (!any) return SN_OK;
  if (!R->dat) {
    char path[1400];
    snprintf(path, sizeof path, "%s/%s.dat", R->dir, R->base);
    /* synced when the run ends */
    if ((st = sn_results_open_x(path, 1, &R->dat, R->err, sizeof R->err))) return st;
    sn_results_set_guard(R->dat, &R->folder.appends[SN_RUN_APPEND_DAT]);
  }
  /* in the deck's order (CalculiX prints the requests in the order they come) */
  for (int k = 0; k < inc->step && !st; k++)
    for (int q = 0; q < m->steps[k].nout && !st; q++) {
      const sn_output *o = &m->steps[k].out[q];
      int kk = o->kind == SN_OUT_NODE_PRINT ? 0 : o->kind == SN_OUT_EL_PRINT ? 1 : o->kind == SN_OUT_CONTACT_PRINT ? 2 : -1;
      if (kk < 0 || from[kk] != k) continue;
      char w[64];
      const char *p = o->vars;
      while (!st && (p = next_var(p, w, sizeof w))) {
        if (!strcmp(w, "ELSE") || !strcmp(w, "EVOL") || !strcmp(w, "ENER") || !strcmp(w, "CELS"))
          st = sn_ccx_table(R->dat, m, S, inc, o, w, e_ip, R->err, sizeof R->err);
        else if (o->kind == SN_OUT_CONTACT_PRINT) st = add_contact_table(R, m, inc, w);
        else if (o->kind == SN_OUT_NODE_PRINT && !strcmp(w, "NT")) st = add_temp_table(R, m, inc, o);
        else if (o->kind == SN_OUT_NODE_PRINT) st = add_node_table(R, m, inc, o, w);
        else if (!strcmp(w, "PEEQ")) st = add_peeq_table(R, m, S, inc, o);
        else st = add_ip_table(R, m, S, inc, o, w, !strcmp(w, "E") ? e_ip : inc->s_ip, 6);
      }
    }
  if (!st && flush) st = sn_results_flush(R->dat, R->err, sizeof R->err);
  return st;
}

/* ---- an increment's output: made on the analysis' thread, written on the writer's ---- */

/* the point arrays of an increment's .vtu made here (owned): RF and V as 3-vectors, the strains
 * when a request asks for them (the increment's own, or computed), PEEQ, the contact fields */
typedef struct {
  double *rf3, *v3, *cf, *pe_node, *e_own, *e_own_ip;
  const double *e_ip;    /* the strains at the integration points (.dat tables): inc's or e_own_ip */
} inc_fields;

static void fields_free(inc_fields *F)
{
  free(F->rf3); free(F->v3); free(F->cf); free(F->pe_node); free(F->e_own); free(F->e_own_ip);
  memset(F, 0, sizeof *F);
}

/* contact fields per node (7 nn values): pressure, shear traction (tang1, tang2 of the output
 * frame), gap, status, slip path (accumulated in R->slip) */
static int contact_fields(sn_run_output *R, const sn_model *m, const sn_increment *inc, double **out)
{
  int nn = m->nnodes, dim = m->ndf;
  double *cf = calloc(7 * ((size_t)nn + 1), sizeof(double));
  if (!R->slip) R->slip = calloc((size_t)nn + 1, sizeof(double));
  if (!cf || !R->slip) { free(cf); return SN_ERR_NOMEM; }
  double *cp = cf, *csh = cf + nn, *cg = cf + 4 * (size_t)nn, *cst = cf + 5 * (size_t)nn, *csl = cf + 6 * (size_t)nn;
  double rmax = 0;
  for (int k = 0; k < inc->ncontact; k++) rmax = fmax(rmax, inc->contact_r[dim * k]);
  for (int i = 0; i < nn; i++) cg[i] = NAN;
  for (int k = 0; k < inc->ncontact; k++) {
    const sn_contact_point *p = &inc->contact[k];
    const double *r = inc->contact_r + dim * k, *ul = inc->contact_u + dim * k;
    int i = p->slave_node;
    double A = p->area > 0 ? p->area : 1.0;
    double ro[3];
    sn_contact_out_stress(p, dim, r, ro);
    cp[i] = r[0] / A;
    csh[2 * i] = ro[1] / A;
    csh[2 * i + 1] = ro[2] / A;
    cg[i] = ul[0];
    cst[i] = cstatus(p, r, ul, dim, rmax);
    R->slip[i] += dim == 3 ? hypot(ul[1], ul[2]) : fabs(ul[1]);
  }
  for (int i = 0; i < nn; i++) { csl[i] = R->slip[i]; if (isnan(cg[i])) cg[i] = 0.0; }
  *out = cf;
  return SN_OK;
}

/* everything of F that needs S or R's running state, made on the analysis' thread */
static int make_fields(sn_run_output *R, const sn_model *m, const sn_fesys *S, const sn_increment *inc,
                       inc_fields *F)
{
  int ndf = m->ndf, nn = m->nnodes, st = SN_OK;
  memset(F, 0, sizeof *F);
  if (!(F->rf3 = calloc(3 * ((size_t)nn + 1), sizeof(double)))) return SN_ERR_NOMEM;
  for (int i = 0; i < nn; i++)
    for (int c = 0; c < ndf; c++) F->rf3[3 * i + c] = inc->rf[ndf * i + c];
  if (R->want_e && inc->e_node && inc->e_ip) {   /* computed with the stresses */
    F->e_ip = inc->e_ip;
  } else if (R->want_e) {
    const int *ipo = sn_fesys_ip_offset(S);
    F->e_own = malloc(sizeof(double) * 6 * ((size_t)nn + 1));
    F->e_own_ip = malloc(sizeof(double) * 6 * ((size_t)ipo[m->nelems] + 1));
    if (!F->e_own || !F->e_own_ip) return SN_ERR_NOMEM;
    if ((st = sn_fesys_strain(S, inc->u, F->e_own, F->e_own_ip))) return st;
    F->e_ip = F->e_own_ip;
  }
  if (m->npairs > 0 && (st = contact_fields(R, m, inc, &F->cf))) return st;
  if (inc->v) {
    if (!(F->v3 = calloc(3 * ((size_t)nn + 1), sizeof(double)))) return SN_ERR_NOMEM;
    for (int i = 0; i < nn; i++)
      for (int c = 0; c < ndf; c++) F->v3[3 * i + c] = inc->v[ndf * i + c];
  }
  if (R->want_peeq) st = peeq_nodal(m, S, &F->pe_node);
  return st;
}

/* the files of one increment, written on R->writer while the analysis computes the next: the
 * .vtu, the contact CSV, the .pvd, and the .frd blocks when due. It owns a copy of the
 * increment (inc_copy.h) and the fields made for it; st and err are its result. */
typedef struct out_job {
  const sn_model *m;     /* &mm, or the callback's own when written before it returns */
  const sn_increment *inc;   /* &ic.inc, or the callback's own likewise */
  sn_model mm;           /* the analysis' model as it was (job_model) */
  double *mx;
  sn_contact_pair *mpairs;
  sn_interaction *minter;
  sn_inc_copy ic;
  inc_fields F;
  sn_field pf[10];
  int npf;
  const double *e_node;  /* the .frd's strains: F.e_own or the copy's, NULL when none is asked for */
  int frd_due;
  int dat_due;           /* R->dat holds this increment's tables: written by the job */
  int split;             /* a step's end: the .frd written on R->frd_part meanwhile */
  char name[300];
  int st;
  char err[512];
  int frd_st;            /* the .frd's status and message */
  char frd_err[512];
} out_job;

/* the model the callback got, as the writer reads it after the callback has returned: the
 * arrays an analysis owns and may change or free (sn_static_run hands its callbacks a copy of the
 * deck's model with its own coordinates, contact pairs and interactions, freed when it ends)
 * copied; the others are the deck model's, valid until sn_run_output_close */
static int job_model(out_job *J, const sn_model *m)
{
  size_t nx = 3 * (size_t)m->nnodes, np = (size_t)m->npairs, ni = (size_t)m->ninteractions;
  J->mm = *m;
  J->mx = malloc(sizeof(double) * (nx + 1));
  J->mpairs = malloc(sizeof(sn_contact_pair) * (np + 1));
  J->minter = malloc(sizeof(sn_interaction) * (ni + 1));
  if (!J->mx || !J->mpairs || !J->minter) return SN_ERR_NOMEM;
  if (nx) memcpy(J->mx, m->x, sizeof(double) * nx);
  if (np) memcpy(J->mpairs, m->pairs, sizeof(sn_contact_pair) * np);
  if (ni) memcpy(J->minter, m->interactions, sizeof(sn_interaction) * ni);
  for (size_t k = 0; k < np; k++)   /* the run's per-increment fields: not the writer's */
    J->mpairs[k].pin = NULL, J->mpairs[k].u_start = J->mpairs[k].relief_u0 = NULL;
  J->mm.x = J->mx;
  J->mm.pairs = J->mpairs;
  J->mm.interactions = J->minter;
  J->m = &J->mm;
  return SN_OK;
}

static void job_free(out_job *J)
{
  if (!J) return;
  free(J->mx);
  free(J->mpairs);
  free(J->minter);
  sn_inc_copy_free(&J->ic);
  fields_free(&J->F);
  free(J);
}

/* the .vtu's point arrays, on the copy and the fields */
static void job_arrays(out_job *J, int want_e, int nn)
{
  const sn_increment *c = J->inc;
  J->e_node = want_e ? (J->F.e_own ? J->F.e_own : c->e_node) : NULL;
  sn_field *pf = J->pf;
  int n = 0;
  pf[n++] = (sn_field){"RF", 3, J->F.rf3, NULL};
  pf[n++] = (sn_field){"S", 6, c->s_node, NULL};
  if (want_e) pf[n++] = (sn_field){"E", 6, J->e_node, NULL};
  if (J->F.pe_node) pf[n++] = (sn_field){"PEEQ", 1, J->F.pe_node, NULL};
  if (J->F.v3) pf[n++] = (sn_field){"V", 3, J->F.v3, NULL};
  if (J->F.cf) {
    static const char *const shear_names[] = {"tang1", "tang2"};
    double *cf = J->F.cf;
    pf[n++] = (sn_field){"CPRESS", 1, cf, NULL};
    pf[n++] = (sn_field){"CSHEAR", 2, cf + nn, shear_names};
    pf[n++] = (sn_field){"CGAP", 1, cf + 4 * (size_t)nn, NULL};
    pf[n++] = (sn_field){"CSTATUS", 1, cf + 5 * (size_t)nn, NULL};
    pf[n++] = (sn_field){"CSLIP", 1, cf + 6 * (size_t)nn, NULL};
  }
  J->npf = n;
}

/* J's .frd blocks: R's .frd state is its own until joined (run_ccx.c) */
static void write_frd(sn_run_output *R, out_job *J)
{
  char path[1400];
  snprintf(path, sizeof path, "%s/%s.frd", R->dir, R->base);
  frd_text_check(R, J->m);
  J->frd_st = sn_ccx_frd(&R->ccx, path, J->m, J->inc, J->e_node, J->frd_err, sizeof J->frd_err);
}

static void frd_part(void *arg)
{
  sn_run_output *R = arg;
  write_frd(R, R->job);
}

/* on the writer's thread: R's file state (the CSV so far, the series, the .frd) is its own
 * until writer_wait. At a step's end (J->split) the .frd was started on a thread of its own
 * (R->frd_part), joined here: its state (R->ccx) is not the other files' */
static void write_job(void *arg)
{
  sn_run_output *R = arg;
  out_job *J = R->job;
  const sn_model *m = J->m;
  const sn_increment *inc = J->inc;
  char path[1400];
  snprintf(path, sizeof path, "%s/%s", R->dir, J->name);
  int st = J->dat_due ? sn_results_flush(R->dat, J->err, sizeof J->err) : SN_OK;
  sn_run_folder_writing(&R->folder, path);
  if (!st) st = sn_vtu_write_x(path, m, inc->u, J->pf, J->npf, NULL, 0, R->vtu_enc, 1, J->err, sizeof J->err);
  if (!st && m->npairs > 0) st = contact_csv(R, m, inc, J->err, sizeof J->err);
  if (!st) st = series(R, J->name, inc->total_time, J->err, sizeof J->err);
  if (J->split) {
    sn_task_join(&R->frd_part);
  } else if (!st && J->frd_due) {
    write_frd(R, J);
  }
  if (!st && J->frd_st) {   /* the first failure: the .vtu's, the CSV's, the series', then the .frd's */
    st = J->frd_st;
    snprintf(J->err, sizeof J->err, "%s", J->frd_err);
  }
  J->st = st;
}

/* the increment's files in flight written; their status (the message into R->err) */
static int writer_wait(sn_run_output *R)
{
  sn_task_join(&R->writer);
  out_job *J = R->job;
  if (!J) return SN_OK;
  R->job = NULL;
  int st = J->st;
  if (st) snprintf(R->err, sizeof R->err, "%s", J->err);
  job_free(J);
  return st;
}

/* J's files: on the writer's thread, from a copy of the increment and of the analysis' model
 * (the callback's own change or go once it returns); at a step's end (inline), where
 * everything must be on disk before the callback returns, here and from the originals, while
 * the charts are drawn. J is R's until writer_wait (freed on failure here). */
static int hand_over(sn_run_output *R, out_job *J, const sn_model *m, const sn_fesys *S, const sn_increment *inc,
                     int frd_due, int inline_)
{
  int st = SN_OK;
  if (inline_) {
    J->m = m;
    J->inc = inc;
  } else {
    st = sn_inc_copy_make(&J->ic, inc, sn_fesys_ndof(S), m->nnodes, m->ndf);
    if (!st) st = job_model(J, m);
    J->inc = &J->ic.inc;
  }
  if (st) {
    job_free(J);
    return st;
  }
  J->frd_due = frd_due;
  job_arrays(J, R->want_e, m->nnodes);
  snprintf(J->name, sizeof J->name, "%s.%04d.vtu", R->base, inc->total_increment + R->mode_count);
  R->last_inc = inc->total_increment;
  R->count++;
  R->job = J;
  if (inline_) {   /* the .frd (the longest: formatted text) beside the other files */
    J->split = frd_due;
    if (J->split) sn_task_start(&R->frd_part, frd_part, R);
    write_job(R);
  } else {
    sn_task_start(&R->writer, write_job, R);
  }
  return SN_OK;
}

/* the static charts (a dynamic run has its energy plot): this increment's data kept; when the
 * step ends (its time reached the period), or after every increment on request, drawn on their
 * own thread; returns 1 when a drawing was started */
static int charts_start(sn_run_output *R, const sn_model *m, const sn_increment *inc, int *st, int *added)
{
  *added = 0;
  if (*st || inc->v || sn_run_plots_when(R->plots) == SN_PLOTS_NONE) return 0;
  int step_end = inc->load_factor >= 1.0 - 1e-12;
  *st = sn_run_plots_add(R->plots, m, inc);
  *added = !*st;
  if (!*st && (sn_run_plots_when(R->plots) == SN_PLOTS_INCREMENT || step_end)) return sn_run_plots_start(R->plots, m);
  return 0;
}

/* the increment as early_inc names it: never 0 (0 is "none pending") */
static int early_key(const sn_increment *inc) { return inc->total_increment > 0 ? inc->total_increment : -1; }

/* an increment sn_run_output_converged took whose output does not come (its call failed before
 * it wrote anything, or the run stopped before it): its drawing waited for (its error dropped:
 * the charts are drawn again without it) and its chart data forgotten */
static void early_abandon(sn_run_output *R)
{
  if (!R->early_inc) return;
  char perr[512];
  if (R->early_drawing) sn_run_plots_wait(R->plots, perr, sizeof perr);
  if (R->early_added) sn_run_plots_drop_last(R->plots);
  R->early_inc = R->early_added = R->early_drawing = R->early_st = 0;
}

int sn_run_output_converged(const sn_model *m, const sn_fesys *S, const sn_increment *inc, void *user)
{
  sn_run_output *R = user;
  if (!R || !m || !S || !inc) return SN_ERR_ARG;
  if (R->early_inc) {   /* the increment before has not had its output */
    snprintf(R->err, sizeof R->err, "sn_run_output_converged: increment %d converged again before its output (sn_run_output_increment)", inc->total_increment);
    return SN_ERR_ARG;
  }
  int st = SN_OK;
  R->early_drawing = charts_start(R, m, inc, &st, &R->early_added);
  R->early_st = st;
  R->early_inc = early_key(inc);
  if (st) snprintf(R->err, sizeof R->err, "%.300s/%.100s_*.png: %s", R->dir, R->base, sn_strerror(st));
  return st;
}

int sn_run_output_increment(const sn_model *m, const sn_fesys *S, const sn_increment *inc,
                            void *user)
{
  sn_run_output *R = user;
  if (!R || !m || !S || !inc) return SN_ERR_ARG;
  int st = writer_wait(R);   /* the increment before: a file it could not write stops the run here */
  if (st) { early_abandon(R); return st; }
  R->err[0] = '\0';
  R->dirty = 1;
  out_job *J = calloc(1, sizeof *J);
  if (!J) { early_abandon(R); return SN_ERR_NOMEM; }
  st = make_fields(R, m, S, inc, &J->F);
  /* the charts, drawn while this increment's other files are written and waited for below:
   * started by sn_run_output_converged already (while the stresses were recovered), or here */
  int step_end = inc->load_factor >= 1.0 - 1e-12, drawing = 0;
  int early = R->early_inc != 0 && R->early_inc == early_key(inc);
  int added = 0;   /* this increment's chart data kept: dropped again below if its output fails */
  if (early) {
    drawing = R->early_drawing;
    added = R->early_added;
    if (!st) st = R->early_st;
    R->early_inc = R->early_added = R->early_drawing = R->early_st = 0;
  } else if (R->early_inc) {
    early_abandon(R);           /* converged said of another increment: its data and drawing dropped */
    if (!st) st = SN_ERR_ARG;
  } else {
    drawing = charts_start(R, m, inc, &st, &added);
  }
  /* the .dat tables here (they read S), when the requests are due (FREQUENCY=, TIME POINTS=) */
  int due = sn_ccx_due(&R->ccx, m, inc);
  if (!st && due) st = print_tables(R, m, S, inc, J->F.e_ip, 0);
  J->dat_due = !st && due && R->dat;
  /* the other files on the writer's thread; a step's last increment's here (inline), so that
   * a step's files are on disk when its last increment's output returns */
  int lost = 0;   /* none of the increment's files handed over: its chart data dropped below */
  if (!st) {
    int dat_due = J->dat_due;
    st = hand_over(R, J, m, S, inc, due, step_end);   /* J freed on failure */
    lost = st != SN_OK;
    if (st && dat_due) {   /* the tables written all the same, as before a .vtu that fails */
      char derr[512];
      sn_results_flush(R->dat, derr, sizeof derr);
    }
  } else {
    job_free(J);
    lost = 1;
  }
  if (step_end) {
    int ws = writer_wait(R);
    if (!st) st = ws;
    if (!st && drawing) st = sync_run_files(R);   /* while the charts are drawn */
  }
  if (drawing) {
    char perr[512];
    int pst = sn_run_plots_wait(R->plots, perr, sizeof perr);
    if (!st && pst) { st = pst; snprintf(R->err, sizeof R->err, "%s", perr); }
    /* the charts' own names in the folder, renamed in after the sync above */
    if (!st && step_end && R->fsync) st = sn_outfile_sync(R->dir, R->err, sizeof R->err);
  }
  if (lost && added) sn_run_plots_drop_last(R->plots);   /* sn_run_output_finish draws without it */
  return st;
}

void sn_run_output_configure(sn_run_output *o, sn_vtu_encoding vtu, sn_plot_when plots)
{
  if (!o) return;
  o->vtu_enc = vtu;
  sn_run_plots_configure(o->plots, plots);
}

void sn_run_output_set_fsync(sn_run_output *o, int on)
{
  if (!o) return;
  o->fsync = on != 0;
  sn_run_plots_set_fsync(o->plots, on);
}

/* The files a run writes at every increment are renamed (or appended to: the .frd, .dat and
 * CSV, file_append.c) without fsync (an fsync per file and increment took 8 % of the Hertz
 * deck's run, 26 of them), their writeback started. A crash of signorini never leaves a
 * half-written file (the temporary name and rename, and for the growing files the signal
 * handler's cut back: file_append.c) but for the tail of a growing one when the process is
 * killed (SIGKILL) in the middle of an append. Durability against a power failure is asked for
 * (sn_run_output_set_fsync, `run --fsync`): then here, once, every file of the run and the
 * folder's entries go to disk; where a step's charts are being drawn (run_plots.c), the files
 * written so far are synced meanwhile, while the writing thread would otherwise wait; then only
 * what changed since. Not asked, the operating system writes them in its own time (CalculiX and
 * most solvers' way): on the bench Hertz deck these syncs were a third of the output's time,
 * about 4 % of the run's (docs/results.md, "Atomic writes"). */
static int sync_run_files(sn_run_output *R)
{
  static const char *const ext[] = {".dat", ".frd", ".pvd", "_contact.csv"};
  char path[1400];
  int st = SN_OK;
  if (!R->dirty || !R->fsync) return SN_OK;
  for (size_t k = 0; k < sizeof ext / sizeof ext[0] && !st; k++) {
    snprintf(path, sizeof path, "%s/%s%s", R->dir, R->base, ext[k]);
    if (access(path, F_OK) == 0) st = sn_outfile_sync(path, R->err, sizeof R->err);
  }
  for (int k = R->nsynced; k < R->n && !st; k++) {
    snprintf(path, sizeof path, "%s/%s", R->dir, R->files[k]);
    if (access(path, F_OK) == 0) st = sn_outfile_sync(path, R->err, sizeof R->err);
  }
  if (!st) st = sn_outfile_sync(R->dir, R->err, sizeof R->err);   /* the renames */
  if (!st) {
    R->dirty = 0;
    R->nsynced = R->n;
  }
  return st;
}

int sn_run_output_finish(sn_run_output *o, const sn_model *m)
{
  if (!o || !m) return SN_ERR_ARG;
  early_abandon(o);   /* a run stopped after an increment converged, before its output */
  /* the first failure is the one reported (code and message); every step is taken anyway */
  int st = writer_wait(o);                /* the last increment's files */
  char first[512];
  snprintf(first, sizeof first, "%s", o->err);
  int drawing = sn_run_plots_start(o->plots, m);   /* the charts of a step that did not end */
  int s2 = sync_run_files(o);             /* while they are drawn */
  if (!st && s2) { st = s2; snprintf(first, sizeof first, "%s", o->err); }
  char perr[512];
  int s3 = sn_run_plots_wait(o->plots, perr, sizeof perr);
  if (!st && s3) { st = s3; snprintf(first, sizeof first, "%s", perr); }
  if (drawing && o->fsync) {              /* the charts' names in the folder */
    int s4 = sn_outfile_sync(o->dir, perr, sizeof perr);
    if (!st && s4) { st = s4; snprintf(first, sizeof first, "%s", perr); }
  }
  if (st) snprintf(o->err, sizeof o->err, "%s", first);
  o->synced = 1;
  return st;
}

static int energy_files(sn_run_output *R, const sn_model *m, const sn_dyn_energy *rows, int n);

int sn_run_output_energy(sn_run_output *R, const sn_model *m, const sn_dyn_energy *rows, int n)
{
  if (!R || !m || (!rows && n)) return SN_ERR_ARG;
  int ws = writer_wait(R);   /* the last time step's files: their failure reported after these */
  char wmsg[512];
  snprintf(wmsg, sizeof wmsg, "%s", R->err);
  int st = energy_files(R, m, rows, n);
  if (ws) snprintf(R->err, sizeof R->err, "%s", wmsg);
  return ws ? ws : st;
}

/* BASE_energy.csv and BASE_energy.png */
static int energy_files(sn_run_output *R, const sn_model *m, const sn_dyn_energy *rows, int n)
{
  int st;
  char path[1400], msg[512];
  snprintf(path, sizeof path, "%s/%s_energy.csv", R->dir, R->base);
  sn_run_folder_writing(&R->folder, path);
  sn_outfile o;
  if ((st = sn_outfile_create(&o, path, R->err, sizeof R->err))) return st;
  o.nosync = !R->fsync;   /* synced only when asked */
  int bad = fprintf(o.f, "time,kinetic,strain,contact_dissipation,damping_dissipation,external_work,total\n") < 0;
  for (int k = 0; k < n && !bad; k++)
    bad = fprintf(o.f, "%.10g,%.10g,%.10g,%.10g,%.10g,%.10g,%.10g\n", rows[k].time, rows[k].kinetic, rows[k].strain,
                  rows[k].contact_dissipation, rows[k].damping_dissipation, rows[k].external_work, rows[k].total) < 0;
  if (bad) st = sn_outfile_fail(R->err, sizeof R->err, SN_ERR_IO, path, "write failed");
  if ((st = sn_outfile_finish(&o, st, R->err, sizeof R->err))) return st;
  double *col = malloc(sizeof(double) * 6 * ((size_t)n + 1));
  if (!col) return SN_ERR_NOMEM;
  double *t = col, *y = col + n;
  for (int k = 0; k < n; k++) {
    t[k] = rows[k].time;
    y[k] = rows[k].kinetic;
    y[n + k] = rows[k].strain;
    y[2 * n + k] = rows[k].contact_dissipation + rows[k].damping_dissipation;
    y[3 * n + k] = rows[k].external_work;
    y[4 * n + k] = rows[k].total;
  }
  sn_series se[5] = {{"kinetic", n, t, y, SN_PLOT_LINE}, {"strain", n, t, y + n, SN_PLOT_LINE},
                     {"dissipated (contact + damping)", n, t, y + 2 * n, SN_PLOT_LINE},
                     {"external work", n, t, y + 3 * n, SN_PLOT_LINE}, {"total", n, t, y + 4 * n, SN_PLOT_LINE}};
  sn_plot_opts po;
  sn_plot_opts_default(&po);
  char xl[128];
  po.title = "energy";
  if (m->units.time[0]) snprintf(xl, sizeof xl, "time (%s)", m->units.time);
  else snprintf(xl, sizeof xl, "time");
  po.xlabel = xl;
  po.ylabel = "energy";
  po.no_fsync = !R->fsync;
  snprintf(path, sizeof path, "%s/%s_energy.png", R->dir, R->base);
  sn_run_folder_writing(&R->folder, path);
  sn_run_plots_wait(R->plots, NULL, 0);   /* the plot module's preparation, done by now */
  st = sn_plot_lines(path, &po, se, 5, msg, sizeof msg);
  if (st) snprintf(R->err, sizeof R->err, "%s", msg);
  free(col);
  return st;
}

const char *sn_run_output_error(const sn_run_output *o) { return o ? o->err : ""; }
const char *sn_run_output_note(const sn_run_output *o) { return o ? o->note : ""; }
int sn_run_output_count(const sn_run_output *o) { return o ? o->count : 0; }
int sn_run_output_wait(sn_run_output *o) { return o ? writer_wait(o) : SN_ERR_ARG; }
/* o is the handler's const view of a run allocated by sn_run_output_open (never a const object):
 * the appends' guards in its folder are atomics the handler sets */
void sn_run_output_on_signal(const sn_run_output *o)
{
  if (o) sn_run_folder_on_signal((sn_run_folder *)&o->folder);
}

void sn_run_output_close(sn_run_output *o)
{
  if (!o) return;
  early_abandon(o);
  writer_wait(o);
  if (!o->synced) sync_run_files(o);   /* a run that did not finish (dynamic runs end here):
                                          its files synced all the same, a failure unreported */
  sn_results_close(o->dat);
  sn_task_join(&o->frd_task);
  sn_ccx_close(&o->ccx);
  sn_run_folder_close(&o->folder);
  for (int k = 0; k < o->n; k++) free(o->files[k]);
  free(o->files);
  free(o->times);
  free(o->slip);
  free(o->csv);
  sn_run_plots_close(o->plots);
  free(o);
}

/* ---- *FREQUENCY steps (docs/results.md, "Frequency steps") ---- */

/* "  " + Fortran E14.7, CalculiX' columns of the eigenvalue tables */
static void e14_7(double v, char *out, size_t len)
{
  char m[64];
  if (v == 0 || !isfinite(v)) { snprintf(out, len, "  %14s", isfinite(v) ? "0.0000000E+00" : "NaN"); return; }
  snprintf(m, sizeof m, "%.6E", fabs(v));                 /* d.ddddddE+xx */
  int e = atoi(m + 9) + 1;
  char s[24];
  snprintf(s, sizeof s, "%s0.%c%.6sE%c%02d", v < 0 ? "-" : "", m[0], m + 2, e < 0 ? '-' : '+', abs(e) % 1000);
  snprintf(out, len, "  %14s", s);
}

/* the eigenvalue output, participation factors, effective modal masses and the total effective
 * mass, in CalculiX 2.20's layout */
static int eigen_tables(sn_run_output *R, const sn_frequency_result *res)
{
  static const char *const cols = "MODE NO.   X-COMPONENT     Y-COMPONENT     Z-COMPONENT     X-ROTATION      Y-ROTATION      Z-ROTATION\n\n";
  size_t cap = 2048 + (size_t)res->nev * 3 * 120;
  char *t = malloc(cap), c[4][40];
  if (!t) return SN_ERR_NOMEM;
  size_t k;
  if (res->nodal_diameter >= 0 && res->frictional)
    k = (size_t)snprintf(t, cap, "\n     E I G E N V A L U E   O U T P U T\n\n  NODAL   MODE NO                           FREQUENCY\n"
                         " DIAMETER                     REAL PART                  IMAGINARY PART\n"
                         "                     (RAD/TIME)      (CYCLES/TIME)        (RAD/TIME)\n\n");
  else if (res->nodal_diameter >= 0)   /* *SELECT CYCLIC SYMMETRY MODES: a column of the nodal diameter */
    k = (size_t)snprintf(t, cap, "\n     E I G E N V A L U E   O U T P U T\n\n  NODAL   MODE NO    EIGENVALUE                      FREQUENCY\n"
                         " DIAMETER                                    REAL PART            IMAGINARY PART\n"
                         "                                    (RAD/TIME)      (CYCLES/TIME)   (RAD/TIME)\n\n");
  else if (res->frictional)     /* CalculiX' layout of a nonsymmetric (frictional contact) problem */
    k = (size_t)snprintf(t, cap, "\n     E I G E N V A L U E   O U T P U T\n\n MODE NO                     FREQUENCY                   \n"
                         "                      REAL PART         IMAGINARY PART\n"
                         "             (RAD/TIME)   (CYCLES/TIME)   (RAD/TIME)\n\n");
  else
    k = (size_t)snprintf(t, cap, "\n     E I G E N V A L U E   O U T P U T\n\n MODE NO    EIGENVALUE                       FREQUENCY   \n"
                         "                                     REAL PART            IMAGINARY PART\n"
                         "                           (RAD/TIME)      (CYCLES/TIME     (RAD/TIME)\n\n");
  for (int i = 0; i < res->nev; i++) {
    double lam = res->eigenvalue[i], w = sqrt(fabs(lam)) * (lam < 0 ? 0.0 : 1.0), wi = lam < 0 ? sqrt(-lam) : 0.0;
    e14_7(lam, c[0], 40); e14_7(w, c[1], 40); e14_7(w / 6.283185307179586, c[2], 40); e14_7(wi, c[3], 40);
    if (res->nodal_diameter >= 0 && res->frictional)
      k += (size_t)snprintf(t + k, cap - k, "%5d%11d%s%s%s\n", res->nodal_diameter, i + 1, c[1], c[2], c[3]);
    else if (res->nodal_diameter >= 0)
      k += (size_t)snprintf(t + k, cap - k, "%5d%11d%s%s%s%s\n", res->nodal_diameter, i + 1, c[0], c[1], c[2], c[3]);
    else if (res->frictional) k += (size_t)snprintf(t + k, cap - k, "%7d%s%s%s\n", i + 1, c[1], c[2], c[3]);
    else k += (size_t)snprintf(t + k, cap - k, "%7d%s%s%s%s\n", i + 1, c[0], c[1], c[2], c[3]);
  }
  for (int tab = 0; tab < 2; tab++) {
    k += (size_t)snprintf(t + k, cap - k, "\n     %s\n\n%s", tab ? "E F F E C T I V E   M O D A L   M A S S" :
                          "P A R T I C I P A T I O N   F A C T O R S", cols);
    const double *v = tab ? res->effective_mass : res->participation;
    for (int i = 0; i < res->nev; i++) {
      k += (size_t)snprintf(t + k, cap - k, "%7d", i + 1);
      for (int j = 0; j < 6; j++) { e14_7(v[6 * i + j], c[0], 40); k += (size_t)snprintf(t + k, cap - k, "%s", c[0]); }
      k += (size_t)snprintf(t + k, cap - k, "\n");
    }
  }
  k += (size_t)snprintf(t + k, cap - k, "TOTAL  ");
  for (int j = 0; j < 6; j++) {
    double s = 0;
    for (int i = 0; i < res->nev; i++) s += res->effective_mass[6 * i + j];
    e14_7(s, c[0], 40);
    k += (size_t)snprintf(t + k, cap - k, "%s", c[0]);
  }
  k += (size_t)snprintf(t + k, cap - k, "\n\n     T O T A L   E F F E C T I V E   M A S S\n\n%s       ", cols);
  for (int j = 0; j < 6; j++) { e14_7(res->total_mass[j], c[0], 40); k += (size_t)snprintf(t + k, cap - k, "%s", c[0]); }
  snprintf(t + k, cap - k, "\n\n");
  int st = sn_results_add_text(R->dat, t, R->err, sizeof R->err);
  free(t);
  return st;
}

/* mode k: its .vtu (U the mode, S its stresses) in the series at time start + (k + 1) / nev, and
 * the step's print requests under CalculiX' "E I G E N V A L U E    N U M B E R" header (RF: the
 * mode's internal forces K phi at every node, as CalculiX prints them) */
/* a request printed to BASE.dat (not a FILE request) */
int sn_run_output_wants_strain(const sn_run_output *R) { return R && R->want_e; }

static int is_print(const sn_output *o)
{
  return o->kind == SN_OUT_NODE_PRINT || o->kind == SN_OUT_EL_PRINT || o->kind == SN_OUT_CONTACT_PRINT;
}

static int mode_output(sn_run_output *R, const sn_model *m, const sn_fesys *S, const sn_frequency_result *res, int k,
                       int any_print, double *fint, double *snode, double *sip, double *e_node, double *e_ip)
{
  int ndf = m->ndf, st;
  const double *u = res->mode + (size_t)m->ndf * m->nnodes * k;
  if ((st = sn_fesys_internal((sn_fesys *)S, u, 0, fint, NULL, 0, 0, NULL, R->err, sizeof R->err))) return st;
  if ((st = sn_fesys_stress(S, u, snode, sip))) return st;
  if (R->want_e && (st = sn_fesys_strain(S, u, e_node, e_ip))) return st;
  double *rf3 = calloc(3 * ((size_t)m->nnodes + 1), sizeof(double));
  if (!rf3) return SN_ERR_NOMEM;
  for (int i = 0; i < m->nnodes; i++)
    for (int c = 0; c < ndf; c++) rf3[3 * i + c] = fint[ndf * i + c];
  sn_field pf[3] = {{"RF", 3, rf3, NULL}, {"S", 6, snode, NULL}, {"E", 6, e_node, NULL}};
  char name[300], path[1400];
  R->mode_count++;
  snprintf(name, sizeof name, "%s.%04d.vtu", R->base, R->last_inc + R->mode_count);
  snprintf(path, sizeof path, "%s/%s", R->dir, name);
  sn_run_folder_writing(&R->folder, path);
  st = sn_vtu_write_x(path, m, u, pf, R->want_e ? 3 : 2, NULL, 0, R->vtu_enc, 1, R->err, sizeof R->err);
  free(rf3);
  if (!st) st = series(R, name, res->start_time + (double)(k + 1) / res->nev, R->err, sizeof R->err);
  if (!st) R->count++;
  if (st || !any_print) return st;
  char head[128];
  snprintf(head, sizeof head, "\n                    E I G E N V A L U E    N U M B E R%6d\n\n", k + 1);
  if ((st = sn_results_add_text(R->dat, head, R->err, sizeof R->err))) return st;
  sn_increment I;
  memset(&I, 0, sizeof I);
  I.step = res->step;
  I.total_time = res->time;
  I.u = u;
  I.rf = fint;
  I.s_node = snode;
  I.s_ip = sip;
  return print_tables(R, m, S, &I, e_ip, 1);
}

int sn_run_output_frequency(const sn_model *m, const sn_fesys *S, const sn_frequency_result *res, void *user)
{
  sn_run_output *R = user;
  if (!R || !m || !S || !res) return SN_ERR_ARG;
  int st = writer_wait(R);   /* the increment before: its files, as sn_run_output_increment */
  if (st) return st;
  R->err[0] = '\0';
  R->dirty = 1;
  if (!R->dat) {
    char path[1400];
    snprintf(path, sizeof path, "%s/%s.dat", R->dir, R->base);
    /* synced when the run ends */
    if ((st = sn_results_open_x(path, 1, &R->dat, R->err, sizeof R->err))) return st;
    sn_results_set_guard(R->dat, &R->folder.appends[SN_RUN_APPEND_DAT]);
  }
  if ((st = eigen_tables(R, res)) || (st = sn_results_flush(R->dat, R->err, sizeof R->err))) return st;
  const sn_step *sp = &m->steps[res->step - 1];
  int any = 0;
  for (int q = 0; q < sp->nout; q++) any |= is_print(&sp->out[q]) && sp->out[q].vars[0];
  const int *ipo = sn_fesys_ip_offset(S);
  size_t nn = (size_t)m->nnodes + 1, nip = (size_t)ipo[m->nelems] + 1;
  double *fint = malloc(sizeof(double) * (size_t)m->ndf * nn), *snode = malloc(sizeof(double) * 6 * nn);
  double *sip = malloc(sizeof(double) * 6 * nip), *e_node = malloc(sizeof(double) * 6 * nn);
  double *e_ip = malloc(sizeof(double) * 6 * nip);
  if (!fint || !snode || !sip || !e_node || !e_ip) st = SN_ERR_NOMEM;
  for (int k = 0; k < res->nev && !st; k++) st = mode_output(R, m, S, res, k, any, fint, snode, sip, e_node, e_ip);
  free(fint); free(snode); free(sip); free(e_node); free(e_ip);
  return st;
}
