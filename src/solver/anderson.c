/* Type-II Anderson acceleration of a fixed-point map y -> G(y) (H.F. Walker, P. Ni, "Anderson
 * acceleration for fixed-point iterations", SINUM 49 (2011) 1715-1735), shared by the ADMM
 * solvers (gfc_admm.c, fc_admm_w.c); the safeguard is the caller's. */
#include "solver/anderson.h"
#include "signorini/la.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

int sn_aa_init(sn_anderson *W, int dim, int mem)
{
  memset(W, 0, sizeof *W);
  W->dim = dim;
  W->mem = mem;
  if (mem == 0) return SN_OK;
  size_t dm = (size_t)dim * (size_t)mem;
  W->dY = malloc(sizeof(double) * dm);
  W->dG = malloc(sizeof(double) * dm);
  W->y0 = malloc(sizeof(double) * (size_t)dim);
  W->g0 = malloc(sizeof(double) * (size_t)dim);
  W->A = malloc(sizeof(double) * (size_t)(mem * mem));
  W->c = malloc(sizeof(double) * (size_t)mem);
  return W->dY && W->dG && W->y0 && W->g0 && W->A && W->c ? SN_OK : SN_ERR_NOMEM;
}

void sn_aa_free(sn_anderson *W)
{
  free(W->dY);
  free(W->dG);
  free(W->y0);
  free(W->g0);
  free(W->A);
  free(W->c);
}

void sn_aa_reset(sn_anderson *W) { W->k = W->head = W->prev = 0; }

/* record the pair (y, g = G(y) - y) */
void sn_aa_push(sn_anderson *W, const double *y, const double *g)
{
  if (W->mem == 0) return;
  int n = W->dim;
  if (W->prev) {
    double *dy = W->dY + (size_t)W->head * (size_t)n, *dg = W->dG + (size_t)W->head * (size_t)n;
    for (int i = 0; i < n; i++) {
      dy[i] = y[i] - W->y0[i];
      dg[i] = g[i] - W->g0[i];
    }
    W->head = (W->head + 1) % W->mem;
    if (W->k < W->mem) W->k++;
  }
  sn_copy(n, y, W->y0);
  sn_copy(n, g, W->g0);
  W->prev = 1;
}

/* y_next = y + g - (dY + dG) gamma, gamma = argmin |g - dG gamma| (normal equations with a
 * small Tikhonov term, Cholesky); returns 0 when no extrapolation is possible */
int sn_aa_step(sn_anderson *W, const double *y, const double *g, double *out)
{
  return sn_aa_step_reduced(W, y, g, out, NULL, NULL);
}

int sn_aa_step_reduced(sn_anderson *W, const double *y, const double *g, double *out,
                       void (*reduce)(double *buf, int n, void *ctx), void *ctx)
{
  int k = W->k, n = W->dim;
  if (k == 0) return 0;
  double *A = W->A, *c = W->c, tr = 0.0;
  if (reduce) memset(A, 0, sizeof(double) * (size_t)k * (size_t)k);   /* the upper part summed too */
  for (int a = 0; a < k; a++) {
    const double *ga = W->dG + (size_t)a * (size_t)n;
    for (int b = 0; b <= a; b++) A[a + b * k] = sn_dot(n, ga, W->dG + (size_t)b * (size_t)n);
    c[a] = sn_dot(n, ga, g);
  }
  if (reduce) {                         /* the k x k block (lower triangle used) and c, summed */
    reduce(A, k * k, ctx);
    reduce(c, k, ctx);
  }
  for (int a = 0; a < k; a++) tr += A[a + a * k];
  if (!(tr > 0.0) || !isfinite(tr)) return 0;
  double reg = 1e-10 * tr / k;
  for (int a = 0; a < k; a++) A[a + a * k] += reg;
  for (int j = 0; j < k; j++) {         /* lower Cholesky in place */
    double dj = A[j + j * k];
    for (int p = 0; p < j; p++) dj -= A[j + p * k] * A[j + p * k];
    if (!(dj > 0.0)) return 0;
    dj = sqrt(dj);
    A[j + j * k] = dj;
    for (int i = j + 1; i < k; i++) {
      double s = A[i + j * k];
      for (int p = 0; p < j; p++) s -= A[i + p * k] * A[j + p * k];
      A[i + j * k] = s / dj;
    }
  }
  for (int i = 0; i < k; i++) {         /* forward, then backward substitution */
    double s = c[i];
    for (int p = 0; p < i; p++) s -= A[i + p * k] * c[p];
    c[i] = s / A[i + i * k];
  }
  for (int i = k - 1; i >= 0; i--) {
    double s = c[i];
    for (int p = i + 1; p < k; p++) s -= A[p + i * k] * c[p];
    c[i] = s / A[i + i * k];
  }
  for (int i = 0; i < n; i++) out[i] = y[i] + g[i];
  for (int a = 0; a < k; a++) {
    sn_axpy(n, -c[a], W->dY + (size_t)a * (size_t)n, out);
    sn_axpy(n, -c[a], W->dG + (size_t)a * (size_t)n, out);
  }
  for (int i = 0; i < n; i++)
    if (!isfinite(out[i])) return 0;
  return 1;
}
