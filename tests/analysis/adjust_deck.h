/* The deck of test_contact_adjust and test_ccx_output (without its step): a CPE4 block
 * (master, top face y = 0 over x in [0, 1]) and a second one whose bottom face is the slave
 * surface, node 5 at (0.5, 0.05) over the master, node 6 at (1.2, -0.001) beside its edge,
 * *CONTACT PAIR, ADJUST=0.1: node 5 is moved onto (0.5, 0), node 6 stays. */
#ifndef SN_TEST_ADJUST_DECK_H
#define SN_TEST_ADJUST_DECK_H

#define ADJUST_MODEL                                                                                  \
  "*NODE\n1, 0, -1\n2, 1, -1\n3, 1, 0\n4, 0, 0\n5, 0.5, 0.05\n6, 1.2, -0.001\n7, 1.2, 1\n8, 0.5, 1\n" \
  "*ELEMENT, TYPE=CPE4, ELSET=E\n1, 1, 2, 3, 4\n2, 5, 6, 7, 8\n"                                      \
  "*MATERIAL, NAME=M\n*ELASTIC\n1000., 0.3\n*SOLID SECTION, ELSET=E, MATERIAL=M\n1.\n"               \
  "*SURFACE, NAME=MA\n1, S3\n*SURFACE, NAME=SL\n2, S1\n"                                           \
  "*SURFACE INTERACTION, NAME=I\n*SURFACE BEHAVIOR, PRESSURE-OVERCLOSURE=HARD\n"                     \
  "*CONTACT PAIR, INTERACTION=I, TYPE=SURFACE TO SURFACE, ADJUST=0.1\nSL, MA\n"                      \
  "*BOUNDARY\n1, 1, 2\n2, 1, 2\n"

#endif
