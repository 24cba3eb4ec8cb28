/* Charts (sn_plot_lines): every case written as PNG, SVG and PDF into a temporary folder; the
 * PNGs read back with cairo (size as asked, ink in the plot area, each curve's own colour
 * present, a NaN gap left as a gap, a clipped curve inside its box), the SVGs checked for an
 * XML document with an <svg> element that closes, the PDFs for their header and trailer;
 * atomic writes (nothing left by a failure, no temporary file left at all), argument checks.
 *
 * SN_PLOT_KEEP=1 in the environment keeps the folder (its name is printed) to look at. */
#define _GNU_SOURCE   /* RTLD_DEFAULT */

#include <cairo.h>
#include <dirent.h>
#include <dlfcn.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "signorini/signorini.h"

static char dir[64];

static void path_of(char *buf, size_t n, const char *name)
{
  snprintf(buf, n, "%s/%s", dir, name);
}

static int exists(const char *path)
{
  struct stat st;
  return stat(path, &st) == 0;
}

static char *slurp(const char *path, size_t *len)
{
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  size_t cap = 1 << 16, n = 0;
  char *b = malloc(cap + 1);
  for (size_t r; b && (r = fread(b + n, 1, cap - n, f)) > 0;) {
    n += r;
    if (n == cap) {
      char *nb = realloc(b, 2 * cap + 1);
      if (!nb) { free(b); b = NULL; break; }
      b = nb;
      cap *= 2;
    }
  }
  fclose(f);
  if (b) b[n] = '\0';
  *len = n;
  return b;
}

/* ---- PNG read back ---- */
typedef struct {
  cairo_surface_t *sf;
  int w, h, stride;
  const unsigned char *data;
} image;

static int png_open(const char *path, image *im)
{
  size_t len;
  char *b = slurp(path, &len);
  static const unsigned char SIG[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
  int sig = b && len > 8 && memcmp(b, SIG, 8) == 0;
  free(b);
  CHECK(sig);
  if (!sig) return 0;
  im->sf = cairo_image_surface_create_from_png(path);
  if (cairo_surface_status(im->sf) != CAIRO_STATUS_SUCCESS) {
    CHECK(!"cairo reads the PNG back");
    cairo_surface_destroy(im->sf);
    return 0;
  }
  cairo_surface_flush(im->sf);
  im->w = cairo_image_surface_get_width(im->sf);
  im->h = cairo_image_surface_get_height(im->sf);
  im->stride = cairo_image_surface_get_stride(im->sf);
  im->data = cairo_image_surface_get_data(im->sf);
  int fmt = cairo_image_surface_get_format(im->sf);
  CHECK(fmt == CAIRO_FORMAT_RGB24 || fmt == CAIRO_FORMAT_ARGB32);
  return im->data != NULL;
}

static void px(const image *im, int x, int y, int rgb[3])
{
  uint32_t v;
  memcpy(&v, im->data + (size_t)y * im->stride + 4 * (size_t)x, 4);
  rgb[0] = (v >> 16) & 255;
  rgb[1] = (v >> 8) & 255;
  rgb[2] = v & 255;
}

static int is_color(const image *im, int x, int y, const double c[3])
{
  int p[3];
  px(im, x, y, p);
  for (int k = 0; k < 3; k++)
    if (abs(p[k] - (int)(c[k] * 255 + 0.5)) > 3) return 0;
  return 1;
}

/* pixels of colour c in the box [x0, x1) x [y0, y1); with cols, the columns holding one */
static int count_color(const image *im, const double c[3], int x0, int y0, int x1, int y1, char *cols)
{
  int n = 0;
  for (int y = y0; y < y1; y++)
    for (int x = x0; x < x1; x++)
      if (is_color(im, x, y, c)) {
        n++;
        if (cols) cols[x] = 1;
      }
  return n;
}

static int count_ink(const image *im, int x0, int y0, int x1, int y1)
{
  int n = 0, p[3];
  for (int y = y0; y < y1; y++)
    for (int x = x0; x < x1; x++) {
      px(im, x, y, p);
      n += p[0] < 200 || p[1] < 200 || p[2] < 200;
    }
  return n;
}

/* the PNG at name: w x h, ink in its middle (mid_ink pixels at least); returns the pixels of
 * series k's colour */
static int check_png_ink(const char *name, int w, int h, int ramp, int k, int ns, image *keep,
                         int mid_ink)
{
  char path[512];
  image im;
  double c[3];
  path_of(path, sizeof path, name);
  if (!png_open(path, &im)) {
    fprintf(stderr, "%s: not a readable PNG\n", name);
    return -1;
  }
  CHECK_INT(im.w, w);
  CHECK_INT(im.h, h);
  int ink = count_ink(&im, im.w / 4, im.h / 4, 3 * im.w / 4, 3 * im.h / 4);
  if (ink < mid_ink) fprintf(stderr, "%s: only %d non-white pixels in the middle\n", name, ink);
  CHECK(ink >= mid_ink);
  sn_plot_series_color(ramp, k, ns, c);
  int n = count_color(&im, c, 0, 0, im.w, im.h, NULL);
  if (keep) *keep = im;
  else cairo_surface_destroy(im.sf);
  return n;
}

static int check_png(const char *name, int w, int h, int ramp, int k, int ns, image *keep)
{
  return check_png_ink(name, w, h, ramp, k, ns, keep, 50);
}

static void check_svg(const char *name)
{
  char path[512];
  size_t len;
  path_of(path, sizeof path, name);
  char *b = slurp(path, &len);
  CHECK(b != NULL);
  if (!b) return;
  while (len > 0 && (b[len - 1] == '\n' || b[len - 1] == ' ' || b[len - 1] == '\r')) b[--len] = '\0';
  int ok = strncmp(b, "<?xml", 5) == 0 && strstr(b, "<svg") != NULL && len > 6 &&
           strcmp(b + len - 6, "</svg>") == 0;
  if (!ok) fprintf(stderr, "%s: not a whole SVG document (%zu bytes)\n", name, len);
  CHECK(ok);
  free(b);
}

static void check_pdf(const char *name)
{
  char path[512];
  size_t len;
  path_of(path, sizeof path, name);
  char *b = slurp(path, &len);
  CHECK(b != NULL);
  if (!b) return;
  CHECK(len > 100 && strncmp(b, "%PDF-", 5) == 0 && strstr(b + len - 40, "%%EOF") != NULL);
  free(b);
}

/* the chart written as name.png, name.svg and name.pdf */
static void write3(const char *name, const sn_plot_opts *o, const sn_series *s, int ns)
{
  static const char *EXT[3] = {"png", "svg", "pdf"};
  char path[512], file[128], msg[256];
  for (int e = 0; e < 3; e++) {
    snprintf(file, sizeof file, "%s.%s", name, EXT[e]);
    path_of(path, sizeof path, file);
    strcpy(msg, "junk");
    int rc = sn_plot_lines(path, o, s, ns, msg, sizeof msg);
    if (rc) fprintf(stderr, "%s: %s (%d)\n", path, msg, rc);
    CHECK_INT(rc, SN_OK);
    CHECK(msg[0] == '\0');
    if (e == 1) check_svg(file);
    if (e == 2) check_pdf(file);
  }
}

/* no temporary file anywhere in the folder */
static void check_no_temp(void)
{
  DIR *d = opendir(dir);
  CHECK(d != NULL);
  if (!d) return;
  for (struct dirent *e; (e = readdir(d));) {
    if (strstr(e->d_name, ".tmp")) fprintf(stderr, "left behind: %s\n", e->d_name);
    CHECK(strstr(e->d_name, ".tmp") == NULL);
  }
  closedir(d);
}

#define N 101

int main(void)
{
  strcpy(dir, "/tmp/sn_test_plot_XXXXXX");
  if (!mkdtemp(dir)) {
    perror("mkdtemp");
    return 1;
  }
  sn_plot_opts o;
  double x[N], y1[N], y2[N], y3[N];
  for (int i = 0; i < N; i++) {
    x[i] = 0.1 * i;
    y1[i] = sin(x[i]);
    y2[i] = 0.5 * cos(x[i]) - 0.2;
    y3[i] = 0.05 * x[i] - 1;
  }

  /* ---- lines: three styles, distinct colours, a legend ---- */
  sn_series s3[3] = {{"sin x", N, x, y1, SN_PLOT_LINE},
                     {"cos x / 2 - 0.2", N, x, y2, SN_PLOT_LINE_MARKERS},
                     {"markers", N, x, y3, SN_PLOT_MARKERS}};

  /* ---- sn_plot_prepare: the same chart, byte for byte, drawn as the process' first chart
   * (the module, fonts and fontconfig loaded by it) and after a preparation; a size outside
   * 64 ... 16384 refused ---- */
  {
    char p1[512], p2[512], pmsg[256];
    size_t n1 = 0, n2 = 0;
    sn_plot_opts_default(&o);
    o.title = "prepared";
    o.xlabel = "x [mm]";
    o.ylabel = "p [MPa]";
    path_of(p1, sizeof p1, "cold.png");
    path_of(p2, sizeof p2, "prepared.png");
    CHECK_INT(sn_plot_lines(p1, &o, s3, 3, pmsg, sizeof pmsg), SN_OK);
    CHECK_INT(sn_plot_prepare(NULL, pmsg, sizeof pmsg), SN_OK);
    CHECK_INT(sn_plot_prepare(&o, pmsg, sizeof pmsg), SN_OK);
    CHECK_INT(sn_plot_lines(p2, &o, s3, 3, pmsg, sizeof pmsg), SN_OK);
    char *b1 = slurp(p1, &n1), *b2 = slurp(p2, &n2);
    CHECK(b1 && b2 && n1 > 1000 && n1 == n2 && !memcmp(b1, b2, n1));
    free(b1);
    free(b2);
    o.width = 10;
    pmsg[0] = '\0';
    CHECK_INT(sn_plot_prepare(&o, pmsg, sizeof pmsg), SN_ERR_ARG);
    CHECK(strstr(pmsg, "image size") != NULL);
  }
  sn_plot_opts_default(&o);
  o.title = "three series";
  o.xlabel = "x [mm]";
  o.ylabel = "p [MPa]";
  o.width = 640;
  o.height = 400;
  write3("lines", &o, s3, 3);
  for (int k = 0; k < 3; k++) {
    int n = check_png("lines.png", 640, 400, 0, k, 3, NULL);
    if (n < 20) fprintf(stderr, "lines.png: series %d: %d pixels of its colour\n", k, n);
    CHECK(n >= 20);
  }

  /* ---- ramp: 20 increments, a colour bar labelled by their times ---- */
  enum { NR = 20 };
  static double yr[NR][N];
  sn_series sr[NR];
  for (int k = 0; k < NR; k++) {
    for (int i = 0; i < N; i++) yr[k][i] = (k + 1) * 0.05 * exp(-(x[i] - 5) * (x[i] - 5) / 4);
    sr[k] = (sn_series){NULL, N, x, yr[k], SN_PLOT_LINE};
  }
  sn_plot_opts_default(&o);
  o.title = "contact pressure";
  o.xlabel = "x";
  o.ylabel = "pressure";
  o.ramp = 1;
  o.ramp_label = "time";
  o.ramp_first = 0.05;
  o.ramp_last = 1.0;
  write3("ramp", &o, sr, NR);
  {
    image im;
    int n0 = check_png("ramp.png", 800, 500, 1, 0, NR, &im);
    int n19 = check_png("ramp.png", 800, 500, 1, NR - 1, NR, NULL);
    if (n0 < 20 || n19 < 20) fprintf(stderr, "ramp.png: first %d, last %d pixels\n", n0, n19);
    CHECK(n0 >= 20);
    CHECK(n19 >= 20);
    /* the colour bar: the middle colour of the ramp in the right eighth of the image */
    double mid[3];
    sn_plot_series_color(1, 1, 3, mid);
    int nb = 0;
    for (int y = 0; y < im.h; y++)
      for (int xx = 7 * im.w / 8; xx < im.w; xx++) {
        int p[3];
        px(&im, xx, y, p);
        int d = abs(p[0] - (int)(mid[0] * 255)) + abs(p[1] - (int)(mid[1] * 255)) + abs(p[2] - (int)(mid[2] * 255));
        nb += d < 20;
      }
    CHECK(nb >= 10);
    cairo_surface_destroy(im.sf);
  }
  /* the default bar (1 ... ns), a single increment, a zero-initialised options struct */
  o.ramp_first = o.ramp_last = 0;
  o.ramp_label = NULL;
  write3("ramp_counted", &o, sr, NR);
  write3("ramp_one", &o, sr, 1);
  sn_plot_opts zero = {0};
  zero.ramp = 1;
  write3("ramp_zero_opts", &zero, sr, 3);
  CHECK(check_png("ramp_zero_opts.png", 800, 500, 1, 2, 3, NULL) >= 20);

  /* ---- log y: a convergence history (x NULL: 1, 2, ...), zeros and negatives skipped ---- */
  double h[60], h2[60];
  for (int i = 0; i < 60; i++) {
    h[i] = pow(10, -0.2 * i) * (1 + 0.3 * sin(i));
    h2[i] = i % 7 == 3 ? 0 : i % 11 == 5 ? -1 : pow(10, -0.1 * i);
  }
  sn_series sh[2] = {{"NSGS", 60, NULL, h, SN_PLOT_LINE}, {"NSN", 60, NULL, h2, SN_PLOT_LINE_MARKERS}};
  sn_plot_opts_default(&o);
  o.title = "convergence";
  o.xlabel = "iteration";
  o.ylabel = "error";
  o.logy = 1;
  write3("logy", &o, sh, 2);
  CHECK(check_png("logy.png", 800, 500, 0, 0, 2, NULL) >= 20);
  CHECK(check_png("logy.png", 800, 500, 0, 1, 2, NULL) >= 20);
  /* many decades (labels every few decades), less than a decade, fixed log limits */
  double wide[3] = {1e-250, 1e-3, 1e200}, narrow[3] = {2, 3, 5};
  sn_series sw = {"wide", 3, NULL, wide, SN_PLOT_LINE_MARKERS};
  write3("logy_wide", &o, &sw, 1);
  sn_series sn1 = {"narrow", 3, NULL, narrow, SN_PLOT_LINE};
  write3("logy_narrow", &o, &sn1, 1);
  o.ymin = 1.5;
  o.ymax = 8;
  write3("logy_fixed", &o, &sn1, 1);
  CHECK(check_png("logy_fixed.png", 800, 500, 0, 0, 1, NULL) >= 20);
  /* nothing positive: an empty chart */
  double neg[3] = {-1, 0, -2};
  sn_series sneg = {"negative", 3, NULL, neg, SN_PLOT_LINE};
  sn_plot_opts_default(&o);
  o.logy = 1;
  write3("logy_none", &o, &sneg, 1);
  {
    image im;
    double c[3];
    check_png_ink("logy_none.png", 800, 500, 0, 0, 1, &im, 20);   /* "no data" */
    sn_plot_series_color(0, 0, 1, c);
    CHECK_INT(count_color(&im, c, im.w / 8, im.h / 8, 3 * im.w / 4, 7 * im.h / 8, NULL), 0);
    cairo_surface_destroy(im.sf);
  }

  /* ---- NaN and Inf: gaps in the line ---- */
  double yg[N];
  for (int i = 0; i < N; i++) {
    yg[i] = y1[i];
    if (i >= 40 && i <= 60) yg[i] = i % 2 ? NAN : INFINITY;
  }
  yg[20] = -INFINITY;   /* a one-point gap */
  yg[80] = 1e301;       /* too large: a gap too */
  sn_series sg = {"with gaps", N, x, yg, SN_PLOT_LINE};
  sn_plot_opts_default(&o);
  o.title = "gaps";
  write3("nan", &o, &sg, 1);
  {
    image im;
    int n = check_png("nan.png", 800, 500, 0, 0, 1, &im);
    CHECK(n >= 20);
    if (n > 0) {
      double c[3];
      char *cols = calloc((size_t)im.w, 1);
      sn_plot_series_color(0, 0, 1, c);
      count_color(&im, c, 0, 0, im.w, im.h, cols);
      int first = -1, last = -1, longest = 0, run = 0;
      for (int xx = 0; xx < im.w; xx++) {
        if (cols[xx]) {
          if (first < 0) first = xx;
          last = xx;
          if (run > longest) longest = run;
          run = 0;
        } else if (first >= 0) {
          run++;
        }
      }
      /* x from 0 to 10 over about 650 pixels: the gap of x in [3.9, 6.1] about 140 pixels */
      if (longest < 80) fprintf(stderr, "nan.png: curve columns %d ... %d, longest gap %d\n", first, last, longest);
      CHECK(longest >= 80);
      CHECK(last - first > 400);
      free(cols);
    }
    cairo_surface_destroy(im.sf);
  }

  /* ---- empty: no series, an empty series ---- */
  sn_plot_opts_default(&o);
  o.title = "empty";
  write3("empty_none", &o, NULL, 0);
  sn_series se[2] = {{"empty", 0, NULL, NULL, SN_PLOT_LINE}, {"", 0, x, y1, SN_PLOT_MARKERS}};
  write3("empty_series", &o, se, 2);
  {
    char path[512];
    image im;
    path_of(path, sizeof path, "empty_series.png");
    if (png_open(path, &im)) {
      CHECK_INT(im.w, 800);
      CHECK(count_ink(&im, 0, 0, im.w, im.h) > 200);   /* axes and labels */
      cairo_surface_destroy(im.sf);
    }
  }

  /* ---- one point: drawn as a dot (line) or a marker ---- */
  double x1 = 2.5, v1 = -7;
  sn_series s1[2] = {{"one", 1, &x1, &v1, SN_PLOT_LINE}, {"one marker", 1, &x1, &v1, SN_PLOT_MARKERS}};
  write3("one_point", &o, s1, 1);
  CHECK(check_png_ink("one_point.png", 800, 500, 0, 0, 1, NULL, 10) >= 5);
  write3("one_marker", &o, s1 + 1, 1);
  CHECK(check_png_ink("one_marker.png", 800, 500, 0, 0, 1, NULL, 10) >= 5);

  /* ---- constant data, in x and in y ---- */
  double cst[N], zeros[N], same_x[N];
  for (int i = 0; i < N; i++) {
    cst[i] = 3.0;
    zeros[i] = 0;
    same_x[i] = 1.0;
  }
  sn_series sc = {"constant", N, x, cst, SN_PLOT_LINE};
  write3("constant", &o, &sc, 1);
  CHECK(check_png("constant.png", 800, 500, 0, 0, 1, NULL) >= 20);
  sn_series sz = {"zeros", N, x, zeros, SN_PLOT_LINE};
  write3("constant_zero", &o, &sz, 1);
  CHECK(check_png("constant_zero.png", 800, 500, 0, 0, 1, NULL) >= 20);
  sn_series sv = {"vertical", N, same_x, y1, SN_PLOT_LINE};
  write3("constant_x", &o, &sv, 1);
  CHECK(check_png("constant_x.png", 800, 500, 0, 0, 1, NULL) >= 20);
  o.logy = 1;
  write3("constant_log", &o, &sc, 1);
  CHECK(check_png("constant_log.png", 800, 500, 0, 0, 1, NULL) >= 20);

  /* ---- fixed limits with points far outside: clipped, nothing overflows ---- */
  double xf[5] = {-1e300, 0, 1, 2, 1e300}, yf[5] = {1e300, 0.2, 0.8, 0.2, -1e300};
  sn_series sf = {"clipped", 5, xf, yf, SN_PLOT_LINE_MARKERS};
  sn_plot_opts_default(&o);
  o.xmin = 0;
  o.xmax = 2;
  o.ymin = 0;
  o.ymax = 1;
  write3("clipped", &o, &sf, 1);
  {
    image im;
    double c[3];
    CHECK(check_png("clipped.png", 800, 500, 0, 0, 1, &im) >= 20);
    /* the rising and falling lines leave through the top of the plot area (about 15 pixels
     * below the image's top without a title): none of the curve's colour above it */
    sn_plot_series_color(0, 0, 1, c);
    CHECK_INT(count_color(&im, c, 0, 0, im.w, 10, NULL), 0);
    CHECK(count_color(&im, c, 0, 10, im.w, 40, NULL) > 0);
    cairo_surface_destroy(im.sf);
  }

  /* ---- many named series (legend cut at 12), odd labels, small and large sizes ---- */
  enum { NM = 30 };
  static double ym[NM][N];
  sn_series sm[NM];
  char names[NM][32];
  for (int k = 0; k < NM; k++) {
    for (int i = 0; i < N; i++) ym[k][i] = k + sin(x[i] + k);
    snprintf(names[k], sizeof names[k], "series %d", k);
    sm[k] = (sn_series){names[k], N, x, ym[k], k % 3};
  }
  sn_plot_opts_default(&o);
  o.title = "bad UTF-8 \xff\xfe\xc3 and a control \x01 character, a very long title that goes on";
  o.xlabel = "\xe2\x82\xac \xce\xbc m";   /* valid UTF-8: euro sign, mu */
  o.ylabel = "\xed\xa0\x80 surrogate";
  write3("many", &o, sm, NM);
  CHECK(check_png("many.png", 800, 500, 0, 25, NM, NULL) >= 10);   /* dash-dotted, still drawn */
  o.width = 64;
  o.height = 64;
  write3("tiny", &o, sm, NM);
  check_png_ink("tiny.png", 64, 64, 0, 0, NM, NULL, 10);
  o.width = 2000;
  o.height = 1200;
  o.line_width = 4;
  write3("large", &o, sm, 3);
  CHECK(check_png("large.png", 2000, 1200, 0, 1, 3, NULL) >= 100);
  /* o == NULL: the defaults */
  char path[512], msg[256];
  path_of(path, sizeof path, "defaults.PNG");
  CHECK_INT(sn_plot_lines(path, NULL, s3, 3, msg, sizeof msg), SN_OK);
  CHECK(check_png("defaults.PNG", 800, 500, 0, 0, 3, NULL) >= 20);

  /* ---- an existing file is replaced ---- */
  path_of(path, sizeof path, "lines.png");
  sn_plot_opts_default(&o);
  o.width = 300;
  o.height = 200;
  CHECK_INT(sn_plot_lines(path, &o, s3, 3, msg, sizeof msg), SN_OK);
  check_png("lines.png", 300, 200, 0, 0, 3, NULL);

  /* ---- failures: a missing folder leaves nothing; argument checks write nothing ---- */
  char missing[512];
  snprintf(missing, sizeof missing, "%s/missing/chart.png", dir);
  msg[0] = '\0';
  CHECK_INT(sn_plot_lines(missing, &o, s3, 3, msg, sizeof msg), SN_ERR_IO);
  CHECK(strstr(msg, "chart.png") != NULL);
  snprintf(path, sizeof path, "%s/missing", dir);
  CHECK(!exists(path));
  snprintf(missing, sizeof missing, "%s/missing/chart.svg", dir);
  CHECK_INT(sn_plot_lines(missing, &o, s3, 3, msg, sizeof msg), SN_ERR_IO);
  CHECK_INT(sn_plot_lines(missing, &o, s3, 3, NULL, 0), SN_ERR_IO);

  path_of(path, sizeof path, "bad.png");
  sn_series bad = {"bad", 3, x, NULL, SN_PLOT_LINE};
  CHECK_INT(sn_plot_lines(path, &o, &bad, 1, msg, sizeof msg), SN_ERR_ARG);
  CHECK(msg[0] != '\0');
  bad = (sn_series){"bad", -1, x, y1, SN_PLOT_LINE};
  CHECK_INT(sn_plot_lines(path, &o, &bad, 1, msg, sizeof msg), SN_ERR_ARG);
  bad = (sn_series){"bad", 3, x, y1, 7};
  CHECK_INT(sn_plot_lines(path, &o, &bad, 1, msg, sizeof msg), SN_ERR_ARG);
  CHECK_INT(sn_plot_lines(path, &o, NULL, 2, msg, sizeof msg), SN_ERR_ARG);
  CHECK_INT(sn_plot_lines(path, &o, s3, -1, msg, sizeof msg), SN_ERR_ARG);
  CHECK_INT(sn_plot_lines(NULL, &o, s3, 3, msg, sizeof msg), SN_ERR_ARG);
  CHECK_INT(sn_plot_lines("", &o, s3, 3, msg, sizeof msg), SN_ERR_ARG);
  o.width = 10;
  CHECK_INT(sn_plot_lines(path, &o, s3, 3, msg, sizeof msg), SN_ERR_ARG);
  o.width = 1e9;
  CHECK_INT(sn_plot_lines(path, &o, s3, 3, msg, sizeof msg), SN_ERR_ARG);
  o.width = NAN;   /* NaN is not > 0: the default width */
  CHECK_INT(sn_plot_lines(path, &o, s3, 3, msg, sizeof msg), SN_OK);
  CHECK(exists(path));
  remove(path);
  o.width = 300;
  path_of(path, sizeof path, "chart.gif");
  CHECK_INT(sn_plot_lines(path, &o, s3, 3, msg, sizeof msg), SN_ERR_ARG);
  CHECK(strstr(msg, "format") != NULL);
  CHECK(!exists(path));
  path_of(path, sizeof path, "noext");
  CHECK_INT(sn_plot_lines(path, &o, s3, 3, msg, sizeof msg), SN_ERR_ARG);
  CHECK(!exists(path));
  check_no_temp();

  /* colours: distinct without a ramp, the ramp's ends differ, in [0, 1] */
  double a[3], b[3];
  sn_plot_series_color(0, 0, 5, a);
  sn_plot_series_color(0, 1, 5, b);
  CHECK(a[0] != b[0] || a[1] != b[1] || a[2] != b[2]);
  sn_plot_series_color(1, 0, 5, a);
  sn_plot_series_color(1, 4, 5, b);
  CHECK(fabs(a[0] - b[0]) + fabs(a[2] - b[2]) > 0.5);
  for (int k = 0; k < 40; k++) {
    sn_plot_series_color(k % 2, k, 40, a);
    for (int c = 0; c < 3; c++) CHECK(a[c] >= 0 && a[c] <= 1);
  }

  /* ---- bars: two series side by side at x = 1, 2, 3 (per-increment totals); filled bars
   * give hundreds of pixels each, series 0 left of series 1 in every slot, heights in
   * proportion; one increment alone still gives a chart ---- */
  {
    double bn[3] = {4, 4, 4}, bt[3] = {1, 2, 3};
    sn_series sb[2] = {{"normal", 3, NULL, bn, SN_PLOT_BARS}, {"tangential", 3, NULL, bt, SN_PLOT_BARS}};
    sn_plot_opts_default(&o);
    o.title = "total contact force per increment";
    o.xlabel = "increment";
    o.ylabel = "force (N)";
    o.width = 640;
    o.height = 400;
    write3("bars", &o, sb, 2);
    image im;
    int n0 = check_png("bars.png", 640, 400, 0, 0, 2, NULL), n1 = check_png("bars.png", 640, 400, 0, 1, 2, &im);
    if (n0 < 2000 || n1 < 1000) fprintf(stderr, "bars.png: %d and %d pixels of the two colours\n", n0, n1);
    CHECK(n0 >= 2000 && n1 >= 1000);
    /* series 0 is 4/3, 4/2, 4/1 times as tall as series 1: about 2 x (4/3 + 2 + 4) / 6 of
     * series 1's pixels in all */
    CHECK(n0 > 1.6 * n1 && n0 < 3.2 * n1);
    double c0[3], c1[3];
    sn_plot_series_color(0, 0, 2, c0);
    sn_plot_series_color(0, 1, 2, c1);
    int last0 = -1, first1 = -1;   /* the first slot: series 0's columns end before series 1's */
    for (int x = 0; x < im.w / 3; x++) {
      if (count_color(&im, c0, x, 0, x + 1, im.h, NULL) > 20) last0 = x;
      if (first1 < 0 && count_color(&im, c1, x, 0, x + 1, im.h, NULL) > 20) first1 = x;
    }
    CHECK(last0 > 0 && first1 > last0);
    cairo_surface_destroy(im.sf);
    sn_series one = {"normal", 1, NULL, bn, SN_PLOT_BARS};
    write3("bar1", &o, &one, 1);
    CHECK(check_png("bar1.png", 640, 400, 0, 0, 1, NULL) >= 2000);
  }

  if (getenv("SN_PLOT_KEEP")) {
    printf("charts kept in %s\n", dir);
  } else {
    DIR *d = opendir(dir);
    for (struct dirent *e; d && (e = readdir(d));) {
      if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
      path_of(path, sizeof path, e->d_name);
      remove(path);
    }
    if (d) closedir(d);
    rmdir(dir);
  }
  /* cairo's font caches, then fontconfig's own (FcFini, from the libfontconfig that cairo
   * loaded), so that LeakSanitizer reports only this program's memory */
  cairo_debug_reset_static_data();
  void (*fc_fini)(void);
  *(void **)&fc_fini = dlsym(RTLD_DEFAULT, "FcFini");
  if (fc_fini) fc_fini();
  return sn_check_report();
}
