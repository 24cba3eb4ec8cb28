/* The penalty Newton step on the contact rows' Schur complement (contact_internal.h).
 *
 * The step solves K_eff du = b with K_eff = K + H_F C H_F^T, C block diagonal (one dim x dim
 * tangent per contact point, not symmetric where a point slips: Laursen's consistent tangent,
 * contact_penalty.c). With S the free rows H_F touches (the contact nodes' dofs) and r the rest,
 * block elimination of r (static condensation; George & Liu, "Computer Solution of Large Sparse
 * Positive Definite Systems", 1981, ch. 6, for the Schur complement from a factor ordered with S
 * last) gives
 *     (Z + C_S) du_S = b_S - K_Sr K_rr^-1 b_r,     Z = K_SS - K_Sr K_rr^-1 K_rS,
 *     du = K^-1 (b - E_S C_S du_S)                 (E_S: the injection of S),
 * where C_S = (H_F C H_F^T)_SS is the whole contact term. K does not change over a small-strain
 * linear elastic run, so its factor with S last is made once (with Z = L_TT L_TT^T from its
 * trailing block) and each Newton step costs one forward and one backward sweep of that factor,
 * O(|S|^2) trailing operations, and one dense factorization of Z + C_S (LAPACK: Cholesky when C
 * is symmetric, else LU with partial pivoting): on the 24 x 24 x 8 block (15 000 unknowns,
 * |S| = 1 875) 0.09 s against 0.105 s for CHOLMOD's factorization of K_eff plus 8-12 GMRES
 * products of 5.6 ms. The step is exact: the Newton iterates are those of the sparse route to
 * round-off (no inner iteration). */
#include "analysis/contact_internal.h"

#include <cblas.h>
#include <lapacke.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define RCOND_MIN 1e-13     /* K's factor with a smaller reciprocal condition estimate: singular */
#define GMRES_MAX 20        /* products of a GMRES solve on an earlier step's factorization */
#define GMRES_TOL 1e-10     /* its relative residual (the Newton loop stops at 1e-8 of the forces) */
#define RESIDUAL_MAX 1e-6   /* |K_eff du - b| / |b| (largest entries) above which a step is refused */

enum {
  PS_MAX = 4096,            /* |S| above which Z (|S|^2 doubles, twice) is not made */
  PS_BUILDS = 8             /* factorizations of K with S last in a run before the route is left
                               (S grown by new contact rows each time) */
};

void sn_pschur_free(sn_pschur *P)
{
  if (!P) return;
  sn_chol_free(P->F);
  free(P->S); free(P->pos); free(P->Z); free(P->A); free(P->piv); free(P->y); free(P->b); free(P->w);
  memset(P, 0, sizeof *P);
}

/* S holds every row of H_F */
static int covered(const sn_pschur *P, const sn_csc *HF)
{
  if (!HF) return 1;
  for (int p = 0; p < HF->colptr[HF->n]; p++)
    if (P->pos[HF->rowind[p]] < 0) return 0;
  return 1;
}

/* the route not taken now (SN_ERR_ARG), for the rest of the run when `never` */
static int decline(sn_pschur *P, int never)
{
  if (never) P->off = 1;
  return SN_ERR_ARG;
}

/* S = the old S (same K size) and H_F's rows; K factorized with S last, Z made */
static int build(sn_pschur *P, const sn_csc *K, int kid, const sn_csc *HF)
{
  int n = K->n, ns = 0, st;
  if (P->builds >= PS_BUILDS) return decline(P, 1);
  unsigned char *in = calloc((size_t)n + 1, 1);
  if (!in) return SN_ERR_NOMEM;
  if (P->n == n)
    for (int k = 0; k < P->ns; k++) in[P->S[k]] = 1;
  if (HF)
    for (int p = 0; p < HF->colptr[HF->n]; p++) in[HF->rowind[p]] = 1;
  for (int e = 0; e < n; e++) ns += in[e];
  if (ns == 0) { free(in); return decline(P, 0); }     /* no contact row yet */
  if (ns > PS_MAX) { free(in); return decline(P, 1); }
  if (ns > 512) {
    /* worth it where the dense factorization of |S| costs less than a few sparse ones of K
       (CHOLMOD's fill-reducing order; the contact surface of a thin model can be most of it) */
    double fl = 0;
    if (sn_chol_predict(K, NULL, &fl) || 2.0 / 3.0 * (double)ns * ns * ns > 4.0 * fl) { free(in); return decline(P, 1); }
  }
  sn_chol *F = P->F;
  sn_pschur keep = *P;                /* the counts */
  P->F = NULL;
  sn_pschur_free(P);
  P->F = F;
  P->builds = keep.builds + 1;
  P->factors = keep.factors;
  P->reuses = keep.reuses;
  P->gmres = keep.gmres;
  size_t nn = (size_t)ns * (size_t)ns;
  P->S = malloc(sizeof(int) * (size_t)ns);
  P->pos = malloc(sizeof(int) * ((size_t)n + 1));
  P->Z = malloc(sizeof(double) * nn);
  P->A = malloc(sizeof(double) * nn);
  P->piv = malloc(sizeof(int) * (size_t)ns);
  P->y = malloc(sizeof(double) * ((size_t)n + 1));
  P->b = malloc(sizeof(double) * (size_t)ns);
  P->w = malloc(sizeof(double) * (size_t)ns);
  if (!P->S || !P->pos || !P->Z || !P->A || !P->piv || !P->y || !P->b || !P->w) { free(in); sn_pschur_free(P); return SN_ERR_NOMEM; }
  for (int e = 0, k = 0; e < n; e++) {
    P->pos[e] = in[e] ? k : -1;
    if (in[e]) P->S[k++] = e;
  }
  free(in);
  P->n = n;
  P->ns = ns;
  st = sn_chol_update_last(&P->F, K, ns, P->S);
  /* K singular (a body held by its contacts only: K_eff alone is positive definite) and
     factored on round-off pivots: declined (rcond about 1e-16 there) */
  if (!st && sn_chol_rcond(P->F) < RCOND_MIN) st = SN_ERR_NOT_SPD;
  if (!st) st = sn_chol_last_schur(P->F, P->Z);
  if (st) {
    int nomem = st == SN_ERR_NOMEM;
    keep = *P;
    sn_pschur_free(P);
    P->builds = keep.builds;
    P->factors = keep.factors;
    P->reuses = keep.reuses;
    P->gmres = keep.gmres;
    /* K not positive definite (a body held by its contacts only): K_eff's own factorization */
    return nomem ? SN_ERR_NOMEM : decline(P, 1);
  }
  P->kid = kid;
  return SN_OK;
}

/* out (S order) += sign C_S x, or A += C_S when x is NULL */
static void contact_rows(const sn_pschur *P, const sn_ptangent *tg, const double *x, double sign, double *out)
{
  int dim = tg->dim, ns = P->ns;
  const sn_csc *HF = tg->HF;
  for (int k = 0; k < tg->np; k++)
    for (int ca = 0; ca < dim; ca++)
      for (int cb = 0; cb < dim; cb++) {
        double c = tg->C[dim * dim * k + ca * dim + cb];
        if (c == 0) continue;
        int ka = dim * k + ca, kb = dim * k + cb;
        for (int a = HF->colptr[ka]; a < HF->colptr[ka + 1]; a++) {
          int ia = P->pos[HF->rowind[a]];
          double ca_ = c * HF->val[a];
          for (int b = HF->colptr[kb]; b < HF->colptr[kb + 1]; b++) {
            int ib = P->pos[HF->rowind[b]];
            if (x) out[ia] += sign * ca_ * HF->val[b] * x[ib];
            else out[ia + (size_t)ns * (size_t)ib] += ca_ * HF->val[b];
          }
        }
      }
}

/* A = Z + C_S */
static void step_matrix(sn_pschur *P, const sn_ptangent *tg)
{
  memcpy(P->A, P->Z, sizeof(double) * (size_t)P->ns * (size_t)P->ns);
  contact_rows(P, tg, NULL, 1.0, P->A);
}

/* GMRES' operators on S: y = (Z + C_S) x, and y = A^-1 x with the factorization A holds */
typedef struct {
  sn_pschur *P;
  const sn_ptangent *tg;
} dense_ctx;

static int op_step(void *ctx, const double *x, double *y)
{
  dense_ctx *c = ctx;
  int ns = c->P->ns;
  cblas_dsymv(CblasColMajor, CblasLower, ns, 1.0, c->P->Z, ns, x, 1, 0.0, y, 1);   /* Z symmetric: one triangle read */
  contact_rows(c->P, c->tg, x, 1.0, y);
  return SN_OK;
}

static int op_factor(void *ctx, const double *x, double *y)
{
  sn_pschur *P = ((dense_ctx *)ctx)->P;
  int ns = P->ns;
  memcpy(y, x, sizeof(double) * (size_t)ns);
  lapack_int info = P->fact == 2 ? LAPACKE_dpotrs_work(LAPACK_COL_MAJOR, 'L', ns, 1, P->A, ns, y, ns)
                                 : LAPACKE_dgetrs_work(LAPACK_COL_MAJOR, 'N', ns, 1, P->A, ns, P->piv, y, ns);
  return info ? SN_ERR_BACKEND : SN_OK;
}

/* (Z + C_S) w = b in place of w. A non-symmetric step first tries GMRES preconditioned by the
 * factorization of an earlier step's matrix (the contact tangents of the points that kept their
 * state change little from one Newton step to the next: a few products of O(|S|^2) instead of
 * an O(|S|^3) factorization), to the relative residual GMRES_TOL within GMRES_MAX products; else
 * (and for symmetric steps) the matrix is factorized: Cholesky when C is symmetric, LU otherwise
 * or (it > 0) when Z + C_S is not positive definite. */
static int dense_solve(sn_pschur *P, const sn_ptangent *tg, int it)
{
  int ns = P->ns;
  lapack_int info;
  if (tg->nonsym && P->fact) {
    dense_ctx c = {P, tg};
    int its = 0;
    double rr = 0;
    memset(P->w, 0, sizeof(double) * (size_t)ns);
    int st = sn_gmres(ns, op_step, &c, op_factor, &c, P->b, P->w, GMRES_MAX, GMRES_MAX, GMRES_TOL, &its, &rr);
    P->gmres += its;
    if (st == SN_OK) { P->reuses++; return SN_OK; }
    if (st == SN_ERR_NOMEM) return st;
  }
  memcpy(P->w, P->b, sizeof(double) * (size_t)ns);
  step_matrix(P, tg);
  P->fact = 0;
  P->factors++;
  if (!tg->nonsym) {
    info = LAPACKE_dpotrf_work(LAPACK_COL_MAJOR, 'L', ns, P->A, ns);
    if (info == 0) {
      P->fact = 2;
      info = LAPACKE_dpotrs_work(LAPACK_COL_MAJOR, 'L', ns, 1, P->A, ns, P->w, ns);
      return info ? SN_ERR_BACKEND : SN_OK;
    }
    if (info < 0) return SN_ERR_BACKEND;
    if (it == 0) return SN_ERR_NOT_SPD;   /* as the sparse route: a cutback at the first step */
    step_matrix(P, tg);
  }
  info = LAPACKE_dgetrf_work(LAPACK_COL_MAJOR, ns, ns, P->A, ns, P->piv);
  if (info > 0) return SN_ERR_NOT_SPD;   /* singular */
  P->fact = 1;
  if (info == 0) info = LAPACKE_dgetrs_work(LAPACK_COL_MAJOR, 'N', ns, 1, P->A, ns, P->piv, P->w, ns);
  return info ? SN_ERR_BACKEND : SN_OK;
}

/* the step's residual K_eff du - b against b (largest entries): a safeguard on the route's
 * arithmetic (K nearly singular where rcond did not tell); refused: the route is left */
static int check(sn_pschur *P, const sn_csc *K, const sn_ptangent *tg, const double *rhs, const double *du)
{
  int n = P->n;
  sn_csc_symv_upper(K, du, P->y);
  for (int k = 0; k < P->ns; k++) P->w[k] = du[P->S[k]];
  memset(P->b, 0, sizeof(double) * (size_t)P->ns);
  contact_rows(P, tg, P->w, 1.0, P->b);
  for (int k = 0; k < P->ns; k++) P->y[P->S[k]] += P->b[k];
  double rmax = 0.0, bmax = 0.0;
  for (int i = 0; i < n; i++) {
    rmax = fmax(rmax, fabs(P->y[i] - rhs[i]));
    bmax = fmax(bmax, fabs(rhs[i]));
  }
  return rmax <= RESIDUAL_MAX * bmax ? SN_OK : decline(P, 1);
}

int sn_pschur_step(sn_pschur *P, const sn_csc *K, int kid, const sn_ptangent *tg, int it, const double *rhs,
                   double *du)
{
  if (!P || !K || !tg || !rhs || !du) return SN_ERR_ARG;
  if (P->off) return SN_ERR_ARG;
  int st;
  if (!P->F || P->kid != kid || P->n != K->n || !covered(P, tg->HF))
    if ((st = build(P, K, kid, tg->HF))) return st;
  if ((st = sn_chol_forward(P->F, rhs, P->y))) return st;       /* y = L^-1 P b */
  if ((st = sn_chol_last_lmul(P->F, P->y, P->b))) return st;    /* b_S - K_Sr K_rr^-1 b_r */
  if ((st = dense_solve(P, tg, it))) return st;                 /* du_S */
  memset(P->b, 0, sizeof(double) * (size_t)P->ns);
  contact_rows(P, tg, P->w, -1.0, P->b);                          /* -C_S du_S */
  if ((st = sn_chol_last_lsolve_add(P->F, P->b, P->y))) return st;
  if ((st = sn_chol_backward(P->F, P->y, du))) return st;
  return check(P, K, tg, rhs, du);
}
