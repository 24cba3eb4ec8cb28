#!/usr/bin/env bash
# CalculiX' own contact test decks run by signorini, unchanged (issue #14): the 53 decks of Debian's
# calculix-ccx-test that hold *CONTACT PAIR, *SURFACE INTERACTION or *GAP, each run by signorini and by
# ccx (2.20, Debian calculix-ccx), both compared with the package's reference .dat.ref block by block
# (bench/ccx_compare.py: a block agrees when every value is within 1e-3 of the block's largest
# magnitude; a deck agrees when every printed block of U, RF, S, contact stress and eigenvalues that
# both files hold agrees). The decks are read from the package folder, never copied into the
# repository. One thread each (OMP_NUM_THREADS=1 for ccx, --threads 1 for signorini), CPU seconds
# of the child process.
# Usage: bash bench/ccx_decks.sh [--no-ccx] [--timeout S] [deck names...]
#   SIGNORINI_BUILD=DIR: the signorini of that build folder (default build/; e.g. a build of an
#   earlier commit, to compare)
#   -> bench/out/ccx_decks.csv (one row per deck), bench/out/ccx_decks.md (the table),
#      bench/out/ccx_decks.png (CPU time of signorini against ccx on the decks both run)
# Needs: apt-get install calculix-ccx calculix-ccx-test
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
PKG=/usr/share/doc/calculix-ccx-test/examples/test
[ -d "$PKG" ] || { echo "ccx_decks.sh: $PKG not found: apt-get install calculix-ccx-test" >&2; exit 1; }
run_ccx=1
limit=600
decks=()
while [ $# -gt 0 ]; do
  case $1 in
    --no-ccx) run_ccx=0 ;;
    --timeout) limit=$2; shift ;;
    -*) echo "ccx_decks.sh: unknown option $1" >&2; exit 2 ;;
    *) decks+=("$1") ;;
  esac
  shift
done
[ $run_ccx = 0 ] || command -v ccx > /dev/null || { echo "ccx_decks.sh: ccx not found (apt-get install calculix-ccx) or use --no-ccx" >&2; exit 1; }
B=${SIGNORINI_BUILD:-$ROOT/build}
[ -x "$B/signorini" ] || { cmake -S . -B "$B" -DCMAKE_BUILD_TYPE=Release > /dev/null &&
  cmake --build "$B" -j2 --target signorini_cli > /dev/null; }
OUT=$ROOT/bench/out
mkdir -p "$OUT"
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT

if [ ${#decks[@]} = 0 ]; then
  for f in "$PKG"/*.inp "$PKG"/*.inp.gz; do
    # grep on a process substitution: grep -q quits at the first match, and under pipefail the
    # SIGPIPE of a zcat still writing a large deck would drop the deck (3 of the 53, at random)
    grep -qi '^\*CONTACT PAIR\|^\*SURFACE INTERACTION\|^\*GAP' <(zcat -f "$f") || continue
    b=$(basename "$f"); b=${b%.gz}; decks+=("${b%.inp}")
  done
fi

# cpu_of CMD...: runs CMD under the time limit; prints "rc cpu_seconds" (children's user + system)
cpu_of() {
  set +e
  /usr/bin/time -f "%U %S" -o "$W/time" timeout "$limit" "$@" > "$W/log" 2>&1
  local rc=$?
  set -e
  echo "$rc $(tail -n 1 "$W/time" | awk '{printf "%.3f", $1+$2}')"
}

csv=$OUT/ccx_decks.csv.tmp
echo "deck,accepted,signorini_message,verdict,compared,kinds,worst_rel,ccx_verdict,ccx_cpu_s,signorini_cpu_s" > "$csv"
for b in "${decks[@]}"; do
  src=$PKG/$b.inp; [ -f "$src" ] || src=$src.gz
  d=$W/$b; mkdir -p "$d"; zcat -f "$src" > "$d/$b.inp"
  # signorini
  read -r rc s_cpu < <(cd "$d" && cpu_of "$B/signorini" run "$b.inp" -o "$d/sig" --threads 1)
  msg=$(grep -v ": note: " "$W/log" | grep -m1 . | tr -d '\r' | sed 's/"/'"'"'/g' | cut -c1-160 || true)
  [ -n "$msg" ] || [ "$rc" != 124 ] || msg="signorini: stopped by the time limit ($limit s)"   # a log of notes only
  accepted=$([ "$rc" = 0 ] && echo yes || echo no)
  refd=$PKG/$b.dat.ref; [ -f "$refd" ] || refd=$refd.gz
  reff=$PKG/$b.frd.ref; [ -f "$reff" ] || reff=$reff.gz
  verdict=-; kinds=-; worst=-; cmp=-
  if [ "$rc" = 0 ]; then
    read -r verdict cmp kinds worst < <(/usr/bin/python3 "$ROOT/bench/ccx_compare.py" --deck "$refd" "$reff" "$d/sig/$b.dat" "$d/sig/$b.frd")
    msg=""
  fi
  # ccx
  c_verdict=-; c_cpu=-
  if [ $run_ccx = 1 ]; then
    mkdir -p "$d/ccx"; zcat -f "$src" > "$d/ccx/$b.inp"
    read -r crc c_cpu < <(cd "$d/ccx" && OMP_NUM_THREADS=1 CCX_NPROC_EQUATION_SOLVER=1 cpu_of ccx -i "$b")
    if [ "$crc" = 0 ]; then
      read -r c_verdict _ < <(/usr/bin/python3 "$ROOT/bench/ccx_compare.py" --deck "$refd" "$reff" "$d/ccx/$b.dat" "$d/ccx/$b.frd")
    else
      c_verdict="rc_$crc"
    fi
  fi
  echo "$b,$accepted,\"$msg\",$verdict,$cmp,$kinds,$worst,$c_verdict,$c_cpu,$s_cpu" >> "$csv"
  echo "$b: accepted $accepted, $verdict ${kinds} (ccx 2.20: $c_verdict, ${c_cpu} s; signorini ${s_cpu} s) $msg"
  rm -rf "$d"
done
mv "$csv" "$OUT/ccx_decks.csv"

/usr/bin/python3 - "$OUT/ccx_decks.csv" "$OUT/ccx_decks.md" "$OUT/ccx_decks.png" <<'EOF'
import csv, sys, os
rows = list(csv.DictReader(open(sys.argv[1])))
acc = sum(r["accepted"] == "yes" for r in rows)
agr = sum(r["verdict"] == "agree" for r in rows)
cagr = sum(r["ccx_verdict"] == "agree" for r in rows)
md = ["| deck | accepted | agrees (1e-3) | compared | blocks agree/matched/in ref | worst rel | ccx 2.20 vs ref | ccx CPU s | signorini CPU s |",
      "|---|---|---|---|---|---|---|---|---|"]
for r in rows:
    what = r["verdict"] if r["accepted"] == "yes" else r["signorini_message"].replace("|", "/")
    md.append("| %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (r["deck"], r["accepted"], what, r["compared"], r["kinds"],
              r["worst_rel"], r["ccx_verdict"], r["ccx_cpu_s"], r["signorini_cpu_s"]))
md.append("")
md.append("%d decks: %d accepted by signorini, %d agree with the reference; ccx 2.20 agrees on %d." % (len(rows), acc, agr, cagr))
tmp = sys.argv[2] + ".tmp"
open(tmp, "w").write("\n".join(md) + "\n")
os.replace(tmp, sys.argv[2])
print(md[-1])
pts = [(r["deck"], float(r["ccx_cpu_s"]), float(r["signorini_cpu_s"])) for r in rows
       if r["accepted"] == "yes" and r["ccx_cpu_s"] not in ("-", "nan") and r["signorini_cpu_s"] != "nan"]
if pts:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(figsize=(max(6, 0.5 * len(pts) + 2), 4))
    x = range(len(pts))
    ax.bar([i - 0.2 for i in x], [p[1] for p in pts], 0.4, label="ccx 2.20")
    ax.bar([i + 0.2 for i in x], [p[2] for p in pts], 0.4, label="signorini")
    ax.set_xticks(list(x)); ax.set_xticklabels([p[0] for p in pts], rotation=60, ha="right")
    ax.set_yscale("log"); ax.set_ylabel("CPU s, one thread"); ax.legend()
    ax.set_title("CalculiX test decks accepted by signorini")
    fig.tight_layout()
    tmp = sys.argv[3] + ".tmp.png"
    fig.savefig(tmp); os.replace(tmp, sys.argv[3])
EOF
echo "ccx_decks.sh: $OUT/ccx_decks.csv, ccx_decks.md, ccx_decks.png"
