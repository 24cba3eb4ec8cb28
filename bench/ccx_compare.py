#!/usr/bin/python3
"""Compare a .dat written by signorini (or by ccx) with CalculiX' reference .dat.ref, block by block.

A .dat is a sequence of blocks: a header line ("displacements (vx,vy,vz) for set NOUT and time
0.1000000E+01", "contact stress (slave node,press,tang1,tang2) for all contact elements and time
...", "E I G E N V A L U E   O U T P U T", ...) followed by rows of numbers keyed by their leading
integers (node; element and integration point; mode). A block of the reference is matched with the
block of the same quantity, set and time in the other file (times compared to 6 significant digits;
eigenvalue tables in order of appearance). A matched block agrees when every value differs from the
reference by at most TOL times the largest magnitude in the reference block (issue #14's criterion:
1e-3 of each printed block's maximum). A row of the reference that the other file lacks is a
disagreement; for contact blocks, a row the other file has and the reference lacks (a contact open in
CalculiX) counts against a reference value of zero.

The .frd result files (for the decks that print nothing to .dat) are compared the same way,
node by node, on their DISP and FORC blocks (stresses extrapolated to nodes and the contact
block are listed but left out of the verdict: their extrapolation and components differ by code).

Usage: ccx_compare.py REF.dat[.gz] OTHER.dat [--tol 1e-3] [--json]
       ccx_compare.py REF.frd[.gz] OTHER.frd [--tol 1e-3] [--json]
       ccx_compare.py --deck REF.dat REF.frd OUR.dat OUR.frd   (one line: verdict source kinds worst)
Prints one line per reference block and a summary; --json prints the summary as JSON (used by
bench/ccx_decks.sh). Exit status 0 whatever the verdict (2 on unreadable input)."""
import gzip
import json
import re
import sys

# header prefix -> quantity; the verdict uses VERDICT_KINDS (issue #14: U, RF, contact stresses, where
# printed; stresses and eigenvalues as well since some decks print nothing else)
KINDS = [
    ("relative contact displacement", "CDIS"),
    ("contact stress", "CSTR"),
    ("contact print energy", "CELS"),
    ("total contact spring energy", "CELS_TOTAL"),
    ("displacements", "U"),
    ("forces", "RF"),
    ("stresses", "S"),
    ("strains", "E"),
    ("velocities", "V"),
    ("temperatures", "NT"),
    ("total internal energy", "ELSE_TOTAL"),
    ("internal energy", "ELSE"),
    ("E I G E N V A L U E   O U T P U T", "EIG"),
    ("P A R T I C I P A T I O N   F A C T O R S", "EIG_PF"),
    ("E F F E C T I V E   M O D A L   M A S S", "EIG_MASS"),
    ("T O T A L   E F F E C T I V E   M A S S", "EIG_TOTMASS"),
]
VERDICT_KINDS = {"U", "RF", "S", "CSTR", "EIG"}
CONTACT_KINDS = {"CDIS", "CSTR", "CELS"}
NUM = re.compile(r"^[-+]?(\d+\.?\d*|\.\d+)([EeDd][-+]?\d+)?$")


def _open(path):
    raw = open(path, "rb").read()
    if raw[:2] == b"\x1f\x8b":
        raw = gzip.decompress(raw)
    return raw.decode("latin-1").splitlines()


def _kind(line):
    s = line.strip()
    for prefix, kind in KINDS:
        if s.startswith(prefix):
            return kind
    return None


def _is_int(tok):
    return re.fullmatch(r"[-+]?\d+", tok) is not None


def _row(line):
    """(key, values) of a data row, or None for a line that is not one."""
    toks = line.split()
    if len(toks) > 1 and toks[-1] == "L":   # a node's values in its *TRANSFORM frame (ccx marks them)
        toks.pop()
    if not toks or not all(NUM.match(t) or _is_int(t) for t in toks):
        return None
    key = []
    while toks and _is_int(toks[0]) and len(toks) > 1:
        key.append(int(toks.pop(0)))
    vals = [float(t.replace("D", "E").replace("d", "e")) for t in toks]
    return tuple(key), vals


def parse(path):
    """List of blocks: dict(kind, set, time, rows {key: values}, line)."""
    blocks, cur = [], None
    for no, line in enumerate(_open(path), 1):
        if not line.strip():
            continue
        kind = _kind(line)
        if kind:
            m_set = re.search(r"for set (\S+)", line)
            m_time = re.search(r"time\s+([-+0-9.EeDd]+)", line)
            t = float(m_time.group(1).replace("D", "E")) if m_time else None
            cur = {"kind": kind, "set": m_set.group(1) if m_set else "",
                   "time": None if t is None else float("%.6g" % t), "rows": {}, "line": no}
            blocks.append(cur)
            continue
        r = _row(line)
        if r is None:
            if cur is not None and cur["kind"].startswith("EIG"):
                continue  # the eigenvalue tables' column titles
            cur = None if cur is None or cur["rows"] else cur
            continue
        if cur is None:
            continue
        key, vals = r
        if cur["kind"] == "EIG":
            vals = vals[:1]  # the eigenvalue itself; the frequencies follow from it
        cur["rows"][key] = vals
    return [b for b in blocks if b["rows"] or b["kind"] in CONTACT_KINDS]


FRD_VERDICT = {"DISP", "FORC"}


def parse_frd(path):
    """The nodal result blocks of a CalculiX .frd (ASCII): -4 NAME starts a block, -1 rows hold a
    node (columns 4-13) and values in fields of 12 characters, -3 ends it; the time is the third
    field of the preceding 100CL line. Kinds are the block names (DISP, FORC, STRESS, ...)."""
    blocks, cur, t = [], None, None
    for line in _open(path):
        if line.lstrip().startswith("100C"):
            try:
                t = float("%.6g" % float(line.split()[2]))
            except (ValueError, IndexError):
                t = None
        elif line.startswith(" -4"):
            cur = {"kind": line[3:].split()[0], "set": "", "time": t, "rows": {}, "line": 0}
            blocks.append(cur)
        elif line.startswith(" -3"):
            cur = None
        elif line.startswith(" -1") and cur is not None:
            body = line[13:].rstrip()
            vals = [float(body[i:i + 12]) for i in range(0, len(body), 12) if body[i:i + 12].strip()]
            cur["rows"][(int(line[3:13]),)] = vals
    return [b for b in blocks if b["rows"]]


def _is_frd(path):
    return ".frd" in path.rsplit("/", 1)[-1]


def _index(blocks):
    """(kind, set, time or occurrence) -> block; eigen tables are keyed by occurrence."""
    out, seen = {}, {}
    for b in blocks:
        base = (b["kind"], b["set"])
        n = seen.get(base, 0)
        seen[base] = n + 1
        tkey = ("#", n) if b["time"] is None else b["time"]
        out.setdefault(base + (tkey,), b)
    return out


def compare_block(ref, oth, tol):
    scale = max((abs(v) for vals in ref["rows"].values() for v in vals), default=0.0)
    worst, missing = 0.0, 0
    for key, rv in ref["rows"].items():
        ov = oth["rows"].get(key)
        if ov is None or len(ov) < len(rv):
            missing += 1
            continue
        for a, b in zip(rv, ov):
            worst = max(worst, abs(a - b))
    if ref["kind"] in CONTACT_KINDS:
        for key, ov in oth["rows"].items():
            if key not in ref["rows"]:
                worst = max(worst, max((abs(v) for v in ov), default=0.0))
    rel = worst / scale if scale > 0 else (0.0 if worst == 0 else float("inf"))
    return {"rel": rel, "missing_rows": missing, "agree": missing == 0 and rel <= tol}


def compare(ref_path, oth_path, tol=1e-3):
    frd = _is_frd(ref_path)
    rd = parse_frd if frd else parse
    ref, oth = _index(rd(ref_path)), _index(rd(oth_path))
    lines, kinds = [], {}
    for key, rb in ref.items():
        ob = oth.get(key)
        k = kinds.setdefault(rb["kind"], {"blocks": 0, "matched": 0, "agree": 0, "worst": 0.0})
        k["blocks"] += 1
        if ob is None:
            lines.append((key, None))
            continue
        c = compare_block(rb, ob, tol)
        k["matched"] += 1
        k["agree"] += c["agree"]
        k["worst"] = max(k["worst"], c["rel"])
        lines.append((key, c))
    verdict_kinds = [k for k in kinds if k in (FRD_VERDICT if frd else VERDICT_KINDS)] or list(kinds)
    # agreement: every reference block of the verdict quantities printed by both agrees, and each
    # verdict quantity has at least one matched block
    agree = bool(verdict_kinds) and all(
        kinds[k]["matched"] > 0 and kinds[k]["agree"] == kinds[k]["matched"] for k in verdict_kinds)
    return {"kinds": kinds, "verdict_kinds": verdict_kinds, "agree": agree}, lines


def deck_summary(ref_dat, ref_frd, our_dat, our_frd, tol=1e-3):
    """One deck's summary line for bench/ccx_decks.sh: the .dat when the reference prints to it, else
    the .frd; 'verdict' is agree, differ, 'no output' (our file missing) or 'nothing printed'."""
    import os
    for ref, ours, src in ((ref_dat, our_dat, "dat"), (ref_frd, our_frd, "frd")):
        if not ref or not os.path.exists(ref) or not (parse_frd(ref) if src == "frd" else parse(ref)):
            continue
        if not os.path.exists(ours):
            return {"verdict": "no ." + src, "kinds": "-", "worst": "-", "source": src}
        s, _ = compare(ref, ours, tol)
        k = s["kinds"]
        return {"verdict": "agree" if s["agree"] else "differ", "source": src,
                "kinds": ";".join("%s:%d/%d/%d" % (n, v["agree"], v["matched"], v["blocks"]) for n, v in sorted(k.items())),
                "worst": "%.2e" % max([v["worst"] for n, v in k.items() if n in s["verdict_kinds"]] or [0])}
    return {"verdict": "nothing printed", "kinds": "-", "worst": "-", "source": "-"}


def main(argv):
    if len(argv) == 6 and argv[1] == "--deck":   # --deck REF.dat REF.frd OUR.dat OUR.frd
        s = deck_summary(*argv[2:6])
        print("%s %s %s %s" % (s["verdict"].replace(" ", "_"), s["source"], s["kinds"], s["worst"]))
        return 0
    args = [a for a in argv[1:] if not a.startswith("--")]
    tol = 1e-3
    if "--tol" in argv:
        tol = float(argv[argv.index("--tol") + 1])
        args.remove(argv[argv.index("--tol") + 1])
    if len(args) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    try:
        summary, lines = compare(args[0], args[1], tol)
    except OSError as e:
        print("ccx_compare: %s" % e, file=sys.stderr)
        return 2
    if "--json" in argv:
        print(json.dumps(summary))
        return 0
    for key, c in lines:
        what = "%s %s t=%s" % (key[0], key[1] or "-", key[2])
        if c is None:
            print("%-40s missing in %s" % (what, args[1]))
        else:
            print("%-40s rel %.3e%s %s" % (what, c["rel"], " (%d rows missing)" % c["missing_rows"]
                                          if c["missing_rows"] else "", "agree" if c["agree"] else "DIFFER"))
    print("verdict on %s: %s" % (",".join(summary["verdict_kinds"]), "agree" if summary["agree"] else "differ"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
