/* Scene-file reader: sn_scene_read, sn_scene_parse (include/signorini/scene_io.h).
 * The line machinery of the keyword format, as the deck reader (src/deck/inp_scan.c) has it:
 * lines read one at a time (bounded: sn_io_getline) from the source on top of the *INCLUDE
 * stack, "**" comments, keyword lines split into a keyword and parameters, data lines split
 * into fields at commas; every keyword has a begin handler, a data handler per data line and
 * an end handler (scene_keywords.c). Messages are "FILE:LINE: ...". *INCLUDE is confined to the
 * scene's folder tree as decks are (src/io/inp_confine.c). */
#define _XOPEN_SOURCE 700   /* newlocale / uselocale, realpath */

#include <errno.h>
#include <limits.h>
#include <locale.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "deck/scene_internal.h"
#include "io/inp_internal.h"
#include "io/text_scan.h"
#include "signorini/io.h"

/* ------------------------------------------------------------------------------------------ */
/* messages */

static int vfail(sr *p, int code, int file, int line, const char *fmt, va_list ap)
{
  if (!p->msg || !p->msglen) return code;
  const char *fn = (file >= 0 && file < p->nfname) ? p->fname[file] : "<scene>";
  int k = snprintf(p->msg, p->msglen, "%s:%d: ", fn, line);
  if (k >= 0 && (size_t)k < p->msglen) vsnprintf(p->msg + k, p->msglen - (size_t)k, fmt, ap);
  return code;
}

int sr_fail(sr *p, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  int r = vfail(p, SN_ERR_FORMAT, p->file, p->line, fmt, ap);
  va_end(ap);
  return r;
}

int sr_fail_at(sr *p, int file, int line, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  int r = vfail(p, SN_ERR_FORMAT, file, line, fmt, ap);
  va_end(ap);
  return r;
}

static int fail_code(sr *p, int code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
static int fail_code(sr *p, int code, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  int r = vfail(p, code, p->file, p->line, fmt, ap);
  va_end(ap);
  return r;
}

int sr_nomem(sr *p) { return fail_code(p, SN_ERR_NOMEM, "out of memory"); }

const char *sr_show(const char *s, char *out, size_t cap)
{
  size_t n = strlen(s);
  if (n + 1 <= cap) return s;
  snprintf(out, cap, "%.*s...", (int)(cap - 4), s);
  return out;
}

/* ------------------------------------------------------------------------------------------ */
/* characters and numbers */

static int is_blank(char c) { return c == ' ' || c == '\t'; }
static char upc(char c) { return (c >= 'a' && c <= 'z') ? (char)(c - 32) : c; }

static char *trim(char *s)
{
  while (is_blank(*s)) s++;
  size_t n = strlen(s);
  while (n && is_blank(s[n - 1])) s[--n] = '\0';
  return s;
}

/* a decimal number (text_scan.h's grammar): 1 and *v, 0 not a number, -1 overflows */
static int to_double(const char *s, double *v)
{
  if (!sn_scan_is_number(s, strlen(s))) return 0;
  double x = strtod(s, NULL);
  if (!isfinite(x)) return -1;
  *v = x;
  return 1;
}

/* an integer: 1 and *v, 0 not an integer, -1 out of the range of long */
static int to_long(const char *s, long *v)
{
  if (!sn_scan_is_int(s, strlen(s))) return 0;
  errno = 0;
  char *end;
  long x = strtol(s, &end, 10);
  if (errno == ERANGE || *end) return -1;
  *v = x;
  return 1;
}

static int number(sr *p, const char *s, const char *what, double *v)
{
  char b[48];
  if (!*s) return sr_fail(p, "missing %s (empty field)", what);
  int r = to_double(s, v);
  if (r == 0) return sr_fail(p, "expected %s (a number), found '%s'", what, sr_show(s, b, sizeof b));
  if (r < 0) return sr_fail(p, "%s '%s' overflows a double", what, sr_show(s, b, sizeof b));
  return SN_OK;
}

static int integer(sr *p, const char *s, const char *what, long lo, long hi, long *v)
{
  char b[48];
  if (!*s) return sr_fail(p, "missing %s (empty field)", what);
  int r = to_long(s, v);
  if (r == 0) return sr_fail(p, "expected %s (an integer), found '%s'", what, sr_show(s, b, sizeof b));
  if (r < 0 || *v < lo || *v > hi) return sr_fail(p, "%s %s is out of range [%ld, %ld]", what, sr_show(s, b, sizeof b), lo, hi);
  return SN_OK;
}

/* ------------------------------------------------------------------------------------------ */
/* parameters and fields */

const sr_param *sr_par(const sr *p, const char *name)
{
  for (int i = 0; i < p->npar; i++)
    if (!strcmp(p->par[i].name, name)) return &p->par[i];
  return NULL;
}

static int par_value(sr *p, const char *key, const sr_param **q)
{
  *q = sr_par(p, key);
  if (*q && (!(*q)->val || !(*q)->val[0])) return sr_fail(p, "parameter %s of %s needs a value", key, p->kw->shown);
  return SN_OK;
}

int sr_par_name(sr *p, const char *key, int required, char *out)
{
  char b[48];
  const sr_param *q;
  int r = par_value(p, key, &q);
  out[0] = '\0';
  if (r) return r;
  if (!q) return required ? sr_fail(p, "%s needs the parameter %s=", p->kw->shown, key) : SN_OK;
  if (strlen(q->val) > SR_MAXNAME)
    return sr_fail(p, "name '%s' is longer than %d characters", sr_show(q->val, b, sizeof b), SR_MAXNAME);
  strcpy(out, q->val);
  return SN_OK;
}

int sr_par_double(sr *p, const char *key, double *v, int *given)
{
  const sr_param *q;
  int r = par_value(p, key, &q);
  if (given) *given = q != NULL;
  if (r || !q) return r;
  char what[64];
  snprintf(what, sizeof what, "the value of %s=", key);
  return number(p, q->val, what, v);
}

int sr_par_int(sr *p, const char *key, long lo, long hi, long *v, int *given)
{
  const sr_param *q;
  int r = par_value(p, key, &q);
  if (given) *given = q != NULL;
  if (r || !q) return r;
  char what[64];
  snprintf(what, sizeof what, "the value of %s=", key);
  return integer(p, q->val, what, lo, hi, v);
}

int sr_par_choice(sr *p, const char *key, const char *choices, int *idx)
{
  char b[48];
  const sr_param *q;
  int r = par_value(p, key, &q);
  *idx = -1;
  if (r || !q) return r;
  size_t n = strlen(q->val);
  int k = 0;
  for (const char *s = choices; *s; k++) {
    size_t w = strcspn(s, " ");
    if (w == n && !memcmp(s, q->val, n)) {
      *idx = k;
      return SN_OK;
    }
    s += w;
    while (*s == ' ') s++;
  }
  return sr_fail(p, "%s=%s: expected one of %s", key, sr_show(q->val, b, sizeof b), choices);
}

int sr_field_double(sr *p, int k, const char *what, double *v)
{
  if (k >= p->nf) return sr_fail(p, "missing %s (field %d of the line)", what, k + 1);
  return number(p, p->f[k], what, v);
}

int sr_field_int(sr *p, int k, const char *what, long lo, long hi, long *v)
{
  if (k >= p->nf) return sr_fail(p, "missing %s (field %d of the line)", what, k + 1);
  return integer(p, p->f[k], what, lo, hi, v);
}

int sr_fields(sr *p, int lo, int hi, const char *what)
{
  if (p->nf < lo + 1) return sr_fail(p, "%s: %d field%s expected, %d given", what, lo + 1, lo ? "s" : "", p->nf);
  if (p->nf > hi + 1) return sr_fail(p, "%s: at most %d fields, %d given", what, hi + 1, p->nf);
  return SN_OK;
}

/* ------------------------------------------------------------------------------------------ */
/* the keyword line: keyword (blanks removed, upper case) and NAME=VALUE parameters */

static int split_params(sr *p, char **piece, int np)
{
  char b[48];
  char *vb = p->valbuf;
  for (int i = 1; i < np; i++) {
    char *q = trim(piece[i]);
    if (!*q) continue;
    if (p->npar == SR_MAXPAR) return sr_fail(p, "too many parameters on the keyword line (more than %d)", SR_MAXPAR);
    sr_param *pr = &p->par[p->npar];
    char *eq = strchr(q, '=');
    if (eq) *eq = '\0';
    char *w = q;
    for (char *c = q; *c; c++)
      if (!is_blank(*c)) *w++ = upc(*c);
    *w = '\0';
    if (!q[0]) return sr_fail(p, "parameter without a name on the keyword line");
    pr->name = q;
    pr->val = pr->raw = NULL;
    if (eq) {
      pr->raw = trim(eq + 1);
      pr->val = vb;
      for (char *c = pr->raw; *c; c++)
        if (!is_blank(*c)) *vb++ = upc(*c);
      *vb++ = '\0';
    }
    for (int j = 0; j < p->npar; j++)
      if (!strcmp(p->par[j].name, pr->name)) return sr_fail(p, "parameter %s given twice", sr_show(pr->name, b, sizeof b));
    p->npar++;
  }
  return SN_OK;
}

static int keyword_split(sr *p, const char *line, char *key, size_t keycap)
{
  char b[48];
  size_t L = strlen(line);
  memcpy(p->kwbuf, line, L + 1);
  char *piece[SR_MAXPAR + 2];
  int np = 0;
  p->npar = 0;
  for (char *s = p->kwbuf;;) {
    char *c = strchr(s, ',');
    if (c) *c = '\0';
    if (np == SR_MAXPAR + 2) return sr_fail(p, "too many parameters on the keyword line (more than %d)", SR_MAXPAR);
    piece[np++] = s;
    if (!c) break;
    s = c + 1;
  }
  size_t k = 0;
  for (char *c = piece[0]; *c; c++)
    if (!is_blank(*c)) {
      if (k + 1 >= keycap) return sr_fail(p, "unknown keyword *%s", sr_show(piece[0], b, sizeof b));
      key[k++] = upc(*c);
    }
  key[k] = '\0';
  if (!k) return sr_fail(p, "empty keyword");
  return split_params(p, piece, np);
}

/* ------------------------------------------------------------------------------------------ */
/* sources and *INCLUDE */

static int add_fname(sr *p, const char *name)
{
  char **f = realloc(p->fname, (size_t)(p->nfname + 1) * sizeof *f);
  if (!f) return sr_nomem(p);
  p->fname = f;
  size_t n = strlen(name);
  if (!(f[p->nfname] = malloc(n + 1))) return sr_nomem(p);
  memcpy(f[p->nfname++], name, n + 1);
  return SN_OK;
}

static int push_source(sr *p, char *buf, size_t len, FILE *fp, const char *name)
{
  int r = add_fname(p, name);
  if (r) {
    if (fp) fclose(fp);
    return r;
  }
  sr_source *s = &p->src[p->depth];
  memset(s, 0, sizeof *s);
  s->buf = buf;
  s->len = len;
  s->fp = fp;
  s->file = p->nfname - 1;
  return SN_OK;
}

static void pop_source(sr_source *s)
{
  if (s->fp) fclose(s->fp);
  s->fp = NULL;
  s->buf = NULL;
}

static int outside(sr *p, const char *raw, const char *real, const char *how)
{
  char b[48];
  return fail_code(p, SN_ERR_IO, "*INCLUDE, INPUT=%s: %s is outside the scene's folder %s%s: included files are read "
                   "only inside the scene's folder tree unless that is allowed (signorini run --allow-include-anywhere)",
                   sr_show(raw, b, sizeof b), real, p->root ? p->root : "(unresolved)", how);
}

/* INPUT= inside the scene's folder tree (unless allowed anywhere), opened: refused before
 * anything is said about the existence of a path outside, checked again once opened */
static int open_include(sr *p, const char *raw, const char *path, FILE **fp)
{
  char b[48], why[1200];
  int err, missing;
  *fp = NULL;
  errno = 0;
  char *real = sn_io_resolve_any(path, &missing);
  err = errno;
  int r = SN_OK;
  if (!real) {
    if (!err || err == ENOMEM) return sr_nomem(p);
  } else if (!p->anywhere && !sn_io_inside(p->root, real)) r = outside(p, raw, real, "");
  else if (missing) err = missing;
  else if (sn_io_open_bounded(real, p->maxbytes, fp, NULL, &err) == SN_OK) err = 0;
  if (!r && err) {
    sn_io_cannot_read(why, sizeof why, path, err, p->maxbytes);
    r = fail_code(p, SN_ERR_IO, "*INCLUDE, INPUT=%s: %s", sr_show(raw, b, sizeof b), why);
  } else if (!r && !p->anywhere && !sn_io_opened_inside(*fp, p->root, real)) {
    fclose(*fp);
    *fp = NULL;
    r = outside(p, raw, real, " (the file opened is not the one resolved: a link changed while it was opened)");
  }
  free(real);
  return r;
}

static int do_include(sr *p)
{
  char b[48];
  for (int i = 0; i < p->npar; i++)
    if (strcmp(p->par[i].name, "INPUT")) return sr_fail(p, "unknown parameter '%s' for *INCLUDE", sr_show(p->par[i].name, b, sizeof b));
  const sr_param *q = sr_par(p, "INPUT");
  if (!q) return sr_fail(p, "*INCLUDE needs the parameter INPUT=");
  if (!q->raw || !q->raw[0]) return sr_fail(p, "parameter INPUT of *INCLUDE needs a value");
  if (!p->basedir) return sr_fail(p, "*INCLUDE, INPUT=%s: includes are refused for a scene read from memory without a base directory", sr_show(q->raw, b, sizeof b));
  if (p->depth >= SR_MAXDEPTH) return sr_fail(p, "*INCLUDE nested more than %d deep", SR_MAXDEPTH);
  size_t bl = strlen(p->basedir), nl = strlen(q->raw);
  char *path = malloc(bl + nl + 2);
  if (!path) return sr_nomem(p);
  if (q->raw[0] == '/' || !bl) memcpy(path, q->raw, nl + 1);
  else snprintf(path, bl + nl + 2, "%s/%s", p->basedir, q->raw);
  FILE *fp;
  int r = open_include(p, q->raw, path, &fp);
  if (!r) {
    p->depth++;
    if ((r = push_source(p, NULL, 0, fp, path))) p->depth--;
  }
  free(path);
  return r;
}

/* ------------------------------------------------------------------------------------------ */
/* keyword and data lines */

static int end_keyword(sr *p)
{
  const sr_kwdef *d = p->kw;
  if (!d) return SN_OK;
  p->kw = NULL;
  if (p->ndata < d->mindata) return sr_fail_at(p, p->kw_file, p->kw_line, "%s needs a data line", d->shown);
  return d->end ? d->end(p) : SN_OK;
}

static int keyword_line(sr *p, const char *line)
{
  char b[48], key[48];
  int r = keyword_split(p, line + 1, key, sizeof key);
  if (r) return r;
  if (p->nkeywords++ == 0 && strcmp(key, "SCENE"))
    return sr_fail(p, "a scene file starts with *SCENE (found *%s): an analysis deck is run as one, a scene must say it is one",
                   sr_show(key, b, sizeof b));
  if (!strcmp(key, "INCLUDE")) return do_include(p);
  const sr_kwdef *d = sr_keyword(key);
  if (!d) return sr_fail(p, "unknown keyword *%s (docs/dynamics.md lists the keywords of a scene)", sr_show(key, b, sizeof b));
  if ((r = end_keyword(p))) return r;
  if (d->sub && !p->pend.active)
    return sr_fail(p, "%s belongs to a *BODY or *LATTICE: put it after one", d->shown);
  if (!d->sub && p->pend.active && (r = sr_finish_pending(p))) return r;
  for (int i = 0; i < p->npar; i++) {
    const char *w = d->params;
    size_t n = strlen(p->par[i].name);
    int ok = 0;
    while (*w && !ok) {
      size_t k = strcspn(w, " ");
      ok = k == n && !memcmp(w, p->par[i].name, n);
      w += k;
      while (*w == ' ') w++;
    }
    if (!ok) return sr_fail(p, "unknown parameter '%s' for %s", sr_show(p->par[i].name, b, sizeof b), d->shown);
  }
  if (strcmp(d->key, "DENSITY")) p->cur_mat = -1;   /* *DENSITY right after its *MATERIAL */
  p->kw = d;
  p->kw_file = p->file;
  p->kw_line = p->line;
  p->ndata = 0;
  return d->begin ? d->begin(p) : SN_OK;
}

static int data_line(sr *p, char *line)
{
  const sr_kwdef *d = p->kw;
  if (!d) return sr_fail(p, p->nkeywords ? "data line after a keyword that takes none" : "data line before the first keyword (*SCENE)");
  if (!d->data || (d->maxdata >= 0 && p->ndata >= d->maxdata)) {
    if (!d->maxdata) return sr_fail(p, "%s takes no data lines", d->shown);
    return sr_fail(p, "%s takes %d data line%s: this one is one too many", d->shown, d->maxdata, d->maxdata == 1 ? "" : "s");
  }
  snprintf(p->rawcopy, sizeof p->rawcopy, "%s", line);
  int n = 0;                                  /* fields at commas */
  for (char *s = line;;) {
    char *c = strchr(s, ',');
    if (c) *c = '\0';
    if (n == SR_MAXFIELDS) return sr_fail(p, "too many fields on the line");
    p->f[n++] = trim(s);
    if (!c) break;
    s = c + 1;
  }
  if (n > 1 && !p->f[n - 1][0]) n--;          /* a trailing comma ends the line */
  p->nf = n;
  int r = d->data(p);
  p->ndata++;
  return r;
}

/* ------------------------------------------------------------------------------------------ */
/* lines */

static int next_line(sr *p)
{
  sr_source *s = &p->src[p->depth];
  size_t n, end;
  int nul = 0;
  if (s->fp) {
    int r = sn_io_getline(s->fp, p->buf, SR_MAXLINE + 2, &n, &nul);
    if (r == 0) return 0;
    s->line++;
    p->file = s->file;
    p->line = s->line;
    if (r == -2) return sr_fail(p, "line longer than %d characters", SR_MAXLINE);
    if (r == -1) return fail_code(p, SN_ERR_IO, "read error: %s", strerror(errno));
    end = !feof(s->fp);
  } else {
    int r = sn_io_memline(s->buf, s->len, &s->pos, p->buf, SR_MAXLINE + 2, &n, &end, &nul);
    if (r == 0) return 0;
    s->line++;
    p->file = s->file;
    p->line = s->line;
    if (r == -2) return sr_fail(p, "line longer than %d characters", SR_MAXLINE);
  }
  p->total += n + end;
  if (p->total > p->maxbytes)
    return sr_fail(p, "the scene and its included files hold more than %llu bytes in all", p->maxbytes);
  sn_io_line_clean(p->buf, &n, s->line == 1);
  if (n > SR_MAXLINE) return sr_fail(p, "line longer than %d characters", SR_MAXLINE);
  if (nul) return sr_fail(p, "NUL byte in the line");
  return 1;
}

static int run_lines(sr *p)
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
    if (l[0] == '*' && l[1] == '*') continue;          /* comment */
    for (const char *c = l; *c; c++)
      if ((unsigned char)*c < 0x20 && *c != '\t')
        return sr_fail(p, "control character (byte 0x%02x) in the line", (unsigned)(unsigned char)*c);
    l = trim(l);
    if (!*l) continue;
    r = *l == '*' ? keyword_line(p, l) : data_line(p, l);
    if (r) return r;
  }
  if (!p->nkeywords) return sr_fail(p, "no *SCENE: the file is empty or holds only comments");
  int r = end_keyword(p);
  if (!r && p->pend.active) r = sr_finish_pending(p);
  return r ? r : sr_finish(p);
}

/* ------------------------------------------------------------------------------------------ */
/* entry points */

static void sr_release(sr *p)
{
  for (int i = 0; i <= p->depth && i <= SR_MAXDEPTH; i++) pop_source(&p->src[i]);
  free(p->root);
  for (int i = 0; i < p->nfname; i++) free(p->fname[i]);
  free(p->fname);
  free(p->mat);
  sr_free_pending(p);
  free(p);
}

static int parse(char *buf, size_t len, FILE *fp, const char *name, const char *basedir,
                 const sn_scene_read_options *o, sn_scene **out, sn_scene_run *run, char *msg, size_t msglen)
{
  sr *p = calloc(1, sizeof *p);
  sn_scene *S = NULL;
  if (!p || sn_scene_create(&S)) {
    free(p);
    if (fp) fclose(fp);
    if (msg && msglen) snprintf(msg, msglen, "%s: out of memory", name);
    return SN_ERR_NOMEM;
  }
  sn_scene_run_default(run);
  p->S = S;
  p->run = run;
  p->msg = msg;
  p->msglen = msglen;
  p->basedir = basedir;
  p->root = basedir ? realpath(basedir, NULL) : NULL;
  p->anywhere = o->allow_include_anywhere;
  p->maxbodies = o->max_bodies > 0 ? o->max_bodies : SN_SCENE_MAX_BODIES;
  p->maxbytes = o->max_file_bytes ? o->max_file_bytes : SN_INP_MAX_FILE_BYTES;
  p->cur_mat = -1;
  int r = push_source(p, buf, len, fp, name);
  if (!r) {
    locale_t cloc = newlocale(LC_NUMERIC_MASK, "C", (locale_t)0);
    locale_t old = cloc ? uselocale(cloc) : (locale_t)0;
    r = run_lines(p);
    if (cloc) {
      uselocale(old);
      freelocale(cloc);
    }
  }
  sr_release(p);
  if (r) {
    sn_scene_free(S);
    sn_scene_run_default(run);
    return r;
  }
  *out = S;
  if (msg && msglen) msg[0] = '\0';
  return SN_OK;
}

void sn_scene_read_options_default(sn_scene_read_options *o)
{
  if (!o) return;
  memset(o, 0, sizeof *o);
  o->max_file_bytes = SN_INP_MAX_FILE_BYTES;
  o->max_bodies = SN_SCENE_MAX_BODIES;
}

int sn_scene_parse(const char *text, size_t len, const char *name, const char *basedir, sn_scene **S,
                   sn_scene_run *run, char *msg, size_t msglen)
{
  if (msg && msglen) msg[0] = '\0';
  if (S) *S = NULL;
  if (!S || !run || (!text && len)) {
    if (msg && msglen) snprintf(msg, msglen, "sn_scene_parse: invalid argument");
    return SN_ERR_ARG;
  }
  sn_scene_read_options o;
  sn_scene_read_options_default(&o);
  return parse((char *)(uintptr_t)text, len, NULL, name ? name : "<memory>", basedir, &o, S, run, msg, msglen);
}

int sn_scene_read(const char *path, const sn_scene_read_options *opt, sn_scene **S, sn_scene_run *run,
                  char *msg, size_t msglen)
{
  if (msg && msglen) msg[0] = '\0';
  if (S) *S = NULL;
  if (!path || !S || !run) {
    if (msg && msglen) snprintf(msg, msglen, "sn_scene_read: invalid argument");
    return SN_ERR_ARG;
  }
  sn_scene_read_options o;
  sn_scene_read_options_default(&o);
  if (opt) o = *opt;
  if (!o.max_file_bytes) o.max_file_bytes = SN_INP_MAX_FILE_BYTES;
  FILE *fp;
  int err;
  if (sn_io_open_bounded(path, o.max_file_bytes, &fp, NULL, &err)) {
    sn_io_cannot_read(msg, msglen, path, err, o.max_file_bytes);
    return SN_ERR_IO;
  }
  size_t n = strlen(path);   /* the folder of path resolves *INCLUDE */
  while (n && path[n - 1] != '/') n--;
  char *dir = malloc(n + 2);
  if (!dir) {
    fclose(fp);
    if (msg && msglen) snprintf(msg, msglen, "%s: out of memory", path);
    return SN_ERR_NOMEM;
  }
  if (n) {
    memcpy(dir, path, n);
    dir[n > 1 ? n - 1 : 1] = '\0';
  } else
    strcpy(dir, ".");
  int r = parse(NULL, 0, fp, path, dir, &o, S, run, msg, msglen);
  free(dir);
  return r;
}
