/* Local frictional contact with a polyhedral friction cone, as an LCP solved by Lemke's method
 * (lcp_lemke.c). D.E. Stewart, J.C. Trinkle, "An implicit time-stepping scheme for rigid body
 * dynamics with inelastic collisions and Coulomb friction", IJNME 39 (1996) 2673-2691;
 * M. Anitescu, F.A. Potra, "Formulating dynamic multi-rigid-body contact problems with friction
 * as solvable linear complementarity problems", Nonlinear Dynamics 14 (1997) 231-247.
 *
 * Per contact i the Coulomb cone {|r_T| <= mu r_N} is replaced by the polyhedral cone
 *   { (r_N, D beta) : beta >= 0, e . beta <= mu r_N },  D = [d_1 ... d_k],
 * d_j = (cos 2 pi j/k, sin 2 pi j/k) in 3D (option "k=8", k >= 3), d = (+1, -1) in 2D (k = 2,
 * exact: the option is then ignored). The LCP unknowns of contact i are z_i = (r_N, beta, l),
 * l >= 0 the sliding speed, and
 *   w_N = u_N                 >= 0  _|_  r_N  >= 0
 *   w_b = D^T u_T + l e       >= 0  _|_  beta >= 0
 *   w_l = mu r_N - e . beta   >= 0  _|_  l    >= 0
 * so that l = 0 forces D^T u_T >= 0 for a spanning D, i.e. u_T = 0 (stick), and l > 0 puts the
 * friction force on the boundary of the polygon, on the facet (or vertex) that maximises the
 * dissipation -u_T . r_T (maximum dissipation over the polygon), with u_N = 0 whenever r_N > 0.
 * In matrix form w = M z + F q with F: (u_N, u_T) -> (u_N, D^T u_T, 0) per contact,
 *   M = F W F^T + G,  G_i = [0 0 0; 0 0 e; mu -e^T 0],
 * assembled sparse (CSC) block by block from the 3x3 (2x2) blocks of W; (k + 2) nc unknowns.
 *
 * Facet orientation: the polygon is INSCRIBED in the true cone (its vertices d_j lie on the
 * circle |r_T| = mu r_N). Then every polyhedral force is admissible for the true cone (r in K
 * always), and the law is exact whenever the sliding direction is a vertex direction: for
 * u_T = -c d_j the maximum dissipation picks r_T = mu r_N d_j = -mu r_N u_T/|u_T|. Between two
 * vertices the force magnitude can be short by up to the factor cos(pi/k) and its direction
 * off by up to pi/k, so the error against the true cone is O(1/k) in direction and shrinks as
 * k grows (it is 0 for a stick solution inside the polygon). Measured (tests/solver/
 * test_fc_poly.c): Rover*, NESpheres, Confeti, FC3D_Example1 give 1e-3 .. 4e-2 at k = 4 and
 * 5e-5 .. 1e-3 at k = 64; the blocks of M are dense (k + 1)^2, so large k costs.
 * Limits: Lemke's method may end on a secondary ray (SN_RAY): M is copositive (W positive
 * semidefinite) but not copositive-plus when mu > 0 (z = e_l: z.Mz = 0, (M + M^T) z = mu e_rN),
 * so Lemke's termination theorem does not apply (BoxesStack1-i100000-32 ends so, at 102
 * pivots, for every k).
 *
 * Result: r from z, u = W r + q, info->error = sn_fc_error against the TRUE cone (Siconos'
 * measure; not 0 in general). Status: Lemke's status when it fails (SN_RAY, SN_MAX_ITER,
 * SN_TIME_LIMIT, ... with the last iterate mapped back); when Lemke solved the polyhedral LCP,
 * SN_OK only if the true-cone error is <= tol, SN_STALLED otherwise: r then holds the exact
 * solution of the polyhedral problem (raise k or the tolerance to accept it).
 * Lemke runs with tol min(tol, 1e-10) on its LCP residual, so that a loose tol (accepting the
 * polyhedral approximation) never loosens the LCP solve itself. info->iterations counts Lemke's
 * pivots. Warm start: r (and u = W r + q) give
 * z = (r_N, beta, l) with r_T split over the two vertices that bracket it and l the smallest
 * admissible sliding speed; Lemke returns at once if that already solves the LCP. */
#include "signorini/solver.h"
#include "solver/verdict.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>

#define POLY_K_DEFAULT 8
#define POLY_K_MAX 1024
#define POLY_LCP_TOL 1e-10   /* Lemke's own tolerance on the LCP residual */
#define POLY_PI 3.14159265358979323846

typedef struct {
  int dim, k, nb;     /* nb = k + 2 unknowns per contact */
  double *dx, *dy;    /* k vertex directions (dy unused in 2D) */
} poly;

/* k from the options; 2D uses the two exact directions */
static int poly_init(const sn_fc *P, const sn_settings *s, poly *G)
{
  double v;
  int st = sn_option_double(s->options, "k", &v);
  if (st < 0) return st;
  int k = POLY_K_DEFAULT;
  if (st == 1) {
    if (!(v >= 3 && v <= POLY_K_MAX && v == floor(v))) return SN_ERR_ARG;
    k = (int)v;
  }
  if (P->dim == 2) k = 2;
  G->dim = P->dim;
  G->k = k;
  G->nb = k + 2;
  G->dx = malloc(sizeof(double) * (size_t)(2 * k));
  if (!G->dx) return SN_ERR_NOMEM;
  G->dy = G->dx + k;
  for (int j = 0; j < k; j++) {
    double t = 2.0 * POLY_PI * j / k;
    G->dx[j] = P->dim == 2 ? (j == 0 ? 1.0 : -1.0) : cos(t);
    G->dy[j] = P->dim == 2 ? 0.0 : sin(t);
    if (fabs(G->dx[j]) < 1e-15) G->dx[j] = 0.0;   /* exact zeros at right angles */
    if (fabs(G->dy[j]) < 1e-15) G->dy[j] = 0.0;
  }
  return SN_OK;
}

/* the LCP (M, F q); caller frees *M. Block (I, J) of F W F^T, from the dim x dim block
 * [w_NN w_NT; w_TN W_TT] of W, is [w_NN, w_NT D; D^T w_TN, D^T W_TT D] ((k+1) x (k+1)). */
static int build_lcp(const sn_fc *P, const poly *G, sn_csc **M, double *qq)
{
  int nc = P->nc, k = G->k, nb = G->nb, n = nb * nc, d = G->dim;
  sn_bsr *B = NULL;
  int st = sn_bsr_from_csc(P->W, d, &B);
  if (st) return st;
  size_t per = (size_t)(k + 1) * (size_t)(k + 1);
  size_t cap = (size_t)B->nnzb * per + (size_t)(2 * k + 1) * (size_t)nc;
  int *ti = NULL, *tj = NULL, nz = 0;
  double *tx = NULL, *wd = NULL;
  st = SN_ERR_NOMEM;
  if (cap > INT_MAX) goto done;
  ti = malloc(sizeof(int) * (cap > 0 ? cap : 1));
  tj = malloc(sizeof(int) * (cap > 0 ? cap : 1));
  tx = malloc(sizeof(double) * (cap > 0 ? cap : 1));
  wd = malloc(sizeof(double) * (size_t)(2 * k));    /* W_TT D, (d - 1) x k */
  if (!ti || !tj || !tx || !wd) goto done;
  const double *dr[2] = {G->dx, G->dy};
  for (int I = 0; I < B->mb; I++)
    for (int p = B->browptr[I]; p < B->browptr[I + 1]; p++) {
      const double *w = B->val + (size_t)p * (size_t)(d * d);   /* column-major d x d */
      int oi = nb * I, oj = nb * B->bcolind[p], t = d - 1;
#define EMIT(i, j, x) do { double x_ = (x); if (x_ != 0.0) { ti[nz] = (i); tj[nz] = (j); tx[nz++] = x_; } } while (0)
      EMIT(oi, oj, w[0]);
      for (int j = 0; j < k; j++) {
        double nt = 0.0, tn = 0.0;
        for (int a = 0; a < t; a++) {
          nt += w[(a + 1) * d] * dr[a][j];        /* w_NT D */
          tn += dr[a][j] * w[a + 1];              /* D^T w_TN */
        }
        EMIT(oi, oj + 1 + j, nt);
        EMIT(oi + 1 + j, oj, tn);
        for (int a = 0; a < t; a++) {             /* W_TT D, column j */
          double x = 0.0;
          for (int b = 0; b < t; b++) x += w[(a + 1) + (b + 1) * d] * dr[b][j];
          wd[a + t * j] = x;
        }
      }
      for (int j = 0; j < k; j++)                 /* D^T W_TT D */
        for (int i = 0; i < k; i++) {
          double x = 0.0;
          for (int a = 0; a < t; a++) x += dr[a][i] * wd[a + t * j];
          EMIT(oi + 1 + i, oj + 1 + j, x);
        }
#undef EMIT
    }
  for (int c = 0; c < nc; c++) {          /* G: sliding speed and friction rows; q */
    int o = nb * c;
    const double *qc = P->q + d * c;
    for (int j = 0; j < k; j++) {
      ti[nz] = o + 1 + j; tj[nz] = o + k + 1; tx[nz++] = 1.0;
      ti[nz] = o + k + 1; tj[nz] = o + 1 + j; tx[nz++] = -1.0;
      qq[o + 1 + j] = G->dx[j] * qc[1] + (d == 3 ? G->dy[j] * qc[2] : 0.0);
    }
    ti[nz] = o + k + 1; tj[nz] = o; tx[nz++] = P->mu[c];
    qq[o] = qc[0];
    qq[o + k + 1] = 0.0;
  }
  st = sn_csc_from_triplets(n, n, nz, ti, tj, tx, M);
done:
  sn_bsr_free(B);
  free(ti); free(tj); free(tx); free(wd);
  return st;
}

/* z from a warm start r (u = W r + q): r_T split over the two bracketing vertices */
static void warm_z(const sn_fc *P, const poly *G, const double *r, const double *u, double *z)
{
  int d = G->dim, k = G->k, nb = G->nb;
  for (int c = 0; c < P->nc; c++) {
    const double *rc = r + d * c, *uc = u + d * c;
    double *zc = z + nb * c;
    for (int j = 0; j <= k + 1; j++) zc[j] = 0.0;
    zc[0] = fmax(rc[0], 0.0);
    double lmin = 0.0;                    /* l >= -d_j . u_T for every j */
    for (int j = 0; j < k; j++)
      lmin = fmax(lmin, -(G->dx[j] * uc[1] + (d == 3 ? G->dy[j] * uc[2] : 0.0)));
    zc[k + 1] = lmin;
    if (d == 2) {
      zc[1] = fmax(rc[1], 0.0);
      zc[2] = fmax(-rc[1], 0.0);
      continue;
    }
    if (rc[1] == 0.0 && rc[2] == 0.0) continue;
    double h = 2.0 * POLY_PI / k, t = atan2(rc[2], rc[1]);
    if (t < 0.0) t += 2.0 * POLY_PI;
    int j = (int)floor(t / h) % k, j1 = (j + 1) % k;
    /* r_T = a d_j + b d_j1, det = sin h > 0 */
    double det = G->dx[j] * G->dy[j1] - G->dy[j] * G->dx[j1];
    double a = (rc[1] * G->dy[j1] - rc[2] * G->dx[j1]) / det;
    double b = (G->dx[j] * rc[2] - G->dy[j] * rc[1]) / det;
    zc[1 + j] = fmax(a, 0.0);
    zc[1 + j1] = fmax(b, 0.0);
  }
}

int sn_fc_poly(const sn_fc *P, double *r, double *u, const sn_settings *s, sn_info *info)
{
  double t0 = sn_wtime();
  sn_settings sd;
  if (!s) { sn_settings_default(&sd); s = &sd; }
  if (info) sn_info_reset(info);
  poly G = {0, 0, 0, NULL, NULL};
  static const char *const keys[] = {"k", NULL};
  int st = (!r || !u) ? SN_ERR_ARG : sn_fc_check(P, NULL, 0);
  if (!st) st = sn_option_check(s->options, keys);
  if (!st) st = poly_init(P, s, &G);
  if (st) {
    free(G.dx);
    if (info) info->status = st;
    return st;
  }
  int d = P->dim, nc = P->nc, n = d * nc, m = G.nb * nc, k = G.k;
  double *buf = malloc(sizeof(double) * (size_t)(3 * m > 0 ? 3 * m : 1));
  sn_csc *M = NULL;
  st = buf ? SN_OK : SN_ERR_NOMEM;
  double *qq = buf, *z = buf + m, *w = buf + 2 * m;
  if (!st) st = build_lcp(P, &G, &M, qq);
  if (!st) {
    int finite = 1;
    for (int i = 0; i < n; i++) finite = finite && isfinite(r[i]);
    if (finite) {
      sn_copy(n, P->q, u);
      sn_csc_gemv(P->W, 1.0, r, 1.0, u);
      for (int i = 0; i < n; i++) finite = finite && isfinite(u[i]);
    }
    if (finite) warm_z(P, &G, r, u, z);
    else sn_fill(m, 0.0, z);
    sn_lcp L = {m, M, qq};
    sn_settings ls = *s;                /* the LCP itself is solved exactly, whatever tol */
    ls.tol = fmin(s->tol, POLY_LCP_TOL);
    st = sn_lcp_lemke(&L, z, w, &ls, info);
  }
  if (st >= 0) {                          /* r = F^T z */
    for (int c = 0; c < nc; c++) {
      const double *zc = z + G.nb * c;
      double *rc = r + d * c;
      rc[0] = zc[0];
      rc[1] = 0.0;
      if (d == 3) rc[2] = 0.0;
      for (int j = 0; j < k; j++) {
        rc[1] += G.dx[j] * zc[1 + j];
        if (d == 3) rc[2] += G.dy[j] * zc[1 + j];
      }
    }
  } else {
    sn_fill(n, 0.0, r);
  }
  sn_copy(n, P->q, u);
  sn_csc_gemv(P->W, 1.0, r, 1.0, u);
  double err = sn_fc_error(P, r, u);
  if (st == SN_OK && !(err <= s->tol)) st = SN_STALLED;
  sn_csc_free(M);
  free(buf);
  free(G.dx);
  if (info) {
    info->status = st;
    info->error = err;
    info->seconds = sn_wtime() - t0;
  }
  return sn_fc_verdict(P, r, s, st, "poly", info);
}
