# signorini run and its output folder: the default folder ./BASE, a second run into a folder in
# use refused, a rerun replacing the earlier series, no .dat from a run that fails before its
# first increment, no temporary or lock left by SIGINT / SIGTERM, progress lines and --quiet, the
# time by phase in the summary.
# Invoked as: cmake -DSN=path/to/signorini -DWORK=dir -DSRC=source_dir -P test_cli_run.cmake
set(CWD ${WORK})
include(${CMAKE_CURRENT_LIST_DIR}/expect.cmake)

# the files of folder dir whose names match glob, counted into var
function(count var dir glob)
  file(GLOB l LIST_DIRECTORIES false ${dir}/${glob})
  list(LENGTH l n)
  set(${var} ${n} PARENT_SCOPE)
endfunction()

# the growing files of an interrupted run hold whole increments (src/io/file_append.c: the
# signal handler cuts an append under way back): the .frd ends with its end mark, the .dat
# with a whole line, the contact CSV with a whole number of increments' rows
function(whole_increments name base)
  foreach(f ${base}.frd ${base}.dat ${base}_contact.csv)
    if(NOT EXISTS ${f})
      message(SEND_ERROR "${name}: ${f} missing")
      return()
    endif()
  endforeach()
  file(SIZE ${base}.frd n)
  math(EXPR at "${n} - 6")
  file(READ ${base}.frd tail OFFSET ${at} HEX)
  file(SIZE ${base}.dat n)
  math(EXPR at "${n} - 1")
  file(READ ${base}.dat dtail OFFSET ${at} HEX)
  file(STRINGS ${base}_contact.csv rows)
  list(LENGTH rows nrows)
  list(FILTER rows INCLUDE REGEX "^1,")
  list(LENGTH rows nfirst)
  set(rest 1)
  if(nfirst GREATER 0)
    math(EXPR rest "(${nrows} - 1) % ${nfirst}")
  endif()
  if(NOT tail STREQUAL "20393939390a")
    message(SEND_ERROR "${name}: the .frd does not end with its end mark (last bytes ${tail})")
  elseif(NOT dtail STREQUAL "0a")
    message(SEND_ERROR "${name}: the .dat does not end with a whole line (last byte ${dtail})")
  elseif(nfirst EQUAL 0 OR NOT rest EQUAL 0)
    message(SEND_ERROR "${name}: the contact CSV's ${nrows} lines are not whole increments of ${nfirst} rows")
  else()
    message(STATUS "ok: ${name}: the .frd, .dat and contact CSV hold whole increments")
  endif()
endfunction()

function(no_leftovers name dir)
  file(GLOB l ${dir}/*.tmp* ${dir}/.signorini.lock)
  if(l)
    message(SEND_ERROR "${name}: left in ${dir}: ${l}")
  endif()
endfunction()

file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK}/cwd)
set(EX ${SRC}/examples)

# ---- without -o: ./BASE in the current folder, nothing beside the deck (a copy of the deck:
# a program that wrote beside it would not write into the source tree) ----
file(COPY ${EX}/block.inp DESTINATION ${WORK}/decks)
set(CWD ${WORK}/cwd)
set(s "[0-9]+[.][0-9][0-9][0-9] s")
expect(default_folder 0 "time: ${s} = assembly ${s} [+] equations [(]CHOLMOD[)] ${s} [+] output ${s} [+] other ${s}\nresults: ./block/block.pvd"
       "" run ${WORK}/decks/block.inp)
foreach(f block.0001.vtu block.pvd block.dat)
  if(NOT EXISTS ${WORK}/cwd/block/${f})
    message(SEND_ERROR "default_folder: ${WORK}/cwd/block/${f} was not written")
  endif()
endforeach()
file(GLOB l ${WORK}/decks/*)
if(NOT l STREQUAL "${WORK}/decks/block.inp")
  message(SEND_ERROR "default_folder: results written beside the deck: ${l}")
endif()
no_leftovers(default_folder ${WORK}/cwd/block)
# a file where the default folder would be (a deck without .inp, run from its own folder)
file(COPY ${EX}/block.inp DESTINATION ${WORK}/cwd)
file(RENAME ${WORK}/cwd/block.inp ${WORK}/cwd/blk)
expect(default_is_file 1 "" "run: the output folder ./blk is not a folder [(]give another with -o DIR[)]" run blk)
expect(o_missing 2 "" "run: -o needs a folder" run blk -o)
set(CWD ${WORK})

# ---- progress: one line per increment on stderr (not a terminal), contact solver named ----
expect(progress 0 "" "step 1  increment 1  time 0.25  newton 1  contact [a-z_0-9]+ [0-9]+ it  [0-9.]+ s\nstep 1  increment 2 .*step 2  increment 5  time 2  newton 1  contact [a-z_0-9]+ [0-9]+ it  [0-9.]+ s\n$"
       run ${EX}/bar_obstacle.inp -o ${WORK}/bar)
string(REGEX MATCHALL "step [0-9]+  increment" lines "${last_err}")
list(LENGTH lines n)
if(NOT n EQUAL 9)
  message(SEND_ERROR "progress: ${n} progress lines for 9 increments: ${last_err}")
endif()
# on a terminal (script(1) gives the run a pty): the lines rewritten in place with \r, one
# newline after the last
execute_process(COMMAND script -qec "'${SN}' run '${EX}/bar_obstacle.inp' -o '${WORK}/bar' > /dev/null" /dev/null
                RESULT_VARIABLE rc OUTPUT_VARIABLE tty ERROR_VARIABLE err)
string(REGEX MATCHALL "\rstep [0-9]+  increment" lines "${tty}")
list(LENGTH lines n)
if(NOT rc EQUAL 0 OR NOT n EQUAL 9 OR NOT tty MATCHES "^\rstep 1  increment 1 [^\n]*\rstep 2  increment 5 [^\n]*\r?\n$")
  message(SEND_ERROR "progress_tty: exit ${rc}, ${n} lines rewritten in place: '${tty}' ${err}")
else()
  message(STATUS "ok: progress_tty")
endif()
# the summary's time by phase
expect(phases 0 "time: ${s} = assembly ${s} [+] contact solve, equations included ${s} [(]9 solves, last by [a-z_0-9]+[)] [+] output ${s} [+] other ${s}\n"
       "" run ${EX}/bar_obstacle.inp -o ${WORK}/bar --quiet)
if(NOT "${last_err}" STREQUAL "")
  message(SEND_ERROR "quiet: stderr is not empty: ${last_err}")
endif()

# ---- --plots and --vtu: no PNG with --plots none, the plots with the default (drawn at the end
# of each step), raw appended .vtu by default; values outside the lists are usage errors ----
expect(plots_none 0 "2 steps, 9 increments" "" run ${EX}/bar_obstacle.inp -o ${WORK}/nopng --plots none --quiet)
count(n ${WORK}/nopng "*.png")
count(nv ${WORK}/nopng "*.vtu")
if(NOT n EQUAL 0 OR NOT nv EQUAL 9)
  message(SEND_ERROR "plots_none: ${n} PNG files, ${nv} .vtu files")
endif()
count(n ${WORK}/bar "bar_obstacle_*.png")
if(NOT n EQUAL 4)
  message(SEND_ERROR "plots_step: ${n} PNG files after the default run, expected 4")
endif()
file(READ ${WORK}/bar/bar_obstacle.0009.vtu head LIMIT 1000)
if(NOT head MATCHES "format=\"appended\" offset=\"0\"/>" OR head MATCHES "compressor")
  message(SEND_ERROR "vtu_raw: the default .vtu is not raw appended: ${head}")
endif()
expect(vtu_bad 2 "" "--vtu ascii: raw, zlib or base64 expected" run ${EX}/bar_obstacle.inp -o ${WORK}/x --vtu ascii)
expect(plots_bad 2 "" "--plots end: step, increment or none expected" run ${EX}/bar_obstacle.inp -o ${WORK}/x --plots end)
expect(vtu_scene 2 "" "--vtu applies to finite-element decks; .*bouncing_ball.inp is a rigid-body scene"
       run ${EX}/scenes/bouncing_ball.inp -o ${WORK}/x --vtu zlib)
expect(plots_dynamic 2 "" "--plots applies to quasi-static decks; .*bar_impact.inp is a \\*DYNAMIC analysis"
       run ${EX}/bar_impact.inp -o ${WORK}/x --plots none)

# ---- a rerun replaces the results: 9 increments, then 6 of a deck of the same name ----
file(MAKE_DIRECTORY ${WORK}/six)
file(READ ${EX}/bar_obstacle.inp deck)
string(REPLACE "*STATIC, DIRECT\n0.2, 1." "*STATIC, DIRECT\n0.5, 1." deck6 "${deck}")
file(WRITE ${WORK}/six/bar_obstacle.inp "${deck6}")
count(n ${WORK}/bar "bar_obstacle.*.vtu")
if(NOT n EQUAL 9)
  message(SEND_ERROR "rerun: ${n} .vtu files after the first run, expected 9")
endif()
file(WRITE ${WORK}/bar/bar_obstacle.0042.vtu "an even older run's\n")
file(WRITE ${WORK}/bar/notes.txt "the user's\n")
expect(rerun 0 "2 steps, 6 increments" "" run ${WORK}/six/bar_obstacle.inp -o ${WORK}/bar)
count(n ${WORK}/bar "bar_obstacle.*.vtu")
if(NOT n EQUAL 6 OR EXISTS ${WORK}/bar/bar_obstacle.0007.vtu OR EXISTS ${WORK}/bar/bar_obstacle.0042.vtu)
  message(SEND_ERROR "rerun: ${n} .vtu files after the rerun of 6 increments (stale ones kept)")
endif()
if(NOT EXISTS ${WORK}/bar/notes.txt)
  message(SEND_ERROR "rerun: a file of the user's was removed")
endif()
file(READ ${WORK}/bar/bar_obstacle.pvd pvd)
if(pvd MATCHES "0007" OR NOT pvd MATCHES "bar_obstacle.0006.vtu")
  message(SEND_ERROR "rerun: the .pvd is not the rerun's: ${pvd}")
endif()
file(READ ${WORK}/bar/bar_obstacle_contact.csv csv)
if(NOT csv MATCHES "\n6,2," OR csv MATCHES "\n7,2,")
  message(SEND_ERROR "rerun: the contact CSV is not the rerun's")
endif()
no_leftovers(rerun ${WORK}/bar)

# ---- a run that fails at its first increment (nothing holds the square): no .dat, no .vtu ----
file(MAKE_DIRECTORY ${WORK}/fail)
file(WRITE ${WORK}/loose.inp "*NODE, NSET=ALL\n1, 0, 0\n2, 1, 0\n3, 1, 1\n4, 0, 1\n*ELEMENT, TYPE=CPE4, ELSET=E\n1, 1, 2, 3, 4\n*MATERIAL, NAME=M\n*ELASTIC\n1000., 0.3\n*SOLID SECTION, ELSET=E, MATERIAL=M\n1.\n*STEP\n*STATIC\n*CLOAD\n3, 1, 1.\n*NODE PRINT, NSET=ALL\nU\n*END STEP\n")
file(WRITE ${WORK}/fail/loose.dat "an earlier run's\n")
expect(fail_first 1 "" "singular" run ${WORK}/loose.inp -o ${WORK}/fail)
count(n ${WORK}/fail "*")
if(NOT n EQUAL 0)
  file(GLOB l ${WORK}/fail/*)
  message(SEND_ERROR "fail_first: files left: ${l}")
endif()
no_leftovers(fail_first ${WORK}/fail)

# ---- a run in progress: a second one into its folder is refused; SIGINT / SIGTERM while a
# temporary file is being written (polled for) leave no temporary and no lock. The slow deck:
# Hertz in 400 fixed increments, run with --plots increment (writing most of the time: the
# plots, drawn only at the end of the step by default, are redrawn at every increment; 100
# increments ran in about 8 s, within the 10 s of polling for a temporary, and on a loaded
# machine the polling could miss every temporary of the run, now written faster). SIGKILL
# first: what it leaves (a temporary, the lock file) is cleared by the next run. bash with job control: a background job of a shell without it ignores SIGINT. ----
file(READ ${EX}/hertz.inp deck)
string(REPLACE "*STATIC\n0.25, 1." "*STATIC, DIRECT\n0.0025, 1." slow "${deck}")
file(WRITE ${WORK}/slow.inp "${slow}")
foreach(sig KILL INT TERM)
  execute_process(COMMAND bash -c [=[
set -m
"$1" run "$2/slow.inp" -o "$2/slow" --plots increment > "$2/first.log" 2>&1 &
pid=$!
for i in $(seq 1 400); do grep -q "increment 2 " "$2/first.log" && break; sleep 0.05; done
"$1" run "$2/slow.inp" -o "$2/slow" --plots increment > "$2/second.log" 2>&1
echo "second=$? pid=$pid"
seen=0; end=$((SECONDS + 30))
while [ $SECONDS -lt $end ]; do if compgen -G "$2/slow/*.tmp*" > /dev/null; then seen=1; break; fi; sleep 0.01; done
kill -"$3" $pid
wait $pid
echo "first=$? seen=$seen"
]=] x ${SN} ${WORK} ${sig} OUTPUT_VARIABLE out ERROR_VARIABLE err)
  file(READ ${WORK}/second.log second)
  set(code_KILL 137)
  set(code_INT 130)
  set(code_TERM 143)
  string(REGEX MATCH "pid=([0-9]+)" m "${out}")
  set(pid ${CMAKE_MATCH_1})
  if(NOT out MATCHES "second=1 " OR NOT second MATCHES "run: ${WORK}/slow: another run [(]process ${pid}[)] is writing its results into this folder")
    message(SEND_ERROR "lock_${sig}: the second run was not refused: ${out} ${second}")
  else()
    message(STATUS "ok: lock_${sig}")
  endif()
  if(NOT out MATCHES "first=${code_${sig}} seen=1")
    message(SEND_ERROR "signal_${sig}: the run did not end by SIG${sig} (exit ${code_${sig}}) while writing: ${out} ${err}")
  else()
    message(STATUS "ok: signal_${sig}")
  endif()
  if(NOT sig STREQUAL KILL)
    no_leftovers(signal_${sig} ${WORK}/slow)
    whole_increments(signal_${sig} ${WORK}/slow/slow)
  endif()
  count(n ${WORK}/slow "slow.*.vtu")
  if(n LESS 2)
    message(SEND_ERROR "signal_${sig}: ${n} increments written before the signal")
  endif()
endforeach()
