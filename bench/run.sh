#!/usr/bin/env bash
# One command for the benchmark: build (Release), run every applicable solver over the shared
# problems (or the folders given), write bench/out/bench.csv and bench/out/profile.png; then the
# repeated-calls mode (bench/warm.c: K calls in a row on each problem of 1-5 contacts, from its
# solution and from zero, us per call) into bench/out/warm.csv and bench/out/warm.png, and the
# ratios against tests/data/problems/siconos-times.csv (bench/siconos_ratio.py) into
# bench/out/ratio.csv. WARM=0 skips the repeated calls; SICONOS=path overrides the CSV.
# Usage: bash bench/run.sh [DIR...]   (extra bench options via BENCH_OPTS, e.g. "--repeat 5";
#   "--cpu" times each call by the thread's CPU time, as warm.c does: docs/solvers.md's ratios)
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bash scripts/build.sh build -DSIGNORINI_BENCH=ON
dirs=("$@")
[ ${#dirs[@]} -eq 0 ] && dirs=(tests/data/problems/fc3d tests/data/problems/fc2d tests/data/problems/lcp tests/data/problems/gfc3d)
./build/bench/signorini_bench ${BENCH_OPTS:-} -o bench/out "${dirs[@]}"
if [ "${WARM:-1}" != 0 ]; then
  ./build/bench/signorini_bench_warm -o bench/out tests/data/problems/fc3d
  ./build/bench/signorini_csvplot bench/out/warm.csv bench/out/warm.png --x contacts --y us_per_call \
    --group solver,start --median --logy --style markers --title "repeated calls, 1-5 contacts" \
    --ylabel "us per call" || echo "run.sh: no warm plot" >&2
  SICONOS=${SICONOS:-tests/data/problems/siconos-times.csv}   # Siconos' times, kept in the repository
  python3 bench/siconos_ratio.py "$SICONOS" --cold bench/out/bench.csv --warm bench/out/warm.csv \
    -o bench/out/ratio.csv
fi
