/* Internal: per-contact kernels of the local frictional contact solvers (NSGS, PROX, APGD).
 *
 * One contact in dimension d (2 or 3, normal first): u = W r + q with W the d x d diagonal
 * block (column-major) and q the contact's share of the rest (q_i + sum_{j != i} W_ij r_j).
 * Find r in K = {|r_T| <= mu r_N} with u_hat = u + [mu |u_T|, 0(, 0)] in K^* and
 * r . u_hat = 0 (Coulomb's law written as a cone complementarity by De Saxce and Feng 1998,
 * "The bipotential method", Math. Comput. Modelling 28:225-245). */
#ifndef SN_SOLVER_FC_LOCAL_H
#define SN_SOLVER_FC_LOCAL_H

#include <stdint.h>

#include "signorini/problem.h"

/* local solver kinds (NSGS option local=) */
enum { SN_LOCAL_PROJ = 0, SN_LOCAL_AC = 1, SN_LOCAL_HYBRID = 2 };

typedef struct {
  int dim;
  double mu;
  double W[9];       /* d x d column-major (already shifted by sigma I for proximal problems) */
  double q[3];
  double rho;        /* > 0: fixed step / AC parameter for this contact; 0: automatic */
  double tol;        /* relative tolerance on the local natural-map residual */
  int max_iter;      /* local iteration cap (projection and Newton) */
} sn_fc_local;

/* Natural-map residual |r - P_K(r - u_hat)| of the local problem (absolute) and its scale
 * max(|q|, |r|, |u|) (the per-contact analogue of sn_fc_error's normalisation). */
double sn_fc_local_residual(const sn_fc_local *L, const double *r, double *scale);

/* The local solvers. r: warm start in, solution out (always finite: on failure the input or
 * the best finite iterate is kept). Return SN_OK when the local residual is <= tol * scale,
 * SN_MAX_ITER / SN_STALLED otherwise (r is still the best iterate found). */
int sn_fc_local_proj(const sn_fc_local *L, double *r);
int sn_fc_local_ac(const sn_fc_local *L, double *r);
int sn_fc_local_exact2d(const sn_fc_local *L, double *r);
int sn_fc_local_hybrid(const sn_fc_local *L, double *r);
/* dispatch by kind (hybrid in 2D is the exact enumeration, polished by Newton if needed) */
int sn_fc_local_solve(int kind, const sn_fc_local *L, double *r);

/* ---- whole-problem kernels shared by the solvers ---- */

/* u = W r + q + sigma (r - c) (sigma = 0 or c = NULL: plain W r + q), with B the block view
 * of W; returns the relative natural-map error of (r, u) exactly as sn_fc_error does (with q
 * replaced by q - sigma c in the normalisation), NaN if anything is not finite. */
double sn_fc_eval(const sn_fc *P, const sn_bsr *B, double sigma, const double *c,
                  const double *r, double *u);
/* the same error from a given u (already W r + q + sigma (r - c)) */
double sn_fc_error_u(const sn_fc *P, double sigma, const double *c, const double *r,
                     const double *u);
/* The same two on up to `threads` OpenMP threads (work: nc doubles; threads <= 1 or work NULL:
 * the serial kernels). The contacts split in fixed chunks of SN_BSR_CHUNK: the rows of u and
 * each contact's natural-map term in parallel, then the sums of the error in index order as
 * above: u and the error are the serial ones bit for bit, for any thread count. */
double sn_fc_eval_threads(const sn_fc *P, const sn_bsr *B, double sigma, const double *c,
                          const double *r, double *u, int threads, double *work);
double sn_fc_error_u_threads(const sn_fc *P, double sigma, const double *c, const double *r,
                             const double *u, int threads, double *work);

/* Small deterministic PRNG (splitmix64): no global state. */
static inline uint64_t sn_rng_next(uint64_t *s)
{
  uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

/* ---- NSGS core, also the inner solver of the proximal point method ---- */
/* the order of a sweep (NSGS option order=) */
enum { SN_ORDER_ROWS = 0, SN_ORDER_COLOUR = 1, SN_ORDER_JACOBI = 2 };
typedef struct {
  int order;          /* SN_ORDER_*: contact order, colour by colour (fc_colour.h), or
                         blocks at once (Jacobi between blocks, Gauss-Seidel within) */
  int blocks;         /* order=jacobi: the number of blocks (default 16) */
  int threads;        /* threads of a coloured sweep and of the products (not an option: the
                         caller sets it from sn_settings.threads; default 1) */
  int local;          /* SN_LOCAL_* */
  double omega;       /* relaxation of the contact update, (0, 2) */
  int shuffle;        /* random contact order every sweep */
  uint64_t seed;
  double rho;         /* fixed local step (0: automatic per contact) */
  double local_tol;   /* relative tolerance of the local solves */
  int local_iter;     /* local iteration cap */
} sn_nsgs_opts;

/* Read the NSGS options from an options string (defaults first). SN_ERR_UNKNOWN for an unknown
 * local= or order= word, SN_ERR_ARG for a value out of range, shuffle=1 with order=colour or
 * jacobi, blocks= without order=jacobi. */
int sn_nsgs_parse(const char *options, sn_nsgs_opts *o);

typedef struct sn_nsgs_ws sn_nsgs_ws;
/* Workspace for sweeps over P with block view B (both must outlive it); order=colour colours
 * the contacts here (fc_colour.h). */
int sn_nsgs_ws_new(const sn_fc *P, const sn_bsr *B, const sn_nsgs_opts *o, sn_nsgs_ws **out);
void sn_nsgs_ws_free(sn_nsgs_ws *ws);
/* Sweep the problem u = (W + sigma I) r + q - sigma c from now on (sigma = 0: W itself;
 * c is kept by pointer and read at every sweep). */
void sn_nsgs_ws_shift(sn_nsgs_ws *ws, double sigma, const double *c);
/* One Gauss-Seidel sweep over the contacts, r updated in place. SN_OK, or SN_ERR_NAN when a
 * contact update was not finite (that contact is then left unchanged). With order=colour the
 * contacts of a colour are updated on up to o->threads threads; the result is the sequential
 * sweep's in colour order, whatever the thread count. */
int sn_nsgs_sweep(sn_nsgs_ws *ws, double *r);

/* De Saxce's term of the local velocities u (nc contacts of dimension dim, coefficients mu):
 * s_i = [mu_i |u_T,i|, 0(, 0)], so that u + s is the modified velocity u_hat of the cone
 * complementarity form (De Saxce and Feng 1991); shared by prox and both ADMMs */
void sn_desaxce_term(int dim, int nc, const double *mu, const double *u, double *s);

#endif
