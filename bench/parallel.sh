#!/usr/bin/env bash
# The speed-ups of issue #16 on this machine's cores: 1 thread against 2 (or THREADS="1 2 4"),
# runs interleaved (t1, t2, t1, t2, ...), medians. Cases (CASES, default all four):
#   block     `signorini run` on the contact block of bench/gen_contact_block.py (BLOCK="24 24 8",
#             LAGRANGE, 10 increments, output on: what a user runs): the wall time of the run, its
#             element assembly (the `time:` line's assembly share) and its contact solves
#   nsgs      `signorini solve` on the largest local problem of the test data
#             (Capsules-i125-1213.hdf5, 286 contacts) by the coloured NSGS (--options
#             order=colour; its result does not depend on the thread count), from zero, the solve's
#             own seconds (--json)
#   granular  the rigid-body pile of issue #12 (bench/granular_scene.h, GRANULAR_N=1000 spheres):
#             stepped to t = GRANULAR_T0 (0.5 s) once, then GRANULAR_STEPS (20) steps per thread
#             count from that same state by the coloured NSGS (signorini_granular_window
#             threads:K), wall ms per step
# Usage: bash bench/parallel.sh [REPEAT]        (default 5)
#   env: SN_BUILD=build CASES="block nsgs granular" THREADS="1 2" BLOCK="24 24 8" WORK=/tmp/sn_parallel
# -> bench/out/parallel.csv: case,measure,threads,run,seconds,load (load: the 1-minute load average
#    before the run); the medians and the speed-ups (median at 1 thread / median at K) on stdout;
#    bench/out/parallel.png: the speed-up of each measure against the thread count.
set -euo pipefail
cd "$(dirname "$0")/.."
REPEAT=${1:-5}
SN_BUILD=${SN_BUILD:-build}
case $SN_BUILD in /*) ;; *) SN_BUILD=$PWD/$SN_BUILD ;; esac
[ -x "$SN_BUILD/signorini" ] || bash scripts/build.sh "$SN_BUILD"
SN=$SN_BUILD/signorini
WIN=$SN_BUILD/bench/signorini_granular_window
CASES=${CASES:-"block nsgs granular"}
THREADS=${THREADS:-"1 2"}
BLOCK=${BLOCK:-"24 24 8"}
WORK=${WORK:-/tmp/sn_parallel}
GRANULAR_N=${GRANULAR_N:-1000}
GRANULAR_T0=${GRANULAR_T0:-0.5}
GRANULAR_STEPS=${GRANULAR_STEPS:-20}
FCLIB=${FCLIB:-tests/data/problems/fc3d/Capsules-i125-1213.hdf5}
mkdir -p "$WORK" bench/out
CSV=bench/out/parallel.csv
echo "case,measure,threads,run,seconds,load" > "$CSV.tmp"
load() { cut -d' ' -f1 /proc/loadavg; }
row() { echo "$1,$2,$3,$4,$5,$6" >> "$CSV.tmp"; }

# block: wall, assembly and contact seconds of one run from its `time:` line
block_run() {
  local t=$1 r=$2 d=$WORK/block-$1-$2 l
  l=$(load)
  rm -rf "$d"
  env -u SIGNORINI_NUM_THREADS "$SN" run "$WORK/block.inp" -o "$d" --threads "$t" > "$d.log" 2>&1 ||
    { echo "parallel.sh: block run failed (see $d.log)" >&2; exit 1; }
  local line
  line=$(grep '^time:' "$d.log")
  row block run "$t" "$r" "$(awk '{ print $2 }' <<< "$line")" "$l"
  row block assembly "$t" "$r" "$(sed -E 's/.*assembly ([0-9.]+) s.*/\1/' <<< "$line")" "$l"
  row block contact "$t" "$r" "$(sed -E 's/.*equations included ([0-9.]+) s.*/\1/' <<< "$line")" "$l"
  rm -rf "$d"
}

nsgs_run() {
  local t=$1 r=$2 l s
  l=$(load)
  s=$(env -u SIGNORINI_NUM_THREADS "$SN" solve "$FCLIB" --solver nsgs --options order=colour --cold \
        --max-iter 100000 --threads "$t" --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["seconds"])')
  row nsgs solve "$t" "$r" "$s" "$l"
}

if [[ " $CASES " == *" block "* ]]; then
  python3 bench/gen_contact_block.py $BLOCK --treatment LAGRANGE --law LINEAR -o "$WORK/block.inp" > /dev/null
fi
for r in $(seq 1 "$REPEAT"); do
  for t in $THREADS; do
    if [[ " $CASES " == *" block "* ]]; then block_run "$t" "$r"; fi
    if [[ " $CASES " == *" nsgs "* ]]; then nsgs_run "$t" "$r"; fi
  done
done
if [[ " $CASES " == *" granular "* ]]; then
  # one prefix, then REPEAT x THREADS children from the same state, interleaved
  opts=()
  for r in $(seq 1 "$REPEAT"); do for t in $THREADS; do opts+=("threads:$t"); done; done
  l=$(load)
  "$WIN" "$GRANULAR_N" "$GRANULAR_T0" "$GRANULAR_STEPS" "${opts[@]}" > "$WORK/granular.log"
  grep '^t0' "$WORK/granular.log" | awk -v l="$l" '{
      split($3, a, ":"); t = a[2]; run[t]++
      for (i = 1; i <= NF; i++) if ($i == "wall") w = $(i + 1)
      printf "granular,step,%s,%d,%.6f,%s\n", t, run[t], w / 1000, l }' >> "$CSV.tmp"
fi
mv "$CSV.tmp" "$CSV"

# medians and speed-ups
python3 - "$CSV" <<'EOF' > bench/out/parallel_speedup.csv
import csv, statistics, sys
rows = list(csv.DictReader(open(sys.argv[1])))
med = {}
for r in rows:
    med.setdefault((r["case"], r["measure"], int(r["threads"])), []).append(float(r["seconds"]))
print("case_measure,threads,median_s,speedup,runs")
for (c, m, t), v in sorted(med.items()):
    base = statistics.median(med[(c, m, min(k[2] for k in med if k[:2] == (c, m)))])
    print(f"{c}_{m},{t},{statistics.median(v):.6g},{base / statistics.median(v):.3f},{len(v)}")
EOF
column -t -s, bench/out/parallel_speedup.csv
loads=$(cut -d, -f6 "$CSV" | tail -n +2 | sort -n | sed -n '1p;$p' | paste -sd- -)
echo "parallel.sh: $CSV (1-minute load average before the runs: $loads), bench/out/parallel_speedup.csv"
"$SN_BUILD/bench/signorini_csvplot" bench/out/parallel_speedup.csv bench/out/parallel.png --x threads --y speedup \
  --group case_measure --style linemarkers --title "issue #16: speed-up against threads (medians)" \
  --xlabel "threads" --ylabel "speed-up over 1 thread" ||
  echo "parallel.sh: no plot (signorini_csvplot's options differ: see bench/csvplot.c)" >&2
