/* Messages, output folders (mkdir -p) and the program's atomic output files: written to a
 * temporary name in the same folder, renamed when complete, removed on SIGINT / SIGTERM. */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
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

int sn_cli_output_folder(const char *dir)
{
  struct stat sb;
  if (sn_cli_make_dirs(dir)) return sn_cli_fail("run: cannot create the output folder %s: %s", dir, strerror(errno));
  if (stat(dir, &sb) || !S_ISDIR(sb.st_mode))
    return sn_cli_fail("run: the output folder %s is not a folder (give another with -o DIR)", dir);
  return 0;
}

void sn_cli_progress_line(int tty, int *width, const char *line, int n)
{
  if (tty) {
    fprintf(stderr, "\r%s%*s", line, *width > n ? *width - n : 0, "");
    *width = n;
  } else fprintf(stderr, "%s\n", line);
  fflush(stderr);
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

/* the temporary being written, for the signal handler (src/cli/signals.c) */
static char g_tmp[4200];
static volatile sig_atomic_t g_active;   /* g_tmp is being written */

static void remove_tmp(void)
{
  if (g_active) unlink(g_tmp);
}

/* on: the temporary g_tmp is removed by SIGINT / SIGTERM; off: no longer */
static void guard(int on)
{
  if (on) g_active = 1;         /* before the handlers: a signal then removes the file */
  sn_cli_catch_signals(on ? remove_tmp : NULL);
  if (!on) g_active = 0;
}

int sn_cli_out_open(sn_cli_outfile *o, const char *path)
{
  memset(o, 0, sizeof *o);
  size_t n = strlen(path) + 48;
  o->path = strdup(path);
  o->tmp = malloc(n);
  if (!o->path || !o->tmp || n > sizeof g_tmp || g_active) {
    sn_cli_out_abort(o);
    errno = g_active ? EBUSY : n > sizeof g_tmp ? ENAMETOOLONG : ENOMEM;
    return -1;
  }
  int fd = -1;
  for (int k = 0; k < 100 && fd < 0; k++) {
    snprintf(o->tmp, n, "%s.tmp%ld_%d", path, (long)getpid(), k);
    fd = open(o->tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd < 0 && errno != EEXIST) break;
  }
  if (fd < 0 || !(o->f = fdopen(fd, "w"))) {
    int e = errno;
    if (fd >= 0) { close(fd); unlink(o->tmp); }
    sn_cli_out_abort(o);
    errno = e;
    return -1;
  }
  memcpy(g_tmp, o->tmp, strlen(o->tmp) + 1);
  guard(1);
  return 0;
}

void sn_cli_out_abort(sn_cli_outfile *o)
{
  if (o->f) {                   /* open: the temporary is ours, and guarded */
    fclose(o->f);
    remove(o->tmp);
    guard(0);
  }
  free(o->path);
  free(o->tmp);
  memset(o, 0, sizeof *o);
}

int sn_cli_out_close(sn_cli_outfile *o)
{
  int bad = ferror(o->f) != 0;
  bad |= fclose(o->f) != 0;
  o->f = NULL;
  int e = 0;
  if (bad || rename(o->tmp, o->path)) {
    e = errno ? errno : EIO;
    remove(o->tmp);
  }
  guard(0);
  free(o->path);
  free(o->tmp);
  memset(o, 0, sizeof *o);
  errno = e;
  return e ? -1 : 0;
}
