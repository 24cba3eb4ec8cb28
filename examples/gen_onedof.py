#!/usr/bin/env python3
"""Write the first seed's one-degree-of-freedom contact problems as decks (issue #6, example 5).

    python3 examples/gen_onedof.py [-d DIR]        (default DIR: the folder of this script)

Seed 000 (include/signorini/onedof.h, src/analysis/onedof_*.c): a mass on a spring of
stiffness K = 100 pushed by F = -20 towards a rigid wall across the gap g0 = 0.1 (sections
1, 3.1, 3.2); the same with the nonlinear spring f_s(x) = (K + c x) x, c = -0.1 (section 3.3);
and a block on the spring f_s(x) = (K + 0.1 x) x with Coulomb friction, friction limit
mu m g = 10, loaded in three steps F = 10, 20, 10 (section 3.4).

Decks (units are the seed's, consistent but unnamed):
  onedof_penalty.inp   CONTACT=PENALTY,  HARD penalty stiffness 1000 (the seed's eps)
  onedof_lagrange.inp  CONTACT=LAGRANGE
  onedof_al.inp        CONTACT=AUGMENTED (augmentation 1000 = the HARD data line)
  onedof_ip.inp        CONTACT=INTERIOR
  onedof_nonlinear.inp CONTACT=AUGMENTED, *SPRING, NONLINEAR table sampled from (K + c x) x
  onedof_friction.inp  CONTACT=AUGMENTED, frictional floor, three steps
The reference numbers are in examples/onedof.ref (from `signorini demo seed-1dof`).

Model of the wall problems (seed orientation kept: x < 0 is towards the wall):
  node 1 at (1, 0): spring anchor, fixed;  node 2 at (0, 0): the mass;
  SPRINGA 1-2 along x: the mass moving by x changes the spring length by e = -x, the spring
  tension T(e) pulls the mass back (+x), so T(e) = -f_s(-e) = (K - c e) e;
  the wall: one CPE4 element [-1.1, -0.1] x [-0.5, 0.5] made a rigid body (reference node 15,
  fixed), master face S2 (x = -0.1); slave: the node surface {2} with weight (area) 1, so the
  contact force equals the contact pressure; gap g0 = 0.1. The mass's y dof is fixed.
Friction problem: the block (node 2) rests on a rigid floor (one CPE4 element [-0.5, 0.5] x
  [-1, 0], master face S3, y = 0); CLOAD -100 in y (m g = 100), mu = 0.1, so mu m g = 10;
  stick slope 1000 (the seed's eps_t); spring anchor node 1 at (-1, 0), e = x,
  T(e) = (K + 0.1 e) e; loads F = 10, 20, 10 in +x, one step each (totals, not increments).
"""
import argparse
import os

K = 100.0
F = -20.0
G0 = 0.1
EPS = 1000.0


def table(K, c, lo, hi, n):
    """*SPRING, NONLINEAR lines 'force, elongation' of T(e) = (K + c e) e."""
    out = []
    for i in range(n + 1):
        e = lo + (hi - lo) * i / n
        out.append("%.12g, %.12g\n" % ((K + c * e) * e, e))
    return "".join(out)


def wall_deck(title, treatment, spring_lines, nonlinear):
    w = []
    w.append("*HEADING\n%s\n" % title)
    w.append("** seed 000 (include/signorini/onedof.h): K = 100, F = -20, g0 = 0.1, eps = 1000\n")
    w.append("*NODE\n1, 1., 0.\n2, 0., 0.\n")
    w.append("** the wall: one element, a rigid body held by its reference node 15\n")
    w.append("11, -1.1, -0.5\n12, -0.1, -0.5\n13, -0.1, 0.5\n14, -1.1, 0.5\n15, -0.6, 0.\n")
    w.append("*ELEMENT, TYPE=SPRINGA, ELSET=SPRING\n1, 1, 2\n")
    w.append("*ELEMENT, TYPE=CPE4, ELSET=WALL\n2, 11, 12, 13, 14\n")
    w.append("*NSET, NSET=MASS\n2\n")
    if nonlinear:
        w.append("** nonlinear spring of seed section 3.3: f_s(x) = (K + c x) x, c = -0.1; the tension for\n"
                 "** the elongation e = -x is T(e) = (K - c e) e = (100 + 0.1 e) e, sampled every 0.001\n"
                 "** on [-0.5, 0.5] (linear interpolation error < 3e-8), extrapolated linearly beyond\n")
        w.append("*SPRING, ELSET=SPRING, NONLINEAR\n")
    else:
        w.append("*SPRING, ELSET=SPRING\n\n")
    w.append(spring_lines)
    w.append("*MATERIAL, NAME=WALLMAT\n*ELASTIC\n200000., 0.3\n")
    w.append("*SOLID SECTION, ELSET=WALL, MATERIAL=WALLMAT\n")
    w.append("*RIGID BODY, ELSET=WALL, REF NODE=15\n")
    w.append("*SURFACE, NAME=WALLFACE, TYPE=ELEMENT\nWALL, S2\n")
    w.append("*SURFACE, NAME=MASSNODE, TYPE=NODE\nMASS, 1.\n")
    w.append("*CONTACT PAIR, INTERACTION=WALLCONTACT\nMASSNODE, WALLFACE\n")
    w.append("*SURFACE INTERACTION, NAME=WALLCONTACT\n*SURFACE BEHAVIOR, PRESSURE-OVERCLOSURE=HARD\n%g\n" % EPS)
    w.append("*BOUNDARY\n1, 1, 2\n2, 2\n15, 1, 2\n")
    w.append("*STEP, CONTACT=%s\npush the mass towards the wall\n*STATIC\n1., 1.\n" % treatment)
    w.append("*CLOAD\n2, 1, %g\n" % F)
    w.append("*NODE PRINT, NSET=MASS\nU, RF\n*CONTACT PRINT\nCSTR, CDIS\n*END STEP\n")
    return "".join(w)


def friction_deck():
    w = []
    w.append("*HEADING\nseed 000 section 3.4: block on a nonlinear spring with Coulomb friction, steps F = 10, 20, 10\n")
    w.append("** f_s(x) = (100 + 0.1 x) x; mu m g = 0.1 * 100 = 10; stick slope 1000 (the seed's eps_t)\n")
    w.append("*NODE\n1, -1., 0.\n2, 0., 0.\n")
    w.append("** the floor: one element, a rigid body held by its reference node 15\n")
    w.append("11, -0.5, -1.\n12, 0.5, -1.\n13, 0.5, 0.\n14, -0.5, 0.\n15, 0., -0.5\n")
    w.append("*ELEMENT, TYPE=SPRINGA, ELSET=SPRING\n1, 1, 2\n")
    w.append("*ELEMENT, TYPE=CPE4, ELSET=FLOOR\n2, 11, 12, 13, 14\n")
    w.append("*NSET, NSET=BLOCK\n2\n")
    w.append("** spring anchor at (-1, 0): the elongation is e = x, tension T(e) = (100 + 0.1 e) e,\n"
             "** sampled every 0.001 on [-0.5, 0.5], extrapolated linearly beyond\n")
    w.append("*SPRING, ELSET=SPRING, NONLINEAR\n")
    w.append(table(K, 0.1, -0.5, 0.5, 1000))
    w.append("*MATERIAL, NAME=FLOORMAT\n*ELASTIC\n200000., 0.3\n")
    w.append("*SOLID SECTION, ELSET=FLOOR, MATERIAL=FLOORMAT\n")
    w.append("*RIGID BODY, ELSET=FLOOR, REF NODE=15\n")
    w.append("*SURFACE, NAME=FLOORFACE, TYPE=ELEMENT\nFLOOR, S3\n")
    w.append("*SURFACE, NAME=BLOCKNODE, TYPE=NODE\nBLOCK, 1.\n")
    w.append("*CONTACT PAIR, INTERACTION=FLOORCONTACT\nBLOCKNODE, FLOORFACE\n")
    w.append("*SURFACE INTERACTION, NAME=FLOORCONTACT\n*SURFACE BEHAVIOR, PRESSURE-OVERCLOSURE=HARD\n1e6\n"
             "*FRICTION\n0.1, 1000.\n")
    w.append("*BOUNDARY\n1, 1, 2\n15, 1, 2\n")
    for i, f in enumerate((10.0, 20.0, 10.0)):
        w.append("*STEP, CONTACT=AUGMENTED\nload step %d: F = %g\n*STATIC\n1., 1.\n" % (i + 1, f))
        w.append("*CLOAD\n2, 1, %g\n2, 2, -100.\n" % f)
        w.append("*NODE PRINT, NSET=BLOCK\nU, RF\n*CONTACT PRINT\nCSTR, CDIS\n*END STEP\n")
    return "".join(w)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("-d", "--dir", default=os.path.dirname(os.path.abspath(__file__)))
    a = ap.parse_args()
    lin = "%g\n" % K
    decks = {
        "onedof_penalty.inp": wall_deck("seed 000 section 1: penalty, mass on a spring against a rigid wall", "PENALTY", lin, False),
        "onedof_lagrange.inp": wall_deck("seed 000 section 1: Lagrange multiplier, mass on a spring against a rigid wall", "LAGRANGE", lin, False),
        "onedof_al.inp": wall_deck("seed 000 section 3.1: augmented Lagrangian, mass on a spring against a rigid wall", "AUGMENTED", lin, False),
        "onedof_ip.inp": wall_deck("seed 000 section 3.2: interior point, mass on a spring against a rigid wall", "INTERIOR", lin, False),
        "onedof_nonlinear.inp": wall_deck("seed 000 section 3.3: nested augmented Lagrangian, nonlinear spring (100 - 0.1 x) x against a rigid wall",
                                          "AUGMENTED", table(K, 0.1, -0.5, 0.5, 1000), True),
        "onedof_friction.inp": friction_deck(),
    }
    for name, text in decks.items():
        with open(os.path.join(a.dir, name), "w") as f:
            f.write(text)
        print("wrote", os.path.join(a.dir, name))


if __name__ == "__main__":
    main()
