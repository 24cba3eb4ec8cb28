#!/usr/bin/env bash
# Scale of the linear static solve (issue #5): the clamped C3D8 block of bench/gen_block.py at
# about 10^4, 10^5 and 10^6 degrees of freedom, signorini and CalculiX (ccx, if installed) on the
# same decks, wall time and peak memory (/usr/bin/time -v), REPEAT runs each (default 3).
# "direct" decks leave the equation solver to each program's default (signorini: CHOLMOD, or CG
# when the predicted factor exceeds 4 GB; ccx: SPOOLES); "cg" decks say
# *STATIC, SOLVER=ITERATIVE SCALING to both. ccx's direct solver is not run at 10^6 (its
# factor does not fit in memory here; neither would CHOLMOD's: 18 GB predicted).
# Usage: bash bench/scale.sh [REPEAT]     -> bench/out/scale.csv (one line per run), and the
#   medians per (code, deck) against dof drawn by signorini_csvplot (bench/csvplot.c): wall_s in
#   bench/out/scale.png, maxrss_kb in bench/out/scale_mem.png (both axes logarithmic: x as log10)
set -euo pipefail
cd "$(dirname "$0")/.."
REPEAT=${1:-3}
SN=$PWD/build/signorini
[ -x "$SN" ] || bash scripts/build.sh build
# the plotting tool (bench/csvplot.c), built now rather than after the runs; missing: no plots
CSVPLOT=$PWD/build/bench/signorini_csvplot
# (configured again first: a build folder made before the target existed does not know it)
[ -x "$CSVPLOT" ] || { cmake -S . -B build > /dev/null && cmake --build build --target signorini_csvplot > /dev/null; } \
  || echo "scale.sh: cannot build signorini_csvplot in build (SIGNORINI_BENCH=OFF?): no plots" >&2
OUT=$PWD/bench/out
mkdir -p "$OUT"
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
csv=$OUT/scale.csv.tmp
echo "n,dof,deck,code,run,wall_s,maxrss_kb,uz_probe" > "$csv"
one() { # n deck code run
  local d=$WORK/$3-$2-$1-$4
  mkdir -p "$d"
  python3 bench/gen_block.py "$1" -o "$d/b.inp"
  [ "$2" = cg ] && sed -i 's/^\*STATIC$/*STATIC, SOLVER=ITERATIVE SCALING/' "$d/b.inp"
  if [ "$3" = signorini ]; then (cd "$d" && /usr/bin/time -v "$SN" run b.inp -o . > out.log 2> time.log)
  else (cd "$d" && OMP_NUM_THREADS=2 /usr/bin/time -v ccx -i b > out.log 2> time.log); fi
  local w rss uz
  w=$(grep "Elapsed (wall" "$d/time.log" | awk '{print $NF}' | awk -F: '{ if (NF == 3) print $1*3600+$2*60+$3; else print $1*60+$2 }')
  rss=$(grep "Maximum resident" "$d/time.log" | awk '{print $NF}')
  uz=$(grep -A3 displacements "$d/b.dat" | tail -1 | awk '{print $4}')
  echo "$1,$((3 * ($1 + 1) ** 3)),$2,$3,$4,$w,$rss,$uz" >> "$csv"
  rm -rf "$d"
}
codes=(signorini)
command -v ccx > /dev/null && codes+=(ccx)
for r in $(seq 1 "$REPEAT"); do
  for n in 14 31 69; do
    for deck in direct cg; do
      for code in "${codes[@]}"; do
        [ "$n" = 69 ] && [ "$deck" = direct ] && [ "$code" = ccx ] && continue
        one "$n" "$deck" "$code" "$r"
      done
    done
  done
done
mv "$csv" "$OUT/scale.csv"
echo "wrote $OUT/scale.csv"

# ---- plots (signorini_csvplot): medians over the REPEAT runs, one line per (code, deck) ----
plot() { if "$CSVPLOT" "$OUT/scale.csv" "$@"; then echo "plot: $1"; else echo "scale.sh: plot $1 failed (the CSV is complete)" >&2; fi; }
if [ -x "$CSVPLOT" ]; then
  plot "$OUT/scale.png" --x dof --y wall_s --group code,deck --median --logx --logy \
    --title "clamped block, linear static: wall time" --xlabel "degrees of freedom" --ylabel "wall time [s]"
  plot "$OUT/scale_mem.png" --x dof --y maxrss_kb --group code,deck --median --logx --logy \
    --title "clamped block, linear static: peak memory" --xlabel "degrees of freedom" --ylabel "max RSS [kB]"
else
  echo "plot: skipped ($CSVPLOT could not be built)"
fi
