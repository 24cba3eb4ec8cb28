/* FCLIB HDF5 reader and writer: every shared problem file reads, with dimensions and entries
 * read off `h5dump -m %.17g` of the files (dataset and index named beside each value); write then
 * read gives the same bits; damaged files give SN_ERR_FORMAT / SN_ERR_IO naming file and dataset,
 * leak no HDF5 handle and print nothing. */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include "signorini/io.h"

#include <dirent.h>
#include <hdf5.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char tmpdir[256];

static void tmp_path(char *buf, size_t len, const char *name)
{
  snprintf(buf, len, "%s/%s", tmpdir, name);
}

/* W(i,j) of a CSC matrix, or NAN if structurally absent */
static double at(const sn_csc *A, int i, int j)
{
  for (int p = A->colptr[j]; p < A->colptr[j + 1]; p++)
    if (A->rowind[p] == i) return A->val[p];
  return NAN;
}

static int same_bits(const void *a, const void *b, size_t bytes)
{
  if (bytes == 0) return 1;
  return a && b && memcmp(a, b, bytes) == 0;
}

static int same_csc(const sn_csc *A, const sn_csc *B)
{
  if (!A || !B) return A == B;
  return A->m == B->m && A->n == B->n && A->nnz == B->nnz &&
         same_bits(A->colptr, B->colptr, sizeof(int) * ((size_t)A->n + 1)) &&
         same_bits(A->rowind, B->rowind, sizeof(int) * (size_t)A->nnz) &&
         same_bits(A->val, B->val, sizeof(double) * (size_t)A->nnz);
}

#define SAME_VEC(a, b, n) same_bits((a), (b), sizeof(double) * (size_t)(n))

static int same_solution(const sn_solution *A, const sn_solution *B)
{
  if (!A || !B) return A == B;
  return A->nr == B->nr && A->nv == B->nv && A->nl == B->nl && SAME_VEC(A->r, B->r, A->nr) &&
         SAME_VEC(A->u, B->u, A->nr) && SAME_VEC(A->v, B->v, A->nv) && SAME_VEC(A->l, B->l, A->nl);
}

/* no HDF5 object (file, group, dataset) left open by the library */
static long open_h5_objects(void)
{
  return (long)H5Fget_obj_count((hid_t)H5F_OBJ_ALL, H5F_OBJ_ALL);
}

/* ---- the shared files: expected sizes (h5dump: W/m, W/n, spacedim, M/m, length of x) ---- */
typedef struct {
  const char *file;
  sn_kind kind;
  int dim, nc, nnz;   /* nnz of W (local) or M (global) */
  int ndof, hnnz;     /* global only */
  int sol, guess;     /* /solution, /guesses present */
} expect;

static const expect files[] = {
  {"fc3d/BoxesStack1-i100000-32.hdf5", SN_KIND_FC, 3, 52, 5328, 0, 0, 0, 0},
  {"fc3d/Capsules-i100-889.hdf5", SN_KIND_FC, 3, 276, 11736, 0, 0, 0, 0},
  {"fc3d/Capsules-i101-404.hdf5", SN_KIND_FC, 3, 225, 9099, 0, 0, 0, 0},
  {"fc3d/Capsules-i125-1213.hdf5", SN_KIND_FC, 3, 286, 11772, 0, 0, 1, 1},
  {"fc3d/Confeti-ex13-4contact-Fc3D-SBM.hdf5", SN_KIND_FC, 3, 4, 144, 0, 0, 0, 0},
  {"fc3d/FC3D_Example1.hdf5", SN_KIND_FC, 3, 3, 9, 0, 0, 0, 0},
  {"fc3d/FC3D_Example1_SBM.hdf5", SN_KIND_FC, 3, 3, 27, 0, 0, 0, 0},
  {"fc3d/FrictionContact3D_1c.hdf5", SN_KIND_FC, 3, 1, 9, 0, 0, 0, 0},
  {"fc3d/FrictionContact3D_RR_1c.hdf5", SN_KIND_FC, 3, 1, 9, 0, 0, 0, 0},
  {"fc3d/NESpheres_10_1.hdf5", SN_KIND_FC, 3, 9, 121, 0, 0, 0, 0},
  {"fc3d/OneObject-i100000-316.hdf5", SN_KIND_FC, 3, 25, 1863, 0, 0, 0, 0},
  {"fc3d/Rover1039.hdf5", SN_KIND_FC, 3, 4, 144, 0, 0, 0, 0},
  {"fc3d/Rover1040.hdf5", SN_KIND_FC, 3, 5, 225, 0, 0, 0, 0},
  {"fc3d/Rover11035.hdf5", SN_KIND_FC, 3, 1, 9, 0, 0, 0, 0},
  {"fc3d/Rover4396.hdf5", SN_KIND_FC, 3, 2, 36, 0, 0, 0, 0},
  {"gfc3d/Box_Stacks-i0122-82-5.hdf5", SN_KIND_GFC, 3, 82, 450, 450, 1284, 1, 1},
  {"gfc3d/CubeH8.hdf5", SN_KIND_GFC, 3, 1, 3168, 162, 45, 0, 0},
  {"gfc3d/LMGC_GlobalFrictionContactProblem00046.hdf5", SN_KIND_GFC, 3, 9, 3168, 162, 405, 0, 0},
  {"gfc3d/Spheres-i099-356-679.hdf5", SN_KIND_GFC, 3, 356, 12000, 12000, 9110, 1, 1},
  {"gfc3d/spheres-in-a-box-98-i10000-256-10.hdf5", SN_KIND_GFC, 3, 256, 588, 588, 7046, 1, 1},
};
#define NFILES ((int)(sizeof files / sizeof files[0]))

static sn_file_problem *read_ok(const char *path)
{
  sn_file_problem *F = NULL;
  char err[512] = "x";
  int rc = sn_fclib_read(path, &F, err, sizeof err);
  if (rc) fprintf(stderr, "read %s: %d %s\n", path, rc, err);
  CHECK_INT(rc, SN_OK);
  CHECK(err[0] == '\0');
  return F;
}

static void check_sizes(const expect *e)
{
  char path[1024];
  snprintf(path, sizeof path, "%s/%s", SN_DATA_DIR, e->file);
  sn_file_problem *F = read_ok(path);
  if (!F) return;
  CHECK_INT(F->kind, e->kind);
  if (e->kind == SN_KIND_FC) {
    CHECK(F->fc && !F->gfc && !F->lcp);
    CHECK_INT(F->fc->dim, e->dim);
    CHECK_INT(F->fc->nc, e->nc);
    CHECK_INT(F->fc->W->m, e->dim * e->nc);
    CHECK_INT(F->fc->W->n, e->dim * e->nc);
    CHECK_INT(F->fc->W->nnz, e->nnz);
    CHECK_INT(sn_csc_check(F->fc->W), SN_OK);
  } else {
    CHECK(F->gfc && !F->fc && !F->lcp);
    CHECK_INT(F->gfc->dim, e->dim);
    CHECK_INT(F->gfc->nc, e->nc);
    CHECK_INT(F->gfc->ndof, e->ndof);
    CHECK_INT(F->gfc->neq, 0);
    CHECK(F->gfc->G == NULL && F->gfc->b == NULL);
    CHECK_INT(F->gfc->M->nnz, e->nnz);
    CHECK_INT(F->gfc->H->m, e->ndof);
    CHECK_INT(F->gfc->H->n, e->dim * e->nc);
    CHECK_INT(F->gfc->H->nnz, e->hnnz);
  }
  CHECK_INT(F->solution != NULL, e->sol);
  CHECK_INT(F->guess != NULL, e->guess);
  int nr = e->dim * e->nc, nv = e->kind == SN_KIND_GFC ? e->ndof : 0;
  for (int s = 0; s < 2; s++) {
    const sn_solution *S = s ? F->guess : F->solution;
    if (!S) continue;
    CHECK_INT(S->nr, nr);
    CHECK_INT(S->nv, nv);
    CHECK_INT(S->nl, 0);
  }
  if (F->solution) {
    /* /solution/r and /solution/v are placeholders never written (h5dump -p: STORAGE SIZE 0):
     * they read as the fill value 0 */
    double mx = 0;
    for (int k = 0; k < nr; k++) mx = fmax(mx, fabs(F->solution->r[k]));
    for (int k = 0; k < F->solution->nv; k++) mx = fmax(mx, fabs(F->solution->v[k]));
    CHECK_CLOSE(mx, 0.0, 0, 0);
  }
  sn_file_problem_free(F);
}

/* entries read off h5dump -m %.17g (CSR files: W(row, i[k]) = x[k] for p[row] <= k < p[row+1];
 * triplet files: (i[k], p[k]) = x[k]) */
static void check_values(void)
{
  char path[1024];
  sn_file_problem *F;

  /* FC3D_Example1: W/p = 0..9, W/i = 0..8, W/x = 1 (identity); q = -1 1 3 -1 1 3 -1 1 3; mu = 0.1 */
  snprintf(path, sizeof path, "%s/fc3d/FC3D_Example1.hdf5", SN_DATA_DIR);
  static const double q1[3] = {-1, 1, 3};
  if ((F = read_ok(path))) {
    for (int j = 0; j < 9; j++) {
      CHECK_INT(F->fc->W->colptr[j], j);
      CHECK_INT(F->fc->W->rowind[j], j);
      CHECK_CLOSE(F->fc->W->val[j], 1.0, 0, 0);
      CHECK_CLOSE(F->fc->q[j], q1[j % 3], 0, 0);
    }
    for (int k = 0; k < 3; k++) CHECK_CLOSE(F->fc->mu[k], 0.1, 0, 0);
    sn_file_problem_free(F);
  }

  /* Rover4396: dense 6x6 stored by rows (W/p = 0 6 12 ...); W is not symmetric, so this checks
   * the orientation: row 0 is x[0..5], row 1 is x[6..11] */
  snprintf(path, sizeof path, "%s/fc3d/Rover4396.hdf5", SN_DATA_DIR);
  if ((F = read_ok(path))) {
    const sn_csc *W = F->fc->W;
    CHECK_CLOSE(at(W, 0, 0), 0.012062654401707928, 0, 0);    /* W/x[0] */
    CHECK_CLOSE(at(W, 0, 1), -0.000154335100640024, 0, 0);   /* W/x[1] */
    CHECK_CLOSE(at(W, 0, 2), -0.0048271406338584689, 0, 0);  /* W/x[2] */
    CHECK_CLOSE(at(W, 1, 0), -0.00015159880375974319, 0, 0); /* W/x[6] */
    CHECK_CLOSE(at(W, 1, 1), 0.10601293727552921, 0, 0);     /* W/x[7] */
    CHECK_CLOSE(F->fc->q[0], -0.079934366916369015, 0, 0);   /* vectors/q[0] */
    CHECK_CLOSE(F->fc->q[5], -2.3397501496249258, 0, 0);     /* vectors/q[5] */
    CHECK_CLOSE(F->fc->mu[1], 0.7, 0, 0);                    /* vectors/mu[1] */
    sn_file_problem_free(F);
  }

  /* Capsules-i100-889: W/p[0..3] = 0 15 30 45, W/i[0..6] = 0 1 2 111 112 113 246;
   * W/p[827..828] = 11730 11736, W/i[11733..11735] = 825 826 827 */
  snprintf(path, sizeof path, "%s/fc3d/Capsules-i100-889.hdf5", SN_DATA_DIR);
  if ((F = read_ok(path))) {
    const sn_csc *W = F->fc->W;
    CHECK_CLOSE(at(W, 0, 0), 1.896083270572581, 0, 0);         /* W/x[0] */
    CHECK_CLOSE(at(W, 0, 111), 1.067044371670854, 0, 0);       /* W/x[3] */
    CHECK_CLOSE(at(W, 0, 246), -0.083140920561373649, 0, 0);   /* W/x[6] */
    CHECK_CLOSE(at(W, 827, 825), -0.4126042305943361, 0, 0);   /* W/x[11733] */
    CHECK_CLOSE(at(W, 827, 827), 2.3564945709385459, 0, 0);    /* W/x[11735] */
    CHECK(isnan(at(W, 827, 0)));
    CHECK_CLOSE(F->fc->q[0], -0.0049050000112383111, 0, 0);    /* vectors/q[0] */
    CHECK_CLOSE(F->fc->q[1], 2.3973910589825405e-11, 0, 0);    /* vectors/q[1] */
    CHECK_CLOSE(F->fc->q[827], -1.4031851122364903e-05, 0, 0); /* vectors/q[827] */
    CHECK_CLOSE(F->fc->mu[0], 0.7, 0, 0);                      /* vectors/mu[0] */
    CHECK_CLOSE(F->fc->mu[275], 0.7, 0, 0);                    /* vectors/mu[275] */
    sn_file_problem_free(F);
  }

  /* BoxesStack1: W/p[155..156] = 5304 5328, W/i[5327] = 155, W/x[5327] = 695.57005181095792 */
  snprintf(path, sizeof path, "%s/fc3d/BoxesStack1-i100000-32.hdf5", SN_DATA_DIR);
  if ((F = read_ok(path))) {
    CHECK_CLOSE(at(F->fc->W, 155, 155), 695.57005181095792, 0, 0);
    CHECK_CLOSE(F->fc->q[0], -0.0049050000023396394, 0, 0);   /* vectors/q[0] */
    CHECK_CLOSE(F->fc->q[2], -1.276473437574171e-11, 0, 0);   /* vectors/q[2] */
    sn_file_problem_free(F);
  }

  /* Capsules-i125-1213: /solution/u[0..1], /guesses/1/r[0..2], /guesses/1/u[857] */
  snprintf(path, sizeof path, "%s/fc3d/Capsules-i125-1213.hdf5", SN_DATA_DIR);
  if ((F = read_ok(path))) {
    CHECK_CLOSE(F->solution->u[0], 1.5007737429401205e-13, 0, 0);
    CHECK_CLOSE(F->solution->u[1], 1.2116232914143353e-12, 0, 0);
    CHECK_CLOSE(F->guess->r[0], 0.0029036618003686326, 0, 0);
    CHECK_CLOSE(F->guess->r[2], -0.00072188805460328951, 0, 0);
    CHECK_CLOSE(F->guess->u[857], -4.7409780778027164e-19, 0, 0);
    sn_file_problem_free(F);
  }

  /* CubeH8 (triplets): M/i[0] = 0, M/p[0] = 0, M/x[0] = 256126234.56790134;
   * M/i,p[3167] = 161, M/x[3167] = 32.015779320987662; H/i[0] = 93, H/p[0] = 0,
   * H/x[0] = 4.9358934822612419e-09; H/i[44] = 74, H/p[44] = 2, H/x[44] = 2.8677795261992827e-30;
   * vectors/f[0..2], vectors/w = 0 0 0, vectors/mu = 0.3 */
  snprintf(path, sizeof path, "%s/gfc3d/CubeH8.hdf5", SN_DATA_DIR);
  if ((F = read_ok(path))) {
    const sn_gfc *G = F->gfc;
    CHECK_CLOSE(at(G->M, 0, 0), 256126234.56790134, 0, 0);
    CHECK_CLOSE(at(G->M, 161, 161), 32.015779320987662, 0, 0);
    CHECK_CLOSE(at(G->H, 93, 0), 4.9358934822612419e-09, 0, 0);
    CHECK_CLOSE(at(G->H, 74, 2), 2.8677795261992827e-30, 0, 0);
    CHECK_CLOSE(G->f[0], -0.00065119912894458026, 0, 0);
    CHECK_CLOSE(G->f[2], -0.012663489593044185, 0, 0);
    CHECK_CLOSE(G->w[1], 0.0, 0, 0);
    CHECK_CLOSE(G->mu[0], 0.3, 0, 0);
    sn_file_problem_free(F);
  }

  /* Box_Stacks: H/nz = 1284 < H/nzmax = 1968 with i, p, x of length 1284; M/x[0] = 1 at (0,0),
   * M/x[449] = 0.18026665945600001 at (449,449); H/x[0] = -2.2709108060188126e-14 at (0,0),
   * H/x[1283] = 0.48000000121747216 at (155,245); vectors/f[2] = -0.00098066500000000057;
   * vectors/w[0] = -0 (negative zero: kept bit for bit); vectors/mu[0] = 0.3 */
  snprintf(path, sizeof path, "%s/gfc3d/Box_Stacks-i0122-82-5.hdf5", SN_DATA_DIR);
  if ((F = read_ok(path))) {
    const sn_gfc *G = F->gfc;
    CHECK_CLOSE(at(G->M, 0, 0), 1.0, 0, 0);
    CHECK_CLOSE(at(G->M, 449, 449), 0.18026665945600001, 0, 0);
    CHECK_CLOSE(at(G->H, 0, 0), -2.2709108060188126e-14, 0, 0);
    CHECK_CLOSE(at(G->H, 155, 245), 0.48000000121747216, 0, 0);
    CHECK_CLOSE(G->f[2], -0.00098066500000000057, 0, 0);
    CHECK(G->w[0] == 0.0 && signbit(G->w[0]));
    CHECK_CLOSE(G->mu[0], 0.3, 0, 0);
    CHECK_CLOSE(F->solution->u[245], -5.3548892629232252e-21, 0, 0);   /* /solution/u[245] */
    sn_file_problem_free(F);
  }
}

/* ---- round trip: read, write (with the solution), read again: the same bits ---- */
static int is_type(hid_t f, const char *dset, hid_t want, hssize_t n)
{
  hid_t d = H5Dopen2(f, dset, H5P_DEFAULT);
  if (d < 0) return 0;
  hid_t t = H5Dget_type(d), s = H5Dget_space(d);
  int ok = H5Tequal(t, want) > 0 && H5Sget_simple_extent_ndims(s) == 1 && H5Sget_simple_extent_npoints(s) == n;
  H5Tclose(t);
  H5Sclose(s);
  H5Dclose(d);
  return ok;
}

static int read_int_dset(hid_t f, const char *dset)
{
  int v = -999;
  hid_t d = H5Dopen2(f, dset, H5P_DEFAULT);
  if (d >= 0) {
    H5Dread(d, H5T_NATIVE_INT, H5S_ALL, H5S_ALL, H5P_DEFAULT, &v);
    H5Dclose(d);
  }
  return v;
}

/* the layout the writer promises (same as the shared files) */
static void check_layout(const char *path, const sn_file_problem *F)
{
  hid_t f = H5Fopen(path, H5F_ACC_RDONLY, H5P_DEFAULT);
  CHECK(f >= 0);
  if (f < 0) return;
  if (F->fc) {
    int m = F->fc->W->m, nnz = F->fc->W->nnz;
    CHECK(is_type(f, "/fclib_local/spacedim", H5T_STD_I32LE, 1));
    CHECK_INT(read_int_dset(f, "/fclib_local/spacedim"), F->fc->dim);
    CHECK_INT(read_int_dset(f, "/fclib_local/W/nz"), -2);
    CHECK_INT(read_int_dset(f, "/fclib_local/W/nzmax"), nnz);
    CHECK_INT(read_int_dset(f, "/fclib_local/W/m"), m);
    CHECK(is_type(f, "/fclib_local/W/p", H5T_STD_I32LE, m + 1));
    CHECK(is_type(f, "/fclib_local/W/i", H5T_STD_I32LE, nnz));
    CHECK(is_type(f, "/fclib_local/W/x", H5T_IEEE_F64LE, nnz));
    CHECK(is_type(f, "/fclib_local/vectors/q", H5T_IEEE_F64LE, m));
    CHECK(is_type(f, "/fclib_local/vectors/mu", H5T_IEEE_F64LE, F->fc->nc));
  } else {
    int nnz = F->gfc->H->nnz;
    CHECK(is_type(f, "/fclib_global/spacedim", H5T_STD_I32LE, 1));
    CHECK_INT(read_int_dset(f, "/fclib_global/H/nz"), nnz);
    CHECK_INT(read_int_dset(f, "/fclib_global/H/nzmax"), nnz);
    CHECK_INT(read_int_dset(f, "/fclib_global/H/n"), F->gfc->H->n);
    CHECK(is_type(f, "/fclib_global/H/p", H5T_STD_I32LE, nnz));
    CHECK(is_type(f, "/fclib_global/H/i", H5T_STD_I32LE, nnz));
    CHECK(is_type(f, "/fclib_global/H/x", H5T_IEEE_F64LE, nnz));
    CHECK(is_type(f, "/fclib_global/M/x", H5T_IEEE_F64LE, F->gfc->M->nnz));
    CHECK(is_type(f, "/fclib_global/vectors/f", H5T_IEEE_F64LE, F->gfc->ndof));
    CHECK(is_type(f, "/fclib_global/vectors/w", H5T_IEEE_F64LE, F->gfc->H->n));
  }
  if (F->solution) CHECK(is_type(f, "/solution/r", H5T_IEEE_F64LE, F->solution->nr));
  H5Fclose(f);
}

static int n_layout_checked = 0;

static void round_trip(const char *path)
{
  char out[512], sol[512], err[512];
  tmp_path(out, sizeof out, "round.hdf5");
  tmp_path(sol, sizeof sol, "sol.hdf5");
  sn_file_problem *A = read_ok(path), *B = NULL;
  if (!A) return;
  int rc = sn_fclib_write(out, A->fc, A->gfc, A->solution, err, sizeof err);
  if (rc) fprintf(stderr, "write %s: %s\n", path, err);
  CHECK_INT(rc, SN_OK);
  if (!rc && (B = read_ok(out))) {
    CHECK_INT(B->kind, A->kind);
    if (A->fc) {
      CHECK(B->fc && B->fc->dim == A->fc->dim && B->fc->nc == A->fc->nc);
      CHECK(same_csc(A->fc->W, B->fc->W));
      CHECK(SAME_VEC(A->fc->q, B->fc->q, A->fc->W->m));
      CHECK(SAME_VEC(A->fc->mu, B->fc->mu, A->fc->nc));
    } else {
      const sn_gfc *a = A->gfc, *b = B->gfc;
      CHECK(b && b->dim == a->dim && b->nc == a->nc && b->ndof == a->ndof && b->neq == a->neq);
      CHECK(same_csc(a->M, b->M));
      CHECK(same_csc(a->H, b->H));
      CHECK(same_csc(a->G, b->G));
      CHECK(SAME_VEC(a->f, b->f, a->ndof));
      CHECK(SAME_VEC(a->w, b->w, a->dim * a->nc));
      CHECK(SAME_VEC(a->mu, b->mu, a->nc));
      CHECK(SAME_VEC(a->b, b->b, a->neq));
    }
    CHECK(same_solution(A->solution, B->solution));
    CHECK(B->guess == NULL);   /* guesses are not written */
    if (n_layout_checked < 2 && ((A->fc && n_layout_checked == 0) || (A->gfc && n_layout_checked == 1))) {
      check_layout(out, B);
      n_layout_checked++;
    }
    /* the solution alone: from the problem file, and as a solution-only file */
    if (A->solution) {
      sn_solution *S = NULL, *T = NULL;
      CHECK_INT(sn_fclib_read_solution(out, &S, err, sizeof err), SN_OK);
      CHECK(same_solution(A->solution, S));
      CHECK_INT(sn_fclib_write_solution(sol, A->solution, err, sizeof err), SN_OK);
      CHECK_INT(sn_fclib_read_solution(sol, &T, err, sizeof err), SN_OK);
      CHECK(same_solution(A->solution, T));
      sn_solution_free(S);
      sn_solution_free(T);
      remove(sol);
    }
    sn_file_problem_free(B);
  }
  sn_file_problem_free(A);
  remove(out);
  CHECK_INT(open_h5_objects(), 0);
}

static int round_trip_folder(const char *sub)
{
  char dir[600], path[1200];
  snprintf(dir, sizeof dir, "%s/%s", SN_DATA_DIR, sub);
  DIR *d = opendir(dir);
  if (!d) return 0;
  int n = 0;
  struct dirent *e;
  while ((e = readdir(d))) {
    size_t len = strlen(e->d_name);
    if (len < 5 || strcmp(e->d_name + len - 5, ".hdf5") != 0) continue;
    snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
    round_trip(path);
    n++;
  }
  closedir(d);
  return n;
}

/* ---- damaged files ---- */

/* a small local problem with a solution: 2 contacts, W 6x6 with 10 entries */
static void small_fc(sn_fc *P, sn_solution *S, sn_csc **W)
{
  int ti[] = {0, 1, 2, 3, 4, 5, 0, 3, 5, 2};
  int tj[] = {0, 1, 2, 3, 4, 5, 3, 0, 2, 4};
  double tx[] = {2, 3, 4, 5, 6, 7, 0.5, -0.25, 1e-3, -8};
  static double q[6] = {-1, 0.5, 0.25, -2, 0, 1}, mu[2] = {0.3, 0.6};
  static double r[6] = {1, 2, 3, 4, 5, 6}, u[6] = {-1, -2, -3, -4, -5, -6};
  sn_csc_from_triplets(6, 6, 10, ti, tj, tx, W);
  *P = (sn_fc){3, 2, *W, q, mu};
  *S = (sn_solution){6, 0, 0, r, u, NULL, NULL};
}

/* a small global problem with an equality part: ndof 4, 1 contact, neq 1 */
static void small_gfc(sn_gfc *P, sn_csc **M, sn_csc **H, sn_csc **G)
{
  int mi[] = {0, 1, 2, 3, 0, 1}, mj[] = {0, 1, 2, 3, 1, 0};
  double mx[] = {4, 4, 4, 4, 1, 1};
  int hi[] = {0, 1, 2, 3}, hj[] = {0, 1, 2, 0};
  double hx[] = {1, -1, 0.5, 2};
  int gi[] = {3}, gj[] = {0};
  double gx[] = {1};
  static double f[4] = {1, 2, 3, 4}, w[3] = {0.1, 0, 0}, mu[1] = {0.5}, b[1] = {0.25};
  sn_csc_from_triplets(4, 4, 6, mi, mj, mx, M);
  sn_csc_from_triplets(4, 3, 4, hi, hj, hx, H);
  sn_csc_from_triplets(4, 1, 1, gi, gj, gx, G);
  *P = (sn_gfc){3, 1, 4, 1, *M, *H, *G, f, w, mu, b};
}

static int copy_file(const char *from, const char *to, long max_bytes)
{
  FILE *a = fopen(from, "rb"), *b = fopen(to, "wb");
  int ok = a && b;
  char buf[8192];
  long total = 0;
  size_t n;
  while (ok && (n = fread(buf, 1, sizeof buf, a)) > 0) {
    if (max_bytes >= 0 && total + (long)n > max_bytes) n = (size_t)(max_bytes - total);
    if (fwrite(buf, 1, n, b) != n) ok = 0;
    total += (long)n;
    if (max_bytes >= 0 && total >= max_bytes) break;
  }
  if (a) fclose(a);
  if (b) fclose(b);
  return ok;
}

/* damage kinds applied to a copy with the HDF5 API */
enum { DEL, INTS, DOUBLES, STRING, GROUP };
typedef struct {
  const char *name;     /* what it tests */
  int base;             /* 0: small local, 1: small global */
  int how;
  const char *dset;     /* the link to delete or replace */
  int n;                /* number of values */
  double v[10];         /* values (converted to int for INTS) */
  int want;             /* expected status */
  const char *msg;      /* expected in the message (besides the file name) */
} damage;

static int apply(const char *path, const damage *d)
{
  H5E_auto2_t f0;
  void *d0;
  H5Eget_auto2(H5E_DEFAULT, &f0, &d0);
  H5Eset_auto2(H5E_DEFAULT, NULL, NULL);
  hid_t f = H5Fopen(path, H5F_ACC_RDWR, H5P_DEFAULT);
  int ok = f >= 0;
  hid_t lcpl = H5Pcreate(H5P_LINK_CREATE);   /* create missing parent groups */
  H5Pset_create_intermediate_group(lcpl, 1);
  if (ok && H5Lexists(f, d->dset, H5P_DEFAULT) > 0 && H5Ldelete(f, d->dset, H5P_DEFAULT) < 0) ok = 0;
  if (ok && d->how != DEL) {
    if (d->how == GROUP) {
      hid_t g = H5Gcreate2(f, d->dset, lcpl, H5P_DEFAULT, H5P_DEFAULT);
      ok = g >= 0;
      if (g >= 0) H5Gclose(g);
    } else {
      hsize_t dim = (hsize_t)d->n;
      int iv[10];
      for (int k = 0; k < d->n; k++) iv[k] = (int)d->v[k];
      hid_t ft = H5T_STD_I32LE, mt = H5T_NATIVE_INT, tt = H5I_INVALID_HID;
      const void *buf = iv;
      if (d->how == DOUBLES) { ft = H5T_IEEE_F64LE; mt = H5T_NATIVE_DOUBLE; buf = d->v; }
      if (d->how == STRING) {
        tt = H5Tcopy(H5T_C_S1);
        H5Tset_size(tt, 4);
        ft = mt = tt;
        buf = "abcdabcdabcdabcdabcdabcdabcdabcd";
      }
      hid_t s = H5Screate_simple(1, &dim, NULL);
      hid_t ds = H5Dcreate2(f, d->dset, ft, s, lcpl, H5P_DEFAULT, H5P_DEFAULT);
      ok = ds >= 0 && (d->n == 0 || H5Dwrite(ds, mt, H5S_ALL, H5S_ALL, H5P_DEFAULT, buf) >= 0);
      if (ds >= 0) H5Dclose(ds);
      H5Sclose(s);
      if (tt >= 0) H5Tclose(tt);
    }
  }
  H5Pclose(lcpl);
  if (f >= 0) H5Fclose(f);
  H5Eset_auto2(H5E_DEFAULT, f0, d0);
  return ok;
}

static const damage damages[] = {
  /* small local: W (CSR) p = 0 2 3 5 7 8 10 over 6 rows, i = column indices, 10 entries */
  {"no problem group", 0, DEL, "/fclib_local", 0, {0}, SN_ERR_FORMAT, "neither /fclib_local nor /fclib_global"},
  {"W/p removed", 0, DEL, "/fclib_local/W/p", 0, {0}, SN_ERR_FORMAT, "/fclib_local/W/p: missing dataset"},
  {"W removed", 0, DEL, "/fclib_local/W", 0, {0}, SN_ERR_FORMAT, "/fclib_local/W: missing group"},
  {"vectors removed", 0, DEL, "/fclib_local/vectors", 0, {0}, SN_ERR_FORMAT, "/fclib_local/vectors: missing group"},
  {"mu removed", 0, DEL, "/fclib_local/vectors/mu", 0, {0}, SN_ERR_FORMAT, "/fclib_local/vectors/mu: missing"},
  {"spacedim removed", 0, DEL, "/fclib_local/spacedim", 0, {0}, SN_ERR_FORMAT, "/fclib_local/spacedim: missing"},
  {"spacedim 4", 0, INTS, "/fclib_local/spacedim", 1, {4}, SN_ERR_FORMAT, "/fclib_local/spacedim: value 4"},
  {"spacedim two entries", 0, INTS, "/fclib_local/spacedim", 2, {3, 3}, SN_ERR_FORMAT, "/fclib_local/spacedim: has 2 entries"},
  {"q shorter than W", 0, DOUBLES, "/fclib_local/vectors/q", 3, {1, 2, 3}, SN_ERR_FORMAT, "/fclib_local/W/m: 6 rows, expected 3"},
  {"q not a multiple of dim", 0, DOUBLES, "/fclib_local/vectors/q", 5, {1, 2, 3, 4, 5}, SN_ERR_FORMAT, "/fclib_local/vectors/q: length 5"},
  {"mu too short", 0, DOUBLES, "/fclib_local/vectors/mu", 1, {0.3}, SN_ERR_FORMAT, "/fclib_local/vectors/mu: has 1 entries, expected 2"},
  {"mu negative", 0, DOUBLES, "/fclib_local/vectors/mu", 2, {0.3, -0.1}, SN_ERR_FORMAT, "/fclib_local/vectors/mu: entry 1 is negative"},
  {"q NaN", 0, DOUBLES, "/fclib_local/vectors/q", 6, {1, 2, NAN, 4, 5, 6}, SN_ERR_FORMAT, "/fclib_local/vectors/q: entry 2 is nan"},
  {"x Inf", 0, DOUBLES, "/fclib_local/W/x", 10, {1, 2, 3, 4, 5, 6, 7, 8, 9, INFINITY}, SN_ERR_FORMAT, "/fclib_local/W/x: entry 9 is inf"},
  {"x too short", 0, DOUBLES, "/fclib_local/W/x", 8, {1, 2, 3, 4, 5, 6, 7, 8}, SN_ERR_FORMAT, "/fclib_local/W/x: has 8 entries, expected nzmax = 10"},
  {"x as strings", 0, STRING, "/fclib_local/W/x", 8, {0}, SN_ERR_FORMAT, "/fclib_local/W/x: expected numeric data"},
  {"p as doubles", 0, DOUBLES, "/fclib_local/W/p", 7, {0, 2, 3, 5, 7, 8, 10}, SN_ERR_FORMAT, "/fclib_local/W/p: expected integer data"},
  {"p too short", 0, INTS, "/fclib_local/W/p", 6, {0, 2, 3, 5, 7, 8}, SN_ERR_FORMAT, "/fclib_local/W/p: has 6 entries, expected 7"},
  {"p decreasing", 0, INTS, "/fclib_local/W/p", 7, {0, 2, 3, 1, 7, 8, 10}, SN_ERR_FORMAT, "/fclib_local/W/p: pointers decrease: p[2] = 3 > p[3] = 1"},
  {"p[0] not 0", 0, INTS, "/fclib_local/W/p", 7, {1, 2, 3, 5, 7, 8, 10}, SN_ERR_FORMAT, "/fclib_local/W/p: p[0] = 1"},
  {"p past nzmax", 0, INTS, "/fclib_local/W/p", 7, {0, 2, 3, 5, 7, 8, 11}, SN_ERR_FORMAT, "/fclib_local/W/p: p[6] = 11 exceeds nzmax = 10"},
  {"i short", 0, INTS, "/fclib_local/W/i", 8, {0, 3, 1, 2, 4, 0, 3, 4}, SN_ERR_FORMAT, "/fclib_local/W/i: has 8 entries, expected 10"},
  {"i out of range", 0, INTS, "/fclib_local/W/i", 10, {0, 3, 1, 2, 4, 0, 3, 4, 2, 6}, SN_ERR_FORMAT, "/fclib_local/W/i: column index i[9] = 6 out of range [0, 6)"},
  {"m negative", 0, INTS, "/fclib_local/W/m", 1, {-6}, SN_ERR_FORMAT, "/fclib_local/W/m: invalid value -6"},
  {"n absurd", 0, INTS, "/fclib_local/W/n", 1, {1 << 30}, SN_ERR_FORMAT, "/fclib_local/W/n: invalid value 1073741824"},
  {"nzmax absurd", 0, INTS, "/fclib_local/W/nzmax", 1, {2000000000}, SN_ERR_FORMAT, "/fclib_local/W/nzmax: invalid value 2000000000"},
  {"nzmax negative", 0, INTS, "/fclib_local/W/nzmax", 1, {-1}, SN_ERR_FORMAT, "/fclib_local/W/nzmax: invalid value -1"},
  {"nz unknown", 0, INTS, "/fclib_local/W/nz", 1, {-3}, SN_ERR_FORMAT, "/fclib_local/W/nz: invalid value -3"},
  {"nz triplets, wrong lengths", 0, INTS, "/fclib_local/W/nz", 1, {4}, SN_ERR_FORMAT, "/fclib_local/W/p: has 7 entries, expected 4"},
  {"W a dataset", 0, DOUBLES, "/fclib_local/W", 1, {1}, SN_ERR_FORMAT, "/fclib_local/W: not a group"},
  {"R present", 0, GROUP, "/fclib_local/R", 0, {0}, SN_ERR_FORMAT, "/fclib_local/R: local problems with equality"},
  {"solution r short", 0, DOUBLES, "/solution/r", 2, {1, 2}, SN_ERR_FORMAT, "/solution/r: has 2 entries, expected 6"},
  {"solution u missing", 0, DEL, "/solution/u", 0, {0}, SN_ERR_FORMAT, "/solution/u: missing dataset"},
  {"solution v in local", 0, DOUBLES, "/solution/v", 2, {1, 2}, SN_ERR_FORMAT, "/solution/v: has 2 entries, expected 0"},
  {"solution NaN", 0, DOUBLES, "/solution/u", 6, {0, 0, 0, 0, NAN, 0}, SN_ERR_FORMAT, "/solution/u: entry 4 is nan"},
  {"guesses without count", 0, GROUP, "/guesses", 0, {0}, SN_ERR_FORMAT, "/guesses/number_of_guesses: missing dataset"},
  {"guesses without guess 1", 0, INTS, "/guesses/number_of_guesses", 1, {1}, SN_ERR_FORMAT, "/guesses/1: missing group"},
  /* small global: M 4x4 (6 triplets), H 4x3 (4 triplets), G 4x1 (1 triplet), f 4, w 3, mu 1, b 1 */
  {"global M not square", 1, INTS, "/fclib_global/M/n", 1, {3}, SN_ERR_FORMAT, "/fclib_global/M/n: 3 columns, expected 4"},
  {"global f short", 1, DOUBLES, "/fclib_global/vectors/f", 3, {1, 2, 3}, SN_ERR_FORMAT, "/fclib_global/M/m: 4 rows, expected 3"},
  {"global w short", 1, DOUBLES, "/fclib_global/vectors/w", 2, {1, 2}, SN_ERR_FORMAT, "/fclib_global/vectors/w: length 2 is not a multiple"},
  {"global H column out of range", 1, INTS, "/fclib_global/H/p", 4, {0, 1, 3, 0}, SN_ERR_FORMAT, "/fclib_global/H/p: column index p[2] = 3 out of range [0, 3)"},
  {"global H row out of range", 1, INTS, "/fclib_global/H/i", 4, {0, 1, 2, 4}, SN_ERR_FORMAT, "/fclib_global/H/i: row index i[3] = 4 out of range [0, 4)"},
  {"global M index negative", 1, INTS, "/fclib_global/M/i", 6, {0, -1, 1, 1, 2, 3}, SN_ERR_FORMAT, "/fclib_global/M/i: row index i[1] = -1"},
  {"global H removed", 1, DEL, "/fclib_global/H", 0, {0}, SN_ERR_FORMAT, "/fclib_global/H: missing group"},
  {"global b removed", 1, DEL, "/fclib_global/vectors/b", 0, {0}, SN_ERR_FORMAT, "/fclib_global/vectors/b: missing dataset"},
  {"global G wrong width", 1, DOUBLES, "/fclib_global/vectors/b", 2, {1, 2}, SN_ERR_FORMAT, "/fclib_global/G/n: 1 columns, expected 2"},
  {"global solution v short", 1, DOUBLES, "/solution/v", 2, {1, 2}, SN_ERR_FORMAT, "/solution/v: has 2 entries, expected 4"},
  {"global solution l long", 1, DOUBLES, "/solution/l", 2, {1, 2}, SN_ERR_FORMAT, "/solution/l: has 2 entries, expected 1"},
  {"global x NaN", 1, DOUBLES, "/fclib_global/M/x", 6, {4, 1, 1, NAN, 4, 4}, SN_ERR_FORMAT, "/fclib_global/M/x: entry 3 is nan"},
  {"both groups", 1, GROUP, "/fclib_local", 0, {0}, SN_ERR_FORMAT, "holds both /fclib_local and /fclib_global"},
};

/* counts calls of the HDF5 automatic error handler: the library must keep it silent */
static int h5_prints = 0;
static herr_t count_prints(hid_t stack, void *data)
{
  (void)stack;
  (*(int *)data)++;
  return 0;
}

/* run a reader with a counting handler installed; check it is restored and never called */
static int quiet_read(const char *path, sn_file_problem **F, char *err, size_t errlen)
{
  H5E_auto2_t f0;
  void *d0;
  H5Eget_auto2(H5E_DEFAULT, &f0, &d0);
  H5Eset_auto2(H5E_DEFAULT, count_prints, &h5_prints);
  int rc = sn_fclib_read(path, F, err, errlen);
  H5E_auto2_t f1;
  void *d1;
  H5Eget_auto2(H5E_DEFAULT, &f1, &d1);
  CHECK(f1 == count_prints && d1 == &h5_prints);
  H5Eset_auto2(H5E_DEFAULT, f0, d0);
  return rc;
}

static void check_damaged(const char *base_fc, const char *base_gfc)
{
  char path[512], err[512];
  tmp_path(path, sizeof path, "damaged.hdf5");
  for (size_t k = 0; k < sizeof damages / sizeof damages[0]; k++) {
    const damage *d = &damages[k];
    CHECK(copy_file(d->base ? base_gfc : base_fc, path, -1));
    CHECK(apply(path, d));
    sn_file_problem *F = (sn_file_problem *)&F;   /* must be reset to NULL */
    int rc = quiet_read(path, &F, err, sizeof err);
    if (rc != d->want || !strstr(err, d->msg) || !strstr(err, path))
      fprintf(stderr, "damage \"%s\": status %d, message \"%s\"\n", d->name, rc, err);
    CHECK_INT(rc, d->want);
    CHECK(strstr(err, d->msg) != NULL);
    CHECK(strstr(err, path) == err);   /* the message starts with the file's name */
    CHECK(F == NULL);
    CHECK_INT(open_h5_objects(), 0);
    remove(path);
  }
  CHECK_INT(h5_prints, 0);
}

/* files that are not readable HDF5 at all: SN_ERR_IO */
static void check_unreadable(const char *base_fc)
{
  char path[512], err[512], real[1024];
  sn_file_problem *F;
  sn_solution *S;
  const char *names[] = {"truncated-half.hdf5", "truncated-100.hdf5", "text.hdf5", "empty.hdf5", "missing.hdf5"};
  snprintf(real, sizeof real, "%s/fc3d/Capsules-i100-889.hdf5", SN_DATA_DIR);
  struct stat st;
  long size = stat(real, &st) == 0 ? (long)st.st_size : 0;
  for (int k = 0; k < 5; k++) {
    tmp_path(path, sizeof path, names[k]);
    if (k == 0) CHECK(copy_file(real, path, size / 2));
    if (k == 1) CHECK(copy_file(base_fc, path, 100));
    if (k == 2) {
      FILE *f = fopen(path, "w");
      if (f) { fputs("3\n1\n1 0 0\n", f); fclose(f); }
    }
    if (k == 3) { FILE *f = fopen(path, "w"); if (f) fclose(f); }
    int rc = quiet_read(path, &F, err, sizeof err);
    if (rc != SN_ERR_IO) fprintf(stderr, "%s: status %d, %s\n", names[k], rc, err);
    CHECK_INT(rc, SN_ERR_IO);
    CHECK(F == NULL);
    char want[600];   /* a missing file: the system's reason; the others: the path first */
    if (k == 4) snprintf(want, sizeof want, "cannot read %s: No such file or directory", path);
    else snprintf(want, sizeof want, "%s: ", path);
    CHECK(k == 4 ? !strcmp(err, want) : strstr(err, want) == err);
    CHECK_INT(sn_fclib_read_solution(path, &S, err, sizeof err), SN_ERR_IO);
    CHECK(k == 4 ? !strcmp(err, want) : strstr(err, want) == err);
    CHECK(S == NULL);
    CHECK_INT(open_h5_objects(), 0);
    remove(path);
  }
  CHECK_INT(h5_prints, 0);
  /* a readable FCLIB file without /solution */
  snprintf(real, sizeof real, "%s/fc3d/FC3D_Example1.hdf5", SN_DATA_DIR);
  CHECK_INT(sn_fclib_read_solution(real, &S, err, sizeof err), SN_ERR_FORMAT);
  CHECK(strstr(err, "/solution: missing group") != NULL);
  CHECK_INT(sn_fclib_read(NULL, &F, err, sizeof err), SN_ERR_ARG);
  CHECK_INT(sn_fclib_read(real, NULL, err, sizeof err), SN_ERR_ARG);
}

/* the writer: small problems round trip exactly, bad arguments are refused before any file */
static void check_writer(char *base_fc, char *base_gfc)
{
  char err[512], path[512];
  sn_fc P;
  sn_gfc G;
  sn_solution S;
  sn_csc *W, *M, *H, *Gm;
  sn_solution *T = NULL;
  small_fc(&P, &S, &W);
  small_gfc(&G, &M, &H, &Gm);
  tmp_path(base_fc, 512, "base_fc.hdf5");
  tmp_path(base_gfc, 512, "base_gfc.hdf5");
  CHECK_INT(sn_fclib_write(base_fc, &P, NULL, &S, err, sizeof err), SN_OK);
  CHECK(err[0] == '\0');

  static double r[3] = {1, 2, 3}, u[3] = {0, 0, -1}, v[4] = {1, 0, 0, 0}, l[1] = {7};
  sn_solution GS = {3, 4, 1, r, u, v, l};
  CHECK_INT(sn_fclib_write(base_gfc, NULL, &G, &GS, err, sizeof err), SN_OK);

  sn_file_problem *F = read_ok(base_fc);
  if (F) {
    CHECK(same_csc(F->fc->W, W));
    CHECK(SAME_VEC(F->fc->q, P.q, 6) && SAME_VEC(F->fc->mu, P.mu, 2));
    CHECK(same_solution(F->solution, &S));
    /* W(0,3) = 0.5, W(3,0) = -0.25: the orientation survives */
    CHECK_CLOSE(at(F->fc->W, 0, 3), 0.5, 0, 0);
    CHECK_CLOSE(at(F->fc->W, 3, 0), -0.25, 0, 0);
    sn_file_problem_free(F);
  }
  if ((F = read_ok(base_gfc))) {
    CHECK(same_csc(F->gfc->M, M) && same_csc(F->gfc->H, H) && same_csc(F->gfc->G, Gm));
    CHECK_INT(F->gfc->neq, 1);
    CHECK(SAME_VEC(F->gfc->b, G.b, 1) && SAME_VEC(F->gfc->f, G.f, 4) && SAME_VEC(F->gfc->w, G.w, 3));
    CHECK(same_solution(F->solution, &GS));
    sn_file_problem_free(F);
  }
  /* overwrite in place: the old file is replaced whole */
  CHECK_INT(sn_fclib_write(base_gfc, NULL, &G, &GS, err, sizeof err), SN_OK);

  /* refused arguments: nothing written */
  tmp_path(path, sizeof path, "refused.hdf5");
  CHECK_INT(sn_fclib_write(path, &P, &G, NULL, err, sizeof err), SN_ERR_ARG);
  CHECK_INT(sn_fclib_write(path, NULL, NULL, NULL, err, sizeof err), SN_ERR_ARG);
  double qbad[6] = {0, 0, NAN, 0, 0, 0};
  sn_fc Pbad = P;
  Pbad.q = qbad;
  CHECK_INT(sn_fclib_write(path, &Pbad, NULL, NULL, err, sizeof err), SN_ERR_NAN);
  CHECK(strstr(err, "q[2]") != NULL);
  Pbad = P;
  Pbad.nc = 3;
  CHECK_INT(sn_fclib_write(path, &Pbad, NULL, NULL, err, sizeof err), SN_ERR_DIM);
  Pbad = P;
  Pbad.dim = 4;
  CHECK_INT(sn_fclib_write(path, &Pbad, NULL, NULL, err, sizeof err), SN_ERR_ARG);
  sn_solution Sbad = S;
  Sbad.nr = 5;
  CHECK_INT(sn_fclib_write(path, &P, NULL, &Sbad, err, sizeof err), SN_ERR_DIM);
  CHECK(access(path, F_OK) != 0);
  /* a folder that does not exist: SN_ERR_IO, nothing printed, the caller's handler kept */
  tmp_path(path, sizeof path, "no/such/dir.hdf5");
  H5E_auto2_t f0, f1;
  void *d0, *d1;
  H5Eget_auto2(H5E_DEFAULT, &f0, &d0);
  H5Eset_auto2(H5E_DEFAULT, count_prints, &h5_prints);
  CHECK_INT(sn_fclib_write(path, &P, NULL, NULL, err, sizeof err), SN_ERR_IO);
  CHECK(strstr(err, path) == err);
  CHECK_INT(sn_fclib_write_solution(path, &S, err, sizeof err), SN_ERR_IO);
  CHECK_INT(sn_fclib_read_solution(path, &T, err, sizeof err), SN_ERR_IO);
  CHECK_INT(h5_prints, 0);
  H5Eget_auto2(H5E_DEFAULT, &f1, &d1);
  CHECK(f1 == count_prints && d1 == &h5_prints);
  /* (the counter works: HDF5 itself reports a failed open through it) */
  hid_t bad = H5Fopen(path, H5F_ACC_RDONLY, H5P_DEFAULT);
  CHECK(bad < 0 && h5_prints > 0);
  h5_prints = 0;
  H5Eset_auto2(H5E_DEFAULT, f0, d0);

  /* a solution-only file with v and l */
  tmp_path(path, sizeof path, "solonly.hdf5");
  CHECK_INT(sn_fclib_write_solution(path, &GS, err, sizeof err), SN_OK);
  CHECK_INT(sn_fclib_read_solution(path, &T, err, sizeof err), SN_OK);
  CHECK(same_solution(T, &GS));
  sn_solution_free(T);
  /* and as a problem file: read_solution checks sizes against the problem */
  CHECK_INT(sn_fclib_read_solution(base_gfc, &T, err, sizeof err), SN_OK);
  CHECK(same_solution(T, &GS));
  sn_solution_free(T);
  CHECK_INT(sn_fclib_read(path, &F, err, sizeof err), SN_ERR_FORMAT);   /* no problem in it */
  remove(path);
  CHECK_INT(open_h5_objects(), 0);
  sn_csc_free(W);
  sn_csc_free(M);
  sn_csc_free(H);
  sn_csc_free(Gm);
}

/* remove every file of the temporary folder, then the folder */
static void clean_tmpdir(void)
{
  DIR *d = opendir(tmpdir);
  char path[1024];
  int left = 0;
  struct dirent *e;
  while (d && (e = readdir(d))) {
    if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
    if (strcmp(e->d_name, "base_fc.hdf5") && strcmp(e->d_name, "base_gfc.hdf5")) {
      fprintf(stderr, "left behind: %s\n", e->d_name);
      left++;
    }
    snprintf(path, sizeof path, "%s/%s", tmpdir, e->d_name);
    remove(path);
  }
  if (d) closedir(d);
  CHECK_INT(left, 0);   /* no temporary file survives a write, failed or not */
  rmdir(tmpdir);
}

int main(void)
{
  char probe[1024];
  snprintf(probe, sizeof probe, "%s/fc3d/FC3D_Example1.hdf5", SN_DATA_DIR);
  if (access(probe, R_OK) != 0) {
    printf("test data not found at %s\n", SN_DATA_DIR);
    return 1;
  }
  const char *t = getenv("TMPDIR");
  snprintf(tmpdir, sizeof tmpdir, "%s/sn_fclib_XXXXXX", t && *t ? t : "/tmp");
  if (!mkdtemp(tmpdir)) { perror("mkdtemp"); return 1; }

  for (int k = 0; k < NFILES; k++) check_sizes(&files[k]);
  check_values();
  int n = round_trip_folder("fc3d") + round_trip_folder("gfc3d");
  CHECK(n >= NFILES);
  CHECK_INT(n_layout_checked, 2);

  char base_fc[512], base_gfc[512];
  check_writer(base_fc, base_gfc);
  check_damaged(base_fc, base_gfc);
  check_unreadable(base_fc);
  clean_tmpdir();
  return sn_check_report();
}
