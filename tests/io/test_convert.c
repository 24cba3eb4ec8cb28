/* Siconos .dat -> FCLIB HDF5 -> read back: identical problems, for every local and global
 * .dat in tests/data/problems (what `signorini convert` does), and the written file passes the
 * same checks as the shared FCLIB files. */
#define _DEFAULT_SOURCE
#include "check.h"
#include "signorini/io.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int same_csc(const sn_csc *A, const sn_csc *B)
{
  if (A->m != B->m || A->n != B->n || A->nnz != B->nnz) return 0;
  if (memcmp(A->colptr, B->colptr, sizeof(int) * ((size_t)A->n + 1))) return 0;
  return !memcmp(A->rowind, B->rowind, sizeof(int) * (size_t)A->nnz) &&
         !memcmp(A->val, B->val, sizeof(double) * (size_t)A->nnz);
}

static int same_vec(int n, const double *a, const double *b)
{
  return n == 0 || !memcmp(a, b, sizeof(double) * (size_t)n);
}

static int converted = 0;

static void roundtrip(const char *dat, const char *tmp, int global)
{
  char err[1024];
  sn_fc *fc = NULL;
  sn_gfc *gfc = NULL;
  int st = global ? sn_dat_read_gfc(dat, &gfc, err, sizeof err) : sn_dat_read_fc(dat, &fc, err, sizeof err);
  CHECK_INT(st, SN_OK);
  if (st) { fprintf(stderr, "%s\n", err); return; }
  CHECK_INT(sn_fclib_write(tmp, fc, gfc, NULL, err, sizeof err), SN_OK);
  sn_file_problem *F = NULL;
  st = sn_fclib_read(tmp, &F, err, sizeof err);
  CHECK_INT(st, SN_OK);
  if (!st) {
    if (!global) {
      CHECK(F->kind == SN_KIND_FC && F->fc->dim == fc->dim && F->fc->nc == fc->nc);
      int n = fc->dim * fc->nc;
      CHECK(same_csc(F->fc->W, fc->W) && same_vec(n, F->fc->q, fc->q) && same_vec(fc->nc, F->fc->mu, fc->mu));
    } else {
      const sn_gfc *G = F->gfc;
      CHECK(F->kind == SN_KIND_GFC && G->dim == gfc->dim && G->nc == gfc->nc && G->ndof == gfc->ndof);
      CHECK(same_csc(G->M, gfc->M) && same_csc(G->H, gfc->H));
      CHECK(same_vec(gfc->ndof, G->f, gfc->f) && same_vec(gfc->dim * gfc->nc, G->w, gfc->w) &&
            same_vec(gfc->nc, G->mu, gfc->mu));
    }
    converted++;
  }
  sn_file_problem_free(F);
  sn_fc_free(fc);
  sn_gfc_free(gfc);
  remove(tmp);
}

static void folder(const char *sub, const char *tmp, int global)
{
  char dir[1024], path[2048];
  snprintf(dir, sizeof dir, "%s/%s", SN_DATA_DIR, sub);
  DIR *d = opendir(dir);
  CHECK(d != NULL);
  if (!d) return;
  struct dirent *e;
  while ((e = readdir(d))) {
    size_t n = strlen(e->d_name);
    if (n < 5 || strcmp(e->d_name + n - 4, ".dat")) continue;
    snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
    roundtrip(path, tmp, global);
  }
  closedir(d);
}

int main(void)
{
  char probe[1024];
  snprintf(probe, sizeof probe, "%s/fc3d", SN_DATA_DIR);
  if (access(probe, R_OK)) { printf("test data not found: %s\n", SN_DATA_DIR); return 1; }
  char tdir[] = "/tmp/sn_convert_XXXXXX", tmp[256];
  if (!mkdtemp(tdir)) return 1;
  snprintf(tmp, sizeof tmp, "%s/p.hdf5", tdir);
  folder("fc3d", tmp, 0);
  folder("fc2d", tmp, 0);
  folder("gfc3d", tmp, 1);
  printf("%d .dat files converted and read back identical\n", converted);
  CHECK_INT(converted, 15 + 6 + 5);   /* fc3d (incl. the condensed TwoRods), fc2d, gfc3d */
  rmdir(tdir);
  return sn_check_report();
}
