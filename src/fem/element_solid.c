/* Continuum elements (plane strain CPE*, plane stress CPS*, axisymmetric CAX*, solids C3D*):
 * linear elastic stiffness, stresses, pressure and gravity loads, volume; and the public
 * sn_element_* entry points (trusses and springs are in element_truss.c).
 *
 * Displacement formulation, B-matrix form (Hughes sec. 2.7-2.8, 3.10; Zienkiewicz-Taylor vol. 1
 * ch. 2, 4, 6): K = sum_ip B^T D B det J w * factor, with
 *   3D:      strain (11, 22, 33, 12, 13, 23), engineering shears; factor 1;
 *   plane:   strain (11, 22, 33, 12) with e33 = 0 in the B matrix; factor = thickness
 *            (sn_elprops.thickness, 1 when 0). Plane strain: D is the 3D D restricted to
 *            (11, 22, 33, 12), so that S33 = nu (S11 + S22). Plane stress: D = E / (1 - nu^2)
 *            [[1, nu], [nu, 1]], shear modulus G, S33 = 0 (the thickness strain is not
 *            reported);
 *   axisym.: x = r, y = z, strain (rr, zz, hoop = u_r / r, rz) (Zienkiewicz-Taylor vol. 1
 *            ch. 5 "axisymmetric stress analysis"); factor = r: every integral (stiffness,
 *            loads, volume) is taken PER RADIAN, i.e. over dr dz times r. Abaqus and
 *            CalculiX (User's Manual sec. 6.2 "Eight-node axisymmetric element": "forces ...
 *            have to be defined for the complete circumference") give concentrated forces
 *            for the whole ring: an assembler either multiplies these per-radian matrices
 *            and loads by 2 pi or divides the deck's point forces (and reactions) by 2 pi.
 *            The hoop stress is component 33. An integration point at r <= 0 (element not in
 *            the half plane r > 0) is a degenerate element.
 * A non-positive det J at any integration point is a degenerate element (SN_ERR_FORMAT). */
#include <math.h>
#include <string.h>

#include "fem/element_internal.h"

/* ---- material ---- */
static int check_material(const sn_elprops *p)
{
  if (!p) return SN_ERR_ARG;
  if (!isfinite(p->E) || !isfinite(p->nu) || !(p->E > 0) || !(p->nu > -1) || !(p->nu < 0.5))
    return SN_ERR_ARG;
  return SN_OK;
}

static int thickness(const sn_elprops *p, double *t)
{
  double v = p ? p->thickness : 0;
  if (!isfinite(v) || v < 0) return SN_ERR_ARG;
  *t = v == 0 ? 1 : v;
  return SN_OK;
}

/* D matrix: nstr = 6 (3D) or 4 (2D, components 11, 22, 33, 12) */
static int dmatrix(sn_elkind kind, const sn_elprops *p, double D[6][6])
{
  double E = p->E, nu = p->nu;
  double lam = E * nu / ((1 + nu) * (1 - 2 * nu)), G = E / (2 * (1 + nu));
  memset(D, 0, 36 * sizeof(double));
  if (kind == SN_KIND_SOLID) {
    for (int i = 0; i < 3; i++) {
      for (int j = 0; j < 3; j++) D[i][j] = lam;
      D[i][i] = lam + 2 * G;
      D[i + 3][i + 3] = G;
    }
    return 6;
  }
  if (kind == SN_KIND_PLANE_STRESS) {
    double c = E / (1 - nu * nu);
    D[0][0] = D[1][1] = c;
    D[0][1] = D[1][0] = c * nu;
  } else { /* plane strain, axisymmetric */
    for (int i = 0; i < 3; i++) {
      for (int j = 0; j < 3; j++) D[i][j] = lam;
      D[i][i] = lam + 2 * G;
    }
  }
  D[3][3] = G;
  return 4;
}

/* ---- isoparametric point: N, dN/dx, integration factor (w det J times thickness / r) ---- */
typedef struct {
  double N[SN_FE_MAXN], dNdx[SN_FE_MAXN * 3], x[3];
  double dv;             /* w det J * factor */
  double r;              /* radius (axisymmetric) */
} ippoint;

static int ip_eval(const sn_elinfo *e, sn_ferule rule, int k, const double *X, double thick,
                   ippoint *q)
{
  double xi[3], w, detJ;
  sn_fe_rule_point(rule, k, xi, &w);
  int st = sn_fe_geometry(e->fam, e->d.sdim, X, xi, q->N, q->dNdx, &detJ, q->x);
  if (st != SN_OK) return st;
  q->r = q->x[0];
  q->dv = w * detJ;
  switch (e->d.kind) {
  case SN_KIND_PLANE_STRAIN: case SN_KIND_PLANE_STRESS: q->dv *= thick; break;
  case SN_KIND_AXISYM:
    if (!(q->r > 0)) return SN_ERR_FORMAT;
    q->dv *= q->r;
    break;
  default: break;
  }
  return SN_OK;
}

/* B matrix, row-major nstr x (nnodes * sdim) */
static void bmatrix(const sn_elinfo *e, const ippoint *q, double *B)
{
  int nn = e->d.nnodes, nd = nn * e->d.sdim;
  if (e->d.sdim == 3) {
    memset(B, 0, 6 * (size_t)nd * sizeof(double));
    for (int a = 0; a < nn; a++) {
      double dx = q->dNdx[3 * a], dy = q->dNdx[3 * a + 1], dz = q->dNdx[3 * a + 2];
      int c = 3 * a;
      B[0 * nd + c] = dx;
      B[1 * nd + c + 1] = dy;
      B[2 * nd + c + 2] = dz;
      B[3 * nd + c] = dy, B[3 * nd + c + 1] = dx;
      B[4 * nd + c] = dz, B[4 * nd + c + 2] = dx;
      B[5 * nd + c + 1] = dz, B[5 * nd + c + 2] = dy;
    }
  } else {
    memset(B, 0, 4 * (size_t)nd * sizeof(double));
    for (int a = 0; a < nn; a++) {
      double dx = q->dNdx[2 * a], dy = q->dNdx[2 * a + 1];
      int c = 2 * a;
      B[0 * nd + c] = dx;
      B[1 * nd + c + 1] = dy;
      if (e->d.kind == SN_KIND_AXISYM) B[2 * nd + c] = q->N[a] / q->r;
      B[3 * nd + c] = dy, B[3 * nd + c + 1] = dx;
    }
  }
}

/* an axisymmetric element's rows of B that can be nonzero in column c (bmatrix's pattern),
 * increasing: r (11, 33 hoop, 12) and z (22, 12). The products with B's other rows are exact
 * zeros, and leaving them out of a sum changes none of its bits (s + 0 = s and s + -0 = s for
 * every s the sums can hold; they start at +0) */
static int axisym_rows(int c, int rows[3])
{
  static const int r[2][3] = {{0, 2, 3}, {1, 3, 0}};
  for (int k = 0; k < 3; k++) rows[k] = r[c % 2][k];
  return c % 2 ? 2 : 3;
}

/* one point's B^T (D B) dv added to the lower triangle of Ke, for a 2D plane (sd 2) or 3D (sd 3)
 * element, B's nonzeros taken from dN/dx directly: column c (node a, component j) has the
 * derivatives g[deriv[j][k]] in the rows row[j][k] (bmatrix's pattern, rows increasing), every
 * sum over them in that order from +0: the bits of the dense product (as axisym_rows) */
static inline __attribute__((always_inline)) void stiffness_point(const int sd, int nn, int ns, const double D[6][6],
                                                                 const double *dNdx, double dv, double *DB,
                                                                 double *Ke)
{
  static const int row2[2][2] = {{0, 3}, {1, 3}}, der2[2][2] = {{0, 1}, {1, 0}};
  static const int row3[3][3] = {{0, 3, 4}, {1, 3, 5}, {2, 4, 5}}, der3[3][3] = {{0, 1, 2}, {1, 0, 2}, {2, 0, 1}};
  const int nr = sd;   /* nonzeros per column of B: 2 in 2D plane, 3 in 3D */
  int nd = nn * sd;
  double bv[SN_FE_MAXN * 3][3];
  int br[SN_FE_MAXN * 3][3];
  for (int a = 0; a < nn; a++)
    for (int j = 0; j < sd; j++)
      for (int k = 0; k < nr; k++) {
        br[sd * a + j][k] = sd == 2 ? row2[j][k] : row3[j][k];
        bv[sd * a + j][k] = dNdx[sd * a + (sd == 2 ? der2[j][k] : der3[j][k])];
      }
  for (int i = 0; i < ns; i++)
    for (int c = 0; c < nd; c++) {
      double t = 0;
      for (int k = 0; k < nr; k++) t += D[i][br[c][k]] * bv[c][k];
      DB[i * nd + c] = t * dv;
    }
  for (int c2 = 0; c2 < nd; c2++)
    for (int c1 = c2; c1 < nd; c1++) {
      double t = 0;
      for (int k = 0; k < nr; k++) t += bv[c1][k] * DB[br[c1][k] * nd + c2];
      Ke[c1 + (size_t)nd * c2] += t;
    }
}

static int solid_stiffness(const sn_elinfo *e, const double *X, const sn_elprops *p, double *Ke)
{
  int nd = e->d.nnodes * e->d.sdim, st;
  double D[6][6], thick, B[6 * SN_FE_MAXN * 3], DB[6 * SN_FE_MAXN * 3];
  if ((st = check_material(p)) != SN_OK || (st = thickness(p, &thick)) != SN_OK) return st;
  int ns = dmatrix(e->d.kind, p, D);
  if (e->incompatible) return sn_fe_incompatible_stiffness(e, X, (const double (*)[6])D, NULL, Ke, NULL);
  int axi = e->d.kind == SN_KIND_AXISYM, rows[SN_FE_MAXN * 3][3], nr[SN_FE_MAXN * 3];
  if (axi)
    for (int c = 0; c < nd; c++) nr[c] = axisym_rows(c, rows[c]);
  memset(Ke, 0, (size_t)nd * nd * sizeof(double));
  for (int k = 0; k < e->d.nip; k++) {
    ippoint q;
    if ((st = ip_eval(e, e->rule, k, X, thick, &q)) != SN_OK) return st;
    if (!axi && e->d.sdim == 2) {
      stiffness_point(2, e->d.nnodes, ns, (const double (*)[6])D, q.dNdx, q.dv, DB, Ke);
      continue;
    }
    if (!axi) {
      stiffness_point(3, e->d.nnodes, ns, (const double (*)[6])D, q.dNdx, q.dv, DB, Ke);
      continue;
    }
    bmatrix(e, &q, B);   /* axisymmetric: the hoop row N / r besides the derivatives */
    for (int i = 0; i < ns; i++)
      for (int c = 0; c < nd; c++) {
        double s = 0;
        for (int r = 0; r < nr[c]; r++) s += D[i][rows[c][r]] * B[rows[c][r] * nd + c];
        DB[i * nd + c] = s * q.dv;
      }
    /* Ke += B^T (D B) dv, lower triangle then mirrored */
    for (int c2 = 0; c2 < nd; c2++)
      for (int c1 = c2; c1 < nd; c1++) {
        double s = 0;
        for (int r = 0; r < nr[c1]; r++) s += B[rows[c1][r] * nd + c1] * DB[rows[c1][r] * nd + c2];
        Ke[c1 + (size_t)nd * c2] += s;
      }
  }
  for (int c2 = 0; c2 < nd; c2++)
    for (int c1 = c2 + 1; c1 < nd; c1++) Ke[c2 + (size_t)nd * c1] = Ke[c1 + (size_t)nd * c2];
  return SN_OK;
}

/* no temperature field, or no expansion: every thermal strain is 0 */
static int no_thermal(const sn_elthermal *th) { return !th || !th->dtemp || th->alpha == 0; }

/* the thermal strain at an integration point: alpha * sum_a N_a dtemp_a (0 without) */
static double ip_thermal(const sn_elinfo *e, const sn_elthermal *th, const double *N)
{
  if (no_thermal(th)) return 0.0;
  double t = 0;
  for (int a = 0; a < e->d.nnodes; a++) t += N[a] * th->dtemp[a];
  return th->alpha * t;
}

/* thermal strains of the integration points of the stiffness rule (nip values) */
static int thermal_strains(const sn_elinfo *e, const double *X, const sn_elthermal *th, double thick,
                           double *eth)
{
  if (no_thermal(th)) return SN_OK;   /* eth stays 0 (ip_thermal's 0) */
  for (int k = 0; k < e->d.nip; k++) {
    ippoint q;
    int st = ip_eval(e, e->rule, k, X, thick, &q);
    if (st != SN_OK) return st;
    eth[k] = ip_thermal(e, th, q.N);
  }
  return SN_OK;
}

/* Mx: e's extrapolation matrix (sn_fe_extrapolation) when the caller holds it, else NULL */
static int solid_stress(const sn_elinfo *e, const double *X, const sn_elprops *p, const sn_elthermal *th,
                        const double *ue, double *Sip, double *Snode, const double *Mx)
{
  int nd = e->d.nnodes * e->d.sdim, nip = e->d.nip, st;
  double D[6][6], thick, B[6 * SN_FE_MAXN * 3], S[SN_FE_MAXIP][6], E[SN_FE_MAXIP][6], eth[SN_FE_MAXIP] = {0};
  if ((st = check_material(p)) != SN_OK || (st = thickness(p, &thick)) != SN_OK) return st;
  int ns = dmatrix(e->d.kind, p, D);
  if ((st = thermal_strains(e, X, th, thick, eth)) != SN_OK) return st;
  if (e->incompatible) {
    if ((st = sn_fe_incompatible_strain(e, X, (const double (*)[6])D, eth, ue, E)) != SN_OK) return st;
  } else {
    for (int k = 0; k < nip; k++) {
      ippoint q;
      if ((st = ip_eval(e, e->rule, k, X, thick, &q)) != SN_OK) return st;
      bmatrix(e, &q, B);
      for (int i = 0; i < 6; i++) E[k][i] = 0;
      for (int i = 0; i < ns; i++)
        for (int c = 0; c < nd; c++) E[k][i] += B[i * nd + c] * ue[c];
    }
  }
  for (int k = 0; k < nip; k++) {
    for (int i = 0; i < 3; i++) E[k][i] -= eth[k];   /* the mechanical strain (3D and 2D: 11 22 33) */
    for (int i = 0; i < 6; i++) S[k][i] = 0;
    for (int i = 0; i < ns; i++)
      for (int j = 0; j < ns; j++) S[k][i] += D[i][j] * E[k][j];
  }
  if (Sip) memcpy(Sip, S, (size_t)nip * 6 * sizeof(double));
  if (Snode) {
    double Mown[SN_FE_MAXN * SN_FE_MAXIP];
    const double *M = Mx;
    if (!M && (st = sn_fe_extrapolation(e, (double *)(M = Mown))) != SN_OK) return st;
    for (int a = 0; a < e->d.nnodes; a++)
      for (int i = 0; i < 6; i++) {
        double s = 0;
        for (int k = 0; k < nip; k++) s += M[a * nip + k] * S[k][i];
        Snode[a * 6 + i] = s;
      }
  }
  return SN_OK;
}

/* Thermal load f = int B^T D eth (1, 1, 1, 0, 0, 0) dV on the stiffness rule (the initial
 * strain of Zienkiewicz-Taylor vol. 1 sec. 2.2-2.3, "initial strain" load); plane stress:
 * D's 33 row and column are zero, so only the in-plane expansion loads. C3D8I: condensed. */
static int solid_thermal(const sn_elinfo *e, const double *X, const sn_elprops *p, const sn_elthermal *th,
                         double *fe)
{
  int nd = e->d.nnodes * e->d.sdim, st;
  double D[6][6], thick, B[6 * SN_FE_MAXN * 3], eth[SN_FE_MAXIP] = {0}, f[SN_FE_MAXN * 3] = {0};
  if ((st = check_material(p)) != SN_OK || (st = thickness(p, &thick)) != SN_OK) return st;
  int ns = dmatrix(e->d.kind, p, D);
  if ((st = thermal_strains(e, X, th, thick, eth)) != SN_OK) return st;
  if (e->incompatible) {
    double Ke[24 * 24];
    if ((st = sn_fe_incompatible_stiffness(e, X, (const double (*)[6])D, eth, Ke, f)) != SN_OK) return st;
  } else {
    for (int k = 0; k < e->d.nip; k++) {
      ippoint q;
      if ((st = ip_eval(e, e->rule, k, X, thick, &q)) != SN_OK) return st;
      if (eth[k] == 0) continue;
      bmatrix(e, &q, B);
      double sig[6];
      for (int i = 0; i < ns; i++) sig[i] = (D[i][0] + D[i][1] + D[i][2]) * eth[k] * q.dv;
      for (int c = 0; c < nd; c++)
        for (int i = 0; i < ns; i++) f[c] += B[i * nd + c] * sig[i];
    }
  }
  for (int c = 0; c < nd; c++) fe[c] += f[c];
  return SN_OK;
}

static int solid_gravity(const sn_elinfo *e, const double *X, const sn_elprops *p,
                         const double *g, double *fe)
{
  int st, sd = e->d.sdim, nr = sn_fe_rule_size(e->mass_rule);
  double thick;
  if ((st = thickness(p, &thick)) != SN_OK) return st;
  if (!isfinite(p->density)) return SN_ERR_ARG;
  double f[SN_FE_MAXN * 3] = {0};
  for (int k = 0; k < nr; k++) {
    ippoint q;
    if ((st = ip_eval(e, e->mass_rule, k, X, thick, &q)) != SN_OK) return st;
    for (int a = 0; a < e->d.nnodes; a++)
      for (int j = 0; j < sd; j++) f[a * sd + j] += p->density * g[j] * q.N[a] * q.dv;
  }
  for (int i = 0; i < e->d.nnodes * sd; i++) fe[i] += f[i];
  return SN_OK;
}

static int solid_volume(const sn_elinfo *e, const double *X, const sn_elprops *p, double *vol)
{
  int st, nr = sn_fe_rule_size(e->mass_rule);
  double thick, v = 0;
  if ((st = thickness(p, &thick)) != SN_OK) return st;
  for (int k = 0; k < nr; k++) {        /* ip_eval's dv without the shape derivatives */
    double xi[3], w, detJ, N[SN_FE_MAXN], x[3];
    sn_fe_rule_point(e->mass_rule, k, xi, &w);
    /* the point's position only where it weighs (axisymmetric: r) */
    if ((st = sn_fe_geometry(e->fam, e->d.sdim, X, xi, N, NULL, &detJ, e->d.kind == SN_KIND_AXISYM ? x : NULL)) != SN_OK)
      return st;
    double dv = w * detJ;
    switch (e->d.kind) {
    case SN_KIND_PLANE_STRAIN: case SN_KIND_PLANE_STRESS: dv *= thick; break;
    case SN_KIND_AXISYM:
      if (!(x[0] > 0)) return SN_ERR_FORMAT;
      dv *= x[0];
      break;
    default: break;
    }
    v += dv;
  }
  *vol = v;
  return SN_OK;
}

/* Uniform pressure on a face: f_a = p int N_a n_in dA (times thickness or r in 2D), with the
 * face parametrised by its own shape functions (face_fam) in the node order of the face table;
 * that order makes the natural normal point inward (see element_table.c). Rules: 2 / 3-point
 * Gauss on edges, 3-point triangle, 2x2 / 3x3 Gauss on quadrilateral faces (exact on
 * straight / flat faces, also for the r factor of axisymmetric edges). */
static int solid_pressure(const sn_elinfo *e, const double *X, const sn_elprops *p, int face,
                          double pressure, double *fe)
{
  int st, sd = e->d.sdim;
  int nodes[8];
  double thick, Xf[8 * 3], f[SN_FE_MAXN * 3] = {0};
  if (face < 1 || face > e->d.nfaces || !isfinite(pressure)) return SN_ERR_ARG;
  sn_fefam ffam;
  int fn = sn_fe_face(e, face, &ffam);
  if ((st = thickness(p, &thick)) != SN_OK) return st;
  for (int i = 0; i < fn; i++) {
    nodes[i] = e->faces[face - 1][i];
    for (int j = 0; j < 3; j++) Xf[3 * i + j] = X[3 * nodes[i] + j];
  }
  sn_ferule rule;
  switch (ffam) {
  case SN_FAM_LINE2: rule = SN_RULE_LINE2; break;
  case SN_FAM_LINE3: rule = SN_RULE_LINE3; break;
  case SN_FAM_TRI3: case SN_FAM_TRI6: rule = SN_RULE_TRI3; break;
  case SN_FAM_QUAD4: rule = SN_RULE_QUAD4; break;
  default: rule = SN_RULE_QUAD9; break;
  }
  double h = 0;
  for (int i = 1; i < fn; i++) {
    double d = 0;
    for (int j = 0; j < 3; j++) d += (Xf[3 * i + j] - Xf[j]) * (Xf[3 * i + j] - Xf[j]);
    if (sqrt(d) > h) h = sqrt(d);
  }
  int nr = sn_fe_rule_size(rule);
  for (int k = 0; k < nr; k++) {
    double xi[3], w, N[8], dN[16], n[3] = {0}, dA, x0 = 0;
    sn_fe_rule_point(rule, k, xi, &w);
    sn_fe_shape(ffam, xi, N, dN);
    if (sd == 2) {
      double t[2] = {0, 0};
      for (int a = 0; a < fn; a++) {
        t[0] += dN[a] * Xf[3 * a];
        t[1] += dN[a] * Xf[3 * a + 1];
        x0 += N[a] * Xf[3 * a];
      }
      n[0] = -t[1], n[1] = t[0];   /* inward normal times ds/ds_nat */
      dA = sqrt(n[0] * n[0] + n[1] * n[1]);
      if (!(dA > 1e-12 * h)) return isfinite(dA) ? SN_ERR_FORMAT : SN_ERR_NAN;
      double fac = e->d.kind == SN_KIND_AXISYM ? x0 : thick;
      if (e->d.kind == SN_KIND_AXISYM && x0 < 0) return SN_ERR_FORMAT;
      for (int a = 0; a < fn; a++)
        for (int j = 0; j < 2; j++) f[2 * nodes[a] + j] += pressure * w * fac * N[a] * n[j];
    } else {
      double a1[3] = {0}, a2[3] = {0};
      for (int a = 0; a < fn; a++)
        for (int j = 0; j < 3; j++) {
          a1[j] += dN[2 * a] * Xf[3 * a + j];
          a2[j] += dN[2 * a + 1] * Xf[3 * a + j];
        }
      n[0] = a1[1] * a2[2] - a1[2] * a2[1];
      n[1] = a1[2] * a2[0] - a1[0] * a2[2];
      n[2] = a1[0] * a2[1] - a1[1] * a2[0];
      dA = sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
      if (!(dA > 1e-12 * h * h)) return isfinite(dA) ? SN_ERR_FORMAT : SN_ERR_NAN;
      for (int a = 0; a < fn; a++)
        for (int j = 0; j < 3; j++) f[3 * nodes[a] + j] += pressure * w * N[a] * n[j];
    }
  }
  for (int i = 0; i < e->d.nnodes * sd; i++) fe[i] += f[i];
  return SN_OK;
}

/* ---- public entry points ---- */
static int finite_coords(const sn_elinfo *e, const double *X)
{
  for (int i = 0; i < 3 * e->d.nnodes; i++)
    if (!isfinite(X[i])) return 0;
  return 1;
}

static int check_thermal(const sn_elinfo *e, const sn_elthermal *th)
{
  if (!th || !th->dtemp) return SN_OK;
  if (!isfinite(th->alpha)) return SN_ERR_ARG;
  for (int a = 0; a < e->d.nnodes; a++)
    if (!isfinite(th->dtemp[a])) return SN_ERR_NAN;
  return SN_OK;
}

int sn_element_stiffness(sn_eltype t, const double *X, const sn_elprops *p, double *Ke)
{
  const sn_elinfo *e = sn_element_info(t);
  if (e && e->d.kind == SN_KIND_GAP) return SN_ERR_ARG;   /* a gap has no element matrices */
  if (!e || !X || !p || !Ke) return SN_ERR_ARG;
  if (!finite_coords(e, X)) return SN_ERR_NAN;
  if (e->fam == SN_FAM_NONE) return sn_fe_truss_stiffness(e, X, p, Ke);
  return solid_stiffness(e, X, p, Ke);
}

int sn_element_stress_thermal(sn_eltype t, const double *X, const sn_elprops *p,
                              const sn_elthermal *th, const double *ue, double *Sip, double *Snode)
{
  return sn_element_stress_x(t, X, p, th, ue, Sip, Snode, NULL);
}

int sn_element_stress_x(sn_eltype t, const double *X, const sn_elprops *p, const sn_elthermal *th,
                        const double *ue, double *Sip, double *Snode, const double *Mx)
{
  const sn_elinfo *e = sn_element_info(t);
  if (e && e->d.kind == SN_KIND_GAP) return SN_ERR_ARG;   /* a gap has no element matrices */
  if (!e || !X || !p || !ue) return SN_ERR_ARG;
  if (!finite_coords(e, X)) return SN_ERR_NAN;
  int st = check_thermal(e, th);
  if (st != SN_OK) return st;
  if (e->fam == SN_FAM_NONE) return sn_fe_truss_stress(e, X, p, th, ue, Sip, Snode);
  return solid_stress(e, X, p, th, ue, Sip, Snode, Mx);
}

int sn_element_stress(sn_eltype t, const double *X, const sn_elprops *p, const double *ue,
                      double *Sip, double *Snode)
{
  return sn_element_stress_thermal(t, X, p, NULL, ue, Sip, Snode);
}

int sn_element_thermal_load(sn_eltype t, const double *X, const sn_elprops *p,
                            const sn_elthermal *th, double *fe)
{
  const sn_elinfo *e = sn_element_info(t);
  if (e && e->d.kind == SN_KIND_GAP) return SN_ERR_ARG;   /* a gap has no element matrices */
  if (!e || !X || !p || !fe) return SN_ERR_ARG;
  if (!finite_coords(e, X)) return SN_ERR_NAN;
  int st = check_thermal(e, th);
  if (st != SN_OK) return st;
  if (no_thermal(th) || e->d.kind == SN_KIND_SPRING) return SN_OK;
  if (e->fam == SN_FAM_NONE) return sn_fe_truss_thermal(e, X, p, th, fe);
  return solid_thermal(e, X, p, th, fe);
}

int sn_element_pressure_load(sn_eltype t, const double *X, const sn_elprops *p, int face,
                             double pressure, double *fe)
{
  const sn_elinfo *e = sn_element_info(t);
  if (!e || !X || !fe) return SN_ERR_ARG;
  if (e->fam == SN_FAM_NONE) return SN_ERR_ARG;   /* no faces */
  if (!finite_coords(e, X)) return SN_ERR_NAN;
  return solid_pressure(e, X, p, face, pressure, fe);
}

int sn_element_gravity_load(sn_eltype t, const double *X, const sn_elprops *p, const double *g,
                            double *fe)
{
  const sn_elinfo *e = sn_element_info(t);
  if (e && e->d.kind == SN_KIND_GAP) return SN_ERR_ARG;   /* a gap has no element matrices */
  if (!e || !X || !p || !g || !fe) return SN_ERR_ARG;
  if (!finite_coords(e, X)) return SN_ERR_NAN;
  for (int j = 0; j < 3; j++)
    if (!isfinite(g[j])) return SN_ERR_ARG;
  if (e->fam == SN_FAM_NONE) return sn_fe_truss_gravity(e, X, p, g, fe);
  return solid_gravity(e, X, p, g, fe);
}

int sn_element_volume(sn_eltype t, const double *X, const sn_elprops *p, double *vol)
{
  const sn_elinfo *e = sn_element_info(t);
  if (e && e->d.kind == SN_KIND_GAP) return SN_ERR_ARG;   /* a gap has no element matrices */
  if (!e || !X || !vol) return SN_ERR_ARG;
  if (!finite_coords(e, X)) return SN_ERR_NAN;
  if (e->fam == SN_FAM_NONE) return sn_fe_truss_volume(e, X, p, vol);
  return solid_volume(e, X, p, vol);
}

int sn_element_ip_coords(sn_eltype t, const double *X, double *Xip)
{
  const sn_elinfo *e = sn_element_info(t);
  if (e && e->d.kind == SN_KIND_GAP) return SN_ERR_ARG;   /* a gap has no element matrices */
  if (!e || !X || !Xip) return SN_ERR_ARG;
  if (!finite_coords(e, X)) return SN_ERR_NAN;
  if (e->fam == SN_FAM_NONE) {   /* one point at the middle */
    for (int j = 0; j < 3; j++) Xip[j] = 0.5 * (X[j] + X[3 + j]);
    return SN_OK;
  }
  for (int k = 0; k < e->d.nip; k++) {
    double xi[3], w, N[SN_FE_MAXN];
    sn_fe_rule_point(e->rule, k, xi, &w);
    sn_fe_shape(e->fam, xi, N, NULL);
    for (int j = 0; j < 3; j++) {
      double s = 0;
      for (int a = 0; a < e->d.nnodes; a++) s += N[a] * X[3 * a + j];
      Xip[3 * k + j] = s;
    }
  }
  return SN_OK;
}

/* the linear elastic D of a continuum kind, for the total Lagrangian elements (element_solid_nl.c) */
int sn_fe_dmatrix(sn_elkind kind, const sn_elprops *p, double D[6][6]) { return dmatrix(kind, p, D); }
