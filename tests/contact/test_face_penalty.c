/* CalculiX' face-to-face penalty contact (src/contact/face_penalty.c): a SURFACE TO SURFACE pair
 * with a LINEAR law is enforced at the slave faces' integration points.
 * - A unit C3D8 block pressed (pressure 100) flat onto a unit C3D8 block, rollers on x = 0 and
 *   y = 0, the lower block on z = 0, E = 1e5, nu = 0.3, slope K = 1e4: the contact pressure is
 *   uniform, the overclosure is p / K = 0.01 exactly (linear law), so the upper block's bottom
 *   moves by -(1e-3 + 0.01) and its top by -(2e-3 + 0.01) (uniaxial stress 100 / E). ccx 2.20
 *   on the same deck prints the same (-1.100000E-02, -1.200000E-02).
 * - The same under NLGEOM: ccx 2.20 prints -1.100811E-02 (bottom) and -1.201021E-02 (top): the
 *   follower pressure on the top face (grown by the lateral stretch) over the contact weights of
 *   the undeformed slave face.
 * - 14 contact points: the slave face lies under one master face, one piece of the segmentation
 *   (detect.c), two triangles of 7 points each.
 * - The upper block as two C3D8 elements on top of the one (non-matching faces): the same
 *   displacements (the Gauss points integrate the uniform pressure exactly), 28 points (each slave
 *   face one piece).
 * - TYPE=MORTAR keeps the mortar rows (a weighted gap per slave node): the same answer, 4 points.
 * - The load as two *DLOAD lines of 50 on the same face: they add up (ccx 2.20 on this deck with
 *   two lines of 100 doubles the displacements: -2.2e-2, -2.4e-2), the same answer.
 * - The match frozen at the increment's start (sn_contact_pair.u_start, as CalculiX freezes its
 *   face-to-face contact over an increment): with the master face tilted by u_start (z += 0.1 x
 *   on its nodes) and the current configuration flat, the points' normal is the tilted one,
 *   (-0.1, 0, 1) / |.|, and their gap is measured along it to the material point of the master
 *   matched there; without u_start, (0, 0, 1) and gap 0.
 * - A start gap within round-off (1e-14 at coordinates of 2: below 1e-12 of them) is touching,
 *   gap 0 at every point; an overclosure as small within the increment (-1e-13) is not dropped
 *   (CalculiX' plate: 5e-11 at coordinates of 100 in its first increment, which stalled Newton
 *   when taken as 0); a start gap of 1e-6 stays.
 * - *FREQUENCY after the static step, PERTURBATION (density 1e-3): the contact points' springs
 *   (slope x weight along their columns of H); ccx 2.20 on the same deck: 0.8856527E+07 (the
 *   upper block on its contact springs; 1.8e-4 here), 0.1663501E+09 (1.5e-3), 0.2309077E+09. */
#include "fe_deck.h"
#include "signorini/contact.h"

static void deck(fd_buf *b, int nlgeom, int split, const char *type, int halves, int freq)
{
  fd_print(b, "*NODE\n1,0,0,0\n2,1,0,0\n3,1,1,0\n4,0,1,0\n5,0,0,1\n6,1,0,1\n7,1,1,1\n8,0,1,1\n");
  if (!split) {
    fd_print(b, "11,0,0,1\n12,1,0,1\n13,1,1,1\n14,0,1,1\n15,0,0,2\n16,1,0,2\n17,1,1,2\n18,0,1,2\n");
    fd_print(b, "*ELEMENT,TYPE=C3D8,ELSET=EU\n2,11,12,13,14,15,16,17,18\n");
    fd_print(b, "*SURFACE,NAME=SS\n2,S1\n*NSET,NSET=NX0\n1,4,5,8,11,14,15,18\n*NSET,NSET=NY0\n1,2,5,6,11,12,15,16\n");
  } else {   /* two elements side by side in x: x = 0, 0.5, 1 */
    fd_print(b, "11,0,0,1\n12,0.5,0,1\n13,1,0,1\n14,0,1,1\n15,0.5,1,1\n16,1,1,1\n");
    fd_print(b, "21,0,0,2\n22,0.5,0,2\n23,1,0,2\n24,0,1,2\n25,0.5,1,2\n26,1,1,2\n");
    fd_print(b, "*ELEMENT,TYPE=C3D8,ELSET=EU\n2,11,12,15,14,21,22,25,24\n3,12,13,16,15,22,23,26,25\n");
    fd_print(b, "*SURFACE,NAME=SS\n2,S1\n3,S1\n*NSET,NSET=NX0\n1,4,5,8,11,14,21,24\n*NSET,NSET=NY0\n1,2,5,6,11,12,13,21,22,23\n");
  }
  fd_print(b, "*ELEMENT,TYPE=C3D8,ELSET=EL\n1,1,2,3,4,5,6,7,8\n*ELSET,ELSET=EALL\nEL,EU\n*NSET,NSET=NBOT\n1,2,3,4\n");
  fd_print(b, "*MATERIAL,NAME=M\n*ELASTIC\n1.E5,0.3\n%s", freq ? "*DENSITY\n1.E-3\n" : "");
  fd_print(b, "*SOLID SECTION,ELSET=EALL,MATERIAL=M\n*SURFACE,NAME=SM\n1,S2\n");
  fd_print(b, "*CONTACT PAIR,INTERACTION=SI,TYPE=%s\nSS,SM\n", type);
  fd_print(b, "*SURFACE INTERACTION,NAME=SI\n*SURFACE BEHAVIOR,PRESSURE-OVERCLOSURE=LINEAR\n1.E4\n");
  fd_print(b, "*BOUNDARY\nNBOT,3,3\nNX0,1,1\nNY0,2,2\n*STEP%s\n*STATIC\n*DLOAD\n%s%s*END STEP\n",
           nlgeom ? ",NLGEOM" : "", halves ? "2,P2,50.\n2,P2,50.\n" : "2,P2,100.\n", split ? "3,P2,100.\n" : "");
  if (freq) fd_print(b, "*STEP,PERTURBATION\n*FREQUENCY\n3\n*END STEP\n");
}

static void run(int nlgeom, int split, const char *type, double want_bot, double want_top, int want_np, int halves)
{
  fd_buf b = {0};
  fd_result r;
  deck(&b, nlgeom, split, type, halves, 0);
  CHECK_INT(fd_run_tol(&b, "face_penalty", &r, 1e-12), SN_OK);
  if (r.m) {
    CHECK_INT(sn_contact_face_penalty(r.m, 0), strcmp(type, "MORTAR") != 0);
    int bot = split ? 12 : 11, top = split ? 23 : 17;
    CHECK_CLOSE(fd_u(&r, bot, 2), want_bot, 2e-6, 0);
    CHECK_CLOSE(fd_u(&r, top, 2), want_top, 2e-6, 0);
    CHECK_CLOSE(r.fcontact[2], nlgeom ? 100.0 * (1 + 3.00436e-4) * (1 + 3.00436e-4) : 100.0, 1e-6, 0);   /* on the slave, along +z */
    CHECK_INT(r.ncontact, want_np);
  }
  fd_free(&r);
}

typedef struct {
  int n;
  double lam[3];
} freqs;

static int grab(const sn_model *m, const sn_fesys *S, const sn_frequency_result *res, void *user)
{
  (void)m; (void)S;
  freqs *f = user;
  for (int k = 0; k < res->nev && k < 3; k++) f->lam[k] = res->eigenvalue[k];
  f->n = res->nev;
  return 0;
}

static void perturbation(void)
{
  fd_buf b = {0};
  deck(&b, 0, 0, "SURFACE TO SURFACE", 0, 1);
  sn_model *m = NULL;
  char msg[512];
  freqs f = {0};
  int st = sn_inp_parse(b.s, b.n, "face_penalty_freq", NULL, &m, msg, sizeof msg);
  free(b.s);
  CHECK_INT(st, SN_OK);
  if (st) { fprintf(stderr, "%s\n", msg); return; }
  sn_static_settings s;
  sn_static_settings_default(&s);
  s.on_frequency = grab;
  s.user = &f;
  st = sn_static_run(m, &s, NULL, msg, sizeof msg);
  if (st) fprintf(stderr, "%s\n", msg);
  CHECK_INT(st, SN_OK);
  CHECK_INT(f.n, 3);
  CHECK_CLOSE(f.lam[0], 0.8856527e7, 3e-4, 0);
  CHECK_CLOSE(f.lam[1], 0.1663501e9, 2e-3, 0);
  CHECK_CLOSE(f.lam[2], 0.2309077e9, 1e-6, 0);
  sn_model_free(m);
}

static void frozen_normal(void)
{
  fd_buf b = {0};
  deck(&b, 0, 0, "SURFACE TO SURFACE", 0, 0);
  sn_model *m = NULL;
  char msg[512];
  int st = sn_inp_parse(b.s, b.n, "face_penalty_frozen", NULL, &m, msg, sizeof msg);
  free(b.s);
  CHECK_INT(st, SN_OK);
  if (st) return;
  double *u0 = calloc(3 * (size_t)m->nnodes, sizeof(double));
  for (int id = 5; id <= 8; id++) {
    int i = sn_model_node_index(m, id);
    u0[3 * i + 2] = 0.1 * m->x[3 * i];
  }
  for (int pass = 0; pass < 2; pass++) {
    m->pairs[0].u_start = pass ? u0 : NULL;
    sn_contact_point *pts = NULL;
    int np = 0;
    CHECK_INT(sn_contact_detect(m, NULL, 0.0, &pts, &np, msg, sizeof msg), SN_OK);
    CHECK_INT(np, 14);
    double L = sqrt(1.01);
    for (int k = 0; k < np; k++) {
      CHECK_CLOSE(pts[k].normal[0], pass ? -0.1 / L : 0.0, 0, 1e-12);
      CHECK_CLOSE(pts[k].normal[2], pass ? 1 / L : 1.0, 0, 1e-12);
      CHECK_CLOSE(pts[k].t1[0] * pts[k].normal[0] + pts[k].t1[1] * pts[k].normal[1] + pts[k].t1[2] * pts[k].normal[2], 0, 0, 1e-12);
      /* the faces touch now; matched at the start (tilted master), the master point is the
       * material point of the projection there, x / 1.01 (the foot of (x, y, 1) on z = 1 + 0.1 x):
       * g = n0 . (x_s - x_m) = -0.1 x (1 - 1 / 1.01) / L; unmatched, 0 */
      CHECK_CLOSE(pts[k].gap, pass ? -0.1 * pts[k].x_slave[0] * (0.01 / 1.01) / L : 0.0, 0, 1e-12);
    }
    sn_contact_points_free(pts);
  }
  m->pairs[0].u_start = NULL;
  free(u0);
  sn_model_free(m);
}

/* a C3D20 block [x0,x1] x [0,1] x [z0,z1] of nx x 1 x 1 elements: the nodes of a (2 nx + 1) x 3 x 3
 * lattice without the points with two odd indices, numbered from id0 (x fastest, then y, z); the
 * nodes at z0 raised by c (x - 1)^2 - 2e-4 when c != 0; id[i][j][k] the lattice's node ids */
static void c3d20_block(fd_buf *b, double x0, double x1, int nx, double z0, double z1, double c, int id0,
                        int id[7][3][3])
{
  int n = id0;
  for (int k = 0; k < 3; k++)
    for (int j = 0; j < 3; j++)
      for (int i = 0; i <= 2 * nx; i++) {
        if ((i % 2) + (j % 2) + (k % 2) > 1) continue;
        double x = x0 + (x1 - x0) * i / (2 * nx), y = j / 2.0, z = z0 + (z1 - z0) * k / 2;
        if (c != 0 && k == 0) z += c * (x - 1) * (x - 1) - 2e-4;
        id[i][j][k] = n;
        fd_print(b, "%d,%.12g,%.12g,%.12g\n", n++, x, y, z);
      }
}

static void c3d20_elements(fd_buf *b, int nx, int e0, int id[7][3][3])
{
  static const int c[20][3] = {{0, 0, 0}, {2, 0, 0}, {2, 2, 0}, {0, 2, 0}, {0, 0, 2}, {2, 0, 2}, {2, 2, 2},
                               {0, 2, 2}, {1, 0, 0}, {2, 1, 0}, {1, 2, 0}, {0, 1, 0}, {1, 0, 2}, {2, 1, 2},
                               {1, 2, 2}, {0, 1, 2}, {0, 0, 1}, {2, 0, 1}, {2, 2, 1}, {0, 2, 1}};
  for (int e = 0; e < nx; e++) {
    fd_print(b, "%d", e0 + e);
    for (int a = 0; a < 20; a++) fd_print(b, "%s%d", a == 15 ? ",\n" : ",", id[2 * e + c[a][0]][c[a][1]][c[a][2]]);
    fd_print(b, "\n");
  }
}

/* A C3D20 punch with a curved bottom, z = 1 + 0.016 (x - 1)^2 - 2e-4 (x in [0.5, 1.5], 2 elements), on a
 * C3D20 block [0, 2] x [0, 1] x [0, 1] of 3 elements (master faces' edges at x = 2/3, 4/3, inside
 * the slave faces), LINEAR law K = 1e5, pressure 100 on the punch's top (held in x, y), NLGEOM, one
 * increment: the contact zone ends inside the slave faces and the punch slides on the master
 * within the increment. ccx 2.20 on the same deck (U of nodes 42, 1003, 1006, 1022, largest |U|
 * 1.47e-2); signorini agrees to 5e-8 (3e-6 of the largest). Before the match was frozen and the
 * faces integrated by 3 x 3 cells, it differed by 1.1e-4 (7.6e-3 of the largest). */
static void curved_punch(void)
{
  fd_buf b = {0};
  int lo[7][3][3], up[7][3][3];
  fd_print(&b, "*NODE,NSET=NALL\n");
  c3d20_block(&b, 0, 2, 3, 0, 1, 0, 1, lo);
  c3d20_block(&b, 0.5, 1.5, 2, 1, 1.5, 0.016, 1001, up);
  fd_print(&b, "*ELEMENT,TYPE=C3D20,ELSET=EL\n");
  c3d20_elements(&b, 3, 1, lo);
  fd_print(&b, "*ELEMENT,TYPE=C3D20,ELSET=EU\n");
  c3d20_elements(&b, 2, 101, up);
  fd_print(&b, "*ELSET,ELSET=EALL\nEL,EU\n*NSET,NSET=NBOT\n");
  for (int i = 0; i <= 6; i++)
    for (int j = 0; j < 3; j++)
      if ((i % 2) + (j % 2) < 2) fd_print(&b, "%d\n", lo[i][j][0]);
  fd_print(&b, "*NSET,NSET=NTOP\n");
  for (int i = 0; i <= 4; i++)
    for (int j = 0; j < 3; j++)
      if ((i % 2) + (j % 2) < 2) fd_print(&b, "%d\n", up[i][j][2]);
  fd_print(&b, "*MATERIAL,NAME=M\n*ELASTIC\n1.E4,0.3\n*SOLID SECTION,ELSET=EALL,MATERIAL=M\n");
  fd_print(&b, "*SURFACE,NAME=SM\n1,S2\n2,S2\n3,S2\n*SURFACE,NAME=SS\n101,S1\n102,S1\n");
  fd_print(&b, "*CONTACT PAIR,INTERACTION=SI,TYPE=SURFACE TO SURFACE\nSS,SM\n*SURFACE INTERACTION,NAME=SI\n");
  fd_print(&b, "*SURFACE BEHAVIOR,PRESSURE-OVERCLOSURE=LINEAR\n1.E5\n*BOUNDARY\nNBOT,1,3\nNTOP,1,2\n");
  fd_print(&b, "*STEP,NLGEOM\n*STATIC\n*DLOAD\n101,P2,100.\n102,P2,100.\n*END STEP\n");
  fd_result r;
  CHECK_INT(fd_run_tol(&b, "face_penalty_punch", &r, 1e-10), SN_OK);
  if (r.m) {
    static const struct { int id; double u[3]; } ccx[] = {
      {42, {-4.772349e-04, 1.583109e-03, -6.957730e-03}},
      {1003, {0, -1.631939e-03, -9.211778e-03}},
      {1006, {-1.676791e-03, 0, -9.297617e-03}},
      {1022, {0, 0, -1.357339e-02}}};
    for (int k = 0; k < 4; k++)
      for (int c = 0; c < 3; c++) CHECK_CLOSE(fd_u(&r, ccx[k].id, c), ccx[k].u[c], 0, 1e-6);
  }
  fd_free(&r);
}

static void small_overclosure(void)
{
  fd_buf b = {0};
  deck(&b, 0, 0, "SURFACE TO SURFACE", 0, 0);
  sn_model *m = NULL;
  char msg[512];
  int st = sn_inp_parse(b.s, b.n, "face_penalty_small", NULL, &m, msg, sizeof msg);
  free(b.s);
  CHECK_INT(st, SN_OK);
  if (st) return;
  double *u0 = calloc(3 * (size_t)m->nnodes, sizeof(double)), *u = calloc(3 * (size_t)m->nnodes, sizeof(double));
  /* start gap g0 (upper block lifted), then the upper block moved by du within the increment */
  const double cases[3][3] = {{1e-14, 0, 0}, {1e-14, -1e-13, -1e-13}, {1e-6, 0, 1e-6}};   /* g0, du, gap */
  for (int c = 0; c < 3; c++) {
    for (int id = 11; id <= 18; id++) {
      int i = sn_model_node_index(m, id);
      u0[3 * i + 2] = cases[c][0];
      u[3 * i + 2] = cases[c][0] + cases[c][1];
    }
    m->pairs[0].u_start = u0;
    sn_contact_point *pts = NULL;
    int np = 0;
    CHECK_INT(sn_contact_detect(m, u, 0.0, &pts, &np, msg, sizeof msg), SN_OK);
    CHECK_INT(np, 14);
    for (int k = 0; k < np; k++) CHECK_CLOSE(pts[k].gap, cases[c][2], 1e-6, 1e-15);   /* round-off of coordinates ~1: 4e-16 */
    sn_contact_points_free(pts);
  }
  m->pairs[0].u_start = NULL;
  free(u0);
  free(u);
  sn_model_free(m);
}

int main(void)
{
  small_overclosure();
  curved_punch();
  frozen_normal();
  perturbation();
  run(0, 0, "SURFACE TO SURFACE", -0.011, -0.012, 14, 0);
  run(1, 0, "SURFACE TO SURFACE", -1.100811e-2, -1.201021e-2, 14, 0);
  run(0, 1, "SURFACE TO SURFACE", -0.011, -0.012, 28, 0);
  run(0, 0, "MORTAR", -0.011, -0.012, 4, 0);
  run(0, 0, "SURFACE TO SURFACE", -0.011, -0.012, 14, 1);
  return sn_check_report();
}
