/* The output frame of contact results (contact_frame.h): CalculiX' tangent directions, so that a
 * shear or slip has one sign in every file, whatever the node order of the master faces. */
#include "analysis/contact_frame.h"

#include <math.h>
#include <string.h>

/* a - (a.n) n, normalised; returns its length before normalising */
static double project(const double a[3], const double n[3], double t[3])
{
  double an = a[0] * n[0] + a[1] * n[1] + a[2] * n[2];
  for (int c = 0; c < 3; c++) t[c] = a[c] - an * n[c];
  double L = sqrt(t[0] * t[0] + t[1] * t[1] + t[2] * t[2]);
  if (L > 0)
    for (int c = 0; c < 3; c++) t[c] /= L;
  return L;
}

void sn_contact_out_frame(const sn_contact_point *p, int dim, double t1[3], double t2[3])
{
  static const double ex[3] = {1, 0, 0}, ey[3] = {0, 1, 0}, ez[3] = {0, 0, 1};
  const double *n = p->normal;
  if (project(ex, n, t1) < 0.1) project(dim == 2 ? ey : ez, n, t1);
  if (dim == 2) {
    memset(t2, 0, 3 * sizeof(double));
    return;
  }
  t2[0] = n[1] * t1[2] - n[2] * t1[1];
  t2[1] = n[2] * t1[0] - n[0] * t1[2];
  t2[2] = n[0] * t1[1] - n[1] * t1[0];
}

void sn_contact_out_components(const sn_contact_point *p, int dim, const double *v, double out[3])
{
  double g[3], t1[3], t2[3];   /* the tangential part of v as a global vector */
  for (int c = 0; c < 3; c++) g[c] = v[1] * p->t1[c] + (dim == 3 ? v[2] * p->t2[c] : 0.0);
  sn_contact_out_frame(p, dim, t1, t2);
  out[0] = v[0];
  out[1] = g[0] * t1[0] + g[1] * t1[1] + g[2] * t1[2];
  out[2] = dim == 3 ? g[0] * t2[0] + g[1] * t2[1] + g[2] * t2[2] : 0.0;
}

void sn_contact_out_stress(const sn_contact_point *p, int dim, const double *r, double out[3])
{
  sn_contact_out_components(p, dim, r, out);
  out[1] = -out[1];
  out[2] = -out[2];
}
