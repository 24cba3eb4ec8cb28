#!/usr/bin/env bash
# Install, with apt-get, whichever Debian 12 packages signorini needs that are missing.
# Used by both README commands and by .ci/run. Safe to run again: it installs nothing when all are present.
set -euo pipefail
pkgs=(build-essential cmake ninja-build pkgconf libopenblas-dev liblapacke-dev libsuitesparse-dev libhdf5-dev
      libcairo2-dev libqhull-dev hdf5-tools zlib1g-dev
      # ninja-build: scripts/build.sh's generator (Ninja built the sanitizer build in 102 s where
      # Make took 141 s, on the 2-core VM of 6 December)
      gfortran         # libgfortran's archive: the program links OpenBLAS' LAPACK statically (README, "Start-up time")
      libarpack2-dev   # ARPACK: the eigenvalues of *FREQUENCY steps (src/la/eigen.c)
      python3-vtk9    # python3-vtk9: tests/io/test_vtu_vtk.py reads the .vtu files with VTK
      python3-dev python3-numpy python3-scipy python3-pytest   # the Python package (docs/python.md) and its tests
      python3-matplotlib   # examples/python/solve_fclib.py draws its convergence history with it
      petsc-dev openmpi-bin    # the PETSc module over MPI (src/petsc/, docs/parallel.md) and its launcher mpirun
      libmetis-dev)            # METIS: the PETSc module's graph partition (src/petsc/dof_partition.c)
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "install-deps: installing ${missing[*]}" >&2
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
