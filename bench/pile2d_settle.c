/* Moreau-Jean time stepping of a 2D pile of discs until it is at rest (bench/pile2d.h).
 * J.J. Moreau, "Numerical aspects of the sweeping process", CMAME 177 (1999) 329-349; M. Jean,
 * "The non-smooth contact dynamics method", CMAME 177 (1999) 235-257: impulses as unknowns,
 * restitution 0, Coulomb friction; each step's local problem (build_problem, with the gap term)
 * solved by NSGS warm-started from the last step's impulses of the same pairs. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "pile2d.h"

/* contacts are found up to this gap: a disc approaching at 0.5 m/s closes 5e-4 m a step of
 * 1e-3 s, under it */
#define MARGIN (0.1 * PILE_RMEAN)

/* r of contact c of C from the last step's (Cp, rp): the same pair, or zero; cnt/lst: Cp's
 * contacts by second body */
static void warm(const contacts *C, int c, const contacts *Cp, const double *rp, const int *cnt,
                 const int *lst, double *r)
{
  int b = C->b[c];
  r[2 * c] = r[2 * c + 1] = 0.0;
  for (int i = cnt[b]; i < cnt[b + 1]; i++) {
    int d = lst[i];
    if (Cp->a[d] == C->a[c]) {
      r[2 * c] = rp[2 * d];
      r[2 * c + 1] = rp[2 * d + 1];
      return;
    }
  }
}

/* cnt[0 .. n], lst[0 .. Cp->n): Cp's contacts grouped by second body */
static void by_second(const contacts *Cp, int n, int *cnt, int *lst)
{
  memset(cnt, 0, sizeof(int) * ((size_t)n + 1));
  for (int d = 0; d < Cp->n; d++) cnt[Cp->b[d] + 1]++;
  for (int k = 0; k < n; k++) cnt[k + 1] += cnt[k];
  for (int d = 0; d < Cp->n; d++) lst[cnt[Cp->b[d]]++] = d;
  for (int k = n; k > 0; k--) cnt[k] = cnt[k - 1];
  cnt[0] = 0;
}

/* the largest speed of a point of a disc: |v| + |w| R */
static double speed_max(const pile *P)
{
  double vm = 0.0;
  for (int k = 0; k < P->n; k++)
    vm = fmax(vm, hypot(P->vx[k], P->vy[k]) + fabs(P->w[k]) * P->rad[k]);
  return vm;
}

/* one step: problem, solve, velocities, positions; r (2 C->n, grown by the caller)
 * warm-started from (Cp, rp); 0 or a negative status (the solver's, SN_ERR_NOMEM) */
static int step(pile *P, double mu, double dt, double damping, const sn_settings *s, contacts *C,
                const contacts *Cp, const double *rp, int *cnt, int *lst, double *r, double *u,
                sn_info *info)
{
  sn_fc *F = NULL;
  by_second(Cp, P->n, cnt, lst);
  for (int c = 0; c < C->n; c++) warm(C, c, Cp, rp, cnt, lst, r);
  int st = build_problem(P, C, mu, dt, 1, &F);
  if (st) return st;
  st = C->n ? sn_fc_solve(F, "nsgs", r, u, s, info) : SN_OK;
  sn_fc_free(F);
  if (st < 0) return st;
  for (int k = 0; k < P->n; k++) P->vy[k] -= dt * PILE_GRAV;
  apply_impulses(P, C, r);
  double f = exp(-damping * dt);
  for (int k = 0; k < P->n; k++) {
    P->vx[k] *= f;
    P->vy[k] *= f;
    P->w[k] *= f;
  }
  for (int k = 0; k < P->n; k++) {
    P->x[k] += dt * P->vx[k];
    P->y[k] += dt * P->vy[k];
  }
  return 0;
}

int pile_settle(pile *P, double mu, double dt, const settle_opts *o, settle_info *si, FILE *log)
{
  int n = P->n, rc = SN_ERR_NOMEM, calm = 0;
  contacts C = {0}, Cp = {0};
  double *r = NULL, *u = NULL, *rp = NULL;
  int *cnt = malloc(sizeof(int) * ((size_t)n + 1)), *lst = NULL;
  size_t cap = 0;
  memset(si, 0, sizeof *si);
  if (!P->vx) {
    P->vx = calloc(3 * (size_t)n, sizeof(double));
    if (!P->vx) goto done;
    P->vy = P->vx + n;
    P->w = P->vy + n;
  }
  if (!cnt) goto done;
  sn_settings s;
  sn_settings_default(&s);
  s.tol = o->tol;
  s.max_iter = o->sweeps;
  double t0 = sn_wtime();
  for (int it = 0; it < o->max_steps; it++) {
    C.n = 0;
    if (grid_rebuild(P) || find_contacts(P, &C, MARGIN)) goto done;
    if ((size_t)C.n + (size_t)Cp.n + 1 > cap) {
      cap = 2 * ((size_t)C.n + (size_t)Cp.n + 1);
      double *a = realloc(r, sizeof(double) * 2 * cap), *b = realloc(u, sizeof(double) * 2 * cap);
      r = a ? a : r;
      u = b ? b : u;
      double *c = realloc(rp, sizeof(double) * 2 * cap);
      rp = c ? c : rp;
      int *l = realloc(lst, sizeof(int) * cap);
      lst = l ? l : lst;
      if (!a || !b || !c || !l) goto done;
    }
    sn_info info = {0};
    if ((rc = step(P, mu, dt, o->damping, &s, &C, &Cp, rp, cnt, lst, r, u, &info)) != 0) goto done;
    rc = SN_ERR_NOMEM;
    si->steps = it + 1;
    si->sweeps_total += info.iterations;
    si->v_max = speed_max(P);
    if (log && (it + 1) % 100 == 0)
      fprintf(log, "step %d: %d contacts, %d sweeps, error %.2e, max speed %.3e m/s\n", it + 1,
              C.n, info.iterations, info.error, si->v_max);
    calm = si->v_max < o->v_rest ? calm + 1 : 0;
    if (calm >= o->rest_steps) break;
    contacts t = Cp;                                      /* this step's pairs become the last */
    Cp = C;
    C = t;
    memcpy(rp, r, sizeof(double) * 2 * (size_t)Cp.n);
  }
  si->seconds = sn_wtime() - t0;
  rc = grid_rebuild(P) ? SN_ERR_NOMEM : 0;
done:
  contacts_free(&C);
  contacts_free(&Cp);
  free(r);
  free(u);
  free(rp);
  free(cnt);
  free(lst);
  return rc;
}
