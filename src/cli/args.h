/* The command line's argument framework. Each subcommand has one table (sn_cli_cmd): usage,
 * description, options with their argument and default, exit codes, two examples. The same
 * table drives the parser (sn_args_next), `CMD --help` (sn_cli_print_help) and the man page
 * (sn_cli_print_man), so the three cannot drift apart.
 *
 * Accepted forms: `--opt value`, `--opt=value`, `-o value`, `-ovalue`, `-o=value`, flags
 * (`--json`), `--` (everything after it is positional), `-` (positional: a file named -),
 * positional arguments anywhere. `-h` / `--help` print the command's help (exit 0). */
#ifndef SN_CLI_ARGS_H
#define SN_CLI_ARGS_H
#include <stdio.h>

#define SN_CLI_MAX_OPTS 16
#define SN_CLI_MAX_EXITS 6

typedef struct {
  const char *shrt;   /* "-o", or NULL */
  const char *lng;    /* "--output", or NULL */
  const char *arg;    /* the value's name ("DIR"); NULL for a flag */
  const char *def;    /* the default, as text; NULL when there is none */
  const char *text;   /* what it does (a sentence or two, no final period needed) */
} sn_cli_opt;

typedef struct {
  int code;
  const char *text;
} sn_cli_exit;

typedef struct {
  const char *cmd;    /* "signorini solve FILE --tol 1e-10" */
  const char *text;   /* what it does */
} sn_cli_example;

typedef struct {
  const char *name;          /* "solve" */
  const char *synopsis;      /* after "signorini solve ": "FILE [OPTIONS]" */
  const char *summary;       /* one line, for `signorini --help` and the man page's list */
  const char *description;   /* paragraphs separated by '\n' */
  sn_cli_opt opts[SN_CLI_MAX_OPTS];    /* ends at the first entry without a name */
  sn_cli_exit exits[SN_CLI_MAX_EXITS]; /* ends at the first entry without text */
  sn_cli_example examples[2];
  int (*run)(int argc, char **argv);   /* argv: the arguments after the command's name */
} sn_cli_cmd;

/* the iterator over one command's arguments (argv without the program and command names) */
enum { SN_ARGS_EXIT = -1, SN_ARGS_END = 0, SN_ARGS_OPT = 1, SN_ARGS_POS = 2 };
typedef struct {
  const sn_cli_cmd *cmd;
  int argc, i, only_pos;
  char **argv;
  const sn_cli_opt *opt;   /* SN_ARGS_OPT: the option read */
  const char *val;         /* its value (NULL for a flag), or the positional argument */
  int rc;                  /* SN_ARGS_EXIT: the exit status (0 after --help, 2 after a usage error) */
} sn_args;

void sn_args_init(sn_args *a, const sn_cli_cmd *cmd, int argc, char **argv);
/* the next argument: SN_ARGS_OPT, SN_ARGS_POS, SN_ARGS_END; SN_ARGS_EXIT after printing the
 * help (rc 0) or a usage error (rc 2: missing value, unknown option, value given to a flag) */
int sn_args_next(sn_args *a);
/* the option just read is NAME (its short or long form) */
int sn_args_is(const sn_args *a, const char *name);
/* "signorini: CMD: message" and "Try 'signorini CMD --help'." on stderr; returns 2 */
int sn_args_error(const sn_cli_cmd *cmd, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* the candidate closest to word (a typo: edit distance at most 2 and under half its length,
 * or the only candidate it begins), or NULL */
const char *sn_cli_closest(const char *word, const char *const *cands, int n);

/* the commands, in the order of `signorini --help` (main.c) */
extern const sn_cli_cmd *const sn_cli_commands[];
const sn_cli_cmd *sn_cli_find(const char *name);

/* help.c: `signorini CMD --help` and `signorini --help`; man.c: the troff man page signorini(1) */
void sn_cli_print_help(const sn_cli_cmd *cmd, FILE *f);
void sn_cli_print_overview(FILE *f);
void sn_cli_print_man(FILE *f);
extern const char *const sn_cli_about;   /* the program's description (main.c) */
extern const sn_cli_exit sn_cli_exits[];  /* the exit statuses of all commands (main.c) */
#endif
