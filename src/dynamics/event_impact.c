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

double ev_kinetic(const sn_scene *S) {
  double k = 0;
  for (int i = 0; i < S->nb; i++) {
    const sn_body *B = &S->b[i];
    if (B->motion != SN_BODY_DYNAMIC) continue;
    double Iw[3], wb[3];
    for (int a = 0; a < 3; a++) wb[a] = B->R[a] * B->w[0] + B->R[3 + a] * B->w[1] + B->R[6 + a] * B->w[2];
    for (int a = 0; a < 3; a++) Iw[a] = B->I_body[a] * wb[a];
    k += 0.5 * B->mass * sn3_dot(B->v, B->v) + 0.5 * sn3_dot(wb, Iw);
  }
  return k;
}

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
    sn_info info;
    memset(&info, 0, sizeof info);
    sn_info_reset(&info);
    int fs = sn_fc_solve(&P, "auto", r, u, &set, &info);
    if (fs < 0) st = fs;
    else {
      if (fs > *status) *status = fs;
      double k0 = ev_kinetic(S);
      impact_apply(S, E, gen, nc, r, y);
      ev_load(S, E, y);
      S->energy.impact_loss += k0 - ev_kinetic(S);
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
  free(gen);
  return st;
}
