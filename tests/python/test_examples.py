"""examples/python/: each example run as a user would, its output files checked."""
import os
import subprocess
import sys

import numpy as np

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
