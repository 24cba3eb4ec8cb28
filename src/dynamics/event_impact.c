/* Event-driven scheme: impacts. Newton's impact law with Coulomb friction at the velocity level
 * (Pfeiffer & Glocker 1996, ch. 7; Acary & Brogliato 2008, sec. 7.2.3): on the touching
 * contacts, the percussions P and the post-impact relative velocities U+ = U- + W P satisfy
 *   U_N+ + e U_N- >= 0,  P_N >= 0,  complementary,  and Coulomb's law between P_T and U_T+,
 * a local frictional-contact problem (W = H^T M^-1 H, q = U- + [e U_N-, 0, 0]) solved through
 * the registry ("auto", the exact cone). A contact that separates or slides tangentially only
 * gets e = 0 (no restitution without approach).
 * Zeno: an accumulation of impacts (a ball bouncing to rest: infinitely many impacts in finite
 * time, Acary & Brogliato sec. 7.3) would stall the integrator. A rebound too slow to rise more
 * than EV_ZENO_HEIGHT under gravity (e |U_N-| < sqrt(2 |g| EV_ZENO_HEIGHT)) is suppressed: that
 * contact takes e = 0 and closes; the kinetic energy of the suppressed rebound is lost. */
#include <stdlib.h>
#include <string.h>

#include "dynamics/event_internal.h"
#include "signorini/solver.h"
/* after the project's headers: lapacke.h brings complex.h and its macro I */
#include <lapacke.h>

/* the impact problem's data: W, q, mu; gens 3 per touching contact */
static int impact_data(sn_scene *S, ev_scratch *E, const ev_gen *gen, int nc, sn_fc *P) {
  int n = 3 * nc;
  double *Wd = malloc((size_t)n * n * sizeof *Wd);
  if (!Wd) return SN_ERR_NOMEM;
  ev_op(S, E->dvw, n, gen, n, gen, Wd);
  int st = sn_csc_from_dense(n, n, Wd, 0.0, &P->W);
  free(Wd);
  if (st != SN_OK) return st;
  double gz = sn3_norm(S->g), vz = sqrt(2 * gz * EV_ZENO_HEIGHT);
  for (int i = 0; i < nc; i++) {
    const sn_contact *c = gen[3 * i].c;
    for (int k = 0; k < 3; k++) {
      double d[3];
      ev_dir(c, gen[3 * i + k].l, d);
      P->q[3 * i + k] = ev_rel(S, c, NULL, d);
    }
    double un = P->q[3 * i];
    if (un < 0 && c->e * -un >= vz) P->q[3 * i] += c->e * un;   /* Newton: U_N+ >= -e U_N- */
    P->mu[i] = c->mu;
  }
  return SN_OK;
}

/* v += M^-1 H r */
static void impact_apply(sn_scene *S, ev_scratch *E, const ev_gen *gen, int nc, const double *r, double *y) {
  memset(E->dvw, 0, 6 * (size_t)S->nb * sizeof *E->dvw);
  for (int i = 0; i < nc; i++) {
    double f[3];
    ev_dir(gen[3 * i].c, r + 3 * i, f);
    ev_apply(S, gen[3 * i].c, f, 1.0, E->dvw);
  }
  for (int i = 0; i < E->nd; i++) {
    double *z = y + EV_NY * i;
    const double *d = E->dvw + 6 * E->dyn[i];
    for (int k = 0; k < 6; k++) z[7 + k] += d[k];
  }
}

static int impact_solve(sn_scene *S, ev_scratch *E, double *y, const ev_gen *gen, int nc,
                        const sn_dyn_settings *s, int *status) {
  sn_fc P = {3, nc, NULL, NULL, NULL};
  double *buf = calloc((size_t)11 * nc, sizeof *buf);
  if (!buf) return SN_ERR_NOMEM;
  P.q = buf;
  P.mu = buf + 3 * nc;
  double *r = buf + 4 * nc, *u = buf + 7 * nc;
  int st = impact_data(S, E, gen, nc, &P);
  if (st == SN_OK) {
    sn_settings set = s->solve;
    set.tol = set.tol < 1e-12 ? set.tol : 1e-12;   /* an impact fixes the rest of the motion */
    set.options = NULL;                              /* "auto" takes none */
    sn_info info;
    memset(&info, 0, sizeof info);
    sn_info_reset(&info);
    int fs = sn_fc_solve(&P, "auto", r, u, &set, &info);
    if (fs < 0) st = fs;
    else {
      if (fs > *status) *status = fs;
      /* the work of a percussion is r . (u- + u+) / 2: its normal part is the impact loss,
       * its tangential part friction work (the energy.c convention, both >= 0 dissipated) */
      double *um = u;
      for (int i = 0; i < 3 * nc; i++) {
        double d[3];
        ev_dir(gen[i].c, gen[i].l, d);
        um[i] = ev_rel(S, gen[i].c, NULL, d);
      }
      impact_apply(S, E, gen, nc, r, y);
      ev_load(S, E, y);
      for (int i = 0; i < 3 * nc; i++) {
        double d[3];
        ev_dir(gen[i].c, gen[i].l, d);
        double w = -r[i] * 0.5 * (um[i] + ev_rel(S, gen[i].c, NULL, d));
        if (i % 3 == 0) S->energy.impact_loss += w;
        else S->energy.friction_work += w;
      }
    }
  }
  sn_csc_free(P.W);
  free(buf);
  return st;
}

int ev_touching(const sn_scene *S, const ev_scratch *E, const sn_contact *c, const ev_fn *forced) {
  (void)S;
  if (c->gap <= EV_GAP_TOL) return 1;
  if (forced && forced->a == c->a && forced->b == c->b && forced->feature == c->feature) return 1;
  for (int j = 0; j < E->ncl; j++)
    if (E->cl[j].a == c->a && E->cl[j].b == c->b && E->cl[j].feature == c->feature) return 1;
  return 0;
}

/* Zeno, persistent contacts (Acary & Brogliato 2008, sec. 7.3, the accumulations of impacts an
 * event-driven scheme must cut short; Pfeiffer & Glocker 1996, sec. 7.4, a contact whose
 * relative velocity falls below a threshold is taken as persistent). After the impact law, a
 * touching contact whose normal relative velocity is below the Zeno speed v_z = sqrt(2 |g|
 * EV_ZENO_HEIGHT) in magnitude would leave the plane by less than EV_ZENO_HEIGHT and come
 * back: a polyhedron rocking on a face onto which it lands, each impact of one vertex lifting
 * the one across by 4e-7 m/s while gravity pulls it back at 13 m/s^2, rocks faster and faster
 * (Housner's rocking block: infinitely many impacts in finite time, whatever e). Such contacts
 * are made persistent: their normal relative velocities are set to zero together, by normal
 * percussions of either sign (the least-squares solution of W_ZZ P = -U_Z, W_ZZ = H_Z^T M^-1 H_Z:
 * an M-orthogonal projection of the velocities, which only removes kinetic energy, booked as
 * impact loss), and the acceleration-level problem then decides which stay closed. This also
 * zeroes the residue below EV_VEL_TOL that a contact closing without an impact kept (a closed
 * contact holds a_N = 0, so u_N = 7e-8 m/s stayed: a block at rest on its face tilted by 8e-8 m
 * in 1.2 s).
 * gen holds 3 generators per touching contact (event_impact's). */
static int zeno_persist(sn_scene *S, ev_scratch *E, double *y, const ev_gen *gen, int nc) {
  double vz = sqrt(2 * sn3_norm(S->g) * EV_ZENO_HEIGHT);
  int nz = 0, slow = 0, st = SN_OK;
  double *un = malloc(((size_t)6 * nc + 1) * sizeof *un);
  ev_gen *zg = malloc(((size_t)nc + 1) * sizeof *zg);
  int *zi = malloc(((size_t)nc + 1) * sizeof *zi);
  if (!un || !zg || !zi) {
    free(un), free(zg), free(zi);
    return SN_ERR_NOMEM;
  }
  for (int i = 0; i < nc; i++) {
    const sn_contact *c = gen[3 * i].c;
    double u = ev_rel(S, c, NULL, c->n);
    if (!(fabs(u) < vz)) continue;
    slow |= u != 0;
    un[nz] = -u;
    zg[nz] = gen[3 * i];
    zi[nz++] = i;
  }
  if (slow) {
    double *W = malloc(((size_t)nz * nz + 1) * sizeof *W), *sv = malloc(((size_t)nz + 1) * sizeof *sv);
    double *r = calloc(3 * (size_t)nc + 1, sizeof *r), *um = un + nz;
    lapack_int rank;
    if (!W || !sv || !r) st = SN_ERR_NOMEM;
    else {
      ev_op(S, E->dvw, nz, zg, nz, zg, W);
      for (int k = 0; k < nz; k++) um[k] = -un[k];
      if (LAPACKE_dgelsd(LAPACK_COL_MAJOR, nz, nz, 1, W, nz, un, nz, sv, 1e-12, &rank) != 0) st = SN_ERR_BACKEND;
    }
    if (st == SN_OK) {
      for (int k = 0; k < nz; k++) r[3 * zi[k]] = un[k];
      impact_apply(S, E, gen, nc, r, y);
      ev_load(S, E, y);
      for (int k = 0; k < nz; k++) {   /* the work of each percussion: impact loss */
        const sn_contact *c = zg[k].c;
        S->energy.impact_loss -= un[k] * 0.5 * (um[k] + ev_rel(S, c, NULL, c->n));
      }
    }
    free(W), free(sv), free(r);
  }
  free(un), free(zg), free(zi);
  return st;
}

int ev_impact(sn_scene *S, ev_scratch *E, double *y, const ev_fn *forced, const sn_dyn_settings *s,
              int *impact, int *status) {
  *impact = 0;
  ev_load(S, E, y);
  int st = ev_detect(S, &E->geo);
  if (st != SN_OK) return st;
  ev_gen *gen = malloc((size_t)(3 * E->geo.n + 1) * sizeof *gen);
  if (!gen) return SN_ERR_NOMEM;
  int nc = 0;
  for (int m = 0; m < E->geo.n; m++) {
    const sn_contact *c = &E->geo.c[m];
    if (!ev_touching(S, E, c, forced)) continue;
    if (ev_rel(S, c, NULL, c->n) < -EV_VEL_TOL) *impact = 1;
    for (int k = 0; k < 3; k++) {
      gen[3 * nc + k].c = c;
      memset(gen[3 * nc + k].l, 0, sizeof gen[0].l);
      gen[3 * nc + k].l[k] = 1;
    }
    nc++;
  }
  if (*impact) {
    st = impact_solve(S, E, y, gen, nc, s, status);
    E->impacts++;
  }
  if (st == SN_OK && nc > 0) st = zeno_persist(S, E, y, gen, nc);
  free(gen);
  return st;
}
