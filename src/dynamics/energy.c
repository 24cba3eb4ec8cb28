/* Energies of a scene: kinetic and gravity potential now, and the work of the contact
 * impulses accumulated step by step.
 *
 * Work of an impulse over a Moreau-Jean step. For a body receiving the impulse P in one step,
 * M (v+ - v-) = h f + P, so the change of kinetic energy is exactly
 *     (v+ - v-) . M (v+ + v-) / 2 = h f . (v+ + v-) / 2 + P . (v+ + v-) / 2,
 * and with theta = 1/2 the gravity term is exactly minus the change of potential energy. Summed
 * over the bodies, the impulses contribute  sum_i r_i . (u_i+ + u_i-) / 2  (Moreau 1988; Acary
 * & Brogliato 2008, sec. 10.1.6 on the energy of Moreau-Jean's scheme), u the relative
 * velocity of the contact in its local frame before (u-) and after (u+) the step. Split:
 *     impact_loss    += - r_N (u_N+ + u_N-) / 2              (>= 0: energy lost in the normal
 *                                                               direction; 0 for e = 1)
 *     friction_work  += - r_T . (u_T+ + u_T-) / 2            (>= 0: energy dissipated by friction)
 *     kinematic_work += - r . (u_kin+ + u_kin-) / 2           (work done on the dynamic bodies
 *                                                               by kinematic ones)
 * where u_kin is the share of the relative velocity due to the non-dynamic bodies' motion. Then
 * kinetic + potential + impact_loss + friction_work - kinematic_work is constant for theta = 1/2
 * and bodies without gyroscopic effect (the explicit gyroscopic term and theta > 1/2 add the
 * scheme's own numerical dissipation; the position projection changes the potential). */
#include <string.h>

#include "dynamics/moreau_internal.h"

int sn_scene_energy(const sn_scene *S, sn_energy *e) {
  if (!S || !e) return SN_ERR_ARG;
  double ke = 0, pe = 0;
  for (int k = 0; k < S->nb; k++) {
    const sn_body *B = &S->b[k];
    if (B->motion != SN_BODY_DYNAMIC) continue;
    double wb[3];
    sn_body_dir_to_body(B, B->w, wb);
    ke += 0.5 * B->mass * sn3_dot(B->v, B->v);
    for (int i = 0; i < 3; i++) ke += 0.5 * B->I_body[i] * wb[i] * wb[i];
    pe -= B->mass * sn3_dot(S->g, B->x);
  }
  e->kinetic = ke;
  e->potential = pe;
  e->friction_work = S->energy.friction_work;
  e->impact_loss = S->energy.impact_loss;
  e->kinematic_work = S->energy.kinematic_work;
  return SN_OK;
}

/* the non-dynamic share of a body's velocity (zero for dynamic bodies) */
static void kin_only(const sn_scene *S, int k, const double *v, const double *w, sn_mj_body *out) {
  memset(out, 0, sizeof *out);
  if (S->b[k].motion == SN_BODY_DYNAMIC) return;
  memcpy(out->v, v, 3 * sizeof *v);
  memcpy(out->w, w, 3 * sizeof *w);
}

void sn_energy_accumulate(sn_scene *S, const sn_mj_step *W) {
  double il = 0, fw = 0, kw = 0;
  for (int i = 0; i < W->nrow; i++) {
    const sn_mj_row *c = &W->row[i];
    const double *um = W->um + 3 * i;
    double up[3], km[3], kp[3];
    sn_mj_row_velocity(c, &W->body[c->a], &W->body[c->b], up);
    sn_mj_body A, B;
    kin_only(S, c->a, W->v0 + 6 * c->a, W->v0 + 6 * c->a + 3, &A);
    kin_only(S, c->b, W->v0 + 6 * c->b, W->v0 + 6 * c->b + 3, &B);
    sn_mj_row_velocity(c, &A, &B, km);
    kin_only(S, c->a, W->body[c->a].v, W->body[c->a].w, &A);
    kin_only(S, c->b, W->body[c->b].v, W->body[c->b].w, &B);
    sn_mj_row_velocity(c, &A, &B, kp);
    il -= 0.5 * c->r[0] * (up[0] + um[0]);
    fw -= 0.5 * (c->r[1] * (up[1] + um[1]) + c->r[2] * (up[2] + um[2]));
    kw -= 0.5 * (c->r[0] * (kp[0] + km[0]) + c->r[1] * (kp[1] + km[1]) + c->r[2] * (kp[2] + km[2]));
  }
  S->energy.impact_loss += il;
  S->energy.friction_work += fw;
  S->energy.kinematic_work += kw;
}
