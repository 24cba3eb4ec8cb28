#!/usr/bin/env bash
# Start-up time of the command-line program (issue #13, point 5): how long `signorini` takes to
# start and do next to nothing, for one or more builds (e.g. before and after a change), in
# interleaved rounds so that a loaded machine disturbs them alike.
#
# Per round, build and command: hyperfine -N (no shell) with RUNS runs after 3 warm-up runs;
# the CSV keeps hyperfine's median, mean, user and system times (milliseconds). Once per build
# and command: the instructions executed (valgrind --tool=callgrind, 'Collected'), which the
# machine's load does not change; almost all of them are the dynamic loader's relocations of the
# libraries loaded at start-up (callgrind_annotate), so they compare builds on a loaded machine.
#
# Commands: version; --help; solve of a Siconos .dat problem of 3 contacts (FC3D_Example1) (no HDF5: the HDF5
# module is not loaded); solve of an FCLIB .hdf5 problem (the HDF5 module is loaded).
#
# Usage: bash bench/startup.sh [BUILD_DIR ...]      (default: build; each holds a signorini)
#   env: ROUNDS=5 RUNS=30
# -> bench/out/startup.csv: build,command,round,median_ms,mean_ms,user_ms,system_ms,instructions
#    (instructions on the round-1 rows only) and bench/out/startup.png (the median of each round,
#    one series per build and command, by signorini_csvplot of the first build when it has one).
set -euo pipefail
cd "$(dirname "$0")/.."
ROUNDS=${ROUNDS:-5}
RUNS=${RUNS:-30}
BUILDS=("$@")
[ ${#BUILDS[@]} -gt 0 ] || BUILDS=(build)
command -v hyperfine > /dev/null || { echo "startup.sh: hyperfine is missing (apt-get install hyperfine)" >&2; exit 1; }
for b in "${BUILDS[@]}"; do
  [ -x "$b/signorini" ] || { echo "startup.sh: no $b/signorini" >&2; exit 1; }
done
mkdir -p bench/out
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
dat=tests/data/problems/fc3d/FC3D_Example1.dat
h5=tests/data/problems/fc3d/FC3D_Example1.hdf5
[ -f "$h5" ] || h5=$(ls tests/data/problems/fc3d/*.hdf5 | head -1)
names=(version help solve_dat solve_hdf5)
args=("version" "--help" "solve $dat --quiet" "solve $h5 --quiet")

csv=bench/out/startup.csv
echo "build,command,round,median_ms,mean_ms,user_ms,system_ms,instructions" > "$csv.tmp"
for r in $(seq 1 "$ROUNDS"); do
  for b in "${BUILDS[@]}"; do
    for k in "${!names[@]}"; do
      cmd="$b/signorini ${args[$k]}"
      hyperfine -N -w 3 -r "$RUNS" --export-json "$WORK/h.json" "$cmd" > /dev/null 2>&1 \
        || { echo "startup.sh: '$cmd' failed" >&2; exit 1; }
      ins=""
      if [ "$r" = 1 ] && command -v valgrind > /dev/null; then
        ins=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null $cmd 2>&1 >/dev/null \
              | awk '/Collected/ {print $4}')
      fi
      python3 - "$WORK/h.json" "$b" "${names[$k]}" "$r" "$ins" >> "$csv.tmp" <<'PY'
import json, sys
res = json.load(open(sys.argv[1]))["results"][0]
ms = lambda v: "%.3f" % (1e3 * v)
print(",".join([sys.argv[2], sys.argv[3], sys.argv[4], ms(res["median"]), ms(res["mean"]),
                ms(res["user"]), ms(res["system"]), sys.argv[5]]))
PY
    done
  done
done
mv "$csv.tmp" "$csv"
echo "wrote $csv"
# medians over the rounds, per build and command
python3 - "$csv" <<'PY'
import csv, statistics, sys
rows = list(csv.DictReader(open(sys.argv[1])))
keys = []
for r in rows:
    if (r["build"], r["command"]) not in keys: keys.append((r["build"], r["command"]))
print("%-32s %-11s %10s %10s %14s" % ("build", "command", "median_ms", "cpu_ms", "instructions"))
for b, c in keys:
    sel = [r for r in rows if r["build"] == b and r["command"] == c]
    med = statistics.median(float(r["median_ms"]) for r in sel)
    cpu = statistics.median(float(r["user_ms"]) + float(r["system_ms"]) for r in sel)
    ins = next((r["instructions"] for r in sel if r["instructions"]), "")
    print("%-32s %-11s %10.2f %10.2f %14s" % (b, c, med, cpu, ins))
PY
plot=${BUILDS[0]}/bench/signorini_csvplot
if [ -x "$plot" ]; then
  "$plot" "$csv" bench/out/startup.png --x round --y median_ms --group build,command --style linemarkers \
    --title "signorini start-up (hyperfine median of $RUNS runs per round)" --xlabel "round" \
    --ylabel "wall time [ms]" && echo "plot: bench/out/startup.png"
else
  echo "plot: skipped (no $plot)"
fi
