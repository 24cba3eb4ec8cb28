/* The solver convention: default settings, info bookkeeping, timing, option parsing. */
#define _POSIX_C_SOURCE 200809L
#include "signorini/common.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

void sn_settings_default(sn_settings *s)
{
  if (!s) return;
  s->tol = 1e-8;
  s->max_iter = 1000;
  s->time_limit = 0.0;
  s->progress = NULL;
  s->user = NULL;
  s->options = NULL;
  s->threads = 1;
}

void sn_info_reset(sn_info *info)
{
  if (!info) return;
  info->status = SN_OK;
  info->iterations = 0;
  info->error = INFINITY;
  info->seconds = 0.0;
  info->history_len = 0;
  info->abs_residual = NAN;
  info->penetration = NAN;
  info->cone_violation = NAN;
  info->solver = NULL;
  info->ntried = 0;
  if (!info->history) info->history_cap = 0;
}

int sn_info_record(sn_info *info, const sn_settings *s, int iter, double error, double t0)
{
  if (info) {
    info->iterations = iter;
    info->error = error;
    if (info->history && info->history_len < info->history_cap)
      info->history[info->history_len++] = error;
  }
  if (!s) return SN_OK;
  if (s->progress && s->progress(iter, error, s->user)) return SN_STALLED;
  if (s->time_limit > 0 && sn_wtime() - t0 > s->time_limit) return SN_TIME_LIMIT;
  return SN_OK;
}

double sn_wtime(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* options look like "rho=1e3, local=ac": keys separated by ',' with optional blanks */
int sn_option_string(const char *options, const char *key, char *buf, size_t len)
{
  if (!options || !key || !*key || !buf || !len) return 0;
  size_t klen = strlen(key);
  const char *p = options;
  while (*p) {
    while (*p == ' ' || *p == ',') p++;
    const char *end = strchr(p, ',');
    if (!end) end = p + strlen(p);
    if ((size_t)(end - p) > klen && strncmp(p, key, klen) == 0 && p[klen] == '=') {
      const char *v = p + klen + 1, *e = end;
      while (v < e && *v == ' ') v++;
      while (e > v && e[-1] == ' ') e--;
      size_t vlen = (size_t)(e - v);
      if (vlen == 0 || vlen >= len) return SN_ERR_FORMAT;
      memcpy(buf, v, vlen);
      buf[vlen] = '\0';
      return 1;
    }
    p = end;
  }
  return 0;
}

int sn_option_double(const char *options, const char *key, double *value)
{
  char buf[64];
  int st = sn_option_string(options, key, buf, sizeof buf);
  if (st <= 0) return st;
  char *stop;
  errno = 0;
  double v = strtod(buf, &stop);
  if (stop == buf || *stop || errno == ERANGE || !isfinite(v)) return SN_ERR_FORMAT;
  *value = v;
  return 1;
}

/* every key of "k=v,k=v" must be one of keys[] (NULL-terminated) */
int sn_option_check(const char *options, const char *const *keys)
{
  if (!options) return SN_OK;
  const char *p = options;
  while (*p) {
    while (*p == ' ' || *p == ',') p++;
    if (!*p) break;
    const char *end = strchr(p, ','), *eq = strchr(p, '=');
    if (!end) end = p + strlen(p);
    if (!eq || eq > end) return SN_ERR_FORMAT;
    const char *ke = eq;
    while (ke > p && ke[-1] == ' ') ke--;
    int known = 0;
    for (const char *const *k = keys; k && *k && !known; k++)
      known = strlen(*k) == (size_t)(ke - p) && !strncmp(*k, p, (size_t)(ke - p));
    if (!known) return SN_ERR_UNKNOWN;
    p = end;
  }
  return SN_OK;
}
