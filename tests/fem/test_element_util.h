/* Helpers shared by the element tests (tests/fem/test_element*.c): the test's own copy of the
 * node natural coordinates (independent of the library's tables), element geometry
 * generators, dense linear algebra (LAPACK), isotropic D matrices. */
#ifndef SN_TEST_ELEMENT_UTIL_H
#define SN_TEST_ELEMENT_UTIL_H

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "signorini/fem.h"   /* before lapacke.h, whose complex.h defines the macro I */
#include <lapacke.h>
#undef I                     /* C11 7.3.1: a program may undefine it */

static const sn_eltype t_continuum[] = {
  SN_EL_CPE3, SN_EL_CPE4, SN_EL_CPE6, SN_EL_CPE8, SN_EL_CPE8R, SN_EL_CPS3, SN_EL_CPS4,
  SN_EL_CPS6, SN_EL_CPS8, SN_EL_CPS8R, SN_EL_CAX4, SN_EL_CAX8, SN_EL_CAX8R, SN_EL_C3D4,
  SN_EL_C3D8, SN_EL_C3D10, SN_EL_C3D20, SN_EL_C3D20R, SN_EL_C3D6, SN_EL_C3D15, SN_EL_C3D8I};
#define T_NCONT ((int)(sizeof t_continuum / sizeof t_continuum[0]))

/* natural node coordinates (Abaqus numbering) and midside -> corner pairs */
static const double t_tri_xi[6][3] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0},
                                      {.5, 0, 0}, {.5, .5, 0}, {0, .5, 0}};
static const int t_tri_mid[3][2] = {{0, 1}, {1, 2}, {2, 0}};
static const double t_quad_xi[8][3] = {{-1, -1, 0}, {1, -1, 0}, {1, 1, 0}, {-1, 1, 0},
                                       {0, -1, 0},  {1, 0, 0},  {0, 1, 0}, {-1, 0, 0}};
static const int t_quad_mid[4][2] = {{0, 1}, {1, 2}, {2, 3}, {3, 0}};
static const double t_tet_xi[10][3] = {{0, 0, 0},  {1, 0, 0},   {0, 1, 0},  {0, 0, 1},
                                       {.5, 0, 0}, {.5, .5, 0}, {0, .5, 0}, {0, 0, .5},
                                       {.5, 0, .5}, {0, .5, .5}};
static const int t_tet_mid[6][2] = {{0, 1}, {1, 2}, {2, 0}, {0, 3}, {1, 3}, {2, 3}};
static const double t_hex_xi[20][3] = {
  {-1, -1, -1}, {1, -1, -1}, {1, 1, -1}, {-1, 1, -1}, {-1, -1, 1}, {1, -1, 1}, {1, 1, 1},
  {-1, 1, 1},   {0, -1, -1}, {1, 0, -1}, {0, 1, -1},  {-1, 0, -1}, {0, -1, 1}, {1, 0, 1},
  {0, 1, 1},    {-1, 0, 1},  {-1, -1, 0}, {1, -1, 0}, {1, 1, 0},   {-1, 1, 0}};
static const int t_hex_mid[12][2] = {{0, 1}, {1, 2}, {2, 3}, {3, 0}, {4, 5}, {5, 6},
                                     {6, 7}, {7, 4}, {0, 4}, {1, 5}, {2, 6}, {3, 7}};

/* wedges: triangle (xi, eta) times zeta in [-1, 1] (CalculiX User's Manual, C3D6 / C3D15) */
static const double t_wedge_xi[15][3] = {{0, 0, -1}, {1, 0, -1}, {0, 1, -1}, {0, 0, 1}, {1, 0, 1},
                                         {0, 1, 1}, {.5, 0, -1}, {.5, .5, -1}, {0, .5, -1},
                                         {.5, 0, 1}, {.5, .5, 1}, {0, .5, 1}, {0, 0, 0},
                                         {1, 0, 0}, {0, 1, 0}};
static const int t_wedge_mid[9][2] = {{0, 1}, {1, 2}, {2, 0}, {3, 4}, {4, 5},
                                      {5, 3}, {0, 3}, {1, 4}, {2, 5}};

/* node count, corner count, natural coordinates and midside pairs of a continuum type */
static inline int t_nat(sn_eltype t, const double (**xi)[3], const int (**mid)[2], int *nc)
{
  const sn_eldesc *d = sn_element_desc(t);
  int nn = d->nnodes;
  if (d->sdim == 2) {
    if (nn == 3 || nn == 6) *xi = t_tri_xi, *mid = t_tri_mid, *nc = 3;
    else *xi = t_quad_xi, *mid = t_quad_mid, *nc = 4;
  } else {
    if (nn == 4 || nn == 10) *xi = t_tet_xi, *mid = t_tet_mid, *nc = 4;
    else if (nn == 6 || nn == 15) *xi = t_wedge_xi, *mid = t_wedge_mid, *nc = 6;
    else *xi = t_hex_xi, *mid = t_hex_mid, *nc = 8;
  }
  return nn;
}

/* deterministic pseudo-random numbers in [-1, 1] */
static inline double t_rand(unsigned *s)
{
  *s = *s * 1103515245u + 12345u;
  return ((*s >> 8) & 0xFFFF) / 32767.5 - 1.0;
}

/* One element of type t: node a at A xi_a + b (+ a random perturbation of size `distort`
 * on the corners, relative to the element size; midside nodes at the middle of their edge,
 * plus `curve` times a perturbation). Axisymmetric elements are moved to r in [0.6, 2.6]. */
static inline void t_element(sn_eltype t, double distort, double curve, unsigned seed, double *X)
{
  const double (*xi)[3];
  const int (*mid)[2];
  int nc, nn = t_nat(t, &xi, &mid, &nc);
  const sn_eldesc *d = sn_element_desc(t);
  double A[3][3] = {{0.9, 0.2, 0.1}, {-0.15, 1.1, 0.05}, {0.1, -0.1, 0.8}};
  double b[3] = {0.3, -0.2, 0.5};
  if (d->kind == SN_KIND_AXISYM) b[0] = 1.6, b[1] = 0.4;
  unsigned s = seed;
  memset(X, 0, 3 * (size_t)nn * sizeof(double));
  for (int a = 0; a < nc; a++)
    for (int j = 0; j < d->sdim; j++) {
      double v = b[j];
      for (int k = 0; k < d->sdim; k++) v += A[j][k] * xi[a][k];
      X[3 * a + j] = v + distort * t_rand(&s);
    }
  for (int m = 0; m < nn - nc; m++)
    for (int j = 0; j < d->sdim; j++)
      X[3 * (nc + m) + j] = 0.5 * (X[3 * mid[m][0] + j] + X[3 * mid[m][1] + j]) + curve * t_rand(&s);
}

/* isotropic D (Abaqus order, 6 x 6 for 3D, 4 x 4 = 11, 22, 33, 12 for 2D kinds) */
static inline int t_dmat(sn_elkind kind, double E, double nu, double D[6][6])
{
  double lam = E * nu / ((1 + nu) * (1 - 2 * nu)), G = E / (2 * (1 + nu));
  memset(D, 0, 36 * sizeof(double));
  if (kind == SN_KIND_SOLID) {
    for (int i = 0; i < 3; i++) {
      for (int j = 0; j < 3; j++) D[i][j] = lam;
      D[i][i] += 2 * G;
      D[3 + i][3 + i] = G;
    }
    return 6;
  }
  if (kind == SN_KIND_PLANE_STRESS) {
    D[0][0] = D[1][1] = E / (1 - nu * nu);
    D[0][1] = D[1][0] = E * nu / (1 - nu * nu);
  } else {
    for (int i = 0; i < 3; i++) {
      for (int j = 0; j < 3; j++) D[i][j] = lam;
      D[i][i] += 2 * G;
    }
  }
  D[3][3] = G;
  return 4;
}

/* eigenvalues of a symmetric n x n matrix (copy), ascending */
static inline int t_eig(int n, const double *K, double *ev)
{
  double *A = malloc((size_t)n * n * sizeof(double));
  memcpy(A, K, (size_t)n * n * sizeof(double));
  int info = (int)LAPACKE_dsyev(LAPACK_COL_MAJOR, 'N', 'L', n, A, n, ev);
  free(A);
  return info;
}

/* numerical rank of a symmetric matrix: eigenvalues above tol * the largest */
static inline int t_rank(int n, const double *K, double tol)
{
  double *ev = malloc((size_t)n * sizeof(double));
  int r = 0;
  if (t_eig(n, K, ev) == 0)
    for (int i = 0; i < n; i++)
      if (ev[i] > tol * ev[n - 1]) r++;
  free(ev);
  return r;
}

/* solve the SPD system A x = b in place (A n x n column-major, destroyed) */
static inline int t_spd_solve(int n, double *A, double *b)
{
  return (int)LAPACKE_dposv(LAPACK_COL_MAJOR, 'L', n, 1, A, n, b, n);
}
#endif
