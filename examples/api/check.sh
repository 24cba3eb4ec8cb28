#!/usr/bin/env bash
# Runs the two example programs and checks what they print against known values.
# Usage: check.sh SOLVE_FCLIB RUN_DECK SOURCE_DIR WORK_DIR
#  - solve_fclib on FrictionContact3D_1c (one contact, W = [15 -1 -2; -1 14 1; -2 1 16],
#    q = (-1, 2, 3), mu = 0.1): the contact slides (sticking would need |r_T| = 0.217 > mu r_N =
#    0.0035), and the slip solution, computed by hand (r_N = -q_N / (W_NN - mu W_NT . t) with the
#    slip direction t found by bisection so that u_T is parallel to t), is r = (0.0656956829,
#    -0.0036786149, -0.0054430708): every solver must give it to 1e-6 relative;
#  - solve_fclib on Capsules-i100-889 (276 contacts): the tolerance 1e-8 is reached;
#  - run_deck without a deck: the mass on a spring stopped by the wall, force 20 - 100 x 0.1 = 10,
#    displacement 0.1 (analytic);
#  - run_deck on examples/bar_obstacle.inp: 9 increments and, at the last, the equilibrium of the
#    bar: normal contact force 4 N/mm (0.01 MPa x 400 mm), tangential 2 N/mm (0.05 MPa x 40 mm);
#    the results files are written;
#  - scene_api (a ball of mass 1 dropped from 1 m onto a floor, e = 0, Moreau-Jean steps of 1 ms):
#    at t = 0.2 s, before contact, z = 1.1 - 9.81 x 0.2^2 / 2 = 0.9038 (the theta = 1/2 scheme is
#    exact for a constant acceleration); at t = 1 s it rests on the floor, z = 0.1 (the radius, to
#    1e-5: the constraint is enforced on velocities, positions drift by about g h^2),
#    with one contact whose normal impulse per step is m g dt = 9.81e-3; on
#    examples/scenes/bouncing_ball.inp (e = 0.8, 2 s) the run completes, every step converged.
# Usage: check.sh SOLVE_FCLIB RUN_DECK SOURCE_DIR WORK_DIR SCENE_API
set -euo pipefail
solve=$1 run=$2 src=$3 work=$4 scene=$5
rm -rf "$work"
mkdir -p "$work/bar"
fail=0
near() {   # near NAME GOT WANT RELTOL
  if awk -v g="$2" -v w="$3" -v t="$4" 'BEGIN { d = g - w; if (d < 0) d = -d; a = w < 0 ? -w : w; exit !(d <= t * a) }'; then
    echo "ok: $1 = $2"
  else
    echo "FAIL: $1 = $2, expected $3 (relative tolerance $4)"; fail=1
  fi
}
field() { echo "$1" | awk -v k="$2" '{ for (i = 1; i < NF; i++) if ($i == k) { print $(i + 1); exit } }'; }

for solver in nsn_ac nsgs socmix; do
  out=$("$solve" "$src/tests/data/problems/fc3d/FrictionContact3D_1c.hdf5" "$solver")
  echo "$out"
  r=($(echo "$out" | sed 's/.* r0 //'))
  near "$solver r_N" "${r[0]}" 0.0656956829 1e-6
  near "$solver r_T1" "${r[1]}" -0.0036786149 1e-5
  near "$solver r_T2" "${r[2]}" -0.0054430708 1e-5
done
out=$("$solve" "$src/tests/data/problems/fc3d/Capsules-i100-889.hdf5") || { echo "FAIL: Capsules-i100-889 not solved: $out"; fail=1; }
echo "$out"
[ "$(field "$out" status)" = ok ] && [ "$(field "$out" contacts)" = 276 ] || { echo "FAIL: Capsules-i100-889"; fail=1; }

out=$("$run")
echo "$out"
near "wall contact force" "$(field "$out" normal_force)" 10 1e-7
near "wall displacement" "$(field "$out" largest_displacement)" 0.1 1e-7
out=$("$run" "$src/examples/bar_obstacle.inp" "$work/bar")
echo "$out"
[ "$(field "$out" increments)" = 9 ] || { echo "FAIL: bar increments"; fail=1; }
near "bar normal force" "$(field "$out" normal_force)" 4 1e-8
near "bar tangential force" "$(field "$out" tangential_force)" 2 1e-8
for f in bar_obstacle.pvd bar_obstacle.0009.vtu bar_obstacle.dat bar_obstacle_contact.csv bar_obstacle_load.png; do
  [ -s "$work/bar/$f" ] || { echo "FAIL: run_deck wrote no $f"; fail=1; }
done
# a bad deck: a message with file:line and exit 1, nothing printed on stdout
printf '*NODE\n1, 0, 0\n1, 1, 0\n' > "$work/bad.inp"
if out=$("$run" "$work/bad.inp" 2> "$work/bad.err"); then echo "FAIL: bad deck accepted"; fail=1; fi
grep -q "bad.inp:3: node 1 is defined twice" "$work/bad.err" || { echo "FAIL: bad deck message: $(cat "$work/bad.err")"; fail=1; }
[ -z "$out" ] || { echo "FAIL: output on a bad deck"; fail=1; }
out=$("$scene") || { echo "FAIL: scene_api: $out"; fail=1; }
echo "$out"
near "ball height at 0.2 s" "$(field "$out" z_0.2)" 0.9038 1e-12
near "ball height at rest" "$(field "$out" z)" 0.1 1e-4   # velocity-level contact: drift of order g h^2 = 1e-5
near "ball normal impulse at rest" "$(field "$out" normal_impulse)" 0.00981 1e-6
[ "$(field "$out" contacts)" = 1 ] && [ "$(field "$out" unconverged)" = 0 ] || { echo "FAIL: scene_api contacts or convergence"; fail=1; }
out=$("$scene" "$src/examples/scenes/bouncing_ball.inp") || { echo "FAIL: scene_api on bouncing_ball.inp: $out"; fail=1; }
echo "$out"
[ "$(field "$out" steps)" = 2000 ] && [ "$(field "$out" unconverged)" = 0 ] || { echo "FAIL: scene_api bouncing_ball steps"; fail=1; }
[ $fail -eq 0 ] && echo "examples passed"
exit $fail
