/* NLGEOM for continuum elements through the static analysis (sn_inp_parse + sn_static_run, what
 * `signorini run` calls):
 *  (a) a block (2 x 2 x 2 C3D8, unit cube) pressed by a dead load F on a fixed foundation
 *      through frictionless HARD contact, free to expand sideways (symmetry planes x = y = 0.5):
 *      a homogeneous uniaxial state. St Venant-Kirchhoff, closed form (Bonet-Wood sec. 6.4.3):
 *      F / A0 = -E lambda (lambda^2 - 1) / 2 with F = 0.144 E gives lambda = 0.8 exactly; lateral
 *      stretch mu = sqrt(1 - 2 nu E11), E11 = (lambda^2 - 1) / 2; Cauchy sigma_zz = -F / mu^2
 *      (the current area). The contact forces (the foundation's reactions) sum to F.
 *      At a small load (F = 1e-6 E) the NLGEOM run equals the linear one (u = -F H / (E A0)) to
 *      1e-5, and the large-load NLGEOM answer differs from the linear one (-0.2 vs -0.144).
 *      A pressure on the top follows the face (CalculiX' NLGEOM semantics): sigma_zz = -p,
 *      reactions p mu^2 (test_block_pressure).
 *  (b) a cantilever 10 x 1 x 1 of 10 C3D20 with a tip load giving a 28 % deflection
 *      (tests/data/inp/nlgeom_cantilever.inp): tip displacements against CalculiX 2.20's
 *      (ccx -i on the same deck, printed with 7 digits: agreement to 2e-6 of the largest).
 *  (c) a neo-Hookean cube (*HYPERELASTIC, NEO HOOKE) stretched to 1.5 in a step without NLGEOM:
 *      reactions, Cauchy stress and lateral stretch against CalculiX 2.20 (test_neohooke_cube). */
#include "check.h"
#include "signorini/analysis.h"
#include "signorini/io.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  int ndof;
  double *u, *rf, *snode;
} result;

static int on_inc(const sn_model *m, const sn_fesys *S, const sn_increment *inc, void *user)
{
  (void)S;
  result *r = user;
  memcpy(r->u, inc->u, (size_t)r->ndof * sizeof(double));
  memcpy(r->rf, inc->rf, (size_t)r->ndof * sizeof(double));
  memcpy(r->snode, inc->s_node, (size_t)m->nnodes * 6 * sizeof(double));
  return 0;
}

/* parses the deck text and runs it; r filled with the last increment */
static int run(const char *text, size_t n, const char *name, sn_model **m, result *r)
{
  char msg[512];
  memset(r, 0, sizeof *r);
  if (getenv("SN_NL_KEEP")) { char p[600]; snprintf(p, sizeof p, "%s/%s.inp", getenv("SN_NL_KEEP"), name); FILE *f = fopen(p, "w"); if (f) { fwrite(text, 1, n, f); fclose(f); } }
  int st = sn_inp_parse(text, n, name, NULL, m, msg, sizeof msg);
  if (st != SN_OK) { fprintf(stderr, "%s: %s\n", name, msg); CHECK_INT(st, SN_OK); return st; }
  r->ndof = (*m)->ndf * (*m)->nnodes;
  r->u = calloc((size_t)r->ndof, sizeof(double));
  r->rf = calloc((size_t)r->ndof, sizeof(double));
  r->snode = calloc((size_t)(*m)->nnodes * 6, sizeof(double));
  sn_static_settings s;
  sn_static_settings_default(&s);
  s.tol = 1e-9;   /* the contact solver stops at 1e-10: Newton with contact floors near it */
  s.on_increment = on_inc;
  s.user = r;
  sn_static_info info;
  st = sn_static_run(*m, &s, &info, msg, sizeof msg);
  if (st != SN_OK) fprintf(stderr, "%s: sn_static_run: %s\n", name, msg);
  CHECK_INT(st, SN_OK);
  return st;
}

static void result_free(result *r, sn_model *m)
{
  free(r->u); free(r->rf); free(r->snode);
  sn_model_free(m);
}

/* ==== (a) block on a foundation ==== */
static const double E = 1000, NU = 0.3;

/* the deck: block nodes 1 + i + 3 j + 9 k at (i, j, k) / 2, foundation [-1, 2]^2 x [-1, 0] */
static size_t block_deck(char *s, size_t cap, double F, int nlgeom, int pressure)
{
  size_t n = 0;
#define P(...) n += (size_t)snprintf(s + n, cap - n, __VA_ARGS__)
  P("*NODE\n");
  for (int k = 0; k < 3; k++)
    for (int j = 0; j < 3; j++)
      for (int i = 0; i < 3; i++) P("%d, %g, %g, %g\n", 1 + i + 3 * j + 9 * k, 0.5 * i, 0.5 * j, 0.5 * k);
  P("101, -1, -1, -1\n102, 2, -1, -1\n103, 2, 2, -1\n104, -1, 2, -1\n"
    "105, -1, -1, 0\n106, 2, -1, 0\n107, 2, 2, 0\n108, -1, 2, 0\n");
  P("*ELEMENT, TYPE=C3D8, ELSET=BLOCK\n");
  for (int k = 0; k < 2; k++)
    for (int j = 0; j < 2; j++)
      for (int i = 0; i < 2; i++) {
        int a = 1 + i + 3 * j + 9 * k;
        P("%d, %d, %d, %d, %d, %d, %d, %d, %d\n", 1 + i + 2 * j + 4 * k, a, a + 1, a + 4, a + 3, a + 9, a + 10,
          a + 13, a + 12);
      }
  P("*ELEMENT, TYPE=C3D8, ELSET=FOUND\n9, 101, 102, 103, 104, 105, 106, 107, 108\n");
  P("*ELSET, ELSET=BOTTOM\n1, 2, 3, 4\n*SURFACE, NAME=SLAVE\nBOTTOM, S1\n*SURFACE, NAME=MASTER\nFOUND, S2\n");
  P("*CONTACT PAIR, INTERACTION=SI\nSLAVE, MASTER\n*SURFACE INTERACTION, NAME=SI\n"
    "*SURFACE BEHAVIOR, PRESSURE-OVERCLOSURE=HARD\n");
  P("*MATERIAL, NAME=M\n*ELASTIC\n%.17g, %.17g\n*SOLID SECTION, ELSET=BLOCK, MATERIAL=M\n"
    "*SOLID SECTION, ELSET=FOUND, MATERIAL=M\n", E, NU);
  P("*STEP%s\n*STATIC\n0.25, 1.\n*BOUNDARY\n101, 1, 3\n102, 1, 3\n103, 1, 3\n104, 1, 3\n105, 1, 3\n106, 1, 3\n"
    "107, 1, 3\n108, 1, 3\n", nlgeom ? ", NLGEOM" : "");
  for (int k = 0; k < 3; k++)
    for (int j = 0; j < 3; j++) {
      P("%d, 1, 1\n", 2 + 3 * j + 9 * k);   /* x = 0.5: u_x = 0 */
      P("%d, 2, 2\n", 4 + j + 9 * k);       /* y = 0.5: u_y = 0 */
    }
  if (pressure) P("*DLOAD\n5, P2, %.17g\n6, P2, %.17g\n7, P2, %.17g\n8, P2, %.17g\n", F, F, F, F);
  else P("*CLOAD\n");   /* consistent nodal forces of a uniform traction on the top (z = 1) */
  for (int j = 0; j < 3 && !pressure; j++)
    for (int i = 0; i < 3; i++) {
      int edges = (i == 1) + (j == 1);
      P("%d, 3, %.17g\n", 19 + i + 3 * j, -F * (edges == 0 ? 1 / 16.0 : edges == 1 ? 1 / 8.0 : 1 / 4.0));
    }
  P("*END STEP\n");
#undef P
  return n;
}

static double node_u(const sn_model *m, const result *r, int id, int c)
{
  int i = sn_model_node_index(m, id);
  CHECK(i >= 0);
  return i >= 0 ? r->u[3 * i + c] : NAN;
}

static void test_block(void)
{
  static char deck[16384];
  /* large load: lambda = 0.8 */
  double F = 0.144 * E, lam = 0.8, E11 = (lam * lam - 1) / 2, mu = sqrt(1 - 2 * NU * E11);
  sn_model *m = NULL;
  result r;
  size_t n = block_deck(deck, sizeof deck, F, 1, 0);
  CHECK(n < sizeof deck);
  if (run(deck, n, "block_nlgeom", &m, &r) == SN_OK) {
    printf("block, F = %g: u_z top %.12f (exact %.12f), u_x corner %.12f (exact %.12f)\n", F,
           node_u(m, &r, 27, 2), lam - 1, node_u(m, &r, 27, 0), 0.5 * (mu - 1));
    for (int id = 19; id <= 27; id++) CHECK_CLOSE(node_u(m, &r, id, 2), lam - 1, 1e-9, 0);
    for (int id = 1; id <= 27; id++) {      /* u_x = (x - 1/2) (mu - 1) */
      int i = (id - 1) % 3;
      if (i != 1) CHECK_CLOSE(node_u(m, &r, id, 0), (i - 1) * 0.5 * (mu - 1), 1e-9, 1e-12);
    }
    for (int id = 1; id <= 9; id++) CHECK_CLOSE(node_u(m, &r, id, 2), 0, 0, 1e-9);
    double fz = 0;   /* the foundation's reactions carry the contact force */
    for (int id = 101; id <= 108; id++) fz += r.rf[3 * sn_model_node_index(m, id) + 2];
    printf("  sum of the foundation's reactions %.12f (load %g); sigma_zz %.10f (exact %.10f)\n", fz, F,
           r.snode[6 * sn_model_node_index(m, 14) + 2], -F / (mu * mu));
    CHECK_CLOSE(fz, F, 1e-9, 0);
    for (int id = 1; id <= 27; id++) {
      const double *sg = r.snode + 6 * sn_model_node_index(m, id);
      CHECK_CLOSE(sg[2], -F / (mu * mu), 1e-8, 0);
      CHECK_CLOSE(sg[0], 0, 0, 1e-8 * F);
    }
  }
  result_free(&r, m);
  /* the same load without NLGEOM: the linear answer -F H / (E A0), not the NLGEOM one */
  n = block_deck(deck, sizeof deck, F, 0, 0);
  if (run(deck, n, "block_linear", &m, &r) == SN_OK) {
    CHECK_CLOSE(node_u(m, &r, 27, 2), -F / E, 1e-9, 0);
    CHECK(fabs(node_u(m, &r, 27, 2) - (lam - 1)) > 0.05);
  }
  result_free(&r, m);
  /* small load: NLGEOM equals the linear run */
  double f = 1e-6 * E, ul = 0;
  for (int nl = 0; nl < 2; nl++) {
    n = block_deck(deck, sizeof deck, f, nl, 0);
    if (run(deck, n, nl ? "block_small_nlgeom" : "block_small", &m, &r) == SN_OK) {
      double uz = node_u(m, &r, 23, 2);
      CHECK_CLOSE(uz, -f / E, nl ? 1e-5 : 1e-9, 0);
      if (nl) CHECK_CLOSE(uz, ul, 1e-5, 0);
      ul = uz;
    }
    result_free(&r, m);
  }
}

/* the block under a pressure p on its top (*DLOAD P2): under NLGEOM the pressure follows the
 * face, whose area grows to mu^2: Cauchy sigma_zz = -p, i.e. lambda E E11 / mu^2 = -p with
 * mu^2 = 1 - nu (lambda^2 - 1), and the reactions total p mu^2 (a dead load would give p) */
static void test_block_pressure(void)
{
  static char deck[16384];
  double p = 100, lo = 0.5, hi = 1;
  for (int it = 0; it < 200; it++) {
    double l = 0.5 * (lo + hi), g = l * E * (l * l - 1) / 2 / (1 - NU * (l * l - 1)) + p;
    if (g > 0) hi = l; else lo = l;
  }
  double lam = 0.5 * (lo + hi), mu2 = 1 - NU * (lam * lam - 1);
  sn_model *m = NULL;
  result r;
  size_t n = block_deck(deck, sizeof deck, p, 1, 1);
  if (run(deck, n, "block_pressure", &m, &r) == SN_OK) {
    double fz = 0;
    for (int id = 101; id <= 108; id++) fz += r.rf[3 * sn_model_node_index(m, id) + 2];
    printf("block, follower pressure %g: u_z top %.12f (exact %.12f); reactions %.10f (exact p mu^2 = %.10f)\n", p,
           node_u(m, &r, 27, 2), lam - 1, fz, p * mu2);
    for (int id = 19; id <= 27; id++) CHECK_CLOSE(node_u(m, &r, id, 2), lam - 1, 1e-8, 0);
    CHECK_CLOSE(fz, p * mu2, 1e-8, 0);
    CHECK_CLOSE(r.snode[6 * sn_model_node_index(m, 14) + 2], -p, 1e-8, 0);
  }
  result_free(&r, m);
}

/* ==== (c) neo-Hookean cube stretched to 1.5, against CalculiX ====
 * One C3D8 (unit cube), *HYPERELASTIC, NEO HOOKE C10 = 200, D1 = 0.002, x = 1 face moved by 0.5,
 * symmetry planes x = y = z = 0 (node constraints), no NLGEOM on the step: a hyperelastic material
 * is geometrically nonlinear anyway (CalculiX 2.20 gives the same numbers with and without
 * NLGEOM). CalculiX 2.20 on this deck: RF_x = 89.61475 at each of the 4 moved nodes, Cauchy
 * S11 = 465.4682, Green-Lagrange E11 = 0.625, E22 = E33 = -0.114948. */
static void test_neohooke_cube(void)
{
  static const char deck[] =
    "*NODE\n1, 0, 0, 0\n2, 1, 0, 0\n3, 1, 1, 0\n4, 0, 1, 0\n5, 0, 0, 1\n6, 1, 0, 1\n7, 1, 1, 1\n8, 0, 1, 1\n"
    "*ELEMENT, TYPE=C3D8, ELSET=E\n1, 1, 2, 3, 4, 5, 6, 7, 8\n*NSET, NSET=X0\n1, 4, 5, 8\n*NSET, NSET=X1\n2, 3, 6, 7\n"
    "*MATERIAL, NAME=M\n*HYPERELASTIC, NEO HOOKE\n200., 0.002\n*SOLID SECTION, ELSET=E, MATERIAL=M\n"
    "*STEP\n*STATIC\n0.1, 1.\n*BOUNDARY\nX0, 1, 1\n1, 2, 3\n2, 3, 3\n4, 3, 3\nX1, 1, 1, 0.5\n*END STEP\n";
  sn_model *m = NULL;
  result r;
  if (run(deck, sizeof deck - 1, "neohooke_cube", &m, &r) == SN_OK) {
    double rx = 0;
    for (int id = 2; id <= 7; id++)
      if (id == 2 || id == 3 || id == 6 || id == 7) rx += r.rf[3 * sn_model_node_index(m, id)];
    double uy = node_u(m, &r, 7, 1), s11 = r.snode[6 * sn_model_node_index(m, 7)];
    printf("neo-Hooke cube: RF_x %.7f (CalculiX 4 x 89.61475), S11 %.7f (465.4682), lateral stretch %.8f "
           "(CalculiX sqrt(1 - 2 x 0.114948) = %.8f)\n", rx, s11, 1 + uy, sqrt(1 - 2 * 0.114948));
    CHECK_CLOSE(rx, 4 * 89.61475, 2e-7, 0);
    CHECK_CLOSE(s11, 465.4682, 2e-7, 0);
    CHECK_CLOSE(1 + uy, sqrt(1 - 2 * 0.114948), 1e-6, 0);
  }
  result_free(&r, m);
}

/* ==== (b) the cantilever against CalculiX ==== */
static void test_cantilever(void)
{
  /* CalculiX 2.20 (ccx -i nlgeom_cantilever), *NODE PRINT of TIP at time 1 */
  static const struct { int id; double u[3]; } ccx[] = {
    {117, {-6.648039E-01, 4.436683E-04, -2.691948E+00}}, {118, {-6.648039E-01, -4.436683E-04, -2.691948E+00}},
    {119, {-2.605408E-01, -1.646909E-04, -2.777613E+00}}, {120, {-2.605408E-01, 1.646909E-04, -2.777613E+00}},
    {122, {-6.648830E-01, 0, -2.691314E+00}}, {125, {-2.604057E-01, 0, -2.777033E+00}},
    {127, {-4.627826E-01, 1.213484E-04, -2.734485E+00}}, {128, {-4.627826E-01, -1.213484E-04, -2.734485E+00}}};
  FILE *fp = fopen(SN_TEST_DATA "/inp/nlgeom_cantilever.inp", "rb");
  CHECK(fp != NULL);
  if (!fp) return;
  static char text[1 << 16];
  size_t n = fread(text, 1, sizeof text, fp);
  fclose(fp);
  CHECK(n > 0 && n < sizeof text);
  sn_model *m = NULL;
  result r;
  if (run(text, n, "nlgeom_cantilever", &m, &r) == SN_OK) {
    double err = 0;
    for (size_t k = 0; k < sizeof ccx / sizeof ccx[0]; k++)
      for (int c = 0; c < 3; c++) err = fmax(err, fabs(node_u(m, &r, ccx[k].id, c) - ccx[k].u[c]));
    printf("cantilever: tip u_z %.7f (CalculiX %.7f), max difference %.2e of 2.78\n", node_u(m, &r, 119, 2),
           ccx[2].u[2], err);
    CHECK(err <= 2e-6 * 2.777613);
  }
  result_free(&r, m);
}

int main(void)
{
  test_block();
  test_block_pressure();
  test_cantilever();
  test_neohooke_cube();
  return sn_check_report();
}
