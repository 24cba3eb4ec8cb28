#!/usr/bin/env bash
# Issue #16, item 2: the 3D contact block of bench/gen_contact_block.py scaled to 10^6 degrees of
# freedom (100 x 100 x 32 C3D8: 101 x 101 x 33 block nodes, 1 009 899 block dofs + the plate's,
# 10 201 contact nodes), pressed and slid (2 steps of 5 increments, LAGRANGE, mu 0.3), run by
# `signorini run` with each increment's global contact problem solved by the distributed ADMM
# (--petsc: CG + PETSc's GAMG inside ADMM, docs/parallel.md), since CHOLMOD's factor of that
# matrix does not fit (the serial run stops: "the contact problem (10201 points) could not be
# solved: tried admm (failure in a numerical backend), socmixg (out of memory)" under a 20 GB
# limit, 4 December 2026).
#
# Usage: bash bench/contact_million.sh [NX NY NZ]      (default 100 100 32)
#   env: RANKS=1 (mpirun -n RANKS), THREADS=1 (per rank), SN_BUILD=build, WORK=/tmp/sn_million,
#        LIMIT_S=7200 (the run is stopped after it), INC="5 5" (increments of the two steps),
#        WHOLE=0 (1: --petsc-whole, every rank assembling the whole model instead of its share of
#        the elements: docs/parallel.md, "The model split")
# -> bench/out/contact_million.csv: one row per increment (step, increment, contact solver, its
#    iterations, seconds since the start) and bench/out/contact_million_summary.csv (dofs, contact
#    nodes, ranks, threads, assembly (split or whole), status, wall s, peak memory of each rank in
#    kB, increments done, median s per increment, the summary's assembly seconds of rank 0);
#    bench/out/contact_million.png: seconds per increment.
set -euo pipefail
cd "$(dirname "$0")/.."
NX=${1:-100} NY=${2:-100} NZ=${3:-32}
RANKS=${RANKS:-1}
THREADS=${THREADS:-1}
SN_BUILD=${SN_BUILD:-build}
case $SN_BUILD in /*) ;; *) SN_BUILD=$PWD/$SN_BUILD ;; esac
WORK=${WORK:-/tmp/sn_million}
LIMIT_S=${LIMIT_S:-7200}
INC=${INC:-"5 5"}
WHOLE=${WHOLE:-0}
mode=split
petsc=--petsc
[ "$WHOLE" = 1 ] && { mode=whole; petsc=--petsc-whole; }
[ -x "$SN_BUILD/signorini" ] || bash scripts/build.sh "$SN_BUILD"
[ -e "$SN_BUILD/signorini-modules/libsignorini_petsc.so" ] ||
  { echo "contact_million.sh: this build has no PETSc module (docs/parallel.md, Build)" >&2; exit 1; }
mkdir -p "$WORK" bench/out
deck=$WORK/block_${NX}x${NY}x${NZ}.inp
python3 bench/gen_contact_block.py "$NX" "$NY" "$NZ" --treatment LAGRANGE --inc $INC -o "$deck" > /dev/null
head -2 "$deck" | tail -1
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
rm -rf "$WORK/out"
t0=$(date +%s.%N)
rc=0
rm -f "$WORK/rss"
timeout "$LIMIT_S" mpirun -n "$RANKS" --oversubscribe /usr/bin/time -a -f "%M" -o "$WORK/rss" \
  "$SN_BUILD/signorini" run "$deck" $petsc --threads "$THREADS" -o "$WORK/out" > "$WORK/run.log" 2>&1 || rc=$?
wall=$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
# the progress lines: "step S  increment I  time T  newton N  contact SOLVER K it  E s"
CSV=bench/out/contact_million.csv
echo "step,increment,solver,iterations,elapsed_s,increment_s" > "$CSV"
grep -E '^step [0-9]+ +increment' "$WORK/run.log" | awk '{
    for (i = 1; i <= NF; i++) { if ($i == "step") s = $(i + 1); if ($i == "increment") n = $(i + 1)
      if ($i == "contact") { sv = $(i + 1); it = $(i + 2) } }
    e = $(NF - 1); printf "%s,%s,%s,%s,%s,%.3f\n", s, n, sv, it, e, e - prev; prev = e }' >> "$CSV"
dofs=$(sed -nE 's/.* ([0-9]+) dofs.*/\1/p' "$deck" | head -1)
nc=$(sed -nE 's/.* ([0-9]+) contact nodes.*/\1/p' "$deck" | head -1)
incs=$(($(wc -l < "$CSV") - 1))
med=$(tail -n +2 "$CSV" | cut -d, -f6 | sort -n | awk '{ a[NR] = $1 } END { if (NR) print a[int((NR + 1) / 2)]; else print "" }')
status=ok
[ "$rc" -eq 0 ] || status="exit $rc"
rss=$(grep -E '^[0-9]+$' "$WORK/rss" 2> /dev/null | tr '\n' ' ' | sed 's/ $//')
asm=$(sed -nE 's/^time: .* assembly ([0-9.]+) s.*/\1/p' "$WORK/run.log" | head -1)
echo "dofs,contact_nodes,ranks,threads,assembly,status,wall_s,maxrss_kb_ranks,increments,median_increment_s,assembly_s" \
  > bench/out/contact_million_summary.csv
echo "$dofs,$nc,$RANKS,$THREADS,$mode,$status,$wall,$rss,$incs,$med,$asm" \
  >> bench/out/contact_million_summary.csv
column -t -s, bench/out/contact_million_summary.csv
[ "$incs" -gt 0 ] && "$SN_BUILD/bench/signorini_csvplot" "$CSV" bench/out/contact_million.png --x elapsed_s \
  --y increment_s --style linemarkers --title "contact block ${NX}x${NY}x${NZ} ($dofs dofs), $RANKS rank(s)" \
  --xlabel "elapsed [s]" --ylabel "seconds per increment" || true
echo "contact_million.sh: $CSV, bench/out/contact_million_summary.csv, the run's log $WORK/run.log"
[ "$rc" -eq 0 ]
