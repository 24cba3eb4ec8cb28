#!/usr/bin/env bash
# One command for the benchmark: build (Release), run every applicable solver over the shared
# problems (or the folders given), write bench/out/bench.csv and bench/out/profile.png.
# Usage: bash bench/run.sh [DIR...]   (extra bench options via BENCH_OPTS, e.g. "--repeat 5")
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bash scripts/build.sh build -DSIGNORINI_BENCH=ON
dirs=("$@")
[ ${#dirs[@]} -eq 0 ] && dirs=(tests/data/problems/fc3d tests/data/problems/fc2d tests/data/problems/lcp tests/data/problems/gfc3d)
./build/bench/signorini_bench ${BENCH_OPTS:-} -o bench/out "${dirs[@]}"
