/* signorini's CPython extension (_signorini): declarations shared by its files.
 *
 * The extension is written against the Python C API and numpy's C API only (no cffi, no
 * pybind11): one call from Python to a solver goes through one C function with no wrapper
 * layers (docs/python.md, "Overhead"). The pure-Python package python/signorini/__init__.py
 * subclasses the problem types defined here and converts its arguments (dense or scipy.sparse
 * matrices) into the canonical arrays these types take.
 *
 * Files: module.c (the module, its exception, the solver registry, threads), array.c (numpy
 * arrays in and out), problem.c (the problem types), io.c (FCLIB / Siconos files), solve.c
 * (the solve call, the GIL released, the progress callback), model.c (a deck's model), run.c (its analysis), plot.c (charts), scene.c (rigid-body scenes). */
#ifndef SNPY_H
#define SNPY_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION
#define PY_ARRAY_UNIQUE_SYMBOL signorini_ARRAY_API
#ifndef SNPY_IMPORT_ARRAY
#define NO_IMPORT_ARRAY
#endif
#include <numpy/arrayobject.h>

#include <signorini/signorini.h>

/* A problem: exactly one of lcp, fc, gfc is set. Built from arrays (keep != NULL): the structs
 * (and their sn_csc) are malloc'ed shells pointing into the numpy arrays held in the list keep
 * (the caller's own arrays when borrowed, private copies otherwise); the shells are freed with
 * free(), the arrays released with keep, never with sn_*_free. Read from a file or taken from a
 * scene (keep == NULL): everything is the library's, freed with sn_*_free. borrowed: the names
 * of the caller's arrays in use (a tuple of str, NULL: none). solution and guess are what an
 * FCLIB file stored beside it (NULL otherwise). Never changed by the extension or the library
 * after construction: solves may run on it from several threads at once. */
typedef struct {
  PyObject_HEAD
  sn_kind kind;
  sn_lcp *lcp;
  sn_fc *fc;
  sn_gfc *gfc;
  sn_solution *solution, *guess;
  PyObject *keep, *borrowed;
} SnProblem;

extern PyTypeObject SnPy_FCType, SnPy_GFCType, SnPy_LCPType;
extern PyObject *SnPy_Error;   /* signorini.Error(message, status), set once at import */

/* problem.c */
int snpy_problem_types_ready(PyObject *module);
SnProblem *snpy_problem_check(PyObject *o);   /* NULL and TypeError when o is not a problem */
int snpy_problem_size(const SnProblem *p, int *nr, int *nv);   /* r (z) length, v length */

/* array.c: numpy arrays in (validated, held in a list: no copy when the layout is the
 * library's) and out (copies) */
int snpy_vec_hold(PyObject *o, const char *name, Py_ssize_t n, PyObject *keep, double **out);
int snpy_vec_view(PyObject *o, const char *name, Py_ssize_t n, PyArrayObject **out);
int snpy_csc_hold(PyObject *o, const char *name, PyObject *keep, sn_csc **out);
PyObject *snpy_vec_out(int n, const double *x);
PyObject *snpy_csc_out(const sn_csc *A);
PyObject *snpy_solution_out(const sn_solution *S);

/* module.c: raise signorini.Error("what: message", status) ("message" when what is NULL; the
 * library's message for status when msg is NULL or empty) and return NULL */
PyObject *snpy_raise(int status, const char *what, const char *msg);

/* io.c, solve.c: the module's functions */
PyObject *snpy_read(PyObject *self, PyObject *args);
PyObject *snpy_write(PyObject *self, PyObject *args);
PyObject *snpy_write_dat(PyObject *self, PyObject *args);
PyObject *snpy_solve(PyObject *self, PyObject *args);
/* run.c: a model's static analysis -> (info, increments) */
PyObject *snpy_model_run(const sn_model *m, const char *deck, const char *outdir, const char *base, int plots,
                         int fsync);
/* run_dynamic.c: a *DYNAMIC deck's analysis -> (info dict, list of output-step dicts) */
PyObject *snpy_model_run_dynamic(const sn_model *m, const char *deck, const char *outdir, const char *base,
                                 int fsync);
/* run.c: a rows x cols float64 array holding x (row-major; empty for NULL), and one increment's
 * results as a dict */
PyObject *snpy_matrix_out(int rows, int cols, const double *x);
PyObject *snpy_increment_dict(const sn_model *m, const sn_increment *inc);
PyObject *snpy_plot(PyObject *self, PyObject *args);  /* plot.c */

/* model.c: the type ModelBase (a deck read once) */
extern PyTypeObject SnPy_ModelType;
int snpy_model_type_ready(PyObject *module);

/* scene.c: the type SceneBase */
extern PyTypeObject SnPy_SceneType;
int snpy_scene_type_ready(PyObject *module);

#endif
