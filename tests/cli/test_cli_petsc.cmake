# signorini solve FILE --petsc (docs/parallel.md): alone (one rank) and under `mpirun -n 2`, the
# distributed ADMM solves a global problem, rank 0 alone prints (one 'status:' line, the ranks),
# -o is written once and holds the solution; --petsc refuses a local problem and another solver.
# signorini run DECK --petsc: the frictional contact block tests/data/inp/block4_nsn.inp (4 x 4 x 2
# C3D8 on a rigid plane, 25 contact nodes, mu 0.3, LAGRANGE, pressed then slid: 10 increments)
# under `mpirun -n 2`, each increment's contact problem by petsc_admm: its .dat agrees with the
# serial run's (the deck's nsn_ac, condensed) within 1e-8 of each table's largest value, 100
# times the contact solves' tolerance 1e-10 (measured: 4.4e-11). A failure on one rank only ends
# the job (no rank left waiting).
# Invoked as: cmake -DSN=signorini -DMPIRUN=mpirun -DDATA=tests/data/problems -DPY=python3 -DSRC=source
#             -DWORK=dir -P test_cli_petsc.cmake
include(${CMAKE_CURRENT_LIST_DIR}/expect.cmake)
# the last command's stdout holds what matches re exactly once (rank 0 alone prints)
function(expect_once name re)
  string(REGEX MATCHALL "${re}" lines "${last_out}")
  list(LENGTH lines k)
  if(NOT k EQUAL 1)
    message(SEND_ERROR "${name}: ${k} matches of '${re}', expected 1 (rank 0 alone prints): ${last_out}")
  endif()
endfunction()
# MPI_ASAN (the sanitizer build): the ASAN_OPTIONS of the runs under mpirun (tests/CMakeLists.txt)
set(asan1 "$ENV{ASAN_OPTIONS}")
# two .dat files agree within tol of each table's largest value (tests/cli/dat_agree.py)
macro(dat_agree name a b tol)
  execute_process(COMMAND ${PY} ${SRC}/tests/cli/dat_agree.py ${a} ${b} ${tol}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0 OR NOT out MATCHES ", 0 failures")
    message(SEND_ERROR "${name}: the .dat files differ (exit ${rc}):\n${out}${err}")
  else()
    message(STATUS "ok: ${name}: ${out}")
  endif()
endmacro()
macro(two_ranks)
  set(SN ${MPIRUN} -n 2 --oversubscribe ${real})
  if(DEFINED MPI_ASAN)
    set(ENV{ASAN_OPTIONS} "${MPI_ASAN}")
  endif()
endmacro()
macro(one_rank)
  set(SN ${real})
  set(ENV{ASAN_OPTIONS} "${asan1}")
endmacro()
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
set(box ${DATA}/gfc3d/Box_Stacks-i0122-82-5.hdf5)

expect(one_rank 0 "\"solver\": \"petsc_admm\".*\"converged\": true.*\n\\{\"ranks\": 1, " "" solve ${box} --petsc --json --threads 1)
set(real ${SN})
two_ranks()
expect(two_ranks 0 "solver: petsc_admm\nstatus: success\n.*error parts: .*ranks: 2\nrank seconds: min .*krylov iterations: [1-9]"
       "" solve ${box} --petsc -o ${WORK}/box.hdf5)
expect_once(two_ranks "status:")
one_rank()
expect(check_written 0 "" "" check ${box} ${WORK}/box.hdf5)
expect(local_refused 2 "" "--petsc solves global frictional contact problems only"
       solve ${DATA}/fc3d/Capsules-i100-889.hdf5 --petsc)
expect(solver_refused 2 "" "solver 'nsgs' does not run over MPI" solve ${box} --petsc --solver nsgs)

# the FE analysis with its contact problems over MPI, against the serial run
set(deck ${SRC}/tests/data/inp/block4_nsn.inp)
expect(run_serial 0 "2 steps, 10 increments" "" run ${deck} -o ${WORK}/serial --threads 1 --quiet)
two_ranks()
# every increment after the first on the first one's split, matrices and multigrid (sn_petsc_cache:
# K is constant, the obstacle flat)
expect(run_two_ranks 0 "2 steps, 10 increments.*last by petsc_admm.*petsc: the contact problems by petsc_admm over MPI \\(10 solves, 9 on the set-up of an earlier one\\).*petsc: the model split over 2 ranks in 10 of the solves \\(this rank assembled ([1-9]|[1-7][0-9]) of 81 elements\\)" ""
       run ${deck} -o ${WORK}/petsc --petsc --threads 1 --quiet)
expect_once(run_two_ranks "2 steps, 10 increments")
one_rank()
dat_agree(run_dat_agree ${WORK}/serial/block4_nsn.dat ${WORK}/petsc/block4_nsn.dat 1e-8)
# the model split (docs/parallel.md, "The model split"): above, each rank assembled its share of the
# elements and the LINEAR law's spring unknowns; --petsc-whole assembles the whole model on every
# rank: the same .dat within 1e-8; a HARD law (no spring unknowns) on the split against its serial
# run; a block 30 mm above the plate (block4_gap.inp): no contact point in the first increment, so
# the run assembles the whole model until an increment ends with contact points, then splits again
# (measured: split and whole within 3.7e-11 of each table's largest value; both 3.3e-8 from the
# serial run, which takes one Newton iteration fewer)
two_ranks()
expect(run_whole 0 "2 steps, 10 increments.*petsc: the model assembled whole on every rank" ""
       run ${deck} -o ${WORK}/whole --petsc-whole --threads 1 --quiet)
one_rank()
dat_agree(split_whole_agree ${WORK}/whole/block4_nsn.dat ${WORK}/petsc/block4_nsn.dat 1e-8)
set(hard ${SRC}/tests/data/inp/block4_hard.inp)
expect(hard_serial 0 "2 steps, 10 increments" "" run ${hard} -o ${WORK}/hard_serial --threads 1 --quiet)
two_ranks()
expect(hard_split 0 "petsc: the model split over 2 ranks in 10 of the solves" ""
       run ${hard} -o ${WORK}/hard --petsc --threads 1 --quiet)
one_rank()
dat_agree(hard_agree ${WORK}/hard_serial/block4_hard.dat ${WORK}/hard/block4_hard.dat 1e-8)
set(gap ${SRC}/tests/data/inp/block4_gap.inp)
two_ranks()
expect(gap_split 0 "2 steps, 10 increments.*petsc: the model split over 2 ranks in [1-8] of the solves" ""
       run ${gap} -o ${WORK}/gap --petsc --threads 1 --quiet)
expect(gap_whole 0 "2 steps, 10 increments" "" run ${gap} -o ${WORK}/gap_whole --petsc-whole --threads 1 --quiet)
one_rank()
dat_agree(gap_agree ${WORK}/gap_whole/block4_gap.dat ${WORK}/gap/block4_gap.dat 1e-9)
# C3D10 blocks in stick (tests/data/inp/c3d10_friction_hold.inp, LINEAR law, mu 2) under
# --petsc-whole: with petsc_admm's rho allowed 1e12 times its start, rho climbed there and the
# Krylov v-steps lost their accuracy; the error stalled at 3e-5 and the run did not end within a
# minute (rho now within 1e4: 4 solves, 1.2 s). Within 1e-8 of the serial run (measured 5.4e-9),
# the split within 1e-7 (5.4e-8: its penalty step's contact forces); two runs on the same deck give
# the same .dat byte for byte (METIS' partition with a fixed seed; PT-Scotch's varied from run to run)
set(hold ${SRC}/tests/data/inp/c3d10_friction_hold.inp)
expect(hold_serial 0 "2 steps, 8 increments" "" run ${hold} -o ${WORK}/hold_serial --threads 1 --quiet)
two_ranks()
expect(hold_whole 0 "2 steps, 8 increments" "" run ${hold} -o ${WORK}/hold_whole --petsc-whole --threads 1 --quiet)
expect(hold_whole_again 0 "2 steps, 8 increments" "" run ${hold} -o ${WORK}/hold_again --petsc-whole --threads 1 --quiet)
expect(hold_split 0 "2 steps, 8 increments" "" run ${hold} -o ${WORK}/hold_split --petsc --threads 1 --quiet)
one_rank()
dat_agree(hold_whole_agree ${WORK}/hold_serial/c3d10_friction_hold.dat ${WORK}/hold_whole/c3d10_friction_hold.dat 1e-8)
dat_agree(hold_split_agree ${WORK}/hold_serial/c3d10_friction_hold.dat ${WORK}/hold_split/c3d10_friction_hold.dat 1e-7)
execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${WORK}/hold_whole/c3d10_friction_hold.dat
                ${WORK}/hold_again/c3d10_friction_hold.dat RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(SEND_ERROR "hold_reproducible: two runs of the same deck on 2 ranks wrote different .dat files")
endif()
# a failure on rank 0 alone (its output folder cannot be made: a file stands in its way) while
# rank 1 goes on into the first contact solve: the job ends with rank 0's status and message
# (mpi_ranks.c) instead of rank 1 waiting for it in a collective call forever (it did)
file(WRITE ${WORK}/a_file "")
two_ranks()
expect(rank0_fails 1 "" "cannot create the output folder" run ${deck} -o ${WORK}/a_file/sub --petsc --threads 1 --quiet)
one_rank()
expect(run_scene_refused 2 "" "--petsc applies to quasi-static finite-element decks"
       run ${SRC}/examples/scenes/bouncing_ball.inp --petsc)
