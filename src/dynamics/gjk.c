/* GJK / EPA convex pairs. PLACEHOLDER: no contacts until it lands. */
#include "dynamics/dyn_internal.h"

void sn_shape_support(const sn_shape *s, const double d[3], double out[3]) {
  (void)s; (void)d;
  out[0] = out[1] = out[2] = 0;
}

int sn_narrow_convex(const sn_body *A, int ia, const sn_body *B, int ib, double margin, sn_contact_list *L) {
  (void)A; (void)ia; (void)B; (void)ib; (void)margin; (void)L;
  return SN_OK;
}
