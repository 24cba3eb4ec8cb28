/* Shape functions, quadrature rules, isoparametric geometry and the extrapolation of
 * integration-point values to nodes.
 *
 * Shape functions (written from the textbook formulas):
 * - LINE2 / LINE3: 1D Lagrange polynomials (Hughes, "The Finite Element Method", sec. 3.2;
 *   Zienkiewicz-Taylor, "The Finite Element Method", vol. 1, 5th ed., sec. 8.5).
 * - QUAD4 / HEX8: bilinear / trilinear Lagrange products (Hughes sec. 3.2, 3.5;
 *   Zienkiewicz-Taylor vol. 1 sec. 8.5, 8.7).
 * - QUAD8 / HEX20: serendipity family, corner N = 1/4 (1 + xi xi_a)(1 + eta eta_a)
 *   (xi xi_a + eta eta_a - 1), midside N = 1/2 (1 - xi^2)(1 + eta eta_a) ... and the 3D
 *   analogue with the factor (xi xi_a + eta eta_a + zeta zeta_a - 2) / 8
 *   (Zienkiewicz-Taylor vol. 1 sec. 8.6 and 8.8, Table/Fig. "serendipity family";
 *   Hughes sec. 3.7).
 * - TRI3 / TRI6, TET4 / TET10: area / volume coordinates L_i, corner N = L_i (2 L_i - 1),
 *   midside N = 4 L_i L_j (Zienkiewicz-Taylor vol. 1 sec. 8.8-8.9; Hughes sec. 3.4, 3.6).
 * - WEDGE6 / WEDGE15 (triangular prisms, Zienkiewicz-Taylor vol. 1 sec. 8.10 "triangular
 *   prisms"): WEDGE6 N = L_i (1 -+ zeta) / 2; WEDGE15 corners L_i (2 L_i - 1)(1 -+ zeta) / 2
 *   - L_i (1 - zeta^2) / 2, triangle-edge midsides 2 L_i L_j (1 -+ zeta), vertical midsides
 *   L_i (1 - zeta^2) (- on the bottom face zeta = -1, + on the top).
 *
 * Quadrature (Hughes Table 3.I.1 / 3.I.2 and sec. 3.8; Zienkiewicz-Taylor vol. 1 sec. 9.5-9.9,
 * Tables 9.1-9.3):
 * - Gauss-Legendre 1, 2, 3 points (+-1/sqrt 3; 0, +-sqrt(3/5) with 8/9, 5/9); tensor products
 *   in 2D / 3D with xi running fastest, then eta, then zeta (Abaqus / CalculiX order).
 * - triangle: centroid (weight 1/2); 3 points (1/6, 1/6), (2/3, 1/6), (1/6, 2/3), weights 1/6
 *   (degree 2; the point k lies nearest to corner k).
 * - tetrahedron: centroid (weight 1/6); 4 points with volume coordinates (b, a, a, a) and
 *   permutations, a = (5 - sqrt 5) / 20, b = (5 + 3 sqrt 5) / 20, weights 1/24 (degree 2;
 *   point k nearest to corner k).
 * - wedge: products of a triangle rule (xi, eta; running fastest) and a Gauss rule (zeta):
 *   centroid x 2 points (C3D6, as CalculiX), 3 points x 2 or x 3 points. */
#include <math.h>
#include <string.h>

#include "fem/element_internal.h"

/* ---- node natural coordinates ---- */
static const double line3_xi[3][1] = {{-1}, {1}, {0}};
static const double tri6_xi[6][2] = {{0, 0}, {1, 0}, {0, 1}, {0.5, 0}, {0.5, 0.5}, {0, 0.5}};
static const double quad8_xi[8][2] = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1},
                                      {0, -1},  {1, 0},  {0, 1}, {-1, 0}};
static const double tet10_xi[10][3] = {{0, 0, 0},   {1, 0, 0},     {0, 1, 0},   {0, 0, 1},
                                       {0.5, 0, 0}, {0.5, 0.5, 0}, {0, 0.5, 0}, {0, 0, 0.5},
                                       {0.5, 0, 0.5}, {0, 0.5, 0.5}};
static const double hex20_xi[20][3] = {
  {-1, -1, -1}, {1, -1, -1}, {1, 1, -1}, {-1, 1, -1}, {-1, -1, 1}, {1, -1, 1}, {1, 1, 1},
  {-1, 1, 1},   {0, -1, -1}, {1, 0, -1}, {0, 1, -1},  {-1, 0, -1}, {0, -1, 1}, {1, 0, 1},
  {0, 1, 1},    {-1, 0, 1},  {-1, -1, 0}, {1, -1, 0}, {1, 1, 0},   {-1, 1, 0}};
static const double wedge15_xi[15][3] = {
  {0, 0, -1},    {1, 0, -1},    {0, 1, -1},  {0, 0, 1},   {1, 0, 1},  {0, 1, 1},
  {0.5, 0, -1},  {0.5, 0.5, -1}, {0, 0.5, -1}, {0.5, 0, 1}, {0.5, 0.5, 1}, {0, 0.5, 1},
  {0, 0, 0},     {1, 0, 0},     {0, 1, 0}};

int sn_fe_fam_dim(sn_fefam f)
{
  switch (f) {
  case SN_FAM_LINE2: case SN_FAM_LINE3: return 1;
  case SN_FAM_TRI3: case SN_FAM_TRI6: case SN_FAM_QUAD4: case SN_FAM_QUAD8: return 2;
  case SN_FAM_TET4: case SN_FAM_TET10: case SN_FAM_HEX8: case SN_FAM_HEX20: return 3;
  case SN_FAM_WEDGE6: case SN_FAM_WEDGE15: return 3;
  default: return 0;
  }
}

int sn_fe_fam_nodes(sn_fefam f)
{
  switch (f) {
  case SN_FAM_LINE2: return 2;
  case SN_FAM_LINE3: return 3;
  case SN_FAM_TRI3: return 3;
  case SN_FAM_TRI6: return 6;
  case SN_FAM_QUAD4: return 4;
  case SN_FAM_QUAD8: return 8;
  case SN_FAM_TET4: return 4;
  case SN_FAM_TET10: return 10;
  case SN_FAM_HEX8: return 8;
  case SN_FAM_HEX20: return 20;
  case SN_FAM_WEDGE6: return 6;
  case SN_FAM_WEDGE15: return 15;
  default: return 0;
  }
}

const double *sn_fe_node_xi(sn_fefam f, int a)
{
  switch (f) {
  case SN_FAM_LINE2: case SN_FAM_LINE3: return line3_xi[a];
  case SN_FAM_TRI3: case SN_FAM_TRI6: return tri6_xi[a];
  case SN_FAM_QUAD4: case SN_FAM_QUAD8: return quad8_xi[a];
  case SN_FAM_TET4: case SN_FAM_TET10: return tet10_xi[a];
  case SN_FAM_HEX8: case SN_FAM_HEX20: return hex20_xi[a];
  case SN_FAM_WEDGE6: case SN_FAM_WEDGE15: return wedge15_xi[a];
  default: return NULL;
  }
}

/* serendipity quadrilateral / hexahedron from the node table: a zero natural coordinate of
 * node a marks a midside direction */
static void serendipity(int dim, int nn, const double (*xa)[3], const double (*xa2)[2],
                        const double *xi, double *N, double *dN)
{
  for (int a = 0; a < nn; a++) {
    double c[3];
    for (int k = 0; k < dim; k++) c[k] = dim == 3 ? xa[a][k] : xa2[a][k];
    int mid = -1;
    for (int k = 0; k < dim; k++)
      if (c[k] == 0) mid = k;
    if (mid < 0) {
      /* corner: prod(1 + xi_k c_k) (sum xi_k c_k - (dim - 1)) / 2^dim */
      double f[3], s = -(double)(dim - 1), prod = 1, scale = dim == 3 ? 0.125 : 0.25;
      for (int k = 0; k < dim; k++) {
        f[k] = 1 + xi[k] * c[k];
        s += xi[k] * c[k];
        prod *= f[k];
      }
      N[a] = scale * prod * s;
      if (dN)
        for (int k = 0; k < dim; k++) {
          double pk = 1;
          for (int l = 0; l < dim; l++)
            if (l != k) pk *= f[l];
          dN[a * dim + k] = scale * (c[k] * pk * s + prod * c[k]);
        }
    } else {
      /* midside: (1 - xi_mid^2) prod_{k != mid} (1 + xi_k c_k) / 2^(dim - 1) */
      double f[3], prod = 1, scale = dim == 3 ? 0.25 : 0.5;
      for (int k = 0; k < dim; k++) {
        f[k] = k == mid ? 1 - xi[k] * xi[k] : 1 + xi[k] * c[k];
        prod *= f[k];
      }
      N[a] = scale * prod;
      if (dN)
        for (int k = 0; k < dim; k++) {
          double pk = 1;
          for (int l = 0; l < dim; l++)
            if (l != k) pk *= f[l];
          dN[a * dim + k] = scale * pk * (k == mid ? -2 * xi[k] : c[k]);
        }
    }
  }
}

/* Lagrange product (bilinear / trilinear) */
static void lagrange1(int dim, int nn, const double (*xa)[3], const double (*xa2)[2],
                      const double *xi, double *N, double *dN)
{
  double scale = dim == 3 ? 0.125 : 0.25;
  for (int a = 0; a < nn; a++) {
    double f[3], prod = 1;
    for (int k = 0; k < dim; k++) {
      f[k] = 1 + xi[k] * (dim == 3 ? xa[a][k] : xa2[a][k]);
      prod *= f[k];
    }
    N[a] = scale * prod;
    if (dN)
      for (int k = 0; k < dim; k++) {
        double pk = 1;
        for (int l = 0; l < dim; l++)
          if (l != k) pk *= f[l];
        dN[a * dim + k] = scale * pk * (dim == 3 ? xa[a][k] : xa2[a][k]);
      }
  }
}

/* simplex: volume coordinates L (dim + 1) and dL_i/dxi_k = -1 for i = 0, delta_{i,k+1} else */
static double dL(int i, int k) { return i == 0 ? -1.0 : (i == k + 1 ? 1.0 : 0.0); }

static void simplex(int dim, int quadratic, const int (*mid)[2], int nmid, const double *xi,
                    double *N, double *dN)
{
  double L[4];
  L[0] = 1;
  for (int k = 0; k < dim; k++) {
    L[k + 1] = xi[k];
    L[0] -= xi[k];
  }
  int nc = dim + 1;
  for (int i = 0; i < nc; i++) {
    N[i] = quadratic ? L[i] * (2 * L[i] - 1) : L[i];
    if (dN)
      for (int k = 0; k < dim; k++) dN[i * dim + k] = (quadratic ? 4 * L[i] - 1 : 1) * dL(i, k);
  }
  if (!quadratic) return;
  for (int m = 0; m < nmid; m++) {
    int i = mid[m][0], j = mid[m][1], a = nc + m;
    N[a] = 4 * L[i] * L[j];
    if (dN)
      for (int k = 0; k < dim; k++) dN[a * dim + k] = 4 * (dL(i, k) * L[j] + L[i] * dL(j, k));
  }
}

/* wedges: L (3 triangle coordinates) times functions of zeta; quadratic: the serendipity prism */
static void wedge(int quadratic, const double *xi, double *N, double *dN)
{
  double L[3] = {1 - xi[0] - xi[1], xi[0], xi[1]}, z = xi[2];
  for (int h = 0; h < 2; h++) {          /* h 0: bottom (zeta = -1), 1: top */
    double s = h ? 1.0 : -1.0, f = 0.5 * (1 + s * z), df = 0.5 * s;
    for (int i = 0; i < 3; i++) {
      int a = 3 * h + i;
      double g = quadratic ? L[i] * (2 * L[i] - 1) : L[i], dg = quadratic ? 4 * L[i] - 1 : 1;
      double b = quadratic ? 0.5 * L[i] * (1 - z * z) : 0, db = quadratic ? -L[i] * z : 0;
      N[a] = g * f - b;
      if (dN) {
        for (int k = 0; k < 2; k++) dN[3 * a + k] = (dg * f - (quadratic ? 0.5 * (1 - z * z) : 0)) * dL(i, k);
        dN[3 * a + 2] = g * df - db;
      }
    }
  }
  if (!quadratic) return;
  static const int em[3][2] = {{0, 1}, {1, 2}, {2, 0}};
  for (int h = 0; h < 2; h++) {
    double s = h ? 1.0 : -1.0, f = 1 + s * z;
    for (int m = 0; m < 3; m++) {
      int a = 6 + 3 * h + m, i = em[m][0], j = em[m][1];
      N[a] = 2 * L[i] * L[j] * f;
      if (dN) {
        for (int k = 0; k < 2; k++) dN[3 * a + k] = 2 * f * (dL(i, k) * L[j] + L[i] * dL(j, k));
        dN[3 * a + 2] = 2 * L[i] * L[j] * s;
      }
    }
  }
  for (int i = 0; i < 3; i++) {
    int a = 12 + i;
    N[a] = L[i] * (1 - z * z);
    if (dN) {
      for (int k = 0; k < 2; k++) dN[3 * a + k] = (1 - z * z) * dL(i, k);
      dN[3 * a + 2] = -2 * z * L[i];
    }
  }
}

static const int tri_mid[3][2] = {{0, 1}, {1, 2}, {2, 0}};
static const int tet_mid[6][2] = {{0, 1}, {1, 2}, {2, 0}, {0, 3}, {1, 3}, {2, 3}};

void sn_fe_shape(sn_fefam f, const double *xi, double *N, double *dN)
{
  switch (f) {
  case SN_FAM_LINE2:
    N[0] = 0.5 * (1 - xi[0]);
    N[1] = 0.5 * (1 + xi[0]);
    if (dN) dN[0] = -0.5, dN[1] = 0.5;
    break;
  case SN_FAM_LINE3:
    N[0] = 0.5 * xi[0] * (xi[0] - 1);
    N[1] = 0.5 * xi[0] * (xi[0] + 1);
    N[2] = 1 - xi[0] * xi[0];
    if (dN) dN[0] = xi[0] - 0.5, dN[1] = xi[0] + 0.5, dN[2] = -2 * xi[0];
    break;
  case SN_FAM_TRI3: simplex(2, 0, NULL, 0, xi, N, dN); break;
  case SN_FAM_TRI6: simplex(2, 1, tri_mid, 3, xi, N, dN); break;
  case SN_FAM_TET4: simplex(3, 0, NULL, 0, xi, N, dN); break;
  case SN_FAM_TET10: simplex(3, 1, tet_mid, 6, xi, N, dN); break;
  case SN_FAM_QUAD4: lagrange1(2, 4, NULL, quad8_xi, xi, N, dN); break;
  case SN_FAM_QUAD8: serendipity(2, 8, NULL, quad8_xi, xi, N, dN); break;
  case SN_FAM_HEX8: lagrange1(3, 8, hex20_xi, NULL, xi, N, dN); break;
  case SN_FAM_HEX20: serendipity(3, 20, hex20_xi, NULL, xi, N, dN); break;
  case SN_FAM_WEDGE6: wedge(0, xi, N, dN); break;
  case SN_FAM_WEDGE15: wedge(1, xi, N, dN); break;
  default: break;
  }
}

/* ---- quadrature ---- */
static const double g2[2] = {-0.57735026918962576451, 0.57735026918962576451};
static const double g2w[2] = {1, 1};
static const double g3[3] = {-0.77459666924148337704, 0, 0.77459666924148337704};
static const double g3w[3] = {5.0 / 9.0, 8.0 / 9.0, 5.0 / 9.0};

int sn_fe_rule_size(sn_ferule r)
{
  switch (r) {
  case SN_RULE_LINE1: return 1;
  case SN_RULE_LINE2: return 2;
  case SN_RULE_LINE3: return 3;
  case SN_RULE_TRI1: return 1;
  case SN_RULE_TRI3: return 3;
  case SN_RULE_QUAD4: return 4;
  case SN_RULE_QUAD9: return 9;
  case SN_RULE_TET1: return 1;
  case SN_RULE_TET4: return 4;
  case SN_RULE_HEX8: return 8;
  case SN_RULE_HEX27: return 27;
  case SN_RULE_WEDGE2: return 2;
  case SN_RULE_WEDGE6: return 6;
  case SN_RULE_WEDGE9: return 9;
  default: return 0;
  }
}

void sn_fe_rule_point(sn_ferule r, int k, double *xi, double *w)
{
  const double a4 = 0.13819660112501051518;   /* (5 - sqrt 5) / 20 */
  const double b4 = 0.58541019662496845446;   /* (5 + 3 sqrt 5) / 20 */
  switch (r) {
  case SN_RULE_LINE1: xi[0] = 0; *w = 2; break;
  case SN_RULE_LINE2: xi[0] = g2[k]; *w = g2w[k]; break;
  case SN_RULE_LINE3: xi[0] = g3[k]; *w = g3w[k]; break;
  case SN_RULE_TRI1: xi[0] = xi[1] = 1.0 / 3.0; *w = 0.5; break;
  case SN_RULE_TRI3:
    xi[0] = k == 1 ? 2.0 / 3.0 : 1.0 / 6.0;
    xi[1] = k == 2 ? 2.0 / 3.0 : 1.0 / 6.0;
    *w = 1.0 / 6.0;
    break;
  case SN_RULE_QUAD4: xi[0] = g2[k % 2]; xi[1] = g2[k / 2]; *w = 1; break;
  case SN_RULE_QUAD9:
    xi[0] = g3[k % 3]; xi[1] = g3[k / 3];
    *w = g3w[k % 3] * g3w[k / 3];
    break;
  case SN_RULE_TET1: xi[0] = xi[1] = xi[2] = 0.25; *w = 1.0 / 6.0; break;
  case SN_RULE_TET4:
    for (int d = 0; d < 3; d++) xi[d] = k == d + 1 ? b4 : a4;
    *w = 1.0 / 24.0;
    break;
  case SN_RULE_HEX8: xi[0] = g2[k % 2]; xi[1] = g2[(k / 2) % 2]; xi[2] = g2[k / 4]; *w = 1; break;
  case SN_RULE_HEX27:
    xi[0] = g3[k % 3]; xi[1] = g3[(k / 3) % 3]; xi[2] = g3[k / 9];
    *w = g3w[k % 3] * g3w[(k / 3) % 3] * g3w[k / 9];
    break;
  case SN_RULE_WEDGE2: xi[0] = xi[1] = 1.0 / 3.0; xi[2] = g2[k]; *w = 0.5; break;
  case SN_RULE_WEDGE6: case SN_RULE_WEDGE9:
    sn_fe_rule_point(SN_RULE_TRI3, k % 3, xi, w);
    xi[2] = r == SN_RULE_WEDGE6 ? g2[k / 3] : g3[k / 3];
    *w *= r == SN_RULE_WEDGE6 ? g2w[k / 3] : g3w[k / 3];
    break;
  default: *w = 0; break;
  }
}

/* ---- geometry ----
 * geometry_dim is the whole computation with the dimension a constant: sn_fe_geometry calls it
 * with sdim 2 or 3 written out, so that the compiler unrolls the loops over coordinates (the
 * same operations in the same order: the results are bit for bit those of the loops over a
 * variable dimension; the stiffness, stress and volume passes of a 2D or 3D mesh spend about
 * half their time here) */
static inline __attribute__((always_inline)) int geometry_dim(sn_fefam f, const int sdim, const double *X,
                                                             const double *xi, double *N, double *dNdx,
                                                             double *detJ, double *x)
{
  const int dim = sdim;
  int nn = sn_fe_fam_nodes(f);
  double dN[SN_FE_MAXN * 3], J[3][3] = {{0}}, lo[3], hi[3];
  sn_fe_shape(f, xi, N, dN);
  for (int j = 0; j < sdim; j++) lo[j] = hi[j] = X[j];
  for (int a = 0; a < nn; a++)
    for (int j = 0; j < sdim; j++) {
      double xj = X[3 * a + j];
      if (xj < lo[j]) lo[j] = xj;
      if (xj > hi[j]) hi[j] = xj;
      for (int k = 0; k < dim; k++) J[k][j] += dN[a * dim + k] * xj;
    }
  if (x) {
    x[0] = x[1] = x[2] = 0;
    for (int a = 0; a < nn; a++)
      for (int j = 0; j < 3; j++) x[j] += N[a] * X[3 * a + j];
  }
  double h = 0;
  for (int j = 0; j < sdim; j++)
    if (hi[j] - lo[j] > h) h = hi[j] - lo[j];
  double d;
  if (sdim == 2) {
    d = J[0][0] * J[1][1] - J[0][1] * J[1][0];
  } else {
    double c00 = J[1][1] * J[2][2] - J[1][2] * J[2][1];
    double c01 = J[1][2] * J[2][0] - J[1][0] * J[2][2];
    double c02 = J[1][0] * J[2][1] - J[1][1] * J[2][0];
    d = J[0][0] * c00 + J[0][1] * c01 + J[0][2] * c02;
  }
  *detJ = d;
  if (!isfinite(d) || !isfinite(h)) return SN_ERR_NAN;
  /* a natural-coordinate volume of order one maps to h^sdim; 1e-12 of it is rounding noise */
  double hs = h;                        /* h^sdim by products: pow() took a sixth of the */
  for (int k = 1; k < sdim; k++) hs *= h; /* stiffness loop on the Hertz deck */
  if (!(d > 1e-12 * hs)) return SN_ERR_FORMAT;
  if (!dNdx) return SN_OK;              /* the volume alone: no inverse */
  double Ji[3][3];                      /* inverse of J (rows = natural, columns = physical) */
  if (sdim == 2) {
    Ji[0][0] = J[1][1] / d;
    Ji[0][1] = -J[0][1] / d;
    Ji[1][0] = -J[1][0] / d;
    Ji[1][1] = J[0][0] / d;
  } else {
    sn_fe_inverse3((const double (*)[3])J, d, Ji);
  }
  /* J[k][j] = dx_j / dxi_k, so dN/dxi_k = sum_j J[k][j] dN/dx_j and
   * dN/dx_j = sum_k (J^-1)[j][k] dN/dxi_k */
  for (int a = 0; a < nn; a++)
    for (int j = 0; j < sdim; j++) {
      double s = 0;
      for (int k = 0; k < dim; k++) s += Ji[j][k] * dN[a * dim + k];
      dNdx[a * sdim + j] = s;
    }
  return SN_OK;
}

int sn_fe_geometry(sn_fefam f, int sdim, const double *X, const double *xi, double *N,
                   double *dNdx, double *detJ, double *x)
{
  if (sn_fe_fam_dim(f) != sdim) return SN_ERR_ARG;
  if (sdim == 2) return geometry_dim(f, 2, X, xi, N, dNdx, detJ, x);
  if (sdim == 3) return geometry_dim(f, 3, X, xi, N, dNdx, detJ, x);
  return geometry_dim(f, sdim, X, xi, N, dNdx, detJ, x);
}

/* ---- extrapolation to nodes ----
 * Method (documented choice): a polynomial of the element's LINEAR family - {1, xi, eta}
 * (triangles), {1, xi, eta, xi eta} (quadrilaterals), {1, xi, eta, zeta} (tetrahedra),
 * {1, xi, eta, zeta, xi eta, eta zeta, zeta xi, xi eta zeta} (hexahedra), {1, zeta} (C3D6's
 * two points) and {1, zeta, xi, eta, xi zeta, eta zeta} (C3D15's nine), or the constant
 * for one-point rules - is fitted to the integration-point values by least squares and
 * evaluated at the CORNER nodes; a midside node gets the mean of its two corners.
 * Where the rule has as many points as the polynomial has terms (CPE3/CPE4/CPE6, CAX4,
 * C3D4, C3D8, C3D10, the reduced 2x2 / 2x2x2 rules) this is the exact inverse of the
 * interpolation through the points. Constant and linear fields are reproduced.
 * The 3x3 and 3x3x3 rules of the 8-node quadrilaterals (CPE8, CPS8, CAX8) and of C3D20 take,
 * as CalculiX does, the least-squares fit of the element's own shape functions to the point
 * values (nodal values v = (N^T N)^-1 N^T s, N the points' shape-function matrix): on a
 * one-element C3D20 deck this reproduces ccx 2.20's .frd nodal stresses to the digits printed
 * (tests/fem/test_element_shape.c); the element's quadratic fields are reproduced. */
static int basis(sn_fefam f, int nip, const double *xi, double *P)
{
  if (nip == 1) {
    P[0] = 1;
    return 1;
  }
  switch (f) {
  case SN_FAM_TRI3: case SN_FAM_TRI6:
    P[0] = 1, P[1] = xi[0], P[2] = xi[1];
    return 3;
  case SN_FAM_QUAD4: case SN_FAM_QUAD8:
    P[0] = 1, P[1] = xi[0], P[2] = xi[1], P[3] = xi[0] * xi[1];
    return 4;
  case SN_FAM_TET4: case SN_FAM_TET10:
    P[0] = 1, P[1] = xi[0], P[2] = xi[1], P[3] = xi[2];
    return 4;
  case SN_FAM_HEX8: case SN_FAM_HEX20:
    P[0] = 1, P[1] = xi[0], P[2] = xi[1], P[3] = xi[2];
    P[4] = xi[0] * xi[1], P[5] = xi[1] * xi[2], P[6] = xi[2] * xi[0];
    P[7] = xi[0] * xi[1] * xi[2];
    return 8;
  case SN_FAM_WEDGE6: case SN_FAM_WEDGE15:
    P[0] = 1, P[1] = xi[2];
    if (nip == 2) return 2;              /* C3D6: the two points on the axis */
    P[2] = xi[0], P[3] = xi[1], P[4] = xi[0] * xi[2], P[5] = xi[1] * xi[2];
    return 6;
  default:
    P[0] = 1;
    return 1;
  }
}

/* solve the small SPD system A y = b (m <= 8) by Cholesky; A is overwritten */
static int small_spd_solve(int m, double *A, double *b)
{
  for (int j = 0; j < m; j++) {
    double s = A[j * m + j];
    for (int k = 0; k < j; k++) s -= A[j * m + k] * A[j * m + k];
    if (!(s > 0)) return SN_ERR_SINGULAR;
    double l = sqrt(s);
    A[j * m + j] = l;
    for (int i = j + 1; i < m; i++) {
      double t = A[i * m + j];
      for (int k = 0; k < j; k++) t -= A[i * m + k] * A[j * m + k];
      A[i * m + j] = t / l;
    }
  }
  for (int i = 0; i < m; i++) {
    double t = b[i];
    for (int k = 0; k < i; k++) t -= A[i * m + k] * b[k];
    b[i] = t / A[i * m + i];
  }
  for (int i = m - 1; i >= 0; i--) {
    double t = b[i];
    for (int k = i + 1; k < m; k++) t -= A[k * m + i] * b[k];
    b[i] = t / A[i * m + i];
  }
  return SN_OK;
}

/* the least-squares fit of the shape functions of family f (nn nodes) to nip points of rule r:
 * M (nn x nip) = (N^T N)^-1 N^T, N[k][a] = N_a(xi_k) */
static int shape_fit(sn_fefam f, sn_ferule r, int nn, int nip, double *M)
{
  double N[SN_FE_MAXIP][SN_FE_MAXN], G[SN_FE_MAXN * SN_FE_MAXN], dN[SN_FE_MAXN * 3], xi[3] = {0, 0, 0}, w;
  for (int k = 0; k < nip; k++) {
    sn_fe_rule_point(r, k, xi, &w);
    sn_fe_shape(f, xi, N[k], dN);
  }
  for (int a = 0; a < nn; a++)
    for (int b = 0; b < nn; b++) {
      double s = 0;
      for (int k = 0; k < nip; k++) s += N[k][a] * N[k][b];
      G[a * nn + b] = s;
    }
  /* Gauss-Jordan with partial pivoting on [G | N^T] (G is SPD for these rules) */
  double T[SN_FE_MAXN][SN_FE_MAXN + SN_FE_MAXIP];
  for (int a = 0; a < nn; a++) {
    for (int b = 0; b < nn; b++) T[a][b] = G[a * nn + b];
    for (int k = 0; k < nip; k++) T[a][nn + k] = N[k][a];
  }
  for (int c = 0; c < nn; c++) {
    int piv = c;
    for (int a = c + 1; a < nn; a++) if (fabs(T[a][c]) > fabs(T[piv][c])) piv = a;
    if (!(fabs(T[piv][c]) > 1e-12)) return SN_ERR_SINGULAR;
    if (piv != c)
      for (int j = 0; j < nn + nip; j++) { double t = T[c][j]; T[c][j] = T[piv][j]; T[piv][j] = t; }
    for (int a = 0; a < nn; a++) {
      if (a == c) continue;
      double q = T[a][c] / T[c][c];
      if (q != 0.0)
        for (int j = c; j < nn + nip; j++) T[a][j] -= q * T[c][j];
    }
  }
  for (int a = 0; a < nn; a++)
    for (int k = 0; k < nip; k++) M[a * nip + k] = T[a][nn + k] / T[a][a];
  return SN_OK;
}

int sn_fe_extrapolation(const sn_elinfo *e, double *M)
{
  int nip = e->d.nip, nn = e->d.nnodes, m = 1;
  double P[SN_FE_MAXIP][8], A[64], xi[3], w;
  if ((e->fam == SN_FAM_HEX20 && nip == 27) || (e->fam == SN_FAM_QUAD8 && nip == 9))
    return shape_fit(e->fam, e->rule, nn, nip, M);
  if (e->fam == SN_FAM_NONE) {  /* trusses and springs: one point, constant */
    for (int a = 0; a < nn; a++)
      for (int k = 0; k < nip; k++) M[a * nip + k] = 1.0 / nip;
    return SN_OK;
  }
  for (int k = 0; k < nip; k++) {
    sn_fe_rule_point(e->rule, k, xi, &w);
    m = basis(e->fam, nip, xi, P[k]);
  }
  double G[64];   /* normal equations of the fit: G = sum_k P_k P_k^T */
  for (int i = 0; i < m; i++)
    for (int j = 0; j < m; j++) {
      double s = 0;
      for (int k = 0; k < nip; k++) s += P[k][i] * P[k][j];
      G[i * m + j] = s;
    }
  for (int c = 0; c < e->ncorner; c++) {
    /* value at corner c = P(xi_c)^T G^-1 sum_k P_k v_k: M[c][k] = (G^-1 P(xi_c)) . P_k */
    double y[8];
    memcpy(A, G, sizeof G);
    basis(e->fam, nip, sn_fe_node_xi(e->fam, c), y);
    int st = small_spd_solve(m, A, y);
    if (st != SN_OK) return st;
    for (int k = 0; k < nip; k++) {
      double s = 0;
      for (int i = 0; i < m; i++) s += y[i] * P[k][i];
      M[c * nip + k] = s;
    }
  }
  for (int a = e->ncorner; a < nn; a++) {
    int i = e->mid[a - e->ncorner][0], j = e->mid[a - e->ncorner][1];
    for (int k = 0; k < nip; k++) M[a * nip + k] = 0.5 * (M[i * nip + k] + M[j * nip + k]);
  }
  return SN_OK;
}

int sn_fe_point_output(const sn_elinfo *e, double (*sig)[6], double (*eps)[6], double *Sip, double *Snode,
                       double *Eip, double *Enode)
{
  int nip = e->d.nip, st;
  if (Sip) memcpy(Sip, sig, sizeof(double) * 6 * (size_t)nip);
  if (Eip) memcpy(Eip, eps, sizeof(double) * 6 * (size_t)nip);
  if (Snode || Enode) {
    double M[SN_FE_MAXN * SN_FE_MAXIP];
    if ((st = sn_fe_extrapolation(e, M)) != SN_OK) return st;
    for (int a = 0; a < e->d.nnodes; a++)
      for (int i = 0; i < 6; i++) {
        double s = 0, g = 0;
        for (int k = 0; k < nip; k++) { s += M[a * nip + k] * sig[k][i]; g += M[a * nip + k] * eps[k][i]; }
        if (Snode) Snode[a * 6 + i] = s;
        if (Enode) Enode[a * 6 + i] = g;
      }
  }
  return SN_OK;
}
