/* CalculiX' overclosure relief in the first step of a static analysis (measured on ccx 2.20 and
 * stated in its gencontelem_f2f / gencontelem_n2f: *STATIC, the deck's first step; SURFACE TO
 * SURFACE pairs at every increment, NODE TO SURFACE pairs in the first increment only, the
 * analysis setting relief_u0 accordingly). At the start of an increment (step fraction theta)
 * a point whose gap g0 there is negative
 * is taken as overclosed by g0 / (1 - theta), an overclosure that the rest of the step removes
 * linearly: at the increment's end (step fraction rel) the law and the output see the gap
 *   g_eff = g - g0 (1 - rel) / (1 - theta),
 * equal to g at the end of the step (rel = 1). An initial overclosure g0 at theta = 0 is thus
 * pushed out over the step; a point pressed into the master by the load within the step keeps
 * part of its penetration as relief at the step's intermediate increments, so that the slave
 * sits lower there by g - g_eff while its pressure is the law's at g_eff (ccx's fricloop: a cube
 * held in z by the contact alone, 8.9e-7 lower at t = 0.2 under the penalty 1e7).
 * g0 is the gap at the increment's start, g less the point's normal relative displacement
 * since then (its column of H, sn_contact_point_terms, on u - u0): exact for the translations of the
 * frozen frame. */
#include "contact/contact_internal.h"

static double rel_normal(const sn_model *m, const sn_contact_point *p, const double *u, const double *u0)
{
  int ndf = m->ndf, tn[SN_MORTAR_MAXTERM];
  double tc[SN_MORTAR_MAXTERM], s = 0;
  int nt = sn_contact_point_terms(p, tn, tc);
  for (int c = 0; c < ndf; c++) {
    double d = 0;
    for (int t = 0; t < nt; t++) d += tc[t] * ((u ? u[ndf * tn[t] + c] : 0.0) - u0[ndf * tn[t] + c]);
    s += p->normal[c] * d;
  }
  return s;
}

void sn_contact_relief(const sn_model *m, const double *u, sn_contact_point *pts, int n)
{
  for (int k = 0; k < n; k++) {
    sn_contact_point *p = &pts[k];
    if (p->pair < 0 || p->pair >= m->npairs) continue;
    const sn_contact_pair *P = &m->pairs[p->pair];
    if (!P->relief_u0 || !(P->relief_theta < 1)) continue;
    if (p->nterm == 0 && p->nmaster < 1) continue;   /* no master: no gap to relieve */
    double g0 = p->gap - rel_normal(m, p, u, P->relief_u0);
    if (g0 < 0) p->gap -= g0 * (1 - P->relief_rel) / (1 - P->relief_theta);
  }
}
