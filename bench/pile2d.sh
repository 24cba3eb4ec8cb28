#!/usr/bin/env bash
# Large 2D granular problems (issue #13): piles of discs at rest in a box (bench/gen_pile2d.c, one
# Moreau-Jean step under gravity, FCLIB local 2D), each solved by several solvers to a relative
# error of 1e-8 from a cold start; the seconds (the solver's own wall time, `signorini solve
# --json`), iterations, final error and status of each run, REPS runs per (problem, solver),
# interleaved (problem by problem, solver by solver within a repetition).
# Usage: bash bench/pile2d.sh [REPS [TIME_LIMIT [DISCS...]]]
#   defaults: REPS 3, TIME_LIMIT 60 s per run (--time-limit; --max-iter 1000000), DISCS
#   150 500 1000 2000 3500 (about 290, 980, 1 980, 3 970, 6 950 contacts); SOLVERS (environment)
#   default "nsn_ac nsgs apgd"; FAMILY (environment): further problem files to run as well
#   (e.g. FAMILY=tests/data/problems/fc2d/fc2d_granularflowonwall_00667_00000.dat); THREADS
#   (environment): the solvers' threads, --threads (default 1: issue #13's one-thread figures);
#   SETTLE (environment): let each pile settle first, up to SETTLE time steps
#   (signorini_gen_pile2d --settle: a pile at rest, checked; files pile2d-N-settled.hdf5; 1 000
#   discs take about 70 s, 4 000 about 10 min; default 0: the piles as deposited, most of which
#   are not at rest).
#   -> bench/out/pile2d.csv (one row per run: problem, contacts, solver, rep, status, iterations,
#      error, seconds, cpu_seconds: the CPU time of the whole process, user + system, from
#      /usr/bin/time, which a busy machine inflates far less than the wall time),
#      bench/out/pile2d_median.csv (median seconds per problem and solver over the
#      runs, and whether every run reached the tolerance), bench/out/pile2d.png (median seconds
#      against contacts, one line per solver; a run stopped by the time limit counts its limit).
set -euo pipefail
cd "$(dirname "$0")/.."
REPS=${1:-3}
LIMIT=${2:-60}
shift $(( $# > 2 ? 2 : $# ))
DISCS=${*:-150 500 1000 2000 3500}
SOLVERS=${SOLVERS:-nsn_ac nsgs apgd}
THREADS=${THREADS:-1}
B=${BUILD:-$PWD/build}
[ -x "$B/bench/signorini_gen_pile2d" ] && [ -x "$B/signorini" ] || { cmake -S . -B "$B" -DCMAKE_BUILD_TYPE=Release > /dev/null &&
  cmake --build "$B" -j2 --target signorini_cli signorini_gen_pile2d signorini_csvplot > /dev/null; }
OUT=$PWD/bench/out
mkdir -p "$OUT/pile2d"
files=()
SETTLE=${SETTLE:-0}
for n in $DISCS; do
  if [ "$SETTLE" -gt 0 ]; then
    f=$OUT/pile2d/pile2d-$n-settled.hdf5
    args=(--settle "$SETTLE")
  else
    f=$OUT/pile2d/pile2d-$n.hdf5
    args=()
  fi
  if [ ! -f "$f" ] && ! "$B/bench/signorini_gen_pile2d" "$n" "$f" "${args[@]}" > "$OUT/pile2d/gen.log" 2>&1; then
    grep -v '^step' "$OUT/pile2d/gen.log" >&2
    echo "pile2d.sh: $n discs: the generator failed (above)" >&2
    exit 1
  fi
  files+=("$f")
done
for f in ${FAMILY:-}; do files+=("$f"); done
csv=$OUT/pile2d.csv
echo "problem,contacts,solver,rep,status,iterations,error,seconds,cpu_seconds" > "$csv"
for rep in $(seq 1 "$REPS"); do
  for f in "${files[@]}"; do
    for s in $SOLVERS; do
      json=$(/usr/bin/time -f "%U %S" -o "$OUT/pile2d/cpu.txt" "$B/signorini" solve "$f" --solver "$s" --threads "$THREADS" --max-iter 1000000 --time-limit "$LIMIT" --json -q 2> /dev/null || true)
      python3 - "$f" "$s" "$rep" "$json" "$OUT/pile2d/cpu.txt" >> "$csv" <<'PY'
import json, os, sys
f, s, rep, text, cpuf = sys.argv[1:6]
try:
    cpu = sum(float(x) for x in open(cpuf).read().split()[-2:])
except (OSError, ValueError):
    cpu = float("nan")
try:
    d = json.loads(text)
except ValueError:
    print(f"{os.path.basename(f)},,{s},{rep},no result,,,,{cpu:.2f}")
    sys.exit(0)
print(f"{os.path.basename(f)},{d['size'] // 2},{s},{rep},{d['status']},{d['iterations']},{d['error']:.3e},{d['seconds']:.4f},{cpu:.2f}")
PY
      tail -1 "$csv"
    done
  done
done
python3 - "$csv" "$OUT/pile2d_median.csv" <<'PY'
import csv, statistics, sys
rows = list(csv.DictReader(open(sys.argv[1])))
groups = {}
for r in rows:
    groups.setdefault((r["problem"], r["contacts"], r["solver"]), []).append(r)
with open(sys.argv[2], "w") as out:
    out.write("problem,contacts,solver,runs,all_solved,median_seconds,median_iterations,worst_error,median_cpu_seconds\n")
    for (p, c, s), rs in groups.items():
        secs = [float(r["seconds"]) for r in rs if r["seconds"]]
        its = [int(r["iterations"]) for r in rs if r["iterations"]]
        errs = [float(r["error"]) for r in rs if r["error"]]
        cpus = [float(r["cpu_seconds"]) for r in rs if r.get("cpu_seconds")]
        ok = all(r["status"] == "success" for r in rs)
        out.write(f"{p},{c},{s},{len(rs)},{int(ok)},{statistics.median(secs) if secs else ''},"
                  f"{statistics.median(its) if its else ''},{max(errs) if errs else ''},"
                  f"{statistics.median(cpus) if cpus else ''}\n")
PY
"$B/bench/signorini_csvplot" "$OUT/pile2d_median.csv" "$OUT/pile2d.png" --x contacts --y median_seconds \
  --group solver --logy --title "2D piles of discs: seconds to 1e-8 (median; limit $LIMIT s)" \
  --xlabel "contacts" --ylabel "seconds"
echo "pile2d.sh: $csv, $OUT/pile2d_median.csv and $OUT/pile2d.png"
