/* Global semismooth Newton for the local 3D (nsn_ac: also 2D) frictional contact problem
 * u = W r + q.
 *
 * Both methods write the problem as a nonsmooth equation Phi(r) = 0, Phi = (Phi_1, ..., Phi_nc),
 * Phi_i a 3-vector of (r_i, u_i), and run a semismooth Newton method on it (L. Qi, J. Sun, "A
 * nonsmooth version of Newton's method", Math. Program. 58 (1993) 353-367): with H_i = dPhi_i/du_i
 * and G_i = dPhi_i/dr_i elements of the generalized Jacobians, the global Jacobian is
 *   J = H W + G        (H, G block diagonal with 3x3 blocks),
 * with the 3x3 block pattern of W (plus the diagonal blocks). Contacts with H_i = 0 (AC take-off)
 * are decoupled, G_i d_i = -Phi_i; the others form a reduced system, factorized every iteration:
 * dense (sn_dense_lu_solve, LU with partial pivoting) when it has at most DENSE_MAX = 120 rows
 * (40 contacts; the measured crossover with KLU: dense 25 % faster on 75 rows of OneObject,
 * even on 156 rows of BoxesStack, docs/solvers.md), otherwise assembled in compressed columns and factorized by KLU (sn_luseq,
 * src/la/lu_seq.c), the contacts numbered in one fill-reducing order for the whole solve
 * (contact_order), so that a change of the coupled set costs no new ordering; with at least
 * half of the contacts coupled the system of all the contacts (assemble_full), whose pivot
 * order KLU reuses from step to step under a backward-error check. On 1-5 contacts
 * UMFPACK's analysis and numeric phases cost about 200 000 instructions per factorization (81 %
 * of a solve of Rover1040 from zero, callgrind), OpenBLAS' dgesv about 25 000 on 15 rows and
 * 42 000 on 27 (dgetf2: a ddot call per entry), sn_dense_lu_solve's vectorized loop a fraction;
 * on the 276-contact capsule pile UMFPACK (analysis, a sorted copy, numeric phase, solve with
 * iterative refinement, every step) took 72 % of the instructions of a solve (docs/solvers.md,
 * "Against Siconos"). All are LU with partial pivoting, so the directions agree to rounding
 * (tests/solver/test_fc_nsn_dense.c). Option linear=auto|dense|sparse forces a path (dense
 * above DENSE_MAX rows: LAPACK's blocked dgesv).
 *
 * Alart-Curnier (sn_fc_nsn_ac): P. Alart, A. Curnier, "A mixed formulation for frictional contact
 * problems prone to Newton like solution methods", CMAME 92 (1991) 353-375; the global
 * "nonsmooth Newton" of P.W. Christensen, A. Klarbring, J.S. Pang, N. Stromberg, "Formulation and
 * comparison of algorithms for frictional contact problems", IJNME 42 (1998) 145-173:
 *   Phi_N = r_N - max(0, r_N - rho_N u_N)
 *   Phi_T = r_T - P_B(mu max(0, r_N - rho_N u_N)) (r_T - rho_T u_T),   B(R) the disc of radius R,
 * rho_N = 1/W_ii,NN and rho_T = 1/lambda_max(sym W_ii,TT) per contact (option rho= fixes both).
 * Its zeros are the solutions of Coulomb's law, hence of the De Saxce form of problem.h.
 * Generalized Jacobian (a = r_N - rho_N u_N, t = r_T - rho_T u_T, R = mu max(a, 0)):
 *   a > 0: Phi_N = rho_N u_N (H row rho_N e_N);            a <= 0: Phi_N = r_N (G row e_N);
 *   a <= 0 (R = 0): Phi_T = r_T, G_TT = I (the element of the take-off side, also at a = 0);
 *   |t| <= R (stick): Phi_T = rho_T u_T, H_TT = rho_T I;
 *   |t| > R (slip), t^ = t/|t|, g = R/|t|, Q = I - t^ t^T:
 *     G_TN = -mu t^, G_TT = I - g Q, H_TN = mu rho_N t^, H_TT = g rho_T Q.
 *
 * Fischer-Burmeister (sn_fc_nsn_fb): the Jordan-algebra FB function of the second-order cone
 * L3 = {x0 >= |x1|}, M. Fukushima, Z.-Q. Luo, P. Tseng, "Smoothing functions for second-order-
 * cone complementarity problems", SIAM J. Optim. 12 (2001) 436-460:
 *   phi(x, y) = x + y - (x o x + y o y)^(1/2),  x o y = (x.y, x0 y1 + y0 x1),
 * zero iff x in L3, y in L3, x.y = 0. Per contact with mu > 0, x = (mu r_N, r_T) (in L3 iff r is
 * in the Coulomb cone) and y = rho (u_N + mu |u_T|, mu u_T) (in L3 iff u_hat in the dual cone;
 * x.y = rho mu r.u_hat), rho = 3/trace(W_ii). With w = x o x + y o y = lambda1 c1 + lambda2 c2
 * (spectral decomposition, lambda_{1,2} = w0 -+ |w1|, c_{1,2} = (1, -+w1^)/2) and
 * z = w^(1/2), where w is in the interior of L3 phi is smooth with dphi/dx = I - L_z^-1 L_x,
 * dphi/dy = I - L_z^-1 L_y (L_x the arrow matrix [x0 x1^T; x1 x0 I]), and
 *   L_z^-1 = c2c2^T 2/sqrt(lambda2) + c1c1^T 2/sqrt(lambda1) + P_perp / z0,
 *   P_perp = [0 0; 0 I - w1^ w1^T].
 * Non-differentiable points (lambda1 = 0) get the limit of the Jacobians of the smoothed
 * function phi_eps = x + y - (x o x + y o y + 2 eps^2 e)^(1/2) as eps -> 0, an element of the
 * generalized Jacobian (Jacobian consistency of the smoothing, Fukushima-Luo-Tseng 2001): on bd L3
 * c1^T L_x = c1^T L_y = 0, so the 1/sqrt(lambda1) term drops out (it is dropped as soon as
 * lambda1 <= 1e-20 lambda2, where its rounding dominates); at w = 0 (x = y = 0) the limit is
 * dphi/dx = dphi/dy = I. |u_T| at u_T = 0 takes the subgradient 0. mu = 0: scalar FB on
 * (r_N, rho u_N) (the L1 cone) and Phi_T = r_T.
 *
 * Globalization. Line search on the merit psi = |Phi|^2/2 along the Newton direction d,
 * backtracking by halves (at most 20): the non-monotone rule of L. Grippo, F. Lampariello,
 * S. Lucidi, "A nonmonotone line search technique for Newton's method", SIAM J. Numer. Anal. 23
 * (1986) 707-716, psi(r + a d) <= ref - 2 sigma a psi(r), sigma = 1e-4, ref = the largest merit
 * of the last 10 iterates but at most 100 psi(r) (ls=nm, the default: near the kinks of Phi the
 * full step often raises psi for one step and wins the next), or Armijo's ref = psi(r)
 * (ls=armijo).
 * Rank-deficient W (more contacts than the bodies' degrees of freedom: BoxesStack is rank 78 of
 * 156, the capsule piles alike) makes J singular wherever the contacts of a hyperstatic cluster
 * stick. The Jacobian is therefore taken for W + lambda I,
 *   J = H (W + lambda I) + G,   lambda = wbar max(reg max(min(1, e), 1e-8), theta),
 * wbar the mean diagonal of W, e the current error, reg = 0.3 (option reg=; 0 with theta = 0
 * is plain Newton). The step is one Newton step on the proximal problem u' = W r + q +
 * lambda (r - r_k) centred at the iterate (R.T. Rockafellar, "Monotone operators and the
 * proximal point algorithm", SIAM J. Control Optim. 14 (1976) 877-898), whose residual at r_k
 * is Phi(r_k); the perturbation lambda H d = O(e |d|) = O(e^2) keeps the local rate quadratic,
 * as for the Levenberg-Marquardt parameter proportional to the residual (N. Yamashita,
 * M. Fukushima, "On the rate of convergence of the Levenberg-Marquardt method", Computing
 * Suppl. 15 (2001) 239-249). theta is a Levenberg-Marquardt-like trust parameter: 0 at first,
 * raised (x10, at least 1e-6) after a step shorter than a = 0.1, lowered (x0.1, to 0 below
 * 1e-6) after a full step; when no step is acceptable or the factorization fails, theta is
 * raised x100 (up to 100) and the direction recomputed at the same point.
 * Safeguard: when that fails too, or 20 Newton steps have not halved the error, NSGS sweeps
 * (fc_nsgs.c, the hybrid local solver) run from the best iterate, `safeguard` of them (default
 * 10), and Newton resumes from where they end. When the best error has not halved since the
 * previous safeguard, the next one continues the previous sweeps instead, twice as many: after
 * repeated Newton failures the method degrades to NSGS, never to a cycle.
 * Convergence: error e <= tol for r projected onto the cones (Newton iterates are not
 * projected; the projection, kept only when its error is <= tol, makes the returned r lie in
 * K exactly). The returned r is that, or the best iterate seen (never a non-finite one).
 *
 * Options: rho=R (fixed rho for every contact, also the local NSGS step), ls=nm|armijo,
 * safeguard=N (>= 1), reg=C (>= 0), linear=auto|dense|sparse (the factorization of the Newton
 * system, see above; dense is refused above 3000 rows), and the NSGS options of the safeguard
 * sweeps (local=, omega=, local_tol=, local_iter=, shuffle=, seed=).
 * Iterations: every Newton step and every safeguard sweep counts as one and records the error
 * (sn_fc_error's measure) in the history. nsn_fb: dim = 3 only (SN_ERR_ARG otherwise).
 *
 * Dimension 2 (nsn_ac only; the large 2D granular piles of issue #13): the same method with 2x2
 * blocks, t = r_T - rho_T u_T a scalar and B(R) = [-R, R] (Alart-Curnier 1991 in the plane):
 *   stick |t| <= R: Phi_T = rho_T u_T, H_TT = rho_T;
 *   slip  |t| > R, s = sign(t): Phi_T = r_T - R s, G_TN = -mu s, G_TT = 1, H_TN = mu rho_N s
 * (the 3D slip blocks with Q = 0); rho_T = 1/W_ii,TT. At a = 0 the closed side's element is taken
 * (H row rho_N e_N, and stick when t = 0): a pile at rest starts from r = 0 with u_N = 0 on every
 * contact between bodies, where the take-off element would decouple them all and the load would
 * climb the pile one layer per Newton step (the 3D form keeps the take-off element there). */
#include "solver/fc_local.h"
#include "signorini/solver.h"
#include "solver/verdict.h"

#include <float.h>
#include <lapacke.h>
#undef I               /* complex.h's imaginary unit (through lapacke.h): I is a block row here */
#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { NSN_AC = 0, NSN_FB = 1 };
enum { NM_MEMORY = 10, LS_MAX = 20, STALL_STEPS = 20 };
static const double NM_CAP = 100.0;        /* non-monotone reference at most NM_CAP psi */
static const double LAMBDA_FLOOR = 1e-8;   /* lambda >= reg wbar LAMBDA_FLOOR */
static const double THETA_MIN = 1e-6, THETA_MAX = 1e2;
enum { GO_ON = 100 };   /* internal: neither converged nor stopped */
enum { LIN_AUTO = 0, LIN_DENSE = 1, LIN_SPARSE = 2 };
enum { DENSE_MAX = 120, DENSE_LIMIT = 3000 };   /* auto: dense up to DENSE_MAX rows */
static const double DENSE_FILL = 0.25;          /* auto: and up to DENSE_LIMIT rows with this share of W's blocks */

typedef struct {
  double rho;       /* > 0: fixed rho for every contact; 0: automatic */
  int nm;           /* line-search memory: 1 = Armijo, NM_MEMORY = Grippo-Lampariello-Lucidi */
  int safeguard;    /* NSGS sweeps per safeguard */
  double reg;       /* relative Jacobian regularization */
  int linear;       /* LIN_*: the factorization of the Newton system */
} nsn_opts;

typedef struct {
  const sn_fc *P;
  int form, n, nc;
  nsn_opts o;
  sn_bsr *W;        /* block view of P->W */
  sn_csc *J;        /* the reduced Newton matrix (rows/columns of the coupled contacts), sparse */
  sn_luseq *LU;     /* its LU (KLU), the contacts in the order ord: the reduced system */
  sn_luseq *LUF;    /* the same for the full system (assemble_full) */
  int *ord;         /* nc, sparse path: the contacts in AMD's order of W's block pattern (the
                       reduced system numbers the coupled ones in this order); NULL: natural */
  double *Jd;       /* the same, dense column-major (n x n allocated), when the dense path is on */
  int dense_max;    /* reduced systems of at most this many rows are solved dense */
  lapack_int *piv;  /* n: LU pivots of Jd */
  int nblk;         /* blocks of the full J: W's block pattern plus the diagonal blocks */
  int *cptr;        /* nc+1: blocks of block column j are cptr[j] .. cptr[j+1]-1, rows sorted */
  int *bI, *bk;     /* per block: block row, index of the block in W (-1: diagonal only) */
  int *idx;         /* nc: position of a coupled contact in the reduced system, -1 if decoupled */
  int bs, bb;       /* contact dimension (block size, 2 or 3) and bs*bs */
  double *M;        /* dd per block of one block column: scratch */
  double *rn, *rt;  /* per-contact rho (rt unused by FB) */
  double *H, *G;    /* dd per contact, column-major: dPhi_i/du_i, dPhi_i/dr_i */
  double wbar;      /* mean diagonal of W */
  sn_nsgs_opts no;  /* the safeguard's NSGS options */
  sn_nsgs_ws *gs;   /* its workspace, made at the first safeguard (most solves need none) */
  int moved;        /* polish replaced r by its projection */
  sn_fc_meas m;     /* the measures of the r polish accepted (have_m): the verdict's */
  int have_m;
  double *buf;      /* the vectors below, n each */
  double *phi, *d, *wd, *rtry, *utry, *ptry, *best, *rhs, *sgr;
} nsn_ws;

/* ---- small dense helpers (d x d column-major, d = 2 or 3) ---- */

static inline void mat_mul_d(int d, const double *A, const double *B, double *C)
{
  for (int j = 0; j < d; j++)
    for (int i = 0; i < d; i++) {
      double c = A[i] * B[j * d];
      for (int k = 1; k < d; k++) c += A[k * d + i] * B[j * d + k];
      C[j * d + i] = c;
    }
}

/* C = A B: the loop above with d a constant (unrolled by the compiler, the same sums) */
static void mat_mul(int d, const double *A, const double *B, double *C)
{
  if (d == 3) mat_mul_d(3, A, B, C);
  else mat_mul_d(2, A, B, C);
}

static void mat3_mul(const double *A, const double *B, double *C)   /* C = A B, 3x3 */
{
  mat_mul(3, A, B, C);
}

/* ---- the per-contact functions ---- */

/* Alart-Curnier Phi_i and (if H) its Jacobian blocks (see the header comment) */
static void ac_contact(double mu, double rn, double rt, const double *r, const double *u,
                       double *phi, double *H, double *G)
{
  double a = r[0] - rn * u[0];
  if (H) {
    memset(H, 0, 9 * sizeof(double));
    memset(G, 0, 9 * sizeof(double));
  }
  if (a > 0) {
    phi[0] = rn * u[0];
    if (H) H[0] = rn;
  } else {
    phi[0] = r[0];
    if (H) G[0] = 1.0;
  }
  double R = mu * fmax(a, 0.0);
  double t1 = r[1] - rt * u[1], t2 = r[2] - rt * u[2], nt = hypot(t1, t2);
  if (!(R > 0.0)) {                                       /* take-off (or mu = 0) */
    phi[1] = r[1];
    phi[2] = r[2];
    if (H) G[4] = G[8] = 1.0;
    return;
  }
  if (nt <= R) {                                          /* stick */
    phi[1] = rt * u[1];
    phi[2] = rt * u[2];
    if (H) H[4] = H[8] = rt;
    return;
  }
  double th[2] = {t1 / nt, t2 / nt}, g = R / nt;          /* slip */
  phi[1] = r[1] - R * th[0];
  phi[2] = r[2] - R * th[1];
  if (!H) return;
  for (int k = 0; k < 2; k++) {
    G[k + 1] = -mu * th[k];                               /* column 0 (r_N), row k+1 */
    H[k + 1] = mu * rn * th[k];
    for (int l = 0; l < 2; l++) {
      double Q = (k == l ? 1.0 : 0.0) - th[k] * th[l];
      G[(l + 1) * 3 + k + 1] = (k == l ? 1.0 : 0.0) - g * Q;
      H[(l + 1) * 3 + k + 1] = g * rt * Q;
    }
  }
}

/* the 2D Alart-Curnier Phi_i and (if H) its 2x2 Jacobian blocks (header comment) */
static void ac_contact2(double mu, double rn, double rt, const double *r, const double *u,
                        double *phi, double *H, double *G)
{
  double a = r[0] - rn * u[0];
  if (H) {
    memset(H, 0, 4 * sizeof(double));
    memset(G, 0, 4 * sizeof(double));
  }
  if (a >= 0) {                                           /* closed: at a = 0 too */
    phi[0] = rn * u[0];
    if (H) H[0] = rn;
  } else {
    phi[0] = r[0];
    if (H) G[0] = 1.0;
  }
  double R = mu * fmax(a, 0.0), t = r[1] - rt * u[1];
  if (a < 0 || !(mu > 0.0)) {                             /* take-off (or mu = 0) */
    phi[1] = r[1];
    if (H) G[3] = 1.0;
  } else if (fabs(t) <= R) {                              /* stick */
    phi[1] = rt * u[1];
    if (H) H[3] = rt;
  } else {                                                /* slip */
    double sg = t > 0 ? 1.0 : -1.0;
    phi[1] = r[1] - R * sg;
    if (H) {
      G[1] = -mu * sg;
      G[3] = 1.0;
      H[1] = mu * rn * sg;
    }
  }
}

/* arrow matrix L_x (3x3 column-major, symmetric) */
static void arrow(const double *x, double *L)
{
  L[0] = x[0]; L[3] = x[1]; L[6] = x[2];
  L[1] = x[1]; L[4] = x[0]; L[7] = 0.0;
  L[2] = x[2]; L[5] = 0.0;  L[8] = x[0];
}

/* SOC Fischer-Burmeister phi(x, y) and (if Vx) dphi/dx, dphi/dy (column-major) */
static void fb_soc(const double *x, const double *y, double *phi, double *Vx, double *Vy)
{
  double w0 = x[0] * x[0] + x[1] * x[1] + x[2] * x[2] + y[0] * y[0] + y[1] * y[1] + y[2] * y[2];
  double w1 = 2.0 * (x[0] * x[1] + y[0] * y[1]), w2 = 2.0 * (x[0] * x[2] + y[0] * y[2]);
  double nw = hypot(w1, w2);
  double l1 = fmax(w0 - nw, 0.0), l2 = w0 + nw, s1 = sqrt(l1), s2 = sqrt(l2);
  double e1 = 0.0, e2 = 0.0;                 /* unit vector w1^ (0 when w1 = 0) */
  if (nw > 0.0) { e1 = w1 / nw; e2 = w2 / nw; }
  double z[3] = {0.5 * (s1 + s2), 0.5 * (s2 - s1) * e1, 0.5 * (s2 - s1) * e2};
  for (int k = 0; k < 3; k++) phi[k] = x[k] + y[k] - z[k];
  if (!Vx) return;
  double Li[9];                              /* L_z^-1 */
  if (!(z[0] > 0.0)) {                       /* x = y = 0: the smoothing limit, V = I */
    memset(Li, 0, sizeof Li);
  } else if (!(nw > 0.0)) {                  /* z = z0 e */
    memset(Li, 0, sizeof Li);
    Li[0] = Li[4] = Li[8] = 1.0 / z[0];
  } else {
    double c2 = 1.0 / s2, c1 = l1 > 1e-20 * l2 ? 1.0 / s1 : 0.0, cp = 1.0 / z[0];
    double v[3] = {1.0, e1, e2}, m[3] = {1.0, -e1, -e2};
    for (int j = 0; j < 3; j++)
      for (int i = 0; i < 3; i++) {
        double p = (i == j && i > 0 ? 1.0 : 0.0) - (i > 0 && j > 0 ? v[i] * v[j] : 0.0);
        Li[j * 3 + i] = 0.5 * c2 * v[i] * v[j] + 0.5 * c1 * m[i] * m[j] + cp * p;
      }
  }
  double Lx[9], Ly[9];
  arrow(x, Lx);
  arrow(y, Ly);
  mat3_mul(Li, Lx, Vx);
  mat3_mul(Li, Ly, Vy);
  for (int k = 0; k < 9; k++) {
    Vx[k] = (k % 4 == 0 ? 1.0 : 0.0) - Vx[k];
    Vy[k] = (k % 4 == 0 ? 1.0 : 0.0) - Vy[k];
  }
}

/* Fischer-Burmeister Phi_i and (if H) its Jacobian blocks */
static void fb_contact(double mu, double rho, const double *r, const double *u, double *phi,
                       double *H, double *G)
{
  if (H) {
    memset(H, 0, 9 * sizeof(double));
    memset(G, 0, 9 * sizeof(double));
  }
  if (!(mu > 0.0)) {                         /* frictionless: scalar FB, r_T = 0 */
    double a = r[0], b = rho * u[0], s = hypot(a, b);
    phi[0] = a + b - s;
    phi[1] = r[1];
    phi[2] = r[2];
    if (H) {
      G[0] = s > 0.0 ? 1.0 - a / s : 1.0;
      H[0] = rho * (s > 0.0 ? 1.0 - b / s : 1.0);
      G[4] = G[8] = 1.0;
    }
    return;
  }
  double nut = hypot(u[1], u[2]);
  double x[3] = {mu * r[0], r[1], r[2]};
  double y[3] = {rho * (u[0] + mu * nut), rho * mu * u[1], rho * mu * u[2]};
  if (!H) {
    fb_soc(x, y, phi, NULL, NULL);
    return;
  }
  double Vx[9], Vy[9], Dy[9] = {0};
  fb_soc(x, y, phi, Vx, Vy);
  for (int k = 0; k < 3; k++) {              /* G = Vx diag(mu, 1, 1) */
    G[k] = Vx[k] * mu;
    G[3 + k] = Vx[3 + k];
    G[6 + k] = Vx[6 + k];
  }
  Dy[0] = rho;                               /* dy/du */
  if (nut > 0.0) {
    Dy[3] = rho * mu * u[1] / nut;
    Dy[6] = rho * mu * u[2] / nut;
  }
  Dy[4] = Dy[8] = rho * mu;
  mat3_mul(Vy, Dy, H);
}

/* Phi(r) given u = W r + q, and (if jac) the blocks H, G; returns psi = |Phi|^2 / 2 (inf if not
 * finite) */
static double eval_phi(nsn_ws *ws, const double *r, const double *u, double *phi, int jac)
{
  const sn_fc *P = ws->P;
  int d = ws->bs, dd = ws->bb;
  for (int i = 0; i < ws->nc; i++) {
    double *H = jac ? ws->H + dd * i : NULL, *G = jac ? ws->G + dd * i : NULL;
    if (ws->form == NSN_AC && d == 2)
      ac_contact2(P->mu[i], ws->rn[i], ws->rt[i], r + 2 * i, u + 2 * i, phi + 2 * i, H, G);
    else if (ws->form == NSN_AC)
      ac_contact(P->mu[i], ws->rn[i], ws->rt[i], r + 3 * i, u + 3 * i, phi + 3 * i, H, G);
    else
      fb_contact(P->mu[i], ws->rn[i], r + 3 * i, u + 3 * i, phi + 3 * i, H, G);
  }
  double psi = 0.5 * sn_dot(ws->n, phi, phi);
  return isfinite(psi) ? psi : INFINITY;
}

/* Solve A x = b (d x d column-major, d <= 3) by Gaussian elimination with partial pivoting; -1
 * when a pivot is negligible against the largest entry. */
static int solve_small(int d, const double *A, const double *b, double *x)
{
  double a[9], y[3], amax = 0.0;
  memcpy(a, A, sizeof(double) * (size_t)(d * d));
  memcpy(y, b, sizeof(double) * (size_t)d);
  for (int k = 0; k < d * d; k++) amax = fmax(amax, fabs(a[k]));
  if (!(amax > 0.0) || !isfinite(amax)) return -1;
  for (int k = 0; k < d; k++) {
    int p = k;
    for (int i = k + 1; i < d; i++)
      if (fabs(a[k * d + i]) > fabs(a[k * d + p])) p = i;
    if (!(fabs(a[k * d + p]) > 1e-12 * amax)) return -1;
    for (int j = 0; j < d; j++) {
      double t = a[j * d + k];
      a[j * d + k] = a[j * d + p];
      a[j * d + p] = t;
    }
    double t = y[k];
    y[k] = y[p];
    y[p] = t;
    for (int i = k + 1; i < d; i++) {
      double f = a[k * d + i] / a[k * d + k];
      for (int j = k; j < d; j++) a[j * d + i] -= f * a[j * d + k];
      y[i] -= f * y[k];
    }
  }
  for (int i = d - 1; i >= 0; i--) {
    double t = y[i];
    for (int j = i + 1; j < d; j++) t -= a[j * d + i] * x[j];
    x[i] = t / a[i * d + i];
  }
  return 0;
}

/* Phase 1 of the Newton direction: a contact whose H_i vanishes (AC take-off; FB with x_i = 0,
 * y_i interior, where H_i is rounding) is decoupled, G_i d_i = -Phi_i (idx[i] = -1); the others
 * are numbered in the reduced system (idx) and get d_i = 0 here. Returns their count. */
static int decouple(nsn_ws *ws)
{
  int nc = ws->nc, na = 0, d = ws->bs, dd = ws->bb;
  for (int k = 0; k < nc; k++) {
    int i = ws->ord ? ws->ord[k] : k;
    const double *H = ws->H + dd * i, *G = ws->G + dd * i;
    double hmax = 0.0, gmax = 0.0, mphi[3];
    for (int k = 0; k < dd; k++) {
      hmax = fmax(hmax, fabs(H[k]));
      gmax = fmax(gmax, fabs(G[k]));
    }
    for (int a = 0; a < d; a++) mphi[a] = -ws->phi[d * i + a];
    /* H W_ii ~ 0: decoupled */
    if (hmax <= 1e-14 * gmax * ws->rn[i] && !solve_small(d, G, mphi, ws->d + d * i)) {
      ws->idx[i] = -1;
    } else {
      ws->idx[i] = na++;
      for (int a = 0; a < d; a++) ws->d[d * i + a] = 0.0;
    }
  }
  return na;
}

/* the coupled blocks of block column j (contact j, at position jn of ord) of
 * J = H (W + lambda I) + G into ws->M (bb each, in the order of cptr); returns their number */
static int column_blocks(nsn_ws *ws, int jn, int j, double lambda)
{
  const sn_bsr *W = ws->W;
  int d = ws->bs, dd = ws->bb, nb = 0;
  for (int b = ws->cptr[jn]; b < ws->cptr[jn + 1]; b++) {
    int I = ws->bI[b];
    if (ws->idx[I] < 0) continue;
    const double *H = ws->H + dd * I;
    double *Mb = ws->M + dd * nb++;
    if (ws->bk[b] >= 0) mat_mul(d, H, W->val + (size_t)ws->bk[b] * dd, Mb);
    else memset(Mb, 0, sizeof(double) * (size_t)dd);
    if (I == j)
      for (int k = 0; k < dd; k++) Mb[k] += ws->G[dd * I + k] + lambda * H[k];
  }
  return nb;
}

/* Phase 2 (sparse path, fewer than half of the contacts coupled): the reduced J_AA in
 * compressed columns (ws->J), numbered in the order ord */
static void assemble_sparse(nsn_ws *ws, int na, double lambda)
{
  sn_csc *J = ws->J;
  int d = ws->bs, dd = ws->bb, p = 0;
  for (int jn = 0; jn < ws->nc; jn++) {   /* in the order ord: idx increases, rows sorted */
    int j = ws->ord ? ws->ord[jn] : jn, jj = ws->idx[j];
    if (jj < 0) continue;
    column_blocks(ws, jn, j, lambda);
    for (int c = 0; c < d; c++) {
      J->colptr[d * jj + c] = p;
      int m = 0;
      for (int b = ws->cptr[jn]; b < ws->cptr[jn + 1]; b++) {
        int I = ws->bI[b];
        if (ws->idx[I] < 0) continue;
        for (int a = 0; a < d; a++) {
          J->rowind[p] = d * ws->idx[I] + a;
          J->val[p++] = ws->M[dd * m + d * c + a];
        }
        m++;
      }
    }
  }
  J->m = J->n = d * na;
  J->colptr[d * na] = J->nnz = p;
}

/* Phase 2 (sparse path): the Newton system of all the contacts in the fixed pattern of the full
 * J (W's blocks and the diagonal ones), numbered in the order ord (position pinv[i] for contact
 * i), so that KLU orders it once per solve and reuses its pivot order from step to step
 * (klu_refactor: no pivot search, no depth-first searches; with at most 20 nonzeros a column
 * these were most of a factorization's cost). It is the reduced system J_AA with the decoupled
 * contacts added as identity rows: a decoupled contact's block row holds I on the diagonal and
 * zeros elsewhere (its right-hand side is its d_i from decouple), a coupled row's blocks in
 * decoupled columns are zeros (their product with d_F is in the right-hand side). */
static void assemble_full(nsn_ws *ws, double lambda)
{
  sn_csc *J = ws->J;
  const sn_bsr *W = ws->W;
  const int *pinv = ws->ord + ws->nc;
  int d = ws->bs, dd = ws->bb, p = 0;
  for (int jn = 0; jn < ws->nc; jn++) {
    int j = ws->ord[jn], m = 0;
    for (int b = ws->cptr[jn]; b < ws->cptr[jn + 1]; b++, m++) {
      int I = ws->bI[b];
      const double *H = ws->H + dd * I;
      double *Mb = ws->M + dd * m;
      if (ws->idx[I] < 0 || ws->idx[j] < 0) {
        memset(Mb, 0, sizeof(double) * (size_t)dd);
        if (I == j)
          for (int a = 0; a < d; a++) Mb[a * d + a] = 1.0;
        continue;
      }
      if (ws->bk[b] >= 0) mat_mul(d, H, W->val + (size_t)ws->bk[b] * dd, Mb);
      else memset(Mb, 0, sizeof(double) * (size_t)dd);
      if (I == j)
        for (int k = 0; k < dd; k++) Mb[k] += ws->G[dd * I + k] + lambda * H[k];
    }
    for (int c = 0; c < d; c++) {
      J->colptr[d * jn + c] = p;
      m = 0;
      for (int b = ws->cptr[jn]; b < ws->cptr[jn + 1]; b++, m++)
        for (int a = 0; a < d; a++) {
          J->rowind[p] = d * pinv[ws->bI[b]] + a;
          J->val[p++] = ws->M[dd * m + d * c + a];
        }
    }
  }
  J->m = J->n = ws->n;
  J->colptr[ws->n] = J->nnz = p;
}

/* Phase 2 (dense path): the reduced J_AA, dense column-major d na x d na (ws->Jd) */
static void assemble_dense(nsn_ws *ws, int na, double lambda)
{
  int d = ws->bs, dd = ws->bb, m = d * na;
  double *Jd = ws->Jd;
  memset(Jd, 0, sizeof(double) * (size_t)m * (size_t)m);
  for (int j = 0; j < ws->nc; j++) {
    int jj = ws->idx[j];
    if (jj < 0) continue;
    column_blocks(ws, j, j, lambda);
    int nb = 0;
    for (int b = ws->cptr[j]; b < ws->cptr[j + 1]; b++) {
      int I = ws->bI[b];
      if (ws->idx[I] < 0) continue;
      const double *Mb = ws->M + dd * nb++;
      for (int c = 0; c < d; c++)
        memcpy(Jd + (size_t)(d * jj + c) * m + d * ws->idx[I], Mb + d * c,
               sizeof(double) * (size_t)d);
    }
  }
}

/* Phase 3: x = J_AA^-1 rhs, dense LU (sn_dense_lu_solve up to DENSE_MAX rows, LAPACK's dgesv
 * above: linear=dense, or auto on a dense W) on ws->Jd, or sparse LU (KLU on ws->J) */
static int reduced_solve(nsn_ws *ws, int na, int full, double lambda, double *x)
{
  int m = ws->bs * na;
  if (ws->Jd && m <= ws->dense_max) {
    assemble_dense(ws, na, lambda);
    memcpy(x, ws->rhs, sizeof(double) * (size_t)m);
    if (m <= DENSE_MAX) return sn_dense_lu_solve(m, ws->Jd, x) ? SN_ERR_SINGULAR : SN_OK;
    /* the _work form: no NaN scan of Jd (d is checked for finiteness after the solve) */
    lapack_int info = LAPACKE_dgesv_work(LAPACK_COL_MAJOR, m, 1, ws->Jd, m, ws->piv, x, m);
    if (info > 0) return SN_ERR_SINGULAR;
    return info < 0 ? SN_ERR_BACKEND : SN_OK;
  }
  sn_luseq *F = full ? ws->LUF : ws->LU;
  if (full) assemble_full(ws, lambda);
  else assemble_sparse(ws, na, lambda);
  int st = sn_luseq_factor(F, ws->J);
  return st ? st : sn_luseq_solve(F, ws->rhs, x);
}

/* The Newton direction d of J d = -Phi, J = H (W + lambda I) + G: the decoupled contacts solve
 * G_i d_i = -Phi_i (decouple), the others the reduced system J_AA d_A = -Phi_A - H_A W_AF d_F
 * (reduced_solve). Returns 0, or non-zero when the factorization fails or d is not finite. */
static int newton_direction(nsn_ws *ws, double lambda)
{
  int nc = ws->nc, d = ws->bs, dd = ws->bb;
  double *t = ws->wd, *rhs = ws->rhs;
  int na = decouple(ws);
  if (na < nc) sn_bsr_gemv(ws->W, 1.0, ws->d, 0.0, t);   /* t = W d_F */
  else sn_fill(ws->n, 0.0, t);
  /* sparse with at least half of the contacts coupled: the full system (assemble_full), whose
   * pattern never changes and whose pivot order is reused; with fewer, the reduced one, factorized
   * afresh at each new pattern (the full one costs more: on the 2D FrictionContactProblem00071
   * its refactorizations took 1.3x the reduced factorizations) */
  int full = !ws->Jd && 2 * na >= nc;
  const int *pos = full ? ws->ord + nc : ws->idx;
  for (int i = 0; i < nc; i++) {                     /* rhs_A = -Phi_A - H_A (W d_F)_A */
    if (ws->idx[i] < 0) {
      if (full) memcpy(rhs + d * pos[i], ws->d + d * i, sizeof(double) * (size_t)d);
      continue;
    }
    const double *H = ws->H + dd * i;
    for (int a = 0; a < d; a++) {
      double ht = H[a] * t[d * i];
      for (int k = 1; k < d; k++) ht += H[k * d + a] * t[d * i + k];
      rhs[d * pos[i] + a] = -ws->phi[d * i + a] - ht;
    }
  }
  if (na > 0) {
    int st = reduced_solve(ws, na, full, lambda, t);
    if (st) return st;
    for (int i = 0; i < nc; i++)
      if (ws->idx[i] >= 0) memcpy(ws->d + d * i, t + d * pos[i], sizeof(double) * (size_t)d);
  }
  for (int j = 0; j < ws->n; j++)
    if (!isfinite(ws->d[j])) return SN_ERR_NAN;
  return SN_OK;
}

/* ---- workspace ---- */

static void ws_free(nsn_ws *ws)
{
  sn_bsr_free(ws->W);
  sn_csc_free(ws->J);
  sn_luseq_free(ws->LU);
  sn_luseq_free(ws->LUF);
  free(ws->ord);
  sn_nsgs_ws_free(ws->gs);
  free(ws->cptr);
  free(ws->rn);
}

/* automatic rho per contact from the diagonal block W_ii */
static void set_rho(nsn_ws *ws)
{
  for (int i = 0; i < ws->nc; i++) {
    double Wi[9] = {0}, fb = ws->wbar > 0 ? 1.0 / ws->wbar : 1.0;
    if (ws->bs == 2) {                                    /* 2D AC: 1/W_NN, 1/W_TT */
      const double *w = ws->W->diag[i] >= 0 ? ws->W->val + (size_t)ws->W->diag[i] * 4 : Wi;
      double tr = fabs(w[0]) + fabs(w[3]);
      ws->rn[i] = ws->o.rho > 0 ? ws->o.rho : w[0] > 1e-12 * tr && w[0] > 0 ? 1.0 / w[0] : fb;
      ws->rt[i] = ws->o.rho > 0 ? ws->o.rho : w[3] > 1e-12 * tr && w[3] > 0 ? 1.0 / w[3] : fb;
      continue;
    }
    if (ws->W->diag[i] >= 0) memcpy(Wi, ws->W->val + (size_t)ws->W->diag[i] * 9, sizeof Wi);
    double tr = Wi[0] + Wi[4] + Wi[8];
    if (ws->o.rho > 0) {
      ws->rn[i] = ws->rt[i] = ws->o.rho;
    } else if (ws->form == NSN_FB) {
      ws->rn[i] = ws->rt[i] = tr > 0 ? 3.0 / tr : fb;
    } else {
      double a = Wi[4], b = Wi[8], c = 0.5 * (Wi[5] + Wi[7]);
      double lt = 0.5 * (a + b) + sqrt(0.25 * (a - b) * (a - b) + c * c);
      ws->rn[i] = Wi[0] > 1e-12 * fabs(tr) && Wi[0] > 0 ? 1.0 / Wi[0] : fb;
      ws->rt[i] = lt > 1e-12 * fabs(tr) && lt > 0 ? 1.0 / lt : fb;
    }
  }
}

/* the blocks of the full J by column: W's, plus the missing diagonal ones (cptr, bI, bk; ws->idx
 * as scratch), in the order ord (column jn of cptr is contact ord[jn], its blocks by increasing
 * position pinv[I] of their row), or natural when ord is NULL; returns their number */
static int block_columns(nsn_ws *ws, const int *ord, const int *pinv)
{
  const sn_bsr *W = ws->W;
  int nc = ws->nc, *cnt = ws->idx;               /* nc + 1 ints of scratch */
  memset(cnt, 0, sizeof(int) * ((size_t)nc + 1));
  for (int I = 0; I < nc; I++) {
    for (int k = W->browptr[I]; k < W->browptr[I + 1]; k++)
      cnt[pinv ? pinv[W->bcolind[k]] : W->bcolind[k]]++;
    if (W->diag[I] < 0) cnt[pinv ? pinv[I] : I]++;
  }
  ws->cptr[0] = 0;
  for (int j = 0; j < nc; j++) {
    ws->cptr[j + 1] = ws->cptr[j] + cnt[j];
    cnt[j] = ws->cptr[j];
  }
  for (int In = 0; In < nc; In++) {              /* rows in increasing position */
    int I = ord ? ord[In] : In;
    for (int k = W->browptr[I]; k < W->browptr[I + 1]; k++) {
      int b = cnt[pinv ? pinv[W->bcolind[k]] : W->bcolind[k]]++;
      ws->bI[b] = I;
      ws->bk[b] = k;
    }
    if (W->diag[I] < 0) {
      int b = cnt[pinv ? pinv[I] : I]++;
      ws->bI[b] = I;
      ws->bk[b] = -1;
    }
  }
  return ws->cptr[nc];
}

/* the sparse path's order of the contacts: AMD on the block pattern of W (+ W^T), so that the
 * reduced system of every step, numbered in this order, comes ordered for KLU (SN_LUSEQ_GIVEN):
 * the order restricted to the coupled contacts is the elimination order of the full pattern on
 * its subgraph, whose fill is within the full pattern's (any fill path of the subgraph is one of
 * the full graph), and a change of the coupled set costs no new ordering. Sets ws->ord and its
 * inverse (after it) and the block columns in that order; made at the first Newton step (a call
 * from a solution takes none: on the 2D pile fc2d_granularflowonwall the ordering at the start
 * made such a call 1.4x slower). */
static int contact_order(nsn_ws *ws)
{
  int nc = ws->nc;
  if (!(ws->ord = malloc(sizeof(int) * (2 * (size_t)nc + 1)))) return SN_ERR_NOMEM;
  int st = sn_luseq_amd(nc, ws->W->browptr, ws->W->bcolind, ws->ord);
  if (st) return st;
  for (int k = 0; k < nc; k++) ws->ord[nc + ws->ord[k]] = k;
  block_columns(ws, ws->ord, ws->ord + nc);
  return SN_OK;
}

/* wbar, the mean |diagonal| of W */
static double mean_diagonal(const sn_bsr *W, int nc, int bs)
{
  int dd = bs * bs;
  double s = 0.0;
  int nd = 0;
  for (int i = 0; i < nc; i++)
    if (W->diag[i] >= 0) {
      const double *w = W->val + (size_t)W->diag[i] * dd;
      if (bs == 3) s += fabs(w[0]) + fabs(w[4]) + fabs(w[8]);
      else s += fabs(w[0]) + fabs(w[3]);
      nd += bs;
    }
  return nd && s > 0 ? s / nd : 1.0;
}

/* The workspace in two allocations (ints, doubles) besides the block view of W, and the sparse
 * J only when the sparse path may be taken: no O(n) allocation inside the iterations. */
static int ws_init(nsn_ws *ws, const sn_fc *P, int form, const nsn_opts *o)
{
  memset(ws, 0, sizeof *ws);
  ws->P = P;
  ws->form = form;
  ws->o = *o;
  ws->nc = P->nc;
  ws->bs = P->dim;
  ws->bb = P->dim * P->dim;
  ws->n = P->dim * P->nc;
  int st = sn_bsr_from_csc(P->W, P->dim, &ws->W);
  if (st) return st;
  const sn_bsr *W = ws->W;
  int nc = ws->nc, n = ws->n, d = ws->bs, nb = W->nnzb;
  for (int i = 0; i < nc; i++) nb += W->diag[i] < 0;
  ws->dense_max = o->linear == LIN_DENSE ? n : o->linear == LIN_AUTO ? DENSE_MAX : 0;
  /* auto, a dense W (a condensed finite-element problem: W = H^T A^-1 H couples every pair
   * of contacts): KLU would factorize a dense matrix by its unblocked kernel, LAPACK's blocked
   * dgesv does the same n^3 / 3 multiply-adds at BLAS-3 speed (1 875 rows, the 625 contact
   * nodes of a C3D8 block in *DYNAMIC: 2.5 s against 0.14 s a factorization) */
  if (o->linear == LIN_AUTO && n > DENSE_MAX && n <= DENSE_LIMIT && (double)W->nnzb >= DENSE_FILL * nc * (double)nc)
    ws->dense_max = n;
  int dense = n <= ws->dense_max, sparse = n > ws->dense_max;
  size_t sz = (size_t)(n > 0 ? n : 1), szb = (size_t)(nb > 0 ? nb : 1), dz = (size_t)d * sz;
  size_t npiv = dense ? (sz * sizeof(lapack_int) + sizeof(double) - 1) / sizeof(double) : 0;
  size_t nd = 11 * sz + 3 * dz + (dense ? sz * sz + npiv : 0);
  ws->cptr = malloc(sizeof(int) * ((size_t)nc + 1 + 2 * szb + (size_t)nc + 1));
  ws->rn = malloc(sizeof(double) * nd);
  if (!ws->cptr || !ws->rn) return SN_ERR_NOMEM;
  ws->bI = ws->cptr + nc + 1;
  ws->bk = ws->bI + szb;
  ws->idx = ws->bk + szb;
  /* rn, rt (nc each, n allotted), H, G (d n each), 9 vectors (n each), M (d n: bb per block of
   * a block column, at most nc blocks), then Jd (n x n) and the pivots on the dense path */
  ws->rt = ws->rn + sz;
  ws->H = ws->rn + 2 * sz;
  ws->G = ws->H + dz;
  ws->buf = ws->G + dz;
  double **vec[9] = {&ws->phi, &ws->d, &ws->wd, &ws->rtry, &ws->utry, &ws->ptry, &ws->best,
                     &ws->rhs, &ws->sgr};
  for (int k = 0; k < 9; k++) *vec[k] = ws->buf + (size_t)k * sz;
  ws->M = ws->buf + 9 * sz;
  if (dense) {
    ws->Jd = ws->M + dz;
    ws->piv = (lapack_int *)(ws->Jd + sz * sz);
  }
  if (sparse) {
    if (!(ws->J = sn_csc_alloc(n, n, ws->bb * nb)) || sn_luseq_new(SN_LUSEQ_GIVEN, &ws->LU) ||
        sn_luseq_new(SN_LUSEQ_GIVEN, &ws->LUF))
      return SN_ERR_NOMEM;
  }
  ws->nblk = block_columns(ws, NULL, NULL);   /* the sparse path's order: contact_order */
  ws->wbar = mean_diagonal(W, nc, d);
  set_rho(ws);
  return SN_OK;
}

static int parse(const char *options, nsn_opts *o)
{
  o->rho = 0.0;
  o->nm = NM_MEMORY;
  o->safeguard = 10;
  o->reg = 0.3;
  o->linear = LIN_AUTO;
  double v;
  char buf[16];
  int st;
  if ((st = sn_option_double(options, "rho", &v)) < 0) return st;
  if (st == 1) { if (!(v > 0)) return SN_ERR_ARG; o->rho = v; }
  if ((st = sn_option_string(options, "ls", buf, sizeof buf)) < 0) return st;
  if (st == 1) {
    if (!strcmp(buf, "armijo")) o->nm = 1;
    else if (!strcmp(buf, "nm")) o->nm = NM_MEMORY;
    else return SN_ERR_UNKNOWN;
  }
  if ((st = sn_option_string(options, "linear", buf, sizeof buf)) < 0) return st;
  if (st == 1) {
    if (!strcmp(buf, "auto")) o->linear = LIN_AUTO;
    else if (!strcmp(buf, "dense")) o->linear = LIN_DENSE;
    else if (!strcmp(buf, "sparse")) o->linear = LIN_SPARSE;
    else return SN_ERR_UNKNOWN;
  }
  if ((st = sn_option_double(options, "safeguard", &v)) < 0) return st;
  if (st == 1) { if (!(v >= 1 && v <= 1e6)) return SN_ERR_ARG; o->safeguard = (int)v; }
  if ((st = sn_option_double(options, "reg", &v)) < 0) return st;
  if (st == 1) { if (!(v >= 0 && v <= 1e6)) return SN_ERR_ARG; o->reg = v; }
  return SN_OK;
}

/* ---- the solver ---- */

typedef struct {
  const sn_settings *s;
  sn_info *info;
  double t0;
  int k;            /* iterations so far */
  double e, be;     /* current and best error */
} run_state;

/* Newton iterates are not projected: r is in the cones only up to the error. Project r onto
 * the cones; keep the projection when its error (sn_fc_error) is at most tol (tol < 0: at most
 * the error of r). Returns 1 and sets *e to the error of the r kept when that is <= tol >= 0. */
static int polish(nsn_ws *ws, double *r, double tol, double *e)
{
  const sn_fc *P = ws->P;
  int n = ws->n, moved = 0;
  sn_copy(n, r, ws->rtry);
  for (int i = 0; i < ws->nc; i++) {
    double *x = ws->rtry + ws->bs * i, x0[3];
    memcpy(x0, x, sizeof(double) * (size_t)ws->bs);
    sn_proj_cone(ws->bs, P->mu[i], x);
    for (int a = 0; a < ws->bs; a++) moved |= x[a] != x0[a];
  }
  if (tol < 0.0) {
    double ep = sn_fc_error(P, moved ? ws->rtry : r, NULL);
    if (moved && ep <= sn_fc_error(P, r, NULL)) sn_copy(n, ws->rtry, r);
    return 0;
  }
  /* the error by sn_fc_measures (sn_fc_error's value bit for bit): on success the verdict takes
   * these measures instead of measuring the same r again */
  ws->have_m = sn_fc_measures(P, moved ? ws->rtry : r, tol, &ws->m) == SN_OK;
  double ep = ws->have_m ? ws->m.rel_error : NAN;
  if (!(ep <= tol)) { ws->have_m = 0; return 0; }
  if (moved) sn_copy(n, ws->rtry, r);
  ws->moved = moved;
  *e = ep;
  return 1;
}

/* record one iteration with error e at iterate r: convergence (r projected onto the cones, see
 * polish), best iterate, limits. Returns SN_OK (converged), GO_ON or a stopping status. */
static int step_done(nsn_ws *ws, run_state *R, double *r, double e)
{
  R->k++;
  int conv = e <= R->s->tol && polish(ws, r, R->s->tol, &e);
  R->e = e;
  if (e < R->be) {
    R->be = e;
    sn_copy(ws->n, r, ws->best);
  }
  int rec = sn_info_record(R->info, R->s, R->k, e, R->t0);
  if (conv) return SN_OK;
  if (rec) return rec;
  return R->k >= R->s->max_iter ? SN_MAX_ITER : GO_ON;
}

/* Backtracking along d from (r, u): the first a = 1, 1/2, ... (at most LS_MAX halvings) with
 * psi(r + a d) <= ref - 2e-4 a psi (Armijo when ref = psi); r + a d in ws->rtry, its u in
 * ws->utry (u + a W d). Returns 1 if found. */
static int line_search(nsn_ws *ws, const double *r, const double *u, double psi, double ref,
                       double *a)
{
  int n = ws->n;
  sn_bsr_gemv(ws->W, 1.0, ws->d, 0.0, ws->wd);
  *a = 1.0;
  for (int ls = 0; ls <= LS_MAX; ls++, *a *= 0.5) {
    for (int j = 0; j < n; j++) {
      ws->rtry[j] = r[j] + *a * ws->d[j];
      ws->utry[j] = u[j] + *a * ws->wd[j];
    }
    if (eval_phi(ws, ws->rtry, ws->utry, ws->ptry, 0) <= ref - 2e-4 * *a * psi) return 1;
  }
  return 0;
}

typedef struct {
  int sweeps;       /* length of the last safeguard */
  double best;      /* best error when it ended */
} sg_state;

/* The safeguard: NSGS sweeps from the best iterate, or, when the best error has not halved since
 * the previous safeguard, from where that one ended and twice as many. Returns step_done's
 * status of the last sweep. */
static int safeguard(nsn_ws *ws, run_state *R, sg_state *g, double *r, double *u)
{
  const sn_fc *P = ws->P;
  int n = ws->n, st = GO_ON, sa;
  if (!ws->gs && (sa = sn_nsgs_ws_new(P, ws->W, &ws->no, &ws->gs))) return sa;
  if (R->be <= 0.5 * g->best) {
    g->sweeps = ws->o.safeguard;
    sn_copy(n, ws->best, r);
  } else {
    g->sweeps = g->sweeps < (1 << 20) ? 2 * g->sweeps : g->sweeps;
    sn_copy(n, ws->sgr, r);
  }
  for (int j = 0; j < g->sweeps && st == GO_ON; j++) {
    int sw = sn_nsgs_sweep(ws->gs, r);
    double e = sn_fc_eval(P, ws->W, 0.0, NULL, r, u);
    if (sw || !isfinite(e)) {          /* a non-finite update: back to the best */
      sn_copy(n, ws->best, r);
      e = sn_fc_eval(P, ws->W, 0.0, NULL, r, u);
    }
    st = step_done(ws, R, r, e);
  }
  sn_copy(n, r, ws->sgr);
  g->best = R->be;
  return st;
}

static int nsn_solve(const sn_fc *P, int form, double *r, double *u, const sn_settings *s,
                     sn_info *info, double t0, sn_fc_meas *m, int *have_m)
{
  sn_settings def;
  if (!s) { sn_settings_default(&def); s = &def; }
  if (!P || !P->W || !P->q || !P->mu || !r || !u) return SN_ERR_ARG;
  if (!(P->dim == 3 || (P->dim == 2 && form == NSN_AC)) || P->nc < 0) return SN_ERR_ARG;
  int n = P->dim * P->nc;
  if (P->W->m != n || P->W->n != n) return SN_ERR_DIM;
  static const char *const keys[] = {"rho", "ls", "safeguard", "reg", "local", "omega", "shuffle",
                                     "seed", "local_tol", "local_iter", "stall", "linear", NULL};
  int sc = sn_fc_check(P, NULL, 0);
  if (!sc) sc = sn_option_check(s->options, keys);
  if (sc) return sc;
  nsn_opts o;
  sn_nsgs_opts no;
  int st = parse(s->options, &o);
  if (st || (st = sn_nsgs_parse(s->options, &no))) return st;
  if (o.linear == LIN_DENSE && n > DENSE_LIMIT) return SN_ERR_ARG;
  if (!sn_option_double(s->options, "local_tol", &(double){0}))
    no.local_tol = fmin(no.local_tol, 0.1 * s->tol);
  nsn_ws ws;
  if ((st = ws_init(&ws, P, form, &o))) goto done;
  ws.no = no;
  for (int j = 0; j < n; j++)
    if (!isfinite(r[j])) { sn_fill(n, 0.0, r); break; }   /* unusable warm start: cold start */
  run_state R = {s, info, t0, 0, 0.0, 0.0};
  R.e = sn_fc_eval(P, ws.W, 0.0, NULL, r, u);
  R.be = R.e;
  sn_copy(n, r, ws.best);
  st = isfinite(R.e) ? (s->max_iter > 0 ? GO_ON : SN_MAX_ITER) : SN_ERR_NAN;
  if (R.e <= s->tol && polish(&ws, r, s->tol, &R.e)) st = SN_OK;
  double hist[NM_MEMORY];
  int nh = 0, stall = 0;
  double stall_ref = R.e, theta = 0.0;
  sg_state sg = {o.safeguard, INFINITY};
  while (st == GO_ON) {
    if (ws.J && !ws.ord) {             /* the order of the first Newton step (st stays GO_ON) */
      int ost = contact_order(&ws);
      if (ost) { st = ost; break; }
    }
    /* ---- a Newton step ---- */
    double psi = eval_phi(&ws, r, u, ws.phi, 1);
    double lambda = ws.wbar * fmax(o.reg * fmax(LAMBDA_FLOOR, fmin(1.0, R.e)), theta);
    int fail = !isfinite(psi) || newton_direction(&ws, lambda) != SN_OK, ok = 0;
    double a = 1.0;
    if (!fail) {
      double ref = psi;                /* the non-monotone reference */
      for (int j = 0; j < nh; j++) ref = fmax(ref, hist[j]);
      ok = line_search(&ws, r, u, psi, fmin(ref, NM_CAP * psi), &a);
    }
    if (!ok && isfinite(psi) && theta < THETA_MAX) {
      theta = fmin(fmax(100.0 * theta, THETA_MIN), THETA_MAX);  /* same point, more damping */
      continue;
    }
    if (ok) {
      if (o.nm > 1) {                  /* the merits of the last nm - 1 accepted iterates */
        if (nh == o.nm - 1) memmove(hist, hist + 1, sizeof(double) * (size_t)--nh);
        hist[nh++] = psi;
      }
      if (a == 1.0) theta = 0.1 * theta < THETA_MIN ? 0.0 : 0.1 * theta;
      else if (a < 0.1) theta = fmin(fmax(10.0 * theta, THETA_MIN), THETA_MAX);
      sn_copy(n, ws.rtry, r);
      double e = sn_fc_eval(P, ws.W, 0.0, NULL, r, u);    /* fresh u = W r + q */
      fail = !isfinite(e);
      if (!fail) {
        st = step_done(&ws, &R, r, e);
        if (e <= 0.5 * stall_ref) { stall_ref = e; stall = 0; }
        else if (++stall >= STALL_STEPS) fail = 1;      /* Newton crawls */
      }
    }
    if (ok && !fail) continue;
    if (st != GO_ON) break;
    st = safeguard(&ws, &R, &sg, r, u);   /* Newton failed or crawls */
    nh = 0;
    stall = 0;
    stall_ref = R.e;
    theta = 0.0;
  }
  if (st != SN_OK) sn_copy(n, ws.best, r);
  if (st != SN_OK && isfinite(R.be)) polish(&ws, r, -1.0, NULL);
  if (info) info->iterations = R.k;
done:
  if (st == SN_OK) {             /* R.e: sn_fc_error of r (polish); u is W r + q unless moved */
    if (ws.moved) sn_fc_eval(P, ws.W, 0.0, NULL, r, u);
    if (info) info->error = R.e;
    if (ws.have_m) { *m = ws.m; *have_m = 1; }   /* measured at this r by polish */
  } else if (ws.W) {
    sn_fc_eval(P, ws.W, 0.0, NULL, r, u);
    if (info) info->error = sn_fc_error(P, r, NULL);
  }
  ws_free(&ws);
  return st;
}

static int nsn_run(const sn_fc *P, int form, double *r, double *u, const sn_settings *s,
                   sn_info *info)
{
  double t0 = sn_wtime();
  if (info) sn_info_reset(info);
  sn_fc_meas m;
  int have_m = 0;   /* m: the measures of the r returned, taken by the convergence test */
  int st = nsn_solve(P, form, r, u, s, info, t0, &m, &have_m);
  if (info) {
    info->status = st;
    info->seconds = sn_wtime() - t0;
  }
  return sn_fc_verdict_m(P, r, s, st, form == NSN_AC ? "nsn_ac" : "nsn_fb", info,
                         have_m ? &m : NULL);
}

int sn_fc_nsn_ac(const sn_fc *P, double *r, double *u, const sn_settings *s, sn_info *info)
{
  return nsn_run(P, NSN_AC, r, u, s, info);
}

int sn_fc_nsn_fb(const sn_fc *P, double *r, double *u, const sn_settings *s, sn_info *info)
{
  return nsn_run(P, NSN_FB, r, u, s, info);
}
