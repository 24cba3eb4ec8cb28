/* placeholder: replaced below */
#include "onedof_internal.h"
void sn_1dof_friction_seed(sn_1dof_friction *P) { static const double F[3] = {10, 20, 10};
  P->K = 100; P->c = 0.1; P->fmax = 10; P->eps_t = 1000; P->nsteps = 3; P->F = F; }
int sn_1dof_friction_solve(const sn_1dof_friction *P, const sn_settings *s, sn_1dof_trace *tr,
                           sn_1dof_friction_step *steps, sn_info *info)
{ (void)P; (void)s; (void)tr; (void)steps; (void)info; return SN_ERR_ARG; }
