#!/usr/bin/env bash
# The thread knob of issue #13 (point 4): `signorini run` on the Hertz example (examples/hertz.inp,
# 4 increments) and on the 24 x 24 x 8 contact block of bench/gen_contact_block.py (LAGRANGE,
# 10 increments), with --threads 1 and --threads 2, runs interleaved (t1, t2, t1, t2, ...), and
# optionally a build from before the knob (BASE_SN=path/to/old/signorini) with the libraries'
# defaults and with OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1. Each run under /usr/bin/time
# (wall, user + system CPU) while its threads are counted every 50 ms (/proc/PID/task): the
# largest count says whether CHOLMOD still starts threads of its own.
#
# Usage: bash bench/threads.sh [REPEAT]          (default 3)
#   env: SN_BUILD=build  BASE_SN=  CASES="hertz block"  WORK=/tmp/sn_threads
# -> bench/out/threads.csv: case,config,threads,run,wall_s,cpu_s,max_threads (threads: the knob's
#    value, or "default" / "omp1" for the old build); the medians per (case, config) on stdout;
#    bench/out/threads.png: median wall_s per config and case (signorini_csvplot).
set -euo pipefail
cd "$(dirname "$0")/.."
REPEAT=${1:-3}
SN_BUILD=${SN_BUILD:-build}
case $SN_BUILD in /*) ;; *) SN_BUILD=$PWD/$SN_BUILD ;; esac
[ -x "$SN_BUILD/signorini" ] || bash scripts/build.sh "$SN_BUILD"
SN=$SN_BUILD/signorini
BASE_SN=${BASE_SN:-}
CASES=${CASES:-"hertz block"}
WORK=${WORK:-/tmp/sn_threads}
mkdir -p "$WORK" bench/out
python3 bench/gen_contact_block.py 24 24 8 --treatment LAGRANGE --law LINEAR -o "$WORK/block.inp" > /dev/null
cp examples/hertz.inp "$WORK/hertz.inp"
CSV=bench/out/threads.csv
echo "case,config,threads,run,wall_s,cpu_s,max_threads" > "$CSV.tmp"

# one run: case config threads run command...
one() {
  local c=$1 cfg=$2 t=$3 r=$4; shift 4
  local d=$WORK/$c-$cfg-$r
  rm -rf "$d"
  /usr/bin/time -f "%e %U %S" -o "$d.time" "$@" "$WORK/$c.inp" -o "$d" --quiet > "$d.log" 2>&1 &
  local pid=$! max=0 n
  while kill -0 "$pid" 2> /dev/null; do
    # the threads of the child of /usr/bin/time (the program itself)
    for p in $(cat /proc/$pid/task/*/children 2> /dev/null); do
      n=$(ls /proc/$p/task 2> /dev/null | wc -l) || n=0   # the run may have just ended
      if [ "$n" -gt "$max" ]; then max=$n; fi
    done
    sleep 0.05
  done
  wait "$pid" || { echo "threads.sh: $c $cfg run $r failed (see $d.log)" >&2; exit 1; }
  read -r wall usr sys < "$d.time"
  echo "$c,$cfg,$t,$r,$wall,$(awk -v u="$usr" -v s="$sys" 'BEGIN { printf "%.2f", u + s }'),$max" >> "$CSV.tmp"
  tail -1 "$CSV.tmp" >&2
  rm -rf "$d"
}

for r in $(seq 1 "$REPEAT"); do
  for c in $CASES; do
    one "$c" t1 1 "$r" env -u SIGNORINI_NUM_THREADS "$SN" run --threads 1
    one "$c" t2 2 "$r" env -u SIGNORINI_NUM_THREADS "$SN" run --threads 2
    if [ -n "$BASE_SN" ]; then
      one "$c" before_default default "$r" env -u OMP_NUM_THREADS -u OPENBLAS_NUM_THREADS "$BASE_SN" run
      one "$c" before_omp1 omp1 "$r" env OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 "$BASE_SN" run
    fi
  done
done
mv "$CSV.tmp" "$CSV"
python3 - "$CSV" << 'PY'
import csv, statistics, sys
rows = list(csv.DictReader(open(sys.argv[1])))
groups = {}
for r in rows:
    groups.setdefault((r["case"], r["config"]), []).append(r)
print("case,config,runs,median_wall_s,median_cpu_s,max_threads")
for (c, cfg), g in groups.items():
    print(f"{c},{cfg},{len(g)},{statistics.median(float(r['wall_s']) for r in g):.3f},"
          f"{statistics.median(float(r['cpu_s']) for r in g):.3f},{max(int(r['max_threads']) for r in g)}")
PY
PLOT=$SN_BUILD/bench/signorini_csvplot
[ -x "$PLOT" ] && "$PLOT" "$CSV" bench/out/threads.png --x run --y wall_s --group case,config --style lines \
  --title "signorini run: wall time per run by thread setting" > /dev/null 2>&1 || true
