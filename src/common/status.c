/* Status codes to messages, version and backend description. */
#include "signorini/common.h"
#include "signorini/version.h"

#include <cholmod.h>
#include <hdf5.h>
#include <stdio.h>

const char *sn_strerror(int status)
{
  switch (status) {
  case SN_OK: return "success";
  case SN_MAX_ITER: return "iteration limit reached before the tolerance was met";
  case SN_TIME_LIMIT: return "time limit reached before the tolerance was met";
  case SN_STALLED: return "no further progress (stalled or stopped by the progress callback)";
  case SN_RAY: return "pivoting ended on a secondary ray: no solution found";
  case SN_DIVERGED: return "no solution found: the problem may be infeasible";
  case SN_ERR_NOMEM: return "out of memory";
  case SN_ERR_ARG: return "invalid argument";
  case SN_ERR_DIM: return "dimensions do not agree";
  case SN_ERR_NOT_SPD: return "matrix is not symmetric positive definite";
  case SN_ERR_SINGULAR: return "matrix is singular";
  case SN_ERR_NAN: return "NaN or Inf encountered";
  case SN_ERR_BACKEND: return "failure in a numerical backend (BLAS/LAPACK/SuiteSparse/HDF5)";
  case SN_ERR_UNKNOWN: return "unknown name";
  case SN_ERR_IO: return "file cannot be read or written";
  case SN_ERR_FORMAT: return "malformed input";
  default: return "unknown status code";
  }
}

const char *sn_version(void) { return SN_VERSION_STRING; }

/* Versions known at compile time only: the string is a constant, no runtime state. */
#define SN_STR2(x) #x
#define SN_STR(x) SN_STR2(x)
const char *sn_backends(void)
{
  return "OpenBLAS/LAPACKE, SuiteSparse " SN_STR(SUITESPARSE_MAIN_VERSION) "." SN_STR(
      SUITESPARSE_SUB_VERSION) "." SN_STR(SUITESPARSE_SUBSUB_VERSION) " (CHOLMOD " SN_STR(CHOLMOD_MAIN_VERSION) "." SN_STR(CHOLMOD_SUB_VERSION) ", UMFPACK), HDF5 " H5_VERSION;
}
