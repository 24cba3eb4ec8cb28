#!/usr/bin/env python3
"""The cost of calling signorini.solve from Python over the C call (issue #15: < 20 us on a
1-contact problem).

The C reference is signorini_bench_warm (bench/warm.c, --start zero): K calls of sn_fc_solve in a
row on the problem, from zero, timed with the calling thread's CPU clock, the median of B batches.
The Python side does the same with time.thread_time_ns(): K calls of signorini.solve(p, SOLVER)
(a new Result and new r, u arrays per call), of signorini.solve(..., history=False), and of the
extension's _solve alone (no Python wrapper), the median of B batches. The rounds alternate the
C program and the Python batches, so that the machine's load falls on both alike.

Usage: PYTHONPATH=BUILD/python /usr/bin/python3 bench/python_overhead.py [--build BUILD]
         [--file tests/data/problems/fc3d/FrictionContact3D_1c.hdf5] [--solvers nsn_ac,nsgs]
         [--rounds 5] [--batches 15] [--calls 2000] [-o bench/out]
Writes OUT/python_overhead.csv (one row per round and solver) and OUT/python_overhead.png (with
signorini_csvplot), and prints the medians over the rounds.
"""
import argparse
import csv
import os
import statistics
import subprocess
import sys
import tempfile
import time


def c_call_us(build, path, solver, batches, calls):
    """signorini_bench_warm's microseconds per call (median of its batches)."""
    with tempfile.TemporaryDirectory() as d:
        subprocess.run([os.path.join(build, "bench", "signorini_bench_warm"), "--solvers", solver, "--start", "zero",
                        "--batches", str(batches), "--calls", str(calls), "--max-contacts", "1000000", "-o", d, path],
                       check=True, capture_output=True, text=True)
        with open(os.path.join(d, "warm.csv")) as f:
            rows = list(csv.DictReader(f))
    return float(rows[0]["us_per_call"])


def py_call_us(fn, batches, calls):
    """median over batches of the thread CPU time per call of fn()"""
    per = []
    for _ in range(batches):
        t = time.thread_time_ns()
        for _ in range(calls):
            fn()
        per.append((time.thread_time_ns() - t) / calls / 1e3)
    return statistics.median(per)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    here = os.path.dirname(os.path.abspath(__file__))
    ap.add_argument("--build", default=os.path.join(here, "..", "build"))
    ap.add_argument("--file", default=os.path.join(here, "..", "tests", "data", "problems", "fc3d",
                                                   "FrictionContact3D_1c.hdf5"))
    ap.add_argument("--solvers", default="nsn_ac,nsgs")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--batches", type=int, default=15)
    ap.add_argument("--calls", type=int, default=2000)
    ap.add_argument("-o", "--out", default=os.path.join(here, "out"))
    a = ap.parse_args()
    sys.path.insert(0, os.path.join(a.build, "python"))
    import signorini
    from signorini import _signorini
    signorini.set_threads(1)
    p = signorini.read(a.file)
    os.makedirs(a.out, exist_ok=True)
    rows = []
    for rnd in range(a.rounds):
        for s in a.solvers.split(","):
            c = c_call_us(a.build, a.file, s, a.batches, a.calls)
            full = py_call_us(lambda: signorini.solve(p, s), a.batches, a.calls)
            nohist = py_call_us(lambda: signorini.solve(p, s, history=False), a.batches, a.calls)
            raw = py_call_us(lambda: _signorini._solve(p, s, 1e-8, 0, 0.0, None, None, None, None, False),
                             a.batches, a.calls)
            rows.append(dict(round=rnd, solver=s, c_us=c, python_us=full, python_nohistory_us=nohist,
                             extension_us=raw, overhead_us=full - c))
            print(f"round {rnd} {s:8s} C {c:8.2f} us  solve() {full:8.2f} us  history=False {nohist:8.2f} us  "
                  f"_solve {raw:8.2f} us  overhead {full - c:6.2f} us", flush=True)
    out = os.path.join(a.out, "python_overhead.csv")
    with open(out, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    for s in a.solvers.split(","):
        r = [x for x in rows if x["solver"] == s]
        med = {k: statistics.median(x[k] for x in r) for k in ("c_us", "python_us", "python_nohistory_us",
                                                                "extension_us", "overhead_us")}
        print(f"median of {len(r)} rounds, {s}: " + ", ".join(f"{k} {v:.2f}" for k, v in med.items()))
    plot = os.path.join(a.build, "bench", "signorini_csvplot")
    subprocess.run([plot, out, os.path.join(a.out, "python_overhead.png"), "--x", "round", "--y", "c_us",
                    "--y", "python_us", "--y", "extension_us", "--group", "solver", "--style", "linemarkers",
                    "--title", "solve() per call on a 1-contact problem: Python against C (thread CPU time)",
                    "--ylabel", "microseconds per call"], check=True)
    print(f"wrote {out} and {os.path.join(a.out, 'python_overhead.png')}")


if __name__ == "__main__":
    main()
