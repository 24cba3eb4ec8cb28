/* *INCLUDE confinement (inp_internal.h): where a path leads, whether or not it exists, and
 * where an opened file really is. A path outside the deck's folder tree is refused the same
 * way whether the file exists or not (no existence test outside the tree), and a symbolic
 * link swapped between the check and the open cannot lead out of it. */
#define _XOPEN_SOURCE 700   /* realpath, readlink */
#include "io/inp_internal.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* base (an absolute, resolved folder) joined with rest, "." and ".." applied in rest as words */
static char *join(const char *base, const char *rest)
{
  size_t bl = strlen(base), n = bl + strlen(rest) + 2;
  char *out = malloc(n);
  if (!out) return NULL;
  memcpy(out, base, bl + 1);
  if (bl == 1) out[bl = 0] = '\0';                    /* "/": no doubled slash */
  for (const char *w = rest; *w;) {
    size_t wl = strcspn(w, "/");
    if (wl == 2 && !strncmp(w, "..", 2)) {
      char *s = strrchr(out, '/');
      bl = s ? (size_t)(s - out) : 0;
      out[bl] = '\0';
    } else if (wl && !(wl == 1 && w[0] == '.')) {
      out[bl++] = '/';
      memcpy(out + bl, w, wl);
      out[bl += wl] = '\0';
    }
    w += wl + (w[wl] == '/');
  }
  if (!out[0]) strcpy(out, "/");
  return out;
}

char *sn_io_resolve_any(const char *path, int *missing)
{
  *missing = 0;
  char *r = realpath(path, NULL);
  if (r || (errno != ENOENT && errno != ENOTDIR)) return r;
  *missing = errno;
  char *head = malloc(strlen(path) + 1);
  if (!head) return NULL;
  strcpy(head, path);
  for (;;) {                                          /* the longest prefix that exists */
    char *s = strrchr(head, '/');
    size_t cut = s ? (size_t)(s - head) : 0;
    head[cut] = '\0';
    char *base = realpath(s ? (cut ? head : "/") : ".", NULL);
    if (base || (errno != ENOENT && errno != ENOTDIR) || !s) {
      char *out = base ? join(base, path + cut + (s != NULL)) : NULL;
      free(base);
      free(head);
      return out;
    }
  }
}

int sn_io_inside(const char *root, const char *real)
{
  size_t rl = root ? strlen(root) : 0;
  return root && !strncmp(real, root, rl) && (real[rl] == '/' || (rl == 1 && root[0] == '/'));
}

int sn_io_opened_inside(FILE *f, const char *root, const char *real)
{
  char link[64], got[4096];
  snprintf(link, sizeof link, "/proc/self/fd/%d", fileno(f));
  ssize_t n = readlink(link, got, sizeof got - 1);
  if (n > 0 && got[0] == '/') {                       /* Linux: the file's own path */
    got[n] = '\0';
    return sn_io_inside(root, got);
  }
  struct stat a, b;                                   /* elsewhere: the file at real now */
  return !fstat(fileno(f), &a) && !stat(real, &b) && a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}
