/* *EQUATION in *DYNAMIC steps (master-slave elimination u = T q, src/fem/dofmap.c; the mass
 * reduced as T^T M T, docs/fe-dynamics.md). A one-degree-of-freedom oscillator written as
 * CalculiX' contdamp1 deck writes it: a SPRINGA spring (k = 10) from a fixed node to node 2, a
 * C3D8 unit cube (rho = 1: m = 1) whose 8 nodes' x displacements are tied to node 2 by
 * *EQUATIONs (y, z fixed), pulled by F = 4 from rest. The trapezoidal rule (Moreau-Jean with
 * theta = 1/2) turns the exact solution x = F / k (1 - cos w t) into the discrete one
 *     x_n = F / k (1 - cos(n W h)),  tan(W h / 2) = w h / 2
 * (the Cayley transform of the oscillator's generator is the rotation by W h; the static part
 * F / k is exact), checked at every time step for node 2 and a tied node, lumped and consistent
 * mass (both reduce to m = 1 on the tied dof); the energy balance closes. Then a *BOUNDARY on a
 * dependent dof is refused with the line, as in *STATIC steps. */
#include "check.h"
#include "signorini/analysis.h"
#include "signorini/io.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const double K = 10, F = 4, H = 0.01;

typedef struct {
  double err, e0, edev;
  int steps;
} record;

static int on_step(const sn_model *m, const sn_fesys *S, const sn_increment *inc, const sn_dyn_energy *en, int output,
                   void *user)
{
  (void)S; (void)output;
  record *R = user;
  if (inc->total_increment == 0) R->e0 = en->total;
  R->edev = fmax(R->edev, fabs(en->total - R->e0));
  double w = sqrt(K / 1.0), W = 2 / H * atan(w * H / 2);
  double x = F / K * (1 - cos(W * inc->total_time));
  for (int id = 2; id <= 10; id += 8) {   /* node 2 (the spring's end) and node 10 (a tied cube corner) */
    int i = sn_model_node_index(m, id);
    R->err = fmax(R->err, fabs(inc->u[3 * i] - x));
  }
  R->steps++;
  return 0;
}

static char *deck(const char *mass, int bad)
{
  static char b[4096];
  int n = snprintf(b, sizeof b,
                   "*NODE, NSET=NALL\n1, 0, 0, 0\n2, 1, 0, 0\n"
                   "3, 1, 0, 0\n4, 2, 0, 0\n5, 2, 1, 0\n6, 1, 1, 0\n7, 1, 0, 1\n8, 2, 0, 1\n9, 2, 1, 1\n10, 1, 1, 1\n"
                   "*ELEMENT, TYPE=SPRINGA, ELSET=ESPRING\n1, 1, 2\n*ELEMENT, TYPE=C3D8, ELSET=EMASS\n2, 3, 4, 5, 6, 7, 8, 9, 10\n"
                   "*NSET, NSET=NMASS, GENERATE\n3, 10\n"
                   "*BOUNDARY\n1, 1, 3\n2, 2, 3\nNMASS, 2, 3\n%s"
                   "*SPRING, ELSET=ESPRING\n\n%g\n"
                   "*MATERIAL, NAME=EL\n*ELASTIC\n210000., .3\n*DENSITY\n1.\n*SOLID SECTION, ELSET=EMASS, MATERIAL=EL\n",
                   bad ? "3, 1, 1\n" : "", K);
  for (int i = 3; i <= 10; i++) n += snprintf(b + n, sizeof b - (size_t)n, "*EQUATION\n2\n%d, 1, 1., 2, 1, -1.\n", i);
  snprintf(b + n, sizeof b - (size_t)n, "*STEP\n*DYNAMIC, MASS=%s\n%g, 1.\n*CLOAD\n4, 1, 1.\n5, 1, 1.\n8, 1, 1.\n9, 1, 1.\n*END STEP\n",
           mass, H);
  return b;
}

static void oscillator(const char *mass)
{
  char msg[512];
  const char *d = deck(mass, 0);
  sn_model *m = NULL;
  int st = sn_inp_parse(d, strlen(d), "osc.inp", NULL, &m, msg, sizeof msg);
  if (st) fprintf(stderr, "%s\n", msg);
  CHECK_INT(st, SN_OK);
  if (st) return;
  record R = {0, 0, 0, 0};
  sn_dynamic_settings s;
  sn_dynamic_settings_default(&s);
  s.on_step = on_step;
  s.user = &R;
  s.output_every = 1;
  sn_dynamic_info info;
  st = sn_dynamic_run(m, &s, &info, msg, sizeof msg);
  if (st) fprintf(stderr, "%s\n", msg);
  CHECK_INT(st, SN_OK);
  CHECK_INT(R.steps, 101);
  CHECK(R.err < 1e-12);
  CHECK(R.edev < 1e-10 * F * F / K);   /* of the energies' scale (F^2 / k = 1.6) */
  CHECK_CLOSE(info.mass, 1.0, 1e-12, 0);
  printf("%s mass: largest |x - x_n| %.2e over %d states, energy balance %.1e\n", mass, R.err, R.steps, R.edev);
  sn_model_free(m);
}

static void dependent_boundary(void)
{
  char msg[512];
  const char *d = deck("LUMPED", 1);
  sn_model *m = NULL;
  int st = sn_inp_parse(d, strlen(d), "osc.inp", NULL, &m, msg, sizeof msg);
  CHECK_INT(st, SN_OK);
  if (st) return;
  sn_dynamic_info info;
  st = sn_dynamic_run(m, NULL, &info, msg, sizeof msg);
  CHECK(st != SN_OK);
  if (!strstr(msg, "dependent term")) fprintf(stderr, "%s\n", msg);
  CHECK(strstr(msg, "*BOUNDARY on degree of freedom 1 of node 3") != NULL);
  sn_model_free(m);
}

int main(void)
{
  oscillator("LUMPED");
  oscillator("CONSISTENT");
  dependent_boundary();
  return sn_check_report();
}
