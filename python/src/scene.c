/* The type Scene (base of signorini.Scene): a rigid-body scene file read by sn_scene_read,
 * stepped by sn_scene_step (Moreau-Jean) or sn_scene_advance_event with the GIL released, and
 * its bodies' states, contacts and energies read back as numpy arrays. A scene changes as it
 * steps: one thread at a time (a second concurrent use is refused with RuntimeError). */
#include "snpy.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
  PyObject_HEAD
  sn_scene *S;
  sn_scene_run run;   /* the file's *DYNAMIC settings; run.solver backs settings.solver */
  int busy;           /* a step is running without the GIL */
} SnScene;

static void scene_dealloc(SnScene *s)
{
  sn_scene_free(s->S);
  Py_TYPE(s)->tp_free((PyObject *)s);
}

/* SceneBase(path) */
static PyObject *scene_new(PyTypeObject *type, PyObject *args, PyObject *kw)
{
  static char *kwl[] = {"path", NULL};
  PyObject *path;
  if (!PyArg_ParseTupleAndKeywords(args, kw, "O&", kwl, PyUnicode_FSConverter, &path)) return NULL;
  SnScene *s = (SnScene *)type->tp_alloc(type, 0);
  char msg[1024] = "";
  int st = s ? sn_scene_read(PyBytes_AS_STRING(path), NULL, &s->S, &s->run, msg, sizeof msg) : 0;
  Py_DECREF(path);
  if (!s) return NULL;
  if (st == SN_ERR_IO) PyErr_Format(PyExc_OSError, "%s", msg);
  else if (st) snpy_raise(st, NULL, msg);
  if (st) Py_CLEAR(s);
  return (PyObject *)s;
}

/* step(n): n Moreau-Jean steps of the file's dt, or event-driven integration over n output
 * intervals; returns (worst status, last step's contacts, iterations, error, max penetration) */
static PyObject *scene_step(SnScene *s, PyObject *args)
{
  long n = 1;
  if (!PyArg_ParseTuple(args, "|l", &n)) return NULL;
  if (n < 0) return PyErr_Format(PyExc_ValueError, "n must be >= 0, got %ld", n);
  if (s->busy) return PyErr_Format(PyExc_RuntimeError, "the scene is being stepped by another thread");
  sn_dyn_settings set;
  sn_scene_run_settings(&s->run, &set);
  sn_dyn_info info = {0};
  int st = SN_OK, worst = SN_OK;
  s->busy = 1;
  Py_BEGIN_ALLOW_THREADS
  for (long k = 0; k < n && st >= 0; k++) {
    st = s->run.method == SN_SCENE_EVENT ? sn_scene_advance_event(s->S, sn_scene_time(s->S) + s->run.dt, &set, &info)
                                         : sn_scene_step(s->S, &set, &info);
    if (st > worst) worst = st;
  }
  Py_END_ALLOW_THREADS
  s->busy = 0;
  if (st < 0) return snpy_raise(st, "step", NULL);
  return Py_BuildValue("(iiidd)", worst, info.ncontacts, info.iterations, info.error, info.max_penetration);
}

/* states(): (x, q, v, w) arrays, one row per body */
static PyObject *scene_states(SnScene *s, PyObject *unused)
{
  (void)unused;
  int nb = sn_scene_nbodies(s->S);
  npy_intp d3[2] = {nb, 3}, d4[2] = {nb, 4};
  PyObject *x = PyArray_SimpleNew(2, d3, NPY_DOUBLE), *q = PyArray_SimpleNew(2, d4, NPY_DOUBLE);
  PyObject *v = PyArray_SimpleNew(2, d3, NPY_DOUBLE), *w = PyArray_SimpleNew(2, d3, NPY_DOUBLE);
  if (x && q && v && w)
    for (int b = 0; b < nb; b++) {
      sn_body_state st;
      sn_scene_body_state(s->S, b, &st);
      memcpy((double *)PyArray_DATA((PyArrayObject *)x) + 3 * b, st.x, sizeof st.x);
      memcpy((double *)PyArray_DATA((PyArrayObject *)q) + 4 * b, st.q, sizeof st.q);
      memcpy((double *)PyArray_DATA((PyArrayObject *)v) + 3 * b, st.v, sizeof st.v);
      memcpy((double *)PyArray_DATA((PyArrayObject *)w) + 3 * b, st.w, sizeof st.w);
    }
  return Py_BuildValue("(NNNN)", x, q, v, w);
}

/* contacts(): (a, b, status) int arrays and (point, normal, impulse, u) n x 3 arrays, gap */
static PyObject *scene_contacts(SnScene *s, PyObject *unused)
{
  (void)unused;
  int n = sn_scene_ncontacts(s->S);
  npy_intp d1 = n, d3[2] = {n, 3};
  PyObject *ab = PyArray_SimpleNew(2, d3, NPY_INT32), *gap = PyArray_SimpleNew(1, &d1, NPY_DOUBLE);
  PyObject *f[4] = {PyArray_SimpleNew(2, d3, NPY_DOUBLE), PyArray_SimpleNew(2, d3, NPY_DOUBLE),
                    PyArray_SimpleNew(2, d3, NPY_DOUBLE), PyArray_SimpleNew(2, d3, NPY_DOUBLE)};
  if (ab && gap && f[0] && f[1] && f[2] && f[3])
    for (int k = 0; k < n; k++) {
      sn_body_contact c;
      sn_scene_contact(s->S, k, &c);
      int *abk = (int *)PyArray_DATA((PyArrayObject *)ab) + 3 * k;
      abk[0] = c.a, abk[1] = c.b, abk[2] = c.status;
      ((double *)PyArray_DATA((PyArrayObject *)gap))[k] = c.gap;
      const double *src[4] = {c.point, c.normal, c.impulse, c.u};
      for (int j = 0; j < 4; j++)
        memcpy((double *)PyArray_DATA((PyArrayObject *)f[j]) + 3 * k, src[j], 3 * sizeof(double));
    }
  return Py_BuildValue("(NNNNNN)", ab, gap, f[0], f[1], f[2], f[3]);
}

/* energy(): (kinetic, potential, friction_work, impact_loss, kinematic_work) */
static PyObject *scene_energy(SnScene *s, PyObject *unused)
{
  (void)unused;
  sn_energy e;
  int st = sn_scene_energy(s->S, &e);
  if (st) return snpy_raise(st, "energy", NULL);
  return Py_BuildValue("(ddddd)", e.kinetic, e.potential, e.friction_work, e.impact_loss, e.kinematic_work);
}

/* _last_problem(FC): the last Moreau-Jean step's local problem as an instance of FC, and its r */
static PyObject *scene_last_problem(SnScene *s, PyObject *cls)
{
  if (!PyType_Check(cls) || !PyType_IsSubtype((PyTypeObject *)cls, &SnPy_FCType))
    return PyErr_Format(PyExc_TypeError, "_last_problem: expected a subclass of FCBase");
  sn_fc *P = NULL;
  double *r = NULL;
  int st = sn_scene_last_problem(s->S, &P, &r);
  if (st) return snpy_raise(st, "last_problem", st == SN_ERR_ARG ? "no Moreau-Jean step was made yet" : NULL);
  SnProblem *p = (SnProblem *)((PyTypeObject *)cls)->tp_alloc((PyTypeObject *)cls, 0);
  PyObject *ra = p ? snpy_vec_out(P->dim * P->nc, r) : NULL;
  free(r);
  if (!p || !ra) { sn_fc_free(P); Py_XDECREF(p); Py_XDECREF(ra); return NULL; }
  p->kind = SN_KIND_FC, p->fc = P;
  return Py_BuildValue("(NN)", p, ra);
}

static PyObject *scene_names(SnScene *s, void *unused)
{
  (void)unused;
  int nb = sn_scene_nbodies(s->S);
  PyObject *l = PyList_New(nb);
  for (int b = 0; l && b < nb; b++) {
    const char *name = sn_scene_body_name(s->S, b);
    PyObject *o = name ? PyUnicode_FromString(name) : (Py_INCREF(Py_None), Py_None);
    if (!o) { Py_CLEAR(l); break; }
    PyList_SET_ITEM(l, b, o);
  }
  return l;
}

static PyObject *scene_num(SnScene *s, void *which)
{
  char w = ((const char *)which)[0];
  if (w == 't') return PyFloat_FromDouble(sn_scene_time(s->S));
  if (w == 'd') return PyFloat_FromDouble(s->run.dt);
  if (w == 'p') return PyFloat_FromDouble(s->run.total);
  if (w == 'n') return PyLong_FromLong(sn_scene_nbodies(s->S));
  if (w == 'm') return PyUnicode_FromString(s->run.method == SN_SCENE_EVENT ? "event" : "moreau");
  return PyUnicode_FromString(s->run.heading);
}

static PyGetSetDef scene_getset[] = {
    {"time", (getter)scene_num, NULL, "the scene's time", "t"},
    {"dt", (getter)scene_num, NULL, "the file's time step (event-driven: the output interval)", "d"},
    {"period", (getter)scene_num, NULL, "the file's time period (*DYNAMIC)", "p"},
    {"nbodies", (getter)scene_num, NULL, "number of bodies", "n"},
    {"method", (getter)scene_num, NULL, "'moreau' or 'event'", "m"},
    {"heading", (getter)scene_num, NULL, "the *HEADING line", "h"},
    {"names", (getter)scene_names, NULL, "the bodies' names, in index order", NULL},
    {NULL}};

static PyMethodDef scene_methods[] = {
    {"_step", (PyCFunction)scene_step, METH_VARARGS, "_step(n) -> (status, ncontacts, iterations, error, penetration)"},
    {"_states", (PyCFunction)scene_states, METH_NOARGS, "_states() -> (x, q, v, w)"},
    {"_contacts", (PyCFunction)scene_contacts, METH_NOARGS, "_contacts() -> (ab, gap, point, normal, impulse, u)"},
    {"_energy", (PyCFunction)scene_energy, METH_NOARGS, "_energy() -> 5 floats"},
    {"_last_problem", (PyCFunction)scene_last_problem, METH_O, "_last_problem(FC) -> (problem, r)"},
    {NULL}};

PyTypeObject SnPy_SceneType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "signorini._signorini.SceneBase", .tp_basicsize = sizeof(SnScene),
    .tp_dealloc = (destructor)scene_dealloc, .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_doc = "SceneBase(path): base of signorini.Scene", .tp_methods = scene_methods, .tp_getset = scene_getset,
    .tp_new = scene_new};

int snpy_scene_type_ready(PyObject *module)
{
  if (PyType_Ready(&SnPy_SceneType) < 0) return -1;
  Py_INCREF(&SnPy_SceneType);
  if (PyModule_AddObject(module, "SceneBase", (PyObject *)&SnPy_SceneType) < 0) {
    Py_DECREF(&SnPy_SceneType);
    return -1;
  }
  return 0;
}
