/* *STEP, PERTURBATION / *FREQUENCY after frictional SURFACE TO SURFACE contact of a soft law
 * (src/analysis/frequency_step.c, face_point_springs): the springs sit at the integration points
 * of the slave faces, as CalculiX' face-to-face penalty has them, not on the static steps' mortar
 * rows. Two unit cubes (C3D8, E = 1e6, nu = 0, rho = 1) stacked, the lower one clamped at its
 * base, the upper one held by the contact alone (LINEAR k = 1e4, *FRICTION 0.5 with stick slope
 * kt = 100) and pressed by p = 0.1 in a *STATIC step. The upper cube twisting about z on its
 * stick springs: omega^2 = kt int r^2 dA / (rho J) = kt (1/6) / (1/6) = 100 for a rigid cube;
 * ccx 2.20 on this deck prints 9.998750 rad/time (the cube's compliance), and 9.845410 (twice:
 * sliding and rocking coupled), 71.49315 (twice), 99.37908 (the bounce, k A / m = 1e4 less the
 * compliance). On the mortar rows (the former springs) the twist came out at 3.333, sliding at
 * 8.584 and rocking at 25.91 (measured with p = 10): the rows' weighted gaps average the twist
 * over the face. Here the twist and the bounce agree with ccx to its 7 digits, the coupled pairs
 * within 3.3e-5. (With p = 10 the coupled pairs differ by 0.3 %: ccx's rise to 9.873407 and
 * 71.28160 with the preload, signorini's fall to 9.843248 and 71.07470; twist and bounce agree
 * still.) */
#include "check.h"
#include "signorini/analysis.h"
#include "signorini/io.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static double lam[6];
static int nev;

static int grab(const sn_model *m, const sn_fesys *S, const sn_frequency_result *res, void *user)
{
  (void)m; (void)S; (void)user;
  nev = res->nev;
  for (int k = 0; k < 6 && k < res->nev; k++) lam[k] = res->eigenvalue[k];
  return 0;
}

static const char *const deck =
    "*NODE, NSET=NALL\n"
    "1,0,0,0\n2,1,0,0\n3,1,1,0\n4,0,1,0\n5,0,0,1\n6,1,0,1\n7,1,1,1\n8,0,1,1\n"
    "11,0,0,1\n12,1,0,1\n13,1,1,1\n14,0,1,1\n15,0,0,2\n16,1,0,2\n17,1,1,2\n18,0,1,2\n"
    "*ELEMENT, TYPE=C3D8, ELSET=EALL\n1,1,2,3,4,5,6,7,8\n2,11,12,13,14,15,16,17,18\n"
    "*ELSET, ELSET=ELOW\n1\n*ELSET, ELSET=EUP\n2\n*NSET, NSET=NBOT\n1, 2, 3, 4\n"
    "*MATERIAL, NAME=M\n*ELASTIC\n1.E6, 0.\n*DENSITY\n1.\n*SOLID SECTION, ELSET=EALL, MATERIAL=M\n"
    "*SURFACE, NAME=SM\nELOW, S2\n*SURFACE, NAME=SS\nEUP, S1\n"
    "*SURFACE INTERACTION, NAME=SI\n*SURFACE BEHAVIOR, PRESSURE-OVERCLOSURE=LINEAR\n1.E4\n*FRICTION\n0.5, 1.E2\n"
    "*CONTACT PAIR, INTERACTION=SI, TYPE=SURFACE TO SURFACE\nSS, SM\n"
    "*BOUNDARY\nNBOT, 1, 3\n"
    "*STEP\n*STATIC\n*DLOAD\n2, P2, 0.1\n*END STEP\n"
    "*STEP, PERTURBATION\n*FREQUENCY\n6\n*END STEP\n";

int main(void)
{
  char msg[512];
  sn_model *m = NULL;
  int st = sn_inp_parse(deck, strlen(deck), "fq.inp", NULL, &m, msg, sizeof msg);
  CHECK_INT(st, SN_OK);
  if (st) { fprintf(stderr, "%s\n", msg); return sn_check_report(); }
  sn_static_settings s;
  sn_static_settings_default(&s);
  s.on_frequency = grab;
  st = sn_static_run(m, &s, NULL, msg, sizeof msg);
  CHECK_INT(st, SN_OK);
  if (st) fprintf(stderr, "%s\n", msg);
  sn_model_free(m);
  CHECK_INT(nev, 6);
  if (nev == 6) {
    double w[6];
    for (int k = 0; k < 6; k++) w[k] = sqrt(lam[k]);
    CHECK_CLOSE(w[0], 9.845410, 1e-4, 0);   /* sliding and rocking, ccx 2.20 */
    CHECK_CLOSE(w[1], 9.845410, 1e-4, 0);
    CHECK_CLOSE(w[2], 9.998750, 1e-6, 0);   /* the twist on the stick springs, ccx 2.20 */
    CHECK(fabs(w[2] - 10) < 2e-3);          /* rigid: sqrt(kt / rho) */
    CHECK_CLOSE(w[3], 71.49315, 1e-4, 0);
    CHECK_CLOSE(w[4], 71.49315, 1e-4, 0);
    CHECK_CLOSE(w[5], 99.37908, 1e-6, 0);   /* the bounce, ccx 2.20 */
  }
  return sn_check_report();
}
