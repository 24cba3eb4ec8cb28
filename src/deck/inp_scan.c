/* The deck reader's line scanner (docs/deck.md, "Lines"): messages with the file and line,
 * numbers, the keyword line and its parameters, the stack of sources (the deck and its
 * *INCLUDE files, confined to the deck's folder tree) and the next line of the one on top. */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "deck/inp_internal.h"
#include "io/num_parse.h"
#include "io/text_scan.h"

/* ------------------------------------------------------------------------------------------ */
/* messages */

static int vfail(inp_rd *p, int code, int file, int line, const char *fmt, va_list ap)
{
  if (!p->msg || !p->msglen) return code;
  const char *fn = (file >= 0 && file < p->nfname) ? p->fname[file] : "<deck>";
  int k = snprintf(p->msg, p->msglen, "%s:%d: ", fn, line);
  if (k >= 0 && (size_t)k < p->msglen) vsnprintf(p->msg + k, p->msglen - (size_t)k, fmt, ap);
  return code;
}

int inp_fail(inp_rd *p, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  int r = vfail(p, SN_ERR_FORMAT, p->file, p->line, fmt, ap);
  va_end(ap);
  return r;
}

int inp_fail_at(inp_rd *p, int file, int line, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  int r = vfail(p, SN_ERR_FORMAT, file, line, fmt, ap);
  va_end(ap);
  return r;
}

int inp_fail_code(inp_rd *p, int code, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  int r = vfail(p, code, p->file, p->line, fmt, ap);
  va_end(ap);
  return r;
}

int inp_nomem(inp_rd *p) { return inp_fail_code(p, SN_ERR_NOMEM, "out of memory"); }

int inp_note(inp_rd *p, const char *fmt, ...)
{
  char text[512];
  const char *fn = (p->file >= 0 && p->file < p->nfname) ? p->fname[p->file] : "<deck>";
  int k = snprintf(text, sizeof text, "%s:%d: note: ", fn, p->line);
  if (k < 0 || (size_t)k >= sizeof text) k = 0;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(text + k, sizeof text - (size_t)k, fmt, ap);
  va_end(ap);
  size_t n = strlen(text);
  char **notes = &p->m->notes;
  if (p->notes_len + n + 2 > p->notes_cap) {
    size_t cap = p->notes_cap ? 2 * p->notes_cap : 1024;
    while (cap < p->notes_len + n + 2) cap *= 2;
    char *q = realloc(*notes, cap);
    if (!q) return inp_nomem(p);
    *notes = q;
    p->notes_cap = cap;
  }
  memcpy(*notes + p->notes_len, text, n);
  p->notes_len += n;
  (*notes)[p->notes_len++] = '\n';
  (*notes)[p->notes_len] = '\0';
  return SN_OK;
}

/* printable copy of s for messages: at most 40 characters. Nothing of a line of an included
 * file before one of its lines has read as deck text: it may be no deck at all (a binary or a
 * data file named by mistake, or a file the deck's author should not see). */
const char *inp_shown(const inp_rd *p, const char *s, char *out, size_t cap)
{
  if (p->noecho) return "(content of a non-deck file not shown)";
  size_t i = 0;
  for (; s[i] && i + 4 < cap; i++) out[i] = (s[i] >= 0x20 && s[i] < 0x7f) ? s[i] : '?';
  if (s[i]) { out[i++] = '.'; out[i++] = '.'; out[i++] = '.'; }
  out[i] = '\0';
  return out;
}

/* ------------------------------------------------------------------------------------------ */
/* memory */

void *inp_grow(void *ptr, size_t *cap, size_t need, size_t esz)
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

/* ------------------------------------------------------------------------------------------ */
/* characters, names, numbers */

char *inp_trim(char *s)
{
  while (is_blank(*s)) s++;
  size_t n = strlen(s);
  while (n && is_blank(s[n - 1])) s[--n] = '\0';
  return s;
}

/* 1: an integer in [INT_MIN, INT_MAX] (stored in *v); 0: not an integer; -1: out of range */
int inp_parse_int(const char *s, long *v)
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

int inp_is_integer(const char *s)
{
  long v;
  return inp_parse_int(s, &v) != 0;
}

int inp_get_int(inp_rd *p, const char *s, const char *what, long lo, long hi, int *out)
{
  SBUF;
  long v = 0;
  int r = inp_parse_int(s, &v);
  if (!*s) return inp_fail(p, "missing %s (empty field)", what);
  if (r == 0) return inp_fail(p, "expected %s (an integer), found '%s'", what, SHOW(s));
  if (r < 0 || v < lo || v > hi)
    return inp_fail(p, "%s %s is out of range [%ld, %ld]", what, SHOW(s), lo, hi);
  *out = (int)v;
  return SN_OK;
}

int inp_get_dbl(inp_rd *p, const char *s, const char *what, double *out)
{
  SBUF;
  if (!*s) return inp_fail(p, "missing %s (empty field)", what);
  size_t n = strlen(s);
  if (!sn_scan_is_number(s, n)) return inp_fail(p, "expected %s (a number), found '%s'", what, SHOW(s));
  double x;
  if (!sn_parse_dec_fast(s, n, &x)) x = strtod(s, NULL);   /* the same value (num_parse.h) */
  if (!isfinite(x)) return inp_fail(p, "%s '%s' overflows a double", what, SHOW(s));
  *out = x;
  return SN_OK;
}

/* ------------------------------------------------------------------------------------------ */
/* parameters of the keyword line */

inp_param *inp_par(inp_rd *p, const char *name)
{
  for (int i = 0; i < p->npar; i++)
    if (!strcmp(p->par[i].name, name)) return &p->par[i];
  return NULL;
}

/* a name given as parameter `key` (required or not): copied to out; 0 if absent and optional */
int inp_par_name(inp_rd *p, const char *key, int required, char *out)
{
  SBUF;
  inp_param *q = inp_par(p, key);
  out[0] = '\0';
  if (!q) {
    if (required) return inp_fail(p, "%s needs the parameter %s=", p->kw->shown, key);
    return SN_OK;
  }
  if (!q->val || !q->val[0]) return inp_fail(p, "parameter %s of %s needs a value", key, p->kw->shown);
  if (strlen(q->val) > MAXNAME)
    return inp_fail(p, "name '%s' is longer than %d characters", SHOW(q->val), MAXNAME);
  strcpy(out, q->val);
  return SN_OK;
}

/* a flag parameter (no value): 1 if present */
int inp_par_flag(inp_rd *p, const char *key, int *on)
{
  inp_param *q = inp_par(p, key);
  *on = q != NULL;
  if (q && q->val) return inp_fail(p, "parameter %s of %s takes no value", key, p->kw->shown);
  return SN_OK;
}

int inp_in_list(const char *list, const char *name)
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

/* One parameter "NAME[=value]" of the keyword line (trimmed, not empty) into pr: the name
 * without blanks, upper case; the value into p->valbuf at *vb (blanks removed and upper case;
 * quoted: blanks kept), as written into pr->raw. */
static int parse_param(inp_rd *p, char *q, inp_param *pr, char **vb)
{
  SBUF;
  char *eq = NULL;
  for (char *c = q; *c && *c != '"'; c++)
    if (*c == '=') { eq = c; break; }
  if (eq) *eq = '\0';
  /* name */
  char *w = q;
  for (char *c = q; *c; c++)
    if (!is_blank(*c)) *w++ = upc(*c);
  *w = '\0';
  if (!q[0]) return inp_fail(p, "parameter without a name on the keyword line");
  pr->name = q;
  pr->val = pr->raw = NULL;
  if (eq) {
    char *v = inp_trim(eq + 1);
    size_t vl = strlen(v);
    if (vl >= 2 && v[0] == '"' && v[vl - 1] == '"') {
      v[vl - 1] = '\0';
      v++;
      pr->raw = v;
      pr->val = *vb;
      for (char *c = v; *c; c++) *(*vb)++ = upc(*c);
      *(*vb)++ = '\0';
    } else {
      if (memchr(v, '"', vl)) return inp_fail(p, "misplaced quote in the value of %s", SHOW(pr->name));
      pr->raw = v;
      pr->val = *vb;
      for (char *c = v; *c; c++)
        if (!is_blank(*c)) *(*vb)++ = upc(*c);
      *(*vb)++ = '\0';
    }
  }
  return SN_OK;
}

/* Split the keyword line (after '*') into p->kwbuf: keyword name and parameters. */
int inp_keyword_parse(inp_rd *p, const char *line, char *key, size_t keycap)
{
  SBUF;
  size_t L = strlen(line);
  memcpy(p->kwbuf, line, L + 1);
  char *s = p->kwbuf;
  char *vb = p->valbuf;
  p->npar = 0;
  /* split at commas outside double quotes */
  char *piece[MAXFIELDS];
  int np = 0, inq = 0, r;
  piece[np++] = s;
  for (char *c = s; *c; c++) {
    if (*c == '"') inq = !inq;
    else if (*c == ',' && !inq) {
      *c = '\0';
      if (np < MAXFIELDS) piece[np++] = c + 1;
    }
  }
  if (inq) return inp_fail(p, "unterminated quote on the keyword line");
  /* keyword: blanks removed, upper case */
  size_t k = 0;
  for (char *c = piece[0]; *c; c++)
    if (!is_blank(*c)) {
      if (k + 1 >= keycap) return inp_fail(p, "unknown keyword *%s", SHOW(piece[0]));
      key[k++] = upc(*c);
    }
  key[k] = '\0';
  if (!k) return inp_fail(p, "empty keyword");
  for (int i = 1; i < np; i++) {
    char *q = inp_trim(piece[i]);
    if (!*q) continue;
    if (p->npar == MAXPAR) return inp_fail(p, "too many parameters on the keyword line (more than %d)", MAXPAR);
    inp_param *pr = &p->par[p->npar];
    if ((r = parse_param(p, q, pr, &vb))) return r;
    for (int j = 0; j < p->npar; j++)
      if (!strcmp(p->par[j].name, pr->name)) return inp_fail(p, "parameter %s given twice", SHOW(pr->name));
    p->npar++;
  }
  return SN_OK;
}

/* ------------------------------------------------------------------------------------------ */
/* files and *INCLUDE */

static int add_fname(inp_rd *p, const char *name)
{
  if (p->nfname == p->fname_cap) {
    size_t cap = (size_t)p->fname_cap;
    GROW(p->fname, cap, (size_t)p->nfname + 1);
    p->fname_cap = (int)cap;
  }
  size_t n = strlen(name);
  char *c = malloc(n + 1);
  if (!c) return inp_nomem(p);
  memcpy(c, name, n + 1);
  p->fname[p->nfname++] = c;
  return SN_OK;
}

/* the source on top of the stack: the bytes buf (owned if own) or, buf NULL, the file fp */
int inp_push_source(inp_rd *p, char *buf, size_t len, int own, FILE *fp, const char *name)
{
  int r = add_fname(p, name);
  if (r) {
    if (own) free(buf);
    if (fp) fclose(fp);
    return r;
  }
  inp_source *s = &p->src[p->depth];
  memset(s, 0, sizeof *s);
  s->buf = buf;
  s->len = len;
  s->fp = fp;
  s->own = own;
  s->file = p->nfname - 1;
  return SN_OK;
}

void inp_pop_source(inp_source *s)
{
  if (s->own) free(s->buf);
  if (s->fp) fclose(s->fp);
  s->buf = NULL;
  s->fp = NULL;
  s->own = 0;
}

static int outside(inp_rd *p, const char *raw, const char *real, const char *how)
{
  SBUF;
  return inp_fail_code(p, SN_ERR_IO, "*INCLUDE, INPUT=%s: %s is outside the deck's folder %s%s: included files are read "
                   "only inside the deck's folder tree unless that is allowed (signorini run --allow-include-anywhere)",
                   SHOW(raw), real, p->root ? p->root : "(unresolved)", how);
}

/* INPUT= resolved: inside the deck's folder tree (unless allowed anywhere), opened; *fp, and
 * the real path in *real (malloc'ed). A path outside the tree is refused before anything is
 * said about its existence; the opened file is checked to be the one that was resolved. */
static int open_include(inp_rd *p, const char *raw, const char *path, FILE **fp, char **real)
{
  SBUF;
  char why[1200];
  int err, missing;
  *fp = NULL;
  errno = 0;
  *real = sn_io_resolve_any(path, &missing);
  err = errno;
  if (!*real) {
    if (!err || err == ENOMEM) return inp_nomem(p);
  } else if (!p->anywhere && !sn_io_inside(p->root, *real)) return outside(p, raw, *real, "");
  else if (missing) err = missing;
  else if (sn_io_open_bounded(*real, p->maxbytes, fp, NULL, &err) == SN_OK) err = 0;
  if (err) {
    sn_io_cannot_read(why, sizeof why, path, err, p->maxbytes);
    return inp_fail_code(p, SN_ERR_IO, "*INCLUDE, INPUT=%s: %s", SHOW(raw), why);
  }
  if (!p->anywhere && !sn_io_opened_inside(*fp, p->root, *real)) {
    fclose(*fp);
    *fp = NULL;
    return outside(p, raw, *real, " (the file opened is not the one resolved: a link changed while it was opened)");
  }
  return SN_OK;
}

int inp_include(inp_rd *p)
{
  SBUF;
  for (int i = 0; i < p->npar; i++)
    if (strcmp(p->par[i].name, "INPUT")) return inp_fail(p, "unknown parameter '%s' for *INCLUDE", SHOW(p->par[i].name));
  inp_param *q = inp_par(p, "INPUT");
  if (!q) return inp_fail(p, "*INCLUDE needs the parameter INPUT=");
  if (!q->raw || !q->raw[0]) return inp_fail(p, "parameter INPUT of *INCLUDE needs a value");
  if (!p->basedir) return inp_fail(p, "*INCLUDE, INPUT=%s: includes are refused for a deck read from memory without a base directory", SHOW(q->raw));
  if (p->depth >= MAXDEPTH) return inp_fail(p, "*INCLUDE nested more than %d deep", MAXDEPTH);
  size_t bl = strlen(p->basedir), nl = strlen(q->raw);
  char *path = malloc(bl + nl + 2);
  if (!path) return inp_nomem(p);
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
  r = inp_push_source(p, NULL, 0, 0, fp, path);
  if (r) p->depth--;
  free(path);
  return r;
}

/* the next line of a file source into p->buf: 1, 0 at its end, or an error. At most
 * MAXLINE + 1 bytes are read (the characters and the CR of a CRLF end) before a longer line
 * is refused: nothing holds more than a line. */
static int next_file_line(inp_rd *p, inp_source *s, size_t *n, int *nul)
{
  int r = sn_io_getline(s->fp, p->buf, MAXLINE + 2, n, nul);
  if (r == 0) return 0;
  s->line++;
  p->file = s->file;
  p->line = s->line;
  if (r == -2) return inp_fail(p, "line longer than %d characters", MAXLINE);
  if (r == -1) return inp_fail_code(p, SN_ERR_IO, "read error: %s", strerror(errno));
  return 1;
}

/* the next line of the source on top into p->buf: 1, 0 at its end, or an error */
int inp_next_line(inp_rd *p)
{
  inp_source *s = &p->src[p->depth];
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
    if (r == -2) return inp_fail(p, "line longer than %d characters", MAXLINE);
  }
  p->total += n + end;
  if (p->total > p->maxbytes)
    return inp_fail(p, "the deck and its included files hold more than %llu bytes in all", p->maxbytes);
  sn_io_line_clean(p->buf, &n, s->line == 1);
  if (n > MAXLINE) return inp_fail(p, "line longer than %d characters", MAXLINE);
  if (nul) return inp_fail(p, "NUL byte in the line");
  return 1;
}

