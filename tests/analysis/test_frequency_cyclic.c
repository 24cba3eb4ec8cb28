/* *SELECT CYCLIC SYMMETRY MODES (src/analysis/frequency_cyclic.c, src/fem/dofmap_cyclic.c):
 * a ring of N = 6 sectors (inner radius 1, outer 1.5, height 0.5; per sector 4 C3D8 around,
 * one through the width and the height; the inner face clamped), computed
 *  - as the full 360 degree ring by signorini (all 144 eigenvalues, LAPACK), and
 *  - as one sector with *TIE, CYCLIC SYMMETRY and *CYCLIC SYMMETRY MODEL, N=6, nodal diameters
 *    0 to 3, all eigenvalues of each (24 for 0 and 3, 48 for 1 and 2: the cos and sin copies).
 * The full ring's modes are exactly the sector's Bloch waves on the same mesh (discrete Fourier
 * transform over the sectors), so the union of the sector's spectra (diameters 1 and 2 twice,
 * as pairs) is the full ring's spectrum, to round-off: checked to 1e-9 of the largest. The same
 * with *TRANSFORM, TYPE=C on every node (the clamp in the cylindrical frame). The pairs of
 * diameters 1 and 2 are equal (CalculiX prints them twice). CalculiX 2.20 on the sector deck
 * (4 eigenvalues per diameter, NMIN=0, NMAX=3) printed 0.6695231E+14 0.7561443E+14
 * 0.1904811E+15 (twice) for diameter 0, 0.6564960E+14 (twice) 0.9007142E+14 (twice) for 1,
 * 0.6460235E+14 (twice) 0.8889627E+14 (twice) for 2, 0.7013377E+14 (twice) 0.2073713E+15
 * (twice) for 3: checked to its 7 printed digits. Errors: NMAX above N / 2; no cyclic tie. */
#include "check.h"
#include "signorini/analysis.h"
#include "signorini/io.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NS 6
#define NE 4
#define MAXR 8

typedef struct {
  int n, nd[MAXR], nev[MAXR];
  double lam[MAXR][160];
} freqs;

static int grab(const sn_model *m, const sn_fesys *S, const sn_frequency_result *res, void *user)
{
  (void)m; (void)S;
  freqs *f = user;
  if (f->n < MAXR) {
    f->nd[f->n] = res->nodal_diameter;
    f->nev[f->n] = res->nev;
    for (int k = 0; k < res->nev && k < 160; k++) f->lam[f->n][k] = res->eigenvalue[k];
    f->n++;
  }
  return 0;
}

static int run_deck(const char *deck, freqs *f, char *msg, size_t len)
{
  sn_model *m = NULL;
  memset(f, 0, sizeof *f);
  int st = sn_inp_parse(deck, strlen(deck), "ring.inp", NULL, &m, msg, len);
  if (st) { sn_model_free(m); return st; }
  sn_static_settings s;
  sn_static_settings_default(&s);
  s.on_frequency = grab;
  s.user = f;
  st = sn_static_run(m, &s, NULL, msg, len);
  sn_model_free(m);
  return st;
}

/* the ring (sector 0: one sector with its cyclic tie, select: the *SELECT line), transform:
 * *TRANSFORM, TYPE=C on every node */
static char *ring_deck(int sector, int transform, int nev, const char *select)
{
  size_t cap = 65536, k = 0;
  char *d = malloc(cap);
  int nst = sector ? NE + 1 : NS * NE;                    /* stations around */
  double pi = 3.14159265358979323846;
  k += (size_t)snprintf(d + k, cap - k, "*NODE, NSET=ALL\n");
  for (int j = 0; j < nst; j++) {
    double th = 2 * pi * j / (NS * NE);
    for (int t = 0; t < 4; t++) {
      double r = t & 1 ? 1.5 : 1.0, z = t & 2 ? 0.5 : 0.0;
      k += (size_t)snprintf(d + k, cap - k, "%d, %.17g, %.17g, %.17g\n", 4 * j + t + 1, r * cos(th), r * sin(th), z);
    }
  }
  k += (size_t)snprintf(d + k, cap - k, "*ELEMENT, TYPE=C3D8, ELSET=RING\n");
  for (int j = 0; j < (sector ? NE : NS * NE); j++) {
    int a = 4 * j + 1, b = 4 * ((j + 1) % nst) + 1;
    k += (size_t)snprintf(d + k, cap - k, "%d, %d, %d, %d, %d, %d, %d, %d, %d\n", j + 1, a, a + 1, b + 1, b, a + 2, a + 3,
                          b + 3, b + 2);
  }
  k += (size_t)snprintf(d + k, cap - k, "*NSET, NSET=INNER\n");
  for (int j = 0; j < nst; j++) k += (size_t)snprintf(d + k, cap - k, "%d, %d\n", 4 * j + 1, 4 * j + 3);
  if (transform) k += (size_t)snprintf(d + k, cap - k, "*TRANSFORM, NSET=ALL, TYPE=C\n0., 0., 0., 0., 0., 1.\n");
  if (sector)
    k += (size_t)snprintf(d + k, cap - k, "*NSET, NSET=MAST\n1, 2, 3, 4\n*NSET, NSET=SLAV\n%d, %d, %d, %d\n"
                          "*SURFACE, NAME=SM, TYPE=NODE\nMAST\n*SURFACE, NAME=SS, TYPE=NODE\nSLAV\n"
                          "*TIE, CYCLIC SYMMETRY, NAME=CT\nSS, SM\n*CYCLIC SYMMETRY MODEL, N=%d, TIE=CT\n0., 0., 0., 0., 0., 1.\n",
                          4 * NE + 1, 4 * NE + 2, 4 * NE + 3, 4 * NE + 4, NS);
  snprintf(d + k, cap - k, "*MATERIAL, NAME=EL\n*ELASTIC\n210000., 0.3\n*DENSITY\n7.8e-9\n"
           "*SOLID SECTION, ELSET=RING, MATERIAL=EL\n*BOUNDARY\nINNER, 1, 3\n*STEP\n*FREQUENCY\n%d\n%s*END STEP\n", nev, select);
  return d;
}

static int cmp_dbl(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static void check_sector(const freqs *full, int transform)
{
  char msg[512];
  freqs f;
  char *d = ring_deck(1, transform, 48, "*SELECT CYCLIC SYMMETRY MODES, NMIN=0, NMAX=3\n");
  int st = run_deck(d, &f, msg, sizeof msg);
  free(d);
  if (st) fprintf(stderr, "sector: %s\n", msg);
  CHECK_INT(st, SN_OK);
  CHECK_INT(f.n, 4);
  double all[200];
  int n = 0;
  for (int r = 0; r < f.n && r < 4; r++) {
    CHECK_INT(f.nd[r], r);
    CHECK_INT(f.nev[r], r == 0 || r == 3 ? 24 : 48);      /* one copy or two */
    for (int k = 0; k < f.nev[r] && n < 200; k++) all[n++] = f.lam[r][k];
    if (r == 1 || r == 2)                                 /* equal pairs */
      for (int k = 0; k + 1 < f.nev[r]; k += 2) CHECK_CLOSE(f.lam[r][k], f.lam[r][k + 1], 1e-9, 0);
  }
  CHECK_INT(n, full->nev[0]);
  qsort(all, (size_t)n, sizeof(double), cmp_dbl);
  double top = full->lam[0][full->nev[0] - 1];
  for (int k = 0; k < n && k < full->nev[0]; k++) CHECK(fabs(all[k] - full->lam[0][k]) <= 1e-9 * top);
  /* CalculiX 2.20 on the same sector deck (the rows it printed, per diameter) */
  static const double ccx[4][4] = {{0.6695231e14, 0.7561443e14, 0.1904811e15, 0.1904811e15},
                                   {0.6564960e14, 0.6564960e14, 0.9007142e14, 0.9007142e14},
                                   {0.6460235e14, 0.6460235e14, 0.8889627e14, 0.8889627e14},
                                   {0.7013377e14, 0.7013377e14, 0.2073713e15, 0.2073713e15}};
  for (int r = 0; r < 4 && r < f.n; r++)
    for (int k = 0; k < 4; k++) CHECK_CLOSE(f.lam[r][k], ccx[r][k], 1e-6, 0);
}

static void check_errors(void)
{
  char msg[512];
  freqs f;
  char *d = ring_deck(1, 0, 4, "*SELECT CYCLIC SYMMETRY MODES, NMIN=1, NMAX=4\n");
  CHECK_INT(run_deck(d, &f, msg, sizeof msg), SN_ERR_FORMAT);
  CHECK(strstr(msg, "line ") && strstr(msg, "above N / 2"));
  free(d);
  d = ring_deck(0, 0, 4, "*SELECT CYCLIC SYMMETRY MODES, NMIN=1, NMAX=1\n");
  CHECK_INT(run_deck(d, &f, msg, sizeof msg), SN_ERR_FORMAT);
  CHECK(strstr(msg, "without a *TIE, CYCLIC SYMMETRY"));
  free(d);
}

int main(void)
{
  char msg[512];
  for (int transform = 0; transform < 2; transform++) {
    freqs full;
    char *d = ring_deck(0, transform, 144, "");
    int st = run_deck(d, &full, msg, sizeof msg);
    free(d);
    if (st) fprintf(stderr, "full ring: %s\n", msg);
    CHECK_INT(st, SN_OK);
    CHECK_INT(full.n, 1);
    CHECK_INT(full.nev[0], 144);
    CHECK_INT(full.nd[0], -1);
    check_sector(&full, transform);
  }
  check_errors();
  return sn_check_report();
}
