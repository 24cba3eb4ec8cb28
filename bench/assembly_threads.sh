#!/usr/bin/env bash
# The finite-element assembly on 1 and 2 threads (docs/threads.md, "Parallel assembly"):
# signorini_bench_assembly (bench/fe_assembly.c) on the contact block decks of
# bench/gen_contact_block.py, runs interleaved (t1, t2, t1, t2, ...), each run the median of
# R repeats of each pass; the medians over the runs, the load average before each run.
# Usage: bash bench/assembly_threads.sh [RUNS]    (default 5)
#   env: SN_BUILD=build SIZES="24x24x8 40x40x12" THREADS="1 2" REPEAT=5 MODE=fixed|cli WORK=/tmp/sn_asm
#   MODE fixed (default): the OpenMP runtime's defaults, the parallel pass on N threads at every
#   call; cli: as `signorini run --threads N` runs it (N threads or one, chosen by the clock)
# -> bench/out/assembly_threads.csv: size,threads,run,team,K,f,S,cpu,load; medians on stdout
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${1:-5}
SN_BUILD=${SN_BUILD:-build}
SIZES=${SIZES:-"24x24x8 40x40x12"}
THREADS=${THREADS:-"1 2"}
REPEAT=${REPEAT:-5}
MODE=${MODE:-fixed}
WORK=${WORK:-/tmp/sn_asm}
B=$SN_BUILD/bench/signorini_bench_assembly
[ -x "$B" ] || { echo "assembly_threads.sh: build $B first" >&2; exit 1; }
mkdir -p "$WORK" bench/out
CSV=bench/out/assembly_threads.csv
echo "size,threads,run,team,K,f,S,cpu,load" > "$CSV.tmp"
extra=""
[ "$MODE" = fixed ] && extra="--fixed"
for size in $SIZES; do
  read -r nx ny nz <<< "${size//x/ }"
  deck=$WORK/block_$size.inp
  [ -f "$deck" ] || python3 bench/gen_contact_block.py "$nx" "$ny" "$nz" --treatment LAGRANGE -o "$deck"
  for r in $(seq 1 "$RUNS"); do
    for t in $THREADS; do
      l=$(cut -d' ' -f1 /proc/loadavg)
      line=$(env -u SIGNORINI_NUM_THREADS "$B" "$deck" --threads "$t" --repeat "$REPEAT" $extra)
      set -- $line   # threads N [(fixed)] team T elements NE dofs ND K k f f S s cpu c
      [ "$3" = "(fixed)" ] && shift
      echo "$size,$t,$r,$4,${10},${12},${14},${16},$l" >> "$CSV.tmp"
    done
  done
done
mv "$CSV.tmp" "$CSV"
python3 - "$CSV" <<'PY'
import csv, statistics, sys
rows = list(csv.DictReader(open(sys.argv[1])))
key = lambda r: (r["size"], int(r["threads"]))
print("size      threads team  K s      f s      S s      cpu s   load")
for k in sorted({key(r) for r in rows}):
    g = [r for r in rows if key(r) == k]
    med = lambda c: statistics.median(float(r[c]) for r in g)
    teams = sorted({r["team"] for r in g})
    print(f"{k[0]:9s} {k[1]:7d} {'/'.join(teams):5s} {med('K'):.4f}  {med('f'):.5f}  {med('S'):.4f}  {med('cpu'):.3f}  "
          f"{min(float(r['load']) for r in g):.1f}-{max(float(r['load']) for r in g):.1f}")
PY
