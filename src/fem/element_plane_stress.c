/* CalculiX' plane-stress elements as the 3D elements it expands them into (fem.h,
 * sn_element_ps_stretch / sn_element_ps_layer).
 *
 * CalculiX 2.20 computes a CPS element as a 3D element one layer thick (User's Manual, section
 * 6.2: CPS3 -> C3D6, CPS4 -> C3D8, CPS6 -> C3D15, CPS8 -> C3D20, CPS8R -> C3D20R): its nodes are
 * copies of the 2D node at z = -t/2, 0 (corner nodes of the quadratic elements) and +t/2 that
 * share the 2D node's in-plane displacement, while their out-of-plane displacements are
 * unknowns of their own (the middle ones held at 0 by symmetry). For these serendipity families
 * the 3D shape functions of the copies of node a sum to the 2D N_a, and the difference of the
 * top and bottom ones is zeta N_a (zeta the thickness coordinate, z = zeta t / 2); so with the
 * top copy at +w_a and the bottom one at -w_a the out-of-plane displacement is
 *   u_z = zeta W(x, y),  W = sum_a N_a w_a,
 * and the strains are the 2D in-plane ones plus
 *   eps_zz = 2 W / t,  gamma_xz = zeta dW/dx,  gamma_yz = zeta dW/dy.
 * The w_a minimise the element's strain energy at the given in-plane strains: with the
 * plane-stress eps_zz^ps (where s_zz = 0), s_zz = (lambda + 2 G) (2 W / t - eps_zz^ps), and
 * integrating over the thickness (mean of zeta^2 = 1/3, exact for the 2- and 3-point Gauss rules
 * of CalculiX' elements), the stationarity conditions are K_w w = f_w with
 *   K_w = int [ (lambda + 2 G) (2 / t)^2 N N^T + G / 3 (N_x N_x^T + N_y N_y^T) ] t dA,
 *   f_w = int (lambda + 2 G) (2 / t) eps_zz^ps N t dA,
 * assembled over the model (the w_a are shared between elements). At a point of the layer zeta
 * the 3D stress is then the plane-stress one plus d = 2 W / t - eps_zz^ps:
 *   s_xx += lambda d, s_yy += lambda d, s_zz = (lambda + 2 G) d, s_xz = G zeta W_x,
 *   s_yz = G zeta W_y,
 * and its strains (tensor shears, as CalculiX prints E) the in-plane ones with eps_zz = 2 W / t,
 * e_xz = zeta W_x / 2, e_yz = zeta W_y / 2.
 * Checked against ccx 2.20 (tests/analysis/test_plane_stress_layers.c). */
#include "fem/element_internal.h"

#include <math.h>
#include <string.h>

static int lame(const sn_elinfo *e, const sn_elprops *p, double *lam, double *G, double *t)
{
  if (!e || e->d.kind != SN_KIND_PLANE_STRESS || !p) return SN_ERR_ARG;
  if (!(p->E > 0) || !(p->nu > -1 && p->nu < 0.5) || !(p->thickness >= 0)) return SN_ERR_ARG;
  *lam = p->E * p->nu / ((1 + p->nu) * (1 - 2 * p->nu));
  *G = p->E / (2 * (1 + p->nu));
  *t = p->thickness > 0 ? p->thickness : 1.0;
  return SN_OK;
}

int sn_element_ps_stretch(sn_eltype t, const double *X, const sn_elprops *p, const double *ezz, double *Kw,
                          double *fw)
{
  const sn_elinfo *e = sn_element_info(t);
  double lam, G, th;
  if (!X || !ezz || !Kw || !fw) return SN_ERR_ARG;
  int st = lame(e, p, &lam, &G, &th);
  if (st) return st;
  int nn = e->d.nnodes, nip = sn_fe_rule_size(e->rule);
  memset(Kw, 0, sizeof(double) * (size_t)(nn * nn));
  memset(fw, 0, sizeof(double) * (size_t)nn);
  double c = (lam + 2 * G) * (2 / th) * (2 / th);
  for (int k = 0; k < nip; k++) {
    double xi[3], w, N[SN_FE_MAXN], dN[SN_FE_MAXN * 2], det;
    sn_fe_rule_point(e->rule, k, xi, &w);
    if ((st = sn_fe_geometry(e->fam, 2, X, xi, N, dN, &det, NULL))) return st;
    double dv = w * det * th;
    for (int a = 0; a < nn; a++) {
      fw[a] += dv * (lam + 2 * G) * (2 / th) * ezz[k] * N[a];
      for (int b = 0; b < nn; b++)
        Kw[a * nn + b] += dv * (c * N[a] * N[b] + G / 3 * (dN[2 * a] * dN[2 * b] + dN[2 * a + 1] * dN[2 * b + 1]));
    }
  }
  return SN_OK;
}

/* W, dW/dx, dW/dy at point k of the element's rule */
static int field(const sn_elinfo *e, const double *X, const double *w, int k, double *W, double *Wx, double *Wy)
{
  if (k < 0 || k >= sn_fe_rule_size(e->rule)) return SN_ERR_ARG;
  double xi[3], wt, N[SN_FE_MAXN], dN[SN_FE_MAXN * 2], det;
  sn_fe_rule_point(e->rule, k, xi, &wt);
  int st = sn_fe_geometry(e->fam, 2, X, xi, N, dN, &det, NULL);
  if (st) return st;
  *W = *Wx = *Wy = 0;
  for (int a = 0; a < e->d.nnodes; a++) {
    *W += N[a] * w[a];
    *Wx += dN[2 * a] * w[a];
    *Wy += dN[2 * a + 1] * w[a];
  }
  return SN_OK;
}

int sn_element_ps_layer(sn_eltype t, const double *X, const sn_elprops *p, const double *w, int k, double zeta,
                        double ezz, const double *s2d, double *s3d)
{
  const sn_elinfo *e = sn_element_info(t);
  double lam, G, th, W, Wx, Wy;
  if (!X || !w || !s2d || !s3d) return SN_ERR_ARG;
  int st = lame(e, p, &lam, &G, &th);
  if (!st) st = field(e, X, w, k, &W, &Wx, &Wy);
  if (st) return st;
  double d = 2 * W / th - ezz;
  memcpy(s3d, s2d, 6 * sizeof(double));
  s3d[0] += lam * d;
  s3d[1] += lam * d;
  s3d[2] += (lam + 2 * G) * d;
  s3d[4] = G * zeta * Wx + 0.0;
  s3d[5] = G * zeta * Wy + 0.0;
  return SN_OK;
}

int sn_element_ps_layer_strain(sn_eltype t, const double *X, const sn_elprops *p, const double *w, int k,
                               double zeta, const double *e2d, double *e3d)
{
  const sn_elinfo *e = sn_element_info(t);
  double lam, G, th, W, Wx, Wy;
  if (!X || !w || !e2d || !e3d) return SN_ERR_ARG;
  int st = lame(e, p, &lam, &G, &th);
  if (!st) st = field(e, X, w, k, &W, &Wx, &Wy);
  if (st) return st;
  memcpy(e3d, e2d, 6 * sizeof(double));
  e3d[2] = 2 * W / th;
  e3d[4] = 0.5 * zeta * Wx + 0.0;
  e3d[5] = 0.5 * zeta * Wy + 0.0;
  return SN_OK;
}
