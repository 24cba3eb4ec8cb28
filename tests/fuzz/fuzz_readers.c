/* libFuzzer harness for the problem readers. Built by scripts/fuzz.sh with
 * -DFUZZ_TARGET=1 (Siconos .dat local frictional contact), 2 (global), 3 (LCP),
 * 4 (FCLIB HDF5, structure-aware: the input bytes choose which groups and datasets exist,
 * their sizes and their values, and a well-formed HDF5 file is written with the HDF5 API and
 * read back; byte-level mutation of HDF5 containers would fuzz libhdf5 itself, which is not
 * ours to fix), 5 (Abaqus / CalculiX decks, sn_inp_parse from memory; *INCLUDE resolves
 * against a private folder holding two small decks, inc_nodes.inp and inc_bad.inp), 6 (scene
 * files, sn_scene_read of a private file with at most 20 000 bodies; *INCLUDE finds inc_body.inp
 * and inc_bad.inp beside it).
 * The .dat and HDF5 readers take a path, so each input is written to a private temporary
 * file. */
#define _GNU_SOURCE
#include <signorini/io.h>
#include <signorini/scene_io.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#if FUZZ_TARGET == 4
#include <hdf5.h>
#endif

static char path[320];
#if FUZZ_TARGET == 5 || FUZZ_TARGET == 6
static char incdir[256], incfile[2][300];
#endif

static void remove_path(void)
{
  remove(path);
#if FUZZ_TARGET == 5 || FUZZ_TARGET == 6
  remove(incfile[0]);
  remove(incfile[1]);
  rmdir(incdir);
#endif
}

static void make_path(void)
{
  if (path[0]) return;
  atexit(remove_path);
  /* an in-memory file system: millions of small writes to a disk-backed /tmp stall on writeback */
  const char *dir = getenv("SN_FUZZ_DIR");
  if (!dir) dir = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";
  snprintf(path, sizeof path, "%s/sn_fuzz_%ld%s", dir, (long)getpid(),
           FUZZ_TARGET == 1 ? "_fc.dat" : FUZZ_TARGET == 2 ? "_gfc.dat" : FUZZ_TARGET == 3 ? "_lcp.dat" : ".hdf5");
#if FUZZ_TARGET == 6
  /* the scene and its two includes in one private folder */
  snprintf(incdir, sizeof incdir, "%s/sn_fuzz_%ld_scene", dir, (long)getpid());
  mkdir(incdir, 0700);
  snprintf(path, sizeof path, "%s/scene.inp", incdir);
  static const char *const text[2] = {"*BODY, NAME=INC, TYPE=SPHERE, RADIUS=0.1\n0, 0, 0.5\n*VELOCITY\n1, 0, 0\n",
                                      "*BODY, TYPE=SPHERE, RADIUS=x\n0, 0, 0\n"};
  for (int i = 0; i < 2; i++) {
    snprintf(incfile[i], sizeof incfile[i], "%s/%s", incdir, i ? "inc_bad.inp" : "inc_body.inp");
    FILE *f = fopen(incfile[i], "wb");
    if (f) {
      fputs(text[i], f);
      fclose(f);
    }
  }
#endif
#if FUZZ_TARGET == 5
  /* the folder *INCLUDE resolves against: a node block and a deck with an error */
  snprintf(incdir, sizeof incdir, "%s/sn_fuzz_%ld_inc", dir, (long)getpid());
  mkdir(incdir, 0700);
  static const char *const text[2] = {"*NODE, NSET=INC\n1001, 0, 0\n1002, 1, 0\n1003, 1, 1\n1004, 0, 1\n",
                                      "*NODE\n2001, 0, 0\n2002, x, 0\n"};
  for (int i = 0; i < 2; i++) {
    snprintf(incfile[i], sizeof incfile[i], "%s/%s", incdir, i ? "inc_bad.inp" : "inc_nodes.inp");
    FILE *f = fopen(incfile[i], "wb");
    if (f) {
      fputs(text[i], f);
      fclose(f);
    }
  }
#endif
}

#if FUZZ_TARGET == 4
/* byte reader over the fuzz input */
typedef struct { const uint8_t *p; size_t n, k; } bytes;
static unsigned take(bytes *b)
{
  return b->k < b->n ? b->p[b->k++] : 0;
}
static int take_int(bytes *b)
{
  int v = (int)take(b) - 8;                 /* small sizes, some negative */
  if (take(b) == 255) v = (int)(take(b) << 24 | take(b) << 16 | take(b) << 8 | take(b));
  return v;
}
static double take_double(bytes *b)
{
  unsigned c = take(b);
  if (c == 250) return 0.0 / 0.0;
  if (c == 251) return 1.0 / 0.0;
  return ((int)c - 128) / 16.0;
}
static void put_ints(hid_t g, const char *name, bytes *b)
{
  if (take(b) % 8 == 0) return;             /* missing */
  int n = take(b) % 24;
  int v[24];
  for (int i = 0; i < n; i++) v[i] = take_int(b);
  hsize_t d = (hsize_t)n;
  hid_t sp = n ? H5Screate_simple(1, &d, NULL) : H5Screate(H5S_NULL);
  hid_t ds = H5Dcreate2(g, name, H5T_NATIVE_INT, sp, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
  if (n) H5Dwrite(ds, H5T_NATIVE_INT, H5S_ALL, H5S_ALL, H5P_DEFAULT, v);
  H5Dclose(ds);
  H5Sclose(sp);
}
static void put_doubles(hid_t g, const char *name, bytes *b)
{
  if (take(b) % 8 == 0) return;
  int n = take(b) % 24;
  double v[24];
  for (int i = 0; i < n; i++) v[i] = take_double(b);
  hsize_t d = (hsize_t)n;
  hid_t sp = n ? H5Screate_simple(1, &d, NULL) : H5Screate(H5S_NULL);
  hid_t ds = H5Dcreate2(g, name, H5T_NATIVE_DOUBLE, sp, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
  if (n) H5Dwrite(ds, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, v);
  H5Dclose(ds);
  H5Sclose(sp);
}
static void put_matrix(hid_t parent, const char *name, bytes *b)
{
  if (take(b) % 6 == 0) return;
  hid_t g = H5Gcreate2(parent, name, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
  const char *ints[] = {"m", "n", "nz", "nzmax", "p", "i"};
  for (int k = 0; k < 6; k++) put_ints(g, ints[k], b);
  put_doubles(g, "x", b);
  H5Gclose(g);
}
static void write_h5(const uint8_t *data, size_t size)
{
  bytes b = {data, size, 0};
  hid_t f = H5Fcreate(path, H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
  if (f < 0) return;
  int global = take(&b) & 1;
  hid_t g = H5Gcreate2(f, global ? "/fclib_global" : "/fclib_local", H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
  if (global) {
    put_matrix(g, "M", &b); put_matrix(g, "H", &b);
    if (take(&b) & 1) put_matrix(g, "G", &b);
    put_doubles(g, "f", &b); put_doubles(g, "w", &b); put_doubles(g, "mu", &b);
    if (take(&b) & 1) put_doubles(g, "b", &b);
  } else {
    put_matrix(g, "W", &b); put_doubles(g, "q", &b); put_doubles(g, "mu", &b);
  }
  put_ints(g, "spacedim", &b);
  H5Gclose(g);
  if (take(&b) & 1) {
    hid_t s = H5Gcreate2(f, "/solution", H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
    put_doubles(s, "r", &b); put_doubles(s, "u", &b); put_doubles(s, "v", &b);
    H5Gclose(s);
  }
  H5Fclose(f);
}
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  make_path();
#if FUZZ_TARGET == 4
  H5Eset_auto2(H5E_DEFAULT, NULL, NULL);
  write_h5(data, size);
#elif FUZZ_TARGET == 5
  /* nothing to write: the deck is parsed from memory */
#else
  FILE *f = fopen(path, "wb");
  if (!f) return 0;
  fwrite(data, 1, size, f);
  fclose(f);
#endif
  char err[512];
  int st;
#if FUZZ_TARGET == 1
  sn_fc *P = NULL;
  st = sn_dat_read_fc(path, &P, err, sizeof err);
  if (!st) { sn_fc_check(P, NULL, 0); sn_fc_free(P); }
#elif FUZZ_TARGET == 2
  sn_gfc *P = NULL;
  st = sn_dat_read_gfc(path, &P, err, sizeof err);
  if (!st) sn_gfc_free(P);
#elif FUZZ_TARGET == 3
  sn_lcp *P = NULL;
  st = sn_dat_read_lcp(path, &P, err, sizeof err);
  if (!st) sn_lcp_free(P);
#elif FUZZ_TARGET == 6
  sn_scene *S = NULL;
  sn_scene_run run;
  sn_scene_read_options o;
  sn_scene_read_options_default(&o);
  o.max_bodies = 20000;
  st = sn_scene_read(path, &o, &S, &run, err, sizeof err);
  if (!st) {
    /* an accepted scene is consistent: bodies named, finite, the run's numbers in range */
    for (int b = 0; b < sn_scene_nbodies(S); b++) {
      sn_body_state bs;
      if (!sn_scene_body_name(S, b) || sn_scene_body_state(S, b, &bs)) abort();
      for (int i = 0; i < 3; i++)
        if (!isfinite(bs.x[i]) || !isfinite(bs.v[i])) abort();
    }
    if (!(run.dt > 0) || !(run.total > 0) || sn_scene_run_steps(&run) < 1 || run.ndump < 0) abort();
    sn_scene_free(S);
  } else if (S || !err[0]) {
    abort();                                        /* no scene on an error, and a message */
  }
#elif FUZZ_TARGET == 5
  sn_model *M = NULL;
  st = sn_inp_parse((const char *)data, size, "fuzz.inp", incdir, &M, err, sizeof err);
  if (!st) {
    /* a model the reader accepts is consistent: indices in range */
    for (int e = 0; e < M->nelems; e++) {
      if (M->elem_section[e] < -1 || M->elem_section[e] >= M->nsections) abort();
      for (int k = M->elem_ptr[e]; k < M->elem_ptr[e + 1]; k++)
        if (M->elem_conn[k] < 0 || M->elem_conn[k] >= M->nnodes) abort();
    }
    for (int s = 0; s < M->nsteps; s++)
      for (int b = 0; b < M->steps[s].nbc; b++) {
        const sn_bc *c = &M->steps[s].bc[b];
        if (c->node < 0 || c->node >= M->nnodes || c->first < 1 || c->last > M->ndf || c->first > c->last) abort();
      }
    for (int i = 0; i < M->nnodes; i++)
      if (sn_model_node_index(M, M->node_id[i]) != i) abort();
    sn_model_free(M);
  } else if (M) {
    abort();                                        /* no model on an error */
  }
#else
  sn_file_problem *P = NULL;
  st = sn_fclib_read(path, &P, err, sizeof err);
  if (!st) sn_file_problem_free(P);
  sn_solution *S = NULL;
  if (!sn_fclib_read_solution(path, &S, err, sizeof err)) sn_solution_free(S);
#endif
  if (st && !memchr(err, '\0', sizeof err)) abort();   /* messages are always terminated */
  return 0;
}
