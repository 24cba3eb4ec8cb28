#!/usr/bin/env bash
# Configure and build signorini into a build folder (default: build, Release).
# Usage: scripts/build.sh [BUILD_DIR] [extra cmake args...]
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-build}
shift || true
# Ninja where it is installed (scripts/install-deps.sh installs it), unless the folder was
# configured with another generator (CMake refuses to change a folder's generator)
gen=()
if command -v ninja >/dev/null &&
   { [ ! -f "$dir/CMakeCache.txt" ] || grep -q '^CMAKE_GENERATOR:INTERNAL=Ninja$' "$dir/CMakeCache.txt"; }; then
  gen=(-G Ninja)
fi
cmake "${gen[@]}" -S . -B "$dir" -DCMAKE_BUILD_TYPE=Release "$@" >/dev/null
cmake --build "$dir" -j"$(nproc)"
