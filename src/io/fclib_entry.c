/* The library's side of the FCLIB HDF5 files (include/signorini/io.h): each public function
 * calls its implementation in the HDF5 module (src/io/fclib_hdf5.c, linked with libhdf5),
 * loaded on the first FCLIB file (io/module_load.h). libhdf5 pulls in libcurl, OpenSSL,
 * GnuTLS, Kerberos and LDAP: loaded alone by an empty program, 12.4 M instructions (callgrind),
 * the most of any library the program loaded at start-up before this split (README, "Start-up
 * time"); a run that reads only decks or .dat files never loads them. The static
 * library links the implementation in (SN_MODULES_LINKED). */
#include <stdio.h>

#include "io/backend_modules.h"
#include "signorini/common.h"

#ifdef SN_MODULES_LINKED
#define FCLIB_CALL(type, sym, ...) return sym(__VA_ARGS__)
#else
/* open the module, call sym, drop the reference; a module that cannot be loaded is
 * SN_ERR_BACKEND with "PATH: cannot load the hdf5 module: ...: reason" in err */
#define FCLIB_CALL(type, sym, ...)                                                      \
  do {                                                                                  \
    sn_module m;                                                                        \
    char why[4200];                                                                     \
    int rc = sn_module_open(&m, "hdf5", #sym, why, sizeof why);                          \
    if (rc) {                                                                           \
      if (err && errlen > 0) snprintf(err, errlen, "%s: %s", path ? path : "(null)", why); \
      return rc;                                                                        \
    }                                                                                   \
    rc = ((type *)m.fn)(__VA_ARGS__);                                                   \
    sn_module_close(&m);                                                                \
    return rc;                                                                          \
  } while (0)
#endif

int sn_fclib_read(const char *path, sn_file_problem **out, char *err, size_t errlen)
{
  if (out) *out = NULL;
  FCLIB_CALL(sn_fclib_read_fn, sn_fclib_read_hdf5, path, out, err, errlen);
}

int sn_fclib_read_solution(const char *path, sn_solution **out, char *err, size_t errlen)
{
  if (out) *out = NULL;
  FCLIB_CALL(sn_fclib_read_solution_fn, sn_fclib_read_solution_hdf5, path, out, err, errlen);
}

int sn_fclib_write(const char *path, const sn_fc *fc, const sn_gfc *gfc, const sn_solution *solution,
                   char *err, size_t errlen)
{
  FCLIB_CALL(sn_fclib_write_fn, sn_fclib_write_hdf5, path, fc, gfc, solution, err, errlen);
}

int sn_fclib_write_solution(const char *path, const sn_solution *S, char *err, size_t errlen)
{
  FCLIB_CALL(sn_fclib_write_solution_fn, sn_fclib_write_solution_hdf5, path, S, err, errlen);
}
