# What docs/results.md and docs/deck.md promise about the files of `signorini run`:
# - one contact frame and sign convention across the .vtu (read with VTK), BASE_contact.csv and
#   the .dat's *CONTACT PRINT tables, for every node of every increment (tests/cli/contact_files.py),
#   on the plane-strain bar (2D, with the sign of the frame checked physically) and the 4 x 4 space
#   truss (3D);
# - the deck's units line: a malformed one is an error at its line.
# Invoked as: cmake -DSN=signorini -DPY=python3-with-vtk -DWORK=dir -DSRC=source-dir -P test_cli_docs.cmake
set(failures 0)
include(${CMAKE_CURRENT_LIST_DIR}/expect.cmake)

function(files_agree name dir base)
  execute_process(COMMAND ${PY} ${SRC}/tests/cli/contact_files.py ${dir} ${base} ${ARGN}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0 OR NOT out MATCHES ", 0 failures")
    message(SEND_ERROR "${name}: the contact files disagree (exit ${rc}):\n${out}${err}")
  else()
    message(STATUS "ok: ${name}: ${out}")
  endif()
endfunction()

file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})

expect(bar 0 "2 steps, 9 increments" "" run ${SRC}/examples/bar_obstacle.inp -o ${WORK}/bar)
files_agree(bar_files ${WORK}/bar bar_obstacle bar)
expect(truss 0 "2 steps" "" run ${SRC}/examples/truss4x4.inp -o ${WORK}/truss)
files_agree(truss_files ${WORK}/truss truss4x4)
# the other two .vtu encodings (docs/results.md, "Encoding"): VTK reads the same numbers
expect(bar_zlib 0 "2 steps, 9 increments" "" run ${SRC}/examples/bar_obstacle.inp -o ${WORK}/bar_zlib --vtu zlib)
files_agree(bar_zlib_files ${WORK}/bar_zlib bar_obstacle bar)
file(READ ${WORK}/bar_zlib/bar_obstacle.0009.vtu head LIMIT 200)
if(NOT head MATCHES "compressor=\"vtkZLibDataCompressor\"")
  message(SEND_ERROR "bar_zlib: not a zlib-compressed file: ${head}")
endif()
expect(truss_base64 0 "2 steps" "" run ${SRC}/examples/truss4x4.inp -o ${WORK}/truss_b64 --vtu base64 --plots none)
files_agree(truss_base64_files ${WORK}/truss_b64 truss4x4)

# the units line (docs/deck.md, "Units"): unknown quantity, missing unit, given twice
file(READ ${SRC}/tests/data/inp/contact2d.inp deck)
foreach(case "MASS=t|unknown quantity 'MASS'" "LENGTH|LENGTH needs =UNIT" "FORCE=N, FORCE=kN|FORCE given twice")
  string(REPLACE "|" ";" parts "${case}")
  list(GET parts 0 units)
  list(GET parts 1 re)
  string(MAKE_C_IDENTIFIER "${units}" id)
  file(WRITE ${WORK}/units_${id}.inp "** UNITS: ${units}\n${deck}")
  expect(units_${id} 1 "" "units_${id}.inp:1: UNITS: ${re}" run ${WORK}/units_${id}.inp -o ${WORK}/units_${id})
endforeach()
file(WRITE ${WORK}/units_ok.inp "** UNITS: LENGTH=mm, FORCE=N, STRESS=MPa\n** units of the comment kind, not a units line\n${deck}")
expect(units_ok 0 "2 steps" "" run ${WORK}/units_ok.inp -o ${WORK}/units_ok)
