#!/usr/bin/env python3
"""Compare two .dat result files (docs/results.md) number by number.

Usage: dat_agree.py A.dat B.dat TOL
The text lines (headers) must be equal; the numbers of each block of table rows (consecutive
lines of numbers) must agree within TOL times the largest absolute value of the block in A (the
first column of a row, when it is an integer literal such as a node or element number, must be
equal; a total force of 0.000000E+00 is a value, not a number 0). Prints the largest
difference found, relative to its block's largest value, and ', 0 failures' or the failures."""
import sys


def blocks(path):
    out, cur = [], None
    for line in open(path):
        words = line.split()
        try:
            # an integer literal (a node or element number) stays an int: a value printed as
            # 0.000000E+00 is a float even when it is integral
            nums = [int(w) if w.lstrip("+-").isdigit() else float(w.replace("D", "E")) for w in words]
        except ValueError:
            nums = None
        if nums:
            if cur is None:
                cur = []
                out.append(("rows", cur))
            cur.append(nums)
        else:
            cur = None
            if words:
                out.append(("text", " ".join(words)))
    return out


def main():
    a, b, tol = blocks(sys.argv[1]), blocks(sys.argv[2]), float(sys.argv[3])
    fails, worst = [], 0.0
    if len(a) != len(b):
        fails.append(f"{len(a)} blocks against {len(b)}")
    for k, ((ka, xa), (kb, xb)) in enumerate(zip(a, b)):
        if ka != kb or (ka == "text" and xa != xb):
            fails.append(f"block {k}: {xa!r} against {xb!r}")
            continue
        if ka == "text":
            continue
        if len(xa) != len(xb) or any(len(ra) != len(rb) for ra, rb in zip(xa, xb)):
            fails.append(f"block {k}: the rows differ in shape")
            continue
        ids = all(len(r) > 1 and isinstance(r[0], int) for r in xa)   # a leading node / element number
        first = 1 if ids else 0
        scale = max((abs(v) for r in xa for v in r[first:]), default=0.0) or 1.0
        for ra, rb in zip(xa, xb):
            if ids and ra[0] != rb[0]:
                fails.append(f"block {k}: row {ra[0]:g} against {rb[0]:g}")
            for va, vb in zip(ra[first:], rb[first:]):
                d = abs(va - vb) / scale
                worst = max(worst, d)
                if d > tol:
                    fails.append(f"block {k}: {va:g} against {vb:g} ({d:.2e} of the block's largest {scale:g})")
    print(f"{sum(1 for x in a if x[0] == 'rows')} tables, largest difference {worst:.2e} of its block's largest value, "
          f"{len(fails)} failures")
    for f in fails[:20]:
        print("  " + f)
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
