#!/usr/bin/env bash
# The share of `signorini run`'s time spent writing its results (issue #13, point 3: at most 5 %),
# measured two ways:
#  - wall: from the run's own summary line "time: T s = ... + output O s + ...": O is the time
#    inside the per-increment output callback (the .vtu, .pvd, .dat, contact CSV and the plots
#    drawn when a step ends) plus the plots drawn after the run, T the whole analysis;
#  - cpu: the process' CPU seconds (user + system, getrusage of the child, to the microsecond:
#    /usr/bin/time's hundredths were 8 % of the bench Hertz deck's 0.13 s) of `signorini run`, against
#    those of signorini_bench_nowrite (the same deck read and analysed, nothing written) run in
#    the same round: cpu_share = (cpu - nowrite_cpu) / cpu. On a loaded shared machine the wall
#    figures follow the load (a process given a quarter of a core, fsync waiting on a busy disk);
#    the CPU figures do not see the disk's latency (fsync) but stay put.
#
# Usage: bash bench/output_share.sh [REPEAT]                 (default 5)
#   env: SN_BUILD=build (a Release build folder with the signorini binary)
#        BEFORE=/path/to/another/signorini (optional: a second binary, e.g. a build of an earlier
#               commit, run interleaved with the first; its rows are labelled "before")
#        DECKS="examples/hertz.inp examples/block.inp" (decks run as they are)
#        BENCH=1 (also the bench-size decks: the Hertz cylinder of bench/hertz_compare.sh at
#               h = 0.0125 mm, 15 593 nodes, the load in one increment (hertz16k) and in four
#               (hertz16k_inc4, as examples/hertz.inp loads it), and the 3D contact block
#               24 x 24 x 8 of bench/gen_contact_block.py, LAGRANGE, 10 increments)
#        ARGS="" (more options for every run, e.g. "--vtu zlib" or "--plots increment"; not
#               given to BEFORE)
#        WORK=/tmp/output_share (decks and result folders)
# Threads: OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 SIGNORINI_NUM_THREADS=1 (the default of
# signorini run and signorini_bench_nowrite is the physical cores) for every run: OpenBLAS' worker threads spin
# (sched_yield) after each call and take the writing thread's core on a 2-core machine, which
# makes the output phase's wall time a measure of the machine's load rather than of the writers.
# Runs are interleaved (run r of every deck and binary before run r + 1), one at a time.
# -> bench/out/output_share.csv:
#    program,deck,run,total_s,output_s,share_pct,cpu_s,nowrite_cpu_s,cpu_share_pct
#    the medians per (program, deck) on stdout; bench/out/output_share.png: share_pct per run,
#    one line per (program, deck), drawn by signorini_csvplot when the build has it.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
REPEAT=${1:-5}
SN_BUILD=${SN_BUILD:-build}
SN=$ROOT/$SN_BUILD/signorini
NOWRITE=$ROOT/$SN_BUILD/bench/signorini_bench_nowrite
[ -x "$SN" ] && [ -x "$NOWRITE" ] || { echo "output_share: no $SN or $NOWRITE (build first: scripts/build.sh)" >&2; exit 1; }
WORK=${WORK:-/tmp/output_share}
DECKS=${DECKS:-"examples/hertz.inp examples/block.inp"}
mkdir -p "$WORK" bench/out
export OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 SIGNORINI_NUM_THREADS=1
decks=()
for d in $DECKS; do decks+=("$ROOT/$d"); done
if [ "${BENCH:-0}" = 1 ]; then
  python3 examples/gen_hertz.py --h 0.0125 --inc 1 -o "$WORK/hertz16k.inp" > /dev/null
  python3 examples/gen_hertz.py --h 0.0125 --inc 0.25 -o "$WORK/hertz16k_inc4.inp" > /dev/null
  python3 bench/gen_contact_block.py 24 24 8 --treatment LAGRANGE -o "$WORK/block24.inp" > /dev/null
  decks+=("$WORK/hertz16k.inp" "$WORK/hertz16k_inc4.inp" "$WORK/block24.inp")
fi
progs=("after:$SN")
[ -n "${BEFORE:-}" ] && progs+=("before:$BEFORE")
CSV=bench/out/output_share.csv
echo "program,deck,run,total_s,output_s,share_pct,cpu_s,nowrite_cpu_s,cpu_share_pct" > "$CSV"
for r in $(seq 1 "$REPEAT"); do
  for d in "${decks[@]}"; do
    name=$(basename "$d" .inp)
    base_cpu=$("$NOWRITE" "$d" | awk '{ print $2 }')
    for p in "${progs[@]}"; do
      label=${p%%:*}; bin=${p#*:}
      extra=""; [ "$label" = after ] && extra=${ARGS:-}
      # shellcheck disable=SC2086
      python3 "$ROOT/bench/child_cpu.py" "$WORK/cpu.txt" "$bin" run "$d" -o "$WORK/out_${label}_$name" --quiet $extra \
        > "$WORK/summary.txt" 2>/dev/null
      line=$(grep '^time:' "$WORK/summary.txt")
      total=$(sed -E 's/^time: ([0-9.]+) s.*/\1/' <<< "$line")
      out=$(sed -E 's/.* \+ output ([0-9.]+) s.*/\1/' <<< "$line")
      cpu=$(awk '/^cpu/ { printf "%.4f", $2 + $3 }' "$WORK/cpu.txt")
      echo "$label,$name,$r,$total,$out,$(awk -v o="$out" -v t="$total" 'BEGIN { printf "%.2f", 100 * o / t }'),$cpu,$base_cpu,$(awk -v c="$cpu" -v b="$base_cpu" 'BEGIN { printf "%.2f", 100 * (c - b) / c }')" >> "$CSV"
    done
  done
done
echo "median over $REPEAT runs (one thread: OMP_NUM_THREADS, OPENBLAS_NUM_THREADS, SIGNORINI_NUM_THREADS = 1):"
python3 - "$CSV" <<'EOF'
import csv, statistics, sys
rows = list(csv.DictReader(open(sys.argv[1])))
keys = []
for r in rows:
    k = (r["program"], r["deck"])
    if k not in keys:
        keys.append(k)
for k in keys:
    sel = [r for r in rows if (r["program"], r["deck"]) == k]
    med = lambda c: statistics.median(float(r[c]) for r in sel)
    print("%-7s %-12s wall: total %8.3f s  output %7.3f s  share %5.1f %% | cpu: run %8.3f s  nothing written %8.3f s"
          "  share %5.1f %%" % (k[0], k[1], med("total_s"), med("output_s"), med("share_pct"), med("cpu_s"),
                                 med("nowrite_cpu_s"), med("cpu_share_pct")))
EOF
PLOT=$ROOT/$SN_BUILD/bench/signorini_csvplot
if [ -x "$PLOT" ]; then
  "$PLOT" "$CSV" bench/out/output_share.png --x run --y share_pct --y cpu_share_pct --group program,deck \
    --style linemarkers --title "output share of signorini run (wall; cpu)" --xlabel "run" \
    --ylabel "output / total (%)" || true
fi
echo "-> $CSV"
