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
 * closing). A closing whose gap starts the step touching (within EV_GAP_TOL of zero, either
 * sign) or a hair under it is bracketed by touching_bracket: a fall below the band (or EV_GAP_TOL
 * below a start under it), not the round-off's sign.
 * A closing without a sign change is caught too (ev_unseen_closing): a contact whose gap ends
 * the step below -EV_GAP_TOL without a function at the step's start, because the narrow phase's
 * set of points changed within the step (a cylinder landing flat has one point per cap rim while
 * tilted and four once nearly flat: a rim point that appears already inside the floor), or with
 * a gap that went deeper. The step is then halved until it is below the event tolerance, and the
 * contact closes at its end (event.c). Before, such a contact was never watched: a spinning
 * cylinder dropped nearly flat on a plane sank through it (2.3 cm) with "1 event" and no
 * warning. */
#include <math.h>
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
  E->power[which] = 0;
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
    E->power[which] -= l[1] * ev_rel(S, c, NULL, c->t1) + l[2] * ev_rel(S, c, NULL, c->t2);
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

/* the crossing of f + shift in (t0, t1] by Illinois; gl >= 0 > gr (shifted values) */
static int refine(sn_scene *S, ev_scratch *E, const ev_fn *f, double shift, double t0, double gl, double t1,
                  double gr, double h, double tol, double *theta_l, double *theta_r) {
  double tl = t0, tr = t1;
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
    double gm = o ? o->g + shift : gr;   /* lost: count as crossed */
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

/* The bracket of a closing whose gap starts the step touching, within EV_GAP_TOL of zero on
 * either side (it has just separated at an event, or an event left it open at rest on the other
 * contacts): the sign of that round-off is not a closing. Sampled at eighths of the step:
 *  - where the gap clears the band (> EV_GAP_TOL) and later falls below zero, the bracket of
 *    the gap is from the last clear sample to the first negative one after it;
 *  - where it never clears the band, a closing is a fall below its bottom: the bracket is of
 *    gap + EV_GAP_TOL (*shift), from the step's start to the first sample below -EV_GAP_TOL (or
 *    the step's end); none if it stays in the band;
 *  - a start a hair under the band (-2 EV_GAP_TOL <= g0 < -EV_GAP_TOL) is bracketed the same
 *    way, as a fall below g0 - EV_GAP_TOL (deeper starts, contacts already inside, are
 *    ev_unseen_closing's: sampling them every step made a cylinder stalled 1.6 mm inside a mesh,
 *    campaign scene s0103, run past 60 s instead of stopping after 13). A closing located from a
 *    touching start stops at -EV_GAP_TOL to the event
 *    tolerance, so the next step may start a hair under the band: an octahedron's vertex
 *    restarted at -1.0000054e-9 m, was skipped as "already inside", and sank to -1.45e-6 m
 *    unseen while another vertex's closing was located in the same step (ev_unseen_closing runs
 *    only in steps without a root): 1.09e-6 m of overlap at the end (campaign scene s0035).
 * Before the band, a start gap of -2e-14 (a box corner after an edge impact) was never
 * bracketed and the corner went inside unseen, and a hull vertex that hovered at 1e-19 over a
 * face closed and reopened at the same instant at every dip of round-off below zero (100 000
 * events).
 * 1 with the bracket, 0 for none; st the status of the evaluations */
static int touching_bracket(sn_scene *S, ev_scratch *E, const ev_fn *f0, const ev_fn *f1, double *shift,
                            double *t0, double *g0, double *t1, double *g1, int *st) {
  int clear = 0;
  /* the bottom of the band: -EV_GAP_TOL, or EV_GAP_TOL below a start already under the band */
  double bottom = f0->g < -EV_GAP_TOL ? f0->g - EV_GAP_TOL : -EV_GAP_TOL;
  *shift = 0;
  *t0 = 0, *g0 = f0->g;
  *t1 = 1, *g1 = f1->g;
  for (int k = 1; k < 8; k++) {
    ev_dense(E, k / 8.0, E->yt);
    if ((*st = ev_functions(S, E, E->yt, 2)) != SN_OK) return 0;
    const ev_fn *o = find_fn(E, 2, f1);
    double g = o ? o->g : -INFINITY;
    if (g > EV_GAP_TOL) {
      clear = 1, *t0 = k / 8.0, *g0 = g;
    } else if ((clear && g < 0) || g < bottom) {
      *t1 = k / 8.0, *g1 = g;
      break;
    }
  }
  if (clear) return *g1 < 0;
  if (!(*g1 < bottom)) return 0;
  *shift = -bottom;
  *t0 = 0, *g0 = f0->g - bottom;
  *g1 -= bottom;
  return 1;
}

int ev_locate(sn_scene *S, ev_scratch *E, double h, double tol, double *theta, ev_fn *which) {
  *theta = -1;
  double best = 2;
  /* copy the end values: refine() overwrites nothing but f[2] */
  for (int i = 0; i < E->nf[1]; i++) {
    const ev_fn *f1 = &E->f[1][i];
    const ev_fn *f0 = find_fn(E, 0, f1);
    if (f1->g >= 0 || !f0) continue;
    /* touching: a start in the band or a hair under it (down to -2 EV_GAP_TOL: where a closing
     * located from the band leaves it); a deeper start is a contact already inside
     * (ev_unseen_closing's) */
    int touching = f1->kind == EV_FN_CLOSE && f0->g <= EV_GAP_TOL && f0->g >= -2 * EV_GAP_TOL;
    if (f0->g < 0 && !touching) continue;
    double tl, tr, shift = 0, t0 = 0, g0 = f0->g, t1 = 1, g1 = f1->g;
    ev_fn f = *f1;
    int st = SN_OK;
    if (touching && !touching_bracket(S, E, f0, f1, &shift, &t0, &g0, &t1, &g1, &st)) {
      if (st != SN_OK) return st;
      continue;
    }
    st = refine(S, E, &f, shift, t0, g0, t1, g1, h, tol, &tl, &tr);
    if (st != SN_OK) return st;
    if (*theta < 0 || tr < best) {
      best = tr;
      /* a closing stops on the bracket's left end (gap >= 0, or >= -EV_GAP_TOL from a touching
       * start: the contact forced to touch) so that the gap restarts from there after the
       * impact; the other events on the right end, where the function has crossed and the new
       * modes follow */
      *theta = f.kind == EV_FN_CLOSE ? tl : tr;
      *which = f;
    }
  }
  return SN_OK;
}

int ev_unseen_closing(const ev_scratch *E, ev_fn *which) {
  int found = 0;
  double deepest = -EV_GAP_TOL;
  for (int i = 0; i < E->nf[1]; i++) {
    const ev_fn *f1 = &E->f[1][i];
    if (f1->kind != EV_FN_CLOSE || !(f1->g < deepest)) continue;
    const ev_fn *f0 = find_fn(E, 0, f1);
    if (f0 && (f0->g >= 0 || !(f1->g < f0->g - EV_GAP_TOL))) continue;   /* a root, or not deeper */
    deepest = f1->g;
    *which = *f1;
    found = 1;
  }
  return found;
}
