/* Messages, output folders (mkdir -p) and atomic output files: write to a temporary name in
 * the same folder, then rename. */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int sn_cli_usage_error(const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  fputs("signorini: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputs("\nTry 'signorini --help'.\n", stderr);
  va_end(ap);
  return 2;
}

int sn_cli_fail(const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  fputs("signorini: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  return 1;
}

int sn_cli_make_dirs(const char *path)
{
  char buf[1024];
  if (snprintf(buf, sizeof buf, "%s", path) >= (int)sizeof buf) { errno = ENAMETOOLONG; return -1; }
  for (char *p = buf + 1; *p; p++)
    if (*p == '/') {
      *p = '\0';
      if (mkdir(buf, 0777) && errno != EEXIST) return -1;
      *p = '/';
    }
  if (mkdir(buf, 0777) && errno != EEXIST) return -1;
  return 0;
}

int sn_out_open(sn_outfile *o, const char *path)
{
  memset(o, 0, sizeof *o);
  size_t n = strlen(path) + 32;
  o->path = strdup(path);
  o->tmp = malloc(n);
  if (!o->path || !o->tmp) { sn_out_abort(o); errno = ENOMEM; return -1; }
  snprintf(o->tmp, n, "%s.tmp.%ld", path, (long)getpid());
  o->f = fopen(o->tmp, "w");
  if (!o->f) { int e = errno; sn_out_abort(o); errno = e; return -1; }
  return 0;
}

void sn_out_abort(sn_outfile *o)
{
  if (o->f) fclose(o->f);
  if (o->tmp) remove(o->tmp);
  free(o->path);
  free(o->tmp);
  memset(o, 0, sizeof *o);
}

int sn_out_close(sn_outfile *o)
{
  int bad = ferror(o->f) != 0;
  bad |= fclose(o->f) != 0;
  o->f = NULL;
  if (!bad && rename(o->tmp, o->path) == 0) {
    free(o->path);
    free(o->tmp);
    memset(o, 0, sizeof *o);
    return 0;
  }
  int e = errno;
  sn_out_abort(o);
  errno = e ? e : EIO;
  return -1;
}
