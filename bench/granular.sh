#!/usr/bin/env bash
# The granular pile of issue #12: N spheres (radius 0.05 m, density 2500 kg/m^3, mu 0.5, e 0)
# dropped from a loose cubic lattice into a box about 10 layers deep, Moreau-Jean dt = 1e-3 s for
# 2 s, each step's contact problem solved to a relative error of 1e-6 (bench/granular.c).
# The spheres start from a lattice jittered by at most 4 mm (a fixed seed), so that the columns
# collapse into a pile as in the peers' runs.
# Usage: bash bench/granular.sh N [extra signorini_granular options, e.g. --time 0.5, --threads 2
#        (the coloured NSGS; parallel when built with -DSIGNORINI_OPENMP=ON)]
# CSV columns: wall ms (library timing), cpu_ms (process CPU: a loaded machine inflates it less),
# contacts, NSGS sweeps, the solver's relative error and status, max_speed (|v| + |w| r, counts
# spin), max_v (linear speed only), largest penetration. ODE's QuickStep on the same scene:
# bash bench/granular_vs_ode.sh N REPS [--time T].
#   -> bench/out/granular_N.csv (one row per step) and the plots bench/out/granular_N_ms.png
#      (wall ms per step), granular_N_speed.png (largest body speed, log axis),
#      granular_N_contacts.png (contacts and solver iterations per step); the summary line on stdout.
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:?usage: bash bench/granular.sh N [options]}
shift
B=$PWD/build
[ -x "$B/bench/signorini_granular" ] || { cmake -S . -B "$B" -DCMAKE_BUILD_TYPE=Release > /dev/null &&
  cmake --build "$B" -j2 --target signorini_granular signorini_csvplot > /dev/null; }
OUT=$PWD/bench/out
mkdir -p "$OUT"
csv=$OUT/granular_$N.csv
"$B/bench/signorini_granular" "$N" "$csv" "$@"
plot=$B/bench/signorini_csvplot
"$plot" "$csv" "$OUT/granular_${N}_ms.png" --x time --y ms --style lines \
  --title "granular pile, N = $N: wall time per step" --xlabel "time [s]" --ylabel "ms per step"
"$plot" "$csv" "$OUT/granular_${N}_speed.png" --x time --y max_speed --logy --style lines \
  --title "granular pile, N = $N: largest speed" --xlabel "time [s]" --ylabel "max speed [m/s]"
"$plot" "$csv" "$OUT/granular_${N}_contacts.png" --x time --y contacts --y iterations --style lines \
  --title "granular pile, N = $N" --xlabel "time [s]" --ylabel "contacts, NSGS sweeps"
echo "granular.sh: $csv and its plots in $OUT"
