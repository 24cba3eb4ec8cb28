#!/usr/bin/env python3
"""bench/tikhonov_path.c (signorini_tikhonov_path) on a problem with a solution near apgd's
iterate, fc2d/FrictionContactProblem00071 (89 contacts, solved by every 2D solver): the path
settles. For a solution r* near the centre c, r(eps) -> r* and the residual
eps wbar |r(eps) - c| of the regularized problem falls in proportion to eps (Rockafellar 1976;
r(eps) - c tends to r* - c): with eps divided by 10 a row, the last two rows' residuals have a
ratio of 0.1 within 2 %, |r(eps) - c| changes by less than 1 %, and the error of r(eps) in the
problem itself is below 1e-8 at eps = 1e-6 (measured 8.6e-10).
Usage: test_tikhonov_path.py TOOL DATA_DIR"""
import subprocess
import sys

tool, data = sys.argv[1:3]
out = subprocess.run([tool, f"{data}/fc2d/FrictionContactProblem00071.dat", "--start-tol", "1e-4",
                      "--factor", "0.1", "--steps", "6"], capture_output=True, text=True, check=True).stdout
lines = out.splitlines()
assert len(lines) == 8 and lines[0].startswith("#") and lines[1].startswith("eps,"), out
rows = [dict(zip(lines[1].split(","), l.split(","))) for l in lines[2:]]
assert all(r["status"] == "solved" for r in rows), out
prev, last = rows[-2], rows[-1]
ratio = float(last["eps_wbar_dist"]) / float(prev["eps_wbar_dist"])
dist = float(last["dist_from_c"]) / float(prev["dist_from_c"])
assert abs(float(last["eps"]) - 1e-6) < 1e-12, out
assert abs(ratio - 0.1) <= 0.002, f"residual ratio {ratio}\n{out}"
assert abs(dist - 1.0) <= 0.01, f"distance ratio {dist}\n{out}"
assert float(last["error"]) < 1e-8, out
print(f"ok: residual ratio {ratio:.5f}, distance ratio {dist:.6f}, error {last['error']}")
