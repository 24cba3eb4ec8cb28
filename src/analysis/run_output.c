/* Results of an incremental run on disk: one .vtu per increment, the .pvd series, and the
 * .dat tables of the deck's *NODE PRINT / *EL PRINT requests (writers in src/io/). */
#include "signorini/analysis.h"
#include "signorini/io.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct sn_run_output {
  char dir[1024], base[256];
  sn_results *dat;
  int n, cap;
  double *times;
  char **files;
  int want_e;            /* some request asks for strains */
  char err[512];
};

static const char *out_name(sn_outkind k)
{
  switch (k) {
  case SN_OUT_NODE_PRINT: return "*NODE PRINT";
  case SN_OUT_EL_PRINT: return "*EL PRINT";
  case SN_OUT_CONTACT_PRINT: return "*CONTACT PRINT";
  case SN_OUT_NODE_FILE: return "*NODE FILE";
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
  if (k == SN_OUT_NODE_PRINT) return !strcmp(v, "U") || !strcmp(v, "RF");
  if (k == SN_OUT_EL_PRINT) return !strcmp(v, "S") || !strcmp(v, "E");
  if (k == SN_OUT_NODE_FILE) return !strcmp(v, "U") || !strcmp(v, "RF") || !strcmp(v, "NT");
  if (k == SN_OUT_EL_FILE) return !strcmp(v, "S") || !strcmp(v, "E");
  return 0;
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
      while ((p = next_var(p, w, sizeof w)))
        if (!var_ok(o->kind, w)) {
          if (msg) snprintf(msg, msglen, "line %d: %s: variable %s is not available (node tables: U, RF; element tables: S, E%s)", o->line, out_name(o->kind), w, o->kind == SN_OUT_CONTACT_PRINT ? "; contact tables come with the contact analysis" : "");
          return SN_ERR_FORMAT;
        }
    }
  sn_run_output *R = calloc(1, sizeof *R);
  if (!R) return SN_ERR_NOMEM;
  for (int k = 0; k < m->nsteps; k++)
    for (int q = 0; q < m->steps[k].nout; q++) {
      char w[64];
      const char *p = m->steps[k].out[q].vars;
      while ((p = next_var(p, w, sizeof w))) if (!strcmp(w, "E")) R->want_e = 1;
    }
  if (snprintf(R->dir, sizeof R->dir, "%s", dir) >= (int)sizeof R->dir ||
      snprintf(R->base, sizeof R->base, "%s", base) >= (int)sizeof R->base) { free(R); return SN_ERR_ARG; }
  char path[1400];
  snprintf(path, sizeof path, "%s/%s.dat", dir, base);
  int st = sn_results_open(path, &R->dat, msg, msglen);
  if (st) { free(R); return st; }
  *out = R;
  return SN_OK;
}

static int add_node_table(sn_run_output *R, const sn_model *m, const sn_increment *inc,
                          const sn_output *o, const char *var)
{
  int ndf = m->ndf, n = o->set >= 0 ? m->sets[o->set].n : m->nnodes;
  int *id = malloc(sizeof(int) * ((size_t)n + 1));
  double *val = malloc(sizeof(double) * 3 * ((size_t)n + 1));
  if (!id || !val) { free(id); free(val); return SN_ERR_NOMEM; }
  const double *src = !strcmp(var, "U") ? inc->u : inc->rf;
  for (int r = 0; r < n; r++) {
    int i = o->set >= 0 ? m->sets[o->set].items[r] : r;
    id[r] = m->node_id[i];
    for (int c = 0; c < 3; c++) val[3 * r + c] = c < ndf ? src[ndf * i + c] : 0.0;
  }
  sn_results_block b = {var, o->set >= 0 ? m->sets[o->set].name : NULL, inc->total_time, n, 3,
                        id, NULL, val, SN_TOTALS_NO};
  int st = sn_results_add(R->dat, &b, R->err, sizeof R->err);
  free(id); free(val);
  return st;
}

static int add_ip_table(sn_run_output *R, const sn_model *m, const sn_fesys *S,
                        const sn_increment *inc, const sn_output *o, const char *var,
                        const double *src)
{
  const int *ipo = sn_fesys_ip_offset(S);
  int ne = o->set >= 0 ? m->sets[o->set].n : m->nelems, rows = 0;
  for (int r = 0; r < ne; r++) {
    int e = o->set >= 0 ? m->sets[o->set].items[r] : r;
    if (sn_element_desc(m->elem_type[e])->kind != SN_KIND_SPRING) rows += ipo[e + 1] - ipo[e];
  }
  int *id = malloc(sizeof(int) * ((size_t)rows + 1)), *ip = malloc(sizeof(int) * ((size_t)rows + 1));
  double *val = malloc(sizeof(double) * 6 * ((size_t)rows + 1));
  if (!id || !ip || !val) { free(id); free(ip); free(val); return SN_ERR_NOMEM; }
  int k = 0;
  for (int r = 0; r < ne; r++) {
    int e = o->set >= 0 ? m->sets[o->set].items[r] : r;
    if (sn_element_desc(m->elem_type[e])->kind == SN_KIND_SPRING) continue;
    for (int g = ipo[e]; g < ipo[e + 1]; g++, k++) {
      id[k] = m->elem_id[e];
      ip[k] = g - ipo[e] + 1;
      memcpy(val + 6 * k, src + 6 * (size_t)g, 6 * sizeof(double));
    }
  }
  sn_results_block b = {var, o->set >= 0 ? m->sets[o->set].name : NULL, inc->total_time, rows, 6,
                        id, ip, val, SN_TOTALS_NO};
  int st = sn_results_add(R->dat, &b, R->err, sizeof R->err);
  free(id); free(ip); free(val);
  return st;
}

int sn_run_output_increment(const sn_model *m, const sn_fesys *S, const sn_increment *inc,
                            void *user)
{
  sn_run_output *R = user;
  if (!R || !m || !S || !inc) return SN_ERR_ARG;
  R->err[0] = '\0';
  /* the .vtu of this increment */
  int ndf = m->ndf;
  double *rf3 = calloc(3 * ((size_t)m->nnodes + 1), sizeof(double));
  if (!rf3) return SN_ERR_NOMEM;
  for (int i = 0; i < m->nnodes; i++)
    for (int c = 0; c < ndf; c++) rf3[3 * i + c] = inc->rf[ndf * i + c];
  double *e_node = NULL, *e_ip = NULL;
  int st = SN_OK;
  if (R->want_e) {
    const int *ipo = sn_fesys_ip_offset(S);
    e_node = malloc(sizeof(double) * 6 * ((size_t)m->nnodes + 1));
    e_ip = malloc(sizeof(double) * 6 * ((size_t)ipo[m->nelems] + 1));
    if (!e_node || !e_ip) st = SN_ERR_NOMEM;
    else st = sn_fesys_strain(S, inc->u, e_node, e_ip);
  }
  sn_field pf[3] = {{"RF", 3, rf3, NULL}, {"S", 6, inc->s_node, NULL}, {"E", 6, e_node, NULL}};
  char name[300], path[1400];
  snprintf(name, sizeof name, "%s.%04d.vtu", R->base, inc->total_increment);
  snprintf(path, sizeof path, "%s/%s", R->dir, name);
  if (!st) st = sn_vtu_write(path, m, inc->u, pf, R->want_e ? 3 : 2, NULL, 0, R->err, sizeof R->err);
  free(rf3);
  if (st) { free(e_node); free(e_ip); return st; }
  /* the series */
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
  R->times[R->n] = inc->total_time;
  R->n++;
  snprintf(path, sizeof path, "%s/%s.pvd", R->dir, R->base);
  st = sn_pvd_write(path, R->n, R->times, (const char *const *)R->files, R->err, sizeof R->err);
  if (st) { free(e_node); free(e_ip); return st; }
  /* the printed tables of this step */
  const sn_step *sp = &m->steps[inc->step - 1];
  for (int q = 0; q < sp->nout; q++) {
    const sn_output *o = &sp->out[q];
    if (o->kind != SN_OUT_NODE_PRINT && o->kind != SN_OUT_EL_PRINT) continue;
    char w[64];
    const char *p = o->vars;
    while ((p = next_var(p, w, sizeof w))) {
      if (o->kind == SN_OUT_NODE_PRINT) st = add_node_table(R, m, inc, o, w);
      else st = add_ip_table(R, m, S, inc, o, w, !strcmp(w, "E") ? e_ip : inc->s_ip);
      if (st) { free(e_node); free(e_ip); return st; }
    }
  }
  free(e_node);
  free(e_ip);
  return sn_results_flush(R->dat, R->err, sizeof R->err);
}

const char *sn_run_output_error(const sn_run_output *o) { return o ? o->err : ""; }
int sn_run_output_count(const sn_run_output *o) { return o ? o->n : 0; }

void sn_run_output_close(sn_run_output *o)
{
  if (!o) return;
  sn_results_close(o->dat);
  for (int k = 0; k < o->n; k++) free(o->files[k]);
  free(o->files);
  free(o->times);
  free(o);
}
