/* CalculiX-style outputs of an incremental run besides run_output.c's tables (run_ccx.h):
 * when requests are due, the energy and volume tables, and the .frd file. Semantics from the
 * CalculiX 2.20 manual (*NODE PRINT, *EL PRINT, *CONTACT PRINT, *NODE FILE, *EL FILE,
 * *CONTACT FILE, *TIME POINTS); layouts in results_writer.c and frd_writer.c. */
#include "analysis/run_ccx.h"
#include "analysis/contact_frame.h"
#include "analysis/ip_layers.h"
#include "io/out_file.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- when ---- */

/* the FREQUENCY (and TIME POINTS sequence, or -1) in force in step (0-based): the last one
 * given on any output request of this step or an earlier one (CalculiX: FREQUENCY and TIME
 * POINTS replace each other and stay active across steps) */
static int step_frequency(const sn_model *m, int step, int *tp)
{
  int f = 1;
  *tp = -1;
  for (int k = 0; k <= step && k < m->nsteps; k++)
    for (int q = 0; q < m->steps[k].nout; q++) {
      const sn_output *o = &m->steps[k].out[q];
      if (o->frequency >= 0) { f = o->frequency; *tp = -1; }
      if (o->timepoints >= 0) *tp = o->timepoints;
    }
  return f;
}

int sn_ccx_due(sn_ccx_state *c, const sn_model *m, const sn_increment *inc)
{
  if (c->step != inc->step) {                      /* a new step: its times start at 0 */
    c->prev_step_time = 0.0;
    if (c->step == 0) c->prev_total_time = inc->total_time - inc->step_time;
    c->step = inc->step;
  }
  double t0 = c->prev_step_time, T0 = c->prev_total_time;
  c->prev_step_time = inc->step_time;
  c->prev_total_time = inc->total_time;
  if (inc->load_factor >= 1.0 - 1e-12) return 1;   /* the end of the step */
  if (inc->v) return inc->increment > 0;           /* a dynamic run: its own output steps, not the
                                                      initial state (CalculiX prints none) */
  int tp, f = step_frequency(m, inc->step - 1, &tp);
  if (tp >= 0 && tp < m->ntimepoints) {
    const sn_timepoints *s = &m->timepoints[tp];
    double lo = s->total ? T0 : t0, hi = s->total ? inc->total_time : inc->step_time;
    double eps = 1e-9 * fmax(1.0, fabs(hi));
    for (int i = 0; i < s->n; i++)
      if (s->t[i] > lo + eps && s->t[i] <= hi + eps) return 1;
    return 0;
  }
  return f > 0 && inc->increment % f == 0;
}

/* ---- tables ---- */

/* the elements of request o (its element set, or all), as indices; count returned, -1 on
 * failure to allocate */
static int request_elems(const sn_model *m, const sn_output *o, int **out)
{
  int n = o->set >= 0 ? m->sets[o->set].n : m->nelems;
  *out = malloc(sizeof(int) * ((size_t)n + 1));
  if (!*out) return -1;
  for (int r = 0; r < n; r++) (*out)[r] = o->set >= 0 ? m->sets[o->set].items[r] : r;
  return n;
}

/* ELSE / EVOL per element of the request's set */
static int element_table(sn_results *dat, const sn_model *m, const sn_fesys *S, const sn_increment *inc,
                         const sn_output *o, const char *var, char *err, size_t errlen)
{
  int *el = NULL, n = request_elems(m, o, &el);
  double *ener = malloc(sizeof(double) * ((size_t)m->nelems + 1));
  double *vol = malloc(sizeof(double) * ((size_t)m->nelems + 1));
  double *val = malloc(sizeof(double) * ((size_t)n + 1));
  int *id = malloc(sizeof(int) * ((size_t)n + 1));
  int st = (n < 0 || !ener || !vol || !val || !id) ? SN_ERR_NOMEM : SN_OK;
  if (!st) st = sn_fesys_element_energy(S, inc->u, ener, vol);
  for (int r = 0; !st && r < n; r++) {
    id[r] = m->elem_id[el[r]];
    val[r] = !strcmp(var, "ELSE") ? ener[el[r]] : vol[el[r]];
  }
  sn_results_block b = {var, o->set >= 0 ? m->sets[o->set].name : NULL, inc->total_time, n, 1, id, NULL, val,
                        (sn_totals)o->totals, NULL};
  if (!st) st = sn_results_add(dat, &b, err, errlen);
  free(el); free(ener); free(vol); free(val); free(id);
  return st;
}

/* ENER: the strain energy density 1/2 s : e at the integration points (tensor shear strains,
 * hence the factor 2 on the shear products) */
static int ener_table(sn_results *dat, const sn_model *m, const sn_fesys *S, const sn_increment *inc,
                      const sn_output *o, const double *e_ip, char *err, size_t errlen)
{
  const int *ipo = sn_fesys_ip_offset(S);
  int *el = NULL, n = request_elems(m, o, &el), rows = 0;
  for (int r = 0; r < n; r++)
    if (sn_element_desc(m->elem_type[el[r]])->kind != SN_KIND_SPRING) {
      int nip = ipo[el[r] + 1] - ipo[el[r]];
      rows += nip * sn_ip_layers(m->elem_type[el[r]], nip);
    }
  int *id = malloc(sizeof(int) * ((size_t)rows + 1)), *ip = malloc(sizeof(int) * ((size_t)rows + 1));
  double *val = malloc(sizeof(double) * ((size_t)rows + 1));
  int st = (n < 0 || !id || !ip || !val) ? SN_ERR_NOMEM : SN_OK, k = 0;
  for (int r = 0; !st && r < n; r++) {
    int e = el[r];
    if (sn_element_desc(m->elem_type[e])->kind == SN_KIND_SPRING) continue;
    /* 2D elements: the same value in every layer of CalculiX' expanded element (ip_layers.h) */
    int nip = ipo[e + 1] - ipo[e], nl = sn_ip_layers(m->elem_type[e], nip);
    for (int j = 0; j < nip * nl; j++, k++) {
      int g = ipo[e] + j % nip;
      const double *s = inc->s_ip + 6 * (size_t)g, *ep = e_ip + 6 * (size_t)g;
      id[k] = m->elem_id[e];
      ip[k] = j + 1;
      val[k] = 0.5 * (s[0] * ep[0] + s[1] * ep[1] + s[2] * ep[2]) + s[3] * ep[3] + s[4] * ep[4] + s[5] * ep[5];
    }
  }
  sn_results_block b = {"ENER", o->set >= 0 ? m->sets[o->set].name : NULL, inc->total_time, rows, 1, id, ip, val,
                        SN_TOTALS_NO, NULL};
  if (!st) st = sn_results_add(dat, &b, err, errlen);
  free(el); free(id); free(ip); free(val);
  return st;
}

/* the contact energy of a point: 1/2 F_n * overlap, the energy of the linear spring that
 * carries the normal force F_n at the overlap max(-gap, 0) (CalculiX' CELS: its contact
 * elements are springs); 0 where contact is exact (no overlap) */
static double point_energy(const sn_increment *inc, int dim, int k)
{
  double Fn = inc->contact_r[dim * k], gap = inc->contact_u[dim * k];
  return gap < 0 && Fn > 0 ? 0.5 * Fn * -gap : 0.0;
}

static int cels_table(sn_results *dat, const sn_model *m, const sn_increment *inc, const sn_output *o,
                      char *err, size_t errlen)
{
  int n = inc->ncontact, dim = m->ndf;
  int *id = malloc(sizeof(int) * ((size_t)n + 1));
  double *val = malloc(sizeof(double) * ((size_t)n + 1));
  if (!id || !val) { free(id); free(val); return SN_ERR_NOMEM; }
  for (int k = 0; k < n; k++) {
    id[k] = m->node_id[inc->contact[k].slave_node];
    val[k] = point_energy(inc, dim, k);
  }
  sn_results_block b = {"CELS", NULL, inc->total_time, n, 1, id, NULL, val, (sn_totals)o->totals, NULL};
  int st = sn_results_add(dat, &b, err, errlen);
  free(id); free(val);
  return st;
}

int sn_ccx_table(sn_results *dat, const sn_model *m, const sn_fesys *S, const sn_increment *inc,
                 const sn_output *o, const char *var, const double *e_ip, char *err, size_t errlen)
{
  if (!strcmp(var, "CELS")) return cels_table(dat, m, inc, o, err, errlen);
  if (!strcmp(var, "ENER")) return ener_table(dat, m, S, inc, o, e_ip, err, errlen);
  return element_table(dat, m, S, inc, o, var, err, errlen);
}

/* ---- the .frd file ---- */

/* nodes of a file request: its node set, the nodes of its element set, or all; count */
static int request_nodes(const sn_model *m, const sn_output *o, int *nodes, unsigned char *mark)
{
  int n = 0;
  if (o->set < 0) {
    for (int i = 0; i < m->nnodes; i++) nodes[n++] = i;
    return n;
  }
  const sn_set *s = &m->sets[o->set];
  if (s->kind == SN_SET_NODE) {
    for (int r = 0; r < s->n; r++) nodes[n++] = s->items[r];
    return n;
  }
  memset(mark, 0, (size_t)m->nnodes);
  for (int r = 0; r < s->n; r++)
    for (int a = m->elem_ptr[s->items[r]]; a < m->elem_ptr[s->items[r] + 1]; a++) mark[m->elem_conn[a]] = 1;
  for (int i = 0; i < m->nnodes; i++) if (mark[i]) nodes[n++] = i;
  return n;
}

typedef struct {
  const sn_model *m;
  const sn_increment *inc;
  const double *e_node;
  int *nodes, *ids;
  double *val;
  unsigned char *mark;
} frd_ctx;

/* one nodal block: name, components (comp), per node k of the request the values of node i */
static int nodal_block(sn_ccx_state *c, frd_ctx *x, const sn_output *o, const char *name, int ncomp,
                       const char *const *comp, int tensor, int all, char *err, size_t errlen)
{
  const sn_model *m = x->m;
  const sn_increment *inc = x->inc;
  int n = request_nodes(m, o, x->nodes, x->mark), ndf = m->ndf;
  /* the block's source, decided once (not by name at every node) */
  int nodal = !strcmp(name, "DISP") || !strcmp(name, "FORC") || !strcmp(name, "VELO"), ener = !strcmp(name, "ENER");
  const double *src = !strcmp(name, "DISP") ? inc->u : !strcmp(name, "FORC") ? inc->rf : inc->v;
  const double *tens = !strcmp(name, "STRESS") ? inc->s_node : x->e_node;
  for (int r = 0; r < n; r++) {
    int i = x->nodes[r];
    double *v = x->val + 6 * (size_t)r;
    x->ids[r] = m->node_id[i];
    if (nodal) {
      for (int k = 0; k < 3; k++) v[k] = src && k < ndf ? src[ndf * (size_t)i + k] : 0.0;
      /* FORC: reaction plus applied load, CalculiX' RF (as the .dat's) */
      for (int k = 0; src == inc->rf && inc->fext && k < ndf; k++) v[k] += inc->fext[ndf * (size_t)i + k];
    } else if (ener) {
      const double *s = inc->s_node + 6 * (size_t)i, *e = x->e_node + 6 * (size_t)i;
      v[0] = 0.5 * (s[0] * e[0] + s[1] * e[1] + s[2] * e[2]) + s[3] * e[3] + s[4] * e[4] + s[5] * e[5];
    } else {                        /* STRESS, TOSTRAIN: xx yy zz xy yz zx from xx yy zz xy xz yz */
      const double *s = tens + 6 * (size_t)i;
      double t[6] = {s[0], s[1], s[2], s[3], s[5], s[4]};
      memcpy(v, t, sizeof t);
    }
  }
  /* the values packed ncomp per row */
  for (int r = 0; r < n; r++)
    for (int k = 0; k < ncomp; k++) x->val[(size_t)ncomp * r + k] = x->val[6 * (size_t)r + k];
  sn_frd_block b = {name, ncomp, comp, tensor, all, inc->total_time, inc->step, inc->increment, n, x->ids, x->val};
  return sn_frd_add(c->frd, &b, err, errlen);
}

/* the values of contact point k: CONTACT (6) or CELS (1) */
static void point_values(const sn_model *m, const sn_increment *inc, int k, int cels, double *v)
{
  const sn_contact_point *p = &inc->contact[k];
  int dim = m->ndf;
  if (cels) { v[0] = point_energy(inc, dim, k); return; }
  double A = p->area > 0 ? p->area : 1.0, d[3], f[3];
  sn_contact_out_components(p, dim, (inc->contact_cdis ? inc->contact_cdis : inc->contact_u) + dim * k, d);
  sn_contact_out_stress(p, dim, inc->contact_r + dim * k, f);
  v[0] = fmin(d[0], 0.0);
  v[1] = d[1];
  v[2] = d[2];
  for (int q = 0; q < 3; q++) v[3 + q] = f[q] / A;
}

/* CONTACT (COPEN CSLIP1 CSLIP2 CPRESS CSHEAR1 CSHEAR2) or CELS. COPEN: the gap where negative
 * (a penetration), 0 where open, as CalculiX stores it; CSLIP: the tangential relative
 * displacement accumulated in contact (contact_cdis.c); stresses: force / tributary area, in the output frame
 * (contact_frame.h). The nodes, as ccx 2.20 writes them: the contact points' slave nodes (of
 * the request's node set, if any) for node-to-surface pairs; with a SURFACE TO SURFACE pair every
 * node of the set (of the model), zeros where there is no contact point. */
static int contact_block(sn_ccx_state *c, frd_ctx *x, const sn_output *o, int cels, char *err, size_t errlen)
{
  const sn_model *m = x->m;
  const sn_increment *inc = x->inc;
  int n = 0, w = cels ? 1 : 6, f2f = 0;
  for (int q = 0; q < m->npairs; q++) f2f |= m->pairs[q].type == SN_PAIR_SURFACE_TO_SURFACE;
  if (f2f) {
    /* x->ids as the node -> contact point map first, then the rows */
    int nn = request_nodes(m, o, x->nodes, x->mark);
    int *at = x->ids;
    for (int i = 0; i < m->nnodes; i++) at[i] = -1;
    for (int k = 0; k < inc->ncontact; k++) at[inc->contact[k].slave_node] = k;
    for (int r = 0; r < nn; r++) {
      int i = x->nodes[r], k = at[i];
      double *v = x->val + (size_t)w * r;
      for (int q = 0; q < w; q++) v[q] = 0.0;
      if (k >= 0) point_values(m, inc, k, cels, v);
    }
    for (int r = 0; r < nn; r++) x->ids[r] = m->node_id[x->nodes[r]];
    n = nn;
  } else {
    if (o->set >= 0) {
      memset(x->mark, 0, (size_t)m->nnodes);
      for (int r = 0; r < m->sets[o->set].n; r++) x->mark[m->sets[o->set].items[r]] = 1;
    }
    for (int k = 0; k < inc->ncontact; k++) {
      const sn_contact_point *p = &inc->contact[k];
      if (o->set >= 0 && !x->mark[p->slave_node]) continue;
      point_values(m, inc, k, cels, x->val + (size_t)w * n);
      x->ids[n++] = m->node_id[p->slave_node];
    }
  }
  static const char *const cc[6] = {"COPEN", "CSLIP1", "CSLIP2", "CPRESS", "CSHEAR1", "CSHEAR2"};
  static const char *const ce[1] = {"CELS"};
  sn_frd_block b = {cels ? "CELS" : "CONTACT", w, cels ? ce : cc, !cels, 0, inc->total_time,
                    inc->step, inc->increment, n, x->ids, x->val};
  return sn_frd_add(c->frd, &b, err, errlen);
}

static int has_var(const char *vars, const char *v)
{
  size_t n = strlen(v);
  for (const char *s = vars; (s = strstr(s, v)); s += n)
    if ((s == vars || s[-1] == ',') && (s[n] == ',' || !s[n])) return 1;
  return 0;
}

int sn_ccx_request_step(const sn_model *m, int k, sn_outkind kind)
{
  for (; k >= 0; k--)
    for (int q = 0; q < m->steps[k].nout; q++)
      if (m->steps[k].out[q].kind == kind) return k;
  return -1;
}

static int frd_requests(sn_ccx_state *c, frd_ctx *x, char *err, size_t errlen)
{
  static const char *const dn[3] = {"D1", "D2", "D3"}, *const fn[3] = {"F1", "F2", "F3"}, *const vn[3] = {"V1", "V2", "V3"};
  static const char *const sn[6] = {"SXX", "SYY", "SZZ", "SXY", "SYZ", "SZX"};
  static const char *const en[6] = {"EXX", "EYY", "EZZ", "EXY", "EYZ", "EZX"}, *const ener[1] = {"ENER"};
  static const sn_outkind kinds[3] = {SN_OUT_NODE_FILE, SN_OUT_EL_FILE, SN_OUT_CONTACT_FILE};
  const sn_model *m = x->m;
  int st = SN_OK;
  for (int kk = 0; kk < 3 && !st; kk++) {
    int k = sn_ccx_request_step(m, x->inc->step - 1, kinds[kk]);
    for (int q = 0; k >= 0 && q < m->steps[k].nout && !st; q++) {
      const sn_output *o = &m->steps[k].out[q];
      if (o->kind != kinds[kk]) continue;
      if (o->kind == SN_OUT_NODE_FILE) {
        if (has_var(o->vars, "U")) st = nodal_block(c, x, o, "DISP", 3, dn, 0, 1, err, errlen);
        if (!st && has_var(o->vars, "RF")) st = nodal_block(c, x, o, "FORC", 3, fn, 0, 1, err, errlen);
        if (!st && has_var(o->vars, "V") && x->inc->v) st = nodal_block(c, x, o, "VELO", 3, vn, 0, 1, err, errlen);
      } else if (o->kind == SN_OUT_EL_FILE) {
        if (has_var(o->vars, "S")) st = nodal_block(c, x, o, "STRESS", 6, sn, 1, 0, err, errlen);
        if (!st && has_var(o->vars, "E")) st = nodal_block(c, x, o, "TOSTRAIN", 6, en, 1, 0, err, errlen);
        if (!st && has_var(o->vars, "ENER")) st = nodal_block(c, x, o, "ENER", 1, ener, 0, 0, err, errlen);
      } else {
        if (has_var(o->vars, "CDIS") || has_var(o->vars, "CSTR")) st = contact_block(c, x, o, 0, err, errlen);
        if (!st && has_var(o->vars, "CELS")) st = contact_block(c, x, o, 1, err, errlen);
      }
    }
  }
  return st;
}

/* the rows of request o's nodal blocks (request_nodes' count); mark: m->nnodes bytes */
static long long request_rows(const sn_model *m, const sn_output *o, unsigned char *mark)
{
  if (o->set < 0) return m->nnodes;
  const sn_set *s = &m->sets[o->set];
  if (s->kind == SN_SET_NODE) return s->n;
  memset(mark, 0, (size_t)m->nnodes);
  long long n = 0;
  for (int r = 0; r < s->n; r++)
    for (int a = m->elem_ptr[s->items[r]]; a < m->elem_ptr[s->items[r] + 1]; a++) {
      n += !mark[m->elem_conn[a]];
      mark[m->elem_conn[a]] = 1;
    }
  return n;
}

size_t sn_ccx_frd_bytes(const sn_model *m)
{
  static const sn_outkind kinds[2] = {SN_OUT_NODE_FILE, SN_OUT_EL_FILE};
  static const struct { const char *var; int ncomp; } V[] = {{"U", 3}, {"RF", 3}, {"V", 3}, {"S", 6}, {"E", 6}, {"ENER", 1}};
  unsigned char *mark = malloc((size_t)m->nnodes + 1);
  if (!mark) return 0;
  size_t most = 0;
  for (int step = 0; step < m->nsteps; step++) {
    size_t bytes = 0;
    for (int kk = 0; kk < 2; kk++) {
      int k = sn_ccx_request_step(m, step, kinds[kk]);
      for (int q = 0; k >= 0 && q < m->steps[k].nout; q++) {
        const sn_output *o = &m->steps[k].out[q];
        if (o->kind != kinds[kk]) continue;
        long long n = request_rows(m, o, mark);
        for (size_t v = 0; v < sizeof V / sizeof V[0]; v++)
          if (has_var(o->vars, V[v].var)) bytes += sn_frd_block_bytes(n, V[v].ncomp);
      }
    }
    if (bytes > most) most = bytes;
  }
  free(mark);
  return most;
}

int sn_ccx_frd(sn_ccx_state *c, const char *path, const sn_model *m, const sn_increment *inc,
               const double *e_node, char *err, size_t errlen)
{
  int any = 0;
  for (int kk = 0; kk < 3; kk++)
    any |= sn_ccx_request_step(m, inc->step - 1, kk == 0 ? SN_OUT_NODE_FILE : kk == 1 ? SN_OUT_EL_FILE : SN_OUT_CONTACT_FILE) >= 0;
  if (!any) return SN_OK;
  int st = SN_OK;
  if (!c->frd) {
    /* synced when the run ends (run_output.c); the model's nodes and elements written with
       the first increment's blocks by the flush below */
    if ((st = sn_frd_open_deferred(path, m, 1, &c->frd, err, errlen))) return st;
  }
  size_t nn = (size_t)m->nnodes + (size_t)inc->ncontact + 1;
  frd_ctx x = {m, inc, e_node, malloc(sizeof(int) * nn), malloc(sizeof(int) * nn), malloc(sizeof(double) * 6 * nn),
               malloc(nn)};
  if (!x.nodes || !x.ids || !x.val || !x.mark) st = SN_ERR_NOMEM;
  if (!st) st = frd_requests(c, &x, err, errlen);
  sn_frd_set_guard(c->frd, c->frd_guard);
  if (!st) st = sn_frd_flush(c->frd, err, errlen);
  free(x.nodes); free(x.ids); free(x.val); free(x.mark);
  return st;
}

void sn_ccx_close(sn_ccx_state *c)
{
  if (!c) return;
  sn_frd_close(c->frd);
  c->frd = NULL;
}
