#!/usr/bin/env bash
# Issue #13, point 6: this machine's memory bandwidth (STREAM-like copy and triad, bench/stream.c)
# and one NSGS sweep on the largest local FCLIB problem of tests/data/problems
# (Capsules-i125-1213, 286 contacts) against the bound of streaming W's nonzeros once.
# REPEAT runs (default 3) -> bench/out/stream-RUN.csv and their summaries in bench/out/stream.txt;
# the triad bandwidth against the arrays' footprint (the cache levels) -> bench/out/stream.png.
# Usage: bash bench/stream.sh [REPEAT] [PROBLEM]
set -euo pipefail
cd "$(dirname "$0")/.."
REPEAT=${1:-3}
PROBLEM=${2:-tests/data/problems/fc3d/Capsules-i125-1213.hdf5}
[ -x build/bench/signorini_bench_stream ] || bash scripts/build.sh build -DSIGNORINI_BENCH=ON
mkdir -p bench/out
: > bench/out/stream.txt
for k in $(seq "$REPEAT"); do
  ./build/bench/signorini_bench_stream -o bench/out/run-$k "$PROBLEM" | tee -a bench/out/stream.txt
  mv bench/out/run-$k/stream.csv bench/out/stream-$k.csv && rmdir bench/out/run-$k
done
{ head -1 bench/out/stream-1.csv; for k in $(seq "$REPEAT"); do tail -n +2 bench/out/stream-$k.csv; done; } \
  > bench/out/stream.csv
./build/bench/signorini_csvplot bench/out/stream.csv bench/out/stream.png --where kind=triad_size \
  --x what --y gbs --median --logx --title "triad bandwidth against the arrays' footprint" \
  --xlabel "bytes" --ylabel "GB/s" || echo "stream.sh: no plot" >&2
