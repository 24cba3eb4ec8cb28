#!/usr/bin/env python3
"""Write the contact scale deck of issue #6: a C3D8 block pressed and slid on a rigid plane with
Coulomb friction, for signorini (CONTACT= on *STEP) and for CalculiX (ccx), from one generator.

    python3 bench/gen_contact_block.py NX [NY NZ] [-o deck.inp] [--treatment T] [options]

Geometry (units N, mm, MPa): the block [0,LX]x[0,LY]x[0,LZ] (default 45 x 45 x 16 mm) cut into
NX x NY x NZ hexahedra (NY = NX, NZ = NX by default; 45 45 16 gives 1 mm cubes, 46*46*17 = 35 972
nodes = 107 916 degrees of freedom, 46*46 = 2 116 bottom contact nodes). Steel, E = 210000 MPa,
nu = 0.3. The rigid plane z = 0 is a coarse plate of 7 x 7 x 1 C3D8 elements under the block,
[-m, LX+m] x [-m, LY+m] x [-5, 0] (m = LX/18), whose top face is the master surface; its edges
do not line up with the block's node lines. By default (--obstacle fixed) every plate node is
held by *BOUNDARY: the one deck form that both programs read unchanged (signorini's *RIGID BODY
takes REF NODE only, ccx's also needs its rotational node held, ROT NODE= which signorini
refuses). --obstacle rigid writes the plate as a *RIGID BODY with a fixed reference node
instead (and for --treatment CCX adds ROT NODE= held too).

Contact: node-to-surface pair, slave = the block's bottom face (element face S1 of the bottom
layer, so that both programs compute the slave nodes' tributary areas), master = the plate's top
face (S2). Interaction: *SURFACE BEHAVIOR, PRESSURE-OVERCLOSURE=LINEAR with slope K (default
1e6 MPa/mm, about 5 x E h per node for h = 1 mm: the penetration is about p / K = 2.5e-4 mm,
1.6 % of the default push, so penalty forces come out about 2 % below the exact ones) and tension
sigma_inf (0.5 MPa), read by both programs as a penalty law whose nodal stiffness is K times the
slave node's area (signorini CONTACT=PENALTY / AUGMENTED use it; LAGRANGE and INTERIOR enforce
the gap exactly and ignore it); *FRICTION mu = 0.3 and stick slope K/10 (ccx's advice;
signorini's penalty tangential stiffness = stick slope x area). Why not stiffer: ccx 2.20 with
*STATIC, DIRECT diverges in the first sliding increment with K = 1e7 or 3e6 (checked on 9 x 9 x
4: "solution seems to diverge; please try automatic incrementation"), and with K = 1e6 but a
stick slope of 1e6; K = 1e6 with stick slope 1e5 runs at 9 x 9 x 4 and 18 x 18 x 7. --law HARD writes instead the HARD law with the per-node penalty stiffness
K x (LX/NX)(LY/NY) on its data line (signorini only: CalculiX 2.20's manual has no HARD).

Loading (displacement controlled, *STATIC, DIRECT: fixed increments, no cutback):
  step 1: the top face z = LZ pushed down by --press (default LZ/1000 = 0.016 mm: strain 1e-3,
          pressures about 250 MPa), its x and y held: 5 increments;
  step 2: the top face moved by --slide along x (default 0.05 mm) with the push kept: 5
          increments. 0.05 mm is well beyond gross sliding (with the interface stuck, mu p =
          75 MPa of shear is reached at s = mu p LZ / G = 0.015 mm), so at the end the whole
          interface slips and the tangential force is exactly mu x the normal force: a check
          that needs no reference solution.
10 increments in all. Output: *NODE PRINT, NSET=TOP, RF (TOTALS=YES: ccx prints the sum,
signorini ignores the parameter; sum the rows) in every increment, nothing else for ccx; signorini
writes its .vtu files and BASE_contact.csv regardless.

--dynamic V H N (signorini only; needs --law HARD) writes instead one *DYNAMIC step of N time steps of
H s: the block (density 7.85e-9 t/mm^3) thrown onto the plate it rests on at (0.3 V, 0, -V) mm/s,
unloaded; it lands, slides and bounces off (the condensed contact problem of every contact time
step: docs/fe-dynamics.md, "Cost of a contact step"). E.g. 24 24 8 --law HARD --dynamic 1000 2e-7
200.

--treatment LAGRANGE|PENALTY|AUGMENTED|INTERIOR writes signorini's CONTACT= on each *STEP
(with --solver NAME also SOLVER=); --treatment CCX writes the CalculiX variant: the same deck
without signorini's *STEP parameters (and nothing else differs with --obstacle fixed)."""
import argparse
import os
import sys


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("n", type=int, nargs="+", help="NX [NY NZ]")
    ap.add_argument("-o", "--output", default="-")
    ap.add_argument("--size", type=float, nargs=3, default=[45.0, 45.0, 16.0], metavar=("LX", "LY", "LZ"))
    ap.add_argument("--treatment", default="LAGRANGE",
                    choices=["LAGRANGE", "PENALTY", "AUGMENTED", "INTERIOR", "CCX"], type=str.upper)
    ap.add_argument("--solver", default="", help="signorini's SOLVER= (registry name; default: none)")
    ap.add_argument("--obstacle", default="fixed", choices=["fixed", "rigid"])
    ap.add_argument("--law", default="LINEAR", choices=["LINEAR", "HARD"], type=str.upper)
    ap.add_argument("--mu", type=float, default=0.3)
    ap.add_argument("--slope", type=float, default=1e6, help="penalty slope K, MPa/mm (default 1e6)")
    ap.add_argument("--stick-slope", type=float, default=None, help="default K/10")
    ap.add_argument("--sigma-inf", type=float, default=0.5)
    ap.add_argument("--press", type=float, default=None, help="top displacement down, default LZ/1000")
    ap.add_argument("--slide", type=float, default=0.05, help="top displacement along x in step 2")
    ap.add_argument("--dynamic", type=float, nargs=3, default=None, metavar=("V", "H", "N"),
                    help="one *DYNAMIC step instead: thrown at (0.3 V, 0, -V) mm/s, N time steps of H s")
    ap.add_argument("--inc", type=int, nargs=2, default=[5, 5], metavar=("N1", "N2"),
                    help="increments of steps 1 and 2 (default 5 5)")
    a = ap.parse_args()
    if a.dynamic and (a.law != "HARD" or a.treatment == "CCX" or a.dynamic[0] <= 0 or a.dynamic[1] <= 0
                      or a.dynamic[2] < 1):
        ap.error("--dynamic V H N needs --law HARD, a signorini treatment, V > 0, H > 0 and N >= 1")
    if len(a.n) not in (1, 3) or min(a.n) < 1:
        ap.error("give NX or NX NY NZ, all >= 1")
    nx, ny, nz = (a.n * 3)[:3] if len(a.n) == 1 else a.n
    lx, ly, lz = a.size
    press = lz / 1000.0 if a.press is None else a.press
    stick = a.slope / 10.0 if a.stick_slope is None else a.stick_slope
    ccx = a.treatment == "CCX"
    out = sys.stdout if a.output == "-" else open(a.output + ".tmp", "w")
    w = out.write

    def nid(i, j, k):
        return 1 + i + (nx + 1) * (j + (ny + 1) * k)

    def eid(i, j, k):
        return 1 + i + nx * (j + ny * k)

    nblock = (nx + 1) * (ny + 1) * (nz + 1)
    ndof = 3 * nblock
    # plate ids above the block's
    p0 = 10 ** len(str(nblock + 1))
    e0 = 10 ** len(str(nx * ny * nz + 1))
    px = py = 7
    m = lx / 18.0
    x0, x1, y0, y1, t = -m, lx + m, -m * ly / lx, ly + m * ly / lx, 5.0

    def pid(i, j, k):
        return p0 + 1 + i + (px + 1) * (j + (py + 1) * k)

    w("*HEADING\ncontact block: %d x %d x %d C3D8 on a rigid plane, %d dofs, %d contact nodes, mu %g, %s\n"
      % (nx, ny, nz, ndof, (nx + 1) * (ny + 1), a.mu, "*DYNAMIC" if a.dynamic else a.treatment))
    w("** generated by bench/gen_contact_block.py %s\n" % " ".join(sys.argv[1:]))
    if a.dynamic:
        w("** units N, mm, MPa, t, s; thrown at (%.6g, 0, %.6g) mm/s, %d time steps of %.6g s\n"
          % (0.3 * a.dynamic[0], -a.dynamic[0], int(a.dynamic[2]), a.dynamic[1]))
    else:
        w("** units N, mm, MPa; step 1 press %.6g mm (%d increments), step 2 slide %.6g mm along x (%d increments)\n"
          % (press, a.inc[0], a.slide, a.inc[1]))
    w("*NODE, NSET=BLOCKN\n")
    for k in range(nz + 1):
        z = lz * k / nz
        for j in range(ny + 1):
            y = ly * j / ny
            w("".join("%d, %.10g, %.10g, %.10g\n" % (nid(i, j, k), lx * i / nx, y, z) for i in range(nx + 1)))
    w("*NODE, NSET=PLATEN\n")
    for k in range(2):
        for j in range(py + 1):
            w("".join("%d, %.10g, %.10g, %.10g\n" % (pid(i, j, k), x0 + (x1 - x0) * i / px,
                                                     y0 + (y1 - y0) * j / py, -t + t * k) for i in range(px + 1)))
    ref = p0 + (px + 1) * (py + 1) * 2 + 1
    if a.obstacle == "rigid":
        w("*NODE, NSET=REFN\n%d, %.10g, %.10g, %.10g\n" % (ref, lx / 2, ly / 2, -t))
        if ccx:
            w("*NODE, NSET=ROTN\n%d, %.10g, %.10g, %.10g\n" % (ref + 1, lx / 2, ly / 2, -t))
    w("*ELEMENT, TYPE=C3D8, ELSET=BLOCK\n")
    for k in range(nz):
        for j in range(ny):
            w("".join("%d, %d, %d, %d, %d, %d, %d, %d, %d\n" % (
                eid(i, j, k), nid(i, j, k), nid(i + 1, j, k), nid(i + 1, j + 1, k), nid(i, j + 1, k),
                nid(i, j, k + 1), nid(i + 1, j, k + 1), nid(i + 1, j + 1, k + 1), nid(i, j + 1, k + 1))
                for i in range(nx)))
    w("*ELEMENT, TYPE=C3D8, ELSET=PLATE\n")
    for j in range(py):
        w("".join("%d, %d, %d, %d, %d, %d, %d, %d, %d\n" % (
            e0 + 1 + i + px * j, pid(i, j, 0), pid(i + 1, j, 0), pid(i + 1, j + 1, 0), pid(i, j + 1, 0),
            pid(i, j, 1), pid(i + 1, j, 1), pid(i + 1, j + 1, 1), pid(i, j + 1, 1)) for i in range(px)))
    w("*NSET, NSET=TOP, GENERATE\n%d, %d, 1\n" % (nid(0, 0, nz), nid(nx, ny, nz)))
    w("*ELSET, ELSET=BOTTOMEL, GENERATE\n%d, %d, 1\n" % (eid(0, 0, 0), eid(nx - 1, ny - 1, 0)))
    w("*MATERIAL, NAME=STEEL\n*ELASTIC\n210000., 0.3\n")
    if a.dynamic:
        w("*DENSITY\n7.85e-9\n")
    w("*SOLID SECTION, ELSET=BLOCK, MATERIAL=STEEL\n")
    w("*SOLID SECTION, ELSET=PLATE, MATERIAL=STEEL\n")
    w("*SURFACE, NAME=SLAVE, TYPE=ELEMENT\nBOTTOMEL, S1\n")
    w("*SURFACE, NAME=PLANE, TYPE=ELEMENT\nPLATE, S2\n")
    if a.obstacle == "rigid":
        w("*RIGID BODY, ELSET=PLATE, REF NODE=%d%s\n" % (ref, ", ROT NODE=%d" % (ref + 1) if ccx else ""))
    w("*CONTACT PAIR, INTERACTION=STEELPLANE, TYPE=NODE TO SURFACE\nSLAVE, PLANE\n")
    w("*SURFACE INTERACTION, NAME=STEELPLANE\n")
    if a.law == "LINEAR":
        w("*SURFACE BEHAVIOR, PRESSURE-OVERCLOSURE=LINEAR\n%.10g, %.10g\n" % (a.slope, a.sigma_inf))
    else:
        w("*SURFACE BEHAVIOR, PRESSURE-OVERCLOSURE=HARD\n%.10g\n" % (a.slope * (lx / nx) * (ly / ny)))
    w("*FRICTION\n%.10g, %.10g\n" % (a.mu, stick))
    w("*BOUNDARY\n")
    if a.obstacle == "rigid":
        w("REFN, 1, 3\n")
        if ccx:
            w("ROTN, 1, 3\n")
    else:
        w("PLATEN, 1, 3\n")
    if a.dynamic:
        v, h, n = a.dynamic
        w("*NSET, NSET=BLOCKN, GENERATE\n%d, %d, 1\n" % (nid(0, 0, 0), nid(nx, ny, nz)))
        w("*INITIAL CONDITIONS, TYPE=VELOCITY\nBLOCKN, 1, %.10g\nBLOCKN, 3, %.10g\n" % (0.3 * v, -v))
        w("*STEP%s\nthrow\n*DYNAMIC\n%.10g, %.10g\n*END STEP\n" % (", SOLVER=%s" % a.solver if a.solver else "",
                                                                    h, h * int(n)))
    extra = "" if ccx else ", CONTACT=%s%s" % (a.treatment, ", SOLVER=%s" % a.solver if a.solver else "")
    for s, (title, ux, n) in enumerate([] if a.dynamic else [("press", 0.0, a.inc[0]), ("slide", a.slide, a.inc[1])]):
        w("*STEP, INC=100%s\n%s\n" % (extra, title))
        w("*STATIC, DIRECT\n%.10g, 1.\n" % (1.0 / n))
        w("*BOUNDARY\nTOP, 1, 1, %.10g\nTOP, 2, 2, 0.\nTOP, 3, 3, %.10g\n" % (ux, -press))
        w("*NODE PRINT, NSET=TOP, TOTALS=YES\nRF\n")
        w("*END STEP\n")
    if out is not sys.stdout:
        out.close()
        os.replace(a.output + ".tmp", a.output)


if __name__ == "__main__":
    main()
