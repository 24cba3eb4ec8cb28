/* Thermal strain (*EXPANSION, *INITIAL CONDITIONS TYPE=TEMPERATURE, *TEMPERATURE) through decks
 * written here, against closed forms of linear thermoelasticity (Timoshenko & Goodier, "Theory
 * of Elasticity", 3rd ed., ch. 13 "Thermal stress": a body free to expand under a uniform
 * temperature change dT has strain alpha dT and no stress; one that cannot expand in x has
 * sigma_xx = -E alpha dT):
 *  (a) a free bar (C3D8, C3D8I, C3D20, two C3D6, C3D15, T3D2) heated by dT: every displacement
 *      alpha dT x, zero stress;
 *  (b) the same bar held between two walls in x (lateral faces free): sigma_xx = -E alpha dT,
 *      the others 0, lateral strain (1 + nu) alpha dT; the truss: S11 = -E alpha dT and the
 *      wall reaction E A alpha dT;
 *  (c) plane elements, free: CPS4 u = alpha dT x and no stress; CPE4 (eps_33 = 0) in-plane
 *      strain (1 + nu) alpha dT and S33 = -E alpha dT; CAX4 u_r = alpha dT r, no stress;
 *  (d) the temperature over steps: ramped within a step (half way at half the step), held by
 *      a step without *TEMPERATURE, OP=NEW back to the initial field, AMPLITUDE= (the value
 *      times the amplitude);
 *  (e) NLGEOM: the finite-strain closed forms of a free and a held bar (test_nlgeom).
 * Tolerances: 1e-10 relative (every case is exact for the elements: the fields are linear). */
#include "fe_deck.h"

static const double E = 210000, NU = 0.3, ALPHA = 1.2e-5, T0 = 20, T1 = 120;

/* the nodes written by bar_mesh, for the node sets by position */
static struct { int n, id[64]; double x[64][3]; } nodes;

static void node(fd_buf *b, int id, double x, double y, double z)
{
  fd_print(b, "%d,%.17g,%.17g,%.17g\n", id, x, y, z);
  nodes.id[nodes.n] = id, nodes.x[nodes.n][0] = x, nodes.x[nodes.n][1] = y, nodes.x[nodes.n][2] = z;
  nodes.n++;
}

/* NSET name: the nodes whose coordinate c is v */
static void nset(fd_buf *b, const char *name, int c, double v)
{
  fd_print(b, "*NSET,NSET=%s\n", name);
  for (int k = 0; k < nodes.n; k++)
    if (nodes.x[k][c] == v) fd_print(b, "%d\n", nodes.id[k]);
}

/* a bar [0, 2] x [0, 1] x [0, 1] of the given type: node ids 1..8 the corners (x fastest,
 * then y, then z), midside nodes above 100; sets X0, X1 (x = 0, 2), Y0, Z0 */
static void bar_mesh(fd_buf *b, sn_eltype t)
{
  nodes.n = 0;
  static const double cx[8][3] = {{0, 0, 0}, {2, 0, 0}, {2, 1, 0}, {0, 1, 0},
                                  {0, 0, 1}, {2, 0, 1}, {2, 1, 1}, {0, 1, 1}};
  fd_print(b, "*NODE,NSET=NALL\n");
  for (int a = 0; a < 8; a++) node(b, a + 1, cx[a][0], cx[a][1], cx[a][2]);
  if (t == SN_EL_C3D20) {
    static const int mid[12][2] = {{1, 2}, {2, 3}, {3, 4}, {4, 1}, {5, 6}, {6, 7},
                                   {7, 8}, {8, 5}, {1, 5}, {2, 6}, {3, 7}, {4, 8}};
    for (int k = 0; k < 12; k++) {
      const double *p = cx[mid[k][0] - 1], *q = cx[mid[k][1] - 1];
      node(b, 101 + k, 0.5 * (p[0] + q[0]), 0.5 * (p[1] + q[1]), 0.5 * (p[2] + q[2]));
    }
    fd_print(b, "*ELEMENT,TYPE=C3D20,ELSET=E1\n1,1,2,3,4,5,6,7,8,101,102,103,104,105,106,107,108,\n109,110,111,112\n");
  } else if (t == SN_EL_C3D6 || t == SN_EL_C3D15) {
    /* two wedges: triangles 1-2-3 and 1-3-4 of the bottom, extruded to the top */
    static const int w[2][6] = {{1, 2, 3, 5, 6, 7}, {1, 3, 4, 5, 7, 8}};
    if (t == SN_EL_C3D6) {
      fd_print(b, "*ELEMENT,TYPE=C3D6,ELSET=E1\n");
      for (int e = 0; e < 2; e++)
        fd_print(b, "%d,%d,%d,%d,%d,%d,%d\n", e + 1, w[e][0], w[e][1], w[e][2], w[e][3], w[e][4], w[e][5]);
    } else {
      static const int em[9][2] = {{0, 1}, {1, 2}, {2, 0}, {3, 4}, {4, 5}, {5, 3}, {0, 3}, {1, 4}, {2, 5}};
      int id = 101, ids[2][9];
      for (int e = 0; e < 2; e++)
        for (int k = 0; k < 9; k++) {   /* the edges 1-3, 5-7 and 1-5, 3-7 are shared: one node */
          const double *p = cx[w[e][em[k][0]] - 1], *q = cx[w[e][em[k][1]] - 1];
          double x[3] = {0.5 * (p[0] + q[0]), 0.5 * (p[1] + q[1]), 0.5 * (p[2] + q[2])};
          int found = 0;
          for (int j = 0; j < nodes.n && !found; j++)
            if (nodes.x[j][0] == x[0] && nodes.x[j][1] == x[1] && nodes.x[j][2] == x[2]) found = nodes.id[j];
          ids[e][k] = found ? found : id;
          if (!found) node(b, id++, x[0], x[1], x[2]);
        }
      fd_print(b, "*ELEMENT,TYPE=C3D15,ELSET=E1\n");
      for (int e = 0; e < 2; e++) {
        fd_print(b, "%d", e + 1);
        for (int a = 0; a < 6; a++) fd_print(b, ",%d", w[e][a]);
        for (int k = 0; k < 8; k++) fd_print(b, ",%d", ids[e][k]);
        fd_print(b, ",\n%d\n", ids[e][8]);   /* a continuation line */
      }
    }
  } else if (t == SN_EL_T3D2) {
    fd_print(b, "*ELEMENT,TYPE=T3D2,ELSET=E1\n1,1,2\n");
  } else
    fd_print(b, "*ELEMENT,TYPE=%s,ELSET=E1\n1,1,2,3,4,5,6,7,8\n", sn_element_desc(t)->name);
  nset(b, "X0", 0, 0), nset(b, "X1", 0, 2), nset(b, "Y0", 1, 0), nset(b, "Z0", 2, 0);
}

static void material(fd_buf *b, int truss)
{
  fd_print(b, "*MATERIAL,NAME=M\n*ELASTIC\n%.17g,%.17g\n*EXPANSION,ZERO=0.\n%.17g\n", E, NU, ALPHA);
  fd_print(b, "*SOLID SECTION,ELSET=E1,MATERIAL=M\n%s", truss ? "2.5\n" : "");
  fd_print(b, "*INITIAL CONDITIONS,TYPE=TEMPERATURE\nNALL,%g\n", T0);
}

/* the largest |stress| of any node and integration point */
static double smax(const fd_result *r)
{
  double s = 0;
  for (int i = 0; i < 6 * r->nnodes; i++) s = fmax(s, fabs(r->snode[i]));
  for (int i = 0; i < 6 * r->nip; i++) s = fmax(s, fabs(r->sip[i]));
  return s;
}

/* (a) free and (b) held between walls */
static void test_bar(sn_eltype t, int held)
{
  int truss = t == SN_EL_T3D2;
  fd_buf b = {0};
  bar_mesh(&b, t);
  /* x = 0 face: u_x = 0; the rigid motions: u_y = 0 on y = 0 nodes, u_z = 0 on z = 0 nodes */
  if (truss) fd_print(&b, "*BOUNDARY\n1,1,3\n2,2,3\n%s", held ? "2,1,1\n" : "");
  else fd_print(&b, "*BOUNDARY\nX0,1,1\nY0,2,2\nZ0,3,3\n%s", held ? "X1,1,1\n" : "");
  material(&b, truss);
  fd_print(&b, "*STEP\n*STATIC\n*TEMPERATURE\nNALL,%g\n*END STEP\n", T1);
  fd_result r;
  char name[32];
  snprintf(name, sizeof name, "%s_%s", sn_element_desc(t)->name, held ? "held" : "free");
  int st = fd_run(&b, name, &r);
  CHECK_INT(st, SN_OK);
  if (st != SN_OK) { fd_free(&r); return; }
  double eth = ALPHA * (T1 - T0), s0 = E * eth, err = 0;
  for (int i = 0; i < (truss ? 2 : r.nnodes); i++) {
    const double *x = r.m->x + 3 * i;
    double want[3] = {held ? 0 : eth * x[0], 0, 0};
    if (!truss) want[1] = (held ? (1 + NU) : 1) * eth * x[1], want[2] = (held ? (1 + NU) : 1) * eth * x[2];
    for (int c = 0; c < 3; c++) err = fmax(err, fabs(r.u[3 * i + c] - want[c]));
  }
  CHECK(err <= 1e-10 * eth * 2);
  if (!held) CHECK(smax(&r) <= 1e-10 * s0);
  else {
    double serr = 0;
    for (int k = 0; k < r.nip; k++)
      for (int c = 0; c < 6; c++) serr = fmax(serr, fabs(r.sip[6 * k + c] - (c == 0 ? -s0 : 0)));
    CHECK(serr <= 1e-10 * s0);
    if (truss) {   /* the wall's reaction at node 2: E A alpha dT pushing back (-x) */
      int n2 = sn_model_node_index(r.m, 2);
      CHECK_CLOSE(r.rf[3 * n2], -2.5 * s0, 1e-10, 0);
    }
  }
  printf("%-6s %s: |u - alpha dT x| %.1e, max |S| %.3e (E alpha dT = %g)\n", sn_element_desc(t)->name,
         held ? "held" : "free", err, smax(&r), s0);
  fd_free(&r);
}

/* (c) a free unit square of a plane type (x in [1, 2] for CAX4) */
static void test_plane(sn_eltype t)
{
  const sn_eldesc *d = sn_element_desc(t);
  double x0 = d->kind == SN_KIND_AXISYM ? 1 : 0;
  fd_buf b = {0};
  fd_print(&b, "*NODE,NSET=NALL\n1,%g,0\n2,%g,0\n3,%g,1\n4,%g,1\n", x0, x0 + 1, x0 + 1, x0);
  fd_print(&b, "*ELEMENT,TYPE=%s,ELSET=E1\n1,1,2,3,4\n", d->name);
  if (d->kind == SN_KIND_AXISYM) fd_print(&b, "*BOUNDARY\n1,2,2\n2,2,2\n");
  else fd_print(&b, "*BOUNDARY\n1,1,2\n4,1,1\n2,2,2\n");
  material(&b, 0);
  fd_print(&b, "*STEP\n*STATIC\n*TEMPERATURE\nNALL,%g\n*END STEP\n", T1);
  fd_result r;
  int st = fd_run(&b, d->name, &r);
  CHECK_INT(st, SN_OK);
  if (st != SN_OK) { fd_free(&r); return; }
  double eth = ALPHA * (T1 - T0), s0 = E * eth, f = d->kind == SN_KIND_PLANE_STRAIN ? 1 + NU : 1, err = 0;
  for (int i = 0; i < 4; i++) {
    const double *x = r.m->x + 3 * i;
    err = fmax(err, fabs(r.u[2 * i] - f * eth * (d->kind == SN_KIND_AXISYM ? x[0] : x[0] - x0)));
    err = fmax(err, fabs(r.u[2 * i + 1] - f * eth * x[1]));
  }
  CHECK(err <= 1e-10 * eth);
  double serr = 0;
  for (int k = 0; k < r.nip; k++)
    for (int c = 0; c < 6; c++)
      serr = fmax(serr, fabs(r.sip[6 * k + c] - (c == 2 && d->kind == SN_KIND_PLANE_STRAIN ? -s0 : 0)));
  CHECK(serr <= 1e-10 * s0);
  printf("%-6s free: |u - u_exact| %.1e, |S - S_exact| %.1e\n", d->name, err, serr);
  fd_free(&r);
}

/* (d) temperatures over steps: x-displacement of the bar's end (node 2) after each step and at
 * half the first step */
typedef struct {
  double u2[8];
  int n;
} history;

static int on_hist(const sn_model *m, const sn_fesys *S, const sn_increment *inc, void *user)
{
  (void)S;
  history *h = user;
  if (h->n < 8 && (fabs(inc->load_factor - 0.5) < 1e-12 || fabs(inc->load_factor - 1) < 1e-12))
    h->u2[h->n++] = inc->u[3 * sn_model_node_index(m, 2)];
  return 0;
}

static void test_steps(void)
{
  fd_buf b = {0};
  bar_mesh(&b, SN_EL_C3D8);
  fd_print(&b, "*BOUNDARY\nX0,1,1\nY0,2,2\nZ0,3,3\n*AMPLITUDE,NAME=A1\n0,0.,1,0.5\n");
  material(&b, 0);
  fd_print(&b, "*STEP,INC=10\n*STATIC\n0.5,1\n*TEMPERATURE\nNALL,%g\n*END STEP\n", T1);   /* ramp */
  fd_print(&b, "*STEP\n*STATIC\n*END STEP\n");                                       /* held */
  fd_print(&b, "*STEP\n*STATIC\n*TEMPERATURE,OP=NEW\n*END STEP\n");                  /* back to T0 */
  fd_print(&b, "*STEP\n*STATIC\n*TEMPERATURE,AMPLITUDE=A1\nNALL,%g\n*END STEP\n", 2 * T1);   /* 0.5 x 240 */
  char msg[512];
  sn_model *m = NULL;
  int st = sn_inp_parse(b.s, b.n, "steps", NULL, &m, msg, sizeof msg);
  free(b.s);
  CHECK_INT(st, SN_OK);
  if (st) { fprintf(stderr, "%s\n", msg); return; }
  history h = {{0}, 0};
  sn_static_settings s;
  sn_static_settings_default(&s);
  s.on_increment = on_hist;
  s.user = &h;
  st = sn_static_run(m, &s, NULL, msg, sizeof msg);
  CHECK_INT(st, SN_OK);
  CHECK_INT(h.n, 5);
  double L = 2, want[5] = {ALPHA * 50 * L, ALPHA * 100 * L, ALPHA * 100 * L, 0, ALPHA * (0.5 * 2 * T1 - T0) * L};
  for (int k = 0; k < 5 && k < h.n; k++) CHECK_CLOSE(h.u2[k], want[k], 1e-10, 1e-14);
  printf("steps: u_x(L) %.6e (half ramp) %.6e %.6e (held) %.1e (OP=NEW) %.6e (amplitude)\n", h.u2[0], h.u2[1],
         h.u2[2], h.u2[3], h.u2[4]);
  sn_model_free(m);
}

/* bad input: clear messages */
static void test_errors(void)
{
  static const char *bad[] = {
    "*NODE\n1,0,0,0\n*MATERIAL,NAME=M\n*ELASTIC\n1,0\n*EXPANSION\n1e-5\n2e-5,100\n",        /* a table */
    "*NODE\n1,0,0,0\n*INITIAL CONDITIONS,TYPE=TEMPERATURE\n1\n",                            /* no value */
    "*NODE\n1,0,0,0\n*STEP\n*STATIC\n*TEMPERATURE,OP=ADD\n1,3\n*END STEP\n",                /* OP */
    "*NODE\n1,0,0,0\n*STEP\n*STATIC\n*TEMPERATURE\n7,3\n*END STEP\n",                       /* node */
    "*NODE\n1,0,0,0\n*EXPANSION\n1e-5\n",                                                   /* no material */
  };
  static const char *want[] = {"temperature-dependent *EXPANSION", "expected node or node set, temperature",
                               "OP=ADD", "7", "outside a *MATERIAL"};
  for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
    char msg[512] = "";
    sn_model *m = NULL;
    int st = sn_inp_parse(bad[k], strlen(bad[k]), "bad.inp", NULL, &m, msg, sizeof msg);
    CHECK(st != SN_OK);
    CHECK(strstr(msg, want[k]) != NULL);
    if (!strstr(msg, want[k])) fprintf(stderr, "case %zu: %s\n", k, msg);
    sn_model_free(m);
  }
}

/* (e) a thermal strain under NLGEOM (St Venant-Kirchhoff, S = D (E - alpha dT I)): a free C3D8
 * and C3D20 bar has S = 0, so its Green-Lagrange strain is alpha dT I and every stretch
 * lambda = sqrt(1 + 2 alpha dT): u = (lambda - 1) x, which differs from the small-strain
 * alpha dT x by 6e-4 of it (here 7.2e-7 of 1.2e-3), far above the 1e-9 tolerance; held between
 * walls in x it has E_xx = 0, S_xx = -E alpha dT and the Cauchy stress S_xx lambda_x / (lambda_y
 * lambda_z) = -E alpha dT / lambda_y^2 with lambda_y = lambda_z = sqrt(1 + 2 (1 + nu) alpha dT)
 * (E_yy = E_zz = (1 + nu) alpha dT from S_yy = S_zz = 0). */
static void test_nlgeom(sn_eltype t, int held)
{
  fd_buf b = {0};
  bar_mesh(&b, t);
  fd_print(&b, "*BOUNDARY\nX0,1,1\nY0,2,2\nZ0,3,3\n%s", held ? "X1,1,1\n" : "");
  material(&b, 0);
  fd_print(&b, "*STEP,NLGEOM\n*STATIC\n*TEMPERATURE\nNALL,%g\n*END STEP\n", T1);
  fd_result r;
  char name[32];
  snprintf(name, sizeof name, "nl_%s_%d", sn_element_desc(t)->name, held);
  /* tol 1e-10: the free bar's forces are the round-off of S = D (E - alpha dT I) ~ 0 */
  int st = fd_run_tol(&b, name, &r, 1e-10);
  CHECK_INT(st, SN_OK);
  if (st != SN_OK) { fd_free(&r); return; }
  double eth = ALPHA * (T1 - T0), lam = sqrt(1 + 2 * eth), lat = sqrt(1 + 2 * (1 + NU) * eth), err = 0;
  for (int i = 0; i < r.nnodes; i++) {
    const double *x = r.m->x + 3 * i;
    double want[3] = {held ? 0 : (lam - 1) * x[0], ((held ? lat : lam) - 1) * x[1], ((held ? lat : lam) - 1) * x[2]};
    for (int c = 0; c < 3; c++) err = fmax(err, fabs(r.u[3 * i + c] - want[c]));
  }
  CHECK(err <= 1e-9 * eth);
  double s0 = E * eth;
  if (!held) CHECK(smax(&r) <= 1e-9 * s0);
  else {
    double serr = 0;
    for (int k = 0; k < r.nip; k++)
      for (int c = 0; c < 6; c++) serr = fmax(serr, fabs(r.sip[6 * k + c] - (c == 0 ? -s0 / (lat * lat) : 0)));
    CHECK(serr <= 1e-9 * s0);
  }
  printf("NLGEOM %-6s %s: |u - u_exact| %.1e (small strain would be off by %.1e)\n", sn_element_desc(t)->name,
         held ? "held" : "free", err, fabs(held ? (lat - 1 - (1 + NU) * eth) : (lam - 1 - eth)));
  fd_free(&r);
}

int main(void)
{
  test_nlgeom(SN_EL_C3D8, 0);
  test_nlgeom(SN_EL_C3D8, 1);
  test_nlgeom(SN_EL_C3D20, 0);
  static const sn_eltype solids[] = {SN_EL_C3D8, SN_EL_C3D8I, SN_EL_C3D20, SN_EL_C3D6, SN_EL_C3D15, SN_EL_T3D2};
  for (size_t k = 0; k < sizeof solids / sizeof solids[0]; k++) {
    test_bar(solids[k], 0);
    test_bar(solids[k], 1);
  }
  test_plane(SN_EL_CPS4);
  test_plane(SN_EL_CPE4);
  test_plane(SN_EL_CAX4);
  test_steps();
  test_errors();
  return sn_check_report();
}
