/* Bounded reading (docs/deck.md, Limits): decks, included files and problem files that are
 * not regular files (a FIFO, /dev/zero, a folder) are refused before a byte is read; a file
 * above the size limit is refused unread; *INCLUDE stays inside the deck's folder tree
 * (../, absolute paths, symbolic links; a missing file there is "outside", not "missing") unless
 * allow_include_anywhere; a missing deck says
 * "cannot read FILE: reason" without a line number; the first line of an included file that
 * is no deck is not echoed. Files are made in a fresh folder under /tmp. */
#define _XOPEN_SOURCE 700   /* realpath */
#include <signorini/fem.h>
#include <signorini/io.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include "check.h"
#include "io/inp_internal.h"

static char dir[256];

static void put(const char *name, const char *text)
{
  char path[512];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  FILE *f = fopen(path, "w");
  CHECK(f != NULL);
  if (!f) return;
  fputs(text, f);
  fclose(f);
}

static const char *quad =
    "*NODE\n1, 0, 0\n2, 1, 0\n3, 1, 1\n4, 0, 1\n*ELEMENT, TYPE=CPE4, ELSET=E\n1, 1, 2, 3, 4\n"
    "*MATERIAL, NAME=M\n*ELASTIC\n100., 0.3\n*SOLID SECTION, ELSET=E, MATERIAL=M\n";

/* read dir/name (with opt); the status, the message in msg */
static int read_deck(const char *name, const sn_inp_options *opt, char *msg, size_t cap)
{
  char path[512];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  sn_model *m = (sn_model *)1;
  int st = sn_inp_read_opts(path, opt, &m, msg, cap);
  CHECK(st == SN_OK ? m != NULL : m == NULL);
  if (st == SN_OK) sn_model_free(m);
  return st;
}

static void test_missing_and_special(void)
{
  char msg[1024], path[512];
  /* a missing deck: no line number 0 */
  CHECK_INT(read_deck("nothere.inp", NULL, msg, sizeof msg), SN_ERR_IO);
  snprintf(path, sizeof path, "cannot read %s/nothere.inp: No such file or directory", dir);
  CHECK(!strcmp(msg, path));
  /* the one form of the readers' message */
  char buf[64];
  CHECK_INT(sn_io_cannot_read(buf, sizeof buf, "a.inp", EFBIG, 100), SN_ERR_IO);
  CHECK(!strcmp(buf, "cannot read a.inp: file larger than 100 bytes"));
  CHECK_INT(sn_io_cannot_read(buf, sizeof buf, "a.inp", ENOENT, 100), SN_ERR_IO);
  CHECK(!strcmp(buf, "cannot read a.inp: No such file or directory"));
  CHECK_INT(sn_io_cannot_read(NULL, 0, "a.inp", ENOENT, 100), SN_ERR_IO);
  /* a FIFO: refused at once (an open for reading would wait for a writer) */
  snprintf(path, sizeof path, "%s/fifo.inp", dir);
  CHECK(mkfifo(path, 0600) == 0);
  CHECK_INT(read_deck("fifo.inp", NULL, msg, sizeof msg), SN_ERR_IO);
  CHECK(strstr(msg, "fifo.inp: not a regular file") != NULL);
  /* /dev/zero and a folder */
  sn_model *m = NULL;
  CHECK_INT(sn_inp_read("/dev/zero", &m, msg, sizeof msg), SN_ERR_IO);
  CHECK(!strcmp(msg, "cannot read /dev/zero: not a regular file"));
  CHECK_INT(sn_inp_read(dir, &m, msg, sizeof msg), SN_ERR_IO);
  CHECK(strstr(msg, "Is a directory") != NULL);
  /* included: the same, with the *INCLUDE line */
  put("inc_fifo.inp", "*NODE\n1, 0, 0\n*INCLUDE, INPUT=fifo.inp\n");
  CHECK_INT(read_deck("inc_fifo.inp", NULL, msg, sizeof msg), SN_ERR_IO);
  CHECK(strstr(msg, "inc_fifo.inp:3: *INCLUDE, INPUT=fifo.inp: cannot read") && strstr(msg, "not a regular file"));
  /* problem files */
  sn_file_problem *F = NULL;
  CHECK_INT(sn_read_problem(path, &F, msg, sizeof msg), SN_ERR_IO);
  CHECK(strstr(msg, "not a regular file") != NULL);
  CHECK_INT(sn_read_problem("/dev/zero", &F, msg, sizeof msg), SN_ERR_IO);
  CHECK(!strcmp(msg, "cannot read /dev/zero: not a regular file"));
  CHECK_INT(sn_fclib_read(path, &F, msg, sizeof msg), SN_ERR_IO);
  CHECK(strstr(msg, "not a regular file") != NULL);
  sn_fc *fc = NULL;
  CHECK_INT(sn_dat_read_fc("/dev/zero", &fc, msg, sizeof msg), SN_ERR_IO);
  CHECK(!strcmp(msg, "cannot read /dev/zero: not a regular file"));
  CHECK(F == NULL && fc == NULL);
}

static void test_size_limit(void)
{
  char msg[1024];
  char *deck = malloc(strlen(quad) + 64);
  snprintf(deck, strlen(quad) + 64, "%s*STEP\n*STATIC\n*END STEP\n", quad);
  put("small.inp", deck);
  sn_inp_options o;
  sn_inp_options_default(&o);
  CHECK(o.max_file_bytes == SN_INP_MAX_FILE_BYTES && o.allow_include_anywhere == 0);
  CHECK_INT(read_deck("small.inp", &o, msg, sizeof msg), SN_OK);
  o.max_file_bytes = 100;                /* the deck has more: refused before reading */
  CHECK_INT(read_deck("small.inp", &o, msg, sizeof msg), SN_ERR_IO);
  CHECK(strstr(msg, "small.inp: file larger than 100 bytes") != NULL);
  /* an included file above the limit */
  put("inc_big.inp", "*INCLUDE, INPUT=small.inp\n");
  CHECK_INT(read_deck("inc_big.inp", &o, msg, sizeof msg), SN_ERR_IO);
  CHECK(strstr(msg, "inc_big.inp:1: *INCLUDE, INPUT=small.inp: cannot read") && strstr(msg, "larger than 100 bytes"));
  free(deck);
}

/* the limit holds for the deck and its included files together: an *INCLUDE repeated cannot
 * read more than max_file_bytes in all */
static void test_total_budget(void)
{
  char msg[1024];
  put("c.inc", "** a comment line of fifty bytes with its newline\n");   /* 50 bytes */
  put("rep.inp", "*INCLUDE, INPUT=c.inc\n*INCLUDE, INPUT=c.inc\n*INCLUDE, INPUT=c.inc\n*INCLUDE, INPUT=c.inc\n");
  sn_inp_options o;
  sn_inp_options_default(&o);
  o.max_file_bytes = 200;   /* every file is below it; 22 + 50 + 22 + 50 + 22 + 50 bytes pass it */
  CHECK_INT(read_deck("rep.inp", &o, msg, sizeof msg), SN_ERR_FORMAT);
  CHECK(strstr(msg, "/c.inc:1: the deck and its included files hold more than 200 bytes in all") != NULL);
  o.max_file_bytes = 288;   /* 4 x (22 + 50) = 288: read whole */
  CHECK_INT(read_deck("rep.inp", &o, msg, sizeof msg), SN_OK);
  CHECK(strstr(msg, "bytes in all") == NULL);
  o.max_file_bytes = 287;
  CHECK_INT(read_deck("rep.inp", &o, msg, sizeof msg), SN_ERR_FORMAT);
  CHECK(strstr(msg, "/c.inc:1: the deck and its included files hold more than 287 bytes in all") != NULL);
}

/* a sparse file of 3 GiB (no disk used): refused by its size, unread */
static void test_huge_sparse(void)
{
  char path[512], msg[1024];
  snprintf(path, sizeof path, "%s/huge.dat", dir);
  FILE *f = fopen(path, "w");
  CHECK(f != NULL);
  if (!f) return;
  int ok = ftruncate(fileno(f), (off_t)3 << 30) == 0;
  fclose(f);
  CHECK(ok);
  if (!ok) return;
  sn_file_problem *F = NULL;
  CHECK_INT(sn_read_problem(path, &F, msg, sizeof msg), SN_ERR_IO);
  CHECK(strstr(msg, "huge.dat: file larger than 2147483647 bytes") != NULL);
  sn_fc *fc = NULL;
  CHECK_INT(sn_dat_read_fc(path, &fc, msg, sizeof msg), SN_ERR_IO);
  CHECK(strstr(msg, "huge.dat: file larger than 2147483647 bytes") != NULL);
  CHECK_INT(sn_fclib_read(path, &F, msg, sizeof msg), SN_ERR_IO);
  CHECK(strstr(msg, "huge.dat: file larger than 2147483647 bytes") != NULL);
  sn_model *m = NULL;
  CHECK_INT(sn_inp_read(path, &m, msg, sizeof msg), SN_ERR_IO);
  CHECK(strstr(msg, "huge.dat: file larger than 2147483647 bytes") != NULL);
  CHECK(F == NULL && fc == NULL && m == NULL);
  remove(path);
}

static void test_include_confined(void)
{
  char msg[1024], path[512], target[512];
  snprintf(path, sizeof path, "%s/sub", dir);
  CHECK(mkdir(path, 0700) == 0);
  put("nodes.inc", "*NODE\n1, 0, 0\n");
  put("sub/up.inp", "*INCLUDE, INPUT=../nodes.inc\n");
  put("sub/down.inp", "*INCLUDE, INPUT=more/../x.inc\n");
  put("sub/x.inc", "*NODE\n1, 0, 0\n");
  snprintf(path, sizeof path, "%s/sub/more", dir);
  CHECK(mkdir(path, 0700) == 0);
  /* inside the tree (even through ..): read */
  CHECK_INT(read_deck("sub/down.inp", NULL, msg, sizeof msg), SN_OK);
  /* ../ out of the deck's folder: refused, with the line and the resolved path */
  CHECK_INT(read_deck("sub/up.inp", NULL, msg, sizeof msg), SN_ERR_IO);
  CHECK(strstr(msg, "up.inp:1: *INCLUDE, INPUT=../nodes.inc: ") && strstr(msg, "/nodes.inc is outside the deck's folder") &&
        strstr(msg, "--allow-include-anywhere"));
  /* an absolute path outside */
  snprintf(target, sizeof target, "*INCLUDE, INPUT=%s/nodes.inc\n", dir);
  put("sub/abs.inp", target);
  CHECK_INT(read_deck("sub/abs.inp", NULL, msg, sizeof msg), SN_ERR_IO);
  CHECK(strstr(msg, "is outside the deck's folder") != NULL);
  /* a symbolic link inside the folder that points out of it */
  snprintf(target, sizeof target, "%s/nodes.inc", dir);
  snprintf(path, sizeof path, "%s/sub/link.inc", dir);
  CHECK(symlink(target, path) == 0);
  put("sub/link.inp", "*INCLUDE, INPUT=link.inc\n");
  CHECK_INT(read_deck("sub/link.inp", NULL, msg, sizeof msg), SN_ERR_IO);
  CHECK(strstr(msg, "is outside the deck's folder") != NULL);
  /* outside the tree, a missing file or folder is "outside" too: no existence test there */
  const char *gone[] = {"../nothere.inc", "../nodir/x.inc", "nodir/../../nothere.inc", "../nodes.inc/x"};
  for (int i = 0; i < 4; i++) {
    snprintf(target, sizeof target, "*INCLUDE, INPUT=%s\n", gone[i]);
    put("sub/gone.inp", target);
    CHECK_INT(read_deck("sub/gone.inp", NULL, msg, sizeof msg), SN_ERR_IO);
    CHECK(strstr(msg, "is outside the deck's folder") && !strstr(msg, "No such file") && !strstr(msg, "Not a directory"));
  }
  snprintf(target, sizeof target, "*INCLUDE, INPUT=%s/nothere.inc\n", dir);
  put("sub/gone.inp", target);
  CHECK_INT(read_deck("sub/gone.inp", NULL, msg, sizeof msg), SN_ERR_IO);
  snprintf(path, sizeof path, "%s/nothere.inc is outside the deck's folder", dir);
  CHECK(strstr(msg, path) != NULL);
  /* inside, a missing file is said missing */
  put("sub/missing.inp", "*INCLUDE, INPUT=nodir/x.inc\n");
  CHECK_INT(read_deck("sub/missing.inp", NULL, msg, sizeof msg), SN_ERR_IO);
  CHECK(strstr(msg, "missing.inp:1: *INCLUDE, INPUT=nodir/x.inc: cannot read ") && strstr(msg, "/sub/nodir/x.inc: No such file or directory"));
  /* the opened file is checked against the tree (a link swapped after the check) */
  char root[512], *real = realpath(dir, NULL);
  CHECK(real != NULL);
  snprintf(root, sizeof root, "%s/sub", real ? real : dir);
  snprintf(path, sizeof path, "%s/nodes.inc", real ? real : dir);
  FILE *f = fopen(path, "r");
  CHECK(f != NULL);
  if (f) {
    CHECK(!sn_io_opened_inside(f, root, path));
    CHECK(sn_io_opened_inside(f, real, path));
    fclose(f);
  }
  int missing;
  char *r = sn_io_resolve_any("/nonexistent_sn_dir/a/./b/../c", &missing);
  CHECK(r && !strcmp(r, "/nonexistent_sn_dir/a/c") && missing == ENOENT);
  free(r);
  r = sn_io_resolve_any("/", &missing);
  CHECK(r && !strcmp(r, "/") && missing == 0);
  free(r);
  free(real);
  /* allowed anywhere: all three read */
  sn_inp_options o;
  sn_inp_options_default(&o);
  o.allow_include_anywhere = 1;
  CHECK_INT(read_deck("sub/up.inp", &o, msg, sizeof msg), SN_OK);
  CHECK_INT(read_deck("sub/abs.inp", &o, msg, sizeof msg), SN_OK);
  CHECK_INT(read_deck("sub/link.inp", &o, msg, sizeof msg), SN_OK);
}

static void test_no_echo(void)
{
  char msg[1024];
  /* a file that is no deck: nothing of it is shown */
  put("secret.txt", "root:x:0:0:secret-content:/root:/bin/bash\n");
  put("echo.inp", "*INCLUDE, INPUT=secret.txt\n");
  CHECK_INT(read_deck("echo.inp", NULL, msg, sizeof msg), SN_ERR_FORMAT);
  CHECK(strstr(msg, "secret.txt:1: data line before the first keyword") && !strstr(msg, "root"));
  /* where the message would quote the line (a field of *NODE) */
  put("secret2.txt", "root, secret-content, 0\n");
  put("echo2.inp", "*NODE\n*INCLUDE, INPUT=secret2.txt\n");
  CHECK_INT(read_deck("echo2.inp", NULL, msg, sizeof msg), SN_ERR_FORMAT);
  CHECK(strstr(msg, "secret2.txt:1: expected node number (an integer), found '(content of a non-deck file not shown)'") &&
        !strstr(msg, "secret-content") && !strstr(msg, "root"));
  /* binary content */
  put("bin.dat", "\x89HDF, 1\n\x1a\n");
  put("bin.inp", "*NODE\n*INCLUDE, INPUT=bin.dat\n");
  CHECK_INT(read_deck("bin.inp", NULL, msg, sizeof msg), SN_ERR_FORMAT);
  CHECK(strstr(msg, "bin.dat:1: ") && strstr(msg, "not shown") && !strstr(msg, "HDF"));
  /* keyword lines and the ** UNITS line of a file not yet accepted are not quoted either */
  const char *kw[][2] = {{"*TOPSECRET=hunter2\n", "unknown keyword *(content of a non-deck file not shown)"},
                         {"*HEADING,secretparam=x\n", "not shown"},
                         {"** UNITS: foo=hunter2\n", "invalid ** UNITS line (content of a non-deck file not shown)"},
                         {"*NODE, NSET=\"hunter2\n", "unterminated quote"},
                         {"*NSET, NSET=hunter2\"x\"\n", "misplaced quote in the value of (content of a non-deck file not shown)"}};
  put("kw.inp", "*INCLUDE, INPUT=kw.txt\n");
  for (int i = 0; i < 5; i++) {
    put("kw.txt", kw[i][0]);
    CHECK_INT(read_deck("kw.inp", NULL, msg, sizeof msg), SN_ERR_FORMAT);
    CHECK(strstr(msg, "kw.txt:1: ") && strstr(msg, kw[i][1]) && !strstr(msg, "hunter2") && !strstr(msg, "HUNTER2") &&
          !strstr(msg, "SECRETPARAM") && !strstr(msg, "foo"));
  }
  /* once a line is accepted, a later bad keyword is quoted */
  put("kw.txt", "*NODE\n1, 0, 0\n*TOPSECRET\n");
  CHECK_INT(read_deck("kw.inp", NULL, msg, sizeof msg), SN_ERR_FORMAT);
  CHECK(strstr(msg, "kw.txt:3: unknown keyword *TOPSECRET") != NULL);
  /* a deck-like included file: after one good line its lines are quoted as usual */
  put("nodes_bad.inc", "*NODE\n1, 0, 0\n2, abc, 0\n");
  put("quoted.inp", "*INCLUDE, INPUT=nodes_bad.inc\n");
  CHECK_INT(read_deck("quoted.inp", NULL, msg, sizeof msg), SN_ERR_FORMAT);
  CHECK(strstr(msg, "nodes_bad.inc:3: ") && strstr(msg, "found 'abc'"));
  /* the deck itself is always quoted */
  put("top.inp", "*NODE\nroot, 0, 0\n");
  CHECK_INT(read_deck("top.inp", NULL, msg, sizeof msg), SN_ERR_FORMAT);
  CHECK(strstr(msg, "top.inp:2: ") && strstr(msg, "found 'root'"));
}

static void test_long_line_streamed(void)
{
  /* a deck whose first line never ends: refused after 4097 characters, whatever follows */
  char msg[1024], path[512];
  snprintf(path, sizeof path, "%s/long.inp", dir);
  FILE *f = fopen(path, "w");
  CHECK(f != NULL);
  if (!f) return;
  fputs("** ", f);
  for (int i = 0; i < 100000; i++) fputs("0123456789", f);
  fputs("\n*NODE\n1, 0, 0\n", f);
  fclose(f);
  CHECK_INT(read_deck("long.inp", NULL, msg, sizeof msg), SN_ERR_FORMAT);
  CHECK(strstr(msg, "long.inp:1: line longer than 4096 characters") != NULL);
  /* 4096 characters and a CRLF end: accepted */
  f = fopen(path, "w");
  if (!f) return;
  fputs("**", f);
  for (int i = 0; i < 4094; i++) fputc('x', f);
  fputs("\r\n*NODE\n1, 0, 0\n", f);
  fclose(f);
  CHECK_INT(read_deck("long.inp", NULL, msg, sizeof msg), SN_OK);
}

int main(void)
{
  snprintf(dir, sizeof dir, "/tmp/sn_inp_bounded_XXXXXX");
  if (!mkdtemp(dir)) {
    perror("mkdtemp");
    return 1;
  }
  test_missing_and_special();
  test_size_limit();
  test_huge_sparse();
  test_total_budget();
  test_include_confined();
  test_no_echo();
  test_long_line_streamed();
  char cmd[600];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
  if (system(cmd)) fprintf(stderr, "could not remove %s\n", dir);
  return sn_check_report();
}
