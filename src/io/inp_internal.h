/* Internal to src/io and src/deck: the bounded opening and line reading of files
 * (bounded_read.c) that the deck, scene and problem-file readers share, and *INCLUDE's
 * confinement to the deck's folder tree (inp_confine.c). The deck reader itself is src/deck/
 * (inp_internal.h there). */
#ifndef SN_IO_INP_INTERNAL_H
#define SN_IO_INP_INTERNAL_H

#include <stddef.h>
#include <stdio.h>

#include "signorini/io.h"

/* Open path for reading when it is a regular file of at most max bytes, without blocking on
 * a FIFO and without reading anything: SN_OK and *f (and *size), or SN_ERR_IO with *err an
 * errno value -- EINVAL: not a regular file (EISDIR for a folder), EFBIG: larger than max. */
int sn_io_open_bounded(const char *path, unsigned long long max, FILE **f, unsigned long long *size, int *err);
/* The same checks without opening (for readers that open by name, as HDF5 does). */
int sn_io_check_bounded(const char *path, unsigned long long max, int *err);
/* "not a regular file", "larger than N bytes" or strerror(err), into buf */
const char *sn_io_reason(int err, unsigned long long max, char *buf, size_t cap);
/* "cannot read PATH: reason" (sn_io_reason's) into buf (when buf and cap > 0): the message
 * of every reader for a file it cannot open or read. Returns SN_ERR_IO. */
int sn_io_cannot_read(char *buf, size_t cap, const char *path, int err, unsigned long long max);

/* *INCLUDE confinement (inp_confine.c). The resolved absolute path of path (malloc'ed; NULL
 * when out of memory or nothing of it resolves): realpath's when it exists; otherwise its
 * longest existing prefix resolved, the rest appended with "." and ".." applied, and *missing
 * the errno of the failed realpath (ENOENT, ENOTDIR; 0 when it exists). */
char *sn_io_resolve_any(const char *path, int *missing);
/* real (resolved) lies in the folder tree of root (resolved) */
int sn_io_inside(const char *root, const char *real);
/* the opened f is inside root's tree (Linux: by the path of its descriptor), or else is the
 * file at real: a symbolic link swapped after the check did not lead out */
int sn_io_opened_inside(FILE *f, const char *root, const char *real);

/* The next line of f into buf (cap >= 2 bytes; the '\n' dropped, NUL-terminated), reading at
 * most cap - 1 bytes of it: 1 a line, 0 the end of the file, -1 a read error (errno), -2 the
 * line does not fit (the rest of it is left unread). *len: the bytes stored; *nul: 1 when
 * the line holds a NUL byte. */
int sn_io_getline(FILE *f, char *buf, size_t cap, size_t *len, int *nul);

/* The next line of a text held in memory, bytes buf[*pos ..] up to the next '\n' (dropped),
 * into out (cap >= 2 bytes, NUL-terminated) when it fits: 1 a line, 0 the end of the text, -2
 * the line holds more than cap - 1 bytes (not copied). *pos moves past the line either way;
 * *len: its bytes; *end: 1 when a '\n' ended it; *nul: 1 when it holds a NUL byte. */
int sn_io_memline(const char *buf, size_t size, size_t *pos, char *out, size_t cap, size_t *len, size_t *end, int *nul);

/* A line read (len bytes): a trailing '\r' dropped and, on a file's first line, the UTF-8 byte
 * order mark; *len updated. */
void sn_io_line_clean(char *line, size_t *len, int first);

#endif
