# Issue #11, point 4: `signorini solve FILE` with no option (the automatic solver, tol 1e-8)
# reaches the tolerance on every problem file of tests/data/problems, each within 60 s, and says
# which solver succeeded. The times measured here are printed (docs/solvers.md has a table).
# Invoked as: cmake -DSN=path/to/signorini -DDATA=tests/data/problems -P test_cli_solve_all.cmake
file(GLOB files ${DATA}/fc2d/*.dat ${DATA}/fc3d/*.dat ${DATA}/fc3d/*.hdf5 ${DATA}/gfc3d/*.dat
     ${DATA}/gfc3d/*.hdf5 ${DATA}/lcp/*.dat)
list(LENGTH files n)
if(n LESS 60)
  message(FATAL_ERROR "only ${n} problem files under ${DATA}")
endif()
set(solved 0)
foreach(f ${files})
  string(TIMESTAMP t0 "%s")
  execute_process(COMMAND ${SN} solve ${f} --quiet RESULT_VARIABLE rc OUTPUT_VARIABLE out
                  ERROR_VARIABLE err TIMEOUT 60)
  string(TIMESTAMP t1 "%s")
  math(EXPR dt "${t1} - ${t0}")
  string(REGEX MATCH "solver: auto -> [a-z0-9_]+" who "${out}")
  string(REGEX MATCH "\nerror: [0-9.e+-]+" e "${out}")
  if(NOT rc EQUAL 0 OR NOT out MATCHES "status: success" OR who STREQUAL "")
    message(SEND_ERROR "${f}: exit ${rc} after ${dt} s:\n${out}${err}")
  else()
    math(EXPR solved "${solved} + 1")
    string(STRIP "${e}" e)
    message(STATUS "ok: ${f}: ${who}, ${e}, ${dt} s")
  endif()
endforeach()
message(STATUS "${solved} of ${n} problem files solved to 1e-8 by the default solver")
