/* Event-driven scheme: the new active set and modes at an event, from the acceleration-level
 * problem of the touching contacts that do not separate (Pfeiffer & Glocker 1996, sec. 6.3;
 * Glocker's acceleration-level LCP; Acary & Brogliato 2008, sec. 7.2.2), solved as an LCP
 * through the registry ("lemke", "auto" as a fallback):
 *   normal, every candidate:   a_N >= 0, lambda_N >= 0, a_N lambda_N = 0
 *   sliding (|u_T| > 0):       lambda_T = -mu lambda_N s, s = u_T / |u_T|: lambda_N is the only
 *                              unknown (force column n - mu s)
 *   sticking candidate (u_T = 0): a_T = 0 with |lambda_T| <= mu lambda_N, or slip starting
 *                              along a_T with lambda_T opposing it.
 * The exact disc |lambda_T| <= mu lambda_N is not an LCP in 3D. Choice: a four-sided pyramid
 * lambda_T = sum_j beta_j d_j, sum_j beta_j <= mu lambda_N, d_j = +-e1, +-e2, with e1 the
 * direction of the tangential acceleration the contact would have without friction (Stewart &
 * Trinkle 1996's form at acceleration level, with the slack sigma ~ |a_T|):
 *   w_beta_j = d_j . a_T + sigma >= 0 _|_ beta_j >= 0,  w_sigma = mu lambda_N - sum beta >= 0 _|_ sigma >= 0.
 * Why: the pyramid's edge along e1 is exact, so the stick/slip decision is exact whenever the
 * tangential load of a contact keeps its direction (every planar motion, a single contact under a
 * fixed load); the registry's exact-cone solvers would need a mixed problem (sliding columns
 * n - mu s are not in the local frictional-contact form) and iterate where Lemke is finite.
 * Where the load turns, the pyramid inscribed in the cone may decide stick too late by up to a
 * factor 1/sqrt(2) on the friction bound. Between events the sticking contacts keep a_T = 0 and
 * their exact bound |lambda_T| <= mu lambda_N is watched (event_locate.c). */
#include <stdlib.h>
#include <string.h>

#include "dynamics/event_internal.h"
#include "signorini/solver.h"

typedef struct {
  int n;                /* LCP size */
  ev_gen *gen;          /* per unknown: its force column */
  int *owner, *kind;    /* per unknown: closed-list index, 0 normal / 1 beta / 2 sigma */
} lcp_layout;

/* the candidates into E->cl (mode guess from u_T): touching, not separating */
static int candidates(sn_scene *S, ev_scratch *E, const ev_fn *forced) {
  int nc = 0;
  for (int m = 0; m < E->geo.n; m++) {
    const sn_contact *c = &E->geo.c[m];
    if (!ev_touching(S, E, c, forced) || ev_rel(S, c, NULL, c->n) > EV_VEL_TOL) continue;
    if (ev_grow((void **)&E->cl, &E->capcl, nc + 1, sizeof *E->cl) != SN_OK) return SN_ERR_NOMEM;
    ev_closed *k = &E->cl[nc++];
    k->a = c->a;
    k->b = c->b;
    k->feature = c->feature;
    double u1 = ev_rel(S, c, NULL, c->t1), u2 = ev_rel(S, c, NULL, c->t2), l = hypot(u1, u2);
    k->mode = c->mu > 0 && l <= EV_VEL_TOL ? SN_CONTACT_STICK : SN_CONTACT_SLIP;
    k->s[0] = c->mu > 0 && l > 0 ? u1 / l : 0;
    k->s[1] = c->mu > 0 && l > 0 ? u2 / l : 0;
    const ev_fn *f = &E->slip_fn;
    if (f->kind == EV_FN_STICK_SLIP && f->a == c->a && f->b == c->b && f->feature == c->feature &&
        k->mode == SN_CONTACT_STICK) {
      /* the contact whose stick bound was just reached slides against its last friction force */
      k->mode = SN_CONTACT_SLIP;
      k->s[0] = E->slip_s[0];
      k->s[1] = E->slip_s[1];
    }
  }
  E->ncl = nc;
  if (ev_grow((void **)&E->match, &E->capmatch, nc + 1, sizeof *E->match) != SN_OK ||
      ev_grow((void **)&E->lam, &E->caplam, nc + 1, 3 * sizeof *E->lam) != SN_OK)
    return SN_ERR_NOMEM;
  return SN_OK;
}

/* the local tangential acceleration of contact j under dvw (plus its drift) */
static void tangential(const sn_scene *S, const ev_scratch *E, int j, const double *dvw, double aT[2]) {
  const sn_contact *c = &E->geo.c[E->match[j]];
  aT[0] = ev_rel(S, c, dvw, c->t1) + E->drift[j][1];
  aT[1] = ev_rel(S, c, dvw, c->t2) + E->drift[j][2];
}

static int layout(const sn_scene *S, ev_scratch *E, const double *afree, lcp_layout *L) {
  int n = 0;
  for (int j = 0; j < E->ncl; j++) n += E->cl[j].mode == SN_CONTACT_STICK ? 6 : 1;
  L->n = n;
  L->gen = calloc((size_t)n + 1, sizeof *L->gen);
  L->owner = calloc(2 * ((size_t)n + 1), sizeof *L->owner);
  if (!L->gen || !L->owner) return SN_ERR_NOMEM;
  L->kind = L->owner + n + 1;
  int k = 0;
  for (int j = 0; j < E->ncl; j++) {
    const sn_contact *c = &E->geo.c[E->match[j]];
    const ev_closed *cl = &E->cl[j];
    L->gen[k].c = c;
    L->gen[k].l[0] = 1;
    L->gen[k].l[1] = -c->mu * cl->s[0];
    L->gen[k].l[2] = -c->mu * cl->s[1];
    L->owner[k] = j;
    L->kind[k++] = 0;
    if (cl->mode != SN_CONTACT_STICK) continue;
    double aT[2], e1[2] = {1, 0};
    tangential(S, E, j, afree, aT);
    double l = hypot(aT[0], aT[1]);
    if (l > 0) e1[0] = aT[0] / l, e1[1] = aT[1] / l;
    const double d[4][2] = {{e1[0], e1[1]}, {-e1[0], -e1[1]}, {-e1[1], e1[0]}, {e1[1], -e1[0]}};
    for (int i = 0; i < 4; i++, k++) {
      L->gen[k].c = c;
      L->gen[k].l[1] = d[i][0];
      L->gen[k].l[2] = d[i][1];
      L->owner[k] = j;
      L->kind[k] = 1;
    }
    L->gen[k].c = c;   /* sigma: no force */
    L->owner[k] = j;
    L->kind[k++] = 2;
  }
  return SN_OK;
}

/* the LCP matrix (dense, column-major) and vector */
static void lcp_fill(const sn_scene *S, ev_scratch *E, const lcp_layout *L, const double *afree, double *M,
                     double *q) {
  int n = L->n;
  ev_gen *rows = L->gen;   /* normal rows: n; beta rows: the beta's direction; sigma: none */
  for (int c = 0; c < n; c++) {
    if (L->kind[c] == 2) continue;
    double f[3];
    ev_dir(L->gen[c].c, L->gen[c].l, f);
    memset(E->dvw, 0, 6 * (size_t)S->nb * sizeof *E->dvw);
    ev_apply(S, L->gen[c].c, f, 1.0, E->dvw);
    for (int r = 0; r < n; r++) {
      if (L->kind[r] == 2) continue;
      double d[3], l[3] = {L->kind[r] == 0 ? 1 : 0, rows[r].l[1] * (L->kind[r] == 1), rows[r].l[2] * (L->kind[r] == 1)};
      ev_dir(rows[r].c, l, d);
      M[r + (size_t)n * c] = ev_rel(S, rows[r].c, E->dvw, d);
    }
  }
  for (int r = 0; r < n; r++) {
    int j = L->owner[r];
    if (L->kind[r] == 2) {
      q[r] = 0;
      for (int c = 0; c < n; c++)   /* mu lambda_N - sum beta */
        if (L->owner[c] == j) M[r + (size_t)n * c] = L->kind[c] == 0 ? E->geo.c[E->match[j]].mu : L->kind[c] == 1 ? -1 : 0;
      continue;
    }
    double l[3] = {L->kind[r] == 0 ? 1 : 0, L->kind[r] == 1 ? rows[r].l[1] : 0, L->kind[r] == 1 ? rows[r].l[2] : 0};
    double d[3];
    ev_dir(rows[r].c, l, d);
    q[r] = ev_rel(S, rows[r].c, afree, d) + sn3_dot(E->drift[j], l);
    if (L->kind[r] == 1)   /* + sigma */
      for (int c = 0; c < n; c++)
        if (L->owner[c] == j && L->kind[c] == 2) M[r + (size_t)n * c] = 1;
  }
}

static int lcp_run(const double *Md, double *q, int n, double *z, double *w, const sn_dyn_settings *s, int *status) {
  sn_lcp P = {n, NULL, q};
  int st = sn_csc_from_dense(n, n, Md, 0.0, &P.M);
  if (st != SN_OK) return st;
  sn_settings set = s->solve;
  set.tol = 1e-12;
  set.max_iter = set.max_iter > 100 * n ? set.max_iter : 100 * n;
  sn_info info;
  memset(&info, 0, sizeof info);
  sn_info_reset(&info);
  memset(z, 0, (size_t)n * sizeof *z);
  st = sn_lcp_solve(&P, "lemke", z, w, &set, &info);
  if (st != SN_OK) {
    memset(z, 0, (size_t)n * sizeof *z);
    st = sn_lcp_solve(&P, "auto", z, w, &set, &info);
  }
  sn_csc_free(P.M);
  if (st < 0) return st;
  if (st > *status) *status = st;
  return SN_OK;
}

/* keep the closed candidates with their modes */
static void decide(const sn_scene *S, ev_scratch *E, const lcp_layout *L, const double *afree, const double *z,
                   const double *w, double qscale) {
  memcpy(E->dvw, afree, 6 * (size_t)S->nb * sizeof *afree);
  for (int c = 0; c < L->n; c++) {
    if (L->kind[c] == 2 || z[c] == 0) continue;
    double f[3];
    ev_dir(L->gen[c].c, L->gen[c].l, f);
    ev_apply(S, L->gen[c].c, f, z[c], E->dvw);
  }
  int nk = 0;
  for (int c = 0; c < L->n; c++) {
    if (L->kind[c] != 0) continue;
    int j = L->owner[c];
    /* lambda_N = 0 < a_N: it opens; a_N = 0 = lambda_N (a redundant support, which Lemke's
     * vertex solution may leave unloaded) stays closed, its force then from the smooth phase's
     * minimum-norm solution */
    if (w[c] > 1e-9 * (1 + qscale) && !(z[c] > w[c])) continue;
    ev_closed k = E->cl[j];
    if (k.mode == SN_CONTACT_STICK && z[c + 5] > 1e-9 * (1 + qscale)) {
      double aT[2];
      tangential(S, E, j, E->dvw, aT);
      double l = hypot(aT[0], aT[1]);
      k.mode = SN_CONTACT_SLIP;
      k.s[0] = l > 0 ? aT[0] / l : 1;
      k.s[1] = l > 0 ? aT[1] / l : 0;
    }
    E->cl[nk++] = k;
  }
  E->ncl = nk;
}

int ev_modes(sn_scene *S, ev_scratch *E, const double *y, const ev_fn *forced, const sn_dyn_settings *s,
             int *status) {
  ev_load(S, E, y);
  int st = ev_detect(S, &E->geo);
  if (st == SN_OK) st = candidates(S, E, forced);
  if (st != SN_OK || E->ncl == 0) return st;
  for (int j = 0; j < E->ncl; j++) E->match[j] = ev_find(&E->geo, E->cl[j].a, E->cl[j].b, E->cl[j].feature);
  if (ev_grow((void **)&E->drift, &E->capdrift, E->ncl + 1, sizeof *E->drift) != SN_OK ||
      ev_grow((void **)&E->work, &E->capwork, 6 * S->nb + 1, sizeof *E->work) != SN_OK)
    return SN_ERR_NOMEM;
  if ((st = ev_drift(S, E, y, E->drift)) != SN_OK) return st;
  double *afree = E->work;
  ev_free_acc(S, afree);
  lcp_layout L = {0, NULL, NULL, NULL};
  double *M = NULL;
  st = layout(S, E, afree, &L);
  if (st == SN_OK) {
    int n = L.n;
    M = calloc((size_t)n * n + 3 * (size_t)n + 1, sizeof *M);
    if (!M) st = SN_ERR_NOMEM;
    else {
      double *q = M + (size_t)n * n, *z = q + n, *w = z + n;
      lcp_fill(S, E, &L, afree, M, q);
      st = lcp_run(M, q, n, z, w, s, status);
      double qs = 0;
      for (int i = 0; i < n; i++) qs = fabs(q[i]) > qs ? fabs(q[i]) : qs;
      if (st == SN_OK) decide(S, E, &L, afree, z, w, qs);
      E->mode_lcps++;
    }
  }
  free(M);
  free(L.gen);
  free(L.owner);
  return st;
}
