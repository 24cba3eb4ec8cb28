/* Issue #6, contact geometry (src/contact/): detection, local frames, gaps, areas, H.
 *
 *  (a) 2D: a CPE4 block above another with a known gap: every slave node found, exact gap and
 *      outward normal (also with the roles of the blocks swapped: the normal flips), areas
 *      summing to the face length times the thickness; CAX4: areas sum to the ring area;
 *      CPE8 (3-node edges) likewise;
 *  (b) 3D: C3D8 and C3D20 blocks, same, areas summing to the face area; a node over a tilted
 *      quadrilateral face (projection, gap, normal against the plane), beyond the face's edge
 *      (projection onto the edge), and sn_contact_project on single faces of every family;
 *  (c) H against finite differences of the geometric gap on curved master faces (CPE8 edge,
 *      warped C3D8 and C3D20 faces): g(u0 + e du) - g(u0) - e (H^T du)_n = O(e^2);
 *  (d) rigid master: H uses the reference node's dofs, translation of the body = -n . du;
 *  (e) the grid search finds the same points as brute force over a bumpy surface of a few
 *      hundred faces (3D and 2D);
 *  (f) errors: node-based master, face surface on a truss, empty surfaces, a node in two rigid
 *      bodies; a slave node of its own master face skips that face;
 *  (g) node surfaces without weights: CalculiX' areas, against ccx 2.20's (free faces holding
 *      the node, else the master face's). */
#include "check.h"
#include "signorini/contact.h"
#include "signorini/io.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const double PI = 3.14159265358979323846;

/* ---- deck text ---- */
typedef struct {
  char *s;
  size_t n, cap;
} buf;

static void bp(buf *b, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  int k = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  if (k < 0) abort();
  if (b->n + (size_t)k + 1 > b->cap) {
    size_t nc = b->cap ? 2 * b->cap : 1 << 14;
    while (nc < b->n + (size_t)k + 1) nc *= 2;
    char *s = realloc(b->s, nc);
    if (!s) abort();
    b->s = s;
    b->cap = nc;
  }
  va_start(ap, fmt);
  vsnprintf(b->s + b->n, b->cap - b->n, fmt, ap);
  va_end(ap);
  b->n += (size_t)k;
}

static double flat(double x, double y) { (void)x, (void)y; return 0; }

/* structured hexahedral block (C3D8, or C3D20 when quad) of nx x ny x nz elements on
 * o + [0, L]; the top (and, scaled, the interior) nodes raised by bump(x, y) */
static void hex_block(buf *b, int quad, int nx, int ny, int nz, const double *o, const double *L,
                      int nid0, int eid0, const char *elset, double (*bump)(double, double))
{
  int s = quad ? 2 : 1, gx = s * nx + 1, gy = s * ny + 1, gz = s * nz + 1;
  bp(b, "*NODE\n");
  for (int k = 0; k < gz; k++)
    for (int j = 0; j < gy; j++)
      for (int i = 0; i < gx; i++) {
        if ((i % 2) + (j % 2) + (k % 2) > 1 && quad) continue;
        double x = o[0] + L[0] * i / (gx - 1), y = o[1] + L[1] * j / (gy - 1);
        double z = o[2] + L[2] * k / (gz - 1) + bump(x, y) * k / (gz - 1);
        bp(b, "%d, %.17g, %.17g, %.17g\n", nid0 + (k * gy + j) * gx + i, x, y, z);
      }
  static const int c8[8][3] = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0},
                               {0, 0, 1}, {1, 0, 1}, {1, 1, 1}, {0, 1, 1}};
  static const int c20[20][3] = {{0, 0, 0}, {2, 0, 0}, {2, 2, 0}, {0, 2, 0}, {0, 0, 2}, {2, 0, 2}, {2, 2, 2},
                                 {0, 2, 2}, {1, 0, 0}, {2, 1, 0}, {1, 2, 0}, {0, 1, 0}, {1, 0, 2}, {2, 1, 2},
                                 {1, 2, 2}, {0, 1, 2}, {0, 0, 1}, {2, 0, 1}, {2, 2, 1}, {0, 2, 1}};
  bp(b, "*ELEMENT, TYPE=%s, ELSET=%s\n", quad ? "C3D20" : "C3D8", elset);
  for (int k = 0; k < nz; k++)
    for (int j = 0; j < ny; j++)
      for (int i = 0; i < nx; i++) {
        bp(b, "%d", eid0 + (k * ny + j) * nx + i);
        for (int a = 0; a < (quad ? 20 : 8); a++) {
          const int *c = quad ? c20[a] : c8[a];
          int ii = s * i + c[0], jj = s * j + c[1], kk = s * k + c[2];
          bp(b, "%s%d", a == 15 ? ",\n" : ", ", nid0 + (kk * gy + jj) * gx + ii);
        }
        bp(b, "\n");
      }
}

/* structured quadrilateral block (CPE4 / CAX4 / CPE8...) of nx x ny elements on o + [0, L],
 * the top raised by bump(x, 0) */
static void quad_block(buf *b, const char *type, int nx, int ny, const double *o, const double *L,
                       int nid0, int eid0, const char *elset, double (*bump)(double, double))
{
  int quad = strchr(type, '8') != NULL;
  int s = quad ? 2 : 1, gx = s * nx + 1, gy = s * ny + 1;
  bp(b, "*NODE\n");
  for (int j = 0; j < gy; j++)
    for (int i = 0; i < gx; i++) {
      if (quad && i % 2 && j % 2) continue;
      double x = o[0] + L[0] * i / (gx - 1);
      double y = o[1] + L[1] * j / (gy - 1) + bump(x, 0) * j / (gy - 1);
      bp(b, "%d, %.17g, %.17g\n", nid0 + j * gx + i, x, y);
    }
  static const int c4[4][2] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
  static const int c8[8][2] = {{0, 0}, {2, 0}, {2, 2}, {0, 2}, {1, 0}, {2, 1}, {1, 2}, {0, 1}};
  bp(b, "*ELEMENT, TYPE=%s, ELSET=%s\n", type, elset);
  for (int j = 0; j < ny; j++)
    for (int i = 0; i < nx; i++) {
      bp(b, "%d", eid0 + j * nx + i);
      for (int a = 0; a < (quad ? 8 : 4); a++) {
        const int *c = quad ? c8[a] : c4[a];
        bp(b, ", %d", nid0 + (s * j + c[1]) * gx + s * i + c[0]);
      }
      bp(b, "\n");
    }
}

static const char *MATERIAL = "*MATERIAL, NAME=STEEL\n*ELASTIC\n1000, 0.3\n";
static const char *INTERACTION =
    "*SURFACE INTERACTION, NAME=SI\n*SURFACE BEHAVIOR, PRESSURE-OVERCLOSURE=HARD\n*FRICTION\n0.3\n";

static sn_model *parse(buf *b)
{
  sn_model *m = NULL;
  char msg[512];
  int r = sn_inp_parse(b->s, b->n, "test", NULL, &m, msg, sizeof msg);
  if (r) fprintf(stderr, "deck: %s\n", msg);
  CHECK_INT(r, SN_OK);
  free(b->s);
  memset(b, 0, sizeof *b);
  return m;
}

static int detect(const sn_model *m, const double *u, double sd, sn_contact_point **p, int *n)
{
  char msg[512];
  int r = sn_contact_detect(m, u, sd, p, n, msg, sizeof msg);
  if (r) fprintf(stderr, "detect: %s\n", msg);
  return r;
}

/* ---- (a) 2D blocks ---- */
static void test_2d_blocks(const char *type, double thick)
{
  buf b = {0};
  double o1[3] = {0, 0, 0}, L1[3] = {2, 1, 0}, o2[3] = {0.2, 1.1, 0}, L2[3] = {1.5, 1, 0};
  quad_block(&b, type, 2, 1, o1, L1, 1, 1, "LOW", flat);
  quad_block(&b, type, 3, 1, o2, L2, 1001, 101, "UP", flat);
  bp(&b, "%s*SOLID SECTION, ELSET=LOW, MATERIAL=STEEL\n*SOLID SECTION, ELSET=UP, MATERIAL=STEEL\n%g\n",
     MATERIAL, thick);
  bp(&b, "*SURFACE, NAME=TOP\nLOW, S3\n*SURFACE, NAME=BOT\nUP, S1\n%s", INTERACTION);
  bp(&b, "*CONTACT PAIR, INTERACTION=SI, TYPE=SURFACE TO SURFACE\nBOT, TOP\nTOP, BOT\n");
  sn_model *m = parse(&b);
  if (!m) return;
  sn_contact_point *p = NULL;
  int n = 0, quad = strchr(type, '8') != NULL;
  CHECK_INT(detect(m, NULL, 0, &p, &n), SN_OK);
  int nslave = quad ? 7 : 4;
  /* pair 1: every bottom node of UP over TOP; pair 2: only TOP nodes under UP (x in
   * [0.2, 1.7] plus the search distance: automatic = largest face, 1 long, so all) */
  int n1 = 0, n2 = 0;
  double a1 = 0, a2 = 0;
  int axi = !strncmp(type, "CAX", 3);
  for (int k = 0; k < n; k++) {
    const sn_contact_point *q = &p[k];
    if (q->pair == 0) {
      n1++;
      a1 += q->area;
      CHECK_CLOSE(q->gap, 0.1, 1e-12, 1e-13);
      CHECK_CLOSE(q->normal[0], 0, 0, 1e-15);
      CHECK_CLOSE(q->normal[1], 1, 1e-15, 0);
      CHECK_CLOSE(q->t1[0], -1, 1e-15, 0);   /* S3 runs from node 3 to node 4: -x */
      CHECK_CLOSE(q->x_master[1], 1, 1e-15, 0);
      CHECK_CLOSE(q->x_master[0], q->x_slave[0], 0, 1e-14);
      CHECK_INT(q->master_kind, SN_MASTER_FACE);
      CHECK_CLOSE(q->mu, 0.3, 0, 0);
      CHECK_INT(q->hard, 1);
      CHECK_INT(q->nmaster, quad ? 3 : 2);
    } else {
      n2++;
      a2 += q->area;
      /* the master is UP's bottom S1, running +x: outward normal -y */
      CHECK_CLOSE(q->normal[1], -1, 1e-15, 0);
      CHECK_CLOSE(q->t1[0], 1, 1e-15, 0);
      if (q->on_boundary) CHECK(q->gap > 0.1 - 1e-12);
      else CHECK_CLOSE(q->gap, 0.1, 1e-12, 1e-13);
    }
  }
  CHECK_INT(n1, nslave);
  /* TOP nodes at x = 0, 0.5, 1, 1.5, 2 (quad) or 0, 1, 2; mortar keeps a node whose weight
   * over the part under UP (x in [0.2, 1.7]) is positive (> 1 % of its full weight): one
   * quadratic end node is left out (N of an end node, s (s - 1) / 2, is negative on the half of
   * its edge away from it, so a partial overlap can weigh it <= 0) */
  CHECK_INT(n2, quad ? 4 : 3);
  if (axi) {
    CHECK_CLOSE(a1, PI * (1.7 * 1.7 - 0.2 * 0.2), 1e-12, 0);
  } else {
    CHECK_CLOSE(a1, 1.5 * thick, 1e-12, 0);
    /* slave areas: ends half of the inner corners (linear); the first point is node 1001 */
    if (!quad) {
      CHECK_CLOSE(p[0].area, 0.25 * thick, 1e-12, 0);
      CHECK_CLOSE(p[1].area, 0.5 * thick, 1e-12, 0);
    }
  }
  (void)a2;
  /* H of a mortar row (SURFACE TO SURFACE): sum_k D_jk / W_j = 1 on the slave nodes and
   * sum_l M_jl / W_j = 1 on the master's (a partition of unity, the row fully over the master),
   * so moving the whole upper block up by 1 opens by 1, the whole lower block by -1 */
  sn_csc *H = NULL;
  CHECK_INT(sn_contact_H(m, p, n, &H), SN_OK);
  if (H) {
    CHECK_INT(H->m, 2 * m->nnodes);
    CHECK_INT(H->n, 2 * n);
    double *du = calloc((size_t)H->m, sizeof *du), *un = calloc((size_t)H->n, sizeof *un);
    for (int v = 0; v < m->nnodes; v++) du[2 * v + 1] = m->x[3 * v + 1] > 1.05 ? 1 : 0;   /* UP moves up */
    sn_csc_gemv_t(H, 1, du, 0, un);
    CHECK_CLOSE(un[0], 1, 1e-14, 0);
    CHECK_CLOSE(un[1], 0, 0, 1e-14);
    for (int v = 0; v < m->nnodes; v++) du[2 * v + 1] = m->x[3 * v + 1] > 1.05 ? 0 : 1;   /* LOW moves up */
    sn_csc_gemv_t(H, 1, du, 0, un);
    CHECK_CLOSE(un[0], -1, 1e-14, 0);
    free(du);
    free(un);
    sn_csc_free(H);
  }
  sn_contact_points_free(p);
  sn_model_free(m);
}

/* ---- (b) 3D blocks ---- */
static void test_3d_blocks(int quad)
{
  buf b = {0};
  double o1[3] = {0, 0, 0}, L1[3] = {2, 2, 1}, o2[3] = {0.25, 0.25, 1.2}, L2[3] = {1.5, 1.5, 1};
  hex_block(&b, quad, 2, 2, 1, o1, L1, 1, 1, "LOW", flat);
  hex_block(&b, quad, 2, 2, 1, o2, L2, 1001, 101, "UP", flat);
  bp(&b, "%s*SOLID SECTION, ELSET=LOW, MATERIAL=STEEL\n*SOLID SECTION, ELSET=UP, MATERIAL=STEEL\n", MATERIAL);
  bp(&b, "*SURFACE, NAME=TOP\nLOW, S2\n*SURFACE, NAME=BOT\nUP, S1\n%s", INTERACTION);
  bp(&b, "*CONTACT PAIR, INTERACTION=SI\nBOT, TOP\nTOP, BOT\n");
  sn_model *m = parse(&b);
  if (!m) return;
  sn_contact_point *p = NULL;
  int n = 0, n1 = 0;
  CHECK_INT(detect(m, NULL, 0, &p, &n), SN_OK);
  double a1 = 0;
  for (int k = 0; k < n; k++) {
    const sn_contact_point *q = &p[k];
    if (q->pair == 0) {
      n1++;
      a1 += q->area;
      CHECK_CLOSE(q->gap, 0.2, 1e-12, 1e-13);
      CHECK_CLOSE(q->normal[2], 1, 1e-15, 0);
      CHECK_CLOSE(fabs(q->normal[0]) + fabs(q->normal[1]), 0, 0, 1e-15);
      CHECK_CLOSE(q->x_master[0], q->x_slave[0], 0, 1e-13);
      CHECK_CLOSE(q->x_master[1], q->x_slave[1], 0, 1e-13);
      CHECK_CLOSE(q->x_master[2], 1, 1e-15, 0);
      /* orthonormal right-handed frame */
      double c[3] = {q->normal[1] * q->t1[2] - q->normal[2] * q->t1[1],
                     q->normal[2] * q->t1[0] - q->normal[0] * q->t1[2],
                     q->normal[0] * q->t1[1] - q->normal[1] * q->t1[0]};
      for (int j = 0; j < 3; j++) CHECK_CLOSE(c[j], q->t2[j], 0, 1e-14);
      double d = 0;
      for (int j = 0; j < 3; j++) d += q->normal[j] * q->t1[j];
      CHECK_CLOSE(d, 0, 0, 1e-15);
      CHECK_INT(q->nmaster, quad ? 8 : 4);
    } else {
      CHECK_CLOSE(q->normal[2], -1, 1e-15, 0);   /* UP's bottom S1: outward -z */
    }
  }
  CHECK_INT(n1, quad ? 21 : 9);
  CHECK_CLOSE(a1, 2.25, 1e-12, 0);
  sn_contact_points_free(p);
  sn_model_free(m);
}

/* tetrahedra: master A above z = 0 (its S1 1-2-3 on z = 0, outward -z), slave B below
 * z = -0.1 (B = A mirrored, nodes 2 and 3 swapped, S1 outward +z); C3D10: the 6-node
 * triangle's HRZ areas (src/contact/projection.c; Hinton, Rock & Zienkiewicz 1976: A int N_a^2 /
 * sum_b int N_b^2, int N^2 = A/30 at a corner and 8A/45 at a midside) are A/19 at the corners
 * and 16A/57 at the midside nodes (the consistent ones, 0 and A/3, left the corners without area) */
static void test_tets(int quad)
{
  static const double A[10][3] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {0.5, 0, 0},
                                  {0.5, 0.5, 0}, {0, 0.5, 0}, {0, 0, 0.5}, {0.5, 0, 0.5}, {0, 0.5, 0.5}};
  static const int mirror[10] = {0, 2, 1, 3, 6, 5, 4, 7, 9, 8};
  int nn = quad ? 10 : 4;
  buf b = {0};
  bp(&b, "*NODE\n");
  for (int a = 0; a < nn; a++) bp(&b, "%d, %g, %g, %g\n", a + 1, A[a][0], A[a][1], A[a][2]);
  for (int a = 0; a < nn; a++) {
    const double *x = A[mirror[a]];
    bp(&b, "%d, %g, %g, %g\n", a + 101, x[0], x[1], -0.1 - x[2]);
  }
  bp(&b, "*ELEMENT, TYPE=%s, ELSET=A\n1", quad ? "C3D10" : "C3D4");
  for (int a = 0; a < nn; a++) bp(&b, ", %d", a + 1);
  bp(&b, "\n*ELEMENT, TYPE=%s, ELSET=B\n2", quad ? "C3D10" : "C3D4");
  for (int a = 0; a < nn; a++) bp(&b, ", %d", a + 101);
  bp(&b, "\n%s*SOLID SECTION, ELSET=A, MATERIAL=STEEL\n*SOLID SECTION, ELSET=B, MATERIAL=STEEL\n", MATERIAL);
  bp(&b, "*SURFACE, NAME=MA\nA, S1\n*SURFACE, NAME=SL\nB, S1\n%s", INTERACTION);
  bp(&b, "*CONTACT PAIR, INTERACTION=SI\nSL, MA\n");
  sn_model *m = parse(&b);
  if (!m) return;
  sn_contact_point *p = NULL;
  int n = 0;
  CHECK_INT(detect(m, NULL, 0, &p, &n), SN_OK);
  CHECK_INT(n, quad ? 6 : 3);
  double area = 0;
  for (int k = 0; k < n; k++) {
    CHECK_CLOSE(p[k].gap, 0.1, 1e-13, 0);
    CHECK_CLOSE(p[k].normal[2], -1, 1e-15, 0);
    CHECK_CLOSE(p[k].area, quad ? (k < 3 ? 0.5 / 19 : 0.5 * 16 / 57) : 0.5 / 3, 1e-13, 1e-15);
    area += p[k].area;
  }
  CHECK_CLOSE(area, 0.5, 1e-13, 0);
  double w[18];
  sn_contact_w(3, p, n, w);
  CHECK_CLOSE(w[0], 0.1, 1e-13, 0);
  CHECK_CLOSE(w[1], 0, 0, 0);
  sn_contact_points_free(p);
  sn_model_free(m);
}

static double tilt(double x, double y) { return 0.3 * x + 0.2 * y; }

static void test_tilted_face(void)
{
  buf b = {0};
  double o[3] = {0, 0, 0}, L[3] = {1, 1, 1};
  hex_block(&b, 0, 1, 1, 1, o, L, 1, 1, "B", tilt);
  bp(&b, "*NODE\n100, 0.4, 0.3, 2.0\n101, 1.5, 0.5, 1.9\n102, 0.6, 0.7, 1.0\n");
  bp(&b, "%s*SOLID SECTION, ELSET=B, MATERIAL=STEEL\n", MATERIAL);
  bp(&b, "*SURFACE, NAME=TOP\nB, S2\n*SURFACE, NAME=S, TYPE=NODE\n100\n101, 2.5\n102\n%s", INTERACTION);
  bp(&b, "*CONTACT PAIR, INTERACTION=SI\nS, TOP\n");
  sn_model *m = parse(&b);
  if (!m) return;
  sn_contact_point *p = NULL;
  int n = 0;
  CHECK_INT(detect(m, NULL, 5, &p, &n), SN_OK);
  CHECK_INT(n, 3);
  if (n == 3) {
    /* the plane z = 1 + 0.3 x + 0.2 y, outward normal (-0.3, -0.2, 1) / |.| */
    double nn = sqrt(1 + 0.09 + 0.04), nv[3] = {-0.3 / nn, -0.2 / nn, 1 / nn};
    double xs[3] = {0.4, 0.3, 2.0}, g = 0;
    for (int j = 0; j < 3; j++) g += nv[j] * (xs[j] - (j == 2 ? 1 : 0));
    CHECK_CLOSE(p[0].gap, g, 1e-13, 0);
    for (int j = 0; j < 3; j++) {
      CHECK_CLOSE(p[0].normal[j], nv[j], 1e-14, 1e-15);
      CHECK_CLOSE(p[0].x_master[j], xs[j] - g * nv[j], 1e-13, 1e-14);
    }
    CHECK_INT(p[0].on_boundary, 0);
    CHECK_CLOSE(p[0].dist, g, 1e-13, 0);
    /* node 100 lies on no element face and has no weight: CalculiX' area, that of the master
     * face it meets (src/contact/node_area.c), the tilted unit square's sqrt(1 + 0.3^2 + 0.2^2);
     * node 101 keeps its given weight */
    CHECK_CLOSE(p[0].area, sqrt(1.13), 1e-12, 0);
    CHECK_CLOSE(p[1].area, 2.5, 0, 0);
    double s = 0;
    for (int a = 0; a < 4; a++) s += p[0].shape[a];
    CHECK_CLOSE(s, 1, 1e-14, 0);
    /* node 101 beyond the edge x = 1: closest point on that edge, (1, y, 1.3 + 0.2 y) with
     * y minimising (0.5)^2 + (y - 0.5)^2 + (0.6 - 0.2 y)^2 -> y = (0.5 + 0.12) / 1.04 */
    double y = 0.62 / 1.04, xm[3] = {1, y, 1.3 + 0.2 * y};
    for (int j = 0; j < 3; j++) CHECK_CLOSE(p[1].x_master[j], xm[j], 1e-12, 1e-13);
    CHECK_INT(p[1].on_boundary, 1);
    CHECK_CLOSE(p[1].area, 2.5, 0, 0);
    double g1 = 0;
    for (int j = 0; j < 3; j++) g1 += nv[j] * (p[1].x_slave[j] - xm[j]);
    CHECK_CLOSE(p[1].gap, g1, 1e-12, 0);
    /* node 102 below the face: penetration, negative gap */
    double g2 = nv[0] * 0.6 + nv[1] * 0.7 + nv[2] * (1.0 - 1.0);
    CHECK_CLOSE(p[2].gap, g2, 1e-13, 0);
    CHECK(p[2].gap < 0);
  }
  sn_contact_points_free(p);
  sn_model_free(m);
}

/* sn_contact_project on single faces: flat faces of each family, point above the interior */
static void test_project_families(void)
{
  /* triangle (0,0,0) (2,0,0) (0,2,0): right-hand normal +z, so outward is -z */
  double T[6 * 3] = {0, 0, 0, 2, 0, 0, 0, 2, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0};
  double xs[3] = {0.5, 0.4, -0.7};
  sn_contact_point p;
  for (int nfn = 3; nfn <= 6; nfn += 3) {
    memset(&p, 0, sizeof p);
    CHECK_INT(sn_contact_project(3, nfn, T, xs, &p), SN_OK);
    CHECK_CLOSE(p.normal[2], -1, 1e-15, 0);
    CHECK_CLOSE(p.gap, 0.7, 1e-13, 0);
    CHECK_CLOSE(p.xi[0], 0.25, 1e-12, 0);
    CHECK_CLOSE(p.xi[1], 0.2, 1e-12, 0);
  }
  /* outside the triangle beyond the hypotenuse: closest point (1.25, 0.75, 0) on x + y = 2 */
  double xo[3] = {1.5, 1.0, 0.3};
  CHECK_INT(sn_contact_project(3, 6, T, xo, &p), SN_OK);
  CHECK_CLOSE(p.x_master[0], 1.25, 1e-12, 0);
  CHECK_CLOSE(p.x_master[1], 0.75, 1e-12, 0);
  CHECK_INT(p.on_boundary, 1);
  /* 2D edges: (0,0) -> (2,0) (counterclockwise bottom edge): outward -y */
  double E[3 * 3] = {0, 0, 0, 2, 0, 0, 1, 0, 0};
  double x2[3] = {0.5, -0.25, 0};
  for (int nfn = 2; nfn <= 3; nfn++) {
    CHECK_INT(sn_contact_project(2, nfn, E, x2, &p), SN_OK);
    CHECK_CLOSE(p.normal[1], -1, 1e-15, 0);
    CHECK_CLOSE(p.gap, 0.25, 1e-13, 0);
    CHECK_CLOSE(p.xi[0], -0.5, 1e-13, 0);
  }
  /* a curved 3-node edge: circle-like arc through (-1,0), (1,0), (0,0.5); a point at (0, 2):
   * the projection is the apex (symmetry), gap 1.5, normal +y for the edge run 1 -> 0 ... here
   * the edge runs -x -> +x so the outward normal is -y and the gap is -1.5 */
  double C[9] = {-1, 0, 0, 1, 0, 0, 0, 0.5, 0}, xc[3] = {0, 2, 0};
  CHECK_INT(sn_contact_project(2, 3, C, xc, &p), SN_OK);
  CHECK_CLOSE(p.x_master[1], 0.5, 1e-13, 0);
  CHECK_CLOSE(p.gap, -1.5, 1e-13, 0);
  /* a degenerate face */
  double D[12] = {0};
  CHECK_INT(sn_contact_project(3, 4, D, xs, &p), SN_ERR_FORMAT);
  CHECK_INT(sn_contact_project(3, 5, T, xs, &p), SN_ERR_ARG);
}

/* ---- (c) H against finite differences ---- */
static unsigned long long rng_state = 12345;
static double rnd(void)   /* uniform in [-1, 1) */
{
  rng_state = rng_state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (double)(rng_state >> 11) / 9007199254740992.0 * 2 - 1;
}

static double warp(double x, double y) { return 0.15 * sin(2 * x) * cos(1.5 * y) + 0.1 * x * y; }
static double arc(double x, double y) { (void)y; return 0.2 * sin(1.3 * x); }

static void fd_check(sn_model *m, double sd, const char *what)
{
  sn_contact_point *p0 = NULL, *p1 = NULL;
  int n0 = 0, n1 = 0, ndof = m->ndf * m->nnodes, dim = m->ndf;
  double *u0 = calloc((size_t)ndof, sizeof *u0), *du = calloc((size_t)ndof, sizeof *du),
         *u = calloc((size_t)ndof, sizeof *u);
  for (int i = 0; i < ndof; i++) u0[i] = 0.02 * rnd(), du[i] = rnd();
  CHECK_INT(detect(m, u0, sd, &p0, &n0), SN_OK);
  CHECK(n0 > 0);
  sn_csc *H = NULL;
  CHECK_INT(sn_contact_H(m, p0, n0, &H), SN_OK);
  double *Hdu = calloc((size_t)(dim * n0 + 1), sizeof *Hdu);
  if (H) sn_csc_gemv_t(H, 1, du, 0, Hdu);
  double err[2] = {0, 0};
  int checked = 0;
  for (int s = 0; s < 2; s++) {
    double e = s == 0 ? 1e-3 : 1e-4;
    for (int i = 0; i < ndof; i++) u[i] = u0[i] + e * du[i];
    CHECK_INT(detect(m, u, sd, &p1, &n1), SN_OK);
    CHECK_INT(n1, n0);
    for (int k = 0; k < n0 && k < n1; k++) {
      if (p0[k].on_boundary || p1[k].master_elem != p0[k].master_elem) continue;
      double r = fabs(p1[k].gap - p0[k].gap - e * Hdu[dim * k]);
      if (r > err[s]) err[s] = r;
      if (s == 0) checked++;
    }
    sn_contact_points_free(p1);
    p1 = NULL;
  }
  /* second order: err ~ C e^2, so the ratio is about 100; first-order errors would give 10 */
  printf("%s: %d points, |g(u + e du) - g(u) - e H^T du| = %.3g (e = 1e-3), %.3g (e = 1e-4)\n", what, checked,
         err[0], err[1]);
  CHECK(err[0] < 1e-5);
  CHECK(err[0] > 30 * err[1] || err[0] < 1e-13);
  CHECK(checked > 0);
  free(u0), free(du), free(u), free(Hdu);
  sn_csc_free(H);
  sn_contact_points_free(p0);
}

static void test_fd(void)
{
  /* 2D: CPE8 lower block with a curved top (3-node edges), CPE4 slave block */
  {
    buf b = {0};
    double o1[3] = {0, 0, 0}, L1[3] = {2, 1, 0}, o2[3] = {0.3, 1.25, 0}, L2[3] = {1.4, 0.5, 0};
    quad_block(&b, "CPE8", 3, 1, o1, L1, 1, 1, "LOW", arc);
    quad_block(&b, "CPE4", 4, 1, o2, L2, 1001, 101, "UP", flat);
    bp(&b, "%s*SOLID SECTION, ELSET=LOW, MATERIAL=STEEL\n*SOLID SECTION, ELSET=UP, MATERIAL=STEEL\n", MATERIAL);
    bp(&b, "*SURFACE, NAME=TOP\nLOW, S3\n*SURFACE, NAME=BOT\nUP, S1\n%s", INTERACTION);
    bp(&b, "*CONTACT PAIR, INTERACTION=SI\nBOT, TOP\n");
    sn_model *m = parse(&b);
    if (m) fd_check(m, 1, "CPE8");
    sn_model_free(m);
  }
  /* 3D: warped C3D8 and C3D20 lower faces */
  for (int quad = 0; quad <= 1; quad++) {
    buf b = {0};
    double o1[3] = {0, 0, 0}, L1[3] = {2, 2, 1}, o2[3] = {0.3, 0.2, 1.35}, L2[3] = {1.3, 1.5, 0.5};
    hex_block(&b, quad, 3, 3, 1, o1, L1, 1, 1, "LOW", warp);
    hex_block(&b, 0, 3, 4, 1, o2, L2, 10001, 101, "UP", flat);
    bp(&b, "%s*SOLID SECTION, ELSET=LOW, MATERIAL=STEEL\n*SOLID SECTION, ELSET=UP, MATERIAL=STEEL\n", MATERIAL);
    bp(&b, "*SURFACE, NAME=TOP\nLOW, S2\n*SURFACE, NAME=BOT\nUP, S1\n%s", INTERACTION);
    bp(&b, "*CONTACT PAIR, INTERACTION=SI\nBOT, TOP\n");
    sn_model *m = parse(&b);
    if (m) fd_check(m, 1, quad ? "C3D20" : "C3D8");
    sn_model_free(m);
  }
}

/* ---- (d) rigid master ---- */
static void test_rigid(int by_elset)
{
  buf b = {0};
  double o1[3] = {0, 0, 0}, L1[3] = {2, 2, 1}, o2[3] = {0.25, 0.25, 1.2}, L2[3] = {1.5, 1.5, 1};
  hex_block(&b, 0, 2, 2, 1, o1, L1, 1, 1, "LOW", warp);
  hex_block(&b, 0, 2, 2, 1, o2, L2, 1001, 101, "UP", flat);
  bp(&b, "*NODE, NSET=REF\n5000, 1, 1, -1\n*NSET, NSET=LOWN\n");
  for (int i = 1; i <= 18; i++) bp(&b, "%d%s", i, i % 9 ? ", " : "\n");
  bp(&b, "%s*SOLID SECTION, ELSET=LOW, MATERIAL=STEEL\n*SOLID SECTION, ELSET=UP, MATERIAL=STEEL\n", MATERIAL);
  bp(&b, "*RIGID BODY, %s, REF NODE=5000\n", by_elset ? "ELSET=LOW" : "NSET=LOWN");
  bp(&b, "*SURFACE, NAME=TOP\nLOW, S2\n*SURFACE, NAME=BOT\nUP, S1\n%s", INTERACTION);
  bp(&b, "*CONTACT PAIR, INTERACTION=SI\nBOT, TOP\n");
  sn_model *m = parse(&b);
  if (!m) return;
  int ref = sn_model_node_index(m, 5000);
  sn_contact_point *p = NULL;
  int n = 0;
  CHECK_INT(detect(m, NULL, 1, &p, &n), SN_OK);
  CHECK_INT(n, 9);
  sn_csc *H = NULL;
  CHECK_INT(sn_contact_H(m, p, n, &H), SN_OK);
  if (H && n == 9) {
    for (int k = 0; k < n; k++) {
      CHECK_INT(p[k].master_kind, SN_MASTER_RIGID);
      CHECK_INT(p[k].slave_dof_node, p[k].slave_node);
      for (int a = 0; a < p[k].nmaster; a++) CHECK_INT(p[k].master_dof_nodes[a], ref);
    }
    /* every column touches only the slave node's and the reference node's dofs */
    int bad = 0;
    for (int j = 0; j < H->n; j++) {
      int k = j / 3;
      for (int q = H->colptr[j]; q < H->colptr[j + 1]; q++) {
        int node = H->rowind[q] / 3;
        if (node != ref && node != p[k].slave_node) bad++;
      }
    }
    CHECK_INT(bad, 0);
    /* translating the reference node by d: u_n = -n . d, u_t = -t . d */
    double *du = calloc((size_t)H->m, sizeof *du), *uc = calloc((size_t)H->n, sizeof *uc);
    double d[3] = {0.3, -0.2, 0.5};
    for (int j = 0; j < 3; j++) du[3 * ref + j] = d[j];
    sn_csc_gemv_t(H, 1, du, 0, uc);
    for (int k = 0; k < n; k++) {
      double wn = 0, wt = 0;
      for (int j = 0; j < 3; j++) wn -= p[k].normal[j] * d[j], wt -= p[k].t2[j] * d[j];
      CHECK_CLOSE(uc[3 * k], wn, 1e-13, 1e-15);
      CHECK_CLOSE(uc[3 * k + 2], wt, 1e-13, 1e-15);
    }
    free(du);
    free(uc);
  }
  sn_csc_free(H);
  sn_contact_points_free(p);
  sn_model_free(m);
}

/* ---- (e) grid search = brute force ---- */
static double bumpy(double x, double y) { return 0.25 * sin(3.1 * x + 0.7) * cos(2.3 * y) + 0.05 * x; }

/* the default search distance (sd 0): the largest diagonal of a master face's node box */
static double default_sd(const sn_model *m)
{
  const sn_surface *MS = &m->surfaces[m->pairs[0].master];
  double sd = 0;
  for (int f = 0; f < MS->n; f++) {
    int loc[8], e = MS->elem[f], nn = sn_element_face_nodes(m->elem_type[e], MS->face[f], loc);
    double lo[3] = {INFINITY, INFINITY, INFINITY}, hi[3] = {-INFINITY, -INFINITY, -INFINITY}, d = 0;
    for (int a = 0; a < nn; a++)
      for (int j = 0; j < 3; j++) {
        double x = m->x[3 * m->elem_conn[m->elem_ptr[e] + loc[a]] + j];
        lo[j] = fmin(lo[j], x), hi[j] = fmax(hi[j], x);
      }
    for (int j = 0; j < 3; j++) d += (hi[j] - lo[j]) * (hi[j] - lo[j]);
    sd = fmax(sd, sqrt(d));
  }
  return sd;
}

/* detection against the projection on every master face (the closest within sd; of those within
 * tie of the smallest distance, the first face: tie 1e-10 of the largest face diagonal plus
 * 1e-13 of the node's largest coordinate): the same face, gap and distance bit for bit. sd 0:
 * the default search distance (the largest face diagonal) */
static void brute_compare(sn_model *m, double sd, int *compared)
{
  sn_contact_point *p = NULL;
  int n = 0;
  CHECK_INT(detect(m, NULL, sd, &p, &n), SN_OK);
  int all = sd == 0;
  double diam = default_sd(m);
  if (all) sd = diam;
  const sn_surface *S = &m->surfaces[m->pairs[0].slave], *MS = &m->surfaces[m->pairs[0].master];
  int k = 0, mismatch = 0, found = 0;
  for (int i = 0; i < S->n; i++) {
    int v = S->node[i], bf = -1;
    sn_contact_point best, c;
    memset(&best, 0, sizeof best);
    double dmin = INFINITY, xmax = 0;
    for (int j = 0; j < m->ndf; j++) xmax = fmax(xmax, fabs(m->x[3 * v + j]));
    for (int pass = 0; pass < 2; pass++)   /* the smallest distance, then the first face within tie */
      for (int f = 0; f < MS->n; f++) {
        int loc[8], e = MS->elem[f], nn = sn_element_face_nodes(m->elem_type[e], MS->face[f], loc);
        double X[24];
        for (int a = 0; a < nn; a++)
          for (int j = 0; j < 3; j++) X[3 * a + j] = m->x[3 * m->elem_conn[m->elem_ptr[e] + loc[a]] + j];
        if (sn_contact_project(m->ndf, nn, X, m->x + 3 * v, &c)) { mismatch++; continue; }
        if (pass == 0 && c.dist <= sd) dmin = fmin(dmin, c.dist);
        if (pass == 1 && bf < 0 && c.dist <= sd && c.dist <= dmin + 1e-10 * diam + 1e-13 * xmax) best = c, bf = f;
      }
    if (bf < 0) continue;
    found++;
    if (k >= n || p[k].slave_node != v || p[k].master_elem != MS->elem[bf] ||
        fabs(p[k].gap - best.gap) > 1e-14 || p[k].dist != best.dist)
      mismatch++;
    k++;
  }
  CHECK_INT(mismatch, 0);
  CHECK_INT(n, found);
  CHECK(found > 20);
  if (!all) CHECK(found < S->n);   /* some nodes are out of reach */
  *compared += found;
  printf("search: %d faces, %d slave nodes, %d found within %g, same as brute force\n", MS->n, S->n, found, sd);
  sn_contact_points_free(p);
}

static void test_search(void)
{
  int compared = 0;
  { /* 3D: 18 x 16 bumpy C3D8 top faces (288), 400 scattered slave nodes */
    buf b = {0};
    double o[3] = {0, 0, 0}, L[3] = {3, 2.5, 1};
    hex_block(&b, 0, 18, 16, 1, o, L, 1, 1, "LOW", bumpy);
    bp(&b, "*NODE, NSET=SL\n");
    for (int i = 0; i < 400; i++) {
      double x = 1.5 + 2.0 * rnd(), y = 1.25 + 1.7 * rnd(), z = 1 + bumpy(x, y) + 0.3 * rnd();
      bp(&b, "%d, %.17g, %.17g, %.17g\n", 100000 + i, x, y, z);
    }
    bp(&b, "%s*SOLID SECTION, ELSET=LOW, MATERIAL=STEEL\n", MATERIAL);
    bp(&b, "*SURFACE, NAME=TOP\nLOW, S2\n*SURFACE, NAME=S, TYPE=NODE\nSL\n%s", INTERACTION);
    bp(&b, "*CONTACT PAIR, INTERACTION=SI\nS, TOP\n");
    sn_model *m = parse(&b);
    if (m) {
      brute_compare(m, 0.12, &compared);
      brute_compare(m, 0.4, &compared);
      brute_compare(m, 0, &compared);   /* the default distance: most faces' boxes reach a node,
                                           the distance bounds skip their projections */
    }
    sn_model_free(m);
  }
  { /* 3D, flat: 7 x 7 C3D8 top faces, 15 x 15 slave nodes on a lattice of spacing 0.5 over the
     * same span, a quarter of them exactly above the faces' corners and half of the others
     * above their edges (ties: the first face of the surface), some 1e-4 into the faces */
    buf b = {0};
    double o[3] = {0, 0, 0}, L[3] = {7, 7, 1};
    hex_block(&b, 0, 7, 7, 1, o, L, 1, 1, "LOW", flat);
    bp(&b, "*NODE, NSET=SL\n");
    for (int j = 0; j < 15; j++)
      for (int i = 0; i < 15; i++)
        bp(&b, "%d, %.17g, %.17g, %.17g\n", 100000 + i + 15 * j, 0.5 * i, 0.5 * j, 1.0 - 1e-4 * ((i + j) % 3));
    bp(&b, "%s*SOLID SECTION, ELSET=LOW, MATERIAL=STEEL\n", MATERIAL);
    bp(&b, "*SURFACE, NAME=TOP\nLOW, S2\n*SURFACE, NAME=S, TYPE=NODE\nSL\n%s", INTERACTION);
    bp(&b, "*CONTACT PAIR, INTERACTION=SI\nS, TOP\n");
    sn_model *m = parse(&b);
    if (m) brute_compare(m, 0, &compared);
    sn_model_free(m);
  }
  { /* 2D: 300 bumpy CPE8 top edges */
    buf b = {0};
    double o[3] = {0, 0, 0}, L[3] = {30, 1, 0};
    quad_block(&b, "CPE8", 300, 1, o, L, 1, 1, "LOW", bumpy);
    bp(&b, "*NODE, NSET=SL\n");
    for (int i = 0; i < 400; i++) {
      double x = 15 + 16 * rnd(), y = 1 + bumpy(x, 0) + 0.3 * rnd();
      bp(&b, "%d, %.17g, %.17g\n", 100000 + i, x, y);
    }
    bp(&b, "%s*SOLID SECTION, ELSET=LOW, MATERIAL=STEEL\n", MATERIAL);
    bp(&b, "*SURFACE, NAME=TOP\nLOW, S3\n*SURFACE, NAME=S, TYPE=NODE\nSL\n%s", INTERACTION);
    bp(&b, "*CONTACT PAIR, INTERACTION=SI\nS, TOP\n");
    sn_model *m = parse(&b);
    if (m) brute_compare(m, 0.15, &compared);
    sn_model_free(m);
  }
  CHECK(compared > 1000);
}

/* ---- (f) errors ---- */
static void test_errors(void)
{
  buf b = {0};
  double o1[3] = {0, 0, 0}, L1[3] = {2, 2, 1};
  hex_block(&b, 0, 2, 2, 1, o1, L1, 1, 1, "LOW", flat);
  bp(&b, "*NODE\n100, 0.5, 0.5, 1.05\n101, 5, 5, 5\n*ELEMENT, TYPE=T3D2, ELSET=BAR\n50, 100, 101\n");
  bp(&b, "%s*SOLID SECTION, ELSET=LOW, MATERIAL=STEEL\n*SOLID SECTION, ELSET=BAR, MATERIAL=STEEL\n1\n", MATERIAL);
  /* TOPN: a node of the top face (node 14 at (1, 1, 1)) */
  bp(&b, "*SURFACE, NAME=TOP\nLOW, S2\n*SURFACE, NAME=S, TYPE=NODE\n100\n*SURFACE, NAME=TOPN, TYPE=NODE\n14\n%s",
     INTERACTION);
  bp(&b, "*CONTACT PAIR, INTERACTION=SI\nS, TOP\n");
  sn_model *m = parse(&b);
  if (!m) return;
  sn_contact_point *p = NULL;
  int n = 0;
  char msg[512];
  CHECK_INT(sn_contact_detect(m, NULL, 0, &p, &n, msg, sizeof msg), SN_OK);
  CHECK_INT(n, 1);
  sn_contact_points_free(p);
  int s_idx = m->pairs[0].slave, topn = 2, top = m->pairs[0].master;
  CHECK(!strcmp(m->surfaces[topn].name, "TOPN"));

  /* a slave node of its own master face: those faces are skipped. Node 14 = grid (1,1,1),
   * the centre of the top (shared by all 4 faces): with a search distance below the face
   * size nothing else is within reach */
  m->pairs[0].slave = topn;
  CHECK_INT(sn_contact_detect(m, NULL, 0.5, &p, &n, msg, sizeof msg), SN_OK);
  CHECK_INT(n, 0);
  CHECK(p == NULL);
  m->pairs[0].slave = s_idx;

  /* node-based master */
  m->pairs[0].master = topn;
  msg[0] = 0;
  CHECK_INT(sn_contact_detect(m, NULL, 0, &p, &n, msg, sizeof msg), SN_ERR_FORMAT);
  CHECK(strstr(msg, "node based") != NULL);
  CHECK(p == NULL && n == 0);
  m->pairs[0].master = top;

  /* face surface on a truss */
  int e0 = m->surfaces[top].elem[0];
  m->surfaces[top].elem[0] = sn_model_elem_index(m, 50);
  CHECK_INT(sn_contact_detect(m, NULL, 0, &p, &n, msg, sizeof msg), SN_ERR_FORMAT);
  CHECK(strstr(msg, "T3D2") != NULL && strstr(msg, "no face") != NULL);
  m->surfaces[top].elem[0] = e0;

  /* empty surfaces */
  int ns = m->surfaces[top].n;
  m->surfaces[top].n = 0;
  CHECK_INT(sn_contact_detect(m, NULL, 0, &p, &n, msg, sizeof msg), SN_ERR_FORMAT);
  CHECK(strstr(msg, "empty") != NULL && strstr(msg, "TOP") != NULL);
  m->surfaces[top].n = ns;
  ns = m->surfaces[s_idx].n;
  m->surfaces[s_idx].n = 0;
  CHECK_INT(sn_contact_detect(m, NULL, 0, &p, &n, msg, sizeof msg), SN_ERR_FORMAT);
  CHECK(strstr(msg, "slave surface 'S' is empty") != NULL);
  m->surfaces[s_idx].n = ns;

  /* bad arguments, non-finite displacement */
  CHECK_INT(sn_contact_detect(NULL, NULL, 0, &p, &n, msg, sizeof msg), SN_ERR_ARG);
  CHECK_INT(sn_contact_detect(m, NULL, 0, NULL, &n, msg, sizeof msg), SN_ERR_ARG);
  double *u = calloc((size_t)(3 * m->nnodes), sizeof *u);
  u[4] = NAN;
  CHECK_INT(sn_contact_detect(m, u, 0, &p, &n, msg, sizeof msg), SN_ERR_NAN);
  free(u);
  CHECK_INT(sn_contact_H(m, NULL, 1, NULL), SN_ERR_ARG);
  sn_model_free(m);

  /* a node in two rigid bodies */
  hex_block(&b, 0, 1, 1, 1, o1, L1, 1, 1, "B", flat);
  bp(&b, "*NODE\n100, 0.5, 0.5, 3\n101, 0, 0, -1\n102, 0, 0, -2\n*NSET, NSET=A\n1, 2\n*NSET, NSET=C\n2, 3\n");
  bp(&b, "%s*SOLID SECTION, ELSET=B, MATERIAL=STEEL\n", MATERIAL);
  bp(&b, "*RIGID BODY, NSET=A, REF NODE=101\n*RIGID BODY, NSET=C, REF NODE=102\n");
  bp(&b, "*SURFACE, NAME=TOP\nB, S2\n*SURFACE, NAME=S, TYPE=NODE\n100\n%s", INTERACTION);
  bp(&b, "*CONTACT PAIR, INTERACTION=SI\nS, TOP\n");
  m = parse(&b);
  if (!m) return;
  CHECK_INT(sn_contact_detect(m, NULL, 0, &p, &n, msg, sizeof msg), SN_ERR_FORMAT);
  CHECK(strstr(msg, "two rigid bodies") != NULL);
  sn_model_free(m);
}

/* ---- (g) node surfaces without weights: CalculiX' areas (src/contact/node_area.c) ---- */
static double area_of(const sn_model *m, const sn_contact_point *p, int n, int id)
{
  int v = sn_model_node_index(m, id);
  for (int k = 0; k < n; k++)
    if (p[k].slave_node == v) return p[k].area;
  return -1;
}

/* measured with ccx 2.20 (LINEAR law with sigma_inf given, one slave node pressed onto the
 * face, area = contact force / pressure at its overclosure): 3D, two 0.5 bricks side by side
 * on a block: a node on their shared bottom edge 0.2500 (its 4 free quarter faces; the shared
 * face counts for none), a corner 0.1876 (3 quarter faces); a node of springs only on a 1 x 1
 * (2 x 2) face: 1.000 (4.000), the master face's area. 2D (upper body of two CPE4 on a CPE4
 * face 2 long, thickness 2): 4.000 for a corner and a shared node, the master face's length
 * times the thickness; CAX4: 0.1047 and 0.1396 at r = 1.5 and 2 for ccx's 2-degree segment,
 * 2 pi r x 2 here (1/180 of it in ccx's segment). */
static void test_node_surface_areas(void)
{
  buf b = {0};
  double o[3] = {-1, -1, -1}, L[3] = {4, 3, 1}, ou[3] = {0, 0, 0}, Lu[3] = {1, 0.5, 0.5};
  hex_block(&b, 0, 1, 1, 1, o, L, 1, 1, "B", flat);
  hex_block(&b, 0, 2, 1, 1, ou, Lu, 1000, 100, "U", flat);
  bp(&b, "*NODE\n2000, 0.5, 1.5, 0.\n%s*SOLID SECTION, ELSET=B, MATERIAL=STEEL\n", MATERIAL);
  bp(&b, "*SOLID SECTION, ELSET=U, MATERIAL=STEEL\n*SURFACE, NAME=TOP\nB, S2\n");
  bp(&b, "*SURFACE, NAME=S, TYPE=NODE\n1000\n1001\n1004\n2000\n%s", INTERACTION);
  bp(&b, "*CONTACT PAIR, INTERACTION=SI\nS, TOP\n");
  sn_model *m = parse(&b);
  sn_contact_point *p = NULL;
  int n = 0;
  if (m) {
    CHECK_INT(detect(m, NULL, 0.1, &p, &n), SN_OK);
    CHECK_INT(n, 4);
    CHECK_CLOSE(area_of(m, p, n, 1000), 0.1875, 1e-12, 0);
    CHECK_CLOSE(area_of(m, p, n, 1001), 0.25, 1e-12, 0);
    CHECK_CLOSE(area_of(m, p, n, 1004), 0.25, 1e-12, 0);
    CHECK_CLOSE(area_of(m, p, n, 2000), 12, 1e-12, 0);
    sn_contact_points_free(p);
    sn_model_free(m);
  }
  for (int axi = 0; axi < 2; axi++) {
    const char *t = axi ? "CAX4" : "CPE4", *sec = axi ? "" : "2.\n";
    double o2[2] = {1, -1}, L2[2] = {2, 1}, o3[2] = {1.5, 0}, L3[2] = {1, 0.5};
    quad_block(&b, t, 1, 1, o2, L2, 1, 1, "B", flat);
    quad_block(&b, t, 2, 1, o3, L3, 100, 100, "U", flat);
    bp(&b, "%s*SOLID SECTION, ELSET=B, MATERIAL=STEEL\n%s*SOLID SECTION, ELSET=U, MATERIAL=STEEL\n%s", MATERIAL, sec, sec);
    bp(&b, "*SURFACE, NAME=TOP\nB, S3\n*SURFACE, NAME=S, TYPE=NODE\n100\n101\n%s", INTERACTION);
    bp(&b, "*CONTACT PAIR, INTERACTION=SI\nS, TOP\n");
    m = parse(&b);
    if (!m) continue;
    CHECK_INT(detect(m, NULL, 0.1, &p, &n), SN_OK);
    CHECK_INT(n, 2);
    CHECK_CLOSE(area_of(m, p, n, 100), axi ? 2 * PI * 1.5 * 2 : 4, 1e-12, 0);
    CHECK_CLOSE(area_of(m, p, n, 101), axi ? 2 * PI * 2 * 2 : 4, 1e-12, 0);
    sn_contact_points_free(p);
    sn_model_free(m);
  }
}

int main(void)
{
  test_2d_blocks("CPE4", 0.5);
  test_2d_blocks("CPS4", 1);
  test_2d_blocks("CPE8", 2);
  test_2d_blocks("CAX4", 1);
  test_3d_blocks(0);
  test_3d_blocks(1);
  test_tets(0);
  test_tets(1);
  test_tilted_face();
  test_project_families();
  test_fd();
  test_rigid(0);
  test_rigid(1);
  test_search();
  test_errors();
  test_node_surface_areas();
  return sn_check_report();
}
