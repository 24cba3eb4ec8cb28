/* The charts' PNG encoder (src/io/png_encode.c) against an independent decoder: images of
 * random pixels, flat areas, lines and odd sizes encoded in 1, 2, 3 and 8 bands, read back by
 * cairo (libpng's decoder, which checks every chunk's CRC and the zlib stream's Adler-32), every
 * pixel compared; the bytes the same at every call; a full disk reported as such. */
#define _POSIX_C_SOURCE 200809L   /* open_memstream */
#include <cairo.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "test_rng.h"
#include "io/png_encode.h"

static uint64_t rng = 88172645463325252ull;
static uint32_t next(void) { return sn_test_rand(&rng); }

/* an image: white, a flat block, vertical and horizontal lines, noise in a band, and garbage in
 * the unused top byte of each word (cairo leaves it undefined in RGB24) */
static uint32_t *image(int w, int h, int *stride)
{
  *stride = 4 * w + 12;
  uint32_t *d = malloc((size_t)*stride * (size_t)h);
  int sw = *stride / 4;
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {
      uint32_t p = 0xFFFFFF;
      if (x > w / 4 && x < w / 2 && y > h / 3) p = 0x2060A0;
      if (x % 97 == 5 || y % 61 == 7) p = 0x000000;
      if (y > h / 2 && y < h / 2 + 9) p = next() & 0xFFFFFF;
      d[(size_t)y * sw + x] = p | (next() << 24);
    }
  return d;
}

static char *encode(const uint32_t *d, int w, int h, int stride, int parts, size_t *n, int *rc)
{
  char *buf = NULL;
  FILE *f = open_memstream(&buf, n);
  *rc = sn_png_write_rgb24(f, (const unsigned char *)d, w, h, stride, parts);
  fclose(f);
  return buf;
}

typedef struct {
  const unsigned char *p;
  size_t n, at;
} reader;

static cairo_status_t rd(void *closure, unsigned char *data, unsigned int len)
{
  reader *r = closure;
  if (r->at + len > r->n) return CAIRO_STATUS_READ_ERROR;
  memcpy(data, r->p + r->at, len);
  r->at += len;
  return CAIRO_STATUS_SUCCESS;
}

/* the number of pixels that differ after decoding (-1: not decoded, or another size) */
static long decoded_diff(const char *png, size_t n, const uint32_t *d, int w, int h, int stride)
{
  reader r = {(const unsigned char *)png, n, 0};
  cairo_surface_t *sf = cairo_image_surface_create_from_png_stream(rd, &r);
  long bad = -1;
  if (cairo_surface_status(sf) == CAIRO_STATUS_SUCCESS && cairo_image_surface_get_width(sf) == w &&
      cairo_image_surface_get_height(sf) == h) {
    const unsigned char *q = cairo_image_surface_get_data(sf);
    int qs = cairo_image_surface_get_stride(sf);
    bad = 0;
    for (int y = 0; y < h; y++)
      for (int x = 0; x < w; x++) {
        uint32_t a = d[(size_t)y * (stride / 4) + x], b;
        memcpy(&b, q + (size_t)y * qs + 4 * (size_t)x, 4);
        if ((a ^ b) & 0xFFFFFF) bad++;
      }
  }
  cairo_surface_destroy(sf);
  return bad;
}

int main(void)
{
  static const int size[][2] = {{1, 1}, {7, 3}, {3, 1000}, {1000, 2}, {800, 500}, {641, 401}};
  static const int parts[] = {1, 2, 3, 8};
  for (size_t s = 0; s < sizeof size / sizeof size[0]; s++) {
    int w = size[s][0], h = size[s][1], stride;
    uint32_t *d = image(w, h, &stride);
    for (size_t k = 0; k < sizeof parts / sizeof parts[0]; k++) {
      size_t n1, n2;
      int rc1, rc2;
      char *a = encode(d, w, h, stride, parts[k], &n1, &rc1);
      char *b = encode(d, w, h, stride, parts[k], &n2, &rc2);
      CHECK(rc1 == 0 && rc2 == 0);
      CHECK(n1 == n2 && memcmp(a, b, n1) == 0);          /* the same bytes at every call */
      CHECK(n1 > 8 && memcmp(a, "\211PNG\r\n\032\n", 8) == 0);
      long bad = decoded_diff(a, n1, d, w, h, stride);
      if (bad != 0) fprintf(stderr, "%d x %d in %d bands: %ld pixels differ\n", w, h, parts[k], bad);
      CHECK(bad == 0);
      free(a);
      free(b);
    }
    free(d);
  }
  /* a chart-like image is compressed: white with lines, well under a tenth of its 1.2 MB; its
   * rows equal to the ones above (most of them) are runs of zero segments, whose Adler-32 is
   * combined, not computed: the decoder (libpng through cairo) checks it */
  {
    int w = 800, h = 500, stride = 4 * w;
    uint32_t *d = malloc(sizeof(uint32_t) * (size_t)w * h);
    for (int i = 0; i < w * h; i++) d[i] = (i % w) % 100 == 0 || (i / w) % 50 == 0 ? 0x808080 : 0xFFFFFF;
    for (int p = 1; p <= 3; p++) {
      size_t n;
      int rc;
      char *a = encode(d, w, h, stride, p, &n, &rc);
      CHECK(rc == 0 && n < 120000 && decoded_diff(a, n, d, w, h, stride) == 0);
      free(a);
    }
    free(d);
  }
  /* rows partly equal to the ones above, as a curve across a chart makes them: the equal
   * segments of 16 pixels are zeros whose Adler-32 is combined, the others computed; widths
   * whose last segment is short, and the unused fourth byte constant (cairo's) or not */
  {
    static const int ws[] = {800, 641, 33, 17, 15};
    for (size_t iw = 0; iw < sizeof ws / sizeof ws[0]; iw++)
      for (int fixed = 0; fixed <= 1; fixed++) {
        int w = ws[iw], h = 300, stride = 4 * w;
        uint32_t *d = malloc(sizeof(uint32_t) * (size_t)w * h);
        for (int y = 0; y < h; y++)
          for (int x = 0; x < w; x++) {
            double c = h / 2 + (h / 3) * sin(x / 40.0);
            uint32_t p = x % 100 == 0 ? 0x808080 : fabs(y - c) < 2 ? 0x2060A0 : 0xFFFFFF;
            d[(size_t)y * w + x] = p | (fixed ? 0xFF000000u : next() << 24);
          }
        for (int p = 1; p <= 3; p++) {
          size_t n;
          int rc;
          char *a = encode(d, w, h, stride, p, &n, &rc);
          long bad = rc == 0 ? decoded_diff(a, n, d, w, h, stride) : -1;
          if (bad != 0) fprintf(stderr, "curve %d x %d (%s fourth byte) in %d bands: %ld\n", w, h, fixed ? "fixed" : "random", p, bad);
          CHECK(bad == 0);
          free(a);
        }
        free(d);
      }
  }
  /* a full disk: -2 (a write failure), not a success */
  {
    int stride;
    uint32_t *d = image(300, 200, &stride);
    FILE *f = fopen("/dev/full", "wb");
    if (f) {
      setvbuf(f, NULL, _IONBF, 0);
      CHECK(sn_png_write_rgb24(f, (const unsigned char *)d, 300, 200, stride, 2) == -2);
      fclose(f);
    }
    CHECK(sn_png_write_rgb24(NULL, (const unsigned char *)d, 300, 200, stride, 2) == -1);
    CHECK(sn_png_write_rgb24(stdout, (const unsigned char *)d, 300, 200, 100, 2) == -1);   /* stride < 4 w */
    free(d);
  }
  return sn_check_report();
}
