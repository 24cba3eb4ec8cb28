#!/usr/bin/env python3
"""Solve the plane-strain Hertz deck of examples/gen_hertz.py with GetFEM, for comparison with signorini.

    python3 bench/hertz_getfem.py DECK.inp [--ref DECK.ref] [--lsolver mumps|superlu|auto] [--r R]
                                  [--max-res RES] [--noisy] [--header] [--profile OUT.csv]
    python3 bench/hertz_getfem.py --signorini-csv DIR/BASE_contact.csv --ref DECK.ref [--header]

(python3: an interpreter that imports GetFEM's Python interface, e.g. Debian's /usr/bin/python3 with
python3-getfem; the --signorini-csv mode needs no GetFEM.)

What is solved: the SAME mesh as signorini's: the nodes and the CPE4 elements of the deformable
part of the deck (every element set that is not a *RIGID BODY), material of *ELASTIC (E, nu),
plane strain, small-strain isotropic linear elasticity, Q1 elements with 2 x 2 Gauss points (the
full integration of CPE4); u_x = 0 on the node set of the *BOUNDARY XSYMM line (multipliers on the
x = 0 boundary); the *DLOAD pressures Pk on element faces as the traction -p n (n: outward normal);
frictionless contact of the first surface of *CONTACT PAIR (the slave, the cylinder's surface) with a
rigid obstacle replacing the deck's rigid flat: GetFEM's nodal contact brick with the obstacle
given as the signed distance "y" (GetFEM's convention: the obstacle occupies distance <= 0, so "y"
is the half-plane y <= 0, i.e. the deck's flat whose top face is y = 0), non-symmetric
Alart-Curnier augmented Lagrangian (augmented_version 1), augmentation parameter r (default E).
The load is applied in one step (frictionless, linear elastic, small strain: the solution does not
depend on the load path; signorini's deck uses 4 increments). Newton (GetFEM's standard solver)
with a sparse direct linear solver (see below).

Rigid-body motion in y: only the contact restrains it. The deck's cylinder touches the flat at the
origin (zero initial gap at node 1); observed with this GetFEM: Newton converges from u = 0 without
a weak spring or an initial offset (7 to 11 iterations with GetFEM's default line search). The
script stops with an error if Newton does not converge.

Linear solver: MUMPS (Debian's GetFEM is linked with the sequential MUMPS); if a probe solve with
MUMPS fails, GetFEM's 'auto' choice. Note: 'superlu' segfaults in Debian's python3-getfem 5.4.2
(even on a 25-node Laplacian), hence no SuperLU fallback.

Measured quantities, with the SAME definitions as tests/analysis/test_examples.c and
examples/README.md section 3 use for signorini: the contact pressure of a slave node is its normal
contact force (GetFEM's nodal multiplier, an equivalent nodal force) divided by its tributary
length on the reference surface (half the length of each adjacent slave face: the integral of the
node's linear shape function, what signorini's CPRESS uses); p0 = the largest nodal pressure;
a = the least-squares fit of p^2 = p0^2 (1 - x^2/a^2) over the nodes with p > 0.2 p0 (reference
coordinates), i.e. a^2 = sum(x^2 y) / sum(y^2) with y = 1 - (p/p0)^2. Errors are relative to the
analytic a and p0 of the deck's .ref file (default: DECK with the suffix .ref).

Output: one CSV line (columns: see --header / COLUMNS below) on stdout; --profile writes the
nodal pressures (x, p). Timings: t_setup = deck parsing and mesh building, t_solve = the
perf_counter around the model's construction, assembly and Newton solve, t_total = from the start
of this script (imports included) to the end of the extraction; the interpreter's own start-up is
only in an external wall-clock measurement (bench/hertz_compare.sh uses /usr/bin/time).
"""
import time

T_START = time.perf_counter()   # before the heavy imports: t_total includes importing getfem

import argparse
import math
import os
import sys

import numpy as np

COLUMNS = ("program,nodes,elements,contact_nodes,dofs,newton_iter,lsolver,t_setup_s,t_solve_s,t_total_s,"
           "p0,p0_err_pct,a,a_err_pct,force_sum,force_ref")


# ---------------------------------------------------------------------------------------------
# deck reading (the subset of the Abaqus/CalculiX keyword format that gen_hertz.py writes)
# ---------------------------------------------------------------------------------------------
def keyword_params(line):
    """'*ELEMENT, TYPE=CPE4, ELSET=X' -> ('*ELEMENT', {'TYPE': 'CPE4', 'ELSET': 'X'})."""
    parts = [p.strip() for p in line.split(",")]
    params = {}
    for p in parts[1:]:
        if "=" in p:
            k, v = p.split("=", 1)
            params[k.strip().upper()] = v.strip()
        elif p:
            params[p.upper()] = ""
    return parts[0].upper(), params


def read_deck(path):
    """Return a dict with nodes {id: (x, y)}, elements {elset: {id: (n1..n4)}}, nsets, surfaces,
    E, nu, rigid elsets, XSYMM node sets, *DLOAD lines and the slave surface of *CONTACT PAIR."""
    d = {"nodes": {}, "elsets": {}, "nsets": {}, "surfaces": {}, "rigid": set(), "xsymm": [],
         "dload": [], "slave": None, "E": None, "nu": None}
    kw, params = None, {}
    with open(path) as f:
        for raw in f:
            line = raw.strip()
            if not line or line.startswith("**"):
                continue
            if line.startswith("*"):
                kw, params = keyword_params(line)
                if kw == "*NODE" and "NSET" in params:
                    d["nsets"].setdefault(params["NSET"], [])
                elif kw == "*ELEMENT":
                    if params.get("TYPE", "").upper() != "CPE4":
                        sys.exit("hertz_getfem.py: only CPE4 elements are handled (%s)" % line)
                    d["elsets"].setdefault(params.get("ELSET", "_"), {})
                elif kw == "*NSET":
                    d["nsets"].setdefault(params["NSET"], [])
                elif kw == "*SURFACE":
                    d["surfaces"].setdefault(params["NAME"], [])
                elif kw == "*RIGID BODY":
                    d["rigid"].add(params["ELSET"])
                continue
            vals = [v.strip() for v in line.split(",") if v.strip() != ""]
            if kw == "*NODE":
                nid = int(vals[0])
                d["nodes"][nid] = (float(vals[1]), float(vals[2]))
                if "NSET" in params:
                    d["nsets"][params["NSET"]].append(nid)
            elif kw == "*ELEMENT":
                d["elsets"][params.get("ELSET", "_")][int(vals[0])] = tuple(int(v) for v in vals[1:5])
            elif kw == "*NSET":
                d["nsets"][params["NSET"]].extend(int(v) for v in vals)
            elif kw == "*SURFACE":
                d["surfaces"][params["NAME"]].append((vals[0], vals[1].upper()))
            elif kw == "*ELASTIC" and d["E"] is None:
                d["E"], d["nu"] = float(vals[0]), float(vals[1])
            elif kw == "*BOUNDARY" and len(vals) >= 2 and vals[1].upper() == "XSYMM":
                d["xsymm"].append(vals[0])
            elif kw == "*DLOAD":
                d["dload"].append((int(vals[0]), vals[1].upper(), float(vals[2])))
            elif kw == "*CONTACT PAIR" and d["slave"] is None:
                d["slave"] = vals[0]
    return d


def read_ref(path):
    """'key = value' lines of a .ref file -> dict of floats."""
    ref = {}
    with open(path) as f:
        for line in f:
            if "=" in line and not line.lstrip().startswith("#"):
                k, v = line.split("=", 1)
                try:
                    ref[k.strip()] = float(v)
                except ValueError:
                    pass
    return ref


def hertz_measures(x, p):
    """p0 = max nodal pressure; a from the least-squares fit of p^2 = p0^2 (1 - x^2/a^2) over the
    nodes with p > 0.2 p0 (the definition of tests/analysis/test_examples.c)."""
    x, p = np.asarray(x, float), np.asarray(p, float)
    p0 = float(p.max())
    sel = p > 0.2 * p0
    y = 1.0 - (p[sel] / p0) ** 2
    a = math.sqrt(float(np.sum(x[sel] ** 2 * y)) / float(np.sum(y * y)))
    return p0, a


def csv_line(fields):
    return ",".join(str(v) for v in fields)


def pct(v, ref):
    return "%.4f" % (100.0 * (v - ref) / ref)


# ---------------------------------------------------------------------------------------------
# signorini's contact CSV: the same extraction, so that both programs are measured alike
# ---------------------------------------------------------------------------------------------
def from_signorini_csv(path, ref):
    rows = np.genfromtxt(path, delimiter=",", names=True, dtype=None, encoding=None)
    last = rows[rows["increment"] == rows["increment"].max()]
    x, p = last["x"].astype(float), last["pressure"].astype(float)
    p0, a = hertz_measures(x, p)
    return ["signorini", int(ref.get("nodes_cylinder", 0)), int(ref.get("elements", 0)), len(x), "", "", "",
            "", "", "", "%.6f" % p0, pct(p0, ref["p0"]), "%.7f" % a, pct(a, ref["a"]), "", ""]


# ---------------------------------------------------------------------------------------------
# GetFEM model
# ---------------------------------------------------------------------------------------------
def solve_getfem(deck, r_aug, lsolver, profile, max_res, noisy):
    import getfem as gf

    t0 = time.perf_counter()
    d = read_deck(deck)
    E, nu = d["E"], d["nu"]
    if r_aug is None:
        r_aug = E                 # GetFEM's advice: r of the order of the Young modulus
    # deformable elements: all element sets but the rigid ones (the flat becomes the obstacle "y")
    elems = {}
    for name, es in d["elsets"].items():
        if name not in d["rigid"]:
            elems.update(es)
    eids = sorted(elems)
    nids = sorted({n for e in eids for n in elems[e]})

    # Mesh: points first (their ids give the map node id -> GetFEM point id), then the quads.
    # GetFEM's GT_QK(2,1) orders its vertices lexicographically on the reference square:
    # (0,0), (1,0), (0,1), (1,1); Abaqus's CPE4 goes counter-clockwise (0,0), (1,0), (1,1), (0,1):
    # GetFEM vertex k is Abaqus node AB_OF_GF[k].
    AB_OF_GF = (0, 1, 3, 2)
    m = gf.Mesh("empty", 2)
    xy = np.array([d["nodes"][n] for n in nids]).T
    pids = m.add_point(xy)
    pid_of = dict(zip(nids, (int(q) for q in np.atleast_1d(pids))))
    conn = np.array([[elems[e][AB_OF_GF[k]] for k in range(4)] for e in eids])       # (nel, 4)
    pts = np.array([[d["nodes"][n] for n in row] for row in conn]).transpose(2, 1, 0)  # (2, 4, nel)
    cvids = np.atleast_1d(m.add_convex(gf.GeoTrans("GT_QK(2,1)"), pts))
    cv_of = dict(zip(eids, (int(c) for c in cvids)))
    if m.nbpts() != len(nids):
        sys.exit("hertz_getfem.py: GetFEM merged or split points (%d points for %d nodes)" % (m.nbpts(), len(nids)))

    # Local face numbering of GetFEM's quadrilateral, read from the mesh itself (not assumed):
    # face_of_pair[{i, j}] = the GetFEM face joining the local vertices i and j.
    cv0 = int(cvids[0])
    loc = {int(q): k for k, q in enumerate(m.pid_from_cvid(cv0)[0])}
    face_of_pair = {}
    for f in range(4):
        vs = frozenset(loc[int(q)] for q in m.pid_in_faces(np.array([[cv0], [f]])))
        face_of_pair[vs] = f
    # Abaqus CPE4 face Sk joins its nodes k and k+1 (counter-clockwise); as GetFEM local vertices:
    GF_OF_AB = {ab: k for k, ab in enumerate(AB_OF_GF)}

    def gf_face(eid, sk):
        k = int(sk[1:]) - 1
        pair = frozenset((GF_OF_AB[k], GF_OF_AB[(k + 1) % 4]))
        return cv_of[eid], face_of_pair[pair]

    def surface_faces(name):
        faces = []
        for ref_, sk in d["surfaces"][name]:
            targets = [int(ref_)] if ref_.isdigit() else sorted(d["elsets"][ref_])
            faces.extend((e, sk) for e in targets)
        return faces

    # regions: 1 = symmetry x = 0 (the outer faces whose vertices all lie in the XSYMM node sets),
    # 2.. = one per distinct *DLOAD pressure, 100 = the contact (slave) surface
    SYMM, CONTACT, LOAD0 = 1, 100, 2
    sym_pids = [pid_of[n] for s in d["xsymm"] for n in d["nsets"][s] if n in pid_of]
    outer = m.outer_faces()
    sym_faces = m.faces_from_pid(sym_pids)
    outer_set = {(int(c), int(f)) for c, f in outer.T}
    sym_faces = np.array([[c, f] for c, f in sym_faces.T if (int(c), int(f)) in outer_set]).T
    m.set_region(SYMM, sym_faces)
    loads = {}
    for eid, pk, val in d["dload"]:
        if not pk.startswith("P"):
            sys.exit("hertz_getfem.py: only face pressures Pk are handled in *DLOAD")
        loads.setdefault(val, []).append(gf_face(eid, "S" + pk[1:]))
    load_regions = []
    for i, (val, faces) in enumerate(sorted(loads.items())):
        m.set_region(LOAD0 + i, np.array(faces).T)
        load_regions.append((LOAD0 + i, val))
    slave = surface_faces(d["slave"])
    m.set_region(CONTACT, np.array([gf_face(e, sk) for e, sk in slave]).T)

    # tributary length of each slave node on the reference surface: half of each adjacent face
    trib = {}
    for e, sk in slave:
        k = int(sk[1:]) - 1
        na, nb = elems[e][k], elems[e][(k + 1) % 4]
        L = math.dist(d["nodes"][na], d["nodes"][nb])
        trib[na] = trib.get(na, 0.0) + 0.5 * L
        trib[nb] = trib.get(nb, 0.0) + 0.5 * L
    t1 = time.perf_counter()

    # ---- model: assembly and Newton solve (timed as t_solve) ----
    mfu = gf.MeshFem(m, 2)
    mfu.set_classical_fem(1)                                   # Q1 on quads (FEM_QK(2,1))
    mim = gf.MeshIm(m, gf.Integ("IM_GAUSS_PARALLELEPIPED(2,2)"))  # 2 x 2 Gauss: full CPE4 integration
    md = gf.Model("real")
    md.add_fem_variable("u", mfu)
    # plane strain: the 2D isotropic brick with the 3D Lame coefficients
    lam = E * nu / ((1 + nu) * (1 - 2 * nu))
    mu = E / (2 * (1 + nu))
    md.add_initialized_data("lambda", [lam])
    md.add_initialized_data("mu", [mu])
    md.add_isotropic_linearized_elasticity_brick(mim, "u", "lambda", "mu")
    # symmetry: u.n = 0 on x = 0 (n = -e_x there), multipliers of degree 1 (exact nodal u_x = 0)
    md.add_normal_Dirichlet_condition_with_multipliers(mim, "u", 1, SYMM)
    # pressures: traction -p n on the loaded faces (Abaqus: positive pressure pushes inward)
    for reg, val in load_regions:
        name = "p_%d" % reg
        md.add_initialized_data(name, [val])
        md.add_source_term(mim, "-%s*(Normal.Test_u)" % name, reg)
    # frictionless nodal contact with the rigid half-plane y <= 0: one multiplier per slave node
    cdofs = mfu.basic_dof_on_region(CONTACT)
    ncn = len(cdofs) // 2
    md.add_variable("lambda_n", ncn)
    md.add_initialized_data("r", [r_aug])
    md.add_nodal_contact_with_rigid_obstacle_brick(mim, "u", "lambda_n", "r", CONTACT, "y", 1)

    opts = ["max_iter", 50, "max_res", max_res] + (["noisy"] if noisy else [])
    if lsolver != "auto":
        opts += ["lsolver", lsolver]
    nit, conv = md.solve(*opts)
    t2 = time.perf_counter()
    if not conv:
        sys.exit("hertz_getfem.py: Newton did not converge (%d iterations)" % nit)

    # ---- pressures: nodal multiplier / tributary length ----
    # the brick numbers its multipliers in the order of the slave dofs of the first component
    lam_n = md.variable("lambda_n")
    node_xy = mfu.basic_dof_nodes(cdofs[0::2])            # (2, ncn) reference coordinates
    nid_of_xy = {d["nodes"][n]: n for n in trib}
    x, p, force = [], [], 0.0
    for k in range(ncn):
        key = (float(node_xy[0, k]), float(node_xy[1, k]))
        n = nid_of_xy.get(key)
        if n is None:   # coordinates round-trip exactly through GetFEM; fall back to the nearest
            n = min(trib, key=lambda q: math.dist(d["nodes"][q], key))
        fn = -float(lam_n[k])                              # GetFEM: lambda_N <= 0 in compression
        force += fn
        x.append(d["nodes"][n][0])
        p.append(fn / trib[n])
    # a converged Alart-Curnier solution has no tensile contact force (a stop before the active set
    # settled shows up as one): refuse to report such a result
    if min(p) < -1e-6 * max(p):
        sys.exit("hertz_getfem.py: tensile contact pressure %.6g: Newton stopped before the active set settled "
                 "(lower --max-res)" % min(p))
    p0, a = hertz_measures(x, p)
    if profile:
        with open(profile, "w") as f:
            f.write("x,pressure\n")
            for xi, pi in sorted(zip(x, p)):
                f.write("%.10g,%.10g\n" % (xi, pi))
    return dict(nodes=len(nids), elements=len(eids), contact_nodes=ncn, dofs=md.nbdof(), nit=nit,
                t_setup=t1 - t0, t_solve=t2 - t1, p0=p0, a=a, force=force)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("deck", nargs="?", help="Abaqus-style Hertz deck (examples/gen_hertz.py)")
    ap.add_argument("--ref", help="analytic reference values (default: DECK with suffix .ref)")
    ap.add_argument("--r", type=float, default=None, help="Alart-Curnier augmentation parameter (default: E)")
    ap.add_argument("--lsolver", default="mumps", choices=("mumps", "superlu", "auto"),
                    help="GetFEM linear solver (default mumps; auto when GetFEM lacks MUMPS)")
    ap.add_argument("--max-res", type=float, default=1e-10,
                    help="Newton: GetFEM's max_res (relative residual, see --noisy; default 1e-10: a loose value such "
                         "as 1e-6 can stop before the active set has settled, e.g. with --r 2e6)")
    ap.add_argument("--noisy", action="store_true", help="GetFEM prints the Newton iterations")
    ap.add_argument("--profile", help="write the nodal pressures (x, p) to this CSV")
    ap.add_argument("--signorini-csv", help="only evaluate signorini's BASE_contact.csv (last increment)")
    ap.add_argument("--header", action="store_true", help="print the column names first")
    args = ap.parse_args()
    if not args.deck and not args.signorini_csv:
        ap.error("give a DECK or --signorini-csv")
    if not args.deck and not args.ref:
        ap.error("--signorini-csv needs --ref")
    refpath = args.ref or os.path.splitext(args.deck)[0] + ".ref"
    ref = read_ref(refpath)
    if args.header:
        print(COLUMNS)
    if args.signorini_csv:
        print(csv_line(from_signorini_csv(args.signorini_csv, ref)))
        return

    import getfem as gf
    gf.util_trace_level(0)          # no assembly traces on the output
    lsolver = args.lsolver
    if lsolver == "mumps":
        # GetFEM may be built without MUMPS: check it on a 1 x 1 system, else let GetFEM choose
        try:
            md = gf.Model("real")
            md.add_variable("t", 1)
            md.add_explicit_matrix("t", "t", gf.Spmat("identity", 1))
            md.add_explicit_rhs("t", [1.0])
            md.solve("lsolver", "mumps")
        except Exception:
            lsolver = "auto"
    res = solve_getfem(args.deck, args.r, lsolver, args.profile, args.max_res, args.noisy)
    t_total = time.perf_counter() - T_START
    fref = ref.get("total_normal_force_quarter", float("nan"))
    print(csv_line(["getfem", res["nodes"], res["elements"], res["contact_nodes"], res["dofs"], res["nit"], lsolver,
                    "%.4f" % res["t_setup"], "%.4f" % res["t_solve"], "%.4f" % t_total,
                    "%.6f" % res["p0"], pct(res["p0"], ref["p0"]), "%.7f" % res["a"], pct(res["a"], ref["a"]),
                    "%.6f" % res["force"], "%.6g" % fref]))


if __name__ == "__main__":
    main()
