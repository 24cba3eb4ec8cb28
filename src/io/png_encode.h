/* Internal to the plot module: an RGB24 image (cairo's 0x00RRGGBB words) written as a PNG file
 * (ISO/IEC 15948, the PNG specification): 8-bit RGB, no interlace, every row with the Up filter
 * (the row minus the one above: a chart's flat areas and vertical lines become runs of zeros),
 * one zlib stream of deflate level 1 (memLevel 6) in IDAT chunks.
 *
 * The rows are cut into `parts` bands compressed at once on threads of their own (as pigz does:
 * each band is a raw deflate stream of its own; every band but the last ends with a sync flush,
 * which closes it on a byte boundary without marking it the last block, so that the bands
 * concatenate into one valid stream; the Adler-32 of the whole is combined from the bands'
 * (zlib's adler32_combine)). The file is the same bytes whatever the number of threads running
 * it; it depends on `parts`. A band does not refer back into the band before it, which costs a
 * few hundred bytes a band.
 *
 * Returns 0, or -1 when memory or zlib failed, -2 when writing to f failed. */
#ifndef SN_IO_PNG_ENCODE_H
#define SN_IO_PNG_ENCODE_H

#include <stdio.h>

int sn_png_write_rgb24(FILE *f, const unsigned char *data, int w, int h, int stride, int parts);

#endif
