/* Event-driven scheme, smooth phase: the contacts of a state and the acceleration-level
 * problem of the current modes, which gives the right-hand side of the ODE.
 *
 * Between events the active set and the modes are fixed (Pfeiffer & Glocker 1996, ch. 6; Acary &
 * Brogliato 2008, sec. 7.2): a closed contact keeps its normal relative acceleration at zero,
 * a_N = 0 (g_N = 0, u_N = 0), a sticking one also a_T = 0, a sliding one carries the friction
 * force lambda_T = -mu lambda_N s, s its sliding direction. With the free accelerations a_f
 * (gravity, gyroscopic torque) and the contact forces lambda, a = a_f + M^-1 H lambda and the
 * constraint rows read  A lambda + b = 0,  A = J M^-1 F (J the constraint rows, F the force
 * columns: n - mu s for a sliding contact), b = J a_f + (dJ/dt) v. The sign conditions
 * (lambda_N >= 0, |lambda_T| <= mu lambda_N, u_T . s > 0) are watched as event functions
 * (event_locate.c); the inequality problem (an LCP) is solved only at events (event_modes.c).
 * Several contacts may hold a body redundantly (a box on four corners): the forces are then the
 * minimum-norm solution (LAPACK dgelsd), the accelerations are unique. */
#include <stdlib.h>
#include <string.h>

#include "dynamics/event_internal.h"
/* after the project's headers: lapacke.h brings complex.h and its macro I */
#include <lapacke.h>

typedef struct {
  int j;                /* closed contact */
  double row[3], col[3];   /* local direction of the constraint row and of the force column */
} ev_row;

void ev_load(sn_scene *S, ev_scratch *E, const double *y) {
  for (int i = 0; i < E->nd; i++) {
    sn_body *B = &S->b[E->dyn[i]];
    const double *z = y + EV_NY * i;
    memcpy(B->x, z, 3 * sizeof *z);
    memcpy(B->q, z + 3, 4 * sizeof *z);
    memcpy(B->v, z + 7, 3 * sizeof *z);
    memcpy(B->w, z + 10, 3 * sizeof *z);
    sn_body_sync(B);
  }
}

void ev_store(const sn_scene *S, const ev_scratch *E, double *y) {
  for (int i = 0; i < E->nd; i++) {
    const sn_body *B = &S->b[E->dyn[i]];
    double *z = y + EV_NY * i;
    memcpy(z, B->x, 3 * sizeof *z);
    memcpy(z + 3, B->q, 4 * sizeof *z);
    memcpy(z + 7, B->v, 3 * sizeof *z);
    memcpy(z + 10, B->w, 3 * sizeof *z);
  }
}

int ev_detect(sn_scene *S, sn_contact_list *L) {
  L->n = 0;
  for (int i = 0; i < S->nb; i++)
    for (int j = i + 1; j < S->nb; j++) {
      if (S->b[i].motion != SN_BODY_DYNAMIC && S->b[j].motion != SN_BODY_DYNAMIC) continue;
      int n0 = L->n, st = sn_narrow_watch(&S->b[i], i, &S->b[j], j, EV_MARGIN, L);
      if (st != SN_OK) return st;
      for (int m = n0; m < L->n; m++) sn_scene_law(S, L->c[m].a, L->c[m].b, &L->c[m].mu, &L->c[m].e);
    }
  return SN_OK;
}

int ev_find(const sn_contact_list *L, int a, int b, int feature) {
  for (int m = 0; m < L->n; m++)
    if (L->c[m].a == a && L->c[m].b == b && L->c[m].feature == feature) return m;
  return -1;
}

void ev_dir(const sn_contact *c, const double l[3], double d[3]) {
  for (int i = 0; i < 3; i++) d[i] = l[0] * c->n[i] + l[1] * c->t1[i] + l[2] * c->t2[i];
}

/* velocity (dvw NULL: the bodies' own) or acceleration of the material point of body B at arm r */
static void point_rate(const sn_body *B, int id, const double *dvw, const double r[3], double out[3]) {
  const double *v = dvw ? dvw + 6 * id : B->v, *w = dvw ? dvw + 6 * id + 3 : B->w;
  if (B->motion != SN_BODY_DYNAMIC && dvw) {
    out[0] = out[1] = out[2] = 0;
    return;
  }
  sn3_cross(w, r, out);
  for (int i = 0; i < 3; i++) out[i] += v[i];
}

double ev_rel(const sn_scene *S, const sn_contact *c, const double *dvw, const double d[3]) {
  double pa[3], pb[3];
  point_rate(&S->b[c->a], c->a, dvw, c->ra, pa);
  point_rate(&S->b[c->b], c->b, dvw, c->rb, pb);
  return sn3_dot(d, pb) - sn3_dot(d, pa);
}

static void apply_body(const sn_body *B, const double r[3], const double f[3], double s, double *dvw) {
  if (B->motion != SN_BODY_DYNAMIC) return;
  double t[3], dw[3];
  sn3_cross(r, f, t);
  sn_body_inv_inertia_apply(B, t, dw);
  sn3_axpy(s * B->inv_mass, f, dvw);
  sn3_axpy(s, dw, dvw + 3);
}

void ev_apply(const sn_scene *S, const sn_contact *c, const double f[3], double s, double *dvw) {
  apply_body(&S->b[c->b], c->rb, f, s, dvw + 6 * c->b);
  apply_body(&S->b[c->a], c->ra, f, -s, dvw + 6 * c->a);
}

/* world inertia applied: I w = R diag(I_body) R^T w */
static void inertia_apply(const sn_body *B, const double w[3], double out[3]) {
  const double *R = B->R;
  double wb[3];
  for (int i = 0; i < 3; i++) wb[i] = (R[i] * w[0] + R[3 + i] * w[1] + R[6 + i] * w[2]) * B->I_body[i];
  for (int i = 0; i < 3; i++) out[i] = R[3 * i] * wb[0] + R[3 * i + 1] * wb[1] + R[3 * i + 2] * wb[2];
}

void ev_free_acc(const sn_scene *S, double *dvw) {
  memset(dvw, 0, 6 * (size_t)S->nb * sizeof *dvw);
  for (int i = 0; i < S->nb; i++) {
    const sn_body *B = &S->b[i];
    if (B->motion != SN_BODY_DYNAMIC) continue;
    double L[3], t[3];
    memcpy(dvw + 6 * i, S->g, 3 * sizeof *dvw);
    inertia_apply(B, B->w, L);      /* Euler's equations: I dw/dt = -w x I w */
    sn3_cross(L, B->w, t);
    sn_body_inv_inertia_apply(B, t, dvw + 6 * i + 3);
  }
}

/* the local relative velocity of every closed contact at the state y moved by s h along the
 * velocity field (positions and orientations only), added times `sign` into drift */
static int drift_side(sn_scene *S, ev_scratch *E, const double *y, double h, double sign, double drift[][3]) {
  memcpy(E->yp, y, (size_t)E->ny * sizeof *y);
  for (int i = 0; i < E->nd; i++) {
    double *z = E->yp + EV_NY * i;
    sn3_axpy(sign * h, z + 7, z);
    sn_quat_integrate(z + 3, z + 10, sign * h);
  }
  ev_load(S, E, E->yp);
  int st = ev_detect(S, &E->geo2);
  if (st != SN_OK) return st;
  for (int j = 0; j < E->ncl; j++) {
    int m = ev_find(&E->geo2, E->cl[j].a, E->cl[j].b, E->cl[j].feature);
    if (m < 0) continue;
    const sn_contact *c = &E->geo2.c[m];
    drift[j][0] += sign * ev_rel(S, c, NULL, c->n) / (2 * h);
    drift[j][1] += sign * ev_rel(S, c, NULL, c->t1) / (2 * h);
    drift[j][2] += sign * ev_rel(S, c, NULL, c->t2) / (2 * h);
  }
  return SN_OK;
}

int ev_drift(sn_scene *S, ev_scratch *E, const double *y, double drift[][3]) {
  /* d/dt u_local = J a + (dJ/dt) v: the second term is the derivative of u_local along the motion
   * with the velocities frozen; central differences of step h (error h^2 u''' / 6 against a
   * rounding of eps |u| / h: h = 1e-5 s balances them near 1e-10 m/s^2 for speeds of m/s) */
  const double h = 1e-5;
  memset(drift, 0, 3 * (size_t)E->ncl * sizeof **drift);
  int moving = 0;
  for (int i = 0; i < E->nd && !moving; i++)
    for (int k = 7; k < 13; k++) moving |= y[EV_NY * i + k] != 0.0;
  if (!moving || E->ncl == 0) return SN_OK;
  int st = drift_side(S, E, y, h, 1.0, drift);
  if (st == SN_OK) st = drift_side(S, E, y, h, -1.0, drift);
  ev_load(S, E, y);
  return st;
}

/* the rows of the current modes (one per normal, two more per sticking contact) */
static int build_rows(sn_scene *S, ev_scratch *E, int *m) {
  int need = 0;
  for (int j = 0; j < E->ncl; j++) need += E->match[j] < 0 ? 0 : E->cl[j].mode == SN_CONTACT_STICK ? 3 : 1;
  if (ev_grow(&E->rows, &E->caprows, need, sizeof(ev_row)) != SN_OK) return SN_ERR_NOMEM;
  ev_row *R = E->rows;
  int r = 0;
  for (int j = 0; j < E->ncl; j++) {
    if (E->match[j] < 0) continue;
    const sn_contact *c = &E->geo.c[E->match[j]];
    memset(&R[r], 0, sizeof R[r]);
    R[r].j = j;
    R[r].row[0] = R[r].col[0] = 1;
    if (E->cl[j].mode == SN_CONTACT_SLIP) {
      /* the sliding direction: that of u_T + v_r s_0, s_0 the phase's initial direction and
       * v_r = EV_VEL_TOL: defined when the slip starts from rest (u_T = 0), and smooth there:
       * the residual u_T of a stick phase (~1e-10 m/s, integration error) would otherwise turn
       * the direction at random. Exact when u_T stays along s_0 (planar motion); otherwise the
       * direction lags by at most v_r / |u_T| rad. */
      double u1 = ev_rel(S, c, NULL, c->t1) + EV_VEL_TOL * E->cl[j].s[0];
      double u2 = ev_rel(S, c, NULL, c->t2) + EV_VEL_TOL * E->cl[j].s[1];
      double l = sqrt(u1 * u1 + u2 * u2);
      if (c->mu > 0 && l > 0) {
        R[r].col[1] = -c->mu * u1 / l;
        R[r].col[2] = -c->mu * u2 / l;
      }
    }
    r++;
    if (E->cl[j].mode == SN_CONTACT_STICK)
      for (int k = 1; k <= 2; k++, r++) {
        memset(&R[r], 0, sizeof R[r]);
        R[r].j = j;
        R[r].row[k] = R[r].col[k] = 1;
      }
  }
  *m = r;
  return SN_OK;
}

/* A = J M^-1 F, b = J a_f + drift: into E->A (column-major), E->rhs = -b */
static void assemble(sn_scene *S, ev_scratch *E, int m, const double *afree) {
  const ev_row *R = E->rows;
  double *col = E->dvw;
  for (int c = 0; c < m; c++) {
    const sn_contact *cc = &E->geo.c[E->match[R[c].j]];
    double f[3];
    ev_dir(cc, R[c].col, f);
    memset(col, 0, 6 * (size_t)S->nb * sizeof *col);
    ev_apply(S, cc, f, 1.0, col);
    for (int r = 0; r < m; r++) {
      const sn_contact *cr = &E->geo.c[E->match[R[r].j]];
      double d[3];
      ev_dir(cr, R[r].row, d);
      E->A[r + (size_t)m * c] = ev_rel(S, cr, col, d);
    }
  }
  for (int r = 0; r < m; r++) {
    const sn_contact *cr = &E->geo.c[E->match[R[r].j]];
    double d[3];
    ev_dir(cr, R[r].row, d);
    E->rhs[r] = -(ev_rel(S, cr, afree, d) + sn3_dot(E->drift[R[r].j], R[r].row));
  }
}

/* lam = the forces of the rows' solution, local (N, T1, T2) per closed contact */
static void forces(ev_scratch *E, int m) {
  const ev_row *R = E->rows;
  memset(E->lam, 0, 3 * (size_t)E->ncl * sizeof *E->lam);
  for (int r = 0; r < m; r++)
    for (int k = 0; k < 3; k++) E->lam[3 * R[r].j + k] += E->rhs[r] * R[r].col[k];
}

int ev_accel(sn_scene *S, ev_scratch *E, const double *y) {
  int st = ev_detect(S, &E->geo);
  if (st != SN_OK) return st;
  for (int j = 0; j < E->ncl; j++) E->match[j] = ev_find(&E->geo, E->cl[j].a, E->cl[j].b, E->cl[j].feature);
  size_t nb6 = 6 * (size_t)S->nb;
  int m;
  if ((st = build_rows(S, E, &m)) != SN_OK) return st;
  if (ev_grow((void **)&E->A, &E->capA, m * m + 1, sizeof *E->A) != SN_OK ||
      ev_grow((void **)&E->rhs, &E->capw, m + 1, sizeof *E->rhs) != SN_OK ||
      ev_grow((void **)&E->drift, &E->capdrift, E->ncl + 1, sizeof *E->drift) != SN_OK ||
      ev_grow((void **)&E->work, &E->capwork, (int)nb6 + m + 1, sizeof *E->work) != SN_OK)
    return SN_ERR_NOMEM;
  double *afree = E->work;   /* nb6 free accelerations, then the singular values */
  ev_free_acc(S, afree);
  if (m == 0) {
    memcpy(E->dvw, afree, nb6 * sizeof *afree);
    memset(E->lam, 0, 3 * (size_t)E->ncl * sizeof *E->lam);
    return SN_OK;
  }
  if ((st = ev_drift(S, E, y, E->drift)) != SN_OK) return st;
  assemble(S, E, m, afree);
  lapack_int rank;
  double *sv = afree + nb6;
  if (LAPACKE_dgelsd(LAPACK_COL_MAJOR, m, m, 1, E->A, m, E->rhs, m, sv, 1e-12, &rank) != 0)
    return SN_ERR_BACKEND;
  forces(E, m);
  /* a = a_f + M^-1 F lambda */
  memcpy(E->dvw, afree, nb6 * sizeof *afree);
  const ev_row *R = E->rows;
  for (int c = 0; c < m; c++) {
    const sn_contact *cc = &E->geo.c[E->match[R[c].j]];
    double f[3];
    ev_dir(cc, R[c].col, f);
    ev_apply(S, cc, f, E->rhs[c], E->dvw);
  }
  return SN_OK;
}

int ev_rhs(sn_scene *S, ev_scratch *E, const double *y, double *ydot) {
  ev_load(S, E, y);
  int st = ev_accel(S, E, y);
  if (st != SN_OK) return st;
  E->rhs_evals++;
  for (int i = 0; i < E->nd; i++) {
    const double *z = y + EV_NY * i, *q = z + 3, *w = z + 10;
    double *d = ydot + EV_NY * i;
    memcpy(d, z + 7, 3 * sizeof *d);
    /* dq/dt = (0, w) q / 2 with w in the world frame */
    double c[3];
    sn3_cross(w, q + 1, c);
    d[3] = -0.5 * sn3_dot(w, q + 1);
    for (int k = 0; k < 3; k++) d[4 + k] = 0.5 * (q[0] * w[k] + c[k]);
    memcpy(d + 7, E->dvw + 6 * E->dyn[i], 6 * sizeof *d);
  }
  return SN_OK;
}

void ev_op(const sn_scene *S, double *dvw, int m, const ev_gen *rows, int n, const ev_gen *cols, double *A) {
  for (int j = 0; j < n; j++) {
    double f[3];
    ev_dir(cols[j].c, cols[j].l, f);
    memset(dvw, 0, 6 * (size_t)S->nb * sizeof *dvw);
    ev_apply(S, cols[j].c, f, 1.0, dvw);
    for (int i = 0; i < m; i++) {
      double d[3];
      ev_dir(rows[i].c, rows[i].l, d);
      A[i + (size_t)m * j] = ev_rel(S, rows[i].c, dvw, d);
    }
  }
}
