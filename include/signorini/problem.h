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
