/* The module _signorini: its exception, the solver registry as dicts, the thread knob, the
 * version, and the method table (read/write in io.c, solve in solve.c). */
#define SNPY_IMPORT_ARRAY
#include "snpy.h"

#include <string.h>

PyObject *SnPy_Error;   /* set once when the module is imported, never changed */

PyObject *snpy_raise(int status, const char *what, const char *msg)
{
  const char *m = msg && msg[0] ? msg : sn_strerror(status);
  PyObject *text = what ? PyUnicode_FromFormat("%s: %s", what, m) : PyUnicode_FromString(m);
  if (!text) return NULL;
  PyObject *args = Py_BuildValue("(Ni)", text, status);
  if (args) PyErr_SetObject(SnPy_Error, args);
  Py_XDECREF(args);
  return NULL;
}

/* one registry entry as a dict */
static PyObject *solver_dict(const sn_solver_entry *e)
{
  PyObject *dims;
  if (!strcmp(e->kind, "fc")) dims = Py_BuildValue("[ii]", 2, 3);
  else dims = Py_None, Py_INCREF(dims);
  if (dims && !strcmp(e->kind, "fc") && !(e->dims & 4)) PySequence_DelItem(dims, 0);
  if (dims && !strcmp(e->kind, "fc") && !(e->dims & 8)) PySequence_DelItem(dims, -1);
  return Py_BuildValue("{sssssNszszszsOsO}", "name", e->name, "kind", e->kind, "dims", dims, "summary", e->summary,
                       "suits", e->suits, "iteration", e->iteration, "solves_global",
                       e->gfc ? Py_True : Py_False, "solves_local", e->fc ? Py_True : Py_False);
}

static PyObject *py_solvers(PyObject *self, PyObject *unused)
{
  (void)self, (void)unused;
  PyObject *list = PyList_New(0);
  for (const sn_solver_entry *e = sn_solvers(); list && e->name; e++) {
    PyObject *d = solver_dict(e);
    if (!d || PyList_Append(list, d)) Py_CLEAR(list);
    Py_XDECREF(d);
  }
  return list;
}

static PyObject *py_set_threads(PyObject *self, PyObject *arg)
{
  (void)self;
  long n = PyLong_AsLong(arg);
  if (n == -1 && PyErr_Occurred()) return NULL;
  if (n < 1 || n > SN_THREADS_MAX)
    return PyErr_Format(PyExc_ValueError, "threads must be in [1, %d], got %ld", SN_THREADS_MAX, n);
  int st = sn_set_blas_threads((int)n);
  if (st) return snpy_raise(st, "set_threads", NULL);
  Py_RETURN_NONE;
}

static PyObject *py_threads(PyObject *self, PyObject *unused)
{
  (void)self, (void)unused;
  return Py_BuildValue("(ii)", sn_blas_threads(), sn_threads_physical());
}

static PyObject *py_strerror(PyObject *self, PyObject *arg)
{
  (void)self;
  long st = PyLong_AsLong(arg);
  if (st == -1 && PyErr_Occurred()) return NULL;
  return PyUnicode_FromString(sn_strerror((int)st));
}

static PyMethodDef methods[] = {
    {"solvers", py_solvers, METH_NOARGS, "solvers() -> list of dicts: the library's solver registry"},
    {"_read", snpy_read, METH_VARARGS, "_read(path, FC, GFC, LCP) -> problem (io.c)"},
    {"_write", snpy_write, METH_VARARGS, "_write(path, problem, r, u, v) (io.c)"},
    {"_write_dat", snpy_write_dat, METH_VARARGS, "_write_dat(path, problem) (io.c)"},
    {"_solve", snpy_solve, METH_VARARGS, "_solve(problem, solver, tol, max_iter, time_limit, options, r0, v0, "
                                         "callback, history) -> tuple (solve.c)"},
    {"_plot", snpy_plot, METH_VARARGS, "_plot(path, series, title, xlabel, ylabel, logy) (plot.c)"},
    {"set_threads", py_set_threads, METH_O, "set_threads(n): sn_set_blas_threads (process-wide)"},
    {"threads", py_threads, METH_NOARGS, "threads() -> (BLAS threads now, physical cores available)"},
    {"strerror", py_strerror, METH_O, "strerror(status) -> the library's message for a status code"},
    {NULL}};

static struct PyModuleDef moduledef = {PyModuleDef_HEAD_INIT, "_signorini",
                                       "signorini's C extension; use the package signorini", -1, methods,
                                       NULL, NULL, NULL, NULL};

/* the status codes as module constants, for signorini.Result.status_code */
static int add_constants(PyObject *m)
{
  static const struct { const char *name; int v; } k[] = {
      {"OK", SN_OK}, {"MAX_ITER", SN_MAX_ITER}, {"TIME_LIMIT", SN_TIME_LIMIT}, {"STALLED", SN_STALLED},
      {"RAY", SN_RAY}, {"DIVERGED", SN_DIVERGED}, {"ERR_NOMEM", SN_ERR_NOMEM}, {"ERR_ARG", SN_ERR_ARG},
      {"ERR_DIM", SN_ERR_DIM}, {"ERR_NOT_SPD", SN_ERR_NOT_SPD}, {"ERR_SINGULAR", SN_ERR_SINGULAR},
      {"ERR_NAN", SN_ERR_NAN}, {"ERR_BACKEND", SN_ERR_BACKEND}, {"ERR_UNKNOWN", SN_ERR_UNKNOWN},
      {"ERR_IO", SN_ERR_IO}, {"ERR_FORMAT", SN_ERR_FORMAT}};
  for (size_t i = 0; i < sizeof k / sizeof k[0]; i++)
    if (PyModule_AddIntConstant(m, k[i].name, k[i].v)) return -1;
  return PyModule_AddStringConstant(m, "__version__", sn_version());
}

PyMODINIT_FUNC PyInit__signorini(void)
{
  import_array();
  PyObject *m = PyModule_Create(&moduledef);
  if (!m) return NULL;
  SnPy_Error = PyErr_NewExceptionWithDoc(
      "signorini.Error",
      "An error reported by the library.\n\n"
      "Attributes\n----------\n"
      "args : (str, int)\n    The message (the library's, naming the file and line for files) and the status,\n"
      "    a negative SN_ERR_* code (signorini._signorini.ERR_ARG, ...).",
      PyExc_RuntimeError, NULL);
  if (!SnPy_Error || PyModule_AddObjectRef(m, "Error", SnPy_Error) || snpy_problem_types_ready(m) ||
      snpy_scene_type_ready(m) || snpy_model_type_ready(m) ||
      add_constants(m)) {
    Py_DECREF(m);
    return NULL;
  }
  return m;
}
