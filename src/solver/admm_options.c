/* The options both ADMM solvers take (admm_options.h). */
#include "solver/admm_options.h"
#include "signorini/common.h"

#include <math.h>

int sn_admm_parse_common(const char *options, sn_admm_common *c)
{
  double v;
  int st;
  c->rho = 0.0;
  c->adapt = 1;
  c->alpha = 1.0;
  c->aa = 10;
  if ((st = sn_option_double(options, "rho", &v)) < 0) return st;
  if (st == 1) {
    if (!(v > 0.0 && isfinite(v))) return SN_ERR_ARG;
    c->rho = v;
  }
  if ((st = sn_option_double(options, "adapt", &v)) < 0) return st;
  if (st == 1) c->adapt = v != 0.0;
  if ((st = sn_option_double(options, "alpha", &v)) < 0) return st;
  if (st == 1) {
    if (!(v > 0.0 && v < 2.0)) return SN_ERR_ARG;
    c->alpha = v;
  }
  if ((st = sn_option_double(options, "aa", &v)) < 0) return st;
  if (st == 1) {
    if (!(v >= 0 && v <= SN_ADMM_AA_MAX && v == floor(v))) return SN_ERR_ARG;
    c->aa = (int)v;
  }
  return SN_OK;
}
