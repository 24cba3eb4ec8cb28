#!/usr/bin/env python3
"""Generate the CalculiX comparison decks of tests/data/fe/ccx (issue #5 verification).

Run once by hand (python3 gen_decks.py, in this folder); the decks are kept in the repository,
the reference displacements come from make_refs.sh (CalculiX). Deterministic: the mesh
distortion uses a fixed seed. Every deck is read unchanged by CalculiX (ccx -i NAME) and by
signorini (sn_inp_read / `signorini run`).

Families:
  2D continuum (CPE*, CPS*): a 10 x 2 block, left edge ENCASTRE, pressure (*DLOAD Pn) on the
    top edge, a *CLOAD at the top right node, a prescribed displacement (*BOUNDARY) at the
    bottom right node; interior nodes moved off the grid (distorted mesh) in the "d" decks.
  CAX*: an annular block r in [1, 3], z in [0, 2]: bottom edge u_z = 0, pressure on the inner
    face r = 1, *CLOAD (full circumference) at the top outer node, prescribed u_z at the top
    inner node.
  3D continuum (C3D*): a 6 x 2 x 2 block, x = 0 face ENCASTRE, pressure on the top face
    z = 2, *CLOAD at a corner of the free end, prescribed u_y at another node of the free end.
  Trusses: a planar Pratt truss (T2D2) and a box truss (T3D2) with diagonals on every face.
The references: make_refs.sh (cps* decks: ccx runs their plane-strain equivalent, see there).
"""
import math
import random

E, NU = 210000.0, 0.3


def lattice_coords(ni, nj, nk, size, distort, seed):
    """Corner coordinates on an (ni+1) x (nj+1) x (nk+1) grid over the box `size`, coordinate
    c of a node perturbed only when the node is interior in that direction (boundary faces
    stay plane)."""
    rnd = random.Random(seed)
    n = (ni, nj, nk)
    X = {}
    for k in range(nk + 1):
        for j in range(nj + 1):
            for i in range(ni + 1):
                idx = (i, j, k)
                x = []
                for c in range(3):
                    h = size[c] / n[c] if n[c] else 0.0
                    v = idx[c] * h
                    if distort and n[c] and 0 < idx[c] < n[c]:
                        v += distort * h * (2.0 * rnd.random() - 1.0)
                    x.append(v)
                X[idx] = x
    return X


class Mesh:
    def __init__(self, ni, nj, nk, quadratic):
        self.ni, self.nj, self.nk = ni, nj, nk
        self.q = 2 if quadratic else 1
        self.used = {}

    def nid(self, p):
        """node id of doubled-lattice point p = (i, j, k) (i in 0..2 ni when quadratic)"""
        i, j, k = p
        n1 = self.q * self.ni + 1
        n2 = self.q * self.nj + 1
        nid = 1 + i + n1 * (j + n2 * k)
        self.used[nid] = p
        return nid


def coords_of(mesh, corners, p):
    """coordinates of doubled-lattice point p: the average of the corners around it"""
    q = mesh.q
    lo = [c // q for c in p]
    hi = [(c + q - 1) // q for c in p]
    pts = []
    for a in ((lo[0], hi[0]) if lo[0] != hi[0] else (lo[0],)):
        for b in ((lo[1], hi[1]) if lo[1] != hi[1] else (lo[1],)):
            for c in ((lo[2], hi[2]) if lo[2] != hi[2] else (lo[2],)):
                pts.append(corners[(a, b, c)])
    # a point on a diagonal of a face / cell (triangle and tetrahedron midsides) is the
    # midpoint of that diagonal only; the generator only creates such points on edges of the
    # Kuhn split (from the lower corner to the upper one), so average those two corners
    if len(pts) > 2:
        pts = [corners[tuple(lo)], corners[tuple(hi)]]
    return [sum(v[c] for v in pts) / len(pts) for c in range(3)]


QUAD_FACES = [(0, 1), (1, 2), (2, 3), (3, 0)]
TRI_FACES = [(0, 1), (1, 2), (2, 0)]
HEX_FACES = [(0, 1, 2, 3), (4, 7, 6, 5), (0, 4, 5, 1), (1, 5, 6, 2), (2, 6, 7, 3), (3, 7, 4, 0)]
TET_FACES = [(0, 1, 2), (0, 3, 1), (1, 3, 2), (2, 3, 0)]


def mid(a, b):
    return tuple((a[c] + b[c]) // 2 for c in range(3))


def elements_2d(mesh, etype):
    """connectivity as doubled-lattice points"""
    q = mesh.q
    els = []
    for j in range(mesh.nj):
        for i in range(mesh.ni):
            c = [(q * i, q * j, 0), (q * (i + 1), q * j, 0), (q * (i + 1), q * (j + 1), 0),
                 (q * i, q * (j + 1), 0)]
            if etype in ("quad4", "quad8"):
                e = list(c)
                if etype == "quad8":
                    e += [mid(c[0], c[1]), mid(c[1], c[2]), mid(c[2], c[3]), mid(c[3], c[0])]
                els.append(e)
            else:
                # two triangles, diagonal from the lower left to the upper right corner
                for t in ((c[0], c[1], c[2]), (c[0], c[2], c[3])):
                    e = list(t)
                    if etype == "tri6":
                        e += [mid(t[0], t[1]), mid(t[1], t[2]), mid(t[2], t[0])]
                    els.append(e)
    return els


def elements_3d(mesh, etype):
    q = mesh.q
    els = []
    for k in range(mesh.nk):
        for j in range(mesh.nj):
            for i in range(mesh.ni):
                def v(a, b, c):
                    return (q * (i + a), q * (j + b), q * (k + c))
                c = [v(0, 0, 0), v(1, 0, 0), v(1, 1, 0), v(0, 1, 0),
                     v(0, 0, 1), v(1, 0, 1), v(1, 1, 1), v(0, 1, 1)]
                if etype in ("hex8", "hex20"):
                    e = list(c)
                    if etype == "hex20":
                        e += [mid(c[0], c[1]), mid(c[1], c[2]), mid(c[2], c[3]), mid(c[3], c[0]),
                              mid(c[4], c[5]), mid(c[5], c[6]), mid(c[6], c[7]), mid(c[7], c[4]),
                              mid(c[0], c[4]), mid(c[1], c[5]), mid(c[2], c[6]), mid(c[3], c[7])]
                    els.append(e)
                else:
                    # Kuhn split into 6 tetrahedra along the diagonal v000 - v111 (conforming)
                    unit = [(1, 0, 0), (0, 1, 0), (0, 0, 1)]
                    for perm in ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0)):
                        p = [0, 0, 0]
                        pts = [v(*p)]
                        for a in perm:
                            p = [p[t] + unit[a][t] for t in range(3)]
                            pts.append(v(*p))
                        els.append(pts)   # orientation fixed later
    return els


def signed_volume(X, t):
    a, b, c, d = (X[n] for n in t)
    u = [b[i] - a[i] for i in range(3)]
    w = [c[i] - a[i] for i in range(3)]
    z = [d[i] - a[i] for i in range(3)]
    return (u[0] * (w[1] * z[2] - w[2] * z[1]) - u[1] * (w[0] * z[2] - w[2] * z[0])
            + u[2] * (w[0] * z[1] - w[1] * z[0]))


def fmt(v):
    return repr(float(v))


def write_continuum(name, etype, family, ni, nj, nk, size, distort, seed, title):
    quadratic = family in ("quad8", "tri6", "hex20", "tet10")
    mesh = Mesh(ni, nj, nk, quadratic)
    corners = lattice_coords(ni, nj, nk, size, distort, seed)
    els = elements_3d(mesh, family) if nk else elements_2d(mesh, family)
    conn = []
    for e in els:
        if family in ("tet4", "tet10"):
            ids = [mesh.nid(p) for p in e]
            Xc = {nid: coords_of(mesh, corners, mesh.used[nid]) for nid in ids}
            if signed_volume(Xc, ids) < 0:
                e = [e[0], e[2], e[1], e[3]]
            if family == "tet10":
                e = e + [mid(e[0], e[1]), mid(e[1], e[2]), mid(e[2], e[0]), mid(e[0], e[3]),
                         mid(e[1], e[3]), mid(e[2], e[3])]
        conn.append([mesh.nid(p) for p in e])
    X = {nid: coords_of(mesh, corners, p) for nid, p in mesh.used.items()}
    faces = {"quad4": QUAD_FACES, "quad8": QUAD_FACES, "tri3": TRI_FACES, "tri6": TRI_FACES,
             "hex8": HEX_FACES, "hex20": HEX_FACES, "tet4": TET_FACES, "tet10": TET_FACES}[family]
    tol = 1e-12
    L = size
    if etype.startswith("CAX"):
        # r = x in [1, 3]
        X = {n: [x[0] + 1.0, x[1], x[2]] for n, x in X.items()}
    lines = ["*HEADING", title, "*NODE, NSET=NALL"]
    for nid in sorted(X):
        x = X[nid]
        lines.append("%d, %s" % (nid, ", ".join(fmt(c) for c in (x if nk else x[:2]))))
    lines.append("*ELEMENT, TYPE=%s, ELSET=EALL" % etype)
    for k, c in enumerate(conn):
        ent = [str(k + 1)] + [str(n) for n in c]
        # Abaqus layout: at most 16 entries on the first line
        lines.append(", ".join(ent[:16]) + ("," if len(ent) > 16 else ""))
        if len(ent) > 16:
            lines.append(", ".join(ent[16:]))

    def on(nid, c, val):
        return abs(X[nid][c] - val) < tol

    # pressure faces and support sets
    if nk:
        load_face = lambda n: on(n, 2, L[2])            # top z = H
        support = [n for n in sorted(X) if on(n, 0, 0.0)]
        pressure = 10.0
    elif etype.startswith("CAX"):
        load_face = lambda n: on(n, 0, 1.0)             # inner face r = 1
        support = [n for n in sorted(X) if on(n, 1, 0.0)]
        pressure = 100.0
    else:
        load_face = lambda n: on(n, 1, L[1])            # top y = H
        support = [n for n in sorted(X) if on(n, 0, 0.0)]
        pressure = 10.0
    dl = []
    for k, c in enumerate(conn):
        for f, fc in enumerate(faces):
            if all(load_face(c[a]) for a in fc):
                dl.append((k + 1, f + 1))
    assert dl, name
    lines.append("*NSET, NSET=SUPPORT")
    for a in range(0, len(support), 12):
        lines.append(", ".join(str(n) for n in support[a:a + 12]))
    if etype.startswith("C3D"):
        lines.append("*SOLID SECTION, ELSET=EALL, MATERIAL=STEEL")
    elif etype.startswith("CAX"):
        lines.append("*SOLID SECTION, ELSET=EALL, MATERIAL=STEEL")
    else:
        lines.append("*SOLID SECTION, ELSET=EALL, MATERIAL=STEEL")
        lines.append("0.5")
    lines += ["*MATERIAL, NAME=STEEL", "*ELASTIC", "%s, %s" % (fmt(E), fmt(NU))]
    lines += ["*STEP", "*STATIC", "*BOUNDARY"]
    # loads
    if nk:
        far = [n for n in sorted(X) if on(n, 0, L[0])]
        corner = [n for n in far if on(n, 1, L[1]) and on(n, 2, L[2])][0]
        other = [n for n in far if on(n, 1, 0.0) and on(n, 2, 0.0)][0]
        lines.append("SUPPORT, 1, 3")
        lines.append("%d, 2, 2, 0.001" % other)
        cl = [(corner, 3, -100.0), (corner, 1, 50.0)]
    elif etype.startswith("CAX"):
        top = [n for n in sorted(X) if on(n, 1, L[1])]
        outer = [n for n in top if on(n, 0, 3.0)][0]
        inner = [n for n in top if on(n, 0, 1.0)][0]
        lines.append("SUPPORT, 2, 2")
        lines.append("%d, 2, 2, -0.0005" % inner)
        cl = [(outer, 2, -2000.0), (outer, 1, 1000.0)]
    else:
        far = [n for n in sorted(X) if on(n, 0, L[0])]
        top = [n for n in far if on(n, 1, L[1])][0]
        bot = [n for n in far if on(n, 1, 0.0)][0]
        lines.append("SUPPORT, 1, 2")
        lines.append("%d, 1, 1, 0.002" % bot)
        cl = [(top, 2, -20.0), (top, 1, 5.0)]
    lines.append("*CLOAD")
    for n, d, v in cl:
        lines.append("%d, %d, %s" % (n, d, fmt(v)))
    lines.append("*DLOAD")
    for e, f in dl:
        lines.append("%d, P%d, %s" % (e, f, fmt(pressure)))
    lines += ["*NODE PRINT, NSET=NALL", "U", "*NODE PRINT, NSET=SUPPORT", "RF", "*END STEP"]
    with open(name + ".inp", "w") as fh:
        fh.write("\n".join(lines) + "\n")
    return len(X), len(conn)


def write_truss(name, three_d):
    """Pratt truss (2D, T2D2) or box truss (3D, T3D2); bays of 1 x 1 (x 1)."""
    nb = 6
    X = {}
    bars = []
    if not three_d:
        for i in range(nb + 1):
            X[1 + i] = [float(i), 0.0]          # bottom chord
            X[101 + i] = [float(i), 1.0]        # top chord
        for i in range(nb):
            bars.append((1 + i, 2 + i))
            bars.append((101 + i, 102 + i))
        for i in range(nb + 1):
            bars.append((1 + i, 101 + i))       # verticals
        for i in range(nb):
            # Pratt diagonals slope towards the middle
            if i < nb // 2:
                bars.append((2 + i, 101 + i))
            else:
                bars.append((1 + i, 102 + i))
        etype = "T2D2"
    else:
        corners = [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)]
        for i in range(nb + 1):
            for c, (y, z) in enumerate(corners):
                X[1 + 100 * c + i] = [float(i) + 0.1 * c * (i % 2), y, z]
        for i in range(nb + 1):
            ids = [1 + 100 * c + i for c in range(4)]
            for c in range(4):
                bars.append((ids[c], ids[(c + 1) % 4]))
            bars.append((ids[0], ids[2]))       # section diagonal
        for i in range(nb):
            for c in range(4):
                bars.append((1 + 100 * c + i, 1 + 100 * c + i + 1))
                d = (c + 1) % 4
                bars.append((1 + 100 * c + i, 1 + 100 * d + i + 1))   # face diagonal
        etype = "T3D2"
    lines = ["*HEADING", "%s truss: CalculiX comparison (issue #5)" % etype, "*NODE, NSET=NALL"]
    for n in sorted(X):
        lines.append("%d, %s" % (n, ", ".join(fmt(c) for c in X[n])))
    lines.append("*ELEMENT, TYPE=%s, ELSET=EALL" % etype)
    for k, (a, b) in enumerate(bars):
        lines.append("%d, %d, %d" % (k + 1, a, b))
    lines += ["*SOLID SECTION, ELSET=EALL, MATERIAL=STEEL", "0.01",
              "*MATERIAL, NAME=STEEL", "*ELASTIC", "%s, %s" % (fmt(E), fmt(NU))]
    if not three_d:
        support = [1, 1 + nb]
        lines += ["*NSET, NSET=SUPPORT", "1, %d" % (1 + nb), "*STEP", "*STATIC", "*BOUNDARY",
                  "1, 1, 2", "%d, 2, 2, -0.0002" % (1 + nb), "*CLOAD"]
        for i in range(1, nb):
            lines.append("%d, 2, -10.0" % (1 + i))
        lines.append("%d, 1, 3.0" % (101 + nb // 2))
    else:
        lines += ["*NSET, NSET=SUPPORT"] + [", ".join(str(1 + 100 * c) for c in range(4))]
        lines += ["*STEP", "*STATIC", "*BOUNDARY", "SUPPORT, 1, 3",
                  "%d, 1, 1, 0.0003" % (1 + 100 * 2 + nb), "*CLOAD",
                  "%d, 3, -10.0" % (1 + 100 * 3 + nb), "%d, 2, 4.0" % (1 + 100 * 1 + nb),
                  "%d, 3, -5.0" % (1 + 100 * 0 + 3)]
    lines += ["*NODE PRINT, NSET=NALL", "U", "*NODE PRINT, NSET=SUPPORT", "RF", "*END STEP"]
    with open(name + ".inp", "w") as fh:
        fh.write("\n".join(lines) + "\n")
    return len(X), len(bars)


DECKS = [
    # name, type, family, ni, nj, nk, size, distortion
    ("cpe4", "CPE4", "quad4", 10, 3, 0, (10.0, 2.0, 0.0), 0.25),
    ("cpe8", "CPE8", "quad8", 6, 2, 0, (10.0, 2.0, 0.0), 0.25),
    ("cpe8r", "CPE8R", "quad8", 6, 2, 0, (10.0, 2.0, 0.0), 0.25),
    ("cpe3", "CPE3", "tri3", 10, 3, 0, (10.0, 2.0, 0.0), 0.25),
    ("cpe6", "CPE6", "tri6", 6, 2, 0, (10.0, 2.0, 0.0), 0.25),
    ("cps4", "CPS4", "quad4", 10, 3, 0, (10.0, 2.0, 0.0), 0.25),
    ("cps8", "CPS8", "quad8", 6, 2, 0, (10.0, 2.0, 0.0), 0.25),
    ("cps8r", "CPS8R", "quad8", 6, 2, 0, (10.0, 2.0, 0.0), 0.0),
    ("cps3", "CPS3", "tri3", 10, 3, 0, (10.0, 2.0, 0.0), 0.0),
    ("cps6", "CPS6", "tri6", 6, 2, 0, (10.0, 2.0, 0.0), 0.25),
    ("cax4", "CAX4", "quad4", 6, 6, 0, (2.0, 2.0, 0.0), 0.25),
    ("cax8", "CAX8", "quad8", 4, 4, 0, (2.0, 2.0, 0.0), 0.25),
    ("cax8r", "CAX8R", "quad8", 4, 4, 0, (2.0, 2.0, 0.0), 0.0),
    ("c3d4", "C3D4", "tet4", 4, 2, 2, (6.0, 2.0, 2.0), 0.2),
    ("c3d8", "C3D8", "hex8", 6, 2, 2, (6.0, 2.0, 2.0), 0.2),
    ("c3d10", "C3D10", "tet10", 4, 2, 2, (6.0, 2.0, 2.0), 0.2),
    ("c3d20", "C3D20", "hex20", 4, 2, 2, (6.0, 2.0, 2.0), 0.2),
    ("c3d20r", "C3D20R", "hex20", 4, 2, 2, (6.0, 2.0, 2.0), 0.0),
]

if __name__ == "__main__":
    for k, (name, et, fam, ni, nj, nk, size, dist) in enumerate(DECKS):
        title = "%s %s: CalculiX comparison (issue #5)%s" % (
            et, "block" if not et.startswith("CAX") else "ring", ", distorted mesh" if dist else "")
        nn, ne = write_continuum(name, et, fam, ni, nj, nk, size, dist, 1234 + k, title)
        print("%-7s %5d nodes %4d elements" % (name, nn, ne))
    for name, td in (("t2d2", False), ("t3d2", True)):
        nn, ne = write_truss(name, td)
        print("%-7s %5d nodes %4d elements" % (name, nn, ne))
