/* Bounded reading shared by the readers: a file is opened only when it is a regular file
 * below a size limit (a FIFO or /dev/zero is refused before a byte is read, and the open of
 * a FIFO does not wait for a writer), and deck lines are read with a fixed buffer. */
#define _POSIX_C_SOURCE 200809L
#include "io/inp_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int check_stat(const struct stat *sb, unsigned long long max, int *err)
{
  if (!S_ISREG(sb->st_mode)) {
    *err = S_ISDIR(sb->st_mode) ? EISDIR : EINVAL;
    return SN_ERR_IO;
  }
  if ((unsigned long long)sb->st_size > max) {
    *err = EFBIG;
    return SN_ERR_IO;
  }
  return SN_OK;
}

int sn_io_open_bounded(const char *path, unsigned long long max, FILE **f, unsigned long long *size, int *err)
{
  *f = NULL;
  *err = 0;
  int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) { *err = errno ? errno : ENOENT; return SN_ERR_IO; }
  struct stat sb;
  if (fstat(fd, &sb)) { *err = errno ? errno : EIO; close(fd); return SN_ERR_IO; }
  if (check_stat(&sb, max, err)) { close(fd); return SN_ERR_IO; }
  int fl = fcntl(fd, F_GETFL);
  if (fl == -1 || fcntl(fd, F_SETFL, fl & ~O_NONBLOCK) == -1 || !(*f = fdopen(fd, "rb"))) {
    *err = errno ? errno : EIO;
    close(fd);
    return SN_ERR_IO;
  }
  if (size) *size = (unsigned long long)sb.st_size;
  return SN_OK;
}

int sn_io_check_bounded(const char *path, unsigned long long max, int *err)
{
  struct stat sb;
  *err = 0;
  if (stat(path, &sb)) { *err = errno ? errno : ENOENT; return SN_ERR_IO; }
  return check_stat(&sb, max, err);
}

const char *sn_io_reason(int err, unsigned long long max, char *buf, size_t cap)
{
  if (err == EINVAL) snprintf(buf, cap, "not a regular file");
  else if (err == EFBIG) snprintf(buf, cap, "file larger than %llu bytes", max);
  else snprintf(buf, cap, "%s", strerror(err));
  return buf;
}

int sn_io_cannot_read(char *buf, size_t cap, const char *path, int err, unsigned long long max)
{
  char why[96];
  if (buf && cap) snprintf(buf, cap, "cannot read %s: %s", path, sn_io_reason(err, max, why, sizeof why));
  return SN_ERR_IO;
}

int sn_io_getline(FILE *f, char *buf, size_t cap, size_t *len, int *nul)
{
  size_t n = 0;
  int c, any = 0;
  *nul = 0;
  while ((c = getc_unlocked(f)) != EOF) {     /* the FILE is the reader's own: no lock needed */
    any = 1;
    if (c == '\n') break;
    if (n + 1 >= cap) {
      buf[n] = '\0';
      *len = n;
      return -2;
    }
    if (c == '\0') *nul = 1;
    buf[n++] = (char)c;
  }
  buf[n] = '\0';
  *len = n;
  if (c == EOF && ferror(f)) return -1;
  return any;
}

int sn_io_memline(const char *buf, size_t size, size_t *pos, char *out, size_t cap, size_t *len, size_t *end, int *nul)
{
  if (*pos >= size) return 0;
  const char *b = buf + *pos;
  size_t rest = size - *pos;
  const char *nl = memchr(b, '\n', rest);
  size_t n = nl ? (size_t)(nl - b) : rest;
  *end = nl != NULL;
  *pos += n + *end;
  *len = n;
  if (n > cap - 1) return -2;
  memcpy(out, b, n);
  out[n] = '\0';
  *nul = memchr(b, '\0', n) != NULL;
  return 1;
}

void sn_io_line_clean(char *line, size_t *len, int first)
{
  size_t n = *len;
  if (n && line[n - 1] == '\r') line[--n] = '\0';
  if (first && n >= 3 && (unsigned char)line[0] == 0xEF && (unsigned char)line[1] == 0xBB && (unsigned char)line[2] == 0xBF) {
    memmove(line, line + 3, n - 2);   /* UTF-8 byte order mark, the NUL moved with the rest */
    n -= 3;
  }
  *len = n;
}
