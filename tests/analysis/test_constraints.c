/* Kinematic constraints (*EQUATION, *TIE, *TRANSFORM; master-slave elimination, src/fem/
 * dofmap.c) against closed-form answers, through decks written here as text:
 *  (a) two bars joined by *EQUATION u3 = u2 (coincident end nodes): the series stiffness
 *      EA / (L1 + L2), tip displacement P (L1 + L2) / (EA), reaction -P, and the constraint
 *      force +-P carried by the joined nodes (statics of the free bodies);
 *  (b) an inclined roller at 30 degrees at the end of a bar (axial stiffness k = EA / L), by
 *      *EQUATION (n . u = 0) and by *TRANSFORM (local y' = n prescribed): the node moves along
 *      t by s = (P . t) / (k c^2), c = t_x (minimum of 1/2 k (s c)^2 - s P . t), and the support
 *      force is normal to the roller; a *CLOAD in the local frame acts along t;
 *  (c) *TIE between non-matching meshes of a bar in tension (C3D8 2x2x2 master, 4x4x4 slave:
 *      hanging slave nodes on the master faces): the patch test, uniform stress E eps to 1e-10
 *      and the linear field u = (eps x, -nu eps y, -nu eps z) at every node. (Node-to-face ties,
 *      CalculiX' and these, pass it when the slave mesh refines the master one: the slave
 *      forces of a uniform stress, spread on the master nodes by N_a, are then the master's
 *      consistent forces. With 3x3 slave faces on 2x2 master ones they are not: docs/deck.md.)
 *  (d) *TIE and contact together: three stacked blocks (a foundation, a block on it in
 *      frictionless contact, a block tied to that one with a different mesh) under a uniform
 *      pressure p: uniaxial stress -p everywhere and top settlement 3 p / E (LAGRANGE and
 *      AUGMENTED, exact in both; PENALTY within 1e-3);
 *  (e) cylindrical *TRANSFORM: a quarter ring (plane strain) whose nodes all get u_r = delta,
 *      u_theta = 0 (displacements delta e_r exactly); then the inner face alone at u_r = delta,
 *      sides u_theta = 0 in the cylindrical frame, outer face free: Lame's u_r(b) (Timoshenko &
 *      Goodier sec. 28 in plane strain), within the discretisation error of C3D20 elements;
 *  (e') cyclic symmetry (*TIE, CYCLIC SYMMETRY; *CYCLIC SYMMETRY MODEL, N=4) on the same quarter
 *      ring instead of the side conditions: Lame under internal pressure (global frames), and
 *      with u_r(a) given in cylindrical frames; no tangential displacement anywhere;
 *  (f) errors with the deck line: a dependent dof in two equations, a *BOUNDARY on a dependent
 *      dof, a cycle of dependents, a *TIE slave node that does not project; a *DYNAMIC step
 *      with an equation passes sn_dynamic_check (run: tests/analysis/test_dyn_fe_equation.c). */
#include "fe_deck.h"
#include "signorini/analysis.h"
#include "signorini/io.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const double PI = 3.14159265358979323846;

/* the deck buffer and the run of tests/fe_deck.h, by this file's names */
typedef fd_buf buf;
typedef fd_result result;
#define bp fd_print
static int run(buf *deck, const char *name, result *r, char *msg, size_t msglen)
{
  return fd_run_msg(deck, name, r, 1e-11, msg, msglen);
}
static void result_free(result *r) { fd_free(r); }

static int run_ok(buf *deck, const char *name, result *r)
{
  char msg[512];
  int st = run(deck, name, r, msg, sizeof msg);
  if (st) fprintf(stderr, "%s: %s\n", name, msg);
  CHECK_INT(st, SN_OK);
  return st;
}

static double U(const result *r, int id, int c) { return r->u[r->m->ndf * sn_model_node_index(r->m, id) + c]; }
static double RF(const result *r, int id, int c) { return r->rf[r->m->ndf * sn_model_node_index(r->m, id) + c]; }

/* ==== (a) two bars joined by an equation ================================================= */
static void bars_joined(void)
{
  const double E = 100.0, A = 2.0, P = 10.0;   /* L1 = 1, L2 = 1.5 */
  buf d = {0};
  bp(&d, "*NODE\n1, 0, 0\n2, 1, 0\n3, 1, 0\n4, 2.5, 0\n*ELEMENT, TYPE=T2D2, ELSET=BAR\n1, 1, 2\n2, 3, 4\n");
  bp(&d, "*MATERIAL, NAME=M\n*ELASTIC\n%g, 0.3\n*SOLID SECTION, ELSET=BAR, MATERIAL=M\n%g\n", E, A);
  bp(&d, "*EQUATION\n2\n3, 1, 1., 2, 1, -1.\n*EQUATION\n2\n3, 2, 2., 2, 2, -2.\n");
  bp(&d, "*BOUNDARY\n1, 1, 2\n2, 2\n4, 2\n*STEP\n*STATIC\n*CLOAD\n4, 1, %g\n*END STEP\n", P);
  result r;
  if (run_ok(&d, "bars_joined", &r)) { result_free(&r); return; }
  CHECK_CLOSE(U(&r, 4, 0), P * 2.5 / (E * A), 1e-12, 0);       /* series stiffness */
  CHECK_CLOSE(U(&r, 2, 0), P * 1.0 / (E * A), 1e-12, 0);
  CHECK_CLOSE(U(&r, 3, 0), U(&r, 2, 0), 1e-14, 0);
  CHECK_CLOSE(RF(&r, 1, 0), -P, 1e-12, 0);
  CHECK_CLOSE(RF(&r, 2, 0), P, 1e-12, 0);                        /* bar 1 pulled by the joint */
  CHECK_CLOSE(RF(&r, 3, 0), -P, 1e-12, 0);                       /* bar 2 held by it */
  result_free(&r);
}

/* ==== (b) inclined roller =============================================================== */
/* how 0: *EQUATION, loads (P1, P2) global; how 1: *TRANSFORM, loads (P1, P2) in the local frame */
static void roller(int how, double P1, double P2)
{
  const double E = 100.0, A = 2.0, th = PI / 6, c = cos(th), sn = sin(th), k = E * A / 1.0;
  buf d = {0};
  bp(&d, "*NODE\n1, 0, 0\n2, 1, 0\n*NSET, NSET=TIP\n2\n*ELEMENT, TYPE=T2D2, ELSET=BAR\n1, 1, 2\n");
  bp(&d, "*MATERIAL, NAME=M\n*ELASTIC\n%g, 0.3\n*SOLID SECTION, ELSET=BAR, MATERIAL=M\n%g\n", E, A);
  if (how == 0) bp(&d, "*EQUATION\n2\n2, 2, %.17g, 2, 1, %.17g\n*BOUNDARY\n1, 1, 2\n", c, -sn);   /* n . u = 0 */
  else bp(&d, "*TRANSFORM, NSET=TIP\n%.17g, %.17g, 0, %.17g, %.17g, 0\n*BOUNDARY\n1, 1, 2\n2, 2\n", c, sn, -sn, c);
  bp(&d, "*STEP\n*STATIC\n*CLOAD\n2, 1, %g\n2, 2, %g\n*END STEP\n", P1, P2);
  result r;
  if (run_ok(&d, how == 0 ? "roller_equation" : "roller_transform", &r)) {
    result_free(&r);
    return;
  }
  /* the load in global components, its component along the roller */
  double fx = how == 0 ? P1 : P1 * c - P2 * sn, fy = how == 0 ? P2 : P1 * sn + P2 * c;
  double Pt = fx * c + fy * sn, s = Pt / (k * c * c);
  CHECK_CLOSE(U(&r, 2, 0), s * c, 1e-12, 0);
  CHECK_CLOSE(U(&r, 2, 1), s * sn, 1e-12, 0);
  /* the support force (f_int - f_ext at the node) is normal to the roller */
  double rx = RF(&r, 2, 0), ry = RF(&r, 2, 1);
  double N = k * s * c;
  CHECK_CLOSE(rx, N - fx, 1e-12, 1e-12 * fabs(N));
  CHECK_CLOSE(ry, -fy, 1e-12, 1e-12 * fabs(N));
  CHECK_CLOSE(rx * c + ry * sn, 0.0, 0, 1e-12 * fabs(N));
  result_free(&r);
}

/* ==== hexahedral blocks ================================================================= */
/* nodes and C3D8 elements of the box [x0, x0 + lx] x [y0, y0 + ly] x [z0, z0 + lz] split n^3,
 * ids from nid / eid; element set ESET */
static void box(buf *d, int nid, int eid, double x0, double y0, double z0, double lx, double ly, double lz, int nx, int ny,
                int nz, const char *eset)
{
  bp(d, "*NODE\n");
  for (int k = 0; k <= nz; k++)
    for (int j = 0; j <= ny; j++)
      for (int i = 0; i <= nx; i++)
        bp(d, "%d, %.17g, %.17g, %.17g\n", nid + i + (nx + 1) * (j + (ny + 1) * k), x0 + lx * i / nx, y0 + ly * j / ny,
           z0 + lz * k / nz);
  bp(d, "*ELEMENT, TYPE=C3D8, ELSET=%s\n", eset);
#define NID(i, j, k) (nid + (i) + (nx + 1) * ((j) + (ny + 1) * (k)))
  for (int k = 0; k < nz; k++)
    for (int j = 0; j < ny; j++)
      for (int i = 0; i < nx; i++)
        bp(d, "%d, %d, %d, %d, %d, %d, %d, %d, %d\n", eid + i + nx * (j + ny * k), NID(i, j, k), NID(i + 1, j, k),
           NID(i + 1, j + 1, k), NID(i, j + 1, k), NID(i, j, k + 1), NID(i + 1, j, k + 1), NID(i + 1, j + 1, k + 1),
           NID(i, j + 1, k + 1));
#undef NID
}

/* an element surface NAME: the faces of the elements of the box that lie on side (S1 z-, S2 z+,
 * S4 x+, S6 x-) */
static void box_surface(buf *d, const char *name, int eid, int nx, int ny, int nz, int face)
{
  bp(d, "*SURFACE, NAME=%s\n", name);
  for (int k = 0; k < nz; k++)
    for (int j = 0; j < ny; j++)
      for (int i = 0; i < nx; i++) {
        int on = (face == 1 && k == 0) || (face == 2 && k == nz - 1) || (face == 4 && i == nx - 1) || (face == 6 && i == 0);
        if (on) bp(d, "%d, S%d\n", eid + i + nx * (j + ny * k), face);
      }
}

/* ==== (c) tie patch test ================================================================ */
static void tie_patch(int node_surface)
{
  const double E = 1000.0, nu = 0.3, eps = 0.005;
  const int fine_slave = 1, nb = 4;
  buf d = {0};
  box(&d, 1, 1, 0, 0, 0, 1, 1, 1, 2, 2, 2, "A");
  box(&d, 1001, 1001, 1, 0, 0, 1, 1, 1, nb, nb, nb, "B");
  bp(&d, "*ELSET, ELSET=ALL\nA, B\n");
  bp(&d, "*MATERIAL, NAME=M\n*ELASTIC\n%g, %g\n*SOLID SECTION, ELSET=ALL, MATERIAL=M\n", E, nu);
  box_surface(&d, "AX", 1, 2, 2, 2, 4);
  if (node_surface) {                          /* the slave surface as nodes */
    bp(&d, "*SURFACE, NAME=BX, TYPE=NODE\n");
    for (int j = 0; j <= nb; j++)
      for (int k = 0; k <= nb; k++) bp(&d, "%d\n", 1001 + (nb + 1) * (j + (nb + 1) * k));
  } else
    box_surface(&d, "BX", 1001, nb, nb, nb, 6);
  bp(&d, "*TIE, NAME=GLUE\nBX, AX\n");
  bp(&d, "*STEP\n*STATIC\n*BOUNDARY\n");
  /* u_x = 0 at x = 0, u_x = 2 eps at x = 2; symmetry planes y = 0, z = 0 */
  for (int j = 0; j <= 2; j++)
    for (int k = 0; k <= 2; k++) bp(&d, "%d, 1, 1, 0\n", 1 + 3 * (j + 3 * k));
  for (int j = 0; j <= nb; j++)
    for (int k = 0; k <= nb; k++) bp(&d, "%d, 1, 1, %.17g\n", 1001 + nb + (nb + 1) * (j + (nb + 1) * k), 2 * eps);
  for (int i = 0; i <= 2 - !fine_slave; i++)
    for (int k = 0; k <= 2; k++) bp(&d, "%d, 2, 2, 0\n", 1 + i + 3 * 3 * k);
  for (int i = 0; i <= 2 - !fine_slave; i++)
    for (int j = 0; j <= 2; j++) bp(&d, "%d, 3, 3, 0\n", 1 + i + 3 * j);
  /* (the slave side's nodes on the interface follow their master face: no *BOUNDARY there) */
  for (int i = fine_slave; i <= nb; i++)
    for (int k = 0; k <= nb; k++) bp(&d, "%d, 2, 2, 0\n", 1001 + i + (nb + 1) * (nb + 1) * k);
  for (int i = fine_slave; i <= nb; i++)
    for (int j = 0; j <= nb; j++) bp(&d, "%d, 3, 3, 0\n", 1001 + i + (nb + 1) * j);
  bp(&d, "*END STEP\n");
  result r;
  if (run_ok(&d, node_surface ? "tie_patch_nodes" : "tie_patch_faces", &r)) { result_free(&r); return; }
  const sn_model *m = r.m;
  double smax = 0, umax = 0;
  for (int i = 0; i < m->nnodes; i++) {
    const double *x = m->x + 3 * i, *s = r.snode + 6 * i, *u = r.u + 3 * i;
    double ue[3] = {eps * x[0], -nu * eps * x[1], -nu * eps * x[2]};
    for (int c = 0; c < 3; c++) umax = fmax(umax, fabs(u[c] - ue[c]));
    smax = fmax(smax, fabs(s[0] - E * eps));
    for (int c = 1; c < 6; c++) smax = fmax(smax, fabs(s[c]));
  }
  CHECK(smax <= 1e-10 * E * eps);
  CHECK(umax <= 1e-10 * eps);
  if (!(smax <= 1e-10 * E * eps)) fprintf(stderr, "tie patch: stress error %.3g of %.3g\n", smax, E * eps);
  result_free(&r);
}

/* ==== (d) tie with contact ============================================================= */
static void tie_contact(const char *treatment)
{
  const double E = 1000.0, nu = 0.25, p = 2.0;
  buf d = {0};
  box(&d, 1, 1, 0, 0, 0, 1, 1, 1, 2, 2, 1, "F");          /* foundation */
  box(&d, 101, 101, 0, 0, 1, 1, 1, 1, 2, 2, 1, "A");      /* in contact with it */
  box(&d, 201, 201, 0, 0, 2, 1, 1, 1, 4, 4, 2, "B");      /* tied on A */
  bp(&d, "*ELSET, ELSET=ALL\nF, A, B\n");
  bp(&d, "*MATERIAL, NAME=M\n*ELASTIC\n%g, %g\n*SOLID SECTION, ELSET=ALL, MATERIAL=M\n", E, nu);
  box_surface(&d, "FTOP", 1, 2, 2, 1, 2);
  box_surface(&d, "ABOT", 101, 2, 2, 1, 1);
  box_surface(&d, "ATOP", 101, 2, 2, 1, 2);
  box_surface(&d, "BBOT", 201, 4, 4, 2, 1);
  bp(&d, "*TIE, NAME=T\nBBOT, ATOP\n");
  bp(&d, "*SURFACE INTERACTION, NAME=I\n*SURFACE BEHAVIOR, PRESSURE-OVERCLOSURE=HARD\n");
  bp(&d, "*CONTACT PAIR, INTERACTION=I\nABOT, FTOP\n");
  bp(&d, "*STEP, CONTACT=%s\n*STATIC\n*BOUNDARY\n", treatment);
  for (int i = 0; i <= 2; i++)
    for (int j = 0; j <= 2; j++) bp(&d, "%d, 3, 3, 0\n", 1 + i + 3 * j);   /* foundation base */
  /* symmetry planes x = 0 (u_x = 0) and y = 0 (u_y = 0) of every block */
  int base[3] = {1, 101, 201}, n[3] = {2, 2, 4}, nzb[3] = {1, 1, 2};
  for (int b = 0; b < 3; b++)
    for (int k = b == 2; k <= nzb[b]; k++)             /* B's tied face follows A's */
      for (int t = 0; t <= n[b]; t++) {
        bp(&d, "%d, 1, 1, 0\n", base[b] + (n[b] + 1) * (t + (n[b] + 1) * k));
        bp(&d, "%d, 2, 2, 0\n", base[b] + t + (n[b] + 1) * (n[b] + 1) * k);
      }
  bp(&d, "*DLOAD\n");
  for (int j = 0; j < 4; j++)
    for (int i = 0; i < 4; i++) bp(&d, "%d, P2, %g\n", 201 + i + 4 * (j + 4 * 1), p);
  bp(&d, "*END STEP\n");
  char name[64];
  snprintf(name, sizeof name, "tie_contact_%s", treatment);
  result r;
  if (run_ok(&d, name, &r)) { result_free(&r); return; }
  const sn_model *m = r.m;
  double smax = 0;
  for (int i = 0; i < m->nnodes; i++) {
    const double *s = r.snode + 6 * i;
    smax = fmax(smax, fabs(s[2] + p));
    for (int c = 0; c < 6; c++)
      if (c != 2) smax = fmax(smax, fabs(s[c]));
  }
  /* PENALTY (one stiffness per node, 1000 max K_ii): penetrations uneven by O(1 / k), measured
   * 1.4e-4 of p in the stresses */
  double tol = strcmp(treatment, "PENALTY") ? 1e-8 : 1e-3;
  CHECK(smax <= tol * p);
  if (!(smax <= tol * p)) fprintf(stderr, "%s: stress error %.3g\n", name, smax);
  CHECK_CLOSE(U(&r, 201 + 25 * 2 + 24, 2), -3.0 * p / E, tol, 0);     /* top corner (1, 1, 3) */
  CHECK_CLOSE(U(&r, 201 + 25 * 2 + 24, 0), nu * p / E, tol, 0);      /* lateral expansion at x = 1 */
  result_free(&r);
}

/* ==== (e) cylindrical transform ========================================================= */
/* quarter ring a <= r <= b, 0 <= theta <= 90 deg, 0 <= z <= h, C3D20, nr x nt x 1 */
static void ring(buf *d, double a, double b, double h, int nr, int nt)
{
  /* a structured grid of 2 nr + 1 by 2 nt + 1 by 3 nodes (quadratic: midside nodes on it) */
  int NR = 2 * nr + 1, NT = 2 * nt + 1;
  bp(d, "*NODE, NSET=NALL\n");
  for (int k = 0; k < 3; k++)
    for (int j = 0; j < NT; j++)
      for (int i = 0; i < NR; i++) {
        double r = a + (b - a) * i / (NR - 1), t = 0.5 * PI * j / (NT - 1);
        bp(d, "%d, %.14g, %.14g, %.14g\n", 1 + i + NR * (j + NT * k), r * cos(t), r * sin(t), h * k / 2);
      }
  bp(d, "*ELEMENT, TYPE=C3D20, ELSET=RING\n");
#define G(i, j, k) (1 + (i) + NR * ((j) + NT * (k)))
  for (int j = 0; j < nt; j++)
    for (int i = 0; i < nr; i++) {
      int I = 2 * i, J = 2 * j;
      bp(d, "%d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d,\n%d, %d, %d, %d, %d\n", 1 + i + nr * j,
         G(I, J, 0), G(I + 2, J, 0), G(I + 2, J + 2, 0), G(I, J + 2, 0), G(I, J, 2), G(I + 2, J, 2), G(I + 2, J + 2, 2),
         G(I, J + 2, 2), G(I + 1, J, 0), G(I + 2, J + 1, 0), G(I + 1, J + 2, 0), G(I, J + 1, 0), G(I + 1, J, 2),
         G(I + 2, J + 1, 2), G(I + 1, J + 2, 2), G(I, J + 1, 2), G(I, J, 1), G(I + 2, J, 1), G(I + 2, J + 2, 1),
         G(I, J + 2, 1));
    }
  bp(d, "*NSET, NSET=INNER\n");
  for (int k = 0; k < 3; k++)
    for (int j = 0; j < NT; j++) bp(d, "%d\n", G(0, j, k));
  bp(d, "*NSET, NSET=SIDES\n");
  for (int k = 0; k < 3; k++)
    for (int i = 0; i < NR; i++) bp(d, "%d\n%d\n", G(i, 0, k), G(i, NT - 1, k));
  bp(d, "*NSET, NSET=SIDE0\n");
  for (int k = 0; k < 3; k++)
    for (int i = 0; i < NR; i++) bp(d, "%d\n", G(i, 0, k));
  bp(d, "*NSET, NSET=SIDE1\n");
  for (int k = 0; k < 3; k++)
    for (int i = 0; i < NR; i++) bp(d, "%d\n", G(i, NT - 1, k));
  bp(d, "*ELSET, ELSET=INNERF\n");
  for (int j = 0; j < nt; j++) bp(d, "%d\n", 1 + nr * j);
#undef G
}

static void cylindrical(void)
{
  const double E = 210.0, nu = 0.3, a = 1.0, b = 2.0, h = 0.25, delta = 0.01;
  /* every node u_r = delta, u_theta = u_z = 0: the displacements are delta e_r */
  buf d = {0};
  ring(&d, a, b, h, 2, 3);
  bp(&d, "*MATERIAL, NAME=M\n*ELASTIC\n%g, %g\n*SOLID SECTION, ELSET=RING, MATERIAL=M\n", E, nu);
  bp(&d, "*TRANSFORM, NSET=NALL, TYPE=C\n0, 0, 0, 0, 0, 1\n");
  bp(&d, "*STEP\n*STATIC\n*BOUNDARY\nNALL, 1, 1, %g\nNALL, 2, 3\n*END STEP\n", delta);
  result r;
  if (!run_ok(&d, "cyl_all_radial", &r)) {
    double err = 0;
    for (int i = 0; i < r.m->nnodes; i++) {
      const double *x = r.m->x + 3 * i, *u = r.u + 3 * i, rr = hypot(x[0], x[1]);
      err = fmax(err, fabs(u[0] - delta * x[0] / rr) + fabs(u[1] - delta * x[1] / rr) + fabs(u[2]));
    }
    CHECK(err <= 1e-14);
  }
  result_free(&r);
  /* Lame: u_r = A r + B / r, sigma_r(b) = 0 -> A = (1 - 2 nu) B / b^2; u_r(a) = delta */
  double B = delta / ((1 - 2 * nu) * a / (b * b) + 1 / a), A = (1 - 2 * nu) * B / (b * b), want = A * b + B / b;
  double err[2];
  for (int lev = 0; lev < 2; lev++) {
    d = (buf){0};
    ring(&d, a, b, h, 2 << lev, 3 << lev);
    bp(&d, "*MATERIAL, NAME=M\n*ELASTIC\n%g, %g\n*SOLID SECTION, ELSET=RING, MATERIAL=M\n", E, nu);
    bp(&d, "*TRANSFORM, NSET=NALL, TYPE=C\n0, 0, 0, 0, 0, 1\n");
    bp(&d, "*STEP\n*STATIC\n*BOUNDARY\nINNER, 1, 1, %g\nSIDES, 2, 2\nNALL, 3, 3\n*END STEP\n", delta);
    if (run_ok(&d, "cyl_lame", &r)) { result_free(&r); return; }
    int NR = 2 * (2 << lev) + 1;            /* outer node at theta = 0 and at the middle of the arc */
    int j = 3 << lev, id0 = NR, id1 = NR + NR * j;
    double ur0 = U(&r, id0, 0);
    const double *x1 = r.m->x + 3 * sn_model_node_index(r.m, id1);
    double ur1 = (U(&r, id1, 0) * x1[0] + U(&r, id1, 1) * x1[1]) / hypot(x1[0], x1[1]);
    err[lev] = fmax(fabs(ur0 - want), fabs(ur1 - want)) / want;
    CHECK_CLOSE(U(&r, id0, 1), 0.0, 0, 1e-14);                /* u_theta = 0 on the side */
    result_free(&r);
  }
  /* measured: 3.3e-4 and 1.9e-5 of u_r(b) (C3D20, 2 x 3 and 4 x 6 elements): order ~4 */
  CHECK(err[0] < 5e-4);
  CHECK(err[1] < err[0] / 8);
  printf("Lame u_r(b) relative error: %.3g, %.3g\n", err[0], err[1]);
}

/* ==== (e') cyclic symmetry ============================================================== */
/* the quarter ring as one sector of four (N = 4): the side theta = 0 (slave) turned by 90
 * degrees lands on the side theta = 90 (master), u_s = Q^T u_m. Plane strain (u_z = 0), the
 * rotation about the axis held at one node of the middle of the inner arc (u_theta = 0 there:
 * an *EQUATION, or the local dof 2 of a cylindrical *TRANSFORM). (1) internal pressure p
 * without transforms: Lame's u_r(r) = (1 + nu) p a^2 / (E (b^2 - a^2)) ((1 - 2 nu) r + b^2 / r)
 * (Timoshenko & Goodier sec. 28, eps_z = 0); (2) u_r(a) = delta in cylindrical frames, the
 * outer face free: as in (e). Both within the C3D20 discretisation error measured in (e). */
static void cyclic(int transformed)
{
  const double E = 210.0, nu = 0.3, a = 1.0, b = 2.0, h = 0.25, p = 3.0, delta = 0.01;
  const int nr = 4, nt = 6, NR = 2 * nr + 1, NT = 2 * nt + 1;
  buf d = {0};
  ring(&d, a, b, h, nr, nt);
  bp(&d, "*MATERIAL, NAME=M\n*ELASTIC\n%g, %g\n*SOLID SECTION, ELSET=RING, MATERIAL=M\n", E, nu);
  bp(&d, "*SURFACE, NAME=DEP, TYPE=NODE\nSIDE0\n*SURFACE, NAME=IND, TYPE=NODE\nSIDE1\n");
  bp(&d, "*TIE, NAME=CYC, CYCLIC SYMMETRY\nDEP, IND\n*CYCLIC SYMMETRY MODEL, N=4, NGRAPH=4, TIE=CYC\n0, 0, 0, 0, 0, 1\n");
  int mid = 1 + NR * nt;                       /* inner node at 45 degrees, z = 0 */
  if (transformed) {
    bp(&d, "*TRANSFORM, NSET=NALL, TYPE=C\n0, 0, 0, 0, 0, 1\n");
    bp(&d, "*STEP\n*STATIC\n*BOUNDARY\nINNER, 1, 1, %g\nNALL, 3, 3\n%d, 2, 2\n*END STEP\n", delta, mid);
  } else {
    bp(&d, "*EQUATION\n2\n%d, 2, %.17g, %d, 1, %.17g\n", mid, cos(PI / 4), mid, -sin(PI / 4));
    bp(&d, "*STEP\n*STATIC\n*BOUNDARY\nNALL, 3, 3\n*DLOAD\nINNERF, P6, %g\n*END STEP\n", p);
  }
  result r;
  if (run_ok(&d, transformed ? "cyclic_transform" : "cyclic_pressure", &r)) { result_free(&r); return; }
  double B = delta / ((1 - 2 * nu) * a / (b * b) + 1 / a), A = (1 - 2 * nu) * B / (b * b);
  double err = 0, scale = 0, terr = 0;
  for (int j = 0; j < NT; j++) {               /* every node of the outer and inner arcs */
    for (int side = 0; side < 2; side++) {
      int id = 1 + (side ? NR - 1 : 0) + NR * j;
      const double *x = r.m->x + 3 * sn_model_node_index(r.m, id);
      double rr = hypot(x[0], x[1]), ux = U(&r, id, 0), uy = U(&r, id, 1);
      double ur = (ux * x[0] + uy * x[1]) / rr, ut = (-ux * x[1] + uy * x[0]) / rr;
      double want = transformed ? A * rr + B / rr : (1 + nu) * p * a * a / (E * (b * b - a * a)) * ((1 - 2 * nu) * rr + b * b / rr);
      err = fmax(err, fabs(ur - want));
      scale = fmax(scale, fabs(want));
      terr = fmax(terr, fabs(ut));
    }
  }
  printf("cyclic %s: u_r error %.3g of %.3g, u_theta %.3g\n", transformed ? "transform" : "pressure", err, scale, terr);
  CHECK(err <= 1e-4 * scale);                  /* measured: 7.9e-5 (pressure), 1.2e-5 (u_r(a) given) */
  CHECK(terr <= 1e-12 * scale);                /* axisymmetric: no tangential displacement */
  result_free(&r);
}

/* ==== (f) errors ======================================================================== */
static void expect_error(buf *d, const char *name, const char *want)
{
  result r;
  char msg[512] = "";
  int st = run(d, name, &r, msg, sizeof msg);
  CHECK(st != SN_OK);
  CHECK(strstr(msg, want) != NULL);
  if (!strstr(msg, want)) fprintf(stderr, "%s: message '%s' lacks '%s'\n", name, msg, want);
  result_free(&r);
}

static void errors(void)
{
  const char *mesh = "*NODE\n1, 0, 0\n2, 1, 0\n3, 1, 0\n4, 2, 0\n*ELEMENT, TYPE=T2D2, ELSET=BAR\n1, 1, 2\n2, 3, 4\n"
                     "*MATERIAL, NAME=M\n*ELASTIC\n100, 0.3\n*SOLID SECTION, ELSET=BAR, MATERIAL=M\n1\n";
  buf d = {0};
  bp(&d, "%s*EQUATION\n2\n3, 1, 1., 2, 1, -1.\n2\n3, 1, 1., 4, 1, -1.\n", mesh);   /* lines 11 and 13 */
  bp(&d, "*BOUNDARY\n1, 1, 2\n*STEP\n*STATIC\n*CLOAD\n4, 1, 1\n*END STEP\n");
  expect_error(&d, "dep_twice", "line 17: degree of freedom 1 of node 3 is the dependent term of two equations (the other: line 15)");
  d = (buf){0};
  bp(&d, "%s*EQUATION\n2\n3, 1, 1., 2, 1, -1.\n*BOUNDARY\n1, 1, 2\n3, 1\n*STEP\n*STATIC\n*END STEP\n", mesh);
  expect_error(&d, "dep_boundary", "line 19: *BOUNDARY on degree of freedom 1 of node 3, the dependent term of the equation of line 15");
  d = (buf){0};
  bp(&d, "%s*EQUATION\n2\n3, 1, 1., 2, 1, -1.\n2\n2, 1, 1., 3, 1, -1.\n*STEP\n*STATIC\n*END STEP\n", mesh);
  expect_error(&d, "dep_cycle", "form a cycle");
  d = (buf){0};
  box(&d, 1, 1, 0, 0, 0, 1, 1, 1, 1, 1, 1, "A");
  box(&d, 101, 101, 1.1, 0, 0, 1, 1, 1, 1, 1, 1, "B");    /* a gap of 0.1: beyond the default tolerance */
  bp(&d, "*ELSET, ELSET=ALL\nA, B\n*MATERIAL, NAME=M\n*ELASTIC\n100, 0.3\n*SOLID SECTION, ELSET=ALL, MATERIAL=M\n");
  box_surface(&d, "AX", 1, 1, 1, 1, 4);
  box_surface(&d, "BX", 101, 1, 1, 1, 6);
  bp(&d, "*TIE, NAME=GLUE\nBX, AX\n*STEP\n*STATIC\n*END STEP\n");    /* line 33 */
  expect_error(&d, "tie_far", "tie_far:33: *TIE GLUE: slave node 101 does not project onto the master surface 'AX'");
  /* a *DYNAMIC step with an equation: accepted by the dynamic analysis' check */
  d = (buf){0};
  bp(&d, "*NODE\n1, 0, 0\n2, 1, 0\n3, 1, 0\n4, 2, 0\n*ELEMENT, TYPE=T2D2, ELSET=BAR\n1, 1, 2\n2, 3, 4\n"
         "*MATERIAL, NAME=M\n*ELASTIC\n100, 0.3\n*DENSITY\n1\n*SOLID SECTION, ELSET=BAR, MATERIAL=M\n1\n"
         "*EQUATION\n2\n3, 1, 1., 2, 1, -1.\n*STEP\n*DYNAMIC\n0.1, 1\n*END STEP\n");
  sn_model *m = NULL;
  char msg[512] = "";
  CHECK_INT(sn_inp_parse(d.s, d.n, "dyn", NULL, &m, msg, sizeof msg), SN_OK);
  free(d.s);
  if (m) {
    CHECK_INT(sn_dynamic_check(m, msg, sizeof msg), SN_OK);
    if (msg[0]) fprintf(stderr, "dyn: '%s'\n", msg);
  }
  sn_model_free(m);
}

int main(void)
{
  bars_joined();
  roller(0, 10.0, 3.0);
  roller(1, 10.0, 3.0);
  roller(1, 7.0, 0.0);
  tie_patch(1);
  tie_patch(0);
  tie_contact("LAGRANGE");
  tie_contact("AUGMENTED");
  tie_contact("PENALTY");
  cylindrical();
  cyclic(0);
  cyclic(1);
  errors();
  return sn_check_report();
}
