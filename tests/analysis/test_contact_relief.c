/* CalculiX' overclosure relief in the first static step (src/contact/contact_relief.c): two unit
 * cubes (C3D8, E = 1000, nu = 0) stacked, symmetry planes x = 0 and y = 0, the lower one on
 * z = 0, the upper one held in z by the contact alone (SURFACE TO SURFACE, LINEAR K = 1e5) and
 * pressed by p = 100 on its top, fixed increments of 0.25; a second step to p = 200 in
 * increments of 0.5. The lower cube's top sinks by p t L / E; the gap g of the pair follows
 * the relief's recursion, g_n = -p t_n / K + g_(n-1) (1 - t_n) / (1 - t_(n-1)) in the first
 * step (g_0 the initial gap, counted when negative), the law's -p / K in the second:
 *   touching (g_0 = 0):       -2.5e-4, -6.6667e-4, -1.08333e-3, -1e-3; -1.5e-3, -2e-3
 *   overclosed (g_0 = -1e-3): -1e-3, -1.16667e-3, -1.08333e-3, -1e-3; -1.5e-3, -2e-3
 * and in a NODE TO SURFACE pair, relieved in the first increment only, -1e-3, -5e-4, -7.5e-4, ...
 * ccx 2.20 on these decks prints for the upper cube's bottom node 11 (U z): -2.525000E-02,
 * -5.066667E-02, -7.608333E-02, -1.010000E-01, -1.515000E-01, -2.020000E-01 (touching, with
 * and without *FRICTION 0.2, 1e3) and -2.500000E-02, -5.016667E-02, -7.533333E-02,
 * -1.000000E-01, -1.505000E-01, -2.010000E-01 (overclosed; the initial 1e-3 in its U), its
 * contact pressure p t at every increment; NODE TO SURFACE overclosed: -2.500014E-02,
 * -4.950014E-02, -7.475014E-02, -1.000001E-01, -1.505001E-01, -2.010001E-01 (1.4e-7 lower
 * throughout: its LINEAR law's undocumented default tension offset, contact_law.c). */
#include "check.h"
#include "signorini/analysis.h"
#include "signorini/io.h"

#include <stdio.h>
#include <string.h>

static const char *const deck_fmt =
    "*NODE, NSET=NALL\n"
    "1,0,0,0\n2,1,0,0\n3,1,1,0\n4,0,1,0\n5,0,0,1\n6,1,0,1\n7,1,1,1\n8,0,1,1\n"
    "11,0,0,%g\n12,1,0,%g\n13,1,1,%g\n14,0,1,%g\n15,0,0,2\n16,1,0,2\n17,1,1,2\n18,0,1,2\n"
    "*ELEMENT, TYPE=C3D8, ELSET=EALL\n1,1,2,3,4,5,6,7,8\n2,11,12,13,14,15,16,17,18\n"
    "*ELSET, ELSET=ELOW\n1\n*ELSET, ELSET=EUP\n2\n"
    "*NSET, NSET=NX0\n1, 4, 5, 8, 11, 14, 15, 18\n*NSET, NSET=NY0\n1, 2, 5, 6, 11, 12, 15, 16\n"
    "*NSET, NSET=NBOT\n1, 2, 3, 4\n"
    "*MATERIAL, NAME=M\n*ELASTIC\n1000., 0.\n*SOLID SECTION, ELSET=EALL, MATERIAL=M\n"
    "*SURFACE, NAME=SM\nELOW, S2\n*SURFACE, NAME=SS\nEUP, S1\n"
    "*SURFACE INTERACTION, NAME=SI\n*SURFACE BEHAVIOR, PRESSURE-OVERCLOSURE=LINEAR\n1.E5\n%s"
    "*CONTACT PAIR, INTERACTION=SI, TYPE=%s\nSS, SM\n"
    "*BOUNDARY\nNX0, 1, 1\nNY0, 2, 2\nNBOT, 3, 3\n"
    "*STEP\n*STATIC, DIRECT\n0.25, 1.\n*DLOAD\n2, P2, 100.\n*END STEP\n"
    "*STEP\n*STATIC, DIRECT\n0.5, 1.\n*DLOAD\n2, P2, 200.\n*END STEP\n";

typedef struct {
  int n;
  double u5[8], u11[8];
} result;

static int grab(const sn_model *m, const sn_fesys *S, const sn_increment *inc, void *user)
{
  (void)S;
  result *r = user;
  if (r->n < 8) {
    r->u5[r->n] = inc->u[3 * sn_model_node_index(m, 5) + 2];
    r->u11[r->n] = inc->u[3 * sn_model_node_index(m, 11) + 2];
  }
  r->n++;
  return 0;
}

static int run(double z0, const char *friction, const char *type, result *r)
{
  char deck[4096], msg[512];
  snprintf(deck, sizeof deck, deck_fmt, z0, z0, z0, z0, friction, type);
  memset(r, 0, sizeof *r);
  sn_model *m = NULL;
  int st = sn_inp_parse(deck, strlen(deck), "relief.inp", NULL, &m, msg, sizeof msg);
  if (!st) {
    sn_static_settings s;
    sn_static_settings_default(&s);
    s.on_increment = grab;
    s.user = r;
    st = sn_static_run(m, &s, NULL, msg, sizeof msg);
  }
  if (st) fprintf(stderr, "%s\n", msg);
  sn_model_free(m);
  return st;
}

static void check_case(double z0, const char *friction, int n2s, const double *ccx_u11)
{
  static const double t[6] = {0.25, 0.5, 0.75, 1.0, 1.5, 2.0};
  result r;
  CHECK_INT(run(z0, friction, n2s ? "NODE TO SURFACE" : "SURFACE TO SURFACE", &r), SN_OK);
  CHECK_INT(r.n, 6);
  double g = z0 - 1, tp = 0;   /* the recursion of the header */
  for (int k = 0; k < 6 && r.n == 6; k++) {
    double p = 100 * t[k];
    g = k < (n2s ? 1 : 4) ? -p / 1e5 + (g < 0 ? g : 0) * (1 - t[k]) / (1 - tp) : -p / 1e5;
    tp = t[k];
    CHECK_CLOSE(r.u5[k], -p / 1000, 1e-9, 1e-12);              /* the lower cube: p L / E */
    CHECK_CLOSE(r.u11[k] - r.u5[k] + (z0 - 1), g, 1e-6, 1e-12);   /* the gap, by hand */
    CHECK_CLOSE(r.u11[k], ccx_u11[k], n2s ? 1e-5 : 1e-6, 0);   /* ccx 2.20's U at 7 digits */
  }
}

int main(void)
{
  static const double touching[6] = {-2.525000e-02, -5.066667e-02, -7.608333e-02, -1.010000e-01, -1.515000e-01, -2.020000e-01};
  static const double overclosed[6] = {-2.500000e-02, -5.016667e-02, -7.533333e-02, -1.000000e-01, -1.505000e-01, -2.010000e-01};
  static const double n2s[6] = {-2.500014e-02, -4.950014e-02, -7.475014e-02, -1.000001e-01, -1.505001e-01, -2.010001e-01};
  check_case(1.0, "", 0, touching);                          /* face-to-face penalty points */
  check_case(1.0, "*FRICTION\n0.2, 1.E3\n", 0, touching);   /* frictional: the slave nodes' rows */
  check_case(0.999, "", 0, overclosed);
  check_case(0.999, "", 1, n2s);                             /* NODE TO SURFACE: the first increment */
  return sn_check_report();
}
