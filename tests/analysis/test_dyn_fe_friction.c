/* Coulomb friction in the dynamic analysis of finite-element bodies (docs/fe-dynamics.md): a
 * plane-strain block (tests/data/fe/dyn/block_slide.inp: CPE4 8 x 4, 0.2 x 0.1 m, rho 1000,
 * E 1e7, 20 kg) resting on a fixed wall under gravity g = 10 and sliding at v0 = 1 with
 * mu = 0.3. Newton's second law for the centre of mass (any textbook: the friction force mu N
 * with N = M g on average over the block's small vertical oscillation) gives
 * v_x(T) = v0 - mu g T = 0.7 at T = 0.1 while it slides; the energy dissipated by the contact
 * is then M (v0^2 - v_x^2) / 2 plus the vibration energy of the sudden gravity load (small),
 * and the balance (Acary 2016) closes to round-off for theta = 1/2. The mass of the block is
 * rho x area (sn_fesys_mass, lumped). */
#include "check.h"
#include "signorini/analysis.h"
#include "signorini/io.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  double px, mtot, e0, dev;
} rec;

static int on_step(const sn_model *m, const sn_fesys *S, const sn_increment *inc, const sn_dyn_energy *e, int output,
                   void *user)
{
  (void)output;
  rec *R = user;
  if (inc->total_increment == 0) R->e0 = e->total;
  R->dev = fmax(R->dev, fabs(e->total - R->e0));
  /* x momentum by the lumped mass of the free dofs */
  int ndof = sn_fesys_ndof(S), *eq = malloc(sizeof(int) * (size_t)ndof), n = 0;
  for (int d = 0; d < ndof; d++) eq[d] = inc->constrained[d] ? -1 : n++;
  sn_csc *M = NULL;
  double *one = calloc((size_t)n + 1, sizeof(double)), *mv = calloc((size_t)n + 1, sizeof(double));
  if (eq && one && mv && sn_fesys_mass(S, 1, eq, n, &M) == SN_OK) {
    for (int d = 0; d < ndof; d++)
      if (eq[d] >= 0 && d % m->ndf == 0) one[eq[d]] = 1.0;
    sn_csc_gemv(M, 1.0, one, 0.0, mv);
    R->px = R->mtot = 0;
    for (int d = 0; d < ndof; d++)
      if (eq[d] >= 0 && d % m->ndf == 0) { R->px += mv[eq[d]] * inc->v[d]; R->mtot += mv[eq[d]]; }
  }
  sn_csc_free(M);
  free(eq); free(one); free(mv);
  return 0;
}

int main(void)
{
  sn_model *m = NULL;
  char msg[512];
  CHECK_INT(sn_inp_read(SN_TEST_DATA "/fe/dyn/block_slide.inp", &m, msg, sizeof msg), SN_OK);
  if (!m) return sn_check_report();
  rec R;
  memset(&R, 0, sizeof R);
  sn_dynamic_settings s;
  sn_dynamic_settings_default(&s);
  s.on_step = on_step;
  s.user = &R;
  s.output_every = 1000000;   /* fields only at the end */
  sn_dynamic_info info;
  CHECK_INT(sn_dynamic_run(m, &s, &info, msg, sizeof msg), SN_OK);
  double M = 1000 * 0.2 * 0.1, vx = R.px / R.mtot, want = 1 - 0.3 * 10 * 0.1;
  printf("block: mass %.6g (rho x area %g), v_x(T) = %.6g (v0 - mu g T = %g), contact dissipation %.6g "
         "(M (v0^2 - v^2) / 2 = %.6g), energy drift %.3g of %.6g, %d contact solves, %d missed, %.3f s\n",
         R.mtot, M, vx, want, info.energy.contact_dissipation, 0.5 * M * (1 - vx * vx), R.dev, R.e0, info.contact_steps,
         info.contact_missed, info.seconds);
  CHECK_CLOSE(R.mtot, M, 1e-12, 0);
  CHECK_CLOSE(info.mass, M, 1e-12, 0);
  CHECK_CLOSE(vx, want, 0.01, 0);
  CHECK_CLOSE(info.energy.contact_dissipation, 0.5 * M * (1 - vx * vx), 0.01, 0);
  CHECK_CLOSE(R.dev, 0, 0, 1e-9 * R.e0);
  CHECK_INT(info.contact_missed, 0);
  sn_model_free(m);
  return sn_check_report();
}
