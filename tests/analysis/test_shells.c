/* Shells (S8, S8R) and beams (B32, B32R) expanded into bricks as CalculiX does (src/deck/
 * inp_structural.c), through decks written here as text, against closed forms and CalculiX:
 *  (a) cantilever plate strip (L = 10, width 1, t = 0.2, nu = 0, 10 x 2 elements), clamped by
 *      *BOUNDARY 1-5 on the root nodes, tip line load P: Euler-Bernoulli P L^3 / (3 E I) plus
 *      Timoshenko's shear term P L / (k G A), k = 5/6. S8R within 2e-4 (measured: -4e-5), S8
 *      (full integration, slightly locked) within 4e-3 (measured -1.8e-3). CalculiX 2.20 on the
 *      same deck gives 2.381429 (S8R) and 2.377177 (S8): equal here to 1e-6. Root reactions
 *      sum to P.
 *  (b) simply supported strip one S8R wide (the case where a single layer of C3D20R without the
 *      corner mid-node tie has a zero-energy mode): centre deflection P L^3 / (48 E I) +
 *      P L / (4 k G A) within 1e-3, CalculiX 2.20's 0.1489286 within 1e-6; the original
 *      midside node reports the mean of its top and bottom nodes.
 *  (c) simply supported B32R beam (L = 10, RECT 0.3 along n1 = -z, 0.2 along y; twist held by
 *      *BOUNDARY 4 at one end), mid load: P L^3 / (48 E I) + shear within 1e-3, CalculiX
 *      2.20's 0.2208586 within 1e-4 (measured 1.4e-5), reactions P / 2. The same with B32 and
 *      a CIRC section (r = 0.1; shear factor 6/7): +1.4 % (the brick's quadratic faces through 8
 *      points of the circle hold 2.3 % less I, integrated numerically), checked to 0.5 %.
 *  (d) OFFSET=0.5 (nodes on the top surface): the expanded nodes lie at the node and t below;
 *      the cantilever of (a) bends the same (the load acts at the reference surface).
 *  (e) a shell pressed on a block through contact (SNEG face on the block's top, frictionless):
 *      the base reactions carry the load P, the shell's knots none in z.
 *  (f) bad input: deck:line messages.
 *  (g) the cantilever of (a) in a *DYNAMIC step (below). */
#include "fe_deck.h"
#include "signorini/analysis.h"
#include "signorini/io.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

static double U(const result *r, int id, int c) { return r->u[3 * sn_model_node_index(r->m, id) + c]; }
static double RF(const result *r, int id, int c) { return r->rf[3 * sn_model_node_index(r->m, id) + c]; }

static const double E = 210000.0, L = 10.0;

/* plate strip L x W, thickness t, nx x ny elements of type et; node (i, j) of the grid of
 * midside positions gets id 1 + i (2 ny + 1) + j (the centre positions left out) */
static int pid(int ny, int i, int j) { return 1 + i * (2 * ny + 1) + j; }

static void strip_mesh(buf *d, int nx, int ny, double W, const char *et)
{
  bp(d, "*NODE, NSET=NALL\n");
  for (int i = 0; i <= 2 * nx; i++)
    for (int j = 0; j <= 2 * ny; j++)
      if (i % 2 == 0 || j % 2 == 0) bp(d, "%d, %.17g, %.17g, 0\n", pid(ny, i, j), L * i / (2 * nx), W * j / (2 * ny));
  bp(d, "*ELEMENT, TYPE=%s, ELSET=EALL\n", et);
  for (int a = 0, e = 1; a < nx; a++)
    for (int b = 0; b < ny; b++, e++) {
      int i = 2 * a, j = 2 * b;
      bp(d, "%d, %d, %d, %d, %d, %d, %d, %d, %d\n", e, pid(ny, i, j), pid(ny, i + 2, j), pid(ny, i + 2, j + 2), pid(ny, i, j + 2),
         pid(ny, i + 1, j), pid(ny, i + 2, j + 1), pid(ny, i + 1, j + 2), pid(ny, i, j + 1));
    }
}

/* consistent nodes loads of a line load P (total, -z) on the edge i: 1/6, 2/3, 1/6 per element */
static void line_load(buf *d, int ny, int i, double P)
{
  for (int j = 0; j <= 2 * ny; j++) {
    double w = j % 2 ? 2.0 / 3.0 : (j == 0 || j == 2 * ny) ? 1.0 / 6.0 : 1.0 / 3.0;
    bp(d, "%d, 3, %.17g\n", pid(ny, i, j), -w * P / ny);
  }
}

/* (a), (d) */
static void cantilever(const char *et, double offset, double tol, double ccx)
{
  const int nx = 10, ny = 2;
  const double W = 1, t = 0.2, P = 1, I = W * t * t * t / 12, G = E / 2;
  buf d = {0};
  strip_mesh(&d, nx, ny, W, et);
  bp(&d, "*MATERIAL, NAME=STEEL\n*ELASTIC\n%g, 0\n*SHELL SECTION, ELSET=EALL, MATERIAL=STEEL", E);
  if (offset != 0) bp(&d, ", OFFSET=%g", offset);
  bp(&d, "\n%g\n*BOUNDARY\n", t);
  for (int j = 0; j <= 2 * ny; j++) bp(&d, "%d, 1, 5\n", pid(ny, 0, j));
  bp(&d, "*STEP\n*STATIC\n*CLOAD\n");
  line_load(&d, ny, 2 * nx, P);
  bp(&d, "*END STEP\n");
  result r;
  if (run_ok(&d, et, &r)) { result_free(&r); return; }
  double want = P * L * L * L / (3 * E * I) + P * L / (5.0 / 6.0 * G * W * t);
  for (int j = 0; j <= 2 * ny; j++) {
    CHECK_CLOSE(-U(&r, pid(ny, 2 * nx, j), 2), want, tol, 0);
    if (ccx > 0) CHECK_CLOSE(-U(&r, pid(ny, 2 * nx, j), 2), ccx, 1e-6, 0);
  }
  double sum = 0;
  for (int j = 0; j <= 2 * ny; j++) sum += RF(&r, pid(ny, 0, j), 2);
  CHECK_CLOSE(sum, P, 1e-8, 0);
  if (offset != 0) {   /* the expanded nodes of node 1: bottom, top, mid */
    int k = 0;
    while (k < r.m->nknots && r.m->node_id[r.m->knot_node[k]] != 1) k++;
    CHECK(k < r.m->nknots);
    if (k < r.m->nknots) {
      const int *mb = r.m->knot_members + r.m->knot_ptr[k];
      CHECK_CLOSE(r.m->x[3 * mb[0] + 2], -t, 0, 1e-14);
      CHECK_CLOSE(r.m->x[3 * mb[1] + 2], 0, 0, 1e-14);
      CHECK_CLOSE(r.m->x[3 * mb[2] + 2], -t / 2, 0, 1e-14);
    }
  }
  result_free(&r);
}

/* (b) */
static void strip_ss(void)
{
  const int nx = 10, ny = 1;
  const double W = 1, t = 0.2, P = 1, I = W * t * t * t / 12, G = E / 2;
  buf d = {0};
  strip_mesh(&d, nx, ny, W, "S8R");
  bp(&d, "*MATERIAL, NAME=STEEL\n*ELASTIC\n%g, 0\n*SHELL SECTION, ELSET=EALL, MATERIAL=STEEL\n%g\n*BOUNDARY\n", E, t);
  for (int j = 0; j <= 2; j++) bp(&d, "%d, 1, 1\n%d, 3, 3\n%d, 3, 3\n", pid(ny, 0, j), pid(ny, 0, j), pid(ny, 2 * nx, j));
  bp(&d, "%d, 2, 2\n*STEP\n*STATIC\n*CLOAD\n", pid(ny, 0, 0));
  line_load(&d, ny, nx, P);
  bp(&d, "*END STEP\n");
  result r;
  if (run_ok(&d, "strip", &r)) { result_free(&r); return; }
  double want = P * L * L * L / (48 * E * I) + P * L / (4 * 5.0 / 6.0 * G * W * t);
  int mid = pid(ny, nx, 1);
  CHECK_CLOSE(-U(&r, mid, 2), want, 1e-3, 0);
  CHECK_CLOSE(-U(&r, mid, 2), 0.1489286, 1e-6, 0);   /* ccx 2.20, same deck */
  /* the midside node reports the mean of its bottom and top nodes */
  for (int k = 0; k < r.m->nknots; k++)
    if (r.m->knot_node[k] == sn_model_node_index(r.m, mid)) {
      const int *mb = r.m->knot_members + r.m->knot_ptr[k];
      CHECK_INT(r.m->knot_ptr[k + 1] - r.m->knot_ptr[k], 2);
      for (int c = 0; c < 3; c++)
        CHECK_CLOSE(U(&r, mid, c), 0.5 * (r.u[3 * mb[0] + c] + r.u[3 * mb[1] + c]), 0, 1e-12);
    }
  result_free(&r);
}

/* (c); circ: SECTION=CIRC of radius 0.3 instead */
static void beam_ss(int circ)
{
  const int ne = 10;
  const double PI = 3.14159265358979323846;
  const double a = circ ? 0.1 : 0.3, b = 0.2, P = 1, G = E / 2;
  double I = circ ? PI * a * a * a * a / 4 : b * a * a * a / 12, A = circ ? PI * a * a : a * b, k = circ ? 6.0 / 7.0 : 5.0 / 6.0;
  buf d = {0};
  bp(&d, "*NODE, NSET=NALL\n");
  for (int i = 0; i <= 2 * ne; i++) bp(&d, "%d, %.17g, 0, 0\n", i + 1, L * i / (2 * ne));
  bp(&d, "*ELEMENT, TYPE=%s, ELSET=EB\n", circ ? "B32" : "B32R");
  for (int e = 0; e < ne; e++) bp(&d, "%d, %d, %d, %d\n", e + 1, 2 * e + 1, 2 * e + 2, 2 * e + 3);
  if (circ) bp(&d, "*MATERIAL, NAME=STEEL\n*ELASTIC\n%g, 0\n*BEAM SECTION, ELSET=EB, MATERIAL=STEEL, SECTION=CIRC\n%g\n0, 0, -1\n", E, a);
  else bp(&d, "*MATERIAL, NAME=STEEL\n*ELASTIC\n%g, 0\n*BEAM SECTION, ELSET=EB, MATERIAL=STEEL, SECTION=RECT\n%g, %g\n0, 0, -1\n", E, a, b);
  bp(&d, "*BOUNDARY\n1, 1, 4\n%d, 2, 3\n*STEP\n*STATIC\n*CLOAD\n%d, 3, %g\n*END STEP\n", 2 * ne + 1, ne + 1, -P);
  result r;
  if (run_ok(&d, "beam", &r)) { result_free(&r); return; }
  double want = P * L * L * L / (48 * E * I) + P * L / (4 * k * G * A);
  if (circ)   /* the bricks' quadratic faces through 8 points of the circle hold 2.3 % less
               * I (integrated numerically): measured +1.4 % */
    CHECK_CLOSE(-U(&r, ne + 1, 2), want * 1.014, 5e-3, 0);
  else {
    CHECK_CLOSE(-U(&r, ne + 1, 2), want, 1e-3, 0);
    CHECK_CLOSE(-U(&r, ne + 1, 2), 0.2208586, 1e-4, 0);   /* ccx 2.20, same deck */
  }
  CHECK_CLOSE(RF(&r, 1, 2), P / 2, 1e-8, 0);
  CHECK_CLOSE(RF(&r, 2 * ne + 1, 2), P / 2, 1e-8, 0);
  result_free(&r);
}

/* (e) */
static void pressed(void)
{
  const double P = 10;
  buf d = {0};
  bp(&d, "*NODE\n1, 0, 0, 0\n2, 1, 0, 0\n3, 1, 1, 0\n4, 0, 1, 0\n5, 0, 0, 1\n6, 1, 0, 1\n7, 1, 1, 1\n8, 0, 1, 1\n");
  bp(&d, "*ELEMENT, TYPE=C3D8, ELSET=BLOCK\n1, 1, 2, 3, 4, 5, 6, 7, 8\n*NODE, NSET=SN\n101, 0, 0, 1.1\n102, 0.5, 0, 1.1\n");
  bp(&d, "103, 1, 0, 1.1\n104, 0, 0.5, 1.1\n105, 1, 0.5, 1.1\n106, 0, 1, 1.1\n107, 0.5, 1, 1.1\n108, 1, 1, 1.1\n");
  bp(&d, "*ELEMENT, TYPE=S8R, ELSET=SHELL\n2, 101, 103, 108, 106, 102, 105, 107, 104\n*NSET, NSET=BASE\n1, 2, 3, 4\n");
  bp(&d, "*MATERIAL, NAME=STEEL\n*ELASTIC\n%g, 0.3\n*SOLID SECTION, ELSET=BLOCK, MATERIAL=STEEL\n", E);
  bp(&d, "*SHELL SECTION, ELSET=SHELL, MATERIAL=STEEL\n0.2\n*SURFACE, NAME=SLAVE\nSHELL, SNEG\n*SURFACE, NAME=MASTER\nBLOCK, S2\n");
  bp(&d, "*SURFACE INTERACTION, NAME=SI\n*SURFACE BEHAVIOR, PRESSURE-OVERCLOSURE=HARD\n");
  bp(&d, "*CONTACT PAIR, INTERACTION=SI, TYPE=NODE TO SURFACE\nSLAVE, MASTER\n*BOUNDARY\nBASE, 1, 3\nSN, 1, 2\n*STEP\n*STATIC\n*CLOAD\n");
  for (int k = 101; k <= 108; k++) bp(&d, "%d, 3, %g\n", k, -P / 8);
  bp(&d, "*END STEP\n");
  result r;
  if (run_ok(&d, "pressed", &r)) { result_free(&r); return; }
  double base = 0;
  for (int k = 1; k <= 4; k++) base += RF(&r, k, 2);
  CHECK_CLOSE(base, P, 1e-8, 0);
  for (int k = 101; k <= 108; k++) {
    CHECK_CLOSE(RF(&r, k, 2), 0, 0, 1e-8);
    CHECK(U(&r, k, 2) < 0);
  }
  /* the expanded nodes numbered as ccx 2.20 numbers them (contact10's .frd): three numbers per
   * shell node in node order after the largest id, one side, the middle, the other side; a
   * midside node has no middle node (101 -> 109, 110, 111; 102 -> 112, 114) */
  int mid = sn_model_node_index(r.m, 110), s1 = sn_model_node_index(r.m, 109), s2 = sn_model_node_index(r.m, 111);
  CHECK(mid >= 0 && s1 >= 0 && s2 >= 0);
  if (mid >= 0 && s1 >= 0 && s2 >= 0) {
    CHECK_CLOSE(r.m->x[3 * mid + 2], 1.1, 1e-12, 0);
    CHECK_CLOSE(fabs(r.m->x[3 * s1 + 2] - 1.1), 0.1, 1e-12, 0);
    CHECK_CLOSE(r.m->x[3 * s1 + 2] + r.m->x[3 * s2 + 2], 2.2, 1e-12, 0);
  }
  CHECK(sn_model_node_index(r.m, 113) < 0);
  CHECK(sn_model_node_index(r.m, 112) >= 0 && sn_model_node_index(r.m, 114) >= 0);
  CHECK(sn_model_node_index(r.m, 132) >= 0 && sn_model_node_index(r.m, 133) < 0);
  result_free(&r);
}

/* the expanded beam nodes numbered as ccx 2.20 numbers them: a B32R along the diagonal (nodes
 * 12, 17, 16 at z = 1), RECT 0.2 x 0.2, OFFSET1 = 0.5, 1-direction (0, 0, -1); ccx 2.20's .frd of
 * such a beam numbers node 12's points 18..25 (coordinates below, from that .frd) */
static void beam_numbers(void)
{
  buf d = {0};
  bp(&d, "*NODE\n12, 0.570711, 0.429289, 1\n16, 0.429289, 0.570711, 1\n17, 0.5, 0.5, 1\n");
  bp(&d, "*ELEMENT, TYPE=B32R, ELSET=EB\n2, 16, 17, 12\n*MATERIAL, NAME=M\n*ELASTIC\n1000, 0.3\n");
  bp(&d, "*BEAM SECTION, ELSET=EB, MATERIAL=M, OFFSET1=0.5, SECTION=RECT\n.2, .2\n0., 0., -1.\n");
  sn_model *m = NULL;
  char msg[512];
  int st = sn_inp_parse(d.s, d.n, "beam_numbers", NULL, &m, msg, sizeof msg);
  free(d.s);
  CHECK_INT(st, SN_OK);
  if (st) { fprintf(stderr, "%s\n", msg); return; }
  const double want[8][3] = {{0.641422, 0.5, 1.2}, {0.5, 0.358578, 1.2}, {0.5, 0.358578, 1.0}, {0.641422, 0.5, 1.0},
                             {0.570711, 0.429289, 1.2}, {0.5, 0.358578, 1.1}, {0.570711, 0.429289, 1.0}, {0.641422, 0.5, 1.1}};
  for (int k = 0; k < 8; k++) {
    int i = sn_model_node_index(m, 18 + k);
    CHECK(i >= 0);
    for (int c = 0; c < 3 && i >= 0; c++) CHECK_CLOSE(m->x[3 * i + c], want[k][c], 0, 2e-6);
  }
  sn_model_free(m);
}

/* (f) */
static void bad(const char *name, const char *body, const char *want)
{
  buf d = {0};
  bp(&d, "*NODE\n1, 0, 0, 0\n2, 1, 0, 0\n3, 1, 1, 0\n4, 0, 1, 0\n5, .5, 0, 0\n6, 1, .5, 0\n7, .5, 1, 0\n8, 0, .5, 0\n");
  bp(&d, "9, 0, 0, 1\n10, 1, 0, 1\n11, 1, 1, 1\n12, 0, 1, 1\n");
  bp(&d, "*ELEMENT, TYPE=S8R, ELSET=SH\n1, 1, 2, 3, 4, 5, 6, 7, 8\n*ELEMENT, TYPE=B32R, ELSET=BM\n2, 9, 10, 11\n");
  bp(&d, "*ELEMENT, TYPE=T3D2, ELSET=TR\n3, 9, 12\n*MATERIAL, NAME=M\n*ELASTIC\n1000, 0.3\n%s", body);
  result r;
  char msg[512];
  int st = run(&d, name, &r, msg, sizeof msg);
  CHECK_INT(st, SN_ERR_FORMAT);
  CHECK(strstr(msg, want) != NULL);
  if (!strstr(msg, want)) fprintf(stderr, "%s: message '%s' lacks '%s'\n", name, msg, want);
  result_free(&r);
}

static void errors(void)
{
  const char *ok = "*SHELL SECTION, ELSET=SH, MATERIAL=M\n0.1\n*BEAM SECTION, ELSET=BM, MATERIAL=M, SECTION=RECT\n.1, .1\n"
                   "*SOLID SECTION, ELSET=TR, MATERIAL=M\n0.01\n";
  char b[1024];
  /* line 23: the first line of the body */
  bad("nothick", "*SHELL SECTION, ELSET=SH, MATERIAL=M\n*BEAM SECTION, ELSET=BM, MATERIAL=M, SECTION=RECT\n.1, .1\n",
      "nothick:23: *SHELL SECTION needs a data line (the thickness)");
  bad("circr", "*SHELL SECTION, ELSET=SH, MATERIAL=M\n0.1\n*BEAM SECTION, ELSET=BM, MATERIAL=M, SECTION=CIRC\n.1\n",
      "circr:25: *BEAM SECTION, SECTION=CIRC on B32R element 2 is not supported");
  bad("pipe", "*SHELL SECTION, ELSET=SH, MATERIAL=M\n0.1\n*BEAM SECTION, ELSET=BM, MATERIAL=M, SECTION=PIPE\n.1, .01\n",
      "pipe:25: *BEAM SECTION, SECTION=PIPE is not supported");
  bad("solidsec", "*SOLID SECTION, ELSET=SH, MATERIAL=M\n", "solidsec:23: element 1 is a shell (S8, S8R): it takes *SHELL SECTION");
  snprintf(b, sizeof b, "%s*BOUNDARY\n1, 4, 4, 0.01\n", ok);
  bad("rotvalue", b, "rotvalue:30: *BOUNDARY: a prescribed rotation (0.01) of a shell or beam node is not supported");
  snprintf(b, sizeof b, "%s*BOUNDARY\n12, 4, 6\n", ok);
  bad("rotsolid", b, "rotsolid:30: *BOUNDARY: degree of freedom 4 of node 12: rotations exist only at shell and beam nodes");
  snprintf(b, sizeof b, "%s*STEP\n*STATIC\n*CLOAD\n1, 5, 1.\n*END STEP\n", ok);
  bad("moment", b, "moment:32: degree of freedom 5 is out of range 1..3: rotations of shell and beam nodes are not supported");
  snprintf(b, sizeof b, "%s*SURFACE, NAME=S\nTR, SPOS\n", ok);
  bad("spos", b, "spos:30: face SPOS is only for shell elements (S8, S8R); element 3 is not one");
  buf d = {0};
  bp(&d, "*NODE\n1, 0, 0, 0\n2, 1, 0, 0\n3, 1, 1, 0\n4, 0, 1, 0\n*ELEMENT, TYPE=S4R, ELSET=SH\n1, 1, 2, 3, 4\n");
  result r;
  char msg[512];
  CHECK_INT(run(&d, "s4", &r, msg, sizeof msg), SN_ERR_FORMAT);
  CHECK(strstr(msg, "s4:6: element type S4R is not supported: CalculiX 2.20 expands it into a C3D8I") != NULL);
  if (!strstr(msg, "s4:6:")) fprintf(stderr, "s4: %s\n", msg);
  result_free(&r);
}

/* (g) a *DYNAMIC step on the cantilever of (a) (S8R; density 7.8e-9): the tip line load ramped
 * up over 0.2 s (the first bending period 2 pi / w1 is about 3.5e-2 s: quasi-static) and held to
 * 0.4 s under THETA=1 (numerical damping: the residual vibration dies out) comes to rest at the
 * static deflection of (a), CalculiX 2.20's 2.381429, within 1e-3 (measured 2.3814286): the
 * knots' equations, the rotations held at the root and the expanded bricks' mass reduced onto
 * the knots (T^T M T) in the dynamic analysis */
static int dyn_tip(const sn_model *m, const sn_fesys *S, const sn_increment *inc, const sn_dyn_energy *e, int output,
                   void *user)
{
  (void)S; (void)e; (void)output;
  double *tip = user;
  *tip = inc->u[3 * sn_model_node_index(m, pid(2, 20, 2)) + 2];
  return 0;
}

static void cantilever_dynamic(void)
{
  const int nx = 10, ny = 2;
  const double W = 1, t = 0.2, P = 1, rho = 7.8e-9;
  buf d = {0};
  strip_mesh(&d, nx, ny, W, "S8R");
  bp(&d, "*MATERIAL, NAME=STEEL\n*ELASTIC\n%g, 0\n*DENSITY\n%g\n*SHELL SECTION, ELSET=EALL, MATERIAL=STEEL\n%g\n"
         "*AMPLITUDE, NAME=RAMP\n0, 0, 0.2, 1, 0.4, 1\n*BOUNDARY\n", E, rho, t);
  for (int j = 0; j <= 2 * ny; j++) bp(&d, "%d, 1, 5\n", pid(ny, 0, j));
  bp(&d, "*STEP\n*DYNAMIC, THETA=1\n1e-3, 0.4\n*CLOAD, AMPLITUDE=RAMP\n");
  line_load(&d, ny, 2 * nx, P);
  bp(&d, "*END STEP\n");
  char msg[512];
  sn_model *m = NULL;
  int st = sn_inp_parse(d.s, d.n, "shell_dyn", NULL, &m, msg, sizeof msg);
  free(d.s);
  if (st) fprintf(stderr, "shell_dyn: %s\n", msg);
  CHECK_INT(st, SN_OK);
  if (st) return;
  double tip = 0;
  sn_dynamic_settings s;
  sn_dynamic_settings_default(&s);
  s.on_step = dyn_tip;
  s.user = &tip;
  sn_dynamic_info info;
  st = sn_dynamic_run(m, &s, &info, msg, sizeof msg);
  if (st) fprintf(stderr, "shell_dyn: %s\n", msg);
  CHECK_INT(st, SN_OK);
  printf("shell *DYNAMIC: tip at rest %.7f (static 2.381429)\n", -tip);
  CHECK_CLOSE(-tip, 2.381429, 1e-3, 0);
  sn_model_free(m);
}

int main(void)
{
  beam_numbers();
  cantilever("S8R", 0, 2e-4, 2.381429);
  cantilever("S8", 0, 4e-3, 2.377177);
  cantilever("S8R", 0.5, 2e-4, 0);
  strip_ss();
  beam_ss(0);
  beam_ss(1);
  pressed();
  errors();
  cantilever_dynamic();
  return sn_check_report();
}
