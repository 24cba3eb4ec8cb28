/* *PLASTIC (J2, isotropic hardening) through the static analysis (sn_inp_parse + sn_static_run,
 * what `signorini run` calls):
 *  (1) a unit C3D8 cube in uniaxial stress (symmetry planes, u_x prescribed on x = 1), linear
 *      hardening sy = 10 + H ep (E = 1000, H = 100), loaded to strain 0.05 and back to -0.05:
 *      the 1D closed form of isotropic hardening at every increment: elastic to sy / E, then
 *      slope E H / (E + H); elastic unloading; reverse yield at minus the hardened stress;
 *      PEEQ = (current yield stress - sy0) / H; the reaction equals sigma_xx (unit area);
 *      lateral stresses vanish.
 *  (2) a thick-walled tube a = 1, b = 2 in plane strain (CAX8R ring, u_z = 0), perfectly
 *      plastic (sy = 1, E = 1000, nu = 0.3), the inner radius displaced: at a small
 *      displacement the pressure is Lame's (p = u_a E (b^2 - a^2) / ((1 + nu) a ((1 - 2 nu) a^2
 *      + b^2))); far into the plastic range it tends to the limit pressure
 *      p_L = 2 / sqrt(3) sy ln(b / a) (Hill, The Mathematical Theory of Plasticity, 1950,
 *      ch. V.3; Mises in plane strain), within the discretization error measured with 4 and 8
 *      elements.
 *  (3) path dependence and cutback: the tube loaded in one increment with at most 3 Newton
 *      iterations is cut back (the history of the failed increments must be thrown away); a
 *      second run made of one step per accepted increment of the first, each with one
 *      increment to the same prescribed value, must give the same displacements and stresses
 *      (1e-9): the failed tries left no trace.
 *  (4) the loop of (1) under NLGEOM (Simo's finite-strain model) with fixed increments of 0.05
 *      (*STATIC, DIRECT): the Cauchy stress and PEEQ against CalculiX 2.20 (ccx -i on the same
 *      deck, printed with 7 digits; measured agreement 2e-6).
 *  (5) a 4 x 4 x 2 C3D8 block indented by a flat punch and released (tests/data/fe/plastic/
 *      punch_sm.inp, punch_nl.inp: small strain and NLGEOM, fixed increments, strains to about
 *      6 %): every integration point's S and PEEQ at the end of both steps against CalculiX
 *      2.20's .dat (punch_*.ccx.dat, ccx -i on the same decks); measured agreement 1e-7 to 2.3e-7
 *      of each table's largest value (the 7 printed digits), asserted 2e-6. */
#include "check.h"
#include "signorini/analysis.h"
#include "signorini/io.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXINC 200
#define PI 3.14159265358979323846

typedef struct {
  int n, ndof, nip;
  double time[MAXINC], sxx[MAXINC], syy[MAXINC], peeq[MAXINC], rf[MAXINC], step_time[MAXINC];
  double *u, *sip;
  int inner[64], ninner;     /* node indices whose RF_r sums to the inner force (tube) */
} trace;

static int on_inc(const sn_model *m, const sn_fesys *S, const sn_increment *inc, void *user)
{
  trace *r = user;
  if (r->n >= MAXINC) return SN_ERR_ARG;
  int k = r->n++, nip = sn_fesys_ip_offset(S)[m->nelems];
  double *pe = malloc(sizeof(double) * (size_t)nip);
  if (!pe) return SN_ERR_NOMEM;
  sn_fesys_peeq(S, pe);
  r->time[k] = inc->total_time;
  r->step_time[k] = inc->step_time;
  r->sxx[k] = inc->s_ip[0];
  r->syy[k] = inc->s_ip[1];
  r->peeq[k] = pe[0];
  double f = 0;
  for (int q = 0; q < r->ninner; q++) f += inc->rf[m->ndf * r->inner[q]];
  r->rf[k] = f;
  free(pe);
  r->ndof = m->ndf * m->nnodes;
  r->nip = nip;
  free(r->u); free(r->sip);
  r->u = malloc(sizeof(double) * (size_t)r->ndof);
  r->sip = malloc(sizeof(double) * 6 * (size_t)nip);
  if (!r->u || !r->sip) return SN_ERR_NOMEM;
  memcpy(r->u, inc->u, sizeof(double) * (size_t)r->ndof);
  memcpy(r->sip, inc->s_ip, sizeof(double) * 6 * (size_t)nip);
  return 0;
}

static int run(const char *text, const char *name, int max_newton, trace *r, sn_static_info *info)
{
  char msg[512];
  sn_model *m = NULL;
  int st = sn_inp_parse(text, strlen(text), name, NULL, &m, msg, sizeof msg);
  if (st != SN_OK) { fprintf(stderr, "%s: %s\n", name, msg); CHECK_INT(st, SN_OK); return st; }
  sn_static_settings s;
  sn_static_settings_default(&s);
  if (max_newton > 0) s.max_newton = max_newton;
  s.on_increment = on_inc;
  s.user = r;
  st = sn_static_run(m, &s, info, msg, sizeof msg);
  if (st != SN_OK) fprintf(stderr, "%s: sn_static_run: %s\n", name, msg);
  CHECK_INT(st, SN_OK);
  sn_model_free(m);
  return st;
}

static void trace_free(trace *r) { free(r->u); free(r->sip); }

/* ==== (1) uniaxial loop ==== */
static const char *uni_deck =
    "*NODE\n1,0,0,0\n2,1,0,0\n3,1,1,0\n4,0,1,0\n5,0,0,1\n6,1,0,1\n7,1,1,1\n8,0,1,1\n"
    "*ELEMENT, TYPE=C3D8, ELSET=EALL\n1,1,2,3,4,5,6,7,8\n"
    "*NSET, NSET=X0\n1,4,5,8\n*NSET, NSET=X1\n2,3,6,7\n*NSET, NSET=Y0\n1,2,5,6\n*NSET, NSET=Z0\n1,2,3,4\n"
    "*MATERIAL, NAME=STEEL\n*ELASTIC\n1000, 0.3\n*PLASTIC\n10, 0\n110, 1\n"
    "*SOLID SECTION, ELSET=EALL, MATERIAL=STEEL\n"
    "*BOUNDARY\nX0,1,1,0\nY0,2,2,0\nZ0,3,3,0\n"
    "*STEP\n*STATIC\n0.1, 1\n*BOUNDARY\nX1,1,1,0.05\n*END STEP\n"
    "*STEP\n*STATIC\n0.1, 1\n*BOUNDARY\nX1,1,1,-0.05\n*END STEP\n";

static void test_uniaxial(void)
{
  const double E = 1000, sy0 = 10, H = 100, Et = E * H / (E + H), emax = 0.05;
  trace r = {0};
  r.inner[0] = 1; r.inner[1] = 2; r.inner[2] = 5; r.inner[3] = 6; r.ninner = 4;   /* X1: nodes 2 3 6 7 */
  sn_static_info info;
  if (run(uni_deck, "uniaxial", 0, &r, &info)) { trace_free(&r); return; }
  double smax = sy0 + Et * (emax - sy0 / E);            /* the stress at the turning point */
  double er = emax - 2 * smax / E;                      /* reverse yield */
  int nrev = 0;
  for (int k = 0; k < r.n; k++) {
    double t = r.time[k], eps, sig, peeq;
    if (t <= 1) {
      eps = emax * t;
      sig = eps <= sy0 / E ? E * eps : sy0 + Et * (eps - sy0 / E);
      peeq = fmax(0, (fabs(sig) - sy0) / H);
    } else {
      eps = emax - 2 * emax * (t - 1);
      sig = eps >= er ? smax - E * (emax - eps) : -smax - Et * (er - eps);
      peeq = (fmax(smax, fabs(sig)) - sy0) / H;
      nrev += eps < er;
    }
    CHECK_CLOSE(r.sxx[k], sig, 1e-9, 1e-9);
    CHECK_CLOSE(r.rf[k], sig, 1e-9, 1e-9);
    CHECK(fabs(r.syy[k]) <= 1e-9);
    CHECK_CLOSE(r.peeq[k], peeq, 1e-9, 1e-12);
  }
  CHECK(nrev >= 3);                                     /* the reverse plastic branch was visited */
  CHECK_CLOSE(r.sxx[r.n - 1], -smax - Et * (er + emax), 1e-9, 0);   /* -20.2479... */
  trace_free(&r);
}

/* ==== (2), (3) the tube ==== */
static const double TA = 1, TB = 2, TH = 0.1, TE = 1000, TNU = 0.3, TSY = 1;

/* CAX8R ring of ne elements on [a, b] x [0, h], u_z = 0; nodes 1 + 3 i + j (i: radial half
 * stations 0..2 ne, j: z = 0, h/2, h; no node at odd i, j = 1); inner nodes 1, 2, 3. nsteps
 * steps with inner displacements ua[s] (DIRECT single increments if direct). */
static char *tube_deck(int ne, int nsteps, const double *ua, int direct, double dt0)
{
  size_t cap = 20000 + 200 * (size_t)nsteps, n = 0;
  char *s = malloc(cap);
  if (!s) return NULL;
#define P(...) n += (size_t)snprintf(s + n, cap - n, __VA_ARGS__)
  P("*NODE, NSET=ALL\n");
  for (int i = 0; i <= 2 * ne; i++)
    for (int j = 0; j < 3; j++)
      if (i % 2 == 0 || j != 1) P("%d, %.17g, %.17g\n", 1 + 3 * i + j, TA + (TB - TA) * i / (2.0 * ne), TH * j / 2);
  P("*ELEMENT, TYPE=CAX8R, ELSET=EALL\n");
  for (int e = 0; e < ne; e++) {
    int i = 2 * e;
    P("%d, %d, %d, %d, %d, %d, %d, %d, %d\n", e + 1, 1 + 3 * i, 1 + 3 * (i + 2), 3 + 3 * (i + 2), 3 + 3 * i,
      1 + 3 * (i + 1), 2 + 3 * (i + 2), 3 + 3 * (i + 1), 2 + 3 * i);
  }
  P("*NSET, NSET=INNER\n1, 2, 3\n");
  P("*MATERIAL, NAME=M\n*ELASTIC\n%g, %g\n*PLASTIC\n%g, 0\n", TE, TNU, TSY);
  P("*SOLID SECTION, ELSET=EALL, MATERIAL=M\n*BOUNDARY\nALL, 2, 2, 0\n");
  for (int k = 0; k < nsteps; k++) {
    if (direct) P("*STEP\n*STATIC, DIRECT\n1, 1\n");
    else P("*STEP, INC=1000\n*STATIC\n%g, 1\n", dt0);
    P("*BOUNDARY\nINNER, 1, 1, %.17g\n*END STEP\n", ua[k]);
  }
#undef P
  return s;
}

/* the inner pressure from the reactions (axisymmetric forces are totals over 2 pi) */
static double tube_pressure(const trace *r, int k) { return r->rf[k] / (2 * PI * TA * TH); }

static void test_tube(void)
{
  const double pl = 2 / sqrt(3.0) * TSY * log(TB / TA);
  /* elastic: Lame (plane strain) */
  {
    double ua = 1e-4;
    char *d = tube_deck(4, 1, &ua, 0, 1);
    trace r = {0};
    r.inner[0] = 0; r.inner[1] = 1; r.inner[2] = 2; r.ninner = 3;
    sn_static_info info;
    if (d && !run(d, "tube_elastic", 0, &r, &info)) {
      double p = ua * TE * (TB * TB - TA * TA) / ((1 + TNU) * TA * ((1 - 2 * TNU) * TA * TA + TB * TB));
      CHECK(p < 0.5 * pl);                              /* still elastic */
      CHECK_CLOSE(tube_pressure(&r, r.n - 1), p, 1e-3, 0);
      CHECK(r.peeq[r.n - 1] == 0);
    }
    free(d);
    trace_free(&r);
  }
  /* fully plastic: inner hoop strain 20 yield strains */
  double p4 = 0, p8 = 0;
  for (int ne = 4; ne <= 8; ne += 4) {
    double ua = 0.02;
    char *d = tube_deck(ne, 1, &ua, 0, 0.05);
    trace r = {0};
    r.inner[0] = 0; r.inner[1] = 1; r.inner[2] = 2; r.ninner = 3;
    sn_static_info info;
    if (d && !run(d, "tube_plastic", 0, &r, &info)) {
      double p = tube_pressure(&r, r.n - 1);
      if (ne == 4) p4 = p; else p8 = p;
      CHECK(r.peeq[r.n - 1] > 0);
    }
    free(d);
    trace_free(&r);
  }
  double disc = fabs(p8 - p4);                          /* the discretization error, measured */
  fprintf(stderr, "tube: limit %.6f, 4 elements %.6f, 8 elements %.6f\n", pl, p4, p8);
  CHECK_CLOSE(p8, pl, 0, fmax(2 * disc, 0));
}

static void test_cutback(void)
{
  double ua = 0.01;
  char *d = tube_deck(4, 1, &ua, 0, 1);
  trace a = {0}, b = {0};
  a.inner[0] = 0; a.inner[1] = 1; a.inner[2] = 2; a.ninner = 3;
  b.inner[0] = 0; b.inner[1] = 1; b.inner[2] = 2; b.ninner = 3;
  sn_static_info ia, ib;
  if (!d || run(d, "tube_cutback", 3, &a, &ia)) { free(d); trace_free(&a); return; }
  free(d);
  CHECK(ia.cutbacks > 0);
  double uk[MAXINC];
  for (int k = 0; k < a.n; k++) uk[k] = ua * a.step_time[k];
  d = tube_deck(4, a.n, uk, 1, 1);
  if (!d || run(d, "tube_steps", 0, &b, &ib)) { free(d); trace_free(&a); trace_free(&b); return; }
  free(d);
  CHECK_INT(ib.cutbacks, 0);
  CHECK_INT(b.n, a.n);
  double um = 0, eu = 0, sm = 0, es = 0;
  for (int i = 0; i < a.ndof; i++) { um = fmax(um, fabs(a.u[i])); eu = fmax(eu, fabs(a.u[i] - b.u[i])); }
  for (int i = 0; i < 6 * a.nip; i++) { sm = fmax(sm, fabs(a.sip[i])); es = fmax(es, fabs(a.sip[i] - b.sip[i])); }
  fprintf(stderr, "cutback: %d cutbacks, %d increments; differences u %g of %g, S %g of %g\n", ia.cutbacks, a.n, eu,
          um, es, sm);
  CHECK(eu <= 1e-9 * um);
  CHECK(es <= 1e-9 * sm);
  CHECK(a.peeq[a.n - 1] > 0);
  trace_free(&a);
  trace_free(&b);
}

static void test_uniaxial_nlgeom(void)
{
  /* the deck of (1) with NLGEOM and fixed increments */
  char deck[2048];
  const char *a = strstr(uni_deck, "*STEP");
  snprintf(deck, sizeof deck, "%.*s", (int)(a - uni_deck), uni_deck);
  strcat(deck, "*STEP, NLGEOM\n*STATIC, DIRECT\n0.05, 1\n*BOUNDARY\nX1,1,1,0.05\n*END STEP\n"
               "*STEP, NLGEOM\n*STATIC, DIRECT\n0.05, 1\n*BOUNDARY\nX1,1,1,-0.05\n*END STEP\n");
  trace r = {0};
  sn_static_info info;
  if (run(deck, "uniaxial_nlgeom", 0, &r, &info)) { trace_free(&r); return; }
  CHECK_INT(r.n, 40);
  if (r.n != 40) { trace_free(&r); return; }
  /* ccx 2.20: S11 and PEEQ of integration point 1 at times 0.5, 1, 1.5, 2 */
  static const int inc[4] = {9, 19, 29, 39};
  static const double sxx[4] = {11.34880, 13.56365, -15.50821, -20.09584};
  static const double peeq[2] = {1.348798e-2, 3.563651e-2};
  for (int k = 0; k < 4; k++) {
    CHECK_CLOSE(r.time[inc[k]], 0.5 * (k + 1), 1e-12, 0);
    CHECK_CLOSE(r.sxx[inc[k]], sxx[k], 5e-6, 0);
    if (k < 2) CHECK_CLOSE(r.peeq[inc[k]], peeq[k], 5e-6, 0);
  }
  trace_free(&r);
}

/* (5): S and PEEQ of every integration point at total times 1 and 2 */
typedef struct {
  int nip;
  double s[2][256 * 6], pe[2][256];
  int got[2];
} punch_state;

static int punch_inc(const sn_model *m, const sn_fesys *S, const sn_increment *inc, void *user)
{
  punch_state *r = user;
  int k = fabs(inc->total_time - 1) < 1e-9 ? 0 : fabs(inc->total_time - 2) < 1e-9 ? 1 : -1;
  r->nip = sn_fesys_ip_offset(S)[m->nelems];
  if (k < 0 || r->nip != 256) return 0;
  memcpy(r->s[k], inc->s_ip, sizeof r->s[k]);
  sn_fesys_peeq(S, r->pe[k]);
  r->got[k] = 1;
  return 0;
}

/* the largest difference of a ccx table (S: 6 values, PEEQ: 1 per row "elem ip v...") at
 * time t against ours, relative to the table's largest value; -1 if the table is missing */
static double punch_table(FILE *f, const char *title, double t, int nc, const double *ours)
{
  char line[512];
  rewind(f);
  while (fgets(line, sizeof line, f)) {
    const char *tm = strstr(line, "and time");
    if (!strstr(line, title) || !tm || fabs(atof(tm + 8) - t) > 1e-9) continue;
    double mx = 0, err = 0;
    int rows = 0;
    while (fgets(line, sizeof line, f)) {
      int e, ip, n;
      double v[6];
      n = sscanf(line, "%d %d %lf %lf %lf %lf %lf %lf", &e, &ip, v, v + 1, v + 2, v + 3, v + 4, v + 5);
      if (n <= 0 && rows == 0) continue;   /* the blank line after the title */
      if (n != 2 + nc || e < 1 || e > 32 || ip < 1 || ip > 8) break;
      for (int c = 0; c < nc; c++) {
        mx = fmax(mx, fabs(v[c]));
        err = fmax(err, fabs(v[c] - ours[nc * (8 * (e - 1) + ip - 1) + c]));
      }
      rows++;
    }
    return rows == 256 && mx > 0 ? err / mx : -1;
  }
  return -1;
}

static void test_punch(const char *name)
{
  char path[512], msg[512];
  snprintf(path, sizeof path, "%s/fe/plastic/%s.inp", SN_TEST_DATA, name);
  sn_model *m = NULL;
  int st = sn_inp_read(path, &m, msg, sizeof msg);
  CHECK_INT(st, SN_OK);
  if (st) { fprintf(stderr, "%s\n", msg); return; }
  static punch_state r;
  memset(&r, 0, sizeof r);
  sn_static_settings s;
  sn_static_settings_default(&s);
  s.on_increment = punch_inc;
  s.user = &r;
  sn_static_info info;
  st = sn_static_run(m, &s, &info, msg, sizeof msg);
  if (st) fprintf(stderr, "%s: %s\n", name, msg);
  CHECK_INT(st, SN_OK);
  sn_model_free(m);
  CHECK(r.got[0] && r.got[1]);
  snprintf(path, sizeof path, "%s/fe/plastic/%s.ccx.dat", SN_TEST_DATA, name);
  FILE *f = fopen(path, "r");
  CHECK(f != NULL);
  if (!f || !r.got[0] || !r.got[1]) { if (f) fclose(f); return; }
  for (int k = 0; k < 2; k++) {
    double es = punch_table(f, "stresses", k + 1.0, 6, r.s[k]), ep = punch_table(f, "equivalent plastic", k + 1.0, 1, r.pe[k]);
    fprintf(stderr, "%s, time %d: S %.3g, PEEQ %.3g of the largest\n", name, k + 1, es, ep);
    CHECK(es >= 0 && es <= 2e-6);
    CHECK(ep >= 0 && ep <= 2e-6);
  }
  fclose(f);
}

int main(void)
{
  test_punch("punch_sm");
  test_punch("punch_nl");
  test_uniaxial_nlgeom();
  test_uniaxial();
  test_tube();
  test_cutback();
  return sn_check_report();
}
