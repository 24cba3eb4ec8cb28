/* Problem files through the library's readers and writers (include/signorini/io.h): read any
 * FCLIB HDF5 or Siconos .dat file (sn_read_problem), write a problem with an optional solution
 * in the FCLIB layout (sn_fclib_write; an LCP's solution alone, sn_fclib_write_solution, as
 * `signorini solve -o` does), or a problem alone as Siconos text (sn_dat_write_*). The GIL is
 * released while a file is read or written. */
#include "snpy.h"

/* _read(path, FC, GFC, LCP): the problem as an instance of the class given for its kind */
PyObject *snpy_read(PyObject *self, PyObject *args)
{
  (void)self;
  PyObject *path, *cls[3];
  if (!PyArg_ParseTuple(args, "O&O!O!O!", PyUnicode_FSConverter, &path, &PyType_Type, &cls[0], &PyType_Type,
                        &cls[1], &PyType_Type, &cls[2]))
    return NULL;
  PyTypeObject *base[3] = {&SnPy_FCType, &SnPy_GFCType, &SnPy_LCPType};
  for (int k = 0; k < 3; k++)
    if (!PyType_IsSubtype((PyTypeObject *)cls[k], base[k])) {
      Py_DECREF(path);
      return PyErr_Format(PyExc_TypeError, "_read: class %d is not a subclass of %s", k, base[k]->tp_name);
    }
  char err[1024] = "";
  sn_file_problem *F = NULL;
  int st;
  Py_BEGIN_ALLOW_THREADS
  st = sn_read_problem(PyBytes_AS_STRING(path), &F, err, sizeof err);
  Py_END_ALLOW_THREADS
  if (st) {
    PyObject *r = st == SN_ERR_IO ? PyErr_Format(PyExc_OSError, "%s", err[0] ? err : sn_strerror(st))
                                  : snpy_raise(st, err[0] ? NULL : PyBytes_AS_STRING(path), err);
    Py_DECREF(path);
    return r;
  }
  Py_DECREF(path);
  int k = F->kind == SN_KIND_FC ? 0 : F->kind == SN_KIND_GFC ? 1 : 2;
  SnProblem *p = (SnProblem *)((PyTypeObject *)cls[k])->tp_alloc((PyTypeObject *)cls[k], 0);
  if (!p) { sn_file_problem_free(F); return NULL; }
  p->kind = F->kind;   /* the object takes the file's problem, solution and guess */
  p->fc = F->fc, p->gfc = F->gfc, p->lcp = F->lcp, p->solution = F->solution, p->guess = F->guess;
  F->fc = NULL, F->gfc = NULL, F->lcp = NULL, F->solution = NULL, F->guess = NULL;
  sn_file_problem_free(F);
  return (PyObject *)p;
}

/* the solution to write: r, u (length nr), v (nv; global problems) borrowed from numpy arrays
 * held in a[0..3) (new references, released by the caller) */
static int solution_view(PyObject *ro, PyObject *uo, PyObject *vo, int nr, int nv, PyArrayObject *a[3],
                         sn_solution *S)
{
  if (snpy_vec_view(ro, "r", nr, &a[0]) || snpy_vec_view(uo, "u", nr, &a[1])) return -1;
  if (nv > 0 && vo == Py_None) return PyErr_Format(PyExc_ValueError, "a global problem's solution needs v"), -1;
  if (nv > 0 && snpy_vec_view(vo, "v", nv, &a[2])) return -1;
  S->nr = nr, S->nv = nv, S->nl = 0;
  S->r = PyArray_DATA(a[0]), S->u = PyArray_DATA(a[1]), S->v = nv > 0 ? PyArray_DATA(a[2]) : NULL, S->l = NULL;
  return 0;
}

/* _write(path, problem, r, u, v): r None = no solution */
PyObject *snpy_write(PyObject *self, PyObject *args)
{
  (void)self;
  PyObject *path, *po, *ro, *uo, *vo;
  if (!PyArg_ParseTuple(args, "O&OOOO", PyUnicode_FSConverter, &path, &po, &ro, &uo, &vo)) return NULL;
  SnProblem *p = snpy_problem_check(po);
  PyArrayObject *a[3] = {NULL, NULL, NULL};
  sn_solution S = {0};
  int nr, nv, st = 0, have = ro != Py_None;
  char err[1024] = "";
  PyObject *res = NULL;
  if (p) snpy_problem_size(p, &nr, &nv);
  if (!p || (have && solution_view(ro, uo, vo, nr, nv, a, &S))) goto done;
  if (p->lcp && !have) {
    PyErr_SetString(PyExc_ValueError, "an LCP is written as its solution alone (FCLIB has no LCP layout): give one");
    goto done;
  }
  /* the arrays are held by a[] and the problem by the caller: the GIL may go */
  Py_BEGIN_ALLOW_THREADS
  st = p->lcp ? sn_fclib_write_solution(PyBytes_AS_STRING(path), &S, err, sizeof err)
              : sn_fclib_write(PyBytes_AS_STRING(path), p->fc, p->gfc, have ? &S : NULL, err, sizeof err);
  Py_END_ALLOW_THREADS
  if (st == SN_ERR_IO) PyErr_Format(PyExc_OSError, "%s", err[0] ? err : sn_strerror(st));
  else if (st) snpy_raise(st, err[0] ? NULL : PyBytes_AS_STRING(path), err);
  else res = Py_None, Py_INCREF(res);
done:
  Py_XDECREF(a[0]), Py_XDECREF(a[1]), Py_XDECREF(a[2]);
  Py_DECREF(path);
  return res;
}

/* _write_dat(path, problem): the problem alone as a Siconos text .dat file */
PyObject *snpy_write_dat(PyObject *self, PyObject *args)
{
  (void)self;
  PyObject *path, *po, *res = NULL;
  if (!PyArg_ParseTuple(args, "O&O", PyUnicode_FSConverter, &path, &po)) return NULL;
  SnProblem *p = snpy_problem_check(po);
  char err[1024] = "";
  int st = 0;
  if (!p) goto done;
  /* the problem is held by the caller: the GIL may go */
  Py_BEGIN_ALLOW_THREADS
  st = p->lcp ? sn_dat_write_lcp(PyBytes_AS_STRING(path), p->lcp, err, sizeof err)
       : p->fc ? sn_dat_write_fc(PyBytes_AS_STRING(path), p->fc, err, sizeof err)
               : sn_dat_write_gfc(PyBytes_AS_STRING(path), p->gfc, err, sizeof err);
  Py_END_ALLOW_THREADS
  if (st == SN_ERR_IO) PyErr_Format(PyExc_OSError, "%s", err[0] ? err : sn_strerror(st));
  else if (st) snpy_raise(st, err[0] ? NULL : PyBytes_AS_STRING(path), err);
  else res = Py_None, Py_INCREF(res);
done:
  Py_DECREF(path);
  return res;
}
