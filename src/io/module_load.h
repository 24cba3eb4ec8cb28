/* Internal to the library: the optional back-ends built as modules of their own, loaded with
 * dlopen on first use so that a program linked with libsignorini does not load them (and what
 * they pull in: cairo and X11 for the plots, HDF5 with libcurl, OpenSSL and Kerberos for FCLIB
 * files) at start-up. The module files lie in SN_MODULE_DIR beside the shared library, in the
 * build tree as after `cmake --install`.
 *
 *   sn_module m;
 *   if ((rc = sn_module_open(&m, "plot", "sn_plot_lines_cairo", msg, msglen))) return rc;
 *   rc = ((sn_plot_lines_fn *)m.fn)(...);
 *   sn_module_close(&m);
 *
 * The static library links the back-ends in (SN_MODULES_LINKED) and never calls these. */
#ifndef SN_IO_MODULE_LOAD_H
#define SN_IO_MODULE_LOAD_H

#include <stddef.h>

/* the folder, relative to the one holding libsignorini.so, that holds the modules (the same
 * name as SN_MODULE_DIR in CMakeLists.txt, where the build and `cmake --install` put them) */
#define SN_MODULE_DIR "signorini-modules"

typedef struct {
  void *handle;   /* dlopen's handle (the caller's reference) */
  void *fn;       /* the symbol asked for (cast to its function type by the caller) */
} sn_module;

/* Open module NAME (file SN_MODULE_DIR/libsignorini_NAME.so) and look up symbol in it.
 * SN_OK, or SN_ERR_BACKEND with "cannot load the NAME module: PATH: reason" in msg. */
int sn_module_open(sn_module *m, const char *name, const char *symbol, char *msg, size_t msglen);

/* drop the caller's reference (the module stays mapped: RTLD_NODELETE) */
void sn_module_close(sn_module *m);

#endif
