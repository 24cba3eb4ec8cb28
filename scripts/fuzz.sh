#!/usr/bin/env bash
# Build the libFuzzer harness (tests/fuzz/fuzz_readers.c) for each reader with clang and
# run it for a while on its seed corpus (tests/fuzz/corpus/*).
# Usage: scripts/fuzz.sh [SECONDS_PER_TARGET=20] [TARGETS="dat_fc dat_gfc dat_lcp fclib inp scene"]
# (inp: Abaqus / CalculiX decks, with the keyword dictionary tests/fuzz/corpus/inp.dict; scene:
# rigid-body scene files, tests/fuzz/corpus/scene.dict)
# Crashes leave a crash-* file in build-fuzz/ and a non-zero exit status.
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-20}
targets=${2:-"dat_fc dat_gfc dat_lcp fclib inp scene"}
command -v clang >/dev/null || { echo "fuzz: clang not found: apt-get install clang libclang-rt-14-dev" >&2; exit 1; }
out=build-fuzz
mkdir -p "$out"
[ -f build/include/signorini/version.h ] || bash scripts/build.sh build >/dev/null
inc="-Iinclude -Ibuild/include -Isrc -I/usr/include/suitesparse -I/usr/include/hdf5/serial -I/usr/include/x86_64-linux-gnu"
libs="-lumfpack -lklu -lbtf -lcholmod -lamd -lcolamd -lsuitesparseconfig -llapacke -lopenblas -L/usr/lib/x86_64-linux-gnu/hdf5/serial -lhdf5 -larpack -lqhull_r -lz -lm $(pkg-config --libs cairo 2>/dev/null || echo -lcairo)"
# SN_MODULES_LINKED: the HDF5 reader and the plot module linked in, as in the static library
# (without it sn_fclib_read looks for ./signorini-modules/ and every fclib input stops there)
cflags="-std=c11 -g -O1 -fsanitize=address,undefined -fno-sanitize-recover=undefined -DSN_MODULES_LINKED=1 $inc $(pkg-config --cflags cairo 2>/dev/null)"
# the library (every layer but the CLI and the PETSc module), compiled once for every target
# (the readers reach the solvers, the FE system and the scenes' dynamics)
mkdir -p "$out/obj"
objs=""
for c in $(ls src/*/*.c | grep -v -e "^src/cli/" -e "^src/petsc/"); do
  o="$out/obj/$(echo "$c" | tr / _ | sed 's/\.c$/.o/')"
  if [ ! -f "$o" ] || [ "$c" -nt "$o" ] || [ -n "$(find src include -newer "$o" -name '*.h' | head -n 1)" ]; then
    clang $cflags -fsanitize=fuzzer-no-link -c "$c" -o "$o"
  fi
  objs="$objs $o"
done
i=0
for t in dat_fc dat_gfc dat_lcp fclib inp scene; do
  i=$((i + 1))
  case " $targets " in *" $t "*) ;; *) continue ;; esac
  bin="$out/fuzz_$t"
  if [ ! -x "$bin" ] || [ -n "$(find src include tests/fuzz -newer "$bin" -name '*.[ch]' | head -n 1)" ]; then
    clang $cflags -fsanitize=fuzzer -DFUZZ_TARGET=$i tests/fuzz/fuzz_readers.c $objs $libs -o "$bin"
  fi
  dict=""
  [ -f "tests/fuzz/corpus/$t.dict" ] && dict="-dict=../tests/fuzz/corpus/$t.dict"
  mkdir -p "$out/corpus_$t"
  echo "fuzz: $t for ${secs}s" >&2
  (cd "$out" && ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1 \
     "./fuzz_$t" -max_total_time="$secs" -rss_limit_mb=2048 -max_len=65536 -timeout=10 \
     -print_final_stats=1 $dict "corpus_$t" "../tests/fuzz/corpus/$t" 2>"fuzz_$t.log") || {
    tail -n 40 "$out/fuzz_$t.log" >&2; echo "fuzz: $t FAILED" >&2; exit 1; }
  grep -E "stat::number_of_executed_units|stat::peak_rss_mb" "$out/fuzz_$t.log" | sed "s/^/fuzz: $t /" >&2
done
echo "fuzz: all targets ran without a crash"
