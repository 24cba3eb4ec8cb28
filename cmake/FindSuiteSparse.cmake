# Find SuiteSparse's CHOLMOD, UMFPACK and KLU (Debian 12 ships SuiteSparse 5.x without CMake configs).
# Defines SUITESPARSE_FOUND, SUITESPARSE_INCLUDE_DIRS, SUITESPARSE_LIBRARIES and the imported
# targets SuiteSparse::CHOLMOD and SuiteSparse::UMFPACK.
find_path(SUITESPARSE_INCLUDE_DIR cholmod.h PATH_SUFFIXES suitesparse)
set(_sn_ss_libs)
foreach(comp umfpack klu btf cholmod amd camd colamd ccolamd suitesparseconfig)
  string(TOUPPER ${comp} COMP)
  find_library(SUITESPARSE_${COMP}_LIBRARY ${comp})
  list(APPEND _sn_ss_libs SUITESPARSE_${COMP}_LIBRARY)
endforeach()
include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(SuiteSparse REQUIRED_VARS SUITESPARSE_INCLUDE_DIR ${_sn_ss_libs})
if(SuiteSparse_FOUND)
  set(SUITESPARSE_INCLUDE_DIRS ${SUITESPARSE_INCLUDE_DIR})
  set(SUITESPARSE_LIBRARIES)
  foreach(v ${_sn_ss_libs})
    list(APPEND SUITESPARSE_LIBRARIES ${${v}})
  endforeach()
  foreach(comp CHOLMOD UMFPACK)
    if(NOT TARGET SuiteSparse::${comp})
      add_library(SuiteSparse::${comp} UNKNOWN IMPORTED)
      set_target_properties(SuiteSparse::${comp} PROPERTIES
        IMPORTED_LOCATION ${SUITESPARSE_${comp}_LIBRARY}
        INTERFACE_INCLUDE_DIRECTORIES ${SUITESPARSE_INCLUDE_DIR})
    endif()
  endforeach()
endif()
