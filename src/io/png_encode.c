/* An RGB24 image as a PNG file, its bands compressed on threads (png_encode.h). Chunk layout,
 * the Up filter and the zlib stream: the PNG specification (ISO/IEC 15948:2003, sections 5, 9
 * and 10) and RFC 1950/1951 (zlib, deflate). */
#define _POSIX_C_SOURCE 200809L
#include "io/png_encode.h"

#include "common/task.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#define MAX_PARTS 8
#define MAX_CHUNK (1u << 30)   /* IDAT data per chunk (the format allows 2^31 - 1) */

typedef struct {
  const unsigned char *data;   /* the image's first row */
  int w, stride;
  int y0, y1;                  /* this band's rows */
  int last;
  unsigned char *out;          /* the band's raw deflate stream */
  size_t nout;
  uLong adler;                 /* of the band's filtered rows */
  size_t nraw;
  int ok;
} band;

/* pixels compared with the row above at once: a segment equal to the one above (a chart's flat
 * areas and vertical lines) is zeros after the filter, written as such and left out of the
 * Adler-32's byte loop */
#define SEG_PIX 16
#define MAX_SEGS(w) (((w) + SEG_PIX - 1) / SEG_PIX)

/* row y as filter byte 2 (Up) and the 3w bytes R G B minus those of row y - 1 (zero above the
 * first row, PNG section 9.2); zero[s] = 1 where segment s (pixels SEG_PIX s .. SEG_PIX (s + 1)
 * - 1) is known to be zeros, 0 where it was computed (zeros or not) */
static void filter_row(const band *b, int y, unsigned char *row, unsigned char *zero)
{
  const unsigned char *cur = b->data + (size_t)y * (size_t)b->stride;
  const unsigned char *up = y > 0 ? cur - b->stride : NULL;
  int nseg = MAX_SEGS(b->w);
  row[0] = 2;
  for (int sg = 0; sg < nseg; sg++) {
    int x0 = SEG_PIX * sg, x1 = x0 + SEG_PIX < b->w ? x0 + SEG_PIX : b->w;
    unsigned char *out = row + 1 + 3 * (size_t)x0;
    if (up && memcmp(cur + 4 * (size_t)x0, up + 4 * (size_t)x0, 4 * (size_t)(x1 - x0)) == 0) {
      memset(out, 0, 3 * (size_t)(x1 - x0));
      zero[sg] = 1;
      continue;
    }
    zero[sg] = 0;
    for (int x = x0; x < x1; x++, out += 3) {
      uint32_t p, q = 0;
      memcpy(&p, cur + 4 * (size_t)x, 4);
      if (up) memcpy(&q, up + 4 * (size_t)x, 4);
      out[0] = (unsigned char)((p >> 16) - (q >> 16));
      out[1] = (unsigned char)((p >> 8) - (q >> 8));
      out[2] = (unsigned char)(p - q);
    }
  }
}

/* the Adler-32 of n zero bytes (RFC 1950, 8.2: A stays 1, B grows by 1 a byte) */
static uLong zeros_adler(size_t n) { return ((uLong)(n % 65521u) << 16) | 1u; }

/* adler continued over a filtered row: the bytes of computed segments by zlib's adler32, the
 * runs of zero segments combined (adler32_combine) without reading them */
static uLong row_adler(uLong adler, const unsigned char *row, size_t rowlen, const unsigned char *zero, int nseg)
{
  size_t from = 0;   /* the first byte not yet in adler */
  for (int sg = 0; sg < nseg;) {
    if (!zero[sg]) { sg++; continue; }
    size_t z0 = 1 + 3 * (size_t)SEG_PIX * (size_t)sg;
    while (sg < nseg && zero[sg]) sg++;
    size_t z1 = 1 + 3 * (size_t)SEG_PIX * (size_t)sg;
    if (z1 > rowlen) z1 = rowlen;
    if (z0 > from) adler = adler32(adler, row + from, (uInt)(z0 - from));
    adler = adler32_combine(adler, zeros_adler(z1 - z0), (z_off_t)(z1 - z0));
    from = z1;
  }
  if (rowlen > from) adler = adler32(adler, row + from, (uInt)(rowlen - from));
  return adler;
}

/* rows filtered at a time: the buffer (38 KB for 800 pixels) reused, where the whole band's
 * filtered rows in one buffer (1.2 MB for an 800 x 500 chart) were a megabyte of fresh pages a
 * chart, three times the encoding's own time on the development VM */
#define CHUNK_ROWS 16

/* one band: filtered CHUNK_ROWS rows at a time and deflated into b->out (level 1, raw, 32 KB
 * window, memLevel 6: on the charts of the bench Hertz deck 20 % faster than zlib's default 8
 * for 0.5 % more bytes). The Adler-32 of a row's runs of zero segments (a whole row equal to
 * the one above is one run) is combined, not recomputed. */
static void band_run(void *arg)
{
  band *b = arg;
  size_t rowlen = 1 + 3 * (size_t)b->w, nraw = rowlen * (size_t)(b->y1 - b->y0);
  int nseg = MAX_SEGS(b->w);
  unsigned char *raw = malloc(rowlen * CHUNK_ROWS), *zseg = malloc((size_t)nseg + 1);
  z_stream z;
  memset(&z, 0, sizeof z);
  b->ok = 0;
  if (!raw || !zseg) {
    free(raw);
    free(zseg);
    return;
  }
  b->nraw = nraw;
  uLong adler = adler32(0L, Z_NULL, 0);
  if (deflateInit2(&z, 1, Z_DEFLATED, -15, 6, Z_DEFAULT_STRATEGY) == Z_OK) {
    size_t cap = deflateBound(&z, (uLong)nraw) + 16;   /* + the sync flush's empty block */
    if ((b->out = malloc(cap))) {
      z.next_out = b->out;
      z.avail_out = (uInt)cap;
      int rc = Z_OK;
      for (int y = b->y0; y < b->y1 && rc == Z_OK;) {
        int n = b->y1 - y < CHUNK_ROWS ? b->y1 - y : CHUNK_ROWS;
        for (int k = 0; k < n; k++) {
          unsigned char *row = raw + rowlen * (size_t)k;
          filter_row(b, y + k, row, zseg);
          adler = row_adler(adler, row, rowlen, zseg, nseg);
        }
        y += n;
        z.next_in = raw;
        z.avail_in = (uInt)(rowlen * n);
        int fl = y < b->y1 ? Z_NO_FLUSH : b->last ? Z_FINISH : Z_SYNC_FLUSH;
        rc = deflate(&z, fl);
        if (fl == Z_FINISH) b->ok = rc == Z_STREAM_END;
        else if (fl == Z_SYNC_FLUSH) b->ok = rc == Z_OK && z.avail_in == 0 && z.avail_out != 0;   /* all flushed */
        else if (z.avail_in != 0) rc = Z_BUF_ERROR;   /* cannot happen: the output has deflateBound's room */
      }
      b->nout = cap - z.avail_out;
    }
    deflateEnd(&z);
  }
  b->adler = adler;
  free(raw);
  free(zseg);
}

static void be32(unsigned char *p, uint32_t v)
{
  p[0] = (unsigned char)(v >> 24);
  p[1] = (unsigned char)(v >> 16);
  p[2] = (unsigned char)(v >> 8);
  p[3] = (unsigned char)v;
}

/* one chunk: length, type, data, the CRC-32 of type and data (PNG section 5.3) */
static int chunk(FILE *f, const char *type, const unsigned char *d, size_t n)
{
  unsigned char head[8], tail[4];
  be32(head, (uint32_t)n);
  memcpy(head + 4, type, 4);
  uLong crc = crc32(crc32(0L, Z_NULL, 0), head + 4, 4);
  if (n) crc = crc32(crc, d, (uInt)n);
  be32(tail, (uint32_t)crc);
  if (fwrite(head, 1, 8, f) != 8) return -2;
  if (n && fwrite(d, 1, n, f) != n) return -2;
  return fwrite(tail, 1, 4, f) == 4 ? 0 : -2;
}

/* the zlib stream (header 78 01: deflate, 32 KB window, no dictionary; the bands; the Adler-32
 * of the whole, big-endian) as IDAT chunks of at most MAX_CHUNK bytes */
static int idat(FILE *f, band *b, int nb)
{
  uLong adler = adler32(0L, Z_NULL, 0);
  size_t total = 2 + 4;
  for (int k = 0; k < nb; k++) {
    adler = adler32_combine(adler, b[k].adler, (z_off_t)b[k].nraw);
    total += b[k].nout;
  }
  unsigned char *s = malloc(total);
  if (!s) return -1;
  s[0] = 0x78;
  s[1] = 0x01;   /* (0x78 * 256 + 0x01) % 31 == 0 (RFC 1950, FCHECK) */
  size_t at = 2;
  for (int k = 0; k < nb; k++) {
    memcpy(s + at, b[k].out, b[k].nout);
    at += b[k].nout;
  }
  be32(s + at, (uint32_t)adler);
  int rc = 0;
  for (size_t off = 0; off < total && !rc; off += MAX_CHUNK)
    rc = chunk(f, "IDAT", s + off, total - off < MAX_CHUNK ? total - off : MAX_CHUNK);
  free(s);
  return rc;
}

int sn_png_write_rgb24(FILE *f, const unsigned char *data, int w, int h, int stride, int parts)
{
  static const unsigned char sig[8] = {137, 80, 78, 71, 13, 10, 26, 10};
  if (!f || !data || w <= 0 || h <= 0 || stride < 4 * w) return -1;
  int nb = parts < 1 ? 1 : parts > MAX_PARTS ? MAX_PARTS : parts;
  if (nb > h) nb = h;
  band b[MAX_PARTS];
  sn_task t[MAX_PARTS];
  for (int k = 0; k < nb; k++) {
    b[k] = (band){data, w, stride, (int)((long long)h * k / nb), (int)((long long)h * (k + 1) / nb), k == nb - 1,
                  NULL, 0, 0, 0, 0};
    t[k] = (sn_task)SN_TASK_INIT;
  }
  for (int k = 1; k < nb; k++) sn_task_start(&t[k], band_run, &b[k]);
  band_run(&b[0]);
  int rc = 0;
  for (int k = 1; k < nb; k++) sn_task_join(&t[k]);
  for (int k = 0; k < nb; k++)
    if (!b[k].ok) rc = -1;
  unsigned char ihdr[13];
  be32(ihdr, (uint32_t)w);
  be32(ihdr + 4, (uint32_t)h);
  ihdr[8] = 8;    /* bits per sample */
  ihdr[9] = 2;    /* colour type: RGB */
  ihdr[10] = 0;   /* compression: deflate */
  ihdr[11] = 0;   /* filter method 0 (five filter types) */
  ihdr[12] = 0;   /* no interlace */
  if (!rc) rc = fwrite(sig, 1, 8, f) == 8 ? 0 : -2;
  if (!rc) rc = chunk(f, "IHDR", ihdr, 13);
  if (!rc) rc = idat(f, b, nb);
  if (!rc) rc = chunk(f, "IEND", NULL, 0);
  for (int k = 0; k < nb; k++) free(b[k].out);
  return rc;
}
