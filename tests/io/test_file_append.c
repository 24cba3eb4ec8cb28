/* io/out_file.h, sn_outfile_append (src/io/file_append.c): a file that grows by increments gets
 * each increment's bytes in place after those already committed, then its end mark, without
 * rewriting what is on disk (the file held open grows, the committed bytes untouched); a file that is not
 * what the last commit left is refused and left alone; a write that fails half-way (the file
 * size limit, RLIMIT_FSIZE) leaves the file as the last commit did; the guard of a signal
 * handler (stop, cut back). The .frd writer on top of it:
 * two flushes give one file with both blocks and one end mark, appended in place. */
#define _DEFAULT_SOURCE 1 /* mkdtemp */
#include "check.h"
#include "test_util.h"
#include "io/out_file.h"
#include "signorini/io.h"
#include "signorini/fem.h"

#include <fcntl.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

static void put(const char *path, const char *text)
{
  FILE *f = fopen(path, "wb");
  fputs(text, f);
  fclose(f);
}

static long long inode(const char *path)
{
  struct stat st;
  return stat(path, &st) == 0 ? (long long)st.st_ino : -1;
}

static void check_text(const char *path, const char *want)
{
  char *got = sn_test_slurp(path);
  CHECK(got != NULL && !strcmp(got, want));
  if (got && strcmp(got, want)) fprintf(stderr, "%s:\n--- got\n%s--- want\n%s", path, got, want);
  free(got);
}

static void test_append(const char *dir)
{
  char path[512], msg[512];
  snprintf(path, sizeof path, "%s/a.txt", dir);
  put(path, "head\nEND\n");
  long long ino = inode(path);
  /* the file as it was, held open: a new file renamed over the name would leave it at 9 bytes
   * (an inode number alone can come back: ext4 hands a freed one out again) */
  int fd = open(path, O_RDONLY);
  CHECK(fd >= 0);
  struct stat st;
  /* two increments after the 5 committed bytes, the end mark after each */
  CHECK_INT(sn_outfile_append(path, 5, "END\n", 4, "one\n", 4, 1, NULL, msg, sizeof msg), SN_OK);
  check_text(path, "head\none\nEND\n");
  CHECK(fstat(fd, &st) == 0 && st.st_size == 13);
  CHECK_INT(sn_outfile_append(path, 9, "END\n", 4, "two\n", 4, 0, NULL, msg, sizeof msg), SN_OK);
  check_text(path, "head\none\ntwo\nEND\n");
  CHECK(fstat(fd, &st) == 0 && st.st_size == 17);
  CHECK(inode(path) == ino);   /* in place, not a new file renamed over it */
  close(fd);
  /* no end mark (the .dat, the contact CSV) */
  CHECK_INT(sn_outfile_append(path, 17, NULL, 0, "x\n", 2, 1, NULL, msg, sizeof msg), SN_OK);
  check_text(path, "head\none\ntwo\nEND\nx\n");

  /* not what the last commit left: longer, shorter, another end mark; refused, untouched */
  put(path, "head\none\nEND\n");
  CHECK_INT(sn_outfile_append(path, 5, "END\n", 4, "two\n", 4, 1, NULL, msg, sizeof msg), SN_ERR_IO);
  CHECK(strstr(msg, "a.txt: changed on disk while being written (expected 9 bytes)") != NULL);
  check_text(path, "head\none\nEND\n");
  CHECK_INT(sn_outfile_append(path, 9, "FIN\n", 4, "two\n", 4, 1, NULL, msg, sizeof msg), SN_ERR_IO);
  CHECK(strstr(msg, "changed on disk") != NULL);
  check_text(path, "head\none\nEND\n");
  CHECK_INT(sn_outfile_append(path, 20, NULL, 0, "two\n", 4, 1, NULL, msg, sizeof msg), SN_ERR_IO);
  check_text(path, "head\none\nEND\n");
  /* gone, or a folder in its place */
  char gone[600];
  snprintf(gone, sizeof gone, "%s/none.txt", dir);
  CHECK_INT(sn_outfile_append(gone, 0, NULL, 0, "x", 1, 1, NULL, msg, sizeof msg), SN_ERR_IO);
  CHECK(strstr(msg, "none.txt: cannot reopen it to append: No such file or directory") != NULL);
  CHECK_INT(sn_outfile_append(dir, 0, NULL, 0, "x", 1, 1, NULL, msg, sizeof msg), SN_ERR_IO);
  CHECK_INT(sn_outfile_append(path, -1, NULL, 0, "x", 1, 1, NULL, msg, sizeof msg), SN_ERR_ARG);
  CHECK_INT(sn_outfile_append(path, 9, NULL, 4, "x", 1, 1, NULL, msg, sizeof msg), SN_ERR_ARG);

  /* a write that fails half-way: the file size limit lets 10 of the 4000 new bytes through
   * (pwrite: a short write, then EFBIG); the file is back as the last commit left it */
  struct rlimit old;
  CHECK_INT(getrlimit(RLIMIT_FSIZE, &old), 0);
  void (*prev)(int) = signal(SIGXFSZ, SIG_IGN);
  struct rlimit lim = old;
  lim.rlim_cur = 19;
  if (old.rlim_cur == RLIM_INFINITY || old.rlim_cur > 4100) {
    char big[4000];
    memset(big, 'y', sizeof big);
    CHECK_INT(setrlimit(RLIMIT_FSIZE, &lim), 0);
    int st = sn_outfile_append(path, 9, "END\n", 4, big, sizeof big, 1, NULL, msg, sizeof msg);
    CHECK_INT(setrlimit(RLIMIT_FSIZE, &old), 0);
    CHECK_INT(st, SN_ERR_IO);
    CHECK(strstr(msg, "a.txt: write failed: File too large") != NULL);
    check_text(path, "head\none\nEND\n");
  }
  signal(SIGXFSZ, prev);
  /* and the next increment goes on from there */
  CHECK_INT(sn_outfile_append(path, 9, "END\n", 4, "two\n", 4, 1, NULL, msg, sizeof msg), SN_OK);
  check_text(path, "head\none\ntwo\nEND\n");
}

/* the guard a signal handler sees (sn_append_guard): idle after an append; an append asked to
 * stop writes nothing; the handler's cut of an append still announced gives the file of the
 * last commit, its end mark back, whatever the append had written, and can be repeated */
static void test_guard(const char *dir)
{
  char path[512], msg[512];
  snprintf(path, sizeof path, "%s/g.txt", dir);
  put(path, "head\nEND\n");
  sn_append_guard g;
  memset(&g, 0, sizeof g);
  atomic_init(&g.active, 0);
  atomic_init(&g.stop, 0);
  CHECK_INT(sn_outfile_append(path, 5, "END\n", 4, "one\n", 4, 1, &g, msg, sizeof msg), SN_OK);
  CHECK_INT(atomic_load(&g.active), 0);
  check_text(path, "head\none\nEND\n");
  sn_append_guard_cut(&g);   /* nothing under way: nothing cut */
  check_text(path, "head\none\nEND\n");

  /* an append under way (announced, part of its bytes written over the end mark) */
  int fd = open(path, O_RDWR);
  CHECK(fd >= 0);
  CHECK_INT(pwrite(fd, "two\nthr", 7, 9), 7);
  g.fd = fd;
  g.committed = 9;
  memcpy(g.tail, "END\n", 4);
  g.ntail = 4;
  atomic_store(&g.active, 1);
  sn_append_guard_stop(&g);
  sn_append_guard_cut(&g);
  check_text(path, "head\none\nEND\n");
  sn_append_guard_cut(&g);
  check_text(path, "head\none\nEND\n");
  close(fd);
  /* stopped: no append starts */
  atomic_store(&g.active, 0);
  CHECK_INT(sn_outfile_append(path, 9, "END\n", 4, "two\n", 4, 1, &g, msg, sizeof msg), SN_ERR_IO);
  CHECK(strstr(msg, "g.txt: not written: stopped") != NULL);
  check_text(path, "head\none\nEND\n");
}

/* one bar element of two nodes: the .frd's model text, then two increments' DISP blocks */
static void test_frd(const char *dir)
{
  char path[512], msg[512];
  snprintf(path, sizeof path, "%s/bar.frd", dir);
  sn_model *m = NULL;
  char deck[600];
  snprintf(deck, sizeof deck, "%s/bar.inp", dir);
  put(deck, "*NODE\n1, 0, 0, 0\n2, 1, 0, 0\n*ELEMENT, TYPE=T3D2, ELSET=B\n1, 1, 2\n*MATERIAL, NAME=S\n*ELASTIC\n"
            "1, 0.3\n*SOLID SECTION, ELSET=B, MATERIAL=S\n1.\n*BOUNDARY\n1, 1, 3\n*STEP\n*STATIC\n*END STEP\n");
  CHECK_INT(sn_inp_read(deck, &m, msg, sizeof msg), SN_OK);
  if (!m) { fprintf(stderr, "%s\n", msg); return; }
  sn_frd *f = NULL;
  CHECK_INT(sn_frd_open(path, m, &f, msg, sizeof msg), SN_OK);
  long long ino = inode(path);
  char *model = sn_test_slurp(path);
  CHECK(model != NULL && strlen(model) > 6 && !strcmp(model + strlen(model) - 6, " 9999\n"));
  static const char *const comp[3] = {"D1", "D2", "D3"};
  int id[2] = {1, 2};
  double u[6] = {0, 0, 0, 0.5, 0, 0};
  for (int inc = 1; inc <= 2; inc++) {
    sn_frd_block b = {"DISP", 3, comp, 0, 1, inc * 0.5, 1, inc, 2, id, u};
    CHECK_INT(sn_frd_add(f, &b, msg, sizeof msg), SN_OK);
    CHECK_INT(sn_frd_flush(f, msg, sizeof msg), SN_OK);
  }
  CHECK(inode(path) == ino);
  char *t = sn_test_slurp(path);
  if (t && model) {
    size_t L = strlen(t), M = strlen(model);
    CHECK(!strncmp(t, model, M - 6));                        /* the model's text as committed */
    CHECK(!strcmp(t + L - 6, " 9999\n"));                    /* one end mark, at the end */
    CHECK(strstr(t, " 9999\n") == t + L - 6);
    CHECK(strstr(t, "  100CL  101 5.00000E-01") != NULL);     /* both increments' blocks */
    CHECK(strstr(t, "  100CL  102 1.00000E+00") != NULL);
    CHECK(strstr(t, " -1         2 5.00000E-01 0.00000E+00 0.00000E+00\n") != NULL);
  }
  free(t);
  free(model);
  sn_frd_close(f);
  sn_model_free(m);
}

/* a block of 10 001 rows, formatted in two halves at once (frd_writer.c, FRD_PAR_ROWS): the
 * rows as snprintf writes them, in order, one row of each half a character longer than the
 * others (a three-digit exponent), so that the second half is moved by other than its room */
static void test_frd_halves(const char *dir)
{
  char path[512], msg[512], deck[600];
  snprintf(path, sizeof path, "%s/halves.frd", dir);
  snprintf(deck, sizeof deck, "%s/bar.inp", dir);
  sn_model *m = NULL;
  CHECK_INT(sn_inp_read(deck, &m, msg, sizeof msg), SN_OK);   /* test_frd's bar */
  if (!m) return;
  enum { N = 10001 };
  int *id = malloc(sizeof(int) * N);
  double *v = malloc(sizeof(double) * 6 * N);
  char *want = malloc((size_t)N * 100 + 1);
  sn_frd *f = NULL;
  CHECK(id && v && want);
  CHECK_INT(sn_frd_open(path, m, &f, msg, sizeof msg), SN_OK);
  if (id && v && want && f) {
    size_t w = 0;
    for (int r = 0; r < N; r++) {
      id[r] = 3 * r + 7;
      for (int k = 0; k < 6; k++) v[6 * r + k] = (r % 7 - 3) * 1.25e3 + k * 0.1 + r * 1e-4;
      if (r == 11 || r == N - 5) v[6 * r + 2] = -1.5e-100;
      w += (size_t)snprintf(want + w, 100, " -1%10d", id[r]);
      for (int k = 0; k < 6; k++) w += (size_t)snprintf(want + w, 100, "%12.5E", v[6 * r + k]);
      w += (size_t)snprintf(want + w, 100, "\n");
    }
    static const char *const comp[6] = {"SXX", "SYY", "SZZ", "SXY", "SYZ", "SZX"};
    sn_frd_block b = {"STRESS", 6, comp, 1, 0, 1.0, 1, 1, N, id, v};
    CHECK_INT(sn_frd_add(f, &b, msg, sizeof msg), SN_OK);
    CHECK_INT(sn_frd_flush(f, msg, sizeof msg), SN_OK);
    char *t = sn_test_slurp(path);
    char *at = t ? strstr(t, " -1         7") : NULL;
    CHECK(at != NULL && !strncmp(at, want, w));
    CHECK(at != NULL && !strcmp(at + w, " -3\n 9999\n"));   /* the block's end right behind */
    free(t);
  }
  sn_frd_close(f);
  free(id);
  free(v);
  free(want);
  sn_model_free(m);
}

int main(void)
{
  char dir[] = "/tmp/sn_file_append_XXXXXX";
  CHECK(mkdtemp(dir) != NULL);
  test_append(dir);
  test_guard(dir);
  test_frd(dir);
  test_frd_halves(dir);
  char cmd[600];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
  CHECK_INT(system(cmd), 0);
  return sn_check_report();
}
