/* x-y line charts with cairo (include/signorini/plot.h), the plot module libsignorini_plot.so
 * that sn_plot_lines (src/io/plot_entry.c) loads on first use: PNG through an image surface
 * encoded by io/png_encode.c (zlib level 1 on rows with the Up filter, in two bands compressed at
 * once: a chart is mostly flat colour, which this encodes in about a quarter of the CPU time of
 * cairo's own PNG writer with libpng's defaults (adaptive filters, level 6)), SVG and
 * PDF through cairo's stream surfaces, all written
 * into the temporary file of io/out_file.h and renamed over the target when complete.
 *
 * Layout: title on top, y tick labels and the y label (turned a quarter) on the left, x tick
 * labels and the x label below, the legend (or with a ramp the colour bar) on the right of the
 * plot area. Every size follows the font size, itself a fraction of the image's smaller side.
 *
 * Coordinates: a point is first normalised to the plot area, (u, v) in [0, 1]^2 inside it
 * (v = 0 at the bottom; log10 y on a logarithmic axis), clamped to +-1e12 so that no pixel
 * coordinate overflows; segments are clipped to a box slightly larger than the plot area
 * (Liang-Barsky) before cairo sees them, and the drawing is clipped to the plot area. */
#define _POSIX_C_SOURCE 200809L

#include "signorini/plot.h"

#include <cairo.h>
#if CAIRO_HAS_SVG_SURFACE
#include <cairo-svg.h>
#endif
#if CAIRO_HAS_PDF_SURFACE
#include <cairo-pdf.h>
#endif
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/backend_modules.h"
#include "io/out_file.h"
#include "io/png_encode.h"
#include "signorini/common.h"

#define BIG 1e300          /* larger coordinates count as missing */
#define MAX_TICKS 64
#define MAX_LEGEND 12      /* legend entries shown, the last one "+ N more" when cut */
#define LABEL_CHARS 80     /* longest label kept (bytes, cut at a character boundary) */
#define MIN_SIZE 64.0
#define MAX_SIZE 16384.0
#define PI 3.14159265358979323846

/* ==== colours ==== */

/* the colour bar's gradient: the ramp of sn_plot_series_color (src/io/plot_entry.c) at its five
 * stops 0, 1/4, 1/2, 3/4, 1, where it is exact */
static void ramp_stops(cairo_pattern_t *g)
{
  double rgb[3];
  for (int i = 0; i <= 4; i++) {
    sn_plot_series_color(1, i, 5, rgb);
    cairo_pattern_add_color_stop_rgb(g, i / 4.0, rgb[0], rgb[1], rgb[2]);
  }
}

/* dash pattern of series k without a ramp: solid for the first 10, then dashed, dotted, ... */
static void set_dash(cairo_t *cr, int ramp, int k, double lw)
{
  int d = ramp ? 0 : (k / 10) % 4;
  double a[4];
  switch (d) {
  case 1: a[0] = 4 * lw; a[1] = 2 * lw; cairo_set_dash(cr, a, 2, 0); break;
  case 2: a[0] = lw; a[1] = 1.5 * lw; cairo_set_dash(cr, a, 2, 0); break;
  case 3: a[0] = 4 * lw; a[1] = 1.5 * lw; a[2] = lw; a[3] = 1.5 * lw; cairo_set_dash(cr, a, 4, 0); break;
  default: cairo_set_dash(cr, NULL, 0, 0);
  }
}

/* ==== text ==== */

/* in copied to out (cap bytes with the NUL) as valid UTF-8 that cairo accepts: an invalid byte
 * becomes '?', a control character a space; at most LABEL_CHARS bytes, then "..." */
static void clean_text(const char *in, char *out, size_t cap)
{
  size_t o = 0, limit;
  const unsigned char *s = (const unsigned char *)(in ? in : "");
  if (cap == 0) return;
  limit = cap - 1 < LABEL_CHARS ? cap - 1 : LABEL_CHARS;
  while (*s) {
    unsigned c = s[0];
    size_t len = 1;
    int ok = 1;
    if (c >= 0x80) {
      if (c >= 0xC2 && c <= 0xDF) len = 2;
      else if (c >= 0xE0 && c <= 0xEF) len = 3;
      else if (c >= 0xF0 && c <= 0xF4) len = 4;
      else ok = 0;
      for (size_t k = 1; ok && k < len; k++)
        if ((s[k] & 0xC0) != 0x80) ok = 0;   /* stops at the NUL too */
      if (ok && len == 3 && ((c == 0xE0 && s[1] < 0xA0) || (c == 0xED && s[1] >= 0xA0))) ok = 0;
      if (ok && len == 4 && ((c == 0xF0 && s[1] < 0x90) || (c == 0xF4 && s[1] >= 0x90))) ok = 0;
      if (!ok) len = 1;
    }
    if (o + len > limit) {
      if (o + 3 <= cap - 1) {
        memcpy(out + o, "...", 3);
        o += 3;
      }
      break;
    }
    if (!ok) out[o++] = '?';
    else if (c < 0x20 || c == 0x7F) out[o++] = ' ';
    else {
      memcpy(out + o, s, len);
      o += len;
    }
    s += len;
  }
  out[o] = '\0';
}

static double text_w(cairo_t *cr, const char *s)
{
  cairo_text_extents_t e;
  if (!s || !*s) return 0;
  cairo_text_extents(cr, s, &e);
  return e.x_advance;
}

/* s drawn with its box aligned on (x, y): ha 0 left, 0.5 centre, 1 right; va 0 top,
 * 0.5 middle, 1 baseline; cap is the height of a capital */
static void text_at(cairo_t *cr, const char *s, double x, double y, double ha, double va, double cap)
{
  if (!s || !*s) return;
  cairo_move_to(cr, x - ha * text_w(cr, s), y + (1 - va) * cap);
  cairo_show_text(cr, s);
  cairo_new_path(cr);
}

/* "1.5e+06" -> "1.5e6", "2.0e-05" -> "2.0e-5" */
static void tidy_exp(char *b)
{
  char *e = strchr(b, 'e');
  if (!e) return;
  char *p = e + 1, *w = e + 1;
  if (*p == '+') p++;
  else if (*p == '-') *w++ = *p++;
  while (*p == '0' && p[1]) p++;
  memmove(w, p, strlen(p) + 1);
}

/* the label of tick v on an axis of step step whose largest magnitude is amax */
static void fmt_tick(double v, double step, double amax, char *buf, size_t n)
{
  if (v == 0 || !(step > 0)) { snprintf(buf, n, "0"); return; }
  int s = (int)floor(log10(step) + 1e-9);
  int e = amax > 0 ? (int)floor(log10(amax)) : 0;
  if (e >= 6 || e <= -4) {
    int prec = e - s;
    if (prec < 0) prec = 0;
    if (prec > 15) prec = 15;
    snprintf(buf, n, "%.*e", prec, v);
    tidy_exp(buf);
  } else {
    int dec = s < 0 ? -s : 0;
    if (dec > 15) dec = 15;
    snprintf(buf, n, "%.*f", dec, v);
  }
}

static void fmt_value(double v, char *buf, size_t n)
{
  snprintf(buf, n, "%.4g", v);
  tidy_exp(buf);
}

/* ==== axes ==== */

typedef struct {
  double lo, hi;     /* limits (log10 of them on a logarithmic axis) */
  int log;
} axis;

typedef struct {
  double v[MAX_TICKS];   /* positions, in axis units (log10 on a logarithmic axis) */
  int major[MAX_TICKS];  /* labelled */
  int n;
  double step;           /* linear: the step; log: decades between labels */
} ticks;

/* limits with a margin around [lo, hi] (have = 0: no data) */
static void lin_limits(axis *a, double lo, double hi, int have)
{
  a->log = 0;
  if (!have) { a->lo = 0; a->hi = 1; return; }
  if (hi - lo <= 1e-12 * fmax(fabs(lo), fabs(hi))) {   /* constant data */
    double c = 0.5 * (lo + hi), d = fabs(c) > 1e-200 ? 0.1 * fabs(c) : 1;
    a->lo = c - d;
    a->hi = c + d;
    return;
  }
  double m = 0.04 * (hi - lo);
  a->lo = lo - m;
  a->hi = hi + m;
}

/* lo, hi: log10 of the smallest and largest data; whole decades, a margin when the data
 * touch one */
static void log_limits(axis *a, double lo, double hi, int have)
{
  a->log = 1;
  if (!have) { a->lo = 0; a->hi = 1; return; }
  double A = floor(lo), B = ceil(hi);
  if (B <= A) { A -= 1; B += 1; }
  double span = B - A;
  if (lo - A < 0.02 * span) A -= 0.04 * span;
  if (B - hi < 0.02 * span) B += 0.04 * span;
  a->lo = A;
  a->hi = B;
}

/* at most about target ticks in 1-2-5 steps, the step at least min_step */
static void lin_ticks(const axis *a, int target, double min_step, ticks *t)
{
  if (target < 2) target = 2;
  double raw = (a->hi - a->lo) / target, p = pow(10, floor(log10(raw))), f = raw / p;
  double step = (f <= 1.001 ? 1 : f <= 2.001 ? 2 : f <= 5.001 ? 5 : 10) * p;
  if (step < min_step) step = min_step;
  double k0 = ceil(a->lo / step - 1e-9), k1 = floor(a->hi / step + 1e-9);
  t->n = 0;
  t->step = step;
  for (double k = k0; k <= k1 && t->n < MAX_TICKS; k++) {
    double v = k * step;
    if (fabs(v) < 1e-9 * step) v = 0;
    t->v[t->n] = v;
    t->major[t->n++] = 1;
  }
}

/* labelled decades (every 1, 2, 5, 10, ... decades), unlabelled 2..9 between them over at
 * most 6 decades; in less than a decade without a decade inside, every 2..9 labelled */
static void log_ticks(const axis *a, int target, ticks *t)
{
  static const double EVERY[] = {1, 2, 5, 10, 20, 50, 100, 200, 500, 1000};
  double d0 = ceil(a->lo - 1e-9), d1 = floor(a->hi + 1e-9);
  double nd = d1 - d0, every = EVERY[9];
  if (target < 2) target = 2;
  for (int k = 0; k < 10; k++)
    if (nd / EVERY[k] <= target) { every = EVERY[k]; break; }
  t->n = 0;
  t->step = every;
  int minor = a->hi - a->lo <= 6.5;
  /* fewer than two decades inside: label 2 ... 9 as well; just two: 2, 3 and 5 */
  int few = nd < 1, two = nd < 1.5;
  for (double d = floor(a->lo); d <= a->hi && t->n < MAX_TICKS; d++) {
    if (d >= a->lo - 1e-9 && fmod(d, every) == 0) {
      t->v[t->n] = d;
      t->major[t->n++] = 1;
    }
    if (!minor) continue;
    for (int m = 2; m <= 9 && t->n < MAX_TICKS; m++) {
      double v = d + log10((double)m);
      if (v < a->lo || v > a->hi) continue;
      t->v[t->n] = v;
      t->major[t->n++] = few || (two && (m == 2 || m == 3 || m == 5));
    }
  }
}

static void log_label(double v, char *buf, size_t n)
{
  double r = floor(v + 0.5);
  if (fabs(v - r) < 1e-9) {
    int k = (int)r;
    if (k >= -3 && k <= 4) fmt_value(pow(10, k), buf, n);
    else snprintf(buf, n, "1e%d", k);
  } else {
    fmt_value(pow(10, v), buf, n);
  }
}

static void tick_label(const axis *a, const ticks *t, int i, char *buf, size_t n)
{
  if (a->log) log_label(t->v[i], buf, n);
  else fmt_tick(t->v[i], t->step, fmax(fabs(a->lo), fabs(a->hi)), buf, n);
}

/* ==== the data ==== */

static double xval(const sn_series *s, int i)
{
  return s->x ? s->x[i] : (double)i + 1;
}

static int usable(double v)
{
  return isfinite(v) && fabs(v) <= BIG;
}

static int point_ok(const sn_series *s, int i, int logy)
{
  double x = xval(s, i), y = s->y[i];
  return usable(x) && usable(y) && (!logy || y > 0);
}

typedef struct {
  double L, T, W, H;   /* the plot area in pixels */
  axis ax, ay;
} frame;

static double clamp_norm(double u)
{
  if (u > 1e12) return 1e12;
  if (u < -1e12) return -1e12;
  return u;
}

/* point i normalised to the plot area */
static void norm_point(const frame *f, const sn_series *s, int i, double *u, double *v)
{
  double y = f->ay.log ? log10(s->y[i]) : s->y[i];
  *u = clamp_norm((xval(s, i) - f->ax.lo) / (f->ax.hi - f->ax.lo));
  *v = clamp_norm((y - f->ay.lo) / (f->ay.hi - f->ay.lo));
}

static double pix_x(const frame *f, double u) { return f->L + u * f->W; }
static double pix_y(const frame *f, double v) { return f->T + f->H - v * f->H; }

/* the segment clipped to [-0.02, 1.02]^2; 0 when nothing is left; an endpoint that needs no
 * clipping is kept exactly */
static int clip_segment(double *x0, double *y0, double *x1, double *y1)
{
  const double lo = -0.02, hi = 1.02;
  double t0 = 0, t1 = 1, dx = *x1 - *x0, dy = *y1 - *y0;
  double p[4] = {-dx, dx, -dy, dy}, q[4] = {*x0 - lo, hi - *x0, *y0 - lo, hi - *y0};
  for (int k = 0; k < 4; k++) {
    if (p[k] == 0) {
      if (q[k] < 0) return 0;
      continue;
    }
    double r = q[k] / p[k];
    if (p[k] < 0) {
      if (r > t1) return 0;
      if (r > t0) t0 = r;
    } else {
      if (r < t0) return 0;
      if (r < t1) t1 = r;
    }
  }
  double ax = *x0, ay = *y0;
  if (t1 < 1) { *x1 = ax + t1 * dx; *y1 = ay + t1 * dy; }
  if (t0 > 0) { *x0 = ax + t0 * dx; *y0 = ay + t0 * dy; }
  return 1;
}

static int inside(double u, double v)
{
  return u >= -0.01 && u <= 1.01 && v >= -0.01 && v <= 1.01;
}

static void dot(cairo_t *cr, double x, double y, double r)
{
  cairo_new_sub_path(cr);
  cairo_arc(cr, x, y, r, 0, 2 * PI);
}

/* bars of a SN_PLOT_BARS series: x + off - w/2 ... x + off + w/2 (x units), from 0 (the bottom
 * of a logarithmic axis) to y */
static void draw_bars(cairo_t *cr, const frame *f, const sn_series *s, double off, double w)
{
  double v0 = f->ay.log ? -0.02 : clamp_norm((0 - f->ay.lo) / (f->ay.hi - f->ay.lo));
  for (int i = 0; i < s->n; i++) {
    double u, v;
    if (!point_ok(s, i, f->ay.log)) continue;
    norm_point(f, s, i, &u, &v);
    double du = off / (f->ax.hi - f->ax.lo), hw = 0.5 * w / (f->ax.hi - f->ax.lo);
    double xa = pix_x(f, u + du - hw), xb = pix_x(f, u + du + hw);
    double ya = pix_y(f, fmax(-0.02, fmin(1.02, v0))), yb = pix_y(f, fmax(-0.02, fmin(1.02, v)));
    cairo_rectangle(cr, xa, fmin(ya, yb), xb - xa, fabs(yb - ya));
  }
  cairo_fill(cr);
}

static void draw_series(cairo_t *cr, const frame *f, const sn_series *s, int k, int ns, int ramp,
                        double lw, double boff, double bw)
{
  double rgb[3];
  int logy = f->ay.log, n = s->n;
  if (s->style == SN_PLOT_BARS) {
    sn_plot_series_color(ramp, k, ns, rgb);
    cairo_set_source_rgb(cr, rgb[0], rgb[1], rgb[2]);
    draw_bars(cr, f, s, boff, bw);
    return;
  }
  int line = s->style != SN_PLOT_MARKERS, marks = s->style == SN_PLOT_MARKERS ||
                                                  s->style == SN_PLOT_LINE_MARKERS;
  sn_plot_series_color(ramp, k, ns, rgb);
  cairo_set_source_rgb(cr, rgb[0], rgb[1], rgb[2]);
  cairo_set_line_width(cr, lw);
  cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
  if (line) {
    set_dash(cr, ramp, k, lw);
    int pen = 0, prev = 0;
    double pu = 0, pv = 0;
    for (int i = 0; i < n; i++) {
      double u, v;
      if (!point_ok(s, i, logy)) { prev = pen = 0; continue; }
      norm_point(f, s, i, &u, &v);
      if (prev) {
        double a0 = pu, b0 = pv, a1 = u, b1 = v;
        if (clip_segment(&a0, &b0, &a1, &b1)) {
          if (!pen || a0 != pu || b0 != pv) cairo_move_to(cr, pix_x(f, a0), pix_y(f, b0));
          cairo_line_to(cr, pix_x(f, a1), pix_y(f, b1));
          pen = a1 == u && b1 == v;
        } else {
          pen = 0;
        }
      }
      pu = u;
      pv = v;
      prev = 1;
    }
    cairo_stroke(cr);
    /* a point without a usable neighbour: a dot, so that it shows */
    cairo_set_dash(cr, NULL, 0, 0);
    int any = 0;
    for (int i = 0; i < n; i++) {
      if (!point_ok(s, i, logy)) continue;
      if ((i > 0 && point_ok(s, i - 1, logy)) || (i + 1 < n && point_ok(s, i + 1, logy))) continue;
      double u, v;
      norm_point(f, s, i, &u, &v);
      if (!inside(u, v)) continue;
      dot(cr, pix_x(f, u), pix_y(f, v), 1.2 * lw);
      any = 1;
    }
    if (any) cairo_fill(cr);
  }
  if (marks) {
    double r = fmax(2.5, 1.6 * lw);
    cairo_set_dash(cr, NULL, 0, 0);
    for (int i = 0; i < n; i++) {
      double u, v;
      if (!point_ok(s, i, logy)) continue;
      norm_point(f, s, i, &u, &v);
      if (inside(u, v)) dot(cr, pix_x(f, u), pix_y(f, v), r);
    }
    cairo_fill(cr);
  }
}

/* ==== the chart ==== */

typedef struct {
  const sn_plot_opts *o;
  const sn_series *s;
  int ns;
  double width, height, lw;
} chart;

/* the slot of the bars at an x: 0.8 of the smallest spacing of the bar series' x values (1
 * with fewer than two distinct x); *nb: the number of bar series */
static double bar_slot(const chart *c, int *nb)
{
  double d = INFINITY;
  *nb = 0;
  for (int k = 0; k < c->ns; k++) {
    const sn_series *s = &c->s[k];
    if (s->style != SN_PLOT_BARS) continue;
    (*nb)++;
    for (int i = 0; i < s->n; i++)
      for (int j = 0; j < i; j++) {
        double dx = fabs(xval(s, i) - xval(s, j));
        if (point_ok(s, i, 0) && point_ok(s, j, 0) && dx > 0 && dx < d) d = dx;
      }
  }
  return 0.8 * (isfinite(d) ? d : 1.0);
}

/* the data's extent: x over every usable point (inside the fixed x limits if any); bars add
 * their width and, on a linear axis, y = 0 */
static void data_extent(const chart *c, int fixx, double *x0, double *x1, double *y0, double *y1,
                        int *have)
{
  int nb;
  double slot = bar_slot(c, &nb);
  int logy = c->o->logy != 0;
  *have = 0;
  *x0 = *y0 = INFINITY;
  *x1 = *y1 = -INFINITY;
  for (int k = 0; k < c->ns; k++) {
    const sn_series *s = &c->s[k];
    for (int i = 0; i < s->n; i++) {
      if (!point_ok(s, i, logy)) continue;
      double x = xval(s, i), y = logy ? log10(s->y[i]) : s->y[i];
      if (fixx && (x < c->o->xmin || x > c->o->xmax)) continue;
      *have = 1;
      double h = s->style == SN_PLOT_BARS ? 0.5 * slot / 0.8 : 0.0;
      if (x - h < *x0) *x0 = x - h;
      if (x + h > *x1) *x1 = x + h;
      if (y < *y0) *y0 = y;
      if (y > *y1) *y1 = y;
      if (s->style == SN_PLOT_BARS && !logy) { *y0 = fmin(*y0, 0); *y1 = fmax(*y1, 0); }
    }
  }
}

static int named(const sn_series *s)
{
  return s->name && s->name[0];
}

/* where everything goes, in pixels: every size follows the font size fs */
typedef struct {
  double fs, cap, pad, tick;   /* font size, height of a capital, margin, tick length */
  double row, sample;          /* the legend's row height and line sample length */
  char title[LABEL_CHARS + 8], xl[LABEL_CHARS + 8], yl[LABEL_CHARS + 8];
  frame f;                     /* the plot area and its axes */
  int have;                    /* some point to draw (otherwise "no data") */
  ticks tx, ty;
  /* right of the plot area, legw wide: the legend (nleg entries of the nnamed named series)
   * or, with bar, the colour bar titled rlabel from ra (the first series) to rb (the last),
   * its round values tr */
  double legw;
  int nleg, nnamed, bar;
  char rlabel[LABEL_CHARS + 8];
  double ra, rb;
  ticks tr;
} layout;

/* the limits of both axes: the fixed ones where usable, otherwise around the data; *have: some
 * point to draw */
static void chart_limits(const chart *c, frame *f, int *have)
{
  const sn_plot_opts *o = c->o;
  int fixx = usable(o->xmin) && usable(o->xmax) && o->xmin < o->xmax;
  int fixy = usable(o->ymin) && usable(o->ymax) && o->ymin < o->ymax && (!o->logy || o->ymin > 0);
  double x0, x1, y0, y1;
  data_extent(c, fixx, &x0, &x1, &y0, &y1, have);
  if (fixx) { f->ax.lo = o->xmin; f->ax.hi = o->xmax; f->ax.log = 0; }
  else lin_limits(&f->ax, x0, x1, *have);
  if (fixy && o->logy) { f->ay.lo = log10(o->ymin); f->ay.hi = log10(o->ymax); f->ay.log = 1; }
  else if (fixy) { f->ay.lo = o->ymin; f->ay.hi = o->ymax; f->ay.log = 0; }
  else if (o->logy) log_limits(&f->ay, y0, y1, *have);
  else lin_limits(&f->ay, y0, y1, *have);
  if (!(f->ax.hi > f->ax.lo)) { f->ax.lo = 0; f->ax.hi = 1; }     /* tiny fixed ranges */
  if (!(f->ay.hi > f->ay.lo)) { f->ay.lo = 0; f->ay.hi = 1; }
}

/* right: the colour bar, its width from its title and its labels (the ends and the round
 * values between them) on a plot area ph high */
static void bar_width(cairo_t *cr, const chart *c, layout *l, double ph)
{
  const sn_plot_opts *o = c->o;
  const double fs = l->fs, tick = l->tick;
  char buf[128];
  int counted = 1;   /* the bar labelled 1 ... ns: whole numbers only */
  clean_text(o->ramp_label ? o->ramp_label : "increment", l->rlabel, sizeof l->rlabel);
  if (o->ramp_first != 0 || o->ramp_last != 0) {
    if (usable(o->ramp_first) && usable(o->ramp_last)) {
      l->ra = o->ramp_first;
      l->rb = o->ramp_last;
      counted = 0;
    }
  }
  double ra = l->ra, rb = l->rb, rw = 0;
  fmt_value(ra, buf, sizeof buf);
  rw = text_w(cr, buf);
  fmt_value(rb, buf, sizeof buf);
  rw = fmax(rw, text_w(cr, buf));
  if (ra != rb) {
    axis ar = {fmin(ra, rb), fmax(ra, rb), 0};
    lin_ticks(&ar, (int)(ph / (4 * fs)), counted ? 1 : 0, &l->tr);
    for (int i = 0; i < l->tr.n; i++) {
      tick_label(&ar, &l->tr, i, buf, sizeof buf);
      rw = fmax(rw, text_w(cr, buf));
    }
  }
  l->legw = fmax(fs + tick + 0.3 * fs + rw, text_w(cr, l->rlabel));
}

/* right: the legend, its width from the named series' names; as many rows as fit below T
 * (the top of the plot area), MAX_LEGEND at most, the last one "+ N more" when cut */
static void legend_width(cairo_t *cr, const chart *c, layout *l, double T)
{
  const double fs = l->fs, pad = l->pad, row = l->row, sample = l->sample, Hi = c->height;
  char buf[128];
  int nleg, nnamed = 0;
  for (int k = 0; k < c->ns; k++) nnamed += named(&c->s[k]);
  int fit = (int)((Hi - T - pad) / row) - 1;
  nleg = nnamed < MAX_LEGEND ? nnamed : MAX_LEGEND;
  if (nleg > fit) nleg = fit > 0 ? fit : 0;
  double tw = 0;
  for (int k = 0, shown = 0; k < c->ns && shown < nleg; k++) {
    if (!named(&c->s[k])) continue;
    shown++;
    clean_text(c->s[k].name, buf, sizeof buf);
    if (shown == nleg && nleg < nnamed) snprintf(buf, sizeof buf, "+ %d more", nnamed - nleg + 1);
    tw = fmax(tw, text_w(cr, buf));
  }
  if (nleg > 0) l->legw = 0.6 * fs + sample + 0.5 * fs + tw + 0.6 * fs;
  l->nleg = nleg;
  l->nnamed = nnamed;
}

/* x ticks: fewer when their labels would touch; whole numbers for iteration numbers */
static void x_ticks(cairo_t *cr, const chart *c, layout *l)
{
  const frame *f = &l->f;
  const double fs = l->fs;
  ticks *tx = &l->tx;
  char buf[128];
  int intx = 1;
  for (int k = 0; k < c->ns; k++)
    if (c->s[k].n > 0 && c->s[k].x) intx = 0;
  int xtarget = (int)(f->W / (7 * fs));
  if (xtarget > 10) xtarget = 10;
  for (int tries = 0; tries < 6; tries++) {
    lin_ticks(&f->ax, xtarget, intx ? 1 : 0, tx);
    double wmax = 0;
    for (int i = 0; i < tx->n; i++) {
      tick_label(&f->ax, tx, i, buf, sizeof buf);
      wmax = fmax(wmax, text_w(cr, buf));
    }
    if (tx->n < 2 || (tx->v[1] - tx->v[0]) / (f->ax.hi - f->ax.lo) * f->W > wmax + fs || xtarget <= 2) break;
    xtarget = xtarget * 2 / 3;
  }
}

/* the y ticks on a plot area ph high; returns the width of their widest label */
static double y_ticks(cairo_t *cr, const chart *c, layout *l, double ph)
{
  const frame *f = &l->f;
  const double fs = l->fs;
  ticks *ty = &l->ty;
  char buf[128];
  int ytarget = (int)(ph / (4.5 * fs));
  if (ytarget > 10) ytarget = 10;
  if (c->o->logy) log_ticks(&f->ay, ytarget, ty);
  else lin_ticks(&f->ay, ytarget, 0, ty);
  double ylw = 0;
  for (int i = 0; i < ty->n; i++) {
    if (!ty->major[i]) continue;
    tick_label(&f->ay, ty, i, buf, sizeof buf);
    ylw = fmax(ylw, text_w(cr, buf));
  }
  return ylw;
}

/* the layout: the font (set on cr, which measures the labels), the axes' limits, the margins
 * (the y tick labels' width on the left, the legend's or the colour bar's on the right), the
 * plot area on whole pixels, the ticks */
static void chart_layout(cairo_t *cr, const chart *c, layout *l)
{
  const sn_plot_opts *o = c->o;
  const double Wi = c->width, Hi = c->height;
  double fs = fmin(Wi, Hi) / 42;
  if (fs < 8) fs = 8;
  if (fs > 15) fs = 15;
  const double pad = 0.8 * fs, tick = 0.4 * fs;
  l->fs = fs;
  l->cap = 0.72 * fs;
  l->pad = pad;
  l->tick = tick;
  l->row = 1.4 * fs;
  l->sample = 2.2 * fs;

  clean_text(o->title, l->title, sizeof l->title);
  clean_text(o->xlabel, l->xl, sizeof l->xl);
  clean_text(o->ylabel, l->yl, sizeof l->yl);
  cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size(cr, fs);

  frame *f = &l->f;
  chart_limits(c, f, &l->have);

  /* ---- margins ---- */
  double T = l->title[0] ? pad + 1.8 * fs : pad + 0.5 * fs;
  double B = tick + 0.4 * fs + 1.2 * fs + (l->xl[0] ? 1.6 * fs : 0) + pad;
  double ph = Hi - T - B;
  if (ph < 10) ph = 10;
  double ylw = y_ticks(cr, c, l, ph);
  double L = pad + (l->yl[0] ? 1.6 * fs : 0) + ylw + 0.4 * fs + tick;

  /* right: the legend or the colour bar */
  l->nleg = l->nnamed = 0;
  l->legw = 0;
  l->ra = 1;
  l->rb = c->ns > 0 ? c->ns : 1;
  l->tr.n = 0;
  if (o->ramp) bar_width(cr, c, l, ph);
  else legend_width(cr, c, l, T);
  if (l->legw > 0.4 * Wi) {   /* a small image: the plot before the legend or the bar */
    l->legw = 0;
    l->nleg = 0;
  }
  l->bar = o->ramp && l->legw > 0;
  double R = l->legw > 0 ? fs + l->legw + pad : pad + 1.5 * fs;
  double pw = Wi - L - R;
  if (pw < 10) pw = 10;
  f->L = floor(L) + 0.5;
  f->T = floor(T) + 0.5;
  f->W = floor(pw);
  f->H = floor(ph);

  x_ticks(cr, c, l);
}

/* the grid: a line at every x tick and at every y tick, the unlabelled ones lighter */
static void draw_grid(cairo_t *cr, const layout *l)
{
  const frame *f = &l->f;
  const ticks *tx = &l->tx, *ty = &l->ty;
  cairo_set_line_width(cr, 1);
  for (int i = 0; i < tx->n; i++) {
    double x = floor(pix_x(f, (tx->v[i] - f->ax.lo) / (f->ax.hi - f->ax.lo))) + 0.5;
    cairo_move_to(cr, x, f->T);
    cairo_line_to(cr, x, f->T + f->H);
  }
  cairo_set_source_rgb(cr, 0.88, 0.88, 0.88);
  cairo_stroke(cr);
  for (int pass = 0; pass < 2; pass++) {
    for (int i = 0; i < ty->n; i++) {
      if (ty->major[i] != (pass == 1)) continue;
      double y = floor(pix_y(f, (ty->v[i] - f->ay.lo) / (f->ay.hi - f->ay.lo))) + 0.5;
      cairo_move_to(cr, f->L, y);
      cairo_line_to(cr, f->L + f->W, y);
    }
    if (pass == 0) cairo_set_source_rgb(cr, 0.95, 0.95, 0.95);
    else cairo_set_source_rgb(cr, 0.88, 0.88, 0.88);
    cairo_stroke(cr);
  }
}

/* the series, clipped to the plot area (the bar series side by side in each x slot); "no
 * data" in the middle when no point is usable */
static void draw_data(cairo_t *cr, const chart *c, const layout *l)
{
  const frame *f = &l->f;
  cairo_save(cr);
  cairo_rectangle(cr, f->L, f->T, f->W, f->H);
  cairo_clip(cr);
  int nb, jb = 0;
  double slot = bar_slot(c, &nb);
  for (int k = 0; k < c->ns; k++) {
    double bw = nb > 0 ? slot / nb : 0, boff = -0.5 * slot + (jb + 0.5) * bw;
    if (c->s[k].style == SN_PLOT_BARS) jb++;
    draw_series(cr, f, &c->s[k], k, c->ns, c->o->ramp != 0, c->lw, boff, bw);
  }
  cairo_restore(cr);
  if (!l->have) {
    cairo_set_source_rgb(cr, 0.55, 0.55, 0.55);
    text_at(cr, "no data", f->L + 0.5 * f->W, f->T + 0.5 * f->H, 0.5, 0.5, l->cap);
  }
}

/* the frame, its ticks and their labels, the axes' labels (y turned a quarter) and the title */
static void draw_axes(cairo_t *cr, const chart *c, const layout *l)
{
  const frame *f = &l->f;
  const ticks *tx = &l->tx, *ty = &l->ty;
  const double fs = l->fs, cap = l->cap, pad = l->pad, tick = l->tick, Hi = c->height;
  char buf[128];
  cairo_set_source_rgb(cr, 0, 0, 0);
  cairo_set_line_width(cr, 1);
  cairo_set_dash(cr, NULL, 0, 0);
  cairo_rectangle(cr, f->L, f->T, f->W, f->H);
  cairo_stroke(cr);
  for (int i = 0; i < tx->n; i++) {
    double x = floor(pix_x(f, (tx->v[i] - f->ax.lo) / (f->ax.hi - f->ax.lo))) + 0.5;
    cairo_move_to(cr, x, f->T + f->H);
    cairo_line_to(cr, x, f->T + f->H + tick);
    cairo_stroke(cr);
    tick_label(&f->ax, tx, i, buf, sizeof buf);
    text_at(cr, buf, x, f->T + f->H + tick + 0.4 * fs, 0.5, 0, cap);
  }
  for (int i = 0; i < ty->n; i++) {
    double y = floor(pix_y(f, (ty->v[i] - f->ay.lo) / (f->ay.hi - f->ay.lo))) + 0.5;
    double len = ty->major[i] ? tick : 0.5 * tick;
    cairo_move_to(cr, f->L - len, y);
    cairo_line_to(cr, f->L, y);
    cairo_stroke(cr);
    if (!ty->major[i]) continue;
    tick_label(&f->ay, ty, i, buf, sizeof buf);
    text_at(cr, buf, f->L - tick - 0.4 * fs, y, 1, 0.5, cap);
  }
  if (l->xl[0]) text_at(cr, l->xl, f->L + 0.5 * f->W, Hi - pad, 0.5, 1, cap);
  if (l->yl[0]) {
    cairo_save(cr);
    cairo_translate(cr, pad + cap, f->T + 0.5 * f->H);
    cairo_rotate(cr, -PI / 2);
    text_at(cr, l->yl, 0, 0, 0.5, 1, cap);
    cairo_restore(cr);
  }
  if (l->title[0]) {
    cairo_set_font_size(cr, 1.15 * fs);
    text_at(cr, l->title, f->L + 0.5 * f->W, pad, 0.5, 0, 1.15 * cap);
    cairo_set_font_size(cr, fs);
  }
}

/* the legend: a white box at the top right of the plot area, a row per named series (its line,
 * bar or marker, then its name) */
static void draw_legend(cairo_t *cr, const chart *c, const layout *l)
{
  const frame *f = &l->f;
  const double fs = l->fs, cap = l->cap, row = l->row, sample = l->sample;
  const int nleg = l->nleg, nnamed = l->nnamed;
  char buf[128];
  double lx = f->L + f->W + fs;
  double h = nleg * row + 0.6 * fs;
  cairo_rectangle(cr, floor(lx) + 0.5, f->T, floor(l->legw), floor(h));
  cairo_set_source_rgb(cr, 1, 1, 1);
  cairo_fill_preserve(cr);
  cairo_set_source_rgb(cr, 0.7, 0.7, 0.7);
  cairo_stroke(cr);
  for (int k = 0, shown = 0; k < c->ns && shown < nleg; k++) {
    if (!named(&c->s[k])) continue;
    double y = f->T + 0.3 * fs + (shown + 0.5) * row, x = lx + 0.6 * fs;
    shown++;
    if (shown == nleg && nleg < nnamed) {
      snprintf(buf, sizeof buf, "+ %d more", nnamed - nleg + 1);
      cairo_set_source_rgb(cr, 0.3, 0.3, 0.3);
      text_at(cr, buf, x, y, 0, 0.5, cap);
      break;
    }
    double rgb[3];
    sn_plot_series_color(0, k, c->ns, rgb);
    cairo_set_source_rgb(cr, rgb[0], rgb[1], rgb[2]);
    cairo_set_line_width(cr, c->lw);
    if (c->s[k].style == SN_PLOT_BARS) {
      cairo_rectangle(cr, x + 0.25 * sample, y - 0.35 * fs, 0.5 * sample, 0.7 * fs);
      cairo_fill(cr);
    } else if (c->s[k].style != SN_PLOT_MARKERS) {
      set_dash(cr, 0, k, c->lw);
      cairo_move_to(cr, x, y);
      cairo_line_to(cr, x + sample, y);
      cairo_stroke(cr);
      cairo_set_dash(cr, NULL, 0, 0);
    }
    if (c->s[k].style == SN_PLOT_MARKERS || c->s[k].style == SN_PLOT_LINE_MARKERS) {
      dot(cr, x + 0.5 * sample, y, fmax(2.5, 1.6 * c->lw));
      cairo_fill(cr);
    }
    clean_text(c->s[k].name, buf, sizeof buf);
    cairo_set_source_rgb(cr, 0, 0, 0);
    text_at(cr, buf, x + sample + 0.5 * fs, y, 0, 0.5, cap);
  }
}

/* the colour bar: first series at the bottom, last at the top; its title above it, its ends and
 * round values on its right */
static void draw_colour_bar(cairo_t *cr, const layout *l)
{
  const frame *f = &l->f;
  const double fs = l->fs, cap = l->cap, tick = l->tick, ra = l->ra, rb = l->rb;
  char buf[128];
  double lx = f->L + f->W + fs;
  double bx = floor(lx) + 0.5, bw = fs, by = f->T + 1.6 * fs, bh = f->H - 1.6 * fs;
  if (bh < 10) bh = 10;
  cairo_pattern_t *g = cairo_pattern_create_linear(0, by + bh, 0, by);
  ramp_stops(g);
  cairo_rectangle(cr, bx, by, bw, bh);
  cairo_set_source(cr, g);
  cairo_fill_preserve(cr);
  cairo_pattern_destroy(g);
  cairo_set_source_rgb(cr, 0, 0, 0);
  cairo_set_line_width(cr, 1);
  cairo_stroke(cr);
  text_at(cr, l->rlabel, bx, f->T, 0, 0, cap);
  double tx0 = bx + bw;
  /* the ends, then the round values not too close to them */
  for (int end = 0; end < 2; end++) {
    double y = end ? by : by + bh;
    if (end && ra == rb) break;
    fmt_value(end ? rb : ra, buf, sizeof buf);
    cairo_move_to(cr, tx0, floor(y) + 0.5);
    cairo_line_to(cr, tx0 + tick, floor(y) + 0.5);
    cairo_stroke(cr);
    text_at(cr, buf, tx0 + tick + 0.3 * fs, y, 0, 0.5, cap);
  }
  if (ra != rb) {
    axis ar = {fmin(ra, rb), fmax(ra, rb), 0};
    for (int i = 0; i < l->tr.n; i++) {
      double t = (l->tr.v[i] - ra) / (rb - ra), y = by + bh - t * bh;
      if (t < 0 || t > 1 || (y - by) < 1.8 * fs || (by + bh - y) < 1.8 * fs) continue;
      tick_label(&ar, &l->tr, i, buf, sizeof buf);
      cairo_move_to(cr, tx0, floor(y) + 0.5);
      cairo_line_to(cr, tx0 + tick, floor(y) + 0.5);
      cairo_stroke(cr);
      text_at(cr, buf, tx0 + tick + 0.3 * fs, y, 0, 0.5, cap);
    }
  }
}

/* the chart on a white page: the layout, then the grid, the series, the frame with its labels
 * and the legend or the colour bar over them */
static void draw_chart(cairo_t *cr, const chart *c)
{
  layout l;
  cairo_set_source_rgb(cr, 1, 1, 1);
  cairo_paint(cr);
  chart_layout(cr, c, &l);
  draw_grid(cr, &l);
  draw_data(cr, c, &l);
  draw_axes(cr, c, &l);
  if (l.nleg > 0) draw_legend(cr, c, &l);
  if (l.bar) draw_colour_bar(cr, &l);
}

/* ==== the file ==== */

static cairo_status_t put(void *closure, const unsigned char *data, unsigned int len)
{
  FILE *f = closure;
  return fwrite(data, 1, len, f) == len ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR;
}

enum { FMT_NONE, FMT_PNG, FMT_SVG, FMT_PDF };

static int format_of(const char *path)
{
  const char *slash = strrchr(path, '/'), *dot = strrchr(path, '.');
  char ext[8];
  size_t n;
  if (!dot || (slash && dot < slash)) return FMT_NONE;
  n = strlen(dot + 1);
  if (n == 0 || n >= sizeof ext) return FMT_NONE;
  for (size_t i = 0; i <= n; i++) {
    char ch = dot[1 + i];
    ext[i] = ch >= 'A' && ch <= 'Z' ? (char)(ch - 'A' + 'a') : ch;
  }
  if (!strcmp(ext, "png")) return FMT_PNG;
  if (!strcmp(ext, "svg")) return FMT_SVG;
  if (!strcmp(ext, "pdf")) return FMT_PDF;
  return FMT_NONE;
}

/* the image surface as a PNG file on f (io/png_encode.h): in two bands compressed at once from
 * 100 000 pixels on (a chart of 800 x 500: deflate takes about half of its time) */
static cairo_status_t png_fast(cairo_surface_t *sf, FILE *f)
{
  cairo_surface_flush(sf);
  int w = cairo_image_surface_get_width(sf), h = cairo_image_surface_get_height(sf);
  int parts = (long long)w * h >= 100000 ? 2 : 1;
  int rc = sn_png_write_rgb24(f, cairo_image_surface_get_data(sf), w, h, cairo_image_surface_get_stride(sf), parts);
  if (rc == -2 || ferror(f)) return CAIRO_STATUS_WRITE_ERROR;
  return rc ? CAIRO_STATUS_NO_MEMORY : CAIRO_STATUS_SUCCESS;
}

/* an SN_* code and message for a cairo status */
static int cairo_fail(cairo_status_t st, const char *path, char *msg, size_t msglen)
{
  if (st == CAIRO_STATUS_NO_MEMORY) return sn_outfile_fail(msg, msglen, SN_ERR_NOMEM, path, "out of memory");
  if (st == CAIRO_STATUS_WRITE_ERROR) return sn_outfile_fail(msg, msglen, SN_ERR_IO, path, "write failed");
  return sn_outfile_fail(msg, msglen, SN_ERR_BACKEND, path, "cairo: %s", cairo_status_to_string(st));
}

int sn_plot_lines_cairo(const char *path, const sn_plot_opts *o, const sn_series *s, int ns, char *msg,
                        size_t msglen)
{
  sn_plot_opts def;
  chart c;
  sn_outfile out;
  int rc, fmt;
  if (msg && msglen > 0) msg[0] = '\0';
  if (!path || !*path) return sn_outfile_fail(msg, msglen, SN_ERR_ARG, path, "empty file name");
  if (!o) {
    sn_plot_opts_default(&def);
    o = &def;
  }
  if (ns < 0 || (ns > 0 && !s))
    return sn_outfile_fail(msg, msglen, SN_ERR_ARG, path, "no series (ns = %d)", ns);
  for (int k = 0; k < ns; k++) {
    if (s[k].n < 0 || (s[k].n > 0 && !s[k].y))
      return sn_outfile_fail(msg, msglen, SN_ERR_ARG, path, "series %d: %d points, y %s", k, s[k].n,
                             s[k].y ? "given" : "missing");
    if (s[k].style < SN_PLOT_LINE || s[k].style > SN_PLOT_BARS)
      return sn_outfile_fail(msg, msglen, SN_ERR_ARG, path, "series %d: unknown style %d", k, s[k].style);
  }
  fmt = format_of(path);
  if (fmt == FMT_NONE)
    return sn_outfile_fail(msg, msglen, SN_ERR_ARG, path, "unknown image format: .png, .svg or .pdf expected");
#if !CAIRO_HAS_SVG_SURFACE
  if (fmt == FMT_SVG) return sn_outfile_fail(msg, msglen, SN_ERR_ARG, path, "cairo was built without SVG");
#endif
#if !CAIRO_HAS_PDF_SURFACE
  if (fmt == FMT_PDF) return sn_outfile_fail(msg, msglen, SN_ERR_ARG, path, "cairo was built without PDF");
#endif
  c.o = o;
  c.s = s;
  c.ns = ns;
  c.width = o->width > 0 ? floor(o->width + 0.5) : 800;
  c.height = o->height > 0 ? floor(o->height + 0.5) : 500;
  c.lw = o->line_width > 0 && o->line_width <= 50 ? o->line_width : 2;
  if (!(c.width >= MIN_SIZE && c.width <= MAX_SIZE && c.height >= MIN_SIZE && c.height <= MAX_SIZE))
    return sn_outfile_fail(msg, msglen, SN_ERR_ARG, path, "image size %g x %g outside %g ... %g",
                           c.width, c.height, MIN_SIZE, MAX_SIZE);

  if ((rc = sn_outfile_create(&out, path, msg, msglen))) return rc;
  out.nosync = out.writeback = o->no_fsync != 0;
  cairo_surface_t *sf = NULL;
  if (fmt == FMT_PNG) sf = cairo_image_surface_create(CAIRO_FORMAT_RGB24, (int)c.width, (int)c.height);
#if CAIRO_HAS_SVG_SURFACE
  else if (fmt == FMT_SVG) sf = cairo_svg_surface_create_for_stream(put, out.f, c.width, c.height);
#endif
#if CAIRO_HAS_PDF_SURFACE
  else sf = cairo_pdf_surface_create_for_stream(put, out.f, c.width, c.height);
#endif
  cairo_status_t st = sf ? cairo_surface_status(sf) : CAIRO_STATUS_NO_MEMORY;
  if (st == CAIRO_STATUS_SUCCESS) {
    cairo_t *cr = cairo_create(sf);
    draw_chart(cr, &c);
    st = cairo_status(cr);
    cairo_destroy(cr);
    if (st == CAIRO_STATUS_SUCCESS) {
      if (fmt == FMT_PNG) st = png_fast(sf, out.f);
      else cairo_surface_finish(sf);   /* the vector surfaces write their end here */
    }
    if (st == CAIRO_STATUS_SUCCESS) st = cairo_surface_status(sf);
  }
  if (sf) cairo_surface_destroy(sf);
  rc = st == CAIRO_STATUS_SUCCESS ? SN_OK : cairo_fail(st, path, msg, msglen);
  return sn_outfile_finish(&out, rc, msg, msglen);
}

/* sn_plot_prepare: a chart of two series, a title, axis labels and a legend drawn into an image
 * surface of o's size that is then dropped: cairo's font face, fontconfig's configuration and
 * the glyphs of the labels' sizes are loaded by it, nothing is written */
int sn_plot_prepare_cairo(const sn_plot_opts *o, char *msg, size_t msglen)
{
  static const double x[4] = {0, 1, 2, 3}, y[4] = {1e-3, 0.5, 0.25, 1.0};
  sn_plot_opts def;
  if (!o) {
    sn_plot_opts_default(&def);
    def.title = "Newton iterations (0123456789)";
    def.xlabel = "x along the contact region (mm)";
    def.ylabel = "contact pressure (MPa)";
    o = &def;
  }
  sn_series s[2] = {{"increment 1", 4, x, y, SN_PLOT_LINE_MARKERS}, {"normal", 4, x, y, SN_PLOT_BARS}};
  chart c = {o, s, 2, o->width > 0 ? floor(o->width + 0.5) : 800, o->height > 0 ? floor(o->height + 0.5) : 500,
             o->line_width > 0 && o->line_width <= 50 ? o->line_width : 2};
  if (msg && msglen > 0) msg[0] = '\0';
  if (!(c.width >= MIN_SIZE && c.width <= MAX_SIZE && c.height >= MIN_SIZE && c.height <= MAX_SIZE))
    return sn_outfile_fail(msg, msglen, SN_ERR_ARG, "(prepare)", "image size %g x %g outside %g ... %g", c.width,
                           c.height, MIN_SIZE, MAX_SIZE);
  cairo_surface_t *sf = cairo_image_surface_create(CAIRO_FORMAT_RGB24, (int)c.width, (int)c.height);
  cairo_status_t st = cairo_surface_status(sf);
  if (st == CAIRO_STATUS_SUCCESS) {
    cairo_t *cr = cairo_create(sf);
    draw_chart(cr, &c);
    st = cairo_status(cr);
    cairo_destroy(cr);
  }
  cairo_surface_destroy(sf);
  return st == CAIRO_STATUS_SUCCESS ? SN_OK : cairo_fail(st, "(prepare)", msg, msglen);
}
