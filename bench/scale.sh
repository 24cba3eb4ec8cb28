#!/usr/bin/env bash
# Scale of the linear static solve (issue #5): the clamped C3D8 block of bench/gen_block.py at
# about 10^4, 10^5 and 10^6 degrees of freedom, signorini and CalculiX (ccx, if installed) on the
# same decks, wall time and peak memory (/usr/bin/time -v), REPEAT runs each (default 3).
# "direct" decks leave the equation solver to each program's default (signorini: CHOLMOD, or CG
# when the predicted factor exceeds 4 GB; ccx: SPOOLES); "cg" decks say
# *STATIC, SOLVER=ITERATIVE SCALING to both. ccx's direct solver is not run at 10^6 (its
# factor does not fit in memory here; neither would CHOLMOD's: 18 GB predicted).
# Usage: bash bench/scale.sh [REPEAT]     -> bench/out/scale.csv (one line per run)
set -euo pipefail
cd "$(dirname "$0")/.."
REPEAT=${1:-3}
SN=$PWD/build/signorini
[ -x "$SN" ] || bash scripts/build.sh build
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
  if [ "$3" = signorini ]; then (cd "$d" && /usr/bin/time -v "$SN" run b.inp > out.log 2> time.log)
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
