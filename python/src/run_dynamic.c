/* A *DYNAMIC deck's analysis (sn_dynamic_run, Moreau-Jean on the finite-element model) from
 * Python: every output step's results (those `signorini run` writes as BASE.NNNN.vtu) copied into
 * numpy arrays with the velocities V, the energies of every time step as arrays, and, when a
 * folder is given, the files of `signorini run` (the .vtu series, .pvd, the energy CSV and its
 * plot) written by the same writers. The GIL is released during the run and taken back by the
 * step callback on output steps. */
#include "snpy.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
  PyObject *list;                   /* one dict per output step */
  sn_run_output *out;               /* NULL: no files */
  sn_dyn_energy *rows;              /* every time step's energies */
  int nrows, cap, frames;
  PyObject *etype, *evalue, *etb;   /* an exception raised while building the arrays */
} dyn_ctx;

static int keep_energy(dyn_ctx *c, const sn_dyn_energy *e)
{
  if (c->nrows == c->cap) {
    int nc = c->cap ? 2 * c->cap : 1024;
    sn_dyn_energy *r = realloc(c->rows, sizeof *r * (size_t)nc);
    if (!r) return SN_ERR_NOMEM;
    c->rows = r;
    c->cap = nc;
  }
  c->rows[c->nrows++] = *e;
  return SN_OK;
}

/* sn_dynamic_fn: the energies of every step; on output steps the files (numbered by output step,
 * as `signorini run`) and the arrays */
static int on_step(const sn_model *m, const sn_fesys *S, const sn_increment *inc, const sn_dyn_energy *e,
                   int output, void *user)
{
  dyn_ctx *c = user;
  int rc = keep_energy(c, e);
  if (rc || !output) return rc;
  sn_increment I = *inc;
  I.total_increment = ++c->frames;
  if (c->out && (rc = sn_run_output_increment(m, S, &I, c->out))) return rc;
  PyGILState_STATE g = PyGILState_Ensure();
  PyObject *d = snpy_increment_dict(m, inc), *v = snpy_matrix_out(m->nnodes, m->ndf, inc->v);
  if (!d || !v || PyDict_SetItemString(d, "V", v) || PyList_Append(c->list, d)) {
    PyErr_Fetch(&c->etype, &c->evalue, &c->etb);
    rc = SN_ERR_NOMEM;
  }
  Py_XDECREF(d);
  Py_XDECREF(v);
  PyGILState_Release(g);
  return rc;
}

/* the energies of every time step as a dict of arrays */
static PyObject *energy_dict(const dyn_ctx *c)
{
  static const char *const names[] = {"time", "kinetic", "strain", "external_work", "contact_dissipation",
                                      "damping_dissipation", "total"};
  PyObject *d = PyDict_New();
  npy_intp n = c->nrows;
  for (int k = 0; d && k < 7; k++) {
    PyObject *a = PyArray_SimpleNew(1, &n, NPY_DOUBLE);
    if (!a) { Py_CLEAR(d); break; }
    double *x = PyArray_DATA((PyArrayObject *)a);
    for (int i = 0; i < c->nrows; i++) {
      const sn_dyn_energy *e = &c->rows[i];
      const double v[7] = {e->time, e->kinetic, e->strain, e->external_work, e->contact_dissipation,
                           e->damping_dissipation, e->total};
      x[i] = v[k];
    }
    if (PyDict_SetItemString(d, names[k], a)) Py_CLEAR(d);
    Py_DECREF(a);
  }
  return d;
}

static PyObject *info_dict(const sn_model *m, const sn_dynamic_info *I, const dyn_ctx *c)
{
  npy_intp nn = m->nnodes;
  PyObject *ids = PyArray_SimpleNew(1, &nn, NPY_INT32);
  if (ids) memcpy(PyArray_DATA((PyArrayObject *)ids), m->node_id, sizeof(int) * (size_t)m->nnodes);
  return Py_BuildValue("{sNsNsisisisisisisisisdsisdsdsdsdsN}", "node_ids", ids, "x", snpy_matrix_out(m->nnodes, 3, m->x),
                       "ndf", m->ndf, "status", I->status, "steps", I->steps, "ndof", I->ndof, "nfree", I->nfree,
                       "contact_steps", I->contact_steps, "contact_missed", I->contact_missed, "first_missed",
                       I->first_missed, "missed_error", I->missed_error, "contact_iterations", I->contact_iterations,
                       "seconds", I->seconds, "assembly_seconds", I->assembly_seconds, "contact_seconds",
                       I->contact_seconds, "output_seconds", I->output_seconds, "energy", energy_dict(c));
}

/* the analysis, without the GIL; the energy CSV and plot at the end when writing */
static int analyse(const sn_model *m, dyn_ctx *c, sn_dynamic_info *info, char *msg, size_t len)
{
  sn_dynamic_settings s;
  sn_dynamic_settings_default(&s);
  s.on_step = on_step;
  s.user = c;
  int st, est = SN_OK;
  Py_BEGIN_ALLOW_THREADS
  st = sn_dynamic_run(m, &s, info, msg, len);
  int ws = c->out ? sn_run_output_wait(c->out) : SN_OK;   /* the last time step's files */
  if (st >= 0 && c->out && c->nrows) est = sn_run_output_energy(c->out, m, c->rows, c->nrows);
  if (!est) est = ws;
  Py_END_ALLOW_THREADS
  if (c->out && sn_run_output_error(c->out)[0]) snprintf(msg, len, "%s", sn_run_output_error(c->out));
  return st < 0 ? st : est ? est : st;
}

PyObject *snpy_model_run_dynamic(const sn_model *m, const char *deck, const char *outdir, const char *base,
                                 int fsync)
{
  char msg[1024] = "";
  PyObject *res = NULL;
  dyn_ctx c;
  memset(&c, 0, sizeof c);
  if (!(c.list = PyList_New(0))) return NULL;
  int st = sn_dynamic_check(m, msg, sizeof msg);
  if (!st && outdir[0]) {
    st = sn_run_output_open(outdir, base, m, &c.out, msg, sizeof msg);
    if (!st) sn_run_output_configure(c.out, SN_VTU_RAW, SN_PLOTS_STEP);
    if (!st) sn_run_output_set_fsync(c.out, fsync);
  }
  sn_dynamic_info info;
  memset(&info, 0, sizeof info);
  if (!st) st = analyse(m, &c, &info, msg, sizeof msg);
  /* st > 0: every time step ran, some contact problem accepted short of the tolerance: a result
   * (info "status", "contact_missed", "missed_error"), not an exception */
  if (c.etype) PyErr_Restore(c.etype, c.evalue, c.etb);
  else if (st < 0) snpy_raise(st, deck, msg);
  else res = Py_BuildValue("(NO)", info_dict(m, &info, &c), c.list);
  sn_run_output_close(c.out);
  Py_DECREF(c.list);
  free(c.rows);
  return res;
}
