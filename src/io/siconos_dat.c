/* Siconos text .dat readers: LCP, local (2D/3D) and global frictional contact problems.
 *
 * The layouts are those of Siconos numerics' *_printInFile writers (whitespace-separated,
 * line breaks carry no meaning, read here as a stream of tokens):
 *
 *   LCP     n, matrix M (n x n), q (n)
 *   local   dim, nc, matrix W (dim nc x dim nc), q (dim nc), mu (nc)
 *   global  dim, nc, matrix M (ndof x ndof), matrix H (ndof x dim nc), f (ndof), w (dim nc), mu (nc)
 *
 * and a matrix (NumericsMatrix) is: storage type, rows, columns, then
 *   0 dense         rows, columns again, then rows*columns numbers column by column;
 *   1 sparse-block  number of blocks nb (nothing more if 0), block rows bn0, block columns bn1,
 *                   the bn0 cumulated row sizes, the bn1 cumulated column sizes, filled1, filled2
 *                   (= nb), the filled1 block-row pointers, the filled2 block-column indices,
 *                   then block by block (block rows in order): its number, then its entries
 *                   column by column;
 *   2 sparse        an optional origin (1 triplet, 2 compressed column), the CSparse print:
 *                   "CSparse Version ..." line, then "M-by-N, nzmax: Z nnz: K, 1-norm: X" and per
 *                   column "col j : locations a to b" followed by "i : value" lines, or
 *                   "triplet: M-by-N, nzmax: Z nnz: K" followed by K "i j : value" lines.
 *
 * After the problem, Siconos' test files may carry one integer (a flag, ignored) and lines of
 * text (remarks); anything else is an error. Exact zeros are not stored in the matrices. */
#include "signorini/io.h"

#include "io/text_scan.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- a growing list of (row, column, value) triplets, exact zeros left out ---- */
typedef struct {
  int *i, *j;
  double *x;
  size_t nz, cap;
} trip;

static int trip_grow(trip *T, size_t cap)
{
  int *ni = realloc(T->i, cap * sizeof(int));
  if (!ni) return SN_ERR_NOMEM;
  T->i = ni;
  int *nj = realloc(T->j, cap * sizeof(int));
  if (!nj) return SN_ERR_NOMEM;
  T->j = nj;
  double *nx = realloc(T->x, cap * sizeof(double));
  if (!nx) return SN_ERR_NOMEM;
  T->x = nx;
  T->cap = cap;
  return SN_OK;
}

static int trip_push(trip *T, int i, int j, double x)
{
  if (x == 0.0) return SN_OK;
  if (T->nz == T->cap && trip_grow(T, T->cap ? 2 * T->cap : 256)) return SN_ERR_NOMEM;
  T->i[T->nz] = i;
  T->j[T->nz] = j;
  T->x[T->nz++] = x;
  return SN_OK;
}

static void trip_free(trip *T)
{
  free(T->i);
  free(T->j);
  free(T->x);
}

static int nomem(sn_scan *s) { return sn_scan_fail(s, SN_ERR_NOMEM, sn_scan_line(s), "out of memory"); }

/* ---- the three matrix storages ---- */

/* dense: the sizes again, then m*n numbers column by column */
static int read_dense(sn_scan *s, const char *name, int m, int n, trip *T)
{
  int r, c, lr, lc, st;
  char what[32];
  if ((st = sn_scan_int(s, "the number of rows (dense header)", 0, INT_MAX, 0, &r, &lr))) return st;
  if ((st = sn_scan_int(s, "the number of columns (dense header)", 0, INT_MAX, 0, &c, &lc))) return st;
  if (r != m) return sn_scan_fail(s, SN_ERR_FORMAT, lr, "dense %s header says %d rows, the matrix header %d", name, r, m);
  if (c != n) return sn_scan_fail(s, SN_ERR_FORMAT, lc, "dense %s header says %d columns, the matrix header %d", name, c, n);
  size_t count = (size_t)m * (size_t)n;
  if (count > sn_scan_capacity(s))
    return sn_scan_fail(s, SN_ERR_FORMAT, lr, "dense %s of %d x %d: %zu numbers cannot fit in the rest of the file",
                        name, m, n, count);
  snprintf(what, sizeof what, "%s(%%d, %%d)", name);
  for (int j = 0; j < n; j++)
    for (int i = 0; i < m; i++) {
      double v;
      if ((st = sn_scan_double(s, what, i, j, &v, NULL))) return st;
      if (trip_push(T, i, j, v)) return nomem(s);
    }
  return SN_OK;
}

/* cumulated block sizes: strictly increasing, the last one equal to size */
static int read_block_sizes(sn_scan *s, const char *name, const char *rc, int nb, int size, int *bs)
{
  int st, line = 0;
  char what[64];
  snprintf(what, sizeof what, "a cumulated block %s size of %s", rc, name);
  for (int k = 0; k < nb; k++)
    if ((st = sn_scan_int(s, what, k ? (long)bs[k - 1] + 1 : 1, size, 0, &bs[k], &line))) return st;
  if (bs[nb - 1] != size)
    return sn_scan_fail(s, SN_ERR_FORMAT, line, "the last block %s boundary of %s is %d, %s has %d %ss", rc, name,
                        bs[nb - 1], name, size, rc);
  return SN_OK;
}

/* sparse-block (SBM): see the layout at the top of the file */
static int read_sbm(sn_scan *s, const char *name, int m, int n, trip *T)
{
  int nb, bn0, bn1, filled1, filled2, line, st;
  int *bs0 = NULL, *bs1 = NULL, *ptr = NULL, *col = NULL, *mark = NULL;
  char what[64];
  snprintf(what, sizeof what, "the number of blocks of %s", name);
  if ((st = sn_scan_int(s, what, 0, INT_MAX, 0, &nb, &line))) return st;
  if (nb == 0) return SN_OK;                                    /* a zero matrix */
  if ((size_t)nb > sn_scan_capacity(s))
    return sn_scan_fail(s, SN_ERR_FORMAT, line, "%d blocks cannot fit in the rest of the file", nb);
  snprintf(what, sizeof what, "the number of block rows of %s", name);
  if ((st = sn_scan_int(s, what, 1, m, 0, &bn0, NULL))) return st;
  snprintf(what, sizeof what, "the number of block columns of %s", name);
  if ((st = sn_scan_int(s, what, 1, n, 0, &bn1, &line))) return st;
  if ((size_t)bn0 + (size_t)bn1 > sn_scan_capacity(s))
    return sn_scan_fail(s, SN_ERR_FORMAT, line, "%d + %d block sizes cannot fit in the rest of the file", bn0, bn1);
  bs0 = malloc(sizeof(int) * (size_t)bn0);
  bs1 = malloc(sizeof(int) * (size_t)bn1);
  mark = malloc(sizeof(int) * (size_t)bn1);
  if (!bs0 || !bs1 || !mark) { st = nomem(s); goto done; }
  if ((st = read_block_sizes(s, name, "row", bn0, m, bs0))) goto done;
  if ((st = read_block_sizes(s, name, "column", bn1, n, bs1))) goto done;
  snprintf(what, sizeof what, "filled1 (block rows + 1) of %s", name);
  if ((st = sn_scan_int(s, what, 2, (long)bn0 + 1, 0, &filled1, NULL))) goto done;
  snprintf(what, sizeof what, "filled2 (number of blocks) of %s", name);
  if ((st = sn_scan_int(s, what, nb, nb, 0, &filled2, NULL))) goto done;
  ptr = malloc(sizeof(int) * (size_t)filled1);
  col = malloc(sizeof(int) * (size_t)nb);
  if (!ptr || !col) { st = nomem(s); goto done; }
  /* block-row pointers: 0, non-decreasing, ending at nb */
  snprintf(what, sizeof what, "a block-row pointer of %s", name);
  for (int k = 0; k < filled1; k++)
    if ((st = sn_scan_int(s, what, k ? ptr[k - 1] : 0, k ? nb : 0, 0, &ptr[k], &line))) goto done;
  if (ptr[filled1 - 1] != nb) {
    st = sn_scan_fail(s, SN_ERR_FORMAT, line, "the last block-row pointer of %s is %d, expected %d blocks", name,
                      ptr[filled1 - 1], nb);
    goto done;
  }
  /* block-column indices: in range, no block twice in a block row */
  snprintf(what, sizeof what, "a block-column index of %s", name);
  for (int k = 0; k < bn1; k++) mark[k] = -1;
  for (int r = 0, k = 0; k < nb; k++) {
    while (ptr[r + 1] <= k) r++;
    if ((st = sn_scan_int(s, what, 0, bn1 - 1, 0, &col[k], &line))) goto done;
    if (mark[col[k]] == r) {
      st = sn_scan_fail(s, SN_ERR_FORMAT, line, "block (%d, %d) of %s is given twice", r, col[k], name);
      goto done;
    }
    mark[col[k]] = r;
  }
  /* the entries, block by block, each preceded by its number */
  size_t total = 0, room = sn_scan_capacity(s);
  for (int r = 0; r + 1 < filled1; r++)
    for (int k = ptr[r]; k < ptr[r + 1]; k++) {
      total += 1 + (size_t)(bs0[r] - (r ? bs0[r - 1] : 0)) * (size_t)(bs1[col[k]] - (col[k] ? bs1[col[k] - 1] : 0));
      if (total > room) {
        st = sn_scan_fail(s, SN_ERR_FORMAT, line, "the blocks of %s cannot fit in the rest of the file", name);
        goto done;
      }
    }
  if (trip_grow(T, total)) { st = nomem(s); goto done; }
  snprintf(what, sizeof what, "%s(%%d, %%d)", name);
  for (int r = 0; r + 1 < filled1; r++)
    for (int k = ptr[r]; k < ptr[r + 1]; k++) {
      int id, c = col[k], r0 = r ? bs0[r - 1] : 0, c0 = c ? bs1[c - 1] : 0;
      char bwhat[64];
      snprintf(bwhat, sizeof bwhat, "the number of a block of %s", name);
      if ((st = sn_scan_int(s, bwhat, 0, INT_MAX, 0, &id, &line))) goto done;
      if (id != k) {
        st = sn_scan_fail(s, SN_ERR_FORMAT, line, "block %d of %s is numbered %d", k, name, id);
        goto done;
      }
      for (int j = c0; j < bs1[c]; j++)
        for (int i = r0; i < bs0[r]; i++) {
          double v;
          if ((st = sn_scan_double(s, what, i, j, &v, NULL))) goto done;
          if (trip_push(T, i, j, v)) { st = nomem(s); goto done; }
        }
    }
  st = SN_OK;
done:
  free(bs0);
  free(bs1);
  free(mark);
  free(ptr);
  free(col);
  return st;
}

/* "M-by-N" with an optional trailing comma */
static int parse_by(const char *t, size_t len, long *m, long *n)
{
  long v[2] = {0, 0};
  size_t i = 0;
  if (len && t[len - 1] == ',') len--;
  for (int k = 0; k < 2; k++) {
    size_t d = 0;
    while (i < len && t[i] >= '0' && t[i] <= '9' && d < 11) { v[k] = v[k] * 10 + (t[i++] - '0'); d++; }
    if (!d || (i < len && t[i] >= '0' && t[i] <= '9')) return 0;
    if (k == 0) {
      if (len - i < 4 || memcmp(t + i, "-by-", 4)) return 0;
      i += 4;
    }
  }
  *m = v[0];
  *n = v[1];
  return i == len;
}

/* sparse (CSparse print, compressed column or triplet) */
static int read_sparse(sn_scan *s, const char *name, int m, int n, trip *T)
{
  const char *t;
  size_t len;
  int line, st, origin = 0, nzmax, nnz;
  if (!sn_scan_token(s, &t, &len, &line))
    return sn_scan_fail(s, SN_ERR_FORMAT, line, "unexpected end of file: expected the sparse storage of %s", name);
  if (sn_scan_is_int(t, len)) {                      /* NumericsSparseMatrix origin */
    origin = (len == 1) ? t[0] - '0' : -1;
    if (origin == 3)
      return sn_scan_fail(s, SN_ERR_FORMAT, line, "%s: compressed-row sparse storage (origin 3) is not supported", name);
    if (origin != 1 && origin != 2)
      return sn_scan_fail(s, SN_ERR_FORMAT, line, "%s: unknown sparse origin %.*s (1 triplet, 2 compressed column)",
                          name, (int)(len < 12 ? len : 12), t);
    if (!sn_scan_token(s, &t, &len, &line))
      return sn_scan_fail(s, SN_ERR_FORMAT, line, "unexpected end of file: expected the CSparse header of %s", name);
  }
  if (len != 7 || memcmp(t, "CSparse", 7))
    return sn_scan_fail(s, SN_ERR_FORMAT, line, "expected the 'CSparse Version ...' header line of %s", name);
  sn_scan_skip_line(s);
  if (!sn_scan_token(s, &t, &len, &line))
    return sn_scan_fail(s, SN_ERR_FORMAT, line, "unexpected end of file: expected the size line of %s", name);
  int triplet = (len == 8 && !memcmp(t, "triplet:", 8));
  if (triplet && !sn_scan_token(s, &t, &len, &line))
    return sn_scan_fail(s, SN_ERR_FORMAT, line, "unexpected end of file: expected the size of %s", name);
  long pm, pn;
  if (!parse_by(t, len, &pm, &pn))
    return sn_scan_fail(s, SN_ERR_FORMAT, line, "expected the size 'M-by-N' of %s", name);
  if (pm != m || pn != n)
    return sn_scan_fail(s, SN_ERR_FORMAT, line, "sparse %s is %ld-by-%ld, the matrix header says %d x %d", name, pm, pn, m, n);
  if ((origin == 1 && !triplet) || (origin == 2 && triplet))
    return sn_scan_fail(s, SN_ERR_FORMAT, line, "sparse %s: origin %d does not match its %s print", name, origin,
                        triplet ? "triplet" : "compressed-column");
  if ((st = sn_scan_word(s, "nzmax:")) || (st = sn_scan_int(s, "nzmax", 0, INT_MAX, 1, &nzmax, NULL)) ||
      (st = sn_scan_word(s, "nnz:")) || (st = sn_scan_int(s, "nnz", 0, INT_MAX, 1, &nnz, &line)))
    return st;
  size_t need = triplet ? 4 * (size_t)nnz : 3 * (size_t)nnz + 7 * (size_t)n;
  if (need > sn_scan_capacity(s))
    return sn_scan_fail(s, SN_ERR_FORMAT, line, "sparse %s with %d entries cannot fit in the rest of the file", name, nnz);
  if (trip_grow(T, nnz ? (size_t)nnz : 1)) return nomem(s);
  char what[32];
  snprintf(what, sizeof what, "%s(%%d, %%d)", name);
  if (triplet) {
    for (int p = 0; p < nnz; p++) {
      int i, j;
      double v;
      if ((st = sn_scan_int(s, "a row index", 0, (long)m - 1, 0, &i, NULL)) ||
          (st = sn_scan_int(s, "a column index", 0, (long)n - 1, 0, &j, NULL)) || (st = sn_scan_word(s, ":")) ||
          (st = sn_scan_double(s, what, i, j, &v, NULL)))
        return st;
      if (trip_push(T, i, j, v)) return nomem(s);
    }
    return SN_OK;
  }
  sn_scan_skip_line(s);                              /* ", 1-norm: ..." */
  int count = 0;
  for (int j = 0; j < n; j++) {
    int jj, a, b;
    if ((st = sn_scan_word(s, "col")) || (st = sn_scan_int(s, "the column number", j, j, 0, &jj, NULL)) ||
        (st = sn_scan_word(s, ":")) || (st = sn_scan_word(s, "locations")) ||
        (st = sn_scan_int(s, "the first location", count, count, 0, &a, NULL)) || (st = sn_scan_word(s, "to")) ||
        (st = sn_scan_int(s, "the last location", (long)a - 1, (long)nnz - 1, 0, &b, NULL)))
      return st;
    for (int p = a; p <= b; p++) {
      int i;
      double v;
      if ((st = sn_scan_int(s, "a row index", 0, (long)m - 1, 0, &i, NULL)) || (st = sn_scan_word(s, ":")) ||
          (st = sn_scan_double(s, what, i, j, &v, NULL)))
        return st;
      if (trip_push(T, i, j, v)) return nomem(s);
    }
    count = b + 1;
  }
  if (count != nnz)
    return sn_scan_fail(s, SN_ERR_FORMAT, sn_scan_line(s), "the columns of %s hold %d entries, its header says %d", name,
                        count, nnz);
  return SN_OK;
}

/* A NumericsMatrix, m x n (a negative m or n: any; square: rows = columns), into *out.
 * *hline: the line of its storage type, for later messages about the matrix. */
static int read_matrix(sn_scan *s, const char *name, int m, int n, int square, sn_csc **out, int *hline)
{
  int storage, r, c, lr, lc, st;
  char what[96];
  *out = NULL;
  snprintf(what, sizeof what, "the storage type of %s (0 dense, 1 sparse-block, 2 sparse)", name);
  if ((st = sn_scan_int(s, what, 0, 2, 0, &storage, hline))) return st;
  snprintf(what, sizeof what, "the number of rows of %s", name);
  if ((st = sn_scan_int(s, what, 0, INT_MAX, 0, &r, &lr))) return st;
  snprintf(what, sizeof what, "the number of columns of %s", name);
  if ((st = sn_scan_int(s, what, 0, INT_MAX, 0, &c, &lc))) return st;
  if (m >= 0 && r != m) return sn_scan_fail(s, SN_ERR_FORMAT, lr, "%s has %d rows, expected %d", name, r, m);
  if (n >= 0 && c != n) return sn_scan_fail(s, SN_ERR_FORMAT, lc, "%s has %d columns, expected %d", name, c, n);
  if (square && r != c) return sn_scan_fail(s, SN_ERR_FORMAT, lc, "%s is %d x %d, not square", name, r, c);
  /* every size of these problems is also the length of a vector that follows in the file */
  size_t big = (size_t)(r > c ? r : c);
  if (big > sn_scan_capacity(s))
    return sn_scan_fail(s, SN_ERR_FORMAT, r > c ? lr : lc, "%s of %d x %d cannot fit in the rest of the file", name, r, c);
  trip T = {0};
  st = storage == 0 ? read_dense(s, name, r, c, &T) : storage == 1 ? read_sbm(s, name, r, c, &T)
                                                                 : read_sparse(s, name, r, c, &T);
  if (!st) {
    st = sn_csc_from_triplets(r, c, (int)T.nz, T.i, T.j, T.x, out);
    if (st == SN_ERR_NOMEM) st = nomem(s);
    else if (st) st = sn_scan_fail(s, SN_ERR_FORMAT, *hline, "%s: inconsistent entries", name);
  }
  trip_free(&T);
  return st;
}

/* n numbers into a new array (nonneg: each >= 0) */
static int read_vector(sn_scan *s, const char *what, int n, int nonneg, double **out)
{
  int st, line;
  *out = NULL;
  if ((size_t)n > sn_scan_capacity(s))
    return sn_scan_fail(s, SN_ERR_FORMAT, sn_scan_line(s), "%d numbers cannot fit in the rest of the file", n);
  double *x = malloc(sizeof(double) * (n > 0 ? (size_t)n : 1));
  if (!x) return nomem(s);
  for (int i = 0; i < n; i++) {
    if ((st = sn_scan_double(s, what, i, 0, &x[i], &line))) { free(x); return st; }
    if (nonneg && x[i] < 0) {
      char name[32];
      double v = x[i];
      snprintf(name, sizeof name, what, i, 0);
      free(x);
      return sn_scan_fail(s, SN_ERR_FORMAT, line, "%s = %g is negative", name, v);
    }
  }
  *out = x;
  return SN_OK;
}

/* after the problem: nothing, or one integer (a flag of Siconos' test files), then text only */
static int read_trailer(sn_scan *s)
{
  const char *t;
  size_t len;
  int line;
  if (!sn_scan_token(s, &t, &len, &line)) return SN_OK;
  if (sn_scan_is_int(t, len) && !sn_scan_token(s, &t, &len, &line)) return SN_OK;
  if (sn_scan_is_number(t, len))
    return sn_scan_fail(s, SN_ERR_FORMAT, line, "unexpected number '%.*s' after the end of the problem (wrong sizes?)",
                        (int)(len < 32 ? len : 32), t);
  do {
    for (size_t k = 0; k < len; k++)
      if ((unsigned char)t[k] < 0x20 || t[k] == 0x7f)
        return sn_scan_fail(s, SN_ERR_FORMAT, line, "binary data after the end of the problem");
  } while (sn_scan_token(s, &t, &len, &line));
  return SN_OK;
}

/* a failed validation of the assembled problem, reported at the line of its matrix */
static int invalid(sn_scan *s, int st, int line, const char *msg)
{
  if (st == SN_ERR_NOMEM) return nomem(s);
  return sn_scan_fail(s, SN_ERR_FORMAT, line, "invalid problem: %s", msg);
}

/* dim and nc of a frictional contact problem, with room for (dim + 1) nc numbers after them */
static int read_dim_nc(sn_scan *s, int *dim, int *nc)
{
  int st, line;
  if (sn_scan_at_end(s)) return sn_scan_fail(s, SN_ERR_FORMAT, 1, "empty file");
  if ((st = sn_scan_int(s, "the dimension (2 or 3)", 2, 3, 0, dim, NULL))) return st;
  if ((st = sn_scan_int(s, "the number of contacts", 1, INT_MAX, 0, nc, &line))) return st;
  if ((size_t)*nc > sn_scan_capacity(s) / (size_t)(*dim + 1))
    return sn_scan_fail(s, SN_ERR_FORMAT, line, "%d contacts cannot fit in the rest of the file", *nc);
  return SN_OK;
}

static int parse_fc(sn_scan *s, sn_fc **out)
{
  int dim, nc, hline = 1, st;
  char msg[256];
  *out = NULL;
  if ((st = read_dim_nc(s, &dim, &nc))) return st;
  sn_fc *P = calloc(1, sizeof *P);
  if (!P) return nomem(s);
  P->dim = dim;
  P->nc = nc;
  int n = dim * nc;
  if (!(st = read_matrix(s, "W", n, n, 0, &P->W, &hline)) && !(st = read_vector(s, "q[%d]", n, 0, &P->q)) &&
      !(st = read_vector(s, "mu[%d]", nc, 1, &P->mu)) && !(st = read_trailer(s)) &&
      (st = sn_fc_check(P, msg, sizeof msg)))
    st = invalid(s, st, hline, msg);
  if (st) { sn_fc_free(P); return st; }
  *out = P;
  return SN_OK;
}

static int parse_gfc(sn_scan *s, sn_gfc **out)
{
  int dim, nc, hline = 1, st;
  char msg[256];
  *out = NULL;
  if ((st = read_dim_nc(s, &dim, &nc))) return st;
  sn_gfc *P = calloc(1, sizeof *P);
  if (!P) return nomem(s);
  P->dim = dim;
  P->nc = nc;
  int n = dim * nc, hl2;
  if (!(st = read_matrix(s, "M", -1, -1, 1, &P->M, &hline))) {
    P->ndof = P->M->m;
    if (!(st = read_matrix(s, "H", P->ndof, n, 0, &P->H, &hl2)) && !(st = read_vector(s, "f[%d]", P->ndof, 0, &P->f)) &&
        !(st = read_vector(s, "w[%d]", n, 0, &P->w)) && !(st = read_vector(s, "mu[%d]", nc, 1, &P->mu)) &&
        !(st = read_trailer(s)) && (st = sn_gfc_check(P, msg, sizeof msg)))
      st = invalid(s, st, hline, msg);
  }
  if (st) { sn_gfc_free(P); return st; }
  *out = P;
  return SN_OK;
}

static int parse_lcp(sn_scan *s, sn_lcp **out)
{
  int n, line, hline = 1, st;
  char msg[256];
  *out = NULL;
  if (sn_scan_at_end(s)) return sn_scan_fail(s, SN_ERR_FORMAT, 1, "empty file");
  if ((st = sn_scan_int(s, "the size n of the LCP", 1, INT_MAX, 0, &n, &line))) return st;
  if ((size_t)n > sn_scan_capacity(s))
    return sn_scan_fail(s, SN_ERR_FORMAT, line, "an LCP of size %d cannot fit in the rest of the file", n);
  sn_lcp *P = calloc(1, sizeof *P);
  if (!P) return nomem(s);
  P->n = n;
  if (!(st = read_matrix(s, "M", n, n, 0, &P->M, &hline)) && !(st = read_vector(s, "q[%d]", n, 0, &P->q)) &&
      !(st = read_trailer(s)) && (st = sn_lcp_check(P, msg, sizeof msg)))
    st = invalid(s, st, hline, msg);
  if (st) { sn_lcp_free(P); return st; }
  *out = P;
  return SN_OK;
}

/* ---- by kind ---- */
static int parse_kind(sn_scan *s, sn_kind k, void **out)
{
  sn_scan_rewind(s);
  switch (k) {
  case SN_KIND_FC: return parse_fc(s, (sn_fc **)out);
  case SN_KIND_GFC: return parse_gfc(s, (sn_gfc **)out);
  case SN_KIND_LCP: return parse_lcp(s, (sn_lcp **)out);
  default: return SN_ERR_ARG;
  }
}

static void free_kind(sn_kind k, void *p)
{
  if (k == SN_KIND_FC) sn_fc_free(p);
  else if (k == SN_KIND_GFC) sn_gfc_free(p);
  else if (k == SN_KIND_LCP) sn_lcp_free(p);
}

static const char *kind_name(sn_kind k)
{
  return k == SN_KIND_FC ? "a local frictional contact problem"
       : k == SN_KIND_GFC ? "a global frictional contact problem"
       : "a linear complementarity problem";
}

static const sn_kind kinds[3] = {SN_KIND_FC, SN_KIND_GFC, SN_KIND_LCP};

static void set_err(char *err, size_t errlen, const char *msg)
{
  if (err && errlen) snprintf(err, errlen, "%s", msg);
}

/* read path as kind want; when it does not parse as such but as another kind, say so too */
static int read_as(const char *path, sn_kind want, void **out, char *err, size_t errlen)
{
  sn_scan *s;
  if (!path || !out) return SN_ERR_ARG;
  *out = NULL;
  int st = sn_scan_open(path, &s, err, errlen);
  if (st) return st;
  st = parse_kind(s, want, out);
  if (st == SN_ERR_FORMAT) {
    char first[512];
    snprintf(first, sizeof first, "%s", sn_scan_message(s));
    sn_kind other = SN_KIND_UNKNOWN;
    for (int k = 0; k < 3 && other == SN_KIND_UNKNOWN; k++) {
      void *p = NULL;
      if (kinds[k] != want && parse_kind(s, kinds[k], &p) == SN_OK) other = kinds[k];
      free_kind(kinds[k], p);
    }
    if (other != SN_KIND_UNKNOWN && err && errlen)
      snprintf(err, errlen, "%s (the file reads as %s, not %s)", first, kind_name(other), kind_name(want));
    else
      set_err(err, errlen, first);
  } else if (st) {
    set_err(err, errlen, sn_scan_message(s));
  }
  sn_scan_close(s);
  return st;
}

int sn_dat_read_fc(const char *path, sn_fc **out, char *err, size_t errlen)
{
  return read_as(path, SN_KIND_FC, (void **)out, err, errlen);
}

int sn_dat_read_gfc(const char *path, sn_gfc **out, char *err, size_t errlen)
{
  return read_as(path, SN_KIND_GFC, (void **)out, err, errlen);
}

int sn_dat_read_lcp(const char *path, sn_lcp **out, char *err, size_t errlen)
{
  return read_as(path, SN_KIND_LCP, (void **)out, err, errlen);
}

int sn_dat_detect(const char *path, sn_kind *kind, char *err, size_t errlen)
{
  sn_scan *s;
  if (!path || !kind) return SN_ERR_ARG;
  *kind = SN_KIND_UNKNOWN;
  int st = sn_scan_open(path, &s, err, errlen);
  if (st) return st;
  size_t furthest = 0;
  char msg[512] = "";
  for (int k = 0; k < 3; k++) {
    void *p = NULL;
    st = parse_kind(s, kinds[k], &p);
    free_kind(kinds[k], p);
    if (st == SN_OK) { *kind = kinds[k]; break; }
    if (st != SN_ERR_FORMAT) { snprintf(msg, sizeof msg, "%s", sn_scan_message(s)); break; }
    if (k == 0 || sn_scan_offset(s) > furthest) {
      furthest = sn_scan_offset(s);
      snprintf(msg, sizeof msg, "%s", sn_scan_message(s));
    }
  }
  if (st) set_err(err, errlen, msg);
  sn_scan_close(s);
  return st;
}
