"""VTK reads what sn_vtu_write / sn_pvd_write write (tests/CMakeLists.txt registers it).

usage: test_vtu_vtk.py TEST_VTU_PROGRAM WORK_DIR

The C test program (`test_vtu --write DIR`) writes a model with one element of every supported
VTK cell family (each an affine image of its reference element, Abaqus node order), two
increments, the .pvd and expect.txt. Here VTK's own reader must find every point, cell, id and
U value; and VTK's interpretation of each cell must be the element: every midside node lies
where VTK's parametric coordinates of that node put it on the cell's straight edges, and the
Jacobian computed with VTK's shape-function derivatives is positive and constant, its integral
giving the element's volume, area or length. Fails when vtk cannot be imported (scripts/install-deps.sh
installs python3-vtk9): a skipped test is not a pass.
"""
import os
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET

try:
    import vtk
except ImportError:
    print("python3 has no vtk module (Debian: python3-vtk9, scripts/install-deps.sh installs it)")
    sys.exit(1)

failures = 0


def check(cond, what):
    global failures
    if not cond:
        failures += 1
        print("FAILED:", what)


def close(a, b, tol=1e-12):
    return abs(a - b) <= tol * (1 + abs(b))


class Errors:
    """Collects VTK error and warning events of an object."""

    def __init__(self, obj):
        self.messages = []
        obj.AddObserver("ErrorEvent", self)
        obj.AddObserver("WarningEvent", self)

    def __call__(self, obj, event):
        self.messages.append(event)


# the linear cell holding the corners of each quadratic cell
LINEAR = {24: vtk.vtkTetra, 25: vtk.vtkHexahedron, 22: vtk.vtkTriangle, 23: vtk.vtkQuad, 26: vtk.vtkWedge}
CORNERS = {24: 4, 25: 8, 22: 3, 23: 4, 26: 6}
# reference measure of VTK's parametric cell
REF_SIZE = {3: 1.0, 5: 0.5, 9: 1.0, 10: 1.0 / 6, 12: 1.0, 13: 0.5, 22: 0.5, 23: 1.0, 24: 1.0 / 6, 25: 1.0,
            26: 0.5}
# interior sample points (inside both the unit cube and the unit simplex)
SAMPLES = [(0.1, 0.2, 0.15), (0.25, 0.25, 0.25), (0.6, 0.1, 0.2), (0.05, 0.7, 0.1), (0.3, 0.05, 0.6)]


def jacobian_size(cell, dim, pc):
    """(signed) |J| at parametric point pc: det for 3D, z of the cross product for 2D cells
    in the xy plane, length for lines."""
    n, cd = cell.GetNumberOfPoints(), cell.GetCellDimension()
    d = [0.0] * (cd * n)   # d[r * n + i]: derivative of shape function i in direction r
    cell.InterpolateDerivs(list(pc), d)
    J = [[0.0] * 3 for _ in range(3)]   # J[a][r] = d x_a / d r
    pts = cell.GetPoints()
    for i in range(n):
        x = pts.GetPoint(i)
        for r in range(cd):
            for a in range(3):
                J[a][r] += d[r * n + i] * x[a]
    if dim == 1:
        return sum(J[a][0] ** 2 for a in range(3)) ** 0.5
    if dim == 2:
        return J[0][0] * J[1][1] - J[0][1] * J[1][0]
    return (J[0][0] * (J[1][1] * J[2][2] - J[1][2] * J[2][1])
            - J[0][1] * (J[1][0] * J[2][2] - J[1][2] * J[2][0])
            + J[0][2] * (J[1][0] * J[2][1] - J[1][1] * J[2][0]))


def check_cell(cell, vtype, dim, size, eid):
    n = cell.GetNumberOfPoints()
    pts = cell.GetPoints()
    if vtype in LINEAR:
        # each node where VTK's parametric coordinates put it on the corners' (straight) cell
        lin = LINEAR[vtype]()
        nc = CORNERS[vtype]
        lin.GetPointIds().SetNumberOfIds(nc)
        lin.GetPoints().SetNumberOfPoints(nc)
        for i in range(nc):
            lin.GetPointIds().SetId(i, i)
            lin.GetPoints().SetPoint(i, pts.GetPoint(i))
        pc = cell.GetParametricCoords()
        for i in range(n):
            p = [pc[3 * i], pc[3 * i + 1], pc[3 * i + 2]]
            x = [0.0, 0.0, 0.0]
            w = [0.0] * nc
            sub = vtk.mutable(0)
            lin.EvaluateLocation(sub, p, x, w)
            y = pts.GetPoint(i)
            check(all(abs(x[a] - y[a]) < 1e-12 for a in range(3)),
                  "element %d: node %d at %s, VTK expects it at %s" % (eid, i + 1, y, x))
    dims = {3: 1, 5: 2, 9: 2, 22: 2, 23: 2}.get(vtype, 3)
    check(dims == dim, "element %d: VTK type %d has dimension %d, expected %d" % (eid, vtype, dims, dim))
    for s in SAMPLES:
        pc = [s[0], s[1] if dim > 1 else 0.0, s[2] if dim > 2 else 0.0]
        j = jacobian_size(cell, dim, pc)
        if vtype in (13, 26):
            # VTK's wedges: the documented orientation (vtkWedge: the base 0-1-2 turns so that
            # its normal points away from 3-4-5), which vtkCellSizeFilter's positive volume below
            # confirms, has a negative Jacobian of vtkWedge's own interpolation derivatives
            j = -j
        check(j > 0, "element %d: Jacobian %g <= 0 at %s" % (eid, j, pc))
        check(close(j * REF_SIZE[vtype], size, 1e-12),
              "element %d: size from the Jacobian %.17g, expected %.17g" % (eid, j * REF_SIZE[vtype], size))


def check_vtu(path, expect, scale):
    reader = vtk.vtkXMLUnstructuredGridReader()
    errs = Errors(reader)
    reader.SetFileName(path)
    reader.Update()
    check(not errs.messages, "%s: VTK reported %s" % (path, errs.messages))
    g = reader.GetOutput()
    check(g.GetNumberOfPoints() == expect["npoints"], "%s: %d points" % (path, g.GetNumberOfPoints()))
    check(g.GetNumberOfCells() == expect["ncells"], "%s: %d cells" % (path, g.GetNumberOfCells()))
    pd, cd = g.GetPointData(), g.GetCellData()
    ids, u = pd.GetArray("NodeId"), pd.GetArray("U")
    check(ids is not None and u is not None, "NodeId and U present")
    check(pd.GetVectors() is not None and pd.GetVectors().GetName() == "U", "U is the active vector")
    s = pd.GetArray("S")
    check(s is not None and s.GetNumberOfComponents() == 6, "S with 6 components")
    if s is not None:
        names = [s.GetComponentName(c) for c in range(6)]
        check(names == ["S11", "S22", "S33", "S12", "S13", "S23"], "S component names %s" % names)
    q = cd.GetArray("Q\"<&>'")
    check(q is not None and q.GetNumberOfComponents() == 2, "cell array with an escaped name")
    if q is not None:
        check([q.GetComponentName(0), q.GetComponentName(1)] == ["qa", "q<b>"], "Q component names")
    for i, (pid, x, uu) in enumerate(expect["points"]):
        check(ids.GetValue(i) == pid, "point %d: id %d, expected %d" % (i, ids.GetValue(i), pid))
        check(g.GetPoint(i) == x, "point %d: %s, expected %s" % (i, g.GetPoint(i), x))
        got = u.GetTuple3(i)
        check(all(got[c] == scale * uu[c] for c in range(3)), "point %d: U %s" % (i, got))
    eids = cd.GetArray("ElementId")
    evol = cd.GetArray("EVOL")
    for e, (eid, vtype, dim, size) in enumerate(expect["cells"]):
        check(eids.GetValue(e) == eid, "cell %d: id %d, expected %d" % (e, eids.GetValue(e), eid))
        check(g.GetCellType(e) == vtype, "element %d: VTK type %d, expected %d" % (eid, g.GetCellType(e), vtype))
        check(evol.GetValue(e) == size, "element %d: EVOL" % eid)
        check_cell(g.GetCell(e), vtype, dim, size, eid)
    # VTK's own measure agrees (vtkCellSizeFilter integrates every cell type)
    sizes = vtk.vtkCellSizeFilter()
    sizes.SetInputData(g)
    sizes.Update()
    out = sizes.GetOutput().GetCellData()
    for e, (eid, vtype, dim, size) in enumerate(expect["cells"]):
        name = {1: "Length", 2: "Area", 3: "Volume"}[dim]
        got = out.GetArray(name).GetValue(e)
        check(close(got, size, 1e-9), "element %d: vtkCellSizeFilter %s %.17g, expected %.17g" % (eid, name, got, size))


def main():
    prog, work = sys.argv[1], sys.argv[2]
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    subprocess.run([prog, "--write", work], check=True)
    expect = {"points": [], "cells": [], "times": []}
    with open(os.path.join(work, "expect.txt")) as f:
        for line in f:
            w = line.split()
            if w[0] in ("npoints", "ncells"):
                expect[w[0]] = int(w[1])
            elif w[0] == "point":
                v = [float(t) for t in w[2:]]
                expect["points"].append((int(w[1]), tuple(v[0:3]), tuple(v[3:6])))
            elif w[0] == "cell":
                expect["cells"].append((int(w[1]), int(w[2]), int(w[3]), float(w[4])))
            elif w[0] == "time":
                expect["times"].append((float(w[1]), w[2]))
    # the collection: parsed as XML (python3-vtk9 has no vtkPVDReader, which is ParaView's)
    root = ET.parse(os.path.join(work, "model.pvd")).getroot()
    check(root.tag == "VTKFile" and root.get("type") == "Collection", "pvd root")
    ds = root.findall("./Collection/DataSet")
    check([(float(d.get("timestep")), d.get("file")) for d in ds] == expect["times"], "pvd data sets")
    for t, name in expect["times"]:
        check_vtu(os.path.join(work, name), expect, t)
    if failures:
        print("%d checks failed" % failures)
        return 1
    print("VTK %s read every file: all checks passed" % vtk.vtkVersion.GetVTKVersion())
    shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
