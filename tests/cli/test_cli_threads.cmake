# The thread knob of run and solve: --threads N and SIGNORINI_NUM_THREADS, bad values refused
# (exit 2, the value and the accepted range named), the count in run's summary, and results
# that do not depend on it (the block's .dat tables from 1 and 2 threads are the same text).
# Invoked as: cmake -DSN=path/to/signorini -DWORK=dir -DSRC=source_dir -DDATA=problems -P test_cli_threads.cmake
set(CWD ${WORK})
include(${CMAKE_CURRENT_LIST_DIR}/expect.cmake)
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
set(EX ${SRC}/examples)
set(range "it must be a whole number from 1 to 4096")
unset(ENV{SIGNORINI_NUM_THREADS})

foreach(bad 0 -1 x 4097 2.5 "")
  expect(bad_threads_run_${bad} 2 "" "run: invalid value '${bad}' for --threads: ${range}"
         run ${EX}/block.inp -o ${WORK}/bad --threads=${bad})
  expect(bad_threads_solve_${bad} 2 "" "solve: invalid value '${bad}' for --threads: ${range}"
         solve ${DATA}/gfc3d/GFC3D_TwoRods1.dat --threads=${bad})
endforeach()
expect(bad_threads_space 2 "" "run: invalid value '-1' for --threads: ${range}" run ${EX}/block.inp --threads -1)
if(EXISTS ${WORK}/bad)
  message(SEND_ERROR "bad_threads: a run with a bad --threads wrote ${WORK}/bad")
endif()
foreach(bad 0 x 5000)
  set(ENV{SIGNORINI_NUM_THREADS} ${bad})
  expect(bad_env_${bad} 2 "" "invalid value '${bad}' in the environment variable SIGNORINI_NUM_THREADS: ${range}"
         solve ${DATA}/gfc3d/GFC3D_TwoRods1.dat)
endforeach()
# --threads wins over the environment (not even read then)
expect(option_over_env 0 "threads: 1 " "" run ${EX}/block.inp -o ${WORK}/t1 --threads 1 --quiet)
set(ENV{SIGNORINI_NUM_THREADS} 2)
expect(env_threads 0 "threads: 2 " "" run ${EX}/block.inp -o ${WORK}/t2 --quiet)
unset(ENV{SIGNORINI_NUM_THREADS})
expect(default_threads 0 "threads: [1-9][0-9]* " "" run ${EX}/block.inp -o ${WORK}/td --quiet)
expect(solve_threads 0 "" "" solve ${DATA}/gfc3d/GFC3D_TwoRods1.dat --solver admm --threads 2)

file(READ ${WORK}/t1/block.dat d1)
file(READ ${WORK}/t2/block.dat d2)
if(d1 STREQUAL "")
  message(SEND_ERROR "same_results: ${WORK}/t1/block.dat is empty")
elseif(NOT d1 STREQUAL d2)
  message(SEND_ERROR "same_results: block.dat differs between --threads 1 and 2")
else()
  message(STATUS "ok: same_results")
endif()
