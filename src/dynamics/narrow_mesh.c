/* Convex shapes against static triangle meshes. PLACEHOLDER: no contacts until it lands. */
#include "dynamics/dyn_internal.h"

int sn_narrow_mesh(const sn_body *A, int ia, const sn_body *M, int im, double margin, sn_contact_list *L) {
  (void)A; (void)ia; (void)M; (void)im; (void)margin; (void)L;
  return SN_OK;
}
