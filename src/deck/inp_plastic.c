/* *PLASTIC (a material suboption; docs/deck.md "*PLASTIC"): J2 plasticity with isotropic
 * hardening. Data lines (CalculiX User's Manual, *PLASTIC): von Mises stress, equivalent
 * plastic strain, temperature; the points of one temperature make the piecewise-linear
 * hardening curve (the first at plastic strain 0, strains increasing, constant beyond the
 * last). HARDENING=ISOTROPIC (the default) only: KINEMATIC, COMBINED and JOHNSON COOK are
 * refused, as are several temperatures and a softening curve. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "deck/inp_internal.h"

int inp_plastic_begin(inp_rd *p)
{
  SBUF;
  if (p->cur_mat < 0) return inp_fail(p, "*PLASTIC outside a *MATERIAL definition");
  sn_material *t = &p->m->materials[p->cur_mat];
  inp_param *q = inp_par(p, "HARDENING");
  if (q && (!q->val || strcmp(q->val, "ISOTROPIC")))
    return inp_fail(p, "*PLASTIC, HARDENING=%s is not supported (only HARDENING=ISOTROPIC, the default)",
                    q->val ? SHOW(q->val) : "");
  if (t->has_plastic) return inp_fail(p, "material '%s' has a second *PLASTIC", t->name);
  if (t->has_hyper) return inp_fail(p, "material '%s': *PLASTIC with *HYPERELASTIC is not supported", t->name);
  t->has_plastic = 1;
  t->plastic.n = 0;
  return SN_OK;
}

int inp_plastic_data(inp_rd *p)
{
  sn_material *t = &p->m->materials[p->cur_mat];
  sn_j2 *h = &t->plastic;
  int r;
  double sy, ep, T = 0;
  if (p->nf < 2 || p->nf > 3)
    return inp_fail(p, "*PLASTIC data line: expected von Mises stress, equivalent plastic strain[, temperature], "
                    "found %d field%s", p->nf, p->nf == 1 ? "" : "s");
  if ((r = inp_get_dbl(p, p->f[0], "von Mises stress", &sy)) ||
      (r = inp_get_dbl(p, p->f[1], "equivalent plastic strain", &ep)))
    return r;
  if (p->nf == 3 && (r = inp_get_dbl(p, p->f[2], "temperature", &T))) return r;
  if (h->n == 0) h->temp = T;
  else if (T != h->temp)
    return inp_fail(p, "temperature-dependent *PLASTIC data (temperature %g after %g) is not supported", T, h->temp);
  if (h->n == SN_J2_MAXPTS) return inp_fail(p, "*PLASTIC: more than %d hardening points", SN_J2_MAXPTS);
  if (!(sy > 0)) return inp_fail(p, "*PLASTIC: von Mises stress %g must be positive", sy);
  if (h->n == 0 && ep != 0)
    return inp_fail(p, "*PLASTIC: the first point must be at equivalent plastic strain 0 (found %g)", ep);
  if (h->n > 0 && !(ep > h->ep[h->n - 1]))
    return inp_fail(p, "*PLASTIC: equivalent plastic strain %g does not increase (previous %g)", ep, h->ep[h->n - 1]);
  if (h->n > 0 && sy < h->sy[h->n - 1])
    return inp_fail(p, "*PLASTIC: von Mises stress %g below the previous %g (softening is not supported)", sy,
                    h->sy[h->n - 1]);
  h->sy[h->n] = sy;
  h->ep[h->n] = ep;
  h->n++;
  return SN_OK;
}
