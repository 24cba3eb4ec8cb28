/* The assembled finite-element system of a model: element properties resolved from sections,
 * materials and springs; node-element incidence; the sparse tangent stiffness on the free
 * dofs (upper triangle, pattern from the node graph, values scattered element by element);
 * internal forces; distributed loads; averaged nodal stresses. */
#include "signorini/analysis.h"
#include "common/par_tune.h"
#include "fem/element_internal.h"
#include "fem/element_pass.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TWO_PI 6.283185307179586
enum { MAXN = 20, MAXDOF = 60 };

struct sn_fesys {
  const sn_model *m;
  int ndf, ndof, nn, ne;
  sn_elprops *props;        /* per element */
  double *scale;            /* per element: 2 pi for axisymmetric, 1 otherwise */
  int *nptr, *nel;          /* node -> elements (CSR) */
  unsigned char *active;    /* per dof */
  int *ip_off;              /* nelems + 1 */
  int *rigid_ref;           /* per node: reference node of its rigid body, or -1 */
  unsigned char *skip;      /* per element: not assembled (a rigid body's) */
  unsigned char *own;       /* per element: assembled by sn_fesys_internal (sn_fesys_set_owned;
                               NULL: every element) */
  int linear;               /* no nonlinear spring */
  double *alpha;            /* per element: its material's expansion coefficient (0: none) */
  double *dtemp;            /* per node: temperature minus the initial one (NULL: none) */
  double *xm[SN_EL_COUNT];  /* per element type of the model: its extrapolation matrix to the
                               nodes (sn_fe_extrapolation: the type's alone, not the element's),
                               made once here instead of at every element's stresses; NULL: none */
  int has_truss;
  int has_solid;            /* a continuum element (geometrically nonlinear under NLGEOM) */
  int nlgeom_out;           /* stresses and strains in the NLGEOM measures (sn_fesys_set_nlgeom) */
  sn_neohooke *nh;          /* per element, when some material is *HYPERELASTIC (else NULL) */
  int has_hyper;
  /* *PLASTIC (J2, element_solid_plastic.c): per element its hardening table or NULL; the
   * history (SN_J2_NHIST per integration point, at ip_off) committed at the last converged
   * increment (hist0) and the trial one of the last sn_fesys_internal (hist1) */
  const sn_j2 **j2;
  double *hist0, *hist1;
  int has_plastic;
  /* the K pattern cache */
  int k_neq, k_version;
  const int *k_eq;
  const sn_dofmap *T;       /* constraints (NULL or trivial: none) */
  /* the linear elements' stiffness on all dofs, kept (klin_*): state 0 not made yet, 1 made
   * for the coordinates xref, -1 not worth it */
  sn_csc *klin;
  unsigned char *lin;       /* per element: in klin */
  int *ident;               /* the identity numbering of all dofs (klin's scatter) */
  double *xref;             /* the model's coordinates (3 nnodes) when klin was made */
  int klin_state;
  sn_csc_rows *klin_rows;   /* klin's rows, for the product on threads (made when first used) */
  /* threads of the element passes (sn_fesys_set_threads; element_pass.c): the parallel pass
   * from par_min elements on, chunks of `chunk` doubles (0: the default); team: the threads
   * of the last parallel pass. Threads or one by the clock (common/par_tune.h: the same bits
   * either way): tune_k for sn_fesys_internal with K, tune_f without, tune_s for the stresses
   * (sn_fesys_stress_strain_timed; the other stress calls, const, follow its choice), tune_c
   * for the commit; now: the count of the call under way */
  int threads, par_min, team, now;
  size_t chunk;
  sn_par_tune tune_k, tune_f, tune_s, tune_c;
};

static void fail(char *msg, size_t len, const char *fmt, const sn_model *m, int e, const char *why)
{
  if (msg && len) snprintf(msg, len, fmt, m->elem_id[e], sn_element_desc(m->elem_type[e])->name, why);
}

static void coords(const sn_model *m, int e, double *X)
{
  int a0 = m->elem_ptr[e], nn = m->elem_ptr[e + 1] - a0;
  for (int a = 0; a < nn; a++) memcpy(X + 3 * a, m->x + 3 * m->elem_conn[a0 + a], 3 * sizeof(double));
}

/* the node whose dofs move node i: itself, or its rigid body's reference node */
static int node_of(const sn_fesys *S, int i) { return S->rigid_ref[i] >= 0 ? S->rigid_ref[i] : i; }

/* 1 when sn_fesys_internal leaves element e out: a rigid body's, or another rank's share */
static int left_out(const sn_fesys *S, int e) { return S->skip[e] || (S->own && !S->own[e]); }

/* element dofs in the model's numbering (count returned); a rigid body's nodes use the dofs of
 * its reference node (translation only) */
static int elem_dofs(const sn_fesys *S, int e, int *dofs)
{
  const sn_model *m = S->m;
  int a0 = m->elem_ptr[e], nn = m->elem_ptr[e + 1] - a0, k = 0;
  for (int a = 0; a < nn; a++)
    for (int c = 0; c < S->ndf; c++) dofs[k++] = S->ndf * node_of(S, m->elem_conn[a0 + a]) + c;
  return k;
}

/* the element's neo-Hookean material, or NULL (St Venant-Kirchhoff / linear elastic) */
static const sn_neohooke *hyper_at(const sn_fesys *S, int e) { return S->nh && S->nh[e].d1 > 0 ? &S->nh[e] : NULL; }

/* the element's J2 hardening table, or NULL (no *PLASTIC) */
static const sn_j2 *plastic_at(const sn_fesys *S, int e) { return S->j2 ? S->j2[e] : NULL; }

static int is_axi(sn_eltype t) { return sn_element_desc(t)->kind == SN_KIND_AXISYM; }

int sn_fesys_create(const sn_model *m, sn_fesys **out, char *msg, size_t msglen)
{
  if (!m || !out) return SN_ERR_ARG;
  *out = NULL;
  if (msg && msglen) msg[0] = '\0';
  if (m->ndf != 2 && m->ndf != 3) return SN_ERR_ARG;
  sn_fesys *S = calloc(1, sizeof *S);
  if (!S) return SN_ERR_NOMEM;
  S->m = m;
  S->ndf = m->ndf;
  S->nn = m->nnodes;
  S->ne = m->nelems;
  S->ndof = m->ndf * m->nnodes;
  S->linear = 1;
  S->k_neq = -1;
  S->threads = S->now = 1;
  S->par_min = SN_FESYS_PAR_MIN;
  sn_par_tune_init(&S->tune_k, 1);
  sn_par_tune_init(&S->tune_f, 1);
  sn_par_tune_init(&S->tune_s, 1);
  sn_par_tune_init(&S->tune_c, 1);
  S->props = calloc((size_t)S->ne + 1, sizeof *S->props);
  S->scale = calloc((size_t)S->ne + 1, sizeof *S->scale);
  S->nptr = calloc((size_t)S->nn + 1, sizeof(int));
  S->active = calloc((size_t)S->ndof + 1, 1);
  S->ip_off = calloc((size_t)S->ne + 1, sizeof(int));
  int st = SN_OK;
  if (!S->props || !S->scale || !S->nptr || !S->active || !S->ip_off) { st = SN_ERR_NOMEM; goto fail; }
  S->rigid_ref = malloc(sizeof(int) * ((size_t)S->nn + 1));
  S->skip = calloc((size_t)S->ne + 1, 1);
  S->alpha = calloc((size_t)S->ne + 1, sizeof(double));
  if (!S->rigid_ref || !S->skip || !S->alpha) { st = SN_ERR_NOMEM; goto fail; }
  for (int k = 0; k < m->nmaterials; k++) S->has_hyper |= m->materials[k].has_hyper;
  if (S->has_hyper && !(S->nh = calloc((size_t)S->ne + 1, sizeof *S->nh))) { st = SN_ERR_NOMEM; goto fail; }
  for (int k = 0; k < m->nmaterials; k++) S->has_plastic |= m->materials[k].has_plastic;
  if (S->has_plastic && !(S->j2 = calloc((size_t)S->ne + 1, sizeof *S->j2))) { st = SN_ERR_NOMEM; goto fail; }
  for (int i = 0; i < S->nn; i++) S->rigid_ref[i] = -1;
  for (int k = 0; k < m->nrigids; k++) {           /* *RIGID BODY: nodes of its NSET / ELSET */
    const sn_set *set = &m->sets[m->rigids[k].set];
    for (int q = 0; q < set->n; q++) {
      int it = set->items[q];
      int a0 = set->kind == SN_SET_ELEM ? m->elem_ptr[it] : 0, a1 = set->kind == SN_SET_ELEM ? m->elem_ptr[it + 1] : 1;
      for (int a = a0; a < a1; a++) {
        int i = set->kind == SN_SET_ELEM ? m->elem_conn[a] : it;
        if (i != m->rigids[k].ref_node) S->rigid_ref[i] = m->rigids[k].ref_node;
      }
    }
  }
  double X[3 * MAXN];
  for (int e = 0; e < S->ne; e++) {
    sn_eltype t = m->elem_type[e];
    const sn_eldesc *d = sn_element_desc(t);
    if (!d) { st = SN_ERR_FORMAT; if (msg) snprintf(msg, msglen, "element %d: unknown type", m->elem_id[e]); goto fail; }
    S->ip_off[e + 1] = S->ip_off[e] + d->nip;
    sn_elprops *p = &S->props[e];
    S->scale[e] = is_axi(t) ? TWO_PI : 1.0;
    if (d->kind == SN_KIND_GAP) {   /* a contact constraint (sn_contact_detect), no stiffness */
      S->skip[e] = 1;
      continue;
    }
    if (d->kind == SN_KIND_SPRING) {
      int k = m->elem_spring ? m->elem_spring[e] : -1;
      if (k < 0 || k >= m->nsprings) { st = SN_ERR_FORMAT; fail(msg, msglen, "element %d (%s): %s", m, e, "no *SPRING covers it"); goto fail; }
      const sn_spring *sp = &m->springs[k];
      if (sp->ntab > 0) S->linear = 0;
      p->k = sp->ntab > 0 ? 0.0 : sp->k;
      p->E = 1.0;
    } else {
      int k = m->elem_section ? m->elem_section[e] : -1;
      if (k < 0 || k >= m->nsections) { st = SN_ERR_FORMAT; fail(msg, msglen, "element %d (%s): %s", m, e, "no *SOLID SECTION covers it"); goto fail; }
      const sn_section *sec = &m->sections[k];
      const sn_material *mat = &m->materials[sec->material];
      if (!mat->has_elastic && !mat->has_hyper) { st = SN_ERR_FORMAT; fail(msg, msglen, "element %d (%s): %s", m, e, "its material has no *ELASTIC"); goto fail; }
      p->E = mat->E;
      p->nu = mat->nu;
      if (mat->has_hyper) {   /* the small-strain constants: shear 2 C10, bulk 2 / D1 */
        double G = 2 * mat->c10, Kb = 2 / mat->d1;
        p->E = 9 * Kb * G / (3 * Kb + G);
        p->nu = (3 * Kb - 2 * G) / (2 * (3 * Kb + G));
        S->nh[e].c10 = mat->c10;
        S->nh[e].d1 = mat->d1;
      }
      if (mat->has_plastic && (d->kind == SN_KIND_TRUSS || d->kind == SN_KIND_PLANE_STRESS)) {
        st = SN_ERR_FORMAT;
        fail(msg, msglen, "element %d (%s): %s", m, e, "*PLASTIC is supported on solids, plane strain and axisymmetric elements only");
        goto fail;
      }
      if (mat->has_plastic) S->j2[e] = &mat->plastic;
      p->density = mat->density;
      S->alpha[e] = mat->has_expansion ? mat->alpha : 0.0;
      if (d->kind == SN_KIND_TRUSS) { p->area = sec->thickness; S->has_truss = 1; }
      else { p->thickness = sec->thickness; S->has_solid = 1; }
      int sd = d->sdim;
      if (sd != m->ndf) {
        st = SN_ERR_FORMAT;
        fail(msg, msglen, "element %d (%s): %s", m, e, sd == 2 ? "a two-dimensional element in a three-dimensional model" : "a three-dimensional element in a two-dimensional model");
        goto fail;
      }
      coords(m, e, X);
      double vol;
      int sv = sn_element_volume(t, X, p, &vol);
      if (sv) {
        st = SN_ERR_FORMAT;
        fail(msg, msglen, "element %d (%s): %s", m, e, sv == SN_ERR_NAN ? "coordinates not finite" : sv == SN_ERR_ARG ? "invalid material or section data" : "zero or negative volume (degenerate or inverted: check the node order)");
        goto fail;
      }
    }
    for (int a = m->elem_ptr[e]; a < m->elem_ptr[e + 1]; a++) {
      S->nptr[node_of(S, m->elem_conn[a]) + 1]++;
      for (int c = 0; c < S->ndf; c++) S->active[S->ndf * node_of(S, m->elem_conn[a]) + c] = 1;
    }
  }
  for (int e = 0; e < S->ne; e++)   /* a gap's nodes need the stiffness of other elements */
    for (int a = m->elem_ptr[e]; a < m->elem_ptr[e + 1] && sn_element_desc(m->elem_type[e])->kind == SN_KIND_GAP; a++)
      if (S->nptr[node_of(S, m->elem_conn[a]) + 1] == 0) {
        st = SN_ERR_FORMAT;
        if (msg && msglen) snprintf(msg, msglen, "element %d (GAPUNI): node %d belongs to no other element", m->elem_id[e], m->node_id[m->elem_conn[a]]);
        goto fail;
      }
  if (S->has_plastic) {
    size_t nh = (size_t)S->ip_off[S->ne] * SN_J2_NHIST + 1;
    S->hist0 = calloc(nh, sizeof(double));
    S->hist1 = calloc(nh, sizeof(double));
    if (!S->hist0 || !S->hist1) { st = SN_ERR_NOMEM; goto fail; }
  }
  for (int i = 0; i < S->nn; i++) S->nptr[i + 1] += S->nptr[i];
  S->nel = malloc(sizeof(int) * ((size_t)S->nptr[S->nn] + 1));
  int *fillp = malloc(sizeof(int) * ((size_t)S->nn + 1));
  if (!S->nel || !fillp) { free(fillp); st = SN_ERR_NOMEM; goto fail; }
  memcpy(fillp, S->nptr, sizeof(int) * (size_t)S->nn);
  for (int e = 0; e < S->ne; e++)
    if (!S->skip[e])
      for (int a = m->elem_ptr[e]; a < m->elem_ptr[e + 1]; a++) S->nel[fillp[node_of(S, m->elem_conn[a])]++] = e;
  free(fillp);
  for (int e = 0; e < S->ne; e++) {   /* the solids' extrapolation matrices, one per type */
    sn_eltype t = m->elem_type[e];
    const sn_elinfo *in = sn_element_info(t);
    if (S->xm[t] || !in || in->fam == SN_FAM_NONE || in->d.kind == SN_KIND_GAP) continue;
    if (!(S->xm[t] = malloc(sizeof(double) * SN_FE_MAXN * SN_FE_MAXIP))) { st = SN_ERR_NOMEM; goto fail; }
    if (sn_fe_extrapolation(in, S->xm[t]) != SN_OK) {   /* the element's stress says why, later */
      free(S->xm[t]);
      S->xm[t] = NULL;
    }
  }
  *out = S;
  return SN_OK;
fail:
  sn_fesys_free(S);
  return st;
}

void sn_fesys_free(sn_fesys *S)
{
  if (!S) return;
  free(S->props); free(S->scale); free(S->nptr); free(S->nel); free(S->active); free(S->ip_off);
  free(S->rigid_ref); free(S->skip); free(S->own); free(S->alpha); free(S->dtemp); free(S->nh); free(S->j2); free(S->hist0); free(S->hist1);
  sn_csc_free(S->klin); sn_csc_rows_free(S->klin_rows); free(S->lin); free(S->ident); free(S->xref);
  for (int t = 0; t < SN_EL_COUNT; t++) free(S->xm[t]);
  free(S);
}

int sn_fesys_ndof(const sn_fesys *S) { return S ? S->ndof : 0; }
void sn_fesys_set_threads(sn_fesys *S, int n)
{
  if (!S) return;
  S->threads = S->now = n > 1 ? n : 1;
  sn_par_tune_init(&S->tune_k, S->threads);
  sn_par_tune_init(&S->tune_f, S->threads);
  sn_par_tune_init(&S->tune_s, S->threads);
  sn_par_tune_init(&S->tune_c, S->threads);
}
int sn_fesys_set_owned(sn_fesys *S, const unsigned char *own)
{
  if (!S) return SN_ERR_ARG;
  if (own && S->has_plastic) return SN_ERR_ARG;   /* histories committed element by element */
  unsigned char *c = NULL;
  if (own) {
    if (!(c = malloc((size_t)S->ne + 1))) return SN_ERR_NOMEM;
    memcpy(c, own, (size_t)S->ne);
  }
  free(S->own);
  S->own = c;
  S->k_neq = -1;                         /* K's pattern made again, for this share, */
  sn_csc_free(S->klin);                  /* and the kept stiffness of the linear elements */
  S->klin = NULL;
  sn_csc_rows_free(S->klin_rows);
  S->klin_rows = NULL;
  S->klin_state = 0;                     /* (made again: a share may fit under the cap) */
  return SN_OK;
}

void sn_fesys_set_parallel(sn_fesys *S, int min_elements, size_t chunk)
{
  if (!S) return;
  S->par_min = min_elements > 0 ? min_elements : 0;
  S->chunk = chunk;
}
int sn_fesys_team(const sn_fesys *S) { return S ? S->team : 0; }
/* the threads of an element pass whose count by the clock is n: 0 the serial loop, else the
 * parallel pass on that many (forced, par_min 0: the pass on S->threads, whatever the clock) */
static int pass_threads(const sn_fesys *S, int n)
{
  if (S->par_min == 0) return S->threads;
  return S->ne >= S->par_min && n > 1 ? n : 0;
}
/* 1 when sn_fesys_internal chooses its count by the clock */
static int tuned(const sn_fesys *S) { return S->threads > 1 && S->par_min > 0 && S->ne >= S->par_min; }
void sn_fesys_set_dofmap(sn_fesys *S, const sn_dofmap *T)
{
  S->T = T && !T->trivial ? T : NULL;
  S->k_neq = -1;
}

int sn_fesys_set_temperature(sn_fesys *S, const double *T)
{
  if (!S) return SN_ERR_ARG;
  if (!T) {
    free(S->dtemp);
    S->dtemp = NULL;
    return SN_OK;
  }
  if (!S->dtemp && !(S->dtemp = malloc(sizeof(double) * ((size_t)S->nn + 1)))) return SN_ERR_NOMEM;
  const double *T0 = S->m->temp0;
  for (int i = 0; i < S->nn; i++) {
    if (!isfinite(T[i])) return SN_ERR_NAN;
    S->dtemp[i] = T[i] - (T0 ? T0[i] : 0.0);
  }
  return SN_OK;
}

/* the thermal strain data of element e (NULL: none), dt filled with its nodes' changes */
static const sn_elthermal *elem_thermal(const sn_fesys *S, int e, double *dt, sn_elthermal *th)
{
  if (!S->dtemp || S->alpha[e] == 0) return NULL;
  const sn_model *m = S->m;
  for (int a = m->elem_ptr[e]; a < m->elem_ptr[e + 1]; a++) dt[a - m->elem_ptr[e]] = S->dtemp[m->elem_conn[a]];
  th->alpha = S->alpha[e];
  th->dtemp = dt;
  return th;
}
const unsigned char *sn_fesys_active(const sn_fesys *S) { return S ? S->active : NULL; }
const int *sn_fesys_ip_offset(const sn_fesys *S) { return S ? S->ip_off : NULL; }
const int *sn_fesys_rigid_ref(const sn_fesys *S) { return S ? S->rigid_ref : NULL; }
int sn_fesys_is_linear(const sn_fesys *S, int nlgeom)
{
  return S->linear && !S->has_hyper && !S->has_plastic && !(nlgeom && (S->has_truss || S->has_solid));
}
void sn_fesys_set_nlgeom(sn_fesys *S, int nlgeom) { if (S) S->nlgeom_out = nlgeom != 0; }

static int cmp_int(const void *a, const void *b) { int x = *(const int *)a, y = *(const int *)b; return (x > y) - (x < y); }

/* the upper-triangle pattern of K on the free dofs, from the node graph */
static int build_pattern(sn_fesys *S, const int *eq, int neq, sn_csc **out)
{
  const sn_model *m = S->m;
  int ndf = S->ndf, nn = S->nn;
  int *mark = malloc(sizeof(int) * ((size_t)nn + 1)), *adj = malloc(sizeof(int) * 4096);
  int *colptr = calloc((size_t)neq + 1, sizeof(int));
  if (!mark || !adj || !colptr) { free(mark); free(adj); free(colptr); return SN_ERR_NOMEM; }
  for (int i = 0; i < nn; i++) mark[i] = -1;
  /* pass 1 counts, pass 2 fills */
  sn_csc *K = NULL;
  for (int pass = 0; pass < 2; pass++) {
    for (int j = 0; j < nn; j++) {
      int na = 0;
      for (int k = S->nptr[j]; k < S->nptr[j + 1]; k++) {
        int e = S->nel[k];
        if (S->own && !S->own[e]) continue;
        for (int a = m->elem_ptr[e]; a < m->elem_ptr[e + 1]; a++) {
          int i = node_of(S, m->elem_conn[a]);
          if (i <= j && mark[i] != j && na < 4096) { mark[i] = j; adj[na++] = i; }
        }
      }
      if (na <= 64)   /* a node's few neighbours: insertion sort (qsort's call per node cost more) */
        for (int t = 1; t < na; t++) {
          int v = adj[t], u = t;
          for (; u > 0 && adj[u - 1] > v; u--) adj[u] = adj[u - 1];
          adj[u] = v;
        }
      else
        qsort(adj, (size_t)na, sizeof(int), cmp_int);
      for (int c = 0; c < ndf; c++) {
        int col = eq[ndf * j + c];
        if (col < 0) continue;
        int cnt = 0;
        for (int t = 0; t < na; t++)
          for (int c2 = 0; c2 < ndf; c2++) {
            int row = eq[ndf * adj[t] + c2];
            if (row < 0 || row > col) continue;
            if (pass == 1) K->rowind[K->colptr[col] + cnt] = row;
            cnt++;
          }
        if (pass == 0) colptr[col + 1] = cnt;
      }
    }
    if (pass == 0) {
      for (int c = 0; c < neq; c++) colptr[c + 1] += colptr[c];
      K = sn_csc_alloc(neq, neq, colptr[neq] > 0 ? colptr[neq] : 1);
      if (!K) { free(mark); free(adj); free(colptr); return SN_ERR_NOMEM; }
      memcpy(K->colptr, colptr, sizeof(int) * ((size_t)neq + 1));
      K->nnz = colptr[neq];
      for (int i = 0; i < nn; i++) mark[i] = -1;
    }
  }
  free(mark); free(adj); free(colptr);
  *out = K;
  return SN_OK;
}

/* ---- with constraints (S->T): element dofs expanded by T's rows to free q, K_r = T^T K T ---- */
enum { MAXEXP = 8192 };

/* the free equations and weights of element dofs (ptr: nd + 1), count or -1 when too many */
static int expand(const sn_fesys *S, const int *eq, const int *dofs, int nd, int *ptr, int *idx, double *w)
{
  const sn_dofmap *T = S->T;
  int n = 0;
  ptr[0] = 0;
  for (int a = 0; a < nd; a++) {
    int d = dofs[a];
    for (int p = T->ptr[d]; p < T->ptr[d + 1]; p++) {
      int e = eq[T->col[p]];
      if (e < 0) continue;
      if (n == MAXEXP) return -1;
      idx[n] = e;
      w[n++] = T->val[p];
    }
    ptr[a + 1] = n;
  }
  return n;
}

/* the upper-triangle pattern of T^T K T: per element its free equations, per equation its
 * elements, per column the equations of its elements */
static int build_pattern_mapped(sn_fesys *S, const int *eq, int neq, sn_csc **out)
{
  int dofs[MAXDOF], ptr[MAXDOF + 1], *idx = malloc(sizeof(int) * MAXEXP);
  double *w = malloc(sizeof(double) * MAXEXP);
  int *eptr = calloc((size_t)S->ne + 1, sizeof(int)), *mark = malloc(sizeof(int) * ((size_t)neq + 1));
  int *cnt = calloc((size_t)neq + 2, sizeof(int)), *elist = NULL, *inc = NULL, *colptr = NULL;
  sn_csc *K = NULL;
  int st = (!idx || !w || !eptr || !mark || !cnt) ? SN_ERR_NOMEM : SN_OK;
  for (int pass = 0; pass < 2 && !st; pass++) {      /* element -> equations (unique) */
    for (int q = 0; q < neq; q++) mark[q] = -1;
    for (int e = 0; e < S->ne && !st; e++) {
      int k = 0, n = left_out(S, e) ? 0 : expand(S, eq, dofs, elem_dofs(S, e, dofs), ptr, idx, w);
      if (n < 0) { st = SN_ERR_FORMAT; break; }
      for (int t = 0; t < n; t++)
        if (mark[idx[t]] != e) {
          mark[idx[t]] = e;
          if (pass) { elist[eptr[e] + k] = idx[t]; cnt[idx[t] + 1]++; }
          k++;
        }
      if (!pass) eptr[e + 1] = k;
    }
    if (!pass && !st) {
      for (int e = 0; e < S->ne; e++) eptr[e + 1] += eptr[e];
      elist = malloc(sizeof(int) * ((size_t)eptr[S->ne] + 1));
      if (!elist) st = SN_ERR_NOMEM;
    }
  }
  if (!st) {                                         /* equation -> elements */
    for (int q = 0; q < neq; q++) cnt[q + 1] += cnt[q];
    inc = malloc(sizeof(int) * ((size_t)cnt[neq] + 1));
    colptr = calloc((size_t)neq + 1, sizeof(int));
    if (!inc || !colptr) st = SN_ERR_NOMEM;
    for (int e = 0; e < S->ne && !st; e++)
      for (int t = eptr[e]; t < eptr[e + 1]; t++) inc[cnt[elist[t]]++] = e;
    for (int q = neq; q > 0 && !st; q--) cnt[q] = cnt[q - 1];
    if (!st) cnt[0] = 0;
  }
  for (int pass = 0; pass < 2 && !st; pass++) {      /* column j: rows <= j */
    for (int q = 0; q < neq; q++) mark[q] = -1;
    for (int j = 0; j < neq; j++) {
      int na = 0;
      for (int t = cnt[j]; t < cnt[j + 1]; t++) {
        int e = inc[t];
        for (int u = eptr[e]; u < eptr[e + 1]; u++) {
          int i = elist[u];
          if (i <= j && mark[i] != j) {
            mark[i] = j;
            if (pass) K->rowind[K->colptr[j] + na] = i;
            na++;
          }
        }
      }
      if (!pass) colptr[j + 1] = na;
      else qsort(K->rowind + K->colptr[j], (size_t)na, sizeof(int), cmp_int);
    }
    if (!pass) {
      for (int j = 0; j < neq; j++) colptr[j + 1] += colptr[j];
      K = sn_csc_alloc(neq, neq, colptr[neq] > 0 ? colptr[neq] : 1);
      if (!K) { st = SN_ERR_NOMEM; break; }
      memcpy(K->colptr, colptr, sizeof(int) * ((size_t)neq + 1));
      K->nnz = colptr[neq];
    }
  }
  free(idx); free(w); free(eptr); free(mark); free(cnt); free(elist); free(inc); free(colptr);
  if (st) { sn_csc_free(K); return st; }
  *out = K;
  return SN_OK;
}

/* add T^T Ke T into K (upper triangle), its columns c0 <= col < c1 */
static int scatter_mapped(const sn_fesys *S, sn_csc *K, const int *eq, const int *dofs, int nd, const double *Ke,
                          int *idx, double *w, int c0, int c1)
{
  int ptr[MAXDOF + 1];
  if (expand(S, eq, dofs, nd, ptr, idx, w) < 0) return SN_ERR_FORMAT;
  for (int b = 0; b < nd; b++)
    for (int a = 0; a < nd; a++) {
      double kab = Ke[a + (size_t)nd * b];
      if (kab == 0.0) continue;
      for (int tb = ptr[b]; tb < ptr[b + 1]; tb++) {
        int col = idx[tb];
        if (col < c0 || col >= c1) continue;
        const int *rows = K->rowind + K->colptr[col];
        int len = K->colptr[col + 1] - K->colptr[col];
        for (int ta = ptr[a]; ta < ptr[a + 1]; ta++) {
          int row = idx[ta];
          if (row > col) continue;
          int lo = 0, hi = len - 1;
          while (lo < hi) { int mid = (lo + hi) / 2; if (rows[mid] < row) lo = mid + 1; else hi = mid; }
          K->val[K->colptr[col] + lo] += w[ta] * w[tb] * kab;
        }
      }
    }
  return SN_OK;
}

/* add element matrix Ke (nd x nd, column-major) into K on the free dofs, its columns
 * c0 <= col < c1 */
static void scatter(sn_csc *K, const int *eq, const int *dofs, int nd, const double *Ke, int c0, int c1)
{
  /* the element's dofs by their row (a stable insertion sort: equal rows, e.g. two nodes of one
   * rigid body, keep their order), so that each column is walked once from its top instead of a
   * binary search per entry; every K entry receives the same terms in the same order */
  int ord[MAXDOF], row[MAXDOF], n = 0;
  for (int a = 0; a < nd; a++) {
    int r = eq[dofs[a]];
    if (r < 0) continue;
    int k = n++;
    for (; k > 0 && row[k - 1] > r; k--) row[k] = row[k - 1], ord[k] = ord[k - 1];
    row[k] = r;
    ord[k] = a;
  }
  for (int b = 0; b < nd; b++) {
    int col = eq[dofs[b]];
    if (col < 0 || col < c0 || col >= c1) continue;
    const int *rows = K->rowind + K->colptr[col];
    double *val = K->val + K->colptr[col];
    int len = K->colptr[col + 1] - K->colptr[col], pos = 0;
    for (int k = 0; k < n && row[k] <= col; k++) {
      while (pos < len - 1 && rows[pos] < row[k]) pos++;
      val[pos] += Ke[ord[k] + (size_t)nd * b];
    }
  }
}

/* force and tangent of a nonlinear spring table at elongation d: piecewise linear through the
 * (elongation, force) points, extended linearly beyond the ends */
static void spring_law(const sn_spring *sp, double d, double *F, double *k)
{
  int n = sp->ntab, i = 0;
  if (n == 1) { *k = sp->elong[0] != 0 ? sp->force[0] / sp->elong[0] : 0.0; *F = *k * d; return; }
  while (i < n - 2 && d > sp->elong[i + 1]) i++;
  double de = sp->elong[i + 1] - sp->elong[i];
  *k = de > 0 ? (sp->force[i + 1] - sp->force[i]) / de : 0.0;
  *F = sp->force[i] + *k * (d - sp->elong[i]);
}

/* a continuum element's force and tangent (Ke may be NULL), times its scale (2 pi for CAX):
 * J2 (the return mapping from the committed state, the trial state into hist1), or total
 * Lagrangian (element_solid_nl.c) */
static int nonlinear_element(sn_fesys *S, int e, const double *X, const double *ue, int nlgeom, double *fe,
                             double *Ke, char *msg, size_t msglen, int *refused)
{
  const sn_model *m = S->m;
  sn_eltype t = m->elem_type[e];
  const sn_eldesc *d = sn_element_desc(t);
  int st, nd = S->ndf * d->nnodes;
  double dt[MAXN];
  sn_elthermal thb;
  const sn_elthermal *th = elem_thermal(S, e, dt, &thb);
  const char *why = t == SN_EL_C3D8I ? "C3D8I's incompatible modes are small-strain: not supported geometrically "
                                       "nonlinear (NLGEOM, *HYPERELASTIC) or plastic"
                  : th && hyper_at(S, e) ? "a thermal strain in a *HYPERELASTIC material is not supported"
                  : th && plastic_at(S, e) ? "a thermal strain in a *PLASTIC material is not supported" : NULL;
  if (why) {
    if (msg && msglen) snprintf(msg, msglen, "element %d (%s): %s", m->elem_id[e], d->name, why);
    *refused = 1;
    return SN_ERR_FORMAT;
  }
  if (plastic_at(S, e)) {
    size_t h = (size_t)S->ip_off[e] * SN_J2_NHIST;
    st = sn_element_plastic(t, X, &S->props[e], plastic_at(S, e), nlgeom, ue, S->hist0 + h, S->hist1 + h, fe, Ke);
  } else {
    /* NLGEOM with a thermal strain: S = D (E - alpha dT I), St Venant-Kirchhoff (element_solid_nl.c) */
    st = sn_element_nlgeom_mat(t, X, &S->props[e], hyper_at(S, e), th ? th->alpha : 0, th ? th->dtemp : NULL, ue, fe, Ke);
  }
  double sc = S->scale[e];
  if (!st && sc != 1.0) {
    for (int k = 0; k < nd; k++) fe[k] *= sc;
    if (Ke) for (int k = 0; k < nd * nd; k++) Ke[k] *= sc;
  }
  return st;
}

/* ---- the internal force of the linear elements by one product with their kept stiffness ----
 * An element on sn_fesys_internal's linear path (small strain, linear elastic: not a spring,
 * not plastic, not hyperelastic, no NLGEOM) has f_e = s K_e u_e - s f_th,e with K_e fixed by
 * the reference coordinates and the properties. Their K_e are assembled once on all dofs
 * (upper triangle, the node-graph pattern) and f_int = K_lin u - f_th by one symmetric
 * product: on the Hertz deck (15 444 CPE4) each call was an element loop of about 30 ms,
 * three per increment. Made again when the coordinates change (compared with a copy at each
 * call: a checksum misses moves that leave it unchanged); not made above KLIN_MAX_NNZ stored
 * entries. */
#define KLIN_MAX_NNZ 30000000   /* 360 MB beside K: a larger model keeps the loop */
#define KLIN_PAR_NNZ 100000     /* the product on threads from this size on */
static int klin_path(const sn_fesys *S, int e)
{
  return !left_out(S, e) && sn_element_desc(S->m->elem_type[e])->kind != SN_KIND_SPRING && !plastic_at(S, e) && !hyper_at(S, e);
}

/* klin's pattern on all dofs, zeroed, and the elements in it (S->lin); klin_state stays 0:
 * the caller scatters the elements' K_e (klin_fill) and calls klin_done. Without a linear
 * element or above KLIN_MAX_NNZ, klin_state = -1 (the element loop does it all). */
static int klin_prepare(sn_fesys *S)
{
  sn_csc_free(S->klin);
  S->klin = NULL;
  sn_csc_rows_free(S->klin_rows);
  S->klin_rows = NULL;
  S->klin_state = -1;
  if (!S->lin) S->lin = calloc((size_t)S->ne + 1, 1);
  if (!S->ident) S->ident = malloc(sizeof(int) * ((size_t)S->ndof + 1));
  if (!S->xref) S->xref = malloc(sizeof(double) * (3 * (size_t)S->nn + 1));
  if (!S->lin || !S->ident || !S->xref) return SN_ERR_NOMEM;
  for (int d = 0; d < S->ndof; d++) S->ident[d] = d;
  int any = 0, st;
  for (int e = 0; e < S->ne; e++) any += S->lin[e] = (unsigned char)klin_path(S, e);
  if (!any) return SN_OK;
  if ((st = build_pattern(S, S->ident, S->ndof, &S->klin))) return st;
  if (S->klin->nnz > KLIN_MAX_NNZ) {
    sn_csc_free(S->klin);
    S->klin = NULL;
    return SN_OK;
  }
  memset(S->klin->val, 0, sizeof(double) * (size_t)S->klin->nnz);
  S->klin_state = 0;
  return SN_OK;
}

static void klin_done(sn_fesys *S, int ok)
{
  if (ok) {
    memcpy(S->xref, S->m->x, sizeof(double) * 3 * (size_t)S->nn);
    S->klin_state = 1;
  } else {                              /* the element loop reports the element */
    sn_csc_free(S->klin);
    S->klin = NULL;
    sn_csc_rows_free(S->klin_rows);
    S->klin_rows = NULL;
    S->klin_state = -1;
  }
}

/* klin by its own loop over the linear elements (the first internal force asked for without K) */
static int klin_build(sn_fesys *S)
{
  const sn_model *m = S->m;
  int st = klin_prepare(S);
  if (st || S->klin_state < 0) return st;
  double X[3 * MAXN], Ke[MAXDOF * MAXDOF];
  int dofs[MAXDOF];
  for (int e = 0; e < S->ne && !st; e++) {
    if (!S->lin[e]) continue;
    int nd = elem_dofs(S, e, dofs);
    coords(m, e, X);
    if ((st = sn_element_stiffness(m->elem_type[e], X, &S->props[e], Ke))) break;
    double sc = S->scale[e];
    if (sc != 1.0) for (int k = 0; k < nd * nd; k++) Ke[k] *= sc;
    scatter(S->klin, S->ident, dofs, nd, Ke, 0, INT_MAX);
  }
  klin_done(S, !st);
  return SN_OK;
}

/* ---- the thermal loads of the kept stiffness' elements (f_int -= s f_th,e): serial or by the
 * parallel pass (element_pass.h: the load into the slot, then subtracted by dof ranges) ---- */
typedef struct {
  const sn_fesys *S;
  double *fint;
} thermal_pass;

static size_t thermal_size(void *ctx, int e)
{
  const sn_fesys *S = ((const thermal_pass *)ctx)->S;
  return S->lin[e] && S->alpha[e] != 0 ? (size_t)(S->m->elem_ptr[e + 1] - S->m->elem_ptr[e]) * (size_t)S->ndf : 0;
}

static int thermal_compute(void *ctx, int e, double *fth, int *dofs)
{
  const sn_fesys *S = ((const thermal_pass *)ctx)->S;
  double X[3 * MAXN], dt[MAXN];
  sn_elthermal thb;
  const sn_elthermal *th = elem_thermal(S, e, dt, &thb);
  int nd = elem_dofs(S, e, dofs);
  coords(S->m, e, X);
  memset(fth, 0, sizeof(double) * (size_t)nd);
  return sn_element_thermal_load(S->m->elem_type[e], X, &S->props[e], th, fth);
}

/* element e's load off fint, its dofs d0 <= d < d1 */
static void thermal_sub(const thermal_pass *F, int e, const double *fth, const int *dofs, int d0, int d1)
{
  const sn_fesys *S = F->S;
  int nd = (S->m->elem_ptr[e + 1] - S->m->elem_ptr[e]) * S->ndf;
  for (int a = 0; a < nd; a++)
    if (dofs[a] >= d0 && dofs[a] < d1) F->fint[dofs[a]] -= S->scale[e] * fth[a];
}

/* a part that owns the dofs [r[0], r[1]) */
static int thermal_begin(void *ctx, int part, int nparts, void **state)
{
  const sn_fesys *S = ((const thermal_pass *)ctx)->S;
  int *r = malloc(2 * sizeof(int));
  if (!r) return SN_ERR_NOMEM;
  r[0] = (int)((long long)S->ndof * part / nparts);
  r[1] = (int)((long long)S->ndof * (part + 1) / nparts);
  *state = r;
  return SN_OK;
}

static void free_state(void *ctx, void *state) { (void)ctx; free(state); }

static int thermal_add(void *ctx, void *state, int e, const double *v, const int *iv)
{
  const int *r = state;
  thermal_sub(ctx, e, v, iv, r[0], r[1]);
  return SN_OK;
}

/* fint = K_lin u - the linear elements' thermal loads; 1 when done, 0 when the element loop
 * must do it (no kept stiffness), < 0 an error */
static int klin_forces(sn_fesys *S, const double *u, double *fint)
{
  if (S->klin_state == 1 && memcmp(S->xref, S->m->x, sizeof(double) * 3 * (size_t)S->nn)) S->klin_state = 0;
  if (S->klin_state == 0) {
    int st = klin_build(S);
    if (st) return st;
  }
  if (S->klin_state != 1) return 0;
  int rows = (S->now > 1 && S->klin->nnz >= KLIN_PAR_NNZ) || S->par_min == 0;
  if (rows && !S->klin_rows) {
    int st = sn_csc_rows_make(S->klin, &S->klin_rows);
    if (st) return st;
  }
  if (rows) sn_csc_symv_upper_rows(S->klin, S->klin_rows, u, fint, S->par_min ? S->now : S->threads);   /* the same bits */
  else sn_csc_symv_upper(S->klin, u, fint);
  if (!S->dtemp) return 1;
  thermal_pass F = {S, fint};
  int st = SN_OK, nt = pass_threads(S, S->now);
  if (nt) {
    sn_elpass P = {&F, S->ne, MAXDOF, S->chunk, thermal_size, thermal_compute, thermal_begin, free_state, thermal_add};
    int e, phase, team;
    st = sn_elpass_run(&P, nt, &e, &phase, &team);
  } else {
    double fth[MAXDOF];
    int dofs[MAXDOF];
    for (int e = 0; e < S->ne && !st; e++)
      if (thermal_size(&F, e) && !(st = thermal_compute(&F, e, fth, dofs))) thermal_sub(&F, e, fth, dofs, 0, INT_MAX);
  }
  return st ? st : 1;
}

/* element e's internal force fe and tangent Ke (nd x nd, column-major; Ke is always a buffer
 * of MAXDOF^2: a continuum element computes its nonlinear tangent only when want_k) at u, its
 * dofs (nd = their count returned through *ndp); SN_OK or the status, with the message of the
 * assembly in msg (when not NULL) */
static int element_force(sn_fesys *S, int e, const double *u, int nlgeom, int want_k, int *dofs, int *ndp, double *fe,
                         double *Ke, char *msg, size_t msglen)
{
  const sn_model *m = S->m;
  int ndf = S->ndf;
  sn_eltype t = m->elem_type[e];
  const sn_eldesc *d = sn_element_desc(t);
  double X[3 * MAXN], ue[MAXDOF];
  int nd = *ndp = elem_dofs(S, e, dofs);
  coords(m, e, X);
  for (int a = 0; a < nd; a++) ue[a] = u[dofs[a]];
  int st = SN_OK;
  if (d->kind == SN_KIND_SPRING) {
    const sn_spring *sp = &m->springs[m->elem_spring[e]];
    double elong, dir[3], kk = sp->k, F;
    st = sn_spring_axial(ndf, X, ue, 1.0, NULL, &elong, dir);
    if (!st) {
      if (sp->ntab > 0) spring_law(sp, elong, &F, &kk);
      else F = kk * elong;
      st = sn_spring_axial(ndf, X, ue, kk, Ke, NULL, NULL);
      for (int c = 0; c < ndf; c++) { fe[c] = -F * dir[c]; fe[ndf + c] = F * dir[c]; }
    }
  } else if (d->kind == SN_KIND_TRUSS && nlgeom) {
    double dt[MAXN];
    sn_elthermal thb;
    if (elem_thermal(S, e, dt, &thb)) {
      if (msg && msglen) snprintf(msg, msglen, "element %d (%s): a thermal strain in an NLGEOM truss is not supported", m->elem_id[e], d->name);
      return SN_ERR_FORMAT;
    }
    st = sn_truss_nlgeom(ndf, X, &S->props[e], ue, fe, Ke, NULL);
  } else if (plastic_at(S, e) || nlgeom || hyper_at(S, e)) {   /* total Lagrangian / plastic */
    int refused = 0;
    st = nonlinear_element(S, e, X, ue, nlgeom, fe, want_k ? Ke : NULL, msg, msglen, &refused);
    if (refused) return st;
  } else {
    st = sn_element_stiffness(t, X, &S->props[e], Ke);
    if (!st) {
      double sc = S->scale[e], dt[MAXN], fth[MAXDOF] = {0};
      sn_elthermal thb;
      const sn_elthermal *th = elem_thermal(S, e, dt, &thb);
      if (sc != 1.0) for (int k = 0; k < nd * nd; k++) Ke[k] *= sc;
      sn_dense_gemv(nd, nd, 1.0, Ke, ue, 0.0, fe);
      if (th) {                                  /* the initial strain: fe = Ke ue - f_th */
        st = sn_element_thermal_load(t, X, &S->props[e], th, fth);
        for (int k = 0; k < nd; k++) fe[k] -= sc * fth[k];
      }
    }
  }
  if (st && msg && msglen) snprintf(msg, msglen, "element %d (%s): %s", m->elem_id[e], d->name, sn_strerror(st));
  return st;
}

/* the message of an element whose tangent could not be added (scatter_mapped) */
static void scatter_failed(const sn_fesys *S, int e, int st, char *msg, size_t msglen)
{
  if (msg && msglen) snprintf(msg, msglen, "element %d (%s): %s", S->m->elem_id[e], sn_element_desc(S->m->elem_type[e])->name, sn_strerror(st));
}

/* the element loop of sn_fesys_internal, serial: fint (and *K, klin when fill) += the elements'
 * (not those of the kept stiffness when fast) */
static int internal_serial(sn_fesys *S, const double *u, int nlgeom, double *fint, const int *eq, sn_csc *K, int fast,
                           int fill, char *msg, size_t msglen)
{
  double fe[MAXDOF], Ke[MAXDOF * MAXDOF];
  int dofs[MAXDOF], nd;
  int *xidx = NULL;
  double *xw = NULL;
  if (K && S->T) {
    xidx = malloc(sizeof(int) * MAXEXP);
    xw = malloc(sizeof(double) * MAXEXP);
    if (!xidx || !xw) { free(xidx); free(xw); return SN_ERR_NOMEM; }
  }
  int st = SN_OK;
  for (int e = 0; e < S->ne && !st; e++) {
    if (left_out(S, e) || (fast && S->lin[e])) continue;
    if ((st = element_force(S, e, u, nlgeom, K != NULL, dofs, &nd, fe, Ke, msg, msglen))) break;
    if (K && S->T && (st = scatter_mapped(S, K, eq, dofs, nd, Ke, xidx, xw, 0, INT_MAX))) {
      scatter_failed(S, e, st, msg, msglen);
      break;
    }
    if (fill && S->lin[e]) scatter(S->klin, S->ident, dofs, nd, Ke, 0, INT_MAX);
    for (int a = 0; a < nd; a++) fint[dofs[a]] += fe[a];
    if (K && !S->T) scatter(K, eq, dofs, nd, Ke, 0, INT_MAX);
  }
  free(xidx);
  free(xw);
  return st;
}

/* ---- the same on threads (element_pass.h): phase 1 an element's dofs (slot ints), fe and,
 * when K or klin is made, Ke (slot doubles); phase 2 a part owns K's columns [k0, k1) (balanced
 * by stored entries), fint's dofs [d0, d1) and klin's columns [l0, l1) ---- */
typedef struct {
  sn_fesys *S;
  const double *u;
  int nlgeom, fast, fill, keep_k;
  double *fint;
  const int *eq;
  sn_csc *K;
} force_pass;

typedef struct {
  int k0, k1, d0, d1, l0, l1;
  int *xidx;
  double *xw;
} force_part;

static size_t force_size(void *ctx, int e)
{
  const force_pass *F = ctx;
  const sn_fesys *S = F->S;
  if (left_out(S, e) || (F->fast && S->lin[e])) return 0;
  size_t nd = (size_t)(S->m->elem_ptr[e + 1] - S->m->elem_ptr[e]) * (size_t)S->ndf;
  return nd + (F->keep_k ? nd * nd : 0);
}

static int force_compute(void *ctx, int e, double *v, int *iv)
{
  const force_pass *F = ctx;
  double Ke[MAXDOF * MAXDOF];
  int nd, st = element_force(F->S, e, F->u, F->nlgeom, F->K != NULL, iv, &nd, v, Ke, NULL, 0);
  if (!st && F->keep_k) memcpy(v + nd, Ke, sizeof(double) * (size_t)nd * (size_t)nd);
  return st;
}

static int force_begin(void *ctx, int part, int nparts, void **state)
{
  const force_pass *F = ctx;
  const sn_fesys *S = F->S;
  force_part *P = calloc(1, sizeof *P);
  if (!P) return SN_ERR_NOMEM;
  *state = P;
  if (F->K) sn_elpass_share(F->K->colptr, F->K->n, part, nparts, &P->k0, &P->k1);
  if (F->fill) sn_elpass_share(S->klin->colptr, S->klin->n, part, nparts, &P->l0, &P->l1);
  P->d0 = (int)((long long)S->ndof * part / nparts);
  P->d1 = (int)((long long)S->ndof * (part + 1) / nparts);
  if (F->K && S->T) {
    P->xidx = malloc(sizeof(int) * MAXEXP);
    P->xw = malloc(sizeof(double) * MAXEXP);
    if (!P->xidx || !P->xw) return SN_ERR_NOMEM;
  }
  return SN_OK;
}

static void force_end(void *ctx, void *state)
{
  (void)ctx;
  force_part *P = state;
  if (P) { free(P->xidx); free(P->xw); }
  free(P);
}

/* the part's share of element e, in the serial loop's order */
static int force_add(void *ctx, void *state, int e, const double *v, const int *dofs)
{
  const force_pass *F = ctx;
  const force_part *P = state;
  sn_fesys *S = F->S;
  int nd = (S->m->elem_ptr[e + 1] - S->m->elem_ptr[e]) * S->ndf;
  const double *fe = v, *Ke = v + nd;
  if (F->K && S->T) {
    int st = scatter_mapped(S, F->K, F->eq, dofs, nd, Ke, P->xidx, P->xw, P->k0, P->k1);
    if (st) return st;   /* the expansion's size: the same on every part */
  }
  if (F->fill && S->lin[e]) scatter(S->klin, S->ident, dofs, nd, Ke, P->l0, P->l1);
  for (int a = 0; a < nd; a++)
    if (dofs[a] >= P->d0 && dofs[a] < P->d1) F->fint[dofs[a]] += fe[a];
  if (F->K && !S->T) scatter(F->K, F->eq, dofs, nd, Ke, P->k0, P->k1);
  return SN_OK;
}

static int internal_parallel(sn_fesys *S, int nt, const double *u, int nlgeom, double *fint, const int *eq, sn_csc *K,
                             int fast, int fill, char *msg, size_t msglen)
{
  force_pass F = {S, u, nlgeom, fast, fill, K || fill, fint, eq, K};
  sn_elpass P = {&F, S->ne, MAXDOF, S->chunk, force_size, force_compute, force_begin, force_end, force_add};
  int e, phase, st = sn_elpass_run(&P, nt, &e, &phase, &S->team);
  if (st && phase == 1) {   /* again, alone, for its message (the same status) */
    double fe[MAXDOF], Ke[MAXDOF * MAXDOF];
    int dofs[MAXDOF], nd;
    int st1 = element_force(S, e, u, nlgeom, K != NULL, dofs, &nd, fe, Ke, msg, msglen);
    if (st1) st = st1;
  } else if (st && phase == 2) {
    scatter_failed(S, e, st, msg, msglen);
  }
  return st;
}

/* sn_fesys_internal's values, the pattern of K made */
static int internal_values(sn_fesys *S, const double *u, int nlgeom, double *fint, const int *eq, sn_csc *K, char *msg,
                           size_t msglen)
{
  memset(fint, 0, sizeof(double) * (size_t)S->ndof);
  int fast = 0, fill = 0;               /* the linear elements by their kept stiffness */
  if (!K && !nlgeom) {
    fast = klin_forces(S, u, fint);
    if (fast < 0) return fast;
  } else if (K && !nlgeom && S->klin_state == 0) {   /* made with K, from the same K_e */
    int st = klin_prepare(S);
    if (st) return st;
    fill = S->klin_state == 0;
  }
  int nt = pass_threads(S, S->now);
  int st = nt ? internal_parallel(S, nt, u, nlgeom, fint, eq, K, fast, fill, msg, msglen)
              : internal_serial(S, u, nlgeom, fint, eq, K, fast, fill, msg, msglen);
  if (st) return st;                    /* (klin, if begun, is made again next time) */
  if (fill) klin_done(S, 1);
  return SN_OK;
}

int sn_fesys_internal(sn_fesys *S, const double *u, int nlgeom, double *fint, const int *eq,
                      int neq, int eq_version, sn_csc **K, char *msg, size_t msglen)
{
  if (!S || !u || !fint) return SN_ERR_ARG;
  if (K) {
    if (!*K || S->k_neq != neq || S->k_version != eq_version || S->k_eq != eq) {
      sn_csc_free(*K);
      *K = NULL;
      int st = S->T ? build_pattern_mapped(S, eq, neq, K) : build_pattern(S, eq, neq, K);
      if (st == SN_ERR_FORMAT && msg && msglen) snprintf(msg, msglen, "an element's constraint equations involve more than %d terms", MAXEXP);
      if (st) return st;
      S->k_neq = neq; S->k_version = eq_version; S->k_eq = eq;
    }
    memset((*K)->val, 0, sizeof(double) * (size_t)(*K)->nnz);
  }
  /* on S->now threads: the tuner's count, threads and one alternating in its probes */
  sn_par_tune *T = K ? &S->tune_k : &S->tune_f;
  int tune = tuned(S);
  S->now = tune ? sn_par_tune_begin(T) : S->threads;
  int st = internal_values(S, u, nlgeom, fint, eq, K ? *K : NULL, msg, msglen);
  if (tune) sn_par_tune_end(T);
  return st;
}

int sn_fesys_pressure(sn_fesys *S, int e, int face, double p, double *f)
{
  const sn_model *m = S->m;
  if (S->skip[e]) return SN_OK;                    /* a load on a rigid body's element */
  double X[3 * MAXN] = {0}, fe[MAXDOF] = {0};
  int dofs[MAXDOF];
  int nd = elem_dofs(S, e, dofs);
  coords(m, e, X);
  int st = sn_element_pressure_load(m->elem_type[e], X, &S->props[e], face, p, fe);
  if (st) return st;
  for (int a = 0; a < nd; a++) f[dofs[a]] += S->scale[e] * fe[a];
  return SN_OK;
}

/* the same on the deformed face: the element's nodes at X + u (a follower pressure, NLGEOM) */
int sn_fesys_pressure_current(sn_fesys *S, int e, int face, double p, const double *u, double *f)
{
  const sn_model *m = S->m;
  if (S->skip[e]) return SN_OK;
  double X[3 * MAXN] = {0}, fe[MAXDOF] = {0};
  int dofs[MAXDOF];
  int nd = elem_dofs(S, e, dofs);
  coords(m, e, X);
  for (int a = 0; a < nd; a++) X[3 * (a / S->ndf) + a % S->ndf] += u[dofs[a]];
  int st = sn_element_pressure_load(m->elem_type[e], X, &S->props[e], face, p, fe);
  if (st) return st;
  for (int a = 0; a < nd; a++) f[dofs[a]] += S->scale[e] * fe[a];
  return SN_OK;
}

int sn_fesys_gravity(sn_fesys *S, int e, const double *g, double *f)
{
  const sn_model *m = S->m;
  if (S->skip[e] || sn_element_desc(m->elem_type[e])->kind == SN_KIND_SPRING) return SN_OK;
  double X[3 * MAXN] = {0}, fe[MAXDOF] = {0};
  int dofs[MAXDOF];
  int nd = elem_dofs(S, e, dofs);
  coords(m, e, X);
  int st = sn_element_gravity_load(m->elem_type[e], X, &S->props[e], g, fe);
  if (st) return st;
  for (int a = 0; a < nd; a++) f[dofs[a]] += S->scale[e] * fe[a];
  return SN_OK;
}

/* strain from stress by the isotropic compliance, tensor shear components (CalculiX' E):
 * e_ii = (s_ii - nu (s_jj + s_kk)) / E, e_ij = (1 + nu) s_ij / E */
static void compliance(const sn_elprops *p, const double *sg, double *ep)
{
  double E = p->E, nu = p->nu;
  ep[0] = (sg[0] - nu * (sg[1] + sg[2])) / E;
  ep[1] = (sg[1] - nu * (sg[0] + sg[2])) / E;
  ep[2] = (sg[2] - nu * (sg[0] + sg[1])) / E;
  for (int c = 3; c < 6; c++) ep[c] = (1 + nu) * sg[c] / E;
}

/* stresses (strain = 0) or strains (strain = 1) at nodes (averaged) and integration points */
/* element e's stresses (sip at its points, sn at its nodes; want_s 0: only as the way to the
 * strains) and, when esip is not NULL, its
 * total strains (esip, esn): for a linear element the compliance of the same stresses (no
 * second element pass), for NLGEOM, hyperelastic and plastic ones their own strain routine */
static int element_fields(const sn_fesys *S, int e, const double *X, const double *ue, int want_s, double *sip,
                          double *sn, double *esip, double *esn)
{
  const sn_model *m = S->m;
  sn_eltype t = m->elem_type[e];
  const sn_eldesc *d = sn_element_desc(t);
  const sn_neohooke *nh = hyper_at(S, e);
  int nl = (S->nlgeom_out || nh) && d->kind != SN_KIND_TRUSS;
  const double *hc = plastic_at(S, e) ? S->hist0 + (size_t)S->ip_off[e] * SN_J2_NHIST : NULL;
  if (hc) nl = 1;                       /* the plastic element's own stress and total strain */
  double dt[MAXN], sip0[6 * 27], sn0[6 * MAXN];
  sn_elthermal thb;
  const sn_elthermal *th = hc ? NULL : elem_thermal(S, e, dt, &thb);   /* plastic: refused with a thermal strain */
  double al = th ? th->alpha : 0;
  const double *dtp = th ? th->dtemp : NULL;
  if (nl && esip && !want_s)            /* the strains alone: their own routine only */
    return hc ? sn_element_stress_plastic(t, X, &S->props[e], S->nlgeom_out, ue, hc, NULL, NULL, esip, esn)
              : sn_element_stress_nlgeom_mat(t, X, &S->props[e], nh, al, dtp, ue, NULL, NULL, esip, esn);
  int st = hc ? sn_element_stress_plastic(t, X, &S->props[e], S->nlgeom_out, ue, hc, sip, sn, NULL, NULL)
           : nl ? sn_element_stress_nlgeom_mat(t, X, &S->props[e], nh, al, dtp, ue, sip, sn, NULL, NULL)
                : sn_element_stress_x(t, X, &S->props[e], th, ue, sip, sn, S->xm[t]);
  if (st || !esip) return st;
  if (nl)
    return hc ? sn_element_stress_plastic(t, X, &S->props[e], S->nlgeom_out, ue, hc, NULL, NULL, esip, esn)
              : sn_element_stress_nlgeom_mat(t, X, &S->props[e], nh, al, dtp, ue, NULL, NULL, esip, esn);
  /* total strain = mechanical + thermal; the thermal part as minus the compliance of the
   * stress of the thermal strain alone (u = 0), exact for the isotropic D of 3D, plane strain
   * and axisymmetric elements (plane stress: the in-plane components); under NLGEOM the
   * Green-Lagrange strain is already the total one */
  double zero[MAXDOF] = {0};
  if (th && (st = sn_element_stress_thermal(t, X, &S->props[e], th, zero, sip0, sn0))) return st;
  double tmp0[6];
  for (int g = 0; g < d->nip; g++) {
    compliance(&S->props[e], sip + 6 * g, esip + 6 * g);
    if (th) { compliance(&S->props[e], sip0 + 6 * g, tmp0); for (int c = 0; c < 3; c++) esip[6 * g + c] -= tmp0[c]; }
  }
  for (int a = 0; a < d->nnodes; a++) {
    compliance(&S->props[e], sn + 6 * a, esn + 6 * a);
    if (th) { compliance(&S->props[e], sn0 + 6 * a, tmp0); for (int c = 0; c < 3; c++) esn[6 * a + c] -= tmp0[c]; }
  }
  return SN_OK;
}

/* ---- the stresses and strains of the elements: serial loop or parallel pass (element_pass.h;
 * phase 1 an element's points straight into Sip / Eip and its nodal values into its slot,
 * phase 2 a part owns the nodes [n0, n1) of the averages) ---- */
typedef struct {
  const sn_fesys *S;
  const double *u;
  double *Snode, *Sip, *Enode, *Eip;
  int *cnt;
} fields_pass;

/* element e's fields at u: the points into Sip / Eip, the nodal values into sn / esn */
static int element_fields_at(const fields_pass *F, int e, double *sn, double *esn)
{
  const sn_fesys *S = F->S;
  const sn_model *m = S->m;
  const sn_eldesc *d = sn_element_desc(m->elem_type[e]);
  double X[3 * MAXN], ue[MAXDOF], sip[6 * 27], esip[6 * 27];
  int dofs[MAXDOF];
  int nd = elem_dofs(S, e, dofs);
  coords(m, e, X);
  for (int a = 0; a < nd; a++) ue[a] = F->u[dofs[a]];
  int st = element_fields(S, e, X, ue, F->Snode || F->Sip, sip, sn, F->Enode || F->Eip ? esip : NULL, esn);
  if (st) return st;
  size_t ip = 6 * (size_t)S->ip_off[e], nip6 = sizeof(double) * 6 * (size_t)d->nip;
  if (F->Sip) memcpy(F->Sip + ip, sip, nip6);
  if (F->Eip) memcpy(F->Eip + ip, esip, nip6);
  return SN_OK;
}

/* element e's nodal values into the averages' sums, its nodes n0 <= i < n1 */
static void fields_add_nodes(const fields_pass *F, int e, const double *sn, const double *esn, int n0, int n1)
{
  const sn_model *m = F->S->m;
  int nn = m->elem_ptr[e + 1] - m->elem_ptr[e];
  for (int a = 0; a < nn && F->cnt; a++) {
    int i = m->elem_conn[m->elem_ptr[e] + a];
    if (i < n0 || i >= n1) continue;
    if (F->Snode) for (int c = 0; c < 6; c++) F->Snode[6 * i + c] += sn[6 * a + c];
    if (F->Enode) for (int c = 0; c < 6; c++) F->Enode[6 * i + c] += esn[6 * a + c];
    F->cnt[i]++;
  }
}

static int fields_skip(const sn_fesys *S, int e)
{
  return S->skip[e] || sn_element_desc(S->m->elem_type[e])->kind == SN_KIND_SPRING;
}

static size_t fields_size(void *ctx, int e)
{
  const fields_pass *F = ctx;
  if (fields_skip(F->S, e)) return 0;
  size_t n6 = 6 * (size_t)(F->S->m->elem_ptr[e + 1] - F->S->m->elem_ptr[e]);
  size_t s = (F->Snode ? n6 : 0) + (F->Enode ? n6 : 0);
  return s ? s : 1;   /* (points only: a slot all the same, unused) */
}

static int fields_compute(void *ctx, int e, double *v, int *iv)
{
  (void)iv;
  const fields_pass *F = ctx;
  double sn[6 * MAXN], esn[6 * MAXN];
  size_t n6 = 6 * (size_t)(F->S->m->elem_ptr[e + 1] - F->S->m->elem_ptr[e]);
  return element_fields_at(F, e, F->Snode ? v : sn, F->Enode ? v + (F->Snode ? n6 : 0) : esn);
}

static int fields_begin(void *ctx, int part, int nparts, void **state)
{
  const fields_pass *F = ctx;
  int *r = malloc(2 * sizeof(int));
  if (!r) return SN_ERR_NOMEM;
  r[0] = (int)((long long)F->S->nn * part / nparts);
  r[1] = (int)((long long)F->S->nn * (part + 1) / nparts);
  *state = r;
  return SN_OK;
}

static void fields_end(void *ctx, void *state) { (void)ctx; free(state); }

static int fields_add(void *ctx, void *state, int e, const double *v, const int *iv)
{
  (void)iv;
  const fields_pass *F = ctx;
  const int *r = state;
  size_t n6 = 6 * (size_t)(F->S->m->elem_ptr[e + 1] - F->S->m->elem_ptr[e]);
  fields_add_nodes(F, e, v, v + (F->Snode ? n6 : 0), r[0], r[1]);
  return SN_OK;
}

/* averaged nodal and integration-point stresses and strains (any output may be NULL; the
 * strains only when Enode or Eip is given) */
static int fields(const sn_fesys *S, int n, const double *u, double *Snode, double *Sip, double *Enode, double *Eip)
{
  fields_pass F = {S, u, Snode, Sip, Enode, Eip, NULL};
  if (Snode || Enode) {
    F.cnt = calloc((size_t)S->nn + 1, sizeof(int));
    if (!F.cnt) return SN_ERR_NOMEM;
  }
  if (Snode) memset(Snode, 0, sizeof(double) * 6 * (size_t)S->nn);
  if (Enode) memset(Enode, 0, sizeof(double) * 6 * (size_t)S->nn);
  int st = SN_OK, nt = pass_threads(S, n);
  if (nt) {
    sn_elpass P = {&F, S->ne, 0, S->chunk, fields_size, fields_compute, fields_begin, fields_end, fields_add};
    int e, phase, team;
    st = sn_elpass_run(&P, nt, &e, &phase, &team);
  } else {
    double sn[6 * MAXN], esn[6 * MAXN];
    for (int e = 0; e < S->ne && !st; e++)
      if (!fields_skip(S, e) && !(st = element_fields_at(&F, e, sn, esn))) fields_add_nodes(&F, e, sn, esn, 0, INT_MAX);
  }
  for (int i = 0; i < S->nn && F.cnt && !st; i++)
    if (F.cnt[i] > 1)
      for (int c = 0; c < 6; c++) {
        if (Snode) Snode[6 * i + c] /= F.cnt[i];
        if (Enode) Enode[6 * i + c] /= F.cnt[i];
      }
  free(F.cnt);
  return st;
}

/* ---- the commit: element e's J2 return mapping from hist0 into its own points of hist1 (no
 * shared sum: the parallel pass has nothing to add) ---- */
typedef struct {
  sn_fesys *S;
  const double *u;
  int nlgeom;
} commit_pass;

static size_t commit_size(void *ctx, int e)
{
  const sn_fesys *S = ((const commit_pass *)ctx)->S;
  return !S->skip[e] && plastic_at(S, e);
}

static int commit_element(void *ctx, int e, double *v, int *iv)
{
  (void)v; (void)iv;
  const commit_pass *C = ctx;
  sn_fesys *S = C->S;
  const sn_model *m = S->m;
  double X[3 * MAXN], ue[MAXDOF];
  int dofs[MAXDOF];
  int nd = elem_dofs(S, e, dofs);
  coords(m, e, X);
  for (int a = 0; a < nd; a++) ue[a] = C->u[dofs[a]];
  size_t h = (size_t)S->ip_off[e] * SN_J2_NHIST;
  return sn_element_plastic(m->elem_type[e], X, &S->props[e], plastic_at(S, e), C->nlgeom, ue, S->hist0 + h, S->hist1 + h,
                            NULL, NULL);
}

static int commit_add(void *ctx, void *state, int e, const double *v, const int *iv)
{
  (void)ctx; (void)state; (void)e; (void)v; (void)iv;
  return SN_OK;
}

int sn_fesys_commit(sn_fesys *S, const double *u, int nlgeom, char *msg, size_t msglen)
{
  if (!S || !u) return SN_ERR_ARG;
  if (!S->has_plastic) return SN_OK;
  const sn_model *m = S->m;
  commit_pass C = {S, u, nlgeom};
  int tune = tuned(S);
  int st = SN_OK, e = 0, nt = pass_threads(S, tune ? sn_par_tune_begin(&S->tune_c) : S->threads);
  if (nt) {
    sn_elpass P = {&C, S->ne, 0, S->chunk, commit_size, commit_element, NULL, NULL, commit_add};
    int phase, team;
    st = sn_elpass_run(&P, nt, &e, &phase, &team);
  } else {
    for (; e < S->ne; e++)
      if (commit_size(&C, e) && (st = commit_element(&C, e, NULL, NULL))) break;
  }
  if (tune) sn_par_tune_end(&S->tune_c);
  if (st) {
    if (msg && msglen && e >= 0) snprintf(msg, msglen, "element %d (%s): %s", m->elem_id[e], sn_element_desc(m->elem_type[e])->name, sn_strerror(st));
    return st;
  }
  memcpy(S->hist0, S->hist1, sizeof(double) * (size_t)S->ip_off[S->ne] * SN_J2_NHIST);
  return SN_OK;
}

int sn_fesys_peeq(const sn_fesys *S, double *Pip)
{
  if (!S || !Pip) return SN_ERR_ARG;
  for (int g = 0; g < S->ip_off[S->ne]; g++) Pip[g] = S->hist0 ? S->hist0[(size_t)g * SN_J2_NHIST + 6] : 0.0;
  return SN_OK;
}

const double *sn_fesys_history(const sn_fesys *S) { return S ? S->hist0 : NULL; }

int sn_fesys_stress(const sn_fesys *S, const double *u, double *Snode, double *Sip)
{
  return fields(S, S->tune_s.choice, u, Snode, Sip, NULL, NULL);   /* (the count sn_fesys_stress_strain_timed chose) */
}

int sn_fesys_strain(const sn_fesys *S, const double *u, double *Enode, double *Eip)
{
  return fields(S, S->tune_s.choice, u, NULL, NULL, Enode, Eip);
}

int sn_fesys_stress_strain(const sn_fesys *S, const double *u, double *Snode, double *Sip, double *Enode, double *Eip)
{
  if (!S || !u) return SN_ERR_ARG;
  return fields(S, S->tune_s.choice, u, Snode, Sip, Enode, Eip);
}

int sn_fesys_stress_strain_timed(sn_fesys *S, const double *u, double *Snode, double *Sip, double *Enode, double *Eip)
{
  if (!S || !u) return SN_ERR_ARG;
  int tune = tuned(S);
  int st = fields(S, tune ? sn_par_tune_begin(&S->tune_s) : S->threads, u, Snode, Sip, Enode, Eip);
  if (tune) sn_par_tune_end(&S->tune_s);
  return st;
}

/* Mass matrix on the free dofs (eq[dof] >= 0, numbered eq), both triangles, from the element
 * mass matrices (sn_element_mass; axisymmetric ones times 2 pi, as the stiffness): triplets
 * summed into CSC. */
int sn_fesys_mass(const sn_fesys *S, int lumped, const int *eq, int neq, sn_csc **M)
{
  if (!S || !eq || !M || neq < 0) return SN_ERR_ARG;
  const sn_model *m = S->m;
  size_t cap = 0;
  for (int e = 0; e < m->nelems; e++) {
    size_t nd = (size_t)(m->elem_ptr[e + 1] - m->elem_ptr[e]) * (size_t)S->ndf;
    cap += lumped == 1 ? nd : nd * nd;
  }
  int *I = malloc(sizeof(int) * (cap + 1)), *J = malloc(sizeof(int) * (cap + 1));
  double *V = malloc(sizeof(double) * (cap + 1)), *Me = malloc(sizeof(double) * MAXDOF * MAXDOF);
  int st = (!I || !J || !V || !Me) ? SN_ERR_NOMEM : SN_OK;
  int nz = 0;
  for (int e = 0; e < m->nelems && !st; e++) {
    if (S->skip[e]) continue;
    double X[3 * MAXN] = {0};
    int dofs[MAXDOF], nd = elem_dofs(S, e, dofs);
    coords(m, e, X);
    if ((st = sn_element_mass(m->elem_type[e], X, &S->props[e], lumped, Me))) break;
    for (int b = 0; b < nd; b++)
      for (int a = 0; a < nd; a++) {
        double v = Me[(size_t)b * (size_t)nd + (size_t)a];
        if (v == 0 || eq[dofs[a]] < 0 || eq[dofs[b]] < 0) continue;
        I[nz] = eq[dofs[a]];
        J[nz] = eq[dofs[b]];
        V[nz++] = S->scale[e] * v;
      }
  }
  if (!st) st = sn_csc_from_triplets(neq, neq, nz, I, J, V, M);
  free(I);
  free(J);
  free(V);
  free(Me);
  return st;
}

/* the work of a tabulated spring law from 0 to elongation d: the trapezoid rule between 0, the
 * table's points that lie between 0 and d, and d (exact: the law is linear between them) */
static double spring_work(const sn_spring *sp, double d)
{
  double w = 0, x0 = 0, F0, F1, k;
  spring_law(sp, 0.0, &F0, &k);
  int up = d >= 0;
  for (int i = up ? 0 : sp->ntab - 1; i >= 0 && i < sp->ntab; i += up ? 1 : -1) {
    double x = sp->elong[i];
    if (up ? (x <= x0 || x >= d) : (x >= x0 || x <= d)) continue;
    spring_law(sp, x, &F1, &k);
    w += 0.5 * (F0 + F1) * (x - x0);
    x0 = x;
    F0 = F1;
  }
  spring_law(sp, d, &F1, &k);
  return w + 0.5 * (F0 + F1) * (d - x0);
}

/* Per element: the internal (strain) energy of displacement u, 1/2 ue^T Ke ue with the
 * small-strain stiffness (CalculiX' ELSE for linear elastic elements; axisymmetric ones over
 * the full circumference, as their stiffness), springs the area under their force-elongation
 * law; and, vol not NULL, the volume (CalculiX' EVOL: sn_element_volume, springs 0). */
int sn_fesys_element_energy(const sn_fesys *S, const double *u, double *ener, double *vol)
{
  if (!S || !u || !ener) return SN_ERR_ARG;
  const sn_model *m = S->m;
  double X[3 * MAXN], ue[MAXDOF], Ke[MAXDOF * MAXDOF], f[MAXDOF];
  int dofs[MAXDOF];
  for (int e = 0; e < S->ne; e++) {
    sn_eltype t = m->elem_type[e];
    const sn_eldesc *d = sn_element_desc(t);
    int nd = elem_dofs(S, e, dofs), st = SN_OK;
    coords(m, e, X);
    for (int a = 0; a < nd; a++) ue[a] = u[dofs[a]];
    ener[e] = 0.0;
    if (vol) vol[e] = 0.0;
    if (S->skip[e]) continue;
    if (d->kind == SN_KIND_SPRING) {
      const sn_spring *sp = &m->springs[m->elem_spring[e]];
      double elong, dir[3];
      st = sn_spring_axial(S->ndf, X, ue, 1.0, NULL, &elong, dir);
      if (!st && sp->ntab == 0) ener[e] = 0.5 * sp->k * elong * elong;
      if (!st && sp->ntab > 0) ener[e] = spring_work(sp, elong);
    } else {
      st = sn_element_stiffness(t, X, &S->props[e], Ke);
      if (!st) {
        sn_dense_gemv(nd, nd, 1.0, Ke, ue, 0.0, f);
        double w = 0;
        for (int a = 0; a < nd; a++) w += ue[a] * f[a];
        ener[e] = 0.5 * S->scale[e] * w;
      }
      if (!st && vol) st = sn_element_volume(t, X, &S->props[e], vol + e);
      if (!st && vol) vol[e] *= S->scale[e];
    }
    if (st) return st;
  }
  return SN_OK;
}

/* The initial-stress stiffness on the free dofs (upper triangle): element matrices of the
 * integration-point stresses, summed as triplets into CSC. */
/* 1 when sn_fesys_internal's tangent of element e already holds its stress and large-displacement
 * stiffness: under NLGEOM the total Lagrangian trusses and continuum elements, and hyperelastic
 * elements always (springs have none) */
static int nlgeom_tangent(const sn_fesys *S, int e, int nlgeom)
{
  return (nlgeom && sn_element_desc(S->m->elem_type[e])->kind != SN_KIND_SPRING) || hyper_at(S, e);
}

int sn_fesys_stress_stiffness(const sn_fesys *S, const double *u, const double *Sip, int nlgeom, const int *eq,
                              int neq, sn_csc **Kg)
{
  if (!S || !Sip || !eq || !Kg || neq < 0) return SN_ERR_ARG;
  const sn_model *m = S->m;
  size_t cap = 0;
  for (int e = 0; e < m->nelems; e++) {
    size_t nd = (size_t)(m->elem_ptr[e + 1] - m->elem_ptr[e]) * (size_t)S->ndf;
    cap += nd * nd;
  }
  int *I = malloc(sizeof(int) * (cap + 1)), *J = malloc(sizeof(int) * (cap + 1));
  double *V = malloc(sizeof(double) * (cap + 1)), *Kge = malloc(sizeof(double) * MAXDOF * MAXDOF);
  int st = (!I || !J || !V || !Kge) ? SN_ERR_NOMEM : SN_OK;
  int nz = 0;
  for (int e = 0; e < m->nelems && !st; e++) {
    if (S->skip[e] || nlgeom_tangent(S, e, nlgeom)) continue;
    double X[3 * MAXN] = {0}, ue[MAXDOF];
    int dofs[MAXDOF], nd = elem_dofs(S, e, dofs);
    coords(m, e, X);
    for (int a = 0; u && a < nd; a++) ue[a] = u[dofs[a]];
    if ((st = sn_element_stress_stiffness(m->elem_type[e], X, &S->props[e], Sip + 6 * (size_t)S->ip_off[e],
                                          u ? ue : NULL, Kge)))
      break;
    for (int b = 0; b < nd; b++)
      for (int a = 0; a < nd; a++) {
        double v = Kge[(size_t)b * (size_t)nd + (size_t)a];
        int ra = eq[dofs[a]], cb = eq[dofs[b]];
        if (v == 0 || ra < 0 || cb < 0 || ra > cb) continue;
        I[nz] = ra;
        J[nz] = cb;
        V[nz++] = S->scale[e] * v;
      }
  }
  if (!st) st = sn_csc_from_triplets(neq, neq, nz, I, J, V, Kg);
  free(I);
  free(J);
  free(V);
  free(Kge);
  return st;
}
