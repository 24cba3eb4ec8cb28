/* Abaqus / CalculiX input deck reader: sn_inp_read, sn_inp_parse (include/signorini/io.h).
 * The subset read is documented in docs/deck.md; everything outside it is an error with the
 * file and line. Lines are read one at a time from the file on top of the *INCLUDE stack;
 * every keyword has a begin handler (the keyword line), a data handler (one call per data
 * line, fields split at commas) and an end handler (when the next keyword or the end of the
 * deck comes). Names that decks commonly use before defining them (materials of sections,
 * interactions of contact pairs) are resolved at the end; every other name must be defined
 * before it is used. */
#define _XOPEN_SOURCE 700   /* newlocale / uselocale (numbers in the "C" locale), realpath */

#include <errno.h>
#include <limits.h>
#include <locale.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "io/deck_units.h"
#include "io/inp_internal.h"
#include "io/text_scan.h"
#include "signorini/fem.h"
#include "signorini/io.h"
#include "signorini/solver.h"

#define MAXLINE 4096                 /* characters per line, comments included */
#define MAXFIELDS (MAXLINE / 2 + 4)  /* a line of MAXLINE characters holds fewer fields */
#define MAXDEPTH 16                  /* *INCLUDE nesting */
#define MAXPAR 16                    /* parameters on a keyword line */
#define MAXNAME 80                   /* set, material, surface ... names */
#define MAXCOUNT (1 << 28)           /* nodes, elements, connectivity entries */
#define MAXLIST (1 << 24)            /* boundary / load records of one step, table points */
/* boundary / load records of the whole model (a set expands to one record per member, and
 * the model-data boundaries are copied into every step): at most RECPERITEM per node and
 * element plus RECBASE, so that a small deck cannot ask for gigabytes */
#define RECPERITEM 64
#define RECBASE ((size_t)1 << 20)

enum { NS_NSET, NS_ELSET, NS_MAT, NS_AMP, NS_SURF, NS_INTER };
enum { W_ANY, W_MODEL, W_STEP, W_NOSTEP, W_BOUNDARY };

typedef struct {
  char *buf;          /* the deck's bytes (a deck parsed from memory), or NULL */
  size_t len, pos;
  FILE *fp;           /* a file, read one line at a time, when buf is NULL */
  int own;            /* buf is ours to free */
  int good;           /* lines of it handled without an error */
  int line;           /* line number of the last line read */
  int file;           /* index into rd.fname */
} source;

typedef struct {
  char *name;         /* blanks removed, upper case */
  char *val;          /* NULL if no '='; blanks removed and upper case (quoted: kept, upper) */
  char *raw;          /* the value as written, trimmed (quotes removed) */
} param;

typedef struct {
  int ns, idx;
} nslot;

struct rd;
typedef struct {
  const char *key;            /* blanks removed: "SOLIDSECTION" */
  const char *shown;          /* "*SOLID SECTION" */
  int where;
  const char *params;         /* allowed parameters, blank separated, blanks removed */
  int mindata;                /* data lines required */
  int raw;                    /* data lines not split into fields */
  int (*begin)(struct rd *);
  int (*data)(struct rd *);
  int (*end)(struct rd *);
} kwdef;

typedef struct rd {
  sn_model *m;
  char *msg;
  size_t msglen;
  const char *basedir;
  char *root;                             /* real path of basedir: includes stay under it */
  int anywhere;                           /* includes may be anywhere */
  unsigned long long maxbytes;            /* bytes of one file, and of all lines read in all */
  unsigned long long total;               /* bytes of the lines read so far, every file */
  int noecho;                             /* messages do not quote the line being handled */
  source src[MAXDEPTH + 1];
  int depth;
  char **fname;
  int nfname, fname_cap;
  int file, line;                         /* where the line being handled is */
  char buf[MAXLINE + 2];
  char kwbuf[MAXLINE + 2];
  char valbuf[2 * MAXLINE + 16];
  param par[MAXPAR];
  int npar;
  char *raw;                              /* raw data line (heading, step title) */
  char *f[MAXFIELDS];
  int nf, trailing;                       /* fields of a data line, ends with a comma */
  const kwdef *kw;
  int kw_file, kw_line, ndata;
  /* capacities of the model's arrays */
  size_t cap_nodes, cap_elems, cap_conn, cap_sets, cap_mat, cap_sec, cap_spr, cap_amp,
      cap_surf, cap_rig, cap_int, cap_pair, cap_step, cap_bc, cap_cl, cap_dl, cap_out, cap_item,
      cap_pre, cap_ivel;
  /* id maps during the parse (the model's own tables are built at the end) */
  int *nmap, *emap;
  int nbits, ebits;
  /* name map */
  nslot *names;
  size_t names_cap, names_n;
  /* marker per node / element: bit 0 membership, bits 1..6 element faces */
  unsigned char *mark;
  size_t mark_cap;
  /* where each element was defined */
  int *def_file, *def_line;
  /* names resolved at the end */
  char (*sec_mat)[MAXNAME + 1];
  int *sec_file;
  char (*pair_int)[MAXNAME + 1];
  int *pair_file;
  /* model-data boundaries (before the first *STEP) */
  sn_bc *pre;
  unsigned char *pre_all;
  int *pre_file;
  int npre;
  /* state */
  int in_step, frozen, step_static;
  int *step_file;                          /* file of each *STEP line */
  size_t cap_stepf;
  int dim2, dim3;                          /* an element of 2D / 3D type was seen */
  int cur_mat, cur_int;                    /* *MATERIAL / *SURFACE INTERACTION suboptions */
  int cur_set, generate;                   /* *NSET / *ELSET */
  int node_set, elem_set;                  /* *NODE NSET= / *ELEMENT ELSET= */
  sn_eltype el_type;
  const sn_eldesc *el_desc;
  int el_n, el_file, el_line;              /* element being read (continuation lines) */
  long el_vals[32];
  int cur_sec, cur_spr, cur_amp, cur_surf, cur_pair_type, cur_pair;
  int amp;                                 /* AMPLITUDE= of *BOUNDARY / *CLOAD / *DLOAD */
  int out_kind, out_set;
  size_t nrec;                             /* boundary / load records so far */
  char cur_name[MAXNAME + 1];              /* INTERACTION= of the *CONTACT PAIR being read */
} rd;

/* ------------------------------------------------------------------------------------------ */
/* messages */

static int vfail(rd *p, int code, int file, int line, const char *fmt, va_list ap)
{
  if (!p->msg || !p->msglen) return code;
  const char *fn = (file >= 0 && file < p->nfname) ? p->fname[file] : "<deck>";
  int k = snprintf(p->msg, p->msglen, "%s:%d: ", fn, line);
  if (k >= 0 && (size_t)k < p->msglen) vsnprintf(p->msg + k, p->msglen - (size_t)k, fmt, ap);
  return code;
}

#if defined(__GNUC__)
#define PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define PRINTF(a, b)
#endif

static int fail(rd *p, const char *fmt, ...) PRINTF(2, 3);
static int fail(rd *p, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  int r = vfail(p, SN_ERR_FORMAT, p->file, p->line, fmt, ap);
  va_end(ap);
  return r;
}

static int fail_at(rd *p, int file, int line, const char *fmt, ...) PRINTF(4, 5);
static int fail_at(rd *p, int file, int line, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  int r = vfail(p, SN_ERR_FORMAT, file, line, fmt, ap);
  va_end(ap);
  return r;
}

static int fail_code(rd *p, int code, const char *fmt, ...) PRINTF(3, 4);
static int fail_code(rd *p, int code, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  int r = vfail(p, code, p->file, p->line, fmt, ap);
  va_end(ap);
  return r;
}

static int nomem(rd *p) { return fail_code(p, SN_ERR_NOMEM, "out of memory"); }

/* printable copy of s for messages: at most 40 characters. Nothing of a line of an included
 * file before one of its lines has read as deck text: it may be no deck at all (a binary or a
 * data file named by mistake, or a file the deck's author should not see). */
static const char *shown(const rd *p, const char *s, char *out, size_t cap)
{
  if (p->noecho) return "(content of a non-deck file not shown)";
  size_t i = 0;
  for (; s[i] && i + 4 < cap; i++) out[i] = (s[i] >= 0x20 && s[i] < 0x7f) ? s[i] : '?';
  if (s[i]) { out[i++] = '.'; out[i++] = '.'; out[i++] = '.'; }
  out[i] = '\0';
  return out;
}
#define SHOW(s) shown(p, (s), sbuf_, sizeof sbuf_)
#define SBUF char sbuf_[48]

/* ------------------------------------------------------------------------------------------ */
/* memory */

static void *grow_(void *ptr, size_t *cap, size_t need, size_t esz)
{
  size_t nc = *cap ? *cap : 8;
  while (nc < need) {
    if (nc > SIZE_MAX / 4 / esz) return NULL;
    nc *= 2;
  }
  void *q = realloc(ptr, nc * esz);
  if (q) *cap = nc;
  return q;
}
/* make room for need items in arr (capacity cap); returns from the caller on failure */
#define GROW(arr, cap, need)                                                       \
  do {                                                                             \
    if ((size_t)(need) > (cap)) {                                                  \
      void *q_ = grow_((arr), &(cap), (size_t)(need), sizeof *(arr));              \
      if (!q_) return nomem(p);                                                    \
      (arr) = q_;                                                                  \
    }                                                                              \
  } while (0)
/* resize arr to n items (capacity kept by the caller) */
#define RESIZE(arr, n)                                                             \
  do {                                                                             \
    void *q_ = realloc((arr), (size_t)(n) * sizeof *(arr));                        \
    if (!q_) return nomem(p);                                                      \
    (arr) = q_;                                                                    \
  } while (0)

/* ------------------------------------------------------------------------------------------ */
/* characters, names, numbers */

static int is_blank(char c) { return c == ' ' || c == '\t'; }
static char upc(char c) { return (c >= 'a' && c <= 'z') ? (char)(c - 32) : c; }

static char *trim(char *s)
{
  while (is_blank(*s)) s++;
  size_t n = strlen(s);
  while (n && is_blank(s[n - 1])) s[--n] = '\0';
  return s;
}

/* 1: an integer in [INT_MIN, INT_MAX] (stored in *v); 0: not an integer; -1: out of range */
static int parse_int(const char *s, long *v)
{
  size_t i = 0;
  int neg = 0;
  if (s[0] == '+' || s[0] == '-') neg = s[i++] == '-';
  if (!s[i]) return 0;
  long long x = 0;
  int big = 0;
  for (; s[i]; i++) {
    if (s[i] < '0' || s[i] > '9') return 0;
    if (!big) {
      x = x * 10 + (s[i] - '0');
      if (x > (long long)INT_MAX + 1) big = 1;
    }
  }
  if (big) return -1;
  if (neg) x = -x;
  if (x < INT_MIN || x > INT_MAX) return -1;
  *v = (long)x;
  return 1;
}

static int is_integer(const char *s)
{
  long v;
  return parse_int(s, &v) != 0;
}

static int get_int(rd *p, const char *s, const char *what, long lo, long hi, int *out)
{
  SBUF;
  long v = 0;
  int r = parse_int(s, &v);
  if (!*s) return fail(p, "missing %s (empty field)", what);
  if (r == 0) return fail(p, "expected %s (an integer), found '%s'", what, SHOW(s));
  if (r < 0 || v < lo || v > hi)
    return fail(p, "%s %s is out of range [%ld, %ld]", what, SHOW(s), lo, hi);
  *out = (int)v;
  return SN_OK;
}

static int get_dbl(rd *p, const char *s, const char *what, double *out)
{
  SBUF;
  if (!*s) return fail(p, "missing %s (empty field)", what);
  size_t n = strlen(s);
  if (!sn_scan_is_number(s, n)) return fail(p, "expected %s (a number), found '%s'", what, SHOW(s));
  double x = strtod(s, NULL);
  if (!isfinite(x)) return fail(p, "%s '%s' overflows a double", what, SHOW(s));
  *out = x;
  return SN_OK;
}

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
static int idmap_add(rd *p, int **tab, int *bits, const int *ids, int n)
{
  if (!*tab || (size_t)n * 2 > ((size_t)1 << *bits)) {
    int b = 10;
    while (((size_t)1 << b) < (size_t)n * 4) b++;
    int *t = calloc((size_t)1 << b, sizeof *t);
    if (!t) return nomem(p);
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

static int node_index(rd *p, int id) { return idmap_find(p->nmap, p->nbits, p->m->node_id, id); }
static int elem_index(rd *p, int id) { return idmap_find(p->emap, p->ebits, p->m->elem_id, id); }

/* ------------------------------------------------------------------------------------------ */
/* name map: (namespace, name) -> index into the model's array of that kind */

static const char *ns_name(rd *p, int ns, int idx)
{
  sn_model *m = p->m;
  switch (ns) {
  case NS_NSET: case NS_ELSET: return m->sets[idx].name;
  case NS_MAT: return m->materials[idx].name;
  case NS_AMP: return m->amplitudes[idx].name;
  case NS_SURF: return m->surfaces[idx].name;
  default: return m->interactions[idx].name;
  }
}

static size_t name_hash(int ns, const char *s)
{
  uint64_t h = 1469598103934665603ull ^ (uint64_t)ns;
  for (; *s; s++) h = (h ^ (unsigned char)*s) * 1099511628211ull;
  return (size_t)(h ^ (h >> 29));
}

static int name_find(rd *p, int ns, const char *name)
{
  if (!p->names) return -1;
  size_t mask = p->names_cap - 1, h = name_hash(ns, name) & mask;
  for (;;) {
    nslot *e = &p->names[h];
    if (e->ns < 0) return -1;
    if (e->ns == ns && !strcmp(ns_name(p, ns, e->idx), name)) return e->idx;
    h = (h + 1) & mask;
  }
}

static int name_add(rd *p, int ns, int idx)
{
  if ((p->names_n + 1) * 2 > p->names_cap) {
    size_t nc = p->names_cap ? p->names_cap * 2 : 64;
    nslot *t = malloc(nc * sizeof *t);
    if (!t) return nomem(p);
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
/* parameters of the keyword line */

static param *getpar(rd *p, const char *name)
{
  for (int i = 0; i < p->npar; i++)
    if (!strcmp(p->par[i].name, name)) return &p->par[i];
  return NULL;
}

/* a name given as parameter `key` (required or not): copied to out; 0 if absent and optional */
static int par_name(rd *p, const char *key, int required, char *out)
{
  SBUF;
  param *q = getpar(p, key);
  out[0] = '\0';
  if (!q) {
    if (required) return fail(p, "%s needs the parameter %s=", p->kw->shown, key);
    return SN_OK;
  }
  if (!q->val || !q->val[0]) return fail(p, "parameter %s of %s needs a value", key, p->kw->shown);
  if (strlen(q->val) > MAXNAME)
    return fail(p, "name '%s' is longer than %d characters", SHOW(q->val), MAXNAME);
  strcpy(out, q->val);
  return SN_OK;
}

/* a flag parameter (no value): 1 if present */
static int par_flag(rd *p, const char *key, int *on)
{
  param *q = getpar(p, key);
  *on = q != NULL;
  if (q && q->val) return fail(p, "parameter %s of %s takes no value", key, p->kw->shown);
  return SN_OK;
}

static int in_list(const char *list, const char *name)
{
  size_t n = strlen(name);
  for (const char *s = list; *s;) {
    while (*s == ' ' || *s == ',') s++;
    const char *e = s;
    while (*e && *e != ' ' && *e != ',') e++;
    if ((size_t)(e - s) == n && n && !memcmp(s, name, n)) return 1;
    s = e;
  }
  return 0;
}

/* Split the keyword line (after '*') into p->kwbuf: keyword name and parameters. */
static int parse_keyword_line(rd *p, const char *line, char *key, size_t keycap)
{
  SBUF;
  size_t L = strlen(line);
  memcpy(p->kwbuf, line, L + 1);
  char *s = p->kwbuf;
  char *vb = p->valbuf;
  p->npar = 0;
  /* split at commas outside double quotes */
  char *piece[MAXFIELDS];
  int np = 0, inq = 0;
  piece[np++] = s;
  for (char *c = s; *c; c++) {
    if (*c == '"') inq = !inq;
    else if (*c == ',' && !inq) {
      *c = '\0';
      if (np < MAXFIELDS) piece[np++] = c + 1;
    }
  }
  if (inq) return fail(p, "unterminated quote on the keyword line");
  /* keyword: blanks removed, upper case */
  size_t k = 0;
  for (char *c = piece[0]; *c; c++)
    if (!is_blank(*c)) {
      if (k + 1 >= keycap) return fail(p, "unknown keyword *%s", SHOW(piece[0]));
      key[k++] = upc(*c);
    }
  key[k] = '\0';
  if (!k) return fail(p, "empty keyword");
  for (int i = 1; i < np; i++) {
    char *q = trim(piece[i]);
    if (!*q) continue;
    if (p->npar == MAXPAR) return fail(p, "too many parameters on the keyword line (more than %d)", MAXPAR);
    param *pr = &p->par[p->npar];
    char *eq = NULL;
    for (char *c = q; *c && *c != '"'; c++)
      if (*c == '=') { eq = c; break; }
    if (eq) *eq = '\0';
    /* name */
    char *w = q;
    for (char *c = q; *c; c++)
      if (!is_blank(*c)) *w++ = upc(*c);
    *w = '\0';
    if (!q[0]) return fail(p, "parameter without a name on the keyword line");
    pr->name = q;
    pr->val = pr->raw = NULL;
    if (eq) {
      char *v = trim(eq + 1);
      size_t vl = strlen(v);
      if (vl >= 2 && v[0] == '"' && v[vl - 1] == '"') {
        v[vl - 1] = '\0';
        v++;
        pr->raw = v;
        pr->val = vb;
        for (char *c = v; *c; c++) *vb++ = upc(*c);
        *vb++ = '\0';
      } else {
        if (memchr(v, '"', vl)) return fail(p, "misplaced quote in the value of %s", SHOW(pr->name));
        pr->raw = v;
        pr->val = vb;
        for (char *c = v; *c; c++)
          if (!is_blank(*c)) *vb++ = upc(*c);
        *vb++ = '\0';
      }
    }
    for (int j = 0; j < p->npar; j++)
      if (!strcmp(p->par[j].name, pr->name)) return fail(p, "parameter %s given twice", SHOW(pr->name));
    p->npar++;
  }
  return SN_OK;
}

/* ------------------------------------------------------------------------------------------ */
/* sets */

static int new_set(rd *p, int kind, const char *name, int *idx)
{
  sn_model *m = p->m;
  GROW(m->sets, p->cap_sets, (size_t)m->nsets + 1);
  sn_set *s = &m->sets[m->nsets];
  memset(s, 0, sizeof *s);
  snprintf(s->name, sizeof s->name, "%s", name);
  s->kind = kind;
  *idx = m->nsets++;
  return name_add(p, kind == SN_SET_NODE ? NS_NSET : NS_ELSET, *idx);
}

static int find_set(rd *p, int kind, const char *name)
{
  return name_find(p, kind == SN_SET_NODE ? NS_NSET : NS_ELSET, name);
}

/* the set named name must exist */
static int need_set(rd *p, int kind, const char *name, int *idx)
{
  SBUF;
  *idx = find_set(p, kind, name);
  if (*idx < 0)
    return fail(p, "%s set '%s' is not defined (sets must be defined before they are used)",
                kind == SN_SET_NODE ? "node" : "element", SHOW(name));
  return SN_OK;
}

static int set_push(rd *p, sn_set *s, int item)
{
  if (s->n >= MAXCOUNT) return fail(p, "too many members in set %s", s->name);
  if (s->n == s->cap) {
    size_t cap = (size_t)s->cap;
    GROW(s->items, cap, (size_t)s->n + 1);
    s->cap = (int)(cap > (size_t)INT_MAX ? INT_MAX : cap);
  }
  s->items[s->n++] = item;
  return SN_OK;
}

static int mark_ensure(rd *p)
{
  size_t need = (size_t)(p->m->nnodes > p->m->nelems ? p->m->nnodes : p->m->nelems) + 1;
  if (need > p->mark_cap) {
    unsigned char *q = realloc(p->mark, need);
    if (!q) return nomem(p);
    memset(q + p->mark_cap, 0, need - p->mark_cap);
    p->mark = q;
    p->mark_cap = need;
  }
  return SN_OK;
}

/* the node / element of a data field: id (must exist) or set name. One of idx or set. */
static int item_or_set(rd *p, const char *s, int kind, int *idx, int *set)
{
  SBUF;
  *idx = *set = -1;
  if (!*s) return fail(p, "missing %s number or set name (empty field)", kind == SN_SET_NODE ? "node" : "element");
  if (is_integer(s)) {
    int id;
    int r = get_int(p, s, kind == SN_SET_NODE ? "node number" : "element number", 1, INT_MAX, &id);
    if (r) return r;
    *idx = kind == SN_SET_NODE ? node_index(p, id) : elem_index(p, id);
    if (*idx < 0) return fail(p, "%s %d is not defined", kind == SN_SET_NODE ? "node" : "element", id);
    return SN_OK;
  }
  char name[MAXNAME + 2];
  size_t k = 0;
  for (const char *c = s; *c; c++) {
    if (is_blank(*c)) return fail(p, "bad name or number '%s'", SHOW(s));
    if (k > MAXNAME) return fail(p, "name '%s' is longer than %d characters", SHOW(s), MAXNAME);
    name[k++] = upc(*c);
  }
  name[k] = '\0';
  return need_set(p, kind, name, set);
}

/* ------------------------------------------------------------------------------------------ */
/* keyword handlers: mesh */

static int k_heading_data(rd *p)
{
  if (p->ndata == 0) snprintf(p->m->heading, sizeof p->m->heading, "%s", trim(p->raw));
  return SN_OK;
}

static int k_node_begin(rd *p)
{
  char name[MAXNAME + 1];
  int r = par_name(p, "NSET", 0, name);
  if (r) return r;
  p->node_set = -1;
  if (name[0]) {
    p->node_set = find_set(p, SN_SET_NODE, name);
    if (p->node_set < 0 && (r = new_set(p, SN_SET_NODE, name, &p->node_set))) return r;
  }
  return SN_OK;
}

static int k_node_data(rd *p)
{
  sn_model *m = p->m;
  if (p->nf < 2 || p->nf > 4)
    return fail(p, "*NODE data line: expected a node number and 1 to 3 coordinates, found %d field%s", p->nf,
                p->nf == 1 ? "" : "s");
  int id, r;
  double x[3] = {0, 0, 0};
  if ((r = get_int(p, p->f[0], "node number", 1, INT_MAX, &id))) return r;
  for (int k = 1; k < p->nf; k++)
    if ((r = get_dbl(p, p->f[k], "a node coordinate", &x[k - 1]))) return r;
  if (node_index(p, id) >= 0) return fail(p, "node %d is defined twice", id);
  if (m->nnodes >= MAXCOUNT) return fail(p, "too many nodes (more than %d)", MAXCOUNT);
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
  if ((r = idmap_add(p, &p->nmap, &p->nbits, m->node_id, m->nnodes))) return r;
  if (p->node_set >= 0) return set_push(p, &m->sets[p->node_set], i);
  return SN_OK;
}

static int k_element_begin(rd *p)
{
  SBUF;
  char tname[MAXNAME + 1], name[MAXNAME + 1];
  int r = par_name(p, "TYPE", 1, tname);
  if (r) return r;
  p->el_type = sn_element_type(tname);
  p->el_desc = sn_element_desc(p->el_type);
  if (p->el_type == SN_EL_NONE || !p->el_desc) return fail(p, "unknown element type '%s'", SHOW(tname));
  if ((r = par_name(p, "ELSET", 0, name))) return r;
  p->elem_set = -1;
  if (name[0]) {
    p->elem_set = find_set(p, SN_SET_ELEM, name);
    if (p->elem_set < 0 && (r = new_set(p, SN_SET_ELEM, name, &p->elem_set))) return r;
  }
  p->el_n = 0;
  return SN_OK;
}

static int add_element(rd *p)
{
  sn_model *m = p->m;
  const sn_eldesc *d = p->el_desc;
  int nn = d->nnodes, id = (int)p->el_vals[0], r;
  if (elem_index(p, id) >= 0) return fail_at(p, p->el_file, p->el_line, "element %d is defined twice", id);
  if (m->nelems >= MAXCOUNT || (size_t)(m->nelems ? m->elem_ptr[m->nelems] : 0) + (size_t)nn > MAXCOUNT)
    return fail_at(p, p->el_file, p->el_line, "too many elements");
  int is3 = d->kind == SN_KIND_SOLID || p->el_type == SN_EL_T3D2;
  int is2 = !is3 && d->kind != SN_KIND_SPRING;
  if ((is3 && p->dim2) || (is2 && p->dim3))
    return fail_at(p, p->el_file, p->el_line, "element %d (%s) is %s but the model already has %s elements", id,
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
  for (int k = 0; k < nn; k++) {
    int nid = (int)p->el_vals[1 + k];
    int ni = node_index(p, nid);
    if (ni < 0)
      return fail_at(p, p->el_file, p->el_line, "element %d refers to node %d, which is not defined", id, nid);
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
  if ((r = idmap_add(p, &p->emap, &p->ebits, m->elem_id, m->nelems))) return r;
  if (p->elem_set >= 0) return set_push(p, &m->sets[p->elem_set], e);
  return SN_OK;
}

/* Element data: number and nodes; continued on the next line when the line ends with a comma
 * or holds 16 entries (Abaqus' layout) and more nodes are needed. */
static int k_element_data(rd *p)
{
  int need = 1 + p->el_desc->nnodes, r;
  if (p->el_n == 0) {
    p->el_file = p->file;
    p->el_line = p->line;
  }
  for (int k = 0; k < p->nf; k++) {
    int v = 0;
    if (p->el_n >= need)
      return fail(p, "element %ld: %s needs %d nodes, found more", p->el_vals[0], p->el_desc->name, need - 1);
    if ((r = get_int(p, p->f[k], p->el_n ? "node number" : "element number", 1, INT_MAX, &v))) return r;
    p->el_vals[p->el_n++] = v;
  }
  if (p->el_n == 0) return fail(p, "empty *ELEMENT data line");
  if (p->el_n < need) {
    if (p->trailing || p->nf == 16) return SN_OK;  /* continued */
    return fail(p, "element %ld: %s needs %d nodes, found %d", p->el_vals[0], p->el_desc->name, need - 1,
                p->el_n - 1);
  }
  p->el_n = 0;
  return add_element(p);
}

static int k_element_end(rd *p)
{
  if (p->el_n)
    return fail_at(p, p->el_file, p->el_line, "element %ld: %s needs %d nodes, found %d (the data ends)",
                   p->el_vals[0], p->el_desc->name, p->el_desc->nnodes, p->el_n - 1);
  return SN_OK;
}

/* *NSET / *ELSET */
static int set_begin(rd *p, int kind)
{
  SBUF;
  char name[MAXNAME + 1];
  const char *key = kind == SN_SET_NODE ? "NSET" : "ELSET";
  int r = par_name(p, key, 1, name);
  if (r) return r;
  if (is_integer(name)) return fail(p, "set name '%s' is a number", SHOW(name));
  if ((r = par_flag(p, "GENERATE", &p->generate))) return r;
  p->cur_set = find_set(p, kind, name);
  if (p->cur_set < 0 && (r = new_set(p, kind, name, &p->cur_set))) return r;
  if ((r = mark_ensure(p))) return r;
  const sn_set *s = &p->m->sets[p->cur_set];
  for (int i = 0; i < s->n; i++) p->mark[s->items[i]] |= 1;
  return SN_OK;
}
static int k_nset_begin(rd *p) { return set_begin(p, SN_SET_NODE); }
static int k_elset_begin(rd *p) { return set_begin(p, SN_SET_ELEM); }

static int set_add_unique(rd *p, sn_set *s, int item)
{
  if (p->mark[item] & 1) return SN_OK;
  p->mark[item] |= 1;
  return set_push(p, s, item);
}

static int k_set_data(rd *p)
{
  sn_set *s = &p->m->sets[p->cur_set];
  int kind = s->kind, r;
  const char *what = kind == SN_SET_NODE ? "node" : "element";
  if (p->generate) {
    int v[3] = {0, 0, 1};
    if (p->nf < 2 || p->nf > 3)
      return fail(p, "GENERATE data line: expected first, last[, increment], found %d field%s", p->nf,
                  p->nf == 1 ? "" : "s");
    for (int k = 0; k < p->nf; k++)
      if ((r = get_int(p, p->f[k], k == 0 ? "first number" : k == 1 ? "last number" : "increment", 1, INT_MAX,
                       &v[k])))
        return r;
    if (v[1] < v[0]) return fail(p, "GENERATE: last number %d is smaller than the first %d", v[1], v[0]);
    for (long id = v[0]; id <= v[1]; id += v[2]) {
      int i = kind == SN_SET_NODE ? node_index(p, (int)id) : elem_index(p, (int)id);
      if (i < 0) return fail(p, "GENERATE: %s %ld is not defined", what, id);
      if ((r = set_add_unique(p, s, i))) return r;
    }
    return SN_OK;
  }
  for (int k = 0; k < p->nf; k++) {
    int idx, set;
    if ((r = item_or_set(p, p->f[k], kind, &idx, &set))) return r;
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

static int k_set_end(rd *p)
{
  const sn_set *s = &p->m->sets[p->cur_set];
  for (int i = 0; i < s->n; i++) p->mark[s->items[i]] &= (unsigned char)~1u;
  return SN_OK;
}

/* ------------------------------------------------------------------------------------------ */
/* materials, sections, springs */

static int k_material_begin(rd *p)
{
  SBUF;
  sn_model *m = p->m;
  char name[MAXNAME + 1];
  int r = par_name(p, "NAME", 1, name);
  if (r) return r;
  if (name_find(p, NS_MAT, name) >= 0) return fail(p, "material '%s' is defined twice", SHOW(name));
  GROW(m->materials, p->cap_mat, (size_t)m->nmaterials + 1);
  sn_material *t = &m->materials[m->nmaterials];
  memset(t, 0, sizeof *t);
  snprintf(t->name, sizeof t->name, "%s", name);
  p->cur_mat = m->nmaterials++;
  return name_add(p, NS_MAT, p->cur_mat);
}

static int k_elastic_begin(rd *p)
{
  SBUF;
  if (p->cur_mat < 0) return fail(p, "*ELASTIC outside a *MATERIAL definition");
  param *q = getpar(p, "TYPE");
  if (q && (!q->val || (strcmp(q->val, "ISO") && strcmp(q->val, "ISOTROPIC"))))
    return fail(p, "*ELASTIC, TYPE=%s is not supported (only TYPE=ISO)", q->val ? SHOW(q->val) : "");
  if (p->m->materials[p->cur_mat].has_elastic)
    return fail(p, "material '%s' has a second *ELASTIC", p->m->materials[p->cur_mat].name);
  return SN_OK;
}

static int k_elastic_data(rd *p)
{
  sn_material *t = &p->m->materials[p->cur_mat];
  int r;
  if (p->ndata) return fail(p, "temperature-dependent *ELASTIC data (several data lines) is not supported");
  if (p->nf < 2 || p->nf > 3)
    return fail(p, "*ELASTIC data line: expected E, nu[, temperature], found %d field%s", p->nf, p->nf == 1 ? "" : "s");
  double E, nu, T;
  if ((r = get_dbl(p, p->f[0], "Young's modulus", &E)) || (r = get_dbl(p, p->f[1], "Poisson's ratio", &nu))) return r;
  if (p->nf == 3 && (r = get_dbl(p, p->f[2], "temperature", &T))) return r;
  if (!(E > 0)) return fail(p, "Young's modulus %g must be positive", E);
  if (!(nu > -1 && nu < 0.5)) return fail(p, "Poisson's ratio %g must lie in (-1, 0.5)", nu);
  t->E = E;
  t->nu = nu;
  t->has_elastic = 1;
  return SN_OK;
}

static int k_density_begin(rd *p)
{
  if (p->cur_mat < 0) return fail(p, "*DENSITY outside a *MATERIAL definition");
  if (p->m->materials[p->cur_mat].has_density)
    return fail(p, "material '%s' has a second *DENSITY", p->m->materials[p->cur_mat].name);
  return SN_OK;
}

static int k_density_data(rd *p)
{
  sn_material *t = &p->m->materials[p->cur_mat];
  int r;
  double rho, T;
  if (p->ndata) return fail(p, "temperature-dependent *DENSITY data (several data lines) is not supported");
  if (p->nf < 1 || p->nf > 2)
    return fail(p, "*DENSITY data line: expected density[, temperature], found %d fields", p->nf);
  if ((r = get_dbl(p, p->f[0], "density", &rho))) return r;
  if (p->nf == 2 && (r = get_dbl(p, p->f[1], "temperature", &T))) return r;
  if (rho < 0) return fail(p, "density %g is negative", rho);
  t->density = rho;
  t->has_density = 1;
  return SN_OK;
}

static int k_section_begin(rd *p)
{
  sn_model *m = p->m;
  char set[MAXNAME + 1], mat[MAXNAME + 1];
  int r, s;
  if ((r = par_name(p, "ELSET", 1, set)) || (r = par_name(p, "MATERIAL", 1, mat))) return r;
  if ((r = need_set(p, SN_SET_ELEM, set, &s))) return r;
  size_t need = (size_t)m->nsections + 1, c1 = p->cap_sec, c2 = p->cap_sec;
  GROW(m->sections, p->cap_sec, need);
  GROW(p->sec_mat, c1, need);
  GROW(p->sec_file, c2, need);
  int k = m->nsections;
  sn_section *sec = &m->sections[k];
  memset(sec, 0, sizeof *sec);
  sec->elset = s;
  sec->material = -1;
  sec->thickness = 1.0;
  sec->line = p->line;
  strcpy(p->sec_mat[k], mat);
  p->sec_file[k] = p->file;
  m->nsections++;
  const sn_set *S = &m->sets[s];
  for (int i = 0; i < S->n; i++) {
    int e = S->items[i];
    if (m->elem_type[e] == SN_EL_SPRINGA)
      return fail(p, "element %d is a SPRINGA spring: springs take *SPRING, not *SOLID SECTION", m->elem_id[e]);
    if (m->elem_section[e] >= 0)
      return fail(p, "element %d already has a section (line %d)", m->elem_id[e], m->sections[m->elem_section[e]].line);
    m->elem_section[e] = k;
  }
  p->cur_sec = k;
  return SN_OK;
}

static int k_section_data(rd *p)
{
  int r;
  if (p->ndata) return fail(p, "*SOLID SECTION takes one data line (thickness or area)");
  if (p->nf != 1) return fail(p, "*SOLID SECTION data line: expected one value (thickness or area), found %d", p->nf);
  double t;
  if ((r = get_dbl(p, p->f[0], "thickness or area", &t))) return r;
  if (!(t > 0)) return fail(p, "thickness or area %g must be positive", t);
  p->m->sections[p->cur_sec].thickness = t;
  return SN_OK;
}

static int k_section_end(rd *p)
{
  const sn_model *m = p->m;
  if (p->ndata) return SN_OK;
  const sn_set *S = &m->sets[m->sections[p->cur_sec].elset];
  for (int i = 0; i < S->n; i++) {
    sn_eltype t = m->elem_type[S->items[i]];
    if (t == SN_EL_T2D2 || t == SN_EL_T3D2)
      return fail_at(p, p->kw_file, p->kw_line, "section of truss element %d needs the cross-section area on its data line",
                     m->elem_id[S->items[i]]);
  }
  return SN_OK;
}

static int k_spring_begin(rd *p)
{
  sn_model *m = p->m;
  char set[MAXNAME + 1];
  int r, s, nl;
  if ((r = par_name(p, "ELSET", 1, set)) || (r = par_flag(p, "NONLINEAR", &nl))) return r;
  if ((r = need_set(p, SN_SET_ELEM, set, &s))) return r;
  GROW(m->springs, p->cap_spr, (size_t)m->nsprings + 1);
  int k = m->nsprings;
  sn_spring *sp = &m->springs[k];
  memset(sp, 0, sizeof *sp);
  sp->elset = s;
  sp->line = p->line;
  sp->ntab = nl ? -1 : 0;                  /* -1 while the table is read */
  m->nsprings++;
  const sn_set *S = &m->sets[s];
  for (int i = 0; i < S->n; i++) {
    int e = S->items[i];
    if (m->elem_type[e] != SN_EL_SPRINGA)
      return fail(p, "element %d (%s) in ELSET=%s is not a SPRINGA element", m->elem_id[e],
                  sn_element_desc(m->elem_type[e])->name, S->name);
    if (m->elem_spring[e] >= 0)
      return fail(p, "element %d already has a *SPRING (line %d)", m->elem_id[e], m->springs[m->elem_spring[e]].line);
    m->elem_spring[e] = k;
  }
  p->cur_spr = k;
  p->cap_item = 0;
  return SN_OK;
}

static int k_spring_data(rd *p)
{
  sn_spring *sp = &p->m->springs[p->cur_spr];
  int r;
  if (sp->ntab == 0) {
    if (p->ndata) return fail(p, "linear *SPRING takes one data line (the spring constant)");
    if (p->nf != 1) return fail(p, "*SPRING data line: expected the spring constant, found %d fields", p->nf);
    if ((r = get_dbl(p, p->f[0], "spring constant", &sp->k))) return r;
    if (!(sp->k > 0)) return fail(p, "spring constant %g must be positive", sp->k);
    return SN_OK;
  }
  if (p->nf != 2)
    return fail(p, "*SPRING, NONLINEAR data line: expected force, elongation, found %d field%s%s", p->nf,
                p->nf == 1 ? "" : "s", p->nf == 3 ? " (temperature-dependent tables are not supported)" : "");
  double F, d;
  if ((r = get_dbl(p, p->f[0], "spring force", &F)) || (r = get_dbl(p, p->f[1], "elongation", &d))) return r;
  int n = p->ndata;
  if (n >= MAXLIST) return fail(p, "too many points in the spring table");
  if (n && !(d > sp->elong[n - 1])) return fail(p, "spring table: elongation %g does not increase (previous %g)", d, sp->elong[n - 1]);
  size_t c2 = p->cap_item;
  GROW(sp->force, p->cap_item, (size_t)n + 1);
  GROW(sp->elong, c2, (size_t)n + 1);
  sp->force[n] = F;
  sp->elong[n] = d;
  return SN_OK;
}

static int k_spring_end(rd *p)
{
  sn_spring *sp = &p->m->springs[p->cur_spr];
  if (sp->ntab == 0) {
    if (!p->ndata) return fail_at(p, p->kw_file, p->kw_line, "*SPRING needs a data line with the spring constant");
    return SN_OK;
  }
  sp->ntab = p->ndata;
  if (p->ndata < 2) return fail_at(p, p->kw_file, p->kw_line, "*SPRING, NONLINEAR needs at least two force, elongation lines");
  return SN_OK;
}

/* ------------------------------------------------------------------------------------------ */
/* amplitudes, surfaces, rigid bodies, interactions, contact pairs */

static int k_amplitude_begin(rd *p)
{
  SBUF;
  sn_model *m = p->m;
  char name[MAXNAME + 1];
  int r = par_name(p, "NAME", 1, name);
  if (r) return r;
  param *q = getpar(p, "TIME");
  if (q && (!q->val || strcmp(q->val, "STEPTIME")))
    return fail(p, "*AMPLITUDE, TIME=%s is not supported (only TIME=STEP TIME)", q->val ? SHOW(q->raw) : "");
  q = getpar(p, "DEFINITION");
  if (q && (!q->val || strcmp(q->val, "TABULAR")))
    return fail(p, "*AMPLITUDE, DEFINITION=%s is not supported (only TABULAR)", q->val ? SHOW(q->raw) : "");
  if (name_find(p, NS_AMP, name) >= 0) return fail(p, "amplitude '%s' is defined twice", SHOW(name));
  GROW(m->amplitudes, p->cap_amp, (size_t)m->namplitudes + 1);
  sn_amplitude *a = &m->amplitudes[m->namplitudes];
  memset(a, 0, sizeof *a);
  snprintf(a->name, sizeof a->name, "%s", name);
  p->cur_amp = m->namplitudes++;
  p->cap_item = 0;
  return name_add(p, NS_AMP, p->cur_amp);
}

static int k_amplitude_data(rd *p)
{
  sn_amplitude *a = &p->m->amplitudes[p->cur_amp];
  int r;
  if (p->nf == 0 || p->nf % 2)
    return fail(p, "*AMPLITUDE data line: expected pairs of time, amplitude, found %d field%s", p->nf, p->nf == 1 ? "" : "s");
  for (int k = 0; k < p->nf; k += 2) {
    double t, v;
    if ((r = get_dbl(p, p->f[k], "time", &t)) || (r = get_dbl(p, p->f[k + 1], "amplitude", &v))) return r;
    if (a->n && !(t > a->t[a->n - 1]))
      return fail(p, "amplitude '%s': time %g does not increase (previous %g)", a->name, t, a->t[a->n - 1]);
    if (a->n >= MAXLIST) return fail(p, "too many points in amplitude '%s'", a->name);
    size_t c2 = p->cap_item;
    GROW(a->t, p->cap_item, (size_t)a->n + 1);
    GROW(a->a, c2, (size_t)a->n + 1);
    a->t[a->n] = t;
    a->a[a->n++] = v;
  }
  return SN_OK;
}

static int k_surface_begin(rd *p)
{
  SBUF;
  sn_model *m = p->m;
  char name[MAXNAME + 1];
  int r = par_name(p, "NAME", 1, name);
  if (r) return r;
  int nodeb = 0;
  param *q = getpar(p, "TYPE");
  if (q) {
    if (q->val && !strcmp(q->val, "NODE")) nodeb = 1;
    else if (!q->val || strcmp(q->val, "ELEMENT"))
      return fail(p, "*SURFACE, TYPE=%s is not supported (ELEMENT or NODE)", q->val ? SHOW(q->raw) : "");
  }
  if (name_find(p, NS_SURF, name) >= 0) return fail(p, "surface '%s' is defined twice", SHOW(name));
  GROW(m->surfaces, p->cap_surf, (size_t)m->nsurfaces + 1);
  sn_surface *S = &m->surfaces[m->nsurfaces];
  memset(S, 0, sizeof *S);
  snprintf(S->name, sizeof S->name, "%s", name);
  S->node_based = nodeb;
  S->line = p->line;
  p->cur_surf = m->nsurfaces++;
  p->cap_item = 0;
  if ((r = mark_ensure(p))) return r;
  return name_add(p, NS_SURF, p->cur_surf);
}

/* face label Sn (surfaces) or Pn (loads): n in 1..9, 0 if malformed */
static int face_label(const char *s, char letter)
{
  if (upc(s[0]) != letter || s[1] < '1' || s[1] > '9' || s[2]) return 0;
  return s[1] - '0';
}

static int check_face(rd *p, int e, int face, const char *label)
{
  SBUF;
  const sn_model *m = p->m;
  const sn_eldesc *d = sn_element_desc(m->elem_type[e]);
  if (face < 1 || face > d->nfaces) {
    if (!d->nfaces) return fail(p, "face %s is invalid for element %d: %s has no faces", SHOW(label), m->elem_id[e], d->name);
    return fail(p, "face %s is invalid for element %d: %s has faces 1 to %d", SHOW(label), m->elem_id[e], d->name, d->nfaces);
  }
  return SN_OK;
}

static int surf_add_face(rd *p, sn_surface *S, int e, int face)
{
  if (p->mark[e] & (1u << face)) return SN_OK;
  p->mark[e] |= (unsigned char)(1u << face);
  size_t c2 = p->cap_item;
  GROW(S->elem, p->cap_item, (size_t)S->n + 1);
  GROW(S->face, c2, (size_t)S->n + 1);
  S->elem[S->n] = e;
  S->face[S->n++] = face;
  return SN_OK;
}

static int surf_add_node(rd *p, sn_surface *S, int i, double w)
{
  if (p->mark[i] & 1) return SN_OK;
  p->mark[i] |= 1;
  size_t c2 = p->cap_item;
  GROW(S->node, p->cap_item, (size_t)S->n + 1);
  GROW(S->weight, c2, (size_t)S->n + 1);
  S->node[S->n] = i;
  S->weight[S->n++] = w;
  return SN_OK;
}

static int k_surface_data(rd *p)
{
  SBUF;
  sn_model *m = p->m;
  sn_surface *S = &m->surfaces[p->cur_surf];
  int r, idx, set;
  if (S->node_based) {
    double w = 1.0;
    if (p->nf < 1 || p->nf > 2) return fail(p, "*SURFACE, TYPE=NODE data line: expected node or node set[, weight], found %d fields", p->nf);
    if ((r = item_or_set(p, p->f[0], SN_SET_NODE, &idx, &set))) return r;
    if (p->nf == 2) {
      if ((r = get_dbl(p, p->f[1], "weight", &w))) return r;
      if (!(w > 0)) return fail(p, "surface weight %g must be positive", w);
    }
    if (idx >= 0) return surf_add_node(p, S, idx, w);
    for (int j = 0; j < m->sets[set].n; j++)
      if ((r = surf_add_node(p, S, m->sets[set].items[j], w))) return r;
    return SN_OK;
  }
  if (p->nf != 2) return fail(p, "*SURFACE data line: expected element or element set, face label (S1..S6), found %d field%s", p->nf,
                              p->nf == 1 ? "" : "s");
  if ((r = item_or_set(p, p->f[0], SN_SET_ELEM, &idx, &set))) return r;
  int face = face_label(p->f[1], 'S');
  if (!face) return fail(p, "bad face label '%s' (expected S1..S6)", SHOW(p->f[1]));
  if (idx >= 0) {
    if ((r = check_face(p, idx, face, p->f[1]))) return r;
    return surf_add_face(p, S, idx, face);
  }
  for (int j = 0; j < m->sets[set].n; j++) {
    int e = m->sets[set].items[j];
    if ((r = check_face(p, e, face, p->f[1])) || (r = surf_add_face(p, S, e, face))) return r;
  }
  return SN_OK;
}

static int k_surface_end(rd *p)
{
  sn_surface *S = &p->m->surfaces[p->cur_surf];
  for (int i = 0; i < S->n; i++) p->mark[S->node_based ? S->node[i] : S->elem[i]] = 0;
  return SN_OK;
}

static int k_rigid_begin(rd *p)
{
  sn_model *m = p->m;
  char ns[MAXNAME + 1], es[MAXNAME + 1];
  int r, set, ref;
  if ((r = par_name(p, "NSET", 0, ns)) || (r = par_name(p, "ELSET", 0, es))) return r;
  if (!ns[0] && !es[0]) return fail(p, "*RIGID BODY needs NSET= or ELSET=");
  if (ns[0] && es[0]) return fail(p, "*RIGID BODY takes NSET= or ELSET=, not both");
  param *q = getpar(p, "REFNODE");
  if (!q) return fail(p, "*RIGID BODY needs the parameter REF NODE= (the reference node)");
  if (!q->val || !q->val[0]) return fail(p, "parameter REF NODE of *RIGID BODY needs a value");
  if ((r = get_int(p, q->val, "reference node", 1, INT_MAX, &ref))) return r;
  int ri = node_index(p, ref);
  if (ri < 0) return fail(p, "reference node %d is not defined", ref);
  if ((r = need_set(p, ns[0] ? SN_SET_NODE : SN_SET_ELEM, ns[0] ? ns : es, &set))) return r;
  GROW(m->rigids, p->cap_rig, (size_t)m->nrigids + 1);
  sn_rigid *g = &m->rigids[m->nrigids++];
  g->set = set;
  g->ref_node = ri;
  g->line = p->line;
  return SN_OK;
}

static int k_interaction_begin(rd *p)
{
  SBUF;
  sn_model *m = p->m;
  char name[MAXNAME + 1];
  int r = par_name(p, "NAME", 1, name);
  if (r) return r;
  if (name_find(p, NS_INTER, name) >= 0) return fail(p, "surface interaction '%s' is defined twice", SHOW(name));
  GROW(m->interactions, p->cap_int, (size_t)m->ninteractions + 1);
  sn_interaction *t = &m->interactions[m->ninteractions];
  memset(t, 0, sizeof *t);
  snprintf(t->name, sizeof t->name, "%s", name);
  t->law = SN_OVERCLOSURE_HARD;
  t->line = p->line;
  p->cur_int = m->ninteractions++;
  return name_add(p, NS_INTER, p->cur_int);
}

static int k_behavior_begin(rd *p)
{
  SBUF;
  if (p->cur_int < 0) return fail(p, "*SURFACE BEHAVIOR outside a *SURFACE INTERACTION definition");
  sn_interaction *t = &p->m->interactions[p->cur_int];
  param *q = getpar(p, "PRESSURE-OVERCLOSURE");
  if (!q) return fail(p, "*SURFACE BEHAVIOR needs the parameter PRESSURE-OVERCLOSURE=");
  if (q->val && !strcmp(q->val, "HARD")) t->law = SN_OVERCLOSURE_HARD;
  else if (q->val && !strcmp(q->val, "LINEAR")) t->law = SN_OVERCLOSURE_LINEAR;
  else return fail(p, "PRESSURE-OVERCLOSURE=%s is not supported (HARD or LINEAR)", q->val ? SHOW(q->raw) : "");
  return SN_OK;
}

static int k_behavior_data(rd *p)
{
  sn_interaction *t = &p->m->interactions[p->cur_int];
  int r, lin = t->law == SN_OVERCLOSURE_LINEAR;
  if (p->ndata) return fail(p, "*SURFACE BEHAVIOR takes one data line");
  if (p->nf < 1 || p->nf > (lin ? 3 : 1))
    return fail(p, lin ? "PRESSURE-OVERCLOSURE=LINEAR data line: expected slope[, sigma_inf[, c0]], found %d fields"
                       : "PRESSURE-OVERCLOSURE=HARD data line: expected the penalty stiffness, found %d fields", p->nf);
  double v[3] = {0, 0, 0};
  for (int k = 0; k < p->nf; k++) {
    if ((r = get_dbl(p, p->f[k], k == 0 ? (lin ? "slope" : "penalty stiffness") : k == 1 ? "sigma_inf" : "c0", &v[k]))) return r;
    if (!(v[k] > 0)) return fail(p, "%s %g must be positive", k == 0 ? (lin ? "slope" : "penalty stiffness") : k == 1 ? "sigma_inf" : "c0", v[k]);
  }
  t->slope = v[0];
  t->sigma_inf = v[1];
  t->c0 = v[2];
  return SN_OK;
}

static int k_behavior_end(rd *p)
{
  if (!p->ndata && p->m->interactions[p->cur_int].law == SN_OVERCLOSURE_LINEAR)
    return fail_at(p, p->kw_file, p->kw_line, "PRESSURE-OVERCLOSURE=LINEAR needs a data line with the slope");
  return SN_OK;
}

static int k_friction_begin(rd *p)
{
  if (p->cur_int < 0) return fail(p, "*FRICTION outside a *SURFACE INTERACTION definition");
  if (p->m->interactions[p->cur_int].has_friction)
    return fail(p, "surface interaction '%s' has a second *FRICTION", p->m->interactions[p->cur_int].name);
  return SN_OK;
}

static int k_friction_data(rd *p)
{
  sn_interaction *t = &p->m->interactions[p->cur_int];
  int r;
  if (p->ndata) return fail(p, "*FRICTION takes one data line");
  if (p->nf < 1 || p->nf > 2) return fail(p, "*FRICTION data line: expected mu[, stick slope], found %d fields", p->nf);
  double mu, st = 0;
  if ((r = get_dbl(p, p->f[0], "friction coefficient", &mu))) return r;
  if (mu < 0) return fail(p, "friction coefficient %g is negative", mu);
  if (p->nf == 2) {
    if ((r = get_dbl(p, p->f[1], "stick slope", &st))) return r;
    if (!(st > 0)) return fail(p, "stick slope %g must be positive", st);
  }
  t->mu = mu;
  t->stick_slope = st;
  t->has_friction = 1;
  return SN_OK;
}

static int k_pair_begin(rd *p)
{
  SBUF;
  char name[MAXNAME + 1];
  int r = par_name(p, "INTERACTION", 1, name);
  if (r) return r;
  p->cur_pair_type = SN_PAIR_NODE_TO_SURFACE;
  param *q = getpar(p, "TYPE");
  if (q) {
    if (q->val && !strcmp(q->val, "NODETOSURFACE")) p->cur_pair_type = SN_PAIR_NODE_TO_SURFACE;
    else if (q->val && !strcmp(q->val, "SURFACETOSURFACE")) p->cur_pair_type = SN_PAIR_SURFACE_TO_SURFACE;
    else return fail(p, "*CONTACT PAIR, TYPE=%s is not supported (NODE TO SURFACE or SURFACE TO SURFACE)", q->val ? SHOW(q->raw) : "");
  }
  strcpy(p->cur_name, name);
  return SN_OK;
}

static int surface_named(rd *p, const char *s, int *idx)
{
  SBUF;
  char name[MAXNAME + 1];
  size_t k = 0;
  if (!*s) return fail(p, "missing surface name (empty field)");
  for (; s[k]; k++) {
    if (k >= MAXNAME) return fail(p, "name '%s' is longer than %d characters", SHOW(s), MAXNAME);
    name[k] = upc(s[k]);
  }
  name[k] = '\0';
  *idx = name_find(p, NS_SURF, name);
  if (*idx < 0) return fail(p, "surface '%s' is not defined (surfaces must be defined before they are used)", SHOW(s));
  return SN_OK;
}

static int k_pair_data(rd *p)
{
  sn_model *m = p->m;
  int r, sl, ma;
  if (p->nf != 2) return fail(p, "*CONTACT PAIR data line: expected slave surface, master surface, found %d field%s", p->nf,
                              p->nf == 1 ? "" : "s");
  if ((r = surface_named(p, p->f[0], &sl)) || (r = surface_named(p, p->f[1], &ma))) return r;
  if (m->surfaces[ma].node_based) return fail(p, "master surface '%s' must be element based (TYPE=ELEMENT)", m->surfaces[ma].name);
  if (p->cur_pair_type == SN_PAIR_SURFACE_TO_SURFACE && m->surfaces[sl].node_based)
    return fail(p, "SURFACE TO SURFACE: slave surface '%s' must be element based (TYPE=ELEMENT)", m->surfaces[sl].name);
  if (sl == ma) return fail(p, "contact pair of surface '%s' with itself", m->surfaces[sl].name);
  size_t need = (size_t)m->npairs + 1, c1 = p->cap_pair, c2 = p->cap_pair;
  GROW(m->pairs, p->cap_pair, need);
  GROW(p->pair_int, c1, need);
  GROW(p->pair_file, c2, need);
  sn_contact_pair *cp = &m->pairs[m->npairs];
  cp->interaction = -1;
  cp->slave = sl;
  cp->master = ma;
  cp->type = p->cur_pair_type;
  cp->line = p->line;
  strcpy(p->pair_int[m->npairs], p->cur_name);
  p->pair_file[m->npairs] = p->file;
  m->npairs++;
  return SN_OK;
}

/* ------------------------------------------------------------------------------------------ */
/* steps: boundary conditions, loads, procedure, output requests */

/* The mesh is complete at the first *STEP (model data may not follow it): ndf is known, the
 * model-data boundaries are checked against it. */
static int freeze(rd *p)
{
  sn_model *m = p->m;
  if (p->frozen) return SN_OK;
  p->frozen = 1;
  m->ndf = p->dim3 ? 3 : 2;
  for (int i = 0; i < p->npre; i++) {
    sn_bc *b = &p->pre[i];
    if (p->pre_all[i]) b->last = m->ndf;
    if (b->last > m->ndf)
      return fail_at(p, p->pre_file[i], b->line, "degree of freedom %d is out of range 1..%d (the model is %dD)",
                     b->last, m->ndf, m->ndf);
  }
  return SN_OK;
}

static sn_step *cur_step(rd *p) { return &p->m->steps[p->m->nsteps - 1]; }

/* n more boundary / load records (the budget of RECPERITEM) */
static int rec_room(rd *p, size_t n, int file, int line)
{
  size_t budget = RECBASE + (size_t)RECPERITEM * ((size_t)p->m->nnodes + (size_t)p->m->nelems);
  if (n > budget || p->nrec > budget - n)
    return fail_at(p, file, line, "too many boundary and load records: more than %zu for %d nodes and %d elements", budget,
                   p->m->nnodes, p->m->nelems);
  p->nrec += n;
  return SN_OK;
}

static int k_step_begin(rd *p)
{
  SBUF;
  sn_model *m = p->m;
  int r;
  if ((r = freeze(p))) return r;
  GROW(m->steps, p->cap_step, (size_t)m->nsteps + 1);
  GROW(p->step_file, p->cap_stepf, (size_t)m->nsteps + 1);
  p->step_file[m->nsteps] = p->file;
  sn_step *st = &m->steps[m->nsteps];
  memset(st, 0, sizeof *st);
  st->inc = 100;
  st->dt0 = st->period = st->dtmax = 1.0;
  st->dtmin = 1e-5;
  st->contact = SN_CT_LAGRANGE;
  st->line = p->line;
  m->nsteps++;
  p->cap_bc = p->cap_cl = p->cap_dl = p->cap_out = 0;
  p->in_step = 1;
  p->step_static = 0;
  param *q;
  if ((q = getpar(p, "NLGEOM"))) {
    if (!q->val || !strcmp(q->val, "YES")) st->nlgeom = 1;
    else if (strcmp(q->val, "NO")) return fail(p, "NLGEOM=%s: expected YES or NO", SHOW(q->raw));
  }
  if ((q = getpar(p, "INC"))) {
    if (!q->val) return fail(p, "parameter INC of *STEP needs a value");
    if ((r = get_int(p, q->val, "INC", 1, INT_MAX, &st->inc))) return r;
  }
  if ((q = getpar(p, "CONTACT"))) {
    static const char *const names[] = {"LAGRANGE", "PENALTY", "AUGMENTED", "INTERIOR"};
    int k = 0;
    while (k < 4 && (!q->val || strcmp(q->val, names[k]))) k++;
    if (k == 4) return fail(p, "CONTACT=%s: expected LAGRANGE, PENALTY, AUGMENTED or INTERIOR", q->val ? SHOW(q->raw) : "");
    st->contact = (sn_contact_treatment)k;
  }
  if ((q = getpar(p, "SOLVER"))) {
    if (!q->val || !q->val[0]) return fail(p, "parameter SOLVER of *STEP needs a value");
    size_t n = strlen(q->val);
    if (n >= sizeof st->solver) return fail(p, "SOLVER=%s: name longer than %zu characters", SHOW(q->raw), sizeof st->solver - 1);
    for (size_t i = 0; i < n; i++) {
      char c = q->val[i];
      if (!((c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-'))
        return fail(p, "SOLVER=%s: a solver name holds letters, digits, '_' and '-'", SHOW(q->raw));
      st->solver[i] = (c >= 'A' && c <= 'Z') ? (char)(c + 32) : c;
    }
    st->solver[n] = '\0';
    char why[512];
    int lagrange = st->contact == SN_CT_LAGRANGE || st->contact == SN_CT_INTERIOR;
    if (sn_inp_check_solver(st->solver, lagrange, 0, why, sizeof why)) return fail(p, "%s", why);
  }
  return SN_OK;
}

/* at the end, when the model's dimension and elements are known: each step's SOLVER= solves
 * problems of that dimension; NLGEOM only with trusses (and springs) */
static int check_steps(rd *p)
{
  sn_model *m = p->m;
  char why[512];
  for (int k = 0; k < m->nsteps; k++) {
    const sn_step *st = &m->steps[k];
    if (st->solver[0] && sn_inp_check_solver(st->solver, 1, m->ndf, why, sizeof why))
      return fail_at(p, p->step_file[k], st->line, "%s", why);
    if (st->nlgeom && st->dynamic)
      return fail_at(p, p->step_file[k], st->line, "*STEP, NLGEOM with *DYNAMIC: the dynamic analysis is linear "
                     "(small strain) only; remove NLGEOM");
    if (!st->nlgeom) continue;
    for (int e = 0; e < m->nelems; e++) {
      const sn_eldesc *d = sn_element_desc(m->elem_type[e]);
      if (d->kind != SN_KIND_TRUSS && d->kind != SN_KIND_SPRING)
        return fail_at(p, p->step_file[k], st->line, "*STEP, NLGEOM: NLGEOM is supported for trusses only "
                       "(element %d is a %s); geometric nonlinearity of continuum elements is not implemented yet: "
                       "remove NLGEOM (small deformations)", m->elem_id[e], d->name);
    }
  }
  return SN_OK;
}

static int k_step_data(rd *p)
{
  if (p->ndata) return fail(p, "*STEP takes at most one data line (a title)");
  return SN_OK;
}

static int k_static_begin(rd *p)
{
  SBUF;
  int r, direct;
  if (p->step_static) return fail(p, "a second procedure in the step (one *STATIC or *DYNAMIC per step)");
  if ((r = par_flag(p, "DIRECT", &direct))) return r;
  p->step_static = 1;
  cur_step(p)->direct = direct;
  const param *q = getpar(p, "SOLVER");
  if (q) {
    /* CalculiX' equation solvers: the direct ones map to CHOLMOD, the iterative ones to
     * Jacobi-preconditioned CG (compared without blanks: ITERATIVE SCALING = ITERATIVESCALING) */
    static const char *const direct_names[] = {"SPOOLES", "PARDISO", "PASTIX", "DIRECT", "CHOLMOD"};
    static const char *const iter_names[] = {"ITERATIVESCALING", "ITERATIVECHOLESKY", "ITERATIVE"};
    char v[64] = "";
    size_t k = 0;
    for (const char *c = q->val ? q->val : ""; *c && k + 1 < sizeof v; c++)
      if (*c != ' ') v[k++] = *c;
    v[k] = '\0';
    int kind = 0;
    for (size_t i = 0; i < sizeof direct_names / sizeof *direct_names; i++) if (!strcmp(v, direct_names[i])) kind = 1;
    for (size_t i = 0; i < sizeof iter_names / sizeof *iter_names; i++) if (!strcmp(v, iter_names[i])) kind = 2;
    if (!kind)
      return fail(p, "*STATIC, SOLVER=%s: expected SPOOLES, PARDISO, PASTIX or DIRECT (all solved by CHOLMOD), or ITERATIVE SCALING / ITERATIVE CHOLESKY (preconditioned conjugate gradients)", q->val ? SHOW(q->raw) : "");
    cur_step(p)->linsolver = kind;
  }
  return SN_OK;
}

static int k_static_data(rd *p)
{
  sn_step *st = cur_step(p);
  static const char *const what[] = {"initial increment", "step period", "minimum increment", "maximum increment"};
  double v[4] = {0, 0, 0, 0};
  int given[4] = {0, 0, 0, 0}, r;
  if (p->ndata) return fail(p, "%s takes one data line", p->kw->shown);
  if (p->nf > 4) return fail(p, "%s data line: expected at most 4 values (initial increment, period, min, max), found %d", p->kw->shown, p->nf);
  for (int k = 0; k < p->nf; k++) {
    if (!p->f[k][0]) continue;
    if ((r = get_dbl(p, p->f[k], what[k], &v[k]))) return r;
    if (!(v[k] > 0)) return fail(p, "%s %g must be positive", what[k], v[k]);
    given[k] = 1;
  }
  st->period = given[1] ? v[1] : 1.0;
  st->dt0 = given[0] ? v[0] : st->period;
  st->dtmax = given[3] ? v[3] : st->period;
  st->dtmin = given[2] ? v[2] : fmin(st->dt0, 1e-5 * st->period);
  if (st->dt0 > st->period) return fail(p, "initial increment %g is larger than the step period %g", st->dt0, st->period);
  if (st->dtmin > st->dtmax) return fail(p, "minimum increment %g is larger than the maximum %g", st->dtmin, st->dtmax);
  return SN_OK;
}

static int k_endstep_begin(rd *p)
{
  if (!p->step_static)
    return fail(p, "the *STEP of line %d has no procedure (*STATIC or *DYNAMIC)", cur_step(p)->line);
  p->in_step = 0;
  return SN_OK;
}

/* AMPLITUDE= and OP= of *BOUNDARY, *CLOAD, *DLOAD */
static int load_begin(rd *p)
{
  SBUF;
  char name[MAXNAME + 1];
  int r = par_name(p, "AMPLITUDE", 0, name);
  if (r) return r;
  p->amp = -1;
  if (name[0] && (p->amp = name_find(p, NS_AMP, name)) < 0)
    return fail(p, "amplitude '%s' is not defined (amplitudes must be defined before they are used)", SHOW(name));
  param *q = getpar(p, "OP");
  if (q && (!q->val || strcmp(q->val, "MOD"))) return fail(p, "OP=%s is not supported (only OP=MOD)", q->val ? SHOW(q->raw) : "");
  return SN_OK;
}

static int add_bc(rd *p, int node, int first, int last, double value, int all)
{
  sn_bc b = {node, first, last, value, p->amp, p->line};
  int r = rec_room(p, 1, p->file, p->line);
  if (r) return r;
  if (p->in_step) {
    sn_step *st = cur_step(p);
    if (st->nbc >= MAXLIST) return fail(p, "too many boundary conditions in the step (more than %d)", MAXLIST);
    GROW(st->bc, p->cap_bc, (size_t)st->nbc + 1);
    st->bc[st->nbc++] = b;
    return SN_OK;
  }
  if (p->npre >= MAXLIST) return fail(p, "too many boundary conditions (more than %d)", MAXLIST);
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
static int get_dof(rd *p, const char *s, const char *what, int *dof)
{
  int r, hi = p->frozen ? p->m->ndf : 3;
  long v;
  if (parse_int(s, &v) == 1 && (v < 1 || v > hi)) {
    if (v >= 4 && v <= 6) return fail(p, "%s %ld is out of range 1..%d (rotations do not exist for the elements signorini knows)", what, v, hi);
    return fail(p, "%s %ld is out of range 1..%d%s", what, v, hi, p->frozen ? (hi == 2 ? " (the model is 2D)" : "") : "");
  }
  if ((r = get_int(p, s, what, 1, hi, dof))) return r;
  return SN_OK;
}

static int k_boundary_data(rd *p)
{
  SBUF;
  sn_model *m = p->m;
  int r, idx, set, first, last, all = 0;
  double v = 0;
  if (p->nf < 2 || p->nf > 4)
    return fail(p, "*BOUNDARY data line: expected node or node set, first dof[, last dof[, value]] (or a type), found %d field%s",
                p->nf, p->nf == 1 ? "" : "s");
  if ((r = item_or_set(p, p->f[0], SN_SET_NODE, &idx, &set))) return r;
  if (p->f[1][0] && !is_integer(p->f[1])) {
    char t[16];
    size_t k = 0;
    for (; p->f[1][k] && k < sizeof t - 1; k++) t[k] = upc(p->f[1][k]);
    t[k] = '\0';
    if (p->nf != 2) return fail(p, "*BOUNDARY, %s takes no further values", SHOW(p->f[1]));
    if (!strcmp(t, "ENCASTRE") || !strcmp(t, "PINNED")) { first = 1; last = 3; all = 1; }
    else if (!strcmp(t, "XSYMM")) first = last = 1;
    else if (!strcmp(t, "YSYMM")) first = last = 2;
    else if (!strcmp(t, "ZSYMM")) first = last = 3;
    else return fail(p, "unknown boundary type '%s' (ENCASTRE, PINNED, XSYMM, YSYMM or ZSYMM)", SHOW(p->f[1]));
    if (p->frozen && all) last = m->ndf;
    if (p->frozen && last > m->ndf) return fail(p, "ZSYMM constrains degree of freedom 3, which a 2D model does not have");
  } else {
    if ((r = get_dof(p, p->f[1], "first degree of freedom", &first))) return r;
    last = first;
    if (p->nf >= 3 && p->f[2][0] && (r = get_dof(p, p->f[2], "last degree of freedom", &last))) return r;
    if (last < first) return fail(p, "last degree of freedom %d is smaller than the first %d", last, first);
    if (p->nf == 4 && (r = get_dbl(p, p->f[3], "prescribed displacement", &v))) return r;
  }
  if (idx >= 0) return add_bc(p, idx, first, last, v, all);
  for (int j = 0; j < m->sets[set].n; j++)
    if ((r = add_bc(p, m->sets[set].items[j], first, last, v, all))) return r;
  return SN_OK;
}

static int k_cload_data(rd *p)
{
  sn_model *m = p->m;
  sn_step *st = cur_step(p);
  int r, idx, set, dof;
  double v;
  if (p->nf != 3) return fail(p, "*CLOAD data line: expected node or node set, dof, value, found %d field%s", p->nf, p->nf == 1 ? "" : "s");
  if ((r = item_or_set(p, p->f[0], SN_SET_NODE, &idx, &set))) return r;
  if ((r = get_dof(p, p->f[1], "degree of freedom", &dof)) || (r = get_dbl(p, p->f[2], "force", &v))) return r;
  int n = idx >= 0 ? 1 : m->sets[set].n;
  if ((size_t)st->ncload + (size_t)n > MAXLIST) return fail(p, "too many concentrated loads in the step (more than %d)", MAXLIST);
  if ((r = rec_room(p, (size_t)n, p->file, p->line))) return r;
  GROW(st->cload, p->cap_cl, (size_t)st->ncload + (size_t)n);
  for (int j = 0; j < n; j++) {
    sn_cload c = {idx >= 0 ? idx : m->sets[set].items[j], dof, v, p->amp, p->line};
    st->cload[st->ncload++] = c;
  }
  return SN_OK;
}

static int k_dload_data(rd *p)
{
  SBUF;
  sn_model *m = p->m;
  sn_step *st = cur_step(p);
  int r, idx, set, face = 0;
  double v, dir[3] = {0, 0, 0};
  if (p->nf < 3) return fail(p, "*DLOAD data line: expected element or element set, load type, values, found %d field%s", p->nf,
                             p->nf == 1 ? "" : "s");
  if ((r = item_or_set(p, p->f[0], SN_SET_ELEM, &idx, &set))) return r;
  char t[8];
  size_t k = 0;
  for (; p->f[1][k] && k < sizeof t - 1; k++) t[k] = upc(p->f[1][k]);
  t[k] = '\0';
  if (!strcmp(t, "GRAV") && !p->f[1][k]) {
    if (p->nf != 6) return fail(p, "*DLOAD, GRAV: expected magnitude and 3 direction components, found %d values", p->nf - 2);
    if ((r = get_dbl(p, p->f[2], "gravity magnitude", &v))) return r;
    for (int c = 0; c < 3; c++)
      if ((r = get_dbl(p, p->f[3 + c], "gravity direction component", &dir[c]))) return r;
    double nrm = sqrt(dir[0] * dir[0] + dir[1] * dir[1] + dir[2] * dir[2]);
    if (!(nrm > 0) || !isfinite(nrm)) return fail(p, "*DLOAD, GRAV: the direction is zero");
    for (int c = 0; c < 3; c++) dir[c] /= nrm;
  } else {
    face = face_label(p->f[1], 'P');
    if (!face) return fail(p, "unsupported load type '%s' (signorini knows P1..P6 and GRAV)", SHOW(p->f[1]));
    if (p->nf != 3) return fail(p, "*DLOAD, %s: expected one value (the pressure), found %d", SHOW(p->f[1]), p->nf - 2);
    if ((r = get_dbl(p, p->f[2], "pressure", &v))) return r;
  }
  int n = idx >= 0 ? 1 : m->sets[set].n;
  if ((size_t)st->ndload + (size_t)n > MAXLIST) return fail(p, "too many distributed loads in the step (more than %d)", MAXLIST);
  if ((r = rec_room(p, (size_t)n, p->file, p->line))) return r;
  GROW(st->dload, p->cap_dl, (size_t)st->ndload + (size_t)n);
  for (int j = 0; j < n; j++) {
    int e = idx >= 0 ? idx : m->sets[set].items[j];
    if (face && (r = check_face(p, e, face, p->f[1]))) return r;
    sn_dload d = {e, face, v, {dir[0], dir[1], dir[2]}, p->amp, p->line};
    st->dload[st->ndload++] = d;
  }
  return SN_OK;
}

static int out_begin(rd *p, sn_outkind kind)
{
  SBUF;
  sn_step *st = cur_step(p);
  char name[MAXNAME + 1] = "";
  int r, set = -1;
  int nodal = kind == SN_OUT_NODE_PRINT || kind == SN_OUT_NODE_FILE;
  if (kind != SN_OUT_CONTACT_PRINT) {
    if ((r = par_name(p, nodal ? "NSET" : "ELSET", 0, name))) return r;
    if (name[0] && (r = need_set(p, nodal ? SN_SET_NODE : SN_SET_ELEM, name, &set))) return r;
  }
  /* read and ignored, but their values checked: a typo is an error */
  static const char *const ignored[] = {"FREQUENCY", "TOTALS", "GLOBAL", "OUTPUT"};
  static const char *const values[] = {NULL, "YES NO ONLY", "YES NO", "2D 3D"};
  for (int k = 0; k < 4; k++) {
    param *q = getpar(p, ignored[k]);
    if (!q) continue;
    if (!q->val || !q->val[0]) return fail(p, "parameter %s of %s needs a value", ignored[k], p->kw->shown);
    int freq;
    if (!values[k] && (r = get_int(p, q->val, "FREQUENCY", 0, INT_MAX, &freq))) return r;
    if (values[k] && !in_list(values[k], q->val))
      return fail(p, "%s=%s: expected one of %s", ignored[k], SHOW(q->raw), values[k]);
  }
  GROW(st->out, p->cap_out, (size_t)st->nout + 1);
  sn_output *o = &st->out[st->nout++];
  memset(o, 0, sizeof *o);
  o->kind = kind;
  o->set = set;
  o->line = p->line;
  return SN_OK;
}
static int k_nodeprint_begin(rd *p) { return out_begin(p, SN_OUT_NODE_PRINT); }
static int k_elprint_begin(rd *p) { return out_begin(p, SN_OUT_EL_PRINT); }
static int k_contactprint_begin(rd *p) { return out_begin(p, SN_OUT_CONTACT_PRINT); }
static int k_nodefile_begin(rd *p) { return out_begin(p, SN_OUT_NODE_FILE); }
static int k_elfile_begin(rd *p) { return out_begin(p, SN_OUT_EL_FILE); }

static int k_out_data(rd *p)
{
  SBUF;
  sn_step *st = cur_step(p);
  sn_output *o = &st->out[st->nout - 1];
  const char *known = (o->kind == SN_OUT_NODE_PRINT || o->kind == SN_OUT_NODE_FILE) ? "U RF"
                      : o->kind == SN_OUT_CONTACT_PRINT ? "CSTR CDIS CELS CF" : "S E ENER EVOL";
  if (!p->nf) return fail(p, "%s data line: expected output variable names", p->kw->shown);
  for (int k = 0; k < p->nf; k++) {
    char v[16];
    size_t n = 0;
    for (; p->f[k][n] && n < sizeof v - 1; n++) v[n] = upc(p->f[k][n]);
    v[n] = '\0';
    if (p->f[k][n] || !in_list(known, v))
      return fail(p, "unknown output variable '%s' for %s (known: %s)", SHOW(p->f[k]), p->kw->shown, known);
    size_t L = strlen(o->vars);
    if (L + n + 2 > sizeof o->vars) return fail(p, "too many output variables for %s", p->kw->shown);
    if (in_list(o->vars, v)) continue;         /* given twice */
    snprintf(o->vars + L, sizeof o->vars - L, "%s%s", L ? "," : "", v);
  }
  return SN_OK;
}

/* ------------------------------------------------------------------------------------------ */
/* files and *INCLUDE */

static int add_fname(rd *p, const char *name)
{
  if (p->nfname == p->fname_cap) {
    size_t cap = (size_t)p->fname_cap;
    GROW(p->fname, cap, (size_t)p->nfname + 1);
    p->fname_cap = (int)cap;
  }
  size_t n = strlen(name);
  char *c = malloc(n + 1);
  if (!c) return nomem(p);
  memcpy(c, name, n + 1);
  p->fname[p->nfname++] = c;
  return SN_OK;
}

/* the source on top of the stack: the bytes buf (owned if own) or, buf NULL, the file fp */
static int push_source(rd *p, char *buf, size_t len, int own, FILE *fp, const char *name)
{
  int r = add_fname(p, name);
  if (r) {
    if (own) free(buf);
    if (fp) fclose(fp);
    return r;
  }
  source *s = &p->src[p->depth];
  memset(s, 0, sizeof *s);
  s->buf = buf;
  s->len = len;
  s->fp = fp;
  s->own = own;
  s->file = p->nfname - 1;
  return SN_OK;
}

static void pop_source(source *s)
{
  if (s->own) free(s->buf);
  if (s->fp) fclose(s->fp);
  s->buf = NULL;
  s->fp = NULL;
  s->own = 0;
}

static int outside(rd *p, const char *raw, const char *real, const char *how)
{
  SBUF;
  return fail_code(p, SN_ERR_IO, "*INCLUDE, INPUT=%s: %s is outside the deck's folder %s%s: included files are read "
                   "only inside the deck's folder tree unless that is allowed (signorini run --allow-include-anywhere)",
                   SHOW(raw), real, p->root ? p->root : "(unresolved)", how);
}

/* INPUT= resolved: inside the deck's folder tree (unless allowed anywhere), opened; *fp, and
 * the real path in *real (malloc'ed). A path outside the tree is refused before anything is
 * said about its existence; the opened file is checked to be the one that was resolved. */
static int open_include(rd *p, const char *raw, const char *path, FILE **fp, char **real)
{
  SBUF;
  char why[1200];
  int err, missing;
  *fp = NULL;
  errno = 0;
  *real = sn_io_resolve_any(path, &missing);
  err = errno;
  if (!*real) {
    if (!err || err == ENOMEM) return nomem(p);
  } else if (!p->anywhere && !sn_io_inside(p->root, *real)) return outside(p, raw, *real, "");
  else if (missing) err = missing;
  else if (sn_io_open_bounded(*real, p->maxbytes, fp, NULL, &err) == SN_OK) err = 0;
  if (err) {
    sn_io_cannot_read(why, sizeof why, path, err, p->maxbytes);
    return fail_code(p, SN_ERR_IO, "*INCLUDE, INPUT=%s: %s", SHOW(raw), why);
  }
  if (!p->anywhere && !sn_io_opened_inside(*fp, p->root, *real)) {
    fclose(*fp);
    *fp = NULL;
    return outside(p, raw, *real, " (the file opened is not the one resolved: a link changed while it was opened)");
  }
  return SN_OK;
}

static int do_include(rd *p)
{
  SBUF;
  for (int i = 0; i < p->npar; i++)
    if (strcmp(p->par[i].name, "INPUT")) return fail(p, "unknown parameter '%s' for *INCLUDE", SHOW(p->par[i].name));
  param *q = getpar(p, "INPUT");
  if (!q) return fail(p, "*INCLUDE needs the parameter INPUT=");
  if (!q->raw || !q->raw[0]) return fail(p, "parameter INPUT of *INCLUDE needs a value");
  if (!p->basedir) return fail(p, "*INCLUDE, INPUT=%s: includes are refused for a deck read from memory without a base directory", SHOW(q->raw));
  if (p->depth >= MAXDEPTH) return fail(p, "*INCLUDE nested more than %d deep", MAXDEPTH);
  size_t bl = strlen(p->basedir), nl = strlen(q->raw);
  char *path = malloc(bl + nl + 2);
  if (!path) return nomem(p);
  if (q->raw[0] == '/' || !bl) memcpy(path, q->raw, nl + 1);
  else {
    memcpy(path, p->basedir, bl);
    path[bl] = '/';
    memcpy(path + bl + 1, q->raw, nl + 1);
  }
  FILE *fp;
  char *real = NULL;
  int r = open_include(p, q->raw, path, &fp, &real);
  free(real);
  if (r) {
    free(path);
    return r;
  }
  p->depth++;
  r = push_source(p, NULL, 0, 0, fp, path);
  if (r) p->depth--;
  free(path);
  return r;
}

/* ------------------------------------------------------------------------------------------ */
/* the keyword table */

#include "io/inp_dynamic.inc"

static const kwdef keywords[] = {
  {"HEADING", "*HEADING", W_ANY, "", 0, 1, NULL, k_heading_data, NULL},
  {"NODE", "*NODE", W_MODEL, "NSET", 1, 0, k_node_begin, k_node_data, NULL},
  {"ELEMENT", "*ELEMENT", W_MODEL, "TYPE ELSET", 1, 0, k_element_begin, k_element_data, k_element_end},
  {"NSET", "*NSET", W_ANY, "NSET GENERATE", 1, 0, k_nset_begin, k_set_data, k_set_end},
  {"ELSET", "*ELSET", W_ANY, "ELSET GENERATE", 1, 0, k_elset_begin, k_set_data, k_set_end},
  {"MATERIAL", "*MATERIAL", W_MODEL, "NAME", 0, 0, k_material_begin, NULL, NULL},
  {"ELASTIC", "*ELASTIC", W_MODEL, "TYPE", 1, 0, k_elastic_begin, k_elastic_data, NULL},
  {"DENSITY", "*DENSITY", W_MODEL, "", 1, 0, k_density_begin, k_density_data, NULL},
  {"SOLIDSECTION", "*SOLID SECTION", W_MODEL, "ELSET MATERIAL", 0, 0, k_section_begin, k_section_data, k_section_end},
  {"SPRING", "*SPRING", W_MODEL, "ELSET NONLINEAR", 0, 0, k_spring_begin, k_spring_data, k_spring_end},
  {"AMPLITUDE", "*AMPLITUDE", W_ANY, "NAME TIME DEFINITION", 1, 0, k_amplitude_begin, k_amplitude_data, NULL},
  {"SURFACE", "*SURFACE", W_MODEL, "NAME TYPE", 1, 0, k_surface_begin, k_surface_data, k_surface_end},
  {"RIGIDBODY", "*RIGID BODY", W_MODEL, "NSET ELSET REFNODE", 0, 0, k_rigid_begin, NULL, NULL},
  {"SURFACEINTERACTION", "*SURFACE INTERACTION", W_MODEL, "NAME", 0, 0, k_interaction_begin, NULL, NULL},
  {"SURFACEBEHAVIOR", "*SURFACE BEHAVIOR", W_MODEL, "PRESSURE-OVERCLOSURE", 0, 0, k_behavior_begin, k_behavior_data,
   k_behavior_end},
  {"FRICTION", "*FRICTION", W_MODEL, "", 1, 0, k_friction_begin, k_friction_data, NULL},
  {"CONTACTPAIR", "*CONTACT PAIR", W_MODEL, "INTERACTION TYPE", 1, 0, k_pair_begin, k_pair_data, NULL},
  {"STEP", "*STEP", W_NOSTEP, "NLGEOM INC CONTACT SOLVER", 0, 1, k_step_begin, k_step_data, NULL},
  {"STATIC", "*STATIC", W_STEP, "DIRECT SOLVER", 0, 0, k_static_begin, k_static_data, NULL},
  {"DYNAMIC", "*DYNAMIC", W_STEP, "DIRECT SOLVER ALPHA EXPLICIT RELATIVETOABSOLUTE THETA MASS RESTITUTION", 1, 0,
   k_dynamic_begin, k_static_data, NULL},
  {"DAMPING", "*DAMPING", W_MODEL, "ALPHA BETA STRUCTURAL", 0, 0, k_damping_begin, NULL, NULL},
  {"INITIALCONDITIONS", "*INITIAL CONDITIONS", W_MODEL, "TYPE", 1, 0, k_initial_begin, k_initial_data, NULL},
  {"ENDSTEP", "*END STEP", W_STEP, "", 0, 0, k_endstep_begin, NULL, NULL},
  {"BOUNDARY", "*BOUNDARY", W_BOUNDARY, "AMPLITUDE OP", 1, 0, load_begin, k_boundary_data, NULL},
  {"CLOAD", "*CLOAD", W_STEP, "AMPLITUDE OP", 1, 0, load_begin, k_cload_data, NULL},
  {"DLOAD", "*DLOAD", W_STEP, "AMPLITUDE OP", 1, 0, load_begin, k_dload_data, NULL},
  {"NODEPRINT", "*NODE PRINT", W_STEP, "NSET FREQUENCY TOTALS GLOBAL", 1, 0, k_nodeprint_begin, k_out_data, NULL},
  {"ELPRINT", "*EL PRINT", W_STEP, "ELSET FREQUENCY TOTALS GLOBAL", 1, 0, k_elprint_begin, k_out_data, NULL},
  {"CONTACTPRINT", "*CONTACT PRINT", W_STEP, "FREQUENCY TOTALS", 1, 0, k_contactprint_begin, k_out_data, NULL},
  {"NODEFILE", "*NODE FILE", W_STEP, "NSET FREQUENCY OUTPUT GLOBAL", 1, 0, k_nodefile_begin, k_out_data, NULL},
  {"ELFILE", "*EL FILE", W_STEP, "ELSET FREQUENCY OUTPUT", 1, 0, k_elfile_begin, k_out_data, NULL},
};

static int end_keyword(rd *p)
{
  const kwdef *d = p->kw;
  int r;
  if (!d) return SN_OK;
  p->kw = NULL;
  if (d->end && (r = d->end(p))) return r;
  if (p->ndata < d->mindata) return fail_at(p, p->kw_file, p->kw_line, "%s needs a data line", d->shown);
  return SN_OK;
}

static int keyword_line(rd *p, const char *line)
{
  SBUF;
  char key[48];
  int r = parse_keyword_line(p, line + 1, key, sizeof key);
  if (r) return r;
  if (!strcmp(key, "INCLUDE")) return do_include(p);   /* transparent: the keyword goes on */
  const kwdef *d = NULL;
  for (size_t i = 0; i < sizeof keywords / sizeof keywords[0]; i++)
    if (!strcmp(keywords[i].key, key)) { d = &keywords[i]; break; }
  if (!d) {
    const char *shown_as = sn_inp_unsupported(key);
    if (shown_as) return fail(p, "%s is not supported yet (docs/deck.md lists what signorini reads)", shown_as);
    return fail(p, "unknown keyword *%s", SHOW(key));
  }
  if ((r = end_keyword(p))) return r;
  switch (d->where) {
  case W_MODEL:
    if (p->in_step) return fail(p, "%s is model data: not allowed inside a *STEP", d->shown);
    if (p->m->nsteps) return fail(p, "%s is model data: not allowed after the first *STEP", d->shown);
    break;
  case W_STEP:
    if (!p->in_step) return fail(p, "%s is only allowed inside a *STEP ... *END STEP", d->shown);
    break;
  case W_NOSTEP:
    if (p->in_step) return fail(p, "*STEP inside the *STEP of line %d (missing *END STEP)", cur_step(p)->line);
    break;
  case W_BOUNDARY:
    if (!p->in_step && p->m->nsteps)
      return fail(p, "*BOUNDARY between steps: put it inside a *STEP (or before the first one)");
    break;
  default: break;
  }
  for (int i = 0; i < p->npar; i++)
    if (!in_list(d->params, p->par[i].name))
      return fail(p, "unknown parameter '%s' for %s", SHOW(p->par[i].name), d->shown);
  /* *DAMPING sees whether it stands in a *MATERIAL definition (refused there) */
  if (d->begin != k_elastic_begin && d->begin != k_density_begin && d->begin != k_damping_begin) p->cur_mat = -1;
  if (d->begin != k_behavior_begin && d->begin != k_friction_begin) p->cur_int = -1;
  p->kw = d;
  p->kw_file = p->file;
  p->kw_line = p->line;
  p->ndata = 0;
  return d->begin ? d->begin(p) : SN_OK;
}

static int data_line(rd *p, char *line)
{
  const kwdef *d = p->kw;
  if (!d) return fail(p, "data line before the first keyword");
  if (!d->data) return fail(p, "%s takes no data lines", d->shown);
  if (d->raw) p->raw = line;
  else {
    /* fields at commas; a trailing comma ends the line without an empty field */
    int n = 0;
    char *s = line;
    for (;;) {
      char *c = strchr(s, ',');
      if (c) *c = '\0';
      if (n == MAXFIELDS) return fail(p, "too many fields on the line");
      p->f[n++] = trim(s);
      if (!c) break;
      s = c + 1;
    }
    p->trailing = 0;
    if (n > 1 && !p->f[n - 1][0]) {
      n--;
      p->trailing = 1;
    }
    p->nf = n;
  }
  int r = d->data(p);
  p->ndata++;
  return r;
}

/* the next line of a file source into p->buf: 1, 0 at its end, or an error. At most
 * MAXLINE + 1 bytes are read (the characters and the CR of a CRLF end) before a longer line
 * is refused: nothing holds more than a line. */
static int next_file_line(rd *p, source *s, size_t *n, int *nul)
{
  int r = sn_io_getline(s->fp, p->buf, MAXLINE + 2, n, nul);
  if (r == 0) return 0;
  s->line++;
  p->file = s->file;
  p->line = s->line;
  if (r == -2) return fail(p, "line longer than %d characters", MAXLINE);
  if (r == -1) return fail_code(p, SN_ERR_IO, "read error: %s", strerror(errno));
  return 1;
}

/* the next line of the source on top into p->buf: 1, 0 at its end, or an error */
static int next_line(rd *p)
{
  source *s = &p->src[p->depth];
  size_t n, end;                              /* end: the line's '\n' read (1) or not */
  int nul = 0;
  if (s->fp) {
    int r = next_file_line(p, s, &n, &nul);
    if (r <= 0) return r;
    end = !feof(s->fp);
  } else {
    int r = sn_io_memline(s->buf, s->len, &s->pos, p->buf, MAXLINE + 2, &n, &end, &nul);
    if (r == 0) return 0;
    s->line++;
    p->file = s->file;
    p->line = s->line;
    if (r == -2) return fail(p, "line longer than %d characters", MAXLINE);
  }
  p->total += n + end;
  if (p->total > p->maxbytes)
    return fail(p, "the deck and its included files hold more than %llu bytes in all", p->maxbytes);
  sn_io_line_clean(p->buf, &n, s->line == 1);
  if (n > MAXLINE) return fail(p, "line longer than %d characters", MAXLINE);
  if (nul) return fail(p, "NUL byte in the line");
  return 1;
}

/* ------------------------------------------------------------------------------------------ */
/* the end of the deck: deferred names, sections of every element, model-data boundaries */

static int finish(rd *p)
{
  SBUF;
  sn_model *m = p->m;
  int r;
  if ((r = end_keyword(p))) return r;
  if (p->in_step) return fail_at(p, p->step_file[m->nsteps - 1], cur_step(p)->line, "*STEP without *END STEP");
  if ((r = freeze(p))) return r;
  for (int k = 0; k < m->nsections; k++) {
    sn_section *s = &m->sections[k];
    s->material = name_find(p, NS_MAT, p->sec_mat[k]);
    if (s->material < 0) return fail_at(p, p->sec_file[k], s->line, "material '%s' is not defined", SHOW(p->sec_mat[k]));
    if (!m->materials[s->material].has_elastic)
      return fail_at(p, p->sec_file[k], s->line, "material '%s' has no *ELASTIC", SHOW(p->sec_mat[k]));
  }
  for (int k = 0; k < m->npairs; k++) {
    sn_contact_pair *cp = &m->pairs[k];
    cp->interaction = name_find(p, NS_INTER, p->pair_int[k]);
    if (cp->interaction < 0)
      return fail_at(p, p->pair_file[k], cp->line, "surface interaction '%s' is not defined", SHOW(p->pair_int[k]));
  }
  for (int e = 0; e < m->nelems; e++) {
    const char *tn = sn_element_desc(m->elem_type[e])->name;
    if (m->elem_type[e] == SN_EL_SPRINGA) {
      if (m->elem_spring[e] < 0)
        return fail_at(p, p->def_file[e], p->def_line[e], "element %d (%s) has no *SPRING", m->elem_id[e], tn);
    } else if (m->elem_section[e] < 0)
      return fail_at(p, p->def_file[e], p->def_line[e], "element %d (%s) has no section (no *SOLID SECTION covers it)",
                     m->elem_id[e], tn);
    else {
      /* geometry: an inverted or flat element is refused here, where its deck line is known */
      double X[3 * 20], vol;
      int a0 = m->elem_ptr[e], nn = m->elem_ptr[e + 1] - a0;
      for (int a = 0; a < nn && a < 20; a++) memcpy(X + 3 * a, m->x + 3 * m->elem_conn[a0 + a], 3 * sizeof(double));
      int sv = sn_element_volume(m->elem_type[e], X, NULL, &vol);
      if (sv == SN_ERR_FORMAT)
        return fail_at(p, p->def_file[e], p->def_line[e], "element %d (%s) has zero or negative volume (flat, or inverted: check the node order)",
                       m->elem_id[e], tn);
    }
  }
  if ((r = check_steps(p))) return r;
  /* model-data boundaries first in every step */
  if (p->npre)
    for (int k = 0; k < m->nsteps; k++) {
      sn_step *st = &m->steps[k];
      if ((size_t)st->nbc + (size_t)p->npre > MAXLIST)
        return fail_at(p, p->step_file[k], st->line, "too many boundary conditions in the step (more than %d)", MAXLIST);
      if ((r = rec_room(p, (size_t)p->npre, p->step_file[k], st->line))) return r;
      RESIZE(st->bc, (size_t)st->nbc + (size_t)p->npre);
      memmove(st->bc + p->npre, st->bc, (size_t)st->nbc * sizeof *st->bc);
      memcpy(st->bc, p->pre, (size_t)p->npre * sizeof *st->bc);
      st->nbc += p->npre;
    }
  if (sn_model_build_index(m)) return nomem(p);
  return SN_OK;
}

static int run(rd *p)
{
  for (;;) {
    int r = next_line(p);
    if (r < 0) return r;
    if (r == 0) {
      if (p->depth == 0) break;
      pop_source(&p->src[p->depth--]);
      continue;
    }
    char *l = p->buf;
    while (is_blank(*l)) l++;
    /* an included file is quoted in no message (keyword lines and ** UNITS included) until
     * one of its lines has been accepted as deck text */
    source *top = &p->src[p->depth];
    p->noecho = p->depth > 0 && !top->good;
    if (l[0] == '*' && l[1] == '*') {                      /* comment, or the units line */
      char e[160];
      if (sn_deck_units(l + 2, p->m, e, sizeof e) < 0)
        return p->noecho ? fail(p, "invalid ** UNITS line (content of a non-deck file not shown)") : fail(p, "%s", e);
      continue;
    }
    for (const char *c = l; *c; c++)
      if ((unsigned char)*c < 0x20 && *c != '\t') return fail(p, "control character (byte 0x%02x) in the line", (unsigned)(unsigned char)*c);
    l = trim(l);
    if (!*l) continue;                                     /* blank line */
    r = *l == '*' ? keyword_line(p, l) : data_line(p, l);
    if (r) return r;
    top = &p->src[p->depth];                               /* an *INCLUDE pushed a new one */
    if (top->file == p->file) top->good++;
    p->noecho = 0;
  }
  return finish(p);
}

static void rd_free(rd *p)
{
  for (int i = 0; i <= p->depth && i <= MAXDEPTH; i++) pop_source(&p->src[i]);
  free(p->root);
  for (int i = 0; i < p->nfname; i++) free(p->fname[i]);
  free(p->fname);
  free(p->nmap);
  free(p->emap);
  free(p->names);
  free(p->mark);
  free(p->def_file);
  free(p->def_line);
  free(p->sec_mat);
  free(p->sec_file);
  free(p->pair_int);
  free(p->pair_file);
  free(p->pre);
  free(p->pre_all);
  free(p->pre_file);
  free(p->step_file);
  free(p);
}

/* the parse of buf (owned if own), or of the file fp when buf is NULL, named name */
static int parse(char *buf, size_t len, int own, FILE *fp, const char *name, const char *basedir,
                 const sn_inp_options *o, sn_model **out, char *msg, size_t msglen)
{
  rd *p = calloc(1, sizeof *p);
  sn_model *m = calloc(1, sizeof *m);
  if (!p || !m) {
    free(p);
    free(m);
    if (own) free(buf);
    if (fp) fclose(fp);
    if (msg && msglen) snprintf(msg, msglen, "%s: out of memory", name);
    return SN_ERR_NOMEM;
  }
  p->m = m;
  p->msg = msg;
  p->msglen = msglen;
  p->basedir = basedir;
  p->root = basedir ? realpath(basedir, NULL) : NULL;
  p->anywhere = o->allow_include_anywhere;
  p->maxbytes = o->max_file_bytes ? o->max_file_bytes : SN_INP_MAX_FILE_BYTES;
  p->cur_mat = p->cur_int = -1;
  m->ndf = 2;
  int r = push_source(p, buf, len, own, fp, name);
  if (!r) {
    locale_t cloc = newlocale(LC_NUMERIC_MASK, "C", (locale_t)0);
    locale_t old = cloc ? uselocale(cloc) : (locale_t)0;
    r = run(p);
    if (cloc) {
      uselocale(old);
      freelocale(cloc);
    }
  } else if (msg && msglen) {
    snprintf(msg, msglen, "%s: out of memory", name);
  }
  rd_free(p);
  if (r) {
    sn_model_free(m);
    return r;
  }
  *out = m;
  if (msg && msglen) msg[0] = '\0';
  return SN_OK;
}

void sn_inp_options_default(sn_inp_options *o)
{
  if (!o) return;
  memset(o, 0, sizeof *o);
  o->max_file_bytes = SN_INP_MAX_FILE_BYTES;
}

int sn_inp_parse(const char *text, size_t len, const char *name, const char *basedir, sn_model **out, char *msg,
                 size_t msglen)
{
  if (msg && msglen) msg[0] = '\0';
  if (out) *out = NULL;
  if (!out || (!text && len)) {
    if (msg && msglen) snprintf(msg, msglen, "sn_inp_parse: invalid argument");
    return SN_ERR_ARG;
  }
  sn_inp_options o;
  sn_inp_options_default(&o);
  return parse((char *)(uintptr_t)text, len, 0, NULL, name ? name : "<memory>", basedir, &o, out, msg, msglen);
}

int sn_inp_read(const char *path, sn_model **out, char *msg, size_t msglen)
{
  return sn_inp_read_opts(path, NULL, out, msg, msglen);
}

int sn_inp_read_opts(const char *path, const sn_inp_options *opt, sn_model **out, char *msg, size_t msglen)
{
  if (msg && msglen) msg[0] = '\0';
  if (out) *out = NULL;
  if (!path || !out) {
    if (msg && msglen) snprintf(msg, msglen, "sn_inp_read: invalid argument");
    return SN_ERR_ARG;
  }
  sn_inp_options o;
  sn_inp_options_default(&o);
  if (opt) o = *opt;
  if (!o.max_file_bytes) o.max_file_bytes = SN_INP_MAX_FILE_BYTES;
  FILE *fp;
  int err;
  if (sn_io_open_bounded(path, o.max_file_bytes, &fp, NULL, &err)) {
    sn_io_cannot_read(msg, msglen, path, err, o.max_file_bytes);
    return SN_ERR_IO;
  }
  /* the directory of path resolves *INCLUDE */
  size_t n = strlen(path);
  while (n && path[n - 1] != '/') n--;
  char *dir = malloc(n + 2);
  if (!dir) {
    fclose(fp);
    if (msg && msglen) snprintf(msg, msglen, "%s: out of memory", path);
    return SN_ERR_NOMEM;
  }
  if (n) {
    memcpy(dir, path, n);
    dir[n > 1 ? n - 1 : 1] = '\0';           /* "/x.inp" -> "/" */
  } else
    strcpy(dir, ".");
  int r = parse(NULL, 0, 0, fp, path, dir, &o, out, msg, msglen);
  free(dir);
  return r;
}
