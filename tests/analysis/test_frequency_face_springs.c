/* *STEP, PERTURBATION / *FREQUENCY after CalculiX' face-to-face penalty contact (a SURFACE TO
 * SURFACE pair with a soft frictionless law: one contact point per integration point of the
 * slave faces, src/contact/face_penalty.c): each closed point is a spring, the law's tangent x
 * its integration weight, along its own Jacobian (src/analysis/frequency_step.c). Two unit cubes of
 * C3D20 stacked (8-node faces), the lower one clamped at its base, the upper one on the
 * lower's top face through a LINEAR law of slope k = 100 (E = 210000: the cubes are nearly rigid
 * on the spring bed), its top face's horizontal dofs held, pressed by a pressure of 1e-3 in a
 * *STATIC step (penetration 1e-5; its initial-stress stiffness moves the rocking by about
 * 1e-4). Rigid modes on the bed (frictionless: no tangential springs): rocking about the x and
 * the y axis through the top face's centre, spring moment k int (y - 1/2)^2 dA = k / 12 against
 * the inertia rho (1/12 + 1/3) = 5 rho / 12: omega^2 = k / (5 rho) = 2e4 (twice); the vertical
 * translation, omega^2 = k A / m = 1e5 (rho = 1e-3, A = 1, m = rho); the cubes' own compliance
 * moves them by about k / E relatively. (Springs spread over the integration points' nearest
 * face nodes instead give 6.1e3, 1.2e4 and 1.04e5: measured.) */
#include "check.h"
#include "signorini/analysis.h"
#include "signorini/io.h"

#include <stdio.h>
#include <string.h>

static double lam[3];
static int nfreq, nspr;

static int grab(const sn_model *m, const sn_fesys *S, const sn_frequency_result *res, void *user)
{
  (void)m; (void)S; (void)user;
  nfreq++;
  nspr = res->contact_springs;
  for (int k = 0; k < 3 && k < res->nev; k++) lam[k] = res->eigenvalue[k];
  return 0;
}

/* cube c (0 lower, 1 upper) as a C3D20: its 20 nodes (ids 100 c + 1 ..), corners then the
 * midside nodes of the bottom, the top and the vertical edges */
static size_t cube(char *d, size_t cap, int c)
{
  static const double cx[8] = {0, 1, 1, 0, 0, 1, 1, 0}, cy[8] = {0, 0, 1, 1, 0, 0, 1, 1};
  static const int ea[12] = {0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3}, eb[12] = {1, 2, 3, 0, 5, 6, 7, 4, 4, 5, 6, 7};
  double X[20][3];
  for (int k = 0; k < 8; k++) { X[k][0] = cx[k]; X[k][1] = cy[k]; X[k][2] = c + (k >= 4); }
  for (int k = 0; k < 12; k++)
    for (int j = 0; j < 3; j++) X[8 + k][j] = 0.5 * (X[ea[k]][j] + X[eb[k]][j]);
  size_t n = 0;
  for (int k = 0; k < 20; k++) n += (size_t)snprintf(d + n, cap - n, "%d, %g, %g, %g\n", 100 * c + k + 1, X[k][0], X[k][1], X[k][2]);
  return n;
}

static void make_deck(char *d, size_t cap)
{
  size_t n = (size_t)snprintf(d, cap, "*NODE, NSET=ALL\n");
  n += cube(d + n, cap - n, 0);
  n += cube(d + n, cap - n, 1);
  n += (size_t)snprintf(d + n, cap - n, "*ELEMENT, TYPE=C3D20, ELSET=LOW\n1");
  for (int k = 1; k <= 20; k++) n += (size_t)snprintf(d + n, cap - n, "%s%d%s", k == 16 ? "" : ",", k, k == 15 ? ",\n" : "");
  n += (size_t)snprintf(d + n, cap - n, "\n*ELEMENT, TYPE=C3D20, ELSET=UP\n2");
  for (int k = 1; k <= 20; k++) n += (size_t)snprintf(d + n, cap - n, "%s%d%s", k == 16 ? "" : ",", 100 + k, k == 15 ? ",\n" : "");
  snprintf(d + n, cap - n,
           "\n*NSET, NSET=BASE\n1,2,3,4,9,10,11,12\n*NSET, NSET=TOPF\n105,106,107,108,113,114,115,116\n"
           "*ELSET, ELSET=ALLE\n1,2\n"
           "*SURFACE, NAME=MTOP\n1, S2\n*SURFACE, NAME=SBOT\n2, S1\n"
           "*MATERIAL, NAME=EL\n*ELASTIC\n210000., 0.3\n*DENSITY\n1.e-3\n"
           "*SOLID SECTION, ELSET=ALLE, MATERIAL=EL\n"
           "*SURFACE INTERACTION, NAME=I\n*SURFACE BEHAVIOR, PRESSURE-OVERCLOSURE=LINEAR\n100.\n"
           "*CONTACT PAIR, INTERACTION=I, TYPE=SURFACE TO SURFACE\nSBOT, MTOP\n"
           "*BOUNDARY\nBASE, 1, 3\nTOPF, 1, 2\n"
           "*STEP\n*STATIC\n*DLOAD\n2, P2, 1.e-3\n*END STEP\n"
           "*STEP, PERTURBATION\n*FREQUENCY\n3\n*END STEP\n");
}

int main(void)
{
  char msg[512], deck[8192];
  make_deck(deck, sizeof deck);
  sn_model *m = NULL;
  int st = sn_inp_parse(deck, strlen(deck), "cubes.inp", NULL, &m, msg, sizeof msg);
  if (st) fprintf(stderr, "parse: %s\n", msg);
  CHECK_INT(st, SN_OK);
  sn_static_settings s;
  sn_static_settings_default(&s);
  s.on_frequency = grab;
  if (!st) st = sn_static_run(m, &s, NULL, msg, sizeof msg);
  if (st) fprintf(stderr, "run: %s\n", msg);
  CHECK_INT(st, SN_OK);
  CHECK_INT(nfreq, 1);
  CHECK(nspr >= 4);                              /* the slave face's integration points, closed */
  CHECK_CLOSE(lam[0], 100.0 / (5 * 1.e-3), 2e-3, 0);   /* rocking about x and y: k / (5 rho) */
  CHECK_CLOSE(lam[1], 100.0 / (5 * 1.e-3), 2e-3, 0);
  CHECK_CLOSE(lam[2], 100.0 * 1.0 / 1.e-3, 2e-3, 0);    /* vertical: k A / m */
  sn_model_free(m);
  return sn_check_report();
}
