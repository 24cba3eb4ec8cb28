#!/usr/bin/env python3
"""Write the Hertz (issue #6, example 3) and Cattaneo-Mindlin (example 4) cylinder decks.

    python3 examples/gen_hertz.py [--h 0.05] [--fine 1.5] [-o examples/hertz.inp]
    python3 examples/gen_hertz.py --mindlin [--h 0.05] [-o examples/mindlin.inp]

Both print the node count and write the analytic reference values next to the deck
(hertz.ref / mindlin.ref: key = value lines, same base name as the deck).

Hertz (frictionless): an elastic cylinder, plane strain, R = 10 mm, E = 200000 MPa,
nu = 0.3, pressed on a rigid flat by P per unit thickness (default 4000 N/mm). Quarter model:
the cylinder's centre is (0, R), the first contact point the origin; the model holds
x >= 0 (symmetry x = 0: XSYMM) and y <= R (the cut plane y = R, loaded by the uniform
pressure P / (2 R), i.e. P/2 on the quarter). Analytic (half-space, small strain):
    E* = E / (1 - nu^2),  a = sqrt(4 P R / (pi E*)),  p0 = 2 P / (pi a) = E* a / (2 R),
    p(x) = p0 sqrt(1 - x^2 / a^2)  for |x| <= a.
P = 4000 N/mm gives a = 0.4814 mm = R / 20.8 (small-strain regime; the corrections of the
finite cylinder are of order (a/R)^2 = 0.2 %, below the 0.5 % tolerance on p0).
The rigid flat: a row of CPE4 elements [-1, 12] x [-1, 0] made a rigid body (reference node
fixed) or, with --obstacle fixed, with all its nodes fixed; master face y = 0.

Mesh (CPE4): the quarter disk is the image of a square parameter domain [0, R]^2 under a
transfinite (Coons) map: side v = 0 -> the arc from the contact point over 1 rad (arc length
= u, so the map is nearly isometric near contact), u = 0 -> the symmetry axis, v = R -> the
cut plane, u = R -> the rest of the arc. In the parameter square, a uniform fine block of
size h covers [0, fine]^2 (default fine = 1.5 mm, about 3 a, the pressure and the
subsurface shear maximum at 0.78 a), then rings coarsen the elements by 3 at each level with
3:1 quadrilateral transition templates (4 quads per coarse cell) and at least two uniform
rows between levels, up to elements of --hmax (default 1.5 mm). The element size in the
contact zone is h exactly up to the final scaling to R (printed as h_actual <= h).
Sizes: h = 0.05 -> ~1.2k nodes; 0.025 -> ~4.2k; 0.0125 -> ~16k (the issue's GetFEM / CalculiX
comparison size: 0.0125 mm, 16.6k nodes).

Cattaneo-Mindlin (--mindlin, friction mu = 0.3): the full half cylinder (the quarter mesh
mirrored about x = 0: the tangential load breaks the symmetry) on an ELASTIC block of the
same material ([-R, R] x [-R, 0], graded the same way, bottom clamped). The block replaces
the rigid flat on purpose: Mindlin's solution c = a sqrt(1 - Q / (mu P)) holds for
elastically similar bodies (Dundurs' beta = 0); on a rigid flat beta = (1 - 2 nu) / (2 (1 - nu))
= 0.29 for nu = 0.3, the normal loading itself creates frictional shear (Spence) and the stick
zone no longer follows Mindlin's formula. With two equal materials E* = E / (2 (1 - nu^2)).
The top cut plane y = R is tied to a reference node (*RIGID BODY, NSET=TOP: translation only,
so the loaded face neither rotates nor tilts): step 1: CLOAD -P on the reference node in y
(P = 2000 N/mm: the same a as the Hertz deck), 4 increments; step 2: CLOAD Q = 0.5 mu P in x
with -P kept, 5 increments. Stick zone |x| <= c centred on the contact, slip zones
c < |x| <= a with |q| = mu p.
"""
import argparse
import math
import os

E_DEF, NU_DEF, R_DEF = 200000.0, 0.3, 10.0

# 3:1 transition template, coordinates in units of the fine size; fine side b = 0
TPL_PTS = {"b0": (0, 0), "b1": (1, 0), "b2": (2, 0), "b3": (3, 0), "m1": (1, 1), "m2": (2, 1), "t0": (0, 3), "t3": (3, 3)}
TPL_QUADS = (("b0", "b1", "m1", "t0"), ("b1", "b2", "m2", "m1"), ("b2", "b3", "t3", "m2"), ("m1", "m2", "t3", "t0"))


def ring_mesh(n0, target, hmax_units, min_rows=2):
    """Quads (4 integer (u, v) points each) covering [0, S]^2, fine (size 1) in [0, n0]^2."""
    cells = []

    def square(u, v, H):
        cells.append(((u, v), (u + H, v), (u + H, v + H), (u, v + H)))

    for j in range(n0):
        for i in range(n0):
            square(i, j, 1)
    S, H, rows, U1 = n0, 1, min_rows, n0
    while S < target:
        n = S // H
        if 3 * H <= hmax_units and n % 3 == 0 and rows >= min_rows:
            Hn = 3 * H
            for k in range(S // Hn):
                for (o, e1, e2) in (((k * Hn, S), (1, 0), (0, 1)), ((S, k * Hn), (0, 1), (1, 0))):
                    for q in TPL_QUADS:
                        cells.append(tuple((o[0] + H * (TPL_PTS[p][0] * e1[0] + TPL_PTS[p][1] * e2[0]),
                                            o[1] + H * (TPL_PTS[p][0] * e1[1] + TPL_PTS[p][1] * e2[1])) for p in q))
            square(S, S, Hn)
            S, H, rows = S + Hn, Hn, 0
            U1 = S
        else:
            for i in range(n):
                square(i * H, S, H)
                square(S, i * H, H)
            square(S, S, H)
            S, rows = S + H, rows + 1
    return cells, S, U1


def coons(R):
    """(s, t) in [0,1]^2 -> quarter disk (centre (0, R), contact point at the origin)."""
    phiD = 1.0
    arc = lambda phi: (R * math.sin(phi), R - R * math.cos(phi))
    A, B, C, D = (0.0, 0.0), (0.0, R), (R, R), arc(phiD)

    def f(s, t):
        bot = arc(phiD * s)
        topp = (R * s, R)
        left = (0.0, R * t)
        right = arc(phiD + (math.pi / 2 - phiD) * t)
        return tuple((1 - t) * bot[k] + t * topp[k] + (1 - s) * left[k] + s * right[k]
                     - ((1 - s) * (1 - t) * A[k] + s * (1 - t) * D[k] + (1 - s) * t * B[k] + s * t * C[k])
                     for k in range(2))
    return f


class Mesh:
    def __init__(self):
        self.nodes = {}     # key -> (id, x, y)
        self.elems = []     # (id, [node ids], [keys])
        self.next_node = 1
        self.next_elem = 1

    def node(self, key, xy):
        if key not in self.nodes:
            self.nodes[key] = (self.next_node, xy[0], xy[1])
            self.next_node += 1
        return self.nodes[key][0]

    def add_body(self, tag, cells, gs, mapf, mirror=False):
        """cells in integer (u, v); mapf(gs(u), gs(v)) -> (x, y); mirror: x -> -x, u -> -u."""
        out = []
        for c in cells:
            keys, xy = [], []
            for (u, v) in c:
                p = mapf(gs(u), gs(v))
                if mirror:
                    p = (-p[0], p[1])
                    u = -u
                k = (tag, u, v) if not (mirror and u == 0) else (tag, 0, v)
                keys.append(k)
                xy.append(p)
            area = 0.5 * sum(xy[i][0] * xy[(i + 1) % 4][1] - xy[(i + 1) % 4][0] * xy[i][1] for i in range(4))
            if area < 0:
                keys.reverse()
                xy.reverse()
            for i in range(4):   # convexity: every corner turns left
                a, b, cc = xy[i - 1], xy[i], xy[(i + 1) % 4]
                cr = (b[0] - a[0]) * (cc[1] - b[1]) - (b[1] - a[1]) * (cc[0] - b[0])
                if cr <= 0:
                    raise SystemExit("gen_hertz: non-convex element at %s" % (xy,))
            ids = [self.node(k, p) for k, p in zip(keys, xy)]
            self.elems.append((self.next_elem, ids, keys))
            out.append(self.next_elem)
            self.next_elem += 1
        return out

    def faces(self, elems, pred):
        """(elem id, face number) of faces whose two nodes' keys satisfy pred."""
        r = []
        em = {e[0]: e for e in self.elems}
        for eid in elems:
            _, ids, keys = em[eid]
            for f in range(4):
                if pred(keys[f]) and pred(keys[(f + 1) % 4]):
                    r.append((eid, f + 1))
        return r


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--mindlin", action="store_true")
    ap.add_argument("-o", "--output")
    ap.add_argument("--h", type=float, default=0.05, help="element size in the contact zone, mm")
    ap.add_argument("--fine", type=float, default=1.5, help="side of the uniform fine zone, mm")
    ap.add_argument("--hmax", type=float, default=1.5, help="largest element size, mm")
    ap.add_argument("--R", type=float, default=R_DEF)
    ap.add_argument("--E", type=float, default=E_DEF)
    ap.add_argument("--nu", type=float, default=NU_DEF)
    ap.add_argument("--P", type=float, help="load per unit thickness, N/mm (Hertz 4000, Mindlin 2000)")
    ap.add_argument("--mu", type=float, default=0.3, help="friction (Mindlin)")
    ap.add_argument("--qratio", type=float, default=0.5, help="Q / (mu P) (Mindlin)")
    ap.add_argument("--obstacle", choices=("rigid", "fixed"), default="rigid", help="Hertz flat")
    ap.add_argument("--treatment", default="LAGRANGE")
    ap.add_argument("--pair", choices=("NODE TO SURFACE", "SURFACE TO SURFACE"), default="NODE TO SURFACE",
                    help="*CONTACT PAIR TYPE= (SURFACE TO SURFACE: mortar)")
    ap.add_argument("--inc", type=float, default=0.25,
                    help="Hertz: first increment as a fraction of the load (1: one increment, the "
                         "frictionless problem is path independent)")
    a = ap.parse_args()
    here = os.path.dirname(os.path.abspath(__file__))
    out = a.output or os.path.join(here, "mindlin.inp" if a.mindlin else "hertz.inp")
    ref = os.path.splitext(out)[0] + ".ref"
    R, E, nu = a.R, a.E, a.nu
    P = a.P if a.P is not None else (2000.0 if a.mindlin else 4000.0)
    Estar = E / (1 - nu * nu) / (2.0 if a.mindlin else 1.0)
    ah = math.sqrt(4 * P * R / (math.pi * Estar))
    p0 = 2 * P / (math.pi * ah)
    n0 = 3 * max(1, math.ceil(a.fine / a.h / 3 - 1e-9))
    cells, S, U1 = ring_mesh(n0, R / a.h - 1e-9, max(1, int(a.hmax / a.h + 1e-9)))
    # parameter units -> mm: h up to U1 (the fine zone and the transition rings), then the
    # uniform coarse rows stretched (or shrunk) evenly to end at R
    h_act = a.h
    if U1 * a.h >= R:
        raise SystemExit("gen_hertz: fine zone too large for R")
    g = lambda u: u * a.h if u <= U1 else U1 * a.h + (u - U1) * (R - U1 * a.h) / (S - U1)
    gs = lambda u: min(1.0, g(u) / R)
    M = Mesh()
    cyl = coons(R)
    cyl_el = M.add_body("C", cells, gs, cyl)
    if a.mindlin:
        cyl_el += M.add_body("C", cells, gs, cyl, mirror=True)
    ncyl = len(M.nodes)
    contact_faces = M.faces(cyl_el, lambda k: k[2] == 0)
    top_faces = M.faces(cyl_el, lambda k: k[2] == S)
    top_nodes = sorted(v[0] for k, v in M.nodes.items() if k[0] == "C" and k[2] == S)
    sym_nodes = sorted(v[0] for k, v in M.nodes.items() if k[0] == "C" and k[1] == 0)
    w = []
    if a.mindlin:
        Q = a.qratio * a.mu * P
        c = ah * math.sqrt(1 - Q / (a.mu * P))
        blk = lambda s, t: (R * s, -R * t)
        M.next_node = max(100000, M.next_node)
        M.next_elem = max(100000, M.next_elem)
        blk_el = M.add_body("B", cells, gs, blk) + M.add_body("B", cells, gs, blk, mirror=True)
        blk_top = M.faces(blk_el, lambda k: k[2] == 0)
        blk_bot = sorted(v[0] for k, v in M.nodes.items() if k[0] == "B" and k[2] == S)
        w.append("*HEADING\nCattaneo-Mindlin: elastic half cylinder R = %g on an elastic block, P = %g N/mm, Q = %g N/mm, mu = %g\n" % (R, P, Q, a.mu))
    else:
        w.append("*HEADING\nHertz: elastic cylinder R = %g mm on a rigid flat, plane strain, quarter model, P = %g N/mm, frictionless\n" % (R, P))
    w.append("** generated by examples/gen_hertz.py%s --h %g --fine %g --hmax %g (see its header and examples/README.md)\n"
             % (" --mindlin" if a.mindlin else "", a.h, a.fine, a.hmax))
    w.append("** UNITS: LENGTH=mm, FORCE=N, STRESS=MPa\n")
    w.append("** units N, mm, MPa; plane strain, thickness 1 mm; E = %g MPa, nu = %g\n" % (E, nu))
    w.append("** element size in the contact zone h = %.6g mm (fine zone %.6g mm), %d nodes\n" % (h_act, n0 * h_act, len(M.nodes)))
    w.append("** analytic: E* = %.10g MPa, a = sqrt(4 P R / (pi E*)) = %.10g mm, p0 = 2 P / (pi a) = %.10g MPa\n" % (Estar, ah, p0))
    if a.mindlin:
        w.append("** Cattaneo-Mindlin: Q = %.10g N/mm = %g mu P, stick zone half-width c = a sqrt(1 - Q/(mu P)) = %.10g mm\n" % (Q, a.qratio, c))
    w.append("*NODE, NSET=ALLNODES\n")
    for key, (nid, x, y) in sorted(M.nodes.items(), key=lambda kv: kv[1][0]):
        w.append("%d, %.12g, %.12g\n" % (nid, x, y))
    w.append("*ELEMENT, TYPE=CPE4, ELSET=CYLINDER\n")
    for (eid, ids, keys) in M.elems:
        if keys[0][0] == "C":
            w.append("%d, %d, %d, %d, %d\n" % (eid, *ids))
    if a.mindlin:
        w.append("*ELEMENT, TYPE=CPE4, ELSET=BLOCK\n")
        for (eid, ids, keys) in M.elems:
            if keys[0][0] == "B":
                w.append("%d, %d, %d, %d, %d\n" % (eid, *ids))
    w.append("*NSET, NSET=TOP\n" + "".join("%d\n" % k for k in top_nodes))
    w.append("*NSET, NSET=CONTACTNODES\n" + "".join("%d\n" % k for k in sorted(
        v[0] for k, v in M.nodes.items() if k[0] == "C" and k[2] == 0 and abs(v[1]) <= 3 * ah)))
    w.append("*MATERIAL, NAME=STEEL\n*ELASTIC\n%.10g, %.10g\n" % (E, nu))
    w.append("*SOLID SECTION, ELSET=CYLINDER, MATERIAL=STEEL\n1.\n")
    w.append("*SURFACE, NAME=CYLSURF, TYPE=ELEMENT\n" + "".join("%d, S%d\n" % f for f in contact_faces))
    if a.mindlin:
        w.append("*NSET, NSET=BLOCKBOTTOM\n" + "".join("%d\n" % k for k in blk_bot))
        ref_id = max(999999, M.next_node)   # above the block's numbers
        w.append("*NODE, NSET=LOADNODE\n%d, 0., %.10g\n" % (ref_id, R + 1.0))
        w.append("*SOLID SECTION, ELSET=BLOCK, MATERIAL=STEEL\n1.\n")
        w.append("*SURFACE, NAME=BLOCKTOP, TYPE=ELEMENT\n" + "".join("%d, S%d\n" % f for f in blk_top))
        w.append("** the loaded cut plane moves as one (translation of the reference node, no rotation)\n")
        w.append("*RIGID BODY, NSET=TOP, REF NODE=%d\n" % ref_id)
        w.append("*CONTACT PAIR, INTERACTION=STEELSTEEL, TYPE=%s\nCYLSURF, BLOCKTOP\n" % a.pair)
        w.append("*SURFACE INTERACTION, NAME=STEELSTEEL\n*SURFACE BEHAVIOR, PRESSURE-OVERCLOSURE=HARD\n%.6g\n*FRICTION\n%.10g\n"
                 % (1000 * E / h_act, a.mu))
        w.append("*BOUNDARY\nBLOCKBOTTOM, 1, 2\n")
        w.append("*STEP, INC=100, CONTACT=%s\nnormal load P = %g N/mm\n*STATIC, DIRECT\n0.25, 1.\n" % (a.treatment, P))
        w.append("*CLOAD\n%d, 2, %.10g\n" % (ref_id, -P))
        w.append("*NODE PRINT, NSET=LOADNODE\nU, RF\n*CONTACT PRINT\nCSTR, CDIS\n*NODE FILE\nU\n*EL FILE\nS\n*END STEP\n")
        w.append("*STEP, INC=100, CONTACT=%s\ntangential load Q = %g N/mm, P kept\n*STATIC, DIRECT\n0.2, 1.\n" % (a.treatment, Q))
        w.append("*CLOAD\n%d, 2, %.10g\n%d, 1, %.10g\n" % (ref_id, -P, ref_id, Q))
        w.append("*NODE PRINT, NSET=LOADNODE\nU, RF\n*CONTACT PRINT\nCSTR, CDIS\n*NODE FILE\nU\n*EL FILE\nS\n*END STEP\n")
    else:
        w.append("*NSET, NSET=SYMM\n" + "".join("%d\n" % k for k in sym_nodes))
        nf, fid = 13, 100000
        while fid <= max(len(M.nodes), len(cyl_el)):   # the flat's numbers above the cylinder's
            fid *= 10
        w.append("** the rigid flat: %d elements [-1, 12] x [-1, 0]\n*NODE, NSET=FLATNODES\n" % nf)
        for j in range(2):
            for i in range(nf + 1):
                w.append("%d, %.10g, %.10g\n" % (fid + 1 + i + (nf + 1) * j, -1.0 + i * 13.0 / nf, -1.0 + j))
        w.append("*NODE, NSET=FLATREF\n%d, 5.5, -0.5\n" % (fid + 100))
        w.append("*ELEMENT, TYPE=CPE4, ELSET=FLAT\n")
        for i in range(nf):
            n1 = fid + 1 + i
            w.append("%d, %d, %d, %d, %d\n" % (fid + 1 + i, n1, n1 + 1, n1 + nf + 2, n1 + nf + 1))
        w.append("*SOLID SECTION, ELSET=FLAT, MATERIAL=STEEL\n1.\n")
        if a.obstacle == "rigid":
            w.append("*RIGID BODY, ELSET=FLAT, REF NODE=%d\n" % (fid + 100))
        w.append("*SURFACE, NAME=FLATTOP, TYPE=ELEMENT\nFLAT, S3\n")
        w.append("*CONTACT PAIR, INTERACTION=SMOOTH, TYPE=%s\nCYLSURF, FLATTOP\n" % a.pair)
        w.append("*SURFACE INTERACTION, NAME=SMOOTH\n*SURFACE BEHAVIOR, PRESSURE-OVERCLOSURE=HARD\n%.6g\n" % (1000 * E / h_act))
        w.append("*BOUNDARY\nSYMM, XSYMM\n%s, 1, 2\n" % ("FLATREF" if a.obstacle == "rigid" else "FLATNODES"))
        w.append("*STEP, INC=100, CONTACT=%s\nP/2 = %g N/mm on the quarter: pressure P/(2R) = %g MPa on the cut plane\n*STATIC\n%g, 1.\n"
                 % (a.treatment, P / 2, P / (2 * R), a.inc))
        w.append("*DLOAD\n" + "".join("%d, P%d, %.10g\n" % (e, f, P / (2 * R)) for (e, f) in top_faces))
        w.append("*NODE PRINT, NSET=CONTACTNODES\nU, RF\n*CONTACT PRINT\nCSTR, CDIS\n*NODE FILE\nU\n*EL FILE\nS\n*END STEP\n")
    with open(out, "w") as fo:
        fo.write("".join(w))
    r = []
    r.append("# %s: analytic reference values (examples/gen_hertz.py); units N, mm, MPa; key = value\n" % os.path.basename(out))
    r.append("R = %.10g\nE = %.10g\nnu = %.10g\nP = %.10g\nEstar = %.12g\na = %.12g\np0 = %.12g\n" % (R, E, nu, P, Estar, ah, p0))
    r.append("h = %.10g\nfine_zone = %.10g\nnodes = %d\nnodes_cylinder = %d\nelements = %d\n" % (h_act, n0 * h_act, len(M.nodes), ncyl, len(M.elems)))
    if a.mindlin:
        r.append("mu = %.10g\nQ = %.12g\nQ_over_muP = %.10g\nc = %.12g\nc_over_a = %.12g\n" % (a.mu, Q, a.qratio, c, c / ah))
        r.append("# tangential traction (final increment): q(x) = mu p0 sqrt(1 - x^2/a^2) - (c/a) mu p0 sqrt(1 - x^2/c^2) for |x| <= c,\n"
                 "# q = mu p(x) for c < |x| <= a; the pressure stays Hertzian (equal materials)\n")
        r.append("tol_c_rel = 0.05\ntol_p0_rel = 0.005\ntol_a_rel = 0.02\n")
        r.append("total_normal_force = %.12g\ntotal_tangential_force = %.12g\n" % (P, Q))
    else:
        r.append("# p(x) = p0 sqrt(1 - x^2/a^2); the quarter carries P/2: the contact forces of the quarter sum to P/2\n")
        r.append("total_normal_force_quarter = %.12g\n" % (P / 2))
        r.append("tol_p0_rel = 0.005\ntol_a_rel = 0.02\n")
    with open(ref, "w") as fo:
        fo.write("".join(r))
    print("wrote %s (%s): %d nodes (%d on the cylinder), %d elements, h = %.6g mm, a = %.6g mm, p0 = %.6g MPa"
          % (out, os.path.basename(ref), len(M.nodes), ncyl, len(M.elems), h_act, ah, p0))


if __name__ == "__main__":
    main()
