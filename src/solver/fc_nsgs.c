/* Nonsmooth Gauss-Seidel (NSGS) for the local frictional contact problem u = W r + q.
 *
 * Sweep over the contacts i (in order, or shuffled every sweep): with the others frozen, contact
 * i sees u_i = W_ii r_i + q_i + sum_{j != i} W_ij r_j, a one-contact problem solved by a local
 * solver (fc_local.c), then r_i <- (1 - omega) r_i + omega r_i^loc (projected back onto K when
 * omega > 1). M. Jean, J.J. Moreau, "Dynamics in the presence of unilateral contacts and dry
 * friction: a numerical approach" (1987); M. Jean, "The non-smooth contact dynamics method",
 * CMAME 177 (1999) 235-257; the stopping test on the full natural-map error is Siconos'
 * (V. Acary, M. Bremond, O. Huber, "On solving contact problems with Coulomb friction:
 * formulations and numerical comparisons", in Advanced Topics in Nonsmooth Dynamics, 2018).
 *
 * Options: local=proj|ac|hybrid (default hybrid; in 2D hybrid is the exact enumeration, and
 * local=proj / local=ac are honoured in 2D too), omega=1, shuffle=0|1, seed=N (the shuffle's
 * own splitmix64 generator, no global state), rho=R (fixed local step, default automatic per
 * contact), local_tol=1e-12 (relative), local_iter=N (default 25 Newton / 100 projection steps),
 * stall=1000: after that many sweeps without a new best error, switch to the shuffled order, and
 * on later stalls halve omega (Gauss-Seidel with exact local solves cycles on some non-symmetric
 * W: OneObject-i100000-316 alternates between two states; 0 disables).
 * order=rows|colour|jacobi (default rows): rows sweeps the contacts in index order (or shuffled);
 * colour colours the contacts by W's block pattern (fc_colour.c: no two contacts of a colour
 * coupled) and sweeps colour by colour, the contacts of a colour in parallel on up to
 * sn_settings.threads OpenMP threads (a static split; they are independent, so the result is
 * the sequential colour-order sweep's, bit for bit, for any thread count). A W coupling every
 * pair of contacts has one contact per colour: that sweep runs on one thread. shuffle=1 is
 * refused with colour (SN_ERR_ARG); the stall rule's shuffle then shuffles the order of the
 * colours. jacobi (blocks=K, default 16): K fixed blocks of consecutive contacts swept at once
 * on the threads, Gauss-Seidel within a block, Jacobi between blocks (sweep_jacobi; converges
 * worse, docs/threads.md). The full error is computed after every sweep (one product W r, on
 * the same threads, fc_local.c sn_fc_eval_threads: the serial value bit for bit); r returned is
 * the best iterate seen, and after a non-finite update the last finite one (status SN_ERR_NAN). */
#include "common/par_tune.h"
#include "solver/fc_colour.h"
#include "solver/fc_local.h"
#include "signorini/solver.h"
#include "solver/verdict.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* problems of up to NSGS_SMALL_NC contacts: the workspace, its order and the solver's copy of
 * the best iterate on the stack (issue #13: no allocation of O(n) workspace on the hot path of
 * small problems) */
enum { NSGS_SMALL_NC = 32 };

struct sn_nsgs_ws {
  const sn_fc *P;
  const sn_bsr *B;
  sn_nsgs_opts o;
  double sigma;
  const double *c;
  int *order;          /* order=rows: the contacts; order=colour: the colours (ncolour) */
  int order_small[NSGS_SMALL_NC];   /* order's storage up to NSGS_SMALL_NC entries */
  sn_fc_colouring C;   /* order=colour */
  double *rold;        /* order=jacobi: r when the sweep began */
  int nt;              /* threads of a coloured or Jacobi-blocked sweep */
  uint64_t rng;
};

int sn_nsgs_parse(const char *options, sn_nsgs_opts *o)
{
  o->order = SN_ORDER_ROWS;
  o->blocks = 16;
  o->threads = 1;
  o->local = SN_LOCAL_HYBRID;
  o->omega = 1.0;
  o->shuffle = 0;
  o->seed = 0;
  o->rho = 0.0;
  o->local_tol = 1e-12;
  o->local_iter = 0;
  if (!options || !*options) return SN_OK;   /* the defaults: nothing to look up */
  char buf[16];
  int st = sn_option_string(options, "local", buf, sizeof buf);
  if (st < 0) return st;
  if (st == 1) {
    if (!strcmp(buf, "proj")) o->local = SN_LOCAL_PROJ;
    else if (!strcmp(buf, "ac")) o->local = SN_LOCAL_AC;
    else if (!strcmp(buf, "hybrid")) o->local = SN_LOCAL_HYBRID;
    else return SN_ERR_UNKNOWN;
  }
  if ((st = sn_option_string(options, "order", buf, sizeof buf)) < 0) return st;
  if (st == 1) {
    if (!strcmp(buf, "rows")) o->order = SN_ORDER_ROWS;
    else if (!strcmp(buf, "colour") || !strcmp(buf, "color")) o->order = SN_ORDER_COLOUR;
    else if (!strcmp(buf, "jacobi")) o->order = SN_ORDER_JACOBI;
    else return SN_ERR_UNKNOWN;
  }
  double v;
  if ((st = sn_option_double(options, "omega", &v)) < 0) return st;
  if (st == 1) {
    if (!(v > 0.0 && v < 2.0)) return SN_ERR_ARG;
    o->omega = v;
  }
  if ((st = sn_option_double(options, "shuffle", &v)) < 0) return st;
  if (st == 1) o->shuffle = v != 0.0;
  if ((st = sn_option_double(options, "seed", &v)) < 0) return st;
  if (st == 1) {
    if (v < 0 || v > 1.8e19) return SN_ERR_ARG;
    o->seed = (uint64_t)v;
  }
  if ((st = sn_option_double(options, "rho", &v)) < 0) return st;
  if (st == 1) {
    if (!(v > 0.0)) return SN_ERR_ARG;
    o->rho = v;
  }
  if ((st = sn_option_double(options, "local_tol", &v)) < 0) return st;
  if (st == 1) {
    if (!(v > 0.0)) return SN_ERR_ARG;
    o->local_tol = v;
  }
  if ((st = sn_option_double(options, "local_iter", &v)) < 0) return st;
  if (st == 1) {
    if (!(v >= 1.0 && v <= 1e6)) return SN_ERR_ARG;
    o->local_iter = (int)v;
  }
  if ((st = sn_option_double(options, "blocks", &v)) < 0) return st;
  if (st == 1) {
    if (!(v >= 1 && v <= 1e6) || o->order != SN_ORDER_JACOBI) return SN_ERR_ARG;
    o->blocks = (int)v;
  }
  /* a random order is no colouring, and the blocks of order=jacobi are swept at once */
  if (o->order != SN_ORDER_ROWS && o->shuffle) return SN_ERR_ARG;
  return SN_OK;
}

/* the threads of a coloured sweep: the setting, at most one per COLOUR_MIN contacts of the
 * average colour (a colour costs a barrier, about the price of a few local solves); so a W
 * coupling every pair of contacts (one contact per colour) sweeps on one thread; 1 without OpenMP */
enum { COLOUR_MIN = 8 };
static int colour_threads(int threads, const sn_fc_colouring *C)
{
#ifdef SN_HAVE_OPENMP
  int most = C->ncolour > 0 ? C->nc / (COLOUR_MIN * C->ncolour) : 0;
  int nt = threads < most ? threads : most;
  return nt > 1 ? nt : 1;
#else
  (void)threads;
  (void)C;
  return 1;
#endif
}

/* the threads of a Jacobi-blocked sweep: the setting, at most one per block of at least
 * COLOUR_MIN contacts; 1 without OpenMP */
static int jacobi_threads(int threads, int blocks, int nc)
{
#ifdef SN_HAVE_OPENMP
  int K = blocks < nc ? blocks : nc, most = nc / COLOUR_MIN < K ? nc / COLOUR_MIN : K;
  int nt = threads < most ? threads : most;
  return nt > 1 ? nt : 1;
#else
  (void)threads;
  (void)blocks;
  (void)nc;
  return 1;
#endif
}

/* the workspace in ws (zeroed here); ws_fini releases what it holds */
static int ws_init(sn_nsgs_ws *ws, const sn_fc *P, const sn_bsr *B, const sn_nsgs_opts *o)
{
  memset(ws, 0, sizeof *ws);
  int n = P->nc, st;
  if (o->order == SN_ORDER_COLOUR) {
    if ((st = sn_fc_colour(B, &ws->C))) return st;
    n = ws->C.ncolour;
    ws->nt = colour_threads(o->threads, &ws->C);
  } else if (o->order == SN_ORDER_JACOBI) {
    ws->rold = malloc(sizeof(double) * (size_t)(P->dim * P->nc + 1));
    if (!ws->rold) return SN_ERR_NOMEM;
    ws->nt = jacobi_threads(o->threads, o->blocks, P->nc);
  }
  ws->order = n <= NSGS_SMALL_NC ? ws->order_small : malloc(sizeof(int) * (size_t)n);
  if (!ws->order) { sn_fc_colouring_free(&ws->C); free(ws->rold); return SN_ERR_NOMEM; }
  for (int i = 0; i < n; i++) ws->order[i] = i;
  ws->P = P;
  ws->B = B;
  ws->o = *o;
  ws->rng = o->seed;
  return SN_OK;
}

static void ws_fini(sn_nsgs_ws *ws)
{
  if (ws->order != ws->order_small) free(ws->order);
  free(ws->rold);
  sn_fc_colouring_free(&ws->C);
}

int sn_nsgs_ws_new(const sn_fc *P, const sn_bsr *B, const sn_nsgs_opts *o, sn_nsgs_ws **out)
{
  sn_nsgs_ws *ws = malloc(sizeof *ws);
  if (!ws) return SN_ERR_NOMEM;
  int st = ws_init(ws, P, B, o);
  if (st) { free(ws); return st; }
  *out = ws;
  return SN_OK;
}

void sn_nsgs_ws_free(sn_nsgs_ws *ws)
{
  if (!ws) return;
  ws_fini(ws);
  free(ws);
}

void sn_nsgs_ws_shift(sn_nsgs_ws *ws, double sigma, const double *c)
{
  ws->sigma = c ? sigma : 0.0;
  ws->c = c;
}

/* order=jacobi: contact i's block [lo, hi) reads r, the other blocks the sweep's start rold */
typedef struct {
  const double *rold;
  int lo, hi;
} frozen;

/* sum_j W_ij x_j with x_j = r_j in [f->lo, f->hi) and rold_j elsewhere, in sn_bsr_row_gemv's
 * order (with one block, x = r: the same bits) */
static void row_gemv_split(const sn_bsr *B, int i, const double *r, const frozen *f, double *y)
{
  int b = B->b;
  for (int k = 0; k < b; k++) y[k] = 0.0;
  for (int q = B->browptr[i]; q < B->browptr[i + 1]; q++) {
    const double *blk = B->val + (size_t)q * b * b;
    int J = B->bcolind[q];
    const double *xJ = (J >= f->lo && J < f->hi ? r : f->rold) + (size_t)J * b;
    for (int c = 0; c < b; c++)
      for (int k = 0; k < b; k++) y[k] += blk[c * b + k] * xJ[c];
  }
}

/* the one-contact problem of contact i with the other contacts frozen at r (f: the others'
 * values of a Jacobi-blocked sweep; NULL: r) */
static void local_problem(const sn_nsgs_ws *ws, int i, const double *r, const frozen *f,
                          sn_fc_local *L)
{
  const sn_fc *P = ws->P;
  const sn_bsr *B = ws->B;
  int d = P->dim;
  double y[3];
  if (f) row_gemv_split(B, i, r, f, y);
  else sn_bsr_row_gemv(B, i, r, y);                /* sum_j W_ij r_j, diagonal included */
  memset(L->W, 0, sizeof L->W);
  if (B->diag[i] >= 0) memcpy(L->W, B->val + (size_t)B->diag[i] * d * d, sizeof(double) * (size_t)(d * d));
  const double *ri = r + d * i;
  for (int k = 0; k < d; k++) {
    double wr = 0.0;
    for (int j = 0; j < d; j++) wr += L->W[j * d + k] * ri[j];
    L->q[k] = P->q[d * i + k] + y[k] - wr;
    if (ws->sigma != 0.0) L->q[k] -= ws->sigma * ws->c[d * i + k];
  }
  for (int k = 0; k < d; k++) L->W[k * d + k] += ws->sigma;
  L->dim = d;
  L->mu = P->mu[i];
  L->rho = ws->o.rho;
  L->tol = ws->o.local_tol;
  L->max_iter = ws->o.local_iter > 0 ? ws->o.local_iter : (ws->o.local == SN_LOCAL_PROJ ? 100 : 25);
}

/* the Gauss-Seidel update of contact i (r_i only is written); 1 if it was not finite (r_i
 * then unchanged) */
static int update(const sn_nsgs_ws *ws, int i, double *r, const frozen *f)
{
  int d = ws->P->dim;
  sn_fc_local L;
  local_problem(ws, i, r, f, &L);
  double x[3], *ri = r + d * i;
  memcpy(x, ri, sizeof(double) * (size_t)d);
  sn_fc_local_solve(ws->o.local, &L, x);
  int ok = 1;
  for (int k = 0; k < d; k++) ok &= isfinite(x[k]) != 0;
  if (!ok) return 1;
  if (ws->o.omega == 1.0) {
    memcpy(ri, x, sizeof(double) * (size_t)d);
  } else {
    for (int k = 0; k < d; k++) ri[k] += ws->o.omega * (x[k] - ri[k]);
    if (ws->o.omega > 1.0) sn_proj_cone(d, L.mu, ri);
  }
  return 0;
}

/* Fisher-Yates on order[0..n) with the workspace's own generator */
static void shuffle(sn_nsgs_ws *ws, int n)
{
  for (int i = n - 1; i > 0; i--) {
    int j = (int)(sn_rng_next(&ws->rng) % (uint64_t)(i + 1));
    int t = ws->order[i];
    ws->order[i] = ws->order[j];
    ws->order[j] = t;
  }
}

/* colour after colour (in ws->order); a colour's contacts split statically among the threads,
 * each reading only other colours' reactions and its own */
static int sweep_colour(sn_nsgs_ws *ws, double *r)
{
  const sn_fc_colouring *C = &ws->C;
  int bad = 0, nt = ws->nt;
  if (ws->o.shuffle) shuffle(ws, C->ncolour);   /* the stall rule's random order */
  (void)nt;
#ifdef SN_HAVE_OPENMP
#pragma omp parallel num_threads(nt) if (nt > 1) reduction(| : bad)
#endif
  for (int kk = 0; kk < C->ncolour; kk++) {
    int k = ws->order[kk];
#ifdef SN_HAVE_OPENMP
#pragma omp for schedule(static)
#endif
    for (int j = C->start[k]; j < C->start[k + 1]; j++) bad |= update(ws, C->order[j], r, NULL);
  }
  return bad ? SN_ERR_NAN : SN_OK;
}

/* order=jacobi: the contacts in o.blocks fixed blocks of consecutive indices (block k:
 * [k nc / K, (k+1) nc / K)), all blocks at once, each a Gauss-Seidel sweep in index order that
 * reads the other blocks' reactions as they were when the sweep began (rold): block Jacobi
 * between the blocks, Gauss-Seidel within. The blocks do not depend on the thread count, and a
 * block writes only its own reactions: the same bits for any count; one block is order=rows. */
static int sweep_jacobi(sn_nsgs_ws *ws, double *r)
{
  int nc = ws->P->nc, K = ws->o.blocks < nc ? ws->o.blocks : nc, bad = 0, nt = ws->nt;
  sn_copy(ws->P->dim * nc, r, ws->rold);
  (void)nt;
#ifdef SN_HAVE_OPENMP
#pragma omp parallel for schedule(static) num_threads(nt) if (nt > 1) reduction(| : bad)
#endif
  for (int k = 0; k < K; k++) {
    frozen f = {ws->rold, (int)((long)k * nc / K), (int)((long)(k + 1) * nc / K)};
    for (int i = f.lo; i < f.hi; i++) bad |= update(ws, i, r, &f);
  }
  return bad ? SN_ERR_NAN : SN_OK;
}

int sn_nsgs_sweep(sn_nsgs_ws *ws, double *r)
{
  if (ws->o.order == SN_ORDER_COLOUR) return sweep_colour(ws, r);
  if (ws->o.order == SN_ORDER_JACOBI) return sweep_jacobi(ws, r);
  int nc = ws->P->nc, bad = 0;
  if (ws->o.shuffle) shuffle(ws, nc);
  for (int idx = 0; idx < nc; idx++) bad |= update(ws, ws->order[idx], r, NULL);
  return bad ? SN_ERR_NAN : SN_OK;
}

/* ---- the solver ---- */

/* r converged when the solver's error err (from the block view) and Siconos' error of r
 * (sn_fc_error: u formed again from the compressed columns) are both within tol; the latter is
 * taken from sn_fc_measures, whose value it is bit for bit, so that the verdict reuses them (m) */
static int converged(const sn_fc *P, const double *r, double err, double tol, sn_fc_meas *m,
                     int *have_m, double *ec)
{
  if (!(err <= tol)) return 0;
  *have_m = sn_fc_measures(P, r, tol, m) == SN_OK;
  *ec = *have_m ? m->rel_error : NAN;
  return *ec <= tol;
}

static int nsgs_solve(const sn_fc *P, double *r, double *u, const sn_settings *s,
                      sn_info *info, double t0, sn_fc_meas *m, int *have_m)
{
  sn_settings def;
  if (!s) { sn_settings_default(&def); s = &def; }
  if (!P || !P->W || !P->q || !P->mu || !r || !u) return SN_ERR_ARG;
  if ((P->dim != 2 && P->dim != 3) || P->nc < 0) return SN_ERR_ARG;
  int d = P->dim, n = d * P->nc;
  if (P->W->m != n || P->W->n != n) return SN_ERR_DIM;
  sn_nsgs_opts o;
  int st = sn_nsgs_parse(s->options, &o), k = 0, since = 0, stall = 1000;
  if (st) return st;
  o.threads = s->threads > 1 ? s->threads : 1;
  if (!s->options || !sn_option_double(s->options, "local_tol", &(double){0}))
    o.local_tol = fmin(o.local_tol, 0.1 * s->tol);   /* local solves finer than the target */
  double v;
  if ((st = sn_option_double(s->options, "stall", &v)) < 0) return st;
  if (st == 1) {
    if (!(v >= 0 && v <= 1e9)) return SN_ERR_ARG;
    stall = (int)v;
  }
  sn_bsr *B = NULL;
  sn_nsgs_ws wsmem, *ws = NULL;
  double small[NSGS_SMALL_NC * 4 + 1];
  double *best = P->nc <= NSGS_SMALL_NC ? small : malloc(sizeof(double) * ((size_t)n + (size_t)P->nc + 1));
  if (!best) return SN_ERR_NOMEM;
  double *work = best + n;   /* the threaded error's per-contact terms */
  if ((st = sn_bsr_from_csc(P->W, d, &B)) || (st = ws_init(&wsmem, P, B, &o))) goto done;
  ws = &wsmem;
  int zero = 1;
  for (int j = 0; j < n; j++) {
    if (!isfinite(r[j])) { sn_fill(n, 0.0, r); break; }   /* unusable warm start: cold start */
    zero &= r[j] == 0.0;
  }
  double err;
  if (zero) {   /* r = 0: u = q, as W r + q gives it (0 + q: a -0 of q becomes +0), no product */
    for (int j = 0; j < n; j++) u[j] = P->q[j] + 0.0;
    err = sn_fc_error_u_threads(P, 0.0, NULL, r, u, o.threads, work);
  } else {
    err = sn_fc_eval_threads(P, B, 0.0, NULL, r, u, o.threads, work);
  }
  double berr = err;
  /* threads or one, sweep by sweep, by the clock (common/par_tune.h): the same bits either way */
  int nt_max = ws->nt;
  sn_par_tune tune;
  sn_par_tune_init(&tune, nt_max > o.threads ? nt_max : o.threads);
  sn_copy(n, r, best);
  st = isfinite(err) ? SN_MAX_ITER : SN_ERR_NAN;
  double ec = NAN;   /* sn_fc_error of r when converged (u is then W r + q already) */
  if (converged(P, r, err, s->tol, m, have_m, &ec)) st = SN_OK;
  while (st == SN_MAX_ITER && k < s->max_iter) {
    k++;
    int par = sn_par_tune_begin(&tune) > 1;
    ws->nt = par ? nt_max : 1;
    int sw = sn_nsgs_sweep(ws, r);
    err = sn_fc_eval_threads(P, B, 0.0, NULL, r, u, par ? o.threads : 1, work);
    sn_par_tune_end(&tune);
    if (sw || !isfinite(err)) { st = SN_ERR_NAN; break; }
    if (err < berr) {
      berr = err;
      sn_copy(n, r, best);
      since = 0;
    } else if (stall > 0 && ++since >= stall) {
      /* no new best for `stall` sweeps: a Gauss-Seidel cycle (it happens with non-symmetric
       * W, e.g. OneObject). Break it: random order first, then under-relaxation. */
      if (!ws->o.shuffle && ws->o.order != SN_ORDER_JACOBI) ws->o.shuffle = 1;
      else ws->o.omega = fmax(0.5 * ws->o.omega, 0.1);
      since = 0;
    }
    int rec = sn_info_record(info, s, k, err, t0);
    if (converged(P, r, err, s->tol, m, have_m, &ec)) st = SN_OK;
    else if (rec) st = rec;
  }
  if (st != SN_OK) {
    sn_copy(n, best, r);   /* the best iterate (the last good one after a NaN) */
    *have_m = 0;           /* measured at another r */
  }
done:
  if (ws) {
    if (st != SN_OK) sn_fc_eval_threads(P, B, 0.0, NULL, r, u, o.threads, work);
    if (info) {
      info->error = st == SN_OK ? ec : sn_fc_error(P, r, NULL);
      info->iterations = k;
    }
    ws_fini(ws);
  }
  if (best != small) free(best);
  sn_bsr_free(B);
  return st;
}

int sn_fc_nsgs(const sn_fc *P, double *r, double *u, const sn_settings *s, sn_info *info)
{
  double t0 = sn_wtime();
  if (info) sn_info_reset(info);
  static const char *const keys[] = {"local", "omega", "shuffle", "seed", "rho", "local_tol", "local_iter", "stall", "order", "blocks", NULL};
  int st = sn_fc_check(P, NULL, 0);   /* mu >= 0, finite data, consistent sizes */
  if (!st && s) st = sn_option_check(s->options, keys);
  sn_fc_meas m;
  int have_m = 0;   /* m: the measures of the r returned, taken by the convergence test */
  if (!st) st = nsgs_solve(P, r, u, s, info, t0, &m, &have_m);
  if (info) {
    info->status = st;
    info->seconds = sn_wtime() - t0;
    if (isnan(info->error)) info->error = INFINITY;   /* never NaN: failure is the status */
  }
  return sn_fc_verdict_m(P, r, s, st, "nsgs", info, have_m ? &m : NULL);
}
