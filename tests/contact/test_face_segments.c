/* The cut of slave faces by master faces (src/contact/segment.c) seen through the face-to-face
 * penalty points (detect.c): the points' areas dA add up to the part of the slave surface that
 * lies under the master, whatever the shapes of the faces. Each case is a slave block touching
 * a master block (gap 0), LINEAR law; sn_contact_detect's points are summed.
 * - An annulus r in [1, 2] of 8 C3D8 sectors (trapezoidal faces) on one master face 5 x 5: the
 *   whole slave surface, 8 x (1/2) sin(45 deg) (2^2 - 1^2) = 6 sqrt(2). Before the cut was made
 *   in the slave face's projection plane, the master's corners, far outside each slave face,
 *   were mapped onto the extended (folding) bilinear parametrisation of the trapezoid: no piece
 *   at all (0), and 30 % of the area with 16 sectors of 2 rings (a review of b5c42ed).
 * - The same annulus of 16 sectors and 2 rings under 3 x 3 master faces: 16 x (1/2) sin(22.5
 *   deg) (4 - 1).
 * - A collapsed C3D8 (nodes 3 and 4 equal: a wedge, as meshers write them) on one master face:
 *   its triangle, 0.32 (before: 0.2853).
 * - A flat plate of 2 x 2 C3D8 faces over 4 C3D20 quarter annulus sectors r in [1, 2] (curved
 *   8-node master faces): the piecewise linear ring through the corner and midside nodes, whose
 *   polygon is not convex at the inner arc, 8 x (1/2) sin(45 deg) (4 - 1) = 6 sqrt(2). Before
 *   the master's polygon was cut into convex parts: 7.11 (the notches counted twice), and an
 *   answer that moved with the slave mesh. */
#include "fe_deck.h"
#include "signorini/contact.h"

#include <math.h>

static const double PI = 3.14159265358979323846;

/* the sum of the detected points' areas of the deck's pair */
static double area_sum(fd_buf *b, const char *name)
{
  sn_model *m = NULL;
  char msg[512];
  int st = sn_inp_parse(b->s, b->n, name, NULL, &m, msg, sizeof msg);
  free(b->s);
  memset(b, 0, sizeof *b);
  CHECK_INT(st, SN_OK);
  if (st) {
    fprintf(stderr, "%s\n", msg);
    return NAN;
  }
  sn_contact_point *pts = NULL;
  int np = 0;
  st = sn_contact_detect(m, NULL, 0.0, &pts, &np, msg, sizeof msg);
  CHECK_INT(st, SN_OK);
  double A = 0;
  for (int k = 0; k < np; k++) A += pts[k].area;
  sn_contact_points_free(pts);
  sn_model_free(m);
  return A;
}

static void tail(fd_buf *b, const char *master_elset, int master_face, const char *slave_elset, int slave_face)
{
  fd_print(b, "*MATERIAL,NAME=M\n*ELASTIC\n1.E5,0.3\n*SOLID SECTION,ELSET=EM,MATERIAL=M\n*SOLID SECTION,ELSET=ES,MATERIAL=M\n");
  fd_print(b, "*SURFACE,NAME=SM\n%s,S%d\n*SURFACE,NAME=SS\n%s,S%d\n", master_elset, master_face, slave_elset, slave_face);
  fd_print(b, "*CONTACT PAIR,INTERACTION=SI,TYPE=SURFACE TO SURFACE\nSS,SM\n");
  fd_print(b, "*SURFACE INTERACTION,NAME=SI\n*SURFACE BEHAVIOR,PRESSURE-OVERCLOSURE=LINEAR\n1.E4\n");
  fd_print(b, "*STEP\n*STATIC\n*END STEP\n");
}

/* master: nm x nm C3D8 on [-L, L]^2 x [-0.5, 0] (ids from 1, elements EM from 1); top face S2 */
static void master_grid(fd_buf *b, int nm, double L)
{
  fd_print(b, "*NODE\n");
  for (int k = 0; k < 2; k++)
    for (int j = 0; j <= nm; j++)
      for (int i = 0; i <= nm; i++)
        fd_print(b, "%d,%.17g,%.17g,%.17g\n", 1 + i + (nm + 1) * (j + (nm + 1) * k), -L + 2 * L * i / nm,
                 -L + 2 * L * j / nm, k ? 0.0 : -0.5);
  fd_print(b, "*ELEMENT,TYPE=C3D8,ELSET=EM\n");
  int o = (nm + 1) * (nm + 1);
  for (int j = 0; j < nm; j++)
    for (int i = 0; i < nm; i++) {
      int a = 1 + i + (nm + 1) * j, c[4] = {a, a + 1, a + nm + 2, a + nm + 1};
      fd_print(b, "%d,%d,%d,%d,%d,%d,%d,%d,%d\n", 1 + i + nm * j, c[0], c[1], c[2], c[3], c[0] + o, c[1] + o, c[2] + o,
               c[3] + o);
    }
}

/* slave: an annulus r in [1, 2] of nsec x nr C3D8 sectors, z in [0, 0.5] (nodes from 10001,
 * elements ES from 1001); bottom face S1 */
static void slave_annulus(fd_buf *b, int nsec, int nr)
{
  fd_print(b, "*NODE\n");
  for (int k = 0; k < 2; k++)
    for (int j = 0; j <= nr; j++)
      for (int i = 0; i < nsec; i++) {
        double r = 1 + (double)j / nr, t = 2 * PI * i / nsec;
        fd_print(b, "%d,%.17g,%.17g,%.17g\n", 10001 + i + nsec * (j + (nr + 1) * k), r * cos(t), r * sin(t), 0.5 * k);
      }
  fd_print(b, "*ELEMENT,TYPE=C3D8,ELSET=ES\n");
  int o = nsec * (nr + 1);
  for (int j = 0; j < nr; j++)
    for (int i = 0; i < nsec; i++) {
      int i1 = (i + 1) % nsec, c[4] = {10001 + i + nsec * j, 10001 + i + nsec * (j + 1), 10001 + i1 + nsec * (j + 1),
                                       10001 + i1 + nsec * j};
      fd_print(b, "%d,%d,%d,%d,%d,%d,%d,%d,%d\n", 1001 + i + nsec * j, c[0], c[1], c[2], c[3], c[0] + o, c[1] + o,
               c[2] + o, c[3] + o);
    }
}

static void annulus_cases(void)
{
  fd_buf b = {0};
  master_grid(&b, 1, 2.5);
  slave_annulus(&b, 8, 1);
  tail(&b, "EM", 2, "ES", 1);
  double A = area_sum(&b, "segments_annulus8");
  printf("annulus of 8 sectors on one master face: area %.12g (exact %.12g)\n", A, 6 * sqrt(2.0));
  CHECK_CLOSE(A, 6 * sqrt(2.0), 1e-10, 0);

  master_grid(&b, 3, 2.5);
  slave_annulus(&b, 16, 2);
  tail(&b, "EM", 2, "ES", 1);
  A = area_sum(&b, "segments_annulus16");
  double ex = 16 * 0.5 * sin(PI / 8) * 3;
  printf("annulus of 16 x 2 sectors on 3 x 3 master faces: area %.12g (exact %.12g)\n", A, ex);
  CHECK_CLOSE(A, ex, 1e-6, 0);   /* trapezoids cut by straight master edges: second order */
}

static void collapsed(void)
{
  fd_buf b = {0};
  master_grid(&b, 1, 0.5);   /* [-0.5, 0.5]^2 */
  fd_print(&b, "*NODE\n11,-0.4,-0.4,0\n12,0.4,-0.4,0\n13,0,0.4,0\n15,-0.4,-0.4,0.5\n16,0.4,-0.4,0.5\n17,0,0.4,0.5\n");
  fd_print(&b, "*ELEMENT,TYPE=C3D8,ELSET=ES\n2,11,12,13,13,15,16,17,17\n");
  tail(&b, "EM", 2, "ES", 1);
  double A = area_sum(&b, "segments_collapsed");
  printf("collapsed C3D8 (a wedge) on one master face: area %.12g (exact 0.32)\n", A);
  CHECK_CLOSE(A, 0.32, 1e-10, 0);
}

/* 4 C3D20 quarter sectors r in [1, 2], z in [-0.5, 0] (master, top face S2), a flat plate of
 * ns x ns C3D8 on [-2.2, 2.2]^2 (slave, bottom face S1) */
static void curved_master(int ns)
{
  fd_buf b = {0};
  fd_print(&b, "*NODE\n");
  /* node (i, j, k): i in 0..7 around (odd: the midside angles), j in 0..2 radial (1: midside), k in
   * 0..2 (1: midside height) */
  for (int k = 0; k < 3; k++)
    for (int j = 0; j < 3; j++)
      for (int i = 0; i < 8; i++) {
        double r = 1 + 0.5 * j, t = PI / 4 * i, z = -0.5 + 0.25 * k;
        fd_print(&b, "%d,%.17g,%.17g,%.17g\n", 1 + i + 8 * (j + 3 * k), r * cos(t), r * sin(t), z);
      }
#define NID(i, j, k) (1 + ((i) % 8) + 8 * ((j) + 3 * (k)))
  fd_print(&b, "*ELEMENT,TYPE=C3D20,ELSET=EM\n");
  for (int s = 0; s < 4; s++) {
    int i0 = 2 * s, i1 = 2 * s + 1, i2 = 2 * s + 2;
    /* corners: bottom (r 1, t0), (r 2, t0), (r 2, t1), (r 1, t1) counterclockwise from +z, then top */
    int c[20] = {NID(i0, 0, 0), NID(i0, 2, 0), NID(i2, 2, 0), NID(i2, 0, 0), NID(i0, 0, 2), NID(i0, 2, 2),
                 NID(i2, 2, 2), NID(i2, 0, 2), NID(i0, 1, 0), NID(i1, 2, 0), NID(i2, 1, 0), NID(i1, 0, 0),
                 NID(i0, 1, 2), NID(i1, 2, 2), NID(i2, 1, 2), NID(i1, 0, 2), NID(i0, 0, 1), NID(i0, 2, 1),
                 NID(i2, 2, 1), NID(i2, 0, 1)};
    fd_print(&b, "%d", 1 + s);
    for (int a = 0; a < 20; a++) fd_print(&b, a == 15 ? ",\n%d" : ",%d", c[a]);
    fd_print(&b, "\n");
  }
#undef NID
  fd_print(&b, "*NODE\n");
  for (int k = 0; k < 2; k++)
    for (int j = 0; j <= ns; j++)
      for (int i = 0; i <= ns; i++)
        fd_print(&b, "%d,%.17g,%.17g,%.17g\n", 10001 + i + (ns + 1) * (j + (ns + 1) * k), -2.2 + 4.4 * i / ns,
                 -2.2 + 4.4 * j / ns, 0.5 * k);
  fd_print(&b, "*ELEMENT,TYPE=C3D8,ELSET=ES\n");
  int o = (ns + 1) * (ns + 1);
  for (int j = 0; j < ns; j++)
    for (int i = 0; i < ns; i++) {
      int a = 10001 + i + (ns + 1) * j, c[4] = {a, a + 1, a + ns + 2, a + ns + 1};
      fd_print(&b, "%d,%d,%d,%d,%d,%d,%d,%d,%d\n", 1001 + i + ns * j, c[0], c[1], c[2], c[3], c[0] + o, c[1] + o,
               c[2] + o, c[3] + o);
    }
  tail(&b, "EM", 2, "ES", 1);
  double A = area_sum(&b, "segments_curved_master");
  printf("plate of %d x %d faces on 4 curved C3D20 sectors: area %.12g (the piecewise linear ring %.12g)\n", ns, ns, A,
         6 * sqrt(2.0));
  CHECK_CLOSE(A, 6 * sqrt(2.0), 1e-9, 0);
}

int main(void)
{
  annulus_cases();
  collapsed();
  curved_master(1);
  curved_master(4);
  return sn_check_report();
}
