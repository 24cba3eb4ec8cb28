/* placeholder: replaced below */
#include "onedof_internal.h"
int sn_1dof_al_nonlinear(const sn_1dof *P, const sn_settings *s, sn_1dof_trace *tr,
                         sn_1dof_result *res, sn_info *info)
{ (void)P; (void)s; (void)tr; (void)res; (void)info; return SN_ERR_ARG; }
