"""examples/python/: each example run as a user would, its output files checked."""
import os
import subprocess
import sys

import numpy as np
import pytest

import signorini


def test_solve_fclib_example(src, data, tmp_path):
    f = data / "fc3d" / "Capsules-i101-404.hdf5"
    run = subprocess.run([sys.executable, str(src / "examples" / "python" / "solve_fclib.py"), str(f), "nsn_ac",
                          "-o", str(tmp_path)], capture_output=True, text=True, timeout=120, env=os.environ)
    assert run.returncode == 0, run.stderr
    assert "status ok" in run.stdout
    hist = np.loadtxt(tmp_path / "Capsules-i101-404_history.csv", delimiter=",", skiprows=1)
    # the same solve here: the CSV is its history, iteration by iteration
    ref = signorini.solve(signorini.read(f), "nsn_ac", tol=1e-8)
    assert np.array_equal(hist[:, 0], np.arange(1, ref.iterations + 1))
    assert np.array_equal(hist[:, 1], ref.history) and hist[-1, 1] <= 1e-8
    assert (tmp_path / "Capsules-i101-404_history.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    # drawn by matplotlib (scripts/install-deps.sh installs python3-matplotlib; the example falls
    # back to signorini.plot only where it is missing)
    assert "matplotlib is not installed" not in run.stdout


def run_example(src, name, *args):
    run = subprocess.run([sys.executable, str(src / "examples" / "python" / name), *map(str, args)],
                         capture_output=True, text=True, timeout=120, env=os.environ)
    assert run.returncode == 0, run.stderr
    return run.stdout


def is_png(path):
    return path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_hertz_example(src, tmp_path):
    run_example(src, "hertz.py", "-o", tmp_path)
    x, p, exact = np.loadtxt(tmp_path / "hertz_pressure.csv", delimiter=",", skiprows=1).T
    # examples/README.md, section 3: p0 = 5289.923128 MPa, a = 0.4813830046 mm; on this mesh
    # (h = 0.05 mm) the peak is within 0.1 % of p0 and no node beyond a carries pressure;
    # the contact forces add up to P/2 = 2000 N/mm (equilibrium)
    assert abs(p.max() / 5289.923128 - 1) < 1e-3
    assert np.all(p[x > 0.4813830046 + 0.05] < 1e-6 * p.max())
    assert abs(exact.max() / 5289.923128 - 1) < 1e-9   # the analytic column at x = 0 is p0
    assert is_png(tmp_path / "hertz_pressure.png")


def test_friction_sweep_example(src, tmp_path):
    out = run_example(src, "friction_sweep.py", "-o", tmp_path, "0.55", "0.7", "1.0")
    rows = np.loadtxt(tmp_path / "friction_sweep.csv", delimiter=",", skiprows=1)
    # examples/api/check.sh: at the last increment the obstacle carries 4 N/mm normal and 2 N/mm
    # tangential (0.01 MPa x 400 mm, 0.05 MPa x 40 mm), whatever mu >= 0.5
    assert np.allclose(rows[:, 3], 4.0, rtol=1e-6) and np.allclose(np.abs(rows[:, 4]), 2.0, rtol=1e-6)
    # more friction, less slip: the largest displacement and the slipping share decrease with mu
    assert np.all(np.diff(rows[:, 1]) < 0) and np.all(np.diff(rows[:, 2]) < 0)
    assert "mu 0.7" in out and is_png(tmp_path / "friction_sweep.png")


def test_plot(tmp_path):
    signorini.plot(tmp_path / "a.png", [("a", None, [1.0, 0.1, 0.01]), ("b", [1, 2, 3], [2, 3, 1], "markers")],
                   title="t", xlabel="x", ylabel="y", logy=True)
    data = (tmp_path / "a.png").read_bytes()
    # the PNG's IHDR: the default size 800 x 500 (include/signorini/plot.h)
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and int.from_bytes(data[16:20], "big") == 800
    assert int.from_bytes(data[20:24], "big") == 500
    with pytest.raises(ValueError, match="x: expected length 3"):
        signorini.plot(tmp_path / "b.png", [("a", [1, 2], [1, 2, 3])])
    with pytest.raises(ValueError, match="style"):
        signorini.plot(tmp_path / "b.png", [("a", None, [1, 2, 3], "dots")])
    with pytest.raises(signorini.Error):
        signorini.plot(tmp_path / "b.gif", [("a", None, [1, 2, 3])])
