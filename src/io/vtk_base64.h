/* Internal to src/io: the pieces of the VTK XML writers shared by vtu_writer.c (finite-element
 * results) and scene_output.c (rigid-body scenes): base64 of one stream written as it comes
 * (RFC 4648 alphabet, '=' padding), XML text escaping, the machine's byte order name.
 * Implemented in vtk_base64.c. */
#ifndef SN_IO_VTK_BASE64_H
#define SN_IO_VTK_BASE64_H

#include <stddef.h>
#include <stdio.h>

typedef struct {
  FILE *f;
  unsigned char in[3];   /* bytes waiting for a group of three */
  int n;
  size_t nout;
  char out[4096];        /* encoded text waiting for fwrite */
} sn_b64;

/* encode len bytes (write errors set the stream's error flag) */
void sn_b64_put(sn_b64 *e, const void *data, size_t len);
/* pad the last group and write what is buffered; e can then start a new stream */
void sn_b64_end(sn_b64 *e);
/* s with & < > " ' escaped, tab / newline / CR as character references, other control
 * characters as '?' (XML 1.0 allows none) */
void sn_xml_text(FILE *f, const char *s);
/* "LittleEndian" or "BigEndian" */
const char *sn_host_byte_order(void);

#endif
