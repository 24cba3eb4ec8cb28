/* The constraints of one nodal diameter of a cyclic symmetric model (CalculiX User's Manual
 * 2.20, *CYCLIC SYMMETRY MODEL and *SELECT CYCLIC SYMMETRY MODES). A mode of the full
 * structure with nodal diameter k repeats from sector to sector with the phase k alpha,
 * alpha = 2 pi / N; on the sector the cyclic *TIE's equation a_0 u_s + sum_j a_j u_j = 0 (the
 * rotationally symmetric u_s = Q^T u_m, src/contact/tie.c) becomes complex,
 *   a_0 u_s + e^(i k alpha) sum_j a_j u_j = 0   (u = u^c + i u^s),
 * and its real and imaginary parts tie two real copies of the sector:
 *   a_0 u_s^c + cos(k alpha) sum_j a_j u_j^c - sin(k alpha) sum_j a_j u_j^s = 0,
 *   a_0 u_s^s + sin(k alpha) sum_j a_j u_j^c + cos(k alpha) sum_j a_j u_j^s = 0.
 * The real eigenproblem of the two copies holds every complex mode twice (u and i u), which is
 * why CalculiX prints each eigenvalue of a nodal diameter 0 < k < N / 2 twice. For k = 0 and
 * k = N / 2 the copies decouple (sin = 0): one copy, cos = +-1. The other equations (ties,
 * *EQUATION, knots) hold in each copy. The copies are written as a model of twice the nodes
 * (copy c's node i is node c n + i) whose map u = T q sn_dofmap_create builds. */
#include "signorini/analysis.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  sn_equation *eq;
  int *node, *dof;
  double *coef;
  int neq, nterm, cap_eq, cap_term;
} eqbuf;

static int eq_open(eqbuf *B, const sn_equation *proto, int nterms)
{
  if (B->neq == B->cap_eq) {
    int nc = 2 * B->cap_eq + 64;
    sn_equation *e = realloc(B->eq, sizeof *e * (size_t)nc);
    if (!e) return SN_ERR_NOMEM;
    B->eq = e;
    B->cap_eq = nc;
  }
  if (B->nterm + nterms > B->cap_term) {
    int nc = 2 * (B->nterm + nterms) + 256;
    int *n = realloc(B->node, sizeof(int) * (size_t)nc);
    if (n) B->node = n;
    int *d = n ? realloc(B->dof, sizeof(int) * (size_t)nc) : NULL;
    if (d) B->dof = d;
    double *c = d ? realloc(B->coef, sizeof(double) * (size_t)nc) : NULL;
    if (!c) return SN_ERR_NOMEM;
    B->coef = c;
    B->cap_term = nc;
  }
  sn_equation *e = &B->eq[B->neq++];
  *e = *proto;
  e->first = B->nterm;
  e->nterms = 0;
  return SN_OK;
}

static void eq_term(eqbuf *B, int node, int dof, double coef)
{
  if (coef == 0.0) return;
  B->node[B->nterm] = node;
  B->dof[B->nterm] = dof;
  B->coef[B->nterm++] = coef;
  B->eq[B->neq - 1].nterms++;
}

/* equation e of m in copy c of ncopies: cyclic ones with the phase (cs, sn) */
static int copy_equation(eqbuf *B, const sn_model *m, const sn_equation *e, int c, int ncopies, double cs, double sn)
{
  int n = m->nnodes, f = e->first, st;
  int cyc = e->tie >= 0 && m->ties[e->tie].cyclic;
  if ((st = eq_open(B, e, ncopies * e->nterms))) return st;
  eq_term(B, m->eqt_node[f] + c * n, m->eqt_dof[f], m->eqt_coef[f]);
  for (int j = f + 1; j < f + e->nterms; j++) {
    double a = m->eqt_coef[j];
    if (!cyc) { eq_term(B, m->eqt_node[j] + c * n, m->eqt_dof[j], a); continue; }
    /* copy 0 (cos part): cs a u_j^0 - sn a u_j^1; copy 1 (sin part): sn a u_j^0 + cs a u_j^1 */
    eq_term(B, m->eqt_node[j], m->eqt_dof[j], c == 0 ? cs * a : sn * a);
    if (ncopies == 2) eq_term(B, m->eqt_node[j] + n, m->eqt_dof[j], c == 0 ? -sn * a : cs * a);
  }
  return SN_OK;
}

/* every step's *BOUNDARY records in each copy: the model's ties drop an equation whose slave
 * dof some step prescribes (sn_dofmap_create) */
static sn_bc *copy_bcs(const sn_model *m, int ncopies, int *nbc)
{
  int k = 0;
  for (int s = 0; s < m->nsteps; s++) k += m->steps[s].nbc;
  sn_bc *bc = malloc(sizeof *bc * ((size_t)k * ncopies + 1));
  if (!bc) return NULL;
  k = 0;
  for (int c = 0; c < ncopies; c++)
    for (int s = 0; s < m->nsteps; s++)
      for (int b = 0; b < m->steps[s].nbc; b++) {
        bc[k] = m->steps[s].bc[b];
        bc[k++].node += c * m->nnodes;
      }
  *nbc = k;
  return bc;
}

int sn_dofmap_create_cyclic(const sn_model *m, int nd, int *ncopies, sn_dofmap **out, char *msg, size_t msglen)
{
  if (!m || !ncopies || !out || nd < 0) return SN_ERR_ARG;
  *out = NULL;
  int nsec = 0, n = m->nnodes;
  for (int t = 0; t < m->nties; t++)
    if (m->ties[t].cyclic) {
      if (nsec && m->ties[t].nsector != nsec) {
        if (msg) snprintf(msg, msglen, "*TIE %s, CYCLIC SYMMETRY: N=%d sectors, another cyclic tie has N=%d: "
                          "one nodal diameter needs one sector angle", m->ties[t].name, m->ties[t].nsector, nsec);
        return SN_ERR_FORMAT;
      }
      nsec = m->ties[t].nsector;
    }
  if (nsec <= 0) {
    if (msg) snprintf(msg, msglen, "*SELECT CYCLIC SYMMETRY MODES without a *TIE, CYCLIC SYMMETRY and its *CYCLIC SYMMETRY MODEL");
    return SN_ERR_FORMAT;
  }
  double ang = 2.0 * 3.14159265358979323846 * nd / nsec, cs = cos(ang), sn = sin(ang);
  int nc = (2 * nd) % nsec == 0 ? 1 : 2;
  if (nc == 1) { cs = cs > 0 ? 1.0 : -1.0; sn = 0.0; }   /* k alpha a multiple of pi */
  eqbuf B;
  memset(&B, 0, sizeof B);
  int st = SN_OK;
  for (int c = 0; c < nc && !st; c++)
    for (int q = 0; q < m->nequations && !st; q++) st = copy_equation(&B, m, &m->equations[q], c, nc, cs, sn);
  sn_model m2 = *m;                          /* the copies: nodes c n + i */
  sn_step step;
  memset(&step, 0, sizeof step);
  double *x = malloc(sizeof(double) * 3 * ((size_t)n * nc + 1));
  int *id = malloc(sizeof(int) * ((size_t)n * nc + 1)), *tr = NULL;
  step.bc = copy_bcs(m, nc, &step.nbc);
  if (!x || !id || !step.bc) st = SN_ERR_NOMEM;
  if (!st && m->node_transform && !(tr = malloc(sizeof(int) * ((size_t)n * nc + 1)))) st = SN_ERR_NOMEM;
  if (!st) {
    for (int c = 0; c < nc; c++) {
      memcpy(x + 3 * (size_t)n * c, m->x, sizeof(double) * 3 * (size_t)n);
      memcpy(id + (size_t)n * c, m->node_id, sizeof(int) * (size_t)n);
      if (tr) memcpy(tr + (size_t)n * c, m->node_transform, sizeof(int) * (size_t)n);
    }
    m2.nnodes = n * nc;
    m2.x = x;
    m2.node_id = id;
    m2.node_transform = tr;
    m2.nequations = B.neq;
    m2.neqterms = B.nterm;
    m2.equations = B.eq;
    m2.eqt_node = B.node;
    m2.eqt_dof = B.dof;
    m2.eqt_coef = B.coef;
    m2.nsteps = 1;
    m2.steps = &step;
    st = sn_dofmap_create(&m2, out, msg, msglen);
  }
  if (!st && (*out)->trivial) {              /* no equation left (every slave prescribed) */
    sn_dofmap_free(*out);
    *out = NULL;
    if (msg) snprintf(msg, msglen, "*SELECT CYCLIC SYMMETRY MODES: every cyclic tie's slave node is prescribed");
    st = SN_ERR_FORMAT;
  }
  free(x); free(id); free(tr); free(step.bc);
  free(B.eq); free(B.node); free(B.dof); free(B.coef);
  *ncopies = nc;
  return st;
}
