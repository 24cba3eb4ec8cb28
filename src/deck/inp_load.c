/* Keywords of loads and boundary conditions: *AMPLITUDE, *BOUNDARY, *CLOAD, *DLOAD
 * (docs/deck.md, "Keywords"). */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "deck/inp_internal.h"

int inp_amplitude_begin(inp_rd *p)
{
  SBUF;
  sn_model *m = p->m;
  char name[MAXNAME + 1];
  int r = inp_par_name(p, "NAME", 1, name);
  if (r) return r;
  inp_param *q = inp_par(p, "TIME");
  if (q && (!q->val || strcmp(q->val, "STEPTIME")))
    return inp_fail(p, "*AMPLITUDE, TIME=%s is not supported (only TIME=STEP TIME)", q->val ? SHOW(q->raw) : "");
  q = inp_par(p, "DEFINITION");
  if (q && (!q->val || strcmp(q->val, "TABULAR")))
    return inp_fail(p, "*AMPLITUDE, DEFINITION=%s is not supported (only TABULAR)", q->val ? SHOW(q->raw) : "");
  if (inp_name_find(p, NS_AMP, name) >= 0) return inp_fail(p, "amplitude '%s' is defined twice", SHOW(name));
  GROW(m->amplitudes, p->cap_amp, (size_t)m->namplitudes + 1);
  sn_amplitude *a = &m->amplitudes[m->namplitudes];
  memset(a, 0, sizeof *a);
  snprintf(a->name, sizeof a->name, "%s", name);
  p->cur_amp = m->namplitudes++;
  p->cap_item = 0;
  return inp_name_add(p, NS_AMP, p->cur_amp);
}

int inp_amplitude_data(inp_rd *p)
{
  sn_amplitude *a = &p->m->amplitudes[p->cur_amp];
  int r;
  if (p->nf == 0 || p->nf % 2)
    return inp_fail(p, "*AMPLITUDE data line: expected pairs of time, amplitude, found %d field%s", p->nf, p->nf == 1 ? "" : "s");
  for (int k = 0; k < p->nf; k += 2) {
    double t, v;
    if ((r = inp_get_dbl(p, p->f[k], "time", &t)) || (r = inp_get_dbl(p, p->f[k + 1], "amplitude", &v))) return r;
    if (a->n && !(t > a->t[a->n - 1]))
      return inp_fail(p, "amplitude '%s': time %g does not increase (previous %g)", a->name, t, a->t[a->n - 1]);
    if (a->n >= MAXLIST) return inp_fail(p, "too many points in amplitude '%s'", a->name);
    size_t c2 = p->cap_item;
    GROW(a->t, p->cap_item, (size_t)a->n + 1);
    GROW(a->a, c2, (size_t)a->n + 1);
    a->t[a->n] = t;
    a->a[a->n++] = v;
  }
  return SN_OK;
}

/* OP=NEW of a step's *BOUNDARY, *CLOAD or *DLOAD: the earlier steps' records of that kind are
 * removed (fem.h, sn_step). CalculiX reads it on the step's first card of the kind only: here
 * it must be that card (a later one would mean nothing in CalculiX, and is refused) */
static int op_new(inp_rd *p)
{
  if (!p->in_step) return inp_fail(p, "%s, OP=NEW outside a step (it removes the earlier steps' records)", p->kw->shown);
  sn_step *st = cur_step(p);
  int bc = !strcmp(p->kw->key, "BOUNDARY"), cl = !strcmp(p->kw->key, "CLOAD");
  int *flag = bc ? &st->bc_new : cl ? &st->cload_new : &st->dload_new;
  int n = bc ? st->nbc : cl ? st->ncload : st->ndload;
  if (n > 0 || *flag)
    return inp_fail(p, "%s, OP=NEW after the step's first %s (CalculiX takes OP= from the step's first card only)",
                    p->kw->shown, p->kw->shown);
  *flag = 1;
  p->load_new = 1;
  return SN_OK;
}

/* AMPLITUDE= and OP= of *BOUNDARY, *CLOAD, *DLOAD */
int inp_load_begin(inp_rd *p)
{
  SBUF;
  char name[MAXNAME + 1];
  int r = inp_par_name(p, "AMPLITUDE", 0, name);
  if (r) return r;
  p->amp = -1;
  p->load_new = 0;
  p->load_kw = p->kw->shown;
  if (name[0] && (p->amp = inp_name_find(p, NS_AMP, name)) < 0)
    return inp_fail(p, "amplitude '%s' is not defined (amplitudes must be defined before they are used)", SHOW(name));
  inp_param *q = inp_par(p, "OP");
  if (q && q->val && !strcmp(q->val, "NEW")) return op_new(p);
  if (q && (!q->val || strcmp(q->val, "MOD"))) return inp_fail(p, "OP=%s: expected MOD or NEW", q->val ? SHOW(q->raw) : "");
  return SN_OK;
}

/* a *BOUNDARY, *CLOAD or *DLOAD without data lines removes only, with OP=NEW */
int inp_load_end(inp_rd *p)
{
  if (p->ndata == 0 && !p->load_new) return inp_fail_at(p, p->kw_file, p->kw_line, "%s needs a data line", p->load_kw);
  return SN_OK;
}

static int add_bc(inp_rd *p, int node, int first, int last, double value, int all)
{
  sn_bc b = {node, first, last, value, p->amp, p->line};
  int r = inp_rec_room(p, 1, p->file, p->line);
  if (r) return r;
  if (p->in_step) {
    sn_step *st = cur_step(p);
    if (st->nbc >= MAXLIST) return inp_fail(p, "too many boundary conditions in the step (more than %d)", MAXLIST);
    GROW(st->bc, p->cap_bc, (size_t)st->nbc + 1);
    st->bc[st->nbc++] = b;
    return SN_OK;
  }
  if (p->npre >= MAXLIST) return inp_fail(p, "too many boundary conditions (more than %d)", MAXLIST);
  size_t c1 = p->cap_pre, c2 = p->cap_pre;
  GROW(p->pre, p->cap_pre, (size_t)p->npre + 1);
  GROW(p->pre_all, c1, (size_t)p->npre + 1);
  GROW(p->pre_file, c2, (size_t)p->npre + 1);
  p->pre[p->npre] = b;
  p->pre_all[p->npre] = (unsigned char)all;
  p->pre_file[p->npre++] = p->file;
  return SN_OK;
}

/* dof in 1..ndf once the mesh is complete, 1..3 before */
int inp_get_dof(inp_rd *p, const char *s, const char *what, int *dof)
{
  int r, hi = p->frozen ? p->m->ndf : 3;
  long v;
  if (inp_parse_int(s, &v) == 1 && (v < 1 || v > hi)) {
    if (v >= 4 && v <= 6 && p->has_struct)
      return inp_fail(p, "%s %ld is out of range 1..%d: rotations of shell and beam nodes are not supported (their nodes are tied to "
                      "the expanded brick by translations only)", what, v, hi);
    if (v >= 4 && v <= 6) return inp_fail(p, "%s %ld is out of range 1..%d (rotations do not exist for the elements signorini knows)", what, v, hi);
    return inp_fail(p, "%s %ld is out of range 1..%d%s", what, v, hi, p->frozen ? (hi == 2 ? " (the model is 2D)" : "") : "");
  }
  if ((r = inp_get_int(p, s, what, 1, hi, dof))) return r;
  return SN_OK;
}

int inp_boundary_data(inp_rd *p)
{
  SBUF;
  sn_model *m = p->m;
  int r, idx, set, first, last, all = 0, encastre = 0;
  double v = 0;
  if (p->nf < 2 || p->nf > 4)
    return inp_fail(p, "*BOUNDARY data line: expected node or node set, first dof[, last dof[, value]] (or a type), found %d field%s",
                p->nf, p->nf == 1 ? "" : "s");
  if ((r = inp_item_or_set(p, p->f[0], SN_SET_NODE, &idx, &set))) return r;
  if (p->f[1][0] && !inp_is_integer(p->f[1])) {
    char t[16];
    size_t k = 0;
    for (; p->f[1][k] && k < sizeof t - 1; k++) t[k] = upc(p->f[1][k]);
    t[k] = '\0';
    if (p->nf != 2) return inp_fail(p, "*BOUNDARY, %s takes no further values", SHOW(p->f[1]));
    if (!strcmp(t, "ENCASTRE") || !strcmp(t, "PINNED")) { first = 1; last = 3; all = 1; encastre = t[0] == 'E'; }
    else if (!strcmp(t, "XSYMM")) first = last = 1;
    else if (!strcmp(t, "YSYMM")) first = last = 2;
    else if (!strcmp(t, "ZSYMM")) first = last = 3;
    else return inp_fail(p, "unknown boundary type '%s' (ENCASTRE, PINNED, XSYMM, YSYMM or ZSYMM)", SHOW(p->f[1]));
    if (p->frozen && all) last = m->ndf;
    if (p->frozen && last > m->ndf) return inp_fail(p, "ZSYMM constrains degree of freedom 3, which a 2D model does not have");
  } else {
    /* shells and beams: rotations 4-6 held at zero (inp_structural.c), translations as usual */
    const char *lf = p->nf >= 3 && p->f[2][0] ? p->f[2] : p->f[1];
    long v1, v2;
    if (p->has_struct && inp_parse_int(p->f[1], &v1) == 1 && inp_parse_int(lf, &v2) == 1 && v2 >= 4 && v2 <= 6 && v1 >= 1 && v1 <= v2) {
      if (p->nf == 4 && (r = inp_get_dbl(p, p->f[3], "prescribed displacement", &v))) return r;
      if ((r = inp_rotation_bc(p, idx, set, (int)(v1 > 4 ? v1 : 4), (int)v2, v, 0))) return r;
      if (v1 > 3) return SN_OK;
      p->f[2] = (char *)"3";
      p->nf = p->nf < 3 ? 3 : p->nf;
    }
    long t1, t2;                       /* degree of freedom 11: the temperature (inp_heat.c) */
    if (inp_parse_int(p->f[1], &t1) == 1 && t1 == 11) {
      if (p->nf >= 3 && p->f[2][0] && (inp_parse_int(p->f[2], &t2) != 1 || t2 != 11))
        return inp_fail(p, "*BOUNDARY: degree of freedom 11 (temperature) goes alone (first = last = 11)");
      if (p->nf == 4 && (r = inp_get_dbl(p, p->f[3], "prescribed temperature", &v))) return r;
      if (idx >= 0) return inp_temperature_bc(p, idx, v);
      for (int j = 0; j < m->sets[set].n; j++)
        if ((r = inp_temperature_bc(p, m->sets[set].items[j], v))) return r;
      return SN_OK;
    }
    if ((r = inp_get_dof(p, p->f[1], "first degree of freedom", &first))) return r;
    last = first;
    if (p->nf >= 3 && p->f[2][0] && (r = inp_get_dof(p, p->f[2], "last degree of freedom", &last))) return r;
    if (last < first) return inp_fail(p, "last degree of freedom %d is smaller than the first %d", last, first);
    if (p->nf == 4 && (r = inp_get_dbl(p, p->f[3], "prescribed displacement", &v))) return r;
  }
  if (encastre && p->has_struct && (r = inp_rotation_bc(p, idx, set, 4, 6, 0.0, 1))) return r;   /* ENCASTRE, PINNED */
  if (idx >= 0) return add_bc(p, idx, first, last, v, all);
  for (int j = 0; j < m->sets[set].n; j++)
    if ((r = add_bc(p, m->sets[set].items[j], first, last, v, all))) return r;
  return SN_OK;
}

int inp_cload_data(inp_rd *p)
{
  sn_model *m = p->m;
  sn_step *st = cur_step(p);
  int r, idx, set, dof;
  double v;
  if (p->nf != 3) return inp_fail(p, "*CLOAD data line: expected node or node set, dof, value, found %d field%s", p->nf, p->nf == 1 ? "" : "s");
  if ((r = inp_item_or_set(p, p->f[0], SN_SET_NODE, &idx, &set))) return r;
  if ((r = inp_get_dof(p, p->f[1], "degree of freedom", &dof)) || (r = inp_get_dbl(p, p->f[2], "force", &v))) return r;
  int n = idx >= 0 ? 1 : m->sets[set].n;
  if ((size_t)st->ncload + (size_t)n > MAXLIST) return inp_fail(p, "too many concentrated loads in the step (more than %d)", MAXLIST);
  if ((r = inp_rec_room(p, (size_t)n, p->file, p->line))) return r;
  GROW(st->cload, p->cap_cl, (size_t)st->ncload + (size_t)n);
  for (int j = 0; j < n; j++) {
    sn_cload c = {idx >= 0 ? idx : m->sets[set].items[j], dof, v, p->amp, p->line};
    st->cload[st->ncload++] = c;
  }
  return SN_OK;
}

int inp_dload_data(inp_rd *p)
{
  SBUF;
  sn_model *m = p->m;
  sn_step *st = cur_step(p);
  int r, idx, set, face = 0;
  double v, dir[3] = {0, 0, 0};
  if (p->nf < 3) return inp_fail(p, "*DLOAD data line: expected element or element set, load type, values, found %d field%s", p->nf,
                             p->nf == 1 ? "" : "s");
  if ((r = inp_item_or_set(p, p->f[0], SN_SET_ELEM, &idx, &set))) return r;
  char t[8];
  size_t k = 0;
  for (; p->f[1][k] && k < sizeof t - 1; k++) t[k] = upc(p->f[1][k]);
  t[k] = '\0';
  if (!strcmp(t, "GRAV") && !p->f[1][k]) {
    if (p->nf != 6) return inp_fail(p, "*DLOAD, GRAV: expected magnitude and 3 direction components, found %d values", p->nf - 2);
    if ((r = inp_get_dbl(p, p->f[2], "gravity magnitude", &v))) return r;
    for (int c = 0; c < 3; c++)
      if ((r = inp_get_dbl(p, p->f[3 + c], "gravity direction component", &dir[c]))) return r;
    double nrm = sqrt(dir[0] * dir[0] + dir[1] * dir[1] + dir[2] * dir[2]);
    if (!(nrm > 0) || !isfinite(nrm)) return inp_fail(p, "*DLOAD, GRAV: the direction is zero");
    for (int c = 0; c < 3; c++) dir[c] /= nrm;
  } else {
    face = inp_face_label(p->f[1], 'P');
    if (!face) return inp_fail(p, "unsupported load type '%s' (signorini knows P1..P6 and GRAV)", SHOW(p->f[1]));
    if (p->nf != 3) return inp_fail(p, "*DLOAD, %s: expected one value (the pressure), found %d", SHOW(p->f[1]), p->nf - 2);
    if ((r = inp_get_dbl(p, p->f[2], "pressure", &v))) return r;
  }
  int n = idx >= 0 ? 1 : m->sets[set].n;
  if ((size_t)st->ndload + (size_t)n > MAXLIST) return inp_fail(p, "too many distributed loads in the step (more than %d)", MAXLIST);
  if ((r = inp_rec_room(p, (size_t)n, p->file, p->line))) return r;
  GROW(st->dload, p->cap_dl, (size_t)st->ndload + (size_t)n);
  for (int j = 0; j < n; j++) {
    int e = idx >= 0 ? idx : m->sets[set].items[j];
    if (face && (r = inp_check_face(p, e, face, p->f[1]))) return r;
    sn_dload d = {e, face, v, {dir[0], dir[1], dir[2]}, p->amp, p->line};
    st->dload[st->ndload++] = d;
  }
  return SN_OK;
}
