#!/usr/bin/env python3
"""Solve an FCLIB (or Siconos .dat) problem file with signorini and keep its convergence history.

    PYTHONPATH=build/python /usr/bin/python3 examples/python/solve_fclib.py FILE [SOLVER] [-o OUTDIR]

Reads FILE, solves it (SOLVER: a name of signorini.solvers(), default "auto") to 1e-8, prints
one line (solver, status, iterations, error, sum of the normal reactions), writes the error
of every iteration to OUTDIR/BASE_history.csv (columns iteration, error) and draws it in
OUTDIR/BASE_history.png (error against iteration, logarithmic) with matplotlib when it is
installed (Debian's python3-matplotlib, installed by scripts/install-deps.sh), otherwise with
the library's own plotter (signorini.plot). Exit status 0 when solved, 3 when not.
"""
import argparse
import os
import sys

import numpy as np

import signorini


def main():
    ap = argparse.ArgumentParser(description="solve a problem file and write its convergence history")
    ap.add_argument("file")
    ap.add_argument("solver", nargs="?", default="auto")
    ap.add_argument("-o", "--outdir", default=".")
    a = ap.parse_args()
    problem = signorini.read(a.file)
    res = signorini.solve(problem, a.solver, tol=1e-8)
    dim = getattr(problem, "dim", 1)
    print(f"{os.path.basename(a.file)}: {problem!r} solver {res.solver} status {res.status} "
          f"iterations {res.iterations} error {res.error:.3e} sum_rn {np.sum(res.r[::dim]):.10g}")
    os.makedirs(a.outdir, exist_ok=True)
    base = os.path.join(a.outdir, os.path.splitext(os.path.basename(a.file))[0] + "_history")
    np.savetxt(base + ".csv", np.column_stack([np.arange(1, res.history.size + 1), res.history]),
               delimiter=",", header="iteration,error", comments="", fmt=["%d", "%.17g"])
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        signorini.plot(base + ".png", [(res.solver, None, res.history, "linemarkers")], logy=True,
                       title=f"{os.path.basename(a.file)}: {res.solver}", xlabel="iteration", ylabel="error")
        print(f"wrote {base}.csv and {base}.png (signorini.plot: matplotlib is not installed)")
    else:
        fig, ax = plt.subplots()
        ax.semilogy(np.arange(1, res.history.size + 1), res.history, marker="o")
        ax.set_xlabel("iteration")
        ax.set_ylabel("error")
        ax.set_title(f"{os.path.basename(a.file)}: {res.solver}")
        fig.savefig(base + ".png")
        print(f"wrote {base}.csv and {base}.png")
    return 0 if res.solved else 3


if __name__ == "__main__":
    sys.exit(main())
