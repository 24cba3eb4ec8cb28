/* Event-driven scheme: the event functions of the current modes and their roots on the dense
 * output of the last step (Pfeiffer & Glocker 1996, sec. 6.2: the indicators of a transition):
 *   open contact      g = g_N (gap)                 closing, from above
 *   closed contact    g = lambda_N                  opening
 *   sticking contact  g = mu lambda_N - |lambda_T|  stick to slip
 *   sliding contact   g = u_T . s_0                 slip to stick (u_T reaching 0 along the
 *                                                   phase's initial sliding direction s_0)
 * A root is bracketed by the sign change over the step and refined by the Illinois variant of
 * regula falsi (Dowell & Jarratt 1971) until the bracket is below the event tolerance; the
 * event time is the bracket's right end, where the function has crossed (its left end for a
 * closing). */
#include <string.h>

#include "dynamics/event_internal.h"

static int push(ev_scratch *E, int which, int kind, int a, int b, int feature, double g) {
  if (ev_grow((void **)&E->f[which], &E->capf[which], E->nf[which] + 1, sizeof(ev_fn)) != SN_OK)
    return SN_ERR_NOMEM;
  ev_fn *f = &E->f[which][E->nf[which]++];
  f->kind = kind;
  f->a = a;
  f->b = b;
  f->feature = feature;
  f->g = g;
  return SN_OK;
}

int ev_functions(sn_scene *S, ev_scratch *E, const double *y, int which) {
  ev_load(S, E, y);
  int st = ev_accel(S, E, y);
  if (st != SN_OK) return st;
  E->nf[which] = 0;
  for (int m = 0; m < E->geo.n && st == SN_OK; m++) {
    const sn_contact *c = &E->geo.c[m];
    int closed = 0;
    for (int j = 0; j < E->ncl; j++) closed |= E->match[j] == m;
    if (!closed) st = push(E, which, EV_FN_CLOSE, c->a, c->b, c->feature, c->gap);
  }
  for (int j = 0; j < E->ncl && st == SN_OK; j++) {
    if (E->match[j] < 0) continue;
    const sn_contact *c = &E->geo.c[E->match[j]];
    const ev_closed *k = &E->cl[j];
    const double *l = E->lam + 3 * j;
    st = push(E, which, EV_FN_OPEN, k->a, k->b, k->feature, l[0]);
    if (st != SN_OK) break;
    if (k->mode == SN_CONTACT_STICK)
      st = push(E, which, EV_FN_STICK_SLIP, k->a, k->b, k->feature, c->mu * l[0] - hypot(l[1], l[2]));
    else
      st = push(E, which, EV_FN_SLIP_STICK, k->a, k->b, k->feature,
                k->s[0] * ev_rel(S, c, NULL, c->t1) + k->s[1] * ev_rel(S, c, NULL, c->t2));
  }
  return st;
}

static const ev_fn *find_fn(const ev_scratch *E, int which, const ev_fn *f) {
  for (int i = 0; i < E->nf[which]; i++) {
    const ev_fn *o = &E->f[which][i];
    if (o->kind == f->kind && o->a == f->a && o->b == f->b && o->feature == f->feature) return o;
  }
  return NULL;
}

/* the crossing of f in (0, 1] by Illinois; gl >= 0 > gr */
static int refine(sn_scene *S, ev_scratch *E, const ev_fn *f, double gl, double gr, double h, double tol,
                  double *theta_l, double *theta_r) {
  double tl = 0, tr = 1;
  int side = 0;
  for (int it = 0; it < 200 && (tr - tl) * h > tol; it++) {
    double tm = (tl * gr - tr * gl) / (gr - gl);
    /* keep the trial strictly inside; bisect when regula falsi stalls at an end */
    if (!(tm > tl + 0.01 * (tr - tl) && tm < tr - 0.01 * (tr - tl)) && it % 4 == 3) tm = 0.5 * (tl + tr);
    if (!(tm > tl && tm < tr)) tm = 0.5 * (tl + tr);
    ev_dense(E, tm, E->yt);
    int st = ev_functions(S, E, E->yt, 2);
    if (st != SN_OK) return st;
    const ev_fn *o = find_fn(E, 2, f);
    double gm = o ? o->g : gr;   /* lost: count as crossed */
    if (gm < 0) {
      tr = tm;
      gr = gm;
      if (side == -1) gl *= 0.5;   /* Illinois: halve the stale end */
      side = -1;
    } else {
      tl = tm;
      gl = gm;
      if (side == 1) gr *= 0.5;
      side = 1;
    }
  }
  *theta_l = tl;
  *theta_r = tr;
  return SN_OK;
}

int ev_locate(sn_scene *S, ev_scratch *E, double h, double tol, double *theta, ev_fn *which) {
  *theta = -1;
  double best = 2;
  /* copy the end values: refine() overwrites nothing but f[2] */
  for (int i = 0; i < E->nf[1]; i++) {
    const ev_fn *f1 = &E->f[1][i];
    const ev_fn *f0 = find_fn(E, 0, f1);
    if (f1->g >= 0 || !f0 || f0->g < 0) continue;
    double tl, tr;
    ev_fn f = *f1;
    int st = refine(S, E, &f, f0->g, f1->g, h, tol, &tl, &tr);
    if (st != SN_OK) return st;
    if (*theta < 0 || tr < best) {
      best = tr;
      /* a closing stops on the bracket's left end (gap >= 0, the contact forced to touch) so
       * that the gap restarts from >= 0 after the impact; the other events on the right end,
       * where the function has crossed and the new modes follow */
      *theta = f.kind == EV_FN_CLOSE ? tl : tr;
      *which = f;
    }
  }
  return SN_OK;
}
