/* numpy arrays in and out of the extension. In: a 1-D float64 (or safely castable) array,
 * checked for its length and for NaN/Inf, held by the problem (the caller's array itself when
 * its layout is the library's: no copy); a CSC matrix from its raw arrays, every index checked,
 * held the same way. Out: new numpy arrays holding copies, never views of the library's memory. */
#include "snpy.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* a 1-D C-contiguous array of type t (a safe cast when needed: int -> float64), or NULL and
 * TypeError / ValueError naming the argument */
static PyArrayObject *as_1d(PyObject *o, const char *name, int t)
{
  PyArrayObject *a = (PyArrayObject *)PyArray_FROMANY(o, t, 0, 0, NPY_ARRAY_IN_ARRAY);
  if (!a) {
    PyObject *type, *value, *tb;
    PyErr_Fetch(&type, &value, &tb);
    PyErr_Format(PyExc_TypeError, "%s: expected an array of %s, got %R (%S)", name,
                 t == NPY_DOUBLE ? "float64" : "int64", Py_TYPE(o), value ? value : Py_None);
    Py_XDECREF(type), Py_XDECREF(value), Py_XDECREF(tb);
    return NULL;
  }
  if (PyArray_NDIM(a) != 1) {
    PyErr_Format(PyExc_ValueError, "%s: expected a 1-D array, got %d dimensions", name, PyArray_NDIM(a));
    Py_DECREF(a);
    return NULL;
  }
  return a;
}

/* a float64 vector of length n (n < 0: any), every entry finite: a new reference in *out */
int snpy_vec_view(PyObject *o, const char *name, Py_ssize_t n, PyArrayObject **out)
{
  PyArrayObject *a = as_1d(o, name, NPY_DOUBLE);
  if (!a) return -1;
  npy_intp len = PyArray_DIM(a, 0);
  if (n >= 0 && len != n) {
    PyErr_Format(PyExc_ValueError, "%s: expected length %zd, got %zd", name, n, (Py_ssize_t)len);
    Py_DECREF(a);
    return -1;
  }
  if (len > INT_MAX) {
    PyErr_Format(PyExc_ValueError, "%s: length %zd exceeds the library's int sizes", name, (Py_ssize_t)len);
    Py_DECREF(a);
    return -1;
  }
  const double *x = PyArray_DATA(a);
  for (npy_intp i = 0; i < len; i++)
    if (!isfinite(x[i])) {
      PyErr_Format(PyExc_ValueError, "%s[%zd] is %s: the data must be finite", name, (Py_ssize_t)i,
                   isnan(x[i]) ? "NaN" : "infinite");
      Py_DECREF(a);
      return -1;
    }
  *out = a;
  return 0;
}

/* the same, held: the array (the caller's own when it already is a 1-D C-contiguous aligned
 * float64 array, a converted copy otherwise) appended to keep, *out its data (a borrowed pointer
 * valid while keep holds the array) */
int snpy_vec_hold(PyObject *o, const char *name, Py_ssize_t n, PyObject *keep, double **out)
{
  PyArrayObject *a;
  if (snpy_vec_view(o, name, n, &a)) return -1;
  int rc = PyList_Append(keep, (PyObject *)a);
  if (!rc) *out = PyArray_DATA(a);
  Py_DECREF(a);
  return rc;
}

/* an index array as a 1-D C-contiguous aligned native int32 array: o itself when it is one,
 * otherwise converted (any integer type, safely to int64) and copied into a new int32 array,
 * values outside the library's int refused. A new reference, or NULL and an exception. */
static PyArrayObject *index_array(PyObject *o, const char *name)
{
  if (PyArray_Check(o) && PyArray_TYPE((PyArrayObject *)o) == NPY_INT32 && PyArray_NDIM((PyArrayObject *)o) == 1 &&
      PyArray_ISCARRAY_RO((PyArrayObject *)o) && PyArray_ISNOTSWAPPED((PyArrayObject *)o)) {
    Py_INCREF(o);
    return (PyArrayObject *)o;
  }
  PyArrayObject *a = as_1d(o, name, NPY_INT64);
  if (!a) return NULL;
  npy_intp len = PyArray_DIM(a, 0);
  const npy_int64 *x = PyArray_DATA(a);
  PyArrayObject *b = (PyArrayObject *)PyArray_SimpleNew(1, &len, NPY_INT32);
  for (npy_intp k = 0; b && k < len; k++) {
    if (x[k] < INT_MIN || x[k] > INT_MAX) {
      PyErr_Format(PyExc_ValueError, "%s: index %lld exceeds the library's int", name, (long long)x[k]);
      Py_CLEAR(b);
      break;
    }
    ((int *)PyArray_DATA(b))[k] = (int)x[k];
  }
  Py_DECREF(a);
  return b;
}

/* check the column pointers and row indices of a CSC matrix */
static int csc_index_check(const char *name, int m, int n, const int *p, npy_intp np_, const int *i, npy_intp ni,
                           npy_intp nx)
{
  if (np_ != (npy_intp)n + 1)
    return PyErr_Format(PyExc_ValueError, "%s: indptr has length %zd, expected %d", name, (Py_ssize_t)np_, n + 1), -1;
  if (ni != nx || p[0] != 0 || p[n] != ni)
    return PyErr_Format(PyExc_ValueError, "%s: indptr[0] must be 0 and indptr[-1] = len(indices) = len(data)",
                        name), -1;
  for (int j = 0; j < n; j++)
    if (p[j + 1] < p[j]) return PyErr_Format(PyExc_ValueError, "%s: indptr decreases at column %d", name, j), -1;
  for (npy_intp k = 0; k < ni; k++)
    if (i[k] < 0 || i[k] >= m)
      return PyErr_Format(PyExc_ValueError, "%s: row index %d out of range [0, %d)", name, i[k], m), -1;
  return 0;
}

/* o = (m, n, indptr, indices, data), SciPy's CSC fields: an sn_csc shell (the struct alone,
 * malloc'ed) pointing into the three arrays, which are appended to keep. Arrays already in the
 * library's layout (int32 indices, float64 data, 1-D C-contiguous aligned) are used as they
 * are, the others converted into new arrays; the shell is freed with free(), never with
 * sn_csc_free (which would free the arrays' memory). */
int snpy_csc_hold(PyObject *o, const char *name, PyObject *keep, sn_csc **out)
{
  long long m, n;
  PyObject *po, *io, *xo;
  if (!PyTuple_Check(o) || !PyArg_ParseTuple(o, "LLOOO", &m, &n, &po, &io, &xo)) {
    PyErr_Clear();
    return PyErr_Format(PyExc_TypeError, "%s: expected (m, n, indptr, indices, data)", name), -1;
  }
  if (m < 0 || n < 0 || m > INT_MAX || n >= INT_MAX)
    return PyErr_Format(PyExc_ValueError, "%s: invalid shape (%lld, %lld)", name, m, n), -1;
  PyArrayObject *p = index_array(po, name), *i = p ? index_array(io, name) : NULL, *x = NULL;
  int rc = -1;
  if (i && snpy_vec_view(xo, name, -1, &x) == 0 &&
      csc_index_check(name, (int)m, (int)n, PyArray_DATA(p), PyArray_DIM(p, 0), PyArray_DATA(i), PyArray_DIM(i, 0),
                      PyArray_DIM(x, 0)) == 0 &&
      PyList_Append(keep, (PyObject *)p) == 0 && PyList_Append(keep, (PyObject *)i) == 0 &&
      PyList_Append(keep, (PyObject *)x) == 0) {
    sn_csc *A = malloc(sizeof *A);
    if (!A) PyErr_NoMemory();
    else {
      A->m = (int)m, A->n = (int)n, A->nnz = A->nzmax = (int)PyArray_DIM(x, 0);
      A->colptr = PyArray_DATA(p), A->rowind = PyArray_DATA(i), A->val = PyArray_DATA(x);
      *out = A;
      rc = 0;
    }
  }
  Py_XDECREF(p), Py_XDECREF(i), Py_XDECREF(x);
  return rc;
}

/* a new float64 array holding a copy of x[0..n) */
PyObject *snpy_vec_out(int n, const double *x)
{
  npy_intp len = n;
  PyObject *a = PyArray_SimpleNew(1, &len, NPY_DOUBLE);
  if (a && n > 0) memcpy(PyArray_DATA((PyArrayObject *)a), x, sizeof(double) * (size_t)n);
  return a;
}

/* an int32 array holding a copy of x[0..n) */
static PyObject *ivec_out(int n, const int *x)
{
  npy_intp len = n;
  PyObject *a = PyArray_SimpleNew(1, &len, NPY_INT32);
  if (a && n > 0) memcpy(PyArray_DATA((PyArrayObject *)a), x, sizeof(int) * (size_t)n);
  return a;
}

/* (m, n, indptr, indices, data) copies, for scipy.sparse.csc_matrix; None for NULL */
PyObject *snpy_csc_out(const sn_csc *A)
{
  if (!A) Py_RETURN_NONE;
  int nnz = A->colptr[A->n];
  return Py_BuildValue("(iiNNN)", A->m, A->n, ivec_out(A->n + 1, A->colptr), ivec_out(nnz, A->rowind),
                       snpy_vec_out(nnz, A->val));
}

/* {"r": ..., "u": ..., "v": ...} copies (v absent when the solution has none); None for NULL */
PyObject *snpy_solution_out(const sn_solution *S)
{
  if (!S) Py_RETURN_NONE;
  PyObject *d = Py_BuildValue("{sNsN}", "r", snpy_vec_out(S->nr, S->r), "u", snpy_vec_out(S->u ? S->nr : 0, S->u));
  if (d && S->v && S->nv > 0) {
    PyObject *v = snpy_vec_out(S->nv, S->v);
    if (!v || PyDict_SetItemString(d, "v", v)) Py_CLEAR(d);
    Py_XDECREF(v);
  }
  return d;
}
