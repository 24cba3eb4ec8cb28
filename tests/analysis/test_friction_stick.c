/* CalculiX' perfect stick, *FRICTION with mu = 1e20 (beamptied6, ringfcontact4), on a SURFACE TO
 * SURFACE pair with a LINEAR law (slope 1e4) and stick slope 1e4: a unit C3D8 block pressed (100)
 * onto a unit C3D8 block and its top moved by 0.002 along x. It used to stop with "no solution
 * found for the contact problem" (the solvers' results rejected by the complementarity measure's
 * r_n mu |u_t| of their round-off slip); the coefficient is now taken as 1e3 (detect.c,
 * SN_MU_STICK): the run completes, every point sticks (|r_t| far inside mu r_n), and the answer is
 * that of mu = 1e3 itself, to the digit, under the step's default treatment (for such a pair the
 * penalty Newton loop, static_run.c) and under CONTACT=INTERIOR (the cone solvers). */
#include "fe_deck.h"

#include <string.h>

static int run(const char *mu, const char *ct, fd_result *r)
{
  fd_buf b = {0};
  fd_print(&b, "*NODE\n1,0,0,0\n2,1,0,0\n3,1,1,0\n4,0,1,0\n5,0,0,1\n6,1,0,1\n7,1,1,1\n8,0,1,1\n"
               "11,0,0,1\n12,1,0,1\n13,1,1,1\n14,0,1,1\n15,0,0,2\n16,1,0,2\n17,1,1,2\n18,0,1,2\n"
               "*ELEMENT,TYPE=C3D8,ELSET=EL\n1,1,2,3,4,5,6,7,8\n*ELEMENT,TYPE=C3D8,ELSET=EU\n2,11,12,13,14,15,16,17,18\n"
               "*ELSET,ELSET=EALL\nEL,EU\n*NSET,NSET=NBOT\n1,2,3,4\n*NSET,NSET=NTOP\n15,16,17,18\n"
               "*MATERIAL,NAME=M\n*ELASTIC\n1.E5,0.3\n*SOLID SECTION,ELSET=EALL,MATERIAL=M\n"
               "*SURFACE,NAME=SS\n2,S1\n*SURFACE,NAME=SM\n1,S2\n*CONTACT PAIR,INTERACTION=SI,TYPE=SURFACE TO SURFACE\nSS,SM\n"
               "*SURFACE INTERACTION,NAME=SI\n*SURFACE BEHAVIOR,PRESSURE-OVERCLOSURE=LINEAR\n1.E4\n*FRICTION\n%s,1.E4\n"
               "*BOUNDARY\nNBOT,1,3\nNTOP,2,2\n*STEP%s\n*STATIC\n*DLOAD\n2,P2,100.\n*BOUNDARY\nNTOP,1,1,0.002\n*END STEP\n", mu, ct);
  return fd_run_tol(&b, "friction_stick", r, 1e-10);
}

int main(void)
{
  static const char *ct[2] = {"", ",CONTACT=INTERIOR"};   /* the penalty loop; the cone solvers */
  for (int k = 0; k < 2; k++) {
    fd_result a, c;
    CHECK_INT(run("1.E20", ct[k], &a), SN_OK);
    CHECK_INT(run("1.E3", ct[k], &c), SN_OK);
    if (a.m && c.m && a.u && c.u) {
      double um = 0, d = 0;
      for (int q = 0; q < a.ndof; q++) um = fmax(um, fabs(c.u[q])), d = fmax(d, fabs(a.u[q] - c.u[q]));
      CHECK_CLOSE(d, 0, 0, 1e-12 * um);
      CHECK_CLOSE(fd_u(&a, 15, 0), 0.002, 0, 1e-15);
      CHECK(a.ncontact > 0);
      CHECK(fabs(a.fcontact[0]) > 0.1 && fabs(a.fcontact[0]) < 0.1 * a.fcontact[2]);   /* sheared, in stick */
      CHECK(a.m->notes && strstr(a.m->notes, "friction coefficient 1e+20 taken as 1000"));   /* said, not silent */
      CHECK(!c.m->notes || !strstr(c.m->notes, "friction coefficient"));
    }
    fd_free(&a);
    fd_free(&c);
  }
  return sn_check_report();
}
