/* The energy balance of the dynamic analysis (Acary 2016, ZAMM 96, sec. 4.2, the discrete energy
 * balance of the Moreau-Jean scheme): over a step, with v_theta = theta v+ + (1 - theta) v,
 *   Delta(1/2 v^T M v + 1/2 u^T K u) = f_theta . (u+ - u) - h v_theta^T C v_theta + p . v_theta
 *                                      - (theta - 1/2) (|v+ - v|_M^2 + |u+ - u|_K^2)
 * so that kinetic + strain + contact dissipation (-sum p . v_theta) + damping dissipation
 * (sum h v_theta^T C v_theta) - external work (sum f_theta . (u+ - u)) is constant for
 * theta = 1/2 and decreases by the last (numerical dissipation) term for theta > 1/2.
 * With a nonlinear f_int (NLGEOM, *HYPERELASTIC, nonlinear springs) the strain energy is the internal forces' work, sum f_int(u + theta h v) .
 * (u+ - u) over the steps (the midpoint rule of the stored energy's integral; the first state's
 * 1/2 u^T f_int(u)), and the balance above holds to the linearisation's O(h^2) a step. */
#include "analysis/dynamic_internal.h"

#include <string.h>

int sn_dyn_energy_state(dyn_state *D, const double *u, const double *v, double time)
{
  int n = D->neq;
  sn_dyn_gather(D, v, D->b);
  sn_csc_gemv(D->M, 1.0, D->b, 0.0, D->c);
  double ek = 0, es = 0;
  for (int i = 0; i < n; i++) ek += 0.5 * D->b[i] * D->c[i];
  if (D->retangent && D->es_init) es = D->es_acc;
  else {
    int st = sn_fesys_internal(D->S, u, D->nlgeom, D->w2, NULL, 0, 0, NULL, D->msg, D->msglen);
    if (st) return st;
    const unsigned char *act = sn_fesys_active(D->S);
    for (int d = 0; d < D->ndof; d++)
      if (act[d]) es += 0.5 * u[d] * D->w2[d];
    if (D->retangent) D->es_acc = es, D->es_init = 1;
  }
  D->en.time = time;
  D->en.kinetic = ek;
  D->en.strain = es;
  D->en.total = ek + es + D->en.contact_dissipation + D->en.damping_dissipation - D->en.external_work;
  return SN_OK;
}

void sn_dyn_energy_step(dyn_state *D, const double *ftheta)
{
  int n = D->neq;
  double th = D->theta, wext = 0, wc = 0, wd = 0;
  /* on the free (independent) q: v_theta into b, u+ - u into g */
  sn_dyn_gather(D, D->v1, D->b);
  sn_dyn_gather(D, D->v, D->c);
  for (int i = 0; i < n; i++) D->b[i] = th * D->b[i] + (1 - th) * D->c[i];
  sn_dyn_gather(D, D->u1, D->g);
  sn_dyn_gather(D, D->u, D->c);
  for (int i = 0; i < n; i++) {
    D->g[i] -= D->c[i];
    wext += ftheta[i] * D->g[i];
    wc += D->pglob[i] * D->b[i];
  }
  if (D->alpha != 0 || D->beta != 0) {     /* h v_theta^T (alpha M + beta K) v_theta */
    sn_csc_gemv(D->M, D->alpha, D->b, 0.0, D->c);
    if (D->beta != 0) {
      sn_csc_symv_upper(D->K, D->b, D->a);
      for (int i = 0; i < n; i++) D->c[i] += D->beta * D->a[i];
    }
    for (int i = 0; i < n; i++) wd += D->h * D->b[i] * D->c[i];
  }
  if (D->retangent) {                      /* the internal forces' work over the step */
    const unsigned char *act = sn_fesys_active(D->S);
    for (int d = 0; d < D->ndof; d++)
      if (act[d]) D->es_acc += D->fmid[d] * (D->u1[d] - D->u[d]);
  }
  D->en.external_work += wext;
  D->en.contact_dissipation -= wc;
  D->en.damping_dissipation += wd;
}
