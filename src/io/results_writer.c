/* Text results file in the layout of CalculiX' .dat, and the atomic file helper of src/io
 * (out_file.h) that the VTK writers share.
 *
 * Layout (docs/results.md has it with an example): every block is
 *
 *   <empty line>
 *    <title> for set <SET> and time  <t in Fortran E14.7: 0.5000000E+00>
 *   <empty line>
 *   <rows>
 *
 * Node rows: the node id in 10 columns, then the values, each in 14 columns ("%14.6E").
 * Integration-point rows: element id (10 columns), point number (4 columns), values.
 * Element rows (EVOL, ELSE): element id, value. Contact rows: slave node id, values; their
 * header reads "for all contact elements and time 0.5000000E+00" (one blank less, as
 * CalculiX). Contact energy rows (CELS): slave node id, energy, under CalculiX 2.20's header
 * of node-to-face contact ("... forall contact elements ...", sic). CalculiX' face-to-face
 * table (per slave face integration point) has no counterpart: signorini's contact points
 * are the slave nodes.
 * Totals (RF, EVOL, ELSE, CELS with TOTALS=YES/ONLY): a block " total force (fx,fy,fz) for
 * set ..." (" total contact spring energy for time ...") whose one row is 6 blanks and the sums. Titles are CalculiX 2.20's, character for character.
 *
 * Atomicity: the text of the increment in progress is kept in memory; the first
 * sn_results_flush() writes it under a temporary name renamed over the file, the next ones
 * append theirs in place after the bytes already committed, the file's length checked first
 * (sn_outfile_append, file_append.c). Memory stays bounded by one increment's text. */
#define _POSIX_C_SOURCE 200809L

#include "signorini/io.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "io/num_format.h"
#include "io/out_file.h"

/* ==== the atomic file helper (out_file.h) ==== */

int sn_outfile_fail(char *msg, size_t msglen, int code, const char *path, const char *fmt, ...)
{
  if (msg && msglen > 0) {
    char text[320];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    snprintf(msg, msglen, "%s: %s", path ? path : "(null)", text);
  }
  return code;
}

/* the system's message for errno value e (strerror_r, POSIX form: thread safe; out_file.h) */
const char *sn_outfile_reason(int e, char *buf, size_t len)
{
  if (strerror_r(e, buf, len) != 0) snprintf(buf, len, "error %d", e);
  return buf;
}

int sn_outfile_tmpname(char *buf, size_t len, const char *path, long pid, int k)
{
  return snprintf(buf, len, "%s.tmp%ld_%d", path, pid, k);
}

int sn_outfile_create(sn_outfile *o, const char *path, char *msg, size_t msglen)
{
  char why[128];
  size_t len;
  int fd = -1, err = 0;
  o->f = NULL;
  o->tmp = NULL;
  o->path = path;
  o->nosync = 0;
  o->writeback = 0;
  if (!path || !*path) return sn_outfile_fail(msg, msglen, SN_ERR_ARG, path, "empty file name");
  len = strlen(path) + 48;
  o->tmp = malloc(len);
  if (!o->tmp) return sn_outfile_fail(msg, msglen, SN_ERR_NOMEM, path, "out of memory");
  for (int k = 0; k < 100; k++) {
    sn_outfile_tmpname(o->tmp, len, path, (long)getpid(), k);
    fd = open(o->tmp, O_WRONLY | O_CREAT | O_EXCL, 0666);
    if (fd >= 0) break;
    err = errno;
    if (err != EEXIST) break;
  }
  if (fd >= 0) {
    o->f = fdopen(fd, "wb");
    if (o->f) return SN_OK;
    err = errno;
    close(fd);
    remove(o->tmp);
  }
  free(o->tmp);
  o->tmp = NULL;
  return sn_outfile_fail(msg, msglen, SN_ERR_IO, path, "cannot create a temporary file beside it: %s",
                         sn_outfile_reason(err, why, sizeof why));
}

int sn_outfile_sync(const char *path, char *msg, size_t msglen)
{
  char why[128];
  int fd = open(path, O_RDONLY);
  if (fd < 0) return sn_outfile_fail(msg, msglen, SN_ERR_IO, path, "cannot open it to sync: %s", sn_outfile_reason(errno, why, sizeof why));
  int bad = fsync(fd) != 0 && errno != EINVAL && errno != EROFS;
  int e = errno;
  close(fd);
  return bad ? sn_outfile_fail(msg, msglen, SN_ERR_IO, path, "sync failed: %s", sn_outfile_reason(e, why, sizeof why)) : SN_OK;
}

int sn_outfile_finish(sn_outfile *o, int rc, char *msg, size_t msglen)
{
  char why[128];
  if (!o->f) return rc;
  if (!rc) {
    int bad = ferror(o->f) != 0;
    if (!bad && fflush(o->f) != 0) bad = 1;
    /* on disk before the rename, so that a crash leaves the old file or the new one */
    if (!bad && !o->nosync && fsync(fileno(o->f)) != 0 && errno != EINVAL && errno != EROFS) bad = 1;
    /* a run's kept file, synced when the run (or a step) ends: its writeback starts now, so
     * that the later fsync finds the data on its way */
    if (!bad && o->nosync && o->writeback) sn_file_start_writeback(fileno(o->f));
    int e = bad ? errno : 0;
    if (fclose(o->f) != 0 && !bad) {
      bad = 1;
      e = errno;
    }
    if (bad)
      rc = sn_outfile_fail(msg, msglen, SN_ERR_IO, o->path, "write failed: %s",
                           e ? sn_outfile_reason(e, why, sizeof why) : "stream error");
    else if (rename(o->tmp, o->path) != 0)
      rc = sn_outfile_fail(msg, msglen, SN_ERR_IO, o->path, "cannot rename the temporary file to it: %s",
                           sn_outfile_reason(errno, why, sizeof why));
  } else {
    fclose(o->f);
  }
  if (rc) remove(o->tmp);
  free(o->tmp);
  o->tmp = NULL;
  o->f = NULL;
  return rc;
}

/* ==== the results file ==== */

struct sn_results {
  char *path;
  int nosync;            /* flushes rename without fsync (sn_results_set_nosync) */
  long long committed;   /* bytes of the file written by the flushes so far */
  sn_append_guard *guard;   /* a run's: its appends announced to the signal handler */
  char *buf;             /* the increment in progress */
  size_t len, cap;
};

typedef enum { TAB_NODE, TAB_IP, TAB_ELEM, TAB_CONTACT, TAB_CELS } tabkind;

typedef struct {
  const char *var;
  tabkind kind;
  int ncomp;             /* values per row printed */
  int min_ncomp;         /* fewer accepted from the caller (missing ones printed as 0) */
  const char *title;
  const char *total_title; /* NULL: no totals */
} vardesc;

static const vardesc VARS[] = {
  {"U", TAB_NODE, 3, 2, "displacements (vx,vy,vz)", NULL},
  {"NT", TAB_NODE, 1, 1, "temperatures", NULL},
  {"RF", TAB_NODE, 3, 2, "forces (fx,fy,fz)", "total force (fx,fy,fz)"},
  {"V", TAB_NODE, 3, 2, "velocities (vx,vy,vz)", NULL},
  {"S", TAB_IP, 6, 6, "stresses (elem, integ.pnt.,sxx,syy,szz,sxy,sxz,syz)", NULL},
  {"E", TAB_IP, 6, 6, "strains (elem, integ.pnt.,exx,eyy,ezz,exy,exz,eyz)", NULL},
  {"ENER", TAB_IP, 1, 1, "internal energy density (elem, integ.pnt.,energy)", NULL},
  {"PEEQ", TAB_IP, 1, 1, "equivalent plastic strain (elem, integ.pnt.,pe)", NULL},   /* ccx: no blank before "for" */
  {"EVOL", TAB_ELEM, 1, 1, "volume (element, volume)", "total volume"},
  {"ELSE", TAB_ELEM, 1, 1, "internal energy (element, energy)", "total internal energy"},
  {"CELS", TAB_CELS, 1, 1, "contact print energy (slave node,energy)", "total contact spring energy"},
  {"CDIS", TAB_CONTACT, 3, 3, "relative contact displacement (slave node,normal,tang1,tang2)", NULL},
  {"CSTR", TAB_CONTACT, 3, 3, "contact stress (slave node,press,tang1,tang2)", NULL},
};

/* printf into the increment's buffer */
static int res_printf(sn_results *r, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
static int res_printf(sn_results *r, const char *fmt, ...)
{
  va_list ap;
  int n;
  va_start(ap, fmt);
  n = vsnprintf(r->buf ? r->buf + r->len : NULL, r->buf ? r->cap - r->len : 0, fmt, ap);
  va_end(ap);
  if (n < 0) return SN_ERR_ARG;
  if (!r->buf || r->len + (size_t)n + 1 > r->cap) {
    size_t cap = r->cap ? r->cap : 4096;
    while (cap < r->len + (size_t)n + 1) cap *= 2;
    char *b = realloc(r->buf, cap);
    if (!b) return SN_ERR_NOMEM;
    r->buf = b;
    r->cap = cap;
    va_start(ap, fmt);
    vsnprintf(r->buf + r->len, r->cap - r->len, fmt, ap);
    va_end(ap);
  }
  r->len += (size_t)n;
  return SN_OK;
}

/* Fortran's E14.7 (what CalculiX prints times with): " 0.5000000E+00", right-aligned in 14 */
static void fortran_e14_7(double t, char *out, size_t len)
{
  char m[64], s[64];
  if (!isfinite(t)) {
    snprintf(out, len, "%14s", isnan(t) ? "NaN" : (t > 0 ? "Infinity" : "-Infinity"));
    return;
  }
  if (t == 0) {
    snprintf(out, len, "%14s", "0.0000000E+00");
    return;
  }
  snprintf(m, sizeof m, "%.6E", fabs(t));      /* d.ddddddE+xx: 7 significant digits */
  int e = atoi(m + 9) + 1;                      /* 0.ddddddd * 10^(xx+1) */
  snprintf(s, sizeof s, "%s0.%c%.6sE%c%02d", t < 0 ? "-" : "", m[0], m + 2, e < 0 ? '-' : '+', abs(e));
  snprintf(out, len, "%14s", s);
}

void sn_results_set_nosync(sn_results *r, int nosync)
{
  if (r) r->nosync = nosync != 0;
}

void sn_results_set_guard(sn_results *r, sn_append_guard *g)
{
  if (r) r->guard = g;
}

int sn_results_open(const char *path, sn_results **out, char *msg, size_t msglen)
{
  return sn_results_open_x(path, 0, out, msg, msglen);
}

int sn_results_open_x(const char *path, int nosync, sn_results **out, char *msg, size_t msglen)
{
  sn_outfile o;
  int rc;
  if (msg && msglen > 0) msg[0] = '\0';
  if (!out) return sn_outfile_fail(msg, msglen, SN_ERR_ARG, path, "no place for the result");
  *out = NULL;
  if ((rc = sn_outfile_create(&o, path, msg, msglen))) return rc;
  o.nosync = nosync != 0;
  if ((rc = sn_outfile_finish(&o, SN_OK, msg, msglen))) return rc;
  sn_results *r = calloc(1, sizeof *r);
  if (r) r->path = malloc(strlen(path) + 1);
  if (!r || !r->path) {
    free(r);
    return sn_outfile_fail(msg, msglen, SN_ERR_NOMEM, path, "out of memory");
  }
  strcpy(r->path, path);
  r->nosync = nosync != 0;
  *out = r;
  return SN_OK;
}

void sn_results_close(sn_results *r)
{
  if (!r) return;
  free(r->path);
  free(r->buf);
  free(r);
}

/* room for n more bytes and a NUL at the end of the buffer; NULL when out of memory */
static char *res_room(sn_results *r, size_t n)
{
  if (!r->buf || r->len + n + 1 > r->cap) {
    size_t cap = r->cap ? r->cap : 4096;
    while (cap < r->len + n + 1) cap *= 2;
    char *b = realloc(r->buf, cap);
    if (!b) return NULL;
    r->buf = b;
    r->cap = cap;
  }
  return r->buf + r->len;
}

/* one row: the id (10 columns), the point (4, TAB_IP), d->ncomp values ("%14.6E", written by
 * sn_fmt_E, byte for byte what printf writes), " L" for a node in local axes */
static int add_row(sn_results *r, const vardesc *d, const sn_results_block *b, int i)
{
  char *p = res_room(r, 2 * (size_t)SN_FMT_D_MAX(10) + (size_t)d->ncomp * SN_FMT_E_MAX(14, 6) + 3);
  if (!p) return SN_ERR_NOMEM;
  char *q = p;
  int k = sn_fmt_d(q, b->id[i], 10);
  if (k >= 0 && d->kind == TAB_IP) {
    q += k;
    k = sn_fmt_d(q, b->ip[i], 4);
  }
  for (int c = 0; c < d->ncomp && k >= 0; c++) {
    q += k;
    k = sn_fmt_E(q, c < b->ncomp ? b->val[(size_t)b->ncomp * i + c] : 0.0, 14, 6);
  }
  if (k < 0) return SN_ERR_ARG;
  q += k;
  if (d->kind == TAB_NODE && b->local && b->local[i]) {
    memcpy(q, " L", 2);
    q += 2;
  }
  *q++ = '\n';
  r->len += (size_t)(q - p);
  return SN_OK;
}

static int add_rows(sn_results *r, const vardesc *d, const sn_results_block *b)
{
  int rc = SN_OK;
  for (int i = 0; i < b->nrows && !rc; i++) rc = add_row(r, d, b, i);
  return rc;
}

int sn_results_add(sn_results *r, const sn_results_block *b, char *msg, size_t msglen)
{
  const vardesc *d = NULL;
  const char *path = r ? r->path : NULL;
  char tbuf[80], where[128];
  int rc = SN_OK;
  if (msg && msglen > 0) msg[0] = '\0';
  if (!r || !b || !b->var) return sn_outfile_fail(msg, msglen, SN_ERR_ARG, path, "no results file or block");
  for (size_t k = 0; k < sizeof VARS / sizeof VARS[0]; k++)
    if (strcasecmp(b->var, VARS[k].var) == 0) d = &VARS[k];
  if (!d) return sn_outfile_fail(msg, msglen, SN_ERR_UNKNOWN, path, "unknown output variable \"%.32s\"", b->var);
  int two_ids = d->kind == TAB_IP;
  if (b->nrows < 0 || (b->nrows > 0 && (!b->id || !b->val)) || (two_ids && b->nrows > 0 && !b->ip))
    return sn_outfile_fail(msg, msglen, SN_ERR_ARG, path, "%s: missing rows (ids, points or values)", d->var);
  if (b->ncomp < d->min_ncomp || b->ncomp > d->ncomp)
    return sn_outfile_fail(msg, msglen, SN_ERR_DIM, path, "%s: %d values per row, expected %d", d->var,
                           b->ncomp, d->ncomp);
  if (b->totals != SN_TOTALS_NO && (b->totals != SN_TOTALS_YES && b->totals != SN_TOTALS_ONLY))
    return sn_outfile_fail(msg, msglen, SN_ERR_ARG, path, "%s: bad totals option", d->var);
  if (b->totals != SN_TOTALS_NO && !d->total_title)
    return sn_outfile_fail(msg, msglen, SN_ERR_ARG, path, "%s: no totals for this variable", d->var);

  fortran_e14_7(b->time, tbuf, sizeof tbuf);
  if (d->kind == TAB_CONTACT || d->kind == TAB_CELS) snprintf(where, sizeof where, "all contact elements");
  else if (!b->set || !*b->set) snprintf(where, sizeof where, "all %s", d->kind == TAB_NODE ? "nodes" : "elements");
  else snprintf(where, sizeof where, "set %.100s", b->set);

  size_t mark = r->len;   /* a failure leaves the increment as it was */
  if (b->totals != SN_TOTALS_ONLY) {
    /* "and time " + E14.7 ("time  0.5000000E+00"); contact tables "and time" + E14.7
     * ("time 0.5000000E+00"), as CalculiX */
    if (d->kind == TAB_CELS)   /* CalculiX 2.20's node-to-face table: "forall" */
      rc = res_printf(r, "\n %s forall contact elements and time%s\n\n", d->title, tbuf);
    else   /* CalculiX' PEEQ title has no blank before "for" */
      rc = res_printf(r, "\n %s%sfor %s and time%s%s\n\n", d->title, strcmp(d->var, "PEEQ") ? " " : "", where,
                      d->kind == TAB_CONTACT ? "" : " ", tbuf);
    if (!rc) rc = add_rows(r, d, b);
  }
  if (!rc && b->totals != SN_TOTALS_NO) {
    double sum[6] = {0};
    for (int i = 0; i < b->nrows; i++)
      for (int c = 0; c < b->ncomp; c++) sum[c] += b->val[(size_t)b->ncomp * i + c];
    if (d->kind == TAB_CELS) rc = res_printf(r, "\n %s for time %s\n\n      ", d->total_title, tbuf);
    else rc = res_printf(r, "\n %s for %s and time %s\n\n      ", d->total_title, where, tbuf);
    for (int c = 0; c < d->ncomp && !rc; c++) rc = res_printf(r, "%14.6E", sum[c]);
    if (!rc) rc = res_printf(r, "\n");
  }
  if (rc) {
    r->len = mark;
    return sn_outfile_fail(msg, msglen, rc, path, rc == SN_ERR_NOMEM ? "out of memory" : "cannot format a row");
  }
  return SN_OK;
}

int sn_results_add_text(sn_results *r, const char *text, char *msg, size_t msglen)
{
  if (msg && msglen > 0) msg[0] = '\0';
  if (!r || !text) return sn_outfile_fail(msg, msglen, SN_ERR_ARG, r ? r->path : NULL, "no results file or text");
  int rc = res_printf(r, "%s", text);
  return rc ? sn_outfile_fail(msg, msglen, rc, r->path, "out of memory") : SN_OK;
}

int sn_results_flush(sn_results *r, char *msg, size_t msglen)
{
  if (msg && msglen > 0) msg[0] = '\0';
  if (!r) return sn_outfile_fail(msg, msglen, SN_ERR_ARG, NULL, "no results file");
  if (r->len == 0) return SN_OK;
  int rc = sn_outfile_grow(r->path, &r->committed, r->buf, r->len, r->nosync, r->guard, msg, msglen);
  if (rc) return rc;   /* the increment stays pending */
  r->len = 0;
  return SN_OK;
}
