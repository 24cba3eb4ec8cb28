/* Siconos text .dat readers: real files against numbers read off the text by hand, against
 * their FCLIB HDF5 twins, and malformed input (truncated, edited counts, huge sizes, garbage). */
#define _POSIX_C_SOURCE 200809L   /* opendir, mkdtemp, rmdir */

#include "check.h"
#include "io/text_scan.h"
#include "signorini/io.h"

#include <dirent.h>
#include <hdf5.h>
#include <locale.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char tmpdir[256];

static char *path_of(const char *dir, const char *name)
{
  static char buf[4][1024];
  static int k = 0;
  k = (k + 1) % 4;
  snprintf(buf[k], sizeof buf[k], "%s/%s", dir, name);
  return buf[k];
}

static char *data(const char *name) { return path_of(SN_DATA_DIR, name); }

/* W(i, j) of a compressed-column matrix (0 if absent) */
static double at(const sn_csc *A, int i, int j)
{
  double v = 0;
  for (int p = A->colptr[j]; p < A->colptr[j + 1]; p++)
    if (A->rowind[p] == i) v += A->val[p];
  return v;
}

/* whole file into memory (test helper) */
static char *slurp(const char *path, size_t *len)
{
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *b = malloc((size_t)n + 1);
  if (b && fread(b, 1, (size_t)n, f) != (size_t)n) { free(b); b = NULL; }
  fclose(f);
  if (b) b[n] = '\0';
  *len = (size_t)n;
  return b;
}

static const char *spit(const char *name, const char *bytes, size_t len)
{
  const char *p = path_of(tmpdir, name);
  unlink(p);   /* a fresh file: rewriting one in place makes ext4 flush it to disk each time */
  FILE *f = fopen(p, "wb");
  if (!f) { perror(p); exit(1); }
  fwrite(bytes, 1, len, f);
  fclose(f);
  return p;
}

static const char *spits(const char *name, const char *text) { return spit(name, text, strlen(text)); }

/* line of the last byte of b[0..len) (1 if empty) */
static int last_line(const char *b, size_t len)
{
  int line = 1;
  for (size_t i = 0; i + 1 < len; i++)
    if (b[i] == '\n') line++;
  return line;
}

/* err is "PATH:LINE: ..." for this path and line, and mentions what (if non-NULL) */
static int names(const char *err, const char *path, int line, const char *what)
{
  char head[1200];
  snprintf(head, sizeof head, "%s:%d: ", path, line);
  int ok = !strncmp(err, head, strlen(head)) && (!what || strstr(err, what));
  if (!ok) fprintf(stderr, "  message '%s', expected '%s...%s'\n", err, head, what ? what : "");
  return ok;
}

/* read as a local problem, expecting a format error at line mentioning what */
static void expect_fc_error(const char *path, int line, const char *what)
{
  sn_fc *P = (sn_fc *)1;
  char err[512] = "";
  int st = sn_dat_read_fc(path, &P, err, sizeof err);
  CHECK_INT(st, SN_ERR_FORMAT);
  CHECK(P == NULL);
  CHECK(names(err, path, line, what));
  if (st == SN_OK) sn_fc_free(P);
}

static void expect_lcp_error(const char *path, int line, const char *what)
{
  sn_lcp *P = NULL;
  char err[512] = "";
  int st = sn_dat_read_lcp(path, &P, err, sizeof err);
  CHECK_INT(st, SN_ERR_FORMAT);
  CHECK(names(err, path, line, what));
  if (st == SN_OK) sn_lcp_free(P);
}

static void expect_gfc_error(const char *path, int line, const char *what)
{
  sn_gfc *P = NULL;
  char err[512] = "";
  int st = sn_dat_read_gfc(path, &P, err, sizeof err);
  CHECK_INT(st, SN_ERR_FORMAT);
  CHECK(names(err, path, line, what));
  if (st == SN_OK) sn_gfc_free(P);
}

/* a copy of a file with line `line` (1-based) replaced by repl */
static const char *edit_line(const char *src, const char *name, int line, const char *repl)
{
  size_t len;
  char *b = slurp(src, &len);
  if (!b) { fprintf(stderr, "cannot read %s\n", src); exit(1); }
  size_t start = 0;
  for (int l = 1; l < line && start < len; start++)
    if (b[start] == '\n') l++;
  size_t end = start;
  while (end < len && b[end] != '\n') end++;
  size_t rl = strlen(repl), nlen = start + rl + (len - end);
  char *nb = malloc(nlen + 1);
  memcpy(nb, b, start);
  memcpy(nb + start, repl, rl);
  memcpy(nb + start + rl, b + end, len - end);
  const char *p = spit(name, nb, nlen);
  free(b);
  free(nb);
  return p;
}

/* read path as kind, free what was read; the status (err gets the message) */
static int read_any(sn_kind kind, const char *path, char *err, size_t errlen)
{
  int st;
  if (kind == SN_KIND_FC) {
    sn_fc *P = NULL;
    st = sn_dat_read_fc(path, &P, err, errlen);
    sn_fc_free(P);
  } else if (kind == SN_KIND_GFC) {
    sn_gfc *P = NULL;
    st = sn_dat_read_gfc(path, &P, err, errlen);
    sn_gfc_free(P);
  } else {
    sn_lcp *P = NULL;
    st = sn_dat_read_lcp(path, &P, err, errlen);
    sn_lcp_free(P);
  }
  return st;
}

/* ---------------------------------------------------------------- real files, by hand */

static void test_rover11035(void)
{
  sn_fc *P = NULL;
  char err[512] = "";
  CHECK_INT(sn_dat_read_fc(data("fc3d/Rover11035.dat"), &P, err, sizeof err), SN_OK);
  if (!P) { fprintf(stderr, "%s\n", err); return; }
  CHECK_INT(P->dim, 3);
  CHECK_INT(P->nc, 1);
  CHECK_INT(P->W->m, 3);
  CHECK_INT(P->W->nnz, 9);
  /* Rover11035.dat:7 is the first column of W, :8 the second (column-major dense) */
  CHECK_CLOSE(at(P->W, 0, 0), 1.358309568142355636122254e-02, 0, 0);
  CHECK_CLOSE(at(P->W, 1, 0), -1.426574206813656375825161e-04, 0, 0);
  CHECK_CLOSE(at(P->W, 2, 0), 7.917137724989218054358342e-04, 0, 0);
  CHECK_CLOSE(at(P->W, 0, 1), -1.438285701497408206397943e-04, 0, 0);
  CHECK_CLOSE(at(P->W, 2, 2), 1.413318711385757805998331e-03, 0, 0);
  /* :10 q, :11 mu */
  CHECK_CLOSE(P->q[0], -5.417704922170969716876954e-02, 0, 0);
  CHECK_CLOSE(P->q[2], -1.064842752305118489530855e-01, 0, 0);
  CHECK_CLOSE(P->mu[0], 0.7, 1e-15, 0);
  sn_fc_free(P);
}

static void test_fc3d_1c(void)
{
  /* FrictionContact3D_1c.dat: blank lines between groups, no newline after mu (:26) */
  sn_fc *P = NULL;
  CHECK_INT(sn_dat_read_fc(data("fc3d/FrictionContact3D_1c.dat"), &P, NULL, 0), SN_OK);
  if (!P) return;
  CHECK_INT(P->nc, 1);
  CHECK_CLOSE(at(P->W, 0, 0), 15, 0, 0);   /* :11 */
  CHECK_CLOSE(at(P->W, 1, 0), -1, 0, 0);   /* :12 */
  CHECK_CLOSE(at(P->W, 2, 0), -2, 0, 0);   /* :13 */
  CHECK_CLOSE(at(P->W, 1, 1), 14, 0, 0);   /* :16 */
  CHECK_CLOSE(at(P->W, 2, 2), 16, 0, 0);   /* :21 */
  CHECK_CLOSE(P->q[0], -1, 0, 0);          /* :23 */
  CHECK_CLOSE(P->q[2], 3, 0, 0);           /* :25 */
  CHECK_CLOSE(P->mu[0], 0.1, 0, 0);        /* :26 */
  sn_fc_free(P);
}

static void test_fc3d_sbm(void)
{
  sn_fc *P = NULL, *D = NULL;
  char err[512] = "";
  CHECK_INT(sn_dat_read_fc(data("fc3d/FC3D_Example1_SBM.dat"), &P, err, sizeof err), SN_OK);
  CHECK_INT(sn_dat_read_fc(data("fc3d/FC3D_Example1.dat"), &D, err, sizeof err), SN_OK);
  if (!P || !D) { fprintf(stderr, "%s\n", err); sn_fc_free(P); sn_fc_free(D); return; }
  /* :1-2 dim 3, nc 3; :6 three blocks; :16-24 block 0 = identity; :46 q; :47 mu */
  CHECK_INT(P->dim, 3);
  CHECK_INT(P->nc, 3);
  CHECK_INT(P->W->nnz, 9);   /* the zeros inside the blocks are not stored */
  for (int i = 0; i < 9; i++) CHECK_CLOSE(at(P->W, i, i), 1, 0, 0);
  CHECK_CLOSE(at(P->W, 1, 0), 0, 0, 0);
  CHECK_CLOSE(P->q[0], -1, 0, 0);
  CHECK_CLOSE(P->q[1], 1, 0, 0);
  CHECK_CLOSE(P->q[8], 3, 0, 0);
  CHECK_CLOSE(P->mu[2], 0.1, 0, 0);
  /* the dense file holds the same problem */
  for (int j = 0; j < 9; j++) {
    CHECK_CLOSE(P->q[j], D->q[j], 0, 0);
    for (int i = 0; i < 9; i++) CHECK_CLOSE(at(P->W, i, j), at(D->W, i, j), 0, 0);
  }
  sn_fc_free(P);
  sn_fc_free(D);
}

static void test_fc2d_sbm(void)
{
  sn_fc *P = NULL;
  CHECK_INT(sn_dat_read_fc(data("fc2d/FrictionContactProblem00031.dat"), &P, NULL, 0), SN_OK);
  if (!P) return;
  /* :1 dim 2, :2 nc 11, :6 15 blocks of 2x2; :13 row pointers, :14 block columns */
  CHECK_INT(P->dim, 2);
  CHECK_INT(P->nc, 11);
  CHECK_INT(P->W->m, 22);
  CHECK_INT(P->W->nnz, 60);   /* 15 blocks of 4 entries */
  /* block 0 (:15-19), column by column: 4.435920e-01 1.084202e-18 / -1.084202e-18 1.330776e+00 */
  CHECK_CLOSE(at(P->W, 0, 0), 4.435920e-01, 0, 0);
  CHECK_CLOSE(at(P->W, 1, 0), 1.084202e-18, 0, 0);
  CHECK_CLOSE(at(P->W, 0, 1), -1.084202e-18, 0, 0);
  CHECK_CLOSE(at(P->W, 1, 1), 1.330776e+00, 0, 0);
  /* block 7 is the first of block row 6 (:13 pointer 6 -> 7... ), block column 10 (:14) */
  sn_fc_free(P);
}

static void test_fc2d_sparse(void)
{
  sn_fc *P = NULL;
  char err[512] = "";
  CHECK_INT(sn_dat_read_fc(data("fc2d/fc2d_granularflowonwall_00667_00000.dat"), &P, err, sizeof err), SN_OK);
  if (!P) { fprintf(stderr, "%s\n", err); return; }
  /* :1-2 dim 2, nc 667; :3 storage 2 (sparse), :6 origin 2 (CSC); :8 nnz 3822 */
  CHECK_INT(P->dim, 2);
  CHECK_INT(P->nc, 667);
  CHECK_INT(P->W->nnz, 3822);
  CHECK_CLOSE(at(P->W, 0, 0), 856.713, 0, 0);     /* :10 */
  CHECK_CLOSE(at(P->W, 649, 0), -454.43, 0, 0);   /* :11 */
  CHECK_CLOSE(at(P->W, 648, 1), 454.43, 0, 0);    /* :14 */
  CHECK_CLOSE(at(P->W, 1333, 1333), 2521.06, 0, 0); /* :5163 */
  CHECK_CLOSE(P->mu[666], 0.5, 0, 0);             /* :5165 */
  sn_fc_free(P);
}

static void test_gfc(void)
{
  sn_gfc *P = NULL;
  char err[512] = "";
  CHECK_INT(sn_dat_read_gfc(data("gfc3d/GFC3D_Example0.dat"), &P, err, sizeof err), SN_OK);
  if (P) {
    /* :4-6 M 9x9 dense identity; :16-17 H 9x3 dense, written 3 numbers a line, column-major:
     * :19-21 are column 0 = (1 0 0 0 0 0 -1 0 0) */
    CHECK_INT(P->ndof, 9);
    CHECK_INT(P->nc, 1);
    CHECK_INT(P->M->nnz, 9);
    CHECK_INT(P->H->m, 9);
    CHECK_INT(P->H->n, 3);
    CHECK_INT(P->H->nnz, 6);
    CHECK_CLOSE(at(P->H, 0, 0), 1, 0, 0);
    CHECK_CLOSE(at(P->H, 6, 0), -1, 0, 0);   /* :21 */
    CHECK_CLOSE(at(P->H, 1, 1), 1, 0, 0);    /* :22 */
    CHECK_CLOSE(at(P->H, 7, 1), -1, 0, 0);   /* :24 */
    CHECK_CLOSE(at(P->H, 8, 2), -1, 0, 0);   /* :28 */
    /* :29 f (9 numbers) then w (3) on one line, :30 mu */
    CHECK_CLOSE(P->f[0], -3, 0, 0);
    CHECK_CLOSE(P->f[3], -1, 0, 0);
    CHECK_CLOSE(P->w[0], 0, 0, 0);
    CHECK_CLOSE(P->mu[0], 0.1, 0, 0);
    CHECK(P->G == NULL && P->neq == 0);
    sn_gfc_free(P);
  } else {
    fprintf(stderr, "%s\n", err);
  }
  CHECK_INT(sn_dat_read_gfc(data("gfc3d/GFC3D_Example1.dat"), &P, err, sizeof err), SN_OK);
  if (P) {
    /* :3 M sparse-block, one 3x3 block :16-24 column by column */
    CHECK_INT(P->ndof, 3);
    CHECK_INT(P->M->nnz, 9);
    CHECK_CLOSE(at(P->M, 0, 0), 106.5, 0, 0);
    CHECK_CLOSE(at(P->M, 2, 0), 126.5, 0, 0);   /* :18 */
    CHECK_CLOSE(at(P->M, 1, 1), 91.5, 0, 0);    /* :20 */
    CHECK_CLOSE(at(P->M, 2, 2), 163.5, 0, 0);   /* :24 */
    CHECK_CLOSE(at(P->H, 0, 0), 1, 0, 0);       /* :38 */
    CHECK_INT(P->H->nnz, 3);
    /* :46 f = (-0 -0 -0), w = (-2.5 -10 -5.5); :47 mu 0.5 */
    CHECK_CLOSE(P->w[0], -2.5, 0, 0);
    CHECK_CLOSE(P->w[1], -10, 0, 0);
    CHECK_CLOSE(P->w[2], -5.5, 0, 0);
    CHECK_CLOSE(P->mu[0], 0.5, 0, 0);
    sn_gfc_free(P);
  } else {
    fprintf(stderr, "%s\n", err);
  }
}

static void test_lcp(void)
{
  sn_lcp *P = NULL, *B = NULL;
  char err[512] = "";
  CHECK_INT(sn_dat_read_lcp(data("lcp/lcp_CPS_2.dat"), &P, err, sizeof err), SN_OK);
  if (P) {
    /* :6-8 "0 2 -1 / -1 0 1 / 2 -2 0" are the columns of M; :9 q; :11 a remark */
    CHECK_INT(P->n, 3);
    CHECK_INT(P->M->nnz, 6);
    CHECK_CLOSE(at(P->M, 1, 0), 2, 0, 0);
    CHECK_CLOSE(at(P->M, 2, 0), -1, 0, 0);
    CHECK_CLOSE(at(P->M, 0, 1), -1, 0, 0);
    CHECK_CLOSE(at(P->M, 0, 2), 2, 0, 0);
    CHECK_CLOSE(at(P->M, 1, 2), -2, 0, 0);
    CHECK_CLOSE(P->q[0], -3, 0, 0);
    CHECK_CLOSE(P->q[1], 6, 0, 0);
    sn_lcp_free(P);
  }
  /* lcp_ortiz_block.dat (2x2 blocks) and lcp_ortiz.dat (dense) are the same LCP */
  CHECK_INT(sn_dat_read_lcp(data("lcp/lcp_ortiz.dat"), &P, err, sizeof err), SN_OK);
  CHECK_INT(sn_dat_read_lcp(data("lcp/lcp_ortiz_block.dat"), &B, err, sizeof err), SN_OK);
  if (P && B) {
    CHECK_CLOSE(at(B->M, 1, 0), -1, 0, 0);   /* lcp_ortiz_block.dat:27 */
    CHECK_CLOSE(at(B->M, 1, 2), 1, 0, 0);    /* :32 */
    CHECK_CLOSE(at(B->M, 2, 1), 1, 0, 0);    /* :38 */
    CHECK_CLOSE(at(B->M, 3, 2), 1, 0, 0);    /* :42 */
    CHECK_CLOSE(B->q[0], -2, 0, 0);          /* :45 */
    CHECK_INT(P->M->nnz, B->M->nnz);
    for (int j = 0; j < 4; j++) {
      CHECK_CLOSE(P->q[j], B->q[j], 0, 0);
      for (int i = 0; i < 4; i++) CHECK_CLOSE(at(P->M, i, j), at(B->M, i, j), 0, 0);
    }
  }
  sn_lcp_free(P);
  sn_lcp_free(B);
}

/* ---------------------------------------------------------------- every file of the folders */

static int ends_with(const char *s, const char *t)
{
  size_t a = strlen(s), b = strlen(t);
  return a >= b && !strcmp(s + a - b, t);
}

static void test_all_files(void)
{
  static const struct { const char *dir; sn_kind kind; int count; } dirs[] = {
      {"fc3d", SN_KIND_FC, 15}, {"fc2d", SN_KIND_FC, 6}, {"gfc3d", SN_KIND_GFC, 5}, {"lcp", SN_KIND_LCP, 16}};
  for (int d = 0; d < 4; d++) {
    DIR *D = opendir(data(dirs[d].dir));
    CHECK(D != NULL);
    if (!D) continue;
    int count = 0;
    struct dirent *e;
    while ((e = readdir(D))) {
      if (!ends_with(e->d_name, ".dat")) continue;
      char path[1024], err[512] = "";
      snprintf(path, sizeof path, "%s/%s/%s", SN_DATA_DIR, dirs[d].dir, e->d_name);
      sn_kind k;
      int st = sn_dat_detect(path, &k, err, sizeof err);
      CHECK_INT(st, SN_OK);
      CHECK_INT(k, dirs[d].kind);
      if (st) fprintf(stderr, "  %s\n", err);
      st = read_any(dirs[d].kind, path, err, sizeof err);
      CHECK_INT(st, SN_OK);
      if (st) fprintf(stderr, "  %s\n", err);
      count++;
    }
    closedir(D);
    CHECK_INT(count, dirs[d].count);
  }
}

/* ---------------------------------------------------------------- against the FCLIB twins */

static int h5_ints(hid_t f, const char *name, int *x, int n)
{
  hid_t d = H5Dopen2(f, name, H5P_DEFAULT);
  if (d < 0) return -1;
  hid_t sp = H5Dget_space(d);
  int len = (int)H5Sget_simple_extent_npoints(sp);
  herr_t r = (len == n) ? H5Dread(d, H5T_NATIVE_INT, H5S_ALL, H5S_ALL, H5P_DEFAULT, x) : -1;
  H5Sclose(sp);
  H5Dclose(d);
  return r < 0 ? -1 : 0;
}

static int h5_len(hid_t f, const char *name)
{
  hid_t d = H5Dopen2(f, name, H5P_DEFAULT);
  if (d < 0) return -1;
  hid_t sp = H5Dget_space(d);
  int len = (int)H5Sget_simple_extent_npoints(sp);
  H5Sclose(sp);
  H5Dclose(d);
  return len;
}

static int h5_doubles(hid_t f, const char *name, double *x, int n)
{
  hid_t d = H5Dopen2(f, name, H5P_DEFAULT);
  if (d < 0) return -1;
  hid_t sp = H5Dget_space(d);
  int len = (int)H5Sget_simple_extent_npoints(sp);
  herr_t r = (len == n) ? H5Dread(d, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, x) : -1;
  H5Sclose(sp);
  H5Dclose(d);
  return r < 0 ? -1 : 0;
}

/* W, q, mu, dim of a .dat against its .hdf5 twin, entry by entry */
static void compare_twin(const char *dat, const char *h5)
{
  sn_fc *P = NULL;
  char err[512] = "";
  CHECK_INT(sn_dat_read_fc(data(dat), &P, err, sizeof err), SN_OK);
  hid_t f = H5Fopen(data(h5), H5F_ACC_RDONLY, H5P_DEFAULT);
  CHECK(f >= 0);
  if (!P || f < 0) { fprintf(stderr, "  %s %s\n", dat, err); sn_fc_free(P); if (f >= 0) H5Fclose(f); return; }
  int dim = 0, m = 0, n = 0, nz = 0;
  h5_ints(f, "/fclib_local/spacedim", &dim, 1);
  h5_ints(f, "/fclib_local/W/m", &m, 1);
  h5_ints(f, "/fclib_local/W/n", &n, 1);
  h5_ints(f, "/fclib_local/W/nz", &nz, 1);
  CHECK_INT(dim, P->dim);
  CHECK_INT(m, P->W->m);
  CHECK_INT(n, P->W->n);
  int nx = h5_len(f, "/fclib_local/W/x"), np = h5_len(f, "/fclib_local/W/p");
  int *pp = malloc(sizeof(int) * (size_t)(np > 0 ? np : 1)), *ii = malloc(sizeof(int) * (size_t)(nx > 0 ? nx : 1));
  double *xx = malloc(sizeof(double) * (size_t)(nx > 0 ? nx : 1));
  double *A = calloc((size_t)m * (size_t)n + 1, sizeof(double));
  double *q = malloc(sizeof(double) * (size_t)(m + 1)), *mu = malloc(sizeof(double) * (size_t)(P->nc + 1));
  CHECK(h5_ints(f, "/fclib_local/W/p", pp, np) == 0 && h5_ints(f, "/fclib_local/W/i", ii, nx) == 0 &&
        h5_doubles(f, "/fclib_local/W/x", xx, nx) == 0);
  CHECK(h5_doubles(f, "/fclib_local/vectors/q", q, m) == 0 && h5_doubles(f, "/fclib_local/vectors/mu", mu, P->nc) == 0);
  /* nz = -2: compressed rows (p row pointers, i columns); -1: columns; >= 0: triplets */
  if (nz == -2 && np == m + 1) {
    for (int r = 0; r < m; r++)
      for (int k = pp[r]; k < pp[r + 1] && k < nx; k++) A[(size_t)ii[k] * (size_t)m + (size_t)r] += xx[k];
  } else if (nz == -1 && np == n + 1) {
    for (int c = 0; c < n; c++)
      for (int k = pp[c]; k < pp[c + 1] && k < nx; k++) A[(size_t)c * (size_t)m + (size_t)ii[k]] += xx[k];
  } else {
    for (int k = 0; k < nz && k < nx; k++) A[(size_t)pp[k] * (size_t)m + (size_t)ii[k]] += xx[k];
  }
  double *B = calloc((size_t)m * (size_t)n + 1, sizeof(double));
  sn_csc_to_dense(P->W, B);
  double diff = 0, big = 0, asym = 0;
  for (size_t k = 0; k < (size_t)m * (size_t)n; k++) {
    diff = fmax(diff, fabs(A[k] - B[k]));
    big = fmax(big, fabs(A[k]));
  }
  for (int j = 0; j < n; j++)
    for (int i = 0; i < m; i++) asym = fmax(asym, fabs(B[(size_t)j * m + i] - B[(size_t)i * m + j]));
  CHECK(diff <= 1e-15 * big);
  if (diff > 1e-15 * big) fprintf(stderr, "  %s: max |W - W_hdf5| = %g (|W| %g, |W - W^T| %g)\n", dat, diff, big, asym);
  double dq = 0, dmu = 0;
  for (int i = 0; i < m; i++) dq = fmax(dq, fabs(q[i] - P->q[i]));
  for (int i = 0; i < P->nc; i++) dmu = fmax(dmu, fabs(mu[i] - P->mu[i]));
  CHECK(dq == 0 && dmu == 0);
  free(pp); free(ii); free(xx); free(A); free(B); free(q); free(mu);
  H5Fclose(f);
  sn_fc_free(P);
}

static void test_twins(void)
{
  static const char *pairs[][2] = {
      {"fc3d/BoxesStack1-i100000-32.hdf5.dat", "fc3d/BoxesStack1-i100000-32.hdf5"},
      {"fc3d/Capsules-i100-889.dat", "fc3d/Capsules-i100-889.hdf5"},
      {"fc3d/Capsules-i101-404.dat", "fc3d/Capsules-i101-404.hdf5"},
      {"fc3d/Confeti-ex13-4contact-Fc3D-SBM.dat", "fc3d/Confeti-ex13-4contact-Fc3D-SBM.hdf5"},
      {"fc3d/FC3D_Example1.dat", "fc3d/FC3D_Example1.hdf5"},
      {"fc3d/FC3D_Example1_SBM.dat", "fc3d/FC3D_Example1_SBM.hdf5"},
      {"fc3d/FrictionContact3D_1c.dat", "fc3d/FrictionContact3D_1c.hdf5"},
      {"fc3d/FrictionContact3D_RR_1c.dat", "fc3d/FrictionContact3D_RR_1c.hdf5"},
      {"fc3d/NESpheres_10_1.dat", "fc3d/NESpheres_10_1.hdf5"},
      {"fc3d/OneObject-i100000-316.hdf5.dat", "fc3d/OneObject-i100000-316.hdf5"},
      {"fc3d/Rover1039.dat", "fc3d/Rover1039.hdf5"},
      {"fc3d/Rover1040.dat", "fc3d/Rover1040.hdf5"},
      {"fc3d/Rover11035.dat", "fc3d/Rover11035.hdf5"},
      {"fc3d/Rover4396.dat", "fc3d/Rover4396.hdf5"},
  };
  H5Eset_auto2(H5E_DEFAULT, NULL, NULL);
  for (size_t k = 0; k < sizeof pairs / sizeof pairs[0]; k++) compare_twin(pairs[k][0], pairs[k][1]);
}

/* ---------------------------------------------------------------- malformed input */

/* Rover11035.dat: 1 dim, 2 nc, 3 storage, 4-5 sizes, 6 dense header, 7-9 W, 10 q, 11 mu, 12 flag */
static void test_edited_counts(void)
{
  expect_fc_error(edit_line(data("fc3d/Rover11035.dat"), "nc2.dat", 2, "2"), 4, "W has 3 rows, expected 6");
  expect_fc_error(edit_line(data("fc3d/Rover11035.dat"), "nchuge.dat", 2, "1000000000"), 2, "cannot fit");
  expect_fc_error(edit_line(data("fc3d/Rover11035.dat"), "ncneg.dat", 2, "-1"), 2, "number of contacts");
  expect_fc_error(edit_line(data("fc3d/Rover11035.dat"), "ncbig.dat", 2, "123456789012345678901234567890"), 2, "out of range");
  expect_fc_error(edit_line(data("fc3d/Rover11035.dat"), "dim4.dat", 1, "4"), 1, "dimension");
  expect_fc_error(edit_line(data("fc3d/Rover11035.dat"), "storage.dat", 3, "7"), 3, "storage type");
  expect_fc_error(edit_line(data("fc3d/Rover11035.dat"), "cols.dat", 5, "4"), 5, "W has 4 columns, expected 3");
  expect_fc_error(edit_line(data("fc3d/Rover11035.dat"), "dense.dat", 6, "3\t4"), 6, "dense W header says 4 columns");
  expect_fc_error(edit_line(data("fc3d/Rover11035.dat"), "nan.dat", 10, "nan 1 2"), 10, "expected q[0] (a number), found 'nan'");
  expect_fc_error(edit_line(data("fc3d/Rover11035.dat"), "inf.dat", 10, "1 -inf 2"), 10, "q[1]");
  expect_fc_error(edit_line(data("fc3d/Rover11035.dat"), "ovf.dat", 10, "1 2 1e999"), 10, "q[2] = 1e999 overflows");
  expect_fc_error(edit_line(data("fc3d/Rover11035.dat"), "hex.dat", 8, "0x1p3 1 1"), 8, "W(0, 1)");
  expect_fc_error(edit_line(data("fc3d/Rover11035.dat"), "garbage.dat", 9, "1 2 abc"), 9, "found 'abc'");
  expect_fc_error(edit_line(data("fc3d/Rover11035.dat"), "mu.dat", 11, "-0.7"), 11, "mu[0] = -0.7 is negative");
  expect_fc_error(edit_line(data("fc3d/Rover11035.dat"), "extra.dat", 12, "1\n2"), 13, "unexpected number '2'");
  expect_fc_error(edit_line(data("fc3d/Rover11035.dat"), "bin.dat", 12, "1\nx\001y"), 13, "binary data");
  /* two numbers short: q takes mu and the flag, then the file ends */
  expect_fc_error(edit_line(data("fc3d/Rover11035.dat"), "short.dat", 10, "1"), 12, "unexpected end of file: expected mu[0]");

  /* FC3D_Example1_SBM.dat: 6 blocks, 7-8 block rows/columns, 9-10 cumulated sizes,
   * 11-12 filled1/filled2, 13 row pointers, 14 block columns, 15 block 0's number */
  expect_fc_error(edit_line(data("fc3d/FC3D_Example1_SBM.dat"), "sbm1.dat", 14, "0\t1\t5"), 14, "block-column index");
  expect_fc_error(edit_line(data("fc3d/FC3D_Example1_SBM.dat"), "sbm2.dat", 15, "1"), 15, "block 0 of W is numbered 1");
  expect_fc_error(edit_line(data("fc3d/FC3D_Example1_SBM.dat"), "sbm3.dat", 9, "3\t3\t9"), 9, "block row size");
  expect_fc_error(edit_line(data("fc3d/FC3D_Example1_SBM.dat"), "sbm4.dat", 12, "4"), 12, "filled2");
  expect_fc_error(edit_line(data("fc3d/FC3D_Example1_SBM.dat"), "sbm5.dat", 6, "1000000000"), 6, "cannot fit");
  expect_fc_error(edit_line(data("fc3d/FC3D_Example1_SBM.dat"), "sbm6.dat", 13, "0\t2\t1\t3"), 13, "block-row pointer");
  expect_fc_error(edit_line(edit_line(data("fc3d/FC3D_Example1_SBM.dat"), "sbm7a.dat", 13, "0\t2\t2\t3"), "sbm7.dat", 14,
                            "0\t0\t2"), 14, "block (0, 0) of W is given twice");
  expect_fc_error(edit_line(data("fc3d/FC3D_Example1_SBM.dat"), "sbm8.dat", 10, "3\t6\t8"), 10, "last block column boundary");
  expect_fc_error(edit_line(data("fc3d/FC3D_Example1_SBM.dat"), "sbm9.dat", 7, "10"), 7, "block rows");

  /* fc2d_granularflowonwall: 8 size line, 9 first column, 10-11 its entries */
  expect_fc_error(edit_line(data("fc2d/fc2d_granularflowonwall_00667_00000.dat"), "cs1.dat", 10, "      5000 : 856.713"), 10,
                  "row index");
  expect_fc_error(edit_line(data("fc2d/fc2d_granularflowonwall_00667_00000.dat"), "cs2.dat", 9, "    col 0 : locations 0 to 2"),
                  12, "found 'col'");
  expect_fc_error(edit_line(data("fc2d/fc2d_granularflowonwall_00667_00000.dat"), "cs3.dat", 8,
                            "1334-by-1333, nzmax: 3822 nnz: 3822, 1-norm: 7152.83"), 8, "1334-by-1333");
  expect_fc_error(edit_line(data("fc2d/fc2d_granularflowonwall_00667_00000.dat"), "cs4.dat", 8,
                            "1334-by-1334, nzmax: 3822 nnz: 99999999, 1-norm: 7152.83"), 8, "cannot fit");
  expect_fc_error(edit_line(data("fc2d/fc2d_granularflowonwall_00667_00000.dat"), "cs5.dat", 6, "3"), 6, "origin 3");
  expect_fc_error(edit_line(data("fc2d/fc2d_granularflowonwall_00667_00000.dat"), "cs6.dat", 7, "Version 3"), 7, "CSparse");
  expect_fc_error(edit_line(data("fc2d/fc2d_granularflowonwall_00667_00000.dat"), "cs7.dat", 11, "      649 : nan"), 11,
                  "W(649, 0)");

  /* lcp_CPS_2.dat: 1 n, 2 storage, 3-4 sizes, 5 dense header, 6-8 M, 9 q */
  expect_lcp_error(edit_line(data("lcp/lcp_CPS_2.dat"), "lcp1.dat", 1, "2147483647"), 1, "cannot fit");
  expect_lcp_error(edit_line(data("lcp/lcp_CPS_2.dat"), "lcp2.dat", 1, "0"), 1, "size n");
  expect_lcp_error(edit_line(data("lcp/lcp_CPS_2.dat"), "lcp3.dat", 4, "4"), 4, "M has 4 columns, expected 3");
  expect_lcp_error(edit_line(data("lcp/lcp_CPS_2.dat"), "lcp4.dat", 9, "-3 6"), 11, "expected q[2] (a number), found 'Example'");

  /* GFC3D_Example00.dat: M at 3-9, H at 10-16; M(1,0) edited: M is no longer symmetric */
  expect_gfc_error(edit_line(data("gfc3d/GFC3D_Example00.dat"), "gfc1.dat", 7,
                             "  1.0e+00   0.5e+00   0.0e+00"), 3, "M is not symmetric");
  expect_gfc_error(edit_line(data("gfc3d/GFC3D_Example00.dat"), "gfc2.dat", 11, "4"), 11, "H has 4 rows, expected 3");
  expect_gfc_error(edit_line(data("gfc3d/GFC3D_Example00.dat"), "gfc3.dat", 12, "2"), 12, "H has 2 columns, expected 3");
  expect_gfc_error(edit_line(data("gfc3d/GFC3D_Example00.dat"), "gfc4.dat", 5, "4"), 5, "not square");
}

/* the reader's own error, and the kind the file does read as (lines read off the files) */
static void test_wrong_kind(void)
{
  /* lcp_CPS_1.dat:2 is the storage type 0 of M, taken for the number of contacts */
  expect_fc_error(data("lcp/lcp_CPS_1.dat"), 2, "(the file reads as a linear complementarity problem, not a local");
  /* GFC3D_Example1.dat: M (:3-24) taken for W, H's header (:25-28) for q and mu, :29 for the
   * flag, and :30 is one number too many */
  expect_fc_error(data("gfc3d/GFC3D_Example1.dat"), 30, "reads as a global frictional contact problem");
  /* Rover4396.dat:13 is q where H's storage type should be */
  expect_gfc_error(data("fc3d/Rover4396.dat"), 13, "reads as a local frictional contact problem, not a global");
  expect_lcp_error(data("fc2d/FrictionContactProblem00394.dat"), 2, "reads as a local frictional contact problem");
}

static void test_garbage(void)
{
  expect_fc_error(spits("empty.dat", ""), 1, "empty file");
  expect_gfc_error(spits("blank.dat", "  \n\n \t\n"), 1, "empty file");
  expect_lcp_error(spits("empty2.dat", ""), 1, "empty file");
  static const char elf[] = "\177ELF\002\001\001\000\000\000\000\000\000\000\000\000\003\000>\000";
  expect_fc_error(spit("elf.dat", elf, sizeof elf - 1), 1, "dimension");
  expect_fc_error(spits("text.dat", "hello world\n"), 1, "found 'hello'");
  expect_fc_error(spits("float.dat", "3.0\n1\n"), 1, "an integer");
  static const char nul[] = "3\n1\n0\n3\n3\n3 3\n1 0 0 0 1 0 0 0 1\n1 2 3\n0.5 \n\0\0\0";
  expect_fc_error(spit("nul.dat", nul, sizeof nul - 1), 10, "binary data");
  /* a number longer than any double needs */
  char longnum[400];
  memset(longnum, '1', sizeof longnum);
  memcpy(longnum, "2\n1\n0\n2\n2\n2 2\n", 14);
  longnum[sizeof longnum - 1] = '\0';
  expect_fc_error(spits("long.dat", longnum), 7, "too long");

  /* I/O errors: a missing file, a directory */
  char err[512] = "";
  sn_fc *P = NULL;
  const char *missing = path_of(tmpdir, "no-such-file.dat");
  char want[600];
  snprintf(want, sizeof want, "cannot read %s: No such file or directory", missing);
  CHECK_INT(sn_dat_read_fc(missing, &P, err, sizeof err), SN_ERR_IO);
  CHECK(!strcmp(err, want));
  sn_file_problem *FP = NULL;   /* the same words from the reader of any problem file */
  CHECK_INT(sn_read_problem(missing, &FP, err, sizeof err), SN_ERR_IO);
  CHECK(!strcmp(err, want) && FP == NULL);
  CHECK_INT(sn_dat_read_fc(tmpdir, &P, err, sizeof err), SN_ERR_IO);
  CHECK(strstr(err, tmpdir) != NULL);
  /* bad arguments, and no message buffer */
  CHECK_INT(sn_dat_read_fc(NULL, &P, err, sizeof err), SN_ERR_ARG);
  CHECK_INT(sn_dat_read_fc(missing, NULL, err, sizeof err), SN_ERR_ARG);
  sn_gfc *G = NULL;
  sn_lcp *L = NULL;
  CHECK_INT(sn_dat_read_gfc(spits("e3.dat", ""), &G, NULL, 0), SN_ERR_FORMAT);
  char tiny[8];
  CHECK_INT(sn_dat_read_lcp(spits("e4.dat", "x"), &L, tiny, sizeof tiny), SN_ERR_FORMAT);
  CHECK(G == NULL && L == NULL);
  CHECK(strlen(tiny) == 7);
}

/* hand-written sparse storages: triplet and compressed column, with and without origin */
static void test_sparse_forms(void)
{
  static const char *files[] = {
      /* 2 contacts in 2D, W 4x4 in triplet form (origin 1) */
      "2\n2\n2\n4\n4\n1\nCSparse Version 3.1.9, May 4, 2016.  Copyright (c) Timothy A. Davis, 2006-2016\n"
      "triplet: 4-by-4, nzmax: 5 nnz: 5\n    0 0 : 2\n    1 1 : 3\n    3 0 : -1.5\n    2 2 : 4\n    3 3 : 5\n"
      "0.1 0.2 0.3 0.4\n0.5 0.6\n",
      /* the same in compressed columns without origin line (older Siconos) */
      "2\n2\n2\n4\n4\nCSparse Version 3.1.9, May 4, 2016.  Copyright (c) Timothy A. Davis, 2006-2016\n"
      "4-by-4, nzmax: 5 nnz: 5, 1-norm: 5\n    col 0 : locations 0 to 1\n      0 : 2\n      3 : -1.5\n"
      "    col 1 : locations 2 to 2\n      1 : 3\n    col 2 : locations 3 to 3\n      2 : 4\n"
      "    col 3 : locations 4 to 4\n      3 : 5\n0.1 0.2 0.3 0.4\n0.5 0.6\n",
  };
  for (int k = 0; k < 2; k++) {
    char name[32], err[512] = "";
    snprintf(name, sizeof name, "sparse%d.dat", k);
    sn_fc *P = NULL;
    CHECK_INT(sn_dat_read_fc(spits(name, files[k]), &P, err, sizeof err), SN_OK);
    if (!P) { fprintf(stderr, "  %s\n", err); continue; }
    CHECK_INT(P->W->nnz, 5);
    CHECK_CLOSE(at(P->W, 3, 0), -1.5, 0, 0);
    CHECK_CLOSE(at(P->W, 0, 3), 0, 0, 0);
    CHECK_CLOSE(at(P->W, 3, 3), 5, 0, 0);
    CHECK_CLOSE(P->q[3], 0.4, 0, 0);
    CHECK_CLOSE(P->mu[1], 0.6, 0, 0);
    sn_fc_free(P);
  }
  /* a triplet entry out of range, an origin contradicting the print */
  char bad[1024];
  snprintf(bad, sizeof bad, "%s", files[0]);
  char *p = strstr(bad, "    2 2 : 4");
  p[4] = '7';
  expect_fc_error(spits("sparse-bad1.dat", bad), 12, "row index");
  snprintf(bad, sizeof bad, "%s", files[0]);
  bad[10] = '2';   /* origin line: 2 (compressed column) but a triplet print */
  expect_fc_error(spits("sparse-bad2.dat", bad), 8, "origin 2 does not match");
  /* an LCP whose sparse-block M has no block: a zero matrix */
  sn_lcp *L = NULL;
  CHECK_INT(sn_dat_read_lcp(spits("zero.dat", "2\n1\n2\n2\n0\n1 1\n"), &L, NULL, 0), SN_OK);
  if (L) { CHECK_INT(L->M->nnz, 0); CHECK_CLOSE(L->q[1], 1, 0, 0); sn_lcp_free(L); }
}

/* The first cut bytes of b as kind. exact_line > 0: the error must be at that line and mention
 * what. Otherwise: SN_OK only for cuts at or after ok_from (inside the last number or in the
 * trailer), else an error at the cut's last line or at a size the rest cannot hold. */
static void truncate_at(sn_kind kind, const char *b, size_t cut, size_t ok_from, int exact_line, const char *what)
{
  const char *p = spit("cut.dat", b, cut);
  char err[512] = "";
  int st = read_any(kind, p, err, sizeof err);
  if (st == SN_OK) {
    CHECK(exact_line <= 0 && cut >= ok_from);
    if (!(exact_line <= 0 && cut >= ok_from)) fprintf(stderr, "  cut at %zu of %s read fine\n", cut, p);
    return;
  }
  CHECK_INT(st, SN_ERR_FORMAT);
  int line = last_line(b, cut);
  if (exact_line > 0) {
    CHECK(names(err, p, exact_line, what));
    return;
  }
  char head[1100];
  snprintf(head, sizeof head, "%s:", p);
  int l = strncmp(err, head, strlen(head)) ? -1 : atoi(err + strlen(head));
  int ok = l >= 1 && l <= line && (l == line || strstr(err, "cannot fit"));
  CHECK(ok);
  if (!ok) fprintf(stderr, "  cut at %zu (last line %d): %s\n", cut, line, err);
}

/* offset just after the start of the last occurrence of needle (the last number of a problem) */
static size_t after_last(const char *b, const char *needle)
{
  const char *p = NULL, *q = b;
  while ((q = strstr(q, needle))) p = q++;
  return p ? (size_t)(p - b) + 1 : (size_t)-1;
}

static void test_truncated(void)
{
  size_t len;
  char *b = slurp(data("fc3d/Rover11035.dat"), &len);
  /* cut inside line 8 after its first number: W(0,1) read, W(1,1) missing */
  const char *l8 = strstr(b, "\n -1.438285701497408206397943e-04") + 1;
  truncate_at(SN_KIND_FC, b, (size_t)(l8 - b) + 33, 0, 8, "unexpected end of file: expected W(1, 1)");
  /* cut after the dense header (line 6): 9 numbers cannot fit in nothing */
  truncate_at(SN_KIND_FC, b, (size_t)(strstr(b, "3\t3\n") - b) + 4, 0, 6, "cannot fit");
  /* cut in the middle of q[1] (line 10): q[2] is missing */
  const char *l10 = strstr(b, "\n -5.417704922170969716876954e-02") + 1;
  truncate_at(SN_KIND_FC, b, (size_t)(l10 - b) + 50, 0, 10, "unexpected end of file: expected q[2]");
  free(b);

  /* every offset of small files; the last number of each problem (what a cut may shorten) */
  static const struct { const char *file; sn_kind kind; const char *last; } small[] = {
      {"fc3d/Rover11035.dat", SN_KIND_FC, "6.999999999999999555910790e-01"},
      {"fc3d/FC3D_Example1_SBM.dat", SN_KIND_FC, "1.000000000000000055511151e-01"},
      {"gfc3d/GFC3D_Example1.dat", SN_KIND_GFC, "5.000000000000000000000000e-01"},
      {"lcp/lcp_ortiz_block.dat", SN_KIND_LCP, "1.000000000000000000000000e+00"},
      {"fc2d/FrictionContactProblem00031.dat", SN_KIND_FC, "9.000000000000000222044605e-01"},
      {"lcp/lcp_CPS_1.dat", SN_KIND_LCP, "-1\n\nRemark"},
  };
  for (size_t f = 0; f < sizeof small / sizeof small[0]; f++) {
    b = slurp(data(small[f].file), &len);
    size_t ok_from = after_last(b, small[f].last);
    CHECK(ok_from < len);
    for (size_t cut = 0; cut <= len; cut++) truncate_at(small[f].kind, b, cut, ok_from, -1, NULL);
    free(b);
  }
  /* big files at a few fractions (none in the last number) */
  static const struct { const char *file; sn_kind kind; } big[] = {
      {"fc3d/Capsules-i100-889.dat", SN_KIND_FC}, {"fc2d/fc2d_granularflowonwall_00667_00000.dat", SN_KIND_FC},
      {"gfc3d/GFC3D_TwoRods1.dat", SN_KIND_GFC}, {"lcp/lcp_mmc.dat", SN_KIND_LCP}};
  for (int f = 0; f < 4; f++) {
    b = slurp(data(big[f].file), &len);
    for (int k = 1; k < 20; k++) truncate_at(big[f].kind, b, len * (size_t)k / 20, len, -1, NULL);
    free(b);
  }
  /* Capsules cut at 90%: inside the blocks of W, the end of the cut is reported */
  b = slurp(data("fc3d/Capsules-i100-889.dat"), &len);
  size_t cut = len * 9 / 10;
  truncate_at(SN_KIND_FC, b, cut, len, last_line(b, cut), NULL);
  free(b);
}

/* every byte of small files replaced by a few characters: no crash, OK or a located error */
static void test_mutations(void)
{
  static const struct { const char *file; sn_kind kind; } files[] = {
      {"fc3d/Rover11035.dat", SN_KIND_FC}, {"fc3d/FC3D_Example1_SBM.dat", SN_KIND_FC}, {"gfc3d/GFC3D_Example1.dat", SN_KIND_GFC}};
  static const char subst[] = {'x', '9', '-', ' ', '\n', '\0', '.', 'e', '\377'};
  int bad = 0;
  for (int f = 0; f < 3; f++) {
    size_t len;
    char *b = slurp(data(files[f].file), &len);
    for (size_t i = 0; i < len; i++)
      for (size_t c = 0; c < sizeof subst; c++) {
        char keep = b[i];
        b[i] = subst[c];
        const char *p = spit("mut.dat", b, len);
        b[i] = keep;
        char err[512] = "";
        int st = read_any(files[f].kind, p, err, sizeof err);
        if (st == SN_OK) continue;
        if (st != SN_ERR_FORMAT || strncmp(err, p, strlen(p)) || err[strlen(p)] != ':') {
          if (bad++ < 5) fprintf(stderr, "  %s byte %zu -> %d: %d '%s'\n", files[f].file, i, subst[c], st, err);
        }
      }
    free(b);
  }
  CHECK_INT(bad, 0);
}

/* the caller's locale does not change how numbers are read */
static void test_locale(void)
{
  static const char *names_[] = {"de_DE.UTF-8", "de_DE.utf8", "fr_FR.UTF-8", "fr_FR.utf8", NULL};
  const char *got = NULL;
  for (int k = 0; names_[k] && !got; k++) got = setlocale(LC_NUMERIC, names_[k]);
  if (!got) return;   /* no such locale installed */
  sn_fc *P = NULL;
  CHECK_INT(sn_dat_read_fc(data("fc3d/Rover11035.dat"), &P, NULL, 0), SN_OK);
  if (P) { CHECK_CLOSE(P->mu[0], 0.7, 1e-15, 0); sn_fc_free(P); }
  setlocale(LC_NUMERIC, "C");
}

static void cleanup(void)
{
  DIR *D = opendir(tmpdir);
  if (!D) return;
  struct dirent *e;
  while ((e = readdir(D)))
    if (e->d_name[0] != '.') unlink(path_of(tmpdir, e->d_name));
  closedir(D);
  rmdir(tmpdir);
}

int main(void)
{
  DIR *D = opendir(SN_DATA_DIR);
  if (!D) { printf("no test data in %s\n", SN_DATA_DIR); return 1; }
  closedir(D);
  const char *t = getenv("TMPDIR");
  snprintf(tmpdir, sizeof tmpdir, "%s/sn_dat_XXXXXX", t && *t ? t : "/tmp");
  if (!mkdtemp(tmpdir)) { perror("mkdtemp"); return 1; }

  test_rover11035();
  test_fc3d_1c();
  test_fc3d_sbm();
  test_fc2d_sbm();
  test_fc2d_sparse();
  test_gfc();
  test_lcp();
  test_all_files();
  test_twins();
  test_edited_counts();
  test_wrong_kind();
  test_garbage();
  test_sparse_forms();
  test_truncated();
  test_mutations();
  test_locale();
  cleanup();
  return sn_check_report();
}
