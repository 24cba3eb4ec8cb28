/* A line-counting scanner of whitespace-separated numbers over a text file held in memory. */
#define _POSIX_C_SOURCE 200809L   /* newlocale / uselocale: numbers in the "C" locale */

#include "io/text_scan.h"
#include "io/num_parse.h"
#include "io/inp_internal.h"

#include <errno.h>
#include <limits.h>
#include <locale.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct sn_scan {
  char *path;
  char *buf;          /* the file's bytes */
  size_t len, pos;
  int line;           /* line of buf[pos] */
  int eof_line;       /* line of the last byte */
  locale_t cloc;      /* "C" numeric locale for strtod, or (locale_t)0 */
  char msg[512];
};

static int is_ws(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }
static int is_digit(char c) { return c >= '0' && c <= '9'; }

/* whole file into memory, through a growing buffer (the file was checked regular and below
 * the limit when opened; the limit holds again should it grow meanwhile) */
static int slurp(FILE *f, char **buf, size_t *len)
{
  size_t cap = 1 << 16, n = 0;
  char *b = malloc(cap);
  if (!b) return SN_ERR_NOMEM;
  for (;;) {
    if (n == cap) {
      if (cap > SN_SCAN_MAX_BYTES) { free(b); return SN_ERR_IO; }
      char *nb = realloc(b, cap * 2);
      if (!nb) { free(b); return SN_ERR_NOMEM; }
      b = nb;
      cap *= 2;
    }
    size_t got = fread(b + n, 1, cap - n, f);
    n += got;
    if (got == 0) break;
  }
  if (ferror(f)) { free(b); return -1; }          /* errno says why */
  if (n > SN_SCAN_MAX_BYTES) { free(b); return SN_ERR_IO; }
  *buf = b;
  *len = n;
  return SN_OK;
}

int sn_scan_open(const char *path, sn_scan **out, char *err, size_t errlen)
{
  if (!path || !out) return SN_ERR_ARG;
  *out = NULL;
  FILE *f;
  int oe;
  if (sn_io_open_bounded(path, SN_PROBLEM_MAX_FILE_BYTES, &f, NULL, &oe))   /* no FIFO, no /dev/zero */
    return sn_io_cannot_read(err, errlen, path, oe, SN_PROBLEM_MAX_FILE_BYTES);
  char *buf = NULL;
  size_t len = 0;
  errno = 0;
  int st = slurp(f, &buf, &len);
  int e = errno;
  fclose(f);
  if (st == -1) return sn_io_cannot_read(err, errlen, path, e ? e : EIO, SN_PROBLEM_MAX_FILE_BYTES);
  if (st == SN_ERR_IO) {
    if (err && errlen) snprintf(err, errlen, "%s: file larger than %zu bytes", path, SN_SCAN_MAX_BYTES);
    return SN_ERR_IO;
  }
  if (st) {
    if (err && errlen) snprintf(err, errlen, "%s: out of memory", path);
    return st;
  }
  sn_scan *s = calloc(1, sizeof *s);
  size_t plen = strlen(path);
  char *p = s ? malloc(plen + 1) : NULL;
  if (!s || !p) {
    free(buf);
    free(s);
    if (err && errlen) snprintf(err, errlen, "%s: out of memory", path);
    return SN_ERR_NOMEM;
  }
  memcpy(p, path, plen + 1);
  s->path = p;
  s->buf = buf;
  s->len = len;
  s->line = 1;
  s->eof_line = 1;
  for (size_t i = 0; i + 1 < len; i++)
    if (buf[i] == '\n') s->eof_line++;
  s->cloc = newlocale(LC_NUMERIC_MASK, "C", (locale_t)0);
  *out = s;
  return SN_OK;
}

void sn_scan_close(sn_scan *s)
{
  if (!s) return;
  if (s->cloc) freelocale(s->cloc);
  free(s->buf);
  free(s->path);
  free(s);
}

void sn_scan_rewind(sn_scan *s)
{
  s->pos = 0;
  s->line = 1;
}

const char *sn_scan_message(const sn_scan *s) { return s->msg; }
size_t sn_scan_offset(const sn_scan *s) { return s->pos; }

int sn_scan_fail(sn_scan *s, int code, int line, const char *fmt, ...)
{
  int k = snprintf(s->msg, sizeof s->msg, "%s:%d: ", s->path, line);
  if (k >= 0 && (size_t)k < sizeof s->msg) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(s->msg + k, sizeof s->msg - (size_t)k, fmt, ap);
    va_end(ap);
  }
  return code;
}

static void skip_ws(sn_scan *s)
{
  while (s->pos < s->len && is_ws(s->buf[s->pos])) {
    if (s->buf[s->pos] == '\n') s->line++;
    s->pos++;
  }
}

int sn_scan_line(sn_scan *s)
{
  skip_ws(s);
  return s->pos < s->len ? s->line : s->eof_line;
}

int sn_scan_at_end(sn_scan *s)
{
  skip_ws(s);
  return s->pos >= s->len;
}

int sn_scan_token(sn_scan *s, const char **tok, size_t *len, int *line)
{
  skip_ws(s);
  if (s->pos >= s->len) {
    *tok = s->buf + s->len;
    *len = 0;
    *line = s->eof_line;
    return 0;
  }
  *line = s->line;
  size_t start = s->pos;
  while (s->pos < s->len && !is_ws(s->buf[s->pos])) s->pos++;
  *tok = s->buf + start;
  *len = s->pos - start;
  return 1;
}

void sn_scan_skip_line(sn_scan *s)
{
  while (s->pos < s->len && s->buf[s->pos] != '\n') s->pos++;
}

/* a printable copy of a token for messages: at most 24 bytes, non-printable bytes as '?' */
static const char *shown(const char *tok, size_t len, char *out, size_t cap)
{
  size_t n = len < cap - 4 ? len : cap - 4, i;
  for (i = 0; i < n; i++) out[i] = (tok[i] >= 0x20 && tok[i] < 0x7f) ? tok[i] : '?';
  if (n < len) { out[i++] = '.'; out[i++] = '.'; out[i++] = '.'; }
  out[i] = '\0';
  return out;
}

int sn_scan_word(sn_scan *s, const char *word)
{
  const char *t;
  size_t n;
  int line;
  char buf[28];
  if (!sn_scan_token(s, &t, &n, &line))
    return sn_scan_fail(s, SN_ERR_FORMAT, line, "unexpected end of file: expected '%s'", word);
  if (n != strlen(word) || memcmp(t, word, n))
    return sn_scan_fail(s, SN_ERR_FORMAT, line, "expected '%s', found '%s'", word, shown(t, n, buf, sizeof buf));
  return SN_OK;
}

int sn_scan_is_int(const char *t, size_t n)
{
  size_t i = 0;
  if (i < n && (t[i] == '+' || t[i] == '-')) i++;
  if (i == n) return 0;
  for (; i < n; i++)
    if (!is_digit(t[i])) return 0;
  return 1;
}

int sn_scan_is_number(const char *t, size_t n)
{
  size_t i = 0, digits = 0;
  if (i < n && (t[i] == '+' || t[i] == '-')) i++;
  while (i < n && is_digit(t[i])) { i++; digits++; }
  if (i < n && t[i] == '.') {
    i++;
    while (i < n && is_digit(t[i])) { i++; digits++; }
  }
  if (!digits) return 0;
  if (i < n && (t[i] == 'e' || t[i] == 'E')) {
    size_t ed = 0;
    i++;
    if (i < n && (t[i] == '+' || t[i] == '-')) i++;
    while (i < n && is_digit(t[i])) { i++; ed++; }
    if (!ed) return 0;
  }
  return i == n;
}

int sn_scan_int(sn_scan *s, const char *what, long lo, long hi, int comma, int *v, int *line)
{
  const char *t;
  size_t n;
  int ln;
  char buf[28];
  if (!sn_scan_token(s, &t, &n, &ln))
    return sn_scan_fail(s, SN_ERR_FORMAT, ln, "unexpected end of file: expected %s", what);
  if (line) *line = ln;
  size_t m = (comma && n > 1 && t[n - 1] == ',') ? n - 1 : n;
  if (!sn_scan_is_int(t, m))
    return sn_scan_fail(s, SN_ERR_FORMAT, ln, "expected %s (an integer), found '%s'", what,
                        shown(t, n, buf, sizeof buf));
  /* accumulate with saturation: anything beyond 2^40 is out of range anyway */
  size_t i = (t[0] == '+' || t[0] == '-') ? 1 : 0;
  long long x = 0;
  for (; i < m; i++) {
    x = x * 10 + (t[i] - '0');
    if (x > (1LL << 40)) break;
  }
  if (t[0] == '-') x = -x;
  if (x < lo || x > hi)
    return sn_scan_fail(s, SN_ERR_FORMAT, ln, "%s %s is out of range [%ld, %ld]", what,
                        shown(t, m, buf, sizeof buf), lo, hi);
  *v = (int)x;
  return SN_OK;
}

int sn_scan_double(sn_scan *s, const char *what, int i, int j, double *v, int *line)
{
  const char *t;
  size_t n;
  int ln;
  char name[64], buf[28], num[128];
  if (!sn_scan_token(s, &t, &n, &ln)) {
    snprintf(name, sizeof name, what, i, j);
    return sn_scan_fail(s, SN_ERR_FORMAT, ln, "unexpected end of file: expected %s", name);
  }
  if (line) *line = ln;
  if (!sn_scan_is_number(t, n) || n >= sizeof num) {
    snprintf(name, sizeof name, what, i, j);
    if (n >= sizeof num && sn_scan_is_number(t, n))
      return sn_scan_fail(s, SN_ERR_FORMAT, ln, "%s: number '%s' is too long", name, shown(t, n, buf, sizeof buf));
    return sn_scan_fail(s, SN_ERR_FORMAT, ln, "expected %s (a number), found '%s'", name,
                        shown(t, n, buf, sizeof buf));
  }
  double x;
  if (!sn_parse_dec_fast(t, n, &x)) {   /* else strtod's value (num_parse.h) */
    memcpy(num, t, n);
    num[n] = '\0';
    locale_t old = s->cloc ? uselocale(s->cloc) : (locale_t)0;
    x = strtod(num, NULL);
    if (s->cloc && old) uselocale(old);
  }
  if (!isfinite(x)) {
    snprintf(name, sizeof name, what, i, j);
    return sn_scan_fail(s, SN_ERR_FORMAT, ln, "%s = %s overflows a double", name, shown(t, n, buf, sizeof buf));
  }
  *v = x;
  return SN_OK;
}

size_t sn_scan_capacity(const sn_scan *s) { return (s->len - s->pos + 1) / 2; }

int sn_scan_room(sn_scan *s, size_t count, int line, const char *what)
{
  size_t left = s->len - s->pos;
  if (count > (left + 1) / 2)
    return sn_scan_fail(s, SN_ERR_FORMAT, line, "%s: %zu numbers cannot fit in the %zu bytes left in the file",
                        what, count, left);
  return SN_OK;
}
