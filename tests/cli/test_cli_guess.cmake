# `signorini solve` and the guess of an FCLIB file (issue #13, point 5): a file with a /guesses
# group is solved from that guess and the report says so (text 'start:', JSON "start" and
# "file_has_guess"); --cold starts from zero, which costs measurably more iterations; a file
# without a guess starts from zero; --cold takes no value.
# Invoked as: cmake -DSN=path/to/signorini -DDATA=tests/data/problems -P test_cli_guess.cmake
include(${CMAKE_CURRENT_LIST_DIR}/expect.cmake)

# Capsules-i125-1213 (FCLIB, Siconos' capsules) holds /guesses/1/{r,u} (h5ls -r: /guesses/1/r
# {858}); Capsules-i100-889 holds none
set(guess ${DATA}/fc3d/Capsules-i125-1213.hdf5)
set(none ${DATA}/fc3d/Capsules-i100-889.hdf5)

expect(warm_text 0 "^problem: [^\n]*\nstart: the file's guess \\(/guesses; --cold starts from zero\\)\nsolver: " "" solve ${guess} --quiet)
expect(cold_text 0 "\nstart: zero \\(--cold: the file's guess is ignored\\)\n" "" solve ${guess} --cold --quiet)
expect(no_guess_text 0 "\nstart: zero\nsolver: " "" solve ${none} --quiet)
expect(no_guess_json 0 "\"start\": \"zero\", \"file_has_guess\": false" "" solve ${none} --json --quiet)
expect(cold_value 2 "" "--cold takes no value" solve ${guess} --cold=1)
expect(cold_unknown 2 "" "unknown option '--cool'" solve ${guess} --cool)

# the iteration counts of apgd from the guess and from zero (measured: 193 and 558): the guess
# must at least halve them, and the JSON names the start
function(apgd_iterations var start)
  expect(apgd_${start} 0 "\"start\": \"${start}\", \"file_has_guess\": true.*\"converged\": true" "" solve ${guess} --solver apgd --json --quiet ${ARGN})
  if(NOT last_out MATCHES "\"iterations\": ([0-9]+), \"error\"")
    message(SEND_ERROR "apgd_${start}: no iteration count in ${last_out}")
  endif()
  set(${var} ${CMAKE_MATCH_1} PARENT_SCOPE)
endfunction()
apgd_iterations(warm file_guess)
apgd_iterations(cold zero --cold)
math(EXPR twice "2 * ${warm}")
if(NOT cold GREATER_EQUAL twice)
  message(SEND_ERROR "apgd: ${cold} iterations from zero, ${warm} from the guess: expected at least twice as many")
else()
  message(STATUS "ok: apgd ${warm} iterations from the guess, ${cold} from zero")
endif()

# nsgs with 300 sweeps: reaches 1e-8 from the guess (135 sweeps measured), not from zero
# (1.5e-6 after 1000 sweeps)
expect(nsgs_warm 0 "start: the file's guess.*status: success" "" solve ${guess} --solver nsgs --max-iter 300 --quiet)
expect(nsgs_cold 3 "start: zero.*status: iteration limit" "" solve ${guess} --solver nsgs --max-iter 300 --quiet --cold)
