/* Keywords of the mesh and its sets: *HEADING, *NODE, *ELEMENT, *NSET, *ELSET, *RIGID BODY
 * (docs/deck.md, "Keywords"). */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "deck/inp_internal.h"

/* ------------------------------------------------------------------------------------------ */
/* keyword handlers: mesh */

int inp_heading_data(inp_rd *p)
{
  if (p->ndata == 0) snprintf(p->m->heading, sizeof p->m->heading, "%s", inp_trim(p->raw));
  return SN_OK;
}

int inp_node_begin(inp_rd *p)
{
  char name[MAXNAME + 1];
  int r = inp_par_name(p, "NSET", 0, name);
  if (r) return r;
  p->node_set = -1;
  if (name[0]) {
    p->node_set = inp_find_set(p, SN_SET_NODE, name);
    if (p->node_set < 0 && (r = inp_new_set(p, SN_SET_NODE, name, &p->node_set))) return r;
  }
  return SN_OK;
}

int inp_node_data(inp_rd *p)
{
  sn_model *m = p->m;
  if (p->nf < 2 || p->nf > 4)
    return inp_fail(p, "*NODE data line: expected a node number and 1 to 3 coordinates, found %d field%s", p->nf,
                p->nf == 1 ? "" : "s");
  int id, r;
  double x[3] = {0, 0, 0};
  if ((r = inp_get_int(p, p->f[0], "node number", 1, INT_MAX, &id))) return r;
  for (int k = 1; k < p->nf; k++)
    if ((r = inp_get_dbl(p, p->f[k], "a node coordinate", &x[k - 1]))) return r;
  if (inp_node_index(p, id) >= 0) return inp_fail(p, "node %d is defined twice", id);
  if (m->nnodes >= MAXCOUNT) return inp_fail(p, "too many nodes (more than %d)", MAXCOUNT);
  if ((size_t)m->nnodes == p->cap_nodes) {
    size_t nc = p->cap_nodes ? 2 * p->cap_nodes : 1024;
    RESIZE(m->node_id, nc);
    RESIZE(m->x, 3 * nc);
    p->cap_nodes = nc;
  }
  int i = m->nnodes;
  m->node_id[i] = id;
  memcpy(m->x + 3 * (size_t)i, x, sizeof x);
  m->nnodes++;
  if ((r = inp_idmap_add(p, &p->nmap, &p->nbits, m->node_id, m->nnodes))) return r;
  if (p->node_set >= 0) return inp_set_push(p, &m->sets[p->node_set], i);
  return SN_OK;
}

int inp_element_begin(inp_rd *p)
{
  SBUF;
  char tname[MAXNAME + 1], name[MAXNAME + 1];
  int r = inp_par_name(p, "TYPE", 1, tname);
  if (r) return r;
  for (char *c = tname; *c; c++) *c = upc(*c);
  if (!strcmp(tname, "S4") || !strcmp(tname, "S4R"))
    return inp_fail(p, "element type %s is not supported: CalculiX 2.20 expands it into a C3D8I brick, which signorini does not have "
                    "(use S8 or S8R)", tname);
  p->el_type = inp_struct_type(tname, &p->el_struct_kind, &p->el_struct_nn);   /* S8, B32: inp_structural.c */
  if (p->el_type == SN_EL_NONE) p->el_type = sn_element_type(tname);
  p->el_desc = sn_element_desc(p->el_type);
  if (p->el_type == SN_EL_NONE || !p->el_desc) return inp_fail(p, "unknown element type '%s'", SHOW(tname));
  if ((r = inp_par_name(p, "ELSET", 0, name))) return r;
  p->elem_set = -1;
  if (name[0]) {
    p->elem_set = inp_find_set(p, SN_SET_ELEM, name);
    if (p->elem_set < 0 && (r = inp_new_set(p, SN_SET_ELEM, name, &p->elem_set))) return r;
  }
  p->el_n = 0;
  return SN_OK;
}

static int add_element(inp_rd *p)
{
  sn_model *m = p->m;
  const sn_eldesc *d = p->el_desc;
  int nn = d->nnodes, id = (int)p->el_vals[0], r;
  if (inp_elem_index(p, id) >= 0) return inp_fail_at(p, p->el_file, p->el_line, "element %d is defined twice", id);
  if (m->nelems >= MAXCOUNT || (size_t)(m->nelems ? m->elem_ptr[m->nelems] : 0) + (size_t)nn > MAXCOUNT)
    return inp_fail_at(p, p->el_file, p->el_line, "too many elements");
  int is3 = d->kind == SN_KIND_SOLID || p->el_type == SN_EL_T3D2;
  int is2 = !is3 && d->kind != SN_KIND_SPRING && d->kind != SN_KIND_GAP;   /* springs, gaps: either */
  if ((is3 && p->dim2) || (is2 && p->dim3))
    return inp_fail_at(p, p->el_file, p->el_line, "element %d (%s) is %s but the model already has %s elements", id,
                   d->name, is3 ? "3D" : "2D", is3 ? "2D" : "3D");
  if ((size_t)m->nelems == p->cap_elems) {
    size_t nc = p->cap_elems ? 2 * p->cap_elems : 1024;
    RESIZE(m->elem_id, nc);
    RESIZE(m->elem_type, nc);
    RESIZE(m->elem_ptr, nc + 1);
    RESIZE(m->elem_section, nc);
    RESIZE(m->elem_spring, nc);
    RESIZE(p->def_file, nc);
    RESIZE(p->def_line, nc);
    if (!m->nelems) m->elem_ptr[0] = 0;
    p->cap_elems = nc;
  }
  int e = m->nelems, base = m->elem_ptr[e];
  GROW(m->elem_conn, p->cap_conn, (size_t)base + (size_t)nn);
  GROW(p->el_struct, p->cap_elst, (size_t)e + 1);
  p->el_struct[e] = (unsigned char)p->el_struct_kind;
  if (p->el_struct_kind) p->has_struct = 1;
  /* a shell or beam keeps its original nodes first until inp_expand_structural */
  int nread = p->el_struct_kind ? p->el_struct_nn : nn;
  for (int k = nread; k < nn; k++) m->elem_conn[base + k] = 0;
  for (int k = 0; k < nread; k++) {
    int nid = (int)p->el_vals[1 + k];
    int ni = inp_node_index(p, nid);
    if (ni < 0)
      return inp_fail_at(p, p->el_file, p->el_line, "element %d refers to node %d, which is not defined", id, nid);
    m->elem_conn[base + k] = ni;
  }
  m->elem_id[e] = id;
  m->elem_type[e] = p->el_type;
  m->elem_ptr[e + 1] = base + nn;
  m->elem_section[e] = -1;
  m->elem_spring[e] = -1;
  p->def_file[e] = p->el_file;
  p->def_line[e] = p->el_line;
  m->nelems++;
  if (is3) p->dim3 = 1;
  if (is2) p->dim2 = 1;
  if ((r = inp_idmap_add(p, &p->emap, &p->ebits, m->elem_id, m->nelems))) return r;
  if (p->elem_set >= 0) return inp_set_push(p, &m->sets[p->elem_set], e);
  return SN_OK;
}

/* Element data: number and nodes; continued on the next line when the line ends with a comma
 * or holds 16 entries (Abaqus' layout) and more nodes are needed. */
int inp_element_data(inp_rd *p)
{
  int need = 1 + (p->el_struct_kind ? p->el_struct_nn : p->el_desc->nnodes), r;
  if (p->el_n == 0) {
    p->el_file = p->file;
    p->el_line = p->line;
  }
  for (int k = 0; k < p->nf; k++) {
    int v = 0;
    if (p->el_n >= need)
      return inp_fail(p, "element %ld: %s needs %d nodes, found more", p->el_vals[0], p->el_struct_kind ? "the type" : p->el_desc->name, need - 1);
    if ((r = inp_get_int(p, p->f[k], p->el_n ? "node number" : "element number", 1, INT_MAX, &v))) return r;
    p->el_vals[p->el_n++] = v;
  }
  if (p->el_n == 0) return inp_fail(p, "empty *ELEMENT data line");
  if (p->el_n < need) {
    if (p->trailing || p->nf == 16) return SN_OK;  /* continued */
    return inp_fail(p, "element %ld: %s needs %d nodes, found %d", p->el_vals[0], p->el_struct_kind ? "the type" : p->el_desc->name, need - 1,
                p->el_n - 1);
  }
  p->el_n = 0;
  return add_element(p);
}

int inp_element_end(inp_rd *p)
{
  if (p->el_n)
    return inp_fail_at(p, p->el_file, p->el_line, "element %ld: %s needs %d nodes, found %d (the data ends)",
                   p->el_vals[0], p->el_struct_kind ? "the type" : p->el_desc->name,
                   p->el_struct_kind ? p->el_struct_nn : p->el_desc->nnodes, p->el_n - 1);
  return SN_OK;
}

/* *NSET / *ELSET */
static int set_begin(inp_rd *p, int kind)
{
  SBUF;
  char name[MAXNAME + 1];
  const char *key = kind == SN_SET_NODE ? "NSET" : "ELSET";
  int r = inp_par_name(p, key, 1, name);
  if (r) return r;
  if (inp_is_integer(name)) return inp_fail(p, "set name '%s' is a number", SHOW(name));
  if ((r = inp_par_flag(p, "GENERATE", &p->generate))) return r;
  /* FREQUENCY= on *NSET (CalculiX' test deck friction2): not a parameter of *NSET; CalculiX
   * warns "parameter not recognized" and reads the set: the same here, with a note */
  inp_param *fq = inp_par(p, "FREQUENCY");
  if (fq && (r = inp_note(p, "*NSET, FREQUENCY=%s ignored: not a parameter of *NSET (CalculiX warns and ignores it too)",
                          fq->val ? SHOW(fq->raw) : "")))
    return r;
  p->cur_set = inp_find_set(p, kind, name);
  if (p->cur_set < 0 && (r = inp_new_set(p, kind, name, &p->cur_set))) return r;
  if ((r = inp_mark_ensure(p))) return r;
  const sn_set *s = &p->m->sets[p->cur_set];
  for (int i = 0; i < s->n; i++) p->mark[s->items[i]] |= 1;
  return SN_OK;
}
int inp_nset_begin(inp_rd *p) { return set_begin(p, SN_SET_NODE); }
int inp_elset_begin(inp_rd *p) { return set_begin(p, SN_SET_ELEM); }

static int set_add_unique(inp_rd *p, sn_set *s, int item)
{
  if (p->mark[item] & 1) return SN_OK;
  p->mark[item] |= 1;
  return inp_set_push(p, s, item);
}

int inp_set_data(inp_rd *p)
{
  sn_set *s = &p->m->sets[p->cur_set];
  int kind = s->kind, r;
  const char *what = kind == SN_SET_NODE ? "node" : "element";
  if (p->generate) {
    int v[3] = {0, 0, 1};
    if (p->nf < 2 || p->nf > 3)
      return inp_fail(p, "GENERATE data line: expected first, last[, increment], found %d field%s", p->nf,
                  p->nf == 1 ? "" : "s");
    for (int k = 0; k < p->nf; k++)
      if ((r = inp_get_int(p, p->f[k], k == 0 ? "first number" : k == 1 ? "last number" : "increment", 1, INT_MAX,
                       &v[k])))
        return r;
    if (v[1] < v[0]) return inp_fail(p, "GENERATE: last number %d is smaller than the first %d", v[1], v[0]);
    for (long id = v[0]; id <= v[1]; id += v[2]) {
      int i = kind == SN_SET_NODE ? inp_node_index(p, (int)id) : inp_elem_index(p, (int)id);
      if (i < 0) return inp_fail(p, "GENERATE: %s %ld is not defined", what, id);
      if ((r = set_add_unique(p, s, i))) return r;
    }
    return SN_OK;
  }
  for (int k = 0; k < p->nf; k++) {
    int idx, set;
    if ((r = inp_item_or_set(p, p->f[k], kind, &idx, &set))) return r;
    if (idx >= 0) {
      if ((r = set_add_unique(p, s, idx))) return r;
    } else {
      int n = p->m->sets[set].n;            /* the set may be s itself: only what it held */
      for (int j = 0; j < n; j++)
        if ((r = set_add_unique(p, s, p->m->sets[set].items[j]))) return r;
    }
  }
  return SN_OK;
}

int inp_set_end(inp_rd *p)
{
  const sn_set *s = &p->m->sets[p->cur_set];
  for (int i = 0; i < s->n; i++) p->mark[s->items[i]] &= (unsigned char)~1u;
  return SN_OK;
}

/* ------------------------------------------------------------------------------------------ */
/* rigid bodies */

int inp_rigid_begin(inp_rd *p)
{
  sn_model *m = p->m;
  char ns[MAXNAME + 1], es[MAXNAME + 1];
  int r, set, ref;
  if ((r = inp_par_name(p, "NSET", 0, ns)) || (r = inp_par_name(p, "ELSET", 0, es))) return r;
  if (!ns[0] && !es[0]) return inp_fail(p, "*RIGID BODY needs NSET= or ELSET=");
  if (ns[0] && es[0]) return inp_fail(p, "*RIGID BODY takes NSET= or ELSET=, not both");
  inp_param *q = inp_par(p, "REFNODE");
  if (!q) return inp_fail(p, "*RIGID BODY needs the parameter REF NODE= (the reference node)");
  if (!q->val || !q->val[0]) return inp_fail(p, "parameter REF NODE of *RIGID BODY needs a value");
  if ((r = inp_get_int(p, q->val, "reference node", 1, INT_MAX, &ref))) return r;
  int ri = inp_node_index(p, ref);
  if (ri < 0) return inp_fail(p, "reference node %d is not defined", ref);
  if ((r = inp_need_set(p, ns[0] ? SN_SET_NODE : SN_SET_ELEM, ns[0] ? ns : es, &set))) return r;
  GROW(m->rigids, p->cap_rig, (size_t)m->nrigids + 1);
  sn_rigid *g = &m->rigids[m->nrigids++];
  g->set = set;
  g->ref_node = ri;
  g->line = p->line;
  return SN_OK;
}
