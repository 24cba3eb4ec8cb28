/* *SELECT CYCLIC SYMMETRY MODES, NMIN=, NMAX= in a *FREQUENCY step of a cyclic symmetric model
 * (CalculiX User's Manual 2.20; docs/deck.md, "Frequency steps"): per nodal diameter k the
 * eigenproblem of the sector under the complex cyclic condition u_s = e^(i k 2 pi / N) Q^T u_m,
 * written as two real copies of the sector (src/fem/dofmap_cyclic.c) and solved on the reduced
 * K' = T^T K T, M' = T^T M T (frequency_constrained.c). The eigenvalues of 0 < k < N / 2 come
 * in equal pairs (the cos and sin parts of one travelling mode), as CalculiX prints them. */
#include "analysis/static_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* the equations of the copies' free independent q (active through T, not prescribed) */
static int number_copies(const static_run *S, const sn_dofmap *T, int nc, int *eq)
{
  const run_state *R = &S->R;
  const unsigned char *act = sn_fesys_active(R->S);
  int nd = R->ndof, n = 0;
  unsigned char *a2 = calloc((size_t)nd * nc + 1, 1);
  if (!a2) return -1;
  for (int c = 0; c < nc; c++)
    for (int d = 0; d < nd; d++)
      if (act[d])
        for (int p = T->ptr[c * nd + d]; p < T->ptr[c * nd + d + 1]; p++) a2[T->col[p]] = 1;
  for (int d = 0; d < nd * nc; d++) eq[d] = a2[d] && !R->cons[d % nd] && !T->dep[d] ? n++ : -1;
  free(a2);
  return n;
}

int sn_frequency_cyclic(static_run *S, const sn_freq_full *F)
{
  const sn_step *sp = S->sp;
  int nsec = 0, st = SN_OK;
  for (int t = 0; t < S->m->nties; t++)
    if (S->m->ties[t].cyclic) nsec = S->m->ties[t].nsector;
  int nmax = sp->cyc_nmax >= 0 ? sp->cyc_nmax : nsec / 2;
  int *eq = malloc(sizeof(int) * (2 * (size_t)S->R.ndof + 1));
  if (!eq) return SN_ERR_NOMEM;
  for (int k = sp->cyc_nmin; k <= nmax && !st; k++) {
    sn_dofmap *T = NULL;
    int nc = 1;
    char why[400] = "";
    st = sn_dofmap_create_cyclic(S->m, k, &nc, &T, why, sizeof why);
    if (st) {
      if (S->msg) snprintf(S->msg, S->msglen, "line %d: nodal diameter %d: %s", sp->cyc_line, k, why);
      break;
    }
    int neq = number_copies(S, T, nc, eq);
    if (neq < 0) st = SN_ERR_NOMEM;
    else {
      sn_freq_map P = {T, nc, S->R.ndof, eq, neq, k};
      st = sn_frequency_map_solve(S, F, &P);
    }
    sn_dofmap_free(T);
  }
  free(eq);
  return st;
}
