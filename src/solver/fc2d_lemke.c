/* 2D local frictional contact (Coulomb) as an LCP, solved by Lemke's method (lcp_lemke.c).
 *
 * Per contact i, with r = (r_N, r_T) and u = W r + q = (u_N, u_T), the LCP unknowns are
 *   z_i = (r_N, b+, b-, l),   r_T = b+ - b-,   l >= 0 the sliding speed,
 * and the conditions (Glocker's formulation; Stewart & Trinkle 1996 / Anitescu & Potra 1997
 * with the two tangent directions +t, -t, which span the 2D friction cone exactly):
 *   w_N = u_N                    >= 0  _|_  r_N >= 0
 *   w_+ = l + u_T                >= 0  _|_  b+  >= 0
 *   w_- = l - u_T                >= 0  _|_  b-  >= 0
 *   w_l = mu r_N - b+ - b-       >= 0  _|_  l   >= 0
 * Any solution gives Coulomb's law for (r, u):
 *   l = 0:  w_+, w_- >= 0 force u_T = 0, and |r_T| <= b+ + b- <= mu r_N  (stick);
 *   l > 0:  b+ + b- = mu r_N; b+ > 0 only if u_T = -l < 0, b- > 0 only if u_T = l > 0, so
 *           r_T = -mu r_N sign(u_T) when u_T != 0 (slip against the velocity) and r = 0 when
 *           |u_T| < l (then r_N = 0 for mu > 0);
 * with u_N >= 0 _|_ r_N >= 0 throughout. That is exactly the De Saxce form of problem.h
 * (r in K, u + [mu |u_T|, 0] in K*, orthogonal): on the slip branch u_N = 0, and the
 * modified normal velocity u_N + mu |u_T| is what makes (r, u_hat) orthogonal.
 *
 * In matrix form w = M z + F q with F: (u_N, u_T) -> (u_N, u_T, -u_T, 0) per contact,
 *   M = F W F^T + G,  G_i = [0 0 0 0; 0 0 0 1; 0 0 0 1; mu -1 -1 0],
 * assembled sparse (CSC) from the entries of W. The result: r from z, u = W r + q, and
 * info->error = sn_fc_error; status SN_OK only if that error is <= tol (SN_STALLED otherwise),
 * else Lemke's status (SN_RAY, SN_MAX_ITER, SN_TIME_LIMIT, ...). Warm start: r (and the
 * matching u) give z = (r_N, r_T^+, r_T^-, |u_T|), returned at once if it already solves. */
#include "signorini/solver.h"
#include "solver/verdict.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>

/* rows of F^T for component a of r: the LCP unknowns and signs (1 for r_N, 2 for r_T) */
static int fmap(int a, int *idx, double *sgn)
{
  int c = a / 2;
  if (a % 2 == 0) { idx[0] = 4 * c; sgn[0] = 1.0; return 1; }
  idx[0] = 4 * c + 1; sgn[0] = 1.0;
  idx[1] = 4 * c + 2; sgn[1] = -1.0;
  return 2;
}

/* the LCP (M, F q) of the contact problem; caller frees *M */
static int build_lcp(const sn_fc *P, sn_csc **M, double *qq)
{
  const sn_csc *W = P->W;
  int nc = P->nc, nnz = W->colptr[W->n];
  if (nnz > (INT_MAX - 5 * nc) / 4) return SN_ERR_NOMEM;
  int cap = 4 * nnz + 5 * nc, nz = 0;
  int *ti = malloc(sizeof(int) * (size_t)(cap > 0 ? cap : 1));
  int *tj = malloc(sizeof(int) * (size_t)(cap > 0 ? cap : 1));
  double *tx = malloc(sizeof(double) * (size_t)(cap > 0 ? cap : 1));
  if (!ti || !tj || !tx) { free(ti); free(tj); free(tx); return SN_ERR_NOMEM; }
  for (int j = 0; j < W->n; j++) {  /* F W F^T */
    int cj[2], ri[2];
    double sj[2], si[2];
    int ncj = fmap(j, cj, sj);
    for (int p = W->colptr[j]; p < W->colptr[j + 1]; p++) {
      int nri = fmap(W->rowind[p], ri, si);
      for (int a = 0; a < nri; a++)
        for (int b = 0; b < ncj; b++) {
          ti[nz] = ri[a]; tj[nz] = cj[b]; tx[nz++] = si[a] * sj[b] * W->val[p];
        }
    }
  }
  for (int c = 0; c < nc; c++) {    /* G: sliding speed and friction-cone rows */
    int o = 4 * c;
    ti[nz] = o + 1; tj[nz] = o + 3; tx[nz++] = 1.0;
    ti[nz] = o + 2; tj[nz] = o + 3; tx[nz++] = 1.0;
    ti[nz] = o + 3; tj[nz] = o;     tx[nz++] = P->mu[c];
    ti[nz] = o + 3; tj[nz] = o + 1; tx[nz++] = -1.0;
    ti[nz] = o + 3; tj[nz] = o + 2; tx[nz++] = -1.0;
    qq[o] = P->q[2 * c];
    qq[o + 1] = P->q[2 * c + 1];
    qq[o + 2] = -P->q[2 * c + 1];
    qq[o + 3] = 0.0;
  }
  int st = sn_csc_from_triplets(4 * nc, 4 * nc, nz, ti, tj, tx, M);
  free(ti);
  free(tj);
  free(tx);
  return st;
}

int sn_fc2d_lemke(const sn_fc *P, double *r, double *u, const sn_settings *s, sn_info *info)
{
  double t0 = sn_wtime();
  sn_settings sd;
  if (!s) { sn_settings_default(&sd); s = &sd; }
  if (info) sn_info_reset(info);
  int st = (!r || !u) ? SN_ERR_ARG : sn_fc_check(P, NULL, 0);
  if (!st && P->dim != 2) st = SN_ERR_DIM;
  if (st) {
    if (info) info->status = st;
    return st;
  }
  int nc = P->nc, n = 2 * nc, m = 4 * nc;
  double *buf = malloc(sizeof(double) * (size_t)(3 * m > 0 ? 3 * m : 1));
  sn_csc *M = NULL;
  st = buf ? SN_OK : SN_ERR_NOMEM;
  double *qq = buf, *z = buf + m, *w = buf + 2 * m;
  if (!st) st = build_lcp(P, &M, qq);
  if (!st) {
    int finite = 1;                 /* warm start from r */
    for (int i = 0; i < n; i++) finite = finite && isfinite(r[i]);
    if (finite) {
      sn_copy(n, P->q, u);
      sn_csc_gemv(P->W, 1.0, r, 1.0, u);
    }
    for (int c = 0; c < nc; c++) {
      double rn = finite ? r[2 * c] : 0.0, rt = finite ? r[2 * c + 1] : 0.0;
      z[4 * c] = fmax(rn, 0.0);
      z[4 * c + 1] = fmax(rt, 0.0);
      z[4 * c + 2] = fmax(-rt, 0.0);
      z[4 * c + 3] = finite && isfinite(u[2 * c + 1]) ? fabs(u[2 * c + 1]) : 0.0;
    }
    sn_lcp L = {m, M, qq};
    double werr = finite ? sn_fc_error(P, r, NULL) : INFINITY;
    if (!(werr <= s->tol)) sn_fill(m, 0.0, z);   /* a warm start that is not a solution: start
                                                    Lemke cold (its LCP measure may accept it) */
    st = sn_lcp_lemke(&L, z, w, s, info);
  }
  if (st >= 0) {                    /* r from z */
    for (int c = 0; c < nc; c++) {
      r[2 * c] = z[4 * c];
      r[2 * c + 1] = z[4 * c + 1] - z[4 * c + 2];
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
  if (info) {
    info->status = st;
    info->error = err;
    info->seconds = sn_wtime() - t0;
  }
  return sn_fc_verdict(P, r, s, st, "lemke2d", info);
}
