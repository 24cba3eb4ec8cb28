/* Event-driven integration (Pfeiffer & Glocker 1996; Acary & Brogliato 2008, chapter 7): the
 * private seams between its files.
 *
 *   event.c         the driver sn_scene_advance_event: steps, event detection, bookkeeping
 *   event_ode.c     Dormand-Prince 5(4) with dense output (Dormand & Prince 1980; the dense
 *                   output of Hairer, Norsett & Wanner, Solving ODE I, II.6)
 *   event_accel.c   the contacts of a state, the acceleration-level problem of the current
 *                   modes (the right-hand side of the ODE), the local rows and columns
 *   event_modes.c   the acceleration-level LCP deciding the new active set and modes at an event
 *   event_locate.c  the event functions and their roots on the dense output (Illinois)
 *   event_impact.c  Newton's impact law with friction (velocity level, through the registry)
 *
 * The state y holds, per dynamic body, x (3), q (4), v (3), w (3): 13 doubles. */
#ifndef SN_EVENT_INTERNAL_H
#define SN_EVENT_INTERNAL_H

#include "dynamics/dyn_internal.h"

#define EV_NY 13
/* every pair with a dynamic body is watched (small systems): its contacts within this margin */
#define EV_MARGIN 1e3
/* a contact touches when its gap is below this (m), besides the contact whose event it is */
#define EV_GAP_TOL 1e-9
/* normal velocity below which a touching contact counts as approaching (an impact) / above
 * which it separates; tangential speed below which a contact may stick (m/s) */
#define EV_VEL_TOL 1e-7
/* Zeno: a rebound that would rise less than this height (m) under gravity is suppressed
 * (e = 0 for that contact at that impact) and the contact closes */
#define EV_ZENO_HEIGHT 1e-7

/* a closed contact, known by identity (a, b, feature) */
typedef struct {
  int a, b, feature;
  int mode;             /* SN_CONTACT_STICK or SN_CONTACT_SLIP */
  double s[2];          /* slip: sliding direction (t1, t2 coordinates) at the start of the phase */
} ev_closed;

/* the value of one event function at a state */
enum { EV_FN_CLOSE = 0, EV_FN_OPEN, EV_FN_STICK_SLIP, EV_FN_SLIP_STICK };
typedef struct {
  int kind, a, b, feature;
  double g;             /* the event happens when g goes from >= 0 to < 0 */
} ev_fn;

typedef struct {
  int nd, *dyn;         /* the dynamic bodies */
  int ny;
  double *k[7], *y0, *y1, *yt, *yp, *rc;   /* stages, states, dense output (5 ny) */
  ev_closed *cl;        /* the closed contacts */
  int ncl, capcl;
  sn_contact_list geo, geo2;   /* contacts of a state, of a perturbed state */
  int *match;           /* geo index of each closed contact (-1: lost) */
  double *lam;          /* 3 per closed contact: force (N, T1, T2) local, from the last solve */
  double *dvw;          /* 6 per body: accelerations / velocity changes */
  double *A, *rhs, *work;
  int capA, capw, capwork;
  void *rows;           /* event_accel.c: the rows (= columns) of the acceleration problem */
  int caprows;
  double (*drift)[3];   /* per closed contact: local drift */
  int capdrift;
  ev_fn *f[3];          /* event functions at t0, t1, at a trial time */
  int nf[3], capf[3];
  double power[3];      /* friction power -sum lambda_T . u_T (>= 0) at the same states */
  int capmatch, caplam;
  /* a stick-to-slip event: the contact and the direction it starts to slide in */
  ev_fn slip_fn;
  double slip_s[2];
  /* statistics of the last sn_scene_advance_event */
  long steps, rejected, rhs_evals, impacts, mode_lcps;
} ev_scratch;

int ev_scratch_get(sn_scene *S, ev_scratch **E);
int ev_grow(void **p, int *cap, int need, size_t size);

/* event_accel.c */
void ev_load(sn_scene *S, ev_scratch *E, const double *y);       /* y -> bodies */
void ev_store(const sn_scene *S, const ev_scratch *E, double *y); /* bodies -> y */
int ev_detect(sn_scene *S, sn_contact_list *L);                  /* every watched pair */
int ev_find(const sn_contact_list *L, int a, int b, int feature);
/* world direction of local coordinates (n, t1, t2) */
void ev_dir(const sn_contact *c, const double loc[3], double d[3]);
/* relative velocity (or acceleration, from per-body 6-vectors dvw) along world direction d */
double ev_rel(const sn_scene *S, const sn_contact *c, const double *dvw, const double d[3]);
/* per-body 6-vectors dvw += M^-1 (generalised force of the unit force f on b at c, -f on a) */
void ev_apply(const sn_scene *S, const sn_contact *c, const double f[3], double s, double *dvw);
/* a direction at a contact: local coordinates (n, t1, t2) */
typedef struct {
  const sn_contact *c;
  double l[3];
} ev_gen;
/* A (m x n, column-major) = rows^T M^-1 cols: the relative velocity along row i produced by a
 * unit force along column j; dvw scratch of 6 nb */
void ev_op(const sn_scene *S, double *dvw, int m, const ev_gen *rows, int n, const ev_gen *cols, double *A);
/* free accelerations (gravity, gyroscopic) into dvw */
void ev_free_acc(const sn_scene *S, double *dvw);
/* local relative-velocity drift d/dt (u_local) at fixed accelerations zero (the curvature
 * terms), by central differences along the velocity field; y the state of the bodies */
int ev_drift(sn_scene *S, ev_scratch *E, const double *y, double drift[][3]);
/* the acceleration problem of the current modes: fills E->dvw and E->lam; y the loaded state */
int ev_accel(sn_scene *S, ev_scratch *E, const double *y);
/* ydot = f(y) */
int ev_rhs(sn_scene *S, ev_scratch *E, const double *y, double *ydot);

/* event_ode.c: one Dormand-Prince step of h from y0 (k[0] = f(y0) on entry); y1, k[6] = f(y1),
 * the dense output coefficients; *err the scaled error norm */
int ev_dopri_step(sn_scene *S, ev_scratch *E, double h, double tol, double *err);
void ev_dense(const ev_scratch *E, double theta, double *y);

/* event_locate.c */
/* the event functions at state y into E->f[which], the friction power into E->power[which] */
int ev_functions(sn_scene *S, ev_scratch *E, const double *y, int which);
/* the earliest crossing in the last step [t0, t0 + h]: *theta (in (0, 1]) or -1 if none, and
 * the function that crossed */
int ev_locate(sn_scene *S, ev_scratch *E, double h, double tol, double *theta, ev_fn *which);
/* 1 when an open contact ends the step inside (gap < -EV_GAP_TOL) without a root to locate: no
 * function at the step's start, or a start gap already negative and now deeper; the deepest
 * into *which (event_locate.c) */
int ev_unseen_closing(const ev_scratch *E, ev_fn *which);

/* event_modes.c: after any impact, the active set and modes at the loaded state; `forced` a
 * contact identity that touches whatever its gap (the event's), or a = -1 */
int ev_modes(sn_scene *S, ev_scratch *E, const double *y, const ev_fn *forced, const sn_dyn_settings *s,
             int *status);
int ev_touching(const sn_scene *S, const ev_scratch *E, const sn_contact *c, const ev_fn *forced);

/* event_impact.c: Newton's impact law on the touching contacts; *impact set when one happened */
int ev_impact(sn_scene *S, ev_scratch *E, double *y, const ev_fn *forced, const sn_dyn_settings *s,
              int *impact, int *status);

#endif
