/* signorini_csvplot: an x-y chart (PNG, SVG or PDF, by the extension of OUT) of columns of a CSV
 * file, drawn with the library's sn_plot_lines. The benchmark scripts of bench/ use it for their
 * plots.
 *
 *   signorini_csvplot CSV OUT.png --x COL --y COL [--y COL2 ...] [--group COL[,COL2]]
 *                     [--where COL=VALUE ...] [--median] [--abs] [--logx] [--logy]
 *                     [--style lines|markers|linemarkers] [--title T] [--xlabel L] [--ylabel L]
 *
 * CSV ("-": standard input): a header line of column names, then one row per line,
 * comma-separated; fields may be quoted ("a,b" and "" inside quotes as in RFC 4180, but no line
 * breaks inside a field); blank
 * lines are skipped; a row with another number of fields than the header is an error
 * (FILE:LINE). Rows are kept when every --where COL=VALUE holds (the cell equals VALUE as text,
 * or both are numbers and equal). One series per (value of the --group columns, --y column), in
 * the order of first appearance; its points are the kept rows whose x and y cells are both
 * finite numbers (other cells are skipped and counted on stderr), sorted by x. --median: the
 * points of a series with the same x become one point, the median of their y. --abs: |y|.
 * --logy: logarithmic y axis (points with y <= 0 are left out by the chart). --logx: the chart
 * has no logarithmic x axis, so x is replaced by log10(x) (x <= 0 skipped) and the x label
 * becomes "log10(LABEL)". Default labels: the column names; default style: linemarkers.
 * Exit status: 0 written, 1 bad or empty data or the chart could not be written, 2 bad usage. */
#include "signorini/common.h"
#include "signorini/plot.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXCOLS 64 /* --y, --group and --where entries, each */

static const char *prog = "signorini_csvplot";

static void usage(FILE *f)
{
  fprintf(f,
          "usage: %s CSV OUT.(png|svg|pdf) --x COL --y COL [--y COL2 ...] [--group COL[,COL2...]]\n"
          "          [--where COL=VALUE ...] [--median] [--abs] [--logx] [--logy]\n"
          "          [--style lines|markers|linemarkers] [--title T] [--xlabel L] [--ylabel L]\n"
          "  one series per (group value, y column), x ascending; rows kept when all --where hold;\n"
          "  cells that are not finite numbers are skipped; --median: one point per x (median y);\n"
          "  --abs: plot |y|; --logy: logarithmic y axis; --logx: there is no logarithmic x axis,\n"
          "  x is plotted as log10(x) (x <= 0 skipped) and the x label reads log10(...)\n",
          prog);
}

static void die(int code, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "%s: ", prog);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  exit(code);
}

static void *xrealloc(void *p, size_t n)
{
  void *q = realloc(p, n ? n : 1);
  if (!q) die(1, "out of memory");
  return q;
}

static char *xstrdup(const char *s)
{
  size_t n = strlen(s) + 1;
  return memcpy(xrealloc(NULL, n), s, n);
}

/* appends printf output to a growing string */
static void sappend(char **s, const char *fmt, ...)
{
  va_list ap;
  size_t have = *s ? strlen(*s) : 0;
  va_start(ap, fmt);
  int add = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  if (add < 0) die(1, "formatting failed");
  *s = xrealloc(*s, have + (size_t)add + 1);
  va_start(ap, fmt);
  vsnprintf(*s + have, (size_t)add + 1, fmt, ap);
  va_end(ap);
}

/* one line of f without its line break (and a trailing '\r'); -1 at end of file */
static long read_line(FILE *f, char **buf, size_t *cap)
{
  size_t n = 0;
  int c;
  while ((c = getc(f)) != EOF && c != '\n') {
    if (n + 2 > *cap) {
      *cap = *cap ? 2 * *cap : 256;
      *buf = xrealloc(*buf, *cap);
    }
    (*buf)[n++] = (char)c;
  }
  if (c == EOF && n == 0) return -1;
  if (!*buf) *buf = xrealloc(NULL, *cap = 256);
  if (n > 0 && (*buf)[n - 1] == '\r') n--;
  (*buf)[n] = '\0';
  return (long)n;
}

static int blank(const char *s)
{
  while (isspace((unsigned char)*s)) s++;
  return *s == '\0';
}

/* Splits line in place into fields (surrounding blanks removed, quotes undone); returns the
 * number of fields (all of them; at most maxf stored), -1 for an unterminated quote. */
static int split(char *line, char **fld, int maxf)
{
  char *r = line, *w = line;
  int nf = 0;
  for (;;) {
    while (*r == ' ' || *r == '\t') r++;
    char *start = w, *lastsig = w; /* lastsig: end of the significant text */
    if (*r == '"') {
      r++;
      for (;;) {
        if (*r == '\0') return -1;
        if (*r == '"') {
          if (r[1] == '"') { *w++ = '"'; r += 2; continue; }
          r++;
          break;
        }
        *w++ = *r++;
      }
      lastsig = w;
      while (*r && *r != ',') { /* text after the closing quote: kept, as spreadsheets do */
        *w++ = *r;
        if (*r != ' ' && *r != '\t') lastsig = w;
        r++;
      }
    } else {
      while (*r && *r != ',') {
        *w++ = *r;
        if (*r != ' ' && *r != '\t') lastsig = w;
        r++;
      }
    }
    int end = *r == '\0';
    *lastsig = '\0';
    if (nf < maxf) fld[nf] = start;
    nf++;
    if (end) break;
    r++; /* the comma */
    w = lastsig + 1;
    if (w > r) w = r; /* cannot happen: unquoting only shrinks */
  }
  return nf;
}

/* a finite number filling the whole (trimmed) cell */
static int number(const char *s, double *v)
{
  char *end;
  if (!*s) return 0;
  errno = 0;
  double d = strtod(s, &end);
  if (end == s || *end != '\0' || !isfinite(d)) return 0;
  *v = d;
  return 1;
}

static int cell_matches(const char *cell, const char *want)
{
  double a, b;
  if (strcmp(cell, want) == 0) return 1;
  return number(cell, &a) && number(want, &b) && a == b;
}

typedef struct {
  double *x, *y;
  int n, cap;
} points;

typedef struct {
  char *key;   /* the group columns' values, '\x1f'-separated */
  char *label; /* the legend's text for the group */
  points *p;   /* one per --y column */
} group;

typedef struct {
  double x, y;
} xy;

static int cmp_xy(const void *a, const void *b)
{
  const xy *p = a, *q = b;
  if (p->x != q->x) return p->x < q->x ? -1 : 1;
  return (p->y > q->y) - (p->y < q->y);
}

/* sorts the points by x; with median, one point per distinct x (the median of its y) */
static void finish(points *p, int median)
{
  if (p->n == 0) return;
  xy *v = xrealloc(NULL, (size_t)p->n * sizeof *v);
  for (int i = 0; i < p->n; i++) v[i] = (xy){p->x[i], p->y[i]};
  qsort(v, (size_t)p->n, sizeof *v, cmp_xy); /* ties sorted by y: the median needs that */
  int m = 0;
  for (int i = 0; i < p->n;) {
    int j = i + 1;
    if (median)
      while (j < p->n && v[j].x == v[i].x) j++;
    int k = j - i;
    p->x[m] = v[i].x;
    p->y[m] = k % 2 ? v[i + k / 2].y : 0.5 * (v[i + k / 2 - 1].y + v[i + k / 2].y);
    m++;
    i = j;
  }
  p->n = m;
  free(v);
}

static int column(char **hdr, int nh, const char *name, const char *opt)
{
  for (int i = 0; i < nh; i++)
    if (strcmp(hdr[i], name) == 0) return i;
  fprintf(stderr, "%s: %s: no column \"%s\"; the columns are:", prog, opt, name);
  for (int i = 0; i < nh; i++) fprintf(stderr, "%s %s", i ? "," : "", hdr[i]);
  fputc('\n', stderr);
  exit(2);
}

static const char *need(int argc, char **argv, int *i)
{
  if (*i + 1 >= argc) {
    fprintf(stderr, "%s: %s needs a value\n", prog, argv[*i]);
    usage(stderr);
    exit(2);
  }
  return argv[++*i];
}

int main(int argc, char **argv)
{
  const char *csv = NULL, *out = NULL, *xname = NULL, *title = NULL, *xlabel = NULL, *ylabel = NULL;
  const char *ynames[MAXCOLS], *gnames[MAXCOLS], *wnames[MAXCOLS], *wvals[MAXCOLS];
  int ny = 0, ng = 0, nw = 0, median = 0, absy = 0, logx = 0, logy = 0, style = SN_PLOT_LINE_MARKERS;
  char *gspec[MAXCOLS];
  int ngspec = 0;

  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "-h") || !strcmp(a, "--help")) { usage(stdout); return 0; }
    else if (!strcmp(a, "--x")) xname = need(argc, argv, &i);
    else if (!strcmp(a, "--y")) {
      if (ny == MAXCOLS) die(2, "too many --y (at most %d)", MAXCOLS);
      ynames[ny++] = need(argc, argv, &i);
    } else if (!strcmp(a, "--group")) {
      if (ngspec == MAXCOLS) die(2, "too many --group");
      char *s = gspec[ngspec++] = xstrdup(need(argc, argv, &i));
      for (char *t = strtok(s, ","); t; t = strtok(NULL, ",")) {
        if (ng == MAXCOLS) die(2, "too many group columns (at most %d)", MAXCOLS);
        gnames[ng++] = t;
      }
    } else if (!strcmp(a, "--where")) {
      const char *s = need(argc, argv, &i);
      const char *eq = strchr(s, '=');
      if (!eq || eq == s) die(2, "--where %s: expected COL=VALUE", s);
      if (nw == MAXCOLS) die(2, "too many --where (at most %d)", MAXCOLS);
      char *c = xstrdup(s);
      c[eq - s] = '\0';
      wnames[nw] = c;
      wvals[nw++] = c + (eq - s) + 1;
    } else if (!strcmp(a, "--median")) median = 1;
    else if (!strcmp(a, "--abs")) absy = 1;
    else if (!strcmp(a, "--logx")) logx = 1;
    else if (!strcmp(a, "--logy")) logy = 1;
    else if (!strcmp(a, "--title")) title = need(argc, argv, &i);
    else if (!strcmp(a, "--xlabel")) xlabel = need(argc, argv, &i);
    else if (!strcmp(a, "--ylabel")) ylabel = need(argc, argv, &i);
    else if (!strcmp(a, "--style")) {
      const char *s = need(argc, argv, &i);
      if (!strcmp(s, "lines") || !strcmp(s, "line")) style = SN_PLOT_LINE;
      else if (!strcmp(s, "markers")) style = SN_PLOT_MARKERS;
      else if (!strcmp(s, "linemarkers")) style = SN_PLOT_LINE_MARKERS;
      else die(2, "--style %s: expected lines, markers or linemarkers", s);
    } else if (a[0] == '-' && a[1] == '-') {
      fprintf(stderr, "%s: unknown option %s\n", prog, a);
      usage(stderr);
      return 2;
    } else if (!csv) csv = a;
    else if (!out) out = a;
    else {
      fprintf(stderr, "%s: unexpected argument %s\n", prog, a);
      usage(stderr);
      return 2;
    }
  }
  if (!csv || !out || !xname || ny == 0) {
    fprintf(stderr, "%s: %s\n", prog,
            !csv ? "no CSV file given" : !out ? "no output file given" : !xname ? "--x is required" : "--y is required");
    usage(stderr);
    return 2;
  }

  FILE *f = strcmp(csv, "-") ? fopen(csv, "r") : stdin;
  if (!f) die(1, "%s: %s", csv, strerror(errno));

  /* ---- the header ---- */
  char *line = NULL, *hline = NULL;
  size_t cap = 0;
  long len;
  long lineno = 0;
  while ((len = read_line(f, &line, &cap)) >= 0) {
    lineno++;
    if (!blank(line)) break;
  }
  if (len < 0) die(1, "%s: empty (no header line)", csv);
  hline = xstrdup(line);
  char *hs = hline;
  if ((unsigned char)hs[0] == 0xEF && (unsigned char)hs[1] == 0xBB && (unsigned char)hs[2] == 0xBF)
    hs += 3; /* a UTF-8 byte order mark */
  int maxh = 1;
  for (const char *c = hs; *c; c++) maxh += *c == ',';
  char **hdr = xrealloc(NULL, (size_t)maxh * sizeof *hdr);
  int nh = split(hs, hdr, maxh); /* splits in place: one pass */
  if (nh < 0) die(1, "%s:%ld: unterminated quoted field in the header", csv, lineno);

  int xc = column(hdr, nh, xname, "--x");
  int yc[MAXCOLS], gc[MAXCOLS], wc[MAXCOLS];
  for (int k = 0; k < ny; k++) yc[k] = column(hdr, nh, ynames[k], "--y");
  for (int k = 0; k < ng; k++) gc[k] = column(hdr, nh, gnames[k], "--group");
  for (int k = 0; k < nw; k++) wc[k] = column(hdr, nh, wnames[k], "--where");

  /* ---- the rows ---- */
  char **fld = xrealloc(NULL, (size_t)nh * sizeof *fld);
  group *gr = NULL;
  int ngr = 0;
  long rows = 0, kept = 0, skipped = 0, nonpos = 0;
  char *key = NULL;
  while ((len = read_line(f, &line, &cap)) >= 0) {
    lineno++;
    if (blank(line)) continue;
    rows++;
    int nf = split(line, fld, nh);
    if (nf < 0) die(1, "%s:%ld: unterminated quoted field", csv, lineno);
    if (nf != nh)
      die(1, "%s:%ld: %d field%s, the header has %d (a comma inside an unquoted field?)", csv, lineno,
          nf, nf == 1 ? "" : "s", nh);
    int ok = 1;
    for (int k = 0; k < nw && ok; k++) ok = cell_matches(fld[wc[k]], wvals[k]);
    if (!ok) continue;
    kept++;

    free(key);
    key = NULL;
    sappend(&key, "%s", "");
    for (int k = 0; k < ng; k++) sappend(&key, "%s%s", k ? "\x1f" : "", fld[gc[k]]);
    int g = 0;
    while (g < ngr && strcmp(gr[g].key, key) != 0) g++;
    if (g == ngr) {
      gr = xrealloc(gr, (size_t)(ngr + 1) * sizeof *gr);
      gr[g].key = xstrdup(key);
      gr[g].label = NULL;
      for (int k = 0; k < ng; k++) {
        double d;
        const char *v = fld[gc[k]];
        if (k == 0 && !number(v, &d) && *v)
          sappend(&gr[g].label, "%s", v); /* "signorini, threads=1" */
        else
          sappend(&gr[g].label, "%s%s=%s", k ? ", " : "", gnames[k], v);
      }
      gr[g].p = xrealloc(NULL, (size_t)ny * sizeof *gr[g].p);
      memset(gr[g].p, 0, (size_t)ny * sizeof *gr[g].p);
      ngr++;
    }
    double x;
    int xok = number(fld[xc], &x);
    if (xok && logx) {
      if (x <= 0) { nonpos += ny; continue; }
      x = log10(x);
    }
    for (int k = 0; k < ny; k++) {
      double y;
      if (!xok || !number(fld[yc[k]], &y)) { skipped++; continue; }
      points *p = &gr[g].p[k];
      if (p->n == p->cap) {
        p->cap = p->cap ? 2 * p->cap : 16;
        p->x = xrealloc(p->x, (size_t)p->cap * sizeof *p->x);
        p->y = xrealloc(p->y, (size_t)p->cap * sizeof *p->y);
      }
      p->x[p->n] = x;
      p->y[p->n++] = absy ? fabs(y) : y;
    }
  }
  if (ferror(f)) die(1, "%s: read error", csv);
  if (f != stdin) fclose(f);
  if (skipped)
    fprintf(stderr, "%s: note: %ld (row, y column) pair%s skipped: x or y not a number\n", prog, skipped,
            skipped == 1 ? "" : "s");
  if (nonpos) fprintf(stderr, "%s: note: %ld point%s with x <= 0 left out (--logx)\n", prog, nonpos, nonpos == 1 ? "" : "s");

  /* ---- the series ---- */
  int ns = ngr * ny, total = 0;
  sn_series *s = xrealloc(NULL, (size_t)(ns ? ns : 1) * sizeof *s);
  char **names = xrealloc(NULL, (size_t)(ns ? ns : 1) * sizeof *names);
  for (int g = 0; g < ngr; g++)
    for (int k = 0; k < ny; k++) {
      points *p = &gr[g].p[k];
      int j = g * ny + k;
      finish(p, median);
      total += p->n;
      names[j] = NULL;
      if (gr[g].label) sappend(&names[j], "%s", gr[g].label);
      if (ny > 1 || !gr[g].label)
        sappend(&names[j], absy ? "%s|%s|" : "%s%s", gr[g].label ? ": " : "", ynames[k]);
      s[j] = (sn_series){names[j], p->n, p->x, p->y, style};
    }
  if (total == 0) {
    if (rows == 0) die(1, "%s: no data rows after the header", csv);
    if (kept == 0) die(1, "%s: no row of %ld matches the --where filters", csv, rows);
    die(1, "%s: nothing to plot: %ld row%s kept, none with numbers in both x and y", csv, kept,
        kept == 1 ? "" : "s");
  }

  /* ---- labels and the chart ---- */
  char *xl = NULL, *yl = NULL;
  if (logx) sappend(&xl, "log10(%s)", xlabel ? xlabel : xname);
  else sappend(&xl, "%s", xlabel ? xlabel : xname);
  if (ylabel) sappend(&yl, "%s", ylabel);
  else {
    sappend(&yl, "%s", median ? "median " : "");
    for (int k = 0; k < ny; k++) sappend(&yl, absy ? "%s|%s|" : "%s%s", k ? ", " : "", ynames[k]);
  }
  sn_plot_opts o;
  sn_plot_opts_default(&o);
  o.title = title;
  o.xlabel = xl;
  o.ylabel = yl;
  o.logy = logy;
  char msg[512];
  int rc = sn_plot_lines(out, &o, s, ns, msg, sizeof msg);
  if (rc != SN_OK) die(1, "%s", msg[0] ? msg : "the chart could not be written");

  for (int g = 0; g < ngr; g++) {
    for (int k = 0; k < ny; k++) { free(gr[g].p[k].x); free(gr[g].p[k].y); }
    free(gr[g].p);
    free(gr[g].key);
    free(gr[g].label);
  }
  for (int j = 0; j < ns; j++) free(names[j]);
  for (int k = 0; k < nw; k++) free((char *)wnames[k]);
  for (int k = 0; k < ngspec; k++) free(gspec[k]);
  free(names); free(s); free(gr); free(fld); free(hdr); free(hline); free(line); free(key);
  free(xl); free(yl);
  return 0;
}
