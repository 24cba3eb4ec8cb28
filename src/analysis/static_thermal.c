/* The temperature field of a quasi-static run (*INITIAL CONDITIONS, TYPE=TEMPERATURE and the
 * steps' *TEMPERATURE, docs/deck.md): per step a start field (where the previous step ended)
 * and a target (the start, or the initial field for OP=NEW, with the step's nodal values),
 * ramped over the step, or with AMPLITUDE= the listed nodes at value times the amplitude (the
 * convention of the step's loads). The field at each increment goes to sn_fesys_set_temperature,
 * which turns it into the elements' thermal strains. */
#include "analysis/static_internal.h"

#include <stdlib.h>
#include <string.h>

int sn_thermal_init(sn_thermal *F, const sn_model *m)
{
  memset(F, 0, sizeof *F);
  int any = m->temp0 != NULL;
  for (int k = 0; k < m->nsteps; k++) any |= m->steps[k].has_temp || m->steps[k].heat;
  if (!any) return SN_OK;
  size_t n = (size_t)m->nnodes + 1;
  F->T = calloc(n, sizeof(double));
  F->start = calloc(n, sizeof(double));
  F->target = calloc(n, sizeof(double));
  F->listed = calloc(n, 1);
  if (!F->T || !F->start || !F->target || !F->listed) return SN_ERR_NOMEM;
  if (m->temp0) memcpy(F->T, m->temp0, sizeof(double) * (size_t)m->nnodes);
  F->on = 1;
  return SN_OK;
}

void sn_thermal_free(sn_thermal *F)
{
  free(F->T); free(F->start); free(F->target); free(F->listed);
  memset(F, 0, sizeof *F);
}

void sn_thermal_step(sn_thermal *F, const sn_model *m, const sn_step *sp)
{
  if (!F->on) return;
  size_t bytes = sizeof(double) * (size_t)m->nnodes;
  memcpy(F->start, F->T, bytes);
  if (sp->has_temp && sp->temp_op_new) {
    if (m->temp0) memcpy(F->target, m->temp0, bytes);
    else memset(F->target, 0, bytes);
  } else
    memcpy(F->target, F->start, bytes);
  memset(F->listed, 0, (size_t)m->nnodes);
  for (int q = 0; q < sp->ntemp; q++) {
    F->target[sp->temp[q].node] = sp->temp[q].value;
    F->listed[sp->temp[q].node] = 1;
  }
  F->amp = sp->has_temp ? sp->temp_amplitude : -1;
}

const double *sn_thermal_at(sn_thermal *F, const sn_model *m, double t, double period)
{
  if (!F->on) return NULL;
  double r = sn_amplitude_value(m, F->amp, t, period);
  for (int i = 0; i < m->nnodes; i++)
    if (F->amp >= 0) F->T[i] = F->listed[i] ? F->target[i] * r : F->target[i];
    else F->T[i] = F->start[i] + (F->target[i] - F->start[i]) * r;
  return F->T;
}
