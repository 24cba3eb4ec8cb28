/* Siconos text .dat writers: LCP, local (2D/3D) and global frictional contact problems, in the
 * layouts siconos_dat.c reads (see its header comment), which are those of Siconos numerics'
 * *_printInFile writers:
 *
 *   LCP     n, matrix M, q
 *   local   dim, nc, matrix W, q, mu
 *   global  dim, nc, matrix M, matrix H, f, w, mu
 *
 * Every matrix is written as a NumericsMatrix of storage type 2 (sparse) with origin 2
 * (compressed column), followed by CSparse's cs_print layout (as in Siconos' own files, e.g.
 * tests/data/problems/fc2d/fc2d_granularflowonwall_00667_00000.dat): a "CSparse Version" line, the
 * "M-by-N, nzmax: Z nnz: K, 1-norm: X" line, then per column "col j : locations a to b" and one
 * "i : value" line per stored entry. Exact zeros are not written (the reader drops them too).
 * Numbers use %.17g, so that reading the file back gives every double bit for bit. The file is
 * written under a temporary name and renamed when complete (out_file.h). */
#include "signorini/io.h"

#include "io/out_file.h"

#include <math.h>
#include <stdio.h>

/* the number of entries of column j that are not exact zeros */
static int col_count(const sn_csc *A, int j)
{
  int c = 0;
  for (int p = A->colptr[j]; p < A->colptr[j + 1]; p++) c += A->val[p] != 0.0;
  return c;
}

/* largest column sum of absolute values (CSparse's cs_norm), for the header line only */
static double norm1(const sn_csc *A)
{
  double best = 0;
  for (int j = 0; j < A->n; j++) {
    double s = 0;
    for (int p = A->colptr[j]; p < A->colptr[j + 1]; p++) s += fabs(A->val[p]);
    if (s > best) best = s;
  }
  return best;
}

/* a NumericsMatrix, storage 2 (sparse), origin 2 (compressed column) */
static void write_matrix(FILE *f, const sn_csc *A)
{
  int nnz = 0;
  for (int j = 0; j < A->n; j++) nnz += col_count(A, j);
  fprintf(f, "2\n%d\n%d\n2\n", A->m, A->n);
  /* the version line as Siconos' own files carry it (tests/data/problems/fc2d/fc2d_granularflowonwall_00667_00000.dat) */
  fprintf(f, "CSparse Version 3.1.9, May 4, 2016.  Copyright (c) Timothy A. Davis, 2006-2016\n");
  fprintf(f, "%d-by-%d, nzmax: %d nnz: %d, 1-norm: %.17g\n", A->m, A->n, nnz, nnz, norm1(A));
  int at = 0;
  for (int j = 0; j < A->n; j++) {
    int c = col_count(A, j);
    fprintf(f, "    col %d : locations %d to %d\n", j, at, at + c - 1);
    for (int p = A->colptr[j]; p < A->colptr[j + 1]; p++)
      if (A->val[p] != 0.0) fprintf(f, "      %d : %.17g\n", A->rowind[p], A->val[p]);
    at += c;
  }
}

static void write_vector(FILE *f, int n, const double *x)
{
  for (int i = 0; i < n; i++) fprintf(f, "%.17g%c", x[i], (i % 5 == 4 || i == n - 1) ? '\n' : ' ');
}

/* the common frame: check the problem (check_rc, msg from the check), open, write, finish */
typedef void (*body_fn)(FILE *f, const void *P);

static int write_file(const char *path, int check_rc, const char *why, body_fn body, const void *P, char *err,
                      size_t errlen)
{
  if (check_rc) return sn_outfile_fail(err, errlen, check_rc, path, "not written: invalid problem: %s", why);
  sn_outfile o;
  int rc = sn_outfile_create(&o, path, err, errlen);
  if (rc) return rc;
  body(o.f, P);
  if (ferror(o.f)) rc = sn_outfile_fail(err, errlen, SN_ERR_IO, path, "write error");
  return sn_outfile_finish(&o, rc, err, errlen);
}

static void body_lcp(FILE *f, const void *p)
{
  const sn_lcp *P = p;
  fprintf(f, "%d\n", P->n);
  write_matrix(f, P->M);
  write_vector(f, P->n, P->q);
}

static void body_fc(FILE *f, const void *p)
{
  const sn_fc *P = p;
  fprintf(f, "%d\n%d\n", P->dim, P->nc);
  write_matrix(f, P->W);
  write_vector(f, P->dim * P->nc, P->q);
  write_vector(f, P->nc, P->mu);
}

static void body_gfc(FILE *f, const void *p)
{
  const sn_gfc *P = p;
  fprintf(f, "%d\n%d\n", P->dim, P->nc);
  write_matrix(f, P->M);
  write_matrix(f, P->H);
  write_vector(f, P->ndof, P->f);
  write_vector(f, P->dim * P->nc, P->w);
  write_vector(f, P->nc, P->mu);
}

int sn_dat_write_lcp(const char *path, const sn_lcp *P, char *err, size_t errlen)
{
  char why[256] = "";
  if (!path || !P) return SN_ERR_ARG;
  int rc = sn_lcp_check(P, why, sizeof why);
  return write_file(path, rc, why, body_lcp, P, err, errlen);
}

int sn_dat_write_fc(const char *path, const sn_fc *P, char *err, size_t errlen)
{
  char why[256] = "";
  if (!path || !P) return SN_ERR_ARG;
  int rc = sn_fc_check(P, why, sizeof why);
  return write_file(path, rc, why, body_fc, P, err, errlen);
}

int sn_dat_write_gfc(const char *path, const sn_gfc *P, char *err, size_t errlen)
{
  char why[256] = "";
  if (!path || !P) return SN_ERR_ARG;
  int rc = sn_gfc_check(P, why, sizeof why);
  if (!rc && P->neq > 0)
    return sn_outfile_fail(err, errlen, SN_ERR_ARG, path,
                           "not written: %d equality constraints (G, b), which the Siconos .dat global layout has not",
                           P->neq);
  return write_file(path, rc, why, body_gfc, P, err, errlen);
}
