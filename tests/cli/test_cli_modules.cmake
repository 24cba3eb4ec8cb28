# The back-end modules (src/io/module_load.c, issue #13 point 5): the plot module (cairo) and
# the HDF5 module are loaded from signorini-modules/ beside libsignorini.so on first use. A
# copy of the library in a folder without that subfolder still runs every command that needs
# neither (a Siconos .dat problem, a deck's analysis up to its first plot) and fails with a
# clear message naming the module's path, exit 1, where one is needed. The normal build tree
# loads both (every other CLI test).
# The command-line program with static numerical libraries (STATIC=ON, CMakeLists.txt) has the
# library inside and needs no libsignorini.so: it loads its own builds of the modules
# (libsignorini_cli_NAME.so, not linked to libsignorini) from signorini-modules/ beside itself
# (the build tree) or from CLI_MODULES relative to its folder (the installed layout). The
# shared library's modules are then checked through SOLVE_FCLIB (examples/api), which links it.
# Invoked as: cmake -DSN=signorini -DLIB=libsignorini.so.N -DDATA=tests/data/problems
#             -DSRC=source-dir -DWORK=dir -DSTATIC=ON|OFF -DCLI_MODULES=rel-dir
#             -DSOLVE_FCLIB=examples/api/solve_fclib -P test_cli_modules.cmake
include(${CMAKE_CURRENT_LIST_DIR}/expect.cmake)

file(REMOVE_RECURSE ${WORK})

# ARPACK (from its archive in the static program): a *FREQUENCY step of 400 free dofs (above
# the 200 of the dense path) run by the program. Fixed-free bar of T3D2 trusses, L = 2,
# c = sqrt(E / rho) = 20: f_k = (2k - 1) c / (4 L) = 2.5, 7.5, 12.5 Hz; 400 linear elements
# with a consistent mass are above them by less than 4e-5 relative.
file(MAKE_DIRECTORY ${WORK})
set(deck "*NODE, NSET=ALL\n")
foreach(i RANGE 0 400)
  math(EXPR id "${i} + 1")
  math(EXPR x "2000000 * ${i} / 400")   # micro-units: 2 i / 400 exactly
  string(APPEND deck "${id}, ${x}e-6, 0, 0\n")
endforeach()
string(APPEND deck "*ELEMENT, TYPE=T3D2, ELSET=BAR\n")
foreach(i RANGE 1 400)
  math(EXPR j "${i} + 1")
  string(APPEND deck "${i}, ${i}, ${j}\n")
endforeach()
string(APPEND deck "*MATERIAL, NAME=S\n*ELASTIC\n200., 0.3\n*DENSITY\n0.5\n*SOLID SECTION, ELSET=BAR, MATERIAL=S\n1.\n"
       "*BOUNDARY\n1, 1, 1\nALL, 2, 3\n*STEP\n*FREQUENCY\n3\n*END STEP\n")
file(WRITE ${WORK}/bar.inp "${deck}")
expect(frequency_arpack 0 "400 free" "" run ${WORK}/bar.inp -o ${WORK}/freq --quiet)
file(READ ${WORK}/freq/bar.dat dat)
set(hi 0 2.5001 7.5003 12.5005)
set(k 0)
foreach(f 2.5 7.5 12.5)   # f <= got <= f (1 + 4e-5): consistent mass bounds each from above
  math(EXPR k "${k} + 1")
  list(GET hi ${k} upper)
  if(NOT dat MATCHES "\n +${k} +[0-9.E+-]+ +[0-9.E+-]+ +([0-9.E+-]+)")
    message(SEND_ERROR "frequency_arpack: no mode ${k} in bar.dat")
  elseif(CMAKE_MATCH_1 LESS ${f} OR CMAKE_MATCH_1 GREATER ${upper})
    message(SEND_ERROR "frequency_arpack: mode ${k} at ${CMAKE_MATCH_1} Hz, expected ${f} to 4e-5")
  else()
    message(STATUS "ok: frequency_arpack mode ${k}: ${CMAKE_MATCH_1} Hz")
  endif()
endforeach()

# The program ${SN} where its modules are not (MODDIR, files PREFIX<name>.so): the commands that
# need none run, the others fail naming the module's path; then with them copied there
function(program_cases moddir prefix)
  expect(dat_without_modules 0 "problem: .*start: zero\nsolver: .*status: success" ""
         solve ${DATA}/fc3d/Capsules-i100-889.dat --quiet)
  expect(hdf5_missing 1 "" "cannot load the hdf5 module: ${moddir}/${prefix}hdf5.so: cannot open shared object file"
         solve ${DATA}/fc3d/Capsules-i100-889.hdf5 --quiet)
  expect(plot_missing 1 "" "cannot load the plot module: ${moddir}/${prefix}plot.so: cannot open shared object file"
         run ${SRC}/examples/bar_obstacle.inp -o ${WORK}/bar --quiet)
  file(MAKE_DIRECTORY ${moddir})
  file(GLOB mods ${bin}/signorini-modules/${prefix}*.so)
  file(COPY ${mods} DESTINATION ${moddir})
  expect(hdf5_found 0 "status: success" "" solve ${DATA}/fc3d/Capsules-i100-889.hdf5 --quiet)
  expect(plot_found 0 "" "" run ${SRC}/examples/bar_obstacle.inp -o ${WORK}/bar2 --quiet)
  if(NOT EXISTS ${WORK}/bar2/bar_obstacle_contact_pressure.png)
    message(SEND_ERROR "plot_found: no bar_obstacle_contact_pressure.png")
  endif()
endfunction()

get_filename_component(bin ${LIB} DIRECTORY)
if(STATIC)
  # the program needs no libsignorini.so, and its modules do not link it
  execute_process(COMMAND readelf -d ${SN} OUTPUT_VARIABLE dyn RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0 OR dyn MATCHES "libsignorini" OR NOT dyn MATCHES "NEEDED")
    message(SEND_ERROR "static program: readelf -d ${SN} (exit ${rc}) names libsignorini or nothing:\n${dyn}")
  endif()
  foreach(name plot hdf5)
    execute_process(COMMAND readelf -d ${bin}/signorini-modules/libsignorini_cli_${name}.so OUTPUT_VARIABLE dyn RESULT_VARIABLE rc)
    if(NOT rc EQUAL 0 OR dyn MATCHES "libsignorini" OR NOT dyn MATCHES "NEEDED")
      message(SEND_ERROR "libsignorini_cli_${name}.so (exit ${rc}) links libsignorini or nothing:\n${dyn}")
    endif()
    execute_process(COMMAND readelf -d ${bin}/signorini-modules/libsignorini_${name}.so OUTPUT_VARIABLE dyn RESULT_VARIABLE rc)
    if(NOT dyn MATCHES "NEEDED[^\n]*libsignorini[.]so")
      message(SEND_ERROR "libsignorini_${name}.so (exit ${rc}) does not link libsignorini:\n${dyn}")
    endif()
  endforeach()
  # a copy of the program alone; then the installed layout (the library folder's signorini-modules)
  file(MAKE_DIRECTORY ${WORK}/bin)
  file(COPY ${SN} DESTINATION ${WORK}/bin)
  get_filename_component(exe ${SN} NAME)
  set(SN ${WORK}/bin/${exe})
  program_cases(${WORK}/bin/${CLI_MODULES} libsignorini_cli_)
  # the shared library's own modules, through a program that links it (examples/api/solve_fclib)
  if(NOT SOLVE_FCLIB)
    message(SEND_ERROR "no SOLVE_FCLIB program given")
    return()
  endif()
  file(MAKE_DIRECTORY ${WORK}/lib)
  file(COPY ${LIB} DESTINATION ${WORK}/lib FOLLOW_SYMLINK_CHAIN)
  set(SN ${CMAKE_COMMAND} -E env LD_LIBRARY_PATH=${WORK}/lib ${SOLVE_FCLIB})
  expect(lib_hdf5_missing 1 ""
         "cannot load the hdf5 module: ${WORK}/lib/signorini-modules/libsignorini_hdf5.so: cannot open shared object file"
         ${DATA}/fc3d/Capsules-i100-889.hdf5)
  file(MAKE_DIRECTORY ${WORK}/lib/signorini-modules)
  file(COPY ${bin}/signorini-modules/libsignorini_hdf5.so DESTINATION ${WORK}/lib/signorini-modules)
  expect(lib_hdf5_found 0 "" "" ${DATA}/fc3d/Capsules-i100-889.hdf5)
  return()
endif()
# the program linked to a copy of the library in a folder without the modules (it finds the
# library through its RUNPATH, which LD_LIBRARY_PATH overrides); then with them
file(MAKE_DIRECTORY ${WORK}/lib)
file(COPY ${LIB} DESTINATION ${WORK}/lib FOLLOW_SYMLINK_CHAIN)
set(SN ${CMAKE_COMMAND} -E env LD_LIBRARY_PATH=${WORK}/lib ${SN})
program_cases(${WORK}/lib/signorini-modules libsignorini_)
