/* *DYNAMIC with NLGEOM (dynamic_step.c: the total Lagrangian internal force, the tangent made
 * anew every time step). A free elastic cube (one C3D8, side 1, E = 1e4, nu = 0.3, density 1, no
 * support, no load) is set spinning about the vertical axis through its centre, v = w x (X - c),
 * w = 1 rad/s, and runs a quarter turn (t = pi / 2, 1 000 time steps, theta = 1/2). Exact
 * motion of an elastic body spinning freely: a rigid rotation plus the centrifugal stretch,
 * rho w^2 L^2 / E ~ 1e-4 here (Lai, Rubin & Krempl, "Introduction to Continuum Mechanics", the
 * rotating disc). Checked, each against that:
 * - NLGEOM: every edge keeps its length (to 2e-4; measured 3.4e-5), the corner (0, 0, z) has
 *   turned to (1, 0, z) (to 1e-3 of the side; measured 1e-5), the angular momentum about the
 *   axis (to 1e-6) and the kinetic energy 1/2 I w^2 = 0.25 (to 5e-4; measured 6.6e-5) are kept,
 *   and the run's energy balance (kinetic + strain, the strain as the internal forces' work)
 *   closes to 1e-3 of the kinetic energy (measured 2.5e-6 of it);
 * - the same with a *HYPERELASTIC neo-Hookean material of the same small-strain moduli and no
 *   NLGEOM (finite strain always): the same bounds;
 * - the same deck without NLGEOM: the linearised rotation carries no strain, so the corners
 *   fly off along their tangents and the cube grows (its edges by over 30 %): the small-strain
 *   analysis cannot spin a body, which is why NLGEOM is needed. */
#include "check.h"
#include "dyn_run.h"

#include <math.h>

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif
#include <stdio.h>
#include <string.h>

typedef struct {
  double x[8][3];           /* the corners' current positions at the end */
  double ek0, ek1, e0, edev, lz0, lz1;
} rec;

static const double X0[8][3] = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}, {0, 0, 1}, {1, 0, 1}, {1, 1, 1}, {0, 1, 1}};

static int on_step(const sn_model *m, const sn_fesys *S, const sn_increment *inc, const sn_dyn_energy *en,
                   int output, void *user)
{
  (void)S; (void)output;
  rec *R = user;
  double lz = 0.0;                /* lumped masses: 1/8 each; angular momentum about the axis */
  for (int i = 0; i < 8; i++) {
    const double *u = inc->u + m->ndf * i, *v = inc->v + m->ndf * i;
    for (int c = 0; c < 3; c++) R->x[i][c] = X0[i][c] + u[c];
    lz += 0.125 * ((R->x[i][0] - 0.5) * v[1] - (R->x[i][1] - 0.5) * v[0]);
  }
  if (inc->total_increment == 0) R->ek0 = en->kinetic, R->e0 = en->total, R->lz0 = lz;
  R->ek1 = en->kinetic;
  R->lz1 = lz;
  R->edev = fmax(R->edev, fabs(en->total - R->e0));
  return 0;
}

/* nlgeom: *STEP, NLGEOM; hyper: the *HYPERELASTIC neo-Hookean material of the same small-strain
 * moduli (C10 = G / 2, D1 = 2 / K) instead of *ELASTIC, without NLGEOM (always finite strain) */
static int run(int nlgeom, int hyper, rec *R)
{
  char deck[4096];
  int n = snprintf(deck, sizeof deck, "*NODE\n");
  for (int i = 0; i < 8; i++) n += snprintf(deck + n, sizeof deck - (size_t)n, "%d,%g,%g,%g\n", i + 1, X0[i][0], X0[i][1], X0[i][2]);
  n += snprintf(deck + n, sizeof deck - (size_t)n,
                "*ELEMENT,TYPE=C3D8,ELSET=E\n1,1,2,3,4,5,6,7,8\n*MATERIAL,NAME=M\n%s\n*DENSITY\n1.\n"
                "*SOLID SECTION,ELSET=E,MATERIAL=M\n*INITIAL CONDITIONS,TYPE=VELOCITY\n",
                hyper ? "*HYPERELASTIC,NEO HOOKE\n1923.0769230769231,0.00024" : "*ELASTIC\n1.E4,0.3");
  for (int i = 0; i < 8; i++)     /* w x (X - c), w = (0, 0, 1), c = (0.5, 0.5, .) */
    n += snprintf(deck + n, sizeof deck - (size_t)n, "%d,1,%g\n%d,2,%g\n", i + 1, -(X0[i][1] - 0.5), i + 1, X0[i][0] - 0.5);
  snprintf(deck + n, sizeof deck - (size_t)n, "*STEP%s\n*DYNAMIC\n%.17g,%.17g\n*END STEP\n", nlgeom ? ",NLGEOM" : "",
           M_PI / 2 / 1000, M_PI / 2);
  return sn_test_dyn_text(deck, "spin.inp", on_step, R, 0, NULL);
}

static double edge(const rec *R, int a, int b)
{
  return sqrt(pow(R->x[a][0] - R->x[b][0], 2) + pow(R->x[a][1] - R->x[b][1], 2) + pow(R->x[a][2] - R->x[b][2], 2));
}

int main(void)
{
  static const int E[12][2] = {{0, 1}, {1, 2}, {2, 3}, {3, 0}, {4, 5}, {5, 6}, {6, 7}, {7, 4}, {0, 4}, {1, 5}, {2, 6}, {3, 7}};
  rec a, b, c;
  memset(&a, 0, sizeof a);
  memset(&b, 0, sizeof b);
  memset(&c, 0, sizeof c);
  CHECK_INT(run(1, 0, &a), SN_OK);
  double emax = 0.0;
  for (int k = 0; k < 12; k++) emax = fmax(emax, fabs(edge(&a, E[k][0], E[k][1]) - 1.0));
  fprintf(stderr, "NLGEOM: largest edge change %.3e, corner 1 at (%.5f, %.5f, %.5f), kinetic %.8g -> %.8g, "
          "L_z %.12g -> %.12g, balance %.3e\n", emax, a.x[0][0], a.x[0][1], a.x[0][2], a.ek0, a.ek1, a.lz0, a.lz1, a.edev);
  CHECK(emax < 2e-4);
  CHECK_CLOSE(a.x[0][0], 1.0, 0, 1e-3);        /* (0, 0) turned a quarter about (0.5, 0.5) */
  CHECK_CLOSE(a.x[0][1], 0.0, 0, 1e-3);
  CHECK_CLOSE(a.x[0][2], 0.0, 0, 1e-3);
  CHECK_CLOSE(a.ek0, 0.5 * 0.5, 1e-12, 0);   /* 1/2 I w^2, I of the lumped corners 8 x 1/8 x 1/2 */
  CHECK_CLOSE(a.ek1, a.ek0, 5e-4, 0);
  CHECK_CLOSE(a.lz1, a.lz0, 1e-6, 0);
  CHECK(a.edev < 1e-3 * a.ek0);
  CHECK_INT(run(0, 1, &c), SN_OK);           /* neo-Hookean: finite strain without NLGEOM */
  double ehyp = 0.0;
  for (int k = 0; k < 12; k++) ehyp = fmax(ehyp, fabs(edge(&c, E[k][0], E[k][1]) - 1.0));
  fprintf(stderr, "neo-Hookean: largest edge change %.3e, corner 1 at (%.5f, %.5f), kinetic %.8g -> %.8g, balance %.3e\n",
          ehyp, c.x[0][0], c.x[0][1], c.ek0, c.ek1, c.edev);
  CHECK(ehyp < 2e-4);
  CHECK_CLOSE(c.x[0][0], 1.0, 0, 1e-3);
  CHECK_CLOSE(c.x[0][1], 0.0, 0, 1e-3);
  CHECK_CLOSE(c.ek1, c.ek0, 5e-4, 0);
  CHECK_CLOSE(c.lz1, c.lz0, 1e-6, 0);
  CHECK(c.edev < 1e-3 * c.ek0);
  CHECK_INT(run(0, 0, &b), SN_OK);
  double grow = 0.0;
  for (int k = 0; k < 12; k++) grow = fmax(grow, edge(&b, E[k][0], E[k][1]) - 1.0);
  fprintf(stderr, "small strain: largest edge growth %.3f\n", grow);
  CHECK(grow > 0.3);
  return sn_check_report();
}
