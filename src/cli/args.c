/* The argument iterator of every subcommand (args.h): options from the command's help table. */
#include "args.h"

#include <stdarg.h>
#include <string.h>

void sn_args_init(sn_args *a, const sn_cli_cmd *cmd, int argc, char **argv)
{
  memset(a, 0, sizeof *a);
  a->cmd = cmd;
  a->argc = argc;
  a->argv = argv;
}

int sn_args_error(const sn_cli_cmd *cmd, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "signorini: %s: ", cmd->name);
  vfprintf(stderr, fmt, ap);
  fprintf(stderr, "\nTry 'signorini %s --help'.\n", cmd->name);
  va_end(ap);
  return 2;
}

static int stop(sn_args *a, int rc)
{
  a->rc = rc;
  return SN_ARGS_EXIT;
}

/* the table's option named by the n first characters of s, or NULL */
static const sn_cli_opt *lookup(const sn_cli_cmd *cmd, const char *s, size_t n)
{
  for (const sn_cli_opt *o = cmd->opts; o->shrt || o->lng; o++)
    if ((o->lng && strlen(o->lng) == n && !strncmp(o->lng, s, n)) ||
        (o->shrt && strlen(o->shrt) == n && !strncmp(o->shrt, s, n)))
      return o;
  return NULL;
}

static int unknown(sn_args *a, const char *s, size_t n)
{
  const char *names[2 * SN_CLI_MAX_OPTS + 1];
  int k = 0;
  for (const sn_cli_opt *o = a->cmd->opts; o->shrt || o->lng; o++)
    if (o->lng) names[k++] = o->lng;
  names[k++] = "--help";
  char word[64];
  snprintf(word, sizeof word, "%.*s", (int)(n < 63 ? n : 63), s);
  const char *near = word[1] == '-' ? sn_cli_closest(word, names, k) : NULL;
  if (near) return stop(a, sn_args_error(a->cmd, "unknown option '%s' (did you mean '%s'?)", word, near));
  return stop(a, sn_args_error(a->cmd, "unknown option '%s'", word));
}

static const char *noun(const sn_cli_opt *o)
{
  return !strcmp(o->arg, "DIR") ? "a folder" : "a value";
}

/* an option: "--name", "--name=value", "-o", "-ovalue", "-o=value" */
static int option(sn_args *a, const char *s)
{
  const char *eq = NULL;
  size_t n;
  if (s[1] == '-') {
    eq = strchr(s, '=');
    n = eq ? (size_t)(eq - s) : strlen(s);
  } else {
    n = 2;
    if (s[2]) eq = s[2] == '=' ? s + 2 : s + 1;   /* "-o=value" or "-ovalue" */
  }
  if ((n == 6 && !strncmp(s, "--help", 6)) || (n == 2 && !strncmp(s, "-h", 2))) {
    if (!lookup(a->cmd, s, n)) {
      if (eq) return stop(a, sn_args_error(a->cmd, "%.*s takes no value", (int)n, s));
      sn_cli_print_help(a->cmd, stdout);
      return stop(a, 0);
    }
  }
  const sn_cli_opt *o = lookup(a->cmd, s, n);
  if (!o) return unknown(a, s, n);
  a->opt = o;
  a->val = NULL;
  if (!o->arg) {
    if (eq) return stop(a, sn_args_error(a->cmd, "%.*s takes no value", (int)n, s));
    return SN_ARGS_OPT;
  }
  if (eq) {
    a->val = eq + 1;
    return SN_ARGS_OPT;
  }
  /* the next argument is the value, unless it is one of this command's options */
  const char *next = a->i < a->argc ? a->argv[a->i] : NULL;
  int is_opt = next && next[0] == '-' && next[1] &&
               (lookup(a->cmd, next, strcspn(next, "=")) || !strcmp(next, "--help") || !strcmp(next, "-h"));
  if (!next || is_opt) return stop(a, sn_args_error(a->cmd, "%s needs %s (%s)", s, noun(o), o->arg));
  a->val = next;
  a->i++;
  return SN_ARGS_OPT;
}

int sn_args_next(sn_args *a)
{
  a->opt = NULL;
  a->val = NULL;
  while (a->i < a->argc) {
    const char *s = a->argv[a->i++];
    if (!a->only_pos && !strcmp(s, "--")) {
      a->only_pos = 1;
      continue;
    }
    if (a->only_pos || s[0] != '-' || !s[1]) {
      a->val = s;
      return SN_ARGS_POS;
    }
    return option(a, s);
  }
  return SN_ARGS_END;
}

int sn_args_is(const sn_args *a, const char *name)
{
  const sn_cli_opt *o = a->opt;
  return o && ((o->shrt && !strcmp(o->shrt, name)) || (o->lng && !strcmp(o->lng, name)));
}

/* optimal string alignment distance: insertions, deletions, substitutions, adjacent swaps */
static int distance(const char *s, const char *t)
{
  size_t m = strlen(s), n = strlen(t);
  if (m > 40 || n > 40) return 99;
  int d[41][41];
  for (size_t i = 0; i <= m; i++) d[i][0] = (int)i;
  for (size_t j = 0; j <= n; j++) d[0][j] = (int)j;
  for (size_t i = 1; i <= m; i++)
    for (size_t j = 1; j <= n; j++) {
      int c = d[i - 1][j - 1] + (s[i - 1] != t[j - 1]);
      if (d[i - 1][j] + 1 < c) c = d[i - 1][j] + 1;
      if (d[i][j - 1] + 1 < c) c = d[i][j - 1] + 1;
      if (i > 1 && j > 1 && s[i - 1] == t[j - 2] && s[i - 2] == t[j - 1] && d[i - 2][j - 2] + 1 < c)
        c = d[i - 2][j - 2] + 1;
      d[i][j] = c;
    }
  return d[m][n];
}

const char *sn_cli_closest(const char *word, const char *const *cands, int n)
{
  const char *best = NULL, *prefix = NULL;
  int bd = 3, nprefix = 0;
  size_t len = strlen(word);
  for (int k = 0; k < n; k++) {
    int d = distance(word, cands[k]);
    if (d < bd && 2 * d < (int)len) { bd = d; best = cands[k]; }
    if (len >= 2 && !strncmp(cands[k], word, len)) { prefix = cands[k]; nprefix++; }
  }
  if (best) return best;
  return nprefix == 1 ? prefix : NULL;
}
