/* *PRE-TENSION SECTION against a hand computation: a bar of two C3D8 (x in [0, 1] and [1, 2],
 * section 1 x 1, E = 1000, nu = 0, lateral dofs held), both ends held axially, cut at x = 1 by
 * the face S4 of element 1 (normal (1, 0, 0), away from element 1), reference node 100 (not
 * defined by the deck). Each half is a spring k = E A / L = 1000.
 *  (a) *CLOAD 100, 1, 100: tension N = 100 in both halves: element 1's side of the cut (the
 *      copies) moves +N / k = +0.1, element 2's side -0.1, the reference dof (the overlap) 0.2;
 *      reactions -100 at x = 0, +100 at x = 2.
 *  (b) *BOUNDARY 100, 1, 1, 0.02 (a prescribed overlap): the two springs in series, N = 10,
 *      the copies at +0.01, reactions -10 and +10 at the ends.
 *  (c) errors: ELEMENT=, a node-based surface, no normal (deck:line messages). */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include "signorini/analysis.h"
#include "signorini/io.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  int n;
  double ux[200], rx[200];   /* by node id (< 200) */
} res;

static int grab(const sn_model *m, const sn_fesys *S, const sn_increment *inc, void *user)
{
  (void)S;
  res *r = user;
  r->n++;
  for (int i = 0; i < m->nnodes; i++)
    if (m->node_id[i] < 200) {
      r->ux[m->node_id[i]] = inc->u[m->ndf * i];
      r->rx[m->node_id[i]] = inc->rf[m->ndf * i] + inc->fext[m->ndf * i];
    }
  return 0;
}

static int run(const char *pt, const char *load, res *r, char *msg, size_t len)
{
  char deck[4096];
  snprintf(deck, sizeof deck,
           "*NODE, NSET=NALL\n1, 0, 0, 0\n2, 1, 0, 0\n3, 1, 1, 0\n4, 0, 1, 0\n5, 0, 0, 1\n6, 1, 0, 1\n7, 1, 1, 1\n8, 0, 1, 1\n"
           "9, 2, 0, 0\n10, 2, 1, 0\n11, 2, 0, 1\n12, 2, 1, 1\n"
           "*ELEMENT, TYPE=C3D8, ELSET=EALL\n1, 1, 2, 3, 4, 5, 6, 7, 8\n2, 2, 9, 10, 3, 6, 11, 12, 7\n"
           "*NSET, NSET=LEFT\n1, 4, 5, 8\n*NSET, NSET=RIGHT\n9, 10, 11, 12\n"
           "*MATERIAL, NAME=M\n*ELASTIC\n1000., 0.\n*SOLID SECTION, ELSET=EALL, MATERIAL=M\n"
           "*SURFACE, NAME=CUT\n1, S4\n%s"
           "*BOUNDARY\nNALL, 2, 3\nLEFT, 1\nRIGHT, 1\n"
           "*STEP\n*STATIC\n%s*END STEP\n", pt, load);
  sn_model *m = NULL;
  memset(r, 0, sizeof *r);
  int st = sn_inp_parse(deck, strlen(deck), "pt.inp", NULL, &m, msg, len);
  if (!st) {
    sn_static_settings s;
    sn_static_settings_default(&s);
    s.on_increment = grab;
    s.user = r;
    st = sn_static_run(m, &s, NULL, msg, len);
  }
  sn_model_free(m);
  return st;
}

int main(void)
{
  char msg[512];
  res r;
  const char *pt = "*PRE-TENSION SECTION, NODE=100, SURFACE=CUT\n1., 0., 0.\n";
  CHECK_INT(run(pt, "*CLOAD\n100, 1, 100.\n", &r, msg, sizeof msg), SN_OK);
  if (r.n == 0) fprintf(stderr, "%s\n", msg);
  CHECK_CLOSE(r.ux[100], 0.2, 1e-9, 1e-12);
  for (int id = 101; id <= 104; id++) CHECK_CLOSE(r.ux[id], 0.1, 1e-9, 1e-12);
  int side2[4] = {2, 3, 6, 7};
  double left = 0, right = 0;
  for (int k = 0; k < 4; k++) CHECK_CLOSE(r.ux[side2[k]], -0.1, 1e-9, 1e-12);
  for (int id = 1; id <= 12; id++) {
    if (id == 1 || id == 4 || id == 5 || id == 8) left += r.rx[id];
    if (id >= 9) right += r.rx[id];
  }
  CHECK_CLOSE(left, -100.0, 1e-9, 1e-9);
  CHECK_CLOSE(right, 100.0, 1e-9, 1e-9);

  CHECK_INT(run(pt, "*BOUNDARY\n100, 1, 1, 0.02\n", &r, msg, sizeof msg), SN_OK);
  CHECK_CLOSE(r.ux[100], 0.02, 1e-12, 1e-12);
  for (int id = 101; id <= 104; id++) CHECK_CLOSE(r.ux[id], 0.01, 1e-9, 1e-12);
  left = right = 0;
  for (int id = 1; id <= 12; id++) {
    if (id == 1 || id == 4 || id == 5 || id == 8) left += r.rx[id];
    if (id >= 9) right += r.rx[id];
  }
  CHECK_CLOSE(left, -10.0, 1e-9, 1e-9);
  CHECK_CLOSE(right, 10.0, 1e-9, 1e-9);

  CHECK_INT(run("*PRE-TENSION SECTION, NODE=100, ELEMENT=1\n", "*CLOAD\n100, 1, 1.\n", &r, msg, sizeof msg), SN_ERR_FORMAT);
  CHECK(strstr(msg, "pt.inp:") && strstr(msg, "ELEMENT="));
  CHECK_INT(run("*PRE-TENSION SECTION, NODE=100, SURFACE=CUT\n", "*CLOAD\n100, 1, 1.\n", &r, msg, sizeof msg), SN_ERR_FORMAT);
  CHECK(strstr(msg, "pt.inp:") && strstr(msg, "normal"));
  CHECK_INT(run("*SURFACE, NAME=NS, TYPE=NODE\n2\n*PRE-TENSION SECTION, NODE=100, SURFACE=NS\n1., 0., 0.\n", "*CLOAD\n100, 1, 1.\n",
                &r, msg, sizeof msg), SN_ERR_FORMAT);
  CHECK(strstr(msg, "pt.inp:") && strstr(msg, "element faces"));
  return sn_check_report();
}
