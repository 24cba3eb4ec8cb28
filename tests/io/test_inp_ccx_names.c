/* CalculiX 2.20's rules for names and sections that decks rely on (its test decks metalforming and
 * metalformingmortar use all of them), each checked against ccx 2.20 on the same small deck:
 *  (a) an element in two *SOLID SECTIONs takes the later one: a unit C3D8 cube, all of it in a
 *      section of E = 210000, then in one of E = 1000, nu = 0, pulled by 4 x 1 at its top:
 *      u_z = F L / (E A) = 4e-3 (ccx 2.20: 4.000000E-03); the order reversed: 4 / 210000 =
 *      1.904762E-05 (ccx 2.20: 1.904762E-05);
 *  (b) a node-based and an element-face *SURFACE may share a name: the slave of a NODE TO SURFACE
 *      pair is then the node-based one (ccx 2.20 on this deck prints contact at node 9 alone, the
 *      node surface's only node; the face surface of that name holds nodes 9 to 12); a second
 *      *SURFACE of the same name and type extends the first (ccx: "a *SURFACE can be used to
 *      extend an already existing surface");
 *  (c) a node on the axis of a cylindrical *TRANSFORM gets CalculiX' radial direction (axis along
 *      y: x' = z, y' = x) instead of an error;
 *  (d) a *TIE naming a surface defined both ways is refused with the line. */
#include "fe_deck.h"

#include <string.h>

typedef fd_buf buf;
#define bp fd_print

static void cube(buf *d, int nid, double z0)
{
  static const double c[8][3] = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}, {0, 0, 1}, {1, 0, 1}, {1, 1, 1}, {0, 1, 1}};
  for (int k = 0; k < 8; k++) bp(d, "%d, %g, %g, %g\n", nid + k, c[k][0], c[k][1], c[k][2] + z0);
}

/* (a) */
static void two_sections(int soft_last)
{
  buf d = {0};
  bp(&d, "*NODE, NSET=NALL\n");
  cube(&d, 1, 0);
  bp(&d, "*ELEMENT, TYPE=C3D8, ELSET=EALL\n1, 1, 2, 3, 4, 5, 6, 7, 8\n*ELSET, ELSET=E1\n1\n");
  if (soft_last) bp(&d, "*SOLID SECTION, ELSET=EALL, MATERIAL=STEEL\n*SOLID SECTION, ELSET=E1, MATERIAL=SOFT\n");
  else bp(&d, "*SOLID SECTION, ELSET=E1, MATERIAL=SOFT\n*SOLID SECTION, ELSET=EALL, MATERIAL=STEEL\n");
  bp(&d, "*MATERIAL, NAME=STEEL\n*ELASTIC\n210000, 0.3\n*MATERIAL, NAME=SOFT\n*ELASTIC\n1000, 0.0\n"
         "*BOUNDARY\n1, 1, 3\n2, 2, 3\n3, 3, 3\n4, 1, 1\n4, 3, 3\n"
         "*STEP\n*STATIC\n*CLOAD\n5, 3, 1\n6, 3, 1\n7, 3, 1\n8, 3, 1\n*END STEP\n");
  fd_result r;
  if (fd_run(&d, "two_sections", &r) == SN_OK) {
    double want = soft_last ? 4e-3 : 4.0 / 210000;
    for (int n = 5; n <= 8; n++) CHECK_CLOSE(fd_u(&r, n, 2), want, 1e-9, 0);
    CHECK(r.m->notes && strstr(r.m->notes, "replaces the section of 1 element that had one (element 1: line"));
  }
  fd_free(&r);
}

typedef struct {
  int n, node[8];
} slaves;

static int on_inc(const sn_model *m, const sn_fesys *S, const sn_increment *inc, void *user)
{
  (void)S;
  slaves *s = user;
  s->n = inc->ncontact;
  for (int k = 0; k < inc->ncontact && k < 8; k++) s->node[k] = m->node_id[inc->contact[k].slave_node];
  return 0;
}

/* (b): two unit cubes stacked, the upper one pressed down on the lower one (fixed at its base) */
static void node_and_face_surface(void)
{
  buf d = {0};
  bp(&d, "*NODE, NSET=NALL\n");
  cube(&d, 1, 0);
  cube(&d, 9, 1);
  bp(&d, "*ELEMENT, TYPE=C3D8, ELSET=EALL\n1, 1, 2, 3, 4, 5, 6, 7, 8\n2, 9, 10, 11, 12, 13, 14, 15, 16\n"
         "*NSET, NSET=ONE\n9\n"
         "*SURFACE, NAME=SL, TYPE=NODE\nONE\n*SURFACE, NAME=SL\n2, S1\n"
         /* the master in two pieces: the second *SURFACE extends the first (a repeat is dropped) */
         "*SURFACE, NAME=MA\n1, S1\n*SURFACE, NAME=MA\n1, S2\n1, S1\n"
         "*SOLID SECTION, ELSET=EALL, MATERIAL=M\n*MATERIAL, NAME=M\n*ELASTIC\n1000, 0.0\n"
         "*SURFACE INTERACTION, NAME=I\n*SURFACE BEHAVIOR, PRESSURE-OVERCLOSURE=LINEAR\n1000000\n"
         "*CONTACT PAIR, INTERACTION=I, TYPE=NODE TO SURFACE\nSL, MA\n"
         "*BOUNDARY\n1, 1, 3\n2, 1, 3\n3, 1, 3\n4, 1, 3\n");
  for (int n = 5; n <= 16; n++) bp(&d, "%d, 1, 2\n", n);
  bp(&d, "*STEP\n*STATIC\n*CLOAD\n13, 3, -1\n14, 3, -1\n15, 3, -1\n16, 3, -1\n*END STEP\n");
  char msg[512];
  sn_model *m = NULL;
  int st = sn_inp_parse(d.s, d.n, "surf.inp", NULL, &m, msg, sizeof msg);
  free(d.s);
  if (st) fprintf(stderr, "%s\n", msg);
  CHECK_INT(st, SN_OK);
  if (st) return;
  CHECK_INT(m->nsurfaces, 3);
  const sn_surface *sl = &m->surfaces[m->pairs[0].slave], *ma = &m->surfaces[m->pairs[0].master];
  CHECK(sl->node_based && sl->n == 1 && m->node_id[sl->node[0]] == 9);
  CHECK(!ma->node_based && ma->n == 2);
  slaves s = {0};
  sn_static_settings set;
  sn_static_settings_default(&set);
  set.on_increment = on_inc;
  set.user = &s;
  sn_static_info info;
  st = sn_static_run(m, &set, &info, msg, sizeof msg);
  if (st) fprintf(stderr, "%s\n", msg);
  CHECK_INT(st, SN_OK);
  CHECK_INT(s.n, 1);
  CHECK_INT(s.node[0], 9);
  sn_model_free(m);
}

/* (c): nodes on the y axis of a cylindrical transform */
static void transform_on_axis(void)
{
  buf d = {0};
  bp(&d, "*NODE, NSET=NALL\n");
  cube(&d, 1, 0);
  bp(&d, "*ELEMENT, TYPE=C3D8, ELSET=EALL\n1, 1, 2, 3, 4, 5, 6, 7, 8\n"
         "*SOLID SECTION, ELSET=EALL, MATERIAL=M\n*MATERIAL, NAME=M\n*ELASTIC\n1000, 0.3\n"
         "*TRANSFORM, NSET=NALL, TYPE=C\n0, 0, 0, 0, 1, 0\n*STEP\n*STATIC\n*END STEP\n");
  char msg[512];
  sn_model *m = NULL;
  int st = sn_inp_parse(d.s, d.n, "axis.inp", NULL, &m, msg, sizeof msg);
  free(d.s);
  if (st) fprintf(stderr, "%s\n", msg);
  CHECK_INT(st, SN_OK);
  if (st) return;
  double R[9];
  static const double want[9] = {0, 0, 1, 1, 0, 0, 0, 1, 0};   /* e1, e2, e3 */
  for (int id = 1; id <= 4; id += 3) {   /* nodes 1 (0,0,0) and 4 (0,1,0) lie on the axis */
    CHECK_INT(sn_model_node_frame(m, sn_model_node_index(m, id), R), SN_OK);
    for (int k = 0; k < 9; k++) CHECK_CLOSE(R[k], want[k], 0, 1e-15);
  }
  /* node 5 (0,0,1): radial z, as any node off the axis */
  CHECK_INT(sn_model_node_frame(m, sn_model_node_index(m, 5), R), SN_OK);
  for (int k = 0; k < 9; k++) CHECK_CLOSE(R[k], want[k], 0, 1e-15);
  sn_model_free(m);
}

/* (d) */
static void tie_ambiguous(void)
{
  buf d = {0};
  bp(&d, "*NODE, NSET=NALL\n");
  cube(&d, 1, 0);
  cube(&d, 9, 1);
  bp(&d, "*ELEMENT, TYPE=C3D8, ELSET=EALL\n1, 1, 2, 3, 4, 5, 6, 7, 8\n2, 9, 10, 11, 12, 13, 14, 15, 16\n"
         "*NSET, NSET=ONE\n9\n*SURFACE, NAME=SL, TYPE=NODE\nONE\n*SURFACE, NAME=SL\n2, S1\n*SURFACE, NAME=MA\n1, S2\n"
         "*TIE, NAME=T\nSL, MA\n");
  char msg[512];
  sn_model *m = NULL;
  int st = sn_inp_parse(d.s, d.n, "tie.inp", NULL, &m, msg, sizeof msg);
  free(d.s);
  CHECK(st != SN_OK);
  if (!strstr(msg, "tie.inp:30:")) fprintf(stderr, "%s\n", msg);
  CHECK(strstr(msg, "tie.inp:30:") && strstr(msg, "both with TYPE=NODE and TYPE=ELEMENT"));
  if (!st) sn_model_free(m);
}

int main(void)
{
  two_sections(1);
  two_sections(0);
  node_and_face_surface();
  transform_on_axis();
  tie_ambiguous();
  return sn_check_report();
}
