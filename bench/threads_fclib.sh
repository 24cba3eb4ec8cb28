#!/usr/bin/env bash
# The local solvers on threads (issue #16, docs/threads.md "The local solvers"): `signorini solve
# FILE --solver nsgs --cold` to the default tolerance 1e-8 on the largest local FCLIB/Siconos
# problems, with the sweep in contact order (order=rows) and coloured (order=colour), on 1 and 2
# threads: rows/1 (the serial solver), rows/2 (only the products W r and the error threaded),
# colour/1, colour/2. Runs interleaved (every file and configuration once, then again, REPEAT
# times). Each run under /usr/bin/time (wall, user + system CPU); the solve's own time and sweeps
# from --json; the 1-minute load average read before each run.
#
# Usage: bash bench/threads_fclib.sh [REPEAT]      (default 5)
#   env: SN_BUILD=build  DATA=/work/shared/data (else tests/data/problems)
#        FILES="fc3d/Capsules-i125-1213.hdf5 fc3d/Capsules-i100-889.dat fc2d/*.dat" (under DATA)
#        CONFIGS="rows:1 rows:2 colour:1 colour:2"  MAX_ITER=20000
#        WAIT=  (OMP_WAIT_POLICY for every run; empty: the runtime's default)
# -> bench/out/threads_fclib.csv: file,order,threads,run,status,sweeps,solve_s,wall_s,cpu_s,load1;
#    medians per (file, order, threads) on stdout; bench/out/threads_fclib.png: median solve
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
WORK=$(mktemp -d /tmp/sn_threads_fclib.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
mkdir -p bench/out
files=$(cd "$DATA" && ls $FILES)
CSV=bench/out/threads_fclib.csv
echo "file,order,threads,run,status,sweeps,solve_s,wall_s,cpu_s,load1" > "$CSV.tmp"

# one run: file order threads run
one() {
  local f=$1 o=$2 t=$3 r=$4 load
  load=$(cut -d' ' -f1 /proc/loadavg)
  local env_wait=()
  [ -n "$WAIT" ] && env_wait=(OMP_WAIT_POLICY="$WAIT")
  # exit 3 (not solved) is a result here, not a failure of the script
  env -u SIGNORINI_NUM_THREADS "${env_wait[@]}" /usr/bin/time -f "%e %U %S" -o "$WORK/time" \
    "$SN" solve "$DATA/$f" --solver nsgs --options "order=$o" --threads "$t" --cold \
    --max-iter "$MAX_ITER" --json > "$WORK/out.json" 2> "$WORK/err" || true
  python3 - "$WORK/out.json" "$WORK/time" "$f" "$o" "$t" "$r" "$load" >> "$CSV.tmp" << 'PY'
import json, sys
out, tim, f, o, t, r, load = sys.argv[1:]
j = json.load(open(out))
wall, usr, sys_ = (float(x) for x in open(tim).read().split()[-3:])
print(f"{f},{o},{t},{r},{j['status_code']},{j['iterations']},{j['seconds']:.6f},{wall:.3f},{usr + sys_:.3f},{load}")
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
print("file,order,threads,runs,status,sweeps,median_solve_s,median_wall_s,median_cpu_s,load1_range")
for (f, o, t), g in groups.items():
    med = lambda k: statistics.median(float(x[k]) for x in g)
    loads = [float(x["load1"]) for x in g]
    print(f"{f},{o},{t},{len(g)},{'/'.join(sorted(set(x['status'] for x in g)))},"
          f"{'/'.join(sorted(set(x['sweeps'] for x in g)))},{med('solve_s'):.5f},{med('wall_s'):.3f},"
          f"{med('cpu_s'):.3f},{min(loads):.2f}-{max(loads):.2f}")
PY
PLOT=$SN_BUILD/bench/signorini_csvplot
[ -x "$PLOT" ] && "$PLOT" "$CSV" bench/out/threads_fclib.png --x threads --y solve_s --group file,order \
  --median --logy --title "nsgs to 1e-8 from zero: median solve time by threads and sweep order" \
  --ylabel "seconds (median)" > /dev/null 2>&1 || true
