/* The library's side of the plots (include/signorini/plot.h): options, series colours, and
 * sn_plot_lines, which draws through the plot module (src/io/plot.c, linked with cairo) loaded
 * on the first plot (io/module_load.h): a program that draws nothing never loads cairo, X11 or
 * fontconfig. The static library links the drawing in (SN_MODULES_LINKED). */
#include "signorini/plot.h"

#include <stdio.h>
#include <string.h>

#include "io/backend_modules.h"
#include "signorini/common.h"

void sn_plot_opts_default(sn_plot_opts *o)
{
  if (!o) return;
  memset(o, 0, sizeof *o);
  o->width = 800;
  o->height = 500;
  o->line_width = 2;
}

static const double PALETTE[10][3] = {
  {0.12, 0.35, 0.75}, {0.85, 0.20, 0.15}, {0.20, 0.60, 0.20}, {0.95, 0.55, 0.05},
  {0.55, 0.30, 0.70}, {0.55, 0.35, 0.20}, {0.85, 0.30, 0.65}, {0.40, 0.40, 0.40},
  {0.60, 0.60, 0.10}, {0.10, 0.65, 0.75},
};

/* the ramp: dark blue, blue, green, amber, red at 0, 1/4, 1/2, 3/4, 1 */
static const double RAMP[5][3] = {
  {0.19, 0.21, 0.58}, {0.13, 0.55, 0.75}, {0.25, 0.68, 0.35}, {0.95, 0.68, 0.15}, {0.80, 0.10, 0.12},
};

static void ramp_color(double t, double rgb[3])
{
  if (!(t >= 0)) t = 0;   /* NaN too */
  if (t > 1) t = 1;
  double p = t * 4;
  int i = (int)p;
  if (i > 3) i = 3;
  double w = p - i;
  for (int c = 0; c < 3; c++) rgb[c] = (1 - w) * RAMP[i][c] + w * RAMP[i + 1][c];
}

void sn_plot_series_color(int ramp, int k, int ns, double rgb[3])
{
  if (!rgb) return;
  if (k < 0) k = 0;
  if (ramp) ramp_color(ns > 1 ? (double)k / (ns - 1) : 0.0, rgb);
  else for (int c = 0; c < 3; c++) rgb[c] = PALETTE[k % 10][c];
}

int sn_plot_lines(const char *path, const sn_plot_opts *o, const sn_series *s, int ns, char *msg,
                  size_t msglen)
{
#ifdef SN_MODULES_LINKED
  return sn_plot_lines_cairo(path, o, s, ns, msg, msglen);
#else
  sn_module m;
  char why[4200];
  int rc = sn_module_open(&m, "plot", "sn_plot_lines_cairo", why, sizeof why);
  if (rc) {
    if (msg && msglen > 0) snprintf(msg, msglen, "%s: %s", path ? path : "(null)", why);
    return rc;
  }
  sn_plot_lines_fn *draw = (sn_plot_lines_fn *)m.fn;
  rc = draw(path, o, s, ns, msg, msglen);
  sn_module_close(&m);
  return rc;
#endif
}

int sn_plot_prepare(const sn_plot_opts *o, char *msg, size_t msglen)
{
#ifdef SN_MODULES_LINKED
  return sn_plot_prepare_cairo(o, msg, msglen);
#else
  sn_module m;
  char why[4200];
  int rc = sn_module_open(&m, "plot", "sn_plot_prepare_cairo", why, sizeof why);
  if (rc) {
    if (msg && msglen > 0) snprintf(msg, msglen, "%s", why);
    return rc;
  }
  rc = ((sn_plot_prepare_fn *)m.fn)(o, msg, msglen);
  sn_module_close(&m);
  return rc;
#endif
}
