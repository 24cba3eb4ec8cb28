# The back-end modules (src/io/module_load.c, issue #13 point 5): the plot module (cairo) and
# the HDF5 module are loaded from signorini-modules/ beside libsignorini.so on first use. A
# copy of the library in a folder without that subfolder still runs every command that needs
# neither (a Siconos .dat problem, a deck's analysis up to its first plot) and fails with a
# clear message naming the module's path, exit 1, where one is needed. The normal build tree
# loads both (every other CLI test).
# Invoked as: cmake -DSN=signorini -DLIB=libsignorini.so.N -DDATA=tests/data/problems
#             -DSRC=source-dir -DWORK=dir -P test_cli_modules.cmake
include(${CMAKE_CURRENT_LIST_DIR}/expect.cmake)

file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK}/lib)
get_filename_component(libname ${LIB} NAME)
file(COPY ${LIB} DESTINATION ${WORK}/lib FOLLOW_SYMLINK_CHAIN)
set(real ${SN})
# the program finds the library through its RUNPATH, which LD_LIBRARY_PATH overrides
set(SN ${CMAKE_COMMAND} -E env LD_LIBRARY_PATH=${WORK}/lib ${real})

expect(dat_without_modules 0 "problem: .*start: zero\nsolver: .*status: success" ""
       solve ${DATA}/fc3d/Capsules-i100-889.dat --quiet)
expect(hdf5_missing 1 ""
       "cannot load the hdf5 module: ${WORK}/lib/signorini-modules/libsignorini_hdf5.so: cannot open shared object file"
       solve ${DATA}/fc3d/Capsules-i100-889.hdf5 --quiet)
expect(plot_missing 1 ""
       "cannot load the plot module: ${WORK}/lib/signorini-modules/libsignorini_plot.so: cannot open shared object file"
       run ${SRC}/examples/bar_obstacle.inp -o ${WORK}/bar --quiet)
# the modules back in place: both work again (the same copy of the library)
file(MAKE_DIRECTORY ${WORK}/lib/signorini-modules)
get_filename_component(bin ${LIB} DIRECTORY)
file(GLOB mods ${bin}/signorini-modules/*.so)
file(COPY ${mods} DESTINATION ${WORK}/lib/signorini-modules)
expect(hdf5_found 0 "status: success" "" solve ${DATA}/fc3d/Capsules-i100-889.hdf5 --quiet)
expect(plot_found 0 "" "" run ${SRC}/examples/bar_obstacle.inp -o ${WORK}/bar2 --quiet)
if(NOT EXISTS ${WORK}/bar2/bar_obstacle_contact_pressure.png)
  message(SEND_ERROR "plot_found: no bar_obstacle_contact_pressure.png")
endif()
