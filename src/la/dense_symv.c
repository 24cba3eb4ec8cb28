/* y += A x for a dense symmetric matrix of which only the lower triangle is read (la.h,
 * sn_dense_symv_lower).
 *
 * Why not BLAS: OpenBLAS' dgemv reads both triangles, twice the memory traffic of a symmetric
 * product, and its dsymv, which reads one, splits the columns over its threads and sums their
 * partial vectors, so that its bits depend on the thread count. This loop is single-threaded
 * and sums in a fixed order: the same bits for any thread count. Four columns j..j+3 at a
 * time, the rows below their diagonal block in pairs: each pair of A's entries is read once and
 * used twice, for y_i += A_ij x_j (the lower triangle) and for y_j += A_ij x_i (its transpose),
 * the latter summed in two lanes (even and odd rows) that are added at the end of the columns.
 * Measured at n = 1 875 (the reduced ADMM form of the 24 x 24 x 8 contact block), one thread,
 * 200 products: 0.63-0.72 ms against 1.11-1.29 ms by OpenBLAS 0.3.21's dgemv on the same matrix
 * (and 0.46-0.54 ms by its dsymv). */
#include "signorini/la.h"

#include <string.h>

typedef double v2d __attribute__((vector_size(16)));

static inline v2d load2(const double *p)
{
  v2d v;
  memcpy(&v, p, sizeof v);
  return v;
}

static inline void store2(double *p, v2d v) { memcpy(p, &v, sizeof v); }

void sn_dense_symv_lower(int n, const double *A, const double *x, double *y)
{
  int j = 0;
  for (; j + 3 < n; j += 4) {
    const double *a0 = A + (size_t)n * (size_t)j, *a1 = a0 + n, *a2 = a1 + n, *a3 = a2 + n;
    double x0 = x[j], x1 = x[j + 1], x2 = x[j + 2], x3 = x[j + 3];
    /* the 4 x 4 diagonal block from its lower triangle */
    double t0 = a0[j] * x0 + a0[j + 1] * x1 + a0[j + 2] * x2 + a0[j + 3] * x3;
    double t1 = a0[j + 1] * x0 + a1[j + 1] * x1 + a1[j + 2] * x2 + a1[j + 3] * x3;
    double t2 = a0[j + 2] * x0 + a1[j + 2] * x1 + a2[j + 2] * x2 + a2[j + 3] * x3;
    double t3 = a0[j + 3] * x0 + a1[j + 3] * x1 + a2[j + 3] * x2 + a3[j + 3] * x3;
    int i = j + 4;
    if ((n - i) & 1) {                  /* an odd row first, so that the rest come in pairs */
      double xi = x[i];
      y[i] += a0[i] * x0 + a1[i] * x1 + a2[i] * x2 + a3[i] * x3;
      t0 += a0[i] * xi;
      t1 += a1[i] * xi;
      t2 += a2[i] * xi;
      t3 += a3[i] * xi;
      i++;
    }
    v2d s0 = {0.0, 0.0}, s1 = s0, s2 = s0, s3 = s0;
    v2d X0 = {x0, x0}, X1 = {x1, x1}, X2 = {x2, x2}, X3 = {x3, x3};
    for (; i < n; i += 2) {
      v2d c0 = load2(a0 + i), c1 = load2(a1 + i), c2 = load2(a2 + i), c3 = load2(a3 + i), xi = load2(x + i);
      store2(y + i, load2(y + i) + ((c0 * X0 + c1 * X1) + (c2 * X2 + c3 * X3)));
      s0 += c0 * xi;
      s1 += c1 * xi;
      s2 += c2 * xi;
      s3 += c3 * xi;
    }
    y[j] += t0 + (s0[0] + s0[1]);
    y[j + 1] += t1 + (s1[0] + s1[1]);
    y[j + 2] += t2 + (s2[0] + s2[1]);
    y[j + 3] += t3 + (s3[0] + s3[1]);
  }
  for (; j < n; j++) {                  /* the last n mod 4 columns */
    const double *a = A + (size_t)n * (size_t)j;
    double xj = x[j], t = a[j] * xj;
    for (int i = j + 1; i < n; i++) {
      y[i] += a[i] * xj;
      t += a[i] * x[i];
    }
    y[j] += t;
  }
}
