/* CalculiX' ASCII result file (.frd) as CalculiX GraphiX reads it (cgx 2.20 manual, "Result
 * Format"; the record layout checked against the .frd files ccx 2.20 writes):
 *
 *       1C<name>                                  header
 *       2C                  <nnodes>          1   nodes:    " -1" id(I10) x y z (E12.5)
 *       3C                  <nelems>          1   elements: " -1" id(I10) type(I5) 0(I5)
 *                                                 material(I5), then " -2" and the nodes
 *                                                 (I10, ten a line); each block ends " -3"
 *       1PSTEP <block(I26)> <output increment(I12)> <step(I12)>    one result block:
 *     100CL<100 + output increment(I5)><time(E12.5)><nodes(I12)> ... its time and node count
 *     -4  NAME    <ncomp(I5)>    1
 *     -5  COMP        1 <type(I5)> <i(I5)> <j(I5)>   per component (type 1 scalar, 2
 *                                                    vector, 4 tensor)
 *     -1 id(I10) values (E12.5)                       per node, then " -3"
 *   9999                                          end of file
 *
 * Element types of the 3C block: he8 1, pe6 2, te4 3, he20 4, pe15 5, te10 6, tr3 7, tr6 8,
 * qu4 9, qu8 10, be2 11 (chosen by the element's node count and dimension); the 20- and
 * 15-node solids list their nodes with the last two groups of midside nodes swapped
 * (CalculiX' order 1-12, 17-20, 13-16 in the .frd, as ccx writes C3D20).
 *
 * Atomicity: as sn_results (results_writer.c): the blocks of the increment in progress are
 * kept in memory; the first sn_frd_flush() writes the file under a temporary name renamed over
 * it, the next ones write their blocks in place over the end mark and the end mark after them,
 * once the file is checked to be what the last flush left (sn_outfile_append, file_append.c). sn_frd_open_deferred (a run's writer, io/out_file.h)
 * keeps the model's text in memory with the blocks of the first increment: the first flush
 * writes the file once, where sn_frd_open's own commit and the first flush wrote (and renamed)
 * the model's nodes and elements twice. */
#define _POSIX_C_SOURCE 200809L

#include "signorini/io.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/task.h"
#include "io/num_format.h"
#include "io/out_file.h"

#define FRD_END " 9999\n"

struct sn_frd {
  char *path;
  int nosync;            /* commits rename without fsync (sn_frd_set_nosync) */
  sn_append_guard *guard;   /* a run's: its appends announced to the signal handler */
  long long committed;   /* bytes of the file before its end mark */
  char *buf;             /* the blocks not committed yet */
  size_t len, cap;
  int nset;              /* result blocks so far (the PSTEP counter) */
  int kode, kstep, kinc; /* output increments so far; the step and increment of the last */
  sn_outfile pre;        /* sn_frd_prewrite: the first commit's temporary, the model's text in it */
  int has_pre;
  int lost;              /* a first commit that failed after the prewrite: the text is gone */
  long long pre_len;     /* the bytes written into it */
};

static int frd_printf(sn_frd *f, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
static int frd_printf(sn_frd *f, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(f->buf ? f->buf + f->len : NULL, f->buf ? f->cap - f->len : 0, fmt, ap);
  va_end(ap);
  if (n < 0) return SN_ERR_ARG;
  if (!f->buf || f->len + (size_t)n + 1 > f->cap) {
    size_t cap = f->cap ? f->cap : 65536;
    while (cap < f->len + (size_t)n + 1) cap *= 2;
    char *b = realloc(f->buf, cap);
    if (!b) return SN_ERR_NOMEM;
    f->buf = b;
    f->cap = cap;
    va_start(ap, fmt);
    vsnprintf(f->buf + f->len, f->cap - f->len, fmt, ap);
    va_end(ap);
  }
  f->len += (size_t)n;
  return SN_OK;
}

/* room for n more bytes and a NUL at the end of the buffer; NULL when out of memory */
static char *frd_room(sn_frd *f, size_t n)
{
  if (!f->buf || f->len + n + 1 > f->cap) {
    size_t cap = f->cap ? f->cap : 65536;
    while (cap < f->len + n + 1) cap *= 2;
    char *b = realloc(f->buf, cap);
    if (!b) return NULL;
    f->buf = b;
    f->cap = cap;
  }
  return f->buf + f->len;
}

/* a node line: " -1", the id (I10), n values (E12.5); sn_fmt_E writes what "%12.5E" would */
#define FRD_ROW_MAX(n) (3 + SN_FMT_D_MAX(10) + (size_t)(n) * SN_FMT_E_MAX(12, 5) + 1)
/* the row's text at p (FRD_ROW_MAX(n) bytes of room); its end, NULL when a value cannot be formatted */
static char *row_text(char *p, int id, const double *v, int n)
{
  memcpy(p, " -1", 3);
  char *q = p + 3;
  int k = sn_fmt_d(q, id, 10);
  if (k < 0) return NULL;
  q += k;
  if ((k = sn_fmt_E_n(q, v, n, 12, 5)) < 0) return NULL;
  q += k;
  *q++ = '\n';
  return q;
}

static int frd_row(sn_frd *f, int id, const double *v, int n)
{
  char *p = frd_room(f, FRD_ROW_MAX(n));
  if (!p) return SN_ERR_NOMEM;
  char *q = row_text(p, id, v, n);
  if (!q) return SN_ERR_ARG;
  f->len += (size_t)(q - p);
  return SN_OK;
}

/* rows [i0, i1) of a block formatted at buf (the second half on a thread of its own, the first
 * on the caller's) */
typedef struct {
  const sn_frd_block *b;
  int i0, i1;
  char *buf;
  size_t len;
  int rc;
} row_part;

static void rows_part(void *arg)
{
  row_part *t = arg;
  char *q = t->buf;
  t->rc = SN_OK;
  for (int i = t->i0; i < t->i1; i++)
    if (!(q = row_text(q, t->b->id[i], t->b->val + (size_t)t->b->ncomp * i, t->b->ncomp))) {
      t->rc = SN_ERR_ARG;
      return;
    }
  t->len = (size_t)(q - t->buf);
}

/* a block of this many rows or more is formatted in two halves at once, the second on a thread
 * of its own (the bench Hertz deck's STRESS block, 15 593 rows, 1.3 MB of text: about 2 ms on
 * one thread at the end of a run, which nothing else overlaps) */
#define FRD_PAR_ROWS 8192

/* the rows of block b appended to f's buffer, which has room for every row at its longest
 * (sn_frd_add). The second half is formatted in that room where the first half's longest text
 * would end, then moved down behind the first half's text (a move within the buffer, no buffer
 * of its own: a fresh one was the first touch of a megabyte at the end of a run) */
static int block_rows(sn_frd *f, const sn_frd_block *b)
{
  int n = b->nrows, h = n >= FRD_PAR_ROWS ? n / 2 : n;
  size_t row = FRD_ROW_MAX(b->ncomp);
  if (f->len + (size_t)n * row + 1 > f->cap) return SN_ERR_ARG;   /* cannot happen: reserved */
  char *p = f->buf + f->len;
  row_part first = {b, 0, h, p, 0, SN_OK}, second = {b, h, n, p + (size_t)h * row, 0, SN_OK};
  sn_task task = SN_TASK_INIT;
  if (h < n) sn_task_start(&task, rows_part, &second);
  rows_part(&first);
  sn_task_join(&task);   /* nothing when none was started */
  int rc = first.rc ? first.rc : second.rc;
  if (rc) return rc;
  memmove(p + first.len, second.buf, second.len);
  f->len += first.len + second.len;
  return SN_OK;
}

/* an element: " -1" id(I10) type(I5) 0(I5) material(I5), then " -2" and its nodes' ids
 * (I10, ten a line) in the .frd order perm */
static int frd_element(sn_frd *f, int id, int type, int mat, const int *node_id, const int *conn, const int *perm,
                       int nn)
{
  char *p = frd_room(f, 3 + 4 * (size_t)SN_FMT_D_MAX(10) + 1 + (size_t)(nn / 10 + 1) * 4 + (size_t)nn * SN_FMT_D_MAX(10));
  if (!p) return SN_ERR_NOMEM;
  char *q = p;
  memcpy(q, " -1", 3);
  q += 3;
  q += sn_fmt_d(q, id, 10);
  q += sn_fmt_d(q, type, 5);
  q += sn_fmt_d(q, 0, 5);
  q += sn_fmt_d(q, mat, 5);
  *q++ = '\n';
  for (int a = 0; a < nn; a++) {
    if (a % 10 == 0) {
      memcpy(q, " -2", 3);
      q += 3;
    }
    q += sn_fmt_d(q, node_id[conn[perm[a]]], 10);
    if (a % 10 == 9 || a == nn - 1) *q++ = '\n';
  }
  f->len += (size_t)(q - p);
  return SN_OK;
}

/* the .frd element type and the position in the deck's connectivity of each .frd node; 0 for
 * an element the format has no type for */
static int frd_type(const sn_eldesc *d, int *perm)
{
  int n = d->nnodes, type = 0;
  for (int a = 0; a < n; a++) perm[a] = a;
  if (d->kind == SN_KIND_TRUSS || d->kind == SN_KIND_SPRING) return n == 2 ? 11 : 0;
  if (d->sdim == 3) {
    static const int solid[21] = {[8] = 1, [6] = 2, [4] = 3, [20] = 4, [15] = 5, [10] = 6};
    type = n <= 20 ? solid[n] : 0;
    if (n == 20)
      for (int a = 0; a < 4; a++) { perm[12 + a] = 16 + a; perm[16 + a] = 12 + a; }
    if (n == 15)
      for (int a = 0; a < 3; a++) { perm[9 + a] = 12 + a; perm[12 + a] = 9 + a; }
    return type;
  }
  static const int plane[9] = {[3] = 7, [6] = 8, [4] = 9, [8] = 10};
  return n <= 8 ? plane[n] : 0;
}

static int model_text(sn_frd *f, const sn_model *m)
{
  int rc = frd_printf(f, "    1C%s\n    1UPGM               signorini\n", "");
  int ne = 0, perm[32];
  for (int e = 0; e < m->nelems; e++) ne += frd_type(sn_element_desc(m->elem_type[e]), perm) > 0;
  if (!rc) rc = frd_printf(f, "    2C%30d%38d\n", m->nnodes, 1);
  for (int i = 0; i < m->nnodes && !rc; i++) rc = frd_row(f, m->node_id[i], m->x + 3 * i, 3);
  if (!rc) rc = frd_printf(f, " -3\n    3C%30d%38d\n", ne, 1);
  for (int e = 0; e < m->nelems && !rc; e++) {
    const sn_eldesc *d = sn_element_desc(m->elem_type[e]);
    int type = frd_type(d, perm), sec = m->elem_section ? m->elem_section[e] : -1;
    if (!type) continue;
    int mat = (sec >= 0 && !(m->elem_spring && m->elem_spring[e] >= 0) && sec < m->nsections)
                  ? m->sections[sec].material + 1 : 1;
    rc = frd_element(f, m->elem_id[e], type, mat, m->node_id, m->elem_conn + m->elem_ptr[e], perm, d->nnodes);
  }
  if (!rc) rc = frd_printf(f, " -3\n");
  return rc;
}

void sn_frd_set_nosync(sn_frd *f, int nosync)
{
  if (f) f->nosync = nosync != 0;
}

void sn_frd_set_guard(sn_frd *f, sn_append_guard *g)
{
  if (f) f->guard = g;
}

/* the new blocks and the end mark: after the committed bytes in place, or, the first time, the
 * whole file under a temporary name, renamed */
static int commit(sn_frd *f, char *msg, size_t msglen)
{
  sn_outfile o;
  int rc = SN_OK;
  long long pre = 0;
  if (f->lost)
    return sn_outfile_fail(msg, msglen, SN_ERR_IO, f->path, "not written: an earlier write of it failed and took "
                           "the model's text with it");
  if (f->committed > 0) {
    if ((rc = sn_outfile_append(f->path, f->committed, FRD_END, strlen(FRD_END), f->buf, f->len, f->nosync, f->guard,
                                msg, msglen)))
      return rc;
    f->committed += (long long)f->len;
    f->len = 0;
    return SN_OK;
  }
  if (f->has_pre) {   /* the model's text already in the temporary (sn_frd_prewrite) */
    o = f->pre;
    pre = f->pre_len;
    f->has_pre = 0;
  } else {
    if ((rc = sn_outfile_create(&o, f->path, msg, msglen))) return rc;
    o.nosync = f->nosync;
  }
  if (f->len && fwrite(f->buf, 1, f->len, o.f) != f->len)
    rc = sn_outfile_fail(msg, msglen, SN_ERR_IO, f->path, "write failed");
  if (!rc && fputs(FRD_END, o.f) == EOF) rc = sn_outfile_fail(msg, msglen, SN_ERR_IO, f->path, "write failed");
  if ((rc = sn_outfile_finish(&o, rc, msg, msglen))) {
    f->lost = pre > 0;   /* the temporary held the text, now removed: no later commit without it */
    return rc;
  }
  f->committed += pre + (long long)f->len;
  f->len = 0;
  return SN_OK;
}

int sn_frd_prewrite(sn_frd *f, char *msg, size_t msglen)
{
  if (msg && msglen) msg[0] = '\0';
  if (!f) return SN_ERR_ARG;
  if (f->committed > 0 || f->has_pre || f->nset > 0 || f->len == 0) return SN_OK;   /* nothing to do */
  int rc = sn_outfile_create(&f->pre, f->path, msg, msglen);
  if (rc) return rc;
  f->pre.nosync = f->nosync;
  if (fwrite(f->buf, 1, f->len, f->pre.f) != f->len || fflush(f->pre.f) != 0) {   /* in the kernel's hands now */
    rc = sn_outfile_fail(msg, msglen, SN_ERR_IO, f->path, "write failed");
    sn_outfile_finish(&f->pre, rc, NULL, 0);   /* the temporary removed; the text stays in memory */
    return rc;
  }
  f->has_pre = 1;
  f->pre_len = (long long)f->len;
  f->len = 0;
  return SN_OK;
}

/* the writer with the model's text in memory, nothing on disk yet */
static int frd_start(const char *path, const sn_model *m, int nosync, sn_frd **out, char *msg, size_t msglen)
{
  if (msg && msglen) msg[0] = '\0';
  if (!out || !path || !m) return sn_outfile_fail(msg, msglen, SN_ERR_ARG, path, "no model or place for the result");
  *out = NULL;
  sn_frd *f = calloc(1, sizeof *f);
  if (f) f->path = malloc(strlen(path) + 1);
  if (!f || !f->path) {
    free(f);
    return sn_outfile_fail(msg, msglen, SN_ERR_NOMEM, path, "out of memory");
  }
  strcpy(f->path, path);
  f->nosync = nosync != 0;
  int rc = model_text(f, m);
  if (rc) {
    sn_frd_close(f);
    return sn_outfile_fail(msg, msglen, rc, path, rc == SN_ERR_NOMEM ? "out of memory" : "cannot format a row");
  }
  *out = f;
  return SN_OK;
}

int sn_frd_open(const char *path, const sn_model *m, sn_frd **out, char *msg, size_t msglen)
{
  int rc = frd_start(path, m, 0, out, msg, msglen);
  if (!rc && (rc = commit(*out, msg, msglen))) {
    sn_frd_close(*out);
    *out = NULL;
  }
  return rc;
}

int sn_frd_open_deferred(const char *path, const sn_model *m, int nosync, sn_frd **out, char *msg, size_t msglen)
{
  return frd_start(path, m, nosync, out, msg, msglen);
}

int sn_frd_add(sn_frd *f, const sn_frd_block *b, char *msg, size_t msglen)
{
  if (msg && msglen) msg[0] = '\0';
  if (!f || !b || !b->name || b->ncomp < 1 || b->ncomp > 6 || !b->comp || b->nrows < 0 ||
      (b->nrows > 0 && (!b->id || !b->val)))
    return sn_outfile_fail(msg, msglen, SN_ERR_ARG, f ? f->path : NULL, "bad .frd block");
  size_t mark = f->len;
  /* the block's room at once (sn_frd_reserve may have made it already): grown by doubling,
   * the buffer of the bench Hertz deck's blocks (2 MB) was copied and faulted in again and again */
  if (!frd_room(f, sn_frd_block_bytes(b->nrows, b->ncomp)))
    return sn_outfile_fail(msg, msglen, SN_ERR_NOMEM, f->path, "out of memory");
  int type = b->tensor ? 4 : b->ncomp == 1 ? 1 : 2;
  /* the tensor components' index pairs, in the order of comp (xx yy zz xy yz zx) */
  static const int ti[6] = {1, 2, 3, 1, 2, 3}, tj[6] = {1, 2, 3, 2, 3, 1};
  if (!f->kode || b->step != f->kstep || b->increment != f->kinc) {   /* a new output increment */
    f->kode++;
    f->kstep = b->step;
    f->kinc = b->increment;
  }
  /* PSTEP: block number, output increment, step. 100CL: 100 + output increment, the time, the
   * node count, analysis type 0 (static), the output increment, format 1 (ids in 10 columns) */
  int rc = frd_printf(f, "    1PSTEP%26d%12d%12d\n", f->nset + 1, f->kode, b->step);
  if (!rc)
    rc = frd_printf(f, "  100CL%5d%12.5E%12d%20s%2d%5d%10s%2d\n", 100 + f->kode, b->time, b->nrows, "", 0, f->kode, "", 1);
  if (!rc) rc = frd_printf(f, " -4  %-8.8s%5d%5d\n", b->name, b->ncomp + (b->vector_all ? 1 : 0), 1);
  for (int c = 0; c < b->ncomp && !rc; c++)
    rc = frd_printf(f, " -5  %-8.8s%5d%5d%5d%5d\n", b->comp[c], 1, type, b->tensor ? ti[c] : type == 1 ? 0 : c + 1,
                    b->tensor ? tj[c] : 0);
  if (!rc && b->vector_all) rc = frd_printf(f, " -5  %-8.8s%5d%5d%5d%5d%5dALL\n", "ALL", 1, type, 0, 0, 1);
  if (!rc) rc = block_rows(f, b);
  if (!rc) rc = frd_printf(f, " -3\n");
  if (rc) {
    f->len = mark;
    return sn_outfile_fail(msg, msglen, rc, f->path, rc == SN_ERR_NOMEM ? "out of memory" : "cannot format a row");
  }
  f->nset++;
  return SN_OK;
}

/* sn_frd_reserve's most: beyond it the blocks' own formatting outweighs the faults it saves,
 * and a model of millions of nodes should not hold its output buffer from the first increment */
#define FRD_RESERVE_MAX ((size_t)64 << 20)

/* the header lines (PSTEP, 100CL, -4, at most six -5 and the ALL line, -3: under 512 bytes)
 * and the rows */
size_t sn_frd_block_bytes(long long nrows, int ncomp)
{
  if (nrows < 0) nrows = 0;
  if (ncomp < 1) ncomp = 1;
  return 512 + (size_t)nrows * FRD_ROW_MAX(ncomp);
}

int sn_frd_reserve(sn_frd *f, size_t bytes)
{
  if (!f) return SN_ERR_ARG;
  if (bytes > FRD_RESERVE_MAX) bytes = FRD_RESERVE_MAX;
  char *p = frd_room(f, bytes);
  if (!p) return SN_ERR_NOMEM;
  memset(p, 0, bytes);   /* the pages touched here, not when the blocks are formatted */
  return SN_OK;
}

int sn_frd_flush(sn_frd *f, char *msg, size_t msglen)
{
  if (msg && msglen) msg[0] = '\0';
  if (!f) return sn_outfile_fail(msg, msglen, SN_ERR_ARG, NULL, "no .frd file");
  if (!f->len && !f->has_pre) return SN_OK;   /* a prewritten text is committed even without blocks */
  return commit(f, msg, msglen);
}

void sn_frd_close(sn_frd *f)
{
  if (!f) return;
  if (f->has_pre) sn_outfile_finish(&f->pre, SN_ERR_IO, NULL, 0);   /* never committed: removed */
  free(f->path);
  free(f->buf);
  free(f);
}
