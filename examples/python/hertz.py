#!/usr/bin/env python3
"""Run the Hertz deck (examples/hertz.inp) from Python and plot the contact pressure against
Hertz's analytic profile.

    PYTHONPATH=build/python /usr/bin/python3 examples/python/hertz.py [DECK] [-o OUTDIR]

The deck (examples/README.md, section 3): an elastic cylinder R = 10 mm, E = 200000 MPa,
nu = 0.3, plane strain, pressed on a rigid flat by P = 4000 N/mm, frictionless; quarter model.
Hertz: E* = E / (1 - nu^2), a = sqrt(4 P R / (pi E*)), p0 = 2 P / (pi a),
p(x) = p0 sqrt(1 - x^2 / a^2). The pressure at a contact node is its normal force over its
tributary area (docs/results.md, CPRESS). Writes OUTDIR/hertz_pressure.csv (x, pressure,
analytic) and OUTDIR/hertz_pressure.png (signorini.plot), and prints the peak pressure, the
contact half-width and the total contact force against p0, a and P / 2.
"""
import argparse
import math
import os

import numpy as np

import signorini

R, E, NU, P = 10.0, 200000.0, 0.3, 4000.0


def analytic():
    """Hertz's half-width a and peak pressure p0 of the cylinder on a flat (plane strain)"""
    estar = E / (1 - NU ** 2)
    a = math.sqrt(4 * P * R / (math.pi * estar))
    return a, 2 * P / (math.pi * a)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description="the Hertz deck's pressure against the analytic profile")
    ap.add_argument("deck", nargs="?", default=os.path.join(here, "..", "hertz.inp"))
    ap.add_argument("-o", "--outdir", default=".")
    o = ap.parse_args()
    res = signorini.run(o.deck)
    c = res.increments[-1]["contact"]
    order = np.argsort(c["x"][:, 0])
    x, p = c["x"][order, 0], c["r"][order, 0] / c["area"][order]
    a, p0 = analytic()
    exact = p0 * np.sqrt(np.clip(1 - (x / a) ** 2, 0, None))
    inside = x[p > 1e-6 * p0]
    half = inside.max() if inside.size else 0.0
    print(f"peak pressure {p.max():.2f} MPa (Hertz p0 {p0:.2f}, {100 * (p.max() / p0 - 1):+.3f} %), "
          f"last loaded node x = {half:.4f} mm (a = {a:.4f}), total force {c['r'][:, 0].sum():.6f} N/mm (P/2 = {P / 2})")
    os.makedirs(o.outdir, exist_ok=True)
    np.savetxt(os.path.join(o.outdir, "hertz_pressure.csv"), np.column_stack([x, p, exact]), delimiter=",",
               header="x,pressure,analytic", comments="", fmt="%.10g")
    xa = np.linspace(0, a, 200)
    signorini.plot(os.path.join(o.outdir, "hertz_pressure.png"),
                   [("signorini (node force / area)", x, p, "markers"),
                    ("Hertz p0 sqrt(1 - x^2/a^2)", xa, p0 * np.sqrt(1 - (xa / a) ** 2), "line")],
                   title="Hertz: contact pressure along the flat", xlabel="x (mm)", ylabel="pressure (MPa)")
    print(f"wrote {o.outdir}/hertz_pressure.csv and hertz_pressure.png")


if __name__ == "__main__":
    main()
