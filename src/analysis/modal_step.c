/* A *MODAL DYNAMIC step (CalculiX User's Manual 2.20, "Modal dynamic analysis" and
 * "*MODAL DYNAMIC"; docs/deck.md, "Modal dynamic steps"): the response u(t) = sum_i q_i(t) phi_i
 * of the M-orthonormal modes phi_i (eigenvalues lambda_i = omega_i^2) kept by the last
 * *FREQUENCY, STORAGE=YES step, each modal coordinate obeying
 *     q_i'' + c_i q_i' + lambda_i q_i = p_i(t) = phi_i^T f(t),   c_i = alpha + beta lambda_i
 * (Rayleigh damping C = alpha M + beta K of *MODAL DAMPING, RAYLEIGH: damping ratio
 * zeta_i = c_i / (2 omega_i)), from rest (q = q' = 0: a perturbation step, earlier loads removed).
 * The load f(t) is the step's own *CLOAD / *DLOAD times its amplitude, or constant from the
 * step's start without one (CalculiX); within an increment p_i is taken linear in time, and the
 * modal equation is integrated exactly for such a load (e.g. Clough & Penzien, "Dynamics of
 * Structures", the piecewise-linear excitation): particular solution a + b tau with
 * lambda b = slope, lambda a = p0 - c b, plus the free response of the initial values left
 * (under-, critically or over-damped). Undamped step load F: q = F / lambda (1 - cos omega t).
 * Velocities v = sum q_i' phi_i; reactions RF = fint(u) - f at the prescribed dofs (the static
 * part, as the reactions of a linear step). Contact: every contact point must be open at the
 * step's start, and takes no part in the step (modal_contact). */
#include "analysis/static_internal.h"
#include "signorini/contact.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  static_run *S;
  const sn_step *sp;
  int ndof, nev;
  unsigned char *cons;       /* per dof: prescribed in this step */
  double *f, *p0, *p1, *q, *qd, *u, *v, *fint, *rf;
} modal_run;

/* the step's load at step time t: its own loads only, times their amplitude or constant */
static int modal_force(modal_run *W, double t, double period, double *f)
{
  const sn_step *sp = W->sp;
  const sn_model *m = W->S->m;
  sn_fesys *FS = W->S->R.S;
  int ndf = m->ndf, st;
  memset(f, 0, sizeof(double) * (size_t)W->ndof);
  for (int c = 0; c < sp->ncload; c++) {
    const sn_cload *cl = &sp->cload[c];
    double a = cl->amplitude >= 0 ? sn_amplitude_value(m, cl->amplitude, t, period) : 1.0;
    f[ndf * cl->node + cl->dof - 1] += a * cl->value;
  }
  for (int c = 0; c < sp->ndload; c++) {
    const sn_dload *dl = &sp->dload[c];
    double v = dl->value * (dl->amplitude >= 0 ? sn_amplitude_value(m, dl->amplitude, t, period) : 1.0);
    if (dl->face > 0) st = sn_fesys_pressure(FS, dl->elem, dl->face, v, f);
    else {
      double g[3] = {v * dl->dir[0], v * dl->dir[1], v * dl->dir[2]};
      st = sn_fesys_gravity(FS, dl->elem, g, f);
    }
    if (st) return st;
  }
  return SN_OK;
}

/* modal loads p_i = phi_i^T f */
static void project(const modal_run *W, const double *f, double *p)
{
  const double *phi = W->S->mphi;
  for (int i = 0; i < W->nev; i++) {
    const double *x = phi + (size_t)W->ndof * i;
    double s = 0.0;
    for (int d = 0; d < W->ndof; d++) s += x[d] * f[d];
    p[i] = s;
  }
}

/* one modal equation x'' + c x' + lam x = p0 + (p1 - p0) tau / h over tau in [0, h], exact:
 * (*q, *qd) at tau = 0 in, at tau = h out; lam > 0 */
static void modal_advance(double lam, double c, double h, double p0, double p1, double *q, double *qd)
{
  double s = (p1 - p0) / h, b = s / lam, a = (p0 - c * b) / lam;
  double x0 = *q - a, y0 = *qd - b, sg = 0.5 * c, disc = sg * sg - lam, x, y;
  if (disc < -1e-12 * lam) {                   /* under-damped */
    double wd = sqrt(-disc), A = x0, B = (y0 + sg * A) / wd, e = exp(-sg * h), cs = cos(wd * h), sn = sin(wd * h);
    x = e * (A * cs + B * sn);
    y = e * ((wd * B - sg * A) * cs - (sg * B + wd * A) * sn);
  } else if (disc > 1e-12 * lam) {             /* over-damped */
    double r = sqrt(disc), r1 = -sg + r, r2 = -sg - r, C1 = (y0 - r2 * x0) / (r1 - r2), C2 = x0 - C1;
    double e1 = exp(r1 * h), e2 = exp(r2 * h);
    x = C1 * e1 + C2 * e2;
    y = r1 * C1 * e1 + r2 * C2 * e2;
  } else {                                     /* critically damped */
    double B = y0 + sg * x0, e = exp(-sg * h);
    x = e * (x0 + B * h);
    y = e * (B - sg * (x0 + B * h));
  }
  *q = a + b * h + x;
  *qd = b + y;
}

/* the step's prescribed dofs (zero: base motion is not supported) and the modes' check that
 * they are held there too */
static int modal_constraints(modal_run *W)
{
  static_run *S = W->S;
  const sn_step *sp = W->sp;
  const sn_model *m = S->m;
  int ndf = m->ndf;
  for (int b = 0; b < sp->nbc; b++) {
    const sn_bc *bc = &sp->bc[b];
    if (bc->value != 0.0) {
      if (S->msg) snprintf(S->msg, S->msglen, "line %d: a nonzero *BOUNDARY value (%g) in a *MODAL DYNAMIC step: base "
                           "motion is not supported", bc->line, bc->value);
      return SN_ERR_FORMAT;
    }
    for (int c = bc->first; c <= bc->last && c <= ndf; c++) {
      int d = ndf * bc->node + c - 1;
      W->cons[d] = 1;
      for (int i = 0; i < W->nev; i++)
        if (S->mphi[(size_t)W->ndof * i + d] != 0.0) {
          if (S->msg) snprintf(S->msg, S->msglen, "line %d: *BOUNDARY on degree of freedom %d of node %d in the *MODAL "
                               "DYNAMIC step of line %d: it was free in the *FREQUENCY step whose modes the step uses "
                               "(hold the same degrees of freedom in both)", bc->line, c, m->node_id[bc->node], sp->line);
          return SN_ERR_FORMAT;
        }
    }
  }
  return SN_OK;
}

/* the contact points of the step's start (the reference configuration: the step starts from
 * rest) must be open beyond the law's reach (clearance c0 for EXPONENTIAL, 0 otherwise); such
 * points then take no part in the step, as in CalculiX 2.20 (measured on its test deck
 * contact5: the modal response equals that of the deck without *CONTACT PAIR, even when the
 * slave nodes end up through the master surface) */
static int modal_contact(modal_run *W)
{
  static_run *S = W->S;
  const sn_model *m = S->m;
  if (m->ngaps > 0) {
    if (S->msg) snprintf(S->msg, S->msglen, "line %d: GAPUNI elements in a *MODAL DYNAMIC step are not supported", W->sp->line);
    return SN_ERR_FORMAT;
  }
  int active = 0;
  for (int k = 0; k < m->npairs; k++) active |= !m->pairs[k].inactive;
  if (!active) return SN_OK;
  sn_contact_point *pts = NULL;
  int np = 0, st = sn_contact_detect(m, NULL, 0.0, &pts, &np, S->msg, S->msglen);
  for (int q = 0; q < np && !st; q++) {
    const sn_contact_point *p = &pts[q];
    const sn_interaction *it = &m->interactions[p->interaction];
    double reach = it->law == SN_OVERCLOSURE_EXPONENTIAL ? it->c0 : 0.0;
    if (m->pairs[p->pair].inactive || p->gap >= reach) continue;
    if (S->msg) snprintf(S->msg, S->msglen, "line %d: *MODAL DYNAMIC: the contact of slave node %d is closed at the "
                         "step's start (gap %g%s): contact forces in a modal dynamic step are not supported", W->sp->line,
                         m->node_id[p->slave_node], p->gap, reach > 0 ? ", below the EXPONENTIAL law's clearance c0" : "");
    st = SN_ERR_FORMAT;
  }
  sn_contact_points_free(pts);
  return st;
}

/* displacements, velocities, reactions, stresses at the end of an increment; the caller's output */
static int modal_report(modal_run *W, int inc, double t, double period)
{
  static_run *S = W->S;
  run_state *R = &S->R;
  const sn_model *m = S->m;
  int st;
  memset(W->u, 0, sizeof(double) * (size_t)W->ndof);
  memset(W->v, 0, sizeof(double) * (size_t)W->ndof);
  for (int i = 0; i < W->nev; i++) {
    const double *x = S->mphi + (size_t)W->ndof * i;
    for (int d = 0; d < W->ndof; d++) { W->u[d] += W->q[i] * x[d]; W->v[d] += W->qd[i] * x[d]; }
  }
  double tr = sn_wtime();
  if ((st = sn_fesys_internal(R->S, W->u, 0, W->fint, R->eq, R->neq, R->eq_version, NULL, S->msg, S->msglen))) return st;
  for (int d = 0; d < W->ndof; d++) W->rf[d] = W->cons[d] ? W->fint[d] - W->f[d] : 0.0;
  if ((st = sn_fesys_stress(R->S, W->u, S->snode, S->sip))) return st;
  if (S->info) S->info->assembly_seconds += sn_wtime() - tr;
  S->total_inc++;
  sn_increment I = {S->k + 1, inc, S->total_inc, t, S->total_time + t, t / period, 0, 0.0, 0, W->u, W->rf, W->f,
                    S->snode, S->sip, W->cons, 0, NULL, NULL, NULL, NULL, 0, 0.0, NULL, 0, W->v, S->th.on ? S->th.T : NULL, NULL, NULL, NULL};
  if (!S->s.on_increment) return SN_OK;
  double to = sn_wtime();
  int rc = S->s.on_increment(m, R->S, &I, S->s.user);
  if (S->info) S->info->output_seconds += sn_wtime() - to;
  return rc;
}

/* the increments: fixed dt0, the last one ending at the period */
static int modal_march(modal_run *W)
{
  static_run *S = W->S;
  const sn_step *sp = W->sp;
  double period = sp->period > 0 ? sp->period : 1.0, dt = sp->dt0 > 0 ? fmin(sp->dt0, period) : period, t = 0.0;
  int maxinc = sp->inc > 0 ? sp->inc : 100, inc = 0, st;
  S->total_time = S->mtime;   /* CalculiX 2.20 (measured): the *FREQUENCY step before a *MODAL DYNAMIC one
                                 takes no time: its first increment prints at the frequency step's start + dt */
  if ((st = modal_force(W, 0.0, period, W->f))) return st;
  project(W, W->f, W->p0);
  while (t < period * (1 - 1e-12)) {
    if (inc >= maxinc) {
      if (S->msg) snprintf(S->msg, S->msglen, "line %d: step %d needs more than INC=%d increments (time %g of %g)", sp->line, S->k + 1, maxinc, t, period);
      return SN_ERR_ARG;
    }
    double tn = (period - t < dt * (1 + 1e-9)) ? period : t + dt, h = tn - t;
    if ((st = modal_force(W, tn, period, W->f))) return st;
    project(W, W->f, W->p1);
    for (int i = 0; i < W->nev; i++) {
      double lam = S->mlam[i];
      modal_advance(lam, sp->modal_alpha + sp->modal_beta * lam, h, W->p0[i], W->p1[i], &W->q[i], &W->qd[i]);
    }
    memcpy(W->p0, W->p1, sizeof(double) * (size_t)W->nev);
    t = tn;
    if ((st = modal_report(W, ++inc, t, period))) return st;
  }
  S->total_time += period;
  return SN_OK;
}

int sn_modal_step(static_run *S, int k)
{
  const sn_step *sp = &S->m->steps[k];
  modal_run W;
  memset(&W, 0, sizeof W);
  W.S = S;
  W.sp = sp;
  W.ndof = S->R.ndof;
  W.nev = S->mnev;
  if (!S->mphi || W.nev <= 0) {
    if (S->msg) snprintf(S->msg, S->msglen, "line %d: *MODAL DYNAMIC: no modes (the *FREQUENCY, STORAGE=YES step found none)", sp->line);
    return SN_ERR_ARG;
  }
  for (int i = 0; i < W.nev; i++)
    if (!(S->mlam[i] > 0)) {
      if (S->msg) snprintf(S->msg, S->msglen, "line %d: *MODAL DYNAMIC: mode %d has the eigenvalue %g (a rigid-body "
                           "mode): modal superposition needs positive eigenvalues; hold the model", sp->line, i + 1, S->mlam[i]);
      return SN_ERR_ARG;
    }
  size_t nd = (size_t)W.ndof + 1, ne = (size_t)W.nev + 1;
  W.cons = calloc(nd, 1);
  W.f = calloc(nd, sizeof(double)); W.u = calloc(nd, sizeof(double)); W.v = calloc(nd, sizeof(double));
  W.fint = calloc(nd, sizeof(double)); W.rf = calloc(nd, sizeof(double));
  W.p0 = calloc(ne, sizeof(double)); W.p1 = calloc(ne, sizeof(double));
  W.q = calloc(ne, sizeof(double)); W.qd = calloc(ne, sizeof(double));
  int st = (!W.cons || !W.f || !W.u || !W.v || !W.fint || !W.rf || !W.p0 || !W.p1 || !W.q || !W.qd) ? SN_ERR_NOMEM : SN_OK;
  if (!st) st = modal_constraints(&W);
  if (!st) st = modal_contact(&W);
  if (!st) st = modal_march(&W);
  free(W.cons); free(W.f); free(W.u); free(W.v); free(W.fint); free(W.rf);
  free(W.p0); free(W.p1); free(W.q); free(W.qd);
  return st;
}
