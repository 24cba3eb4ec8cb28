#!/usr/bin/env python3
"""The contact results of one run agree across its files (docs/results.md, "Contact results:
one frame"): for every increment and every contact node, the .vtu point arrays (read with VTK),
the contact CSV and the .dat's *CONTACT PRINT tables give the same pressure, shear (tang1,
tang2), gap and status, sign included; the .dat's CDIS tang is the CSV's slips of the increments
added while the node is closed (pressure > 0), zero once it opens (CalculiX' CDIS).

usage: contact_files.py DIR BASE [bar]
  bar: also the sign of the output frame on the plane-strain bar (examples/bar_obstacle.inp):
  in increment 1 (top pressure only) the bar's bottom spreads outward under the Poisson effect
  and friction holds it back, so the bar drags the obstacle outward: tang1 (along +x, CalculiX'
  sign: the shear on the master) is negative at the left end (node 1, x = 0) and positive at
  the right end (node 41, x = 400), equal and opposite by symmetry."""
import csv
import os
import re
import sys

import vtk

failures = []


def check(ok, what):
    if not ok:
        failures.append(what)


def close(a, b, scale, rel=2e-6):
    return abs(a - b) <= rel * scale + 1e-300


def read_dat(path):
    """CSTR and CDIS tables of the .dat, in file order: [{node: (a, b, c)}, ...] per variable"""
    tabs = {"CSTR": [], "CDIS": []}
    cur = None
    for line in open(path):
        if line.startswith(" contact stress (slave node"):
            cur = {}
            tabs["CSTR"].append(cur)
        elif line.startswith(" relative contact displacement (slave node"):
            cur = {}
            tabs["CDIS"].append(cur)
        elif line.strip() == "":
            continue
        elif line.startswith(" ") and re.match(r"^\s+\d+\s+[-+0-9.E]+\s+[-+0-9.E]+\s+[-+0-9.E]+\s*$", line) and cur is not None:
            f = line.split()
            cur[int(f[0])] = tuple(float(v) for v in f[1:4])
        else:
            cur = None
    return tabs


def read_vtu(path):
    r = vtk.vtkXMLUnstructuredGridReader()
    r.SetFileName(path)
    r.Update()
    pd = r.GetOutput().GetPointData()
    arr = {}
    for k in range(pd.GetNumberOfArrays()):
        a = pd.GetArray(k)
        nc = a.GetNumberOfComponents()
        arr[pd.GetArrayName(k)] = [[a.GetComponent(i, c) for c in range(nc)] if nc > 1 else a.GetComponent(i, 0)
                                   for i in range(a.GetNumberOfTuples())]
    sh = pd.GetArray("CSHEAR")
    names = (sh.GetComponentName(0), sh.GetComponentName(1)) if sh else None
    index = {int(n): i for i, n in enumerate(arr["NodeId"])}
    return arr, index, names


def main():
    d, base = sys.argv[1], sys.argv[2]
    rows = list(csv.DictReader(open(os.path.join(d, base + "_contact.csv"))))
    check(len(rows) > 0, "the CSV has no rows")
    dat = read_dat(os.path.join(d, base + ".dat"))
    incs = sorted({int(r["increment"]) for r in rows})
    check(len(dat["CSTR"]) == len(incs) and len(dat["CDIS"]) == len(incs),
          "the .dat has %d CSTR and %d CDIS tables for %d increments" % (len(dat["CSTR"]), len(dat["CDIS"]), len(incs)))
    compared = 0
    tot = {}   # CDIS tang: the slips of the CSV added while the node is closed (pressure > 0), else 0
    for k, inc in enumerate(incs):
        arr, index, names = read_vtu(os.path.join(d, "%s.%04d.vtu" % (base, inc)))
        check(names == ("tang1", "tang2"), "CSHEAR components are %s, not tang1, tang2" % (names,))
        check(len(arr["CSHEAR"][0]) == 2, "CSHEAR has %d components" % len(arr["CSHEAR"][0]))
        mine = [r for r in rows if int(r["increment"]) == inc]
        smax = max(max(abs(float(r[c])) for c in ("pressure", "shear1", "shear2")) for r in mine) or 1.0
        closed = {}
        for r in mine:
            n = int(r["node"])
            if float(r["pressure"]) > 0 and n not in closed:
                closed[n] = 1
                t = tot.get(n, (0.0, 0.0))
                tot[n] = (t[0] + float(r["slip1"]), t[1] + float(r["slip2"]))
        tot = {n: v for n, v in tot.items() if n in closed}
        gmax = max([abs(float(r["gap"])) for r in mine] + [abs(x) for v in tot.values() for x in v]) or 1.0
        for r in mine:
            n = int(r["node"])
            i = index[n]
            p, q1, q2 = float(r["pressure"]), float(r["shear1"]), float(r["shear2"])
            g = float(r["gap"])
            s1, s2 = tot.get(n, (0.0, 0.0))
            vtu = (arr["CPRESS"][i], arr["CSHEAR"][i][0], arr["CSHEAR"][i][1], arr["CGAP"][i], arr["CSTATUS"][i])
            for name, a, b, sc in (("pressure", p, vtu[0], smax), ("shear1", q1, vtu[1], smax),
                                   ("shear2", q2, vtu[2], smax), ("gap", g, vtu[3], gmax)):
                check(close(a, b, sc, 1e-8), "increment %d node %d: %s %.9g in the CSV, %.9g in the VTU" % (inc, n, name, a, b))
            check(int(r["status"]) == int(vtu[4]), "increment %d node %d: status %s in the CSV, %g in the VTU" % (inc, n, r["status"], vtu[4]))
            cstr, cdis = dat["CSTR"][k].get(n), dat["CDIS"][k].get(n)
            check(cstr is not None and cdis is not None, "increment %d node %d: not in the .dat" % (inc, n))
            if cstr is None or cdis is None:
                continue
            for name, a, b, sc in (("pressure", p, cstr[0], smax), ("shear1", q1, cstr[1], smax), ("shear2", q2, cstr[2], smax),
                                   ("gap", g, cdis[0], gmax), ("CDIS tang1", s1, cdis[1], gmax), ("CDIS tang2", s2, cdis[2], gmax)):
                check(close(a, b, sc), "increment %d node %d: %s %.9g from the CSV, %.7g in the .dat" % (inc, n, name, a, b))
            compared += 1
    check(compared >= len(incs), "nothing compared")
    if len(sys.argv) > 3 and sys.argv[3] == "bar":
        first = {int(r["node"]): r for r in rows if int(r["increment"]) == 1}
        left, right = float(first[1]["shear1"]), float(first[41]["shear1"])
        # CalculiX' sign: the shear the slave exerts on the master; friction holds the spreading
        # bar back, so the bar drags the obstacle outward: -x at x = 0, +x at x = 400
        check(left < -1e-3 and right > 1e-3, "bar, increment 1: tang1 %.6g at x = 0 and %.6g at x = 400" % (left, right))
        check(close(left, -right, abs(left), 1e-6), "bar, increment 1: tang1 %.9g and %.9g are not opposite" % (left, right))
        # the value of this implementation (the sign is the check above; the digits guard the frame)
        check(close(left, -1.86104687e-3, 1.86104687e-3, 1e-6), "bar, increment 1: tang1 at node 1 is %.9g, not -1.86104687e-3" % left)
    for f in failures[:20]:
        print("FAIL:", f)
    print("%s: %d contact rows compared over %d increments, %d failures" % (base, compared, len(incs), len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
