#!/usr/bin/env bash
# Issue #13 points 1-2 (factorize once, reuse everywhere): `signorini run` of one build against
# another on the decks of the issue, interleaved (base, new, base, new, ...), one thread
# (OMP_NUM_THREADS=OPENBLAS_NUM_THREADS=1), CPU time (user + sys) and wall of the whole process
# from /usr/bin/time: the machine these were made on was shared, so the CPU time is the figure
# to read.
#   h4: the Hertz cylinder at h = 0.0125 mm (15 593 nodes) with the load in 4 increments
#       (examples/gen_hertz.py --inc 0.25, as examples/hertz.inp); h1: the same in one increment
#   bL, bP: the 24 x 24 x 8 block pressed and slid (bench/gen_contact_block.py), CONTACT=LAGRANGE
#       and PENALTY
# Usage: BASE=/path/to/old/signorini NEW=/path/to/new/signorini bash bench/factor_reuse.sh [REPEAT]
#   (default REPEAT=3; NEW defaults to build/signorini, CSVPLOT to build/bench/signorini_csvplot;
#   BASE is required: e.g. a build of the
#   commit before the change). WORK=/tmp/factor_reuse (decks and outputs).
# -> bench/out/factor_reuse.csv (deck,deck_id,build,run,user_s,sys_s,cpu_s,wall_s), the medians
#    on stdout, bench/out/factor_reuse.png (median CPU seconds per deck id 1..4 = h4 h1 bL bP,
#    one line per build), drawn by signorini_csvplot when it is built.
set -euo pipefail
cd "$(dirname "$0")/.."
REPEAT=${1:-3}
NEW=${NEW:-build/signorini}
BASE=${BASE:?set BASE to the signorini binary to compare against}
WORK=${WORK:-/tmp/factor_reuse}
[ -x /usr/bin/time ] || { echo "factor_reuse.sh: /usr/bin/time (GNU time) is needed" >&2; exit 1; }
mkdir -p "$WORK" bench/out
python3 examples/gen_hertz.py --h 0.0125 --inc 0.25 -o "$WORK/h4.inp" > /dev/null
python3 examples/gen_hertz.py --h 0.0125 --inc 1 -o "$WORK/h1.inp" > /dev/null
python3 bench/gen_contact_block.py 24 24 8 --treatment LAGRANGE -o "$WORK/bL.inp"
python3 bench/gen_contact_block.py 24 24 8 --treatment PENALTY -o "$WORK/bP.inp"
CSV=bench/out/factor_reuse.csv
echo "deck,deck_id,build,run,user_s,sys_s,cpu_s,wall_s" > "$CSV"
export OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1
for run in $(seq 1 "$REPEAT"); do
  id=0
  for d in h4 h1 bL bP; do
    id=$((id + 1))
    for b in base new; do
      bin=$BASE; [ $b = new ] && bin=$NEW
      out=$WORK/${b}_$d
      rm -rf "$out"
      /usr/bin/time -f "%U,%S,%e" -o "$WORK/time.txt" "$bin" run "$WORK/$d.inp" -o "$out" --quiet > "$out.log" 2>&1 \
        || { echo "factor_reuse.sh: $bin failed on $d (see $out.log)" >&2; exit 1; }
      IFS=, read -r us ss ws < "$WORK/time.txt"
      echo "$d,$id,$b,$run,$us,$ss,$(awk -v a="$us" -v b="$ss" 'BEGIN{printf "%.2f", a + b}'),$ws" >> "$CSV"
    done
  done
done
python3 - "$CSV" <<'PY'
import csv, statistics, sys
rows = list(csv.DictReader(open(sys.argv[1])))
print("deck,build,runs,median_cpu_s,median_wall_s")
for d in ("h4", "h1", "bL", "bP"):
    for b in ("base", "new"):
        rs = [r for r in rows if r["deck"] == d and r["build"] == b]
        print("%s,%s,%d,%.2f,%.2f" % (d, b, len(rs), statistics.median(float(r["cpu_s"]) for r in rs),
                                      statistics.median(float(r["wall_s"]) for r in rs)))
PY
CSVPLOT=${CSVPLOT:-build/bench/signorini_csvplot}
if [ -x "$CSVPLOT" ]; then
  "$CSVPLOT" "$CSV" bench/out/factor_reuse.png --x deck_id --y cpu_s --group build --median --style linemarkers \
    --title "signorini run, CPU time, median of $REPEAT (1 h4, 2 h1, 3 bL, 4 bP)" --xlabel "deck" --ylabel "CPU [s]" \
    && echo "plot: bench/out/factor_reuse.png"
fi
echo "runs: $CSV"
