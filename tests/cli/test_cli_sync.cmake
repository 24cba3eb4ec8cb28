# signorini run --fsync syncs its output when the run ends: the files rewritten at every increment or
# time step (.vtu, .pvd, .dat) are renamed without fsync and synced once at the end, or at a
# step's end while its charts are drawn (docs/results.md, "Atomic writes"), by a static run and
# by a *DYNAMIC one; a scene's files each before its rename. Without --fsync no file of the
# results folder is synced at all (the operating system writes them in its own time). The fsync calls are
# logged by an LD_PRELOAD shim (fsync_log.c) that writes the synced path to SN_FSYNC_LOG.
# Invoked as: cmake -DSN=signorini -DSHIM=libsn_fsync_log.so -DWORK=dir -DSRC=source_dir -P test_cli_sync.cmake
include(${CMAKE_CURRENT_LIST_DIR}/expect.cmake)
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
set(ENV{LD_PRELOAD} ${SHIM})
set(ENV{ASAN_OPTIONS} "verify_asan_link_order=0")   # the shim before the sanitizer's runtime

# every file of the folder matching the globs (the arguments after tmp_ok; at least min of them)
# and the folder itself must be in the log name.log (by their real paths); with tmp_ok a file may
# be there under a temporary name of it instead (PATH.tmpPID_K: synced before its rename)
function(synced_check name dir min tmp_ok)
  file(STRINGS ${WORK}/${name}.log synced)
  set(files "")
  foreach(g ${ARGN})
    file(GLOB got LIST_DIRECTORIES false ${dir}/${g})
    list(APPEND files ${got})
  endforeach()
  list(LENGTH files n)
  if(n LESS min)
    message(SEND_ERROR "${name}: ${n} output files in ${dir}")
  endif()
  set(missing "")
  foreach(f ${files})
    get_filename_component(rf ${f} REALPATH)
    list(FIND synced ${rf} k)
    if(k LESS 0 AND tmp_ok)
      foreach(p ${synced})
        string(FIND "${p}" "${rf}.tmp" at)
        if(at EQUAL 0)
          set(k 0)
        endif()
      endforeach()
    endif()
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
function(all_synced name dir min)
  synced_check(${name} ${dir} ${min} 0 ${ARGN})
endfunction()
function(synced_or_tmp name dir min)
  synced_check(${name} ${dir} ${min} 1 ${ARGN})
endfunction()

set(ENV{SN_FSYNC_LOG} ${WORK}/static.log)
expect(static 0 "results:" "" run ${SRC}/examples/block.inp -o ${WORK}/static --quiet --fsync)
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
expect(dynamic 0 "results:" "" run ${SRC}/examples/bar_impact.inp -o ${WORK}/dynamic --quiet --fsync)
all_synced(dynamic ${WORK}/dynamic 2 *.vtu *.pvd *.dat)
# its energy CSV and plot, written once at the end, synced before their rename
synced_or_tmp(dynamic ${WORK}/dynamic 2 *_energy.csv *_energy.png)

# no file rewritten at every increment is synced under its temporary name while a run goes on
# (the .dat created empty, the .frd's model written by its first increment, both without fsync:
# docs/results.md, "Atomic writes"; the charts too: renamed in as drawn, synced together under
# their own names once all are drawn),
# and the .frd and .dat are synced when the run ends: examples/hertz.inp has print and file
# requests
set(ENV{SN_FSYNC_LOG} ${WORK}/frd.log)
expect(frd 0 "results:" "" run ${SRC}/examples/hertz.inp -o ${WORK}/frd --quiet --fsync)
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

# the step's charts synced under their own names (run_plots.c: after all are drawn; three on the
# frictionless Hertz deck, whose shear chart would be zeros and is not drawn)
all_synced(frd ${WORK}/frd 3 *.png)
if(EXISTS ${WORK}/frd/hertz_contact_shear.png)
  message(SEND_ERROR "frd: hertz_contact_shear.png drawn for a frictionless model")
endif()

# without --fsync: nothing under the results folder is synced (a static run with charts and
# print and file requests, a *DYNAMIC run, a scene), every file there all the same
function(none_synced name dir)
  get_filename_component(rd ${dir} REALPATH)
  set(under "")
  if(EXISTS ${WORK}/${name}.log)
    file(STRINGS ${WORK}/${name}.log synced)
    foreach(p ${synced})
      string(FIND "${p}" "${rd}" at)
      if(at EQUAL 0)
        list(APPEND under ${p})
      endif()
    endforeach()
  endif()
  if(under)
    list(GET under 0 first)
    message(SEND_ERROR "${name}: synced without --fsync: ${first}")
  else()
    message(STATUS "ok: ${name}: nothing synced without --fsync")
  endif()
endfunction()
foreach(case "plain_static;examples/hertz.inp;*.vtu;*.pvd;*.dat;*.frd;*.png;*.csv"
             "plain_dynamic;examples/bar_impact.inp;*.vtu;*.pvd;*_energy.csv;*_energy.png"
             "plain_scene;examples/scenes/bouncing_ball.inp;*.vtu;*.pvd;*_energy.csv;*_energy.png")
  list(GET case 0 name)
  list(GET case 1 deck)
  list(SUBLIST case 2 -1 globs)
  set(ENV{SN_FSYNC_LOG} ${WORK}/${name}.log)
  expect(${name} 0 "results:" "" run ${SRC}/${deck} -o ${WORK}/${name} --quiet)
  none_synced(${name} ${WORK}/${name})
  foreach(g ${globs})
    file(GLOB got LIST_DIRECTORIES false ${WORK}/${name}/${g})
    if(NOT got)
      message(SEND_ERROR "${name}: no ${g} written")
    endif()
  endforeach()
endforeach()

# a scene with --fsync: every file synced before its rename (frames, series, energy CSV and plot,
# the FCLIB dump), the folder at the end
set(ENV{SN_FSYNC_LOG} ${WORK}/scene.log)
expect(scene 0 "results:" "" run ${SRC}/examples/scenes/bouncing_ball.inp -o ${WORK}/scene --quiet --fsync
       --dump-fclib 452)
synced_or_tmp(scene ${WORK}/scene 8 *_bodies.*.vtu *_contacts.*.vtu *.pvd *_energy.csv *_energy.png *.hdf5)
