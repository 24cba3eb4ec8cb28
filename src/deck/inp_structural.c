/* Shells and beams as CalculiX expands them (CalculiX User's Manual 2.20, sections "Eight-node
 * shell element (S8 and S8R)", "Three-node beam element (B32 and B32R)", "Expansion of the
 * one-dimensional and two-dimensional elements", *SHELL SECTION, *BEAM SECTION): every S8 / S8R
 * element becomes a C3D20 / C3D20R brick, every B32 / B32R a C3D20 / C3D20R around the beam
 * axis, keeping the element's number. The reader stores such an element as a brick whose
 * connectivity still holds the original nodes (inp_geometry.c) and this file, at the end of
 * the deck, generates the through-thickness (cross-section) nodes and rewrites it.
 *
 * Shells: the normal of a node is the normed mean of the unit normals of the shell elements
 * at the node (computed from the quadratic shape functions); the node's mid-surface point is
 * X - offset t n (OFFSET=, a fraction of the thickness, the reference surface at offset t
 * above the mid-surface), the bottom and top nodes X + (-offset -+ 1/2) t n. The brick's
 * nodes 1-4 / 9-12 are the bottom corners / midsides, 5-8 / 13-16 the top ones, 17-20 the
 * mid-surface points of the corners; face S1 of the brick is the shell's SNEG side, S2 its
 * SPOS side, S3-S6 its edges. The original node ('knot') follows the expanded ones by linear
 * equations (src/fem/dofmap.c eliminates them): u_orig = (u_bottom + u_top) / 2 (the manual's
 * MPC for shell nodes without a knot), and a corner's mid node u_mid = u_orig, i.e. the
 * displacement is linear through the thickness at the corners. Without the latter a single
 * layer of C3D20R has a zero-energy mode in a strip one element wide (the stiffness is
 * singular); with it a simply supported strip of one S8R across gives CalculiX 2.20's
 * deflection to 7 digits.
 * Beams: the tangent of a node is the normed mean of the elements' tangents there; the
 * section's 1-direction n1 (the second data line of *BEAM SECTION, default (0, 0, -1)) is
 * made orthogonal to it, n2 = t x n1. A RECT section (a along n1, b along n2) gets its four
 * corners and four edge midpoints, a CIRC one (radius r) eight points on its circle at 45
 * degree spacing. The brick is laid like a shell of normal n1 (its face S1 on the -n1 side,
 * S2 on the +n1 side: a *DLOAD P1 pushes along +n1, as in CalculiX' contact11 test); an end
 * node has its 4 corners and 4 edge midpoints, the middle node its 4 corners. The original
 * node is tied to the mean of its 4 corners (the manual's MPC for beam nodes without a knot),
 * and an end's edge midpoints to the corners' bilinear interpolation (linear across the
 * section: without it a chain of single C3D20R has a zero-energy mode).
 * Only translations are tied: rotational degrees of freedom (4-6) do not exist (refused). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "deck/inp_internal.h"

/* ---- the keywords ---- */

static inp_stsec *stsec_of(inp_rd *p) { return &p->stsec[p->cur_sec]; }

int inp_shell_section_begin(inp_rd *p)
{
  int r;
  if ((r = inp_section_add(p, INP_ST_SHELL))) return r;
  inp_stsec *s = stsec_of(p);
  inp_param *o = inp_par(p, "OFFSET");
  if (o) {
    if (!o->val) return inp_fail(p, "*SHELL SECTION: OFFSET needs a value");
    if (!strcmp(o->val, "SPOS")) s->offset = 0.5;
    else if (!strcmp(o->val, "SNEG")) s->offset = -0.5;
    else if ((r = inp_get_dbl(p, o->val, "OFFSET", &s->offset))) return r;
  }
  return SN_OK;
}

int inp_shell_section_data(inp_rd *p)
{
  int r;
  if (p->ndata) return inp_fail(p, "*SHELL SECTION takes one data line (the thickness)");
  if (p->nf != 1) return inp_fail(p, "*SHELL SECTION data line: expected one value (the thickness), found %d", p->nf);
  double t;
  if ((r = inp_get_dbl(p, p->f[0], "thickness", &t))) return r;
  if (!(t > 0)) return inp_fail(p, "*SHELL SECTION: the thickness %g must be positive", t);
  stsec_of(p)->t = t;
  return SN_OK;
}

int inp_beam_section_begin(inp_rd *p)
{
  SBUF;
  int r;
  char sec[MAXNAME + 1];
  if ((r = inp_par_name(p, "SECTION", 1, sec))) return r;
  if (strcmp(sec, "RECT") && strcmp(sec, "CIRC"))
    return inp_fail(p, "*BEAM SECTION, SECTION=%s is not supported (RECT and CIRC are)", SHOW(sec));
  if ((r = inp_section_add(p, INP_ST_BEAM))) return r;
  inp_stsec *s = stsec_of(p);
  s->circ = !strcmp(sec, "CIRC");
  s->n1[0] = 0, s->n1[1] = 0, s->n1[2] = -1;   /* the manual's default 1-direction */
  const char *key[2] = {"OFFSET1", "OFFSET2"};
  double *dst[2] = {&s->off1, &s->off2};
  for (int k = 0; k < 2; k++) {
    inp_param *o = inp_par(p, key[k]);
    if (!o) continue;
    if (!o->val) return inp_fail(p, "*BEAM SECTION: %s needs a value", key[k]);
    if ((r = inp_get_dbl(p, o->val, key[k], dst[k]))) return r;
  }
  return SN_OK;
}

int inp_beam_section_data(inp_rd *p)
{
  int r;
  inp_stsec *s = stsec_of(p);
  double v[3];
  if (p->ndata > 1) return inp_fail(p, "*BEAM SECTION takes two data lines (the dimensions, the 1-direction)");
  if (p->ndata == 0) {
    int need = s->circ ? 1 : 2;
    if (p->nf != need)
      return inp_fail(p, "*BEAM SECTION, SECTION=%s: expected %d dimension%s, found %d", s->circ ? "CIRC" : "RECT", need,
                      need == 1 ? " (the radius)" : "s (along the 1- and 2-directions)", p->nf);
    for (int k = 0; k < need; k++) {
      if ((r = inp_get_dbl(p, p->f[k], "dimension", &v[k]))) return r;
      if (!(v[k] > 0)) return inp_fail(p, "*BEAM SECTION: the dimension %g must be positive", v[k]);
    }
    s->a = v[0];
    s->b = s->circ ? v[0] : v[1];
    return SN_OK;
  }
  if (p->nf != 3) return inp_fail(p, "*BEAM SECTION: the 1-direction line needs 3 components, found %d", p->nf);
  for (int k = 0; k < 3; k++)
    if ((r = inp_get_dbl(p, p->f[k], "direction component", &v[k]))) return r;
  if (!(v[0] * v[0] + v[1] * v[1] + v[2] * v[2] > 0)) return inp_fail(p, "*BEAM SECTION: the 1-direction is zero");
  memcpy(s->n1, v, sizeof v);
  return SN_OK;
}

int inp_struct_section_end(inp_rd *p)
{
  if (p->ndata) return SN_OK;
  int shell = stsec_of(p)->kind == INP_ST_SHELL;   /* p->kw is cleared before an end handler */
  return inp_fail_at(p, p->kw_file, p->kw_line, "%s needs a data line (%s)", shell ? "*SHELL SECTION" : "*BEAM SECTION",
                     shell ? "the thickness" : "the section's dimensions");
}

/* ---- the expansion ---- */

static int inp_struct_rotations(inp_rd *p, const int *role, const int *first);

typedef struct {
  double *nrm;      /* per original node: summed unit normals (shells) or tangents (beams) */
  double *t, *off;  /* shells: thickness and offset per node; beams: n1 of the node */
  int *role;        /* 0 unused, 1 shell corner, 2 shell midside, 3 beam end, 4 beam middle */
  int *first;       /* index of the first node expanded from it, -1 */
  int *sec;         /* section of the first element met (beams: its dimensions and n1) */
  int *cnt;         /* shell elements at the node (thickness and offset are their means) */
} expand_ws;

static void cross(const double *a, const double *b, double *c)
{
  c[0] = a[1] * b[2] - a[2] * b[1];
  c[1] = a[2] * b[0] - a[0] * b[2];
  c[2] = a[0] * b[1] - a[1] * b[0];
}

static double unit(double *v)
{
  double n = sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
  if (n > 0)
    for (int c = 0; c < 3; c++) v[c] /= n;
  return n;
}

/* 8-node serendipity quadrilateral: derivatives of the shape functions at (r, s) */
static void quad8_deriv(double r, double s, double *dr, double *ds)
{
  static const double rc[4] = {-1, 1, 1, -1}, sc[4] = {-1, -1, 1, 1};
  for (int a = 0; a < 4; a++) {
    double ra = rc[a], sa = sc[a];
    dr[a] = 0.25 * ra * (1 + s * sa) * (2 * r * ra + s * sa);
    ds[a] = 0.25 * sa * (1 + r * ra) * (r * ra + 2 * s * sa);
  }
  dr[4] = -r * (1 - s), ds[4] = -0.5 * (1 - r * r);
  dr[5] = 0.5 * (1 - s * s), ds[5] = -s * (1 + r);
  dr[6] = -r * (1 + s), ds[6] = 0.5 * (1 - r * r);
  dr[7] = -0.5 * (1 - s * s), ds[7] = -s * (1 - r);
}

static int elem_nodes(const sn_model *m, int e, int *o, int n)
{
  for (int a = 0; a < n; a++) o[a] = m->elem_conn[m->elem_ptr[e] + a];
  return n;
}

/* phase 1: node roles, normals (tangents), thickness and offset */
static int gather(inp_rd *p, expand_ws *w)
{
  static const double rn[8] = {-1, 1, 1, -1, 0, 1, 0, -1}, sn_[8] = {-1, -1, 1, 1, -1, 0, 1, 0};
  sn_model *m = p->m;
  int o[8];
  for (int e = 0; e < m->nelems; e++) {
    int k = p->el_struct[e];
    if (!k) continue;
    const inp_stsec *s = &p->stsec[m->elem_section[e]];
    int nn = elem_nodes(m, e, o, k == INP_ST_SHELL ? 8 : 3);
    for (int a = 0; a < nn; a++) {
      int role = k == INP_ST_SHELL ? (a < 4 ? 1 : 2) : (a == 1 ? 4 : 3), i = o[a];
      if (w->role[i] && w->role[i] != role)
        return inp_fail_at(p, p->def_file[e], p->def_line[e], "element %d: node %d is a %s here but a %s of another %s element",
                           m->elem_id[e], m->node_id[i], role == 1 || role == 3 ? "corner (end)" : "midside (middle) node",
                           role == 1 || role == 3 ? "midside (middle) node" : "corner (end)",
                           k == INP_ST_SHELL ? "shell" : "beam");
      if (!w->role[i]) w->sec[i] = m->elem_section[e];
      w->role[i] = role;
      double v[3] = {0, 0, 0};
      if (k == INP_ST_SHELL) {
        double dr[8], ds[8], g1[3] = {0, 0, 0}, g2[3] = {0, 0, 0};
        quad8_deriv(rn[a], sn_[a], dr, ds);
        for (int b = 0; b < 8; b++)
          for (int c = 0; c < 3; c++) g1[c] += dr[b] * m->x[3 * o[b] + c], g2[c] += ds[b] * m->x[3 * o[b] + c];
        cross(g1, g2, v);
        w->t[i] += s->t;
        w->off[i] += s->offset;
        w->cnt[i]++;
      } else {
        /* quadratic line, nodes 1 (xi -1), 2 (middle), 3 (xi 1): dX/dxi at the node */
        double xi = a == 0 ? -1 : a == 1 ? 0 : 1;
        double d0 = xi - 0.5, d1 = -2 * xi, d2 = xi + 0.5;
        for (int c = 0; c < 3; c++) v[c] = d0 * m->x[3 * o[0] + c] + d1 * m->x[3 * o[1] + c] + d2 * m->x[3 * o[2] + c];
      }
      if (!(unit(v) > 0))
        return inp_fail_at(p, p->def_file[e], p->def_line[e], "element %d: the %s at node %d is zero (a degenerate element)",
                           m->elem_id[e], k == INP_ST_SHELL ? "normal" : "tangent", m->node_id[i]);
      for (int c = 0; c < 3; c++) w->nrm[3 * i + c] += v[c];
    }
  }
  return SN_OK;
}

/* a new node with number id at x */
static int add_node_as(inp_rd *p, int id, const double *x)
{
  sn_model *m = p->m;
  if ((size_t)m->nnodes >= p->cap_nodes) {
    size_t nc = p->cap_nodes ? 2 * p->cap_nodes : 1024;
    RESIZE(m->node_id, nc);
    RESIZE(m->x, 3 * nc);
    p->cap_nodes = nc;
  }
  m->node_id[m->nnodes] = id;
  memcpy(m->x + 3 * m->nnodes, x, 3 * sizeof(double));
  m->nnodes++;
  return inp_idmap_add(p, &p->nmap, &p->nbits, m->node_id, m->nnodes);
}

/* a new node numbered *next_id (then incremented) */
int inp_add_node(inp_rd *p, int *next_id, const double *x) { return add_node_as(p, (*next_id)++, x); }

/* one equation sum_j c_j u(node_j, dof_j) = 0, its term `dep` the dependent one */
int inp_add_equation(inp_rd *p, int file, int line, int n, const int *node, const int *dof, const double *c, int dep)
{
  sn_model *m = p->m;
  size_t cf = p->cap_eqn;
  GROW(m->equations, p->cap_eqn, (size_t)m->nequations + 1);
  GROW(p->eqn_file, cf, (size_t)m->nequations + 1);
  p->eqn_file[m->nequations] = file;
  sn_equation *q = &m->equations[m->nequations++];
  memset(q, 0, sizeof *q);
  q->first = m->neqterms;
  q->global = 1;
  q->tie = -1;
  q->line = line;
  for (int k = 0; k < n; k++) {
    int j = k == 0 ? dep : k == dep ? 0 : k;
    size_t need = (size_t)m->neqterms + 1, c1 = p->cap_eqt, c2 = p->cap_eqt;
    GROW(m->eqt_node, p->cap_eqt, need);
    GROW(m->eqt_dof, c1, need);
    GROW(m->eqt_coef, c2, need);
    m->eqt_node[m->neqterms] = node[j];
    m->eqt_dof[m->neqterms] = dof[j];
    m->eqt_coef[m->neqterms++] = c[j];
    q->nterms++;
  }
  return SN_OK;
}

/* one knot equation per direction: u(dep) - sum_j c_j u(node_j) = 0 (n <= 4), at the line of
 * element e */
static int add_knot(inp_rd *p, int e, int dep, int n, const int *nodes, const double *c)
{
  int nd[5], dof[5], r;
  double co[5];
  for (int d = 1; d <= 3; d++) {
    nd[0] = dep, dof[0] = d, co[0] = 1.0;
    for (int j = 0; j < n; j++) nd[j + 1] = nodes[j], dof[j + 1] = d, co[j + 1] = -c[j];
    if ((r = inp_add_equation(p, p->def_file[e], p->def_line[e], n + 1, nd, dof, co, 0))) return r;
  }
  return SN_OK;
}

/* section point k of a beam section in (n1, n2) coordinates: 0-3 the corners (-,-), (-,+),
 * (+,+), (+,-), 4-7 the edge midpoints (-,0), (+,0), (0,-), (0,+) */
static void section_point(const inp_stsec *s, int k, double *y1, double *y2)
{
  static const double c1[8] = {-1, -1, 1, 1, -1, 1, 0, 0}, c2[8] = {-1, 1, 1, -1, 0, 0, -1, 1};
  if (s->circ) {
    double ang = atan2(c2[k], c1[k]);
    *y1 = s->a * cos(ang), *y2 = s->a * sin(ang);
  } else {
    *y1 = 0.5 * s->a * c1[k], *y2 = 0.5 * s->b * c2[k];
  }
}

/* phase 2, a shell node: bottom, top (and, at a corner, mid) nodes and its knot */
static int shell_node(inp_rd *p, expand_ws *w, int i, int e, int *next)
{
  const double *n = w->nrm + 3 * i, *X = p->m->x + 3 * i;
  double t = w->t[i] / w->cnt[i], off = w->off[i] / w->cnt[i], x[3], Xc[3];
  int r;
  memcpy(Xc, X, sizeof Xc);          /* m->x moves when add_node grows it */
  w->off[i] = off;
  /* numbered as ccx 2.20 numbers its expanded nodes (contact10's .frd): three numbers per shell
   * node, this side, the middle, the other side; a midside node has no middle one (its number
   * unused) */
  for (int k = 0; k < (w->role[i] == 1 ? 3 : 2); k++) {
    double h = k == 0 ? -off - 0.5 : k == 1 ? -off + 0.5 : -off;
    for (int c = 0; c < 3; c++) x[c] = Xc[c] + h * t * n[c];
    if ((r = add_node_as(p, *next + (k == 0 ? 0 : k == 1 ? 2 : 1), x))) return r;
  }
  *next += 3;
  /* u_top = 2 u_orig - u_bottom (u_orig the mean of bottom and top) */
  int b = w->first[i], nodes[2] = {i, b};
  double c[2] = {2.0, -1.0};
  if ((r = add_knot(p, e, b + 1, 2, nodes, c))) return r;
  if (w->role[i] == 1) {   /* the corner's mid node: u_mid = u_orig (linear through the thickness) */
    double one = 1.0;
    if ((r = add_knot(p, e, b + 2, 1, &i, &one))) return r;
  }
  return SN_OK;
}

/* phase 2, a beam node: its section points and its knot */
static int beam_node(inp_rd *p, expand_ws *w, int i, int e, int *next)
{
  sn_model *m = p->m;
  const inp_stsec *s = &p->stsec[w->sec[i]];
  const double *n = w->nrm + 3 * i;
  double n1[3], n2[3], d = 0, x[3], X[3];
  int r;
  memcpy(X, m->x + 3 * i, sizeof X);
  memcpy(n1, s->n1, sizeof n1);
  for (int c = 0; c < 3; c++) d += n1[c] * n[c];
  for (int c = 0; c < 3; c++) n1[c] -= d * n[c];
  if (!(unit(n1) > 1e-8))
    return inp_fail_at(p, p->def_file[e], p->def_line[e], "node %d: the beam's 1-direction is parallel to its axis", m->node_id[i]);
  cross(n, n1, n2);
  /* numbered as ccx 2.20 numbers the same points (contact11's .frd): corners 2 1 4 3, then the
   * end's edge midpoints 5 7 6 8 of this order */
  static const int num[8] = {1, 0, 3, 2, 4, 6, 5, 7};
  int cnt = w->role[i] == 3 ? 8 : 4;
  for (int k = 0; k < cnt; k++) {
    double y1, y2;
    section_point(s, k, &y1, &y2);
    y1 -= s->off1 * s->a * (s->circ ? 2 : 1);   /* OFFSET1/2: fractions of the section's size */
    y2 -= s->off2 * s->b * (s->circ ? 2 : 1);
    for (int c = 0; c < 3; c++) x[c] = X[c] + y1 * n1[c] + y2 * n2[c];
    if ((r = add_node_as(p, *next + num[k], x))) return r;
  }
  *next += cnt;
  /* u_c0 = 4 u_orig - u_c1 - u_c2 - u_c3 (u_orig the mean of the 4 corners, the manual's MPC
   * for beam nodes without a knot) */
  int f = w->first[i], nodes[4] = {i, f + 1, f + 2, f + 3};
  double c[4] = {4, -1, -1, -1};
  if ((r = add_knot(p, e, f, 4, nodes, c))) return r;
  if (w->role[i] == 3) {
    /* an end's edge midpoints follow the corners' bilinear interpolation, N_k = (1 + xi xi_k)
     * (1 + eta eta_k) / 4 with (xi, eta) the midpoint's section coordinates over the corners'
     * half extents: linear across the section (RECT: the mean of the two corners of its
     * edge; CIRC: the midpoint lies outside the corners' square and is extrapolated) */
    double c1, c2, y1, y2;
    section_point(s, 2, &c1, &c2);
    for (int k = 4; k < 8; k++) {
      section_point(s, k, &y1, &y2);
      int nm[4] = {f, f + 1, f + 2, f + 3};
      double cm[4];
      for (int q = 0; q < 4; q++) {
        double xq, yq;
        section_point(s, q, &xq, &yq);
        cm[q] = 0.25 * (1 + (y1 / c1) * (xq / c1)) * (1 + (y2 / c2) * (yq / c2));
      }
      if ((r = add_knot(p, e, f + k, 4, nm, cm))) return r;
    }
  }
  return SN_OK;
}

/* phase 2: the expanded nodes of every original node and its knot */
static int generate(inp_rd *p, expand_ws *w, int n0, const int *e_of)
{
  sn_model *m = p->m;
  int next = 1, r;
  for (int i = 0; i < m->nnodes; i++)
    if (m->node_id[i] >= next) next = m->node_id[i] + 1;
  for (int i = 0; i < n0; i++) {
    if (!w->role[i]) continue;
    int e = e_of[i];
    if (!(unit(w->nrm + 3 * i) > 0))
      return inp_fail_at(p, p->def_file[e], p->def_line[e], "node %d: the mean normal (tangent) of its elements is zero",
                         m->node_id[i]);
    w->first[i] = m->nnodes;
    if ((r = w->role[i] <= 2 ? shell_node(p, w, i, e, &next) : beam_node(p, w, i, e, &next))) return r;
  }
  return SN_OK;
}

/* phase 3: the bricks' connectivity from the expanded nodes */
static void connect(inp_rd *p, const expand_ws *w)
{
  sn_model *m = p->m;
  int o[8], c[20];
  for (int e = 0; e < m->nelems; e++) {
    int k = p->el_struct[e];
    if (!k) continue;
    if (k == INP_ST_SHELL) {
      elem_nodes(m, e, o, 8);
      for (int a = 0; a < 4; a++) {
        c[a] = w->first[o[a]];
        c[4 + a] = w->first[o[a]] + 1;
        c[8 + a] = w->first[o[4 + a]];
        c[12 + a] = w->first[o[4 + a]] + 1;
        c[16 + a] = w->first[o[a]] + 2;
      }
    } else {
      /* the brick's 1-4 on the -n1 side, 5-8 on the +n1 side (faces S1 / S2 as for a shell of
       * normal n1), its 1-2 edge across the section at the first end */
      static const int node[20] = {0, 0, 2, 2, 0, 0, 2, 2, 0, 1, 2, 1, 0, 1, 2, 1, 0, 0, 2, 2};
      static const int pt[20] = {0, 1, 1, 0, 3, 2, 2, 3, 4, 1, 4, 0, 5, 2, 5, 3, 6, 7, 7, 6};
      elem_nodes(m, e, o, 3);
      for (int a = 0; a < 20; a++) c[a] = w->first[o[node[a]]] + pt[a];
    }
    memcpy(m->elem_conn + m->elem_ptr[e], c, sizeof c);
  }
}

/* the knots of the model: each original node and the nodes expanded from it */
static int knots(inp_rd *p, const expand_ws *w, int n0)
{
  sn_model *m = p->m;
  int nk = 0, nm = 0;
  for (int i = 0; i < n0; i++)
    if (w->role[i]) nk++, nm += w->role[i] == 1 ? 3 : w->role[i] == 2 ? 2 : w->role[i] == 3 ? 8 : 4;
  m->knot_node = malloc(sizeof(int) * ((size_t)nk + 1));
  m->knot_ptr = malloc(sizeof(int) * ((size_t)nk + 1));
  m->knot_members = malloc(sizeof(int) * ((size_t)nm + 1));
  if (!m->knot_node || !m->knot_ptr || !m->knot_members) return inp_nomem(p);
  m->knot_ptr[0] = 0;
  for (int i = 0; i < n0; i++) {
    if (!w->role[i]) continue;
    int cnt = w->role[i] == 1 ? 3 : w->role[i] == 2 ? 2 : w->role[i] == 3 ? 8 : 4, k = m->nknots++;
    m->knot_node[k] = i;
    m->knot_ptr[k + 1] = m->knot_ptr[k] + cnt;
    for (int j = 0; j < cnt; j++) m->knot_members[m->knot_ptr[k] + j] = w->first[i] + j;
  }
  return SN_OK;
}

int inp_expand_structural(inp_rd *p)
{
  sn_model *m = p->m;
  if (!p->has_struct) return SN_OK;
  int n0 = m->nnodes, r = SN_OK;
  expand_ws w;
  w.nrm = calloc(3 * (size_t)n0 + 1, sizeof(double));
  w.t = calloc((size_t)n0 + 1, sizeof(double));
  w.off = calloc((size_t)n0 + 1, sizeof(double));
  w.role = calloc((size_t)n0 + 1, sizeof(int));
  w.first = malloc(((size_t)n0 + 1) * sizeof(int));
  w.sec = calloc((size_t)n0 + 1, sizeof(int));
  w.cnt = calloc((size_t)n0 + 1, sizeof(int));
  int *e_of = malloc(((size_t)n0 + 1) * sizeof(int));
  if (!w.nrm || !w.t || !w.off || !w.role || !w.first || !w.sec || !w.cnt || !e_of) r = inp_nomem(p);
  for (int e = 0; !r && e < m->nelems; e++) {
    int k = m->elem_section[e];
    if (p->el_struct[e] && k < 0)
      r = inp_fail_at(p, p->def_file[e], p->def_line[e], "element %d (%s) has no section (no *%s SECTION covers it)", m->elem_id[e],
                      p->el_struct[e] == INP_ST_SHELL ? "shell" : "beam", p->el_struct[e] == INP_ST_SHELL ? "SHELL" : "BEAM");
    /* a B32R (C3D20R) around a circle bends 7 % stiffer than beam theory in this expansion
     * (B32 and RECT sections agree: docs/deck.md): refused rather than approximate */
    else if (p->el_struct[e] == INP_ST_BEAM && p->stsec[k].circ && m->elem_type[e] == SN_EL_C3D20R)
      r = inp_fail_at(p, p->sec_file[k], m->sections[k].line, "*BEAM SECTION, SECTION=CIRC on B32R element %d is not supported "
                      "(its expansion measures 7 %% stiffer than beam theory): use B32 or SECTION=RECT", m->elem_id[e]);
  }
  if (!r) {
    for (int i = 0; i < n0; i++) w.first[i] = -1, e_of[i] = 0;
    for (int e = m->nelems - 1; e >= 0; e--)
      if (p->el_struct[e]) {
        int o[8], nn = elem_nodes(m, e, o, p->el_struct[e] == INP_ST_SHELL ? 8 : 3);
        for (int a = 0; a < nn; a++) e_of[o[a]] = e;
      }
    r = gather(p, &w);
  }
  if (!r) r = generate(p, &w, n0, e_of);
  if (!r) {
    connect(p, &w);
    r = inp_struct_rotations(p, w.role, w.first);
  }
  if (!r) r = knots(p, &w, n0);
  free(w.nrm);
  free(w.t);
  free(w.off);
  free(w.role);
  free(w.first);
  free(w.sec);
  free(w.cnt);
  free(e_of);
  return r;
}

sn_eltype inp_struct_type(const char *name, int *kind, int *nn)
{
  static const struct { const char *name; int kind, nn; sn_eltype brick; } tab[] = {
    {"S8", INP_ST_SHELL, 8, SN_EL_C3D20}, {"S8R", INP_ST_SHELL, 8, SN_EL_C3D20R},
    {"B32", INP_ST_BEAM, 3, SN_EL_C3D20}, {"B32R", INP_ST_BEAM, 3, SN_EL_C3D20R}};
  for (size_t k = 0; k < sizeof tab / sizeof tab[0]; k++)
    if (!strcmp(name, tab[k].name)) {
      *kind = tab[k].kind;
      *nn = tab[k].nn;
      return tab[k].brick;
    }
  *kind = INP_ST_NONE;
  *nn = 0;
  return SN_EL_NONE;
}

/* ---- rotations held at zero ---- */

int inp_rotation_bc(inp_rd *p, int idx, int set, int first, int last, double value, int optional)
{
  sn_model *m = p->m;
  if (value != 0)
    return inp_fail(p, "*BOUNDARY: a prescribed rotation (%g) of a shell or beam node is not supported; only a rotation held "
                    "at zero is", value);
  if (p->in_step && m->nsteps > 1)
    return inp_fail(p, "*BOUNDARY: rotations of shell and beam nodes are held for the whole analysis: give them in the model "
                    "data or in the first step");
  int n = idx >= 0 ? 1 : m->sets[set].n;
  for (int j = 0; j < n; j++)
    for (int d = first; d <= last; d++) {
      GROW(p->rotbc, p->cap_rotbc, (size_t)p->nrotbc + 1);
      struct inp_rotbc b = {idx >= 0 ? idx : m->sets[set].items[j], d, p->file, p->line, optional};
      p->rotbc[p->nrotbc++] = b;
    }
  return SN_OK;
}

/* A rotation about the global axis a held at zero, linearized as the mean rotation of the
 * node's expanded points about a (CalculiX User's Manual, "Mean rotation MPC"): sum_k
 * (a x r_k) . u_k = 0, r_k the points' positions from the node's centre. Shells: the bottom
 * and top points, r = -+ h n, so (a x n) . (u_top - u_bottom) = 0, written with the knot
 * u_top = 2 u_orig - u_bottom as (a x n) . (u_orig - u_bottom) = 0; a rotation about the
 * normal moves neither point and gives no equation. Beams: the 4 corners with the knot
 * u_c0 = 4 u_orig - u_c1 - u_c2 - u_c3. The dependent term: the largest coefficient among
 * the expanded points' components not yet dependent (depmask: bit per component). */
static int rotation_eq(inp_rd *p, const struct inp_rotbc *b, int role, int first, unsigned char *depmask)
{
  sn_model *m = p->m;
  double a[3] = {0, 0, 0}, w[4][3];
  a[b->dof - 4] = 1;
  int npt = role <= 2 ? 1 : 4, node[15], dof[15], n = 0;
  double c[15];
  if (role <= 2) {
    double dx[3];
    for (int k = 0; k < 3; k++) dx[k] = m->x[3 * (first + 1) + k] - m->x[3 * first + k];
    cross(a, dx, w[0]);
  } else {
    double ctr[3] = {0, 0, 0};
    for (int k = 0; k < 4; k++)
      for (int q = 0; q < 3; q++) ctr[q] += 0.25 * m->x[3 * (first + k) + q];
    for (int k = 0; k < 4; k++) {
      double r[3];
      for (int q = 0; q < 3; q++) r[q] = m->x[3 * (first + k) + q] - ctr[q];
      cross(a, r, w[k]);
    }
  }
  double scale = 0;
  for (int k = 0; k < npt; k++) scale = fmax(scale, sqrt(w[k][0] * w[k][0] + w[k][1] * w[k][1] + w[k][2] * w[k][2]));
  if (role <= 2 && scale < 1e-12 * (1 + fabs(m->x[3 * first]) + fabs(m->x[3 * first + 1]) + fabs(m->x[3 * first + 2])))
    return SN_OK;   /* rotation about the shell's normal */
  int best = -1;
  double bestc = 0;
  for (int q = 0; q < 3; q++) {
    double co = 4 * w[0][q];
    if (co != 0) node[n] = b->node, dof[n] = q + 1, c[n++] = co;
  }
  for (int k = role <= 2 ? 0 : 1; k < (role <= 2 ? 1 : 4); k++)
    for (int q = 0; q < 3; q++) {
      double co = role <= 2 ? -4 * w[0][q] : w[k][q] - w[0][q];
      if (fabs(co) <= 1e-12 * scale) continue;
      int pt = role <= 2 ? first : first + k;
      node[n] = pt, dof[n] = q + 1, c[n] = co;
      int bit = 3 * (role <= 2 ? 0 : k) + q;
      if (!((depmask[bit / 8] >> (bit % 8)) & 1) && fabs(co) > bestc) bestc = fabs(co), best = n;
      n++;
    }
  if (best < 0)
    return inp_fail_at(p, b->file, b->line, "*BOUNDARY: rotation %d of node %d: no free component left to hold it (given twice?)",
                       b->dof, m->node_id[b->node]);
  int bit = 3 * (role <= 2 ? 0 : node[best] - first) + dof[best] - 1;
  depmask[bit / 8] |= (unsigned char)(1u << (bit % 8));
  return inp_add_equation(p, b->file, b->line, n, node, dof, c, best);
}

static int inp_struct_rotations(inp_rd *p, const int *role, const int *first)
{
  sn_model *m = p->m;
  int r = SN_OK;
  /* per node: rotations done (bits 0-2), dependent components (2 bytes) */
  unsigned char *done = calloc(3 * (size_t)m->nnodes + 1, 1);
  if (!done) return inp_nomem(p);
  for (int k = 0; !r && k < p->nrotbc; k++) {
    const struct inp_rotbc *b = &p->rotbc[k];
    int i = b->node;
    if (!role[i]) {
      if (b->optional) continue;
      r = inp_fail_at(p, b->file, b->line, "*BOUNDARY: degree of freedom %d of node %d: rotations exist only at shell and beam "
                      "nodes, and node %d is not one", b->dof, m->node_id[i], m->node_id[i]);
      break;
    }
    if (done[3 * i] & (1u << (b->dof - 4))) continue;
    done[3 * i] |= (unsigned char)(1u << (b->dof - 4));
    r = rotation_eq(p, b, role[i], first[i], done + 3 * i + 1);
  }
  free(done);
  return r;
}
