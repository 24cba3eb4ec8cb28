/* *FREQUENCY with kinematic constraints (src/analysis/frequency_constrained.c: K' = T^T K T,
 * M' = T^T M T). The eigenvalues of a constrained model against those of the same structure
 * with the constraint written as prescribed dofs or as one mesh (the constrained subspace is
 * the same, so the eigenvalues are equal up to round-off):
 *  (a) a 4 x 1 x 1 bar of 4 C3D8 along x, clamped at x = 4, on rollers at x = 0 (u_x = 0 by
 *      *BOUNDARY): the reference;
 *  (b) the same bar turned by 30 degrees about z, the rollers normal to its turned end face
 *      n . u = 0 written as *EQUATION (cos 30 u_x + sin 30 u_y = 0);
 *  (c) the turned bar with a *TRANSFORM (x' = n) and *BOUNDARY on the local x';
 *  (d) the bar cut at x = 2 into two meshes with coincident nodes, joined by *EQUATION
 *      (u_slave - u_master = 0 per component) and (e) by *TIE (node surface on element faces).
 * CalculiX 2.20 on deck (b) printed 0.3694333E+12 (twice), 0.1617501E+13, 0.8305590E+13 (twice),
 * 0.1609697E+14 (the same as on deck (a)): checked to its 7 digits. */
#include "check.h"
#include "signorini/analysis.h"
#include "signorini/io.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NEV 6

typedef struct {
  int n, nev;
  double lam[NEV];
} freqs;

static int grab(const sn_model *m, const sn_fesys *S, const sn_frequency_result *res, void *user)
{
  (void)m; (void)S;
  freqs *f = user;
  f->n++;
  f->nev = res->nev;
  for (int k = 0; k < res->nev && k < NEV; k++) f->lam[k] = res->eigenvalue[k];
  return 0;
}

static int run_deck(const char *deck, freqs *f, char *msg, size_t len)
{
  sn_model *m = NULL;
  memset(f, 0, sizeof *f);
  int st = sn_inp_parse(deck, strlen(deck), "cfreq.inp", NULL, &m, msg, len);
  if (st) { sn_model_free(m); return st; }
  sn_static_settings s;
  sn_static_settings_default(&s);
  s.on_frequency = grab;
  s.user = f;
  st = sn_static_run(m, &s, NULL, msg, len);
  sn_model_free(m);
  return st;
}

/* the bar's deck: nodes turned by th about z; cut: the x = 2 plane's nodes doubled (ids + 100
 * for the second half), join 1 by *EQUATION, 2 by *TIE; rollers 0 *BOUNDARY, 1 *EQUATION,
 * 2 *TRANSFORM + *BOUNDARY */
static char *bar_deck(double th, int cut, int rollers)
{
  size_t cap = 16384, k = 0;
  char *d = malloc(cap);
  double c = cos(th), s = sin(th);
  k += (size_t)snprintf(d + k, cap - k, "*NODE, NSET=ALL\n");
  for (int i = 0; i <= 4; i++)
    for (int j = 0; j < 4; j++) {
      double x = i, y = j & 1, z = j >> 1;
      int id = 4 * i + j + 1;
      k += (size_t)snprintf(d + k, cap - k, "%d, %.17g, %.17g, %.17g\n", id, c * x - s * y, s * x + c * y, z);
      if (cut && i == 2) k += (size_t)snprintf(d + k, cap - k, "%d, %.17g, %.17g, %.17g\n", id + 100, c * x - s * y, s * x + c * y, z);
    }
  k += (size_t)snprintf(d + k, cap - k, "*ELEMENT, TYPE=C3D8, ELSET=BAR\n");
  for (int i = 0; i < 4; i++) {
    int a = 4 * i + 1, b = 4 * (i + 1) + 1, o = cut && i == 2 ? 100 : 0;   /* element 3 starts on the copy */
    k += (size_t)snprintf(d + k, cap - k, "%d, %d, %d, %d, %d, %d, %d, %d, %d\n", i + 1, a + o, b, b + 1, a + 1 + o,
                          a + 2 + o, b + 2, b + 3, a + 3 + o);
  }
  k += (size_t)snprintf(d + k, cap - k, "*NSET, NSET=END0\n1, 2, 3, 4\n*NSET, NSET=END4\n17, 18, 19, 20\n");
  if (cut == 1) {
    k += (size_t)snprintf(d + k, cap - k, "*EQUATION\n");
    for (int j = 9; j <= 12; j++)
      for (int comp = 1; comp <= 3; comp++) k += (size_t)snprintf(d + k, cap - k, "2\n%d, %d, 1., %d, %d, -1.\n", j + 100, comp, j, comp);
  } else if (cut == 2)
    k += (size_t)snprintf(d + k, cap - k, "*NSET, NSET=CUTS\n109, 110, 111, 112\n*ELSET, ELSET=E2\n2\n"
                          "*SURFACE, NAME=SS, TYPE=NODE\nCUTS\n*SURFACE, NAME=MS\nE2, S4\n*TIE, NAME=T\nSS, MS\n");
  if (rollers == 1) {
    k += (size_t)snprintf(d + k, cap - k, "*EQUATION\n");
    for (int j = 1; j <= 4; j++) k += (size_t)snprintf(d + k, cap - k, "2\n%d, 1, %.17g, %d, 2, %.17g\n", j, c, j, s);
  } else if (rollers == 2)
    k += (size_t)snprintf(d + k, cap - k, "*TRANSFORM, NSET=END0, TYPE=R\n%.17g, %.17g, 0., %.17g, %.17g, 0.\n", c, s, -s, c);
  k += (size_t)snprintf(d + k, cap - k, "*MATERIAL, NAME=EL\n*ELASTIC\n210000., 0.3\n*DENSITY\n7.8e-9\n"
                        "*SOLID SECTION, ELSET=BAR, MATERIAL=EL\n*BOUNDARY\nEND4, 1, 3\n%s"
                        "*STEP\n*FREQUENCY\n%d\n*END STEP\n", rollers == 1 ? "" : "END0, 1, 1\n", NEV);
  return d;
}

static void check_same(const char *what, double th, int cut, int rollers, const freqs *ref)
{
  char msg[512];
  freqs f;
  char *d = bar_deck(th, cut, rollers);
  int st = run_deck(d, &f, msg, sizeof msg);
  free(d);
  if (st) fprintf(stderr, "%s: %s\n", what, msg);
  CHECK_INT(st, SN_OK);
  CHECK_INT(f.n, 1);
  CHECK_INT(f.nev, NEV);
  for (int j = 0; j < NEV; j++) CHECK_CLOSE(f.lam[j], ref->lam[j], 1e-8, 0);
}

int main(void)
{
  char msg[512];
  freqs ref;
  char *d = bar_deck(0.0, 0, 0);
  int st = run_deck(d, &ref, msg, sizeof msg);
  free(d);
  if (st) fprintf(stderr, "reference: %s\n", msg);
  CHECK_INT(st, SN_OK);
  CHECK_INT(ref.nev, NEV);
  for (int j = 1; j < NEV; j++) CHECK(ref.lam[j] >= ref.lam[j - 1] && ref.lam[0] > 0);
  static const double ccx[NEV] = {0.3694333e12, 0.3694333e12, 0.1617501e13, 0.8305590e13, 0.8305590e13, 0.1609697e14};
  for (int j = 0; j < NEV; j++) CHECK_CLOSE(ref.lam[j], ccx[j], 1e-6, 0);
  double th = 30.0 * 3.14159265358979323846 / 180.0;
  check_same("turned, *EQUATION rollers", th, 0, 1, &ref);
  check_same("turned, *TRANSFORM rollers", th, 0, 2, &ref);
  check_same("cut, *EQUATION", 0.0, 1, 0, &ref);
  check_same("cut, *TIE", 0.0, 2, 0, &ref);
  return sn_check_report();
}
