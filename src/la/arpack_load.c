/* ARPACK on first use (la/arpack_load.h).
 *
 * libarpack.so.2 links the shared BLAS and LAPACK (Debian: libblas.so.3 and liblapack.so.3 of
 * the OpenBLAS chosen by update-alternatives): loading them at start-up cost every run of the
 * command-line program, whose own OpenBLAS is linked into it, the start of a second OpenBLAS
 * (README, "Start-up time"). Only *FREQUENCY steps call ARPACK. No state in the library: each
 * solve opens it again (dlopen of a loaded object only counts a reference) and RTLD_NODELETE
 * keeps it mapped after the last one. */
#define _GNU_SOURCE
#include "la/arpack_load.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

#include "common/proc_symbol.h"
#include "signorini/common.h"

#ifndef SN_ARPACK_SONAME
#define SN_ARPACK_SONAME "libarpack.so.2"
#endif

int sn_arpack_open(sn_arpack *a, char *msg, size_t msglen)
{
  a->handle = NULL;
  a->saupd = NULL;
  a->seupd = NULL;
  a->handle = dlopen(SN_ARPACK_SONAME, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE);
  const char *why = NULL;
  if (!a->handle) why = dlerror();
  else {
    void *s = dlsym(a->handle, "dsaupd_c"), *e = dlsym(a->handle, "dseupd_c");
    if (!s || !e) why = "no dsaupd_c or dseupd_c in it (ARPACK-NG 3.6 or later has them)";
    else {
      memcpy(&a->saupd, &s, sizeof s);   /* POSIX: function and object pointers alike */
      memcpy(&a->seupd, &e, sizeof e);
    }
  }
  if (why) {
    snprintf(msg, msglen, "cannot load ARPACK (%s): %s", SN_ARPACK_SONAME, why);
    sn_arpack_close(a);
    return SN_ERR_BACKEND;
  }
  sn_blas_follow(a->handle);   /* the OpenBLAS it brought, where the process has one of its own */
  return SN_OK;
}

void sn_arpack_close(sn_arpack *a)
{
  if (a->handle) dlclose(a->handle);
  a->handle = NULL;
  a->saupd = NULL;
  a->seupd = NULL;
}
