#!/usr/bin/env bash
# Install signorini into a temporary prefix, then build and run a program outside the tree
# against it, via pkg-config and via CMake's find_package (shared and static), and the two
# example programs of examples/api (pkg-config and find_package), checked by examples/api/check.sh.
# Usage: test_install.sh BUILD_DIR THIS_DIR WORK_DIR
set -euo pipefail
build=$1 here=$2 work=$3
rm -rf "$work"
mkdir -p "$work"
prefix="$work/prefix"
cmake --install "$build" --prefix "$prefix" >/dev/null
pcdir=$(dirname "$(find "$prefix" -name signorini.pc | head -n 1)")
libdir=$(dirname "$pcdir")
test -f "$prefix/include/signorini/signorini.h"

echo "== pkg-config"
flags=$(PKG_CONFIG_PATH="$pcdir" pkg-config --cflags --libs signorini)
echo "flags: $flags"
cc -std=c11 -Wall -Wextra -Werror "$here/consumer.c" $flags -lm -Wl,-rpath,"$libdir" -o "$work/consumer_pc"
"$work/consumer_pc"

echo "== pkg-config --static"
sflags=$(PKG_CONFIG_PATH="$pcdir" pkg-config --static --cflags --libs signorini)
cc -std=c11 "$here/consumer.c" -I"$prefix/include" "$libdir/libsignorini.a" $(echo "$sflags" | sed 's/-lsignorini//') -lm -o "$work/consumer_pc_static"
"$work/consumer_pc_static"

echo "== find_package (shared and static)"
cmake -S "$here" -B "$work/cmake" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_RPATH="$libdir" >/dev/null
cmake --build "$work/cmake" >/dev/null
"$work/cmake/consumer_shared"
"$work/cmake/consumer_static"

echo "== the example programs (examples/api) against the installed tree"
src=$(cd "$here/../.." && pwd)
for ex in solve_fclib run_deck scene_api; do
  cc -std=c11 -Wall -Wextra -Werror "$src/examples/api/$ex.c" $flags -lm -Wl,-rpath,"$libdir" -o "$work/${ex}_pc"
done
bash "$src/examples/api/check.sh" "$work/solve_fclib_pc" "$work/run_deck_pc" "$src" "$work/examples_pc" "$work/scene_api_pc"
cmake -S "$src/examples/api" -B "$work/examples_cmake" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_RPATH="$libdir" >/dev/null
cmake --build "$work/examples_cmake" >/dev/null
bash "$src/examples/api/check.sh" "$work/examples_cmake/solve_fclib" "$work/examples_cmake/run_deck" "$src" "$work/examples_cmake_run" \
  "$work/examples_cmake/scene_api"
echo "== the Python package (docs/python.md), when the build has it: imported from the prefix, an FCLIB file solved"
pkg=$(find "$prefix" -path '*/signorini/__init__.py' | head -n 1)
if grep -q '^SIGNORINI_PYTHON:BOOL=ON' "$build/CMakeCache.txt"; then
  test -n "$pkg" || { echo "the Python package was not installed"; exit 1; }
  py=$(sed -n 's/^Python3_EXECUTABLE:[A-Z]*=//p' "$build/CMakeCache.txt")
  # FrictionContact3D_1c: the slip solution computed by hand, r_N = 0.0656956829 (examples/api/check.sh)
  out=$(cd "$work" && PYTHONPATH="$(dirname "$(dirname "$pkg")")" "$py" -c "
import signorini
assert signorini.__file__.startswith('$prefix'), signorini.__file__
p = signorini.read('$src/tests/data/problems/fc3d/FrictionContact3D_1c.hdf5')
r = signorini.solve(p, 'nsn_ac')
assert r.solved and abs(r.r[0] - 0.0656956829) <= 1e-6 * 0.0656956829, (r.status, r.r)
print('solved, r_N', r.r[0])")
  echo "python: $out"
fi
echo "== the installed program: an FCLIB file (the HDF5 module from the library folder's signorini-modules)"
# FrictionContact3D_1c: r_N = 0.0656956829 by hand (examples/api/check.sh)
out=$(cd "$work" && "$prefix/bin/signorini" solve "$src/tests/data/problems/fc3d/FrictionContact3D_1c.hdf5" --solver nsn_ac \
      --tol 1e-10 -o "$work/cli_1c.txt" 2>&1) || { echo "installed signorini failed: $out"; exit 1; }
echo "$out" | grep -q "status: success" || { echo "installed signorini: no success: $out"; exit 1; }
echo "signorini: $(echo "$out" | grep -m1 status)"
echo "install test passed"
