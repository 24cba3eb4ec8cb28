/* C3D8I: the 8-node brick with incompatible (bubble) modes.
 *
 * Method: Wilson, Taylor, Doherty & Ghaboussi, "Incompatible displacement models" (1973), with
 * the modification of Taylor, Beresford & Wilson, "A non-conforming element for stress
 * analysis", Int. J. Numer. Meth. Engng 10 (1976) 1211-1219, that makes the element pass the
 * patch test on distorted meshes (see also Hughes, "The Finite Element Method",
 * sec. 4.7, "incompatible modes"). The displacement is
 * the trilinear field plus sum_k P_k(xi) alpha_k with the bubbles P_1 = 1 - xi^2,
 * P_2 = 1 - eta^2, P_3 = 1 - zeta^2 in each of the three directions (9 internal parameters per
 * element). Their derivatives are taken with the Jacobian at the element's centre J0 and
 * scaled by det J0 / det J:
 *   dP_k/dx_j = (J0^-1)_{jk} (-2 xi_k) det J0 / det J,
 * so that int G dV = det J0 J0^-1 sum_ip w (-2 xi_k) = 0 on the 2x2x2 Gauss rule: a uniform
 * strain leaves the modes at rest and the patch test is passed exactly. With the blocks
 *   Kuu = int B^T D B, Kua = int B^T D G, Kaa = int G^T D G (2x2x2 Gauss, CalculiX' rule)
 * the modes are condensed statically (Guyan): K = Kuu - Kua Kaa^-1 Kau, and for a thermal
 * strain eth (initial strain) fu = int B^T D m eth, fa = int G^T D m eth (m = (1,1,1,0,0,0)):
 * alpha = Kaa^-1 (fa - Kau u), condensed load fu - Kua Kaa^-1 fa. The strain at an integration
 * point is B u + G alpha. */
#include <math.h>
#include <string.h>

#include "fem/element_internal.h"

enum { NU = 24, NA = 9, NIP = 8 };

typedef struct {
  double Kuu[NU * NU], Kua[NU * NA], Kaa[NA * NA], fu[NU], fa[NA];
  double B[NIP][6 * NU], G[NIP][6 * NA];   /* row-major, 6 x columns */
} blocks;

/* strain-displacement rows of a vector field with gradient dN (3 per function) for n functions */
static void bfill(int n, const double *dN, double *B)
{
  int nd = 3 * n;
  memset(B, 0, 6 * (size_t)nd * sizeof(double));
  for (int a = 0; a < n; a++) {
    double dx = dN[3 * a], dy = dN[3 * a + 1], dz = dN[3 * a + 2];
    int c = 3 * a;
    B[0 * nd + c] = dx;
    B[1 * nd + c + 1] = dy;
    B[2 * nd + c + 2] = dz;
    B[3 * nd + c] = dy, B[3 * nd + c + 1] = dx;
    B[4 * nd + c] = dz, B[4 * nd + c + 2] = dx;
    B[5 * nd + c + 1] = dz, B[5 * nd + c + 2] = dy;
  }
}

/* J0 (J[k][j] = dx_j / dxi_k at the centre), its inverse Ji[j][k] = dxi_k / dx_j and det */
static int centre_jacobian(const double *X, double Ji[3][3], double *det)
{
  double xi[3] = {0, 0, 0}, N[8], dN[24], J[3][3] = {{0}};
  sn_fe_shape(SN_FAM_HEX8, xi, N, dN);
  for (int a = 0; a < 8; a++)
    for (int k = 0; k < 3; k++)
      for (int j = 0; j < 3; j++) J[k][j] += dN[3 * a + k] * X[3 * a + j];
  double c00 = J[1][1] * J[2][2] - J[1][2] * J[2][1];
  double c01 = J[1][2] * J[2][0] - J[1][0] * J[2][2];
  double c02 = J[1][0] * J[2][1] - J[1][1] * J[2][0];
  double d = J[0][0] * c00 + J[0][1] * c01 + J[0][2] * c02;
  if (!isfinite(d)) return SN_ERR_NAN;
  if (!(d > 0)) return SN_ERR_FORMAT;
  sn_fe_inverse3((const double (*)[3])J, d, Ji);
  *det = d;
  return SN_OK;
}

/* C += s P^T D Q over the 6 strain rows (P: 6 x np, Q: 6 x nq, row-major; C np x nq, row-major) */
static void ptdq(int np, const double *P, int nq, const double *Q, const double D[6][6], double s, double *C)
{
  double DQ[6 * NU];
  for (int i = 0; i < 6; i++)
    for (int c = 0; c < nq; c++) {
      double v = 0;
      for (int j = 0; j < 6; j++) v += D[i][j] * Q[j * nq + c];
      DQ[i * nq + c] = v * s;
    }
  for (int r = 0; r < np; r++)
    for (int c = 0; c < nq; c++) {
      double v = 0;
      for (int i = 0; i < 6; i++) v += P[i * np + r] * DQ[i * nq + c];
      C[r * nq + c] += v;
    }
}

static int assemble(const double *X, const double D[6][6], const double *eth, blocks *b)
{
  double Ji[3][3], det0;
  int st = centre_jacobian(X, Ji, &det0);
  if (st != SN_OK) return st;
  memset(b, 0, sizeof *b);
  for (int k = 0; k < NIP; k++) {
    double xi[3], w, N[8], dNdx[24], detJ;
    sn_fe_rule_point(SN_RULE_HEX8, k, xi, &w);
    if ((st = sn_fe_geometry(SN_FAM_HEX8, 3, X, xi, N, dNdx, &detJ, NULL)) != SN_OK) return st;
    double dP[9];                               /* bubble m: gradient dP[3 m + j] */
    for (int m = 0; m < 3; m++)
      for (int j = 0; j < 3; j++) dP[3 * m + j] = Ji[j][m] * (-2 * xi[m]) * det0 / detJ;
    bfill(8, dNdx, b->B[k]);
    bfill(3, dP, b->G[k]);
    double dv = w * detJ;
    ptdq(NU, b->B[k], NU, b->B[k], D, dv, b->Kuu);
    ptdq(NU, b->B[k], NA, b->G[k], D, dv, b->Kua);
    ptdq(NA, b->G[k], NA, b->G[k], D, dv, b->Kaa);
    double e = eth ? eth[k] : 0;
    if (e != 0) {
      double sig[6];
      for (int i = 0; i < 6; i++) sig[i] = (D[i][0] + D[i][1] + D[i][2]) * e * dv;
      for (int i = 0; i < 6; i++) {
        for (int c = 0; c < NU; c++) b->fu[c] += b->B[k][i * NU + c] * sig[i];
        for (int c = 0; c < NA; c++) b->fa[c] += b->G[k][i * NA + c] * sig[i];
      }
    }
  }
  return SN_OK;
}

/* Cholesky factor of the 9 x 9 Kaa in place (lower triangle), then solves with it */
static int chol9(double *A)
{
  for (int j = 0; j < NA; j++) {
    double s = A[j * NA + j];
    for (int k = 0; k < j; k++) s -= A[j * NA + k] * A[j * NA + k];
    if (!(s > 0)) return SN_ERR_FORMAT;
    double l = sqrt(s);
    A[j * NA + j] = l;
    for (int i = j + 1; i < NA; i++) {
      double t = A[i * NA + j];
      for (int k = 0; k < j; k++) t -= A[i * NA + k] * A[j * NA + k];
      A[i * NA + j] = t / l;
    }
  }
  return SN_OK;
}

static void solve9(const double *L, double *x)
{
  for (int i = 0; i < NA; i++) {
    double t = x[i];
    for (int k = 0; k < i; k++) t -= L[i * NA + k] * x[k];
    x[i] = t / L[i * NA + i];
  }
  for (int i = NA - 1; i >= 0; i--) {
    double t = x[i];
    for (int k = i + 1; k < NA; k++) t -= L[k * NA + i] * x[k];
    x[i] = t / L[i * NA + i];
  }
}

int sn_fe_incompatible_stiffness(const sn_elinfo *e, const double *X, const double D[6][6],
                                 const double *eth, double *Ke, double *fth)
{
  (void)e;
  blocks b;
  int st = assemble(X, D, eth, &b);
  if (st != SN_OK) return st;
  if ((st = chol9(b.Kaa)) != SN_OK) return st;
  /* Z = Kaa^-1 Kau, column c of Z: Kaa^-1 (row c of Kua) */
  double Z[NU][NA], fa[NA];
  for (int c = 0; c < NU; c++) {
    for (int m = 0; m < NA; m++) Z[c][m] = b.Kua[c * NA + m];
    solve9(b.Kaa, Z[c]);
  }
  for (int c2 = 0; c2 < NU; c2++)
    for (int c1 = 0; c1 < NU; c1++) {
      double v = b.Kuu[c1 * NU + c2];
      for (int m = 0; m < NA; m++) v -= b.Kua[c1 * NA + m] * Z[c2][m];
      Ke[c1 + NU * c2] = v;
    }
  for (int c2 = 0; c2 < NU; c2++)      /* exact symmetry (rounding of the two products) */
    for (int c1 = c2 + 1; c1 < NU; c1++) {
      double v = 0.5 * (Ke[c1 + NU * c2] + Ke[c2 + NU * c1]);
      Ke[c1 + NU * c2] = Ke[c2 + NU * c1] = v;
    }
  if (fth) {
    memcpy(fa, b.fa, sizeof fa);
    solve9(b.Kaa, fa);
    for (int c = 0; c < NU; c++) {
      double v = b.fu[c];
      for (int m = 0; m < NA; m++) v -= b.Kua[c * NA + m] * fa[m];
      fth[c] += v;
    }
  }
  return SN_OK;
}

int sn_fe_incompatible_strain(const sn_elinfo *e, const double *X, const double D[6][6],
                              const double *eth, const double *ue, double (*eps)[6])
{
  (void)e;
  blocks b;
  int st = assemble(X, D, eth, &b);
  if (st != SN_OK) return st;
  if ((st = chol9(b.Kaa)) != SN_OK) return st;
  double a[NA];
  for (int m = 0; m < NA; m++) {        /* fa - Kau u */
    double v = b.fa[m];
    for (int c = 0; c < NU; c++) v -= b.Kua[c * NA + m] * ue[c];
    a[m] = v;
  }
  solve9(b.Kaa, a);
  for (int k = 0; k < NIP; k++)
    for (int i = 0; i < 6; i++) {
      double v = 0;
      for (int c = 0; c < NU; c++) v += b.B[k][i * NU + c] * ue[c];
      for (int m = 0; m < NA; m++) v += b.G[k][i * NA + m] * a[m];
      eps[k][i] = v;
    }
  return SN_OK;
}
