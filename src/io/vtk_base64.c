/* base64 of a stream, XML escaping and byte order for the VTK XML writers (vtk_base64.h). */
#include "io/vtk_base64.h"

#include <stdint.h>
#include <string.h>

static const char B64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

static void flush_out(sn_b64 *e)
{
  fwrite(e->out, 1, e->nout, e->f);   /* a failure sets the stream's error flag */
  e->nout = 0;
}

/* one group of n (1, 2, 3) bytes as four characters */
static void group(sn_b64 *e, const unsigned char *in, int n)
{
  unsigned v = (unsigned)in[0] << 16 | (unsigned)(n > 1 ? in[1] : 0) << 8 | (unsigned)(n > 2 ? in[2] : 0);
  if (e->nout + 4 > sizeof e->out) flush_out(e);
  e->out[e->nout++] = B64[v >> 18 & 63];
  e->out[e->nout++] = B64[v >> 12 & 63];
  e->out[e->nout++] = n > 1 ? B64[v >> 6 & 63] : '=';
  e->out[e->nout++] = n > 2 ? B64[v & 63] : '=';
}

void sn_b64_put(sn_b64 *e, const void *data, size_t len)
{
  const unsigned char *p = data;
  while (len > 0 && e->n > 0) {        /* complete the waiting group */
    e->in[e->n++] = *p++;
    len--;
    if (e->n == 3) {
      group(e, e->in, 3);
      e->n = 0;
    }
  }
  for (; len >= 3; p += 3, len -= 3) group(e, p, 3);
  for (; len > 0; len--) e->in[e->n++] = *p++;
}

void sn_b64_end(sn_b64 *e)
{
  if (e->n) group(e, e->in, e->n);
  e->n = 0;
  flush_out(e);
}

void sn_xml_text(FILE *f, const char *s)
{
  for (; *s; s++) {
    switch (*s) {
    case '&': fputs("&amp;", f); break;
    case '<': fputs("&lt;", f); break;
    case '>': fputs("&gt;", f); break;
    case '"': fputs("&quot;", f); break;
    case '\'': fputs("&apos;", f); break;
    default:
      /* XML 1.0 allows no other control characters, not even as references */
      if (*s == '\t' || *s == '\n' || *s == '\r') fprintf(f, "&#%d;", *s);
      else if ((unsigned char)*s < 0x20) fputc('?', f);
      else fputc(*s, f);
    }
  }
}

const char *sn_host_byte_order(void)
{
  const uint16_t one = 1;
  unsigned char b;
  memcpy(&b, &one, 1);
  return b ? "LittleEndian" : "BigEndian";
}
