/* CalculiX-style outputs of a run (src/analysis/run_ccx.c, src/io/frd_writer.c,
 * src/io/results_writer.c) on a deck with a hand-computable answer: two unit cubes (C3D8,
 * E = 1000, nu = 0) stacked, symmetry planes x = 0 and y = 0, the lower one on z = 0, the
 * upper one pressed by p = 100 on its top; node-to-surface contact, LINEAR law of slope
 * K = 1e5 enforced by CONTACT=PENALTY. Uniaxial stress -p in both cubes, so (by hand):
 *   - CSTR at each of the 4 slave nodes: pressure p = 100, no shear;
 *   - CDIS normal: the gap -p/K = -1e-3 (negative in penetration, CalculiX' sign);
 *   - CELS per node: 1/2 F d = 1/2 (p A / 4)(p / K) = 0.0125; total 1/2 p^2 A / K = 0.05;
 *   - ELSE per element: 1/2 p^2 V / E = 5 (total 10); EVOL 1 (total 2);
 *   - U top: -(2 p L / E + p / K) = -0.201; RF at the base: total p A = 100; RF at the
 *     loaded top (CalculiX' RF: reaction plus applied load): total -p A = -100.
 * ccx 2.20 on this deck prints the same headers and, its LINEAR law having a small tension
 * branch, CDIS -1.000143E-03, CELS 1.250179E-02 (total 5.000714E-02), U -2.010001E-01; ELSE,
 * EVOL and RF as here to all digits.
 * Then: FREQUENCY=2 and TIME POINTS select the increments printed (fixed increments of 0.25);
 * the .frd is read back by a parser of its own here (node and element counts, DISP equal to
 * the .dat's U, the CONTACT block), and ends with its end mark. */
#define _POSIX_C_SOURCE 200809L
#include "adjust_deck.h"
#include "check.h"
#include "signorini/analysis.h"
#include "signorini/io.h"
#include "io/out_file.h"
#include "analysis/run_ccx.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define DIR_ "ccx_output_work"

static const char *const MODEL =
    "*NODE, NSET=NALL\n"
    "1,0,0,0\n2,1,0,0\n3,1,1,0\n4,0,1,0\n5,0,0,1\n6,1,0,1\n7,1,1,1\n8,0,1,1\n"
    "11,0,0,1\n12,1,0,1\n13,1,1,1\n14,0,1,1\n15,0,0,2\n16,1,0,2\n17,1,1,2\n18,0,1,2\n"
    "*ELEMENT, TYPE=C3D8, ELSET=EALL\n1,1,2,3,4,5,6,7,8\n2,11,12,13,14,15,16,17,18\n"
    "*ELSET, ELSET=ELOW\n1\n*ELSET, ELSET=EUP\n2\n"
    "*NSET, NSET=NX0\n1, 4, 5, 8, 11, 14, 15, 18\n*NSET, NSET=NY0\n1, 2, 5, 6, 11, 12, 15, 16\n"
    "*NSET, NSET=NBOT\n1, 2, 3, 4\n"
    "*MATERIAL, NAME=M\n*ELASTIC\n1000., 0.\n*SOLID SECTION, ELSET=EALL, MATERIAL=M\n"
    "*SURFACE, NAME=SM\nELOW, S2\n*SURFACE, NAME=SS\nEUP, S1\n"
    "*SURFACE INTERACTION, NAME=SI\n*SURFACE BEHAVIOR, PRESSURE-OVERCLOSURE=LINEAR\n1.E5\n"
    "*CONTACT PAIR, INTERACTION=SI, TYPE=NODE TO SURFACE\nSS, SM\n"
    "*BOUNDARY\nNX0, 1, 1\nNY0, 2, 2\nNBOT, 3, 3\n"
    "*TIME POINTS, NAME=TP\n0.3, 0.75\n";

/* run model + step into DIR_ as base (conv: with sn_run_output_converged as on_converged, as
 * signorini run sets it); SN_OK or the failure */
static int run_conv(const char *model, const char *base, const char *step, int conv)
{
  char deck[8192], msg[512];
  snprintf(deck, sizeof deck, "%s%s", model, step);
  sn_model *m = NULL;
  int st = sn_inp_parse(deck, strlen(deck), base, NULL, &m, msg, sizeof msg);
  CHECK_INT(st, SN_OK);
  if (st) { fprintf(stderr, "%s\n", msg); return st; }
  sn_run_output *out = NULL;
  st = sn_run_output_open(DIR_, base, m, &out, msg, sizeof msg);
  CHECK_INT(st, SN_OK);
  if (!st) {
    sn_run_output_configure(out, SN_VTU_RAW, SN_PLOTS_NONE);
    sn_static_settings s;
    sn_static_settings_default(&s);
    s.on_increment = sn_run_output_increment;
    if (conv) s.on_converged = sn_run_output_converged;
    s.user = out;
    sn_static_info info;
    st = sn_static_run(m, &s, &info, msg, sizeof msg);
    CHECK_INT(st, SN_OK);
    if (!st) st = sn_run_output_finish(out, m);   /* the last increment's files, written on a thread */
    CHECK_INT(st, SN_OK);
    if (st) fprintf(stderr, "%s / %s\n", msg, sn_run_output_error(out));
  }
  sn_run_output_close(out);
  sn_model_free(m);
  return st;
}

static int run_with(const char *model, const char *base, const char *step) { return run_conv(model, base, step, 0); }

static int run(const char *base, const char *step) { return run_with(MODEL, base, step); }

static char *slurp(const char *base, const char *ext)
{
  char path[256];
  snprintf(path, sizeof path, DIR_ "/%s%s", base, ext);
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *s = malloc((size_t)n + 1);
  if (s && fread(s, 1, (size_t)n, f) != (size_t)n) { free(s); s = NULL; }
  if (s) s[n] = '\0';
  fclose(f);
  return s;
}

/* the rows of the nth (0-based) .dat block whose header line starts with " title": up to max
 * rows of an integer id and ncol values (totals rows: no id, id set to 0) */
static int dat_rows(const char *dat, const char *title, int nth, int ncol, int *id, double *v, int max)
{
  char head[200];
  snprintf(head, sizeof head, "\n %s", title);
  const char *s = dat;
  for (int k = 0; k <= nth; k++) {
    s = strstr(s, head);
    if (!s) return -1;
    s += strlen(head);
  }
  s = strchr(s, '\n');
  int n = 0;
  while (s && n < max) {
    s++;
    if (*s == '\n') { if (n) break; continue; }        /* the empty line after the header */
    if (!*s) break;
    const char *e = strchr(s, '\n');
    char line[256];
    snprintf(line, sizeof line, "%.*s", (int)(e ? e - s : (long)strlen(s)), s);
    double x[7];
    int got = sscanf(line, "%lf %lf %lf %lf %lf", &x[0], &x[1], &x[2], &x[3], &x[4]);
    if (got == ncol + 1) { id[n] = (int)x[0]; for (int c = 0; c < ncol; c++) v[ncol * n + c] = x[c + 1]; }
    else if (got == ncol) { id[n] = 0; for (int c = 0; c < ncol; c++) v[ncol * n + c] = x[c]; }
    else break;
    n++;
    s = e;
  }
  return n;
}

static int count_str(const char *s, const char *w)
{
  int n = 0;
  for (; s && (s = strstr(s, w)); s += strlen(w)) n++;
  return n;
}

static void test_dat(void)
{
  if (run("stack", "*STEP, CONTACT=PENALTY\n*STATIC\n1., 1.\n*DLOAD\n2, P2, 100.\n"
                   "*CONTROLS, PARAMETERS=FIELD\n0.005\n"
                   "*NODE PRINT, NSET=NALL\nU\n*NODE PRINT, NSET=NBOT, TOTALS=YES\nRF\n"
                   "*NSET, NSET=NTOP\n15, 16, 17, 18\n*NODE PRINT, NSET=NTOP, TOTALS=ONLY\nRF\n"
                   "*EL PRINT, ELSET=EALL, TOTALS=YES\nELSE, EVOL\n"
                   "*CONTACT PRINT, TOTALS=YES\nCDISP, CSTRESS, CELS\n"
                   "*NODE FILE\nU\n*EL FILE\nS\n*CONTACT FILE\nCDIS, CSTR\n*END STEP\n"))
    return;
  char *dat = slurp("stack", ".dat");
  CHECK(dat != NULL);
  if (!dat) return;
  int id[32];
  double v[96];
  /* contact: 4 slave nodes */
  CHECK_INT(dat_rows(dat, "contact stress (slave node,press,tang1,tang2) for all contact elements and time 0.1000000E+01", 0, 3, id, v, 32), 4);
  for (int k = 0; k < 4; k++) {
    CHECK(id[k] >= 11 && id[k] <= 14);
    CHECK_CLOSE(v[3 * k], 100.0, 1e-6, 0);
    CHECK_CLOSE(v[3 * k + 1], 0.0, 0, 1e-9);
  }
  CHECK_INT(dat_rows(dat, "relative contact displacement (slave node,normal,tang1,tang2)", 0, 3, id, v, 32), 4);
  for (int k = 0; k < 4; k++) CHECK_CLOSE(v[3 * k], -1e-3, 1e-6, 0);
  CHECK_INT(dat_rows(dat, "contact print energy (slave node,energy) forall contact elements and time 0.1000000E+01", 0, 1, id, v, 32), 4);
  for (int k = 0; k < 4; k++) CHECK_CLOSE(v[k], 0.0125, 1e-6, 0);
  CHECK_INT(dat_rows(dat, "total contact spring energy for time  0.1000000E+01", 0, 1, id, v, 32), 1);
  CHECK_CLOSE(v[0], 0.05, 1e-6, 0);
  /* elements */
  CHECK_INT(dat_rows(dat, "internal energy (element, energy) for set EALL and time  0.1000000E+01", 0, 1, id, v, 32), 2);
  CHECK(id[0] == 1 && id[1] == 2);
  CHECK_CLOSE(v[0], 5.0, 1e-6, 0);
  CHECK_CLOSE(v[1], 5.0, 1e-6, 0);
  CHECK_INT(dat_rows(dat, "total internal energy for set EALL", 0, 1, id, v, 32), 1);
  CHECK_CLOSE(v[0], 10.0, 1e-6, 0);
  CHECK_INT(dat_rows(dat, "volume (element, volume) for set EALL", 0, 1, id, v, 32), 2);
  CHECK_CLOSE(v[0], 1.0, 1e-6, 0);
  CHECK_INT(dat_rows(dat, "total volume for set EALL", 0, 1, id, v, 32), 1);
  CHECK_CLOSE(v[0], 2.0, 1e-6, 0);
  /* nodes */
  CHECK_INT(dat_rows(dat, "total force (fx,fy,fz) for set NBOT", 0, 3, id, v, 32), 1);
  CHECK_CLOSE(v[2], 100.0, 1e-6, 0);
  /* RF as CalculiX prints it, the external forces at the nodes: at the free, loaded top nodes
   * the pressure's nodal forces, -p A in all */
  CHECK_INT(count_str(dat, " forces (fx,fy,fz) for set NTOP"), 0);       /* TOTALS=ONLY */
  CHECK_INT(dat_rows(dat, "total force (fx,fy,fz) for set NTOP", 0, 3, id, v, 32), 1);
  CHECK_CLOSE(v[2], -100.0, 1e-6, 0);
  int n = dat_rows(dat, "displacements (vx,vy,vz) for set NALL", 0, 3, id, v, 32);
  CHECK_INT(n, 16);
  for (int k = 0; k < n; k++) {
    double want = id[k] <= 4 ? 0.0 : id[k] <= 8 ? -0.1 : id[k] <= 14 ? -0.101 : -0.201;
    CHECK_CLOSE(v[3 * k + 2], want, 1e-6, 1e-12);
  }

  /* the .frd, by a parser of its own: counts, DISP against the .dat's U, CONTACT */
  char *frd = slurp("stack", ".frd");
  CHECK(frd != NULL);
  if (frd) {
    size_t L = strlen(frd);
    CHECK(L > 6 && !strcmp(frd + L - 6, " 9999\n"));
    int nn = 0, ne = 0;
    const char *p = strstr(frd, "\n    2C");
    CHECK(p && sscanf(p + 7, "%d", &nn) == 1);
    CHECK_INT(nn, 16);
    p = strstr(frd, "\n    3C");
    CHECK(p && sscanf(p + 7, "%d", &ne) == 1);
    CHECK_INT(ne, 2);
    CHECK_INT(count_str(frd, "\n -1         1    1    0    1\n"), 1);   /* element 1: he8, material 1 */
    p = strstr(frd, " -4  DISP        4    1\n");
    CHECK(p != NULL);
    int rows = 0;
    /* the node records after the -5 lines, up to the block's end " -3" */
    for (p = p ? strchr(p, '\n') : NULL; p && strncmp(p, "\n -3", 4); p = strchr(p + 1, '\n')) {
      if (strncmp(p, "\n -1", 4)) continue;
      char f[16];
      snprintf(f, sizeof f, "%.10s", p + 4);                 /* id: I10 */
      int nid = atoi(f);
      double u[3];
      for (int c = 0; c < 3; c++) { snprintf(f, sizeof f, "%.12s", p + 14 + 12 * c); u[c] = atof(f); }   /* E12.5 */
      for (int k = 0; k < n; k++)
        if (id[k] == nid)
          for (int c = 0; c < 3; c++) CHECK_CLOSE(u[c], v[3 * k + c], 1e-5, 1e-12);
      rows++;
    }
    CHECK_INT(rows, 16);
    p = strstr(frd, " -4  CONTACT     6    1\n");
    CHECK(p != NULL);
    CHECK(p && strstr(p, " -5  CPRESS      1    4    1    2\n") != NULL);
    for (int k = 0; p && k < 4; k++) {
      p = strstr(p, "\n -1");
      if (!p) break;
      char f[16];
      snprintf(f, sizeof f, "%.12s", p + 14);
      CHECK_CLOSE(atof(f), -1e-3, 1e-5, 0);                  /* COPEN */
      snprintf(f, sizeof f, "%.12s", p + 14 + 36);
      CHECK_CLOSE(atof(f), 100.0, 1e-5, 0);                  /* CPRESS */
      p += 4;
    }
    CHECK(p != NULL);
    free(frd);
  }
  free(dat);
}

/* the same contact as a SURFACE TO SURFACE pair (enforced at the slave nodes): the .frd's
 * CONTACT block lists every node, as ccx 2.20 writes face-to-face contact (test deck
 * beamcontact: 277 nodes of 277), zeros but at the 4 slave nodes */
static void test_frd_f2f(void)
{
  char model[4096];
  snprintf(model, sizeof model, "%s", MODEL);
  char *t = strstr(model, "NODE TO SURFACE");
  CHECK(t != NULL);
  if (!t) return;
  memmove(t + 18, t + 15, strlen(t + 15) + 1);
  memcpy(t, "SURFACE TO SURFACE", 18);
  if (run_with(model, "f2f", "*STEP, CONTACT=PENALTY\n*STATIC\n*DLOAD\n2, P2, 100.\n*CONTACT FILE\nCSTR\n*END STEP\n")) return;
  char *frd = slurp("f2f", ".frd");
  const char *p = frd ? strstr(frd, " -4  CONTACT") : NULL;
  CHECK(p != NULL);
  CHECK(frd && strstr(frd, "  100CL  101 1.00000E+00          16") != NULL);
  int rows = 0, pressed = 0;
  for (p = p ? strchr(p, '\n') : NULL; p && strncmp(p, "\n -3", 4); p = strchr(p + 1, '\n')) {
    if (strncmp(p, "\n -1", 4)) continue;
    char f[16];
    snprintf(f, sizeof f, "%.10s", p + 4);
    int nid = atoi(f);
    snprintf(f, sizeof f, "%.12s", p + 14 + 36);
    double press = atof(f);
    CHECK_CLOSE(press, nid >= 11 && nid <= 14 ? 100.0 : 0.0, 1e-5, 0);
    pressed += press > 0;
    rows++;
  }
  CHECK_INT(rows, 16);
  CHECK_INT(pressed, 4);
  free(frd);
}

/* fixed increments of 0.25: FREQUENCY=2 prints increments 2 and 4; TIME POINTS 0.3, 0.75
 * prints the increments reaching them (0.5, 0.75) and the end of the step (1) */
static void test_when(void)
{
  if (!run("freq", "*STEP\n*STATIC, DIRECT\n0.25, 1.\n*DLOAD\n2, P2, 100.\n"
                   "*NODE PRINT, NSET=NBOT, FREQUENCY=2\nU\n*NODE FILE, NSET=NBOT\nU\n*END STEP\n")) {
    char *dat = slurp("freq", ".dat"), *frd = slurp("freq", ".frd");
    CHECK_INT(count_str(dat, " displacements (vx,vy,vz) for set NBOT"), 2);
    CHECK_INT(count_str(dat, "and time  0.5000000E+00"), 1);
    CHECK_INT(count_str(dat, "and time  0.1000000E+01"), 1);
    /* the .frd follows the same FREQUENCY (CalculiX: it applies to every request) */
    CHECK_INT(count_str(frd, " -4  DISP"), 2);
    CHECK_INT(count_str(frd, "  100CL  101 5.00000E-01           4"), 1);
    CHECK_INT(count_str(frd, "  100CL  102 1.00000E+00           4"), 1);
    free(dat);
    free(frd);
  }
  if (!run("tp", "*STEP\n*STATIC, DIRECT\n0.25, 1.\n*DLOAD\n2, P2, 100.\n"
                 "*NODE PRINT, NSET=NBOT, TIME POINTS=TP\nU\n*END STEP\n"
                 "*STEP\n*STATIC, DIRECT\n0.5, 1.\n*DLOAD\n2, P2, 50.\n*END STEP\n")) {
    char *dat = slurp("tp", ".dat");
    CHECK_INT(count_str(dat, " displacements (vx,vy,vz) for set NBOT"), 5);
    CHECK_INT(count_str(dat, "and time  0.5000000E+00"), 1);
    CHECK_INT(count_str(dat, "and time  0.7500000E+00"), 1);
    CHECK_INT(count_str(dat, "and time  0.1000000E+01"), 1);
    /* step 2 has no request: step 1's holds, with its TIME POINTS (step time 0.5 of step 2,
     * total time 1.5, passes 0.3; then the end of the step, total time 2) */
    CHECK_INT(count_str(dat, "and time  0.1500000E+01"), 1);
    CHECK_INT(count_str(dat, "and time  0.2000000E+01"), 1);
    free(dat);
  }
}

static int relay_dyn(const sn_model *m, const sn_fesys *S, const sn_increment *inc, const sn_dyn_energy *e,
                     int output, void *user)
{
  (void)e;
  return output ? sn_run_output_increment(m, S, inc, user) : SN_OK;
}

/* *NODE PRINT V and *NODE FILE V of a dynamic step: a free cube moving at a uniform initial
 * velocity (0, 0, -2) without loads keeps it (rigid translation: no strain, no force), so the
 * printed velocities are (0, 0, -2) at every node and output step, and the .frd has a VELO
 * block per output; a static step's V is refused at the start with its line */
static void test_velocity(void)
{
  static const char *const cube =
      "*NODE, NSET=NALL\n1,0,0,0\n2,1,0,0\n3,1,1,0\n4,0,1,0\n5,0,0,1\n6,1,0,1\n7,1,1,1\n8,0,1,1\n"
      "*ELEMENT, TYPE=C3D8, ELSET=EALL\n1,1,2,3,4,5,6,7,8\n"
      "*MATERIAL, NAME=M\n*ELASTIC\n1000., 0.\n*DENSITY\n1.\n*SOLID SECTION, ELSET=EALL, MATERIAL=M\n"
      "*INITIAL CONDITIONS, TYPE=VELOCITY\nNALL, 3, -2.\n";
  char deck[4096], msg[512];
  snprintf(deck, sizeof deck, "%s*STEP\n*DYNAMIC\n0.1, 0.4\n*NODE PRINT, NSET=NALL\nV\n*NODE FILE\nV\n*END STEP\n", cube);
  sn_model *m = NULL;
  CHECK_INT(sn_inp_parse(deck, strlen(deck), "velo", NULL, &m, msg, sizeof msg), SN_OK);
  if (!m) return;
  sn_run_output *out = NULL;
  CHECK_INT(sn_run_output_open(DIR_, "velo", m, &out, msg, sizeof msg), SN_OK);
  sn_run_output_configure(out, SN_VTU_RAW, SN_PLOTS_NONE);
  sn_dynamic_settings s;
  sn_dynamic_settings_default(&s);
  s.on_step = relay_dyn;
  s.user = out;
  sn_dynamic_info info;
  CHECK_INT(sn_dynamic_run(m, &s, &info, msg, sizeof msg), SN_OK);
  sn_run_output_close(out);
  sn_model_free(m);
  char *dat = slurp("velo", ".dat"), *frd = slurp("velo", ".frd");
  int id[8], blocks = 0;
  double v[24];
  for (int b = 0; dat_rows(dat, "velocities (vx,vy,vz) for set NALL", b, 3, id, v, 8) == 8; b++, blocks++)
    for (int k = 0; k < 8; k++) {
      CHECK_CLOSE(v[3 * k], 0.0, 0, 1e-12);
      CHECK_CLOSE(v[3 * k + 2], -2.0, 1e-9, 0);
    }
  CHECK(blocks >= 4);                                       /* the initial state and 4 steps of 0.1 */
  CHECK_INT(count_str(frd, " -4  VELO        4    1\n"), blocks);
  free(dat);
  free(frd);
  /* a static step: refused before anything runs, with the request's line */
  snprintf(deck, sizeof deck, "%s*STEP\n*STATIC\n*NODE PRINT\nU, V\n*END STEP\n", cube);
  m = NULL;
  CHECK_INT(sn_inp_parse(deck, strlen(deck), "velo", NULL, &m, msg, sizeof msg), SN_OK);
  CHECK_INT(sn_run_output_open(DIR_, "velo2", m, &out, msg, sizeof msg), SN_ERR_FORMAT);
  CHECK(strstr(msg, "line 22: *NODE PRINT: V (velocities) exists in *DYNAMIC and *MODAL DYNAMIC steps only") != NULL);
  sn_model_free(m);
}

/* the .frd's element records: C3D20 nodes in CalculiX' .frd order (the deck's 1-12, 17-20,
 * 13-16: ccx 2.20 writes test deck contact2's elements, given as 1-12, 17-20, 13-16, as
 * 1 ... 20), type 4; a CPE4 is type 9 (qu4) with its nodes as given */
static void test_frd_elements(void)
{
  static const char *const SECT = "*MATERIAL, NAME=M\n*ELASTIC\n1000., 0.\n*SOLID SECTION, ELSET=E, MATERIAL=M\n";
  char deck[4096], msg[512], path[128];
  int k = snprintf(deck, sizeof deck, "*NODE\n");
  /* the unit cube's C3D20 nodes in CalculiX' order (corners 1-4 at z = 0, 5-8 at z = 2, the
   * midside nodes of the bottom edges, top edges, vertical edges), doubled coordinates */
  static const int X[20][3] = {{0,0,0},{2,0,0},{2,2,0},{0,2,0},{0,0,2},{2,0,2},{2,2,2},{0,2,2},{1,0,0},{2,1,0},
                               {1,2,0},{0,1,0},{1,0,2},{2,1,2},{1,2,2},{0,1,2},{0,0,1},{2,0,1},{2,2,1},{0,2,1}};
  for (int i = 0; i < 20; i++)
    k += snprintf(deck + k, sizeof deck - (size_t)k, "%d, %g, %g, %g\n", 101 + i, X[i][0] / 2.0, X[i][1] / 2.0, X[i][2] / 2.0);
  k += snprintf(deck + k, sizeof deck - (size_t)k, "*ELEMENT, TYPE=C3D20, ELSET=E\n7");
  for (int i = 0; i < 15; i++) k += snprintf(deck + k, sizeof deck - (size_t)k, ", %d", 101 + i);   /* 16 entries, */
  snprintf(deck + k, sizeof deck - (size_t)k, ",\n116, 117, 118, 119, 120\n%s", SECT);                /* continued */
  sn_model *m = NULL;
  CHECK_INT(sn_inp_parse(deck, strlen(deck), "c20", NULL, &m, msg, sizeof msg), SN_OK);
  sn_frd *f = NULL;
  snprintf(path, sizeof path, DIR_ "/c20.frd");
  CHECK_INT(sn_frd_open(path, m, &f, msg, sizeof msg), SN_OK);
  sn_frd_close(f);
  sn_model_free(m);
  char *t = slurp("c20", ".frd");
  CHECK(t && strstr(t, "\n -1         7    4    0    1\n"
                         " -2       101       102       103       104       105       106       107       108       109       110\n"
                         " -2       111       112       117       118       119       120       113       114       115       116\n -3\n"));
  CHECK(t && strstr(t, "    2C                            20                                     1\n"));
  CHECK(t && strlen(t) > 6 && !strcmp(t + strlen(t) - 6, " 9999\n"));
  free(t);
  snprintf(deck, sizeof deck, "*NODE\n1,0,0\n2,2,0\n3,2,1\n4,0,1\n*ELEMENT, TYPE=CPE4, ELSET=E\n3, 1, 2, 3, 4\n%s", SECT);
  CHECK_INT(sn_inp_parse(deck, strlen(deck), "q4", NULL, &m, msg, sizeof msg), SN_OK);
  snprintf(path, sizeof path, DIR_ "/q4.frd");
  CHECK_INT(sn_frd_open(path, m, &f, msg, sizeof msg), SN_OK);
  sn_frd_close(f);
  sn_model_free(m);
  t = slurp("q4", ".frd");
  CHECK(t && strstr(t, "\n -1         3    9    0    1\n -2         1         2         3         4\n -3\n"));
  CHECK(t && strstr(t, "\n -1         2 2.00000E+00 0.00000E+00 0.00000E+00\n"));
  free(t);
}

/* a run's .frd writer (sn_frd_open_deferred): nothing on disk before the first flush, then the
 * same bytes as sn_frd_open + the same blocks, after one increment and after two */
static void test_frd_deferred(void)
{
  char msg[256], path[128];
  static const char SECT[] = "*MATERIAL, NAME=M\n*ELASTIC\n1000., 0.3\n*SOLID SECTION, ELSET=E, MATERIAL=M\n";
  char deck[512];
  snprintf(deck, sizeof deck, "*NODE\n1,0,0\n2,2,0\n3,2,1\n4,0,1\n*ELEMENT, TYPE=CPE4, ELSET=E\n3, 1, 2, 3, 4\n%s", SECT);
  sn_model *m = NULL;
  CHECK_INT(sn_inp_parse(deck, strlen(deck), "q4d", NULL, &m, msg, sizeof msg), SN_OK);
  if (!m) return;
  static const char *const comp[3] = {"D1", "D2", "D3"};
  static const int id[4] = {1, 2, 3, 4};
  double val[12];
  for (int k = 0; k < 12; k++) val[k] = 1e-3 * (k + 1) - 0.0047;
  sn_frd *a = NULL, *b = NULL, *c = NULL, *d = NULL;
  snprintf(path, sizeof path, DIR_ "/q4a.frd");
  remove(path);
  CHECK_INT(sn_frd_open(path, m, &a, msg, sizeof msg), SN_OK);
  snprintf(path, sizeof path, DIR_ "/q4b.frd");
  remove(path);
  CHECK_INT(sn_frd_open_deferred(path, m, 1, &b, msg, sizeof msg), SN_OK);
  struct stat sb;
  CHECK(stat(path, &sb) != 0);                     /* not written yet */
  /* with the model's text written ahead into the first commit's temporary (sn_frd_prewrite):
   * still no q4c.frd, the same bytes once flushed; closed unflushed, no temporary left */
  snprintf(path, sizeof path, DIR_ "/q4c.frd");
  remove(path);
  CHECK_INT(sn_frd_open_deferred(path, m, 1, &c, msg, sizeof msg), SN_OK);
  CHECK_INT(sn_frd_prewrite(c, msg, sizeof msg), SN_OK);
  CHECK(stat(path, &sb) != 0);
  snprintf(path, sizeof path, DIR_ "/q4d.frd");
  remove(path);
  CHECK_INT(sn_frd_open_deferred(path, m, 1, &d, msg, sizeof msg), SN_OK);
  CHECK_INT(sn_frd_prewrite(d, msg, sizeof msg), SN_OK);
  char tmpd[256];
  sn_outfile_tmpname(tmpd, sizeof tmpd, path, (long)getpid(), 0);
  CHECK(stat(tmpd, &sb) == 0 && sb.st_size > 100);   /* the text in the temporary */
  sn_frd_close(d);
  CHECK(stat(tmpd, &sb) != 0 && stat(path, &sb) != 0);
  /* prewritten, then flushed without a block: the model alone, as sn_frd_open writes it */
  snprintf(path, sizeof path, DIR_ "/q4e.frd");
  remove(path);
  CHECK_INT(sn_frd_open_deferred(path, m, 1, &d, msg, sizeof msg), SN_OK);
  CHECK_INT(sn_frd_prewrite(d, msg, sizeof msg), SN_OK);
  CHECK_INT(sn_frd_flush(d, msg, sizeof msg), SN_OK);
  sn_frd_close(d);
  {
    char *ta = slurp("q4a", ".frd"), *te = slurp("q4e", ".frd");
    CHECK(ta && te && !strcmp(ta, te));
    free(ta);
    free(te);
  }
  /* prewritten, the first commit's rename refused (a folder in its place): the error, no
   * temporary left, and a second flush refused rather than writing blocks without the model */
  snprintf(path, sizeof path, DIR_ "/q4f.frd");
  remove(path);
  rmdir(path);
  CHECK_INT(sn_frd_open_deferred(path, m, 1, &d, msg, sizeof msg), SN_OK);
  CHECK_INT(sn_frd_prewrite(d, msg, sizeof msg), SN_OK);
  CHECK_INT(mkdir(path, 0777), 0);
  {
    sn_frd_block bl = {"DISP", 3, comp, 0, 1, 0.5, 1, 1, 4, id, val};
    CHECK_INT(sn_frd_add(d, &bl, msg, sizeof msg), SN_OK);
    CHECK_INT(sn_frd_flush(d, msg, sizeof msg), SN_ERR_IO);
    sn_outfile_tmpname(tmpd, sizeof tmpd, path, (long)getpid(), 0);
    CHECK(stat(tmpd, &sb) != 0);
    CHECK_INT(sn_frd_add(d, &bl, msg, sizeof msg), SN_OK);
    CHECK_INT(sn_frd_flush(d, msg, sizeof msg), SN_ERR_IO);
    CHECK(strstr(msg, "earlier write") != NULL);
  }
  sn_frd_close(d);
  rmdir(path);
  for (int inc = 1; inc <= 2 && a && b; inc++) {
    sn_frd_block bl = {"DISP", 3, comp, 0, 1, 0.5 * inc, 1, inc, 4, id, val};
    CHECK_INT(sn_frd_add(a, &bl, msg, sizeof msg), SN_OK);
    CHECK_INT(sn_frd_add(b, &bl, msg, sizeof msg), SN_OK);
    CHECK_INT(sn_frd_add(c, &bl, msg, sizeof msg), SN_OK);
    CHECK_INT(sn_frd_flush(a, msg, sizeof msg), SN_OK);
    CHECK_INT(sn_frd_flush(b, msg, sizeof msg), SN_OK);
    CHECK_INT(sn_frd_flush(c, msg, sizeof msg), SN_OK);
    char *ta = slurp("q4a", ".frd"), *tb = slurp("q4b", ".frd"), *tc = slurp("q4c", ".frd");
    CHECK(ta && tb && !strcmp(ta, tb));
    CHECK(ta && tc && !strcmp(ta, tc));
    free(tc);
    CHECK(tb && strstr(tb, "\n -1         3    9    0    1\n -2         1         2         3         4\n -3\n"));
    CHECK(tb && strlen(tb) > 6 && !strcmp(tb + strlen(tb) - 6, " 9999\n"));
    free(ta);
    free(tb);
  }
  sn_frd_close(a);
  sn_frd_close(b);
  sn_frd_close(c);
  sn_model_free(m);
}

/* the rows (element, point, 6 values) of the first "stresses" block of a .dat; their count */
static int stress_rows(const char *dat, int *el, int *ip, double *v, int max)
{
  const char *s = dat ? strstr(dat, "\n stresses (elem, integ.pnt.") : NULL;
  int n = 0;
  if (!s) return -1;
  s = strchr(s + 1, '\n');
  while (s && n < max) {
    s++;
    if (*s == '\n') { if (n) break; continue; }
    double *x = v + 6 * n;
    if (sscanf(s, "%d %d %lf %lf %lf %lf %lf %lf", &el[n], &ip[n], x, x + 1, x + 2, x + 3, x + 4, x + 5) != 8) break;
    n++;
    s = strchr(s, '\n');
  }
  return n;
}

/* *EL PRINT of 2D elements in CalculiX' layout (src/analysis/ip_layers.c): the points of the 3D
 * element ccx expands them into, layer by layer. A one-element CAX8 ring section (r 1..2,
 * y 0..1, E = 210000, nu = 0.3, y held on y = 0, radial forces 100 and 200 on the outer edge):
 * 27 rows; ccx 2.20 on this deck prints (rows 1, 10, 19, 27)
 *    7.442834E+00  1.923192E+01  5.801455E+01  3.628001E+00  6.936420E-01 -4.904799E-02
 *    7.434576E+00  1.923234E+01  5.802422E+01  3.628562E+00  1.026213E-16 -6.841420E-17
 *    7.442834E+00  1.923192E+01  5.801455E+01  3.628001E+00 -6.936420E-01  4.904799E-02
 *    4.229735E+01 -1.701521E+00  5.262052E+01  3.597115E+00 -1.497878E-01  4.863825E-02
 * (the outer layers turned by -+0.7746 degree about y); here within 2e-4 of the block's largest
 * value 60 (the 2D element against ccx's 2-degree wedge of C3D20). A CPE4 prints its 4 points
 * twice (C3D8: 8 rows, row 5 = row 1: ccx 2.20 prints the same values in both layers). */
static void test_el_print_2d(void)
{
  static const char *const CAX8 =
      "*NODE, NSET=NALL\n1,1,0\n2,2,0\n3,2,1\n4,1,1\n5,1.5,0\n6,2,0.5\n7,1.5,1\n8,1,0.5\n"
      "*ELEMENT, TYPE=CAX8, ELSET=EALL\n1,1,2,3,4,5,6,7,8\n"
      "*MATERIAL, NAME=M\n*ELASTIC\n210000., 0.3\n*SOLID SECTION, ELSET=EALL, MATERIAL=M\n"
      "*BOUNDARY\n1, 2\n5, 2\n2, 2\n";
  static const char *const STEP =
      "*STEP\n*STATIC\n*CLOAD\n3, 1, 100.\n6, 1, 200.\n*EL PRINT, ELSET=EALL\nS\n*END STEP\n";
  static const int row[4] = {1, 10, 19, 27};
  static const double ccx[4][6] = {
      {7.442834, 19.23192, 58.01455, 3.628001, 0.6936420, -0.04904799},
      {7.434576, 19.23234, 58.02422, 3.628562, 0, 0},
      {7.442834, 19.23192, 58.01455, 3.628001, -0.6936420, 0.04904799},
      {42.29735, -1.701521, 52.62052, 3.597115, -0.1497878, 0.04863825}};
  int el[64], ip[64];
  double v[6 * 64];
  CHECK_INT(run_with(CAX8, "cax8", STEP), SN_OK);
  char *t = slurp("cax8", ".dat");
  int n = stress_rows(t, el, ip, v, 64);
  CHECK_INT(n, 27);
  for (int k = 0; k < 4 && n == 27; k++) {
    CHECK_INT(ip[row[k] - 1], row[k]);
    for (int c = 0; c < 6; c++) CHECK_CLOSE(v[6 * (row[k] - 1) + c], ccx[k][c], 0, 0.012);
  }
  free(t);
  static const char *const CPE4 =
      "*NODE, NSET=NALL\n1,1,0\n2,2,0\n3,3,0.1\n4,1,1\n5,2.1,1\n6,3,1.2\n"
      "*ELEMENT, TYPE=CPE4, ELSET=EALL\n1,1,2,5,4\n2,2,3,6,5\n"
      "*MATERIAL, NAME=M\n*ELASTIC\n210000., 0.3\n*SOLID SECTION, ELSET=EALL, MATERIAL=M\n1.\n"
      "*BOUNDARY\n1, 1, 2\n4, 1\n2, 2\n3, 2\n";
  static const char *const STEP4 =
      "*STEP\n*STATIC\n*CLOAD\n6, 1, 10.\n6, 2, 30.\n5, 2, -5.\n*EL PRINT, ELSET=EALL\nS\n*END STEP\n";
  CHECK_INT(run_with(CPE4, "cpe4", STEP4), SN_OK);
  t = slurp("cpe4", ".dat");
  n = stress_rows(t, el, ip, v, 64);
  CHECK_INT(n, 16);
  /* ccx 2.20, element 1 point 1 (and 5): 1.547198E+01 -1.893767E-01 4.584782E+00 -1.385834E+00 */
  CHECK(n == 16 && el[4] == 1 && ip[4] == 5 && el[8] == 2 && ip[8] == 1);
  for (int c = 0; c < 6 && n == 16; c++) CHECK_CLOSE(v[24 + c], v[c], 0, 1e-12);
  if (n == 16) {
    CHECK_CLOSE(v[0], 15.47198, 0, 1e-4);
    CHECK_CLOSE(v[1], -0.1893767, 0, 1e-4);
    CHECK_CLOSE(v[2], 4.584782, 0, 1e-4);
    CHECK_CLOSE(v[3], -1.385834, 0, 1e-4);
  }
  free(t);
}

/* The *FRICTION stick slope against ccx 2.20 (contact_stick.c, contact_cdis.c): the same two cubes
 * without the x = 0 plane, friction mu = 0.5 with stick slope 100, the top pushed down by 1e-3
 * and sideways (x) by 1e-4. ccx 2.20 prints at the 4 slave nodes CSTR = (0.49747 / 0.49744,
 * 5.557426e-3 / 5.557390e-3, 0) and CDIS tang = 5.557426e-5 / 5.557390e-5: stick, shear = slope x
 * CDIS tang, both along +x. By hand: the two cubes' shear compliance (8e-3, from this model with
 * exact stick: shear 1e-4 / 8e-3 = 1.25e-2) in series with the stick springs (1 / (slope x area 1))
 * gives 1e-4 / 1.8e-2 = 5.5556e-3; exact stick (the former treatment) 1.25e-2, 2.25 times ccx's. */
static void test_stick_slope(void)
{
  static const char *const model =
      "*NODE, NSET=NALL\n"
      "1,0,0,0\n2,1,0,0\n3,1,1,0\n4,0,1,0\n5,0,0,1\n6,1,0,1\n7,1,1,1\n8,0,1,1\n"
      "11,0,0,1\n12,1,0,1\n13,1,1,1\n14,0,1,1\n15,0,0,2\n16,1,0,2\n17,1,1,2\n18,0,1,2\n"
      "*ELEMENT, TYPE=C3D8, ELSET=EALL\n1,1,2,3,4,5,6,7,8\n2,11,12,13,14,15,16,17,18\n"
      "*ELSET, ELSET=ELOW\n1\n*ELSET, ELSET=EUP\n2\n"
      "*NSET, NSET=NY0\n1, 2, 5, 6, 11, 12, 15, 16\n*NSET, NSET=NBOT\n1, 2, 3, 4\n*NSET, NSET=NTOP\n15, 16, 17, 18\n"
      "*MATERIAL, NAME=M\n*ELASTIC\n1000., 0.\n*SOLID SECTION, ELSET=EALL, MATERIAL=M\n"
      "*SURFACE, NAME=SM\nELOW, S2\n*SURFACE, NAME=SS\nEUP, S1\n"
      "*SURFACE INTERACTION, NAME=SI\n*SURFACE BEHAVIOR, PRESSURE-OVERCLOSURE=LINEAR\n1.E5\n*FRICTION\n0.5, 1.E2\n"
      "*CONTACT PAIR, INTERACTION=SI, TYPE=NODE TO SURFACE\nSS, SM\n"
      "*BOUNDARY\nNBOT, 1, 3\nNY0, 2\n";
  static const char *const treat[] = {"LAGRANGE", "INTERIOR", "PENALTY"};
  for (int k = 0; k < 3; k++) {
    char step[512], base[32];
    snprintf(step, sizeof step, "*STEP, CONTACT=%s\n*STATIC\n1., 1.\n*BOUNDARY\nNTOP, 3, 3, -1.E-3\nNTOP, 1, 1, 1.E-4\n"
             "*CONTACT PRINT\nCDIS, CSTR\n*END STEP\n", treat[k]);
    snprintf(base, sizeof base, "stick_%d", k);
    if (run_with(model, base, step)) return;
    char *dat = slurp(base, ".dat");
    CHECK(dat != NULL);
    if (!dat) return;
    int id[8];
    double v[24], d[24];
    CHECK_INT(dat_rows(dat, "contact stress (slave node,press,tang1,tang2) for all contact elements and time 0.1000000E+01", 0, 3, id, v, 8), 4);
    CHECK_INT(dat_rows(dat, "relative contact displacement (slave node,normal,tang1,tang2) for all contact elements and time 0.1000000E+01", 0, 3, id, d, 8), 4);
    for (int q = 0; q < 4; q++) {
      CHECK_CLOSE(v[3 * q], 0.4974718, 1e-3, 0.0);              /* ccx, within 1e-3 of the block */
      CHECK_CLOSE(v[3 * q + 1], 5.557426e-3, 1e-3, 0.0);        /* ccx's shear, within 1e-3 of it */
      CHECK(fabs(v[3 * q + 2]) <= 1e-9);
      CHECK_CLOSE(d[3 * q + 1], 5.557426e-5, 1e-3, 0.0);        /* ccx's CDIS tang */
      CHECK_CLOSE(v[3 * q + 1], 100 * d[3 * q + 1], 1e-6, 0.0);  /* stick: shear = slope x CDIS */
    }
    free(dat);
  }
}

/* *CONTACT PAIR, ADJUST= moves node 5 from y = 0.05 onto the master face y = 0 (the analysis'
 * own coordinates, test_contact_adjust): the .frd's nodes are the adjusted ones, as ccx writes
 * them, though its model text is first composed from the deck's coordinates on a thread
 * (run_output.c, frd_job) */
static void test_frd_adjust(void)
{
  static const char *model = ADJUST_MODEL;
  if (run_with(model, "adjust", "*STEP\n*STATIC\n*NODE FILE\nU\n*END STEP\n")) return;
  char *frd = slurp("adjust", ".frd");
  CHECK(frd && strstr(frd, "\n -1         5 5.00000E-01 0.00000E+00 0.00000E+00\n") != NULL);
  CHECK(frd && strstr(frd, "\n -1         6 1.20000E+00-1.00000E-03 0.00000E+00\n") != NULL);
  free(frd);
}

/* sn_ccx_frd_bytes, the room a run reserves for one output increment's nodal .frd blocks: at
 * least what the blocks take in the file (from the first result block to the end mark, one
 * increment), within a small multiple of it; the element set's request counted by the nodes of
 * its elements (8 of the 16); none without a file request */
static void test_frd_reserve(void)
{
  static const char STEP[] = "*STEP, CONTACT=PENALTY\n*STATIC\n1., 1.\n*DLOAD\n2, P2, 100.\n"
                             "*NODE FILE\nU, RF\n*EL FILE, ELSET=EUP\nS, E\n*END STEP\n";
  char deck[8192], msg[512];
  snprintf(deck, sizeof deck, "%s%s", MODEL, STEP);
  sn_model *m = NULL;
  CHECK_INT(sn_inp_parse(deck, strlen(deck), "rsv", NULL, &m, msg, sizeof msg), SN_OK);
  if (!m || run("rsv", STEP)) { sn_model_free(m); return; }
  size_t est = sn_ccx_frd_bytes(m);
  char *t = slurp("rsv", ".frd");
  const char *b = t ? strstr(t, "    1PSTEP") : NULL, *e = t ? strstr(t, " 9999\n") : NULL;
  CHECK(b && e && e > b);
  if (b && e) {
    size_t actual = (size_t)(e - b);
    CHECK(count_str(b, "1PSTEP") == 4);   /* DISP, FORC, STRESS, TOSTRAIN */
    CHECK(est >= actual && est <= 3 * actual);
    if (!(est >= actual && est <= 3 * actual)) fprintf(stderr, "frd reserve %zu for %zu bytes\n", est, actual);
    /* the element set's blocks: 8 rows each, the whole model's 16 rows counted would be more */
    CHECK(est == sn_frd_block_bytes(16, 3) * 2 + sn_frd_block_bytes(8, 6) * 2);
  }
  free(t);
  sn_model_free(m);
  snprintf(deck, sizeof deck, "%s*STEP\n*STATIC\n*NODE PRINT\nU\n*END STEP\n", MODEL);
  CHECK_INT(sn_inp_parse(deck, strlen(deck), "rsv0", NULL, &m, msg, sizeof msg), SN_OK);
  if (m) CHECK(sn_ccx_frd_bytes(m) == 0);
  sn_model_free(m);
}

/* a block of 9 001 rows (formatted in two halves at once, frd_writer.c's FRD_PAR_ROWS) reads
 * back row by row as snprintf's " -1%10d" and "%12.5E" write it, in order */
static void test_frd_big_block(void)
{
  char msg[256], path[128];
  static const char DECK[] = "*NODE\n1,0,0\n2,2,0\n3,2,1\n4,0,1\n*ELEMENT, TYPE=CPE4, ELSET=E\n3, 1, 2, 3, 4\n"
                             "*MATERIAL, NAME=M\n*ELASTIC\n1000., 0.3\n*SOLID SECTION, ELSET=E, MATERIAL=M\n";
  sn_model *m = NULL;
  CHECK_INT(sn_inp_parse(DECK, strlen(DECK), "big", NULL, &m, msg, sizeof msg), SN_OK);
  if (!m) return;
  enum { N = 9001 };
  int *id = malloc(sizeof(int) * N);
  double *val = malloc(sizeof(double) * 6 * N);
  for (int i = 0; i < N && id && val; i++) {
    id[i] = 3 * i + 7;
    for (int c = 0; c < 6; c++) val[6 * i + c] = (i % 7 - 3) * pow(10.0, i % 23 - 11) * (1 + c / 7.0) - (c == 5 ? 1e-300 * (i % 2) : 0);
  }
  static const char *const comp[6] = {"SXX", "SYY", "SZZ", "SXY", "SYZ", "SZX"};
  snprintf(path, sizeof path, DIR_ "/big.frd");
  remove(path);
  sn_frd *f = NULL;
  CHECK_INT(sn_frd_open(path, m, &f, msg, sizeof msg), SN_OK);
  if (f && id && val) {
    sn_frd_block bl = {"STRESS", 6, comp, 1, 0, 1.0, 1, 1, N, id, val};
    CHECK_INT(sn_frd_add(f, &bl, msg, sizeof msg), SN_OK);
    CHECK_INT(sn_frd_flush(f, msg, sizeof msg), SN_OK);
  }
  sn_frd_close(f);
  char *t = slurp("big", ".frd");
  const char *p = t ? strstr(t, " -5  SZX") : NULL;
  if (p) p = strchr(p, '\n');
  int bad = !p;
  for (int i = 0; i < N && !bad; i++) {
    char want[128];
    int k = snprintf(want, sizeof want, " -1%10d", id[i]);
    for (int c = 0; c < 6; c++) k += snprintf(want + k, sizeof want - (size_t)k, "%12.5E", val[6 * i + c]);
    snprintf(want + k, sizeof want - (size_t)k, "\n");
    p++;
    if (strncmp(p, want, strlen(want))) {
      fprintf(stderr, "big .frd block, row %d: \"%.80s\" where \"%s\"\n", i, p, want);
      bad = 1;
    }
    p += strlen(want) - 1;
  }
  CHECK(!bad);
  CHECK(p && !strncmp(p, "\n -3\n", 5));
  free(t);
  free(id);
  free(val);
  sn_model_free(m);
}

/* with sn_run_output_converged (the charts started before the stresses) the same .frd, .dat and
 * contact CSV, byte for byte, over two steps of two increments with node, element and contact
 * file requests */
static void test_converged_same(void)
{
  static const char STEPS[] =
      "*STEP, CONTACT=PENALTY\n*STATIC, DIRECT\n0.5, 1.\n*DLOAD\n2, P2, 100.\n"
      "*NODE PRINT, NSET=NALL\nU\n*EL PRINT, ELSET=EALL\nS\n*CONTACT PRINT\nCDIS, CSTR\n"
      "*NODE FILE\nU, RF\n*EL FILE\nS, E\n*CONTACT FILE\nCDIS, CSTR\n*END STEP\n"
      "*STEP, CONTACT=PENALTY\n*STATIC, DIRECT\n0.5, 1.\n*DLOAD\n2, P2, 50.\n*END STEP\n";
  if (run_conv(MODEL, "cv0", STEPS, 0) || run_conv(MODEL, "cv1", STEPS, 1)) return;
  static const char *const ext[] = {".frd", ".dat", "_contact.csv"};
  for (int k = 0; k < 3; k++) {
    char *a = slurp("cv0", ext[k]), *b = slurp("cv1", ext[k]);
    CHECK(a && b && !strcmp(a, b));
    if (k == 0) CHECK(a && count_str(a, "1PSTEP") == 4 * 5);   /* DISP FORC STRESS TOSTRAIN CONTACT, 4 increments */
    free(a);
    free(b);
  }
}

int main(void)
{
  mkdir(DIR_, 0777);   /* before any test: a fresh build folder has none */
  test_frd_adjust();
  test_frd_elements();
  test_frd_deferred();
  test_dat();
  test_when();
  test_frd_f2f();
  test_velocity();
  test_el_print_2d();
  test_stick_slope();
  test_frd_reserve();
  test_frd_big_block();
  test_converged_same();
  return sn_check_report();
}
