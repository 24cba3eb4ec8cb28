#!/usr/bin/env bash
# signorini versus GetFEM on the plane-strain Hertz cylinder (examples/README.md section 3), on
# the SAME meshes: examples/gen_hertz.py writes the decks for h = 0.05, 0.025, 0.0125 mm (the
# last one is the issue's GetFEM / CalculiX size); each deck is run by `signorini run` and by
# bench/hertz_getfem.py (GetFEM 5.4, Q1, nodal Alart-Curnier contact with the rigid obstacle
# y <= 0, MUMPS), REPEAT times, one run after the other (never in parallel: the timings would
# disturb each other; the machine may have only 2 cores).
#
# Both programs' results go through the same extraction (bench/hertz_getfem.py: p0 = largest
# nodal pressure = contact force / tributary length; a = least-squares fit of
# p^2 = p0^2 (1 - x^2/a^2) over the nodes with p > 0.2 p0, as tests/analysis/test_examples.c),
# errors relative to the analytic values of the deck's .ref.
#
# Threads: every run is made with OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 SIGNORINI_NUM_THREADS=1
# (threads=1, the fair comparison: MUMPS here is the sequential one; signorini's thread knob sets
# OpenBLAS and CHOLMOD from SIGNORINI_NUM_THREADS), and again with the library defaults
# (threads=default: the three variables unset; signorini then uses the physical cores) unless
# THREADS=1. A number N in THREADS sets the three variables to N.
#
# Usage: bash bench/hertz_compare.sh [--inc F] [REPEAT]     (default 3)
#   --inc F: signorini's load increment as a fraction of the load (the INC variable below;
#        --inc 0.25 is the 4-increment variant of issue #13, as examples/hertz.inp)
#   env: SN_BUILD=build (a Release build folder with the signorini binary; built by
#        scripts/build.sh when missing)
#        GF_PYTHON=/usr/bin/python3 (an interpreter that imports getfem; Debian's python3-getfem)
#        HS="0.05 0.025 0.0125"  THREADS="1 default"  WORK=/tmp/hertz_compare (decks, logs)
#        INC=1 (signorini's first increment as a fraction of the load, gen_hertz.py --inc: 1 = the
#        load in one increment, as GetFEM's one load step; the frictionless problem is path
#        independent. examples/hertz.inp itself uses 0.25: 4 increments)
# -> bench/out/hertz_compare.csv (hertz_compare_incF.csv, .png, _p0.png with --inc F other than 1), one line per run:
#    program,h,nodes,run,wall_s,maxrss_kb,p0,p0_err_pct,a,a_err_pct,threads,solve_s,newton_iter,lsolver
#    wall_s, maxrss_kb: /usr/bin/time -v of the whole process (signorini: deck reading, the load
#    increments (1 / INC of them), its .vtu/.dat/.csv/.png output; GetFEM: interpreter start, import, deck
#    parsing, one load step, no output files); solve_s: signorini's own analysis time (the
#    seconds `signorini run` prints: sn_static_run, per-increment output included), GetFEM's
#    perf_counter around model construction, assembly and Newton solve (t_solve_s).
#    The median of each (program, h, threads) is printed on stdout; bench/out/hertz_compare.png
#    plots the median wall_s against nodes (log y) and bench/out/hertz_compare_p0.png the median
#    |p0_err_pct|, one line per (program, threads), drawn by signorini_csvplot (bench/csvplot.c).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
if [ "${1:-}" = --inc ]; then
  [ $# -ge 2 ] || { echo "hertz_compare.sh: --inc needs a value (e.g. --inc 0.25)" >&2; exit 2; }
  INC=$2
  shift 2
fi
case ${1:-3} in ''|*[!0-9]*) echo "hertz_compare.sh: unknown argument '$1' (usage: [--inc F] [REPEAT])" >&2; exit 2 ;; esac
REPEAT=${1:-3}
HS=${HS:-"0.05 0.025 0.0125"}
THREADS=${THREADS:-"1 default"}
INC=${INC:-1}
WORK=${WORK:-/tmp/hertz_compare}
SN_BUILD=${SN_BUILD:-build}
case $SN_BUILD in /*) ;; *) SN_BUILD=$ROOT/$SN_BUILD ;; esac
[ -x "$SN_BUILD/signorini" ] || bash scripts/build.sh "$SN_BUILD"
SN=$SN_BUILD/signorini
# the plotting tool (bench/csvplot.c), built now rather than after the runs; missing: no plots
CSVPLOT=$SN_BUILD/bench/signorini_csvplot
# (configured again first: a build folder made before the target existed does not know it)
[ -x "$CSVPLOT" ] || { cmake -S . -B "$SN_BUILD" > /dev/null && cmake --build "$SN_BUILD" --target signorini_csvplot > /dev/null; } \
  || echo "hertz_compare.sh: cannot build signorini_csvplot in $SN_BUILD (SIGNORINI_BENCH=OFF?): no plots" >&2
GF_PYTHON=${GF_PYTHON:-/usr/bin/python3}
"$GF_PYTHON" -c "import getfem" 2>/dev/null || { echo "hertz_compare.sh: $GF_PYTHON cannot import getfem (set GF_PYTHON)" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "hertz_compare.sh: /usr/bin/time (GNU time) is needed" >&2; exit 1; }
GFV=$(dpkg-query -W -f='${Version}' python3-getfem 2>/dev/null || echo unknown)

mkdir -p "$WORK" bench/out
SUFFIX=$([ "$INC" = 1 ] && echo "" || echo "_inc$INC")
CSV=bench/out/hertz_compare$SUFFIX.csv
echo "program,h,nodes,run,wall_s,maxrss_kb,p0,p0_err_pct,a,a_err_pct,threads,solve_s,newton_iter,lsolver" > "$CSV"

# the value of a field of bench/hertz_getfem.py's CSV line (header on line 1, values on line 2)
field() { "$GF_PYTHON" -c 'import csv,sys; r=list(csv.DictReader(open(sys.argv[1]))); print(r[0][sys.argv[2]])' "$1" "$2"; }
# wall seconds and max RSS of a `/usr/bin/time -v -o FILE` report
wall_of() { awk -F': ' '/Elapsed \(wall clock\)/{n=split($2,t,":"); s=0; for(i=1;i<=n;i++) s=s*60+t[i]; print s}' "$1"; }
rss_of() { awk -F': ' '/Maximum resident set size/{print $2}' "$1"; }
# run "$@" with the thread setting $1 (N: N threads everywhere; default: the libraries' choice)
with_threads() {
  local t=$1; shift
  if [ "$t" != default ]; then OMP_NUM_THREADS=$t OPENBLAS_NUM_THREADS=$t SIGNORINI_NUM_THREADS=$t "$@"
  else env -u OMP_NUM_THREADS -u OPENBLAS_NUM_THREADS -u SIGNORINI_NUM_THREADS "$@"; fi
}

for h in $HS; do
  deck=$WORK/hertz_h$h.inp
  python3 examples/gen_hertz.py --h "$h" --inc "$INC" -o "$deck" >/dev/null
  ref=${deck%.inp}.ref
  nodes=$(awk -F'= ' '/^nodes_cylinder/{print $2}' "$ref")
  for run in $(seq 1 "$REPEAT"); do
    for t in $THREADS; do
      tag=h${h}_r${run}_t$t
      # --- signorini ---
      out=$WORK/sn_$tag
      rm -rf "$out"
      with_threads "$t" /usr/bin/time -v -o "$out.time" "$SN" run "$deck" -o "$out" > "$out.log" 2>&1 \
        || { echo "signorini failed on $deck (see $out.log)" >&2; exit 1; }
      "$GF_PYTHON" bench/hertz_getfem.py --header --signorini-csv "$out/hertz_h${h}_contact.csv" --ref "$ref" > "$out.csv"
      ssolve=$(sed -n 's/^time: \([0-9.]*\) s = .*/\1/p' "$out.log")
      snit=$(sed -n 's/.* \([0-9]*\) Newton iteration.*/\1/p' "$out.log")
      echo "signorini,$h,$nodes,$run,$(wall_of "$out.time"),$(rss_of "$out.time"),$(field "$out.csv" p0),$(field "$out.csv" p0_err_pct),$(field "$out.csv" a),$(field "$out.csv" a_err_pct),$t,$ssolve,$snit,CHOLMOD" >> "$CSV"
      rm -f "$out"/*.vtu                       # large, not needed afterwards
      # --- GetFEM ---
      out=$WORK/gf_$tag
      with_threads "$t" /usr/bin/time -v -o "$out.time" "$GF_PYTHON" bench/hertz_getfem.py --header "$deck" --ref "$ref" > "$out.csv" 2> "$out.log" \
        || { echo "GetFEM failed on $deck (see $out.log)" >&2; exit 1; }
      gnodes=$(field "$out.csv" nodes)
      [ "$gnodes" = "$nodes" ] || { echo "GetFEM mesh has $gnodes nodes, the deck $nodes" >&2; exit 1; }
      echo "getfem,$h,$gnodes,$run,$(wall_of "$out.time"),$(rss_of "$out.time"),$(field "$out.csv" p0),$(field "$out.csv" p0_err_pct),$(field "$out.csv" a),$(field "$out.csv" a_err_pct),$t,$(field "$out.csv" t_solve_s),$(field "$out.csv" newton_iter),$(field "$out.csv" lsolver)" >> "$CSV"
      echo "h=$h run $run threads=$t: done" >&2
    done
  done
done

# medians per (program, h, threads)
echo "GetFEM: python3-getfem $GFV; signorini: $("$SN" version | head -1); $(nproc) cores; REPEAT=$REPEAT"
"$GF_PYTHON" - "$CSV" <<'EOF'
import csv, statistics, sys
rows = list(csv.DictReader(open(sys.argv[1])))
groups = {}
for r in rows:
    groups.setdefault((r["program"], r["h"], r["threads"]), []).append(r)
cols = ("wall_s", "maxrss_kb", "solve_s", "p0", "p0_err_pct", "a", "a_err_pct")
print("program,h,nodes,threads,runs," + ",".join("median_" + c for c in cols) + ",newton_iter,lsolver")
for (prog, h, t), rs in sorted(groups.items(), key=lambda k: (-float(k[0][1]), k[0][2], k[0][0])):
    med = [statistics.median(float(r[c]) for r in rs) for c in cols]
    print("%s,%s,%s,%s,%d,%.3f,%.0f,%.3f,%.3f,%.4f,%.6f,%.4f,%s,%s"
          % (prog, h, rs[0]["nodes"], t, len(rs), *med, rs[0]["newton_iter"], rs[0]["lsolver"]))
EOF
# the plots: signorini_csvplot (bench/csvplot.c, the library's sn_plot_lines), medians over the runs
plot() { if "$CSVPLOT" "$CSV" "$@"; then echo "plot: $1"; else echo "hertz_compare.sh: plot $1 failed (the CSV is complete)" >&2; fi; }
if [ -x "$CSVPLOT" ]; then
  plot bench/out/hertz_compare$SUFFIX.png --x nodes --y wall_s --group program,threads --median --logy \
    --title "Hertz cylinder: wall time, median of $REPEAT runs" --xlabel "nodes" --ylabel "wall time [s]"
  plot bench/out/hertz_compare${SUFFIX}_p0.png --x nodes --y p0_err_pct --group program,threads --median --abs \
    --title "Hertz cylinder: p0 error, median of $REPEAT runs" --xlabel "nodes" --ylabel "|p0 error| [%]"
else
  echo "plot: skipped ($CSVPLOT could not be built)"
fi
echo "runs: $CSV"
