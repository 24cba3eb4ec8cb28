/* Internal (analysis layer): a step's *CLOAD record checked against the model before it becomes
 * a load, the same way in static (static_run.c) and dynamic (dynamic_run.c) steps. */
#ifndef SN_ANALYSIS_LOAD_CHECK_H
#define SN_ANALYSIS_LOAD_CHECK_H

#include <stddef.h>

#include "signorini/analysis.h"

/* SN_OK, or SN_ERR_FORMAT with "line N: ..." in msg (may be NULL): a degree of freedom outside
 * 1 .. ndf, or a non-zero load on one that reaches no equation (no element moves it, act[d]; it
 * is not prescribed, cons[d]; with *EQUATION constraints T, no q of its row of T is moved by an
 * element, qact, or prescribed): such a load would act on nothing and was dropped without a word.
 * act: per dof, moved by some element (sn_fesys_active); T and qact NULL without constraints. */
int sn_cload_check(const sn_model *m, const sn_cload *cl, int ndf, const unsigned char *act,
                   const unsigned char *cons, const sn_dofmap *T, const unsigned char *qact, char *msg,
                   size_t msglen);

#endif
