/* Continuum elements of a J2 material (*PLASTIC): at every integration point the radial return
 * of plastic_j2.c from the committed history, then the internal force int B^T sigma dV and the
 * consistent tangent int B^T C_alg B dV (Simo-Hughes, Computational Inelasticity, sec. 3.3 and
 * Box 3.2: with the algorithmic C_alg the Newton iterations converge quadratically).
 *   small strain (nlgeom 0): eps = sym grad u (axisymmetric hoop strain u_r / R), the linear B;
 *   nlgeom 1: the multiplicative finite-strain J2 model of Simo (1988, "A framework for finite
 *     strain elastoplasticity based on maximum plastic dissipation and the multiplicative
 *     decomposition", CMAME 66 and 68) as in Simo-Hughes, Computational Inelasticity, Box 9.1
 *     (the model CalculiX uses for *PLASTIC): F = Fe Fp, history Cp^-1 (stored as Cp^-1 - I)
 *     and PEEQ; elastic law tau = K/2 (J^2 - 1) 1 + mu dev(be_bar), be_bar = J^(-2/3) F Cp^-1 F^T
 *     (U(J) = K/2 ((J^2 - 1)/2 - ln J)); the radial return on s = mu dev(be_bar) with
 *     mu_bar = mu tr(be_bar) / 3 in place of G, the yield condition on the Cauchy stress
 *     (q(tau) = J sy(PEEQ): the *PLASTIC table holds true stresses, as in CalculiX; Simo's
 *     Kirchhoff form would be q(tau) = sy); be_bar_new = s / mu + (tr be_bar / 3) 1. In
 *     the total Lagrangian element every quantity is pulled back: with C = F^T F, t = tr(C Cp^-1)
 *     / 3,  S = K/2 (J^2 - 1) C^-1 + theta mu J^(-2/3) (Cp^-1 - t C^-1),  theta = 1 - 3 mu_bar dp
 *     / q_tr, and Cp^-1_new = theta (Cp^-1 - t C^-1) + t C^-1. The algorithmic tangent dS/dE is
 *     taken by central differences of this exact update (step 1e-7 in C; the element tangent
 *     matches differences of the force to 1e-6, tests/fem/test_plastic_j2.c), not from the
 *     closed form of Box 9.2.
 * Plane stress is refused (the return mapping would have to keep sigma33 = 0). */
#include <math.h>
#include <string.h>

#include "fem/element_internal.h"

static int pl_setup(const sn_elinfo *e, const sn_elprops *p, const double *X, const double *ue, double *thick)
{
  if (!e || !X || !ue || e->fam == SN_FAM_NONE || e->d.kind == SN_KIND_PLANE_STRESS) return SN_ERR_ARG;
  if (!p || !(p->E > 0) || !(p->nu > -1 && p->nu < 0.5) || !isfinite(p->E)) return SN_ERR_ARG;
  for (int i = 0; i < 3 * e->d.nnodes; i++)
    if (!isfinite(X[i])) return SN_ERR_NAN;
  for (int i = 0; i < e->d.sdim * e->d.nnodes; i++)
    if (!isfinite(ue[i])) return SN_ERR_NAN;
  *thick = p->thickness > 0 ? p->thickness : 1.0;
  return SN_OK;
}

/* 3 x 3 helpers */
static double pl_det(double (*A)[3])
{
  return A[0][0] * (A[1][1] * A[2][2] - A[1][2] * A[2][1]) - A[0][1] * (A[1][0] * A[2][2] - A[1][2] * A[2][0]) +
         A[0][2] * (A[1][0] * A[2][1] - A[1][1] * A[2][0]);
}

static void pl_inv(double (*A)[3], double d, double (*Ai)[3])
{
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++) {
      int i1 = (j + 1) % 3, i2 = (j + 2) % 3, j1 = (i + 1) % 3, j2 = (i + 2) % 3;
      Ai[i][j] = (A[i1][j1] * A[i2][j2] - A[i1][j2] * A[i2][j1]) / d;
    }
}

static const int pvi[6] = {0, 1, 2, 0, 0, 1}, pvj[6] = {0, 1, 2, 1, 2, 2};

/* the finite-strain update (header comment) at right Cauchy-Green C: S (Voigt, tensor
 * components) and the new history (may be NULL) */
static int pl_finite_update(const sn_j2 *h, double mu, double K, double (*C)[3], const double *hold, double S[6],
                            double *hnew)
{
  double Cp[3][3], Ci[3][3], dC = pl_det(C);
  if (!(dC > 0)) return isfinite(dC) ? SN_ERR_FORMAT : SN_ERR_NAN;
  pl_inv(C, dC, Ci);
  for (int v = 0; v < 6; v++) Cp[pvi[v]][pvj[v]] = Cp[pvj[v]][pvi[v]] = (v < 3) + hold[v];
  double J = sqrt(dC), j23 = pow(J, -2.0 / 3.0), t = 0, t2 = 0;
  double CC[3][3];                             /* C Cp^-1 */
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++) {
      double a = 0;
      for (int m = 0; m < 3; m++) a += C[i][m] * Cp[m][j];
      CC[i][j] = a;
    }
  for (int i = 0; i < 3; i++) {
    t += CC[i][i] / 3;
    for (int j = 0; j < 3; j++) t2 += CC[i][j] * CC[j][i];
  }
  /* |s_tr|^2 = mu^2 |dev be_bar|^2 = mu^2 J^(-4/3) (tr (C Cp^-1)^2 - 3 t^2) */
  double ns = mu * j23 * sqrt(fmax(t2 - 3 * t * t, 0.0)), qtr = sqrt(1.5) * ns, a = hold[6], sy, H;
  double mubar = mu * j23 * t, theta = 1, dp = 0;
  sn_j2_yield(h, a, &sy, &H);
  if (qtr - J * sy > 1e-12 * J * sy) {          /* the table is in Cauchy (true) stress: q(tau) = J sy */
    dp = sn_j2_consistency(h, mubar / J, qtr / J, a);
    theta = 1 - 3 * mubar * dp / qtr;
  }
  for (int v = 0; v < 6; v++) {
    int i = pvi[v], j = pvj[v];
    S[v] = K / 2 * (J * J - 1) * Ci[i][j] + theta * mu * j23 * (Cp[i][j] - t * Ci[i][j]);
    if (hnew) hnew[v] = theta * (Cp[i][j] - t * Ci[i][j]) + t * Ci[i][j] - (v < 3);
  }
  if (hnew) hnew[6] = a + dp;
  return SN_OK;
}

/* S, history and the tangent dS/dE (engineering shears in E) by central differences */
static int pl_finite(const sn_j2 *h, double E, double nu, double (*F)[3], const double *hold, double S[6],
                     double *hnew, double D[6][6])
{
  double mu = E / (2 * (1 + nu)), K = E / (3 * (1 - 2 * nu)), C[3][3];
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++) {
      double c = 0;
      for (int m = 0; m < 3; m++) c += F[m][i] * F[m][j];
      C[i][j] = c;
    }
  int st = pl_finite_update(h, mu, K, C, hold, S, hnew);
  if (st || !D) return st;
  const double dl = 1e-7;
  for (int w = 0; w < 6; w++) {
    double Cp[3][3], Cm[3][3], Sp[6], Sm[6];
    memcpy(Cp, C, sizeof Cp), memcpy(Cm, C, sizeof Cm);
    int k = pvi[w], l = pvj[w];
    /* E_w moves by dl: C_kk by 2 dl (normal), C_kl = C_lk by dl (engineering shear) */
    double dc = w < 3 ? 2 * dl : dl;
    Cp[k][l] += dc, Cm[k][l] -= dc;
    if (k != l) Cp[l][k] += dc, Cm[l][k] -= dc;
    if ((st = pl_finite_update(h, mu, K, Cp, hold, Sp, NULL)) || (st = pl_finite_update(h, mu, K, Cm, hold, Sm, NULL)))
      return st;
    for (int v = 0; v < 6; v++) D[v][w] = (Sp[v] - Sm[v]) / (2 * dl);
  }
  return SN_OK;
}

/* the point's strain (engineering shears): Green-Lagrange under nlgeom, else sym grad u, in
 * which case F is set to I (the small-strain B) */
static void pl_strain(sn_fe_nlpoint *q, int nlgeom, double E[6])
{
  static const int vi[6] = {0, 1, 2, 0, 0, 1}, vj[6] = {0, 1, 2, 1, 2, 2};
  for (int v = 0; v < 6; v++) {
    int i = vi[v], j = vj[v];
    if (nlgeom) {
      double c = 0;
      for (int m = 0; m < 3; m++) c += q->F[m][i] * q->F[m][j];
      E[v] = v < 3 ? 0.5 * (c - 1) : c;
    } else {
      E[v] = v < 3 ? q->F[i][i] - 1 : q->F[i][j] + q->F[j][i];
    }
  }
  if (!nlgeom) {
    memset(q->F, 0, sizeof q->F);
    for (int i = 0; i < 3; i++) q->F[i][i] = 1;
  }
}

int sn_element_plastic(sn_eltype t, const double *X, const sn_elprops *p, const sn_j2 *h, int nlgeom,
                       const double *ue, const double *hold, double *hnew, double *fint, double *Kt)
{
  const sn_elinfo *e = sn_element_info(t);
  double thick;
  int st = pl_setup(e, p, X, ue, &thick);
  if (st != SN_OK) return st;
  if (!h || !hold) return SN_ERR_ARG;
  if (t == SN_EL_C3D8I) return SN_ERR_ARG;   /* its incompatible modes are not in the plastic element */
  int nd = e->d.nnodes * e->d.sdim;
  if (fint) memset(fint, 0, sizeof(double) * (size_t)nd);
  if (Kt) memset(Kt, 0, sizeof(double) * (size_t)nd * (size_t)nd);
  for (int k = 0; k < e->d.nip; k++) {
    sn_fe_nlpoint q;
    double E[6], S[6], D[6][6], hn[SN_J2_NHIST];
    if ((st = sn_fe_nl_point(e, k, X, ue, thick, &q)) != SN_OK) return st;
    if (nlgeom) st = pl_finite(h, p->E, p->nu, q.F, hold + SN_J2_NHIST * k, S, hn, Kt ? D : NULL);
    else {
      pl_strain(&q, 0, E);
      st = sn_j2_return(h, p->E, p->nu, E, hold + SN_J2_NHIST * k, S, hn, Kt ? D : NULL);
    }
    if (st != SN_OK) return st;
    if (hnew) memcpy(hnew + SN_J2_NHIST * k, hn, sizeof hn);
    sn_fe_nl_point_add(e, &q, D, S, nlgeom, fint, Kt);
  }
  return SN_OK;
}

/* Cauchy stress F S F^T / J (Voigt, tensor components) */
static void pl_cauchy(double (*F)[3], const double S[6], double sig[6])
{
  static const int vi[6] = {0, 1, 2, 0, 0, 1}, vj[6] = {0, 1, 2, 1, 2, 2};
  double Sm[3][3] = {{S[0], S[3], S[4]}, {S[3], S[1], S[5]}, {S[4], S[5], S[2]}}, FS[3][3];
  double J = F[0][0] * (F[1][1] * F[2][2] - F[1][2] * F[2][1]) - F[0][1] * (F[1][0] * F[2][2] - F[1][2] * F[2][0]) +
             F[0][2] * (F[1][0] * F[2][1] - F[1][1] * F[2][0]);
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++) {
      double s = 0;
      for (int m = 0; m < 3; m++) s += F[i][m] * Sm[m][j];
      FS[i][j] = s;
    }
  for (int v = 0; v < 6; v++) {
    double s = 0;
    for (int m = 0; m < 3; m++) s += FS[vi[v]][m] * F[vj[v]][m];
    sig[v] = s / J;
  }
}

/* the point's output stress and strain from the committed history (elastic law on E - Ep) */
static void pl_point_output(const sn_elprops *p, sn_fe_nlpoint *q, int nlgeom, const double *h, double sig[6],
                            double eps[6])
{
  double Fk[3][3], E[6], S[6];
  memcpy(Fk, q->F, sizeof Fk);
  pl_strain(q, nlgeom, E);
  if (nlgeom) {                 /* the committed Cp^-1: the elastic law, no return */
    sn_j2 el = {0};
    el.n = 1, el.sy[0] = INFINITY;
    double C[3][3], mu = p->E / (2 * (1 + p->nu)), K = p->E / (3 * (1 - 2 * p->nu));
    for (int i = 0; i < 3; i++)
      for (int j = 0; j < 3; j++) C[i][j] = (i == j) + (i == j ? E[i] * 2 : E[i + j + 2]);
    pl_finite_update(&el, mu, K, C, h, S, NULL);
    pl_cauchy(Fk, S, sig);
    for (int v = 0; v < 6; v++) eps[v] = v < 3 ? E[v] : 0.5 * E[v];
    return;
  }
  double G = p->E / (2 * (1 + p->nu)), lam = p->E * p->nu / ((1 + p->nu) * (1 - 2 * p->nu));
  double ee[6];
  for (int v = 0; v < 6; v++) ee[v] = E[v] - h[v];
  double tr = ee[0] + ee[1] + ee[2];
  for (int v = 0; v < 6; v++) S[v] = v < 3 ? lam * tr + 2 * G * ee[v] : G * ee[v];
  if (nlgeom) pl_cauchy(Fk, S, sig);
  else memcpy(sig, S, sizeof S);
  for (int v = 0; v < 6; v++) eps[v] = v < 3 ? E[v] : 0.5 * E[v];
}

int sn_element_stress_plastic(sn_eltype t, const double *X, const sn_elprops *p, int nlgeom, const double *ue,
                              const double *h, double *Sip, double *Snode, double *Eip, double *Enode)
{
  const sn_elinfo *e = sn_element_info(t);
  double thick, sig[SN_FE_MAXIP][6], eps[SN_FE_MAXIP][6];
  int st = pl_setup(e, p, X, ue, &thick);
  if (st != SN_OK) return st;
  if (!h) return SN_ERR_ARG;
  int nip = e->d.nip;
  for (int k = 0; k < nip; k++) {
    sn_fe_nlpoint q;
    if ((st = sn_fe_nl_point(e, k, X, ue, thick, &q)) != SN_OK) return st;
    pl_point_output(p, &q, nlgeom, h + SN_J2_NHIST * k, sig[k], eps[k]);
  }
  return sn_fe_point_output(e, sig, eps, Sip, Snode, Eip, Enode);
}
