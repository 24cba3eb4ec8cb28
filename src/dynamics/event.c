/* Event-driven integration for small systems (Pfeiffer & Glocker 1996, Multibody Dynamics with
 * Unilateral Contacts; Acary & Brogliato 2008, Numerical Methods for Nonsmooth Dynamical
 * Systems, ch. 7): the smooth motion between events is integrated by Dormand-Prince 5(4)
 * (event_ode.c) under the contact forces of the current modes (event_accel.c); the events
 * (closing, opening, stick to slip, slip to stick) are located on the dense output
 * (event_locate.c); at an event, Newton's impact law (event_impact.c) and then the
 * acceleration-level LCP (event_modes.c) give the new velocities, active set and modes.
 * Every pair with a dynamic body is watched: the scheme suits scenes of a few bodies. Kinematic
 * bodies are not supported (SN_ERR_ARG). */
#include <stdlib.h>
#include <string.h>

#include "dynamics/event_internal.h"

#define EV_MAX_EVENTS 100000

int ev_grow(void **p, int *cap, int need, size_t size) {
  if (need <= *cap) return SN_OK;
  int nc = *cap * 2 > need ? *cap * 2 : need;
  void *q = realloc(*p, (size_t)nc * size);
  if (!q) return SN_ERR_NOMEM;
  *p = q;
  *cap = nc;
  return SN_OK;
}

void sn_scene_event_free(void *event) {
  ev_scratch *E = event;
  if (!E) return;
  free(E->dyn);
  free(E->k[0]);
  free(E->cl);
  sn_contact_list_free(&E->geo);
  sn_contact_list_free(&E->geo2);
  free(E->match);
  free(E->lam);
  free(E->dvw);
  free(E->A);
  free(E->rhs);
  free(E->work);
  free(E->rows);
  free(E->drift);
  for (int i = 0; i < 3; i++) free(E->f[i]);
  free(E);
}

int ev_scratch_get(sn_scene *S, ev_scratch **out) {
  for (int i = 0; i < S->nb; i++)
    if (S->b[i].motion == SN_BODY_KINEMATIC) return SN_ERR_ARG;
  ev_scratch *E = S->event;
  if (!E) {
    if (!(E = calloc(1, sizeof *E))) return SN_ERR_NOMEM;
    S->event = E;
  }
  int nd = 0;
  for (int i = 0; i < S->nb; i++) nd += S->b[i].motion == SN_BODY_DYNAMIC;
  if (!E->dyn || nd != E->nd || !E->dvw) {
    free(E->dyn);
    free(E->k[0]);
    free(E->dvw);
    E->nd = nd;
    E->ny = EV_NY * nd;
    E->dyn = malloc(((size_t)nd + 1) * sizeof *E->dyn);
    E->k[0] = calloc(16 * (size_t)E->ny + 1, sizeof(double));
    E->dvw = calloc(6 * (size_t)S->nb + 1, sizeof *E->dvw);
    if (!E->dyn || !E->k[0] || !E->dvw) return SN_ERR_NOMEM;
    for (int s = 1; s < 7; s++) E->k[s] = E->k[s - 1] + E->ny;
    E->y0 = E->k[6] + E->ny;
    E->y1 = E->y0 + E->ny;
    E->yt = E->y1 + E->ny;
    E->yp = E->yt + E->ny;
    E->rc = E->yp + E->ny;
    for (int i = 0, k = 0; i < S->nb; i++)
      if (S->b[i].motion == SN_BODY_DYNAMIC) E->dyn[k++] = i;
    E->ncl = 0;
  }
  /* dvw is 6 per body of the scene: a body added since keeps the count of dynamic ones only
   * if it is static, so size it again */
  double *d = realloc(E->dvw, (6 * (size_t)S->nb + 1) * sizeof *d);
  if (!d) return SN_ERR_NOMEM;
  E->dvw = d;
  *out = E;
  return SN_OK;
}

static void normalise_quats(ev_scratch *E, double *y) {
  for (int i = 0; i < E->nd; i++) {
    double *q = y + EV_NY * i + 3;
    double n = sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
    for (int k = 0; k < 4; k++) q[k] /= n;
  }
}

/* Sliding contacts at rest (|u_T| <= EV_VEL_TOL: a slip that has just stopped, a contact just
 * closed by a sticking impact) that the mode LCP sends sliding: the LCP bounds the friction by the
 * four-sided pyramid inscribed in the Coulomb disc (event_modes.c), so a tangential load between
 * the pyramid and the disc (up to 1/sqrt(2) of the bound, a load turning with the body's spin) is
 * judged sliding there, while between events the exact disc is the stick bound. Sent sliding
 * from rest, such a contact slid at about EV_VEL_TOL with a friction force turning with its tiny
 * sliding velocity, and the ODE steps fell to 1e-10 s without an event (two spinning spheres,
 * mu 1: no progress past 0.2300 s after a slip-to-stick event; a spinning box landing on a
 * corner: 3.4e-11 s steps after its impact). Here the exact law decides, one contact at a time:
 * it sticks if then every closed contact keeps lambda_N >= 0 and every sticking one its force in
 * the disc |lambda_T| <= mu lambda_N. */
static int stick_by_disc(sn_scene *S, ev_scratch *E) {
  for (int j = 0; j < E->ncl; j++) {
    if (E->cl[j].mode != SN_CONTACT_SLIP || E->match[j] < 0) continue;
    const sn_contact *c = &E->geo.c[E->match[j]];
    if (!(c->mu > 0) || hypot(ev_rel(S, c, NULL, c->t1), ev_rel(S, c, NULL, c->t2)) > EV_VEL_TOL) continue;
    ev_closed keep = E->cl[j];
    E->cl[j].mode = SN_CONTACT_STICK;
    E->cl[j].s[0] = E->cl[j].s[1] = 0;
    int st = ev_accel(S, E, E->y0), ok = 1;
    if (st != SN_OK) return st;
    for (int i = 0; i < E->ncl && ok; i++) {
      if (E->match[i] < 0) continue;
      const double *l = E->lam + 3 * i, mu = E->geo.c[E->match[i]].mu;
      ok = l[0] >= 0 && (E->cl[i].mode != SN_CONTACT_STICK || hypot(l[1], l[2]) <= mu * l[0]);
    }
    if (!ok) E->cl[j] = keep;
  }
  return SN_OK;
}

/* an event's velocity jump and new modes at state y (E->y0) */
static int settle(sn_scene *S, ev_scratch *E, const ev_fn *forced, const sn_dyn_settings *s, int *status) {
  memset(&E->slip_fn, 0, sizeof E->slip_fn);
  E->slip_fn.kind = -1;
  if (forced && forced->kind == EV_FN_STICK_SLIP) {
    /* the direction of the impending slip: against the sticking force at the event */
    ev_load(S, E, E->y0);
    int st = ev_accel(S, E, E->y0);
    if (st != SN_OK) return st;
    for (int j = 0; j < E->ncl; j++)
      if (E->cl[j].a == forced->a && E->cl[j].b == forced->b && E->cl[j].feature == forced->feature) {
        double l = hypot(E->lam[3 * j + 1], E->lam[3 * j + 2]);
        E->slip_fn = *forced;
        E->slip_s[0] = l > 0 ? -E->lam[3 * j + 1] / l : 1;
        E->slip_s[1] = l > 0 ? -E->lam[3 * j + 2] / l : 0;
      }
  }
  int impact, st = ev_impact(S, E, E->y0, forced, s, &impact, status);
  if (st == SN_OK) st = ev_modes(S, E, E->y0, forced, s, status);
  if (st == SN_OK && E->ncl > 0) {
    ev_load(S, E, E->y0);
    st = stick_by_disc(S, E);
  }
  if (st == SN_OK) st = ev_functions(S, E, E->y0, 0);
  if (st == SN_OK) st = ev_rhs(S, E, E->y0, E->k[0]);
  return st;
}

/* the acceleration-level LCP of an event found no solution (Lemke's secondary ray, or the
 * fallback diverged): no smooth motion of the chosen modes exists there (e.g. Painlevé's
 * paradox, Genot & Brogliato 1999), so the integration stops at that event instead of going on
 * with forces that violate the sign conditions */
static int no_smooth_motion(int status) { return status == SN_RAY || status == SN_DIVERGED; }

/* the closed contacts of the final state into S->contacts, with their forces */
static int publish(sn_scene *S, ev_scratch *E) {
  ev_load(S, E, E->y0);
  int st = ev_accel(S, E, E->y0);
  if (st != SN_OK) return st;
  S->contacts.n = 0;
  for (int j = 0; j < E->ncl; j++) {
    if (E->match[j] < 0) continue;
    sn_contact c = E->geo.c[E->match[j]];
    memcpy(c.r, E->lam + 3 * j, sizeof c.r);
    c.u[0] = ev_rel(S, &c, NULL, c.n);
    c.u[1] = ev_rel(S, &c, NULL, c.t1);
    c.u[2] = ev_rel(S, &c, NULL, c.t2);
    c.status = E->cl[j].mode;
    if ((st = sn_contact_list_push(&S->contacts, &c)) != SN_OK) return st;
  }
  return SN_OK;
}

static void fill_info(const sn_scene *S, const ev_scratch *E, sn_dyn_info *info) {
  info->ncontacts = S->contacts.n;
  info->max_speed = 0;
  for (int i = 0; i < S->nb; i++) {
    const sn_body *B = &S->b[i];
    if (B->motion != SN_BODY_DYNAMIC) continue;
    double sp = sn3_norm(B->v) + sn3_norm(B->w) * B->shape.bound;
    if (sp > info->max_speed) info->max_speed = sp;
  }
  info->max_penetration = 0;
  for (int m = 0; m < E->geo.n; m++)
    if (-E->geo.c[m].gap > info->max_penetration) info->max_penetration = -E->geo.c[m].gap;
}

/* friction work over [t0, t0 + th h] of the last step, Simpson's rule on the dense output
 * (the end value from E->f[1]'s evaluation or computed here at the event state) */
static int friction_work(sn_scene *S, ev_scratch *E, double th, double h, int end_known) {
  double pe;
  if (!end_known) {
    ev_dense(E, th, E->yt);
    int st = ev_functions(S, E, E->yt, 2);
    if (st != SN_OK) return st;
    pe = E->power[2];
  } else {
    pe = E->power[1];
  }
  ev_dense(E, 0.5 * th, E->yt);
  int st = ev_functions(S, E, E->yt, 2);
  if (st != SN_OK) return st;
  S->energy.friction_work += th * h / 6 * (E->power[0] + 4 * E->power[2] + pe);
  return SN_OK;
}

/* the integration loop from S->t to t_end; the modes are set */
static int integrate(sn_scene *S, ev_scratch *E, double t_end, const sn_dyn_settings *s, sn_dyn_info *info) {
  double t = S->t, hmax = s->dt > 0 ? s->dt : 1e-3, tol = s->event_tol > 0 ? s->event_tol : 1e-10;
  double h = hmax;
  int st = SN_OK;
  long attempts = 0, cap = s->event_max_steps > 0 ? s->event_max_steps : SN_EV_MAX_STEPS;
  while (t < t_end && st == SN_OK) {
    if (++attempts > cap) return SN_STALLED;
    if (h > t_end - t) h = t_end - t;
    double err;
    if ((st = ev_dopri_step(S, E, h, tol, &err)) != SN_OK) break;
    double fac = err > 0 ? 0.9 * pow(err, -0.2) : 5;
    fac = fac < 0.2 ? 0.2 : fac > 5 ? 5 : fac;
    if (!(err <= 1)) {   /* rejected; a NaN error (a NaN state or force) never passes */
      E->rejected++;
      h *= isnan(err) ? 0.2 : fac;
      if (h < 1e-15 * (1 + fabs(t))) return isnan(err) ? SN_ERR_NAN : SN_STALLED;
      continue;
    }
    normalise_quats(E, E->y1);
    if ((st = ev_functions(S, E, E->y1, 1)) != SN_OK) break;
    double th;
    ev_fn which;
    if ((st = ev_locate(S, E, h, tol, &th, &which)) != SN_OK) break;
    if (th < 0 && ev_unseen_closing(E, &which)) {   /* a closing without a root: shorter steps */
      if (h > tol) {
        E->rejected++;
        h *= 0.5;
        continue;
      }
      th = 1;   /* the step is below the event tolerance: the contact closes at its end */
    }
    E->steps++;
    if (E->ncl > 0 && (st = friction_work(S, E, th < 0 ? 1 : th, h, th < 0)) != SN_OK) break;
    if (th < 0) {
      t = t_end - t <= h ? t_end : t + h;
      memcpy(E->y0, E->y1, (size_t)E->ny * sizeof *E->y0);
      memcpy(E->k[0], E->k[6], (size_t)E->ny * sizeof *E->y0);
      ev_fn *sw = E->f[0];
      int sc = E->capf[0], sn = E->nf[0];
      E->f[0] = E->f[1], E->capf[0] = E->capf[1], E->nf[0] = E->nf[1];
      E->f[1] = sw, E->capf[1] = sc, E->nf[1] = sn;
      E->power[0] = E->power[1];
      S->t = t;
    } else {
      t += th * h;
      ev_dense(E, th, E->y0);
      normalise_quats(E, E->y0);
      S->t = t;
      if (++info->events > EV_MAX_EVENTS) return SN_STALLED;
      info->last_event_time = t;
      st = settle(S, E, &which, s, &info->status);
      if (st == SN_OK && no_smooth_motion(info->status)) st = info->status;
    }
    h = h * fac < hmax ? h * fac : hmax;
  }
  return st;
}

int sn_scene_advance_event(sn_scene *S, double t_end, const sn_dyn_settings *s, sn_dyn_info *info) {
  if (!S || !info || !isfinite(t_end) || t_end < S->t) return SN_ERR_ARG;
  sn_dyn_settings def;
  if (!s) {
    sn_dyn_settings_default(&def);
    s = &def;
  }
  double w0 = sn_wtime();
  memset(info, 0, sizeof *info);
  info->last_event_time = NAN;
  ev_scratch *E;
  int st = ev_scratch_get(S, &E);
  if (st != SN_OK) return st;
  E->steps = E->rejected = E->rhs_evals = E->impacts = E->mode_lcps = 0;
  /* the closed set of the last call holds only if the bodies are where that call left them
   * (sn_scene_set_body_state in between, or a Moreau-Jean step, starts afresh) */
  ev_store(S, E, E->yt);
  if (memcmp(E->yt, E->y0, (size_t)E->ny * sizeof *E->y0) != 0) E->ncl = 0;
  memcpy(E->y0, E->yt, (size_t)E->ny * sizeof *E->y0);
  st = settle(S, E, NULL, s, &info->status);
  if (st == SN_OK && no_smooth_motion(info->status)) st = info->status;
  if (st == SN_OK) st = integrate(S, E, t_end, s, info);
  if (st == SN_OK || st == SN_STALLED || no_smooth_motion(st)) {
    int p = publish(S, E);
    if (p != SN_OK) st = p;
    ev_store(S, E, E->y0);   /* as the bodies hold it (normalised), for the next call's test */
  }
  if (st == SN_OK) S->t = t_end;
  if (st != SN_OK && info->status == SN_OK) info->status = st;
  fill_info(S, E, info);
  info->seconds = sn_wtime() - w0;
  return st != SN_OK ? st : info->status;
}
