/* FCLIB HDF5 problem files: read /fclib_local or /fclib_global (with /solution and the first
 * /guesses entry), write them back in the layout of the FCLIB report (FrictionalContactLibrary/
 * fclib, doc/RT-fclib.pdf) and of the files in the project's shared data. This file is the HDF5
 * module, libsignorini_hdf5.so, that the public sn_fclib_* (src/io/fclib_entry.c) load on first
 * use; its entry points are those functions with the suffix _hdf5.
 *
 * Layout written (every scalar is a 1-element dataset, not an attribute, as in those files):
 *   /fclib_local/spacedim            int32 {1}
 *   /fclib_local/W/{m,n,nz,nzmax}    int32 {1}, nz = -2 (compressed rows), nzmax = nnz
 *   /fclib_local/W/p                 int32 {m+1}   row pointers
 *   /fclib_local/W/i                 int32 {nnz}   column indices (ascending within a row)
 *   /fclib_local/W/x                 float64 {nnz}
 *   /fclib_local/vectors/{q,mu}      float64 {m}, {m/spacedim}
 *   /fclib_global/spacedim           int32 {1}
 *   /fclib_global/{M,H[,G]}/...      triplets: nz = nzmax = nnz, i rows, p columns, x values,
 *                                    each {nnz}, in column-major order
 *   /fclib_global/vectors/{f,w,mu[,b]}
 *   /solution/{r,u[,v][,l]}          float64
 * Not written: the info groups (title, description) and /guesses; FCLIB's readers treat both as
 * optional. A solution-only file (sn_fclib_write_solution) holds /solution alone.
 *
 * Reading accepts all three FCLIB encodings (nz >= 0 triplets with p, i of length nz and x of
 * length nz or nzmax; -1 compressed columns, -2 compressed rows, with i, x of length nzmax),
 * any integer type for indices and any integer or float type for values, and converts to
 * sn_csc with rows sorted and duplicates summed (so write-then-read returns the same bits).
 * Every size is checked before it is used: matrix dimensions must equal the lengths of the
 * vectors (q; f, w, b) they act on, arrays are at most FC_MAX_LEN entries, pointers start at 0,
 * never decrease and stay within nzmax, indices are in range, values are finite, mu >= 0.
 * In /solution and /guesses/1, r and u are required, v and l optional (when present, of length
 * ndof and neq). Datasets that were created but never written (the placeholder /solution/r of
 * the shared files) read as HDF5's fill value, 0.
 *
 * HDF5 prints its error stack by default. Each public function here saves the calling thread's
 * automatic error handler (H5Eget_auto2 on H5E_DEFAULT), switches it off, and restores exactly
 * what it saved before returning, so the library prints nothing and leaves no state behind.
 * (libhdf5 on Debian is built thread-safe: that handler is per thread.) */
#define _POSIX_C_SOURCE 200809L

#include "io/backend_modules.h"
#include "io/inp_internal.h"
#include "signorini/io.h"

#include <errno.h>
#include <hdf5.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Longest array accepted from a file (entries): refuses sizes that would exhaust memory. */
#define FC_MAX_LEN ((long long)1 << 27)

/* where messages go: the file's name and the caller's buffer */
typedef struct {
  const char *path;
  char *err;
  size_t errlen;
} fc_ctx;

/* Write "path: where: message" into the caller's buffer, return code. */
static int fc_fail(fc_ctx *c, int code, const char *where, const char *fmt, ...)
{
  if (c->err && c->errlen > 0) {
    char msg[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (where) snprintf(c->err, c->errlen, "%s: %s: %s", c->path, where, msg);
    else snprintf(c->err, c->errlen, "%s: %s", c->path, msg);
  }
  return code;
}

static void fc_ok(fc_ctx *c)
{
  if (c->err && c->errlen > 0) c->err[0] = '\0';
}

/* "gpath/name" into buf (for messages) */
static const char *fc_join(char *buf, size_t len, const char *gpath, const char *name)
{
  const char *part[3] = {strcmp(gpath, "/") == 0 ? "" : gpath, "/", name};
  size_t k = 0;
  for (int p = 0; p < 3; p++)
    for (const char *s = part[p]; *s && k + 1 < len; s++) buf[k++] = *s;
  buf[k] = '\0';
  return buf;
}

/* ---- the HDF5 automatic error printing, off for the duration of one call ---- */
typedef struct {
  H5E_auto2_t func;
  void *data;
  int saved;
} fc_quiet;

static void fc_quiet_begin(fc_quiet *q)
{
  q->saved = H5Eget_auto2(H5E_DEFAULT, &q->func, &q->data) >= 0;
  if (q->saved) H5Eset_auto2(H5E_DEFAULT, NULL, NULL);
}

static void fc_quiet_end(fc_quiet *q)
{
  if (q->saved) H5Eset_auto2(H5E_DEFAULT, q->func, q->data);
}

static void fc_close_group(hid_t g)
{
  if (g >= 0) H5Gclose(g);
}

static void fc_close_dset(hid_t d)
{
  if (d >= 0) H5Dclose(d);
}

/* =========================== reading =========================== */

/* Open child group `name` of g. Absent: SN_ERR_FORMAT if required, else SN_OK with *out < 0. */
static int fc_open_group(fc_ctx *c, hid_t g, const char *gpath, const char *name, int required,
                         hid_t *out)
{
  char where[256];
  *out = H5I_INVALID_HID;
  htri_t e = H5Lexists(g, name, H5P_DEFAULT);
  if (e <= 0) {
    if (!required) return SN_OK;
    return fc_fail(c, SN_ERR_FORMAT, fc_join(where, sizeof where, gpath, name), "missing group");
  }
  *out = H5Gopen2(g, name, H5P_DEFAULT);
  if (*out < 0) return fc_fail(c, SN_ERR_FORMAT, fc_join(where, sizeof where, gpath, name), "not a group");
  return SN_OK;
}

/* Open dataset `name` of g and get its number of elements. integer: the stored type must be an
 * integer type (else integer or float). Absent: SN_ERR_FORMAT if required, else *out < 0. */
static int fc_open_dset(fc_ctx *c, hid_t g, const char *gpath, const char *name, int integer,
                        int required, hid_t *out, long long *len)
{
  char where[256];
  fc_join(where, sizeof where, gpath, name);
  *out = H5I_INVALID_HID;
  *len = 0;
  htri_t e = H5Lexists(g, name, H5P_DEFAULT);
  if (e <= 0) return required ? fc_fail(c, SN_ERR_FORMAT, where, "missing dataset") : SN_OK;
  hid_t d = H5Dopen2(g, name, H5P_DEFAULT);
  if (d < 0) return fc_fail(c, SN_ERR_FORMAT, where, "not a dataset");
  hid_t t = H5Dget_type(d), s = H5Dget_space(d);
  H5T_class_t cls = t >= 0 ? H5Tget_class(t) : H5T_NO_CLASS;
  size_t esize = t >= 0 ? H5Tget_size(t) : 0;
  hssize_t np = s >= 0 ? H5Sget_simple_extent_npoints(s) : -1;
  H5S_class_t sc = s >= 0 ? H5Sget_simple_extent_type(s) : H5S_NO_CLASS;
  hsize_t stored = H5Dget_storage_size(d);
  /* a dataset may declare a size without storing it (HDF5 then reads its fill value): only
   * the placeholders of /solution and /guesses may (the shared files have unwritten r, v);
   * elsewhere a tiny file declaring 10^8 entries would make us allocate and fill them all */
  int placeholder_ok = !strncmp(gpath, "/solution", 9) || !strncmp(gpath, "/guesses", 8);
  if (t >= 0) H5Tclose(t);
  if (s >= 0) H5Sclose(s);
  int rc = SN_OK;
  if (cls != H5T_INTEGER && (integer || cls != H5T_FLOAT))
    rc = fc_fail(c, SN_ERR_FORMAT, where, "expected %s data", integer ? "integer" : "numeric");
  else if (sc == H5S_NULL)
    np = 0;
  else if (np < 0 || (sc != H5S_SIMPLE && sc != H5S_SCALAR))
    rc = fc_fail(c, SN_ERR_FORMAT, where, "unreadable dataspace");
  else if ((long long)np > FC_MAX_LEN)
    rc = fc_fail(c, SN_ERR_FORMAT, where, "%lld entries, more than the limit %lld", (long long)np,
                 FC_MAX_LEN);
  else if (np > 0 && !placeholder_ok && stored == 0)
    rc = fc_fail(c, SN_ERR_FORMAT, where, "declares %lld entries but stores no data", (long long)np);
  else if (np > 0 && !placeholder_ok && (double)np * (double)esize > 1024.0 * (double)stored)
    rc = fc_fail(c, SN_ERR_FORMAT, where, "declares %lld entries in %llu stored bytes", (long long)np,
                 (unsigned long long)stored);
  if (rc) { H5Dclose(d); return rc; }
  *out = d;
  *len = (long long)np;
  return SN_OK;
}

/* Read all of an open dataset into buf (memory type mt). */
static int fc_read_all(fc_ctx *c, hid_t d, const char *where, hid_t mt, void *buf, long long len)
{
  if (len == 0) return SN_OK;
  if (H5Dread(d, mt, H5S_ALL, H5S_ALL, H5P_DEFAULT, buf) < 0)
    return fc_fail(c, SN_ERR_IO, where, "read failed");
  return SN_OK;
}

/* Read dataset `name` of exactly n entries into buf (doubles: all finite; ints otherwise). */
static int fc_read_exact(fc_ctx *c, hid_t g, const char *gpath, const char *name, int integer,
                         long long n, void *buf)
{
  char where[256];
  fc_join(where, sizeof where, gpath, name);
  hid_t d;
  long long len;
  int rc = fc_open_dset(c, g, gpath, name, integer, 1, &d, &len);
  if (rc) return rc;
  if (len != n)
    rc = fc_fail(c, SN_ERR_FORMAT, where, "has %lld entries, expected %lld", len, n);
  else
    rc = fc_read_all(c, d, where, integer ? H5T_NATIVE_INT : H5T_NATIVE_DOUBLE, buf, len);
  H5Dclose(d);
  if (rc || integer) return rc;
  const double *x = buf;
  for (long long k = 0; k < n; k++)
    if (!isfinite(x[k])) return fc_fail(c, SN_ERR_FORMAT, where, "entry %lld is %g", k, x[k]);
  return SN_OK;
}

/* Read a one-entry integer dataset. */
static int fc_read_int(fc_ctx *c, hid_t g, const char *gpath, const char *name, int *v)
{
  return fc_read_exact(c, g, gpath, name, 1, 1, v);
}

/* Length of dataset `name` (required) without reading it. */
static int fc_dset_len(fc_ctx *c, hid_t g, const char *gpath, const char *name, long long *len)
{
  hid_t d;
  int rc = fc_open_dset(c, g, gpath, name, 0, 1, &d, len);
  fc_close_dset(d);
  return rc;
}

/* malloc of n elements (at least one) */
static void *fc_alloc(long long n, size_t size)
{
  return malloc((size_t)(n > 0 ? n : 1) * size);
}

/* Read one FCLIB sparse matrix (group `name` of g) into CSC. m0, n0 are the dimensions the
 * rest of the file implies (the lengths of vectors named by mwhy, nwhy), checked before
 * anything of size m or n is allocated. */
static int fc_read_matrix(fc_ctx *c, hid_t g, const char *gpath, const char *name, int m0, int n0,
                          const char *mwhy, const char *nwhy, sn_csc **out)
{
  char mpath[256], where[256];
  fc_join(mpath, sizeof mpath, gpath, name);
  *out = NULL;
  hid_t mg;
  int rc = fc_open_group(c, g, gpath, name, 1, &mg);
  if (rc) return rc;
  int m, n, nz, nzmax;
  int *p = NULL, *ix = NULL, *outer = NULL;
  const int *ti, *tj;
  double *x = NULL;
  hid_t dx = H5I_INVALID_HID;
  if ((rc = fc_read_int(c, mg, mpath, "m", &m)) || (rc = fc_read_int(c, mg, mpath, "n", &n)) ||
      (rc = fc_read_int(c, mg, mpath, "nz", &nz)) || (rc = fc_read_int(c, mg, mpath, "nzmax", &nzmax)))
    goto done;
  if (m < 0 || m > FC_MAX_LEN) {
    rc = fc_fail(c, SN_ERR_FORMAT, fc_join(where, sizeof where, mpath, "m"), "invalid value %d", m);
    goto done;
  }
  if (m != m0) {
    rc = fc_fail(c, SN_ERR_FORMAT, fc_join(where, sizeof where, mpath, "m"), "%d rows, expected %d (%s)", m, m0, mwhy);
    goto done;
  }
  if (n < 0 || n > FC_MAX_LEN) {
    rc = fc_fail(c, SN_ERR_FORMAT, fc_join(where, sizeof where, mpath, "n"), "invalid value %d", n);
    goto done;
  }
  if (n != n0) {
    rc = fc_fail(c, SN_ERR_FORMAT, fc_join(where, sizeof where, mpath, "n"), "%d columns, expected %d (%s)", n, n0, nwhy);
    goto done;
  }
  if (nzmax < 0 || nzmax > FC_MAX_LEN) {
    rc = fc_fail(c, SN_ERR_FORMAT, fc_join(where, sizeof where, mpath, "nzmax"), "invalid value %d", nzmax);
    goto done;
  }
  if (nz < -2 || nz > FC_MAX_LEN) {
    rc = fc_fail(c, SN_ERR_FORMAT, fc_join(where, sizeof where, mpath, "nz"),
                 "invalid value %d (triplets >= 0, compressed columns -1, rows -2)", nz);
    goto done;
  }
  /* the index arrays: triplets (length nz) or pointers (n+1 or m+1) and indices (nzmax) */
  long long np = nz >= 0 ? nz : (nz == -1 ? (long long)n + 1 : (long long)m + 1);
  long long ni = nz >= 0 ? nz : nzmax;
  long long nnz;
  p = fc_alloc(np, sizeof(int));
  ix = fc_alloc(ni, sizeof(int));
  if (!p || !ix) { rc = fc_fail(c, SN_ERR_NOMEM, mpath, "out of memory"); goto done; }
  if ((rc = fc_read_exact(c, mg, mpath, "p", 1, np, p)) || (rc = fc_read_exact(c, mg, mpath, "i", 1, ni, ix)))
    goto done;
  fc_join(where, sizeof where, mpath, "p");
  if (nz >= 0) {
    nnz = nz;
    for (long long k = 0; k < nz; k++)
      if (p[k] < 0 || p[k] >= n) {
        rc = fc_fail(c, SN_ERR_FORMAT, where, "column index p[%lld] = %d out of range [0, %d)", k, p[k], n);
        goto done;
      }
  } else {
    int nout = nz == -1 ? n : m;
    if (p[0] != 0) { rc = fc_fail(c, SN_ERR_FORMAT, where, "p[0] = %d, expected 0", p[0]); goto done; }
    for (int k = 0; k < nout; k++)
      if (p[k + 1] < p[k]) {
        rc = fc_fail(c, SN_ERR_FORMAT, where, "pointers decrease: p[%d] = %d > p[%d] = %d", k, p[k], k + 1,
                     p[k + 1]);
        goto done;
      }
    if (p[nout] > nzmax) {
      rc = fc_fail(c, SN_ERR_FORMAT, where, "p[%d] = %d exceeds nzmax = %d", nout, p[nout], nzmax);
      goto done;
    }
    nnz = p[nout];
  }
  /* inner indices in range */
  int lim = nz == -2 ? n : m;
  fc_join(where, sizeof where, mpath, "i");
  for (long long k = 0; k < nnz; k++)
    if (ix[k] < 0 || ix[k] >= lim) {
      rc = fc_fail(c, SN_ERR_FORMAT, where, "%s index i[%lld] = %d out of range [0, %d)",
                   nz == -2 ? "column" : "row", k, ix[k], lim);
      goto done;
    }
  /* values: nzmax entries (FCLIB writer), or nz for triplets (as some writers store them) */
  long long nx;
  if ((rc = fc_open_dset(c, mg, mpath, "x", 0, 1, &dx, &nx))) goto done;
  fc_join(where, sizeof where, mpath, "x");
  if (nx != nzmax && !(nz >= 0 && nx == nz)) {
    rc = fc_fail(c, SN_ERR_FORMAT, where, "has %lld entries, expected nzmax = %d", nx, nzmax);
    goto done;
  }
  if (nx < nnz) {
    rc = fc_fail(c, SN_ERR_FORMAT, where, "has %lld entries, fewer than the %lld stored", nx, nnz);
    goto done;
  }
  x = fc_alloc(nx, sizeof(double));
  if (!x) { rc = fc_fail(c, SN_ERR_NOMEM, mpath, "out of memory"); goto done; }
  if ((rc = fc_read_all(c, dx, where, H5T_NATIVE_DOUBLE, x, nx))) goto done;
  for (long long k = 0; k < nnz; k++)
    if (!isfinite(x[k])) { rc = fc_fail(c, SN_ERR_FORMAT, where, "entry %lld is %g", k, x[k]); goto done; }
  /* to triplets (row ti, column tj), then compress: sorted rows, duplicates summed */
  if (nz >= 0) {
    ti = ix;
    tj = p;
  } else {
    int nout = nz == -1 ? n : m;
    outer = fc_alloc(nnz, sizeof(int));
    if (!outer) { rc = fc_fail(c, SN_ERR_NOMEM, mpath, "out of memory"); goto done; }
    for (int k = 0; k < nout; k++)
      for (int q = p[k]; q < p[k + 1]; q++) outer[q] = k;
    ti = nz == -1 ? ix : outer;
    tj = nz == -1 ? outer : ix;
  }
  int st = sn_csc_from_triplets(m, n, (int)nnz, ti, tj, x, out);
  if (st == SN_ERR_NOMEM) rc = fc_fail(c, SN_ERR_NOMEM, mpath, "out of memory");
  else if (st) rc = fc_fail(c, SN_ERR_FORMAT, mpath, "inconsistent sparse structure");
done:
  fc_close_dset(dx);
  fc_close_group(mg);
  free(p);
  free(ix);
  free(outer);
  free(x);
  return rc;
}

/* Read a solution group: r and u of one length (nr when nr >= 0), v and l when present (of
 * length nv, nl when those are >= 0). */
static int fc_read_solution_group(fc_ctx *c, hid_t g, const char *gpath, long long nr, long long nv,
                                  long long nl, sn_solution **out)
{
  char where[256];
  long long lr, lv, ll;
  hid_t dv, dl;
  int rc;
  *out = NULL;
  if ((rc = fc_dset_len(c, g, gpath, "r", &lr))) return rc;
  if (nr >= 0 && lr != nr)
    return fc_fail(c, SN_ERR_FORMAT, fc_join(where, sizeof where, gpath, "r"),
                   "has %lld entries, expected %lld", lr, nr);
  if ((rc = fc_open_dset(c, g, gpath, "v", 0, 0, &dv, &lv))) return rc;
  fc_close_dset(dv);
  if (dv >= 0 && nv >= 0 && lv != nv)
    return fc_fail(c, SN_ERR_FORMAT, fc_join(where, sizeof where, gpath, "v"),
                   "has %lld entries, expected %lld", lv, nv);
  if ((rc = fc_open_dset(c, g, gpath, "l", 0, 0, &dl, &ll))) return rc;
  fc_close_dset(dl);
  if (dl >= 0 && nl >= 0 && ll != nl)
    return fc_fail(c, SN_ERR_FORMAT, fc_join(where, sizeof where, gpath, "l"),
                   "has %lld entries, expected %lld", ll, nl);
  if (dv < 0) lv = 0;
  if (dl < 0) ll = 0;
  sn_solution *S = sn_solution_alloc((int)lr, (int)lv, (int)ll);
  if (!S) return fc_fail(c, SN_ERR_NOMEM, gpath, "out of memory");
  if ((rc = fc_read_exact(c, g, gpath, "r", 0, lr, S->r)) || (rc = fc_read_exact(c, g, gpath, "u", 0, lr, S->u)) ||
      (lv > 0 && (rc = fc_read_exact(c, g, gpath, "v", 0, lv, S->v))) ||
      (ll > 0 && (rc = fc_read_exact(c, g, gpath, "l", 0, ll, S->l)))) {
    sn_solution_free(S);
    return rc;
  }
  *out = S;
  return SN_OK;
}

/* Local problem from /fclib_local. The length of q (a real array of the file) fixes the size
 * of W before anything of that size is allocated. */
static int fc_read_local(fc_ctx *c, hid_t f, sn_fc **out)
{
  const char *gp = "/fclib_local", *vp = "/fclib_local/vectors";
  char where[256];
  hid_t g = H5I_INVALID_HID, vg = H5I_INVALID_HID, extra = H5I_INVALID_HID;
  int dim, rc;
  long long m;
  sn_fc *P = calloc(1, sizeof *P);
  if (!P) return fc_fail(c, SN_ERR_NOMEM, NULL, "out of memory");
  if ((rc = fc_open_group(c, f, "/", "fclib_local", 1, &g)) || (rc = fc_read_int(c, g, gp, "spacedim", &dim)))
    goto done;
  if (dim != 2 && dim != 3) {
    rc = fc_fail(c, SN_ERR_FORMAT, "/fclib_local/spacedim", "value %d, expected 2 or 3", dim);
    goto done;
  }
  if ((rc = fc_open_group(c, g, gp, "R", 0, &extra))) goto done;
  if (extra >= 0) {
    rc = fc_fail(c, SN_ERR_FORMAT, "/fclib_local/R", "local problems with equality constraints (V, R, s) are not supported");
    goto done;
  }
  if ((rc = fc_open_group(c, g, gp, "vectors", 1, &vg)) || (rc = fc_dset_len(c, vg, vp, "q", &m))) goto done;
  if (m % dim) {
    rc = fc_fail(c, SN_ERR_FORMAT, fc_join(where, sizeof where, vp, "q"), "length %lld is not a multiple of spacedim %d", m, dim);
    goto done;
  }
  if ((rc = fc_read_matrix(c, g, gp, "W", (int)m, (int)m, "the length of q", "the length of q", &P->W))) goto done;
  P->dim = dim;
  P->nc = (int)(m / dim);
  P->q = fc_alloc(m, sizeof(double));
  P->mu = fc_alloc(P->nc, sizeof(double));
  if (!P->q || !P->mu) { rc = fc_fail(c, SN_ERR_NOMEM, gp, "out of memory"); goto done; }
  if ((rc = fc_read_exact(c, vg, vp, "q", 0, m, P->q)) || (rc = fc_read_exact(c, vg, vp, "mu", 0, P->nc, P->mu)))
    goto done;
  for (int k = 0; k < P->nc; k++)
    if (P->mu[k] < 0) {
      rc = fc_fail(c, SN_ERR_FORMAT, "/fclib_local/vectors/mu", "entry %d is negative (%g)", k, P->mu[k]);
      goto done;
    }
  char msg[256];
  if (sn_fc_check(P, msg, sizeof msg)) rc = fc_fail(c, SN_ERR_FORMAT, gp, "%s", msg);
done:
  fc_close_group(extra);
  fc_close_group(vg);
  fc_close_group(g);
  if (rc) sn_fc_free(P);
  else *out = P;
  return rc;
}

/* Global problem from /fclib_global. The lengths of f, w (and b) fix the sizes of M, H (and G). */
static int fc_read_global(fc_ctx *c, hid_t f, sn_gfc **out)
{
  const char *gp = "/fclib_global", *vp = "/fclib_global/vectors";
  char where[256];
  hid_t g = H5I_INVALID_HID, vg = H5I_INVALID_HID, gg = H5I_INVALID_HID;
  int dim, rc;
  long long ndof, nr, neq = 0;
  sn_gfc *P = calloc(1, sizeof *P);
  if (!P) return fc_fail(c, SN_ERR_NOMEM, NULL, "out of memory");
  if ((rc = fc_open_group(c, f, "/", "fclib_global", 1, &g)) || (rc = fc_read_int(c, g, gp, "spacedim", &dim)))
    goto done;
  if (dim != 2 && dim != 3) {
    rc = fc_fail(c, SN_ERR_FORMAT, "/fclib_global/spacedim", "value %d, expected 2 or 3", dim);
    goto done;
  }
  if ((rc = fc_open_group(c, g, gp, "vectors", 1, &vg)) || (rc = fc_dset_len(c, vg, vp, "f", &ndof)) ||
      (rc = fc_dset_len(c, vg, vp, "w", &nr)))
    goto done;
  if (nr % dim) {
    rc = fc_fail(c, SN_ERR_FORMAT, fc_join(where, sizeof where, vp, "w"), "length %lld is not a multiple of spacedim %d", nr, dim);
    goto done;
  }
  if ((rc = fc_open_group(c, g, gp, "G", 0, &gg))) goto done;
  if (gg >= 0 && (rc = fc_dset_len(c, vg, vp, "b", &neq))) goto done;
  if ((rc = fc_read_matrix(c, g, gp, "M", (int)ndof, (int)ndof, "the length of f", "the length of f", &P->M)) ||
      (rc = fc_read_matrix(c, g, gp, "H", (int)ndof, (int)nr, "the length of f", "the length of w", &P->H)) ||
      (gg >= 0 && (rc = fc_read_matrix(c, g, gp, "G", (int)ndof, (int)neq, "the length of f", "the length of b", &P->G))))
    goto done;
  P->dim = dim;
  P->nc = (int)(nr / dim);
  P->ndof = (int)ndof;
  P->neq = (int)neq;
  P->f = fc_alloc(ndof, sizeof(double));
  P->w = fc_alloc(nr, sizeof(double));
  P->mu = fc_alloc(P->nc, sizeof(double));
  P->b = gg >= 0 ? fc_alloc(neq, sizeof(double)) : NULL;
  if (!P->f || !P->w || !P->mu || (gg >= 0 && !P->b)) { rc = fc_fail(c, SN_ERR_NOMEM, gp, "out of memory"); goto done; }
  if ((rc = fc_read_exact(c, vg, vp, "f", 0, ndof, P->f)) || (rc = fc_read_exact(c, vg, vp, "w", 0, nr, P->w)) ||
      (rc = fc_read_exact(c, vg, vp, "mu", 0, P->nc, P->mu)) ||
      (gg >= 0 && (rc = fc_read_exact(c, vg, vp, "b", 0, neq, P->b))))
    goto done;
  for (int k = 0; k < P->nc; k++)
    if (P->mu[k] < 0) {
      rc = fc_fail(c, SN_ERR_FORMAT, "/fclib_global/vectors/mu", "entry %d is negative (%g)", k, P->mu[k]);
      goto done;
    }
  char msg[256];
  if (sn_gfc_check(P, msg, sizeof msg)) rc = fc_fail(c, SN_ERR_FORMAT, gp, "%s", msg);
done:
  fc_close_group(gg);
  fc_close_group(vg);
  fc_close_group(g);
  if (rc) sn_gfc_free(P);
  else *out = P;
  return rc;
}

/* Open a file for reading: SN_ERR_IO if it is missing, unreadable ("cannot read PATH: the
 * system's reason") or not HDF5. */
static int fc_open_file(fc_ctx *c, hid_t *f)
{
  int err;
  *f = H5I_INVALID_HID;
  if (sn_io_check_bounded(c->path, SN_PROBLEM_MAX_FILE_BYTES, &err))   /* no FIFO, no /dev/zero */
    return sn_io_cannot_read(c->err, c->errlen, c->path, err, SN_PROBLEM_MAX_FILE_BYTES);
  *f = H5Fopen(c->path, H5F_ACC_RDONLY, H5P_DEFAULT);
  if (*f < 0) return fc_fail(c, SN_ERR_IO, NULL, "cannot open as an HDF5 file (not HDF5, or damaged)");
  return SN_OK;
}

static int fc_has(hid_t g, const char *name)
{
  return H5Lexists(g, name, H5P_DEFAULT) > 0;
}

/* The problem and the optional /solution and first /guesses entry. */
static int fc_read_file(fc_ctx *c, sn_file_problem **out)
{
  hid_t f, sg = H5I_INVALID_HID, gg = H5I_INVALID_HID, g1 = H5I_INVALID_HID;
  int rc = fc_open_file(c, &f);
  if (rc) return rc;
  sn_file_problem *F = calloc(1, sizeof *F);
  long long nr, nv, nl;
  if (!F) { rc = fc_fail(c, SN_ERR_NOMEM, NULL, "out of memory"); goto done; }
  int local = fc_has(f, "fclib_local"), global = fc_has(f, "fclib_global");
  if (local == global) {
    rc = fc_fail(c, SN_ERR_FORMAT, NULL, local ? "holds both /fclib_local and /fclib_global"
                                               : "holds neither /fclib_local nor /fclib_global");
    goto done;
  }
  if (local) {
    F->kind = SN_KIND_FC;
    if ((rc = fc_read_local(c, f, &F->fc))) goto done;
    nr = (long long)F->fc->dim * F->fc->nc;
    nv = nl = 0;
  } else {
    F->kind = SN_KIND_GFC;
    if ((rc = fc_read_global(c, f, &F->gfc))) goto done;
    nr = (long long)F->gfc->dim * F->gfc->nc;
    nv = F->gfc->ndof;
    nl = F->gfc->neq;
  }
  if ((rc = fc_open_group(c, f, "/", "solution", 0, &sg))) goto done;
  if (sg >= 0 && (rc = fc_read_solution_group(c, sg, "/solution", nr, nv, nl, &F->solution))) goto done;
  if ((rc = fc_open_group(c, f, "/", "guesses", 0, &gg))) goto done;
  if (gg >= 0) {
    int count;
    if ((rc = fc_read_int(c, gg, "/guesses", "number_of_guesses", &count))) goto done;
    if (count < 0) {
      rc = fc_fail(c, SN_ERR_FORMAT, "/guesses/number_of_guesses", "negative value %d", count);
      goto done;
    }
    if (count > 0 && ((rc = fc_open_group(c, gg, "/guesses", "1", 1, &g1)) ||
                      (rc = fc_read_solution_group(c, g1, "/guesses/1", nr, nv, nl, &F->guess))))
      goto done;
  }
done:
  fc_close_group(g1);
  fc_close_group(gg);
  fc_close_group(sg);
  H5Fclose(f);
  if (rc) sn_file_problem_free(F);
  else *out = F;
  return rc;
}

int sn_fclib_read_hdf5(const char *path, sn_file_problem **out, char *err, size_t errlen)
{
  if (err && errlen) err[0] = '\0';
  if (!out) return SN_ERR_ARG;
  *out = NULL;
  if (!path) return SN_ERR_ARG;
  fc_ctx c = {path, err, errlen};
  fc_quiet q;
  fc_quiet_begin(&q);
  int rc = fc_read_file(&c, out);
  fc_quiet_end(&q);
  if (!rc) fc_ok(&c);
  return rc;
}

/* Integer dataset at group1/group2/name of f (e.g. fclib_local/W/n). */
static int fc_read_int_at(fc_ctx *c, hid_t f, const char *g1, const char *g2, const char *name, int *v)
{
  char p1[256], p2[256];
  hid_t a, b = H5I_INVALID_HID;
  int rc = fc_open_group(c, f, "/", g1, 1, &a);
  if (!rc) rc = fc_open_group(c, a, fc_join(p1, sizeof p1, "/", g1), g2, 1, &b);
  if (!rc) rc = fc_read_int(c, b, fc_join(p2, sizeof p2, p1, g2), name, v);
  fc_close_group(b);
  fc_close_group(a);
  return rc;
}

/* The /solution group; its sizes are checked against the problem when the file holds one. */
static int fc_read_solution_file(fc_ctx *c, sn_solution **out)
{
  hid_t f, sg = H5I_INVALID_HID;
  int rc = fc_open_file(c, &f);
  if (rc) return rc;
  long long nr = -1, nv = -1, nl = -1;
  int v;
  if (fc_has(f, "fclib_global")) {
    if ((rc = fc_read_int_at(c, f, "fclib_global", "H", "n", &v))) goto done;
    nr = v;
    if ((rc = fc_read_int_at(c, f, "fclib_global", "M", "n", &v))) goto done;
    nv = v;
    nl = 0;
    if (H5Lexists(f, "fclib_global/G", H5P_DEFAULT) > 0) {
      if ((rc = fc_read_int_at(c, f, "fclib_global", "G", "n", &v))) goto done;
      nl = v;
    }
  } else if (fc_has(f, "fclib_local")) {
    if ((rc = fc_read_int_at(c, f, "fclib_local", "W", "n", &v))) goto done;
    nr = v;
    nv = nl = 0;
  }
  if ((rc = fc_open_group(c, f, "/", "solution", 1, &sg))) goto done;
  rc = fc_read_solution_group(c, sg, "/solution", nr, nv, nl, out);
done:
  fc_close_group(sg);
  H5Fclose(f);
  return rc;
}

int sn_fclib_read_solution_hdf5(const char *path, sn_solution **out, char *err, size_t errlen)
{
  if (err && errlen) err[0] = '\0';
  if (!out) return SN_ERR_ARG;
  *out = NULL;
  if (!path) return SN_ERR_ARG;
  fc_ctx c = {path, err, errlen};
  fc_quiet q;
  fc_quiet_begin(&q);
  int rc = fc_read_solution_file(&c, out);
  fc_quiet_end(&q);
  if (!rc) fc_ok(&c);
  return rc;
}

/* =========================== writing =========================== */

/* A 1-D dataset of n entries: int32 or float64 little-endian, as in the FCLIB files. */
static int fc_write_array(fc_ctx *c, hid_t g, const char *gpath, const char *name, int integer,
                          const void *buf, long long n)
{
  char where[256];
  hsize_t dim = (hsize_t)n;
  hid_t s = H5Screate_simple(1, &dim, NULL), d = H5I_INVALID_HID;
  herr_t e = -1;
  if (s >= 0)
    d = H5Dcreate2(g, name, integer ? H5T_STD_I32LE : H5T_IEEE_F64LE, s, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
  if (d >= 0)
    e = n > 0 ? H5Dwrite(d, integer ? H5T_NATIVE_INT : H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, buf) : 0;
  if (d >= 0 && H5Dclose(d) < 0) e = -1;
  if (s >= 0) H5Sclose(s);
  if (e < 0) return fc_fail(c, SN_ERR_IO, fc_join(where, sizeof where, gpath, name), "write failed");
  return SN_OK;
}

static int fc_write_int(fc_ctx *c, hid_t g, const char *gpath, const char *name, int v)
{
  return fc_write_array(c, g, gpath, name, 1, &v, 1);
}

static int fc_make_group(fc_ctx *c, hid_t g, const char *gpath, const char *name, hid_t *out)
{
  char where[256];
  *out = H5Gcreate2(g, name, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
  if (*out < 0) return fc_fail(c, SN_ERR_IO, fc_join(where, sizeof where, gpath, name), "cannot create group");
  return SN_OK;
}

/* Sparse matrix group `name`: csr = 1 writes compressed rows (nz = -2, the local files' form),
 * else triplets in column-major order (nz = nzmax = nnz, the global files' form). */
static int fc_write_matrix(fc_ctx *c, hid_t g, const char *gpath, const char *name, const sn_csc *A, int csr)
{
  char mpath[256];
  fc_join(mpath, sizeof mpath, gpath, name);
  sn_csc *T = NULL;
  int *col = NULL, rc;
  hid_t mg;
  if (csr) {
    if ((rc = sn_csc_transpose(A, &T))) return fc_fail(c, rc, mpath, "out of memory");
  } else {
    col = fc_alloc(A->nnz, sizeof(int));
    if (!col) return fc_fail(c, SN_ERR_NOMEM, mpath, "out of memory");
    for (int j = 0; j < A->n; j++)
      for (int p = A->colptr[j]; p < A->colptr[j + 1]; p++) col[p] = j;
  }
  if (!(rc = fc_make_group(c, g, gpath, name, &mg))) {
    if (!(rc = fc_write_int(c, mg, mpath, "nzmax", A->nnz)) && !(rc = fc_write_int(c, mg, mpath, "m", A->m)) &&
        !(rc = fc_write_int(c, mg, mpath, "n", A->n)) &&
        !(rc = fc_write_int(c, mg, mpath, "nz", csr ? -2 : A->nnz))) {
      if (csr) {
        if (!(rc = fc_write_array(c, mg, mpath, "p", 1, T->colptr, (long long)A->m + 1)) &&
            !(rc = fc_write_array(c, mg, mpath, "i", 1, T->rowind, A->nnz)))
          rc = fc_write_array(c, mg, mpath, "x", 0, T->val, A->nnz);
      } else {
        if (!(rc = fc_write_array(c, mg, mpath, "p", 1, col, A->nnz)) &&
            !(rc = fc_write_array(c, mg, mpath, "i", 1, A->rowind, A->nnz)))
          rc = fc_write_array(c, mg, mpath, "x", 0, A->val, A->nnz);
      }
    }
    if (H5Gclose(mg) < 0 && !rc) rc = fc_fail(c, SN_ERR_IO, mpath, "write failed");
  }
  sn_csc_free(T);
  free(col);
  return rc;
}

/* Solution group: r, u (nr), v (nv > 0), l (nl > 0). */
static int fc_write_solution_group(fc_ctx *c, hid_t f, const sn_solution *S)
{
  hid_t sg;
  const char *sp = "/solution";
  int rc = fc_make_group(c, f, "/", "solution", &sg);
  if (rc) return rc;
  if (!(rc = fc_write_array(c, sg, sp, "r", 0, S->r, S->nr)) && !(rc = fc_write_array(c, sg, sp, "u", 0, S->u, S->nr)) &&
      !(S->nv > 0 && (rc = fc_write_array(c, sg, sp, "v", 0, S->v, S->nv))) && S->nl > 0)
    rc = fc_write_array(c, sg, sp, "l", 0, S->l, S->nl);
  if (H5Gclose(sg) < 0 && !rc) rc = fc_fail(c, SN_ERR_IO, sp, "write failed");
  return rc;
}

/* ---- argument checks: what is written must read back ---- */
static int fc_check_vec(fc_ctx *c, const char *what, const double *x, long long n)
{
  if (n > 0 && !x) return fc_fail(c, SN_ERR_ARG, NULL, "%s is NULL", what);
  for (long long k = 0; k < n; k++)
    if (!isfinite(x[k])) return fc_fail(c, SN_ERR_NAN, NULL, "%s[%lld] is %g", what, k, x[k]);
  return SN_OK;
}

static int fc_check_mat(fc_ctx *c, const char *what, const sn_csc *A, int m, int n)
{
  if (!A) return fc_fail(c, SN_ERR_ARG, NULL, "%s is NULL", what);
  if (A->m != m || A->n != n)
    return fc_fail(c, SN_ERR_DIM, NULL, "%s is %d x %d, expected %d x %d", what, A->m, A->n, m, n);
  if (sn_csc_check(A) || (A->nnz > 0 && (!A->rowind || !A->val)))
    return fc_fail(c, SN_ERR_ARG, NULL, "%s has an inconsistent sparse structure", what);
  return fc_check_vec(c, what, A->val, A->nnz);
}

static int fc_check_mu(fc_ctx *c, const double *mu, int nc)
{
  int rc = fc_check_vec(c, "mu", mu, nc);
  for (int k = 0; !rc && k < nc; k++)
    if (mu[k] < 0) rc = fc_fail(c, SN_ERR_ARG, NULL, "mu[%d] = %g is negative", k, mu[k]);
  return rc;
}

static int fc_check_solution(fc_ctx *c, const sn_solution *S, long long nr, long long nv, long long nl)
{
  if (!S) return SN_OK;
  if (S->nr < 0 || S->nv < 0 || S->nl < 0) return fc_fail(c, SN_ERR_ARG, NULL, "solution has negative sizes");
  if ((nr >= 0 && S->nr != nr) || (nv >= 0 && S->nv != 0 && S->nv != nv) || (nl >= 0 && S->nl != 0 && S->nl != nl))
    return fc_fail(c, SN_ERR_DIM, NULL, "solution sizes r %d, v %d, l %d do not fit the problem (%lld, %lld, %lld)",
                   S->nr, S->nv, S->nl, nr, nv, nl);
  int rc;
  if ((rc = fc_check_vec(c, "solution r", S->r, S->nr)) || (rc = fc_check_vec(c, "solution u", S->u, S->nr)) ||
      (rc = fc_check_vec(c, "solution v", S->v, S->nv)) || (rc = fc_check_vec(c, "solution l", S->l, S->nl)))
    return rc;
  return SN_OK;
}

static int fc_check_fc(fc_ctx *c, const sn_fc *P)
{
  if ((P->dim != 2 && P->dim != 3) || P->nc < 0 || (long long)P->dim * P->nc > FC_MAX_LEN)
    return fc_fail(c, SN_ERR_ARG, NULL, "dim %d, nc %d: expected dim 2 or 3 and nc >= 0", P->dim, P->nc);
  int m = P->dim * P->nc, rc;
  if ((rc = fc_check_mat(c, "W", P->W, m, m)) || (rc = fc_check_vec(c, "q", P->q, m))) return rc;
  return fc_check_mu(c, P->mu, P->nc);
}

static int fc_check_gfc(fc_ctx *c, const sn_gfc *P)
{
  if ((P->dim != 2 && P->dim != 3) || P->nc < 0 || P->ndof < 0 || P->neq < 0 ||
      (long long)P->dim * P->nc > FC_MAX_LEN)
    return fc_fail(c, SN_ERR_ARG, NULL, "dim %d, nc %d, ndof %d, neq %d: invalid sizes", P->dim, P->nc, P->ndof, P->neq);
  int nr = P->dim * P->nc, rc;
  if ((rc = fc_check_mat(c, "M", P->M, P->ndof, P->ndof)) || (rc = fc_check_mat(c, "H", P->H, P->ndof, nr)) ||
      (rc = fc_check_vec(c, "f", P->f, P->ndof)) || (rc = fc_check_vec(c, "w", P->w, nr)) ||
      (rc = fc_check_mu(c, P->mu, P->nc)))
    return rc;
  if (P->G && ((rc = fc_check_mat(c, "G", P->G, P->ndof, P->neq)) || (rc = fc_check_vec(c, "b", P->b, P->neq))))
    return rc;
  if (!P->G && P->neq > 0) return fc_fail(c, SN_ERR_ARG, NULL, "neq = %d but G is NULL", P->neq);
  return SN_OK;
}

/* ---- the file: a fresh temporary name beside path, renamed over path when complete ---- */
typedef struct {
  hid_t f;
  char *tmp;
} fc_out;

static int fc_create(fc_ctx *c, fc_out *o)
{
  size_t len = strlen(c->path) + 48;
  o->f = H5I_INVALID_HID;
  o->tmp = malloc(len);
  if (!o->tmp) return fc_fail(c, SN_ERR_NOMEM, NULL, "out of memory");
  /* H5F_ACC_EXCL: open(O_CREAT|O_EXCL), so an existing file is never clobbered */
  for (int k = 0; k < 100; k++) {
    snprintf(o->tmp, len, "%s.tmp%ld_%d", c->path, (long)getpid(), k);
    o->f = H5Fcreate(o->tmp, H5F_ACC_EXCL, H5P_DEFAULT, H5P_DEFAULT);
    if (o->f >= 0) return SN_OK;
    if (access(o->tmp, F_OK) != 0) break;   /* failed for another reason than the name */
  }
  free(o->tmp);
  o->tmp = NULL;
  return fc_fail(c, SN_ERR_IO, NULL, "cannot create a temporary file beside it");
}

/* Close, then rename on success (rc == 0) or remove the temporary file. */
static int fc_finish(fc_ctx *c, fc_out *o, int rc)
{
  if (H5Fclose(o->f) < 0 && !rc) rc = fc_fail(c, SN_ERR_IO, NULL, "write failed when closing");
  if (!rc && rename(o->tmp, c->path) != 0) rc = fc_fail(c, SN_ERR_IO, NULL, "cannot rename the temporary file to it");
  if (rc) remove(o->tmp);
  free(o->tmp);
  return rc;
}

static int fc_write_local(fc_ctx *c, hid_t f, const sn_fc *P)
{
  const char *gp = "/fclib_local", *vp = "/fclib_local/vectors";
  hid_t g, vg;
  int rc = fc_make_group(c, f, "/", "fclib_local", &g);
  if (rc) return rc;
  if (!(rc = fc_write_int(c, g, gp, "spacedim", P->dim)) && !(rc = fc_write_matrix(c, g, gp, "W", P->W, 1)) &&
      !(rc = fc_make_group(c, g, gp, "vectors", &vg))) {
    if (!(rc = fc_write_array(c, vg, vp, "q", 0, P->q, (long long)P->dim * P->nc)))
      rc = fc_write_array(c, vg, vp, "mu", 0, P->mu, P->nc);
    if (H5Gclose(vg) < 0 && !rc) rc = fc_fail(c, SN_ERR_IO, vp, "write failed");
  }
  if (H5Gclose(g) < 0 && !rc) rc = fc_fail(c, SN_ERR_IO, gp, "write failed");
  return rc;
}

static int fc_write_global(fc_ctx *c, hid_t f, const sn_gfc *P)
{
  const char *gp = "/fclib_global", *vp = "/fclib_global/vectors";
  hid_t g, vg;
  int rc = fc_make_group(c, f, "/", "fclib_global", &g);
  if (rc) return rc;
  if (!(rc = fc_write_int(c, g, gp, "spacedim", P->dim)) && !(rc = fc_write_matrix(c, g, gp, "M", P->M, 0)) &&
      !(rc = fc_write_matrix(c, g, gp, "H", P->H, 0)) && !(P->G && (rc = fc_write_matrix(c, g, gp, "G", P->G, 0))) &&
      !(rc = fc_make_group(c, g, gp, "vectors", &vg))) {
    if (!(rc = fc_write_array(c, vg, vp, "f", 0, P->f, P->ndof)) &&
        !(rc = fc_write_array(c, vg, vp, "w", 0, P->w, (long long)P->dim * P->nc)) &&
        !(rc = fc_write_array(c, vg, vp, "mu", 0, P->mu, P->nc)) && P->G)
      rc = fc_write_array(c, vg, vp, "b", 0, P->b, P->neq);
    if (H5Gclose(vg) < 0 && !rc) rc = fc_fail(c, SN_ERR_IO, vp, "write failed");
  }
  if (H5Gclose(g) < 0 && !rc) rc = fc_fail(c, SN_ERR_IO, gp, "write failed");
  return rc;
}

static int fc_write_file(fc_ctx *c, const sn_fc *fc, const sn_gfc *gfc, const sn_solution *S)
{
  int rc;
  if (fc) {
    long long nr = (long long)fc->dim * fc->nc;
    if ((rc = fc_check_fc(c, fc)) || (rc = fc_check_solution(c, S, nr, 0, 0))) return rc;
  } else {
    long long nr = (long long)gfc->dim * gfc->nc;
    if ((rc = fc_check_gfc(c, gfc)) || (rc = fc_check_solution(c, S, nr, gfc->ndof, gfc->neq))) return rc;
  }
  char msg[256];   /* the full problem checks (sums of duplicates, symmetry of M) */
  if ((rc = fc ? sn_fc_check(fc, msg, sizeof msg) : sn_gfc_check(gfc, msg, sizeof msg)))
    return fc_fail(c, rc, NULL, "%s", msg);
  fc_out o;
  if ((rc = fc_create(c, &o))) return rc;
  rc = fc ? fc_write_local(c, o.f, fc) : fc_write_global(c, o.f, gfc);
  if (!rc && S) rc = fc_write_solution_group(c, o.f, S);
  return fc_finish(c, &o, rc);
}

int sn_fclib_write_hdf5(const char *path, const sn_fc *fc, const sn_gfc *gfc, const sn_solution *solution,
                   char *err, size_t errlen)
{
  if (err && errlen) err[0] = '\0';
  if (!path || !fc == !gfc) {
    if (path && err && errlen) snprintf(err, errlen, "%s: give exactly one of a local and a global problem", path);
    return SN_ERR_ARG;
  }
  fc_ctx c = {path, err, errlen};
  fc_quiet q;
  fc_quiet_begin(&q);
  int rc = fc_write_file(&c, fc, gfc, solution);
  fc_quiet_end(&q);
  return rc;
}

int sn_fclib_write_solution_hdf5(const char *path, const sn_solution *S, char *err, size_t errlen)
{
  if (err && errlen) err[0] = '\0';
  if (!path || !S) return SN_ERR_ARG;
  fc_ctx c = {path, err, errlen};
  int rc = fc_check_solution(&c, S, -1, -1, -1);
  if (rc) return rc;
  fc_quiet q;
  fc_quiet_begin(&q);
  fc_out o;
  if (!(rc = fc_create(&c, &o))) {
    rc = fc_write_solution_group(&c, o.f, S);
    rc = fc_finish(&c, &o, rc);
  }
  fc_quiet_end(&q);
  return rc;
}
