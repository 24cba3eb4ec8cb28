# signorini solve FILE --petsc (docs/parallel.md): alone (one rank) and under `mpirun -n 2`, the
# distributed ADMM solves a global problem, rank 0 alone prints (one 'status:' line, the ranks),
# -o is written once and holds the solution; --petsc refuses a local problem and another solver.
# Invoked as: cmake -DSN=signorini -DMPIRUN=mpirun -DDATA=tests/data/problems -DWORK=dir -P test_cli_petsc.cmake
include(${CMAKE_CURRENT_LIST_DIR}/expect.cmake)
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
set(box ${DATA}/gfc3d/Box_Stacks-i0122-82-5.hdf5)

expect(one_rank 0 "solver: petsc_admm\nstatus: success\n.*ranks: 1\n" "" solve ${box} --petsc --threads 1)
set(real ${SN})
set(SN ${MPIRUN} -n 2 --oversubscribe ${real})
expect(two_ranks 0 "solver: petsc_admm\nstatus: success\n.*error parts: .*ranks: 2\nrank seconds: min .*krylov iterations: [1-9]"
       "" solve ${box} --petsc --threads 1 -o ${WORK}/box.hdf5)
string(REGEX MATCHALL "status:" lines "${last_out}")
list(LENGTH lines k)
if(NOT k EQUAL 1)
  message(SEND_ERROR "two_ranks: ${k} 'status:' lines, expected 1 (rank 0 alone prints): ${last_out}")
endif()
set(SN ${real})
expect(check_written 0 "" "" check ${box} ${WORK}/box.hdf5)
expect(json 0 "\"solver\": \"petsc_admm\".*\"converged\": true.*\n\\{\"ranks\": 1, " "" solve ${box} --petsc --json --threads 1)
expect(local_refused 2 "" "--petsc solves global frictional contact problems only"
       solve ${DATA}/fc3d/Capsules-i100-889.hdf5 --petsc)
expect(solver_refused 2 "" "solver 'nsgs' does not run over MPI" solve ${box} --petsc --solver nsgs)
