/* The pressure-overclosure laws of *SURFACE BEHAVIOR (CalculiX manual, *SURFACE BEHAVIOR;
 * include/signorini/fem.h lists them): the pressure p(h) at overclosure h = -gap and its
 * slope dp/dh, and their linearisation as a shifted compliance for the Lagrange treatments. */
#include "analysis/contact_internal.h"

#include <math.h>

static const double PI_ = 3.14159265358979323846;

/* the laws that act for both signs of h as springs (no cone): TIED and GAPUNI */
int sn_law_spring(const sn_interaction *I)
{
  return I->law == SN_OVERCLOSURE_TIED || I->law == SN_OVERCLOSURE_GAPUNI;
}

int sn_law_soft(const sn_interaction *I)
{
  return I->law == SN_OVERCLOSURE_LINEAR || I->law == SN_OVERCLOSURE_EXPONENTIAL || I->law == SN_OVERCLOSURE_TABULAR;
}

void sn_law_pressure(const sn_interaction *I, double h, double *p, double *dp)
{
  *p = *dp = 0.0;
  switch (I->law) {
  case SN_OVERCLOSURE_LINEAR:
    if (h >= 0) { *p = I->slope * h; *dp = I->slope; }   /* touching (h = 0): the contact side's slope */
    break;
  case SN_OVERCLOSURE_TIED:
    *p = I->slope * h;
    *dp = I->slope;
    break;
  case SN_OVERCLOSURE_GAPUNI: {
    /* F = k h (1/2 + atan(h / eps) / pi), eps = pi f_inf / k (fem.h) */
    double k = I->slope, eps = PI_ * I->sigma_inf / k, x = h / eps;
    *p = k * h * (0.5 + atan(x) / PI_);
    *dp = k * (0.5 + atan(x) / PI_) + k * x / (PI_ * (1 + x * x));
    break;
  }
  case SN_OVERCLOSURE_EXPONENTIAL: {
    /* p0 at zero clearance, p0 / 100 at clearance c0: p = p0 exp(ln(100) h / c0) */
    double beta = log(100.0) / I->c0, x = fmin(beta * h, 700.0);
    *p = I->p0 * exp(x);
    *dp = beta * *p;
    break;
  }
  case SN_OVERCLOSURE_TABULAR: {
    /* piecewise linear, constant outside the table (CalculiX) */
    int n = I->ntab;
    if (h < I->tab_h[0]) { *p = I->tab_p[0]; break; }     /* at the first point: its segment's slope */
    if (h > I->tab_h[n - 1]) { *p = I->tab_p[n - 1]; break; }
    int k = 1;
    while (k < n - 1 && I->tab_h[k] < h) k++;
    double s = (I->tab_p[k] - I->tab_p[k - 1]) / (I->tab_h[k] - I->tab_h[k - 1]);
    *p = I->tab_p[k - 1] + s * (h - I->tab_h[k - 1]);
    *dp = s;
    break;
  }
  default: break;
  }
}

/* The law linearised at the overclosure h as p_lin(h') = k (h' - h0), p_lin >= 0: a contact
 * with compliance 1 / (k A) whose gap is shifted by h0 (u_n = gap + h0 + r_n / (k A) >= 0).
 * Exact for LINEAR (k = slope, h0 = 0); for EXPONENTIAL and TABULAR Newton's tangent at h
 * (the increment's Newton iterations re-linearise at the new gap until the law holds, see
 * sn_contact_lagrange). A flat part (a table's ends, a law at a clearance where p = 0) has no
 * compliance: the slope is floored at 1e-6 of the law's largest slope, so that the contact
 * stays a (very soft) spring. */
void sn_law_linearise(const sn_interaction *I, double h, double *k, double *h0)
{
  double p, dp, kmax = 0.0;
  if (I->law == SN_OVERCLOSURE_LINEAR) { *k = I->slope; *h0 = 0.0; return; }
  sn_law_pressure(I, h, &p, &dp);
  if (I->law == SN_OVERCLOSURE_TABULAR)
    for (int j = 1; j < I->ntab; j++) kmax = fmax(kmax, fabs(I->tab_p[j] - I->tab_p[j - 1]) / (I->tab_h[j] - I->tab_h[j - 1]));
  else kmax = log(100.0) / I->c0 * I->p0;   /* EXPONENTIAL: the slope at zero clearance */
  if (dp < 1e-6 * kmax) {
    dp = 1e-6 * kmax;
    if (p <= 0) { *k = dp; *h0 = h; return; }
  }
  *k = dp;
  *h0 = h - p / dp;
}

/* CalculiX' LINEAR law in NODE TO SURFACE pairs with sigma_inf given: measured on ccx 2.20 (a
 * node on a spring pressed onto a fixed face, K = 50, sigma_inf = 0.5: the contact force is
 * K h - 0.496 per area, against K h - 0.01428 with the second item left out, whatever K from 50
 * to 5000; no force at a clearance) the pressure in contact is K h less about sigma_inf. It is
 * modelled as the law shifted by sigma_inf / K: p = K (h - sigma_inf / K), >= 0. The default of
 * ccx when the item is absent (0.014 on that model) is not documented and not emulated; face-to-
 * face pairs do not use sigma_inf (ccx agrees with the unshifted law there: hueeber3). */
double sn_law_shift(const sn_model *m, const sn_contact_point *p)
{
  const sn_interaction *I = &m->interactions[p->interaction];
  if (I->law != SN_OVERCLOSURE_LINEAR || !(I->sigma_inf > 0) || !(I->slope > 0)) return 0.0;
  if (p->pair < 0 || m->pairs[p->pair].type != SN_PAIR_NODE_TO_SURFACE) return 0.0;   /* a gap: no pair */
  return I->sigma_inf / I->slope;
}
