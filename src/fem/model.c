/* The model a deck describes: release, id lookup, amplitudes, the local frames of *TRANSFORM. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "signorini/fem.h"

void sn_model_free(sn_model *m)
{
  if (!m) return;
  free(m->node_id);
  free(m->x);
  free(m->elem_id);
  free(m->elem_type);
  free(m->elem_ptr);
  free(m->elem_conn);
  free(m->elem_section);
  free(m->elem_spring);
  for (int i = 0; i < m->nsets; i++) free(m->sets[i].items);
  free(m->sets);
  free(m->materials);
  free(m->sections);
  for (int i = 0; i < m->nsprings; i++) {
    free(m->springs[i].force);
    free(m->springs[i].elong);
  }
  free(m->springs);
  for (int i = 0; i < m->namplitudes; i++) {
    free(m->amplitudes[i].t);
    free(m->amplitudes[i].a);
  }
  free(m->amplitudes);
  for (int i = 0; i < m->ntimepoints; i++) free(m->timepoints[i].t);
  free(m->timepoints);
  free(m->notes);
  for (int i = 0; i < m->nsurfaces; i++) {
    free(m->surfaces[i].elem);
    free(m->surfaces[i].face);
    free(m->surfaces[i].node);
    free(m->surfaces[i].weight);
  }
  free(m->surfaces);
  free(m->rigids);
  free(m->interactions);
  free(m->pairs);
  free(m->gaps);
  for (int i = 0; i < m->nsteps; i++) {
    free(m->steps[i].bc);
    free(m->steps[i].cload);
    free(m->steps[i].dload);
    free(m->steps[i].out);
    free(m->steps[i].change);
    free(m->steps[i].temp);
    free(m->steps[i].tbc);
  }
  free(m->steps);
  free(m->ivel);
  free(m->equations);
  free(m->knot_node);
  free(m->knot_ptr);
  free(m->knot_members);
  free(m->eqt_node);
  free(m->eqt_dof);
  free(m->eqt_coef);
  free(m->transforms);
  free(m->node_transform);
  free(m->ties);
  free(m->temp0);
  free(m->node_hash);
  free(m->elem_hash);
  free(m);
}

/* Fibonacci hashing of a user id into a table of 1 << bits slots */
static unsigned slot(int id, int bits)
{
  return (unsigned)(((uint32_t)id * 2654435761u) >> (32 - bits));
}

static int build(int **tab, int *hbits, const int *ids, int n)
{
  free(*tab);
  *tab = NULL;
  *hbits = 0;
  if (n <= 0) return SN_OK;
  int bits = 4;
  while (bits < 30 && ((size_t)1 << bits) < (size_t)n * 2) bits++;
  if (((size_t)1 << bits) < (size_t)n + 1) return SN_ERR_ARG;   /* cannot happen below 2^29 ids */
  int *t = calloc((size_t)1 << bits, sizeof *t);
  if (!t) return SN_ERR_NOMEM;
  unsigned mask = (1u << bits) - 1;
  for (int i = 0; i < n; i++) {
    unsigned h = slot(ids[i], bits);
    while (t[h]) {
      if (ids[t[h] - 1] == ids[i]) break;          /* duplicate id: the first one wins */
      h = (h + 1) & mask;
    }
    if (!t[h]) t[h] = i + 1;
  }
  *tab = t;
  *hbits = bits;
  return SN_OK;
}

int sn_model_build_index(sn_model *m)
{
  if (!m || m->nnodes < 0 || m->nelems < 0) return SN_ERR_ARG;
  int st = build(&m->node_hash, &m->node_hbits, m->node_id, m->nnodes);
  if (!st) st = build(&m->elem_hash, &m->elem_hbits, m->elem_id, m->nelems);
  return st;
}

static int lookup(const int *tab, int bits, const int *ids, int n, int id)
{
  if (!ids || n <= 0) return -1;
  if (!tab) {
    for (int i = 0; i < n; i++)
      if (ids[i] == id) return i;
    return -1;
  }
  unsigned mask = (1u << bits) - 1, h = slot(id, bits);
  for (;;) {
    int v = tab[h];
    if (!v) return -1;
    if (v <= n && ids[v - 1] == id) return v - 1;
    h = (h + 1) & mask;
  }
}

int sn_model_node_index(const sn_model *m, int id)
{
  return m ? lookup(m->node_hash, m->node_hbits, m->node_id, m->nnodes, id) : -1;
}

int sn_model_elem_index(const sn_model *m, int id)
{
  return m ? lookup(m->elem_hash, m->elem_hbits, m->elem_id, m->nelems, id) : -1;
}

double sn_amplitude_value(const sn_model *m, int amp, double t, double period)
{
  if (amp < 0) {
    if (!(period > 0)) return 1.0;
    double r = t / period;
    return r < 0 ? 0.0 : r > 1 ? 1.0 : r;
  }
  if (!m || amp >= m->namplitudes) return 0.0;
  const sn_amplitude *A = &m->amplitudes[amp];
  int n = A->n;
  if (n <= 0 || !A->t || !A->a) return 0.0;
  if (!(t > A->t[0])) return A->a[0];              /* also for a NaN t */
  if (t >= A->t[n - 1]) return A->a[n - 1];
  int lo = 0, hi = n - 1;                          /* t[lo] < t < t[hi] */
  while (hi - lo > 1) {
    int mid = lo + (hi - lo) / 2;
    if (A->t[mid] <= t) lo = mid;
    else hi = mid;
  }
  double dt = A->t[hi] - A->t[lo];
  double w = dt > 0 ? (t - A->t[lo]) / dt : 1.0;
  return A->a[lo] + w * (A->a[hi] - A->a[lo]);
}

/* *TRANSFORM frames (CalculiX User's Manual, *TRANSFORM): rectangular, x' along a, y' in the
 * plane of a and b, z' = x' x y'; cylindrical, z' along b - a, x' radial through the node,
 * y' = z' x x' (right-handed) */
static double unit(double *v)
{
  double n = sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
  if (n > 0) for (int c = 0; c < 3; c++) v[c] /= n;
  return n;
}

static void cross(const double *a, const double *b, double *c)
{
  c[0] = a[1] * b[2] - a[2] * b[1];
  c[1] = a[2] * b[0] - a[0] * b[2];
  c[2] = a[0] * b[1] - a[1] * b[0];
}

int sn_model_node_frame(const sn_model *m, int i, double *R)
{
  for (int k = 0; k < 9; k++) R[k] = (k % 4 == 0) ? 1.0 : 0.0;
  if (!m || i < 0 || i >= m->nnodes || !m->node_transform || m->node_transform[i] < 0) return SN_OK;
  const sn_transform *t = &m->transforms[m->node_transform[i]];
  double e1[3], e2[3], e3[3];
  if (!t->cylindrical) {
    memcpy(e1, t->a, sizeof e1);
    if (!(unit(e1) > 0)) return SN_ERR_FORMAT;
    double d = t->b[0] * e1[0] + t->b[1] * e1[1] + t->b[2] * e1[2];
    for (int c = 0; c < 3; c++) e2[c] = t->b[c] - d * e1[c];
    if (!(unit(e2) > 1e-12 * sqrt(t->b[0] * t->b[0] + t->b[1] * t->b[1] + t->b[2] * t->b[2]))) return SN_ERR_FORMAT;
    cross(e1, e2, e3);
  } else {
    for (int c = 0; c < 3; c++) e3[c] = t->b[c] - t->a[c];
    double L = unit(e3);
    if (!(L > 0)) return SN_ERR_FORMAT;
    const double *x = m->x + 3 * (size_t)i;
    double r[3], d = 0;
    for (int c = 0; c < 3; c++) d += (x[c] - t->a[c]) * e3[c];
    for (int c = 0; c < 3; c++) r[c] = x[c] - t->a[c] - d * e3[c];
    memcpy(e1, r, sizeof e1);
    if (!(unit(e1) >= 1e-10)) {
      /* a node on the axis (closer than 1e-10, CalculiX 2.20's tolerance): any radial direction
       * does, and CalculiX takes the one orthogonal to the axis with a unit y (x, z) component
       * and a zero z (x, y) one, the first whose axis component allows it (docs/deck.md) */
      if (fabs(e3[0]) > 1e-10) e1[0] = -e3[1] / e3[0], e1[1] = 1, e1[2] = 0;
      else if (fabs(e3[1]) > 1e-10) e1[0] = 0, e1[1] = -e3[2] / e3[1], e1[2] = 1;
      else e1[0] = 1, e1[1] = 0, e1[2] = -e3[0] / e3[2];
      unit(e1);
    }
    cross(e3, e1, e2);
  }
  memcpy(R, e1, sizeof e1);
  memcpy(R + 3, e2, sizeof e2);
  memcpy(R + 6, e3, sizeof e3);
  return SN_OK;
}
