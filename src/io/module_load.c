/* Loading the back-end modules (io/module_load.h) on first use.
 *
 * Where: dladdr on a function of this library gives the file it was loaded from (the build
 * tree's libsignorini.so.0, or the installed one); the module is SN_MODULE_DIR/libsignorini_
 * NAME.so beside it. No environment variable and no search path: a library always loads the
 * modules built with it.
 *
 * State: none in the library. Every call opens the module again and drops its reference when
 * done; the dynamic loader keeps the one mapping (dlopen of a loaded object only counts a
 * reference, under the loader's own lock, so concurrent first calls from several threads are
 * safe and load it once), and RTLD_NODELETE keeps the module, cairo's font caches and HDF5's
 * library state alive after the last reference, so a second plot does not load them again.
 * A cached function table would need a global or a context in every caller's hands; the cost
 * avoided (a dladdr, a dlopen of a loaded object and a dlsym: a few microseconds) is nothing
 * next to writing a PNG or an HDF5 file. */
#define _GNU_SOURCE

#include "io/module_load.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

#include "common/blas_kind.h"
#include "signorini/common.h"

#ifdef SN_CLI_MODULE_DIR
/* The command-line program links the library into itself (SN_BLAS_LINKED) and loads its own
 * builds of the modules, SN_MODULE_DIR/libsignorini_cli_NAME.so, which do not link libsignorini
 * but take its functions from the program (a module linking it would load a second copy of the
 * library and its shared OpenBLAS): beside the program in the build tree, and in
 * SN_CLI_MODULE_DIR (the library folder's SN_MODULE_DIR, relative to the program's folder) once
 * installed; the first that holds the module. The program's own file from /proc/self/exe:
 * dladdr would give argv[0], "signorini" when the shell found it on PATH. */
#include <limits.h>
#include <unistd.h>
static int module_path(char *buf, size_t len, const char *name)
{
  char exe[PATH_MAX];
  ssize_t k = readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (k <= 0) return -1;
  exe[k] = 0;
  const char *slash = strrchr(exe, '/');
  int dirlen = slash ? (int)(slash - exe) : 0;
  const char *dirs[2] = {SN_MODULE_DIR, SN_CLI_MODULE_DIR};
  for (int i = 0; i < 2; i++) {
    int n = snprintf(buf, len, "%.*s/%s/libsignorini_cli_%s.so", dirlen, exe, dirs[i], name);
    if (n < 0 || (size_t)n >= len) return -1;
    if (!access(buf, F_OK)) return 0;
  }
  return 0;   /* neither: dlopen names the second in its message */
}
#else
/* "DIR/SN_MODULE_DIR/libsignorini_NAME.so" for the folder DIR holding this library */
static int module_path(char *buf, size_t len, const char *name)
{
  Dl_info info;
  if (!dladdr((void *)sn_module_open, &info) || !info.dli_fname) return -1;
  const char *slash = strrchr(info.dli_fname, '/');
  int dirlen = slash ? (int)(slash - info.dli_fname) : 1;
  const char *dir = slash ? info.dli_fname : ".";
  int n = snprintf(buf, len, "%.*s/%s/libsignorini_%s.so", dirlen, dir, SN_MODULE_DIR, name);
  return n < 0 || (size_t)n >= len ? -1 : 0;
}
#endif

int sn_module_open(sn_module *m, const char *name, const char *symbol, char *msg, size_t msglen)
{
  char path[4096];
  m->handle = m->fn = NULL;
  if (module_path(path, sizeof path, name)) {
    snprintf(msg, msglen, "cannot load the %s module: the library's own folder is unknown", name);
    return SN_ERR_BACKEND;
  }
  m->handle = dlopen(path, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE);
  if (m->handle) m->fn = dlsym(m->handle, symbol);
  if (!m->fn) {
    const char *why = dlerror();
    /* dlerror names the file: "PATH: cannot open shared object file: ...", "PATH: undefined symbol: ..." */
    if (why) snprintf(msg, msglen, "cannot load the %s module: %s", name, why);
    else snprintf(msg, msglen, "cannot load the %s module: %s: no symbol %s", name, path, symbol);
    sn_module_close(m);
    return SN_ERR_BACKEND;
  }
  sn_blas_follow(m->handle);   /* PETSc's OpenBLAS beside the program's own */
  return SN_OK;
}

void sn_module_close(sn_module *m)
{
  if (m->handle) dlclose(m->handle);
  m->handle = m->fn = NULL;
}
