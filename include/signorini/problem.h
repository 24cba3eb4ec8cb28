/* signorini discrete contact problems: LCP, local frictional contact (2D/3D), global
 * frictional contact, their validation and their error measures.
 *
 * Ownership: the structs are plain. A caller may fill one with its own arrays and never call
 * the _free function; a problem returned by a library function (a reader, a reduction) owns
 * every array it points to and is released by the matching _free. */
#ifndef SIGNORINI_PROBLEM_H
#define SIGNORINI_PROBLEM_H

#include <stddef.h>

#include "signorini/common.h"
#include "signorini/la.h"

#ifdef __cplusplus
extern "C" {
#endif

/* LCP (M, q): find z >= 0 with w = M z + q >= 0 and z . w = 0. M is n x n. */
typedef struct {
  int n;
  sn_csc *M;
  double *q;
} sn_lcp;

/* Local frictional contact (FCLIB "local"): nc contacts in dimension dim (2 or 3),
 * u = W r + q with W (dim nc) x (dim nc); per contact i the components are
 * [normal, tangent(s)] at offset dim*i; friction coefficient mu[i].
 * Find r_i in K_i = {|r_T| <= mu_i r_N} with u_hat_i = u_i + [mu_i |u_T,i|, 0(, 0)] in the dual
 * cone K_i^* and r_i . u_hat_i = 0 (Coulomb's law with De Saxce's modification). */
typedef struct {
  int dim, nc;
  sn_csc *W;
  double *q, *mu;
} sn_fc;

/* Global frictional contact (FCLIB "global"): M v = H r + f (+ G lambda), u = H^T v + w,
 * (G^T v + b = 0), same cone conditions on (r, u). M: ndof x ndof symmetric positive definite,
 * H: ndof x (dim nc), G: ndof x neq (optional: NULL, neq = 0). */
typedef struct {
  int dim, nc, ndof, neq;
  sn_csc *M, *H, *G;
  double *f, *w, *mu, *b;
} sn_gfc;

/* SOCLCP (M, q, cones): find x in K with y = M x + q in K (second-order cones are self-dual)
 * and x . y = 0, K the product of second-order cones L^m = {(x0, x1) : x0 >= |x1|} of sizes
 * csize[k] in {1, 2, 3} (L^1 is the non-negative half-line), in order; n = sum csize. */
typedef struct {
  int n, ncones;
  int *csize;
  sn_csc *M;
  double *q;
} sn_soclcp;

/* Mixed SOCLCP (SOCMLCP; Kanno, Martins & Pinto da Costa, CMNE 2004, slide 18):
 * z = (w, x), w in R^nf free, x in R^n in K (the product of the cones L^csize[k], sizes 1, 2, 3,
 * in order, n = sum csize), F(z) = A z + a with A square of size nf + n (CSC). Find z with
 *   F_free(z) = 0 (the first nf rows),  x in K,  y = F_cone(z) in K (the last n rows),  x . y = 0.
 * An SOCLCP is the case nf = 0 (A = M, a = q). */
typedef struct {
  int nf, n, ncones;
  int *csize;
  sn_csc *A;
  double *a;
} sn_socmlcp;

/* A solution (FCLIB "/solution" or "/guesses"): r and u of size dim*nc (or z and w of an LCP,
 * size n), v of size ndof for global problems (NULL otherwise), l for the equality part. */
typedef struct {
  int nr, nv, nl;          /* lengths of r/u, v and l */
  double *r, *u, *v, *l;
} sn_solution;

void sn_lcp_free(sn_lcp *P);     /* frees the arrays and the struct itself */
void sn_fc_free(sn_fc *P);
void sn_gfc_free(sn_gfc *P);
void sn_solution_free(sn_solution *S);   /* frees arrays and struct */
void sn_soclcp_free(sn_soclcp *P);
void sn_socmlcp_free(sn_socmlcp *P);
/* allocate a solution with zeroed arrays (nv, nl may be 0) */
sn_solution *sn_solution_alloc(int nr, int nv, int nl);

/* Validation: sizes agree, structures consistent, no NaN or Inf, mu >= 0, dim 2 or 3, M square
 * (and symmetric for the global problem, to 1e-6 relative: stored FE matrices are symmetric
 * only to their printed digits; factorizations use the upper triangle). Returns SN_OK or SN_ERR_DIM /
 * SN_ERR_NAN / SN_ERR_ARG / SN_ERR_FORMAT, and writes a one-line reason into msg (if msg). */
int sn_lcp_check(const sn_lcp *P, char *msg, size_t msglen);
int sn_fc_check(const sn_fc *P, char *msg, size_t msglen);
int sn_gfc_check(const sn_gfc *P, char *msg, size_t msglen);
int sn_soclcp_check(const sn_soclcp *P, char *msg, size_t msglen);
int sn_socmlcp_check(const sn_socmlcp *P, char *msg, size_t msglen);

/* ---- error measures ----
 * Local frictional contact, exactly Siconos' fc3d_compute_error / fc2d: with u = W r + q
 * (recomputed from r; the u argument is ignored, kept for API symmetry and may be NULL) and,
 * per contact i, K the Coulomb cone of mu_i,
 *   e_i = r_i - P_K( r_i - u_i - [mu_i |u_T,i|, 0, 0] )
 *   error = sqrt(sum_i |e_i|^2) / max(|q|, |r|, |u|)      (2-norms)
 * not divided when that max is below DBL_EPSILON. Returns NaN if r has NaN or memory fails. */
double sn_fc_error(const sn_fc *P, const double *r, const double *u);
/* the unnormalised sqrt(sum |e_i|^2) and the normalisation, separately (either may be NULL) */
int sn_fc_error_parts(const sn_fc *P, const double *r, double *abs_err, double *norm);

/* Honest absolute measures of a frictional-contact result, next to Siconos' relative error.
 * Siconos' measure divides by max(|q|, |r|, |u|): a reaction growing without bound (a problem
 * with no solution: W = 0 with q_N < 0, a zero row of W, W = 1e-320 I) drives it to zero while
 * the bodies still penetrate. With u = W r + q (local) or u = H^T v + w (global):
 *   penetration     = max(0, max_i -u_N,i)                       (a velocity)
 *   cone_violation  = max_i max(|r_T,i| - mu_i r_N,i, -r_N,i, 0)  (a reaction)
 *   complementarity = max_i max(0, r_i . u_hat_i), u_hat_i = (u_N,i + mu_i |u_T,i|, u_T,i)
 *                     (a power: zero at a solution, where r_i and u_hat_i lie in dual cones)
 *   vscale          = max(|q|, |W r|)  (2-norms; global: max(|w|, |H^T D^-1 f|,
 *                     |H^T D^-1 H r|), D = diag(M), an estimate of the same), the velocity
 *                     scale of the data and of what the reaction produces: a reaction growing
 *                     in a direction W does not see cannot inflate it, unlike |r|
 * Acceptance rule (accepted = 1) at tolerance tol, besides the solver's own relative test
 * (which bounds the residual by tol): every value finite and
 *   penetration <= sqrt(tol) vscale,   cone_violation <= sqrt(tol) |r|_inf,
 *   complementarity <= sqrt(tol) vscale |r|_inf
 * (a scale below DBL_EPSILON counts as 1, as in sn_fc_error). sqrt(tol) separates the two
 * populations: results meeting the relative test on the Siconos data penetrate by at most
 * about 4e-7 vscale (nsgs on Rover1039), diverging ones by O(1) vscale (the data itself).
 * The complementarity bound is the penetration bound on the other side of the gap: under the
 * largest force the gap may open by at most sqrt(tol) vscale, and a contact that separates at
 * speed vscale may carry at most sqrt(tol) |r|_inf. It refuses a reaction grown along a
 * direction W does not see on separated or sliding contacts (a zero normal row of W, or
 * W r = 0 by cancellation), which the relative error (divided by |r|), the penetration and the
 * cone tests all miss. The unnormalised residual is not bounded: it mixes force and velocity
 * units, and |W| |r| gives no bound where W r cancels.
 * diverging = 1 when not accepted and either r is not finite, or the relative error meets tol
 * (it is then small only because |r| grew, or because a huge mu |u_T| dominates u_hat), or
 * |W| |r| exceeds vscale / sqrt(tol) (r large along a direction W nearly annihilates); |W| |r|
 * is the product without cancellation, the 2-norm of the row sums of |W_ij| |r_j|; or when a contact is stuck (below). The solvers then report SN_DIVERGED: no solution found, the problem may be
 * infeasible. */
typedef struct {
  double rel_error;        /* sn_fc_error (global: sn_gfc_error) */
  double abs_residual;     /* the unnormalised natural-map residual */
  double penetration, cone_violation, vscale;
  int accepted, diverging;
  int stuck;               /* local: contacts with q_N < 0 whose normal row of W is zero, subnormal
                              or below DBL_EPSILON max|W|: no reaction stops them (a certificate
                              of infeasibility; diverging is then set); global: 0 */
  double complementarity;  /* max_i max(0, r_i . u_hat_i) */
} sn_fc_meas;
int sn_fc_measures(const sn_fc *P, const double *r, double tol, sn_fc_meas *m);
int sn_gfc_measures(const sn_gfc *P, const double *r, const double *v, double tol, sn_fc_meas *m);

/* LCP: |z - max(0, z - w)| / |q| with w = M z + q (not divided when |q| < DBL_EPSILON). */
double sn_lcp_error(const sn_lcp *P, const double *z);

/* Global: relative equilibrium residual |M v - H r - f (- G l)| / max(|f|, |M v|, |H r|),
 * plus the local measure of (r, u = H^T v + w) with q := w as normalisation.
 * The sum of both is returned; either part may be requested separately. */
double sn_gfc_error(const sn_gfc *P, const double *r, const double *v, const double *l,
                    double *equilibrium, double *local);

/* SOCLCP natural-map residual |x - P_K(x - y)| / max(|q|, |x|, |y|), y = M x + q
 * (not divided when that max is below DBL_EPSILON). */
double sn_soclcp_error(const sn_soclcp *P, const double *x);
/* The same with y = M x + q already computed (solvers that keep y). */
double sn_soclcp_error_y(const sn_soclcp *P, const double *x, const double *y);
/* Projection onto the second-order cone L^m (m = 1, 2, 3; x0 first). */
void sn_proj_soc(int m, double *x);

/* SOCMLCP natural-map residual: with F = A z + a (nf + n entries) and x = z + nf, y = F + nf,
 *   |(F_free, x - P_K(x - y))| / max(|a|, |z|, |F|)      (2-norms)
 * not divided when that max is below DBL_EPSILON (for nf = 0 exactly sn_soclcp_error).
 * NaN for NULL arguments or when memory fails. */
double sn_socmlcp_error(const sn_socmlcp *P, const double *z);
/* The same with F = A z + a already computed (nf + n doubles). */
double sn_socmlcp_error_y(const sn_socmlcp *P, const double *z, const double *F);

/* ---- the exact cone form of Coulomb's law, one extra variable per contact ----
 * (Kanno, Martins & Pinto da Costa, CMNE 2004, slides 8-10 and 18; Y. Kanno, J.A.C. Martins,
 * A. Pinto da Costa, "Three-dimensional quasi-static frictional contact by using second-order
 * cone linear complementarity problem", IJNME 65 (2006) 62-83.) For contact i with
 * u = (u_N, u_T), r = (r_N, r_T) and lambda_i >= 0:
 *   (mu r_N, r_T) in L^dim, (lambda, u_T) in L^dim, (mu r_N, r_T) . (lambda, u_T) = 0,
 *   r_N >= 0, u_N >= 0, r_N u_N = 0,
 * which is Coulomb's law (lambda = |u_T| where the contact slides; lambda >= |u_T| is free where
 * r = 0). Per contact with mu_i > 0: the cone variable x_i = (lambda, u_T ; u_N) in L^dim x L^1
 * and y_i = (mu r_N, r_T ; r_N); with mu_i = 0 only the L^1 pair (x_i = u_N, y_i = r_N) and
 * r_T = 0 (the tangential velocity is then unconstrained).
 *
 * Local form (sn_fc_to_socmlcp): z = (r, x), nf = dim nc, the free equations
 *   (W r + q - S x)_j = 0   for the normal rows and the tangential rows of contacts with mu > 0,
 *   r_j = 0                 for the tangential rows of contacts with mu = 0,
 * S picking u_i from x_i, and F_cone(z) = y = P r (no cone-cone block). z . A z = r.W r +
 * sum_i mu_i lambda_i r_N,i: monotone up to the friction term ("nearly monotone").
 * r is z[0 .. dim nc). The result is owned by the caller (sn_socmlcp_free). */
int sn_fc_to_socmlcp(const sn_fc *P, sn_socmlcp **out);
/* Global form without W (slide 18): z = (v, r, x), nf = ndof + dim nc, free equations
 *   M v - H r - f = 0,   H^T v + w - S x = 0  (tangential rows of mu = 0 contacts: r_T = 0),
 * y = P r as above; z . A z = v.M v + sum_i mu_i lambda_i r_N,i. v is z[0 .. ndof), r is
 * z[ndof .. ndof + dim nc). Equality constraints (neq > 0): SN_ERR_ARG. */
int sn_gfc_to_socmlcp(const sn_gfc *P, sn_socmlcp **out);
/* Starting points: x from r (u = W r + q, or H^T v + w: lambda = |u_T|), and z = (r, x) or
 * (v, r, x). r (and v) may be NULL (zero). */
int sn_fc_socmlcp_start(const sn_fc *P, const double *r, double *z);
int sn_gfc_socmlcp_start(const sn_gfc *P, const double *r, const double *v, double *z);

/* Pure SOCLCP form (slide 10): eliminating r = W_KK^-1 (S x - q_K) (K: the normal rows and the
 * tangential rows of contacts with mu > 0; r_T = 0 where mu = 0) gives
 *   x_i = (lambda, u_T, u_N) in L^dim x L^1 (mu_i > 0) or u_N in L^1 (mu_i = 0),
 *   y = P r = M x + q,  M = P W_KK^-1 S,  q = -P W_KK^-1 q_K.
 * W_KK is factorized densely (LAPACK dgetrf); SN_ERR_SINGULAR when it is singular or its
 * reciprocal condition number (1-norm estimate, dgecon) is below 1e-13; SN_ERR_ARG when
 * dim nc > 3000 (dense n^3 work). M is stored with its exact zeros dropped (it is dense in
 * general). The result is owned by the caller (sn_soclcp_free). */
int sn_fc_to_soclcp_exact(const sn_fc *P, sn_soclcp **out);
/* Back map: r from x of that SOCLCP. y = M x + q holds r itself (y_i = (mu r_N, r_T, r_N)),
 * so r_N = y of the L^1 entry, r_T = the tangential entries of y (0 where mu = 0); S is the
 * problem built by sn_fc_to_soclcp_exact(P). Forward map (warm start): x from r. */
int sn_soclcp_exact_x_to_r(const sn_fc *P, const sn_soclcp *S, const double *x, double *r);
int sn_soclcp_exact_r_to_x(const sn_fc *P, const double *r, double *x);

/* Local frictional contact as an SOCLCP for a fixed De Saxce term s (s_i ~ |u_T,i|):
 *   x_i = (mu_i r_N, r_T) in L^dim,  y_i = ((u_N + mu_i s_i)/mu_i, u_T) in L^dim,
 * so that x_i . y_i = r_i . (u_i + [mu_i s_i, 0, 0]); M = D W D, D = diag(1/mu_i, 1, 1).
 * A contact with mu_i = 0 becomes an L^1 cone (x_i = r_N, y_i = u_N; r_T = 0).
 * At a fixed point s_i = |u_T,i| the SOCLCP solution solves the frictional contact problem
 * (Acary & Brogliato 2008, sec. 13; Kanno, Martins & Pinto da Costa 2006).
 * s may be NULL (s = 0). The result is owned by the caller. */
int sn_fc_to_soclcp(const sn_fc *P, const double *s, sn_soclcp **out);
/* r from x (back map), and x from r (forward map, for warm starts). */
void sn_soclcp_x_to_r(const sn_fc *P, const double *x, double *r);
void sn_soclcp_r_to_x(const sn_fc *P, const double *r, double *x);

/* Projection of x (dim 2 or 3, normal first) onto the Coulomb cone {|x_T| <= mu x_N}. */
void sn_proj_cone(int dim, double mu, double *x);

/* Reduction of a global problem to the local one: W = H^T M^-1 H, q = H^T M^-1 f + w
 * (CHOLMOD factorization of M; W stored sparse). Problems with an equality part (neq > 0)
 * give SN_ERR_ARG for now. The result is owned by the caller (sn_fc_free). */
int sn_gfc_to_fc(const sn_gfc *P, sn_fc **out);
/* Recover v = M^-1 (H r + f) from a local solution r. */
int sn_gfc_velocity(const sn_gfc *P, const double *r, double *v);

#ifdef __cplusplus
}
#endif
#endif
