#!/usr/bin/env python3
"""Write an Abaqus/CalculiX deck of a 3D block of C3D8 elements (issue #5 scale runs, and the
contact block of issue #6 later).

    python3 bench/gen_block.py NX [NY NZ] [-o block.inp] [--size LX LY LZ] [--pressure P]

The block [0,LX]x[0,LY]x[0,LZ] (default 1 x 1 x 1) is cut into NX x NY x NZ hexahedra
(NY = NZ = NX by default); degrees of freedom: 3 (NX+1)(NY+1)(NZ+1). Steel (E = 210000, nu = 0.3),
bottom face z = 0 clamped, uniform pressure P (default 100) on the top face z = LZ (face S2 of
each top element), one static step in one increment, *NODE PRINT of the top corner node (set
PROBE) so that the printed results stay small at any size."""
import argparse
import sys


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("n", type=int, nargs="+", help="NX [NY NZ]")
    ap.add_argument("-o", "--output", default="-")
    ap.add_argument("--size", type=float, nargs=3, default=[1.0, 1.0, 1.0])
    ap.add_argument("--pressure", type=float, default=100.0)
    a = ap.parse_args()
    if len(a.n) not in (1, 3) or min(a.n) < 1:
        ap.error("give NX or NX NY NZ, all >= 1")
    nx, ny, nz = (a.n * 3)[:3] if len(a.n) == 1 else a.n
    lx, ly, lz = a.size
    out = sys.stdout if a.output == "-" else open(a.output + ".tmp", "w")
    w = out.write

    def nid(i, j, k):
        return 1 + i + (nx + 1) * (j + (ny + 1) * k)

    def eid(i, j, k):
        return 1 + i + nx * (j + ny * k)

    w("*HEADING\nblock of %d x %d x %d C3D8 elements, %d degrees of freedom\n"
      % (nx, ny, nz, 3 * (nx + 1) * (ny + 1) * (nz + 1)))
    w("*NODE, NSET=ALL\n")
    for k in range(nz + 1):
        z = lz * k / nz
        for j in range(ny + 1):
            y = ly * j / ny
            w("".join("%d, %.10g, %.10g, %.10g\n" % (nid(i, j, k), lx * i / nx, y, z) for i in range(nx + 1)))
    w("*ELEMENT, TYPE=C3D8, ELSET=BLOCK\n")
    for k in range(nz):
        for j in range(ny):
            w("".join("%d, %d, %d, %d, %d, %d, %d, %d, %d\n" % (
                eid(i, j, k), nid(i, j, k), nid(i + 1, j, k), nid(i + 1, j + 1, k), nid(i, j + 1, k),
                nid(i, j, k + 1), nid(i + 1, j, k + 1), nid(i + 1, j + 1, k + 1), nid(i, j + 1, k + 1))
                for i in range(nx)))
    w("*NSET, NSET=BOTTOM, GENERATE\n%d, %d, 1\n" % (nid(0, 0, 0), nid(nx, ny, 0)))
    w("*NSET, NSET=PROBE\n%d\n" % nid(nx, ny, nz))
    w("*ELSET, ELSET=TOP, GENERATE\n%d, %d, 1\n" % (eid(0, 0, nz - 1), eid(nx - 1, ny - 1, nz - 1)))
    w("*MATERIAL, NAME=STEEL\n*ELASTIC\n210000., 0.3\n")
    w("*SOLID SECTION, ELSET=BLOCK, MATERIAL=STEEL\n")
    w("*BOUNDARY\nBOTTOM, 1, 3\n")
    w("*STEP\n*STATIC\n1., 1.\n")
    w("*DLOAD\nTOP, P2, %.10g\n" % a.pressure)
    w("*NODE PRINT, NSET=PROBE\nU\n")
    w("*END STEP\n")
    if out is not sys.stdout:
        out.close()
        import os
        os.replace(a.output + ".tmp", a.output)


if __name__ == "__main__":
    main()
