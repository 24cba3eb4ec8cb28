#!/usr/bin/env bash
# signorini vs ODE QuickStep on the granular pile (bench/granular.c, bench/granular_ode.c), runs
# interleaved so that both see the same load of a shared machine; the medians of the runs'
# median ms per step (wall and CPU) are printed. signorini_granular_ode is built only when
# pkg-config finds ode (Debian libode-dev).
# Usage: bash bench/granular_vs_ode.sh N REPS [options for both, e.g. --time 0.3]
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:?usage: bash bench/granular_vs_ode.sh N REPS [--time T]}
REPS=${2:-3}
shift 2 || true
B=$PWD/build
cmake -S . -B "$B" -DCMAKE_BUILD_TYPE=Release > /dev/null
cmake --build "$B" -j2 --target signorini_granular signorini_granular_ode > /dev/null
[ -x "$B/bench/signorini_granular_ode" ] || { echo "granular_vs_ode.sh: ODE not found (apt-get install libode-dev)" >&2; exit 1; }
OUT=$PWD/bench/out
mkdir -p "$OUT"
log=$OUT/granular_vs_ode_$N.txt
: > "$log"
for r in $(seq "$REPS"); do
  echo "rep $r load $(cut -d' ' -f1-3 /proc/loadavg)" >> "$log"
  "$B/bench/signorini_granular" "$N" "$OUT/vs_sn_$N.csv" "$@" >> "$log"
  "$B/bench/signorini_granular_ode" "$N" "$OUT/vs_ode_$N.csv" "$@" >> "$log"
done
cat "$log"
# the median over the runs of each run's median wall and CPU ms per step
awk '/^granular|^ode/ {
       k = $1; match($0, /median [0-9.]+ ms\/step \(CPU [0-9.]+\)/); s = substr($0, RSTART, RLENGTH);
       split(s, f, /[ ()]+/); w[k, ++n[k]] = f[2]; c[k, n[k]] = f[5] }
     function med(a, k, m,   i, j, t, v) { for (i = 1; i <= m; i++) v[i] = a[k, i];
       for (i = 1; i <= m; i++) for (j = i + 1; j <= m; j++) if (v[j] < v[i]) { t = v[i]; v[i] = v[j]; v[j] = t }
       return v[int((m + 1) / 2)] }
     END { for (k in n) printf "%s: median of %d runs: %.3f ms/step wall, %.3f ms/step CPU\n", k, n[k], med(w, k, n[k]), med(c, k, n[k]) }' "$log"
