#!/usr/bin/env bash
# Contact scale point of issue #6: the block of bench/gen_contact_block.py (default 45 x 45 x 16
# C3D8 = 107 916 dofs, 2 116 contact nodes, mu = 0.3) pressed (5 increments) and slid beyond
# gross sliding (5 increments) on a rigid plane, run by signorini with each contact treatment and
# by CalculiX (node-to-surface penalty, same deck without signorini's *STEP parameters), one
# after the other (never in parallel: the timings would disturb each other).
#
# signorini runs through a 60-line driver compiled here from the public API (the same calls as
# `signorini run`: sn_inp_read, sn_static_check, sn_run_output_open / _increment, sn_static_run)
# that also prints, per increment, the wall time, the Newton iterations, the contact solver and
# its iterations (sn_increment.contact_iterations, which `signorini run` does not print).
# signorini's threads: SIGNORINI_NUM_THREADS, else the physical cores (the driver sets them with
# sn_set_blas_threads, as `signorini run --threads` does; the CSV's threads column).
# ccx runs with OMP_NUM_THREADS=$CCX_THREADS (default 2); its Newton iterations are counted from
# its log. Every run is under /usr/bin/time -v (wall, max RSS) and `timeout $LIMIT` (default
# 900 s): a run that fails or runs out of time gets its status and message in the CSV.
# Forces: sums of the RF rows of *NODE PRINT, NSET=TOP (the pressed face) in each program's .dat:
# Fn1 = -Fz at the end of step 1, Fx2 and Fn2 = -Fz at the end of step 2, ratio Fx2/Fn2 (mu
# = 0.3 when the whole interface slides).
#
# Usage: bash bench/contact_scale.sh [REPEAT]            (default 1)
#   env: DIMS="45 45 16"  RUNS="LAGRANGE CCX PENALTY AUGMENTED INTERIOR"  LIMIT=900 (seconds per
#        (a run TREATMENT:HARD uses the deck with the HARD law, e.g. AUGMENTED:HARD: the
#        augmented Lagrangian that converges to exact contact; signorini only)
#        run; LIMIT_<TREATMENT>=... overrides it for one, e.g. LIMIT_INTERIOR=300)
#        SN_BUILD=build (a Release build folder; built by scripts/build.sh when missing)
#        WORK=/tmp/contact_scale (logs, decks, .dat and contact CSVs of every run are kept there;
#        the .vtu files are deleted after each run)
# -> bench/out/contact_scale.csv, one line per run: wall_s and maxrss_kb from time -v;
#    s_per_increment = wall_s / 10 (runs that completed only); increment_wall_s (signorini) the
#    wall time of every completed increment, output included; newton_iterations: signorini's of
#    the completed increments, ccx's "iteration" lines; contact_iterations: the contact solver's
#    iterations per increment (0 for the penalty treatments, which have no contact solver);
#    slip/stick/open nodes at the last increment from BASE_contact.csv (status 2/1/0).
# -> plots by signorini_csvplot (bench/csvplot.c), medians over the runs, completed runs only:
#    bench/out/contact_scale.png (s_per_increment against dofs, a marker per treatment),
#    bench/out/contact_scale_mem.png (maxrss_kb), and bench/out/contact_scale_inc.png (signorini:
#    the wall time of each increment, from increment_wall_s, timed-out runs included).
set -euo pipefail
cd "$(dirname "$0")/.."
REPEAT=${1:-1}
DIMS=${DIMS:-"45 45 16"}
RUNS=${RUNS:-"LAGRANGE CCX PENALTY AUGMENTED INTERIOR"}
LIMIT=${LIMIT:-900}
CCX_THREADS=${CCX_THREADS:-2}
SN_BUILD=${SN_BUILD:-build}
case $SN_BUILD in /*) ;; *) SN_BUILD=$PWD/$SN_BUILD ;; esac
[ -f "$SN_BUILD/libsignorini.so" ] || bash scripts/build.sh "$SN_BUILD"
# the plotting tool (bench/csvplot.c), built now rather than after the runs; missing: no plots
CSVPLOT=$SN_BUILD/bench/signorini_csvplot
# (configured again first: a build folder made before the target existed does not know it)
[ -x "$CSVPLOT" ] || { cmake -S . -B "$SN_BUILD" > /dev/null && cmake --build "$SN_BUILD" --target signorini_csvplot > /dev/null; } \
  || echo "contact_scale.sh: cannot build signorini_csvplot in $SN_BUILD (SIGNORINI_BENCH=OFF?): no plots" >&2
WORK=${WORK:-/tmp/contact_scale}
mkdir -p "$WORK" bench/out
OUTCSV=$PWD/bench/out/contact_scale.csv

# ---- the driver ----
cat > "$WORK/snrun.c" <<'EOF'
#include "signorini/analysis.h"
#include "signorini/common.h"
#include "signorini/io.h"
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
typedef struct { sn_run_output *out; double t; } ctx;
static int on_inc(const sn_model *m, const sn_fesys *S, const sn_increment *inc, void *user)
{
  ctx *c = user;
  int st = sn_run_output_increment(m, S, inc, c->out);
  double t = sn_wtime();
  printf("INC %d %d %d %g %.3f %d %d %s %d %.3g\n", inc->total_increment, inc->step, inc->increment,
         inc->total_time, t - c->t, inc->newton_iterations, inc->ncontact,
         inc->contact_solver ? inc->contact_solver : "-", inc->contact_iterations, inc->contact_error);
  fflush(stdout);
  c->t = t;
  return st;
}
int main(int argc, char **argv)
{
  if (argc != 4) { fprintf(stderr, "usage: snrun DECK.inp DIR BASE\n"); return 2; }
  /* the thread knob, as `signorini run` sets it: SIGNORINI_NUM_THREADS, else the physical cores */
  const char *env = getenv("SIGNORINI_NUM_THREADS");
  int nt = 0;
  if (!env || !*env || sn_threads_parse(env, &nt)) nt = sn_threads_physical();
  sn_set_blas_threads(nt);
  printf("THREADS %d\n", nt);
  char msg[1024];
  sn_model *m = NULL;
  double t0 = sn_wtime();
  if (sn_inp_read(argv[1], &m, msg, sizeof msg)) { printf("FAIL %s\n", msg); return 1; }
  int st = sn_static_check(m, msg, sizeof msg);
  mkdir(argv[2], 0777);
  ctx c = {NULL, 0};
  if (!st) st = sn_run_output_open(argv[2], argv[3], m, &c.out, msg, sizeof msg);
  if (st) { printf("FAIL %s\n", msg); sn_model_free(m); return 1; }
  printf("READ %.3f\n", sn_wtime() - t0);
  fflush(stdout);
  sn_static_settings s;
  sn_static_settings_default(&s);
  s.on_increment = on_inc;
  s.user = &c;
  sn_static_info info;
  c.t = sn_wtime();
  st = sn_static_run(m, &s, &info, msg, sizeof msg);
  if (st) {
    const char *w = sn_run_output_error(c.out);
    printf("FAIL %s\n", w[0] ? w : msg);
  } else
    printf("DONE %s: %d steps, %d increments, %d Newton iterations, %d cutbacks; %d degrees of freedom "
           "(%d free); %.3f s (equations: %s, %.3f s); contact solves %d, Uzawa iterations %d, "
           "GMRES products %d, UMFPACK steps %d\n",
           argv[1], m->nsteps, info.increments, info.newton_iterations, info.cutbacks, info.ndof,
           info.nfree, info.seconds, info.iterative ? "CG" : "CHOLMOD", info.factor_seconds,
           info.contact_solves, info.uzawa_iterations, info.gmres_iterations, info.lu_fallbacks);
  sn_run_output_close(c.out);
  sn_model_free(m);
  return st ? 1 : 0;
}
EOF
cc -O2 -std=c11 -I include -I "$SN_BUILD/include" "$WORK/snrun.c" -o "$WORK/snrun" \
  -L "$SN_BUILD" -lsignorini -Wl,-rpath,"$SN_BUILD" -lm

# ---- sums of the RF rows of every "forces" block of a .dat: "time fx fy fz" per block ----
rfsum() {
  awk '/forces \(fx,fy,fz\)/ { if (n) printf "%s %.9g %.9g %.9g\n", t, fx, fy, fz; t = $NF; fx = fy = fz = 0; n = 1; inb = 1; next }
       /^ *$/ { next }
       /total|displacements|stresses|contact/ { inb = 0; next }
       inb && NF == 4 { fx += $2; fy += $3; fz += $4 }
       END { if (n) printf "%s %.9g %.9g %.9g\n", t, fx, fy, fz }' "$1"
}

echo "run,code,version,treatment,dims,dofs,contact_nodes,status,wall_s,s_per_increment,increments,newton_iterations,contact_solver,contact_iterations,increment_wall_s,maxrss_kb,Fn_step1,Fx_step2,Fn_step2,Fx2_over_Fn2,slip_nodes_end,stick_nodes_end,open_nodes_end,message,threads" > "$OUTCSV.tmp"
# provenance: the signorini library's build time (its sources may change between runs), ccx's version
SNVER="libsignorini.so $(date -r "$SN_BUILD/libsignorini.so" +%Y-%m-%dT%H:%M:%S)"
CCXVER=$(ccx -v 2>/dev/null | awk '/Version/ { print "ccx " $NF }' || true)
read -r NX NY NZ <<< "$DIMS"
DOFS=$((3 * (NX + 1) * (NY + 1) * (NZ + 1)))
NC=$(((NX + 1) * (NY + 1)))

one() { # treatment run
  local t=$1 r=$2 d="$WORK/$1-$2" code=signorini
  rm -rf "$d"; mkdir -p "$d"
  local tr=${1%%:*} law=LINEAR
  case $1 in *:*) law=${1#*:} ;; esac
  python3 bench/gen_contact_block.py $DIMS --treatment "$tr" --law "$law" -o "$d/block.inp"
  local rc=0 lv="LIMIT_$tr"
  local lim=${!lv:-$LIMIT}
  if [ "$tr" = CCX ]; then
    code=ccx
    (cd "$d" && OMP_NUM_THREADS=$CCX_THREADS /usr/bin/time -v -o time.log timeout "$lim" ccx -i block > out.log 2>&1) || rc=$?
  else
    (cd "$d" && /usr/bin/time -v -o time.log timeout "$lim" "$WORK/snrun" block.inp res block > out.log 2>&1) || rc=$?
  fi
  local wall rss incs newton solver citer iwall="" status msg dat threads
  wall=$(grep "Elapsed (wall" "$d/time.log" | awk '{print $NF}' | awk -F: '{ if (NF == 3) print $1*3600+$2*60+$3; else print $1*60+$2 }')
  rss=$(grep "Maximum resident" "$d/time.log" | awk '{print $NF}')
  if [ "$code" = ccx ]; then
    dat=$d/block.dat
    incs=$(grep -c "^ increment .* attempt" "$d/out.log" || true)
    newton=$(grep -c "^ iteration" "$d/out.log" || true)
    solver=spooles; citer=""; threads=$CCX_THREADS
    msg=$(grep -m1 -A1 "\*ERROR" "$d/out.log" | tr '\n' ' ' | tr -s ' ' | tr ',' ';' || true)
    [ "$rc" = 0 ] && status=ok || status=fail
  else
    dat=$d/res/block.dat
    incs=$(grep -c "^INC" "$d/out.log" || true)
    newton=$(awk '/^INC/ { s += $7 } END { print s + 0 }' "$d/out.log")
    solver=$(awk '/^INC/ { print $9 }' "$d/out.log" | sort -u | tr '\n' ' ' | sed 's/ $//')
    citer=$(awk '/^INC/ { printf "%s%s", sep, $10; sep = " " }' "$d/out.log")
    iwall=$(awk '/^INC/ { printf "%s%s", sep, $6; sep = " " }' "$d/out.log")
    msg=$(grep -m1 "^FAIL" "$d/out.log" | cut -c6- | tr ',' ';' || true)
    [ "$rc" = 0 ] && status=ok || status=fail
    threads=$(awk '/^THREADS/ { print $2 }' "$d/out.log")
    rm -f "$d"/res/*.vtu
  fi
  if [ "$rc" = 124 ]; then status=timeout; msg="stopped after $lim s; $incs increments done"; fi
  local fn1="" fx2="" fn2="" ratio="" slip="" stick="" open=""
  if [ -f "$dat" ]; then
    rfsum "$dat" > "$d/rf.txt"
    fn1=$(awk '$1 + 0 > 0.999 && $1 + 0 < 1.001 { printf "%.6e", -$4 }' "$d/rf.txt")
    fx2=$(awk '$1 + 0 > 1.999 && $1 + 0 < 2.001 { printf "%.6e", $2 }' "$d/rf.txt")
    fn2=$(awk '$1 + 0 > 1.999 && $1 + 0 < 2.001 { printf "%.6e", -$4 }' "$d/rf.txt")
    [ -n "$fx2" ] && ratio=$(awk -v a="$fx2" -v b="$fn2" 'BEGIN { printf "%.6f", a / b }')
  fi
  if [ -f "$d/res/block_contact.csv" ]; then
    read -r slip stick open <<< "$(awk -F, 'NR > 1 { last = $1; st[$1 "," $14]++ } END { print st[last ",2"] + 0, st[last ",1"] + 0, st[last ",0"] + 0 }' "$d/res/block_contact.csv")"
  fi
  local per="" ver=$SNVER
  [ "$code" = ccx ] && ver=$CCXVER
  [ "$status" = ok ] && [ "$incs" -gt 0 ] && per=$(awk -v w="$wall" -v n="$incs" 'BEGIN { printf "%.2f", w / n }')
  echo "$r,$code,$ver,$t,${DIMS// /x},$DOFS,$NC,$status,$wall,$per,$incs,$newton,$solver,$citer,$iwall,$rss,$fn1,$fx2,$fn2,$ratio,$slip,$stick,$open,$msg,$threads" >> "$OUTCSV.tmp"
  tail -1 "$OUTCSV.tmp"
}

for r in $(seq 1 "$REPEAT"); do
  for t in $RUNS; do one "$t" "$r"; done
done
mv "$OUTCSV.tmp" "$OUTCSV"
echo "wrote $OUTCSV (logs in $WORK)"

# ---- plots (signorini_csvplot; medians over the REPEAT runs) ----
# increment_wall_s (signorini's runs, timeouts included: the increments they completed) as one
# row per increment, for the plot of the wall time of each increment
awk -F, 'NR > 1 && $15 != "" { n = split($15, w, " "); for (i = 1; i <= n; i++) print $1 "," $4 "," $8 "," i "," w[i] }
         BEGIN { print "run,treatment,status,increment,wall_s" }' "$OUTCSV" > "$WORK/increments.csv"
plot() { if "$CSVPLOT" "$@"; then echo "plot: $2"; else echo "contact_scale.sh: plot $2 failed (the CSV is complete)" >&2; fi; }
if [ -x "$CSVPLOT" ]; then
  plot "$OUTCSV" bench/out/contact_scale.png --x dofs --y s_per_increment --group treatment --where status=ok \
    --median --style markers --title "contact block ${DIMS// /x}: time per increment" \
    --xlabel "degrees of freedom" --ylabel "wall time / increment [s]"
  plot "$OUTCSV" bench/out/contact_scale_mem.png --x dofs --y maxrss_kb --group treatment --where status=ok \
    --median --style markers --title "contact block ${DIMS// /x}: peak memory" \
    --xlabel "degrees of freedom" --ylabel "max RSS [kB]"
  plot "$WORK/increments.csv" bench/out/contact_scale_inc.png --x increment --y wall_s --group treatment --median \
    --title "contact block ${DIMS// /x}: signorini, each increment" --xlabel "increment (step 1: press, step 2: slide)" --logy \
    --ylabel "wall time [s]"
else
  echo "plot: skipped ($CSVPLOT could not be built)"
fi
