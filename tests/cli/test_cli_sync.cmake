# signorini run syncs its output when the run ends: the files rewritten at every increment or
# time step (.vtu, .pvd, .dat) are renamed without fsync and synced once at the end, or at a
# step's end while its charts are drawn (docs/results.md, "Atomic writes"), by a static run and
# by a *DYNAMIC one. The fsync calls are
# logged by an LD_PRELOAD shim (fsync_log.c) that writes the synced path to SN_FSYNC_LOG.
# Invoked as: cmake -DSN=signorini -DSHIM=libsn_fsync_log.so -DWORK=dir -DSRC=source_dir -P test_cli_sync.cmake
include(${CMAKE_CURRENT_LIST_DIR}/expect.cmake)
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
set(ENV{LD_PRELOAD} ${SHIM})
set(ENV{ASAN_OPTIONS} "verify_asan_link_order=0")   # the shim before the sanitizer's runtime

# every file of the folder matching the globs (the arguments after min; at least min of them)
# and the folder itself must be in the log name.log (by their real paths)
function(all_synced name dir min)
  file(STRINGS ${WORK}/${name}.log synced)
  set(globs "")
  foreach(g ${ARGN})
    list(APPEND globs ${dir}/${g})
  endforeach()
  file(GLOB files LIST_DIRECTORIES false ${globs})
  list(LENGTH files n)
  if(n LESS min)
    message(SEND_ERROR "${name}: ${n} output files in ${dir}")
  endif()
  set(missing "")
  foreach(f ${files})
    get_filename_component(rf ${f} REALPATH)
    list(FIND synced ${rf} k)
    if(k LESS 0)
      list(APPEND missing ${rf})
    endif()
  endforeach()
  get_filename_component(rd ${dir} REALPATH)
  list(FIND synced ${rd} k)
  if(k LESS 0)
    list(APPEND missing "${rd} (the folder)")
  endif()
  if(missing)
    list(LENGTH missing nm)
    list(GET missing 0 first)
    message(SEND_ERROR "${name}: ${nm} of the run's files never synced, e.g. ${first}")
  else()
    message(STATUS "ok: ${name}: ${n} files synced")
  endif()
endfunction()

set(ENV{SN_FSYNC_LOG} ${WORK}/static.log)
expect(static 0 "results:" "" run ${SRC}/examples/block.inp -o ${WORK}/static --quiet)
all_synced(static ${WORK}/static 2 *.vtu *.pvd *.dat)

# each .vtu synced once: the files a step's end syncs while its charts are drawn are not
# synced again when the run ends (run_output.c, sync_run_files)
file(STRINGS ${WORK}/static.log synced)
file(GLOB vtus LIST_DIRECTORIES false ${WORK}/static/*.vtu)
foreach(f ${vtus})
  get_filename_component(rf ${f} REALPATH)
  set(times 0)
  foreach(p ${synced})
    if(p STREQUAL rf)
      math(EXPR times "${times} + 1")
    endif()
  endforeach()
  if(NOT times EQUAL 1)
    message(SEND_ERROR "static: ${rf} synced ${times} times")
  endif()
endforeach()

set(ENV{SN_FSYNC_LOG} ${WORK}/dynamic.log)
expect(dynamic 0 "results:" "" run ${SRC}/examples/bar_impact.inp -o ${WORK}/dynamic --quiet)
all_synced(dynamic ${WORK}/dynamic 2 *.vtu *.pvd *.dat)

# no file rewritten at every increment is synced under its temporary name while a run goes on
# (the .dat created empty, the .frd's model written by its first increment, both without fsync:
# docs/results.md, "Atomic writes"; the charts too: renamed in as drawn, synced together under
# their own names once all are drawn),
# and the .frd and .dat are synced when the run ends: examples/hertz.inp has print and file
# requests
set(ENV{SN_FSYNC_LOG} ${WORK}/frd.log)
expect(frd 0 "results:" "" run ${SRC}/examples/hertz.inp -o ${WORK}/frd --quiet)
all_synced(frd ${WORK}/frd 2 *.vtu *.pvd *.dat)
file(STRINGS ${WORK}/frd.log synced)
set(tmp "")
foreach(p ${synced})
  if(p MATCHES "\\.(frd|dat|vtu|pvd|csv|png)\\.tmp[0-9]+_[0-9]+$")
    list(APPEND tmp ${p})
  endif()
endforeach()
get_filename_component(rfrd ${WORK}/frd/hertz.frd REALPATH)
list(FIND synced ${rfrd} kfrd)
if(tmp)
  list(GET tmp 0 first)
  message(SEND_ERROR "frd: a temporary file synced during the run: ${first}")
elseif(kfrd LESS 0)
  message(SEND_ERROR "frd: hertz.frd never synced")
else()
  message(STATUS "ok: frd: no temporary file synced, the .frd synced at the end")
endif()

# the step's charts synced under their own names (run_plots.c: after all four are drawn)
all_synced(frd ${WORK}/frd 4 *.png)
