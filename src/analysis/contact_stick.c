/* Stick as a tangential compliance in the Lagrange treatments (LAGRANGE, INTERIOR): CalculiX'
 * *FRICTION data line is mu, stick slope (CalculiX manual, *FRICTION): in stick the shear stress is
 * the stick slope times the elastic part of the tangential relative displacement, and slip
 * begins when it reaches mu p. In the increment's global problem (contact_increment.c) the
 * tangential relative displacement of the increment d_t = w_t + H_t^T du splits into an elastic
 * part and the slip s_t on which Coulomb's law acts. With the tangential force r_t (opposed to
 * the elastic displacement e: r_t = -k_t e, k_t = slope x area) and its value r_t0 at the start
 * of the increment,
 *     d_t = s_t + (e - e0)   =>   s_t = (w_t - r_t0 / k_t) + H_t^T du + r_t / k_t,
 * the same form as the soft normal law (contact_compliance.c): a spring unknown per tangential
 * direction with M_ss = k_t and H_s = 1 in the point's tangential column, and the tangential w
 * shifted by -r_t0 / k_t. Stick (s_t = 0) then gives r_t = r_t0 - k_t d_t, slip |r_t| = mu r_n:
 * the elastoplastic friction law of Wriggers, "Computational Contact Mechanics", 2nd ed., sec.
 * 5.2.2 (the tangential penalty as the stick stiffness), here solved exactly as a cone problem
 * instead of by a return map. r_t0 is kept per slave node as a global vector (the converged
 * tangential force of the last increment, projected on the current tangent plane).
 *
 * `*FRICTION, LAGRANGE` (the Abaqus parameter for Lagrange-multiplier stick) keeps exact stick:
 * no elastic slip, the stick slope unused under these treatments. */
#include "analysis/contact_internal.h"

double sn_stick_slope(const sn_interaction *I, const sn_contact_point *p)
{
  if (I->law == SN_OVERCLOSURE_TIED || I->exact_stick || !(I->stick_slope > 0) || !(p->mu > 0)) return 0.0;
  return I->stick_slope;
}

void sn_stick_point(const sn_model *m, const sn_contact_point *p, const double *lam_t, double *kt, double *wshift)
{
  int dim = m->ndf;
  double slope = sn_stick_slope(&m->interactions[p->interaction], p), A = p->area > 0 ? p->area : 1.0;
  wshift[0] = wshift[1] = 0.0;
  *kt = slope * A;
  if (!(*kt > 0) || !lam_t) return;
  const double *g = lam_t + 3 * p->slave_node;
  for (int a = 1; a < dim; a++) {
    const double *t = a == 1 ? p->t1 : p->t2;
    wshift[a - 1] = -(g[0] * t[0] + g[1] * t[1] + g[2] * t[2]) / *kt;
  }
}
