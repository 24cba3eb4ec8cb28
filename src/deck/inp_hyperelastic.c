/* *HYPERELASTIC (a material suboption; docs/deck.md "NLGEOM"): NEO HOOKE only, one data line
 * C10, D1[, temperature] (CalculiX User's Manual, *HYPERELASTIC: W = C10 (I1bar - 3) +
 * (J - 1)^2 / D1). Other strain-energy forms (MOONEY-RIVLIN, POLYNOMIAL, OGDEN, ...) and the
 * default (POLYNOMIAL, N=1) are refused by name. */
#include <stdio.h>
#include <string.h>

#include "deck/inp_internal.h"

int inp_hyper_begin(inp_rd *p)
{
  static const char *const other[] = {"ARRUDA-BOYCE", "MOONEY-RIVLIN", "OGDEN", "POLYNOMIAL", "REDUCEDPOLYNOMIAL",
                                      "YEOH", "N"};
  if (p->cur_mat < 0) return inp_fail(p, "*HYPERELASTIC outside a *MATERIAL definition");
  sn_material *t = &p->m->materials[p->cur_mat];
  for (size_t k = 0; k < sizeof other / sizeof other[0]; k++)
    if (inp_par(p, other[k]))
      return inp_fail(p, "*HYPERELASTIC, %s is not supported (only NEO HOOKE)", other[k]);
  if (!inp_par(p, "NEOHOOKE"))
    return inp_fail(p, "*HYPERELASTIC without NEO HOOKE (the default, POLYNOMIAL N=1, is not supported)");
  if (t->has_hyper) return inp_fail(p, "material '%s' has a second *HYPERELASTIC", t->name);
  if (t->has_elastic) return inp_fail(p, "material '%s' has both *ELASTIC and *HYPERELASTIC", t->name);
  if (t->has_plastic) return inp_fail(p, "material '%s': *PLASTIC with *HYPERELASTIC is not supported", t->name);
  return SN_OK;
}

int inp_hyper_data(inp_rd *p)
{
  sn_material *t = &p->m->materials[p->cur_mat];
  int r;
  double c10, d1, T;
  if (p->ndata) return inp_fail(p, "temperature-dependent *HYPERELASTIC data (several data lines) is not supported");
  if (p->nf < 2 || p->nf > 3)
    return inp_fail(p, "*HYPERELASTIC, NEO HOOKE data line: expected C10, D1[, temperature], found %d field%s", p->nf,
                    p->nf == 1 ? "" : "s");
  if ((r = inp_get_dbl(p, p->f[0], "C10", &c10)) || (r = inp_get_dbl(p, p->f[1], "D1", &d1))) return r;
  if (p->nf == 3 && (r = inp_get_dbl(p, p->f[2], "temperature", &T))) return r;
  if (!(c10 > 0)) return inp_fail(p, "C10 = %g must be positive", c10);
  if (!(d1 > 0)) return inp_fail(p, "D1 = %g must be positive (an incompressible material, D1 = 0, is not supported)", d1);
  t->c10 = c10;
  t->d1 = d1;
  t->has_hyper = 1;
  return SN_OK;
}
