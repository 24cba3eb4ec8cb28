/* Siconos .dat writer (src/io/siconos_dat_write.c): every .dat in tests/data/problems (lcp, fc2d,
 * fc3d, gfc3d) and a few FCLIB .hdf5 problems are read, written as .dat and read back by our own
 * reader: every array must be bit-identical (matrices compared as CSC after the reader's
 * canonicalisation: exact zeros dropped, duplicates summed, rows sorted, which is what
 * sn_csc_from_triplets makes of the original's entries). Then the failures: an unwritable
 * folder (an error naming the path, no file left), NULL arguments, a global problem with
 * equality constraints (no .dat layout). */
#define _DEFAULT_SOURCE
#include "check.h"
#include "signorini/io.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* the reader's canonical form of A: its non-zero entries through sn_csc_from_triplets */
static sn_csc *canonical(const sn_csc *A)
{
  int nz = 0, *I = malloc(sizeof(int) * ((size_t)A->nnz + 1)), *J = malloc(sizeof(int) * ((size_t)A->nnz + 1));
  double *X = malloc(sizeof(double) * ((size_t)A->nnz + 1));
  sn_csc *C = NULL;
  if (I && J && X) {
    for (int j = 0; j < A->n; j++)
      for (int p = A->colptr[j]; p < A->colptr[j + 1]; p++)
        if (A->val[p] != 0.0) { I[nz] = A->rowind[p]; J[nz] = j; X[nz++] = A->val[p]; }
    if (sn_csc_from_triplets(A->m, A->n, nz, I, J, X, &C)) C = NULL;
  }
  free(I);
  free(J);
  free(X);
  return C;
}

static int same_csc(const sn_csc *orig, const sn_csc *B)
{
  sn_csc *A = canonical(orig);
  int ok = A && A->m == B->m && A->n == B->n && A->nnz == B->nnz &&
           !memcmp(A->colptr, B->colptr, sizeof(int) * ((size_t)A->n + 1)) &&
           !memcmp(A->rowind, B->rowind, sizeof(int) * (size_t)A->nnz) &&
           !memcmp(A->val, B->val, sizeof(double) * (size_t)A->nnz);
  sn_csc_free(A);
  return ok;
}

static int same_vec(int n, const double *a, const double *b)
{
  return n == 0 || !memcmp(a, b, sizeof(double) * (size_t)n);
}

static int written[3];   /* lcp, fc, gfc read back identical */

/* write F's problem to tmp as .dat, read it back, compare */
static void roundtrip(const char *name, const sn_file_problem *F, const char *tmp)
{
  char err[1024] = "";
  int st;
  if (F->kind == SN_KIND_LCP) {
    sn_lcp *B = NULL;
    CHECK_INT(st = sn_dat_write_lcp(tmp, F->lcp, err, sizeof err), SN_OK);
    if (!st) CHECK_INT(st = sn_dat_read_lcp(tmp, &B, err, sizeof err), SN_OK);
    if (!st) {
      CHECK(B->n == F->lcp->n && same_csc(F->lcp->M, B->M) && same_vec(B->n, F->lcp->q, B->q));
      written[0]++;
    }
    sn_lcp_free(B);
  } else if (F->kind == SN_KIND_FC) {
    const sn_fc *A = F->fc;
    sn_fc *B = NULL;
    CHECK_INT(st = sn_dat_write_fc(tmp, A, err, sizeof err), SN_OK);
    if (!st) CHECK_INT(st = sn_dat_read_fc(tmp, &B, err, sizeof err), SN_OK);
    if (!st) {
      CHECK(B->dim == A->dim && B->nc == A->nc && same_csc(A->W, B->W));
      CHECK(same_vec(A->dim * A->nc, A->q, B->q) && same_vec(A->nc, A->mu, B->mu));
      written[1]++;
    }
    sn_fc_free(B);
  } else {
    const sn_gfc *A = F->gfc;
    sn_gfc *B = NULL;
    CHECK_INT(st = sn_dat_write_gfc(tmp, A, err, sizeof err), SN_OK);
    if (!st) CHECK_INT(st = sn_dat_read_gfc(tmp, &B, err, sizeof err), SN_OK);
    if (!st) {
      CHECK(B->dim == A->dim && B->nc == A->nc && B->ndof == A->ndof && B->neq == 0);
      CHECK(same_csc(A->M, B->M) && same_csc(A->H, B->H));
      CHECK(same_vec(A->ndof, A->f, B->f) && same_vec(A->dim * A->nc, A->w, B->w) && same_vec(A->nc, A->mu, B->mu));
      written[2]++;
    }
    sn_gfc_free(B);
  }
  if (st) fprintf(stderr, "%s: %s\n", name, err);
  remove(tmp);
}

static void one(const char *path, const char *tmp)
{
  sn_file_problem *F = NULL;
  char err[1024] = "";
  int st = sn_read_problem(path, &F, err, sizeof err);
  CHECK_INT(st, SN_OK);
  if (st) fprintf(stderr, "%s: %s\n", path, err);
  else roundtrip(path, F, tmp);
  sn_file_problem_free(F);
}

static int folder(const char *sub, const char *tmp)
{
  char dir[1024], path[2048];
  int count = 0;
  snprintf(dir, sizeof dir, "%s/%s", SN_DATA_DIR, sub);
  DIR *d = opendir(dir);
  CHECK(d != NULL);
  if (!d) return 0;
  struct dirent *e;
  while ((e = readdir(d))) {
    size_t n = strlen(e->d_name);
    if (n < 5 || strcmp(e->d_name + n - 4, ".dat")) continue;
    snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
    one(path, tmp);
    count++;
  }
  closedir(d);
  return count;
}

/* the exact text for FrictionContact3D_1c.dat (W = [[15 -1 -2] [-1 14 1] [-2 1 16]], q = (-1, 2, 3),
 * mu = 0.1, the numbers in tests/python/test_io.py), laid out as Siconos' own sparse files are
 * (tests/data/problems/fc2d/fc2d_granularflowonwall_00667_00000.dat: storage 2, rows, columns,
 * origin 2, the CSparse print); the 1-norm is the largest column sum, |-2| + 1 + 16 = 19 */
static void exact_text(const char *tdir)
{
  static const char want[] =
      "3\n1\n2\n3\n3\n2\n"
      "CSparse Version 3.1.9, May 4, 2016.  Copyright (c) Timothy A. Davis, 2006-2016\n"
      "3-by-3, nzmax: 9 nnz: 9, 1-norm: 19\n"
      "    col 0 : locations 0 to 2\n      0 : 15\n      1 : -1\n      2 : -2\n"
      "    col 1 : locations 3 to 5\n      0 : -1\n      1 : 14\n      2 : 1\n"
      "    col 2 : locations 6 to 8\n      0 : -2\n      1 : 1\n      2 : 16\n"
      "-1 2 3\n0.10000000000000001\n";
  char path[512], err[1024] = "", got[2048] = "";
  sn_fc *P = NULL;
  snprintf(path, sizeof path, "%s/fc3d/FrictionContact3D_1c.dat", SN_DATA_DIR);
  CHECK_INT(sn_dat_read_fc(path, &P, err, sizeof err), SN_OK);
  if (!P) return;
  snprintf(path, sizeof path, "%s/one.dat", tdir);
  CHECK_INT(sn_dat_write_fc(path, P, err, sizeof err), SN_OK);
  FILE *f = fopen(path, "rb");
  CHECK(f != NULL);
  if (f) {
    size_t n = fread(got, 1, sizeof got - 1, f);
    got[n] = 0;
    fclose(f);
  }
  CHECK(!strcmp(got, want));
  if (strcmp(got, want)) fprintf(stderr, "written:\n%s", got);
  remove(path);
  sn_fc_free(P);
}

/* failures: unwritable folder, NULL arguments, equality constraints */
static void failures(const char *tdir)
{
  char path[512], err[1024] = "";
  sn_file_problem *F = NULL;
  snprintf(path, sizeof path, "%s/fc3d/FC3D_Example1.dat", SN_DATA_DIR);
  CHECK_INT(sn_read_problem(path, &F, err, sizeof err), SN_OK);
  if (!F) return;
  snprintf(path, sizeof path, "%s/no/such/folder/p.dat", tdir);
  CHECK_INT(sn_dat_write_fc(path, F->fc, err, sizeof err), SN_ERR_IO);
  CHECK(strstr(err, path) != NULL);      /* the message names the file */
  CHECK(access(path, F_OK) != 0);
  snprintf(path, sizeof path, "%s/p.dat", tdir);
  CHECK_INT(sn_dat_write_fc(NULL, F->fc, err, sizeof err), SN_ERR_ARG);
  CHECK_INT(sn_dat_write_fc(path, NULL, err, sizeof err), SN_ERR_ARG);
  CHECK_INT(sn_dat_write_gfc(NULL, NULL, err, sizeof err), SN_ERR_ARG);
  CHECK_INT(sn_dat_write_lcp(path, NULL, err, sizeof err), SN_ERR_ARG);
  /* an invalid problem (mu < 0) is refused, nothing written */
  double mu0 = F->fc->mu[0];
  F->fc->mu[0] = -1;
  CHECK(sn_dat_write_fc(path, F->fc, err, sizeof err) != SN_OK);
  CHECK(strstr(err, "invalid problem") != NULL);
  F->fc->mu[0] = mu0;
  CHECK(access(path, F_OK) != 0);
  sn_file_problem_free(F);
  F = NULL;
  /* a global problem given equality constraints: no .dat layout */
  snprintf(path, sizeof path, "%s/gfc3d/GFC3D_Example00.dat", SN_DATA_DIR);
  CHECK_INT(sn_read_problem(path, &F, err, sizeof err), SN_OK);
  if (!F) return;
  sn_gfc *G = F->gfc;
  double b = 0;
  sn_csc *Gm = NULL;
  int gi = 0, gj = 0;
  double gx = 1;
  CHECK_INT(sn_csc_from_triplets(G->ndof, 1, 1, &gi, &gj, &gx, &Gm), SN_OK);
  G->G = Gm;
  G->b = &b;
  G->neq = 1;
  snprintf(path, sizeof path, "%s/g.dat", tdir);
  CHECK_INT(sn_dat_write_gfc(path, G, err, sizeof err), SN_ERR_ARG);
  CHECK(strstr(err, "equality") != NULL);
  CHECK(access(path, F_OK) != 0);
  G->G = NULL;
  G->b = NULL;
  G->neq = 0;
  sn_csc_free(Gm);
  sn_file_problem_free(F);
}

int main(void)
{
  char probe[1024];
  snprintf(probe, sizeof probe, "%s/fc3d", SN_DATA_DIR);
  if (access(probe, R_OK)) { printf("test data not found: %s\n", SN_DATA_DIR); return 1; }
  char tdir[] = "/tmp/sn_datw_XXXXXX", tmp[256], path[1024];
  if (!mkdtemp(tdir)) return 1;
  snprintf(tmp, sizeof tmp, "%s/p.dat", tdir);
  int dats = folder("lcp", tmp) + folder("fc2d", tmp) + folder("fc3d", tmp) + folder("gfc3d", tmp);
  static const char *h5[] = {"fc3d/FC3D_Example1.hdf5", "fc3d/Capsules-i100-889.hdf5",
                             "fc3d/Confeti-ex13-4contact-Fc3D-SBM.hdf5", "gfc3d/CubeH8.hdf5",
                             "gfc3d/LMGC_GlobalFrictionContactProblem00046.hdf5"};
  for (size_t k = 0; k < sizeof h5 / sizeof *h5; k++) {
    snprintf(path, sizeof path, "%s/%s", SN_DATA_DIR, h5[k]);
    one(path, tmp);
  }
  printf("%d .dat + 5 .hdf5 files: %d lcp, %d fc, %d gfc written and read back identical\n", dats, written[0],
         written[1], written[2]);
  CHECK_INT(dats, 42);
  CHECK_INT(written[0] + written[1] + written[2], dats + 5);
  CHECK(written[0] > 0 && written[1] > 0 && written[2] > 0);
  exact_text(tdir);
  failures(tdir);
  CHECK_INT(rmdir(tdir), 0);   /* empty: no file left behind */
  return sn_check_report();
}
