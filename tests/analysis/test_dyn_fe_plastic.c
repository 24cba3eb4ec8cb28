/* *PLASTIC in *DYNAMIC steps (dynamic_step.c: the elastoplastic tangent every time step, the J2
 * history committed after each). The uniaxial loop of test_plastic_static.c (1) (a unit C3D8
 * cube on symmetry planes, E = 1000, nu = 0.3, sy = 10 + 100 ep, u_x of the face x = 1 to 0.05
 * and back to -0.05) run as a *DYNAMIC step of 2 s with a light material (density 1e-6: the
 * cube's first period ~1e-4 s against the load's 2 s, quasi-static) under THETA=1, the motion
 * following an amplitude: at every time step the reaction on x = 1 (unit area: sigma_xx)
 * follows the 1D closed form of isotropic hardening (elastic to sy / E, slope E H / (E + H),
 * elastic unloading, reverse yield at minus the hardened stress) within 1e-6 of sy, the
 * inertia's share (measured 1.6e-6 of it); and the energy CSV's strain column (the internal
 * forces' work, stored plus dissipated) ends at the work of the loop, the integral of sigma d
 * eps (1.7549), within 2e-2: under THETA=1 each step's force is taken at u + h v, the right end
 * of the step, which over-counts the elastic parts by about 1/2 k du^2 a step (0.02 over the 200
 * steps; measured 1.2e-2 high). Under THETA=1/2 the same loop oscillates (reaction error 0.5:
 * the cube's period, 1e-4 s, is not damped at this time step), hence THETA=1. */
#include "check.h"
#include "dyn_run.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static const double E = 1000, SY = 10, H = 100, EMAX = 0.05;

typedef struct {
  double err, wint;
  int n;
} rec;

/* the closed form at step time t: strain 0.05 t to t = 1, then 0.05 - 0.1 (t - 1) */
static double sigma_exact(double t)
{
  double Et = E * H / (E + H), smax = SY + Et * (EMAX - SY / E), er = EMAX - 2 * smax / E, eps;
  if (t <= 1) {
    eps = EMAX * t;
    return eps <= SY / E ? E * eps : SY + Et * (eps - SY / E);
  }
  eps = EMAX - 2 * EMAX * (t - 1);
  return eps >= er ? smax - E * (EMAX - eps) : -smax - Et * (er - eps);
}

static int on_step(const sn_model *m, const sn_fesys *S, const sn_increment *inc, const sn_dyn_energy *en,
                   int output, void *user)
{
  (void)S;
  rec *R = user;
  if (!output || !inc->rf) return 0;
  double f = 0;
  static const int x1[4] = {2, 3, 6, 7};
  for (int k = 0; k < 4; k++) f += inc->rf[m->ndf * sn_model_node_index(m, x1[k])];
  R->err = fmax(R->err, fabs(f - sigma_exact(inc->step_time)));
  R->wint = en->strain;
  R->n++;
  return 0;
}

int main(void)
{
  static const char *deck =
      "*NODE\n1,0,0,0\n2,1,0,0\n3,1,1,0\n4,0,1,0\n5,0,0,1\n6,1,0,1\n7,1,1,1\n8,0,1,1\n"
      "*ELEMENT, TYPE=C3D8, ELSET=EALL\n1,1,2,3,4,5,6,7,8\n"
      "*NSET, NSET=X0\n1,4,5,8\n*NSET, NSET=X1\n2,3,6,7\n*NSET, NSET=Y0\n1,2,5,6\n*NSET, NSET=Z0\n1,2,3,4\n"
      "*MATERIAL, NAME=STEEL\n*ELASTIC\n1000, 0.3\n*PLASTIC\n10, 0\n110, 1\n*DENSITY\n1e-6\n"
      "*SOLID SECTION, ELSET=EALL, MATERIAL=STEEL\n*AMPLITUDE, NAME=LOOP\n0, 0, 1, 1, 2, -1\n"
      "*BOUNDARY\nX0,1,1,0\nY0,2,2,0\nZ0,3,3,0\n"
      "*STEP\n*DYNAMIC, THETA=1\n0.01, 2\n*BOUNDARY, AMPLITUDE=LOOP\nX1,1,1,0.05\n*END STEP\n";
  rec R = {0, 0, 0};
  CHECK_INT(sn_test_dyn_text(deck, "plastic_dyn.inp", on_step, &R, 1, NULL), SN_OK);
  /* the loop's work: the integral of sigma d eps over the closed form (midpoint rule, fine) */
  double w = 0;
  const int n = 200000;
  for (int k = 0; k < n; k++) {
    double t0 = 2.0 * k / n, t1 = 2.0 * (k + 1) / n, tm = 0.5 * (t0 + t1);
    double e0 = t0 <= 1 ? EMAX * t0 : EMAX - 2 * EMAX * (t0 - 1), e1 = t1 <= 1 ? EMAX * t1 : EMAX - 2 * EMAX * (t1 - 1);
    w += sigma_exact(tm) * (e1 - e0);
  }
  printf("plastic *DYNAMIC: %d outputs, largest reaction error %.3e (sy %g), internal work %.9g (loop %.9g)\n", R.n,
         R.err, SY, R.wint, w);
  CHECK_INT(R.n, 201);
  CHECK(R.err < 1e-6 * SY);
  CHECK_CLOSE(R.wint, w, 2e-2, 0);
  return sn_check_report();
}
