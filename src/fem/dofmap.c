/* Kinematic constraints by master-slave elimination (the method CalculiX uses for its MPCs,
 * User's Manual, "Linear equations" / *EQUATION: the first term's dof is dependent and removed
 * from the system). The unknowns q are the nodal components in each node's frame (*TRANSFORM:
 * u_i = R_i q_i, R_i orthonormal); each equation sum_k a_k q_k = 0 makes its dependent q_d =
 * -sum_{k != d} (a_k / a_d) q_k; chains (a dependent dof among the terms of another equation)
 * are substituted until every row holds independent dofs only (a cycle is an error). The
 * result is the map u = T q_indep, one sparse row per global dof; the reduced stiffness T^T K T
 * stays symmetric positive definite (CHOLMOD), forces reduce as T^T f, contact Jacobians as
 * T^T H. */
#include "signorini/analysis.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  int n, cap;
  int *idx;
  double *val;
} row_t;

typedef struct {
  int ndof;
  double *acc;      /* dense accumulator */
  int *pos;         /* -1, or the slot of a dof in list */
  int *list, nlist;
} accum_t;

static void acc_add(accum_t *A, int k, double v)
{
  if (A->pos[k] < 0) { A->pos[k] = A->nlist; A->list[A->nlist++] = k; A->acc[k] = 0.0; }
  A->acc[k] += v;
}

/* the accumulated entries into r (zeros dropped), the accumulator emptied */
static int acc_take(accum_t *A, row_t *r)
{
  r->n = 0;
  if (A->nlist > r->cap) {
    int *i = realloc(r->idx, sizeof(int) * (size_t)A->nlist);
    if (i) r->idx = i;
    double *v = realloc(r->val, sizeof(double) * (size_t)A->nlist);
    if (v) r->val = v;
    if (!i || !v) return SN_ERR_NOMEM;
    r->cap = A->nlist;
  }
  for (int t = 0; t < A->nlist; t++) {
    int k = A->list[t];
    if (A->acc[k] != 0.0) { r->idx[r->n] = k; r->val[r->n++] = A->acc[k]; }
    A->pos[k] = -1;
  }
  A->nlist = 0;
  return SN_OK;
}

/* equation e as a row over q: its terms, a term in global components of a node with a
 * transform spread over the node's local components */
static void equation_row(const sn_model *m, const double *R, const sn_equation *e, accum_t *A)
{
  int ndf = m->ndf;
  for (int j = e->first; j < e->first + e->nterms; j++) {
    int i = m->eqt_node[j], c = m->eqt_dof[j] - 1;
    double a = m->eqt_coef[j];
    int glob = e->global && !(j == e->first && e->first_local);
    if (!glob || !R || m->node_transform[i] < 0) { acc_add(A, ndf * i + c, a); continue; }
    for (int l = 0; l < ndf; l++) acc_add(A, ndf * i + l, a * R[9 * (size_t)i + 3 * l + c]);
  }
}

typedef struct {
  const sn_model *m;
  sn_dofmap *T;
  row_t *raw, *res;        /* per q-dof: the dependent's row, and resolved */
  unsigned char *state;    /* 0 unresolved, 1 on the stack, 2 resolved */
  accum_t A;
  unsigned char *presc;    /* per q: prescribed by a *BOUNDARY of some step */
  char *msg;
  size_t msglen;
} build_t;

static int resolve(build_t *B, int d)
{
  if (B->state[d] == 2) return SN_OK;
  const sn_model *m = B->m;
  if (B->state[d] == 1) {
    if (B->msg) snprintf(B->msg, B->msglen, "line %d: *EQUATION: the dependent degrees of freedom form a cycle (degree of freedom %d of node %d depends on itself)",
                         m->equations[B->T->dep_eq[d]].line, d % m->ndf + 1, m->node_id[d / m->ndf]);
    return SN_ERR_FORMAT;
  }
  B->state[d] = 1;
  const row_t *r = &B->raw[d];
  for (int t = 0; t < r->n; t++)
    if (B->T->dep[r->idx[t]]) {
      int st = resolve(B, r->idx[t]);
      if (st) return st;
    }
  for (int t = 0; t < r->n; t++) {
    int k = r->idx[t];
    if (!B->T->dep[k]) { acc_add(&B->A, k, r->val[t]); continue; }
    const row_t *s = &B->res[k];
    for (int u = 0; u < s->n; u++) acc_add(&B->A, s->idx[u], r->val[t] * s->val[u]);
  }
  B->state[d] = 2;
  return acc_take(&B->A, &B->res[d]);
}

/* every equation's dependent dof and its raw row */
static int dependents(build_t *B)
{
  const sn_model *m = B->m;
  sn_dofmap *T = B->T;
  for (int q = 0; q < m->nequations; q++) {
    const sn_equation *e = &m->equations[q];
    int i = m->eqt_node[e->first], d = m->ndf * i + m->eqt_dof[e->first] - 1;
    if (e->tie >= 0 && B->presc[d]) { T->dropped++; continue; }   /* the *BOUNDARY holds the slave dof */
    if (T->dep[d]) {
      if (B->msg) snprintf(B->msg, B->msglen, "line %d: degree of freedom %d of node %d is the dependent term of two equations (the other: line %d)",
                           e->line, m->eqt_dof[e->first], m->node_id[i], m->equations[T->dep_eq[d]].line);
      return SN_ERR_FORMAT;
    }
    equation_row(m, T->R, e, &B->A);
    double ad = B->A.pos[d] >= 0 ? B->A.acc[d] : 0.0, amax = 0.0;
    for (int t = 0; t < B->A.nlist; t++) amax = fmax(amax, fabs(B->A.acc[B->A.list[t]]));
    if (!(fabs(ad) > 1e-12 * amax)) {
      if (B->msg) snprintf(B->msg, B->msglen, "line %d: the equation's dependent term (degree of freedom %d of node %d) has a zero coefficient",
                           e->line, m->eqt_dof[e->first], m->node_id[i]);
      return SN_ERR_FORMAT;
    }
    for (int t = 0; t < B->A.nlist; t++) {
      int k = B->A.list[t];
      B->A.acc[k] = k == d ? 0.0 : -B->A.acc[k] / ad;
    }
    int st = acc_take(&B->A, &B->raw[d]);
    if (st) return st;
    T->dep[d] = 1;
    T->dep_eq[d] = q;
  }
  return SN_OK;
}

/* the rows of T: u_{i,c} = sum_l R_i[c][l] q_{i,l}, dependent q substituted */
static int map_rows(build_t *B)
{
  const sn_model *m = B->m;
  sn_dofmap *T = B->T;
  int ndf = m->ndf, st = SN_OK;   /* SN_OK for a model without dofs (the loop below not entered) */
  row_t r = {0, 0, NULL, NULL};
  size_t cap = (size_t)T->ndof + 1;
  T->ptr = calloc((size_t)T->ndof + 1, sizeof(int));
  T->col = malloc(sizeof(int) * cap);
  T->val = malloc(sizeof(double) * cap);
  if (!T->ptr || !T->col || !T->val) return SN_ERR_NOMEM;
  for (int d = 0; d < T->ndof; d++) {
    int i = d / ndf, c = d % ndf;
    int tr = T->R && m->node_transform[i] >= 0;
    for (int l = 0; l < ndf; l++) {
      double w = tr ? T->R[9 * (size_t)i + 3 * l + c] : (l == c);
      int k = ndf * i + l;
      if (w == 0.0) continue;
      if (!T->dep[k]) { acc_add(&B->A, k, w); continue; }
      const row_t *s = &B->res[k];
      for (int u = 0; u < s->n; u++) acc_add(&B->A, s->idx[u], w * s->val[u]);
    }
    if ((st = acc_take(&B->A, &r))) break;
    if ((size_t)T->ptr[d] + (size_t)r.n > cap) {
      while ((size_t)T->ptr[d] + (size_t)r.n > cap) cap *= 2;
      int *ci = realloc(T->col, sizeof(int) * cap);
      if (ci) T->col = ci;
      double *cv = realloc(T->val, sizeof(double) * cap);
      if (cv) T->val = cv;
      if (!ci || !cv) { st = SN_ERR_NOMEM; break; }
    }
    memcpy(T->col + T->ptr[d], r.idx, sizeof(int) * (size_t)r.n);
    memcpy(T->val + T->ptr[d], r.val, sizeof(double) * (size_t)r.n);
    T->ptr[d + 1] = T->ptr[d] + r.n;
  }
  free(r.idx);
  free(r.val);
  return st;
}

int sn_dofmap_create(const sn_model *m, sn_dofmap **out, char *msg, size_t msglen)
{
  if (!m || !out) return SN_ERR_ARG;
  *out = NULL;
  sn_dofmap *T = calloc(1, sizeof *T);
  if (!T) return SN_ERR_NOMEM;
  int ndf = m->ndf, st = SN_OK;
  T->ndof = ndf * m->nnodes;
  T->trivial = m->nequations == 0 && !m->node_transform;
  T->dep = calloc((size_t)T->ndof + 1, 1);
  T->dep_eq = malloc(sizeof(int) * ((size_t)T->ndof + 1));
  T->touched = calloc((size_t)m->nnodes + 1, 1);
  if (!T->dep || !T->dep_eq || !T->touched) { sn_dofmap_free(T); return SN_ERR_NOMEM; }
  for (int d = 0; d < T->ndof; d++) T->dep_eq[d] = -1;
  if (T->trivial) { *out = T; return SN_OK; }
  if (m->node_transform) {
    T->R = malloc(sizeof(double) * 9 * ((size_t)m->nnodes + 1));
    if (!T->R) { sn_dofmap_free(T); return SN_ERR_NOMEM; }
    for (int i = 0; i < m->nnodes; i++) {
      if ((st = sn_model_node_frame(m, i, T->R + 9 * (size_t)i))) {
        if (msg) snprintf(msg, msglen, "line %d: *TRANSFORM: no frame at node %d", m->transforms[m->node_transform[i]].line, m->node_id[i]);
        sn_dofmap_free(T);
        return st;
      }
      if (m->node_transform[i] >= 0) T->touched[i] = 1;
    }
  }
  for (int j = 0; j < m->neqterms; j++) T->touched[m->eqt_node[j]] = 1;
  build_t B = {m, T, NULL, NULL, NULL, {T->ndof, NULL, NULL, NULL, 0}, NULL, msg, msglen};
  B.raw = calloc((size_t)T->ndof + 1, sizeof(row_t));
  B.res = calloc((size_t)T->ndof + 1, sizeof(row_t));
  B.state = calloc((size_t)T->ndof + 1, 1);
  B.A.acc = calloc((size_t)T->ndof + 1, sizeof(double));
  B.A.pos = malloc(sizeof(int) * ((size_t)T->ndof + 1));
  B.A.list = malloc(sizeof(int) * ((size_t)T->ndof + 1));
  B.presc = calloc((size_t)T->ndof + 1, 1);
  if (!B.raw || !B.res || !B.state || !B.A.acc || !B.A.pos || !B.A.list || !B.presc) st = SN_ERR_NOMEM;
  else {
    for (int k = 0; k < m->nsteps; k++)
      for (int b = 0; b < m->steps[k].nbc; b++) {
        const sn_bc *bc = &m->steps[k].bc[b];
        for (int c = bc->first; c <= bc->last && c <= ndf; c++) B.presc[ndf * bc->node + c - 1] = 1;
      }
    for (int d = 0; d < T->ndof; d++) B.A.pos[d] = -1;
    st = dependents(&B);
    for (int d = 0; d < T->ndof && !st; d++)
      if (T->dep[d]) st = resolve(&B, d);
    if (!st) st = map_rows(&B);
  }
  for (int d = 0; B.raw && B.res && d < T->ndof; d++) {
    free(B.raw[d].idx); free(B.raw[d].val); free(B.res[d].idx); free(B.res[d].val);
  }
  free(B.raw); free(B.res); free(B.state); free(B.A.acc); free(B.A.pos); free(B.A.list); free(B.presc);
  if (st) { sn_dofmap_free(T); return st; }
  *out = T;
  return SN_OK;
}

void sn_dofmap_free(sn_dofmap *T)
{
  if (!T) return;
  free(T->ptr); free(T->col); free(T->val); free(T->dep); free(T->dep_eq); free(T->R); free(T->touched);
  free(T);
}

void sn_dofmap_local(const sn_dofmap *T, int ndf, const double *u, double *q)
{
  if (!T->R) { memcpy(q, u, sizeof(double) * (size_t)T->ndof); return; }
  for (int i = 0; i < T->ndof / ndf; i++)
    for (int l = 0; l < ndf; l++) {
      double s = 0;
      for (int c = 0; c < ndf; c++) s += T->R[9 * (size_t)i + 3 * l + c] * u[ndf * i + c];
      q[ndf * i + l] = s;
    }
}

void sn_dofmap_apply(const sn_dofmap *T, const double *q, double *u)
{
  if (T->trivial) { memcpy(u, q, sizeof(double) * (size_t)T->ndof); return; }
  for (int d = 0; d < T->ndof; d++) {
    double s = 0;
    for (int p = T->ptr[d]; p < T->ptr[d + 1]; p++) s += T->val[p] * q[T->col[p]];
    u[d] = s;
  }
}

int sn_dofmap_reduce_cols(const sn_dofmap *T, const int *eq, int neq, const sn_csc *H, sn_csc **out)
{
  int trivial = !T || T->trivial;
  size_t cap = (size_t)H->nnz + 1;
  if (!trivial)
    for (int j = 0; j < H->n; j++)
      for (int p = H->colptr[j]; p < H->colptr[j + 1]; p++) {
        int d = H->rowind[p];
        cap += (size_t)(T->ptr[d + 1] - T->ptr[d]);
      }
  int *I = malloc(sizeof(int) * cap), *J = malloc(sizeof(int) * cap);
  double *X = malloc(sizeof(double) * cap);
  if (!I || !J || !X) { free(I); free(J); free(X); return SN_ERR_NOMEM; }
  int k = 0;
  for (int j = 0; j < H->n; j++)
    for (int p = H->colptr[j]; p < H->colptr[j + 1]; p++) {
      int d = H->rowind[p];
      if (trivial) {
        if (eq[d] >= 0) { I[k] = eq[d]; J[k] = j; X[k++] = H->val[p]; }
        continue;
      }
      for (int t = T->ptr[d]; t < T->ptr[d + 1]; t++)
        if (eq[T->col[t]] >= 0) { I[k] = eq[T->col[t]]; J[k] = j; X[k++] = T->val[t] * H->val[p]; }
    }
  int st = sn_csc_from_triplets(neq, H->n, k, I, J, X, out);
  free(I); free(J); free(X);
  return st;
}
