/* The out-of-plane field of CalculiX' expanded plane-stress elements over a model (ip_layers.h,
 * sn_ps_stretch_solve; the element's part and the derivation: src/fem/element_plane_stress.c):
 * the nodal w of every node of a plane-stress element printed in CalculiX' layers, from the
 * assembled K_w w = f_w (symmetric positive definite: the (2 / t)^2 N N^T term alone is a
 * mass matrix), solved by Cholesky. */
#include "analysis/ip_layers.h"

#include "signorini/la.h"

#include <stdlib.h>
#include <string.h>

#define MAXN 20

int sn_ps_props(const sn_model *m, int e, sn_elprops *p)
{
  memset(p, 0, sizeof *p);
  const sn_eldesc *d = sn_element_desc(m->elem_type[e]);
  if (!d || d->kind != SN_KIND_PLANE_STRESS || !m->elem_section) return 0;
  int k = m->elem_section[e];
  if (k < 0 || k >= m->nsections) return 0;
  const sn_material *mat = &m->materials[m->sections[k].material];
  if (!mat->has_elastic || mat->has_hyper) return 0;
  p->E = mat->E;
  p->nu = mat->nu;
  p->thickness = m->sections[k].thickness;
  return 1;
}

/* 1 when element e is a plane-stress element CalculiX prints in layers (ip_layers.h) */
static int layered(const sn_model *m, const int *ipo, int e, sn_elprops *p)
{
  return sn_ps_props(m, e, p) && sn_ip_layers(m->elem_type[e], ipo[e + 1] - ipo[e]) > 1;
}

int sn_ps_stretch_solve(const sn_model *m, const sn_fesys *S, const double *u, double **W, double **ezz)
{
  *W = *ezz = NULL;
  const int *ipo = sn_fesys_ip_offset(S);
  size_t cap = (size_t)m->nnodes;
  int any = 0;
  sn_elprops p;
  for (int e = 0; e < m->nelems; e++)
    if (layered(m, ipo, e, &p)) {
      size_t nn = (size_t)(m->elem_ptr[e + 1] - m->elem_ptr[e]);
      cap += nn * nn;
      any = 1;
    }
  if (!any) return SN_OK;
  double *E = malloc(sizeof(double) * 6 * ((size_t)ipo[m->nelems] + 1));
  double *f = calloc((size_t)m->nnodes + 1, sizeof(double)), *w = calloc((size_t)m->nnodes + 1, sizeof(double));
  double *ez = calloc((size_t)ipo[m->nelems] + 1, sizeof(double));
  int *I = malloc(sizeof(int) * (cap + 1)), *J = malloc(sizeof(int) * (cap + 1));
  double *V = malloc(sizeof(double) * (cap + 1));
  unsigned char *used = calloc((size_t)m->nnodes + 1, 1);
  sn_csc *K = NULL;
  sn_chol *F = NULL;
  int st = (!E || !f || !w || !ez || !I || !J || !V || !used) ? SN_ERR_NOMEM : SN_OK;
  if (!st) st = sn_fesys_strain(S, u, NULL, E);   /* the total strains: eps_zz of plane stress */
  size_t z = 0;
  for (int e = 0; !st && e < m->nelems; e++) {
    if (!layered(m, ipo, e, &p)) continue;
    int a0 = m->elem_ptr[e], nn = m->elem_ptr[e + 1] - a0, nip = ipo[e + 1] - ipo[e];
    double X[3 * MAXN], Kw[MAXN * MAXN], fw[MAXN], eq[27];
    if (nn > MAXN || nip > 27) { st = SN_ERR_ARG; break; }
    for (int a = 0; a < nn; a++) memcpy(X + 3 * a, m->x + 3 * m->elem_conn[a0 + a], 3 * sizeof(double));
    for (int k = 0; k < nip; k++) eq[k] = ez[ipo[e] + k] = E[6 * (size_t)(ipo[e] + k) + 2];
    if ((st = sn_element_ps_stretch(m->elem_type[e], X, &p, eq, Kw, fw))) break;
    for (int a = 0; a < nn; a++) {
      int va = m->elem_conn[a0 + a];
      used[va] = 1;
      f[va] += fw[a];
      for (int b = 0; b < nn; b++) {
        I[z] = va;
        J[z] = m->elem_conn[a0 + b];
        V[z++] = Kw[a * nn + b];
      }
    }
  }
  for (int i = 0; !st && i < m->nnodes; i++)
    if (!used[i]) { I[z] = J[z] = i; V[z++] = 1.0; }   /* nodes of no plane-stress element: w = 0 */
  if (!st) st = sn_csc_from_triplets(m->nnodes, m->nnodes, (int)z, I, J, V, &K);
  if (!st) st = sn_chol_factor(K, &F);
  if (st == SN_ERR_NOT_SPD) {   /* no unique w (not met on the tested types): plane-stress values */
    sn_csc_free(K);
    free(E); free(f); free(I); free(J); free(V); free(used); free(w); free(ez);
    return SN_OK;
  }
  if (!st) st = sn_chol_solve(F, f, w);
  sn_chol_free(F);
  sn_csc_free(K);
  free(E); free(f); free(I); free(J); free(V); free(used);
  if (st) { free(w); free(ez); return st; }
  *W = w;
  *ezz = ez;
  return SN_OK;
}

int sn_ps_layer_value(const sn_model *m, const int *ipo, const double *W, const double *ezz, int strain, int e,
                      int k, int layer, int nl, const double *v2d, double *v3d)
{
  sn_elprops p;
  if (!W || !layered(m, ipo, e, &p)) return 0;
  int a0 = m->elem_ptr[e], nn = m->elem_ptr[e + 1] - a0;
  double X[3 * MAXN], w[MAXN];
  if (nn > MAXN) return 0;
  for (int a = 0; a < nn; a++) {
    memcpy(X + 3 * a, m->x + 3 * m->elem_conn[a0 + a], 3 * sizeof(double));
    w[a] = W[m->elem_conn[a0 + a]];
  }
  double zeta = sn_ip_layer_zeta(nl, layer);
  if (strain) return sn_element_ps_layer_strain(m->elem_type[e], X, &p, w, k, zeta, v2d, v3d) == SN_OK;
  return sn_element_ps_layer(m->elem_type[e], X, &p, w, k, zeta, ezz[ipo[e] + k], v2d, v3d) == SN_OK;
}
