#!/usr/bin/env python3
"""A parameter study from Python: the friction coefficient of the bar on its obstacle
(examples/bar_obstacle.inp, the seed's bar of Kanno, Martins and Pinto da Costa, CMNE 2004)
swept, one analysis per value, one plot.

    PYTHONPATH=build/python /usr/bin/python3 examples/python/friction_sweep.py [-o OUTDIR] [MU ...]

The bar is pressed by 0.01 MPa on its top (4 N/mm on the obstacle) and pushed by 0.05 MPa on
its left face (2 N/mm): it can stand only when mu >= 2 / 4 = 0.5, so the sweep runs from 0.55
(default 0.55, 0.6, 0.7, 0.85, 1.0). Each deck is the original with its *FRICTION value replaced,
written to OUTDIR. For each mu: the bar's largest horizontal displacement and the share of the
contact nodes that slip (|r_T| >= 0.999 mu r_N) at the last increment. Writes
OUTDIR/friction_sweep.csv and OUTDIR/friction_sweep.png (signorini.plot).
"""
import argparse
import os
import re

import numpy as np

import signorini


def deck_with_mu(text, mu):
    """the deck with the value line after *FRICTION replaced by mu"""
    new, n = re.subn(r"(\*FRICTION\s*\n)[^\n]*", lambda m: m.group(1) + repr(mu), text, flags=re.IGNORECASE)
    if n != 1:
        raise ValueError("the deck must have exactly one *FRICTION block")
    return new


def study(text, mu, outdir):
    path = os.path.join(outdir, f"bar_mu{mu:g}.inp")
    with open(path, "w") as f:
        f.write(deck_with_mu(text, mu))
    res = signorini.run(path)
    last = res.increments[-1]
    c = last["contact"]
    rn, rt = c["r"][:, 0], np.abs(c["r"][:, 1])
    loaded = rn > 1e-9 * rn.max()
    slip = np.count_nonzero(rt[loaded] >= 0.999 * mu * rn[loaded]) / max(np.count_nonzero(loaded), 1)
    return dict(mu=mu, u1_max=np.abs(last["U"][:, 0]).max(), slip_share=slip, normal=rn.sum(),
                tangential=c["r"][:, 1].sum(), increments=len(res.increments))


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description="friction coefficient sweep on the bar")
    ap.add_argument("mu", nargs="*", type=float, default=[0.55, 0.6, 0.7, 0.85, 1.0])
    ap.add_argument("--deck", default=os.path.join(here, "..", "bar_obstacle.inp"))
    ap.add_argument("-o", "--outdir", default="friction_sweep")
    o = ap.parse_args()
    os.makedirs(o.outdir, exist_ok=True)
    with open(o.deck) as f:
        text = f.read()
    rows = [study(text, mu, o.outdir) for mu in o.mu]
    for r in rows:
        print(f"mu {r['mu']:.3g}: largest |U1| {r['u1_max']:.6g} mm, slipping share {r['slip_share']:.3f}, "
              f"contact forces N {r['normal']:.6f} T {r['tangential']:.6f} N/mm, {r['increments']} increments")
    keys = list(rows[0])
    np.savetxt(os.path.join(o.outdir, "friction_sweep.csv"), np.array([[r[k] for k in keys] for r in rows]),
               delimiter=",", header=",".join(keys), comments="", fmt="%.10g")
    mus = np.array(o.mu)
    signorini.plot(os.path.join(o.outdir, "friction_sweep.png"),
                   [("largest |U1| (mm) x 1000", mus, 1000 * np.array([r["u1_max"] for r in rows]), "linemarkers"),
                    ("contact nodes slipping (%)", mus, 100 * np.array([r["slip_share"] for r in rows]), "linemarkers")],
                   title="bar on the obstacle: friction coefficient sweep", xlabel="mu", ylabel="value")
    print(f"wrote {o.outdir}/friction_sweep.csv and friction_sweep.png")


if __name__ == "__main__":
    main()
