/* What a file named on the command line is: an input deck, a problem file or neither. One
 * answer for run, the problem commands and the unknown-command hint. */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"

#include <string.h>
#include <strings.h>
#include <sys/stat.h>

static int ends_with(const char *path, const char *ext)
{
  size_t n = strlen(path), e = strlen(ext);
  return n > e && !strcasecmp(path + n - e, ext);
}

/* by the first bytes of a regular file: HDF5's signature, or a first non-blank '*' (a keyword
 * or a comment line; problem files start with a number or a '%' comment); -1 when unreadable */
static int by_content(const char *path)
{
  struct stat st;
  if (stat(path, &st) || !S_ISREG(st.st_mode)) return -1;
  FILE *f = fopen(path, "rb");
  if (!f) return -1;
  unsigned char sig[8];
  size_t got = fread(sig, 1, 8, f);
  int kind = SN_FILE_OTHER;
  if (got == 8 && !memcmp(sig, "\211HDF\r\n\032\n", 8)) kind = SN_FILE_PROBLEM;
  else {
    rewind(f);
    int c, n = 0;
    do c = fgetc(f);
    while ((c == ' ' || c == '\t' || c == '\r' || c == '\n') && ++n < 4096);
    if (c == '*') kind = SN_FILE_DECK;
  }
  fclose(f);
  return kind;
}

int sn_cli_file_kind(const char *path, int *exists)
{
  struct stat st;
  if (exists) *exists = stat(path, &st) == 0;
  int kind = by_content(path);
  if (kind == SN_FILE_PROBLEM || kind == SN_FILE_DECK) return kind;
  if (ends_with(path, ".inp")) return SN_FILE_DECK;
  if (ends_with(path, ".hdf5") || ends_with(path, ".h5") || ends_with(path, ".dat")) return SN_FILE_PROBLEM;
  return SN_FILE_OTHER;
}
