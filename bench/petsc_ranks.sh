#!/usr/bin/env bash
# The distributed ADMM (signorini solve FILE --petsc, docs/parallel.md) on 1 and 2 MPI ranks,
# runs interleaved (1, 2, 1, 2, ...): per run the slowest and fastest rank's time in the solve
# (the lines 'rank seconds: min A, max B'), the steps, the Krylov iterations, and the whole
# command's wall time (MPI's start-up and the file's reading included); the medians per rank
# count on stdout, with `uptime` before and after (the machine may be shared: say so).
#
# Usage: bash bench/petsc_ranks.sh [REPEAT] [FILE]   (default 5, the largest gfc3d problem,
#        tests/data/problems/gfc3d/Spheres-i099-356-679.hdf5)
#   env: SN_BUILD=build  RANKS="1 2"
# -> bench/out/petsc_ranks.csv: ranks,run,rank_min_s,rank_max_s,wall_s,steps,krylov
set -euo pipefail
cd "$(dirname "$0")/.."
REPEAT=${1:-5}
FILE=${2:-tests/data/problems/gfc3d/Spheres-i099-356-679.hdf5}
SN_BUILD=${SN_BUILD:-build}
RANKS=${RANKS:-"1 2"}
SN=$SN_BUILD/signorini
[ -f "$SN_BUILD/signorini-modules/libsignorini_petsc.so" ] || { echo "petsc_ranks.sh: $SN_BUILD has no PETSc module" >&2; exit 1; }
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_btl_vader_single_copy_mechanism=none
mkdir -p bench/out
CSV=bench/out/petsc_ranks.csv
echo "ranks,run,rank_min_s,rank_max_s,wall_s,steps,krylov" > "$CSV"
echo "uptime before: $(uptime)"
for k in $(seq 1 "$REPEAT"); do
  for p in $RANKS; do
    t0=$(date +%s.%N)
    out=$(mpirun -n "$p" --oversubscribe "$SN" solve "$FILE" --petsc --cold --threads 1 -q)
    t1=$(date +%s.%N)
    mn=$(sed -n 's/^rank seconds: min \([^,]*\), max \(.*\)$/\1/p' <<< "$out")
    mx=$(sed -n 's/^rank seconds: min \([^,]*\), max \(.*\)$/\2/p' <<< "$out")
    steps=$(sed -n 's/^iterations: //p' <<< "$out")
    kry=$(sed -n 's/^krylov iterations: //p' <<< "$out")
    echo "$p,$k,$mn,$mx,$(echo "$t1 - $t0" | bc),$steps,$kry" >> "$CSV"
  done
done
echo "uptime after: $(uptime)"
python3 - "$CSV" <<'PY'
import csv, statistics, sys
rows = list(csv.DictReader(open(sys.argv[1])))
for p in sorted({r["ranks"] for r in rows}, key=int):
    R = [r for r in rows if r["ranks"] == p]
    med = lambda k: statistics.median(float(r[k]) for r in R)
    print(f"ranks {p}: median of {len(R)}: slowest rank {med('rank_max_s'):.3f} s, fastest rank "
          f"{med('rank_min_s'):.3f} s, command wall {med('wall_s'):.3f} s, steps {R[0]['steps']}, krylov {R[0]['krylov']}")
PY
