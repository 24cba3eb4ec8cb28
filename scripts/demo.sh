#!/usr/bin/env bash
# README command (a): install what is missing, build, and run the main job on the built-in
# examples: the plane-strain bar of Kanno, Martins and Pinto da Costa pressed and pushed sideways against a rigid
# obstacle with Coulomb friction (mu = 0.7): VTU/PVD series, contact CSV and plots in
# results/bar/; a rigid-body scene (a ball bouncing on a floor, Moreau-Jean time stepping: body
# and contact frames, the energy history in results/ball/); the one-degree-of-freedom contact
# algorithms (mass, spring, rigid wall; tables, CSVs in results/).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bash scripts/build.sh build
./build/signorini run examples/bar_obstacle.inp -o results/bar
echo "plots: results/bar/bar_obstacle_contact_pressure.png, results/bar/bar_obstacle_contact_shear.png;"
echo "ParaView: results/bar/bar_obstacle.pvd (CPRESS, CSHEAR, CSTATUS, U, S)"
./build/signorini run examples/scenes/bouncing_ball.inp -o results/ball --quiet
echo "ParaView: results/ball/bouncing_ball_bodies.pvd, results/ball/bouncing_ball_contacts.pvd;"
echo "energy: results/ball/bouncing_ball_energy.png"
./build/signorini demo seed-1dof -o results
