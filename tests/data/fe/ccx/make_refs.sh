#!/bin/sh
# Regenerate the CalculiX reference results NAME.ref of the decks NAME.inp in this folder
# (issue #5 verification; read by tests/analysis/test_ccx_compare.c). Not run by the tests:
# run it by hand after changing a deck (the decks come from gen_decks.py).
#
#   sh make_refs.sh [NAME ...]        (default: every *.inp here; needs `ccx` in PATH,
#                                       or CCX=/path/to/ccx)
#
# Each deck is copied to a scratch folder and run there with `ccx -i NAME` (CalculiX writes
# and overwrites NAME.dat/.frd/.sta/.cvg/.12d in its working folder). The last time block of
# the .dat file is kept: every "displacements (vx,vy,vz)" line becomes
#   U   node  u1 u2 u3
# and every "forces (fx,fy,fz)" line (*NODE PRINT RF)
#   RF  node  f1 f2 f3
# with the numbers exactly as CalculiX printed them (7 significant digits). The first line
# of the file names the CalculiX version (`ccx -v`).
#
# Plane stress (cps*.inp): ccx does not have a plane-stress element; it expands CPS* into a
# layer of 3D elements (C3D8 / C3D20 ...) with a free thickness, whose answer differs from
# the plane-stress solution at the discretisation level (0.3 - 2 % on these decks; on the
# Timoshenko cantilever of test_fe_analytic, 16 x 8 CPS8, ccx is 5e-3 off the exact tip
# deflection, signorini 8e-6). The reference of a cps deck is therefore ccx's answer for the
# equivalent plane-strain deck: CPS -> CPE with E* = E (1 + 2 nu) / (1 + nu)^2 and
# nu* = nu / (1 + nu), which has exactly the plane-stress in-plane stiffness; ccx's CPE is
# expanded with the thickness direction held, i.e. exact plane strain.
set -eu
CCX=${CCX:-ccx}
here=$(cd "$(dirname "$0")" && pwd)
version=$("$CCX" -v 2>&1 | sed -n 's/.*This is Version \([0-9.]*\).*/\1/p' | head -n 1)
[ -n "$version" ] || { echo "make_refs.sh: cannot run $CCX -v" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM
if [ $# -eq 0 ]; then
  set -- $(cd "$here" && ls *.inp | sed 's/\.inp$//')
fi
for name in "$@"; do
  case $name in
    cps*)
      # the plane-strain equivalent of a plane-stress deck (see above)
      awk '
        prev_elastic && /^[^*]/ {
          split($0, f, ","); E = f[1] + 0; nu = f[2] + 0
          printf "%.15g, %.15g\n", E * (1 + 2 * nu) / ((1 + nu) * (1 + nu)), nu / (1 + nu)
          prev_elastic = 0; next }
        { prev_elastic = ($0 ~ /^\*ELASTIC/) }
        { gsub(/TYPE=CPS/, "TYPE=CPE"); print }
      ' "$here/$name.inp" > "$work/$name.inp"
      note="plane-strain equivalent of $name.inp (CPS->CPE, E*=E(1+2nu)/(1+nu)^2, nu*=nu/(1+nu))";;
    *)
      cp "$here/$name.inp" "$work/$name.inp"
      note="$name.inp";;
  esac
  (cd "$work" && "$CCX" -i "$name" > "$name.log" 2>&1) || {
    echo "make_refs.sh: ccx failed on $name.inp:" >&2; tail -n 20 "$work/$name.log" >&2; exit 1; }
  grep -q "displacements" "$work/$name.dat" || {
    echo "make_refs.sh: no displacements in $name.dat" >&2; tail -n 20 "$work/$name.log" >&2; exit 1; }
  {
    echo "# CalculiX $version: $note, last increment of $name.dat (ccx -i $name)"
    echo "# U node u1 u2 u3 (*NODE PRINT U); RF node f1 f2 f3 (*NODE PRINT RF)"
    awk '
      /displacements \(vx,vy,vz\)/ { if ($0 ~ /time/) { t = $NF; if (t != last) { n = 0; last = t } } var = "U"; next }
      /forces \(fx,fy,fz\)/ { var = "RF"; next }
      /^ *[a-z]/ { var = ""; next }
      NF == 4 && var != "" { n++; line[n] = var " " $1 " " $2 " " $3 " " $4 }
      END { for (i = 1; i <= n; i++) print line[i] }
    ' "$work/$name.dat"
  } > "$here/$name.ref"
  echo "$name: $(grep -c '^U ' "$here/$name.ref") U rows, $(grep -c '^RF ' "$here/$name.ref") RF rows"
done
