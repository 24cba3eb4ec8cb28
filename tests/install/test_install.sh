#!/usr/bin/env bash
# Install signorini into a temporary prefix, then build and run a program outside the tree
# against it, via pkg-config and via CMake's find_package (shared and static).
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
echo "install test passed"
