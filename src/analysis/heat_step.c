/* Heat conduction in the quasi-static driver (docs/deck.md, "Heat transfer"): the conductivity
 * and capacity matrices (sn_element_heat), the prescribed temperatures (*BOUNDARY, degree of
 * freedom 11, kept by later steps until changed), one increment's solve, and the *HEAT TRANSFER
 * step. Transient: backward Euler, (C / dt + K + G) T_n+1 = C / dt T_n (Zienkiewicz-Taylor vol. 1,
 * ch. 18, the theta = 1 scheme), boundary temperatures applied at once (CalculiX' default for
 * transient heat transfer; an AMPLITUDE= scales them); STEADY STATE: (K + G) T = 0 with the
 * boundary temperatures ramped over the step. G: the gap conductance of the contact points
 * (heat_gap.c). Increments: the step's initial increment, times the driver's growth factor
 * (1.5) after every increment from the second on (the linear problem converges at once: two
 * consecutive fast increments, CalculiX' rule), at most the maximum, the last one cut to the
 * step's end (the increments of CalculiX 2.20 on its heat transfer decks). */
#include "analysis/static_internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void sn_heat_free(sn_heat *H)
{
  free(H->T); free(H->Tn); free(H->fixed); free(H->conducts); free(H->fix_start); free(H->fix_target);
  free(H->fix_amp); free(H->eq); free(H->node_area);
  sn_csc_free(H->K);
  sn_csc_free(H->C);
  memset(H, 0, sizeof *H);
}

/* the element matrices into K and C (both triangles), and which nodes conduct */
static int assemble(sn_heat *H, const sn_model *m, char *msg, size_t msglen)
{
  size_t nz = 0;
  for (int e = 0; e < m->nelems; e++) {
    size_t n = (size_t)sn_element_desc(m->elem_type[e])->nnodes;
    nz += n * n;
  }
  int *ti = malloc(sizeof(int) * (nz + 1)), *tj = malloc(sizeof(int) * (nz + 1));
  double *tk = malloc(sizeof(double) * (nz + 1)), *tc = malloc(sizeof(double) * (nz + 1));
  int st = (!ti || !tj || !tk || !tc) ? SN_ERR_NOMEM : SN_OK, k = 0;
  for (int e = 0; e < m->nelems && !st; e++) {
    const sn_eldesc *d = sn_element_desc(m->elem_type[e]);
    int sec = m->elem_section ? m->elem_section[e] : -1;
    if (sec < 0 || d->kind == SN_KIND_TRUSS || d->kind == SN_KIND_SPRING || d->kind == SN_KIND_GAP) continue;
    const sn_section *s = &m->sections[sec];
    const sn_material *mat = &m->materials[s->material];
    int nn = d->nnodes;
    double X[3 * 27], Ke[400], Ce[400];
    sn_elprops p;
    memset(&p, 0, sizeof p);
    p.thickness = s->thickness;
    for (int a = 0; a < nn; a++) memcpy(X + 3 * a, m->x + 3 * (size_t)m->elem_conn[m->elem_ptr[e] + a], sizeof(double) * 3);
    double rhoc = mat->has_density && mat->has_specific_heat ? mat->density * mat->specific_heat : 0.0;
    if ((st = sn_element_heat(m->elem_type[e], X, &p, mat->conductivity, rhoc, Ke, Ce))) {
      if (msg) snprintf(msg, msglen, "element %d (%s): no conductivity matrix (degenerate element)", m->elem_id[e], d->name);
      break;
    }
    for (int a = 0; a < nn; a++) {
      H->conducts[m->elem_conn[m->elem_ptr[e] + a]] = 1;
      for (int b = 0; b < nn; b++, k++) {
        ti[k] = m->elem_conn[m->elem_ptr[e] + a];
        tj[k] = m->elem_conn[m->elem_ptr[e] + b];
        tk[k] = Ke[a * nn + b];
        tc[k] = Ce[a * nn + b];
      }
    }
  }
  if (!st) st = sn_csc_from_triplets(m->nnodes, m->nnodes, k, ti, tj, tk, &H->K);
  if (!st) st = sn_csc_from_triplets(m->nnodes, m->nnodes, k, ti, tj, tc, &H->C);
  free(ti); free(tj); free(tk); free(tc);
  return st;
}

int sn_heat_init(sn_heat *H, const sn_model *m, const double *T0, double lscale, char *msg, size_t msglen)
{
  memset(H, 0, sizeof *H);
  for (int k = 0; k < m->nsteps; k++) H->on |= m->steps[k].heat != 0;
  if (!H->on) return SN_OK;
  size_t n = (size_t)m->nnodes + 1;
  H->nn = m->nnodes;
  H->lscale = lscale;
  H->T = calloc(n, sizeof(double)); H->Tn = calloc(n, sizeof(double));
  H->fixed = calloc(n, 1); H->conducts = calloc(n, 1);
  H->fix_start = calloc(n, sizeof(double)); H->fix_target = calloc(n, sizeof(double));
  H->fix_amp = malloc(n * sizeof(int)); H->eq = malloc(n * sizeof(int));
  H->node_area = calloc(n, sizeof(double));
  if (!H->T || !H->Tn || !H->fixed || !H->conducts || !H->fix_start || !H->fix_target || !H->fix_amp || !H->eq ||
      !H->node_area)
    return SN_ERR_NOMEM;
  if (T0) memcpy(H->T, T0, sizeof(double) * (size_t)m->nnodes);
  memcpy(H->Tn, H->T, sizeof(double) * (size_t)m->nnodes);
  for (int i = 0; i < m->nnodes; i++) H->fix_amp[i] = -1;
  int st = assemble(H, m, msg, msglen);
  if (!st) st = sn_heat_node_areas(m, H->node_area);
  return st;
}

void sn_heat_step(sn_heat *H, const sn_model *m, const sn_step *sp, const double *T)
{
  if (!H->on) return;
  if (T) memcpy(H->T, T, sizeof(double) * (size_t)m->nnodes);
  for (int i = 0; i < m->nnodes; i++)                /* earlier steps' values hold from their end */
    if (H->fixed[i]) {
      H->fix_start[i] = H->T[i];
      H->fix_target[i] = H->T[i];
      H->fix_amp[i] = -1;
    }
  for (int b = 0; b < sp->ntbc; b++) {
    int i = sp->tbc[b].node;
    if (!H->fixed[i]) H->fix_start[i] = H->T[i];
    H->fixed[i] = 1;
    H->fix_target[i] = sp->tbc[b].value;
    H->fix_amp[i] = sp->tbc[b].amplitude;
  }
  H->steady = sp->heat_steady;
  H->ramp = sp->heat_steady && !sp->amp_step;
}

/* the prescribed temperature of node i at step time t */
static double prescribed(const sn_heat *H, const sn_model *m, int i, double t, double period)
{
  if (H->fix_amp[i] >= 0) return H->fix_target[i] * sn_amplitude_value(m, H->fix_amp[i], t, period);
  if (H->ramp) return H->fix_start[i] + (H->fix_target[i] - H->fix_start[i]) * fmin(t / period, 1.0);
  return H->fix_target[i];
}

/* one matrix entry a (row i, column j) of the increment's system */
static int entry(const sn_heat *H, int i, int j, double a, const double *Tn, double *b, int *ti, int *tj,
                 double *tx, int *k)
{
  if (H->eq[i] < 0 || a == 0.0) return 0;
  if (H->eq[j] >= 0) { ti[*k] = H->eq[i]; tj[*k] = H->eq[j]; tx[(*k)++] = a; }
  else b[H->eq[i]] -= a * Tn[j];
  return 0;
}

int sn_heat_solve(sn_heat *H, const sn_model *m, const double *u, double t, double dt, double period, char *msg,
                  size_t msglen)
{
  int n = m->nnodes, st, gnz = 0, gcap = 0, *gi = NULL, *gj = NULL;
  double *gx = NULL;
  memcpy(H->Tn, H->T, sizeof(double) * (size_t)n);
  H->neq = 0;
  for (int i = 0; i < n; i++) {
    if (H->fixed[i]) H->Tn[i] = prescribed(H, m, i, t, period);
    H->eq[i] = H->conducts[i] && !H->fixed[i] ? H->neq++ : -1;
  }
  if (H->neq == 0) return SN_OK;
  if ((st = sn_heat_gap_triplets(H, m, u, &gi, &gj, &gx, &gnz, &gcap, msg, msglen))) {
    free(gi); free(gj); free(gx);
    return st;
  }
  int transient = !H->steady && dt > 0;
  size_t cap = (size_t)H->K->colptr[n] + (transient ? (size_t)H->C->colptr[n] : 0) + (size_t)gnz + 1;
  int *ti = malloc(sizeof(int) * cap), *tj = malloc(sizeof(int) * cap), k = 0;
  double *tx = malloc(sizeof(double) * cap), *b = calloc((size_t)H->neq + 1, sizeof(double));
  st = (!ti || !tj || !tx || !b) ? SN_ERR_NOMEM : SN_OK;
  for (int j = 0; j < n && !st; j++)
    for (int p = H->K->colptr[j]; p < H->K->colptr[j + 1]; p++)
      entry(H, H->K->rowind[p], j, H->K->val[p], H->Tn, b, ti, tj, tx, &k);
  for (int j = 0; j < n && !st && transient; j++)
    for (int p = H->C->colptr[j]; p < H->C->colptr[j + 1]; p++) {
      int i = H->C->rowind[p];
      double c = H->C->val[p] / dt;
      entry(H, i, j, c, H->Tn, b, ti, tj, tx, &k);
      /* C / dt T_n, T_n of a prescribed node its value at the increment's start (applied at
       * once: the new value from the step's start on) */
      double Tj = H->fixed[j] ? prescribed(H, m, j, t - dt, period) : H->T[j];
      if (H->eq[i] >= 0) b[H->eq[i]] += c * Tj;
    }
  for (int q = 0; q < gnz && !st; q++) entry(H, gi[q], gj[q], gx[q], H->Tn, b, ti, tj, tx, &k);
  sn_csc *A = NULL;
  sn_chol *F = NULL;
  if (!st) st = sn_csc_from_triplets(H->neq, H->neq, k, ti, tj, tx, &A);
  if (!st && (st = sn_chol_factor(A, &F)) && msg)
    snprintf(msg, msglen, "the heat conduction system is singular (a conducting region without a prescribed "
             "temperature%s?)", transient ? "" : " in a steady-state step");
  if (!st) st = sn_chol_solve(F, b, b);
  for (int i = 0; i < n && !st; i++)
    if (H->eq[i] >= 0) H->Tn[i] = b[H->eq[i]];
  sn_chol_free(F);
  sn_csc_free(A);
  free(ti); free(tj); free(tx); free(b); free(gi); free(gj); free(gx);
  return st;
}

/* the increment's output: the displacements, reactions and stresses as they stand, the
 * temperatures */
static int heat_output(static_run *S, double tn)
{
  const sn_model *m = S->m;
  sn_increment I = {S->k + 1, S->inc, S->total_inc, tn, S->total_time + tn, tn / S->period, 1, 0.0, 0, S->u, S->rf,
                    S->fext, S->snode, S->sip, S->R.cons, 0, NULL, NULL, NULL, "", 0, 0.0, S->reshist, 0, NULL, S->th.T, NULL, NULL, NULL};
  if (!S->s.on_increment) return SN_OK;
  double to = sn_wtime();
  int rc = S->s.on_increment(m, S->R.S, &I, S->s.user);
  if (S->info) S->info->output_seconds += sn_wtime() - to;
  return rc;
}

int sn_heat_run_step(static_run *S, int k)
{
  const sn_model *m = S->m;
  const sn_step *sp = &m->steps[k];
  sn_heat *H = &S->heat;
  S->k = k;
  S->sp = sp;
  sn_heat_step(H, m, sp, S->th.T);
  memset(S->rf, 0, sizeof(double) * (size_t)S->R.ndof);   /* no mechanical solve: no reactions */
  memset(S->fext, 0, sizeof(double) * (size_t)S->R.ndof);
  S->period = sp->period > 0 ? sp->period : 1.0;
  double dt = sp->dt0 > 0 ? fmin(sp->dt0, S->period) : S->period;
  double dtmax = sp->dtmax > 0 ? sp->dtmax : S->period;
  int maxinc = sp->inc > 0 ? sp->inc : 100, st;
  double t = 0.0, theta = 0.0;                /* the step's fraction done (the times as fractions */
  dt /= S->period;                            /* of the period, CalculiX' bookkeeping: the printed */
  dtmax /= S->period;                         /* times round as its do) */
  S->inc = 0;
  while (theta < 1 - 1e-12) {
    if (S->inc >= maxinc) {
      if (S->msg) snprintf(S->msg, S->msglen, "line %d: step %d needs more than INC=%d increments (time %g of %g)",
                           sp->line, k + 1, maxinc, t, S->period);
      return SN_ERR_ARG;
    }
    double thn = (1 - theta < dt * (1 + 1e-9)) ? 1.0 : theta + dt, tn = thn * S->period;
    if ((st = sn_heat_solve(H, m, S->u, tn, tn - t, S->period, S->msg, S->msglen))) return st;
    memcpy(H->T, H->Tn, sizeof(double) * (size_t)m->nnodes);
    memcpy(S->th.T, H->Tn, sizeof(double) * (size_t)m->nnodes);
    S->inc++;
    S->total_inc++;
    if ((st = heat_output(S, tn))) return st;
    t = tn;
    theta = thn;
    if (!sp->direct && S->inc >= 2) dt = fmin(dt * S->s.grow, dtmax);
  }
  S->total_time += S->period;
  S->period_prev = S->period;
  return SN_OK;
}
