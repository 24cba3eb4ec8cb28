/* The deck reader's maps while a deck is read: node and element ids to indices, names of
 * sets, materials, amplitudes, surfaces and interactions to indices, and the sets themselves
 * (created, looked up, extended without repeats). */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "deck/inp_internal.h"

/* ------------------------------------------------------------------------------------------ */
/* id maps (parse time) */

static unsigned hslot(int id, int bits) { return (unsigned)(((uint32_t)id * 2654435761u) >> (32 - bits)); }

static int idmap_find(const int *tab, int bits, const int *ids, int id)
{
  if (!tab) return -1;
  unsigned mask = (1u << bits) - 1, h = hslot(id, bits);
  for (;;) {
    int v = tab[h];
    if (!v) return -1;
    if (ids[v - 1] == id) return v - 1;
    h = (h + 1) & mask;
  }
}

/* ids[0..n) are in the map but the last one */
int inp_idmap_add(inp_rd *p, int **tab, int *bits, const int *ids, int n)
{
  if (!*tab || (size_t)n * 2 > ((size_t)1 << *bits)) {
    int b = 10;
    while (((size_t)1 << b) < (size_t)n * 4) b++;
    int *t = calloc((size_t)1 << b, sizeof *t);
    if (!t) return inp_nomem(p);
    free(*tab);
    *tab = t;
    *bits = b;
    unsigned mask = (1u << b) - 1;
    for (int i = 0; i < n; i++) {
      unsigned h = hslot(ids[i], b);
      while (t[h]) h = (h + 1) & mask;
      t[h] = i + 1;
    }
    return SN_OK;
  }
  unsigned mask = (1u << *bits) - 1, h = hslot(ids[n - 1], *bits);
  while ((*tab)[h]) h = (h + 1) & mask;
  (*tab)[h] = n;
  return SN_OK;
}

int inp_node_index(inp_rd *p, int id) { return idmap_find(p->nmap, p->nbits, p->m->node_id, id); }
int inp_elem_index(inp_rd *p, int id) { return idmap_find(p->emap, p->ebits, p->m->elem_id, id); }

/* ------------------------------------------------------------------------------------------ */
/* name map: (namespace, name) -> index into the model's array of that kind */

static const char *ns_name(inp_rd *p, int ns, int idx)
{
  sn_model *m = p->m;
  switch (ns) {
  case NS_NSET: case NS_ELSET: return m->sets[idx].name;
  case NS_MAT: return m->materials[idx].name;
  case NS_AMP: return m->amplitudes[idx].name;
  case NS_SURF: case NS_NSURF: return m->surfaces[idx].name;
  default: return m->interactions[idx].name;
  }
}

static size_t name_hash(int ns, const char *s)
{
  uint64_t h = 1469598103934665603ull ^ (uint64_t)ns;
  for (; *s; s++) h = (h ^ (unsigned char)*s) * 1099511628211ull;
  return (size_t)(h ^ (h >> 29));
}

int inp_name_find(inp_rd *p, int ns, const char *name)
{
  if (!p->names) return -1;
  size_t mask = p->names_cap - 1, h = name_hash(ns, name) & mask;
  for (;;) {
    inp_nslot *e = &p->names[h];
    if (e->ns < 0) return -1;
    if (e->ns == ns && !strcmp(ns_name(p, ns, e->idx), name)) return e->idx;
    h = (h + 1) & mask;
  }
}

int inp_name_add(inp_rd *p, int ns, int idx)
{
  if ((p->names_n + 1) * 2 > p->names_cap) {
    size_t nc = p->names_cap ? p->names_cap * 2 : 64;
    inp_nslot *t = malloc(nc * sizeof *t);
    if (!t) return inp_nomem(p);
    for (size_t i = 0; i < nc; i++) t[i].ns = -1;
    for (size_t i = 0; i < p->names_cap; i++) {
      if (p->names[i].ns < 0) continue;
      size_t h = name_hash(p->names[i].ns, ns_name(p, p->names[i].ns, p->names[i].idx)) & (nc - 1);
      while (t[h].ns >= 0) h = (h + 1) & (nc - 1);
      t[h] = p->names[i];
    }
    free(p->names);
    p->names = t;
    p->names_cap = nc;
  }
  size_t mask = p->names_cap - 1, h = name_hash(ns, ns_name(p, ns, idx)) & mask;
  while (p->names[h].ns >= 0) h = (h + 1) & mask;
  p->names[h].ns = ns;
  p->names[h].idx = idx;
  p->names_n++;
  return SN_OK;
}

/* ------------------------------------------------------------------------------------------ */
/* sets */

int inp_new_set(inp_rd *p, int kind, const char *name, int *idx)
{
  sn_model *m = p->m;
  GROW(m->sets, p->cap_sets, (size_t)m->nsets + 1);
  sn_set *s = &m->sets[m->nsets];
  memset(s, 0, sizeof *s);
  snprintf(s->name, sizeof s->name, "%s", name);
  s->kind = kind;
  *idx = m->nsets++;
  return inp_name_add(p, kind == SN_SET_NODE ? NS_NSET : NS_ELSET, *idx);
}

int inp_find_set(inp_rd *p, int kind, const char *name)
{
  return inp_name_find(p, kind == SN_SET_NODE ? NS_NSET : NS_ELSET, name);
}

/* the set named name must exist */
int inp_need_set(inp_rd *p, int kind, const char *name, int *idx)
{
  SBUF;
  *idx = inp_find_set(p, kind, name);
  if (*idx < 0)
    return inp_fail(p, "%s set '%s' is not defined (sets must be defined before they are used)",
                kind == SN_SET_NODE ? "node" : "element", SHOW(name));
  return SN_OK;
}

int inp_set_push(inp_rd *p, sn_set *s, int item)
{
  if (s->n >= MAXCOUNT) return inp_fail(p, "too many members in set %s", s->name);
  if (s->n == s->cap) {
    size_t cap = (size_t)s->cap;
    GROW(s->items, cap, (size_t)s->n + 1);
    s->cap = (int)(cap > (size_t)INT_MAX ? INT_MAX : cap);
  }
  s->items[s->n++] = item;
  return SN_OK;
}

int inp_mark_ensure(inp_rd *p)
{
  size_t need = (size_t)(p->m->nnodes > p->m->nelems ? p->m->nnodes : p->m->nelems) + 1;
  if (need > p->mark_cap) {
    unsigned char *q = realloc(p->mark, need);
    if (!q) return inp_nomem(p);
    memset(q + p->mark_cap, 0, need - p->mark_cap);
    p->mark = q;
    p->mark_cap = need;
  }
  return SN_OK;
}

/* the node / element of a data field: id (must exist) or set name. One of idx or set. */
int inp_item_or_set(inp_rd *p, const char *s, int kind, int *idx, int *set)
{
  SBUF;
  *idx = *set = -1;
  if (!*s) return inp_fail(p, "missing %s number or set name (empty field)", kind == SN_SET_NODE ? "node" : "element");
  if (inp_is_integer(s)) {
    int id;
    int r = inp_get_int(p, s, kind == SN_SET_NODE ? "node number" : "element number", 1, INT_MAX, &id);
    if (r) return r;
    *idx = kind == SN_SET_NODE ? inp_node_index(p, id) : inp_elem_index(p, id);
    if (*idx < 0) return inp_fail(p, "%s %d is not defined", kind == SN_SET_NODE ? "node" : "element", id);
    return SN_OK;
  }
  char name[MAXNAME + 2];
  size_t k = 0;
  for (const char *c = s; *c; c++) {
    if (is_blank(*c)) return inp_fail(p, "bad name or number '%s'", SHOW(s));
    if (k > MAXNAME) return inp_fail(p, "name '%s' is longer than %d characters", SHOW(s), MAXNAME);
    name[k++] = upc(*c);
  }
  name[k] = '\0';
  return inp_need_set(p, kind, name, set);
}

