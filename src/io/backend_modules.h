/* Internal to the library: the entry points of the back-end modules (io/module_load.h), each
 * the implementation of a public function of the same name without the suffix. The shared
 * library reaches them through sn_module_open; the static one (SN_MODULES_LINKED) calls them. */
#ifndef SN_IO_BACKEND_MODULES_H
#define SN_IO_BACKEND_MODULES_H

#include "io/module_load.h"
#include "signorini/io.h"
#include "signorini/plot.h"

/* the plot module, libsignorini_plot.so (src/io/plot.c, cairo): sn_plot_lines, sn_plot_prepare */
typedef int sn_plot_lines_fn(const char *path, const sn_plot_opts *o, const sn_series *s, int ns, char *msg,
                             size_t msglen);
sn_plot_lines_fn sn_plot_lines_cairo;
typedef int sn_plot_prepare_fn(const sn_plot_opts *o, char *msg, size_t msglen);
sn_plot_prepare_fn sn_plot_prepare_cairo;

/* the FCLIB module, libsignorini_hdf5.so (src/io/fclib_hdf5.c, HDF5): sn_fclib_read, ... */
typedef int sn_fclib_read_fn(const char *path, sn_file_problem **out, char *err, size_t errlen);
typedef int sn_fclib_write_fn(const char *path, const sn_fc *fc, const sn_gfc *gfc, const sn_solution *solution,
                              char *err, size_t errlen);
typedef int sn_fclib_write_solution_fn(const char *path, const sn_solution *S, char *err, size_t errlen);
typedef int sn_fclib_read_solution_fn(const char *path, sn_solution **out, char *err, size_t errlen);
sn_fclib_read_fn sn_fclib_read_hdf5;
sn_fclib_write_fn sn_fclib_write_hdf5;
sn_fclib_write_solution_fn sn_fclib_write_solution_hdf5;
sn_fclib_read_solution_fn sn_fclib_read_solution_hdf5;

#endif
