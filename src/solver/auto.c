/* The automatic solver ("auto"): a list of registry solvers chosen by problem kind, dimension
 * and size, tried in order within one overall iteration and time budget until one meets the
 * tolerance and the absolute acceptance rule (sn_fc_measures). Every attempt is recorded in
 * info->tried; each starts from the best finite iterate found so far (or the caller's start).
 * The orders come from running every solver on every problem of tests/data/problems (the
 * measurements are in docs/solvers.md). */
#include "solver/auto_internal.h"
#include "common/relay.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { AUTO_MAX = 8 };
/* the most of the budget an attempt but the last may use: Newton methods that converge at all
 * do so in tens of steps on the test data, so one failing must not eat the whole budget */
#define AUTO_SHARE(max_iter) ((max_iter) / 5 > 100 ? (max_iter) / 5 : 100)

/* The budget (max_iter) counts Newton steps; an iteration of apgd (a gradient step) or ccp (a
 * step of pd) is one or two products with W and a projection, and counts as
 * 1 / SN_AUTO_CHEAP_STEPS of one. Measured (Release, one thread, 200 iterations each from zero,
 * seconds per iteration of nsn_ac against apgd): FC3D_Example1 5x, Capsules-i100-889 11x,
 * Rover4396 17x, BoxesStack1 20x, OneObject-i100000-316 37x, the 1 200-disc settled pile
 * (4 428 unknowns) 34x against apgd and 43x against ccp; the large problems, where the budget
 * binds, are at the top of that range. Before, a share of 200 iterations stopped ccp at 2.2e-5
 * on that pile, which it solves to 3.7e-11 in 5 271 steps (0.44 s), and `auto` failed after
 * 6.7 s in socmix. */
static int steps_per_unit(const char *name)
{
  return !strcmp(name, "apgd") || !strcmp(name, "ccp") || !strcmp(name, "rest") ? SN_AUTO_CHEAP_STEPS : 1;
}

/* The most of the budget an attempt but the last may take: its share, and for ccp half the
 * budget. The steps ccp needs grow with the problem (settled piles of 4 428, 7 454 and 11 188
 * unknowns: 5 271, 6 262 and 15 697 steps, the last beyond a share of 200 x 40), and where it
 * cannot succeed (a contact slides) it mostly ends itself, its rounds no longer gaining
 * (fc_ccp.c; 0.5 - 1.4 s on the deposited piles). Not always: on a 600-disc pile at mu 0.1 it
 * ran on to its cap, and with the whole budget nothing was left for nsn_ac, which solves that
 * pile in 56 steps (a review's case). The last attempt keeps a fifth of the budget in any case
 * (reserve, run_list). */
static int attempt_cap(const char *name, int max_iter)
{
  return !strcmp(name, "ccp") ? max_iter / 2 : AUTO_SHARE(max_iter);
}

/* A dense W (at least a quarter of its dim x dim blocks stored) of more than DENSE_ROWS rows: a
 * condensed finite-element problem (every contact coupled to every other). A Newton step
 * factorizes it, n^3 / 3 multiply-adds, where an NSGS sweep costs about 2 n^2: nsgs goes first,
 * with at most n / 3 sweeps (the cost of two Newton steps) before nsn_ac takes over from its
 * iterate. Measured on the condensed problems of a C3D8 block's dynamic contact steps (625
 * contact nodes, 1 875 rows, tol 1e-10): nsgs 7 sweeps, 0.06-0.07 s; nsn_ac 5 steps, 0.58-0.60 s
 * (docs/solvers.md, "auto"). */
enum { DENSE_ROWS = 600 };
static int dense_w(const sn_fc *P)
{
  double n = (double)P->dim * P->nc;
  return n > DENSE_ROWS && P->W->colptr[P->W->n] >= 0.25 * n * n;
}

/* A W of more than CROWDED_ROWS rows with at least CROWDED_NNZ nonzeros a row on average, not
 * dense_w: the contacts of bodies that each carry many (stacked boxes: 4 a face, 20-30 a box,
 * each coupled through W with every other of its two bodies). A Newton step's factorization
 * then fills to near-dense blocks and costs hundreds of first-order steps; apgd goes first (its
 * share: max_iter / 5 Newton steps, 40 apgd steps each). Measured on the first step of blocks of
 * 1 m cubes at rest on the floor (`--dump-fclib 1`, mu 0.5, tol 1e-8, one thread, from zero,
 * medians of 3, 6 December; docs/solvers.md, "auto: crowded W, apgd first"): 3x3x3 (428
 * contacts, 181 nonzeros a row) auto 2.21 s by nsn_ac before, 0.020 s by apgd now; 4x4x4
 * (1 180, 218) 7.45 s against 0.073 s; 4x4x2, 4x3x3, 5x5x2 and the 3x3x3 under tilted gravity
 * 60-150x; at mass ratio 1 000 a step nsn_ac and the rest left at 3.3e-6 after 17 s is solved in
 * 0.65 s. The test data's problems have at most 34 nonzeros a row
 * (BoxesStack1, 156 rows) and keep nsn_ac first. */
enum { CROWDED_ROWS = 600, CROWDED_NNZ = 100 };
static int crowded_w(const sn_fc *P)
{
  double n = (double)P->dim * P->nc;
  return n > CROWDED_ROWS && P->W->colptr[P->W->n] >= CROWDED_NNZ * n;
}

/* the attempt lists; a solver is tried only if it fits the problem (checked by the caller) */
static int fc_order(int dim, int n, int dense, int crowded, const char **list)
{
  int k = 0;
  if (dim == 2) {
    if (n <= 400) list[k++] = "lemke2d";
    /* the 2D piles of bench/pile2d.sh (tol 1e-8, docs/solvers.md): on 290 contacts nsn_ac
     * takes 0.18 s (56 steps), apgd 0.29 s, nsgs over 10 s; on 987 to 6 962 contacts apgd is
     * the fastest (0.43 s on 987, 8 s on 6 962), nsn_ac and nsgs stop short. Above 1 000
     * unknowns ccp goes first: on piles at rest (1 800 - 7 200 contacts) it is exact in 0.4 -
     * 3.2 s where apgd stalls at 1e-6 - 1e-5 on the largest; where a disc must slide it stops
     * after 0.5 - 1.4 s ("Piles at rest") */
    if (n > 1000) {
      list[k++] = "ccp";
      list[k++] = "apgd";
    }
    list[k++] = "nsn_ac";
    list[k++] = "nsgs";
    list[k++] = "socmix";
    list[k++] = "prox";
  } else {
    if (dense) list[k++] = "nsgs";    /* dense_w: first, capped by the caller */
    else if (crowded) {
      list[k++] = "apgd";   /* crowded_w */
      /* then the stack at rest (fc_rest.c), whatever its mass ratio: on the 3 x 3 x 3 block of 1
       * m cubes whose layers alternate between 1 kg and 1e6 kg, gravity tilted to (3, 0, -9.81),
       * apgd's share ends at 6.7e-6 and the Newton methods stay above 1e-3, where rest solves it
       * from apgd's iterate to 1e-8 in about 3 000 steps (0.4 s; docs/solvers.md, "Stacks at
       * rest: rest"); a W of more than SN_REST_MAX_ROWS rows is not factorized densely */
      if (n <= SN_REST_MAX_ROWS) list[k++] = "rest";
    }
    list[k++] = "nsn_ac";
    list[k++] = "nsn_fb";
    list[k++] = "socmix";
    if (!dense) list[k++] = "nsgs";
    list[k++] = "prox";
  }
  return k;
}

static int gfc_order(int dim, const char **list)
{
  int k = 0;
  if (dim == 3) list[k++] = "nsn_ac";     /* on the condensed problem */
  list[k++] = "socmixg";
  list[k++] = "admm";
  list[k++] = "nsgs";
  return k;
}

/* one solve of the chosen kind */
typedef struct {
  const sn_lcp *lcp;
  const sn_fc *fc;
  const sn_gfc *gfc;
  double *x, *y;             /* z, w (lcp) / r, u (fc) / r, v (gfc) */
  int nx, ny;                /* their lengths */
  int stuck;                 /* the data certify infeasibility (sn_fc_measures' stuck) */
  int stuck_known;           /* 0: stuck is found (fc) only when no attempt succeeded */
} target;

int sn_auto_outcome(int last, int best, int have_best, int nres, int ndiv, int stuck)
{
  if (last == SN_OK) return SN_OK;
  if (stuck) return SN_DIVERGED;
  if (last == SN_TIME_LIMIT) return SN_TIME_LIMIT;   /* cut short: the attempts left untried decide nothing */
  if (ndiv > 0 && ndiv == nres) return SN_DIVERGED;
  return have_best ? best : last;
}

int sn_auto_better(int st, double err, double res, int best_st, double best_err, double best_res)
{
  if (st < 0) return 0;
  if (st == SN_OK) return 1;
  if (best_st == SN_OK) return 0;
  if (isnan(best_err)) return !isnan(err);   /* a NaN kept: anything measured is better */
  if (isfinite(res) && isfinite(best_res) && isfinite(best_err)) return res < best_res;
  if (st != SN_DIVERGED) return best_st == SN_DIVERGED || err < best_err;
  return best_st == SN_DIVERGED && err < best_err;
}

static int attempt(const target *T, const char *name, const sn_settings *s, sn_info *info)
{
  if (T->lcp) return sn_lcp_solve(T->lcp, name, T->x, T->y, s, info);
  if (T->fc) return sn_fc_solve(T->fc, name, T->x, T->y, s, info);
  return sn_gfc_solve(T->gfc, name, T->x, T->y, s, info);
}

/* an attempt's result kept: its (x, y), status and errors */
typedef struct {
  int have, st;
  double err, res;
  double *xy;                /* x then y: nx + ny doubles */
  double penetration, cone_violation;
  const char *solver;
} kept;

static void keep_take(kept *K, const target *T, int st, const sn_info *ai, const char *name)
{
  K->have = 1;
  K->st = st;
  K->err = ai->error;
  K->res = ai->abs_residual;
  K->penetration = ai->penetration;
  K->cone_violation = ai->cone_violation;
  K->solver = name;
  memcpy(K->xy, T->x, sizeof(double) * (size_t)T->nx);
  memcpy(K->xy + T->nx, T->y, sizeof(double) * (size_t)T->ny);
}

int sn_auto_choose(int success, int nd_have, double nd_err, int dv_have, double dv_err)
{
  if (success || (nd_have && isfinite(nd_err))) return 1;
  if (dv_have && isfinite(dv_err)) return 2;
  return 0;
}

/* first_cap > 0: the most iterations of the first attempt (else AUTO_SHARE as the others) */
static int run_list(const target *T, const char **list, int k, int first_cap, const sn_settings *s, sn_info *info)
{
  sn_settings def;
  if (!s) { sn_settings_default(&def); s = &def; }
  if (s->options && *s->options) {                          /* auto takes no solver options */
    if (info) info->status = SN_ERR_UNKNOWN;
    return SN_ERR_UNKNOWN;
  }
  double t0 = sn_wtime();
  size_t bytes = sizeof(double) * (size_t)(T->nx + T->ny + 2);
  double *start = malloc(bytes);
  /* the best attempt that did not diverge (nd: a success, else sn_auto_better) and the best one
     labelled diverged (dv: the lowest absolute residual, else relative error) */
  kept nd = {0, SN_DIVERGED, INFINITY, NAN, malloc(bytes), NAN, NAN, NULL};
  kept dv = {0, SN_DIVERGED, INFINITY, NAN, malloc(bytes), NAN, NAN, NULL};
  if (!start || !nd.xy || !dv.xy) {
    free(start);
    free(nd.xy);
    free(dv.xy);
    if (info) info->status = SN_ERR_NOMEM;
    return SN_ERR_NOMEM;
  }
  memcpy(start, T->x, sizeof(double) * (size_t)T->nx);
  memcpy(start + T->nx, T->y, sizeof(double) * (size_t)T->ny);
  int used = 0, steps = 0, st = SN_MAX_ITER, nres = 0, ndiv = 0, nt = 0, hlen = 0;
  int reserve = k > 1 ? s->max_iter / 5 : 0;   /* kept for the last attempt, whatever the others used */
  sn_info keep = {0}, ai;
  sn_relay R;
  for (int a = 0; a < k && st != SN_OK; a++) {
    sn_settings as = *s;
    as.options = NULL;
    int units, per = steps_per_unit(list[a]);   /* this attempt's budget, in Newton steps */
    if (a < k - 1) {
      /* at most its cap, and never the last attempt's reserve */
      int cap = attempt_cap(list[a], s->max_iter);
      units = s->max_iter - reserve - used;
      if (units > cap) units = cap;
      if (units <= 0) continue;   /* nothing left before the reserve: the next attempt */
    } else {
      units = s->max_iter - used;
      if (units <= 0) { st = SN_MAX_ITER; break; }
    }
    as.max_iter = units <= INT_MAX / per ? units * per : INT_MAX;
    if (a == 0 && first_cap > 0 && k > 1 && as.max_iter > first_cap) as.max_iter = first_cap;
    if (s->time_limit > 0) {
      as.time_limit = s->time_limit - (sn_wtime() - t0);
      if (as.time_limit <= 0) { st = SN_TIME_LIMIT; break; }
    }
    sn_relay_init(&R, s, &as);
    R.offset = steps;
    memset(&ai, 0, sizeof ai);
    sn_info_reset(&ai);   /* an attempt that returns without filling info claims nothing */
    if (info && info->history) { ai.history = info->history + hlen; ai.history_cap = info->history_cap - hlen; }
    const double *from = nd.have && isfinite(nd.err) ? nd.xy : start;   /* never a diverged start */
    memcpy(T->x, from, sizeof(double) * (size_t)T->nx);
    memcpy(T->y, from + T->nx, sizeof(double) * (size_t)T->ny);
    st = attempt(T, list[a], &as, &ai);
    if (st >= 0) {
      used += ai.iterations / per + (ai.iterations % per != 0);   /* whole Newton steps, rounded up */
      steps = ai.iterations > INT_MAX - steps ? INT_MAX : steps + ai.iterations;
    }
    hlen += st >= 0 ? ai.history_len : 0;
    if (nt < AUTO_MAX) {
      keep.tried[nt].name = list[a];
      keep.tried[nt].status = st;
      keep.tried[nt].iterations = st >= 0 ? ai.iterations : 0;
      keep.tried[nt].error = st >= 0 ? ai.error : INFINITY;
      keep.tried[nt].seconds = ai.seconds;
      nt++;
    }
    nres += st >= 0;
    ndiv += st == SN_DIVERGED;
    if (st >= 0 && st != SN_DIVERGED &&
        (!nd.have || sn_auto_better(st, ai.error, ai.abs_residual, nd.st, nd.err, nd.res)))
      keep_take(&nd, T, st, &ai, list[a]);
    else if (st == SN_DIVERGED && !isnan(ai.error) &&
             (!dv.have || sn_auto_better(st, ai.error, ai.abs_residual, dv.st, dv.err, dv.res)))
      keep_take(&dv, T, st, &ai, list[a]);
  }
  /* what is returned: a success; else the best attempt that did not diverge; else the best
     diverged one. A diverged attempt never replaces one that did not diverge, whatever its
     errors: a reaction grown along a direction W does not see makes both small (two contacts
     without a solution: nsn_ac's |r| 6.8e7 at a relative error of 5.2e-9, or 1e-10 at tol
     1e-10), and no test of the data tells it from a mass ratio's label (test_auto_outcome) */
  int pick = sn_auto_choose(st == SN_OK, nd.have, nd.err, dv.have, dv.err);
  const kept *out = pick == 1 ? &nd : pick == 2 ? &dv : NULL;
  if (st != SN_OK) {         /* the attempt chosen, else (nothing usable) the caller's start */
    const double *src = out ? out->xy : start;
    memcpy(T->x, src, sizeof(double) * (size_t)T->nx);
    memcpy(T->y, src + T->nx, sizeof(double) * (size_t)T->ny);
    int stuck = T->stuck;
    sn_fc_meas m;             /* stuck depends on the data only: measured once, when needed */
    if (!T->stuck_known && T->fc && !sn_fc_measures(T->fc, T->x, s->tol, &m)) stuck = m.stuck > 0;
    /* the status of the r returned; with none, of a non-diverged attempt that left no error */
    int best_st = out ? out->st : nd.have ? nd.st : SN_DIVERGED;
    st = sn_auto_outcome(st, best_st, out != NULL || nd.have, nres, ndiv, stuck);
  }
  if (info) {
    info->status = st;
    info->iterations = steps;
    info->error = out ? out->err : INFINITY;
    info->seconds = sn_wtime() - t0;
    info->history_len = hlen;
    info->abs_residual = out ? out->res : NAN;
    info->penetration = out ? out->penetration : NAN;
    info->cone_violation = out ? out->cone_violation : NAN;
    info->solver = st == SN_OK && out ? out->solver : NULL;
    info->ntried = nt;
    memcpy(info->tried, keep.tried, sizeof keep.tried);
  }
  free(start);
  free(nd.xy);
  free(dv.xy);
  return st;
}

int sn_fc_auto(const sn_fc *P, double *r, double *u, const sn_settings *s, sn_info *info)
{
  if (info) sn_info_reset(info);
  if (!P || !r || !u || (P->dim != 2 && P->dim != 3)) {
    if (info) info->status = SN_ERR_ARG;
    return SN_ERR_ARG;
  }
  if (!P->W || !P->q || !P->mu) {   /* the rest is checked by each attempt */
    if (info) info->status = SN_ERR_ARG;
    return SN_ERR_ARG;
  }
  const char *list[AUTO_MAX];
  int n = P->dim * P->nc, dense = P->dim == 3 && dense_w(P), crowded = P->dim == 3 && !dense && crowded_w(P);
  int k = fc_order(P->dim, n, dense, crowded, list);
  target T = {NULL, P, NULL, r, u, n, n, 0, 0};
  return run_list(&T, list, k, dense ? (n / 3 > 50 ? n / 3 : 50) : 0, s, info);
}

int sn_gfc_auto(const sn_gfc *P, double *r, double *v, const sn_settings *s, sn_info *info)
{
  if (info) sn_info_reset(info);
  if (!P || !r || !v || (P->dim != 2 && P->dim != 3)) {
    if (info) info->status = SN_ERR_ARG;
    return SN_ERR_ARG;
  }
  const char *list[AUTO_MAX];
  int k = gfc_order(P->dim, list);
  if (P->neq > 0) {   /* the SOCMLCP and condensed routes refuse equality constraints */
    list[0] = "admm";
    k = 1;
  }
  target T = {NULL, NULL, P, r, v, P->dim * P->nc, P->ndof, 0, 1};
  return run_list(&T, list, k, 0, s, info);
}

int sn_lcp_auto(const sn_lcp *P, double *z, double *w, const sn_settings *s, sn_info *info)
{
  if (info) sn_info_reset(info);
  if (!P || !z || !w) {
    if (info) info->status = SN_ERR_ARG;
    return SN_ERR_ARG;
  }
  const char *list[3] = {"lemke", "pgs", "enum"};
  target T = {P, NULL, NULL, z, w, P->n, P->n, 0, 1};
  return run_list(&T, list, P->n <= 20 ? 3 : 2, 0, s, info);
}
