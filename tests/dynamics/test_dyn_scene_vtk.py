"""VTK reads the frames of a rigid-body scene run (src/io/scene_output.c; tests/CMakeLists.txt
registers it).

usage: test_dyn_scene_vtk.py TEST_DYN_SCENE_OUTPUT_PROGRAM WORK_DIR

`test_dyn_scene_output --write DIR` writes three frames of a small scene (two spheres, a box, a
capsule, a plane; states set without stepping; no contact in the first frame, two put in after) and expect.txt (each body's
shape, position, velocity, angular velocity at the last frame). Here VTK's own XML reader must
read every frame without an error or a warning; at the last frame the point array Velocity
must be v + w x (p - x) of the body that the cell array BodyId gives; VTK's feature-edge filter
must find each body's surface closed and manifold; vtkMassProperties must find the box's volume
exactly and the spheres' within the icosphere's bounds; the contact cloud must hold the values
put in; the .pvd series must list the frames at their times. Fails when vtk cannot be imported
(a skipped test is not a pass).
"""
import math
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


class Errors:
    """Collects VTK error and warning events of an object."""

    def __init__(self, obj):
        self.messages = []
        obj.AddObserver("ErrorEvent", self)
        obj.AddObserver("WarningEvent", self)

    def __call__(self, obj, event):
        self.messages.append(event)


def read(path):
    r = vtk.vtkXMLUnstructuredGridReader()
    e = Errors(r)
    r.SetFileName(path)
    r.Update()
    check(not e.messages, "%s: VTK reported %s" % (path, e.messages))
    return r.GetOutput()


def body_surface(grid, body):
    """the triangles of one body (cells with BodyId == body) as polydata"""
    t = vtk.vtkThreshold()
    t.SetInputData(grid)
    t.SetInputArrayToProcess(0, 0, 0, vtk.vtkDataObject.FIELD_ASSOCIATION_CELLS, "BodyId")
    t.SetLowerThreshold(body - 0.5)
    t.SetUpperThreshold(body + 0.5)
    t.SetThresholdFunction(vtk.vtkThreshold.THRESHOLD_BETWEEN)
    g = vtk.vtkGeometryFilter()
    g.SetInputConnection(t.GetOutputPort())
    c = vtk.vtkCleanPolyData()   # the body's points only, shared
    c.SetInputConnection(g.GetOutputPort())
    c.Update()
    return c.GetOutput()


def open_edges(poly):
    f = vtk.vtkFeatureEdges()
    f.SetInputData(poly)
    f.BoundaryEdgesOn()
    f.NonManifoldEdgesOn()
    f.FeatureEdgesOff()
    f.ManifoldEdgesOff()
    f.Update()
    return f.GetOutput().GetNumberOfCells()


def main():
    prog, work = sys.argv[1], sys.argv[2]
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    rc = subprocess.call([prog, "--write", work])
    check(rc == 0, "the writer exits with %d" % rc)
    if rc:
        return
    bodies = {}
    for line in open(os.path.join(work, "expect.txt")):
        w = line.split()
        v = [float(x) for x in w[3:]]
        bodies[int(w[1])] = {"kind": int(w[2]), "radius": v[0], "half": v[1:4], "hl": v[4],
                             "x": v[5:8], "v": v[8:11], "w": v[11:14], "t": v[14]}

    # the series: three frames at 0, 0.125, 0.25
    for kind in ("bodies", "contacts"):
        root = ET.parse(os.path.join(work, "vtk_%s.pvd" % kind)).getroot()
        ds = root.findall("./Collection/DataSet")
        check(len(ds) == 3, "%s.pvd lists %d frames" % (kind, len(ds)))
        for k, d in enumerate(ds):
            check(float(d.get("timestep")) == 0.125 * k, "%s frame %d time %s" % (kind, k, d.get("timestep")))
            check(d.get("file") == "vtk_%s.%04d.vtu" % (kind, k), "%s frame %d file %s" % (kind, k, d.get("file")))
            g = read(os.path.join(work, d.get("file")))
            want = (0 if k == 0 else 2) if kind == "contacts" else 2 * 320 + 12 + 384 + 2
            check(g.GetNumberOfCells() == want, "frame %s has %d cells" % (d.get("file"), g.GetNumberOfCells()))

    grid = read(os.path.join(work, "vtk_bodies.0002.vtu"))
    pts = [grid.GetPoint(p) for p in range(grid.GetNumberOfPoints())]
    va = grid.GetPointData().GetArray("Velocity")
    vel = [va.GetTuple3(p) for p in range(grid.GetNumberOfPoints())]
    ia = grid.GetCellData().GetArray("BodyId")
    ids = [int(ia.GetValue(c)) for c in range(grid.GetNumberOfCells())]
    check(grid.GetPointData().GetArray("Velocity").GetNumberOfComponents() == 3, "Velocity has 3 components")
    check(sorted(set(ids)) == sorted(bodies), "BodyId holds every body")
    worst = 0.0
    for c in range(grid.GetNumberOfCells()):
        b = bodies[int(ids[c])]
        cell = grid.GetCell(c)
        check(cell.GetCellType() == vtk.VTK_TRIANGLE, "cell %d is a triangle" % c)
        for j in range(3):
            p = int(cell.GetPointId(j))
            r = [pts[p][i] - b["x"][i] for i in range(3)]
            w = b["w"]
            want = [b["v"][0] + w[1] * r[2] - w[2] * r[1], b["v"][1] + w[2] * r[0] - w[0] * r[2],
                    b["v"][2] + w[0] * r[1] - w[1] * r[0]]
            worst = max(worst, max(abs(vel[p][i] - want[i]) for i in range(3)))
    check(worst < 1e-12, "Velocity = v + w x (p - x): worst difference %g" % worst)

    for i, b in bodies.items():
        poly = body_surface(grid, i)
        if b["kind"] == 5:  # the plane: a square of side 6 at its origin's height
            bnd = poly.GetBounds()
            check(abs(bnd[1] - bnd[0] - 6) < 1e-12 and abs(bnd[3] - bnd[2] - 6) < 1e-12, "plane square %s" % (bnd,))
            continue
        check(open_edges(poly) == 0, "body %d: the surface is closed and manifold" % i)
        m = vtk.vtkMassProperties()
        m.SetInputData(poly)
        m.Update()
        V = m.GetVolume()
        if b["kind"] == 1:  # box: exact
            h = b["half"]
            check(abs(V - 8 * h[0] * h[1] * h[2]) < 1e-12, "box volume %.15g" % V)
        elif b["kind"] == 0:  # sphere: icosphere of 320 triangles, within 5 % below the ball
            Vs = 4.0 / 3.0 * math.pi * b["radius"] ** 3
            check(0.95 * Vs < V < Vs, "sphere %d volume %.6g of %.6g" % (i, V, Vs))
        elif b["kind"] == 2:  # capsule: within 3 % below
            Vc = math.pi * b["radius"] ** 2 * 2 * b["hl"] + 4.0 / 3.0 * math.pi * b["radius"] ** 3
            check(0.97 * Vc < V < Vc, "capsule volume %.6g of %.6g" % (V, Vc))

    # the contacts put in by the writer: N = 2 + k, |T| = |(0.3, -0.4 k)|, gap -0.01 (k + 1)
    cg = read(os.path.join(work, "vtk_contacts.0002.vtu"))
    check(cg.GetNumberOfPoints() == 2 and cg.GetNumberOfCells() == 2, "two contact points")
    pd = cg.GetPointData()
    for k in range(cg.GetNumberOfPoints()):
        check(cg.GetCellType(k) == vtk.VTK_VERTEX, "contact cell %d is a vertex" % k)
        check(pd.GetArray("ImpulseN").GetValue(k) == 2.0 + k, "ImpulseN %d" % k)
        check(abs(pd.GetArray("ImpulseT").GetValue(k) - math.hypot(0.3, 0.4 * k)) < 1e-15, "ImpulseT %d" % k)
        check(pd.GetArray("Gap").GetValue(k) == -0.01 * (k + 1), "Gap %d" % k)
        check(pd.GetArray("Status").GetValue(k) == (2 if k else 1), "Status %d" % k)
        n = pd.GetArray("Normal").GetTuple3(k)
        check(abs(n[1] - 0.6) < 1e-15 and abs(n[2] - 0.8) < 1e-15, "Normal %d %s" % (k, n))
        check(cg.GetPoint(k)[0] == 1.0 + k, "contact point %d" % k)


main()
if failures:
    print("%d failures" % failures)
    sys.exit(1)
print("scene frames read by VTK: ok")
