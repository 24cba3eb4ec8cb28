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

/* a scene file (docs/dynamics.md): its first keyword, after blank lines and "**" comments (and
 * a UTF-8 byte order mark), is *SCENE -- the rule the scene reader itself applies */
int sn_cli_is_scene(const char *path)
{
  struct stat st;
  if (stat(path, &st) || !S_ISREG(st.st_mode)) return 0;
  FILE *f = fopen(path, "rb");
  if (!f) return 0;
  char line[256];
  int scene = 0, lines = 0;
  while (fgets(line, sizeof line, f) && lines++ < 10000) {
    size_t n = strlen(line);
    if (n == sizeof line - 1 && line[n - 1] != '\n') {   /* a long line: the rest of it is not a line */
      int c;
      while ((c = fgetc(f)) != EOF && c != '\n') {}
    }
    char *s = line;
    if (lines == 1 && !strncmp(s, "\xEF\xBB\xBF", 3)) s += 3;
    while (*s == ' ' || *s == '\t') s++;
    if (*s == '\n' || *s == '\r' || !*s || (s[0] == '*' && s[1] == '*')) continue;
    if (*s == '*') {
      char key[8];
      size_t k = 0;
      for (s++; *s && *s != ',' && *s != '\n' && *s != '\r' && k < sizeof key - 1; s++)
        if (*s != ' ' && *s != '\t') key[k++] = (char)(*s >= 'a' && *s <= 'z' ? *s - 32 : *s);
      key[k] = '\0';
      scene = !strcmp(key, "SCENE") && (!*s || *s == ',' || *s == '\n' || *s == '\r');
    }
    break;
  }
  fclose(f);
  return scene;
}
