/* Lemke's complementary pivoting method for the LCP  w = M z + q, z >= 0, w >= 0, z . w = 0,
 * after Cottle, Pang & Stone, "The Linear Complementarity Problem" (Academic Press 1992,
 * SIAM Classics 2009), chapter 4: Lemke's method (section 4.4, scheme I with covering vector d)
 * and the lexicographic degeneracy resolution (section 4.9).
 *
 * Augmented system  w - M z - d z0 = q  with the covering vector d = (1, ..., 1): z0 enters at
 * max_i(-q_i), then each pivot brings in the complement of the variable that left, until z0
 * leaves (a solution) or the entering column has no positive entry (a secondary ray: SN_RAY).
 * Variables are numbered w_i = i, z_i = n + i, z0 = 2n.
 *
 * Basis inverse. With B the basis (columns of A = [I, -M, -d]) the tableau is B^-1 [A, q].
 * Column c of B^-1 is the unit vector e_{row(w_c)} whenever w_c is basic, so only the columns
 * c with w_c non-basic are stored (k of them, k = number of basic z's and z0): a pivot is a
 * rank-one update costing O(n k), the memory n k doubles. Every LEMKE_CHECK pivots the
 * residual |B b - q| is measured and, past LEMKE_DRIFT, B^-1 and b are recomputed from the
 * k x k block of B (LAPACK dgetrf). At a solution z is recomputed from a fresh factorization
 * of the final basis, clamped to z >= 0, and w = M z + q.
 *
 * Choices:
 *  - pivot cap: max_iter pivots (an iteration is a pivot, as for every solver max_iter caps
 *    the iterations; large problems need about n to 10 n pivots, so raise max_iter) ->
 *    SN_MAX_ITER;
 *  - per pivot, sn_info_record gets the value of z0 as the "error" (0 at a solution): it
 *    honours time_limit (SN_TIME_LIMIT) and the progress callback (SN_STALLED);
 *  - pivot tolerance: a_i is a pivot candidate if a_i > LEMKE_PIV_TOL |a|_inf;
 *  - final status SN_STALLED if z0 left the basis but sn_lcp_error > tol;
 *  - warm start: a z already meeting tol is returned as is (0 pivots); otherwise the path
 *    starts from z = 0, the only start of the method. */
#include "signorini/solver.h"

#include <lapacke.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define LEMKE_PIV_TOL 1e-11 /* a_i > tol |a|_inf to be a pivot */
#define LEMKE_ZERO_B 1e-13  /* basic values below this fraction of |b|_inf count as 0 */
#define LEMKE_TIE 1e-12     /* relative tolerance of equal ratios (lexicographic ties) */
#define LEMKE_CHECK 50      /* pivots between two residual checks */
#define LEMKE_DRIFT 1e-10   /* relative |B b - q| that triggers a refactorization */

typedef struct {
  int n;
  const sn_csc *M;
  const double *q;
  int *basis;   /* n: variable held by each tableau row */
  int *row;     /* 2n+1: tableau row of each variable, -1 if non-basic */
  int *slot;    /* n: pool column of column c of B^-1, -1 if it is e_row(w_c) */
  int *freel;   /* free pool slots */
  int nfree, cap;
  double *pool; /* n * cap */
  double *b;    /* n: values of the basic variables */
  double *a;    /* n: entering column B^-1 A_e */
  double *x;    /* n: scratch */
  int *cand;    /* n: ratio-test candidates */
  int *iw;      /* 2n: scratch */
  int enter;    /* the entering variable when the path stopped at z0 = 0 (else -1) */
} lemke;

static double *col(const lemke *L, int c) { return L->pool + (size_t)L->slot[c] * (size_t)L->n; }

/* entry (i, c) of B^-1 */
static double binv(const lemke *L, int i, int c)
{
  if (L->slot[c] >= 0) return col(L, c)[i];
  return L->row[c] == i ? 1.0 : 0.0;
}

static int slot_alloc(lemke *L, int c)
{
  if (L->nfree == 0) {
    int ncap = L->cap ? 2 * L->cap : 16;
    if (ncap > L->n) ncap = L->n;
    double *p = realloc(L->pool, sizeof(double) * (size_t)L->n * (size_t)ncap);
    if (!p) return SN_ERR_NOMEM;
    L->pool = p;
    for (int s = ncap - 1; s >= L->cap; s--) L->freel[L->nfree++] = s;
    L->cap = ncap;
  }
  L->slot[c] = L->freel[--L->nfree];
  return SN_OK;
}

static void slot_release(lemke *L, int c)
{
  L->freel[L->nfree++] = L->slot[c];
  L->slot[c] = -1;
}

/* y += alpha * (column v of A = [I, -M, -d]), y indexed by constraint */
static void axpy_column(const lemke *L, int v, double alpha, double *y)
{
  int n = L->n;
  if (v < n) {
    y[v] += alpha;
  } else if (v < 2 * n) {
    const sn_csc *M = L->M;
    for (int p = M->colptr[v - n]; p < M->colptr[v - n + 1]; p++)
      y[M->rowind[p]] -= alpha * M->val[p];
  } else {
    for (int i = 0; i < n; i++) y[i] -= alpha;
  }
}

/* a = B^-1 A_e */
static void entering_column(lemke *L, int e)
{
  int n = L->n;
  if (e < n) {                      /* w_e is non-basic: its column of B^-1 is stored */
    sn_copy(n, col(L, e), L->a);
    return;
  }
  sn_fill(n, 0.0, L->a);
  if (e < 2 * n) {                  /* -B^-1 M e_j */
    const sn_csc *M = L->M;
    for (int p = M->colptr[e - n]; p < M->colptr[e - n + 1]; p++) {
      int i = M->rowind[p];
      if (L->slot[i] >= 0) sn_axpy(n, -M->val[p], col(L, i), L->a);
      else L->a[L->row[i]] -= M->val[p];
    }
  } else {                          /* -B^-1 d, d = 1 */
    for (int c = 0; c < n; c++) {
      if (L->slot[c] >= 0) sn_axpy(n, -1.0, col(L, c), L->a);
      else L->a[L->row[c]] -= 1.0;
    }
  }
}

/* Lexicographic minimum ratio test. Candidates are the rows with a_i > tol (the first pivot,
 * z0 entering: every row, with ratio q_i / d_i). Among rows tied at the minimum ratio of b_i/a_i,
 * z0's row is preferred (the path ends there), otherwise the lexicographic minimum of the rows
 * (b_i, B^-1_i.) / a_i is taken: it is unique since B^-1 is regular, and keeps every tableau row
 * lexicographically positive, so no basis repeats (CPS section 4.9).
 * Returns the pivot row, -1 if there is none (secondary ray), -2 on a non-finite column,
 * -3 if z0 is basic at value 0 (to rounding): the current point is then a solution. */
static int ratio_test(lemke *L, int first)
{
  int n = L->n, nc = 0;
  const double *a = L->a, *b = L->b;
  double amax = 0.0, bmax = 0.0;
  for (int i = 0; i < n; i++) {
    if (!isfinite(a[i]) || !isfinite(b[i])) return -2;
    amax = fmax(amax, fabs(a[i]));
    bmax = fmax(bmax, fabs(b[i]));
  }
  double ptol = LEMKE_PIV_TOL * amax, bzero = LEMKE_ZERO_B * bmax;
  int z0row = L->row[2 * n];
  if (!first && z0row >= 0 && L->b[z0row] <= bzero) return -3;
  /* den_i = a_i (first pivot: -a_i = d_i), num_i = b_i clamped at 0 (first: q_i) */
  double sgn = first ? -1.0 : 1.0, tmin = INFINITY;
  for (int i = 0; i < n; i++) {
    double den = sgn * a[i];
    if (den <= ptol) continue;
    double num = first ? b[i] : (b[i] <= bzero ? 0.0 : b[i]);
    double t = num / den;
    if (t < tmin) tmin = t;
    L->cand[nc++] = i;
  }
  if (nc == 0) return -1;
  /* tie set at the minimum ratio */
  int nt = 0;
  double ttol = LEMKE_TIE * fabs(tmin);
  for (int k = 0; k < nc; k++) {
    int i = L->cand[k];
    double num = first ? b[i] : (b[i] <= bzero ? 0.0 : b[i]);
    if (num / (sgn * a[i]) <= tmin + ttol) L->cand[nt++] = i;
  }
  for (int k = 0; k < nt; k++)
    if (L->cand[k] == z0row) return z0row;
  /* lexicographic elimination over the columns of B^-1 */
  for (int c = 0; c < n && nt > 1; c++) {
    double vmin = INFINITY, vabs = 0.0;
    for (int k = 0; k < nt; k++) {
      int i = L->cand[k];
      double v = binv(L, i, c) / (sgn * a[i]);
      vmin = fmin(vmin, v);
      vabs = fmax(vabs, fabs(v));
    }
    int m = 0;
    for (int k = 0; k < nt; k++) {
      int i = L->cand[k];
      if (binv(L, i, c) / (sgn * a[i]) <= vmin + LEMKE_TIE * vabs) L->cand[m++] = i;
    }
    nt = m;
  }
  /* still tied (numerically dependent rows): the largest pivot */
  int best = L->cand[0];
  for (int k = 1; k < nt; k++)
    if (sgn * a[L->cand[k]] > sgn * a[best]) best = L->cand[k];
  return best;
}

/* Pivot on tableau row r, variable e entering (a = B^-1 A_e computed):
 * B^-1 <- B^-1 - x p^T, b <- b - x b_r, with p = row r of B^-1 and x = (a - e_r) / a_r. */
static int pivot(lemke *L, int r, int e)
{
  int n = L->n, l = L->basis[r];
  double *x = L->x, ar = L->a[r];
  for (int i = 0; i < n; i++) x[i] = L->a[i] / ar;
  x[r] -= 1.0 / ar;
  for (int c = 0; c < n; c++) {
    if (L->slot[c] < 0 || c == e) continue;
    double *v = col(L, c), pc = v[r];
    if (pc != 0.0) sn_axpy(n, -pc, x, v);
  }
  double br = L->b[r];
  sn_axpy(n, -br, x, L->b);
  L->b[r] = br / ar;
  if (e < n) slot_release(L, e);    /* column e of B^-1 becomes e_r */
  if (l < n) {                      /* column l of B^-1 was e_r: now e_r - x */
    if (slot_alloc(L, l)) return SN_ERR_NOMEM;
    double *v = col(L, l);
    for (int i = 0; i < n; i++) v[i] = -x[i];
    v[r] += 1.0;
  }
  L->basis[r] = e;
  L->row[e] = r;
  L->row[l] = -1;
  return SN_OK;
}

/* relative residual |B b - q|_inf / max_i(|q_i| + sum |B_ir b_r|) of the basic solution */
static double drift(lemke *L)
{
  int n = L->n;
  double *y = L->x, *s = L->a;      /* scratch: a is recomputed before its next use */
  sn_fill(n, 0.0, y);
  sn_fill(n, 0.0, s);
  const sn_csc *M = L->M;
  for (int r = 0; r < n; r++) {
    int v = L->basis[r];
    double br = fabs(L->b[r]);
    axpy_column(L, v, L->b[r], y);
    if (v < n) {
      s[v] += br;
    } else if (v < 2 * n) {
      for (int p = M->colptr[v - n]; p < M->colptr[v - n + 1]; p++)
        s[M->rowind[p]] += fabs(M->val[p]) * br;
    } else {
      for (int i = 0; i < n; i++) s[i] += br;
    }
  }
  double res = 0.0, scale = 0.0;
  for (int i = 0; i < n; i++) {
    res = fmax(res, fabs(y[i] - L->q[i]));
    scale = fmax(scale, fabs(L->q[i]) + fabs(s[i]));
  }
  return scale > 0.0 ? res / scale : res;
}

/* Recompute b = B^-1 q (and, if all, every stored column of B^-1) from the k x k block
 * C = B(R, J) of the rows R = {c : w_c non-basic} and the basic z / z0 columns J:
 * C y = v_R gives the z / z0 values, the basic w's follow as v_W - A_W y. */
static int refactor(lemke *L, int all)
{
  int n = L->n, k = 0, kj = 0;
  int *Rpos = L->iw, *Jrow = L->iw + n;
  for (int c = 0; c < n; c++) Rpos[c] = L->row[c] < 0 ? k++ : -1;
  for (int r = 0; r < n; r++)
    if (L->basis[r] >= n) Jrow[kj++] = r;
  if (k != kj) return SN_ERR_SINGULAR;
  if (k == 0) {
    for (int c = 0; c < n; c++) L->b[L->row[c]] = L->q[c];
    return SN_OK;
  }
  int nr = all ? k + 1 : 1;
  double *C = malloc(sizeof(double) * (size_t)k * (size_t)k);
  double *Y = calloc((size_t)k * (size_t)nr, sizeof(double));
  lapack_int *piv = malloc(sizeof(lapack_int) * (size_t)k);
  int st = SN_OK;
  if (!C || !Y || !piv) { st = SN_ERR_NOMEM; goto done; }
  for (int j = 0; j < k; j++) {     /* column j of C: rows R of A_v, v = basis[Jrow[j]] */
    double *cj = C + (size_t)j * (size_t)k;
    sn_fill(n, 0.0, L->x);
    axpy_column(L, L->basis[Jrow[j]], 1.0, L->x);
    for (int c = 0; c < n; c++)
      if (Rpos[c] >= 0) cj[Rpos[c]] = L->x[c];
  }
  for (int c = 0; c < n; c++)      /* right-hand sides: q_R, then the identity */
    if (Rpos[c] >= 0) Y[Rpos[c]] = L->q[c];
  for (int j = 1; j < nr; j++) Y[(size_t)j * (size_t)k + (size_t)(j - 1)] = 1.0;
  lapack_int info = LAPACKE_dgetrf(LAPACK_COL_MAJOR, k, k, C, k, piv);
  if (info == 0) info = LAPACKE_dgetrs(LAPACK_COL_MAJOR, 'N', k, nr, C, k, piv, Y, k);
  if (info != 0) { st = info > 0 ? SN_ERR_SINGULAR : SN_ERR_BACKEND; goto done; }
  for (size_t i = 0; i < (size_t)k * (size_t)nr; i++)
    if (!isfinite(Y[i])) { st = SN_ERR_SINGULAR; goto done; }
  for (int j = 0, c = -1; j < nr; j++) {
    const double *y = Y + (size_t)j * (size_t)k;
    if (j > 0)                      /* the next column of R (stored: w_c is non-basic) */
      for (c++; Rpos[c] < 0; c++) {}
    double *v = L->x;               /* v = rhs - A_J y, indexed by constraint */
    sn_fill(n, 0.0, v);
    if (j == 0) sn_copy(n, L->q, v);
    else v[c] = 1.0;
    for (int i = 0; i < k; i++) axpy_column(L, L->basis[Jrow[i]], -y[i], v);
    double *out = j == 0 ? L->b : col(L, c);
    for (int i = 0; i < k; i++) out[Jrow[i]] = y[i];
    for (int cc = 0; cc < n; cc++)
      if (L->row[cc] >= 0) out[L->row[cc]] = v[cc];
  }
done:
  free(C);
  free(Y);
  free(piv);
  return st;
}

static void lemke_free(lemke *L)
{
  free(L->basis);
  free(L->row);
  free(L->slot);
  free(L->freel);
  free(L->pool);
  free(L->b);
  free(L->a);
  free(L->x);
  free(L->cand);
  free(L->iw);
}

static int lemke_init(lemke *L, const sn_lcp *P)
{
  int n = P->n;
  size_t un = (size_t)n;
  memset(L, 0, sizeof *L);
  L->n = n;
  L->M = P->M;
  L->q = P->q;
  L->basis = malloc(sizeof(int) * un);
  L->row = malloc(sizeof(int) * (2 * un + 1));
  L->slot = malloc(sizeof(int) * un);
  L->freel = malloc(sizeof(int) * un);
  L->b = malloc(sizeof(double) * un);
  L->a = malloc(sizeof(double) * un);
  L->x = malloc(sizeof(double) * un);
  L->cand = malloc(sizeof(int) * un);
  L->iw = malloc(sizeof(int) * 2 * un);
  if (!L->basis || !L->row || !L->slot || !L->freel || !L->b || !L->a || !L->x || !L->cand ||
      !L->iw)
    return SN_ERR_NOMEM;
  for (int i = 0; i < n; i++) {     /* basis: w = q, B = I */
    L->basis[i] = i;
    L->row[i] = i;
    L->row[n + i] = -1;
    L->slot[i] = -1;
  }
  L->row[2 * n] = -1;
  L->enter = -1;
  sn_copy(n, P->q, L->b);
  return SN_OK;
}

/* z from the basic values, clamped at 0 */
static void extract(const lemke *L, double *z)
{
  int n = L->n;
  for (int j = 0; j < n; j++) {
    int r = L->row[n + j];
    double v = r >= 0 ? L->b[r] : 0.0;
    z[j] = isfinite(v) && v > 0.0 ? v : 0.0;
  }
}

/* At a solution: z from a fresh factorization of the final basis. When the path stopped with
 * z0 basic at level 0, the complementary basis where the last entering variable takes z0's
 * place (a degenerate pivot) is solved as well, and the z with the smaller error is kept. */
static void final_z(lemke *L, const sn_lcp *P, double *z)
{
  int n = L->n, z0 = 2 * n, zr = L->row[z0], e = L->enter;
  refactor(L, 0);                   /* on failure b keeps the tableau values */
  extract(L, z);
  if (zr < 0 || e < 0) return;
  double err = sn_lcp_error(P, z), *z2 = L->a;
  L->basis[zr] = e;
  L->row[e] = zr;
  L->row[z0] = -1;
  if (refactor(L, 0)) return;
  extract(L, z2);
  if (sn_lcp_error(P, z2) < err) sn_copy(n, z2, z);
}

/* Follow the complementary path; returns the status and the number of pivots in *npiv. */
static int lemke_path(lemke *L, const sn_settings *s, sn_info *info, double t0, int *npiv)
{
  int n = L->n, z0 = 2 * n, e = z0, piv = 0, st = SN_OK;
  long cap = s->max_iter;
  for (;;) {
    if (piv >= cap) { st = SN_MAX_ITER; break; }
    entering_column(L, e);
    int r = ratio_test(L, e == z0 && piv == 0);
    if (r == -2) {                  /* non-finite tableau: refactor once, else give up */
      if (refactor(L, 1)) { st = SN_ERR_NAN; break; }
      entering_column(L, e);
      r = ratio_test(L, e == z0 && piv == 0);
      if (r == -2) { st = SN_ERR_NAN; break; }
    }
    if (r == -3) { st = SN_OK; L->enter = e; break; }
    if (r < 0) { st = SN_RAY; break; }
    int l = L->basis[r];
    if ((st = pivot(L, r, e))) break;
    piv++;
    double z0val = L->row[z0] >= 0 ? L->b[L->row[z0]] : 0.0;
    if (l == z0) { st = SN_OK; sn_info_record(info, s, piv, 0.0, t0); break; }
    if ((st = sn_info_record(info, s, piv, z0val, t0))) break;
    e = l < n ? l + n : l - n;      /* the complement of the leaving variable enters */
    if (piv % LEMKE_CHECK == 0 && drift(L) > LEMKE_DRIFT) {
      int rf = refactor(L, 1);
      if (rf == SN_ERR_NOMEM) { st = rf; break; }
    }
  }
  *npiv = piv;
  return st;
}

int sn_lcp_lemke(const sn_lcp *P, double *z, double *w, const sn_settings *s, sn_info *info)
{
  double t0 = sn_wtime();
  sn_settings sd;
  if (!s) { sn_settings_default(&sd); s = &sd; }
  if (info) sn_info_reset(info);
  int st = (!z || !w) ? SN_ERR_ARG : sn_lcp_check(P, NULL, 0);
  if (st) {
    if (info) info->status = st;
    return st;
  }
  int n = P->n, piv = 0;
  /* warm start: z already a solution; trivial solution z = 0 when q >= 0 */
  int finite = 1, qpos = 1;
  for (int i = 0; i < n; i++) {
    if (!isfinite(z[i])) finite = 0;
    if (P->q[i] < 0.0) qpos = 0;
  }
  double err = finite ? sn_lcp_error(P, z) : INFINITY;
  if (!(err <= s->tol)) {
    if (qpos) {
      sn_fill(n, 0.0, z);
    } else {
      lemke L;
      st = lemke_init(&L, P);
      if (!st) st = lemke_path(&L, s, info, t0, &piv);
      if (st == SN_ERR_NAN || st == SN_ERR_NOMEM) {
        sn_fill(n, 0.0, z);
      } else {
        if (st == SN_OK) final_z(&L, P, z);
        else extract(&L, z);
      }
      lemke_free(&L);
    }
    err = sn_lcp_error(P, z);
    if (!isfinite(err)) { sn_fill(n, 0.0, z); err = sn_lcp_error(P, z); }
    if (st == SN_OK && !(err <= s->tol)) st = SN_STALLED;
  }
  sn_copy(n, P->q, w);
  sn_csc_gemv(P->M, 1.0, z, 1.0, w);
  if (info) {
    info->status = st;
    info->iterations = piv;
    info->error = err;
    info->seconds = sn_wtime() - t0;
  }
  return st;
}
