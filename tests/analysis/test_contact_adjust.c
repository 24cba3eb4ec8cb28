/* *CONTACT PAIR, ADJUST= on a SURFACE TO SURFACE pair (contact_adjust.c), by hand: a CPE4 block
 * (master, top face y = 0 over x in [0, 1]) and a second one whose bottom face is the slave
 * surface, node 5 at (0.5, 0.05) over the master, node 6 at (1.2, -0.001) beside its edge.
 * ADJUST=0.1: node 5 moves onto the face (0.5, 0); node 6, whose closest point is the face's
 * corner (1, 0) away from the normal, is not over the master and stays (CalculiX' thread deck:
 * such a node pulled sideways onto the flange's edge inverted its element). */
#include "adjust_deck.h"
#include "check.h"
#include "analysis/contact_internal.h"
#include "signorini/io.h"

#include <string.h>

int main(void)
{
  static const char *deck = ADJUST_MODEL "*STEP\n*STATIC\n*END STEP\n";
  char msg[512];
  sn_model *m = NULL;
  CHECK_INT(sn_inp_parse(deck, strlen(deck), "adjust.inp", NULL, &m, msg, sizeof msg), SN_OK);
  if (!m) return sn_check_report();
  CHECK_INT(sn_contact_adjust(m, msg, sizeof msg), SN_OK);
  int i5 = -1, i6 = -1;
  for (int i = 0; i < m->nnodes; i++) {
    if (m->node_id[i] == 5) i5 = i;
    if (m->node_id[i] == 6) i6 = i;
  }
  CHECK(i5 >= 0 && i6 >= 0);
  CHECK_CLOSE(m->x[3 * i5], 0.5, 1e-12, 1e-12);
  CHECK_CLOSE(m->x[3 * i5 + 1], 0.0, 1e-12, 1e-12);
  CHECK_CLOSE(m->x[3 * i6], 1.2, 1e-15, 0);
  CHECK_CLOSE(m->x[3 * i6 + 1], -0.001, 1e-15, 0);
  sn_model_free(m);
  return sn_check_report();
}
