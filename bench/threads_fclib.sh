#!/usr/bin/env bash
# The local solvers on threads (issue #16, docs/threads.md "The local solvers"): `signorini solve
# FILE --solver nsgs --cold` to the default tolerance 1e-8 on the largest local FCLIB/Siconos
# problems, with the sweep in contact order (order=rows) and coloured (order=colour), on 1 and 2
# threads: rows/1 (the serial solver), rows/2 (only the products W r and the error threaded),
# colour/1, colour/2. Runs interleaved (every file and configuration once, then again, REPEAT
# times). Each run under /usr/bin/time (wall, user + system CPU); the solve's own time and sweeps
# from --json; the 1-minute load average read before each run; the largest number of threads
# of the process (/proc/PID/task, sampled every 20 ms).
#
# DRIVER=cli (default) runs `signorini solve`, which calls sn_set_blas_threads: for N > 1 that
# turns on the OpenMP runtime's dynamic adjustment, so a team gets no more threads than the
# CPUs the load average leaves idle (on a busy machine: one). DRIVER=lib runs
# signorini_bench_solve (bench/solve_lib.c), the same solve through the library with the
# runtime's defaults: N threads.
#
# Usage: bash bench/threads_fclib.sh [REPEAT]      (default 5)
#   env: SN_BUILD=build  DATA=/work/shared/data (else tests/data/problems)
#        FILES="fc3d/Capsules-i125-1213.hdf5 fc3d/Capsules-i100-889.dat fc2d/*.dat" (under DATA)
#        CONFIGS="rows:1 rows:2 colour:1 colour:2"  MAX_ITER=20000
#        WAIT=  (OMP_WAIT_POLICY for every run; empty: the runtime's default)
#        OUT=bench/out/threads_fclib (the CSV and PNG names, without extension)  DRIVER=cli|lib
# -> $OUT.csv: file,order,threads,run,status,sweeps,solve_s,wall_s,cpu_s,load1,max_threads;
#    medians per (file, order, threads) on stdout; $OUT.png: median solve
#    seconds against threads, one line per file and order (signorini_csvplot).
set -euo pipefail
cd "$(dirname "$0")/.."
REPEAT=${1:-5}
SN_BUILD=${SN_BUILD:-build}
case $SN_BUILD in /*) ;; *) SN_BUILD=$PWD/$SN_BUILD ;; esac
[ -x "$SN_BUILD/signorini" ] || bash scripts/build.sh "$SN_BUILD"
SN=$SN_BUILD/signorini
DATA=${DATA:-/work/shared/data}
[ -d "$DATA" ] || DATA=tests/data/problems
FILES=${FILES:-"fc3d/Capsules-i125-1213.hdf5 fc3d/Capsules-i100-889.dat fc2d/*.dat"}
CONFIGS=${CONFIGS:-"rows:1 rows:2 colour:1 colour:2"}
MAX_ITER=${MAX_ITER:-20000}
WAIT=${WAIT:-}
DRIVER=${DRIVER:-cli}
WORK=$(mktemp -d /tmp/sn_threads_fclib.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
OUT=${OUT:-bench/out/threads_fclib}
mkdir -p "$(dirname "$OUT")"
files=$(cd "$DATA" && ls $FILES)
CSV=$OUT.csv
echo "file,order,threads,run,status,sweeps,solve_s,wall_s,cpu_s,load1,max_threads" > "$CSV.tmp"

# one run: file order threads run
one() {
  local f=$1 o=$2 t=$3 r=$4 load
  load=$(cut -d' ' -f1 /proc/loadavg)
  local env_wait=() cmd
  [ -n "$WAIT" ] && env_wait=(OMP_WAIT_POLICY="$WAIT")
  if [ "$DRIVER" = lib ]; then
    cmd=("$SN_BUILD/bench/signorini_bench_solve" "$DATA/$f" nsgs "order=$o" "$t" "$MAX_ITER")
  else
    cmd=("$SN" solve "$DATA/$f" --solver nsgs --options "order=$o" --threads "$t" --cold
         --max-iter "$MAX_ITER" --json)
  fi
  # exit 3 (not solved) is a result here, not a failure of the script
  env -u SIGNORINI_NUM_THREADS "${env_wait[@]}" /usr/bin/time -f "%e %U %S" -o "$WORK/time" \
    "${cmd[@]}" > "$WORK/out.json" 2> "$WORK/err" &
  local pid=$! max=0 n p
  while kill -0 "$pid" 2> /dev/null; do
    for p in $(cat /proc/$pid/task/*/children 2> /dev/null); do   # the child of /usr/bin/time
      n=$(ls /proc/$p/task 2> /dev/null | wc -l) || n=0
      if [ "$n" -gt "$max" ]; then max=$n; fi
    done
    sleep 0.02
  done
  wait "$pid" || true
  python3 - "$WORK/out.json" "$WORK/time" "$f" "$o" "$t" "$r" "$load" "$max" >> "$CSV.tmp" << 'PY'
import json, sys
out, tim, f, o, t, r, load, mx = sys.argv[1:]
j = json.load(open(out))
wall, usr, sys_ = (float(x) for x in open(tim).read().split()[-3:])
print(f"{f},{o},{t},{r},{j['status_code']},{j['iterations']},{j['seconds']:.6f},{wall:.3f},{usr + sys_:.3f},{load},{mx}")
PY
  tail -1 "$CSV.tmp" >&2
}

for r in $(seq 1 "$REPEAT"); do
  for f in $files; do
    for c in $CONFIGS; do one "$f" "${c%%:*}" "${c##*:}" "$r"; done
  done
done
mv "$CSV.tmp" "$CSV"
python3 - "$CSV" << 'PY'
import csv, statistics, sys
rows = list(csv.DictReader(open(sys.argv[1])))
groups = {}
for r in rows:
    groups.setdefault((r["file"], r["order"], r["threads"]), []).append(r)
print("file,order,threads,runs,status,sweeps,median_solve_s,median_wall_s,median_cpu_s,load1_range,max_threads")
for (f, o, t), g in groups.items():
    med = lambda k: statistics.median(float(x[k]) for x in g)
    loads = [float(x["load1"]) for x in g]
    print(f"{f},{o},{t},{len(g)},{'/'.join(sorted(set(x['status'] for x in g)))},"
          f"{'/'.join(sorted(set(x['sweeps'] for x in g)))},{med('solve_s'):.5f},{med('wall_s'):.3f},"
          f"{med('cpu_s'):.3f},{min(loads):.2f}-{max(loads):.2f},{max(int(x['max_threads']) for x in g)}")
PY
PLOT=$SN_BUILD/bench/signorini_csvplot
[ -x "$PLOT" ] && "$PLOT" "$CSV" "$OUT.png" --x threads --y solve_s --group file,order \
  --median --logy --title "nsgs to 1e-8 from zero: median solve time by threads and sweep order" \
  --ylabel "seconds (median)" > /dev/null 2>&1 || true
