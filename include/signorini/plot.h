/* signorini plots: x-y line charts written as PNG, SVG or PDF (drawn with cairo).
 *
 * Used beside the VTU results for contact pressure / tangential traction along the contact
 * region (one curve per increment, coloured along a ramp with a colour bar), load-displacement
 * curves, solver convergence histories (logarithmic y) and per-increment bar charts.
 *
 *   sn_series s[2] = {{"pressure", n, x, p, SN_PLOT_LINE}, {"traction", n, x, t, SN_PLOT_LINE}};
 *   sn_plot_opts o;
 *   sn_plot_opts_default(&o);
 *   o.title = "contact stress"; o.xlabel = "x"; o.ylabel = "stress";
 *   rc = sn_plot_lines("stress.png", &o, s, 2, msg, sizeof msg);
 *
 * Axes: ticks in 1-2-5 steps with labels, automatic limits with a small margin around the data
 * (or fixed limits), logarithmic y with a tick per decade (or every few decades). Points with a
 * NaN, an infinite or a huge (|v| > 1e300) coordinate, and on a logarithmic axis points with
 * y <= 0, are left out and leave a gap in the line. Empty series, no series, one point and
 * constant data all give a valid chart.
 *
 * The file is written whole under a temporary name beside PATH and renamed over it when
 * complete: a failure leaves nothing behind (and an existing file untouched) and returns
 * SN_ERR_IO with "PATH: reason" in msg. No global state; nothing is printed. */
#ifndef SIGNORINI_PLOT_H
#define SIGNORINI_PLOT_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* how a series is drawn */
enum {
  SN_PLOT_LINE = 0,          /* a line (an isolated point between gaps is drawn as a dot) */
  SN_PLOT_LINE_MARKERS = 1,  /* a line with a marker at every point */
  SN_PLOT_MARKERS = 2,       /* markers only */
  /* a vertical bar from 0 (the bottom of a logarithmic axis) to y at every x; the bar series
   * of a chart share each x slot side by side (0.8 of the smallest x spacing, 1 with a single
   * x), for per-increment quantities that are one number each */
  SN_PLOT_BARS = 3
};

typedef struct {
  const char *name;    /* legend entry; NULL or "" leaves the series out of the legend */
  int n;               /* number of points (0: nothing drawn) */
  const double *x;     /* n abscissae; NULL: 1, 2, ..., n (iteration numbers) */
  const double *y;     /* n ordinates (required when n > 0) */
  int style;           /* SN_PLOT_LINE, SN_PLOT_LINE_MARKERS or SN_PLOT_MARKERS */
} sn_series;

/* A zero-initialised struct is valid (defaults everywhere); sn_plot_opts_default() gives the
 * same defaults. */
typedef struct {
  const char *title, *xlabel, *ylabel;   /* NULL or "": none */
  int logy;            /* non-zero: logarithmic y axis */
  /* non-zero: series k of ns gets the colour at k/(ns-1) along a ramp (dark blue -> red)
   * and a colour bar replaces the legend; the bar is labelled from ramp_first (series 0) to
   * ramp_last (series ns-1), e.g. the increments' times, or 1 ... ns when both are 0 */
  int ramp;
  const char *ramp_label;                /* the colour bar's title (default "increment") */
  double ramp_first, ramp_last;
  /* fixed limits: used when xmin < xmax (resp. ymin < ymax, both > 0 for logy), otherwise
   * the limits follow the data; what falls outside is clipped */
  double xmin, xmax, ymin, ymax;
  double width, height;  /* image size: pixels (PNG) or points (SVG, PDF); <= 0: 800 x 500 */
  double line_width;     /* <= 0: 2 */
  int no_fsync;          /* non-zero: the file is renamed into place without its fsync (whose
                            writeback is started): the caller syncs it later, e.g. with other
                            files at once (a run's charts: sn_run_output) */
} sn_plot_opts;

void sn_plot_opts_default(sn_plot_opts *o);

/* Writes the chart of ns series to path; the format comes from its extension: .png, .svg or
 * .pdf (any case). o may be NULL (defaults). Returns SN_OK, SN_ERR_ARG (bad arguments,
 * unknown extension, size outside 64 ... 16384; msg says which), SN_ERR_IO (the file cannot be
 * written), SN_ERR_NOMEM or SN_ERR_BACKEND (cairo failed). msg (when msglen > 0) is always
 * NUL-terminated: "" on success. */
int sn_plot_lines(const char *path, const sn_plot_opts *o, const sn_series *s, int ns, char *msg,
                  size_t msglen);

/* Optional: loads what drawing needs (the plot module, cairo's fonts, fontconfig's configuration:
 * about 7 ms at the first chart of a process) by drawing a sample chart of o's size (NULL: the
 * default 800 x 500) into memory; nothing is written. A program that knows it will plot may call
 * it on a thread of its own while it computes, so that its first sn_plot_lines costs what the
 * later ones do, but not while another thread draws: two threads drawing at once share cairo's
 * font caches (ThreadSanitizer reports races inside Debian 12's cairo). SN_OK, or SN_ERR_BACKEND (the module cannot be loaded) with msg. */
int sn_plot_prepare(const sn_plot_opts *o, char *msg, size_t msglen);

/* The colour sn_plot_lines gives series k of ns (components in [0, 1]): a distinct colour
 * per series (repeating after 10, then dashed), or with ramp the colour at k/(ns-1) along the
 * ramp. */
void sn_plot_series_color(int ramp, int k, int ns, double rgb[3]);

#ifdef __cplusplus
}
#endif
#endif
