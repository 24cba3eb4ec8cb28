#!/usr/bin/env bash
# README command (a): install what is missing, build, and run the main job on the built-in
# example: the seed's one-degree-of-freedom contact algorithms, tables printed and results
# written to results/ (one CSV per method).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bash scripts/build.sh build
./build/signorini demo seed-1dof -o results
# the finite-element core on a built-in deck: a clamped steel block under pressure (C3D8);
# ParaView opens results/block/block.pvd
./build/signorini run examples/block.inp -o results/block
