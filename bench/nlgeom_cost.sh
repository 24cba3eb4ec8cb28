#!/usr/bin/env bash
# The cost of NLGEOM (total Lagrangian continuum elements, issue #14 point 5) against the linear
# analysis of the same deck: `signorini run` with and without `*STEP, NLGEOM`, interleaved
# (lin, nl, lin, nl, ...), one thread (OMP_NUM_THREADS=OPENBLAS_NUM_THREADS=1), CPU time
# (user + sys) of the whole process from /usr/bin/time, and the increments and Newton iterations
# from the run's summary line. Decks (written here by the repository's generators):
#   p: bench/gen_block.py N: a C3D8 block N^3, clamped, pressure on the top, one increment (under
#      NLGEOM the pressure follows the deformed face);
#   c: bench/gen_contact_block.py N N N/3 --treatment LAGRANGE: a C3D8 block pressed and slid on a
#      plate with Coulomb friction (two steps).
# Usage: bash bench/nlgeom_cost.sh [REPEAT] [N]   (default 3 and 12; SN=build/signorini,
#   CSVPLOT=build/bench/signorini_csvplot, WORK=/tmp/nlgeom_cost)
# -> bench/out/nlgeom_cost.csv (deck,deck_id,mode,run,cpu_s,wall_s,increments,newton), the medians
#    and the ratio NLGEOM / linear per run and per increment on stdout, bench/out/nlgeom_cost.png.
set -euo pipefail
cd "$(dirname "$0")/.."
REPEAT=${1:-3}
N=${2:-12}
SN=${SN:-build/signorini}
WORK=${WORK:-/tmp/nlgeom_cost}
[ -x /usr/bin/time ] || { echo "nlgeom_cost.sh: /usr/bin/time (GNU time) is needed" >&2; exit 1; }
mkdir -p "$WORK" bench/out
python3 bench/gen_block.py "$N" -o "$WORK/p_lin.inp"
python3 bench/gen_contact_block.py "$N" "$N" $((N / 3 > 0 ? N / 3 : 1)) --treatment LAGRANGE -o "$WORK/c_lin.inp"
for d in p c; do sed 's/^\*STEP/*STEP, NLGEOM/' "$WORK/${d}_lin.inp" > "$WORK/${d}_nl.inp"; done
grep -q "NLGEOM" "$WORK/p_nl.inp" && grep -q "NLGEOM" "$WORK/c_nl.inp"
CSV=bench/out/nlgeom_cost.csv
echo "deck,deck_id,mode,run,cpu_s,wall_s,increments,newton" > "$CSV"
export OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1
for run in $(seq 1 "$REPEAT"); do
  id=0
  for d in p c; do
    id=$((id + 1))
    for mode in lin nl; do
      out=$WORK/out_${d}_$mode
      rm -rf "$out"
      /usr/bin/time -f "%U,%S,%e" -o "$WORK/time.txt" "$SN" run "$WORK/${d}_$mode.inp" -o "$out" --quiet > "$out.log" 2>&1 \
        || { echo "nlgeom_cost.sh: $SN failed on ${d}_$mode (see $out.log)" >&2; exit 1; }
      IFS=, read -r us ss ws < "$WORK/time.txt"
      inc=$(sed -n 's/.* \([0-9]*\) increments\{0,1\}, .*/\1/p' "$out.log" | head -1)
      nw=$(sed -n 's/.* \([0-9]*\) Newton iterations\{0,1\}.*/\1/p' "$out.log" | head -1)
      echo "$d,$id,$mode,$run,$(awk -v a="$us" -v b="$ss" 'BEGIN{printf "%.2f", a + b}'),$ws,$inc,$nw" >> "$CSV"
    done
  done
done
python3 - "$CSV" <<'PY'
import csv, statistics, sys
rows = list(csv.DictReader(open(sys.argv[1])))
print("deck,mode,runs,median_cpu_s,increments,newton,median_cpu_per_increment_s")
med = {}
for d in ("p", "c"):
    for m in ("lin", "nl"):
        rs = [r for r in rows if r["deck"] == d and r["mode"] == m]
        c = statistics.median(float(r["cpu_s"]) for r in rs)
        inc = int(rs[0]["increments"]); nw = int(rs[0]["newton"])
        med[d, m] = (c, inc)
        print("%s,%s,%d,%.2f,%d,%d,%.3f" % (d, m, len(rs), c, inc, nw, c / inc))
    (cl, il), (cn, inn) = med[d, "lin"], med[d, "nl"]
    print("%s: NLGEOM / linear = %.2f per run, %.2f per increment" % (d, cn / cl, (cn / inn) / (cl / il)))
PY
CSVPLOT=${CSVPLOT:-build/bench/signorini_csvplot}
if [ -x "$CSVPLOT" ]; then
  "$CSVPLOT" "$CSV" bench/out/nlgeom_cost.png --x deck_id --y cpu_s --group mode --median --style linemarkers \
    --title "signorini run, CPU time, median of $REPEAT (1 pressure block, 2 contact block)" --xlabel "deck" \
    --ylabel "CPU [s]" && echo "plot: bench/out/nlgeom_cost.png"
fi
echo "runs: $CSV"
