/* The problem types FC, GFC, LCP (bases of signorini.FC, .GFC, .LCP in _problems.py). Each holds
 * the numpy arrays it is built from (CSC matrices as (m, n, indptr, indices, data), float64
 * vectors): the arrays given when their layout is the library's (int32 indices, float64 data,
 * 1-D C-contiguous aligned), converted copies otherwise; the Python layer decides what to give
 * (copy=True: private copies) and names the caller's arrays in use (borrowed). The library's
 * validation (sn_*_check) has the last word. Neither the extension nor the library writes the
 * data; getters return copies. */
#include "snpy.h"

#include <stdlib.h>

/* free the shells of a problem built from arrays: the structs, never the arrays they point to */
static void shells_free(sn_kind kind, void *P)
{
  if (!P) return;
  if (kind == SN_KIND_FC) free(((sn_fc *)P)->W);
  else if (kind == SN_KIND_GFC) free(((sn_gfc *)P)->M), free(((sn_gfc *)P)->H);
  else free(((sn_lcp *)P)->M);
  free(P);
}

static void problem_dealloc(SnProblem *p)
{
  if (p->keep) {
    shells_free(p->kind, p->fc ? (void *)p->fc : p->gfc ? (void *)p->gfc : (void *)p->lcp);
  } else {
    sn_lcp_free(p->lcp);
    sn_fc_free(p->fc);
    sn_gfc_free(p->gfc);
  }
  sn_solution_free(p->solution);
  sn_solution_free(p->guess);
  Py_XDECREF(p->keep);
  Py_XDECREF(p->borrowed);
  Py_TYPE(p)->tp_free((PyObject *)p);
}

/* a construction that failed (an exception set): its shells, keep and borrowed released */
static PyObject *fail(sn_kind kind, void *P, PyObject *keep, PyObject *borrowed)
{
  shells_free(kind, P);
  Py_DECREF(keep);
  Py_DECREF(borrowed);
  return NULL;
}

/* wrap a validated problem built from the arrays in keep (its shells taken over by the object,
 * freed on failure; keep and borrowed stolen) into a new object */
static PyObject *wrap(PyTypeObject *type, sn_kind kind, void *P, PyObject *keep, PyObject *borrowed, int check,
                      const char *msg)
{
  if (check) {
    PyErr_Format(PyExc_ValueError, "invalid problem: %s", msg[0] ? msg : sn_strerror(check));
  } else {
    SnProblem *p = (SnProblem *)type->tp_alloc(type, 0);
    if (p) {
      p->kind = kind, p->keep = keep, p->borrowed = borrowed;
      if (kind == SN_KIND_FC) p->fc = P;
      else if (kind == SN_KIND_GFC) p->gfc = P;
      else p->lcp = P;
      return (PyObject *)p;
    }
  }
  return fail(kind, P, keep, borrowed);
}

/* the optional borrowed=() argument: a tuple of str (a new reference), or NULL and TypeError */
static PyObject *borrowed_names(PyObject *b)
{
  if (!b) return PyTuple_New(0);
  if (!PyTuple_Check(b)) return PyErr_Format(PyExc_TypeError, "borrowed: expected a tuple of str, got %R", Py_TYPE(b));
  for (Py_ssize_t k = 0; k < PyTuple_GET_SIZE(b); k++)
    if (!PyUnicode_Check(PyTuple_GET_ITEM(b, k)))
      return PyErr_Format(PyExc_TypeError, "borrowed: expected a tuple of str");
  Py_INCREF(b);
  return b;
}

static int square(const sn_csc *A, const char *name, int n)
{
  if (A->m == n && A->n == n) return 0;
  return PyErr_Format(PyExc_ValueError, "%s: expected shape (%d, %d), got (%d, %d)", name, n, n, A->m, A->n), -1;
}

/* a new problem's list of held arrays, its borrowed names and its zeroed struct of size bytes;
 * -1 and an exception (nothing left to free) */
static int start(PyObject *bo, size_t size, PyObject **keep, PyObject **borrowed, void **P)
{
  *borrowed = borrowed_names(bo);
  *keep = *borrowed ? PyList_New(0) : NULL;
  *P = *keep ? calloc(1, size) : NULL;
  if (*P) return 0;
  if (*keep) PyErr_NoMemory();
  Py_XDECREF(*keep);
  Py_XDECREF(*borrowed);
  return -1;
}

/* FCBase(dim, W, q, mu, borrowed=()): u = W r + q, dim 2 or 3 */
static PyObject *fc_new(PyTypeObject *type, PyObject *args, PyObject *kw)
{
  static char *kwl[] = {"dim", "W", "q", "mu", "borrowed", NULL};
  int dim;
  PyObject *W, *q, *mu, *bo = NULL, *keep, *borrowed;
  char msg[256] = "";
  sn_fc *P;
  void *mem;
  if (!PyArg_ParseTupleAndKeywords(args, kw, "iOOO|O", kwl, &dim, &W, &q, &mu, &bo)) return NULL;
  if (dim != 2 && dim != 3) return PyErr_Format(PyExc_ValueError, "dim must be 2 or 3, got %d", dim);
  if (start(bo, sizeof *P, &keep, &borrowed, &mem)) return NULL;
  P = mem;
  P->dim = dim;
  int bad = snpy_csc_hold(W, "W", keep, &P->W) || square(P->W, "W", P->W->n);
  if (!bad && P->W->n % dim)
    bad = PyErr_Format(PyExc_ValueError, "W: size %d is not a multiple of dim = %d", P->W->n, dim) != NULL;
  if (!bad) P->nc = P->W->n / dim;
  bad = bad || snpy_vec_hold(q, "q", (Py_ssize_t)dim * P->nc, keep, &P->q) ||
        snpy_vec_hold(mu, "mu", P->nc, keep, &P->mu);
  if (bad) return fail(SN_KIND_FC, P, keep, borrowed);
  return wrap(type, SN_KIND_FC, P, keep, borrowed, sn_fc_check(P, msg, sizeof msg), msg);
}

/* GFCBase(dim, M, H, f, w, mu, borrowed=()): M v = H r + f, u = H^T v + w */
static PyObject *gfc_new(PyTypeObject *type, PyObject *args, PyObject *kw)
{
  static char *kwl[] = {"dim", "M", "H", "f", "w", "mu", "borrowed", NULL};
  int dim;
  PyObject *M, *H, *f, *w, *mu, *bo = NULL, *keep, *borrowed;
  char msg[256] = "";
  sn_gfc *P;
  void *mem;
  if (!PyArg_ParseTupleAndKeywords(args, kw, "iOOOOO|O", kwl, &dim, &M, &H, &f, &w, &mu, &bo)) return NULL;
  if (dim != 2 && dim != 3) return PyErr_Format(PyExc_ValueError, "dim must be 2 or 3, got %d", dim);
  if (start(bo, sizeof *P, &keep, &borrowed, &mem)) return NULL;
  P = mem;
  P->dim = dim;
  int bad = snpy_csc_hold(M, "M", keep, &P->M) || square(P->M, "M", P->M->n) || snpy_csc_hold(H, "H", keep, &P->H);
  if (!bad && (P->H->m != P->M->n || P->H->n % dim))
    bad = PyErr_Format(PyExc_ValueError, "H: shape (%d, %d), expected (%d, dim * nc) with dim = %d", P->H->m,
                       P->H->n, P->M->n, dim) != NULL;
  if (!bad) P->ndof = P->M->n, P->nc = P->H->n / dim;
  bad = bad || snpy_vec_hold(f, "f", P->ndof, keep, &P->f) ||
        snpy_vec_hold(w, "w", (Py_ssize_t)dim * P->nc, keep, &P->w) || snpy_vec_hold(mu, "mu", P->nc, keep, &P->mu);
  if (bad) return fail(SN_KIND_GFC, P, keep, borrowed);
  return wrap(type, SN_KIND_GFC, P, keep, borrowed, sn_gfc_check(P, msg, sizeof msg), msg);
}

/* LCPBase(M, q, borrowed=()): w = M z + q */
static PyObject *lcp_new(PyTypeObject *type, PyObject *args, PyObject *kw)
{
  static char *kwl[] = {"M", "q", "borrowed", NULL};
  PyObject *M, *q, *bo = NULL, *keep, *borrowed;
  char msg[256] = "";
  sn_lcp *P;
  void *mem;
  if (!PyArg_ParseTupleAndKeywords(args, kw, "OO|O", kwl, &M, &q, &bo)) return NULL;
  if (start(bo, sizeof *P, &keep, &borrowed, &mem)) return NULL;
  P = mem;
  int bad = snpy_csc_hold(M, "M", keep, &P->M) || square(P->M, "M", P->M->n);
  if (!bad) P->n = P->M->n;
  if (bad || snpy_vec_hold(q, "q", P->n, keep, &P->q)) return fail(SN_KIND_LCP, P, keep, borrowed);
  return wrap(type, SN_KIND_LCP, P, keep, borrowed, sn_lcp_check(P, msg, sizeof msg), msg);
}

SnProblem *snpy_problem_check(PyObject *o)
{
  if (PyObject_TypeCheck(o, &SnPy_FCType) || PyObject_TypeCheck(o, &SnPy_GFCType) ||
      PyObject_TypeCheck(o, &SnPy_LCPType))
    return (SnProblem *)o;
  PyErr_Format(PyExc_TypeError, "expected a signorini problem (FC, GFC or LCP), got %R", Py_TYPE(o));
  return NULL;
}

int snpy_problem_size(const SnProblem *p, int *nr, int *nv)
{
  *nv = p->gfc ? p->gfc->ndof : 0;
  *nr = p->lcp ? p->lcp->n : p->fc ? p->fc->dim * p->fc->nc : p->gfc->dim * p->gfc->nc;
  return 0;
}

/* problem.error(r, v=None): the library's error measure (sn_fc_error, sn_gfc_error, sn_lcp_error) */
static PyObject *problem_error(SnProblem *p, PyObject *args, PyObject *kw)
{
  static char *kwl[] = {"r", "v", NULL};
  PyObject *ro, *vo = Py_None;
  PyArrayObject *r = NULL, *v = NULL;
  int nr, nv;
  if (!PyArg_ParseTupleAndKeywords(args, kw, "O|O", kwl, &ro, &vo)) return NULL;
  snpy_problem_size(p, &nr, &nv);
  if (p->gfc && vo == Py_None) return PyErr_Format(PyExc_TypeError, "error(r, v): a global problem needs v");
  if (!p->gfc && vo != Py_None) return PyErr_Format(PyExc_TypeError, "error(r): v is for global problems only");
  if (snpy_vec_view(ro, "r", nr, &r) || (p->gfc && snpy_vec_view(vo, "v", nv, &v))) {
    Py_XDECREF(r);
    return NULL;
  }
  const double *rd = PyArray_DATA(r);
  double e = p->fc    ? sn_fc_error(p->fc, rd, NULL)
             : p->lcp ? sn_lcp_error(p->lcp, rd)
                      : sn_gfc_error(p->gfc, rd, PyArray_DATA(v), NULL, NULL, NULL);
  Py_DECREF(r);
  Py_XDECREF(v);
  return PyFloat_FromDouble(e);
}

/* ---- attributes: sizes, copies of the data, the file's solution and guess ---- */

static PyObject *get_int(SnProblem *p, void *which)
{
  const char *w = which;
  int nr, nv;
  snpy_problem_size(p, &nr, &nv);
  if (w[0] == 'n' && w[1] == 0) return PyLong_FromLong(nr);
  if (w[0] == 'n' && w[1] == 'd') return PyLong_FromLong(nv);
  if (w[0] == 'n') return PyLong_FromLong(p->fc ? p->fc->nc : p->gfc->nc);
  return PyLong_FromLong(p->fc ? p->fc->dim : p->gfc->dim);   /* dim */
}

static PyObject *get_vec(SnProblem *p, void *which)
{
  const char *w = which;
  int nr, nv;
  snpy_problem_size(p, &nr, &nv);
  if (p->lcp) return snpy_vec_out(nr, p->lcp->q);
  if (p->fc) return w[0] == 'q' ? snpy_vec_out(nr, p->fc->q) : snpy_vec_out(p->fc->nc, p->fc->mu);
  if (w[0] == 'f') return snpy_vec_out(nv, p->gfc->f);
  return w[0] == 'w' ? snpy_vec_out(nr, p->gfc->w) : snpy_vec_out(p->gfc->nc, p->gfc->mu);
}

static PyObject *get_csc(SnProblem *p, void *which)
{
  const char *w = which;
  if (p->lcp) return snpy_csc_out(p->lcp->M);
  if (p->fc) return snpy_csc_out(p->fc->W);
  return snpy_csc_out(w[1] == 'M' ? p->gfc->M : w[1] == 'H' ? p->gfc->H : p->gfc->G);
}

static PyObject *get_solution(SnProblem *p, void *which)
{
  return snpy_solution_out(((const char *)which)[0] == 's' ? p->solution : p->guess);
}

static PyObject *get_borrowed(SnProblem *p, void *unused)
{
  (void)unused;
  if (!p->borrowed) return PyTuple_New(0);
  Py_INCREF(p->borrowed);
  return p->borrowed;
}

static PyObject *get_kind(SnProblem *p, void *unused)
{
  (void)unused;
  return PyUnicode_FromString(p->fc ? "fc" : p->gfc ? "gfc" : "lcp");
}

#define SN_GS_INT(name, doc) {name, (getter)get_int, NULL, doc, name}
#define SN_GS_VEC(name, doc) {name, (getter)get_vec, NULL, doc, name}
#define SN_GS_COMMON                                                                                        \
  {"kind", (getter)get_kind, NULL, "'fc', 'gfc' or 'lcp'", NULL},                                           \
  {"borrowed", (getter)get_borrowed, NULL, "names of the caller's arrays the problem uses without a copy", NULL}, \
  SN_GS_INT("n", "length of r (z for an LCP)"),                                                            \
  {"solution", (getter)get_solution, NULL, "the file's /solution as a dict of arrays r, u (v), or None", "s"}, \
  {"guess", (getter)get_solution, NULL, "the file's first /guesses entry as a dict, or None", "g"}

static PyGetSetDef fc_getset[] = {
    SN_GS_COMMON, SN_GS_INT("dim", "2 or 3"), SN_GS_INT("nc", "number of contacts"),
    SN_GS_VEC("q", "copy of q (float64, dim * nc)"), SN_GS_VEC("mu", "copy of mu (float64, nc)"),
    {"_W", (getter)get_csc, NULL, "W as (m, n, indptr, indices, data) copies", "_W"}, {NULL}};
static PyGetSetDef gfc_getset[] = {
    SN_GS_COMMON, SN_GS_INT("dim", "2 or 3"), SN_GS_INT("nc", "number of contacts"),
    SN_GS_INT("ndof", "length of v"), SN_GS_VEC("f", "copy of f (float64, ndof)"),
    SN_GS_VEC("w", "copy of w (float64, dim * nc)"), SN_GS_VEC("mu", "copy of mu (float64, nc)"),
    {"_M", (getter)get_csc, NULL, "M as (m, n, indptr, indices, data) copies", "_M"},
    {"_H", (getter)get_csc, NULL, "H as (m, n, indptr, indices, data) copies", "_H"},
    {"_G", (getter)get_csc, NULL, "G (equality part) as CSC copies, or None", "_G"}, {NULL}};
static PyGetSetDef lcp_getset[] = {
    SN_GS_COMMON, SN_GS_VEC("q", "copy of q (float64, n)"),
    {"_M", (getter)get_csc, NULL, "M as (m, n, indptr, indices, data) copies", "_M"}, {NULL}};

static PyMethodDef problem_methods[] = {
    {"error", (PyCFunction)(void (*)(void))problem_error, METH_VARARGS | METH_KEYWORDS,
     "error(r, v=None) -> float: the library's error measure of r (v for a global problem)"},
    {NULL}};

#define SN_PROBLEM_TYPE(var, name, newfn, gs, doc)                                                  \
  PyTypeObject var = {                                                                               \
      PyVarObject_HEAD_INIT(NULL, 0).tp_name = "signorini._signorini." name,                         \
      .tp_basicsize = sizeof(SnProblem), .tp_dealloc = (destructor)problem_dealloc,                  \
      .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE, .tp_doc = doc, .tp_methods = problem_methods, \
      .tp_getset = gs, .tp_new = newfn}

SN_PROBLEM_TYPE(SnPy_FCType, "FCBase", fc_new, fc_getset, "FCBase(dim, W, q, mu): base of signorini.FC");
SN_PROBLEM_TYPE(SnPy_GFCType, "GFCBase", gfc_new, gfc_getset, "GFCBase(dim, M, H, f, w, mu): base of signorini.GFC");
SN_PROBLEM_TYPE(SnPy_LCPType, "LCPBase", lcp_new, lcp_getset, "LCPBase(M, q): base of signorini.LCP");

int snpy_problem_types_ready(PyObject *module)
{
  PyTypeObject *types[] = {&SnPy_FCType, &SnPy_GFCType, &SnPy_LCPType};
  const char *names[] = {"FCBase", "GFCBase", "LCPBase"};
  for (int k = 0; k < 3; k++) {
    if (PyType_Ready(types[k]) < 0) return -1;
    Py_INCREF(types[k]);
    if (PyModule_AddObject(module, names[k], (PyObject *)types[k]) < 0) {
      Py_DECREF(types[k]);
      return -1;
    }
  }
  return 0;
}
