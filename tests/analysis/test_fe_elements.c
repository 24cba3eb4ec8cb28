/* The elements C3D6, C3D15 and C3D8I in whole analyses (decks written here):
 *  (a) a cantilever one element thick (10 x 1 x 1 cubes, nu = 0, clamped by u_x = u_y = 0 on
 *      x = 0), under an end couple M: Euler-Bernoulli's v(L) = M L^2 / (2 E I), which the exact
 *      field u = -k x y, v = k x^2 / 2 (k = M / EI) makes exact for C3D8I (the bubble 1 - xi^2
 *      holds x^2); C3D8 locks (its deflection well below); under an end shear P: Timoshenko's
 *      v(L) = P L^3 / (3 E I) + P L / (kappa G A) (kappa = 5/6), C3D8I within 2 %;
 *  (b) the faces of the wedges as contact surfaces: a cube of two C3D6 (or C3D15) wedges pressed
 *      (pressure p on its far face, the other displacement components held, nu = 0: uniaxial)
 *      onto another, through their triangular faces (S1 on S2, direction z) or quadrilateral
 *      ones (S4 on S3, direction y), each side master or slave: matching faces, so that the
 *      uniform compression u = p d / E (d: the distance from the held face) is the discrete
 *      solution (C3D15: the triangles only, see main); the contact forces sum to p A, every displacement to 1e-8 relative. (With
 *      non-matching faces - triangles on a quadrilateral - node-to-surface contact does not
 *      pass this patch test; issue #14's mortar point is about that.)
 * References: Timoshenko & Gere, "Mechanics of Materials", end-loaded cantilever; the
 * Timoshenko beam's shear term with kappa = 5/6 (Cowper 1966 gives 10(1+nu)/(12+11nu) = 5/6 at
 * nu = 0). */
#include "fe_deck.h"

static const double E = 1000, L = 10, H = 1;

/* the cantilever: nodes (i, j, k) id 1 + i + 11 j + 22 k, element i id i + 1 */
static void cantilever(fd_buf *b, sn_eltype t, int couple)
{
  fd_print(b, "*NODE,NSET=NALL\n");
  for (int k = 0; k < 2; k++)
    for (int j = 0; j < 2; j++)
      for (int i = 0; i <= 10; i++) fd_print(b, "%d,%d,%d,%d\n", 1 + i + 11 * j + 22 * k, i, j, k);
  fd_print(b, "*ELEMENT,TYPE=%s,ELSET=E1\n", sn_element_desc(t)->name);
  for (int i = 0; i < 10; i++) {
    int n1 = 1 + i;
    fd_print(b, "%d,%d,%d,%d,%d,%d,%d,%d,%d\n", i + 1, n1, n1 + 1, n1 + 12, n1 + 11, n1 + 22, n1 + 23, n1 + 34, n1 + 33);
  }
  fd_print(b, "*NSET,NSET=ROOT\n1,12,23,34\n*BOUNDARY\nROOT,1,2\n1,3,3\n");
  fd_print(b, "*MATERIAL,NAME=M\n*ELASTIC\n%g,0\n*SOLID SECTION,ELSET=E1,MATERIAL=M\n*STEP\n*STATIC\n*CLOAD\n", E);
  if (couple)   /* M = 1: F = M / (2 H) at each tip node, -x at the bottom (y = 0), +x at the top */
    fd_print(b, "11,1,-0.5\n33,1,-0.5\n22,1,0.5\n44,1,0.5\n");
  else          /* P = 1: a quarter at each tip node */
    fd_print(b, "11,2,0.25\n22,2,0.25\n33,2,0.25\n44,2,0.25\n");
  fd_print(b, "*END STEP\n");
}

static double tip(sn_eltype t, int couple)
{
  fd_buf b = {0};
  cantilever(&b, t, couple);
  fd_result r;
  int st = fd_run(&b, "cantilever", &r);
  CHECK_INT(st, SN_OK);
  double v = 0;
  for (int id = 11; id <= 44; id += 11) v += 0.25 * fd_u(&r, id, 1);
  fd_free(&r);
  return v;
}

static void test_cantilever(void)
{
  double I = H * H * H / 12, A = H * H, G = E / 2;
  double vm = L * L / (2 * E * I), vp = L * L * L / (3 * E * I) + L / (5.0 / 6.0 * G * A);
  double m8i = tip(SN_EL_C3D8I, 1), m8 = tip(SN_EL_C3D8, 1), p8i = tip(SN_EL_C3D8I, 0), p8 = tip(SN_EL_C3D8, 0);
  CHECK_CLOSE(m8i, -vm, 1e-8, 0);   /* the couple (+x on top) bends the beam down */
  CHECK(fabs(p8i - vp) <= 0.02 * vp);
  CHECK(fabs(m8) < 0.75 * vm && p8 < 0.75 * vp);   /* shear locking of the fully integrated brick */
  printf("cantilever, end couple: C3D8I %.10g, C3D8 %.6g, Euler-Bernoulli %.10g\n", m8i, m8, -vm);
  printf("cantilever, end shear:  C3D8I %.6g (%+.2f %%), C3D8 %.6g, Timoshenko %.6g\n", p8i, 100 * (p8i / vp - 1), p8, vp);
}

/* (b) a cube [0,1]^3 of two wedges: corners 1..8 (x fastest, then y, then z), wedges 1 (1-2-3,
 * 5-6-7) and 2 (1-3-4, 5-7-8), midside nodes (C3D15) 101.. shared between them; the pressed
 * cube the same, node ids + 10 (midsides + 100), elements 3 and 4, shifted by +1 in z (dir 2)
 * or -1 in y (dir 1): matching faces, so that the uniform state is the discrete solution */
static int cube_nodes(fd_buf *b, sn_eltype wt, int off, double dy, double dz, int mid[2][9], double mx[20][3])
{
  static const double cx[8][3] = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0},
                                  {0, 0, 1}, {1, 0, 1}, {1, 1, 1}, {0, 1, 1}};
  static const int w[2][6] = {{1, 2, 3, 5, 6, 7}, {1, 3, 4, 5, 7, 8}};
  static const int em[9][2] = {{0, 1}, {1, 2}, {2, 0}, {3, 4}, {4, 5}, {5, 3}, {0, 3}, {1, 4}, {2, 5}};
  int nmid = 0;
  for (int a = 0; a < 8; a++) fd_print(b, "%d,%g,%g,%g\n", a + 1 + off, cx[a][0], cx[a][1] + dy, cx[a][2] + dz);
  if (wt == SN_EL_C3D15)
    for (int e = 0; e < 2; e++)
      for (int k = 0; k < 9; k++) {
        const double *p = cx[w[e][em[k][0]] - 1], *q = cx[w[e][em[k][1]] - 1];
        double x[3] = {0.5 * (p[0] + q[0]), 0.5 * (p[1] + q[1]), 0.5 * (p[2] + q[2])};
        int f = -1;
        for (int j = 0; j < nmid && f < 0; j++)
          if (mx[j][0] == x[0] && mx[j][1] == x[1] && mx[j][2] == x[2]) f = j;
        if (f < 0) {
          f = nmid++;
          memcpy(mx[f], x, sizeof x);
          fd_print(b, "%d,%g,%g,%g\n", 101 + 10 * off + f, x[0], x[1] + dy, x[2] + dz);
        }
        mid[e][k] = 101 + 10 * off + f;
      }
  return nmid;
}

static void cube_elements(fd_buf *b, sn_eltype wt, int e0, int off, const int mid[2][9], const char *elset)
{
  static const int w[2][6] = {{1, 2, 3, 5, 6, 7}, {1, 3, 4, 5, 7, 8}};
  fd_print(b, "*ELEMENT,TYPE=%s,ELSET=%s\n", sn_element_desc(wt)->name, elset);
  for (int e = 0; e < 2; e++) {
    fd_print(b, "%d", e0 + e);
    for (int a = 0; a < 6; a++) fd_print(b, ",%d", w[e][a] + off);
    if (wt == SN_EL_C3D15) {
      for (int k = 0; k < 8; k++) fd_print(b, ",%d", mid[e][k]);
      fd_print(b, ",\n%d", mid[e][8]);
    }
    fd_print(b, "\n");
  }
}

static void wedge_contact(sn_eltype wt, int dir, int lower_master)
{
  const double p = 2.0;
  int mid0[2][9], mid1[2][9];
  double mx0[20][3], mx1[20][3];
  fd_buf b = {0};
  fd_print(&b, "*NODE,NSET=NALL\n");
  int nmid = cube_nodes(&b, wt, 0, 0, 0, mid0, mx0);
  cube_nodes(&b, wt, 10, dir == 1 ? -1 : 0, dir == 2 ? 1 : 0, mid1, mx1);
  cube_elements(&b, wt, 1, 0, (const int (*)[9])mid0, "EL");
  cube_elements(&b, wt, 3, 10, (const int (*)[9])mid1, "EU");
  fd_print(&b, "*ELSET,ELSET=EALL\nEL,EU\n");
  /* z: the lower wedges' top triangles S2, the upper ones' bottom triangles S1; y: the lower
   * wedge 1's S3 (y = 0), the upper wedge 2's S4 (its y = 1 side, at y = 0) */
  const char *lface = dir == 2 ? "1,S2\n2,S2\n" : "1,S3\n";
  const char *uface = dir == 2 ? "3,S1\n4,S1\n" : "4,S4\n";
  fd_print(&b, "*SURFACE,NAME=SL\n%s*SURFACE,NAME=SU\n%s", lface, uface);
  fd_print(&b, "*SURFACE INTERACTION,NAME=I\n*SURFACE BEHAVIOR,PRESSURE-OVERCLOSURE=HARD\n");
  fd_print(&b, "*CONTACT PAIR,INTERACTION=I,TYPE=NODE TO SURFACE\n%s\n", lower_master ? "SU,SL" : "SL,SU");
  /* the lower cube's far face held in dir, every node's other two components held (nu = 0) */
  fd_print(&b, "*BOUNDARY\nNALL,1,1\nNALL,%d,%d\n", dir == 2 ? 2 : 3, dir == 2 ? 2 : 3);
  for (int a = 0; a < 8; a++) {
    double y = (a / 2) % 2 == 1, z = a >= 4;
    if ((dir == 2 && z == 0) || (dir == 1 && y == 1)) fd_print(&b, "%d,%d,%d\n", a + 1, dir + 1, dir + 1);
  }
  for (int k = 0; k < nmid; k++)
    if ((dir == 2 && mx0[k][2] == 0) || (dir == 1 && mx0[k][1] == 1)) fd_print(&b, "%d,%d,%d\n", 101 + k, dir + 1, dir + 1);
  fd_print(&b, "*MATERIAL,NAME=M\n*ELASTIC\n%g,0\n*SOLID SECTION,ELSET=EALL,MATERIAL=M\n", E);
  /* the pressure on the upper cube's far face: its top triangles S2 (z), wedge 1's S3 (y) */
  if (dir == 2) fd_print(&b, "*STEP\n*STATIC\n*DLOAD\n3,P2,%g\n4,P2,%g\n*END STEP\n", p, p);
  else fd_print(&b, "*STEP\n*STATIC\n*DLOAD\n3,P3,%g\n*END STEP\n", p);
  fd_result r;
  int st = fd_run(&b, "wedge_contact", &r);
  CHECK_INT(st, SN_OK);
  if (st != SN_OK) { fd_free(&r); return; }
  double s = dir == 2 ? -1 : 1;   /* the direction the upper cube is pushed in */
  double err = 0;
  for (int i = 0; i < r.nnodes; i++) {   /* u_dir = s p / E times the distance from the held face */
    const double *x = r.m->x + 3 * i;
    double d = dir == 2 ? x[2] : 1 - x[1];
    err = fmax(err, fabs(r.u[3 * i + dir] - s * p / E * d));
  }
  CHECK(err <= 1e-8 * 2 * p / E);
  CHECK_CLOSE(fabs(r.fcontact[dir]), p, 1e-8, 0);
  CHECK(r.ncontact >= 4);
  printf("%s %s faces (lower cube %s): %d contact points, force %.10g (p A = %g), |u - exact| %.1e (of %g)\n",
         sn_element_desc(wt)->name, dir == 2 ? "triangular S2 / S1" : "quadrilateral S3 / S4",
         lower_master ? "master" : "slave", r.ncontact, fabs(r.fcontact[dir]), p, err, 2 * p / E);
  fd_free(&r);
}

int main(void)
{
  test_cantilever();
  for (int m = 0; m < 2; m++) {
    wedge_contact(SN_EL_C3D6, 2, m);
    wedge_contact(SN_EL_C3D6, 1, m);
    wedge_contact(SN_EL_C3D15, 2, m);
    /* not C3D15's 8-node quadrilateral faces: their corner nodes' consistent share of a
     * uniform pressure is negative (-A/12), which HARD node-to-surface contact cannot carry
     * (the corners lift off: 5e-4 of 4e-3 measured here), the same as for C3D20 faces */
  }
  return sn_check_report();
}
