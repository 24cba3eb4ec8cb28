/* Helpers shared by the tests that read the Siconos test problems (SN_DATA_DIR,
 * tests/data/problems in the repository) and the generated piles (SN_TEST_DATA/pile2d): a
 * missing or unreadable file is a test failure, never a skip; and a whole file read into
 * memory. */
#ifndef SN_TEST_UTIL_H
#define SN_TEST_UTIL_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "signorini/io.h"

/* a test data file that must be there: counted as a failed check when it is not */
static inline int sn_need_data(const char *path)
{
  FILE *f = fopen(path, "rb");
  if (f) { fclose(f); return 1; }
  sn_check_failed++;
  fprintf(stderr, "missing test data: %s\n", path);
  return 0;
}

/* SN_DATA_DIR/dir/file (SN_DATA_DIR/file when dir is NULL) read, or NULL (a failed check) when
 * it is absent or cannot be read */
static inline sn_file_problem *read_shared(const char *dir, const char *file)
{
  char path[1024], err[256];
  if (dir) snprintf(path, sizeof path, "%s/%s/%s", SN_DATA_DIR, dir, file);
  else snprintf(path, sizeof path, "%s/%s", SN_DATA_DIR, file);
  sn_file_problem *F = NULL;
  if (sn_read_problem(path, &F, err, sizeof err)) {
    sn_check_failed++;
    fprintf(stderr, "cannot read test data %s: %s\n", path, err);
    return NULL;
  }
  return F;
}

/* SN_TEST_DATA/pile2d/file, a generated 2D pile of discs (tests/data/pile2d/README.md), read
 * and checked to be a local 2D problem, or NULL (a failed check) */
static inline sn_file_problem *read_pile2d(const char *file)
{
  char path[1024], err[256];
  snprintf(path, sizeof path, "%s/pile2d/%s", SN_TEST_DATA, file);
  sn_file_problem *F = NULL;
  if (sn_read_problem(path, &F, err, sizeof err)) {
    sn_check_failed++;
    fprintf(stderr, "cannot read test data %s: %s\n", path, err);
    return NULL;
  }
  CHECK(F->kind == SN_KIND_FC && F->fc && F->fc->dim == 2);
  return F;
}

/* the whole file at path, NUL-terminated (free() it), or NULL when it cannot be read */
static inline char *sn_test_slurp(const char *path)
{
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  char *s = NULL;
  long n = fseek(f, 0, SEEK_END) == 0 ? ftell(f) : -1;
  if (n >= 0 && fseek(f, 0, SEEK_SET) == 0 && (s = malloc((size_t)n + 1)) && fread(s, 1, (size_t)n, f) != (size_t)n) {
    free(s);
    s = NULL;
  }
  if (s) s[n] = '\0';
  fclose(f);
  return s;
}

/* text with the first occurrence of from replaced by to (free() it), or NULL when from does not
 * occur or memory runs out */
static inline char *sn_test_replace(const char *text, const char *from, const char *to)
{
  const char *p = strstr(text, from);
  if (!p) return NULL;
  size_t a = (size_t)(p - text), nf = strlen(from), nt = strlen(to), n = strlen(text);
  char *r = malloc(n - nf + nt + 1);
  if (!r) return NULL;
  memcpy(r, text, a);
  memcpy(r + a, to, nt);
  memcpy(r + a + nt, p + nf, n - a - nf + 1);
  return r;
}

#endif
