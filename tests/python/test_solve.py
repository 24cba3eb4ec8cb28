"""signorini.solve and signorini.solvers: results equal bit for bit to `signorini solve` on the
same files (the CLI's -o file read back, its --json numbers), statuses that are not solutions,
the progress callback, refused arguments, and solves from several threads."""
import json
import subprocess
import threading

import numpy as np
import pytest

import signorini


@pytest.fixture(autouse=True, scope="module")
def one_thread():
    # the CLI runs with --threads 1 below: the same BLAS thread count on both sides
    signorini.set_threads(1)


def cli_solve(cli, path, tmp_path, *args):
    """`signorini solve PATH --json -o SOL.hdf5 --threads 1 --cold ARGS`: (json, solution dict)"""
    sol = tmp_path / "sol.hdf5"
    run = subprocess.run([str(cli), "solve", str(path), "--json", "--quiet", "--threads", "1", "--cold",
                          "-o", str(sol), *args], capture_output=True, text=True, timeout=120)
    assert run.returncode in (0, 3), run.stderr
    return json.loads(run.stdout), signorini.read(sol).solution


@pytest.mark.parametrize("rel, solver, extra", [
    ("fc3d/Capsules-i101-404.hdf5", "auto", {}),
    ("fc3d/BoxesStack1-i100000-32.hdf5", "nsgs", dict(max_iter=50)),      # stops at max_iter
    ("fc3d/NESpheres_10_1.hdf5", "socmix", {}),
    ("gfc3d/LMGC_GlobalFrictionContactProblem00046.hdf5", "admm", {}),
    ("fc2d/FrictionContactProblem00071.dat", "lemke2d", dict(tol=1e-10)),
])
def test_equal_to_cli_bit_for_bit(cli, data, tmp_path, rel, solver, extra):
    args = ["--solver", solver]
    if "max_iter" in extra:
        args += ["--max-iter", str(extra["max_iter"])]
    if "tol" in extra:
        args += ["--tol", repr(extra["tol"])]
    js, sol = cli_solve(cli, data / rel, tmp_path, *args)
    res = signorini.solve(signorini.read(data / rel), solver, **extra)
    assert np.array_equal(res.r, sol["r"]) and np.array_equal(res.u, sol["u"])
    if res.v is not None:
        assert np.array_equal(res.v, sol["v"])
    assert res.status_code == js["status_code"] and res.iterations == js["iterations"]
    assert res.solved == js["converged"] and f"{res.error:.6e}" == f"{js['error']:.6e}"
    assert [t["solver"] for t in res.tried] == [t["solver"] for t in js["tried"]]
    assert res.history.size == res.iterations   # one entry per iteration (over every attempt of auto)


def test_lcp_equal_to_cli(cli, data, tmp_path):
    path = data / "lcp" / "lcp_CPS_1.dat"
    run = subprocess.run([str(cli), "solve", str(path), "--json", "--quiet", "--threads", "1"],
                         capture_output=True, text=True, timeout=60)
    js = json.loads(run.stdout)
    res = signorini.solve(signorini.read(path))
    assert res.solver == js["solved_by"] == "lemke" and res.iterations == js["iterations"]
    assert f"{res.error:.6e}" == f"{js['error']:.6e}" and np.isnan(res.penetration)


def test_analytic_solutions():
    # W = I, q = (-1, 0, 0): r = (1, 0, 0), u = 0 (sn_fc_error's normal contact); every 3D local solver
    p = signorini.FC(np.eye(3), [-1.0, 0.0, 0.0], [0.5])
    for s in signorini.solvers():
        if s["kind"] == "fc" and 3 in s["dims"]:
            res = signorini.solve(p, s["name"])
            assert res.solved and np.allclose(res.r, [1, 0, 0], atol=1e-7), s["name"]
    # the same as a global problem: M = H = I, f = (-1, 0, 0), w = 0 -> v = 0
    g = signorini.GFC(np.eye(3), np.eye(3), [-1.0, 0.0, 0.0], np.zeros(3), [0.5])
    res = signorini.solve(g, "admm")
    assert res.solved and np.allclose(res.r, [1, 0, 0], atol=1e-7) and np.allclose(res.v, 0, atol=1e-7)
    assert np.allclose(res.u, res.v, atol=0)   # u = H^T v + w with H = I, w = 0
    # LCP M = I, q = (-1, 2): z = (1, 0), w = (0, 2)
    res = signorini.solve(signorini.LCP(np.eye(2), [-1.0, 2.0]), "lemke")
    assert res.solved and np.array_equal(res.r, [1.0, 0.0]) and np.array_equal(res.u, [0.0, 2.0])


def test_status_that_is_not_a_solution_is_a_result(data):
    p = signorini.read(data / "fc3d" / "Capsules-i101-404.hdf5")
    res = signorini.solve(p, "nsgs", max_iter=3)
    assert res.status == "max_iter" and res.status_code == signorini._signorini.MAX_ITER and not res.solved
    assert res.iterations == 3 and res.history.size == 3 and res.message == signorini.strerror(1)
    assert res.error == p.error(res.r)    # info->error is sn_fc_error of the returned r
    warm = signorini.solve(p, "nsgs", max_iter=3, r0=res.r)   # the warm start continues from there
    assert warm.error < res.error
    assert signorini.solve(p, "nsgs", max_iter=3, history=False).history.size == 0


def test_callback_sees_every_iteration_and_can_stop(data):
    p = signorini.read(data / "fc3d" / "Capsules-i101-404.hdf5")
    seen = []
    res = signorini.solve(p, "nsgs", max_iter=20, callback=lambda it, e: seen.append((it, e)))
    assert [e for _, e in seen] == list(res.history) and len(seen) == res.iterations == 20
    res = signorini.solve(p, "nsgs", max_iter=20, callback=lambda it, e: len(seen) > 0)
    assert res.stopped and res.status == "stalled" and res.iterations == 1

    def boom(it, e):
        raise KeyError("from the callback")
    with pytest.raises(KeyError, match="from the callback"):
        signorini.solve(p, "nsgs", callback=boom)


def test_refused_arguments(data):
    p = signorini.FC(np.eye(3), [-1.0, 0.0, 0.0], [0.5])
    cases = [
        (dict(solver="nope"), ValueError, "unknown solver 'nope'"),
        (dict(solver="lemke"), ValueError, "does not solve 3D local"),
        (dict(solver="admm"), ValueError, "does not solve 3D local"),
        (dict(solver="nsgs", options={"bogus": 1}), ValueError, "does not know an option in 'bogus=1'"),
        (dict(options={"omega": 1.0}), ValueError, "auto takes no options"),
        (dict(options={"a,b": 1}), ValueError, "invalid key"),
        (dict(options=[1]), TypeError, "options: expected a dict"),
        (dict(tol=0), ValueError, "tol must be"),
        (dict(tol=float("nan")), ValueError, "tol must be"),
        (dict(max_iter=0), ValueError, "max_iter must be"),
        (dict(max_iter=2.5), TypeError, "max_iter: expected an int"),
        (dict(time_limit=-1), ValueError, "time_limit"),
        (dict(r0=np.zeros(4)), ValueError, "r0: expected length 3"),
        (dict(r0=[np.nan, 0, 0]), ValueError, r"r0\[0\] is NaN"),
        (dict(v0=np.zeros(3)), ValueError, "v0 is for global problems only"),
    ]
    for kw, exc, msg in cases:
        with pytest.raises(exc, match=msg):
            signorini.solve(p, **kw)
    with pytest.raises(TypeError, match="expected a signorini problem"):
        signorini.solve("problem.hdf5")
    # options reach the solver: nsgs' omega=1.0 and local=ac are accepted and change nothing here
    assert signorini.solve(p, "nsgs", options={"omega": 1.0, "local": "ac", "shuffle": False}).solved


def test_library_error_is_an_exception():
    # socmixg refuses equality constraints... a simpler library error: lemke on a 25-unknown enumeration
    lcp = signorini.LCP(np.eye(21), -np.ones(21))
    with pytest.raises(signorini.Error, match="enum failed") as e:
        signorini.solve(lcp, "enum")
    assert e.value.args[1] == signorini._signorini.ERR_ARG


def test_solvers_registry():
    reg = signorini.solvers()
    names = [s["name"] for s in reg]
    assert names[0] == "auto" and {"lemke", "nsgs", "nsn_ac", "admm", "socmix"} <= set(names)
    nsgs = reg[names.index("nsgs")]
    assert nsgs["kind"] == "fc" and nsgs["dims"] == [2, 3] and nsgs["iteration"] and nsgs["summary"]
    assert reg[names.index("nsn_fb")]["dims"] == [3]
    assert reg[names.index("admm")]["solves_global"] and reg[names.index("lemke")]["dims"] is None


def test_threads_solve_the_same_problem_at_once(data):
    p = signorini.read(data / "fc3d" / "BoxesStack1-i100000-32.hdf5")
    ref = signorini.solve(p, "nsgs", max_iter=30)
    out = [None] * 4

    def work(k):
        out[k] = signorini.solve(p, "nsgs", max_iter=30)
    ts = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    assert all(np.array_equal(o.r, ref.r) for o in out)
    assert signorini.threads()[0] == 1 and signorini.threads()[1] >= 1


def test_one_contact_slip_solution_by_hand(data):
    # FrictionContact3D_1c (examples/api/check.sh): the contact slides, r computed by hand
    # (r_N = -q_N / (W_NN - mu W_NT . t), the slip direction t by bisection)
    p = signorini.read(data / "fc3d" / "FrictionContact3D_1c.hdf5")
    for s in ("nsn_ac", "nsgs", "socmix", "auto"):
        r = signorini.solve(p, s).r
        assert r == pytest.approx([0.0656956829, -0.0036786149, -0.0054430708], rel=1e-5), s


def test_global_warm_start_and_time_limit(data):
    g = signorini.read(data / "gfc3d" / "LMGC_GlobalFrictionContactProblem00046.hdf5")
    cold = signorini.solve(g, "admm")
    assert cold.solved and cold.v.shape == (g.ndof,) and cold.u.shape == (g.n,)
    # u = H^T v + w, recomputed here independently with scipy
    assert np.allclose(cold.u, g.H.T @ cold.v + g.w, rtol=0, atol=1e-12 * np.abs(cold.u).max())
    assert g.error(cold.r, cold.v) == pytest.approx(cold.error, rel=1e-12)
    warm = signorini.solve(g, "admm", r0=cold.r, v0=cold.v)
    assert warm.solved and warm.iterations <= cold.iterations
    with pytest.raises(ValueError, match="v0: expected length"):
        signorini.solve(g, "admm", v0=np.zeros(g.ndof + 1))
    # a time limit of a nanosecond is past after the first iteration: status time_limit, not an error
    p = signorini.read(data / "fc3d" / "Capsules-i101-404.hdf5")
    res = signorini.solve(p, "nsgs", time_limit=1e-9)
    assert res.status == "time_limit" and not res.solved and res.iterations >= 1
